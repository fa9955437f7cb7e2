//! Untrusted input, third round (issue 44): verdicts that a rename, a copy
//! or a cut shard cannot spoof, and writes that never replace what is not
//! a file. One test per class, against the built binary; each failed
//! before its fix. (The memory bounds of `explain`, `render`, `trace` and
//! `goti lsp` are in tests/bounds.rs.)

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const SECRET: &str = "s3cr3t-token-value";

fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .env_remove("TEST_SHARD_INDEX")
        .env_remove("TEST_TOTAL_SHARDS")
        .stdin(Stdio::null())
        .output()
        .expect("goti runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("an exit code")
}

#[path = "support/files.rs"]
mod files;
use files::{git, text, write};

/// What a reader of the named pipe at `path` gets, read on its own thread.
fn read_in_background(path: &Path) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let path = path.to_path_buf();
    std::thread::spawn(move || tx.send(std::fs::read_to_string(path).unwrap()));
    rx
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

const PASSING: &str =
    "scenario \"one move\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n";

/// A project of a few passing scenarios in several files, one failing, and
/// a file goti cannot parse.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for k in 0..6 {
        write(
            dir.path(),
            &format!("scenarios/f{k}.goti"),
            &PASSING.replace("one move", &format!("one move {k}")),
        );
    }
    write(
        dir.path(),
        "scenarios/failing.goti",
        "scenario \"wrong\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 28\n",
    );
    write(
        dir.path(),
        "scenarios/broken.goti",
        "scenario \"x\"\nP1 G9 on 300 ~~\n",
    );
    dir
}

/// Runs `args` as shards 1..=n into files: their paths.
fn shards(dir: &Path, args: &[&str], n: usize) -> Vec<PathBuf> {
    (1..=n)
        .map(|k| {
            let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            all.extend(["--shard".into(), format!("{k}/{n}")]);
            let refs: Vec<&str> = all.iter().map(String::as_str).collect();
            let o = goti(dir, &refs);
            let path = dir.join(format!("{}-{k}of{n}.json", args[0]));
            std::fs::write(&path, &o.stdout).unwrap();
            path
        })
        .collect()
}

fn merge(dir: &Path, files: &[PathBuf]) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    goti(dir, &refs)
}

