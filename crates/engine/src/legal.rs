//! What the rules allow (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3): the
//! legal actions of the player to move in each rulebook's normal form,
//! what the next ply of a history is (a chance outcome, a player's action,
//! or none once the game is over), and perft: the number of histories of
//! exactly D plies, with every chance outcome and every action one ply.
//! These define counting, not rules of play: no event cites them.

use std::collections::BTreeMap;

use crate::action::{Action, MoveOrder};
use crate::game::Game;
use crate::piece::{Direction, PieceId};
pub use crate::ply::{Ply, Unlisted};
use crate::vocabulary::{Vocabulary, Word};

/// The most candidate actions a listing tries through the rules before it
/// gives up (royal's moves are found by trying each combination).
pub const MAX_CANDIDATES: u64 = 4_000_000;

/// An action in the normal form of the rulebooks, as scenario syntax:
/// `next turn`, `exit G1 G2`, `move G1 3+4 forward, king 2`; games that
/// move forward only (`words.forward_only`) write no direction. Rolls are
/// written in ascending order (a guard's rolls are a multiset), and the
/// pieces of a game's own action too (a set); an action word of
/// `words.pieces_alike` names no piece.
pub fn normal_text(a: &Action, words: &Vocabulary) -> String {
    normal_text_in(a, words, false)
}

/// [`normal_text`] where `named_order` says whether the order a move names
/// its guards in is part of the action (ROYAL.md §10: a variant that plays
/// parted groups in the named order, `order.parted_groups: named`); then
/// the guards keep the move's order.
pub fn normal_text_in(a: &Action, words: &Vocabulary, named_order: bool) -> String {
    let forward_only = words.forward_only.is_some();
    let list = |xs: &[u8], sep: &str| {
        let mut xs = xs.to_vec();
        xs.sort_unstable();
        xs.iter().map(u8::to_string).collect::<Vec<_>>().join(sep)
    };
    match a {
        Action::Roll(d) if d.is_empty() => "roll".into(),
        Action::Roll(d) => format!(
            "roll {}",
            d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
        ),
        // A game whose scenarios write `pass` (maedn, race) says so.
        Action::NextTurn => words.next_turn.map_or("next turn", Word::text).into(),
        Action::Own(own) => {
            let mut text = own.word.text().to_string();
            // Pieces the normal form leaves out are alike (PORTAL.md §8).
            if !words.pieces_alike.contains(&own.word) {
                let mut p = own.pieces.clone();
                p.sort();
                for piece in p {
                    text.push(' ');
                    text.push_str(&piece.to_string());
                }
            }
            for n in &own.numbers {
                text.push(' ');
                text.push_str(&n.to_string());
            }
            text
        }
        Action::Move(m) => {
            let order = normal_order(m, named_order);
            let parts: Vec<String> = order
                .clauses
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let mut s = c.piece.to_string();
                    if !c.rolls.is_empty() {
                        s.push(' ');
                        s.push_str(&list(&c.rolls, "+"));
                    }
                    if i == 0 && !forward_only {
                        s.push_str(match c.direction {
                            Direction::Forward => " forward",
                            Direction::Backward => " backward",
                        });
                    }
                    s
                })
                .collect();
            format!("move {}", parts.join(", "))
        }
    }
}

/// A move's clauses in normal form: guards by number (the rules order
/// them) unless `named_order` keeps the move's order, the King first when
/// it is named first (`move.king-order`), else last.
fn normal_order(m: &MoveOrder, named_order: bool) -> MoveOrder {
    let king_first = m.clauses.first().is_some_and(|c| c.piece == PieceId::King);
    let mut guards: Vec<_> = m
        .clauses
        .iter()
        .filter(|c| c.piece != PieceId::King)
        .cloned()
        .collect();
    if !named_order {
        guards.sort_by_key(|c| c.piece);
    }
    let king = m.clauses.iter().find(|c| c.piece == PieceId::King).cloned();
    let mut clauses = Vec::new();
    if king_first {
        clauses.extend(king.clone());
    }
    clauses.extend(guards);
    if !king_first {
        clauses.extend(king);
    }
    MoveOrder { clauses }
}

