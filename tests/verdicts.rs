//! Rules-change verdicts that can be trusted (`goti mutate`, `goti diff`,
//! `goti balance`): a mutant reaches only the scenarios that do not set its
//! key; every kill the matrix names is a real failure under `--set`; a base
//! is read whole at its revision (the `extends:` chain, `goti.yaml`), a bad
//! or ambiguous revision is exit 2; balance and mutate play the rules the
//! scenarios play; a ruleset file's game never depends on its `name:`.

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

fn all(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", all(o)))
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
    assert!(ok.status.success(), "git {args:?}: {}", all(&ok));
}

/// A repository with one commit of `files`.
fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in files {
        write(dir.path(), name, text);
    }
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["commit", "-q", "-m", "base"]);
    dir
}

const BRIEF: &str = "scenario \"brief\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battle 20\n";

const SHORT_HOME: &str = "scenario \"short home\"\nrules file \"short.yaml\"\nP1 G1 on home 3, P2 G1 on 10\nexpect illegal(move.exact-home) move G1 2\nmove G1 1\nexpect P1 G1 home\n";

#[test]
fn a_scenario_with_its_own_partial_file_kills_no_mutant_of_a_key_it_never_reads() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "scenarios/short.yaml",
        "extends: royal\nboard:\n  home_path: 3\n",
    );
    write(dir.path(), "scenarios/short.goti", SHORT_HOME);
    let v = json(&goti(dir.path(), &["mutate", "--format", "json"]));
    let mutants = v["mutants"].as_array().unwrap();
    assert!(
        mutants.len() > 80,
        "every mutant is listed: {}",
        mutants.len()
    );
    let killed: Vec<&serde_json::Value> =
        mutants.iter().filter(|m| m["status"] == "killed").collect();
    // Before: 87 of 87 killed (the file replaced by every mutant).
    assert!(
        killed.len() < 10,
        "a one-scenario suite kills almost nothing: {killed:?}"
    );
    for m in mutants {
        let key = m["key"].as_str().unwrap();
        if key.starts_with("journey.capture_value")
            || key.starts_with("board.forts")
            || key.starts_with("king.")
        {
            assert_eq!(m["status"], "survived", "{m}");
        }
        if key == "board.home_path" {
            assert_eq!(m["not_exposed"], 1, "its own file sets the key: {m}");
        }
    }
}

