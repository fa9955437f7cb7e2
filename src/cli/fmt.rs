//! `goti fmt`: one layout for scenario files (`--check` shows the diff).

use super::error::CliError;
use std::path::PathBuf;

use super::output::*;
use crate::runner;

/// Where a file is formatted: the file itself, or the target of a link
/// that stays inside the project (a link is never replaced by a copy of
/// what it points at, ready to be committed); a link leaving the project
/// is refused.
fn target(f: &runner::Found) -> Result<PathBuf, CliError> {
    let linked = std::fs::symlink_metadata(&f.path).is_ok_and(|m| m.file_type().is_symlink());
    if !linked {
        return Ok(f.path.clone());
    }
    let at = std::fs::canonicalize(&f.path).ok();
    let root = std::fs::canonicalize(&f.root).ok();
    match (at, root) {
        (Some(at), Some(root)) if at.starts_with(&root) => Ok(at),
        _ => Err(CliError(format!(
            "{} is a symbolic link that leads outside the project; goti fmt formats files, not links (format the file it points at in its own project)",
            crate::shown::path(&f.path)
        ))),
    }
}

/// `fmt`: lays the scenario files out; with `check`, only shows what would
/// change (a unified diff per file) and exits 1 if anything would.
pub fn fmt(paths: &[PathBuf], check: bool) -> Result<i32, CliError> {
    let files = scenario_files(paths)?;
    let mut changed = 0;
    for f in &files {
        let bytes = match runner::files::read_limited(&f.path, runner::files::MAX_SCENARIO_BYTES) {
            Ok(b) => b,
            Err(e) => {
                return Err(CliError(format!(
                    "cannot read {}: {e}",
                    crate::shown::path(&f.path)
                )));
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            return Err(CliError(format!(
                "{} is not UTF-8 text",
                crate::shown::path(&f.path)
            )));
        };
        let laid = crate::dsl::format::format(&text);
        if laid == text {
            continue;
        }
        changed += 1;
        if check {
            let shown = crate::shown::path(&f.path);
            outln!("would reformat {shown}:");
            let diff = similar::TextDiff::from_lines(text.as_str(), laid.as_str())
                .unified_diff()
                .context_radius(1)
                .header(&shown, &format!("{shown} (formatted)"))
                .to_string();
            out!("{}", crate::shown::block(&diff));
        } else if let Err(e) = runner::snapshot::write_atomic(&target(f)?, laid.as_bytes()) {
            return Err(CliError(format!(
                "cannot write {}: {e}",
                crate::shown::path(&f.path)
            )));
        } else {
            outln!("reformatted {}", crate::shown::path(&f.path));
        }
    }
    if check {
        outln!("{changed} of {} file(s) would change", files.len());
        Ok(i32::from(changed > 0))
    } else {
        outln!("{changed} of {} file(s) reformatted", files.len());
        Ok(0)
    }
}
