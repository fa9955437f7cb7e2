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

/// A control character that is white space to Unicode (a vertical tab, a
/// form feed, a next line) is a visible character to goti, which reads it
/// as part of a word: `goti fmt` keeps it where it stands, so a statement
/// that does not parse still does not. Other white space at a statement's
/// ends (a no-break space, an em space) goti trims as it reads, and fmt
/// may too. (Found by the mutants' test: `move G2` then a vertical tab
/// fails, fmt trimmed the tab away, and the scenario passed.)
#[test]
fn white_space_goti_does_not_read_as_white_space_is_kept() {
    let scenario = |before: &str, after: &str| {
        format!(
            "scenario \"s\"\nrules maedn\nplayers 2\nP1 G1 on 5\nroll 3\n{before}move G1{after}\nexpect P1 G1 on 8\n"
        )
    };
    assert!(meaning(&scenario("", ""))[0].1, "the plain scenario passes");
    for (odd, parses) in [
        ('\u{b}', false),
        ('\u{c}', false),
        ('\u{85}', false),
        ('\u{a0}', true),
        ('\u{2003}', true),
    ] {
        let odd = odd.to_string();
        for text in [scenario("", &odd), scenario(&odd, "")] {
            let once = format(&text);
            assert_eq!(meaning(&text)[0].1, parses, "{odd:?}: {text:?}");
            assert_eq!(meaning(&once), meaning(&text), "{odd:?}: {once:?}");
            assert_eq!(format(&once), once, "{odd:?}");
        }
    }
}

/// A `+` is a move's sum (`3 + 4` reads as `3+4`, and fmt writes it so) or
/// a number's sign (`store 1 +1`), where `+ 1` does not parse: fmt glues a
/// `+` to the number after it only in a move, or where it was glued.
/// (Found by the mutants' test, seed 513: `P1 store 1 1+ 1` fails, fmt
/// wrote `1+1`, and the scenario passed.)
#[test]
fn a_sign_is_not_glued_to_a_number_it_stood_apart_from() {
    let store = "scenario \"s\"\nplayers 2\nP1 G1 on 5, P1 store 1+ 1\nexpect P1 store 1 1\n";
    assert!(!meaning(store)[0].1, "`1+ 1` does not parse");
    assert_eq!(meaning(&format(store)), meaning(store), "{}", format(store));
    let signed = "scenario \"s\"\nplayers 2\nP1 G1 on 5, P1 store 1 +1\nexpect P1 store 1 1\n";
    assert!(meaning(signed)[0].1, "`1 +1` is two numbers");
    assert_eq!(
        meaning(&format(signed)),
        meaning(signed),
        "{}",
        format(signed)
    );
    let sum =
        "scenario \"s\"\nplayers 2\nP1 G1 on 20, P1 store 3 4\nmove G1 3 + 4\nexpect P1 G1 on 13\n";
    assert!(meaning(sum)[0].1, "`3 + 4` is a sum");
    assert!(format(sum).contains("move G1 3+4\n"), "{}", format(sum));
    assert_eq!(meaning(&format(sum)), meaning(sum));
}
