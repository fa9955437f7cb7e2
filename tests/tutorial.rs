//! docs/src/tutorial.md runs: its `sh` blocks in order in one temporary
//! folder (each block in the folder the one before ended in), with the
//! built goti first on PATH; each `text` block after an `sh` block must
//! appear, line by line, in what that block printed.

use std::path::PathBuf;
use std::process::Command;

fn blocks(md: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = md.lines();
    while let Some(l) = lines.next() {
        if let Some(lang) = l.strip_prefix("```") {
            if lang.is_empty() {
                continue;
            }
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            out.push((lang.to_string(), body.join("\n")));
        }
    }
    out
}

#[test]
fn every_tutorial_block_runs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let md = std::fs::read_to_string(root.join("docs/src/tutorial.md")).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_goti"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let tmp = tempfile::tempdir().unwrap();
    let mut cwd = tmp.path().to_path_buf();
    let cwd_file = tmp.path().join(".cwd");
    let mut last_output = None;
    let mut ran = 0;
    for (lang, body) in blocks(&md) {
        match lang.as_str() {
            "sh" => {
                let script = format!("set -e\n{body}\npwd > '{}'\n", cwd_file.display());
                let o = Command::new("bash")
                    .arg("-c")
                    .arg(&script)
                    .current_dir(&cwd)
                    .env("PATH", &path)
                    .env_remove("CI")
                    .env("GIT_CONFIG_GLOBAL", "/dev/null")
                    .env("NO_COLOR", "1")
                    .output()
                    .unwrap();
                let out = format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                );
                assert!(
                    o.status.success(),
                    "block failed:\n{body}\n--- printed:\n{out}"
                );
                cwd = PathBuf::from(std::fs::read_to_string(&cwd_file).unwrap().trim());
                last_output = Some(out);
                ran += 1;
            }
            "text" => {
                let out = last_output
                    .take()
                    .expect("a text block follows an sh block");
                for want in body.lines() {
                    assert!(out.contains(want), "`{want}` not in:\n{out}");
                }
            }
            _ => {}
        }
    }
    assert!(ran >= 6, "only {ran} blocks ran");
}
