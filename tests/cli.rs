//! The command line as users and CI meet it: the built binary run on real
//! files, every command and exit code pinned (0 all passed, 1 a scenario or
//! check failed, 2 a usage or I/O error), text and JSON output pinned as
//! insta snapshots.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs goti in `dir` without colour and outside CI unless `ci` is set.
fn goti_in(dir: &Path, args: &[&str], ci: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_goti"));
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CI");
    if ci {
        cmd.env("CI", "true");
    }
    cmd.output().expect("the goti binary runs")
}

fn goti(args: &[&str]) -> Output {
    goti_in(&root(), args, true)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("goti exits with a code")
}

/// A scratch project with one scenario file at `scenarios/<name>`.
fn project(name: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("scenarios").join(name);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, text).unwrap();
    dir
}

const FAILING: &str = "scenario \"a wrong expectation\"\n\
P1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\n\
expect P2 G1 in yard\n\
expect P1 battle 30\n";

#[test]
fn run_passing_exits_0_with_a_line_per_scenario() {
    let o = goti(&["run", "scenarios/royal/end.goti"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    insta::assert_snapshot!(stdout(&o));
}

#[test]
fn run_failing_exits_1_and_points_at_the_expectation() {
    let p = project("fail.goti", FAILING);
    let o = goti_in(p.path(), &["run"], true);
    assert_eq!(code(&o), 1);
    insta::assert_snapshot!(stdout(&o));
}

#[test]
fn run_json_is_one_object_per_scenario_and_a_summary() {
    let p = project("fail.goti", FAILING);
    let o = goti_in(p.path(), &["run", "--format", "json"], true);
    assert_eq!(code(&o), 1);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "fail");
    assert_eq!(lines[0]["problems"][0]["line"], 4);
    assert_eq!(lines[0]["problems"][0]["column"], 8);
    assert_eq!(lines[1]["summary"]["failed"], 1);
    insta::assert_snapshot!(stdout(&o));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let o = goti(&["run", "no/such/folder"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("no such file or folder"),
        "{}",
        stderr(&o)
    );
    let o = goti(&["frobnicate"]);
    assert_eq!(code(&o), 2);
    let o = goti(&["rules", "chess"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("goti has no ruleset `chess` (known: royal, portal, maedn, race)"));
    let empty = tempfile::tempdir().unwrap();
    let o = goti_in(empty.path(), &["run", "."], true);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no scenario files"), "{}", stderr(&o));
}

#[test]
fn help_and_version_exit_0() {
    for args in [&["--help"][..], &["--version"], &["run", "--help"]] {
        let o = goti(args);
        assert_eq!(code(&o), 0, "{args:?}");
        assert!(!stdout(&o).is_empty());
    }
}

#[test]
fn check_validates_without_playing() {
    let p = project("syntax.goti", "scenario \"typo\"\nmvoe G1 3\n");
    let o = goti_in(p.path(), &["check"], true);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("did you mean `move`?"),
        "{}",
        stdout(&o)
    );
    let o = goti(&["check", "scenarios/royal"]);
    assert_eq!(code(&o), 0);
}

#[test]
fn rules_list_and_dump() {
    let o = goti(&["rules", "portal"]);
    assert_eq!(code(&o), 0);
    insta::assert_snapshot!(stdout(&o));
    let o = goti(&["rules", "maedn"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("start.clear"), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().count(), 13, "MAEDN.md's 13 rule IDs");
    for (game, file) in [
        ("royal", "royal.yaml"),
        ("portal", "portal.yaml"),
        ("maedn", "maedn.yaml"),
    ] {
        let o = goti(&["rules", game, "--dump"]);
        assert_eq!(code(&o), 0);
        let shipped = std::fs::read_to_string(
            root()
                .join("crates/games")
                .join(game)
                .join("rules/src")
                .join(file),
        )
        .unwrap();
        // The shipped file, with the line that says which game it is for
        // (its `name:` is free text).
        let dumped = stdout(&o);
        let extends = format!("extends: {game}      # the game this file is for");
        assert_eq!(
            dumped.lines().filter(|l| *l == extends).count(),
            1,
            "{dumped}"
        );
        let rest: String = dumped
            .lines()
            .filter(|l| *l != extends)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(rest, shipped, "{game} --dump prints the shipped file");
    }
}

#[test]
fn coverage_is_full_on_the_shipped_suite_and_fails_on_gaps() {
    let o = goti(&["coverage", "scenarios"]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(
        stdout(&o).contains("142 of 142 rule IDs covered"),
        "{}",
        stdout(&o)
    );
    let p = project(
        "one.goti",
        "scenario \"one\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\n",
    );
    let o = goti_in(p.path(), &["coverage"], true);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("MISSING"));
    assert!(stdout(&o).contains("gaps: royal:"));
}

#[test]
fn explain_shows_each_step_and_exits_by_the_result() {
    let o = goti(&[
        "explain",
        "scenarios/royal/capture.goti",
        "--name",
        "captures in passing",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    insta::assert_snapshot!(stdout(&o));
    let p = project("fail.goti", FAILING);
    let o = goti_in(p.path(), &["explain", "scenarios/fail.goti"], true);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("result: FAILED"));
    let o = goti(&[
        "explain",
        "scenarios/royal/capture.goti",
        "--name",
        "no such",
    ]);
    assert_eq!(code(&o), 2);
}

#[test]
fn snapshots_are_written_for_review_and_accepted_only_on_request() {
    let p = project(
        "snap.goti",
        "scenario \"a snapshot\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 2\nsnapshot\n",
    );
    let snap = p.path().join("snapshots/snap__a-snapshot.snap");
    let pending = p.path().join("snapshots/snap__a-snapshot.snap.new");
    // In CI nothing is written, and a new snapshot fails.
    let o = goti_in(p.path(), &["run"], true);
    assert_eq!(code(&o), 1);
    assert!(!pending.exists() && !snap.exists());
    // Outside CI the new snapshot is written for review, not accepted.
    let o = goti_in(p.path(), &["run"], false);
    assert_eq!(code(&o), 1);
    assert!(pending.exists() && !snap.exists());
    let o = goti_in(p.path(), &["accept", "snapshots"], false);
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o).contains("1 snapshot(s) accepted"),
        "{}",
        stdout(&o)
    );
    assert!(snap.exists() && !pending.exists());
    let body = std::fs::read_to_string(&snap).unwrap();
    assert!(body.contains("tile 28: P1 G1"), "{body}");
    // Accepted, it matches.
    let o = goti_in(p.path(), &["run"], true);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
}

#[test]
fn fuzz_plays_seeded_games_and_reports() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["royal", "portal"] {
        let out = dir.path().display().to_string();
        let o = goti(&[
            "fuzz", "--game", game, "--games", "20", "--seed", "3", "--output", &out,
        ]);
        assert_eq!(code(&o), 0, "{}", stdout(&o));
        assert!(stdout(&o).contains("20 games"), "{}", stdout(&o));
        assert!(stdout(&o).contains("no violation"));
    }
}

#[test]
fn selection_by_tag_name_and_line_and_empty_selections_fail() {
    // Tags: repeatable, case-insensitive, any of them; --skip-tag.
    let o = goti(&["run", "--tag", "VARIANT", "--tag", "nosuch"]);
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o).ends_with("5 passed, 0 failed\n"),
        "{}",
        stdout(&o)
    );
    let o = goti(&[
        "run",
        "scenarios/royal/variants.goti",
        "--skip-tag",
        "variant",
    ]);
    assert_eq!(
        code(&o),
        2,
        "every scenario there is a variant: nothing selected"
    );
    let o = goti(&["run", "--tag", "brief", "--tag", "merge", "--all-tags"]);
    assert!(
        stdout(&o).contains("merge capture on a shared tile"),
        "{}",
        stdout(&o)
    );
    // A selection that matches nothing is an error, unless allowed.
    let o = goti(&["run", "--tag", "nosuchtag"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("the selection matched no scenario"));
    let o = goti(&["run", "--tag", "nosuchtag", "--allow-empty"]);
    assert_eq!(code(&o), 0);
    // coverage takes the same selection: nothing selected is an error, and a
    // subset's coverage lists the rule IDs it leaves uncovered.
    let o = goti(&["coverage", "--tag", "nosuchtag"]);
    assert_eq!(code(&o), 2);
    let o = goti(&["coverage", "--tag", "brief"]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("capture.merge "), "{}", stdout(&o));
    assert!(stdout(&o).contains("MISSING"), "{}", stdout(&o));
    // --name: substring or /regex/.
    let o = goti(&["list", "--name", "MERGE CAPTURE ON"]);
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
    let o = goti(&[
        "list",
        "--name",
        "/^merge capture (of|in)/",
        "--format",
        "json",
    ]);
    let names: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["scenario"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        names,
        ["merge capture of a king", "merge capture in passing"]
    );
    // FILE:LINE, the form goti prints: the scenario around that line.
    let o = goti(&["run", "scenarios/royal/capture.goti:14"]);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o),
        "ok   scenarios/royal/capture.goti:12 a standing group never captures an arriving piece\n1 passed, 0 failed\n"
    );
}

