//! Actions: roll, exit, enter, move, next turn, with the player they name.

use std::collections::BTreeSet;

use super::words::{own_word, piece_of, player_of, small_all};
use super::{Limits, Problem};
use crate::dsl::ast::*;
use crate::engine::vocabulary::PhraseAt;
use crate::engine::{Action, Direction, MoveClause, MoveOrder, PieceId, Player, Word};

/// The action a game's own word names: the language's `next turn` where
/// the word is the game's for it (maedn's `pass`).
pub(super) fn own_action(
    word: Word,
    pieces: Vec<PieceId>,
    numbers: Vec<u8>,
    limits: &Limits,
) -> Action {
    if limits.game.vocabulary().next_turn == Some(word) {
        return Action::NextTurn;
    }
    Action::own_numbered(word, pieces, numbers)
}

pub(super) fn lower_action(
    a: &ActionStmt,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<(Action, Option<Spanned<Player>>)> {
    let player = match &a.player {
        Some(n) => {
            let p = player_of(n, limits.game, problems)?;
            mentioned.insert(p);
            Some(Spanned::new(p, n.span))
        }
        None => None,
    };
    let action = match &a.action {
        ActionAst::Roll(dice) => Action::Roll(small_all(dice, "a roll", problems)?),
        ActionAst::Own(phrase) => {
            let word = own_word(phrase, PhraseAt::Action, limits.game, problems)?;
            // An action in a game's own word names a set of pieces (royal's
            // `exit G1 G2`); naming one twice is a scenario error.
            let mut pieces = Vec::new();
            for name in &phrase.pieces {
                let piece = piece_of(name, limits, problems)?;
                if pieces.contains(&piece) {
                    problems.push(
                        Problem::new(
                            name.span,
                            format!("{piece} is named twice in one {}", word.text()),
                            "named again",
                        )
                        .help(format!("`{}` names each piece once", word.text())),
                    );
                    return None;
                }
                pieces.push(piece);
            }
            let numbers = small_all(&phrase.numbers, "a number", problems)?;
            own_action(word, pieces, numbers, limits)
        }
        ActionAst::NextTurn => Action::NextTurn,
        ActionAst::Move(clauses) => {
            // A clause without a direction takes the last one written; none at all: Forward.
            let default = clauses
                .iter()
                .rev()
                .find_map(|c| c.direction.as_ref().map(|d| d.value))
                .unwrap_or(Direction::Forward);
            let mut order = MoveOrder::default();
            let mut ok = true;
            for c in clauses {
                let Some(piece) = piece_of(&c.piece, limits, problems) else {
                    ok = false;
                    continue;
                };
                if order.clauses.iter().any(|o| o.piece == piece) {
                    problems.push(
                        Problem::new(
                            c.piece.span,
                            format!("{piece} is named twice in one move"),
                            "named again",
                        )
                        .rule(limits.game.vocabulary().named_twice_rule)
                        .help("give a piece all its rolls in one clause, e.g. `G1 3+4`"),
                    );
                    ok = false;
                    continue;
                }
                let Some(rolls) = small_all(&c.rolls, "a roll", problems) else {
                    ok = false;
                    continue;
                };
                let words = limits.game.vocabulary();
                if let (Some(rule), Some(d)) = (words.forward_only, &c.direction) {
                    problems.push(
                        Problem::new(
                            d.span,
                            format!("{} pieces move forward only", words.name),
                            format!("no direction in {}", words.name),
                        )
                        .rule(rule)
                        .help(format!("write `move {piece}`")),
                    );
                    ok = false;
                    continue;
                }
                if rolls.is_empty() && words.moves_need_rolls {
                    problems.push(
                        Problem::new(c.span, format!("{piece} moves by what?"), "no roll given")
                            .help(format!("give the rolls, e.g. `move {piece} 3`")),
                    );
                    ok = false;
                    continue;
                }
                order.clauses.push(MoveClause {
                    piece,
                    rolls,
                    direction: c.direction.as_ref().map_or(default, |d| d.value),
                });
            }
            if !ok {
                return None;
            }
            Action::Move(order)
        }
    };
    Some((action, player))
}
