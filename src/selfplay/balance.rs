//! What a rule change does to play: self-play of two rulesets on the same
//! seeds (common random numbers), per-game measures, and paired
//! differences with 95% confidence intervals, marked where Holm's
//! correction over the whole table rejects (the win distribution tested
//! once, jointly). Pure: the CLI builds the rules and prints.

use crate::error::{Error, ErrorKind};
use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Event, Game, Measure, Player, Sink, What};
use crate::selfplay::{stats, Driver};

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
    /// How the lead went, for a finished game with a winner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape: Option<Shape>,
}

/// How the lead went in a finished game: the game-evaluation measures of
/// Browne (2008) and Ludii (lead changes, decisiveness, drama). The leader
/// after a turn is the one player ranked highest by [`Game::lead_key`]
/// (royal: score; portal: pieces home, then steps; maedn: pieces in the
/// goal, then steps); a tie for the lead keeps the last leader.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Shape {
    /// Turns after which the leader differs from the last leader.
    pub lead_changes: u32,
    /// The share of the game's turns played before the eventual winner
    /// leads for good (0: it led from the first turn on; 1: only at the end).
    pub decisiveness: f64,
    /// The eventual winner was not leading after some turn past the first
    /// quarter of the game.
    pub drama: bool,
}

/// The [`Shape`] of a game from its leader after each turn (`None`: a tie
/// for the lead) and its winner's seat.
pub fn shape(leaders: &[Option<u8>], winner: usize) -> Shape {
    let turns = leaders.len();
    let w = Some(winner as u8);
    let (mut carried, mut changes, mut behind_until, mut drama) = (None, 0, 0, false);
    for (t, &now) in leaders.iter().enumerate() {
        if let Some(x) = now {
            if carried.is_some_and(|c| c != x) {
                changes += 1;
            }
            carried = Some(x);
        }
        if carried != w {
            behind_until = t + 1;
            // After turn t + 1, past the first quarter of the game.
            drama |= 4 * (t + 1) > turns;
        }
    }
    Shape {
        lead_changes: changes,
        decisiveness: behind_until as f64 / turns.max(1) as f64,
        drama,
    }
}

/// The measures balance reports for every game (0 where a game has no
/// such thing): each game's (`Game::MEASURES`), in the list's order, each
/// once.
pub fn measures() -> &'static [&'static str] {
    static ALL: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut all: Vec<&'static str> = Vec::new();
        for game in crate::engine::GameKind::ALL {
            for m in game.measures() {
                if !all.contains(m) {
                    all.push(m);
                }
            }
        }
        for family in crate::engine::FAMILY_MEASURES {
            assert!(
                all.contains(family),
                "no game measures the family's `{family}`"
            );
        }
        all
    });
    &ALL
}

/// Counts what `e` adds to the [`measures`] of a game (`at` says where
/// the family's stand); a roll counts in `rolls` (the turn's, for its
/// extra rolls).
#[inline(always)]
fn tally(e: &Event, at: &FamilyAt, measures: &mut [f64], rolls: &mut f64) {
    let m = match e.what {
        What::Rolled { .. } => {
            *rolls += 1.0;
            return;
        }
        What::Captured { .. } => at.captures,
        What::Own(ref own) => {
            let (name, by) = match own.kind.measure {
                Measure::Nothing => return,
                Measure::Count(name) => (name, 1.0),
                Measure::Sum(name) => (name, own.numbers[0] as f64),
            };
            measures[measure(name)] += by;
            return;
        }
        _ => return,
    };
    measures[m] += 1.0;
}

/// Where the measure `name` stands in [`measures`]; a game's event counted
/// in a measure balance does not report is a game's mistake, said loudly.
#[inline(always)]
fn measure(name: &str) -> usize {
    measures()
        .iter()
        .position(|m| *m == name)
        .unwrap_or_else(|| {
            panic!(
                "an event is counted in `{name}`, which is not one of {:?}",
                measures()
            )
        })
}

