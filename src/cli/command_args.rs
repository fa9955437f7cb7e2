//! The arguments of the commands with many options, one struct each
//! (`goti explain`, `report`, `render`, `diff`, `trace`, `coverage`, `fuzz`,
//! `mutate`, `balance`, `bench`, `oracle`).

use std::path::PathBuf;

use super::{context, diff, explain, report};
use crate::engine::GameKind;

// The arguments of `goti fuzz` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct FuzzCli {
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The first game's seed (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players at the table (2-4; default: 4, or as many as the rules seat).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// The mode to play, in a game that has modes (default: its first).
    #[arg(long, value_parser = mode_names())]
    pub mode: Option<String>,
    /// The game to play.
    #[arg(long, default_value_t = GameKind::default())]
    pub game: GameKind,
    /// Stop a game after this many turns.
    #[arg(long, default_value_t = 4000)]
    pub max_turns: u32,
    /// The folder replay scenarios of failures are written into.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        default_value = "fuzz-failures"
    )]
    pub output: PathBuf,
    /// Only shard K of N of the games (by seed; `goti merge` joins them).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::runner::shard::Shard>,
    /// text, or json (for `goti merge`).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

// The arguments of `goti mutate` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct MutateCli {
    /// Scenario files or folders; default as for `run`.
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub select: report::ScenarioSelect,
    /// Only mutants of keys starting with this (`journey.`, `board.forts`).
    #[arg(long, value_name = "KEY-PREFIX")]
    pub only: Option<String>,
    /// Only this game's mutants (default: every game a passing scenario
    /// plays).
    #[arg(long)]
    pub game: Option<GameKind>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: MutateFormat,
    /// Exit 1 when the score (percent killed) is below this.
    #[arg(long, value_name = "PERCENT")]
    pub min_score: Option<f64>,
    /// Name the scenarios that killed each mutant.
    #[arg(long, short)]
    pub verbose: bool,
    /// Show the first killing scenario's diff for the mutant that gives
    /// KEY this VALUE (`board.ring=53`, `board.forts.1=30`).
    #[arg(long, value_name = "KEY=VALUE")]
    pub explain: Option<String>,
    /// Only the mutants of ruleset keys changed since this git revision
    /// (for a pull request: the strength of the suite where it changed).
    #[arg(long, value_name = "REV")]
    pub in_diff: Option<String>,
    /// Only shard K of N of the mutants (`goti merge` joins the results).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::runner::shard::Shard>,
    /// For each survivor, search self-play for a scenario that kills it
    /// and write it, shrunk, into DIR (proposals: a folder the project
    /// runs by default is refused)
    #[arg(long, value_name = "DIR")]
    pub write: Option<PathBuf>,
    /// Seconds of search per survivor (with --write)
    #[arg(long, value_name = "SECS", default_value_t = 5.0, requires = "write")]
    pub budget: f64,
    /// The first self-play game seed of the search (with --write)
    #[arg(long, default_value_t = 1, requires = "write")]
    pub seed: u64,
}

// The arguments of `goti balance` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct BalanceCli {
    /// Base rules: REV (of the project's ruleset file) or FILE.
    #[arg(long, value_name = "REV|FILE")]
    pub base: Option<String>,
    /// The head: a ruleset file on top of the working tree's rules.
    #[arg(long = "ruleset", value_name = "FILE")]
    pub head: Option<PathBuf>,
    /// Change the head rules (KEY=VALUE, repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Games per side.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Players at the table (2-4; default: 4, or as many as both rules seat).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// The mode to play, in a game that has modes (default: its first).
    #[arg(long, value_parser = mode_names())]
    pub mode: Option<String>,
    /// The game to play.
    #[arg(long, default_value_t = GameKind::default())]
    pub game: GameKind,
    /// How the players choose: random legal actions, or greedy (captures,
    /// then progress).
    #[arg(long, value_enum, default_value = "random")]
    pub policy: crate::selfplay::Policy,
    /// The first seed (game i plays seed + i on both sides).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The head's first seed (default: --seed). Other seeds with the same
    /// rules make an A/A check: the games differ, the rules do not.
    #[arg(long, value_name = "SEED")]
    pub head_seed: Option<u64>,
    /// Play blocks of games until a sequential test decides --bound
    /// (instead of a fixed --games).
    #[arg(long, requires = "bound", conflicts_with_all = ["games", "shard"])]
    pub until_decided: bool,
    /// The change that matters, MEASURE:DELTA (P1-wins:2pp, length:5,
    /// captures:0.5, ...), with --until-decided.
    #[arg(long, value_name = "MEASURE:DELTA", requires = "until_decided")]
    pub bound: Option<crate::selfplay::sequential::Bound>,
    /// The chance of calling a change that is not there (with --until-decided).
    #[arg(long, default_value_t = 0.05, requires = "until_decided")]
    pub alpha: f64,
    /// The chance of missing a change of the bound (with --until-decided).
    #[arg(long, default_value_t = 0.05, requires = "until_decided")]
    pub beta: f64,
    /// Games a side at most before the sequential test says undecided.
    #[arg(long, default_value_t = 20000, requires = "until_decided")]
    pub max_games: u64,
    /// Only shard K of N of the seeds (`goti merge` joins the results;
    /// with --format json).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::runner::shard::Shard>,
    /// Stop a game after this many turns.
    #[arg(long, default_value_t = 4000)]
    pub max_turns: u32,
    #[arg(long, value_enum, default_value = "text")]
    pub format: BalanceFormat,
}

