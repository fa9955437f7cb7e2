//! OpenSpiel judges goti's `maedn` move by move: its own step of `.ci/run`,
//! which installs `open_spiel` from PyPI into `target/openspiel-venv`:
//!
//! ```sh
//! cargo test --release -p xtask --features openspiel-test --test openspiel
//! ```
//!
//! Built only with the `openspiel-test` feature, so `cargo test` stays
//! green on a machine without Python packages; with the feature and no
//! OpenSpiel, these tests fail and say how to install it.

use std::path::PathBuf;
use std::process::{Command, Output};

/// goti's repository (the workspace's root).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ sits in the workspace")
        .to_path_buf()
}

/// The developer tool (`oracle`), or the user's goti of the same build
/// where the first word is not one of its commands.
fn goti(args: &[&str]) -> Output {
    let dev = ["oracle"].contains(&args[0]);
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(if dev { &[][..] } else { &["goti"][..] })
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the goti binary runs")
}

fn python() -> String {
    let venv = root().join("target/openspiel-venv/bin/python");
    let py = std::env::var("GOTI_OPENSPIEL_PYTHON")
        .unwrap_or_else(|_| venv.to_string_lossy().into_owned());
    let ok = Command::new(&py)
        .args(["-c", "import pyspiel"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "no OpenSpiel at {py}: python3 -m venv target/openspiel-venv && target/openspiel-venv/bin/pip install open_spiel (or set GOTI_OPENSPIEL_PYTHON)"
    );
    py
}

/// 500 seeded games on each of the four tables (2,000 in all): every throw,
/// legal set, board and return agrees.
#[test]
fn openspiel_and_goti_agree_on_2000_games() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let o = goti(&[
        "oracle",
        "--games",
        "500",
        "--python",
        &py,
        "--output",
        dir.path().to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("2000 OpenSpiel games"), "{text}");
    assert!(text.contains(": 0 disagreement(s)"), "{text}");
    // MAEDN.md §3: perft 5 from 100 mid-game positions (every 20th game's
    // 30th step) agrees with OpenSpiel's count.
    assert!(text.contains(" and 100 perfts compared"), "{text}");
    // Many actions were compared, not a handful.
    let before = text.split(" player actions and").next().unwrap_or("");
    let actions: u64 = before
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(actions > 100_000, "{actions} actions in: {text}");
}

/// The oracle is not blind: with a 5 for a 6 in goti's rules it disagrees,
/// and the scenario it writes fails in goti for the same reason.
#[test]
fn a_changed_rule_is_caught_and_reproduced() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let o = goti(&[
        "oracle",
        "--games",
        "3",
        "--tables",
        "4",
        "--python",
        &py,
        "--set",
        "dice.six=5",
        "--output",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let written: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(written.len(), 3, "one scenario per disagreeing game");
    for f in &written {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.contains("set dice.six = 5"), "{text}");
        let run = goti(&["run", f.to_str().unwrap()]);
        assert_eq!(
            run.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&run.stdout)
        );
        assert!(
            String::from_utf8_lossy(&run.stdout).contains("expected "),
            "{text}"
        );
    }
}

