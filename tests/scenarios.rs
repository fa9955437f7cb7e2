//! One test per scenario under `scenarios/`, so a failure names it.
//! Snapshots are compared; `.snap.new` files are written for review except
//! when the CI variable is set.

use std::path::PathBuf;

use goti::runner::{self, RunOptions};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let mut args = Arguments::from_args();
    if args.color.is_none()
        && (!std::io::IsTerminal::is_terminal(&std::io::stdout())
            || std::env::var_os("NO_COLOR").is_some())
    {
        args.color = Some(libtest_mimic::ColorSetting::Never);
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = runner::discover(&[root.join("scenarios")]).expect("scenarios/ is readable");
    let mut trials = Vec::new();
    let opts = RunOptions {
        write_snapshots: !runner::in_ci(),
        ..RunOptions::default()
    };
    for file in files {
        // Parse once to list the scenarios; each trial runs one of them.
        let rel = file.strip_prefix(&root).unwrap_or(&file).to_path_buf();
        let listing = play_one(
            &file,
            &RunOptions {
                validate_only: true,
                skip_snapshots: true,
                ..opts.clone()
            },
            None,
        );
        if !listing.file_problems.is_empty() {
            let msg = listing
                .file_problems
                .iter()
                .map(|d| format!("{}: {}", d.location(), d.message))
                .collect::<Vec<_>>()
                .join("\n");
            trials.push(Trial::test(rel.display().to_string(), move || {
                Err(Failed::from(msg))
            }));
        }
        for sc in listing.scenarios {
            let file = file.clone();
            let name = sc.name.clone();
            let opts = opts.clone();
            let test_name = format!("{}::{}", rel.display(), sc.name);
            trials.push(Trial::test(test_name, move || {
                let report = play_one(&file, &opts, Some(&name));
                // The file's own problems count too (goti failing on the file).
                match report.verdict_of(&name) {
                    Ok(()) => Ok(()),
                    Err(problems) if problems.is_empty() => {
                        Err(Failed::from(format!("no scenario \"{name}\" was played")))
                    }
                    Err(problems) => Err(Failed::from(
                        problems
                            .into_iter()
                            .map(goti::cli::render_plain)
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )),
                }
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
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
