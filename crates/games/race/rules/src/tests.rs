//! Race engine tests through its API: the description's checks, each
//! choice the description offers shown on a position derived by hand from
//! RACE.md, and the listing against the rules on random walks. The
//! scenarios in scenarios/race cover every rule ID through the language.

use super::*;
use crate::params::Params;
use crate::params::{AtLimit, CaptureTo, Obligation, RaceParams, Reading};
use crate::{Action, Direction, MoveClause, MoveOrder, Placement, Setup};

const P1: Player = Player::ALL[0];
const P2: Player = Player::ALL[1];

fn g(n: u8) -> PieceId {
    PieceId::Numbered(n)
}

/// A Ludo: safe fields 8 and 21, no obligations, a capture throws again,
/// the third 6 in a row is forfeit.
fn ludo() -> RaceParams {
    let mut p = crate::params::shipped();
    p.board.ring = 52;
    p.board.starts = vec![0, 13, 26, 39];
    p.board.home = 6;
    p.obligations = vec![];
    p.capture.safe = vec![8, 21];
    p.again.after_pass = false;
    p.again.on_capture = true;
    p.again.limit = 3;
    p.validate().expect("the ludo is valid");
    p
}

/// Two dice and blockades (scenarios/race/two-dice.yaml): two dice read
/// as their sum, a 5 to enter, a double throws again, the third in a row
/// is forfeit and sends the leading piece back; two pieces block passing.
fn two_dice() -> RaceParams {
    let mut p = crate::params::shipped();
    p.board.ring = 68;
    p.board.starts = vec![0, 17, 34, 51];
    p.board.home = 7;
    p.dice.count = 2;
    p.enter.values = vec![5];
    p.obligations = vec![];
    p.moving.own_share = true;
    p.capture.safe = vec![0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63];
    p.blockade.size = 2;
    p.again.values = vec![];
    p.again.on_double = true;
    p.again.limit = 3;
    p.again.at_limit = AtLimit::LeadBack;
    p.validate().expect("the two-dice description is valid");
    p
}

/// No jumping, captures in passing, a piece reaching home throws again.
fn strict() -> RaceParams {
    let mut p = crate::params::shipped();
    p.moving.jump = false;
    p.capture.on_pass = true;
    p.capture.safe = vec![7];
    p.again.on_home = true;
    p.validate().expect("valid");
    p
}

/// Blockades: own pieces share fields, two of one player block; on the
/// shipped board they stop passing, on the Ludo's only landing.
fn blockading() -> [RaceParams; 2] {
    let mut a = crate::params::shipped();
    a.moving.own_share = true;
    a.blockade.size = 2;
    let mut b = ludo();
    b.moving.own_share = true;
    b.blockade.size = 2;
    b.blockade.stops = crate::params::Stops::Landing;
    // blockade.fields: every other field blocks.
    b.blockade.fields = (0..52).step_by(2).collect();
    for p in [&a, &b] {
        p.validate().expect("valid");
    }
    [a, b]
}

