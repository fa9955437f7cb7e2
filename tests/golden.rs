//! Golden outputs: every command on the shipped suite gives, byte for byte
//! (timings aside), what it gave on the commit before the games became
//! slices and the layers crates (issue 45). A refactor that changes what a
//! user sees fails here, naming the command.
//!
//! The files in `tests/golden/` were captured from the build before the
//! change; `GOTI_GOLDEN=write cargo test --test golden` writes the ones
//! missing (never over an existing one: a deliberate change of output deletes
//! the file first, in the same commit as the change).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What a command printed with its timings and thread counts blanked.
fn timeless(text: &str) -> String {
    let seconds = json_seconds(&regex_lite(text, &[" s,", " s\n", " s:", " s ", " s)"]));
    seconds
        .split('\n')
        .map(|line| {
            let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
            for i in 0..words.len() {
                let next = words.get(i + 1).cloned().unwrap_or_default();
                if next.starts_with("turns/s") || next.starts_with("games/s") {
                    words[i] = "<rate>".into();
                }
                if next.starts_with("thread(s)") {
                    words[i] = "<n>".into();
                }
            }
            words.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Blanks the number of every JSON `"seconds":` field.
fn json_seconds(text: &str) -> String {
    let key = "\"seconds\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        out.push_str(&rest[..at + key.len()]);
        rest = rest[at + key.len()..]
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == 'e' || c == '-');
        out.push_str("\"<secs>\"");
    }
    out.push_str(rest);
    out
}

/// Blanks a decimal number written just before one of `units` (`0.0 s`).
fn regex_lite(text: &str, units: &[&str]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'outer: while !rest.is_empty() {
        for unit in units {
            if let Some(after) = rest.strip_prefix(unit) {
                // Drop the number just written, if one was.
                let keep = out.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
                if keep.len() < out.len() && keep.ends_with(' ') {
                    out.truncate(keep.len());
                    out.push_str("<secs>");
                }
                out.push_str(unit);
                rest = after;
                continue 'outer;
            }
        }
        let c = rest.chars().next().expect("not empty");
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// One command: its golden file's name and its arguments. `@OUT` stands
/// for a scratch file the command writes, compared in place of stdout.
const COMMANDS: &[(&str, &[&str])] = &[
    ("run", &["run"]),
    ("run-json", &["run", "--format", "json"]),
    ("run-junit", &["run", "--format", "junit"]),
    (
        "run-github",
        &["run", "--format", "github", "scenarios/portal"],
    ),
    ("check", &["check"]),
    ("list", &["list"]),
    ("list-tag", &["list", "--tag", "example"]),
    (
        "explain",
        &[
            "explain",
            "scenarios/royal/worked-examples.goti",
            "--name",
            "rolls example 003",
        ],
    ),
    (
        "explain-board",
        &["explain", "scenarios/portal/captures.goti", "--board"],
    ),
    (
        "explain-maedn",
        &["explain", "scenarios/maedn/captures.goti", "--board"],
    ),
    (
        "explain-html",
        &[
            "explain",
            "scenarios/royal/worked-examples.goti",
            "--name",
            "merge capture on a shared tile",
            "--format",
            "html",
            "-o",
            "@OUT.html",
        ],
    ),
    (
        "render-royal",
        &[
            "render",
            "scenarios/royal/worked-examples.goti",
            "--name",
            "rolls example 003",
            "--step",
            "1",
            "-o",
            "@OUT.svg",
        ],
    ),
    (
        "render-portal",
        &[
            "render",
            "scenarios/portal/captures.goti",
            "--name",
            "a capture in a toilet pit",
            "--step",
            "1",
            "-o",
            "@OUT.svg",
        ],
    ),
    (
        "render-maedn",
        &[
            "render",
            "scenarios/maedn/captures.goti:4",
            "--step",
            "1",
            "-o",
            "@OUT.svg",
        ],
    ),
    (
        "render-race",
        &[
            "render",
            "scenarios/race/captures.goti",
            "--name",
            "in a Ludo, nobody is captured on a safe field",
            "--step",
            "1",
            "-o",
            "@OUT.svg",
        ],
    ),
    (
        "report",
        &[
            "run",
            "--format",
            "html",
            "--name",
            "merge capture",
            "-o",
            "@OUT.html",
        ],
    ),
    (
        "trace",
        &[
            "trace",
            "scenarios/maedn",
            "scenarios/royal/worked-examples.goti",
        ],
    ),
    ("diff-set", &["diff", "--set", "journey.capture_value=30"]),
    (
        "diff-set-json",
        &[
            "diff",
            "--set",
            "journey.capture_value=30",
            "--format",
            "json",
        ],
    ),
    (
        "diff-set-markdown",
        &["diff", "--set", "tokens.sit=2", "--format", "markdown"],
    ),
    ("rules-royal", &["rules", "--game", "royal"]),
    ("rules-portal", &["rules", "--game", "portal"]),
    ("rules-maedn", &["rules", "--game", "maedn"]),
    ("rules-race", &["rules", "--game", "race"]),
    ("rules-royal-dump", &["rules", "--game", "royal", "--dump"]),
    (
        "rules-portal-dump",
        &["rules", "--game", "portal", "--dump"],
    ),
    ("rules-maedn-dump", &["rules", "--game", "maedn", "--dump"]),
    ("coverage", &["coverage"]),
    ("help", &["--help"]),
    ("fuzz-royal", &["fuzz", "--games", "30", "--mode", "clash"]),
    (
        "fuzz-journey",
        &[
            "fuzz",
            "--games",
            "20",
            "--mode",
            "journey",
            "--players",
            "2",
        ],
    ),
    ("mutate-forts", &["mutate", "--only", "board.forts"]),
    (
        "balance",
        &[
            "balance",
            "--games",
            "40",
            "--set",
            "journey.capture_value=30",
            "--mode",
            "journey",
        ],
    ),
    (
        "balance-json",
        &[
            "balance",
            "--games",
            "20",
            "--set",
            "journey.capture_value=30",
            "--mode",
            "journey",
            "--format",
            "json",
        ],
    ),
    ("snapshots", &["snapshots"]),
    ("fmt-check", &["fmt", "--check"]),
    ("grammar", &["grammar", "textmate"]),
    ("completions", &["completions", "bash"]),
    ("man", &["man"]),
];

fn run(name: &str, args: &[&str], scratch: &Path) -> String {
    let mut out = None;
    let args: Vec<String> = args
        .iter()
        .map(|a| match a.strip_prefix("@OUT") {
            Some(ext) => {
                let file = scratch.join(format!("{name}{ext}"));
                out = Some(file.clone());
                file.display().to_string()
            }
            None => a.to_string(),
        })
        .collect();
    let o = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(&args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the goti binary runs");
    let code = o.status.code().map_or("a signal".into(), |c| c.to_string());
    let stdout = String::from_utf8_lossy(&o.stdout);
    let body = match out {
        Some(file) => {
            let page = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| format!("(no output file: {e})\n"));
            format!(
                "{stdout}--- {}\n{page}",
                file.file_name().unwrap().to_string_lossy()
            )
        }
        None => stdout.into_owned(),
    };
    let stderr = String::from_utf8_lossy(&o.stderr);
    let scratch_name = scratch.display().to_string();
    timeless(&format!(
        "exit {code}\n--- stdout\n{body}--- stderr\n{stderr}"
    ))
    .replace(&scratch_name, "<scratch>")
}

#[test]
fn every_command_prints_what_it_printed_before_the_change() {
    let dir = root().join("tests/golden");
    // Inside the project: goti writes nothing outside the tree it runs in.
    let scratch = tempfile::Builder::new()
        .prefix("golden-")
        .tempdir_in(root().join("target"))
        .expect("a scratch folder");
    let write = std::env::var("GOTI_GOLDEN").as_deref() == Ok("write");
    let mut differ = Vec::new();
    let mut missing = Vec::new();
    for (name, args) in COMMANDS {
        let got = run(name, args, scratch.path());
        let file = dir.join(format!("{name}.txt"));
        match std::fs::read_to_string(&file) {
            Ok(want) if want == got => {}
            Ok(want) => {
                let diff = similar::TextDiff::from_lines(&want, &got);
                let shown: String = diff
                    .unified_diff()
                    .context_radius(2)
                    .to_string()
                    .lines()
                    .take(40)
                    .map(|l| format!("{}\n", l.chars().take(300).collect::<String>()))
                    .collect();
                differ.push(format!("goti {}\n{shown}", args.join(" ")));
            }
            Err(_) if write => {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&file, &got).unwrap();
            }
            Err(_) => missing.push(file.display().to_string()),
        }
    }
    assert!(missing.is_empty(), "golden files missing: {missing:?}");
    assert!(
        differ.is_empty(),
        "{} command(s) print something else:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn timings_are_blanked_and_nothing_else() {
    assert_eq!(
        timeless("in 0.0 s: 665155 turns/s on 2 thread(s)"),
        "in <secs> s: <rate> turns/s on <n> thread(s)"
    );
    assert_eq!(
        timeless("random policy, 12.5 s\n"),
        "random policy, <secs> s\n"
    );
    // A number not followed by a unit stays.
    assert_eq!(timeless("P1 wins 22.5% 25 s"), "P1 wins 22.5% 25 s");
    assert_eq!(timeless("rolls 3 s,"), "rolls <secs> s,");
    assert_eq!(
        timeless("{\"a\":1,\"seconds\":0.004244454,\"b\":2}"),
        "{\"a\":1,\"seconds\":\"<secs>\",\"b\":2}"
    );
}
