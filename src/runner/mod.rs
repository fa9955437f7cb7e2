//! Runs scenario files: reads them, parses, plays every scenario, checks
//! expectations and snapshots. Reads and writes files, never prints.

pub mod base;
pub mod diagnostic;
pub mod diff;
mod discover;
pub mod files;
mod folding;
pub mod games;
pub mod play;
pub mod position;
pub mod project;
pub mod render;
pub mod revision;
pub mod select;
pub mod shard;
pub mod snapshot;
pub mod trace;

use crate::error::{Error, ErrorKind};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::dsl::ast::{Scenario, Span};
use crate::dsl::{parse_file, MAX_FILE_BYTES};

pub use diagnostic::{Diagnostic, Kind, Source};
pub use discover::*;
pub use folding::*;
pub use play::{CheckResult, RunOptions, ScenarioReport, StepEvents, StepRecord, TranscriptStep};

/// The result of one file.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub path: PathBuf,
    pub source: Source,
    /// Problems that belong to no scenario (unreadable file, text before
    /// the first scenario).
    pub file_problems: Vec<Diagnostic>,
    pub scenarios: Vec<ScenarioReport>,
    /// Problems past the diagnostics a file shows (each failing scenario
    /// still shows its first).
    pub hidden_problems: usize,
    /// The snapshot files the file's scenarios write (all of them, played or not).
    pub snapshot_files: Vec<PathBuf>,
}

impl FileReport {
    pub fn passed(&self) -> bool {
        self.file_problems.is_empty() && self.scenarios.iter().all(|s| s.passed())
    }

    /// The verdict on the scenario `name` of a run limited to it (a harness
    /// with one test per scenario): its problems and the file's own (goti
    /// failing on the file among them). A run that played no scenario of
    /// that name fails: a check that checked nothing is not a pass.
    pub fn verdict_of(&self, name: &str) -> Result<(), Vec<&Diagnostic>> {
        let problems: Vec<&Diagnostic> = self
            .file_problems
            .iter()
            .chain(self.scenarios.iter().flat_map(|s| s.problems.iter()))
            .collect();
        if !problems.is_empty() {
            return Err(problems);
        }
        if !self.scenarios.iter().any(|s| s.name == name) {
            return Err(Vec::new());
        }
        Ok(())
    }
}

/// The one way goti plays files (every command calls it): each of `files`
/// under every option set `runs` gives it, read and parsed once, the
/// project root set to the file's own; in parallel on `jobs` threads
/// (`None`: every core), the results in file order, one report per run.
/// `only` limits every run to the scenario of that name.
pub fn play_files<F>(
    files: &[Found],
    jobs: Option<usize>,
    only: Option<&str>,
    runs: F,
) -> Vec<Vec<FileReport>>
where
    F: Fn(&Found) -> Vec<RunOptions> + Sync,
{
    play_files_then(files, jobs, only, runs, |reports| reports)
}

/// [`play_files`], each file's reports handed to `then` on the thread that
/// played them, as soon as they are made (so a caller that keeps less than
/// the reports, as `goti diff` does, never holds them all): `then`'s results
/// in file order.
pub fn play_files_then<F, T, R>(
    files: &[Found],
    jobs: Option<usize>,
    only: Option<&str>,
    runs: F,
    then: T,
) -> Vec<R>
where
    F: Fn(&Found) -> Vec<RunOptions> + Sync,
    T: Fn(Vec<FileReport>) -> R + Sync,
    R: Send,
{
    use rayon::prelude::*;
    let one = |f: &Found| {
        let opts: Vec<RunOptions> = runs(f)
            .into_iter()
            .map(|o| RunOptions {
                root: Some(std::sync::Arc::from(f.root.as_path())),
                ..o
            })
            .collect();
        let refs: Vec<&RunOptions> = opts.iter().collect();
        then(run_file_under(&f.path, &refs, only))
    };
    let parallel = || files.par_iter().map(one).collect();
    match jobs {
        // One thread: this one, file after file.
        Some(1) => files.iter().map(one).collect(),
        None => parallel(),
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => pool.install(parallel),
            Err(_) => parallel(),
        },
    }
}

/// [`play_files`] under one option set: one report per file.
pub fn play_each(
    files: &[Found],
    jobs: Option<usize>,
    only: Option<&str>,
    opts: &RunOptions,
) -> Vec<FileReport> {
    // A picture budget is spent in file order, so the same steps are drawn
    // on every run: its files are played one after another.
    let jobs = if opts.limits.budget.is_some() {
        Some(1)
    } else {
        jobs
    };
    play_files(files, jobs, only, |_| vec![opts.clone()])
        .into_iter()
        .map(|mut one| {
            one.pop()
                .unwrap_or_else(|| unreachable!("one run gives one report"))
        })
        .collect()
}

