//! Entering (PORTAL.md §4 `enter.six`, `enter.start-free`).

use super::PortalCheck as C;
use super::*;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::piece::{Piece, PieceId, Place};
use goti_engine::precedence::Refusals;

/// `enter G3`: the piece leaves base on the 6 (`enter.six`), portal's own action.
pub fn enter_action(piece: PieceId) -> goti_engine::action::Action {
    goti_engine::action::Action::own(super::words::ENTER, vec![piece])
}

/// The piece an `enter` names, if the action is one that names one.
pub(crate) fn entering(action: &goti_engine::action::Action) -> Option<PieceId> {
    match action {
        goti_engine::action::Action::Own(goti_engine::action::OwnAction {
            word: super::words::ENTER,
            pieces,
            ..
        }) => match pieces[..] {
            [piece] => Some(piece),
            _ => None,
        },
        _ => None,
    }
}

impl Portal {
    /// `enter.six`, `enter.start-free`, each with its place in PORTAL.md's order.
    pub(super) fn plan_enter(&self, g: u8, v: u8, quiet: bool) -> Result<u8, Refused> {
        let p = self.turn;
        let enter = self.rules.params.dice.enter_value;
        if self.pieces[p.index()][g as usize - 1].place != Place::Out {
            // enter.six: only a piece in base enters.
            return Err(refused(quiet, C::Piece, || {
                Rejection::new(R::EnterSix, format!("{p} G{g} is not in base"))
            }));
        }
        if v != enter {
            // enter.six: only on a 6.
            return Err(refused(quiet, C::Piece, || {
                Rejection::new(
                    R::EnterSix,
                    format!("a piece enters only on a {enter}; the value due is {v}"),
                )
            }));
        }
        let start = self.board().start[p.index()];
        if let Some((q, i)) = self.occupant(p, Place::Ring(start)) {
            // enter.start-free
            let whose = if q == p { "its own" } else { "an opponent's" };
            return Err(refused(quiet, C::Landing, || {
                Rejection::new(
                    R::EnterStartFree,
                    format!(
                        "{p}'s start tile {start} holds {whose} piece ({q} G{})",
                        i + 1
                    ),
                )
            }));
        }
        Ok(start)
    }

    /// `enter.six`: the due 6 brings a piece from base onto its start tile.
    pub(super) fn enter<S: Sink>(
        &mut self,
        piece: PieceId,
        due: Option<u8>,
        mut refusals: Refusals<C>,
        ev: &mut S,
    ) -> Result<(), Rejection> {
        let g = refusals.add_result(C::Piece, piece_number(piece));
        let start = match (due, g) {
            (Some(v), Some(g)) if refusals.open(C::Piece) => {
                refusals.add_refused(self.plan_enter(g, v, refusals.is_quiet()))
            }
            _ => None,
        };
        refusals.finish()?;
        let (Some(g), Some(start)) = (g, start) else {
            unreachable!("an entry with no refusal has a piece and a start tile")
        };
        let p = self.turn;
        self.pieces[p.index()][g as usize - 1] = Piece {
            place: Place::Ring(start),
            midpoint: false,
            steps: 0,
        };
        self.falls[p.index()][g as usize - 1] = [0; MAX_TOILETS];
        self.roll.left -= 1;
        self.roll.played += 1;
        self.event(ev, R::EnterSix, || What::Entered { piece, tile: start });
        self.event(
            ev,
            // board.start: a piece enters on its start tile, step 0.
            R::BoardStart,
            || What::Note("a piece enters on its start tile, step 0"),
        );
        self.settle(ev);
        Ok(())
    }
}
