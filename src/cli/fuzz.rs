//! `goti fuzz`: long self-play runs and scenario-text fuzzing.

use super::command_args::FuzzCli;
use super::error::CliError;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use std::sync::Arc;

use crate::engine::{GameKind, Mode};
use crate::runner::games::Played;
use crate::runner::position::{Rules, RulesVisitor};
use crate::runner::{self, snapshot::write_atomic};
use crate::selfplay::{self, Config, Driver, Policy};

/// Totals of a self-play run.
#[derive(Debug, Default)]
pub struct Totals {
    pub games: u64,
    pub finished: u64,
    pub turns: u64,
    pub events: u64,
}

fn bar(total: u64, what: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = indicatif::ProgressBar::new(total);
    let style = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} {msg} [{elapsed_precise} < {eta}]",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    pb.set_style(style);
    pb.set_message(what.to_string());
    Some(pb)
}

/// Self-play `goti fuzz`: plays the games on all cores; writes a shrunk
/// replay scenario into `-o DIR` on the first violation and returns exit
/// code 1.
pub fn self_play(a: &FuzzCli, mode: Mode) -> Result<i32, CliError> {
    let (games, seed, game, out) = (a.games, a.seed, a.game, a.output.as_path());
    let json = a.format == super::command_args::TextOrJson::Json;
    let (max_turns, shard) = (a.max_turns, a.shard);
    let rules = project_rules(game)?;
    // Four players, or as many as the rules seat where they seat fewer.
    let players = a.players.unwrap_or(rules.most_players().min(4));
    super::error::checked_count(games, seed, "--games", super::error::MAX_GAMES)?;
    let shard = match super::sharding::shard_of(shard) {
        Ok(s) => s,
        Err(e) => {
            return Err(e.into());
        }
    };
    let cfg = Config { players, max_turns };
    let part = Part { shard, json };
    struct Fuzz<'a> {
        mode: Mode,
        games: u64,
        seed: u64,
        cfg: &'a Config,
        out: &'a Path,
        part: Part,
    }
    impl RulesVisitor for Fuzz<'_> {
        type Out = i32;
        fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> i32 {
            // Each thread plays with its own copy of the rules: positions
            // share their rules by reference count, and one count updated
            // by every thread on every copy of a position would serialise them.
            let params = G::params(rules).clone();
            let fresh = || G::driver(G::new_rules(params.clone()), self.mode, Policy::Random);
            run(&fresh, self.games, self.seed, self.cfg, self.out, self.part)
        }
    }
    if players > rules.most_players() {
        let most = rules.most_players();
        return Err(CliError(format!(
            "--players {players}: these {game} rules seat at most {most} players; write --players {most}"
        )));
    }
    Ok(rules.visit(Fuzz {
        mode,
        games,
        seed,
        cfg: &cfg,
        out,
        part,
    }))
}

/// The rules `goti fuzz` plays: the project's ruleset file of `game`
/// (goti.yaml's `rules:`), else the built-in one.
fn project_rules(game: GameKind) -> Result<Rules, CliError> {
    let project = super::context::project().map_err(CliError)?;
    let root = super::context::root(project.as_ref());
    let layers = crate::runner::play::ruleset::project_layers(project.as_ref());
    let (tree, _) = crate::runner::play::ruleset::project_tree(game, &layers, &root)
        .map_err(|e| CliError(e.to_string()))?;
    Rules::from_tree(game, tree).map_err(|e| CliError(e.to_string()))
}

