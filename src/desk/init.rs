//! `goti init`: a project that works at once — `goti.yaml`, a partial
//! ruleset file, two example scenarios that pass, a `.gitignore` for
//! pending snapshots, and GitHub Actions workflows (the scenarios, and
//! the pull request's verdict as one comment) with a copy of goti's action. Nothing that exists is
//! overwritten: every file is checked first, then each is created
//! exclusively (`create_new`), so a file that appears meanwhile is kept.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::engine::GameKind;

/// What `init` wrote, and whether it made a git repository.
#[derive(Debug)]
pub struct Made {
    pub files: Vec<PathBuf>,
    pub git_init: bool,
}

/// Why `init` wrote nothing.
#[derive(Debug)]
pub enum InitError {
    /// These files exist already.
    Exists(Vec<PathBuf>),
    Io(PathBuf, std::io::Error),
    /// `git init` failed (its words).
    Git(String),
    /// A folder on the way to a file is a symbolic link: writing through
    /// it would write outside the project (a committed `rules -> ../x`).
    Link(PathBuf),
}

impl std::fmt::Display for InitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InitError::Exists(files) => {
                let names: Vec<String> = files.iter().map(|p| crate::shown::path(p)).collect();
                write!(
                    f,
                    "{} already exist(s); goti init overwrites nothing (choose another folder, or move them away)",
                    names.join(", ")
                )
            }
            InitError::Io(p, e) => write!(f, "cannot write {}: {e}", crate::shown::path(p)),
            InitError::Git(e) => write!(f, "git init failed: {e}"),
            InitError::Link(p) => write!(
                f,
                "{} is a symbolic link; goti init writes nothing through links (remove the link, or init another folder)",
                crate::shown::path(p)
            ),
        }
    }
}

impl std::error::Error for InitError {}

/// The files of a new project for `game`, as (path relative to the
/// project, text).
pub fn files(game: GameKind) -> Vec<(PathBuf, String)> {
    let name = game.name();
    vec![
        (
            "goti.yaml".into(),
            format!(
                "# goti's project file: the ruleset file of each game, and the folders\n\
                 # `goti run` plays when given no path.\n\
                 rules:\n  {name}: rules/{name}.yaml\n\
                 scenarios:\n  - scenarios\n"
            ),
        ),
        (format!("rules/{name}.yaml").into(), ruleset(game)),
        (
            format!("scenarios/{name}.goti").into(),
            crate::runner::position::examples(game).to_string(),
        ),
        (
            ".gitignore".into(),
            "# Snapshots waiting for review (`goti accept` keeps them).\n*.snap.new\n".into(),
        ),
        (".github/workflows/goti.yml".into(), workflow()),
        (
            ".github/workflows/goti-comment.yml".into(),
            COMMENT_WORKFLOW.to_string(),
        ),
        (".github/actions/goti/action.yml".into(), action()),
        (
            ".github/actions/goti/install-goti.sh".into(),
            include_str!("../../install-goti.sh").to_string(),
        ),
    ]
}

/// A partial ruleset file: `extends:` and, commented out, every key with
/// its default and the rule that reads it (`goti rules --game GAME --dump`).
fn ruleset(game: GameKind) -> String {
    let mut out = format!(
        "# The project's {name} rules: the shipped defaults, with the keys\n\
         # written here changed. Uncomment a line and change its value; `goti\n\
         # diff --base HEAD` then shows which scenarios' outcomes move.\n\
         extends: {name}\n",
        name = game.name()
    );
    for line in crate::runner::position::Rules::default_yaml(game).lines() {
        let t = line.trim_start();
        if t.starts_with("extends:") || t.starts_with("name:") || line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            out.push('\n');
        } else {
            out.push_str(&format!("# {line}\n"));
        }
    }
    out
}

/// The workflow of every push and pull request (`workflows/goti.yml`):
/// goti installed by the project's copy of goti's action, pinned to this
/// version; the scenarios as annotations, a job summary, the HTML report as
/// an artifact, and on a pull request the verdict computed with a
/// read-only token and kept as an artifact.
fn workflow() -> String {
    include_str!("workflows/goti.yml").replace("GOTI_VERSION_PIN", env!("CARGO_PKG_VERSION"))
}

/// The workflow that posts the verdict as one comment, created once and
/// updated on every push, from `workflow_run` (never the pull request's
/// code), so pull requests from forks get it too.
const COMMENT_WORKFLOW: &str = include_str!("workflows/goti-comment.yml");

/// goti's own action (the repository root's `action.yml` and its install
/// step), copied into the project so the workflow needs no name of goti's
/// repository; with no release repository it builds goti from source once
/// and caches it.
fn action() -> String {
    format!(
        "# A copy of goti's action, written by `goti init` (goti {}).\n{}",
        env!("CARGO_PKG_VERSION"),
        include_str!("../../action.yml")
    )
}

/// Writes a new project into `dir` (made if missing); refuses, writing
/// nothing, when any of its files exists. Outside a git repository it runs
/// `git init` first.
pub fn init(dir: &Path, game: GameKind) -> Result<Made, InitError> {
    let files = files(game);
    let existing: Vec<PathBuf> = files
        .iter()
        .map(|(p, _)| dir.join(p))
        .filter(|p| p.symlink_metadata().is_ok())
        .collect();
    if !existing.is_empty() {
        return Err(InitError::Exists(existing));
    }
    // No folder on the way from `dir` to a file may be a link.
    for (rel, _) in &files {
        let mut at = dir.to_path_buf();
        for part in rel.parent().into_iter().flat_map(Path::components) {
            at.push(part);
            if at
                .symlink_metadata()
                .is_ok_and(|m| m.file_type().is_symlink())
            {
                return Err(InitError::Link(at));
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| InitError::Io(dir.to_path_buf(), e))?;
    // An absolute path: a folder named `--bare` is never read as an option.
    let dir = &std::path::absolute(dir).map_err(|e| InitError::Io(dir.to_path_buf(), e))?;
    let git_init = !in_git_repository(dir);
    if git_init {
        let out = std::process::Command::new("git")
            .arg("init")
            .arg("--quiet")
            .arg("--")
            .arg(dir)
            .output()
            .map_err(|e| InitError::Git(e.to_string()))?;
        if !out.status.success() {
            return Err(InitError::Git(
                String::from_utf8_lossy(&out.stderr).trim().to_string(),
            ));
        }
    }
    let mut made = Vec::new();
    for (rel, text) in files {
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| InitError::Io(parent.to_path_buf(), e))?;
        }
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| InitError::Io(path.clone(), e))?;
        f.write_all(text.as_bytes())
            .map_err(|e| InitError::Io(path.clone(), e))?;
        made.push(rel);
    }
    Ok(Made {
        files: made,
        git_init,
    })
}

/// Whether `dir` (or a folder above it) is inside a git work tree.
fn in_git_repository(dir: &Path) -> bool {
    std::process::Command::new("git")
        .args(["rev-parse", "--is-inside-work-tree"])
        .current_dir(dir)
        .output()
        .is_ok_and(|o| o.status.success())
}
