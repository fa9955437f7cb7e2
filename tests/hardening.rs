//! Scenario files, ruleset files and folders are untrusted (they arrive in
//! pull requests). One test per class of attack, against the built binary:
//! secrets, hangs, quadratic time, panics, writes outside the tree, silent
//! collisions, silent wrong numbers, and the smaller ones. Links and FIFOs
//! are made by the tests themselves.

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const SECRET: &str = "s3cr3t-token-value";

/// Runs goti in `dir` with a secret in its environment, no colour.
fn goti(dir: &Path, args: &[&str], ci: bool) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_goti"));
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("GOTI_TEST_SECRET", SECRET)
        .env_remove("CI")
        .stdin(Stdio::null());
    if ci {
        cmd.env("CI", "true");
    }
    cmd.output().expect("goti runs")
}

fn all_output(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("an exit code")
}

fn write(dir: &Path, name: &str, text: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success());
}

fn scenario_with_rules_file(file: &str) -> String {
    format!(
        "scenario \"loads a ruleset\"\nrules file \"{file}\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n"
    )
}

#[test]
fn secrets_never_reach_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "scenarios/abs.goti",
        &scenario_with_rules_file("/proc/self/environ"),
    );
    write(
        root,
        "scenarios/up.goti",
        &scenario_with_rules_file("../../../../../../proc/self/environ"),
    );
    write(
        root,
        "scenarios/passwd.goti",
        &scenario_with_rules_file("/etc/passwd"),
    );
    symlink("/proc/self/environ", root.join("scenarios/env.yaml")).unwrap();
    write(
        root,
        "scenarios/link.goti",
        &scenario_with_rules_file("env.yaml"),
    );
    // A scenario file that is a link to a secret is not read in a folder walk.
    symlink("/proc/self/environ", root.join("scenarios/secret.goti")).unwrap();
    for format in ["text", "json"] {
        let o = goti(root, &["run", "scenarios", "--format", format], true);
        let out = all_output(&o);
        assert_eq!(code(&o), 1, "{out}");
        assert!(!out.contains(SECRET), "a secret reached the log:\n{out}");
        assert!(!out.contains("root:x:0"), "/etc/passwd reached the log");
        assert!(out.contains("outside the project"), "{out}");
    }
    let o = goti(root, &["run", "scenarios"], true);
    let out = all_output(&o);
    assert!(
        out.contains("note: skipped scenarios/secret.goti: a symbolic link"),
        "{out}"
    );
    insta::assert_snapshot!(String::from_utf8_lossy(&o.stdout));
}

#[test]
fn no_hang_on_links_fifos_devices_or_huge_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "scenarios/ok.goti",
        "scenario \"ok\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\n",
    );
    // Two links back up the tree: a walk that followed them would never end.
    symlink(".", root.join("scenarios/loop1")).unwrap();
    symlink("..", root.join("scenarios/loop2")).unwrap();
    mkfifo(&root.join("scenarios/pipe.goti"));
    mkfifo(&root.join("scenarios/fifo.yaml"));
    write(
        root,
        "scenarios/fifo-rules.goti",
        &scenario_with_rules_file("fifo.yaml"),
    );
    symlink("/dev/zero", root.join("scenarios/zero.yaml")).unwrap();
    write(
        root,
        "scenarios/zero-rules.goti",
        &scenario_with_rules_file("zero.yaml"),
    );
    // A ruleset file past 1 MiB.
    write(
        root,
        "scenarios/big.yaml",
        &format!("name: royal\n# {}\n", "x".repeat(1_100_000)),
    );
    write(
        root,
        "scenarios/big-rules.goti",
        &scenario_with_rules_file("big.yaml"),
    );
    let start = Instant::now();
    let o = goti(root, &["run", "scenarios"], true);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "goti took too long"
    );
    let out = all_output(&o);
    assert_eq!(code(&o), 1, "{out}");
    assert!(
        out.contains("note: skipped scenarios/pipe.goti: not a regular file"),
        "{out}"
    );
    assert!(out.contains("it is a FIFO, not a regular file"), "{out}");
    assert!(out.contains("outside the project"), "{out}");
    assert!(out.contains("goti reads at most 1048576 bytes"), "{out}");
    assert!(out.contains("ok   scenarios/ok.goti:1 ok"), "{out}");
    // Standard input and devices named on the command line are refused at once.
    for path in ["/dev/stdin", "/dev/zero"] {
        let o = goti(root, &["run", path], true);
        assert_eq!(code(&o), 2, "{path}: {}", all_output(&o));
        assert!(all_output(&o).contains("not a regular file"), "{path}");
    }
}

