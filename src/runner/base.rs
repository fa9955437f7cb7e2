//! The base of a rules comparison (`goti diff --base`, `goti balance
//! --base`): a ruleset file, or a git revision whose files are all read at
//! that revision — the project's `goti.yaml`, its ruleset files and their
//! whole `extends:` chain, and a scenario's own `rules file` where the
//! revision has it. One way to read a base for every command.
//!
//! A revision is a revision: a name that is both a file and a revision is
//! an error naming both; a name starting with `-` is refused (it would be
//! an option to git); a revision git does not know, a git error, or no git
//! at all is an error with git's own words — never "the built-in rules".

use crate::error::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use super::files::{ReadError, MAX_RULESET_BYTES};
use super::play::ruleset::{LayerSource, RuleLayers};
use super::project::{self, Project};
use crate::engine::GameKind;

/// A git revision of the project's repository, resolved to its commit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Revision {
    /// The repository's top folder (canonical).
    pub top: PathBuf,
    /// The revision as the user wrote it (shown in reports).
    pub name: String,
    /// The commit it names (what every read uses).
    pub commit: String,
}

/// Runs git in `dir` with `args`; its standard output, or git's own words.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        let words = String::from_utf8_lossy(&out.stderr);
        let words = words.trim();
        return Err(if words.is_empty() {
            format!("git {} failed ({})", args.join(" "), out.status)
        } else {
            words.to_string()
        });
    }
    Ok(out.stdout)
}

impl Revision {
    /// The revision `name` of the repository holding `dir`: exit-2 words
    /// when git does not know it, is missing, or `dir` is in no repository.
    pub fn open(dir: &Path, name: &str) -> Result<Revision, Error> {
        Error::of(ErrorKind::Input, || {
            if name.starts_with('-') {
                return Err(format!(
                "--base {name}: a revision does not start with `-` (it would be read as an option)"
            ));
            }
            let top = git(dir, &["rev-parse", "--show-toplevel"]).map_err(|e| {
                format!("--base {name}: not a file, and no git repository here: {e}")
            })?;
            let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
            let top = top.canonicalize().unwrap_or(top);
            let spec = format!("{name}^{{commit}}");
            let commit = git(
            &top,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &spec,
            ],
        )
        .map_err(|e| {
            // A repository without a commit has no revision at all.
            let head = ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"];
            if git(&top, &head).is_err() {
                format!(
                    "--base {name}: the repository has no commit yet, so there is no base to compare with; make the first commit (git add -A && git commit -m \"goti project\"), then change the rules and run goti diff --base HEAD"
                )
            } else {
                format!("--base {name}: git knows no such revision: {e}")
            }
        })?;
            let commit = String::from_utf8_lossy(&commit).trim().to_string();
            if commit.is_empty() {
                return Err(format!("--base {name}: git knows no such revision"));
            }
            Ok(Revision {
                top,
                name: name.to_string(),
                commit,
            })
        })
    }

    /// Whether `name` is a revision of the repository holding `dir`.
    fn exists(dir: &Path, name: &str) -> bool {
        !name.starts_with('-') && Revision::open(dir, name).is_ok()
    }

    /// `path` (absolute, inside the repository) relative to its top.
    fn relative(&self, path: &Path) -> Result<PathBuf, String> {
        super::files::lexical(path)
            .strip_prefix(&self.top)
            .map(Path::to_path_buf)
            .map_err(|_| format!("{} is outside the repository", path.display()))
    }

    /// How a file of the revision is shown: `REV:path`.
    pub fn shown(&self, path: &Path) -> String {
        match self.relative(path) {
            Ok(rel) => format!("{}:{}", self.name, rel.display()),
            Err(_) => format!("{}:{}", self.name, path.display()),
        }
    }

    /// The text of the file at `path` in this revision; `Ok(None)` when the
    /// revision has no file there. A link, a folder or a file over the
    /// ruleset size limit is refused like one in the working tree.
    pub fn read(&self, path: &Path) -> Result<Option<String>, ReadError> {
        let io = |e: String| ReadError::Io(std::io::Error::other(e));
        let rel = self.relative(path).map_err(io)?;
        let rel = rel.to_string_lossy().into_owned();
        let listing = git(
            &self.top,
            &["ls-tree", "-l", "--full-tree", &self.commit, "--", &rel],
        )
        .map_err(io)?;
        let listing = String::from_utf8_lossy(&listing);
        let Some(line) = listing.lines().next() else {
            return Ok(None);
        };
        // `MODE TYPE OBJECT SIZE\tPATH`
        let fields: Vec<&str> = line
            .split('\t')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let [mode, kind, object, size] = fields[..] else {
            return Err(io(format!("git ls-tree printed `{line}`")));
        };
        if mode == "120000" {
            return Err(ReadError::NotRegular("a symbolic link"));
        }
        if kind != "blob" {
            return Err(ReadError::NotRegular("a folder"));
        }
        let size: u64 = size.parse().unwrap_or(u64::MAX);
        if size > MAX_RULESET_BYTES {
            return Err(ReadError::TooLarge {
                size,
                limit: MAX_RULESET_BYTES,
            });
        }
        let bytes = git(&self.top, &["cat-file", "blob", object]).map_err(io)?;
        String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| io("it is not UTF-8 text".into()))
    }
}

