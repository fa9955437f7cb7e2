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

/// `goti watch`: a saved change is rerun and reported; Ctrl-C ends it
/// with exit 0.
#[test]
fn watch_reports_a_saved_change() {
    let tmp = tempfile::tempdir().unwrap();
    assert_eq!(
        goti(tmp.path(), &["init", "--game", "maedn"]).status.code(),
        Some(0)
    );
    let mut child = Command::new(GOTI)
        .arg("watch")
        .current_dir(tmp.path())
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
    let wait_for = |needle: &str, seen: &mut Vec<String>| {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(line) = rx.recv_timeout(Duration::from_millis(100)) {
                let hit = line.contains(needle);
                seen.push(line);
                if hit {
                    return true;
                }
            }
        }
        false
    };
    let mut seen = Vec::new();
    assert!(wait_for("watching", &mut seen), "{seen:?}");
    let file = tmp.path().join("scenarios/maedn.goti");
    let before = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        before.replace("expect P1 G1 on 9", "expect P1 G1 on 10"),
    )
    .unwrap();
    assert!(wait_for("-- changed: ", &mut seen), "{seen:?}");
    assert!(wait_for("1 passed, 1 failed", &mut seen), "{seen:?}");
    // A ruleset change reruns every scenario.
    let rules = tmp.path().join("rules/maedn.yaml");
    let r = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, format!("{r}\n")).unwrap();
    assert!(wait_for("-- rules changed", &mut seen), "{seen:?}");
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(wait_for("stopped watching", &mut seen), "{seen:?}");
}
