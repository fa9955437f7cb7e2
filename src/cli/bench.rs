//! `cargo xtask bench`: a game's engine speed on one core, no checks. A game
//! with a speed path of its own (`Played::speed_path`, maedn's
//! allocation-free one) is measured on it; the others' fast path and
//! general engine side by side, on the same seeded games.

use std::sync::Arc;
use std::time::Instant;

use super::command_args::BenchCli;
use super::error::CliError;
use crate::engine::Mode;
use crate::runner::games::Played;
use crate::runner::position::{Rules, RulesVisitor};
use crate::selfplay::fast::Path;

/// `cargo xtask bench --game GAME` (`mode`: royal's, from `b.mode`).
pub(super) fn bench(b: &BenchCli, mode: Mode) -> Result<i32, CliError> {
    super::error::checked_count(b.games, b.seed, "--games", super::error::MAX_GAMES)?;
    // A game with a speed path of its own is measured on it.
    struct Speed(crate::selfplay::fast::SpeedBench);
    impl RulesVisitor for Speed {
        type Out = Option<Result<crate::selfplay::fast::SpeedPath, crate::error::Error>>;
        fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out {
            G::speed_path(rules.clone(), &self.0)
        }
    }
    let speed = Speed(crate::selfplay::fast::SpeedBench {
        games: b.games,
        players: b.players,
        side: b.side,
        seed: b.seed,
    });
    match Rules::default_of(b.game).visit(speed) {
        Some(Ok(m)) => return print_speed_path(b, b.game.name(), &m),
        Some(Err(e)) => return Err(e.into()),
        None => {}
    }
    struct Paths {
        mode: Mode,
        games: crate::selfplay::Games,
    }
    impl RulesVisitor for Paths {
        type Out = Option<Result<([(u64, f64); 2], (u64, [f64; 2])), crate::error::Error>>;
        fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out {
            let mut out = [(0, 0.0); 2];
            for (i, path) in [Path::Fast, Path::General].into_iter().enumerate() {
                let started = Instant::now();
                let turns = match G::play_paths(rules.clone(), self.mode, &self.games, path)? {
                    Ok(t) => t,
                    Err(e) => return Some(Err(e)),
                };
                out[i] = (turns, started.elapsed().as_secs_f64().max(1e-9));
            }
            // The engine alone: at most 1,000 games' actions kept in memory.
            let replay = crate::selfplay::Games {
                games: self.games.games.min(1000),
                ..self.games
            };
            match G::engine_calls(rules.clone(), self.mode, &replay)? {
                Ok(calls) => Some(Ok((out, calls))),
                Err(e) => Some(Err(e)),
            }
        }
    }
    let paths = Paths {
        mode,
        games: crate::selfplay::Games {
            players: b.players,
            games: b.games,
            seed: b.seed,
            max_turns: 4000,
        },
    };
    let name = b.game.name();
    let ([(turns, fast), (_, general)], (actions, [fast_calls, general_calls])) =
        match Rules::default_of(b.game).visit(paths) {
            None => return Err(CliError::new(format!("{name} has no fast path to measure"))),
            Some(Err(e)) => return Err(CliError::new(format!("{name} bench: {e}"))),
            Some(Ok(r)) => r,
        };
    let (fast_rate, general_rate) = (turns as f64 / fast, turns as f64 / general);
    let (fast_calls_rate, general_calls_rate) =
        (actions as f64 / fast_calls, actions as f64 / general_calls);
    let replayed = b.games.min(1000);
    let words = b.game.vocabulary();
    let modes = !words.modes.is_empty();
    if b.format == super::command_args::TextOrJson::Json {
        outln!(
            "{}",
            serde_json::json!({"game": name, "mode": modes.then(|| words.mode_name(mode)), "players": b.players, "games": b.games, "turns": turns,
                "fast": {"seconds": fast, "turns_per_second": fast_rate},
                "general": {"seconds": general, "turns_per_second": general_rate},
                "engine_calls": {"games": replayed, "actions": actions,
                    "fast": {"seconds": fast_calls, "actions_per_second": fast_calls_rate},
                    "general": {"seconds": general_calls, "actions_per_second": general_calls_rate}}})
        );
    } else {
        let mode = if modes {
            format!(" {}", words.mode_name(mode))
        } else {
            String::new()
        };
        outln!(
            "{name} bench: {} players{mode}, {} games, {turns} turns (one core, no checks): fast path {fast:.3} s, {fast_rate:.0} turns/s; general engine {general:.3} s, {general_rate:.0} turns/s ({:.1}x)",
            b.players,
            b.games,
            general / fast
        );
        outln!(
            "  the engine alone, the actions of {replayed} of those games (refused tries among them) replayed: {actions} actions, fast path {fast_calls_rate:.0}/s, general engine {general_calls_rate:.0}/s ({:.1}x)",
            general_calls / fast_calls
        );
    }
    Ok(0)
}

/// A game's own speed path on one core, as [`Played::speed_path`]
/// measured it.
fn print_speed_path(
    b: &BenchCli,
    name: &str,
    m: &crate::selfplay::fast::SpeedPath,
) -> Result<i32, CliError> {
    let (games, players) = (b.games, b.players);
    let json = b.format == super::command_args::TextOrJson::Json;
    let (opposite, actions, secs) = (m.opposite, m.actions, m.seconds);
    let (driver_games, driver_secs) = (m.driver_games, m.driver_seconds);
    let (replayed, calls, [quiet_calls, general_calls]) = (m.replayed, m.calls, m.call_seconds);
    let rate = actions as f64 / secs;
    let (games_rate, driver_rate) = (games as f64 / secs, driver_games as f64 / driver_secs);
    let (quiet_calls_rate, general_calls_rate) =
        (calls as f64 / quiet_calls, calls as f64 / general_calls);
    if json {
        outln!(
            "{}",
            serde_json::json!({"game": name, "players": players, "opposite": opposite, "games": games, "actions": actions, "seconds": secs, "actions_per_second": rate,
                "games_per_second": games_rate,
                "driver": {"games": driver_games, "seconds": driver_secs, "games_per_second": driver_rate},
                "engine_calls": {"games": replayed, "actions": calls,
                    "fast": {"seconds": quiet_calls, "actions_per_second": quiet_calls_rate},
                    "general": {"seconds": general_calls, "actions_per_second": general_calls_rate}}})
        );
    } else {
        let seating = match opposite {
            Some(true) => " opposite",
            Some(false) => " side by side",
            None => "",
        };
        outln!("{name} bench: {players} players{seating}, {games} games, {actions} player actions in {secs:.3} s: {rate:.0} actions/s, {games_rate:.0} games/s (one core, no checks)");
        outln!("  self-play's driver through the general engine (events recorded), {driver_games} games: {driver_secs:.3} s, {driver_rate:.0} games/s ({:.1}x fewer)", games_rate / driver_rate);
        outln!("  the engine alone, the player actions of {replayed} of those games replayed (a throw and its choice; the general engine applies them as two actions, with their events): {calls} player actions, speed path {quiet_calls_rate:.0}/s, general engine {general_calls_rate:.0}/s ({:.1}x)", general_calls / quiet_calls);
    }
    Ok(0)
}
