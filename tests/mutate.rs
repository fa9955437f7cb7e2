//! `goti mutate`: the shipped suite kills every valid mutant of the three
//! rulesets; a scenario's own `set` line is not overridden by a mutant (so
//! a suite that only checks a changed value lets the default's mutants
//! survive); the score gate and an empty filter are loud.

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
        .expect("the goti binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

#[test]
fn the_shipped_suite_kills_every_valid_mutant() {
    let o = goti(
        &root(),
        &["mutate", "--format", "json", "--min-score", "100"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o);
    assert_eq!(v["score"], 100.0);
    for game in ["royal", "portal", "maedn"] {
        let g = &v["games"][game];
        assert!(g["valid"].as_u64().unwrap() >= 16, "{game}: {g}");
        assert_eq!(g["killed"], g["valid"], "{game}");
        assert!(
            g["invalid"].as_u64().unwrap() > 0,
            "{game}: validation refuses some"
        );
        assert_eq!(g["survivors"].as_array().unwrap().len(), 0);
    }
    // The [house] order of ROYAL.md is a parameter, flipped and killed.
    let text = String::from_utf8_lossy(&goti(&root(), &["mutate"]).stdout).into_owned();
    assert!(text.contains("royal: 87 of 87 killed"), "{text}");
    let v = json(&goti(
        &root(),
        &["mutate", "--only", "order.", "--format", "json"],
    ));
    assert_eq!(
        (v["valid"].as_u64(), v["killed"].as_u64()),
        (Some(1), Some(1))
    );
}

#[test]
fn a_scenario_set_line_wins_over_a_mutant_and_survivors_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    // Only a capture worth 30 (the scenario's own set) is checked: the
    // default's 20 -> 19 and 20 -> 21 change nothing it checks.
    std::fs::write(
        dir.path().join("scenarios/thirty.goti"),
        "scenario \"thirty\"\nset journey.capture_value = 30\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 30\n",
    )
    .unwrap();
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["valid"], 2);
    assert_eq!(v["killed"], 0);
    let survivors = v["games"]["royal"]["survivors"].as_array().unwrap();
    assert_eq!(survivors.len(), 2);
    assert_eq!(survivors[0]["rules"][0], "capture.points");
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--min-score",
            "50",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("survives: journey.capture_value 20 -> 21 (reads capture.points)"),
        "{text}"
    );
    // The brief's scenario with the default value kills both.
    std::fs::write(
        dir.path().join("scenarios/twenty.goti"),
        "scenario \"twenty\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    )
    .unwrap();
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
    assert_eq!(v["killed"], 2);
}

#[test]
fn a_filter_that_matches_nothing_is_an_error() {
    let o = goti(&root(), &["mutate", "--only", "no.such.key"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing was checked"));
}
