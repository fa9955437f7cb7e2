use goti_engine::vocabulary::Mode;
use serde::{Deserialize, Serialize};

use crate::words::{CLASH, JOURNEY};

pub(crate) use goti_engine::params::*;

/// The default `royal` ruleset as shipped (embedded in the binary).
pub const ROYAL_DEFAULT_YAML: &str = include_str!("royal.yaml");

/// Board geometry (ROYAL.md §2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardParams {
    pub ring: u8,
    pub forward: Forward,
    pub entries: Seats<u8>,
    pub midpoints: Seats<u8>,
    pub junctions: Seats<u8>,
    pub home_path: u8,
    pub forts: Vec<u8>,
}

/// One row of a deal table: with `from..=to` rolls stored, deal `dice` dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRow {
    pub from: u8,
    pub to: u8,
    pub dice: u8,
}

/// The numbers that differ between Journey and Clash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModeParams {
    pub store_cap: u8,
    pub deal: Vec<DealRow>,
    pub blockade_penalty: i64,
    pub capture_value: i64,
    pub progress_value: i64,
}

impl ModeParams {
    /// The most rolls a store can hold before a deal, from an empty one:
    /// a deal adds its dice (up to `roll.store-cap`) and moves spend any
    /// part of a store, so every size up to the largest a deal reaches from
    /// a smaller reachable size is reachable (`roll.deal`, `roll.store-cap`).
    pub fn largest_store(&self) -> usize {
        let cap = usize::from(self.store_cap);
        let mut most = 0usize;
        loop {
            let next = (0..=most)
                .map(|t| (t + usize::from(self.dice_for(t))).min(cap))
                .max()
                .unwrap_or(0)
                .max(most);
            if next == most {
                return most;
            }
            most = next;
        }
    }
    /// Dice dealt with `stored` rolls in the store (`roll.deal`).
    pub fn dice_for(&self, stored: usize) -> u8 {
        self.deal
            .iter()
            .find(|r| (r.from as usize..=r.to as usize).contains(&stored))
            .map_or(0, |r| r.dice)
    }
}

/// Exit credits and grace rolls (ROYAL.md §4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExitParams {
    pub start: u8,
    pub cap: u8,
    pub grace_credit: u8,
    pub after_king_capture: u8,
    pub grace_per_turn: u8,
    pub one_die_six: bool,
}

/// The King's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingParams {
    pub max_value: u8,
    pub counts_as: u8,
    pub factor: i64,
}

/// [house] decisions of ROYAL.md that are orders, not numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderParams {
    /// `blockade.before-capture`: a moving group about to enter a tile is
    /// checked for a blockade first (true); false: a group that can capture
    /// there enters it, and the capture check runs.
    pub blockade_before_capture: bool,
    /// `move.together`: the order in which groups whose paths part go on.
    pub parted_groups: PartedGroups,
    /// `move.together`: when a guard that goes on alone or splits off moves.
    pub parted_moves: PartedMoves,
    /// `move.king-yard`: how a King in the Yard comes back.
    pub king_return: KingReturn,
}

/// `move.together` [house]: the order of groups whose paths part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartedGroups {
    /// Larger groups first, then the group holding the lowest-numbered
    /// guard (`move.order-size`, `move.order-number`).
    Size,
    /// In the order the move names their guards (the first-named first).
    Named,
}

/// `move.together` [house]: whether a group finishes its whole move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartedMoves {
    /// A group finishes its whole move, any guard that goes on alone or
    /// splits off included, before the next group starts.
    WholeGroup,
    /// A guard that goes on alone, or a group that splits off, moves after
    /// the move's other groups (the first part of a parting goes on at once).
    AfterGroups,
}

/// `move.king-yard` [house]: how a King in the Yard returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingReturn {
    /// To its entry tile, free, when its owner's turn starts.
    Free,
    /// By an exit, like a guard: `exit king` spends an exit credit.
    Exit,
}

/// Every parameter of the `royal` ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoyalParams {
    pub name: String,
    pub board: BoardParams,
    pub journey: ModeParams,
    pub clash: ModeParams,
    pub exits: ExitParams,
    pub king: KingParams,
    pub order: OrderParams,
}

