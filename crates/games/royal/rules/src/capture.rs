//! Captures (ROYAL.md §7).

use super::events;
use super::rule::RoyalRule as R;
use super::*;
use crate::Short;
use goti_engine::event::{Sink, What};
use goti_engine::few::Few;
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Direction, Piece, PieceId, Place, Player};
use goti_engine::tiles::Tiles;

/// What lies ahead of the guards of a move, worked out once per move. While
/// `p` moves, opponents' pieces only leave the ring (captured), so each set
/// stays a superset of what it names.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Ahead {
    /// Where an opponent has a guard or its King: a step onto any other
    /// tile needs no blockade or capture check (both would find no one,
    /// and record nothing).
    pub(super) opponents: Tiles,
    /// Where an opponent has two guards or more: only there can a blockade
    /// stop the move (`blockade.group`).
    pub(super) doubles: Tiles,
    /// Where a step has something to check or record: `opponents`, the
    /// mover's midpoint tile (`move.midpoint`), and Forward the tile past
    /// its junction (`board.junction`).
    pub(super) stops: Tiles,
}

impl Royal {
    /// The ring tiles where an opponent of `p` has a guard or its King.
    pub(super) fn opponent_tiles(&self, p: Player) -> Tiles {
        let mut tiles = Tiles::default();
        for q in self.opponents(p) {
            let seat = self.seat(q);
            for piece in seat.guards.iter().chain([&seat.king]) {
                if let Place::Ring(t) = piece.place {
                    tiles.put(t);
                }
            }
        }
        tiles
    }

    /// What lies ahead of `p`'s move in `dir` ([`Ahead`]).
    pub(super) fn ahead(&self, p: Player, dir: Direction) -> Ahead {
        let mut ahead = Ahead::default();
        for q in self.opponents(p) {
            let seat = self.seat(q);
            let mut seen = Tiles::default();
            for g in &seat.guards {
                if let Place::Ring(t) = g.place {
                    if seen.has_tile(t) {
                        ahead.doubles.put(t);
                    }
                    seen.put(t);
                }
            }
            if let Place::Ring(t) = seat.king.place {
                seen.put(t);
            }
            ahead.opponents.add_all(seen);
        }
        let b = self.board();
        ahead.stops = ahead.opponents;
        ahead.stops.put(b.midpoint[p.index()]);
        if dir == Direction::Forward {
            ahead.stops.put(b.forward(b.junction[p.index()]));
        }
        ahead
    }

    /// Whether a group of `k` of `p` could capture anything on `to` (for the
    /// `blockade.before-capture` note only).
    pub(super) fn capturable_by(&self, p: Player, to: Place, k: u8) -> bool {
        let Place::Ring(t) = to else { return false };
        let size = k + self.guards_at(p, to);
        if size < 2 || self.board().is_fort(t) {
            return false;
        }
        self.opponents(p).any(|q| {
            let m = self.guards_at(q, to);
            t != self.board().entry(q)
                && ((m > 0 && (m < size || size == 4)) || self.seat(q).king.place == to)
        })
    }

    /// The King factor of `capture.points`: 2 while the capturer's King stands
    /// on a ring tile that is neither a fort nor its own entry.
    pub(super) fn king_factor(&self, p: Player) -> i64 {
        match self.seat(p).king.place {
            Place::Ring(t) if !self.board().is_fort(t) && t != self.board().entry(p) => {
                self.rules.params.king.factor
            }
            _ => 1,
        }
    }

