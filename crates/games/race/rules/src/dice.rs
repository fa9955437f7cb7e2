//! Throwing and turns (RACE.md §2): one die a turn, the values that throw
//! again, and the limit on them.

use super::*;
use crate::Short;
use goti_engine::event::{Rejection, What};

impl Race {
    /// `dice.throw`: the player to move throws one die, once.
    pub(super) fn throw<S: Sink>(&mut self, values: &[u8], ev: &mut S) -> Result<(), Rejection> {
        let faces = self.rules.params.dice.faces;
        if let Some(d) = self.die {
            return Err(Rejection::new(
                R::DiceThrow,
                format!(
                    "{} has thrown {d} already: one throw, then one action",
                    self.turn
                ),
            )
            .help("act on the throw: `enter`, `move G1` or `pass`"));
        }
        let [v] = values else {
            return Err(Rejection::new(
                R::DiceThrow,
                format!("race throws one die, not {}", values.len()),
            )
            .help("write `roll 6`"));
        };
        if !(1..=faces).contains(v) {
            return Err(Rejection::new(
                R::DiceThrow,
                format!("a die shows 1-{faces}, not {v}"),
            ));
        }
        let v = *v;
        self.die = Some(v);
        self.streak = self.streak_after(v);
        self.event(ev, R::DiceThrow, || What::Rolled {
            dice: Short::of(&[v]),
        });
        if self.forfeit() {
            self.event(ev, R::ThrowLimit, || {
                What::Note("too many such throws in a row: this one is forfeit")
            });
        }
        Ok(())
    }

    /// The throws in a row of a value that throws again, once `v` is thrown
    /// (counted only up to `again.limit`, and not at all without one: no
    /// rule reads more, so positions that differ only there are one).
    pub(super) fn streak_after(&self, v: u8) -> u8 {
        let limit = self.rules.params.again.limit;
        if self.rules.params.again.values.contains(&v) {
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
    /// throws again (a pass only with `again.after_pass`) or a capture
    /// (`again.on_capture`); a forfeit throw (`throw.limit`) and every other
    /// pass the turn on.
    pub(super) fn end_action<S: Sink>(
        &mut self,
        die: u8,
        passed: bool,
        captured: bool,
        ev: &mut S,
    ) {
        let forfeit = self.forfeit();
        self.die = None;
        if self.winner.is_some() {
            return;
        }
        let again = &self.rules.params.again;
        let by_value = again.values.contains(&die) && (!passed || again.after_pass);
        let by_capture = again.on_capture && captured;
        if forfeit {
            self.pass_turn(ev);
        } else if by_value {
            self.event(ev, R::ThrowAgain, || What::Note("this value throws again"));
        } else if by_capture {
            self.event(ev, R::ThrowAgain, || What::Note("a capture throws again"));
        } else {
            self.pass_turn(ev);
        }
    }

    fn pass_turn<S: Sink>(&mut self, ev: &mut S) {
        let next = self.present.next_after(self.turn);
        self.event(ev, R::DiceThrow, || What::TurnEnds { next });
        self.turn = next;
        self.streak = 0;
    }
}

/// `throw.limit`: a streak at the limit (none when it is 0).
pub(super) fn forfeit_at(rules: &RaceRules, streak: u8) -> bool {
    let limit = rules.params.again.limit;
    limit > 0 && streak >= limit
}