// The arguments of `cargo xtask bench` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct BenchCli {
    /// The game: maedn (its speed path), royal or portal (the fast path
    /// and the general engine side by side).
    #[arg(long)]
    pub game: GameKind,
    /// Games to play.
    #[arg(long, default_value_t = 10000)]
    pub games: u64,
    /// The mode to play, in a game that has modes (default: its first).
    #[arg(long, value_parser = mode_names())]
    pub mode: Option<String>,
    /// Players at the table (2-4).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// Two players: side by side (default opposite, as OpenSpiel).
    #[arg(long)]
    pub side: bool,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// text (a line), or json (one object).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

// The arguments of `cargo xtask oracle` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct OracleCli {
    /// The game: maedn (the one with a public implementation), or race
    /// (its default description is maedn as data, judged the same way).
    #[arg(long, value_parser = ["maedn", "race"], default_value = "maedn")]
    pub game: String,
    /// Games per table.
    #[arg(long, default_value_t = 500)]
    pub games: u64,
    /// The seed (game k of a seed is the same however many run).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tables: 2o (two players opposite), 2s (side by side), 3, 4.
    #[arg(long, value_delimiter = ',', default_value = "2o,2s,3,4")]
    pub tables: Vec<String>,
    /// The Python with OpenSpiel (default: target/openspiel-venv, else python3).
    #[arg(long)]
    pub python: Option<PathBuf>,
    /// OpenSpiel's side of the replay.
    #[arg(long, default_value = "tools/openspiel_maedn.py")]
    pub script: PathBuf,
    /// The folder a disagreement's scenario is written into.
    #[arg(
        short = 'o',
        long = "output",
        value_name = "DIR",
        default_value = "target/oracle"
    )]
    pub output: PathBuf,
    /// Change goti's maedn rules (KEY=VALUE): the oracle must then disagree.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Only shard K of N of the games (by table and block of 50 games);
    /// `goti merge` joins the shards' --format json results.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::runner::shard::Shard>,
    /// text, or json (for `goti merge`).
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

// The arguments of `goti explain` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct ExplainCli {
    /// The scenario file, or FILE:LINE (the scenario around that line).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: report::ScenarioSelect,
    /// text (compact) or html (one page with pictures).
    #[arg(long, value_enum, default_value = "text")]
    pub format: explain::ExplainFormat,
    /// Text only: draw the full ASCII board after every step.
    #[arg(long)]
    pub board: bool,
    /// The `.html` file (html; default standard output).
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

// The arguments of `goti render` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct RenderCli {
    /// The scenario file, or FILE:LINE.
    pub file: PathBuf,
    /// Which of the file's scenarios (one must be picked when it has several).
    #[command(flatten)]
    pub select: report::ScenarioSelect,
    /// The step to draw (0 = the set-up).
    #[arg(long, conflicts_with = "all_steps")]
    pub step: Option<usize>,
    /// Every step of every scenario picked, one SVG each, into the folder -o DIR.
    #[arg(long)]
    pub all_steps: bool,
    /// Write the picture to this `.svg` or `.png` file.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

// The arguments of `goti perft` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct PerftCli {
    /// The scenario file, or FILE:LINE (the position after that line).
    pub file: PathBuf,
    /// Which of the file's scenarios (one must be picked when it has several).
    #[command(flatten)]
    pub select: report::ScenarioSelect,
    /// Plies to count: every chance outcome and every action is one.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    /// Split the count by the first ply, each branch in scenario syntax.
    #[arg(long)]
    pub divide: bool,
    /// Stop with exit 2 past this many nodes (positions visited).
    #[arg(long, default_value_t = crate::engine::legal::DEFAULT_MAX_NODES)]
    pub max_nodes: u64,
    /// text (a line; with --divide a line per branch) or json.
    #[arg(long, value_enum, default_value_t = PerftFormat::Text)]
    pub format: PerftFormat,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

