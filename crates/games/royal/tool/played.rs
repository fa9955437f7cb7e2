//! Royal as the runner plays it.

use std::sync::Arc;

use super::driver::RoyalDriver;
use crate::dsl::lower::Check;
use crate::engine::royal::{BATTLE, CLASH, CREDITS, JOURNEY, PROGRESS, SCORE, STORE, WORDS};
use crate::engine::{Direction, Mode, PieceId, Place, Player, Royal, RoyalRules, Word};
use crate::runner::games::{fail, number, numbers, Played, Reduction};
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

    /// Royal has no piece-count key (`table.pieces` is [seed]): G1 plays,
    /// G2-G4 and the King start Home. A ring of 8 with a Home path of one
    /// tile, the four seats 2 apart and each midpoint half a lap Forward of
    /// its entry (the junction just behind it, as `board.midpoint` and
    /// `board.junction` place them), no forts (a lone guard neither
    /// captures nor blockades); a Journey store of one roll, each store
    /// size dealt the dice the linted table deals it (`roll.deal`), at
    /// most two; at most one exit credit. The grace rules and the rest are
    /// the ruleset's own.
    fn reduced(rules: &RoyalRules, mode: Mode) -> Result<Reduction, &'static str> {
        const RING: i32 = 8;
        let params = &rules.params;
        let forward = |tile: i32, steps: i32| params.board.forward.walk(RING, tile, steps);
        let entries = [8, 6, 4, 2];
        let seats = |steps: i32| {
            let tiles: Vec<String> = entries
                .iter()
                .zip(Player::ALL)
                .map(|(&e, p)| format!("{p}: {}", forward(e, steps)))
                .collect();
            format!("{{ {} }}", tiles.join(", "))
        };
        // With a store of one roll, only the first die dealt is kept and
        // only the first two decide a grace roll (`roll.store-cap`,
        // `grace.check`): a third die and more change nothing.
        let (name, table) = (WORDS.mode_name(mode), params.of_mode(mode));
        let deal = |stored: usize| table.dice_for(stored).min(2);
        let credits = |n: u8| n.min(1).to_string();
        let sets = [
            ("board.ring", RING.to_string()),
            ("board.entries", seats(0)),
            ("board.midpoints", seats(RING / 2)),
            ("board.junctions", seats(RING - 1)),
            ("board.home_path", "1".into()),
            ("board.forts", "[]".into()),
            (&format!("{name}.store_cap"), "1".into()),
            ("exits.cap", "1".into()),
            ("exits.start", credits(params.exits.start)),
            (
                "exits.after_king_capture",
                credits(params.exits.after_king_capture),
            ),
            (
                &format!("{name}.deal"),
                format!(
                    "[{{ from: 0, to: 0, dice: {} }}, {{ from: 1, to: 1, dice: {} }}]",
                    deal(0),
                    deal(1)
                ),
            ),
        ];
        Ok(Reduction {
            sets: sets.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            home: Some(match mode {
                JOURNEY => "G2-G4 and the King start Home, in Journey",
                CLASH => "G2-G4 and the King start Home, in Clash",
                other => unreachable!("royal has no mode {other:?}"),
            }),
        })
    }

    /// A dead end of the shape lint found in the shipped rules: every
    /// unfinished player's guards left are in the Home path, each needs an
    /// exact value the store does not hold, and the store never changes.
    fn dead_end_why(&self) -> Option<String> {
        let mut why = Vec::new();
        for p in self.players() {
            let seat = self.seat(p);
            if seat.guards_home() == 4 {
                continue;
            }
            let rolls = seat.store.rolls();
            let mut needs = Vec::new();
            for (i, g) in seat.guards.iter().enumerate() {
                match g.place {
                    Place::Home => {}
                    Place::HomePath(k) => {
                        let need = self.board().steps_left(p, g, Direction::Forward);
                        if rolls.iter().any(|&r| u32::from(r) <= need) {
                            return None;
                        }
                        let steps = if need == 1 { "step" } else { "steps" };
                        needs.push(format!(
                            "G{} on home {k} is {need} {steps} from Home",
                            i + 1
                        ));
                    }
                    _ => return None,
                }
            }
            let cap = usize::from(self.mode_params().store_cap);
            let stays = if rolls.len() >= cap {
                format!("is at its cap of {cap}, so every die dealt is discarded (roll.store-cap)")
            } else if self.mode_params().dice_for(rolls.len()) == 0 {
                format!(
                    "the deal table deals no die to a store of {} (roll.deal)",
                    rolls.len()
                )
            } else {
                return None;
            };
            let held: Vec<String> = rolls.iter().map(u8::to_string).collect();
            why.push(format!(
                "{p}'s {}, and every roll its store holds ({}) would overshoot Home (move.exact-home); the store keeps them (roll.persist) and {stays}",
                needs.join(" and "),
                held.join(" "),
            ));
        }
        (!why.is_empty()).then(|| why.join("; "))
    }

    fn reduced_driver(rules: Arc<RoyalRules>, mode: Mode) -> RoyalDriver {
        RoyalDriver::new(rules, mode).starting_home(&[
            PieceId::Numbered(2),
            PieceId::Numbered(3),
            PieceId::Numbered(4),
            PieceId::King,
        ])
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
        let Check::Own(own) = check else {
            return None;
        };
        let (word, p, piece) = (own.word, own.player?, own.piece);
        Some(match (word, piece, own.numbers.as_slice()) {
            (BATTLE, None, &[n]) => number(p, "battle", n, self.seat(p).battle),
            (PROGRESS, None, &[n]) => number(p, "progress", n, self.progress_points(p)),
            (SCORE, None, &[n]) => number(p, "score", n, self.score(p)),
            (CREDITS, None, &[n]) => number(p, "credits", n, self.seat(p).credits as i64),
            (STORE, None, rolls) => {
                let mut want = rolls.to_vec();
                want.sort_unstable();
                let now: Vec<i64> = self
                    .seat(p)
                    .store
                    .rolls()
                    .into_iter()
                    .map(i64::from)
                    .collect();
                if now == want {
                    Ok(())
                } else {
                    fail(store_words(p, &want), store_words(p, &now))
                }
            }
            (Word::Midpoint, Some(id), &[want]) => {
                let now = self.piece(p, id).midpoint;
                let w =
                    |b: bool| format!("{p} {id} {} midpoint", if b { "past" } else { "before" });
                if now == (want != 0) {
                    Ok(())
                } else {
                    fail(w(want != 0), w(now))
                }
            }
            _ => return None,
        })
    }
}
