//! What a player can do on a turn.

use super::piece::{Direction, PieceId};
use super::vocabulary::Word;

/// One action of the player whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Deal these dice at the start of the turn (`roll.deal`).
    Roll(Vec<u8>),
    /// The turn's one set of moves (`move.choice`); in portal one value.
    Move(MoveOrder),
    /// End the turn.
    NextTurn,
    /// An action in a word of one game's, which only that game plays.
    Own(OwnAction),
}

/// An action in one game's own word: royal's `exit G1 G2` (guards leave the
/// Yard), portal's and maedn's `enter G3` (this piece leaves base), maedn's
/// bare `enter` (the rules pick the piece). The word (from the vocabulary
/// that allowed it) and the pieces it names, in the order named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnAction {
    pub word: Word,
    pub pieces: Vec<PieceId>,
    /// The numbers written after the word, where its phrase takes any
    /// (race's `enter 6`: the die it plays, with `dice.each`).
    pub numbers: Vec<u8>,
}

impl Action {
    /// The action `word` naming `pieces`.
    pub fn own(word: Word, pieces: Vec<PieceId>) -> Action {
        Action::Own(OwnAction {
            word,
            pieces,
            numbers: Vec::new(),
        })
    }
    /// The action `word` naming `pieces`, then `numbers`.
    pub fn own_numbered(word: Word, pieces: Vec<PieceId>, numbers: Vec<u8>) -> Action {
        Action::Own(OwnAction {
            word,
            pieces,
            numbers,
        })
    }
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
