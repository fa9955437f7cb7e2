//! Plays one scenario: ruleset, lowering, set-up, then every step in order,
//! checking expectations and snapshots. Returns diagnostics; prints nothing.
//!
//! `mod.rs` holds the report types and the loop; `steps.rs` one method per
//! kind of step (an action, an expected refusal, an expectation, a
//! snapshot); `expect.rs` evaluates expectations; `ruleset/` loads the
//! ruleset a scenario names.

mod expect;
pub use expect::{FILE_PERFT_NODES, SCENARIO_PERFT_NODES};
pub mod ruleset;
mod steps;

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crate::dsl::ast::{Scenario, Span};
use crate::dsl::lower::{self, Limits, Plan, Problem, Step};
use crate::engine::{Event, GameKind, RuleId, SetupPart};

use super::diagnostic::{Diagnostic, Kind, Source};
use super::position::Position;
use super::snapshot::SnapOutcome;

/// How to run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The project: files that scenario files name (`rules file`) must lie
    /// inside it. `None`: the folder of the scenario file.
    pub root: Option<std::sync::Arc<Path>>,
    /// The ruleset layers beyond a scenario's own: the project's ruleset
    /// files and the command line's `--ruleset` and `--set`.
    pub layers: std::sync::Arc<ruleset::RuleLayers>,
    /// Write `.snap.new` files for new or changed snapshots (never in CI).
    pub write_snapshots: bool,
    /// Record a transcript of every step (for `goti explain`).
    pub explain: bool,
    /// Compare snapshots at all.
    pub skip_snapshots: bool,
    /// Stop after parsing, lowering and setup validation (`goti check`).
    pub validate_only: bool,
    /// Record the position and events after every action (for `goti diff`).
    pub record: bool,
    /// Which scenarios to play (default: all).
    pub select: std::sync::Arc<crate::runner::select::Selection>,
    /// How much of a transcript is kept (pages bound their size with it).
    pub limits: TranscriptLimits,
    /// Keep each passing scenario's last position and text
    /// (`ScenarioReport::end`, for `goti mutate --write`).
    pub keep_end: bool,
    /// Play only the statements on lines up to this one (`goti perft
    /// FILE:LINE`: the position after that line).
    pub until_line: Option<usize>,
    /// Keep the last position even when the scenario failed (`goti perft`
    /// counts from where it got).
    pub end_always: bool,
    /// This run's rules caches (new options, new caches: a long-running
    /// command makes new ones for each replay).
    pub caches: std::sync::Arc<ruleset::RulesCaches>,
}

/// How much of each transcript a run keeps, so a page made of it stays
/// bounded whatever the input (`goti report`, `explain --format html`).
#[derive(Clone, Debug, Default)]
pub struct TranscriptLimits {
    /// Keep only the first `n` and the last `n` steps of a scenario (the
    /// rest is counted in `ScenarioReport::omitted`); `None`: every step.
    pub steps: Option<usize>,
    /// Keep the SVG picture of the first `n` steps and of the latest only;
    /// `None`: of every step.
    pub pictured: Option<usize>,
    /// How many pictures the whole run may keep (shared by its scenarios,
    /// played in order: `play_each` plays the files of a run with a budget
    /// one after another); past it, steps are not drawn.
    pub budget: Option<std::sync::Arc<std::sync::atomic::AtomicUsize>>,
    /// No ASCII board and no state text per step (a page shows neither).
    pub brief: bool,
    /// No ASCII board per step (the state text is kept): `explain`'s text
    /// without `--board`.
    pub no_board: bool,
    /// How many steps the whole run may keep (shared by its scenarios);
    /// past it, steps are counted in `ScenarioReport::omitted` only, and
    /// their checks are not kept (the language server's bound).
    pub kept_steps: Option<std::sync::Arc<std::sync::atomic::AtomicUsize>>,
    /// Only step `k` gets an SVG picture (`usize::MAX`: none), whatever
    /// the other limits allow: a picture is made only where one is shown.
    pub svg_only: Option<usize>,
}

