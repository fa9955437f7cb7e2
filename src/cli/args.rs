//! The command line's arguments (clap): every command, its options and
//! their help, which `goti --help`, `goti man` and the completions show.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::{context, merge, report};
use crate::engine::GameKind;

pub(super) use super::command_args::*;

/// goti: the rulebook that runs. Plays scenario files against the rules
/// engine and checks their expectations and snapshots.
#[derive(Parser, Debug)]
#[command(name = "goti", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
    /// Threads (default: every core); every result is the same on any number.
    #[arg(short = 'j', long, value_name = "N", global = true)]
    pub(super) jobs: Option<usize>,
}

/// The editor grammars `goti grammar` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub(super) enum GrammarKind {
    /// A TextMate grammar (VS Code, Sublime Text, many others).
    Textmate,
    /// A Vim/Neovim syntax file (the one in editors/nvim/syntax/).
    Vim,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
        /// text (a line per scenario), or json (one object per scenario).
        #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
        format: TextOrJson,
    },
    /// Show each step of a scenario: its events, rule IDs and the board.
    Explain(ExplainCli),
    /// A picture of the position at one step of a scenario, as SVG or PNG.
    ///
    /// Step 0 is the set-up, step k the position after the k-th action;
    /// FILE:LINE is the position after that line; by default the last.
    /// Writes SVG to standard output, or to the `.svg` or `.png` file given
    /// with -o. With --all-steps, every step of every scenario picked, one
    /// SVG each, into the folder given with -o.
    Render(RenderCli),
    /// Count what the rules allow: the histories of D plies from a position.
    ///
    /// The histories of exactly D plies from a scenario's position (every
    /// chance outcome and every action one ply; a game over before D is
    /// one history), as the rulebooks' "Legal actions" sections define them.
    ///
    /// FILE:LINE counts from the position after that line; by default from
    /// where the scenario ends. --divide splits the count by the first ply,
    /// written in scenario syntax, to find where two builds or two
    /// rulesets part. Exits 0 with the count, 2 on a usage error or when
    /// the node budget (--max-nodes) runs out.
    Perft(PerftCli),
    /// Does a ruleset make a game at all: no stuck position, an end, dice that add up.
    ///
    /// Every throw's outcomes, no stuck position, standings at every end,
    /// the legal actions against the rules, games that end (lengths and
    /// the turn cap under each self-play policy, every stopped game probed
    /// for a way out), and the share of forced decisions and the branching.
    ///
    /// Lints each ruleset goti.yaml gives (else every game's built-in one),
    /// or the one --game, --ruleset and --set make, at every table size.
    /// Every finding names the ruleset key or carries a scenario that
    /// reaches it (-o DIR writes them). Exits 0 when clean, 1 on a
    /// finding, 2 on a usage error.
    Lint(LintCli),
    /// What a rules change does to outcomes: what moved, scenario by scenario.
    ///
    /// Every scenario played under the base and the head rules.
    ///
    /// Compares the board, every player's numbers and the events (with their
    /// rule IDs) after every step, whether or not a scenario states
    /// expectations or snapshots. Exits 0 when nothing changed, 1 when
    /// something did, 2 on an error.
    Diff(DiffCli),
    /// Every scenario's outcome after every step, as JSON lines for `goti diff`.
    ///
    /// The board, numbers, standings and events with their rule IDs after
    /// every step, as versioned JSON lines: the base of `goti diff
    /// --base-trace` in another build.
    Trace(TraceCli),
    /// Put the JSON results of `--shard K/N` runs together.
    ///
    /// The result one machine would give (run, check, trace, mutate,
    /// balance, fuzz).
    Merge {
        /// The shards' results (`--format json` / `-o` files).
        files: Vec<PathBuf>,
        /// JSON (as one run's), or text / Markdown to read.
        #[arg(long, value_enum, default_value = "json")]
        format: merge::MergeFormat,
    },
    /// List a ruleset's rule IDs with their text, or dump its default YAML.
    Rules {
        /// The game whose rules to list.
        #[arg(long, default_value_t = GameKind::default())]
        game: GameKind,
        /// Print the default ruleset file (YAML) instead.
        #[arg(long)]
        dump: bool,
    },
    /// For each rule ID, the scenarios that exercise it; exit 1 on an unexercised one.
    ///
    /// Exits 1 listing the rule IDs no passing scenario exercises.
    ///
    /// A rule counts for a scenario when the engine cited it in an event or a
    /// rejection while running it, or when an `expect illegal(RULE)` names it.
    Coverage(CoverageCli),
    /// Random self-play with invariant checks.
    ///
    /// Self-play plays complete games of the project's rules (goti.yaml's
    /// ruleset of the game, else the built-in one) with seeded dice and
    /// random legal choices, checking every invariant after every group's
    /// move, that a
    /// random illegal action is refused without a trace, and that a seed
    /// replays to the same game. On a violation it writes a shrunk scenario
    /// that replays it and exits 1. With --text it mutates scenario files
    /// instead and checks that nothing panics.
    Fuzz(FuzzCli),
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
    Mutate(MutateCli),
    /// What a rule change does to play: self-play of base and head rules.
    ///
    /// Both rulesets play the same seeds; side by side with the difference
    /// and a 95% confidence interval: game length, games finished, win rate
    /// by seat, battle points, captures, penalties, grace rolls, exits,
    /// falls, road rides, extra rolls, and how often each rule ID fires.
    ///
    /// Base: a git revision of the project's ruleset file, or a ruleset
    /// file; default the working tree's. Head: the working tree's, then
    /// --ruleset, then --set. Exits 0, or 2 on an error.
    Balance(BalanceCli),
    /// Accept reviewed snapshots: promote `.snap.new` files to `.snap`.
    ///
    /// With no argument, every pending snapshot of the project: the
    /// `snapshots/` folders beside the scenario files of its folders.
    Accept {
        /// `.snap.new` files, or folders to search for them.
        paths: Vec<PathBuf>,
    },
    /// List, or remove with --prune, the snapshots no scenario writes any more.
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
    /// Lay scenario files out one way.
    ///
    /// Lower-case keywords, one space between words, `, ` between clauses,
    /// one blank line between scenarios; statements, `;` joins and comments
    /// kept.
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
    /// Start a project in DIR (default: here).
    ///
    /// goti.yaml, rules/GAME.yaml, two example scenarios that pass, a
    /// .gitignore and a GitHub workflow.
    ///
    /// Overwrites nothing: exits 2, writing nothing, when any of its files
    /// exists. Outside a git repository it runs `git init`. Exits 0.
    Init {
        dir: Option<PathBuf>,
        /// The game of the project.
        #[arg(long, default_value_t = GameKind::default())]
        game: GameKind,
    },
    /// Rerun what changes, until Ctrl-C.
    ///
    /// Scenario files (those changed), their ruleset files and goti.yaml
    /// (every scenario).
    ///
    /// Files are polled every 100 ms; a rerun starts once nothing changed
    /// for 300 ms (a save of several files is one rerun). Exits 0 on
    /// Ctrl-C, 2 when there is nothing to watch.
    Watch {
        /// Scenario files or folders; default: the project's folders.
        paths: Vec<PathBuf>,
        #[command(flatten)]
        select: report::ScenarioSelect,
        #[command(flatten)]
        report: report::ReportArgs,
        #[command(flatten)]
        rules: context::RulesArgs,
    },
    /// An editor grammar for scenario files, from the language's grammar.
    ///
    /// `goti grammar vim > goti.vim` writes the Vim/Neovim syntax file (the
    /// one in editors/nvim/syntax/).
    ///
    /// `goti grammar textmate > goti.tmLanguage.json` (the one shipped in
    /// editors/vscode/). Exits 0.
    Grammar {
        #[arg(value_enum)]
        kind: GrammarKind,
    },
    /// A language server for scenario files (for editors).
    ///
    /// On standard input and output: diagnostics as you type, hovers,
    /// completion, inlay hints with the position after each action; see
    /// the guide's "Editors" chapter.
    ///
    /// Exits 0 after the editor's `shutdown` and `exit`, 2 on a broken
    /// connection.
    Lsp,
}
