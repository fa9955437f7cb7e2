//! `goti trace`: every scenario's outcome after every step, in the
//! versioned format of `runner::trace`, for `goti diff --base-trace` in
//! another build. `--build`: a base trace made by another revision's goti.

use super::error::CliError;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use super::context::{self, RulesArgs};
use crate::runner::play::ruleset::RuleLayers;
use crate::runner::{self, FileReport, RunOptions};

/// Plays `files` recording every step, in file order; only the scenarios
/// `select` picks.
fn play(
    files: &[runner::Found],
    layers: RuleLayers,
    select: runner::select::Selection,
) -> Vec<FileReport> {
    let opts = RunOptions {
        record: true,
        skip_snapshots: true,
        layers: Arc::new(layers),
        select: Arc::new(select),
        ..RunOptions::default()
    };
    crate::runner::play_each(files, None, None, &opts)
}

/// `goti trace`: the exit code (0 written, 2 an error).
pub fn trace(
    paths: Vec<PathBuf>,
    select: &super::report::SelectArgs,
    output: Option<&Path>,
    rules: &RulesArgs,
) -> Result<i32, CliError> {
    if let Some(o) = output {
        crate::runner::snapshot::check_output(o).map_err(|e| CliError(format!("-o {e}")))?;
    }
    let project = match context::project() {
        Ok(p) => p,
        Err(e) => {
            return Err(e.into());
        }
    };
    let layers = match context::layers(project.as_ref(), rules) {
        Ok(l) => l,
        Err(e) => {
            return Err(e.into());
        }
    };
    let paths = context::paths_or_default(paths, project.as_ref());
    let (_, files, sel) = super::report::selected_files(paths, select)?;
    let shard = sel.shard;
    let reports = play(&files, layers.clone(), sel.clone());
    let scenarios: usize = reports.iter().map(|r| r.scenarios.len()).sum();
    super::report::picked_some(scenarios, &sel, &select.pick)?;
    if let Some(r) = reports.iter().find(|r| {
        r.file_problems
            .iter()
            .any(|d| d.kind == runner::Kind::Unreadable || d.kind == runner::Kind::Internal)
    }) {
        return Err(CliError(format!(
            "{}: {}",
            crate::shown::line(&r.source.name),
            r.file_problems[0]
        )));
    }
    let args = super::sharding::command_line();
    let shard = shard.map(|s| (s, crate::runner::shard::args_fingerprint(&args)));
    let text = runner::trace::write(&reports, &super::sharding::fingerprint(&layers), shard);
    match output {
        None => out!("{text}"),
        Some(o) => {
            if let Err(e) = runner::snapshot::write_output(o, text.as_bytes()) {
                return Err(CliError(format!(
                    "cannot write {}: {e}",
                    crate::shown::path(o)
                )));
            }
            errln!(
                "wrote {} ({} files, {scenarios} scenarios, {} bytes)",
                crate::shown::path(o),
                reports.len(),
                text.len()
            );
        }
    }
    Ok(0)
}

/// Runs a command; its failure in words.
fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{what}: cannot start it: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = err.lines().rev().take(12).collect();
    Err(format!(
        "{what} failed ({}):\n{}",
        out.status,
        tail.into_iter().rev().collect::<Vec<_>>().join("\n")
    ))
}

/// `goti diff --base REV --build`: REV's goti built once in a git worktree
/// under `.git/goti-base/` (cached by commit, the repository's lockfile,
/// offline first), then its trace of the working tree's scenario files.
/// Only in goti's own source tree; every failure says why and suggests
/// `--base-trace`.
pub fn base_trace_by_build(rev: &str, paths: &[PathBuf]) -> Result<(PathBuf, String), String> {
    let suggest = "; make a trace with the base's goti (`goti trace -o base.trace`) and use --base-trace base.trace";
    let here = std::env::current_dir().map_err(|e| e.to_string())?;
    let r = runner::revision::Revision::open(&here, rev).map_err(|e| format!("{e}{suggest}"))?;
    let manifest = std::fs::read_to_string(r.top.join("Cargo.toml")).unwrap_or_default();
    let is_goti = manifest
        .lines()
        .skip_while(|l| l.trim() != "[package]")
        .take_while(|l| !l.trim().starts_with('[') || l.trim() == "[package]")
        .any(|l| l.replace(' ', "") == "name=\"goti\"");
    if !is_goti {
        return Err(format!(
            "--build builds goti itself, and {} is not goti's source tree: in a designer's project an engine change is a goti upgrade{suggest}",
            crate::shown::path(&r.top)
        ));
    }
    // Inside the repository's git folder, which no checkout can supply: a
    // committed `target/goti-base/<commit>.goti` would otherwise be run as
    // the base's goti.
    let git_dir = Command::new("git")
        .current_dir(&r.top)
        .args(["rev-parse", "--path-format=absolute", "--git-common-dir"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .ok_or_else(|| format!("cannot find the repository's git folder{suggest}"))?;
    let cache = git_dir.join("goti-base");
    let tree = cache.join(&r.commit);
    // One target folder for every base build (the dependencies compile once).
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| cache.join("target"));
    let binary = target.join("release/goti");
    let built = cache.join(format!("{}.goti", r.commit));
    if !built.is_file() {
        std::fs::create_dir_all(&cache).map_err(|e| e.to_string())?;
        if !tree.exists() {
            run(
                Command::new("git")
                    .current_dir(&r.top)
                    .args(["worktree", "add", "--detach", "--force"])
                    .arg(&tree)
                    .arg(&r.commit),
                "git worktree add",
            )
            .map_err(|e| format!("{e}{suggest}"))?;
        }
        let build = |offline: bool| {
            let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
            c.current_dir(&tree)
                .args(["build", "--release", "--locked", "--bin", "goti"])
                .env("CARGO_TARGET_DIR", &target);
            if offline {
                c.arg("--offline");
            }
            run(&mut c, &format!("building goti at {rev}"))
        };
        build(true)
            .or_else(|_| build(false))
            .map_err(|e| format!("{e}{suggest}"))?;
        std::fs::copy(&binary, &built).map_err(|e| format!("{e}{suggest}"))?;
    }
    let out = cache.join(format!("{}.trace", r.commit));
    let mut cmd = Command::new(&built);
    cmd.current_dir(&here)
        .arg("trace")
        .args(paths)
        .arg("-o")
        .arg(&out);
    run(&mut cmd, &format!("goti trace of {rev}'s goti")).map_err(|e| {
        format!("{e}\n(a revision older than `goti trace` cannot make a trace){suggest}")
    })?;
    Ok((
        out,
        format!("{rev} ({}), built by diff-build", &r.commit[..12]),
    ))
}
