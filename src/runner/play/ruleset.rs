//! The ruleset a scenario plays, in layers merged key by key, later wins:
//! the game's built-in defaults, the project's ruleset file (`goti.yaml`),
//! the scenario's `rules file` (its own or its file header's), the command
//! line's `--ruleset`, the `set` overrides of the header and the scenario,
//! then the command line's `--set`. A ruleset file may be partial: `extends:
//! royal` (or another file) plus only the keys that differ.
//!
//! Files named inside scenario and ruleset files are untrusted: a regular
//! file of at most 1 MiB inside the project, links resolved. Each file is
//! read and checked once per run; a diagnostic about one quotes only its
//! offending line, with the key underlined.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use serde_yaml::Value;

use super::ScenarioReport;
use crate::dsl::ast::{Scenario, Span, Spanned};
use crate::dsl::lower;
use crate::engine::GameKind;
use crate::rules::{layers, yaml, RulesetError};
use crate::runner::diagnostic::{Diagnostic, Kind, Source};
use crate::runner::files::{self, MAX_RULESET_BYTES};
use crate::runner::position::Rules;
use crate::runner::RunOptions;

/// Where a ruleset layer comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LayerSource {
    /// A file in the working tree.
    File(PathBuf),
    /// A file's text from elsewhere (a git revision), shown under `name`.
    Text { name: String, text: Arc<String> },
}

impl LayerSource {
    fn shown(&self) -> String {
        match self {
            LayerSource::File(p) => p.display().to_string(),
            LayerSource::Text { name, .. } => name.clone(),
        }
    }
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
}

/// A layer that could not be used: the error, and the text it points into.
#[derive(Clone, Debug)]
struct LayerError {
    error: RulesetError,
    /// The file's text (only for a file that was read as a ruleset).
    text: Option<Arc<String>>,
    shown: String,
}

/// A resolved layer: its tree, and the texts of the files it came from
/// (shown name, text), to place an error found after merging.
type Tree = (Value, Vec<(String, Arc<String>)>);

type Resolved = Result<Tree, LayerError>;

/// Layers already resolved in this run, by source, version and game.
type Cache = Mutex<HashMap<(LayerSource, Option<SystemTime>, u64, GameKind), Resolved>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rules already built in this run, by everything that made them.
type RulesCache = Mutex<HashMap<String, (Rules, Vec<String>)>>;

fn rules_cache() -> &'static RulesCache {
    static CACHE: OnceLock<RulesCache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// What decides a scenario's rules, as a key: the game, every layer with
/// its file's version, the overrides. `None` when a file cannot be stated
/// (it is then read and reported as usual).
fn rules_key(
    game: GameKind,
    header: &lower::Header,
    folder: &Path,
    root: &Path,
    opts: &RunOptions,
) -> Option<String> {
    use std::fmt::Write;
    let version = |p: &Path| {
        let m = std::fs::metadata(p).ok()?;
        Some(format!(
            "{}:{:?}:{}",
            p.display(),
            m.modified().ok()?,
            m.len()
        ))
    };
    let source = |src: &LayerSource| match src {
        LayerSource::File(p) => version(p),
        LayerSource::Text { name, text } => Some(format!("{name}:{}", text.len()) + text),
    };
    let mut key = format!("{game}|{}|", root.display());
    for (g, src) in opts
        .layers
        .project
        .iter()
        .chain(&opts.layers.instead_of_project)
        .chain(&opts.layers.command_line)
    {
        write!(key, "{g}={}|", source(src)?).ok();
    }
    if let Some(f) = &header.rules_file {
        // Files it extends are part of its resolved tree, cached by version too.
        write!(key, "file={}|", version(&folder.join(&f.value))?).ok();
    }
    for (k, v) in &header.overrides {
        write!(key, "set {}={}|", k.value, v.value).ok();
    }
    for (k, v) in &opts.layers.sets {
        write!(key, "cli {k}={v}|").ok();
    }
    Some(key)
}

