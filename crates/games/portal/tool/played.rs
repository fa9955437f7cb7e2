//! Portal as the runner plays it.

use std::sync::Arc;

use super::driver::PortalDriver;
use crate::dsl::lower::Check;
use crate::engine::portal::{BURNED, ROLL_AGAIN, TOKENS};
use crate::engine::{Mode, PieceId, Player, Portal, PortalRules};
use crate::runner::games::{fail, number, numbers, Played, Reduction};
use crate::selfplay::Policy;

impl Played for Portal {
    type Driver = PortalDriver;
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

    /// Portal has no piece-count key (`table.pieces` is [seed]): G1 plays,
    /// G2-G5 start home. A ring of 16 with a lane of one tile, the starts 4
    /// apart, and one of each special tile on P1's first half lap: a road
    /// between the tiles 1 and 7 steps Forward of P1's start, a toilet
    /// whose trigger is 2 steps Forward (rejoining one further), a dice
    /// tile at 5 and a safe tile at 6. The dice and toilet numbers are the
    /// ruleset's own.
    fn reduced(rules: &PortalRules, _mode: Mode) -> Result<Reduction, &'static str> {
        const RING: i32 = 16;
        // Steps Forward of P1's start, tile RING.
        let forward = |steps: i32| rules.params.board.forward.walk(RING, RING, steps);
        let starts: Vec<String> = Player::ALL
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{p}: {}", forward(4 * i as i32)))
            .collect();
        let sets = [
            ("board.ring", RING.to_string()),
            ("board.starts", format!("{{ {} }}", starts.join(", "))),
            ("board.lane", "1".into()),
            ("board.safe", format!("[{}]", forward(6))),
            ("board.roads", format!("[[{}, {}]]", forward(1), forward(7))),
            (
                "board.toilets",
                format!("[{{ trigger: {}, rejoin: {} }}]", forward(2), forward(3)),
            ),
            ("board.dice_tiles", format!("[{}]", forward(5))),
        ];
        Ok(Reduction {
            sets: sets.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            home: Some("G2-G5 start home"),
        })
    }

    fn reduced_driver(rules: Arc<PortalRules>, _mode: Mode) -> PortalDriver {
        PortalDriver::new(rules).starting_home(&[
            PieceId::Numbered(2),
            PieceId::Numbered(3),
            PieceId::Numbered(4),
            PieceId::Numbered(5),
        ])
    }

    fn driver(rules: Arc<PortalRules>, _mode: Mode, policy: Policy) -> PortalDriver {
        PortalDriver::new(rules).with_policy(policy)
    }

    fn compare_paths(
        rules: Arc<PortalRules>,
        _mode: Mode,
        games: &crate::selfplay::Games,
    ) -> Option<Result<crate::selfplay::fast::Compared, crate::error::Error>> {
        let driver = PortalDriver::new(rules);
        Some(crate::selfplay::fast::compare_paths(&driver, games))
    }

    fn engine_calls(
        rules: Arc<PortalRules>,
        _mode: Mode,
        games: &crate::selfplay::Games,
    ) -> Option<Result<(u64, [f64; 2]), crate::error::Error>> {
        let driver = PortalDriver::new(rules);
        Some(crate::selfplay::fast::engine_calls(&driver, games))
    }

    fn play_paths(
        rules: Arc<PortalRules>,
        _mode: Mode,
        games: &crate::selfplay::Games,
        path: crate::selfplay::fast::Path,
    ) -> Option<Result<u64, crate::error::Error>> {
        let driver = PortalDriver::new(rules);
        Some(crate::selfplay::fast::play_games(&driver, games, path))
    }

    fn setup_lines(&self) -> Option<String> {
        use crate::engine::{Game, PieceId, Place};
        let words = <Portal as Game>::VOCABULARY;
        let mut out = String::new();
        for p in self.players() {
            let parts: Vec<String> = (1..=words.pieces)
                .map(PieceId::Numbered)
                .map(|id| {
                    let piece = Game::piece(self, p, id);
                    let mut line = format!("{p} {id} {}", words.place_words(piece.place));
                    if piece.place != Place::Out && piece.place != Place::Home {
                        line.push_str(&format!(" steps {}", piece.steps));
                    }
                    line
                })
                .collect();
            out.push_str(&parts.join(", "));
            out.push('\n');
        }
        out.push_str(&format!("turn {}\n", Game::turn(self)));
        Some(out)
    }

    fn told(&self) -> Vec<(String, String)> {
        self.players()
            .map(|p| {
                (
                    format!("{p} tokens"),
                    format!("{p} tokens {}", self.tokens(p)),
                )
            })
            .collect()
    }

    fn expect_own(&self, check: &Check) -> Option<Result<(), String>> {
        let Check::Own(own) = check else {
            return None;
        };
        Some(match (own.word, own.player, own.numbers.as_slice()) {
            (TOKENS, Some(p), &[n]) => number(p, "tokens", n, self.tokens(p)),
            (BURNED, None, want) => {
                let burned: Vec<i64> = self.roll().burned().iter().map(|&v| i64::from(v)).collect();
                // Each value written must have burned as often as written.
                let held = want.iter().all(|v| {
                    let written = want.iter().filter(|w| *w == v).count();
                    burned.iter().filter(|b| *b == v).count() >= written
                });
                if held {
                    Ok(())
                } else {
                    fail(
                        format!("burned {}", numbers(want)),
                        if burned.is_empty() {
                            "nothing burned".into()
                        } else {
                            format!("burned {}", numbers(&burned))
                        },
                    )
                }
            }
            (ROLL_AGAIN, None, []) => {
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::runner::{self, RunOptions};

    /// The problems of each scenario of `text`, in order.
    fn problems(text: &str) -> Vec<Vec<String>> {
        let opts = RunOptions {
            skip_snapshots: true,
            ..RunOptions::default()
        };
        let r = runner::run_text("b.goti", text, Path::new("b.goti"), &opts, None);
        assert!(r.file_problems.is_empty(), "{:?}", r.file_problems);
        r.scenarios
            .iter()
            .map(|s| s.problems.iter().map(|d| d.message.clone()).collect())
            .collect()
    }

    /// `expect burned 4 4`: both values burned, each as often as written
    /// (dice.burn: a value no piece can play burns).
    #[test]
    fn burned_counts_each_value_written() {
        // P1 has nothing on the board and no 6: both 4s burn.
        let both = "scenario \"a\"\nrules portal\nplayers 2\nroll 4 4\nexpect burned 4 4\n";
        assert_eq!(problems(both), [Vec::<String>::new()]);
        // W1 -> W2 on the first 2; the second 2 burns (W2 needs a 3): one 2.
        let one = "scenario \"b\"\nrules portal\nP1 G1 in toilet 42 W1, P2 G1 on 10\nroll 2 2\nmove G1 2\nexpect burned 2\nexpect burned 2 2\n";
        let found = problems(one);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].len(), 1, "{found:?}");
        assert!(found[0][0].contains("burned 2 2"), "{found:?}");
        assert!(found[0][0].contains("found burned 2"), "{found:?}");
    }
}
