//! `goti accept` and `goti snapshots`: the reviewed snapshot files, changed
//! only on an explicit accept and never under CI.

use super::error::CliError;
use std::path::PathBuf;

use super::output::*;
use crate::runner::{self, RunOptions};

/// Why a command that writes or deletes snapshots does not run in CI
/// (the guide's snapshots chapter: nothing is written or deleted there).
fn refused_in_ci(what: &str) -> bool {
    if runner::in_ci() {
        errln!(
            "error: the CI variable is set: {what}, and goti writes or deletes no snapshot in CI; run it on your machine and commit the result (or unset CI)"
        );
        return true;
    }
    false
}

/// `accept`: promote every `.snap.new` under the given folders
/// (`defaulted`: the project's folders, as no path was given).
pub fn accept(paths: &[PathBuf], defaulted: bool) -> Result<i32, CliError> {
    if refused_in_ci("`goti accept` writes snapshot files") {
        return Ok(2);
    }
    let mut n = 0;
    for dir in paths {
        if !dir.exists() {
            return Err(CliError(format!(
                "no such file or folder: {}",
                crate::shown::path(dir)
            )));
        }
        if let Some(link) = runner::snapshot::linked_part(dir) {
            errln!(
                "error: {} is a symbolic link; goti accepts snapshots only inside the tree",
                crate::shown::path(&link)
            );
            return Ok(2);
        }
        let pending = if dir.is_file() {
            vec![dir.clone()]
        } else {
            runner::snapshot::pending_under(dir)
        };
        for pending in pending {
            match runner::snapshot::accept(&pending) {
                Ok(target) => {
                    outln!("accepted {}", crate::shown::path(&target));
                    n += 1;
                }
                Err(e) => {
                    return Err(CliError(format!(
                        "cannot accept {}: {e}",
                        crate::shown::path(&pending)
                    )));
                }
            }
        }
    }
    if n == 0 && defaulted {
        // Nothing in the default folders, yet snapshots wait elsewhere here.
        let elsewhere = runner::snapshot::pending_under(std::path::Path::new("."));
        if let Some(first) = elsewhere.first() {
            errln!(
                "error: no snapshot accepted in the default folders, but {} pending snapshot(s) lie under the working folder, e.g. {}: run `goti accept {}` (or name its folder)",
                elsewhere.len(),
                crate::shown::path(first),
                crate::shown::path(first)
            );
            return Ok(1);
        }
    }
    let searched: Vec<String> = paths
        .iter()
        .map(|p| crate::shown::path(p).to_string())
        .collect();
    if searched.is_empty() {
        outln!("{n} snapshot(s) accepted: no `snapshots/` folder lies beside any scenario file");
    } else {
        outln!(
            "{n} snapshot(s) accepted (searched {})",
            searched.join(", ")
        );
    }
    Ok(0)
}

/// `snapshots`: the orphaned snapshots, removed with `prune`.
pub fn snapshots(paths: &[PathBuf], prune: bool, dry_run: bool) -> Result<i32, CliError> {
    let files = scenario_files(paths)?;
    let opts = RunOptions {
        validate_only: true,
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let reports = runner::play_each(&files, None, None, &opts);
    let orphans = runner::snapshot::orphans(paths, &reports);
    if prune && !dry_run {
        if refused_in_ci("`goti snapshots --prune` deletes snapshot files") {
            return Ok(2);
        }
        if let Some(link) = orphans
            .iter()
            .find_map(|o| runner::snapshot::linked_part(o))
        {
            errln!(
                "error: {} is a symbolic link; goti deletes snapshots only inside the tree",
                crate::shown::path(&link)
            );
            return Ok(2);
        }
    }
    for o in &orphans {
        if prune && !dry_run {
            if let Err(e) = std::fs::remove_file(o) {
                return Err(CliError(format!(
                    "cannot remove {}: {e}",
                    crate::shown::path(o)
                )));
            }
            outln!("removed {}", crate::shown::path(o));
        } else {
            outln!("orphaned {}", crate::shown::path(o));
        }
    }
    let verb = if prune && !dry_run {
        "removed"
    } else {
        "orphaned"
    };
    outln!("{} snapshot(s) {verb}", orphans.len());
    Ok(0)
}
