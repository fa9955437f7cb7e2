//! Every scenario block of README.md and GRAMMAR.md runs and passes: the
//! documentation cannot drift from what goti does.

use std::path::Path;

use goti::runner::{self, RunOptions};

/// The fenced blocks of a Markdown file that hold a scenario.
fn scenario_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some((i + 1, String::new())),
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

fn check_doc(file: &str, at_least: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let markdown = std::fs::read_to_string(&path).expect("the doc is readable");
    let blocks = scenario_blocks(&markdown);
    assert!(
        blocks.len() >= at_least,
        "{file}: found {} scenario blocks, expected at least {at_least}",
        blocks.len()
    );
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    for (line, text) in blocks {
        let name = format!("{file}:{line}");
        let report = runner::run_text(&name, &text, Path::new(&name), &opts, None);
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
}

#[test]
fn every_readme_example_runs() {
    check_doc("README.md", 2);
}

#[test]
fn every_grammar_example_runs() {
    check_doc("GRAMMAR.md", 3);
}
