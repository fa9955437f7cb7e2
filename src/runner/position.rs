//! The runner's view of a game in play, whichever game: one enum over the
//! engine's rules and one over its positions, each method delegating to the
//! [`Game`] trait (or [`Played`], [`Render`]) in one line, as shakmaty's
//! `VariantPosition` does. Both enums and their dispatch are generated from
//! the one list of games (`crates/games/list/`); nothing here names a game.

use crate::error::{Error, ErrorKind};
use std::sync::{Arc, OnceLock};

use crate::engine::{
    Action, Event, Game, GameKind, Piece, PieceId, Place, Player, Rejection, Setup, SetupError,
};
use crate::rules::{layers, RulesetError, RulesetParams};

use super::games::Played;
use super::render::Render;

macro_rules! game_enums {
    ($($(#[doc = $doc:literal])* $(#[cfg($cfg:meta)])? $variant:ident => $ty:ty,)*) => {
        /// A ruleset ready to set up positions.
        #[derive(Clone, Debug)]
        pub enum Rules {
            $($(#[cfg($cfg)])? $variant(Arc<<$ty as Game>::Rules>),)*
        }

        /// A position of any game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Position {
            $($(#[cfg($cfg)])? $variant($ty),)*
        }

        /// `each_game!(value, G, x => expr)`: `expr` for whichever game's
        /// rules `value` holds, with `G` the game's position type.
        macro_rules! each_game {
            ($value:expr, $g:ident, $x:ident => $body:expr) => {
                match $value {
                    $($(#[cfg($cfg)])? Rules::$variant($x) => {
                        type $g = $ty;
                        $body
                    })*
                }
            };
        }

        /// `each_position!(value, x => expr)`, as `each_game!` for positions.
        macro_rules! each_position {
            ($value:expr, $x:ident => $body:expr) => {
                match $value {
                    $($(#[cfg($cfg)])? Position::$variant($x) => $body,)*
                }
            };
        }

        /// `each_kind!(game, G => expr)`: `expr` with `G` the position type
        /// of `game`.
        macro_rules! each_kind {
            ($value:expr, $g:ident => $body:expr) => {
                match $value {
                    $($(#[cfg($cfg)])? GameKind::$variant => {
                        type $g = $ty;
                        $body
                    })*
                }
            };
        }

        $(
            $(#[cfg($cfg)])?
            impl From<$ty> for Position {
                fn from(p: $ty) -> Position {
                    Position::$variant(p)
                }
            }
        )*
    };
}

crate::engine::for_each_game!(game_enums);

/// The default rules of every game, built once each.
fn default_rules(game: GameKind) -> Rules {
    static DEFAULTS: [OnceLock<Rules>; GameKind::ALL.len()] =
        [const { OnceLock::new() }; GameKind::ALL.len()];
    DEFAULTS[game.index()]
        .get_or_init(
            || each_kind!(game, G => G::wrap(G::new_rules(<G as Game>::Params::shipped()))),
        )
        .clone()
}

impl Rules {
    /// The built-in defaults of a game.
    pub fn default_of(game: GameKind) -> Rules {
        default_rules(game)
    }
    /// A ruleset file's text for `game`, validated.
    pub fn parse(game: GameKind, text: &str) -> Result<Rules, RulesetError> {
        each_kind!(game, G => parse_rules::<G>(text).map(G::wrap))
    }
    /// These rules with `set KEY = VALUE` overrides, validated once.
    pub fn with_overrides(&self, overrides: &[(&str, &str)]) -> Result<Rules, RulesetError> {
        if overrides.is_empty() {
            return Ok(self.clone());
        }
        Ok(each_game!(self, G, r => G::wrap(G::new_rules(G::params(r).with_overrides(overrides)?))))
    }
    /// The defaults of a game, then a ruleset file's text, then overrides.
    pub fn load(
        game: GameKind,
        file: Option<&str>,
        overrides: &[(&str, &str)],
    ) -> Result<Rules, RulesetError> {
        let base = match file {
            Some(text) => Rules::parse(game, text)?,
            None => Rules::default_of(game),
        };
        base.with_overrides(overrides)
    }
    /// The rules of a merged ruleset tree (defaults, files, overrides), validated.
    pub fn from_tree(game: GameKind, tree: serde_yaml::Value) -> Result<Rules, RulesetError> {
        each_kind!(game, G => tree_rules::<G>(tree).map(G::wrap))
    }
    /// The reduced variant of these rules (`goti lint`'s exhaustive
    /// check), or why the game has none (`Played::reduced`).
    pub fn reduced(
        &self,
        mode: crate::engine::Mode,
    ) -> Result<super::games::Reduction, &'static str> {
        each_game!(self, G, r => G::reduced(r, mode))
    }
    /// What valid parameters still make no game (`Params::unplayable`);
    /// none where the tree does not read.
    pub fn unplayable(
        game: GameKind,
        tree: serde_yaml::Value,
    ) -> Vec<crate::engine::params::Unplayable> {
        each_kind!(game, G => {
            use crate::engine::params::Params;
            layers::params_from_tree::<<G as Game>::Params>(tree)
                .map(|p| p.unplayable())
                .unwrap_or_default()
        })
    }
    /// Every error of a merged tree, not only the first (see
    /// `rules::layers::errors_of_tree`); empty when it reads.
    pub fn errors_of_tree(game: GameKind, tree: serde_yaml::Value) -> Vec<RulesetError> {
        each_kind!(game, G => layers::errors_of_tree::<<G as Game>::Params>(tree))
    }
    /// Every bad key of a partial ruleset file (see `check_keys`).
    pub fn key_errors(game: GameKind, layer: &serde_yaml::Value) -> Vec<RulesetError> {
        each_kind!(game, G => layers::key_errors::<<G as Game>::Params>(layer))
    }
    /// The built-in defaults of a game as a tree.
    pub fn default_tree(game: GameKind) -> serde_yaml::Value {
        each_kind!(game, G => layers::default_tree::<<G as Game>::Params>())
    }
    /// Checks that a ruleset layer's keys exist in `game` and hold the right types.
    pub fn check_keys(game: GameKind, layer: &serde_yaml::Value) -> Result<(), RulesetError> {
        each_kind!(game, G => layers::check_keys::<<G as Game>::Params>(layer))
    }
    pub fn game(&self) -> GameKind {
        each_game!(self, G, _r => <G as crate::engine::Listed>::KIND)
    }
    pub fn ring(&self) -> u8 {
        each_game!(self, G, r => G::ring(r))
    }
    /// The rule IDs these rules put in play (`Params::rules_in_play`);
    /// `None`: every rule of the game's catalogue.
    pub fn rules_in_play(&self) -> Option<Vec<crate::engine::RuleId>> {
        use crate::engine::params::Params;
        each_game!(self, G, r => G::params(r).rules_in_play())
    }
    /// The game's catalogue under the IDs these rules cite
    /// (`Params::catalogue`: a `race` description may rename its rules).
    pub fn catalogue(&self) -> std::borrow::Cow<'static, [crate::engine::RuleInfo]> {
        use crate::engine::params::Params;
        each_game!(self, G, r => G::params(r).catalogue(G::CATALOGUE))
    }
    /// What these rules call the base and the home fields, where they name
    /// them (`Params::place_names`: a `race` description's `words`).
    pub fn place_names(&self) -> Option<(String, String)> {
        use crate::engine::params::Params;
        each_game!(self, G, r => G::params(r)
            .place_names()
            .map(|n| (n.base.to_string(), n.home.to_string())))
    }
    /// The most players a table of these rules seats.
    pub fn most_players(&self) -> u8 {
        each_game!(self, G, r => G::sizes(r).players)
    }
    /// Royal's Home path or portal's lane length.
    pub fn home_path(&self) -> u8 {
        each_game!(self, G, r => G::home_path(r))
    }
    /// What ring tile `tile` is, in the game's words (empty: a plain tile).
    pub fn tile_words(&self, tile: u8) -> Vec<String> {
        each_game!(self, G, r => G::tile_words(r, tile))
    }
    /// Validates a setup into a position.
    pub fn set_up(
        &self,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Position, Vec<SetupError>> {
        each_game!(self, G, r => G::from_setup(r.clone(), setup, events).map(Into::into))
    }
}

fn tree_rules<G: Game>(tree: serde_yaml::Value) -> Result<Arc<G::Rules>, RulesetError> {
    Ok(G::new_rules(layers::params_from_tree::<G::Params>(tree)?))
}

fn parse_rules<G: Game>(text: &str) -> Result<Arc<G::Rules>, RulesetError> {
    Ok(G::new_rules(G::Params::from_yaml(text)?))
}

/// Applies an action of `by` to a position of any game, checking the
/// invariants after every part of the move the rules settle on its own
/// (`move.sequential`). The second value names a broken invariant.
fn apply_checked<G: Game + Into<Position>>(
    pos: &G,
    by: Option<Player>,
    action: &Action,
    events: &mut Vec<Event>,
    reachable: bool,
) -> (Result<Position, Rejection>, Option<String>) {
    let check = |b: &G| {
        if reachable {
            b.check_reachable()
        } else {
            b.check_invariants()
        }
    };
    let mut broken = None;
    let result = pos.apply_observed(by, action, events, &mut |b| {
        if broken.is_none() {
            broken = check(b).err().map(|v| v.0);
        }
    });
    let broken = broken.or_else(|| {
        result
            .as_ref()
            .ok()
            .and_then(|n| check(n).err().map(|v| v.0))
    });
    (result.map(Into::into), broken)
}

impl Position {
    /// Applies an action, checking invariants after every group's move (royal)
    /// or after the move (portal). The second value names a broken invariant.
    pub fn apply_checked(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        reachable: bool,
    ) -> (Result<Position, Rejection>, Option<String>) {
        each_position!(self, g => apply_checked(g, by, action, events, reachable))
    }
    pub fn game(&self) -> GameKind {
        each_position!(self, g => kind_of(g))
    }
    pub fn turn(&self) -> Player {
        each_position!(self, g => g.turn())
    }
    pub fn final_standings(&self) -> Option<&[Player]> {
        each_position!(self, g => Game::final_standings(g))
    }
    /// Whether the rules give the table piece `id` (maedn's `table.pieces`
    /// may be fewer than the words allow; the other games' words are exact).
    pub fn has_piece(&self, id: PieceId) -> bool {
        each_position!(self, g => Played::has_piece(g, id))
    }
    /// Piece `id` of `p`; callers check [`Position::has_piece`] first.
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        each_position!(self, g => Game::piece(g, p, id))
    }
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        each_position!(self, g => Game::pieces_at(g, place))
    }
    /// A place in the words of these rules (`in base`, or a `race`
    /// description's own `in yard`).
    pub fn place_words(&self, place: Place) -> String {
        each_position!(self, g => place_words_of(g, place))
    }
    /// The snapshot body's state part.
    pub fn render_state(&self) -> String {
        each_position!(self, g => g.state())
    }
    /// The board picture of `goti explain`.
    pub fn picture(&self) -> String {
        each_position!(self, g => g.picture())
    }
    /// The position as an SVG picture.
    pub fn svg(&self, marks: &super::render::svg::Marks) -> String {
        each_position!(self, g => g.svg(marks))
    }
}

fn kind_of<G: crate::engine::Listed>(_: &G) -> GameKind {
    G::KIND
}

fn place_words_of<G: crate::engine::Listed + Game>(g: &G, place: Place) -> String {
    use crate::engine::params::Params;
    G::KIND
        .vocabulary()
        .place_words_named(place, G::params(g.rules()).place_names())
}

/// Work generic over the game: [`Rules::visit`] calls it with the rules'
/// own type, so callers need no `match` over games.
pub trait RulesVisitor {
    type Out;
    fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out;
}

/// As [`RulesVisitor`], for two rulesets of one game (base and head).
pub trait PairVisitor {
    type Out;
    fn visit<G: Played>(self, base: &Arc<G::Rules>, head: &Arc<G::Rules>) -> Self::Out;
}

impl Position {
    /// The position as its game's own type, if it is a position of `G`.
    pub fn as_game<G: 'static>(&self) -> Option<&G> {
        each_position!(self, p => (p as &dyn std::any::Any).downcast_ref::<G>())
    }
}

impl Rules {
    /// `v` with these rules as their game's own type.
    pub fn visit<V: RulesVisitor>(&self, v: V) -> V::Out {
        each_game!(self, G, r => v.visit::<G>(r))
    }
    /// `v` with base and head as their game's own type; an error names the
    /// two games when they differ.
    pub fn visit_pair<V: PairVisitor>(&self, head: &Rules, v: V) -> Result<V::Out, Error> {
        Error::of(ErrorKind::Input, || {
            each_game!(self, G, b => match G::rules_of(head) {
                Some(h) => Ok(v.visit::<G>(b, h)),
                None => Err(format!(
                    "base and head rules are of different games ({} and {})",
                    self.game(),
                    head.game()
                )),
            })
        })
    }
    /// The shipped ruleset file of a game, comments and all.
    pub fn default_yaml(game: GameKind) -> &'static str {
        each_kind!(game, G => <<G as Game>::Params as crate::rules::Params>::DEFAULT_YAML)
    }
}

/// The rulebook of a game: its file name and text.
pub fn rulebook(game: GameKind) -> (&'static str, &'static str) {
    game.rulebook()
}

/// The two passing scenarios `goti init` writes for a game.
pub fn examples(game: GameKind) -> &'static str {
    each_kind!(game, G => G::EXAMPLES)
}

impl Position {
    /// The legal actions of the player to move (the rulebook's normal
    /// form), at most `limit`.
    pub fn legal_list(
        &self,
        limit: usize,
    ) -> Result<Vec<crate::engine::Action>, crate::engine::legal::Unlisted> {
        each_position!(self, g => g.legal_list(limit))
    }
    /// What the next ply is: the game over, a throw, the player's choice.
    pub fn ply(&self) -> crate::engine::legal::Ply {
        each_position!(self, g => g.ply())
    }
    /// How many legal actions there are (counted, not listed, where the game can).
    pub fn legal_count(&self, limit: usize) -> Result<u64, crate::engine::legal::Unlisted> {
        each_position!(self, g => g.legal_count(limit))
    }
    /// Histories of `depth` plies from here, within `budget`.
    pub fn perft(
        &self,
        depth: u32,
        budget: &mut crate::engine::legal::Budget,
    ) -> Result<u64, crate::engine::legal::PerftError> {
        each_position!(self, g => crate::engine::legal::perft(g, depth, budget))
    }
    /// Perft split by the first ply, each branch in scenario syntax.
    pub fn divide(
        &self,
        depth: u32,
        budget: &mut crate::engine::legal::Budget,
    ) -> Result<Vec<(String, u64)>, crate::engine::legal::PerftError> {
        let out = each_position!(self, g => crate::engine::legal::divide(g, depth, budget))?;
        Ok(out
            .into_iter()
            .map(|(a, n)| (self.action_words(&a), n))
            .collect())
    }
    /// An action in the rulebook's normal form, as scenario syntax.
    pub fn action_words(&self, a: &crate::engine::Action) -> String {
        each_position!(self, g => g.action_text(a))
    }
    /// The game's own expectations; `None` for the shared ones.
    pub fn expect_own(&self, check: &crate::dsl::lower::Check) -> Option<Result<(), String>> {
        each_position!(self, g => g.expect_own(check))
    }
}

/// The rules of one game out of the enum, by type (every listed game has it).
pub trait RulesOfGame: Game {
    fn rules_of(rules: &Rules) -> Option<&Arc<Self::Rules>>;
    /// These rules as the runner holds any game's.
    fn wrap(rules: Arc<Self::Rules>) -> Rules;
}

macro_rules! rules_of {
    ($($(#[doc = $doc:literal])* $(#[cfg($cfg:meta)])? $variant:ident => $ty:ty,)*) => {
        $(
            $(#[cfg($cfg)])?
            impl RulesOfGame for $ty {
                #[allow(unreachable_patterns)]
                fn rules_of(rules: &Rules) -> Option<&Arc<<$ty as Game>::Rules>> {
                    match rules {
                        Rules::$variant(r) => Some(r),
                        _ => None,
                    }
                }
                fn wrap(rules: Arc<<$ty as Game>::Rules>) -> Rules {
                    Rules::$variant(rules)
                }
            }
        )*
    };
}

crate::engine::for_each_game!(rules_of);
