use serde::{Deserialize, Serialize};

pub(crate) use goti_engine::params::*;

/// The default `portal` ruleset as shipped (embedded in the binary).
pub const PORTAL_DEFAULT_YAML: &str = include_str!("portal.yaml");

/// A toilet: its trigger tile and the ring tile a piece leaving W3 steps onto.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Toilet {
    pub trigger: u8,
    pub rejoin: u8,
}

/// Board geometry of PORTAL.md §2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalBoardParams {
    pub ring: u8,
    pub forward: Forward,
    pub starts: Seats<u8>,
    pub lane: u8,
    pub safe: Vec<u8>,
    pub roads: Vec<[u8; 2]>,
    pub toilets: Vec<Toilet>,
    pub dice_tiles: Vec<u8>,
}

/// Dice numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalDiceParams {
    pub enter_value: u8,
    pub doubles_burn_at: u8,
    pub climb: [u8; 3],
    pub mercy_falls: u8,
}

/// Tokens paid to the winner by table size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinnerPaid {
    pub duel: i64,
    pub three: i64,
    pub four: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenParams {
    pub sit: i64,
    pub winner_paid: WinnerPaid,
}

/// Every parameter of the `portal` ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortalParams {
    pub name: String,
    pub board: PortalBoardParams,
    pub dice: PortalDiceParams,
    pub tokens: TokenParams,
}

impl Params for PortalParams {
    // end.tokens: paid once the game is over.
    const POINTS_ONLY: &'static [&'static str] = &["tokens"];
    const DEFAULT_YAML: &'static str = PORTAL_DEFAULT_YAML;

    /// Checks that the numbers make a playable board (names the field at fault).
    fn validate(&self) -> Result<(), RulesetError> {
        let b = &self.board;
        check_ring(b.ring)?;
        let on_ring = |field: String, t: u8| tile_on_ring(b.ring, &field, t);
        let starts = b.starts.all();
        for (i, t) in starts.iter().enumerate() {
            on_ring(format!("board.starts.P{}", i + 1), *t)?;
            if starts[..i].contains(t) {
                return Err(err(
                    format!("board.starts.P{}", i + 1),
                    format!("tile {t} is listed twice"),
                ));
            }
        }
        if !(1..=20).contains(&b.lane) {
            return Err(err("board.lane", "a lane of 1-20 tiles is needed"));
        }
        for (i, t) in b.safe.iter().enumerate() {
            on_ring(format!("board.safe.{i}"), *t)?;
            if b.safe[..i].contains(t) {
                return Err(err(
                    format!("board.safe.{i}"),
                    format!("safe tile {t} is listed twice"),
                ));
            }
        }
        for (i, t) in b.dice_tiles.iter().enumerate() {
            on_ring(format!("board.dice_tiles.{i}"), *t)?;
            if b.dice_tiles[..i].contains(t) {
                return Err(err(
                    format!("board.dice_tiles.{i}"),
                    format!("dice tile {t} is listed twice"),
                ));
            }
        }
        let mut specials: Vec<(u8, String)> = Vec::new();
        for (i, [a, c]) in b.roads.iter().enumerate() {
            on_ring(format!("board.roads.{i}.0"), *a)?;
            on_ring(format!("board.roads.{i}.1"), *c)?;
            if a == c {
                return Err(err(
                    format!("board.roads.{i}"),
                    "a road joins two different tiles",
                ));
            }
            specials.push((*a, format!("board.roads.{i}.0")));
            specials.push((*c, format!("board.roads.{i}.1")));
        }
        // board.toilets: the engine keeps falls for at most 8 toilets.
        within("board.toilets", b.toilets.len(), 0..=8)?;
        for (i, t) in b.toilets.iter().enumerate() {
            on_ring(format!("board.toilets.{i}.trigger"), t.trigger)?;
            on_ring(format!("board.toilets.{i}.rejoin"), t.rejoin)?;
            if t.trigger == t.rejoin {
                return Err(err(
                    format!("board.toilets.{i}.rejoin"),
                    "the rejoin tile cannot be the trigger",
                ));
            }
            specials.push((t.trigger, format!("board.toilets.{i}.trigger")));
        }
        for (i, (t, f)) in specials.iter().enumerate() {
            if let Some((_, g)) = specials[..i].iter().find(|(u, _)| u == t) {
                return Err(err(
                    f.clone(),
                    format!("tile {t} is already a road end or toilet ({g})"),
                ));
            }
        }
        let d = &self.dice;
        if !(1..=6).contains(&d.enter_value) {
            return Err(err(
                "dice.enter_value",
                "the entering value is a die face 1-6",
            ));
        }
        if d.doubles_burn_at == 0 {
            return Err(err("dice.doubles_burn_at", "at least 1"));
        }
        for (i, v) in d.climb.iter().enumerate() {
            if !(1..=6).contains(v) {
                return Err(err(
                    format!("dice.climb.{i}"),
                    "a climbing value is a die face 1-6",
                ));
            }
        }
        // Every number has bounds, so no game's arithmetic can overflow.
        within("dice.doubles_burn_at", d.doubles_burn_at, 1..=20)?;
        within("dice.mercy_falls", d.mercy_falls, 0..=20)?;
        let t = &self.tokens;
        within("tokens.sit", t.sit, 0..=MAX_POINTS)?;
        within(
            "tokens.winner_paid.duel",
            t.winner_paid.duel,
            0..=MAX_POINTS,
        )?;
        within(
            "tokens.winner_paid.three",
            t.winner_paid.three,
            0..=MAX_POINTS,
        )?;
        within(
            "tokens.winner_paid.four",
            t.winner_paid.four,
            0..=MAX_POINTS,
        )?;
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
