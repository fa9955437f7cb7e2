//! A git revision of the project's repository: its commit, and its files
//! read as they stand at that commit (never from the working tree). Below
//! both the base of a comparison (`base.rs`) and the rules layers that read
//! a file at the base.

use crate::error::{Error, ErrorKind};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::files::{ReadError, MAX_RULESET_BYTES};

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
    pub(super) fn exists(dir: &Path, name: &str) -> bool {
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
