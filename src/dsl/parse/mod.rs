//! Text -> [`ScenarioFile`]. The file is split into statements (newlines and
//! `;` outside strings; `#` comments dropped), each statement is parsed with
//! the pest grammar in `grammar/scenario.pest`, and the parse tree is turned
//! into the typed AST at once, so no pest type leaves this module.

use pest::Parser;

mod build;
mod split;
pub(crate) mod suggest;

use build::Builder;
pub use split::split_statements;
use suggest::{error_pos, syntax_error, word_at};
pub use suggest::{keywords, keywords_of};

use super::ast::*;
use super::problem::Problem;
use crate::engine::GameKind;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/scenario.pest"]
struct ScenarioParser;

/// Files larger than this are refused with a diagnostic.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;
/// Statements longer than this are refused (they are never meaningful).
pub const MAX_STATEMENT_BYTES: usize = 4096;
/// Scenarios in one file.
pub const MAX_SCENARIOS: usize = 20_000;
/// Statements in one scenario.
pub const MAX_STATEMENTS: usize = 10_000;

/// Parses a whole file, collecting every syntax error.
pub fn parse_file(text: &str) -> ScenarioFile {
    let mut file = ScenarioFile::default();
    if text.len() > MAX_FILE_BYTES {
        file.errors.push(Problem {
            rule: None,
            span: Span::new(0, 0),
            message: format!(
                "the file is {} bytes; goti reads scenario files of at most {} bytes",
                text.len(),
                MAX_FILE_BYTES
            ),
            label: "file starts here".into(),
            help: Some("split the scenarios over several files".into()),
        });
        return file;
    }
    let mut orphan_reported = false;
    let (mut file_game, mut scenario_game) = (None::<GameKind>, None::<GameKind>);
    // The scenario (by count) whose statements past the limit are dropped.
    let mut cut: Option<usize> = None;
    for (start, chunk) in split_statements(text) {
        if chunk.len() > MAX_STATEMENT_BYTES {
            file.errors.push(Problem {
                rule: None,
                span: Span::new(start, start + chunk.len().min(80)),
                message: format!(
                    "this statement is {} bytes long; the limit is {MAX_STATEMENT_BYTES}",
                    chunk.len()
                ),
                label: "statement too long".into(),
                help: Some("break it into several statements".into()),
            });
            continue;
        }
        // Syntax errors speak the words of the game in play so far: the
        // scenario's `rules`, else the file's.
        let game = scenario_game.or(file_game).unwrap_or_default();
        let stmts = match parse_statement(chunk, start, game) {
            Ok(s) => s,
            Err(e) => {
                file.errors.push(e);
                // A broken `scenario` line still starts a scenario, so the
                // lines after it are not reported again as orphans.
                let starts = chunk
                    .get(..8)
                    .is_some_and(|w| w.eq_ignore_ascii_case("scenario"))
                    && chunk[8..]
                        .chars()
                        .next()
                        .is_some_and(|c| !c.is_alphanumeric() && c != '_');
                if starts {
                    scenario_game = None;
                }
                if starts && file.scenarios.len() < MAX_SCENARIOS {
                    let span = Span::new(start, start + chunk.len());
                    let raw = chunk[8..]
                        .trim_matches(|c: char| c.is_whitespace() || c == ',' || c == ':');
                    let name = raw.trim_matches(|c| matches!(c, '"' | '\u{201c}' | '\u{201d}'));
                    file.scenarios.push(Scenario {
                        name: Spanned::new(name.to_string(), span),
                        span,
                        statements: Vec::new(),
                    });
                }
                continue;
            }
        };
        for (kind, span) in stmts {
            if let Item::Stmt(StmtKind::Rules { game, .. }) = &kind {
                let named = game.value.parse::<GameKind>().ok();
                if file.scenarios.is_empty() {
                    file_game = named;
                } else {
                    scenario_game = named;
                }
            }
            if let Item::Scenario(_) = &kind {
                scenario_game = None;
            }
            match kind {
                Item::Scenario(name) => {
                    if file.scenarios.len() >= MAX_SCENARIOS {
                        file.errors.push(Problem {
                            rule: None,
                            span,
                            message: format!("a file holds at most {MAX_SCENARIOS} scenarios"),
                            label: "one scenario too many".into(),
                            help: Some("split the file".into()),
                        });
                        return file;
                    }
                    file.scenarios.push(Scenario {
                        name,
                        span,
                        statements: Vec::new(),
                    });
                }
                Item::Stmt(kind) => match (file.scenarios.len(), file.scenarios.last_mut()) {
                    // Past the limit, one problem, then statements are dropped
                    // (nothing stands in for them: no follow-on problem).
                    (n, Some(_)) if cut == Some(n) => {}
                    (n, Some(sc)) if sc.statements.len() == MAX_STATEMENTS => {
                        cut = Some(n);
                        file.errors.push(Problem {
                            rule: None,
                            span,
                            message: format!(
                                "a scenario holds at most {MAX_STATEMENTS} statements"
                            ),
                            label: "statements from here on are not read".into(),
                            help: Some("split the scenario".into()),
                        });
                    }
                    (_, Some(sc)) => sc.statements.push(Stmt { kind, span }),
                    (_, None) if kind.is_header() => file.header.push(Stmt { kind, span }),
                    (_, None) if !orphan_reported => {
                        orphan_reported = true;
                        file.errors.push(Problem {
                            rule: None,
                            span,
                            message: "only header statements may stand before the first `scenario \"NAME\"` line".into(),
                            label: "no scenario started yet".into(),
                            help: Some("a file header holds rules, mode, set, rules file, players, tags and ranked; start a scenario with `scenario \"what this shows\"` for the rest".into()),
                        });
                    }
                    (_, None) => {}
                },
            }
        }
    }
    file
}

