//! The ruleset a scenario plays, in layers merged key by key, later wins:
//! the game's built-in defaults, the project's ruleset file (`goti.yaml`),
//! the scenario's `rules file` (its own or its file header's), the command
//! line's `--ruleset`, the `set` overrides of the header and the scenario,
//! then the command line's `--set`. A ruleset file may be partial: `extends:
//! royal` (or another file) plus only the keys that differ.
//!
//! Files named inside scenario and ruleset files are untrusted: a regular
//! file of at most 1 MiB inside the project, links resolved. Each file is
//! checked once per run for each content it has (`cache.rs`); a diagnostic
//! about one quotes only its offending line, with the key underlined.

use crate::error::{Error, ErrorKind};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde_yaml::Value;

use super::ScenarioReport;
use crate::dsl::ast::{Scenario, Span, Spanned};
use crate::dsl::lower;
use crate::engine::GameKind;
use crate::rules::{layers, yaml, RulesetError};
use crate::runner::diagnostic::{Diagnostic, Kind, Source};
use crate::runner::files::{self, MAX_RULESET_BYTES};
use crate::runner::position::Rules;
use crate::runner::project::Project;
use crate::runner::revision::Revision;
use crate::runner::RunOptions;

mod cache;
mod detect;
mod diagnostics;
mod resolve;

pub use cache::RulesCaches;
use cache::*;
pub use detect::game_of_file;
use diagnostics::*;
use resolve::*;

/// Where a ruleset layer comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LayerSource {
    /// A file in the working tree.
    File(PathBuf),
    /// A file's text from elsewhere, shown under `name`; what it extends is
    /// read from the working tree.
    Text { name: String, text: Arc<String> },
    /// A file at a git revision (`path` as it would stand in the working
    /// tree); what it extends is read at the same revision.
    Git { rev: Arc<Revision>, path: PathBuf },
}

impl LayerSource {
    fn shown(&self) -> String {
        match self {
            LayerSource::File(p) => p.display().to_string(),
            LayerSource::Text { name, .. } => name.clone(),
            LayerSource::Git { rev, path } => rev.shown(path),
        }
    }
}

/// One key of the project's rules given another value (`goti mutate`):
/// it replaces that key, and nothing else, in every scenario of `game`
/// that does not give the key a value of its own.
#[derive(Clone, Debug, PartialEq)]
pub struct MutantLayer {
    pub game: GameKind,
    /// The dotted key written (a list is written whole).
    pub key: String,
    pub value: Value,
}

/// How a scenario met the mutant of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exposure {
    /// The mutant's key took the mutant's value.
    Exposed,
    /// The scenario's own `rules file` (or a file it extends) or `set`
    /// gives the key a value of its own: the mutant does not reach it.
    NotExposed,
    /// Under the mutant the scenario's rules are refused by validation.
    Invalid,
}

/// The ruleset layers beyond a scenario's own.
#[derive(Clone, Debug, Default)]
pub struct RuleLayers {
    /// The project's ruleset file of a game (`goti.yaml`'s `rules:`).
    pub project: Vec<(GameKind, LayerSource)>,
    /// A ruleset file typed on the command line that stands in for the
    /// project's file of its game (`goti diff --base FILE`).
    pub instead_of_project: Vec<(GameKind, LayerSource)>,
    /// `--ruleset FILE`: applies to the game the file is for (its `name`
    /// or `extends`). The user's own: read wherever it is.
    pub command_line: Vec<(GameKind, LayerSource)>,
    /// `--set KEY=VALUE`: applies to every scenario whose ruleset has KEY.
    pub sets: Vec<(String, String)>,
    /// The base of a comparison is a git revision: a scenario's own `rules
    /// file` is read at it where the revision has that file.
    pub revision: Option<Arc<Revision>>,
    /// A mutant of the project's rules (`goti mutate`), applied last.
    pub mutant: Option<MutantLayer>,
}

