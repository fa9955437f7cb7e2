//! Legal actions (ROYAL.md §10): `next turn`, one exit per set of pieces
//! that may leave the Yard together, one move per direction × each guard's
//! multiset of store rolls × the King's value and its order. Each
//! candidate is tried through the rules themselves (the apply path judges,
//! quietly), so the listing cannot disagree with what the rules accept.

use super::*;
use crate::params::{KingReturn, PartedGroups};
use crate::{Action, Direction, MoveClause, MoveOrder, Piece, PieceId, Place, Quiet};
use goti_engine::legal::{Ply, Unlisted, MAX_CANDIDATES};

/// The largest store whose every candidate action is tried by brute force
/// (at most 5^5 ways to give 5 rolls to four guards or none, times the
/// King's 35 choices — none, or a value 1 to 17 first or last — and two
/// directions: about 219,000 tries a position, a fifth of a second); above
/// it a seeded sample of candidates is tried ([`Royal::legal_sample`]) and
/// the count is held to the listing.
pub const MAX_BRUTE_STORE: usize = 5;

impl Royal {
    /// ROYAL.md §10 perft: each turn starts with its deal, one chance ply
    /// whose outcomes are the ordered dice dealt (6^k; one outcome for
    /// k = 0); where the turn's deal can still happen (no roll, exit or
    /// move yet this turn) the next ply is that deal.
    pub fn ply(&self) -> Ply {
        if self.standings.is_some() {
            return Ply::Over;
        }
        if self.phase.dealt || self.phase.exited || self.phase.moved {
            return Ply::Choice;
        }
        let stored = self.seat(self.turn).store.len();
        let k = self.mode_params().dice_for(stored) as u32;
        let mut outcomes = vec![Vec::new()];
        for _ in 0..k {
            outcomes = outcomes
                .into_iter()
                .flat_map(|d: Vec<u8>| {
                    (1..=6u8).map(move |v| {
                        let mut d = d.clone();
                        d.push(v);
                        d
                    })
                })
                .collect();
        }
        Ply::Chance(outcomes.into_iter().map(Action::Roll).collect())
    }

    /// ROYAL.md §10 in normal form: `next turn`, then the exits, then the
    /// moves (Forward before Backward). A store never set nor dealt has no
    /// finite set of moves: refused, before the turn's move.
    pub fn legal_list(&self, limit: usize) -> Result<Vec<Action>, Unlisted> {
        // move.choice: a player may move nothing.
        let mut out = vec![Action::NextTurn];
        if self.standings.is_some() {
            return Ok(Vec::new());
        }
        // exit.timing, move.choice: nothing but the end of the turn once it moved.
        if self.phase.moved {
            return Ok(out);
        }
        let seat = self.seat(self.turn);
        if seat.store.is_free() {
            return Err(Unlisted::Unbounded(format!(
                "{}'s store was never set nor dealt, so its guards may move with any rolls 1-6: no finite set of moves (ROYAL.md §10)",
                self.turn
            )));
        }
        // Counted first: a listing past the limit is refused before any is built.
        if self.legal_count(usize::MAX)? > limit as u64 {
            return Err(Unlisted::TooMany { limit });
        }
        let mut tried = 0u64;
        let mut accept = |a: Action, out: &mut Vec<Action>| -> Result<(), Unlisted> {
            tried += 1;
            if tried > MAX_CANDIDATES {
                return Err(Unlisted::TooManyCandidates {
                    tried: MAX_CANDIDATES,
                });
            }
            let mut trial = self.clone();
            if trial.play_with(&a, &mut Quiet) {
                out.push(a);
                if out.len() > limit {
                    return Err(Unlisted::TooMany { limit });
                }
            }
            Ok(())
        };
        for set in self.exit_sets() {
            accept(exit_action(set), &mut out)?;
        }
        for direction in [Direction::Forward, Direction::Backward] {
            let mut list = Vec::new();
            self.each_move(direction, &mut |m| accept(Action::Move(m), &mut list))?;
            out.append(&mut list);
        }
        Ok(out)
    }

