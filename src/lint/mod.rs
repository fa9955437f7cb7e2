//! `goti lint`: does a ruleset make a game at all. For one ruleset and one
//! table (players, and royal's mode) it plays seeded games through the
//! rulebooks' legal actions (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3) and
//! checks, at every node reached:
//! - a throw's outcomes: at least one, none twice, probabilities that sum
//!   to 1, each accepted by the rules; every face of the dice thrown some
//!   time;
//! - the player to move has a legal action (no stuck position), and every
//!   action chosen from the listing is accepted;
//! - a finished game has standings naming every player once;
//!
//! and beside that: the generator against the rules on seeded walks
//! ([`crate::engine::legal::walk_and_compare`], as `cargo xtask legal`),
//! termination under each self-play policy (lengths, the share stopped at
//! the turn cap), and a probe of every stopped game's last position for a
//! way out (greedy, then random play from there): a position from which
//! none is found is reported as a suspected dead end, with a scenario that
//! reaches it. Pure: the CLI prints and exits.

pub mod exhaustive;
mod walk;

use std::sync::Arc;

use rayon::prelude::*;

use crate::engine::{Game, Mode, Player, Quiet};
use crate::runner::games::Played;
use crate::selfplay::{Driver, Policy};

pub use crate::selfplay::decisions::Decisions;
pub use walk::{legal_games, Start, Write, WALK_GAMES, WALK_TURNS};

/// How much to play for one table.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub players: u8,
    pub mode: Mode,
    /// Games played through the legal actions (and under each policy).
    pub games: u64,
    /// Walks of the generator against the rules.
    pub walks: u64,
    pub seed: u64,
    /// A game not finished after this many turns is stopped (and probed).
    pub max_turns: u32,
}

/// One thing wrong with a ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// What was checked: `lint.stuck`, `lint.dead-end`, `lint.chance`,
    /// `lint.generator`, `lint.standings`, `lint.no-exit`, `lint.invariant`.
    pub check: &'static str,
    pub message: String,
    /// The ruleset key at fault, where one is.
    pub key: Option<String>,
    /// The rule that decided it, where one did.
    pub rule: Option<&'static str>,
    /// A scenario that reaches it (`goti run` replays it).
    pub scenario: Option<String>,
}

/// The lengths of one policy's games, and their decisions.
#[derive(Clone, Debug, PartialEq)]
pub struct Lengths {
    pub policy: Policy,
    /// The player's nodes the policy's games passed (legal actions counted
    /// before every action a player chose).
    pub decisions: Decisions,
    pub games: u64,
    /// Games stopped at the turn cap.
    pub capped: u64,
    /// Turns of the finished games: median, 95th percentile, longest.
    pub median: f64,
    pub p95: f64,
    pub longest: u32,
}

/// What one table's lint found and measured.
#[derive(Clone, Debug)]
pub struct TableReport {
    pub players: u8,
    /// The mode's name, in a game that has modes.
    pub mode: Option<&'static str>,
    /// The games played through the legal actions (at most
    /// [`walk::WALK_TURNS`] turns each): their nodes, all checked.
    pub walked: Decisions,
    /// Player nodes where the generator was compared with the rules.
    pub compared: u64,
    pub lengths: Vec<Lengths>,
    /// Stopped games whose last position was probed, and those left by
    /// play from there.
    pub probed: u64,
    pub left: u64,
    pub findings: Vec<Finding>,
}

/// Lints one game's rules at one table.
pub fn lint_table<G: Played>(rules: &Arc<G::Rules>, cfg: &Config) -> TableReport {
    let table = &Player::ALL[..cfg.players as usize];
    let driver = G::driver(rules.clone(), cfg.mode, Policy::Random);
    let mut findings = Vec::new();
    let (walked, walk_findings) = walk::legal_games::<G>(
        &|t: &[Player]| driver.new_game(t),
        &|r: &crate::selfplay::Record, m: &str| walk::scenario(&driver, r, m),
        table,
        cfg,
    );
    findings.extend(walk_findings);
    let compared = match compare::<G>(&driver, table, cfg) {
        Ok(n) => n,
        Err(f) => {
            findings.push(f);
            0
        }
    };
    let mut lengths = Vec::new();
    let mut probed = 0;
    let mut left = 0;
    for policy in policies(&driver, table) {
        let d = G::driver(rules.clone(), cfg.mode, policy);
        let (l, stopped) = termination(&d, cfg, policy);
        lengths.push(l);
        let (p, lf, dead) = probe::<G>(rules, cfg, table, policy, &stopped);
        probed += p;
        left += lf;
        // One dead end a table: the first policy's (the others' counts are
        // in their lengths).
        if !findings
            .iter()
            .any(|f: &Finding| f.check == "lint.dead-end")
        {
            findings.extend(dead);
        }
    }
    TableReport {
        players: cfg.players,
        mode: (!G::VOCABULARY.modes.is_empty()).then(|| G::VOCABULARY.mode_name(cfg.mode)),
        walked,
        compared,
        lengths,
        probed,
        left,
        findings,
    }
}

