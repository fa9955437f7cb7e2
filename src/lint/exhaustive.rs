//! Every reachable position of a small variant, as OpenSpiel's
//! `GetAllStates` visits them: from a new game, every throw's outcome and
//! every legal action, each position once (keyed by its whole state).
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
}

/// Visits every position reachable from `start`, at most `max_states`.
pub fn explore<G: Game>(start: &G, max_states: usize) -> Explored {
    let key = |p: &G| format!("{p:?}");
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut nodes: Vec<G> = vec![start.clone()];
    let mut parent: Vec<Option<(usize, Action)>> = vec![None];
    let mut succ: Vec<Vec<usize>> = Vec::new();
    index.insert(key(start), 0);
    let (mut over, mut complete) = (Vec::new(), true);
    let mut stuck = Vec::new();
    let mut refused = None;
    let mut i = 0;
    while i < nodes.len() {
        let pos = nodes[i].clone();
        let branches: Vec<Action> = match pos.ply() {
            Ply::Over => {
                over.push(i);
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
                None if nodes.len() >= max_states => {
                    complete = false;
                    continue;
                }
                None => {
                    let j = nodes.len();
                    index.insert(k, j);
                    nodes.push(next);
                    parent.push(Some((i, a)));
                    j
                }
            };
            out.push(j);
        }
        succ.push(out);
        i += 1;
    }
    // Backwards from every end: the positions that can still reach one.
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (from, tos) in succ.iter().enumerate() {
        for &to in tos {
            pred[to].push(from);
        }
    }
    let mut can_end = vec![false; nodes.len()];
    let mut queue: VecDeque<usize> = over.iter().copied().collect();
    for &o in &over {
        can_end[o] = true;
    }
    while let Some(n) = queue.pop_front() {
        for &p in &pred[n] {
            if !can_end[p] {
                can_end[p] = true;
                queue.push_back(p);
            }
        }
    }
    let dead: Vec<usize> = if complete {
        (0..nodes.len()).filter(|&n| !can_end[n]).collect()
    } else {
        Vec::new()
    };
    let first = stuck.first().or(dead.first()).copied();
    let path = first.map(|mut n| {
        let mut plies = Vec::new();
        while let Some((p, a)) = &parent[n] {
            plies.push(a.clone());
            n = *p;
        }
        plies.reverse();
        plies
    });
    Explored {
        states: nodes.len(),
        over: over.len(),
        stuck: stuck.len(),
        dead: dead.len(),
        complete,
        path,
        refused,
    }
}
