//! What a value does to a piece, worked out without changing anything
//! (PORTAL.md §4 moving, §5 captures, §6 special tiles): the way, where it
//! lands, and what acts there.

use super::PortalCheck as C;
use super::*;
use crate::engine::action::{Action, MoveClause, MoveOrder};
use crate::engine::event::Rejection;
use crate::engine::few::Few;
use crate::engine::piece::{Direction, PieceId, Place};

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
                    Action::Enter(PieceId::Numbered(g))
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
    pub(crate) fn playable(&self) -> Few<u8, 5> {
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
            if let Some((q, i)) = self.occupant_in(occ, p, place) {
                return Err(refused(quiet, C::Way, || {
                    Rejection::new(
                        R::MoveNoJump,
                        format!("{p} G{g} would pass over {q} G{} {place}", i + 1),
                    )
                }));
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
        // The route positions the value walks over.
        // A value is a die's, 1-6: at most six steps.
        let path: Few<(Option<Place>, i32), 6> = match piece.place {
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
            Place::Toilet { trigger, spot } if spot < 3 => {
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
                landing.path_end = Place::Toilet {
                    trigger,
                    spot: spot + 1,
                };
                landing.climb = Some(spot + 1);
                return Ok(landing);
            }
            Place::Toilet { trigger, .. } => {
                // Leaving W3: the first step lands on the rejoin tile, then v - 1 more.
                let (_, toilet) = board.toilet(trigger).unwrap_or_else(|| {
                    unreachable!("{p} G{g} sits in toilet {trigger}, which the board does not have")
                });
                let r = board.distance(p, toilet.rejoin);
                Few::of((0..v as i32).map(|k| (board.place_at(p, r + k), r + k)))
            }
            Place::Ring(_) | Place::HomePath(_) => {
                board.way(p, piece.place, board.step_of(p, piece.place), v)
            }
        };
        let start_pos = board.step_of(p, piece.place);
        self.check_way(g, v, &path, occ, quiet)?;
        let (Some(end), end_pos) = *path
            .last()
            .unwrap_or_else(|| unreachable!("a value of {v} walks at least one step"))
        else {
            unreachable!("a path not past home ends on the route")
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
