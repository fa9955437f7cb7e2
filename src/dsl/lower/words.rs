//! The words of the language checked against the game's vocabulary:
//! players, pieces, places, words of another game, rule IDs.

use super::{Limits, Problem};
use crate::dsl::ast::*;
use crate::dsl::problem::join_or;
use crate::engine::vocabulary::{Phrase, PhraseAt, Vocabulary};
use crate::engine::{GameKind, Mode, PieceId, Player, Word};

/// A word of another game used in this one; `None` when `game` has it.
pub(super) fn foreign(span: Span, word: Word, game: GameKind) -> Option<Problem> {
    let here = game.vocabulary();
    if here.allows(word) {
        return None;
    }
    let owners = games_where(|v| v.allows(word));
    debug_assert!(!owners.is_empty(), "{word:?} is a word of no game");
    Some(another_games(
        span,
        word.text(),
        &owners,
        game,
        here.help_for(word),
    ))
}

/// The names of the games whose vocabulary `is` says.
pub(super) fn games_where(is: impl Fn(&Vocabulary) -> bool) -> Vec<&'static str> {
    GameKind::ALL
        .iter()
        .filter(|g| is(g.vocabulary()))
        .map(|g| g.name())
        .collect()
}

/// `` `text` is a portal word; this scenario plays royal ``: a word of the
/// games `owners` (not empty) used in `game`, with `game`'s `help` for it
/// (empty: how to play the first owner instead).
pub(super) fn another_games(
    span: Span,
    text: &str,
    owners: &[&str],
    game: GameKind,
    help: &str,
) -> Problem {
    let other = owners.join("/");
    Problem::new(
        span,
        format!("`{text}` is a {other} word; this scenario plays {game}"),
        format!("{other} only"),
    )
    .help(match help {
        "" => format!(
            "this scenario plays {game}; write `rules {}` to play {}",
            owners[0], owners[0]
        ),
        h => h.to_string(),
    })
}

/// The mode `name` names, on the header line `line` (`mode clash`, `rules
/// royal clash`): one of `game`'s modes; a problem where the game has no
/// modes (naming the games that do) or none of that name.
pub(super) fn mode_named(
    line: Span,
    name: &Spanned<String>,
    game: GameKind,
    problems: &mut Vec<Problem>,
) -> Option<Mode> {
    let here = game.vocabulary();
    if here.modes.is_empty() {
        let owners = games_where(|v| !v.modes.is_empty());
        debug_assert!(!owners.is_empty(), "`mode` is a word of no game");
        let help = here.help_for_named("mode");
        problems.push(another_games(line, "mode", &owners, game, help));
        return None;
    }
    if let Some(mode) = here.mode_named(&name.value) {
        return Some(mode);
    }
    let modes = here
        .modes
        .iter()
        .map(|m| format!("`{m}`"))
        .collect::<Vec<_>>();
    let mut p = Problem::new(
        name.span,
        format!("{game} has no mode `{}`", name.value),
        "unknown mode",
    );
    if let Some(rule) = here.modes_rule {
        p = p.rule(rule);
    }
    p = match crate::closest::closest(&name.value, here.modes.iter().copied()) {
        Some(m) => p.help(format!(
            "did you mean `{m}`? {game} is played in {} mode",
            join_or(&modes)
        )),
        None => p.help(format!("{game} is played in {} mode", join_or(&modes))),
    };
    problems.push(p);
    None
}

/// Whether `game` lists the pieces that may move by the die (`expect
/// legal: G1 G3`: its moves name no rolls); records the problem when not,
/// naming the games that do.
pub(super) fn piece_listing(span: Span, game: GameKind, problems: &mut Vec<Problem>) -> bool {
    let here = game.vocabulary();
    if !here.moves_need_rolls {
        return true;
    }
    let owners = games_where(|v| !v.moves_need_rolls);
    problems.push(another_games(
        span,
        "legal",
        &owners,
        game,
        here.help_for_named("legal"),
    ));
    false
}

