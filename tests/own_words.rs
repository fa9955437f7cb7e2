//! A game's own words (issue 45): royal's `credits`, `battle`, `progress`
//! and `score`, portal's `doubles`, `falls`, `tokens` and `burned`, and
//! maedn's `returns` are the games' vocabulary, not the grammar's. Each is
//! read in the forms its game declares; any other form is a located
//! problem that says the form, never a panic or a silent reading.

use std::path::Path;

use goti::runner::{self, FileReport, RunOptions};

fn run(text: &str) -> FileReport {
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    runner::run_text("own.goti", text, Path::new("own.goti"), &opts, None)
}

/// Every problem as `line:column message | help`.
fn problems(text: &str) -> Vec<String> {
    let report = run(text);
    report
        .file_problems
        .iter()
        .chain(report.scenarios.iter().flat_map(|s| &s.problems))
        .map(|d| {
            let (line, col) = d.source.line_col(d.span.start);
            format!(
                "{line}:{col} {} | {}",
                d.message,
                d.help.as_deref().unwrap_or("")
            )
        })
        .collect()
}

fn passed(text: &str) -> bool {
    let report = run(text);
    assert!(!report.scenarios.is_empty(), "no scenario in {text:?}");
    report.scenarios.iter().all(|s| s.passed())
}

#[test]
fn the_shipped_games_words_read_as_before() {
    // The brief's line: P2's solo guard on 23 is captured by the merge;
    // points.battle pays 20 for a capture (ROYAL.md), and the exit credits
    // stay at the 3 players start with (exit.start).
    assert!(passed(
        "scenario \"merge capture on a shared tile\"\n\
         P1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\n\
         expect P2 G1 in yard\n\
         expect P1 battle 20\n\
         expect P1 battle 20, P1 credits 3, P2 battle 0\n"
    ));
    // Set-up facts chain with placements, in any case.
    assert!(passed(
        "scenario \"facts\"\nP1 G1 on 5, P2 G1 on 9, P1 Credits 2, P1 battle -5\n\
         expect P1 credits 2, P1 BATTLE -5\n"
    ));
    // A wrong number is a failed expectation, as it always was.
    assert!(!passed(
        "scenario \"wrong\"\nplayers 2\nP1 G1 on 5, P1 credits 2\nexpect P1 credits 1\n"
    ));
}

#[test]
fn royal_exit_is_its_own_action_in_every_place_an_action_stands() {
    // exit.credit: one credit lets G2 leave the Yard onto the start tile,
    // and the legal listing of ROYAL.md section 10 names it with the rest.
    assert!(passed(
        "scenario \"one credit gives one exit\"\nplayers 2\n\
         P1 G1 on 20, P1 credits 1, P1 store 3\n\
         expect legal: next turn | exit G2 | move G1 3 forward | move G1 3 backward\n\
         P1: exit G2\n\
         expect P1 credits 0\n\
         expect illegal exit G3\n"
    ));
    let text = "scenario \"x\"\nplayers 2\nexit G2 G2\nexit\nexti G1\nexit2 G1\n";
    assert_eq!(
        problems(text),
        [
            "3:9 G2 is named twice in one exit | `exit` names each piece once",
            "4:1 `exit` names at least one piece | write `exit G1`",
            "5:1 `exti` does not start any statement goti knows | did you mean `exit`?",
            "6:1 `exit2` does not start any statement goti knows | did you mean `exit`?",
        ]
    );
    let portal = "rules portal\nscenario \"x\"\nplayers 2\nexit G1\n";
    assert_eq!(
        problems(portal),
        ["4:1 `exit` is a royal word; this scenario plays portal | portal pieces leave base with `enter G1` on a 6"]
    );
}

#[test]
fn enter_is_portals_and_maedns_own_word_in_each_its_form() {
    // maedn: a 6 lets a piece come in (MAEDN.md: `enter` is legal on a 6,
    // and the start field is free), bare or naming the piece; maedn's list
    // form names it, beside a piece in any order.
    assert!(passed(
        "rules maedn\nscenario \"in on a six\"\nplayers 2\nroll 6\n\
         expect legal: enter\nenter\nexpect P1 G1 on 0\n\
         scenario \"named\"\nplayers 2\nroll 6\nenter G2\nexpect P1 G2 on 0\n"
    ));
    // portal: `enter G1` names the piece; alone in a listing, `enter` is
    // an entry of whichever piece (PORTAL.md section 8).
    let portal = "rules portal\nscenario \"x\"\nplayers 2\nenter\n";
    assert_eq!(
        problems(portal),
        ["4:1 `enter` names one piece | write `enter G1`"]
    );
    // Royal's help for it still says what royal does instead.
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nenter G1\n"),
        ["3:1 `enter` is a portal/maedn/race word; this scenario plays royal | royal guards leave the Yard with `exit G1`"]
    );
    // Syntax errors name it where an action stands.
    assert_eq!(
        problems("rules maedn\nscenario \"x\"\nplayers 2\nroll 6\nexpect legal: entr\nexpect legal: enter | G1\n"),
        [
            "5:15 unexpected `entr`: expected `enter`, `pass`, a piece (`G1`, `G2`, ...) or an action (`move G1 3`, `next turn`, ...) | did you mean `enter`?",
            "6:23 unexpected `G1`: expected `enter`, `move`, `next`, `pass` or `roll` | ",
        ]
    );
}