/// Why a perft stopped before its count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// The node budget ran out: `nodes` were visited, the first
    /// `done` of the first ply's branches finished.
    Budget { nodes: u64, done: usize, of: usize },
    /// A position on the way could not be listed.
    Unlisted(Unlisted),
    /// A player's node with no legal action while the game goes on: the
    /// rules leave the player stuck (an impossible state for a sound ruleset).
    Stuck(String),
    /// A listed action or a chance outcome the rules then refused: the
    /// generator and the apply path disagree.
    Refused(String),
}

impl std::fmt::Display for PerftError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PerftError::Budget { nodes, done, of } => write!(
                f,
                "the node budget ran out after {nodes} nodes, with {done} of the first ply's {of} branches counted"
            ),
            PerftError::Unlisted(u) => write!(f, "{u}"),
            PerftError::Stuck(at) => write!(f, "no legal action while the game goes on: {at}"),
            PerftError::Refused(what) => write!(f, "the rules refused what they allow: {what}"),
        }
    }
}

/// A game's count where its listing is small: the listing's length.
pub fn count_of_listing<G: Game>(pos: &G, limit: usize) -> Result<u64, Unlisted> {
    pos.legal_list(limit).map(|l| l.len() as u64)
}

/// A game's sample where its candidates are few and all tried: the first `n`.
pub fn first_candidates<G: Game>(pos: &G, n: usize) -> Vec<Action> {
    pos.legal_candidates()
        .unwrap_or_default()
        .into_iter()
        .take(n)
        .collect()
}

/// The node budget of `goti perft` unless `--max-nodes` says otherwise.
pub const DEFAULT_MAX_NODES: u64 = 200_000_000;

/// The most legal actions a perft lists at one node.
pub const PERFT_LIST_LIMIT: usize = 1_000_000;

/// Counting within a budget of nodes: every position visited is one (a
/// position whose leaves are counted without applying them is one).
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub max_nodes: u64,
    pub nodes: u64,
}

impl Budget {
    pub fn new(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            nodes: 0,
        }
    }
    /// One position visited; the budget's error once it is spent.
    fn take(&mut self) -> Result<(), PerftError> {
        if self.spend(1) {
            Ok(())
        } else {
            Err(PerftError::Budget {
                nodes: self.nodes,
                done: 0,
                of: 0,
            })
        }
    }
    fn spend(&mut self, n: u64) -> bool {
        self.nodes = self.nodes.saturating_add(n);
        self.nodes <= self.max_nodes
    }
}

/// The children of a position: its ply's branches, each as the action that
/// leads there (a throw's outcomes shared, not rebuilt); empty once the
/// game is over.
pub fn branches<G: Game>(pos: &G) -> Result<Branches, PerftError> {
    match pos.ply() {
        Ply::Over => Ok(Branches::Listed(Vec::new())),
        Ply::Chance(outcomes) => Ok(Branches::Shared(outcomes)),
        Ply::Choice => {
            let list = pos
                .legal_list(PERFT_LIST_LIMIT)
                .map_err(PerftError::Unlisted)?;
            if list.is_empty() {
                return Err(PerftError::Stuck(format!("{} to move", pos.turn())));
            }
            Ok(Branches::Listed(list))
        }
    }
}

/// A position's branches: a throw's outcomes (shared) or a listing.
pub enum Branches {
    Shared(std::sync::Arc<[Action]>),
    Listed(Vec<Action>),
}

impl std::ops::Deref for Branches {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        match self {
            Branches::Shared(a) => a,
            Branches::Listed(v) => v,
        }
    }
}

fn child<G: Game>(pos: &G, a: &Action) -> Result<G, PerftError> {
    let mut next = pos.clone();
    // No events are read: the quiet path (`cargo xtask compare-paths`
    // holds it to the recording one).
    if next.play_with(a, &mut crate::Quiet) {
        Ok(next)
    } else {
        Err(refused(pos, a))
    }
}

/// A branch the rules refused: the generator and the rules disagree.
fn refused<G: Game>(pos: &G, a: &Action) -> PerftError {
    PerftError::Refused(format!("{} to move: {}", pos.turn(), pos.action_text(a)))
}