    /// ROYAL.md §10's count without listing: `next turn`, the exits (each
    /// tried), and the moves counted by combining what each piece may do
    /// alone. The rules judge each moving piece by its own rolls and
    /// direction (`move.rolls`, `move.not-in-play`, `move.home-path`,
    /// `move.exact-home` as if nothing blocked it; blockades and captures
    /// never refuse), so a combination is legal exactly when each of its
    /// pieces is: guards share the store, the King adds a value before or
    /// after them. The listing, which tries every combination through the
    /// rules, is the brute-force check of this count (tests, and
    /// `legal_counts_agree`).
    pub fn legal_count(&self, limit: usize) -> Result<u64, Unlisted> {
        if self.standings.is_some() {
            return Ok(0);
        }
        if self.phase.moved {
            return Ok(1);
        }
        let seat = self.seat(self.turn);
        if seat.store.is_free() {
            return self.legal_list(limit).map(|l| l.len() as u64);
        }
        let tried = |a: &Action| self.clone().play_with(a, &mut Quiet);
        let mut total = 1 + self
            .exit_sets()
            .into_iter()
            .filter(|set| tried(&exit_action(set.clone())))
            .count() as u64;
        let store = Radix::of(&seat.store);
        let on_board = |p: &Piece| matches!(p.place, Place::Ring(_) | Place::HomePath(_));
        let named = self.rules.params.order.parted_groups == PartedGroups::Named;
        for direction in [Direction::Forward, Direction::Backward] {
            let mut alone = Alone::new(self, direction);
            let kings = if on_board(&seat.king) {
                (1..=self.rules.params.king.max_value)
                    .filter(|&v| alone.may(PieceId::King, &[v]))
                    .count() as u64
            } else {
                0
            };
            let guards: Vec<u8> = (1..=4u8)
                .filter(|&n| on_board(&seat.guards[n as usize - 1]))
                .collect();
            // Each guard's takings: the store's non-empty sub-multisets it
            // may move by alone (judged once per total).
            let takings: Vec<Vec<bool>> = guards
                .iter()
                .map(|&n| {
                    (0..store.size)
                        .map(|i| {
                            i > 0
                                && alone.may_total(PieceId::Numbered(n), store.total(i), || {
                                    store.rolls(i)
                                })
                        })
                        .collect()
                })
                .collect();
            // By order of the guards moved where parted groups go in the
            // named order; else one layer (the empty taking is the only
            // way of no guard).
            let layers = if named { 3 } else { 1 };
            let (first, second) = takings.split_at(takings.len() / 2);
            let half = |part: &[Vec<bool>]| {
                part.iter().fold(Ways::none(store.size, layers), |w, t| {
                    w.with_guard(t, &store)
                })
            };
            let by_guards = half(first).joined(half(second), &store);
            total += kings;
            for (m, &w) in by_guards.iter().enumerate() {
                let w = if named { w } else { w - 1 };
                let orders: u64 = if named { (1..=m as u64).product() } else { 1 };
                if named && m == 0 {
                    continue;
                }
                total += w * orders * (1 + 2 * kings);
            }
        }
        if total > limit as u64 {
            return Err(Unlisted::TooMany { limit });
        }
        Ok(total)
    }

