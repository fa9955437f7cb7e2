//! `goti perft`: the histories of D plies from a scenario's position, with
//! `--divide` by the first ply (the rulebooks' "Legal actions" sections).

use std::sync::Arc;

use super::command_args::{PerftCli, PerftFormat};
use super::error::CliError;
use super::output::render;
use crate::engine::legal::{Budget, PerftError};
use crate::runner::{self, RunOptions};

/// `goti perft FILE[:LINE] --depth D [--divide]`: exit 0 with the count, 1
/// when the scenario failed on the way (its problems printed, the count
/// from where it got), 2 on a usage error or an exhausted budget.
pub(super) fn perft(
    a: &PerftCli,
    layers: crate::runner::play::ruleset::RuleLayers,
) -> Result<i32, CliError> {
    let (found, sel, line) = super::pick::one_file(&a.file, &a.select, "perft")?;
    let opts = super::context::options(
        RunOptions {
            skip_snapshots: true,
            select: Arc::new(sel),
            keep_end: true,
            end_always: true,
            until_line: line,
            ..RunOptions::default()
        },
        layers,
    );
    let report = runner::play_one(&found, None, &opts);
    for d in &report.file_problems {
        errln!("{}", render(d, false));
    }
    let sc = super::pick::one_scenario(&report, "to count from")?;
    for d in &sc.problems {
        errln!("{}", render(d, false));
    }
    let Some(end) = &sc.end else {
        return Err(CliError(format!(
            "{}:{} \"{}\" reaches no position to count from (its set-up is refused)",
            report.source.name, sc.line, sc.name
        )));
    };
    let pos = &end.position;
    let mut budget = Budget::new(a.max_nodes);
    let budget_error = |e: PerftError, budget: &Budget| {
        match e {
        PerftError::Budget { done, of, .. } => CliError(format!(
            "perft {} stopped: the budget of {} nodes ran out after {} ({done} of the first ply's {of} branches counted); raise --max-nodes or lower --depth",
            a.depth, a.max_nodes, budget.nodes
        )),
        other => CliError(format!("perft {}: {other}", a.depth)),
    }
    };
    let from = match line {
        Some(l) => format!("{}:{l} \"{}\", after line {l}", report.source.name, sc.name),
        None => format!(
            "{}:{} \"{}\", where it ends",
            report.source.name, sc.line, sc.name
        ),
    };
    let (total, branches) = if a.divide {
        let branches = pos
            .divide(a.depth, &mut budget)
            .map_err(|e| budget_error(e, &budget))?;
        (branches.iter().map(|(_, n)| n).sum::<u64>(), Some(branches))
    } else {
        let n = pos
            .perft(a.depth, &mut budget)
            .map_err(|e| budget_error(e, &budget))?;
        (n, None)
    };
    match a.format {
        PerftFormat::Text => {
            for (ply, n) in branches.iter().flatten() {
                outln!("{ply}: {n}");
            }
            outln!(
                "perft {} = {total} (from {from}; {} nodes)",
                a.depth,
                budget.nodes
            );
        }
        PerftFormat::Json => {
            let divide = branches.map(|b| {
                b.into_iter()
                    .map(|(ply, n)| serde_json::json!({"ply": ply, "nodes": n}))
                    .collect::<Vec<_>>()
            });
            outln!(
                "{}",
                serde_json::json!({
                    "file": report.source.name,
                    "scenario": sc.name,
                    "line": line,
                    "game": sc.game.name(),
                    "depth": a.depth,
                    "perft": total,
                    "visited": budget.nodes,
                    "divide": divide,
                })
            );
        }
    }
    Ok(if sc.problems.is_empty() { 0 } else { 1 })
}