/// The [`Word::Named`] word a phrase is written in, when `game`'s vocabulary
/// has it in this form at `at` (`PhraseAt`); else the problem: a word of
/// another game, named as such, or a form the word does not have, with the
/// forms it has.
pub(super) fn own_word(
    phrase: &OwnPhrase,
    at: PhraseAt,
    game: GameKind,
    problems: &mut Vec<Problem>,
) -> Option<Word> {
    let word = &phrase.word;
    let vocabulary = game.vocabulary();
    let Some(w) = vocabulary.named(&word.value) else {
        let theirs = GameKind::ALL
            .iter()
            .find_map(|g| g.vocabulary().named(&word.value));
        match theirs {
            Some(w) => {
                allowed(word.span, w, game, problems);
            }
            None => problems.push(
                Problem::new(
                    word.span,
                    format!("`{}` is not a word of {game}", word.value),
                    "unknown word",
                )
                .help("a game's own words are listed in its rulebook"),
            ),
        }
        return None;
    };
    let forms: Vec<&Phrase> = vocabulary.phrases_of(w, at).collect();
    let numbers: Vec<i64> = phrase.numbers.iter().map(|n| n.value).collect();
    let empty = phrase.empty.is_some();
    if forms.iter().any(|f| {
        f.fits_written(
            phrase.player.is_some(),
            phrase.pieces.len(),
            &numbers,
            empty,
        )
    }) {
        return Some(w);
    }
    let examples = |forms: &[&Phrase]| {
        let list: Vec<String> = forms.iter().map(|f| format!("`{}`", f.example)).collect();
        list.join(" or ")
    };
    // A phrase is written player, pieces, word, numbers.
    let start = phrase
        .player
        .as_ref()
        .map(|p| p.span)
        .or(phrase.pieces.first().map(|p| p.span))
        .map_or(word.span.start, |s| s.start);
    let end = phrase
        .numbers
        .last()
        .map(|n| n.span)
        .or(phrase.empty)
        .map_or(word.span.end, |s| s.end);
    let text = w.text();
    let Some(form) = forms.first() else {
        let all: Vec<&Phrase> = vocabulary.phrases.iter().filter(|p| p.word == w).collect();
        problems.push(
            Problem::new(
                word.span,
                format!("`{text}` is not {} in {game}", at.name()),
                "not here",
            )
            .help(format!("`{text}` is written {}", examples(&all))),
        );
        return None;
    };
    let count = |(lo, hi): (u8, u8), one: &str, many: &str| match (lo, hi) {
        (0, 0) => format!("no {many}"),
        (1, 1) => format!("one {one}"),
        (lo, hi) if lo == hi => format!("{lo} {many}"),
        (1, 255) => format!("at least one {one}"),
        (lo, 255) => format!("at least {lo} {many}"),
        (lo, hi) => format!("{lo}-{hi} {many}"),
    };
    let (span, reason) = if at != PhraseAt::Action && phrase.player.is_some() != form.player {
        let span = phrase.player.as_ref().map_or(word.span, |p| p.span);
        if form.player {
            (span, format!("`{text}` names a player first"))
        } else {
            (span, format!("`{text}` names no player"))
        }
    } else if !form.takes_pieces(phrase.pieces.len()) {
        let span = phrase.pieces.first().map_or(word.span, |p| p.span);
        (
            span,
            format!("`{text}` names {}", count(form.pieces, "piece", "pieces")),
        )
    } else if let (Some(at), false) = (phrase.empty, forms.iter().any(|f| f.empty)) {
        (at, format!("`{text}` is not written with `empty`"))
    } else if let Some(n) = phrase.numbers.iter().find(|n| !form.signed && n.value < 0) {
        (n.span, format!("`{text}` counts from 0, not {}", n.value))
    } else {
        let n = phrase.numbers.len();
        (
            Span::new(start, end),
            format!(
                "`{text}` takes {}, not {n}",
                count(form.numbers, "number", "numbers")
            ),
        )
    };
    problems.push(
        Problem::new(span, reason, "not this word's form")
            .help(format!("write {}", examples(&forms))),
    );
    None
}

