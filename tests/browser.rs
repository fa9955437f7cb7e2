//! goti's pages and pictures in a real browser: headless Chromium opens the
//! report page, an explain page and a board picture. Its own step of
//! `.ci/run` (which installs Debian's `chromium` when missing):
//!
//! ```sh
//! cargo test --release --features goti-stages/browser-test --test browser
//! ```
//!
//! Built only with the `goti-stages/browser-test` feature, so `cargo test` stays green
//! on a machine without a browser; with the feature and no browser, every
//! test here fails and says how to install one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn goti_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the goti binary runs")
}

/// The browser: `GOTI_CHROMIUM`, else Debian's `/usr/bin/chromium`.
fn chromium() -> PathBuf {
    let path = std::env::var_os("GOTI_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    assert!(
        path.exists(),
        "no browser at {}: install Debian's chromium (`apt-get install chromium`) or set GOTI_CHROMIUM",
        path.display()
    );
    path
}

/// What the browser made of a page: the DOM after its scripts ran, and the
/// script errors it logged.
struct Loaded {
    dom: String,
    errors: Vec<String>,
}

/// Runs headless Chromium on `url` with a window of `size` and one extra
/// switch (`--dump-dom` or `--screenshot=...`).
fn browse(url: &str, size: (u32, u32), what: &str) -> Loaded {
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--enable-logging=stderr",
            "--v=0",
            &format!("--user-data-dir={}", profile.path().display()),
            &format!("--window-size={},{}", size.0, size.1),
            what,
            url,
        ])
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed on {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let errors = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains("CONSOLE") && (l.contains("Uncaught") || l.contains("Error")))
        .map(str::to_string)
        .collect();
    Loaded {
        dom: String::from_utf8_lossy(&out.stdout).into_owned(),
        errors,
    }
}

fn url(path: &Path, hash: &str) -> String {
    format!("file://{}{hash}", path.display())
}

/// The page loaded, its scripts ran to the end, and nothing threw.
fn assert_clean(page: &Loaded, what: &str) {
    assert!(
        page.errors.is_empty(),
        "{what}: console errors {:?}",
        page.errors
    );
    assert!(
        page.dom.contains("data-ready=\"1\""),
        "{what}: the page's scripts did not finish"
    );
    assert!(
        !page.dom.contains("data-errors="),
        "{what}: a script error was caught"
    );
}

/// The number the report's filter shows (`N shown`).
fn shown(dom: &str) -> usize {
    let at = dom.find("id=\"shown\"").expect("the report has a count");
    let text = &dom[at..];
    let text = &text[text.find('>').unwrap() + 1..];
    let n: String = text.chars().take_while(char::is_ascii_digit).collect();
    n.parse().expect("a count of scenarios shown")
}

/// Scenario sections the filter leaves visible.
fn visible_sections(dom: &str) -> usize {
    dom.match_indices("<section class=\"scenario")
        .filter(|(at, _)| {
            let tag = &dom[*at..*at + dom[*at..].find('>').unwrap()];
            !tag.contains("hidden")
        })
        .count()
}

/// The page's measure of its pictures (`data-min-text`, the smallest text
/// as shown in px; `data-text-overlaps`, pairs of a picture's texts whose
/// boxes overlap; `data-shape-overlaps`, a piece's or ghost's box over a
/// label or another piece, and a road's line over a tile, label or piece
/// other than its ends), asserted legible: at least 11 px, no overlap.
fn assert_legible(dom: &str, what: &str) {
    let attr = |name: &str| -> String {
        let at = dom
            .find(&format!("{name}=\""))
            .unwrap_or_else(|| panic!("{what}: the page measured no {name}"));
        let rest = &dom[at + name.len() + 2..];
        rest[..rest.find('"').unwrap()].to_string()
    };
    let least: f64 = attr("data-min-text").parse().unwrap();
    assert!(least >= 11.0, "{what}: a picture's text is {least} px");
    assert_eq!(
        attr("data-text-overlaps"),
        "0",
        "{what}: labels overlap: {}",
        attr("data-text-overlap-list")
    );
    assert_eq!(
        attr("data-shape-overlaps"),
        "0",
        "{what}: pieces or roads over a label, a tile or a piece: {}",
        attr("data-overlap-list")
    );
    // Every piece on or beside its own tile, never between two; a
    // blockade's stop beside the group, not over a piece; each road its
    // own line (issue 50).
    for name in [
        "data-pieces-away",
        "data-marks-over-pieces",
        "data-roads-shared",
    ] {
        assert_eq!(
            attr(name),
            "0",
            "{what}: {name}: {}",
            attr("data-pictures-list")
        );
    }
}

