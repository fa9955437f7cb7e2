//! `goti run` and `goti check`: scenario files played on every core (in
//! file and scenario order, the same output as one core), then reported as
//! text, JSON lines, JUnit XML or GitHub annotations; `--output FILE`
//! writes a report while the terminal gets text.

use super::error::CliError;
pub use super::reporters::Format;
use super::reporters::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use super::output::{one_line, render, scenario_files};
use crate::runner::select::{file_and_line, NameFilter, Selection};
use crate::runner::{self, FileReport, Found, RunOptions};

/// Which scenarios to play.
#[derive(Args, Debug, Clone, Default)]
pub struct SelectArgs {
    #[command(flatten)]
    pub pick: ScenarioSelect,
    /// Only shard K of N (a stable hash of each scenario's file and name);
    /// `goti merge` puts the shards' JSON results together. Default: Bazel's
    /// TEST_SHARD_INDEX / TEST_TOTAL_SHARDS when both are set.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::runner::shard::Shard>,
}

impl SelectArgs {
    /// The scenarios `pick` picks, every shard.
    pub fn of(pick: &ScenarioSelect) -> SelectArgs {
        SelectArgs {
            pick: pick.clone(),
            shard: None,
        }
    }
}

/// Which scenarios: the selection flags every command that picks
/// scenarios takes (`goti run`, `explain`, `diff`, ...).
#[derive(Args, Debug, Default, Clone)]
pub struct ScenarioSelect {
    /// Only scenarios with this tag (repeatable: any of them; case-insensitive).
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
    /// With several --tag: only scenarios with all of them.
    #[arg(long)]
    pub all_tags: bool,
    /// Leave out scenarios with this tag (repeatable).
    #[arg(long = "skip-tag", value_name = "TAG")]
    pub skip_tags: Vec<String>,
    /// Only scenarios whose name contains TEXT (case-insensitive), or
    /// matches `/REGEX/`.
    #[arg(long, value_name = "TEXT")]
    pub name: Option<String>,
    /// Succeed when the selection matches no scenario (else an error).
    #[arg(long)]
    pub allow_empty: bool,
}

/// A selection that picked nothing is an error (an oracle is loud: a
/// filter that matches nothing is not a success), unless --allow-empty.
pub fn picked_some(
    selected: usize,
    sel: &Selection,
    pick: &ScenarioSelect,
) -> Result<(), CliError> {
    if selected == 0 && !sel.is_everything() && !pick.allow_empty {
        return Err(CliError::new(
            "the selection matched no scenario (--allow-empty to accept that)",
        ));
    }
    Ok(())
}

/// How to report.
#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report in --format to FILE, and text to the terminal.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The paths to search and the selection: `FILE:LINE` arguments become a
/// file and a line.
pub fn selection(
    paths: Vec<PathBuf>,
    args: &SelectArgs,
) -> Result<(Vec<PathBuf>, Selection), String> {
    let mut sel = Selection {
        tags: args.pick.tags.iter().flat_map(|t| split_list(t)).collect(),
        all_tags: args.pick.all_tags,
        skip_tags: args
            .pick
            .skip_tags
            .iter()
            .flat_map(|t| split_list(t))
            .collect(),
        name: args
            .pick
            .name
            .as_deref()
            .map(NameFilter::parse)
            .transpose()?,
        lines: Vec::new(),
        shard: super::sharding::shard_of(args.shard)?,
    };
    let mut out = Vec::new();
    for p in paths {
        match file_and_line(&p) {
            Some((file, line)) => {
                sel.lines.push((file.clone(), line));
                out.push(file);
            }
            None => out.push(p),
        }
    }
    Ok((out, sel))
}

/// The selection and the scenario files it searches: `selection`, then the
/// files under its paths (errors said; the exit code returned).
pub fn selected_files(
    paths: Vec<PathBuf>,
    select: &SelectArgs,
) -> Result<(Vec<PathBuf>, Vec<Found>, Selection), CliError> {
    let (paths, sel) = selection(paths, select)?;
    let files = scenario_files(&paths)?;
    Ok((paths, files, sel))
}

/// `a,b` or `a` as lower-case words.
fn split_list(t: &str) -> Vec<String> {
    t.split(',')
        .map(|x| x.trim().to_lowercase())
        .filter(|x| !x.is_empty())
        .collect()
}