/// How a layer's file may be read.
#[derive(Clone, Copy)]
enum Trust<'a> {
    /// Named inside a file: inside this project folder only.
    Inside(&'a Path),
    /// Typed on the command line: the user's own.
    Own,
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
    let out = &mut report.problems;
    let no_layers = opts.layers.project.is_empty()
        && opts.layers.instead_of_project.is_empty()
        && opts.layers.command_line.is_empty()
        && opts.layers.sets.is_empty();
    if header.rules_file.is_none() && header.overrides.is_empty() && no_layers {
        return Some(Rules::default_of(game));
    }
    // The same layers give the same rules: built once per run.
    let key = rules_key(game, header, folder, root, opts);
    if let Some(key) = &key {
        if let Some((rules, applied)) = lock(rules_cache()).get(key) {
            report.sets_applied = applied.clone();
            return Some(rules.clone());
        }
    }
    // The layers' texts, latest last, to place a validation error.
    let mut texts: Vec<(String, Arc<String>)> = Vec::new();
    let mut tree = Rules::default_tree(game);
    let layer_failed = |e: LayerError, at: Span, out: &mut Vec<Diagnostic>| {
        out.push(layer_diagnostic(&e, game));
        out.push(Diagnostic::new(
            Kind::Ruleset,
            source,
            at,
            format!("this scenario plays under the ruleset file {}", e.shown),
            "ruleset from here",
        ));
    };
    // The project's file of this game, or the one typed to stand in for it.
    let replaced = opts
        .layers
        .instead_of_project
        .iter()
        .any(|(g, _)| *g == game);
    let project_layers = opts
        .layers
        .project
        .iter()
        .filter(|_| !replaced)
        .map(|l| (l, Trust::Inside(root)))
        .chain(
            opts.layers
                .instead_of_project
                .iter()
                .map(|l| (l, Trust::Own)),
        );
    for ((g, src), trust) in project_layers {
        if *g == game {
            match resolve(src, &src.shown(), game, trust, 0, &mut HashSet::new()) {
                Ok((t, mut x)) => {
                    layers::merge(&mut tree, t);
                    texts.append(&mut x);
                }
                Err(e) => {
                    layer_failed(e, sc.name.span, out);
                    return None;
                }
            }
        }
    }
    if let Some(file) = &header.rules_file {
        let src = match files::resolve_inside(root, folder, &file.value) {
            Ok(full) => LayerSource::File(full),
            Err(e) => {
                out.push(unread(file, &e.to_string(), source));
                return None;
            }
        };
        let shown = folder.join(&file.value).display().to_string();
        match resolve(
            &src,
            &shown,
            game,
            Trust::Inside(root),
            0,
            &mut HashSet::new(),
        ) {
            Ok((t, mut x)) => {
                layers::merge(&mut tree, t);
                texts.append(&mut x);
            }
            Err(e) => {
                layer_failed(e, file.span, out);
                return None;
            }
        }
    }
    for (g, src) in &opts.layers.command_line {
        if *g == game {
            match resolve(src, &src.shown(), game, Trust::Own, 0, &mut HashSet::new()) {
                Ok((t, mut x)) => {
                    layers::merge(&mut tree, t);
                    texts.append(&mut x);
                }
                Err(e) => {
                    layer_failed(e, sc.name.span, out);
                    return None;
                }
            }
        }
    }
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
    match Rules::from_tree(game, tree) {
        Ok(r) => {
            if let Some(key) = key {
                lock(rules_cache()).insert(key, (r.clone(), report.sets_applied.clone()));
            }
            Some(r)
        }
        Err(e) => {
            // The latest layer that writes the field, else the override that names it.
            let in_file = texts
                .iter()
                .rev()
                .find(|(_, t)| yaml::locate_exact(t, &e.field).is_some());
            if let Some((shown, text)) = in_file {
                let le = LayerError {
                    error: e.clone(),
                    text: Some(text.clone()),
                    shown: shown.clone(),
                };
                // At the `rules file` line when the file is the scenario's own.
                let at = header
                    .rules_file
                    .as_ref()
                    .filter(|f| folder.join(&f.value).display().to_string() == *shown)
                    .map_or(sc.name.span, |f| f.span);
                layer_failed(le, at, out);
            } else if header
                .overrides
                .iter()
                .any(|(k, _)| e.field.starts_with(&k.value) || k.value.starts_with(&e.field))
            {
                out.push(override_diagnostic(&e, header, source));
            } else {
                out.push(command_line_diagnostic(&e, sc, source));
            }
            None
        }
    }
}

