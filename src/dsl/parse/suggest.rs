//! Syntax errors in the language's own words: what was expected, generated
//! from the grammar's rules, and a "did you mean" when a word is close to one
//! of the language's.

use super::Rule;
use crate::dsl::ast::Span;
use crate::dsl::problem::{join_or, Problem};
use crate::engine::vocabulary::{place_word, PhraseAt};
use crate::engine::{GameKind, Word};

/// The grammar, whose case-insensitive literals are the language's keywords.
const GRAMMAR: &str = include_str!("../../../grammar/scenario.pest");

/// Every keyword of the language, of every game: the grammar's own
/// case-insensitive literals (`^"expect"`) of two letters or more, the
/// games' names and their own words. One list, kept by the grammar itself, for the formatter,
/// the suggestions and editor support (a new word in the grammar is a
/// keyword everywhere at once).
pub fn keywords() -> &'static [&'static str] {
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut out: Vec<&'static str> = Vec::new();
        let mut rest: &'static str = GRAMMAR;
        while let Some(i) = rest.find("^\"") {
            let after = &rest[i + 2..];
            let Some(j) = after.find('"') else { break };
            let word = &after[..j];
            if word.len() >= 2 && word.chars().all(|c| c.is_ascii_alphabetic()) {
                out.push(word);
            }
            rest = &after[j + 1..];
        }
        out.extend(crate::engine::GameKind::ALL.iter().map(|g| g.name()));
        // Every game's place words and the names of its spots (`yard`,
        // `toilet`, `pit`), which the grammar does not know either.
        out.extend(
            GameKind::ALL
                .iter()
                .flat_map(|g| place_tokens(g.vocabulary())),
        );
        // Every game's modes (`journey`, `clash`) and counts (`solo`,
        // `pair`), which the grammar does not know.
        out.extend(
            GameKind::ALL
                .iter()
                .flat_map(|g| named_words(g.vocabulary())),
        );
        // Every game's own words (`Word::Named`), which the grammar does not know.
        out.extend(
            crate::engine::GameKind::ALL
                .iter()
                .flat_map(|g| g.vocabulary().words.iter())
                .filter_map(|w| match w {
                    Word::Named(text) => Some(text.split(' ')),
                    _ => None,
                })
                .flatten(),
        );
        out.sort_unstable();
        out.dedup();
        out
    })
}

/// The words of `game`'s language from the grammar's keyword list: every
/// keyword but those only other games have, and the game's own words the
/// grammar does not know (`Word::Named`).
pub fn keywords_of(game: GameKind) -> &'static [&'static str] {
    static BY_GAME: [std::sync::OnceLock<Vec<&'static str>>; GameKind::ALL.len()] =
        [const { std::sync::OnceLock::new() }; GameKind::ALL.len()];
    BY_GAME[game.index()].get_or_init(|| game_keywords(game))
}

fn game_keywords(game: GameKind) -> Vec<&'static str> {
    let v = game.vocabulary();
    let tokens = |w: Word| -> Vec<&'static str> {
        w.text()
            .split(['/', ' '])
            .filter(|t| t.len() > 1 && t.chars().all(|c| c.is_ascii_lowercase()))
            .collect()
    };
    let ours: Vec<&str> = v
        .words
        .iter()
        .flat_map(|w| tokens(*w))
        .chain(place_tokens(v))
        .chain(named_words(v))
        .collect();
    let common = ["on", "in", "turn", "roll", "home"];
    // Other games' words and places, unless this game has the word too.
    let foreign: Vec<&str> = Word::ALL
        .iter()
        .filter(|w| !v.allows(**w))
        .chain(GameKind::ALL.iter().flat_map(|g| g.vocabulary().words))
        .flat_map(|w| tokens(*w))
        .chain(
            GameKind::ALL
                .iter()
                .flat_map(|g| place_tokens(g.vocabulary())),
        )
        .chain(
            GameKind::ALL
                .iter()
                .flat_map(|g| named_words(g.vocabulary())),
        )
        .filter(|t| !ours.contains(t) && !common.contains(t))
        .collect();
    let mut out: Vec<&'static str> = keywords()
        .iter()
        .copied()
        .filter(|k| !foreign.contains(k))
        .filter(|k| GameKind::ALL.iter().all(|g| g.name() != *k) || *k == game.name())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A game's modes and counts (`journey`, `solo`), which only its