fn setup(params: RaceParams, pieces: &[(Player, u8, Place)], turn: Player) -> Race {
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
    Race::from_setup(RaceRules::new(params), &s, &mut Vec::new()).expect("valid setup")
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

fn play(pos: &Race, a: Action) -> Race {
    pos.apply(&a, &mut Vec::new())
        .unwrap_or_else(|r| panic!("{a:?}: {r}"))
}

fn refused_by(pos: &Race, a: &Action, rule: &str) {
    let mut ev = Vec::new();
    match pos.apply_observed(None, a, &mut ev, &mut |_| {}) {
        Ok(_) => panic!("{a:?} was allowed; expected {rule}"),
        Err(r) => assert_eq!(r.rule.0, rule, "{r}"),
    }
    assert!(ev.is_empty(), "a refusal leaves no events");
}

fn legal(pos: &Race) -> String {
    pos.legal_words()
}

/// A change made to a description.
type Change = fn(&mut RaceParams);

#[test]
fn a_description_names_its_places_in_words_of_its_own() {
    let mut p = crate::params::shipped();
    p.words.base = "yard".into();
    p.words.home = "home-column".into();
    assert_eq!(p.validate(), Ok(()));
    let names = goti_engine::params::Params::place_names(&p).expect("race names its places");
    assert_eq!((names.base, names.home), ("yard", "home-column"));
}

/// Each change of the shipped description is refused, naming its key.
fn refused_naming_keys(cases: &[(Change, &str)]) {
    for (change, field) in cases {
        let mut p = crate::params::shipped();
        change(&mut p);
        let e = p.validate().expect_err(field);
        assert_eq!(e.field, *field, "{e}");
    }
}

/// The board, the dice and what a throw reads or pays.
#[test]
fn a_board_or_its_dice_are_refused_naming_their_key() {
    refused_naming_keys(&[
        (|p| p.board.starts = vec![0, 40], "board.starts.1"),
        (|p| p.board.starts = vec![0, 0], "board.starts.1"),
        (|p| p.board.starts = vec![0], "board.starts"),
        (|p| p.enter.values = vec![7], "enter.values.0"),
        (|p| p.enter.values = vec![], "enter.values"),
        (|p| p.again.values = vec![6, 6], "again.values.1"),
        (|p| p.capture.safe = vec![3, 44], "capture.safe.1"),
        (
            |p| p.obligations = vec![Obligation::Enter, Obligation::Enter],
            "obligations.1",
        ),
        (|p| p.board.home = 3, "board.home"),
        (|p| p.dice.count = 7, "dice.count"),
        // dice.each: 2-4 dice, no table, nothing thrown again by value.
        (|p| p.dice.read = Reading::Each, "dice.count"),
        (
            |p| {
                p.dice.count = 2;
                p.dice.read = Reading::Each;
            },
            "again.values",
        ),
        (
            |p| {
                p.dice.count = 2;
                p.dice.read = Reading::Each;
                p.again.values = vec![];
                p.dice.table = (2..=12).collect();
            },
            "dice.table",
        ),
        // dice.table: one entry for each of the sums 1-6 of one die.
        (|p| p.dice.table = vec![1, 2, 3], "dice.table"),
        (|p| p.dice.table = vec![1, 2, 3, 4, 5, 37], "dice.table.5"),
        (|p| p.dice.table = vec![0, 2, 3, 4, 5, 6], "dice.table.0"),
        // A 6 (enter.values) that the table never reads.
        (|p| p.dice.table = vec![1, 2, 3, 4, 5, 5], "enter.values.0"),
        // returns.places: only with end.play_on; a list per table of 2-4.
        (
            |p| p.returns.places = vec![vec![1, -1], vec![1, 0, -1], vec![3, 1, -1, -3]],
            "returns.places",
        ),
        (
            |p| {
                p.end.play_on = true;
                p.returns.places = vec![vec![1, -1], vec![1, 0, -1]]
            },
            "returns.places",
        ),
        (
            |p| {
                p.end.play_on = true;
                p.returns.places = vec![vec![1, -1], vec![1, 0], vec![3, 1, -1, -3]]
            },
            "returns.places.1",
        ),
        (
            |p| {
                p.end.play_on = true;
                p.returns.places = vec![vec![1, -1], vec![1, 0, -1], vec![3, 1, -1, 1001]]
            },
            "returns.places.2.3",
        ),
        (
            |p| {
                p.dice.count = 2;
                p.dice.faces = 20
            },
            "dice.faces",
        ),
        (
            |p| {
                p.dice.count = 2;
                p.enter.values = vec![13]
            },
            "enter.values.0",
        ),
        (|p| p.enter.values = vec![12], "enter.values.0"),
    ]);
}

/// The rules of play: throwing again, names, blockades, obligations,
/// penalties and place words.
#[test]
fn a_rule_of_play_is_refused_naming_its_key() {
    refused_naming_keys(&[
        (|p| p.again.on_double = true, "again.on_double"),
        (
            |p| {
                p.names.insert("dice.one".into(), "dice.uno".into());
            },
            "names.dice.one",
        ),
        (
            |p| {
                p.names.insert("dice.throw".into(), "Dice One".into());
            },
            "names.dice.throw",
        ),
        (
            |p| {
                p.names.insert("dice.throw".into(), "move.free".into());
            },
            "names.dice.throw",
        ),
        (
            |p| {
                p.names.insert("dice.throw".into(), "dice.one".into());
                p.names.insert("throw.again".into(), "dice.one".into());
            },
            "names.dice.throw",
        ),
        (|p| p.blockade.size = 2, "blockade.size"),
        (
            |p| {
                p.moving.own_share = true;
                p.blockade.size = 5
            },
            "blockade.size",
        ),
        // capture.must: an obligation to capture where nothing captures.
        (
            |p| {
                p.capture.on_land = false;
                p.obligations = vec![Obligation::Capture]
            },
            "obligations.0",
        ),
        // capture.to: start only where something is captured.
        (
            |p| {
                p.capture.on_land = false;
                p.capture.to = CaptureTo::Start
            },
            "capture.to",
        ),
        // blockade.fields: on the ring, each once, and only with blockades.
        (|p| p.blockade.fields = vec![10], "blockade.fields"),
        (
            |p| {
                p.moving.own_share = true;
                p.blockade.size = 2;
                p.blockade.fields = vec![10, 40]
            },
            "blockade.fields.1",
        ),
        (
            |p| {
                p.moving.own_share = true;
                p.blockade.size = 2;
                p.blockade.fields = vec![10, 10]
            },
            "blockade.fields.1",
        ),
        // throw.penalty: a punished limit needs a limit some throw reaches.
        (|p| p.again.at_limit = AtLimit::LeadBack, "again.at_limit"),
        (
            |p| {
                p.again.limit = 3;
                p.again.values = vec![];
                p.again.at_limit = AtLimit::LeadBack
            },
            "again.at_limit",
        ),
        // words: place words a scenario can write, the two apart.
        (|p| p.words.base = "Yard".into(), "words.base"),
        (|p| p.words.base = "the yard".into(), "words.base"),
        (|p| p.words.home = "".into(), "words.home"),
        (|p| p.words.home = "home2".into(), "words.home"),
        (|p| p.words.home = "-home".into(), "words.home"),
        (|p| p.words.home = "a".repeat(21), "words.home"),
        (|p| p.words.home = "base".into(), "words.home"),
        (
            |p| {
                p.words.base = "nest".into();
                p.words.home = "yard".into()
            },
            "words.home",
        ),
    ]);
}

/// The shipped description is maedn's: a 6 must bring a piece in, and a
/// piece on the start field must clear it (start.clear before enter.value).
#[test]
fn the_shipped_obligations_bind_in_their_order() {
    let p = crate::params::shipped();
    let pos = setup(p.clone(), &[(P1, 1, Place::Ring(0))], P1);
    let pos = play(&pos, Action::Roll(vec![6]));
    assert_eq!(legal(&pos), "G1");
    refused_by(&pos, &Choice::Enter(0).action(), "start.clear");
    let pos = setup(p, &[(P1, 1, Place::Ring(5))], P1);
    let pos = play(&pos, Action::Roll(vec![6]));
    assert_eq!(legal(&pos), "enter");
    refused_by(&pos, &mv(1), "enter.value");
    // throw.again: the 6 keeps the turn.
    let pos = play(&pos, Choice::Enter(0).action());
    assert_eq!((pos.turn(), pos.route(P1, 1)), (P1, 0));
}

/// Without obligations, entering is one choice among the moves.
#[test]
fn without_obligations_entering_is_a_choice() {
    let pos = setup(ludo(), &[(P1, 1, Place::Ring(5))], P1);
    let pos = play(&pos, Action::Roll(vec![6]));
    assert_eq!(legal(&pos), "enter G1");
    let moved = play(&pos, mv(1));
    assert_eq!(moved.route(P1, 0), 11);
    refused_by(
        &play(&moved, Action::Roll(vec![3])),
        &Choice::Enter(0).action(),
        "enter.value",
    );
}

/// capture.safe: on field 8 the pieces share; elsewhere a capture sends
/// the piece home and (again.on_capture) throws again.
#[test]
fn safe_fields_share_and_captures_throw_again() {
    let pos = setup(
        ludo(),
        &[(P1, 1, Place::Ring(5)), (P2, 1, Place::Ring(8))],
        P1,
    );
    let shared = play(&play(&pos, Action::Roll(vec![3])), mv(1));
    assert_eq!(shared.pieces_at(Place::Ring(8)).len(), 2);
    assert_eq!(shared.turn(), P2, "a 3 without a capture passes the turn");
    shared.invariants().unwrap();
    let pos = setup(
        ludo(),
        &[(P1, 1, Place::Ring(5)), (P2, 1, Place::Ring(9))],
        P1,
    );
    let hit = play(&play(&pos, Action::Roll(vec![4])), mv(1));
    assert_eq!(hit.piece(P2, g(1)).place, Place::Out);
    assert_eq!(hit.turn(), P1, "a capture throws again");
}

/// throw.limit: the third 6 in a row is forfeit: only `pass`, and the turn
/// passes (a 6 otherwise throws again).
#[test]
fn the_third_six_in_a_row_is_forfeit() {
    let mut pos = setup(ludo(), &[(P1, 1, Place::Ring(1))], P1);
    for _ in 0..2 {
        pos = play(&play(&pos, Action::Roll(vec![6])), mv(1));
        assert_eq!(pos.turn(), P1);
    }
    let third = play(&pos, Action::Roll(vec![6]));
    assert_eq!(legal(&third), "pass");
    refused_by(&third, &mv(1), "throw.limit");
    let passed = play(&third, Action::NextTurn);
    assert_eq!(passed.turn(), P2);
    assert_eq!(passed.route(P1, 0), 13);
}

#[test]
fn the_listing_is_what_the_rules_accept_on_random_walks() {
    let mut compared = goti_engine::legal::Compared::default();
    let [a, b] = blockading();
    let mut places = ludo();
    places.end.play_on = true;
    let mut restart = strict();
    restart.capture.to = CaptureTo::Start;
    for params in [
        crate::params::shipped(),
        ludo(),
        a,
        b,
        two_dice(),
        strict(),
        places,
        restart,
    ] {
        let rules = RaceRules::new(params);
        for players in [2, 3, 4] {
            let start = Race::new_game(rules.clone(), &Player::ALL[..players], None).unwrap();
            for seed in 0..20 {
                compared += goti_engine::legal::walk_and_compare(&start, 600, seed)
                    .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            }
        }
    }
    assert!(compared.nodes > 5000, "{compared:?}");
}

/// The quiet path (in place, no copy) and `apply` agree on every
/// candidate, refused ones included.
#[test]
fn quiet_play_agrees_with_apply_on_every_candidate() {
    let mut tried = 0;
    let [a, b] = blockading();
    let mut passing = strict();
    passing.moving.jump = true;
    passing.capture.to = CaptureTo::Start;
    for params in [
        crate::params::shipped(),
        ludo(),
        a,
        b,
        two_dice(),
        strict(),
        passing,
    ] {
        let rules = RaceRules::new(params);
        for seed in 0..10u64 {
            let mut pos = Race::new_game(rules.clone(), &Player::ALL[..4], None).unwrap();
            let mut rng = seed * 7 + 1;
            for _ in 0..300 {
                let mut candidates = pos.legal_candidates().unwrap();
                candidates.extend((0..=7).map(|d| Action::Roll(vec![d])));
                candidates
                    .extend([vec![2, 3], vec![4, 4], vec![0, 1], vec![1, 2, 3]].map(Action::Roll));
                for a in &candidates {
                    let applied = pos.apply(a, &mut Vec::new());
                    let mut quiet = pos.clone();
                    let ok = quiet.play_with(a, &mut crate::Quiet);
                    match applied {
                        Ok(next) => assert!(ok && quiet == next, "{a:?} from {pos:?}"),
                        Err(_) => assert!(!ok && quiet == pos, "{a:?} from {pos:?}"),
                    }
                    tried += 1;
                }
                let options: Vec<Action> = match pos.ply() {
                    goti_engine::legal::Ply::Over => break,
                    goti_engine::legal::Ply::Chance(o) => o.to_vec(),
                    goti_engine::legal::Ply::Choice => pos.legal_list(10).unwrap(),
                };
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = &options[(rng >> 33) as usize % options.len()];
                assert!(pos.play_in_place(a, &mut Vec::new()));
                pos.invariants().unwrap();
                pos.reachable().unwrap();
            }
        }
    }
    assert!(tried > 30_000, "{tried} tried");
}

/// dice.throw with two dice: the throw is read as its sum; a throw of the
/// wrong number of dice is refused; enter.value reads the sum (5 = 2 + 3).
#[test]
fn two_dice_are_read_as_their_sum() {
    let start = setup(two_dice(), &[(P1, 2, Place::Ring(10))], P1);
    refused_by(&start, &Action::Roll(vec![5]), "dice.throw");
    refused_by(&start, &Action::Roll(vec![2, 7]), "dice.throw");
    let five = play(&start, Action::Roll(vec![2, 3]));
    assert_eq!(legal(&five), "enter G2");
    let moved = play(&five, mv(2));
    assert_eq!(moved.route(P1, 1), 15, "10 + 2 + 3");
    assert_eq!(moved.turn(), P2, "2 and 3 is no double");
}

/// throw.double: a double throws again, a pass on one too
/// (again.after_pass); throw.limit: the third double in a row is forfeit.
#[test]
fn a_double_throws_again_and_the_third_is_forfeit() {
    let mut pos = setup(two_dice(), &[(P1, 1, Place::Ring(1))], P1);
    let mut events = Vec::new();
    pos = pos.apply(&Action::Roll(vec![4, 4]), &mut events).unwrap();
    pos = pos.apply(&mv(1), &mut events).unwrap();
    assert!(
        events.iter().any(|e| e.rule.0 == "throw.double"),
        "a double is cited: {events:?}"
    );
    assert_eq!((pos.turn(), pos.route(P1, 0)), (P1, 9));
    pos = play(&play(&pos, Action::Roll(vec![1, 1])), mv(1));
    assert_eq!((pos.turn(), pos.route(P1, 0)), (P1, 11));
    let third = play(&pos, Action::Roll(vec![6, 6]));
    assert_eq!(legal(&third), "pass");
    refused_by(&third, &mv(1), "throw.limit");
    assert_eq!(play(&third, Action::NextTurn).turn(), P2);
}

/// throw.penalty: the third double sends the leading piece on the common
/// fields back to base (G2 on 40, ahead of G1 on 12); G3 in home 2 is home
/// and stays. The throw is still forfeit.
#[test]
fn the_third_double_sends_the_leading_piece_back() {
    let pieces = [
        (P1, 1, Place::Ring(12)),
        (P1, 2, Place::Ring(40)),
        (P1, 3, Place::HomePath(2)),
    ];
    let mut pos = setup(two_dice(), &pieces, P1);
    pos = play(&play(&pos, Action::Roll(vec![1, 1])), mv(1));
    pos = play(&play(&pos, Action::Roll(vec![2, 2])), mv(1));
    assert_eq!((pos.turn(), pos.route(P1, 0)), (P1, 18));
    let mut events = Vec::new();
    let third = pos.apply(&Action::Roll(vec![3, 3]), &mut events).unwrap();
    let sent = events
        .iter()
        .find(|e| e.rule.0 == "throw.penalty")
        .unwrap_or_else(|| panic!("the penalty is cited: {events:?}"));
    assert_eq!(
        sent.told(&crate::words::WORDS).to_string(),
        "[throw.penalty] P1: G2 on 40 goes back off the board"
    );
    assert_eq!(third.piece(P1, g(2)).place, Place::Out);
    assert_eq!(third.piece(P1, g(1)).place, Place::Ring(18));
    assert_eq!(third.piece(P1, g(3)).place, Place::HomePath(2));
    assert_eq!(legal(&third), "pass");
    assert_eq!(play(&third, Action::NextTurn).turn(), P2);
}

/// throw.penalty: with no piece on the common fields, nothing goes back
/// (the pieces in their home fields stay); a forfeit throw without the
/// penalty sends nothing back.
#[test]
fn the_penalty_spares_pieces_at_home() {
    let streak = |params: RaceParams, pieces: &[(Player, u8, Place)]| {
        let mut pos = setup(params, pieces, P1);
        pos.streak = 2;
        let mut events = Vec::new();
        let third = pos.apply(&Action::Roll(vec![3, 3]), &mut events).unwrap();
        (third, events)
    };
    let (home, events) = streak(two_dice(), &[(P1, 1, Place::HomePath(1))]);
    assert_eq!(home.piece(P1, g(1)).place, Place::HomePath(1));
    assert!(
        events.iter().any(|e| e.rule.0 == "throw.penalty"
            && e.told(&crate::words::WORDS)
                .to_string()
                .contains("nothing goes back")),
        "{events:?}"
    );
    let mut forfeit = two_dice();
    forfeit.again.at_limit = AtLimit::Forfeit;
    let (kept, events) = streak(forfeit, &[(P1, 1, Place::Ring(40))]);
    assert_eq!(kept.piece(P1, g(1)).place, Place::Ring(40));
    assert!(events.iter().all(|e| e.rule.0 != "throw.penalty"));
}

/// RACE.md §5: a throw of two dice of six has 21 outcomes, each set of
/// faces once; with nothing on the board only a pass follows, but a 5
/// (1+4, 2+3) brings a piece in: 21 leaves at depth 2, 2 of them `enter`.
#[test]
fn two_dice_branch_once_per_set_of_faces() {
    let start = Race::new_game(RaceRules::new(two_dice()), &[P1, P2], None).unwrap();
    let goti_engine::legal::Ply::Chance(outcomes) = start.ply() else {
        panic!("a throw comes first");
    };
    assert_eq!(outcomes.len(), 21);
    assert_eq!(start.leaves_after_throw(), Some(21));
    let enters = outcomes
        .iter()
        .filter(|a| legal(&play(&start, (*a).clone())) == "enter")
        .count();
    assert_eq!(enters, 2);
}

/// Three dice of two faces read through a table (dice.table): sums 3-6
/// read 6, 1, 2, 3.
fn cowries() -> RaceParams {
    let mut p = crate::params::shipped();
    p.dice.count = 3;
    p.dice.faces = 2;
    p.dice.table = vec![6, 1, 2, 3];
    p.validate().expect("the table is valid");
    p
}

/// dice.table: a throw moves the table's value, not its sum; perft has
/// one outcome per set of faces (4 for three dice of two faces), and only
/// 1 1 1 (read 6) brings a piece in; the event cites dice.table.
#[test]
fn a_table_reads_the_throw() {
    let start = setup(cowries(), &[(P1, 1, Place::Ring(10))], P1);
    let mut events = Vec::new();
    let thrown = start
        .apply(&Action::Roll(vec![2, 2, 2]), &mut events)
        .unwrap();
    assert!(
        events.iter().any(|e| e.rule.0 == "dice.table"),
        "{events:?}"
    );
    assert_eq!(play(&thrown, mv(1)).route(P1, 0), 13, "a sum of 6 reads 3");
    let fresh = Race::new_game(RaceRules::new(cowries()), &[P1, P2], None).unwrap();
    let goti_engine::legal::Ply::Chance(outcomes) = fresh.ply() else {
        panic!("a throw comes first");
    };
    assert_eq!(outcomes.len(), 4, "1 1 1, 1 1 2, 1 2 2, 2 2 2");
    let enters: Vec<_> = outcomes
        .iter()
        .filter(|a| legal(&play(&fresh, (*a).clone())) == "enter")
        .collect();
    assert_eq!(enters, [&Action::Roll(vec![1, 1, 1])]);
    assert_eq!(fresh.leaves_after_throw(), Some(4));
    assert!(cowries()
        .race_rules_in_play()
        .contains(&RaceRule::DiceTable));
}

/// Two dice, each played apart (dice.each); a 5 or a 6 brings a piece in.
fn each() -> RaceParams {
    let mut p = crate::params::shipped();
    p.dice.count = 2;
    p.dice.read = Reading::Each;
    p.again.values = vec![];
    p.enter.values = vec![5, 6];
    p.obligations = vec![];
    p.validate().expect("each die apart is valid");
    p
}

/// dice.each: `enter` names its die where two dice left bring a piece in;
/// a move names its die, and the help names one the piece can play; the
/// throw is spent (and the turn passes) only with its last die.
#[test]
fn each_die_is_played_apart() {
    let start = setup(each(), &[(P1, 1, Place::HomePath(2))], P1);
    let thrown = play(&start, Action::Roll(vec![5, 6]));
    assert_eq!(thrown.dice_left(), [6, 5]);
    assert_eq!(
        legal(&thrown),
        "enter 6 enter 5",
        "G1 in goal 2 moves neither"
    );
    refused_by(&thrown, &Choice::Enter(0).action(), "dice.each");
    let entered = play(&thrown, Choice::Enter(5).action());
    assert_eq!(entered.dice_left(), [6], "the 5 brought the piece in");
    assert_eq!(entered.turn(), P1);
    // G1 in goal 2 (route 41) cannot move 3 (past goal 4, route 43) but
    // can move 1.
    let thrown = play(&start, Action::Roll(vec![1, 3]));
    let mut events = Vec::new();
    let refusal = thrown.apply(&mv(1), &mut events).unwrap_err();
    assert_eq!(refusal.rule.0, "dice.each");
    assert!(
        refusal
            .help
            .as_deref()
            .is_some_and(|h| h.contains("move G1 1")),
        "{refusal:?}"
    );
    let moved = play(&thrown, Choice::Move(0, 1).action());
    assert_eq!((moved.route(P1, 0), moved.turn()), (42, P1));
    refused_by(&moved, &Action::Roll(vec![2, 2]), "dice.each");
    assert_eq!(legal(&moved), "pass", "the 3 left plays nothing");
    let done = play(&moved, Action::NextTurn);
    assert_eq!((done.dice_left(), done.turn()), (&[][..], P2));
}

/// end.places with returns.places: the places are paid the table's list
/// for as many players, not n + 1 - 2k.
#[test]
fn a_table_of_payouts_pays_the_places() {
    let mut p = crate::params::shipped();
    p.end.play_on = true;
    p.returns.places = vec![vec![1, 0], vec![2, 1, 0], vec![5, 0, 0, -5]];
    p.validate().expect("valid payouts");
    assert_eq!(p.returns.place(0, 3), 2);
    assert_eq!(p.returns.place(3, 4), -5);
    let formula = crate::params::shipped().returns;
    assert_eq!((formula.place(0, 4), formula.place(3, 4)), (3, -3));
}

/// RACE.md §6: the rules each description puts in play, derived from its
/// keys by hand.
#[test]
fn a_description_puts_its_rules_in_play() {
    let ids = |p: RaceParams| -> Vec<&'static str> {
        p.race_rules_in_play().iter().map(|r| r.id().0).collect()
    };
    let family: Vec<&str> = RaceRule::ALL.iter().map(|r| r.id().0).collect();
    let without = |off: &[&str]| -> Vec<&str> {
        family
            .iter()
            .copied()
            .filter(|r| !off.contains(r))
            .collect()
    };
    // maedn: no double, no limit (nor its penalty), no sharing, no safe
    // field, no blockade;
    // none of them has entry fields, an inexact finish or an obligation to
    // capture (the first three).
    let maedn_off = [
        "board.entry",
        "board.exact",
        "capture.must",
        "dice.table",
        "dice.each",
        "throw.double",
        "throw.limit",
        "throw.penalty",
        "move.jump",
        "move.share",
        "capture.pass",
        "capture.safe",
        "capture.to",
        "end.places",
        "blockade.form",
        "blockade.stop",
        "blockade.fields",
    ];
    assert_eq!(ids(crate::params::shipped()), without(&maedn_off));
    assert_eq!(
        ids(ludo()),
        without(&[
            "board.entry",
            "board.exact",
            "capture.must",
            "dice.table",
            "dice.each",
            "throw.double",
            "throw.penalty",
            "start.clear",
            "move.jump",
            "move.share",
            "capture.pass",
            "capture.to",
            "blockade.form",
            "blockade.stop",
            "blockade.fields",
            "end.places"
        ])
    );
    assert_eq!(
        ids(two_dice()),
        without(&[
            "board.entry",
            "board.exact",
            "capture.must",
            "dice.table",
            "dice.each",
            "throw.again",
            "start.clear",
            "move.jump",
            "capture.pass",
            "capture.to",
            "blockade.fields",
            "end.places"
        ])
    );
    // Each key that puts one in play.
    let mut p = crate::params::shipped();
    p.board.entries = vec![35, 5, 15, 25];
    p.board.exact = false;
    p.obligations.push(Obligation::Capture);
    assert_eq!(ids(p), without(&maedn_off[3..]));
    let [_, mut b] = blockading();
    let fields = ids(b.clone());
    assert!(fields.contains(&"blockade.fields"), "{fields:?}");
    b.blockade.fields.clear();
    assert!(!ids(b).contains(&"blockade.fields"));
}

