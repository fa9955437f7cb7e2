//! Maedn self-play: a throw, a probe of an illegal action, then a random
//! legal action; a 6 throws again within the same turn.

use crate::error::{Error, ErrorKind};
use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::engine::maedn::Choice;
use crate::engine::{Action, Maedn, MaednRules, Player};
use crate::selfplay::{choose, Driver, Policy, Record, Turn, Violation};

/// Plays maedn (two players opposite, as OpenSpiel's default).
pub struct MaednDriver {
    pub rules: Arc<MaednRules>,
    pub policy: Policy,
}

impl MaednDriver {
    pub fn new(rules: Arc<MaednRules>) -> MaednDriver {
        MaednDriver {
            rules,
            policy: Policy::Random,
        }
    }
    pub fn with_policy(self, policy: Policy) -> MaednDriver {
        MaednDriver { policy, ..self }
    }
}

/// The action of a legal choice.
pub fn action_of(c: Choice) -> Action {
    c.action()
}

impl Driver for MaednDriver {
    type Game = Maedn;

    fn new_game(&self, players: &[Player]) -> Result<Maedn, crate::engine::SetupError> {
        Maedn::new_game(self.rules.clone(), players, None)
    }

    fn play_turn(&self, turn: &mut Turn<'_, Maedn>, rng: &mut ChaCha8Rng) -> Result<(), Violation> {
        let six = self.rules.params.dice.six;
        let faces = self.rules.params.dice.faces;
        loop {
            let die = rng.gen_range(1..=faces);
            turn.must_play(Action::Roll(vec![die]), "throw")?;
            if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
                turn.probe(bad)?;
            }
            let legal = turn.pos().legal();
            let choice = choose(self.policy, turn.pos(), legal.as_slice(), action_of, rng);
            let Some(choice) = choice else {
                return Err(turn.fail("a die is thrown but no action is legal, not even a pass"));
            };
            turn.must_play(action_of(choice), "action")?;
            if die != six || turn.pos().winner().is_some() {
                return Ok(());
            }
        }
    }

    fn illegal_probe(&self, pos: &Maedn, rng: &mut ChaCha8Rng) -> Option<Action> {
        pos.die()?;
        let legal = pos.legal();
        let mut bad: Vec<Action> = vec![Action::Roll(vec![1])];
        if !legal.contains(Choice::Pass) {
            bad.push(Action::NextTurn);
        }
        if !legal.contains(Choice::Enter) {
            bad.push(crate::engine::maedn::bring_in());
        }
        for g in 0..self.rules.pieces() as u8 {
            if !legal.contains(Choice::Move(g)) {
                bad.push(action_of(Choice::Move(g)));
            }
        }
        bad.choose(rng).cloned()
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules maedn").ok();
        writeln!(out, "players {}", record.players.len()).ok();
        out
    }
}

/// A throw and a pick among the legal actions after it, drawn from `rng`
/// (the order every speed-path caller draws them in).
fn draw(rng: &mut ChaCha8Rng, faces: u8) -> (u8, u32) {
    (rng.gen_range(1..=faces), rng.gen::<u32>())
}

/// Throws `die` on the speed path and plays the legal action `pick`
/// selects: whether the game goes on, and the action played.
#[inline]
fn play_pick(pos: &mut Maedn, die: u8, pick: u32) -> (bool, Choice) {
    let mut chosen = Choice::Pass;
    let go = pos.play_quiet(die, |legal| {
        let l = legal.as_slice();
        chosen = l[(pick as usize) % l.len()];
        chosen
    });
    (go, chosen)
}

/// The speed path: `games` games of uniformly random legal actions at a
/// table of `players` (seeds `seed`, `seed + 1`, ...), with no checks, no
/// events and no allocation per action. Returns the player actions played
/// (throws are chance nodes and are not counted).
pub fn random_actions(
    rules: &Arc<MaednRules>,
    players: &[Player],
    opposite: Option<bool>,
    games: u64,
    seed: u64,
) -> Result<u64, Error> {
    Error::of(ErrorKind::Input, || {
        use rand::SeedableRng;
        let start = Maedn::new_game(rules.clone(), players, opposite).map_err(|e| e.message)?;
        let faces = rules.params.dice.faces;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut actions = 0u64;
        for _ in 0..games {
            let mut pos = start.clone();
            loop {
                let (die, pick) = draw(&mut rng, faces);
                actions += 1;
                if !play_pick(&mut pos, die, pick).0 {
                    break;
                }
            }
        }
        Ok(actions)
    })
}