#[test]
fn every_kill_the_matrix_names_fails_under_run_set() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "scenarios/brief.goti", BRIEF);
    write(
        dir.path(),
        "scenarios/short.yaml",
        "extends: royal\nboard:\n  home_path: 3\n",
    );
    write(dir.path(), "scenarios/short.goti", SHORT_HOME);
    let v = json(&goti(dir.path(), &["mutate", "--format", "json"]));
    let mut checked = 0;
    for m in v["mutants"].as_array().unwrap() {
        for killer in m["killed_by"].as_array().unwrap() {
            let place = killer.as_str().unwrap().split(' ').next().unwrap();
            let set = m["set"].as_str().unwrap();
            let o = goti(dir.path(), &["run", place, "--set", set]);
            assert_eq!(o.status.code(), Some(1), "{place} --set {set}: {}", all(&o));
            checked += 1;
        }
    }
    assert!(checked >= 2, "the brief's scenario kills capture_value ±1");
    // --explain shows the first killer's diff.
    let o = goti(
        dir.path(),
        &["mutate", "--explain", "journey.capture_value=21"],
    );
    let text = all(&o);
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("scenarios/brief.goti:1 brief"), "{text}");
    assert!(
        text.contains("P1: battle 21") || text.contains("battle 21"),
        "{text}"
    );
    let o = goti(dir.path(), &["mutate", "--explain", "no.such=1"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
}

#[test]
fn the_shipped_suite_kills_every_mutant_without_a_scenario_that_fails_under_all() {
    let o = goti(
        &root(),
        &["mutate", "--format", "json", "--min-score", "100"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    let v = json(&o);
    assert_eq!(v["score"], 100.0);
    assert_eq!(v["kills_every_mutant"], serde_json::json!([]));
    // Without the one scenario that plays its own ruleset file, still 100.
    let dir = tempfile::tempdir().unwrap();
    let both = walkdir::WalkDir::new(root().join("scenarios"))
        .into_iter()
        .chain(walkdir::WalkDir::new(root().join("snapshots")));
    for entry in both {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(root()).unwrap();
        if !entry.file_type().is_file() {
            continue;
        }
        let mut text = std::fs::read_to_string(entry.path()).unwrap();
        if rel.ends_with("variants.goti") {
            let from = text
                .find("scenario \"a short home path from a ruleset file\"")
                .expect("the scenario is in variants.goti");
            let to = text[from + 1..]
                .find("\nscenario ")
                .map_or(text.len(), |n| from + 1 + n + 1);
            text.replace_range(from..to, "");
        }
        write(dir.path(), rel.to_str().unwrap(), &text);
    }
    let v = json(&goti(dir.path(), &["mutate", "--format", "json"]));
    assert_eq!(v["score"], 100.0, "{}", v["games"]["royal"]["survivors"]);
}

#[test]
fn a_bad_revision_is_exit_2_for_diff_and_balance() {
    let dir = repo(&[
        ("goti.yaml", "rules:\n  royal: rules/royal.yaml\n"),
        ("rules/royal.yaml", "extends: royal\n"),
        ("scenarios/brief.goti", BRIEF),
    ]);
    for cmd in [
        vec!["diff", "--base", "no-such-rev"],
        vec!["balance", "--base", "no-such-rev", "--games", "2"],
        vec!["diff", "--base=--output=x.txt"],
        vec!["balance", "--base=--output=x.txt", "--games", "2"],
    ] {
        let o = goti(dir.path(), &cmd);
        assert_eq!(o.status.code(), Some(2), "{cmd:?}: {}", all(&o));
        assert!(!all(&o).contains("built in"), "{cmd:?}: {}", all(&o));
    }
    assert!(!dir.path().join("x.txt").exists(), "git wrote no file");
    let o = goti(dir.path(), &["diff", "--base=--output=x.txt"]);
    assert!(all(&o).contains("does not start with `-`"), "{}", all(&o));
    let o = goti(dir.path(), &["diff", "--base", "nope"]);
    assert!(all(&o).contains("no such revision"), "{}", all(&o));
    // A real revision with nothing changed: exit 0.
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
}

#[test]
fn a_change_to_an_extended_file_alone_is_a_change() {
    let dir = repo(&[
        ("goti.yaml", "rules:\n  royal: rules/royal.yaml\n"),
        ("rules/royal.yaml", "extends: base.yaml\n"),
        (
            "rules/base.yaml",
            "extends: royal\njourney:\n  capture_value: 20\n",
        ),
        ("scenarios/brief.goti", BRIEF),
    ]);
    // The base loads at its revision (it extends base.yaml there).
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    write(
        dir.path(),
        "rules/base.yaml",
        "extends: royal\njourney:\n  capture_value: 30\n",
    );
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("1 now failing"), "{text}");
    // balance reads the chain too: the base's capture is 20, the head's 30.
    let v = json(&goti(
        dir.path(),
        &[
            "balance", "--base", "HEAD", "--games", "200", "--format", "json",
        ],
    ));
    let battle = &v["report"]["measures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m[0] == "battle points")
        .unwrap()[1];
    assert!(
        battle["head"].as_f64().unwrap() > battle["base"].as_f64().unwrap(),
        "{battle}"
    );
    // mutate derives its mutants from the chain.
    write(
        dir.path(),
        "scenarios/brief.goti",
        &BRIEF.replace("battle 20", "battle 30"),
    );
    let v = json(&goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--format",
            "json",
        ],
    ));
    let changes: Vec<&str> = v["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["change"].as_str().unwrap())
        .collect();
    assert_eq!(changes, ["30 -> 29", "30 -> 31"]);
}

#[test]
fn a_file_named_like_the_base_revision_is_an_error_naming_both() {
    let dir = repo(&[
        ("goti.yaml", "rules:\n  royal: rules/royal.yaml\n"),
        ("rules/royal.yaml", "extends: royal\n"),
        ("scenarios/brief.goti", BRIEF),
    ]);
    git(dir.path(), &["branch", "base-rules"]);
    write(
        dir.path(),
        "base-rules",
        "extends: royal\njourney:\n  capture_value: 20\n",
    );
    let o = goti(dir.path(), &["diff", "--base", "base-rules"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(
        text.contains("both a file") && text.contains("git revision"),
        "{text}"
    );
    // ./NAME is the file; NAME^{commit} the revision.
    let o = goti(dir.path(), &["diff", "--base", "./base-rules"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    let o = goti(dir.path(), &["diff", "--base", "base-rules^{commit}"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
}

#[test]
fn a_base_whose_rules_cannot_be_built_is_exit_2_naming_the_file() {
    let dir = repo(&[
        ("goti.yaml", "rules:\n  royal: rules/royal.yaml\n"),
        ("rules/royal.yaml", "extends: missing.yaml\n"),
        ("scenarios/brief.goti", BRIEF),
    ]);
    write(dir.path(), "rules/royal.yaml", "extends: royal\n");
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("HEAD:rules/royal.yaml"), "{text}");
    assert!(!text.contains("now passing"), "{text}");
    // A head that cannot be built: the same.
    write(
        dir.path(),
        "rules/royal.yaml",
        "extends: royal\nboard:\n  ring: 0\n",
    );
    let o = goti(dir.path(), &["diff"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
    assert!(all(&o).contains("rules/royal.yaml"), "{}", all(&o));
}

#[test]
fn a_base_predating_goti_yaml_plays_the_built_in_rules_and_says_so() {
    let dir = repo(&[("scenarios/brief.goti", BRIEF)]);
    write(
        dir.path(),
        "goti.yaml",
        "rules:\n  royal: rules/royal.yaml\n",
    );
    write(
        dir.path(),
        "rules/royal.yaml",
        "extends: royal\njourney:\n  capture_value: 30\n",
    );
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("no goti.yaml there"), "{text}");
}

#[test]
fn a_scenario_rules_file_is_read_at_the_base_revision() {
    let dir = repo(&[
        ("scenarios/big.yaml", "extends: royal\njourney:\n  capture_value: 20\n"),
        (
            "scenarios/big.goti",
            "scenario \"big\"\nrules file \"big.yaml\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
        ),
    ]);
    write(
        dir.path(),
        "scenarios/big.yaml",
        "extends: royal\njourney:\n  capture_value: 40\n",
    );
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    let text = all(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("1 now failing"), "{text}");
}

#[test]
fn a_ruleset_file_game_never_depends_on_its_name() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "scenarios/brief.goti", BRIEF);
    let dump = goti(dir.path(), &["rules", "royal", "--dump"]);
    let text =
        String::from_utf8_lossy(&dump.stdout).replace("name: royal", "name: royal-big-capture");
    write(dir.path(), "big.yaml", &text);
    let o = goti(dir.path(), &["run", "--ruleset", "big.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    // An earlier release's dump (no extends line) is royal by its keys.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("extends:"))
        .map(|l| format!("{l}\n"))
        .collect();
    write(dir.path(), "old.yaml", &old);
    let o = goti(dir.path(), &["run", "--ruleset", "old.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    // As a scenario's own file, a renamed dump is fine too.
    write(dir.path(), "scenarios/old.yaml", &old);
    write(
        dir.path(),
        "scenarios/own.goti",
        "scenario \"own\"\nrules file \"old.yaml\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    );
    let o = goti(dir.path(), &["run", "scenarios/own.goti"]);
    assert_eq!(o.status.code(), Some(0), "{}", all(&o));
    // Keys several games share: say which with extends.
    write(dir.path(), "ring.yaml", "board:\n  ring: 40\n");
    let o = goti(dir.path(), &["run", "--ruleset", "ring.yaml"]);
    assert_eq!(o.status.code(), Some(2), "{}", all(&o));
    assert!(all(&o).contains("extends:"), "{}", all(&o));
}
