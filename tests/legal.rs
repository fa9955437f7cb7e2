//! What the rules allow, as users meet it: `goti perft` and its exit codes,
//! `expect legal`, `expect legal count` and `expect perft` failing with
//! what was found, and the bounds on both (ROYAL.md §10, PORTAL.md §8,
//! MAEDN.md §3). Counts derived by hand in the comments.

mod support;
use support::{goti, text};

fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, body) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    dir
}

/// Royal's start: the Kings on their entries, every guard in the Yard, a
/// first turn each. Depth 1: the 216 deals of 3 dice; depth 2: 20 actions
/// after each (next turn, 3 exits, the King 1-8 either way): 4320.
const START: &str = "scenario \"start\"\nplayers 4\nmode journey\n\
P1 king on 52, P2 king on 39, P3 king on 26, P4 king on 13\n\
P1 first turn, P2 first turn, P3 first turn, P4 first turn\n";

#[test]
fn perft_counts_and_divides() {
    let dir = project(&[("start.goti", START)]);
    let o = goti(dir.path(), &["perft", "start.goti", "--depth", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).starts_with("perft 2 = 4320 "), "{}", text(&o));
    let o = goti(
        dir.path(),
        &["perft", "start.goti", "--depth", "2", "--divide"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let out = text(&o);
    let branches: Vec<&str> = out.lines().filter(|l| l.starts_with("roll ")).collect();
    assert_eq!(branches.len(), 216, "{out}");
    assert!(branches.iter().all(|l| l.ends_with(": 20")), "{out}");
    assert!(branches.contains(&"roll 6 3 2: 20"), "{out}");
    let o = goti(
        dir.path(),
        &["perft", "start.goti", "--depth", "1", "--format", "json"],
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["perft"], 216);
    assert_eq!(v["game"], "royal");
}

#[test]
fn perft_from_a_line_counts_from_there() {
    // After `roll 6 3 2` and `move king 6` (line 7), P1's turn: only `next
    // turn` (move.choice): depth 1 = 1; depth 2: the next deal, 216.
    let body = format!("{START}roll 6 3 2\nmove king 6\n");
    let dir = project(&[("s.goti", &body)]);
    let o = goti(dir.path(), &["perft", "s.goti:7", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).starts_with("perft 1 = 1 "), "{}", text(&o));
    let o = goti(dir.path(), &["perft", "s.goti:7", "--depth", "2"]);
    assert!(text(&o).starts_with("perft 2 = 216 "), "{}", text(&o));
    // From line 6 (after the roll, before the move): 20 actions.
    let o = goti(dir.path(), &["perft", "s.goti:6", "--depth", "1"]);
    assert!(text(&o).starts_with("perft 1 = 20 "), "{}", text(&o));
}

#[test]
fn perft_exit_codes() {
    let failing = format!("{START}expect turn P2\n");
    let dir = project(&[("start.goti", START), ("failing.goti", &failing)]);
    // The budget ends the count with exit 2 and says how far it got.
    let o = goti(
        dir.path(),
        &["perft", "start.goti", "--depth", "3", "--max-nodes", "100"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("budget of 100 nodes ran out"),
        "{}",
        text(&o)
    );
    // A scenario that fails on the way: its problem, the count, exit 1.
    let o = goti(dir.path(), &["perft", "failing.goti", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("perft 1 = 216"), "{}", text(&o));
    assert!(text(&o).contains("expected turn P2"), "{}", text(&o));
    // No such file, no depth: usage errors.
    assert_eq!(
        goti(dir.path(), &["perft", "nope.goti", "--depth", "1"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        goti(dir.path(), &["perft", "start.goti"]).status.code(),
        Some(2)
    );
}

#[test]
fn failed_expectations_say_what_the_rules_allow() {
    let body = "scenario \"s\"\nplayers 2\nP1 G1 on 20, P1 credits 1, P1 store 3\n\
expect legal count 5\n\
expect legal: next turn | exit G3\n\
expect perft 1 = 215\n";
    let dir = project(&[("s.goti", body)]);
    let o = goti(dir.path(), &["run", "s.goti"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = text(&o);
    // next turn, exit G2, G1 3 either way: 4 (exit.order keeps G3 back).
    assert!(
        out.contains("expected legal count 5, found legal count 4"),
        "{out}"
    );
    assert!(out.contains("not legal: exit G3"), "{out}");
    assert!(
        out.contains("also legal: exit G2 | move G1 3 forward | move G1 3 backward"),
        "{out}"
    );
    assert!(
        out.contains("expected perft 1 = 215, found perft 1 = 216"),
        "{out}"
    );
}

#[test]
fn the_bounds_are_diagnostics() {
    // ROYAL.md §10: a store never set nor dealt has no finite set of moves.
    let free = "scenario \"s\"\nplayers 2\nP1 G1 on 20\nexpect legal count 3\n";
    // Four guards and seven rolls: more than 10,000 moves to list.
    let big = "scenario \"s\"\nplayers 2\n\
P1 G1 on 20, P1 G2 on 30, P1 G3 on 40, P1 G4 on 10, P1 store 1 2 3 4 5 6 6\n\
expect legal: next turn\n";
    // Clash's perft 4 from the start visits more than a scenario may.
    let deep = "scenario \"s\"\nplayers 4\nmode clash\nexpect perft 4 = 1\n";
    let dir = project(&[("free.goti", free), ("big.goti", big), ("deep.goti", deep)]);
    let o = goti(dir.path(), &["run", "free.goti"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("store was never set nor dealt"),
        "{}",
        text(&o)
    );
    let o = goti(dir.path(), &["run", "big.goti"]);
    assert!(
        text(&o).contains("more than 10000 legal actions here, too many to list; state their number with `expect legal count N`"),
        "{}",
        text(&o)
    );
    let o = goti(dir.path(), &["run", "deep.goti"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains(
            "needs more than the 5000000 nodes the perfts of a scenario may visit together"
        ),
        "{}",
        text(&o)
    );
}

/// The perfts of a scenario share one budget, and those of a file one
/// more: a file of many deep perfts takes the time of a few, where each
/// used to spend a budget of its own (a pull request's file could hold
/// thousands, each a few seconds).
#[test]
fn the_perfts_of_a_scenario_and_of_a_file_share_a_budget() {
    let dir = tempfile::tempdir().unwrap();
    let mut file = String::from("scenario \"one\"\nplayers 2\n");
    file.push_str(&"expect perft 12 = 1\n".repeat(3));
    for s in 0..5 {
        file.push_str(&format!(
            "scenario \"more {s}\"\nplayers 2\nexpect perft 12 = 1\n"
        ));
    }
    std::fs::write(dir.path().join("deep.goti"), &file).unwrap();
    let o = goti(dir.path(), &["run", "deep.goti"]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o);
    let spent = |what: &str| out.matches(what).count();
    // The first perft of each scenario spends the scenario's budget; the
    // fourth's 5,000,000 are the last of the file's.
    assert_eq!(
        spent("needs more than the 5000000 nodes the perfts of a scenario may visit together"),
        3,
        "{out}"
    );
    assert_eq!(
        spent("needs more than the 5000000 nodes left of the 20000000 the perfts of a file may visit together"),
        1,
        "{out}"
    );
    // The scenario's next two find nothing left.
    assert!(
        out.contains("needs more than the 0 nodes left of the 5000000 the perfts of a scenario may visit together"),
        "{out}"
    );
    // After four scenarios the file's 20,000,000 are spent: the last two
    // scenarios' perfts visit nothing.
    assert_eq!(
        spent("needs more than the 0 nodes left of the 20000000 the perfts of a file may visit together"),
        2,
        "{out}"
    );
}

#[test]
fn listings_take_every_game_s_syntax() {
    // PORTAL.md §8: `enter` once; maedn's old form and the new one agree.
    let portal = "rules portal\nscenario \"s\"\nplayers 2\nP1 G1 on 47\nroll 6 2\n\
expect legal: enter | move G1 6\nexpect legal count 2\n";
    let maedn = "rules maedn\nscenario \"s\"\nplayers 2\nP1 G1 on 5, P1 G2 on 12\nroll 3\n\
expect legal: G1 G2\nexpect legal: move G2 | move G1\n";
    // One action named twice is a scenario error (rolls are a multiset).
    let twice = "scenario \"s\"\nplayers 2\nP1 G1 on 20, P1 store 3 4\n\
expect legal: move G1 3+4 forward | move G1 4+3 forward\n";
    let dir = project(&[("p.goti", portal), ("m.goti", maedn), ("t.goti", twice)]);
    let o = goti(dir.path(), &["run", "p.goti", "m.goti"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = goti(dir.path(), &["run", "t.goti"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("`move G1 3+4 forward` is named twice in one `legal:` list"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_guards_order_counts_only_where_the_ruleset_says() {
    // ROYAL.md §10: with `order.parted_groups: named` the order the move
    // names its guards in is part of the action; with the shipped `size` it
    // is not, so both orders in one list name one action twice.
    let both = "expect legal count ";
    let list = "expect legal: move G1 2 forward, G2 5 | move G2 5 forward, G1 2 | next turn\n";
    let setup = "scenario \"s\"\nplayers 2\nP1 G1 on 20, P1 G2 on 30, P1 credits 0, P1 store 2 5\n";
    let shipped = format!("{setup}{both}17\n{list}");
    let named = format!("{setup}set order.parted_groups = named\n{both}21\n{list}");
    let dir = project(&[("shipped.goti", &shipped), ("named.goti", &named)]);
    let o = goti(dir.path(), &["run", "shipped.goti"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("`move G1 2 forward, G2 5` is named twice in the list"),
        "{}",
        text(&o)
    );
    // Under the named order the two are two actions (the list is short of
    // the 21, so it fails, but on what is missing, not on a duplicate).
    let o = goti(dir.path(), &["run", "named.goti"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(!text(&o).contains("named twice"), "{}", text(&o));
    assert!(
        text(&o).contains("found legal: 21 legal actions (also legal:"),
        "{}",
        text(&o)
    );
}
