//! `goti balance`'s table in text and markdown: every row with both
//! sides' means, the paired difference with its 95% interval and its
//! p-value after Holm's correction; `*` where the correction rejects.

use crate::selfplay::balance::{Paired, Report, LEAD_SHARES};

/// One row: its name, its comparison, and whether it is a share (shown in
/// percent, its difference in percentage points).
type Row<'a> = (String, &'a Paired, bool);

/// The rows in the table's order (the seats' wins apart: they are tested
/// jointly); rule IDs only where their firings changed.
fn rows(r: &Report) -> (Vec<Row<'_>>, Vec<Row<'_>>, Vec<Row<'_>>) {
    let mut top: Vec<Row> = vec![
        ("game length (turns, finished)".into(), &r.length, false),
        ("games unfinished (turn cap)".into(), &r.unfinished, true),
    ];
    let seats = r
        .wins
        .iter()
        .enumerate()
        .map(|(i, w)| (format!("P{} wins", i + 1), w, true))
        .collect();
    for (m, p) in &r.measures {
        if p.base != 0.0 || p.head != 0.0 {
            top.push((format!("{m} per game"), p, false));
        }
    }
    for (m, p) in &r.lead {
        let share = LEAD_SHARES.contains(&m.as_str());
        let name = if share {
            m.clone()
        } else {
            format!("{m} per game")
        };
        top.push((name, p, share));
    }
    if let Some(d) = &r.decisions {
        let n = d.games;
        top.push((
            format!("forced decisions (first {n} games)"),
            &d.forced,
            true,
        ));
        top.push((format!("branching (first {n} games)"), &d.branching, false));
    }
    let fired = r
        .rules
        .iter()
        .filter(|(_, p)| p.marked)
        .map(|(id, p)| (format!("`{id}` fires per game"), p, false))
        .collect();
    (top, seats, fired)
}

fn num(v: f64, share: bool) -> String {
    if share {
        format!("{:.1}%", v * 100.0)
    } else {
        format!("{v:.2}")
    }
}

fn diff(p: &Paired, share: bool) -> String {
    let k = if share { 100.0 } else { 1.0 };
    let unit = if share { " pp" } else { "" };
    format!(
        "{:+.2}{unit} [{:+.2}, {:+.2}]{}",
        p.diff * k,
        p.low * k,
        p.high * k,
        if p.marked { " *" } else { "" }
    )
}

/// A p-value as a reader compares it with 0.05.
fn p_text(p: f64) -> String {
    if p < 0.001 {
        "<0.001".into()
    } else {
        format!("{p:.3}")
    }
}

/// The joint test's row: its statistic, and `*` where it is rejected.
fn joint(r: &Report) -> (String, String) {
    let j = &r.wins_joint;
    (
        format!(
            "chi2({}) = {:.2}{}",
            j.df,
            j.statistic,
            if j.marked { " *" } else { "" }
        ),
        p_text(j.p_holm),
    )
}

/// What the marks mean, under the table.
fn legend(r: &Report) -> String {
    let f = &r.family;
    format!(
        "*: rejected by {}'s correction at a family-wise {}%, over the table's {} measures (the \
         seats' wins are one test of the whole distribution: Hotelling's T² of the paired wins \
         against chi-square) and apart over the {} rule IDs that fired (a rule ID is shown only \
         where marked); p is the corrected p-value; each interval is a 95% interval, \
         uncorrected. Game length and the lead's measures are over the {} seeds both sides finished.",
        f.method,
        f.alpha * 100.0,
        f.tests,
        f.rule_tests,
        r.both_finished
    )
}

pub(super) fn print_table(
    r: &Report,
    title: &str,
    base: &str,
    head: &str,
    markdown: bool,
    notes: &[String],
) {
    let (top, seats, fired) = rows(r);
    let (jdiff, jp) = joint(r);
    let (first, rest) = top.split_at(2);
    if markdown {
        // Paths from goti.yaml and the command line come from a pull
        // request: escaped, never raw HTML or a new block in the comment.
        let md = crate::shown::markdown;
        outln!(
            "### goti balance: {}\n\n- base: {}\n- head: {}\n",
            md(title),
            md(base),
            md(head)
        );
        outln!(
            "| measure | base | head | head - base [95% CI] | p (Holm) |\n|---|---|---|---|---|"
        );
        let line = |(name, p, share): &Row| {
            outln!(
                "| {} | {} | {} | {} | {} |",
                crate::shown::markdown_cell(name),
                num(p.base, *share),
                num(p.head, *share),
                diff(p, *share),
                p_text(p.p_holm)
            )
        };
        first.iter().for_each(line);
        outln!("| wins by seat (one joint test) | | | {jdiff} | {jp} |");
        for (name, p, share) in &seats {
            outln!(
                "| {name} | {} | {} | {} | |",
                num(p.base, *share),
                num(p.head, *share),
                diff(p, *share)
            );
        }
        rest.iter().chain(&fired).for_each(line);
        outln!(
            "| game length median / p95 (finished) | {} / {} | {} / {} | | |",
            r.length_median.0,
            r.length_p95.0,
            r.length_median.1,
            r.length_p95.1
        );
        outln!("\n{}", crate::shown::markdown(&legend(r)));
        for n in notes {
            outln!("\n{}", crate::shown::markdown(n));
        }
        return;
    }
    outln!(
        "goti balance: {}\nbase: {}\nhead: {}\n",
        crate::shown::line(title),
        crate::shown::line(base),
        crate::shown::line(head)
    );
    outln!(
        "{:<36} {:>10} {:>10}   {:<30} {:>8}",
        "measure",
        "base",
        "head",
        "head - base [95% CI]",
        "p (Holm)"
    );
    let line = |(name, p, share): &Row| {
        outln!(
            "{name:<36} {:>10} {:>10}   {:<30} {:>8}",
            num(p.base, *share),
            num(p.head, *share),
            diff(p, *share),
            p_text(p.p_holm)
        )
    };
    first.iter().for_each(line);
    outln!(
        "{:<36} {:>10} {:>10}   {jdiff:<30} {jp:>8}",
        "wins by seat (one joint test)",
        "",
        ""
    );
    for (name, p, share) in &seats {
        outln!(
            "  {name:<34} {:>10} {:>10}   {}",
            num(p.base, *share),
            num(p.head, *share),
            diff(p, *share)
        );
    }
    rest.iter().chain(&fired).for_each(line);
    outln!(
        "{:<36} {:>10} {:>10}",
        "game length median / p95 (finished)",
        format!("{} / {}", r.length_median.0, r.length_p95.0),
        format!("{} / {}", r.length_median.1, r.length_p95.1)
    );
    outln!("\n{}", legend(r));
    let quiet = r.rules.iter().filter(|(_, p)| !p.marked).count();
    outln!("{quiet} other rule IDs are not marked (--format json lists every rule).");
    for n in notes {
        outln!("\n{}", crate::shown::line(n));
    }
}