/// vocabulary names.
fn named_words(v: &crate::engine::Vocabulary) -> impl Iterator<Item = &'static str> + '_ {
    v.modes.iter().chain(v.counts).copied()
}

/// A game's place words and the names of its spots that are words
/// (`yard`, `home`; `base`, `lane`, `toilet`, `pit`).
fn place_tokens(v: &crate::engine::Vocabulary) -> impl Iterator<Item = &'static str> + '_ {
    let spots = v.aside.iter().flat_map(|a| a.spots.iter().copied());
    v.place_phrases()
        .into_iter()
        .map(place_word)
        .chain(spots)
        .filter(|t| t.len() > 1 && t.chars().all(|c| c.is_ascii_lowercase()))
}

/// A place's word after `on` or `in`, in the game's words: "`yard`,
/// `home` or `toilet`".
fn place_words(game: GameKind) -> String {
    let words: Vec<String> = game
        .vocabulary()
        .place_phrases()
        .iter()
        .map(|p| format!("`{}`", place_word(p)))
        .collect();
    join_or(&words)
}

/// `in the yard`: the statement broke on a word where a place's number or
/// the end stood, right after the word that follows `in` or `on` and is
/// none of the game's place words; that word is the unexpected one, and the
/// game's place words written with that `in` or `on` were expected.
pub(super) fn not_a_place_word(
    chunk: &str,
    at: usize,
    offset: usize,
    game: GameKind,
) -> Option<Problem> {
    let next = word_at(chunk, at);
    if !next.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let before = chunk.get(..at)?.trim_end();
    let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &before[start..];
    if !super::after_in_or_on(chunk, start) || !word.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    let by = before[..start]
        .trim_end()
        .rsplit(char::is_whitespace)
        .next()?
        .to_ascii_lowercase();
    let phrases = game.vocabulary().place_phrases();
    if phrases
        .iter()
        .any(|p| place_word(p).eq_ignore_ascii_case(word))
    {
        return None;
    }
    let mine: Vec<&str> = phrases
        .iter()
        .filter(|p| p.split(' ').next() == Some(by.as_str()))
        .map(|p| place_word(p))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let listed: Vec<String> = mine.iter().map(|w| format!("`{w}`")).collect();
    let help = match crate::closest::closest(word, mine.iter().copied()) {
        Some(w) => Some(format!("did you mean `{w}`?")),
        None => mine
            .iter()
            .find(|w| w.eq_ignore_ascii_case(next))
            .map(|w| format!("did you mean `{by} {w}`?")),
    };
    Some(Problem {
        rule: None,
        span: Span::new(offset + start, offset + start + word.len()),
        message: format!("unexpected `{word}`: expected {}", join_or(&listed)),
        label: "not understood".into(),
        help,
    })
}

/// The spots of a place aside: "`pit`, `W1`, `W2` or `W3`".
fn spots(aside: &crate::engine::Aside) -> String {
    let names: Vec<String> = aside.spots.iter().map(|s| format!("`{s}`")).collect();
    join_or(&names)
}

/// The words that start an action or an expectation.
const STARTERS: &[&str] = &[
    "move", "roll", "exit", "enter", "expect", "snapshot", "turn",
];