/// Race's default description (maedn as data, RACE.md) judged by
/// OpenSpiel as maedn is: 300 games on each table agree, perfts included;
/// with a 5 that also brings a piece in, it disagrees, and the scenario it
/// writes (`rules race`, the key set) fails in goti.
#[test]
fn openspiel_judges_race_as_it_judges_maedn() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = goti(&[
        "oracle", "--game", "race", "--games", "300", "--python", &py, "--output", out,
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("race oracle: 1200 OpenSpiel games"), "{text}");
    assert!(text.contains(": 0 disagreement(s)"), "{text}");
    assert!(text.contains(" and 60 perfts compared"), "{text}");
    let o = goti(&[
        "oracle",
        "--game",
        "race",
        "--games",
        "2",
        "--tables",
        "4",
        "--python",
        &py,
        "--set",
        "enter.values=[5, 6]",
        "--output",
        out,
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    for f in std::fs::read_dir(dir.path()).unwrap() {
        let f = f.unwrap().path();
        let written = std::fs::read_to_string(&f).unwrap();
        assert!(
            written.contains("rules race") && written.contains("set enter.values = [5,6]"),
            "{written}"
        );
        let run = goti(&["run", f.to_str().unwrap()]);
        assert_eq!(
            run.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&run.stdout)
        );
    }
}

/// OpenSpiel's minimal-win games: the shipped scenarios are what the
/// generator writes, and it checked every legal line with OpenSpiel.
#[test]
fn minimal_win_scenarios_are_current_and_checked_by_openspiel() {
    let py = python();
    let o = Command::new(&py)
        .arg(root().join("tools/openspiel_minimal_wins.py"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("checked against OpenSpiel: 11 of 11"));
    let shipped =
        std::fs::read_to_string(root().join("scenarios/maedn/openspiel-minimal-wins.goti"))
            .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), shipped);
}

/// The test's 17 forbidden moves per game, each in the position OpenSpiel's
/// test reached: the shipped scenarios are what the generator reads from
/// OpenSpiel now.
#[test]
fn forbidden_move_scenarios_are_current() {
    let py = python();
    let o = Command::new(&py)
        .arg(root().join("tools/openspiel_minimal_wins.py"))
        .arg("--forbidden")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("forbidden moves: 187"));
    let shipped =
        std::fs::read_to_string(root().join("scenarios/maedn/openspiel-forbidden-moves.goti"))
            .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), shipped);
}

#[test]
fn oracle_shards_merge_to_one_run() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "oracle", "--games", "120", "--tables", "2o,4", "--format", "json", "--python", &py,
        ];
        args.extend_from_slice(extra);
        let o = goti(&args);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let mut one = run(&["--shard", "1/1"]);
    let mut files = Vec::new();
    for k in 1..=3 {
        let v = run(&["--shard", &format!("{k}/3")]);
        let f = dir.path().join(format!("o{k}.json"));
        std::fs::write(&f, v.to_string()).unwrap();
        files.push(f.display().to_string());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let o = goti(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    one.as_object_mut().unwrap().remove("seconds");
    merged.as_object_mut().unwrap().remove("seconds");
    assert_eq!(merged, one);
    assert_eq!(one["games"], 240);
}

/// MAEDN.md §3: goti's perft from the start of a 2-, 3- and 4-player
/// table to depth 15 is OpenSpiel's count of histories (each chance outcome
/// one branch), and so is the shipped suite's perft table.
#[test]
fn perft_from_the_start_is_openspiel_s() {
    let py = python();
    let dir = tempfile::tempdir().unwrap();
    for players in [2, 3, 4] {
        let mut args = vec![
            root()
                .join("tools/openspiel_perft.py")
                .display()
                .to_string(),
            "--players".into(),
            players.to_string(),
            "--depth".into(),
            "15".into(),
        ];
        if players == 2 {
            // goti's shipped maedn seats two players opposite (table.seats).
            args.push("--opposite".into());
        }
        let o = Command::new(&py).args(&args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let theirs: serde_json::Value =
            serde_json::from_slice(o.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
        let file = dir.path().join(format!("start{players}.goti"));
        std::fs::write(
            &file,
            format!("rules maedn\nscenario \"start\"\nplayers {players}\n"),
        )
        .unwrap();
        let ours = goti(&[
            "perft",
            file.to_str().unwrap(),
            "--depth",
            "15",
            "--format",
            "json",
        ]);
        assert_eq!(
            ours.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&ours.stderr)
        );
        let ours: serde_json::Value = serde_json::from_slice(&ours.stdout).unwrap();
        assert_eq!(
            ours["perft"], theirs["perft"],
            "{players} players: goti {ours}, OpenSpiel {theirs}"
        );
        assert!(ours["perft"].as_u64().unwrap() > 1_000_000, "{ours}");
    }
}
