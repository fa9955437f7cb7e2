//! Printing reports: text for people, JSON lines for machines.

use std::path::PathBuf;

use miette::{GraphicalReportHandler, GraphicalTheme};

use super::Format;
use crate::runner::{self, Diagnostic, FileReport, RunOptions};

fn handler(color: bool) -> GraphicalReportHandler {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme).with_width(140)
}

/// The diagnostic rendered with its source excerpt.
pub fn render(d: &Diagnostic, color: bool) -> String {
    let mut out = String::new();
    if handler(color).render_report(&mut out, d).is_err() {
        out = format!("{}: {}\n", d.location(), d.message);
    }
    out
}

/// A problem as JSON: where, what, which rule, and the fix.
fn json_problem(d: &Diagnostic) -> serde_json::Value {
    let (line, col) = d.source.line_col(d.span.start);
    serde_json::json!({
        "file": d.source.name,
        "line": line,
        "column": col,
        "code": d.kind.name(),
        "rule": d.rule.map(|r| r.0),
        "message": d.to_string(),
        "help": d.help,
    })
}

/// `run` and `check`: a line per scenario, diagnostics, a summary.
pub fn run_and_report(
    paths: &[PathBuf],
    opts: &RunOptions,
    format: Format,
    tag: Option<&str>,
    color: bool,
) -> i32 {
    let files = match runner::discover(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    if files.is_empty() {
        eprintln!(
            "error: no scenario files (*.goti) found in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        return 2;
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut io_error = false;
    for path in &files {
        let report: FileReport = runner::run_file(path, opts, None);
        for d in &report.file_problems {
            failed += 1;
            io_error |= d.kind == runner::Kind::Unreadable;
            match format {
                Format::Text => print!("FAIL {}\n{}", d.location(), render(d, color)),
                Format::Json => println!(
                    "{}",
                    serde_json::json!({
                        "file": report.source.name,
                        "line": 1,
                        "scenario": null,
                        "status": "fail",
                        "problems": [json_problem(d)],
                    })
                ),
            }
        }
        for sc in &report.scenarios {
            if tag.is_some_and(|t| !sc.tags.iter().any(|x| x == t)) {
                continue;
            }
            if sc.passed() {
                passed += 1;
            } else {
                failed += 1;
            }
            match format {
                Format::Text => {
                    let status = if sc.passed() { "ok  " } else { "FAIL" };
                    println!("{status} {}:{} {}", report.source.name, sc.line, sc.name);
                    for d in &sc.problems {
                        print!("{}", render(d, color));
                    }
                }
                Format::Json => {
                    let problems: Vec<serde_json::Value> =
                        sc.problems.iter().map(json_problem).collect();
                    println!(
                        "{}",
                        serde_json::json!({
                            "file": report.source.name,
                            "line": sc.line,
                            "scenario": sc.name,
                            "status": if sc.passed() { "pass" } else { "fail" },
                            "problems": problems,
                        })
                    );
                }
            }
        }
    }
    match format {
        Format::Text => println!("{passed} passed, {failed} failed"),
        Format::Json => println!(
            "{}",
            serde_json::json!({"summary": {"passed": passed, "failed": failed}})
        ),
    }
    if io_error {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }
}

/// `explain`: every step with its events and a picture of the board.
pub fn explain(file: &std::path::Path, scenario: Option<&str>, color: bool) -> i32 {
    if !file.is_file() {
        eprintln!("error: no such file: {}", file.display());
        return 2;
    }
    let opts = RunOptions {
        explain: true,
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let report = runner::run_file(file, &opts, scenario);
    for d in &report.file_problems {
        print!("{}", render(d, color));
    }
    if report.scenarios.is_empty() && report.file_problems.is_empty() {
        eprintln!(
            "error: {} has no scenario named {:?}",
            file.display(),
            scenario.unwrap_or("")
        );
        return 2;
    }
    for sc in &report.scenarios {
        println!(
            "== scenario \"{}\" ({}:{})",
            sc.name, report.source.name, sc.line
        );
        for step in &sc.transcript {
            println!(
                "\n-- line {}: {}  => {}",
                step.line, step.text, step.outcome
            );
            for e in &step.events {
                println!("   {e}");
            }
            println!("{}", step.picture);
        }
        for d in &sc.problems {
            print!("{}", render(d, color));
        }
        println!(
            "{}",
            if sc.passed() {
                "result: passed"
            } else {
                "result: FAILED"
            }
        );
    }
    i32::from(!report.passed())
}

/// `accept`: promote every `.snap.new` under the given folders.
pub fn accept(paths: &[PathBuf]) -> i32 {
    let mut n = 0;
    for dir in paths {
        if !dir.exists() {
            eprintln!("error: no such folder: {}", dir.display());
            return 2;
        }
        for pending in runner::snapshot::pending_under(dir) {
            match runner::snapshot::accept(&pending) {
                Ok(target) => {
                    println!("accepted {}", target.display());
                    n += 1;
                }
                Err(e) => {
                    eprintln!("error: cannot accept {}: {e}", pending.display());
                    return 2;
                }
            }
        }
    }
    println!("{n} snapshot(s) accepted");
    0
}

/// `coverage`: for each ruleset, rule ID -> scenarios that exercise it.
pub fn coverage(paths: &[PathBuf], verbose: bool) -> i32 {
    use crate::engine::GameKind;
    let files = match runner::discover(paths) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => {
            eprintln!("error: no scenario files (*.goti) found");
            return 2;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let games = GameKind::ALL;
    let mut by_rule: Vec<std::collections::BTreeMap<&str, Vec<String>>> = games
        .iter()
        .map(|g| g.catalogue().iter().map(|r| (r.id.0, Vec::new())).collect())
        .collect();
    let mut failing = Vec::new();
    for path in &files {
        let report = runner::run_file(path, &opts, None);
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
                unreachable!("{} is in GameKind::ALL", sc.game)
            };
            for id in &sc.rules_applied {
                if let Some(list) = table.get_mut(id.0) {
                    list.push(who.clone());
                }
            }
        }
    }
    let mut gaps = Vec::new();
    let mut total = 0;
    for (gi, game) in games.iter().enumerate() {
        let catalogue = game.catalogue();
        total += catalogue.len();
        println!("== {} ({} rule IDs)", game.name(), catalogue.len());
        for info in catalogue {
            let list = &by_rule[gi][info.id.0];
            if list.is_empty() {
                gaps.push(format!("{}:{}", game.name(), info.id.0));
                println!("{:<26} MISSING  {}", info.id.0, info.text);
            } else if verbose {
                println!("{:<26} {:>4} scenario(s)", info.id.0, list.len());
                for who in list {
                    println!("    {who}");
                }
            } else {
                println!(
                    "{:<26} {:>4} scenario(s), e.g. {}",
                    info.id.0,
                    list.len(),
                    list[0]
                );
            }
        }
    }
    for f in &failing {
        println!("not counted (failing): {f}");
    }
    println!("{} of {} rule IDs covered", total - gaps.len(), total);
    if gaps.is_empty() && failing.is_empty() {
        0
    } else {
        if !gaps.is_empty() {
            println!("gaps: {}", gaps.join(", "));
        }
        1
    }
}