#[test]
fn a_form_the_word_does_not_have_is_a_located_problem() {
    let text = "scenario \"forms\"\n\
                players 2\n\
                P1 credits\n\
                P1 credits -1\n\
                P1 G1 credits 2\n\
                credits G1\n\
                expect credits 2\n";
    assert_eq!(
        problems(text),
        [
            "3:1 `credits` takes one number, not 0 | write `P1 credits 2`",
            "4:12 `credits` counts from 0, not -1 | write `P1 credits 2`",
            "5:4 `credits` names no pieces | write `P1 credits 2`",
            "6:1 `credits` is not an action in royal | `credits` is written `P1 credits 2` or `expect P1 credits 2`",
            "7:8 `credits` names a player first | write `expect P1 credits 2`",
        ]
    );
    let portal = "rules portal\nscenario \"forms\"\n\
                  players 2\n\
                  P1 G1 falls 42\n\
                  P1 falls 42 2\n\
                  expect burned\n\
                  expect P1 burned 5\n";
    assert_eq!(
        problems(portal),
        [
            "4:1 `falls` takes 2 numbers, not 1 | write `P1 G1 falls 42 2`",
            "5:4 `falls` names one piece | write `P1 G1 falls 42 2`",
            "6:8 `burned` takes 1-2 numbers, not 0 | write `expect burned 5`",
            "7:8 `burned` names no player | write `expect burned 5`",
        ]
    );
}

#[test]
fn syntax_errors_keep_their_words() {
    let text = "scenario \"typos\"\n\
                expect P1 battel 20\n\
                expect P1 credits x\n\
                P1 G1 on 5, P1 crdits 2\n";
    assert_eq!(
        problems(text),
        [
            "2:11 unexpected `battel`: expected `battle`, `credits`, `progress`, `score`, `store` or a piece (`G1`, `G2`, ... or `king`) | did you mean `battle`?",
            "3:19 unexpected `x`: expected a number or the end of the statement | ",
            "4:16 unexpected `crdits`: expected `battle`, `credits`, `first turn`, `store`, `to`, a piece (`G1`, `G2`, ... or `king`) or solo, pair, trio or quad | did you mean `credits`?",
        ]
    );
    // A game's word ends where a word ends: `credits2` is not `credits 2`.
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nP1 credits2\n"),
        ["3:4 unexpected `credits2`: expected `battle`, `credits`, `first turn`, `store`, `to`, a piece (`G1`, `G2`, ... or `king`) or solo, pair, trio or quad | did you mean `credits`?"]
    );
    // Only the words of the game in play, and of the statement's kind.
    let portal = "rules portal\nscenario \"typos\"\nP1 G1 flls 42 2\nexpect P1 tokns 1\n";
    assert_eq!(
        problems(portal),
        [
            // A place in portal's words, not royal's.
            "3:7 unexpected `flls`: expected `falls` or a place (`on 23`, `on lane 2`, `home`, `in base`) | did you mean `falls`?",
            "4:11 unexpected `tokns`: expected `tokens` or a piece (`G1`, `G2`, ...) | did you mean `tokens`?",
        ]
    );
}

#[test]
fn another_games_word_is_named_as_its() {
    let text = "rules maedn\nscenario \"x\"\nplayers 2\nexpect P1 battle 0\n";
    assert_eq!(
        problems(text),
        ["4:11 `battle` is a royal word; this scenario plays maedn | maedn has pieces G1-G4 in base, on fields 0-39, or `in goal N`"]
    );
}