impl TranscriptLimits {
    /// Takes one picture from the budget: whether a step may be drawn.
    fn take(&self) -> bool {
        use std::sync::atomic::Ordering;
        match &self.budget {
            None => true,
            Some(b) => b
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok(),
        }
    }
    /// Gives a picture back (a step that lost its picture).
    fn refund(&self) {
        if let Some(b) = &self.budget {
            b.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// The outcome of one step as `goti diff` compares it: the board and every
/// player's numbers after it, and the events it applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRecord {
    pub line: usize,
    /// The statement, as written.
    pub text: String,
    /// The snapshot body's state part after the step.
    pub state: String,
    /// The events of the step.
    pub events: StepEvents,
    /// The standings once the game is over (`P2 P1`), else empty.
    pub standings: String,
}

/// A step's events: as played, with the game whose words write them
/// (rendered only when read: a diff compares them as they are and renders
/// those that differ), or as a trace recorded them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepEvents {
    Played(Vec<Event>, GameKind),
    Recorded(Vec<(RuleId, String)>),
}

impl StepEvents {
    /// Each event rendered, with its rule ID.
    pub fn texts(&self) -> std::borrow::Cow<'_, [(RuleId, String)]> {
        match self {
            StepEvents::Played(v, game) => v
                .iter()
                .map(|e| (e.rule, e.told(game.vocabulary()).to_string()))
                .collect(),
            StepEvents::Recorded(v) => std::borrow::Cow::Borrowed(v),
        }
    }

    /// Whether the two read the same: compared as played where both were
    /// (the same events render the same), else as rendered.
    pub fn same(&self, other: &StepEvents) -> bool {
        match (self, other) {
            (StepEvents::Played(a, _), StepEvents::Played(b, _)) if a == b => true,
            _ => self.texts() == other.texts(),
        }
    }
}

