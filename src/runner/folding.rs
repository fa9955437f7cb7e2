//! What a file's report keeps: snapshot names two scenarios would share
//! reported, a problem repeated on many lines folded, and at most so many
//! shown a line and a file.

use super::*;

/// Snapshot statements of different scenarios (or labels) that would share
/// one snapshot file: a diagnostic for each later one, naming the first.
/// Existing snapshot names stay as they are; the clash is reported instead.
pub(super) fn snapshot_collisions(
    scenarios: &[crate::dsl::ast::Scenario],
    path: &Path,
    source: &Source,
) -> Vec<(usize, Diagnostic)> {
    let mut seen: HashMap<PathBuf, (String, usize)> = HashMap::new();
    let mut out = Vec::new();
    for (i, span, snap, who) in snapshot::statements(scenarios, path) {
        match seen.get(&snap) {
            Some((first, line)) => out.push((
                i,
                Diagnostic::new(
                    Kind::Snapshot,
                    source,
                    span,
                    format!(
                        "snapshot {who} would share the file {} with snapshot {first} (line {line})",
                        snap.display()
                    ),
                    "same snapshot file",
                )
                .help("snapshot files are named by the scenario name (and label) in lower-case letters and digits; rename one scenario or label"),
            )),
            None => {
                seen.insert(snap, (who, source.line_of(span.start)));
            }
        }
    }
    out
}

/// Identical problems (the same message, rule and help, e.g. G5 used in
/// royal on several lines) folded into the first, which says how often.
pub(super) fn fold_repeats(problems: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<(Diagnostic, usize)> = Vec::new();
    for d in problems {
        match out.iter_mut().find(|(f, _)| {
            f.message == d.message
                && f.rule == d.rule
                && f.help == d.help
                && f.source.name == d.source.name
        }) {
            Some((_, n)) => *n += 1,
            None => out.push((d, 1)),
        }
    }
    out.into_iter()
        .map(|(mut d, n)| {
            if n > 1 {
                d.message = format!("{} (used {n} times)", d.message);
            }
            d
        })
        .collect()
}

/// At most this many diagnostics on one line, then one "and N more".
pub const MAX_PER_LINE: usize = 10;
/// At most this many diagnostics of one file are shown in full; past that,
/// each failing scenario keeps its first problem, shown in one line.
pub const MAX_SHOWN_PER_FILE: usize = 100;

/// Keeps the output of an error-dense file linear in its size: a few
/// diagnostics per line, a bounded number in full per file.
pub(super) fn cap_diagnostics(report: &mut FileReport) {
    let mut shown = report.file_problems.len();
    let mut hidden = 0usize;
    for sc in &mut report.scenarios {
        let problems = fold_repeats(std::mem::take(&mut sc.problems));
        let mut per_line: HashMap<usize, usize> = HashMap::new();
        let mut dropped: Vec<(usize, Diagnostic, usize)> = Vec::new();
        for d in problems {
            let line = d.source.line_of(d.span.start);
            let n = per_line.entry(line).or_insert(0);
            *n += 1;
            if *n <= MAX_PER_LINE {
                sc.problems.push(d);
            } else {
                match dropped.iter_mut().find(|(l, _, _)| *l == line) {
                    Some((_, _, count)) => *count += 1,
                    None => dropped.push((line, d, 1)),
                }
            }
        }
        let any_dropped = !dropped.is_empty();
        for (_, first, count) in dropped {
            let mut more = Diagnostic::new(
                first.kind,
                &first.source,
                first.span,
                format!("and {count} more problem(s) on this line"),
                "more problems from here",
            )
            .help("mend the problems above first; the rest often follow from them");
            more.brief = true;
            sc.problems.push(more);
        }
        if any_dropped {
            sc.problems.sort_by_key(|d| d.span.start);
        }
        if shown >= MAX_SHOWN_PER_FILE && !sc.problems.is_empty() {
            hidden += sc.problems.len() - 1;
            sc.problems.truncate(1);
            sc.problems[0].brief = true;
        }
        shown += sc.problems.len();
    }
    report.hidden_problems = hidden;
}