    /// Every action the player could name, built without the generator's
    /// choices: `next turn`, an exit of every set of the five pieces
    /// wherever they stand, and every move of every piece (in the Yard and
    /// Home too) with every sub-multiset of the store, the King every value
    /// 1 to `king.max_value`, before or after, both directions. `None` for
    /// a store of more than [`MAX_BRUTE_STORE`] rolls (too many to try:
    /// there the count is checked against the listing alone) or one never set.
    pub fn legal_candidates(&self) -> Option<Vec<Action>> {
        let seat = self.seat(self.turn);
        if seat.store.is_free() || seat.store.len() > MAX_BRUTE_STORE {
            return None;
        }
        let all: Vec<PieceId> = (1..=4u8)
            .map(PieceId::Numbered)
            .chain([PieceId::King])
            .collect();
        let mut out = vec![Action::NextTurn];
        for mask in 1u32..1 << all.len() {
            let set = all
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, p)| *p)
                .collect();
            out.push(exit_action(set));
        }
        for direction in [Direction::Forward, Direction::Backward] {
            self.each_move_of(direction, &[1, 2, 3, 4], true, &|_, _| true, &mut |m| {
                out.push(Action::Move(m));
                Ok(())
            })
            .ok()?;
        }
        Some(out)
    }

    /// Perft applies each deal (no count of the moves after it without one).
    pub fn leaves_after_throw(&self) -> Option<u64> {
        None
    }

    /// An action in ROYAL.md §10's normal form, as scenario syntax: the
    /// guards by number, or in the move's order where the variant plays
    /// parted groups in the named order (then the order is part of the action).
    pub fn action_text(&self, a: &Action) -> String {
        let named = self.rules.params.order.parted_groups == PartedGroups::Named;
        goti_engine::legal::normal_text_in(a, &super::words::WORDS, named)
    }

    /// `n` candidate actions drawn by `seed` without the generator: an exit
    /// of a random set of the five pieces, or a move in a random direction
    /// giving each roll of the store to a random guard (or to none, and now
    /// and then a roll the store lacks), the King a random value 0 to
    /// `king.max_value` + 1 (0: it does not move) first or last.
    pub fn legal_sample(&self, seed: u64, n: usize) -> Vec<Action> {
        let mut rng = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
        let mut next = |below: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % below.max(1)
        };
        let seat = self.seat(self.turn);
        let rolls: Vec<u8> = (1..=6u8)
            .flat_map(|v| std::iter::repeat_n(v, seat.store.count(v) as usize))
            .collect();
        let max = u64::from(self.rules.params.king.max_value);
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            if next(10) == 0 {
                let mask = 1 + next(31) as u32;
                let set = (0..5u8)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| {
                        if i == 4 {
                            PieceId::King
                        } else {
                            PieceId::Numbered(i + 1)
                        }
                    })
                    .collect();
                out.push(exit_action(set));
                continue;
            }
            let direction = if next(2) == 0 {
                Direction::Forward
            } else {
                Direction::Backward
            };
            let mut given: [Vec<u8>; 4] = Default::default();
            for &r in &rolls {
                let bin = next(5) as usize;
                if bin < 4 {
                    given[bin].push(r);
                }
            }
            if next(20) == 0 {
                given[next(4) as usize].push(1 + next(7) as u8);
            }
            let mut clauses: Vec<MoveClause> = (0..4)
                .filter(|&i| !given[i].is_empty())
                .map(|i| MoveClause {
                    piece: PieceId::Numbered(i as u8 + 1),
                    rolls: given[i].clone(),
                    direction,
                })
                .collect();
            let king = next(max + 2) as u8;
            if king > 0 {
                let clause = MoveClause {
                    piece: PieceId::King,
                    rolls: vec![king],
                    direction,
                };
                if next(2) == 0 {
                    clauses.insert(0, clause);
                } else {
                    clauses.push(clause);
                }
            }
            if !clauses.is_empty() {
                out.push(Action::Move(MoveOrder { clauses }));
            }
        }
        out
    }

    /// Every non-empty set of pieces in the Yard that an exit could name
    /// (the King too where `order.king_return: exit`), in ascending order.
    fn exit_sets(&self) -> Vec<Vec<PieceId>> {
        let seat = self.seat(self.turn);
        let mut yard: Vec<PieceId> = (1..=4u8)
            .filter(|&n| seat.guards[n as usize - 1].place == Place::Out)
            .map(PieceId::Numbered)
            .collect();
        if self.rules.params.order.king_return == KingReturn::Exit && seat.king.place == Place::Out
        {
            yard.push(PieceId::King);
        }
        (1u32..1 << yard.len())
            .map(|mask| {
                yard.iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, p)| *p)
                    .collect()
            })
            .collect()
    }

    /// Every move in `direction` the player could name, handed to `f` one
    /// by one (never all held at once): each guard on the board given a
    /// sub-multiset of the store (the guards' together within it), the
    /// King a value 1 to `king.max_value` before or after them, and, where
    /// parted groups go in the named order, every order of the guards. At
    /// least one piece moves. Stops at `f`'s first error.
    pub(crate) fn each_move(
        &self,
        direction: Direction,
        f: &mut dyn FnMut(MoveOrder) -> Result<(), Unlisted>,
    ) -> Result<(), Unlisted> {
        let seat = self.seat(self.turn);
        let on_board = |p: &Piece| matches!(p.place, Place::Ring(_) | Place::HomePath(_));
        let guards: Vec<u8> = (1..=4u8)
            .filter(|&n| on_board(&seat.guards[n as usize - 1]))
            .collect();
        // What each piece may do alone (the rules judge each moving piece
        // by its own rolls and direction): combinations are made of these
        // only, and each is still tried whole through the rules.
        let mut alone = Alone::new(self, direction);
        let store = Radix::of(&seat.store);
        let mut ok: std::collections::HashSet<(u8, Vec<u8>)> = std::collections::HashSet::new();
        for &n in &guards {
            for i in 1..store.size {
                let rolls = store.rolls(i);
                if alone.may(PieceId::Numbered(n), &rolls) {
                    ok.insert((n, rolls));
                }
            }
        }
        if on_board(&seat.king) {
            for v in 1..=self.rules.params.king.max_value {
                if alone.may(PieceId::King, &[v]) {
                    ok.insert((0, vec![v]));
                }
            }
        }
        let allowed = |n: u8, rolls: &[u8]| ok.contains(&(n, rolls.to_vec()));
        self.each_move_of(direction, &guards, on_board(&seat.king), &allowed, f)
    }

    /// [`Royal::each_move`] for the guards `guards`, the King when `king`.
    /// `allowed(n, rolls)`: whether guard Gn (the King as 0) may be given
    /// these rolls (a value, for the King); others are not named.
    fn each_move_of(
        &self,
        direction: Direction,
        guards: &[u8],
        king: bool,
        allowed: &dyn Fn(u8, &[u8]) -> bool,
        f: &mut dyn FnMut(MoveOrder) -> Result<(), Unlisted>,
    ) -> Result<(), Unlisted> {
        let seat = self.seat(self.turn);
        let mut counts = [0u8; 7];
        for v in 1..=6u8 {
            counts[v as usize] = seat.store.count(v);
        }
        let king_values: Vec<u8> = if king {
            (1..=self.rules.params.king.max_value)
                .filter(|&v| allowed(0, &[v]))
                .collect()
        } else {
            Vec::new()
        };
        let named = self.rules.params.order.parted_groups == PartedGroups::Named;
        let mut each_assignment = |given: &[(u8, Vec<u8>)]| -> Result<(), Unlisted> {
            let clauses: Vec<MoveClause> = given
                .iter()
                .map(|(n, rolls)| MoveClause {
                    piece: PieceId::Numbered(*n),
                    rolls: rolls.clone(),
                    direction,
                })
                .collect();
            let orders = if named {
                permutations(clauses)
            } else {
                vec![clauses]
            };
            for guards in orders {
                if !guards.is_empty() {
                    f(MoveOrder {
                        clauses: guards.clone(),
                    })?;
                }
                for &v in &king_values {
                    let king = MoveClause {
                        piece: PieceId::King,
                        rolls: vec![v],
                        direction,
                    };
                    // move.king-order: first exactly when named first.
                    let mut first = vec![king.clone()];
                    first.extend(guards.iter().cloned());
                    f(MoveOrder { clauses: first })?;
                    if !guards.is_empty() {
                        let mut last = guards.clone();
                        last.push(king);
                        f(MoveOrder { clauses: last })?;
                    }
                }
            }
            Ok(())
        };
        assign(
            guards,
            &mut counts,
            allowed,
            &mut Vec::new(),
            &mut each_assignment,
        )
    }
}

