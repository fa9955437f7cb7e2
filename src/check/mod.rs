//! goti checking itself: fuzzing the scenario language (`fuzz`: every
//! input played without a panic, every diagnostic inside its file), each
//! input served as every kind of file (`file_kinds`), no workflow command in
//! any reporter's output (`workflow`, a model of the runner's parser), and
//! OpenSpiel judging maedn move by move (`oracle`). The CLI's `fuzz` and
//! `oracle` commands drive these.

pub mod file_kinds;
pub mod fuzz;
pub mod oracle;
pub mod workflow;