    /// The capture check on `to` for the `k` guards of `p` moving together.
    pub(super) fn capture_at<S: Sink>(
        &mut self,
        p: Player,
        to: Place,
        k: u8,
        passing: bool,
        ev: &mut S,
    ) {
        let Place::Ring(t) = to else { return };
        let all_here = self.guards_at(p, to);
        // capture.merge: standing own guards join the moving group for the capture check.
        let standing = all_here - k.min(all_here);
        let size = k + standing;
        // capture.sizes, capture.king-target: a lone guard captures nothing
        // (and no rule is recorded for it), whatever stands here.
        if size < 2 {
            return;
        }
        let present = self.present;
        for q in present.players().filter(|&q| q != p) {
            let victims: Few<u8, 4> =
                Few::of((1..=4u8).filter(|&n| self.seat(q).guards[n as usize - 1].place == to));
            let king_here = self.seat(q).king.place == to;
            if victims.is_empty() && !king_here {
                continue;
            }
            // capture.king-target: a moving group of two or more captures a King;
            // capture.sizes for guards (a lone guard returned above).
            let m = victims.len();
            let take_guards = m > 0 && (m < size as usize || size == 4);
            if !take_guards && !king_here {
                continue;
            }
            // capture.fort: no captures on forts.
            if self.board().is_fort(t) {
                self.event(ev, R::CaptureFort, || barred(q, to));
                self.event(ev, R::BoardForts, || What::Note("a fort tile"));
                continue;
            }
            // capture.own-entry: a piece on its owner's entry tile cannot be captured.
            if t == self.board().entry(q) {
                self.event(ev, R::CaptureOwnEntry, || barred(q, to));
                continue;
            }
            if standing > 0 {
                self.event(ev, R::CaptureMerge, || {
                    What::Note("standing own guards join the moving group for this capture check")
                });
            }
            // capture.reach: on every tile landed on or passed over.
            let where_ = if passing {
                "captures in passing"
            } else {
                "captures on landing"
            };
            self.event(ev, R::CaptureReach, || What::Note(where_));
            let factor = self.king_factor(p);
            let mut count: i64 = 0;
            if take_guards {
                for &n in &victims {
                    self.seat_mut(q).guards[n as usize - 1] = Piece::OUT;
                }
                count += m as i64;
                self.event(ev, R::CaptureSizes, || What::Captured {
                    victim: q,
                    pieces: victims.iter().map(|&n| PieceId::Numbered(n)).collect(),
                    at: to,
                    size,
                });
            }
            if king_here {
                self.seat_mut(q).king = Piece::OUT;
                count += self.rules.params.king.counts_as as i64;
                self.event(ev, R::CaptureKingTarget, || What::Captured {
                    victim: q,
                    pieces: Short::of(&[PieceId::King]),
                    at: to,
                    size,
                });
                // capture.king-penalty: ring guards, store and credits.
                let ring_guards: Few<u8, 4> = Few::of(
                    (1..=4u8).filter(|&n| self.seat(q).guards[n as usize - 1].place.is_ring()),
                );
                let mut stood = [Place::Out; 4];
                for (k, &n) in ring_guards.iter().enumerate() {
                    stood[k] = self.seat(q).guards[n as usize - 1].place;
                }
                let after = self.rules.params.exits.after_king_capture;
                let seat = self.seat_mut(q);
                for &n in ring_guards.iter() {
                    seat.guards[n as usize - 1] = Piece::OUT;
                }
                seat.store.clear();
                seat.credits = after;
                count += ring_guards.len() as i64;
                self.event(ev, R::CaptureKingPenalty, || What::KingPenalty {
                    victim: q,
                    guards: Short::of(ring_guards.as_slice()),
                    stood: Short::of(&stood[..ring_guards.len()]),
                });
            }
            self.event(
                ev,
                // capture.result: to the Yard, losing midpoint progress and progress count.
                R::CaptureResult,
                || What::Note("captured pieces go to the Yard and lose midpoint and progress"),
            );
            let points = self.mode_params().capture_value * count * factor;
            self.seat_mut(p).battle += points;
            self.event(ev, R::CapturePoints, || {
                What::Own(OwnEvent::new(&events::POINTS).numbers(&[points, count, factor]))
            });
        }
    }
}

/// `q`'s pieces at `at` are not captured (a fort, their own entry).
fn barred(q: Player, at: Place) -> What {
    What::Own(
        OwnEvent::new(&events::BARRED)
            .at(at)
            .numbers(&[i64::from(q.number())]),
    )
}
