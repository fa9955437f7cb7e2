//! The order of refusals (ROYAL.md, scenario conventions).

/// ROYAL.md, scenario conventions: "An action that breaks several rules is
/// refused by the first of them in this order". Declaration order is the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum RoyalCheck {
    /// (1) the game is over: `end.finish`.
    GameOver,
    /// (2) whose turn it is: `table.players`.
    Turn,
    /// (3) when the action may happen: `roll.when`, `exit.timing`, `move.choice`.
    When,
    /// (4) values: `roll.values` ...
    RollValues,
    /// ... before `roll.deal` ...
    RollDeal,
    /// ... and `move.king-values`.
    KingValues,
    /// (5) pieces named: `move.not-in-play`, `exit.cost` (not a guard in the
    /// Yard), `table.pieces` (no such piece).
    Pieces,
    /// (6) the rolls given: `move.rolls`.
    Rolls,
    /// (7) credits (`exit.cost`) ...
    Credits,
    /// ... before order (`exit.order`).
    Order,
    /// (8) direction: `move.one-direction` ...
    Direction,
    /// ... then `move.home-path` for a Backward move in the Home path.
    HomePath,
    /// (9) where the move ends: `move.exact-home`.
    Landing,
}
