//! A command's failure, printed once by `cli::run` after `error: ` with
//! exit code 2; every library error becomes one.

/// A command's failure: what to print after `error: ` (exit code 2).
#[derive(Debug)]
pub struct CliError(pub String);

impl CliError {
    pub fn new(message: impl Into<String>) -> CliError {
        CliError(message.into())
    }
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError(message)
    }
}

impl From<crate::error::Error> for CliError {
    fn from(e: crate::error::Error) -> CliError {
        CliError(e.message)
    }
}

/// The CLI's own helpers word their errors as messages.
impl From<crate::error::Error> for String {
    fn from(e: crate::error::Error) -> String {
        e.message
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
