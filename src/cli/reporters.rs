//! The reporters of `goti run` and `check`: text, JSON lines, JUnit XML and
//! GitHub annotations, each from the same file reports.

use std::fmt::Write as _;

use super::output::*;
use clap::ValueEnum;

use crate::runner;
use crate::runner::{Diagnostic, FileReport};
use crate::shown::markup::Markup;

/// Report formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A line per scenario and the diagnostics, for people.
    Text,
    /// One JSON object per scenario, then a summary object.
    Json,
    /// JUnit XML (testsuites / testsuite / testcase / failure), what CI systems render.
    Junit,
    /// GitHub Actions annotations (`::error file=...,line=...::message`).
    Github,
    /// One self-contained HTML page (`goti run` only; `-o FILE.html`,
    /// default report.html): counts, filters, every scenario's steps.
    Html,
    /// A Markdown summary: the counts, then a table of what failed (a CI
    /// job summary, `>> "$GITHUB_STEP_SUMMARY"`).
    Markdown,
}

/// What a run came to.
pub(super) struct Tally {
    pub(super) passed: usize,
    pub(super) failed: usize,
    pub(super) unreadable: bool,
}

/// Counts passed and failed scenarios (a file that fails as a whole counts
/// once per problem).
pub(super) fn tally(reports: &[FileReport]) -> Tally {
    let mut t = Tally {
        passed: 0,
        failed: 0,
        unreadable: false,
    };
    for r in reports {
        for d in &r.file_problems {
            t.failed += 1;
            t.unreadable |= matches!(d.kind, runner::Kind::Unreadable | runner::Kind::Internal);
        }
        for sc in &r.scenarios {
            if sc.passed() {
                t.passed += 1;
            } else {
                t.failed += 1;
            }
        }
    }
    t
}

/// The report as text in a machine format.
pub fn format_report(reports: &[FileReport], format: Format, word: &str) -> String {
    let t = tally(reports);
    let mut out = String::new();
    match format {
        Format::Text => {
            for r in reports {
                for d in &r.file_problems {
                    out.push_str(&format!("FAIL {}\n{}", d.location(), render(d, false)));
                }
                for sc in &r.scenarios {
                    let status = if sc.passed() { "ok  " } else { "FAIL" };
                    writeln!(
                        out,
                        "{status} {}:{} {}",
                        one_line(&r.source.name),
                        sc.line,
                        one_line(&sc.name)
                    )
                    .ok();
                    for d in &sc.problems {
                        out.push_str(&render(d, false));
                    }
                }
            }
            writeln!(out, "{} {word}, {} failed", t.passed, t.failed).ok();
        }
        Format::Json => {
            for r in reports {
                for d in &r.file_problems {
                    let v = serde_json::json!({"file": r.source.name, "line": 1, "scenario": null, "status": "fail", "problems": [json_problem(d)]});
                    writeln!(out, "{}", crate::shown::json(&v)).ok();
                }
                for sc in &r.scenarios {
                    let problems: Vec<_> = sc.problems.iter().map(json_problem).collect();
                    let v = serde_json::json!({
                        "file": r.source.name,
                        "line": sc.line,
                        "scenario": sc.name,
                        "game": sc.game.name(),
                        "tags": sc.tags,
                        "status": if sc.passed() { "pass" } else { "fail" },
                        "problems": problems,
                    });
                    writeln!(out, "{}", crate::shown::json(&v)).ok();
                }
            }
            let v = serde_json::json!({"summary": {word: t.passed, "failed": t.failed}});
            writeln!(out, "{}", crate::shown::json(&v)).ok();
        }
        Format::Junit => junit(reports, &mut out),
        Format::Markdown => markdown(reports, &t, word, &mut out),
        Format::Html => {
            unreachable!("--format html is written by report::html, where `goti run` routes it")
        }
        Format::Github => {
            for r in reports {
                let problems = r
                    .file_problems
                    .iter()
                    .chain(r.scenarios.iter().flat_map(|s| s.problems.iter()));
                for d in problems {
                    writeln!(out, "{}", github(d)).ok();
                }
            }
            writeln!(out, "{} {word}, {} failed", t.passed, t.failed).ok();
            return out;
        }
    }
    crate::shown::output(&out).into_owned()
}

/// Failures a Markdown summary lists row by row; the rest are counted.
const MARKDOWN_ROWS: usize = 50;

