//! The order of refusals (MAEDN.md, scenario conventions).

/// MAEDN.md, scenario conventions: the order of refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum MaednCheck {
    /// (1) the game is over: `end.win`.
    GameOver,
    /// (2) whose turn it is: `table.players`.
    Turn,
    /// (3) the die must be thrown first, once: `dice.one`.
    Die,
    /// (4) the obligations: `start.clear`, then `enter.six`.
    Obligation,
    /// (5) the piece and its target: `move.free`; a pass while an action
    /// is legal: `move.pass`.
    Piece,
}
