//! The toy race's one parameter, as a ruleset file holds it.

use serde::{Deserialize, Serialize};

pub(crate) use goti_engine::params::*;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyBoardParams {
    /// Tiles 1-ring.
    pub ring: u8,
}

/// Every parameter of the toy race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToyParams {
    pub name: String,
    pub board: ToyBoardParams,
    /// `toy.boost`: boosts each player holds at the start.
    pub boosts: u8,
}

impl Params for ToyParams {
    const DEFAULT_YAML: &'static str =
        "name: toy\nboard:\n  ring: 8   # toy.move: tiles 1-8\nboosts: 1   # toy.boost\n";

    fn validate(&self) -> Result<(), RulesetError> {
        if self.boosts > 9 {
            return Err(RulesetError {
                field: "boosts".into(),
                message: format!("must be 0-9, not {}", self.boosts),
                offset: None,
                unknown_field: false,
            });
        }
        if (4..=20).contains(&self.board.ring) {
            Ok(())
        } else {
            Err(RulesetError {
                field: "board.ring".into(),
                message: format!("must be 4-20, not {}", self.board.ring),
                offset: None,
                unknown_field: false,
            })
        }
    }
}
