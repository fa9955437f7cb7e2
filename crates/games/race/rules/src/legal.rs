//! Legal actions (RACE.md §3 and §5), in the description's order of
//! obligation: a forfeit throw first, then the obligations as listed, then
//! bringing a piece in and every free move, and a pass only when nothing
//! else is legal. Allocation-free: at most one choice per piece and one
//! `enter`.

use super::dice::forfeit_at;
use super::params::Obligation;
use super::*;
use crate::{Action, Direction, MoveClause, MoveOrder};

/// One legal action of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// `move.pass`.
    Pass,
    /// Bring the lowest-numbered piece in base onto the start field by
    /// the throw (0), or with `dice.each` by the die of this value.
    Enter(u8),
    /// Move piece G(k+1) by the throw (value 0), or with `dice.each` by
    /// the die of this value.
    Move(u8, u8),
}

impl Choice {
    /// The action a scenario would write for this choice.
    pub fn action(self) -> Action {
        match self {
            Choice::Pass => Action::NextTurn,
            Choice::Enter(0) => Action::own(super::words::ENTER, Vec::new()),
            Choice::Enter(v) => Action::own_numbered(super::words::ENTER, Vec::new(), vec![v]),
            Choice::Move(g, v) => Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g + 1),
                    rolls: if v == 0 { Vec::new() } else { vec![v] },
                    direction: Direction::Forward,
                }],
            }),
        }
    }
}

/// As written after `expect legal:`: `pass`, `enter`, `G1` (`move G1 3`
/// with `dice.each`).
impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Pass => f.write_str("pass"),
            Choice::Enter(0) => f.write_str("enter"),
            Choice::Enter(v) => write!(f, "enter {v}"),
            Choice::Move(g, 0) => write!(f, "G{}", g + 1),
            Choice::Move(g, v) => write!(f, "move G{} {v}", g + 1),
        }
    }
}

/// The legal actions of a position: `enter` and one move per piece at
/// most, for each value of the dice left (`dice.each`: up to four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legal {
    list: [Choice; 17],
    len: u8,
}

impl Legal {
    const EMPTY: Legal = Legal {
        list: [Choice::Pass; 17],
        len: 0,
    };
    fn one(c: Choice) -> Legal {
        let mut l = Legal::EMPTY;
        l.push(c);
        l
    }
    fn push(&mut self, c: Choice) {
        self.list[self.len as usize] = c;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Choice] {
        &self.list[..self.len as usize]
    }
    pub fn contains(&self, c: Choice) -> bool {
        self.as_slice().contains(&c)
    }
}

/// Why a piece cannot move (`move.free`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Blocked {
    InBase,
    /// Its target route position lies past the last home field.
    PastHome(i8),
    /// Its target holds this own piece.
    Own(i8, usize),
    /// An opponent's blockade on this field stops it (`blockade.stop`):
    /// on its target (true) or on its way.
    Blockade(u8, Player, bool),
    /// A piece on this route position of its way stops it (`move.jump`).
    Occupied(i8),
}

/// What binds the player to move, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// `throw.limit`: the throw is forfeit, only a pass is legal.
    Forfeit,
    /// `start.clear`: the piece on the start field must move.
    ClearStart(usize),
    /// `enter.value`, as an obligation: a piece must be brought in.
    Enter,
    /// `capture.must`: an action that captures must be taken.
    Capture,
}

impl Race {
    /// `enter.value`: `d` brings a piece of `p` in (a piece in base, no
    /// own piece on the start field).
    pub(super) fn can_enter(&self, p: Player, d: u8) -> bool {
        self.rules.params.enter.values.contains(&d)
            && self.in_base(p) > 0
            && (self.rules.own_share() || self.own_at(p, 0).is_none())
            && self.blockade_on(p, self.field(p, 0)).is_none()
    }

    /// What binds `p` with `d` thrown and `streak` such throws in a row: a
    /// forfeit throw, then the obligations in the description's order.
    pub(super) fn bound(&self, p: Player, d: u8, streak: u8) -> Option<Bound> {
        if forfeit_at(&self.rules, streak) {
            return Some(Bound::Forfeit);
        }
        for ob in &self.rules.params.obligations {
            match ob {
                // start.clear: a piece in base and an own piece on the start
                // field that can move.
                Obligation::ClearStart if self.in_base(p) > 0 => {
                    if let Some(g) = self.own_at(p, 0) {
                        if self.target(p, g, d).is_ok() {
                            return Some(Bound::ClearStart(g));
                        }
                    }
                }
                // enter.value: a value that brings a piece in must.
                Obligation::Enter if self.can_enter(p, d) => return Some(Bound::Enter),
                // capture.must: where an action captures, one that does.
                Obligation::Capture if self.any_capture(p, d) => return Some(Bound::Capture),
                _ => {}
            }
        }
        None
    }

    /// `capture.must`: some action of `p` with `d` captures.
    fn any_capture(&self, p: Player, d: u8) -> bool {
        self.choice_captures(p, Choice::Enter(0), d)
            || (0..self.rules.pieces() as u8)
                .any(|g| self.choice_captures(p, Choice::Move(g, 0), d))
    }

