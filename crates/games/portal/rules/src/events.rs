//! Portal's own events: the toilets' pit and ladder (each cited where its
//! rule applies).

use goti_engine::own::{Measure, OwnKind};

/// `toilet.fall`: a piece falls into the pit of the toilet whose trigger
/// is `{0}`.
pub static FELL: OwnKind = OwnKind {
    text: "{piece} falls into toilet {0}'s pit",
    moves: true,
    changes: &[],
    measure: Measure::Count("falls"),
};
/// `toilet.climb`: a piece climbs to spot W`{0}`.
pub static CLIMBED: OwnKind = OwnKind {
    text: "{piece} climbs to W{0}",
    moves: true,
    changes: &[],
    measure: Measure::Nothing,
};

/// Every kind above (each is checked to read).
pub const ALL: &[&OwnKind] = &[&FELL, &CLIMBED];
