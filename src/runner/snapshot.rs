//! Snapshot files in insta's format (`---` metadata `---` body) under
//! `snapshots/`. Accepted `.snap` files change only through `accept`; new or
//! changed results go to `.snap.new` (never when `CI` is set, when nothing is
//! written or deleted). Every write is atomic: a temporary file created
//! exclusively in the same folder, then a rename. Snapshot folders and files
//! that are symbolic links are refused: goti writes only inside the tree.

use crate::error::{Error, ErrorKind};
use std::fs;
use std::io::Write;

use super::files;
use std::path::{Component, Path, PathBuf};

/// Where a scenario's snapshot lives: `snapshots/<dir>/<file>__<slug>.snap`,
/// with `snapshots/` beside the nearest `scenarios/` folder above the file.
pub fn snapshot_path(
    scenario_file: &Path,
    scenario: &str,
    label: Option<&str>,
    index: usize,
) -> PathBuf {
    let abs = scenario_file.to_path_buf();
    let mut root: Option<PathBuf> = None;
    let mut rel = PathBuf::new();
    let comps: Vec<Component> = abs.components().collect();
    for i in (0..comps.len().saturating_sub(1)).rev() {
        if comps[i].as_os_str() == "scenarios" {
            root = Some(comps[..i].iter().collect());
            rel = comps[i + 1..comps.len() - 1].iter().collect();
            break;
        }
    }
    let base = match root {
        Some(r) => r.join("snapshots").join(rel),
        None => abs
            .parent()
            .map(|p| p.join("snapshots"))
            .unwrap_or_else(|| PathBuf::from("snapshots")),
    };
    let stem = scenario_file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("scenario");
    let mut name = format!("{}__{}", slug(stem), slug(scenario));
    if let Some(l) = label {
        name.push_str("__");
        name.push_str(&slug(l));
    } else if index > 1 {
        name.push_str(&format!("-{index}"));
    }
    base.join(format!("{name}.snap"))
}

/// Lower-case letters and digits joined by `-`.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out.truncate(80);
    if out.is_empty() {
        out.push_str("unnamed");
    }
    out
}

/// The text of a `.snap` file.
pub fn format_snap(source: &str, expression: &str, body: &str) -> String {
    format!(
        "---\nsource: {}\nexpression: {}\n---\n{}\n",
        yaml_scalar(source),
        yaml_scalar(expression),
        body.trim_end()
    )
}

fn yaml_scalar(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || " _-./".contains(c))
        && !s.starts_with([' ', '-'])
        && !s.ends_with(' ');
    if plain {
        s.to_string()
    } else {
        format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// Reads the body of a `.snap` file, or says why it is damaged.
pub fn parse_snap(text: &str) -> Result<String, Error> {
    Error::of(ErrorKind::Input, || {
        let rest = text
            .strip_prefix("---\n")
            .ok_or("it does not start with a `---` metadata line")?;
        let end = rest
            .find("\n---\n")
            .ok_or("its metadata block has no closing `---` line")?;
        Ok(rest[end + 5..].trim_end().to_string())
    })
}

/// What comparing a snapshot found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapOutcome {
    Matches,
    /// No accepted snapshot yet.
    New {
        pending: Option<PathBuf>,
    },
    /// The accepted snapshot differs; a unified diff old -> new.
    Changed {
        diff: String,
        pending: Option<PathBuf>,
    },
    /// The accepted file cannot be read as a snapshot.
    Damaged {
        reason: String,
    },
}