/// Where the family's measures ([`FAMILY_MEASURES`](crate::engine::FAMILY_MEASURES))
/// stand in [`measures`]: the events the core names (a game's own event
/// names its measure).
struct FamilyAt {
    captures: usize,
    extra_rolls: usize,
}

impl FamilyAt {
    fn new() -> FamilyAt {
        FamilyAt {
            captures: measure(crate::engine::CAPTURES_MEASURE),
            extra_rolls: measure(crate::engine::EXTRA_ROLLS_MEASURE),
        }
    }
}

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
/// firings by rule ID, the [`measures`], and the rolls of the turn.
struct Tally {
    fired: Firings,
    family: FamilyAt,
    measures: Vec<f64>,
    rolls: f64,
    given: usize,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            fired: Firings::new(),
            family: FamilyAt::new(),
            measures: vec![0.0; measures().len()],
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
        tally(&e, &self.family, &mut self.measures, &mut self.rolls);
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
        let mut leaders: Vec<Option<u8>> = Vec::with_capacity(256);
        while stats.turns < max_turns && !pos.is_over() {
            stats.turns += 1;
            tally.rolls = 0.0;
            // Without checks nothing can fail.
            let _ = driver.play_turn_into(&mut pos, &mut tally, &mut rng);
            if tally.rolls > 1.0 {
                tally.measures[tally.family.extra_rolls] += tally.rolls - 1.0;
            }
            leaders.push(pos.leader().map(|p| p.index() as u8));
        }
        for (m, &n) in measures().iter().zip(&tally.measures) {
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
        if let (true, Some(w)) = (stats.finished, stats.winner) {
            stats.shape = Some(shape(&leaders, w));
        }
        Ok(stats)
    })
}

/// A paired comparison of one measure: base and head means, their
/// difference with a 95% confidence interval, its p-value, and whether the
/// table's correction rejects "no change".
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Paired {
    pub base: f64,
    pub head: f64,
    pub diff: f64,
    pub low: f64,
    pub high: f64,
    /// The two-sided p-value of "no change" (the z test of the mean
    /// difference), uncorrected.
    pub p: f64,
    /// The p-value after Holm's correction over the table's tests.
    pub p_holm: f64,
    /// Holm's correction rejects "no change" at the family-wise level.
    pub marked: bool,
}

/// Mean, difference, 95% interval and p-value of paired samples (the same
/// seeds under both rulesets): the normal interval of the mean of the
/// differences, mean ± 1.96 · sd / √n. Unmarked until a table's
/// correction ([`compare`]) marks it.
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
    let p = stats::paired_p(d.len() as f64, md, var);
    Paired {
        base: mean(base),
        head: mean(head),
        diff: md,
        low: md - half,
        high: md + half,
        p,
        p_holm: p,
        marked: false,
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

/// The family-wise error rate of a balance table's marks.
pub const FAMILY_ALPHA: f64 = 0.05;

/// Every comparison of a balance run.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    pub games: usize,
    /// Seeds whose games both sides finished (length and the lead's
    /// measures are compared over these).
    pub both_finished: usize,
    /// Game length in turns, over the seeds both sides finished.
    pub length: Paired,
    /// Median and p95 of each side's finished games' lengths.
    pub length_median: (f64, f64),
    pub length_p95: (f64, f64),
    /// The share of games cut off at the turn cap.
    pub unfinished: Paired,
    /// Win rate by seat (P1 first); tested only jointly, in `wins_joint`.
    pub wins: Vec<Paired>,
    /// One test of "the distribution of wins changed" (no winner, in an
    /// unfinished game, is a category of its own).
    pub wins_joint: stats::Joint,
    pub measures: Vec<(String, Paired)>,
    /// Lead changes, decisiveness and drama over the seeds both sides
    /// finished (drama a share).
    pub lead: Vec<(String, Paired)>,
    pub rules: Vec<(String, Paired)>,
    /// The forced decisions' share and the legal actions per decision,
    /// over the games counted on both sides (`None`: none counted).
    pub decisions: Option<DecisionRows>,
    /// How many tests the correction covered, and at what level.
    pub family: Family,
}

