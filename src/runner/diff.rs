//! What a rules change does to outcomes: a scenario played under base and
//! under head rules, compared step by step (the board, every player's
//! numbers, the events with their rule IDs), whether or not the scenario
//! states expectations or snapshots.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::{ScenarioReport, StepEvents, StepRecord};
use crate::engine::{Event, RuleId, Vocabulary};

/// How a scenario's outcome moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    Unchanged,
    /// Passing under both, but some step's outcome differs: a silent change.
    ChangedPassing,
    NowFailing,
    NowPassing,
    /// Failing under both, and some step's outcome differs.
    ChangedFailing,
    /// It could not be played under head (a bad ruleset, a syntax error).
    Error,
}

impl Change {
    pub fn words(self) -> &'static str {
        match self {
            Change::Unchanged => "unchanged",
            Change::ChangedPassing => "changed, still passing",
            Change::NowFailing => "now failing",
            Change::NowPassing => "now passing",
            Change::ChangedFailing => "changed, still failing",
            Change::Error => "error",
        }
    }
}

/// One step whose outcome differs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepDiff {
    pub line: usize,
    pub text: String,
    /// A unified diff of the board and players after the step, base -> head.
    pub state: String,
    /// Events only under base, and only under head.
    pub removed: Vec<String>,
    pub added: Vec<String>,
}

/// One scenario under both rulesets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioDiff {
    pub file: String,
    pub line: usize,
    pub name: String,
    pub game: &'static str,
    pub change: Change,
    pub steps: Vec<StepDiff>,
    /// The rule IDs whose events differ.
    pub rules: BTreeSet<&'static str>,
    /// What failed under head.
    pub problems: Vec<String>,
    /// The scenario's text differs between the sides (a base trace).
    pub text_changed: bool,
}

/// The events of a step as a multiset difference: (only in a, only in b).
fn event_diff(
    a: &StepRecord,
    b: &StepRecord,
) -> (Vec<String>, Vec<String>, BTreeSet<&'static str>) {
    let mut count: BTreeMap<&str, i64> = BTreeMap::new();
    let mut rule_of: BTreeMap<&str, &'static str> = BTreeMap::new();
    let (a, b) = match (&a.events, &b.events) {
        // Events alike on both sides render alike and cancel out below:
        // only the ones left over are rendered.
        (StepEvents::Played(a, game), StepEvents::Played(b, _)) => {
            unmatched_texts(a, b, game.vocabulary())
        }
        _ => (a.events.texts(), b.events.texts()),
    };
    for (r, e) in a.iter() {
        *count.entry(e).or_default() -= 1;
        rule_of.insert(e, r.0);
    }
    for (r, e) in b.iter() {
        *count.entry(e).or_default() += 1;
        rule_of.insert(e, r.0);
    }
    let (mut removed, mut added, mut rules) = (Vec::new(), Vec::new(), BTreeSet::new());
    for (e, n) in count {
        if n != 0 {
            rules.insert(rule_of[e]);
        }
        for _ in 0..n.unsigned_abs() {
            if n < 0 {
                removed.push(e.to_string());
            } else {
                added.push(e.to_string());
            }
        }
    }
    (removed, added, rules)
}

/// A step's events rendered, with their rule IDs.
type Texts<'a> = Cow<'a, [(RuleId, String)]>;

/// The events of each side that have no equal on the other (as a
/// multiset: each event matches at most one), rendered with their rule IDs,
/// each side in its own order.
fn unmatched_texts<'a>(a: &[Event], b: &[Event], words: &Vocabulary) -> (Texts<'a>, Texts<'a>) {
    let mut taken = vec![false; b.len()];
    let mut left = Vec::new();
    for e in a {
        match (0..b.len()).find(|&j| !taken[j] && b[j] == *e) {
            Some(j) => taken[j] = true,
            None => left.push((e.rule, e.told(words).to_string())),
        }
    }
    let right = b
        .iter()
        .zip(&taken)
        .filter(|(_, &t)| !t)
        .map(|(e, _)| (e.rule, e.told(words).to_string()))
        .collect::<Vec<_>>();
    (Cow::Owned(left), Cow::Owned(right))
}

/// The step a side never reached, in the place of `like`.
fn empty_step(like: &StepRecord) -> StepRecord {
    StepRecord {
        line: like.line,
        text: like.text.clone(),
        state: "(not reached)\n".into(),
        events: StepEvents::Recorded(Vec::new()),
        standings: String::new(),
    }
}

