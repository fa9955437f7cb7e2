//! The seam every game plugs into: the [`Game`] trait (what a position can
//! do, its catalogue and its [`Vocabulary`]). Which games exist is the one
//! list in the `goti-games` crate; this file names none of them.

use std::fmt;
use std::sync::Arc;

use super::action::Action;
use super::event::{Event, Rejection, Sink, Violation};
use super::piece::{Piece, PieceId, Place, Player};
use super::ply::{Ply, Unlisted};
use super::rule::RuleInfo;
use super::setup::{Setup, SetupError, Sizes};
use super::vocabulary::Vocabulary;

/// A game position: made only by validating a [`Setup`], changed only by
/// [`Game::apply_observed`], which returns a new position or the rule that
/// refused the action (leaving this one and the event buffer untouched).
pub trait Game: Clone + PartialEq + Eq + fmt::Debug + Send + Sync + Sized + 'static {
    /// The parameters and the board computed from them.
    type Rules: fmt::Debug + Send + Sync;
    /// The parameters as a ruleset file holds them.
    type Params: crate::params::Params;

    /// The rules of a set of parameters (the board computed once).
    fn new_rules(params: Self::Params) -> Arc<Self::Rules>;
    /// The parameters of a game's rules.
    fn params(rules: &Self::Rules) -> &Self::Params;

    /// Every rule ID of the game with its one-line text.
    const CATALOGUE: &'static [RuleInfo];
    /// The words and numbers of the game's scenarios.
    const VOCABULARY: &'static Vocabulary;
    /// The rulebook's file name and text, the game's own copy of
    /// `../shared/rules/` (its catalogue is checked against it; the
    /// language server hovers and jumps into it).
    const RULEBOOK: (&'static str, &'static str);
    /// The kinds of the events only this game records (its `events.rs`);
    /// each is checked to read, and balance to know its measure.
    const OWN_EVENTS: &'static [&'static crate::OwnKind] = &[];
    /// What self-play's balance measures of this game, in the order it
    /// reports them: its own events' measures and the family's
    /// ([`FAMILY_MEASURES`]) where it has them.
    const MEASURES: &'static [&'static str] = FAMILY_MEASURES;
    /// Validates a setup into a position; every problem is reported.
    fn from_setup(
        rules: Arc<Self::Rules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Self, Vec<SetupError>>;
    /// The rules this position plays.
    fn rules(&self) -> &Arc<Self::Rules>;
    /// Applies an action of `by` (`None`: the player to move), calling
    /// `observe` with the board after each part of a move that the rules
    /// settle before the next (`move.sequential`).
    fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Self),
    ) -> Result<Self, Rejection>;
    /// Applies an action of the player to move.
    fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Self, Rejection> {
        self.apply_observed(None, action, events, &mut |_| {})
    }
    /// Applies an action of the player to move to this position itself,
    /// recording into `events`; a refused action leaves the position and
    /// `events` as they were. Returns whether it was applied. The same
    /// rules decide as in [`Game::apply`] (the differential test
    /// `cargo xtask compare-paths` plays both).
    fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool;
    /// [`Game::play_in_place`] with the events handed to `sink` as they
    /// happen, none kept (balance's counts, the greedy policy's captures);
    /// a refused action gives `sink` nothing.
    fn play_with<S: Sink>(&mut self, action: &Action, sink: &mut S) -> bool;
    /// What the next ply is here: the game over, dice to throw (each
    /// outcome), or the player's choice (the rulebook's "Legal actions").
    fn ply(&self) -> Ply;
    /// The legal actions of the player to move, in the rulebook's normal
    /// form, at most `limit` of them (refused past it, or where the set is
    /// not finite). Empty where the dice are thrown next or the game is over.
    fn legal_list(&self, limit: usize) -> Result<Vec<Action>, Unlisted>;
    /// The brute force that [`Game::legal_list`] is checked against: every
    /// action a player could name here, built without the generator (every
    /// piece wherever it stands, every value, both directions), for the
    /// rules to accept or refuse; `None` where there are too many to try.
    fn legal_candidates(&self) -> Option<Vec<Action>>;
    /// Where [`Game::legal_candidates`] are too many: `n` of them drawn
    /// at random by `seed` (some the rules refuse), for the same check.
    fn legal_sample(&self, seed: u64, n: usize) -> Vec<Action>;
    /// At a chance node: the leaves of a perft of depth 2 from here (each
    /// outcome's legal actions, summed), counted without applying the
    /// outcomes, where the game can; `None` (the default) applies each.
    fn leaves_after_throw(&self) -> Option<u64> {
        None
    }
    /// An action in the rulebook's normal form as scenario syntax
    /// ([`crate::legal::normal_text`]; royal keeps the guards' order where
    /// a variant counts it).
    fn action_text(&self, a: &Action) -> String;
    /// How many legal actions [`Game::legal_list`] would list, counted
    /// without building them where the game can (royal's moves).
    fn legal_count(&self, limit: usize) -> Result<u64, Unlisted>;
    /// What holds in every position; names what broke.
    fn check_invariants(&self) -> Result<(), Violation>;
    /// What decides this position's future, as `goti lint`'s visit of
    /// every reachable position keys it: positions with one key have the
    /// same plies, and each ply takes them to positions with one key. It
    /// leaves out what no rule of play reads (points, progress counts
    /// beyond what the rules read), so that a small variant's positions
    /// are finite.
    fn state_key(&self) -> String;
    /// What holds in positions reached by play from a new game.
    fn check_reachable(&self) -> Result<(), Violation>;
    fn turn(&self) -> Player;
    /// The standings once the game is over.
    fn final_standings(&self) -> Option<&[Player]>;
    fn is_over(&self) -> bool {
        self.final_standings().is_some()
    }
    /// The standings as they are now.
    fn standings_now(&self) -> Vec<Player>;
    /// What ranks `p` now, higher first: the standings' order without its
    /// last tie-break, the player number (royal: score, then guards Home;
    /// portal: pieces home, then steps; maedn: pieces in the goal, then
    /// steps). Two players with equal keys are tied.
    fn lead_key(&self, p: Player) -> [i64; 2];
    /// The one player whose [`Game::lead_key`] is highest now; `None` on a
    /// tie for the lead.
    fn leader(&self) -> Option<Player> {
        leader_of(self.players().into_iter().map(|p| (p, self.lead_key(p))))
    }
    /// `p`'s points as the game scores them (royal's `points.score`);
    /// `None` for a game that scores none.
    fn points(&self, p: Player) -> Option<i64>;
    fn players(&self) -> Vec<Player>;
    fn piece(&self, p: Player, id: PieceId) -> Piece;
    fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)>;
    /// Pieces per player, the ring's and the Home path's (lane's, goal's) tiles.
    fn sizes(rules: &Self::Rules) -> Sizes;
    /// The ring's tile count.
    fn ring(rules: &Self::Rules) -> u8 {
        Self::sizes(rules).ring
    }
    /// The Home path's (royal) or lane's (portal) tile count.
    fn home_path(rules: &Self::Rules) -> u8 {
        Self::sizes(rules).path
    }
    /// What ring tile `tile` is under these rules, in the game's words
    /// (`fort`, `P1's entry`, `toilet 1 trigger`); empty for a plain tile.
    fn tile_words(rules: &Self::Rules, tile: u8) -> Vec<String>;
}

