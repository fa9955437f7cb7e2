//! Untrusted input, second round: one test per class. Nothing goti prints
//! commands a CI runner (a model of the GitHub Actions runner's command
//! parser replays every output; fed the raw payloads, it flags each one);
//! Markdown and JUnit reports stay what they claim; nothing outside the
//! project is read, written or deleted (links, odd names and FIFOs made
//! here); a `goti.yaml` cannot make goti walk without bound; a file goti
//! fails on is reported and the others still are.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn goti_env(dir: &Path, args: &[&str], ci: bool) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_goti"));
    c.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("GITHUB_ACTIONS");
    if ci {
        c.env("CI", "true");
    } else {
        c.env_remove("CI");
    }
    c.output().expect("goti runs")
}

fn goti(dir: &Path, args: &[&str]) -> Output {
    goti_env(dir, args, true)
}

fn all(o: &Output) -> Vec<u8> {
    let mut v = o.stdout.clone();
    v.extend_from_slice(&o.stderr);
    v
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&all(o)).into_owned()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, bytes).unwrap();
}

/// The workflow commands a GitHub Actions runner would read in `log`: a
/// line (ended by `\n`, `\r\n` or a lone `\r`) whose first non-blank
/// characters are `::name`, or that holds `##[name` anywhere.
fn commands(log: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(log);
    let mut out = Vec::new();
    for line in text.split('\n').flat_map(|l| l.split('\r')) {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("::") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if !name.is_empty() && rest[name.len()..].contains("::") {
                out.push(name);
            }
        }
        let mut at = 0;
        while let Some(i) = line[at..].find("##[") {
            let rest = &line[at + i + 3..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if !name.is_empty() {
                out.push(format!("legacy {name}"));
            }
            at += i + 3;
        }
    }
    out
}

/// Payloads a pull request could write, each a workflow command in a form
/// the runner obeys.
const PAYLOADS: &[&str] = &[
    "##[add-mask]FAIL",
    "##[set-output name=x]owned",
    "##[stop-commands]T",
    "::add-mask::FAIL",
    "::set-output name=x::owned",
];

/// A project whose files carry every payload: names, comments, tags, a
/// lone `\r` inside a line, a file name holding a newline, a file that is
/// not UTF-8, a ruleset file with a lone `\r` and an escape.
fn payload_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut goti = String::new();
    for (i, p) in PAYLOADS.iter().enumerate() {
        goti.push_str(&format!(
            "# {p}\nscenario \"{p} {i}\"\ntags t{i}\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 21\n\n"
        ));
    }
    // A lone CR inside a line, then a command: a syntax error quotes it.
    goti.push_str("scenario \"cr\"\nP1 G1 on 40\rerror ::error::x, ##[add-mask]y\n\n");
    goti.push_str("scenario \"yaml\"\nrules file \"bad.yaml\"\nP1 G1 on 40\n");
    write(dir.path(), "scenarios/payload.goti", goti.as_bytes());
    write(
        dir.path(),
        "scenarios/bad.yaml",
        b"extends: royal\njourney:\n  capture_value: \"\x1b[2J\rowned ##[add-mask]FAIL\"\n",
    );
    write(
        dir.path(),
        "scenarios/odd\n::error::name.goti",
        b"scenario \"odd\"\nexpect P1 battle 1\n",
    );
    let mut bytes = b"scenario \"\x1b[31m##[add-mask]FAIL\"\nP1 G1 on 40 \xff\xfe\n".to_vec();
    bytes.extend_from_slice(b"::error::from-invalid-utf8\n");
    write(dir.path(), "scenarios/latin.goti", &bytes);
    dir
}

