//! Pure rules: no I/O, no parsing, no diagnostics.
//!
//! A [`Setup`] (unvalidated) becomes a [`Royal`] position by validation;
//! [`Royal::apply`] turns a position and an [`Action`] into a new position
//! plus the [`Event`]s of every rule applied, or a [`Rejection`] citing the
//! rule that refused it (the old position is untouched).

mod action;
mod board;
mod event;
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
pub use piece::{Direction, Piece, PieceId, Place, Player};
pub use portal::{Portal, PortalRule, PortalRules};
pub use royal::{Phase, Royal, RoyalRules, Seat};
pub use rule::{RoyalRule, RuleId, RuleInfo};
pub use setup::{Falls, Mode, Placement, SeatSetup, Setup, SetupError, SetupPart};
pub use store::Store;

/// The seam every ruleset implements: a position that applies actions,
/// records events and rejects with a rule ID.
pub trait Game: Clone + PartialEq {
    type Action;
    /// The ruleset's name as written after `rules` in a scenario.
    const NAME: &'static str;
    /// Every rule ID of the ruleset with its one-line text.
    fn catalogue() -> &'static [RuleInfo];
    /// The new position, or the rule that refused the action (state unchanged).
    fn apply(&self, action: &Self::Action, events: &mut Vec<Event>) -> Result<Self, Rejection>;
    fn turn(&self) -> Player;
    fn is_over(&self) -> bool;
    fn standings(&self) -> Vec<Player>;
}

#[cfg(test)]
mod tests;
