//! Printing reports: text for people, JSON lines for machines.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::runner::{self, Diagnostic, RunOptions};

fn handler(color: bool) -> GraphicalReportHandler {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme).with_width(140)
}

/// The diagnostic rendered with its source excerpt (one line when brief).
pub fn render(d: &Diagnostic, color: bool) -> String {
    let brief = || {
        let mut out = format!("  {} [{}]: {}\n", d.location(), d.code_text(), d);
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
        out
    };
    if d.is_brief() {
        return brief();
    }
    let mut out = String::new();
    if handler(color).render_report(&mut out, d).is_err() {
        out = brief();
    }
    out
}

/// `explain --format html` shows the first and the last this many steps of
/// a scenario.
pub const SHOWN_STEPS: usize = 100;
/// ... pictures of its first this many steps (and its last) ...
pub const PICTURED_STEPS: usize = 50;
/// ... and at most this many pictures in the page.
pub const MAX_PICTURES: usize = 1_000;

/// A name on one line of the text log (`shown::line`): line breaks,
/// controls and the forms of a workflow command made harmless.
pub(super) fn one_line(s: &str) -> String {
    crate::shown::line(s).into_owned()
}

/// A problem as JSON: where, what kind, which rule, what was expected and
/// found (for a failed expectation), and the fix.
pub(super) fn json_problem(d: &Diagnostic) -> serde_json::Value {
    let (line, col) = d.source.line_col(d.span.start);
    // A failed expectation says "expected X, found Y".
    let (expected, found) = match d
        .message
        .strip_prefix("expected ")
        .and_then(|m| m.split_once(", found "))
    {
        Some((e, f)) if d.kind == runner::Kind::Expectation => (Some(e), Some(f)),
        _ => (None, None),
    };
    serde_json::json!({
        "file": d.source.name,
        "line": line,
        "column": col,
        "code": d.kind.name(),
        "kind": d.kind.name().trim_start_matches("goti::"),
        "rule": d.rule.map(|r| r.0),
        "message": d.to_string(),
        "expected": expected,
        "found": found,
        "help": d.help,
    })
}

