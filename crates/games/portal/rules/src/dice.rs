//! Rolls and turns (PORTAL.md §3): two dice, larger first, burns, doubles,
//! the third double, one extra roll.

use super::PortalCheck as C;
use super::*;
use crate::Short;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::precedence::Refusals;

impl Portal {
    pub(super) fn earn_extra<S: Sink>(&mut self, rule: R, ev: &mut S) {
        // dice.extra-once: a roll earns at most one extra roll, whatever earned it.
        if self.roll.extra || self.roll.double {
            self.event(ev, R::DiceExtraOnce, || {
                What::Note("this roll has already earned its one extra roll")
            });
        } else {
            self.event(ev, rule, || {
                What::Note("earns an extra roll, taken after both values")
            });
        }
        self.roll.extra = true;
    }

    pub(super) fn pass_turn<S: Sink>(&mut self, ev: &mut S) {
        let p = self.turn;
        let next = self.present.next_after(p);
        self.event(ev, R::TablePlayers, || What::TurnEnds { next });
        self.turn = next;
        self.doubles = 0;
        self.roll_again = false;
    }

    /// Burns what cannot be played; when the roll is done, passes the turn or
    /// asks for the extra roll.
    pub(super) fn settle<S: Sink>(&mut self, ev: &mut S) {
        if self.standings.is_some() {
            return;
        }
        while let Some(v) = self.roll.due() {
            // dice.burn: a value no piece can play burns; both burned, the turn passes.
            if self.can_play(v) {
                return;
            }
            self.roll.left -= 1;
            let n = self.roll.burned_count as usize;
            self.roll.burned[n] = v;
            self.roll.burned_count += 1;
            self.event(ev, R::DiceBurn, || What::Numbered {
                text: "the {} burns: no piece can play it",
                number: v.into(),
            });
        }
        if self.roll.played == 0 {
            self.event(ev, R::DiceBurn, || {
                What::Note("both values burned: the turn passes")
            });
            self.pass_turn(ev);
        } else if self.roll.double {
            self.event(ev, R::DiceDouble, || {
                What::Note("a double was played: roll again")
            });
            self.roll_again = true;
        } else if self.roll.extra {
            self.event(ev, R::DiceExtraOnce, || {
                What::Note("one extra roll, after both values")
            });
            self.roll_again = true;
        } else {
            self.pass_turn(ev);
        }
    }

    /// `dice.two`: throws the dice, larger value first; a third double in a
    /// row burns (`dice.third-double`).
    pub(super) fn throw<S: Sink>(
        &mut self,
        dice: &[u8],
        mut refusals: Refusals<C>,
        ev: &mut S,
    ) -> Result<(), Rejection> {
        if self.roll.left > 0 {
            // dice.must-play
            refusals.refuse(C::Due, || {
                Rejection::new(
                    R::DiceMustPlay,
                    format!("values still to play: {}", self.roll.pending_text()),
                )
                .help("play each value with `move` or `enter`")
            });
        }
        if dice.len() != 2 {
            // dice.two
            refusals.refuse(C::Value, || {
                Rejection::new(
                    R::DiceTwo,
                    format!("a roll throws two dice, not {}", dice.len()),
                )
                .help("write `roll 5 3`")
            });
        } else if dice.iter().any(|d| !(1..=6).contains(d)) {
            refusals.refuse(C::Value, || Rejection::new(R::DiceTwo, "a die shows 1-6"));
        }
        refusals.finish()?;
        let (a, b) = (dice[0], dice[1]);
        self.roll_again = false;
        self.roll = Roll {
            values: [a.max(b), a.min(b)],
            left: 2,
            double: a == b,
            ..Roll::default()
        };
        self.event(ev, R::DiceTwo, || What::Rolled {
            dice: Short::of(&[a, b]),
        });
        if a == b {
            self.doubles += 1;
            if self.doubles >= self.rules.params.dice.doubles_burn_at {
                self.roll.left = 0;
                self.roll.burned = [a, b];
                self.roll.burned_count = 2;
                self.event(ev, R::DiceThirdDouble, || {
                    What::Note("a third double in a row is not played: the turn passes")
                });
                self.pass_turn(ev);
                return Ok(());
            }
        } else {
            self.doubles = 0;
            self.event(ev, R::DiceLargerFirst, || {
                What::Note("the larger value is played first")
            });
        }
        self.settle(ev);
        Ok(())
    }
}