    /// Whether `choice` with `d` captures (`capture.must`): entering on
    /// the start field, or a move to its target.
    pub(super) fn choice_captures(&self, p: Player, choice: Choice, d: u8) -> bool {
        match choice {
            Choice::Enter(_) => self.can_enter(p, d) && self.captures(p, choice, 0),
            Choice::Move(g, _) => self
                .target(p, g as usize, d)
                .is_ok_and(|t| self.captures(p, choice, t)),
            Choice::Pass => false,
        }
    }

    /// `move.free`: where piece `g` of `p` lands with `die`, or why it
    /// cannot (no words built: `legal` must not allocate).
    pub(super) fn target(&self, p: Player, g: usize, die: u8) -> Result<i8, Blocked> {
        let r = self.route[p.index()][g];
        if r == BASE {
            return Err(Blocked::InBase);
        }
        let mut t = r + die as i8;
        let last = self.rules.last(self.seat(p));
        if t > last {
            // board.exact: without it, a value past the last home field
            // ends there (a piece on it moves no more).
            if self.rules.params.board.exact || r == last {
                return Err(Blocked::PastHome(t));
            }
            t = last;
        }
        // blockade.stop: a blockade on the target, or (stops: passing) on
        // a ring field passed on the way.
        if self.rules.blockade_size() > 0 {
            let passing = self.rules.params.blockade.stops == params::Stops::Passing;
            let ring = self.lap(p);
            for s in (r + 1)..=t.min(ring - 1) {
                if s < t && !passing {
                    continue;
                }
                let f = self.field(p, s);
                if let Some(q) = self.blockade_on(p, f) {
                    return Err(Blocked::Blockade(f, q, s == t));
                }
            }
        }
        // move.jump: without jumping, no field of the way holds a piece
        // (anyone's on the ring, an own one in the home fields).
        if !self.rules.params.moving.jump {
            let ring = self.lap(p);
            for s in (r + 1)..t {
                let held = if s < ring {
                    let f = self.field(p, s);
                    self.held(f)
                } else {
                    self.own_at(p, s).is_some()
                };
                if held {
                    return Err(Blocked::Occupied(s));
                }
            }
        }
        // move.free, move.share: an own piece on the target, unless own
        // pieces share ring fields.
        let shares = self.rules.own_share() && t < self.lap(p);
        match self.own_at(p, t).filter(|_| !shares) {
            Some(h) => Err(Blocked::Own(t, h)),
            None => Ok(t),
        }
    }

    /// Why piece `g` of `p` cannot move, in words.
    pub(super) fn blocked_words(&self, p: Player, g: usize, why: Blocked) -> String {
        let r = self.route[p.index()][g];
        let words = &self.rules.params.words;
        match why {
            Blocked::InBase => format!("G{} is in {}: bring it in with `enter`", g + 1, words.base),
            Blocked::PastHome(t) => format!(
                "G{} on route {r} would go {} past home {}",
                g + 1,
                t - self.rules.last(self.seat(p)),
                self.rules.home_path()
            ),
            Blocked::Own(t, h) => {
                let at = match self.place_of(p, t) {
                    Place::HomePath(k) => format!("in {} {k}", words.home),
                    other => other.to_string(),
                };
                format!("G{} would land {at} on G{}, its own piece", g + 1, h + 1)
            }
            Blocked::Occupied(s) => {
                let at = match self.place_of(p, s) {
                    Place::HomePath(k) => format!("{} {k}", words.home),
                    Place::Ring(f) => format!("field {f}"),
                    other => other.to_string(),
                };
                format!("G{} cannot jump the piece on {at}", g + 1)
            }
            Blocked::Blockade(f, q, landing) => {
                let how = if landing { "land on" } else { "pass" };
                format!("G{} cannot {how} {q}'s blockade on field {f}", g + 1)
            }
        }
    }

    /// The legal actions now (empty before the die is thrown and after the end).
    pub fn legal(&self) -> Legal {
        if self.winner.is_some() {
            return Legal::EMPTY;
        }
        self.legal_for(&self.left, self.streak)
    }

    /// The legal actions with the dice `left`, `streak` such throws in a
    /// row: with one value, [`Self::legal_with`]; with `dice.each`, every
    /// die's actions (each as the obligations leave it), `enter` once, and
    /// `pass` only when no die can be played (`dice.each`, `move.pass`).
    pub(super) fn legal_for(&self, left: &super::dice::Left, streak: u8) -> Legal {
        if !self.rules.params.dice.each() {
            return match left.first() {
                Some(die) => self.legal_with(die, 0, streak),
                None => Legal::EMPTY,
            };
        }
        if forfeit_at(&self.rules, streak) {
            return Legal::one(Choice::Pass);
        }
        let mut legal = Legal::EMPTY;
        for v in left.values() {
            for &c in self.legal_with(v, v, streak).as_slice() {
                if c != Choice::Pass && !legal.contains(c) {
                    legal.push(c);
                }
            }
        }
        if legal.len == 0 && left.len() > 0 {
            legal.push(Choice::Pass);
        }
        legal
    }

