//! The scenario language: pest grammar (`grammar/scenario.pest`), a typed AST
//! with its own spans, and lowering to the engine's setup and actions with
//! validation passes that collect every problem.

pub mod ast;
pub mod format;
pub mod lower;
mod parse;
pub mod problem;
pub mod span;

pub use parse::{
    keywords, keywords_of, parse_file, split_statements, MAX_FILE_BYTES, MAX_SCENARIOS,
    MAX_STATEMENTS,
};
