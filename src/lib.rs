//! goti: a rules-conformance oracle for dice race board games.
//!
//! Layers (see ARCHITECTURE.md): [`engine`] (pure rules, the `goti-engine`
//! crate: it cannot name anything here) <- [`rules`] (ruleset files) ; [`dsl`] (scenario language) ; [`runner`] (plays scenarios,
//! snapshots) ; [`cli`] (the only layer that prints or exits).

pub mod check;
pub mod cli;
pub mod closest;
pub mod desk;
pub mod dsl;
/// The engine: the core (`crates/engine`) and every game's rules crate
/// (`crates/games/GAME/rules/`), through the one list
/// (`crates/games/list/`): pure rules.
pub use goti_games as engine;
pub mod error;
pub mod games;
pub mod lint;
pub mod lsp;
pub mod mutate;
pub mod rules;
pub mod runner;
pub mod selfplay;
pub mod shown;
