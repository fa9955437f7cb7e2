//! The answers of `goti lsp`, each from a document's [`Analysis`]: the
//! diagnostics, hovers, completions, definitions, inlay hints, code actions,
//! code lenses, formatting and symbols.

use std::path::{Path, PathBuf};

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeLens, Command, CompletionItem,
    CompletionItemKind, CompletionResponse, DiagnosticRelatedInformation, DiagnosticSeverity,
    DocumentSymbol, DocumentSymbolResponse, GotoDefinitionResponse, Hover, HoverContents,
    InlayHint, InlayHintLabel, Location, MarkupContent, MarkupKind, NumberOrString, Position,
    Range, SymbolKind, TextEdit, Url, WorkspaceEdit,
};

use super::analysis::{self, Analysis, Change};
use super::text::{word_at, LineIndex};
use super::Document;
use crate::engine::GameKind;
use crate::runner::{self, Diagnostic};

/// The document's diagnostics as the editor shows them: those of `goti
/// check` (or, once played, of `goti run`), same code, span and help.
pub fn diagnostics(doc: &Document) -> Vec<lsp_types::Diagnostic> {
    let index = LineIndex::new(&doc.text);
    let mut out: Vec<lsp_types::Diagnostic> = doc
        .analysis
        .diagnostics()
        .map(|d| to_lsp(doc, &index, d))
        .collect();
    if let Some(problem) = &doc.context.problem {
        out.insert(0, plain(Range::default(), "goti::project", problem.clone()));
    }
    out
}

fn plain(range: Range, code: &str, message: String) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range,
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(code.into())),
        source: Some("goti".into()),
        message,
        ..Default::default()
    }
}

/// The code `goti check` prints: the rule ID where a rule decided it.
pub fn code_of(d: &Diagnostic) -> String {
    d.rule
        .map_or_else(|| d.kind.name().to_string(), |r| r.0.to_string())
}

fn to_lsp(doc: &Document, index: &LineIndex, d: &Diagnostic) -> lsp_types::Diagnostic {
    let mut message = d.to_string();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let here = d.source.name == doc.path.display().to_string();
    if here {
        let range = index.range(&doc.text, d.span.start, d.span.end);
        return lsp_types::Diagnostic {
            range,
            ..plain(range, &code_of(d), message)
        };
    }
    // A problem of another file (a `rules file`): shown on the statement
    // that names it, with where it is in that file.
    let (line, col) = d.source.line_col(d.span.start);
    let at = rules_file_statement(&doc.text)
        .map_or(Range::default(), |(s, e)| index.range(&doc.text, s, e));
    let related = Url::from_file_path(absolute(&d.source.name))
        .ok()
        .map(|uri| {
            let p = Position::new(line.saturating_sub(1) as u32, col.saturating_sub(1) as u32);
            vec![DiagnosticRelatedInformation {
                location: Location::new(uri, Range::new(p, p)),
                message: d.label.clone(),
            }]
        });
    lsp_types::Diagnostic {
        related_information: related,
        ..plain(
            at,
            &code_of(d),
            format!("{}:{line}:{col}: {message}", d.source.name),
        )
    }
}

fn absolute(name: &str) -> PathBuf {
    let p = PathBuf::from(name);
    if p.is_absolute() {
        p
    } else {
        std::env::current_dir().map_or(p.clone(), |c| c.join(p))
    }
}

