//! `goti report`: one self-contained HTML page for a run — counts, filters
//! by status, tag and file, every scenario with its steps, events (rule IDs
//! linked to the rules' text), problems and final board picture. No network,
//! no external scripts or fonts.

use std::fmt::Write;

use crate::engine::GameKind;
use crate::runner::render::svg::esc;
use crate::runner::FileReport;

const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,sans-serif;margin:1rem;max-width:1100px}\
.scenario{border:1px solid #999;border-radius:6px;margin:.6rem 0;padding:.3rem .6rem}\
.failed{border-left:8px solid #D55E00}.passed{border-left:8px solid #009E73}\
pre{white-space:pre-wrap;font-size:.85rem;background:#f6f6f6;padding:.4rem}\
.board svg{max-width:100%;height:auto}nav{position:sticky;top:0;background:#fff;padding:.4rem 0}\
button,input,select{font-size:1rem;margin:.2rem;max-width:100%}code{overflow-wrap:anywhere}.hidden{display:none}\
.problem{background:#fde8e0}li{margin:.15rem 0}\
.check{font-family:monospace}.pass{color:#00684a}.fail{color:#a33a00;font-weight:bold}\
.step{display:flex;flex-wrap:wrap;gap:1rem;border-top:1px solid #ddd;padding:.4rem 0}\
.step figure{margin:0;flex:1 1 420px;max-width:640px}.step .log{flex:1 1 300px;min-width:0}\
a:focus,button:focus,select:focus,summary:focus{outline:3px solid #0072B2}\
@media (max-width:600px){body{margin:.4rem}h1{font-size:1.3rem}}";

/// The last script of the explain and diff pages: whether the page fits
/// the window's width, and that it loaded.
const READY: &str = "<script>(function(){var d=document.documentElement;d.dataset.fits=String(d.scrollWidth<=window.innerWidth);\
d.dataset.ready='1';})();</script>\n</body></html>\n";

/// Marks the page as loaded, and records any script error, where a browser
/// test (and a reader's devtools) can see them.
const GUARD: &str = "window.gotiErrors=[];window.addEventListener('error',function(e){window.gotiErrors.push(String(e.message));\
document.documentElement.dataset.errors=window.gotiErrors.length;});";

const SCRIPT: &str = "(function(){var st='all';function apply(){var t=document.getElementById('tag').value.toLowerCase();\
var f=document.getElementById('file').value;var n=0;document.querySelectorAll('.scenario').forEach(function(s){\
var ok=(st==='all'||s.dataset.status===st)&&(t===''||(' '+s.dataset.tags+' ').indexOf(' '+t+' ')>=0)&&(f===''||s.dataset.file===f);\
s.classList.toggle('hidden',!ok);if(ok)n++;});document.getElementById('shown').textContent=n+' shown';}\
document.querySelectorAll('button[data-status]').forEach(function(b){b.addEventListener('click',function(){st=b.dataset.status;\
document.querySelectorAll('button[data-status]').forEach(function(x){x.setAttribute('aria-pressed',x===b?'true':'false');});apply();});});\
document.getElementById('tag').addEventListener('change',apply);document.getElementById('file').addEventListener('change',apply);\
var h=new URLSearchParams(location.hash.slice(1));if(h.get('status')){var b=document.querySelector('button[data-status='+JSON.stringify(h.get('status'))+']');if(b)b.click();}\
if(h.get('tag'))document.getElementById('tag').value=h.get('tag');apply();var d=document.documentElement;d.dataset.fits=String(d.scrollWidth<=window.innerWidth);d.dataset.ready='1';})();";

/// What the top of the report page says: the counts and the filter lists.
#[derive(Default)]
pub struct PageHead {
    pub passed: usize,
    pub failed: usize,
    pub tags: std::collections::BTreeSet<String>,
    pub files: Vec<String>,
}

impl PageHead {
    /// Counts a file's scenarios and notes its tags and name.
    pub fn add(&mut self, r: &FileReport) {
        self.failed += r.scenarios.iter().filter(|s| !s.passed()).count()
            + usize::from(!r.file_problems.is_empty());
        self.passed += r.scenarios.iter().filter(|s| s.passed()).count();
        for s in &r.scenarios {
            self.tags.extend(s.tags.iter().cloned());
        }
        self.files.push(r.source.name.clone());
    }

    /// The page's head: title, counts and filters.
    pub fn html(&self) -> String {
        let (passed, failed) = (self.passed, self.failed);
        let mut out = String::new();
        writeln!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
<title>goti report</title><style>{STYLE}</style><script>{GUARD}</script></head><body>\n\
<h1>goti report</h1>\n<p id=\"summary\">{passed} passed, {failed} failed</p>"
        )
        .ok();
        out.push_str("<nav aria-label=\"filters\">");
        for (status, label) in [("all", "all"), ("passed", "passed"), ("failed", "failed")] {
            write!(
                out,
                "<button type=\"button\" data-status=\"{status}\" aria-pressed=\"{}\">{label}</button>",
                status == "all"
            )
            .ok();
        }
        out.push_str("<label>tag <select id=\"tag\"><option value=\"\">any</option>");
        for t in &self.tags {
            write!(out, "<option>{}</option>", esc(t)).ok();
        }
        out.push_str(
            "</select></label><label>file <select id=\"file\"><option value=\"\">any</option>",
        );
        for f in &self.files {
            write!(out, "<option>{}</option>", esc(f)).ok();
        }
        out.push_str("</select></label> <span id=\"shown\" aria-live=\"polite\"></span></nav>\n");
        out
    }
}

/// The page's end: the rules' text and the script.
pub fn page_foot() -> String {
    let mut out = rules_section();
    writeln!(out, "<script>{SCRIPT}</script>\n</body></html>").ok();
    out
}

/// Where a scenario's transcript left steps out: a line saying how many,
/// and where to see them all.
fn omitted_note(r: &FileReport, s: &crate::runner::ScenarioReport, k: usize) -> Option<String> {
    let (at, n) = s.omitted?;
    (at == k).then(|| {
        format!(
            "<li class=\"omitted\">… {n} steps not shown (this page shows the first and last of a long scenario): <code>goti explain {}:{}</code> lists every step</li>",
            esc(&r.source.name),
            s.line
        )
    })
}

/// A file's sections of the report page: its file problems, then one
/// section per scenario (steps collapsed, the final board where drawn).
pub fn page_sections(r: &FileReport) -> String {
    let mut out = String::new();
    for d in &r.file_problems {
        writeln!(
            out,
            "<section class=\"scenario failed\" data-status=\"failed\" data-tags=\"\" data-file=\"{}\"><h2>{}</h2><pre class=\"problem\">{}</pre></section>",
            esc(&r.source.name),
            esc(&r.source.name),
            esc(&super::render_plain(d))
        )
        .ok();
    }
    for s in &r.scenarios {
        let status = if s.passed() { "passed" } else { "failed" };
        writeln!(
            out,
            "<section class=\"scenario {status}\" data-status=\"{status}\" data-tags=\"{}\" data-file=\"{}\">\
<h2>{} <small>{status} · {}:{}{}</small></h2>",
            esc(&s.tags.join(" ")),
            esc(&r.source.name),
            esc(&s.name),
            esc(&r.source.name),
            s.line,
            if s.tags.is_empty() {
                String::new()
            } else {
                format!(" · tags {}", esc(&s.tags.join(", ")))
            }
        )
        .ok();
        for d in &s.problems {
            writeln!(
                out,
                "<pre class=\"problem\">{}</pre>",
                esc(&super::render_plain(d))
            )
            .ok();
        }
        out.push_str("<details><summary>steps and events</summary><ol>");
        for (k, step) in s.transcript.iter().enumerate() {
            if let Some(note) = omitted_note(r, s, k) {
                out.push_str(&note);
            }
            write!(
                out,
                "<li><code>{}</code> (line {}) — {}<ul>",
                esc(&step.text),
                step.line,
                esc(&step.outcome)
            )
            .ok();
            for e in &step.events {
                out.push_str("<li>");
                out.push_str(&linked_event(e, s.game));
                out.push_str("</li>");
            }
            out.push_str(&checks(step));
            out.push_str("</ul></li>");
        }
        out.push_str("</ol></details>\n");
        if let Some(last) = s.transcript.last() {
            if last.svg.is_empty() {
                writeln!(
                    out,
                    "<p class=\"board\">board not drawn (the page draws at most {} boards): <code>goti render {}:{}</code> draws it</p>",
                    super::report::MAX_BOARDS,
                    esc(&r.source.name),
                    s.line
                )
                .ok();
            } else {
                writeln!(
                    out,
                    "<figure class=\"board\">{}<figcaption>after line {}</figcaption></figure>",
                    last.svg, last.line
                )
                .ok();
            }
        }
        out.push_str("</section>\n");
    }
    out
}

/// The expectations checked after `step`, each with its result.
fn checks(step: &crate::runner::TranscriptStep) -> String {
    let mut out = String::new();
    for c in &step.checks {
        match &c.failure {
            None => write!(
                out,
                "<li class=\"check pass\">✓ pass <code>{}</code> (line {})</li>",
                esc(&c.text),
                c.line
            ),
            Some(f) => write!(
                out,
                "<li class=\"check fail\">✗ FAIL <code>{}</code> (line {}): {}</li>",
                esc(&c.text),
                c.line,
                esc(f)
            ),
        }
        .ok();
    }
    out
}

/// `goti explain --format html`: one section per scenario, a picture after
/// every step beside its events and the expectations checked after it.
pub fn explain_page(reports: &[FileReport]) -> String {
    let mut out = String::new();
    let title = match reports {
        [one] => format!("goti explain {}", one.source.name),
        _ => "goti explain".to_string(),
    };
    writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
<title>{}</title><style>{STYLE}</style><script>{GUARD}</script></head><body>\n<h1>{}</h1>",
        esc(&title),
        esc(&title)
    )
    .ok();
    for r in reports {
        for d in &r.file_problems {
            writeln!(
                out,
                "<pre class=\"problem\">{}</pre>",
                esc(&super::render_plain(d))
            )
            .ok();
        }
        for s in &r.scenarios {
            let status = if s.passed() { "passed" } else { "failed" };
            writeln!(
                out,
                "<section class=\"scenario {status}\" data-status=\"{status}\"><h2>{} <small>{status} · {}:{}</small></h2>",
                esc(&s.name),
                esc(&r.source.name),
                s.line
            )
            .ok();
            for (i, step) in s.transcript.iter().enumerate() {
                if let Some(note) = omitted_note(r, s, i) {
                    writeln!(out, "<ul>{note}</ul>").ok();
                }
                // The step's number in the whole scenario (steps left out counted).
                let k = match s.omitted {
                    Some((at, n)) if i >= at => i + n,
                    _ => i,
                };
                let picture = if step.svg.is_empty() {
                    format!(
                        "<p>not drawn (the page draws the first {} steps of a scenario, its last, and at most {} pictures): <code>goti render {}:{} --step {k}</code></p>",
                        super::output::PICTURED_STEPS,
                        super::output::MAX_PICTURES,
                        esc(&r.source.name),
                        s.line
                    )
                } else {
                    step.svg.clone()
                };
                write!(
                    out,
                    "<div class=\"step\" id=\"step-{k}\"><figure class=\"board\">{}<figcaption>step {k}</figcaption></figure>\
<div class=\"log\"><h3><code>{}</code> <small>line {}</small></h3><p>{}</p><ul>",
                    picture,
                    esc(&step.text),
                    step.line,
                    esc(&step.outcome)
                )
                .ok();
                for e in &step.events {
                    write!(out, "<li>{}</li>", linked_event(e, s.game)).ok();
                }
                out.push_str(&checks(step));
                out.push_str("</ul></div></div>\n");
            }
            for d in &s.problems {
                writeln!(
                    out,
                    "<pre class=\"problem\">{}</pre>",
                    esc(&super::render_plain(d))
                )
                .ok();
            }
            out.push_str("</section>\n");
        }
    }
    out.push_str(&rules_section());
    out.push_str(READY);
    out
}

/// Every rule's text, each anchored as `#game-rule.id` for the event links.
fn rules_section() -> String {
    let mut out = String::new();
    out.push_str("<h2 id=\"rules\">Rules</h2>\n");
    for game in GameKind::ALL {
        write!(out, "<h3>{}</h3><dl>", game.name()).ok();
        for info in game.catalogue() {
            write!(
                out,
                "<dt id=\"{}-{}\"><code>{}</code></dt><dd>{}</dd>",
                game.name(),
                info.id.0,
                info.id.0,
                esc(info.text)
            )
            .ok();
        }
        out.push_str("</dl>\n");
    }
    out
}

/// `[rule.id] text` with the rule ID linked to its text on the page.
fn linked_event(e: &str, game: GameKind) -> String {
    if let Some(rest) = e.strip_prefix('[') {
        if let Some((id, text)) = rest.split_once(']') {
            return format!(
                "<a href=\"#{}-{}\"><code>{}</code></a>{}",
                game.name(),
                esc(id),
                esc(id),
                esc(text)
            );
        }
    }
    esc(e)
}

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
    (base, head): (&str, &str),
    summary: &str,
) -> String {
    assert_eq!(
        report.changed.len(),
        boards.len(),
        "one pair of transcripts per changed scenario"
    );
    let mut out = String::new();
    writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
<title>goti diff</title><style>{STYLE}.pair{{display:flex;flex-wrap:wrap;gap:.5rem}}\
.pair figure{{margin:0;flex:1 1 420px}}del{{background:#fde8e0}}ins{{background:#e0f5ec}}</style>\
<script>{GUARD}</script></head><body>\n<h1>goti diff</h1>\n\
<p>base: {}<br/>head: {}</p><p id=\"summary\">{}</p>",
        esc(base),
        esc(head),
        esc(summary)
    )
    .ok();
    if !report.by_rule.is_empty() {
        out.push_str("<h2>By rule</h2><ul>");
        for (rule, list) in &report.by_rule {
            write!(
                out,
                "<li><code>{}</code>: {} scenario(s)</li>",
                esc(rule),
                list.len()
            )
            .ok();
        }
        out.push_str("</ul>\n");
    }
    for (d, b) in report.changed.iter().zip(boards) {
        let status = match d.change {
            crate::runner::diff::Change::ChangedPassing
            | crate::runner::diff::Change::NowPassing => "passed",
            _ => "failed",
        };
        writeln!(
            out,
            "<section class=\"scenario changed {status}\" data-change=\"{}\"><h2>{} <small>{} · {}:{}</small></h2>",
            esc(d.change.words()),
            esc(&d.name),
            esc(d.change.words()),
            esc(&d.file),
            d.line
        )
        .ok();
        for p in &d.problems {
            writeln!(out, "<pre class=\"problem\">under head: {}</pre>", esc(p)).ok();
        }
        for step in &d.steps {
            write!(
                out,
                "<h3>after line {}: <code>{}</code></h3><div class=\"pair\">",
                step.line,
                esc(&step.text)
            )
            .ok();
            for (side, list) in [("base", &b.base), ("head", &b.head)] {
                let at = list.iter().rposition(|t| t.line <= step.line);
                match at.map(|k| &list[k]) {
                    Some(t) => write!(
                        out,
                        "<figure class=\"board {side}\">{}<figcaption>{side}: {}</figcaption></figure>",
                        t.svg,
                        esc(&t.outcome)
                    ),
                    None => write!(
                        out,
                        "<figure class=\"board {side}\"><figcaption>{side}: not reached</figcaption></figure>"
                    ),
                }
                .ok();
            }
            out.push_str("</div><pre>");
            for l in step.state.lines() {
                match l.chars().next() {
                    Some('-') if !l.starts_with("---") => writeln!(out, "<del>{}</del>", esc(l)),
                    Some('+') if !l.starts_with("+++") => writeln!(out, "<ins>{}</ins>", esc(l)),
                    _ => writeln!(out, "{}", esc(l)),
                }
                .ok();
            }
            for e in &step.removed {
                writeln!(out, "<del>- event {}</del>", esc(e.trim())).ok();
            }
            for e in &step.added {
                writeln!(out, "<ins>+ event {}</ins>", esc(e.trim())).ok();
            }
            out.push_str("</pre>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str(READY);
    out
}
