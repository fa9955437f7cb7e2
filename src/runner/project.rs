//! The project: the folder holding `goti.yaml`, found by walking up from the
//! working directory and stopping at the repository root. Files named inside
//! scenario files (and ruleset files) must stay inside it. Without a
//! `goti.yaml`, the project of a scenario file is the tree goti was asked to
//! scan.

use crate::error::{Error, ErrorKind};
use std::path::{Path, PathBuf};

/// The project file's name.
pub const PROJECT_FILE: &str = "goti.yaml";

/// How many scenario folders `goti.yaml` may name.
pub const MAX_SCENARIO_FOLDERS: usize = 1_000;

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

/// What `goti.yaml` says: the ruleset file of each game and the default
/// scenario folders, paths relative to the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectFile {
    #[serde(default)]
    rules: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    scenarios: Vec<String>,
    #[serde(default)]
    equivalent: Vec<EquivalentEntry>,
}

/// A mutant the project holds equivalent (`goti mutate` counts it apart).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EquivalentEntry {
    game: String,
    /// `KEY=VALUE`, as `goti mutate`'s `set` and `--explain` write it.
    mutant: String,
    /// Why no scenario can kill it.
    reason: String,
}

/// A mutant held equivalent in `goti.yaml`, with the reason given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equivalent {
    pub game: crate::engine::GameKind,
    pub mutant: String,
    pub reason: String,
}

/// A project: its folder, its games' ruleset files, its scenario folders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Project {
    pub root: PathBuf,
    pub rules: Vec<(crate::engine::GameKind, PathBuf)>,
    pub scenarios: Vec<PathBuf>,
    /// Mutants held equivalent, each with its reason.
    pub equivalent: Vec<Equivalent>,
}

/// What a `goti.yaml` text says, checked for shape and fields; an error
/// says where in it (`:line:col: ...`, or `: ...`), after the file's name.
fn parse(text: &str) -> Result<ProjectFile, String> {
    crate::rules::yaml::check_shape(text).map_err(|e| format!(": {}", e.message))?;
    if text.trim().is_empty() {
        return Ok(ProjectFile::default());
    }
    serde_yaml::from_str(text).map_err(|e| match e.location() {
        Some(l) => format!(":{}:{}: {e}", l.line(), l.column()),
        None => format!(": {e}"),
    })
}

/// The games a `goti.yaml` text names ruleset files for, with the paths as
/// written (relative to the file). For a base read at a git revision.
pub fn parse_rules(text: &str) -> Result<Vec<(crate::engine::GameKind, String)>, Error> {
    Error::of(ErrorKind::Input, || {
        parse(text)
            .map_err(|e| e.trim_start_matches(':').trim_start().to_string())?
            .rules
            .into_iter()
            .map(|(game, path)| {
                let kind = game.parse().map_err(|e| format!("rules.{game}: {e}"))?;
                Ok((kind, path))
            })
            .collect()
    })
}

/// Reads `goti.yaml` in `root`; an error says where in it (`file:line:col`).
pub fn load(root: &Path) -> Result<Project, Error> {
    Error::of(ErrorKind::Input, || {
        let file = root.join(PROJECT_FILE);
        let shown = file.display();
        let bytes = super::files::read_limited(&file, super::files::MAX_RULESET_BYTES)
            .map_err(|e| format!("{shown}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
        let parsed = parse(&text).map_err(|e| format!("{shown}:{e}"))?;
        let mut project = Project {
            root: root.to_path_buf(),
            ..Project::default()
        };
        for (game, path) in parsed.rules {
            let kind: crate::engine::GameKind = game
                .parse()
                .map_err(|e| format!("{shown}: rules.{game}: {e}"))?;
            let full = super::files::resolve_inside(root, root, &path)
                .map_err(|e| format!("{shown}: rules.{game}: `{path}`: {e}"))?;
            project.rules.push((kind, full));
        }
        for (i, e) in parsed.equivalent.iter().enumerate() {
            let game: crate::engine::GameKind = e
                .game
                .parse()
                .map_err(|err| format!("{shown}: equivalent.{i}.game: {err}"))?;
            if !e.mutant.contains('=') {
                return Err(format!(
                    "{shown}: equivalent.{i}.mutant: `{}`: write KEY=VALUE as `goti mutate --format json` gives it in `set` (board.ring=53)",
                    crate::shown::line(&e.mutant)
                ));
            }
            if e.reason.trim().is_empty() {
                return Err(format!(
                    "{shown}: equivalent.{i}.reason: say why no scenario can kill `{}`",
                    crate::shown::line(&e.mutant)
                ));
            }
            project.equivalent.push(Equivalent {
                game,
                mutant: e.mutant.clone(),
                reason: e.reason.clone(),
            });
        }
        if parsed.scenarios.len() > MAX_SCENARIO_FOLDERS {
            return Err(format!(
            "{shown}: scenarios: {} entries; goti.yaml names at most {MAX_SCENARIO_FOLDERS} scenario folders",
            parsed.scenarios.len()
        ));
        }
        // Each folder once, and inside the project as `rules:` paths are.
        let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        for s in &parsed.scenarios {
            let full = super::files::lexical(&root.join(s));
            let leaves = !full.starts_with(root)
                || full
                    .canonicalize()
                    .is_ok_and(|c| !c.starts_with(&canonical_root));
            if leaves {
                return Err(format!(
                "{shown}: scenarios: `{}` is outside the project ({}); scenario folders must stay inside it",
                crate::shown::line(s),
                crate::shown::path(root)
            ));
            }
            if !project.scenarios.contains(&full) {
                project.scenarios.push(full);
            }
        }
        Ok(project)
    })
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

    #[test]
    fn project_file_names_rulesets_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join("rules")).unwrap();
        std::fs::write(root.join("rules/royal.yaml"), "extends: royal\n").unwrap();
        std::fs::write(
            root.join(PROJECT_FILE),
            "rules:\n  royal: rules/royal.yaml\nscenarios: [scenarios]\n",
        )
        .unwrap();
        let p = load(root).unwrap();
        assert_eq!(p.rules.len(), 1);
        assert_eq!(p.scenarios, vec![root.join("scenarios")]);
        std::fs::write(root.join(PROJECT_FILE), "rules:\n  chess: x.yaml\n").unwrap();
        assert!(load(root)
            .unwrap_err()
            .message
            .contains("goti has no ruleset `chess`"));
        std::fs::write(root.join(PROJECT_FILE), "rulez: {}\n").unwrap();
        assert!(load(root)
            .unwrap_err()
            .message
            .contains(":1:1: unknown field `rulez`"));
        std::fs::write(
            root.join(PROJECT_FILE),
            "rules:\n  royal: ../../etc/passwd\n",
        )
        .unwrap();
        assert!(load(root)
            .unwrap_err()
            .message
            .contains("outside the project"));
    }
}
