//! Maedn engine tests through its API: each adjacent pair of MAEDN.md's
//! order of refusals shown with an action that breaks both rules, the
//! obligations, captures, the end and the speed path. The rulebook
//! scenarios in scenarios/maedn cover every rule ID through the language.

use super::*;
use crate::{Action, Direction, MoveClause, MoveOrder, Placement, Setup};

const P1: Player = Player::ALL[0];
const P2: Player = Player::ALL[1];

fn g(n: u8) -> PieceId {
    PieceId::Numbered(n)
}

fn setup(pieces: &[(Player, u8, Place)], turn: Player) -> Maedn {
    let mut s = Setup {
        players: vec![P1, P2],
        turn: Some(turn),
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
    Maedn::from_setup(MaednRules::default_rules(), &s, &mut Vec::new()).expect("valid setup")
}

fn mv(n: u8) -> Action {
    Action::Move(MoveOrder {
        clauses: vec![MoveClause {
            piece: g(n),
            rolls: vec![],
            direction: Direction::Forward,
        }],
    })
}

fn play(pos: &Maedn, a: Action) -> Maedn {
    pos.apply(&a, &mut Vec::new())
        .unwrap_or_else(|r| panic!("{r}"))
}

fn refused_by(pos: &Maedn, by: Option<Player>, a: &Action, rule: &str) {
    let mut ev = Vec::new();
    match pos.apply_observed(by, a, &mut ev, &mut |_| {}) {
        Ok(_) => panic!("{a:?} was allowed; expected {rule}"),
        Err(r) => assert_eq!(r.rule.0, rule, "{r}"),
    }
    assert!(ev.is_empty(), "a refusal leaves no events");
}

#[test]
fn two_players_sit_opposite_unless_told_side() {
    let rules = MaednRules::default_rules();
    let opp = Maedn::new_game(rules.clone(), &[P1, P2], None).unwrap();
    assert_eq!(opp.seat(P2), 2);
    let side = Maedn::new_game(rules, &[P1, P2], Some(false)).unwrap();
    assert_eq!(side.seat(P2), 1);
    // P2 opposite starts on field 20; side by side on 10.
    assert_eq!(opp.field(P2, 0), 20);
    assert_eq!(side.field(P2, 0), 10);
}

#[test]
fn a_six_must_bring_in_then_the_start_must_clear() {
    let pos = Maedn::new_game(MaednRules::default_rules(), &[P1, P2], None).unwrap();
    let pos = play(&pos, Action::Roll(vec![6]));
    assert_eq!(pos.legal().as_slice(), &[Choice::Enter]);
    let pos = play(&pos, bring_in());
    assert_eq!(pos.piece(P1, g(1)).place, Place::Ring(0));
    assert_eq!(pos.turn(), P1, "a 6 throws again");
    let pos = play(&pos, Action::Roll(vec![4]));
    assert_eq!(pos.legal().as_slice(), &[Choice::Move(0)]);
    let pos = play(&pos, mv(1));
    assert_eq!(pos.piece(P1, g(1)).place, Place::Ring(4));
    assert_eq!(pos.turn(), P2);
}

#[test]
fn refusals_follow_the_order_pair_by_pair() {
    // (1) game over before (2) whose turn.
    let over = setup(
        &[
            (P1, 1, Place::HomePath(1)),
            (P1, 2, Place::HomePath(2)),
            (P1, 3, Place::HomePath(3)),
            (P1, 4, Place::HomePath(4)),
        ],
        P1,
    );
    assert_eq!(over.winner(), Some(P1));
    refused_by(&over, Some(P2), &Action::Roll(vec![3]), "end.win");
    // (2) whose turn before (3) the die not thrown.
    let pos = setup(&[(P1, 1, Place::Ring(5))], P1);
    refused_by(&pos, Some(P2), &mv(1), "table.players");
    // (3) the die before (5) the piece: G2 in base, no die.
    refused_by(&pos, None, &mv(2), "dice.one");
    // (4) start.clear before (4) enter.six: own piece on start with a 6.
    let start = setup(&[(P1, 1, Place::Ring(0))], P1);
    let start6 = play(&start, Action::Roll(vec![6]));
    refused_by(&start6, None, &bring_in(), "start.clear");
    // (4) enter.six before (5) move.free: a 6, a piece in base, G1 would overshoot.
    let near = setup(&[(P1, 1, Place::HomePath(3))], P1);
    let near6 = play(&near, Action::Roll(vec![6]));
    refused_by(&near6, None, &mv(1), "enter.six");
    // (5) move.free: own piece on the target; move.pass while a move is legal.
    let two = setup(&[(P1, 1, Place::Ring(5)), (P1, 2, Place::Ring(8))], P1);
    let two3 = play(&two, Action::Roll(vec![3]));
    refused_by(&two3, None, &mv(1), "move.free");
    refused_by(&two3, None, &Action::NextTurn, "move.pass");
    // (3) a second throw before the action.
    refused_by(&two3, None, &Action::Roll(vec![2]), "dice.one");
}

#[test]
fn a_blocked_start_piece_frees_every_move() {
    // G1 on the start field cannot move 3 (G2 stands on 3): any free move.
    let pos = setup(&[(P1, 1, Place::Ring(0)), (P1, 2, Place::Ring(3))], P1);
    let pos = play(&pos, Action::Roll(vec![3]));
    assert_eq!(pos.legal().as_slice(), &[Choice::Move(1)]);
}

#[test]
fn landing_captures_and_the_full_goal_wins() {
    let pos = setup(
        &[
            (P1, 1, Place::Ring(36)),
            (P1, 2, Place::HomePath(2)),
            (P1, 3, Place::HomePath(3)),
            (P1, 4, Place::HomePath(4)),
            (P2, 1, Place::Ring(38)),
        ],
        P1,
    );
    let pos = play(&pos, Action::Roll(vec![2]));
    let pos = play(&pos, mv(1));
    assert_eq!(pos.piece(P2, g(1)).place, Place::Out, "captured on 38");
    assert_eq!(pos.turn(), P2);
    let pos = play(&pos, Action::Roll(vec![1]));
    let pos = play(&pos, Action::NextTurn);
    let pos = play(&pos, Action::Roll(vec![2]));
    let pos = play(&pos, mv(1));
    assert_eq!(pos.piece(P1, g(1)).place, Place::HomePath(1));
    assert_eq!(pos.winner(), Some(P1));
    assert_eq!(pos.turn(), P1, "the mover stays the player to move");
    assert_eq!(pos.returns(), vec![1, -1]);
    assert!(pos.invariants().is_ok());
}

#[test]
fn the_speed_path_plays_like_the_checked_one() {
    let rules = MaednRules::default_rules();
    let mut quiet = Maedn::new_game(rules.clone(), &[P1, P2], None).unwrap();
    let mut loud = quiet.clone();
    let mut seed = 7u64;
    for _ in 0..2000 {
        if quiet.winner().is_some() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let die = (seed >> 33) as u8 % 6 + 1;
        let pick = (seed >> 40) as usize;
        let mut chosen = Choice::Pass;
        quiet.play_quiet(die, |legal| {
            chosen = legal.as_slice()[pick % legal.as_slice().len()];
            chosen
        });
        loud = play(&loud, Action::Roll(vec![die]));
        loud = play(&loud, chosen.action());
        assert_eq!(quiet, loud);
    }
}

#[test]
fn the_largest_board_and_die_the_ruleset_allows_keep_every_invariant() {
    use crate::params::{MaednParams, Params};
    let mut params = crate::params::shipped::<MaednParams>();
    params.board.ring = 100;
    params.board.starts = [0, 25, 50, 75];
    params.board.goal = 8;
    params.dice.faces = 20;
    params.dice.six = 20;
    params.validate().unwrap();
    let mut over = params.clone();
    let rules = MaednRules::new(params);
    let start = Maedn::new_game(rules, &Player::ALL[..4], None).unwrap();
    let mut seed = 99u64;
    for _ in 0..20 {
        let mut pos = start.clone();
        for _ in 0..20_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let die = (seed >> 33) as u8 % 20 + 1;
            let pick = (seed >> 45) as usize;
            let go = pos.play_quiet(die, |l| l.as_slice()[pick % l.as_slice().len()]);
            pos.invariants().unwrap();
            if !go {
                break;
            }
        }
    }
    over.board.ring = 101;
    assert!(
        over.validate().is_err(),
        "a ring past 100 would overflow route positions"
    );
}
