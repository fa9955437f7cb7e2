//! Portal self-play: a roll, then a random legal action for every value due
//! (with a probe of an illegal one each time), extra rolls as earned.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::engine::portal::enter_action;
use crate::engine::{
    Action, Direction, MoveClause, MoveOrder, PieceId, Player, Portal, PortalRules, Sink,
};
use crate::selfplay::fast::{broken, Counted, FastDriver, Table};
use crate::selfplay::{policy_pick, Driver, Policy, Record, Turn, Violation};

/// Plays portal (unranked).
pub struct PortalDriver {
    pub rules: Arc<PortalRules>,
    pub policy: Policy,
    /// Each player's pieces that start a new game home (`goti lint`'s
    /// reduced variant); none in a real game.
    pub home: &'static [PieceId],
}

impl PortalDriver {
    pub fn new(rules: Arc<PortalRules>) -> PortalDriver {
        PortalDriver {
            rules,
            policy: Policy::Random,
            home: &[],
        }
    }
    pub fn with_policy(self, policy: Policy) -> PortalDriver {
        PortalDriver { policy, ..self }
    }
    /// New games start these pieces of every player home.
    pub fn starting_home(self, home: &'static [PieceId]) -> PortalDriver {
        PortalDriver { home, ..self }
    }
}

/// A turn's actions, built in place turn after turn: the fast path
/// allocates nothing once these have grown.
pub struct Buffers {
    roll: Action,
    mv: Action,
    roll_enter: Action,
}

impl Default for Buffers {
    fn default() -> Buffers {
        Buffers {
            roll: Action::Roll(vec![1, 1]),
            mv: Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(1),
                    rolls: vec![1],
                    direction: Direction::Forward,
                }],
            }),
            roll_enter: enter_action(PieceId::Numbered(1)),
        }
    }
}

/// Two dice thrown into the roll buffer.
fn two_dice<'b>(rng: &mut ChaCha8Rng, bufs: &'b mut Buffers) -> &'b Action {
    if let Action::Roll(dice) = &mut bufs.roll {
        dice.clear();
        dice.push(rng.gen_range(1..=6));
        dice.push(rng.gen_range(1..=6));
    }
    &bufs.roll
}

/// What a turn plays next.
#[derive(Clone, Copy)]
enum Next {
    Roll(&'static str),
    /// Piece `g` plays the value due (enters from base, else moves).
    Piece(u8),
    /// A piece drawn at random among those the rules allow plays the value
    /// due: pieces are drawn without replacement until one is allowed, so
    /// each allowed piece is as likely (the random policy).
    Drawn,
}

impl PortalDriver {
    /// One turn through `table`: a roll, then a random legal action for
    /// every value due (with a probe of an illegal one each time), extra
    /// rolls as earned. The one chooser of checked self-play and the fast
    /// path.
    fn turn_through<T: Table<Portal>>(
        &self,
        table: &mut T,
        rng: &mut ChaCha8Rng,
        bufs: &mut Buffers,
    ) -> Result<(), Violation> {
        let mut next = Some(Next::Roll("roll"));
        while let Some(step) = next.take() {
            match step {
                Next::Roll(what) => table.must_play(two_dice(rng, bufs), what)?,
                Next::Piece(g) => table.must_play(piece_action(table.pos(), g, bufs), "action")?,
                Next::Drawn => {
                    // Checked, each answer must be what `playable` says.
                    let legal = table.checks().then(|| table.pos().playable());
                    let mut left = [1u8, 2, 3, 4, 5];
                    let mut n = left.len();
                    loop {
                        if n == 0 {
                            return Err(no_piece());
                        }
                        let i = rng.gen_range(0..n);
                        let g = left[i];
                        n -= 1;
                        left.swap(i, n);
                        let played = table.play(piece_action(table.pos(), g, bufs))?;
                        if let Some(legal) = legal.filter(|l| l.contains(&g) != played) {
                            return Err(broken(format!(
                                "G{g} was {} but the playable pieces are {:?}",
                                if played { "played" } else { "refused" },
                                &legal[..]
                            )));
                        }
                        if played {
                            break;
                        }
                    }
                }
            }
            if table.pos().roll().due().is_some() {
                let pick = rng.gen_range(0..3);
                table.probe(|pos| probe(pos, pick))?;
                let choice = match self.policy {
                    Policy::Random => {
                        next = Some(Next::Drawn);
                        continue;
                    }
                    policy => {
                        let mut legal = table.pos().playable().to_vec();
                        legal.shuffle(rng);
                        let actions: Vec<Action> = legal
                            .iter()
                            .map(|&g| piece_action(table.pos(), g, bufs).clone())
                            .collect();
                        policy_pick(policy, table.pos(), &actions).map(|i| legal[i])
                    }
                };
                match choice {
                    Some(g) => next = Some(Next::Piece(g)),
                    None => return Err(no_piece()),
                }
            } else if table.pos().must_roll_again() {
                next = Some(Next::Roll("extra roll"));
            }
        }
        Ok(())
    }
}

/// The rules let no piece play the value due: `dice.burn` should have burned it.
fn no_piece() -> Violation {
    Violation {
        message: "a value is due but no piece can play it".into(),
        record: Record {
            seed: 0,
            players: Vec::new(),
            turns: Vec::new(),
        },
    }
}

/// Piece `g` playing the value due: `enter` from base, else a move, in the
/// move buffer.
fn piece_action<'b>(pos: &Portal, g: u8, bufs: &'b mut Buffers) -> &'b Action {
    let piece = PieceId::Numbered(g);
    if pos.piece(pos.turn(), piece).place == crate::engine::Place::Out {
        let Action::Own(enter) = &mut bufs.roll_enter else {
            unreachable!("the entry buffer holds an entry")
        };
        enter.pieces[0] = piece;
        return &bufs.roll_enter;
    }
    let v = pos.roll().due().unwrap_or(0);
    if let Action::Move(order) = &mut bufs.mv {
        order.clauses[0].piece = piece;
        order.clauses[0].rolls[0] = v;
    }
    &bufs.mv
}