/// Compares `body` with the accepted snapshot at `path`; writes `.snap.new`
/// when it differs or is missing, unless `write` is false (CI).
pub fn check(path: &Path, source: &str, expression: &str, body: &str, write: bool) -> SnapOutcome {
    if let Some(link) = linked_part(path) {
        return SnapOutcome::Damaged {
            reason: format!(
                "{} is a symbolic link; goti reads and writes snapshots only inside the tree",
                link.display()
            ),
        };
    }
    let pending_path = pending_of(path);
    let contents = format_snap(source, expression, body);
    let outcome = match files::read_limited(path, files::MAX_SNAPSHOT_BYTES) {
        Ok(bytes) => {
            let text = match String::from_utf8(bytes) {
                Ok(t) => t,
                Err(_) => {
                    return SnapOutcome::Damaged {
                        reason: "it is not UTF-8 text".into(),
                    }
                }
            };
            match parse_snap(&text.replace("\r\n", "\n")) {
                Err(reason) => {
                    return SnapOutcome::Damaged {
                        reason: reason.message,
                    }
                }
                Ok(old) if old == body.trim_end() => {
                    // A stale pending file for a now-matching snapshot is removed (never in CI).
                    if write && is_pending_snapshot(&pending_path) {
                        let _ = fs::remove_file(&pending_path);
                    }
                    return SnapOutcome::Matches;
                }
                Ok(old) => {
                    let diff = similar::TextDiff::from_lines(old.as_str(), body.trim_end())
                        .unified_diff()
                        .context_radius(3)
                        .header("accepted", "new")
                        .to_string();
                    SnapOutcome::Changed {
                        diff,
                        pending: None,
                    }
                }
            }
        }
        Err(files::ReadError::Missing) => SnapOutcome::New { pending: None },
        Err(e) => {
            return SnapOutcome::Damaged {
                reason: e.to_string(),
            }
        }
    };
    if !write {
        return outcome;
    }
    if let Some(dir) = path.parent() {
        clean_stale_temporaries(dir);
    }
    let wrote = write_atomic(&pending_path, contents.as_bytes())
        .is_ok()
        .then_some(pending_path);
    match outcome {
        SnapOutcome::New { .. } => SnapOutcome::New { pending: wrote },
        SnapOutcome::Changed { diff, .. } => SnapOutcome::Changed {
            diff,
            pending: wrote,
        },
        other => other,
    }
}

/// The first part of `path` that is a symbolic link, if any: every
/// component of a relative path, and of an absolute one every component
/// below the working folder (or, outside it, from its first `scenarios` or
/// `snapshots` folder down). A linked outer `snapshots` folder is found
/// even when the path holds another `snapshots` below it.
pub fn linked_part(path: &Path) -> Option<PathBuf> {
    let comps: Vec<Component> = path.components().collect();
    let from = if path.is_relative() {
        0
    } else {
        let cwd = std::env::current_dir().ok();
        match cwd.as_deref().filter(|c| path.starts_with(c)) {
            Some(c) => c.components().count(),
            None => comps
                .iter()
                .position(|c| c.as_os_str() == "snapshots" || c.as_os_str() == "scenarios")
                .unwrap_or(comps.len().saturating_sub(1)),
        }
    };
    let mut here = PathBuf::new();
    for (i, c) in comps.iter().enumerate() {
        here.push(c);
        if i >= from && fs::symlink_metadata(&here).is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(here);
        }
    }
    // The pending file beside the snapshot too.
    let pending = pending_of(path);
    fs::symlink_metadata(&pending)
        .is_ok_and(|m| m.file_type().is_symlink())
        .then_some(pending)
}

/// Whether `path` is a regular file holding a goti snapshot (what accept
/// and cleanup may touch).
pub fn is_pending_snapshot(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
        && files::read_limited(path, files::MAX_SNAPSHOT_BYTES)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .is_some_and(|t| parse_snap(&t.replace("\r\n", "\n")).is_ok())
}

