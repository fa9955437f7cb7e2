//! What holds in every position, and in every position play can reach.

use super::*;
use goti_engine::piece::Place;

impl Royal {
    /// Checks what must hold in every reachable position; says what broke.
    /// Pure: used by self-play after every group's move and by the runner
    /// after every action.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let board = self.board();
        let m = self.mode_params();
        for p in self.players() {
            let s = self.seat(p);
            for (i, piece) in s.guards.iter().chain(std::iter::once(&s.king)).enumerate() {
                // Named only when something broke: this runs after every move.
                let name = || {
                    if i < 4 {
                        format!("{p} G{}", i + 1)
                    } else {
                        format!("{p} king")
                    }
                };
                match piece.place {
                    Place::Ring(t) if t == 0 || t > board.ring => {
                        return Err(format!("{} stands on tile {t}, off the ring", name()))
                    }
                    Place::HomePath(k) if k == 0 || k > board.home_path => {
                        return Err(format!("{} is past Home (H{k})", name()))
                    }
                    Place::HomePath(_) | Place::Home if !piece.midpoint => {
                        return Err(format!(
                            "{} is {} without midpoint progress",
                            name(),
                            piece.place
                        ))
                    }
                    Place::Out if piece.steps != 0 || piece.midpoint => {
                        return Err(format!(
                            "{} is in the Yard with progress ({} steps)",
                            name(),
                            piece.steps
                        ))
                    }
                    _ => {}
                }
            }
            if s.store.len() > m.store_cap as usize {
                return Err(format!(
                    "{p}'s store holds {} rolls, over the cap {}",
                    s.store.len(),
                    m.store_cap
                ));
            }
            if s.credits > self.rules.params.exits.cap {
                return Err(format!(
                    "{p} holds {} exit credits, over the cap",
                    s.credits
                ));
            }
        }
        if !self.present.has(self.turn) {
            return Err(format!(
                "the turn is with {}, who is not at the table",
                self.turn
            ));
        }
        Ok(())
    }

    /// What holds in positions reached by play from a new game (not from any
    /// setup a scenario may state): each piece's progress count agrees with
    /// its place modulo the ring, since every step changes both by one.
    pub(crate) fn reachable(&self) -> Result<(), String> {
        self.invariants()?;
        let board = self.board();
        for p in self.players() {
            let s = self.seat(p);
            for (i, piece) in s.guards.iter().chain(std::iter::once(&s.king)).enumerate() {
                if piece.place == Place::Out {
                    continue;
                }
                let walked = board.walked_steps(p, piece.place);
                if (piece.steps - walked).rem_euclid(board.ring as i32) != 0 {
                    let name = if i < 4 {
                        format!("{p} G{}", i + 1)
                    } else {
                        format!("{p} king")
                    };
                    return Err(format!(
                        "{name} {} has {} steps, which no walk from its entry gives",
                        piece.place, piece.steps
                    ));
                }
            }
        }
        Ok(())
    }
}
