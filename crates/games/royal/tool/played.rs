//! Royal as the runner plays it.

use std::sync::Arc;

use super::driver::RoyalDriver;
use crate::dsl::lower::Check;
use crate::engine::{Mode, Player, Royal, RoyalRules};
use crate::runner::games::{fail, number, numbers, Played};
use crate::selfplay::Policy;

fn store_words(p: Player, rolls: &[i64]) -> String {
    if rolls.is_empty() {
        format!("{p} store empty")
    } else {
        format!("{p} store {}", numbers(rolls))
    }
}

impl Played for Royal {
    type Driver = RoyalDriver;
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

    fn reduced() -> Result<&'static [(&'static str, &'static str)], &'static str> {
        Err("royal's battle and progress points grow without bound, so its positions are not finite; a state key that leaves them out is not built yet")
    }

    fn driver(rules: Arc<RoyalRules>, mode: Mode, policy: Policy) -> RoyalDriver {
        RoyalDriver::new(rules, mode).with_policy(policy)
    }

    fn compare_paths(
        rules: Arc<RoyalRules>,
        mode: Mode,
        games: &crate::selfplay::Games,
    ) -> Option<Result<crate::selfplay::fast::Compared, crate::error::Error>> {
        let driver = RoyalDriver::new(rules, mode);
        Some(crate::selfplay::fast::compare_paths(&driver, games))
    }

    fn engine_calls(
        rules: Arc<RoyalRules>,
        mode: Mode,
        games: &crate::selfplay::Games,
    ) -> Option<Result<(u64, [f64; 2]), crate::error::Error>> {
        let driver = RoyalDriver::new(rules, mode);
        Some(crate::selfplay::fast::engine_calls(&driver, games))
    }

    fn play_paths(
        rules: Arc<RoyalRules>,
        mode: Mode,
        games: &crate::selfplay::Games,
        path: crate::selfplay::fast::Path,
    ) -> Option<Result<u64, crate::error::Error>> {
        let driver = RoyalDriver::new(rules, mode);
        Some(crate::selfplay::fast::play_games(&driver, games, path))
    }

    fn play_mode(&self) -> crate::engine::Mode {
        self.mode()
    }

    fn setup_lines(&self) -> Option<String> {
        use crate::engine::{Game, PieceId, Place};
        let words = <Royal as Game>::VOCABULARY;
        let mut out = String::new();
        for p in self.players() {
            let seat = self.seat(p);
            let mut parts = Vec::new();
            let ids = (1..=4).map(PieceId::Numbered).chain([PieceId::King]);
            for (id, piece) in ids.zip(seat.guards.iter().chain([&seat.king])) {
                let mut line = format!("{p} {id} {}", words.place_words(piece.place));
                if piece.place.in_play() {
                    let side = if piece.midpoint { "past" } else { "before" };
                    line.push_str(&format!(" {side} midpoint steps {}", piece.steps));
                }
                if piece.place == Place::Home {
                    line.push_str(&format!(" steps {}", piece.steps));
                }
                parts.push(line);
            }
            let store = seat.store.rolls();
            parts.push(if store.is_empty() {
                format!("{p} store empty")
            } else {
                format!("{p} store {}", numbers(&store))
            });
            parts.push(format!("{p} credits {}", seat.credits));
            parts.push(format!("{p} battle {}", seat.battle));
            if seat.first_turn {
                parts.push(format!("{p} first turn"));
            }
            out.push_str(&parts.join(", "));
            out.push('\n');
        }
        out.push_str(&format!("turn {}\n", self.turn()));
        Some(out)
    }

    fn told(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for p in self.players() {
            let seat = self.seat(p);
            let store = seat.store.rolls();
            let store = if store.is_empty() {
                "empty".to_string()
            } else {
                numbers(&store)
            };
            for (what, value) in [
                ("battle", seat.battle.to_string()),
                ("score", self.score(p).to_string()),
                ("credits", seat.credits.to_string()),
                ("store", store),
            ] {
                out.push((format!("{p} {what}"), format!("{p} {what} {value}")));
            }
        }
        out
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
