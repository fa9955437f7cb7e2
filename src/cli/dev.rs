//! The engine developers' commands, apart from the user's tool: `cargo
//! xtask` (the workspace's `xtask` package) runs [`main`]. Speed benches,
//! the OpenSpiel oracle, the fast paths and the legal-action generator
//! against the engine, scenario-text fuzzing, and a diff against another
//! revision's build. The user's `goti` answers each with its new form
//! (`cli::spelling::MOVED`).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::command_args::{BenchCli, OracleCli, TextOrJson};
use super::error::CliError;
use crate::engine::GameKind;

/// goti's engine-development tool: speed, the OpenSpiel oracle, the fast
/// paths and the legal-action generator against the engine, text fuzzing,
/// builds of another revision. Run from goti's repository.
#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    version,
    about = "goti's engine-development tool: speed benches, the OpenSpiel oracle, the fast paths and the legal-action generator against the engine, text fuzzing, builds of another revision",
    long_about = None
)]
pub struct DevCli {
    #[command(subcommand)]
    command: DevCommand,
    /// Threads (default: every core).
    #[arg(short = 'j', long, value_name = "N", global = true)]
    jobs: Option<usize>,
}

/// Self-play's table for the comparisons.
#[derive(clap::Args, Debug)]
struct Walks {
    /// The game.
    #[arg(long, default_value_t = GameKind::default())]
    game: GameKind,
    /// Games (walks) to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The first game's seed (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Players at the table (2-4).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// The mode to play, in a game that has modes (default: its first).
    #[arg(long, value_parser = super::command_args::mode_names())]
    mode: Option<String>,
    /// Stop a game after this many turns.
    #[arg(long, default_value_t = 4000)]
    max_turns: u32,
}

#[derive(Subcommand, Debug)]
enum DevCommand {
    /// Speed of the engine's self-play paths, one core.
    ///
    /// maedn: its speed path (`tools/openspiel_speed.py` runs it beside
    /// OpenSpiel's C++ `evaluate_bots`); royal and portal: the fast path
    /// and the general engine side by side.
    Bench(BenchCli),
    /// OpenSpiel as an outside oracle: its maedn games replayed move by move.
    ///
    /// Needs Python with OpenSpiel (`target/openspiel-venv`, which `.ci/run`
    /// makes, or --python). Exits 0 when every game agrees, 1 on a
    /// disagreement (each written as a scenario into -o), 2 when OpenSpiel
    /// cannot run.
    Oracle(OracleCli),
    /// The legal-action generator against the rules themselves.
    ///
    /// Seeded walks of 400 plies; at every player's node the count, the
    /// listing and the candidates the rules accept (built without the
    /// generator) compared (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3).
    /// Exits 0 when they agree, 1 at the first disagreement.
    Legal(Walks),
    /// The fast paths against the general engine, every position compared.
    ComparePaths(Walks),
    /// The shipped race description against the Rust maedn: seeded games
    /// played on both in lockstep, every node compared (RACE.md's default
    /// is maedn as data). Exits 0 when they agree, 1 at the first
    /// disagreement.
    RaceAsMaedn {
        /// Games per table size.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One table size (2-4); default each of them.
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: Option<u8>,
        /// Instead: the two general engines timed on the same games (one
        /// core, events recorded), race against maedn.
        #[arg(long)]
        bench: bool,
        /// With --bench: also a race description of this file, on its own
        /// games.
        #[arg(long, value_name = "FILE", requires = "bench")]
        also: Option<PathBuf>,
    },
    /// Fuzz the scenario language: mutated scenario files must never panic.
    FuzzText {
        /// How many mutated inputs.
        #[arg(long, default_value_t = 10000)]
        cases: u64,
        /// The first input's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The files or folders to mutate.
        #[arg(long, default_value = "scenarios")]
        corpus: Vec<PathBuf>,
        /// The folder failures are written into.
        #[arg(short = 'o', long, value_name = "DIR", default_value = "fuzz-failures")]
        output: PathBuf,
        /// Only shard K of N of the inputs.
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::runner::shard::Shard>,
        /// text, or json (for `goti merge`).
        #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
        format: TextOrJson,
    },
    /// An engine-code change: build --base REV's goti (cached under
    /// .git/goti-base/), trace with it, and `goti diff` against it.
    DiffBuild {
        /// Scenario files or folders; default as for `goti run`.
        paths: Vec<PathBuf>,
        /// The git revision to build.
        #[arg(long, value_name = "REV")]
        base: String,
        /// Text, JSON, Markdown or HTML, as `goti diff`.
        #[arg(long, value_enum, default_value_t = super::diff::DiffFormat::Text)]
        format: super::diff::DiffFormat,
    },
    /// The user's goti of this build, with these arguments (so the
    /// developer tool's tests run both from one binary).
    #[command(disable_help_flag = true)]
    Goti {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<std::ffi::OsString>,
    },
}

