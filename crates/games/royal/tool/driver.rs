//! Royal self-play: a deal, some exits, a random move (a few tries; the
//! engine refuses overshoots and the like), a probe, the next turn.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::engine::royal::{exit_action, WORDS};
use crate::engine::{
    Action, Direction, Mode, MoveClause, MoveOrder, PieceId, Place, Player, Royal, RoyalRules, Sink,
};
use crate::rules::KingReturn;
use crate::selfplay::fast::{Counted, FastDriver, Table};
use crate::selfplay::{policy_pick, Driver, Policy, Record, Turn, Violation};

/// Plays royal in one mode.
pub struct RoyalDriver {
    pub rules: Arc<RoyalRules>,
    pub mode: Mode,
    pub policy: Policy,
    /// Each player's pieces that start a new game Home (`goti lint`'s
    /// reduced variant); none in a real game.
    pub home: &'static [PieceId],
}

impl RoyalDriver {
    pub fn new(rules: Arc<RoyalRules>, mode: Mode) -> RoyalDriver {
        RoyalDriver {
            rules,
            mode,
            policy: Policy::Random,
            home: &[],
        }
    }
    pub fn with_policy(self, policy: Policy) -> RoyalDriver {
        RoyalDriver { policy, ..self }
    }
    /// New games start these pieces of every player Home.
    pub fn starting_home(self, home: &'static [PieceId]) -> RoyalDriver {
        RoyalDriver { home, ..self }
    }
}

/// A turn's actions, built in place turn after turn: the fast path
/// allocates nothing once these have grown.
pub struct Buffers {
    roll: Vec<u8>,
    exit: Action,
    mv: Action,
    /// Clauses (with their rolls' room) between moves.
    spare: Vec<MoveClause>,
    /// The greedy and points policies' candidate moves, kept between turns
    /// so each is drawn into room already made.
    candidates: Vec<Action>,
}

impl Default for Buffers {
    fn default() -> Buffers {
        Buffers {
            roll: Vec::with_capacity(8),
            exit: exit_action(Vec::with_capacity(1)),
            mv: empty_move(),
            spare: Vec::with_capacity(5),
            candidates: Vec::with_capacity(8),
        }
    }
}

impl RoyalDriver {
    /// One turn through `table`: a deal, some exits, a move (a few random
    /// tries; the engine refuses overshoots and the like), a probe, the
    /// next turn. The one chooser of checked self-play and the fast path.
    fn turn_through<T: Table<Royal>>(
        &self,
        table: &mut T,
        rng: &mut ChaCha8Rng,
        bufs: &mut Buffers,
    ) -> Result<(), Violation> {
        // The deal.
        let pos = table.pos();
        let n = pos.mode_params().dice_for(pos.seat(pos.turn()).store.len());
        let mut dice = std::mem::take(&mut bufs.roll);
        dice.clear();
        dice.extend((0..n).map(|_| rng.gen_range(1..=6u8)));
        let roll = Action::Roll(dice);
        table.must_play(&roll, "deal")?;
        let Action::Roll(dice) = roll else {
            unreachable!("the deal is a roll")
        };
        bufs.roll = dice;
        // Exits: half the time, the lowest guard in the Yard when a credit allows.
        let seat = table.pos().seat(table.pos().turn());
        let yard = (1..=4u8).find(|&g| seat.guards[g as usize - 1].place == Place::Out);
        if let Some(g) = yard.filter(|_| seat.credits > 0) {
            if rng.gen_bool(0.5) {
                table.must_play(exit_of(&mut bufs.exit, PieceId::Numbered(g)), "exit")?;
            }
        }
        // move.king-yard with `order.king_return: exit`: half the time, the King's exit.
        let seat = table.pos().seat(table.pos().turn());
        if self.rules.params.order.king_return == KingReturn::Exit
            && seat.king.place == Place::Out
            && seat.credits > 0
            && rng.gen_bool(0.5)
        {
            table.must_play(exit_of(&mut bufs.exit, PieceId::King), "king exit")?;
        }
        // Greedy: the best of a few random moves the rules allow.
        if matches!(self.policy, Policy::Greedy | Policy::Points) {
            let mut n = 0;
            for _ in 0..8 {
                // Each candidate is drawn straight into its room, kept
                // between turns (its clauses recycled through `spare`).
                if bufs.candidates.len() == n {
                    bufs.candidates.push(empty_move());
                }
                if random_move(table.pos(), rng, &mut bufs.candidates[n], &mut bufs.spare) {
                    n += 1;
                }
            }
            let candidates = &bufs.candidates[..n];
            if let Some(i) = policy_pick(self.policy, table.pos(), candidates) {
                table.must_play(&candidates[i], "greedy move")?;
                let pick = probe_pick(rng);
                table.probe(|pos| probe(pos, pick))?;
                return table.must_play(&Action::NextTurn, "next turn");
            }
        }
        // The move: a few random tries; the engine refuses overshoots and the like.
        for _ in 0..6 {
            if !random_move(table.pos(), rng, &mut bufs.mv, &mut bufs.spare) {
                break;
            }
            if table.play(&bufs.mv)? {
                break;
            }
        }
        // A random illegal action must be refused and change nothing.
        let pick = probe_pick(rng);
        table.probe(|pos| probe(pos, pick))?;
        table.must_play(&Action::NextTurn, "next turn")
    }
}

