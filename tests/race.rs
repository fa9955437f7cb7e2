//! `race` (RACE.md): maedn as data plays exactly as the Rust maedn, and
//! the shipped maedn scenarios pass under it.

use std::path::Path;
use std::process::Command;

use goti::engine::params::RaceParams;
use goti::engine::RaceRules;
use goti::games::race::as_maedn;
use goti::rules::RulesetParams;

/// Seeded games at every table size: the same plies, the same verdict on
/// every action a player could name (the same rule, under its race
/// name), the same positions.
#[test]
fn the_shipped_description_plays_as_the_rust_maedn() {
    for players in 2..=4 {
        let a = as_maedn::compare(players, 300, 11).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.games, 300);
        assert!(a.actions > 50_000 && a.tried > 5 * 50_000, "{a:?}");
    }
}

/// A change planted in a description.
type Plant = fn(&mut RaceParams);

/// The lockstep is not blind: a description that differs from maedn in
/// one choice is caught, at the step it first shows.
#[test]
fn a_description_that_differs_from_maedn_is_caught() {
    let planted: [(&str, Plant); 4] = [
        ("a pass on a 6 passes the turn", |p| {
            p.again.after_pass = false
        }),
        ("a capture throws again", |p| p.again.on_capture = true),
        ("entering is a choice", |p| p.obligations.truncate(1)),
        ("a 5 brings a piece in too", |p| p.enter.values.push(5)),
    ];
    for (what, plant) in planted {
        let mut p = RaceParams::shipped();
        plant(&mut p);
        let e = as_maedn::compare_with(RaceRules::new(p), 2, 300, 11).expect_err(what);
        let e = e.to_string();
        assert!(e.contains("game ") && e.contains("step "), "{what}: {e}");
    }
}