/// The positions the exhaustive check visits at most.
pub const MAX_STATES: usize = 500_000;

/// What the exhaustive check of a reduced variant found: its figures and
/// its findings.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub explored: exhaustive::Explored,
    pub findings: Vec<Finding>,
}

/// Every position of `rules` (a reduced variant) reachable from a new
/// game of two players, checked: no stuck position, no dead end, every
/// listed action accepted.
pub fn lint_reduced<G: Played>(
    rules: &Arc<G::Rules>,
    mode: Mode,
) -> Result<Reduced, crate::error::Error> {
    let table = &Player::ALL[..2];
    let driver = G::reduced_driver(rules.clone(), mode);
    let start = driver.new_game(table)?;
    let explored = exhaustive::explore(&start, MAX_STATES);
    let mut findings = Vec::new();
    let scenario = |what: &str| {
        explored.path.as_ref().map(|plies| {
            let record = crate::selfplay::Record {
                seed: 0,
                players: table.to_vec(),
                turns: vec![plies.clone()],
            };
            walk::reduced_scenario(&driver, &record, what)
        })
    };
    if explored.stuck > 0 {
        let what = format!(
            "{} of {} positions of the reduced variant leave the player to move no legal action",
            explored.stuck, explored.states
        );
        findings.push(Finding {
            check: "lint.stuck",
            scenario: scenario(&what),
            message: what,
            key: None,
            rule: None,
        });
    } else if explored.dead > 0 {
        let mut what = format!(
            "{} of {} positions of the reduced variant are dead ends: no sequence of plies from them ends the game (every position visited)",
            explored.dead, explored.states
        );
        if let Some(why) = explored
            .path
            .as_ref()
            .and_then(|plies| reached(&start, plies))
            .and_then(|dead| dead.dead_end_why())
        {
            what = format!("{what}. The first one found: {why}");
        }
        findings.push(Finding {
            check: "lint.dead-end",
            scenario: scenario(&what),
            message: what,
            key: None,
            rule: end_rule::<G>(),
        });
    }
    if let Some(b) = &explored.broken {
        findings.push(Finding {
            check: "lint.invariant",
            message: format!("a position of the reduced variant breaks the game's invariants: {b}"),
            key: None,
            rule: None,
            scenario: None,
        });
    }
    if let Some((check, why)) = &explored.faulty {
        findings.push(Finding {
            check,
            message: format!("a position of the reduced variant: {why}"),
            key: None,
            rule: None,
            scenario: None,
        });
    }
    if let Some(r) = &explored.refused {
        findings.push(Finding {
            check: "lint.generator",
            message: format!("the rules refuse a listed action: {r}"),
            key: None,
            rule: None,
            scenario: None,
        });
    }
    Ok(Reduced { explored, findings })
}

/// The position `plies` lead to from `start`; `None` if the rules refuse
/// one of them.
fn reached<G: Game>(start: &G, plies: &[crate::engine::Action]) -> Option<G> {
    let mut pos = start.clone();
    plies
        .iter()
        .all(|a| pos.play_in_place(a, &mut Vec::new()))
        .then_some(pos)
}

/// The policies a game's self-play has: points only where it scores them.
fn policies<D: Driver>(driver: &D, table: &[Player]) -> Vec<Policy> {
    let mut out = vec![Policy::Random, Policy::Greedy];
    let scores = driver
        .new_game(table)
        .is_ok_and(|pos| pos.points(table[0]).is_some());
    if scores {
        out.push(Policy::Points);
    }
    out
}

/// The generator against the rules on `cfg.walks` seeded walks.
fn compare<G: Played>(driver: &G::Driver, table: &[Player], cfg: &Config) -> Result<u64, Finding> {
    (cfg.seed..cfg.seed.saturating_add(cfg.walks))
        .into_par_iter()
        .map(|s| {
            let start = driver.new_game(table).map_err(|e| finding_setup(&e))?;
            crate::engine::legal::walk_and_compare(&start, 400, s)
                .map(|c| c.nodes)
                .map_err(|v| Finding {
                    check: "lint.generator",
                    message: format!(
                        "the legal actions and the rules disagree (walk seed {s}): {}",
                        v.0
                    ),
                    key: None,
                    rule: None,
                    scenario: None,
                })
        })
        .try_reduce(|| 0, |a, b| Ok(a + b))
}