/// How `goti perft` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PerftFormat {
    Text,
    Json,
}

// The arguments of `goti diff` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct DiffCli {
    /// Scenario files or folders; default as for `run`.
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub select: report::SelectArgs,
    /// The base: a git revision of the project's ruleset files (goti.yaml)
    /// or a ruleset file (default: the working tree's rules).
    #[arg(long, value_name = "REV|FILE")]
    pub base: Option<String>,
    /// The head: a ruleset file on top of the working tree's rules.
    #[arg(long = "ruleset", value_name = "FILE")]
    pub head: Option<PathBuf>,
    /// Override one ruleset field for the head (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Text, JSON, or Markdown for a pull-request comment.
    #[arg(long, value_enum, default_value_t = diff::DiffFormat::Text)]
    pub format: diff::DiffFormat,
    /// The base as a trace another build made (`goti trace -o FILE`):
    /// for a change to the engine's code, or a goti upgrade.
    #[arg(long, value_name = "FILE", conflicts_with = "base")]
    pub base_trace: Option<PathBuf>,
}

// The arguments of `goti trace` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct TraceCli {
    /// Scenario files or folders; default as for `run`.
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub select: report::SelectArgs,
    /// Write the trace here (default: standard output).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

// The arguments of `goti coverage` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct CoverageCli {
    /// Scenario files or folders; default as for `run`.
    pub paths: Vec<PathBuf>,
    /// Show every scenario for each rule, not just the count and first.
    #[arg(long)]
    pub verbose: bool,
    /// Only this game's rule IDs (default: the games goti.yaml gives a
    /// ruleset file, else every game).
    #[arg(long)]
    pub game: Option<GameKind>,
    /// `text` lists every rule ID; `markdown` gives the count and a table
    /// of the gaps (a CI job summary).
    #[arg(long, value_enum, default_value_t = CoverageFormat::Text)]
    pub format: CoverageFormat,
    #[command(flatten)]
    pub select: report::SelectArgs,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

/// How `goti coverage` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CoverageFormat {
    Text,
    Markdown,
}

// The arguments of `goti lint` (a plain comment: clap would read a doc comment as help).
#[derive(clap::Args, Debug)]
pub(super) struct LintCli {
    /// Lint this game's ruleset (default: each ruleset goti.yaml gives, or
    /// the game of each --ruleset, else every game's built-in one).
    #[arg(long)]
    pub game: Option<GameKind>,
    /// Only this table size (default: 2, 3 and 4 players).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// Only this mode, in a game that has modes (default: each of them).
    #[arg(long, value_parser = mode_names())]
    pub mode: Option<String>,
    /// Games a table under each policy (their lengths, the turn cap); the
    /// first 30 are also counted for the decision figures, and as many
    /// (at most 30) are played through the legal actions.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Walks a table of the generator against the rules (as `cargo xtask legal`).
    #[arg(long, default_value_t = 4)]
    pub walks: u64,
    /// The first game's seed (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many turns (its last position is probed).
    #[arg(long, default_value_t = 4000)]
    pub max_turns: u32,
    /// text, json, or github (annotations).
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
    /// Write each finding's scenario into this folder.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub rules: context::RulesArgs,
}

/// How `goti lint` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LintFormat {
    Text,
    Json,
    Github,
}

/// Text for a person, or JSON for a program (`goti merge`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TextOrJson {
    Text,
    Json,
}

/// The names `--mode` takes: every game's modes, as its words name them
/// (so the shell completes them).
pub(super) fn mode_names() -> clap::builder::PossibleValuesParser {
    let mut names: Vec<&'static str> = GameKind::ALL
        .iter()
        .flat_map(|g| g.vocabulary().modes.iter().copied())
        .collect();
    names.dedup();
    clap::builder::PossibleValuesParser::new(names)
}

/// The mode `--mode NAME` names in `game`: none, its first; a game
/// without modes has one way to play, whatever is named. A name of
/// another game's only is refused.
pub(super) fn mode_in(
    game: GameKind,
    name: Option<&str>,
) -> Result<crate::engine::Mode, super::error::CliError> {
    let words = game.vocabulary();
    match name {
        None => Ok(crate::engine::Mode::FIRST),
        Some(_) if words.modes.is_empty() => Ok(crate::engine::Mode::FIRST),
        Some(n) => words.mode_named(n).ok_or_else(|| {
            super::error::CliError::new(format!(
                "--mode {n}: {game} is played in {} mode",
                words.modes.join(" or ")
            ))
        }),
    }
}

/// Output formats of `goti mutate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MutateFormat {
    Text,
    Json,
}

/// Output formats of `goti balance`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BalanceFormat {
    Text,
    Json,
    Markdown,
}