/// Every shipped maedn scenario passes under `rules race` with `rules file
/// "maedn.yaml"` (maedn as data, under MAEDN.md's rule IDs), unchanged but
/// for that rules line and the snapshot lines left out (their bodies name
/// the game). Where a rule ID were cited under RACE.md's name, an `expect
/// illegal(dice.one)` would not match.
#[test]
fn the_shipped_maedn_scenarios_pass_under_race() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (mut files, mut scenarios) = (0, 0);
    for entry in std::fs::read_dir(root.join("scenarios/maedn")).expect("scenarios/maedn") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "goti") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a scenario file");
        scenarios += text.lines().filter(|l| l.starts_with("scenario ")).count();
        assert!(text.contains("rules maedn"), "{}", path.display());
        // Unchanged but for the rules line (and the snapshots, which are
        // maedn's files): MAEDN.md's rule IDs are maedn.yaml's `names`.
        let moved: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("snapshot"))
            .map(|l| {
                if l.trim() == "rules maedn" {
                    "rules race\nrules file \"maedn.yaml\"\n".to_string()
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        std::fs::write(dir.path().join(path.file_name().expect("a name")), moved).expect("written");
        files += 1;
    }
    assert!(files >= 10, "{files} maedn files");
    std::fs::copy(
        root.join("scenarios/race/maedn.yaml"),
        dir.path().join("maedn.yaml"),
    )
    .expect("maedn.yaml copied");
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["run", "."])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("goti runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let all = format!("{scenarios} passed, 0 failed");
    assert!(out.contains(&all), "{all}: {out}");
    // Their coverage is MAEDN.md's: the 13 rules maedn.yaml puts in play,
    // under MAEDN.md's IDs, every one covered.
    let (code, said) = goti_in(dir.path(), &["coverage", ".", "--game", "race"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("13 of 13 rule IDs covered"), "{said}");
    for id in ["dice.one", "dice.six-again", "enter.six", "board.goal"] {
        assert!(
            said.lines()
                .any(|l| l.starts_with(&format!("{id} ")) && l.contains("scenario(s)")),
            "{id}: {said}"
        );
    }
    assert!(
        said.contains("dice.throw                 not in play"),
        "{said}"
    );
    // The report page links every event's rule ID to its text, the
    // description's own IDs too.
    let (code, said) = goti_in(
        dir.path(),
        &["run", ".", "--format", "html", "-o", "page.html"],
    );
    assert_eq!(code, Some(0), "{said}");
    let page = std::fs::read_to_string(dir.path().join("page.html")).expect("a page");
    let mut links = 0;
    for href in page.split("href=\"#").skip(1) {
        let target = href.split('"').next().expect("a closing quote");
        assert!(
            page.contains(&format!("id=\"{target}\"")),
            "no anchor {target}"
        );
        links += 1;
    }
    assert!(
        links > 100 && page.contains("href=\"#race-dice.one\""),
        "{links} links"
    );
}

/// `goti lint`'s visit of every reachable position of the reduced board
/// finds as many positions for race's default as for maedn: the
/// description keeps no state maedn has not (a count of 6s in a row is
/// kept only where `again.limit` reads it).
#[test]
fn the_reduced_board_has_maedns_positions() {
    let positions = |game: &str| -> String {
        let o = Command::new(env!("CARGO_BIN_EXE_goti"))
            .args(["lint", "--game", game])
            .env("NO_COLOR", "1")
            .env("CI", "true")
            .output()
            .expect("goti runs");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(0), "{game}: {out}");
        let line = out
            .lines()
            .find(|l| l.contains("reduced board"))
            .unwrap_or_else(|| panic!("{game}: {out}"));
        let at = line.find(" positions").expect("a count of positions");
        line[..at].rsplit(' ').next().expect("a number").to_string()
    };
    let maedn = positions("maedn");
    assert!(maedn.parse::<u64>().is_ok_and(|n| n > 1000), "{maedn}");
    assert_eq!(positions("race"), maedn);
}

/// `goti` in `dir`, as CI runs it: the exit code and what it printed.
fn goti_in(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("goti runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), said)
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(["-c", "user.name=goti", "-c", "user.email=goti@example.com"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs")
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// A race game written from scratch (`tests/race-from-scratch/`: one
/// description of at most 60 lines, comments and blanks aside, and its
/// scenarios), with no Rust change: every command of goti works on it.
#[test]
fn a_race_game_written_from_scratch_takes_every_command() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/race-from-scratch");
    let description = std::fs::read_to_string(source.join("three-ways.yaml")).expect("read");
    let lines = description
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .count();
    assert!(lines <= 60, "{lines} lines");
    let dir = tempfile::tempdir().expect("a scratch project");
    let p = dir.path();
    std::fs::create_dir(p.join("scenarios")).expect("a folder");
    for f in ["three-ways.yaml", "goti.yaml", "scenarios/three-ways.goti"] {
        std::fs::copy(source.join(f), p.join(f)).expect("copied");
    }
    git(p, &["init", "-q"]);
    git(p, &["add", "-A"]);
    git(p, &["commit", "-qm", "three ways"]);

    // Its scenarios pass; events and refusals cite its own rule IDs
    // (`names`), RACE.md's where it names none.
    let (code, said) = goti_in(p, &["run"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("8 passed, 0 failed"), "{said}");
    let forfeit = "the second 4 in a row is forfeit";
    let (code, said) = goti_in(
        p,
        &["explain", "scenarios/three-ways.goti", "--name", forfeit],
    );
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("(ways.second-four)"), "{said}");
    assert!(
        said.contains("refused as expected by ways.second-four"),
        "{said}"
    );
    assert!(said.contains("(ways.throw-again)"), "{said}");
    assert!(said.contains("(dice.throw)"), "{said}");
    assert!(!said.contains("(throw.limit)"), "{said}");

    // A picture: the board's safe fields drawn as such.
    let (code, said) = goti_in(
        p,
        &["render", "scenarios/three-ways.goti:43", "-o", "b.svg"],
    );
    assert_eq!(code, Some(0), "{said}");
    let svg = std::fs::read_to_string(p.join("b.svg")).expect("an SVG");
    assert!(svg.contains("<svg") && svg.contains("safe"), "{said}");
    // Its own place words (`words`): the picture names the tower and the
    // camp, and a place in maedn's words is refused where it stands, with
    // the description's places.
    assert!(
        svg.contains("P1 tower 3") && svg.contains(">camp<"),
        "{svg}"
    );
    let (code, said) = goti_in(
        p,
        &[
            "explain",
            "scenarios/three-ways.goti",
            "--name",
            "a pass on a 4 does not throw again",
            "--board",
        ],
    );
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("P2 in camp: G1 G2"), "{said}");
    assert!(
        said.contains("P1 (seat 0) tower: 1[] 2[] 3[G2]  camp[]"),
        "{said}"
    );
    std::fs::write(
        p.join("maedn-words.goti"),
        "rules race\nrules file \"three-ways.yaml\"\nscenario \"maedn's words\"\nplayers 2\nP1 G1 in goal 1\n",
    )
    .expect("written");
    let (code, said) = goti_in(p, &["run", "maedn-words.goti"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains(
            "`goal` is not a place of race: its places are `on N`, `in camp` and `in tower N`"
        ),
        "{said}"
    );
    assert!(said.contains("maedn-words.goti:5:7"), "{said}");
    std::fs::remove_file(p.join("maedn-words.goti")).expect("removed");

    // What the rules allow: perft by hand (the scenario's comment), 16.
    let (code, said) = goti_in(
        p,
        &["perft", "scenarios/three-ways.goti:70", "--depth", "3"],
    );
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("perft 3 = 16"), "{said}");

    // A lint: the description's three seats make tables of 2 and 3.
    let (code, said) = goti_in(p, &["lint", "--game", "race", "--games", "10"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("three-ways.yaml") && said.contains("clean"),
        "{said}"
    );
    assert!(
        said.contains("race with 3 players") && !said.contains("4 players"),
        "{said}"
    );

    // Mutants of every key; its score says where the scenarios are thin.
    let (code, said) = goti_in(p, &["mutate"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("valid mutants") && said.contains("survives: board.starts.1 8 -> 7"),
        "{said}"
    );
    // A mutant's label cites the rule by the description's own ID.
    assert!(
        said.contains("capture.safe.1 12 -> 11 (reads ways.mid-side)"),
        "{said}"
    );

    // Self-play of the project's description under the invariants, at a
    // table of three (as many as its seats, unasked); four players do not
    // fit its three seats.
    let (code, said) = goti_in(
        p,
        &["fuzz", "--game", "race", "--players", "4", "--games", "5"],
    );
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("seat at most 3 players"), "{said}");
    let (code, said) = goti_in(p, &["fuzz", "--game", "race", "--games", "50"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("no violation"), "{said}");

    // A change to it: the second 4 no longer forfeit.
    let changed = description.replace("limit: 2 ", "limit: 3 ");
    assert_ne!(changed, description);
    std::fs::write(p.join("three-ways.yaml"), changed).expect("written");
    let (code, said) = goti_in(p, &["diff", "--base", "HEAD"]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("1 now failing"), "{said}");
    assert!(
        said.contains(&format!("three-ways.goti:30 {forfeit}")),
        "{said}"
    );
    let (code, said) = goti_in(
        p,
        &[
            "balance", "--game", "race", "--base", "HEAD", "--games", "300",
        ],
    );
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("base: HEAD:three-ways.yaml"), "{said}");
    assert!(
        said.contains("race, 3 players"),
        "as many as it seats: {said}"
    );
    assert!(said.contains("extra rolls per game"), "{said}");
}

/// `goti init --game race` starts a project that passes.
#[test]
fn init_starts_a_race_project() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (code, said) = goti_in(dir.path(), &["init", "--game", "race"]);
    assert_eq!(code, Some(0), "{said}");
    let (code, said) = goti_in(dir.path(), &["run"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("2 passed, 0 failed"), "{said}");
}

/// The rule IDs a `goti coverage` of the project's `target` lists, and
/// those it lists as out of play.
fn coverage_of(target: &str) -> (Option<i32>, String, Vec<String>, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, said) = goti_in(root, &["coverage", target, "--game", "race"]);
    let mut covered = Vec::new();
    let mut out = Vec::new();
    for line in said
        .lines()
        .filter(|l| l.contains('.') && !l.starts_with(' '))
    {
        let Some(id) = line.split_whitespace().next() else {
            continue;
        };
        if line.contains("not in play") {
            out.push(id.to_string());
        } else if line.contains("scenario(s)") {
            covered.push(id.to_string());
        }
    }
    (code, said, covered, out)
}

/// The two shipped descriptions (RACE.md §6): each one's scenarios cover
/// every rule it puts in play, the coverage gate asks no other, and its
/// rulebook in docs/src/rulebooks/ states exactly those rules.
#[test]
fn each_shipped_description_covers_the_rules_its_rulebook_states() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, in_play) in [("ludo", 14), ("two-dice", 18)] {
        let (code, said, covered, out) = coverage_of(&format!("scenarios/race/{name}.goti"));
        assert_eq!(code, Some(0), "{name}: {said}");
        assert!(
            said.contains(&format!("{in_play} of {in_play} rule IDs covered")),
            "{name}: {said}"
        );
        assert_eq!(covered.len() + out.len(), 30, "{name}: {said}");
        let book = std::fs::read_to_string(root.join(format!("docs/src/rulebooks/race-{name}.md")))
            .unwrap();
        let mut stated: Vec<String> = book
            .lines()
            .filter_map(|l| l.strip_prefix("- `"))
            .filter_map(|l| l.split('`').next())
            .map(str::to_string)
            .collect();
        stated.sort();
        let mut covered = covered;
        covered.sort();
        assert_eq!(
            stated, covered,
            "{name}: the rulebook's rules are the ones in play"
        );
        for id in &out {
            assert!(
                book.contains(&format!("`{id}`")),
                "{name}: says {id} is out of play"
            );
        }
    }
    // The family as a whole: every rule of RACE.md is in play in some
    // scenario's description, and covered (RACE.md's 30).
    let (code, said, covered, out) = coverage_of("scenarios/race");
    assert_eq!(code, Some(0), "{said}");
    assert_eq!((covered.len(), out.len()), (30, 0), "{said}");
}

/// The guide's Ludo (docs/src/race.md) is the shipped file, whole.
#[test]
fn the_guide_shows_the_shipped_ludo() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("docs/src/race.md")).unwrap();
    let file = std::fs::read_to_string(root.join("scenarios/race/ludo.yaml")).unwrap();
    let shown = guide
        .split("```yaml\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a yaml block");
    assert!(shown.starts_with("name: ludo"), "{shown}");
    assert!(
        file.ends_with(shown),
        "the guide shows:\n{shown}\nthe file is:\n{file}"
    );
}