/// The number of histories of exactly `depth` plies from `pos` (a game
/// over before `depth` is one history).
pub fn perft<G: Game>(pos: &G, depth: u32, budget: &mut Budget) -> Result<u64, PerftError> {
    count(pos, depth, budget)
}

fn count<G: Game>(pos: &G, depth: u32, budget: &mut Budget) -> Result<u64, PerftError> {
    if depth == 0 || pos.is_over() {
        return Ok(1);
    }
    if depth == 2 {
        // A throw's outcomes and the actions after each, counted without
        // throwing where the game can.
        if let Some(leaves) = pos.leaves_after_throw() {
            budget.take()?;
            return Ok(leaves);
        }
    }
    if depth == 1 {
        // Leaves counted without applying them (royal counts its moves
        // without building them).
        let leaves = match pos.ply() {
            Ply::Over => 1,
            Ply::Chance(outcomes) => outcomes.len() as u64,
            Ply::Choice => match pos.legal_count(PERFT_LIST_LIMIT) {
                Ok(0) => return Err(PerftError::Stuck(format!("{} to move", pos.turn()))),
                Ok(n) => n,
                Err(e) => return Err(PerftError::Unlisted(e)),
            },
        };
        // The budget bounds work: one node per position visited.
        budget.take()?;
        return Ok(leaves);
    }
    let next = branches(pos)?;
    let mut total = 0u64;
    // One child's room, reused: `clone_from` lets a game copy less.
    let mut scratch: Option<G> = None;
    for a in next.iter() {
        budget.take()?;
        let c = match &mut scratch {
            Some(c) => {
                c.clone_from(pos);
                c
            }
            None => scratch.insert(pos.clone()),
        };
        // No events are read: the quiet path (`cargo xtask compare-paths`
        // holds it to the recording one).
        if !c.play_with(a, &mut crate::Quiet) {
            return Err(refused(pos, a));
        }
        total += count(c, depth - 1, budget)?;
    }
    Ok(total)
}

/// Perft split by the first ply: each branch as its action and its count,
/// in the order the branches come.
pub fn divide<G: Game>(
    pos: &G,
    depth: u32,
    budget: &mut Budget,
) -> Result<Vec<(Action, u64)>, PerftError> {
    if depth == 0 || pos.is_over() {
        return Ok(Vec::new());
    }
    let next = branches(pos)?;
    let of = next.len();
    let mut out = Vec::with_capacity(of);
    for (i, a) in next.iter().enumerate() {
        if !budget.spend(1) {
            return Err(PerftError::Budget {
                nodes: budget.nodes,
                done: i,
                of,
            });
        }
        let c = child(pos, a)?;
        let n = count(&c, depth - 1, budget).map_err(|e| match e {
            PerftError::Budget { nodes, .. } => PerftError::Budget { nodes, done: i, of },
            other => other,
        })?;
        out.push((a.clone(), n));
    }
    Ok(out)
}

/// The branches of a perft's first ply with their counts, by their normal
/// text (so two builds' or two rulesets' divides line up).
pub fn divide_by_text<G: Game>(
    pos: &G,
    depth: u32,
    budget: &mut Budget,
) -> Result<BTreeMap<String, u64>, PerftError> {
    Ok(divide(pos, depth, budget)?
        .into_iter()
        .map(|(a, n)| (pos.action_text(&a), n))
        .collect())
}

/// The most legal actions a walk lists at one node (past it, counted only).
const WALK_LIST_LIMIT: usize = 2_000;

/// Walks `plies` plies from `start` by seeded random choices (the listing's
/// actions, the chance outcomes) and at every player's node checks that the
/// count agrees with the listing, the listing's actions are each accepted
/// by the rules and distinct in normal form, and (where the game can build
/// them) that the candidates the rules accept, built without the generator,
/// are exactly the listing. Returns the nodes compared.
/// (The engine's differential test of its generator; `cargo xtask legal`
/// runs it on many seeds.)
pub fn walk_and_compare<G: Game>(
    start: &G,
    plies: usize,
    seed: u64,
) -> Result<Compared, crate::Violation> {
    walk(start, plies, seed).map_err(crate::Violation)
}