/// blockade.fields: two pieces of P1 make a blockade on a listed field
/// (10) and not on another (5): P2 passes the pair on 5 and not the one on
/// 10.
#[test]
fn a_blockade_forms_only_on_the_fields_listed() {
    let mut p = crate::params::shipped();
    p.moving.own_share = true;
    p.blockade.size = 2;
    p.blockade.fields = vec![10, 30];
    p.validate().expect("valid");
    let pieces = [
        (P1, 1, Place::Ring(5)),
        (P1, 2, Place::Ring(5)),
        (P1, 3, Place::Ring(10)),
        (P1, 4, Place::Ring(10)),
        (P2, 1, Place::Ring(3)),
        (P2, 2, Place::Ring(8)),
    ];
    let four = play(&setup(p, &pieces, P2), Action::Roll(vec![4]));
    assert_eq!(play(&four, mv(1)).piece(P2, g(1)).place, Place::Ring(7));
    refused_by(&four, &mv(2), "blockade.stop");
}

/// `names`: a description's own rule IDs are what events, refusals and
/// set-up errors cite, and what its catalogue and rules in play list.
#[test]
fn a_description_names_its_rules() {
    use crate::params::Params;
    let mut p = crate::params::shipped();
    p.names.insert("dice.throw".into(), "dice.one".into());
    p.names
        .insert("start.clear".into(), "start.must-clear".into());
    p.validate().expect("valid names");
    let mut events = Vec::new();
    let pos = Race::new_game(RaceRules::new(p.clone()), &[P1, P2], None).unwrap();
    refused_by(&pos, &mv(1), "dice.one");
    pos.apply(&Action::Roll(vec![6]), &mut events).unwrap();
    assert!(events.iter().any(|e| e.rule.0 == "dice.one"), "{events:?}");
    assert!(
        events.iter().all(|e| e.rule.0 != "dice.throw"),
        "{events:?}"
    );
    let on_start = setup(p.clone(), &[(P1, 1, Place::Ring(0))], P1);
    let six = play(&on_start, Action::Roll(vec![6]));
    refused_by(&six, &Choice::Enter(0).action(), "start.must-clear");
    let ids: Vec<&str> = p
        .catalogue(RaceRule::CATALOGUE)
        .iter()
        .map(|r| r.id.0)
        .collect();
    assert!(
        ids.contains(&"dice.one") && !ids.contains(&"dice.throw"),
        "{ids:?}"
    );
    // cites: what the catalogue lists, without building it.
    for id in [
        "dice.one",
        "dice.throw",
        "start.must-clear",
        "start.clear",
        "move.free",
        "x.y",
    ] {
        let id = goti_engine::rule::intern(id);
        assert_eq!(
            p.cites(RaceRule::CATALOGUE, id),
            ids.contains(&id.0),
            "{id:?}"
        );
    }
    let in_play: Vec<&str> = p.rules_in_play().unwrap().iter().map(|r| r.0).collect();
    assert!(in_play.contains(&"start.must-clear"), "{in_play:?}");
    // A set-up error cites the description's name too: one player.
    p.names
        .insert("table.players".into(), "table.sitting".into());
    let lonely = Setup {
        players: vec![P1],
        turn: Some(P1),
        ..Setup::default()
    };
    let errors = Race::from_setup(RaceRules::new(p), &lonely, &mut Vec::new()).unwrap_err();
    assert!(
        !errors.is_empty() && errors.iter().all(|e| e.rule.0 == "table.sitting"),
        "{errors:?}"
    );
}

