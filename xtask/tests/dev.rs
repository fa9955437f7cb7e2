//! The engine developers' commands (`cargo xtask`), run as the built
//! binary: every command and exit code pinned, as tests/cli.rs pins the
//! user's goti.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace's root (goti's repository).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ sits in the workspace")
        .to_path_buf()
}

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the xtask binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("xtask exits with a code")
}

/// Runs the developer tool in `dir`.
fn xtask_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the xtask binary runs")
}

// The goti package's test helpers that name no binary.
#[path = "../../tests/support/files.rs"]
mod files;
use files::{git, text, write};

const PASSING: &str =
    "scenario \"one move\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n";

/// `cargo xtask oracle`: what it refuses before running anything (exit 2),
/// and, when OpenSpiel is installed, that it agrees with it and that a
/// changed rule makes it disagree (exit 1) with a scenario that fails.
#[test]
fn oracle_refuses_what_it_cannot_check() {
    let o = xtask(&["oracle", "--games", "0"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("plays nothing"));
    let o = xtask(&["oracle", "--tables", "5"]);
    assert_eq!(code(&o), 2);
    let o = xtask(&["oracle", "--python", "/no/such/python"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("cannot run"), "{}", stderr(&o));
    let o = xtask(&["oracle", "--game", "chess"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn bench_reports_the_speed_path() {
    let o = xtask(&[
        "bench",
        "--game",
        "maedn",
        "--games",
        "50",
        "--players",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 50);
    // 50 three-player games are thousands of player actions.
    assert!(v["actions"].as_u64().unwrap() > 5000, "{v}");
    assert!(v["actions_per_second"].as_f64().unwrap() > 0.0);
    // Beside it, self-play's driver through the general engine, timed on
    // the same number of games (up to 2,000).
    assert_eq!(v["driver"]["games"], 50, "{v}");
    assert!(
        v["driver"]["games_per_second"].as_f64().unwrap() > 0.0,
        "{v}"
    );
    // And the engine alone: the same games' player actions replayed on
    // the speed path and through the general engine.
    assert_eq!(v["engine_calls"]["games"], 50, "{v}");
    assert_eq!(
        v["engine_calls"]["actions"], v["actions"],
        "the first 50 games of the bench, replayed: {v}"
    );
    for path in ["fast", "general"] {
        assert!(
            v["engine_calls"][path]["actions_per_second"]
                .as_f64()
                .unwrap()
                > 0.0,
            "{v}"
        );
    }
    let text = stdout(&xtask(&["bench", "--game", "maedn", "--games", "20"]));
    assert!(
        text.contains("self-play's driver through the general engine (events recorded), 20 games"),
        "{text}"
    );
    assert!(
        text.contains("the engine alone, the player actions of 20 of those games replayed"),
        "{text}"
    );
    let o = xtask(&["bench", "--game", "maedn", "--players", "5"]);
    assert_eq!(code(&o), 2);
    let o = xtask(&["bench", "--game", "chess"]);
    assert_eq!(code(&o), 2);
    let o = xtask(&["bench", "--game", "maedn", "--games", "0"]);
    assert_eq!(code(&o), 2, "a bench of nothing is an error");
}

#[test]
fn bench_puts_royal_fast_path_beside_the_general_engine() {
    let o = xtask(&[
        "bench", "--game", "royal", "--games", "30", "--mode", "clash", "--format", "json",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 30);
    assert_eq!(v["mode"], "clash");
    // 30 four-player games are thousands of turns, the same on both paths.
    assert!(v["turns"].as_u64().unwrap() > 1000, "{v}");
    for path in ["fast", "general"] {
        assert!(v[path]["turns_per_second"].as_f64().unwrap() > 0.0, "{v}");
    }
    // The engine alone: the same games' actions replayed on both paths.
    let calls = &v["engine_calls"];
    assert_eq!(calls["games"], 30);
    assert!(
        calls["actions"].as_u64().unwrap() > v["turns"].as_u64().unwrap() * 3,
        "{v}"
    );
    for path in ["fast", "general"] {
        assert!(
            calls[path]["actions_per_second"].as_f64().unwrap() > 0.0,
            "{v}"
        );
    }
    let o = xtask(&[
        "bench", "--game", "portal", "--games", "3", "--format", "json",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["mode"], serde_json::Value::Null, "portal has no modes");
    let o = xtask(&["bench", "--game", "royal", "--games", "5"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("royal bench: 4 players journey, 5 games"));
    assert!(stdout(&o).contains("fast path") && stdout(&o).contains("general engine"));
}

#[test]
fn fuzz_compare_paths_plays_both_paths_and_says_what_it_compared() {
    for args in [
        &["--games", "150"][..],
        &["--games", "100", "--players", "2"][..],
    ] {
        let mut all = vec!["compare-paths", "--mode", "clash"];
        all.extend_from_slice(args);
        let o = xtask(&all);
        assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
        let games = args[1];
        assert!(
            stdout(&o).starts_with(&format!("royal: {games} games, "))
                && stdout(&o).contains("every position the same"),
            "{}",
            stdout(&o)
        );
    }
    // A comparison of nothing is not a pass.
    let o = xtask(&["compare-paths", "--games", "0"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("plays nothing"), "{}", stderr(&o));
    // Maedn's speed path against its general engine, throw by throw.
    let o = xtask(&["compare-paths", "--game", "maedn", "--games", "80"]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).starts_with("maedn: 80 games, ")
            && stdout(&o).contains("every position the same"),
        "{}",
        stdout(&o)
    );
    // Portal's paths agree too.
    let o = xtask(&["compare-paths", "--game", "portal", "--games", "60"]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).starts_with("portal: 60 games, "),
        "{}",
        stdout(&o)
    );
}

/// `--games` and `--seed` never wrap: N games are played, or the command
/// refuses (exit 2).
#[test]
fn compare_paths_counts_never_wrap() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["compare-paths", "--games", "18446744073709551615"][..],
        &[
            "compare-paths",
            "--games",
            "2",
            "--seed",
            "18446744073709551614",
        ],
    ] {
        let o = xtask_in(d, args);
        assert_eq!(code(&o), 2, "{args:?}: {}", text(&o));
    }
    // Near the top of the range, the games asked are the games played.
    let o = xtask_in(
        d,
        &[
            "compare-paths",
            "--games",
            "3",
            "--seed",
            "18446744073709551610",
        ],
    );
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(text(&o).contains(": 3 games,"), "{}", text(&o));
}

/// A merge in Markdown escapes what the shards say (a fuzz failure's words
/// come from a mutated input), and a mutate report stays in a text block.
#[test]
fn merge_markdown_escapes_what_shards_say() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "scenarios/a.goti", PASSING);
    let o = xtask_in(
        d,
        &[
            "fuzz-text",
            "--cases",
            "3",
            "--format",
            "json",
            "--shard",
            "1/1",
            "--corpus",
            "scenarios",
        ],
    );
    assert_eq!(code(&o), 0, "{}", text(&o));
    let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["failure"] = serde_json::json!({"input": 1, "why": "<img src=x onerror=alert(1)>\n## owned"});
    std::fs::write(d.join("fuzz.json"), v.to_string()).unwrap();
    let o = xtask_in(d, &["goti", "merge", "--format", "markdown", "fuzz.json"]);
    assert_eq!(code(&o), 1, "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("FAILURE on input 1"), "{md}");
    assert!(!md.contains("<img"), "{md}");
    assert!(!md.lines().any(|l| l.starts_with("## owned")), "{md}");
}

/// `cargo xtask diff-build` never runs a binary the checkout supplies: a
/// committed `target/goti-base/<commit>.goti` is not the base's goti.
#[test]
fn diff_build_never_runs_a_committed_binary() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(
        d,
        "Cargo.toml",
        "[package]\nname = \"goti\"\nversion = \"0.0.0\"\n",
    );
    write(d, "scenarios/a.goti", PASSING);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    let head = String::from_utf8(
        Command::new("git")
            .args(["rev-parse", "HEAD"])
            .current_dir(d)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let marker = d.join("planted-binary-ran");
    let planted = d.join(format!("target/goti-base/{}.goti", head.trim()));
    write(
        d,
        planted.strip_prefix(d).unwrap().to_str().unwrap(),
        &format!("#!/bin/sh\ntouch {}\nexit 0\n", marker.display()),
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&planted, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["diff-build", "--base", "HEAD", "scenarios"])
        .current_dir(d)
        .env("CI", "true")
        .env("CARGO", "false")
        .output()
        .unwrap();
    assert!(!marker.exists(), "the planted binary ran: {}", text(&o));
    assert_eq!(code(&o), 2, "no base could be built: {}", text(&o));
}

#[test]
fn fuzz_legal_compares_the_generator_with_the_rules() {
    // Seeded walks of every game: at every player's node the count, the
    // listing and the candidates the rules accept agree (exit 0).
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in [("royal", "2"), ("portal", "4"), ("maedn", "3")] {
        let o = xtask_in(
            dir.path(),
            &[
                "legal",
                "--game",
                game,
                "--games",
                "6",
                "--players",
                players,
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{game}: {}", text(&o));
        let out = text(&o);
        assert!(out.contains("player nodes compared"), "{out}");
        assert!(!out.contains(" 0 player nodes"), "{out}");
    }
    // A run that compares nothing is not a pass.
    let o = xtask_in(dir.path(), &["legal", "--games", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// A build of another revision outside goti's own source tree points at
/// `goti diff --base-trace`.
#[test]
fn diff_build_outside_goti_s_tree_points_at_a_trace() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    write(d, "scenarios/a.goti", PASSING);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    let o = xtask_in(d, &["diff-build", "--base", "HEAD"]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(text(&o).contains("--base-trace"), "{}", text(&o));
}

/// Text fuzzing's shards put together are the one run.
#[test]
fn fuzz_text_shards_merge_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "scenarios/a.goti", PASSING);
    let run = |extra: &[&str]| {
        let mut args = vec!["fuzz-text", "--cases", "60", "--format", "json"];
        args.extend_from_slice(extra);
        let o = xtask_in(d, &args);
        assert_eq!(code(&o), 0, "{}", text(&o));
        o.stdout
    };
    let one: serde_json::Value = serde_json::from_slice(&run(&[])).unwrap();
    std::fs::write(d.join("1.json"), run(&["--shard", "1/2"])).unwrap();
    std::fs::write(d.join("2.json"), run(&["--shard", "2/2"])).unwrap();
    let o = xtask_in(d, &["goti", "merge", "1.json", "2.json"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(merged["cases"], one["cases"], "{merged} against {one}");
    assert_eq!(merged["failure"], one["failure"], "{merged} against {one}");
}

/// `race-as-maedn`: the lockstep at each table size, exit 0 when they
/// agree; `--bench` times the two general engines on the same games (and a
/// description of a file on its own games); a table maedn cannot seat, or
/// `--also` without `--bench`, is a usage error, exit 2.
#[test]
fn race_as_maedn_agrees_and_times_both_engines() {
    let o = xtask(&["race-as-maedn", "--games", "40"]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    for n in 2..=4 {
        assert!(
            stdout(&o).contains(&format!("{n} players: 40 games agree")),
            "{}",
            stdout(&o)
        );
    }
    let o = xtask(&[
        "race-as-maedn",
        "--bench",
        "--games",
        "20",
        "--players",
        "3",
        "--also",
        "scenarios/race/ludo.yaml",
    ]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let said = stdout(&o);
    assert!(
        said.contains("3 players, 20 games") && said.contains("race takes"),
        "{said}"
    );
    assert!(said.contains("games of scenarios/race/ludo.yaml"), "{said}");
    let o = xtask(&["race-as-maedn", "--games", "5", "--players", "5"]);
    assert_eq!(code(&o), 2, "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("--players"), "{}", stderr(&o));
    let o = xtask(&["race-as-maedn", "--also", "x.yaml"]);
    assert_eq!(code(&o), 2, "--also needs --bench: {}", stderr(&o));
}
