//! What the integration tests that run the built binary share: `goti` in
//! a folder (no colour, under CI) and its whole output as text.

use std::path::Path;
use std::process::{Command, Output};

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

/// Standard output, then standard error.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