/// What one piece may do alone in one direction, tried through the rules
/// once per total: the rules judge a moving piece by its total along its
/// path (`move.exact-home` as if nothing blocked it, `move.home-path`), its
/// rolls by `move.rolls` (within the store by construction). A wrong
/// guess would show: the listing tries every combination whole, and the
/// brute force of small stores tries every candidate.
struct Alone<'a> {
    pos: &'a Royal,
    direction: Direction,
    /// What each (piece, total) came to, in a flat table: row `slot` (the
    /// King 0, guard n at n), column the total; 0 not tried yet, 1
    /// refused, 2 allowed. (A hash map's look-up was 15% of a count.)
    seen: Vec<u8>,
    /// The totals a row holds.
    width: usize,
}

/// The rows of [`Alone::seen`]: the King and guards G1-G4.
const SLOTS: usize = 5;

impl<'a> Alone<'a> {
    fn new(pos: &'a Royal, direction: Direction) -> Alone<'a> {
        Alone {
            pos,
            direction,
            seen: Vec::new(),
            width: 0,
        }
    }
    fn may(&mut self, piece: PieceId, rolls: &[u8]) -> bool {
        let total = rolls.iter().map(|&r| u32::from(r)).sum();
        self.may_total(piece, total, || rolls.to_vec())
    }
    /// [`Alone::may`] for rolls of this `total`, built only when first tried.
    fn may_total(&mut self, piece: PieceId, total: u32, rolls: impl FnOnce() -> Vec<u8>) -> bool {
        let slot = match piece {
            PieceId::King => 0,
            PieceId::Numbered(n) => usize::from(n),
        };
        assert!(
            slot < SLOTS,
            "royal's legal count: no guard {piece} (G1-G4 only)"
        );
        let total = total as usize;
        if total >= self.width {
            // First use, or a total past a row's end: wider rows, the
            // answers so far carried over.
            let width = (total + 1).max(128).next_power_of_two();
            let mut grown = vec![0u8; SLOTS * width];
            for r in 0..SLOTS.min(self.seen.len() / self.width.max(1)) {
                grown[r * width..r * width + self.width]
                    .copy_from_slice(&self.seen[r * self.width..(r + 1) * self.width]);
            }
            (self.seen, self.width) = (grown, width);
        }
        let at = slot * self.width + total;
        match self.seen[at] {
            0 => {
                let ok = self.pos.clone().play_with(
                    &Action::Move(MoveOrder {
                        clauses: vec![MoveClause {
                            piece,
                            rolls: rolls(),
                            direction: self.direction,
                        }],
                    }),
                    &mut Quiet,
                );
                self.seen[at] = 1 + u8::from(ok);
                ok
            }
            known => known == 2,
        }
    }
}

/// The sub-multisets of a store as numbers in a mixed radix (digit v: how
/// many rolls of v, 0 to the store's count of v), so taking a sub-multiset
/// from another is a subtraction.
struct Radix {
    counts: [u8; 7],
    place: [usize; 7],
    size: usize,
}

impl Radix {
    fn of(store: &Store) -> Radix {
        let mut r = Radix {
            counts: [0; 7],
            place: [0; 7],
            size: 1,
        };
        for v in 1..=6usize {
            r.counts[v] = store.count(v as u8);
            r.place[v] = r.size;
            r.size *= r.counts[v] as usize + 1;
        }
        r
    }
    /// The sum of sub-multiset `i`'s rolls.
    fn total(&self, i: usize) -> u32 {
        (1..=6usize).map(|v| (self.digit(i, v) * v) as u32).sum()
    }
    fn digit(&self, i: usize, v: usize) -> usize {
        (i / self.place[v]) % (self.counts[v] as usize + 1)
    }
    /// The rolls of sub-multiset `i`, ascending.
    fn rolls(&self, i: usize) -> Vec<u8> {
        (1..=6usize)
            .flat_map(|v| std::iter::repeat_n(v as u8, self.digit(i, v)))
            .collect()
    }
}

/// The ways some guards take sub-multisets of a store together:
/// `layers[m][i]`, the ways in which m of them moved and took sub-multiset
/// `i` (one layer where the order of the guards does not count).
struct Ways {
    layers: Vec<Vec<u64>>,
}

impl Ways {
    /// No guard yet: one way, nothing taken.
    fn none(size: usize, layers: usize) -> Ways {
        let mut layers = vec![vec![0u64; size]; layers];
        layers[0][0] = 1;
        Ways { layers }
    }
    /// With one more guard, which takes nothing or a sub-multiset `i`
    /// where `takes[i]`: each taking so far with every sub-multiset of the
    /// rest of the store (an odometer over the digits left).
    fn with_guard(self, takes: &[bool], store: &Radix) -> Ways {
        let mut next = self.layers.clone();
        let top = next.len() - 1;
        for (m, row) in self.layers.iter().enumerate() {
            let up = (m + 1).min(top);
            for (t, &w) in row.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                let room: [usize; 7] = std::array::from_fn(|v| {
                    if v == 0 {
                        0
                    } else {
                        store.counts[v] as usize - store.digit(t, v)
                    }
                });
                let mut digits = [0usize; 7];
                let mut g = 0usize;
                'odometer: loop {
                    if takes[g] {
                        next[up][t + g] += w;
                    }
                    let mut v = 1;
                    loop {
                        if v == 7 {
                            break 'odometer;
                        }
                        if digits[v] < room[v] {
                            digits[v] += 1;
                            g += store.place[v];
                            break;
                        }
                        g -= digits[v] * store.place[v];
                        digits[v] = 0;
                        v += 1;
                    }
                }
            }
        }
        Ways { layers: next }
    }
    /// The ways of two disjoint sets of guards together, by how many moved
    /// (all of them in one where the order does not count): each taking of
    /// the first with every taking of the second that fits in the rest.
    /// The second's ways are summed over every sub-multiset below each
    /// index first, so the rest of each taking is one look-up.
    fn joined(self, mut other: Ways, store: &Radix) -> Vec<u64> {
        for row in &mut other.layers {
            for v in 1..=6usize {
                let place = store.place[v];
                for i in 0..store.size {
                    if store.digit(i, v) > 0 {
                        row[i] += row[i - place];
                    }
                }
            }
        }
        let mut out = vec![0u64; self.layers.len() + other.layers.len() - 1];
        for (a, row) in self.layers.iter().enumerate() {
            for (t, &w) in row.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for (b, below) in other.layers.iter().enumerate() {
                    out[a + b] += w * below[store.size - 1 - t];
                }
            }
        }
        out
    }
}

