//! Exit credits and exits (ROYAL.md §4).

use super::events;
use super::rule::RoyalRule as R;
use super::RoyalCheck as C;
use super::*;
use crate::params::KingReturn;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::few::Few;
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Piece, PieceId, Place};
use goti_engine::precedence::Refusals;

/// `exit G1 G2`: guards leave the Yard (`exit.cost`), royal's own action.
pub fn exit_action(pieces: Vec<PieceId>) -> goti_engine::action::Action {
    goti_engine::action::Action::own(super::words::EXIT, pieces)
}

impl Royal {
    /// `grace.credit` with `exit.cap`.
    pub(super) fn add_credits<S: Sink>(&mut self, amount: u8, ev: &mut S) {
        let cap = self.rules.params.exits.cap;
        for _ in 0..amount {
            let seat = self.seat_mut(self.turn);
            if seat.credits < cap {
                seat.credits += 1;
                let credits = seat.credits;
                self.event(ev, R::GraceCredit, || {
                    What::Own(OwnEvent::new(&events::CREDIT).numbers(&[i64::from(credits)]))
                });
            } else {
                self.event(ev, R::ExitCap, || {
                    What::Own(OwnEvent::new(&events::CREDIT_LOST))
                });
            }
        }
    }

    /// `exit.cost`, `exit.order`, `exit.timing`.
    pub(super) fn exit<S: Sink>(
        &mut self,
        pieces: &[PieceId],
        ev: &mut S,
    ) -> Result<(), Rejection> {
        let (guards, king) = self.judge_exit(pieces, !S::REASONS)?;
        let p = self.turn;
        let entry = self.board().entry(p);
        for &n in guards.iter() {
            let seat = self.seat_mut(p);
            seat.credits -= 1;
            seat.guards[n as usize - 1] = Piece {
                place: Place::Ring(entry),
                midpoint: false,
                steps: 0,
            };
            self.event(ev, R::ExitCost, || {
                What::Own(
                    OwnEvent::new(&events::EXITED)
                        .piece(PieceId::Numbered(n))
                        .numbers(&[i64::from(entry)]),
                )
            });
        }
        if king {
            let seat = self.seat_mut(p);
            seat.credits -= 1;
            seat.king = Piece {
                place: Place::Ring(entry),
                midpoint: false,
                steps: 0,
            };
            self.event(ev, R::MoveKingYard, || What::Numbered {
                text: "King returns from the Yard to {}",
                number: entry.into(),
            });
            self.event(ev, R::ExitCost, || {
                What::Note("the King spends an exit credit to leave the Yard")
            });
        }
        if !guards.is_empty() {
            self.event(ev, R::ExitOrder, || {
                What::Note("credits go to the lowest-numbered guards in the Yard")
            });
            self.event(ev, R::BoardEntry, || {
                What::Note("exited guards stand on their entry tile")
            });
            if S::NOTES && self.opponent_tiles(p).has(Place::Ring(entry)) {
                self.event(ev, R::ExitTiming, || {
                    What::Note("exiting is not a move: it captures nothing")
                });
            }
        }
        self.phase.exited = true;
        Ok(())
    }

    /// Every rule the exit breaks, in ROYAL.md's order (the first is the
    /// rejection); else the guards that exit, by number, and whether the
    /// King does.
    fn judge_exit(&self, pieces: &[PieceId], quiet: bool) -> Result<(Few<u8, 4>, bool), Rejection> {
        let p = self.turn;
        // The earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::quiet_if(quiet);
        if self.phase.moved {
            // exit.timing
            refusals.refuse(C::When, || {
                Rejection::new(
                    R::ExitTiming,
                    "exits happen before any piece moves; this turn has moved",
                )
                .help("put `exit` before the turn's `move`")
            });
        }
        // An exit names a set of guards: `exit G2 G1` is `exit G1 G2`.
        let mut guards: Few<u8, 4> = Few::new();
        let by_exit = self.rules.params.order.king_return == KingReturn::Exit;
        let mut king = false;
        for &piece in pieces {
            match piece {
                // move.king-yard [house, `order.king_return: exit`]: a King in the
                // Yard leaves it by an exit, spending a credit like a guard.
                PieceId::King if by_exit && !king => {
                    let place = self.seat(p).king.place;
                    if place != Place::Out {
                        refusals.refuse(C::Pieces, || {
                            Rejection::new(
                                R::MoveKingYard,
                                format!("{p} king is not in the Yard ({place})"),
                            )
                        });
                    }
                    king = true;
                }
                PieceId::King if by_exit => refusals.refuse(C::Pieces, || {
                    Rejection::new(R::ExitCost, "the King is named twice")
                }),
                // exit.cost: only a guard in the Yard spends a credit.
                PieceId::King => refusals.refuse(C::Pieces, || {
                    Rejection::new(R::ExitCost, "the King never spends exit credits").help(
                        "a King in the Yard returns to its entry tile when its owner's turn starts",
                    )
                }),
                PieceId::Numbered(n) if !(1..=4).contains(&n) => refusals.refuse(C::Pieces, || {
                    Rejection::new(
                        R::TablePieces,
                        format!("royal has guards G1-G4; there is no G{n}"),
                    )
                }),
                PieceId::Numbered(n) if guards.contains(&n) => refusals.refuse(
                    // A scenario error in the language; the engine still refuses it.
                    C::Pieces,
                    || Rejection::new(R::ExitCost, format!("G{n} is named twice")),
                ),
                PieceId::Numbered(n) => {
                    let place = self.seat(p).guards[n as usize - 1].place;
                    if place != Place::Out {
                        refusals.refuse(C::Pieces, || {
                            Rejection::new(
                                R::ExitCost,
                                format!("{p} G{n} is not in the Yard ({place})"),
                            )
                        });
                    }
                    guards.push(n);
                }
            }
        }
        let credits = self.seat(p).credits as usize;
        let leaving = guards.len() + usize::from(king);
        if leaving > credits {
            // exit.cost: one credit per guard (and per King that exits).
            let what = if king { "piece(s)" } else { "guard(s)" };
            refusals.refuse(C::Credits, || {
                Rejection::new(
                    R::ExitCost,
                    format!("{leaving} {what} cannot exit with {credits} exit credit(s)"),
                )
                .help(format!("exit at most {credits} {what}"))
            });
        }
        guards.sort_unstable();
        if refusals.open(C::Order) {
            let in_yard: Few<u8, 4> = Few::of(
                (1..=4u8).filter(|&n| self.seat(p).guards[n as usize - 1].place == Place::Out),
            );
            // Every named guard is in the Yard here, so there are at least as many.
            debug_assert!(
                in_yard.len() >= guards.len(),
                "exit.order: named guards not in the Yard"
            );
            let due = &in_yard[..guards.len().min(in_yard.len())];
            if guards[..] != *due {
                // exit.order: the lowest-numbered guards in the Yard exit first.
                refusals.refuse(C::Order, || {
                    let due: Vec<String> = due.iter().map(|n| format!("G{n}")).collect();
                    Rejection::new(
                        R::ExitOrder,
                        format!(
                            "the lowest-numbered guards in the Yard exit first: {}",
                            due.join(" ")
                        ),
                    )
                    .help(format!("write `exit {}`", due.join(" ")))
                });
            }
        }
        refusals.finish()?;
        Ok((guards, king))
    }
}
