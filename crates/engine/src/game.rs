//! The seam every game plugs into: the [`Game`] trait (what a position can
//! do, its catalogue and its [`Vocabulary`]). Which games exist is the one
//! list in `games.rs`; this file names none of them.

use std::fmt;
use std::sync::Arc;

use super::action::Action;
use super::event::{Event, Rejection, Sink, Violation};
use super::games::GameKind;
use super::piece::{Piece, PieceId, Place, Player};
use super::rule::{RuleId, RuleInfo};
use super::setup::{Setup, SetupError, Sizes};

/// A word of the scenario language that only some games have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    King,
    /// `solo`, `pair`, `trio`, `quad`.
    GroupCount,
    Midpoint,
    Store,
    Credits,
    Battle,
    FirstTurn,
    Mode,
    Exit,
    Enter,
    Ranked,
    Doubles,
    Falls,
    /// `on lane N`.
    Lane,
    /// `in base`.
    Base,
    /// `in toilet N ...`.
    Toilet,
    /// `on home N` (royal's Home path; portal's is its lane).
    HomePathTile,
    Progress,
    Score,
    Tokens,
    Burned,
    RollAgain,
    Standings,
    /// Maedn: `in goal N`.
    Goal,
    /// Maedn: `seats opposite|side`.
    Seats,
    /// Maedn: `pass`.
    Pass,
    /// Maedn: `expect legal: ...`.
    Legal,
    /// Maedn: `expect returns ...`.
    Returns,
}

impl Word {
    /// Every word, in the order above.
    pub const ALL: &'static [Word] = &[
        Word::King,
        Word::GroupCount,
        Word::Midpoint,
        Word::Store,
        Word::Credits,
        Word::Battle,
        Word::FirstTurn,
        Word::Mode,
        Word::Exit,
        Word::Enter,
        Word::Ranked,
        Word::Doubles,
        Word::Falls,
        Word::Lane,
        Word::Base,
        Word::Toilet,
        Word::HomePathTile,
        Word::Progress,
        Word::Score,
        Word::Tokens,
        Word::Burned,
        Word::RollAgain,
        Word::Standings,
        Word::Goal,
        Word::Seats,
        Word::Pass,
        Word::Legal,
        Word::Returns,
    ];

    /// How the word is written.
    pub const fn text(self) -> &'static str {
        match self {
            Word::King => "king",
            Word::GroupCount => "solo/pair/trio/quad",
            Word::Midpoint => "midpoint",
            Word::Store => "store",
            Word::Credits => "credits",
            Word::Battle => "battle",
            Word::FirstTurn => "first turn",
            Word::Mode => "mode",
            Word::Exit => "exit",
            Word::Enter => "enter",
            Word::Ranked => "ranked",
            Word::Doubles => "doubles",
            Word::Falls => "falls",
            Word::Lane => "on lane N",
            Word::Base => "in base",
            Word::Toilet => "in toilet",
            Word::HomePathTile => "on home N",
            Word::Progress => "progress",
            Word::Score => "score",
            Word::Tokens => "tokens",
            Word::Burned => "burned",
            Word::RollAgain => "roll again",
            Word::Standings => "standings",
            Word::Goal => "in goal N",
            Word::Seats => "seats",
            Word::Pass => "pass",
            Word::Legal => "legal",
            Word::Returns => "returns",
        }
    }
}

/// What the scenario language says of one game: its words, its pieces, and
/// the rules that decide language-level problems.
#[derive(Debug)]
pub struct Vocabulary {
    pub name: &'static str,
    /// Guards (royal) or pieces (portal) per player, numbered G1..Gn.
    pub pieces: u8,
    /// "guards" or "pieces".
    pub piece_word: &'static str,
    /// The pieces as a user would write them: "G1, G2, G3, G4 or king".
    pub piece_list: &'static str,
    /// "Home path" or "lane", and the word written before its tile number.
    pub path_name: &'static str,
    pub path_word: &'static str,
    /// Words only this game has.
    pub words: &'static [Word],
    /// Help for a word of another game used here (empty: name the game
    /// that has it).
    pub foreign_word_help: &'static str,
    /// Extra help for particular words of another game used here.
    pub word_help: &'static [(Word, &'static str)],
    /// Help for an action named for the player whose turn it is not.
    pub turn_help: &'static str,
    /// The first ring field's number (1; maedn counts its fields from 0).
    pub first_field: u8,
    /// What a ring place is called in messages: "tile" or "field".
    pub tile_word: &'static str,
    /// How an expectation writes a piece in the yard: "in yard", "in base".
    pub yard_phrase: &'static str,
    /// How it writes a Home path tile before its number: "on home", "on lane".
    pub path_phrase: &'static str,
    /// Help for a Home path tile past the last one.
    pub path_help: &'static str,
    /// Whether the language checks dice against 1-6 before playing (false:
    /// the ruleset decides the die's faces and the engine judges them).
    pub six_sided: bool,
    /// Whether a move names its rolls (false: it moves by the die thrown).
    pub moves_need_rolls: bool,
    /// Whether `enter` may stand alone (bring in whichever piece the rules pick).
    pub bare_enter: bool,
    /// The rule a move's direction breaks, for a game that moves forward only.
    pub forward_only: Option<RuleId>,
    /// The rule that ends the game (refuses every action after it).
    pub end_rule: RuleId,
    /// Rules that decide problems the language finds.
    pub players_rule: RuleId,
    pub pieces_rule: RuleId,
    pub ring_rule: RuleId,
    pub path_rule: RuleId,
    /// The rule a piece named twice in one move breaks.
    pub named_twice_rule: RuleId,
    /// The rule a die value outside 1-6 breaks.
    pub roll_values_rule: RuleId,
}