/// One side of a comparison: a scenario as played now, or as a trace
/// another build made recorded it.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub name: String,
    pub line: usize,
    pub game: crate::engine::GameKind,
    pub passed: bool,
    pub steps: Vec<StepRecord>,
    /// Each problem's message (what failed).
    pub problems: Vec<String>,
    /// The scenario's text, hashed (`play::text_hash`).
    pub text_hash: u64,
}

/// A side of a comparison, borrowed: what [`compare_sides`] reads of an
/// [`Outcome`] or a [`ScenarioReport`] (no step copied).
pub struct Side<'a> {
    pub name: &'a str,
    pub line: usize,
    pub game: crate::engine::GameKind,
    pub passed: bool,
    pub steps: &'a [StepRecord],
    pub problems: Cow<'a, [String]>,
    pub text_hash: u64,
}

impl<'a> From<&'a ScenarioReport> for Side<'a> {
    fn from(r: &'a ScenarioReport) -> Side<'a> {
        Side {
            name: &r.name,
            line: r.line,
            game: r.game,
            passed: r.passed(),
            steps: &r.steps,
            problems: Cow::Owned(r.problems.iter().map(|d| d.to_string()).collect()),
            text_hash: r.text_hash,
        }
    }
}

impl<'a> From<&'a Outcome> for Side<'a> {
    fn from(o: &'a Outcome) -> Side<'a> {
        Side {
            name: &o.name,
            line: o.line,
            game: o.game,
            passed: o.passed,
            steps: &o.steps,
            problems: Cow::Borrowed(&o.problems),
            text_hash: o.text_hash,
        }
    }
}

/// Compares a scenario's base and head runs (`file` as shown).
pub fn compare(file: &str, base: &ScenarioReport, head: &ScenarioReport) -> ScenarioDiff {
    compare_sides(file, base.into(), head.into())
}

/// Compares a scenario's base and head outcomes (`file` as shown).
pub fn compare_outcomes(file: &str, base: &Outcome, head: &Outcome) -> ScenarioDiff {
    compare_sides(file, base.into(), head.into())
}

/// Compares the two sides step by step; a step the same on both (board
/// text and events) is passed over without building anything.
pub fn compare_sides(file: &str, base: Side<'_>, head: Side<'_>) -> ScenarioDiff {
    let mut steps = Vec::new();
    let mut rules = BTreeSet::new();
    for i in 0..base.steps.len().max(head.steps.len()) {
        let (a, b): (Cow<'_, StepRecord>, Cow<'_, StepRecord>) =
            match (base.steps.get(i), head.steps.get(i)) {
                (Some(a), Some(b)) => (Cow::Borrowed(a), Cow::Borrowed(b)),
                (Some(a), None) => (Cow::Borrowed(a), Cow::Owned(empty_step(a))),
                (None, Some(b)) => (Cow::Owned(empty_step(b)), Cow::Borrowed(b)),
                (None, None) => unreachable!("i is below the longer list"),
            };
        if a.state == b.state && a.events.same(&b.events) {
            continue;
        }
        let (removed, added, r) = event_diff(&a, &b);
        if a.state == b.state && removed.is_empty() && added.is_empty() {
            continue;
        }
        rules.extend(r);
        let state = if a.state == b.state {
            String::new()
        } else {
            similar::TextDiff::from_lines(&a.state, &b.state)
                .unified_diff()
                .context_radius(2)
                .header("base", "head")
                .to_string()
        };
        steps.push(StepDiff {
            line: b.line,
            text: b.text.clone(),
            state,
            removed,
            added,
        });
    }
    let setup_failed = |r: &Side<'_>| r.steps.is_empty() && !r.passed;
    let change = match (base.passed, head.passed) {
        _ if setup_failed(&head) && !setup_failed(&base) => Change::Error,
        (true, false) => Change::NowFailing,
        (false, true) => Change::NowPassing,
        _ if steps.is_empty() && base.text_hash == head.text_hash => Change::Unchanged,
        _ if steps.is_empty() && base.passed => Change::ChangedPassing,
        _ if steps.is_empty() => Change::ChangedFailing,
        (true, true) => Change::ChangedPassing,
        (false, false) => Change::ChangedFailing,
    };
    ScenarioDiff {
        file: file.to_string(),
        line: head.line,
        name: head.name.to_string(),
        game: head.game.name(),
        change,
        text_changed: base.text_hash != head.text_hash,
        steps,
        rules,
        problems: head.problems.into_owned(),
    }
}