/// How old a temporary file of goti's own must be before a later run
/// removes it (one left by a run that was killed).
const STALE_TEMPORARY: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes goti's own temporary files (`.goti-*.tmp`) older than ten
/// minutes from a snapshot folder.
fn clean_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with(".goti-") && name.ends_with(".tmp");
        let stale = e
            .metadata()
            .ok()
            .filter(|m| m.file_type().is_file())
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_TEMPORARY);
        if ours && stale {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Claims the snapshot files of a file's scenarios for this run: a file
/// already claimed by a scenario of another file is a clash, reported on
/// the later scenario naming the first (`a-b.goti` and `a_b.goti` share
/// their snapshots' names).
pub fn claim(
    report: &mut super::FileReport,
    claimed: &mut std::collections::HashMap<PathBuf, String>,
) {
    let name = report.source.name.clone();
    for sc in &mut report.scenarios {
        for snap in &sc.snapshots {
            let who = format!("{name}:{} \"{}\"", sc.line, sc.name);
            match claimed.get(&snap.path) {
                Some(first) if !first.starts_with(&format!("{name}:")) => {
                    let d = super::Diagnostic::new(
                        super::Kind::Snapshot,
                        &report.source,
                        snap.span,
                        format!(
                            "the snapshot file {} of this scenario is also the snapshot of {first}",
                            snap.path.display()
                        ),
                        "same snapshot file",
                    )
                    .help("snapshot files are named by file and scenario in lower-case letters and digits; rename one");
                    sc.problems.push(d);
                }
                Some(_) => {}
                None => {
                    claimed.insert(snap.path.clone(), who);
                }
            }
        }
    }
}

/// Every `snapshot` statement of a file's scenarios: (scenario index, the
/// statement's span, the snapshot file it writes, who writes it).
pub fn statements(
    scenarios: &[crate::dsl::ast::Scenario],
    path: &Path,
) -> Vec<(usize, crate::dsl::ast::Span, PathBuf, String)> {
    use crate::dsl::ast::StmtKind;
    let mut out = Vec::new();
    for (i, sc) in scenarios.iter().enumerate() {
        let mut index = 0;
        for st in &sc.statements {
            let StmtKind::Snapshot(label) = &st.kind else {
                continue;
            };
            index += 1;
            let label = label.as_ref().map(|l| l.value.as_str());
            let who = match label {
                Some(l) => format!("\"{}\" / \"{l}\"", sc.name.value),
                None => format!("\"{}\"", sc.name.value),
            };
            out.push((
                i,
                st.span,
                snapshot_path(path, &sc.name.value, label, index),
                who,
            ));
        }
    }
    out
}

/// The accepted snapshots that no scenario writes any more (orphans):
/// in the snapshot folders of the scanned scenario files (`reports`), those
/// of a scanned file that none of its scenarios writes, and, when only
/// folders were scanned, those of a scenario file that no longer exists.
pub fn orphans(paths: &[PathBuf], reports: &[super::FileReport]) -> Vec<PathBuf> {
    let mut written = std::collections::HashSet::new();
    let mut stems = std::collections::HashSet::new();
    let mut folders = Vec::new();
    for r in reports {
        if !r.file_problems.is_empty() {
            // A file that could not be read writes nothing we can know: say no orphan.
            return Vec::new();
        }
        written.extend(r.snapshot_files.iter().cloned());
        let stem = r.path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        stems.insert(format!("{}__", slug(stem)));
        if let Some(dir) = snapshot_path(&r.path, "x", None, 1).parent() {
            if dir.is_dir() {
                folders.push(dir.to_path_buf());
            }
        }
    }
    folders.sort();
    folders.dedup();
    let whole_folders = paths.iter().all(|p| p.is_dir());
    snapshots_under(&folders)
        .into_iter()
        .filter(|p| !written.contains(p))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            whole_folders || stems.iter().any(|s| name.starts_with(s.as_str()))
        })
        .collect()
}

/// The snapshot folders of the scenario files under `paths`: the
/// `snapshots/` folder where each file's snapshots go, existing ones only.
pub fn snapshot_folders(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = super::discover(paths)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| {
            snapshot_path(f, "x", None, 1)
                .parent()
                .map(Path::to_path_buf)
        })
        .filter(|d| d.is_dir())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every `.snap` file under `dirs` (links not followed).
pub fn snapshots_under(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| {
            walkdir::WalkDir::new(d)
                .follow_links(false)
                .into_iter()
                .filter_map(Result::ok)
        })
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .filter(|p| p.extension().is_some_and(|x| x == "snap"))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `x.snap` -> `x.snap.new`.
pub fn pending_of(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".new");
    PathBuf::from(s)
}

/// Writes via a temporary file created exclusively (a random name, `O_EXCL`)
/// in the same folder, synced, then renamed over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // Never replaces what is not a file: a FIFO, a device or a socket.
    if let Ok(m) = fs::symlink_metadata(path) {
        if !m.is_file() && !m.file_type().is_symlink() {
            return Err(std::io::Error::other(format!(
                "{} is not a regular file; goti replaces only files",
                path.display()
            )));
        }
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".goti-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    // A replaced file keeps its permissions; a new one is readable by all
    // (as any file the user writes), not the temporary file's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path).map_or(0o644, |m| m.permissions().mode() & 0o777);
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(mode))?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Where an output the user named (`-o`/`--output`) goes: refused before
/// any work when it is a folder or a link to nothing.
pub fn check_output(path: &Path) -> std::io::Result<()> {
    let refuse = |why: &str| refused(path, why);
    match fs::symlink_metadata(path) {
        Err(_) => Ok(()),
        Ok(m) if m.is_dir() => refuse("a folder; name a file"),
        Ok(m) if m.file_type().is_symlink() => match fs::metadata(path) {
            Ok(t) if t.is_dir() => refuse("a link to a folder; name a file"),
            Ok(_) => Ok(()),
            Err(_) => refuse("a link to nothing"),
        },
        Ok(_) => Ok(()),
    }
}

