//! `goti render`: SVG pictures of positions. Every step of every shipped
//! scenario renders as well-formed SVG with one picture element per piece
//! group, and the brief's merge capture is visible in the picture.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use goti::runner::RunOptions;

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
fn every_step_of_every_shipped_scenario_renders_as_svg_and_png() {
    let files: Vec<PathBuf> = walkdir::WalkDir::new(root().join("scenarios"))
        .into_iter()
        .map(|f| f.unwrap().into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "goti"))
        .collect();
    // The files in as many chunks as there are cores.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = files.len().div_ceil(cores).max(1);
    let pictures: usize = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(|f| render_every_step(f)).sum::<usize>()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert!(pictures > 500, "only {pictures} pictures");
}

/// Renders every step of every scenario of `file` as SVG and PNG; the
/// number of pictures.
fn render_every_step(file: &Path) -> usize {
    let opts = RunOptions {
        explain: true,
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let mut pictures = 0;
    let report = play_one(file, &opts, None);
    for sc in &report.scenarios {
        assert!(!sc.transcript.is_empty(), "{}: {}", file.display(), sc.name);
        for step in &sc.transcript {
            // Every piece is drawn somewhere: on the board, in a Yard or
            // base, or Home (royal: 4 guards and a King a seat; portal:
            // 5 pieces; maedn and race's shipped descriptions: 4 pieces,
            // in base, on the ring or in goal).
            let (_, count) = drawn(&step.svg);
            let per_seat = match sc.game {
                goti::engine::GameKind::Maedn | goti::engine::GameKind::Race => 4,
                _ => 5,
            };
            assert!(
                count > 0 && count % per_seat == 0,
                "{} {:?} line {}: {count} pieces drawn",
                file.display(),
                sc.name,
                step.line
            );
            // And as PNG: drawn, not blank.
            let pixmap = goti::runner::render::png::pixels(&step.svg, 0.5).unwrap();
            let first = pixmap.pixels()[0];
            assert!(
                pixmap.pixels().iter().any(|p| *p != first),
                "{} {:?} line {}: a blank PNG",
                file.display(),
                sc.name,
                step.line
            );
            pictures += 1;
        }
    }
    pictures
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
    let gif = dir.path().join("board.gif");
    let out = goti(&[
        "render",
        "scenarios/portal/captures.goti:28",
        "-o",
        gif.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`.svg` or `.png`"));
    assert!(!gif.exists());
    // Several scenarios and none chosen; a step past the end.
    let out = goti(&["render", "scenarios/portal/captures.goti"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--name TEXT or FILE:LINE"));
    let out = goti(&[
        "render",
        "scenarios/royal/worked-examples.goti:6",
        "--step",
        "99",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has steps 0-1"));
}

/// The centre of the first piece drawn at `place`.
fn piece_centre(svg: &str, place: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let group = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("piece") && n.attribute("data-place") == Some(place))
        .unwrap_or_else(|| panic!("a piece at {place}"));
    let shape = group
        .descendants()
        .find(|n| n.has_tag_name("circle") || n.has_tag_name("rect") || n.has_tag_name("polygon"))
        .expect("a piece has a shape");
    let num = |a: &str| shape.attribute(a).and_then(|v| v.parse::<f64>().ok());
    match (num("cx"), num("cy"), num("x"), num("y"), num("width")) {
        (Some(x), Some(y), ..) => (x, y),
        (_, _, Some(x), Some(y), Some(w)) => (x + w / 2.0, y + w / 2.0),
        _ => panic!("no centre for the piece at {place}"),
    }
}

/// The pixel at (x, y) of a decoded PNG.
fn pixel(png: &(u32, u32, Vec<u8>), x: f64, y: f64) -> (u8, u8, u8) {
    let (w, _, rgba) = png;
    let i = ((y as u32 * w + x as u32) * 4) as usize;
    (rgba[i], rgba[i + 1], rgba[i + 2])
}

fn near(got: (u8, u8, u8), want: (u8, u8, u8)) -> bool {
    got.0.abs_diff(want.0) <= 24 && got.1.abs_diff(want.1) <= 24 && got.2.abs_diff(want.2) <= 24
}

/// `render -o x.png`: the picture at twice the SVG's size, with the
/// mover's colour where its pieces stand.
#[test]
fn render_writes_png_with_the_pieces_in_their_colours() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("board.png");
    let at = "scenarios/royal/worked-examples.goti:6";
    let out = goti(&["render", at, "-o", png.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8_lossy(&goti(&["render", at]).stdout).into_owned();
    let decoded = goti::runner::render::png::decode(&std::fs::read(&png).unwrap()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let width: u32 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(decoded.0, width * 2);
    // P1's pair on 23 in P1's orange; P2's guard in P2's sky blue in its Yard.
    let (x, y) = piece_centre(&svg, "tile 23");
    assert!(near(
        pixel(&decoded, (x - 6.0) * 2.0, y * 2.0),
        (0xE6, 0x9F, 0x00)
    ));
    let (x, y) = piece_centre(&svg, "P2 yard");
    assert!(near(
        pixel(&decoded, (x - 6.0) * 2.0, (y - 6.0) * 2.0),
        (0x56, 0xB4, 0xE9)
    ));
    // The tile P2's guard left is drawn empty (white) apart from the ghost.
    let (x, y) = piece_centre(&svg, "tile 23");
    assert!(!near(
        pixel(&decoded, (x + 30.0) * 2.0, y * 2.0),
        (0xE6, 0x9F, 0x00)
    ));
}

/// The pictures in the guide (and README.md) are what goti draws now (PNG made by `goti
/// render`; compared pixel by pixel, allowing for another machine's fonts).
#[test]
fn readme_pictures_are_current() {
    for (file, at, step) in [
        (
            "docs/src/images/royal-merge-capture.png",
            "scenarios/royal/worked-examples.goti:6",
            None,
        ),
        (
            "docs/src/images/portal-toilet-capture.png",
            "scenarios/portal/captures.goti:38",
            Some("3"),
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh.png");
        let mut args = vec!["render", at, "-o", fresh.to_str().unwrap()];
        if let Some(k) = step {
            args.extend(["--step", k]);
        }
        let out = goti(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let a = goti::runner::render::png::decode(&std::fs::read(&fresh).unwrap()).unwrap();
        let b = goti::runner::render::png::decode(&std::fs::read(root().join(file)).unwrap())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let redo = format!(
            "goti render {at} {} -o {file}",
            step.map(|k| format!("--step {k}")).unwrap_or_default()
        );
        assert_eq!((a.0, a.1), (b.0, b.1), "{file} is out of date: {redo}");
        let differ =
            a.2.chunks(4)
                .zip(b.2.chunks(4))
                .filter(|(x, y)| x != y)
                .count();
        let share = differ as f64 / f64::from(a.0 * a.1);
        assert!(
            share < 0.03,
            "{file} is out of date ({:.1}% of pixels differ): {redo}",
            share * 100.0
        );
        // The guide's pictures chapter shows each (from its own folder).
        let chapter = std::fs::read_to_string(root().join("docs/src/pictures.md")).unwrap();
        let shown = file.trim_start_matches("docs/src/");
        assert!(
            chapter.contains(&format!("]({shown})")),
            "docs/src/pictures.md shows {shown}"
        );
    }
}

/// `explain`: compact text by default (changed pieces and numbers, each
/// check with its result), the ASCII board with `--board`, one page with
/// `--format html`, a picture per step with `--format svg -o DIR`.
#[test]
fn explain_is_compact_text_html_or_a_picture_per_step() {
    let at = "scenarios/royal/worked-examples.goti:6";
    let text = String::from_utf8_lossy(&goti(&["explain", at]).stdout).into_owned();
    assert!(text.contains("* P1 G2: on 27"), "{text}");
    assert!(text.contains("-> on 23"), "{text}");
    assert!(text.contains("* P1: battle 0 -> 20"), "{text}");
    assert!(text.contains("pass  line"), "{text}");
    assert!(!text.contains("(F fort"), "no ASCII board without --board");
    let board = String::from_utf8_lossy(&goti(&["explain", at, "--board"]).stdout).into_owned();
    assert!(board.contains("(F fort"));
    // A failing expectation is shown where it is checked, with what was found.
    let dir = tempfile::tempdir().unwrap();
    let failing = dir.path().join("fails.goti");
    std::fs::write(
        &failing,
        "scenario \"x\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P1 battle 999\nexpect P2 G1 in yard\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["explain", "fails.goti"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("FAIL  line 3: expect P1 battle 999"),
        "{text}"
    );
    assert!(
        text.contains("pass  line 4: expect P2 G1 in yard"),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(["explain", "fails.goti", "--format", "html"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let html = String::from_utf8_lossy(&out.stdout);
    assert_eq!(html.matches("class=\"check fail\"").count(), 1);
    assert_eq!(html.matches("class=\"check pass\"").count(), 1);
    assert_eq!(html.matches("<svg ").count(), 2, "the set-up and the move");
    // One SVG per step into a folder.
    let pics = dir.path().join("pics");
    let out = goti(&[
        "render",
        "scenarios/royal/worked-examples.goti",
        "--all-steps",
        "-o",
        pics.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let steps =
        String::from_utf8_lossy(&goti(&["explain", "scenarios/royal/worked-examples.goti"]).stdout)
            .matches("\n-- line ")
            .count();
    let files: Vec<_> = std::fs::read_dir(&pics)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), steps);
    for f in &files {
        roxmltree::Document::parse(&std::fs::read_to_string(f).unwrap()).unwrap();
    }
    // What it cannot do is refused with exit 2, and nothing is written.
    for args in [
        vec!["render", at, "--all-steps"],
        vec!["explain", at, "-o", "x.html"],
        vec!["explain", at, "--format", "html", "-o", "x.txt"],
    ] {
        let out = goti(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert!(!root().join("x.html").exists() && !root().join("x.txt").exists());
}

/// `goti report`: one self-contained page with every selected scenario, its
/// final board and its problems; exit 1 when one fails.
#[test]
fn report_page_is_self_contained_and_complete() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    let out = goti(&["run", "--format", "html", "-o", page.to_str().unwrap()]);
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

/// The layout facts of three pictures, pinned as a snapshot (normalised:
/// what is drawn where, not the SVG text): every piece group with its
/// player, pieces and place, the marks of the step, the tiles' classes.
#[test]
fn picture_layout_facts_are_pinned() {
    let mut facts = String::new();
    for at in [
        "scenarios/royal/worked-examples.goti:6",
        "scenarios/portal/captures.goti:38",
        "scenarios/maedn/captures.goti:9",
    ] {
        let out = goti(&["render", at]);
        assert_eq!(out.status.code(), Some(0), "{at}");
        let svg = String::from_utf8_lossy(&out.stdout).into_owned();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        facts.push_str(&format!("== {at}\n"));
        for n in doc.descendants().filter(|n| n.is_element()) {
            let class = n.attribute("class").unwrap_or("");
            let line = match class {
                "piece" | "ghost" => format!(
                    "{class} {} {} @ {}",
                    n.attribute("data-player").unwrap_or(""),
                    n.attribute("data-pieces").unwrap_or(""),
                    n.attribute("data-place").unwrap_or("")
                ),
                "path" | "blockade-stop" => class.to_string(),
                c if c.starts_with("tile ") && c.trim() != "tile" => {
                    format!("{c} {}", n.attribute("data-tile").unwrap_or(""))
                }
                _ => continue,
            };
            facts.push_str(&line);
            facts.push('\n');
        }
    }
    insta::assert_snapshot!(facts);
}

/// One file played through the runner's one play call, in the crate's tree.
fn play_one(
    file: &std::path::Path,
    opts: &RunOptions,
    only: Option<&str>,
) -> goti::runner::FileReport {
    let found = goti::runner::Found {
        path: file.to_path_buf(),
        root: std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")),
    };
    goti::runner::play_one(&found, only, opts)
}

/// ROYAL.md `board.entry`: a seat with no player has no entry tile (a plain
/// tile), and no midpoint or junction of its own is marked; the present
/// seats' marks and the forts stay. PORTAL.md's start tiles are safe
/// whoever plays, but only a seated player's is in its colour.
#[test]
fn a_two_player_board_draws_plain_tiles_at_the_empty_seats() {
    let tiles = |at: &str| -> Vec<(String, String, String)> {
        let out = goti(&["render", at]);
        assert_eq!(out.status.code(), Some(0), "{at}");
        let svg = String::from_utf8_lossy(&out.stdout).into_owned();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("tile ")))
            .map(|n| {
                (
                    n.attribute("data-tile").unwrap_or("").to_string(),
                    n.attribute("class").unwrap_or("").to_string(),
                    n.attribute("fill").unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let marked = |tiles: &[(String, String, String)], mark: &str| -> Vec<String> {
        tiles
            .iter()
            .filter(|(_, c, _)| c.split(' ').any(|w| w == mark))
            .map(|(t, _, _)| t.clone())
            .collect()
    };
    // P1 and P2 only (the brief's merge capture).
    let royal = tiles("scenarios/royal/worked-examples.goti:6");
    assert_eq!(marked(&royal, "entry"), ["52", "39"]);
    let mut midpoints = marked(&royal, "midpoint");
    midpoints.sort();
    assert_eq!(midpoints, ["13", "26"], "P1's 26 and P2's 13 only");
    let mut junctions = marked(&royal, "junction");
    junctions.sort();
    assert_eq!(junctions, ["1", "40"], "P1's 1 and P2's 40 only");
    assert_eq!(marked(&royal, "fort").len(), 4, "the forts stay");
    for empty in ["26", "13"] {
        let (_, _, fill) = royal.iter().find(|(t, _, _)| t == empty).unwrap();
        assert_eq!(
            fill, "#ffffff",
            "tile {empty}: an empty seat's entry is plain"
        );
    }
    // Portal, P1 and P2 (a capture in a toilet pit): every start tile is
    // drawn as a start, the empty seats' in the safe tiles' grey.
    let portal = tiles("scenarios/portal/captures.goti:28");
    let starts: Vec<&(String, String, String)> = portal
        .iter()
        .filter(|(_, c, _)| c.split(' ').any(|w| w == "start"))
        .collect();
    assert_eq!(starts.len(), 4, "{starts:?}");
    let grey = starts.iter().filter(|(_, _, f)| f == "#d9d9d9").count();
    assert_eq!(grey, 2, "{starts:?}");
}

/// A move's path is drawn tile by tile along the board, not as a chord:
/// ROYAL.md `move.together` and `move.home-path` (a pair parting at P1's
/// junction 1: G1, with midpoint progress, turns into H1, H2; G2 goes on
/// round the ring to 52, 51), and PORTAL.md `toilet.climb` (leaving W3 of
/// toilet 16 with a 4: the rejoin tile 15, then 14, 13, 12).
#[test]
fn a_move_is_drawn_along_the_board() {
    let routes = |file: &str, scenario: &str, step: &str| -> Vec<String> {
        let out = goti(&["render", file, "--name", scenario, "--step", step]);
        assert_eq!(out.status.code(), Some(0), "{file}: {scenario}");
        let svg = String::from_utf8_lossy(&out.stdout).into_owned();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("path"))
            .map(|n| n.attribute("data-route").unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(
        routes(
            "scenarios/royal/moving.goti",
            "a pair splits where paths part at the junction",
            "1"
        ),
        [
            "on 3 > on 2 > on 1 > on home 1 > on home 2",
            "on 3 > on 2 > on 1 > on 52 > on 51"
        ]
    );
    assert_eq!(
        routes(
            "scenarios/portal/special-tiles.goti",
            "leaving w3 with a 4 goes on from the rejoin tile",
            "2"
        ),
        ["in toilet 16 W3 > in toilet 16 W2 > in toilet 16 W1 > in toilet 16 pit > on 15 > on 14 > on 13 > on 12"]
    );
    // PORTAL.md `road.jump`: 52 + 3 lands on the fork 49 and rides its road
    // to 37; the ride is drawn along the road, after the walk to the fork.
    assert_eq!(
        routes(
            "scenarios/portal/special-tiles.goti",
            "a road carries a piece forward",
            "2"
        ),
        ["on 49 > road > on 37", "on 52 > on 51 > on 50 > on 49"]
    );
}

/// Every piece a step removed is ghosted where it stood: ROYAL.md
/// `capture.king-penalty` sends P2's ring guards (G1 on 10, G2 on the fort
/// 44, G4 on its entry 39) to the Yard with the King taken on 28; G3 in the
/// Home path stays, so it is not ghosted.
#[test]
fn every_removed_piece_is_ghosted_where_it_stood() {
    let out = goti(&[
        "render",
        "scenarios/royal/capture.goti",
        "--name",
        "a pair captures a king and the king penalty follows",
        "--step",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut ghosts: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("ghost"))
        .map(|n| {
            format!(
                "{} {} @ {}",
                n.attribute("data-player").unwrap_or(""),
                n.attribute("data-pieces").unwrap_or(""),
                n.attribute("data-place").unwrap_or("")
            )
        })
        .collect();
    ghosts.sort();
    assert_eq!(
        ghosts,
        [
            "P2 G1 @ on 10",
            "P2 G2 @ on 44",
            "P2 G4 @ on 39",
            "P2 king @ on 28"
        ]
    );
}