/// [`play_each`] of one file on this thread: its report.
pub fn play_one(file: &Found, only: Option<&str>, opts: &RunOptions) -> FileReport {
    play_each(std::slice::from_ref(file), Some(1), only, opts)
        .pop()
        .unwrap_or_else(|| unreachable!("one file gives one report"))
}

/// Reads and parses one file once and plays it under each of `runs`.
fn run_file_under(path: &Path, runs: &[&RunOptions], only: Option<&str>) -> Vec<FileReport> {
    guarded(path, runs.len(), || {
        run_file_under_unguarded(path, runs, only)
    })
}

fn run_file_under_unguarded(
    path: &Path,
    runs: &[&RunOptions],
    only: Option<&str>,
) -> Vec<FileReport> {
    let name = path.display().to_string();
    let bytes = match files::read_limited(path, files::MAX_SCENARIO_BYTES) {
        Ok(b) => b,
        Err(_) => return runs.iter().map(|o| run_file(path, o, only)).collect(),
    };
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let (source, file) = parse_text(&name, text);
            runs.iter()
                .map(|o| run_parsed(&source, &file, path, o, only))
                .collect()
        }
        Err(_) => runs.iter().map(|o| run_file(path, o, only)).collect(),
    }
}

/// Runs `run`, and should goti fail on the file (a panic: a bug of goti's),
/// reports the file as an internal error with its name, so one file never
/// takes the other files' reports down.
pub(crate) fn guarded(
    path: &Path,
    runs: usize,
    run: impl FnOnce() -> Vec<FileReport>,
) -> Vec<FileReport> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(v) => v,
        Err(panic) => {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "no message".into());
            (0..runs)
                .map(|_| {
                    let source = Source::new(path.display().to_string(), String::new());
                    let d = Diagnostic::new(
                        Kind::Internal,
                        &source,
                        Span::default(),
                        format!("goti failed on this file (an internal error): {why}"),
                        "internal error",
                    )
                    .help(
                        "this is a bug of goti's, not of the file: please report it with the file",
                    );
                    FileReport {
                        path: path.to_path_buf(),
                        source,
                        file_problems: vec![d],
                        scenarios: vec![],
                        hidden_problems: 0,
                        snapshot_files: vec![],
                    }
                })
                .collect()
        }
    }
}

/// Reads and runs one file; `only` limits it to the scenario of that name.
/// A failure of goti's own is this file's internal error (see [`guarded`]).
fn run_file(path: &Path, opts: &RunOptions, only: Option<&str>) -> FileReport {
    guarded(path, 1, || vec![run_file_unguarded(path, opts, only)])
        .pop()
        .unwrap_or_else(|| unreachable!("one run gives one report"))
}

fn run_file_unguarded(path: &Path, opts: &RunOptions, only: Option<&str>) -> FileReport {
    let name = path.display().to_string();
    match files::read_limited(path, files::MAX_SCENARIO_BYTES) {
        Err(e) => {
            let source = Source::new(name, String::new());
            let d = Diagnostic::new(
                Kind::Unreadable,
                &source,
                Span::default(),
                format!("cannot read {}: {e}", path.display()),
                "unreadable",
            );
            FileReport {
                path: path.to_path_buf(),
                source,
                file_problems: vec![d],
                scenarios: vec![],
                hidden_problems: 0,
                snapshot_files: vec![],
            }
        }
        Ok(bytes) => run_bytes(&name, &bytes, path, opts, only),
    }
}