fn lines(out: &Output) -> usize {
    String::from_utf8_lossy(&out.stdout).lines().count()
}

/// A project of `files` of the shipped suite (with every snapshot) plus one
/// failing scenario tagged `example`; its report page, written by `goti
/// run --format html`, and its scenarios and those tagged `example` as
/// `goti list` counts them.
fn report_of(files: &[&str]) -> (tempfile::TempDir, PathBuf, usize, usize) {
    let project = tempfile::tempdir().unwrap();
    let status = Command::new("cp")
        .args(["-r", root().join("snapshots").to_str().unwrap()])
        .arg(project.path())
        .status()
        .unwrap();
    assert!(status.success());
    for file in files {
        let (from, to) = (root().join(file), project.path().join(file));
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        let status = Command::new("cp")
            .args(["-r", from.to_str().unwrap(), to.to_str().unwrap()])
            .status()
            .unwrap();
        assert!(status.success(), "{file}");
    }
    std::fs::write(
        project.path().join("scenarios/royal/zz-fails.goti"),
        "scenario \"fails on purpose\"\ntags example\nP1 G2 on 27, P2 solo on 23; move G2 4 forward\nexpect P1 battle 999\n",
    )
    .unwrap();
    let page = project.path().join("report.html");
    let out = goti_in(
        project.path(),
        &["run", "--format", "html", "-o", page.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1), "one scenario fails on purpose");
    let all = lines(&goti_in(project.path(), &["list"]));
    let tagged = lines(&goti_in(project.path(), &["list", "--tag", "example"]));
    assert!(tagged > 1 && tagged < all, "{tagged} of {all} tagged");
    (project, page, all, tagged)
}

/// The report of the shipped suite plus one failing scenario: every
/// scenario and picture is in the DOM, and the page fits a desktop and a
/// phone window. The status and tag filters show what they should, on the
/// report of one shipped file (each load of the whole suite's page
/// measures every picture, a quarter of a minute on 2 cores).
#[test]
fn report_page_loads_filters_and_fits_a_phone() {
    let (_project, page, all, _) = report_of(&["scenarios"]);
    assert!(all > 300, "the whole suite: {all}");
    let loaded = browse(&url(&page, ""), (1280, 800), "--dump-dom");
    assert_clean(&loaded, "report");
    assert_eq!(shown(&loaded.dom), all);
    assert_eq!(visible_sections(&loaded.dom), all);
    assert_eq!(
        loaded.dom.matches("<svg ").count(),
        all,
        "a board per scenario"
    );
    // Keyboard: every filter is a native button or list, reachable by Tab.
    assert_eq!(
        loaded
            .dom
            .matches("<button type=\"button\" data-status")
            .count(),
        3
    );
    assert!(loaded.dom.contains("<label>tag <select id=\"tag\">"));
    // A desktop window and a phone's: nothing wider than the window.
    assert!(loaded.dom.contains("data-fits=\"true\""), "1280 wide");
    // Every shipped scenario's picture: no text under 11 px, no two labels
    // overlapping, at both widths (the pictures scroll inside their frame).
    assert_legible(&loaded.dom, "report at 1280x800");
    let phone = browse(&url(&page, ""), (390, 844), "--dump-dom");
    assert_clean(&phone, "report on a phone");
    assert!(phone.dom.contains("data-fits=\"true\""), "390 wide");
    assert_legible(&phone.dom, "report at 390x844");

    let (_small, page, all, tagged) = report_of(&["scenarios/royal/worked-examples.goti"]);
    for (hash, want) in [
        ("", all),
        ("#status=failed", 1),
        ("#status=passed", all - 1),
        ("#tag=example", tagged),
    ] {
        let filtered = browse(&url(&page, hash), (1280, 800), "--dump-dom");
        assert_clean(&filtered, hash);
        assert_eq!(shown(&filtered.dom), want, "{hash}");
        assert_eq!(visible_sections(&filtered.dom), want, "{hash}");
        if hash == "#status=failed" {
            assert!(filtered.dom.contains("fails on purpose") && filtered.dom.contains("✗ FAIL"));
        }
    }
}