/// Places are the game's words, which the grammar does not know (issue
/// 45): each game resolves its own (`in yard`, `on lane 2`, `in toilet 42
/// pit`, `in goal 3`), names another game's as that game's, and says what
/// is wrong with a form it has, with the form.
#[test]
fn places_are_read_in_the_games_words() {
    let portal = "rules portal\nscenario \"x\"\nplayers 2\n";
    let royal = "scenario \"x\"\nplayers 2\n";
    let maedn = "rules maedn\nscenario \"x\"\nplayers 2\n";
    let cases = [
        (portal, "P1 G1 in toilet 42 W4", "4:20 `in toilet 42` has the spots `pit`, `W1`, `W2`, `W3`; there is no `W4` | write `pit`, `W1`, `W2` or `W3`"),
        (portal, "P1 G1 in toilet 42", "4:7 `in toilet` needs a field and a spot | write `in toilet N pit`"),
        (portal, "P1 G1 in toilet 99 pit", "4:7 tile 99 is off the ring (1-52) | "),
        (portal, "P1 G1 on base", "4:7 `on base` is written `in base` | write `in base`"),
        (portal, "P1 G1 in lane 2", "4:7 `in lane` is written `on lane` | write `on lane`"),
        (portal, "P1 G1 on home 2", "4:7 `on home N` is a royal word; this scenario plays portal | portal's home stretch is its lane: `on lane N`"),
        (royal, "P1 G1 on lane 2", "3:7 `on lane N` is a portal word; this scenario plays royal | this scenario plays royal; write `rules portal` to play portal"),
        (royal, "P1 G1 in yard 2", "3:7 `in yard` takes no number, not 2 | write `in yard`"),
        (royal, "P1 G1 on home 2 pit", "3:17 `home` is not a place with spots such as `pit` | royal has no place with spots"),
        (royal, "P1 G1 in yrd", "3:7 `yrd` is not a place of royal: its places are `on N`, `on home N` and `in yard` | did you mean `in yard`?"),
        (maedn, "P1 G1 in goal", "4:7 `in goal` needs the tile's number | write `in goal 1` up to `in goal 4`"),
        (maedn, "P1 G1 in goal 5", "4:7 the goal has tiles 1-4; there is no goal 5 | maedn's goal fields are 1-4"),
        (maedn, "P1 G1 in toilet 42 pit", "4:7 `in toilet` is a portal word; this scenario plays maedn | maedn has pieces G1-G4 in base, on fields 0-39, or `in goal N`"),
    ];
    for (head, line, want) in cases {
        let text = format!("{head}{line}\n");
        let got = problems(&text);
        assert_eq!(got.len(), 1, "{line}: {got:?}");
        // The rule a problem cites is not part of this text.
        assert_eq!(got[0], want, "{line}");
    }
    // Each game's own places stand, and `in yard` is every game's base.
    for (head, line) in [
        (
            portal,
            "P1 G1 in toilet 42 W2, P1 G2 on lane 3, P1 G3 in base, P1 G4 in yard",
        ),
        (royal, "P1 G1 in yard, P1 G2 on home 3"),
        (maedn, "P1 G1 in goal 2, P1 G2 in base, P1 G3 in yard"),
    ] {
        let text = format!("{head}{line}\n");
        assert_eq!(problems(&text), Vec::<String>::new(), "{line}");
    }
}

#[test]
fn pass_is_maedns_and_races_word_for_next_turn() {
    // MAEDN.md: with every piece in base and no 6, no action is legal and
    // the player passes; the turn goes to P2. `pass` is maedn's word for
    // the language's `next turn`, in a listing and as an action.
    assert!(passed(
        "rules maedn\nscenario \"x\"\nplayers 2\nroll 3\n\
         expect legal: pass\nexpect legal: next turn\npass\nexpect turn P2\n"
    ));
    // Its one form names nothing; a number or a piece after it is a
    // located problem, in maedn and in race.
    assert_eq!(
        problems("rules maedn\nscenario \"x\"\nplayers 2\nroll 3\npass G1\n"),
        ["5:6 `pass` names no pieces | write `pass`"]
    );
    assert_eq!(
        problems("rules race\nscenario \"x\"\nplayers 2\nroll 3\npass 2\n"),
        ["5:1 `pass` takes no numbers, not 1 | write `pass`"]
    );
    // Royal and portal end a turn with `next turn`.
    assert_eq!(
        problems("rules portal\nscenario \"x\"\nplayers 2\npass\n"),
        ["4:1 `pass` is a maedn/race word; this scenario plays portal | portal has pieces G1-G5 in base, on the ring, on lane N, in toilets, or home"]
    );
}