/// Reads, checks and resolves one ruleset layer (its `extends` chain
/// first) into a tree to merge; once per run per file version.
fn resolve(
    src: &LayerSource,
    shown: &str,
    game: GameKind,
    trust: Trust,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
) -> Resolved {
    let shown = shown.to_string();
    let fail = |error: RulesetError, text: Option<Arc<String>>| LayerError {
        error,
        text,
        shown: shown.clone(),
    };
    let plain = |message: String| RulesetError {
        field: String::new(),
        message,
        offset: None,
        unknown_field: false,
    };
    if depth > 8 {
        return Err(fail(
            plain("`extends` goes more than 8 files deep".into()),
            None,
        ));
    }
    let (key, text) = match src {
        LayerSource::File(path) => {
            if !seen.insert(path.clone()) {
                return Err(fail(
                    plain("`extends` comes back to this file (a cycle)".into()),
                    None,
                ));
            }
            let meta = std::fs::metadata(path).ok();
            let key = (
                src.clone(),
                meta.as_ref().and_then(|m| m.modified().ok()),
                meta.as_ref().map_or(0, |m| m.len()),
                game,
            );
            if let Some(hit) = lock(cache()).get(&key) {
                return hit.clone();
            }
            let bytes = match trust {
                Trust::Inside(root) => {
                    let folder = path.parent().unwrap_or(Path::new("."));
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    files::read_inside(root, folder, &name, MAX_RULESET_BYTES).map(|(_, b)| b)
                }
                Trust::Own => files::read_limited(path, MAX_RULESET_BYTES),
            };
            let bytes = bytes.map_err(|e| fail(plain(format!("cannot use it: {e}")), None))?;
            let text = String::from_utf8(bytes)
                .map_err(|_| fail(plain("it is not UTF-8 text".into()), None))?;
            (Some(key), Arc::new(text))
        }
        LayerSource::Text { text, .. } => (None, text.clone()),
    };
    let resolved =
        resolve_text(&text, src, &shown, game, trust, depth, seen).map_err(|error| LayerError {
            error,
            text: Some(text.clone()),
            shown: shown.clone(),
        });
    let resolved = match resolved {
        Ok((tree, mut texts)) => {
            texts.push((shown.clone(), text.clone()));
            Ok((tree, texts))
        }
        Err(e) => Err(e),
    };
    if let Some(key) = key {
        lock(cache()).insert(key, resolved.clone());
    }
    resolved
}

/// A layer's text checked (shape, syntax, game, keys) and its `extends`
/// resolved: the tree to merge.
fn resolve_text(
    text: &str,
    src: &LayerSource,
    shown: &str,
    game: GameKind,
    trust: Trust,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
) -> Result<Tree, RulesetError> {
    let layer = layers::read_layer(text)?;
    if let Some(name) = &layer.name {
        if !name.eq_ignore_ascii_case(game.name()) {
            return Err(RulesetError {
                field: "name".into(),
                message: format!("this ruleset file is for `{name}`; the scenario plays {game}"),
                offset: None,
                unknown_field: false,
            });
        }
    }
    Rules::check_keys(game, &layer.tree)?;
    let mut texts = Vec::new();
    let mut tree = match &layer.extends {
        None => Value::Mapping(Default::default()),
        Some(name) => match name.parse::<GameKind>() {
            Ok(g) if g == game => Rules::default_tree(game),
            Ok(g) => {
                return Err(RulesetError {
                    field: "extends".into(),
                    message: format!("this ruleset file extends {g}; the scenario plays {game}"),
                    offset: None,
                    unknown_field: false,
                })
            }
            Err(_) => {
                let base = match src {
                    LayerSource::File(p) => p.parent().unwrap_or(Path::new(".")).to_path_buf(),
                    LayerSource::Text { .. } => PathBuf::from("."),
                };
                let target = match trust {
                    Trust::Inside(root) => files::resolve_inside(root, &base, name),
                    Trust::Own => base
                        .join(name)
                        .canonicalize()
                        .map_err(|_| files::ReadError::Missing),
                };
                let target = target.map_err(|e| RulesetError {
                    field: "extends".into(),
                    message: format!("cannot extend `{name}`: {e}"),
                    offset: None,
                    unknown_field: false,
                })?;
                let shown_dir = Path::new(shown).parent().unwrap_or(Path::new(""));
                let target_shown = shown_dir.join(name).display().to_string();
                match resolve(
                    &LayerSource::File(target),
                    &target_shown,
                    game,
                    trust,
                    depth + 1,
                    seen,
                ) {
                    Ok((t, mut x)) => {
                        texts.append(&mut x);
                        t
                    }
                    Err(e) => {
                        return Err(RulesetError {
                            field: "extends".into(),
                            message: format!(
                                "the file it extends, {}, is not usable: {}",
                                e.shown, e.error
                            ),
                            offset: None,
                            unknown_field: false,
                        })
                    }
                }
            }
        },
    };
    layers::merge(&mut tree, layer.tree);
    Ok((tree, texts))
}

