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
use std::path::Path;
use std::sync::Arc;

use super::play::ruleset::{LayerSource, RuleLayers};
use super::project::{self, Project};

pub use super::revision::Revision;

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
                // A project plays the games its goti.yaml names: the others'
                // built-in rules are not part of its base (issue 50).
                if named.is_empty() {
                    shown.push(format!(
                        "{base} ({} there names no ruleset file: every game's built-in rules)",
                        project::PROJECT_FILE
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

impl Base {
    /// The base as one game sees it (`goti balance` plays one game):
    /// `base_rules`, that game's rules as the layers built them, and the
    /// revision's commit where the base is one; no word of other games.
    pub fn shown_for(&self, base_rules: &str) -> String {
        match &self.layers.revision {
            Some(rev) => format!("{base_rules} ({})", short(&rev.commit)),
            None => base_rules.to_string(),
        }
    }
}

fn short(commit: &str) -> &str {
    &commit[..commit.len().min(12)]
}
