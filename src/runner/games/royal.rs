//! Royal as the runner plays it.

use std::sync::Arc;

use super::{fail, number, numbers, Played};
use crate::dsl::lower::Check;
use crate::engine::{Mode, Player, Royal, RoyalRules};
use crate::selfplay::{Policy, RoyalDriver};

fn store_words(p: Player, rolls: &[i64]) -> String {
    if rolls.is_empty() {
        format!("{p} store empty")
    } else {
        format!("{p} store {}", numbers(rolls))
    }
}

impl Played for Royal {
    type Driver = RoyalDriver;
    const RULEBOOK: (&'static str, &'static str) =
        ("ROYAL.md", include_str!("../../../tests/data/ROYAL.md"));
    const EXAMPLES: &'static str =
        "# Two scenarios of ROYAL.md. `goti explain scenarios/royal.goti` shows each\n\
     # step with the rules it applied.\n\
     rules royal\n\
     \n\
     scenario \"merge capture on a shared tile\"\n\
     # capture.merge: G1 standing on 23 joins G2 landing there (27 - 4,\n\
     # board.direction), so the pair captures P2's lone guard;\n\
     # capture.points: 20 battle points per piece.\n\
     P1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\n\
     expect P2 G1 in yard\n\
     expect P1 battle 20\n\
     \n\
     scenario \"a guard moves Forward to the lower number\"\n\
     # board.direction: Forward goes to the next lower number.\n\
     players 2\n\
     P1 G1 on 40; move G1 3 forward\n\
     expect P1 G1 on 37\n\
     expect no capture\n";

    fn driver(rules: Arc<RoyalRules>, mode: Mode, policy: Policy) -> RoyalDriver {
        RoyalDriver::new(rules, mode).with_policy(policy)
    }

    fn expect_own(&self, check: &Check) -> Option<Result<(), String>> {
        Some(match check {
            Check::Battle(p, n) => number(*p, "battle", *n, self.seat(*p).battle),
            Check::Progress(p, n) => number(*p, "progress", *n, self.progress_points(*p)),
            Check::Score(p, n) => number(*p, "score", *n, self.score(*p)),
            Check::Credits(p, n) => number(*p, "credits", *n, self.seat(*p).credits as i64),
            Check::Store(p, rolls) => {
                let mut want = rolls.clone();
                want.sort_unstable();
                let now: Vec<i64> = self
                    .seat(*p)
                    .store
                    .rolls()
                    .into_iter()
                    .map(i64::from)
                    .collect();
                if now == want {
                    Ok(())
                } else {
                    fail(store_words(*p, &want), store_words(*p, &now))
                }
            }
            _ => return None,
        })
    }
}
