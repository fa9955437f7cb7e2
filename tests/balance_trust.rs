//! Balance you can trust (issue 49): an A/A check marks at most 3 of 20
//! runs at a family-wise 5%; a points-only change under a policy that
//! ignores points changes no move and says so; the sequential test finds a
//! seat's shift with fewer games than a fixed sample of the same error
//! rates, accepts "no change", and says undecided at its cap.

mod support;

use goti::engine::params::{MaednParams, Params, PortalParams, RoyalParams};
use std::path::Path;
use std::process::Output;

/// `goti` in this project (the shipped rules), as CI runs it.
fn goti(args: &[&str]) -> Output {
    support::goti(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// `goti balance ARGS`, which must exit 0, and its standard output.
fn balance(args: &[&str]) -> Vec<u8> {
    let mut all = vec!["balance"];
    all.extend_from_slice(args);
    let o = goti(&all);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", support::text(&o));
    o.stdout
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_slice(&balance(&all)).unwrap()
}

/// Every row of a report with its name.
fn rows(r: &serde_json::Value) -> Vec<(String, serde_json::Value)> {
    let mut v = vec![
        ("length".to_string(), r["length"].clone()),
        ("unfinished".to_string(), r["unfinished"].clone()),
    ];
    for key in ["measures", "lead", "rules"] {
        for m in r[key].as_array().unwrap() {
            v.push((m[0].as_str().unwrap().to_string(), m[1].clone()));
        }
    }
    if !r["decisions"].is_null() {
        v.push(("forced".into(), r["decisions"]["forced"].clone()));
        v.push(("branching".into(), r["decisions"]["branching"].clone()));
    }
    v
}

/// The rows a report marks (the joint test of the wins as "wins").
fn marked(r: &serde_json::Value) -> Vec<String> {
    let mut m: Vec<String> = rows(r)
        .into_iter()
        .filter(|(_, p)| p["marked"] == true)
        .map(|(n, _)| n)
        .collect();
    if r["wins_joint"]["marked"] == true {
        m.push("wins".into());
    }
    m
}

/// 20 A/A runs of 500 games a side: the same rules, the head on other
/// seeds (run k: base seeds from 1000k, head from 1000k + 500000).
fn a_a(game: &str) {
    let mut starred = Vec::new();
    let mut differed = 0;
    for k in 1..=20u64 {
        let (seed, head) = ((1000 * k).to_string(), (1000 * k + 500_000).to_string());
        let v = json(&[
            "--game",
            game,
            "--games",
            "500",
            "--seed",
            &seed,
            "--head-seed",
            &head,
        ]);
        let r = &v["report"];
        assert_eq!(r["games"], 500);
        // Other games on the head's side: the check is not of identical games.
        differed += usize::from(r["length"]["diff"].as_f64().unwrap() != 0.0);
        let m = marked(r);
        if !m.is_empty() {
            starred.push((k, m));
        }
        // The same rules: the table says nothing is blind, no note.
        assert_eq!(v["notes"], serde_json::json!([]), "{game} run {k}");
    }
    assert!(
        differed >= 18,
        "{game}: the head's games differ in {differed} of 20 runs"
    );
    assert!(
        starred.len() <= 3,
        "{game}: {} of 20 A/A runs marked: {starred:?}",
        starred.len()
    );
}

#[test]
fn an_a_a_check_marks_at_most_3_of_20_runs_royal() {
    a_a("royal");
}

#[test]
fn an_a_a_check_marks_at_most_3_of_20_runs_portal() {
    a_a("portal");
}

/// A value a key can take other than `v` (a number raised by 1 or 7).
fn other(v: &serde_yaml::Value) -> String {
    match v {
        serde_yaml::Value::Number(n) => (n.as_i64().unwrap() + 1).to_string(),
        serde_yaml::Value::Mapping(m) => {
            let (k, x) = m.iter().next().unwrap();
            format!("{{{}: {}}}", k.as_str().unwrap(), x.as_i64().unwrap() + 1)
        }
        other => panic!("no other value for {other:?}"),
    }
}

/// The value of dotted `key` in a default ruleset's text.
fn default_of(yaml: &str, key: &str) -> serde_yaml::Value {
    let mut v: serde_yaml::Value = serde_yaml::from_str(yaml).unwrap();
    for part in key.split('.') {
        v = v[part].clone();
    }
    assert!(!v.is_null(), "{key} is a key of the default ruleset");
    v
}

/// Each of a game's points-only keys changed: under `policy` every row but
/// the points and what follows from them (the lead, the wins) is identical
/// seed for seed, and the table says why.
fn points_only_keys_move_nothing(game: &str, yaml: &str, keys: &[&str], policy: &str) {
    assert!(!keys.is_empty(), "{game} names its points-only keys");
    for key in keys {
        let set = format!("{key}={}", other(&default_of(yaml, key)));
        let v = json(&[
            "--game", game, "--games", "60", "--policy", policy, "--set", &set,
        ]);
        let r = &v["report"];
        for (name, p) in rows(r) {
            if name == "battle points"
                || ["lead changes", "decisiveness", "drama"].contains(&name.as_str())
            {
                continue;
            }
            assert_eq!(
                p["diff"], 0.0,
                "{game} --set {set} ({policy}) moved {name}: {p}"
            );
            assert_eq!(
                p["low"], 0.0,
                "{game} --set {set}: {name} differs in some game"
            );
        }
        let notes = v["notes"].as_array().unwrap();
        assert!(
            notes.iter().any(|n| n.as_str().unwrap().contains(key)),
            "{game} --set {set}: the table says a points-only change is blind here: {notes:?}"
        );
    }
}

#[test]
fn points_only_keys_change_no_move_under_random_and_greedy_play() {
    for policy in ["random", "greedy"] {
        points_only_keys_move_nothing(
            "royal",
            RoyalParams::DEFAULT_YAML,
            RoyalParams::POINTS_ONLY,
            policy,
        );
    }
    points_only_keys_move_nothing(
        "portal",
        PortalParams::DEFAULT_YAML,
        &["tokens.sit"],
        "random",
    );
    assert_eq!(PortalParams::POINTS_ONLY, &["tokens"]);
    points_only_keys_move_nothing(
        "maedn",
        MaednParams::DEFAULT_YAML,
        MaednParams::POINTS_ONLY,
        "random",
    );
}

#[test]
fn the_points_line_is_said_only_where_the_table_is_blind() {
    let text = |args: &[&str]| {
        let mut all = vec!["--games", "40"];
        all.extend_from_slice(args);
        String::from_utf8(balance(&all)).unwrap()
    };
    let line = "acts only on points, and the random policy does not read points";
    let t = text(&["--set", "journey.capture_value=30"]);
    assert!(t.contains(line) && t.contains("--policy points"), "{t}");
    // The points policy reads them: no line.
    assert!(
        !text(&["--set", "journey.capture_value=30", "--policy", "points"])
            .contains("acts only on points")
    );
    // A key that moves pieces: no line.
    assert!(!text(&["--set", "exits.cap=3"]).contains("acts only on points"));
    // Both kinds at once: no line.
    assert!(
        !text(&["--set", "journey.capture_value=30", "--set", "exits.cap=3"])
            .contains("acts only on points")
    );
    // No change on the same seeds: every difference is 0 by construction.
    assert!(text(&[]).contains("every difference is 0 by construction"));
}

/// The sequential test's verdict and its state, from a JSON report.
fn sequential(args: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let mut all = vec!["--until-decided"];
    all.extend_from_slice(args);
    let v = json(&all);
    let s = v["sequential"].clone();
    assert!(
        !s.is_null(),
        "{args:?}: the report carries the sequential test"
    );
    (s["state"]["verdict"].clone(), s["state"].clone())
}

#[test]
fn the_sequential_test_finds_a_seats_shift_with_fewer_games_than_a_fixed_sample() {
    // P1 entering on 48 instead of 52 shortens its road by 4 tiles and
    // costs it progress points: its win rate falls by about 5 points.
    let (alpha, beta, delta) = (0.05, 0.05, 0.03);
    let mut used = Vec::new();
    let mut sds = Vec::new();
    for k in 0..10u64 {
        let seed = (1 + 100_000 * k).to_string();
        let (verdict, state) = sequential(&[
            "--set",
            "board.entries.P1=48",
            "--bound",
            "P1-wins:3pp",
            "--seed",
            &seed,
        ]);
        assert_eq!(
            verdict,
            serde_json::json!({"changed": -1}),
            "seed {seed}: {state}"
        );
        used.push(state["n"].as_f64().unwrap());
        sds.push(state["sd"].as_f64().unwrap());
    }
    let mean_used = used.iter().sum::<f64>() / used.len() as f64;
    let sd = sds.iter().sum::<f64>() / sds.len() as f64;
    // n = ((z(1 - alpha/2) + z(1 - beta)) * sd / delta)^2, z from the tables.
    let (z_a, z_b) = (1.959_964, 1.644_854);
    assert_eq!((alpha, beta), (0.05, 0.05));
    let fixed = ((z_a + z_b) * sd / delta).powi(2);
    assert!(
        mean_used < fixed,
        "sequential used {mean_used} games a side on average; a fixed sample needs {fixed:.0}"
    );
}

#[test]
fn the_sequential_test_accepts_no_change_and_says_undecided_at_its_cap() {
    // The same rules on other games: no change of P1's wins as large as 5 points.
    let (verdict, state) = sequential(&["--bound", "P1-wins:5pp", "--head-seed", "900001"]);
    assert_eq!(verdict, "unchanged", "{state}");
    // A change near the bound, cut off after one block of 200 games.
    let near = [
        "--set",
        "board.entries.P1=50",
        "--bound",
        "length:1",
        "--max-games",
        "200",
    ];
    let (verdict, state) = sequential(&near);
    assert_eq!(verdict, "undecided", "{state}");
    assert_eq!(state["n"], 200);
    let o = goti(&[&["balance", "--until-decided"][..], &near].concat());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains(
            "undecided whether game length (turns, finished) changed by 1.00: --max-games reached"
        ),
        "{text}"
    );
    assert!(text.contains("until decided: 200 games per side"), "{text}");
}

#[test]
fn sequential_mistakes_exit_2_with_the_fix() {
    for (args, says) in [
        (
            &["balance", "--bound", "P1-wins:2pp"][..],
            "--until-decided",
        ),
        (&["balance", "--until-decided"][..], "--bound"),
        (
            &[
                "balance",
                "--until-decided",
                "--bound",
                "P1-wins:2pp",
                "--games",
                "10",
            ][..],
            "--games",
        ),
        (
            &["balance", "--until-decided", "--bound", "turns:2"][..],
            "lead-changes",
        ),
        (
            &["balance", "--until-decided", "--bound", "P1-wins:2"][..],
            "2pp",
        ),
        (
            &[
                "balance",
                "--until-decided",
                "--bound",
                "P1-wins:2pp",
                "--alpha",
                "0.7",
            ][..],
            "below 0.5",
        ),
        (
            &[
                "balance",
                "--until-decided",
                "--bound",
                "P1-wins:2pp",
                "--max-games",
                "0",
            ][..],
            "--max-games",
        ),
    ] {
        let o = goti(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
