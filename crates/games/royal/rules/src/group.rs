//! Groups moving together (ROYAL.md §5 `move.together`, `move.sequential`):
//! step by step, with the blockade and capture checks at every tile.

use super::capture::Ahead;
use super::events;
use super::rule::RoyalRule as R;
use super::*;
use crate::params::{PartedGroups, PartedMoves};
use goti_engine::event::{Sink, What};
use goti_engine::few::Few;
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Direction, Piece, PieceId, Place};

/// A guard in motion: which, its total, and the steps it has left.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mover {
    pub(super) guard: u8,
    pub(super) total: u8,
    pub(super) remaining: u8,
    pub(super) from: Place,
    /// Where the move names it (0: first), for `order.parted_groups: named`.
    pub(super) named: u8,
}

impl Default for Mover {
    fn default() -> Mover {
        Mover {
            guard: 0,
            total: 0,
            remaining: 0,
            from: Place::Out,
            named: 0,
        }
    }
}

/// The guards of one move (a player has four), or of one group.
pub(super) type Movers = Few<Mover, 4>;

/// Guards of a group that move on after the move's other groups
/// (`order.parted_moves: after_groups`), with the size the group started at.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Later {
    pub(super) movers: Movers,
    pub(super) start_size: usize,
}

/// Indices into a group's movers: one sub-group still moving together.
type Sub = Few<usize, 4>;

impl Royal {
    /// Moves one group of guards that start on one tile (`move.together`);
    /// `start_size` is how many moved together at first. Guards that must
    /// wait for the move's other groups are pushed onto `later`.
    pub(super) fn move_group<S: Sink>(
        &mut self,
        group: Movers,
        start_size: usize,
        dir: Direction,
        ahead: &Ahead,
        ev: &mut S,
        later: &mut Few<Later, 4>,
    ) {
        let p = self.turn;
        let order = &self.rules.params.order;
        let defer = order.parted_moves == PartedMoves::AfterGroups;
        let by_name = order.parted_groups == PartedGroups::Named;
        let mut movers = group;
        // Movers handed to `later`: their move is recorded there.
        let mut waiting = [false; 4];
        let mut wait = |sub: &[usize], movers: &mut Movers, later: &mut Few<Later, 4>| {
            later.push(Later {
                movers: Movers::of(sub.iter().map(|&i| movers[i])),
                start_size,
            });
            for &i in sub {
                waiting[i] = true;
                movers[i].remaining = 0;
            }
        };
        // Sub-groups still to move, in order; each holds indices into `movers`.
        // They are disjoint and never empty, so at most four wait at once.
        let mut queue: Few<Sub, 4> = Few::new();
        queue.push(Sub::of(0..movers.len()));
        while let Some(mut sub) = queue.pop_front() {
            loop {
                let before = sub.len();
                sub.retain(|&i| movers[i].remaining > 0);
                if sub.is_empty() {
                    break;
                }
                if sub.len() < before {
                    let at = self.piece(p, PieceId::Numbered(movers[sub[0]].guard)).place;
                    self.event(ev, R::MoveTogether, || {
                        let guards: Short<u8, 7> = sub.iter().map(|&i| movers[i].guard).collect();
                        What::Own(OwnEvent::new(&events::SPLIT).list(&guards).at(at))
                    });
                    // move.together [house, `order.parted_moves`]: a guard going on
                    // alone finishes now, or after the move's other groups.
                    if defer {
                        wait(&sub, &mut movers, later);
                        break;
                    }
                }
                // Each guard's next place (at most four guards move together).
                let mut next_buf = [Place::Out; 4];
                for (k, &i) in sub.iter().enumerate() {
                    let piece = self.piece(p, PieceId::Numbered(movers[i].guard));
                    next_buf[k] = self.board().next(p, piece, dir).unwrap_or_else(|| {
                        unreachable!("move.exact-home let a guard move past Home: {piece:?}")
                    });
                }
                let nexts = &next_buf[..sub.len()];
                if nexts.iter().any(|n| *n != nexts[0]) {
                    // Paths part: separate groups, larger first, then lowest number.
                    let mut parts: Few<Sub, 4> = Few::new();
                    for (k, &i) in sub.iter().enumerate() {
                        match parts.iter_mut().find(|part| {
                            nexts[sub.iter().position(|&j| j == part[0]).unwrap_or(0)] == nexts[k]
                        }) {
                            Some(part) => part.push(i),
                            None => parts.push(Sub::of([i])),
                        }
                    }
                    // move.together [house, `order.parted_groups`]: by size, then
                    // lowest guard; or in the order the move names them.
                    // Each key names a distinct guard, so no two parts tie.
                    if by_name {
                        parts.sort_unstable_by_key(|part| {
                            part.iter().map(|&i| movers[i].named).min()
                        });
                    } else {
                        parts.sort_unstable_by_key(|part| {
                            (std::cmp::Reverse(part.len()), movers[part[0]].guard)
                        });
                    }
                    let at = self.piece(p, PieceId::Numbered(movers[sub[0]].guard)).place;
                    for part in parts.iter().rev() {
                        self.event(ev, R::MoveTogether, || {
                            let guards: Short<u8, 7> =
                                part.iter().map(|&i| movers[i].guard).collect();
                            What::Own(OwnEvent::new(&events::SPLIT).list(&guards).at(at))
                        });
                    }
                    // move.together [house, `order.parted_moves`]: the parts finish
                    // in turn, or the first goes on and the rest wait for the others.
                    if defer {
                        queue.push(parts[0]);
                        for part in &parts[1..] {
                            wait(part, &mut movers, later);
                        }
                    } else {
                        for &part in parts.iter().rev() {
                            queue.push_front(part);
                        }
                    }
                    break;
                }
                let to = nexts[0];
                let k = sub.len() as u8;
                // blockade.before-capture [house, a parameter]: the blockade check
                // first; with it off, a group that can capture on the tile enters it.
                let near = ahead.opponents.has(to);
                let capture_first = near
                    && !self.rules.params.order.blockade_before_capture
                    && self.capturable_by(p, to, k);
                // blockade.any-point: a blockade stops the group on the tile before it, anywhere along the move.
                // Wanting no note (`Sink::NOTES`), only a tile with two guards of one opponent is asked.
                let blockade = if capture_first || !near || (!S::NOTES && !ahead.doubles.has(to)) {
                    None
                } else {
                    self.guard_blockade(p, to, k, ev)
                };
                if let Some(by) = blockade {
                    self.blocked(&mut movers, &sub, to, by, start_size, ev);
                    break;
                }
                self.step_together(&mut movers, &sub, (to, near), dir, ahead, ev);
                if near {
                    let passing = sub.iter().any(|&i| movers[i].remaining > 0);
                    self.capture_at(p, to, sub.len() as u8, passing, ev);
                }
            }
        }
        for (_, m) in movers.iter().enumerate().filter(|(i, _)| !waiting[*i]) {
            let piece = *self.piece(p, PieceId::Numbered(m.guard));
            self.record_move(PieceId::Numbered(m.guard), m.from, piece, m.total, ev);
        }
    }