/// `cargo xtask bench --game maedn`: the engine alone, without the chooser. The first
/// `games` games of [`random_actions`] (same seed, same throws and picks)
/// are recorded, then replayed on the speed path and through the general
/// engine (each throw and its choice applied whole as two actions, with
/// their events); the final positions are compared. Returns the player
/// actions replayed and each path's seconds.
pub fn engine_calls(
    rules: &Arc<MaednRules>,
    players: &[Player],
    opposite: Option<bool>,
    games: u64,
    seed: u64,
) -> Result<(u64, [f64; 2]), Error> {
    Error::of(ErrorKind::Check, || {
        use rand::SeedableRng;
        let start = Maedn::new_game(rules.clone(), players, opposite).map_err(|e| e.message)?;
        let faces = rules.params.dice.faces;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut recorded: Vec<Vec<(u8, Choice)>> = Vec::new();
        let mut ends = Vec::new();
        for _ in 0..games {
            let mut pos = start.clone();
            let mut moves = Vec::new();
            loop {
                let (die, pick) = draw(&mut rng, faces);
                let (go, c) = play_pick(&mut pos, die, pick);
                moves.push((die, c));
                if !go {
                    break;
                }
            }
            recorded.push(moves);
            ends.push(pos);
        }
        let count: u64 = recorded.iter().map(|m| m.len() as u64).sum();
        // The general engine's actions are built before its clock starts.
        let actions: Vec<Vec<[Action; 2]>> = recorded
            .iter()
            .map(|m| {
                m.iter()
                    .map(|&(die, c)| [Action::Roll(vec![die]), action_of(c)])
                    .collect()
            })
            .collect();
        let started = std::time::Instant::now();
        let mut quiet_ends = Vec::with_capacity(recorded.len());
        for moves in &recorded {
            let mut pos = start.clone();
            for &(die, c) in moves {
                pos.play_quiet(die, |_| c);
            }
            quiet_ends.push(pos);
        }
        let quiet = started.elapsed().as_secs_f64();
        let started = std::time::Instant::now();
        let mut events = Vec::new();
        let mut general_ends = Vec::with_capacity(actions.len());
        for game in &actions {
            let mut pos = start.clone();
            for pair in game {
                for a in pair {
                    events.clear();
                    pos = pos.apply(a, &mut events).map_err(|r| {
                        format!(
                            "the general engine refuses {a:?}, which the speed path played: {r}"
                        )
                    })?;
                }
            }
            general_ends.push(pos);
        }
        let general = started.elapsed().as_secs_f64();
        if quiet_ends != ends || general_ends != ends {
            return Err("a replayed game ended elsewhere than the game it replays".into());
        }
        Ok((count, [quiet.max(1e-9), general.max(1e-9)]))
    })
}

/// `cargo xtask compare-paths` for maedn: `games` seeded games (seeds
/// `seed`, `seed + 1`, ...; throws and picks drawn as [`random_actions`]
/// draws them) played on the speed path and by the general engine in
/// lockstep (the throw, then the chosen action, each applied whole and
/// checked), the positions compared after every throw; a game stops at
/// `max_turns` throws. The first disagreement is the error, with its seed
/// and throw.
pub fn compare_speed_path(
    rules: &Arc<MaednRules>,
    games: &crate::selfplay::Games,
) -> Result<crate::selfplay::fast::Compared, Error> {
    compare_with(rules, games, |pos, die, pick| play_pick(pos, die, pick).1)
}

