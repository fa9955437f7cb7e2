//! Race as goti plays it: the runner's part of the game ([`Played`]: its
//! own expectations, `goti init`'s examples), its pictures ([`Render`]) and
//! its self-play driver. Its rules are the crate beside this folder
//! (`../rules/`); this folder is compiled into the goti crate (`src/games.rs`
//! names it), because the traits it implements are the tool's.
//!
//! [`Played`]: crate::runner::games::Played
//! [`Render`]: crate::runner::render::Render

pub mod as_maedn;
mod driver;
mod played;
mod render;

pub use driver::RaceDriver;
