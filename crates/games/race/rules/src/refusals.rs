//! The order of refusals (RACE.md, scenario conventions).

/// RACE.md, scenario conventions: the order of refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum RaceCheck {
    /// (1) the game is over: `end.win`.
    GameOver,
    /// (2) whose turn it is: `table.players`.
    Turn,
    /// (3) the die must be thrown first, once: `dice.throw`.
    Die,
    /// (4) a forfeit throw (`throw.limit`), then the obligations in the
    /// description's order (`start.clear`, `enter.value`).
    Obligation,
    /// (5) the piece and its target: `move.free`, `enter.value`; a pass
    /// while an action is legal: `move.pass`.
    Piece,
}