/// move.jump off: no piece passes a held field (anyone's on the ring, an
/// own one at home), but it may land on one; capture.pass: passed
/// opponents go to base, not on a safe field; throw.again with
/// again.on_home.
#[test]
fn jumping_refused_captures_in_passing_and_home_throws_again() {
    let pos = setup(
        strict(),
        &[
            (P1, 1, Place::Ring(5)),
            (P2, 1, Place::Ring(7)),
            (P1, 2, Place::HomePath(1)),
            (P1, 3, Place::HomePath(3)),
        ],
        P1,
    );
    let three = play(&pos, Action::Roll(vec![3]));
    refused_by(&three, &mv(1), "move.jump");
    refused_by(&three, &mv(2), "move.jump");
    assert_eq!(legal(&three), "pass");
    // Onto the piece on 7 (a safe field): no jump, no capture.
    let two = play(&pos, Action::Roll(vec![2]));
    let landed = play(&two, mv(1));
    assert_eq!(
        landed.piece(P2, g(1)).place,
        Place::Ring(7),
        "P2 stays on the safe field 7"
    );
    // With jumping, passing 7 (safe) captures nobody; an unsafe field does.
    let mut jumping = strict();
    jumping.moving.jump = true;
    jumping.capture.safe = vec![];
    let pos = setup(
        jumping,
        &[(P1, 1, Place::Ring(5)), (P2, 1, Place::Ring(7))],
        P1,
    );
    let mut events = Vec::new();
    let moved = play(&pos, Action::Roll(vec![4]))
        .apply(&mv(1), &mut events)
        .unwrap();
    assert_eq!(moved.route(P2, 0), BASE);
    assert!(
        events.iter().any(|e| e.rule.0 == "capture.pass"),
        "{events:?}"
    );
    // again.on_home: into the home fields throws again.
    let pos = setup(strict(), &[(P1, 1, Place::Ring(38))], P1);
    let home = play(&play(&pos, Action::Roll(vec![3])), mv(1));
    assert_eq!((home.turn(), home.route(P1, 0)), (P1, 41));
}

