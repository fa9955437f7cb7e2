//! Games played through the legal actions: every throw's outcomes and
//! every player's node checked, the decisions counted.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::{Config, Finding};
use crate::engine::legal::Ply;
use crate::engine::{Action, Game, Player};
use crate::selfplay::decisions::Decisions;
use crate::selfplay::{action_text, Driver, Record};

/// The games through the legal actions a table plays at most.
pub const WALK_GAMES: u64 = 30;

/// The turns a game through the legal actions plays at most (its checks
/// are at every node; whether games end is the policies' question).
pub const WALK_TURNS: u32 = 300;

/// A listing this long or shorter is drawn from uniformly; a longer one
/// (royal's big stores) through candidates the rules accept.
const DRAW_LIST: usize = 64;

/// `cfg.games` games from a new game, each action drawn from the legal
/// ones: the decisions, and the first finding of each kind.
pub fn legal_games<G: Game>(
    start: &Start<'_, G>,
    write: &Write<'_>,
    table: &[Player],
    cfg: &Config,
) -> (Decisions, Vec<Finding>) {
    let games = cfg.games.min(WALK_GAMES);
    let results: Vec<(Decisions, Option<Finding>, Vec<Vec<u8>>)> = (cfg.seed
        ..cfg.seed.saturating_add(games))
        .into_par_iter()
        .map(|s| one_game(start, write, table, cfg, s))
        .collect();
    let mut decisions = Decisions::default();
    let mut findings: Vec<Finding> = Vec::new();
    let mut thrown: HashSet<u8> = HashSet::new();
    let mut most = 0;
    for (d, f, faces) in results {
        decisions = decisions.joined(d);
        if let Some(f) = f {
            if !findings.iter().any(|g| g.check == f.check) {
                findings.push(f);
            }
        }
        for outcome in faces {
            most = most.max(outcome.iter().copied().max().unwrap_or(0));
            thrown.extend(outcome);
        }
    }
    let never: Vec<String> = (1..=most)
        .filter(|v| !thrown.contains(v))
        .map(|v| v.to_string())
        .collect();
    if !never.is_empty() {
        findings.push(finding(
            "lint.chance",
            format!(
                "no throw of {} games showed {} (faces 1-{most})",
                decisions.games,
                never.join(", ")
            ),
            None,
        ));
    }
    (decisions, findings)
}

fn finding(check: &'static str, message: String, scenario: Option<String>) -> Finding {
    Finding {
        check,
        message,
        key: None,
        rule: None,
        scenario,
    }
}

/// A new game at a table.
pub type Start<'a, G> = dyn Fn(&[Player]) -> Result<G, crate::engine::SetupError> + Sync + 'a;
/// A scenario that replays a record, with a message.
pub type Write<'a> = dyn Fn(&Record, &str) -> String + Sync + 'a;

