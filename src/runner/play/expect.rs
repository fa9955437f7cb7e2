//! Expectations evaluated against a position, failures said in the
//! language's own words ("expected P1 G2 on 24, found P1 G2 on 23").

use std::collections::BTreeSet;

use crate::dsl::lower::Check;
use crate::engine::legal::{Budget, PerftError, Unlisted};
use crate::engine::{Event, PieceId, Place, Player, What};
use crate::runner::games::number;
use crate::runner::position::Position;
use crate::runner::render;

fn place_words(pos: &Position, p: Player, id: PieceId, place: Place) -> String {
    format!("{p} {id} {}", pos.place_words(place))
}

fn tile_words(pos: &Position, t: u8) -> String {
    let here = render::piece_list(&pos.pieces_at(Place::Ring(t)));
    if here.is_empty() {
        format!("tile {t} empty")
    } else {
        format!("tile {t}: {here}")
    }
}

fn players_words(list: &[Player]) -> String {
    list.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most legal actions an `expect legal:` list is checked against.
pub const LIST_LIMIT: usize = 10_000;
/// `expect legal count` counts on the counting path, which builds no
/// action (royal counts its moves by combining what each piece may do).
pub const COUNT_LIMIT: usize = usize::MAX;
/// The most nodes the `expect perft`s of one scenario visit together
/// (scenarios come from pull requests).
pub const SCENARIO_PERFT_NODES: u64 = 5_000_000;
/// The most nodes the `expect perft`s of one file visit together, so that
/// a file's time is bounded however many scenarios it holds.
pub const FILE_PERFT_NODES: u64 = 20_000_000;

/// `expect legal: ...`: exactly this set, the differences named (five of each at most).
fn legal_set(pos: &Position, want: &[crate::engine::Action]) -> Result<(), String> {
    let now = match pos.legal_list(LIST_LIMIT) {
        Ok(list) => list,
        Err(Unlisted::TooMany { limit }) => {
            return Err(format!(
                "more than {limit} legal actions here, too many to list; state their number with `expect legal count N`"
            ))
        }
        Err(why) => return Err(format!("the legal actions here are not listed: {why}")),
    };
    let words = |list: &[crate::engine::Action]| -> Vec<String> {
        list.iter().map(|a| pos.action_words(a)).collect()
    };
    let (now, want) = (words(&now), words(want));
    // Two spellings the rules count as one (guards named in another order
    // where the ruleset does not count the order: ROYAL.md §10).
    for (i, w) in want.iter().enumerate() {
        if want[..i].contains(w) {
            return Err(format!(
                "`{w}` is named twice in the list: the rules count one action (the guards' order is not part of it under this ruleset); name it once"
            ));
        }
    }
    let missing: Vec<&String> = want.iter().filter(|w| !now.contains(w)).collect();
    let extra: Vec<&String> = now.iter().filter(|w| !want.contains(w)).collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let some = |list: &[&String]| {
        let shown: Vec<&str> = list.iter().take(5).map(|s| s.as_str()).collect();
        let more = list.len().saturating_sub(5);
        let mut text = shown.join(" | ");
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        text
    };
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("not legal: {}", some(&missing)));
    }
    if !extra.is_empty() {
        parts.push(format!("also legal: {}", some(&extra)));
    }
    let found = if now.is_empty() {
        "nothing to choose (the dice are thrown next, or the game is over)".to_string()
    } else if now.len() <= 12 {
        now.join(" | ")
    } else {
        format!("{} legal actions", now.len())
    };
    Err(format!(
        "expected legal: {}, found legal: {found} ({})",
        want.join(" | "),
        parts.join("; ")
    ))
}

/// What the rules allow: the legal set, its count, a perft.
/// `perft` is what the scenario's perfts may still visit (`Perft`), and is
/// spent by this one.
fn allowed(check: &Check, pos: &Position, perft: &mut PerftLeft) -> Result<(), String> {
    let fail = |want: String, found: String| Err(format!("expected {want}, found {found}"));
    match check {
        Check::Legal(want) => legal_set(pos, want),
        Check::LegalCount(want) => match pos.legal_count(COUNT_LIMIT) {
            Ok(n) if n == *want => Ok(()),
            Ok(n) => fail(format!("legal count {want}"), format!("legal count {n}")),
            Err(why) => Err(format!("the legal actions here are not counted: {why}")),
        },
        Check::Perft { depth, nodes } => {
            let mut budget = Budget::new(perft.scenario.min(perft.file));
            let result = pos.perft(*depth, &mut budget);
            let spent = budget.nodes.min(budget.max_nodes);
            perft.scenario -= spent;
            perft.file -= spent;
            match result {
                Ok(n) if n == *nodes => Ok(()),
                Ok(n) => fail(
                    format!("perft {depth} = {nodes}"),
                    format!("perft {depth} = {n}"),
                ),
                Err(PerftError::Budget { .. }) => {
                    let (max, whose) = if perft.file == 0 {
                        (FILE_PERFT_NODES, "the perfts of a file")
                    } else {
                        (SCENARIO_PERFT_NODES, "the perfts of a scenario")
                    };
                    let left = match budget.max_nodes {
                        n if n == max => format!("the {max} nodes"),
                        n => format!("the {n} nodes left of the {max}"),
                    };
                    Err(format!(
                        "perft {depth} needs more than {left} {whose} may visit together; `goti perft FILE:LINE --depth {depth}` counts it with a larger budget"
                    ))
                }
                Err(e) => Err(format!("perft {depth}: {e}")),
            }
        }
        other => unreachable!("not an expectation of what the rules allow: {other:?}"),
    }
}