/// `cargo xtask compare-paths`: seeded games on the fast path and the
/// general engine in lockstep on every core, every position compared.
/// Exit 0 when they agree on every action, 1 on the first difference.
pub(super) fn compare_paths(
    all: &selfplay::Games,
    mode: Mode,
    game: GameKind,
) -> Result<i32, CliError> {
    struct Compare {
        mode: Mode,
        all: selfplay::Games,
    }
    impl RulesVisitor for Compare {
        type Out = Option<Result<selfplay::fast::Compared, crate::error::Error>>;
        fn visit<G: Played>(self, rules: &Arc<G::Rules>) -> Self::Out {
            use rayon::prelude::*;
            let params = G::params(rules).clone();
            let threads = rayon::current_num_threads().max(1) as u64;
            let all = self.all;
            let per = all.games.div_ceil(threads);
            let parts: Vec<_> = (0..threads)
                .into_par_iter()
                .filter_map(|k| {
                    let from = all.seed.saturating_add(k * per);
                    let n = per.min(all.seeds().end.saturating_sub(from));
                    (n > 0).then(|| {
                        let rules = G::new_rules(params.clone());
                        let part = selfplay::Games {
                            games: n,
                            seed: from,
                            ..all
                        };
                        G::compare_paths(rules, self.mode, &part)
                    })
                })
                .collect();
            let mut total = selfplay::fast::Compared::default();
            for part in parts {
                match part? {
                    Ok(c) => {
                        total.games += c.games;
                        total.turns += c.turns;
                        total.actions += c.actions;
                    }
                    Err(e) => return Some(Err(e)),
                }
            }
            Some(Ok(total))
        }
    }
    let start = Instant::now();
    let compared = Rules::default_of(game).visit(Compare { mode, all: *all });
    let games = all.games;
    let secs = start.elapsed().as_secs_f64();
    match compared {
        None => Err(CliError::new(format!(
            "{} has no fast path beside its general engine to compare",
            game.name()
        ))),
        // A comparison of fewer games than asked checked less than it says.
        Some(Ok(c)) if c.games != games => Err(CliError(format!(
            "compare-paths compared {} games of the {games} asked: goti's own fault (report it)",
            c.games
        ))),
        Some(Ok(c)) => {
            outln!(
                "{}: {} games, {} turns, {} actions played on the fast path and by the general engine in {secs:.1} s: every position the same",
                game.name(),
                c.games,
                c.turns,
                c.actions
            );
            Ok(0)
        }
        Some(Err(e)) => {
            outln!("DIFFERENCE between the fast path and the general engine: {e}");
            Ok(1)
        }
    }
}

/// A shard's share of the games, and whether to print JSON.
#[derive(Clone, Copy)]
struct Part {
    shard: Option<crate::runner::shard::Shard>,
    json: bool,
}

