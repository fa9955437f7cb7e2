//! What a player can do on a turn.

use super::piece::{Direction, PieceId};

/// One action of the player whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Deal these dice at the start of the turn (`roll.deal`).
    Roll(Vec<u8>),
    /// Guards leave the Yard (`exit.cost`).
    Exit(Vec<PieceId>),
    /// The turn's one set of moves (`move.choice`); in portal one value.
    Move(MoveOrder),
    /// Portal: a piece leaves base on the 6 (`enter.six`); maedn: this
    /// piece is the one brought in.
    Enter(PieceId),
    /// Maedn: bring a piece in (the lowest-numbered in base), `enter`.
    BringIn,
    /// End the turn.
    NextTurn,
}

/// The turn's moves as the player names them. The King moves first exactly
/// when it is named first (`move.king-order`); guards move in the rules' order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveOrder {
    pub clauses: Vec<MoveClause>,
}

/// One piece given rolls (a guard) or a value (the King) in a direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveClause {
    pub piece: PieceId,
    pub rolls: Vec<u8>,
    pub direction: Direction,
}