#[test]
fn a_game_word_of_two_words_is_read_whole() {
    // PORTAL.md: a capture earns an extra roll (`capture.extra`); G1 on
    // 40 moves 5 onto P2's piece on 35. `roll again` is portal's
    // expectation, in two words, any case and spacing.
    let portal = "rules portal\nscenario \"x\"\nP1 G1 on 40, P2 G1 on 35\nroll 5 1\n\
                  move G1 5\nmove G1 1\nexpect roll again\nexpect ROLL   Again\n";
    assert!(passed(portal));
    assert_eq!(
        problems(
            "rules portal\nscenario \"x\"\nplayers 2\nexpect P1 roll again\nexpect roll again 2\n"
        ),
        [
            "4:8 `roll again` names no player | write `expect roll again`",
            "5:8 `roll again` takes no numbers, not 1 | write `expect roll again`",
        ]
    );
    // A word of it alone, or the two in another game, is named as such.
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nexpect roll again\n"),
        ["3:8 `roll again` is a portal word; this scenario plays royal | this scenario plays royal; write `rules portal` to play portal"]
    );
    assert_eq!(
        problems("rules portal\nscenario \"x\"\nplayers 2\nexpect roll agian\n"),
        ["4:8 unexpected `roll`: expected `applied`, `burned`, `game`, `illegal`, `legal`, `no`, `not`, `perft`, `roll again`, `snapshot`, `standings`, `tile`, `turn`, `winner` or a player (P1-P4) | did you mean `roll again`?"]
    );
    // However many words follow a game's word, the first that is not its
    // is the one refused.
    let long = format!("scenario \"x\"\nexpect P1 credits {}\n", "x ".repeat(1500));
    assert_eq!(
        problems(&long),
        ["2:19 unexpected `x`: expected a number or the end of the statement | "]
    );
}

#[test]
fn royals_store_and_first_turn_are_its_own_words() {
    // ROYAL.md: a move spends rolls the store holds (`roll.store`); the
    // store is written as a fact and checked, `empty` for none.
    let royal = "scenario \"x\"\nP1 G1 on 30, P1 store 3 4, P2 G1 on 10, P1 first turn\n\
                 expect P1 store 3 4\nmove G1 3\nexpect P1 store 4\n\
                 scenario \"y\"\nP1 G1 on 30, P1 store empty, P2 G1 on 10\nexpect P1 store empty\n";
    assert!(passed(royal));
    assert_eq!(
        problems(
            "scenario \"x\"\nP1 G1 on 30, P2 G1 on 10, P1 store\nexpect P1 credits empty\n\
             P1 first turn 2\n"
        ),
        [
            "2:27 `store` takes at least one number, not 0 | write `P1 store 3 5` or `P1 store empty`",
            "3:19 `credits` is not written with `empty` | write `expect P1 credits 2`",
            "4:1 `first turn` takes no numbers, not 1 | write `P1 first turn`",
        ]
    );
    assert_eq!(
        problems("rules portal\nscenario \"x\"\nplayers 2\nP1 store 3\n"),
        ["4:4 `store` is a royal word; this scenario plays portal | portal has pieces G1-G5 in base, on the ring, on lane N, in toilets, or home"]
    );
}

#[test]
fn a_tables_fact_is_a_word_alone_and_may_head_a_file() {
    // PORTAL.md end.tokens: in a ranked game each player pays 1 to sit.
    // `ranked` is portal's word, in a file's header or a scenario's.
    let header =
        "rules portal\nranked\nscenario \"x\"\nplayers 2\nexpect P1 tokens -1, P2 tokens -1\n";
    let inside = "rules portal\nscenario \"x\"\nranked\nplayers 2\nexpect P1 tokens -1\n";
    let unranked = "rules portal\nscenario \"x\"\nplayers 2\nexpect P1 tokens 0\n";
    assert!(passed(header) && passed(inside) && passed(unranked));
    // MAEDN.md table.seats: `seats` is for two players; the problem is
    // at the statement that says it. The later of two seatings holds.
    assert_eq!(
        problems("rules maedn\nscenario \"x\"\nplayers 3\nseats side\n"),
        ["4:1 `seats` is for two players; this table has 3 | leave `seats` out: 3 and 4 players sit P1-Pn at seats 0-3"]
    );
    // Two players opposite: P2 starts at seat 2, field 20 (MAEDN.md).
    assert!(passed(
        "rules maedn\nscenario \"x\"\nplayers 2\nseats side\nseats opposite\nturn P2\nroll 6\nenter\nexpect P2 G1 on 20\n"
    ));
    // Another game's table fact, and a word the table fact does not have.
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nranked\nseats opposite\n"),
        [
            "3:1 `ranked` is a portal word; this scenario plays royal | this scenario plays royal; write `rules portal` to play portal",
            "4:1 `seats opposite` is a maedn/race word; this scenario plays royal | this scenario plays royal; write `rules maedn` to play maedn",
        ]
    );
    assert_eq!(
        problems("rules maedn\nscenario \"x\"\nplayers 2\nseats sides\nranked 2\n"),
        [
            "4:1 `seats` does not start any statement goti knows | did you mean `seats side`?",
            "5:1 `ranked` is a portal word; this scenario plays maedn | maedn has pieces G1-G4 in base, on fields 0-39, or `in goal N`",
        ]
    );
}

