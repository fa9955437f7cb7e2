//! Throwing and turns (MAEDN.md §2): one die a turn, and a 6 throws again.

use super::*;
use crate::Short;
use goti_engine::event::{Rejection, What};

impl Maedn {
    /// `dice.one`: the player to move throws one die, once.
    pub(super) fn throw<S: Sink>(&mut self, values: &[u8], ev: &mut S) -> Result<(), Rejection> {
        let faces = self.rules.params.dice.faces;
        if let Some(d) = self.die {
            return Err(Rejection::new(
                R::DiceOne,
                format!(
                    "{} has thrown {d} already: one throw, then one action",
                    self.turn
                ),
            )
            .help("act on the throw: `enter`, `move G1` or `pass`"));
        }
        let [v] = values else {
            return Err(Rejection::new(
                R::DiceOne,
                format!("maedn throws one die, not {}", values.len()),
            )
            .help("write `roll 6`"));
        };
        if !(1..=faces).contains(v) {
            return Err(Rejection::new(
                R::DiceOne,
                format!("a die shows 1-{faces}, not {v}"),
            ));
        }
        self.die = Some(*v);
        let v = *v;
        self.event(ev, R::DiceOne, || What::Rolled {
            dice: Short::of(&[v]),
        });
        Ok(())
    }

    /// After an action: `dice.six-again` keeps the turn after a 6 (a pass
    /// included); otherwise the next player throws.
    pub(super) fn end_action<S: Sink>(&mut self, die: u8, ev: &mut S) {
        self.die = None;
        if self.winner.is_some() {
            return;
        }
        if die == self.rules.params.dice.six {
            self.event(ev, R::DiceSixAgain, || What::Note("a 6: throw again"));
        } else {
            let next = self.present.next_after(self.turn);
            self.event(ev, R::DiceOne, || What::TurnEnds { next });
            self.turn = next;
        }
    }
}
