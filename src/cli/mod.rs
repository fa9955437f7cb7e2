//! The command line: the only layer that prints or exits.
//!
//! Exit codes: 0 all passed, 1 a scenario (or check) failed, 2 usage or I/O error.

#[macro_use]
mod io;
mod args;
mod balance;
mod balance_notes;
mod balance_table;
mod bench;
mod command_args;
mod commands;
mod context;
mod coverage;
mod desk;
pub mod dev;
mod diff;
mod diff_page;
mod diff_report;
mod error;
mod explain;
mod fmt;
mod fuzz;
mod fuzz_legal;
mod help;
mod lint;
mod lint_report;
mod merge;
mod merge_part;
mod merge_play;
mod mutate;
mod mutate_report;
mod mutate_write;
mod oracle;
mod output;
mod page;
mod perft;
mod pick;
mod report;
mod reporters;
mod sharding;
mod snapshots;
mod spelling;
#[cfg(test)]
mod spelling_table;
mod trace;

pub use output::render as render_diagnostic;

/// A diagnostic rendered without colour (for test output and logs).
pub fn render_plain(d: &crate::runner::Diagnostic) -> String {
    output::render(d, false)
}

use crate::engine::GameKind;

/// The shipped ruleset file as `goti rules --game GAME --dump` prints it: with an
/// `extends: GAME` line, which says the game the file is for (its `name:`
/// is free text a designer may edit).
fn dump_yaml(game: GameKind) -> String {
    let text = crate::runner::position::Rules::default_yaml(game);
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
    main_with(std::env::args_os().collect())
}

/// [`main`] with these arguments (the first is the program's name).
pub fn main_with(argv: Vec<std::ffi::OsString>) -> i32 {
    let code = run(argv);
    io::flush();
    code
}

/// Parses the arguments, runs the command, prints its error (exit 2).
fn run(argv: Vec<std::ffi::OsString>) -> i32 {
    if let Some(message) = spelling::moved(&argv) {
        errln!("{message}");
        return 2;
    }
    let (argv, notices) = spelling::rewrite(argv);
    sharding::read_as(&argv);
    for n in notices {
        errln!("{n}");
    }
    let cmd = help::with_map(<args::Cli as clap::CommandFactory>::command());
    let parsed = cmd
        .try_get_matches_from(argv)
        .and_then(|m| <args::Cli as clap::FromArgMatches>::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let result = context::project()
        .map_err(error::CliError::from)
        .and_then(|project| {
            if let Some(n) = cli.jobs {
                // One pool for every command: `-j N` threads, whichever
                // command plays (build_global fails only if already built).
                let _ = rayon::ThreadPoolBuilder::new()
                    .num_threads(n.max(1))
                    .build_global();
            }
            let ctx = commands::Ctx {
                project,
                color: commands::stdout_colour(),
            };
            commands::dispatch(cli.command, &ctx)
        });
    result.unwrap_or_else(|e| {
        errln!("error: {e}");
        2
    })
}
