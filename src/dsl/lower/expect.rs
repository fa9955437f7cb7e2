//! Expectations: places, numbers, tiles, rules applied, turns and the end.

use std::collections::BTreeSet;

use super::place::place_of;
use super::words::{allowed, check_rule_id, off_ring, own_word, piece_of, player_of};
use super::{Check, Limits, OwnCheck, Problem};
use crate::dsl::ast::*;
use crate::engine::vocabulary::PhraseAt;
use crate::engine::{Player, Word};

pub(super) fn lower_expectation(
    e: &Expectation,
    span: Span,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Check> {
    if let Some(check) = super::allowed::lower_allowed(e, span, limits, problems, mentioned) {
        return check;
    }
    if let Expectation::Own(phrase) = e {
        return lower_own(phrase, limits, problems, mentioned);
    }
    let mut player = |n: &Spanned<i64>, problems: &mut Vec<Problem>| {
        let p = player_of(n, limits.game, problems);
        if let Some(p) = p {
            mentioned.insert(p);
        }
        p
    };
    let tile = |t: &Spanned<i64>, problems: &mut Vec<Problem>| {
        if limits.fields().contains(&t.value) {
            Some(t.value as u8)
        } else {
            problems.push(off_ring(t.span, t.value, limits));
            None
        }
    };
    let only = |word: Word, problems: &mut Vec<Problem>| allowed(span, word, limits.game, problems);
    Some(match e {
        Expectation::Own(_) => unreachable!("an expectation in a game's own word is lowered above"),
        Expectation::Legal(_)
        | Expectation::LegalActions(_)
        | Expectation::LegalCount(_)
        | Expectation::Perft { .. } => {
            unreachable!("what the rules allow is lowered by lower_allowed, above")
        }
        Expectation::Piece {
            player: pn,
            piece,
            check,
        } => {
            let p = player(pn, problems);
            let pc = piece_of(piece, limits, problems);
            let (p, pc) = (p?, pc?);
            match &check.value {
                PieceCheck::Place(pl) => Check::Place(
                    p,
                    pc,
                    place_of(&Spanned::new(pl.clone(), check.span), limits, problems)?,
                ),
                PieceCheck::Midpoint(_) if !only(Word::Midpoint, problems) => return None,
                PieceCheck::Midpoint(b) => Check::Own(OwnCheck {
                    word: Word::Midpoint,
                    player: Some(p),
                    piece: Some(pc),
                    numbers: vec![i64::from(*b)],
                }),
                PieceCheck::Steps(n) => Check::Steps(p, pc, *n),
            }
        }
        Expectation::TileEmpty(t) => Check::TileEmpty(tile(t, problems)?),
        Expectation::TileExact { tile: t, groups } => {
            let t = tile(t, problems);
            let mut list = Vec::new();
            for (pn, pieces) in groups {
                let p = player(pn, problems);
                for piece in pieces {
                    if let (Some(p), Some(pc)) = (p, piece_of(piece, limits, problems)) {
                        list.push((p, pc));
                    }
                }
            }
            list.sort();
            Check::TileExact(t?, list)
        }
        Expectation::Applied(id) => {
            if !check_rule_id(id, limits, problems) {
                return None;
            }
            Check::Applied(id.value.clone())
        }
        Expectation::Turn(n) => Check::Turn(player(n, problems)?),
        Expectation::Winner(n) => Check::Winner(player(n, problems)?),
        Expectation::GameOver => Check::GameOver,
        Expectation::NoWinner => Check::NoWinner,
        Expectation::NoCapture => Check::NoCapture,
        Expectation::NotApplied(id) => {
            if !check_rule_id(id, limits, problems) {
                return None;
            }
            Check::NotApplied(id.value.clone())
        }
        Expectation::Standings(list) => {
            let ps: Vec<Player> = list.iter().filter_map(|n| player(n, problems)).collect();
            (ps.len() == list.len()).then_some(())?;
            Check::Standings(ps)
        }
    })
}

/// An expectation in a word of the game's own (`expect P1 boost 1`): a
/// `Check::Own` the game judges.
fn lower_own(
    phrase: &OwnPhrase,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Check> {
    let word = own_word(phrase, PhraseAt::Check, limits.game, problems)?;
    let player = match &phrase.player {
        Some(n) => {
            let p = player_of(n, limits.game, problems)?;
            mentioned.insert(p);
            Some(p)
        }
        None => None,
    };
    let piece = match phrase.pieces.first() {
        Some(name) => Some(piece_of(name, limits, problems)?),
        None => None,
    };
    Some(Check::Own(OwnCheck {
        word,
        player,
        piece,
        numbers: phrase.numbers.iter().map(|n| n.value).collect(),
    }))
}