/// What is done with each assignment of rolls to guards: `(guard, rolls)`.
type EachAssignment<'a> = dyn FnMut(&[(u8, Vec<u8>)]) -> Result<(), Unlisted> + 'a;

/// Every way to give each guard of `guards` a multiset of the rolls left in
/// `counts` (a guard given nothing does not move), each `(guard, rolls)`
/// list handed to `f` in turn.
fn assign(
    guards: &[u8],
    counts: &mut [u8; 7],
    allowed: &dyn Fn(u8, &[u8]) -> bool,
    given: &mut Vec<(u8, Vec<u8>)>,
    f: &mut EachAssignment<'_>,
) -> Result<(), Unlisted> {
    let Some((&g, rest)) = guards.split_first() else {
        return f(given);
    };
    for rolls in sub_multisets(counts) {
        if !rolls.is_empty() && !allowed(g, &rolls) {
            continue;
        }
        for &r in &rolls {
            counts[r as usize] -= 1;
        }
        let moved = !rolls.is_empty();
        if moved {
            given.push((g, rolls.clone()));
        }
        let went = assign(rest, counts, allowed, given, f);
        if moved {
            given.pop();
        }
        for &r in &rolls {
            counts[r as usize] += 1;
        }
        went?;
    }
    Ok(())
}