/// `run` and `check`: the exit code.
pub fn run(
    paths: Vec<PathBuf>,
    select: &SelectArgs,
    opts: RunOptions,
    args: &ReportArgs,
    check: bool,
    color: bool,
) -> Result<i32, CliError> {
    if let Some(o) = &args.output {
        crate::runner::snapshot::check_output(o).map_err(|e| CliError(format!("-o {e}")))?;
    }
    let (paths, files, sel) = selected_files(paths, select)?;
    let opts = RunOptions {
        select: Arc::new(sel),
        ..opts
    };
    let mut reports = runner::play_each(&files, None, None, &opts);
    let mut claimed = std::collections::HashMap::new();
    let mut applied = Vec::new();
    for r in &mut reports {
        runner::snapshot::claim(r, &mut claimed);
        applied.extend(r.scenarios.iter().map(|s| (s.game, s.sets_applied.clone())));
    }
    let selected: usize = reports.iter().map(|r| r.scenarios.len()).sum();
    picked_some(selected, &opts.select, &select.pick)?;
    match super::context::check_sets(&opts.layers, &applied) {
        Ok(notes) => {
            for n in notes {
                errln!("note: {n}");
            }
        }
        Err(e) => {
            return Err(e.into());
        }
    }
    let hidden: usize = reports.iter().map(|r| r.hidden_problems).sum();
    if hidden > 0 {
        errln!(
            "note: {hidden} more problem(s) not shown: past {} diagnostics in a file, each failing scenario shows its first",
            runner::MAX_SHOWN_PER_FILE
        );
    }
    if opts.select.is_everything() && !check {
        let orphans = runner::snapshot::orphans(&paths, &reports);
        if !orphans.is_empty() {
            errln!(
                "warning: {} snapshot(s) no scenario writes any more, e.g. {} (`goti snapshots --prune` removes them)",
                orphans.len(),
                orphans[0].display()
            );
        }
    }
    let word = if check { "checked" } else { "passed" };
    let on_terminal = if args.output.is_some() {
        Format::Text
    } else {
        args.format
    };
    // A shard's JSON opens with what `goti merge` checks.
    let header = opts.select.shard.map(|s| {
        let rules = super::sharding::fingerprint(&opts.layers);
        super::sharding::shard_header(if check { "check" } else { "run" }, s, &rules) + "\n"
    });
    if let (Some(h), Format::Json) = (&header, on_terminal) {
        out!("{h}");
    }
    let tally = print(&reports, on_terminal, color, word);
    if let Some(file) = &args.output {
        let mut body = format_report(&reports, args.format, word);
        if let (Some(h), Format::Json) = (&header, args.format) {
            body.insert_str(0, h);
        }
        if let Err(e) = runner::snapshot::write_output(file, body.as_bytes()) {
            return Err(CliError(format!(
                "cannot write {}: {e}",
                crate::shown::path(file)
            )));
        }
    }
    if tally.unreadable {
        Ok(2)
    } else if tally.failed > 0 {
        Ok(1)
    } else {
        Ok(0)
    }
}

/// Prints the reports in `format` on standard output.
fn print(reports: &[FileReport], format: Format, color: bool, word: &str) -> Tally {
    if format == Format::Github {
        // goti's own `::error` annotations: around the output net (the
        // report made every fragment safe itself).
        let body = format_report(reports, format, word);
        annotation!("{}", body.trim_end_matches('\n'));
        return tally(reports);
    }
    if format != Format::Text {
        out!("{}", format_report(reports, format, word));
        return tally(reports);
    }
    for r in reports {
        for d in &r.file_problems {
            out!("FAIL {}\n{}", d.location(), render(d, color));
        }
        for sc in &r.scenarios {
            let status = if sc.passed() { "ok  " } else { "FAIL" };
            outln!(
                "{status} {}:{} {}",
                one_line(&r.source.name),
                sc.line,
                one_line(&sc.name)
            );
            for d in &sc.problems {
                out!("{}", render(d, color));
            }
        }
    }
    let t = tally(reports);
    outln!("{} {word}, {} failed", t.passed, t.failed);
    t
}

