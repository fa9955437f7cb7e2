//! The King's move (ROYAL.md §5, §6): its own value, blocked by opponent
//! groups and its own guards, capturing nothing.

use super::capture::Ahead;
use super::rule::RoyalRule as R;
use super::*;
use crate::Short;
use goti_engine::event::{Sink, What};
use goti_engine::piece::{Direction, PieceId, Place};

impl Royal {
    /// Moves the King `v` tiles (`move.king-values`, `blockade.king-*`,
    /// `capture.king-cannot`, `roll.king-separate`).
    pub(super) fn move_king<S: Sink>(&mut self, v: u8, dir: Direction, ahead: &Ahead, ev: &mut S) {
        let p = self.turn;
        self.event(ev, R::RollKingSeparate, || {
            What::Note("the King's value does not come from the store")
        });
        let from = self.seat(p).king.place;
        let mut remaining = v;
        // Where an opponent group could block the King: the move's superset
        // when no note is wanted (`Sink::NOTES`), else exact (guards moved before the
        // King may have captured, and the King notes that it captures nothing).
        let opponents = if S::NOTES {
            self.opponent_tiles(p)
        } else {
            ahead.opponents
        };
        while remaining > 0 {
            let king = self.seat(p).king;
            let Some(to) = self.board().next(p, &king, dir) else {
                break;
            };
            if let Place::Ring(t) = to {
                let fort = self.board().is_fort(t);
                let at = king.place;
                // blockade.king-opponent, judged before the own-guard block (ROYAL.md: the penalty applies).
                // An opponent group blocks a King as it blocks a lone guard.
                let blockade = if opponents.has(to) && (S::NOTES || ahead.doubles.has(to)) {
                    self.guard_blockade(p, to, 1, ev)
                } else {
                    None
                };
                if let Some((q, m)) = blockade {
                    self.event(ev, R::BlockadeKingOpponent, || What::Blocked {
                        pieces: Short::of(&[PieceId::King]),
                        at,
                        by: q,
                        standing: m,
                        moving: 1,
                    });
                    self.event(ev, R::BlockadeAnyPoint, || {
                        What::Note("the King stops on the tile before the blockade")
                    });
                    self.penalty(remaining as u32, ev);
                    break;
                }
                // blockade.king-own: its own guards block the King, except on a fort or in the Home path;
                // blockade.own-no-penalty: and no penalty for that.
                let own = self.guards_at(p, to);
                if own > 0 {
                    if fort {
                        self.event(ev, R::BlockadeFort, || {
                            What::Note("own guards on a fort do not block the King")
                        });
                    } else {
                        self.event(ev, R::BlockadeKingOwn, || What::Blocked {
                            pieces: Short::of(&[PieceId::King]),
                            at,
                            by: p,
                            standing: own,
                            moving: 1,
                        });
                        self.event(ev, R::BlockadeOwnNoPenalty, || {
                            What::Note("no penalty when the King is blocked by its own guards")
                        });
                        break;
                    }
                }
            } else if matches!(to, Place::HomePath(_)) && self.guards_at(p, to) > 0 {
                self.event(ev, R::BlockadeKingOwn, || {
                    What::Note("own guards in the Home path do not block the King")
                });
            }
            let had_mid = king.midpoint;
            let mut moved = self.seat(p).king;
            self.board().step(p, &mut moved, dir);
            self.seat_mut(p).king = moved;
            remaining -= 1;
            let now = self.seat(p).king;
            self.note_step(PieceId::King, had_mid, &now, to, dir, ev);
            // The King captures nothing, so `opponents` is still exact here.
            if S::NOTES && opponents.has(to) {
                self.event(ev, R::CaptureKingCannot, || {
                    What::Note("the King captures nothing")
                });
            }
        }
        let now = self.seat(p).king;
        self.record_move(PieceId::King, from, now, v, ev);
    }
}