/// The Markdown summary: the counts, then one row per failing scenario (or
/// file that fails as a whole) with its first problem; every name and
/// message escaped (`shown::markdown`), so a scenario's name cannot form a
/// link, an image or HTML.
fn markdown(reports: &[FileReport], t: &Tally, word: &str, out: &mut String) {
    use crate::shown::markdown as md;
    let mark = if t.failed == 0 { "passed" } else { "FAILED" };
    writeln!(
        out,
        "### goti: {mark}\n\n{} {word}, {} failed\n",
        t.passed, t.failed
    )
    .ok();
    let mut rows = Vec::new();
    for r in reports {
        for d in &r.file_problems {
            rows.push((
                md(&d.location()),
                "(the whole file)".to_string(),
                md(&d.to_string()),
            ));
        }
        for sc in r.scenarios.iter().filter(|s| !s.passed()) {
            let first = sc
                .problems
                .first()
                .map(|d| md(&d.to_string()))
                .unwrap_or_default();
            rows.push((
                format!("{}:{}", md(&r.source.name), sc.line),
                md(&sc.name),
                first,
            ));
        }
    }
    if rows.is_empty() {
        return;
    }
    writeln!(out, "| where | scenario | first problem |\n|---|---|---|").ok();
    for (at, name, problem) in rows.iter().take(MARKDOWN_ROWS) {
        writeln!(out, "| <code>{at}</code> | {name} | {problem} |").ok();
    }
    if rows.len() > MARKDOWN_ROWS {
        writeln!(
            out,
            "\n… and {} more (`goti run` lists every one)",
            rows.len() - MARKDOWN_ROWS
        )
        .ok();
    }
}

/// JUnit XML: a testsuite per file, a testcase per scenario, a failure per
/// failing scenario holding its diagnostics.
pub(super) fn junit(reports: &[FileReport], out: &mut String) {
    let t = tally(reports);
    let mut m = Markup::new();
    m.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let (tests, failures) = ((t.passed + t.failed).to_string(), t.failed.to_string());
    m.open(
        "testsuites",
        &[("name", "goti"), ("tests", &tests), ("failures", &failures)],
    )
    .raw("\n");
    for r in reports {
        let file = r.source.name.as_str();
        let tests = (r.scenarios.len() + r.file_problems.len()).to_string();
        let failed = r.scenarios.iter().filter(|s| !s.passed()).count() + r.file_problems.len();
        let failures = failed.to_string();
        m.raw("  ")
            .open(
                "testsuite",
                &[("name", file), ("tests", &tests), ("failures", &failures)],
            )
            .raw("\n");
        for d in &r.file_problems {
            let case = [
                ("name", "(file)"),
                ("classname", file),
                ("file", file),
                ("line", "1"),
            ];
            m.raw("    ").open("testcase", &case).raw("\n      ");
            let why = [("message", d.message.as_str()), ("type", d.kind.name())];
            m.element("failure", &why, &render(d, false));
            m.raw("\n    ").close("testcase").raw("\n");
        }
        for sc in &r.scenarios {
            let line = sc.line.to_string();
            let case = [
                ("name", sc.name.as_str()),
                ("classname", file),
                ("file", file),
                ("line", &line),
            ];
            m.raw("    ");
            if sc.passed() {
                m.empty("testcase", &case).raw("\n");
                continue;
            }
            m.open("testcase", &case).raw("\n      ");
            let first = &sc.problems[0];
            let body: String = sc.problems.iter().map(|d| render(d, false)).collect();
            let message = first.to_string();
            let why = [
                ("message", message.as_str()),
                ("type", first.rule.map_or(first.kind.name(), |r| r.0)),
            ];
            m.element("failure", &why, &body);
            m.raw("\n    ").close("testcase").raw("\n");
        }
        m.raw("  ").close("testsuite").raw("\n");
    }
    m.close("testsuites").raw("\n");
    out.push_str(&m.finish());
}

/// A GitHub Actions annotation for a diagnostic.
pub(super) fn github(d: &Diagnostic) -> String {
    let data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let prop = |s: &str| data(s).replace(':', "%3A").replace(',', "%2C");
    let (line, col) = d.source.line_col(d.span.start);
    let mut message = d.to_string();
    if let Some(h) = &d.help {
        message.push_str(&format!(" (help: {h})"));
    }
    format!(
        "::error file={},line={line},col={col},title={}::{}",
        prop(&crate::shown::line(&d.source.name)),
        prop(&d.code_text()),
        data(&message)
    )
}
