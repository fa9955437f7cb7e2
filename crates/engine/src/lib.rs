//! Pure rules: no I/O, no parsing, no diagnostics.
//!
//! Each game is a folder with one file per section of its rule file
//! (`royal/`, `portal/`, `maedn/`); what the games share sits beside them: players,
//! pieces and places (`piece.rs`), actions, events and rejections, rule IDs,
//! the unvalidated [`Setup`], the order of refusals, and the seam every game
//! implements ([`Game`], [`GameKind`]).
//!
//! A [`Setup`] becomes a position by validation; [`Game::apply_observed`]
//! turns a position and an [`Action`] into a new position plus the [`Event`]s
//! of every rule applied, or a [`Rejection`] citing the rule that refused it
//! (the old position is untouched).

mod action;
mod event;
mod few;
mod game;
mod games;
pub mod legal;
pub mod maedn;
pub mod params;
mod piece;
#[cfg(feature = "planted")]
pub mod planted;
pub mod portal;
mod precedence;
pub mod royal;
pub(crate) mod rule;
mod setup;
mod short;
mod table;
mod tiles;
#[cfg(feature = "toy")]
pub mod toy;

pub use action::{Action, MoveClause, MoveOrder};
pub use event::{Event, Quiet, Rejection, Sink, Violation, What};
pub use few::Few;
pub use game::{Game, Vocabulary, Word};
pub use games::{GameKind, UnknownGame};
pub use maedn::{Maedn, MaednRule, MaednRules};
pub use piece::{ByPlayer, Direction, Piece, PieceId, Place, Player};
pub use portal::{Portal, PortalRule, PortalRules};
pub use royal::{Board, Phase, Royal, RoyalRule, RoyalRules, Seat, Store};
pub use rule::{RuleId, RuleInfo};
pub use setup::{Falls, Mode, Placement, SeatSetup, Setup, SetupError, SetupPart, Sizes};
pub use short::Short;
pub use table::Table;