/// One game: its decisions, the first finding, the outcomes thrown.
fn one_game<G: Game>(
    start: &Start<'_, G>,
    write: &Write<'_>,
    table: &[Player],
    cfg: &Config,
    seed: u64,
) -> (Decisions, Option<Finding>, Vec<Vec<u8>>) {
    let mut d = Decisions {
        games: 1,
        ..Decisions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = match start(table) {
        Ok(p) => p,
        Err(e) => return (d, Some(super::finding_setup(&e)), Vec::new()),
    };
    let mut record = Record {
        seed,
        players: table.to_vec(),
        turns: vec![Vec::new()],
    };
    let mut thrown = Vec::new();
    let mut checked: HashSet<String> = HashSet::new();
    let fail = |record: &Record, check, message: String| {
        finding(check, message.clone(), Some(write(record, &message)))
    };
    while (record.turns.len() as u32) <= cfg.max_turns.min(WALK_TURNS) {
        let mover = pos.turn();
        let chosen = match pos.ply() {
            Ply::Over => {
                if let Err(why) = standings_ok(&pos, table) {
                    return (d, Some(fail(&record, "lint.standings", why)), thrown);
                }
                d.finished = 1;
                break;
            }
            Ply::Chance(outcomes) => {
                // Each kind of throw (its outcomes' number, first and last)
                // checked whole once a game.
                let kind = format!(
                    "{} {:?} {:?}",
                    outcomes.len(),
                    outcomes.first(),
                    outcomes.last()
                );
                if checked.insert(kind) {
                    if let Err(why) = chance_ok(&pos, &outcomes) {
                        return (d, Some(fail(&record, "lint.chance", why)), thrown);
                    }
                }
                let a = outcomes[rng.gen_range(0..outcomes.len())].clone();
                if let Action::Roll(v) = &a {
                    thrown.push(v.clone());
                }
                a
            }
            Ply::Choice => match choose(&pos, &mut rng) {
                Ok((n, a)) => {
                    d.nodes += 1;
                    d.forced += (n == 1) as u64;
                    d.sum += n as f64;
                    d.sum_sq += (n as f64).powi(2);
                    a
                }
                Err((check, why)) => return (d, Some(fail(&record, check, why)), thrown),
            },
        };
        if !pos.play_in_place(&chosen, &mut Vec::new()) {
            let why = format!(
                "{mover} to move: the rules refuse `{}`, which the legal actions list",
                action_text(&chosen)
            );
            return (d, Some(fail(&record, "lint.generator", why)), thrown);
        }
        if let Some(last) = record.turns.last_mut() {
            last.push(chosen);
        }
        if pos.turn() != mover && !pos.is_over() {
            record.turns.push(Vec::new());
        }
    }
    (d, None, thrown)
}

/// A legal action drawn at random, with the count it was drawn from.
fn choose<G: Game>(pos: &G, rng: &mut ChaCha8Rng) -> Result<(u64, Action), (&'static str, String)> {
    let n = pos.legal_count(usize::MAX).map_err(|e| {
        (
            "lint.generator",
            format!(
                "{} to move: the legal actions are not counted: {e}",
                pos.turn()
            ),
        )
    })?;
    if n == 0 {
        return Err((
            "lint.stuck",
            format!(
                "{} is to move and has no legal action, and the game is not over",
                pos.turn()
            ),
        ));
    }
    if n as usize <= DRAW_LIST {
        let list = pos
            .legal_list(DRAW_LIST)
            .map_err(|e| ("lint.generator", format!("{} to move: {e}", pos.turn())))?;
        if list.len() as u64 != n {
            return Err((
                "lint.generator",
                format!(
                    "{} to move: {n} legal actions counted, {} listed",
                    pos.turn(),
                    list.len()
                ),
            ));
        }
        return Ok((n, list[rng.gen_range(0..list.len())].clone()));
    }
    // Too many to list cheaply: candidates drawn until the rules accept one
    // (else the turn ends, which the rules allow wherever a count is large).
    let sample = pos.legal_sample(rng.gen(), 64);
    let a = sample
        .into_iter()
        .find(|a| pos.clone().play_in_place(a, &mut Vec::new()))
        .unwrap_or(Action::NextTurn);
    Ok((n, a))
}

/// A throw's outcomes: some, none twice, each accepted, and every
/// sequence of the dice thrown falling to exactly one of them (so their
/// probabilities sum to 1).
fn chance_ok<G: Game>(pos: &G, outcomes: &[Action]) -> Result<(), String> {
    let dice: Vec<&Vec<u8>> = outcomes
        .iter()
        .map(|a| match a {
            Action::Roll(v) => Ok(v),
            other => Err(format!("a throw's outcome is not a throw: {other:?}")),
        })
        .collect::<Result<_, _>>()?;
    let Some(first) = dice.first() else {
        return Err(format!(
            "{} is to throw and the throw has no outcome",
            pos.turn()
        ));
    };
    let k = first.len();
    if dice.iter().any(|d| d.len() != k) {
        return Err("a throw's outcomes throw different numbers of dice".into());
    }
    let set: HashSet<&Vec<u8>> = dice.iter().copied().collect();
    if set.len() != dice.len() {
        return Err("a throw lists an outcome twice".into());
    }
    for a in outcomes {
        if !pos.clone().play_in_place(a, &mut Vec::new()) {
            return Err(format!(
                "the rules refuse the throw's outcome `{}`",
                action_text(a)
            ));
        }
    }
    let faces = dice
        .iter()
        .flat_map(|d| d.iter().copied())
        .max()
        .unwrap_or(0);
    if k == 0 || faces == 0 {
        return Ok(());
    }
    // Every sequence of k dice of `faces` faces: its outcome is itself, or
    // the one listed permutation of it (an unordered throw).
    let total = (faces as u64).pow(k as u32);
    if total > 1 << 20 {
        return Ok(());
    }
    let mut uncovered = Vec::new();
    let mut seq = vec![1u8; k];
    for _ in 0..total {
        let mut sorted = seq.clone();
        sorted.sort_unstable();
        let covered = set.contains(&seq)
            || dice.iter().any(|d| {
                let mut s = (*d).clone();
                s.sort_unstable();
                s == sorted
            });
        if !covered {
            uncovered.push(seq.clone());
        }
        // The next sequence, odometer-wise.
        for i in (0..k).rev() {
            if seq[i] < faces {
                seq[i] += 1;
                break;
            }
            seq[i] = 1;
        }
    }
    if let Some(u) = uncovered.first() {
        return Err(format!(
            "{} of {total} ways the dice can fall are no outcome of the throw (their probabilities sum to {:.4}, not 1): e.g. {u:?}",
            uncovered.len(),
            1.0 - uncovered.len() as f64 / total as f64
        ));
    }
    Ok(())
}

/// A finished game's standings name every player at the table once.
fn standings_ok<G: Game>(pos: &G, table: &[Player]) -> Result<(), String> {
    let Some(s) = pos.final_standings() else {
        return Err("the game is over without standings".into());
    };
    let mut got = s.to_vec();
    got.sort();
    let mut want = table.to_vec();
    want.sort();
    if got != want {
        return Err(format!(
            "the game is over with standings {s:?}, not every player once ({want:?})"
        ));
    }
    Ok(())
}

/// A scenario that replays the plies to a position of a reduced variant,
/// from its start (`goti run` plays it).
pub fn reduced_scenario<D: Driver>(driver: &D, record: &Record, message: &str) -> String {
    let game = <D::Game as crate::engine::Listed>::KIND;
    let found = format!("Found by `goti lint` ({game}'s reduced variant, every position visited)");
    let name = format!("lint: {game}'s reduced variant");
    crate::selfplay::replay_text(driver, record, (&found, message), &name)
}

/// A scenario that replays `record` from a new game (`goti run` plays it).
pub fn scenario<D: Driver>(driver: &D, record: &Record, message: &str) -> String {
    let game = <D::Game as crate::engine::Listed>::KIND;
    let found = format!("Found by `goti lint` ({game}, game seed {})", record.seed);
    let name = format!("lint: {game} game {}", record.seed);
    crate::selfplay::replay_text(driver, record, (&found, message), &name)
}