/// A merge gives the verdict one unsharded run of the same build gives, or
/// refuses naming the file (exit 2): a cut shard, a summary its lines do
/// not bear out, shard 3 of 2, a total of 0, a header without the build or
/// of another build; a file's own failure counts once however many shards
/// report it; `mutate --min-score` is judged on the whole.
#[test]
fn a_merge_never_passes_what_one_run_would_not() {
    let dir = project();
    let d = dir.path();
    let one = goti(d, &["run", "--format", "json"]);
    let one_summary = String::from_utf8_lossy(&one.stdout)
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert_eq!(code(&one), 1, "{}", text(&one));
    // Three shards: the broken file is reported by each of them.
    let parts = shards(d, &["run", "--format", "json"], 3);
    let m = merge(d, &parts);
    let merged = String::from_utf8_lossy(&m.stdout);
    assert_eq!(
        merged.lines().find(|l| l.contains("\"summary\"")),
        Some(one_summary.as_str()),
        "one run's counts: {merged}"
    );
    assert!(one_summary.contains("\"failed\":2"), "{one_summary}");
    assert_eq!(code(&m), code(&one), "one run's exit code: {}", text(&m));

    let refused = |files: &[PathBuf], named: &Path, why: &str| {
        let o = merge(d, files);
        assert_eq!(code(&o), 2, "{why}: {}", text(&o));
        let name = named.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            text(&o).contains(&name),
            "{why}: names the file: {}",
            text(&o)
        );
    };
    let edit = |from: &Path, to: &str, f: &dyn Fn(&str) -> String| -> PathBuf {
        let path = d.join(to);
        std::fs::write(&path, f(&std::fs::read_to_string(from).unwrap())).unwrap();
        path
    };
    // Cut after its header.
    let cut = edit(&parts[1], "cut.json", &|t| {
        t.lines().next().unwrap().to_string() + "\n"
    });
    refused(
        &[parts[0].clone(), cut.clone(), parts[2].clone()],
        &cut,
        "cut after the header",
    );
    // A summary that says a failure its lines do not hold.
    let two = shards(
        d,
        &[
            "run",
            "scenarios/f0.goti",
            "scenarios/f1.goti",
            "--format",
            "json",
        ],
        2,
    );
    let lying = edit(&two[0], "lying.json", &|t| {
        let keep: Vec<&str> = t
            .lines()
            .filter(|l| !l.contains("\"status\":\"fail\""))
            .collect();
        let mut out = keep.join("\n") + "\n";
        out = out.replace("\"failed\":0}", "\"failed\":1}");
        out
    });
    refused(
        &[lying.clone(), two[1].clone()],
        &lying,
        "a summary with no failing line",
    );
    // Shard 3 of 2, and a total of 0.
    let three_of_two = edit(&two[1], "three.json", &|t| {
        t.replacen("\"index\":2,\"total\":2", "\"index\":3,\"total\":2", 1)
    });
    refused(
        &[two[0].clone(), three_of_two.clone()],
        &three_of_two,
        "shard 3 of 2",
    );
    let of_none = edit(&two[0], "none.json", &|t| {
        t.replacen("\"index\":1,\"total\":2", "\"index\":0,\"total\":0", 1)
    });
    refused(std::slice::from_ref(&of_none), &of_none, "a total of 0");
    // No build, or another build.
    let no_build = edit(&two[1], "nobuild.json", &|t| {
        let mut lines: Vec<String> = t.lines().map(str::to_string).collect();
        let mut h: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        h["goti_shard"].as_object_mut().unwrap().remove("build");
        lines[0] = h.to_string();
        lines.join("\n") + "\n"
    });
    refused(
        &[two[0].clone(), no_build.clone()],
        &no_build,
        "no build in the header",
    );
    let other_build = edit(&two[1], "other.json", &|t| {
        let mut lines: Vec<String> = t.lines().map(str::to_string).collect();
        let mut h: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
        h["goti_shard"]["build"] = "0.0.1+src.0000000000000000".into();
        lines[0] = h.to_string();
        lines.join("\n") + "\n"
    });
    refused(
        &[two[0].clone(), other_build.clone()],
        &other_build,
        "another build",
    );
    // The untouched shards still merge.
    assert_eq!(code(&merge(d, &two)), 0);
    // A trace shard cut after a scenario's lines.
    let traces: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let path = d.join(format!("t{k}.trace"));
            let shard = format!("{k}/2");
            let o = goti(
                d,
                &[
                    "trace",
                    "scenarios/f0.goti",
                    "scenarios/f1.goti",
                    "scenarios/f2.goti",
                    "--shard",
                    &shard,
                    "-o",
                    path.to_str().unwrap(),
                ],
            );
            assert_eq!(code(&o), 0, "{}", text(&o));
            path
        })
        .collect();
    assert_eq!(code(&merge(d, &traces)), 0);
    let fuller = traces
        .iter()
        .max_by_key(|t| {
            std::fs::read_to_string(t)
                .unwrap()
                .matches("\"kind\":\"scenario\"")
                .count()
        })
        .unwrap();
    let cut_trace = edit(fuller, "cut.trace", &|t| {
        let last = t.rfind("{\"kind\":\"scenario\"").unwrap();
        t[..last].to_string()
    });
    let other = traces.iter().find(|t| *t != fuller).unwrap().clone();
    refused(
        &[other, cut_trace.clone()],
        &cut_trace,
        "a trace cut after a scenario",
    );

    // mutate --min-score: every shard fails the gate, so does their merge.
    let small = tempfile::tempdir().unwrap();
    write(small.path(), "scenarios/a.goti", PASSING);
    let parts = shards(
        small.path(),
        &["mutate", "--min-score", "100", "--format", "json"],
        2,
    );
    let m = merge(small.path(), &parts);
    assert_eq!(
        code(&m),
        1,
        "the gate is carried: {}",
        String::from_utf8_lossy(&m.stderr)
    );
    assert!(String::from_utf8_lossy(&m.stderr).contains("below --min-score 100"));
}

/// A scenario file renamed to a near miss of `.goti` — a look-alike letter,
/// another case, a trailing blank or an invisible character — is refused
/// by every command that scans the folder, naming the file; never "1
/// passed" with the file passed over.
#[test]
fn a_near_miss_of_the_scenario_extension_is_refused() {
    for name in [
        "captures.got\u{456}",
        "captures.goti\u{200b}",
        "captures.goti ",
        "captures.GOTI",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        git(d, &["init", "-q"]);
        write(d, "scenarios/moving.goti", PASSING);
        write(d, &format!("scenarios/{name}"), PASSING);
        git(d, &["add", "-A"]);
        git(d, &["commit", "-qm", "x"]);
        for args in [
            &["run", "scenarios"][..],
            &["check", "scenarios"],
            &["list", "scenarios"],
            &["coverage", "scenarios"],
            &["diff", "--base", "HEAD", "scenarios"],
        ] {
            let o = goti(d, args);
            assert_eq!(code(&o), 2, "{name:?} {args:?}: {}", text(&o));
            assert!(
                text(&o).contains("captures.") && text(&o).contains("`.goti`"),
                "{name:?} {args:?}: names the file: {}",
                text(&o)
            );
        }
    }
}

