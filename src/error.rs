//! The error of goti's library services above the rules layers (runner,
//! balance, fuzz, oracle, self-play's set-up, shards): what a call cannot
//! do, worded for the user, with its kind, so the CLI prints it in one place
//! (`error: ...`, exit 2) and a caller can tell refused input from a tool
//! that failed. The rules layers keep their own: the engine's `Rejection`
//! and `Violation`, the rules data's `RulesetError`, the DSL's diagnostics.

use std::fmt;

/// A library call that could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    /// What to print after `error: `.
    pub message: String,
}

/// What an [`Error`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file or folder that cannot be read or written.
    Io,
    /// Something the user wrote or named that goti refuses: a project file,
    /// a selection, a trace, a snapshot, a revision, a shard.
    Input,
    /// A program goti runs (git, cargo, OpenSpiel's Python) that failed.
    Tool,
    /// A check that found a fault: a broken invariant, a disagreement.
    Check,
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// Runs `body`, whose errors are messages, as a call whose errors are
    /// of `kind`.
    pub fn of<T>(kind: ErrorKind, body: impl FnOnce() -> Result<T, String>) -> Result<T, Error> {
        body().map_err(|message| Error { kind, message })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// A set-up the engine refused, as the user's input goti refuses.
impl From<crate::engine::SetupError> for Error {
    fn from(e: crate::engine::SetupError) -> Error {
        Error::new(ErrorKind::Input, e.message)
    }
}