    /// The guards `sub` of `movers` step onto `to` together (`near`: an
    /// opponent may stand there); from a tile where no rule is checked or
    /// recorded they cross the next such tiles at once ([`Royal::quiet_run`]).
    // Split out of `move_group` for its length only: called at every step,
    // it stays inlined (out of line it cost 8% of the fast path).
    #[inline(always)]
    fn step_together<S: Sink>(
        &mut self,
        movers: &mut Movers,
        sub: &[usize],
        (to, near): (Place, bool),
        dir: Direction,
        ahead: &Ahead,
        ev: &mut S,
    ) {
        let p = self.turn;
        let least = sub.iter().map(|&i| movers[i].remaining).min().unwrap_or(1);
        let (run, last) = if near {
            (1, to)
        } else {
            self.quiet_run(p, to, dir, least, ahead)
        };
        for &i in sub {
            let g = movers[i].guard;
            let mut piece = *self.piece(p, PieceId::Numbered(g));
            movers[i].remaining -= run;
            if run > 1 {
                piece.place = last;
                piece.steps += dir.sign() * i32::from(run);
                *self.seat_mut(p).piece_mut(PieceId::Numbered(g)) = piece;
                continue;
            }
            let had_mid = piece.midpoint;
            self.board().step(p, &mut piece, dir);
            *self.seat_mut(p).piece_mut(PieceId::Numbered(g)) = piece;
            self.note_step(PieceId::Numbered(g), had_mid, &piece, to, dir, ev);
        }
    }