/// Runs scenario text given as bytes (not necessarily UTF-8).
pub fn run_bytes(
    name: &str,
    bytes: &[u8],
    path: &Path,
    opts: &RunOptions,
    only: Option<&str>,
) -> FileReport {
    if bytes.len() > MAX_FILE_BYTES {
        let source = Source::new(name, String::new());
        let d = Diagnostic::new(
            Kind::Io,
            &source,
            Span::default(),
            format!(
                "{name} is {} bytes; goti reads scenario files of at most {MAX_FILE_BYTES} bytes",
                bytes.len()
            ),
            "file too large",
        )
        .help("split the scenarios over several files");
        return FileReport {
            path: path.to_path_buf(),
            source,
            file_problems: vec![d],
            scenarios: vec![],
            hidden_problems: 0,
            snapshot_files: vec![],
        };
    }
    // A UTF-8 byte order mark is not part of the text.
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => run_text(name, text, path, opts, only),
        Err(e) => {
            let source = Source::new(name, String::from_utf8_lossy(bytes).into_owned());
            let at = String::from_utf8_lossy(&bytes[..e.valid_up_to()]).len();
            let d = Diagnostic::new(
                Kind::Io,
                &source,
                Span::new(at, at + 1),
                "the file is not valid UTF-8 text",
                "invalid byte here",
            )
            .help("save the file as UTF-8");
            FileReport {
                path: path.to_path_buf(),
                source,
                file_problems: vec![d],
                scenarios: vec![],
                hidden_problems: 0,
                snapshot_files: vec![],
            }
        }
    }
}

/// Parses and runs scenario text.
pub fn run_text(
    name: &str,
    text: &str,
    path: &Path,
    opts: &RunOptions,
    only: Option<&str>,
) -> FileReport {
    let (source, file) = parse_text(name, text);
    run_parsed(&source, &file, path, opts, only)
}

/// A file's text made safe to show and parsed: once, however often it is
/// played (`goti diff` plays every file twice).
pub fn parse_text(name: &str, text: &str) -> (Source, crate::dsl::ast::ScenarioFile) {
    let text = &*crate::shown::display_safe(text);
    let name = &*crate::shown::display_safe(name);
    (Source::new(name, text), parse_file(text))
}

/// Plays a parsed file.
pub fn run_parsed(
    source: &Source,
    file: &crate::dsl::ast::ScenarioFile,
    path: &Path,
    opts: &RunOptions,
    only: Option<&str>,
) -> FileReport {
    let source = source.clone();
    let name = source.name.as_str();
    let mut report = FileReport {
        path: path.to_path_buf(),
        source: source.clone(),
        file_problems: vec![],
        scenarios: vec![],
        hidden_problems: 0,
        snapshot_files: vec![],
    };
    let starts: Vec<usize> = file.scenarios.iter().map(|s| s.span.start).collect();
    // Syntax errors go to the scenario they fall in.
    let mut by_scenario: Vec<Vec<Diagnostic>> = vec![Vec::new(); file.scenarios.len()];
    for e in &file.errors {
        let d = Diagnostic::from_problem(Kind::Syntax, &source, e);
        match starts
            .partition_point(|&s| s <= e.span.start)
            .checked_sub(1)
        {
            Some(i) => by_scenario[i].push(d),
            None => report.file_problems.push(d),
        }
    }
    if file.scenarios.is_empty() && file.errors.is_empty() {
        report.file_problems.push(
            Diagnostic::new(
                Kind::Syntax,
                &source,
                Span::default(),
                format!("{name} holds no scenario"),
                "empty",
            )
            .help("start a scenario with `scenario \"what it shows\"`"),
        );
    }
    let collisions = snapshot_collisions(&file.scenarios, path, &source);
    report.snapshot_files = snapshot::statements(&file.scenarios, path)
        .into_iter()
        .map(|(_, _, p, _)| p)
        .collect();
    let mut header_reported = false;
    let mut names: HashMap<&str, usize> = HashMap::new();
    // What the file's `expect perft`s may visit together (play::expect).
    let mut perft_left = play::FILE_PERFT_NODES;
    for (i, sc) in file.scenarios.iter().enumerate() {
        if only.is_some_and(|o| o != sc.name.value) {
            continue;
        }
        if !opts.select.selects(path, file, i, |at| source.line_of(at)) {
            continue;
        }
        let mut problems = std::mem::take(&mut by_scenario[i]);
        problems.extend(
            collisions
                .iter()
                .filter(|(j, _)| *j == i)
                .map(|(_, d)| d.clone()),
        );
        if let Some(first) = names.insert(&sc.name.value, sc.span.start) {
            let (line, _) = source.line_col(first);
            problems.push(
                Diagnostic::new(
                    Kind::Syntax,
                    &source,
                    sc.name.span,
                    format!(
                        "a scenario named \"{}\" is already in this file (line {line})",
                        sc.name.value
                    ),
                    "name used twice",
                )
                .help("scenario names are unique within a file"),
            );
        }
        // The file's header stands before the scenario's own statements.
        let from_file = file.header.len();
        let with_header = Scenario {
            statements: file.header.iter().chain(&sc.statements).cloned().collect(),
            ..sc.clone()
        };
        let sc = &with_header;
        let sc_report = if problems.is_empty() {
            play::play(sc, from_file, &source, path, opts, &mut perft_left)
        } else {
            // Still validate what did parse, so every problem shows at once.
            let check_only = RunOptions {
                validate_only: true,
                skip_snapshots: true,
                explain: false,
                write_snapshots: false,
                root: opts.root.clone(),
                layers: opts.layers.clone(),
                record: false,
                select: opts.select.clone(),
                limits: Default::default(),
                keep_end: false,
                until_line: None,
                end_always: false,
                caches: opts.caches.clone(),
            };
            let mut r = play::play(sc, from_file, &source, path, &check_only, &mut perft_left);
            // A player count error there only echoes lines lost to syntax errors.
            r.problems.retain(|d| {
                !(d.rule == Some(r.game.vocabulary().players_rule) && d.span == sc.span)
            });
            problems.append(&mut r.problems);
            problems.sort_by_key(|d| d.span.start);
            r.problems = problems;
            r.rules_applied.clear();
            r
        };
        let mut sc_report = sc_report;
        if header_reported {
            // Problems of the file's header are reported with the first scenario only.
            let header_end = file.scenarios.first().map_or(0, |s| s.span.start);
            let before = sc_report.problems.len();
            sc_report
                .problems
                .retain(|d| !(d.source.name == source.name && d.span.start < header_end));
            let removed = before - sc_report.problems.len();
            if removed > 0 {
                let mut d = Diagnostic::new(
                    Kind::Setup,
                    &source,
                    sc.name.span,
                    format!(
                        "the file's header has {removed} problem(s), shown with the first scenario"
                    ),
                    "this scenario uses the file's header",
                );
                d.brief = true;
                sc_report.problems.push(d);
            }
        }
        header_reported = true;
        report.scenarios.push(sc_report);
    }
    cap_diagnostics(&mut report);
    report
}