fn describe(rule: &Rule, game: GameKind) -> Option<String> {
    Some(
        match rule {
            Rule::int | Rule::signed => "a number",
            Rule::player => "a player (P1-P4)",
            Rule::piece | Rule::guard | Rule::king | Rule::kw_king | Rule::kw_k
                if game.vocabulary().allows(Word::King) =>
            {
                "a piece (`G1`, `G2`, ... or `king`)"
            }
            Rule::piece | Rule::guard | Rule::king | Rule::kw_king | Rule::kw_k => {
                "a piece (`G1`, `G2`, ...)"
            }
            Rule::count => {
                let counts = game.vocabulary().counts;
                if counts.is_empty() {
                    return None;
                }
                let counts: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
                return Some(join_or(&counts));
            }
            Rule::place => {
                let v = game.vocabulary();
                return Some(format!(
                    "a place (`on 23`, `{} 2`, `home`, `{}`)",
                    v.path_phrase, v.yard_phrase
                ));
            }
            Rule::direction => "`forward` or `backward`",
            Rule::string => "a quoted name",
            Rule::word => "a word (letters, digits, `-` or `_`)",
            Rule::rule_id => "a rule ID such as `capture.merge`",
            Rule::mode_name => {
                let modes: Vec<String> = game
                    .vocabulary()
                    .modes
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect();
                return Some(if modes.is_empty() {
                    "a mode's name".to_string()
                } else {
                    join_or(&modes)
                });
            }
            Rule::modifier if game.vocabulary().allows(Word::Midpoint) => {
                "`past midpoint`, `before midpoint` or `steps N`"
            }
            Rule::modifier => "`steps N`",
            Rule::rolls => "rolls such as `4` or `3+4`",
            Rule::clause => "a piece and its rolls (`G1 3+4`)",
            Rule::EOI => "the end of the statement",
            Rule::tile_group => "a player and pieces (`P1 G1 G2`)",
            Rule::legal_actions => "an action (`move G1 3`, `next turn`, ...)",
            Rule::legal_item if !game.vocabulary().moves_need_rolls => "a piece",
            Rule::kw_empty => "`empty`",
            Rule::kw_midpoint => "`midpoint`",
            Rule::kw_turn => "`turn`",
            Rule::kw_move => "`move`",
            Rule::kw_illegal => "`illegal`",
            Rule::kw_over => "`over`",
            Rule::place_word => return Some(place_words(game)),
            Rule::place_spot => match &game.vocabulary().aside {
                Some(aside) => return Some(spots(aside)),
                None => "a spot",
            },
            Rule::kw_forward | Rule::kw_backward => "`forward` or `backward`",
            // Every other keyword of the grammar in its own words, so the list of
            // what was expected is always complete.
            other => {
                let name = format!("{other:?}");
                let word = name.strip_prefix("kw_")?;
                return Some(format!("`{}`", word.replace('_', " ")));
            }
        }
        .to_string(),
    )
}

/// The game's word of several words that `rest` misspells (`roll agian`,
/// `seats sides`): as many words as it has, read together, among `own`
/// and, where a statement starts (`starting`), any of the game's.
fn several_meant<'a>(rest: &str, own: &[&'a str], starting: Option<GameKind>) -> Option<&'a str> {
    let starting: Vec<&'a str> = starting
        .map(|g| g.vocabulary().words.iter().map(|w| w.text()).collect())
        .unwrap_or_default();
    own.iter()
        .chain(&starting)
        .copied()
        .filter(|w| w.contains(' '))
        .find_map(|w| {
            let n = w.split(' ').count();
            let written: Vec<&str> = rest.split_whitespace().take(n).collect();
            let written = written.join(" ");
            // Written right, the word is not what went wrong.
            (written.split(' ').count() == n && !written.eq_ignore_ascii_case(w))
                .then(|| crate::closest::closest(&written, [w]))
                .flatten()
        })
}