fn run<D: Driver>(
    fresh: &(impl Fn() -> D + Sync),
    games: u64,
    seed: u64,
    cfg: &Config,
    out: &Path,
    part: Part,
) -> i32 {
    let game = <D::Game as crate::engine::Listed>::KIND;
    let max_turns = cfg.max_turns;
    let check = selfplay::standard_check::<D::Game>;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let totals = Mutex::new(Totals::default());
    let violation: Mutex<Option<selfplay::Violation>> = Mutex::new(None);
    let pb = bar(games, "games");
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let driver = fresh();
                let play = |game_seed: u64| selfplay::play_game(&driver, game_seed, cfg, &check);
                let mut local = Totals::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let game_seed = seed.wrapping_add(i);
                    // --shard K/N: this shard's games, by seed.
                    if part.shard.is_some_and(|s| !s.takes(&game_seed.to_string())) {
                        continue;
                    }
                    match play(game_seed) {
                        Ok(sum) => {
                            // Same seed, same game: replay every 50th game and compare.
                            if i % 50 == 0 {
                                let again = play(game_seed);
                                if again.map(|a| a.fingerprint).ok() != Some(sum.fingerprint) {
                                    let rec = selfplay::Record {
                                        seed: game_seed,
                                        players: vec![],
                                        turns: vec![],
                                    };
                                    *violation.lock().unwrap_or_else(|e| e.into_inner()) =
                                        Some(selfplay::Violation {
                                            message: "the same seed gave a different game".into(),
                                            record: rec,
                                        });
                                    stop.store(true, Ordering::Relaxed);
                                }
                            }
                            local.games += 1;
                            local.turns += sum.turns as u64;
                            local.events += sum.events;
                            local.finished += sum.finished as u64;
                        }
                        Err(v) => {
                            let mut slot = violation.lock().unwrap_or_else(|e| e.into_inner());
                            if slot.is_none() {
                                *slot = Some(v);
                            }
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    if let Some(pb) = &pb {
                        pb.inc(1);
                    }
                }
                let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                t.games += local.games;
                t.turns += local.turns;
                t.events += local.events;
                t.finished += local.finished;
            });
        }
    });
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let t = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    if part.json {
        let violation = violation.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut v = serde_json::json!({
            "game": game.name(), "games": t.games, "finished": t.finished, "turns": t.turns,
            "events": t.events, "seconds": secs,
            "violation": violation.as_ref().map(|v| serde_json::json!({"seed": v.record.seed, "message": v.message})),
        });
        if let Some(s) = part.shard {
            let hdr: serde_json::Value =
                serde_json::from_str(&super::sharding::shard_header("fuzz-games", s, ""))
                    .unwrap_or_default();
            v["goti_shard"] = hdr["goti_shard"].clone();
        }
        outln!("{}", crate::shown::json(&v));
        return i32::from(violation.is_some());
    }
    outln!(
        "{}: {} games ({} finished, {} stopped at {max_turns} turns), {} turns, {} events in {secs:.1} s: {:.0} turns/s on {threads} thread(s)",
        game.name(),
        t.games,
        t.finished,
        t.games - t.finished,
        t.turns,
        t.events,
        t.turns as f64 / secs
    );
    match violation.into_inner().unwrap_or_else(|e| e.into_inner()) {
        None => {
            outln!("no violation");
            0
        }
        Some(v) => {
            outln!("VIOLATION in game seed {}: {}", v.record.seed, v.message);
            if v.record.turns.is_empty() {
                return 1;
            }
            let driver = fresh();
            let shrunk = selfplay::shrink(&driver, &v, &check);
            let text = selfplay::scenario_text(&driver, &shrunk, &v.message);
            let path = out.join(format!("selfplay-{}.goti", v.record.seed));
            match write_atomic(&path, text.as_bytes()) {
                Ok(()) => outln!(
                    "replay ({} of {} turns) written to {}; `goti run {}` reproduces it",
                    shrunk.turns.len(),
                    v.record.turns.len(),
                    crate::shown::path(&path),
                    crate::shown::path(&path)
                ),
                Err(e) => errln!("error: cannot write {}: {e}", crate::shown::path(&path)),
            }
            1
        }
    }
}

/// Mutates the given scenario files and runs the results; any panic or a
/// diagnostic outside the file is a failure. Returns the exit code.
/// Every reporter's output of `report`, read as a CI runner reads a log:
/// no workflow command but goti's own `::error` annotations.
fn commands_in_output(report: &runner::FileReport) -> Result<(), String> {
    use super::report::Format;
    use super::reporters::format_report;
    let reports = std::slice::from_ref(report);
    for format in [
        Format::Text,
        Format::Json,
        Format::Junit,
        Format::Github,
        Format::Markdown,
    ] {
        let log = format_report(reports, format, "passed");
        let rendered: String = report
            .scenarios
            .iter()
            .flat_map(|s| &s.problems)
            .map(|d| super::output::render(d, false))
            .collect();
        for log in [log, crate::shown::output(&rendered).into_owned()] {
            let found: Vec<String> = crate::check::workflow::workflow_commands(&log)
                .into_iter()
                .filter(|c| !(format == Format::Github && c == "error"))
                .collect();
            if let Some(c) = found.first() {
                return Err(format!(
                    "the {format:?} output holds the workflow command `{c}`"
                ));
            }
        }
    }
    Ok(())
}

