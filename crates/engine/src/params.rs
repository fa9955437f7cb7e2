//! The parameters of a game as data: what every game's parameters share
//! (validation naming the field at fault, seats, the direction of Forward),
//! and the [`Params`] trait each game's parameter struct implements (each
//! game's own are in its crate). Reading them from a ruleset file is the goti
//! crate's job (`goti::rules`): the engine parses nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What every game's parameters are: data a ruleset file holds (serde),
/// the shipped default file's text, and a check that the numbers make a
/// playable board.
pub trait Params:
    Sized + Send + Sync + Clone + PartialEq + fmt::Debug + Serialize + serde::de::DeserializeOwned
{
    /// The shipped default ruleset file (embedded in the binary).
    const DEFAULT_YAML: &'static str;

    /// The keys (dotted, as in the ruleset file; a key names everything
    /// under it) that act only on points: no rule that decides legality,
    /// movement or the end reads them, so a policy that ignores points
    /// plays the same game whatever they are.
    const POINTS_ONLY: &'static [&'static str] = &[];

    /// Checks that the numbers make a playable board (names the field at fault).
    fn validate(&self) -> Result<(), RulesetError>;

    /// What valid numbers still make no game, seen from the numbers alone
    /// (`goti lint`'s static part); none by default.
    fn unplayable(&self) -> Vec<Unplayable> {
        Vec::new()
    }

    /// The rule IDs these parameters put in play, where a game's
    /// parameters switch rules off (a `race` description: RACE.md §6);
    /// `None` (the default): every rule of the catalogue.
    fn rules_in_play(&self) -> Option<Vec<crate::RuleId>> {
        None
    }

    /// The game's catalogue (`family`) under the rule IDs these parameters
    /// give its rules, where they rename any (a `race` description's
    /// `names`); the catalogue itself by default.
    fn catalogue(
        &self,
        family: &'static [crate::RuleInfo],
    ) -> std::borrow::Cow<'static, [crate::RuleInfo]> {
        std::borrow::Cow::Borrowed(family)
    }

    /// What these parameters call the base and the home fields, where they
    /// name them (a `race` description's `words`); `None` (the default):
    /// the game's vocabulary says.
    fn place_names(&self) -> Option<crate::vocabulary::PlaceNames<'_>> {
        None
    }

    /// Whether `id` is a rule ID of [`Params::catalogue`], without building
    /// it (self-play asks at every step).
    fn cites(&self, family: &'static [crate::RuleInfo], id: crate::RuleId) -> bool {
        self.catalogue(family).iter().any(|r| r.id == id)
    }
}

/// Valid parameters that make no game: the field at fault, why, and the
/// rule that decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    pub field: String,
    pub message: String,
    pub rule: &'static str,
    /// Whether the numbers make no game, or only a part of them is never used.
    pub flaw: Flaw,
}

/// How bad an [`Unplayable`] finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// No game can be played (or none can end).
    NoGame,
    /// A part of the numbers (a deal table's row) is never used: the game
    /// plays, but not as the file says.
    NeverUsed,
}

/// A ruleset file or override that cannot be used, with the dotted field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError {
    /// Dotted path of the field at fault (`board.forts`), empty when the whole
    /// document is at fault.
    pub field: String,
    pub message: String,
    /// Byte offset in the YAML text, when the YAML parser could place it.
    pub offset: Option<usize>,
    /// The field named does not exist (the key is at fault, not its value).
    pub unknown_field: bool,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for RulesetError {}

pub fn err(field: impl Into<String>, message: impl Into<String>) -> RulesetError {
    RulesetError {
        field: field.into(),
        message: message.into(),
        offset: None,
        unknown_field: false,
    }
}

/// One value per seat P1-P4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats<T> {
    #[serde(rename = "P1")]
    pub p1: T,
    #[serde(rename = "P2")]
    pub p2: T,
    #[serde(rename = "P3")]
    pub p3: T,
    #[serde(rename = "P4")]
    pub p4: T,
}

impl<T: Copy> Seats<T> {
    /// The value of seat `i` (0 = P1).
    pub fn get(&self, i: usize) -> T {
        [self.p1, self.p2, self.p3, self.p4][i]
    }
    pub fn all(&self) -> [T; 4] {
        [self.p1, self.p2, self.p3, self.p4]
    }
}

/// Which way Forward goes on the ring numbering (`board.direction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forward {
    /// Forward goes to the next lower number (52 -> 51 ... 1 -> 52).
    Lower,
    /// Forward goes to the next higher number.
    Higher,
}

impl Forward {
    /// The tile `steps` Forward of `tile` (Backward when negative) on a
    /// ring of `ring` tiles numbered 1 to `ring`.
    pub fn walk(self, ring: i32, tile: i32, steps: i32) -> i32 {
        let steps = match self {
            Forward::Lower => -steps,
            Forward::Higher => steps,
        };
        (tile - 1 + steps).rem_euclid(ring) + 1
    }
}

/// `board.ring`: a ring of 8-200 tiles, in every game.
pub fn check_ring(ring: u8) -> Result<(), RulesetError> {
    if (8..=200).contains(&ring) {
        Ok(())
    } else {
        Err(err(
            "board.ring",
            format!("a ring of 8-200 tiles is needed, found {ring}"),
        ))
    }
}

/// The largest point value a ruleset may give (penalties, capture and
/// progress values, tokens): with the 10^9 a scenario may set, no sum a game
/// makes comes near the limits of its integers.
pub const MAX_POINTS: i64 = 1_000_000;

/// A number in `field` must lie in `range` (every number of a ruleset has bounds).
pub fn within<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<(), RulesetError> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(err(
            field,
            format!(
                "{value} is out of bounds; goti takes {}-{} here",
                range.start(),
                range.end()
            ),
        ))
    }
}

/// Like [`within`], for a bound set by another key (`dice.six` within
/// `1..=dice.faces`): the error names that key, so a change to it comes
/// with a change to this one.
pub fn within_key<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
    bound: &str,
) -> Result<(), RulesetError> {
    within(field, value, range).map_err(|mut e| {
        e.message.push_str(&format!(
            " (the bound follows `{bound}`: change `{field}` with it)"
        ));
        e
    })
}

/// A board position in `field` must be a tile of the ring.
pub fn tile_on_ring(ring: u8, field: &str, t: u8) -> Result<(), RulesetError> {
    if t == 0 || t > ring {
        Err(err(field, format!("tile {t} is off the board (1-{ring})")))
    } else {
        Ok(())
    }
}
