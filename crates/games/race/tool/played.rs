//! Race as the runner plays it.

use std::sync::Arc;

use super::driver::RaceDriver;
use crate::dsl::lower::Check;
use crate::engine::race::RETURNS;
use crate::engine::{Mode, PieceId, Race, RaceRules};
use crate::runner::games::{returns_are, Played, Reduction};
use crate::selfplay::Policy;

impl Played for Race {
    type Driver = RaceDriver;
    const EXAMPLES: &'static str =
        "# Two scenarios of RACE.md, on the shipped description (maedn as\n\
     # data). `goti explain scenarios/race.goti` shows each step with the\n\
     # rules it applied; `rules file \"my-game.yaml\"` plays your own.\n\
     rules race\n\
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
     scenario \"a value of enter.values must bring a piece in\"\n\
     # enter.value with the obligation `enter`: a 6 and a piece in base.\n\
     players 2\n\
     P1 G1 on 5\n\
     roll 6\n\
     expect legal: enter\n\
     enter\n\
     expect P1 G2 on 0\n";

    /// A ring of 16 fields (the four start fields 4 apart), one piece a
    /// player and a home of one field: every position is visited.
    /// One piece on a ring of 16, each seat's pieces going round it
    /// (no `board.entries`). The home keeps as many fields as the
    /// fewest a throw moves (`dice.count`, or `dice.table`'s least), or the description's fewer: a
    /// shorter one would strand a piece on the last common field that the
    /// description's own home lets in.
    fn reduced(rules: &RaceRules, _mode: Mode) -> Result<Reduction, &'static str> {
        let dice = &rules.params.dice;
        let home = rules.home_path().min(dice.least()).to_string();
        let sets = [
            ("board.ring", "16"),
            ("board.starts", "[0, 4, 8, 12]"),
            ("board.entries", "[]"),
            ("table.pieces", "1"),
            ("board.home", home.as_str()),
            ("capture.safe", "[]"),
            ("blockade.fields", "[]"),
        ];
        Ok(Reduction {
            sets: sets
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            home: None,
        })
    }

    fn driver(rules: Arc<RaceRules>, _mode: Mode, policy: Policy) -> RaceDriver {
        RaceDriver::new(rules).with_policy(policy)
    }

    fn has_piece(&self, id: PieceId) -> bool {
        Race::has_piece(self, id)
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