/// `goti diff --base REV`: a scenario pointed at a new rules file (a copy
/// with a changed value) does not read the working tree's file for the
/// base, which has none: the change shows, as the same edit made in place
/// does.
#[test]
fn a_base_never_reads_the_head_s_rules_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    git(d, &["init", "-q"]);
    let rules = "extends: royal\njourney:\n  capture_value: 20\n";
    write(d, "rules/a.yaml", rules);
    let sc = "scenario \"capture\"\nrules file \"../rules/FILE\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n";
    write(d, "scenarios/c.goti", &sc.replace("FILE", "a.yaml"));
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    // In place: changed.
    write(d, "rules/a.yaml", &rules.replace("20", "30"));
    let in_place = goti(d, &["diff", "--base", "HEAD", "scenarios"]);
    assert_eq!(code(&in_place), 1, "{}", text(&in_place));
    git(d, &["checkout", "-q", "--", "rules/a.yaml"]);
    // A copy under a new name: changed too, never "unchanged".
    write(d, "rules/b.yaml", &rules.replace("20", "30"));
    write(d, "scenarios/c.goti", &sc.replace("FILE", "b.yaml"));
    let copied = goti(d, &["diff", "--base", "HEAD", "scenarios"]);
    assert_ne!(code(&copied), 0, "{}", text(&copied));
    assert!(
        !text(&copied).contains("1 unchanged"),
        "the base read the head's file: {}",
        text(&copied)
    );
}

/// Sets a file's text keeping its length and modification time.
fn edit_in_secret(path: &Path, from: &str, to: &str) {
    assert_eq!(from.len(), to.len());
    let before = std::fs::metadata(path).unwrap().modified().unwrap();
    let body = std::fs::read_to_string(path).unwrap().replace(from, to);
    std::fs::write(path, body).unwrap();
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(before).unwrap();
}

/// One run's caches know a ruleset file, and every file down its
/// `extends:` chain, by content: two plays with the same options (so the
/// same caches), with the file it extends edited in between without a
/// change of length or time, play the rules as they are at each play,
/// and the top file edited the same way too.
#[test]
fn one_runs_caches_know_every_file_by_content() {
    use goti::runner::{self, RunOptions};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "rules/base.yaml",
        "extends: royal\njourney:\n  capture_value: 20\n",
    );
    write(
        d,
        "rules/top.yaml",
        "extends: base.yaml\njourney:\n  blockade_penalty: 5\n",
    );
    // capture.points: a pair captures one lone guard, 20 a piece (the
    // base file's value).
    let sc = |battle: u32| {
        format!(
            "scenario \"capture\"\nrules file \"../rules/top.yaml\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle {battle}\n"
        )
    };
    write(d, "scenarios/c.goti", &sc(20));
    let d = d.canonicalize().unwrap();
    let d = d.as_path();
    let opts = RunOptions {
        skip_snapshots: true,
        root: Some(std::sync::Arc::from(d)),
        ..RunOptions::default()
    };
    let path = d.join("scenarios/c.goti");
    let play = |battle: u32| {
        let report = runner::run_text("c.goti", &sc(battle), &path, &opts, None);
        assert!(!report.scenarios.is_empty(), "nothing played");
        assert!(report.file_problems.is_empty(), "the rules file is read");
        report.passed()
    };
    assert!(play(20), "the base file's capture value");
    edit_in_secret(
        &d.join("rules/base.yaml"),
        "capture_value: 20",
        "capture_value: 30",
    );
    assert!(
        play(30),
        "the edit down the extends chain, in the same run's caches"
    );
    assert!(!play(20), "the rules from before the edit");
    // The top file sets the value itself now (same length, same time).
    edit_in_secret(
        &d.join("rules/top.yaml"),
        "blockade_penalty: 5",
        "capture_value:   40",
    );
    assert!(
        play(40),
        "the edit of the top file, in the same run's caches"
    );
}