pub(super) enum Item {
    Scenario(Spanned<String>),
    Stmt(StmtKind),
}

fn parse_statement(
    chunk: &str,
    offset: usize,
    game: GameKind,
) -> Result<Vec<(Item, Span)>, Problem> {
    let mut pairs = match ScenarioParser::parse(Rule::statement, chunk) {
        Ok(pairs) => {
            refuse_unknown_count(pairs.clone(), chunk, offset, game)?;
            pairs
        }
        Err(e) => {
            let e = broken_at_count_word(chunk).unwrap_or(e);
            let at = error_pos(&e);
            if let Some(problem) = suggest::not_a_place_word(chunk, at, offset, game) {
                return Err(problem);
            }
            // Whether a game's own word could stand where the statement
            // broke: then the game's words of that form are expected there.
            // A run of words no game names is cut and read again (only then:
            // a game's statement is parsed once).
            let first = own_statement(chunk);
            let split = match first {
                Own::Unknown(_) => split_own_words(chunk),
                _ => None,
            };
            let own = match &split {
                Some(cut) => own_statement(cut),
                None => first,
            };
            let here = match own {
                Own::Parsed(pair) => {
                    refuse_unknown_count(pair.clone().into_inner(), chunk, offset, game)?;
                    return Builder { offset }.statement(pair);
                }
                // `expect P1 credits x`: the game's word stood; what follows it did not.
                Own::Failed(own, further) if further > at && named_anywhere(word_at(chunk, at)) => {
                    let words = match tried_own_word(&own) {
                        true => suggest::own_words_at(chunk, further, game),
                        false => Vec::new(),
                    };
                    return Err(syntax_error(own, chunk, offset, game, &words));
                }
                // A place in words the grammar does not know (`in nest`):
                // where the statement broke right after its word (`in the
                // yard`), the language's own places were meant; later (`in
                // nest 3 4`), the place stood and what follows it did not.
                Own::Failed(own, further) if after_in_or_on(chunk, at) => {
                    let taken = chunk.get(at..further).unwrap_or("").trim_end();
                    if further > at && taken != suggest::word_at(chunk, at) {
                        return Err(syntax_error(own, chunk, offset, game, &[]));
                    }
                    false
                }
                Own::Failed(own, further) => {
                    further > at || (further == at && tried_own_word(&own))
                }
                Own::Unknown(first) => first == at,
            };
            let words = match here {
                true => suggest::own_words_at(chunk, at, game),
                false => Vec::new(),
            };
            return Err(syntax_error(e, chunk, offset, game, &words));
        }
    };
    let stmt = pairs.next().and_then(|p| p.into_inner().next());
    let Some(pair) = stmt else {
        return Err(Problem {
            rule: None,
            span: Span::new(offset, offset + chunk.len()),
            message: "empty statement".into(),
            label: "here".into(),
            help: None,
        });
    };
    let b = Builder { offset };
    b.statement(pair)
}

