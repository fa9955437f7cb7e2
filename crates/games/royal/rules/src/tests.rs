//! Engine tests: one or more per rule clause of ROYAL.md, each naming the rule
//! ID it checks. Expected values are worked out by hand from the rule text.

use crate::*;
use goti_engine::setup::SetupFact;
use Place::*;

const P1: Player = Player::ALL[0];
const P2: Player = Player::ALL[1];
const P3: Player = Player::ALL[2];
const P4: Player = Player::ALL[3];
fn g(n: u8) -> PieceId {
    PieceId::Numbered(n)
}
const K: PieceId = PieceId::King;

/// A setup under construction.
struct T(Setup);

fn table(players: &[Player]) -> T {
    T(Setup {
        players: players.to_vec(),
        ..Setup::default()
    })
}

impl T {
    fn put(mut self, p: Player, piece: PieceId, place: Place) -> T {
        self.0.placements.push(Placement {
            player: p,
            piece,
            place,
            midpoint: None,
            steps: None,
        });
        self
    }
    fn put_mid(mut self, p: Player, piece: PieceId, place: Place, mid: bool) -> T {
        self.0.placements.push(Placement {
            player: p,
            piece,
            place,
            midpoint: Some(mid),
            steps: None,
        });
        self
    }
    fn store(mut self, p: Player, rolls: &[u8]) -> T {
        let rolls = rolls.iter().map(|&r| i64::from(r)).collect();
        self.0.facts.push(SetupFact::of(words::STORE, p, rolls));
        self
    }
    fn credits(mut self, p: Player, c: u8) -> T {
        self.0
            .facts
            .push(SetupFact::of(crate::CREDITS, p, vec![i64::from(c)]));
        self
    }
    fn first_turn(mut self, p: Player) -> T {
        self.0
            .facts
            .push(SetupFact::of(words::FIRST_TURN, p, Vec::new()));
        self
    }
    fn clash(mut self) -> T {
        self.0.mode = CLASH;
        self
    }
    fn turn(mut self, p: Player) -> T {
        self.0.turn = Some(p);
        self
    }
    fn build(self) -> Royal {
        self.build_with(RoyalRules::default_rules())
    }
    fn build_with(self, rules: std::sync::Arc<RoyalRules>) -> Royal {
        Royal::from_setup(rules, &self.0, &mut Vec::new()).expect("valid setup")
    }
}

fn mv(dir: Direction, clauses: &[(PieceId, &[u8])]) -> Action {
    Action::Move(MoveOrder {
        clauses: clauses
            .iter()
            .map(|(p, r)| MoveClause {
                piece: *p,
                rolls: r.to_vec(),
                direction: dir,
            })
            .collect(),
    })
}
fn fwd(clauses: &[(PieceId, &[u8])]) -> Action {
    mv(Direction::Forward, clauses)
}
fn back(clauses: &[(PieceId, &[u8])]) -> Action {
    mv(Direction::Backward, clauses)
}

/// Applies and returns the new position and the IDs of rules applied.
fn play(pos: &Royal, action: Action) -> (Royal, Vec<&'static str>) {
    let mut ev = Vec::new();
    let next = pos
        .apply(&action, &mut ev)
        .unwrap_or_else(|r| panic!("rejected: {r}"));
    (next, ev.iter().map(|e| e.rule.0).collect())
}

/// Asserts the action is rejected by `rule` and the position is unchanged.
fn refused(pos: &Royal, action: Action, rule: &str) {
    let before = pos.clone();
    let mut ev = vec![];
    let r = pos.apply(&action, &mut ev).expect_err("should be rejected");
    assert_eq!(r.rule.0, rule, "{r}");
    assert!(ev.is_empty());
    assert_eq!(*pos, before);
}

fn at(pos: &Royal, p: Player, piece: PieceId) -> Place {
    pos.piece(p, piece).place
}

// ---- table.* ---------------------------------------------------------------

#[test]
fn table_players_need_two_and_turns_skip_absent_seats() {
    let err =
        Royal::from_setup(RoyalRules::default_rules(), &table(&[P1]).0, &mut vec![]).unwrap_err();
    assert_eq!(err[0].rule.0, "table.players");
    let pos = table(&[P1, P3]).build();
    let (pos, ids) = play(&pos, Action::NextTurn);
    assert!(ids.contains(&"table.players"));
    assert_eq!(pos.turn(), P3);
    let (pos, _) = play(&pos, Action::NextTurn);
    assert_eq!(pos.turn(), P1);
}

#[test]
fn table_pieces_g5_and_twice_are_errors() {
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).put(P1, g(5), Ring(3)).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "table.pieces");
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2])
            .put(P1, g(1), Ring(3))
            .put(P1, g(1), Ring(4))
            .0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "table.pieces");
}

#[test]
fn table_modes_set_the_numbers() {
    // table.modes: a Clash capture is worth 50, a Journey one 20.
    let setup = |t: T| {
        t.put(P1, g(1), Ring(27))
            .put(P1, g(2), Ring(27))
            .put(P2, g(1), Ring(23))
            .build()
    };
    let (j, _) = play(&setup(table(&[P1, P2])), fwd(&[(g(1), &[4]), (g(2), &[4])]));
    let (c, _) = play(
        &setup(table(&[P1, P2]).clash()),
        fwd(&[(g(1), &[4]), (g(2), &[4])]),
    );
    assert_eq!(j.seat(P1).battle, 20);
    assert_eq!(c.seat(P1).battle, 50);
}

// ---- board.* ---------------------------------------------------------------

#[test]
fn board_ring_tiles_out_of_range_are_errors() {
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).put(P1, g(1), Ring(53)).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "board.ring");
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).put(P1, g(1), HomePath(6)).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "board.home-path");
}

#[test]
fn board_direction_forward_is_the_next_lower_number() {
    let pos = table(&[P1, P2]).put(P1, g(2), Ring(27)).build();
    let (pos, ids) = play(&pos, fwd(&[(g(2), &[4])]));
    assert_eq!(at(&pos, P1, g(2)), Ring(23));
    assert!(ids.contains(&"board.direction"));
    let pos = table(&[P1, P2]).turn(P2).put(P2, g(2), Ring(2)).build();
    let (pos, _) = play(&pos, fwd(&[(g(2), &[3])]));
    assert_eq!(at(&pos, P2, g(2)), Ring(51), "wraps 1 -> 52");
}

#[test]
fn board_entry_exit_places_guard_on_entry_tile() {
    for (p, tile) in [(P1, 52), (P2, 39), (P3, 26), (P4, 13)] {
        let pos = table(&[P1, P2, P3, P4]).turn(p).build();
        let (pos, ids) = play(&pos, exit_action(vec![g(1)]));
        assert_eq!(at(&pos, p, g(1)), Ring(tile));
        assert!(ids.contains(&"board.entry"));
    }
}