/// The tests a table's marks are corrected over.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Family {
    pub method: &'static str,
    /// The measures' family (the wins one test of them).
    pub tests: usize,
    /// The rule firings' family.
    pub rule_tests: usize,
    pub alpha: f64,
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

/// The lead's measures over the seeds both sides finished with a winner.
fn lead_rows(base: &[GameStats], head: &[GameStats]) -> Vec<(String, Paired)> {
    let both: Vec<(Shape, Shape)> = base
        .iter()
        .zip(head)
        .filter_map(|(b, h)| Some((b.shape?, h.shape?)))
        .collect();
    if both.is_empty() {
        return Vec::new();
    }
    let row = |name: &str, f: &dyn Fn(&Shape) -> f64| {
        let (b, h): (Vec<f64>, Vec<f64>) = both.iter().map(|(b, h)| (f(b), f(h))).unzip();
        (name.to_string(), paired(&b, &h))
    };
    vec![
        row("lead changes", &|s| f64::from(s.lead_changes)),
        row("decisiveness", &|s| s.decisiveness),
        row("drama", &|s| f64::from(u8::from(s.drama))),
    ]
}

/// The lead's rows shown as shares.
pub const LEAD_SHARES: &[&str] = &["decisiveness", "drama"];

/// Compares the games of both sides (same seeds, same order), then marks
/// the rows Holm's correction rejects at [`FAMILY_ALPHA`].
pub fn compare(base: &[GameStats], head: &[GameStats], seats: usize) -> Report {
    assert_eq!(base.len(), head.len(), "balance compares the same seeds");
    let col =
        |xs: &[GameStats], f: &dyn Fn(&GameStats) -> f64| xs.iter().map(f).collect::<Vec<f64>>();
    let both: Vec<usize> = (0..base.len())
        .filter(|&i| base[i].finished && head[i].finished)
        .collect();
    let len_of =
        |xs: &[GameStats]| -> Vec<f64> { both.iter().map(|&i| xs[i].turns as f64).collect() };
    let finished_len = |xs: &[GameStats]| -> Vec<f64> {
        xs.iter()
            .filter(|g| g.finished)
            .map(|g| g.turns as f64)
            .collect()
    };
    let (fin_b, fin_h) = (finished_len(base), finished_len(head));
    let unfinished = |g: &GameStats| f64::from(u8::from(!g.finished));
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
    let no_winner = base.iter().chain(head).any(|g| g.winner.is_none());
    let category = |g: &GameStats| g.winner.unwrap_or(seats);
    let pairs: Vec<(usize, usize)> = base
        .iter()
        .zip(head)
        .map(|(b, h)| (category(b), category(h)))
        .collect();
    let mut report = Report {
        games: base.len(),
        both_finished: both.len(),
        length: paired(&len_of(base), &len_of(head)),
        length_median: (quantile(&fin_b, 0.5), quantile(&fin_h, 0.5)),
        length_p95: (quantile(&fin_b, 0.95), quantile(&fin_h, 0.95)),
        unfinished: paired(&col(base, &unfinished), &col(head, &unfinished)),
        wins: (0..seats)
            .map(|s| {
                paired(
                    &col(base, &|g| f64::from(u8::from(g.winner == Some(s)))),
                    &col(head, &|g| f64::from(u8::from(g.winner == Some(s)))),
                )
            })
            .collect(),
        wins_joint: stats::joint_paired(&pairs, seats + usize::from(no_winner)),
        measures: measures()
            .iter()
            .map(|m| {
                let f = |g: &GameStats| g.measures.get(m).copied().unwrap_or(0.0);
                (m.to_string(), paired(&col(base, &f), &col(head, &f)))
            })
            .collect(),
        lead: lead_rows(base, head),
        rules: {
            let (b, h) = (rule_columns(base, &rules), rule_columns(head, &rules));
            rules
                .iter()
                .zip(b.iter().zip(&h))
                .map(|(r, (b, h))| (r.to_string(), paired(b, h)))
                .collect()
        },
        decisions: decision_rows(base, head),
        family: Family {
            method: "Holm",
            tests: 0,
            rule_tests: 0,
            alpha: FAMILY_ALPHA,
        },
    };
    correct(&mut report);
    report
}

