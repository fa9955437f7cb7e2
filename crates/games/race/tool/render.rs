//! Race's snapshot body, ASCII board and SVG picture: a route game's
//! (`runner::render::route`), its header naming the description, its safe
//! fields marked.

use crate::engine::{Player, Race};
use crate::runner::render::route::{self, RouteBoard};
use crate::runner::render::{svg::Marks, Render};

impl RouteBoard for Race {
    const TITLE: &'static str = "race position";
    const SAFE_FIELDS: bool = true;
    fn header(&self, seats: &str) -> String {
        format!("rules: race \"{}\" ({seats})", self.rules().params.name)
    }
    fn starts(&self) -> Vec<u8> {
        self.rules().params.board.starts.clone()
    }
    fn seat_of(&self, p: Player) -> u8 {
        self.seat(p)
    }
    fn goal_count(&self, p: Player) -> usize {
        self.in_home(p)
    }
    fn base_count(&self, p: Player) -> usize {
        self.in_base(p)
    }
    fn die_now(&self) -> Option<u8> {
        self.die()
    }
    fn dice_left(&self) -> Vec<u8> {
        self.dice_left().to_vec()
    }
    fn winner_now(&self) -> Option<Player> {
        self.winner()
    }
    fn returns_now(&self) -> Vec<i64> {
        self.returns()
    }
    fn safe(&self, f: u8) -> bool {
        self.rules().is_safe(f)
    }
    fn entry_of(&self, p: Player) -> u8 {
        let b = &self.rules().params.board;
        let start = b.starts[self.seat(p) as usize];
        b.entries
            .get(self.seat(p) as usize)
            .copied()
            .unwrap_or((start + b.ring - 1) % b.ring)
    }
    fn place_names(&self) -> (&str, &str) {
        let words = &self.rules().params.words;
        (&words.base, &words.home)
    }
}

impl Render for Race {
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
