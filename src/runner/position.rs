//! The runner's view of a game in play, whichever game: one enum over the
//! engine's rules and one over its positions, each method delegating to the
//! [`Game`] trait (or [`Render`]) in one line, as shakmaty's
//! `VariantPosition` does. A new game is one variant in each enum and one arm
//! in each macro below; the compiler finds the rest.

use std::sync::{Arc, OnceLock};

use crate::engine::{
    Action, Event, Game, GameKind, Maedn, MaednRules, Piece, PieceId, Place, Player, Portal,
    PortalRules, Rejection, Royal, RoyalRules, Setup, SetupError,
};
use crate::rules::{layers, RulesetError, RulesetParams};

use super::render::Render;

/// A ruleset ready to set up positions.
#[derive(Clone, Debug)]
pub enum Rules {
    Royal(Arc<RoyalRules>),
    Portal(Arc<PortalRules>),
    Maedn(Arc<MaednRules>),
}

/// A position of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    Royal(Royal),
    Portal(Portal),
    Maedn(Maedn),
}

/// `each_game!(value, G, x => expr)`: `expr` for whichever game's rules
/// `value` holds, with `G` the game's position type.
macro_rules! each_game {
    ($value:expr, $g:ident, $x:ident => $body:expr) => {
        match $value {
            Rules::Royal($x) => {
                type $g = Royal;
                $body
            }
            Rules::Portal($x) => {
                type $g = Portal;
                $body
            }
            Rules::Maedn($x) => {
                type $g = Maedn;
                $body
            }
        }
    };
}

/// `each_position!(value, x => expr)`, as `each_game!` for positions.
macro_rules! each_position {
    ($value:expr, $x:ident => $body:expr) => {
        match $value {
            Position::Royal($x) => $body,
            Position::Portal($x) => $body,
            Position::Maedn($x) => $body,
        }
    };
}

/// The default rules of every game, built once.
fn default_rules(game: GameKind) -> Rules {
    static ROYAL: OnceLock<Arc<RoyalRules>> = OnceLock::new();
    static PORTAL: OnceLock<Arc<PortalRules>> = OnceLock::new();
    static MAEDN: OnceLock<Arc<MaednRules>> = OnceLock::new();
    match game {
        GameKind::Royal => Rules::Royal(ROYAL.get_or_init(RoyalRules::default_rules).clone()),
        GameKind::Portal => Rules::Portal(PORTAL.get_or_init(PortalRules::default_rules).clone()),
        GameKind::Maedn => Rules::Maedn(MAEDN.get_or_init(MaednRules::default_rules).clone()),
    }
}

impl Rules {
    /// The built-in defaults of a game.
    pub fn default_of(game: GameKind) -> Rules {
        default_rules(game)
    }
    /// A ruleset file's text for `game`, validated.
    pub fn parse(game: GameKind, text: &str) -> Result<Rules, RulesetError> {
        match game {
            GameKind::Royal => parse_rules::<Royal>(text).map(Rules::Royal),
            GameKind::Portal => parse_rules::<Portal>(text).map(Rules::Portal),
            GameKind::Maedn => parse_rules::<Maedn>(text).map(Rules::Maedn),
        }
    }
    /// These rules with `set KEY = VALUE` overrides, validated once.
    pub fn with_overrides(&self, overrides: &[(&str, &str)]) -> Result<Rules, RulesetError> {
        if overrides.is_empty() {
            return Ok(self.clone());
        }
        Ok(each_game!(self, G, r => G::new_rules(G::params(r).with_overrides(overrides)?).into()))
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
        match game {
            GameKind::Royal => tree_rules::<Royal>(tree).map(Rules::Royal),
            GameKind::Portal => tree_rules::<Portal>(tree).map(Rules::Portal),
            GameKind::Maedn => tree_rules::<Maedn>(tree).map(Rules::Maedn),
        }
    }
    /// The built-in defaults of a game as a tree.
    pub fn default_tree(game: GameKind) -> serde_yaml::Value {
        match game {
            GameKind::Royal => layers::default_tree::<<Royal as Game>::Params>(),
            GameKind::Portal => layers::default_tree::<<Portal as Game>::Params>(),
            GameKind::Maedn => layers::default_tree::<<Maedn as Game>::Params>(),
        }
    }
    /// Checks that a ruleset layer's keys exist in `game` and hold the right types.
    pub fn check_keys(game: GameKind, layer: &serde_yaml::Value) -> Result<(), RulesetError> {
        match game {
            GameKind::Royal => layers::check_keys::<<Royal as Game>::Params>(layer),
            GameKind::Portal => layers::check_keys::<<Portal as Game>::Params>(layer),
            GameKind::Maedn => layers::check_keys::<<Maedn as Game>::Params>(layer),
        }
    }
    pub fn game(&self) -> GameKind {
        each_game!(self, G, _r => G::KIND)
    }
    pub fn ring(&self) -> u8 {
        each_game!(self, G, r => G::ring(r))
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

impl From<Arc<RoyalRules>> for Rules {
    fn from(r: Arc<RoyalRules>) -> Rules {
        Rules::Royal(r)
    }
}

impl From<Arc<PortalRules>> for Rules {
    fn from(r: Arc<PortalRules>) -> Rules {
        Rules::Portal(r)
    }
}

impl From<Arc<MaednRules>> for Rules {
    fn from(r: Arc<MaednRules>) -> Rules {
        Rules::Maedn(r)
    }
}

impl From<Maedn> for Position {
    fn from(p: Maedn) -> Position {
        Position::Maedn(p)
    }
}

impl From<Royal> for Position {
    fn from(p: Royal) -> Position {
        Position::Royal(p)
    }
}

impl From<Portal> for Position {
    fn from(p: Portal) -> Position {
        Position::Portal(p)
    }
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
            broken = check(b).err();
        }
    });
    let broken = broken.or_else(|| result.as_ref().ok().and_then(|n| check(n).err()));
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
        match self {
            Position::Maedn(m) => m.has_piece(id),
            _ => true,
        }
    }
    /// Piece `id` of `p`; callers check [`Position::has_piece`] first.
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        each_position!(self, g => Game::piece(g, p, id))
    }
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        each_position!(self, g => Game::pieces_at(g, place))
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

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}
