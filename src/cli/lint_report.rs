//! `goti lint`'s reports: text (a line per table and policy, then the
//! findings) and JSON.

use serde_json::json;

use super::command_args::LintCli;
use super::output::render;
use crate::engine::GameKind;
use crate::lint::TableReport;
use crate::runner::diagnostic::Diagnostic;

pub(super) fn print_text(linted: &[Linted], a: &LintCli) {
    for l in linted {
        outln!("{} ({})", l.game, l.shown);
        for t in &l.tables {
            let w = &t.walked;
            outln!(
                "  {}: {} games through the legal actions (at most {} turns each): {} player nodes checked; the generator compared with the rules at {} nodes",
                table_words(l.game, t),
                w.games,
                crate::lint::WALK_TURNS,
                w.nodes,
                t.compared
            );
            for len in &t.lengths {
                let d = &len.decisions;
                outln!(
                    "    {} play: {} games, {} stopped at the {}-turn cap; turns of finished games: median {}, p95 {}, longest {}; {} decisions, {:.1}% forced, legal actions a decision: median {}, mean {:.2} (sd {:.2})",
                    len.policy.name(),
                    len.games,
                    len.capped,
                    a.max_turns,
                    shown_turns(len.median),
                    shown_turns(len.p95),
                    len.longest,
                    d.nodes,
                    100.0 * d.forced_share(),
                    d.median(),
                    d.mean(),
                    d.sd()
                );
            }
            if t.probed > 0 {
                outln!(
                    "    stopped games probed: {} of {} left by play from their last position",
                    t.left,
                    t.probed
                );
            }
        }
        match &l.reduced {
            Ok((variant, e)) => outln!(
                "  reduced board ({variant}), 2 players: {} positions {}, {} of them ends, {} stuck, {} dead ends",
                e.states,
                if e.complete {
                    "(every reachable position visited)"
                } else {
                    "(the budget ran out: dead ends not judged)"
                },
                e.over,
                e.stuck,
                e.dead
            ),
            Err(why) => outln!("  reduced board: none ({why})"),
        }
        for (d, scenario) in &l.findings {
            errln!("{}", render(d, false));
            if let (Some(s), None) = (scenario, &a.output) {
                errln!("  the scenario that reaches it:");
                for line in s.lines() {
                    errln!("    {line}");
                }
            }
        }
        outln!(
            "{} ({:.1} s): {}",
            l.game,
            l.seconds,
            if l.findings.is_empty() {
                "clean".to_string()
            } else {
                format!("{} finding(s)", l.findings.len())
            }
        );
    }
}

pub(super) fn print_json(linted: &[Linted]) {
    let rulesets: Vec<serde_json::Value> = linted
        .iter()
        .map(|l| {
            let tables: Vec<serde_json::Value> = l
                .tables
                .iter()
                .map(|t| {
                    json!({
                        "players": t.players,
                        "mode": t.mode,
                        "walked_games": t.walked.games,
                        "walked_nodes": t.walked.nodes,
                        "compared": t.compared,
                        "probed": t.probed,
                        "left": t.left,
                        "lengths": t.lengths.iter().map(|len| json!({
                            "policy": len.policy.name(),
                            "games": len.games,
                            "capped": len.capped,
                            "median": if len.median.is_nan() { None } else { Some(len.median) },
                            "p95": if len.p95.is_nan() { None } else { Some(len.p95) },
                            "longest": len.longest,
                            "decisions": len.decisions.nodes,
                            "forced": len.decisions.forced,
                            "forced_share": len.decisions.forced_share(),
                            "branching_median": len.decisions.median(),
                            "branching_mean": len.decisions.mean(),
                            "branching_sd": len.decisions.sd(),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let findings: Vec<serde_json::Value> = l
                .findings
                .iter()
                .map(|(d, scenario)| {
                    let (line, column) = d.source.line_col(d.span.start);
                    json!({
                        "file": d.source.name,
                        "line": line,
                        "column": column,
                        "rule": d.rule.map(|r| r.0),
                        "message": d.message,
                        "scenario": scenario,
                    })
                })
                .collect();
            let reduced = match &l.reduced {
                Ok((variant, e)) => json!({
                    "variant": variant,
                    "states": e.states,
                    "complete": e.complete,
                    "over": e.over,
                    "stuck": e.stuck,
                    "dead": e.dead,
                }),
                Err(why) => json!({ "none": why }),
            };
            json!({"game": l.game.name(), "rules": l.shown, "seconds": l.seconds, "tables": tables, "reduced": reduced, "findings": findings})
        })
        .collect();
    outln!("{}", json!({ "rulesets": rulesets }));
}

/// A quantile of finished games' turns; `none` when no game finished.
fn shown_turns(t: f64) -> String {
    if t.is_nan() {
        "none".into()
    } else {
        format!("{t:.0}")
    }
}

/// One ruleset linted: its game, how it was made, its tables, and its
/// findings as diagnostics (with the scenario of each, if any).
pub(super) struct Linted {
    pub game: GameKind,
    pub shown: String,
    pub tables: Vec<TableReport>,
    pub findings: Vec<(Diagnostic, Option<String>)>,
    /// The exhaustive check of the reduced variant, or why there is none.
    pub reduced: Result<(String, crate::lint::exhaustive::Explored), String>,
    /// The lint's wall-clock time (every core).
    pub seconds: f64,
}

pub(super) fn table_words(game: GameKind, r: &TableReport) -> String {
    match r.mode {
        Some(m) => format!("{game} {m} with {} players", r.players),
        None => format!("{game} with {} players", r.players),
    }
}