/// The standings of a finished game in words (`P2 P1 P3`), else empty.
pub(crate) fn standings_words(pos: &Position) -> String {
    pos.final_standings().map_or_else(String::new, |s| {
        s.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A stable 64-bit hash of text (FNV-1a): the same on every build and
/// machine, for telling whether a scenario's text changed between traces.
pub fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One step as `goti explain` shows it.
#[derive(Clone, Debug)]
pub struct TranscriptStep {
    pub line: usize,
    pub text: String,
    pub outcome: String,
    pub events: Vec<String>,
    /// The ASCII board after the step (shared as `state` is).
    pub picture: std::sync::Arc<str>,
    /// The position after the step as an SVG picture (`goti render`).
    pub svg: String,
    /// The snapshot body's state part after the step (compact explain
    /// shows what changed from the step before). Shared with the step
    /// before when the step changed nothing (a refusal), so a long
    /// scenario of refusals holds one state, not one per step.
    pub state: std::sync::Arc<str>,
    /// The expectations and snapshots checked after this step, in order.
    pub checks: Vec<CheckResult>,
    /// What the rules allow after the step, in words (`4 legal actions`;
    /// empty where the transcript is brief): the language server's hover.
    pub legal: String,
    /// The legal actions after the step in scenario syntax, when there are
    /// at most [`COMPLETED_ACTIONS`] (else, and where brief, empty): the
    /// language server's completions after `expect legal:`.
    pub legal_actions: Vec<String>,
}

/// The most legal actions a transcript step lists for completion.
pub const COMPLETED_ACTIONS: usize = 200;

/// One `expect`, `expect illegal` or `snapshot` as it was checked.
#[derive(Clone, Debug)]
pub struct CheckResult {
    pub line: usize,
    pub text: String,
    /// `None` when it held; what was found instead when it failed.
    pub failure: Option<String>,
}

impl CheckResult {
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

/// What happened to one snapshot statement.
#[derive(Clone, Debug)]
pub struct SnapshotReport {
    pub path: std::path::PathBuf,
    /// The `snapshot` statement.
    pub span: Span,
    pub outcome: SnapOutcome,
}

/// The result of one scenario.
#[derive(Clone, Debug)]
pub struct ScenarioReport {
    pub name: String,
    /// The ruleset it played (coverage counts rule IDs per ruleset).
    pub game: GameKind,
    pub line: usize,
    pub tags: Vec<String>,
    pub problems: Vec<Diagnostic>,
    /// Rule IDs the engine applied (events, rejections) or that an
    /// `expect illegal(RULE)` named.
    pub rules_applied: BTreeSet<RuleId>,
    /// The rule IDs its rules put in play (`Rules::rules_in_play`; `None`:
    /// every rule of the game, as before its rules were loaded).
    pub in_play: Option<Vec<RuleId>>,
    /// The game's catalogue under the IDs its rules cite, where they
    /// rename any (a `race` description's `names`).
    pub catalogue: Option<Vec<crate::engine::RuleInfo>>,
    /// What its rules call the base and the home fields, where they name
    /// them (a `race` description's `words`).
    pub place_names: Option<(String, String)>,
    /// The command line's `--set` keys this scenario's ruleset has (and took).
    pub sets_applied: Vec<String>,
    /// How the scenario met the run's mutant (`goti mutate`), if any.
    pub mutant: Option<ruleset::Exposure>,
    pub snapshots: Vec<SnapshotReport>,
    pub transcript: Vec<TranscriptStep>,
    /// The set-up and every action's outcome, when recorded.
    pub steps: Vec<StepRecord>,
    /// Transcript steps left out by `TranscriptLimits::steps`: where (the
    /// index in `transcript` they stood before) and how many.
    pub omitted: Option<(usize, usize)>,
    /// [`text_hash`] of the scenario's text as written.
    pub text_hash: u64,
    /// Where a passing scenario ends, when `RunOptions::keep_end` asks.
    pub end: Option<Box<End>>,
}

/// Where a scenario ends: its last position and its text as written.
#[derive(Clone, Debug)]
pub struct End {
    pub position: Position,
    pub text: String,
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }
}

/// What lowering checks a scenario against under `rules`; the rules in
/// play and the catalogue, where the rules rename it, go to `report`.
fn limits_of(
    game: GameKind,
    rules: &crate::runner::position::Rules,
    report: &mut ScenarioReport,
) -> Limits {
    report.in_play = rules.rules_in_play();
    report.place_names = rules.place_names();
    let catalogue = rules.catalogue();
    if let std::borrow::Cow::Owned(own) = &catalogue {
        report.catalogue = Some(own.clone());
    }
    Limits {
        game,
        ring: rules.ring(),
        home_path: rules.home_path(),
        rule_ids: catalogue.iter().map(|r| r.id.0).collect(),
        place_names: report.place_names.clone(),
    }
}

/// Plays `sc` from `source` (the file at `path`); its first `from_file`
/// statements are the file's header. `file_perft` is what the `expect
/// perft`s of the file may still visit, and is spent by this scenario's.
pub fn play(
    sc: &Scenario,
    from_file: usize,
    source: &Source,
    path: &Path,
    opts: &RunOptions,
    file_perft: &mut u64,
) -> ScenarioReport {
    let mut report = ScenarioReport {
        name: sc.name.value.clone(),
        game: GameKind::default(),
        line: source.line_col(sc.span.start).0,
        tags: Vec::new(),
        problems: Vec::new(),
        rules_applied: BTreeSet::new(),
        in_play: None,
        catalogue: None,
        place_names: None,
        sets_applied: Vec::new(),
        mutant: None,
        snapshots: Vec::new(),
        transcript: Vec::new(),
        steps: Vec::new(),
        omitted: None,
        text_hash: text_hash(written(sc, source)),
        end: None,
    };
    let mut problems: Vec<Problem> = Vec::new();
    let header = lower::header(sc, from_file, &mut problems);
    report.tags = header.tags.clone();
    report.game = header.kind;
    let to_diagnostics = |problems: &[Problem]| {
        problems
            .iter()
            .map(|p| Diagnostic::from_problem(Kind::Setup, source, p))
            .collect::<Vec<_>>()
    };
    let Some(rules) = ruleset::load(&header, sc, source, path, opts, &mut report) else {
        report.problems.extend(to_diagnostics(&problems));
        return report;
    };
    let limits = limits_of(header.kind, &rules, &mut report);
    let plan = lower::lower(sc, &limits, &header, &mut problems);
    report.problems.extend(to_diagnostics(&problems));
    let lowering_failed = !report.problems.is_empty();
    let mut events: Vec<Event> = Vec::new();
    // The engine validates the set-up even when lowering failed, so every problem shows at once.
    let pos = match rules.set_up(&plan.setup, &mut events) {
        Ok(p) if !lowering_failed => p,
        Ok(_) => return report,
        Err(errors) => {
            // A player count that only follows from an unknown player (`P5`) is not said twice.
            let players_rule = header.kind.vocabulary().players_rule;
            let player_problem = problems.iter().any(|p| p.rule == Some(players_rule));
            for e in errors
                .into_iter()
                .filter(|e| !(player_problem && e.part == SetupPart::Players))
            {
                let span = setup_span(&plan, e.part, sc.span);
                report
                    .problems
                    .push(Diagnostic::from_setup_error(source, span, e));
            }
            report.problems.sort_by_key(|d| d.span.start);
            return report;
        }
    };
    report.rules_applied.extend(events.iter().map(|e| e.rule));
    if opts.validate_only {
        return report;
    }
    if opts.explain {
        let (line, text) = (
            report.line,
            format!("scenario \"{}\" (setup)", sc.name.value),
        );
        push_step(
            &mut report,
            &opts.limits,
            (line, text),
            "set up",
            &events,
            &pos,
        );
    }
    if opts.record {
        report.steps.push(StepRecord {
            line: report.line,
            text: "(set-up)".into(),
            state: pos.render_state(),
            events: StepEvents::Played(Vec::new(), pos.game()),
            standings: standings_words(&pos),
        });
    }
    let last_action = 0..events.len();
    let mut play = Play {
        sc,
        source,
        path,
        opts,
        // Reachability invariants hold unless the set-up set progress counts by hand.
        reachable: plan.setup.placements.iter().all(|p| p.steps.is_none()),
        pos,
        events,
        last_action,
        snapshots: 0,
        perft: expect::PerftLeft::new(*file_perft),
        report,
    };
    for step in &plan.steps {
        let line = source.line_col(step.span().start).0;
        if opts.until_line.is_some_and(|until| line > until) {
            break;
        }
        if play.step(step) == Flow::Stop {
            break;
        }
    }
    *file_perft = play.perft.file;
    if opts.keep_end && (opts.end_always || play.report.problems.is_empty()) {
        play.report.end = Some(Box::new(End {
            position: play.pos.clone(),
            text: {
                // The file's header statements (played with every scenario), then the scenario.
                let mut text = String::new();
                for st in sc.statements.iter().filter(|s| s.span.end <= sc.span.start) {
                    text.push_str(source.text.get(st.span.start..st.span.end).unwrap_or(""));
                    text.push('\n');
                }
                text + written(sc, source)
            },
        }));
    }
    // Only the last step pictured: drawn once, at the end.
    if opts.explain
        && opts.limits.pictured == Some(0)
        && opts.limits.svg_only.is_none()
        && opts.limits.take()
    {
        let marks =
            crate::runner::render::svg::Marks::from_events(&play.events[play.last_action.clone()]);
        match play.report.transcript.last_mut() {
            Some(last) => last.svg = play.pos.svg(&marks),
            None => opts.limits.refund(),
        }
    }
    play.report
}

/// The whole scenario as written: its line and every statement.
fn written<'a>(sc: &Scenario, source: &'a Source) -> &'a str {
    let end = sc
        .statements
        .iter()
        .map(|s| s.span.end)
        .fold(sc.span.end, usize::max);
    source.text.get(sc.span.start..end).unwrap_or("")
}

/// Whether the scenario goes on after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    /// An action was refused unexpectedly or broke an invariant: later steps
    /// would only report follow-on problems.
    Stop,
}

