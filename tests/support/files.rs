//! File and git helpers the binary-running tests share, with no binary of
//! their own named (so the developer tool's tests include them too, by
//! path): an output as text, a file written, git run in a folder.

use std::path::Path;
use std::process::{Command, Output};

/// Standard output, then standard error.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes `body` to `dir/name`, making the folders on the way.
pub fn write(dir: &Path, name: &str, body: &str) {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, body).unwrap();
}

/// Runs git in `dir` as a fixed author; a failure fails the test.
pub fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .output()
        .expect("git runs");
    assert!(ok.status.success(), "git {args:?}: {}", text(&ok));
}