    /// The legal actions with `die` thrown, `streak` such throws in a row;
    /// moves tagged with `tag` (0, or with `dice.each` the die's value).
    fn legal_with(&self, die: u8, tag: u8, streak: u8) -> Legal {
        let p = self.turn;
        let bound = self.bound(p, die, streak);
        match bound {
            Some(Bound::Forfeit) => return Legal::one(Choice::Pass),
            Some(Bound::ClearStart(g)) => return Legal::one(Choice::Move(g as u8, tag)),
            Some(Bound::Enter) => return Legal::one(Choice::Enter(tag)),
            Some(Bound::Capture) | None => {}
        }
        // capture.must: only the actions that capture.
        let capturing = bound == Some(Bound::Capture);
        let mut legal = Legal::EMPTY;
        if self.can_enter(p, die) && (!capturing || self.captures(p, Choice::Enter(tag), 0)) {
            legal.push(Choice::Enter(tag));
        }
        for g in 0..self.rules.pieces() {
            if let Ok(t) = self.target(p, g, die) {
                let c = Choice::Move(g as u8, tag);
                if !capturing || self.captures(p, c, t) {
                    legal.push(c);
                }
            }
        }
        if legal.len == 0 {
            // move.pass: nothing else is legal.
            legal.push(Choice::Pass);
        }
        legal
    }

    /// RACE.md §5: the die is thrown next (one outcome per face), the
    /// player chooses, or the game is over.
    pub fn ply(&self) -> goti_engine::legal::Ply {
        use goti_engine::legal::Ply;
        if self.winner.is_some() {
            Ply::Over
        } else if self.left.len() == 0 {
            Ply::Chance(self.rules.throws.clone())
        } else {
            Ply::Choice
        }
    }

    /// Before a throw: the legal actions summed over the outcomes, without
    /// throwing (perft's last two plies). A throw sets only the die and the
    /// streak, and after it the player always has an action (`move.pass`).
    pub fn leaves_after_throw(&self) -> Option<u64> {
        if self.winner.is_some() || self.left.len() > 0 {
            return None;
        }
        Some(
            self.rules
                .throws
                .iter()
                .map(|a| {
                    let Action::Roll(dice) = a else {
                        unreachable!("a throw's outcome is a roll, not {a:?}")
                    };
                    let params = &self.rules.params.dice;
                    let (d, double) = super::dice::read(params, dice);
                    let left = super::dice::Left::thrown(params, dice, d);
                    self.legal_for(&left, self.streak_after(d, double)).len as u64
                })
                .sum(),
        )
    }

    /// Every action a player could name: `pass`, `enter`, `enter Gk` and
    /// `move Gk` for every piece (`move Gk v` for every face, with
    /// `dice.each`): the brute force of the listing.
    pub fn legal_candidates(&self) -> Option<Vec<Action>> {
        let each = self.rules.params.dice.each();
        let mut out = vec![Action::NextTurn];
        // dice.each: every `enter` and move names its die (without one,
        // it is only another way to write one, when one value fits).
        if each {
            for v in 1..=self.rules.params.dice.faces {
                out.push(Choice::Enter(v).action());
            }
        } else {
            out.push(Choice::Enter(0).action());
        }
        for g in 1..=4u8 {
            if !each {
                out.push(Action::own(super::words::ENTER, vec![PieceId::Numbered(g)]));
            }
            // dice.each: every move names its die (`move G1` is only
            // another way to write one, when the dice left show one value).
            if each {
                for v in 1..=self.rules.params.dice.faces {
                    out.push(Choice::Move(g - 1, v).action());
                }
            } else {
                out.push(Choice::Move(g - 1, 0).action());
            }
        }
        Some(out)
    }

    /// An action in the rulebook's normal form, as scenario syntax.
    pub fn action_text(&self, a: &Action) -> String {
        goti_engine::legal::normal_text(a, <Self as crate::Game>::VOCABULARY)
    }

    /// The candidates are few and all tried ([`Self::legal_candidates`]):
    /// the first `n` of them, whatever the seed.
    pub fn legal_sample(&self, _seed: u64, n: usize) -> Vec<Action> {
        goti_engine::legal::first_candidates(self, n)
    }

    /// The legal actions' number (the listing's length).
    pub fn legal_count(&self, limit: usize) -> Result<u64, goti_engine::legal::Unlisted> {
        goti_engine::legal::count_of_listing(self, limit)
    }

    /// RACE.md §5: `enter`, a move of each piece that may move, or `pass`,
    /// as the obligations leave them; none before the throw.
    pub fn legal_list(&self, limit: usize) -> Result<Vec<Action>, goti_engine::legal::Unlisted> {
        let list: Vec<Action> = self.legal().as_slice().iter().map(|c| c.action()).collect();
        if list.len() > limit {
            return Err(goti_engine::legal::Unlisted::TooMany { limit });
        }
        Ok(list)
    }
}