    /// How many steps from entering `to` a piece of `p` may take at once
    /// (at most `most`), and the place it then stands on: the steps onto
    /// ring tiles off `ahead.stops` (nothing to check or record), never
    /// from the junction on (where paths part). `(1, to)` when `to` is not
    /// such a tile.
    pub(super) fn quiet_run(
        &self,
        p: crate::Player,
        to: Place,
        dir: Direction,
        most: u8,
        ahead: &Ahead,
    ) -> (u8, Place) {
        let b = self.board();
        let Place::Ring(mut t) = to else {
            return (1, to);
        };
        if ahead.stops.has_tile(t) {
            return (1, to);
        }
        let forward = dir == Direction::Forward;
        let junction = b.junction[p.index()];
        let mut run = 1;
        while run < most && !(forward && t == junction) {
            let next = if forward { b.forward(t) } else { b.backward(t) };
            if ahead.stops.has_tile(next) {
                break;
            }
            t = next;
            run += 1;
        }
        (run, Place::Ring(t))
    }

    /// A blockade stops the moving `sub` of `movers` on the tile before `to`
    /// (`blockade.sizes`, `blockade.any-point`): the steps left are lost, a
    /// penalty each (`blockade.penalty`).
    fn blocked<S: Sink>(
        &mut self,
        movers: &mut Movers,
        sub: &[usize],
        to: Place,
        (q, m): (crate::Player, u8),
        start_size: usize,
        ev: &mut S,
    ) {
        let p = self.turn;
        let k = sub.len() as u8;
        let lost: u32 = sub.iter().map(|&i| movers[i].remaining as u32).sum();
        let at = self.piece(p, PieceId::Numbered(movers[sub[0]].guard)).place;
        self.event(ev, R::BlockadeSizes, || What::Blocked {
            pieces: sub
                .iter()
                .map(|&i| PieceId::Numbered(movers[i].guard))
                .collect(),
            at,
            by: q,
            standing: m,
            moving: k,
        });
        self.event(ev, R::BlockadeAnyPoint, || {
            What::Note("the move stops on the tile before the blockade")
        });
        // blockade.moving-count: once split, only the guards still moving together count.
        if (k as usize) < start_size {
            self.event(ev, R::BlockadeMovingCount, || {
                What::Note("only the guards still moving together count")
            });
        }
        if self.capturable_by(p, to, k) {
            self.event(ev, R::BlockadeBeforeCapture, || {
                What::Note("blocked before the capture check could run")
            });
        }
        self.penalty(lost, ev);
        for &i in sub {
            movers[i].remaining = 0;
        }
    }

    /// Events for what one step decided: midpoint progress, the junction, the
    /// Home path and Home.
    pub(super) fn note_step<S: Sink>(
        &self,
        piece: PieceId,
        had_mid: bool,
        now: &Piece,
        to: Place,
        dir: Direction,
        ev: &mut S,
    ) {
        let p = self.turn;
        match to {
            Place::Ring(t) => {
                if now.midpoint && !had_mid {
                    // move.midpoint: standing on or passing the midpoint tile, either way, gives progress.
                    self.event(ev, R::MoveMidpoint, || {
                        What::Own(
                            OwnEvent::new(&events::MIDPOINT)
                                .piece(piece)
                                .numbers(&[i64::from(t)]),
                        )
                    });
                    self.event(ev, R::BoardMidpoint, || {
                        What::Note("the midpoint tile lies 26 steps Forward of the entry")
                    });
                }
                let junction = self.board().junction[p.index()];
                if dir == Direction::Forward && self.board().forward(junction) == t && !now.midpoint
                {
                    self.event(ev, R::BoardJunction, || {
                        What::Note(
                            "passes its junction without midpoint progress: stays on the ring",
                        )
                    });
                }
            }
            Place::HomePath(1) => {
                self.event(ev, R::BoardJunction, || {
                    What::Note("steps from its junction onto H1")
                });
                self.event(ev, R::MoveHomePath, || {
                    What::Own(OwnEvent::new(&events::HOME_PATH).piece(piece))
                });
            }
            Place::Home => self.event(ev, R::BoardHomePath, || {
                What::Note("reaches Home at the end of the Home path")
            }),
            _ => {}
        }
    }

    pub(super) fn record_move<S: Sink>(
        &mut self,
        piece: PieceId,
        from: Place,
        now: Piece,
        total: u8,
        ev: &mut S,
    ) {
        self.event(ev, R::BoardDirection, || What::Moved {
            piece,
            from,
            to: now.place,
            total,
        });
        if now.place.is_ring()
            || now.place == Place::Home
            || matches!(now.place, Place::HomePath(_))
        {
            self.event(ev, R::PointsProgress, || {
                What::Note("each Forward step +1, each Backward step -1")
            });
        }
    }
}
