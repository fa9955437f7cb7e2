//! The `race` game (RACE.md): a dice race of the Ludo family whose rules
//! are a description file ([`params::RaceParams`]): the track, the die,
//! which values bring a piece in and throw again, the obligations and their
//! order, captures and safe fields, the end. The position and its queries
//! are here; each section of the rulebook has a room of its own:
//!
//! | file | RACE.md |
//! |---|---|
//! | `rule.rs` | every rule ID with its text |
//! | `setup.rs` | §1 Table and board: seats, routes, validated set-ups |
//! | `dice.rs` | §2 Throwing and turns |
//! | `legal.rs` | §3 Legal actions, in the description's order of obligation |
//! | `land.rs` | §4 Captures and the end |
//! | `turn.rs` | applying an action in the order of refusals |
//! | `invariants.rs` | what holds in every position |
//!
//! A piece's place is its route position `r` (`BASE`, 0 on its start field,
//! `ring - 1` on the last common field, then the home fields). This crate
//! shares no code with any other game: it depends on the engine core alone.

use goti_engine::*;

mod dice;
mod invariants;
mod land;
mod legal;
pub mod params;
mod refusals;
mod rule;
mod setup;
mod turn;
mod words;
pub use words::{ENTER, RETURNS};

use std::sync::Arc;

pub use legal::{Choice, Legal};
pub(crate) use refusals::RaceCheck;
pub use rule::RaceRule;

use crate::params::RaceParams;
use goti_engine::delegate_game;
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::Sizes;
use goti_engine::table::Table;
use RaceRule as R;

/// Route position of a piece in base (`board.base`: all start there).
pub const BASE: i8 = -1;

pub use goti_engine::event::{Quiet, Sink};

/// A description's rules, with what play asks of them often made once.
#[derive(Debug, PartialEq, Eq)]
pub struct RaceRules {
    pub params: RaceParams,
    /// The throw's outcomes as a perft's branches (RACE.md §5).
    pub(crate) throws: Arc<[crate::Action]>,
    /// `capture.safe`, by field.
    pub(crate) safe: Vec<bool>,
    /// `blockade.fields`, by field (every field without the key).
    blocks: Vec<bool>,
    /// The ID each rule is cited by (`names`), in RACE.md's order.
    ids: [RuleId; RaceRule::ALL.len()],
    /// Each seat's common fields from its start to its entry field
    /// (`board.entry`; the whole ring by default).
    laps: [i8; 4],
}

impl RaceRules {
    pub fn new(params: RaceParams) -> Arc<RaceRules> {
        let throws = throws(params.dice.count, params.dice.faces)
            .into_iter()
            .map(crate::Action::Roll)
            .collect();
        let mut safe = vec![false; params.board.ring as usize];
        for &f in &params.capture.safe {
            if let Some(s) = safe.get_mut(f as usize) {
                *s = true;
            }
        }
        let fields = &params.blockade.fields;
        let blocks = (0..params.board.ring)
            .map(|f| fields.is_empty() || fields.contains(&f))
            .collect();
        let ids = std::array::from_fn(|i| params.rule_id(RaceRule::ALL[i]));
        let b = &params.board;
        let ring = b.ring as u16;
        let laps = std::array::from_fn(|s| match (b.starts.get(s), b.entries.get(s)) {
            (Some(&start), Some(&entry)) => ((entry as u16 + ring - start as u16) % ring + 1) as i8,
            _ => b.ring as i8,
        });
        Arc::new(RaceRules {
            params,
            throws,
            safe,
            blocks,
            ids,
            laps,
        })
    }
    /// The ID rule `r` is cited by: the description's name for it, else
    /// RACE.md's.
    pub fn id(&self, r: RaceRule) -> RuleId {
        self.ids[r as usize]
    }
    /// `id` (RACE.md's) under the description's name for it.
    pub fn cited(&self, id: RuleId) -> RuleId {
        RaceRule::from_id(id.0).map_or(id, |r| self.id(r))
    }
    /// The common fields' count.
    pub fn ring(&self) -> u8 {
        self.params.board.ring
    }
    /// Home fields per player.
    pub fn home_path(&self) -> u8 {
        self.params.board.home
    }
    /// The table's pieces (`table.pieces`), the common fields and the
    /// home's, and the seats (`board.starts`).
    pub fn sizes(&self) -> Sizes {
        Sizes::new(self.pieces() as u8, self.ring(), self.home_path()).seating(self.seats() as u8)
    }
    /// What field `tile` is: a seat's start field, a safe field.
    pub fn tile_words(&self, tile: u8) -> Vec<String> {
        let starts = &self.params.board.starts;
        let mut out: Vec<String> = (0..starts.len())
            .filter(|&s| starts[s] == tile)
            .map(|s| format!("seat {s}'s start field"))
            .collect();
        if self.is_safe(tile) {
            out.push("safe field".into());
        }
        out
    }
    /// The common fields a piece of seat `seat` goes over, its start to its
    /// entry field (`board.entry`): route positions below it are common
    /// fields, the home fields follow.
    pub fn lap(&self, seat: u8) -> i8 {
        self.laps[seat as usize]
    }
    /// The last route position of seat `seat` (its last home field).
    pub fn last(&self, seat: u8) -> i8 {
        self.lap(seat) + self.home_path() as i8 - 1
    }
    pub fn pieces(&self) -> usize {
        self.params.table.pieces as usize
    }
    /// `capture.safe`: nobody is captured on field `f`.
    pub fn is_safe(&self, f: u8) -> bool {
        self.safe.get(f as usize).copied().unwrap_or(false)
    }
    /// Whether landing on field `f` captures opponents (`capture.land`,
    /// `capture.safe`); where it does not, players share the field.
    pub fn captures_on(&self, f: u8) -> bool {
        self.params.capture.on_land && !self.is_safe(f)
    }
    /// `move.share`: own pieces may share a ring field.
    pub fn own_share(&self) -> bool {
        self.params.moving.own_share
    }
    /// `blockade.form`: pieces of one player on a field that block (0: none).
    pub fn blockade_size(&self) -> usize {
        self.params.blockade.size as usize
    }
    /// `blockade.fields`: whether a blockade forms on field `f`.
    pub fn blocks_on(&self, f: u8) -> bool {
        self.blocks.get(f as usize).copied().unwrap_or(false)
    }
    /// The seats the board has (`board.starts`).
    pub fn seats(&self) -> usize {
        self.params.board.starts.len()
    }
}