/// The whole comparison: counts, scenarios grouped by the rule IDs whose
/// events differ, and every changed scenario.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub summary: BTreeMap<&'static str, usize>,
    pub by_rule: BTreeMap<&'static str, Vec<String>>,
    pub changed: Vec<ScenarioDiff>,
    /// Scenarios (`file name`) only the head has (against a base trace).
    pub added: Vec<String>,
    /// Scenarios only the base trace has.
    pub removed: Vec<String>,
}

impl ScenarioDiff {
    /// ` (its text changed)` when the sides' texts differ, else nothing.
    pub fn text_note(&self) -> &'static str {
        if self.text_changed {
            " (its text changed)"
        } else {
            ""
        }
    }
}

impl Report {
    pub fn new(diffs: Vec<ScenarioDiff>) -> Report {
        let mut report = Report::default();
        for c in [
            Change::Unchanged,
            Change::ChangedPassing,
            Change::NowFailing,
            Change::NowPassing,
            Change::ChangedFailing,
            Change::Error,
        ] {
            report.summary.insert(c.words(), 0);
        }
        for d in diffs {
            *report.summary.entry(d.change.words()).or_default() += 1;
            if d.change == Change::Unchanged {
                continue;
            }
            for r in &d.rules {
                report
                    .by_rule
                    .entry(r)
                    .or_default()
                    .push(format!("{}:{} {}", d.file, d.line, d.name));
            }
            report.changed.push(d);
        }
        report
    }

    /// Whether anything moved.
    pub fn any_change(&self) -> bool {
        !self.changed.is_empty() || !self.added.is_empty() || !self.removed.is_empty()
    }

    /// The scenarios of one kind of change.
    pub fn of(&self, change: Change) -> impl Iterator<Item = &ScenarioDiff> {
        self.changed.iter().filter(move |d| d.change == change)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Player, What};

    fn step(events: StepEvents) -> StepRecord {
        StepRecord {
            line: 1,
            text: String::new(),
            state: String::new(),
            events,
            standings: String::new(),
        }
    }

    fn event(rule: &'static str, credits: u8) -> Event {
        Event {
            rule: RuleId(rule),
            player: Player::ALL[0],
            what: What::Numbered {
                text: "+1 exit credit, now {}",
                number: i64::from(credits),
            },
        }
    }

    /// Played events are matched as they are before any is rendered; the
    /// difference is the one their rendered texts give (as a trace's
    /// recorded events are compared), duplicates counted.
    #[test]
    fn played_events_differ_as_their_texts_do() {
        let a = vec![
            event("grace.credit", 1),
            event("grace.credit", 1),
            event("exit.cost", 2),
            event("exit.cap", 3),
        ];
        let b = vec![
            event("exit.cap", 3),
            event("grace.credit", 1),
            event("exit.cost", 4),
            event("exit.cost", 4),
        ];
        let game = crate::engine::GameKind::default();
        let words = game.vocabulary();
        let texts = |v: &[Event]| {
            StepEvents::Recorded(
                v.iter()
                    .map(|e| (e.rule, e.told(words).to_string()))
                    .collect(),
            )
        };
        let played = event_diff(
            &step(StepEvents::Played(a.clone(), game)),
            &step(StepEvents::Played(b.clone(), game)),
        );
        let recorded = event_diff(&step(texts(&a)), &step(texts(&b)));
        assert_eq!(played, recorded);
        let (removed, added, rules) = played;
        assert_eq!(
            removed.len(),
            2,
            "one grace credit and one exit cost: {removed:?}"
        );
        assert_eq!(added.len(), 2, "two exit costs of 4: {added:?}");
        assert_eq!(
            rules.into_iter().collect::<Vec<_>>(),
            ["exit.cost", "grace.credit"]
        );
        let same = event_diff(
            &step(StepEvents::Played(a.clone(), game)),
            &step(StepEvents::Played(a.iter().rev().cloned().collect(), game)),
        );
        assert!(same.0.is_empty() && same.1.is_empty() && same.2.is_empty());
    }
}