/// A scenario being played.
struct Play<'a> {
    sc: &'a Scenario,
    source: &'a Source,
    path: &'a Path,
    opts: &'a RunOptions,
    reachable: bool,
    pos: Position,
    events: Vec<Event>,
    /// The events of the last action applied (for `expect applied`).
    last_action: Range<usize>,
    /// Snapshot statements seen so far (names unlabelled snapshots).
    snapshots: usize,
    /// What its `expect perft`s may still visit.
    perft: expect::PerftLeft,
    report: ScenarioReport,
}

impl Play<'_> {
    fn step(&mut self, step: &Step) -> Flow {
        match step {
            Step::Act {
                action,
                player,
                span,
            } => self.act(action, player.as_ref().map(|p| p.value), *span),
            Step::ExpectIllegal {
                rule,
                action,
                player,
                span,
            } => self.expect_illegal(
                rule.as_ref(),
                action,
                player.as_ref().map(|p| p.value),
                *span,
            ),
            Step::Expect { check, span } => self.expect(check, *span),
            Step::Snapshot { label, span } => self.snapshot(label.as_deref(), *span),
        }
    }
}

/// Records a step of the transcript (`explain`) within `limits`: the
/// pictures of the first steps and the latest, the first and last steps.
fn push_step(
    report: &mut ScenarioReport,
    limits: &TranscriptLimits,
    (line, text): (usize, String),
    outcome: &str,
    events: &[Event],
    pos: &Position,
) {
    let index = report.transcript.len() + report.omitted.map_or(0, |(_, n)| n);
    if let Some(kept) = &limits.kept_steps {
        use std::sync::atomic::Ordering;
        if kept
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_err()
        {
            // Past the run's budget: counted, not kept (after the kept steps).
            let count = report.omitted.map_or(0, |(_, c)| c);
            report.omitted = Some((report.transcript.len(), count + 1));
            return;
        }
    }
    // The latest step so far loses its picture once past the pictured ones.
    if limits.pictured.is_some_and(|cap| index > cap) {
        if let Some(prev) = report.transcript.last_mut() {
            if !prev.svg.is_empty() {
                prev.svg = String::new();
                limits.refund();
            }
        }
    }
    // With only the last step pictured, `play` draws it at the end.
    let draw =
        limits.pictured != Some(0) && limits.svg_only.is_none_or(|k| k == index) && limits.take();
    // The state, shared with the step before when this one changed nothing.
    let state: Option<Arc<str>> = (!limits.brief).then(|| {
        let state = pos.render_state();
        match report.transcript.last() {
            Some(prev) if *prev.state == *state => prev.state.clone(),
            _ => Arc::from(state),
        }
    });
    report.transcript.push(TranscriptStep {
        line,
        text,
        outcome: outcome.to_string(),
        events: events
            .iter()
            .map(|e| e.told(pos.game().vocabulary()).to_string())
            .collect(),
        picture: if limits.brief || limits.no_board {
            std::sync::Arc::from("")
        } else {
            match (&state, report.transcript.last()) {
                (Some(now), Some(prev)) if Arc::ptr_eq(now, &prev.state) => prev.picture.clone(),
                _ => std::sync::Arc::from(pos.picture()),
            }
        },
        svg: if draw {
            pos.svg(&crate::runner::render::svg::Marks::from_events(events))
        } else {
            String::new()
        },
        state: state.unwrap_or_else(|| std::sync::Arc::from("")),
        checks: Vec::new(),
        legal: if limits.brief {
            String::new()
        } else {
            legal_words(pos)
        },
        legal_actions: if limits.brief {
            Vec::new()
        } else {
            legal_actions(pos)
        },
    });
    if let Some(n) = limits.steps {
        if report.transcript.len() > 2 * n {
            let dropped = report.transcript.remove(n);
            if !dropped.svg.is_empty() {
                limits.refund();
            }
            let count = report.omitted.map_or(0, |(_, c)| c);
            report.omitted = Some((n, count + 1));
        }
    }
}