#[test]
fn no_output_line_is_a_workflow_command_goti_did_not_mean() {
    // The positive control: the model flags every payload as written.
    for p in PAYLOADS {
        assert_eq!(commands(p.as_bytes()).len(), 1, "{p}");
    }
    assert_eq!(
        commands(b"ok\r::error::x").len(),
        1,
        "a lone CR ends a line"
    );
    let dir = payload_project();
    let raw: Vec<u8> = walkdir::WalkDir::new(dir.path())
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .flat_map(|e| std::fs::read(e.path()).unwrap())
        .collect();
    assert!(
        commands(&raw).len() >= PAYLOADS.len() + 3,
        "the payload files command the runner"
    );
    let runs: Vec<Vec<&str>> = vec![
        vec!["run"],
        vec!["run", "--format", "json"],
        vec!["run", "--format", "junit"],
        vec!["run", "--format", "github"],
        vec!["run", "--format", "markdown"],
        vec!["check"],
        vec!["list"],
        vec!["list", "--format", "json"],
        vec!["explain", "scenarios/payload.goti"],
        vec!["explain", "scenarios/payload.goti", "--board"],
        vec!["diff", "--set", "journey.capture_value=21"],
        vec![
            "diff",
            "--set",
            "journey.capture_value=21",
            "--format",
            "json",
        ],
        vec![
            "diff",
            "--set",
            "journey.capture_value=21",
            "--format",
            "markdown",
        ],
        vec![
            "diff",
            "--set",
            "journey.capture_value=21",
            "--format",
            "html",
        ],
        vec!["coverage"],
        vec!["coverage", "--format", "markdown"],
        vec!["fmt", "--check"],
        vec!["snapshots"],
        vec!["explain", "scenarios/payload.goti", "--format", "html"],
    ];
    for args in &runs {
        let o = goti(dir.path(), args);
        let found = commands(&all(&o));
        let expected: Vec<String> = if args.contains(&"github") {
            found.iter().filter(|c| *c == "error").cloned().collect()
        } else {
            Vec::new()
        };
        assert_eq!(found, expected, "goti {args:?}:\n{}", text(&o));
        if args.contains(&"github") {
            assert!(!expected.is_empty(), "goti's own annotations are written");
        }
    }
    // JSON stays exact: the names parse back as written.
    let o = goti(dir.path(), &["list", "--format", "json"]);
    let names: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["scenario"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(
        names.contains(&"##[add-mask]FAIL 0".to_string()),
        "{names:?}"
    );
}

#[test]
fn a_markdown_report_cannot_write_its_own_html() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "scenarios/md.goti",
        b"scenario \"</summary></details><img src=x onerror=alert(1)> [link](http://x) ```\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    );
    let o = goti(
        dir.path(),
        &[
            "diff",
            "--set",
            "journey.capture_value=30",
            "--format",
            "markdown",
        ],
    );
    let md = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{md}");
    assert!(!md.contains("<img"), "{md}");
    assert!(!md.contains("](http"), "{md}");
    assert_eq!(
        md.matches("<details>").count(),
        md.matches("</details>").count()
    );
    assert_eq!(
        md.matches("</summary>").count(),
        md.matches("<summary>").count()
    );
    assert!(md.contains("&#60;img"), "the name is there, escaped: {md}");
    // The job summary of `goti run` (the scenario failing under a changed
    // rule), the same: the name and the problem escaped in its table.
    let o = goti(
        dir.path(),
        &[
            "run",
            "--format",
            "markdown",
            "--set",
            "journey.capture_value=30",
        ],
    );
    let md = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{md}");
    assert!(md.contains("| where | scenario | first problem |"), "{md}");
    assert!(!md.contains("<img") && !md.contains("](http"), "{md}");
    assert!(!md.contains("</summary>") && !md.contains("```"), "{md}");
    assert!(md.contains("&#60;img"), "the name is there, escaped: {md}");
}

#[test]
fn junit_stays_well_formed_xml() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "scenarios/x.goti",
        "scenario \"bad \u{fffe} and \u{ffff} and \u{1} here\"\nexpect P1 battle 1\n\nscenario \"fine <&>\"\nP1 G1 on 40\n"
            .as_bytes(),
    );
    let o = goti(dir.path(), &["run", "--format", "junit"]);
    let xml = String::from_utf8(o.stdout).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    let names: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .filter_map(|n| n.attribute("name"))
        .collect();
    assert_eq!(names.len(), 2, "{xml}");
    assert!(names[1] == "fine <&>", "{names:?}");
}

