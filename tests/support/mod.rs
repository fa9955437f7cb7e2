//! What the integration tests that run the built binary share: `goti` in
//! a folder (no colour, under CI) and its whole output as text.

use std::path::Path;
use std::process::{Command, Output};

#[allow(dead_code)]
mod files;
#[allow(unused_imports)]
pub use files::{git, text, write};

/// Runs the built `goti` with `args` in `dir`, as CI would.
pub fn goti(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goti"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("CI", "true")
        .output()
        .expect("the goti binary runs")
}
