//! The documentation cannot drift from what goti does: every scenario block
//! of README.md and of the guide (`docs/src/`, an mdBook) runs and passes,
//! every chapter is in the guide's table of contents, every link of the
//! guide and the README resolves (to a file, and to a heading where it names
//! one), and README.md stays a front page. With `goti-stages/guide-test`
//! (`.ci/run`, after `mdbook build docs`) the built book's links are
//! checked too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use goti::runner::{self, RunOptions};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A chapter's text with mdBook's `{{#include PATH}}` lines replaced by the
/// file they name (relative to the chapter), as the book shows it.
fn expanded(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = String::new();
    for line in text.lines() {
        match line
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|l| l.strip_suffix("}}"))
        {
            Some(inc) => {
                let file = path.parent().unwrap().join(inc.trim());
                out.push_str(
                    &std::fs::read_to_string(&file)
                        .unwrap_or_else(|e| panic!("{} includes {inc}: {e}", path.display())),
                );
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The fenced blocks of a Markdown file that hold a scenario: a bare
/// fence or a `goti` one (a `sh` block that writes a file is the
/// tutorial's, run by tests/tutorial.rs).
fn scenario_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut skipping = false;
    for (i, line) in markdown.lines().enumerate() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            if skipping {
                skipping = false;
                continue;
            }
            match current.take() {
                Some(block) => blocks.push(block),
                None if matches!(info.trim(), "" | "goti") => {
                    current = Some((i + 1, String::new()))
                }
                None => skipping = true,
            }
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    blocks
        .into_iter()
        .filter(|(_, text)| text.lines().any(|l| l.starts_with("scenario \"")))
        .collect()
}

/// Plays every scenario block of `file`; returns how many there were.
fn check_doc(file: &Path) -> usize {
    let markdown = expanded(file);
    let blocks = scenario_blocks(&markdown);
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    let shown = file.strip_prefix(root()).unwrap().display().to_string();
    for (line, text) in &blocks {
        let name = format!("{shown}:{line}");
        let report = runner::run_text(&name, text, Path::new(&name), &opts, None);
        let problems: Vec<String> = report
            .file_problems
            .iter()
            .chain(report.scenarios.iter().flat_map(|s| s.problems.iter()))
            .map(goti::cli::render_plain)
            .collect();
        assert!(
            report.passed() && !report.scenarios.is_empty(),
            "the example at {name} fails:\n{text}\n{}",
            problems.join("\n")
        );
    }
    blocks.len()
}

/// Every Markdown file of the guide's source folder, below it too.
fn chapters() -> Vec<PathBuf> {
    files_under(&root().join("docs/src"), "md")
}

/// Every file under `dir` (below it too) whose name ends in `.ext`, sorted.
fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, ext, out);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, ext, &mut out);
    out.sort();
    out
}

#[test]
fn every_readme_example_runs() {
    assert!(check_doc(&root().join("README.md")) >= 2);
}

#[test]
fn every_guide_example_runs() {
    let mut counts = Vec::new();
    for chapter in chapters() {
        counts.push((chapter.clone(), check_doc(&chapter)));
    }
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let of = |name: &str| {
        counts
            .iter()
            .find(|(p, _)| p.ends_with(name))
            .map(|(_, n)| *n)
            .unwrap_or_else(|| panic!("the guide has no {name}"))
    };
    assert!(of("language-reference.md") >= 3, "{counts:?}");
    assert!(of("language.md") >= 2, "{counts:?}");
    assert!(
        total >= 10,
        "the guide holds {total} scenario blocks: {counts:?}"
    );
}

/// README.md is a front page: at most 150 lines, the two set-up commands
/// first, and a way into the guide.
#[test]
fn readme_is_a_front_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 150, "README.md has {lines} lines (at most 150)");
    let first_block = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("README.md opens with a sh block");
    let commands: Vec<&str> = first_block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(
        commands.len(),
        2,
        "exactly two set-up commands: {commands:?}"
    );
    assert!(commands[0].starts_with("cargo run --release -- run"));
    assert!(commands[1].starts_with("cargo test --release"));
    assert!(readme.contains("(docs/src/SUMMARY.md)"));
}

