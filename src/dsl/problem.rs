//! The one problem type of the scenario language.

use super::span::Span;
use crate::engine::RuleId;

/// A problem the language finds in a scenario, located in the file: a
/// syntax error while parsing, or a lowering problem (an unknown piece, a
/// word of another game, a tile off the ring). The one problem type of the
/// language; the runner turns it into a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub span: Span,
    pub message: String,
    pub label: String,
    /// The rule that decided it, if a rule did.
    pub rule: Option<RuleId>,
    pub help: Option<String>,
}

impl Problem {
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Problem {
        Problem {
            span,
            message: message.into(),
            label: label.into(),
            rule: None,
            help: None,
        }
    }
    pub fn rule(mut self, rule: RuleId) -> Problem {
        self.rule = Some(rule);
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// A list as a message writes it: "`a`, `b` or `c`".
pub(crate) fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