/// Whether this process runs in CI, where no snapshot file is written or
/// deleted: the `CI` variable is set to anything but the empty string, `0`
/// or `false` (in any case).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| {
        let v = v.trim();
        !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-scenario verdict fails when goti failed on the file (the
    /// report then has the file's internal error and no scenario) and when
    /// no scenario of the name was played. The scenario harness once read
    /// only the scenarios' problems, so an engine panic passed every test
    /// of its file (found by cargo-mutants: `guards[n as usize / 1]`).
    #[test]
    fn a_panic_or_a_missing_scenario_is_not_a_pass() {
        let path = Path::new("x.goti");
        let crashed = guarded(path, 1, || panic!("index out of bounds")).remove(0);
        assert!(!crashed.passed());
        let problems = crashed.verdict_of("any").unwrap_err();
        assert!(
            problems[0].message.contains("goti failed on this file"),
            "{}",
            problems[0].message
        );
        let report = run_text(
            "x.goti",
            "scenario \"here\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 2\nexpect P1 G1 on 28\n",
            path,
            &RunOptions {
                skip_snapshots: true,
                ..RunOptions::default()
            },
            None,
        );
        assert!(report.verdict_of("here").is_ok());
        assert!(report.verdict_of("elsewhere").unwrap_err().is_empty());
    }

    /// A picture budget shared by several files is spent in file order:
    /// the first file's steps are drawn, the later files' are not, on
    /// every run (it once went to whichever file a thread played first).
    #[test]
    fn a_picture_budget_is_spent_in_file_order() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<Found> = (0..8)
            .map(|i| {
                let path = dir.path().join(format!("f{i}.goti"));
                let text = format!(
                    "scenario \"file {i}\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\n"
                );
                std::fs::write(&path, text).unwrap();
                Found {
                    path,
                    root: dir.path().to_path_buf(),
                }
            })
            .collect();
        for _ in 0..10 {
            let opts = RunOptions {
                explain: true,
                skip_snapshots: true,
                limits: play::TranscriptLimits {
                    budget: Some(std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(3))),
                    ..Default::default()
                },
                ..RunOptions::default()
            };
            let drawn: Vec<usize> = play_each(&files, None, None, &opts)
                .iter()
                .map(|r| {
                    assert!(r.scenarios[0].passed(), "{:?}", r.scenarios[0].problems);
                    r.scenarios[0]
                        .transcript
                        .iter()
                        .filter(|t| !t.svg.is_empty())
                        .count()
                })
                .collect();
            // Two steps a file (the set-up and the move): 2 + 1 of 3.
            assert_eq!(drawn, [2, 1, 0, 0, 0, 0, 0, 0], "pictures per file");
        }
    }
}