/// The base of a comparison, as layers to play under.
#[derive(Clone, Debug)]
pub struct Base {
    pub layers: RuleLayers,
    /// What the base is, in words (the report's `base:` line).
    pub shown: String,
}

/// Reads the base named by `--base` (a ruleset file or a git revision; the
/// working tree's rules when `None`). The project is the working tree's.
pub fn read(project: Option<&Project>, base: Option<&str>, here: &Path) -> Result<Base, Error> {
    Error::of(ErrorKind::Input, || {
        let mut layers = super::play::ruleset::project_layers(project);
        let Some(base) = base else {
            return Ok(Base {
                layers,
                shown: "the working tree's rules".into(),
            });
        };
        if base.starts_with('-') {
            return Err(format!(
            "--base {base}: a base does not start with `-`; write ./{base} for a file of that name"
        ));
        }
        let dir = project.map_or(here, |p| p.root.as_path());
        let as_file = here.join(base);
        let is_file = std::fs::symlink_metadata(&as_file).is_ok();
        if is_file && Revision::exists(dir, base) {
            return Err(format!(
            "--base {base}: is both a file ({}) and a git revision; write ./{base} for the file or {base}^{{commit}} for the revision",
            as_file.display()
        ));
        }
        if is_file {
            let root = project.map_or_else(|| super::root_of(here), |p| p.root.clone());
            let game = super::play::ruleset::game_of_file(&as_file, &root)?;
            layers
                .instead_of_project
                .push((game, LayerSource::File(as_file)));
            return Ok(Base {
                layers,
                shown: format!("{base} ({game})"),
            });
        }
        let rev = Arc::new(Revision::open(dir, base)?);
        let root = match project {
            Some(p) => p.root.clone(),
            None => here
                .canonicalize()
                .map_err(|e| format!("{}: {e}", here.display()))?,
        };
        let file = root.join(project::PROJECT_FILE);
        let text = rev
            .read(&file)
            .map_err(|e| format!("--base {base}: {}: {e}", rev.shown(&file)))?;
        let mut shown = Vec::new();
        layers.project.clear();
        match text {
            None => shown.push(format!(
                "{base} (no {} there: every game's built-in rules)",
                project::PROJECT_FILE
            )),
            Some(text) => {
                let named = project::parse_rules(&text)
                    .map_err(|e| format!("--base {base}: {}: {e}", rev.shown(&file)))?;
                for (game, path) in &named {
                    let full = super::files::lexical(&root.join(path));
                    if !full.starts_with(&root) {
                        return Err(format!(
                            "--base {base}: {}: rules.{game}: `{path}` is outside the project",
                            rev.shown(&file)
                        ));
                    }
                    shown.push(rev.shown(&full));
                    layers.project.push((
                        *game,
                        LayerSource::Git {
                            rev: rev.clone(),
                            path: full,
                        },
                    ));
                }
                let built_in: Vec<&str> = GameKind::ALL
                    .iter()
                    .filter(|g| !named.iter().any(|(n, _)| n == *g))
                    .map(|g| g.name())
                    .collect();
                if !built_in.is_empty() {
                    shown.push(format!(
                        "built-in {} ({} at {base} names no ruleset file for {})",
                        built_in.join(", "),
                        project::PROJECT_FILE,
                        if built_in.len() == 1 { "it" } else { "them" }
                    ));
                }
            }
        }
        layers.revision = Some(rev.clone());
        Ok(Base {
            layers,
            shown: format!("{} ({})", shown.join(", "), short(&rev.commit)),
        })
    })
}

fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}