/// Every sub-multiset of the rolls in `counts` (ascending), the empty one first.
fn sub_multisets(counts: &[u8; 7]) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for v in 1..=6u8 {
        let c = counts[v as usize];
        if c == 0 {
            continue;
        }
        out = out
            .into_iter()
            .flat_map(|base: Vec<u8>| {
                (0..=c).map(move |k| {
                    let mut b = base.clone();
                    b.extend(std::iter::repeat_n(v, k as usize));
                    b
                })
            })
            .collect();
    }
    out
}

fn permutations<T: Clone>(items: Vec<T>) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.clone();
        let first = rest.remove(i);
        for mut p in permutations(rest) {
            p.insert(0, first.clone());
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_is_the_listing_s_length_on_random_walks() {
        use crate::params::{shipped, RoyalParams};
        use crate::Player;
        let mut compared = goti_engine::legal::Compared::default();
        for (mode, players, named) in [
            (JOURNEY, 2, false),
            (CLASH, 4, false),
            (JOURNEY, 3, false),
            // Parted groups in the named order: every order of the guards counts.
            (JOURNEY, 2, true),
            (JOURNEY, 3, true),
        ] {
            let mut params = shipped::<RoyalParams>();
            if named {
                params.order.parted_groups = PartedGroups::Named;
            }
            let rules = RoyalRules::new(params);
            let start = Royal::new_game(rules, mode, &Player::ALL[..players]).unwrap();
            for seed in 0..12 {
                compared +=
                    goti_engine::legal::walk_and_compare(&start, 300, seed).unwrap_or_else(|e| {
                        panic!("{mode:?} {players} named {named} seed {seed}: {e}")
                    });
            }
        }
        assert!(compared.nodes > 300, "{compared:?}");
        // Stores of up to MAX_BRUTE_STORE rolls: every candidate tried.
        assert!(compared.every_candidate > 100, "{compared:?}");
    }

    #[test]
    fn a_full_store_is_counted_without_listing() {
        use crate::params::{shipped, RoyalParams};
        use crate::Player;
        let rules = RoyalRules::new(shipped::<RoyalParams>());
        let mut pos = Royal::new_game(rules, JOURNEY, &Player::ALL[..2]).unwrap();
        let seat = pos.seat_mut(Player::ALL[0]);
        for (i, t) in [20u8, 30, 40, 10].into_iter().enumerate() {
            seat.guards[i].place = Place::Ring(t);
        }
        seat.store = Store::from_rolls(&[1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1]);
        pos.phase.dealt = true;
        let n = pos.legal_count(usize::MAX).unwrap();
        // Far more than the listing's bounds allow: counted, not built.
        assert!(n > 1_000_000, "{n}");
    }

    #[test]
    fn sub_multisets_of_a_store() {
        let mut counts = [0u8; 7];
        counts[3] = 2;
        counts[5] = 1;
        // {3,3,5}: (2+1) * (1+1) = 6 sub-multisets.
        let all = sub_multisets(&counts);
        assert_eq!(all.len(), 6);
        assert!(all.contains(&vec![3, 3, 5]));
        assert!(all.contains(&vec![]));
    }

    #[test]
    fn assignments_share_the_store() {
        // Two guards, store {4}: G1 4, G2 4, or neither.
        let mut counts = [0u8; 7];
        counts[4] = 1;
        let mut seen = 0;
        assign(
            &[1, 2],
            &mut counts,
            &|_, _| true,
            &mut Vec::new(),
            &mut |_| {
                seen += 1;
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, 3);
        assert_eq!(counts[4], 1, "the store is given back");
    }
}
