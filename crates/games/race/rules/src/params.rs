//! The description of a race game: every choice of the Ludo family that
//! `race` offers, named after what it does (RACE.md names the rule each
//! key shapes). A description is a ruleset file, untrusted like any other:
//! [`Params::validate`] refuses one that makes no board, naming the key.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub(crate) use goti_engine::params::*;

/// The shipped default description (embedded in the binary): maedn as data.
pub const RACE_DEFAULT_YAML: &str = include_str!("race.yaml");

/// `table.players`, `table.seats`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceTableParams {
    /// Pieces per player.
    pub pieces: u8,
    /// At a table of two, P2 sits halfway round the board.
    pub two_players_opposite: bool,
}

/// `board.ring`, `board.home`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceBoardParams {
    /// Common fields, numbered from 0.
    pub ring: u8,
    /// Each seat's start field (2-4 seats).
    pub starts: Vec<u8>,
    /// Home fields per player.
    pub home: u8,
    /// `board.entry`: each seat's last common field before its home fields
    /// (a description without it: the field before each seat's start).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<u8>,
    /// `board.exact`: a piece reaches its last home field only by the
    /// exact value (false: a value past it ends there; a description
    /// without it: exact).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub exact: bool,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// `dice.throw`, `dice.table`: the dice thrown together, read as their
/// sum or through a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceDiceParams {
    /// Dice thrown together (a description without it: one).
    #[serde(default = "one")]
    pub count: u8,
    /// Faces of each die, 1 up.
    pub faces: u8,
    /// `dice.table`: what each sum reads, the lowest sum (`count`) first,
    /// one entry for every sum (a description without it: each sum reads
    /// itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub table: Vec<u8>,
    /// How a throw is read: as one value (`sum`, through `table` where it
    /// has one), or each die a value of its own (`each`, `dice.each`; a
    /// description without it: `sum`).
    #[serde(default)]
    pub read: Reading,
}

/// How a throw of several dice is read (`dice.throw`, `dice.each`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// One value: the dice's sum (or its `dice.table` entry).
    #[default]
    Sum,
    /// Each die a value of its own, played one at a time (`dice.each`).
    Each,
}

fn one() -> u8 {
    1
}

impl RaceDiceParams {
    /// The sums a throw can make: `count` up to `count * faces`.
    pub fn sums(&self) -> std::ops::RangeInclusive<u8> {
        self.count..=self.count.saturating_mul(self.faces)
    }

    /// Whether each die is a value of its own (`dice.each`).
    pub fn each(&self) -> bool {
        self.read == Reading::Each
    }

    /// What the sum `sum` reads: its entry of `dice.table`, else itself.
    #[inline]
    pub fn reads(&self, sum: u8) -> u8 {
        if self.table.is_empty() {
            return sum;
        }
        match self.table.get(sum.wrapping_sub(self.count) as usize) {
            Some(&v) => v,
            None => unreachable!(
                "dice.table gives every sum a value (validated): not {sum} of {:?}",
                self.table
            ),
        }
    }

    /// Every value a throw can read, each once, lowest first (each die's
    /// faces, with `dice.each`).
    pub fn values(&self) -> Vec<u8> {
        if self.each() {
            return (1..=self.faces).collect();
        }
        let mut v: Vec<u8> = self.sums().map(|s| self.reads(s)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The fewest fields a throw moves.
    pub fn least(&self) -> u8 {
        self.values().first().copied().unwrap_or(1)
    }
}

/// `enter.value`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceEnterParams {
    /// The values that bring a piece in.
    pub values: Vec<u8>,
}

/// What binds the player before any free choice, in the order listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Obligation {
    /// `start.clear`: a piece on the start field, with pieces waiting in
    /// base, must move on if it can.
    ClearStart,
    /// `enter.value`: a value that brings a piece in must bring one in.
    Enter,
    /// `capture.must`: when an action captures, one that captures must be
    /// taken.
    Capture,
}

/// `capture.land`, `capture.pass`, `capture.safe`, `capture.to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceCaptureParams {
    /// Landing on an opponent's pieces sends them to base.
    pub on_land: bool,
    /// Passing an opponent's pieces sends them to base (a description
    /// without it: no).
    #[serde(default)]
    pub on_pass: bool,
    /// Fields where nobody is captured.
    pub safe: Vec<u8>,
    /// Where a captured piece goes (`capture.to`; a description without
    /// it: its base).
    #[serde(default, skip_serializing_if = "CaptureTo::is_base")]
    pub to: CaptureTo,
}

