//! `goti balance`: a change's marked differences follow from it; no change
//! marks nothing; the greedy policy captures more than the random one; the
//! errors a user can make exit 2.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the goti binary runs")
}

fn report(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["balance", "--format", "json"];
    all.extend_from_slice(args);
    let o = goti(&all);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()["report"].clone()
}

fn measure<'a>(r: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    r["measures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m[0] == name)
        .map(|m| &m[1])
        .unwrap_or_else(|| panic!("no measure {name}"))
}

fn rule<'a>(r: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    r["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m[0] == id)
        .map(|m| &m[1])
        .unwrap_or_else(|| panic!("no rule {id}"))
}

#[test]
fn a_capture_worth_30_raises_battle_points_and_nothing_else() {
    let r = report(&["--set", "journey.capture_value=30", "--games", "300"]);
    let points = measure(&r, "battle points");
    assert_eq!(points["marked"], true, "{points}");
    assert!(points["diff"].as_f64().unwrap() > 0.0);
    // Random play does not look at points: the same games, move for move.
    assert_eq!(r["length"]["diff"], 0.0);
    assert_eq!(measure(&r, "captures")["diff"], 0.0);
    assert_eq!(r["games"], 300);
}

#[test]
fn portal_without_dice_tiles_has_fewer_extra_rolls_and_longer_games() {
    let r = report(&[
        "--game",
        "portal",
        "--set",
        "board.dice_tiles=[]",
        "--games",
        "400",
    ]);
    let extra = measure(&r, "extra rolls");
    assert_eq!(extra["marked"], true);
    assert!(extra["diff"].as_f64().unwrap() < 0.0, "{extra}");
    assert!(r["length"]["diff"].as_f64().unwrap() > 0.0);
    assert_eq!(rule(&r, "dice-tile.extra")["head"], 0.0);
}

/// Road rides are portal's own event (`road.jump`), counted where its kind
/// says: portal's roads give rides, a board without roads none.
#[test]
fn portal_without_roads_has_no_road_rides() {
    let r = report(&[
        "--game",
        "portal",
        "--set",
        "board.roads=[]",
        "--games",
        "200",
    ]);
    let rides = measure(&r, "road rides");
    assert!(rides["base"].as_f64().unwrap() > 10.0, "{rides}");
    assert_eq!(rides["head"], 0.0, "{rides}");
    assert_eq!(rides["marked"], true, "{rides}");
    assert_eq!(rule(&r, "road.jump")["head"], 0.0);
}

