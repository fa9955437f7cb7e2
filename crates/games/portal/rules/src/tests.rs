//! Portal engine tests through its API; the rulebook scenarios in
//! scenarios/portal cover every rule ID through the language.

use super::*;
use crate::{Action, Direction, Game, MoveOrder, Setup};
use crate::{MoveClause, Placement};

const P1: Player = Player::ALL[0];
const P2: Player = Player::ALL[1];

fn g(n: u8) -> PieceId {
    PieceId::Numbered(n)
}

fn setup(pieces: &[(Player, u8, Place)]) -> Portal {
    let mut s = Setup {
        players: vec![P1, P2],
        ..Setup::default()
    };
    for &(p, n, place) in pieces {
        s.placements.push(Placement {
            player: p,
            piece: g(n),
            place,
            midpoint: None,
            steps: None,
        });
    }
    Portal::from_setup(PortalRules::default_rules(), &s, &mut Vec::new()).expect("valid setup")
}

fn mv(n: u8, v: u8) -> Action {
    Action::Move(MoveOrder {
        clauses: vec![MoveClause {
            piece: g(n),
            rolls: vec![v],
            direction: Direction::Forward,
        }],
    })
}

fn play(pos: &Portal, a: Action) -> Portal {
    pos.apply(&a, &mut Vec::new())
        .unwrap_or_else(|r| panic!("{r}"))
}

#[test]
fn a_new_game_starts_in_base_and_enters_on_a_six() {
    let pos = Portal::new_game(PortalRules::default_rules(), &[P1, P2], false).unwrap();
    assert!((1..=5).all(|n| pos.piece(P1, g(n)).place == Place::Out));
    let pos = play(&pos, Action::Roll(vec![6, 2]));
    // The 6 may enter any of the five pieces: five legal actions.
    assert_eq!(pos.legal_actions().len(), 5);
    let pos = play(&pos, enter_action(g(3)));
    assert_eq!(pos.piece(P1, g(3)).place, Place::Ring(52));
    // The 2 can only be played by G3 (52 -> 50).
    assert_eq!(pos.legal_actions(), vec![mv(3, 2)]);
}

#[test]
fn a_rejected_action_changes_nothing() {
    let pos = play(
        &setup(&[(P1, 1, Place::Ring(48)), (P2, 1, Place::Ring(10))]),
        Action::Roll(vec![5, 3]),
    );
    let before = pos.clone();
    let mut ev = Vec::new();
    for bad in [
        mv(1, 3),
        Action::Roll(vec![1, 2]),
        Action::NextTurn,
        enter_action(g(2)),
        mv(2, 5),
    ] {
        assert!(pos.apply(&bad, &mut ev).is_err());
        assert!(ev.is_empty());
        assert_eq!(pos, before);
    }
}

#[test]
fn values_are_due_larger_first_and_burn_when_unplayable() {
    let pos = play(
        &setup(&[(P2, 1, Place::Ring(10))]),
        Action::Roll(vec![2, 5]),
    );
    // P1 has nothing to move: both burn and the turn passes.
    assert_eq!(pos.roll().burned(), &[5, 2]);
    assert_eq!(pos.turn(), P2);
    let pos = play(
        &setup(&[(P1, 1, Place::Ring(48)), (P2, 1, Place::Ring(10))]),
        Action::Roll(vec![2, 5]),
    );
    assert_eq!(pos.roll().due(), Some(5));
    assert_eq!(pos.roll().pending(), &[5, 2]);
}

#[test]
fn a_capture_in_a_double_still_gives_one_extra_roll() {
    let pos = setup(&[(P1, 1, Place::Ring(43)), (P2, 1, Place::Ring(41))]);
    let pos = play(
        &play(&play(&pos, Action::Roll(vec![2, 2])), mv(1, 2)),
        mv(1, 2),
    );
    assert!(pos.must_roll_again());
    let pos = play(
        &play(&play(&pos, Action::Roll(vec![5, 4])), mv(1, 5)),
        mv(1, 4),
    );
    assert!(!pos.must_roll_again());
    assert_eq!(pos.turn(), P2);
}

#[test]
fn standings_rank_home_then_steps_then_number() {
    let pos = setup(&[
        (P1, 1, Place::Home),
        (P2, 1, Place::Ring(30)),
        (P1, 2, Place::Ring(50)),
    ]);
    // P1: 1 home; P2: 0 home. P1 first whatever the steps.
    assert_eq!(pos.standings_now(), vec![P1, P2]);
    let pos = setup(&[(P1, 1, Place::Ring(50)), (P2, 1, Place::Ring(30))]);
    // Steps: P1 2, P2 9.
    assert_eq!(pos.standings_now(), vec![P2, P1]);
}

// ---- the order of refusals (PORTAL.md, scenario conventions) ---------------
//
// One test per adjacent pair of the order: the action breaks both rules and is
// refused by the earlier; mended for the earlier, it is refused by the later.

fn refused_by(pos: &Portal, by: Option<Player>, action: &Action, rule: &str) {
    let before = pos.clone();
    let mut ev = vec![];
    let r = pos
        .apply_by(by, action, &mut ev)
        .expect_err("should be rejected");
    assert_eq!(r.rule.0, rule, "{r}");
    assert!(ev.is_empty());
    assert_eq!(*pos, before);
}

fn back(n: u8, v: u8) -> Action {
    Action::Move(MoveOrder {
        clauses: vec![MoveClause {
            piece: g(n),
            rolls: vec![v],
            direction: Direction::Backward,
        }],
    })
}

