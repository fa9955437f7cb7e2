//! The toy's own event: a boost (`toy.boost`), with the boosts left.

use goti_engine::own::{Measure, OwnKind};

/// `toy.boost`: `G1 boost: 0`, the boosts the player has left.
pub static BOOSTED: OwnKind = OwnKind {
    text: "{piece} boost: {0}",
    moves: false,
    changes: &["boost"],
    measure: Measure::Nothing,
};
