//! Decisions, defined once (issue 47): a decision point is a player's
//! node (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3: the player to move
//! chooses among its legal actions); a forced decision has exactly one
//! legal action; the branching is the number of legal actions at a
//! decision. `goti lint` and `goti balance` both count them here.

use crate::engine::legal::Ply;
use crate::engine::Game;
use crate::selfplay::{Driver, Record};

/// The games of a run whose decisions are counted: the first of its seeds
/// (each game is replayed with every decision's legal actions counted; the
/// rest are played quietly). `goti lint` and `goti balance` both count these.
pub const DECISION_GAMES: u64 = 30;

/// The player's nodes of the games played through the legal actions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decisions {
    /// Player nodes (decision points).
    pub nodes: u64,
    /// Of them, those with exactly one legal action (forced decisions).
    pub forced: u64,
    /// The sum and the sum of squares of the legal actions' counts.
    pub sum: f64,
    pub sum_sq: f64,
    /// Games played, and those finished.
    pub games: u64,
    pub finished: u64,
    /// Every decision's count of legal actions (policy games only).
    pub counts: Vec<u64>,
}

impl Decisions {
    /// The share of decisions with exactly one legal action.
    pub fn forced_share(&self) -> f64 {
        self.forced as f64 / self.nodes.max(1) as f64
    }
    /// The mean number of legal actions at a decision (branching).
    pub fn mean(&self) -> f64 {
        self.sum / self.nodes.max(1) as f64
    }
    /// Its standard deviation.
    pub fn sd(&self) -> f64 {
        let n = self.nodes.max(1) as f64;
        (self.sum_sq / n - self.mean().powi(2)).max(0.0).sqrt()
    }
    /// The median number of legal actions at a decision.
    pub fn median(&self) -> u64 {
        let mut c = self.counts.clone();
        c.sort_unstable();
        c.get(c.len() / 2).copied().unwrap_or(0)
    }
    /// Both runs' decisions together.
    pub fn joined(mut self, o: Decisions) -> Decisions {
        self.counts.extend(o.counts);
        self.nodes += o.nodes;
        self.forced += o.forced;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
        self.games += o.games;
        self.finished += o.finished;
        self
    }
}

/// A policy's recorded game replayed: the legal actions counted before
/// every action a player chose, and whether the game ended.
pub fn decisions_of<G: Game>(
    driver: &impl Driver<Game = G>,
    record: &Record,
) -> Option<(Decisions, bool)> {
    let mut pos = driver.new_game(&record.players).ok()?;
    let mut d = Decisions {
        games: 1,
        ..Decisions::default()
    };
    for a in record.turns.iter().flatten() {
        if pos.ply() == Ply::Choice {
            let n = pos.legal_count(usize::MAX).ok()?;
            d.counts.push(n);
            d.nodes += 1;
            d.forced += (n == 1) as u64;
            d.sum += n as f64;
            d.sum_sq += (n as f64).powi(2);
        }
        if !pos.play_in_place(a, &mut Vec::new()) {
            return None;
        }
    }
    d.finished = pos.is_over() as u64;
    Some((d, pos.is_over()))
}
