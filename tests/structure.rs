//! The shape the code keeps (issue: a CLI that is only a shell): no file
//! under `src/cli/` over 500 lines, no function over 150 lines, one call
//! that plays files.

use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.expect("src is readable");
        if e.path().extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(e.path()).expect("a source file");
            out.push((e.path().to_path_buf(), text));
        }
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Functions and their length in lines: from a line whose code starts with
/// `fn`/`pub fn`/`pub(..) fn` to the first line after it that is only the
/// closing brace at the same indentation.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let code = l.trim_start();
        let indent = &l[..l.len() - code.len()];
        let rest = code
            .strip_prefix("pub(crate) ")
            .or_else(|| code.strip_prefix("pub(super) "))
            .or_else(|| code.strip_prefix("pub "))
            .unwrap_or(code);
        let rest = rest.strip_prefix("const ").unwrap_or(rest);
        let Some(sig) = rest.strip_prefix("fn ") else {
            continue;
        };
        if l.trim_end().ends_with(';') {
            continue;
        }
        let name: String = sig
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(j) = lines[i + 1..].iter().position(|x| *x == close) {
            out.push((name, i + 1, j + 2));
        }
    }
    out
}

#[test]
fn no_function_is_over_150_lines() {
    let mut long = Vec::new();
    for (path, text) in sources(&src()) {
        for (name, line, len) in functions(&text) {
            if len > 150 {
                long.push(format!("{}:{line} {name}: {len} lines", path.display()));
            }
        }
    }
    assert!(long.is_empty(), "split these: {long:#?}");
}

#[test]
fn the_function_finder_finds_functions() {
    let text =
        "fn a() {\n    x();\n}\n\nimpl B {\n    pub(crate) fn c(&self) {\n        y();\n    }\n}\n";
    assert_eq!(
        functions(text),
        vec![("a".to_string(), 1, 3), ("c".to_string(), 6, 3)]
    );
    // The finder sees the long functions of the crate it checks.
    let all: usize = sources(&src())
        .iter()
        .map(|(_, t)| functions(t).len())
        .sum();
    assert!(all > 1000, "only {all} functions found in src/");
}

#[test]
fn every_file_under_cli_is_at_most_500_lines() {
    let long: Vec<String> = sources(&src().join("cli"))
        .into_iter()
        .filter(|(_, t)| t.lines().count() > 500)
        .map(|(p, t)| format!("{}: {} lines", p.display(), t.lines().count()))
        .collect();
    assert!(long.is_empty(), "{long:#?}");
}

#[test]
fn files_are_played_by_one_call() {
    // runner::play_files (and play_each over it) is the only way in; the
    // runner's own readers are private to it.
    let mut elsewhere = Vec::new();
    for (path, text) in sources(&src()) {
        if path.ends_with("runner/mod.rs") {
            continue;
        }
        for needle in ["run_file(", "run_file_under("] {
            if text.contains(needle) {
                elsewhere.push(format!("{} calls {needle}", path.display()));
            }
        }
    }
    assert!(elsewhere.is_empty(), "{elsewhere:#?}");
    let runner = std::fs::read_to_string(src().join("runner/mod.rs")).expect("runner");
    assert!(runner.contains("pub fn play_files<F>("));
    assert!(
        !runner.contains("pub fn run_file("),
        "run_file stays private"
    );
}
