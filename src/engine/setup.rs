//! An unvalidated description of a mid-game position (what a scenario's
//! setup lines say), turned into a [`Royal`](super::Royal) by validation.

use super::piece::{PieceId, Place, Player};
use super::rule::RuleId;

/// Journey or Clash (`table.modes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    #[default]
    Journey,
    Clash,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Journey => "journey",
            Mode::Clash => "clash",
        }
    }
}

/// One piece put somewhere by the setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub player: Player,
    pub piece: PieceId,
    pub place: Place,
    /// `past midpoint` (true) / `before midpoint` (false); `None` derives it.
    pub midpoint: Option<bool>,
    /// `steps N`; `None` derives it from the place.
    pub steps: Option<i32>,
}

/// Per-player numbers the setup may give.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeatSetup {
    /// `Some` once the store is set (`P1 store 3 5` / `P1 store empty`).
    pub store: Option<Vec<u8>>,
    pub credits: Option<u8>,
    pub battle: Option<i64>,
    pub first_turn: bool,
}

/// Portal: how often a piece fell into a toilet since it last left base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Falls {
    pub player: Player,
    pub piece: u8,
    pub trigger: u8,
    pub count: u8,
}

/// Everything a setup may say; nothing here is checked yet. Royal reads
/// the mode and seats; portal reads `ranked`, `doubles` and `falls`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    pub mode: Mode,
    pub players: Vec<Player>,
    pub placements: Vec<Placement>,
    pub seats: [SeatSetup; 4],
    pub turn: Option<Player>,
    pub ranked: bool,
    /// Doubles already thrown in a row this turn.
    pub doubles: [Option<u8>; 4],
    pub falls: Vec<Falls>,
    /// Maedn: `seats opposite` (true) or `seats side` (false) for two players.
    pub seats_opposite: Option<bool>,
}

/// The part of a setup an error is about, so a front end can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupPart {
    Players,
    Placement(usize),
    Store(Player),
    Credits(Player),
    Turn,
    Doubles(Player),
    Falls(usize),
}

/// A setup that no position matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub rule: RuleId,
    pub part: SetupPart,
    pub message: String,
    pub help: Option<String>,
}