/// The byte range of the first `rules file "..."` statement's path.
fn rules_file_statement(text: &str) -> Option<(usize, usize)> {
    let re = regex::Regex::new(r#"(?im)^[ \t]*rules[ \t]+file[ \t]+"([^"\n]*)""#).ok()?;
    let m = re.captures(text)?.get(1)?;
    Some((m.start(), m.end()))
}

/// The 0-based line of the rulebook clause that defines `id` (`` - `id` ``).
pub fn rule_line(text: &str, id: &str) -> Option<usize> {
    let tick = format!("`{id}`");
    text.lines()
        .position(|l| l.trim_start().starts_with(&format!("- {tick}")))
        .or_else(|| text.lines().position(|l| l.contains(&tick)))
}

/// The hover at `pos`: a rule ID's text, a piece's place before and after
/// the line's step, or what a tile is and what stands on it.
pub fn hover(doc: &Document, pos: Position) -> Option<Hover> {
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(&doc.text, pos);
    let (start, end, word) = word_at(&doc.text, offset)?;
    let line = index.line_of(start) + 1;
    let game = doc.analysis.game_at(line);
    let markdown = if let Some((own, family)) = doc.analysis.named_rule_at(line, word) {
        // A description's own name for a rule: its text, and the family's
        // rule it names (the rulebook's clause).
        let mut out = format!(
            "**`{}`** ({game}): {}\n\nThe description's name for `{family}`.",
            own.id, own.text
        );
        let (name, text) = runner::position::rulebook(game);
        if let Some(l) = rule_line(text, family) {
            out.push_str(&format!("\n\n{name}:{}: {}", l + 1, clause_at(text, l)));
        }
        out
    } else if let Some(rule) = game.rule(word) {
        rule_hover(game, rule.0)
    } else if let Some(piece) = analysis::piece_word(word) {
        piece_hover(doc, line, start, &piece)?
    } else if let Ok(tile) = word.parse::<u8>() {
        tile_hover(doc, line, start, tile, game)?
    } else if word.eq_ignore_ascii_case("legal") || word.eq_ignore_ascii_case("perft") {
        // ROYAL.md §10, PORTAL.md §8, MAEDN.md §3: counted here.
        let legal = doc.analysis.legal_by(line)?;
        format!("**What the rules allow here**\n\n{legal}")
    } else {
        // A game's own word: its forms, or whose word it is; a word of
        // several (`roll again`) from any of its words.
        let whole = several_around(&doc.text, start, end).unwrap_or(word);
        own_word_hover(game, whole)?
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(index.range(&doc.text, start, end)),
    })
}