/// The throw's outcomes as a perft counts them (RACE.md §5): each set of
/// faces once, in rising order (a throw is read as its sum, and a double is
/// a double whichever die is named first).
fn throws(count: u8, faces: u8) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..count.max(1) {
        out = out
            .into_iter()
            .flat_map(|t| {
                let low = t.last().copied().unwrap_or(1);
                (low..=faces).map(move |d| {
                    let mut t = t.clone();
                    t.push(d);
                    t
                })
            })
            .collect();
    }
    out
}

/// The players who have finished, in order (`end.places`): at most four,
/// kept in place (a position is copied on every action).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Places {
    order: [Option<Player>; 4],
}

impl Places {
    pub(crate) fn push(&mut self, p: Player) {
        let at = self.len();
        assert!(at < 4, "a fifth player finished: {:?}", self.order);
        self.order[at] = Some(p);
    }
    pub(crate) fn contains(&self, p: Player) -> bool {
        self.order.contains(&Some(p))
    }
    pub(crate) fn len(&self) -> usize {
        self.order.iter().flatten().count()
    }
    pub(crate) fn first(&self) -> Option<Player> {
        self.order[0]
    }
    pub(crate) fn to_vec(self) -> Vec<Player> {
        self.order.iter().flatten().copied().collect()
    }
}

/// A validated `race` game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    rules: Arc<RaceRules>,
    present: Table,
    /// Players at the table (P1..Pn).
    n: u8,
    /// The seat of each player (`table.seats`).
    seats: [u8; 4],
    /// Route positions per player and piece (`BASE` in base).
    route: [[i8; 4]; 4],
    turn: Player,
    /// The throw not yet acted on: its one value (read as the sum of its
    /// dice), or with `dice.each` the dice not yet played.
    left: dice::Left,
    /// With `dice.each`, what the throw's dice played so far did: a
    /// capture, a piece reaching home (judged once all are spent).
    got: (bool, bool),
    /// That throw is a double (`throw.double`: several dice, one face).
    double: bool,
    /// Throws in a row of a value that throws again, this turn (`throw.limit`).
    streak: u8,
    /// The winner, once the game is over.
    winner: Option<Player>,
    /// The players with every piece home, in the order they finished
    /// (`end.places`; none without `end.play_on`).
    finished: Places,
    standings: Option<Vec<Player>>,
}