#[test]
fn board_midpoint_is_26_forward_of_entry() {
    // P2's midpoint is 13: a P2 guard on 15 moving 2 Forward gains midpoint progress.
    let pos = table(&[P1, P2]).turn(P2).put(P2, g(1), Ring(15)).build();
    assert!(!pos.piece(P2, g(1)).midpoint);
    let (pos, ids) = play(&pos, fwd(&[(g(1), &[2])]));
    assert!(pos.piece(P2, g(1)).midpoint);
    assert!(ids.contains(&"move.midpoint"));
}

#[test]
fn board_junction_and_home_path() {
    // P1's junction is 1; with midpoint progress 1 -> H1, 4 Forward from 2 reaches H3.
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(2)).build();
    assert_eq!(pos.piece(P1, g(1)).steps, 50);
    let (pos, ids) = play(&pos, fwd(&[(g(1), &[4])]));
    assert_eq!(at(&pos, P1, g(1)), HomePath(3));
    assert_eq!(pos.piece(P1, g(1)).steps, 54);
    assert!(ids.contains(&"move.home-path"));
}

#[test]
fn board_forts_stop_neither_capture_nor_blockade_rules() {
    let b = RoyalRules::default_rules().board;
    assert!([44, 31, 18, 5].iter().all(|&t| b.is_fort(t)));
}

// ---- roll.* ----------------------------------------------------------------

#[test]
fn roll_values_are_1_to_6() {
    let pos = table(&[P1, P2]).build();
    refused(&pos, Action::Roll(vec![7, 1, 2]), "roll.values");
    refused(&pos, Action::Roll(vec![0, 1, 2]), "roll.values");
}

#[test]
fn roll_deal_tables_at_each_boundary() {
    let cases: &[(bool, usize, usize)] = &[
        (false, 0, 3),
        (false, 3, 3),
        (false, 4, 2),
        (false, 7, 2),
        (false, 8, 1),
        (false, 11, 1),
        (false, 12, 0),
        (true, 0, 4),
        (true, 5, 4),
        (true, 6, 3),
        (true, 11, 3),
        (true, 12, 2),
        (true, 15, 2),
        (true, 16, 1),
        (true, 17, 0),
    ];
    for &(clash, stored, dice) in cases {
        let mut t = table(&[P1, P2]).store(P1, &vec![1; stored]);
        if clash {
            t = t.clash();
        }
        let pos = t.build();
        let (after, ids) = play(&pos, Action::Roll(vec![2; dice]));
        assert!(ids.contains(&"roll.deal"));
        assert_eq!(after.seat(P1).store.len(), stored + dice);
        refused(&pos, Action::Roll(vec![2; dice + 1]), "roll.deal");
    }
}

#[test]
fn roll_store_cap_discards_extra_rolls() {
    // A designer's table that overfills: cap 10 with 1 die dealt at 10 stored.
    use crate::params::{DealRow, Params, RoyalParams};
    let mut params = crate::params::shipped::<RoyalParams>();
    params.journey.store_cap = 10;
    params.journey.deal = vec![
        DealRow {
            from: 0,
            to: 3,
            dice: 3,
        },
        DealRow {
            from: 4,
            to: 7,
            dice: 2,
        },
        DealRow {
            from: 8,
            to: 10,
            dice: 1,
        },
    ];
    params.validate().unwrap();
    let pos = table(&[P1, P2])
        .store(P1, &[1; 10])
        .build_with(RoyalRules::new(params));
    let (pos, ids) = play(&pos, Action::Roll(vec![3]));
    assert_eq!(pos.seat(P1).store.len(), 10);
    assert!(ids.contains(&"roll.store-cap"));
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).store(P1, &[1; 13]).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "roll.store-cap");
}

#[test]
fn roll_when_once_per_turn_at_its_start() {
    let pos = table(&[P1, P2]).store(P1, &[]).build();
    let (pos2, _) = play(&pos, Action::Roll(vec![1, 2, 3]));
    refused(&pos2, Action::Roll(vec![1, 2]), "roll.when");
    let (pos3, _) = play(&pos, exit_action(vec![g(1)]));
    refused(&pos3, Action::Roll(vec![1, 2, 3]), "roll.when");
}

#[test]
fn roll_persist_unspent_rolls_stay() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(40))
        .store(P1, &[2, 5, 6])
        .build();
    let (pos, ids) = play(&pos, fwd(&[(g(1), &[5])]));
    assert_eq!(pos.seat(P1).store.rolls(), vec![2, 6]);
    assert!(ids.contains(&"roll.persist"));
}

#[test]
fn roll_king_separate_king_uses_no_store() {
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(40))
        .store(P1, &[2])
        .build();
    let (pos, ids) = play(&pos, fwd(&[(K, &[7])]));
    assert_eq!(at(&pos, P1, K), Ring(33));
    assert_eq!(pos.seat(P1).store.rolls(), vec![2]);
    assert!(ids.contains(&"roll.king-separate"));
}

// ---- grace.* and exit.* ------------------------------------------------------

#[test]
fn grace_check_six_sum_six_third_die_one_die() {
    let credits_after = |store: usize, dice: &[u8]| {
        let pos = table(&[P1, P2])
            .put(P1, g(1), Ring(40))
            .store(P1, &vec![1; store])
            .credits(P1, 1)
            .build();
        play(&pos, Action::Roll(dice.to_vec())).0.seat(P1).credits
    };
    assert_eq!(credits_after(0, &[6, 1, 1]), 2, "a 6 first");
    assert_eq!(credits_after(0, &[1, 6, 1]), 2, "a 6 second");
    assert_eq!(credits_after(0, &[2, 4, 1]), 2, "sum of 6");
    assert_eq!(credits_after(0, &[1, 1, 6]), 1, "third die does not count");
    assert_eq!(credits_after(0, &[6, 6, 6]), 2, "one grace roll a turn");
    assert_eq!(credits_after(8, &[6]), 2, "one die: a 6");
    assert_eq!(credits_after(8, &[5]), 1, "one die: no 6");
}

#[test]
fn grace_credit_and_exit_cap() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(40))
        .credits(P1, 4)
        .build();
    let (pos, ids) = play(&pos, Action::Roll(vec![6, 1, 1]));
    assert_eq!(pos.seat(P1).credits, 4);
    assert!(ids.contains(&"exit.cap"));
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(40))
        .credits(P1, 3)
        .build();
    let (pos, ids) = play(&pos, Action::Roll(vec![3, 3, 1]));
    assert_eq!(pos.seat(P1).credits, 4);
    assert!(ids.contains(&"grace.credit") && ids.contains(&"grace.check"));
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).credits(P1, 5).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "exit.cap");
}

