//! `goti fmt`: one layout for scenario files (`--check` shows the diff).

use std::path::PathBuf;

use super::output::*;
use crate::runner;

/// `fmt`: lays the scenario files out; with `check`, only says which would change.
pub fn fmt(paths: &[PathBuf], check: bool) -> i32 {
    let files = match scenario_files(paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut changed = 0;
    for f in &files {
        let bytes = match runner::files::read_limited(&f.path, runner::files::MAX_SCENARIO_BYTES) {
            Ok(b) => b,
            Err(e) => {
                errln!("error: cannot read {}: {e}", crate::shown::path(&f.path));
                return 2;
            }
        };
        let Ok(text) = String::from_utf8(bytes) else {
            errln!("error: {} is not UTF-8 text", crate::shown::path(&f.path));
            return 2;
        };
        let laid = crate::dsl::format::format(&text);
        if laid == text {
            continue;
        }
        changed += 1;
        if check {
            outln!("would reformat {}", crate::shown::path(&f.path));
        } else if let Err(e) = runner::snapshot::write_atomic(&f.path, laid.as_bytes()) {
            errln!("error: cannot write {}: {e}", crate::shown::path(&f.path));
            return 2;
        } else {
            outln!("reformatted {}", crate::shown::path(&f.path));
        }
    }
    if check {
        outln!("{changed} of {} file(s) would change", files.len());
        i32::from(changed > 0)
    } else {
        outln!("{changed} of {} file(s) reformatted", files.len());
        0
    }
}
