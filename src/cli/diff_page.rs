//! `goti diff --format html`: each changed scenario with its base and head
//! boards side by side after every step that differs, and what moved.

use super::page::{head, problem, READY};
use crate::shown::markup::Markup;

/// The transcripts of one changed scenario under base and head rules.
pub struct DiffBoards {
    pub base: Vec<crate::runner::TranscriptStep>,
    pub head: Vec<crate::runner::TranscriptStep>,
}

/// `goti diff --format html`: the summary, then each changed scenario with
/// its base and head boards side by side after every step that differs.
/// `boards` holds the changed scenarios' transcripts in `report.changed`'s
/// order.
pub fn diff_page(
    report: &crate::runner::diff::Report,
    boards: &[DiffBoards],
    (base, head_words): (&str, &str),
    summary: &str,
) -> String {
    assert_eq!(
        report.changed.len(),
        boards.len(),
        "one pair of transcripts per changed scenario"
    );
    let mut m = Markup::new();
    m.raw(&head(
        "goti diff",
        ".pair{display:flex;flex-wrap:wrap;gap:.5rem}\
.pair figure{margin:0;flex:1 1 420px}del{background:#fde8e0}ins{background:#e0f5ec}\
g.differs>*{stroke:#D55E00;stroke-width:4}text.differs{fill:#D55E00;font-weight:bold}",
    ))
    .element("h1", &[], "goti diff")
    .raw("\n")
    .open("p", &[])
    .text(&format!("base: {base}"))
    .raw("<br/>")
    .text(&format!("head: {head_words}"))
    .close("p")
    .element("p", &[("id", "summary")], summary)
    .element(
        "p",
        &[],
        "On each pair of boards, what differs from the other side is marked in orange: pieces elsewhere, numbers that read otherwise.",
    )
    .raw("\n");
    if !report.by_rule.is_empty() {
        m.element("h2", &[], "By rule").open("ul", &[]);
        for (rule, list) in &report.by_rule {
            m.open("li", &[])
                .element("code", &[], rule)
                .raw(&format!(": {} scenario(s)", list.len()))
                .close("li");
        }
        m.close("ul").raw("\n");
    }
    for (d, b) in report.changed.iter().zip(boards) {
        diff_section(&mut m, d, b);
    }
    m.raw(READY);
    m.finish()
}

/// One changed scenario of the diff page.
fn diff_section<'a>(m: &mut Markup, d: &crate::runner::diff::ScenarioDiff, b: &'a DiffBoards) {
    let status = match d.change {
        crate::runner::diff::Change::ChangedPassing | crate::runner::diff::Change::NowPassing => {
            "passed"
        }
        _ => "failed",
    };
    let class = format!("scenario changed {status}");
    m.open(
        "section",
        &[("class", &class), ("data-change", d.change.words())],
    )
    .open("h2", &[])
    .text(&format!("{} ", d.name))
    .element(
        "small",
        &[],
        &format!("{} · {}:{}", d.change.words(), d.file, d.line),
    )
    .close("h2")
    .raw("\n");
    for p in &d.problems {
        problem(m, &format!("under head: {p}"));
    }
    for step in &d.steps {
        m.open("h3", &[])
            .text(&format!("after line {}: ", step.line))
            .element("code", &[], &step.text)
            .close("h3")
            .open("div", &[("class", "pair")]);
        let at = |list: &'a [crate::runner::TranscriptStep]| {
            list.iter()
                .rposition(|t| t.line <= step.line)
                .map(|k| &list[k])
        };
        let (tb, th) = (at(&b.base), at(&b.head));
        // What differs is marked on both boards.
        let (sb, sh) = match (tb, th) {
            (Some(x), Some(y)) => crate::runner::render::svg::mark_differences(&x.svg, &y.svg),
            (x, y) => (
                x.map(|t| t.svg.clone()).unwrap_or_default(),
                y.map(|t| t.svg.clone()).unwrap_or_default(),
            ),
        };
        for (side, t, svg) in [("base", tb, &sb), ("head", th, &sh)] {
            let class = format!("board {side}");
            m.open("figure", &[("class", &class)]);
            match t {
                Some(t) => m
                    .raw(svg)
                    .element("figcaption", &[], &format!("{side}: {}", t.outcome)),
                None => m.element("figcaption", &[], &format!("{side}: not reached")),
            };
            m.close("figure");
        }
        m.close("div").open("pre", &[]);
        for l in step.state.lines() {
            match l.chars().next() {
                Some('-') if !l.starts_with("---") => m.element("del", &[], l),
                Some('+') if !l.starts_with("+++") => m.element("ins", &[], l),
                _ => m.text(l),
            }
            .raw("\n");
        }
        for e in &step.removed {
            m.element("del", &[], &format!("- event {}", e.trim()))
                .raw("\n");
        }
        for e in &step.added {
            m.element("ins", &[], &format!("+ event {}", e.trim()))
                .raw("\n");
        }
        m.close("pre").raw("\n");
    }
    m.close("section").raw("\n");
}
