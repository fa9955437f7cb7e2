//! The toy's own event: a boost (`toy.boost`), with the boosts left.

use goti_engine::own::{Measure, OwnKind};

/// `toy.boost`: `G1 boost: 0`, the boosts the player has left.
pub static BOOSTED: OwnKind = OwnKind {
    text: "{piece} boost: {0}",
    moves: false,
    changes: &["boost"],
    measure: Measure::Nothing,
};

#[cfg(test)]
mod tests {
    /// The kind's text names only parts an event has.
    #[test]
    fn the_boost_reads() {
        assert_eq!(super::BOOSTED.fault(), None);
    }
}
