//! The reporters of `goti run` and `check`: text, JSON lines, JUnit XML and
//! GitHub annotations, each from the same file reports.

use std::fmt::Write as _;

use super::output::*;
use super::report::*;
use crate::runner::{Diagnostic, FileReport};

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

pub(super) fn xml(s: &str) -> String {
    crate::shown::xml(s)
}

/// JUnit XML: a testsuite per file, a testcase per scenario, a failure per
/// failing scenario holding its diagnostics.
pub(super) fn junit(reports: &[FileReport], out: &mut String) {
    let t = tally(reports);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    writeln!(
        out,
        "<testsuites name=\"goti\" tests=\"{}\" failures=\"{}\">",
        t.passed + t.failed,
        t.failed
    )
    .ok();
    for r in reports {
        let tests = r.scenarios.len() + r.file_problems.len();
        let failures = r.scenarios.iter().filter(|s| !s.passed()).count() + r.file_problems.len();
        writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{tests}\" failures=\"{failures}\">",
            xml(&r.source.name)
        )
        .ok();
        for d in &r.file_problems {
            writeln!(
                out,
                "    <testcase name=\"(file)\" classname=\"{}\" file=\"{}\" line=\"1\">",
                xml(&r.source.name),
                xml(&r.source.name)
            )
            .ok();
            writeln!(
                out,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                xml(&d.message),
                d.kind.name(),
                xml(&render(d, false))
            )
            .ok();
            out.push_str("    </testcase>\n");
        }
        for sc in &r.scenarios {
            write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" line=\"{}\"",
                xml(&sc.name),
                xml(&r.source.name),
                xml(&r.source.name),
                sc.line
            )
            .ok();
            if sc.passed() {
                out.push_str("/>\n");
                continue;
            }
            out.push_str(">\n");
            let first = &sc.problems[0];
            let body: String = sc.problems.iter().map(|d| render(d, false)).collect();
            writeln!(
                out,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                xml(&first.to_string()),
                first.rule.map_or(first.kind.name(), |r| r.0),
                xml(&body)
            )
            .ok();
            out.push_str("    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
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