/// A `rules file` that could not be read, at the line that names it.
fn unread(file: &Spanned<String>, why: &str, source: &Source) -> Diagnostic {
    Diagnostic::new(
        Kind::Ruleset,
        source,
        file.span,
        format!("cannot use ruleset file `{}`: {why}", file.value),
        "not read",
    )
    .help("name a YAML file inside the project, relative to this scenario file")
}

/// A ruleset layer's error at its own line and column, the key underlined,
/// quoting only that line (or, for a file that was not read, nothing of it).
fn layer_diagnostic(e: &LayerError, game: GameKind) -> Diagnostic {
    let help = format!("`goti rules {game} --dump` prints a valid ruleset to start from");
    let Some(text) = &e.text else {
        let source = Source::line_only(e.shown.clone(), String::new());
        return Diagnostic::new(
            Kind::Ruleset,
            &source,
            Span::default(),
            format!("bad ruleset file {}: {}", e.shown, e.error),
            "not read",
        )
        .help(help);
    };
    let yaml = Source::line_only(e.shown.clone(), text.to_string());
    let (start, end) = match e.error.offset {
        Some(at) => {
            let at = at.min(text.len());
            let end = text[at..]
                .find(['\n', ',', '}', ']'])
                .map_or(text.len(), |n| at + n);
            (at, end.max(at))
        }
        None => yaml::locate(text, &e.error.field).unwrap_or((0, 0)),
    };
    Diagnostic::new(
        Kind::Ruleset,
        &yaml,
        Span::new(start, end),
        format!("bad ruleset file: {}", e.error),
        "here",
    )
    .help(help)
}

/// A `set KEY = VALUE` that the ruleset refuses, at that override.
fn override_diagnostic(e: &RulesetError, header: &lower::Header, source: &Source) -> Diagnostic {
    // The override whose key leads to the faulty field, else the last.
    let Some((k, v)) = header
        .overrides
        .iter()
        .rev()
        .find(|(k, _)| e.field.starts_with(&k.value) || k.value.starts_with(&e.field))
        .or(header.overrides.last())
    else {
        unreachable!("an override error comes from some `set`: {e}")
    };
    let span = if e.unknown_field { k.span } else { v.span };
    Diagnostic::new(
        Kind::Ruleset,
        source,
        span,
        format!("bad ruleset override: {e}"),
        "this override",
    )
    .help(format!(
        "`goti rules {} --dump` shows every field and its value",
        header.kind.name()
    ))
}

/// A command-line `--set` (or `--ruleset`) that this scenario's ruleset refuses.
fn command_line_diagnostic(e: &RulesetError, sc: &Scenario, source: &Source) -> Diagnostic {
    Diagnostic::new(
        Kind::Ruleset,
        source,
        sc.name.span,
        format!("the rules given on the command line do not hold for this scenario: {e}"),
        "this scenario",
    )
    .help("`goti rules GAME --dump` shows every field and its value")
}