#[test]
fn grace_first_turn_gives_no_grace() {
    let pos = table(&[P1, P2]).first_turn(P1).credits(P1, 0).build();
    let (pos, ids) = play(&pos, Action::Roll(vec![6, 1, 1]));
    assert_eq!(pos.seat(P1).credits, 0);
    assert!(ids.contains(&"grace.first-turn"));
}

#[test]
fn grace_forced_with_no_credits_and_guards_in_yard_or_home() {
    // 12 stored: no dice; G1 Home, the rest in the Yard; the King on the ring does not count.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Home)
        .put(P1, K, Ring(30))
        .store(P1, &[1; 12])
        .credits(P1, 0)
        .build();
    let (pos2, ids) = play(&pos, Action::Roll(vec![]));
    assert_eq!(pos2.seat(P1).credits, 1);
    assert!(ids.contains(&"grace.forced"));
    // With a guard on the ring there is no forced grace.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(9))
        .store(P1, &[1; 12])
        .credits(P1, 0)
        .build();
    assert_eq!(play(&pos, Action::Roll(vec![])).0.seat(P1).credits, 0);
}

#[test]
fn exit_start_three_credits() {
    let mut ev = vec![];
    let pos = Royal::from_setup(RoyalRules::default_rules(), &table(&[P1, P2]).0, &mut ev).unwrap();
    assert_eq!(pos.seat(P1).credits, 3);
    assert!(ev.iter().any(|e| e.rule.0 == "exit.start"));
}

#[test]
fn exit_cost_and_worked_example_004() {
    // Exits (004): all four guards in the Yard and 3 credits: G1, G2 and G3 may exit.
    let pos = table(&[P1, P2]).build();
    refused(&pos, exit_action(vec![g(1), g(2), g(3), g(4)]), "exit.cost");
    let (pos, ids) = play(&pos, exit_action(vec![g(1), g(2), g(3)]));
    assert_eq!(pos.seat(P1).credits, 0);
    for n in 1..=3 {
        assert_eq!(at(&pos, P1, g(n)), Ring(52));
    }
    assert_eq!(at(&pos, P1, g(4)), Out);
    assert!(ids.contains(&"exit.cost"));
    refused(&table(&[P1, P2]).build(), exit_action(vec![K]), "exit.cost");
}

#[test]
fn exit_order_lowest_number_first() {
    let pos = table(&[P1, P2]).build();
    refused(&pos, exit_action(vec![g(2)]), "exit.order");
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(30)).build();
    let (pos, ids) = play(&pos, exit_action(vec![g(2)]));
    assert_eq!(at(&pos, P1, g(2)), Ring(52));
    assert!(ids.contains(&"exit.order"));
}

#[test]
fn exit_timing_before_the_move_and_captures_nothing() {
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(30)).build();
    let (moved, _) = play(&pos, fwd(&[(g(1), &[2])]));
    refused(&moved, exit_action(vec![g(2)]), "exit.timing");
    // Exiting onto P2's lone guard on 52 captures nothing.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P2, g(1), Ring(52))
        .build();
    let (pos, ids) = play(&pos, exit_action(vec![g(2)]));
    assert_eq!(at(&pos, P2, g(1)), Ring(52));
    assert!(ids.contains(&"exit.timing"));
}

// ---- move.* ----------------------------------------------------------------

#[test]
fn move_choice_one_set_of_moves_a_turn() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(20))
        .build();
    let (pos2, _) = play(&pos, fwd(&[(g(1), &[2])]));
    refused(&pos2, fwd(&[(g(2), &[2])]), "move.choice");
    refused(&pos, fwd(&[(g(1), &[2]), (g(1), &[3])]), "move.choice");
}

#[test]
fn move_one_direction_per_turn() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(20))
        .build();
    let order = MoveOrder {
        clauses: vec![
            MoveClause {
                piece: g(1),
                rolls: vec![2],
                direction: Direction::Forward,
            },
            MoveClause {
                piece: g(2),
                rolls: vec![2],
                direction: Direction::Backward,
            },
        ],
    };
    refused(&pos, Action::Move(order), "move.one-direction");
}

#[test]
fn move_rolls_worked_example_003() {
    // Rolls (003): a guard given 3, 3 and 5 moves 11 tiles and those rolls leave the store.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(40))
        .store(P1, &[3, 3, 5, 2])
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[3, 3, 5])]));
    assert_eq!(at(&after, P1, g(1)), Ring(29));
    assert_eq!(after.seat(P1).store.rolls(), vec![2]);
    assert!(ids.contains(&"move.rolls"));
    refused(&pos, fwd(&[(g(1), &[3, 3, 3])]), "move.rolls");
    refused(&pos, fwd(&[(g(1), &[3, 9])]), "roll.values");
}

#[test]
fn move_king_values_one_value_1_to_8() {
    let pos = table(&[P1, P2]).put(P1, K, Ring(40)).build();
    refused(&pos, fwd(&[(K, &[9])]), "move.king-values");
    refused(&pos, fwd(&[(K, &[3, 4])]), "move.king-values");
    let (after, _) = play(&pos, fwd(&[(K, &[8])]));
    assert_eq!(at(&after, P1, K), Ring(32));
}

#[test]
fn move_king_order_first_or_last() {
    // King on 36, guard on 40. King first: 36 -> 32 free. Guard first: the guard lands on 32
    // and then blocks the King (own guard), which stops on 33.
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(36))
        .put(P1, g(1), Ring(40))
        .build();
    let (a, ids) = play(&pos, fwd(&[(K, &[4]), (g(1), &[4, 4])]));
    assert_eq!(at(&a, P1, K), Ring(32));
    assert!(ids.contains(&"move.king-order"));
    let (b, _) = play(&pos, fwd(&[(g(1), &[4, 4]), (K, &[4])]));
    assert_eq!(at(&b, P1, K), Ring(33));
}

#[test]
fn move_order_size_larger_group_first() {
    // P1 G1 alone on 30, G2+G3 on 33; P2 lone guard on 29.
    // The pair moves first (move.order-size): 33 -> 29 captures P2's guard; then G1 lands on 29.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(33))
        .put(P1, g(3), Ring(33))
        .put(P2, g(1), Ring(29))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[1]), (g(2), &[4]), (g(3), &[4])]));
    assert_eq!(at(&after, P2, g(1)), Out);
    assert_eq!(after.seat(P1).battle, 20);
    assert!(ids.contains(&"move.order-size"));
    assert!(ids.contains(&"move.sequential"));
}