/// `goti watch` and `goti lsp` see an edit to a file that the ruleset file
/// `extends:` — one that keeps its length and time too — as `goti run`
/// does: rules are never served from before the edit.
#[test]
fn long_running_commands_see_an_edit_down_the_extends_chain() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "goti.yaml", "rules: {}\nscenarios:\n  - scenarios\n");
    write(
        d,
        "rules/base.yaml",
        "extends: royal\njourney:\n  capture_value: 20\n",
    );
    write(d, "rules/top.yaml", "extends: base.yaml\n");
    let sc = "scenario \"capture\"\nrules file \"../rules/top.yaml\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n";
    write(d, "scenarios/c.goti", sc);

    // goti watch: it passes, then the base file changes (same length,
    // same time, and `top.yaml` untouched): watch sees it and reruns.
    let mut child = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["watch", "scenarios"])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            tx.send(line).ok();
        }
    });
    let wait_for = |want: &str| {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            if let Ok(l) = rx.recv_timeout(Duration::from_millis(200)) {
                let hit = l.contains(want);
                seen.push(l);
                if hit {
                    return seen;
                }
            }
        }
        panic!("no `{want}` from goti watch: {seen:?}");
    };
    wait_for("1 passed, 0 failed");
    wait_for("watching");
    edit_in_secret(
        &d.join("rules/base.yaml"),
        "capture_value: 20",
        "capture_value: 30",
    );
    // Watch compares content: the edit alone reruns every scenario, under
    // the rules as they are now.
    let seen = wait_for("1 failed");
    child.kill().ok();
    child.wait().ok();
    assert!(
        seen.iter().any(|l| l.contains("0 passed, 1 failed")),
        "watch served the rules from before the edit: {seen:?}"
    );
    let run = goti(d, &["run"]);
    assert_eq!(code(&run), 1, "goti run sees the edit: {}", text(&run));

    // goti lsp (in memory): the same edit, then a save replays.
    edit_in_secret(
        &d.join("rules/base.yaml"),
        "capture_value: 30",
        "capture_value: 20",
    );
    let (server, client) = lsp_server::Connection::memory();
    let handle = std::thread::spawn(move || goti::lsp::serve(&server).map_err(|e| e.to_string()));
    let mut next = 0;
    let mut request = |method: &str, params: serde_json::Value| {
        next += 1;
        client
            .sender
            .send(lsp_server::Message::Request(lsp_server::Request::new(
                next.into(),
                method.into(),
                params,
            )))
            .unwrap();
    };
    let notify = |method: &str, params: serde_json::Value| {
        client
            .sender
            .send(lsp_server::Message::Notification(
                lsp_server::Notification::new(method.into(), params),
            ))
            .unwrap();
    };
    request("initialize", serde_json::json!({"capabilities": {}}));
    notify("initialized", serde_json::json!({}));
    let path = d.join("scenarios/c.goti").canonicalize().unwrap();
    let uri = format!("file://{}", path.display());
    let text_now = std::fs::read_to_string(&path).unwrap();
    notify(
        "textDocument/didOpen",
        serde_json::json!({"textDocument": {"uri": uri, "languageId": "goti", "version": 1, "text": text_now}}),
    );
    // The published diagnostics after each play: none, then the failure.
    let played = |client: &lsp_server::Connection| -> Vec<serde_json::Value> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut last = Vec::new();
        while Instant::now() < deadline {
            match client.receiver.recv_timeout(Duration::from_millis(800)) {
                Ok(lsp_server::Message::Notification(n))
                    if n.method == "textDocument/publishDiagnostics" =>
                {
                    last = n.params["diagnostics"].as_array().unwrap().clone();
                }
                Ok(_) => {}
                Err(_) => return last,
            }
        }
        last
    };
    let first = played(&client);
    assert!(first.is_empty(), "passes at first: {first:?}");
    edit_in_secret(
        &d.join("rules/base.yaml"),
        "capture_value: 20",
        "capture_value: 30",
    );
    notify(
        "textDocument/didSave",
        serde_json::json!({"textDocument": {"uri": uri}}),
    );
    let after = played(&client);
    assert!(
        after
            .iter()
            .any(|d| d["message"].as_str().unwrap_or("").contains("battle")),
        "the language server served the rules from before the edit: {after:?}"
    );
    request("shutdown", serde_json::Value::Null);
    notify("exit", serde_json::Value::Null);
    handle.join().unwrap().unwrap();
}

