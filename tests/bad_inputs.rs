//! The catalogue of bad inputs (`tests/bad-inputs/*.goti`): every one gives
//! located diagnostics; their rendered text is a reviewed insta snapshot.

use std::path::Path;

use goti::runner::{self, RunOptions};

/// Each `tests/bad-inputs/*.goti`, in name order, snapshotted as
/// `…@NAME.goti.snap` (the names insta's `glob!` gave them; the loop is
/// ours so that insta's `glob` feature, whose regex features differ from
/// goti's, does not make `cargo test` compile goti a second time). Every
/// file is checked before the test fails, and the failures are named.
#[test]
fn every_bad_input_gives_located_diagnostics() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs");
    let mut inputs: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "goti"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 20,
        "the catalogue of bad inputs is missing from {}",
        folder.display()
    );
    let mut failed = Vec::new();
    for path in &inputs {
        let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut settings = insta::Settings::clone_current();
        settings.set_input_file(path);
        settings.set_snapshot_suffix(file_name.as_str());
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| snapshot_bad_input(path))
        }));
        if outcome.is_err() {
            failed.push(file_name);
        }
    }
    assert!(failed.is_empty(), "bad inputs that failed: {failed:?}");
    assert!(
        Path::new("tests/bad-inputs/snapshots/damaged-snapshot__a-damaged-snapshot.snap").exists()
    );
}

/// One bad input's diagnostics, located, rendered and snapshotted.
fn snapshot_bad_input(path: &Path) {
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
    insta::assert_snapshot!("every_bad_input_gives_located_diagnostics", text);
}