/// `goti explain --format html`: a picture after every step, every
/// expectation with its result; each step's heading first, then its
/// picture and its events side by side on a desktop window; the pictures'
/// measures (a blockade's stop, portal's roads, shared tiles) all clean.
#[test]
fn explain_page_has_a_picture_per_step_and_every_check() {
    let dir = tempfile::tempdir().unwrap();
    for file in [
        "scenarios/royal/worked-examples.goti",
        "scenarios/royal/blockade.goti",
        "scenarios/portal/captures.goti",
    ] {
        let page = dir.path().join("explain.html");
        let out = goti_in(
            &root(),
            &[
                "explain",
                file,
                "--format",
                "html",
                "-o",
                page.to_str().unwrap(),
            ],
        );
        assert_eq!(out.status.code(), Some(0), "{file}");
        let text = goti_in(&root(), &["explain", file]);
        let text = String::from_utf8_lossy(&text.stdout);
        let steps = text.matches("\n-- line ").count();
        let checks = text.matches("   pass  line ").count();
        assert!(steps > 5 && checks > 5, "{file}");
        let html = std::fs::read_to_string(&page).unwrap();
        let drawn = html.matches("<svg ").count();
        for size in [(1280, 800), (390, 844)] {
            let loaded = browse(&url(&page, ""), size, "--dump-dom");
            assert_clean(&loaded, "explain");
            assert_eq!(
                loaded.dom.matches("<figure class=\"board\"").count(),
                steps,
                "{file}"
            );
            assert_eq!(loaded.dom.matches("<svg ").count(), drawn, "{file}");
            assert_eq!(
                loaded.dom.matches("class=\"check pass\"").count(),
                checks,
                "{file}"
            );
            assert!(loaded.dom.contains("data-fits=\"true\""), "{size:?}");
            assert_legible(&loaded.dom, &format!("explain {file} at {size:?}"));
            let beside = loaded
                .dom
                .split("data-beside=\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .expect("the page measured its steps' layout");
            // "N/M": N of the M drawn steps have their events beside the picture.
            let (n, m) = beside.split_once('/').unwrap();
            if size.0 == 1280 {
                assert_eq!(n, m, "{file}: every step's events beside its picture");
            } else {
                assert_eq!(n, "0", "{file}: on a phone, below it");
            }
        }
        // The heading comes before the picture in every step.
        for step in html.split("<div class=\"step\"").skip(1) {
            let (h, f) = (step.find("<h3>"), step.find("<figure"));
            assert!(
                h.unwrap() < f.unwrap(),
                "{file}: a step's heading after its picture"
            );
        }
    }
}

/// A screenshot of the brief's merge capture: not blank, and the tile
/// where P1's pair stands is P1's colour.
#[test]
fn screenshot_shows_the_movers_colour_on_their_tile() {
    let dir = tempfile::tempdir().unwrap();
    let svg_path = dir.path().join("board.svg");
    let out = goti_in(
        &root(),
        &[
            "render",
            "scenarios/royal/worked-examples.goti:6",
            "-o",
            svg_path.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let (x, y) = piece_centre(&svg, "tile 23");
    let shot = dir.path().join("shot.png");
    let loaded = browse(
        &url(&svg_path, ""),
        (1280, 940),
        &format!("--screenshot={}", shot.display()),
    );
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let (w, h, rgba) = goti::runner::render::png::decode(&std::fs::read(&shot).unwrap()).unwrap();
    assert_eq!((w, h), (1280, 940));
    let at = |x: u32, y: u32| {
        let i = ((y * w + x) * 4) as usize;
        (rgba[i], rgba[i + 1], rgba[i + 2])
    };
    let mut colours = std::collections::BTreeSet::new();
    for yy in (0..h).step_by(7) {
        for xx in (0..w).step_by(7) {
            colours.insert(at(xx, yy));
        }
    }
    assert!(
        colours.len() > 20,
        "a blank screenshot ({} colours)",
        colours.len()
    );
    // Left of the guard number, inside the piece: P1's orange #E69F00.
    let (r, g, b) = at(x as u32 - 6, y as u32);
    let near = |a: u8, b: u8| a.abs_diff(b) <= 24;
    assert!(
        near(r, 0xE6) && near(g, 0x9F) && near(b, 0x00),
        "tile 23 at ({x},{y}) shows {r},{g},{b}, not P1's colour"
    );
}

/// The check catches a page whose script throws: the gate is not empty.
#[test]
fn a_script_error_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("broken.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><script>throw new Error('broken on purpose')</script></body></html>",
    )
    .unwrap();
    let loaded = browse(&url(&page, ""), (800, 600), "--dump-dom");
    assert!(
        loaded
            .errors
            .iter()
            .any(|e| e.contains("broken on purpose")),
        "the console error was not seen: {:?}",
        loaded.errors
    );
}

/// The centre of the first piece drawn at `place` in goti's SVG.
fn piece_centre(svg: &str, place: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let group = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("piece") && n.attribute("data-place") == Some(place))
        .unwrap_or_else(|| panic!("a piece at {place}"));
    let circle = group
        .descendants()
        .find(|n| n.has_tag_name("circle"))
        .expect("a guard is a circle");
    let num = |a: &str| circle.attribute(a).unwrap().parse::<f64>().unwrap();
    (num("cx"), num("cy"))
}
