//! The `maedn` game (MAEDN.md: Mensch ärgere dich nicht as OpenSpiel's
//! `maedn` plays it): four pieces each, one die, a start field that must be
//! cleared, a 6 that must bring a piece in and throws again, captures on
//! landing, an exact goal. The position and its queries are here; each
//! section of the rulebook has a room of its own:
//!
//! | file | MAEDN.md |
//! |---|---|
//! | `rule.rs` | every rule ID with its text |
//! | `setup.rs` | §1 Table and board: seats, routes, validated set-ups |
//! | `dice.rs` | §2 Throwing and turns |
//! | `legal.rs` | §3 Legal actions, in their order of obligation |
//! | `land.rs` | §4 Captures and the end |
//! | `turn.rs` | applying an action in the order of refusals |
//! | `invariants.rs` | what holds in every position |
//!
//! A piece's place is its route position `r` (`BASE`, 0 on its start field,
//! `ring - 1` on the last common field, then the goal fields), so the
//! rules read as MAEDN.md states them and the position copies without
//! allocating.

use goti_engine::*;

mod dice;
mod invariants;
mod land;
mod legal;
pub mod params;
// Always built, though only tests use it: a feature would give goti's
// tests (its dev-dependency) another goti than `cargo build`'s, and each
// `cargo test` after a build would compile goti again.
#[doc(hidden)]
pub mod planted;
mod refusals;
mod rule;
mod setup;
mod turn;
mod words;
pub use words::{ENTER, RETURNS};

use std::sync::Arc;

pub use legal::{bring_in, enter_action, Choice, Legal};
pub(crate) use refusals::MaednCheck;
pub use rule::MaednRule;

use crate::params::MaednParams;
use goti_engine::delegate_game;
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::Sizes;
use goti_engine::table::Table;
use MaednRule as R;

/// Route position of a piece in base (`board.base`: all four start there).
pub const BASE: i8 = -1;

pub use goti_engine::event::{Quiet, Sink};

/// The parameters of a game.
#[derive(Debug, PartialEq, Eq)]
pub struct MaednRules {
    pub params: MaednParams,
    /// The throw's outcomes as a perft's branches (MAEDN.md §3), made once.
    pub(crate) throws: Arc<[crate::Action]>,
}

impl MaednRules {
    pub fn new(params: MaednParams) -> Arc<MaednRules> {
        let throws = (1..=params.dice.faces)
            .map(|d| crate::Action::Roll(vec![d]))
            .collect();
        Arc::new(MaednRules { params, throws })
    }
    /// The shipped rules, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn default_rules() -> Arc<MaednRules> {
        MaednRules::new(crate::params::shipped::<MaednParams>())
    }
    /// The common fields' count.
    pub fn ring(&self) -> u8 {
        self.params.board.ring
    }
    /// Goal fields per player.
    pub fn home_path(&self) -> u8 {
        self.params.board.goal
    }
    /// The table's pieces (`table.pieces`), the common fields and the goal's.
    pub fn sizes(&self) -> Sizes {
        Sizes::new(self.pieces() as u8, self.ring(), self.home_path())
    }
    /// What field `tile` is: a seat's start field (`board.ring`).
    pub fn tile_words(&self, tile: u8) -> Vec<String> {
        let starts = self.params.board.starts;
        (0..starts.len())
            .filter(|&s| starts[s] == tile)
            .map(|s| format!("seat {s}'s start field"))
            .collect()
    }
    /// The last route position (the last goal field).
    pub fn last(&self) -> i8 {
        (self.ring() + self.home_path()) as i8 - 1
    }
    pub fn pieces(&self) -> usize {
        self.params.table.pieces as usize
    }
}

/// A validated `maedn` game state.
#[derive(Debug, PartialEq, Eq)]
pub struct Maedn {
    rules: Arc<MaednRules>,
    present: Table,
    /// Players at the table (P1..Pn).
    n: u8,
    /// The seat (0-3) of each player (`table.seats`).
    seats: [u8; 4],
    /// Route positions per player and piece (`BASE` in base).
    route: [[i8; 4]; 4],
    turn: Player,
    /// The die thrown and not yet acted on.
    die: Option<u8>,
    /// The winner, once the game is over.
    winner: Option<Player>,
    standings: Option<Vec<Player>>,
}

/// Cloned field by field (destructured, so a new field is a compile error
/// here until it is copied); `clone_from` keeps the rules' `Arc` when both
/// share it, so perft's children copy no reference count.
impl Clone for Maedn {
    fn clone(&self) -> Maedn {
        let Maedn {
            rules,
            present,
            n,
            seats,
            route,
            turn,
            die,
            winner,
            standings,
        } = self;
        Maedn {
            rules: rules.clone(),
            present: *present,
            n: *n,
            seats: *seats,
            route: *route,
            turn: *turn,
            die: *die,
            winner: *winner,
            standings: standings.clone(),
        }
    }
    fn clone_from(&mut self, source: &Maedn) {
        let Maedn {
            rules,
            present,
            n,
            seats,
            route,
            turn,
            die,
            winner,
            standings,
        } = source;
        if !Arc::ptr_eq(&self.rules, rules) {
            self.rules = rules.clone();
        }
        self.present = *present;
        self.n = *n;
        self.seats = *seats;
        self.route = *route;
        self.turn = *turn;
        self.die = *die;
        self.winner = *winner;
        self.standings.clone_from(standings);
    }
}

