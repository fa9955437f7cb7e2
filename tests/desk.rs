//! `goti init` and `goti watch` through the built binary.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const GOTI: &str = env!("CARGO_BIN_EXE_goti");

fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(GOTI)
        .args(args)
        .current_dir(dir)
        .env_remove("CI")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `goti init` then `goti run`, no other step, for every game; the project
/// is a git repository, and `goti diff --base HEAD` before the first commit
/// says what to do (exit 2).
#[test]
fn init_then_run_passes_for_every_game() {
    for game in ["royal", "portal", "maedn"] {
        let tmp = tempfile::tempdir().unwrap();
        let o = goti(tmp.path(), &["init", "p", "--game", game]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(text(&o).contains("git init"), "{}", text(&o));
        let dir = tmp.path().join("p");
        for f in [
            "goti.yaml",
            &format!("rules/{game}.yaml"),
            &format!("scenarios/{game}.goti"),
            ".gitignore",
            ".github/workflows/goti.yml",
            ".github/workflows/goti-comment.yml",
            ".github/actions/goti/action.yml",
            ".github/actions/goti/install-goti.sh",
        ] {
            assert!(dir.join(f).is_file(), "{game}: {f} missing");
        }
        assert!(dir.join(".git").is_dir());
        let rules = std::fs::read_to_string(dir.join(format!("rules/{game}.yaml"))).unwrap();
        assert!(rules.contains(&format!("\nextends: {game}\n")), "{rules}");
        let o = goti(&dir, &["run"]);
        assert_eq!(o.status.code(), Some(0), "{game}: {}", text(&o));
        assert!(text(&o).contains("2 passed, 0 failed"), "{}", text(&o));
        let o = goti(&dir, &["check"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let o = goti(&dir, &["fmt", "--check"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "the examples are formatted: {}",
            text(&o)
        );
        let o = goti(&dir, &["diff", "--base", "HEAD"]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(text(&o).contains("no commit yet"), "{}", text(&o));
        // Every commented key is a real key: uncommenting the file's whole
        // body gives the defaults again.
        let uncommented: String = rules
            .lines()
            .map(|l| {
                l.strip_prefix("# ")
                    .filter(|_| {
                        !l.starts_with("# The")
                            && !l.starts_with("# written")
                            && !l.starts_with("# diff")
                    })
                    .unwrap_or(l)
            })
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        std::fs::write(dir.join(format!("rules/{game}.yaml")), uncommented).unwrap();
        let o = goti(&dir, &["run"]);
        assert_eq!(o.status.code(), Some(0), "{game} uncommented: {}", text(&o));
    }
}

#[test]
fn init_overwrites_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("goti.yaml"), "# mine\n").unwrap();
    let o = goti(tmp.path(), &["init"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("goti.yaml"), "{}", text(&o));
    assert!(text(&o).contains("overwrites nothing"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("goti.yaml")).unwrap(),
        "# mine\n"
    );
    assert!(
        !tmp.path().join("scenarios").exists(),
        "nothing else written"
    );
    assert!(!tmp.path().join(".git").exists(), "no git init either");
}

/// `goti watch ARGS` running in `dir`, its output lines arriving on a channel.
struct Watching {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Watching {
    fn start(dir: &std::path::Path, args: &[&str]) -> Watching {
        let mut child = Command::new(GOTI)
            .arg("watch")
            .args(args)
            .current_dir(dir)
            .env_remove("CI")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut w = Watching {
            child,
            lines: rx,
            seen: Vec::new(),
        };
        assert!(w.wait_for("watching"), "{:?}", w.seen);
        w
    }

    /// The first line (within 10 s) holding `needle`.
    fn wait_for(&mut self, needle: &str) -> bool {
        self.line_with(needle).is_some()
    }

    fn line_with(&mut self, needle: &str) -> Option<String> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                self.seen.push(line.clone());
                if line.contains(needle) {
                    return Some(line);
                }
            }
        }
        None
    }

    /// Ctrl-C: exit 0 and "stopped watching".
    fn stop(mut self) {
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGINT);
        }
        let status = self.child.wait().unwrap();
        assert_eq!(status.code(), Some(0));
        assert!(self.wait_for("stopped watching"), "{:?}", self.seen);
    }
}

/// `goti watch`: a saved change is rerun and reported; Ctrl-C ends it
/// with exit 0.
#[test]
fn watch_reports_a_saved_change() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(
        goti(tmp.path(), &["init", "--game", "maedn"]).status.code(),
        Some(0)
    );
    let mut w = Watching::start(tmp.path(), &[]);
    let file = tmp.path().join("scenarios/maedn.goti");
    let before = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        before.replace("expect P1 G1 on 9", "expect P1 G1 on 10"),
    )
    .unwrap();
    assert!(w.wait_for("-- changed: "), "{:?}", w.seen);
    assert!(w.wait_for("1 passed, 1 failed"), "{:?}", w.seen);
    // A ruleset change reruns every scenario.
    let rules = tmp.path().join("rules/maedn.yaml");
    let r = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, format!("{r}\n")).unwrap();
    assert!(w.wait_for("-- rules changed"), "{:?}", w.seen);
    w.stop();
}

/// `goti watch .` names a changed ruleset file once, as it is reached from
/// `.` (it named it twice, absolute and relative: issue 50).
#[test]
fn watch_of_the_root_names_a_changed_file_once() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(goti(tmp.path(), &["init"]).status.code(), Some(0));
    let mut w = Watching::start(tmp.path(), &["."]);
    let rules = tmp.path().join("rules/royal.yaml");
    let r = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, format!("{r}\n")).unwrap();
    let line = w
        .line_with("-- rules changed")
        .unwrap_or_else(|| panic!("{:?}", w.seen));
    assert_eq!(
        line,
        "-- rules changed (./rules/royal.yaml): every scenario"
    );
    w.stop();
}
