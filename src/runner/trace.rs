//! `goti trace`: what every scenario does, step by step, in a stable,
//! versioned file another build can compare against (`goti diff
//! --base-trace`). JSON lines:
//!
//! 1. a header: `{"goti_trace": FORMAT, "goti": VERSION, "rules": FINGERPRINT, "files": [...]}`;
//! 2. per scenario, in file order then scenario order, a scenario record
//!    `{"kind": "scenario", "file", "scenario", "game", "text": HASH, "passed", "problems": [...]}`
//!    followed by its step records
//!    `{"kind": "step", "file", "scenario", "step", "line", "text", "state", "standings", "events": [[RULE, TEXT], ...]}`.
//!
//! A scenario is named by its file and its name (unique in a file), never
//! by its line. Nothing depends on timing or the number of cores.

use crate::error::{Error, ErrorKind};
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::diff::Outcome;
use super::{FileReport, StepRecord};
use crate::engine::{GameKind, RuleId};

/// The trace format's version: a reader refuses any other. 2: the board
/// text says stores and dice in words (`store not set (any rolls)`, `to
/// play: 2 1; burned: none`), so a format-1 trace would differ everywhere.
pub const FORMAT: u32 = 2;

/// The header line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub goti_trace: u32,
    /// The goti that wrote it.
    pub goti: String,
    /// A fingerprint of the rules the scenarios played under (before their
    /// own files and `set` lines).
    pub rules: String,
    /// The scenario files, as shown.
    pub files: Vec<String>,
    /// The shard this trace is of (`--shard K/N`), and a fingerprint of
    /// the rest of its command line; `goti merge` checks both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<crate::runner::shard::Shard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<String>,
    /// Of a shard: the build that wrote it and how many scenarios it
    /// holds, so `goti merge` refuses another build's shard or a cut one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub build: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenarios: Option<usize>,
}

#[derive(Serialize, Deserialize)]
struct ScenarioLine {
    kind: String,
    file: String,
    scenario: String,
    game: String,
    line: usize,
    text: String,
    passed: bool,
    problems: Vec<String>,
}

#[derive(Serialize, Deserialize)]
struct StepLine {
    kind: String,
    file: String,
    scenario: String,
    step: usize,
    line: usize,
    text: String,
    state: String,
    standings: String,
    events: Vec<(String, String)>,
}

/// The trace of `reports` (played with `record`), as text; `shard`: of a
/// shard, with the fingerprint of the command line.
pub fn write(
    reports: &[FileReport],
    rules: &str,
    shard: Option<(crate::runner::shard::Shard, String)>,
) -> String {
    let header = Header {
        goti_trace: FORMAT,
        goti: env!("CARGO_PKG_VERSION").to_string(),
        rules: rules.to_string(),
        files: reports.iter().map(|r| r.source.name.clone()).collect(),
        build: shard.as_ref().map(|_| env!("GOTI_BUILD").to_string()),
        scenarios: shard
            .as_ref()
            .map(|_| reports.iter().map(|r| r.scenarios.len()).sum()),
        shard: shard.as_ref().map(|(s, _)| *s),
        args: shard.map(|(_, a)| a),
    };
    let mut out = line(&header);
    out.push('\n');
    for r in reports {
        for s in &r.scenarios {
            let sc = ScenarioLine {
                kind: "scenario".into(),
                file: r.source.name.clone(),
                scenario: s.name.clone(),
                game: s.game.name().into(),
                line: s.line,
                text: format!("{:016x}", s.text_hash),
                passed: s.passed(),
                problems: s.problems.iter().map(|d| d.message.clone()).collect(),
            };
            out.push_str(&line(&sc));
            out.push('\n');
            for (k, st) in s.steps.iter().enumerate() {
                let step = StepLine {
                    kind: "step".into(),
                    file: r.source.name.clone(),
                    scenario: s.name.clone(),
                    step: k,
                    line: st.line,
                    text: st.text.clone(),
                    state: st.state.clone(),
                    standings: st.standings.clone(),
                    events: st
                        .events
                        .texts()
                        .iter()
                        .map(|(rule, e)| (rule.0.to_string(), e.clone()))
                        .collect(),
                };
                out.push_str(&line(&step));
                out.push('\n');
            }
        }
    }
    out
}