/// end.places: with end.play_on the first home takes first place and
/// throws no more (a 6 would throw again), play goes on without it, the
/// last player left takes the last place; returns n + 1 - 2k. A set-up
/// may not give the turn to a finished player.
#[test]
fn with_play_on_players_finish_in_places() {
    let mut p = crate::params::shipped();
    p.end.play_on = true;
    p.validate().unwrap();
    let home = |q: Player| {
        (1..=3u8)
            .map(move |k| (q, k, Place::HomePath(k)))
            .collect::<Vec<_>>()
    };
    let rules = RaceRules::new(p.clone());
    let mut s = Setup {
        players: vec![P1, P2, Player::ALL[2]],
        turn: Some(P1),
        ..Setup::default()
    };
    let mut put = |q: Player, n: u8, place: Place| {
        s.placements.push(Placement {
            player: q,
            piece: g(n),
            place,
            midpoint: None,
            steps: None,
        })
    };
    for (q, n, place) in home(P1).into_iter().chain(home(P2)) {
        put(q, n, place);
    }
    put(P1, 4, Place::Ring(37));
    put(P2, 4, Place::Ring(8));
    let pos = Race::from_setup(rules.clone(), &s, &mut Vec::new()).unwrap();
    let first = play(&play(&pos, Action::Roll(vec![6])), mv(4));
    assert!(first.has_finished(P1) && first.winner().is_none());
    assert_eq!(first.turn(), P2, "a finished player throws no more");
    let second = play(&play(&first, Action::Roll(vec![5])), mv(4));
    assert_eq!(second.winner(), Some(P1));
    assert_eq!(
        second.final_standings(),
        Some(&[P1, P2, Player::ALL[2]][..])
    );
    assert_eq!(second.returns(), vec![2, 0, -2]);
    second.invariants().unwrap();
    // A finished player named to move is refused by end.places.
    s.placements.retain(|pl| pl.player == P1);
    s.placements.pop();
    s.placements.push(Placement {
        player: P1,
        piece: g(4),
        place: Place::HomePath(4),
        midpoint: None,
        steps: None,
    });
    let errors = Race::from_setup(rules, &s, &mut Vec::new()).unwrap_err();
    assert_eq!(errors[0].rule.0, "end.places", "{errors:?}");
}

