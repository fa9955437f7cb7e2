//! Rolls and grace rolls (ROYAL.md §3, §4): the deal, the store, grace
//! rolls and the credits they give.

use super::events;
use super::rule::RoyalRule as R;
use super::RoyalCheck as C;
use super::*;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::Place;
use goti_engine::precedence::Refusals;

impl Royal {
    /// `roll.when`, `roll.values`, `roll.deal`, `roll.store-cap`, grace rolls.
    pub(super) fn roll<S: Sink>(&mut self, dice: &[u8], ev: &mut S) -> Result<(), Rejection> {
        // The earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::quiet_if(!S::REASONS);
        if self.phase.dealt {
            // roll.when
            refusals.refuse(C::When, || {
                Rejection::new(
                    R::RollWhen,
                    "dice were already dealt this turn; they are dealt once per turn",
                )
                .help("write `next turn` first to deal the next player's dice")
            });
        } else if self.phase.exited || self.phase.moved {
            refusals.refuse(C::When, || {
                Rejection::new(
                    R::RollWhen,
                    "dice are dealt only at the start of the turn, before exits and moves",
                )
                .help("put `roll` before the turn's exits and move")
            });
        }
        if let Some(bad) = dice.iter().find(|d| !(1..=6).contains(*d)) {
            // roll.values
            refusals.refuse(C::RollValues, || {
                Rejection::new(R::RollValues, format!("a roll is a value 1-6, not {bad}"))
            });
        }
        let p = self.turn;
        let stored = self.seat(p).store.len();
        let m = self.mode_params();
        let expected = m.dice_for(stored) as usize;
        let cap = m.store_cap as usize;
        if dice.len() != expected {
            // roll.deal: the deal table fixes how many dice.
            refusals.refuse(C::RollDeal, || {
                Rejection::new(
                    R::RollDeal,
                    format!(
                        "with {stored} roll(s) stored, {} deals {expected} dice, not {}",
                        words::WORDS.mode_name(self.mode),
                        dice.len()
                    ),
                )
                .help(format!("write `roll` with {expected} value(s)"))
            });
        }
        refusals.finish()?;
        self.event(ev, R::RollDeal, || {
            What::Own(
                OwnEvent::new(&events::DEALT)
                    .list(dice)
                    .numbers(&[stored as i64]),
            )
        });
        let seat = self.seat_mut(p);
        seat.store.make_set();
        let mut discarded = 0;
        for &d in dice {
            if seat.store.len() < cap {
                seat.store.add(d);
            } else {
                discarded += 1;
            }
        }
        if discarded > 0 {
            self.event(ev, R::RollStoreCap, || {
                What::Own(OwnEvent::new(&events::DISCARDED).numbers(&[i64::from(discarded)]))
            });
        }
        self.phase.dealt = true;
        // grace.check: the first two dice only; one die counts only as a 6.
        let dealt_grace = match dice {
            [] => false,
            [d] => self.rules.params.exits.one_die_six && *d == 6,
            [a, b, ..] => *a == 6 || *b == 6 || a + b == 6,
        };
        // grace.forced: 0 credits and every guard in the Yard or Home.
        let seat = self.seat(p);
        let forced = seat.credits == 0
            && seat
                .guards
                .iter()
                .all(|g| matches!(g.place, Place::Out | Place::Home));
        // grace.forced: a dealt grace roll and a forced one in the same turn
        // are two grace rolls, the dealt one first; `exits.grace_per_turn`
        // decides how many count.
        if (dealt_grace || forced) && seat.first_turn {
            // grace.first-turn
            self.event(ev, R::GraceFirstTurn, || {
                What::Note("no grace roll on a first turn")
            });
            return Ok(());
        }
        let graces = [(dealt_grace, R::GraceCheck), (forced, R::GraceForced)];
        for (_, rule) in graces.into_iter().filter(|(due, _)| *due) {
            if self.phase.graces >= self.rules.params.exits.grace_per_turn {
                break;
            }
            self.phase.graces += 1;
            self.event(ev, rule, || What::Own(OwnEvent::new(&events::GRACE)));
            let amount = self.rules.params.exits.grace_credit;
            self.add_credits(amount, ev);
        }
        Ok(())
    }
}