impl RuleLayers {
    fn is_empty(&self) -> bool {
        self.project.is_empty()
            && self.instead_of_project.is_empty()
            && self.command_line.is_empty()
            && self.sets.is_empty()
            && self.revision.is_none()
            && self.mutant.is_none()
    }
}

/// The layers of a project's own ruleset files (`goti.yaml`'s `rules:`).
pub fn project_layers(project: Option<&Project>) -> RuleLayers {
    let mut layers = RuleLayers::default();
    if let Some(p) = project {
        for (game, path) in &p.rules {
            layers
                .project
                .push((*game, LayerSource::File(path.clone())));
        }
    }
    layers
}

/// A layer that could not be used: the error, and the text it points into.
#[derive(Clone, Debug)]
struct LayerError {
    error: RulesetError,
    /// The file's other bad keys, after `error`.
    also: Box<[RulesetError]>,
    /// The file's text (only for a file that was read as a ruleset).
    text: Option<Arc<String>>,
    shown: String,
}

/// A resolved layer: its tree, the texts of the files it came from
/// (shown name, text), to place an error found after merging, and the keys
/// its files write themselves (not those of a game's built-in defaults).
#[derive(Clone, Debug)]
struct Tree {
    tree: Value,
    texts: Vec<(String, Arc<String>)>,
    own: Value,
    /// Every working-tree file read to make it (this layer's and those
    /// down its `extends:` chain), with a hash of the content read: a
    /// cached tree is used again only while each still reads the same.
    read: Read,
}

/// Working-tree files read, each with a hash of its content and whether it
/// was read as a file inside the project (`Trust::Inside`).
type Read = Vec<(PathBuf, u64, bool)>;

type Resolved = Result<Tree, LayerError>;

/// How a layer's file may be read.
#[derive(Clone, Copy)]
enum Trust<'a> {
    /// Named inside a file: inside this project folder only.
    Inside(&'a Path),
    /// Typed on the command line: the user's own, read wherever it lies;
    /// what it `extends:` must lie inside this project folder all the same
    /// (whoever named the first file, the chain comes from the project).
    Own(&'a Path),
}

impl<'a> Trust<'a> {
    /// The project folder every file a chain `extends:` must lie in.
    fn root(self) -> &'a Path {
        match self {
            Trust::Inside(root) | Trust::Own(root) => root,
        }
    }
}

/// The ruleset a scenario plays; `None` with the diagnostics in `report`.
pub(super) fn load(
    header: &lower::Header,
    sc: &Scenario,
    source: &Source,
    path: &Path,
    opts: &RunOptions,
    report: &mut ScenarioReport,
) -> Option<Rules> {
    let game = header.kind;
    let folder = match path.parent() {
        Some(f) if !f.as_os_str().is_empty() => f,
        _ => Path::new("."),
    };
    let root = opts.root.as_deref().unwrap_or(folder);
    if header.rules_file.is_none() && header.overrides.is_empty() && opts.layers.is_empty() {
        return Some(Rules::default_of(game));
    }
    // The same layers give the same rules: built once per run, known by
    // the content of every file read to make them.
    let key = rules_key(game, header, folder, root, opts);
    if let Some((key, fresh)) = &key {
        if let Some(hit) = lock(&opts.caches.rules).get(key) {
            // The top files were just read for the key; the rest again.
            if hit.read.iter().all(|r| reads_the_same(r, root, fresh)) {
                report.sets_applied = hit.applied.clone();
                report.mutant = hit.exposure;
                return Some(hit.rules.clone());
            }
        }
    }
    let out = &mut report.problems;
    let (mut tree, own, texts, read) = layered(header, sc, source, (folder, root), opts, out)?;
    let keep = |rules: &Rules, report: &ScenarioReport| {
        if let Some((key, _)) = key.clone() {
            let built = Built {
                rules: rules.clone(),
                applied: report.sets_applied.clone(),
                exposure: report.mutant,
                read: read.clone(),
            };
            lock(&opts.caches.rules).insert(key, built);
        }
    };
    let sets: Vec<(&str, &str)> = header
        .overrides
        .iter()
        .map(|(k, v)| (k.value.as_str(), v.value.as_str()))
        .collect();
    if let Err(e) = layers::set_all(&mut tree, &sets) {
        out.push(override_diagnostic(&e, header, source));
        return None;
    }
    // The command line's `--set`, for the keys this game's ruleset has.
    let cli: Vec<(&str, &str)> = opts
        .layers
        .sets
        .iter()
        .filter(|(k, _)| layers::has_field(&tree, k))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    report.sets_applied = cli.iter().map(|(k, _)| k.to_string()).collect();
    let out = &mut report.problems;
    if let Err(e) = layers::set_all(&mut tree, &cli) {
        out.push(command_line_diagnostic(&e, sc, source));
        return None;
    }
    // goti mutate: the mutant's key, unless the scenario gives it a value.
    if let Some(m) = opts.layers.mutant.as_ref().filter(|m| m.game == game) {
        if let Some(mutated) = mutant(m, &own, &tree, header, sc, source, report) {
            let r = mutated?;
            keep(&r, report);
            return Some(r);
        }
    }
    match Rules::from_tree(game, tree.clone()) {
        Ok(r) => {
            keep(&r, report);
            Some(r)
        }
        Err(first) => {
            // Every bad value, not only the first.
            let all = Rules::errors_of_tree(game, tree);
            assert_eq!(
                all.first(),
                Some(&first),
                "errors_of_tree reads the tree as from_tree does"
            );
            refused(
                &all,
                &texts,
                header,
                sc,
                source,
                folder,
                &mut report.problems,
            );
            None
        }
    }
}

