//! `goti diff`'s report: the verdict line, text, JSON and the Markdown of a
//! pull-request comment (diffs fenced so a name cannot close `<details>`).

use crate::runner::diff::{Change, Report, ScenarioDiff};
use crate::runner::play::ruleset::{LayerSource, RuleLayers};

/// Output formats of `goti diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    Text,
    Json,
    Markdown,
    /// One self-contained HTML page: each changed scenario's base and head
    /// boards side by side after every step that differs.
    Html,
}

/// Prints the report in `format`.
pub(super) fn print(
    report: &Report,
    boards: &[super::diff_page::DiffBoards],
    format: DiffFormat,
    base_shown: &str,
    head_shown: &str,
) {
    match format {
        DiffFormat::Text => print_text(report, base_shown, head_shown),
        DiffFormat::Markdown => markdown(report, base_shown, head_shown),
        DiffFormat::Html => out!(
            "{}",
            super::diff_page::diff_page(
                report,
                boards,
                (base_shown, head_shown),
                &summary_line(report)
            )
        ),
        DiffFormat::Json => outln!(
            "{}",
            crate::shown::json(&serde_json::json!({
                "base": base_shown,
                "head": head_shown,
                "summary": report.summary,
                "by_rule": report.by_rule,
                "changed": report.changed,
                "added": report.added,
                "removed": report.removed,
            }))
        ),
    }
}

pub(super) fn describe_head(layers: &RuleLayers) -> String {
    let mut parts = vec!["the working tree's rules".to_string()];
    for (_, src) in &layers.command_line {
        if let LayerSource::File(p) = src {
            parts.push(format!("--ruleset {}", crate::shown::path(p)));
        }
    }
    for (k, v) in &layers.sets {
        parts.push(format!("--set {k}={v}"));
    }
    parts.join(" + ")
}

const KINDS: [Change; 5] = [
    Change::ChangedPassing,
    Change::NowFailing,
    Change::NowPassing,
    Change::ChangedFailing,
    Change::Error,
];

/// The pull-request comment's first line: what changed, what now fails,
/// what changed silently.
pub(super) fn verdict(report: &Report) -> String {
    let n = |c: Change| report.summary.get(c.words()).copied().unwrap_or(0);
    if !report.any_change() {
        return "No scenario's outcome changed.".into();
    }
    let mut parts = Vec::new();
    let failing = n(Change::NowFailing) + n(Change::Error);
    if failing > 0 {
        parts.push(format!("{failing} scenario(s) now fail"));
    }
    if n(Change::ChangedPassing) > 0 {
        parts.push(format!(
            "{} changed silently (still passing)",
            n(Change::ChangedPassing)
        ));
    }
    if n(Change::NowPassing) > 0 {
        parts.push(format!("{} now pass", n(Change::NowPassing)));
    }
    if n(Change::ChangedFailing) > 0 {
        parts.push(format!(
            "{} changed and still fail",
            n(Change::ChangedFailing)
        ));
    }
    if !report.added.is_empty() || !report.removed.is_empty() {
        parts.push(format!(
            "{} added, {} removed",
            report.added.len(),
            report.removed.len()
        ));
    }
    let rules: Vec<String> = report.by_rule.keys().map(|r| format!("`{r}`")).collect();
    let by = if rules.is_empty() {
        String::new()
    } else {
        format!(" — rules whose events moved: {}", rules.join(", "))
    };
    format!("{}{by}", parts.join("; "))
}

pub(super) fn summary_line(report: &Report) -> String {
    let n = |c: Change| report.summary.get(c.words()).copied().unwrap_or(0);
    let total: usize = report.summary.values().sum();
    format!(
        "{total} scenarios: {} unchanged, {} changed and still passing (silent), {} now failing, {} now passing, {} changed and still failing, {} errors",
        n(Change::Unchanged),
        n(Change::ChangedPassing),
        n(Change::NowFailing),
        n(Change::NowPassing),
        n(Change::ChangedFailing),
        n(Change::Error)
    )
}

