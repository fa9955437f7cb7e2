//! Portal as the runner plays it.

use std::sync::Arc;

use super::{fail, number, numbers, Played};
use crate::dsl::lower::Check;
use crate::engine::{Mode, Portal, PortalRules};
use crate::selfplay::{Policy, PortalDriver};

impl Played for Portal {
    type Driver = PortalDriver;
    const RULEBOOK: (&'static str, &'static str) =
        ("PORTAL.md", include_str!("../../../tests/data/PORTAL.md"));
    const EXAMPLES: &'static str =
        "# Two scenarios of PORTAL.md. `goti explain scenarios/portal.goti` shows\n\
     # each step with the rules it applied.\n\
     rules portal\n\
     \n\
     scenario \"landing on an opponent sends it back to base\"\n\
     # capture.land: G1 on 40 plays 5 to 35, where P2's piece stands.\n\
     P1 G1 on 40, P2 G1 on 35\n\
     roll 5 1\n\
     move G1 5\n\
     expect P2 G1 in base\n\
     expect applied capture.land\n\
     \n\
     scenario \"the larger value is played first\"\n\
     # dice.larger-first: of 5 1, the 5 is played first.\n\
     players 2\n\
     P1 G1 on 40\n\
     roll 5 1\n\
     move G1 5\n\
     expect P1 G1 on 35\n";

    fn driver(rules: Arc<PortalRules>, _mode: Mode, policy: Policy) -> PortalDriver {
        PortalDriver::new(rules).with_policy(policy)
    }

    fn expect_own(&self, check: &Check) -> Option<Result<(), String>> {
        Some(match check {
            Check::Tokens(p, n) => number(*p, "tokens", *n, self.tokens(*p)),
            Check::Burned(v) => {
                let burned = self.roll().burned();
                if burned.contains(v) {
                    Ok(())
                } else {
                    fail(
                        format!("burned {v}"),
                        if burned.is_empty() {
                            "nothing burned".into()
                        } else {
                            format!("burned {}", numbers(burned))
                        },
                    )
                }
            }
            Check::RollAgain => {
                if self.must_roll_again() {
                    Ok(())
                } else if self.roll().due().is_some() {
                    fail(
                        "roll again".into(),
                        format!("values still to play, {} to move", self.turn()),
                    )
                } else {
                    fail("roll again".into(), format!("turn {}", self.turn()))
                }
            }
            _ => return None,
        })
    }
}
