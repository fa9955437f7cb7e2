//! What the rules allow, as a scenario states it (ROYAL.md §10, PORTAL.md
//! §8, MAEDN.md §3): `expect legal: ...` in every game's action syntax (and
//! maedn's `legal: G1 G3`), `expect legal count N`, `expect perft D = N`.

use std::collections::BTreeSet;

use super::words::{own_word, piece_of, small_all};
use super::{Check, Limits, Problem};
use crate::dsl::ast::*;
use crate::engine::legal::normal_text_in;
use crate::engine::vocabulary::PhraseAt;
use crate::engine::{Action, Direction, MoveClause, MoveOrder, Player, Word};

/// The deepest `expect perft` a scenario may ask for (each ply multiplies
/// the work; `goti perft` goes deeper under its own budget).
pub const MAX_SCENARIO_PERFT_DEPTH: i64 = 32;

/// The actions of an `expect legal:` list, each named once (two spellings
/// of one action, `G1 3+4` and `G1 4+3`, are one). Guards named in another
/// order are kept apart here: a variant may count the order (ROYAL.md §10,
/// `order.parted_groups: named`), which only the ruleset says; the check
/// finds them twice where it does not.
fn once_each(
    list: Vec<(Action, Span)>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<Vec<Action>> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut ok = true;
    for (a, span) in list {
        let text = normal_text_in(&a, limits.game.vocabulary(), true);
        if seen.contains(&text) {
            problems.push(
                Problem::new(
                    span,
                    format!("`{text}` is named twice in one `legal:` list"),
                    "named again",
                )
                .help("name each legal action once"),
            );
            ok = false;
            continue;
        }
        seen.push(text);
        out.push(a);
    }
    ok.then_some(out)
}

/// The check of an expectation of what the rules allow; `None` for any
/// other expectation (`Some(None)`: this one, with its problems recorded).
pub(super) fn lower_allowed(
    e: &Expectation,
    span: Span,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Option<Check>> {
    match e {
        Expectation::Legal(_)
        | Expectation::LegalActions(_)
        | Expectation::LegalCount(_)
        | Expectation::Perft { .. } => Some(lower(e, span, limits, problems, mentioned)),
        _ => None,
    }
}

fn lower(
    e: &Expectation,
    span: Span,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Check> {
    Some(match e {
        // The list of pieces: a game whose moves go by the die thrown.
        Expectation::Legal(_) if !super::words::piece_listing(span, limits.game, problems) => {
            return None
        }
        Expectation::Legal(items) => {
            // Maedn's list: `enter`, `pass`, and pieces that move by the die.
            let mut out: Vec<(Action, Span)> = Vec::new();
            for item in items {
                let a = match &item.value {
                    LegalItem::Own(phrase) => {
                        let word = own_word(phrase, PhraseAt::Action, limits.game, problems)?;
                        let numbers = small_all(&phrase.numbers, "a number", problems)?;
                        super::action::own_action(word, Vec::new(), numbers, limits)
                    }
                    LegalItem::Piece(name) => {
                        let piece = piece_of(&Spanned::new(*name, item.span), limits, problems)?;
                        Action::Move(MoveOrder {
                            clauses: vec![MoveClause {
                                piece,
                                rolls: Vec::new(),
                                direction: Direction::Forward,
                            }],
                        })
                    }
                };
                out.push((a, item.span));
            }
            Check::Legal(once_each(out, limits, problems)?)
        }
        Expectation::LegalActions(actions) => {
            let mut out = Vec::new();
            let mut ok = true;
            for a in actions {
                // A word whose pieces are alike, alone in a listing: its
                // normal form, whichever piece (portal's `enter`, PORTAL.md
                // §8: pieces in base are interchangeable).
                let alone = match &a.value {
                    ActionAst::Own(p) if p.pieces.is_empty() => {
                        alike(&p.word.value, limits).map(|w| (w, &p.numbers))
                    }
                    _ => None,
                };
                let lowered = match (alone, &a.value) {
                    (Some((word, numbers)), _) => small_all(numbers, "a number", problems)
                        .map(|n| super::action::own_action(word, Vec::new(), n, limits)),
                    (None, other) => {
                        let stmt = ActionStmt {
                            player: None,
                            action: other.clone(),
                            span: a.span,
                        };
                        super::action::lower_action(&stmt, limits, problems, mentioned)
                            .map(|(action, _)| action)
                    }
                };
                match lowered {
                    Some(action) => out.push((action, a.span)),
                    None => ok = false,
                }
            }
            if !ok {
                return None;
            }
            Check::Legal(once_each(out, limits, problems)?)
        }
        Expectation::LegalCount(n) => {
            if n.value < 0 {
                problems.push(Problem::new(n.span, "a count is 0 or more", "negative"));
                return None;
            }
            Check::LegalCount(n.value as u64)
        }
        Expectation::Perft { depth, nodes } => {
            if !(0..=MAX_SCENARIO_PERFT_DEPTH).contains(&depth.value) {
                problems.push(
                    Problem::new(
                        depth.span,
                        format!("a perft depth is 0-{MAX_SCENARIO_PERFT_DEPTH} plies"),
                        "depth out of range",
                    )
                    .help("`goti perft FILE --depth D` counts deeper, with its own budget"),
                );
                return None;
            }
            if nodes.value < 0 {
                problems.push(Problem::new(nodes.span, "a count is 0 or more", "negative"));
                return None;
            }
            Check::Perft {
                depth: depth.value as u32,
                nodes: nodes.value as u64,
            }
        }
        _ => return None,
    })
}

/// `word`, when it is one of the game's whose pieces are alike
/// (`Vocabulary::pieces_alike`), so a listing names it with no piece.
fn alike(word: &str, limits: &Limits) -> Option<Word> {
    let v = limits.game.vocabulary();
    v.named(word).filter(|w| v.pieces_alike.contains(w))
}
