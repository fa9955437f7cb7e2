//! `goti diff`: every scenario played under the base rules and the head
//! rules, and what moved, in text, JSON or Markdown (for a pull request).
//! Exits 0 when nothing changed, 1 when something did, 2 on an error.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use super::context::{self, RulesArgs};
use crate::engine::GameKind;
use crate::runner::diff::{self, Change, Report};
use crate::runner::play::ruleset::{LayerSource, RuleLayers};
use crate::runner::project::Project;
use crate::runner::{self, RunOptions};

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

/// The base rules: a git revision of the project's ruleset files, or a
/// ruleset file; the working tree's when neither is given.
fn base_layers(
    project: Option<&Project>,
    base: Option<&str>,
) -> Result<(RuleLayers, String), String> {
    let mut layers = context::layers(project, &RulesArgs::default())?;
    let Some(base) = base else {
        return Ok((layers, "the working tree's rules".into()));
    };
    let as_file = PathBuf::from(base);
    if as_file.is_file() {
        let game = context::game_of_file(&as_file)?;
        layers
            .instead_of_project
            .push((game, LayerSource::File(as_file)));
        return Ok((layers, format!("{base} ({game})")));
    }
    let Some(project) = project.filter(|p| !p.rules.is_empty()) else {
        return Err(format!(
            "--base {base}: not a file, and no goti.yaml names ruleset files to read at a git revision"
        ));
    };
    let top = git(&project.root, &["rev-parse", "--show-toplevel"])?;
    let top = PathBuf::from(top.trim());
    let top = top.canonicalize().unwrap_or(top);
    layers.project.clear();
    let mut shown = Vec::new();
    for (game, path) in &project.rules {
        let rel = path
            .strip_prefix(&top)
            .map_err(|_| format!("{} is outside the repository", path.display()))?;
        let spec = format!("{base}:{}", rel.display());
        match git(&top, &["show", &spec]) {
            Ok(text) => {
                shown.push(spec.clone());
                layers.project.push((
                    *game,
                    LayerSource::Text {
                        name: spec,
                        text: Arc::new(text),
                    },
                ));
            }
            // Not in that revision: the game's built-in rules were the base.
            Err(_) => shown.push(format!("{game} built in ({} not at {base})", rel.display())),
        }
    }
    Ok((layers, shown.join(", ")))
}

/// Runs git in `dir`; its output, or what went wrong.
fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout).map_err(|_| "git printed no UTF-8 text".into())
}