impl Vocabulary {
    pub fn allows(&self, word: Word) -> bool {
        self.words.contains(&word)
    }
    /// A place in this game's words: `in base`, `on lane 2`, `in goal 3`.
    pub fn place_words(&self, place: Place) -> String {
        match place {
            Place::Out => self.yard_phrase.to_string(),
            Place::HomePath(k) => format!("{} {k}", self.path_phrase),
            place => place.to_string(),
        }
    }
    /// The ring's field numbers: 1-ring, or 0-(ring-1) in maedn.
    pub fn fields(&self, ring: u8) -> std::ops::RangeInclusive<i64> {
        let first = self.first_field as i64;
        first..=first + ring as i64 - 1
    }
    /// The help for `word` used in this game although it is another's.
    pub fn help_for(&self, word: Word) -> &'static str {
        self.word_help
            .iter()
            .find(|(w, _)| *w == word)
            .map_or(self.foreign_word_help, |(_, h)| h)
    }
}

/// A game position: made only by validating a [`Setup`], changed only by
/// [`Game::apply_observed`], which returns a new position or the rule that
/// refused the action (leaving this one and the event buffer untouched).
pub trait Game: Clone + PartialEq + Eq + fmt::Debug + Send + Sync + Sized + 'static {
    /// The parameters and the board computed from them.
    type Rules: fmt::Debug + Send + Sync;
    /// The parameters as a ruleset file holds them.
    type Params: crate::params::Params;
    const KIND: GameKind;

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
    fn ply(&self) -> crate::legal::Ply;
    /// The legal actions of the player to move, in the rulebook's normal
    /// form, at most `limit` of them (refused past it, or where the set is
    /// not finite). Empty where the dice are thrown next or the game is over.
    fn legal_list(&self, limit: usize) -> Result<Vec<Action>, crate::legal::Unlisted>;
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
    fn legal_count(&self, limit: usize) -> Result<u64, crate::legal::Unlisted>;
    /// What holds in every position; names what broke.
    fn check_invariants(&self) -> Result<(), Violation>;
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

/// Implements [`Game`] for a position type whose inherent methods carry the
/// trait's names (`from_setup`, `apply_observed`, `check_invariants`, ...),
/// so each game writes its rules once and the seam stays one line.
macro_rules! delegate_game {
    ($pos:ident, $rules:ident, $params:ty, $kind:expr, $catalogue:expr, $words:expr, $rulebook:literal) => {
        impl $crate::Game for $pos {
            type Rules = $rules;
            type Params = $params;
            const KIND: $crate::GameKind = $kind;
            const CATALOGUE: &'static [$crate::RuleInfo] = $catalogue;
            const VOCABULARY: &'static $crate::Vocabulary = $words;
            const RULEBOOK: (&'static str, &'static str) = ($rulebook, include_str!($rulebook));

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
            fn ply(&self) -> $crate::legal::Ply {
                $pos::ply(self)
            }
            fn legal_list(
                &self,
                limit: usize,
            ) -> Result<Vec<$crate::Action>, $crate::legal::Unlisted> {
                $pos::legal_list(self, limit)
            }
            fn legal_count(&self, limit: usize) -> Result<u64, $crate::legal::Unlisted> {
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

pub(crate) use delegate_game;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;

    #[test]
    fn word_all_lists_every_word_once() {
        let all = Word::ALL;
        for (i, w) in all.iter().enumerate() {
            assert!(!all[..i].contains(w), "{w:?} twice");
            // The match in `text` is exhaustive; a word missing here would
            // leave its text out of every game's word list.
            assert!(!w.text().is_empty());
        }
        assert_eq!(all.len(), 28, "a new Word goes into Word::ALL");
    }

    #[test]
    fn every_word_belongs_to_some_game() {
        for w in [Word::King, Word::Enter, Word::Standings, Word::HomePathTile] {
            assert!(
                GameKind::ALL.iter().any(|g| g.vocabulary().allows(w)),
                "{w:?}"
            );
        }
    }

    #[test]
    fn vocabulary_rules_are_in_their_game() {
        for g in GameKind::ALL {
            let v = g.vocabulary();
            for id in [
                v.players_rule,
                v.pieces_rule,
                v.ring_rule,
                v.path_rule,
                v.named_twice_rule,
            ] {
                assert!(g.has_rule(id.0), "{g}: {id}");
            }
        }
    }
}