/// The game's word of several words (`roll again`, `seats side`) that the
/// word at `start..end` of `text` is part of, as the line writes it.
fn several_around(text: &str, start: usize, end: usize) -> Option<&'static str> {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let before: Vec<&str> = text[line_start..start].split_whitespace().collect();
    let after: Vec<&str> = text[end..line_end].split_whitespace().collect();
    let word = &text[start..end];
    GameKind::ALL
        .iter()
        .flat_map(|g| g.vocabulary().words)
        .map(|w| w.text())
        .filter(|w| w.contains(' '))
        .find(|w| {
            let parts: Vec<&str> = w.split(' ').collect();
            parts.iter().enumerate().any(|(i, part)| {
                let (lead, rest) = (&parts[..i], &parts[i + 1..]);
                part.eq_ignore_ascii_case(word)
                    && before.len() >= lead.len()
                    && after.len() >= rest.len()
                    && before[before.len() - lead.len()..]
                        .iter()
                        .zip(lead)
                        .chain(after.iter().zip(rest))
                        .all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
        })
}

/// A game's own word (`Word::Named`): how it is written, from the game's
/// phrases; in another game's scenario, whose word it is.
fn own_word_hover(game: GameKind, word: &str) -> Option<String> {
    let Some(w) = game.vocabulary().named(word) else {
        let owner = GameKind::ALL
            .iter()
            .find(|g| g.vocabulary().named(word).is_some())?;
        return Some(format!(
            "**`{}`** is a word of {owner}'s own; this scenario plays {game}",
            word.to_ascii_lowercase()
        ));
    };
    let mut out = format!("**`{}`**, a word of {game}'s own, written", w.text());
    for p in game.vocabulary().phrases.iter().filter(|p| p.word == w) {
        out.push_str(&format!("\n- `{}` ({})", p.example, p.at.name()));
    }
    Some(out)
}

fn rule_hover(game: GameKind, id: &str) -> String {
    let info = game.catalogue().iter().find(|r| r.id.0 == id);
    let mut out = format!("**`{id}`** ({game})");
    if let Some(info) = info {
        out.push_str(&format!(": {}", info.text));
    }
    let (name, text) = runner::position::rulebook(game);
    if let Some(l) = rule_line(text, id) {
        out.push_str(&format!("\n\n{name}:{}: {}", l + 1, clause_at(text, l)));
    }
    out
}

/// The whole clause that starts on line `l` of a rulebook: that line and
/// the lines that continue it (indented, up to a blank line, a heading or
/// the next list item), joined into one paragraph.
fn clause_at(text: &str, l: usize) -> String {
    let mut lines = text.lines().skip(l);
    let mut clause = lines.next().unwrap_or("").trim().to_string();
    for next in lines {
        let t = next.trim_start();
        let continues =
            !t.is_empty() && !t.starts_with('#') && !t.starts_with("- ") && next.starts_with(' ');
        if !continues {
            break;
        }
        clause.push(' ');
        clause.push_str(t.trim_end());
    }
    clause
}

/// The player a piece on this line belongs to: the `P2` just before it,
/// else the player to move before the line's step.
fn player_before(doc: &Document, start: usize, before: Option<&str>) -> Option<String> {
    let line_start = doc.text[..start].rfind('\n').map_or(0, |i| i + 1);
    let words: Vec<&str> = doc.text[line_start..start].split_whitespace().collect();
    if let Some(p) = words
        .last()
        .and_then(|w| analysis::player_word(w.trim_end_matches(':')))
    {
        return Some(p);
    }
    // `P2: move G1 3`.
    if let Some(p) = words
        .first()
        .filter(|w| w.ends_with(':'))
        .and_then(|w| analysis::player_word(w.trim_end_matches(':')))
    {
        return Some(p);
    }
    before.and_then(analysis::turn_of)
}

fn piece_hover(doc: &Document, line: usize, start: usize, piece: &str) -> Option<String> {
    let a = &doc.analysis;
    if let Some(states) = a.states_at(line) {
        let player = player_before(doc, start, states.before.or(Some(states.after)))?;
        let after = analysis::place_of(states.after, &player, piece);
        let before = states
            .before
            .and_then(|b| analysis::place_of(b, &player, piece));
        let show = |p: Option<String>| p.unwrap_or_else(|| "not in the game".into());
        return Some(match states.before {
            Some(_) => format!(
                "**{player} {piece}**\n\nbefore: {}\n\nafter: {}",
                show(before),
                show(after)
            ),
            None => format!("**{player} {piece}**\n\nset up: {}", show(after)),
        });
    }
    let state = a.state_by(line)?;
    let player = player_before(doc, start, Some(state))?;
    let place = analysis::place_of(state, &player, piece)?;
    Some(format!("**{player} {piece}**\n\nnow: {place}"))
}

fn tile_hover(
    doc: &Document,
    line: usize,
    start: usize,
    tile: u8,
    game: GameKind,
) -> Option<String> {
    // A tile number follows `on` or `tile`.
    let line_start = doc.text[..start].rfind('\n').map_or(0, |i| i + 1);
    let prev = doc.text[line_start..start].split_whitespace().last()?;
    if !prev.eq_ignore_ascii_case("on") && !prev.eq_ignore_ascii_case("tile") {
        return None;
    }
    let rules = doc
        .analysis
        .rules_at(line, &doc.context)
        .unwrap_or_else(|| runner::position::Rules::default_of(game));
    let fields = game.vocabulary().fields(rules.ring());
    if !fields.contains(&(tile as i64)) {
        return Some(format!(
            "**tile {tile}**: not on the {game} ring ({}-{})",
            fields.start(),
            fields.end()
        ));
    }
    let words = rules.tile_words(tile);
    let mut out = format!(
        "**tile {tile}**: {}",
        if words.is_empty() {
            "a plain tile".to_string()
        } else {
            words.join(", ")
        }
    );
    let state = doc
        .analysis
        .states_at(line)
        .map(|s| s.after)
        .or_else(|| doc.analysis.state_by(line));
    if let Some(state) = state {
        let on = analysis::pieces_on(state, tile);
        out.push_str(&format!(
            "\n\nstanding there: {}",
            if on.is_empty() {
                "nobody".to_string()
            } else {
                on.join(", ")
            }
        ));
    }
    Some(out)
}

impl Analysis {
    /// The rules of the scenario at `line`, as the project gives them
    /// (without the scenario's own `set`s).
    pub fn rules_at(
        &self,
        line: usize,
        context: &super::analysis::Context,
    ) -> Option<runner::position::Rules> {
        let game = self.scenario_at(line)?.game;
        let root = context.root.clone().unwrap_or_else(|| PathBuf::from("."));
        let (tree, _) = runner::play::ruleset::project_tree(game, &context.layers, &root).ok()?;
        runner::position::Rules::from_tree(game, tree).ok()
    }
}

/// What can stand at `pos`: rule IDs in `expect illegal(`, after `applied`;
/// ruleset keys with their values after `set`; else the game's keywords,
/// pieces and players.
pub fn completion(doc: &Document, pos: Position) -> CompletionResponse {
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(&doc.text, pos);
    let line_start = doc.text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = doc.text[line_start..offset].to_ascii_lowercase();
    let statement = before.rsplit(';').next().unwrap_or("").trim_start();
    let line = index.line_of(offset) + 1;
    let game = doc.analysis.game_at(line);
    // Each item replaces the whole word under the cursor, dots and dashes
    // included: completing `move.e|` gives `move.exact-home`, never
    // `move.emove.exact-home` or a word left behind after the cursor.
    let is_word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    let word_start = doc.text[..offset]
        .rfind(|c: char| !is_word(c))
        .map_or(0, |i| i + 1);
    let word_end = doc.text[offset..]
        .find(|c: char| !is_word(c))
        .map_or(doc.text.len(), |i| offset + i);
    let range = index.range(&doc.text, word_start, word_end);
    let item = |label: String, kind, detail: Option<String>| CompletionItem {
        filter_text: Some(label.clone()),
        text_edit: Some(lsp_types::CompletionTextEdit::Edit(TextEdit::new(
            range,
            label.clone(),
        ))),
        label,
        kind: Some(kind),
        detail,
        ..Default::default()
    };
    let ends_with_word = |w: &str| {
        let t =
            statement.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-');
        t.trim_end().ends_with(w)
    };
    if ends_with_word("illegal(") || ends_with_word("applied") {
        // The scenario's rules' own names where a description gives them.
        let catalogue = doc
            .analysis
            .catalogue_at(line)
            .unwrap_or_else(|| game.catalogue());
        return CompletionResponse::Array(
            catalogue
                .iter()
                .map(|r| {
                    item(
                        r.id.0.to_string(),
                        CompletionItemKind::CONSTANT,
                        Some(r.text.to_string()),
                    )
                })
                .collect(),
        );
    }
    if ends_with_word(" in") {
        // After `in`: the places of the scenario's rules, in their words.
        return CompletionResponse::Array(
            doc.analysis
                .place_words_at(line)
                .into_iter()
                .map(|w| item(w, CompletionItemKind::KEYWORD, Some("a place".into())))
                .collect(),
        );
    }
    if let Some(items) = legal_completion(doc, &index, offset, line_start, line) {
        return CompletionResponse::Array(items);
    }
    if statement.starts_with("set ") && !statement.contains('=') {
        let tree = rules_tree(doc, game);
        return CompletionResponse::Array(
            tree.into_iter()
                .map(|(k, v)| CompletionItem {
                    text_edit: Some(lsp_types::CompletionTextEdit::Edit(TextEdit::new(
                        range,
                        format!("{k} = {v}"),
                    ))),
                    ..item(k, CompletionItemKind::PROPERTY, Some(format!("now {v}")))
                })
                .collect(),
        );
    }
    let v = game.vocabulary();
    let mut items: Vec<CompletionItem> = crate::dsl::keywords_of(game)
        .iter()
        .map(|k| item(k.to_string(), CompletionItemKind::KEYWORD, None))
        .collect();
    items.extend((1..=v.pieces).map(|n| {
        item(
            format!("G{n}"),
            CompletionItemKind::VALUE,
            Some(v.piece_word.to_string()),
        )
    }));
    items.extend((1..=4).map(|n| {
        item(
            format!("P{n}"),
            CompletionItemKind::VALUE,
            Some("player".into()),
        )
    }));
    CompletionResponse::Array(items)
}

/// After `expect legal:` (or a `|` in its list): the actions the rules
/// allow there, in scenario syntax, less those already listed; each
/// replaces what was typed of it since the `:` or `|`.
fn legal_completion(
    doc: &Document,
    index: &LineIndex,
    offset: usize,
    line_start: usize,
    line: usize,
) -> Option<Vec<CompletionItem>> {
    let before = &doc.text[line_start..offset];
    let lower = before.to_ascii_lowercase();
    let at = lower.find("legal:")?;
    if !lower[..at].trim_start().starts_with("expect") {
        return None;
    }
    let list_start = at + "legal:".len();
    let typed_from = before
        .rfind('|')
        .map_or(list_start, |i| i + 1)
        .max(list_start);
    let typed_from =
        typed_from + (before[typed_from..].len() - before[typed_from..].trim_start().len());
    let listed: Vec<String> = before[list_start..typed_from]
        .split('|')
        .map(|a| a.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let range = index.range(&doc.text, line_start + typed_from, offset);
    // The line being typed rarely parses yet: the position is the one the
    // document reaches with that line left blank, played now.
    let line_end = doc.text[offset..]
        .find('\n')
        .map_or(doc.text.len(), |i| offset + i);
    let mut blanked = doc.text.clone();
    blanked.replace_range(line_start..line_end, "");
    let played = analysis::analyse(&doc.path, &blanked, &doc.context, true);
    let items: Vec<CompletionItem> = played
        .actions_by(line)
        .iter()
        .filter(|a| !listed.iter().any(|l| l.eq_ignore_ascii_case(a)))
        .map(|a| CompletionItem {
            label: a.clone(),
            kind: Some(CompletionItemKind::VALUE),
            detail: Some("legal here".into()),
            filter_text: Some(a.clone()),
            text_edit: Some(lsp_types::CompletionTextEdit::Edit(TextEdit::new(
                range,
                a.clone(),
            ))),
            ..Default::default()
        })
        .collect();
    Some(items)
}

/// Every leaf of a ruleset as `dotted.key` and its value in YAML.
fn rules_tree(doc: &Document, game: GameKind) -> Vec<(String, String)> {
    let root = doc
        .context
        .root
        .clone()
        .unwrap_or_else(|| PathBuf::from("."));
    let tree = runner::play::ruleset::project_tree(game, &doc.context.layers, &root)
        .map_or_else(|_| runner::position::Rules::default_tree(game), |(t, _)| t);
    let mut out = Vec::new();
    crate::rules::leaves(&tree, String::new(), &mut out);
    out
}

/// Go to definition: a rule ID goes to its clause in the rulebook goti
/// ships (written once to a folder of goti's own under the temporary
/// folder); `rules file "PATH"` goes to that file.
pub fn definition(doc: &Document, pos: Position) -> Option<GotoDefinitionResponse> {
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(&doc.text, pos);
    if let Some((s, e)) = rules_file_statement(&doc.text) {
        if (s..=e).contains(&offset) {
            let dir = doc.path.parent().unwrap_or(Path::new("."));
            let file = absolute(&dir.join(&doc.text[s..e]).display().to_string());
            let uri = Url::from_file_path(file).ok()?;
            return Some(GotoDefinitionResponse::Scalar(Location::new(
                uri,
                Range::default(),
            )));
        }
    }
    let (start, _, word) = word_at(&doc.text, offset)?;
    let game = doc.analysis.game_at(index.line_of(start) + 1);
    let rule = game.rule(word)?;
    let (name, text) = runner::position::rulebook(game);
    let line = rule_line(text, rule.0)? as u32;
    let file = rulebook_file(name, text)?;
    let uri = Url::from_file_path(file).ok()?;
    let at = Position::new(line, 0);
    Some(GotoDefinitionResponse::Scalar(Location::new(
        uri,
        Range::new(at, at),
    )))
}

/// The rulebook as a file the editor can open: written into a folder of
/// this server's own, made fresh with a random name and readable by this
/// user only (0700), so no other local user can plant the file
/// first as they could in a predictable shared folder.
fn rulebook_file(name: &str, text: &str) -> Option<PathBuf> {
    static DIR: std::sync::OnceLock<Option<tempfile::TempDir>> = std::sync::OnceLock::new();
    let dir = DIR
        .get_or_init(|| {
            use std::os::unix::fs::PermissionsExt;
            tempfile::Builder::new()
                .prefix("goti-rules-")
                .permissions(std::fs::Permissions::from_mode(0o700))
                .tempdir()
                .ok()
        })
        .as_ref()?
        .path();
    let file = dir.join(name);
    if std::fs::read_to_string(&file).ok().as_deref() != Some(text) {
        runner::snapshot::write_atomic(&file, text.as_bytes()).ok()?;
    }
    Some(file)
}

/// After each line with an action, what it changed.
pub fn inlay_hints(doc: &Document, range: Range) -> Vec<InlayHint> {
    let index = LineIndex::new(&doc.text);
    let mut out = Vec::new();
    // A file being typed almost always has a broken line, and a file that
    // does not parse plays nothing: the lines before the first broken
    // statement are played on their own, so their hints stay.
    let before_break;
    let analysis = match first_break(doc) {
        Some(at) => {
            before_break = analysis::analyse(&doc.path, &doc.text[..at], &doc.context, true);
            &before_break
        }
        None => &doc.analysis,
    };
    for line in range.start.line..=range.end.line.min(index.lines() as u32) {
        let Some(states) = analysis.states_at(line as usize + 1) else {
            continue;
        };
        // The set-up line states the position; hints show what moved.
        let Some(before) = states.before else {
            continue;
        };
        let changes = analysis::what_happened(Some(before), states.after);
        let mut label: Vec<String> = changes.iter().map(Change::short).collect();
        if states.outcome != "applied" && !states.outcome.is_empty() {
            label.insert(0, states.outcome.to_string());
        }
        if label.is_empty() {
            continue;
        }
        let (start, end) = index.line_span(&doc.text, line as usize);
        let end = statement_end(&doc.text, start, end);
        out.push(InlayHint {
            position: index.position(&doc.text, end),
            label: InlayHintLabel::String(format!("=> {}", label.join(", "))),
            kind: None,
            text_edits: None,
            tooltip: None,
            padding_left: Some(true),
            padding_right: None,
            data: None,
        });
    }
    out
}

/// Where the line of the file's first syntax error starts, when the file
/// does not parse.
fn first_break(doc: &Document) -> Option<usize> {
    let at = doc
        .analysis
        .diagnostics()
        .filter(|d| d.kind == runner::Kind::Syntax)
        .map(|d| d.span.start)
        .min()?;
    let at = at.min(doc.text.len());
    Some(doc.text[..at].rfind('\n').map_or(0, |i| i + 1))
}

/// Where a line's statement text ends: before a `#` comment outside a string.
fn statement_end(text: &str, start: usize, end: usize) -> usize {
    let mut in_string = false;
    for (i, c) in text[start..end].char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return start + text[start..start + i].trim_end().len(),
            _ => {}
        }
    }
    end
}

