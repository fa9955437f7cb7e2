//! Which files a run plays: the paths given, folders walked for scenario
//! files (no link followed, near misses of `.goti` refused), and the
//! project root each file belongs to.

use super::*;

/// A scenario file found, with the project it belongs to (files it names
/// must lie inside that folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub path: PathBuf,
    pub root: PathBuf,
}

/// What a search for scenario files found, and what it passed over.
#[derive(Clone, Debug, Default)]
pub struct Discovery {
    pub files: Vec<Found>,
    /// `*.goti` entries of a folder that are not regular files (symbolic
    /// links, FIFOs, devices, sockets), with the reason they were skipped.
    pub skipped: Vec<(PathBuf, &'static str)>,
}

/// Scenario files (`*.goti`) under the given files and folders, sorted.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    Ok(discover_files(paths, None)?
        .files
        .into_iter()
        .map(|f| f.path)
        .collect())
}

/// The project of a path given to scan, found from the path as written
/// (made absolute, `..` taken by name), never through a link's target: the
/// folder of `goti.yaml` at or above it (not past a repository's root),
/// else the repository's top (the folder holding `.git`), else the working
/// folder when the path lies below it, else the path's own folder.
pub fn root_of(path: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let root = root_at(&cwd, path);
    // Shown as the user sees it: relative to the working folder below it.
    match root.strip_prefix(&cwd) {
        Ok(rel) if rel.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rel) => rel.to_path_buf(),
        Err(_) => root,
    }
}

pub(super) fn root_at(cwd: &Path, path: &Path) -> PathBuf {
    let cwd = cwd.to_path_buf();
    let abs = files::lexical(&cwd.join(path));
    let is_real_dir = std::fs::symlink_metadata(&abs).is_ok_and(|m| m.is_dir());
    let start = if is_real_dir {
        abs.clone()
    } else {
        abs.parent().map_or_else(|| abs.clone(), Path::to_path_buf)
    };
    for dir in start.ancestors() {
        let file = dir.join(project::PROJECT_FILE);
        if std::fs::symlink_metadata(&file).is_ok_and(|m| m.is_file()) || dir.join(".git").exists()
        {
            return dir.to_path_buf();
        }
    }
    if abs.starts_with(&cwd) {
        cwd
    } else {
        start
    }
}

/// Scenario files under the given files and folders, sorted, each with its
/// project: `project` (the folder of `goti.yaml`) for a path below it, else
/// [`root_of`] the path. A folder to scan must lead to a place inside its
/// project: one that is (or passes through) a link leaving it is refused.
/// Folder walks never follow symbolic links, so they cannot loop or leave
/// the tree; a file named on the command line is the user's own and may be
/// a link.
pub fn discover_files(paths: &[PathBuf], project: Option<&Path>) -> Result<Discovery, Error> {
    Error::of(ErrorKind::Input, || {
        let mut found = Discovery::default();
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let mut walked = std::collections::HashSet::new();
        for p in paths {
            let abs = files::lexical(&cwd.join(p));
            // Each folder or file once, however often it is named.
            if !walked.insert(abs.clone()) {
                continue;
            }
            let root = match project {
                Some(r) if abs.starts_with(r) => r.to_path_buf(),
                _ => root_of(p),
            };
            if p.is_dir() {
                let inside = root
                    .canonicalize()
                    .ok()
                    .zip(p.canonicalize().ok())
                    .is_some_and(|(r, t)| t.starts_with(r));
                if !inside {
                    return Err(format!(
                    "{}: this folder leads outside the project {} (through a symbolic link); goti scans only folders inside the project",
                    crate::shown::path(p),
                    crate::shown::path(&root)
                ));
                }
                for entry in walkdir::WalkDir::new(p).follow_links(false) {
                    let entry = entry.map_err(|e| {
                        format!("cannot read folder {}: {e}", crate::shown::path(p))
                    })?;
                    if entry.path().extension().is_none_or(|x| x != "goti") {
                        // A near miss hides a scenario file: refused, never passed over.
                        if !entry.file_type().is_dir()
                            && files::near_miss_of_scenario_name(entry.file_name())
                        {
                            return Err(format!(
                                "{}: a name that looks like a scenario file's but does not end in `.goti` (a look-alike letter, another case, or an invisible or space character); goti would not play it. Rename it to end in `.goti`, or give it another extension",
                                crate::shown::path(entry.path())
                            ));
                        }
                        continue;
                    }
                    let t = entry.file_type();
                    if t.is_file() {
                        found.files.push(Found {
                            path: entry.into_path(),
                            root: root.clone(),
                        });
                    } else if t.is_symlink() {
                        found.skipped.push((
                            entry.into_path(),
                            "a symbolic link (not followed in folders)",
                        ));
                    } else if !t.is_dir() {
                        found
                            .skipped
                            .push((entry.into_path(), "not a regular file"));
                    }
                }
            } else if p.exists() {
                found.files.push(Found {
                    path: p.clone(),
                    root,
                });
            } else {
                return Err(format!("no such file or folder: {}", crate::shown::path(p)));
            }
        }
        found.files.sort_by(|a, b| a.path.cmp(&b.path));
        found.files.dedup_by(|a, b| a.path == b.path);
        Ok(found)
    })
}