#[test]
fn move_order_number_lowest_guard_first() {
    // Two lone guards. G1 on 30 and G2 on 33, both moving onto 29 where P2 has a lone guard.
    // G1 moves first and lands alone (no capture); G2 then lands and with G1 standing forms 2: capture.
    let pos = table(&[P1, P2])
        .put(P1, g(2), Ring(33))
        .put(P1, g(1), Ring(30))
        .put(P2, g(1), Ring(29))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(2), &[4]), (g(1), &[1])]));
    assert_eq!(at(&after, P2, g(1)), Out);
    assert!(ids.contains(&"move.order-number"));
    assert!(ids.contains(&"capture.merge"));
}

#[test]
fn move_together_split_by_total() {
    // Pair on 30 given 2 and 5; P2 lone guard on 28 and on 26.
    // Together to 28 (pair captures P2 G1), then G2 alone 28 -> 25 passing 26: alone, no capture.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(30))
        .put(P2, g(1), Ring(28))
        .put(P2, g(2), Ring(26))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[2]), (g(2), &[5])]));
    assert_eq!(at(&after, P1, g(1)), Ring(28));
    assert_eq!(at(&after, P1, g(2)), Ring(25));
    assert_eq!(at(&after, P2, g(1)), Out);
    assert_eq!(at(&after, P2, g(2)), Ring(26));
    assert!(ids.contains(&"move.together"));
}

#[test]
fn move_together_split_by_path_at_junction() {
    // P1 pair on 3: G1 past midpoint, G2 walked backward (before midpoint). 4 Forward each:
    // 2, 1 together; then G1 -> H1, H2 and G2 -> 52, 51.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(3))
        .put_mid(P1, g(2), Ring(3), false)
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[4]), (g(2), &[4])]));
    assert_eq!(at(&after, P1, g(1)), HomePath(2));
    assert_eq!(at(&after, P1, g(2)), Ring(51));
    assert!(ids.contains(&"move.together"));
}

#[test]
fn move_not_in_play() {
    let pos = table(&[P1, P2]).put(P1, g(2), Home).build();
    refused(&pos, fwd(&[(g(1), &[2])]), "move.not-in-play");
    refused(&pos, fwd(&[(g(2), &[2])]), "move.not-in-play");
    refused(&pos, fwd(&[(K, &[2])]), "move.not-in-play");
}

#[test]
fn move_home_path_forward_only_and_no_entry_without_midpoint() {
    let pos = table(&[P1, P2]).put(P1, g(1), HomePath(2)).build();
    refused(&pos, back(&[(g(1), &[1])]), "move.home-path");
    // Without midpoint progress a piece on the junction continues round the ring.
    let pos = table(&[P1, P2]).put_mid(P1, g(1), Ring(1), false).build();
    assert_eq!(pos.piece(P1, g(1)).steps, -1);
    let (after, _) = play(&pos, fwd(&[(g(1), &[2])]));
    assert_eq!(at(&after, P1, g(1)), Ring(51));
    // Backward near the junction: 2 -> 3 -> 4 (never the Home path).
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(1)).build();
    let (after, _) = play(&pos, back(&[(g(1), &[3])]));
    assert_eq!(at(&after, P1, g(1)), Ring(4));
    assert_eq!(after.piece(P1, g(1)).steps, 48);
}

#[test]
fn move_exact_home() {
    // H3 needs exactly 3 to reach Home (H4, H5, Home).
    let pos = table(&[P1, P2])
        .put(P1, g(1), HomePath(3))
        .put(P1, K, HomePath(4))
        .build();
    refused(&pos, fwd(&[(g(1), &[4])]), "move.exact-home");
    refused(&pos, fwd(&[(g(1), &[3]), (K, &[3])]), "move.exact-home");
    let (after, _) = play(&pos, fwd(&[(g(1), &[3])]));
    assert_eq!(at(&after, P1, g(1)), Home);
    assert_eq!(after.piece(P1, g(1)).steps, 57);
}

#[test]
fn move_midpoint_either_direction() {
    // P1 G1 on 25 placed before midpoint (walked backward: steps 27 - 52 = -25); Backward 1 onto 26.
    let pos = table(&[P1, P2]).put_mid(P1, g(1), Ring(25), false).build();
    assert_eq!(pos.piece(P1, g(1)).steps, -25);
    let (after, ids) = play(&pos, back(&[(g(1), &[1])]));
    assert!(after.piece(P1, g(1)).midpoint);
    assert!(ids.contains(&"move.midpoint"));
    let e = Royal::from_setup(
        RoyalRules::default_rules(),
        &table(&[P1, P2]).put_mid(P1, g(1), Ring(26), false).0,
        &mut vec![],
    )
    .unwrap_err();
    assert_eq!(e[0].rule.0, "move.midpoint");
}

#[test]
fn move_king_yard_returns_at_turn_start() {
    let pos = table(&[P1, P2]).build();
    let (after, ids) = play(&pos, Action::NextTurn);
    assert_eq!(at(&after, P2, K), Ring(39));
    assert!(ids.contains(&"move.king-yard"));
    assert_eq!(
        at(&after, P1, K),
        Out,
        "only the owner's turn brings it back"
    );
}

// ---- blockade.* --------------------------------------------------------------

/// P1 moves `k` guards from 30 by 6 Forward (to 24); P2 has `m` guards on `tile`.
fn blockade_case(k: u8, m: u8, tile: u8) -> (Royal, Vec<&'static str>) {
    let mut t = table(&[P1, P2]);
    for n in 1..=k {
        t = t.put(P1, g(n), Ring(30));
    }
    for n in 1..=m {
        t = t.put(P2, g(n), Ring(tile));
    }
    let clauses: Vec<(PieceId, &[u8])> = (1..=k).map(|n| (g(n), &[6u8][..])).collect();
    play(&t.build(), fwd(&clauses))
}

#[test]
fn blockade_sizes_table() {
    // P1 guards from 30 move 6 Forward (to 24); P2 group of m on 27.
    for k in 1..=4u8 {
        for m in 1..=4u8 {
            let (pos, _) = blockade_case(k, m, 27);
            let blocked = m >= 2 && k <= 3 && k <= m;
            let expect = if blocked { Ring(28) } else { Ring(24) };
            assert_eq!(at(&pos, P1, g(1)), expect, "k={k} m={m}");
        }
    }
}

#[test]
fn blockade_group_lone_guard_never_blocks() {
    let (pos, ids) = blockade_case(1, 1, 27);
    assert_eq!(at(&pos, P1, g(1)), Ring(24));
    assert!(ids.contains(&"blockade.group"));
}

