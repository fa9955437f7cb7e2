//! What holds in every race position.

use super::*;

impl Race {
    /// One own piece per field; pieces of two players share a ring field
    /// only where landing does not capture (`capture.land`,
    /// `capture.safe`); players P1..Pn; the winner (if any) has every piece
    /// home and no one else has.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let pieces = self.rules.pieces();
        let mut fields = vec![None::<(Player, usize)>; self.rules.ring() as usize];
        for p in self.players() {
            if p.number() > self.n {
                return Err(format!("{p} sits at a table of {}", self.n));
            }
            // board.entry: the common fields of its seat, then its home.
            let (ring, last) = (self.lap(p), self.rules.last(self.seat(p)));
            for g in 0..pieces {
                let r = self.route[p.index()][g];
                if r < BASE || r > last {
                    return Err(format!("{p} G{} has route position {r}", g + 1));
                }
                // move.share: own pieces share ring fields only where the
                // rules say so, home fields never.
                if r != BASE && !(self.rules.own_share() && r < ring) {
                    if let Some(h) = (0..pieces).find(|&h| h != g && self.route[p.index()][h] == r)
                    {
                        return Err(format!("{p} G{} and G{} share route {r}", g + 1, h + 1));
                    }
                }
                if (0..ring).contains(&r) {
                    let f = self.field(p, r);
                    if let Some((q, h)) = fields[f as usize] {
                        if q != p && self.rules.captures_on(f) {
                            return Err(format!(
                                "{p} G{} and {q} G{} share field {f}, where landing captures",
                                g + 1,
                                h + 1
                            ));
                        }
                    }
                    fields[f as usize] = Some((p, g));
                }
            }
        }
        let full: Vec<Player> = self
            .players()
            .filter(|&p| self.in_home(p) == pieces)
            .collect();
        if self.rules.params.end.play_on {
            // end.places: the finished are those with every piece home;
            // the player to move is still playing until the end.
            // (Once over, the last player may have every piece home too.)
            let mut finished = self.finished.to_vec();
            finished.sort();
            let agree = if self.winner.is_some() {
                finished.iter().all(|p| full.contains(p))
            } else {
                finished == full
            };
            if !agree {
                return Err(format!(
                    "finished {:?} but every piece home for {full:?}",
                    self.finished
                ));
            }
            let left = self.n as usize - full.len();
            return match (self.winner, left) {
                (None, 2..) if !self.has_finished(self.turn) => Ok(()),
                (Some(w), 0 | 1) if self.finished.first() == Some(w) => Ok(()),
                (w, left) => Err(format!(
                    "winner {w:?}, turn {}, {left} playing, finished {:?}",
                    self.turn, self.finished
                )),
            };
        }
        match (self.winner, full.as_slice()) {
            (None, []) => Ok(()),
            (Some(w), [f]) if w == *f => Ok(()),
            (w, f) => Err(format!("winner {w:?} but every piece home for {f:?}")),
        }
    }

    /// Reachable positions add nothing a set-up could not have, but a
    /// streak of throws: none after the end, none beyond the limit (none at all without one).
    pub(crate) fn reachable(&self) -> Result<(), String> {
        if self.winner.is_some() && self.left.len() > 0 {
            return Err("a die is thrown after the end".into());
        }
        if !self.rules.params.dice.each() && self.left.len() > 1 {
            return Err(format!("a throw read as one value keeps {}", self.left));
        }
        if self.left.len() == 0 && self.got != (false, false) {
            return Err(format!("a spent throw's dice still count: {:?}", self.got));
        }
        let limit = self.rules.params.again.limit;
        if self.streak > limit {
            return Err(format!(
                "a streak of {} past the limit {limit}",
                self.streak
            ));
        }
        Ok(())
    }
}