/// "Expect what happened": on a line with an action, the expectations of
/// its observed outcome, inserted after it and marked for review. Only
/// expectations that hold when played are offered.
pub fn code_actions(doc: &Document, uri: &Url, range: Range) -> Vec<CodeActionOrCommand> {
    let line = range.start.line as usize;
    let Some(states) = doc.analysis.states_at(line + 1) else {
        return vec![];
    };
    let Some(before) = states.before else {
        return vec![];
    };
    let index = LineIndex::new(&doc.text);
    let (start, end) = index.line_span(&doc.text, line);
    // Only what the scenario does not state already (after this line, up
    // to the next scenario).
    let stated = stated_after(&doc.text[end..]);
    let game = doc.analysis.game_at(line + 1);
    let lines: Vec<String> = analysis::what_happened(Some(before), states.after)
        .iter()
        .filter_map(|c| c.expectation(game))
        .filter(|l| !stated.contains(&normal(l)))
        .collect();
    if lines.is_empty() {
        return vec![];
    }
    let indent: String = doc.text[start..end]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let kept = holding(doc, end, &indent, &lines);
    if kept.is_empty() {
        return vec![];
    }
    let insert = insertion(&indent, &kept);
    let at = index.position(&doc.text, end);
    let edit = WorkspaceEdit {
        changes: Some([(uri.clone(), vec![TextEdit::new(Range::new(at, at), insert)])].into()),
        ..Default::default()
    };
    vec![CodeActionOrCommand::CodeAction(CodeAction {
        title: format!(
            "expect what happened ({} expectation(s), check them against the rules)",
            kept.len()
        ),
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(edit),
        ..Default::default()
    })]
}