#[test]
fn blockade_any_point_and_penalty_worked_example_001() {
    // Blockade (001): P2 trio on 11, P1 pair on 7 each given 3+4 Backward: stop on 10,
    // 4 steps lost each, 8 in all: -40 Journey, -120 Clash.
    for (clash, points) in [(false, -40), (true, -120)] {
        let mut t = table(&[P1, P2])
            .put(P1, g(1), Ring(7))
            .put(P1, g(2), Ring(7))
            .put(P2, g(1), Ring(11))
            .put(P2, g(2), Ring(11))
            .put(P2, g(3), Ring(11))
            .store(P1, &[3, 4, 3, 4]);
        if clash {
            t = t.clash();
        }
        let (pos, ids) = play(&t.build(), back(&[(g(1), &[3, 4]), (g(2), &[3, 4])]));
        assert_eq!(at(&pos, P1, g(1)), Ring(10));
        assert_eq!(at(&pos, P1, g(2)), Ring(10));
        assert_eq!(pos.seat(P1).battle, points);
        assert!(
            pos.seat(P1).store.is_empty(),
            "the rolls of a blocked guard are spent"
        );
        for id in ["blockade.sizes", "blockade.any-point", "blockade.penalty"] {
            assert!(ids.contains(&id), "{id}");
        }
    }
}

#[test]
fn blockade_moving_count_after_split() {
    // Quad on 30 given 1,1,6,6: all four reach 29, then G3+G4 go on as a pair and
    // P2's pair on 26 stops them on 27 (a quad would have passed).
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(30))
        .put(P1, g(3), Ring(30))
        .put(P1, g(4), Ring(30))
        .put(P2, g(1), Ring(26))
        .put(P2, g(2), Ring(26))
        .build();
    let (after, ids) = play(
        &pos,
        fwd(&[(g(1), &[1]), (g(2), &[1]), (g(3), &[6]), (g(4), &[6])]),
    );
    assert_eq!(at(&after, P1, g(3)), Ring(27));
    assert_eq!(after.seat(P1).battle, -(2 * 3 * 5));
    assert!(ids.contains(&"blockade.moving-count"));
}

#[test]
fn blockade_fort_does_not_block() {
    // P2 pair on fort 31; P1 lone guard 33 -> 29 passes.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(33))
        .put(P2, g(1), Ring(31))
        .put(P2, g(2), Ring(31))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[4])]));
    assert_eq!(at(&after, P1, g(1)), Ring(29));
    assert!(ids.contains(&"blockade.fort"));
}

#[test]
fn blockade_own_entry_opponents_cannot_block_there() {
    // P2 pair on P1's entry 52; P1 guard on 2 moving 4 Forward passes 52 (without midpoint).
    let pos = table(&[P1, P2])
        .put_mid(P1, g(1), Ring(2), false)
        .put(P2, g(1), Ring(52))
        .put(P2, g(2), Ring(52))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[4])]));
    assert_eq!(at(&after, P1, g(1)), Ring(50));
    assert!(ids.contains(&"blockade.own-entry"));
}

#[test]
fn blockade_king_opponent_and_penalty() {
    // P2 pair on 35; P1 King 38 given 6: stops on 36, 4 steps lost, -20.
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(38))
        .put(P2, g(1), Ring(35))
        .put(P2, g(2), Ring(35))
        .build();
    let (after, ids) = play(&pos, fwd(&[(K, &[6])]));
    assert_eq!(at(&after, P1, K), Ring(36));
    assert_eq!(after.seat(P1).battle, -20);
    assert!(ids.contains(&"blockade.king-opponent"));
}

#[test]
fn blockade_king_own_single_guard_not_on_fort() {
    // Own lone guard on 35 blocks the King from 38 (stops 36, no penalty);
    // own guard on fort 31 does not.
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(38))
        .put(P1, g(1), Ring(35))
        .build();
    let (after, ids) = play(&pos, fwd(&[(K, &[6])]));
    assert_eq!(at(&after, P1, K), Ring(36));
    assert_eq!(after.seat(P1).battle, 0);
    assert!(ids.contains(&"blockade.king-own") && ids.contains(&"blockade.own-no-penalty"));
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(33))
        .put(P1, g(1), Ring(31))
        .build();
    let (after, _) = play(&pos, fwd(&[(K, &[4])]));
    assert_eq!(at(&after, P1, K), Ring(29));
}

#[test]
fn blockade_before_capture() {
    // P2 pair and P3 lone guard on 27. P1 pair from 30 given 6 each: the P2 pair blocks
    // (k=2 <= m=2) before the capture check could take P3's guard.
    let pos = table(&[P1, P2, P3])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(30))
        .put(P2, g(1), Ring(27))
        .put(P2, g(2), Ring(27))
        .put(P3, g(1), Ring(27))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[6]), (g(2), &[6])]));
    assert_eq!(at(&after, P3, g(1)), Ring(27));
    assert_eq!(at(&after, P1, g(1)), Ring(28));
    assert!(ids.contains(&"blockade.before-capture"));
}

// ---- capture.* ---------------------------------------------------------------

#[test]
fn capture_sizes_table() {
    // P1 k guards from 30 move 6 Forward past 27 where P2 has m guards (blockades aside:
    // captured exactly when k >= 2 and (m < k or k = 4)).
    for k in 1..=4u8 {
        for m in 1..=4u8 {
            let (pos, _) = blockade_case(k, m, 27);
            let blocked = m >= 2 && k <= 3 && k <= m;
            let captured = k >= 2 && (m < k || k == 4);
            assert!(!(blocked && captured));
            assert_eq!(at(&pos, P2, g(1)) == Out, captured, "k={k} m={m}");
            if captured {
                assert_eq!(pos.seat(P1).battle, 20 * m as i64);
            }
        }
    }
}

#[test]
fn capture_reach_in_passing_and_merge_worked_example_000() {
    // Merge capture (000): P1, P2, P3 lone guards on 23, P1 another on 27.
    let base = || {
        table(&[P1, P2, P3])
            .put(P1, g(2), Ring(27))
            .put(P1, g(1), Ring(23))
            .put(P2, g(1), Ring(23))
            .put(P3, g(1), Ring(23))
    };
    let (landing, ids) = play(&base().build(), fwd(&[(g(2), &[4])]));
    assert_eq!(at(&landing, P2, g(1)), Out);
    assert_eq!(at(&landing, P3, g(1)), Out);
    assert_eq!(landing.seat(P1).battle, 40);
    assert!(ids.contains(&"capture.merge"));
    let (passing, ids) = play(&base().build(), fwd(&[(g(2), &[5, 3])]));
    assert_eq!(at(&passing, P1, g(2)), Ring(19));
    assert_eq!(at(&passing, P1, g(1)), Ring(23));
    assert_eq!(at(&passing, P2, g(1)), Out);
    assert_eq!(at(&passing, P3, g(1)), Out);
    assert!(ids.contains(&"capture.reach"));
}

