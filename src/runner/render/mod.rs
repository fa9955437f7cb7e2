//! Text pictures of a position: the snapshot body and the board picture of
//! `goti explain`, in the scenario language's own words. One file per game
//! behind [`Render`]; what all games share is here.

use std::fmt::Write;

mod portal;
mod royal;
pub mod svg;

use crate::engine::{Event, PieceId, Player};

pub fn piece_list(pieces: &[(Player, PieceId)]) -> String {
    let mut out = String::new();
    let mut last: Option<Player> = None;
    for (p, id) in pieces {
        if last != Some(*p) {
            if last.is_some() {
                out.push_str(", ");
            }
            write!(out, "{p}").ok();
            last = Some(*p);
        }
        write!(out, " {id}").ok();
    }
    out
}

/// The pieces of `p` in a list of pieces at one place, as names.
pub(super) fn owned(list: &[(Player, PieceId)], p: Player) -> Vec<String> {
    list.iter()
        .filter(|(o, _)| *o == p)
        .map(|(_, id)| id.to_string())
        .collect()
}

/// The pictures of a game's positions.
pub trait Render {
    /// The snapshot body's state part: every occupied place, every player's numbers.
    fn state(&self) -> String;
    /// The board picture of `goti explain`.
    fn picture(&self) -> String;
    /// The position as an SVG picture (`goti render`), with what the last
    /// step did marked on it.
    fn svg(&self, marks: &svg::Marks) -> String;
}

/// The event log, one line an event.
pub fn events(events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        writeln!(out, "  {e}").ok();
    }
    out
}
