//! `goti watch`: which files to watch and when to rerun. The files are
//! polled (every [`POLL`]) for their length, modification time and
//! content (the first [`CONTENT_BUDGET`] bytes of files a poll, in path
//! order: an edit that keeps a file's length and time is seen too): no
//! platform notification API, the same on every system. A change is acted
//! on once nothing else changed for [`DEBOUNCE`], so an editor's save of
//! several files is one rerun.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// How often the files are looked at.
pub const POLL: Duration = Duration::from_millis(100);
/// How long after the last change the rerun starts.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// How many bytes of content one poll reads to compare (past it, files are
/// compared by length and time only).
pub const CONTENT_BUDGET: u64 = 16 * 1024 * 1024;

/// What a file looked like: its length, modification time and a hash of
/// its content (0 past the poll's budget) (`None`: it is gone).
type Stamp = Option<(u64, SystemTime, u64)>;

/// What changed since the last look.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Scenario files changed, added or removed.
    pub scenarios: Vec<PathBuf>,
    /// Ruleset files or `goti.yaml` changed: every scenario reruns.
    pub rules: Vec<PathBuf>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.scenarios.is_empty() && self.rules.is_empty()
    }
}

/// The files of a watch: the scenario files under `paths`, and the YAML
/// files (ruleset files, `goti.yaml`) under them and the project root.
fn files(paths: &[PathBuf], root: Option<&Path>) -> BTreeMap<PathBuf, Stamp> {
    let mut out = BTreeMap::new();
    // Scenario files under the paths only: the root's walk would name each
    // again by another path (and a change would rerun it twice). The
    // root's walk also leaves out the folders a path already covers, so a
    // ruleset file under `goti watch .` is one file, not `./rules/x.yaml`
    // and `/abs/rules/x.yaml` both.
    let covered: Vec<PathBuf> = paths.iter().filter_map(|p| p.canonicalize().ok()).collect();
    let mut dirs: Vec<(&Path, bool)> = paths.iter().map(|p| (p.as_path(), true)).collect();
    dirs.extend(root.map(|r| (r, false)));
    for (dir, scenarios) in dirs {
        let walker = walkdir::WalkDir::new(dir).follow_links(false).max_depth(12);
        for entry in walker.into_iter().filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            let skipped =
                e.depth() > 0 && (name.starts_with('.') || name == "target" || name == "snapshots");
            // In the root's walk, a folder a path covers is walked already.
            let walked = !scenarios
                && e.file_type().is_dir()
                && e.path().canonicalize().is_ok_and(|c| covered.contains(&c));
            !skipped && !walked
        }) {
            let Ok(entry) = entry else { continue };
            let p = entry.path();
            let wanted = match p.extension().and_then(|e| e.to_str()) {
                Some("goti") => scenarios,
                Some("yaml" | "yml") => true,
                _ => false,
            };
            if wanted && entry.file_type().is_file() {
                out.insert(p.to_path_buf(), None);
            }
            if out.len() >= 100_000 {
                return out;
            }
        }
    }
    out
}

/// The stamps of `files`' paths, their content read within `budget`.
fn stamped(mut files: BTreeMap<PathBuf, Stamp>) -> BTreeMap<PathBuf, Stamp> {
    let mut budget = CONTENT_BUDGET;
    for (p, s) in files.iter_mut() {
        *s = stamp(p, &mut budget);
    }
    files
}

fn stamp(p: &Path, budget: &mut u64) -> Stamp {
    use std::hash::{Hash, Hasher};
    let m = std::fs::metadata(p).ok()?;
    let mut content = 0;
    if m.len() <= *budget {
        if let Ok(bytes) =
            crate::runner::files::read_limited(p, crate::runner::files::MAX_SCENARIO_BYTES)
        {
            *budget -= bytes.len() as u64;
            let mut h = std::collections::hash_map::DefaultHasher::new();
            bytes.hash(&mut h);
            content = h.finish();
        }
    }
    Some((m.len(), m.modified().ok()?, content))
}

/// The files being watched, as they stood when watching began.
pub struct Watcher<'a> {
    paths: &'a [PathBuf],
    root: Option<&'a Path>,
    seen: std::collections::BTreeMap<PathBuf, Stamp>,
}

impl<'a> Watcher<'a> {
    /// Takes the files' stamps now: a change made after this returns is
    /// seen, however soon (so "watching" is said only after it).
    pub fn new(paths: &'a [PathBuf], root: Option<&'a Path>) -> Watcher<'a> {
        Watcher {
            paths,
            root,
            seen: stamped(files(paths, root)),
        }
    }

    /// Watches until `stop` is set, calling `rerun` with each settled set
    /// of changes.
    pub fn run(self, stop: &AtomicBool, rerun: impl FnMut(&Changes)) {
        watch_from(self.paths, self.root, self.seen, stop, rerun)
    }
}

fn watch_from(
    paths: &[PathBuf],
    root: Option<&Path>,
    mut seen: std::collections::BTreeMap<PathBuf, Stamp>,
    stop: &AtomicBool,
    mut rerun: impl FnMut(&Changes),
) {
    let mut pending = Changes::default();
    let mut last_change: Option<Instant> = None;
    while !stop.load(Ordering::SeqCst) {
        std::thread::sleep(POLL);
        let now = stamped(files(paths, root));
        let changed: Vec<PathBuf> = now
            .iter()
            .filter(|(p, s)| seen.get(*p) != Some(s))
            .map(|(p, _)| p.clone())
            .chain(seen.keys().filter(|p| !now.contains_key(*p)).cloned())
            .collect();
        for p in changed {
            let list = if p.extension().is_some_and(|e| e == "goti") {
                &mut pending.scenarios
            } else {
                &mut pending.rules
            };
            if !list.contains(&p) {
                list.push(p);
            }
            last_change = Some(Instant::now());
        }
        seen = now;
        if last_change.is_some_and(|t| t.elapsed() >= DEBOUNCE) && !pending.is_empty() {
            // Removed scenario files are not rerun (nothing to play).
            pending.scenarios.retain(|p| p.is_file());
            pending.scenarios.sort();
            rerun(&pending);
            pending = Changes::default();
            last_change = None;
        }
    }
}