/// board.entry: with entry fields, seat 0's pieces go 0-35 then home;
/// route 37 is its home field 2, field 37 is not on its way, and P2
/// (seat 2, start 20, entry 15) goes over field 37.
#[test]
fn entry_fields_end_each_seat_s_common_fields() {
    let mut p = crate::params::shipped();
    p.board.entries = vec![35, 5, 15, 25];
    assert_eq!(p.validate(), Ok(()));
    let rules = RaceRules::new(p.clone());
    assert_eq!((rules.lap(0), rules.last(0)), (36, 39));
    let pos = setup(
        p.clone(),
        &[(P1, 1, Place::HomePath(2)), (P2, 1, Place::Ring(37))],
        P1,
    );
    assert_eq!(pos.route(P1, 0), 37);
    assert_eq!(pos.route(P2, 0), 17);
    pos.invariants().unwrap();
    let s = Setup {
        players: vec![P1, P2],
        turn: Some(P1),
        placements: vec![Placement {
            player: P1,
            piece: g(1),
            place: Place::Ring(37),
            midpoint: None,
            steps: None,
        }],
        ..Setup::default()
    };
    let errors = Race::from_setup(RaceRules::new(p.clone()), &s, &mut Vec::new()).unwrap_err();
    assert_eq!(errors[0].rule.0, "board.entry", "{errors:?}");
    // Refused naming the key: one entry per seat, on the ring, apart, and
    // no start field.
    for (entries, field) in [
        (vec![35, 5, 15], "board.entries"),
        (vec![35, 5, 15, 40], "board.entries.3"),
        (vec![35, 5, 15, 5], "board.entries.3"),
        (vec![35, 10, 15, 25], "board.entries.1"),
    ] {
        p.board.entries = entries;
        assert_eq!(p.validate().expect_err(field).field, field);
    }
}