/// Where a statement breaks at a word that stands where a count may (after
/// a player) and is no game's count, piece or keyword (`P1 crdits 2`,
/// `P1 queen on 4`): the grammar's count is any word, so it breaks after
/// the word (`2` is no place); parsed again with such words made to start
/// with a digit, it breaks at the word, as it does at any word it refuses.
/// That error, when it is at such a word; positions stay (same length).
fn broken_at_count_word(chunk: &str) -> Option<pest::error::Error<Rule>> {
    let is_player = |w: &str| {
        w.len() > 1
            && w.as_bytes()[0].eq_ignore_ascii_case(&b'p')
            && w[1..].bytes().all(|b| b.is_ascii_digit())
    };
    let is_piece = |w: &str| {
        let w = w.to_ascii_lowercase();
        w == "k"
            || w == "king"
            || (w.len() > 1 && w.starts_with('g') && w[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    let mut at = Vec::new();
    let mut after_player = false;
    let mut start = None;
    for (i, c) in chunk
        .char_indices()
        .chain(std::iter::once((chunk.len(), ' ')))
    {
        let ends = c.is_whitespace() || matches!(c, ',' | ':' | ';');
        match (start, ends) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let w = &chunk[s..i];
                if after_player
                    && w.bytes().all(|b| b.is_ascii_alphabetic())
                    && !is_piece(w)
                    && !keywords().contains(&w.to_ascii_lowercase().as_str())
                    && !counted_anywhere(w)
                {
                    at.push(s);
                }
                after_player = is_player(w);
                start = None;
            }
            _ => {}
        }
        if matches!(c, ',' | ':' | ';') {
            after_player = false;
        }
    }
    if at.is_empty() {
        return None;
    }
    let mut refused = chunk.to_string();
    for &s in &at {
        refused.replace_range(s..s + 1, "0");
    }
    let e = ScenarioParser::parse(Rule::statement, &refused).err()?;
    at.contains(&error_pos(&e)).then_some(e)
}

/// A count word no game has (`P1 queen on 4`) is the syntax error any word
/// the grammar refuses there is: the statement is parsed again with the
/// word's first letter made a digit (no piece or count starts with one, so
/// the grammar breaks there), and the error is told with the word as written.
fn refuse_unknown_count(
    pairs: pest::iterators::Pairs<Rule>,
    chunk: &str,
    offset: usize,
    game: GameKind,
) -> Result<(), Problem> {
    let Some(at) = pairs
        .flatten()
        .find(|p| p.as_rule() == Rule::count && !counted_anywhere(p.as_str()))
        .map(|p| p.as_span().start())
    else {
        return Ok(());
    };
    let mut refused = chunk.to_string();
    refused.replace_range(at..at + 1, "0");
    let e = match ScenarioParser::parse(Rule::statement, &refused) {
        Err(e) => e,
        // Not reached: the grammar reads no statement with a digit there.
        Ok(_) => pest::error::Error::new_from_pos(
            pest::error::ErrorVariant::ParsingError {
                positives: vec![Rule::piece, Rule::count],
                negatives: vec![],
            },
            pest::Position::new(chunk, at).expect("a count starts inside its statement"),
        ),
    };
    let own = suggest::own_words_at(chunk, at, game);
    Err(syntax_error(e, chunk, offset, game, &own))
}

/// What the grammar of a game's own words (`own_statement`) makes of a
/// statement that `statement` did not parse.
enum Own<'a> {
    /// In words some game's vocabulary names (`P1 credits 2`).
    Parsed(pest::iterators::Pair<'a, Rule>),
    /// In its shape, but this word (at this offset) is no game's.
    Unknown(usize),
    /// Not in its shape: the error and how far it got.
    Failed(pest::error::Error<Rule>, usize),
}

fn own_statement(chunk: &str) -> Own<'_> {
    let pair = match ScenarioParser::parse(Rule::own_statement, chunk) {
        Ok(mut pairs) => pairs.next().and_then(|p| p.into_inner().next()),
        Err(e) => {
            let at = error_pos(&e);
            return Own::Failed(e, at);
        }
    };
    let Some(pair) = pair else {
        return Own::Unknown(0);
    };
    // Every word the grammar did not know is one a game's vocabulary names.
    let unknown = pair
        .clone()
        .into_inner()
        .flatten()
        .filter(|p| matches!(p.as_rule(), Rule::own_words | Rule::own_item))
        .find(|word| !named_anywhere(&build::own_text(word)));
    match unknown {
        Some(word) => Own::Unknown(word.as_span().start()),
        None => Own::Parsed(pair),
    }
}

