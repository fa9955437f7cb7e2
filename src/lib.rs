//! goti: a rules-conformance oracle for dice race board games.
//!
//! Layers (see ARCHITECTURE.md): [`engine`] (pure rules) <- [`rules`]
//! (ruleset data) ; [`dsl`] (scenario language) ; [`runner`] (plays scenarios,
//! snapshots) ; [`cli`] (the only layer that prints or exits).

pub mod check;
pub mod cli;
pub mod closest;
pub mod desk;
pub mod dsl;
pub mod engine;
pub mod error;
pub mod lsp;
pub mod mutate;
pub mod rules;
pub mod runner;
pub mod selfplay;
pub mod shown;