/// A failed `expect legal` of maedn and race names a pass as scenarios
/// write it, `pass` (MAEDN.md §3, RACE.md §5), not royal's `next turn`.
#[test]
fn a_pass_is_named_pass_in_messages() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    for game in ["maedn", "race"] {
        let text = format!(
            "rules {game}\nscenario \"nothing to enter\"\nplayers 2\nroll 3\nexpect legal: enter\n"
        );
        std::fs::write(dir.path().join("a.goti"), text).expect("written");
        let (code, said) = goti_in(dir.path(), &["run", "a.goti"]);
        assert_eq!(code, Some(1), "{game}: {said}");
        assert!(
            said.contains("found legal: pass (not legal: enter; also legal: pass)"),
            "{game}: {said}"
        );
        assert!(!said.contains("next turn"), "{game}: {said}");
    }
}

/// dice.each under self-play and lint: the default description with two
/// dice each played apart (a double throws again, the third in a row is
/// forfeit) breaks no invariant in fuzz, and lint's listing of legal
/// actions agrees with the rules at every node it compares.
#[test]
fn each_die_apart_fuzzes_and_lints_clean() {
    let dir = tempfile::tempdir().expect("a scratch project");
    let p = dir.path();
    let description = goti::engine::params::RACE_DEFAULT_YAML
        .replace("count: 1 ", "count: 2 ")
        .replace("read: sum ", "read: each")
        .replace(
            "values: [6]                 # throw.again",
            "values: []                  # throw.again",
        )
        .replace("on_double: false", "on_double: true ")
        .replace("limit: 0 ", "limit: 3 ");
    assert!(description.contains("read: each") && description.contains("values: []"));
    std::fs::write(p.join("each.yaml"), description).expect("written");
    std::fs::write(p.join("goti.yaml"), "rules:\n  race: each.yaml\n").expect("written");
    let (code, said) = goti_in(p, &["fuzz", "--game", "race", "--games", "200"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("no violation"), "{said}");
    let (code, said) = goti_in(p, &["lint", "--game", "race", "--games", "10"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("clean"), "{said}");
    assert!(
        !said.contains("at 0 nodes"),
        "the listing was compared: {said}"
    );
}
