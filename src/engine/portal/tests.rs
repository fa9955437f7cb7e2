//! Portal engine tests through its API; the rulebook scenarios in
//! scenarios/portal cover every rule ID through the language.

use super::*;
use crate::engine::{MoveClause, Placement};

const P1: Player = Player::ALL[0];
const P2: Player = Player::ALL[1];

fn g(n: u8) -> PieceId {
    PieceId::Guard(n)
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
    assert!((1..=5).all(|n| pos.piece(P1, g(n)).place == Place::Yard));
    let pos = play(&pos, Action::Roll(vec![6, 2]));
    // The 6 may enter any of the five pieces: five legal actions.
    assert_eq!(pos.legal_actions().len(), 5);
    let pos = play(&pos, Action::Enter(g(3)));
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
        Action::Enter(g(2)),
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
