//! Memory and page bounds of the pages goti writes (`goti report`,
//! `goti explain --format html`): over an 8 MiB scenario file of long
//! scenarios both stay under 256 MB resident and write under 64 MB of
//! page; `goti report` over 50,000 small scenarios stays under 500 MB.
//! `explain` (text), `render` and `trace` stay within three times `goti
//! run`'s memory on the same file, and `goti lsp` under 256 MB at the 8 MiB
//! file limit, its framing bounded. Peak memory is the child's own (`wait4`'s `ru_maxrss`).

use std::path::Path;
use std::process::{Command, Stdio};

const MB: u64 = 1024 * 1024;

/// Runs goti in `dir` with `args`: its exit code and peak resident bytes.
// The child is waited for by `wait4`, which also gives its peak memory.
#[allow(clippy::zombie_processes)]
fn peak(dir: &Path, args: &[&str]) -> (i32, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("goti runs");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: pid is our own child, not yet waited for.
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(got, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, usage.ru_maxrss as u64 * 1024)
}

/// An 8 MiB file of long scenarios: each of about 10,000 steps (refusals,
/// each a step of the transcript with a picture to draw).
fn big_file(dir: &Path) -> u64 {
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let step = "expect illegal(exit.cost) exit G1\n";
    let mut text = String::new();
    let mut k = 0;
    loop {
        let mut sc = format!("scenario \"long {k}\"\nP1 G1 on 40, P2 G1 on 10\n");
        for _ in 0..9_990 {
            sc.push_str(step);
        }
        if text.len() + sc.len() > 8 * MB as usize - 1024 {
            break;
        }
        text.push_str(&sc);
        k += 1;
    }
    std::fs::write(dir.join("scenarios/long.goti"), &text).unwrap();
    text.len() as u64
}

#[test]
fn report_and_explain_pages_of_an_8_mib_file_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let size = big_file(dir.path());
    assert!(size > 7 * MB, "{size}");
    let (code, rss) = peak(
        dir.path(),
        &["run", "--format", "html", "-o", "report.html"],
    );
    let page = std::fs::metadata(dir.path().join("report.html"))
        .unwrap()
        .len();
    assert_eq!(code, 0, "report");
    assert!(rss < 256 * MB, "report: {} MB resident", rss / MB);
    assert!(page < 64 * MB, "report: {} MB of page", page / MB);
    let page_text = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(
        page_text.contains("steps not shown"),
        "long scenarios are summarised"
    );
    let (code, rss) = peak(
        dir.path(),
        &[
            "explain",
            "scenarios/long.goti",
            "--format",
            "html",
            "-o",
            "explain.html",
        ],
    );
    let page = std::fs::metadata(dir.path().join("explain.html"))
        .unwrap()
        .len();
    assert_eq!(code, 0, "explain");
    assert!(rss < 256 * MB, "explain: {} MB resident", rss / MB);
    assert!(page < 64 * MB, "explain: {} MB of page", page / MB);
    let page_text = std::fs::read_to_string(dir.path().join("explain.html")).unwrap();
    assert!(
        page_text.contains("not drawn"),
        "pictures past the limit are named"
    );
    assert!(page_text.contains("<svg"), "the first steps are drawn");
}

#[test]
fn a_report_of_50000_small_scenarios_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    for f in 0..5 {
        let mut text = String::new();
        for k in 0..10_000 {
            text.push_str(&format!(
                "scenario \"s{k}\"\nP1 G1 on 40, P2 G1 on 10\nmove G1 1\nexpect P1 G1 on 39\n\n"
            ));
        }
        std::fs::write(dir.path().join(format!("scenarios/f{f}.goti")), text).unwrap();
    }
    let (code, rss) = peak(
        dir.path(),
        &["run", "--format", "html", "-o", "report.html"],
    );
    assert_eq!(code, 0);
    assert!(rss < 500 * MB, "{} MB resident", rss / MB);
    let page = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(
        page.contains("50000 passed, 0 failed"),
        "every scenario is counted"
    );
    assert!(
        page.contains("board not drawn"),
        "boards past the limit are named"
    );
    assert!(page.matches("<figure class=\"board\">").count() <= 1_000);
}

/// A 240 KB file of four long maedn scenarios (refusals after a throw).
fn maedn_file(dir: &Path) {
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let mut text = String::new();
    for k in 0..4 {
        text.push_str(&format!(
            "scenario \"long {k}\"\nrules maedn\nplayers 4\nP1 G1 on 5, P2 G1 on 12\nroll 3\n"
        ));
        text.push_str(&"expect illegal(dice.one) roll 4\n".repeat(1800));
    }
    std::fs::write(dir.join("scenarios/long.goti"), text).unwrap();
}

