//! The command line: the only layer that prints or exits.
//!
//! Exit codes: 0 all passed, 1 a scenario (or check) failed, 2 usage or I/O error.

#[macro_use]
mod io;
mod balance;
mod context;
mod desk;
mod diff;
mod fuzz;
mod merge;
mod mutate;
mod oracle;
mod output;
mod page;
mod report;
mod trace;

pub use output::render as render_diagnostic;

/// A diagnostic rendered without colour (for test output and logs).
pub fn render_plain(d: &crate::runner::Diagnostic) -> String {
    output::render(d, false)
}

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::engine::GameKind;
use crate::runner::{self, RunOptions};

/// goti: the rulebook that runs. Plays scenario files against the rules
/// engine and checks their expectations and snapshots.
#[derive(Parser, Debug)]
#[command(name = "goti", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The editor grammars `goti grammar` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum GrammarKind {
    /// A TextMate grammar (VS Code, Sublime Text, many others).
    Textmate,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run scenario files: play them, check expectations and snapshots.
    ///
    /// Prints a line per scenario and a summary `N passed, M failed`.
    /// Exits 0 when all pass, 1 on any failure, 2 on a usage or I/O error.
    /// New or changed snapshots are written as `.snap.new` for review (never
    /// when the CI variable is set); `goti accept` promotes them.
    Run {
        /// Scenario files or folders (searched for *.goti), or FILE:LINE for
        /// the scenario around a line; default: the project's scenario
        /// folders (goti.yaml), else `scenarios`.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        select: report::SelectArgs,
        #[command(flatten)]
        report: report::ReportArgs,
        /// Do not write `.snap.new` files for review (CI never writes them).
        #[arg(long)]
        no_write: bool,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// Parse and validate scenario files without playing them.
    Check {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        select: report::SelectArgs,
        #[command(flatten)]
        report: report::ReportArgs,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// List the scenarios (file:line, name, tags) a selection picks.
    List {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        select: report::SelectArgs,
        /// One JSON object per scenario.
        #[arg(long)]
        json: bool,
    },
    /// Show each step of a scenario with its events, rule IDs and a picture
    /// of the board.
    Explain {
        /// The scenario file.
        file: PathBuf,
        /// Only the scenario with this name (default: every scenario).
        #[arg(long)]
        scenario: Option<String>,
        /// text (compact), html (one page with pictures) or svg (one picture
        /// per step into the folder given with -o).
        #[arg(long, value_enum, default_value = "text")]
        format: output::ExplainFormat,
        /// Text only: draw the full ASCII board after every step.
        #[arg(long)]
        board: bool,
        /// The `.html` file (html; default standard output) or the folder (svg).
        #[arg(short = 'o', long = "output", value_name = "PATH")]
        output: Option<PathBuf>,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// One self-contained HTML page for a run: counts, filters by status,
    /// tag and file, each scenario's steps, events, problems and final board.
    ///
    /// Exits 0 when all pass, 1 on any failure, 2 on a usage or I/O error
    /// (the page is written either way).
    Report {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// The HTML file to write.
        #[arg(
            short = 'o',
            long = "output",
            value_name = "FILE",
            default_value = "report.html"
        )]
        output: PathBuf,
        #[command(flatten)]
        select: report::SelectArgs,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// A picture of the position at one step of a scenario, as SVG or PNG.
    ///
    /// Step 0 is the set-up, step k the position after the k-th action;
    /// FILE:LINE is the position after that line; by default the last.
    /// Writes SVG to standard output, or to the `.svg` or `.png` file given
    /// with -o.
    Render {
        /// The scenario file, or FILE:LINE.
        file: PathBuf,
        /// The scenario with this name (needed when the file has several).
        #[arg(long)]
        scenario: Option<String>,
        /// The step to draw (0 = the set-up).
        #[arg(long)]
        step: Option<usize>,
        /// Write the picture to this `.svg` or `.png` file.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// What a rules change does to outcomes: every scenario played under the
    /// base and the head rules, and what moved.
    ///
    /// Compares the board, every player's numbers and the events (with their
    /// rule IDs) after every step, whether or not a scenario states
    /// expectations or snapshots. Exits 0 when nothing changed, 1 when
    /// something did, 2 on an error.
    Diff {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// The base: a git revision of the project's ruleset files (goti.yaml)
        /// or a ruleset file (default: the working tree's rules).
        #[arg(long, value_name = "REV|FILE")]
        base: Option<String>,
        /// A ruleset file for the head, on top of the working tree's rules.
        #[arg(long, value_name = "FILE")]
        head: Option<PathBuf>,
        /// Override one ruleset field for the head (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Text, JSON, or Markdown for a pull-request comment.
        #[arg(long, value_enum, default_value_t = diff::DiffFormat::Text)]
        format: diff::DiffFormat,
        /// The base as a trace another build made (`goti trace -o FILE`):
        /// for a change to the engine's code, or a goti upgrade.
        #[arg(long, value_name = "FILE", conflicts_with = "base")]
        base_trace: Option<PathBuf>,
        /// In goti's own source tree: build --base REV's goti (cached under
        /// target/goti-base/), trace with it, and compare.
        #[arg(long, requires = "base")]
        build: bool,
    },
    /// Every scenario's outcome after every step (board, numbers,
    /// standings, events with their rule IDs), as versioned JSON lines: the
    /// base of `goti diff --base-trace` in another build.
    Trace {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// Write the trace here (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Threads (default: every core); the trace is the same on any number.
        #[arg(short = 'j', long, value_name = "N")]
        jobs: Option<usize>,
        /// Only shard K of N of the scenarios (`goti merge` joins the traces).
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::shard::Shard>,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// Put the JSON results of `--shard K/N` runs together: the result one
    /// machine would give (run, check, trace, mutate, balance, fuzz).
    Merge {
        /// The shards' results (`--format json` / `-o` files).
        files: Vec<PathBuf>,
        /// JSON (as one run's), or text / Markdown to read.
        #[arg(long, value_enum, default_value = "json")]
        format: merge::MergeFormat,
    },
    /// List a ruleset's rule IDs with their text, or dump its default YAML.
    Rules {
        /// The ruleset (a game name).
        #[arg(default_value = "royal")]
        ruleset: GameKind,
        /// Print the default ruleset file (YAML) instead.
        #[arg(long)]
        dump: bool,
    },
    /// For each rule ID, the scenarios that exercise it; exits 1 listing the
    /// rule IDs no passing scenario exercises.
    ///
    /// A rule counts for a scenario when the engine cited it in an event or a
    /// rejection while running it, or when an `expect illegal(RULE)` names it.
    Coverage {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// Show every scenario for each rule, not just the count and first.
        #[arg(long)]
        verbose: bool,
        #[command(flatten)]
        select: report::SelectArgs,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// Random self-play with invariant checks, or scenario-text fuzzing.
    ///
    /// Self-play plays complete games with seeded dice and random legal
    /// choices, checking every invariant after every group's move, that a
    /// random illegal action is refused without a trace, and that a seed
    /// replays to the same game. On a violation it writes a shrunk scenario
    /// that replays it and exits 1. With --text it mutates scenario files
    /// instead and checks that nothing panics.
    Fuzz {
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The first game's seed (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players at the table (2-4).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Journey or Clash (royal).
        #[arg(long, value_enum, default_value_t = ModeArg::Clash)]
        mode: ModeArg,
        /// The ruleset (game) to play.
        #[arg(long, default_value = "royal")]
        rules: GameKind,
        /// Stop a game after this many turns.
        #[arg(long, default_value_t = 4000)]
        max_turns: u32,
        /// Where replay scenarios of failures are written.
        #[arg(long, default_value = "fuzz-failures")]
        out: PathBuf,
        /// Fuzz the scenario language instead: mutate the files under `corpus`.
        #[arg(long)]
        text: bool,
        /// With --text: how many mutated inputs.
        #[arg(long, default_value_t = 10000)]
        cases: u64,
        /// With --text: the files or folders to mutate.
        #[arg(long, default_value = "scenarios")]
        corpus: Vec<PathBuf>,
        /// Only shard K of N of the games (by seed), or with --text of the inputs.
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::shard::Shard>,
        /// The result as JSON (for `goti merge`).
        #[arg(long)]
        json: bool,
    },
    /// Would the scenarios notice if a rule were wrong? Mutants of the rulesets.
    ///
    /// Every number of the rulesets the scenarios play moved to its
    /// neighbours, every list entry dropped or duplicated, every table
    /// boundary moved, every yes/no flipped; a mutant is killed when a
    /// passing scenario fails under it.
    ///
    /// Prints the score (killed / valid mutants) per game and rulebook
    /// section and every survivor. Exits 0, 1 when the score is below
    /// --min-score, 2 on an error (including a filter that matches nothing).
    Mutate {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// Only mutants of keys starting with this (`journey.`, `board.forts`).
        #[arg(long, value_name = "KEY-PREFIX")]
        only: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: mutate::MutateFormat,
        /// Exit 1 when the score (percent killed) is below this.
        #[arg(long, value_name = "PERCENT")]
        min_score: Option<f64>,
        /// Name the scenarios that killed each mutant.
        #[arg(long, short)]
        verbose: bool,
        /// Show the first killing scenario's diff for the mutant that gives
        /// KEY this VALUE (`board.ring=53`, `board.forts.1=30`).
        #[arg(long, value_name = "KEY=VALUE")]
        explain: Option<String>,
        /// Only the mutants of ruleset keys changed since this git revision
        /// (for a pull request: the strength of the suite where it changed).
        #[arg(long, value_name = "REV")]
        in_diff: Option<String>,
        /// Only shard K of N of the mutants (`goti merge` joins the results).
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::shard::Shard>,
    },
    /// What a rule change does to play: self-play of base and head rules.
    ///
    /// Both rulesets play the same seeds; side by side with the difference
    /// and a 95% confidence interval: game length, games finished, win rate
    /// by seat, battle points, captures, penalties, grace rolls, exits,
    /// falls, road rides, extra rolls, and how often each rule ID fires.
    ///
    /// Base: a git revision of the project's ruleset file, or a ruleset
    /// file; default the working tree's. Head: the working tree's, then
    /// --head, then --set. Exits 0, or 2 on an error.
    Balance {
        /// Base rules: REV (of the project's ruleset file) or FILE.
        #[arg(long, value_name = "REV|FILE")]
        base: Option<String>,
        /// A ruleset file on top of the working tree's rules.
        #[arg(long, value_name = "FILE")]
        head: Option<PathBuf>,
        /// Change the head rules (KEY=VALUE, repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Games per side.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Royal's mode.
        #[arg(long, value_enum, default_value_t = ModeArg::Journey)]
        mode: ModeArg,
        /// The ruleset (game).
        #[arg(long, default_value = "royal")]
        rules: GameKind,
        /// How the players choose: random legal actions, or greedy (captures,
        /// then progress).
        #[arg(long, value_enum, default_value = "random")]
        policy: crate::selfplay::Policy,
        /// The first seed (game i plays seed + i on both sides).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only shard K of N of the seeds (`goti merge` joins the results;
        /// with --format json).
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::shard::Shard>,
        /// Stop a game after this many turns.
        #[arg(long, default_value_t = 4000)]
        max_turns: u32,
        #[arg(long, value_enum, default_value = "text")]
        format: balance::BalanceFormat,
    },
    /// Speed of the engine's self-play path (maedn), one core.
    ///
    /// Random legal actions, no checks, no events; `tools/openspiel_speed.py`
    /// runs it beside OpenSpiel's C++ `evaluate_bots`.
    Bench {
        /// The game: maedn.
        #[arg(value_parser = ["maedn"])]
        game: String,
        /// Games to play.
        #[arg(long, default_value_t = 10000)]
        games: u64,
        /// Players at the table (2-4).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        /// Two players: side by side (default opposite, as OpenSpiel).
        #[arg(long)]
        side: bool,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One JSON object instead of a line of text.
        #[arg(long)]
        json: bool,
    },
    /// OpenSpiel as an outside oracle: its maedn games replayed move by move.
    ///
    /// Seeded random OpenSpiel games replayed in goti action by action: the
    /// player to throw, the legal actions, the board and bases after every
    /// action, the returns.
    ///
    /// Needs Python with OpenSpiel (`target/openspiel-venv`, which `.ci/run`
    /// makes, or --python). Exits 0 when every game agrees, 1 on a
    /// disagreement (each written as a scenario into --out), 2 when
    /// OpenSpiel cannot run.
    Oracle {
        /// The game: maedn (the one with a public implementation).
        #[arg(value_parser = ["maedn"])]
        game: String,
        /// Games per table.
        #[arg(long, default_value_t = 500)]
        games: u64,
        /// The seed (game k of a seed is the same however many run).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Tables: 2o (two players opposite), 2s (side by side), 3, 4.
        #[arg(long, value_delimiter = ',', default_value = "2o,2s,3,4")]
        tables: Vec<String>,
        /// The Python with OpenSpiel (default: target/openspiel-venv, else python3).
        #[arg(long)]
        python: Option<PathBuf>,
        /// OpenSpiel's side of the replay.
        #[arg(long, default_value = "tools/openspiel_maedn.py")]
        script: PathBuf,
        /// Where a disagreement's scenario is written.
        #[arg(long, default_value = "target/oracle")]
        out: PathBuf,
        /// OpenSpiel processes at once (default: every core).
        #[arg(short = 'j', long)]
        jobs: Option<usize>,
        /// Change goti's maedn rules (KEY=VALUE): the oracle must then disagree.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
        /// Only shard K of N of the games (by table and block of 50 games);
        /// `goti merge` joins the shards' --json results.
        #[arg(long, value_name = "K/N")]
        shard: Option<crate::shard::Shard>,
        /// The result as JSON (for `goti merge`).
        #[arg(long)]
        json: bool,
    },
    /// Accept reviewed snapshots: promote `.snap.new` files to `.snap`.
    ///
    /// With no argument, every pending snapshot of the project: the
    /// `snapshots/` folders beside the scenario files of its folders.
    Accept {
        /// `.snap.new` files, or folders to search for them.
        paths: Vec<PathBuf>,
    },
    /// Snapshot housekeeping: list, or remove with --prune, the snapshots
    /// no scenario writes any more (orphans).
    Snapshots {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// Remove the orphaned snapshots.
        #[arg(long)]
        prune: bool,
        /// With --prune: say what would be removed, remove nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Lay scenario files out one way: lower-case keywords, one space between
    /// words, `, ` between clauses, one blank line between scenarios;
    /// statements, `;` joins and comments kept.
    Fmt {
        /// Scenario files or folders; default as for `run`.
        paths: Vec<PathBuf>,
        /// Change nothing: list the files that would change and exit 1.
        #[arg(long)]
        check: bool,
    },
    /// Shell completions for goti: `goti completions bash > goti.bash`.
    Completions { shell: clap_complete::Shell },
    /// goti's manual page (roff): `goti man > goti.1`.
    Man,
    /// Start a project in DIR (default: here): goti.yaml, rules/GAME.yaml,
    /// two example scenarios that pass, a .gitignore and a GitHub workflow.
    ///
    /// Overwrites nothing: exits 2, writing nothing, when any of its files
    /// exists. Outside a git repository it runs `git init`. Exits 0.
    Init {
        dir: Option<PathBuf>,
        /// The game of the project.
        #[arg(long, default_value = "royal")]
        game: GameKind,
    },
    /// Rerun what changes: scenario files (those changed), their ruleset
    /// files and goti.yaml (every scenario), until Ctrl-C.
    ///
    /// Files are polled every 100 ms; a rerun starts once nothing changed
    /// for 300 ms (a save of several files is one rerun). Exits 0 on
    /// Ctrl-C, 2 when there is nothing to watch.
    Watch {
        /// Scenario files or folders; default: the project's folders.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        report: report::ReportArgs,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// An editor grammar for scenario files, from the language's grammar:
    /// `goti grammar textmate > goti.tmLanguage.json` (the one shipped in
    /// editors/vscode/). Exits 0.
    Grammar {
        #[arg(value_enum)]
        kind: GrammarKind,
    },
    /// A language server for scenario files on standard input and output
    /// (for editors: diagnostics as you type, hovers, completion, inlay
    /// hints with the position after each action; see README "Editors").
    ///
    /// Exits 0 after the editor's `shutdown` and `exit`, 2 on a broken
    /// connection.
    Lsp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    Journey,
    Clash,
}

/// The shipped ruleset file of a game (`goti rules GAME --dump`).
pub(super) fn default_yaml(game: GameKind) -> &'static str {
    crate::runner::position::Rules::default_yaml(game)
}

/// The shipped ruleset file as `goti rules GAME --dump` prints it: with an
/// `extends: GAME` line, which says the game the file is for (its `name:`
/// is free text a designer may edit).
fn dump_yaml(game: GameKind) -> String {
    let text = default_yaml(game);
    let mut out = String::with_capacity(text.len() + 32);
    let mut placed = false;
    for line in text.lines() {
        if !placed && !line.starts_with('#') {
            out.push_str(&format!(
                "extends: {game}      # the game this file is for\n"
            ));
            placed = true;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether to colour output on this stream.
pub fn colour(stream_is_terminal: bool) -> bool {
    stream_is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Runs the command line; returns the exit code.
pub fn main() -> i32 {
    let code = run();
    io::flush();
    code
}

fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let color = colour(std::io::stdout().is_terminal());
    let project = match context::project() {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let layers = |rules: &context::RulesArgs| {
        context::layers(project.as_ref(), rules).map_err(|e| {
            errln!("error: {e}");
            2
        })
    };
    match cli.command {
        Command::Run {
            paths,
            select,
            report,
            no_write,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let opts = RunOptions {
                write_snapshots: !no_write && !runner::in_ci(),
                ..RunOptions::default()
            };
            let paths = context::paths_or_default(paths, project.as_ref());
            report::run(
                paths,
                &select,
                context::options(opts, layers),
                &report,
                false,
                color,
            )
        }
        Command::Check {
            paths,
            select,
            report,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let opts = RunOptions {
                validate_only: true,
                skip_snapshots: true,
                ..RunOptions::default()
            };
            let paths = context::paths_or_default(paths, project.as_ref());
            report::run(
                paths,
                &select,
                context::options(opts, layers),
                &report,
                true,
                color,
            )
        }
        Command::List {
            paths,
            select,
            json,
        } => {
            let paths = context::paths_or_default(paths, project.as_ref());
            report::list(paths, &select, json)
        }
        Command::Explain {
            file,
            scenario,
            format,
            board,
            output,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let how = (format, board, output.as_deref());
            output::explain(&file, scenario.as_deref(), layers, color, how)
        }
        Command::Rules { ruleset, dump } => {
            if dump {
                out!("{}", dump_yaml(ruleset));
            } else {
                for r in ruleset.catalogue() {
                    outln!("{:<26} {}", r.id.0, r.text);
                }
            }
            0
        }
        Command::Accept { paths } => {
            let defaulted = paths.is_empty();
            let paths = if paths.is_empty() {
                let mut scanned = context::paths_or_default(Vec::new(), project.as_ref());
                // No project and no `scenarios/` here: the scenario files
                // under the working folder (`goti run x.goti` wrote beside x).
                if !scanned.iter().any(|p| p.exists()) {
                    scanned = vec![PathBuf::from(".")];
                }
                runner::snapshot::snapshot_folders(&scanned)
            } else {
                paths
            };
            output::accept(&paths, defaulted)
        }
        Command::Snapshots {
            paths,
            prune,
            dry_run,
        } => {
            let paths = context::paths_or_default(paths, project.as_ref());
            output::snapshots(&paths, prune, dry_run)
        }
        Command::Fmt { paths, check } => {
            let paths = context::paths_or_default(paths, project.as_ref());
            output::fmt(&paths, check)
        }
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, "goti", &mut buf);
            out!("{}", String::from_utf8_lossy(&buf));
            0
        }
        Command::Init { dir, game } => desk::init(dir, game),
        Command::Watch {
            paths,
            report,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let paths = context::paths_or_default(paths, project.as_ref());
            let root = project.as_ref().map(|p| p.root.clone());
            desk::watch(paths, root, layers, &report, color)
        }
        Command::Grammar {
            kind: GrammarKind::Textmate,
        } => {
            out!("{}", crate::desk::textmate::grammar_text());
            0
        }
        Command::Lsp => {
            let (connection, threads) = lsp_server::Connection::stdio();
            let served = crate::lsp::serve(&connection);
            drop(connection);
            let joined = threads.join();
            match (served, joined) {
                (Ok(()), Ok(())) => 0,
                (Err(e), _) => {
                    errln!("error: goti lsp: {e}");
                    2
                }
                (_, Err(e)) => {
                    errln!("error: goti lsp: {e}");
                    2
                }
            }
        }
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut buf = Vec::new();
            match clap_mangen::Man::new(cmd).render(&mut buf) {
                Ok(()) => {
                    out!("{}", String::from_utf8_lossy(&buf));
                    0
                }
                Err(e) => {
                    errln!("error: {e}");
                    2
                }
            }
        }
        Command::Diff {
            paths,
            base,
            head,
            sets,
            format,
            base_trace,
            build,
        } => diff::diff(
            paths,
            base.as_deref(),
            head,
            sets,
            format,
            diff::BaseFrom {
                trace: base_trace,
                build,
            },
        ),
        Command::Trace {
            paths,
            output,
            jobs,
            shard,
            rules,
        } => trace::trace(paths, output.as_deref(), &rules, jobs, shard),
        Command::Merge { files, format } => merge::merge(&files, format),
        Command::Report {
            paths,
            output,
            select,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let paths = context::paths_or_default(paths, project.as_ref());
            report::html(paths, &select, layers, &output)
        }
        Command::Render {
            file,
            scenario,
            step,
            output,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            output::render_picture(&file, scenario.as_deref(), step, output.as_deref(), layers)
        }
        Command::Coverage {
            paths,
            verbose,
            select,
            rules,
        } => {
            let layers = match layers(&rules) {
                Ok(l) => l,
                Err(code) => return code,
            };
            let paths = context::paths_or_default(paths, project.as_ref());
            output::coverage(paths, &select, layers, verbose)
        }
        Command::Balance {
            base,
            head,
            sets,
            games,
            players,
            mode,
            rules,
            policy,
            seed,
            max_turns,
            format,
            shard,
        } => balance::balance(&balance::BalanceArgs {
            shard,
            game: rules,
            base,
            head,
            sets,
            games,
            players,
            mode: if mode == ModeArg::Clash {
                crate::engine::Mode::Clash
            } else {
                crate::engine::Mode::Journey
            },
            policy,
            seed,
            max_turns,
            format,
        }),
        Command::Mutate {
            paths,
            only,
            format,
            min_score,
            verbose,
            explain,
            in_diff,
            shard,
        } => mutate::mutate(mutate::MutateArgs {
            in_diff,
            shard,
            paths,
            only,
            format,
            min_score,
            verbose,
            explain,
        }),
        Command::Bench {
            game: _,
            games,
            players,
            side,
            seed,
            json,
        } => {
            let rules = crate::engine::MaednRules::default_rules();
            let table = &crate::engine::Player::ALL[..players as usize];
            let opposite = (players == 2).then_some(!side);
            let started = std::time::Instant::now();
            match crate::selfplay::maedn::random_actions(&rules, table, opposite, games, seed) {
                Ok(actions) => {
                    let secs = started.elapsed().as_secs_f64().max(1e-9);
                    let rate = actions as f64 / secs;
                    if json {
                        outln!(
                            "{}",
                            serde_json::json!({"game": "maedn", "players": players, "opposite": opposite, "games": games, "actions": actions, "seconds": secs, "actions_per_second": rate})
                        );
                    } else {
                        outln!("maedn bench: {players} players{}, {games} games, {actions} player actions in {secs:.3} s: {rate:.0} actions/s (one core, no checks)",
                            match opposite { Some(true) => " opposite", Some(false) => " side by side", None => "" });
                    }
                    0
                }
                Err(e) => {
                    errln!("error: {e}");
                    2
                }
            }
        }
        Command::Oracle {
            game: _,
            games,
            seed,
            tables,
            python,
            script,
            out,
            jobs,
            sets,
            shard,
            json,
        } => oracle::oracle(&oracle::OracleArgs {
            shard,
            json,
            sets,
            games,
            seed,
            tables,
            python,
            script,
            out,
            jobs: jobs.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
            }),
        }),
        Command::Fuzz {
            games,
            seed,
            players,
            mode,
            rules,
            max_turns,
            out,
            text,
            cases,
            corpus,
            shard,
            json,
        } => {
            if text {
                fuzz::text(cases, seed, &corpus, &out, shard, json)
            } else {
                let mode = if mode == ModeArg::Clash {
                    crate::engine::Mode::Clash
                } else {
                    crate::engine::Mode::Journey
                };
                fuzz::self_play(
                    games,
                    seed,
                    (players, mode, max_turns),
                    &out,
                    rules,
                    (shard, json),
                )
            }
        }
    }
}
