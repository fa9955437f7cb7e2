//! `goti mutate`: the shipped suite kills every valid mutant of the three
//! rulesets; a scenario's own `set` line is not overridden by a mutant (so
//! a suite that only checks a changed value lets the default's mutants
//! survive); the score gate and an empty filter are loud.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the goti binary runs")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

#[test]
fn the_shipped_suite_kills_every_valid_mutant() {
    let o = goti(
        &root(),
        &["mutate", "--format", "json", "--min-score", "100"],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o);
    assert_eq!(v["score"], 100.0);
    for game in ["royal", "portal", "maedn"] {
        let g = &v["games"][game];
        assert!(g["valid"].as_u64().unwrap() >= 16, "{game}: {g}");
        assert_eq!(g["killed"], g["valid"], "{game}");
        assert!(
            g["invalid"].as_u64().unwrap() > 0,
            "{game}: validation refuses some"
        );
        assert_eq!(g["survivors"].as_array().unwrap().len(), 0);
    }
    // The [house] orders of ROYAL.md are parameters, flipped and killed:
    // blockade before capture, parted groups' order and moves, the King's return.
    let text = String::from_utf8_lossy(&goti(&root(), &["mutate"]).stdout).into_owned();
    assert!(text.contains("royal: 90 of 90 killed"), "{text}");
    let o = goti(&root(), &["mutate", "--only", "order.", "--verbose"]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    for change in [
        "order.blockade_before_capture true -> false",
        "order.parted_groups size -> named",
        "order.parted_moves whole_group -> after_groups",
        "order.king_return free -> exit",
    ] {
        assert!(
            text.contains(&format!("killed: {change}")),
            "{change}: {text}"
        );
    }
    let v = json(&goti(
        &root(),
        &["mutate", "--only", "order.", "--format", "json"],
    ));
    assert_eq!(
        (v["valid"].as_u64(), v["killed"].as_u64()),
        (Some(4), Some(4))
    );
}

#[test]
fn a_scenario_set_line_wins_over_a_mutant_and_survivors_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    // Only a capture worth 30 (the scenario's own set) is checked: the
    // default's 20 -> 19 and 20 -> 21 change nothing it checks.
    std::fs::write(
        dir.path().join("scenarios/thirty.goti"),
        "scenario \"thirty\"\nset journey.capture_value = 30\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 30\n",
    )
    .unwrap();
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["valid"], 2);
    assert_eq!(v["killed"], 0);
    let survivors = v["games"]["royal"]["survivors"].as_array().unwrap();
    assert_eq!(survivors.len(), 2);
    assert_eq!(survivors[0]["rules"][0], "capture.points");
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--min-score",
            "50",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("survives: journey.capture_value 20 -> 21 (reads capture.points)"),
        "{text}"
    );
    // The brief's scenario with the default value kills both.
    std::fs::write(
        dir.path().join("scenarios/twenty.goti"),
        "scenario \"twenty\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 20\n",
    )
    .unwrap();
    let v = json(&goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--format",
            "json",
        ],
    ));
    assert_eq!(v["killed"], 2);
}

