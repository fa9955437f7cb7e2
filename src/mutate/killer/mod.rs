//! A scenario that kills a surviving mutant (`goti mutate --write`):
//! seeded self-play games under the real rules, replayed action by action
//! under the mutant from the same new game, stopped at the first action
//! whose outcome an expectation can tell apart (a piece's place or steps,
//! a number, whose turn, the winner, a rule applied, or the action refused);
//! the game then shrunk (whole rounds, then single turns, removed while
//! the rules still part there) and written as a scenario whose expectations
//! are what the real rules give. Pure: the CLI verifies and writes.

mod lockstep;
mod write;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::Arc;
use std::time::Instant;

use crate::engine::{Action, Event, Game, Mode, PieceId, Player, What, Word};
use crate::runner::games::Played;
use crate::runner::position::{PairVisitor, Position};
use crate::selfplay::{self, action_text, Config, Driver, Policy, Record};

use lockstep::*;
pub use write::{scenario_text, simpler, unsnapshotted_text};

/// How long and how wide to search.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// The first game seed; game `i` plays seed `seed + i`.
    pub seed: u64,
    /// At most this many games.
    pub games: u64,
    /// Stop starting games after this instant.
    pub deadline: Instant,
    pub max_turns: u32,
}

/// An expectation of the real rules that the mutant breaks, and the rule
/// whose event decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub line: String,
    pub rule: Option<&'static str>,
    /// The rule the mutant's events cite instead, where one names the
    /// subject and the real rules' events do not cite it.
    pub instead: Option<&'static str>,
}

/// A position a passing scenario of the suite ends in, under the real
/// rules and under the mutant, with the scenario's text: the search plays
/// on from there before it tries new games.
#[derive(Clone, Debug)]
pub struct Start {
    pub base: Position,
    pub mutant: Position,
    /// The scenario as written (the file's header statements first).
    pub text: String,
    /// `FILE:LINE NAME`.
    pub name: String,
}

/// Where the real rules and the mutant part.
#[derive(Clone, Debug)]
pub struct Parting {
    /// The candidate's id (`Seek::skip` takes it to try another).
    pub id: u64,
    /// The scenario it plays on from (`Start::name`, `Start::text`), if any:
    /// `record` starts at its end.
    pub from: Option<(String, String)>,
    pub record: Record,
    /// Turns in the game before shrinking (up to the parting action).
    pub turns_before: usize,
    /// The mutant refuses the last action.
    pub refused: bool,
    pub expectations: Vec<Expectation>,
    /// The scenario's header and set-up lines (its game, mode, players).
    pub header: String,
    /// The set-up lines of the position before the parting turn, where the
    /// game can write them: a shorter scenario of that turn alone.
    pub tail: Option<String>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub enum Searched {
    /// A game that parts the two rulesets, shrunk.
    Parts(Box<Parting>),
    /// No difference in `games` games and `positions` positions.
    Same { games: u64, positions: u64 },
}

/// Searches games that part `base` from `mutant` (rules of one game).
pub struct Seek<'a> {
    pub search: &'a Search,
    /// Candidates already tried and refused by the caller's check (their ids).
    pub skip: &'a BTreeSet<u64>,
    /// Where the suite's passing scenarios end (any game; the search takes its own).
    pub starts: &'a [Start],
}

impl PairVisitor for Seek<'_> {
    type Out = Searched;
    fn visit<G: Played>(self, base: &Arc<G::Rules>, mutant: &Arc<G::Rules>) -> Searched {
        match from_starts::<G>(self.search, self.skip, self.starts) {
            (Some(found), _, _) => found,
            (None, games, positions) => match seek::<G>(base, mutant, self.search, self.skip) {
                Searched::Same {
                    games: g,
                    positions: p,
                } => Searched::Same {
                    games: g + games,
                    positions: p + positions,
                },
                found => found,
            },
        }
    }
}

/// The table and mode of game `i` of a game with `modes` modes: 2, 3 and
/// 4 players in turn, and each mode in turn (royal's Journey and Clash; a
/// game without modes plays its one way).
fn table_of(i: u64, modes: usize) -> (u8, Mode) {
    let players = 2 + (i % 3) as u8;
    let mode = Mode::nth(((i / 3) % modes.max(1) as u64) as u8);
    (players, mode)
}

fn seek<G: Played>(
    base: &Arc<G::Rules>,
    mutant: &Arc<G::Rules>,
    search: &Search,
    skip: &BTreeSet<u64>,
) -> Searched {
    let mut positions = 0u64;
    let mut games = 0u64;
    for i in 0..search.games {
        if Instant::now() >= search.deadline {
            break;
        }
        let seed = search.seed + i;
        let (players, mode) = table_of(i, G::VOCABULARY.modes.len());
        let b = G::driver(base.clone(), mode, Policy::Random);
        let m = G::driver(mutant.clone(), mode, Policy::Random);
        let cfg = Config {
            players,
            max_turns: search.max_turns,
        };
        let Some(record) = selfplay::record_game(&b, seed, &cfg) else {
            continue;
        };
        games += 1;
        if skip.contains(&seed) {
            continue;
        }
        let (found, compared) = lockstep(&b, &m, None, &record);
        positions += compared;
        let Lockstep::Parts(d) = found else {
            continue;
        };
        return Searched::Parts(Box::new(parting(&b, &m, None, seed, record, d)));
    }
    Searched::Same { games, positions }
}

/// Games played on from each start, at most this many per start.
const GAMES_PER_START: u64 = 3;
/// Candidate ids of starts: apart from new games' seeds.
const START_ID: u64 = 1 << 62;