/// The layers' texts by the name they are shown with, latest last.
type Texts = Vec<(String, Arc<String>)>;

/// The defaults of the scenario's game with every layer merged over them in
/// order (the project's file or the one typed instead, the `rules file`,
/// `--ruleset`): the tree, the keys the scenario's own file writes, and the
/// layers' texts (latest last, to place a validation error).
fn layered(
    header: &lower::Header,
    sc: &Scenario,
    source: &Source,
    (folder, root): (&Path, &Path),
    opts: &RunOptions,
    out: &mut Vec<Diagnostic>,
) -> Option<(Value, Value, Texts, Read)> {
    let game = header.kind;
    // (source, shown, trust, where a failure points, the scenario's own)
    let mut order: Vec<(LayerSource, String, Trust, Span, bool)> = Vec::new();
    // The project's file of this game, or the one typed to stand in for it.
    let replaced = opts
        .layers
        .instead_of_project
        .iter()
        .any(|(g, _)| *g == game);
    let project = opts
        .layers
        .project
        .iter()
        .filter(|_| !replaced)
        .map(|l| (l, Trust::Inside(root)))
        .chain(
            opts.layers
                .instead_of_project
                .iter()
                .map(|l| (l, Trust::Own(root))),
        );
    for ((g, src), trust) in project {
        if *g == game {
            order.push((src.clone(), src.shown(), trust, sc.name.span, false));
        }
    }
    if let Some(file) = &header.rules_file {
        let at_revision = opts
            .layers
            .revision
            .as_ref()
            .and_then(|rev| at_revision(rev, root, folder, &file.value));
        let src = match at_revision {
            Some(src) => src,
            None => match files::resolve_inside(root, folder, &file.value) {
                Ok(full) => LayerSource::File(full),
                Err(e) => {
                    out.push(unread(file, &e.to_string(), source));
                    return None;
                }
            },
        };
        let shown = folder.join(&file.value).display().to_string();
        order.push((src, shown, Trust::Inside(root), file.span, true));
    }
    for (g, src) in &opts.layers.command_line {
        if *g == game {
            order.push((
                src.clone(),
                src.shown(),
                Trust::Own(root),
                sc.name.span,
                false,
            ));
        }
    }
    let mut own = Value::Mapping(Default::default());
    let mut texts: Texts = Vec::new();
    let mut read: Read = Vec::new();
    let mut tree = Rules::default_tree(game);
    for (src, shown, trust, at, is_own) in order {
        let mut chain = Chain {
            seen: HashSet::new(),
            caches: &opts.caches,
        };
        match resolve(&src, &shown, game, trust, 0, &mut chain) {
            Ok(mut t) => {
                layers::merge(&mut tree, t.tree);
                texts.append(&mut t.texts);
                read.append(&mut t.read);
                if is_own {
                    own = t.own;
                }
            }
            Err(e) => {
                layer_failed(&e, at, game, source, out);
                return None;
            }
        }
    }
    Some((tree, own, texts, read))
}

