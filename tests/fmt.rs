//! `goti fmt` is idempotent and never changes what a scenario means: the
//! same scenarios pass or fail, with the same outcome after every step.

use std::path::Path;

use goti::check::fuzz::mutate;
use goti::dsl::format::format;
use goti::runner::{self, RunOptions};

fn corpus() -> Vec<Vec<u8>> {
    let files =
        runner::discover(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")]).unwrap();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

/// Every scenario's name, result and outcome after every step.
fn meaning(text: &str) -> Vec<(String, bool, Vec<String>)> {
    let opts = RunOptions {
        skip_snapshots: true,
        record: true,
        ..RunOptions::default()
    };
    let r = runner::run_text("f.goti", text, Path::new("f.goti"), &opts, None);
    r.scenarios
        .iter()
        .map(|s| {
            (
                s.name.clone(),
                s.passed(),
                s.steps.iter().map(|x| x.state.clone()).collect(),
            )
        })
        .collect()
}

/// A shipped file written carelessly: keywords in upper case, extra spaces,
/// no space after commas.
fn careless(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.trim_start().starts_with('#') || l.contains('"') {
                return l.to_string();
            }
            l.replace("move ", "MOVE   ")
                .replace(", ", " ,")
                .replace(" on ", "  On ")
                .replace("expect ", "Expect ")
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn the_shipped_scenarios_are_formatted_and_careless_copies_mean_the_same() {
    for bytes in corpus() {
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(format(&text), text, "a shipped file is not formatted");
        let messy = careless(&text);
        assert_eq!(meaning(&messy), meaning(&text));
        assert_eq!(meaning(&format(&messy)), meaning(&text));
        assert_eq!(format(&format(&messy)), format(&messy));
    }
}

/// 500 seeded mutants of the shipped scenarios (seeded cases rather than
/// proptest, whose features made `cargo test` compile goti a second time;
/// each failure names its seed).
#[test]
fn formatting_is_idempotent_and_keeps_meaning() {
    let corpus = corpus();
    for seed in 0..500u64 {
        let input = mutate(&corpus, seed);
        let text = String::from_utf8_lossy(&input).into_owned();
        let once = format(&text);
        assert_eq!(format(&once), once, "seed {seed}: not idempotent");
        let (a, b) = (meaning(&text), meaning(&once));
        assert_eq!(a.len(), b.len(), "seed {seed}: scenarios lost or added");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(&x.1, &y.1, "seed {seed}: {} changed result", x.0);
            assert_eq!(&x.2, &y.2, "seed {seed}: {} changed outcome", x.0);
        }
    }
}

#[test]
fn a_misspelt_maedn_keyword_gets_a_did_you_mean() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("b.goti"),
        "scenario \"x\"\nrules maedn\nplayers 2\nexpect legla: pass\n",
    )
    .unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["check", "b.goti"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("did you mean `legal`?"), "{text}");
}

/// `goti fmt --check` shows the change it would make, as a diff, changes
/// nothing and exits 1; `goti fmt` then writes pieces and players upper-case.
#[test]
fn fmt_check_shows_the_change_and_fmt_makes_it() {
    let dir = tempfile::tempdir().unwrap();
    let messy = "scenario \"x\"\nplayers 2\np1 g1 on 20\nexpect p1 g1 on 20\n";
    std::fs::write(dir.path().join("c.goti"), messy).unwrap();
    let goti = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_goti"))
            .args(args)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let o = goti(&["fmt", "--check", "c.goti"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    for line in [
        "would reformat c.goti:",
        "--- c.goti",
        "+++ c.goti (formatted)",
        "-p1 g1 on 20",
        "+P1 G1 on 20",
        "-expect p1 g1 on 20",
        "+expect P1 G1 on 20",
        "1 of 1 file(s) would change",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in:\n{text}"
        );
    }
    let unchanged = std::fs::read_to_string(dir.path().join("c.goti")).unwrap();
    assert_eq!(unchanged, messy, "--check writes nothing");
    assert_eq!(goti(&["fmt", "c.goti"]).status.code(), Some(0));
    let laid = std::fs::read_to_string(dir.path().join("c.goti")).unwrap();
    assert_eq!(
        laid,
        "scenario \"x\"\nplayers 2\nP1 G1 on 20\nexpect P1 G1 on 20\n"
    );
    assert_eq!(goti(&["fmt", "--check", "c.goti"]).status.code(), Some(0));
}
