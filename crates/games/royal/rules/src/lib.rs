//! The `royal` game (ROYAL.md): the validated position and its queries
//! here, each section of the rulebook in a room of its own:
//!
//! | file | ROYAL.md |
//! |---|---|
//! | `rule.rs` | every rule ID with its text |
//! | `setup.rs` | §1 Table: new games and validated set-ups |
//! | `board.rs` | §2 Board: geometry, Forward and Backward, the Home path |
//! | `roll.rs`, `store.rs` | §3 Rolls and the roll store, §4 grace rolls |
//! | `exit.rs` | §4 exit credits and exits |
//! | `turn.rs` | applying an action, whose turn it is, the end of a turn |
//! | `moves.rs` | §5 the turn's move: validation in the order of refusals, resolution order |
//! | `group.rs` | §5 groups moving together, step by step |
//! | `king.rs` | §5, §6 the King's move |
//! | `blockade.rs` | §6 Blockade |
//! | `capture.rs` | §7 Capture |
//! | `points.rs` | §8 Points |
//! | `end.rs` | §9 End: standings and the winner |
//! | `invariants.rs` | what holds in every position |

use goti_engine::*;

mod blockade;
mod board;
mod capture;
mod end;
pub mod events;
mod exit;
mod group;
mod invariants;
mod king;
mod legal;
mod moves;
pub mod params;
mod points;
mod refusals;
mod roll;
mod rule;

pub(crate) use refusals::RoyalCheck;
mod setup;
mod store;
mod turn;
mod words;
pub use words::{BATTLE, CLASH, CREDITS, EXIT, FIRST_TURN, JOURNEY, PROGRESS, SCORE, STORE, WORDS};

#[cfg(test)]
mod tests;

use std::sync::Arc;

use crate::params::{ModeParams, RoyalParams};

pub use board::Board;
pub use exit::exit_action;
pub use rule::RoyalRule;
pub use store::Store;

use goti_engine::delegate_game;
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::Sizes;
use goti_engine::table::{transact, Table};
use goti_engine::vocabulary::Mode;

/// The ruleset parameters and the board computed from them, shared by every
/// position of a game.
#[derive(Debug, PartialEq, Eq)]
pub struct RoyalRules {
    pub params: RoyalParams,
    pub board: Board,
}

impl RoyalRules {
    /// Four guards (the King aside), the ring's and the Home path's tiles.
    pub fn sizes(&self) -> Sizes {
        let b = &self.board;
        Sizes::new(4, b.ring, b.home_path)
    }
    /// What ring tile `tile` is: a fort (`board.forts`), a seat's entry
    /// (`board.entry`), midpoint (`board.midpoint`) or junction
    /// (`board.junction`).
    pub fn tile_words(&self, tile: u8) -> Vec<String> {
        let b = &self.board;
        let mut out = Vec::new();
        if b.is_fort(tile) {
            out.push("fort".to_string());
        }
        for p in Player::ALL {
            let i = p.index();
            for (tiles, word) in [
                (&b.entry, "entry"),
                (&b.midpoint, "midpoint"),
                (&b.junction, "junction"),
            ] {
                if tiles[i] == tile {
                    out.push(format!("{p}'s {word}"));
                }
            }
        }
        out
    }
    pub fn new(params: RoyalParams) -> Arc<RoyalRules> {
        let board = Board::new(&params);
        Arc::new(RoyalRules { params, board })
    }
    /// The shipped rules, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn default_rules() -> Arc<RoyalRules> {
        RoyalRules::new(crate::params::shipped::<RoyalParams>())
    }
}

/// One player's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// G1-G4 at index 0-3.
    pub guards: [Piece; 4],
    pub king: Piece,
    pub store: Store,
    pub credits: u8,
    pub battle: i64,
    /// The player has not finished a turn yet (`grace.first-turn`).
    pub first_turn: bool,
}