/// Where a captured piece goes (`capture.to`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureTo {
    /// Back to its owner's base.
    #[default]
    Base,
    /// Onto its owner's start field, once the move is over, if no piece
    /// stands there; else to its base.
    Start,
}

impl CaptureTo {
    fn is_base(&self) -> bool {
        *self == CaptureTo::Base
    }
}

/// `move.share`, `move.jump`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceMoveParams {
    /// Own pieces may share a ring field (never a home field).
    pub own_share: bool,
    /// Pieces pass fields that hold pieces (a description without it: yes).
    #[serde(default = "yes")]
    pub jump: bool,
}

impl Default for RaceMoveParams {
    fn default() -> Self {
        RaceMoveParams {
            own_share: false,
            jump: true,
        }
    }
}

fn yes() -> bool {
    true
}

/// What a blockade stops (`blockade.stop`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stops {
    /// No opponent's piece passes it or lands on it.
    #[default]
    Passing,
    /// No opponent's piece lands on it; pieces jump it.
    Landing,
}

/// `blockade.form`, `blockade.stop`, `blockade.fields`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceBlockadeParams {
    /// This many pieces of one player on one ring field make a blockade
    /// (0: none).
    pub size: u8,
    /// What it stops.
    pub stops: Stops,
    /// `blockade.fields`: the ring fields where blockades form (a
    /// description without it: every ring field).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<u8>,
}

/// `throw.again`, `throw.limit`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceAgainParams {
    /// The values that throw again.
    pub values: Vec<u8>,
    /// A pass on such a value throws again too.
    pub after_pass: bool,
    /// A capture throws again.
    pub on_capture: bool,
    /// A piece reaching its home fields throws again (a description
    /// without it: no).
    #[serde(default)]
    pub on_home: bool,
    /// A double (every die showing the same face) throws again
    /// (`throw.double`; a description without it: no).
    #[serde(default)]
    pub on_double: bool,
    /// The Nth throw in a row of such a value is forfeit (0: no limit).
    pub limit: u8,
    /// What else happens at the limit (`throw.penalty`; a description
    /// without it: nothing, the throw is forfeit).
    #[serde(default, skip_serializing_if = "AtLimit::is_forfeit")]
    pub at_limit: AtLimit,
}

/// What a throw at `again.limit` does besides being forfeit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtLimit {
    /// The throw is forfeit (`throw.limit`), no more.
    #[default]
    Forfeit,
    /// The player's leading piece on the common fields goes back to base
    /// too (`throw.penalty`: Parcheesi's third double).
    LeadBack,
}

impl AtLimit {
    fn is_forfeit(&self) -> bool {
        *self == AtLimit::Forfeit
    }
}

/// `end.places`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceEndParams {
    /// Play goes on for places after the first player is home, until one
    /// player is left.
    pub play_on: bool,
}

/// `end.win`, `end.places`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceReturnParams {
    /// Every player but the winner.
    pub loser: i64,
    /// With `end.play_on`, what each place is paid: one list for each
    /// table size from two players up, first place first (a description
    /// without it: place k of n is paid n + 1 - 2k).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Vec<i64>>,
}

impl RaceReturnParams {
    /// What place `k` (0: first) of `n` players is paid.
    pub fn place(&self, k: usize, n: usize) -> i64 {
        match self.places.get(n.wrapping_sub(2)) {
            Some(list) => *list.get(k).unwrap_or_else(|| {
                unreachable!("returns.places pays {n} places (validated): {list:?}")
            }),
            None if self.places.is_empty() => n as i64 - 1 - 2 * k as i64,
            None => unreachable!(
                "returns.places has a list for every table (validated): not {n} in {:?}",
                self.places
            ),
        }
    }
}

