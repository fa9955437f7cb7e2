//! Points (ROYAL.md §8): progress, battle and score.

use super::*;
use goti_engine::piece::Player;

impl Royal {
    /// `points.progress`: per-step value x the sum of the pieces' counts.
    pub fn progress_points(&self, p: Player) -> i64 {
        self.mode_params().progress_value * self.seat(p).steps()
    }

    /// `points.score`: progress points + battle points.
    pub fn score(&self, p: Player) -> i64 {
        self.progress_points(p) + self.seat(p).battle
    }

    /// The score, as every game's points (`points.score`).
    pub fn points(&self, p: Player) -> Option<i64> {
        Some(self.score(p))
    }
}