/// A layer that failed, and the scenario line that plays under it.
fn layer_failed(
    e: &LayerError,
    at: Span,
    game: GameKind,
    source: &Source,
    out: &mut Vec<Diagnostic>,
) {
    let mut all: Vec<(usize, LayerError)> = std::iter::once(&e.error)
        .chain(e.also.iter())
        .map(|error| {
            let place = error.offset.or_else(|| {
                let text = e.text.as_deref()?;
                yaml::locate(text, &error.field).map(|(at, _)| at)
            });
            let one = LayerError {
                error: error.clone(),
                also: Box::default(),
                text: e.text.clone(),
                shown: e.shown.clone(),
            };
            (place.unwrap_or(0), one)
        })
        .collect();
    // In line order.
    all.sort_by_key(|(at, _)| *at);
    for (_, one) in &all {
        out.push(layer_diagnostic(one, game));
    }
    out.push(plays_under(&e.shown, at, source));
}

/// "this scenario plays under the ruleset file F", at `at`.
fn plays_under(shown: &str, at: Span, source: &Source) -> Diagnostic {
    Diagnostic::new(
        Kind::Ruleset,
        source,
        at,
        format!("this scenario plays under the ruleset file {shown}"),
        "ruleset from here",
    )
}

/// `goti mutate`'s key given the mutant's value, unless the scenario gives
/// it one of its own (`None`: not exposed, the rules as they are); an
/// exposed scenario gets the mutated rules, or `Some(None)` with a problem
/// when the mutant makes them invalid.
fn mutant(
    m: &MutantLayer,
    own: &Value,
    tree: &Value,
    header: &lower::Header,
    sc: &Scenario,
    source: &Source,
    report: &mut ScenarioReport,
) -> Option<Option<Rules>> {
    let overlaps = |k: &str| {
        k == m.key || k.starts_with(&format!("{}.", m.key)) || m.key.starts_with(&format!("{k}."))
    };
    let owned =
        layers::has_field(own, &m.key) || header.overrides.iter().any(|(k, _)| overlaps(&k.value));
    if owned {
        report.mutant = Some(Exposure::NotExposed);
        return None;
    }
    report.mutant = Some(Exposure::Exposed);
    let mut tree = tree.clone();
    let valid = crate::rules::set_path(&mut tree, &m.key, m.value.clone())
        .ok()
        .and_then(|()| Rules::from_tree(header.kind, tree).ok());
    if valid.is_none() {
        report.mutant = Some(Exposure::Invalid);
        report.problems.push(Diagnostic::new(
            Kind::Ruleset,
            source,
            sc.name.span,
            format!("under the mutant {} the rules are refused", m.key),
            "this scenario",
        ));
    }
    Some(valid)
}

