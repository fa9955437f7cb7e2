//! Which rule refuses an action that breaks several: a collector that keeps
//! the first broken in the game's order of refusals (each game declares its
//! order in one place: `royal/refusals.rs`, `portal/refusals.rs`).
//!
//! The whole action is judged at once (never clause by clause in the order
//! written): every check that can still win is made, and the refusal of the
//! earliest check in the game's order is the one returned.

use super::event::Rejection;
use super::piece::Player;
use super::vocabulary::Vocabulary;

/// Collects the refusals of one action and keeps the earliest in the order;
/// among refusals of one check, the first found.
#[derive(Debug)]
pub struct Refusals<C> {
    /// The earliest check broken so far, with its rejection (none when
    /// quiet: the fast path only learns that the action is refused).
    first: Option<(C, Option<Rejection>)>,
    quiet: bool,
}

impl<C: Ord + Copy> Default for Refusals<C> {
    fn default() -> Self {
        Refusals::new()
    }
}

impl<C: Ord + Copy> Refusals<C> {
    pub fn new() -> Self {
        Refusals {
            first: None,
            quiet: false,
        }
    }

    /// A collector that builds no rejection when `quiet` (the fast path:
    /// which check refused is still decided, nothing is allocated).
    pub fn quiet_if(quiet: bool) -> Self {
        Refusals { first: None, quiet }
    }

    /// Whether a refusal by `check` would still be the one returned: checks
    /// that cannot win need not be made.
    pub fn open(&self, check: C) -> bool {
        self.first.as_ref().is_none_or(|(c, _)| check < *c)
    }

    /// Records that the action breaks the rule of `check`.
    pub fn add(&mut self, check: C, rejection: Rejection) {
        if self.open(check) {
            self.first = Some((check, Some(rejection)));
        }
    }

    /// Records that the action breaks the rule of `check`; the rejection
    /// is built only when it would be kept and the collector is not quiet.
    pub fn refuse(&mut self, check: C, rejection: impl FnOnce() -> Rejection) {
        if self.open(check) {
            self.first = Some((check, (!self.quiet).then(rejection)));
        }
    }

    /// Records the refusal of a sub-check, if any.
    #[inline]
    pub fn add_result<T>(&mut self, check: C, result: Result<T, Rejection>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(r) => {
                self.add(check, r);
                None
            }
        }
    }

    /// Records the refusal of a sub-check that knows its own place in the order.
    #[inline]
    pub fn add_refused<T>(&mut self, result: Result<T, (C, Rejection)>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err((check, r)) => {
                self.add(check, r);
                None
            }
        }
    }

    /// Whether rejections are left unbuilt (the fast path).
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    pub fn any(&self) -> bool {
        self.first.is_some()
    }

    /// The refusal, or `Ok` when nothing was broken.
    pub fn finish(self) -> Result<(), Rejection> {
        match self.first {
            Some((_, Some(r))) => Err(r),
            Some((_, None)) => Err(Rejection::withheld()),
            None => Ok(()),
        }
    }
}

/// The first two refusals of every game's order: (1) the game is over (the
/// game's `end_rule`), (2) an action named for a player whose turn it is
/// not (`players_rule`). `turn` is the player to move and the player the
/// action names, if it names one; the checks are the game's own. Inline:
/// on every applied action, and almost always nothing to refuse.
#[inline]
pub fn game_and_turn<C: Ord + Copy>(
    words: &Vocabulary,
    over: bool,
    (turn, by): (Player, Option<Player>),
    (game_over, wrong_turn): (C, C),
) -> Result<(), Rejection> {
    let mut first = Refusals::new();
    if over {
        first.add(
            game_over,
            Rejection::new(words.end_rule, "the game is over"),
        );
    } else if let Some(by) = by.filter(|&b| b != turn) {
        first.add(
            wrong_turn,
            Rejection::new(
                words.players_rule,
                format!("it is {turn}'s turn, not {by}'s"),
            )
            .help(words.turn_help),
        );
    }
    first.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::RuleId;

    /// The checks of a game, in the order its rulebook puts them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Check {
        RollValues,
        Pieces,
        Rolls,
        Direction,
        Landing,
    }

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
        r.add(Check::Direction, rej("move.one-direction"));
        r.add(Check::Pieces, rej("move.not-in-play"));
        r.add(Check::Landing, rej("move.exact-home"));
        assert!(!r.open(Check::Rolls));
        assert!(r.open(Check::RollValues));
        assert_eq!(r.finish().unwrap_err().rule.0, "move.not-in-play");
    }

    #[test]
    fn within_one_check_the_first_found_stays() {
        let mut r = Refusals::new();
        r.add(Check::Pieces, rej("enter.six"));
        r.add(Check::Pieces, rej("move.exact-home"));
        assert_eq!(r.finish().unwrap_err().rule.0, "enter.six");
        assert!(Refusals::<Check>::new().finish().is_ok());
    }
}
