//! A change to the engine's *code* reported by `goti diff`: a copy of this
//! crate in a temporary repository, one commit that doubles the capture
//! points in `crates/games/royal/rules/src/capture.rs`, built for real. `goti diff
//! --base HEAD~1 --build` (the base's goti built in a worktree) groups the
//! changed scenarios under `capture.points`, and `--base-trace` with the
//! base build's trace gives the same report. Built only with `--features
//! goti-stages/build-test` (it compiles goti twice): its own step of `.ci/run`. Both
//! builds are unoptimised (`UNOPTIMISED`): what is checked is which
//! outcomes a code change moves, which no optimisation changes, and an
//! optimised build of goti twice would take most of CI's time.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Cargo's settings for both builds: the release profile without its
/// optimisation (`cargo xtask diff-build` builds `--release`, and its
/// cargo inherits these), about half the time to compile.
const UNOPTIMISED: [(&str, &str); 2] = [
    ("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0"),
    ("CARGO_PROFILE_RELEASE_DEBUG", "false"),
];

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("the command runs")
}

fn ok(cmd: &mut Command) {
    let o = run(cmd);
    assert!(
        o.status.success(),
        "{cmd:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

fn git(dir: &Path, args: &[&str]) {
    ok(Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "goti")
        .env("GIT_AUTHOR_EMAIL", "goti@example.invalid")
        .env("GIT_COMMITTER_NAME", "goti")
        .env("GIT_COMMITTER_EMAIL", "goti@example.invalid"));
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn an_engine_code_change_is_reported_by_rule_from_a_build_and_from_a_trace() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // One target folder for both builds, so the dependencies compile once.
    let target = here.join("target/build-test");
    let tmp = tempfile::tempdir().unwrap();
    let copy = tmp.path().join("goti");
    let listed = run(Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(&here));
    for name in listed.stdout.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let rel = String::from_utf8_lossy(name).into_owned();
        let (from, to) = (here.join(&rel), copy.join(&rel));
        if from.is_file() {
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(&from, &to).unwrap();
        }
    }
    git(&copy, &["init", "-q", "-b", "main"]);
    git(&copy, &["add", "-A"]);
    git(&copy, &["commit", "-q", "-m", "base"]);
    let capture = copy.join("crates/games/royal/rules/src/capture.rs");
    let code = std::fs::read_to_string(&capture).unwrap();
    let from = "self.mode_params().capture_value * count * factor;";
    assert!(code.contains(from), "the capture points are decided here");
    std::fs::write(
        &capture,
        code.replace(
            from,
            "self.mode_params().capture_value * count * factor * 2;",
        ),
    )
    .unwrap();
    git(
        &copy,
        &["commit", "-q", "-am", "capture points doubled in code"],
    );
    let build = |offline: bool| {
        let mut c = Command::new(env!("CARGO"));
        c.args(["build", "--release", "--locked", "-p", "xtask"])
            .current_dir(&copy)
            .envs(UNOPTIMISED)
            .env("CARGO_TARGET_DIR", &target);
        if offline {
            c.arg("--offline");
        }
        run(&mut c).status.success()
    };
    assert!(build(true) || build(false), "the changed goti builds");
    // The head's developer tool (with the user's goti inside, as `xtask
    // goti`), copied out of the target folder the base build reuses.
    let head = tmp.path().join("head-xtask");
    std::fs::copy(target.join("release/xtask"), &head).unwrap();
    let goti = |args: &[&str]| {
        run(Command::new(&head)
            .args(args)
            .current_dir(&copy)
            .env("CI", "true")
            .env("NO_COLOR", "1")
            .envs(UNOPTIMISED)
            .env("CARGO_TARGET_DIR", &target))
    };
    let built = goti(&["diff-build", "--base", "HEAD~1"]);
    let report = text(&built);
    assert_eq!(built.status.code(), Some(1), "{report}");
    assert!(report.contains("built by diff-build"), "{report}");
    assert!(report.contains("capture.points:"), "{report}");
    assert!(report.contains("now failing ("), "{report}");
    assert!(
        report.contains("changed, still passing ("),
        "silent changes too: {report}"
    );
    // The same report from the base build's trace.
    let trace = std::fs::read_dir(copy.join(".git/goti-base"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "trace"))
        .expect("the base build left its trace");
    let from_trace = goti(&["goti", "diff", "--base-trace", trace.to_str().unwrap()]);
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(from_trace.status.code(), Some(1));
    assert_eq!(
        body(&text(&from_trace)),
        body(&report),
        "one report, either way"
    );
}