/// The text report (also `goti mutate --explain`'s). Every fragment from a
/// file (names, statements, board lines, events) is shown by `shown::line`.
pub(super) fn print_text(report: &Report, base: &str, head: &str) {
    use crate::shown::line;
    outln!("base: {}", line(base));
    outln!("head: {}", line(head));
    outln!("{}", summary_line(report));
    for kind in KINDS {
        let list: Vec<_> = report.of(kind).collect();
        if list.is_empty() {
            continue;
        }
        outln!("\n{} ({}):", kind.words(), list.len());
        for d in list {
            outln!(
                "  {}:{} {}{}",
                line(&d.file),
                d.line,
                line(&d.name),
                d.text_note()
            );
        }
    }
    for (words, list) in [
        ("added (only the head has them)", &report.added),
        ("removed (only the base has them)", &report.removed),
    ] {
        if !list.is_empty() {
            outln!("\n{words} ({}):", list.len());
            for s in list {
                outln!("  {}", line(s));
            }
        }
    }
    if !report.by_rule.is_empty() {
        outln!("\nby rule (the rule IDs whose events differ):");
        for (rule, list) in &report.by_rule {
            outln!("  {rule}: {} scenario(s)", list.len());
        }
    }
    // Each changed scenario's block is written on every core, printed in order.
    let blocks: Vec<String> = {
        use rayon::prelude::*;
        report.changed.par_iter().map(changed_block).collect()
    };
    for block in blocks {
        out!("{block}");
    }
}

/// A fence longer than any run of backticks in `lines`, so no line closes it.
pub(super) fn fence<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    let longest = lines
        .flat_map(|l| l.split(|c| c != '`'))
        .map(str::len)
        .max()
        .unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// The Markdown report, for a pull-request comment: names, file names and
/// problems escaped for Markdown and the HTML in it (`shown::markdown`);
/// the step diffs in a fence no line can close, each line `shown::line`.
pub(super) fn markdown(report: &Report, base: &str, head: &str) {
    use crate::shown::{line, markdown as md};
    outln!("### goti diff\n");
    outln!("**{}**\n", verdict(report));
    outln!("- base: {}\n- head: {}\n", md(base), md(head));
    outln!("{}\n", summary_line(report));
    for (words, list) in [("added", &report.added), ("removed", &report.removed)] {
        if !list.is_empty() {
            outln!(
                "{words}: {}\n",
                list.iter().map(|s| md(s)).collect::<Vec<_>>().join(", ")
            );
        }
    }
    if !report.by_rule.is_empty() {
        outln!("| rule | scenarios |\n|---|---|");
        for (rule, list) in &report.by_rule {
            outln!("| `{rule}` | {} |", list.len());
        }
        outln!();
    }
    for kind in KINDS {
        let list: Vec<_> = report.of(kind).collect();
        if list.is_empty() {
            continue;
        }
        outln!("#### {} ({})\n", kind.words(), list.len());
        for d in list {
            outln!(
                "<details><summary><code>{}:{}</code> {}{}</summary>\n",
                md(&d.file),
                d.line,
                md(&d.name),
                d.text_note()
            );
            let mut body: Vec<String> = Vec::new();
            for s in &d.steps {
                body.push(format!("@@ after line {}: {} @@", s.line, line(&s.text)));
                for l in s
                    .state
                    .lines()
                    .filter(|l| !l.starts_with("---") && !l.starts_with("+++"))
                {
                    body.push(line(l).into_owned());
                }
                for e in &s.removed {
                    body.push(format!("- event {}", line(e.trim())));
                }
                for e in &s.added {
                    body.push(format!("+ event {}", line(e.trim())));
                }
            }
            let fence = fence(body.iter().map(String::as_str));
            outln!("{fence}diff");
            for l in &body {
                outln!("{l}");
            }
            outln!("{fence}\n");
            for p in d
                .problems
                .iter()
                .filter(|_| d.change != Change::ChangedPassing)
            {
                outln!("> {}", md(p.lines().next().unwrap_or("")));
            }
            outln!("</details>\n");
        }
    }
}

/// One changed scenario in the text report: its steps' boards and events,
/// and under head the problems of one now failing.
fn changed_block(d: &ScenarioDiff) -> String {
    use crate::shown::line;
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n== {}:{} {} — {}",
        line(&d.file),
        d.line,
        line(&d.name),
        d.change.words()
    );
    for s in &d.steps {
        let _ = writeln!(out, "-- after line {}: {}", s.line, line(&s.text));
        for l in s.state.lines() {
            let _ = writeln!(out, "   {}", line(l));
        }
        for e in &s.removed {
            let _ = writeln!(out, "   - event {}", line(e.trim()));
        }
        for e in &s.added {
            let _ = writeln!(out, "   + event {}", line(e.trim()));
        }
    }
    if matches!(
        d.change,
        Change::NowFailing | Change::ChangedFailing | Change::Error
    ) {
        for p in &d.problems {
            let _ = writeln!(
                out,
                "   under head: {}",
                line(p.lines().next().unwrap_or(""))
            );
        }
    }
    out
}
