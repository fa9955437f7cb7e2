//! The project: the folder holding `goti.yaml`, found by walking up from the
//! working directory and stopping at the repository root. Files named inside
//! scenario files (and ruleset files) must stay inside it. Without a
//! `goti.yaml`, the project of a scenario file is the tree goti was asked to
//! scan.

use std::path::{Path, PathBuf};

/// The project file's name.
pub const PROJECT_FILE: &str = "goti.yaml";

/// The folder of the first `goti.yaml` at or above `start`, not looking
/// past a repository root (a folder holding `.git`).
pub fn find(start: &Path) -> Option<PathBuf> {
    let start = start.canonicalize().ok()?;
    for dir in start.ancestors() {
        let file = dir.join(PROJECT_FILE);
        if std::fs::symlink_metadata(&file).is_ok_and(|m| m.is_file()) {
            return Some(dir.to_path_buf());
        }
        if dir.join(".git").exists() {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_above_and_not_past_a_repository() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let deep = repo.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::create_dir(repo.join(".git")).unwrap();
        assert_eq!(find(&deep), None);
        std::fs::write(dir.path().join(PROJECT_FILE), "").unwrap();
        assert_eq!(find(&deep), None, "not past the repository root");
        std::fs::write(repo.join("a").join(PROJECT_FILE), "").unwrap();
        assert_eq!(find(&deep), Some(repo.join("a").canonicalize().unwrap()));
    }
}