/// Every chapter file is in SUMMARY.md, and every entry names a file.
#[test]
fn every_chapter_is_in_the_table_of_contents() {
    let src = root().join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<PathBuf> = links(&summary).into_iter().map(|l| src.join(l)).collect();
    for path in &listed {
        assert!(
            path.is_file(),
            "SUMMARY.md lists {} which does not exist",
            path.display()
        );
    }
    for chapter in chapters() {
        if chapter.ends_with("SUMMARY.md") {
            continue;
        }
        assert!(
            listed.contains(&chapter),
            "{} is not in docs/src/SUMMARY.md",
            chapter.display()
        );
    }
}

/// The targets of a Markdown text's inline links and images, outside code.
fn links(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence {
            continue;
        }
        // Code spans hold `](` as text.
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

/// mdBook's (and GitHub's) anchor of a heading: lower case, spaces to `-`,
/// only letters, digits, `-` and `_` kept.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors_of(markdown: &str) -> BTreeSet<String> {
    let mut fence = false;
    let mut out = BTreeSet::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        } else if !fence && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every relative link of the README and the guide's sources names a file
/// that exists, and a heading of it where it names one.
#[test]
fn every_guide_link_resolves() {
    let mut files = chapters();
    files.push(root().join("README.md"));
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in files {
        let text = expanded(&file);
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            checked += 1;
            let (path, frag) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            if !target.exists() {
                broken.push(format!("{}: {link}: no such file", file.display()));
                continue;
            }
            if !frag.is_empty() && target.extension().is_some_and(|e| e == "md") {
                let anchors = anchors_of(&expanded(&target));
                if !anchors.contains(frag) {
                    broken.push(format!("{}: {link}: no heading #{frag}", file.display()));
                }
            }
            // The guide's own links stay inside it (the book has nothing else).
            if file.starts_with(root().join("docs/src")) {
                let inside = target
                    .canonicalize()
                    .unwrap()
                    .starts_with(root().join("docs/src").canonicalize().unwrap());
                if !inside {
                    broken.push(format!(
                        "{}: {link}: outside docs/src (the built book would not have it)",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 30, "only {checked} links were checked");
}

// The test that needs the built guide (feature `goti-stages/guide-test`).
goti_stages::guide! {
    /// The built book (`mdbook build docs`, into target/book): every page's
    /// relative `href` and `src` names a file of the book, and an `id` of it
    /// where it names one.
    #[test]
    fn the_built_guide_links_resolve() {
        let book = root().join("target/book");
        assert!(
            book.join("index.html").is_file(),
            "target/book/index.html is missing: run `mdbook build docs` first"
        );
        let all = files_under(&book, "html");
        let ids_of = |html: &str| -> BTreeSet<String> {
            html.split(" id=\"")
                .skip(1)
                .filter_map(|s| s.split('"').next())
                .map(str::to_string)
                .collect()
        };
        let mut checked = 0;
        let mut broken = Vec::new();
        for page in &all {
            let html = std::fs::read_to_string(page).unwrap();
            for attr in [" href=\"", " src=\""] {
                for value in html.split(attr).skip(1).filter_map(|s| s.split('"').next()) {
                    if value.contains("://")
                        || value.starts_with("mailto:")
                        || value.starts_with("javascript:")
                        || value.contains("{{")
                    {
                        continue;
                    }
                    checked += 1;
                    let (path, frag) = value.split_once('#').unwrap_or((value, ""));
                    let path = path.split('?').next().unwrap();
                    let target = if path.is_empty() {
                        page.clone()
                    } else {
                        page.parent().unwrap().join(path)
                    };
                    if !target.exists() {
                        broken.push(format!("{}: {value}", page.display()));
                        continue;
                    }
                    if !frag.is_empty() && target.extension().is_some_and(|e| e == "html") {
                        let ids = ids_of(&std::fs::read_to_string(&target).unwrap());
                        if !ids.contains(frag) {
                            broken.push(format!("{}: {value}: no id {frag}", page.display()));
                        }
                    }
                }
            }
        }
        assert!(
            broken.is_empty(),
            "broken links in the built guide:\n{}",
            broken.join("\n")
        );
        assert!(
            all.len() >= 20 && checked >= 200,
            "{} pages, {checked} links",
            all.len()
        );
    }
}