/// The statement with each game's word that no game names cut after its
/// longest part that some game does (`credits x` is `credits` and `x`),
/// so that what follows a word is judged as what follows it: the gap
/// after that part becomes `\r`, white space to the statement but the end
/// of a game's word (offsets unchanged). `None` where no word needs it.
fn split_own_words(chunk: &str) -> Option<String> {
    let pair = ScenarioParser::parse(Rule::own_statement, chunk)
        .ok()?
        .next()?;
    // No game's word is longer than the longest (bounded work however
    // many words a statement strings together).
    let longest = GameKind::ALL
        .iter()
        .flat_map(|g| g.vocabulary().words)
        .map(|w| w.text().split(' ').count())
        .max()
        .unwrap_or(1);
    let mut cuts = Vec::new();
    for words in pair.into_inner().flatten() {
        if words.as_rule() != Rule::own_words || named_anywhere(&build::own_text(&words)) {
            continue;
        }
        let parts: Vec<_> = words.into_inner().collect();
        let known = (1..parts.len().min(longest + 1)).rev().find(|&k| {
            let text: Vec<String> = parts[..k]
                .iter()
                .map(|w| w.as_str().to_ascii_lowercase())
                .collect();
            named_anywhere(&text.join(" "))
        });
        if let Some(k) = known {
            cuts.push(parts[k - 1].as_span().end());
        }
    }
    if cuts.is_empty() {
        return None;
    }
    let mut out = chunk.to_string();
    for at in cuts {
        out.replace_range(at..at + 1, "\r");
    }
    Some(out)
}

/// Whether the word at `at` follows `in` or `on`: it stands where a place
/// does.
pub(super) fn after_in_or_on(chunk: &str, at: usize) -> bool {
    let before = chunk
        .get(..at)
        .unwrap_or(chunk)
        .trim_end()
        .to_ascii_lowercase();
    let last = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("");
    last == "in" || last == "on"
}

/// Whether some game's vocabulary names `word` (`Word::Named`).
fn named_anywhere(word: &str) -> bool {
    GameKind::ALL
        .iter()
        .any(|g| g.vocabulary().named(word).is_some())
}

/// Whether some game counts with `word` (royal's `pair`).
fn counted_anywhere(word: &str) -> bool {
    GameKind::ALL
        .iter()
        .any(|g| g.vocabulary().count_named(word).is_some())
}

