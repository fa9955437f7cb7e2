//! `goti diff`: every scenario played under the base rules and the head
//! rules, and what moved, in text, JSON or Markdown (for a pull request).
//! Exits 0 when nothing changed, 1 when something did, 2 on an error.

pub use super::diff_report::DiffFormat;
use super::diff_report::*;
use super::error::CliError;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::context::{self, RulesArgs};
use crate::engine::GameKind;
use crate::runner::diff::{self, Change, Report};
use crate::runner::play::ruleset::{self, RuleLayers};
use crate::runner::{self, base, RunOptions};

/// Both sides' rules must build for every game a layer names, before any
/// scenario plays: a base or head that cannot be built is an error naming
/// the file, never a list of scenarios "now passing".
pub(super) fn check_buildable(sides: &[(&str, &RuleLayers)], root: &Path) -> Result<(), String> {
    for (which, layers) in sides {
        let games: std::collections::BTreeSet<GameKind> = layers
            .project
            .iter()
            .chain(&layers.instead_of_project)
            .chain(&layers.command_line)
            .map(|(g, _)| *g)
            .collect();
        for game in games {
            ruleset::project_tree(game, layers, root).map_err(|e| format!("the {which}: {e}"))?;
        }
    }
    Ok(())
}

/// Where the base comes from, beyond `--base`.
pub struct BaseFrom {
    /// A trace another build made (`--base-trace FILE`).
    pub trace: Option<PathBuf>,
    /// Build `--base REV`'s goti and trace with it (`--build`).
    pub build: bool,
}

/// `goti diff`: the exit code.
pub fn diff(
    (paths, select): (Vec<PathBuf>, &super::report::SelectArgs),
    base: Option<&str>,
    head: Option<PathBuf>,
    sets: Vec<String>,
    format: DiffFormat,
    from: BaseFrom,
) -> Result<i32, CliError> {
    if from.trace.is_some() || from.build {
        let (_, sel) = super::report::selection(Vec::new(), select)?;
        if !sel.is_everything() || sel.shard.is_some() {
            // A trace is compared whole: scenarios left out would show as removed.
            return Err(CliError::new(
                "--base-trace and --build compare whole traces: leave out --tag, --skip-tag, --name and --shard (select the scenarios when the trace is written, with `goti trace`)",
            ));
        }
        return match against_trace(paths, base, head, sets, format, from) {
            Ok(code) => Ok(code),
            Err(e) => {
                return Err(e.into());
            }
        };
    }
    let project = match context::project() {
        Ok(p) => p,
        Err(e) => {
            return Err(e.into());
        }
    };
    let head_args = RulesArgs {
        rulesets: head.into_iter().collect(),
        sets,
    };
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let root = context::root(project.as_ref());
    let layers = base::read(project.as_ref(), base, &here)
        .map_err(String::from)
        .and_then(|b| context::layers(project.as_ref(), &head_args).map(|h| (b, h)))
        .and_then(|(b, h)| {
            check_buildable(&[("base", &b.layers), ("head", &h)], &root)?;
            Ok((b, h))
        });
    let (base, head_layers) = match layers {
        Ok(l) => l,
        Err(e) => {
            return Err(e.into());
        }
    };
    let (base_layers, base_shown) = (base.layers, base.shown);
    let paths = context::paths_or_default(paths, project.as_ref());
    let (paths, sel) = super::report::selection(paths, select)?;
    let sel = Arc::new(sel);
    let found = match runner::discover_files(&paths, project.as_ref().map(|p| p.root.as_path())) {
        Ok(f) if !f.files.is_empty() => f.files,
        Ok(_) => {
            return Err(CliError::new("no scenario files (*.goti) found"));
        }
        Err(e) => {
            return Err(e.into());
        }
    };
    let pictures = format == DiffFormat::Html;
    let opts = |layers: RuleLayers, root: &Path| RunOptions {
        record: true,
        explain: pictures,
        skip_snapshots: true,
        root: Some(Arc::from(root)),
        layers: Arc::new(layers),
        select: sel.clone(),
        ..RunOptions::default()
    };
    let mut diffs = Vec::new();
    let mut boards = Vec::new();
    let mut applied: Vec<(GameKind, Vec<String>)> = Vec::new();
    // Every file under both rules, on every core, compared on the thread
    // that played it as soon as it is played (no file's reports are kept
    // past its comparison); the comparisons in file order.
    type Compared = (
        GameKind,
        Vec<String>,
        diff::ScenarioDiff,
        Option<super::diff_page::DiffBoards>,
    );
    let compared: Vec<Result<Vec<Compared>, CliError>> = runner::play_files_then(
        &found,
        None,
        None,
        |f| {
            vec![
                opts(base_layers.clone(), &f.root),
                opts(head_layers.clone(), &f.root),
            ]
        },
        |mut both| {
            let (Some(h), Some(b)) = (both.pop(), both.pop()) else {
                unreachable!("two runs give two reports")
            };
            if !h.file_problems.is_empty() {
                return Err(CliError(format!(
                    "{}: {}",
                    h.source.name, h.file_problems[0].message
                )));
            }
            let pairs = b.scenarios.iter().zip(&h.scenarios);
            Ok(pairs
                .map(|(sb, sh)| {
                    let d = diff::compare(&h.source.name, sb, sh);
                    let board = (pictures && d.change != Change::Unchanged).then(|| {
                        super::diff_page::DiffBoards {
                            base: sb.transcript.clone(),
                            head: sh.transcript.clone(),
                        }
                    });
                    (sh.game, sh.sets_applied.clone(), d, board)
                })
                .collect())
        },
    );
    for file in compared {
        for (game, sets, d, board) in file? {
            applied.push((game, sets));
            boards.extend(board);
            diffs.push(d);
        }
    }
    super::report::picked_some(diffs.len(), &sel, &select.pick)?;
    if let Err(e) = context::check_sets(&head_layers, &applied) {
        return Err(e.into());
    }
    let head_shown = describe_head(&head_layers);
    let report = Report::new(diffs);
    print(&report, &boards, format, &base_shown, &head_shown);
    Ok(i32::from(report.any_change()))
}