/// A folder the user named for outputs (`goti lint -o DIR`): refused
/// before any work when it is a file or a link to nothing; a folder that
/// exists already is written into.
pub fn check_output_dir(path: &Path) -> std::io::Result<()> {
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => refused(path, "a file; name a folder"),
        Err(_) if fs::symlink_metadata(path).is_ok() => refused(path, "a link to nothing"),
        Err(_) => Ok(()),
    }
}

/// An output refused: the path as shown, and why.
fn refused(path: &Path, why: &str) -> std::io::Result<()> {
    Err(std::io::Error::other(format!(
        "{}: {why}",
        crate::shown::path(path)
    )))
}

/// Where an output the user named goes, decided once for every writer.
enum Output {
    /// A FIFO or a device (`/dev/stdout`, a named pipe): written in place.
    InPlace,
    /// A file, new or replaced atomically (at a link's target).
    Replace(PathBuf),
}

/// How to write to `path` (refused as [`check_output`] refuses).
fn output(path: &Path) -> std::io::Result<Output> {
    check_output(path)?;
    Ok(match fs::metadata(path) {
        Ok(m) if !m.is_file() => Output::InPlace,
        Ok(_) if fs::symlink_metadata(path).is_ok_and(|l| l.file_type().is_symlink()) => {
            Output::Replace(fs::canonicalize(path)?)
        }
        _ => Output::Replace(path.to_path_buf()),
    })
}

/// Writes an output the user named (`-o`/`--output`): a regular file (or a
/// link to one) is replaced atomically, at the link's target; a FIFO or a
/// device (`/dev/stdout`, a named pipe) is written in place, never
/// replaced by a file.
pub fn write_output(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match output(path)? {
        Output::Replace(target) => write_atomic(&target, bytes),
        Output::InPlace => {
            let mut f = fs::OpenOptions::new().write(true).open(path)?;
            f.write_all(bytes)?;
            f.flush()
        }
    }
}

/// Puts a finished temporary file where the user named it, as
/// [`write_output`] writes: renamed over a file (at a link's target),
/// copied into a FIFO or a device in place, never replacing one.
pub fn persist_output(tmp: tempfile::NamedTempFile, path: &Path) -> std::io::Result<()> {
    match output(path)? {
        Output::Replace(target) => tmp.persist(target).map(|_| ()).map_err(|e| e.error),
        Output::InPlace => {
            let mut f = fs::OpenOptions::new().write(true).open(path)?;
            std::io::copy(&mut tmp.reopen()?, &mut f)?;
            f.flush()
        }
    }
}

/// Every `.snap.new` under `dir` (symbolic links are not followed).
pub fn pending_under(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .follow_links(false)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .filter(|p| p.to_string_lossy().ends_with(".snap.new"))
        .collect();
    out.sort();
    out
}

/// Promotes one `.snap.new` to `.snap` (an atomic rename): only a regular
/// file holding a goti snapshot, never through a symbolic link.
pub fn accept(pending: &Path) -> std::io::Result<PathBuf> {
    let refuse = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
    let s = pending.to_string_lossy();
    let Some(target) = s.strip_suffix(".new").map(PathBuf::from) else {
        return Err(refuse("not a `.snap.new` file".into()));
    };
    if let Some(link) = linked_part(&target) {
        return Err(refuse(format!("{} is a symbolic link", link.display())));
    }
    if !is_pending_snapshot(pending) {
        return Err(refuse("it is not a goti snapshot".into()));
    }
    fs::rename(pending, &target)?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_mirror_scenarios_folder() {
        let p = snapshot_path(
            Path::new("x/scenarios/royal/capture.goti"),
            "Merge capture!",
            None,
            1,
        );
        assert_eq!(
            p,
            PathBuf::from("x/snapshots/royal/capture__merge-capture.snap")
        );
        let p = snapshot_path(Path::new("scenarios/a.goti"), "s", Some("after move"), 1);
        assert_eq!(p, PathBuf::from("snapshots/a__s__after-move.snap"));
    }

    #[test]
    fn snap_round_trip_and_damage() {
        let text = format_snap("scenarios/a.goti", "merge: \"x\"", "line 1\nline 2\n");
        assert_eq!(parse_snap(&text).unwrap(), "line 1\nline 2");
        assert!(parse_snap("garbage").is_err());
        assert!(parse_snap("---\nsource: x\n").is_err());
    }
}