/// Where a merged tree's errors belong: each to the latest layer that
/// writes its field, in line order within a file, then "this scenario plays
/// under" once per file (at the `rules file` line when the file is the
/// scenario's own); else to the override that names it, else to the
/// command line.
fn refused(
    errors: &[RulesetError],
    texts: &[(String, Arc<String>)],
    header: &lower::Header,
    sc: &Scenario,
    source: &Source,
    folder: &Path,
    out: &mut Vec<Diagnostic>,
) {
    // (layer, place in its text, error) for the errors a file writes.
    let mut in_files: Vec<(usize, usize, &RulesetError)> = Vec::new();
    let mut elsewhere = Vec::new();
    // Each file read once for its places.
    let outlines: Vec<Option<yaml::Outline>> =
        texts.iter().map(|(_, t)| yaml::outline(t).ok()).collect();
    for e in errors {
        let placed = outlines.iter().enumerate().rev().find_map(|(i, o)| {
            let (at, _) = o.as_ref()?.locate_exact(&e.field)?;
            Some((i, e.offset.unwrap_or(at), e))
        });
        match placed {
            Some(p) => in_files.push(p),
            None => elsewhere.push(e),
        }
    }
    in_files.sort_by_key(|&(i, at, _)| (std::cmp::Reverse(i), at));
    for (k, &(i, _, e)) in in_files.iter().enumerate() {
        let (shown, text) = &texts[i];
        let le = LayerError {
            error: e.clone(),
            also: Box::default(),
            text: Some(text.clone()),
            shown: shown.clone(),
        };
        out.push(layer_diagnostic(&le, header.kind));
        if in_files.get(k + 1).is_none_or(|&(j, _, _)| j != i) {
            let at = header
                .rules_file
                .as_ref()
                .filter(|f| folder.join(&f.value).display().to_string() == *shown)
                .map_or(sc.name.span, |f| f.span);
            out.push(plays_under(shown, at, source));
        }
    }
    for e in elsewhere {
        refused_outside_files(e, header, sc, source, out);
    }
}

/// A merged tree's error that no file writes: the override that names
/// it, else the command line.
fn refused_outside_files(
    e: &RulesetError,
    header: &lower::Header,
    sc: &Scenario,
    source: &Source,
    out: &mut Vec<Diagnostic>,
) {
    if header
        .overrides
        .iter()
        .any(|(k, _)| e.field.starts_with(&k.value) || k.value.starts_with(&e.field))
    {
        out.push(override_diagnostic(e, header, source));
    } else {
        out.push(command_line_diagnostic(e, sc, source));
    }
}

/// A game's rules as every command that plays them builds them, before
/// any scenario's own file: the built-in defaults, the project's ruleset
/// file (or the one standing in for it) with its whole `extends:` chain,
/// the command line's `--ruleset` files and `--set` keys. Also what they
/// came from, in words. An error names the file that cannot be used.
pub fn project_tree(
    game: GameKind,
    layers: &RuleLayers,
    root: &Path,
) -> Result<(Value, String), Error> {
    Error::of(ErrorKind::Input, || {
        // Read afresh: a call's own caches.
        let caches = RulesCaches::default();
        let mut tree = Rules::default_tree(game);
        let mut shown = Vec::new();
        let replaced = layers.instead_of_project.iter().any(|(g, _)| *g == game);
        let chosen = layers
            .project
            .iter()
            .filter(|_| !replaced)
            .map(|l| (l, Trust::Inside(root)))
            .chain(
                layers
                    .instead_of_project
                    .iter()
                    .map(|l| (l, Trust::Own(root))),
            )
            .chain(layers.command_line.iter().map(|l| (l, Trust::Own(root))));
        for ((g, src), trust) in chosen {
            if *g != game {
                continue;
            }
            let mut chain = Chain {
                seen: HashSet::new(),
                caches: &caches,
            };
            let t = resolve(src, &src.shown(), game, trust, 0, &mut chain)
                .map_err(|e| format!("the {game} ruleset file {}: {}", e.shown, e.error))?;
            layers::merge(&mut tree, t.tree);
            shown.push(src.shown());
        }
        let sets: Vec<(&str, &str)> = layers
            .sets
            .iter()
            .filter(|(k, _)| layers::has_field(&tree, k))
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        layers::set_all(&mut tree, &sets).map_err(|e| format!("--set: {e}"))?;
        for (k, v) in &sets {
            shown.push(format!("--set {k}={v}"));
        }
        Rules::from_tree(game, tree.clone()).map_err(|e| {
            format!(
                "the {game} rules ({}) are refused: {e}",
                if shown.is_empty() {
                    format!("built-in {game}")
                } else {
                    shown.join(" + ")
                }
            )
        })?;
        if shown.is_empty() {
            shown.push(format!("built-in {game}"));
        }
        Ok((tree, shown.join(" + ")))
    })
}
