//! Expectations evaluated against a position, failures said in the
//! language's own words ("expected P1 G2 on 24, found P1 G2 on 23").

use std::collections::BTreeSet;

use crate::dsl::lower::Check;
use crate::engine::maedn::Choice;
use crate::engine::{Event, GameKind, PieceId, Place, Player, What};
use crate::runner::position::Position;
use crate::runner::render;

fn place_words(game: GameKind, p: Player, id: PieceId, place: Place) -> String {
    let place = match (game, place) {
        (GameKind::Maedn, Place::HomePath(k)) => format!("in goal {k}"),
        (GameKind::Portal, Place::HomePath(k)) => format!("on lane {k}"),
        (GameKind::Maedn | GameKind::Portal, Place::Yard) => "in base".to_string(),
        (_, place) => place.to_string(),
    };
    format!("{p} {id} {place}")
}

fn tile_words(pos: &Position, t: u8) -> String {
    let here = render::piece_list(&pos.pieces_at(Place::Ring(t)));
    if here.is_empty() {
        format!("tile {t} empty")
    } else {
        format!("tile {t}: {here}")
    }
}

fn store_words(p: Player, rolls: &[i64]) -> String {
    if rolls.is_empty() {
        format!("{p} store empty")
    } else {
        format!(
            "{p} store {}",
            rolls
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    }
}

/// `expected P1 battle 20, found P1 battle 0`.
fn number(p: Player, what: &str, want: i64, now: i64) -> Result<(), String> {
    if want == now {
        Ok(())
    } else {
        Err(format!(
            "expected {p} {what} {want}, found {p} {what} {now}"
        ))
    }
}

fn players_words(list: &[Player]) -> String {
    list.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks one expectation; on failure says what was expected and found.
pub(super) fn evaluate(check: &Check, pos: &Position, last: &[Event]) -> Result<(), String> {
    let fail = |want: String, found: String| Err(format!("expected {want}, found {found}"));
    // table.pieces: a piece the table does not have is named, never looked up.
    let named = match check {
        Check::Place(_, id, _) | Check::Midpoint(_, id, _) | Check::Steps(_, id, _) => Some(*id),
        _ => None,
    };
    if let Some(id) = named.filter(|id| !pos.has_piece(*id)) {
        return Err(format!(
            "the table has no {id} under these rules (table.pieces); name a piece it has"
        ));
    }
    // Expectations of one game only (lowering keeps them to their game).
    let other = |mine: &str| {
        format!(
            "this expectation is {mine}'s; the scenario plays {}",
            pos.game()
        )
    };
    let royal = || match pos {
        Position::Royal(r) => Ok(r),
        _ => Err(other("royal")),
    };
    let portal = || match pos {
        Position::Portal(g) => Ok(g),
        _ => Err(other("portal")),
    };
    let maedn = || match pos {
        Position::Maedn(g) => Ok(g),
        _ => Err(other("maedn")),
    };
    match check {
        Check::Legal(want) => {
            let g = maedn()?;
            let mut now: Vec<Choice> = g.legal().as_slice().to_vec();
            now.sort_unstable();
            let mut want = want.clone();
            want.sort_unstable();
            if now == want {
                Ok(())
            } else {
                let words = |list: &[Choice]| {
                    let w: Vec<String> = list.iter().map(|c| c.to_string()).collect();
                    if w.is_empty() {
                        "nothing (throw first)".to_string()
                    } else {
                        w.join(" ")
                    }
                };
                fail(
                    format!("legal: {}", words(&want)),
                    format!("legal: {}", words(&now)),
                )
            }
        }
        Check::Returns(want) => {
            let now = maedn()?.returns();
            let w = |list: &[i64]| {
                list.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            if now == *want {
                Ok(())
            } else {
                fail(
                    format!("returns {}", w(want)),
                    format!("returns {}", w(&now)),
                )
            }
        }
        Check::Place(p, id, place) => {
            let now = pos.piece(*p, *id).place;
            if now == *place {
                Ok(())
            } else {
                fail(
                    place_words(pos.game(), *p, *id, *place),
                    place_words(pos.game(), *p, *id, now),
                )
            }
        }
        Check::Midpoint(p, id, want) => {
            let now = pos.piece(*p, *id).midpoint;
            let w = |b: bool| format!("{p} {id} {} midpoint", if b { "past" } else { "before" });
            if now == *want {
                Ok(())
            } else {
                fail(w(*want), w(now))
            }
        }
        Check::Steps(p, id, n) => number(
            *p,
            &format!("{id} steps"),
            *n,
            pos.piece(*p, *id).steps as i64,
        ),
        Check::Battle(p, n) => number(*p, "battle", *n, royal()?.seat(*p).battle),
        Check::Progress(p, n) => number(*p, "progress", *n, royal()?.progress_points(*p)),
        Check::Score(p, n) => number(*p, "score", *n, royal()?.score(*p)),
        Check::Credits(p, n) => number(*p, "credits", *n, royal()?.seat(*p).credits as i64),
        Check::Tokens(p, n) => number(*p, "tokens", *n, portal()?.tokens(*p)),
        Check::Store(p, rolls) => {
            let mut want = rolls.clone();
            want.sort_unstable();
            let now: Vec<i64> = royal()?
                .seat(*p)
                .store
                .rolls()
                .into_iter()
                .map(i64::from)
                .collect();
            if now == want {
                Ok(())
            } else {
                fail(store_words(*p, &want), store_words(*p, &now))
            }
        }
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
                "expected the last action not to apply {id}; it did: {e}"
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
            Some(e) => Err(format!("expected no capture, found one: {e}")),
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
        Check::Burned(v) => {
            let g = portal()?;
            if g.roll().burned().contains(v) {
                Ok(())
            } else {
                let b = g
                    .roll()
                    .burned()
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                fail(
                    format!("burned {v}"),
                    if b.is_empty() {
                        "nothing burned".into()
                    } else {
                        format!("burned {b}")
                    },
                )
            }
        }
        Check::RollAgain => {
            let g = portal()?;
            if g.must_roll_again() {
                Ok(())
            } else if g.roll().due().is_some() {
                fail(
                    "roll again".into(),
                    format!("values still to play, {} to move", g.turn()),
                )
            } else {
                fail("roll again".into(), format!("turn {}", g.turn()))
            }
        }
    }
}