impl RoyalParams {
    /// The parameters of `mode` (`table.modes`).
    pub fn of_mode(&self, mode: Mode) -> &ModeParams {
        match mode {
            JOURNEY => &self.journey,
            CLASH => &self.clash,
            other => unreachable!("royal has no mode {other:?}"),
        }
    }
}

impl Params for RoyalParams {
    // capture.points, points.progress, blockade.penalty's points and the
    // King's factor and count for capture points: points alone.
    const POINTS_ONLY: &'static [&'static str] = &[
        "journey.capture_value",
        "journey.progress_value",
        "journey.blockade_penalty",
        "clash.capture_value",
        "clash.progress_value",
        "clash.blockade_penalty",
        "king.counts_as",
        "king.factor",
    ];
    const DEFAULT_YAML: &'static str = ROYAL_DEFAULT_YAML;

    /// No exit credit can ever come, so no guard leaves the Yard and no
    /// player finishes (end.finish): a new game gives none (exit.start 0) and no grace roll gives one (grace.credit
    /// 0, or grace.forced's `exits.grace_per_turn` 0). The third source,
    /// capture.king-penalty, needs a King captured, which takes an opponent
    /// group of two guards on the ring (capture.king-target), which takes
    /// credits spent (exit.cost): none come first, so none come at all.
    /// And a mode whose deal table deals no die (roll.deal).
    fn unplayable(&self) -> Vec<crate::params::Unplayable> {
        let x = &self.exits;
        let mut out = Vec::new();
        // (exit.cap is at least 1: `validate` refuses 0.)
        if x.start == 0 && (x.grace_credit == 0 || x.grace_per_turn == 0) {
            let grace = if x.grace_credit == 0 {
                "exits.grace_credit 0: a grace roll gives none"
            } else {
                "exits.grace_per_turn 0: no grace roll counts"
            };
            out.push(crate::params::Unplayable {
                field: "exits.start".into(),
                message: format!(
                    "no exit credit can ever come (exits.start 0: a new game gives none; {grace}; a captured King's credits need opponent guards out first, capture.king-target): no guard ever leaves the Yard and no game can end (end.finish)"
                ),
                rule: "exit.start",
                flaw: crate::params::Flaw::NoGame,
            });
        }
        // roll.deal: a mode whose table deals no die in any row never fills
        // a store, so no guard moves (the King alone cannot finish).
        for (mode, m) in [("journey", &self.journey), ("clash", &self.clash)] {
            let deals_nothing = m.deal.iter().all(|r| r.dice == 0);
            if deals_nothing {
                out.push(crate::params::Unplayable {
                    field: format!("{mode}.deal"),
                    message: format!(
                        "no row of the {mode} deal table deals a die: no store ever holds a roll, no guard moves, and no {mode} game can end (end.finish)"
                    ),
                    rule: "roll.deal",
                    flaw: crate::params::Flaw::NoGame,
                });
            }
            // roll.deal, roll.store-cap: rows past the largest store the
            // deals can fill are never used (said only of a table that
            // deals at all: one that deals nothing is no game, above).
            if deals_nothing {
                continue;
            }
            let most = m.largest_store();
            for (i, r) in m.deal.iter().enumerate() {
                if usize::from(r.from) > most {
                    out.push(crate::params::Unplayable {
                        field: format!("{mode}.deal.{i}"),
                        message: format!(
                            "the row for {}-{} stored rolls is never used: from an empty store the deals fill at most {most} (roll.store-cap {}), so a {mode} store never holds {} rolls before a deal",
                            r.from, r.to, m.store_cap, r.from
                        ),
                        rule: "roll.deal",
                        flaw: crate::params::Flaw::NeverUsed,
                    });
                }
            }
        }
        out
    }

    /// Checks that the numbers make a playable board (names the field at fault).
    fn validate(&self) -> Result<(), RulesetError> {
        let b = &self.board;
        check_ring(b.ring)?;
        let on_ring = |field: &str, t: u8| tile_on_ring(b.ring, field, t);
        for (name, seats) in [
            ("entries", &b.entries),
            ("midpoints", &b.midpoints),
            ("junctions", &b.junctions),
        ] {
            for (i, t) in seats.all().into_iter().enumerate() {
                on_ring(&format!("board.{name}.P{}", i + 1), t)?;
            }
            let all = seats.all();
            for i in 0..4 {
                for j in 0..i {
                    if all[i] == all[j] {
                        return Err(err(
                            format!("board.{name}.P{}", i + 1),
                            format!("tile {} is listed twice (also P{})", all[i], j + 1),
                        ));
                    }
                }
            }
        }
        for i in 0..4 {
            let e = b.entries.get(i);
            if b.midpoints.get(i) == e {
                return Err(err(
                    format!("board.midpoints.P{}", i + 1),
                    "the midpoint cannot be the entry tile",
                ));
            }
            if b.junctions.get(i) == e {
                return Err(err(
                    format!("board.junctions.P{}", i + 1),
                    "the junction cannot be the entry tile",
                ));
            }
        }
        if !(1..=20).contains(&b.home_path) {
            return Err(err(
                "board.home_path",
                format!("a Home path of 1-20 tiles is needed, found {}", b.home_path),
            ));
        }
        for (i, &f) in b.forts.iter().enumerate() {
            on_ring(&format!("board.forts.{i}"), f)?;
            if b.forts[..i].contains(&f) {
                return Err(err(
                    format!("board.forts.{i}"),
                    format!("fort {f} is listed twice"),
                ));
            }
        }
        for (mode, m) in [("journey", &self.journey), ("clash", &self.clash)] {
            if m.store_cap == 0 || m.store_cap > 60 {
                return Err(err(
                    format!("{mode}.store_cap"),
                    "a store cap of 1-60 is needed",
                ));
            }
            let mut next = 0u16;
            for (i, row) in m.deal.iter().enumerate() {
                let field = format!("{mode}.deal.{i}");
                if row.from as u16 != next {
                    return Err(err(
                        field,
                        format!("the rows must cover store sizes in order without gaps: expected a row from {next}, found from {}", row.from),
                    ));
                }
                if row.to < row.from {
                    return Err(err(
                        field,
                        format!("`to` ({}) is below `from` ({})", row.to, row.from),
                    ));
                }
                if row.dice > 12 {
                    return Err(err(field, "at most 12 dice may be dealt"));
                }
                next = row.to as u16 + 1;
            }
            if next != m.store_cap as u16 + 1 {
                return Err(err(
                    format!("{mode}.deal"),
                    format!(
                        "the deal table must cover every store size 0-{}; it stops at {}",
                        m.store_cap,
                        next as i32 - 1
                    ),
                ));
            }
        }
        let x = &self.exits;
        if x.cap == 0 || x.cap > 20 {
            return Err(err("exits.cap", "an exit credit cap of 1-20 is needed"));
        }
        for (f, v) in [
            ("exits.start", x.start),
            ("exits.after_king_capture", x.after_king_capture),
        ] {
            if v > x.cap {
                return Err(err(f, format!("{v} is above the credit cap {}", x.cap)));
            }
        }
        if self.king.max_value == 0 {
            return Err(err(
                "king.max_value",
                "the King must be able to move at least 1",
            ));
        }
        // Every number has bounds, so no game's arithmetic can overflow.
        for (mode, m) in [("journey", &self.journey), ("clash", &self.clash)] {
            within(
                &format!("{mode}.blockade_penalty"),
                m.blockade_penalty,
                0..=MAX_POINTS,
            )?;
            within(
                &format!("{mode}.capture_value"),
                m.capture_value,
                0..=MAX_POINTS,
            )?;
            within(
                &format!("{mode}.progress_value"),
                m.progress_value,
                0..=MAX_POINTS,
            )?;
        }
        within_key("exits.start", x.start, 0..=x.cap, "exits.cap")?;
        within("exits.grace_per_turn", x.grace_per_turn, 0..=10)?;
        within("king.max_value", self.king.max_value, 1..=60)?;
        within("king.counts_as", self.king.counts_as, 1..=10)?;
        within("king.factor", self.king.factor, 1..=10)?;
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
