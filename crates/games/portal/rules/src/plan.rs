//! What a value does to a piece, worked out without changing anything
//! (PORTAL.md §4 moving, §5 captures, §6 special tiles): the way, where it
//! lands, and what acts there.

use super::PortalCheck as C;
use super::*;
use goti_engine::action::{Action, MoveClause, MoveOrder};
use goti_engine::event::Rejection;
use goti_engine::few::Few;
use goti_engine::piece::{Direction, PieceId, Place};

impl Portal {
    /// Whether some piece can play `v` now (`dice.must-play`).
    pub(super) fn can_play(&self, v: u8) -> bool {
        let p = self.turn;
        let occ = self.occupied();
        (1..=5u8).any(|g| {
            let piece = self.pieces[p.index()][g as usize - 1];
            if piece.place == Place::Out {
                self.plan_enter(g, v, true).is_ok()
            } else {
                self.plan_move_in(&occ, g, v, true).is_ok()
            }
        })
    }

    /// The legal actions for the value due now (for self-play).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(v) = self.roll.due() else {
            return Vec::new();
        };
        let p = self.turn;
        self.playable()
            .iter()
            .map(|&g| {
                if self.pieces[p.index()][g as usize - 1].place == Place::Out {
                    enter::enter_action(PieceId::Numbered(g))
                } else {
                    Action::Move(MoveOrder {
                        clauses: vec![MoveClause {
                            piece: PieceId::Numbered(g),
                            rolls: vec![v],
                            direction: Direction::Forward,
                        }],
                    })
                }
            })
            .collect()
    }

    /// The pieces that can play the value due now, G1 first: a piece in
    /// base enters, any other moves (nothing allocated: the fast path's
    /// choices). Empty when no value is due.
    pub fn playable(&self) -> Few<u8, 5> {
        let Some(v) = self.roll.due() else {
            return Few::new();
        };
        let p = self.turn;
        let occ = self.occupied();
        Few::of((1..=5u8).filter(|&g| {
            if self.pieces[p.index()][g as usize - 1].place == Place::Out {
                self.plan_enter(g, v, true).is_ok()
            } else {
                self.plan_move_in(&occ, g, v, true).is_ok()
            }
        }))
    }

    /// The way a value walks (`path`): no piece passed over (move.no-jump),
    /// then not past home (move.exact-home).
    fn check_way(
        &self,
        g: u8,
        v: u8,
        path: &[(Option<Place>, i32)],
        occ: &Tiles,
        quiet: bool,
    ) -> Result<(), Refused> {
        let p = self.turn;
        let board = self.board();
        // Past home: route positions beyond home have no place on the route.
        let past_home = |(pl, s): &(Option<Place>, i32)| pl.is_none() || *s > board.home_step();
        // move.no-jump (the way) before move.exact-home (where it lands).
        // Home is no tile on the way: it holds any number (move.one-per-tile),
        // so a piece home is never passed over; going past it is exact-home.
        for (place, _) in path[..path.len() - 1]
            .iter()
            .take_while(|step| !past_home(step))
        {
            let Some(place) = *place else { break };
            if place == Place::Home {
                break;
            }
            if let Some(passed) = self.occupant_in(occ, p, place) {
                return Err(self.passes_over(g, passed, place, quiet));
            }
        }
        if path.iter().any(past_home) {
            // move.exact-home
            return Err(refused(quiet, C::Landing, || {
                Rejection::new(
                    R::MoveExactHome,
                    format!("{p} G{g} would go past home with {v}"),
                )
                .help("home needs the exact count")
            }));
        }
        Ok(())
    }

    /// `move.no-jump`: piece `g` of the player to move would pass over
    /// `(q, i)` standing on `place`.
    fn passes_over(&self, g: u8, (q, i): (Player, usize), place: Place, quiet: bool) -> Refused {
        let p = self.turn;
        refused(quiet, C::Way, || {
            Rejection::new(
                R::MoveNoJump,
                format!("{p} G{g} would pass over {q} G{} {place}", i + 1),
            )
        })
    }

    /// The way of value `v` from ring tile `t` when it stays on the ring
    /// short of the junction (most moves): walked tile by tile against the
    /// occupied set, no list of the way built; the same check as
    /// [`Portal::check_way`] (`move.no-jump`; such a way never passes
    /// home). Where it ends.
    fn ring_way(&self, occ: &Tiles, g: u8, v: u8, t: u8, quiet: bool) -> Result<u8, Refused> {
        let board = self.board();
        let mut tile = t;
        for _ in 1..v {
            tile = board.forward(tile);
            // `occupant_in` asks the occupied set first.
            if let Some(passed) = self.occupant_in(occ, self.turn, Place::Ring(tile)) {
                return Err(self.passes_over(g, passed, Place::Ring(tile), quiet));
            }
        }
        Ok(board.forward(tile))
    }

    /// The way of value `v` from `place` (on the ring, the lane or leaving
    /// a toilet's W3) step by step, checked by [`Portal::check_way`]: where
    /// it ends, and its route position.
    fn walk_way(
        &self,
        occ: &Tiles,
        g: u8,
        v: u8,
        place: Place,
        quiet: bool,
    ) -> Result<(Place, i32), Refused> {
        let p = self.turn;
        let board = self.board();
        // The route positions the value walks over.
        // A value is a die's, 1-6: at most six steps.
        let path: Few<(Option<Place>, i32), 6> = match place {
            Place::Aside { field: trigger, .. } => {
                // Leaving W3: the first step lands on the rejoin tile, then v - 1 more.
                let (_, toilet) = board.toilet(trigger).unwrap_or_else(|| {
                    unreachable!("{p} G{g} sits in toilet {trigger}, which the board does not have")
                });
                let r = board.distance(p, toilet.rejoin);
                Few::of((0..v as i32).map(|k| (board.place_at(p, r + k), r + k)))
            }
            _ => board.way(p, place, board.step_of(p, place), v),
        };
        self.check_way(g, v, &path, occ, quiet)?;
        let (Some(end), end_pos) = *path
            .last()
            .unwrap_or_else(|| unreachable!("a value of {v} walks at least one step"))
        else {
            unreachable!("a path not past home ends on the route")
        };
        Ok((end, end_pos))
    }

    /// Works out what value `v` does to piece `g` without changing anything.
    pub(super) fn plan_move(&self, g: u8, v: u8, quiet: bool) -> Result<Landing, Refused> {
        self.plan_move_in(&self.occupied(), g, v, quiet)
    }

    /// [`Portal::plan_move`] with the ring's pieces looked at already.
    fn plan_move_in(&self, occ: &Tiles, g: u8, v: u8, quiet: bool) -> Result<Landing, Refused> {
        let p = self.turn;
        let board = self.board();
        let piece = self.pieces[p.index()][g as usize - 1];
        let mut landing = Landing {
            path_end: piece.place,
            steps: piece.steps,
            capture: None,
            fall: None,
            mercy: false,
            road: None,
            road_refused: None,
            dice_tile: false,
            climb: None,
        };
        let start_pos = board.step_of(p, piece.place);
        let (end, end_pos) = match piece.place {
            Place::Ring(t) if start_pos + i32::from(v) <= board.junction_step() => (
                Place::Ring(self.ring_way(occ, g, v, t, quiet)?),
                start_pos + i32::from(v),
            ),
            // enter.six: a piece in base only enters.
            Place::Out => {
                return Err(refused(quiet, C::Piece, || {
                    Rejection::new(
                        R::EnterSix,
                        format!("{p} G{g} is in base; it leaves with `enter` on a 6"),
                    )
                }))
            }
            // move.exact-home: a piece that is home moves no more.
            Place::Home => {
                return Err(refused(quiet, C::Piece, || {
                    Rejection::new(
                        R::MoveExactHome,
                        format!("{p} G{g} is home and moves no more"),
                    )
                }))
            }
            Place::Aside {
                field: trigger,
                spot,
            } if spot < 3 => {
                let need = self.rules.params.dice.climb[spot as usize];
                if v != need {
                    // toilet.climb
                    return Err(refused(quiet, C::Way, || {
                        Rejection::new(
                            R::ToiletClimb,
                            format!("from {} only a {need} climbs on", piece.place),
                        )
                    }));
                }
                landing.path_end = Place::Aside {
                    field: trigger,
                    spot: spot + 1,
                };
                landing.climb = Some(spot + 1);
                return Ok(landing);
            }
            Place::Aside { .. } | Place::Ring(_) | Place::HomePath(_) => {
                self.walk_way(occ, g, v, piece.place, quiet)?
            }
        };
        landing.path_end = end;
        // The count moves as the route position does (a `steps N` override stays an offset).
        landing.steps = piece.steps + (end_pos - start_pos);
        let Place::Ring(t) = end else {
            if let Some((_, i)) = self.occupant_in(occ, p, end).filter(|_| end != Place::Home) {
                return Err(refused(quiet, C::Landing, || {
                    Rejection::new(
                        R::MoveOnePerTile,
                        format!("{p} G{} already stands {end}", i + 1),
                    )
                }));
            }
            return Ok(landing);
        };
        match self.occupant_in(occ, p, end) {
            Some((q, i)) if q == p => {
                return Err(refused(quiet, C::Landing, || {
                    Rejection::new(
                        R::MoveOnePerTile,
                        format!("{p} G{} already stands on {t}", i + 1),
                    )
                }));
            }
            Some((q, i)) if board.is_safe(t) => {
                return Err(refused(quiet, C::Landing, || {
                    Rejection::new(
                        R::CaptureSafe,
                        format!("{q} G{} holds safe tile {t}", i + 1),
                    )
                }));
            }
            Some(victim) => landing.capture = Some(victim),
            None => {}
        }
        if board.toilet(t).is_some() {
            self.plan_toilet(g, t, &mut landing, quiet)?;
        } else if board.fork(t).is_some() {
            self.plan_road(t, end_pos, &mut landing);
        }
        landing.dice_tile = board.is_dice(t);
        Ok(landing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Placement, Setup};
    use rand::{Rng, SeedableRng};

    /// The ring's short way (`ring_way`) decides as the step-by-step walk
    /// (`walk_way`) does: the same end, or the same refusal, for every
    /// piece and value it serves, over random rings of pieces.
    #[test]
    fn the_ring_way_is_the_walk() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (p1, p2) = (Player::ALL[0], Player::ALL[1]);
        let mut served = 0;
        for _ in 0..400 {
            let board_tiles: Vec<u8> = {
                let mut all: Vec<u8> = (1..=52).collect();
                for i in 0..10 {
                    let j = rng.gen_range(i..all.len());
                    all.swap(i, j);
                }
                all[..10].to_vec()
            };
            let mut setup = Setup {
                players: vec![p1, p2],
                ..Setup::default()
            };
            for (k, &t) in board_tiles.iter().enumerate() {
                setup.placements.push(Placement {
                    player: if k < 5 { p1 } else { p2 },
                    piece: PieceId::Numbered(k as u8 % 5 + 1),
                    place: Place::Ring(t),
                    midpoint: None,
                    steps: None,
                });
            }
            let Ok(pos) = Portal::from_setup(PortalRules::default_rules(), &setup, &mut Vec::new())
            else {
                continue;
            };
            let occ = pos.occupied();
            let board = pos.board();
            for g in 1..=5u8 {
                let piece = pos.pieces[p1.index()][g as usize - 1];
                let Place::Ring(t) = piece.place else {
                    continue;
                };
                let s = board.step_of(p1, piece.place);
                for v in 1..=6u8 {
                    if s + i32::from(v) > board.junction_step() {
                        continue;
                    }
                    served += 1;
                    let short = pos
                        .ring_way(&occ, g, v, t, false)
                        .map(|end| (Place::Ring(end), s + i32::from(v)));
                    let walked = pos.walk_way(&occ, g, v, piece.place, false);
                    assert_eq!(
                        format!("{short:?}"),
                        format!("{walked:?}"),
                        "G{g} from {t} by {v}"
                    );
                }
            }
        }
        assert!(served > 5000, "only {served} ways compared");
    }
}
