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
    // Per game: its catalogue, then the IDs a description gave its rules
    // (`race`'s `names`), each once, in the order first met.
    let mut rows: Vec<Vec<crate::engine::RuleInfo>> =
        games.iter().map(|g| g.catalogue().to_vec()).collect();
    // Per game: the rules some counted scenario's rules put in play (`None`
    // until one says; a scenario whose rules switch nothing off puts all).
    let mut in_play: Vec<Option<std::collections::BTreeSet<&str>>> = vec![None; games.len()];
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
            let Some(gi) = games.iter().position(|g| *g == sc.game) else {
                *elsewhere.entry(sc.game.name()).or_default() += 1;
                continue;
            };
            tally(
                (&mut by_rule[gi], &mut rows[gi], &mut in_play[gi]),
                games[gi],
                sc,
                &who,
                &mut failing,
            );
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
        let catalogue = &rows[gi];
        // A game no counted scenario played: every rule is asked for.
        let live = |id: &str| in_play[gi].as_ref().is_none_or(|s| s.contains(id));
        let count = catalogue.iter().filter(|r| live(r.id.0)).count();
        total += count;
        lines.push(if count == catalogue.len() {
            format!("== {} ({} rule IDs)", game.name(), catalogue.len())
        } else {
            format!(
                "== {} ({} rule IDs, {count} in play in these scenarios' rules)",
                game.name(),
                catalogue.len()
            )
        });
        for info in catalogue {
            let list = &by_rule[gi][info.id.0];
            if !live(info.id.0) {
                lines.push(format!(
                    "{:<26} not in play (no scenario's rules use it)",
                    info.id.0
                ));
            } else if list.is_empty() {
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

/// One game's tally: rule ID -> scenarios, its rows, the rules in play.
type GameTally<'t> = (
    &'t mut std::collections::BTreeMap<&'static str, Vec<String>>,
    &'t mut Vec<crate::engine::RuleInfo>,
    &'t mut Option<std::collections::BTreeSet<&'static str>>,
);

/// Counts a passing scenario of game `game` as `who`: the rules it
/// applied, the rules its rules put in play, and the IDs its rules give
/// the game's rules where they rename them (`race`'s `names`).
fn tally(
    (table, rows, in_play): GameTally<'_>,
    game: crate::engine::GameKind,
    sc: &runner::ScenarioReport,
    who: &str,
    failing: &mut Vec<String>,
) {
    for info in sc.catalogue.iter().flatten() {
        if !table.contains_key(info.id.0) {
            table.insert(info.id.0, Vec::new());
            rows.push(*info);
        }
    }
    let play = in_play.get_or_insert_with(Default::default);
    match &sc.in_play {
        Some(ids) => {
            play.extend(ids.iter().map(|id| id.0));
            // An oracle is loud: a rule applied that its rules say is out
            // of play means the game's list is wrong.
            for id in sc.rules_applied.iter().filter(|id| !ids.contains(id)) {
                failing.push(format!(
                    "{who}: applies {}, which its rules do not put in play",
                    id.0
                ));
            }
        }
        None => play.extend(game.catalogue().iter().map(|r| r.id.0)),
    }
    for id in &sc.rules_applied {
        if let Some(list) = table.get_mut(id.0) {
            list.push(who.to_string());
        }
    }
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