#[test]
fn reporters_junit_github_json_and_an_output_file() {
    let p = project("fail.goti", FAILING);
    std::fs::write(
        p.path().join("scenarios/ok.goti"),
        "scenario \"fine & <good>\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n",
    )
    .unwrap();
    let o = goti_in(p.path(), &["run", "--format", "junit"], true);
    assert_eq!(code(&o), 1);
    let xml = stdout(&o);
    let doc = roxmltree::Document::parse(&xml).expect("JUnit output is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some("2"));
    assert_eq!(root.attribute("failures"), Some("1"));
    let cases: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 2);
    let failing = cases
        .iter()
        .find(|c| c.attribute("name") == Some("a wrong expectation"))
        .unwrap();
    let failure = failing
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(
        failure.attribute("message"),
        Some("expected P1 battle 30, found P1 battle 20")
    );
    assert!(cases
        .iter()
        .any(|c| c.attribute("name") == Some("fine & <good>")));
    // GitHub annotations.
    let o = goti_in(p.path(), &["run", "--format", "github"], true);
    assert!(
        stdout(&o).contains("::error file=scenarios/fail.goti,line=4,col=8,title=goti%3A%3Aexpect::expected P1 battle 30, found P1 battle 20"),
        "{}",
        stdout(&o)
    );
    // --output writes the report and the terminal gets text.
    let o = goti_in(
        p.path(),
        &["run", "--format", "junit", "--output", "report.xml"],
        true,
    );
    assert!(stdout(&o).contains("1 passed, 1 failed"));
    let written = std::fs::read_to_string(p.path().join("report.xml")).unwrap();
    assert!(roxmltree::Document::parse(&written).is_ok());
    // check says what it did: checked, not passed.
    let o = goti(&["check", "scenarios/royal/end.goti"]);
    assert!(
        stdout(&o).ends_with("5 checked, 0 failed\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn parallel_runs_print_what_one_core_prints() {
    let one = goti(&["run", "-j", "1", "--format", "json"]);
    let two = goti(&["run", "-j", "2", "--format", "json"]);
    assert_eq!(code(&one), 0);
    assert_eq!(one.stdout, two.stdout);
    let one = goti(&["run", "-j", "1"]);
    let two = goti(&["run", "-j", "2"]);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn snapshot_housekeeping_accept_anywhere_and_prune_orphans() {
    let dir = tempfile::tempdir().unwrap();
    let trial = dir.path().join("trial");
    std::fs::create_dir_all(&trial).unwrap();
    std::fs::write(
        trial.join("x.goti"),
        "scenario \"first name\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    )
    .unwrap();
    let o = goti_in(dir.path(), &["run", "trial"], false);
    assert_eq!(code(&o), 1);
    // accept takes a folder (or a file) wherever the scenarios are.
    let o = goti_in(dir.path(), &["accept", "trial"], false);
    assert_eq!(code(&o), 0);
    assert!(
        stdout(&o).contains("1 snapshot(s) accepted"),
        "{}",
        stdout(&o)
    );
    // Renamed, the old snapshot is an orphan: a warning, then a prune.
    std::fs::write(
        trial.join("x.goti"),
        "scenario \"second name\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    )
    .unwrap();
    let o = goti_in(dir.path(), &["run", "trial"], false);
    assert!(
        stderr(&o).contains("1 snapshot(s) no scenario writes any more"),
        "{}",
        stderr(&o)
    );
    let pending = trial.join("snapshots/x__second-name.snap.new");
    let o = goti_in(dir.path(), &["accept", pending.to_str().unwrap()], false);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = goti_in(
        dir.path(),
        &["snapshots", "trial", "--prune", "--dry-run"],
        false,
    );
    assert!(
        stdout(&o).contains("orphaned trial/snapshots/x__first-name.snap"),
        "{}",
        stdout(&o)
    );
    assert!(trial.join("snapshots/x__first-name.snap").exists());
    let o = goti_in(dir.path(), &["snapshots", "trial", "--prune"], false);
    assert!(stdout(&o).contains("1 snapshot(s) removed"));
    assert!(!trial.join("snapshots/x__first-name.snap").exists());
    assert!(trial.join("snapshots/x__second-name.snap").exists());
    let o = goti_in(dir.path(), &["run", "trial"], true);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
}

#[test]
fn every_accepted_snapshot_is_in_insta_format() {
    for f in walkdir::WalkDir::new(root().join("snapshots")) {
        let f = f.unwrap();
        if f.path().extension().is_none_or(|x| x != "snap") {
            continue;
        }
        let text = std::fs::read_to_string(f.path()).unwrap();
        let rest = text
            .strip_prefix("---\n")
            .expect("insta metadata starts with ---");
        let (meta, body) = rest.split_once("\n---\n").expect("metadata ends with ---");
        let meta: serde_yaml::Value = serde_yaml::from_str(meta).expect("metadata is YAML");
        assert!(meta.get("source").is_some() && meta.get("expression").is_some());
        assert!(!body.trim().is_empty());
    }
}

/// insta itself reads every snapshot goti wrote (the shipped ones and one
/// written and accepted just now) and finds the body goti compares against,
/// so `cargo insta review` and goti agree on what a `.snap` file says.
#[test]
fn insta_reads_every_snapshot_goti_writes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("x.goti"),
        "scenario \"fresh\"\nP1 G1 on 30, P2 G1 on 10; move G1 5 forward\nsnapshot\n",
    )
    .unwrap();
    goti_in(dir.path(), &["run", "x.goti"], false);
    let o = goti_in(dir.path(), &["accept"], false);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let fresh = dir.path().join("snapshots/x__fresh.snap");
    let mut files = vec![fresh.clone()];
    for f in walkdir::WalkDir::new(root().join("snapshots")) {
        let f = f.unwrap();
        if f.path().extension().is_some_and(|x| x == "snap") {
            files.push(f.path().to_path_buf());
        }
    }
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let body = goti::runner::snapshot::parse_snap(&text).unwrap();
        let name = f.file_stem().unwrap().to_str().unwrap().to_string();
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(f.parent().unwrap());
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(name, body));
    }
    let text = std::fs::read_to_string(&fresh).unwrap();
    assert!(text.contains("on 25"), "{text}");
    assert!(files.len() > 10, "only {} snapshots found", files.len());
}

#[test]
fn completions_and_manual_page() {
    for shell in ["bash", "zsh", "fish"] {
        let o = goti(&["completions", shell]);
        assert_eq!(code(&o), 0);
        assert!(stdout(&o).contains("goti"));
    }
    let o = goti(&["man"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains(".TH goti 1"));
}

/// The commands only engine developers use moved to `cargo xtask`: the
/// user's goti answers each with its new form (exit 2).
#[test]
fn moved_commands_say_their_new_form() {
    for (args, new) in [
        (
            &["bench", "maedn", "--games", "20"][..],
            "cargo xtask bench --game maedn --games 20 --mode clash",
        ),
        (
            &["oracle", "maedn", "--json"][..],
            "cargo xtask oracle --game maedn --format json",
        ),
        (
            &["fuzz", "--legal", "--game", "portal"][..],
            "cargo xtask legal --game portal --mode clash",
        ),
        (
            &["fuzz", "--compare-paths", "--mode", "journey"][..],
            "cargo xtask compare-paths --mode journey",
        ),
        (
            &["fuzz", "--text", "--cases", "5"][..],
            "cargo xtask fuzz-text --cases 5",
        ),
        (
            &["diff", "--base", "HEAD", "--build"][..],
            "cargo xtask diff-build --base HEAD",
        ),
    ] {
        let o = goti(args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(
            stderr(&o).contains("moved out of goti"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains(new), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// Old spellings keep working, each with a one-line notice naming the new one.
#[test]
fn old_spellings_work_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f");
    let o = goti(&[
        "fuzz",
        "--rules",
        "maedn",
        "--games",
        "5",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["game"], "maedn", "{v}");
    for note in [
        "`goti fuzz --rules` is now spelled `--game`",
        "`goti fuzz --json` is now spelled `--format json`",
        "`goti fuzz --out` is now spelled `--output`",
    ] {
        assert!(stderr(&o).contains(note), "{note}: {}", stderr(&o));
    }
    let o = goti(&["rules", "portal"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("toilet"), "portal's rules");
    assert!(
        stderr(&o).contains("goti rules --game portal"),
        "{}",
        stderr(&o)
    );
    let o = goti(&["list", "scenarios/royal/capture.goti", "--json"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).starts_with('{'), "{}", stdout(&o));
    let o = goti(&[
        "explain",
        "scenarios/royal/capture.goti",
        "--scenario",
        "merge capture of a king",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("merge capture of a king"));
    assert!(
        stderr(&o).contains("is now spelled `--name`"),
        "{}",
        stderr(&o)
    );
    let o = goti(&["diff", "--head", "rules/none.yaml"]);
    assert!(
        stderr(&o).contains("`goti diff --head` is now spelled `--ruleset`"),
        "{}",
        stderr(&o)
    );
    // The rest of docs/src/command-line.md's old spellings, each run for real:
    // the notice, and the command done (or refused on its own terms).
    let page = dir.path().join("p.html");
    let pics = dir.path().join("pics");
    let found = dir.path().join("found");
    let king = "merge capture of a king";
    let capture = "scenarios/royal/capture.goti";
    for (args, note, want) in [
        (
            vec!["balance", "--rules", "maedn", "--games", "2"],
            "`goti balance --rules` is now spelled `--game`",
            0,
        ),
        (
            vec!["balance", "--head", "rules/none.yaml"],
            "`goti balance --head` is now spelled `--ruleset`",
            2,
        ),
        (
            vec![
                "lint",
                "--game",
                "maedn",
                "--players",
                "2",
                "--games",
                "2",
                "--walks",
                "1",
                "--out",
                found.to_str().unwrap(),
            ],
            "`goti lint --out` is now spelled `--output`",
            0,
        ),
        (
            vec!["render", capture, "--scenario", king],
            "`goti render --scenario` is now spelled `--name`",
            0,
        ),
        (
            vec!["perft", capture, "--scenario", king, "--depth", "1"],
            "`goti perft --scenario` is now spelled `--name`",
            0,
        ),
        (
            vec!["report", capture, "-o", page.to_str().unwrap()],
            "`goti report` is now spelled `goti run --format html -o FILE`",
            0,
        ),
        (
            vec![
                "explain",
                capture,
                "--format",
                "svg",
                "-o",
                pics.to_str().unwrap(),
            ],
            "`goti explain --format svg` is now spelled `goti render --all-steps -o DIR`",
            0,
        ),
    ] {
        let o = goti(&args);
        assert!(stderr(&o).contains(note), "{args:?}: {}", stderr(&o));
        assert_eq!(code(&o), want, "{args:?}: {}", stderr(&o));
    }
    assert!(page.is_file(), "the report's page");
    assert!(
        std::fs::read_dir(&pics).unwrap().count() > 3,
        "a picture per step"
    );
}

#[test]
fn fuzz_plays_maedn_with_invariant_checks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f");
    let o = goti(&[
        "fuzz",
        "--game",
        "maedn",
        "--games",
        "200",
        "--players",
        "3",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("maedn: 200 games (200 finished"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn explain_lists_each_expectation_of_a_chained_line_once() {
    let dir = project(
        "two.goti",
        "scenario \"two\"\nP1 G1 on 3, P2 G1 on 10\nmove G1 3\nexpect P1 G1 on home 1, P1 G1 steps 52\n",
    );
    let o = goti_in(dir.path(), &["explain", "scenarios/two.goti"], true);
    let text = stdout(&o);
    assert_eq!(code(&o), 0, "{text}");
    assert_eq!(
        text.matches("pass  line 4: expect P1 G1 on home 1\n")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("pass  line 4: expect P1 G1 steps 52\n")
            .count(),
        1,
        "{text}"
    );
}

#[test]
fn a_set_of_a_list_item_in_brackets_suggests_the_dotted_path() {
    let o = goti(&[
        "run",
        "scenarios/portal",
        "--set",
        "board.toilets[0].trigger=43",
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("`board.toilets.0.trigger`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_bare_accept_that_finds_nothing_where_snapshots_wait_says_where() {
    let dir = project("b.goti", "scenario \"b\"\nP1 G1 on 40, P2 G1 on 10\n");
    let mine = dir.path().join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(
        mine.join("a.goti"),
        "scenario \"a\"\nP1 G1 on 40, P2 G1 on 10\nsnapshot\n",
    )
    .unwrap();
    let o = goti_in(dir.path(), &["run", "mine"], false);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("run `goti accept mine/snapshots/a__a.snap.new`"),
        "{}",
        stdout(&o)
    );
    let o = goti_in(dir.path(), &["accept"], false);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("a__a.snap.new"), "{}", stderr(&o));
    let o = goti_in(
        dir.path(),
        &["accept", "mine/snapshots/a__a.snap.new"],
        false,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

/// A ruleset file with several bad values reports every one, in line
/// order (not only the first serde meets), each at its own line.
#[test]
fn every_bad_ruleset_value_is_reported_in_line_order() {
    let dir = project(
        "a.goti",
        "scenario \"a\"\nrules file \"../bad.yaml\"\nplayers 2\nP1 G1 on 20\nexpect P1 G1 on 20\n",
    );
    // progress_value comes after capture_value in the rules, before it here.
    std::fs::write(
        dir.path().join("bad.yaml"),
        "extends: royal\njourney:\n  progress_value: ten\n  capture_value: twenty\nexits:\n  cap: many\n",
    )
    .unwrap();
    let o = goti_in(dir.path(), &["run", "scenarios"], false);
    let out = stdout(&o);
    assert_eq!(code(&o), 1, "{out}");
    let at = |needle: &str| {
        out.find(needle)
            .unwrap_or_else(|| panic!("no {needle:?} in:\n{out}"))
    };
    let (progress, capture, cap) = (
        at("journey.progress_value: invalid type: string \"ten\", expected a whole number"),
        at("journey.capture_value: invalid type: string \"twenty\", expected a whole number"),
        at("exits.cap: invalid type: string \"many\""),
    );
    assert!(progress < capture && capture < cap, "in line order:\n{out}");
    assert!(out.contains("bad.yaml:3:3"), "{out}");
    assert!(out.contains("bad.yaml:4:3"), "{out}");
    assert!(out.contains("bad.yaml:6:3"), "{out}");
    assert_eq!(
        out.matches("this scenario plays under the ruleset file")
            .count(),
        1,
        "{out}"
    );
}
