//! Portal self-play: seeded dice, a random legal action for every value due,
//! invariants after every move, probes of illegal actions, shrinking.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{action_text, fingerprint_of, shrink_with, Record, Summary, Violation};
use crate::engine::{
    Action, Direction, Event, Mode, MoveClause, MoveOrder, PieceId, Player, Portal, PortalRule,
    PortalRules,
};

/// A check run after every move: `Err` names what broke.
pub type Check = dyn Fn(&Portal) -> Result<(), String> + Sync;

/// The default checks: every invariant of reachable positions.
pub fn standard_check(pos: &Portal) -> Result<(), String> {
    pos.check_reachable()
}

fn step(
    pos: &Portal,
    action: &Action,
    events: &mut Vec<Event>,
    check: &Check,
) -> Result<Option<Portal>, String> {
    let mark = events.len();
    match pos.apply(action, events) {
        Ok(next) => {
            check(&next)?;
            if let Some(e) = events[mark..]
                .iter()
                .find(|e| PortalRule::from_id(e.rule.0).is_none())
            {
                return Err(format!("an event cites an unknown rule ID: {e}"));
            }
            Ok(Some(next))
        }
        Err(_) if events.len() != mark => Err("a rejected action left events behind".into()),
        Err(_) => Ok(None),
    }
}

/// An action the rules must refuse now.
fn illegal_probe(pos: &Portal, rng: &mut ChaCha8Rng) -> Option<Action> {
    let due = pos.roll().due()?;
    Some(match rng.gen_range(0..3) {
        0 => Action::Roll(vec![1, 2]),
        1 => Action::NextTurn,
        _ => {
            let wrong = if due == 6 { 1 } else { due + 1 };
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Guard(1),
                    rolls: vec![wrong],
                    direction: Direction::Forward,
                }],
            })
        }
    })
}

/// Plays one portal game from `seed`.
pub fn play_game(
    rules: &Arc<PortalRules>,
    seed: u64,
    players: u8,
    max_turns: u32,
    check: &Check,
) -> Result<Summary, Violation> {
    let players: Vec<Player> = Player::ALL[..players.clamp(2, 4) as usize].to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record {
        seed,
        players: players.clone(),
        mode: Mode::Journey,
        turns: vec![Vec::new()],
    };
    let fail = |message: String, record: &Record| Violation {
        message,
        record: record.clone(),
    };
    let mut pos =
        Portal::new_game(rules.clone(), &players, false).map_err(|e| fail(e.message, &record))?;
    let mut events: Vec<Event> = Vec::with_capacity(64);
    let mut total = 0u64;
    let mut turns = 0u32;
    while turns < max_turns && pos.final_standings().is_none() {
        let player = pos.turn();
        events.clear();
        let dice = vec![rng.gen_range(1..=6), rng.gen_range(1..=6)];
        let mut actions = vec![Action::Roll(dice)];
        while let Some(action) = actions.pop() {
            match step(&pos, &action, &mut events, check) {
                Ok(Some(next)) => {
                    pos = next;
                    if let Some(t) = record.turns.last_mut() {
                        t.push(action);
                    }
                }
                Ok(None) => {
                    if let Some(t) = record.turns.last_mut() {
                        t.push(action.clone());
                    }
                    return Err(fail(
                        format!("a legal action was refused: {}", action_text(&action)),
                        &record,
                    ));
                }
                Err(m) => {
                    if let Some(t) = record.turns.last_mut() {
                        t.push(action);
                    }
                    return Err(fail(m, &record));
                }
            }
            if pos.roll().due().is_some() {
                if let Some(bad) = illegal_probe(&pos, &mut rng) {
                    let before = pos.clone();
                    let mark = events.len();
                    if pos.apply(&bad, &mut events).is_ok() {
                        return Err(fail(
                            format!("an illegal action was applied: {}", action_text(&bad)),
                            &record,
                        ));
                    }
                    if pos != before || events.len() != mark {
                        return Err(fail(
                            "a rejected action changed the position".into(),
                            &record,
                        ));
                    }
                }
                let legal = pos.legal_actions();
                match legal.choose(&mut rng) {
                    Some(a) => actions.push(a.clone()),
                    None => {
                        return Err(fail(
                            "a value is due but no piece can play it".into(),
                            &record,
                        ))
                    }
                }
            } else if pos.must_roll_again() {
                actions.push(Action::Roll(vec![
                    rng.gen_range(1..=6),
                    rng.gen_range(1..=6),
                ]));
            }
        }
        total += events.len() as u64;
        if pos.turn() != player || pos.final_standings().is_some() {
            turns += 1;
            record.turns.push(Vec::new());
        }
    }
    let state: Vec<_> = pos
        .players()
        .map(|p| {
            (0..5)
                .map(|g| pos.piece(p, PieceId::Guard(g + 1)))
                .collect::<Vec<_>>()
        })
        .collect();
    Ok(Summary {
        turns,
        finished: pos.final_standings().is_some(),
        events: total,
        fingerprint: fingerprint_of(state, pos.turn(), total),
    })
}

/// Replays a record from a new game (`Err` with the violation message).
pub fn replay(rules: &Arc<PortalRules>, record: &Record, check: &Check) -> Result<bool, String> {
    let Ok(mut pos) = Portal::new_game(rules.clone(), &record.players, false) else {
        return Ok(false);
    };
    let mut events = Vec::new();
    for action in record.turns.iter().flatten() {
        match step(&pos, action, &mut events, check)? {
            Some(next) => pos = next,
            None => return Ok(false),
        }
    }
    Ok(true)
}

/// Shrinks a violation to as few turns as reproduce it.
pub fn shrink(rules: &Arc<PortalRules>, v: &Violation, check: &Check) -> Record {
    shrink_with(
        v,
        |r| matches!(replay(rules, r, check), Err(m) if m == v.message),
    )
}

/// A scenario file that replays `record` from a new portal game.
pub fn scenario_text(record: &Record, message: &str) -> String {
    let mut out = String::new();
    writeln!(
        out,
        "# A self-play violation found by `goti fuzz --rules portal` (game seed {}):",
        record.seed
    )
    .ok();
    writeln!(out, "#   {message}").ok();
    writeln!(out, "scenario \"portal self-play game {}\"", record.seed).ok();
    writeln!(out, "rules portal").ok();
    let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
    writeln!(out, "players {}", names.join(" ")).ok();
    for (i, turn) in record
        .turns
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
    {
        writeln!(out, "# turn {}", i + 1).ok();
        for a in turn {
            writeln!(out, "{}", action_text(a).replace(" forward", "")).ok();
        }
    }
    out
}
