//! Maedn as the runner plays it.

use std::sync::Arc;

use super::driver::MaednDriver;
use crate::dsl::lower::Check;
use crate::engine::maedn::RETURNS;
use crate::engine::{Maedn, MaednRules, Mode, PieceId};
use crate::runner::games::{returns_are, Played, Reduction};
use crate::selfplay::fast::{SpeedBench, SpeedPath};
use crate::selfplay::Policy;

impl Played for Maedn {
    type Driver = MaednDriver;
    const EXAMPLES: &'static str =
        "# Two scenarios of MAEDN.md. `goti explain scenarios/maedn.goti` shows\n\
     # each step with the rules it applied.\n\
     rules maedn\n\
     \n\
     scenario \"landing on an opponent sends it back to base\"\n\
     # capture.land: G1 on 5 moves 3 to 8, where P2's piece stands.\n\
     players 2\n\
     P1 G1 on 5, P2 G1 on 8\n\
     roll 3\n\
     move G1\n\
     expect P1 G1 on 8\n\
     expect P2 G1 in base\n\
     \n\
     scenario \"a piece moves by the die\"\n\
     # move.free: G1 on 5 moves 4 fields to 9.\n\
     players 2\n\
     P1 G1 on 5\n\
     roll 4\n\
     move G1\n\
     expect P1 G1 on 9\n";

    /// A ring of 16 fields (the four start fields 4 apart), one piece a
    /// player and a goal of one field: every position is visited.
    fn reduced(_rules: &MaednRules, _mode: Mode) -> Result<Reduction, &'static str> {
        let sets = [
            ("board.ring", "16"),
            ("board.starts", "[0, 4, 8, 12]"),
            ("table.pieces", "1"),
            ("board.goal", "1"),
        ];
        Ok(Reduction {
            sets: sets
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            home: None,
        })
    }

    fn driver(rules: Arc<MaednRules>, _mode: Mode, policy: Policy) -> MaednDriver {
        MaednDriver::new(rules).with_policy(policy)
    }

    fn compare_paths(
        rules: Arc<MaednRules>,
        _mode: Mode,
        games: &crate::selfplay::Games,
    ) -> Option<Result<crate::selfplay::fast::Compared, crate::error::Error>> {
        Some(super::driver::compare_speed_path(&rules, games))
    }

    fn speed_path(
        rules: Arc<MaednRules>,
        bench: &SpeedBench,
    ) -> Option<Result<SpeedPath, crate::error::Error>> {
        Some(super::driver::speed_path(&rules, bench))
    }

    fn has_piece(&self, id: PieceId) -> bool {
        Maedn::has_piece(self, id)
    }

    fn expect_own(&self, check: &Check) -> Option<Result<(), String>> {
        let Check::Own(own) = check else {
            return None;
        };
        Some(match (own.word, own.player, own.numbers.as_slice()) {
            (RETURNS, None, want) => returns_are(want, &self.returns()),
            _ => return None,
        })
    }
}
