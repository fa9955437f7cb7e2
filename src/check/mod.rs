//! goti checking itself: fuzzing the scenario language (every input played
//! without a panic, every diagnostic inside its file, no workflow command
//! in any reporter's output) and OpenSpiel judging maedn move by move. The
//! CLI's `fuzz` and `oracle` commands drive these.

pub mod fuzz;
pub mod oracle;
