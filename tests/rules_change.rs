//! When the rules change: project rulesets (`goti.yaml`), partial ruleset
//! files, file headers, `--ruleset`/`--set`, and `goti diff` against a
//! `--set`, a ruleset file and a git revision (a temporary repository).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("goti runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn all(o: &Output) -> String {
    format!("{}{}", out(o), String::from_utf8_lossy(&o.stderr))
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "goti")
        .env("GIT_AUTHOR_EMAIL", "goti@example.invalid")
        .env("GIT_COMMITTER_NAME", "goti")
        .env("GIT_COMMITTER_EMAIL", "goti@example.invalid")
        .output()
        .expect("git runs");
    assert!(
        ok.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&ok.stderr)
    );
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(from).unwrap();
        let target = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The changed scenarios of a `goti diff --format json`, with their change.
fn changed(o: &Output) -> BTreeSet<(String, String)> {
    let v: serde_json::Value = serde_json::from_str(&out(o)).expect("diff JSON");
    v["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                format!("{}:{}", d["name"].as_str().unwrap(), d["line"]),
                d["change"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn diff_of_a_set_names_the_scenarios_and_their_rule() {
    let o = goti(&root(), &["diff", "--set", "journey.capture_value=30"]);
    assert_eq!(o.status.code(), Some(1), "{}", all(&o));
    let text = out(&o);
    assert!(text.contains("40 now failing"), "{text}");
    assert!(
        text.contains("3 changed and still passing (silent)"),
        "{text}"
    );
    assert!(text.contains("capture.points: 43 scenario(s)"), "{text}");
    assert!(
        text.contains("scenarios/royal/capture.goti:76 captured pieces lose midpoint and progress")
    );
    assert!(text.contains("-  P1: store not set (any rolls); credits 3; battle 20"));
    assert!(text.contains("+ event [capture.points] P1: 1 piece(s) x1: +30 battle points"));
    // Nothing changed: exit 0.
    let o = goti(&root(), &["diff"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    // Markdown for a pull request.
    let o = goti(
        &root(),
        &[
            "diff",
            "--set",
            "journey.capture_value=30",
            "--format",
            "markdown",
        ],
    );
    let md = out(&o);
    assert!(md.starts_with("### goti diff"), "{md}");
    assert!(md.contains("| `capture.points` | 43 |"), "{md}");
    assert!(md.contains("```diff"));
    // HTML: each changed scenario's base and head boards side by side.
    let o = goti(
        &root(),
        &[
            "diff",
            "--set",
            "journey.capture_value=30",
            "--format",
            "html",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let html = out(&o);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(
        html.matches("<section class=\"scenario changed").count(),
        43
    );
    let base = html.matches("<figure class=\"board base\">").count();
    let head = html.matches("<figure class=\"board head\">").count();
    assert!(
        base >= 43 && base == head,
        "{base} base, {head} head boards"
    );
    assert_eq!(html.matches("<svg ").count(), base + head);
    assert!(
        html.contains("<ins>+ event [capture.points] P1: 1 piece(s) x1: +30 battle points</ins>")
    );
    // What differs is marked on both boards: a capture is worth 20 under
    // the base rules and 30 under the head's.
    assert!(html.contains("<text class=\"differs\""));
    assert!(html.contains(">credits 3 · battle 20</text>"));
    let marked = |words: &str| {
        html.split("<text class=\"differs\"")
            .skip(1)
            .any(|rest| rest.split("</text>").next().unwrap_or("").ends_with(words))
    };
    assert!(marked(">credits 3 · battle 20") && marked(">credits 3 · battle 30"));
    assert!(
        !marked(">P1 (circle) ◀"),
        "the same on both sides: not marked"
    );
    let outside = html.replace("http://www.w3.org/2000/svg", "");
    assert!(!outside.contains("http:") && !outside.contains("https:"));
    // A key no scenario has is an error, not a silent no-op.
    let o = goti(&root(), &["diff", "--set", "journey.capture_valu=30"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn diff_against_a_git_revision_lists_the_same_scenarios_as_a_set() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    copy_dir(&root().join("scenarios"), &repo.join("scenarios"));
    copy_dir(&root().join("snapshots"), &repo.join("snapshots"));
    write(
        repo,
        "goti.yaml",
        "rules:\n  royal: rules/royal.yaml\nscenarios: [scenarios]\n",
    );
    write(repo, "rules/royal.yaml", "extends: royal\n");
    git(repo, &["init", "-q"]);
    git(repo, &["add", "."]);
    git(repo, &["commit", "-q", "-m", "rules"]);
    write(
        repo,
        "rules/royal.yaml",
        "extends: royal\njourney:\n  capture_value: 30\n",
    );
    let by_rev = goti(repo, &["diff", "--base", "HEAD", "--format", "json"]);
    assert_eq!(by_rev.status.code(), Some(1), "{}", all(&by_rev));
    let by_set = goti(
        &root(),
        &[
            "diff",
            "--set",
            "journey.capture_value=30",
            "--format",
            "json",
        ],
    );
    assert_eq!(changed(&by_rev), changed(&by_set));
    let v: serde_json::Value = serde_json::from_str(&out(&by_rev)).unwrap();
    assert_eq!(v["by_rule"]["capture.points"].as_array().unwrap().len(), 43);
    assert_eq!(v["summary"]["changed, still passing"], 3);
    assert!(v["base"]
        .as_str()
        .unwrap()
        .contains("HEAD:rules/royal.yaml"));
    // The project's ruleset applies to `goti run` too: 40 scenarios now fail.
    let o = goti(repo, &["run"]);
    let total = out(&goti(repo, &["list"])).lines().count();
    let want = format!("{} passed, 40 failed", total - 40);
    assert!(out(&o).contains(&want), "{want}: {}", out(&o));
    // And a ruleset file as the base gives the same comparison.
    write(repo, "base.yaml", "extends: royal\n");
    let by_file = goti(repo, &["diff", "--base", "base.yaml", "--format", "json"]);
    assert_eq!(changed(&by_file), changed(&by_set));
}

#[test]
fn a_portal_change_moves_portal_outcomes() {
    let o = goti(
        &root(),
        &[
            "diff",
            "scenarios/portal",
            "--set",
            "board.toilets.0.trigger=43",
            "--set",
            "board.toilets.0.rejoin=42",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", all(&o));
    let text = out(&o);
    assert!(text.contains("scenarios/portal/special-tiles.goti:3 landing on a trigger drops the piece into the pit"), "{text}");
    assert!(text.contains("toilet.fall"), "{text}");
}

#[test]
fn ruleset_files_may_be_partial_and_errors_point_at_their_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    write(
        p,
        "scenarios/partial.yaml",
        "extends: royal\njourney: {capture_value: 40}\n",
    );
    let dump = out(&goti(&root(), &["rules", "royal", "--dump"]));
    write(
        p,
        "scenarios/forty.yaml",
        &dump.replace("capture_value: 20", "capture_value: forty"),
    );
    write(
        p,
        "scenarios/typo.yaml",
        "extends: royal\njourney:\n  capture_valu: 30\n",
    );
    write(
        p,
        "scenarios/r.goti",
        "scenario \"partial\"\nrules file \"partial.yaml\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 40\n\n\
         scenario \"forty\"\nrules file \"forty.yaml\"\nP1 G1 on 30, P2 G1 on 10\n\n\
         scenario \"typo\"\nrules file \"typo.yaml\"\nP1 G1 on 30, P2 G1 on 10\n\n\
         scenario \"royal file under portal\"\nrules portal\nrules file \"forty.yaml\"\nP1 G1 on 30, P2 G1 on 10\n",
    );
    let o = goti(p, &["run"]);
    let text = out(&o);
    assert!(text.contains("ok   scenarios/r.goti:1 partial"), "{text}");
    assert!(text.contains("scenarios/forty.yaml:22:3"), "{text}");
    assert!(
        text.contains("invalid type: string \"forty\", expected a whole number"),
        "{text}"
    );
    assert!(text.contains("scenarios/typo.yaml:3:3"), "{text}");
    assert!(text.contains("did you mean `capture_value`?"));
    assert!(
        text.contains("this ruleset file extends royal; the scenario plays portal"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn headers_apply_to_every_scenario_and_the_command_line_to_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    write(
        p,
        "h.goti",
        "rules portal\ntags smoke\n\nscenario \"a road\"\nP1 G1 on 52, P2 G1 on 10\nroll 3 2\nmove G1 3\nexpect P1 G1 on 37\n\n\
         scenario \"royal again\"\nrules royal\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    );
    let o = goti(p, &["run", "h.goti"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    // --set for one run: the royal scenario sees it, the portal one has no such key.
    let o = goti(p, &["run", "h.goti", "--set", "journey.capture_value=30"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        out(&o).contains("expected P1 battle 20, found P1 battle 30"),
        "{}",
        out(&o)
    );
    // --ruleset: a partial file for the game it names.
    write(
        p,
        "cv.yaml",
        "extends: royal\njourney: {capture_value: 50}\n",
    );
    let o = goti(p, &["run", "h.goti", "--ruleset", "cv.yaml"]);
    assert!(out(&o).contains("found P1 battle 50"), "{}", out(&o));
    // Two rules file lines in one header are an error.
    write(
        p,
        "two.goti",
        "rules file \"a.yaml\"\nrules file \"b.yaml\"\nscenario \"s\"\nP1 G1 on 30, P2 G1 on 10\n",
    );
    let o = goti(p, &["run", "two.goti"]);
    assert!(
        out(&o).contains("a second `rules file` in one header"),
        "{}",
        out(&o)
    );
}