/// `explain` (text), `render` and `trace` hold at most three times what
/// `goti run` holds on the same file: a picture is made only where one is
/// shown (`render` draws its one step; `explain`'s text draws none).
#[test]
fn explain_render_and_trace_stay_within_three_runs() {
    for (name, make) in [
        ("8 MiB royal", big_file as fn(&Path) -> u64),
        ("240 KB maedn", |d: &Path| {
            maedn_file(d);
            0
        }),
    ] {
        let dir = tempfile::tempdir().unwrap();
        make(dir.path());
        let (code, run) = peak(dir.path(), &["run", "scenarios"]);
        assert_eq!(code, 0, "{name}: run");
        for args in [
            &["explain", "scenarios/long.goti"][..],
            &["render", "scenarios/long.goti", "-o", "b.svg"],
            &["render", "scenarios/long.goti:4", "-o", "b.svg"],
            &["trace", "scenarios", "-o", "t.trace"],
        ] {
            let (code, rss) = peak(dir.path(), args);
            assert!(code <= 2, "{name} {args:?}: exit {code}");
            assert!(
                rss <= 3 * run,
                "{name} {args:?}: {} MB resident against {} MB for goti run",
                rss / MB,
                run / MB
            );
        }
        let svg = std::fs::read_to_string(dir.path().join("b.svg")).unwrap();
        assert!(svg.starts_with("<svg"), "{name}: render drew its step");
    }
}

/// `goti lsp` over standard input with an 8 MiB document: opened, checked,
/// played and hovered under 256 MB; a claimed frame length over the limit
/// is a clean protocol error, with no large allocation.
#[test]
// The child is waited for by `wait4`, which also gives its peak memory.
#[allow(clippy::zombie_processes)]
fn the_language_server_is_bounded_at_the_file_limit() {
    use std::io::{Read, Write};
    let frame = |v: serde_json::Value| {
        let body = v.to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    };
    let dir = tempfile::tempdir().unwrap();
    big_file(dir.path());
    let path = dir.path().join("scenarios/long.goti");
    let text = std::fs::read_to_string(&path).unwrap();
    let uri = format!("file://{}", path.display());
    let lsp = |input: Vec<u8>, wait_for: usize| -> (i32, u64, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_goti"))
            .arg("lsp")
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let err = std::thread::spawn(move || {
            let mut s = String::new();
            stderr.read_to_string(&mut s).ok();
            s
        });
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let out = std::thread::spawn(move || {
            let mut all = Vec::new();
            let mut buf = [0u8; 65536];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                all.extend_from_slice(&buf[..n]);
                tx.send(String::from_utf8_lossy(&all).into_owned()).ok();
            }
        });
        stdin.write_all(&input).ok();
        // Wait for the published diagnostics and the hover's answer.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while wait_for > 0 && std::time::Instant::now() < deadline {
            match rx.recv_timeout(std::time::Duration::from_secs(1)) {
                Ok(s) if s.matches("publishDiagnostics").count() >= 2 && s.contains("\"id\":2") => {
                    break
                }
                _ => {}
            }
        }
        let end = format!(
            "{}{}",
            frame(serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})),
            frame(serde_json::json!({"jsonrpc": "2.0", "method": "exit"}))
        );
        stdin.write_all(end.as_bytes()).ok();
        drop(stdin);
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 fills it for our child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let pid = child.id() as libc::pid_t;
        // SAFETY: pid is our own child, not yet waited for.
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        assert_eq!(got, pid);
        out.join().unwrap();
        let code = if libc::WIFEXITED(status) {
            libc::WEXITSTATUS(status)
        } else {
            -1
        };
        (code, usage.ru_maxrss as u64 * 1024, err.join().unwrap())
    };
    let mut input = String::new();
    input += &frame(
        serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    input += &frame(serde_json::json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    input += &frame(
        serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "goti", "version": 1, "text": text}}}),
    );
    input += &frame(
        serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 10}}}),
    );
    let (code, rss, err) = lsp(input.into_bytes(), 1);
    assert_eq!(code, 0, "{err}");
    assert!(rss < 256 * MB, "goti lsp: {} MB resident", rss / MB);
}

/// A claimed frame length over the limit is a clean protocol error (exit
/// 2 with words), with no large allocation.
#[test]
// The child is waited for by `wait4`, which also gives its peak memory.
#[allow(clippy::zombie_processes)]
fn a_huge_claimed_frame_length_is_a_clean_protocol_error() {
    use std::io::Write;
    for claim in ["99999999999999", "1000000000"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_goti"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("Content-Length: {claim}\r\n\r\n{{}}").as_bytes())
            .ok();
        let mut stderr = child.stderr.take().unwrap();
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 fills it for our child.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let pid = child.id() as libc::pid_t;
        // SAFETY: pid is our own child, not yet waited for.
        let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        assert_eq!(got, pid);
        let mut err = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut err).ok();
        assert!(
            libc::WIFEXITED(status),
            "{claim}: the server aborted: {err}"
        );
        assert_eq!(libc::WEXITSTATUS(status), 2, "{claim}: {err}");
        assert!(err.contains("protocol error"), "{claim}: {err}");
        let rss = usage.ru_maxrss as u64 * 1024;
        assert!(rss < 64 * MB, "{claim}: {} MB resident", rss / MB);
    }
}