/// `goti diff`: the exit code.
pub fn diff(
    paths: Vec<PathBuf>,
    base: Option<&str>,
    head: Option<PathBuf>,
    sets: Vec<String>,
    format: DiffFormat,
) -> i32 {
    let project = match context::project() {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let head_args = RulesArgs {
        rulesets: head.into_iter().collect(),
        sets,
    };
    let layers = base_layers(project.as_ref(), base)
        .and_then(|b| context::layers(project.as_ref(), &head_args).map(|h| (b, h)));
    let ((base_layers, base_shown), head_layers) = match layers {
        Ok(l) => l,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let paths = context::paths_or_default(paths, project.as_ref());
    let found = match runner::discover_files(&paths, project.as_ref().map(|p| p.root.as_path())) {
        Ok(f) if !f.files.is_empty() => f.files,
        Ok(_) => {
            errln!("error: no scenario files (*.goti) found");
            return 2;
        }
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let pictures = format == DiffFormat::Html;
    let opts = |layers: RuleLayers, root: &Path| RunOptions {
        record: true,
        explain: pictures,
        skip_snapshots: true,
        root: Some(Arc::from(root)),
        layers: Arc::new(layers),
        ..RunOptions::default()
    };
    let mut diffs = Vec::new();
    let mut boards = Vec::new();
    let mut applied: Vec<(GameKind, Vec<String>)> = Vec::new();
    for f in &found {
        let (base_opts, head_opts) = (
            opts(base_layers.clone(), &f.root),
            opts(head_layers.clone(), &f.root),
        );
        let mut both = runner::run_file_under(&f.path, &[&base_opts, &head_opts]);
        let (Some(h), Some(b)) = (both.pop(), both.pop()) else {
            unreachable!("two runs give two reports")
        };
        if !h.file_problems.is_empty() {
            errln!("error: {}: {}", h.source.name, h.file_problems[0].message);
            return 2;
        }
        for (sb, sh) in b.scenarios.iter().zip(&h.scenarios) {
            applied.push((sh.game, sh.sets_applied.clone()));
            let d = diff::compare(&h.source.name, sb, sh);
            if pictures && d.change != Change::Unchanged {
                boards.push(super::page::DiffBoards {
                    base: sb.transcript.clone(),
                    head: sh.transcript.clone(),
                });
            }
            diffs.push(d);
        }
    }
    if let Err(e) = context::check_sets(&head_layers, &applied) {
        errln!("error: {e}");
        return 2;
    }
    let head_shown = describe_head(&head_layers);
    let report = Report::new(diffs);
    match format {
        DiffFormat::Text => text(&report, &base_shown, &head_shown),
        DiffFormat::Markdown => markdown(&report, &base_shown, &head_shown),
        DiffFormat::Html => out!(
            "{}",
            super::page::diff_page(
                &report,
                &boards,
                (&base_shown, &head_shown),
                &summary_line(&report)
            )
        ),
        DiffFormat::Json => outln!(
            "{}",
            serde_json::json!({
                "base": base_shown,
                "head": head_shown,
                "summary": report.summary,
                "by_rule": report.by_rule,
                "changed": report.changed,
            })
        ),
    }
    i32::from(report.any_change())
}

fn describe_head(layers: &RuleLayers) -> String {
    let mut parts = vec!["the working tree's rules".to_string()];
    for (_, src) in &layers.command_line {
        if let LayerSource::File(p) = src {
            parts.push(format!("--head {}", p.display()));
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

fn summary_line(report: &Report) -> String {
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

fn text(report: &Report, base: &str, head: &str) {
    outln!("base: {base}");
    outln!("head: {head}");
    outln!("{}", summary_line(report));
    for kind in KINDS {
        let list: Vec<_> = report.of(kind).collect();
        if list.is_empty() {
            continue;
        }
        outln!("\n{} ({}):", kind.words(), list.len());
        for d in list {
            outln!("  {}:{} {}", d.file, d.line, d.name);
        }
    }
    if !report.by_rule.is_empty() {
        outln!("\nby rule (the rule IDs whose events differ):");
        for (rule, list) in &report.by_rule {
            outln!("  {rule}: {} scenario(s)", list.len());
        }
    }
    for d in &report.changed {
        outln!(
            "\n== {}:{} {} — {}",
            d.file,
            d.line,
            d.name,
            d.change.words()
        );
        for s in &d.steps {
            outln!("-- after line {}: {}", s.line, s.text);
            for l in s.state.lines() {
                outln!("   {l}");
            }
            for e in &s.removed {
                outln!("   - event {}", e.trim());
            }
            for e in &s.added {
                outln!("   + event {}", e.trim());
            }
        }
        if matches!(
            d.change,
            Change::NowFailing | Change::ChangedFailing | Change::Error
        ) {
            for p in &d.problems {
                outln!("   under head: {}", p.lines().next().unwrap_or(""));
            }
        }
    }
}

fn markdown(report: &Report, base: &str, head: &str) {
    outln!("### goti diff\n");
    outln!("- base: {base}\n- head: {head}\n");
    outln!("{}\n", summary_line(report));
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
                "<details><summary><code>{}:{}</code> {}</summary>\n",
                d.file,
                d.line,
                d.name
            );
            outln!("```diff");
            for s in &d.steps {
                outln!("@@ after line {}: {} @@", s.line, s.text);
                for l in s
                    .state
                    .lines()
                    .filter(|l| !l.starts_with("---") && !l.starts_with("+++"))
                {
                    outln!("{l}");
                }
                for e in &s.removed {
                    outln!("- event {}", e.trim());
                }
                for e in &s.added {
                    outln!("+ event {}", e.trim());
                }
            }
            outln!("```\n");
            for p in d
                .problems
                .iter()
                .filter(|_| d.change != Change::ChangedPassing)
            {
                outln!("> {}", p.lines().next().unwrap_or(""));
            }
            outln!("</details>\n");
        }
    }
}
