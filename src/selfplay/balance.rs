//! What a rule change does to play: self-play of two rulesets on the same
//! seeds (common random numbers), per-game measures, and paired
//! differences with 95% confidence intervals. Pure: the CLI builds the
//! rules and prints.

use crate::error::{Error, ErrorKind};
use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Event, Game, Player, Sink, What};
use crate::selfplay::Driver;

/// What one game did.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct GameStats {
    pub turns: u32,
    pub finished: bool,
    /// The winner's seat index (0 = P1).
    pub winner: Option<usize>,
    /// Named measures per game: captures, blockade penalties, ...
    pub measures: BTreeMap<&'static str, f64>,
    /// How often each rule ID fired.
    pub rules: BTreeMap<&'static str, f64>,
    /// For the run's first [`super::decisions::DECISION_GAMES`] seeds: the
    /// share of its decisions that were forced, and the mean number of
    /// legal actions at a decision (`None` for the others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisions: Option<(f64, f64)>,
}

/// The measures every game reports (0 where a game has no such thing).
pub const MEASURES: &[&str] = &[
    "battle points",
    "captures",
    "blockade penalties",
    "grace rolls",
    "exits",
    "falls",
    "road rides",
    "extra rolls",
];

/// Counts what `e` adds to the [`MEASURES`] of a game; a roll counts in
/// `rolls` (the turn's, for its extra rolls).
#[inline(always)]
fn tally(e: &Event, measures: &mut [f64; MEASURES.len()], rolls: &mut f64) {
    let m = match e.what {
        What::Points { points, .. } => {
            measures[BATTLE_POINTS] += points as f64;
            return;
        }
        What::Rolled { .. } => {
            *rolls += 1.0;
            return;
        }
        What::Captured { .. } => 1,
        What::Penalty { .. } => 2,
        What::Grace => 3,
        What::Exited { .. } => 4,
        What::Fell { .. } => 5,
        What::Jumped { .. } => 6,
        _ => return,
    };
    measures[m] += 1.0;
}

/// Where "battle points" and "extra rolls" stand in [`MEASURES`].
const BATTLE_POINTS: usize = 0;
const EXTRA_ROLLS: usize = 7;

/// Rule firings counted by rule ID. A rule's ID is one static text, so its
/// address finds its count in a table open-addressed by address (two
/// copies of one text, if a build made any, are two entries, added
/// together by text when the game's counts are read).
struct Firings {
    slots: Vec<(Option<&'static str>, u64)>,
    used: usize,
}

impl Firings {
    fn new() -> Firings {
        Firings {
            slots: vec![(None, 0); 128],
            used: 0,
        }
    }