/// `goti list`: every selected scenario's place, name and tags.
pub fn list(paths: Vec<PathBuf>, select: &SelectArgs, json: bool) -> Result<i32, CliError> {
    let (_, files, sel) = selected_files(paths, select)?;
    let mut n = 0;
    for f in &files {
        let bytes = match runner::files::read_limited(&f.path, runner::files::MAX_SCENARIO_BYTES) {
            Ok(b) => b,
            Err(e) => {
                return Err(CliError(format!(
                    "cannot read {}: {e}",
                    crate::shown::path(&f.path)
                )));
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let (source, file) = runner::parse_text(&f.path.display().to_string(), &text);
        for (i, sc) in file.scenarios.iter().enumerate() {
            if !sel.selects(Path::new(&f.path), &file, i, |at| source.line_of(at)) {
                continue;
            }
            n += 1;
            let line = source.line_of(sc.span.start);
            let tags = runner::select::tags_of(&file.header, &sc.statements);
            if json {
                outln!(
                    "{}",
                    crate::shown::json(
                        &serde_json::json!({"file": source.name, "line": line, "scenario": sc.name.value, "tags": tags})
                    )
                );
            } else if tags.is_empty() {
                outln!(
                    "{}:{line} {}",
                    one_line(&source.name),
                    one_line(&sc.name.value)
                );
            } else {
                outln!(
                    "{}:{line} {} [{}]",
                    one_line(&source.name),
                    one_line(&sc.name.value),
                    one_line(&tags.join(", "))
                );
            }
        }
    }
    if n == 0 && !sel.is_everything() && !select.pick.allow_empty {
        return Err(CliError::new(
            "the selection matched no scenario (--allow-empty to accept that)",
        ));
    }
    Ok(0)
}

/// Plays `files` one after the other and writes the report page to
/// `output` as it goes (the sections to a temporary file, then head,
/// sections and foot into the page, atomically): the scenarios reported
/// and whether any failed. Memory holds one file's report at a time.
fn stream_page(
    files: &[Found],
    opts: &RunOptions,
    output: &Path,
) -> std::io::Result<(usize, bool)> {
    use std::io::{BufWriter, Seek, Write};
    let dir = output
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut sections = BufWriter::new(tempfile::tempfile_in(dir)?);
    let mut head = super::page::PageHead::default();
    let (mut selected, mut failed) = (0, false);
    for f in files {
        let r = runner::play_one(f, None, opts);
        selected += r.scenarios.len();
        failed |= !r.passed();
        head.add(&r);
        sections.write_all(super::page::page_sections(&r).as_bytes())?;
    }
    let mut sections = sections.into_inner().map_err(|e| e.into_error())?;
    sections.rewind()?;
    let mut page = tempfile::Builder::new()
        .prefix(".goti-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    {
        let mut w = BufWriter::new(page.as_file_mut());
        w.write_all(head.html().as_bytes())?;
        std::io::copy(&mut sections, &mut w)?;
        w.write_all(super::page::page_foot(&head.renamed).as_bytes())?;
        w.flush()?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(output).map_or(0o644, |m| m.permissions().mode() & 0o777);
        page.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    page.as_file().sync_all()?;
    // A FIFO or a device named as the page is written in place, never replaced.
    runner::snapshot::persist_output(page, output)?;
    Ok((selected, failed))
}

/// `report`: plays the selection with transcripts and writes the HTML page.
pub fn html(
    paths: Vec<PathBuf>,
    select: &SelectArgs,
    layers: crate::runner::play::ruleset::RuleLayers,
    output: &Path,
) -> Result<i32, CliError> {
    if output
        .extension()
        .is_none_or(|x| !x.eq_ignore_ascii_case("html"))
    {
        return Err(CliError(format!(
            "-o {}: name the report `.html`",
            crate::shown::path(output)
        )));
    }
    crate::runner::snapshot::check_output(output).map_err(|e| CliError(format!("-o {e}")))?;
    let (_, files, sel) = selected_files(paths, select)?;
    // The page keeps per scenario only what it shows (the first and last
    // steps, the final board) and is written file by file, in order.
    let opts = super::context::options(
        RunOptions {
            explain: true,
            select: Arc::new(sel),
            limits: runner::play::TranscriptLimits {
                steps: Some(super::output::SHOWN_STEPS),
                pictured: Some(0),
                budget: Some(Arc::new(std::sync::atomic::AtomicUsize::new(
                    super::output::MAX_BOARDS,
                ))),
                brief: true,
                ..Default::default()
            },
            ..RunOptions::default()
        },
        layers,
    );
    let written = stream_page(&files, &opts, output);
    let (selected, failed) = match written {
        Ok(counts) => counts,
        Err(e) => {
            return Err(CliError(format!(
                "cannot write {}: {e}",
                crate::shown::path(output)
            )));
        }
    };
    if selected == 0 && !select.pick.allow_empty {
        return Err(CliError::new(
            "no scenario to report (--allow-empty to accept that)",
        ));
    }
    outln!(
        "wrote {} ({selected} scenarios, {})",
        crate::shown::path(output),
        if failed { "some failed" } else { "all passed" }
    );
    Ok(i32::from(failed))
}