#[test]
fn capture_reach_standing_pieces_never_capture() {
    // P1 lone guard lands on P2's pair: no capture either way (the pair stands still).
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(24))
        .put(P2, g(1), Ring(23))
        .put(P2, g(2), Ring(23))
        .build();
    let (after, _) = play(&pos, fwd(&[(g(1), &[2])]));
    // blocked at 24 (k=1 <= m=2): stays on 24, -10
    assert_eq!(at(&after, P1, g(1)), Ring(24));
    assert_eq!(at(&after, P2, g(1)), Ring(23));
}

#[test]
fn capture_fort_none() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(33))
        .put(P1, g(2), Ring(33))
        .put(P2, g(1), Ring(31))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[2]), (g(2), &[2])]));
    assert_eq!(at(&after, P2, g(1)), Ring(31));
    assert!(ids.contains(&"capture.fort"));
}

/// capture.fort, capture.own-entry: the event names whose pieces were
/// spared, and where, as the core's event did before it was royal's own.
#[test]
fn a_barred_capture_is_told_in_royals_words() {
    let told = |spared: u8| {
        let pos = table(&[P1, P2])
            .put(P1, g(1), Ring(spared + 2))
            .put(P1, g(2), Ring(spared + 2))
            .put(P2, g(1), Ring(spared))
            .build();
        let mut ev = Vec::new();
        pos.apply(&fwd(&[(g(1), &[2]), (g(2), &[2])]), &mut ev)
            .unwrap_or_else(|r| panic!("rejected: {r}"));
        ev.iter()
            .filter(|e| e.rule.0.starts_with("capture.fort") || e.rule.0 == "capture.own-entry")
            .map(|e| e.told(&crate::words::WORDS).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        told(31),
        ["[capture.fort] P1: P2's pieces on 31 cannot be captured"]
    );
    assert_eq!(
        told(39),
        ["[capture.own-entry] P1: P2's pieces on 39 cannot be captured"]
    );
}

#[test]
fn capture_own_entry_none() {
    // P2's guard on its own entry 39; P1 pair lands there.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(41))
        .put(P1, g(2), Ring(41))
        .put(P2, g(1), Ring(39))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[2]), (g(2), &[2])]));
    assert_eq!(at(&after, P2, g(1)), Ring(39));
    assert!(ids.contains(&"capture.own-entry"));
}

#[test]
fn capture_king_cannot() {
    let pos = table(&[P1, P2])
        .put(P1, K, Ring(30))
        .put(P2, g(1), Ring(28))
        .put(P2, K, Ring(28))
        .build();
    let (after, ids) = play(&pos, fwd(&[(K, &[2])]));
    assert_eq!(at(&after, P2, g(1)), Ring(28));
    assert_eq!(at(&after, P2, K), Ring(28));
    assert!(ids.contains(&"capture.king-cannot"));
}

#[test]
fn capture_king_target_and_penalty() {
    // P1 pair onto 28 where P2's King stands. P2 also has G1 on 10 (ring), G2 on fort 44,
    // G3 in the Home path, G4 on its entry 39, 3 rolls stored, 4 credits.
    // Captured: King (3) + G1, G2, G4 (ring) = 6 pieces x 20 x factor 1 = 120.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(30))
        .put(P2, K, Ring(28))
        .put(P2, g(1), Ring(10))
        .put(P2, g(2), Ring(44))
        .put(P2, g(3), HomePath(2))
        .put(P2, g(4), Ring(39))
        .store(P2, &[1, 2, 3])
        .credits(P2, 4)
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[2]), (g(2), &[2])]));
    assert_eq!(at(&after, P2, K), Out);
    for n in [1, 2, 4] {
        assert_eq!(at(&after, P2, g(n)), Out);
    }
    assert_eq!(at(&after, P2, g(3)), HomePath(2));
    assert_eq!(after.piece(P2, g(3)).steps, 53);
    assert!(after.seat(P2).store.is_empty());
    assert_eq!(after.seat(P2).credits, 2);
    assert_eq!(after.seat(P1).battle, 120);
    assert!(ids.contains(&"capture.king-target") && ids.contains(&"capture.king-penalty"));
}

#[test]
fn capture_merge_of_a_king() {
    // P1 G1 stands on 28 with P2's King; P1 G2 from 30 lands there: group of 2 takes the King.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(28))
        .put(P1, g(2), Ring(30))
        .put(P2, K, Ring(28))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(2), &[2])]));
    assert_eq!(at(&after, P2, K), Out);
    assert_eq!(after.seat(P1).battle, 60);
    assert!(ids.contains(&"capture.merge"));
}

#[test]
fn capture_result_resets_progress_and_midpoint() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(10))
        .put(P1, g(2), Ring(10))
        .put(P2, g(1), Ring(8))
        .build();
    assert!(pos.piece(P2, g(1)).midpoint);
    let (after, ids) = play(&pos, fwd(&[(g(1), &[2]), (g(2), &[2])]));
    assert_eq!(*after.piece(P2, g(1)), Piece::OUT);
    assert!(ids.contains(&"capture.result"));
}

#[test]
fn capture_points_king_factor() {
    // P1 King on 40 (plain ring tile): factor 2 -> 40 for one guard. On its entry 52: factor 1.
    for (king, expect) in [(Ring(40), 40), (Ring(52), 20), (Ring(44), 20), (Out, 20)] {
        let mut t = table(&[P1, P2])
            .put(P1, g(1), Ring(30))
            .put(P1, g(2), Ring(30))
            .put(P2, g(1), Ring(28));
        if king != Out {
            t = t.put(P1, K, king);
        }
        let (after, ids) = play(&t.build(), fwd(&[(g(1), &[2]), (g(2), &[2])]));
        assert_eq!(after.seat(P1).battle, expect, "{king:?}");
        assert!(ids.contains(&"capture.points"));
    }
}

// ---- points.* and end.* --------------------------------------------------------