    /// Counts one firing of `rule`.
    #[inline]
    fn count(&mut self, rule: &'static str) {
        let mask = self.slots.len() - 1;
        let mut i = slot_of(rule, mask);
        loop {
            match &mut self.slots[i] {
                (Some(r), n) if std::ptr::eq(*r, rule) => {
                    *n += 1;
                    return;
                }
                (None, _) => return self.add(rule),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// The first firing of `rule`: a new entry (the table doubles before it
    /// is half full, so a free slot is always found).
    #[cold]
    fn add(&mut self, rule: &'static str) {
        if 2 * (self.used + 1) > self.slots.len() {
            let grown = vec![(None, 0); 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, grown);
            for (r, n) in old {
                if let Some(r) = r {
                    put(&mut self.slots, r, n);
                }
            }
        }
        put(&mut self.slots, rule, 1);
        self.used += 1;
    }

    /// Every rule that fired, with its count.
    fn fired(self) -> impl Iterator<Item = (&'static str, f64)> {
        self.slots
            .into_iter()
            .filter_map(|(r, n)| Some((r?, n as f64)))
    }
}

/// Where the search for `rule` starts in a table of `mask + 1` slots:
/// Fibonacci hashing of its address.
fn slot_of(rule: &'static str, mask: usize) -> usize {
    ((rule.as_ptr() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask
}

/// Puts `rule`, fired `n` times, in the first free slot from its own.
fn put(slots: &mut [(Option<&'static str>, u64)], rule: &'static str, n: u64) {
    let mask = slots.len() - 1;
    let mut i = slot_of(rule, mask);
    while slots[i].0.is_some() {
        i = (i + 1) & mask;
    }
    slots[i] = (Some(rule), n);
}

/// A game's events counted as the engine hands them over, none kept: rule
/// firings by rule ID, the [`MEASURES`], and the rolls of the turn.
struct Tally {
    fired: Firings,
    measures: [f64; MEASURES.len()],
    rolls: f64,
    given: usize,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            fired: Firings::new(),
            measures: [0.0; MEASURES.len()],
            rolls: 0.0,
            given: 0,
        }
    }
}

impl Sink for Tally {
    const ON: bool = true;
    // A refused try's reason is never read.
    const REASONS: bool = false;
    #[inline(always)]
    fn put(&mut self, e: Event) {
        self.given += 1;
        self.fired.count(e.rule.0);
        tally(&e, &mut self.measures, &mut self.rolls);
        e.what.discard();
    }
    fn recorded(&self) -> usize {
        self.given
    }
}

/// Plays one game from `seed` with no checks (the speed path), recording
/// what happened.
pub fn play<D: Driver>(
    driver: &D,
    players: &[Player],
    seed: u64,
    max_turns: u32,
) -> Result<GameStats, Error> {
    Error::of(ErrorKind::Input, || {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut stats = GameStats::default();
        // A game that cannot be set up is an error, never an empty game.
        let mut pos = driver.new_game(players).map_err(|e| {
            format!(
                "self-play cannot set up a game of {} players: {e}",
                players.len()
            )
        })?;
        // Every event counted as it happens, none kept.
        let mut tally = Tally::new();
        while stats.turns < max_turns && !pos.is_over() {
            stats.turns += 1;
            tally.rolls = 0.0;
            // Without checks nothing can fail.
            let _ = driver.play_turn_into(&mut pos, &mut tally, &mut rng);
            if tally.rolls > 1.0 {
                tally.measures[EXTRA_ROLLS] += tally.rolls - 1.0;
            }
        }
        for (m, n) in MEASURES.iter().zip(tally.measures) {
            stats.measures.insert(m, n);
        }
        for (rule, n) in tally.fired.fired() {
            *stats.rules.entry(rule).or_default() += n;
        }
        stats.finished = pos.is_over();
        stats.winner = pos
            .final_standings()
            .and_then(|s| s.first())
            .map(|p| p.index());
        Ok(stats)
    })
}

/// A paired comparison of one measure: base and head means, their
/// difference with a 95% confidence interval.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Paired {
    pub base: f64,
    pub head: f64,
    pub diff: f64,
    pub low: f64,
    pub high: f64,
    /// The interval excludes zero.
    pub marked: bool,
}

/// Mean, difference and 95% interval of paired samples (the same seeds
/// under both rulesets): the normal interval of the mean of the
/// differences, mean ± 1.96 · sd / √n.
pub fn paired(base: &[f64], head: &[f64]) -> Paired {
    assert_eq!(base.len(), head.len(), "paired samples come in pairs");
    let n = base.len().max(1) as f64;
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / n;
    let d: Vec<f64> = head.iter().zip(base).map(|(h, b)| h - b).collect();
    let md = mean(&d);
    let var = if d.len() > 1 {
        d.iter().map(|x| (x - md).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    let (low, high) = (md - half, md + half);
    Paired {
        base: mean(base),
        head: mean(head),
        diff: md,
        low,
        high,
        marked: low > 0.0 || high < 0.0,
    }
}

/// The `q` quantile (0-1) of `xs` (nearest rank).
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

/// Every comparison of a balance run.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub games: usize,
    pub length: Paired,
    pub length_median: (f64, f64),
    pub length_p95: (f64, f64),
    pub finished: Paired,
    /// Win rate by seat (P1 first).
    pub wins: Vec<Paired>,
    pub measures: Vec<(String, Paired)>,
    pub rules: Vec<(String, Paired)>,
    /// The forced decisions' share and the legal actions per decision,
    /// over the games counted on both sides (`None`: none counted).
    pub decisions: Option<DecisionRows>,
}

/// The decision figures of both sides (the first games of the run).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DecisionRows {
    pub games: usize,
    pub forced: Paired,
    pub branching: Paired,
}

/// The decision figures over the games both sides counted.
fn decision_rows(base: &[GameStats], head: &[GameStats]) -> Option<DecisionRows> {
    /// A game's (forced share, branching) on the base side and the head's.
    type Both = ((f64, f64), (f64, f64));
    let both: Vec<Both> = base
        .iter()
        .zip(head)
        .filter_map(|(b, h)| Some((b.decisions?, h.decisions?)))
        .collect();
    if both.is_empty() {
        return None;
    }
    let col = |f: &dyn Fn(&Both) -> f64| both.iter().map(f).collect::<Vec<_>>();
    Some(DecisionRows {
        games: both.len(),
        forced: paired(&col(&|p| p.0 .0), &col(&|p| p.1 .0)),
        branching: paired(&col(&|p| p.0 .1), &col(&|p| p.1 .1)),
    })
}

/// Compares the games of both sides (same seeds, same order).
pub fn compare(base: &[GameStats], head: &[GameStats], seats: usize) -> Report {
    let col =
        |xs: &[GameStats], f: &dyn Fn(&GameStats) -> f64| xs.iter().map(f).collect::<Vec<f64>>();
    let len_b = col(base, &|g| g.turns as f64);
    let len_h = col(head, &|g| g.turns as f64);
    // Every rule that fired in some game, in order: most games fire the
    // same rules, so each game's (ordered) keys are merged in only when
    // they hold one not seen yet.
    let mut rules: Vec<&'static str> = Vec::new();
    for g in base.iter().chain(head) {
        if g.rules.keys().all(|k| rules.binary_search(k).is_ok()) {
            continue;
        }
        rules.extend(g.rules.keys().copied());
        rules.sort_unstable();
        rules.dedup();
    }
    Report {
        games: base.len(),
        length: paired(&len_b, &len_h),
        length_median: (quantile(&len_b, 0.5), quantile(&len_h, 0.5)),
        length_p95: (quantile(&len_b, 0.95), quantile(&len_h, 0.95)),
        finished: paired(
            &col(base, &|g| f64::from(u8::from(g.finished))),
            &col(head, &|g| f64::from(u8::from(g.finished))),
        ),
        wins: (0..seats)
            .map(|s| {
                paired(
                    &col(base, &|g| f64::from(u8::from(g.winner == Some(s)))),
                    &col(head, &|g| f64::from(u8::from(g.winner == Some(s)))),
                )
            })
            .collect(),
        measures: MEASURES
            .iter()
            .map(|m| {
                let f = |g: &GameStats| g.measures.get(m).copied().unwrap_or(0.0);
                (m.to_string(), paired(&col(base, &f), &col(head, &f)))
            })
            .collect(),
        rules: {
            let (b, h) = (rule_columns(base, &rules), rule_columns(head, &rules));
            rules
                .iter()
                .zip(b.iter().zip(&h))
                .map(|(r, (b, h))| (r.to_string(), paired(b, h)))
                .collect()
        },
        decisions: decision_rows(base, head),
    }
}

/// How often each of `rules` (sorted, as a game's map is) fired in each
/// game: one column per rule, one row per game. One ordered walk of each
/// game's map (a look-up per rule and game compared texts: 2% of a run).
fn rule_columns(games: &[GameStats], rules: &[&'static str]) -> Vec<Vec<f64>> {
    let mut cols = vec![vec![0.0; games.len()]; rules.len()];
    for (i, g) in games.iter().enumerate() {
        let mut at = 0;
        for (rule, n) in &g.rules {
            while rules.get(at).is_some_and(|r| r != rule) {
                at += 1;
            }
            assert!(
                at < rules.len(),
                "balance: {rule} is not among the rules compared"
            );
            cols[at][i] = *n;
        }
    }
    cols
}

/// A game's stats read back from JSON (`goti merge` of balance shards):
/// measure names and rule IDs become the shipped ones again.
pub fn stats_from_json(v: &serde_json::Value, game: crate::engine::GameKind) -> Option<GameStats> {
    let name = |s: &str, known: Vec<&'static str>| -> &'static str {
        known
            .into_iter()
            .find(|k| *k == s)
            .unwrap_or_else(|| Box::leak(s.to_string().into_boxed_str()))
    };
    let map = |x: &serde_json::Value, rules: bool| -> Option<BTreeMap<&'static str, f64>> {
        x.as_object()?
            .iter()
            .map(|(k, n)| {
                let key = if rules {
                    name(k, game.catalogue().iter().map(|r| r.id.0).collect())
                } else {
                    name(k, MEASURES.to_vec())
                };
                Some((key, n.as_f64()?))
            })
            .collect()
    };
    Some(GameStats {
        turns: u32::try_from(v["turns"].as_u64()?).ok()?,
        finished: v["finished"].as_bool()?,
        winner: v["winner"].as_u64().map(|w| w as usize),
        measures: map(&v["measures"], false)?,
        rules: map(&v["rules"], true)?,
        decisions: match &v["decisions"] {
            serde_json::Value::Null => None,
            d => Some((d[0].as_f64()?, d[1].as_f64()?)),
        },
    })
}

#[cfg(test)]
mod tests {
    use crate::engine::Mode;
    use crate::selfplay::{PortalDriver, RoyalDriver, Turn};

    /// `driver`'s games from `seeds`, each turn played twice: counted as it
    /// happens (balance's path) and recorded by the unchecked turn then
    /// counted; the positions and every count must agree after each turn.
    fn counted_as_recorded<D: Driver>(driver: &D, seeds: std::ops::Range<u64>) -> u64
    where
        D::Game: PartialEq + std::fmt::Debug,
    {
        let players = &Player::ALL[..4];
        let mut turns = 0;
        for seed in seeds {
            let start = driver.new_game(players).unwrap();
            let (mut counted, mut recorded) = (start.clone(), start);
            let (mut rng_c, mut rng_r) = (
                ChaCha8Rng::seed_from_u64(seed),
                ChaCha8Rng::seed_from_u64(seed),
            );
            let (mut by_count, mut by_record) = (Tally::new(), Tally::new());
            let mut events = Vec::new();
            while !counted.is_over() && turns < 200_000 {
                turns += 1;
                driver
                    .play_turn_into(&mut counted, &mut by_count, &mut rng_c)
                    .unwrap();
                events.clear();
                let mut turn = Turn::unchecked(recorded, &mut events);
                driver.play_turn(&mut turn, &mut rng_r).unwrap();
                recorded = turn.into_pos();
                for e in events.drain(..) {
                    by_record.put(e);
                }
                assert_eq!(counted, recorded, "seed {seed}: the positions part");
                assert_eq!(by_count.given, by_record.given, "seed {seed}");
                assert_eq!(by_count.measures, by_record.measures, "seed {seed}");
                assert_eq!(by_count.rolls, by_record.rolls, "seed {seed}");
            }
            let sorted = |t: Tally| {
                let mut v: Vec<_> = t.fired.fired().collect();
                v.sort_by(|a, b| a.partial_cmp(b).unwrap());
                v
            };
            assert_eq!(sorted(by_count), sorted(by_record), "seed {seed}");
        }
        turns
    }

    #[test]
    fn balance_counts_as_the_recorded_events_say() {
        let royal = RoyalDriver::new(
            crate::rules::shipped_rules::<crate::engine::Royal>(),
            Mode::Journey,
        );
        assert!(counted_as_recorded(&royal, 1..21) > 1000);
        let clash = RoyalDriver::new(
            crate::rules::shipped_rules::<crate::engine::Royal>(),
            Mode::Clash,
        );
        assert!(counted_as_recorded(&clash, 1..11) > 500);
        let portal = PortalDriver::new(crate::rules::shipped_rules::<crate::engine::Portal>());
        assert!(counted_as_recorded(&portal, 1..21) > 1000);
    }

    #[test]
    fn measure_indices_name_their_measures() {
        use super::*;
        assert_eq!(MEASURES[BATTLE_POINTS], "battle points");
        assert_eq!(MEASURES[EXTRA_ROLLS], "extra rolls");
        let e = |what| Event {
            rule: crate::engine::RuleId("x"),
            player: Player::ALL[0],
            what,
        };
        for (what, name) in [
            (What::Grace, "grace rolls"),
            (What::Exited { guard: 1, tile: 1 }, "exits"),
            (
                What::Penalty {
                    steps: 1,
                    points: -1,
                },
                "blockade penalties",
            ),
            (
                What::Points {
                    points: 20,
                    pieces: 1,
                    factor: 20,
                },
                "battle points",
            ),
        ] {
            let (mut measures, mut rolls) = ([0.0; MEASURES.len()], 0.0);
            tally(&e(what), &mut measures, &mut rolls);
            let moved: Vec<&str> = (0..MEASURES.len())
                .filter(|&i| measures[i] != 0.0)
                .map(|i| MEASURES[i])
                .collect();
            assert_eq!((moved, rolls), (vec![name], 0.0));
        }
        let (mut measures, mut rolls) = ([0.0; MEASURES.len()], 0.0);
        tally(
            &e(What::Rolled {
                dice: crate::engine::Short::of(&[6]),
            }),
            &mut measures,
            &mut rolls,
        );
        assert_eq!((measures, rolls), ([0.0; MEASURES.len()], 1.0));
    }

    #[test]
    fn firings_count_every_rule_however_many() {
        use super::*;
        // 300 rules (the table grows twice), each fired its index + 1 times,
        // in an interleaved order.
        let rules: Vec<&'static str> = (0..300)
            .map(|i| &*Box::leak(format!("rule.{i}").into_boxed_str()))
            .collect();
        let mut fired = Firings::new();
        for round in 0..300 {
            for (i, r) in rules.iter().enumerate() {
                if round <= i {
                    fired.count(r);
                }
            }
        }
        let counts: BTreeMap<&str, f64> = fired.fired().collect();
        assert_eq!(counts.len(), 300);
        for (i, r) in rules.iter().enumerate() {
            assert_eq!(counts[r], (i + 1) as f64, "{r}");
        }
    }

    use super::*;
    use rand::Rng;

    #[test]
    fn a_known_distribution_gives_the_right_interval() {
        // Differences uniform on [0, 2]: mean 1, sd 1/sqrt(3); with n =
        // 40,000 the 95% half-width is 1.96 * 0.57735 / 200 = 0.005658.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let n = 40_000;
        let base: Vec<f64> = (0..n).map(|_| rng.gen_range(0.0..10.0)).collect();
        let head: Vec<f64> = base.iter().map(|b| b + rng.gen_range(0.0..2.0)).collect();
        let p = paired(&base, &head);
        assert!((p.diff - 1.0).abs() < 0.01, "{p:?}");
        let half = (p.high - p.low) / 2.0;
        assert!((half - 0.005658).abs() < 0.0002, "{half}");
        assert!(p.marked);
        // No difference at all: the interval is [0, 0] and not marked.
        let same = paired(&base, &base);
        assert_eq!((same.low, same.high, same.marked), (0.0, 0.0, false));
        // Differences symmetric about 0: the interval holds 0.
        let sym: Vec<f64> = base
            .iter()
            .enumerate()
            .map(|(i, b)| if i % 2 == 0 { b + 1.0 } else { b - 1.0 })
            .collect();
        let p = paired(&base, &sym);
        assert!(p.low < 0.0 && p.high > 0.0 && !p.marked, "{p:?}");
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let xs: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&xs, 0.5), 50.0);
        assert_eq!(quantile(&xs, 0.95), 95.0);
        assert_eq!(quantile(&[7.0], 0.95), 7.0);
    }
}
