//! What holds in every position, and in every position play can reach.

use super::*;
use goti_engine::piece::Place;

impl Portal {
    /// What holds in every position; says what broke.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let board = self.board();
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                // Named only when something broke: this runs after every action.
                let name = || format!("{p} G{}", i + 1);
                match x.place {
                    Place::Ring(t) if t == 0 || t > board.ring => {
                        return Err(format!("{} is off the ring", name()))
                    }
                    Place::HomePath(k) if k == 0 || k > board.lane => {
                        return Err(format!("{} is past home", name()))
                    }
                    Place::Out if x.steps != 0 => {
                        return Err(format!("{} is in base with {} steps", name(), x.steps))
                    }
                    Place::Ring(_) | Place::HomePath(_) | Place::Aside { spot: 0, .. } => {
                        let same = self.pieces[p.index()]
                            .iter()
                            .enumerate()
                            .any(|(j, y)| j != i && y.place == x.place);
                        if same {
                            return Err(format!("two of {p}'s pieces stand {}", x.place));
                        }
                        if !matches!(x.place, Place::HomePath(_)) {
                            for q in self.players().filter(|&q| q != p) {
                                if self.pieces[q.index()].iter().any(|y| y.place == x.place) {
                                    return Err(format!("{p} and {q} share {}", x.place));
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if !self.present.has(self.turn) {
            return Err("the turn is with a player not at the table".into());
        }
        Ok(())
    }

    /// In play from a new game, each piece's steps agree with its place.
    pub(crate) fn reachable(&self) -> Result<(), String> {
        self.invariants()?;
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                if x.place != Place::Out && x.steps != self.board().step_of(p, x.place) {
                    return Err(format!(
                        "{p} G{} {} has {} steps; its place says {}",
                        i + 1,
                        x.place,
                        x.steps,
                        self.board().step_of(p, x.place)
                    ));
                }
            }
        }
        Ok(())
    }
}
