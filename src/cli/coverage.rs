//! `goti coverage`: which rule IDs the scenarios apply, game by game, for
//! the games the project plays.

use super::error::CliError;
use std::path::PathBuf;

use crate::runner::{self, RunOptions};

/// `coverage`: for each game of `games`, rule ID -> scenarios that
/// exercise it; a scenario of another game is counted apart, and said.
pub fn coverage(
    paths: Vec<PathBuf>,
    select: &super::report::SelectArgs,
    (layers, games): (
        crate::runner::play::ruleset::RuleLayers,
        &[crate::engine::GameKind],
    ),
    (verbose, markdown): (bool, bool),
) -> Result<i32, CliError> {
    let (_, files, sel) = super::report::selected_files(paths, select)?;
    let opts = super::context::options(
        RunOptions {
            skip_snapshots: true,
            select: std::sync::Arc::new(sel),
            ..RunOptions::default()
        },
        layers,
    );
    let mut selected = 0;
    let mut elsewhere: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut by_rule: Vec<std::collections::BTreeMap<&str, Vec<String>>> = games
        .iter()
        .map(|g| g.catalogue().iter().map(|r| (r.id.0, Vec::new())).collect())
        .collect();
    let mut failing = Vec::new();
    for report in runner::play_each(&files, None, None, &opts) {
        // A file that failed as a whole (unreadable, no scenario) is a failure too.
        for d in &report.file_problems {
            failing.push(format!("{}: {}", d.location(), d.message));
        }
        selected += report.scenarios.len();
        for sc in &report.scenarios {
            let who = format!("{}:{} {}", report.source.name, sc.line, sc.name);
            if !sc.passed() {
                failing.push(who);
                continue;
            }
            let Some(table) = games
                .iter()
                .position(|g| *g == sc.game)
                .map(|i| &mut by_rule[i])
            else {
                *elsewhere.entry(sc.game.name()).or_default() += 1;
                continue;
            };
            for id in &sc.rules_applied {
                if let Some(list) = table.get_mut(id.0) {
                    list.push(who.clone());
                }
            }
        }
    }
    if selected == 0 && !opts.select.is_everything() && !select.pick.allow_empty {
        return Err(CliError::new(
            "the selection matched no scenario (--allow-empty to accept that)",
        ));
    }
    let mut gaps = Vec::new();
    let mut total = 0;
    let mut lines = Vec::new();
    for (gi, game) in games.iter().enumerate() {
        let catalogue = game.catalogue();
        total += catalogue.len();
        lines.push(format!("== {} ({} rule IDs)", game.name(), catalogue.len()));
        for info in catalogue {
            let list = &by_rule[gi][info.id.0];
            if list.is_empty() {
                gaps.push((game.name(), info.id.0, info.text));
                lines.push(format!("{:<26} MISSING  {}", info.id.0, info.text));
            } else if verbose {
                lines.push(format!("{:<26} {:>4} scenario(s)", info.id.0, list.len()));
                lines.extend(list.iter().map(|who| format!("    {who}")));
            } else {
                lines.push(format!(
                    "{:<26} {:>4} scenario(s), e.g. {}",
                    info.id.0,
                    list.len(),
                    list[0]
                ));
            }
        }
    }
    let covered = format!("{} of {} rule IDs covered", total - gaps.len(), total);
    let other = (!elsewhere.is_empty()).then(|| {
        let list: Vec<String> = elsewhere
            .iter()
            .map(|(g, n)| format!("{n} of {g}"))
            .collect();
        let shown: Vec<&str> = games.iter().map(|g| g.name()).collect();
        format!(
            "not counted (another game): {} scenario(s), {}; this coverage is of {} (goti.yaml's rulesets, or --game)",
            elsewhere.values().sum::<usize>(),
            list.join(", "),
            shown.join(", ")
        )
    });
    if markdown {
        print_markdown(&covered, &gaps, &failing, other.as_deref());
    } else {
        for l in &lines {
            outln!("{l}");
        }
        for f in &failing {
            outln!("not counted (failing): {f}");
        }
        if let Some(o) = &other {
            outln!("{o}");
        }
        outln!("{covered}");
        if !gaps.is_empty() {
            let ids: Vec<String> = gaps.iter().map(|(g, id, _)| format!("{g}:{id}")).collect();
            outln!("gaps: {}", ids.join(", "));
        }
    }
    Ok(if gaps.is_empty() && failing.is_empty() {
        0
    } else {
        1
    })
}

/// The Markdown summary: the count, a table of the rule IDs no passing
/// scenario cites, and the scenarios not counted; names escaped.
fn print_markdown(
    covered: &str,
    gaps: &[(&str, &str, &str)],
    failing: &[String],
    other: Option<&str>,
) {
    use crate::shown::markdown as md;
    let mark = if gaps.is_empty() && failing.is_empty() {
        "every rule covered"
    } else {
        "gaps"
    };
    outln!("### goti coverage: {mark}\n\n{covered}\n");
    if !gaps.is_empty() {
        outln!("| game | rule ID | rule |\n|---|---|---|");
        for (game, id, text) in gaps {
            outln!("| {game} | `{id}` | {} |", md(text));
        }
        outln!();
    }
    for f in failing {
        outln!("- not counted (failing): {}", md(f));
    }
    if let Some(o) = other {
        outln!("- {}", md(o));
    }
}
