//! The order of refusals (PORTAL.md, scenario conventions).

/// PORTAL.md, scenario conventions: the order of refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PortalCheck {
    /// (1) the game is over: `end.win`.
    GameOver,
    /// (2) whose turn it is: `table.players`.
    Turn,
    /// (3) a value is due: `dice.two` (roll first), `dice.must-play` (a roll
    /// while values are due).
    Due,
    /// (4) the value: `dice.larger-first`.
    Value,
    /// (5) the piece: `enter.six`, `move.exact-home` for a piece that is home.
    Piece,
    /// (6) the way: `move.no-jump`, `toilet.climb`.
    Way,
    /// (7) where it lands: `move.exact-home`, `move.one-per-tile`,
    /// `enter.start-free`, `capture.safe`.
    Landing,
}
