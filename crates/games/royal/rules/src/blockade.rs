//! Blockades (ROYAL.md §6).

use super::events;
use super::rule::RoyalRule as R;
use super::*;
use goti_engine::event::{Sink, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Place, Player};

impl Royal {
    /// `blockade.penalty`: battle points lost for steps an opponent's blockade cut.
    pub(super) fn penalty<S: Sink>(&mut self, lost: u32, ev: &mut S) {
        if lost == 0 {
            return;
        }
        let points = lost as i64 * self.mode_params().blockade_penalty;
        let p = self.turn;
        // points.battle: battle points fall by blockade penalties (and rise by captures).
        self.seat_mut(p).battle -= points;
        self.event(ev, R::BlockadePenalty, || {
            What::Own(OwnEvent::new(&events::PENALTY).numbers(&[i64::from(lost), -points]))
        });
        self.event(ev, R::PointsBattle, || {
            What::Note("battle points fall by blockade penalties")
        });
    }

    /// The blockade check for `k` guards of `p` about to enter `to`
    /// (`blockade.sizes`, `blockade.fort`, `blockade.own-entry`).
    pub(super) fn guard_blockade<S: Sink>(
        &self,
        p: Player,
        to: Place,
        k: u8,
        ev: &mut S,
    ) -> Option<(Player, u8)> {
        let Place::Ring(t) = to else { return None };
        for q in self.opponents(p) {
            let m = self.guards_at(q, to);
            // blockade.group: only two or more guards of one player blockade.
            if m == 1 {
                self.event(ev, R::BlockadeGroup, || {
                    What::Note("a lone guard never blockades")
                });
            }
            if m < 2 {
                continue;
            }
            if self.board().is_fort(t) {
                self.event(ev, R::BlockadeFort, || What::NotBlocked {
                    at: to,
                    by: q,
                    standing: m,
                    moving: k,
                });
                self.event(ev, R::BoardForts, || What::Note("a fort tile"));
                continue;
            }
            if t == self.board().entry(p) {
                self.event(ev, R::BlockadeOwnEntry, || What::NotBlocked {
                    at: to,
                    by: q,
                    standing: m,
                    moving: k,
                });
                continue;
            }
            if k <= 3 && k <= m {
                return Some((q, m));
            }
            self.event(ev, R::BlockadeSizes, || What::NotBlocked {
                at: to,
                by: q,
                standing: m,
                moving: k,
            });
        }
        None
    }
}
