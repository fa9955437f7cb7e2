//! The diagnostics of ruleset layers: a file that cannot be read, a layer
//! that fails, an override or a `--set` the game refuses.

use super::*;

/// A `rules file` that could not be read, at the line that names it.
pub(super) fn unread(file: &Spanned<String>, why: &str, source: &Source) -> Diagnostic {
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
pub(super) fn layer_diagnostic(e: &LayerError, game: GameKind) -> Diagnostic {
    let help = format!("`goti rules --game {game} --dump` prints a valid ruleset to start from");
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
pub(super) fn override_diagnostic(
    e: &RulesetError,
    header: &lower::Header,
    source: &Source,
) -> Diagnostic {
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
        "`goti rules --game {} --dump` shows every field and its value",
        header.kind.name()
    ))
}

/// A command-line `--set` (or `--ruleset`) that this scenario's ruleset refuses.
pub(super) fn command_line_diagnostic(
    e: &RulesetError,
    sc: &Scenario,
    source: &Source,
) -> Diagnostic {
    Diagnostic::new(
        Kind::Ruleset,
        source,
        sc.name.span,
        format!("the rules given on the command line do not hold for this scenario: {e}"),
        "this scenario",
    )
    .help("`goti rules --game GAME --dump` shows every field and its value")
}