/// The game's own word that `before` ends with (`P1 credits`, `P1 first
/// turn`), if any.
fn own_word_before(before: &str, game: GameKind) -> Option<Word> {
    let words: Vec<&str> = before.split_whitespace().collect();
    game.vocabulary().words.iter().copied().find(|w| {
        let parts: Vec<&str> = w.text().split(' ').collect();
        words.len() >= parts.len()
            && words[words.len() - parts.len()..]
                .iter()
                .zip(&parts)
                .all(|(a, b)| a.eq_ignore_ascii_case(b))
            && matches!(w, Word::Named(_))
    })
}

/// Where a parse failed, as an offset into the statement.
pub(super) fn error_pos(e: &pest::error::Error<Rule>) -> usize {
    match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// The word that starts at `at` (up to white space, `,` or `:`).
pub(super) fn word_at(chunk: &str, at: usize) -> &str {
    let rest = chunk.get(at..).unwrap_or("");
    let end = rest
        .find(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The words of `game`'s own (`Word::Named`) that could stand at `at` of
/// `chunk`: those with a phrase of the statement's kind (an expectation
/// after `expect`, a set-up fact after a player, else an action) that names
/// a player and a piece as the clause so far does.
pub(super) fn own_words_at(chunk: &str, at: usize, game: GameKind) -> Vec<&'static str> {
    let before = chunk.get(..at).unwrap_or("");
    let words: Vec<String> = before
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let is_player =
        |w: &str| w.len() > 1 && w.starts_with('p') && w[1..].chars().all(|c| c.is_ascii_digit());
    let is_piece = |w: &str| {
        (w.len() > 1 && w.starts_with('g') && w[1..].chars().all(|c| c.is_ascii_digit()))
            || w == "king"
            || w == "k"
    };
    let first = words.first().map(String::as_str).unwrap_or("");
    let at_kind = match (first, words.get(1).map(String::as_str)) {
        ("expect", Some(w)) if w.starts_with("illegal") => PhraseAt::Action,
        // `expect legal: next turn | exit G1`: a list of actions.
        ("expect", Some(w)) if w.starts_with("legal:") || before.contains("legal:") => {
            PhraseAt::Action
        }
        ("expect", _) => PhraseAt::Check,
        (w, _) if is_player(w) && !before.trim_start()[w.len()..].starts_with(':') => {
            PhraseAt::Fact
        }
        _ => PhraseAt::Action,
    };
    // The clause the word stands in: after the last `,` (a chain) or `|`
    // (a list of actions), else the whole statement.
    let clause = before.rsplit([',', '|']).next().unwrap_or("");
    let tokens: Vec<String> = clause
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let player = tokens.iter().any(|w| is_player(w.trim_end_matches(':')));
    let pieces = tokens.iter().filter(|w| is_piece(w)).count();
    let mut out: Vec<&'static str> = game
        .vocabulary()
        .phrases
        .iter()
        .filter(|p| p.at == at_kind)
        .filter(|p| p.at == PhraseAt::Action || p.player == player)
        .filter(|p| at_kind == PhraseAt::Action || p.takes_pieces(pieces))
        .map(|p| p.word.text())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A syntax error in the words of `game` (the scenario's, as far as the
/// file has said): what was expected and "did you mean" only among them.
/// `own` are the game's own words that could stand where it broke.
pub(super) fn syntax_error(
    e: pest::error::Error<Rule>,
    chunk: &str,
    offset: usize,
    game: GameKind,
    own: &[&str],
) -> Problem {
    let ours = keywords_of(game);
    let pos = error_pos(&e).min(chunk.len());
    let rest = &chunk[pos..];
    let word_len = match word_at(chunk, pos).len() {
        // A stray `:` or `,` is the unexpected thing itself.
        0 => rest
            .chars()
            .next()
            .map_or(0, |c| if c.is_whitespace() { 0 } else { c.len_utf8() }),
        n => n,
    };
    let word = &rest[..word_len];
    let span = Span::new(
        offset + pos,
        offset + pos + word_len.max(if rest.is_empty() { 0 } else { 1 }),
    );
    let mut expected: Vec<String> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives
                .iter()
                .filter_map(|r| describe(r, game))
                // Another game's keyword does not stand here in this game.
                .filter(|d| {
                    let word = d.trim_matches('`');
                    !keywords().contains(&word) || ours.contains(&word)
                })
                .collect()
        }
        _ => vec![],
    };
    expected.extend(own.iter().map(|w| format!("`{w}`")));
    // `empty` stands after a game's word only where a form of it has it.
    if let Some(w) = own_word_before(&chunk[..pos], game) {
        if !game
            .vocabulary()
            .phrases
            .iter()
            .any(|f| f.word == w && f.empty)
        {
            expected.retain(|e| e != "`empty`");
        }
    }
    expected.sort_unstable();
    expected.dedup();
    // "Did you mean" only among the words that could stand here (all of the
    // language's words where a statement starts), and never for a word that
    // is itself one of the language's, only misplaced.
    let wanted: Vec<&str> = if pos == 0 {
        ours.to_vec()
    } else {
        ours.iter()
            .copied()
            .filter(|k| expected.iter().any(|e| e == &format!("`{k}`")))
            .collect()
    };
    let is_keyword = keywords().iter().any(|k| k.eq_ignore_ascii_case(word));
    let several = several_meant(rest, own, (pos == 0).then_some(game));
    let suggestion = match several {
        Some(w) => Some(w),
        None if is_keyword => None,
        None => crate::closest::closest(word, wanted.iter().copied()),
    };
    let message = if word.is_empty() {
        if expected.is_empty() {
            "the statement ends too early".to_string()
        } else {
            format!(
                "the statement ends too early: expected {}",
                join_or(&expected)
            )
        }
    } else if pos == 0 {
        format!("`{word}` does not start any statement goti knows")
    } else if expected.is_empty() {
        format!("unexpected `{word}`")
    } else {
        format!("unexpected `{word}`: expected {}", join_or(&expected))
    };
    let curly = chunk.contains(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}']);
    let unterminated = chunk.matches('"').count() % 2 == 1;
    let bare_name = chunk
        .trim_start()
        .to_ascii_lowercase()
        .starts_with("scenario ")
        && !chunk.contains('"');
    // `move G1 forward 3`: the steps come before the direction.
    let before = chunk[..pos]
        .trim_end()
        .rsplit(char::is_whitespace)
        .next()
        .unwrap_or("");
    let steps_after_direction = !word.is_empty()
        && word.chars().all(|c| c.is_ascii_digit())
        && ["forward", "backward"]
            .iter()
            .any(|d| d.eq_ignore_ascii_case(before));
    let help = match suggestion {
        _ if steps_after_direction => Some(format!(
            "the steps come before the direction: `{word} {}`, as in `move G1 3 forward`",
            before.to_ascii_lowercase()
        )),
        _ if curly => Some("write names in straight quotes: `\"like this\"`, not curly ones".into()),
        _ if unterminated => Some("close the quoted name with `\"` on the same line".into()),
        _ if bare_name => Some("a scenario's name is quoted: `scenario \"merge capture\"`".into()),
        Some(s) => Some(format!("did you mean `{s}`?")),
        None if pos > 0 && STARTERS.iter().any(|k| k.eq_ignore_ascii_case(word)) => Some(format!(
            "`{}` starts a statement of its own: put it on a new line, or after `;`",
            word.to_ascii_lowercase()
        )),
        None if pos == 0 => Some("statements start with scenario, rules, mode, set, players, tags, a player (P1 ...), turn, roll, exit, move, next turn, expect or snapshot".into()),
        None => None,
    };
    let label = if word.is_empty() {
        "more expected here".to_string()
    } else {
        "not understood".to_string()
    };
    Problem {
        rule: None,
        span,
        message,
        label,
        help,
    }
}