/// A record as one JSON line (`#` escaped as everywhere goti prints JSON).
fn line<T: Serialize>(v: &T) -> String {
    let text = serde_json::to_string(v).unwrap_or_else(|e| unreachable!("records serialise: {e}"));
    crate::shown::json_text(&text)
}

/// A trace read back: its header and every scenario's outcome, by (file,
/// scenario name).
#[derive(Debug)]
pub struct Trace {
    pub header: Header,
    pub scenarios: BTreeMap<(String, String), Outcome>,
    /// The scenarios in the order the trace holds them.
    pub order: Vec<(String, String)>,
}

/// A rule ID read from a trace: the catalogue's own where the game has it
/// (an engine change may also have named a new one, and a `race`
/// description names its own), else kept once per distinct ID.
fn rule_id(game: GameKind, id: &str) -> RuleId {
    game.catalogue()
        .iter()
        .find(|r| r.id.0 == id)
        .map(|r| r.id)
        .unwrap_or_else(|| crate::engine::rule::intern(id))
}

/// Reads a trace; an error says what is wrong and where (`line N`).
pub fn read(text: &str) -> Result<Trace, Error> {
    Error::of(ErrorKind::Input, || {
        let mut lines = text.lines().enumerate();
        let (_, first) = lines.next().ok_or("the trace is empty")?;
        let probe: serde_json::Value = serde_json::from_str(first)
            .map_err(|e| format!("line 1: not a goti trace header: {e}"))?;
        match probe.get("goti_trace").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(FORMAT) => {}
        Some(v) => {
            return Err(format!(
                "this trace is of format {v}, made by goti {}; this goti reads format {FORMAT}: make the base trace again with a goti of this format (or compare with the goti that made it)",
                probe.get("goti").and_then(|g| g.as_str()).unwrap_or("?")
            ))
        }
        None => return Err("line 1: not a goti trace header (no `goti_trace`)".into()),
    }
        let header: Header =
            serde_json::from_value(probe).map_err(|e| format!("line 1: a bad header: {e}"))?;
        let mut trace = Trace {
            header,
            scenarios: BTreeMap::new(),
            order: Vec::new(),
        };
        for (i, l) in lines {
            let at = |e: serde_json::Error| format!("line {}: {e}", i + 1);
            let v: serde_json::Value = serde_json::from_str(l).map_err(at)?;
            match v.get("kind").and_then(serde_json::Value::as_str) {
                Some("scenario") => {
                    let s: ScenarioLine = serde_json::from_value(v).map_err(at)?;
                    let game: GameKind = s
                        .game
                        .parse()
                        .map_err(|_| format!("line {}: no game `{}`", i + 1, s.game))?;
                    let key = (s.file.clone(), s.scenario.clone());
                    let text_hash = u64::from_str_radix(&s.text, 16)
                        .map_err(|_| format!("line {}: a bad text hash", i + 1))?;
                    trace.order.push(key.clone());
                    trace.scenarios.insert(
                        key,
                        Outcome {
                            name: s.scenario,
                            line: s.line,
                            game,
                            passed: s.passed,
                            steps: Vec::new(),
                            problems: s.problems,
                            text_hash,
                        },
                    );
                }
                Some("step") => {
                    let s: StepLine = serde_json::from_value(v).map_err(at)?;
                    let key = (s.file.clone(), s.scenario.clone());
                    let outcome = trace.scenarios.get_mut(&key).ok_or_else(|| {
                        format!(
                            "line {}: a step of a scenario not recorded before it",
                            i + 1
                        )
                    })?;
                    let game = outcome.game;
                    outcome.steps.push(StepRecord {
                        line: s.line,
                        text: s.text,
                        state: s.state,
                        events: super::StepEvents::Recorded(
                            s.events
                                .into_iter()
                                .map(|(r, e)| (rule_id(game, &r), e))
                                .collect(),
                        ),
                        standings: s.standings,
                    });
                }
                _ => return Err(format!("line {}: a record of no known kind", i + 1)),
            }
        }
        Ok(trace)
    })
}