/// A move of no clauses, room for five.
fn empty_move() -> Action {
    Action::Move(MoveOrder {
        clauses: Vec::with_capacity(5),
    })
}

/// The exit of `piece` alone, in the buffer's action.
fn exit_of(buf: &mut Action, piece: PieceId) -> &Action {
    let Action::Own(exit) = buf else {
        unreachable!("the exit buffer holds an exit, not {buf:?}")
    };
    exit.pieces.clear();
    exit.pieces.push(piece);
    buf
}

/// Runs `f` with this thread's buffers, kept from turn to turn (balance,
/// fuzz); a turn inside a turn (none today) gets buffers of its own.
fn with_buffers<R>(f: impl FnOnce(&mut Buffers) -> R) -> R {
    thread_local! {
        static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::new(Buffers::default());
    }
    BUFFERS.with(|b| match b.try_borrow_mut() {
        Ok(mut bufs) => f(&mut bufs),
        Err(_) => f(&mut Buffers::default()),
    })
}

impl FastDriver for RoyalDriver {
    type Buffers = Buffers;
    fn turn<T: Table<Royal>>(
        &self,
        table: &mut T,
        rng: &mut ChaCha8Rng,
        bufs: &mut Buffers,
    ) -> Result<(), Violation> {
        self.turn_through(table, rng, bufs)
    }
}

impl Driver for RoyalDriver {
    type Game = Royal;

    fn new_game(&self, players: &[Player]) -> Result<Royal, crate::engine::SetupError> {
        Royal::new_game_home(self.rules.clone(), self.mode, players, self.home)
    }

    fn play_turn(&self, turn: &mut Turn<'_, Royal>, rng: &mut ChaCha8Rng) -> Result<(), Violation> {
        with_buffers(|bufs| self.turn_through(turn, rng, bufs))
    }

    fn play_turn_into<S: Sink>(
        &self,
        pos: &mut Royal,
        sink: &mut S,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation> {
        with_buffers(|bufs| self.turn_through(&mut Counted { pos, sink }, rng, bufs))
    }

    fn illegal_probe(&self, pos: &Royal, rng: &mut ChaCha8Rng) -> Option<Action> {
        probe(pos, probe_pick(rng))
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules royal {}", WORDS.mode_name(self.mode)).ok();
        let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
        writeln!(out, "players {}", names.join(" ")).ok();
        for p in &record.players {
            let mut line = format!("{p} first turn, {p} store empty");
            if !self.home.contains(&PieceId::King) {
                line += &format!(", {p} king on {}", self.rules.board.entry(*p));
            }
            for piece in self.home {
                line += &format!(", {p} {piece} home");
            }
            writeln!(out, "{line}").ok();
        }
        out
    }
}

/// Which kind of illegal action to probe with (drawn whether or not the
/// table probes, so every path plays the same game from a seed).
fn probe_pick(rng: &mut ChaCha8Rng) -> usize {
    *[0, 1, 2, 3, 4, 5]
        .choose(rng)
        .unwrap_or_else(|| unreachable!("six choices"))
}

/// An action the rules must refuse in this position, if one is easy to name.
fn probe(pos: &Royal, pick: usize) -> Option<Action> {
    let p = pos.turn();
    let seat = pos.seat(p);
    let yard: Vec<u8> = (1..=4)
        .filter(|&n| seat.guards[n as usize - 1].place == Place::Out)
        .collect();
    let on_board: Vec<u8> = (1..=4)
        .filter(|&n| seat.guards[n as usize - 1].place.is_ring())
        .collect();
    match pick {
        0 if pos.phase().dealt => Some(Action::Roll(vec![1])),
        1 => yard.first().map(|&g| {
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g),
                    rolls: vec![1],
                    direction: Direction::Forward,
                }],
            })
        }),
        2 => on_board.first().map(|&g| {
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g),
                    rolls: vec![7],
                    direction: Direction::Forward,
                }],
            })
        }),
        3 => Some(Action::Move(MoveOrder {
            clauses: vec![MoveClause {
                piece: PieceId::King,
                rolls: vec![9],
                direction: Direction::Forward,
            }],
        })),
        4 => on_board
            .first()
            .map(|&g| exit_action(vec![PieceId::Numbered(g)])),
        _ if pos.phase().moved && !yard.is_empty() => {
            Some(exit_action(vec![PieceId::Numbered(yard[0])]))
        }
        _ => None,
    }
}