/// An action the rules must refuse while a value is due.
fn probe(pos: &Portal, pick: u32) -> Option<Action> {
    let due = pos.roll().due()?;
    Some(match pick {
        0 => Action::Roll(vec![1, 2]),
        1 => Action::NextTurn,
        _ => {
            let wrong = if due == 6 { 1 } else { due + 1 };
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(1),
                    rolls: vec![wrong],
                    direction: Direction::Forward,
                }],
            })
        }
    })
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

impl FastDriver for PortalDriver {
    type Buffers = Buffers;
    fn turn<T: Table<Portal>>(
        &self,
        table: &mut T,
        rng: &mut ChaCha8Rng,
        bufs: &mut Buffers,
    ) -> Result<(), Violation> {
        self.turn_through(table, rng, bufs)
    }
}

impl Driver for PortalDriver {
    type Game = Portal;

    fn new_game(&self, players: &[Player]) -> Result<Portal, crate::engine::SetupError> {
        Portal::new_game_home(self.rules.clone(), players, false, self.home)
    }

    fn play_turn(
        &self,
        turn: &mut Turn<'_, Portal>,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation> {
        with_buffers(|bufs| self.turn_through(turn, rng, bufs)).map_err(|v| {
            match v.record.turns.is_empty() {
                // The chooser's own violation: the game so far from the turn.
                true => turn.fail(v.message),
                false => v,
            }
        })
    }

    fn play_turn_into<S: Sink>(
        &self,
        pos: &mut Portal,
        sink: &mut S,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation> {
        with_buffers(|bufs| self.turn_through(&mut Counted { pos, sink }, rng, bufs))
    }

    fn illegal_probe(&self, pos: &Portal, rng: &mut ChaCha8Rng) -> Option<Action> {
        pos.roll().due()?;
        probe(pos, rng.gen_range(0..3))
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules portal").ok();
        let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
        writeln!(out, "players {}", names.join(" ")).ok();
        for p in record.players.iter().filter(|_| !self.home.is_empty()) {
            let home: Vec<String> = self.home.iter().map(|g| format!("{p} {g} home")).collect();
            writeln!(out, "{}", home.join(", ")).ok();
        }
        out
    }
}

/// The engine's fast path: the action applied in place, nothing recorded.
impl crate::selfplay::fast::QuietPlay for Portal {
    fn play_quiet(&mut self, action: &Action) -> bool {
        Portal::play_quiet(self, action)
    }
}
