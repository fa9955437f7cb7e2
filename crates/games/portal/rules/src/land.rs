//! Landing (PORTAL.md §5, §6): a planned move carried out, with its
//! captures, toilets, roads and dice tiles.

use super::events;
use super::PortalCheck as C;
use super::*;
use crate::Short;
use goti_engine::action::MoveOrder;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Direction, Piece, PieceId, Place, Player};
use goti_engine::precedence::Refusals;

impl Portal {
    /// `capture.land` (or `capture.toilet`): the piece `i` of `q` at `at` goes
    /// back to base, and the capture earns an extra roll (capture.extra).
    pub(super) fn capture<S: Sink>(
        &mut self,
        (q, i): (Player, usize),
        at: Place,
        rule: R,
        ev: &mut S,
    ) {
        self.send_to_base(q, i);
        self.event(ev, rule, || What::Captured {
            victim: q,
            pieces: Short::of(&[PieceId::Numbered(i as u8 + 1)]),
            at,
            size: 1,
        });
        // capture.extra: a capture earns an extra roll.
        self.earn_extra(R::CaptureExtra, ev);
    }

    pub(super) fn send_to_base(&mut self, q: Player, i: usize) {
        self.pieces[q.index()][i] = Piece::OUT;
        self.falls[q.index()][i] = [0; MAX_TOILETS];
    }

    pub(super) fn apply_landing<S: Sink>(&mut self, g: u8, v: u8, l: Landing, ev: &mut S) {
        let p = self.turn;
        let id = PieceId::Numbered(g);
        let i = g as usize - 1;
        let from = self.pieces[p.index()][i].place;
        if let Some(spot) = l.climb {
            self.pieces[p.index()][i].place = l.path_end;
            self.event(ev, R::ToiletClimb, || {
                What::Own(
                    OwnEvent::new(&events::CLIMBED)
                        .piece(id)
                        .numbers(&[i64::from(spot)]),
                )
            });
            // capture.toilet: on W1-W3 an opponent met is not captured.
            let shared = self
                .players()
                .any(|q| q != p && self.pieces[q.index()].iter().any(|x| x.place == l.path_end));
            if shared {
                self.event(ev, R::CaptureToilet, || {
                    What::Note("no capture on W1-W3: both pieces stay")
                });
            }
            return;
        }
        self.pieces[p.index()][i] = Piece {
            place: l.path_end,
            midpoint: false,
            steps: l.steps,
        };
        self.event(ev, R::DiceLargerFirst, || What::Advanced {
            piece: id,
            from,
            to: l.path_end,
            value: v,
        });
        if let Some((q, j)) = l.capture {
            self.capture((q, j), l.path_end, R::CaptureLand, ev);
        }
        if matches!(from, Place::Aside { .. }) {
            self.event(ev, R::ToiletClimb, || {
                What::Note("leaves W3 by the rejoin tile")
            });
        }
        if l.path_end == Place::HomePath(1)
            || (matches!(l.path_end, Place::HomePath(_)) && !matches!(from, Place::HomePath(_)))
        {
            self.event(ev, R::BoardLane, || {
                What::Note("turns at its junction into its lane")
            });
        }
        if l.path_end == Place::Home {
            self.event(ev, R::MoveExactHome, || {
                What::Note("reaches home with the exact count")
            });
        }
        if l.mercy {
            self.event(ev, R::ToiletMercy, || {
                What::Note("the last piece does not fall into this toilet a third time")
            });
        }
        if let Some(fall) = l.fall {
            self.fall(g, fall, ev);
        }
        if let Some(rule) = l.road_refused {
            let note = match rule {
                R::RoadOwnRoute => "the road would leave its route: it does nothing",
                R::CaptureSafe => "an opponent holds the safe far end: the road does nothing",
                _ => "its own piece stands at the far end: the road does nothing",
            };
            self.event(ev, rule, || What::Note(note));
        }
        if let (Some(road), Place::Ring(t)) = (l.road, l.path_end) {
            self.ride_road(g, t, road, l.steps, ev);
        }
        // dice-tile.extra: a dice tile earns an extra roll, except in a double (board.dice-tiles).
        if l.dice_tile {
            if self.roll.double {
                self.event(ev, R::DiceTileExtra, || {
                    What::Note("a dice tile in a double earns no extra roll")
                });
            } else {
                self.event(ev, R::BoardDiceTiles, || What::Note("a dice tile"));
                self.earn_extra(R::DiceTileExtra, ev);
            }
        }
        if let Place::Ring(t) = self.pieces[p.index()][i].place {
            if self.board().is_safe(t) && self.board().start[p.index()] != t {
                // board.safe: the start tiles and the listed safe tiles.
                self.event(ev, R::BoardSafe, || What::Note("a safe tile"));
            }
        }
    }

    /// One value played by one piece: the value due (`dice.larger-first`),
    /// the piece, then the planned landing carried out.
    pub(super) fn play_value<S: Sink>(
        &mut self,
        order: &MoveOrder,
        due: Option<u8>,
        mut refusals: Refusals<C>,
        ev: &mut S,
    ) -> Result<(), Rejection> {
        let [clause] = &order.clauses[..] else {
            return Err(refusals.finish().err().unwrap_or_else(|| {
                Rejection::new(R::DiceLargerFirst, "each value is one move of one piece")
                    .help("write one `move G1 5` per value")
            }));
        };
        // (4) dice.larger-first: the value due, one value per move.
        let value = match clause.rolls[..] {
            [value] => Some(value),
            _ => {
                refusals.refuse(C::Value, || {
                    Rejection::new(R::DiceLargerFirst, "each value is one move")
                        .help("write one `move` per value")
                });
                None
            }
        };
        if let (Some(v), Some(value)) = (due, value) {
            if value != v {
                let msg = if self.roll.pending().contains(&value) {
                    format!("the {v} is played first, then the {value}")
                } else if self.roll.burned().contains(&value) {
                    // dice.burn: a value no piece could play burned by itself.
                    format!(
                        "the {value} burned by itself (no piece could play it); the value due is {v}"
                    )
                } else {
                    format!("the value due is {v}, not {value}")
                };
                refusals.refuse(C::Value, || Rejection::new(R::DiceLargerFirst, msg));
            }
        }
        // (5) the piece.
        let g = refusals.add_result(C::Piece, piece_number(clause.piece));
        if clause.direction == Direction::Backward {
            // board.ring: the way is Forward only.
            refusals.refuse(C::Way, || {
                Rejection::new(R::BoardRing, "pieces only move Forward in portal")
            });
        }
        let landing = match (due, g) {
            (Some(v), Some(g)) if refusals.open(C::Piece) => {
                refusals.add_refused(self.plan_move(g, v, refusals.is_quiet()))
            }
            _ => None,
        };
        refusals.finish()?;
        let (Some(g), Some(v), Some(landing)) = (g, due, landing) else {
            unreachable!("a move with no refusal has a piece, a value and a landing")
        };
        self.roll.left -= 1;
        self.roll.played += 1;
        self.apply_landing(g, v, landing, ev);
        self.check_win(ev);
        self.settle(ev);
        Ok(())
    }
}