/// capture.to: start: a piece captured on landing goes onto its owner's
/// start field (P2's, field 20 at a table of two) once the move is over,
/// and stays in base where a piece stands there; captured in passing, the
/// same, after the mover has landed.
#[test]
fn a_captured_piece_goes_onto_its_start_field_if_free() {
    let mut p = crate::params::shipped();
    p.capture.to = CaptureTo::Start;
    p.validate().expect("valid");
    let landing = |pieces: &[(Player, u8, Place)]| {
        let pos = play(&setup(p.clone(), pieces, P1), Action::Roll(vec![3]));
        let mut events = Vec::new();
        let next = pos.apply(&mv(1), &mut events).unwrap();
        assert!(
            events.iter().any(|e| e.rule.0 == "capture.to"),
            "{events:?}"
        );
        next
    };
    let free = landing(&[(P1, 1, Place::Ring(5)), (P2, 1, Place::Ring(8))]);
    assert_eq!(free.piece(P2, g(1)).place, Place::Ring(20));
    assert_eq!(free.piece(P1, g(1)).place, Place::Ring(8));
    let taken = landing(&[
        (P1, 1, Place::Ring(5)),
        (P1, 2, Place::Ring(20)),
        (P2, 1, Place::Ring(8)),
    ]);
    assert_eq!(taken.piece(P2, g(1)).place, Place::Out);
    let mut passing = strict();
    passing.moving.jump = true;
    passing.capture.to = CaptureTo::Start;
    passing.validate().expect("valid");
    let pieces = [(P1, 1, Place::Ring(14)), (P2, 1, Place::Ring(17))];
    let pos = play(&setup(passing, &pieces, P1), Action::Roll(vec![5]));
    let passed = play(&pos, mv(1));
    assert_eq!(passed.piece(P1, g(1)).place, Place::Ring(19));
    assert_eq!(
        passed.piece(P2, g(1)).place,
        Place::Ring(20),
        "passed over, then put back"
    );
}
