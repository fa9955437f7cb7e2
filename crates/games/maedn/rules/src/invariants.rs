//! What holds in every maedn position.

use super::*;

impl Maedn {
    /// One piece per ring field, one per own goal field; players P1..Pn;
    /// the winner (if any) has a full goal and no one else has.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let ring = self.rules.ring() as i8;
        let last = self.rules.last();
        let pieces = self.rules.pieces();
        let mut fields = vec![None::<(Player, usize)>; self.rules.ring() as usize];
        for p in self.players() {
            if p.number() > self.n {
                return Err(format!("{p} sits at a table of {}", self.n));
            }
            for g in 0..pieces {
                let r = self.route[p.index()][g];
                if r < BASE || r > last {
                    return Err(format!("{p} G{} has route position {r}", g + 1));
                }
                if r >= ring
                    && self.route[p.index()][..pieces]
                        .iter()
                        .filter(|&&x| x == r)
                        .count()
                        > 1
                {
                    return Err(format!("two pieces of {p} share goal {}", r - ring + 1));
                }
                if (0..ring).contains(&r) {
                    let f = self.field(p, r) as usize;
                    if let Some((q, h)) = fields[f] {
                        return Err(format!("{p} G{} and {q} G{} share field {f}", g + 1, h + 1));
                    }
                    fields[f] = Some((p, g));
                }
            }
        }
        let full: Vec<Player> = self
            .players()
            .filter(|&p| self.in_goal(p) == pieces)
            .collect();
        match (self.winner, full.as_slice()) {
            (None, []) => Ok(()),
            (Some(w), [f]) if w == *f => Ok(()),
            (w, f) => Err(format!("winner {w:?} but full goals {f:?}")),
        }
    }

    /// Reachable positions add nothing a set-up could not have: every
    /// position of a legal game is a valid set-up.
    pub(crate) fn reachable(&self) -> Result<(), String> {
        if self.winner.is_some() && self.die.is_some() {
            return Err("a die is thrown after the end".into());
        }
        Ok(())
    }
}
