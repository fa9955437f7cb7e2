//! Memory and page bounds of the pages goti writes (`goti report`,
//! `goti explain --format html`): over an 8 MiB scenario file of long
//! scenarios both stay under 256 MB resident and write under 64 MB of
//! page; `goti report` over 50,000 small scenarios stays under 500 MB.
//! Peak memory is the child's own (`wait4`'s `ru_maxrss`).

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
    let (code, rss) = peak(dir.path(), &["report", "-o", "report.html"]);
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
    let (code, rss) = peak(dir.path(), &["report", "-o", "report.html"]);
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