#[test]
fn points_progress_battle_score() {
    // P1 G1 on 27 (25 steps), King on 52 (0). Journey: progress 10 x 25 = 250.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(27))
        .put(P1, K, Ring(52))
        .build();
    assert_eq!(pos.progress_points(P1), 250);
    let (after, ids) = play(&pos, back(&[(g(1), &[3])]));
    assert_eq!(after.progress_points(P1), 220);
    assert!(ids.contains(&"points.progress"));
    // Battle falls by penalties; score = progress + battle.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(27))
        .put(P2, g(1), Ring(25))
        .put(P2, g(2), Ring(25))
        .build();
    let (after, ids) = play(&pos, fwd(&[(g(1), &[3])]));
    assert_eq!(after.seat(P1).battle, -10);
    assert_eq!(after.score(P1), 260 - 10);
    assert!(ids.contains(&"points.battle"));
    let _ = "points.score";
}

#[test]
fn end_finish_and_standings() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Home)
        .put(P1, g(2), Home)
        .put(P1, g(3), Home)
        .put(P1, g(4), HomePath(5))
        .build();
    let (pos, _) = play(&pos, fwd(&[(g(4), &[1])]));
    assert!(!pos.is_over(), "the game ends at the end of the turn");
    let (pos, ids) = play(&pos, Action::NextTurn);
    assert!(ids.contains(&"end.finish"));
    assert_eq!(pos.final_standings(), Some(&[P1, P2][..]));
    refused(&pos, Action::NextTurn, "end.finish");
}

#[test]
fn every_rule_id_is_cited_by_an_engine_test() {
    let src = include_str!("tests.rs");
    for rule in RoyalRule::ALL {
        let id = rule.id().0;
        let hits = src.matches(&format!("\"{id}\"")).count()
            + src
                .matches(&format!("fn {}", id.replace(['.', '-'], "_")))
                .count();
        assert!(hits > 0, "no engine test cites {id}");
    }
}

#[test]
fn rejection_leaves_state_unchanged_and_new_game_is_valid() {
    let pos = Royal::new_game(RoyalRules::default_rules(), CLASH, &[P1, P2, P3, P4]).unwrap();
    assert_eq!(at(&pos, P4, K), Ring(13));
    refused(&pos, fwd(&[(g(1), &[3])]), "move.not-in-play");
    let _ = (P4,);
}

// ---- the order of refusals (ROYAL.md, scenario conventions) ----------------
//
// One test per adjacent pair of the order, for each kind of action: the action
// breaks both rules and is refused by the earlier; mended for the earlier, it
// is refused by the later, so both really were broken.

/// Asserts `by` (or the player to move) doing `action` is refused by `rule`,
/// leaving the position and the event buffer as they were.
fn refused_by(pos: &Royal, by: Option<Player>, action: &Action, rule: &str) {
    let before = pos.clone();
    let mut ev = vec![];
    let r = pos
        .apply_observed(by, action, &mut ev, &mut |_| {})
        .expect_err("should be rejected");
    assert_eq!(r.rule.0, rule, "{r}");
    assert!(ev.is_empty());
    assert_eq!(*pos, before);
}

fn finished() -> Royal {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Home)
        .put(P1, g(2), Home)
        .put(P1, g(3), Home)
        .put(P1, g(4), Home)
        .build();
    play(&pos, Action::NextTurn).0
}

fn two_guards() -> T {
    table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .put(P1, g(2), Ring(20))
}

#[test]
fn precedence_game_over_before_whose_turn() {
    let roll = Action::Roll(vec![1, 2, 3]);
    refused_by(&finished(), Some(P2), &roll, "end.finish");
    refused_by(&two_guards().build(), Some(P2), &roll, "table.players");
}

#[test]
fn precedence_whose_turn_before_when() {
    let dealt = play(&two_guards().build(), Action::Roll(vec![1, 2, 3])).0;
    let moved = play(&two_guards().build(), fwd(&[(g(1), &[1])])).0;
    refused_by(
        &dealt,
        Some(P2),
        &Action::Roll(vec![1, 2, 3]),
        "table.players",
    );
    refused_by(&dealt, Some(P1), &Action::Roll(vec![1, 2, 3]), "roll.when");
    refused_by(&moved, Some(P2), &exit_action(vec![g(3)]), "table.players");
    refused_by(&moved, None, &exit_action(vec![g(3)]), "exit.timing");
    refused_by(&moved, Some(P2), &fwd(&[(g(2), &[1])]), "table.players");
    refused_by(&moved, None, &fwd(&[(g(2), &[1])]), "move.choice");
}

#[test]
fn precedence_when_before_values() {
    let dealt = play(&two_guards().build(), Action::Roll(vec![1, 2, 3])).0;
    refused(&dealt, Action::Roll(vec![9, 9, 9]), "roll.when");
    refused(
        &two_guards().build(),
        Action::Roll(vec![9, 9, 9]),
        "roll.values",
    );
    let moved = play(&two_guards().build(), fwd(&[(g(1), &[1])])).0;
    refused(&moved, fwd(&[(g(2), &[9])]), "move.choice");
    refused(&two_guards().build(), fwd(&[(g(2), &[9])]), "roll.values");
}

#[test]
fn precedence_roll_values_before_deal() {
    let pos = two_guards().build();
    refused(&pos, Action::Roll(vec![7, 1]), "roll.values");
    refused(&pos, Action::Roll(vec![2, 1]), "roll.deal");
}

#[test]
fn precedence_roll_values_before_king_values() {
    let pos = two_guards().put(P1, K, Ring(40)).build();
    refused(&pos, fwd(&[(K, &[9]), (g(1), &[9])]), "roll.values");
    refused(&pos, fwd(&[(K, &[9]), (g(1), &[1])]), "move.king-values");
}

#[test]
fn precedence_values_before_pieces_named() {
    // The King is in the Yard (not in play) and given 9; G2 in the Yard given 9.
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(30)).build();
    refused(&pos, fwd(&[(K, &[9])]), "move.king-values");
    refused(&pos, fwd(&[(K, &[1])]), "move.not-in-play");
    refused(&pos, fwd(&[(g(2), &[1]), (g(1), &[9])]), "roll.values");
    refused(&pos, fwd(&[(g(2), &[1]), (g(1), &[1])]), "move.not-in-play");
}

#[test]
fn precedence_pieces_named_before_rolls_given() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .store(P1, &[1, 1])
        .build();
    refused(&pos, fwd(&[(g(2), &[2])]), "move.not-in-play");
    refused(&pos, fwd(&[(g(1), &[2])]), "move.rolls");
}