impl Race {
    pub fn rules(&self) -> &Arc<RaceRules> {
        &self.rules
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        self.present.players()
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    /// The throw not yet acted on, read as the sum of its dice (with
    /// `dice.each`, the highest die not yet played).
    pub fn die(&self) -> Option<u8> {
        self.left.first()
    }
    /// The dice not yet played (`dice.each`; the one value otherwise),
    /// highest first.
    pub fn dice_left(&self) -> &[u8] {
        self.left.as_slice()
    }
    /// Whether that throw is a double (`throw.double`).
    pub fn double(&self) -> bool {
        self.double
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
    /// Whether `p` has finished (`end.places`): every piece home, out of
    /// the turn order.
    pub fn has_finished(&self, p: Player) -> bool {
        self.finished.contains(p)
    }
    /// The ring field of route position `r` of `p` (`r` on the ring).
    pub fn field(&self, p: Player, r: i8) -> u8 {
        field_of(&self.rules, self.seat(p), r)
    }
    /// The common fields `p`'s pieces go over (`board.entry`).
    pub fn lap(&self, p: Player) -> i8 {
        self.rules.lap(self.seat(p))
    }
    /// Where route position `r` of `p` is.
    pub fn place_of(&self, p: Player, r: i8) -> Place {
        let ring = self.lap(p);
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
            PieceId::Numbered(n) if self.has_piece(id) => {
                let r = self.route[p.index()][n as usize - 1];
                Piece {
                    place: self.place_of(p, r),
                    midpoint: false,
                    steps: r.max(0) as i32,
                }
            }
            other => unreachable!("race has pieces G1-G{}, not {other}", self.rules.pieces()),
        }
    }
    /// Pieces at a place (home fields are each player's own: every
    /// player's are listed).
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
    /// The pieces of players other than `p` on ring field `f`.
    pub(crate) fn opponents_on(&self, p: Player, f: u8) -> Vec<(Player, usize)> {
        let mut out = Vec::new();
        for q in self.players().filter(|&q| q != p) {
            let ring = self.lap(q);
            for h in 0..self.rules.pieces() {
                let r = self.route[q.index()][h];
                if (0..ring).contains(&r) && self.field(q, r) == f {
                    out.push((q, h));
                }
            }
        }
        out
    }
    /// `blockade.form`: the player other than `p` whose pieces on ring
    /// field `f` make a blockade, if any (`blockade.fields`: only on the
    /// fields it lists).
    pub(crate) fn blockade_on(&self, p: Player, f: u8) -> Option<Player> {
        let size = self.rules.blockade_size();
        if size == 0 || !self.rules.blocks_on(f) {
            return None;
        }
        let on = self.opponents_on(p, f);
        self.players()
            .find(|&q| q != p && on.iter().filter(|(o, _)| *o == q).count() >= size)
    }
    /// Whether anyone's piece stands on ring field `f`.
    pub(crate) fn held(&self, f: u8) -> bool {
        self.players().any(|q| self.own_count_on(q, f) > 0)
    }
    /// `p`'s pieces on ring field `f`.
    pub(crate) fn own_count_on(&self, p: Player, f: u8) -> usize {
        let ring = self.lap(p);
        self.route[p.index()][..self.rules.pieces()]
            .iter()
            .filter(|&&r| (0..ring).contains(&r) && self.field(p, r) == f)
            .count()
    }
    /// `p`'s piece at route position `r`, if any (the lowest-numbered, where
    /// own pieces share a field: `move.share`).
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
    /// Pieces of `p` in the home fields.
    pub fn in_home(&self, p: Player) -> usize {
        let ring = self.lap(p);
        self.route[p.index()][..self.rules.pieces()]
            .iter()
            .filter(|&&r| r >= ring)
            .count()
    }
    /// Race scores no points.
    pub fn points(&self, _: Player) -> Option<i64> {
        None
    }

    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    /// Pieces home, then steps made, then player number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        list.sort_by_key(|&p| (std::cmp::Reverse(self.lead_key(p)), p));
        list
    }
    /// What ranks `p`: pieces home, then steps made.
    pub fn lead_key(&self, p: Player) -> [i64; 2] {
        let steps: i64 = self.route[p.index()][..self.rules.pieces()]
            .iter()
            .map(|&r| r.max(0) as i64)
            .sum();
        [self.in_home(p) as i64, steps]
    }
    /// `end.win`'s returns: the winner what makes the sum 0, every other
    /// player `returns.loser`; with `end.play_on` (`end.places`), place k
    /// of n is paid n + 1 - 2k or `returns.places`' payout; all 0 while
    /// the game goes on.
    pub fn returns(&self) -> Vec<i64> {
        let loser = self.rules.params.returns.loser;
        let n = self.n as i64;
        if let (true, Some(order)) = (self.rules.params.end.play_on, &self.standings) {
            return self
                .players()
                .map(|p| {
                    let k = order.iter().position(|&q| q == p).unwrap_or_else(|| {
                        unreachable!("{p} has a place in the standings {order:?}")
                    });
                    self.rules.params.returns.place(k, n as usize)
                })
                .collect();
        }
        self.players()
            .map(|p| match self.winner {
                None => 0,
                Some(w) if w == p => -loser * (n - 1),
                Some(_) => loser,
            })
            .collect()
    }

    /// The position as `goti lint`'s visit keys it (`Game::state_key`):
    /// all of it (race keeps no points).
    pub fn state_key(&self) -> String {
        let Race {
            rules: _,
            present,
            n,
            seats,
            route,
            turn,
            left,
            got,
            double,
            streak,
            winner,
            finished,
            standings,
        } = self;
        format!(
            "{present:?} {n} {seats:?} {route:?} {turn:?} {left:?} {got:?} {double} {streak} {winner:?} {finished:?} {standings:?}"
        )
    }
}

/// The ring field of route position `r` from seat `seat`.
pub(crate) fn field_of(rules: &RaceRules, seat: u8, r: i8) -> u8 {
    let ring = rules.ring() as u16;
    let start = rules.params.board.starts[seat as usize] as u16;
    ((start + r as u16) % ring) as u8
}

delegate_game!(
    Race,
    RaceRules,
    RaceParams,
    RaceRule::CATALOGUE,
    &words::WORDS,
    "RACE.md"
);

#[cfg(test)]
mod tests;