/// The scenario files of `paths`, each with its project (the folder of
/// `goti.yaml` above the working directory, else the tree searched); a note
/// on standard error for every entry skipped. `Err` is the exit code when
/// there is nothing to run.
pub(super) fn scenario_files(paths: &[PathBuf]) -> Result<Vec<runner::Found>, i32> {
    let project = std::env::current_dir()
        .ok()
        .and_then(|cwd| runner::project::find(&cwd));
    let found = match runner::discover_files(paths, project.as_deref()) {
        Ok(f) => f,
        Err(e) => {
            errln!("error: {e}");
            return Err(2);
        }
    };
    for (path, why) in &found.skipped {
        errln!("note: skipped {}: {why}", crate::shown::path(path));
    }
    if found.files.is_empty() {
        errln!(
            "error: no scenario files (*.goti) found in {}",
            paths
                .iter()
                .map(|p| crate::shown::path(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        return Err(2);
    }
    Ok(found.files)
}

/// How `explain` shows the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    /// One block per step: its events, the pieces and numbers that changed,
    /// the expectations checked after it (the ASCII board with `--board`).
    Text,
    /// One self-contained HTML page: a picture after every step, its events
    /// with rule IDs, each expectation where it is checked with its result.
    Html,
    /// One SVG picture per step, written into the folder given with -o.
    Svg,
}

/// `explain`: every step with its events, what changed, the expectations
/// checked after it, and (as asked) a picture of the board.
pub fn explain(
    file: &std::path::Path,
    scenario: Option<&str>,
    layers: crate::runner::play::ruleset::RuleLayers,
    color: bool,
    how: (ExplainFormat, bool, Option<&Path>),
) -> i32 {
    let (format, board, output) = how;
    match (format, output) {
        (ExplainFormat::Svg, None) => {
            errln!("error: --format svg writes one file per step: give the folder with -o DIR");
            return 2;
        }
        (ExplainFormat::Text, Some(_)) => {
            errln!("error: -o is for --format html (a file) or --format svg (a folder)");
            return 2;
        }
        (ExplainFormat::Html, Some(o))
            if o.extension()
                .is_none_or(|x| !x.eq_ignore_ascii_case("html")) =>
        {
            errln!("error: -o {}: name the page `.html`", crate::shown::path(o));
            return 2;
        }
        _ => {}
    }
    // A file, a folder (each scenario in turn) or FILE:LINE.
    let (_, files, sel) =
        match super::report::selected_files(vec![file.to_path_buf()], &Default::default()) {
            Ok(s) => s,
            Err(code) => return code,
        };
    // A page stays bounded: the first and last steps of a long scenario,
    // pictures of its first steps and its last, a limit for the page.
    let limits = match format {
        ExplainFormat::Html => runner::play::TranscriptLimits {
            steps: Some(SHOWN_STEPS),
            pictured: Some(PICTURED_STEPS),
            budget: Some(Arc::new(std::sync::atomic::AtomicUsize::new(MAX_PICTURES))),
            brief: true,
        },
        _ => Default::default(),
    };
    let opts = super::context::options(
        RunOptions {
            explain: true,
            skip_snapshots: true,
            select: Arc::new(sel),
            limits,
            ..RunOptions::default()
        },
        layers,
    );
    let reports = runner::play_each(&files, None, scenario, &opts);
    let failed = reports.iter().any(|r| !r.passed());
    let mut names: Vec<String> = Vec::new();
    if scenario.is_some() {
        // The names a missing scenario might have meant, from the files
        // that had none of that name.
        let lacking: Vec<runner::Found> = files
            .iter()
            .zip(&reports)
            .filter(|(_, r)| r.scenarios.is_empty())
            .map(|(f, _)| f.clone())
            .collect();
        let listing = RunOptions {
            validate_only: true,
            skip_snapshots: true,
            ..RunOptions::default()
        };
        for all in runner::play_each(&lacking, None, None, &listing) {
            names.extend(all.scenarios.iter().map(|s| s.name.clone()));
        }
    }
    let shown: usize = reports.iter().map(|r| r.scenarios.len()).sum();
    let file_failed = reports.iter().any(|r| !r.file_problems.is_empty());
    if shown == 0 && !file_failed {
        let wanted = scenario.unwrap_or("");
        errln!(
            "error: {} has no scenario named {wanted:?}",
            crate::shown::path(file)
        );
        if let Some(guess) = crate::closest::closest(wanted, names.iter().map(String::as_str)) {
            errln!("  did you mean {guess:?}?");
        }
        if !names.is_empty() {
            errln!(
                "  its scenarios: {}",
                names
                    .iter()
                    .map(|n| format!("{n:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        return 2;
    }
    match (format, output) {
        (ExplainFormat::Text, _) => explain_text(&reports, board, color),
        (ExplainFormat::Html, None) => out!("{}", super::page::explain_page(&reports)),
        (ExplainFormat::Html, Some(o)) => {
            let page = super::page::explain_page(&reports);
            if let Err(e) = runner::snapshot::write_atomic(o, page.as_bytes()) {
                errln!("error: cannot write {}: {e}", crate::shown::path(o));
                return 2;
            }
            outln!("wrote {} ({shown} scenarios)", crate::shown::path(o));
        }
        (ExplainFormat::Svg, Some(dir)) => {
            if let Err(code) = explain_svgs(&reports, dir) {
                return code;
            }
        }
        (ExplainFormat::Svg, None) => unreachable!("refused above: svg needs -o"),
    }
    i32::from(failed)
}

/// Compact text: per step its events, the changed pieces and numbers, the
/// checks after it; with `board` the ASCII board too.
fn explain_text(reports: &[runner::FileReport], board: bool, color: bool) {
    for report in reports {
        for d in &report.file_problems {
            out!("{}", render(d, color));
        }
        for sc in &report.scenarios {
            outln!(
                "== scenario \"{}\" ({}:{})",
                sc.name,
                report.source.name,
                sc.line
            );
            let mut before: Option<&str> = None;
            for step in &sc.transcript {
                outln!(
                    "\n-- line {}: {}  => {}",
                    step.line,
                    step.text,
                    step.outcome
                );
                for e in &step.events {
                    outln!("   {e}");
                }
                for c in runner::render::changes(before, &step.state) {
                    outln!("   * {c}");
                }
                before = Some(&step.state);
                for c in &step.checks {
                    match &c.failure {
                        None => outln!("   pass  line {}: {}", c.line, c.text),
                        Some(f) => outln!("   FAIL  line {}: {}\n         {f}", c.line, c.text),
                    }
                }
                if board {
                    outln!("{}", step.picture);
                }
            }
            for d in &sc.problems {
                out!("{}", render(d, color));
            }
            outln!(
                "{}",
                if sc.passed() {
                    "result: passed"
                } else {
                    "result: FAILED"
                }
            );
        }
    }
}

/// One SVG file per step in `dir`: `<file path>-<scenario>-<step>.svg`.
fn explain_svgs(reports: &[runner::FileReport], dir: &Path) -> Result<(), i32> {
    if let Err(e) = std::fs::create_dir_all(dir) {
        errln!("error: cannot make folder {}: {e}", crate::shown::path(dir));
        return Err(2);
    }
    let mut written = 0;
    let mut taken = std::collections::HashSet::new();
    for report in reports {
        // The file's path without `.goti`, so two `captures.goti` in two
        // folders never write the same picture.
        let name = &report.source.name;
        let stem = slug(name.strip_suffix(".goti").unwrap_or(name));
        for sc in &report.scenarios {
            for (k, step) in sc.transcript.iter().enumerate() {
                let mut name = format!("{stem}-{}-{k:02}.svg", slug(&sc.name));
                // Names cut to length could meet: never overwrite a picture of this run.
                let mut n = 2;
                while !taken.insert(name.clone()) {
                    name = format!("{stem}-{}-{k:02}-{n}.svg", slug(&sc.name));
                    n += 1;
                }
                let path = dir.join(&name);
                if let Err(e) = runner::snapshot::write_atomic(&path, step.svg.as_bytes()) {
                    errln!("error: cannot write {}: {e}", crate::shown::path(&path));
                    return Err(2);
                }
                written += 1;
            }
        }
    }
    outln!("wrote {written} pictures into {}", crate::shown::path(dir));
    Ok(())
}

/// A name safe as part of a file name: lower-case letters, digits and `-`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').chars().take(100).collect::<String>();
    if out.is_empty() {
        "scenario".into()
    } else {
        out
    }
}

/// `render`: the position at one step of one scenario as an SVG picture.
/// Step 0 is the set-up, step k the position after the k-th action;
/// `FILE:LINE` the position after that line; the last step by default.
pub fn render_picture(
    file: &std::path::Path,
    scenario: Option<&str>,
    step: Option<usize>,
    output: Option<&std::path::Path>,
    layers: crate::runner::play::ruleset::RuleLayers,
) -> i32 {
    let png = match output.map(|o| o.extension().and_then(|x| x.to_str())) {
        None => false,
        Some(Some(x)) if x.eq_ignore_ascii_case("svg") => false,
        Some(Some(x)) if x.eq_ignore_ascii_case("png") => true,
        Some(_) => {
            errln!(
                "error: -o {}: name the picture `.svg` or `.png`",
                output.map_or_else(String::new, |o| crate::shown::path(o).to_string())
            );
            return 2;
        }
    };
    let line = crate::runner::select::file_and_line(file).map(|(_, l)| l);
    let (_, files, sel) =
        match super::report::selected_files(vec![file.to_path_buf()], &Default::default()) {
            Ok(s) => s,
            Err(code) => return code,
        };
    let [found] = files.as_slice() else {
        errln!(
            "error: render takes one scenario file, not {} files",
            files.len()
        );
        return 2;
    };
    let opts = super::context::options(
        RunOptions {
            explain: true,
            skip_snapshots: true,
            select: Arc::new(sel),
            ..RunOptions::default()
        },
        layers,
    );
    let report = runner::play_each(std::slice::from_ref(found), None, scenario, &opts)
        .pop()
        .unwrap_or_else(|| unreachable!("one file gives one report"));
    for d in &report.file_problems {
        errln!("error: {}: {}", d.location(), d.message);
    }
    let sc = match report.scenarios.as_slice() {
        [one] => one,
        [] => {
            errln!("error: no scenario to render (check the name, or the file's problems)");
            return 2;
        }
        many => {
            let names: Vec<String> = many.iter().map(|s| format!("{:?}", s.name)).collect();
            errln!(
                "error: {} has {} scenarios: pick one with --scenario NAME or FILE:LINE ({})",
                report.source.name,
                many.len(),
                names.join(", ")
            );
            return 2;
        }
    };
    let steps = &sc.transcript;
    if steps.is_empty() {
        errln!("error: scenario {:?} has no position to render:", sc.name);
        for d in &sc.problems {
            errln!("  {}: {}", d.location(), d.message);
        }
        return 2;
    }
    let index = match (step, line) {
        (Some(k), _) if k < steps.len() => k,
        (Some(k), _) => {
            errln!(
                "error: --step {k}: scenario {:?} has steps 0-{} (0 is the set-up)",
                sc.name,
                steps.len() - 1
            );
            return 2;
        }
        (None, Some(l)) => steps.iter().rposition(|s| s.line <= l).unwrap_or(0),
        (None, None) => steps.len() - 1,
    };
    if !sc.passed() {
        errln!(
            "note: scenario {:?} fails; the picture shows the position goti reached",
            sc.name
        );
    }
    let svg = &steps[index].svg;
    match output {
        Some(o) => {
            let bytes = if png {
                match runner::render::png::png(svg, 2.0) {
                    Ok(b) => b,
                    Err(e) => {
                        errln!("error: cannot draw the PNG: {e}");
                        return 2;
                    }
                }
            } else {
                svg.as_bytes().to_vec()
            };
            if let Err(e) = runner::snapshot::write_atomic(o, &bytes) {
                errln!("error: cannot write {}: {e}", crate::shown::path(o));
                return 2;
            }
            outln!(
                "wrote {} (step {index}, line {}: {})",
                crate::shown::path(o),
                steps[index].line,
                steps[index].text
            );
        }
        None => out!("{svg}"),
    }
    0
}

/// Why a command that writes or deletes snapshots does not run in CI
/// (README: nothing is written or deleted there).
fn refused_in_ci(what: &str) -> bool {
    if runner::in_ci() {
        errln!(
            "error: the CI variable is set: {what}, and goti writes or deletes no snapshot in CI; run it on your machine and commit the result (or unset CI)"
        );
        return true;
    }
    false
}

/// `accept`: promote every `.snap.new` under the given folders
/// (`defaulted`: the project's folders, as no path was given).
pub fn accept(paths: &[PathBuf], defaulted: bool) -> i32 {
    if refused_in_ci("`goti accept` writes snapshot files") {
        return 2;
    }
    let mut n = 0;
    for dir in paths {
        if !dir.exists() {
            errln!("error: no such file or folder: {}", crate::shown::path(dir));
            return 2;
        }
        if let Some(link) = runner::snapshot::linked_part(dir) {
            errln!(
                "error: {} is a symbolic link; goti accepts snapshots only inside the tree",
                crate::shown::path(&link)
            );
            return 2;
        }
        let pending = if dir.is_file() {
            vec![dir.clone()]
        } else {
            runner::snapshot::pending_under(dir)
        };
        for pending in pending {
            match runner::snapshot::accept(&pending) {
                Ok(target) => {
                    outln!("accepted {}", crate::shown::path(&target));
                    n += 1;
                }
                Err(e) => {
                    errln!("error: cannot accept {}: {e}", crate::shown::path(&pending));
                    return 2;
                }
            }
        }
    }
    if n == 0 && defaulted {
        // Nothing in the default folders, yet snapshots wait elsewhere here.
        let elsewhere = runner::snapshot::pending_under(std::path::Path::new("."));
        if let Some(first) = elsewhere.first() {
            errln!(
                "error: no snapshot accepted in the default folders, but {} pending snapshot(s) lie under the working folder, e.g. {}: run `goti accept {}` (or name its folder)",
                elsewhere.len(),
                crate::shown::path(first),
                crate::shown::path(first)
            );
            return 1;
        }
    }
    let searched: Vec<String> = paths
        .iter()
        .map(|p| crate::shown::path(p).to_string())
        .collect();
    if searched.is_empty() {
        outln!("{n} snapshot(s) accepted: no `snapshots/` folder lies beside any scenario file");
    } else {
        outln!(
            "{n} snapshot(s) accepted (searched {})",
            searched.join(", ")
        );
    }
    0
}

/// `snapshots`: the orphaned snapshots, removed with `prune`.
pub fn snapshots(paths: &[PathBuf], prune: bool, dry_run: bool) -> i32 {
    let files = match scenario_files(paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let opts = RunOptions {
        validate_only: true,
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let reports = runner::play_each(&files, None, None, &opts);
    let orphans = runner::snapshot::orphans(paths, &reports);
    if prune && !dry_run {
        if refused_in_ci("`goti snapshots --prune` deletes snapshot files") {
            return 2;
        }
        if let Some(link) = orphans
            .iter()
            .find_map(|o| runner::snapshot::linked_part(o))
        {
            errln!(
                "error: {} is a symbolic link; goti deletes snapshots only inside the tree",
                crate::shown::path(&link)
            );
            return 2;
        }
    }
    for o in &orphans {
        if prune && !dry_run {
            if let Err(e) = std::fs::remove_file(o) {
                errln!("error: cannot remove {}: {e}", crate::shown::path(o));
                return 2;
            }
            outln!("removed {}", crate::shown::path(o));
        } else {
            outln!("orphaned {}", crate::shown::path(o));
        }
    }
    let verb = if prune && !dry_run {
        "removed"
    } else {
        "orphaned"
    };
    outln!("{} snapshot(s) {verb}", orphans.len());
    0
}

/// `coverage`: for each ruleset, rule ID -> scenarios that exercise it.
pub fn coverage(
    paths: Vec<PathBuf>,
    select: &super::report::SelectArgs,
    layers: crate::runner::play::ruleset::RuleLayers,
    verbose: bool,
) -> i32 {
    use crate::engine::GameKind;
    let (_, files, sel) = match super::report::selected_files(paths, select) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let opts = super::context::options(
        RunOptions {
            skip_snapshots: true,
            select: std::sync::Arc::new(sel),
            ..RunOptions::default()
        },
        layers,
    );
    let mut selected = 0;
    let games = GameKind::ALL;
    let mut by_rule: Vec<std::collections::BTreeMap<&str, Vec<String>>> = games
        .iter()
        .map(|g| g.catalogue().iter().map(|r| (r.id.0, Vec::new())).collect())
        .collect();
    let mut failing = Vec::new();
    for report in runner::play_each(&files, None, None, &opts) {
        // A file that failed as a whole (unreadable, no scenario) is a failure too.
        for d in &report.file_problems {
            failing.push(format!("{}: {}", d.location(), d.message));
        }
        selected += report.scenarios.len();
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
    if selected == 0 && !opts.select.is_everything() && !select.allow_empty {
        errln!("error: the selection matched no scenario (--allow-empty to accept that)");
        return 2;
    }
    let mut gaps = Vec::new();
    let mut total = 0;
    for (gi, game) in games.iter().enumerate() {
        let catalogue = game.catalogue();
        total += catalogue.len();
        outln!("== {} ({} rule IDs)", game.name(), catalogue.len());
        for info in catalogue {
            let list = &by_rule[gi][info.id.0];
            if list.is_empty() {
                gaps.push(format!("{}:{}", game.name(), info.id.0));
                outln!("{:<26} MISSING  {}", info.id.0, info.text);
            } else if verbose {
                outln!("{:<26} {:>4} scenario(s)", info.id.0, list.len());
                for who in list {
                    outln!("    {who}");
                }
            } else {
                outln!(
                    "{:<26} {:>4} scenario(s), e.g. {}",
                    info.id.0,
                    list.len(),
                    list[0]
                );
            }
        }
    }
    for f in &failing {
        outln!("not counted (failing): {f}");
    }
    outln!("{} of {} rule IDs covered", total - gaps.len(), total);
    if gaps.is_empty() && failing.is_empty() {
        0
    } else {
        if !gaps.is_empty() {
            outln!("gaps: {}", gaps.join(", "));
        }
        1
    }
}

/// `fmt`: lays the scenario files out; with `check`, only says which would change.
pub fn fmt(paths: &[PathBuf], check: bool) -> i32 {
    let files = match scenario_files(paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut changed = 0;
    for f in &files {
        let bytes = match runner::files::read_limited(&f.path, runner::files::MAX_SCENARIO_BYTES) {
            Ok(b) => b,
            Err(e) => {
                errln!("error: cannot read {}: {e}", crate::shown::path(&f.path));
                return 2;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            errln!("error: {} is not UTF-8 text", crate::shown::path(&f.path));
            return 2;
        };
        let laid = crate::dsl::format::format(&text);
        if laid == text {
            continue;
        }
        changed += 1;
        if check {
            outln!("would reformat {}", crate::shown::path(&f.path));
        } else if let Err(e) = runner::snapshot::write_atomic(&f.path, laid.as_bytes()) {
            errln!("error: cannot write {}: {e}", crate::shown::path(&f.path));
            return 2;
        } else {
            outln!("reformatted {}", crate::shown::path(&f.path));
        }
    }
    if check {
        outln!("{changed} of {} file(s) would change", files.len());
        i32::from(changed > 0)
    } else {
        outln!("{changed} of {} file(s) reformatted", files.len());
        0
    }
}
