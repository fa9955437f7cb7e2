//! Each command: its arguments handed to the library, the result printed.
//! [`dispatch`] is the one `match` over commands; an error of any command
//! is a [`CliError`], printed in one place (`cli::run`) with exit code 2.

use std::io::IsTerminal;
use std::path::PathBuf;

use super::args::{Cli, Command, GrammarKind, TextOrJson};
use super::command_args::CoverageFormat;
use super::error::CliError;
use super::explain::ExplainFormat;
use super::reporters::Format;
use super::{
    balance, context, coverage, desk, diff, explain, fmt, fuzz, lint, merge, mutate, perft, report,
    snapshots, trace,
};
use crate::engine::GameKind;
use crate::runner::play::ruleset::RuleLayers;
use crate::runner::project::Project;
use crate::runner::{self, RunOptions};

/// What every command may need: the project and whether to colour.
pub(super) struct Ctx {
    pub project: Option<Project>,
    pub color: bool,
}

impl Ctx {
    /// The ruleset layers of `--ruleset`/`--set` over the project's.
    fn layers(&self, rules: &context::RulesArgs) -> Result<RuleLayers, CliError> {
        Ok(context::layers(self.project.as_ref(), rules)?)
    }
    /// The paths given, or the project's scenario folders.
    fn paths(&self, paths: Vec<PathBuf>) -> Vec<PathBuf> {
        context::paths_or_default(paths, self.project.as_ref())
    }
}

/// Runs one command; its exit code, or the error to print.
pub(super) fn dispatch(command: Command, ctx: &Ctx) -> Result<i32, CliError> {
    let color = ctx.color;
    Ok(match command {
        // One page for a run (the page plays every scenario and writes no
        // snapshot, as CI never does).
        Command::Run {
            paths,
            select,
            report,
            rules,
            ..
        } if report.format == Format::Html => {
            let page = report
                .output
                .unwrap_or_else(|| PathBuf::from("report.html"));
            let layers = ctx.layers(&rules)?;
            report::html(ctx.paths(paths), &select, layers, &page)?
        }
        Command::Run {
            paths,
            select,
            report,
            no_write,
            rules,
        } => {
            let opts = RunOptions {
                write_snapshots: !no_write && !runner::in_ci(),
                ..RunOptions::default()
            };
            let opts = context::options(opts, ctx.layers(&rules)?);
            report::run(ctx.paths(paths), &select, opts, &report, false, color)?
        }
        Command::Check { report, .. } | Command::Watch { report, .. }
            if report.format == Format::Html =>
        {
            return Err(CliError::new(
                "--format html is a page of a run: `goti run --format html -o report.html`",
            ));
        }
        Command::Check {
            paths,
            select,
            report,
            rules,
        } => {
            let opts = RunOptions {
                validate_only: true,
                skip_snapshots: true,
                ..RunOptions::default()
            };
            let opts = context::options(opts, ctx.layers(&rules)?);
            report::run(ctx.paths(paths), &select, opts, &report, true, color)?
        }
        Command::List {
            paths,
            select,
            format,
        } => report::list(ctx.paths(paths), &select, format == TextOrJson::Json)?,
        Command::Explain(a) => {
            let how = (a.format, a.board, a.output.as_deref());
            let layers = ctx.layers(&a.rules)?;
            explain::explain(&a.file, &a.select, layers, color, how)?
        }
        Command::Rules { game, dump } => rules(game, dump)?,
        Command::Accept { paths } => accept(paths, ctx)?,
        Command::Snapshots {
            paths,
            prune,
            dry_run,
        } => snapshots::snapshots(&ctx.paths(paths), prune, dry_run)?,
        Command::Fmt { paths, check } => fmt::fmt(&ctx.paths(paths), check)?,
        Command::Completions { shell } => {
            let mut cmd = super::help::with_map(<Cli as clap::CommandFactory>::command());
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, "goti", &mut buf);
            out!("{}", String::from_utf8_lossy(&buf));
            0
        }
        Command::Init { dir, game } => desk::init(dir, game)?,
        Command::Watch {
            paths,
            select,
            report,
            rules,
        } => {
            let layers = ctx.layers(&rules)?;
            let root = ctx.project.as_ref().map(|p| p.root.clone());
            let how = (&select, &report);
            desk::watch(ctx.paths(paths), root, layers, how, color)?
        }
        Command::Grammar {
            kind: GrammarKind::Textmate,
        } => {
            out!("{}", crate::desk::textmate::grammar_text());
            0
        }
        Command::Grammar {
            kind: GrammarKind::Vim,
        } => {
            out!("{}", crate::desk::vim::syntax_text());
            0
        }
        Command::Lsp => lsp()?,
        Command::Man => man()?,
        Command::Diff(a) => {
            let from = diff::BaseFrom {
                trace: a.base_trace,
                build: false,
            };
            let scenarios = (a.paths, &a.select);
            diff::diff(scenarios, a.base.as_deref(), a.head, a.sets, a.format, from)?
        }
        Command::Trace(a) => trace::trace(a.paths, &a.select, a.output.as_deref(), &a.rules)?,
        Command::Merge { files, format } => merge::merge(&files, format)?,
        Command::Render(a) if a.all_steps => {
            let layers = ctx.layers(&a.rules)?;
            let how = (ExplainFormat::Svg, false, a.output.as_deref());
            explain::explain(&a.file, &a.select, layers, color, how)?
        }
        Command::Render(a) => {
            let layers = ctx.layers(&a.rules)?;
            let output = a.output.as_deref();
            explain::render_picture(&a.file, &a.select, a.step, output, layers)?
        }
        Command::Perft(a) => {
            let layers = ctx.layers(&a.rules)?;
            perft::perft(&a, layers)?
        }
        Command::Coverage(a) => {
            let layers = ctx.layers(&a.rules)?;
            let games = context::games_of(a.game, ctx.project.as_ref(), &layers);
            coverage::coverage(
                ctx.paths(a.paths),
                &a.select,
                (layers, &games),
                (a.verbose, a.format == CoverageFormat::Markdown),
            )?
        }
        Command::Balance(a) => balance::balance(&a)?,
        Command::Mutate(a) => mutate::mutate(a)?,
        Command::Fuzz(a) => {
            fuzz::self_play(&a, super::command_args::mode_in(a.game, a.mode.as_deref())?)?
        }
        Command::Lint(a) => lint::lint(&a)?,
    })
}

