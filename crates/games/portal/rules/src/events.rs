//! Portal's own events: the toilets' pit and ladder (each cited where its
//! rule applies).

use goti_engine::own::{Draw, Measure, OwnKind};
use goti_engine::{CAPTURES_MEASURE, EXTRA_ROLLS_MEASURE};

/// `toilet.fall`: a piece falls into the pit of the toilet whose trigger
/// is `{0}`.
pub static FELL: OwnKind = OwnKind {
    moves: true,
    measure: Measure::Count("falls"),
    ..OwnKind::reading("{piece} falls into toilet {0}'s pit")
};
/// `toilet.climb`: a piece climbs to spot W`{0}`.
pub static CLIMBED: OwnKind = OwnKind {
    moves: true,
    ..OwnKind::reading("{piece} climbs to W{0}")
};

/// `road.jump`: a piece rides the road from fork tile `{0}` to the far
/// end `{1}` (balance counts the rides; the picture draws each).
pub static RODE: OwnKind = OwnKind {
    moves: true,
    measure: Measure::Count("road rides"),
    draws: Draw::Ride,
    ..OwnKind::reading("{piece} rides the road {0} -> {1}")
};

/// Every kind above (each is checked to read).
pub const ALL: &[&OwnKind] = &[&FELL, &CLIMBED, &RODE];

/// What balance measures of portal, in its order: the family's captures
/// and extra rolls (dice tiles, captures), and its falls and road rides.
pub const MEASURES: &[&str] = &[CAPTURES_MEASURE, "falls", "road rides", EXTRA_ROLLS_MEASURE];