/// Whether a game's own word was among what `own_statement` would have
/// taken where it failed (`legal: enter | G1`: an action, so `enter` too).
fn tried_own_word(e: &pest::error::Error<Rule>) -> bool {
    matches!(&e.variant, pest::error::ErrorVariant::ParsingError { positives, .. }
        if positives.contains(&Rule::own_word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brief_line_parses() {
        let f = parse_file("scenario \"merge\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battle 20\n");
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let s = &f.scenarios[0];
        assert_eq!(s.statements.len(), 6);
        assert!(matches!(s.statements[3].kind, StmtKind::Action(_)));
    }

    #[test]
    fn every_error_is_reported() {
        let f = parse_file("scenario \"x\"\nmvoe G1 3\nP1 G1 on\nexpect P1 G1 on 3, P1 battle x\n");
        assert_eq!(f.errors.len(), 3, "{:?}", f.errors);
        assert_eq!(f.errors[0].help.as_deref(), Some("did you mean `move`?"));
    }

    #[test]
    fn suggestions_only_among_what_could_stand_there() {
        let f = parse_file("scenario \"x\"\nP1 G1 on 30; move G1 5 forward, move G1 4 forward\nexpect no winer\nexpect winer P1\n");
        assert_eq!(f.errors.len(), 3, "{:?}", f.errors);
        // `move` is a word of the language, only misplaced: no `mode`.
        assert_eq!(
            f.errors[0].help.as_deref(),
            Some("`move` starts a statement of its own: put it on a new line, or after `;`")
        );
        // After `expect no`, `winer` is close to `winner`; never `to` for `no`.
        assert_eq!(f.errors[1].help.as_deref(), Some("did you mean `winner`?"));
        assert_eq!(f.errors[2].help.as_deref(), Some("did you mean `winner`?"));
    }

    fn first_error(text: &str) -> (String, Option<String>) {
        let f = parse_file(text);
        let e = f
            .errors
            .first()
            .unwrap_or_else(|| panic!("no error in {text:?}"));
        (e.message.clone(), e.help.clone())
    }

    #[test]
    fn royal_suggestions_are_royal_words() {
        // Royal's pieces are in the Yard: portal's `base`, maedn's `goal`
        // and portal's `toilet` are not offered.
        let (message, _) = first_error("scenario \"x\"\nexpect P2 G1 in the yard\n");
        assert_eq!(message, "unexpected `the`: expected `yard`");
        // `legal` is every game's (ROYAL.md section 10): offered in royal.
        let (message, help) = first_error("scenario \"x\"\nexpect legla: next turn\n");
        assert!(message.contains("`legal`"), "{message}");
        assert_eq!(help.as_deref(), Some("did you mean `legal`?"));
        // `battel` is royal's `battle`.
        let (_, help) = first_error("scenario \"x\"\nexpect P1 battel 20\n");
        assert_eq!(help.as_deref(), Some("did you mean `battle`?"));
    }

    #[test]
    fn portal_suggestions_are_portal_words() {
        let (message, _) = first_error("rules portal\nscenario \"x\"\nP1 G1 on 40 pst\n");
        assert_eq!(
            message,
            "unexpected `pst`: expected `steps N` or the end of the statement"
        );
        let (message, _) = first_error("rules portal\nscenario \"x\"\nexpect P2 G1 in the base\n");
        assert!(
            message.contains("`base`") && message.contains("`toilet`"),
            "{message}"
        );
        // (`in yard` is every game's word for a piece not yet in play.)
        assert!(!message.contains("`goal`"), "{message}");
        let (_, help) = first_error("rules portal\nscenario \"x\"\nexpect P1 tokns 3\n");
        assert_eq!(help.as_deref(), Some("did you mean `tokens`?"));
    }

    #[test]
    fn maedn_suggestions_are_maedn_words() {
        let (message, help) = first_error("rules maedn\nscenario \"x\"\nexpect legla: pass\n");
        assert!(
            message.contains("`legal`") && !message.contains("`burned`"),
            "{message}"
        );
        assert_eq!(help.as_deref(), Some("did you mean `legal`?"));
        // A scenario's own `rules` decides for its statements.
        let (_, help) = first_error("scenario \"x\"\nrules maedn\nexpect retruns 1 -1\n");
        assert_eq!(help.as_deref(), Some("did you mean `returns`?"));
        let (message, _) = first_error("rules maedn\nscenario \"x\"\nexpect P2 G1 in the base\n");
        assert!(
            message.contains("`base`") && message.contains("`goal`"),
            "{message}"
        );
        assert!(!message.contains("`toilet`"), "{message}");
    }

    #[test]
    fn a_place_in_words_the_grammar_does_not_know_parses_for_the_rules_to_resolve() {
        let f = parse_file(
            "rules race\nscenario \"x\"\nP1 G1 in nest, P1 G2 ON Den 3\nexpect P1 G2 in den 3, P1 G1 in nest\n",
        );
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let places: Vec<PlaceAst> = f.scenarios[0]
            .statements
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Place(p) => Some(p.place.value.clone()),
                StmtKind::Expect(Expectation::Piece {
                    check:
                        crate::dsl::ast::Spanned {
                            value: PieceCheck::Place(p),
                            ..
                        },
                    ..
                }) => Some(p.clone()),
                _ => None,
            })
            .collect();
        let named = |by: &str, word: &str, number| {
            PlaceAst::Named(crate::dsl::ast::NamedPlace {
                by: by.into(),
                word: word.into(),
                number,
                spot: None,
            })
        };
        assert_eq!(
            places,
            [
                named("in", "nest", None),
                named("on", "den", Some(3)),
                named("in", "den", Some(3)),
                named("in", "nest", None),
            ]
        );
        // The language's own places keep their messages.
        let (message, _) = first_error("rules race\nscenario \"x\"\nP1 G1 in nest 3 4\n");
        assert!(message.contains("unexpected `4`"), "{message}");
    }

    #[test]
    fn splitter_keeps_strings_and_drops_comments() {
        let parts = split_statements("scenario \"a;b\" # note; here\nroll 1 2 3;next turn");
        let texts: Vec<&str> = parts.iter().map(|p| p.1).collect();
        assert_eq!(texts, vec!["scenario \"a;b\"", "roll 1 2 3", "next turn"]);
    }
}
