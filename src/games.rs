//! Each game's part of the tool, compiled from the game's own folder: what
//! the runner plays, pictures and drives of it (`Played`, `Render`,
//! `Driver`). A game's rules are its crate (`crates/games/GAME/rules/`,
//! through the list `goti-games`); its tool part implements the traits of
//! this crate, so it is a module of this crate whose file lies beside the
//! rules (`crates/games/GAME/tool/`). One line per game.

#[path = "../crates/games/maedn/tool/mod.rs"]
pub mod maedn;
#[path = "../crates/games/portal/tool/mod.rs"]
pub mod portal;
#[path = "../crates/games/race/tool/mod.rs"]
pub mod race;
#[path = "../crates/games/royal/tool/mod.rs"]
pub mod royal;
#[cfg(feature = "toy")]
#[path = "../crates/games/toy/tool/mod.rs"]
pub mod toy;