/// [`compare_speed_path`] with the speed path's throw given: it plays
/// `die` on the position and says what it chose (`pick` among the legal).
fn compare_with(
    rules: &Arc<MaednRules>,
    games: &crate::selfplay::Games,
    speed: impl Fn(&mut Maedn, u8, u32) -> Choice,
) -> Result<crate::selfplay::fast::Compared, Error> {
    Error::of(ErrorKind::Check, || {
        use rand::SeedableRng;
        let table = crate::selfplay::table(games.players);
        let start = Maedn::new_game(rules.clone(), &table, None).map_err(|e| e.message)?;
        let max_turns = games.max_turns;
        let faces = rules.params.dice.faces;
        let mut out = crate::selfplay::fast::Compared::default();
        let mut events = Vec::new();
        for s in games.seeds() {
            let mut rng = ChaCha8Rng::seed_from_u64(s);
            let (mut quiet, mut loud) = (start.clone(), start.clone());
            let mut throws = 0u32;
            while throws < max_turns && quiet.winner().is_none() {
                throws += 1;
                let (die, pick) = draw(&mut rng, faces);
                let choice = speed(&mut quiet, die, pick);
                for action in [Action::Roll(vec![die]), action_of(choice)] {
                    events.clear();
                    loud = loud.apply(&action, &mut events).map_err(|r| {
                        format!(
                            "seed {s}, throw {throws}: the general engine refuses {action:?}, which the speed path played: {r}"
                        )
                    })?;
                    out.actions += 1;
                }
                if quiet != loud {
                    return Err(format!(
                        "seed {s}, throw {throws} ({die}, then {choice:?}): the speed path and the general engine disagree\n  speed path: {quiet:?}\n  general engine: {loud:?}"
                    ));
                }
            }
            out.games += 1;
            out.turns += u64::from(throws);
        }
        Ok(out)
    })
}

/// `cargo xtask bench`: the speed path on one core (`bench.games` games,
/// their player actions timed), beside it up to 2,000 games by self-play's
/// driver through the general engine (events recorded, the game's default
/// seating, as balance plays them: the figure a designer's balance run
/// sees), and the engine alone replaying at most 1,000 games' actions (kept
/// in memory) on both.
pub(crate) fn speed_path(
    rules: &Arc<MaednRules>,
    bench: &crate::selfplay::fast::SpeedBench,
) -> Result<crate::selfplay::fast::SpeedPath, Error> {
    let (games, seed) = (bench.games, bench.seed);
    let table = &Player::ALL[..bench.players as usize];
    let opposite = (bench.players == 2).then_some(!bench.side);
    let started = std::time::Instant::now();
    let actions = random_actions(rules, table, opposite, games, seed)?;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let driver = MaednDriver::new(rules.clone());
    let driver_games = games.min(2000);
    let started = std::time::Instant::now();
    for s in seed..seed + driver_games {
        crate::selfplay::balance::play(&driver, table, s, 100_000)?;
    }
    let driver_seconds = started.elapsed().as_secs_f64().max(1e-9);
    let replayed = games.min(1000);
    let (calls, call_seconds) = engine_calls(rules, table, opposite, replayed, seed)?;
    Ok(crate::selfplay::fast::SpeedPath {
        opposite,
        actions,
        seconds,
        driver_games,
        driver_seconds,
        replayed,
        calls,
        call_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both paths play the same 300 games at two and at four players.
    #[test]
    fn the_speed_path_and_the_general_engine_agree_throw_by_throw() {
        let rules = crate::rules::shipped_rules::<crate::engine::Maedn>();
        for players in [2, 4] {
            let games = crate::selfplay::Games {
                players,
                games: 300,
                seed: 1,
                max_turns: 4000,
            };
            let c = compare_speed_path(&rules, &games)
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
            assert_eq!(c.games, 300);
            assert_eq!(c.actions, 2 * c.turns, "a throw and an action per turn");
            assert!(
                c.turns > 300 * 20,
                "games of some length: {} throws",
                c.turns
            );
        }
    }

    /// A speed path that says it chose one action and played another is
    /// caught at that throw.
    #[test]
    fn a_speed_path_that_plays_other_than_it_says_is_caught() {
        let rules = crate::rules::shipped_rules::<crate::engine::Maedn>();
        let lying = |pos: &mut Maedn, die: u8, _pick: u32| {
            let mut said = Choice::Pass;
            pos.play_quiet(die, |legal| {
                let l = legal.as_slice();
                said = l[0];
                l[l.len() - 1]
            });
            said
        };
        let games = crate::selfplay::Games {
            players: 2,
            games: 50,
            seed: 1,
            max_turns: 4000,
        };
        let err = compare_with(&rules, &games, lying)
            .expect_err("the paths differ once a throw has two legal actions");
        assert!(
            err.to_string().contains("disagree") || err.to_string().contains("refuses"),
            "{err}"
        );
    }
}
