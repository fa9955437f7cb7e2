//! One scenario picked from `FILE[:LINE]` and the selection flags
//! (`--name`, `--tag`, ...), as `render` and `perft` take it.

use std::path::Path;

use super::error::CliError;
use crate::runner::select::Selection;
use crate::runner::Found;
use crate::runner::{FileReport, ScenarioReport};

/// The one scenario file `file` names (`FILE[:LINE]`), its selection and
/// the line; `verb` names the command in the error.
pub(super) fn one_file(
    file: &Path,
    pick: &super::report::ScenarioSelect,
    verb: &str,
) -> Result<(Found, Selection, Option<usize>), CliError> {
    let line = crate::runner::select::file_and_line(file).map(|(_, l)| l);
    let (_, files, sel) = super::report::selected_files(
        vec![file.to_path_buf()],
        &super::report::SelectArgs::of(pick),
    )?;
    match <[Found; 1]>::try_from(files) {
        Ok([found]) => Ok((found, sel, line)),
        Err(files) => Err(CliError(format!(
            "{verb} takes one scenario file, not {} files",
            files.len()
        ))),
    }
}

/// The one scenario a play selected; `what` says what it is for
/// (`to render`, `to count from`).
pub(super) fn one_scenario<'r>(
    report: &'r FileReport,
    what: &str,
) -> Result<&'r ScenarioReport, CliError> {
    match report.scenarios.as_slice() {
        [one] => Ok(one),
        [] => Err(CliError(format!(
            "no scenario {what}: the selection matched none (check --name and --tag, or the file's problems)"
        ))),
        many => {
            let names: Vec<String> = many.iter().map(|s| format!("{:?}", s.name)).collect();
            Err(CliError(format!(
                "{} has {} scenarios: pick one with --name TEXT or FILE:LINE ({})",
                report.source.name,
                many.len(),
                names.join(", ")
            )))
        }
    }
}
