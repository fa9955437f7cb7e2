//! The words of the language checked against the game's vocabulary:
//! players, pieces, places, words of another game, rule IDs.

use super::{Limits, Problem};
use crate::dsl::ast::*;
use crate::engine::{GameKind, PieceId, Place, Player, Word};

/// A word of another game used in this one; `None` when `game` has it.
pub(super) fn foreign(span: Span, word: Word, game: GameKind) -> Option<Problem> {
    let here = game.vocabulary();
    if here.allows(word) {
        return None;
    }
    let owners: Vec<&str> = GameKind::ALL
        .iter()
        .filter(|g| g.vocabulary().allows(word))
        .map(|g| g.name())
        .collect();
    debug_assert!(!owners.is_empty(), "{word:?} is a word of no game");
    let other = owners.join("/");
    Some(
        Problem::new(
            span,
            format!(
                "`{}` is a {other} word; this scenario plays {game}",
                word.text()
            ),
            format!("{other} only"),
        )
        .help(match here.help_for(word) {
            "" => format!(
                "this scenario plays {game}; write `rules {}` to play {}",
                owners[0], owners[0]
            ),
            h => h.to_string(),
        }),
    )
}

/// The [`Word::Named`] word a phrase is written in, when `game`'s vocabulary
/// has it; else the problem (a word of another game, named as such).
pub(super) fn own_word(
    word: &Spanned<String>,
    game: GameKind,
    problems: &mut Vec<Problem>,
) -> Option<Word> {
    if let Some(w) = game.vocabulary().named(&word.value) {
        return Some(w);
    }
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

pub(super) fn place_of(
    p: &Spanned<PlaceAst>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Place> {
    let words = limits.game.vocabulary();
    let (path_name, path_word, path_rule) = (words.path_name, words.path_word, words.path_rule);
    let word = match p.value {
        PlaceAst::HomePath(_) => Some(Word::HomePathTile),
        PlaceAst::Lane(_) => Some(Word::Lane),
        PlaceAst::Base => Some(Word::Base),
        PlaceAst::Toilet(..) => Some(Word::Toilet),
        PlaceAst::Goal(_) => Some(Word::Goal),
        _ => None,
    };
    if let Some(w) = word {
        if !allowed(p.span, w, limits.game, problems) {
            return None;
        }
    }
    match p.value {
        PlaceAst::Tile(t) if limits.fields().contains(&t) => Some(Place::Ring(t as u8)),
        PlaceAst::Tile(t) => {
            problems.push(off_ring(p.span, t, limits));
            None
        }
        PlaceAst::HomePath(k) | PlaceAst::Lane(k) | PlaceAst::Goal(k)
            if k >= 1 && k <= limits.home_path as i64 =>
        {
            Some(Place::HomePath(k as u8))
        }
        PlaceAst::HomePath(k) | PlaceAst::Lane(k) | PlaceAst::Goal(k) => {
            problems.push(
                Problem::new(
                    p.span,
                    format!(
                        "the {path_name} has tiles 1-{}; there is no {path_word} {k}",
                        limits.home_path
                    ),
                    "no such tile",
                )
                .rule(path_rule)
                .help(limits.game.vocabulary().path_help),
            );
            None
        }
        PlaceAst::Toilet(t, spot) if t >= 1 && t <= limits.ring as i64 => Some(Place::Toilet {
            trigger: t as u8,
            spot: spot as u8,
        }),
        PlaceAst::Toilet(t, _) => {
            problems.push(off_ring(p.span, t, limits));
            None
        }
        PlaceAst::Home => Some(Place::Home),
        PlaceAst::Yard | PlaceAst::Base => Some(Place::Out),
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

/// The word of a seat fact that only royal has.
pub(super) fn fact_word(fact: &Fact) -> Word {
    match fact {
        Fact::Store(_) => Word::Store,
        Fact::Credits(_) => Word::Credits,
        Fact::Battle(_) => Word::Battle,
        Fact::FirstTurn => Word::FirstTurn,
        Fact::Doubles(_) => Word::Doubles,
    }
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
    if limits.game.has_rule(&id.value) {
        return true;
    }
    let mut p = Problem::new(
        id.span,
        format!("`{}` is not a rule ID of {}", id.value, limits.game.name()),
        "unknown rule",
    );
    p = match crate::closest::closest(&id.value, limits.game.catalogue().iter().map(|r| r.id.0)) {
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
