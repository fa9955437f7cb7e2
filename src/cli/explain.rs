//! `goti explain` (every step with its rules, as text, HTML or SVGs) and
//! `goti render` (one step as a picture).

use super::error::CliError;
use std::path::Path;
use std::sync::Arc;

use super::output::*;
use crate::runner::{self, RunOptions};

/// How `explain` shows the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    /// One block per step: its events, the pieces and numbers that changed,
    /// the expectations checked after it (the ASCII board with `--board`).
    Text,
    /// One self-contained HTML page: a picture after every step, its events
    /// with rule IDs, each expectation where it is checked with its result.
    Html,
    /// One SVG picture per step, written into the folder given with -o
    /// (`goti render --all-steps`).
    #[value(skip)]
    Svg,
}

/// `explain`: every step with its events, what changed, the expectations
/// checked after it, and (as asked) a picture of the board.
pub fn explain(
    file: &std::path::Path,
    pick: &super::report::ScenarioSelect,
    layers: crate::runner::play::ruleset::RuleLayers,
    color: bool,
    how: (ExplainFormat, bool, Option<&Path>),
) -> Result<i32, CliError> {
    let (format, board, output) = how;
    match (format, output) {
        (ExplainFormat::Svg, None) => {
            return Err(CliError::new(
                "--all-steps writes one picture per step: give the folder with -o DIR",
            ));
        }
        (ExplainFormat::Text, Some(_)) => {
            return Err(CliError::new(
                "-o is for --format html (a page); pictures: `goti render`",
            ));
        }
        (ExplainFormat::Html, Some(o))
            if o.extension()
                .is_none_or(|x| !x.eq_ignore_ascii_case("html")) =>
        {
            return Err(CliError(format!(
                "-o {}: name the page `.html`",
                crate::shown::path(o)
            )));
        }
        _ => {}
    }
    if let (ExplainFormat::Html, Some(o)) = (format, output) {
        crate::runner::snapshot::check_output(o).map_err(|e| CliError(format!("-o {e}")))?;
    }
    // A file, a folder (each scenario in turn) or FILE:LINE.
    let (_, files, sel) = super::report::selected_files(
        vec![file.to_path_buf()],
        &super::report::SelectArgs::of(pick),
    )?;
    let scenario = pick.name.as_deref();
    // A page stays bounded: the first and last steps of a long scenario,
    // pictures of its first steps and its last, a limit for the page.
    let limits = match format {
        ExplainFormat::Html => runner::play::TranscriptLimits {
            steps: Some(SHOWN_STEPS),
            pictured: Some(PICTURED_STEPS),
            budget: Some(Arc::new(std::sync::atomic::AtomicUsize::new(MAX_PICTURES))),
            brief: true,
            ..Default::default()
        },
        // The text shows no SVG, and the ASCII board only with --board.
        ExplainFormat::Text => runner::play::TranscriptLimits {
            svg_only: Some(usize::MAX),
            no_board: !board,
            ..Default::default()
        },
        ExplainFormat::Svg => Default::default(),
    };
    let opts = super::context::options(
        RunOptions {
            explain: true,
            skip_snapshots: true,
            select: Arc::new(sel),
            limits,
            ..RunOptions::default()
        },
        layers,
    );
    let reports = runner::play_each(&files, None, None, &opts);
    let failed = reports.iter().any(|r| !r.passed());
    let mut names: Vec<String> = Vec::new();
    if scenario.is_some() {
        // The names a missing scenario might have meant, from the files
        // that had none of that name.
        let lacking: Vec<runner::Found> = files
            .iter()
            .zip(&reports)
            .filter(|(_, r)| r.scenarios.is_empty())
            .map(|(f, _)| f.clone())
            .collect();
        let listing = RunOptions {
            validate_only: true,
            skip_snapshots: true,
            ..RunOptions::default()
        };
        for all in runner::play_each(&lacking, None, None, &listing) {
            names.extend(all.scenarios.iter().map(|s| s.name.clone()));
        }
    }
    let shown: usize = reports.iter().map(|r| r.scenarios.len()).sum();
    let file_failed = reports.iter().any(|r| !r.file_problems.is_empty());
    if shown == 0 && !file_failed && pick.allow_empty {
        return Ok(0);
    }
    if shown == 0 && !file_failed {
        let wanted = scenario.unwrap_or("");
        errln!(
            "error: no scenario of {} matches the selection{}",
            crate::shown::path(file),
            if wanted.is_empty() {
                String::new()
            } else {
                format!(" (--name {wanted:?})")
            }
        );
        if let Some(guess) = crate::closest::closest(wanted, names.iter().map(String::as_str)) {
            errln!("  did you mean {guess:?}?");
        }
        if !names.is_empty() {
            errln!(
                "  its scenarios: {}",
                names
                    .iter()
                    .map(|n| format!("{n:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        return Ok(2);
    }
    match (format, output) {
        (ExplainFormat::Text, _) => explain_text(&reports, board, color),
        (ExplainFormat::Html, None) => out!("{}", super::page::explain_page(&reports)),
        (ExplainFormat::Html, Some(o)) => {
            let page = super::page::explain_page(&reports);
            if let Err(e) = runner::snapshot::write_output(o, page.as_bytes()) {
                return Err(CliError(format!(
                    "cannot write {}: {e}",
                    crate::shown::path(o)
                )));
            }
            outln!("wrote {} ({shown} scenarios)", crate::shown::path(o));
        }
        (ExplainFormat::Svg, Some(dir)) => {
            explain_svgs(&reports, dir)?;
        }
        (ExplainFormat::Svg, None) => unreachable!("refused above: svg needs -o"),
    }
    Ok(i32::from(failed))
}

/// Compact text: per step its events, the changed pieces and numbers, the
/// checks after it; with `board` the ASCII board too.
fn explain_text(reports: &[runner::FileReport], board: bool, color: bool) {
    for report in reports {
        for d in &report.file_problems {
            out!("{}", render(d, color));
        }
        for sc in &report.scenarios {
            outln!(
                "== scenario \"{}\" ({}:{})",
                sc.name,
                report.source.name,
                sc.line
            );
            let mut before: Option<&str> = None;
            for step in &sc.transcript {
                outln!(
                    "\n-- line {}: {}  => {}",
                    step.line,
                    step.text,
                    step.outcome
                );
                for e in &step.events {
                    outln!("   {}", sentence(e));
                }
                for c in runner::render::changes(before, &step.state) {
                    outln!("   * {c}");
                }
                before = Some(&*step.state);
                for c in &step.checks {
                    match &c.failure {
                        None => outln!("   pass  line {}: {}", c.line, c.text),
                        Some(f) => outln!("   FAIL  line {}: {}\n         {f}", c.line, c.text),
                    }
                }
                if board {
                    outln!("{}", step.picture);
                }
            }
            for d in &sc.problems {
                out!("{}", render(d, color));
            }
            outln!(
                "{}",
                if sc.passed() {
                    "result: passed"
                } else {
                    "result: FAILED"
                }
            );
        }
    }
}

/// One SVG file per step in `dir`: `<file path>-<scenario>-<step>.svg`.
fn explain_svgs(reports: &[runner::FileReport], dir: &Path) -> Result<(), CliError> {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return Err(CliError(format!(
            "cannot make folder {}: {e}",
            crate::shown::path(dir)
        )));
    }
    let mut written = 0;
    let mut taken = std::collections::HashSet::new();
    for report in reports {
        // The file's path without `.goti`, so two `captures.goti` in two
        // folders never write the same picture.
        let name = &report.source.name;
        let stem = runner::snapshot::slug(name.strip_suffix(".goti").unwrap_or(name));
        for sc in &report.scenarios {
            for (k, step) in sc.transcript.iter().enumerate() {
                let mut name = format!("{stem}-{}-{k:02}.svg", runner::snapshot::slug(&sc.name));
                // Names cut to length could meet: never overwrite a picture of this run.
                let mut n = 2;
                while !taken.insert(name.clone()) {
                    name = format!("{stem}-{}-{k:02}-{n}.svg", runner::snapshot::slug(&sc.name));
                    n += 1;
                }
                let path = dir.join(&name);
                if let Err(e) = runner::snapshot::write_atomic(&path, step.svg.as_bytes()) {
                    return Err(CliError(format!(
                        "cannot write {}: {e}",
                        crate::shown::path(&path)
                    )));
                }
                written += 1;
            }
        }
    }
    outln!("wrote {written} pictures into {}", crate::shown::path(dir));
    Ok(())
}

/// `render`: the position at one step of one scenario as an SVG picture.
/// Step 0 is the set-up, step k the position after the k-th action;
/// `FILE:LINE` the position after that line; the last step by default.
pub fn render_picture(
    file: &std::path::Path,
    pick: &super::report::ScenarioSelect,
    step: Option<usize>,
    output: Option<&std::path::Path>,
    layers: crate::runner::play::ruleset::RuleLayers,
) -> Result<i32, CliError> {
    let png = match output.map(|o| o.extension().and_then(|x| x.to_str())) {
        None => false,
        Some(Some(x)) if x.eq_ignore_ascii_case("svg") => false,
        Some(Some(x)) if x.eq_ignore_ascii_case("png") => true,
        Some(_) => {
            return Err(CliError(format!(
                "-o {}: name the picture `.svg` or `.png`",
                output.map_or_else(String::new, |o| crate::shown::path(o).to_string())
            )));
        }
    };
    if let Some(o) = output {
        crate::runner::snapshot::check_output(o).map_err(|e| CliError(format!("-o {e}")))?;
    }
    let (found, sel, line) = super::pick::one_file(file, pick, "render")?;
    // Two plays: the steps first, without a picture, then the one step
    // shown drawn (a picture is made only where one is shown).
    let play = |svg_only: usize| {
        let opts = super::context::options(
            RunOptions {
                explain: true,
                skip_snapshots: true,
                select: Arc::new(sel.clone()),
                limits: runner::play::TranscriptLimits {
                    brief: true,
                    svg_only: Some(svg_only),
                    ..Default::default()
                },
                ..RunOptions::default()
            },
            layers.clone(),
        );
        runner::play_one(&found, None, &opts)
    };
    let report = play(usize::MAX);
    for d in &report.file_problems {
        errln!("error: {}: {}", d.location(), d.message);
    }
    let sc = super::pick::one_scenario(&report, "to render")?;
    let steps = &sc.transcript;
    if steps.is_empty() {
        errln!("error: scenario {:?} has no position to render:", sc.name);
        for d in &sc.problems {
            errln!("  {}: {}", d.location(), d.message);
        }
        return Ok(2);
    }
    let index = match (step, line) {
        (Some(k), _) if k < steps.len() => k,
        (Some(k), _) => {
            return Err(CliError(format!(
                "--step {k}: scenario {:?} has steps 0-{} (0 is the set-up)",
                sc.name,
                steps.len() - 1
            )));
        }
        (None, Some(l)) => steps.iter().rposition(|s| s.line <= l).unwrap_or(0),
        (None, None) => steps.len() - 1,
    };
    if !sc.passed() {
        errln!(
            "note: scenario {:?} fails; the picture shows the position goti reached",
            sc.name
        );
    }
    let drawn = play(index);
    let svg = match drawn.scenarios.as_slice() {
        [one] if one.transcript.len() == steps.len() => &one.transcript[index].svg,
        _ => {
            return Err(CliError::new(
                "the scenario played differently the second time: goti's own fault (report it)",
            ))
        }
    };
    if svg.is_empty() {
        return Err(CliError(format!(
            "step {index} of scenario {:?} was not drawn: goti's own fault (report it)",
            sc.name
        )));
    }
    match output {
        Some(o) => {
            let bytes = if png {
                match runner::render::png::png(svg, 2.0) {
                    Ok(b) => b,
                    Err(e) => {
                        return Err(CliError(format!("cannot draw the PNG: {e}")));
                    }
                }
            } else {
                svg.as_bytes().to_vec()
            };
            if let Err(e) = runner::snapshot::write_output(o, &bytes) {
                return Err(CliError(format!(
                    "cannot write {}: {e}",
                    crate::shown::path(o)
                )));
            }
            outln!(
                "wrote {} (step {index}, line {}: {})",
                crate::shown::path(o),
                steps[index].line,
                steps[index].text
            );
        }
        None => out!("{svg}"),
    }
    Ok(0)
}

/// An event line (`[rule] P1: text`, as snapshots and traces keep it) as a
/// sentence for `explain`'s text: the player as its subject where the event
/// is the player's doing, a capital and a full stop, the rule after it.
fn sentence(line: &str) -> String {
    let Some((rule, rest)) = line.strip_prefix('[').and_then(|l| l.split_once("] ")) else {
        return line.to_string();
    };
    let Some((player, text)) = rest.split_once(": ") else {
        return line.to_string();
    };
    let first = text.split(' ').next().unwrap_or("");
    let piece = |w: &str| {
        w == "king"
            || w == "group"
            || (w.len() == 2 && w.starts_with('G') && w[1..].chars().all(|c| c.is_ascii_digit()))
    };
    let said = if piece(first) {
        format!("{player}'s {text}")
    } else if let Some(dice) = text.strip_prefix("dealt ") {
        format!("{player} is dealt {dice}")
    } else if let Some(rolls) = text.strip_prefix("rolls ") {
        format!("{player} rolls {rolls}")
    } else if text.starts_with("captures ") {
        format!("{player} {text}")
    } else if let Some((count, points)) = text.split_once(": +") {
        // `1 piece(s) x1: +20 battle points`
        format!("{player} gains +{points} ({count})")
    } else if let Some(credit) = text.strip_prefix("+1 exit credit, now ") {
        format!("{player} gains an exit credit, now {credit}")
    } else {
        let mut c = text.chars();
        match c.next() {
            Some(f) => f.to_uppercase().chain(c).collect(),
            None => String::new(),
        }
    };
    let stop = if said.ends_with(['.', '!', '?']) {
        ""
    } else {
        "."
    };
    format!("{said}{stop} ({rule})")
}

#[cfg(test)]
mod tests {
    use super::sentence;

    #[test]
    fn event_lines_read_as_sentences() {
        for (line, want) in [
            (
                "[move.rolls] P1: G2 spends 4",
                "P1's G2 spends 4. (move.rolls)",
            ),
            (
                "[capture.sizes] P1: group of 2 captures P2 G1 on 23",
                "P1's group of 2 captures P2 G1 on 23. (capture.sizes)",
            ),
            (
                "[capture.points] P1: 1 piece(s) x1: +20 battle points",
                "P1 gains +20 battle points (1 piece(s) x1). (capture.points)",
            ),
            (
                "[board.midpoint] P1: the midpoint tile lies 26 steps Forward of the entry",
                "The midpoint tile lies 26 steps Forward of the entry. (board.midpoint)",
            ),
            (
                "[roll.deal] P2: dealt 6 3 (0 stored before)",
                "P2 is dealt 6 3 (0 stored before). (roll.deal)",
            ),
            (
                "[grace.credit] P1: +1 exit credit, now 4",
                "P1 gains an exit credit, now 4. (grace.credit)",
            ),
            ("not an event", "not an event"),
        ] {
            assert_eq!(sentence(line), want);
        }
    }
}