/// Whether `pos` is in a loop no action can leave: from it, every ply of
/// a round is forced (one outcome of a throw, one legal action) and the
/// round comes back to `pos` itself.
pub fn forced_loop<G: Game>(pos: &G) -> bool {
    use crate::engine::legal::Ply;
    let mut p = pos.clone();
    for _ in 0..FORCED_LOOP_PLIES {
        let next = match p.ply() {
            Ply::Over => return false,
            Ply::Chance(outcomes) if outcomes.len() == 1 => outcomes[0].clone(),
            Ply::Chance(_) => return false,
            Ply::Choice => match (p.legal_count(2), p.legal_list(1)) {
                (Ok(1), Ok(list)) => list[0].clone(),
                _ => return false,
            },
        };
        if !p.play_in_place(&next, &mut Vec::new()) {
            return false;
        }
        if p == *pos {
            return true;
        }
    }
    false
}

/// The plies [`forced_loop`] follows at most (a round of four players is
/// eight: a deal of no die and `next turn` each).
const FORCED_LOOP_PLIES: usize = 64;

/// The rule that ends the game (`end.finish`, `end.win`).
fn end_rule<G: Game>() -> Option<&'static str> {
    G::CATALOGUE
        .iter()
        .map(|r| r.id.0)
        .find(|id| id.starts_with("end."))
}

fn finding_setup(e: &crate::engine::SetupError) -> Finding {
    Finding {
        check: "lint.setup",
        message: format!("a new game cannot be set up: {e}"),
        key: None,
        rule: Some(e.rule.0),
        scenario: None,
    }
}

/// `cfg.games` games under `policy`: their lengths and decisions, and the
/// seeds of the games stopped at the turn cap.
fn termination<D: Driver>(driver: &D, cfg: &Config, policy: Policy) -> (Lengths, Vec<u64>) {
    let sp = crate::selfplay::Config {
        players: cfg.players,
        max_turns: cfg.max_turns,
    };
    use rand::SeedableRng;
    let counted_until = cfg.seed.saturating_add(DECISION_GAMES);
    let played: Vec<(u64, u32, bool, Decisions)> = (cfg.seed..cfg.seed.saturating_add(cfg.games))
        .into_par_iter()
        .filter_map(|s| {
            if s < counted_until {
                // Recorded and replayed, the legal actions counted before
                // every choice (the same game as the quiet path plays).
                let record = crate::selfplay::record_game(driver, s, &sp)?;
                let (d, over) = crate::selfplay::decisions::decisions_of(driver, &record)?;
                return Some((s, record.turns.len() as u32, over, d));
            }
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(s);
            let mut pos = driver.new_game(&Player::ALL[..cfg.players as usize]).ok()?;
            let mut turns = 0;
            while turns < cfg.max_turns && !pos.is_over() {
                turns += 1;
                driver.play_turn_into(&mut pos, &mut Quiet, &mut rng).ok()?;
            }
            Some((s, turns, pos.is_over(), Decisions::default()))
        })
        .collect();
    let decisions = played
        .iter()
        .fold(Decisions::default(), |a, (_, _, _, d)| a.joined(d.clone()));
    let mut finished: Vec<f64> = played
        .iter()
        .filter(|(_, _, f, _)| *f)
        .map(|(_, t, _, _)| *t as f64)
        .collect();
    finished.sort_by(f64::total_cmp);
    let stopped: Vec<u64> = played
        .iter()
        .filter(|(_, _, f, _)| !*f)
        .map(|(s, _, _, _)| *s)
        .collect();
    let q = |p: f64| {
        if finished.is_empty() {
            f64::NAN
        } else {
            crate::selfplay::balance::quantile(&finished, p)
        }
    };
    let lengths = Lengths {
        policy,
        decisions,
        games: played.len() as u64,
        capped: stopped.len() as u64,
        median: q(0.5),
        p95: q(0.95),
        longest: finished.last().map_or(0, |&t| t as u32),
    };
    (lengths, stopped)
}

pub use crate::selfplay::decisions::DECISION_GAMES;

/// The turns a probe plays from a stopped game's last position.
const PROBE_TURNS: u32 = 4_000;
/// Random probes after the greedy one.
const PROBE_RANDOM: u64 = 3;