impl Maedn {
    pub fn rules(&self) -> &Arc<MaednRules> {
        &self.rules
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        self.present.players()
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    /// The die thrown and not yet acted on.
    pub fn die(&self) -> Option<u8> {
        self.die
    }
    pub fn seat(&self, p: Player) -> u8 {
        self.seats[p.index()]
    }
    /// The route position of `p`'s piece `g` (0-based; `BASE` in base).
    pub fn route(&self, p: Player, g: usize) -> i8 {
        self.route[p.index()][g]
    }
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }
    /// The ring field of route position `r` of `p` (`r` on the ring).
    pub fn field(&self, p: Player, r: i8) -> u8 {
        let ring = self.rules.ring() as u16;
        let start = self.rules.params.board.starts[self.seat(p) as usize] as u16;
        ((start + r as u16) % ring) as u8
    }
    /// Where route position `r` of `p` is.
    pub fn place_of(&self, p: Player, r: i8) -> Place {
        let ring = self.rules.ring() as i8;
        match r {
            BASE => Place::Out,
            r if r < ring => Place::Ring(self.field(p, r)),
            r => Place::HomePath((r - ring + 1) as u8),
        }
    }
    /// Whether the table has piece `id` (`table.pieces` may be fewer than 4).
    pub fn has_piece(&self, id: PieceId) -> bool {
        matches!(id, PieceId::Numbered(n) if (1..=self.rules.pieces() as u8).contains(&n))
    }
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        match id {
            PieceId::Numbered(n) if (1..=self.rules.pieces() as u8).contains(&n) => {
                let r = self.route[p.index()][n as usize - 1];
                Piece {
                    place: self.place_of(p, r),
                    midpoint: false,
                    steps: r.max(0) as i32,
                }
            }
            other => unreachable!("maedn has pieces G1-G{}, not {other}", self.rules.pieces()),
        }
    }
    /// Pieces at a place (goal fields are `p`'s own: every player's are listed).
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        let mut out = Vec::new();
        for p in self.players() {
            for g in 0..self.rules.pieces() {
                if self.place_of(p, self.route[p.index()][g]) == place {
                    out.push((p, PieceId::Numbered(g as u8 + 1)));
                }
            }
        }
        out
    }
    /// The player and piece standing on ring field `f`.
    fn on_field(&self, f: u8) -> Option<(Player, usize)> {
        let ring = self.rules.ring() as i8;
        for p in self.players() {
            for g in 0..self.rules.pieces() {
                let r = self.route[p.index()][g];
                if (0..ring).contains(&r) && self.field(p, r) == f {
                    return Some((p, g));
                }
            }
        }
        None
    }
    /// `p`'s piece at route position `r`, if any (a player's own route
    /// positions name distinct fields).
    fn own_at(&self, p: Player, r: i8) -> Option<usize> {
        self.route[p.index()][..self.rules.pieces()]
            .iter()
            .position(|&x| x == r)
    }
    /// Pieces of `p` in base.
    pub fn in_base(&self, p: Player) -> usize {
        self.route[p.index()][..self.rules.pieces()]
            .iter()
            .filter(|&&r| r == BASE)
            .count()
    }
    /// Pieces of `p` in the goal.
    pub fn in_goal(&self, p: Player) -> usize {
        let ring = self.rules.ring() as i8;
        self.route[p.index()][..self.rules.pieces()]
            .iter()
            .filter(|&&r| r >= ring)
            .count()
    }
    /// Maedn scores no points.
    pub fn points(&self, _: Player) -> Option<i64> {
        None
    }

    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    /// Pieces in the goal, then steps made, then player number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        list.sort_by_key(|&p| (std::cmp::Reverse(self.lead_key(p)), p));
        list
    }
    /// What ranks `p`: pieces in the goal, then steps made.
    pub fn lead_key(&self, p: Player) -> [i64; 2] {
        let steps: i64 = self.route[p.index()][..self.rules.pieces()]
            .iter()
            .map(|&r| r.max(0) as i64)
            .sum();
        [self.in_goal(p) as i64, steps]
    }
    /// OpenSpiel's returns: the winner n-1, every other player the
    /// ruleset's loser return (-1); all 0 while the game goes on.
    pub fn returns(&self) -> Vec<i64> {
        let loser = self.rules.params.returns.loser;
        let n = self.n as i64;
        self.players()
            .map(|p| match self.winner {
                None => 0,
                Some(w) if w == p => -loser * (n - 1),
                Some(_) => loser,
            })
            .collect()
    }
}

impl Maedn {
    /// The position as `goti lint`'s visit keys it (`Game::state_key`):
    /// all of it (maedn keeps no points).
    pub fn state_key(&self) -> String {
        let Maedn {
            rules: _,
            present,
            n,
            seats,
            route,
            turn,
            die,
            winner,
            standings,
        } = self;
        format!("{present:?} {n} {seats:?} {route:?} {turn:?} {die:?} {winner:?} {standings:?}")
    }
}

delegate_game!(
    Maedn,
    MaednRules,
    MaednParams,
    MaednRule::CATALOGUE,
    &words::WORDS,
    "MAEDN.md"
);

#[cfg(test)]
mod tests;
