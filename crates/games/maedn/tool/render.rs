//! Maedn's snapshot body, ASCII board and SVG picture: a route game's
//! (`runner::render::route`).

use crate::engine::{Maedn, Player};
use crate::runner::render::route::{self, RouteBoard};
use crate::runner::render::{svg::Marks, Render};

impl RouteBoard for Maedn {
    const TITLE: &'static str = "maedn position";
    const SAFE_FIELDS: bool = false;
    fn header(&self, seats: &str) -> String {
        format!("rules: maedn ({seats})")
    }
    fn starts(&self) -> Vec<u8> {
        self.rules().params.board.starts.to_vec()
    }
    fn seat_of(&self, p: Player) -> u8 {
        self.seat(p)
    }
    fn goal_count(&self, p: Player) -> usize {
        self.in_goal(p)
    }
    fn base_count(&self, p: Player) -> usize {
        self.in_base(p)
    }
    fn die_now(&self) -> Option<u8> {
        self.die()
    }
    fn winner_now(&self) -> Option<Player> {
        self.winner()
    }
    fn returns_now(&self) -> Vec<i64> {
        self.returns()
    }
}

impl Render for Maedn {
    fn state(&self) -> String {
        route::state(self)
    }
    fn picture(&self) -> String {
        route::picture(self)
    }
    fn svg(&self, marks: &Marks) -> String {
        route::svg(self, marks)
    }
}