/// The legal actions at `pos` in scenario syntax, when there are at most
/// [`COMPLETED_ACTIONS`] (the listing counts first, so a big royal store
/// is never built).
pub fn legal_actions(pos: &Position) -> Vec<String> {
    pos.legal_list(COMPLETED_ACTIONS)
        .map(|list| list.iter().map(|a| pos.action_words(a)).collect())
        .unwrap_or_default()
}

/// What the rules allow at `pos`, in words (ROYAL.md §10, PORTAL.md §8,
/// MAEDN.md §3): the count of legal actions, or why there is none to count.
pub fn legal_words(pos: &Position) -> String {
    use crate::engine::legal::Ply;
    let ply = pos.ply();
    if ply == Ply::Over {
        return "the game is over: nothing is legal".into();
    }
    let count = match pos.legal_count(usize::MAX) {
        Ok(1) => "1 legal action".to_string(),
        Ok(n) => format!("{n} legal actions"),
        Err(why) => format!("the legal actions are not counted: {why}"),
    };
    match ply {
        Ply::Chance(outcomes) => format!(
            "{count}; a perft's next ply is the throw ({} outcomes)",
            outcomes.len()
        ),
        _ => count,
    }
}

impl Play<'_> {
    /// A step of the transcript after the statement at `span` (explain only).
    fn transcript(&mut self, span: Span, outcome: &str, events: std::ops::Range<usize>) {
        let text = self
            .source
            .text
            .get(span.start..span.end)
            .unwrap_or("")
            .to_string();
        let line = self.source.line_col(span.start).0;
        push_step(
            &mut self.report,
            &self.opts.limits,
            (line, text),
            outcome,
            &self.events[events],
            &self.pos,
        );
    }
}

