//! Throwing and turns (RACE.md §2): one throw a turn, read as the sum of
//! its dice or through the description's table; the values and doubles that throw again, and the limit on them.

use super::*;
use crate::Short;
use goti_engine::event::{Rejection, What};

impl Race {
    /// `dice.throw`: the player to move throws `dice.count` dice, once.
    pub(super) fn throw<S: Sink>(&mut self, values: &[u8], ev: &mut S) -> Result<(), Rejection> {
        let faces = self.rules.params.dice.faces;
        let count = self.rules.params.dice.count as usize;
        if let Some(d) = self.left.first() {
            let (rule, what) = if self.left.len() > 1 || self.rules.params.dice.each() {
                (
                    R::DiceEach,
                    format!("the dice {} are still to play", self.left),
                )
            } else {
                (R::DiceThrow, format!("{d} is thrown already"))
            };
            return Err(Rejection::new(
                rule,
                format!(
                    "{} has thrown: {what}: one throw, then its actions",
                    self.turn
                ),
            )
            .help("act on the throw: `enter`, `move G1` or `pass`"));
        }
        if values.len() != count {
            let (want, example) = match count {
                1 => ("one die".to_string(), "roll 6"),
                2 => ("two dice".to_string(), "roll 6 3"),
                n => (format!("{n} dice"), "roll 6 3 2"),
            };
            return Err(Rejection::new(
                R::DiceThrow,
                format!("this game throws {want}, not {}", values.len()),
            )
            .help(format!("write `{example}`")));
        }
        if let Some(v) = values.iter().find(|v| !(1..=faces).contains(*v)) {
            return Err(Rejection::new(
                R::DiceThrow,
                format!("a die shows 1-{faces}, not {v}"),
            ));
        }
        let (v, double) = read(&self.rules.params.dice, values);
        self.left = Left::thrown(&self.rules.params.dice, values, v);
        self.double = double;
        self.streak = self.streak_after(v, double);
        self.event(ev, R::DiceThrow, || What::Rolled {
            dice: Short::of(values),
        });
        if !self.rules.params.dice.table.is_empty() {
            self.event(ev, R::DiceTable, || What::Numbered {
                text: "the throw reads {}",
                number: v.into(),
            });
        }
        if self.forfeit() {
            self.event(ev, R::ThrowLimit, || {
                What::Note("too many such throws in a row: this one is forfeit")
            });
            if self.rules.params.again.at_limit == crate::params::AtLimit::LeadBack {
                self.send_lead_back(ev);
            }
        }
        Ok(())
    }

    /// `throw.penalty`: the player's leading piece on the common fields
    /// (the furthest along its route; the lowest-numbered of pieces sharing
    /// a field) goes back to base. None there, nothing goes back.
    fn send_lead_back<S: Sink>(&mut self, ev: &mut S) {
        let p = self.turn;
        let lap = self.lap(p);
        let routes = &self.route[p.index()][..self.rules.pieces()];
        let mut lead: Option<(usize, i8)> = None;
        for (g, &r) in routes.iter().enumerate() {
            if (0..lap).contains(&r) && lead.is_none_or(|(_, best)| r > best) {
                lead = Some((g, r));
            }
        }
        let Some((g, r)) = lead else {
            self.event(ev, R::ThrowPenalty, || {
                What::Note("no piece on the common fields: nothing goes back")
            });
            return;
        };
        let from = self.place_of(p, r);
        self.route[p.index()][g] = BASE;
        self.event(ev, R::ThrowPenalty, || What::SentBack {
            piece: PieceId::Numbered(g as u8 + 1),
            from,
        });
    }

    /// The throws in a row that throw again, once `v` is thrown (a double
    /// if `double`), counted only up to `again.limit`, and not at all
    /// without one: no rule reads more, so positions that differ only there
    /// are one.
    pub(super) fn streak_after(&self, v: u8, double: bool) -> u8 {
        let limit = self.rules.params.again.limit;
        if again_by(&self.rules, v, double).is_some() {
            self.streak.saturating_add(1).min(limit)
        } else {
            0
        }
    }

    /// `throw.limit`: the throw now is the limit's, and forfeit.
    pub(super) fn forfeit(&self) -> bool {
        forfeit_at(&self.rules, self.streak)
    }

    /// After an action: `throw.again` keeps the turn after a value that
    /// throws again, `throw.double` after a double (a pass only with
    /// `again.after_pass`), `throw.again` after a capture
    /// (`again.on_capture`); a forfeit throw (`throw.limit`) and every other
    /// pass the turn on.
    pub(super) fn end_action<S: Sink>(
        &mut self,
        die: u8,
        passed: bool,
        (captured, homed): (bool, bool),
        ev: &mut S,
    ) {
        let forfeit = self.forfeit();
        let double = std::mem::take(&mut self.double);
        self.left = Left::EMPTY;
        // dice.each: what every die of the throw did.
        let got = std::mem::take(&mut self.got);
        let (captured, homed) = (captured || got.0, homed || got.1);
        if self.winner.is_some() {
            return;
        }
        // end.places: a player who has just finished throws no more.
        if self.has_finished(self.turn) {
            self.pass_turn(ev);
            return;
        }
        let again = &self.rules.params.again;
        let by_throw = again_by(&self.rules, die, double).filter(|_| !passed || again.after_pass);
        let by_capture = again.on_capture && captured;
        let by_home = again.on_home && homed;
        if forfeit {
            self.pass_turn(ev);
        } else if let Some(rule) = by_throw {
            let why = match rule {
                R::ThrowDouble => "a double throws again",
                _ => "this value throws again",
            };
            self.event(ev, rule, || What::Note(why));
        } else if by_capture {
            self.event(ev, R::ThrowAgain, || What::Note("a capture throws again"));
        } else if by_home {
            self.event(ev, R::ThrowAgain, || {
                What::Note("a piece reaching its home throws again")
            });
        } else {
            self.pass_turn(ev);
        }
    }