/// The one player whose key is highest; `None` on a tie for the highest.
pub fn leader_of(keys: impl Iterator<Item = (Player, [i64; 2])>) -> Option<Player> {
    let mut best: Option<(Player, [i64; 2])> = None;
    let mut tied = false;
    for (p, k) in keys {
        match best {
            Some((_, b)) if k < b => {}
            Some((_, b)) if k == b => tied = true,
            _ => {
                best = Some((p, k));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(p, _)| p)
}

/// The family's measure of its captures (`What::Captured`), which balance
/// counts for any game.
pub const CAPTURES_MEASURE: &str = "captures";
/// The family's measure of the rolls past a turn's first.
pub const EXTRA_ROLLS_MEASURE: &str = "extra rolls";
/// The measures of the family's own events.
pub const FAMILY_MEASURES: &[&str] = &[CAPTURES_MEASURE, EXTRA_ROLLS_MEASURE];

/// Implements [`Game`] for a position type whose inherent methods carry the
/// trait's names (`from_setup`, `apply_observed`, `check_invariants`, ...),
/// so each game writes its rules once and the seam stays one line.
#[macro_export]
macro_rules! delegate_game {
    ($pos:ident, $rules:ident, $params:ty, $catalogue:expr, $words:expr, $rulebook:literal
     $(, events: $events:expr)? $(, measures: $measures:expr)? $(,)?) => {
        impl $crate::Game for $pos {
            type Rules = $rules;
            type Params = $params;
            const CATALOGUE: &'static [$crate::RuleInfo] = $catalogue;
            const VOCABULARY: &'static $crate::Vocabulary = $words;
            const RULEBOOK: (&'static str, &'static str) = ($rulebook, include_str!($rulebook));
            $(const OWN_EVENTS: &'static [&'static $crate::OwnKind] = $events;)?
            $(const MEASURES: &'static [&'static str] = $measures;)?

            fn new_rules(params: $params) -> std::sync::Arc<$rules> {
                $rules::new(params)
            }
            fn params(rules: &$rules) -> &$params {
                &rules.params
            }

            fn from_setup(
                rules: std::sync::Arc<$rules>,
                setup: &$crate::Setup,
                events: &mut Vec<$crate::Event>,
            ) -> Result<Self, Vec<$crate::SetupError>> {
                $pos::from_setup(rules, setup, events)
            }
            fn rules(&self) -> &std::sync::Arc<$rules> {
                $pos::rules(self)
            }
            fn apply_observed(
                &self,
                by: Option<$crate::Player>,
                action: &$crate::Action,
                events: &mut Vec<$crate::Event>,
                observe: &mut dyn FnMut(&Self),
            ) -> Result<Self, $crate::Rejection> {
                $pos::apply_observed(self, by, action, events, observe)
            }
            fn play_in_place(
                &mut self,
                action: &$crate::Action,
                events: &mut Vec<$crate::Event>,
            ) -> bool {
                $pos::play_in_place(self, action, events)
            }
            fn play_with<S: $crate::Sink>(
                &mut self,
                action: &$crate::Action,
                sink: &mut S,
            ) -> bool {
                $pos::play_with(self, action, sink)
            }
            fn ply(&self) -> $crate::ply::Ply {
                $pos::ply(self)
            }
            fn legal_list(
                &self,
                limit: usize,
            ) -> Result<Vec<$crate::Action>, $crate::ply::Unlisted> {
                $pos::legal_list(self, limit)
            }
            fn legal_count(&self, limit: usize) -> Result<u64, $crate::ply::Unlisted> {
                $pos::legal_count(self, limit)
            }
            fn leaves_after_throw(&self) -> Option<u64> {
                $pos::leaves_after_throw(self)
            }
            fn legal_candidates(&self) -> Option<Vec<$crate::Action>> {
                $pos::legal_candidates(self)
            }
            fn legal_sample(&self, seed: u64, n: usize) -> Vec<$crate::Action> {
                $pos::legal_sample(self, seed, n)
            }
            fn action_text(&self, a: &$crate::Action) -> String {
                $pos::action_text(self, a)
            }
            fn check_invariants(&self) -> Result<(), $crate::Violation> {
                $pos::invariants(self).map_err($crate::Violation)
            }
            fn state_key(&self) -> String {
                $pos::state_key(self)
            }
            fn check_reachable(&self) -> Result<(), $crate::Violation> {
                $pos::reachable(self).map_err($crate::Violation)
            }
            fn turn(&self) -> $crate::Player {
                $pos::turn(self)
            }
            fn final_standings(&self) -> Option<&[$crate::Player]> {
                $pos::final_standings(self)
            }
            fn standings_now(&self) -> Vec<$crate::Player> {
                $pos::standings_now(self)
            }
            fn lead_key(&self, p: $crate::Player) -> [i64; 2] {
                $pos::lead_key(self, p)
            }
            fn leader(&self) -> Option<$crate::Player> {
                // The position's own player iterator: no list made per turn.
                $crate::game::leader_of($pos::players(self).map(|p| (p, $pos::lead_key(self, p))))
            }
            fn points(&self, p: $crate::Player) -> Option<i64> {
                $pos::points(self, p)
            }
            fn players(&self) -> Vec<$crate::Player> {
                $pos::players(self).collect()
            }
            fn piece(&self, p: $crate::Player, id: $crate::PieceId) -> $crate::Piece {
                *std::borrow::Borrow::<$crate::Piece>::borrow(&$pos::piece(self, p, id))
            }
            fn pieces_at(&self, place: $crate::Place) -> Vec<($crate::Player, $crate::PieceId)> {
                $pos::pieces_at(self, place)
            }
            fn sizes(rules: &$rules) -> $crate::Sizes {
                rules.sizes()
            }
            fn tile_words(rules: &$rules, tile: u8) -> Vec<String> {
                rules.tile_words(tile)
            }
        }
    };
}