/// A race game's description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceParams {
    pub name: String,
    pub table: RaceTableParams,
    pub board: RaceBoardParams,
    pub dice: RaceDiceParams,
    pub enter: RaceEnterParams,
    /// What binds the player first, in this order.
    pub obligations: Vec<Obligation>,
    /// How pieces share fields (a description without it: they do not).
    #[serde(rename = "move", default)]
    pub moving: RaceMoveParams,
    pub capture: RaceCaptureParams,
    /// Blockades (a description without it: none).
    #[serde(default)]
    pub blockade: RaceBlockadeParams,
    pub again: RaceAgainParams,
    /// How the game ends (a description without it: at the first player
    /// home).
    #[serde(default)]
    pub end: RaceEndParams,
    pub returns: RaceReturnParams,
    /// The description's own rule IDs (`names`): a rule of RACE.md
    /// to the ID its events, refusals and coverage cite instead (a
    /// description without it: RACE.md's).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub names: BTreeMap<String, String>,
    /// What scenarios call the base and the home fields (`words`; a
    /// description without it: `base` and `goal`, MAEDN.md's).
    #[serde(default, skip_serializing_if = "RaceWords::is_default")]
    pub words: RaceWords,
}

/// A description's own place words: `P1 G1 in yard`, `P1 G1 in home 3`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceWords {
    /// Where pieces wait before they enter (board.base).
    pub base: String,
    /// The home fields, written with their number (board.home).
    pub home: String,
}

impl RaceWords {
    fn is_default(&self) -> bool {
        *self == RaceWords::default()
    }
}

impl Default for RaceWords {
    fn default() -> Self {
        RaceWords {
            base: "base".into(),
            home: "goal".into(),
        }
    }
}

