//! What every command that plays scenarios shares: the project (`goti.yaml`
//! above the working directory), the default scenario folders, and the
//! ruleset layers given on the command line (`--ruleset`, `--set`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use crate::engine::GameKind;
use crate::runner::play::ruleset::{self, LayerSource, RuleLayers};
use crate::runner::{self, project::Project, RunOptions};

/// Rules for one run, without editing anything.
#[derive(Args, Debug, Clone, Default)]
pub struct RulesArgs {
    /// A ruleset file (full, or partial with `extends:`) for the scenarios of
    /// the game it is for; later wins over the project's and the scenarios'
    /// own files.
    #[arg(long = "ruleset", value_name = "FILE")]
    pub rulesets: Vec<PathBuf>,
    /// Override one ruleset field for every scenario whose ruleset has it,
    /// e.g. `--set journey.capture_value=30` (repeatable; applied last).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

/// The project found above the working directory, if any.
pub fn project() -> Result<Option<Project>, String> {
    let Some(root) = std::env::current_dir()
        .ok()
        .and_then(|cwd| runner::project::find(&cwd))
    else {
        return Ok(None);
    };
    Ok(Some(runner::project::load(&root)?))
}

/// The paths to run: those given, else the project's scenario folders, else
/// `scenarios`.
/// The games a project plays, for the commands that answer per game
/// (coverage, lint, mutate): `game` when given, else the game of each
/// `--ruleset`, else those goti.yaml gives a ruleset file, else every game.
pub fn games_of(
    game: Option<crate::engine::GameKind>,
    project: Option<&Project>,
    layers: &RuleLayers,
) -> Vec<crate::engine::GameKind> {
    if let Some(g) = game {
        return vec![g];
    }
    let mut games: Vec<_> = layers.command_line.iter().map(|(g, _)| *g).collect();
    if games.is_empty() {
        games = project.map_or_else(Vec::new, |p| p.rules.iter().map(|(g, _)| *g).collect());
    }
    if games.is_empty() {
        games = crate::engine::GameKind::ALL.to_vec();
    }
    games.sort();
    games.dedup();
    games
}

/// `p` as seen from the folder `from` (both absolute): below it without
/// the prefix, `.` for the folder itself, up and across with `..` where
/// they share a part of their paths (`../scenarios` from `rules/`), else
/// `p` whole.
fn relative_to(p: &Path, from: &Path) -> PathBuf {
    use std::path::Component;
    let (a, b): (Vec<Component>, Vec<Component>) =
        (p.components().collect(), from.components().collect());
    let shared = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    // Only the root in common: the whole path reads better than ../../..
    if shared <= 1 {
        return p.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in shared..b.len() {
        out.push("..");
    }
    for c in &a[shared..] {
        out.push(c.as_os_str());
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

pub fn paths_or_default(paths: Vec<PathBuf>, project: Option<&Project>) -> Vec<PathBuf> {
    if !paths.is_empty() {
        return paths;
    }
    let cwd = std::env::current_dir()
        .ok()
        .and_then(|c| c.canonicalize().ok());
    // Shown relative to the working directory where they lie below it; the
    // working directory itself is `.` (stripped whole it would be an empty
    // path, which names no file).
    let shown = |p: &PathBuf| match &cwd {
        Some(c) => relative_to(p, c),
        None => p.clone(),
    };
    match project {
        Some(p) if !p.scenarios.is_empty() => p.scenarios.iter().map(shown).collect(),
        _ => vec![PathBuf::from("scenarios")],
    }
}

/// The ruleset layers of a run: the project's files and the command line's.
pub fn layers(project: Option<&Project>, args: &RulesArgs) -> Result<RuleLayers, String> {
    let mut layers = ruleset::project_layers(project);
    let root = match project {
        Some(p) => p.root.clone(),
        None => crate::runner::root_of(Path::new(".")),
    };
    for path in &args.rulesets {
        let game = ruleset::game_of_file(path, &root).map_err(|e| format!("--ruleset {e}"))?;
        layers
            .command_line
            .push((game, LayerSource::File(path.clone())));
    }
    for s in &args.sets {
        let Some((k, v)) = s.split_once('=') else {
            return Err(format!(
                "--set {s}: write KEY=VALUE, e.g. journey.capture_value=30"
            ));
        };
        layers
            .sets
            .push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(layers)
}

/// The run options of a project with these layers.
pub fn options(base: RunOptions, layers: RuleLayers) -> RunOptions {
    RunOptions {
        layers: Arc::new(layers),
        ..base
    }
}

/// Every `--set` key must hold for some scenario run: one that none took
/// is an error (a change that checked nothing). A key that both games took
/// is said so.
pub fn check_sets(
    layers: &RuleLayers,
    applied: &[(GameKind, Vec<String>)],
) -> Result<Vec<String>, String> {
    let mut notes = Vec::new();
    for (key, _) in &layers.sets {
        let games: std::collections::BTreeSet<GameKind> = applied
            .iter()
            .filter(|(_, keys)| keys.iter().any(|k| k == key))
            .map(|(g, _)| *g)
            .collect();
        if games.is_empty() {
            // `a[0].b`: list items are dotted numbers in goti's paths.
            let dotted = key.replace(['[', ']'], ".").replace("..", ".");
            let dotted = dotted.trim_end_matches('.');
            if dotted != key {
                return Err(format!(
                    "--set {key}: a list item is written with a dot and its number: `{dotted}` (e.g. --set {dotted}=VALUE)"
                ));
            }
            return Err(format!(
                "--set {key}: no scenario run has that field in its ruleset; `goti rules --game GAME --dump` lists the fields"
            ));
        }
        if games.len() > 1 {
            let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
            notes.push(format!(
                "--set {key} applied to the scenarios of {}",
                names.join(" and ")
            ));
        }
    }
    Ok(notes)
}

/// The folder rules are read against: the project's, else the working one.
pub fn root(project: Option<&Project>) -> PathBuf {
    project.map_or_else(
        || {
            std::env::current_dir()
                .and_then(|d| d.canonicalize())
                .unwrap_or_else(|_| PathBuf::from("."))
        },
        |p| p.root.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::relative_to;
    use std::path::{Path, PathBuf};

    #[test]
    fn default_paths_read_from_where_the_command_runs() {
        let rel = |p: &str, from: &str| relative_to(Path::new(p), Path::new(from));
        assert_eq!(
            rel("/g/proj/scenarios", "/g/proj"),
            PathBuf::from("scenarios")
        );
        // The folder itself: `.`, never an empty path (which names no file).
        assert_eq!(
            rel("/g/proj/scenarios", "/g/proj/scenarios"),
            PathBuf::from(".")
        );
        assert_eq!(
            rel("/g/proj/scenarios", "/g/proj/rules"),
            PathBuf::from("../scenarios")
        );
        assert_eq!(
            rel("/g/proj/scenarios", "/g/proj/rules/deep"),
            PathBuf::from("../../scenarios")
        );
        // Nothing but the root in common: the whole path.
        assert_eq!(
            rel("/g/proj/scenarios", "/other"),
            PathBuf::from("/g/proj/scenarios")
        );
    }
}
