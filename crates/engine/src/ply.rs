//! What a position's next ply is ([`Ply`]: over, a throw's outcomes, or the
//! player's choice) and why a listing of legal actions was not made
//! ([`Unlisted`]): the types of the [`crate::Game`] trait's legal-action
//! methods, below both the trait and `legal`'s generic walks.

use crate::action::Action;

/// What comes next at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ply {
    /// The game is over: a history ends here (one leaf, however deep).
    Over,
    /// Dice are thrown next: each outcome, as the action that deals it, is
    /// one branch (royal's ordered dice dealt, portal's 21 unordered pairs,
    /// maedn's six faces).
    Chance(std::sync::Arc<[Action]>),
    /// The player to move chooses one of its legal actions.
    Choice,
}

/// Why the legal actions of a position are not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unlisted {
    /// The set is not finite (royal: a store never set nor dealt takes any rolls).
    Unbounded(String),
    /// More than the limit asked for.
    TooMany { limit: usize },
    /// More candidate actions than the search may try.
    TooManyCandidates { tried: u64 },
}

impl std::fmt::Display for Unlisted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unlisted::Unbounded(why) => f.write_str(why),
            Unlisted::TooMany { limit } => write!(f, "more than {limit} legal actions"),
            Unlisted::TooManyCandidates { tried } => write!(
                f,
                "more than {tried} candidate actions to try: the position allows too much to list"
            ),
        }
    }
}