/// Whether `word` is one of `game`'s; records the problem when it is not.
pub(super) fn allowed(span: Span, word: Word, game: GameKind, problems: &mut Vec<Problem>) -> bool {
    match foreign(span, word, game) {
        Some(p) => {
            problems.push(p);
            false
        }
        None => true,
    }
}

pub(super) fn player_of(
    n: &Spanned<i64>,
    game: GameKind,
    problems: &mut Vec<Problem>,
) -> Option<Player> {
    let p = u8::try_from(n.value).ok().and_then(Player::new);
    if p.is_none() {
        problems.push(
            Problem::new(
                n.span,
                format!("there is no player P{}; seats are P1-P4", n.value),
                "unknown player",
            )
            .rule(game.vocabulary().players_rule),
        );
    }
    p
}

pub(super) fn piece_of(
    n: &Spanned<PieceName>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<PieceId> {
    let words = limits.game.vocabulary();
    let max = words.pieces as i64;
    match n.value {
        PieceName::King if !allowed(n.span, Word::King, limits.game, problems) => None,
        PieceName::King => Some(PieceId::King),
        PieceName::Guard(g) if (1..=max).contains(&g) => Some(PieceId::Numbered(g as u8)),
        PieceName::Guard(g) => {
            problems.push(
                Problem::new(
                    n.span,
                    format!(
                        "{} has {} G1-G{max}; there is no G{g}",
                        limits.game, words.piece_word
                    ),
                    "unknown piece",
                )
                .rule(words.pieces_rule)
                .help(format!("use {}", words.piece_list)),
            );
            None
        }
    }
}

/// `tile 53 is off the ring (1-52)`, cited as board.ring.
pub(super) fn off_ring(span: Span, t: i64, limits: &Limits) -> Problem {
    Problem::new(
        span,
        format!(
            "{} {t} is off the ring ({}-{})",
            limits.game.vocabulary().tile_word,
            limits.fields().start(),
            limits.fields().end()
        ),
        "no such tile",
    )
    .rule(limits.game.vocabulary().ring_rule)
}

/// A small number as written (a roll, a count, a tile): never clamped; one
/// out of range is a problem at the number.
pub(super) fn small(n: &Spanned<i64>, what: &str, problems: &mut Vec<Problem>) -> Option<u8> {
    match u8::try_from(n.value) {
        Ok(v) => Some(v),
        Err(_) => {
            problems.push(
                Problem::new(
                    n.span,
                    format!("{} is out of range for {what}", n.value),
                    "out of range",
                )
                .help(format!(
                    "{what} is a small number (0-255), checked by the rules"
                )),
            );
            None
        }
    }
}

/// Every number of a list as written, or `None` (with problems) if any is
/// out of range.
pub(super) fn small_all(
    ns: &[Spanned<i64>],
    what: &str,
    problems: &mut Vec<Problem>,
) -> Option<Vec<u8>> {
    let all: Vec<Option<u8>> = ns.iter().map(|n| small(n, what, problems)).collect();
    all.into_iter().collect()
}

/// The largest progress count a placement may set (`steps N`).
pub const MAX_STEPS: i64 = 10_000;

pub(super) fn check_rule_id(
    id: &Spanned<String>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> bool {
    if limits.rule_ids.contains(&id.value.as_str()) {
        return true;
    }
    let mut p = Problem::new(
        id.span,
        format!("`{}` is not a rule ID of {}", id.value, limits.game.name()),
        "unknown rule",
    );
    p = match crate::closest::closest(&id.value, limits.rule_ids.iter().copied()) {
        Some(s) => p.help(format!(
            "did you mean `{s}`? `goti rules --game {}` lists them all",
            limits.game.name()
        )),
        None => p.help(format!(
            "`goti rules --game {}` lists the rule IDs",
            limits.game.name()
        )),
    };
    problems.push(p);
    false
}
