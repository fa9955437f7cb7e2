//! The designer's desk, second round (issue 50): the messages a new user
//! met, each pinned by its exact text.

mod support;

use std::path::Path;
use std::process::Command;
use support::{git, goti, text, write};

/// `goti init` in a new folder: a royal-only project.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let o = goti(dir.path(), &["init"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    dir
}

#[test]
fn a_setup_short_of_players_names_who_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "only-p2.goti",
        "scenario \"only P2\"\nP2 G1 on 40; move G1 3 forward\n",
    );
    let out = text(&goti(dir.path(), &["run", "only-p2.goti"]));
    assert!(
        out.contains("× royal is played by 2-4 players; this setup names only P2"),
        "{out}"
    );
    assert!(
        out.contains("help: add P1: place a piece of P1, or write `players 2` (P1 and P2)"),
        "{out}"
    );
    write(
        dir.path(),
        "only-p1.goti",
        "scenario \"only P1\"\nP1 G1 on 40; move G1 3 forward\n",
    );
    let out = text(&goti(dir.path(), &["run", "only-p1.goti"]));
    assert!(
        out.contains("help: add P2: place a piece of P2, or write `players 2` (P1 and P2)"),
        "{out}"
    );
    write(
        dir.path(),
        "none.goti",
        "scenario \"no one\"\nmove G1 3 forward\n",
    );
    let out = text(&goti(dir.path(), &["run", "none.goti"]));
    assert!(
        out.contains("× royal is played by 2-4 players; this setup names none"),
        "{out}"
    );
    assert!(
        out.contains(
            "help: write `players 2` (P1 and P2), or place a piece of each of two players"
        ),
        "{out}"
    );
}

#[test]
fn steps_after_the_direction_say_where_they_go() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "dir.goti",
        "scenario \"dir\"\nP1 G1 on 40; move G1 forward 3\n",
    );
    let out = text(&goti(dir.path(), &["run", "dir.goti"]));
    assert!(
        out.contains("× unexpected `3`: expected the end of the statement"),
        "{out}"
    );
    assert!(
        out.contains(
            "help: the steps come before the direction: `3 forward`, as in `move G1 3 forward`"
        ),
        "{out}"
    );
}