#[test]
fn nothing_outside_the_project_is_read() {
    let outer = tempfile::tempdir().unwrap();
    write(outer.path(), "secret.env", b"TOKEN=hunter2\n");
    let repo = outer.path().join("repo");
    std::fs::create_dir_all(repo.join("inner")).unwrap();
    write(
        &repo,
        "inner/x.goti",
        b"scenario \"steal\"\nrules file \"../../secret.env\"\nP1 G1 on 40\n",
    );
    // A committed link `scenarios -> ..` (no goti.yaml): the folder above
    // the checkout must not become the project.
    std::os::unix::fs::symlink("..", repo.join("scenarios")).unwrap();
    let o = goti(&repo, &["run", "scenarios"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("leads outside the project"),
        "{}",
        text(&o)
    );
    assert!(!text(&o).contains("hunter2"));
    // The file itself, scanned inside the project: the rules file is refused.
    let o = goti(&repo, &["run", "inner"]);
    assert!(text(&o).contains("outside the project"), "{}", text(&o));
    assert!(!text(&o).contains("hunter2") && !text(&o).contains("TOKEN"));
    // goti.yaml folders obey the same containment as its rules: paths.
    for folders in ["[../]", "[/]", "[inner, ../repo/../..]"] {
        write(
            &repo,
            "goti.yaml",
            format!("scenarios: {folders}\n").as_bytes(),
        );
        let o = goti(&repo, &["run"]);
        assert_eq!(o.status.code(), Some(2), "{folders}: {}", text(&o));
        assert!(
            text(&o).contains("outside the project"),
            "{folders}: {}",
            text(&o)
        );
    }
}

#[test]
fn nothing_outside_the_tree_is_written_or_deleted() {
    let outer = tempfile::tempdir().unwrap();
    let elsewhere = outer.path().join("elsewhere");
    std::fs::create_dir_all(elsewhere.join("snapshots")).unwrap();
    write(
        &elsewhere,
        "keep.snap",
        b"---\nsource: x\nexpression: y\n---\nbody\n",
    );
    write(
        &elsewhere,
        "snapshots/keep.snap",
        b"---\nsource: x\nexpression: y\n---\nbody\n",
    );
    let repo = outer.path().join("repo");
    write(
        &repo,
        "scenarios/a.goti",
        b"scenario \"a\"\nP1 G1 on 40, P2 G1 on 10\nsnapshot\n",
    );
    // A committed `snapshots` link to a folder outside the tree.
    std::os::unix::fs::symlink(&elsewhere, repo.join("snapshots")).unwrap();
    for ci in [false, true] {
        let o = goti_env(&repo, &["snapshots", "--prune"], ci);
        assert_eq!(o.status.code(), Some(2), "ci {ci}: {}", text(&o));
        assert!(
            elsewhere.join("keep.snap").exists(),
            "ci {ci}: {}",
            text(&o)
        );
    }
    assert!(text(&goti_env(&repo, &["snapshots", "--prune"], false)).contains("symbolic link"));
    assert!(text(&goti_env(&repo, &["snapshots", "--prune"], true)).contains("CI"));
    // run writes no pending snapshot through the link.
    let o = goti_env(&repo, &["run"], false);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(!elsewhere.join("a__a.snap.new").exists());
    // A scenario under scenarios/snapshots/: the outer linked folder is found.
    std::fs::remove_file(repo.join("snapshots")).unwrap();
    write(
        &repo,
        "scenarios/snapshots/b.goti",
        b"scenario \"b\"\nP1 G1 on 40, P2 G1 on 10\nsnapshot\n",
    );
    std::fs::create_dir_all(repo.join("snapshots")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, repo.join("snapshots/snapshots")).unwrap();
    let o = goti_env(&repo, &["run", "scenarios/snapshots"], false);
    assert!(text(&o).contains("symbolic link"), "{}", text(&o));
    let written: Vec<_> = walkdir::WalkDir::new(&elsewhere)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().to_string_lossy().ends_with(".new"))
        .collect();
    assert!(written.is_empty(), "{written:?}");
    // accept: refused under CI, with a message naming CI; works without.
    std::fs::remove_file(repo.join("snapshots/snapshots")).unwrap();
    let o = goti_env(&repo, &["run", "scenarios/a.goti"], false);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let o = goti_env(&repo, &["accept"], true);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("CI"), "{}", text(&o));
    assert!(!repo.join("snapshots/a__a.snap").exists());
    let o = goti_env(&repo, &["accept"], false);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(repo.join("snapshots/a__a.snap").exists(), "{}", text(&o));
}

#[test]
fn a_goti_yaml_cannot_make_goti_walk_without_bound() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "s/a.goti",
        b"scenario \"a\"\nP1 G1 on 40, P2 G1 on 10\n",
    );
    let many: String = std::iter::repeat_n("s", 150_000)
        .collect::<Vec<_>>()
        .join(", ");
    write(
        dir.path(),
        "goti.yaml",
        format!("scenarios: [{many}]\n").as_bytes(),
    );
    let o = goti(dir.path(), &["run"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("at most 1000"), "{}", text(&o));
    let some: String = std::iter::repeat_n("s", 500).collect::<Vec<_>>().join(", ");
    write(
        dir.path(),
        "goti.yaml",
        format!("scenarios: [{some}, ./s, s/../s]\n").as_bytes(),
    );
    let o = goti(dir.path(), &["run"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("1 passed, 0 failed"),
        "each folder once: {}",
        text(&o)
    );
}

#[test]
fn a_piece_beyond_the_table_is_located_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "scenarios/a.goti",
        b"scenario \"beyond\"\nrules maedn\nset table.pieces = 2\nplayers 2\nexpect P1 G3 in base\n",
    );
    write(
        dir.path(),
        "scenarios/b.goti",
        b"scenario \"b\"\nP1 G1 on 40, P2 G1 on 10\n",
    );
    let o = goti(dir.path(), &["run", "--format", "json"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("the table has no G3"), "{out}");
    assert!(
        out.contains("\"line\":5"),
        "located at the expectation: {out}"
    );
    assert!(out.contains("\"scenario\":\"b\""), "{out}");
}

#[test]
fn a_fifo_or_odd_name_in_a_scanned_folder_hangs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "scenarios/a.goti",
        b"scenario \"a\"\nP1 G1 on 40, P2 G1 on 10\n",
    );
    let fifo = dir.path().join("scenarios/##[add-mask]x.goti");
    let ok = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(ok.success());
    let o = goti(dir.path(), &["run"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(commands(&all(&o)).is_empty(), "{}", text(&o));
    assert!(text(&o).contains("skipped"), "{}", text(&o));
    let _ = PathBuf::new();
}

#[test]
fn a_scenario_past_the_statement_limit_gets_one_problem() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("scenario \"long\"\nP1 G1 on 40, P2 G1 on 10\n");
    for _ in 0..10_001 {
        text.push_str("move G1 1\n");
    }
    write(dir.path(), "scenarios/long.goti", text.as_bytes());
    let o = goti(dir.path(), &["check", "--format", "json"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("at most 10000 statements"), "{out}");
    assert!(
        !out.contains("header statements come before"),
        "no follow-on problem: {out}"
    );
}