#[test]
fn error_dense_input_stays_linear_and_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // One line of 306 placements first: one diagnostic each would repeat the line 305 times.
    let mut text = String::from("scenario \"wide\"\n");
    text.push_str(&vec!["P1 G9 on 3"; 306].join(", "));
    text.push('\n');
    let mut i = 0;
    while text.len() < 2_000_000 {
        text.push_str(&format!("scenario \"e{i}\"\n"));
        text.push_str(&"mvoe G1 3\nP1 G9 on 99, P7 G1 on 3\n".repeat(10));
        i += 1;
    }
    write(root, "dense.goti", &text);
    let o = goti(root, &["run", "dense.goti"], true);
    assert_eq!(code(&o), 1);
    assert!(
        o.stdout.len() < text.len(),
        "the log is {} bytes",
        o.stdout.len()
    );
    let out = all_output(&o);
    assert!(
        out.contains("more problem(s) not shown"),
        "{}",
        &out[out.len() - 500..]
    );
    // 306 times the same problem on one line: said once, with the count.
    assert!(
        out.contains("there is no G9 (used 306 times)"),
        "{}",
        &out[..out.len().min(3000)]
    );
}

#[test]
fn no_panic_on_long_lines_closed_pipes_or_full_disks() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // An error past column 65,535 of one line.
    let mut line = "move G1 1; ".repeat(7_000);
    line.push_str("mvoe G1 1");
    write(
        root,
        "long.goti",
        &format!("scenario \"long\"\nP1 G1 on 30, P2 G1 on 10\n{line}\n"),
    );
    let o = goti(root, &["run", "long.goti"], true);
    assert_eq!(code(&o), 1, "{}", all_output(&o));
    assert!(!all_output(&o).contains("panicked"));
    // A closed pipe (`goti explain ... | head -1`): goti ends quietly with 141.
    let o = Command::new("bash")
        .arg("-c")
        .arg("\"$GOTI\" explain scenarios/royal/blockade-table.goti | head -1 > /dev/null; echo \"status ${PIPESTATUS[0]}\"")
        .env("GOTI", env!("CARGO_BIN_EXE_goti"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "status 141");
    assert!(
        !String::from_utf8_lossy(&o.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A full disk: a message and 2.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["rules", "royal", "--dump"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write the output"));
}

#[test]
fn nothing_is_written_outside_the_tree() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("project");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    write(
        &root,
        "scenarios/royal/s.goti",
        "scenario \"s\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    );
    std::fs::create_dir_all(root.join("snapshots")).unwrap();
    symlink(&elsewhere, root.join("snapshots/royal")).unwrap();
    let o = goti(&root, &["run"], false);
    assert_eq!(code(&o), 1);
    assert!(
        all_output(&o).contains("is a symbolic link"),
        "{}",
        all_output(&o)
    );
    assert_eq!(
        std::fs::read_dir(&elsewhere).unwrap().count(),
        0,
        "written through a link"
    );
    // A planted link at the pending file's name is not followed either.
    std::fs::remove_file(root.join("snapshots/royal")).unwrap();
    std::fs::create_dir_all(root.join("snapshots/royal")).unwrap();
    let target = elsewhere.join("victim.txt");
    std::fs::write(&target, "keep me").unwrap();
    symlink(&target, root.join("snapshots/royal/s__s.snap.new")).unwrap();
    let o = goti(&root, &["run"], false);
    assert_eq!(code(&o), 1);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    // accept refuses a `.snap.new` that is not a goti snapshot.
    std::fs::remove_file(root.join("snapshots/royal/s__s.snap.new")).unwrap();
    write(&root, "snapshots/royal/x.snap.new", "not a snapshot");
    let o = goti(&root, &["accept", "snapshots"], false);
    assert_eq!(code(&o), 2, "{}", all_output(&o));
    assert!(all_output(&o).contains("not a goti snapshot"));
    assert!(!root.join("snapshots/royal/x.snap").exists());
    // In CI nothing is written or deleted.
    std::fs::remove_file(root.join("snapshots/royal/x.snap.new")).unwrap();
    let before: Vec<_> = std::fs::read_dir(root.join("snapshots/royal"))
        .unwrap()
        .collect();
    let o = goti(&root, &["run"], true);
    assert_eq!(code(&o), 1);
    let after: Vec<_> = std::fs::read_dir(root.join("snapshots/royal"))
        .unwrap()
        .collect();
    assert_eq!(before.len(), after.len());
}

#[test]
fn snapshot_collisions_name_both_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "scenarios/c.goti",
        "scenario \"Merge Capture!\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n\nscenario \"merge--capture??\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    );
    write(
        root,
        "scenarios/a-b.goti",
        "scenario \"s\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    );
    write(
        root,
        "scenarios/a_b.goti",
        "scenario \"s\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    );
    let o = goti(root, &["run"], false);
    let out = all_output(&o);
    assert_eq!(code(&o), 1);
    assert!(
        out.contains("snapshot \"merge--capture??\" would share the file"),
        "{out}"
    );
    assert!(
        out.contains("with snapshot \"Merge Capture!\" (line 3)"),
        "{out}"
    );
    assert!(
        out.contains("is also the snapshot of scenarios/a-b.goti:1 \"s\""),
        "{out}"
    );
}

#[test]
fn numbers_are_bounded_never_clamped() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        "n.goti",
        "scenario \"big points\"\nset journey.capture_value = 100000000000\nP1 G1 on 30, P2 G1 on 10\n\n\
         scenario \"far steps\"\nP1 G1 on 30 steps 1000000000, P2 G1 on 10\n\n\
         scenario \"a roll of 300\"\nP1 G1 on 30, P2 G1 on 10\nroll 300 1 2\n",
    );
    let o = goti(root, &["run", "n.goti"], true);
    assert_eq!(code(&o), 1);
    insta::assert_snapshot!(String::from_utf8_lossy(&o.stdout));
}

#[test]
fn smaller_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // A byte order mark is fine.
    std::fs::write(
        root.join("bom.goti"),
        b"\xef\xbb\xbfscenario \"bom\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n",
    )
    .unwrap();
    let o = goti(root, &["run", "bom.goti"], true);
    assert_eq!(code(&o), 0, "{}", all_output(&o));
    // Control characters cannot rewrite the log.
    write(
        root,
        "esc.goti",
        "scenario \"a \x1b[2K\u{202e}name\r\"\nP1 G1 on 30, P2 G1 on 10\nexpect P1 G1 on 29\n",
    );
    let o = goti(root, &["run", "esc.goti"], true);
    let out = all_output(&o);
    assert!(
        !out.contains('\x1b') && !out.contains('\u{202e}'),
        "{out:?}"
    );
    // A lone CR is a line break for the line numbers of text and JSON alike.
    write(
        root,
        "cr.goti",
        "scenario \"cr\"\rP1 G1 on 30, P2 G1 on 10\rexpect P1 G1 on 29\r",
    );
    let text = all_output(&goti(root, &["run", "cr.goti"], true));
    let json = all_output(&goti(root, &["run", "cr.goti", "--format", "json"], true));
    assert!(text.contains("cr.goti:3:8"), "{text}");
    assert!(json.contains("\"line\":3,\"column\":8"), "{json}");
    // coverage fails when a file fails as a whole.
    write(root, "cov/empty.goti", "");
    write(
        root,
        "cov/one.goti",
        "scenario \"one\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\n",
    );
    let o = goti(root, &["coverage", "cov"], true);
    assert_eq!(code(&o), 1);
    assert!(
        all_output(&o).contains("not counted (failing): cov/empty.goti"),
        "{}",
        all_output(&o)
    );
    // CI=0, CI=false and an empty CI are not CI: snapshots are written.
    write(
        root,
        "ci/scenarios/s.goti",
        "scenario \"s\"\nP1 G1 on 30, P2 G1 on 10\nsnapshot\n",
    );
    for value in ["0", "false", ""] {
        let o = Command::new(env!("CARGO_BIN_EXE_goti"))
            .arg("run")
            .current_dir(root.join("ci"))
            .env("CI", value)
            .output()
            .unwrap();
        assert_eq!(code(&o), 1);
        let pending = root.join("ci/snapshots/s__s.snap.new");
        assert!(pending.exists(), "CI={value:?} should write");
        std::fs::remove_file(pending).unwrap();
    }
}
