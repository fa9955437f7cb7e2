//! The command line: the only layer that prints or exits.
//!
//! Exit codes: 0 all passed, 1 a scenario (or check) failed, 2 usage or I/O error.

#[macro_use]
mod io;
mod args;
mod balance;
mod bench;
mod command_args;
mod commands;
mod context;
mod coverage;
mod desk;
mod diff;
mod diff_page;
mod diff_report;
mod error;
mod explain;
mod fmt;
mod fuzz;
mod fuzz_legal;
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
mod trace;

pub use output::render as render_diagnostic;

/// A diagnostic rendered without colour (for test output and logs).
pub fn render_plain(d: &crate::runner::Diagnostic) -> String {
    output::render(d, false)
}

use clap::Parser;

use crate::engine::GameKind;

/// The shipped ruleset file as `goti rules GAME --dump` prints it: with an
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
    let code = run();
    io::flush();
    code
}

/// Parses the arguments, runs the command, prints its error (exit 2).
fn run() -> i32 {
    let cli = match args::Cli::try_parse() {
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