impl Play<'_> {
    /// Records a checked statement on the step it follows (explain only).
    fn checked(&mut self, span: Span, failure: Option<String>) {
        if !self.opts.explain {
            return;
        }
        // The statement's whole line (a check's own span leaves out `expect`).
        let text = self
            .source
            .text
            .get(span.start..span.end)
            .unwrap_or("")
            .trim()
            .to_string();
        let (a, b) = self.source.line_span(span.start);
        let whole = self.source.text.get(a..b).unwrap_or("").trim();
        // A line of one statement is shown whole; a chained line
        // (`expect A, B`) shows each expectation on its own.
        let starts_expect = |t: &str| t.to_ascii_lowercase().starts_with("expect");
        let text = if whole.contains(&text) && !whole.contains(';') && !whole.contains(',') {
            whole.to_string()
        } else if starts_expect(whole) && !starts_expect(&text) {
            format!("expect {text}")
        } else {
            text
        };
        let line = self.source.line_of(span.start);
        // A step past the budget was not kept: nor are its checks.
        let cut = self
            .report
            .omitted
            .is_some_and(|(at, _)| at >= self.report.transcript.len());
        if let (false, Some(step)) = (cut, self.report.transcript.last_mut()) {
            step.checks.push(CheckResult {
                line,
                text,
                failure,
            });
        }
    }
}

fn setup_span(plan: &Plan, part: SetupPart, fallback: Span) -> Span {
    match part {
        SetupPart::Players => plan.spans.players,
        SetupPart::Placement(i) => plan.spans.placements.get(i).copied().unwrap_or(fallback),
        SetupPart::Turn => plan.spans.turn.unwrap_or(fallback),
        SetupPart::Fact(i) => plan.spans.facts.get(i).copied().unwrap_or(fallback),
    }
}