impl Params for RaceParams {
    // end.win: the returns once the game is over.
    const POINTS_ONLY: &'static [&'static str] = &["returns"];
    const DEFAULT_YAML: &'static str = RACE_DEFAULT_YAML;

    /// RACE.md §6, under the description's own names.
    fn rules_in_play(&self) -> Option<Vec<goti_engine::RuleId>> {
        Some(
            self.race_rules_in_play()
                .into_iter()
                .map(|r| self.rule_id(r))
                .collect(),
        )
    }

    /// RACE.md's catalogue under the description's own names.
    fn catalogue(
        &self,
        family: &'static [goti_engine::RuleInfo],
    ) -> std::borrow::Cow<'static, [goti_engine::RuleInfo]> {
        if self.names.is_empty() {
            return std::borrow::Cow::Borrowed(family);
        }
        crate::RaceRule::ALL
            .iter()
            .map(|&r| goti_engine::RuleInfo {
                id: self.rule_id(r),
                text: r.text(),
            })
            .collect()
    }

    /// `words`: the description's own place words.
    fn place_names(&self) -> Option<goti_engine::vocabulary::PlaceNames<'_>> {
        Some(goti_engine::vocabulary::PlaceNames {
            base: &self.words.base,
            home: &self.words.home,
        })
    }

    /// A rule of RACE.md not renamed, or a description's own name.
    fn cites(&self, family: &'static [goti_engine::RuleInfo], id: goti_engine::RuleId) -> bool {
        if self.names.values().any(|own| own == id.0) {
            return true;
        }
        !self.names.contains_key(id.0) && family.iter().any(|r| r.id == id)
    }

    fn validate(&self) -> Result<(), RulesetError> {
        let b = &self.board;
        // Route positions are small integers: ring + home + a die stays below 128.
        within("board.ring", b.ring, 4..=80)?;
        within("board.starts", b.starts.len(), 2..=4)?;
        on_ring("board.starts", &b.starts, b.ring, |s| {
            format!("two seats start on field {s}")
        })?;
        if !b.entries.is_empty() && b.entries.len() != b.starts.len() {
            return Err(err(
                "board.entries",
                format!(
                    "one entry field for each of the {} seats, not {}",
                    b.starts.len(),
                    b.entries.len()
                ),
            ));
        }
        on_ring("board.entries", &b.entries, b.ring, |e| {
            format!("two seats turn home after field {e}")
        })?;
        for (i, e) in b.entries.iter().enumerate() {
            if let Some(s) = b.starts.iter().position(|s| s == e) {
                return Err(err(
                    format!("board.entries.{i}"),
                    format!("field {e} is seat {s}'s start: a seat turns home after a field that starts none"),
                ));
            }
        }
        within("table.pieces", self.table.pieces, 1..=4)?;
        within_key("board.home", b.home, self.table.pieces..=8, "table.pieces")?;
        within("dice.count", self.dice.count, 1..=6)?;
        within("dice.faces", self.dice.faces, 1..=20)?;
        // Route positions stay below 128: ring 80 + home 8 + a throw of 36.
        if self.dice.count as u16 * self.dice.faces as u16 > 36 {
            return Err(err(
                "dice.faces",
                format!(
                    "{} dice of {} faces throw up to {}: at most 36 is a throw",
                    self.dice.count,
                    self.dice.faces,
                    self.dice.count as u16 * self.dice.faces as u16
                ),
            ));
        }
        self.check_table()?;
        faces("enter.values", &self.enter.values, &self.dice)?;
        if self.enter.values.is_empty() {
            return Err(err(
                "enter.values",
                "no value brings a piece in, so no piece ever leaves base",
            ));
        }
        faces("again.values", &self.again.values, &self.dice)?;
        if self.again.on_double && self.dice.count < 2 {
            return Err(err(
                "again.on_double",
                "one die throws no double: set dice.count to 2 or more, or on_double to false",
            ));
        }
        for (i, o) in self.obligations.iter().enumerate() {
            if self.obligations[..i].contains(o) {
                return Err(err(
                    format!("obligations.{i}"),
                    "an obligation is listed twice",
                ));
            }
            if *o == Obligation::Capture && !self.capture.on_land && !self.capture.on_pass {
                return Err(err(
                    format!("obligations.{i}"),
                    "nothing captures, so nothing must: set capture.on_land or capture.on_pass, or drop `capture`",
                ));
            }
        }
        on_ring("capture.safe", &self.capture.safe, b.ring, |f| {
            format!("field {f} is listed twice")
        })?;
        if self.capture.to == CaptureTo::Start && !self.capture.on_land && !self.capture.on_pass {
            return Err(err(
                "capture.to",
                "nothing is captured, so nothing goes anywhere: set capture.on_land or \
                 capture.on_pass, or remove capture.to",
            ));
        }
        let size = self.blockade.size;
        if size > 0 {
            within_key(
                "blockade.size",
                size,
                2..=self.table.pieces.max(2),
                "table.pieces",
            )?;
            if !self.moving.own_share {
                return Err(err(
                    "blockade.size",
                    "a blockade is pieces of one player sharing a field: set move.own_share to true",
                ));
            }
        } else if !self.blockade.fields.is_empty() {
            return Err(err(
                "blockade.fields",
                "no blockade forms anywhere (blockade.size 0): set blockade.size, or remove blockade.fields",
            ));
        }
        on_ring("blockade.fields", &self.blockade.fields, b.ring, |f| {
            format!("field {f} is listed twice")
        })?;
        self.check_names()?;
        self.check_words()?;
        within("again.limit", self.again.limit, 0..=10)?;
        if self.again.at_limit == AtLimit::LeadBack && !self.limits() {
            return Err(err(
                "again.at_limit",
                "no throw reaches a limit, so none is punished: set again.limit above 0 with a value \
                 or a double that throws again, or at_limit to forfeit",
            ));
        }
        within("returns.loser", self.returns.loser, -1000..=0)?;
        self.check_places()?;
        Ok(())
    }
}

fn off_ring(f: u8, ring: u8) -> String {
    format!("field {f} is off the ring (0-{})", ring - 1)
}

/// Every field `key` lists lies on the ring and is listed once (`twice`
/// says what a field listed again would mean).
fn on_ring(
    key: &str,
    fields: &[u8],
    ring: u8,
    twice: impl Fn(u8) -> String,
) -> Result<(), RulesetError> {
    for (i, f) in fields.iter().enumerate() {
        if *f >= ring {
            return Err(err(format!("{key}.{i}"), off_ring(*f, ring)));
        }
        if fields[..i].contains(f) {
            return Err(err(format!("{key}.{i}"), twice(*f)));
        }
    }
    Ok(())
}

/// Every value of a list is a value a throw reads, and listed once.
fn faces(key: &str, values: &[u8], dice: &RaceDiceParams) -> Result<(), RulesetError> {
    let can = dice.values();
    for (i, v) in values.iter().enumerate() {
        let field = format!("{key}.{i}");
        if !can.contains(v) {
            let sums = dice.sums();
            let message = if !dice.table.is_empty() {
                let list: Vec<String> = can.iter().map(u8::to_string).collect();
                format!("dice.table reads {}, not {v}", list.join(", "))
            } else if dice.count == 1 {
                format!("a die shows {}-{}, not {v}", sums.start(), sums.end())
            } else {
                format!("the dice read {}-{}, not {v}", sums.start(), sums.end())
            };
            return Err(err(field, message));
        }
        if values[..i].contains(v) {
            return Err(err(field, format!("{v} is listed twice")));
        }
    }
    Ok(())
}