/// A statement as compared: lower case, one space between words.
fn normal(statement: &str) -> String {
    statement
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

/// The statements of `rest` (the text after an action's line) up to the
/// next scenario, each [`normal`]; comments left out.
fn stated_after(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in rest.lines() {
        let code = line.split('#').next().unwrap_or("");
        if normal(code).starts_with("scenario ") {
            break;
        }
        out.extend(code.split(';').map(normal).filter(|s| !s.is_empty()));
    }
    out
}

fn insertion(indent: &str, lines: &[String]) -> String {
    let mut out = format!("\n{indent}# observed by goti: check against the rules before keeping");
    for l in lines {
        out.push_str(&format!("\n{indent}{l}"));
    }
    out
}

/// The expectations of `lines` that hold: the document played with them
/// inserted at `at`, and those that gave a problem left out.
fn holding(doc: &Document, at: usize, indent: &str, lines: &[String]) -> Vec<String> {
    let mut text = doc.text.clone();
    let insert = insertion(indent, lines);
    text.insert_str(at, &insert);
    let played = analysis::analyse(&doc.path, &text, &doc.context, true);
    let index = LineIndex::new(&doc.text);
    let first = index.line_of(at) + 3; // 1-based line of the first expectation
    let source = runner::Source::new("", text.as_str());
    let bad: Vec<usize> = played
        .diagnostics()
        .map(|d| source.line_of(d.span.start))
        .collect();
    lines
        .iter()
        .enumerate()
        .filter(|(i, _)| !bad.contains(&(first + i)))
        .map(|(_, l)| l.clone())
        .collect()
}

/// Per scenario: run it (its result in the title), and accept its pending
/// snapshots when `goti run` left any.
pub fn code_lenses(doc: &Document, uri: &Url) -> Vec<CodeLens> {
    let mut out = Vec::new();
    for sc in &doc.analysis.report.scenarios {
        let at = Position::new(sc.line.saturating_sub(1) as u32, 0);
        let range = Range::new(at, at);
        let title = if sc.passed() {
            "▶ run scenario: passed".to_string()
        } else {
            format!("▶ run scenario: {} problem(s)", sc.problems.len())
        };
        out.push(CodeLens {
            range,
            command: Some(Command::new(
                title,
                super::RUN_COMMAND.into(),
                Some(vec![uri.as_str().into(), sc.name.clone().into()]),
            )),
            data: None,
        });
        let pending: Vec<serde_json::Value> = sc
            .snapshots
            .iter()
            .map(|s| runner::snapshot::pending_of(&s.path))
            .filter(|p| p.is_file())
            .map(|p| p.display().to_string().into())
            .collect();
        if !pending.is_empty() {
            let n = pending.len();
            let mut args = vec![serde_json::Value::from(uri.as_str())];
            args.extend(pending);
            out.push(CodeLens {
                range,
                command: Some(Command::new(
                    format!("accept {n} pending snapshot(s)"),
                    super::ACCEPT_COMMAND.into(),
                    Some(args),
                )),
                data: None,
            });
        }
    }
    out
}

/// `goti.run`: a scenario's (or the file's) result, as the message shows it.
pub fn run_result(doc: &Document, name: Option<&str>) -> serde_json::Value {
    let scenarios: Vec<_> = doc
        .analysis
        .report
        .scenarios
        .iter()
        .filter(|s| name.is_none_or(|n| s.name == n))
        .collect();
    if scenarios.is_empty() {
        return serde_json::json!({"ok": false, "message": format!("goti: no scenario {}", name.unwrap_or(""))});
    }
    let failed: Vec<String> = scenarios
        .iter()
        .filter(|s| !s.passed())
        .map(|s| {
            let first = s
                .problems
                .first()
                .map(|d| d.message.clone())
                .unwrap_or_default();
            format!("scenario \"{}\" (line {}) failed: {first}", s.name, s.line)
        })
        .collect();
    let ok = failed.is_empty() && doc.analysis.report.file_problems.is_empty();
    let message = if ok {
        format!("goti: {} scenario(s) passed", scenarios.len())
    } else if failed.is_empty() {
        "goti: the file has problems".to_string()
    } else {
        format!("goti: {}", failed.join("; "))
    };
    serde_json::json!({"ok": ok, "message": message, "failed": failed.len()})
}

/// `goti.accept`: keeps the pending snapshots named (refused under `CI`,
/// as `goti accept` is; only `.snap.new` files of this document's
/// scenarios).
pub fn accept(doc: Option<&Document>, files: &[PathBuf]) -> serde_json::Value {
    if runner::in_ci() {
        return serde_json::json!({"ok": false, "message": "goti: the CI variable is set: goti writes no snapshot in CI"});
    }
    let Some(doc) = doc else {
        return serde_json::json!({"ok": false, "message": "goti: that document is not open"});
    };
    let ours: Vec<PathBuf> = doc
        .analysis
        .report
        .scenarios
        .iter()
        .flat_map(|s| {
            s.snapshots
                .iter()
                .map(|s| runner::snapshot::pending_of(&s.path))
        })
        .collect();
    let mut accepted = Vec::new();
    for f in files {
        if !ours.contains(f) || !runner::snapshot::is_pending_snapshot(f) {
            return serde_json::json!({"ok": false, "message": format!("goti: {} is not a pending snapshot of this file", f.display())});
        }
        match runner::snapshot::accept(f) {
            Ok(target) => accepted.push(target.display().to_string()),
            Err(e) => {
                return serde_json::json!({"ok": false, "message": format!("goti: cannot accept {}: {e}", f.display())})
            }
        }
    }
    serde_json::json!({"ok": true, "message": format!("goti: accepted {}", accepted.join(", "))})
}

/// The document laid out by `goti fmt` (no edit when it already is).
pub fn formatting(doc: &Document) -> Vec<TextEdit> {
    let formatted = crate::dsl::format::format(&doc.text);
    if formatted == doc.text {
        return vec![];
    }
    let index = LineIndex::new(&doc.text);
    vec![TextEdit::new(
        index.range(&doc.text, 0, doc.text.len()),
        formatted,
    )]
}

/// One symbol per scenario, from its line to the next scenario's.
pub fn symbols(doc: &Document) -> DocumentSymbolResponse {
    let index = LineIndex::new(&doc.text);
    let scenarios = &doc.analysis.report.scenarios;
    let last = index.lines().saturating_sub(1) as u32;
    #[allow(deprecated)]
    let symbols = scenarios
        .iter()
        .enumerate()
        .map(|(i, sc)| {
            let start = Position::new(sc.line.saturating_sub(1) as u32, 0);
            let end_line = scenarios
                .get(i + 1)
                .map_or(last, |n| n.line.saturating_sub(2) as u32);
            let end = Position::new(end_line.max(start.line), 0);
            DocumentSymbol {
                name: sc.name.clone(),
                detail: Some(sc.game.name().to_string()),
                kind: SymbolKind::FUNCTION,
                tags: None,
                deprecated: None,
                range: Range::new(start, end),
                selection_range: Range::new(start, start),
                children: None,
            }
        })
        .collect();
    DocumentSymbolResponse::Nested(symbols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_own_word_hovers_with_its_forms() {
        assert_eq!(
            own_word_hover(GameKind::Royal, "Credits").as_deref(),
            Some(
                "**`credits`**, a word of royal's own, written\n\
                 - `P1 credits 2` (a set-up fact)\n\
                 - `expect P1 credits 2` (an expectation)"
            )
        );
        assert_eq!(
            own_word_hover(GameKind::Portal, "exit").as_deref(),
            Some("**`exit`** is a word of royal's own; this scenario plays portal")
        );
        assert_eq!(own_word_hover(GameKind::Royal, "move"), None);
    }

    /// A word of several words hovers from any of them, as the line
    /// writes it; a word alone that is only a part is none.
    #[test]
    fn a_word_of_several_is_found_from_any_part() {
        let text = "rules portal\nexpect ROLL again\nroll 6 1\n";
        let at = |w: &str, from: usize| {
            let start = text[from..].find(w).unwrap() + from;
            several_around(text, start, start + w.len())
        };
        assert_eq!(at("ROLL", 0), Some("roll again"));
        assert_eq!(at("again", 0), Some("roll again"));
        assert_eq!(at("roll", 20), None, "`roll 6 1` is an action");
        assert_eq!(
            own_word_hover(GameKind::Portal, "roll again").as_deref(),
            Some("**`roll again`**, a word of portal's own, written\n- `expect roll again` (an expectation)")
        );
    }

    #[test]
    fn a_rule_hover_carries_its_whole_clause() {
        let h = rule_hover(GameKind::Royal, "move.exact-home");
        assert!(
            h.ends_with(
                "- `move.exact-home` a piece cannot move past Home: if any piece's total (King \
                 included), counted along its path as if nothing blocked it, would overshoot \
                 Home, the whole move is illegal. [house]"
            ),
            "{h}"
        );
        // Every rule of every game: its clause ends a sentence (or a [house] mark).
        for &game in GameKind::ALL {
            for r in game.catalogue() {
                let h = rule_hover(game, r.id.0);
                let last = h.lines().last().unwrap_or("");
                assert!(
                    [".", "]", ")", ":", "`"]
                        .iter()
                        .any(|e| last.trim_end().ends_with(e)),
                    "{game} {}: {last}",
                    r.id.0
                );
            }
        }
    }
}
