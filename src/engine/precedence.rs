//! Which rule refuses an action that breaks several: each game's order of
//! refusals in one place, and a collector that keeps the first broken.
//!
//! The whole action is judged at once (never clause by clause in the order
//! written): every check that can still win is made, and the refusal of the
//! earliest check in the game's order is the one returned.

use super::event::Rejection;

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

/// Collects the refusals of one action and keeps the earliest in the order;
/// among refusals of one check, the first found.
#[derive(Debug)]
pub(crate) struct Refusals<C> {
    first: Option<(C, Rejection)>,
}

impl<C: Ord + Copy> Refusals<C> {
    pub(crate) fn new() -> Self {
        Refusals { first: None }
    }

    /// Whether a refusal by `check` would still be the one returned: checks
    /// that cannot win need not be made.
    pub(crate) fn open(&self, check: C) -> bool {
        self.first.as_ref().is_none_or(|(c, _)| check < *c)
    }

    /// Records that the action breaks the rule of `check`.
    pub(crate) fn add(&mut self, check: C, rejection: Rejection) {
        if self.open(check) {
            self.first = Some((check, rejection));
        }
    }

    /// Records the refusal of a sub-check, if any.
    pub(crate) fn add_result<T>(&mut self, check: C, result: Result<T, Rejection>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(r) => {
                self.add(check, r);
                None
            }
        }
    }

    /// Records the refusal of a sub-check that knows its own place in the order.
    pub(crate) fn add_refused<T>(&mut self, result: Result<T, (C, Rejection)>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err((check, r)) => {
                self.add(check, r);
                None
            }
        }
    }

    pub(crate) fn any(&self) -> bool {
        self.first.is_some()
    }

    /// The refusal, or `Ok` when nothing was broken.
    pub(crate) fn finish(self) -> Result<(), Rejection> {
        match self.first {
            Some((_, r)) => Err(r),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleId;

    fn rej(id: &'static str) -> Rejection {
        Rejection {
            rule: RuleId(id),
            reason: id.into(),
            help: None,
        }
    }

    #[test]
    fn the_earliest_check_wins_whatever_order_they_are_found_in() {
        let mut r = Refusals::new();
        r.add(RoyalCheck::Direction, rej("move.one-direction"));
        r.add(RoyalCheck::Pieces, rej("move.not-in-play"));
        r.add(RoyalCheck::Landing, rej("move.exact-home"));
        assert!(!r.open(RoyalCheck::Rolls));
        assert!(r.open(RoyalCheck::RollValues));
        assert_eq!(r.finish().unwrap_err().rule.0, "move.not-in-play");
    }

    #[test]
    fn within_one_check_the_first_found_stays() {
        let mut r = Refusals::new();
        r.add(PortalCheck::Piece, rej("enter.six"));
        r.add(PortalCheck::Piece, rej("move.exact-home"));
        assert_eq!(r.finish().unwrap_err().rule.0, "enter.six");
        assert!(Refusals::<PortalCheck>::new().finish().is_ok());
    }
}