#[test]
fn the_snapshot_hint_keeps_its_command_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let name = "the king penalty whole position after a long name that passes any terminal width";
    write(
        dir.path(),
        "snap.goti",
        &format!("scenario \"{name}\"\nplayers 2\nP1 G1 on 40; move G1 3 forward\nsnapshot\n"),
    );
    // Not under CI: the new snapshot is written and the hint names it.
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["run", "snap.goti"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env_remove("CI")
        .env_remove("GITHUB_ACTIONS")
        .output()
        .unwrap();
    let out = text(&o);
    let file = "snapshots/snap__the-king-penalty-whole-position-after-a-long-name-that-passes-any-terminal-width.snap.new";
    assert!(dir.path().join(file).is_file(), "{out}");
    let line = out
        .lines()
        .find(|l| l.contains("goti accept"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.contains(&format!("`goti accept {file}`")),
        "the command whole on one line: {out}"
    );
}

#[test]
fn a_project_runs_from_its_own_subfolders() {
    let dir = project();
    let scenarios = dir.path().join("scenarios");
    let o = goti(&scenarios, &["run"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("ok   ./royal.goti:5 merge capture on a shared tile"),
        "{out}"
    );
    assert!(out.contains("2 passed, 0 failed"), "{out}");
    let o = goti(&dir.path().join("rules"), &["run"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("ok   ../scenarios/royal.goti:5 merge capture on a shared tile"),
        "{out}"
    );
}

#[test]
fn balance_against_a_revision_speaks_of_the_game_it_plays() {
    let dir = project();
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "-A"]);
    git(
        dir.path(),
        &[
            "-c",
            "user.email=t@t",
            "-c",
            "user.name=t",
            "commit",
            "-qm",
            "init",
        ],
    );
    let o = goti(dir.path(), &["balance", "--base", "HEAD", "--games", "5"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let base = out
        .lines()
        .find(|l| l.starts_with("base: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(base.starts_with("base: HEAD:rules/royal.yaml ("), "{base}");
    assert!(
        !base.contains("portal") && !base.contains("maedn"),
        "{base}"
    );
    // goti diff's base line too: a royal-only project's base is its royal file.
    let o = goti(dir.path(), &["diff", "--base", "HEAD"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let base = out
        .lines()
        .find(|l| l.contains("base: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(base.contains("HEAD:rules/royal.yaml ("), "{base}");
    assert!(
        !base.contains("portal") && !base.contains("maedn"),
        "{base}"
    );
}

/// The SVG `goti render` draws of `at`.
fn svg(dir: &Path, at: &str) -> String {
    let o = goti(dir, &["render", at]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn pictures_say_stores_and_dice_in_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let royal = svg(root, "scenarios/royal/worked-examples.goti:6");
    assert!(
        royal.contains(">store not set (any rolls)</text>"),
        "royal's unset store in words"
    );
    assert!(!royal.contains(">store any<"));
    let portal = svg(root, "scenarios/portal/captures.goti:38");
    let line = portal
        .lines()
        .find(|l| l.contains("dice to play:"))
        .expect("portal's dice line");
    assert!(!line.contains('['), "{line}");
    assert!(
        portal.contains(">burned: none</text>"),
        "portal's burned dice in words"
    );
}

/// Copies the folder `from` into `to`, its subfolders too (a scenario's
/// `rules file` beside it).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let there = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &there);
        } else {
            std::fs::copy(&p, there).unwrap();
        }
    }
}

#[test]
fn coverage_is_of_the_games_the_project_plays() {
    let dir = project();
    // Only init's two examples: royal's gaps alone, no other game's.
    let o = goti(dir.path(), &["coverage"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("== royal (64 rule IDs)") && !out.contains("== portal"),
        "{out}"
    );
    assert!(out.contains(" of 64 rule IDs covered"), "{out}");
    // The shipped royal scenarios cover every royal rule: exit 0.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_dir(
        &root.join("scenarios/royal"),
        &dir.path().join("scenarios/royal"),
    );
    let o = goti(dir.path(), &["coverage"]);
    let out = text(&o);
    assert!(out.contains("64 of 64 rule IDs covered"), "{out}");
    assert_eq!(o.status.code(), Some(0), "{out}");
    // A scenario of another game is said, not counted.
    copy_dir(
        &root.join("scenarios/maedn"),
        &dir.path().join("scenarios/maedn"),
    );
    let o = goti(dir.path(), &["coverage"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("not counted (another game): "), "{out}");
    assert!(
        out.contains(" of maedn; this coverage is of royal (goti.yaml's rulesets, or --game)"),
        "{out}"
    );
    // --game chooses.
    let o = goti(dir.path(), &["coverage", "--game", "maedn"]);
    let out = text(&o);
    assert!(
        out.contains("13 of 13 rule IDs covered") && !out.contains("== royal"),
        "{out}"
    );
    assert_eq!(o.status.code(), Some(0), "{out}");
    // goti mutate chooses the same way: maedn's mutants alone.
    let o = goti(dir.path(), &["mutate", "--game", "maedn"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("\nmaedn: ") && !out.contains("\nroyal: "),
        "{out}"
    );
    // A game no passing scenario plays: loud, not a score of nothing.
    let o = goti(dir.path(), &["mutate", "--game", "portal"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("no scenario of portal passes"),
        "{}",
        text(&o)
    );
}

/// A ruleset file whose keys fit no game is told to say its game, with
/// every game goti knows (the first, the default, as the example): the
/// list of games written by the list, not by hand.
#[test]
fn a_ruleset_of_no_game_is_told_every_game_to_extend() {
    let dir = project();
    write(dir.path(), "rules/odd.yaml", "nothing:\n  here: 1\n");
    let o = goti(dir.path(), &["lint", "--ruleset", "rules/odd.yaml"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains(
            "--ruleset rules/odd.yaml: its keys fit no game's ruleset; say which game it is for with `extends: royal` (or portal, maedn, race)"
        ),
        "{}",
        text(&o)
    );
}

/// A place in words the rules in play do not have is refused where it is
/// written, with the game's places and the one it is closest to, written
/// as the game writes it (royal's home path is `on home N`, its yard `in
/// yard`).
#[test]
fn a_place_no_rule_names_is_refused_with_the_places_there_are() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "places.goti",
        "scenario \"misspelt places\"\nP1 G1 in yrd, P2 G1 on 3\nexpect P1 G1 in hme 2\n",
    );
    let out = text(&goti(dir.path(), &["run", "places.goti"]));
    assert!(
        out.contains(
            "× `yrd` is not a place of royal: its places are `on N`, `on home N` and `in yard`"
        ),
        "{out}"
    );
    assert!(out.contains("help: did you mean `in yard`?"), "{out}");
    assert!(out.contains("places.goti:2:7"), "{out}");
    assert!(out.contains("help: did you mean `on home`?"), "{out}");
}
