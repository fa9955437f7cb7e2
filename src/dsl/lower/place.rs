//! Places as the game writes them: a field, home, or a place in the
//! game's words (`in yard`, `on lane 2`, `in toilet 42 pit`, a
//! description's `in nest`), which the grammar does not know and the game's
//! [`Vocabulary`] resolves.

use super::words::{another_games, off_ring};
use super::{Limits, Problem};
use crate::dsl::ast::*;
use crate::dsl::problem::join_or;
use crate::engine::vocabulary::place_word;
use crate::engine::{GameKind, Place, Vocabulary};

pub(super) fn place_of(
    p: &Spanned<PlaceAst>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Place> {
    match &p.value {
        PlaceAst::Tile(t) if limits.fields().contains(t) => Some(Place::Ring(*t as u8)),
        PlaceAst::Tile(t) => {
            problems.push(off_ring(p.span, *t, limits));
            None
        }
        PlaceAst::Home => Some(Place::Home),
        PlaceAst::Named(named) => {
            if let Some(names) = &limits.place_names {
                if let Some(decided) = description_place(p.span, named, names, limits, problems) {
                    return decided;
                }
            }
            let decided = game_place(p.span, named, limits);
            decided.map_err(|e| problems.push(e)).ok()
        }
    }
}

/// A place in the game's words: its base (`in yard`), a tile of its home
/// stretch (`on home 3`, `on lane 2`, `in goal 3`), a place aside (`in
/// toilet 42 pit`); else the problem, naming the game whose word it is.
fn game_place(span: Span, named: &NamedPlace, limits: &Limits) -> Result<Place, Problem> {
    let words = limits.game.vocabulary();
    let word = named.word.as_str();
    let aside = words
        .aside
        .as_ref()
        .filter(|a| place_word(a.phrase) == word);
    let (yard, path) = (place_word(words.yard_phrase), place_word(words.path_phrase));
    if let Some(spot) = named.spot.as_ref().filter(|_| word == yard || word == path) {
        return Err(Problem::new(
            spot.span,
            format!(
                "`{word}` is not a place with spots such as `{}`",
                spot.value
            ),
            "no spots here",
        )
        .help(match &words.aside {
            Some(a) => format!("only {} has spots", example_aside(a)),
            None => format!("{} has no place with spots", limits.game),
        }));
    }
    // Every phrase of the game's is written with its own `in` or `on`.
    let phrase = [words.yard_phrase, words.path_phrase]
        .into_iter()
        .chain(aside.map(|a| a.phrase))
        .find(|p| place_word(p) == word);
    if let Some(phrase) = phrase.filter(|p| p.split(' ').next() != Some(named.by.as_str())) {
        return Err(Problem::new(
            span,
            format!("`{} {word}` is written `{phrase}`", named.by),
            format!("not `{}`", named.by),
        )
        .help(format!("write `{phrase}`")));
    }
    // `in yard` is every game's word for a piece not yet in play (the
    // core's own, as `Place::Out` is written).
    if word == yard || (named.by == "in" && word == EVERY_GAMES_YARD) {
        return match named.number {
            None => Ok(Place::Out),
            Some(n) => Err(Problem::new(
                span,
                format!("`{}` takes no number, not {n}", words.yard_phrase),
                "no number here",
            )
            .help(format!("write `{}`", words.yard_phrase))),
        };
    }
    if word == path {
        return path_tile(span, named.number, words, limits);
    }
    if let Some(aside) = aside {
        return place_aside(span, named, aside, limits);
    }
    Err(foreign_place(span, word, limits.game).unwrap_or_else(|| {
        no_such_place(
            span,
            word,
            &words.place_phrases(),
            &places_of(limits),
            limits,
        )
    }))
}

/// The word of `in yard`, which every game reads as its base.
const EVERY_GAMES_YARD: &str = "yard";

/// A tile of the home stretch: `on home 3`, `on lane 2`, `in goal 3`.
fn path_tile(
    span: Span,
    number: Option<i64>,
    words: &Vocabulary,
    limits: &Limits,
) -> Result<Place, Problem> {
    let (path_name, path_word, phrase) = (words.path_name, words.path_word, words.path_phrase);
    match number {
        Some(k) if k >= 1 && k <= limits.home_path as i64 => Ok(Place::HomePath(k as u8)),
        Some(k) => Err(Problem::new(
            span,
            format!(
                "the {path_name} has tiles 1-{}; there is no {path_word} {k}",
                limits.home_path
            ),
            "no such tile",
        )
        .rule(words.path_rule)
        .help(words.path_help)),
        None => Err(Problem::new(
            span,
            format!("`{phrase}` needs the tile's number"),
            "which tile?",
        )
        .rule(words.path_rule)
        .help(format!(
            "write `{phrase} 1` up to `{phrase} {}`",
            limits.home_path
        ))),
    }
}

/// `in toilet 42 pit`: a place aside, beside a ring field, at a spot.
fn place_aside(
    span: Span,
    named: &NamedPlace,
    aside: &crate::engine::Aside,
    limits: &Limits,
) -> Result<Place, Problem> {
    let example = || format!("write {}", example_aside(aside));
    let (Some(field), Some(spot)) = (named.number, &named.spot) else {
        return Err(Problem::new(
            span,
            format!("`{}` needs a field and a spot", aside.phrase),
            "where?",
        )
        .help(example()));
    };
    if !limits.fields().contains(&field) {
        return Err(off_ring(span, field, limits));
    }
    match aside.spot(&spot.value) {
        Some(s) => Ok(Place::Aside {
            field: field as u8,
            spot: s,
        }),
        None => {
            let names: Vec<String> = aside.spots.iter().map(|s| format!("`{s}`")).collect();
            Err(Problem::new(
                spot.span,
                format!(
                    "`{} {field}` has the spots {}; there is no `{}`",
                    aside.phrase,
                    names.join(", "),
                    spot.value
                ),
                "no such spot",
            )
            .help(format!("write {}", join_or(&names))))
        }
    }
}

/// `` `in toilet N pit` ``: how a place aside is written.
fn example_aside(aside: &crate::engine::Aside) -> String {
    let first = aside.spots.first().copied().unwrap_or("spot");
    format!("`{} N {first}`", aside.phrase)
}

/// A place word of another game (`on lane N` in royal), named as that
/// game's, with this game's help for it; `None` when no game has it.
fn foreign_place(span: Span, word: &str, game: GameKind) -> Option<Problem> {
    let owners: Vec<GameKind> = GameKind::ALL
        .iter()
        .copied()
        .filter(|g| {
            g.vocabulary()
                .place_phrases()
                .iter()
                .any(|p| place_word(p) == word)
        })
        .collect();
    let first = owners.first()?.vocabulary();
    let phrase = first
        .place_phrases()
        .into_iter()
        .find(|p| place_word(p) == word)?;
    // A home stretch's tile takes its number.
    let text = if phrase == first.path_phrase {
        format!("{phrase} N")
    } else {
        phrase.to_string()
    };
    let names: Vec<&str> = owners.iter().map(|g| g.name()).collect();
    let help = game.vocabulary().help_for_named(word);
    Some(another_games(span, &text, &names, game, help))
}

/// The places of the game as a scenario writes them, for messages.
fn places_of(limits: &Limits) -> String {
    let words = limits.game.vocabulary();
    match &limits.place_names {
        Some((base, home)) => format!("`on N`, `in {base}` and `in {home} N`"),
        None => format!(
            "`on N`, `{} N` and `{}`",
            words.path_phrase, words.yard_phrase
        ),
    }
}

/// `in nest` is not a place of this game, with the place (one of
/// `phrases`, `in yard`) whose word it is closest to.
fn no_such_place(
    span: Span,
    text: &str,
    phrases: &[&str],
    places: &str,
    limits: &Limits,
) -> Problem {
    let p = Problem::new(
        span,
        format!(
            "`{text}` is not a place of {}: its places are {places}",
            limits.game
        ),
        "no such place",
    );
    let close = crate::closest::closest(text, phrases.iter().map(|p| place_word(p)));
    match phrases.iter().find(|p| Some(place_word(p)) == close) {
        Some(phrase) => p.help(format!("did you mean `{phrase}`?")),
        None => p.help(format!("write one of {places}")),
    }
}

/// A place under a description's own place words (`base`, `home`):
/// `Some` when they decide it, `None` for a place they do not name while
/// they are the game's own words (which then decide it, naming another
/// game's place word as such).
fn description_place(
    span: Span,
    named: &NamedPlace,
    (base, home): &(String, String),
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Option<Place>> {
    let (text, number) = (named.word.as_str(), named.number);
    let words = limits.game.vocabulary();
    let phrases = words.place_phrases();
    let own = base.as_str() != place_word(phrases[0]) || home.as_str() != place_word(phrases[1]);
    let fail = |problems: &mut Vec<Problem>, problem: Problem| {
        problems.push(problem);
        Some(None)
    };
    if (text == base || text == home) && named.spot.is_some() {
        return None;
    }
    if text == base {
        return match number {
            None => Some(Some(Place::Out)),
            Some(k) => fail(
                problems,
                Problem::new(
                    span,
                    format!("`in {base}` takes no number, not {k}"),
                    "no number here",
                )
                .rule(words.path_rule)
                .help(format!("write `in {base}`")),
            ),
        };
    }
    if text == home {
        return match number {
            Some(k) if k >= 1 && k <= limits.home_path as i64 => {
                Some(Some(Place::HomePath(k as u8)))
            }
            Some(k) => fail(
                problems,
                Problem::new(
                    span,
                    format!(
                        "the home has fields 1-{}; there is no {home} {k}",
                        limits.home_path
                    ),
                    "no such field",
                )
                .rule(words.path_rule)
                .help(words.path_help),
            ),
            None => fail(
                problems,
                Problem::new(
                    span,
                    format!("`in {home}` needs the home field's number"),
                    "which field?",
                )
                .rule(words.path_rule)
                .help(format!(
                    "write `in {home} 1` up to `in {home} {}`",
                    limits.home_path
                )),
            ),
        };
    }
    if !own {
        return None;
    }
    let (base, home) = (format!("in {base}"), format!("in {home}"));
    fail(
        problems,
        no_such_place(span, text, &[&base, &home], &places_of(limits), limits),
    )
}
