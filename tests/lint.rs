//! `goti lint` as users meet it: the shipped rulesets clean, every planted
//! fault found with its ruleset key or a scenario that reaches it, the
//! reporters and the exit codes. Bounded runs (a few games a table).

use goti::engine::planted::{Fault, Planted};
use goti::engine::{Game, Maedn, Player};

mod support;
use support::{goti, text};

const SMALL: &[&str] = &["--games", "6", "--walks", "1", "--players", "2"];

/// Smaller still: two games a table.
const QUICK: &[&str] = &["--games", "2", "--walks", "1", "--players", "2"];

/// Portal and maedn lint clean. Royal's one finding is the dead end its
/// reduced board proves, explained in the rulebook's [house] terms: a
/// guard in the Home path needs an exact roll (`move.exact-home`), the
/// store keeps rolls that overshoot (`roll.persist`), and a full store
/// takes no new die (`roll.store-cap`).
#[test]
fn the_shipped_rulesets_lint_clean_but_for_royals_proven_dead_end() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["royal", "portal", "maedn"] {
        let mut args = vec!["lint", "--game", game, "-o", "found"];
        args.extend(SMALL);
        let o = goti(dir.path(), &args);
        let said = text(&o);
        // The decision figures: some forced decisions, some choices.
        assert!(said.contains("% forced"), "{said}");
        // The small board: every position visited, none stuck; royal's
        // (in Journey, by default) has dead ends, the others none.
        let board = said
            .lines()
            .find(|l| l.trim_start().starts_with("reduced board ("))
            .unwrap_or_else(|| panic!("{said}"));
        assert!(
            board.contains("(every reachable position visited)"),
            "{board}"
        );
        assert!(board.contains(", 0 stuck, "), "{board}");
        let words: &[&str] = match game {
            "royal" => &[
                "board.ring = 8",
                "journey.store_cap = 1",
                "G2-G4 and the King start Home, in Journey",
            ],
            "portal" => &["board.ring = 16", "board.lane = 1", "G2-G5 start home"],
            _ => &["board.ring = 16", "table.pieces = 1"],
        };
        for w in words {
            assert!(board.contains(w), "{w}: {board}");
        }
        assert_eq!(board.ends_with(", 0 dead ends"), game != "royal", "{board}");
        if game != "royal" {
            assert_eq!(o.status.code(), Some(0), "{said}");
            assert!(
                said.contains(&format!("{game} (")) && said.contains("s): clean"),
                "{said}"
            );
            continue;
        }
        assert_eq!(o.status.code(), Some(1), "{said}");
        assert!(
            said.contains("royal (") && said.contains("s): 1 finding(s)"),
            "{said}"
        );
        guide_example_matches("docs/src/lint.md", "$ goti lint --game royal", &said);
        guide_example_matches("README.md", "$ goti lint --game royal", &said);
        for words in [
            "[lint.dead-end] royal's reduced variant",
            "(every position visited)",
            "is 1 step from Home, and every roll its store holds",
            "would overshoot Home (move.exact-home)",
            "the store keeps them (roll.persist)",
            "is at its cap of 1, so every die dealt is discarded (roll.store-cap)",
        ] {
            assert!(said.contains(words), "{words}: {said}");
        }
    }
    // The dead end's scenario replays; at its end each player's last guard
    // stands on H1 (the reduced Home path has one tile) and the player to
    // move may only end the turn: no guard is in the Yard, the King is
    // Home, and a move of G1 would overshoot Home.
    let file = dir.path().join("found/lint-royal-reduced-dead-end.goti");
    let mut scenario = std::fs::read_to_string(&file).unwrap();
    scenario.push_str("expect P1 G1 on home 1\nexpect P2 G1 on home 1\nexpect legal: next turn\n");
    std::fs::write(&file, scenario).unwrap();
    let o = goti(dir.path(), &["run", "found"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// An example output of `file` (the fenced block that starts with
/// `command`) is what goti prints: each part between the example's `…`
/// cuts is in the output, read with the report's line breaks and `│`
/// rails taken out and its times left out.
fn guide_example_matches(file: &str, command: &str, said: &str) {
    let guide =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
            .unwrap();
    let start = guide
        .find(&format!("```\n{command}\n"))
        .unwrap_or_else(|| panic!("no example of `{command}` in {file}"));
    let block = &guide[start + 4 + command.len()..];
    let block = &block[..block.find("```").unwrap()];
    let times = regex::Regex::new(r"\(\d+\.\d s\)").unwrap();
    let flat = |text: &str| {
        let text = times.replace_all(text, "(TIME)");
        text.replace('│', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (example, said) = (flat(block), flat(said));
    let mut parts = 0;
    for part in example.split('…').map(str::trim).filter(|p| !p.is_empty()) {
        assert!(
            said.contains(part),
            "the guide's `{part}` is not in:\n{said}"
        );
        parts += 1;
    }
    assert!(parts >= 3, "{example}");
}

/// Planted: guards that can never leave the Yard (exit.start 0, grace.credit
/// 0; a captured King's credits need guards out first). Found from the
/// numbers alone at the key, and in play as a dead end from the start,
/// with a scenario that `goti run` replays.
#[test]
fn guards_that_never_leave_the_yard_are_found_with_key_and_scenario() {
    let dir = tempfile::tempdir().unwrap();
    let o = goti(dir.path(), &["init", "p", "--game", "royal"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let p = dir.path().join("p");
    let file = p.join("rules/royal.yaml");
    let yaml = std::fs::read_to_string(&file).unwrap();
    // As a designer edits it: two lines uncommented and changed.
    let planted = yaml
        .replacen("# exits:", "exits:", 1)
        .replacen("#   start: 3", "  start: 0", 1)
        .replacen("#   grace_credit: 1", "  grace_credit: 0", 1);
    assert_ne!(
        planted, yaml,
        "the planted keys are in the file goti init wrote"
    );
    std::fs::write(&file, &planted).unwrap();
    let line = planted
        .lines()
        .position(|l| l.starts_with("  start: 0"))
        .unwrap()
        + 1;

    let o = goti(
        &p,
        &[
            "lint",
            "--mode",
            "journey",
            "--format",
            "json",
            "--output",
            "found",
            "--games",
            "3",
            "--walks",
            "1",
            "--players",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let findings = json["rulesets"][0]["findings"].as_array().unwrap();
    let key = findings
        .iter()
        .find(|f| f["rule"] == "exit.start")
        .unwrap_or_else(|| panic!("{findings:?}"));
    assert_eq!(key["file"], "rules/royal.yaml", "{key}");
    assert_eq!(key["line"], line, "{key}");
    assert!(
        key["message"].as_str().unwrap().contains("exits.start"),
        "{key}"
    );
    let dead = findings
        .iter()
        .find(|f| f["message"].as_str().unwrap().contains("[lint.dead-end]"))
        .unwrap_or_else(|| panic!("{findings:?}"));
    assert_eq!(dead["rule"], "end.finish", "{dead}");
    // Shortened to where the loop begins: the Kings Home, the stores full
    // (12: no die dealt), `next turn` the only action, round after round.
    let scenario = dead["scenario"].as_str().unwrap();
    assert!(
        scenario.contains("every ply of a round is forced"),
        "{scenario}"
    );
    assert!(scenario.contains("set exits.start = 0"), "{scenario}");
    // So does the reduced board's (its credits start at 0 too, its
    // first position is already dead).
    let reduced = findings
        .iter()
        .find(|f| {
            f["message"]
                .as_str()
                .unwrap()
                .contains("royal's reduced variant")
        })
        .unwrap_or_else(|| panic!("{findings:?}"));
    assert_eq!(reduced["rule"], "end.finish", "{reduced}");
    assert!(
        reduced["message"]
            .as_str()
            .unwrap()
            .contains("exits.start = 0"),
        "{reduced}"
    );
    // The scenarios written by --out replay under `goti run`.
    let mut written: Vec<String> = std::fs::read_dir(p.join("found"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "lint-royal-journey-2p-dead-end.goti",
            "lint-royal-reduced-dead-end.goti"
        ]
    );
    let o = goti(&p, &["run", "found"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));

    // The text reporter underlines the key in the ruleset file; GitHub's
    // gives an annotation there.
    let o = goti(
        &p,
        &[
            "lint",
            "--mode",
            "journey",
            "--games",
            "2",
            "--walks",
            "1",
            "--players",
            "2",
        ],
    );
    let said = text(&o);
    assert!(said.contains("rules/royal.yaml:"), "{said}");
    assert!(said.contains("s): 3 finding(s)"), "{said}");
    let o = goti(
        &p,
        &[
            "lint",
            "--mode",
            "journey",
            "--format",
            "github",
            "--games",
            "2",
            "--walks",
            "1",
            "--players",
            "2",
        ],
    );
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        said.contains(&format!("::error file=rules/royal.yaml,line={line},")),
        "{said}"
    );
}

/// The same fault from the command line, another way (no grace roll
/// counts: grace.forced's limit 0), the key shown there.
#[test]
fn a_set_on_the_command_line_is_linted_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec![
        "lint",
        "--game",
        "royal",
        "--mode",
        "clash",
        "--set",
        "exits.start=0",
        "--set",
        "exits.grace_per_turn=0",
    ];
    args.extend(SMALL);
    let o = goti(dir.path(), &args);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("--set exits.start=0"), "{said}");
    assert!(
        said.contains("exits.grace_per_turn 0: no grace roll counts"),
        "{said}"
    );
    assert!(said.contains("[lint.dead-end]"), "{said}");
}

/// A table of fewer pieces than the game's words name (maedn's and
/// race's `table.pieces`) is played through without a panic: the greedy
/// policy and the games' fingerprints read the table's pieces, not the
/// words' (a panic before: "maedn has pieces G1-G2, not G3").
#[test]
fn a_table_of_fewer_pieces_is_linted() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["maedn", "race"] {
        let goal = if game == "maedn" {
            "board.goal=2"
        } else {
            "board.home=2"
        };
        let mut args = vec![
            "lint",
            "--game",
            game,
            "--set",
            "table.pieces=2",
            "--set",
            goal,
        ];
        args.extend(SMALL);
        let o = goti(dir.path(), &args);
        let said = text(&o);
        assert_eq!(o.status.code(), Some(0), "{game}: {said}");
        assert!(!said.contains("panicked"), "{game}: {said}");
        assert!(said.contains("greedy play:"), "{game}: {said}");
    }
}

/// A race of two dice is linted on a reduced board whose home keeps as
/// many fields as the fewest a throw moves: with one home field, a piece
/// on the last common field would wait for a 1 that two dice never throw,
/// a dead end of the reduction and not of the game (found before the fix).
/// With the description's own home that short, the dead end is real, once
/// the third double no longer sends the stuck piece back to base
/// (`again.at_limit`: with `lead_back`, the penalty frees it).
#[test]
fn two_dice_are_linted_on_a_home_they_can_reach() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = format!(
        "{}/scenarios/race/two-dice.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::copy(&shipped, dir.path().join("two-dice.yaml")).unwrap();
    let mut args = vec!["lint", "--game", "race", "--ruleset", "two-dice.yaml"];
    args.extend(SMALL);
    let o = goti(dir.path(), &args);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(0), "{said}");
    assert!(said.contains("board.home = 2"), "{said}");
    assert!(said.contains("0 dead ends"), "{said}");
    args.extend(["--set", "board.home=1", "--set", "table.pieces=1"]);
    let o = goti(dir.path(), &args);
    let said = text(&o);
    assert_eq!(
        o.status.code(),
        Some(0),
        "the penalty frees the piece: {said}"
    );
    args.extend(["--set", "again.at_limit=forfeit"]);
    let o = goti(dir.path(), &args);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("lint.dead-end"), "{said}");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["lint", "--games", "0"],
        vec!["lint", "--players", "5"],
        vec!["lint", "--game", "chess"],
        vec!["lint", "--set", "no.such.key=1", "--game", "maedn"],
    ] {
        let o = goti(dir.path(), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    }
}

/// `-o DIR` writes into a folder that exists already (the guide's loop:
/// lint, `goti run` what it found, lint again) and leaves its other files
/// alone; a file of that name is a usage error, found before any game.
#[test]
fn the_output_folder_may_exist_already() {
    let dir = tempfile::tempdir().unwrap();
    let found = dir.path().join("found");
    std::fs::create_dir(&found).unwrap();
    std::fs::write(found.join("mine.goti"), "# kept\n").unwrap();
    deals_nothing(dir.path());
    let mut args = vec![
        "lint",
        "--ruleset",
        "variant.yaml",
        "--mode",
        "journey",
        "--output",
        "found",
    ];
    args.extend(QUICK);
    let o = goti(dir.path(), &args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(found.join("lint-royal-journey-2p-dead-end.goti").is_file());
    assert_eq!(
        std::fs::read_to_string(found.join("mine.goti")).unwrap(),
        "# kept\n"
    );
    std::fs::write(dir.path().join("taken"), "x").unwrap();
    let o = goti(dir.path(), &["lint", "--game", "maedn", "-o", "taken"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("-o taken: a file; name a folder"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("maedn ("), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("taken")).unwrap(),
        "x"
    );
}

/// Writes `variant.yaml`: royal with a Journey deal table that deals no
/// die to any store.
fn deals_nothing(dir: &std::path::Path) {
    std::fs::write(
        dir.join("variant.yaml"),
        "extends: royal\njourney:\n  deal:\n    - { from: 0, to: 12, dice: 0 }\n",
    )
    .unwrap();
}

fn maedn_start(
    fault: Fault,
) -> impl Fn(&[Player]) -> Result<Planted, goti::engine::SetupError> + Sync {
    let rules = goti::rules::shipped_rules::<Maedn>();
    move |table: &[Player]| {
        Maedn::new_game(rules.clone(), table, None).map(|inner| Planted { inner, fault })
    }
}

fn write(record: &goti::selfplay::Record, message: &str) -> String {
    let mut out = format!("# {message}\n");
    for a in record.turns.iter().flatten() {
        out.push_str(&goti::selfplay::action_text(a));
        out.push('\n');
    }
    out
}

fn config() -> goti::lint::Config {
    goti::lint::Config {
        players: 2,
        mode: Default::default(),
        games: 8,
        walks: 1,
        seed: 1,
        max_turns: 4000,
    }
}

/// Planted: a position where the player to move has no legal action (no
/// ruleset of the shipped games makes one: royal's `next turn`, portal's
/// burnt value and maedn's `pass` are always there, so the fault is planted
/// in the legal actions themselves). Found, with the game up to it.
#[test]
fn a_player_with_no_legal_action_is_found() {
    let table = &Player::ALL[..2];
    let (_, clean) = goti::lint::legal_games(&maedn_start(Fault::None), &write, table, &config());
    assert_eq!(clean, vec![], "the unplanted wrapper is clean");
    let (_, found) = goti::lint::legal_games(&maedn_start(Fault::Stuck), &write, table, &config());
    let stuck = found
        .iter()
        .find(|f| f.check == "lint.stuck")
        .unwrap_or_else(|| panic!("{found:?}"));
    assert!(stuck.message.contains("no legal action"), "{stuck:?}");
    let scenario = stuck.scenario.as_deref().unwrap();
    // The game reached the planted position: the last thing done was a 3.
    assert_eq!(scenario.lines().last(), Some("roll 3"), "{scenario}");
}

/// A game that cannot be set up at the table is a finding that names the
/// rule that refused it (the engine's set-up error keeps it).
#[test]
fn a_game_that_cannot_be_set_up_is_found_with_its_rule() {
    let table = &Player::ALL[..2];
    let refused = |_: &[Player]| -> Result<Planted, goti::engine::SetupError> {
        Err(goti::engine::SetupError {
            rule: goti::engine::RuleId("table.players"),
            part: goti::engine::SetupPart::Players,
            message: "maedn is played by 2-4 players".into(),
            help: None,
        })
    };
    let (_, found) = goti::lint::legal_games(&refused, &write, table, &config());
    let setup = found
        .iter()
        .find(|f| f.check == "lint.setup")
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(setup.rule, Some("table.players"), "{setup:?}");
    assert!(
        setup
            .message
            .contains("cannot be set up: maedn is played by 2-4 players"),
        "{setup:?}"
    );
}

/// Planted: the legal actions list one the rules refuse.
#[test]
fn a_listed_action_the_rules_refuse_is_found() {
    let table = &Player::ALL[..2];
    let (_, found) =
        goti::lint::legal_games(&maedn_start(Fault::AddsRefused), &write, table, &config());
    assert!(
        found.iter().any(|f| f.check == "lint.generator"),
        "{found:?}"
    );
}

#[test]
fn the_planted_wrapper_is_a_game() {
    // The wrapper passes positions through: a new game is maedn's.
    let start = maedn_start(Fault::None)(&Player::ALL[..2]).unwrap();
    assert_eq!(start.turn(), Player::ALL[0]);
}

/// Planted: a dead end of another kind. Guards leave the Yard (three
/// credits), but a Journey deal table that deals no die (roll.deal) never
/// fills a store, so no guard moves: found from the numbers at the key of
/// the `--ruleset` file, and in play from the start; Clash, whose table is
/// the shipped one, stays clean. The scenario (with the table as a `set`)
/// replays under `goti run`.
#[test]
fn a_deal_table_that_deals_nothing_is_a_dead_end() {
    let dir = tempfile::tempdir().unwrap();
    deals_nothing(dir.path());
    let mut args = vec![
        "lint",
        "--ruleset",
        "variant.yaml",
        "--format",
        "json",
        "--output",
        "found",
    ];
    args.extend(SMALL);
    let o = goti(dir.path(), &args);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let findings = json["rulesets"][0]["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 3, "{findings:?}");
    assert_eq!(findings[0]["file"], "variant.yaml");
    assert_eq!(
        (findings[0]["line"].as_u64(), findings[0]["rule"].as_str()),
        (Some(3), Some("roll.deal"))
    );
    let dead = findings[1]["message"].as_str().unwrap();
    assert!(
        dead.contains("[lint.dead-end] royal journey with 2 players"),
        "{dead}"
    );
    // The reduced board takes the table's rows for stores of 0 and 1: no
    // die either, so every position of it is a dead end, the new game too.
    let reduced = findings[2]["message"].as_str().unwrap();
    assert!(
        reduced.contains("[lint.dead-end] royal's reduced variant")
            && reduced.contains("dice: 0 }, { from: 1, to: 1, dice: 0 }")
            && reduced.contains("positions of the reduced variant are dead ends"),
        "{reduced}"
    );
    let o = goti(dir.path(), &["run", "found"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// The exhaustive check (every reachable position of a reduced variant)
/// in `--format json`: maedn on a ring of 16 with one piece a player has
/// every position visited, ends among them and no stuck or dead position;
/// royal with `--mode clash` plays its small board in Clash, with Clash's
/// table, every position visited and dead ends among them. (The shipped
/// lint above reads the same figures from the text report, for royal in
/// Journey and for portal.)
#[test]
fn the_reduced_board_is_visited_whole() {
    let dir = tempfile::tempdir().unwrap();
    let reduced = |args: &[&str]| {
        let mut all = vec!["lint", "--format", "json"];
        all.extend(args);
        all.extend(QUICK);
        let o = goti(dir.path(), &all);
        let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (o.status.code(), json["rulesets"][0]["reduced"].clone())
    };
    let (code, r) = reduced(&["--game", "maedn"]);
    assert_eq!(code, Some(0), "{r}");
    assert_eq!(r["complete"], true, "{r}");
    assert!(r["states"].as_u64().unwrap() > 1000, "{r}");
    assert!(r["over"].as_u64().unwrap() > 0, "{r}");
    assert_eq!(
        (r["stuck"].as_u64(), r["dead"].as_u64()),
        (Some(0), Some(0)),
        "{r}"
    );
    // `--mode clash`: the small board plays Clash, with Clash's table.
    let (code, clash) = reduced(&["--game", "royal", "--mode", "clash"]);
    assert_eq!(code, Some(1), "{clash}");
    let variant = clash["variant"].as_str().unwrap();
    assert!(
        variant.contains("board.ring = 8")
            && variant.contains("clash.store_cap = 1")
            && !variant.contains("journey.")
            && variant.contains("G2-G4 and the King start Home, in Clash"),
        "{variant}"
    );
    assert_eq!(clash["complete"], true, "{clash}");
    assert!(clash["over"].as_u64().unwrap() > 0, "{clash}");
    assert!(clash["dead"].as_u64().unwrap() > 0, "{clash}");
    assert_eq!(clash["stuck"].as_u64(), Some(0), "{clash}");
}

/// The exhaustive check finds the planted stuck player and the plies to
/// it, a miscounted listing, and a listed action the rules refuse.
#[test]
fn the_exhaustive_check_finds_a_stuck_player() {
    let start = maedn_start(Fault::Stuck)(&Player::ALL[..2]).unwrap();
    let e = goti::lint::exhaustive::explore(&start, 50_000);
    assert!(e.stuck > 0, "{e:?}");
    let path = e.path.as_ref().unwrap();
    assert_eq!(
        path.last(),
        Some(&goti::engine::Action::Roll(vec![3])),
        "{path:?}"
    );
    let clean = goti::lint::exhaustive::explore(
        &maedn_start(Fault::None)(&Player::ALL[..2]).unwrap(),
        50_000,
    );
    assert_eq!((clean.stuck, clean.refused.clone()), (0, None), "{clean:?}");
    assert_eq!(
        (clean.broken.clone(), clean.faulty.clone()),
        (None, None),
        "{clean:?}"
    );
    // Every listing is checked against its count, and every action the
    // listing adds against the rules.
    let miscounts = goti::lint::exhaustive::explore(
        &maedn_start(Fault::Miscounts)(&Player::ALL[..2]).unwrap(),
        50_000,
    );
    let (check, why) = miscounts.faulty.clone().unwrap();
    assert_eq!(check, "lint.generator");
    assert!(why.contains("legal actions counted"), "{why}");
    let adds = goti::lint::exhaustive::explore(
        &maedn_start(Fault::AddsRefused)(&Player::ALL[..2]).unwrap(),
        50_000,
    );
    assert!(adds.refused.is_some(), "{adds:?}");
}

/// Planted: a deal table whose last row no store reaches (one die for up
/// to 3 stored rolls, none at 4: a store never holds 5). The row is named
/// at its key, underlined in the file, as never used (roll.deal).
#[test]
fn a_deal_row_no_store_reaches_is_found_at_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let o = goti(dir.path(), &["init", "p", "--game", "royal"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let p = dir.path().join("p");
    std::fs::write(
        p.join("rules/dead-row.yaml"),
        "extends: royal\njourney:\n  deal:\n    - { from: 0, to: 3, dice: 1 }\n    - { from: 4, to: 4, dice: 0 }\n    - { from: 5, to: 12, dice: 2 }\n",
    )
    .unwrap();
    let mut args = vec![
        "lint",
        "--ruleset",
        "rules/dead-row.yaml",
        "--mode",
        "journey",
    ];
    args.extend(SMALL);
    let o = goti(&p, &args);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(
        said.contains("journey.deal.2: the row for 5-12 stored rolls is never used: from an empty store the deals fill at most 4"),
        "{said}"
    );
    assert!(said.contains("rules/dead-row.yaml:6:7"), "{said}");
    assert!(
        said.contains("never used") && said.contains("rule roll.deal"),
        "{said}"
    );
    // The shipped tables: every row used (Journey's stores reach 12, Clash's 17).
    let mut args = vec!["lint", "--game", "royal"];
    args.extend(QUICK);
    let o = goti(&p, &args);
    assert!(!text(&o).contains("never used"), "{}", text(&o));
}
