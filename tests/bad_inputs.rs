//! The catalogue of bad inputs (`tests/bad-inputs/*.goti`): every one gives
//! located diagnostics; their rendered text is a reviewed insta snapshot.

use std::path::Path;

use goti::runner::{self, RunOptions};

#[test]
fn every_bad_input_gives_located_diagnostics() {
    insta::glob!("bad-inputs/*.goti", |path| {
        let name = format!(
            "tests/bad-inputs/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let bytes = std::fs::read(path).unwrap();
        // Never write snapshots from here: the damaged one must stay damaged.
        let opts = RunOptions {
            write_snapshots: false,
            ..RunOptions::default()
        };
        let report = runner::run_bytes(&name, &bytes, Path::new(&name), &opts, None);
        let diags: Vec<_> = report
            .file_problems
            .iter()
            .chain(report.scenarios.iter().flat_map(|s| s.problems.iter()))
            .collect();
        assert!(
            !diags.is_empty(),
            "{name}: a bad input must give a diagnostic"
        );
        let mut text = String::new();
        for d in diags {
            assert!(
                d.span.end <= d.source.text.len(),
                "{name}: span outside the file"
            );
            text.push_str(&format!("{} [{}]\n", d.location(), d.code_text()));
            text.push_str(&goti::cli::render_plain(d));
        }
        insta::assert_snapshot!(text);
    });
    assert!(
        Path::new("tests/bad-inputs/snapshots/damaged-snapshot__a-damaged-snapshot.snap").exists()
    );
}
