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

/// The most games or inputs one command plays, and the most games a side
/// `goti balance` keeps the statistics of.
pub const MAX_GAMES: u64 = 1_000_000_000;
pub const MAX_BALANCE_GAMES: u64 = 1_000_000;

/// `--games N` (or `--cases N`) from `--seed S`: N games are played, or the
/// command refuses. 0 plays nothing; past `cap` is more than goti plays in
/// one command; seeds S..S+N must not pass u64's end (they would wrap,
/// playing the same games again or none).
pub fn checked_count(count: u64, seed: u64, flag: &str, cap: u64) -> Result<(), CliError> {
    if count == 0 {
        return Err(CliError(format!(
            "{flag} 0 plays nothing; give {flag} N (1 to {cap})"
        )));
    }
    if count > cap {
        return Err(CliError(format!(
            "{flag} {count}: goti plays at most {cap} in one command (use --shard K/N across machines)"
        )));
    }
    // The seeds are played as the range S..S+N: its end must fit too.
    if seed.checked_add(count).is_none() {
        return Err(CliError(format!(
            "--seed {seed} with {flag} {count}: the seeds would pass {}; give a seed at most {}",
            u64::MAX,
            u64::MAX - count
        )));
    }
    Ok(())
}