/// `goti diff --base-trace FILE` (or `--base REV --build`): the head
/// played now, the base read from a trace another build made; scenarios
/// matched by file and name, those on one side only listed as added or
/// removed, a changed text said so.
fn against_trace(
    paths: Vec<PathBuf>,
    base: Option<&str>,
    head: Option<PathBuf>,
    sets: Vec<String>,
    format: DiffFormat,
    from: BaseFrom,
) -> Result<i32, String> {
    let project = context::project()?;
    let head_layers = context::layers(
        project.as_ref(),
        &RulesArgs {
            rulesets: head.into_iter().collect(),
            sets,
        },
    )?;
    let root = context::root(project.as_ref());
    check_buildable(&[("head", &head_layers)], &root)?;
    let given = paths.clone();
    let paths = context::paths_or_default(paths, project.as_ref());
    let (file, shown) = match (&from.trace, from.build, base) {
        (Some(_), true, _) => return Err("--base-trace and --build: give one base".into()),
        (Some(f), false, None) => (f.clone(), String::new()),
        (Some(_), false, Some(_)) => {
            return Err("--base and --base-trace: give one base (a trace is the base whole)".into())
        }
        (None, true, Some(rev)) => super::trace::base_trace_by_build(rev, &given)?,
        (None, true, None) => return Err("--build builds the goti of --base REV: name REV".into()),
        (None, false, _) => unreachable!("called for a trace or a build"),
    };
    // A regular file only (never a FIFO, which would block, or a device
    // such as /dev/zero, which never ends), read up to the trace limit.
    let bytes = runner::files::read_limited(&file, MAX_TRACE_BYTES)
        .map_err(|e| format!("--base-trace {}: {e}", crate::shown::path(&file)))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("--base-trace {}: not UTF-8 text", crate::shown::path(&file)))?;
    let trace = runner::trace::read(&text)
        .map_err(|e| format!("--base-trace {}: {e}", crate::shown::path(&file)))?;
    let base_shown = format!(
        "{}a trace by goti {} (trace format {}, rules {})",
        if shown.is_empty() {
            format!("{}: ", crate::shown::path(&file))
        } else {
            format!("{shown}: ")
        },
        trace.header.goti,
        trace.header.goti_trace,
        trace.header.rules
    );
    let found = super::output::scenario_files(&paths).map_err(|e| e.0)?;
    let pictures = format == DiffFormat::Html;
    let opts = RunOptions {
        record: true,
        explain: pictures,
        skip_snapshots: true,
        layers: Arc::new(head_layers.clone()),
        ..RunOptions::default()
    };
    let reports = runner::play_each(&found, None, None, &opts);
    let mut seen = std::collections::BTreeSet::new();
    let (mut diffs, mut boards, mut added, mut applied) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for h in &reports {
        if !h.file_problems.is_empty() {
            return Err(format!(
                "{}: {}",
                crate::shown::line(&h.source.name),
                h.file_problems[0].message
            ));
        }
        for sh in &h.scenarios {
            applied.push((sh.game, sh.sets_applied.clone()));
            let key = (h.source.name.clone(), sh.name.clone());
            let Some(sb) = trace.scenarios.get(&key) else {
                added.push(format!("{}:{} {}", h.source.name, sh.line, sh.name));
                continue;
            };
            seen.insert(key);
            let d = diff::compare_sides(&h.source.name, sb.into(), sh.into());
            if pictures && d.change != Change::Unchanged {
                boards.push(super::diff_page::DiffBoards {
                    base: Vec::new(),
                    head: sh.transcript.clone(),
                });
            }
            diffs.push(d);
        }
    }
    context::check_sets(&head_layers, &applied)?;
    let removed: Vec<String> = trace
        .order
        .iter()
        .filter(|k| !seen.contains(*k))
        .map(|(f, n)| format!("{f} {n}"))
        .collect();
    let mut report = Report::new(diffs);
    report.added = added;
    report.removed = removed;
    print(
        &report,
        &boards,
        format,
        &base_shown,
        &describe_head(&head_layers),
    );
    Ok(i32::from(report.any_change()))
}

/// Traces larger than this are refused.
const MAX_TRACE_BYTES: u64 = 512 * 1024 * 1024;