#[test]
fn a_filter_that_matches_nothing_is_an_error() {
    let o = goti(&root(), &["mutate", "--only", "no.such.key"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing was checked"));
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A suite with a gap (nothing passes P3's midpoint): `--write` proposes a
/// scenario that kills the survivor, set up and shrunk; it is formatted,
/// passes under the real rules, fails under the mutant, the same for the
/// same seed, and the rerun's score rises. A scenario folder is refused.
#[test]
fn write_proposes_a_scenario_that_kills_a_survivor() {
    let dir = brief_project();
    let only = ["--only", "board.midpoints.P3"];
    let before = json(&goti(
        dir.path(),
        &["mutate", only[0], only[1], "--format", "json"],
    ));
    assert_eq!(before["killed"], 0, "{before}");
    let survivors = before["valid"].as_u64().unwrap();
    assert!(survivors >= 1, "{before}");

    let o = goti(dir.path(), &["mutate", only[0], only[1], "--write", "gen"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let said = text(&o);
    assert!(
        said.contains(&format!(
            "{survivors} of {survivors} survivors have a killing scenario in gen"
        )),
        "{said}"
    );
    let written: Vec<PathBuf> = std::fs::read_dir(dir.path().join("gen"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(written.len() as u64, survivors, "{said}");
    let file = std::fs::read_to_string(&written[0]).unwrap();
    assert!(
        file.starts_with("# Kills the royal mutant `board.midpoints.P3 52 -> "),
        "{file}"
    );
    assert!(file.contains("expect "), "{file}");
    assert!(file.contains("# decided by "), "{file}");
    // Passes under the real rules, fails under its mutant, formatted.
    assert_eq!(goti(dir.path(), &["check", "gen"]).status.code(), Some(0));
    let set = set_of(&file);
    let name = written[0]
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let under = goti(dir.path(), &["run", "--set", &set, &format!("gen/{name}")]);
    assert_eq!(under.status.code(), Some(1), "{set}: {}", text(&under));
    assert_eq!(
        goti(dir.path(), &["fmt", "--check", "gen"]).status.code(),
        Some(0)
    );
    // The same seed writes the same scenario (into a new folder).
    let again = goti(dir.path(), &["mutate", only[0], only[1], "--write", "gen2"]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("gen2").join(&name)).unwrap(),
        file
    );
    // A second run into the same folder overwrites nothing.
    let o = goti(dir.path(), &["mutate", only[0], only[1], "--write", "gen"]);
    assert!(text(&o).contains("-2.goti"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&written[0]).unwrap(), file);
    // The rerun with the proposals kills every mutant.
    let after = json(&goti(
        dir.path(),
        &[
            "mutate",
            only[0],
            only[1],
            "--format",
            "json",
            "scenarios",
            "gen",
        ],
    ));
    assert_eq!(after["killed"], after["valid"], "{after}");
    // A folder goti runs is refused, and nothing is written there.
    let o = goti(
        dir.path(),
        &["mutate", only[0], only[1], "--write", "scenarios/proposed"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is a folder goti runs"), "{}", text(&o));
    assert!(!dir.path().join("scenarios/proposed").exists());
    let o = goti(
        dir.path(),
        &["mutate", only[0], only[1], "--write", "../out"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

/// A mutant no self-play game tells apart (portal's winner payment of a
/// four-player table: self-play games are unranked, so none pays) is
/// reported with the evidence searched, never with a written scenario.
#[test]
fn write_reports_evidence_for_a_mutant_it_cannot_tell_apart() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::write(
        dir.path().join("scenarios/land.goti"),
        "scenario \"land\"\nrules portal\nplayers 2\nP1 G1 on 40, P2 G1 on 35\nroll 5 1\nmove G1 5\nexpect P2 G1 in base\n",
    )
    .unwrap();
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "tokens.winner_paid.four",
            "--write",
            "gen",
            "--budget",
            "0.5",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let said = text(&o);
    assert!(said.contains("no difference in "), "{said}");
    assert!(
        said.contains(" positions: portal tokens.winner_paid.four 2 -> 1"),
        "{said}"
    );
    assert!(
        said.contains("0 of 2 survivors have a killing scenario"),
        "{said}"
    );
    let files = std::fs::read_dir(dir.path().join("gen")).unwrap().count();
    assert_eq!(files, 0);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The must-show: the shipped suite without portal's every-tile
/// scenarios (and the legal-action scenarios and perft table, which reach
/// many tiles as well) leaves about 30 survivors; `--write` kills at least 80% of
/// them, each written file passing (checked here with `goti check`).
#[test]
fn write_kills_most_survivors_of_the_suite_without_every_tile() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("scenarios"), &dir.path().join("scenarios"));
    copy_tree(&root().join("snapshots"), &dir.path().join("snapshots"));
    std::fs::remove_file(dir.path().join("scenarios/portal/every-tile.goti")).unwrap();
    std::fs::remove_file(dir.path().join("scenarios/portal/perft.goti")).unwrap();
    std::fs::remove_file(dir.path().join("scenarios/portal/legal-actions.goti")).unwrap();
    let v = json(&goti(dir.path(), &["mutate", "--format", "json"]));
    let survivors = v["games"]["portal"]["survivors"].as_array().unwrap().len();
    assert!(survivors >= 20, "{v}");
    let o = goti(dir.path(), &["mutate", "--write", "gen", "--budget", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let written = std::fs::read_dir(dir.path().join("gen")).unwrap().count();
    assert!(
        written * 100 >= survivors * 80,
        "{written} of {survivors}: {}",
        text(&o)
    );
    let check = goti(dir.path(), &["check", "gen"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    let v = json(&goti(
        dir.path(),
        &["mutate", "--format", "json", "scenarios", "gen"],
    ));
    let left = v["games"]["portal"]["survivors"].as_array().unwrap().len();
    assert!(left * 5 <= survivors, "{left} of {survivors} survive: {v}");
}

/// `goti.yaml` may hold mutants equivalent, each with a reason: they are
/// shown apart and left out of the score; an entry that names a killed
/// mutant, or no mutant, is an error, and so is one without a reason.
#[test]
fn equivalents_listed_in_the_project_are_counted_apart() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::write(
        dir.path().join("scenarios/land.goti"),
        "scenario \"land\"\nrules portal\nplayers 2\nP1 G1 on 40, P2 G1 on 35\nroll 5 1\nmove G1 5\nexpect P2 G1 in base\n",
    )
    .unwrap();
    let only = ["--only", "tokens.winner_paid.four", "--format", "json"];
    let before = json(&goti(dir.path(), &[&["mutate"][..], &only].concat()));
    assert_eq!(
        (before["valid"].as_u64(), before["killed"].as_u64()),
        (Some(2), Some(0))
    );
    let project = |entries: &str| {
        std::fs::write(
            dir.path().join("goti.yaml"),
            format!("scenarios: [scenarios]\nequivalent:\n{entries}"),
        )
        .unwrap();
    };
    project(
        "  - { game: portal, mutant: tokens.winner_paid.four=1, reason: this project plays no ranked game }\n  - { game: portal, mutant: tokens.winner_paid.four=3, reason: this project plays no ranked game }\n",
    );
    let o = goti(dir.path(), &[&["mutate"][..], &only].concat());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v = json(&o);
    assert_eq!(v["valid"], 0, "{v}");
    let held = v["games"]["portal"]["equivalent"].as_array().unwrap();
    assert_eq!(held.len(), 2, "{v}");
    assert_eq!(held[0]["reason"].as_str(), None);
    assert_eq!(held[0]["equivalent"], "this project plays no ranked game");
    assert_eq!(
        v["games"]["portal"]["survivors"].as_array().unwrap().len(),
        0
    );
    let o = goti(dir.path(), &["mutate", "--only", "tokens.winner_paid"]);
    let said = text(&o);
    assert!(
        said.contains("equivalent (goti.yaml): tokens.winner_paid.four 2 -> 1 (reads end.tokens): this project plays no ranked game"),
        "{said}"
    );
    assert!(said.contains(", 2 held equivalent"), "{said}");
    // A killed mutant is not equivalent.
    project("  - { game: portal, mutant: board.forward=higher, reason: no }\n");
    let o = goti(dir.path(), &["mutate", "--only", "board.forward"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("is not equivalent; remove the entry"),
        "{}",
        text(&o)
    );
    // An entry that names no mutant of an unfiltered run is loud.
    project("  - { game: portal, mutant: board.ring=99, reason: no such mutant }\n");
    let o = goti(dir.path(), &["mutate"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("matches no valid mutant"), "{}", text(&o));
    // No reason, no entry.
    project("  - { game: portal, mutant: tokens.winner_paid.four=1, reason: \"\" }\n");
    let o = goti(dir.path(), &["mutate"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("equivalent.0.reason"), "{}", text(&o));
}

/// The search starts where the suite's scenarios end: a survivor the
/// brief's own end already tells apart is proposed as that scenario plus
/// the expectation it lacked; and a scenario that fails only by its
/// snapshot, but would kill, is proposed without the snapshot.
#[test]
fn write_starts_from_where_the_suite_ends() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    let brief = "P1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward";
    std::fs::write(
        dir.path().join("scenarios/brief.goti"),
        format!("scenario \"merge capture on a shared tile\"\n{brief}\nexpect P2 G1 in yard\nexpect P1 battle 20\n"),
    )
    .unwrap();
    let o = goti(
        dir.path(),
        &["mutate", "--only", "board.entries.P1", "--write", "gen"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let file = std::fs::read_to_string(dir.path().join("gen/royal-board-entries-p1-52-51.goti"))
        .unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    assert!(
        file.contains(
            "the suite's scenario scenarios/brief.goti:1 \"merge capture on a shared tile\""
        ),
        "{file}"
    );
    assert!(file.contains(brief), "{file}");
    // ROYAL.md: P1 enters on 52 and Forward runs to lower numbers, so G1 on
    // 23 has walked 52 - 23 = 29 steps; with the entry on 51, 28.
    assert!(file.contains("expect P1 G1 steps 29"), "{file}");
    let under = goti(
        dir.path(),
        &[
            "run",
            "--set",
            "board.entries.P1=51",
            "gen/royal-board-entries-p1-52-51.goti",
        ],
    );
    assert_eq!(under.status.code(), Some(1), "{}", text(&under));
    assert_eq!(goti(dir.path(), &["run", "gen"]).status.code(), Some(0));

    // A scenario whose snapshot was never accepted fails, so it kills
    // nothing; without the snapshot its expectations would. (Another
    // scenario passes, so the run has something to mutate against.)
    std::fs::write(
        dir.path().join("scenarios/brief.goti"),
        format!("scenario \"merge capture on a shared tile\"\n{brief}\nexpect P2 G1 in yard\nexpect P1 battle 20\nsnapshot\n\nscenario \"a lone guard moves\"\nP1 G1 on 30, P2 G1 on 10\nmove G1 2\nexpect P1 G1 on 28\n"),
    )
    .unwrap();
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "journey.capture_value",
            "--write",
            "gen3",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let file = std::fs::read_to_string(
        dir.path()
            .join("gen3/royal-journey-capture-value-20-19.goti"),
    )
    .unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    assert!(file.contains("without its snapshots"), "{file}");
    assert!(file.contains("expect P1 battle 20"), "{file}");
    assert!(!file.contains("snapshot\n"), "{file}");
    assert_eq!(goti(dir.path(), &["run", "gen3"]).status.code(), Some(0));
}

/// A file's text with its `line`-th line (0-based) changed by `edit`
/// (`None`: left out).
fn edited(text: &str, line: usize, edit: Option<String>) -> String {
    let mut out = String::new();
    for (i, l) in text.lines().enumerate() {
        match (i == line, &edit) {
            (false, _) => out.push_str(l),
            (true, Some(e)) => out.push_str(e),
            (true, None) => continue,
        }
        out.push('\n');
    }
    out
}

/// `--write` proposals are shrunk (issue 50): leaving out any one set-up
/// part or any action of the parting turn but the last makes the file
/// fail under the real rules or pass under the mutant; and where a fort's
/// blockade rule is where the rulesets part, the comments name it, not the
/// move's `board.direction`.
#[test]
fn write_proposals_are_minimal_and_name_the_deciding_rule() {
    let dir = brief_project();
    let o = goti(
        dir.path(),
        &[
            "mutate",
            "--only",
            "board.forts",
            "--write",
            "gen",
            "--budget",
            "3",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.path().join("gen"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{}", text(&o));
    let mut named_fort = false;
    let mut tried = 0;
    for file in &files {
        let body = std::fs::read_to_string(file).unwrap();
        named_fort |= body.contains("# decided by blockade.fort");
        let set = set_of(&body);
        let lines: Vec<&str> = body.lines().collect();
        let turn_at = lines.iter().position(|l| l.starts_with("turn ")).unwrap();
        let start = lines
            .iter()
            .position(|l| l.starts_with("players "))
            .unwrap()
            + 1;
        let last_turn = lines
            .iter()
            .rposition(|l| l.starts_with("# turn "))
            .unwrap();
        let actions: Vec<usize> = (last_turn + 1..lines.len())
            .take_while(|&i| !lines[i].starts_with('#') && !lines[i].starts_with("expect "))
            .collect();
        // Every variant: one set-up part, or one action but the last, left out.
        let mut variants = Vec::new();
        for (i, line) in lines.iter().enumerate().take(turn_at).skip(start) {
            let parts: Vec<&str> = line.split(", ").collect();
            for k in 0..parts.len() {
                let kept: Vec<&str> = (0..parts.len())
                    .filter(|&j| j != k)
                    .map(|j| parts[j])
                    .collect();
                let edit = (!kept.is_empty()).then(|| kept.join(", "));
                variants.push(edited(&body, i, edit));
            }
        }
        for &i in &actions[..actions.len().saturating_sub(1)] {
            variants.push(edited(&body, i, None));
        }
        for (v, variant) in variants.iter().enumerate() {
            let path = dir.path().join(format!("variant-{v}.goti"));
            std::fs::write(&path, variant).unwrap();
            let p = path.to_str().unwrap();
            let real = goti(dir.path(), &["run", p]).status.code();
            let under = goti(dir.path(), &["run", "--set", &set, p]).status.code();
            assert!(
                real != Some(0) || under == Some(0),
                "{}: still kills without a part:\n{variant}",
                file.display()
            );
            tried += 1;
        }
    }
    assert!(tried >= 10, "only {tried} variants tried");
    assert!(named_fort, "no comment names blockade.fort");
}

/// A project whose one scenario is the brief's merge capture.
fn brief_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::write(
        dir.path().join("scenarios/brief.goti"),
        "scenario \"merge capture on a shared tile\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battle 20\n",
    )
    .unwrap();
    dir
}

/// The `--set` a written proposal's header says fails on it (its mutant).
fn set_of(file: &str) -> String {
    file.lines()
        .nth(1)
        .and_then(|l| l.split("--set ").nth(1))
        .and_then(|l| l.split('`').next())
        .unwrap()
        .to_string()
}
