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
button,input,select{font-size:1rem;margin:.2rem}.hidden{display:none}\
.problem{background:#fde8e0}li{margin:.15rem 0}";

const SCRIPT: &str = "(function(){var st='all';function apply(){var t=document.getElementById('tag').value.toLowerCase();\
var f=document.getElementById('file').value;var n=0;document.querySelectorAll('.scenario').forEach(function(s){\
var ok=(st==='all'||s.dataset.status===st)&&(t===''||(' '+s.dataset.tags+' ').indexOf(' '+t+' ')>=0)&&(f===''||s.dataset.file===f);\
s.classList.toggle('hidden',!ok);if(ok)n++;});document.getElementById('shown').textContent=n+' shown';}\
document.querySelectorAll('button[data-status]').forEach(function(b){b.addEventListener('click',function(){st=b.dataset.status;\
document.querySelectorAll('button[data-status]').forEach(function(x){x.setAttribute('aria-pressed',x===b?'true':'false');});apply();});});\
document.getElementById('tag').addEventListener('change',apply);document.getElementById('file').addEventListener('change',apply);apply();})();";

/// The page for `reports` (played with transcripts).
pub fn page(reports: &[FileReport]) -> String {
    let scenarios: Vec<_> = reports
        .iter()
        .flat_map(|r| r.scenarios.iter().map(move |s| (r, s)))
        .collect();
    let failed = scenarios.iter().filter(|(_, s)| !s.passed()).count()
        + reports
            .iter()
            .filter(|r| !r.file_problems.is_empty())
            .count();
    let passed = scenarios.iter().filter(|(_, s)| s.passed()).count();
    let mut tags: Vec<&str> = scenarios
        .iter()
        .flat_map(|(_, s)| s.tags.iter().map(String::as_str))
        .collect();
    tags.sort_unstable();
    tags.dedup();
    let mut out = String::new();
    writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
<title>goti report</title><style>{STYLE}</style></head><body>\n\
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
    for t in &tags {
        write!(out, "<option>{}</option>", esc(t)).ok();
    }
    out.push_str(
        "</select></label><label>file <select id=\"file\"><option value=\"\">any</option>",
    );
    for r in reports {
        write!(out, "<option>{}</option>", esc(&r.source.name)).ok();
    }
    out.push_str("</select></label> <span id=\"shown\" aria-live=\"polite\"></span></nav>\n");
    for r in reports {
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
    }
    for (r, s) in &scenarios {
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
        for step in &s.transcript {
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
            out.push_str("</ul></li>");
        }
        out.push_str("</ol></details>\n");
        if let Some(last) = s.transcript.last() {
            writeln!(
                out,
                "<figure class=\"board\">{}<figcaption>after line {}</figcaption></figure>",
                last.svg, last.line
            )
            .ok();
        }
        out.push_str("</section>\n");
    }
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
    writeln!(out, "<script>{SCRIPT}</script>\n</body></html>").ok();
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
