//! Roads (PORTAL.md §6 `road.jump`, `road.own-route`).

use super::*;
use goti_engine::event::{Sink, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Piece, PieceId};

impl Portal {
    /// Landing on fork tile `t` (route position `end_pos`): the road carries
    /// the piece to the other end (`road.jump`), capturing an opponent there,
    /// unless the jump would leave its route (`road.own-route`), its own piece
    /// stands at the far end (`road.jump`), or an opponent holds a safe far
    /// end (`capture.safe`): then the road does nothing.
    pub(super) fn plan_road(&self, t: u8, end_pos: i32, landing: &mut Landing) {
        let p = self.turn;
        let board = self.board();
        let Some(other) = board.fork(t) else {
            unreachable!("plan_road is called on a fork tile, not {t}")
        };
        let target = board.road_target(end_pos, t, other);
        if target < 0 || target > board.junction_step() {
            // road.own-route
            landing.road_refused = Some(R::RoadOwnRoute);
            return;
        }
        match self.occupant(p, Place::Ring(other)) {
            // road.jump: not onto its own piece.
            Some((q, _)) if q == p => landing.road_refused = Some(R::RoadJump),
            // capture.safe: no capture on a safe far end.
            Some(_) if board.is_safe(other) => landing.road_refused = Some(R::CaptureSafe),
            victim => landing.road = Some((other, target - end_pos, victim)),
        }
    }

    /// `road.jump`: the road carries the piece from fork `t` to the far end,
    /// capturing an opponent there (`capture.land`, an extra roll).
    pub(super) fn ride_road<S: Sink>(
        &mut self,
        g: u8,
        t: u8,
        (far, delta, victim): Road,
        steps: i32,
        ev: &mut S,
    ) {
        let p = self.turn;
        let id = PieceId::Numbered(g);
        let i = g as usize - 1;
        if let Some((q, j)) = victim {
            self.capture((q, j), Place::Ring(far), R::CaptureLand, ev);
        }
        self.pieces[p.index()][i] = Piece {
            place: Place::Ring(far),
            midpoint: false,
            steps: steps + delta,
        };
        self.event(ev, R::RoadJump, || {
            What::Own(
                OwnEvent::new(&events::RODE)
                    .piece(id)
                    .numbers(&[t.into(), far.into()]),
            )
        });
        // board.roads: fork tiles joined in both directions.
        self.event(ev, R::BoardRoads, || What::Note("a fork tile"));
    }
}
