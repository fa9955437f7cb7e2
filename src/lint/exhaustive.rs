//! Every reachable position of a small variant, as OpenSpiel's
//! `GetAllStates` visits them: from a new game, every throw's outcome and
//! every legal action, each position once (keyed by `Game::state_key`:
//! what decides its future), each checked against the game's invariants.
//! Then, over the finished graph, which positions can still reach an end:
//! a reachable position that cannot is a dead end, proven (not sampled).

use std::collections::{HashMap, VecDeque};

use crate::engine::legal::Ply;
use crate::engine::{Action, Game};

/// What the visit found.
#[derive(Clone, Debug, PartialEq)]
pub struct Explored {
    /// Positions reached (each once).
    pub states: usize,
    /// Of them, games over.
    pub over: usize,
    /// Players to move with no legal action.
    pub stuck: usize,
    /// Positions from which no sequence of plies ends the game.
    pub dead: usize,
    /// Whether every position was visited (else the budget ran out, and
    /// nothing is said of dead ends).
    pub complete: bool,
    /// The plies from the new game to the first stuck or dead position.
    pub path: Option<Vec<Action>>,
    /// An action the legal actions list and the rules refuse.
    pub refused: Option<String>,
    /// The first position that breaks what holds in positions reached by
    /// play (`Game::check_reachable`), and what broke.
    pub broken: Option<String>,
    /// The first listing that is wrong (an outcome or action listed twice,
    /// a count that is not the listing's length) or end without standings
    /// that name every player once: its check and what is wrong.
    pub faulty: Option<(&'static str, String)>,
}

/// Visits every position reachable from `start`, at most `max_states`.
pub fn explore<G: Game>(start: &G, max_states: usize) -> Explored {
    let key = |p: &G| p.state_key();
    let mut index: HashMap<String, u32> = HashMap::new();
    // Positions found and not yet visited, in the order they were found
    // (breadth first, so each one's plies from the start are fewest).
    let mut waiting: VecDeque<G> = VecDeque::from([start.clone()]);
    let mut parent: Vec<Option<(u32, Action)>> = vec![None];
    let mut succ: Vec<Vec<u32>> = Vec::new();
    index.insert(key(start), 0);
    let (mut over, mut complete) = (Vec::new(), true);
    let mut stuck = Vec::new();
    let mut refused = None;
    let mut broken = None;
    let mut faulty: Option<(&'static str, String)> = None;
    let max_states = max_states.min(u32::MAX as usize);
    let mut i = 0u32;
    while let Some(pos) = waiting.pop_front() {
        if broken.is_none() {
            if let Err(v) = pos.check_reachable() {
                broken = Some(format!("{} to move: {}", pos.turn(), v.0));
            }
        }
        let ply = pos.ply();
        let choice = matches!(ply, Ply::Choice);
        let branches: Vec<Action> = match ply {
            Ply::Over => {
                over.push(i);
                if faulty.is_none() {
                    faulty = standings_fault(&pos).map(|why| ("lint.standings", why));
                }
                Vec::new()
            }
            Ply::Chance(outcomes) => outcomes.to_vec(),
            Ply::Choice => match pos.legal_list(10_000) {
                Ok(list) if list.is_empty() => {
                    stuck.push(i);
                    Vec::new()
                }
                Ok(list) => list,
                Err(_) => {
                    complete = false;
                    Vec::new()
                }
            },
        };
        if faulty.is_none() {
            faulty = listing_fault(&pos, &branches, choice).map(|why| ("lint.generator", why));
        }
        let mut out = Vec::with_capacity(branches.len());
        for a in branches {
            let mut next = pos.clone();
            if !next.play_in_place(&a, &mut Vec::new()) {
                refused.get_or_insert_with(|| format!("{} to move: {a:?}", pos.turn()));
                continue;
            }
            let k = key(&next);
            let j = match index.get(&k) {
                Some(&j) => j,
                None if parent.len() >= max_states => {
                    complete = false;
                    continue;
                }
                None => {
                    let j = parent.len() as u32;
                    index.insert(k, j);
                    waiting.push_back(next);
                    parent.push(Some((i, a)));
                    j
                }
            };
            out.push(j);
        }
        out.sort_unstable();
        out.dedup();
        succ.push(out);
        i += 1;
    }
    let nodes = parent.len();
    // Backwards from every end: the positions that can still reach one.
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); nodes];
    for (from, tos) in succ.iter().enumerate() {
        for &to in tos {
            pred[to as usize].push(from as u32);
        }
    }
    drop(succ);
    let mut can_end = vec![false; nodes];
    let mut queue: VecDeque<u32> = over.iter().copied().collect();
    for &o in &over {
        can_end[o as usize] = true;
    }
    while let Some(n) = queue.pop_front() {
        for &p in &pred[n as usize] {
            if !can_end[p as usize] {
                can_end[p as usize] = true;
                queue.push_back(p);
            }
        }
    }
    let dead: Vec<u32> = if complete {
        (0..nodes as u32)
            .filter(|&n| !can_end[n as usize])
            .collect()
    } else {
        Vec::new()
    };
    let first = stuck.first().or(dead.first()).copied();
    let path = first.map(|mut n| {
        let mut plies = Vec::new();
        while let Some((p, a)) = &parent[n as usize] {
            plies.push(a.clone());
            n = *p;
        }
        plies.reverse();
        plies
    });
    Explored {
        states: nodes,
        over: over.len(),
        stuck: stuck.len(),
        dead: dead.len(),
        complete,
        path,
        refused,
        broken,
        faulty,
    }
}

/// What is wrong with a position's listing of throws or actions: one
/// listed twice, or (for a player's actions, `choice`) a count that is
/// not the listing's length.
fn listing_fault<G: Game>(pos: &G, listed: &[Action], choice: bool) -> Option<String> {
    let twice = listed
        .iter()
        .enumerate()
        .find(|(i, a)| listed[..*i].contains(a));
    if let Some((_, a)) = twice {
        return Some(format!(
            "{} to move: `{}` is listed twice",
            pos.turn(),
            pos.action_text(a)
        ));
    }
    if !choice {
        return None;
    }
    match pos.legal_count(usize::MAX) {
        Ok(n) if n == listed.len() as u64 => None,
        Ok(n) => Some(format!(
            "{} to move: {n} legal actions counted, {} listed",
            pos.turn(),
            listed.len()
        )),
        Err(e) => Some(format!(
            "{} to move: the legal actions are not counted: {e}",
            pos.turn()
        )),
    }
}

/// A game over without standings, or with standings that do not name
/// every player once.
fn standings_fault<G: Game>(pos: &G) -> Option<String> {
    let Some(s) = pos.final_standings() else {
        return Some("the game is over without standings".into());
    };
    let (mut got, mut want) = (s.to_vec(), pos.players());
    got.sort();
    want.sort();
    (got != want)
        .then(|| format!("the game is over with standings {s:?}, not every player once ({want:?})"))
}
