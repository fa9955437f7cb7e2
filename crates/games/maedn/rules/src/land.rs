//! Captures and the end (MAEDN.md §4).

use super::*;
use crate::Short;
use goti_engine::event::What;

impl Maedn {
    /// Puts `p`'s piece `g` on route position `t`: `capture.land` sends an
    /// opponent's piece on that ring field back to base; then `end.win`.
    pub(super) fn land<S: Sink>(&mut self, g: usize, t: i8, ev: &mut S) {
        let p = self.turn;
        let ring = self.rules.ring() as i8;
        if t < ring {
            let f = self.field(p, t);
            if let Some((q, h)) = self.on_field(f).filter(|(q, _)| *q != p) {
                self.route[q.index()][h] = BASE;
                self.event(ev, R::CaptureLand, || What::Captured {
                    victim: q,
                    pieces: Short::of(&[PieceId::Numbered(h as u8 + 1)]),
                    at: Place::Ring(f),
                    size: 1,
                });
            }
        }
        self.route[p.index()][g] = t;
        if self.in_goal(p) == self.rules.pieces() {
            self.finish(p, ev);
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
