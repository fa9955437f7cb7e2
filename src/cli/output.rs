//! Diagnostics as people and machines read them (miette's graphical
//! report, one-line and JSON forms) and the scenario files a command names.

use super::error::CliError;
use std::path::PathBuf;

use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::runner::{self, Diagnostic};

fn handler(color: bool) -> GraphicalReportHandler {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    // No wrapping: a help line holds commands and paths to paste whole (a
    // wrapped `goti accept PATH` broke the path across two lines); the
    // terminal folds long lines itself.
    GraphicalReportHandler::new_themed(theme)
        .with_width(140)
        .with_wrap_lines(false)
}

/// The diagnostic rendered with its source excerpt (one line when brief).
pub fn render(d: &Diagnostic, color: bool) -> String {
    let brief = || {
        let mut out = format!("  {} [{}]: {}\n", d.location(), d.code_text(), d);
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
        out
    };
    if d.is_brief() {
        return brief();
    }
    let mut out = String::new();
    if handler(color).render_report(&mut out, d).is_err() {
        out = brief();
    }
    out
}

/// `explain --format html` shows the first and the last this many steps of
/// a scenario.
pub const SHOWN_STEPS: usize = 100;
/// ... pictures of its first this many steps (and its last) ...
pub const PICTURED_STEPS: usize = 50;
/// ... and at most this many pictures in the page.
pub const MAX_PICTURES: usize = 1_000;

/// `goti report` draws the final board of at most this many scenarios.
pub const MAX_BOARDS: usize = 1_000;

/// A name on one line of the text log (`shown::line`): line breaks,
/// controls and the forms of a workflow command made harmless.
pub(super) fn one_line(s: &str) -> String {
    crate::shown::line(s).into_owned()
}

/// A problem as JSON: where, what kind, which rule, what was expected and
/// found (for a failed expectation), and the fix.
pub(super) fn json_problem(d: &Diagnostic) -> serde_json::Value {
    let (line, col) = d.source.line_col(d.span.start);
    // A failed expectation says "expected X, found Y".
    let (expected, found) = match d
        .message
        .strip_prefix("expected ")
        .and_then(|m| m.split_once(", found "))
    {
        Some((e, f)) if d.kind == runner::Kind::Expectation => (Some(e), Some(f)),
        _ => (None, None),
    };
    serde_json::json!({
        "file": d.source.name,
        "line": line,
        "column": col,
        "code": d.kind.name(),
        "kind": d.kind.name().trim_start_matches("goti::"),
        "rule": d.rule.map(|r| r.0),
        "message": d.to_string(),
        "expected": expected,
        "found": found,
        "help": d.help,
    })
}

/// The scenario files of `paths`, each with its project (the folder of
/// `goti.yaml` above the working directory, else the tree searched); a note
/// on standard error for every entry skipped. `Err` is the exit code when
/// there is nothing to run.
pub(super) fn scenario_files(paths: &[PathBuf]) -> Result<Vec<runner::Found>, CliError> {
    let project = std::env::current_dir()
        .ok()
        .and_then(|cwd| runner::project::find(&cwd));
    let found = match runner::discover_files(paths, project.as_deref()) {
        Ok(f) => f,
        Err(e) => {
            return Err(e.into());
        }
    };
    for (path, why) in &found.skipped {
        errln!("note: skipped {}: {why}", crate::shown::path(path));
    }
    if found.files.is_empty() {
        return Err(CliError(format!(
            "no scenario files (*.goti) found in {}",
            paths
                .iter()
                .map(|p| crate::shown::path(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(found.files)
}
