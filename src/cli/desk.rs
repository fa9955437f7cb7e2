//! `goti init` and `goti watch`: the library's `desk` with what they print.

use super::error::CliError;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::{context, report};
use crate::desk::{init as project, watch as watching};
use crate::engine::GameKind;
use crate::runner::play::ruleset::RuleLayers;
use crate::runner::RunOptions;

/// `goti init [DIR] [--game GAME]`.
pub fn init(dir: Option<PathBuf>, game: GameKind) -> Result<i32, CliError> {
    let dir = dir.unwrap_or_else(|| PathBuf::from("."));
    match project::init(&dir, game) {
        Err(e) => Err(CliError(e.to_string())),
        Ok(made) => {
            if made.git_init {
                outln!(
                    "made a git repository in {} (git init)",
                    crate::shown::path(&dir)
                );
            }
            for f in &made.files {
                outln!("wrote {}", crate::shown::path(&dir.join(f)));
            }
            let cd = if dir == std::path::Path::new(".") {
                String::new()
            } else {
                format!("cd {} && ", crate::shown::path(&dir))
            };
            outln!("next: {cd}goti run");
            outln!(
                "then the first commit, which `goti diff --base HEAD` compares against: git add -A && git commit -m \"goti project\""
            );
            Ok(0)
        }
    }
}

/// `goti watch [PATHS]`: one run, then a run of what changed after each
/// settled change, until Ctrl-C.
pub fn watch(
    paths: Vec<PathBuf>,
    root: Option<PathBuf>,
    layers: RuleLayers,
    (pick, args): (&report::ScenarioSelect, &report::ReportArgs),
    color: bool,
) -> Result<i32, CliError> {
    if let Some(missing) = paths.iter().find(|p| !p.exists()) {
        return Err(CliError(format!(
            "no such file or folder: {}",
            crate::shown::path(missing)
        )));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        return Err(CliError(format!("cannot watch for Ctrl-C: {e}")));
    }
    let options = || {
        let opts = RunOptions {
            write_snapshots: !crate::runner::in_ci(),
            ..RunOptions::default()
        };
        context::options(opts, layers.clone())
    };
    let select = report::SelectArgs::of(pick);
    // The stamps are taken before the first run: a change made while it
    // plays, or the moment "watching" is said, is seen.
    let watcher = watching::Watcher::new(&paths, root.as_deref());
    if let Err(e) = report::run(paths.clone(), &select, options(), args, false, color) {
        errln!("error: {e}");
    }
    outln!(
        "watching {} (rerun {} ms after a change; Ctrl-C to stop)",
        paths
            .iter()
            .map(|p| crate::shown::path(p).to_string())
            .collect::<Vec<_>>()
            .join(", "),
        watching::DEBOUNCE.as_millis()
    );
    watcher.run(&stop, |changes| {
        let rerun = if changes.rules.is_empty() {
            outln!(
                "-- changed: {}",
                changes
                    .scenarios
                    .iter()
                    .map(|p| crate::shown::path(p).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            changes.scenarios.clone()
        } else {
            outln!(
                "-- rules changed ({}): every scenario",
                changes
                    .rules
                    .iter()
                    .map(|p| crate::shown::path(p).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            paths.clone()
        };
        if !rerun.is_empty() {
            // Any file of a ruleset's `extends:` chain may have changed:
            // `options()` makes new options, with new rules caches.
            if let Err(e) = report::run(rerun, &select, options(), args, false, color) {
                errln!("error: {e}");
            }
        }
    });
    outln!("stopped watching");
    Ok(0)
}