/// Every core this process may use (2 when that cannot be told).
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

/// `goti rules --game GAME [--dump]`.
fn rules(game: GameKind, dump: bool) -> Result<i32, CliError> {
    if dump {
        out!("{}", super::dump_yaml(game));
    } else {
        for r in game.catalogue() {
            outln!("{:<26} {}", r.id.0, r.text);
        }
    }
    Ok(0)
}

/// `goti accept [PATHS]`.
fn accept(paths: Vec<PathBuf>, ctx: &Ctx) -> Result<i32, CliError> {
    let defaulted = paths.is_empty();
    let paths = if paths.is_empty() {
        let mut scanned = ctx.paths(Vec::new());
        // No project and no `scenarios/` here: the scenario files
        // under the working folder (`goti run x.goti` wrote beside x).
        if !scanned.iter().any(|p| p.exists()) {
            scanned = vec![PathBuf::from(".")];
        }
        runner::snapshot::snapshot_folders(&scanned)
    } else {
        paths
    };
    snapshots::accept(&paths, defaulted)
}

/// `goti lsp`: the language server on standard input and output.
fn lsp() -> Result<i32, CliError> {
    // goti's own framing: a client's claimed length is bounded (lsp::stdio).
    let (connection, threads) = crate::lsp::stdio::connect();
    let served = crate::lsp::serve(&connection);
    drop(connection);
    let joined = threads.join();
    // The input's words first: a protocol error ends the server's channel.
    joined.map_err(|e| format!("goti lsp: {e}"))?;
    served.map_err(|e| format!("goti lsp: {e}"))?;
    Ok(0)
}

/// `goti man`.
fn man() -> Result<i32, CliError> {
    let cmd = super::help::with_map(<Cli as clap::CommandFactory>::command());
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut buf)
        .map_err(|e| e.to_string())?;
    out!("{}", String::from_utf8_lossy(&buf));
    Ok(0)
}

/// Whether standard output is a terminal that takes colour.
pub(super) fn stdout_colour() -> bool {
    super::colour(std::io::stdout().is_terminal())
}
