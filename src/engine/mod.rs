//! Pure rules: no I/O, no parsing, no diagnostics.
//!
//! A [`Setup`] (unvalidated) becomes a [`Royal`] position by validation;
//! [`Royal::apply`] turns a position and an [`Action`] into a new position
//! plus the [`Event`]s of every rule applied, or a [`Rejection`] citing the
//! rule that refused it (the old position is untouched).

mod action;
mod board;
mod event;
mod game;
mod moves;
mod piece;
pub mod portal;
mod precedence;
mod royal;
mod rule;
mod setup;
mod store;

pub use action::{Action, MoveClause, MoveOrder};
pub use board::Board;
pub use event::{Event, Rejection, What};
pub use game::{Game, GameKind, UnknownGame, Vocabulary, Word};
pub use piece::{Direction, Piece, PieceId, Place, Player};
pub use portal::{Portal, PortalRule, PortalRules};
pub use royal::{Phase, Royal, RoyalRules, Seat};
pub use rule::{RoyalRule, RuleId, RuleInfo};
pub use setup::{Falls, Mode, Placement, SeatSetup, Setup, SetupError, SetupPart};
pub use store::Store;

#[cfg(test)]
mod tests;