#[test]
fn precedence_exit_piece_before_credits_before_order() {
    // exit.cost for a piece not in the Yard, before exit.cost for credits.
    let pos = table(&[P1, P2])
        .put(P1, g(1), Ring(30))
        .credits(P1, 0)
        .build();
    let mut ev = vec![];
    let r = pos.apply(&exit_action(vec![g(1)]), &mut ev).unwrap_err();
    assert_eq!(r.rule.0, "exit.cost");
    assert!(r.reason.contains("not in the Yard"), "{r}");
    let r = pos.apply(&exit_action(vec![g(2)]), &mut ev).unwrap_err();
    assert!(r.reason.contains("exit credit"), "{r}");
    // exit.cost (credits) before exit.order.
    let pos = table(&[P1, P2])
        .put(P2, g(1), Ring(10))
        .credits(P1, 1)
        .build();
    refused(&pos, exit_action(vec![g(2), g(3)]), "exit.cost");
    refused(&pos, exit_action(vec![g(2)]), "exit.order");
    // A piece not in the Yard (exit.cost) before exit.order.
    let pos = table(&[P1, P2]).put(P1, g(1), Ring(30)).build();
    refused(&pos, exit_action(vec![g(2), g(1)]), "exit.cost");
    refused(&pos, exit_action(vec![g(3)]), "exit.order");
}

#[test]
fn precedence_rolls_given_before_direction() {
    let pos = two_guards().store(P1, &[1, 1]).build();
    let mixed = |a: u8, b: u8| {
        Action::Move(MoveOrder {
            clauses: vec![
                MoveClause {
                    piece: g(1),
                    rolls: vec![a],
                    direction: Direction::Forward,
                },
                MoveClause {
                    piece: g(2),
                    rolls: vec![b],
                    direction: Direction::Backward,
                },
            ],
        })
    };
    refused(&pos, mixed(2, 1), "move.rolls");
    refused(&pos, mixed(1, 1), "move.one-direction");
}

#[test]
fn precedence_direction_before_home_path_and_exact_home() {
    let pos = table(&[P1, P2])
        .put(P1, g(1), HomePath(2))
        .put(P1, g(2), Ring(30))
        .put(P1, g(3), HomePath(4))
        .build();
    let mixed = |guard: u8, a: u8, dir: Direction| {
        Action::Move(MoveOrder {
            clauses: vec![
                MoveClause {
                    piece: g(guard),
                    rolls: vec![a],
                    direction: dir,
                },
                MoveClause {
                    piece: g(2),
                    rolls: vec![1],
                    direction: match dir {
                        Direction::Forward => Direction::Backward,
                        Direction::Backward => Direction::Forward,
                    },
                },
            ],
        })
    };
    refused(&pos, mixed(1, 1, Direction::Backward), "move.one-direction");
    refused(&pos, back(&[(g(1), &[1])]), "move.home-path");
    refused(&pos, mixed(3, 5, Direction::Forward), "move.one-direction");
    refused(&pos, fwd(&[(g(3), &[5])]), "move.exact-home");
}

/// `goti lint`'s static part: no exit credit can ever come when a new game
/// gives none and no grace roll gives one (a captured King's credits need
/// opponent guards out first); the shipped numbers, and any one source of
/// credits, make a game.
#[test]
fn no_exit_credit_ever_is_unplayable_from_the_numbers() {
    use crate::params::Params;
    let shipped = crate::params::shipped::<crate::params::RoyalParams>();
    assert_eq!(shipped.unplayable(), vec![]);
    let mut p = shipped.clone();
    p.exits.start = 0;
    assert_eq!(p.unplayable(), vec![], "grace rolls still give credits");
    p.exits.grace_credit = 0;
    let found = p.unplayable();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].field.as_str(), found[0].rule),
        ("exits.start", "exit.start")
    );
    let mut q = shipped.clone();
    q.exits.start = 0;
    q.exits.grace_per_turn = 0;
    assert_eq!(q.unplayable()[0].field, "exits.start");
    q.exits.start = 1;
    assert_eq!(
        q.unplayable(),
        vec![],
        "one credit at the start lets a guard out"
    );
    // A Journey deal table that deals no die: Journey only.
    let mut d = shipped.clone();
    for row in &mut d.journey.deal {
        row.dice = 0;
    }
    let found = d.unplayable();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].field.as_str(), found[0].rule),
        ("journey.deal", "roll.deal")
    );
}

#[test]
fn the_largest_store_the_deals_fill() {
    use crate::params::{shipped, RoyalParams};
    let p = shipped::<RoyalParams>();
    // roll.deal, roll.store-cap: the shipped tables fill every size.
    assert_eq!(p.journey.largest_store(), 12);
    assert_eq!(p.clash.largest_store(), 17);
    let mut m = p.journey.clone();
    m.deal = vec![
        crate::params::DealRow {
            from: 0,
            to: 3,
            dice: 1,
        },
        crate::params::DealRow {
            from: 4,
            to: 4,
            dice: 0,
        },
        crate::params::DealRow {
            from: 5,
            to: 12,
            dice: 2,
        },
    ];
    // 0 -> 1 -> 2 -> 3 -> 4, and 4 deals nothing.
    assert_eq!(m.largest_store(), 4);
}

/// `goti lint`'s state key leaves out what no rule of play reads: two
/// positions that differ only in battle points (`points.battle`) and in a
/// guard's progress count (`points.progress`: one walked a lap Backward)
/// have one key, the same legal actions, and each action takes them to
/// positions with one key; a different credit count or store is another
/// key.
#[test]
fn the_state_key_leaves_out_points_only() {
    let walked = RoyalRules::default_rules().board.walked_steps(P1, Ring(30));
    let base = || {
        table(&[P1, P2])
            .put(P2, g(1), Ring(20))
            .store(P1, &[3, 4])
            .store(P2, &[])
    };
    let a = base().put(P1, g(1), Ring(30)).build();
    let mut far = base();
    far.0.placements.push(Placement {
        player: P1,
        piece: g(1),
        place: Ring(30),
        midpoint: None,
        steps: Some(walked - 52),
    });
    far.0
        .facts
        .push(SetupFact::of(crate::BATTLE, P1, vec![-40]));
    let b = far.build();
    assert_ne!(a, b);
    assert_ne!(a.score(P1), b.score(P1));
    assert_eq!(a.state_key(), b.state_key());
    let listed = a.legal_list(10_000).unwrap();
    assert_eq!(listed, b.legal_list(10_000).unwrap());
    assert!(listed.len() > 3, "{listed:?}");
    for action in listed {
        let (after_a, _) = play(&a, action.clone());
        let (after_b, _) = play(&b, action);
        assert_eq!(after_a.state_key(), after_b.state_key());
    }
    let fewer = base().put(P1, g(1), Ring(30)).credits(P1, 2).build();
    assert_ne!(a.state_key(), fewer.state_key());
    let other = table(&[P1, P2])
        .put(P2, g(1), Ring(20))
        .store(P1, &[3, 5])
        .store(P2, &[])
        .put(P1, g(1), Ring(30))
        .build();
    assert_ne!(a.state_key(), other.state_key());
}