/// `--games` and `--seed` never wrap: N games are played, or the command
/// refuses (exit 2).
#[test]
fn counts_never_wrap() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["fuzz", "--games", "10", "--seed", "18446744073709551610"][..],
        &["balance", "--games", "18446744073709551615"],
        &["fuzz", "--games", "0"],
    ] {
        let o = goti(d, args);
        assert_eq!(code(&o), 2, "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("-0.00"), "{args:?}: {}", text(&o));
    }
}

/// `-o`/`--output` never replaces what is not a file: a named pipe is
/// written in place (its reader gets the report), a device is written in
/// place (`/dev/full` says it is full and stays a device).
#[test]
fn outputs_never_replace_what_is_not_a_file() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "scenarios/a.goti", PASSING);
    let pipe = d.join("report.pipe");
    mkfifo(&pipe);
    let rx = read_in_background(&pipe);
    let o = goti(
        d,
        &[
            "run",
            "scenarios",
            "--format",
            "json",
            "--output",
            pipe.to_str().unwrap(),
        ],
    );
    assert_eq!(code(&o), 0, "{}", text(&o));
    let got = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the pipe's reader got nothing: the pipe was replaced by a file");
    assert!(
        got.contains("\"summary\""),
        "the reader got the report: {got}"
    );
    assert!(std::fs::symlink_metadata(&pipe)
        .unwrap()
        .file_type()
        .is_fifo());
    // trace -o a full device: the device's own error, the device kept (as
    // root the old rename replaced it with a file). A node of our own where
    // the test may make one, so a regression harms no shared device.
    let full = d.join("full");
    let made = Command::new("mknod")
        .arg(&full)
        .args(["c", "1", "7"])
        .status()
        .is_ok_and(|s| s.success());
    let full = if made {
        full
    } else {
        PathBuf::from("/dev/full")
    };
    let o = goti(d, &["trace", "scenarios", "-o", full.to_str().unwrap()]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(text(&o).contains("No space left"), "{}", text(&o));
    assert!(
        std::fs::symlink_metadata(&full)
            .unwrap()
            .file_type()
            .is_char_device(),
        "{} is still a device",
        full.display()
    );
    // goti report's page into a named pipe: written in place too.
    let page = d.join("page.html");
    mkfifo(&page);
    let rx = read_in_background(&page);
    let o = goti(
        d,
        &[
            "run",
            "--format",
            "html",
            "scenarios",
            "-o",
            page.to_str().unwrap(),
        ],
    );
    assert_eq!(code(&o), 0, "{}", text(&o));
    let got = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the page's reader got nothing: the pipe was replaced by a file");
    assert!(got.contains("</html>"), "{got}");
    assert!(std::fs::symlink_metadata(&page)
        .unwrap()
        .file_type()
        .is_fifo());
    // A folder is refused before any work.
    std::fs::create_dir(d.join("out")).unwrap();
    let o = goti(d, &["trace", "scenarios", "-o", "out"]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(text(&o).contains("folder"), "{}", text(&o));
}

/// `goti init` writes nothing through a committed link on the way, and a
/// folder named like an option is a folder, never an option of git.
#[test]
fn init_stays_in_its_folder() {
    for link in ["rules", ".github", "scenarios"] {
        let dir = tempfile::tempdir().unwrap();
        let (project, outside) = (dir.path().join("p"), dir.path().join("outside"));
        std::fs::create_dir_all(&project).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        symlink("../outside", project.join(link)).unwrap();
        let o = goti(&project, &["init", "."]);
        assert_eq!(code(&o), 2, "{link}: {}", text(&o));
        assert!(text(&o).contains("symbolic link"), "{}", text(&o));
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0, "{link}");
    }
    let dir = tempfile::tempdir().unwrap();
    let o = goti(dir.path(), &["init", "--", "--bare"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(dir.path().join("--bare/goti.yaml").is_file());
    assert!(
        dir.path().join("--bare/.git").is_dir(),
        "a work tree, not bare"
    );
    assert!(
        !dir.path().join("HEAD").exists(),
        "the working folder is no bare repository"
    );
}

/// `goti fmt` on a linked file: a link leaving the project is refused and
/// kept; a link inside it formats its target and stays a link.
#[test]
fn fmt_never_replaces_a_link_with_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let (p, outside) = (dir.path().join("p"), dir.path().join("outside"));
    git(dir.path(), &["init", "-q", "p"]);
    let messy = "scenario   \"x\"\nP1 G1 on 30,P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 29\n";
    write(&outside, "theirs.goti", messy);
    write(&p, "scenarios/real.goti", messy);
    symlink(outside.join("theirs.goti"), p.join("scenarios/theirs.goti")).unwrap();
    symlink("real.goti", p.join("scenarios/alias.goti")).unwrap();
    let o = goti(&p, &["fmt", "scenarios/theirs.goti"]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(std::fs::symlink_metadata(p.join("scenarios/theirs.goti"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(outside.join("theirs.goti")).unwrap(),
        messy
    );
    let o = goti(&p, &["fmt", "scenarios/alias.goti"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(std::fs::symlink_metadata(p.join("scenarios/alias.goti"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_ne!(
        std::fs::read_to_string(p.join("scenarios/real.goti")).unwrap(),
        messy
    );
}

/// A ruleset file named on the command line may lie anywhere; what it
/// `extends:` must lie inside the project: an outside file is not read,
/// its values never quoted, and whether it exists never told.
#[test]
fn extends_from_a_command_line_file_stays_in_the_project() {
    let dir = tempfile::tempdir().unwrap();
    let (p, outside) = (dir.path().join("p"), dir.path().join("outside"));
    git(dir.path(), &["init", "-q", "p"]);
    write(&p, "scenarios/a.goti", PASSING);
    write(
        &outside,
        "secret.yaml",
        &format!("extends: royal\njourney:\n  capture_value: \"{SECRET}\"\n"),
    );
    write(&p, "head.yaml", "extends: ../outside/secret.yaml\n");
    write(&p, "ghost.yaml", "extends: ../outside/missing.yaml\n");
    let mut said = Vec::new();
    for file in ["head.yaml", "ghost.yaml"] {
        for args in [
            vec!["run", "--ruleset", file],
            vec!["diff", "--ruleset", file],
            vec!["balance", "--ruleset", file, "--games", "2"],
            vec!["diff", "--base", file],
        ] {
            let o = goti(&p, &args);
            assert_eq!(code(&o), 2, "{args:?}: {}", text(&o));
            assert!(!text(&o).contains(SECRET), "{args:?}: {}", text(&o));
            assert!(
                text(&o).contains("outside the project"),
                "{args:?}: {}",
                text(&o)
            );
            said.push(
                text(&o)
                    .replace(file, "F")
                    .replace("secret", "X")
                    .replace("missing", "X"),
            );
        }
    }
    assert_eq!(
        said[..4],
        said[4..],
        "existing and missing outside files read alike"
    );
}

/// `--base-trace` reads a regular file only, up to the trace limit: a
/// named pipe or a link to `/dev/zero` is refused at once.
#[test]
fn a_base_trace_is_a_regular_file_within_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "scenarios/a.goti", PASSING);
    mkfifo(&d.join("base.pipe"));
    symlink("/dev/zero", d.join("zero.trace")).unwrap();
    for file in ["base.pipe", "zero.trace"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_goti"))
            .args(["diff", "--base-trace", file, "scenarios"])
            .current_dir(d)
            .env("CI", "true")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > Duration::from_secs(20) {
                child.kill().ok();
                child.wait().ok();
                panic!("{file}: goti diff still reading after 20 s");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let o = child.wait_with_output().unwrap();
        assert_eq!(code(&o), 2, "{file}: {}", text(&o));
        assert!(text(&o).contains("not a regular file"), "{}", text(&o));
    }
}

/// `goti balance --format markdown` (and a merge of its shards) escapes the
/// ruleset paths goti.yaml names: no HTML and no new block in a pull
/// request's comment.
#[test]
fn balance_markdown_escapes_paths() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = "<img src=x onerror=alert(1)>\n## owned.yaml";
    write(d, &format!("rules/{name}"), "extends: royal\n");
    write(
        d,
        "goti.yaml",
        &format!(
            "rules:\n  royal: {}\nscenarios:\n  - scenarios\n",
            serde_json::to_string(&format!("rules/{name}")).unwrap()
        ),
    );
    write(d, "scenarios/a.goti", PASSING);
    let o = goti(d, &["balance", "--games", "4", "--format", "markdown"]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(!md.contains("<img"), "{md}");
    assert!(!md.lines().any(|l| l.starts_with("## owned")), "{md}");
    let parts = shards(d, &["balance", "--games", "4", "--format", "json"], 2);
    let mut args = vec!["merge".to_string(), "--format".into(), "markdown".into()];
    args.extend(parts.iter().map(|p| p.display().to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = goti(d, &refs);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(!md.contains("<img"), "{md}");
    assert!(!md.lines().any(|l| l.starts_with("## owned")), "{md}");
}