/// Each stopped game replayed to its last position and played on from
/// there, greedy first, then at random: the games probed, those left,
/// and a suspected dead end for a position none left (one finding per
/// policy, with the count).
fn probe<G: Played>(
    rules: &Arc<G::Rules>,
    cfg: &Config,
    table: &[Player],
    policy: Policy,
    stopped: &[u64],
) -> (u64, u64, Vec<Finding>) {
    use rand::SeedableRng;
    let driver = G::driver(rules.clone(), cfg.mode, policy);
    let greedy = G::driver(rules.clone(), cfg.mode, Policy::Greedy);
    let random = G::driver(rules.clone(), cfg.mode, Policy::Random);
    let last_position = |seed: u64| -> Option<G> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut pos = driver.new_game(table).ok()?;
        for _ in 0..cfg.max_turns {
            driver.play_turn_into(&mut pos, &mut Quiet, &mut rng).ok()?;
        }
        Some(pos)
    };
    let way_out = |pos: &G, seed: u64| -> bool {
        let play_on = |d: &G::Driver, s: u64| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(s);
            let mut p = pos.clone();
            for _ in 0..PROBE_TURNS {
                if p.is_over() {
                    return true;
                }
                if d.play_turn_into(&mut p, &mut Quiet, &mut rng).is_err() {
                    return false;
                }
            }
            p.is_over()
        };
        play_on(&greedy, seed) || (1..=PROBE_RANDOM).any(|k| play_on(&random, seed ^ (k << 32)))
    };
    // (seed, left, a proven loop at the last position).
    let verdicts: Vec<(u64, bool, bool)> = stopped
        .par_iter()
        .filter_map(|&s| last_position(s).map(|p| (s, way_out(&p, s), forced_loop(&p))))
        .collect();
    let left = verdicts.iter().filter(|(_, ok, _)| *ok).count() as u64;
    let dead: Vec<(u64, bool)> = verdicts
        .iter()
        .filter(|(_, ok, _)| !*ok)
        .map(|(s, _, proven)| (*s, *proven))
        .collect();
    let proven = dead.iter().filter(|(_, p)| *p).count();
    let mut findings = Vec::new();
    // The first proven loop, else the first suspected dead end.
    if let Some(&(first, first_proven)) = dead.iter().find(|(_, p)| *p).or(dead.first()) {
        let scenario = crate::selfplay::record_game(
            &driver,
            first,
            &crate::selfplay::Config {
                players: cfg.players,
                max_turns: cfg.max_turns,
            },
        )
        .map(|r| {
            // Shortened to the first turn from which no way out is found
            // (by halving: the probe's verdict along one game).
            let at = |k: usize| -> Option<G> {
                let mut p = driver.new_game(&r.players).ok()?;
                for a in r.turns[..k].iter().flatten() {
                    if !p.play_in_place(a, &mut Vec::new()) {
                        return None;
                    }
                }
                Some(p)
            };
            // A proven loop is cut where the loop begins; a suspected dead
            // end where no probe leaves.
            let dead_at = |p: &G| {
                if first_proven {
                    forced_loop(p)
                } else {
                    !way_out(p, r.seed)
                }
            };
            let (mut lo, mut hi) = (0, r.turns.len());
            while lo < hi {
                let mid = (lo + hi) / 2;
                match at(mid) {
                    Some(p) if dead_at(&p) => hi = mid,
                    _ => lo = mid + 1,
                }
            }
            let shortest = crate::selfplay::Record {
                turns: r.turns[..hi].to_vec(),
                ..r
            };
            let what = if first_proven {
                format!("a dead end after {hi} turns: from here every ply of a round is forced and the round comes back to this position, for ever")
            } else {
                format!("a suspected dead end after {hi} turns: no play from here found a way out")
            };
            walk::scenario(&driver, &shortest, &what)
        });
        findings.push(Finding {
            check: "lint.dead-end",
            message: format!(
                "{} of {} games ({} play) stopped at the {}-turn cap in a position from which neither greedy play nor {PROBE_RANDOM} random plays of {PROBE_TURNS} turns ended the game; {proven} of them a proven dead end (every ply of a round forced, the round coming back to the same position: a loop every available action keeps); the scenario: game seed {first}",
                dead.len(),
                cfg.games,
                policy.name(),
                cfg.max_turns
            ),
            key: None,
            rule: end_rule::<G>(),
            scenario,
        });
    }
    (verdicts.len() as u64, left, findings)
}