/// `cargo xtask`: parses the arguments, runs the command; the exit code.
pub fn main() -> i32 {
    let code = match DevCli::try_parse() {
        Ok(DevCli {
            command: DevCommand::Goti { args },
            ..
        }) => {
            let argv = std::iter::once("goti".into()).chain(args).collect();
            return super::main_with(argv);
        }
        Ok(cli) => run(cli).unwrap_or_else(|e| {
            errln!("error: {e}");
            2
        }),
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            code
        }
    };
    super::io::flush();
    code
}

fn run(cli: DevCli) -> Result<i32, CliError> {
    if let Some(n) = cli.jobs {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global();
    }
    let jobs = cli.jobs.unwrap_or_else(super::commands::cores);
    Ok(match cli.command {
        DevCommand::Bench(a) => {
            let mode = super::command_args::mode_in(a.game, a.mode.as_deref())?;
            super::bench::bench(&a, mode)?
        }
        DevCommand::Oracle(a) => super::oracle::oracle(&a, jobs)?,
        DevCommand::Legal(w) => {
            super::error::checked_count(w.games, w.seed, "--games", super::error::MAX_GAMES)?;
            let mode = super::command_args::mode_in(w.game, w.mode.as_deref())?;
            super::fuzz_legal::legal(w.games, w.seed, (w.players, mode), w.game)?
        }
        DevCommand::ComparePaths(w) => {
            super::error::checked_count(w.games, w.seed, "--games", super::error::MAX_GAMES)?;
            let games = crate::selfplay::Games {
                players: w.players,
                games: w.games,
                seed: w.seed,
                max_turns: w.max_turns,
            };
            let mode = super::command_args::mode_in(w.game, w.mode.as_deref())?;
            super::fuzz::compare_paths(&games, mode, w.game)?
        }
        DevCommand::FuzzText {
            cases,
            seed,
            corpus,
            output,
            shard,
            format,
        } => {
            let json = format == TextOrJson::Json;
            super::fuzz::text(cases, seed, &corpus, &output, shard, json)?
        }
        DevCommand::RaceAsMaedn {
            games,
            seed,
            players,
            bench,
            also,
        } => {
            super::error::checked_count(games, seed, "--games", super::error::MAX_GAMES)?;
            if bench {
                race_bench(games, seed, players, also.as_deref())?
            } else {
                race_as_maedn(games, seed, players)
            }
        }
        DevCommand::Goti { .. } => unreachable!("run as goti in main"),
        DevCommand::DiffBuild {
            paths,
            base,
            format,
        } => {
            let from = super::diff::BaseFrom {
                trace: None,
                build: true,
            };
            let select = super::report::SelectArgs::default();
            super::diff::diff(
                (paths, &select),
                Some(&base),
                None,
                Vec::new(),
                format,
                from,
            )?
        }
    })
}

/// `cargo xtask race-as-maedn`: each table size's lockstep, one line each.
fn race_as_maedn(games: u64, seed: u64, players: Option<u8>) -> i32 {
    let sizes = players.map_or(vec![2, 3, 4], |n| vec![usize::from(n)]);
    for n in sizes {
        let started = std::time::Instant::now();
        match crate::games::race::as_maedn::compare(n, games, seed) {
            Ok(a) => outln!(
                "{n} players: {} games agree: {} actions played, {} tried on both ({:.1} s)",
                a.games,
                a.actions,
                a.tried,
                started.elapsed().as_secs_f64()
            ),
            Err(e) => {
                errln!("{n} players: race and maedn disagree: {e}");
                return 1;
            }
        }
    }
    0
}

/// `cargo xtask race-as-maedn --bench`: the general engines of maedn and
/// of race's description of it on the same games, one line a table size;
/// with `--also FILE`, that description on its own games too.
fn race_bench(
    games: u64,
    seed: u64,
    players: Option<u8>,
    also: Option<&std::path::Path>,
) -> Result<i32, CliError> {
    use crate::games::race::as_maedn;
    let sizes = players.map_or(vec![2, 3, 4], |n| vec![usize::from(n)]);
    for &n in &sizes {
        let s = as_maedn::side_by_side(n, games, seed)?;
        let rate = |secs: f64| s.actions as f64 / secs / 1e6;
        outln!(
            "{n} players, {} games, {} actions (one core, events recorded): maedn {:.2} M actions/s, race {:.2} M actions/s: race takes {:.2}x maedn's time",
            s.games,
            s.actions,
            rate(s.maedn),
            rate(s.race),
            s.race / s.maedn
        );
    }
    if let Some(file) = also {
        use crate::rules::RulesetParams;
        let text = std::fs::read_to_string(file)
            .map_err(|e| CliError::new(format!("{}: {e}", crate::shown::path(file))))?;
        let params = crate::engine::params::RaceParams::from_yaml(&text)
            .map_err(|e| CliError::new(format!("{}: {e}", crate::shown::path(file))))?;
        let rules = crate::engine::RaceRules::new(params);
        for &n in &sizes {
            let (actions, secs) = as_maedn::replay_speed(rules.clone(), n, games, seed)?;
            outln!(
                "{n} players, {games} games of {}: {actions} actions, race {:.2} M actions/s",
                crate::shown::path(file),
                actions as f64 / secs / 1e6
            );
        }
    }
    Ok(0)
}
