//! The toy's own event: a boost (`toy.boost`), with the boosts left.

use goti_engine::own::OwnKind;

/// `toy.boost`: `G1 boost: 0`, the boosts the player has left.
pub static BOOSTED: OwnKind = OwnKind {
    changes: &["boost"],
    ..OwnKind::reading("{piece} boost: {0}")
};