/// Holm's correction, in two families: the table's measures (the joint
/// test of the wins and each other row; the seats' own rows are not
/// tested apart), and the rule firings, which explain what moved.
fn correct(r: &mut Report) {
    let mut rows: Vec<&mut Paired> = vec![&mut r.length, &mut r.unfinished];
    rows.extend(r.measures.iter_mut().map(|(_, p)| p));
    rows.extend(r.lead.iter_mut().map(|(_, p)| p));
    if let Some(d) = &mut r.decisions {
        rows.push(&mut d.forced);
        rows.push(&mut d.branching);
    }
    let mut p: Vec<f64> = vec![r.wins_joint.p];
    p.extend(rows.iter().map(|x| x.p));
    let (rejected, adjusted) = stats::holm(&p, FAMILY_ALPHA);
    r.wins_joint.marked = rejected[0];
    r.wins_joint.p_holm = adjusted[0];
    mark(rows, &rejected[1..], &adjusted[1..]);
    r.family.tests = p.len();
    let rules: Vec<&mut Paired> = r.rules.iter_mut().map(|(_, p)| p).collect();
    let p: Vec<f64> = rules.iter().map(|x| x.p).collect();
    let (rejected, adjusted) = stats::holm(&p, FAMILY_ALPHA);
    mark(rules, &rejected, &adjusted);
    r.family.rule_tests = p.len();
}

