//! `goti render`: SVG pictures of positions. Every step of every shipped
//! scenario renders as well-formed SVG with one picture element per piece
//! group, and the brief's merge capture is visible in the picture.

use std::path::PathBuf;
use std::process::{Command, Output};

use goti::runner::{self, RunOptions};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the goti binary runs")
}

/// The pieces drawn: (player, place, title) of every `piece` group, and how
/// many pieces they hold.
fn pieces(svg: &str) -> Vec<(String, String, String)> {
    drawn(svg).0
}

fn drawn(svg: &str) -> (Vec<(String, String, String)>, usize) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let groups: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .filter(|n| n.attribute("data-place") != Some("legend"))
        .collect();
    let count = groups
        .iter()
        .map(|n| {
            n.attribute("data-pieces")
                .unwrap_or("")
                .split_whitespace()
                .count()
        })
        .sum();
    let list = groups
        .iter()
        .map(|n| {
            let title = n
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|t| t.text())
                .unwrap_or("")
                .to_string();
            (
                n.attribute("data-player").unwrap_or("").to_string(),
                n.attribute("data-place").unwrap_or("").to_string(),
                title,
            )
        })
        .collect();
    (list, count)
}

#[test]
fn every_step_of_every_shipped_scenario_renders() {
    let opts = RunOptions {
        explain: true,
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let mut pictures = 0;
    for f in walkdir::WalkDir::new(root().join("scenarios")) {
        let f = f.unwrap();
        if f.path().extension().is_none_or(|x| x != "goti") {
            continue;
        }
        let report = runner::run_file(f.path(), &opts, None);
        for sc in &report.scenarios {
            assert!(
                !sc.transcript.is_empty(),
                "{}: {}",
                f.path().display(),
                sc.name
            );
            for step in &sc.transcript {
                // Every piece is drawn somewhere: on the board, in a Yard or
                // base, or Home (royal: 5 a seat; portal: 5 a seat).
                let (_, count) = drawn(&step.svg);
                assert!(
                    count > 0 && count % 5 == 0,
                    "{} {:?} line {}: {count} pieces drawn",
                    f.path().display(),
                    sc.name,
                    step.line
                );
                pictures += 1;
            }
        }
    }
    assert!(pictures > 500, "only {pictures} pictures");
}

#[test]
fn the_brief_merge_capture_is_visible() {
    let out = goti(&["render", "scenarios/royal/worked-examples.goti:6"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let drawn = pieces(&String::from_utf8_lossy(&out.stdout));
    // G2 4 forward from 27 lands on 23 with G1; P2's guard goes to the Yard.
    assert!(
        drawn.contains(&("P1".into(), "tile 23".into(), "P1 G1 G2 tile 23".into())),
        "{drawn:?}"
    );
    assert!(!drawn
        .iter()
        .any(|(p, place, _)| p == "P2" && place.starts_with("tile")));
    assert!(drawn
        .iter()
        .any(|(p, place, t)| p == "P2" && place == "P2 yard" && t.contains("G1")));
    // The move's path is drawn, and P2's captured guard ghosted where it stood.
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(doc
        .descendants()
        .any(|n| n.attribute("class") == Some("path")));
    assert!(doc
        .descendants()
        .any(|n| n.attribute("class") == Some("ghost")
            && n.attribute("data-player") == Some("P2")
            && n.attribute("data-pieces") == Some("G1")));
    // ROYAL.md's blockade example: the stop is marked.
    let out = goti(&["render", "scenarios/royal/worked-examples.goti:16"]);
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(
        doc.descendants()
            .any(|n| n.attribute("class") == Some("blockade-stop")),
        "{svg}"
    );
    // Step 0 is the set-up: P2's guard still on 23, G2 on 27.
    let out = goti(&[
        "render",
        "scenarios/royal/worked-examples.goti:6",
        "--step",
        "0",
    ]);
    let drawn = pieces(&String::from_utf8_lossy(&out.stdout));
    assert!(
        drawn.contains(&("P2".into(), "tile 23".into(), "P2 G1 tile 23".into())),
        "{drawn:?}"
    );
    assert!(
        drawn.contains(&("P1".into(), "tile 27".into(), "P1 G2 tile 27".into())),
        "{drawn:?}"
    );
}

#[test]
fn render_writes_svg_files_and_refuses_what_it_cannot_do() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let svg_arg = svg.to_str().unwrap();
    let out = goti(&["render", "scenarios/portal/captures.goti:28", "-o", svg_arg]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    // Portal's board: toilets, roads, safe and dice tiles are drawn.
    for class in ["toilet", "road", "safe", "dice", "lane"] {
        assert!(
            doc.descendants().any(|n| n
                .attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))),
            "no {class} drawn"
        );
    }
    let png = dir.path().join("board.png");
    let out = goti(&[
        "render",
        "scenarios/portal/captures.goti:28",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!png.exists());
    // Several scenarios and none chosen; a step past the end.
    let out = goti(&["render", "scenarios/portal/captures.goti"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--scenario NAME or FILE:LINE"));
    let out = goti(&[
        "render",
        "scenarios/royal/worked-examples.goti:6",
        "--step",
        "99",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has steps 0-1"));
}

/// The pictures in README.md are what goti draws now.
#[test]
fn readme_pictures_are_current() {
    for (file, at) in [
        (
            "docs/royal-merge-capture.svg",
            "scenarios/royal/worked-examples.goti:6",
        ),
        (
            "docs/portal-toilet-capture.svg",
            "scenarios/portal/captures.goti:38",
        ),
    ] {
        let out = goti(&["render", at]);
        let committed = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            String::from_utf8_lossy(&out.stdout) == committed,
            "{file} is out of date: goti render {at} -o {file}"
        );
        let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
        assert!(readme.contains(file), "README.md shows {file}");
    }
}

/// `goti report`: one self-contained page with every selected scenario, its
/// final board and its problems; exit 1 when one fails.
#[test]
fn report_page_is_self_contained_and_complete() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let out = goti(&["report", "-o", page.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let listed = goti(&["list"]);
    let scenarios = String::from_utf8_lossy(&listed.stdout).lines().count();
    assert!(scenarios > 300);
    assert_eq!(
        html.matches("<section class=\"scenario passed\"").count(),
        scenarios
    );
    assert_eq!(html.matches("<svg ").count(), scenarios);
    assert!(html.contains(&format!("{scenarios} passed, 0 failed")));
    // Nothing from the network: no external scripts, styles, fonts or images.
    let outside = html.replace("http://www.w3.org/2000/svg", "");
    assert!(
        !outside.contains("http:") && !outside.contains("https:") && !outside.contains(" src=")
    );
    // Every rule ID an event cites links to its text on the page.
    for link in html.split("<a href=\"#").skip(1) {
        let target = &link[..link.find('"').unwrap()];
        assert!(
            html.contains(&format!("<dt id=\"{target}\"")),
            "no rule text for {target}"
        );
    }
    // A failing scenario: exit 1, its problem on the page.
    let bad = dir.path().join("bad.goti");
    std::fs::write(&bad, "scenario \"off by one\"\nP1 G1 on 30, P2 G1 on 10; move G1 5 forward\nexpect P1 G1 on 24\n").unwrap();
    let out = goti(&[
        "report",
        bad.to_str().unwrap(),
        "-o",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("0 passed, 1 failed"));
    assert!(html.contains("class=\"problem\""));
    let out = goti(&["report", "--tag", "nosuchtag", "-o", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}