/// Balance reports one list of measures for every game, each game's in the
/// list's order; a game moves only its own (ROYAL.md: battle points,
/// captures, blockade penalties, grace rolls, exits, and no extra roll, its
/// dice dealt at once; PORTAL.md: captures, toilet falls, road rides,
/// extra rolls from dice tiles and captures; MAEDN.md and race's default
/// description: captures, and the extra throw of a 6), the rest stay 0.
#[test]
fn each_game_moves_only_its_own_measures() {
    let all = [
        "battle points",
        "captures",
        "blockade penalties",
        "grace rolls",
        "exits",
        "falls",
        "road rides",
        "extra rolls",
    ];
    let family = ["captures", "extra rolls"];
    for (game, own) in [
        ("royal", &all[..5]),
        (
            "portal",
            &["captures", "falls", "road rides", "extra rolls"][..],
        ),
        ("maedn", &family[..]),
        ("race", &family[..]),
    ] {
        let r = report(&["--game", game, "--games", "60"]);
        let names: Vec<&str> = r["measures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m[0].as_str().unwrap())
            .take(all.len())
            .collect();
        assert_eq!(names, all, "{game}");
        for name in all {
            let base = measure(&r, name)["base"].as_f64().unwrap();
            assert_eq!(base > 0.0, own.contains(&name), "{game}: {name} {base}");
        }
    }
}

#[test]
fn no_change_marks_nothing() {
    let r = report(&["--game", "maedn", "--games", "200"]);
    assert_eq!(r["length"]["marked"], false);
    assert_eq!(r["length"]["diff"], 0.0);
    for (_, p) in r["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (&m[0], &m[1]))
    {
        assert_eq!(p["marked"], false, "{p}");
    }
}

#[test]
fn under_the_points_policy_a_capture_worth_more_changes_play() {
    // Random play ignores points (above); a player who plays for points
    // captures more when a capture is worth ten times as much.
    let r = report(&[
        "--policy",
        "points",
        "--set",
        "journey.capture_value=200",
        "--games",
        "300",
    ]);
    let captures = measure(&r, "captures");
    assert_eq!(captures["marked"], true, "{captures}");
    assert!(captures["diff"].as_f64().unwrap() > 0.0, "{captures}");
    assert_ne!(r["length"]["diff"], 0.0, "the games are not the same");
    // A game that scores no points has no points policy.
    let o = goti(&[
        "balance", "--game", "portal", "--policy", "points", "--games", "5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("portal scores no points"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_greedy_policy_captures_more_than_random_play() {
    let random = report(&["--game", "maedn", "--games", "300"]);
    let greedy = report(&["--game", "maedn", "--games", "300", "--policy", "greedy"]);
    let c = |r: &serde_json::Value| measure(r, "captures")["base"].as_f64().unwrap();
    assert!(
        c(&greedy) > c(&random) * 1.1,
        "greedy {} random {}",
        c(&greedy),
        c(&random)
    );
}

#[test]
fn mistakes_exit_2() {
    for args in [
        vec!["balance", "--games", "0"],
        vec!["balance", "--set", "journey.no_such_key=1", "--games", "10"],
        vec!["balance", "--set", "journey.capture_value", "--games", "10"],
        vec!["balance", "--base", "no-such-revision", "--games", "10"],
        vec!["balance", "--set", "board.ring=3", "--games", "10"],
    ] {
        let o = goti(&args);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        assert!(
            String::from_utf8_lossy(&o.stderr).starts_with("error:"),
            "{args:?}"
        );
    }
}

/// A value whose bound another key sets names that key: `dice.faces=5`
/// leaves `dice.six` at 6, and the refusal says to change it with it.
#[test]
fn a_dependent_key_is_named_in_the_refusal() {
    let o = goti(&[
        "balance",
        "--game",
        "maedn",
        "--set",
        "dice.faces=5",
        "--games",
        "10",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("dice.six: 6 is out of bounds; goti takes 1-5 here"),
        "{err}"
    );
    assert!(
        err.contains("(the bound follows `dice.faces`: change `dice.six` with it)"),
        "{err}"
    );
    let both = goti(&[
        "balance",
        "--game",
        "maedn",
        "--set",
        "dice.faces=5",
        "--set",
        "dice.six=5",
        "--games",
        "10",
    ]);
    assert_eq!(
        both.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&both.stderr)
    );
}

/// The decision figures (ROYAL.md §10's legal actions at each decision,
/// over the run's first 30 games): fewer King values leave fewer actions
/// at a decision, marked; a change of points alone changes no decision.
#[test]
fn decisions_follow_what_the_rules_allow() {
    let fewer = report(&["--set", "king.max_value=2", "--games", "40"]);
    let d = &fewer["decisions"];
    assert_eq!(d["games"], 30, "{d}");
    let (base, head) = (
        d["branching"]["base"].as_f64().unwrap(),
        d["branching"]["head"].as_f64().unwrap(),
    );
    assert!(head < base && head >= 1.0, "{d}");
    assert_eq!(d["branching"]["marked"], true, "{d}");
    let forced = d["forced"]["base"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&forced), "{d}");
    // After its move a royal player has `next turn` alone: a forced
    // decision every turn that moved.
    assert!(forced > 0.2, "{d}");
    let points = report(&["--set", "journey.capture_value=30", "--games", "40"]);
    let d = &points["decisions"];
    assert_eq!(d["forced"]["diff"], 0.0, "{d}");
    assert_eq!(d["branching"]["diff"], 0.0, "{d}");
}