/// The shipped description, for the game's own tests (serde_yaml is a
/// dev-dependency only: the engine never reads YAML itself).
#[cfg(test)]
pub(crate) fn shipped() -> RaceParams {
    let p: RaceParams =
        serde_yaml::from_str(RaceParams::DEFAULT_YAML).expect("the shipped description reads");
    p.validate().expect("the shipped description is valid");
    p
}

impl RaceParams {
    /// The ID rule `r` is cited by: the description's own name for it
    /// (`names`), else RACE.md's.
    pub fn rule_id(&self, r: crate::RaceRule) -> goti_engine::RuleId {
        match self.names.get(r.id().0) {
            Some(own) => goti_engine::rule::intern(own),
            None => r.id(),
        }
    }

    /// `dice.table`: absent, or one value for every sum the dice make,
    /// each a move of 1 to 36 fields.
    fn check_table(&self) -> Result<(), RulesetError> {
        let dice = &self.dice;
        if dice.each() {
            // dice.each: several dice, no table, nothing thrown again by value.
            within_key("dice.count", dice.count, 2..=4, "dice.read")?;
            if !dice.table.is_empty() {
                return Err(err(
                    "dice.table",
                    "a table reads a throw's sum; with dice.read: each, each die is its own value: \
                     remove the table or read the sum",
                ));
            }
            if !self.again.values.is_empty() {
                return Err(err(
                    "again.values",
                    "with dice.read: each, a throw is no one value to throw again on: \
                     a double throws again (again.on_double); empty again.values",
                ));
            }
        }
        if dice.table.is_empty() {
            return Ok(());
        }
        let sums = dice.sums();
        let want = sums.len();
        if dice.table.len() != want {
            return Err(err(
                "dice.table",
                format!(
                    "{} dice of {} faces make {want} sums ({}-{}): the table gives one value for each, \
                     the lowest sum first, not {}",
                    dice.count,
                    dice.faces,
                    sums.start(),
                    sums.end(),
                    dice.table.len()
                ),
            ));
        }
        for (i, v) in dice.table.iter().enumerate() {
            within(&format!("dice.table.{i}"), *v, 1..=36)?;
        }
        Ok(())
    }

    /// `returns.places`: absent, or (with `end.play_on`) one list for
    /// each table size from two players up to the seats, as long as its
    /// table is, each payout within -1000..=1000.
    fn check_places(&self) -> Result<(), RulesetError> {
        let places = &self.returns.places;
        if places.is_empty() {
            return Ok(());
        }
        if !self.end.play_on {
            return Err(err(
                "returns.places",
                "places are paid only when play goes on for them: set end.play_on to true, \
                 or remove returns.places",
            ));
        }
        let seats = self.board.starts.len();
        if places.len() != seats - 1 {
            return Err(err(
                "returns.places",
                format!(
                    "the board seats 2-{seats} players: give {} lists, one for each table size \
                     from two players up (`[[1, -1], [2, 0, -2], [3, 1, -1, -3]]`), not {}",
                    seats - 1,
                    places.len()
                ),
            ));
        }
        for (i, list) in places.iter().enumerate() {
            let n = i + 2;
            if list.len() != n {
                return Err(err(
                    format!("returns.places.{i}"),
                    format!(
                        "list {} pays a table of {n}: {n} places, first place first, not {}",
                        i + 1,
                        list.len()
                    ),
                ));
            }
            for (k, v) in list.iter().enumerate() {
                within(&format!("returns.places.{i}.{k}"), *v, -1000..=1000)?;
            }
        }
        Ok(())
    }