/// Checks one expectation; on failure says what was expected and found.
/// What the `expect perft`s still may visit: of the scenario's budget and
/// of the file's.
#[derive(Clone, Copy, Debug)]
pub struct PerftLeft {
    pub scenario: u64,
    pub file: u64,
}

impl PerftLeft {
    /// A scenario's whole budget, of the `file` nodes its file has left.
    pub fn new(file: u64) -> PerftLeft {
        PerftLeft {
            scenario: SCENARIO_PERFT_NODES,
            file,
        }
    }
}

pub(super) fn evaluate(
    check: &Check,
    pos: &Position,
    last: &[Event],
    perft: &mut PerftLeft,
) -> Result<(), String> {
    let fail = |want: String, found: String| Err(format!("expected {want}, found {found}"));
    // table.pieces: a piece the table does not have is named, never looked up.
    let named = match check {
        Check::Place(_, id, _) | Check::Steps(_, id, _) => Some(*id),
        Check::Own(own) => own.piece,
        _ => None,
    };
    if let Some(id) = named.filter(|id| !pos.has_piece(*id)) {
        return Err(format!(
            "the table has no {id} under these rules (table.pieces); name a piece it has"
        ));
    }
    // Expectations of one game only (lowering keeps them to their game).
    if let Some(result) = pos.expect_own(check) {
        return result;
    }
    match check {
        Check::Place(p, id, place) => {
            let now = pos.piece(*p, *id).place;
            if now == *place {
                Ok(())
            } else {
                fail(
                    place_words(pos, *p, *id, *place),
                    place_words(pos, *p, *id, now),
                )
            }
        }
        Check::Steps(p, id, n) => number(
            *p,
            &format!("{id} steps"),
            *n,
            pos.piece(*p, *id).steps as i64,
        ),
        Check::TileEmpty(t) => {
            if pos.pieces_at(Place::Ring(*t)).is_empty() {
                Ok(())
            } else {
                fail(format!("tile {t} empty"), tile_words(pos, *t))
            }
        }
        Check::TileExact(t, list) => {
            if pos.pieces_at(Place::Ring(*t)) == *list {
                Ok(())
            } else {
                fail(
                    format!("tile {t}: {}", render::piece_list(list)),
                    tile_words(pos, *t),
                )
            }
        }
        Check::Applied(id) => {
            if last.iter().any(|e| e.rule.0 == id) {
                Ok(())
            } else {
                let applied: Vec<&str> = last
                    .iter()
                    .map(|e| e.rule.0)
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                Err(format!(
                    "expected the last action to apply {id}; it applied {}",
                    if applied.is_empty() {
                        "nothing".to_string()
                    } else {
                        applied.join(", ")
                    }
                ))
            }
        }
        Check::Turn(p) => {
            let now = pos.turn();
            if now == *p {
                Ok(())
            } else {
                fail(format!("turn {p}"), format!("turn {now}"))
            }
        }
        Check::Winner(p) => match pos.final_standings() {
            Some(st) if st.first() == Some(p) => Ok(()),
            Some(st) => fail(format!("winner {p}"), format!("winner {}", st[0])),
            None => fail(
                format!("winner {p}"),
                format!("the game still running, {} to move", pos.turn()),
            ),
        },
        Check::NotApplied(id) => match last.iter().find(|e| e.rule.0 == id) {
            None => Ok(()),
            Some(e) => Err(format!(
                "expected the last action not to apply {id}; it did: {}",
                e.told(pos.game().vocabulary())
            )),
        },
        Check::NoWinner => match pos.final_standings() {
            None => Ok(()),
            Some(st) => fail("no winner yet".into(), format!("winner {}", st[0])),
        },
        Check::NoCapture => match last
            .iter()
            .find(|e| matches!(e.what, What::Captured { .. } | What::KingPenalty { .. }))
        {
            None => Ok(()),
            Some(e) => Err(format!(
                "expected no capture, found one: {}",
                e.told(pos.game().vocabulary())
            )),
        },
        Check::GameOver => {
            if pos.final_standings().is_some() {
                Ok(())
            } else {
                fail(
                    "game over".into(),
                    format!("the game still running, {} to move", pos.turn()),
                )
            }
        }
        Check::Standings(list) => match pos.final_standings() {
            Some(st) if st == list.as_slice() => Ok(()),
            Some(st) => fail(
                format!("standings {}", players_words(list)),
                format!("standings {}", players_words(st)),
            ),
            None => fail(
                format!("standings {}", players_words(list)),
                format!("the game still running, {} to move", pos.turn()),
            ),
        },
        Check::Legal(_) | Check::LegalCount(_) | Check::Perft { .. } => allowed(check, pos, perft),
        Check::Own(_) => Err(format!(
            "this expectation is not one of {}'s (lowering keeps expectations to their game)",
            pos.game()
        )),
    }
}
