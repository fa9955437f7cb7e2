//! `goti report`: one self-contained HTML page for a run — counts, filters
//! by status, tag and file, every scenario with its steps, events (rule IDs
//! linked to the rules' text), problems and final board picture. No network,
//! no external scripts or fonts.

use crate::engine::GameKind;
use crate::runner::FileReport;
use crate::shown::markup::Markup;

const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,sans-serif;margin:1rem;max-width:1100px}\
.scenario{border:1px solid #999;border-radius:6px;margin:.6rem 0;padding:.3rem .6rem}\
.failed{border-left:8px solid #D55E00}.passed{border-left:8px solid #009E73}\
pre{white-space:pre-wrap;font-size:.85rem;background:#f6f6f6;padding:.4rem}\
.board,.step figure{overflow-x:auto}.board svg,.step figure svg{max-width:none;height:auto}nav{position:sticky;top:0;background:#fff;padding:.4rem 0}\
button,input,select{font-size:1rem;margin:.2rem;max-width:100%}code{overflow-wrap:anywhere}.hidden{display:none}\
.problem{background:#fde8e0}li{margin:.15rem 0}\
.check{font-family:monospace}.pass{color:#00684a}.fail{color:#a33a00;font-weight:bold}\
.step{border-top:1px solid #ddd;padding:.4rem 0}.step h3{margin:.3rem 0}\
.step-body{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}\
.step figure{margin:0;flex:0 1 960px;max-width:100%}.step .log{flex:1 1 240px;min-width:0}\
a:focus,button:focus,select:focus,summary:focus{outline:3px solid #0072B2}\
@media (max-width:600px){body{margin:.4rem}h1{font-size:1.3rem}}";

/// A page's measure of its pictures, for a browser test (and a reader's
/// devtools): the smallest text as shown, in px (`data-min-text`); how
/// many pairs of a picture's texts overlap (`data-text-overlaps`); how many
/// times a piece's or ghost's box overlaps a label or another piece, or a
/// road's line crosses a tile, label or piece other than its own ends
/// (`data-shape-overlaps`, the first 40 named in `data-overlap-list`);
/// pieces whose nearest tile is not their own (`data-pieces-away`), a
/// blockade's stop mark over any shape of a piece (`data-marks-over-pieces`), and pairs
/// of roads that come within 3 px of each other (`data-roads-shared`),
/// named in `data-pictures-list`.
macro_rules! measure {
    () => {
        "var least=1e9,over=0,said=[];document.querySelectorAll('svg').forEach(function(g){var vb=g.viewBox.baseVal;if(!vb||!vb.width)return;\
var k=g.getBoundingClientRect().width/vb.width;if(!k)return;var bs=[];g.querySelectorAll('text').forEach(function(t){\
least=Math.min(least,parseFloat(getComputedStyle(t).fontSize)*k);var r=t.getBoundingClientRect();if(r.width>0)bs.push([r,t.textContent]);});\
for(var i=0;i<bs.length;i++)for(var j=i+1;j<bs.length;j++){var a=bs[i][0],b=bs[j][0];\
if(Math.min(a.right,b.right)-Math.max(a.left,b.left)>1&&Math.min(a.bottom,b.bottom)-Math.max(a.top,b.top)>1){over++;if(said.length<40)said.push('\\''+bs[i][1]+'\\' over \\''+bs[j][1]+'\\'');}}});\
if(least<1e9)d.dataset.minText=least.toFixed(1);d.dataset.textOverlaps=over;d.dataset.textOverlapList=said.join('; ');\
var shapes=[],lines=[];function hit(a,b){return Math.min(a.x+a.width,b.x+b.width)-Math.max(a.x,b.x)>1&&Math.min(a.y+a.height,b.y+b.height)-Math.max(a.y,b.y)>1;}\
function inside(q,b){return q.x>b.x&&q.x<b.x+b.width&&q.y>b.y&&q.y<b.y+b.height;}\
document.querySelectorAll('svg').forEach(function(g){var labels=[],pieces=[],tiles=[];\
g.querySelectorAll('text').forEach(function(t){if(!t.closest('g.piece,g.ghost')){var b=t.getBBox();if(b.width>0)labels.push([b,t.textContent]);}});\
g.querySelectorAll('g.piece,g.ghost').forEach(function(p){pieces.push([p.getBBox(),p.getAttribute('class')+' '+p.dataset.player+' '+p.dataset.pieces+' at '+p.dataset.place]);});\
g.querySelectorAll('circle.tile').forEach(function(c){tiles.push(c);});\
pieces.forEach(function(p,i){labels.forEach(function(l){if(hit(p[0],l[0]))shapes.push(p[1]+' over \\''+l[1]+'\\'');});\
for(var j=i+1;j<pieces.length;j++)if(hit(p[0],pieces[j][0]))shapes.push(p[1]+' over '+pieces[j][1]);});\
g.querySelectorAll('path.road').forEach(function(r){var ends=r.dataset.road.split('-'),n=r.getTotalLength(),why='';\
for(var s=0;s<=n&&!why;s+=2){var q=r.getPointAtLength(s);tiles.forEach(function(c){if(why||ends.indexOf(c.dataset.tile)>=0)return;\
var dx=q.x-c.cx.baseVal.value,dy=q.y-c.cy.baseVal.value,rr=c.r.baseVal.value+2;if(dx*dx+dy*dy<rr*rr)why='tile '+c.dataset.tile;});\
labels.forEach(function(l){if(!why&&inside(q,l[0]))why='\\''+l[1]+'\\'';});pieces.forEach(function(p){if(!why&&inside(q,p[0]))why=p[1];});}\
if(why)lines.push('road '+r.dataset.road+' over '+why);});});\
d.dataset.shapeOverlaps=shapes.length+lines.length;d.dataset.overlapList=shapes.concat(lines).slice(0,40).join('; ');\
var away=[],marked=[],shared=[];function mid(b){return [b.x+b.width/2,b.y+b.height/2];}\
document.querySelectorAll('svg').forEach(function(g){var tiles=[];g.querySelectorAll('circle.tile').forEach(function(c){tiles.push([c.cx.baseVal.value,c.cy.baseVal.value,c.dataset.tile]);});\
var names={};tiles.forEach(function(t){names[t[2]]=1;});var ps=[];\
g.querySelectorAll('g.piece').forEach(function(p){var own=(p.dataset.place||'').replace(/^tile /,''),tok=p.querySelector('.guard,.king');\
Array.prototype.forEach.call(p.children,function(c){if(c.getBBox&&c.tagName!=='title')ps.push([c.getBBox(),p.dataset.player+' '+p.dataset.pieces+' at '+p.dataset.place]);});\
if(!tok||!names[own])return;var c=mid(tok.getBBox()),best=null,bd=1e9;\
tiles.forEach(function(t){var q=(t[0]-c[0])*(t[0]-c[0])+(t[1]-c[1])*(t[1]-c[1]);if(q<bd){bd=q;best=t[2];}});\
if(best!==own)away.push(p.dataset.player+' '+p.dataset.pieces+' of '+own+' nearest '+best);});\
g.querySelectorAll('.blockade-stop').forEach(function(m){var b=m.getBBox();ps.forEach(function(p){if(hit(b,p[0]))marked.push('a blockade stop over '+p[1]);});});\
var rs=[];g.querySelectorAll('path.road').forEach(function(r){var n=r.getTotalLength(),pts=[];for(var s=0;s<=n;s+=2)pts.push(r.getPointAtLength(s));rs.push([r.dataset.road,pts]);});\
for(var i=0;i<rs.length;i++)for(var j=i+1;j<rs.length;j++){var near=rs[i][1].some(function(a){return rs[j][1].some(function(b){return (a.x-b.x)*(a.x-b.x)+(a.y-b.y)*(a.y-b.y)<9;});});\
if(near)shared.push('roads '+rs[i][0]+' and '+rs[j][0]);}});\
d.dataset.piecesAway=away.length;d.dataset.marksOverPieces=marked.length;d.dataset.roadsShared=shared.length;\
d.dataset.picturesList=away.concat(marked,shared).slice(0,40).join('; ');"
    };
}

/// The last script of the explain and diff pages: whether the page fits
/// the window's width, how many drawn steps show their events beside the
/// picture (`data-beside`, "N/M"), its pictures' measure, and that it
/// loaded.
pub(super) const READY: &str = concat!(
    "<script>(function(){var d=document.documentElement;d.dataset.fits=String(d.scrollWidth<=window.innerWidth);\
var bs=0,all=0;document.querySelectorAll('.step-body').forEach(function(s){var f=s.querySelector('figure svg'),l=s.querySelector('.log');if(!f||!l)return;\
all++;var a=f.getBoundingClientRect(),b=l.getBoundingClientRect();if(b.left>=a.right-1&&b.top<a.bottom)bs++;});d.dataset.beside=bs+'/'+all;",
    measure!(),
    "d.dataset.ready='1';})();</script>\n</body></html>\n"
);

/// Marks the page as loaded, and records any script error, where a browser
/// test (and a reader's devtools) can see them.
const GUARD: &str = "window.gotiErrors=[];window.addEventListener('error',function(e){window.gotiErrors.push(String(e.message));\
document.documentElement.dataset.errors=window.gotiErrors.length;});";

const SCRIPT: &str = concat!(
    "(function(){var st='all';function apply(){var t=document.getElementById('tag').value.toLowerCase();\
var f=document.getElementById('file').value;var n=0;document.querySelectorAll('.scenario').forEach(function(s){\
var ok=(st==='all'||s.dataset.status===st)&&(t===''||(' '+s.dataset.tags+' ').indexOf(' '+t+' ')>=0)&&(f===''||s.dataset.file===f);\
s.classList.toggle('hidden',!ok);if(ok)n++;});document.getElementById('shown').textContent=n+' shown';}\
document.querySelectorAll('button[data-status]').forEach(function(b){b.addEventListener('click',function(){st=b.dataset.status;\
document.querySelectorAll('button[data-status]').forEach(function(x){x.setAttribute('aria-pressed',x===b?'true':'false');});apply();});});\
document.getElementById('tag').addEventListener('change',apply);document.getElementById('file').addEventListener('change',apply);\
var h=new URLSearchParams(location.hash.slice(1));if(h.get('status')){var b=document.querySelector('button[data-status='+JSON.stringify(h.get('status'))+']');if(b)b.click();}\
if(h.get('tag'))document.getElementById('tag').value=h.get('tag');apply();var d=document.documentElement;d.dataset.fits=String(d.scrollWidth<=window.innerWidth);",
    measure!(),
    "d.dataset.ready='1';})();"
);

/// What the top of the report page says: the counts and the filter lists.
#[derive(Default)]
pub struct PageHead {
    pub passed: usize,
    pub failed: usize,
    pub tags: std::collections::BTreeSet<String>,
    pub files: Vec<String>,
    /// The rules cited under a description's own IDs, for the foot.
    pub renamed: Renamed,
}

/// The rules a page's scenarios cite under a description's own IDs (a
/// `race` description's `names`), by game and ID: the page anchors them
/// beside each game's catalogue, so every event's link lands.
#[derive(Default)]
pub struct Renamed(std::collections::BTreeMap<(GameKind, &'static str), &'static str>);

impl Renamed {
    /// Notes the renamed rules of a file's scenarios.
    pub fn add(&mut self, r: &FileReport) {
        for s in &r.scenarios {
            for info in s.catalogue.iter().flatten() {
                self.0.entry((s.game, info.id.0)).or_insert(info.text);
            }
        }
    }
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
        self.renamed.add(r);
    }

    /// The page's head: title, counts and filters.
    pub fn html(&self) -> String {
        let (passed, failed) = (self.passed, self.failed);
        let mut m = Markup::new();
        m.raw(&head("goti report", ""))
            .element("h1", &[], "goti report")
            .raw("\n")
            .element(
                "p",
                &[("id", "summary")],
                &format!("{passed} passed, {failed} failed"),
            )
            .raw("\n")
            .open("nav", &[("aria-label", "filters")]);
        for (status, label) in [("all", "all"), ("passed", "passed"), ("failed", "failed")] {
            let pressed = (status == "all").to_string();
            let attrs = [
                ("type", "button"),
                ("data-status", status),
                ("aria-pressed", pressed.as_str()),
            ];
            m.element("button", &attrs, label);
        }
        for (word, id, list) in [
            ("tag", "tag", self.tags.iter().collect::<Vec<_>>()),
            ("file", "file", self.files.iter().collect()),
        ] {
            m.open("label", &[]).text(&format!("{word} "));
            m.open("select", &[("id", id)])
                .element("option", &[("value", "")], "any");
            for t in list {
                m.element("option", &[], t);
            }
            m.close("select").close("label");
        }
        m.raw(" ")
            .element("span", &[("id", "shown"), ("aria-live", "polite")], "")
            .close("nav")
            .raw("\n");
        m.finish()
    }
}

/// The start of a page up to its `<body>`: `title`, the style (with
/// `style` added) and the error guard. goti's own markup.
pub(super) fn head(title: &str, style: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\
<title>{}</title><style>{STYLE}{style}</style><script>{GUARD}</script></head><body>\n",
        crate::shown::xml(title)
    )
}

/// The page's end: the rules' text and the script.
pub fn page_foot(renamed: &Renamed) -> String {
    let mut m = Markup::new();
    rules_section(&mut m, renamed);
    m.raw(&format!("<script>{SCRIPT}</script>\n</body></html>\n"));
    m.finish()
}

/// Where a scenario's transcript left steps out: a line saying how many,
/// and where to see them all.
fn omitted_note(m: &mut Markup, r: &FileReport, s: &crate::runner::ScenarioReport, k: usize) {
    let Some((_, n)) = s.omitted.filter(|&(at, _)| at == k) else {
        return;
    };
    m.open("li", &[("class", "omitted")])
        .text(&format!(
            "… {n} steps not shown (this page shows the first and last of a long scenario): "
        ))
        .element(
            "code",
            &[],
            &format!("goti explain {}:{}", r.source.name, s.line),
        )
        .text(" lists every step")
        .close("li");
}

/// A problem's picture in words, as a `<pre class="problem">` line.
pub(super) fn problem(m: &mut Markup, text: &str) {
    m.element("pre", &[("class", "problem")], text).raw("\n");
}

/// A file's sections of the report page: its file problems, then one
/// section per scenario (steps collapsed, the final board where drawn).
pub fn page_sections(r: &FileReport) -> String {
    let mut m = Markup::new();
    let file = r.source.name.as_str();
    for d in &r.file_problems {
        let attrs = [
            ("class", "scenario failed"),
            ("data-status", "failed"),
            ("data-tags", ""),
            ("data-file", file),
        ];
        m.open("section", &attrs).element("h2", &[], file);
        m.element("pre", &[("class", "problem")], &super::render_plain(d))
            .close("section")
            .raw("\n");
    }
    for s in &r.scenarios {
        let status = if s.passed() { "passed" } else { "failed" };
        let class = format!("scenario {status}");
        let tags = s.tags.join(" ");
        let attrs = [
            ("class", class.as_str()),
            ("data-status", status),
            ("data-tags", tags.as_str()),
            ("data-file", file),
        ];
        let tagged = if s.tags.is_empty() {
            String::new()
        } else {
            format!(" · tags {}", s.tags.join(", "))
        };
        m.open("section", &attrs)
            .open("h2", &[])
            .text(&format!("{} ", s.name))
            .element(
                "small",
                &[],
                &format!("{status} · {file}:{}{tagged}", s.line),
            )
            .close("h2")
            .raw("\n");
        for d in &s.problems {
            problem(&mut m, &super::render_plain(d));
        }
        m.open("details", &[])
            .element("summary", &[], "steps and events")
            .open("ol", &[]);
        for (k, step) in s.transcript.iter().enumerate() {
            omitted_note(&mut m, r, s, k);
            m.open("li", &[])
                .element("code", &[], &step.text)
                .text(&format!(" (line {}) — {}", step.line, step.outcome))
                .open("ul", &[]);
            for e in &step.events {
                m.open("li", &[]);
                linked_event(&mut m, e, s.game);
                m.close("li");
            }
            checks(&mut m, step);
            m.close("ul").close("li");
        }
        m.close("ol").close("details").raw("\n");
        if let Some(last) = s.transcript.last() {
            if last.svg.is_empty() {
                m.open("p", &[("class", "board")])
                    .text(&format!(
                        "board not drawn (the page draws at most {} boards): ",
                        super::output::MAX_BOARDS
                    ))
                    .element("code", &[], &format!("goti render {file}:{}", s.line))
                    .text(" draws it")
                    .close("p")
                    .raw("\n");
            } else {
                m.open("figure", &[("class", "board")])
                    .raw(&last.svg)
                    .element("figcaption", &[], &format!("after line {}", last.line))
                    .close("figure")
                    .raw("\n");
            }
        }
        m.close("section").raw("\n");
    }
    m.finish()
}

/// The expectations checked after `step`, each with its result.
fn checks(m: &mut Markup, step: &crate::runner::TranscriptStep) {
    for c in &step.checks {
        let line = format!(" (line {})", c.line);
        match &c.failure {
            None => m
                .open("li", &[("class", "check pass")])
                .text("✓ pass ")
                .element("code", &[], &c.text)
                .text(&line),
            Some(f) => m
                .open("li", &[("class", "check fail")])
                .text("✗ FAIL ")
                .element("code", &[], &c.text)
                .text(&format!("{line}: {f}")),
        }
        .close("li");
    }
}

/// `goti explain --format html`: one section per scenario, a picture after
/// every step beside its events and the expectations checked after it.
pub fn explain_page(reports: &[FileReport]) -> String {
    let title = match reports {
        [one] => format!("goti explain {}", one.source.name),
        _ => "goti explain".to_string(),
    };
    let mut m = Markup::new();
    // Wide enough for a picture at its own size beside its events.
    m.raw(&head(&title, "body{max-width:1320px}"))
        .element("h1", &[], &title)
        .raw("\n");
    for r in reports {
        for d in &r.file_problems {
            problem(&mut m, &super::render_plain(d));
        }
        for s in &r.scenarios {
            let status = if s.passed() { "passed" } else { "failed" };
            let class = format!("scenario {status}");
            m.open("section", &[("class", &class), ("data-status", status)])
                .open("h2", &[])
                .text(&format!("{} ", s.name))
                .element(
                    "small",
                    &[],
                    &format!("{status} · {}:{}", r.source.name, s.line),
                )
                .close("h2")
                .raw("\n");
            for (i, step) in s.transcript.iter().enumerate() {
                explain_step(&mut m, r, s, i, step);
            }
            for d in &s.problems {
                problem(&mut m, &super::render_plain(d));
            }
            m.close("section").raw("\n");
        }
    }
    let mut renamed = Renamed::default();
    for r in reports {
        renamed.add(r);
    }
    rules_section(&mut m, &renamed);
    m.raw(READY);
    m.finish()
}

/// One step of the explain page: its picture beside its events and checks.
fn explain_step(
    m: &mut Markup,
    r: &FileReport,
    s: &crate::runner::ScenarioReport,
    i: usize,
    step: &crate::runner::TranscriptStep,
) {
    if s.omitted.is_some_and(|(at, _)| at == i) {
        m.open("ul", &[]);
        omitted_note(m, r, s, i);
        m.close("ul").raw("\n");
    }
    // The step's number in the whole scenario (steps left out counted).
    let k = match s.omitted {
        Some((at, n)) if i >= at => i + n,
        _ => i,
    };
    let id = format!("step-{k}");
    // Heading first, then the picture and the events side by side (one
    // under the other where the window is narrower than both).
    m.open("div", &[("class", "step"), ("id", &id)])
        .open("h3", &[])
        .element("code", &[], &step.text)
        .text(" ")
        .element("small", &[], &format!("line {} · step {k}", step.line))
        .close("h3")
        .open("div", &[("class", "step-body")])
        .open("figure", &[("class", "board")]);
    if step.svg.is_empty() {
        m.open("p", &[])
            .text(&format!(
                "not drawn (the page draws the first {} steps of a scenario, its last, and at most {} pictures): ",
                super::output::PICTURED_STEPS,
                super::output::MAX_PICTURES
            ))
            .element(
                "code",
                &[],
                &format!("goti render {}:{} --step {k}", r.source.name, s.line),
            )
            .close("p");
    } else {
        m.raw(&step.svg);
    }
    m.close("figure")
        .open("div", &[("class", "log")])
        .element("p", &[], &step.outcome)
        .open("ul", &[]);
    for e in &step.events {
        m.open("li", &[]);
        linked_event(m, e, s.game);
        m.close("li");
    }
    checks(m, step);
    m.close("ul")
        .close("div")
        .close("div")
        .close("div")
        .raw("\n");
}

/// Every rule's text, each anchored as `#game-rule.id` for the event
/// links: each game's catalogue, then the rules its scenarios cite under a
/// description's own IDs.
fn rules_section(m: &mut Markup, renamed: &Renamed) {
    m.element("h2", &[("id", "rules")], "Rules").raw("\n");
    for &game in GameKind::ALL {
        m.element("h3", &[], game.name()).open("dl", &[]);
        let family = game.catalogue();
        let own = renamed
            .0
            .iter()
            .filter(|((g, id), _)| *g == game && !family.iter().any(|r| r.id.0 == *id))
            .map(|((_, id), text)| (*id, *text));
        for (rule, text) in family.iter().map(|r| (r.id.0, r.text)).chain(own) {
            let id = format!("{}-{rule}", game.name());
            m.open("dt", &[("id", &id)])
                .element("code", &[], rule)
                .close("dt")
                .element("dd", &[], text);
        }
        m.close("dl").raw("\n");
    }
}

/// `[rule.id] text` with the rule ID linked to its text on the page.
fn linked_event(m: &mut Markup, e: &str, game: GameKind) {
    if let Some((id, text)) = e.strip_prefix('[').and_then(|rest| rest.split_once(']')) {
        let href = format!("href=\"#{}-{}\"", game.name(), crate::shown::xml(id));
        m.open_own("a", &href)
            .element("code", &[], id)
            .close("a")
            .text(text);
    } else {
        m.text(e);
    }
}
