//! Pure rules: no I/O, no parsing, no diagnostics.
//!
//! What every game shares: players, pieces and places (`piece.rs`),
//! actions, events and rejections, rule IDs, the unvalidated [`Setup`], the
//! order of refusals, what the rules allow (`legal`), and the seam every
//! game implements ([`Game`]). The games are crates of their own
//! (`crates/games/GAME/rules/`) that depend on this one; it names none of them,
//! and Cargo keeps it so.
//!
//! A [`Setup`] becomes a position by validation; [`Game::apply_observed`]
//! turns a position and an [`Action`] into a new position plus the [`Event`]s
//! of every rule applied, or a [`Rejection`] citing the rule that refused it
//! (the old position is untouched).

pub mod action;
pub mod event;
pub mod few;
pub mod game;
pub mod legal;
pub mod own;
pub mod params;
pub mod piece;
pub mod ply;
pub mod precedence;
pub mod rule;
pub mod setup;
pub mod short;
pub mod table;
pub mod tiles;
pub mod vocabulary;

pub use action::{Action, MoveClause, MoveOrder, OwnAction};
pub use event::{Event, Quiet, Rejection, Sink, Told, Violation, What};
pub use few::Few;
pub use game::{Game, CAPTURES_MEASURE, EXTRA_ROLLS_MEASURE, FAMILY_MEASURES};
pub use own::{Draw, Measure, OwnEvent, OwnKind};
pub use piece::{ByPlayer, Direction, Piece, PieceId, Place, Player};
pub use rule::{RuleId, RuleInfo};
pub use setup::{Placement, Setup, SetupError, SetupFact, SetupPart, Sizes};
pub use short::Short;
pub use table::Table;
pub use vocabulary::{Aside, Mode, Vocabulary, Word};