    fn pass_turn<S: Sink>(&mut self, ev: &mut S) {
        let next = self.next_playing(self.turn);
        self.event(ev, R::DiceThrow, || What::TurnEnds { next });
        self.turn = next;
        self.streak = 0;
    }
}

impl Race {
    /// The player after `p` in turn order who has not finished
    /// (`end.places`; every player without `end.play_on`).
    pub(super) fn next_playing(&self, p: Player) -> Player {
        let mut next = self.present.next_after(p);
        for _ in 0..4 {
            if !self.has_finished(next) {
                return next;
            }
            next = self.present.next_after(next);
        }
        unreachable!(
            "a game still on has two players playing: {:?}",
            self.finished
        )
    }
}

/// `dice.throw`: what the dice thrown read (their sum, or its entry of
/// `dice.table`), and whether they are a double (`throw.double`: several
/// dice, one face).
pub(super) fn read(params: &crate::params::RaceDiceParams, dice: &[u8]) -> (u8, bool) {
    let double = dice.len() > 1 && dice.iter().all(|&d| d == dice[0]);
    (params.reads(dice.iter().sum()), double)
}

/// The rule by which throw `v` (a double if `double`) throws again, if
/// any: `throw.again` for a value of `again.values`, else `throw.double`.
pub(super) fn again_by(rules: &RaceRules, v: u8, double: bool) -> Option<R> {
    let again = &rules.params.again;
    if again.values.contains(&v) {
        Some(R::ThrowAgain)
    } else if again.on_double && double {
        Some(R::ThrowDouble)
    } else {
        None
    }
}

/// `throw.limit`: a streak at the limit (none when it is 0).
pub(super) fn forfeit_at(rules: &RaceRules, streak: u8) -> bool {
    let limit = rules.params.again.limit;
    limit > 0 && streak >= limit
}

/// The dice of a throw not yet played, highest first (at most four:
/// `dice.each` reads up to four dice; a throw read as one value keeps
/// that value alone). Kept in place: a position is copied on every action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Left {
    dice: [u8; 4],
    len: u8,
}

impl Left {
    pub(crate) const EMPTY: Left = Left {
        dice: [0; 4],
        len: 0,
    };

    /// A throw read as one value.
    #[inline]
    pub(crate) fn one(v: u8) -> Left {
        Left {
            dice: [v, 0, 0, 0],
            len: 1,
        }
    }

    /// What a throw of `dice`, read `v`, leaves to play: its dice with
    /// `dice.each`, else its one value.
    #[inline]
    pub(crate) fn thrown(params: &crate::params::RaceDiceParams, dice: &[u8], v: u8) -> Left {
        if params.each() {
            Left::of(dice)
        } else {
            Left::one(v)
        }
    }

    /// These dice, highest first.
    pub(crate) fn of(values: &[u8]) -> Left {
        assert!(
            values.len() <= 4 && values.iter().all(|&v| v > 0),
            "a throw keeps one to four dice of 1 up: {values:?}"
        );
        let mut left = Left::EMPTY;
        left.dice[..values.len()].copy_from_slice(values);
        left.len = values.len() as u8;
        left.dice[..values.len()].sort_unstable_by(|a, b| b.cmp(a));
        left
    }
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.dice[..self.len as usize]
    }
    pub(crate) fn first(&self) -> Option<u8> {
        self.as_slice().first().copied()
    }
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }
    pub(crate) fn contains(&self, v: u8) -> bool {
        self.as_slice().contains(&v)
    }
    /// Each value once, highest first.
    pub(crate) fn values(&self) -> impl Iterator<Item = u8> + '_ {
        let s = self.as_slice();
        s.iter()
            .enumerate()
            .filter(|(i, v)| *i == 0 || s[i - 1] != **v)
            .map(|(_, v)| *v)
    }
    /// The one value every die left shows, if they all show one.
    pub(crate) fn only(&self) -> Option<u8> {
        let first = self.first()?;
        self.as_slice().iter().all(|&v| v == first).then_some(first)
    }
    /// Plays one die of value `v`.
    pub(crate) fn spend(&mut self, v: u8) {
        let at = self
            .as_slice()
            .iter()
            .position(|&d| d == v)
            .unwrap_or_else(|| unreachable!("a die of {v} is left (checked): {self:?}"));
        let len = self.len as usize;
        self.dice.copy_within(at + 1..len, at);
        self.dice[len - 1] = 0;
        self.len -= 1;
    }
}

/// `5 2`: the dice left, as a scenario writes them.
impl std::fmt::Display for Left {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, v) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}
