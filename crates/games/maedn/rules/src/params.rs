use serde::{Deserialize, Serialize};

pub(crate) use goti_engine::params::*;

/// The default `maedn` ruleset as shipped (embedded in the binary).
pub const MAEDN_DEFAULT_YAML: &str = include_str!("maedn.yaml");

/// Board geometry of MAEDN.md §1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaednBoardParams {
    /// Common fields, numbered from 0.
    pub ring: u8,
    /// The start field of seats 0-3.
    pub starts: [u8; 4],
    /// Goal fields per player.
    pub goal: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaednTableParams {
    pub pieces: u8,
    pub two_players_opposite: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaednDiceParams {
    pub faces: u8,
    pub six: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaednReturnParams {
    pub loser: i64,
}

/// Every parameter of the `maedn` ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaednParams {
    pub name: String,
    pub board: MaednBoardParams,
    pub table: MaednTableParams,
    pub dice: MaednDiceParams,
    pub returns: MaednReturnParams,
}

impl Params for MaednParams {
    // end.win: the returns once the game is over.
    const POINTS_ONLY: &'static [&'static str] = &["returns"];
    const DEFAULT_YAML: &'static str = MAEDN_DEFAULT_YAML;

    fn validate(&self) -> Result<(), RulesetError> {
        let b = &self.board;
        // Route positions are small integers: ring + goal + a die stays below 128.
        within("board.ring", b.ring, 8..=100)?;
        for (i, s) in b.starts.iter().enumerate() {
            let field = format!("board.starts.{i}");
            if *s >= b.ring {
                return Err(err(
                    field,
                    format!("field {s} is off the ring (0-{})", b.ring - 1),
                ));
            }
            if b.starts[..i].contains(s) {
                return Err(err(field, format!("two seats start on field {s}")));
            }
        }
        within("table.pieces", self.table.pieces, 1..=4)?;
        within_key("board.goal", b.goal, self.table.pieces..=8, "table.pieces")?;
        within("dice.faces", self.dice.faces, 2..=20)?;
        within_key("dice.six", self.dice.six, 1..=self.dice.faces, "dice.faces")?;
        within("returns.loser", self.returns.loser, -1000..=0)?;
        Ok(())
    }
}

/// The shipped parameters, for the game's own tests (serde_yaml is a
/// dev-dependency only: the engine never reads YAML itself).
#[cfg(test)]
pub(crate) fn shipped<P: Params>() -> P {
    let p: P = serde_yaml::from_str(P::DEFAULT_YAML).expect("the shipped ruleset reads");
    p.validate().expect("the shipped ruleset is valid");
    p
}
