//! Toilets (PORTAL.md §6 `toilet.fall`, `toilet.climb`, `toilet.mercy`,
//! `capture.toilet`).

use super::events;
use super::PortalCheck as C;
use super::*;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::{PieceId, Place};

impl Portal {
    /// Landing on trigger tile `t`: the piece falls into the pit
    /// (`toilet.fall`), capturing an opponent waiting there
    /// (`capture.toilet`), unless the mercy rule keeps it on the trigger
    /// (`toilet.mercy`). Its own piece in the pit refuses the move
    /// (`move.one-per-tile`).
    pub(super) fn plan_toilet(
        &self,
        g: u8,
        t: u8,
        landing: &mut Landing,
        quiet: bool,
    ) -> Result<(), Refused> {
        let p = self.turn;
        let Some((ti, toilet)) = self.board().toilet(t) else {
            unreachable!("plan_toilet is called on a trigger tile, not {t}")
        };
        // toilet.mercy: the last piece out does not fall a third time.
        let last_piece = self.pieces[p.index()]
            .iter()
            .enumerate()
            .all(|(j, x)| j == g as usize - 1 || x.place == Place::Home);
        let fallen = if ti < MAX_TOILETS {
            self.falls[p.index()][g as usize - 1][ti]
        } else {
            0
        };
        if last_piece && fallen >= self.rules.params.dice.mercy_falls {
            landing.mercy = true;
            return Ok(());
        }
        // toilet.fall: into the pit W0.
        let pit = Place::Aside {
            field: toilet.trigger,
            spot: 0,
        };
        let victim = match self.occupant(p, pit) {
            Some((q, i)) if q == p => {
                // move.one-per-tile: not onto its own piece in the pit.
                return Err(refused(quiet, C::Landing, || {
                    Rejection::new(
                        R::MoveOnePerTile,
                        format!("{p} G{} already sits in toilet {t}'s pit", i + 1),
                    )
                }));
            }
            // capture.toilet: an opponent in the pit is captured.
            other => other,
        };
        landing.fall = Some((ti, toilet.trigger, victim));
        Ok(())
    }

    /// `toilet.fall`: the piece drops into the pit W0 of the toilet whose
    /// trigger it landed on, capturing an opponent waiting there
    /// (`capture.toilet`), which earns an extra roll.
    pub(super) fn fall<S: Sink>(&mut self, g: u8, (ti, trigger, victim): Fall, ev: &mut S) {
        let p = self.turn;
        let id = PieceId::Numbered(g);
        let i = g as usize - 1;
        self.pieces[p.index()][i].place = Place::Aside {
            field: trigger,
            spot: 0,
        };
        if ti < MAX_TOILETS {
            self.falls[p.index()][i][ti] = self.falls[p.index()][i][ti].saturating_add(1);
        }
        self.event(ev, R::ToiletFall, || {
            What::Own(
                OwnEvent::new(&events::FELL)
                    .piece(id)
                    .numbers(&[i64::from(trigger)]),
            )
        });
        self.event(ev, R::BoardToilets, || What::Note("a toilet trigger tile"));
        if let Some((q, j)) = victim {
            self.capture(
                (q, j),
                Place::Aside {
                    field: trigger,
                    spot: 0,
                },
                R::CaptureToilet,
                ev,
            );
        }
    }
}