#[test]
fn precedence_game_over_before_whose_turn() {
    let mut pieces: Vec<(Player, u8, Place)> = (1..=4).map(|n| (P1, n, Place::Home)).collect();
    pieces.push((P1, 5, Place::HomePath(5)));
    pieces.push((P2, 1, Place::Ring(10)));
    let pos = play(&play(&setup(&pieces), Action::Roll(vec![1, 1])), mv(5, 1));
    assert!(pos.is_over());
    refused_by(&pos, Some(P2), &Action::Roll(vec![3, 2]), "end.win");
    let pos = setup(&[(P1, 1, Place::Ring(30)), (P2, 1, Place::Ring(10))]);
    refused_by(&pos, Some(P2), &Action::Roll(vec![3, 2]), "table.players");
}

#[test]
fn precedence_whose_turn_before_a_value_due() {
    let pos = setup(&[(P1, 1, Place::Ring(30)), (P2, 1, Place::Ring(10))]);
    refused_by(&pos, Some(P2), &mv(1, 3), "table.players");
    refused_by(&pos, Some(P1), &mv(1, 3), "dice.two");
}

#[test]
fn precedence_a_value_due_before_the_value() {
    let pos = setup(&[(P1, 1, Place::Ring(30)), (P2, 1, Place::Ring(10))]);
    let rolled = play(&pos, Action::Roll(vec![5, 3]));
    refused_by(
        &rolled,
        None,
        &Action::Roll(vec![1, 2, 3]),
        "dice.must-play",
    );
    refused_by(&pos, None, &Action::Roll(vec![1, 2, 3]), "dice.two");
    refused_by(&pos, None, &mv(1, 3), "dice.two");
}

#[test]
fn precedence_the_value_before_the_piece() {
    let pos = play(
        &setup(&[(P1, 2, Place::Ring(30)), (P2, 1, Place::Ring(10))]),
        Action::Roll(vec![5, 3]),
    );
    // G1 is in base (enter.six) and the 3 is named while the 5 is due.
    refused_by(&pos, None, &mv(1, 3), "dice.larger-first");
    refused_by(&pos, None, &mv(1, 5), "enter.six");
}

#[test]
fn precedence_the_piece_before_the_way() {
    let pos = play(
        &setup(&[(P1, 2, Place::Ring(30)), (P2, 1, Place::Ring(10))]),
        Action::Roll(vec![5, 3]),
    );
    // G1 in base moved Backward: the piece comes before the way.
    refused_by(&pos, None, &back(1, 5), "enter.six");
    refused_by(&pos, None, &back(2, 5), "board.ring");
}

#[test]
fn precedence_the_way_before_where_it_lands() {
    // G1 on L2 passes G2 on L3 with a 6 and would overshoot home.
    let pos = play(
        &setup(&[
            (P1, 1, Place::HomePath(2)),
            (P1, 2, Place::HomePath(3)),
            (P2, 1, Place::Ring(10)),
        ]),
        Action::Roll(vec![6, 4]),
    );
    refused_by(&pos, None, &mv(1, 6), "move.no-jump");
    refused_by(&pos, None, &mv(2, 6), "move.exact-home");
    // Entering without a 6 (the piece) before a taken start tile (where it lands).
    let pos = play(
        &setup(&[(P1, 2, Place::Ring(52)), (P2, 1, Place::Ring(10))]),
        Action::Roll(vec![5, 3]),
    );
    refused_by(&pos, None, &enter_action(g(1)), "enter.six");
}

/// The engine checks a set-up's places itself (the language refuses these
/// before they reach it, so only a caller of the API can send them).
#[test]
fn set_up_places_off_the_board_are_refused_with_their_rule() {
    for (place, rule) in [
        (Place::Ring(0), "board.ring"),
        (Place::Ring(53), "board.ring"),
        (Place::HomePath(0), "board.lane"),
        (Place::HomePath(6), "board.lane"),
        (Place::Aside { field: 30, spot: 1 }, "board.toilets"),
        (Place::Aside { field: 42, spot: 4 }, "board.toilets"),
    ] {
        let s = Setup {
            players: vec![P1, P2],
            placements: vec![Placement {
                player: P1,
                piece: g(1),
                place,
                midpoint: None,
                steps: None,
            }],
            ..Setup::default()
        };
        let errors = Portal::from_setup(PortalRules::default_rules(), &s, &mut Vec::new())
            .expect_err("off the board");
        assert_eq!(errors[0].rule.0, rule, "{place:?}");
    }
}

/// `goti lint`'s state key reads a fall count only up to the mercy number
/// (`toilet.mercy`, 2 shipped): three falls and two are one key, one fall
/// is another.
#[test]
fn the_state_key_reads_falls_up_to_the_mercy_number() {
    let with_falls = |count: u8| {
        let mut s = Setup {
            players: vec![P1, P2],
            ..Setup::default()
        };
        for (p, place) in [(P1, Place::Ring(30)), (P2, Place::Ring(20))] {
            s.placements.push(Placement {
                player: p,
                piece: g(1),
                place,
                midpoint: None,
                steps: None,
            });
        }
        s.facts.push(goti_engine::setup::SetupFact {
            word: crate::FALLS,
            player: Some(P1),
            piece: Some(1),
            numbers: vec![42, i64::from(count)],
        });
        Portal::from_setup(PortalRules::default_rules(), &s, &mut Vec::new()).expect("valid setup")
    };
    // A set-up holds at most the mercy number; play with other pieces out
    // of home can count on (mercy saves only the last piece).
    let mut three = with_falls(2);
    let toilet = three.falls[P1.index()][0]
        .iter()
        .position(|&n| n == 2)
        .unwrap();
    three.falls[P1.index()][0][toilet] = 3;
    assert_ne!(with_falls(2), three);
    assert_eq!(with_falls(2).state_key(), three.state_key());
    assert_ne!(with_falls(1).state_key(), with_falls(2).state_key());
}