impl Seat {
    fn new(credits: u8) -> Seat {
        Seat {
            guards: [Piece::OUT; 4],
            king: Piece::OUT,
            store: Store::default(),
            credits,
            battle: 0,
            first_turn: false,
        }
    }
    pub fn piece(&self, id: PieceId) -> &Piece {
        match id {
            PieceId::Numbered(n @ 1..=4) => &self.guards[n as usize - 1],
            PieceId::Numbered(n) => unreachable!("royal has guards G1-G4, not G{n}"),
            PieceId::King => &self.king,
        }
    }
    pub fn piece_mut(&mut self, id: PieceId) -> &mut Piece {
        match id {
            PieceId::Numbered(n @ 1..=4) => &mut self.guards[n as usize - 1],
            PieceId::Numbered(n) => unreachable!("royal has guards G1-G4, not G{n}"),
            PieceId::King => &mut self.king,
        }
    }
    /// Sum of all five pieces' progress counts.
    pub fn steps(&self) -> i64 {
        self.guards.iter().map(|g| g.steps as i64).sum::<i64>() + self.king.steps as i64
    }
    pub fn guards_home(&self) -> usize {
        self.guards
            .iter()
            .filter(|g| g.place == Place::Home)
            .count()
    }
}

/// What has happened so far in the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Phase {
    pub dealt: bool,
    pub exited: bool,
    pub moved: bool,
    pub graces: u8,
}

/// A validated `royal` game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Royal {
    pub(crate) rules: Arc<RoyalRules>,
    pub(crate) mode: Mode,
    pub(crate) present: Table,
    pub(crate) seats: [Seat; 4],
    pub(crate) turn: Player,
    pub(crate) phase: Phase,
    pub(crate) standings: Option<Vec<Player>>,
}

impl Royal {
    // ---- queries -------------------------------------------------------

    pub fn rules(&self) -> &Arc<RoyalRules> {
        &self.rules
    }
    pub fn board(&self) -> &Board {
        &self.rules.board
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn mode_params(&self) -> &ModeParams {
        self.rules.params.of_mode(self.mode)
    }
    pub fn seat(&self, p: Player) -> &Seat {
        &self.seats[p.index()]
    }
    pub(crate) fn seat_mut(&mut self, p: Player) -> &mut Seat {
        &mut self.seats[p.index()]
    }
    pub fn is_present(&self, p: Player) -> bool {
        self.present.has(p)
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        self.present.players()
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn piece(&self, p: Player, id: PieceId) -> &Piece {
        self.seat(p).piece(id)
    }
    /// Every piece on `place`, by player then piece.
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        let mut out = Vec::new();
        for p in self.players() {
            let s = self.seat(p);
            for (i, g) in s.guards.iter().enumerate() {
                if g.place == place {
                    out.push((p, PieceId::Numbered(i as u8 + 1)));
                }
            }
            if s.king.place == place {
                out.push((p, PieceId::King));
            }
        }
        out
    }
    /// How many of `p`'s guards stand on `place`.
    pub(crate) fn guards_at(&self, p: Player, place: Place) -> u8 {
        self.seat(p)
            .guards
            .iter()
            .filter(|g| g.place == place)
            .count() as u8
    }
    pub(crate) fn opponents(&self, p: Player) -> impl Iterator<Item = Player> + '_ {
        self.players().filter(move |&q| q != p)
    }

    // ---- actions -------------------------------------------------------
}

fn mode_note(mode: Mode) -> &'static str {
    match mode {
        JOURNEY => "journey mode: progress counts more",
        CLASH => "clash mode: battle counts more",
        other => unreachable!("royal has no mode {other:?}"),
    }
}

impl Royal {
    /// The position as `goti lint`'s visit keys it (`Game::state_key`):
    /// all of it but the progress counts and battle points, which no rule
    /// of play reads (they make points, `points.progress` and
    /// `points.battle`, and points only rank the standings once the game
    /// is over, `end.finish`).
    pub fn state_key(&self) -> String {
        use std::fmt::Write;
        let Royal {
            rules: _,
            mode,
            present,
            seats,
            turn,
            phase,
            standings,
        } = self;
        let mut key = format!("{mode:?} {turn} {phase:?} {standings:?}");
        for p in present.players() {
            let Seat {
                guards,
                king,
                store,
                credits,
                battle: _,
                first_turn,
            } = &seats[p.index()];
            write!(
                key,
                " | {p} {credits} {first_turn} {} {:?}",
                store.is_free(),
                store.rolls()
            )
            .ok();
            for piece in guards.iter().chain([king]) {
                write!(key, ", {} {}", piece.place, piece.midpoint).ok();
            }
        }
        key
    }
}

delegate_game!(
    Royal,
    RoyalRules,
    RoyalParams,
    RoyalRule::CATALOGUE,
    &words::WORDS,
    "ROYAL.md",
    events: events::ALL,
    measures: events::MEASURES
);