/// Searches on from where the suite's scenarios end: first the end itself
/// (the two rulesets may already disagree on something no expectation
/// checks), then seeded self-play from the next turn. The parting found,
/// else how many games and positions were compared.
fn from_starts<G: Played>(
    search: &Search,
    skip: &BTreeSet<u64>,
    starts: &[Start],
) -> (Option<Searched>, u64, u64) {
    let (mut games, mut positions) = (0u64, 0u64);
    let typed: Vec<(u64, &Start, &G, &G)> = starts
        .iter()
        .enumerate()
        .filter_map(|(si, s)| {
            let id0 = START_ID + (si as u64) * (GAMES_PER_START + 1);
            Some((id0, s, s.base.as_game::<G>()?, s.mutant.as_game::<G>()?))
        })
        .collect();
    // Every end first (cheap), then games from each; new games keep half the budget.
    let now = Instant::now();
    let half = now + search.deadline.saturating_duration_since(now) / 2;
    for pass in [0, 1] {
        for &(id0, start, b0, m0) in &typed {
            if let Some(found) = from_start(
                search,
                skip,
                pass,
                half,
                (id0, start, b0, m0),
                &mut games,
                &mut positions,
            ) {
                return (Some(found), games, positions);
            }
        }
    }
    (None, games, positions)
}

/// One start of [`from_starts`]: its end (`pass` 0) or games on from it (1).
fn from_start<G: Played>(
    search: &Search,
    skip: &BTreeSet<u64>,
    pass: u8,
    deadline: Instant,
    (id0, start, b0, m0): (u64, &Start, &G, &G),
    games: &mut u64,
    positions: &mut u64,
) -> Option<Searched> {
    {
        let from = Some((start.name.clone(), start.text.clone()));
        if pass == 0 {
            *positions += 1;
        }
        let at_end = if pass == 0 {
            told_apart(b0, m0, &[], &[])
        } else {
            Vec::new()
        };
        if !at_end.is_empty() && !skip.contains(&id0) {
            let found = Parting {
                id: id0,
                from,
                record: Record {
                    seed: 0,
                    players: b0.players(),
                    turns: Vec::new(),
                },
                turns_before: 0,
                refused: false,
                expectations: at_end,
                header: String::new(),
                tail: None,
            };
            return Some(Searched::Parts(Box::new(found)));
        }
        if pass == 0 || Instant::now() >= deadline {
            return None;
        }
        let mut ev = Vec::new();
        let next = b0.apply(&Action::NextTurn, &mut ev).ok()?;
        let mode = b0.play_mode();
        let b = G::driver(b0.rules().clone(), mode, Policy::Random);
        let m = G::driver(m0.rules().clone(), mode, Policy::Random);
        let cfg = Config {
            players: b0.players().len() as u8,
            max_turns: search.max_turns,
        };
        for k in 0..GAMES_PER_START {
            if Instant::now() >= deadline {
                break;
            }
            let id = id0 + 1 + k;
            let seed = search.seed + k;
            let Some(mut record) = selfplay::record_from(&b, next.clone(), seed, &cfg) else {
                continue;
            };
            // The scenario's turn ends first.
            record.turns.insert(0, vec![Action::NextTurn]);
            *games += 1;
            if skip.contains(&id) {
                continue;
            }
            let (found, compared) = lockstep(&b, &m, Some((b0, m0)), &record);
            *positions += compared;
            let Lockstep::Parts(d) = found else {
                continue;
            };
            let mut found = parting(&b, &m, Some((b0, m0)), id, record, d);
            found.from = from;
            return Some(Searched::Parts(Box::new(found)));
        }
    }
    None
}

/// The parting `d` of `record` (from `start`, else a new game), shrunk,
/// with the set-up before its last turn where the game can write one.
fn parting<D: Driver>(
    b: &D,
    m: &D,
    start: Option<(&D::Game, &D::Game)>,
    id: u64,
    record: Record,
    d: Difference,
) -> Parting
where
    D::Game: Played,
{
    let turns_before = d.turn + 1;
    let (record, d) = shrink(b, m, start, cut(&record, &d), d);
    let tail = before_last_turn(b, start.map(|s| s.0), &record).and_then(|pos| pos.setup_lines());
    Parting {
        id,
        from: None,
        tail,
        header: b.replay_header(&record),
        record,
        turns_before,
        refused: d.refused,
        expectations: d.expectations,
    }
}

/// The position before the record's last turn, under the real rules.
fn before_last_turn<D: Driver>(
    base: &D,
    start: Option<&D::Game>,
    record: &Record,
) -> Option<D::Game> {
    let mut pos = match start {
        Some(pos) => pos.clone(),
        None => base.new_game(&record.players).ok()?,
    };
    let mut events = Vec::new();
    let n = record.turns.len().saturating_sub(1);
    for action in record.turns[..n].iter().flatten() {
        pos = pos.apply(action, &mut events).ok()?;
    }
    Some(pos)
}

#[cfg(test)]
mod tests {
    use super::simpler;
    use super::write::scenario_body;

    #[test]
    fn a_suite_scenario_is_copied_without_its_name_and_snapshots() {
        let text = "rules portal\nscenario \"x\"\n# why\nP1 G1 on 3; move G1 2\nsnapshot\nexpect P1 G1 on 1; snapshot\n";
        assert_eq!(
            scenario_body(text),
            "rules portal\n# why\nP1 G1 on 3; move G1 2\nexpect P1 G1 on 1\n"
        );
    }

    #[test]
    fn a_set_up_is_made_simpler_one_step_at_a_time() {
        let tail = "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n";
        let got = simpler(tail);
        let want = [
            "P1 G1 on 22 before midpoint, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 0, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 1, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle 0\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -20\nturn P1\n",
        ];
        assert_eq!(got, want);
        // Nothing simpler than a bare place and the turn.
        assert!(simpler("P1 G1 on 22\nturn P1\n").is_empty());
    }
}
