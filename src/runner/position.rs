//! The runner's view of a game in play, whichever ruleset: one enum over the
//! engine's positions with the queries scenarios and snapshots need.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::dsl::lower::GameKind;
use crate::engine::{
    Action, Event, Piece, PieceId, Place, Player, Portal, PortalRule, PortalRules, Rejection,
    Royal, RoyalRule, RoyalRules, RuleInfo, Setup, SetupError,
};
use crate::rules::{PortalParams, RoyalParams, RulesetError};

use super::render;

/// A ruleset ready to set up positions.
#[derive(Clone, Debug)]
pub enum Rules {
    Royal(Arc<RoyalRules>),
    Portal(Arc<PortalRules>),
}

fn default_royal() -> Arc<RoyalRules> {
    static RULES: OnceLock<Arc<RoyalRules>> = OnceLock::new();
    RULES.get_or_init(RoyalRules::default_rules).clone()
}

fn default_portal() -> Arc<PortalRules> {
    static RULES: OnceLock<Arc<PortalRules>> = OnceLock::new();
    RULES.get_or_init(PortalRules::default_rules).clone()
}

impl Rules {
    /// The default rules of a game, with a ruleset file's text and overrides.
    pub fn load(
        game: GameKind,
        file: Option<&str>,
        overrides: &[(&str, &str)],
    ) -> Result<Rules, RulesetError> {
        match game {
            GameKind::Royal => {
                if file.is_none() && overrides.is_empty() {
                    return Ok(Rules::Royal(default_royal()));
                }
                let base = match file {
                    Some(text) => RoyalParams::from_yaml(text)?,
                    None => default_royal().params.clone(),
                };
                Ok(Rules::Royal(RoyalRules::new(if overrides.is_empty() {
                    base
                } else {
                    base.with_overrides(overrides)?
                })))
            }
            GameKind::Portal => {
                if file.is_none() && overrides.is_empty() {
                    return Ok(Rules::Portal(default_portal()));
                }
                let base = match file {
                    Some(text) => PortalParams::from_yaml(text)?,
                    None => default_portal().params.clone(),
                };
                Ok(Rules::Portal(PortalRules::new(if overrides.is_empty() {
                    base
                } else {
                    base.with_overrides(overrides)?
                })))
            }
        }
    }
    pub fn ring(&self) -> u8 {
        match self {
            Rules::Royal(r) => r.board.ring,
            Rules::Portal(r) => r.board.ring,
        }
    }
    /// Royal's Home path or portal's lane length.
    pub fn home_path(&self) -> u8 {
        match self {
            Rules::Royal(r) => r.board.home_path,
            Rules::Portal(r) => r.board.lane,
        }
    }
    pub fn guards(&self) -> u8 {
        match self {
            Rules::Royal(_) => 4,
            Rules::Portal(_) => 5,
        }
    }
    pub fn catalogue(&self) -> &'static [RuleInfo] {
        catalogue(self.game())
    }
    pub fn game(&self) -> GameKind {
        match self {
            Rules::Royal(_) => GameKind::Royal,
            Rules::Portal(_) => GameKind::Portal,
        }
    }
    /// Validates a setup into a position.
    pub fn set_up(
        &self,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Position, Vec<SetupError>> {
        match self {
            Rules::Royal(r) => Royal::from_setup(r.clone(), setup, events).map(Position::Royal),
            Rules::Portal(r) => Portal::from_setup(r.clone(), setup, events).map(Position::Portal),
        }
    }
}

/// The rule catalogue of a game.
pub fn catalogue(game: GameKind) -> &'static [RuleInfo] {
    match game {
        GameKind::Royal => RoyalRule::CATALOGUE,
        GameKind::Portal => PortalRule::CATALOGUE,
    }
}

/// A position of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    Royal(Royal),
    Portal(Portal),
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
        match self {
            Position::Royal(r) => {
                let check = |b: &Royal| {
                    if reachable {
                        b.check_reachable()
                    } else {
                        b.check_invariants()
                    }
                };
                let mut broken = None;
                let result = r.apply_observed(by, action, events, &mut |b| {
                    if broken.is_none() {
                        broken = check(b).err();
                    }
                });
                let broken = broken.or_else(|| result.as_ref().ok().and_then(|n| check(n).err()));
                (result.map(Position::Royal), broken)
            }
            Position::Portal(g) => {
                let result = g.apply_by(by, action, events);
                let broken = result.as_ref().ok().and_then(|n| {
                    if reachable {
                        n.check_reachable()
                    } else {
                        n.check_invariants()
                    }
                    .err()
                });
                (result.map(Position::Portal), broken)
            }
        }
    }
    pub fn turn(&self) -> Player {
        match self {
            Position::Royal(r) => r.turn(),
            Position::Portal(g) => g.turn(),
        }
    }
    pub fn final_standings(&self) -> Option<&[Player]> {
        match self {
            Position::Royal(r) => r.final_standings(),
            Position::Portal(g) => g.final_standings(),
        }
    }
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        match self {
            Position::Royal(r) => *r.piece(p, id),
            Position::Portal(g) => g.piece(p, id),
        }
    }
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        match self {
            Position::Royal(r) => r.pieces_at(place),
            Position::Portal(g) => g.pieces_at(place),
        }
    }
    /// The snapshot body's state part.
    pub fn render_state(&self) -> String {
        match self {
            Position::Royal(r) => render::state(r),
            Position::Portal(g) => render::portal_state(g),
        }
    }
    /// The board picture of `goti explain`.
    pub fn picture(&self) -> String {
        match self {
            Position::Royal(r) => render::picture(r),
            Position::Portal(g) => render::portal_picture(g),
        }
    }
}

/// Reads a ruleset file named by a scenario (relative to the scenario file).
pub fn read_rules_file(
    scenario: &Path,
    name: &str,
) -> std::io::Result<(std::path::PathBuf, String)> {
    let full = scenario.parent().unwrap_or(Path::new(".")).join(name);
    std::fs::read_to_string(&full).map(|t| (full, t))
}
