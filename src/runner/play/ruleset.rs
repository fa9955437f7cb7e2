//! The ruleset a scenario plays: the game's defaults, a `rules file`, and
//! `set` overrides. A ruleset file named in a scenario is untrusted: it must
//! be a regular file inside the project, of at most 1 MiB, is read and
//! parsed once per run, and a diagnostic about it quotes only its offending
//! line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use crate::dsl::ast::{Span, Spanned};
use crate::dsl::lower;
use crate::engine::GameKind;
use crate::rules::{yaml, RulesetError};
use crate::runner::diagnostic::{Diagnostic, Kind, Source};
use crate::runner::files::{self, MAX_RULESET_BYTES};
use crate::runner::position::Rules;

/// A ruleset file as read and parsed: its rules, or the error with the text
/// it points into.
type Parsed = Result<Rules, (RulesetError, Arc<String>)>;

/// Ruleset files already parsed in this run, by path, game and version.
type Cache = Mutex<HashMap<(PathBuf, GameKind, Option<SystemTime>, u64), Parsed>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The ruleset a scenario plays: default, a `rules file`, and `set` overrides.
pub(super) fn load(
    header: &lower::Header,
    source: &Source,
    path: &Path,
    root: Option<&Path>,
    out: &mut Vec<Diagnostic>,
) -> Option<Rules> {
    let game = header.kind;
    let base = match &header.rules_file {
        None => Rules::default_of(game),
        Some(file) => {
            let folder = path.parent().unwrap_or(Path::new("."));
            let folder = if folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                folder
            };
            let root = root.unwrap_or(folder);
            match read_and_parse(root, folder, file, game, source, out)? {
                Ok(rules) => rules,
                Err((e, text)) => {
                    out.push(file_diagnostic(&e, &text, &file.value, game, folder));
                    out.push(Diagnostic::new(
                        Kind::Ruleset,
                        source,
                        file.span,
                        "this scenario loads that ruleset file",
                        "loaded here",
                    ));
                    return None;
                }
            }
        }
    };
    let list: Vec<(&str, &str)> = header
        .overrides
        .iter()
        .map(|(k, v)| (k.value.as_str(), v.value.as_str()))
        .collect();
    match base.with_overrides(&list) {
        Ok(r) => Some(r),
        Err(e) => {
            out.push(override_diagnostic(&e, header, source));
            None
        }
    }
}

/// Reads (inside the project) and parses a ruleset file, once per run.
/// `None` when it could not be read (the diagnostic is in `out`).
fn read_and_parse(
    root: &Path,
    folder: &Path,
    file: &Spanned<String>,
    game: GameKind,
    source: &Source,
    out: &mut Vec<Diagnostic>,
) -> Option<Parsed> {
    let unread = |why: String, out: &mut Vec<Diagnostic>| {
        out.push(
            Diagnostic::new(
                Kind::Ruleset,
                source,
                file.span,
                format!("cannot use ruleset file `{}`: {why}", file.value),
                "not read",
            )
            .help("name a YAML file inside the project, relative to this scenario file"),
        );
    };
    let full = match files::resolve_inside(root, folder, &file.value) {
        Ok(full) => full,
        Err(e) => {
            unread(e.to_string(), out);
            return None;
        }
    };
    let meta = std::fs::metadata(&full).ok();
    let key = (
        full.clone(),
        game,
        meta.as_ref().and_then(|m| m.modified().ok()),
        meta.as_ref().map_or(0, |m| m.len()),
    );
    if let Some(parsed) = lock(cache()).get(&key) {
        return Some(parsed.clone());
    }
    let bytes = match files::read_limited(&full, MAX_RULESET_BYTES) {
        Ok(b) => b,
        Err(e) => {
            unread(e.to_string(), out);
            return None;
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        unread("it is not UTF-8 text".into(), out);
        return None;
    };
    let parsed = Rules::parse(game, &text).map_err(|e| (e, Arc::new(text)));
    lock(cache()).insert(key, parsed.clone());
    Some(parsed)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A ruleset file's error at its own line and column, the key underlined,
/// quoting only that line.
fn file_diagnostic(
    e: &RulesetError,
    text: &str,
    name: &str,
    game: GameKind,
    folder: &Path,
) -> Diagnostic {
    let shown = folder.join(name).display().to_string();
    let yaml = Source::line_only(shown, text.to_string());
    let (start, end) = match e.offset {
        Some(at) => {
            let at = at.min(text.len());
            let end = text[at..]
                .find(['\n', ',', '}', ']'])
                .map_or(text.len(), |n| at + n);
            (at, end.max(at))
        }
        None => yaml::locate(text, &e.field).unwrap_or((0, 0)),
    };
    Diagnostic::new(
        Kind::Ruleset,
        &yaml,
        Span::new(start, end),
        format!("bad ruleset file: {e}"),
        "here",
    )
    .help(format!(
        "`goti rules {game} --dump` prints a valid ruleset to start from"
    ))
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