fn mark(rows: Vec<&mut Paired>, rejected: &[bool], adjusted: &[f64]) {
    for ((row, rej), adj) in rows.into_iter().zip(rejected).zip(adjusted) {
        row.marked = *rej;
        row.p_holm = *adj;
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
            .unwrap_or_else(|| crate::engine::rule::intern(s).0)
    };
    let map = |x: &serde_json::Value, rules: bool| -> Option<BTreeMap<&'static str, f64>> {
        x.as_object()?
            .iter()
            .map(|(k, n)| {
                let key = if rules {
                    name(k, game.catalogue().iter().map(|r| r.id.0).collect())
                } else {
                    name(k, measures().to_vec())
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
        shape: match &v["shape"] {
            serde_json::Value::Null => None,
            s => Some(serde_json::from_value(s.clone()).ok()?),
        },
    })
}

#[cfg(test)]
mod tests {
    use crate::games::{portal::PortalDriver, royal::RoyalDriver};
    use crate::selfplay::Turn;

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
            crate::engine::royal::JOURNEY,
        );
        assert!(counted_as_recorded(&royal, 1..21) > 1000);
        let clash = RoyalDriver::new(
            crate::rules::shipped_rules::<crate::engine::Royal>(),
            crate::engine::royal::CLASH,
        );
        assert!(counted_as_recorded(&clash, 1..11) > 500);
        let portal = PortalDriver::new(crate::rules::shipped_rules::<crate::engine::Portal>());
        assert!(counted_as_recorded(&portal, 1..21) > 1000);
    }

    /// A game's event counted in a measure its game does not list would
    /// panic mid-run: every game's kinds name measures of its own list (the
    /// order of the list balance reports: `each_game_moves_only_its_own_measures`).
    #[test]
    fn every_game_counts_in_its_own_measures() {
        use super::*;
        let mut named = 0;
        for &game in crate::engine::GameKind::ALL {
            for kind in game.own_events() {
                if let Measure::Count(name) | Measure::Sum(name) = kind.measure {
                    assert!(
                        game.measures().contains(&name),
                        "{game}: `{}` counts in `{name}`, not one of {:?}",
                        kind.text,
                        game.measures()
                    );
                    named += 1;
                }
            }
        }
        assert!(named >= 4, "the games' kinds name only {named} measures");
    }

    #[test]
    fn the_family_and_a_games_own_events_count_where_they_say() {
        use super::*;
        let at = FamilyAt::new();
        assert_eq!(measures()[at.captures], "captures");
        assert_eq!(measures()[at.extra_rolls], "extra rolls");
        let e = |what| Event {
            rule: crate::engine::RuleId("x"),
            player: Player::ALL[0],
            what,
        };
        // A game's own events, counted where their kinds say.
        static COUNTED: crate::engine::OwnKind = crate::engine::OwnKind {
            measure: Measure::Count("exits"),
            ..crate::engine::OwnKind::reading("counted")
        };
        static SUMMED: crate::engine::OwnKind = crate::engine::OwnKind {
            measure: Measure::Sum("battle points"),
            ..COUNTED
        };
        let own = |kind, n| What::Own(crate::engine::OwnEvent::new(kind).numbers(&[n]));
        let captured = What::Captured {
            victim: Player::ALL[1],
            pieces: crate::engine::Short::of(&[crate::engine::PieceId::Numbered(1)]),
            at: crate::engine::Place::Ring(3),
            size: 1,
        };
        for (what, name, by) in [
            (own(&COUNTED, 7), "exits", 1.0),
            (own(&SUMMED, 20), "battle points", 20.0),
            (captured, "captures", 1.0),
        ] {
            let (mut counted, mut rolls) = (vec![0.0; measures().len()], 0.0);
            tally(&e(what), &at, &mut counted, &mut rolls);
            let moved: Vec<(&str, f64)> = (0..measures().len())
                .filter(|&i| counted[i] != 0.0)
                .map(|i| (measures()[i], counted[i]))
                .collect();
            assert_eq!((moved, rolls), (vec![(name, by)], 0.0));
        }
        let (mut counted, mut rolls) = (vec![0.0; measures().len()], 0.0);
        tally(
            &e(What::Rolled {
                dice: crate::engine::Short::of(&[6]),
            }),
            &at,
            &mut counted,
            &mut rolls,
        );
        assert_eq!((counted, rolls), (vec![0.0; measures().len()], 1.0));
    }

    /// An event counted in a measure balance does not report is a game's
    /// mistake, and stops the count loudly.
    #[test]
    #[should_panic(expected = "an event is counted in `landings`")]
    fn an_event_counted_in_no_measure_is_loud() {
        use super::*;
        static ODD: crate::engine::OwnKind = crate::engine::OwnKind {
            measure: Measure::Count("landings"),
            ..crate::engine::OwnKind::reading("odd")
        };
        let e = Event {
            rule: crate::engine::RuleId("x"),
            player: Player::ALL[0],
            what: What::Own(crate::engine::OwnEvent::new(&ODD)),
        };
        tally(
            &e,
            &FamilyAt::new(),
            &mut vec![0.0; measures().len()],
            &mut 0.0,
        );
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
        assert!(
            p.p < 1e-12 && !p.marked,
            "marked only by a table's correction"
        );
        // No difference at all: the interval is [0, 0] and not marked.
        let same = paired(&base, &base);
        assert_eq!((same.low, same.high, same.p), (0.0, 0.0, 1.0));
        // Differences symmetric about 0: the interval holds 0.
        let sym: Vec<f64> = base
            .iter()
            .enumerate()
            .map(|(i, b)| if i % 2 == 0 { b + 1.0 } else { b - 1.0 })
            .collect();
        let p = paired(&base, &sym);
        assert!(p.low < 0.0 && p.high > 0.0 && p.p > 0.05, "{p:?}");
    }

    #[test]
    fn the_lead_is_read_as_defined() {
        // (leaders after each turn, winner) -> (lead changes, decisiveness,
        // drama), each worked out by hand from the definitions.
        let o = |p: u8| Some(p);
        type Case<'a> = (&'a [Option<u8>], usize, (u32, f64, bool));
        let cases: &[Case] = &[
            // Led from the first turn: decided at once, no drama.
            (&[o(0), o(0), o(0), o(0)], 0, (0, 0.0, false)),
            // Tied, then P2 leads twice, then the winner from turn 4 of 8:
            // one change; behind after turns 1-3 (3/8); behind after turn 3,
            // past the first quarter (2 turns).
            (
                &[None, o(1), o(1), o(0), o(0), o(0), o(0), o(0)],
                0,
                (1, 0.375, true),
            ),
            // Ties keep the last leader: P2 until turn 4, then P3 for good.
            (
                &[o(1), None, o(1), None, o(2), None, o(2), o(2)],
                2,
                (1, 0.5, true),
            ),
            // Back and forth four times; the winner leads for good from turn 5.
            (
                &[
                    o(0),
                    o(1),
                    o(0),
                    o(1),
                    o(0),
                    o(0),
                    o(0),
                    o(0),
                    o(0),
                    o(0),
                    o(0),
                    o(0),
                ],
                0,
                (4, 4.0 / 12.0, true),
            ),
            // Behind only after the first turn, inside the first quarter.
            (
                &[o(1), o(0), o(0), o(0), o(0), o(0), o(0), o(0)],
                0,
                (1, 0.125, false),
            ),
            // The winner never leads: decided only at the end.
            (&[o(1), o(1), o(1), o(1)], 0, (0, 1.0, true)),
        ];
        for (leaders, winner, (changes, decisiveness, drama)) in cases {
            let s = shape(leaders, *winner);
            assert_eq!(
                (s.lead_changes, s.drama),
                (*changes, *drama),
                "{leaders:?} won by {winner}"
            );
            assert!(
                (s.decisiveness - decisiveness).abs() < 1e-12,
                "{leaders:?}: {s:?}"
            );
        }
    }

    /// The leaders after each turn of `record` replayed through the
    /// general engine: the first of the standings, unless the second
    /// ranks the same.
    fn replayed_leaders<G: Game>(start: G, record: &crate::selfplay::Record) -> Vec<Option<u8>> {
        let mut pos = start;
        let mut out = Vec::new();
        for turn in &record.turns {
            for a in turn {
                assert!(pos.play_in_place(a, &mut Vec::new()), "the record replays");
            }
            let s = pos.standings_now();
            let tied = s.len() > 1 && pos.lead_key(s[0]) == pos.lead_key(s[1]);
            out.push((!tied).then(|| s[0].index() as u8));
        }
        out
    }

    #[test]
    fn balance_reads_the_lead_as_a_replayed_game_shows_it() {
        fn check<D: Driver>(driver: &D, seeds: std::ops::Range<u64>) -> usize {
            let players = &Player::ALL[..4];
            let cfg = crate::selfplay::Config {
                players: 4,
                max_turns: 4000,
            };
            let mut with_drama = 0;
            for seed in seeds {
                let stats = play(driver, players, seed, 4000).unwrap();
                let record = crate::selfplay::record_game(driver, seed, &cfg).unwrap();
                assert_eq!(record.turns.len(), stats.turns as usize, "seed {seed}");
                let leaders = replayed_leaders(driver.new_game(players).unwrap(), &record);
                let want = shape(&leaders, stats.winner.expect("a winner"));
                assert_eq!(stats.shape, Some(want), "seed {seed}");
                with_drama += usize::from(want.drama);
            }
            with_drama
        }
        let royal = RoyalDriver::new(
            crate::rules::shipped_rules::<crate::engine::Royal>(),
            crate::engine::royal::JOURNEY,
        );
        let portal = PortalDriver::new(crate::rules::shipped_rules::<crate::engine::Portal>());
        // Both kinds of game occur on these seeds (the check is not of one shape only).
        let (r, p) = (check(&royal, 1..21), check(&portal, 1..21));
        assert!(r > 0 && r < 20 && p > 0 && p < 20, "{r} {p}");
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let xs: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&xs, 0.5), 50.0);
        assert_eq!(quantile(&xs, 0.95), 95.0);
        assert_eq!(quantile(&[7.0], 0.95), 7.0);
    }
}
