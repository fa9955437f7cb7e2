//! The ruleset a scenario plays: the game's defaults, a `rules file`, and
//! `set` overrides, with diagnostics that point into the ruleset file.

use std::path::Path;

use crate::dsl::ast::Span;
use crate::dsl::lower;
use crate::runner::diagnostic::{Diagnostic, Kind, Source};
use crate::runner::position::Rules;

/// The ruleset a scenario plays: default, a `rules file`, and `set` overrides.
pub(super) fn load(
    header: &lower::Header,
    source: &Source,
    path: &Path,
    out: &mut Vec<Diagnostic>,
) -> Option<Rules> {
    let mut file_text: Option<(String, String)> = None;
    if let Some(file) = &header.rules_file {
        let full = path.parent().unwrap_or(Path::new(".")).join(&file.value);
        match std::fs::read_to_string(&full).map(|t| (full, t)) {
            Err(e) => {
                out.push(
                    Diagnostic::new(
                        Kind::Ruleset,
                        source,
                        file.span,
                        format!("cannot read ruleset file {}: {e}", file.value),
                        "file not read",
                    )
                    .help("the path is relative to the scenario file"),
                );
                return None;
            }
            Ok((full, text)) => {
                // Check the file alone first, so its errors point into the file.
                if let Err(e) = Rules::load(header.kind, Some(&text), &[]) {
                    let yaml = Source::new(full.display().to_string(), text.clone());
                    let at = e
                        .offset
                        .unwrap_or_else(|| field_offset(&text, &e.field))
                        .min(text.len());
                    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
                    out.push(
                        Diagnostic::new(
                            Kind::Ruleset,
                            &yaml,
                            Span::new(at, end),
                            format!("bad ruleset file: {e}"),
                            "here",
                        )
                        .help(format!(
                            "`goti rules {} --dump` prints a valid ruleset to start from",
                            header.kind.name()
                        )),
                    );
                    out.push(Diagnostic::new(
                        Kind::Ruleset,
                        source,
                        file.span,
                        "this scenario loads that ruleset file",
                        "loaded here",
                    ));
                    return None;
                }
                file_text = Some((full.display().to_string(), text));
            }
        }
    }
    let list: Vec<(&str, &str)> = header
        .overrides
        .iter()
        .map(|(k, v)| (k.value.as_str(), v.value.as_str()))
        .collect();
    match Rules::load(
        header.kind,
        file_text.as_ref().map(|(_, t)| t.as_str()),
        &list,
    ) {
        Ok(r) => Some(r),
        Err(e) => {
            // Point at the override whose key leads to the faulty field, else the last.
            let Some((k, v)) = header
                .overrides
                .iter()
                .rev()
                .find(|(k, _)| e.field.starts_with(&k.value) || k.value.starts_with(&e.field))
                .or(header.overrides.last())
            else {
                out.push(Diagnostic::new(
                    Kind::Ruleset,
                    source,
                    Span::default(),
                    format!("bad ruleset: {e}"),
                    "here",
                ));
                return None;
            };
            let span = if e.message.contains("no such field") {
                k.span
            } else {
                v.span
            };
            out.push(
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
                )),
            );
            None
        }
    }
}

/// Best-effort offset of a dotted field in YAML text (its last key).
fn field_offset(text: &str, field: &str) -> usize {
    let key = field
        .rsplit('.')
        .find(|k| k.parse::<usize>().is_err())
        .unwrap_or(field);
    if key.is_empty() {
        return 0;
    }
    text.find(&format!("{key}:")).unwrap_or(0)
}