/// Chooses a random move for the player to move into `mv`, its old clauses
/// recycled through `spare` (the engine may refuse it); `false` when it
/// names no piece.
fn random_move(
    pos: &Royal,
    rng: &mut ChaCha8Rng,
    mv: &mut Action,
    spare: &mut Vec<MoveClause>,
) -> bool {
    let p = pos.turn();
    let seat = pos.seat(p);
    let board = pos.board();
    let Action::Move(order) = mv else {
        unreachable!("the move buffer holds a move")
    };
    spare.append(&mut order.clauses);
    let mut clause = |piece: PieceId, direction: Direction| {
        let mut c = spare.pop().unwrap_or_else(|| MoveClause {
            piece,
            rolls: Vec::with_capacity(4),
            direction,
        });
        c.piece = piece;
        c.direction = direction;
        c.rolls.clear();
        c
    };
    let dir = if rng.gen_bool(0.9) {
        Direction::Forward
    } else {
        Direction::Backward
    };
    // The rolls still to hand out, drawn from at random (a Clash store can
    // hold dozens).
    let mut store = seat.store;
    for n in 1..=4u8 {
        let g = seat.guards[n as usize - 1];
        if !g.place.in_play() || store.is_empty() || !rng.gen_bool(0.7) {
            continue;
        }
        // Close to Home: look for the exact roll.
        let to_home = match g.place {
            Place::HomePath(k) => Some(board.home_path - k + 1),
            _ => None,
        };
        let mut c = clause(PieceId::Numbered(n), dir);
        match to_home.filter(|&need| store.count(need) > 0) {
            Some(need) => {
                store.spend(&[need]);
                c.rolls.push(need);
            }
            None => {
                for _ in 0..rng.gen_range(1..=2.min(store.len())) {
                    let i = rng.gen_range(0..store.len());
                    let roll = store.nth(i).unwrap_or_else(|| {
                        unreachable!("roll {i} drawn past the store's {}", store.len())
                    });
                    store.spend(&[roll]);
                    c.rolls.push(roll);
                }
            }
        }
        order.clauses.push(c);
    }
    if seat.king.place.in_play() && rng.gen_bool(0.5) {
        let v = match seat.king.place {
            Place::HomePath(k) => board.home_path - k + 1,
            _ => rng.gen_range(1..=pos.rules().params.king.max_value),
        };
        let mut c = clause(PieceId::King, dir);
        c.rolls.push(v);
        if rng.gen_bool(0.5) {
            order.clauses.insert(0, c);
        } else {
            order.clauses.push(c);
        }
    }
    !order.clauses.is_empty()
}

/// The engine's fast path: the action applied in place, nothing recorded.
impl crate::selfplay::fast::QuietPlay for Royal {
    fn play_quiet(&mut self, action: &Action) -> bool {
        Royal::play_quiet(self, action)
    }
}

#[cfg(test)]
mod captures_tests {
    use super::*;
    use crate::engine::{Event, Game, What};
    use crate::selfplay::Captures;
    use rand::SeedableRng;

    /// Plays every action two ways: captures counted as they happen with no
    /// note worked out (the greedy policy's sink), and every event recorded.
    struct Both<'a> {
        pos: &'a mut Royal,
        captures: usize,
    }

    impl Table<Royal> for Both<'_> {
        fn pos(&self) -> &Royal {
            self.pos
        }
        fn play(&mut self, action: &Action) -> Result<bool, Violation> {
            let mut counted = self.pos.clone();
            let mut sink = Captures::default();
            let a = counted.play_with(action, &mut sink);
            let mut events: Vec<Event> = Vec::new();
            let b = self.pos.play_in_place(action, &mut events);
            assert_eq!(a, b, "{action:?}");
            assert_eq!(counted, *self.pos, "{action:?}");
            let recorded = events
                .iter()
                .filter(|e| matches!(e.what, What::Captured { .. }))
                .count();
            assert_eq!(sink.captured, recorded, "{action:?}");
            self.captures += recorded;
            Ok(b)
        }
    }

    #[test]
    fn captures_without_notes_are_the_recorded_captures() {
        let mut captures = 0;
        for (mode, policy) in [
            (crate::engine::royal::JOURNEY, Policy::Random),
            (crate::engine::royal::JOURNEY, Policy::Greedy),
            (crate::engine::royal::CLASH, Policy::Greedy),
        ] {
            let driver =
                RoyalDriver::new(crate::rules::shipped_rules::<crate::engine::Royal>(), mode)
                    .with_policy(policy);
            let mut bufs = Buffers::default();
            for seed in 1..=10 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut pos = driver.new_game(&Player::ALL).unwrap();
                for _ in 0..400 {
                    if pos.is_over() {
                        break;
                    }
                    let mut both = Both {
                        pos: &mut pos,
                        captures: 0,
                    };
                    driver.turn_through(&mut both, &mut rng, &mut bufs).unwrap();
                    captures += both.captures;
                }
            }
        }
        assert!(
            captures > 100,
            "only {captures} captures: the test saw too few"
        );
    }
}