/// What a walk compared: player's nodes, and of them those where every
/// candidate action was built and tried (the rest: a seeded sample).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    pub nodes: u64,
    pub every_candidate: u64,
}

impl std::ops::Add for Compared {
    type Output = Compared;
    fn add(self, o: Compared) -> Compared {
        Compared {
            nodes: self.nodes + o.nodes,
            every_candidate: self.every_candidate + o.every_candidate,
        }
    }
}

impl std::ops::AddAssign for Compared {
    fn add_assign(&mut self, o: Compared) {
        *self = *self + o;
    }
}

fn walk<G: Game>(start: &G, plies: usize, seed: u64) -> Result<Compared, String> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut pos = start.clone();
    let mut compared = Compared::default();
    let mut events = Vec::new();
    for _ in 0..plies {
        let options = match pos.ply() {
            Ply::Over => break,
            Ply::Chance(outcomes) => outcomes.to_vec(),
            Ply::Choice => {
                let count = pos
                    .legal_count(usize::MAX)
                    .map_err(|e| format!("{} to move: count: {e}", pos.turn()))?;
                if count > WALK_LIST_LIMIT as u64 {
                    // Too many to list here: counted only, and the walk
                    // goes on by ending the turn (always legal where a
                    // count is this large: royal's `move.choice`).
                    let mut next = pos.clone();
                    if !next.play_in_place(&Action::NextTurn, &mut events) {
                        return Err(format!(
                            "{} to move: {count} legal actions but no `next turn`",
                            pos.turn()
                        ));
                    }
                    pos = next;
                    continue;
                }
                let list = pos
                    .legal_list(WALK_LIST_LIMIT)
                    .map_err(|e| format!("{} to move: {e}", pos.turn()))?;
                if count != list.len() as u64 {
                    return Err(format!(
                        "{} to move: counted {count}, listed {}: {}",
                        pos.turn(),
                        list.len(),
                        list.iter()
                            .map(|a| pos.action_text(a))
                            .collect::<Vec<_>>()
                            .join(" | ")
                    ));
                }
                let mut texts: Vec<String> = list.iter().map(|a| pos.action_text(a)).collect();
                texts.sort();
                texts.dedup();
                if texts.len() != list.len() {
                    return Err(format!("{} to move: an action listed twice", pos.turn()));
                }
                let listed: std::collections::BTreeSet<&String> = texts.iter().collect();
                let sample = pos.legal_candidates().is_none();
                for a in pos.legal_sample(next(), if sample { 64 } else { 0 }) {
                    let accepted = pos.clone().play_in_place(&a, &mut Vec::new());
                    let text = pos.action_text(&a);
                    if accepted != listed.contains(&text) {
                        return Err(format!(
                            "{} to move: the rules {} `{text}`, the listing {}",
                            pos.turn(),
                            if accepted { "accept" } else { "refuse" },
                            if accepted { "lacks it" } else { "has it" }
                        ));
                    }
                }
                if let Some(candidates) = pos.legal_candidates() {
                    let accepted: std::collections::BTreeSet<String> = candidates
                        .iter()
                        .filter(|a| pos.clone().play_in_place(a, &mut Vec::new()))
                        .map(|a| pos.action_text(a))
                        .collect();
                    let listed: std::collections::BTreeSet<String> =
                        texts.iter().cloned().collect();
                    if accepted != listed {
                        let missing: Vec<&String> = accepted.difference(&listed).take(5).collect();
                        let extra: Vec<&String> = listed.difference(&accepted).take(5).collect();
                        return Err(format!(
                            "{} to move: the rules accept what the listing misses {missing:?}, the listing has what they refuse {extra:?}",
                            pos.turn()
                        ));
                    }
                    compared.every_candidate += 1;
                }
                compared.nodes += 1;
                list
            }
        };
        if options.is_empty() {
            return Err(format!(
                "{} to move: nothing to do while the game goes on",
                pos.turn()
            ));
        }
        let a = &options[(next() % options.len() as u64) as usize];
        events.clear();
        if !pos.play_in_place(a, &mut events) {
            return Err(format!(
                "{} to move: the rules refused `{}`",
                pos.turn(),
                pos.action_text(a)
            ));
        }
    }
    Ok(compared)
}
