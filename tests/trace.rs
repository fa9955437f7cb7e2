//! `goti trace` and `goti diff --base-trace`: a trace is the same on one
//! or two cores and across runs; a diff against a trace groups changed
//! scenarios by rule, lists added and removed ones, says when a text
//! changed; a trace of another format is refused.

use std::path::Path;
use std::process::{Command, Output};

fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("goti runs")
}

fn all(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_trace_is_the_same_on_any_number_of_cores_and_runs() {
    let dir = tempfile::tempdir().unwrap();
    let t = |name: &str, jobs: &str| {
        let out = dir.path().join(name);
        let o = goti(&root(), &["trace", "-j", jobs, "-o", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", all(&o));
        std::fs::read(out).unwrap()
    };
    let one = t("one.trace", "1");
    let two = t("two.trace", "2");
    let again = t("again.trace", "2");
    assert!(one == two && two == again, "byte-identical traces");
    let text = String::from_utf8(one).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["goti_trace"], 2);
    assert!(header["files"].as_array().unwrap().len() > 20);
    // Every record is JSON; scenarios are named by file and name, not line.
    for l in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(v["file"].is_string() && v["scenario"].is_string(), "{l}");
    }
}

#[test]
fn a_diff_against_a_trace_groups_by_rule_and_lists_added_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::create_dir_all(p.join("scenarios")).unwrap();
    let brief = "scenario \"brief\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n";
    let quiet = "scenario \"quiet\"\nP1 G1 on 40, P2 G1 on 10\nmove G1 1\n";
    std::fs::write(p.join("scenarios/a.goti"), format!("{brief}\n{quiet}")).unwrap();
    std::fs::write(p.join("scenarios/gone.goti"), quiet).unwrap();
    // The base: another build's outcome (here: a capture worth 30).
    let o = goti(
        p,
        &[
            "trace",
            "--set",
            "journey.capture_value=30",
            "-o",
            "base.trace",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    std::fs::remove_file(p.join("scenarios/gone.goti")).unwrap();
    std::fs::write(
        p.join("scenarios/a.goti"),
        format!(
            "{brief}\n{}\n\nscenario \"new\"\nP1 G1 on 30, P2 G1 on 10\n",
            quiet.replace("move G1 1", "move G1 2")
        ),
    )
    .unwrap();
    let o = goti(p, &["diff", "--base-trace", "base.trace"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("capture.points: 1 scenario(s)"), "{text}");
    assert!(
        text.contains("now passing (1)"),
        "the base's capture was 30: {text}"
    );
    assert!(text.contains("quiet (its text changed)"), "{text}");
    assert!(
        text.contains("added (only the head has them) (1):"),
        "{text}"
    );
    assert!(text.contains("scenarios/a.goti:10 new"), "{text}");
    assert!(
        text.contains("removed (only the base has them) (1):"),
        "{text}"
    );
    assert!(text.contains("scenarios/gone.goti quiet"), "{text}");
    let v: serde_json::Value = serde_json::from_slice(
        &goti(
            p,
            &["diff", "--base-trace", "base.trace", "--format", "json"],
        )
        .stdout,
    )
    .unwrap();
    assert_eq!(v["added"].as_array().unwrap().len(), 1);
    assert_eq!(v["removed"].as_array().unwrap().len(), 1);
    let md = all(&goti(
        p,
        &["diff", "--base-trace", "base.trace", "--format", "markdown"],
    ));
    assert!(
        md.lines().nth(2).unwrap().starts_with("**"),
        "the verdict heads the comment: {md}"
    );
}

#[test]
fn a_trace_of_another_format_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::create_dir_all(p.join("scenarios")).unwrap();
    std::fs::write(
        p.join("scenarios/a.goti"),
        "scenario \"a\"\nP1 G1 on 40, P2 G1 on 10\n",
    )
    .unwrap();
    std::fs::write(
        p.join("old.trace"),
        "{\"goti_trace\":0,\"goti\":\"0.0.1\",\"rules\":\"\",\"files\":[]}\n",
    )
    .unwrap();
    let o = goti(p, &["diff", "--base-trace", "old.trace"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
    assert!(all(&o).contains("format 0"), "{}", all(&o));
    std::fs::write(p.join("junk.trace"), "not json\n").unwrap();
    let o = goti(p, &["diff", "--base-trace", "junk.trace"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
    // --build moved to the developer tool: its new form is said.
    let o = goti(p, &["diff", "--base", "HEAD", "--build"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
    assert!(
        all(&o).contains("cargo xtask diff-build --base HEAD"),
        "{}",
        all(&o)
    );
}

#[test]
fn mutate_in_diff_plays_only_the_changed_keys() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .args(args)
            .current_dir(p)
            .env("GIT_AUTHOR_NAME", "goti")
            .env("GIT_AUTHOR_EMAIL", "goti@example.invalid")
            .env("GIT_COMMITTER_NAME", "goti")
            .env("GIT_COMMITTER_EMAIL", "goti@example.invalid")
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", all(&o));
    };
    std::fs::create_dir_all(p.join("rules")).unwrap();
    std::fs::create_dir_all(p.join("scenarios")).unwrap();
    std::fs::write(p.join("goti.yaml"), "rules:\n  royal: rules/royal.yaml\n").unwrap();
    std::fs::write(p.join("rules/royal.yaml"), "extends: royal\n").unwrap();
    std::fs::write(
        p.join("scenarios/a.goti"),
        "scenario \"brief\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    )
    .unwrap();
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "base"]);
    let o = goti(p, &["mutate", "--in-diff", "HEAD"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    assert!(all(&o).contains("no ruleset key changed"), "{}", all(&o));
    std::fs::write(
        p.join("rules/royal.yaml"),
        "extends: royal\njourney:\n  capture_value: 30\n",
    )
    .unwrap();
    std::fs::write(
        p.join("scenarios/a.goti"),
        "scenario \"brief\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 30\n",
    )
    .unwrap();
    let o = goti(p, &["mutate", "--in-diff", "HEAD", "--format", "json"]);
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", all(&o)));
    let keys: Vec<&str> = v["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        ["journey.capture_value", "journey.capture_value"],
        "{v}"
    );
    assert_eq!(v["killed"], 2);
}