pub fn text(
    cases: u64,
    seed: u64,
    corpus: &[PathBuf],
    out: &Path,
    shard: Option<crate::runner::shard::Shard>,
    json: bool,
) -> Result<i32, CliError> {
    super::error::checked_count(cases, seed, "--cases", super::error::MAX_GAMES)?;
    let shard = match super::sharding::shard_of(shard) {
        Ok(s) => s,
        Err(e) => {
            return Err(e.into());
        }
    };
    let files = match runner::discover(corpus) {
        Ok(f) if !f.is_empty() => f,
        _ => {
            return Err(CliError::new("no scenario files to mutate"));
        }
    };
    let texts: Vec<Vec<u8>> = files.iter().filter_map(|f| std::fs::read(f).ok()).collect();
    let pb = if json { None } else { bar(cases, "inputs") };
    // --shard K/N: this shard's inputs (by input number).
    let mine = |i: u64| shard.is_none_or(|s| s.takes(&seed.wrapping_add(i).to_string()));
    let checked = AtomicU64::new(0);
    let start = Instant::now();
    // Every core: inputs in parallel; the first failure (lowest input
    // number) is the one reported, so a run is reproducible.
    use rayon::prelude::*;
    let slowest_us = AtomicU64::new(0);
    let failed = Mutex::new(None::<(u64, String, Vec<u8>)>);
    (0..cases)
        .into_par_iter()
        .filter(|i| mine(*i))
        .for_each(|i| {
            checked.fetch_add(1, Ordering::Relaxed);
            if failed
                .lock()
                .is_ok_and(|f| f.as_ref().is_some_and(|(j, _, _)| *j < i))
            {
                return;
            }
            let input = crate::check::fuzz::mutate(&texts, seed.wrapping_add(i));
            let t0 = Instant::now();
            // Every 50th input is also served as a link, a FIFO and an oversized file.
            let result = crate::check::fuzz::check_input(&input)
                .map_err(String::from)
                .and_then(|report| commands_in_output(&report))
                .and_then(|()| {
                    if i % 50 != 0 {
                        return Ok(());
                    }
                    crate::check::file_kinds::FileKind::ALL
                        .iter()
                        .try_for_each(|&kind| {
                            crate::check::file_kinds::check_file_kind(&input, kind)
                        })
                        .map_err(String::from)
                });
            slowest_us.fetch_max(t0.elapsed().as_micros() as u64, Ordering::Relaxed);
            if let Err(why) = result {
                if let Ok(mut f) = failed.lock() {
                    if f.as_ref().is_none_or(|(j, _, _)| i < *j) {
                        *f = Some((i, why.to_string(), input));
                    }
                }
            }
            if let Some(pb) = &pb {
                pb.inc(1);
            }
        });
    let failure = failed.into_inner().ok().flatten();
    if json {
        let mut v = serde_json::json!({
            "inputs": checked.load(Ordering::Relaxed),
            "cases": cases,
            "seed": seed,
            "failure": failure.as_ref().map(|(i, why, _)| serde_json::json!({"input": seed.wrapping_add(*i), "why": why})),
            "seconds": start.elapsed().as_secs_f64(),
        });
        if let Some(s) = shard {
            let hdr: serde_json::Value =
                serde_json::from_str(&super::sharding::shard_header("fuzz", s, ""))
                    .unwrap_or_default();
            v["goti_shard"] = hdr["goti_shard"].clone();
        }
        if let Some((i, _, input)) = &failure {
            let _ = write_atomic(
                &out.join(format!("text-{}.goti", seed.wrapping_add(*i))),
                input,
            );
        }
        outln!("{}", crate::shown::json(&v));
        return Ok(i32::from(failure.is_some()));
    }
    if let Some((i, why, input)) = failure {
        let path = out.join(format!("text-{}.goti", seed.wrapping_add(i)));
        let _ = write_atomic(&path, &input);
        outln!(
            "FAILURE on input {} ({why}); written to {}",
            seed.wrapping_add(i),
            crate::shown::path(&path)
        );
        return Ok(1);
    }
    let slowest = slowest_us.into_inner() as f64 / 1e6;
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    outln!(
        "{cases} inputs in {:.1} s on {} thread(s), slowest {:.3} s: no panic, every diagnostic inside its file, no workflow command in any reporter's output",
        start.elapsed().as_secs_f64(),
        rayon::current_num_threads(),
        slowest
    );
    Ok(0)
}