/// A game's modes are its words, not the grammar's: royal names Journey
/// and Clash (`table.modes`), in any case, in `mode NAME` or `rules royal
/// NAME`; a name it does not have is a located problem citing the rule,
/// with the name it is closest to; a game without modes refuses `mode`.
#[test]
fn a_games_modes_are_read_in_its_words() {
    // capture.points: a guard captured pays 20 in Journey, 50 in Clash
    // (ROYAL.md); Journey is played where no mode is named.
    let brief = "P1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\n";
    for (header, battle) in [
        ("", 20),
        ("mode journey\n", 20),
        ("mode clash\n", 50),
        ("rules royal CLASH\n", 50),
        ("rules royal Journey\n", 20),
    ] {
        let text = format!("{header}scenario \"m\"\n{brief}expect P1 battle {battle}\n");
        assert!(passed(&text), "{text}");
        let wrong = format!(
            "{header}scenario \"m\"\n{brief}expect P1 battle {}\n",
            70 - battle
        );
        assert!(!passed(&wrong), "{wrong}");
    }
    assert_eq!(
        problems("mode clsh\nscenario \"x\"\nplayers 2\n"),
        ["1:6 royal has no mode `clsh` | did you mean `clash`? royal is played in `journey` or `clash` mode"]
    );
    let report = run("rules royal swift\nscenario \"x\"\nplayers 2\n");
    let d = &report.scenarios[0].problems[0];
    assert_eq!(d.message, "royal has no mode `swift`");
    assert_eq!(d.rule.map(|r| r.0), Some("table.modes"));
    assert_eq!(
        d.help.as_deref(),
        Some("royal is played in `journey` or `clash` mode")
    );
    assert_eq!(
        problems("rules portal\nmode clash\nscenario \"x\"\nplayers 2\n"),
        ["2:1 `mode` is a royal word; this scenario plays portal | portal has pieces G1-G5 in base, on the ring, on lane N, in toilets, or home"]
    );
    assert_eq!(
        problems("rules maedn clash\nscenario \"x\"\nplayers 2\n"),
        ["1:1 `mode` is a royal word; this scenario plays maedn | maedn has pieces G1-G4 in base, on fields 0-39, or `in goal N`"]
    );
    assert_eq!(
        problems("mode\nscenario \"x\"\nplayers 2\n"),
        ["1:5 the statement ends too early: expected `journey` or `clash` | "]
    );
}

/// A game's counts are its words, not the grammar's: royal's `solo`,
/// `pair`, `trio` and `quad` name the lowest guard numbers not yet named
/// (the brief's `P2 solo on 23` is P2's G1), in any case; a word no game
/// counts with is the syntax error it always was, also beside a game's own
/// fact; another game's count is named as that game's.
#[test]
fn a_games_counts_are_read_in_its_words() {
    assert!(passed(
        "scenario \"counts\"\nP1 G1 on 5, P1 PAIR on 10, P2 solo on 23, P2 Trio in yard\n\
         expect P1 G2 on 10, P1 G3 on 10, P1 G4 in yard, P2 G1 on 23\n\
         expect P2 G2 in yard, P2 G3 in yard, P2 G4 in yard\n"
    ));
    let unexpected = "unexpected `queen`: expected `battle`, `credits`, `first turn`, `store`, `to`, a piece (`G1`, `G2`, ... or `king`) or solo, pair, trio or quad | ";
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nP1 queen on 4\n"),
        [format!("3:4 {unexpected}")]
    );
    assert_eq!(
        problems("scenario \"x\"\nplayers 2\nP1 queen on 4, P1 credits 2\n"),
        [format!("3:4 {unexpected}")]
    );
    assert_eq!(
        problems("scenario \"x\"\nP1 trio on 5, P1 pair on 6, P2 G1 on 9\n"),
        ["2:18 P1 has only 1 guard(s) not yet named; a player has four guards | name fewer guards, or place them explicitly with G1-G4"]
    );
    assert_eq!(
        problems("rules portal\nscenario \"x\"\nP1 pair on 5, P2 G1 on 6\n"),
        ["3:4 `pair` is a royal word; this scenario plays portal | portal has pieces G1-G5 in base, on the ring, on lane N, in toilets, or home"]
    );
}