    /// `names`: each key a rule of RACE.md, each name a dotted ID of
    /// lowercase words that no other rule is cited by.
    /// `words`: each a word a scenario can write after `in`, the two apart.
    fn check_words(&self) -> Result<(), RulesetError> {
        let w = &self.words;
        for (key, word) in [("words.base", &w.base), ("words.home", &w.home)] {
            let letters = word.starts_with(|c: char| c.is_ascii_lowercase())
                && word.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if word.len() > 20 || !letters {
                return Err(err(
                    key,
                    format!(
                        "`{word}` is not a place word: lowercase letters and `-`, from a letter, at most 20 (`yard`)"
                    ),
                ));
            }
        }
        if w.base == w.home {
            return Err(err(
                "words.home",
                format!("the base and the home fields are both called `{}`", w.home),
            ));
        }
        // `in yard` and `in base` are whole places of the language, so
        // `in yard 3` does not read as a home field.
        if ["yard", "base"].contains(&w.home.as_str()) {
            return Err(err(
                "words.home",
                format!(
                    "`in {} N` does not read as a home field: `{}` is a base in the language; call the home fields otherwise (`home`)",
                    w.home, w.home
                ),
            ));
        }
        Ok(())
    }

    fn check_names(&self) -> Result<(), RulesetError> {
        use crate::RaceRule as R;
        let cited: Vec<&str> = R::ALL
            .iter()
            .map(|r| self.names.get(r.id().0).map_or(r.id().0, String::as_str))
            .collect();
        for (rule, own) in &self.names {
            let field = format!("names.{rule}");
            if R::from_id(rule).is_none() {
                let all: Vec<&str> = R::ALL.iter().map(|r| r.id().0).collect();
                return Err(err(
                    field,
                    format!(
                        "`{rule}` is not a rule of RACE.md (its rules: {})",
                        all.join(", ")
                    ),
                ));
            }
            let word = |w: &str| {
                !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            };
            if own.len() > 40 || !own.contains('.') || !own.split('.').all(word) {
                return Err(err(
                    field,
                    format!(
                        "`{own}` is not a rule ID: dotted lowercase words, at most 40 characters (`dice.one`)"
                    ),
                ));
            }
            if cited.iter().filter(|c| **c == own.as_str()).count() > 1 {
                return Err(err(
                    field,
                    format!("`{own}` would cite two rules: each rule needs an ID of its own"),
                ));
            }
        }
        Ok(())
    }

    /// `throw.limit`: some throw reaches a limit (one above 0, and a value
    /// or a double that throws again).
    fn limits(&self) -> bool {
        let again = &self.again;
        again.limit > 0 && (!again.values.is_empty() || again.on_double)
    }

    /// The rule IDs this description puts in play (RACE.md §6): every rule
    /// of the family but those its keys switch off.
    pub fn race_rules_in_play(&self) -> Vec<crate::RaceRule> {
        use crate::RaceRule as R;
        let again = &self.again;
        let by_value = !again.values.is_empty();
        R::ALL
            .iter()
            .copied()
            .filter(|r| match r {
                R::ThrowAgain => by_value || again.on_capture || again.on_home,
                R::ThrowDouble => again.on_double,
                R::DiceTable => !self.dice.table.is_empty(),
                R::DiceEach => self.dice.each(),
                R::ThrowLimit => self.limits(),
                R::ThrowPenalty => self.limits() && again.at_limit == AtLimit::LeadBack,
                R::StartClear => self.obligations.contains(&Obligation::ClearStart),
                R::CaptureMust => self.obligations.contains(&Obligation::Capture),
                R::BoardExact => !self.board.exact,
                R::BoardEntry => !self.board.entries.is_empty(),
                R::MoveShare => self.moving.own_share,
                R::MoveJump => !self.moving.jump,
                R::CapturePass => self.capture.on_pass,
                R::CaptureTo => {
                    (self.capture.on_land || self.capture.on_pass)
                        && self.capture.to == CaptureTo::Start
                }
                R::CaptureSafe => {
                    (self.capture.on_land || self.capture.on_pass) && !self.capture.safe.is_empty()
                }
                R::BlockadeForm | R::BlockadeStop => self.blockade.size > 0,
                R::BlockadeFields => self.blockade.size > 0 && !self.blockade.fields.is_empty(),
                R::EndPlaces => self.end.play_on,
                // Named one by one: a new rule must say when it is in play.
                R::TablePlayers
                | R::TableSeats
                | R::BoardRing
                | R::BoardHome
                | R::BoardBase
                | R::DiceThrow
                | R::EnterValue
                | R::MoveFree
                | R::MovePass
                // capture.land decides sharing when captures are off, too.
                | R::CaptureLand
                | R::EndWin => true,
            })
            .collect()
    }
}
