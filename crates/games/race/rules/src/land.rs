//! Captures and the end (RACE.md §4).

use super::*;
use crate::Short;
use goti_engine::event::What;

impl Race {
    /// Puts `p`'s piece `g` on route position `t`: `capture.land` sends the
    /// opponents on that ring field back to base, unless it is safe
    /// (`capture.safe`); then `end.win`. Returns whether it captured.
    pub(super) fn land<S: Sink>(&mut self, g: usize, t: i8, ev: &mut S) -> bool {
        let p = self.turn;
        let ring = self.lap(p);
        let mut captured = false;
        if t < ring {
            let f = self.field(p, t);
            let victims = self.opponents_on(p, f);
            if !victims.is_empty() {
                if self.rules.captures_on(f) {
                    self.send_to_base(&victims, f, R::CaptureLand, ev);
                    captured = true;
                } else if self.rules.is_safe(f) {
                    self.event(ev, R::CaptureSafe, || {
                        What::Note("a safe field: the pieces share it")
                    });
                } else {
                    self.event(ev, R::CaptureLand, || {
                        What::Note("no capture on landing: the pieces share the field")
                    });
                }
            }
        }
        self.route[p.index()][g] = t;
        if t < ring {
            let f = self.field(p, t);
            let mine = self.own_count_on(p, f);
            if mine > 1 {
                // move.share: own pieces share the field; blockade.form: as
                // many as blockade.size block it.
                self.event(ev, R::MoveShare, || {
                    What::Note("own pieces share the field")
                });
                if mine == self.rules.blockade_size() {
                    if self.rules.blocks_on(f) {
                        self.event(ev, R::BlockadeForm, || What::Note("a blockade forms"));
                    } else {
                        self.event(ev, R::BlockadeFields, || {
                            What::Note("no blockade forms on this field: the pieces only share it")
                        });
                    }
                }
            }
        }
        if self.in_home(p) == self.rules.pieces() {
            if self.rules.params.end.play_on {
                self.take_place(p, ev);
            } else {
                self.finish(p, ev);
            }
        }
        captured
    }

    /// `capture.pass`: a move from route position `from` to `t` sends the
    /// opponents on every common field strictly between back to base, but
    /// not on a safe field (`capture.safe`) nor a blockade's pieces.
    /// Returns whether it captured.
    pub(super) fn capture_passed<S: Sink>(&mut self, from: i8, t: i8, ev: &mut S) -> bool {
        if !self.rules.params.capture.on_pass {
            return false;
        }
        let p = self.turn;
        let ring = self.lap(p);
        let mut captured = false;
        for s in (from + 1)..t.min(ring) {
            let f = self.field(p, s);
            if !self.captures_passing(p, f) {
                continue;
            }
            let victims = self.opponents_on(p, f);
            captured |= !victims.is_empty();
            self.send_to_base(&victims, f, R::CapturePass, ev);
        }
        captured
    }

    /// Whether `choice` of `p` with value `d` (its target `t`) would
    /// capture (`capture.land`, `capture.pass`): what `capture.must` asks.
    pub(super) fn captures(&self, p: Player, choice: Choice, t: i8) -> bool {
        let ring = self.lap(p);
        let hit = |f: u8| {
            self.players()
                .any(|q| q != p && self.own_count_on(q, f) > 0)
        };
        let on_land = t < ring && {
            let f = self.field(p, t);
            self.rules.captures_on(f) && hit(f)
        };
        let Choice::Move(g, _) = choice else {
            return on_land;
        };
        let from = self.route[p.index()][g as usize];
        on_land
            || (self.rules.params.capture.on_pass
                && ((from + 1)..t.min(ring)).any(|s| {
                    let f = self.field(p, s);
                    self.captures_passing(p, f) && hit(f)
                }))
    }

    /// `capture.pass`: whether `p` passing field `f` captures there (not
    /// a safe field, not a blockade).
    fn captures_passing(&self, p: Player, f: u8) -> bool {
        !self.rules.is_safe(f) && self.blockade_on(p, f).is_none()
    }

    /// Sends `victims` on ring field `f` back to base, by `rule`
    /// (`capture.land`, `capture.pass`).
    fn send_to_base<S: Sink>(&mut self, victims: &[(Player, usize)], f: u8, rule: R, ev: &mut S) {
        for &(q, h) in victims {
            self.route[q.index()][h] = BASE;
            self.event(ev, rule, || What::Captured {
                victim: q,
                pieces: Short::of(&[PieceId::Numbered(h as u8 + 1)]),
                at: Place::Ring(f),
                size: 1,
            });
        }
    }

    /// `capture.to: start`: once the move is over, each piece the move
    /// captured (in base now, not before) goes onto its owner's start
    /// field if no piece stands there; else it stays in base. Two of one
    /// owner's pieces are alike, so the order they are put back in does
    /// not matter.
    pub(super) fn restart_captured<S: Sink>(&mut self, before: &[[i8; 4]; 4], ev: &mut S) {
        let mover = self.turn;
        let players: Vec<Player> = self.players().filter(|&q| q != mover).collect();
        for q in players {
            let was = &before[q.index()][..self.rules.pieces()];
            for (h, &r) in was.iter().enumerate() {
                if r == BASE || self.route[q.index()][h] != BASE {
                    continue;
                }
                let start = self.field(q, 0);
                if self.held(start) {
                    self.event(ev, R::CaptureTo, || {
                        What::Note("its start field is taken: the captured piece stays in base")
                    });
                } else {
                    self.route[q.index()][h] = 0;
                    self.event(ev, R::CaptureTo, || {
                        What::Note("the captured piece goes onto its start field")
                    });
                }
            }
        }
    }

    /// `end.places`: `p`, every piece home, takes the next place and
    /// leaves the turn order; with one player left, the game is over.
    pub(super) fn take_place<S: Sink>(&mut self, p: Player, ev: &mut S) {
        self.finished.push(p);
        let place = self.finished.len();
        self.event(ev, R::EndPlaces, || {
            What::Note(match place {
                1 => "every piece home: first place",
                2 => "every piece home: second place",
                _ => "every piece home: the next place",
            })
        });
        let left: Vec<Player> = self.players().filter(|q| !self.has_finished(*q)).collect();
        if let [last] = left.as_slice() {
            let mut standings = self.finished.to_vec();
            standings.push(*last);
            self.winner = Some(standings[0]);
            self.event(ev, R::EndPlaces, || What::GameOver {
                standings: standings.clone(),
            });
            self.standings = Some(standings);
        }
    }

    /// `end.win`: the game ends at once; the winner stays the player to move.
    pub(super) fn finish<S: Sink>(&mut self, w: Player, ev: &mut S) {
        let mut standings = self.standings_now();
        standings.retain(|&q| q != w);
        standings.insert(0, w);
        self.winner = Some(w);
        self.event(ev, R::EndWin, || What::GameOver {
            standings: standings.clone(),
        });
        self.standings = Some(standings);
    }
}
