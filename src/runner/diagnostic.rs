//! A located problem as a miette diagnostic: file, line, column, underlined
//! span, the rule ID that decided it (as the code), and help.

use std::fmt;
use std::sync::Arc;

use miette::{LabeledSpan, SourceSpan};

use crate::dsl::ast::Span;
use crate::dsl::lower::Problem;
use crate::engine::{Rejection, RuleId, SetupError};

/// A source file as read (lossy UTF-8 text; the name as given by the user).
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: Arc<String>,
    /// The text as a diagnostic quotes it (`shown::quote`: the same length,
    /// nothing a terminal or CI runner would obey).
    quoted: Arc<String>,
    /// Where each line starts, built once: a line ends at `\n`, at `\r\n`,
    /// or at a lone `\r` (as the pictures of diagnostics count them), so text
    /// and JSON give the same line numbers.
    line_starts: Arc<Vec<usize>>,
    /// Whether a diagnostic may show the lines around its span (scenario
    /// files), or only the offending line (ruleset files, which may hold
    /// anything: goti never echoes more of them).
    pub context: bool,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        let text: String = text.into();
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let lone_cr = b == b'\r' && bytes.get(i + 1) != Some(&b'\n');
            if b == b'\n' || lone_cr {
                line_starts.push(i + 1);
            }
        }
        let quoted = Arc::new(crate::shown::quote(&text).into_owned());
        Source {
            name: name.into(),
            text: Arc::new(text),
            quoted,
            line_starts: Arc::new(line_starts),
            context: true,
        }
    }

    /// A file of which a diagnostic quotes only the offending line.
    pub fn line_only(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            context: false,
            ..Source::new(name, text)
        }
    }

    /// 1-based line and column (in characters) of a byte offset: a binary
    /// search of the line index, then the characters of that line before it.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char(&self.text, offset.min(self.text.len()));
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let col = self.text[start..offset].chars().count() + 1;
        (line, col)
    }

    /// The 1-based line of a byte offset (a binary search).
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset)
    }

    /// The byte range of the line holding `offset`, without its line break.
    pub fn line_span(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&next| next)
            .max(start);
        let text = &self.text[start..end];
        (start, start + text.trim_end_matches(['\n', '\r']).len())
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// What kind of problem: used as the diagnostic code when no rule decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Syntax,
    Setup,
    Illegal,
    Expectation,
    Snapshot,
    Ruleset,
    /// `goti lint`: a ruleset that makes no game, or a game that goes wrong.
    Lint,
    Invariant,
    /// A file that could not be read at all (exit code 2).
    Unreadable,
    Io,
    /// goti itself failed on this file (a bug: the run goes on, exit 2).
    Internal,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Syntax => "goti::syntax",
            Kind::Setup => "goti::setup",
            Kind::Illegal => "goti::illegal",
            Kind::Expectation => "goti::expect",
            Kind::Snapshot => "goti::snapshot",
            Kind::Ruleset => "goti::ruleset",
            Kind::Lint => "goti::lint",
            Kind::Invariant => "goti::invariant",
            Kind::Unreadable => "goti::unreadable",
            Kind::Io => "goti::io",
            Kind::Internal => "goti::internal",
        }
    }
}

/// One diagnostic.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub kind: Kind,
    pub message: String,
    pub source: Source,
    pub span: Span,
    pub label: String,
    pub rule: Option<RuleId>,
    pub help: Option<String>,
    /// A unified diff shown under the message (snapshot mismatches).
    pub diff: Option<String>,
    /// Shown as one line, without a picture of the source (past the
    /// number of diagnostics a file shows in full).
    pub brief: bool,
}

impl Diagnostic {
    pub fn new(
        kind: Kind,
        source: &Source,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Diagnostic {
        let len = source.text.len();
        let start = floor_char(&source.text, span.start.min(len));
        let end = floor_char(&source.text, span.end.min(len)).max(start);
        Diagnostic {
            kind,
            message: message.into(),
            source: source.clone(),
            span: Span::new(start, end),
            label: label.into(),
            rule: None,
            help: None,
            diff: None,
            brief: false,
        }
    }
    pub fn from_problem(kind: Kind, source: &Source, p: &Problem) -> Diagnostic {
        let mut d = Diagnostic::new(kind, source, p.span, p.message.clone(), p.label.clone());
        d.rule = p.rule;
        d.help = p.help.clone();
        d
    }
    /// An impossible set-up, at the part of the text that set it.
    pub fn from_setup_error(source: &Source, span: Span, e: SetupError) -> Diagnostic {
        Diagnostic::new(Kind::Setup, source, span, e.message, "impossible setup")
            .rule(e.rule)
            .opt_help(e.help)
    }
    /// An action the rules refused where the scenario expected none.
    pub fn from_rejection(source: &Source, span: Span, rej: &Rejection) -> Diagnostic {
        let help = rej.help.clone().unwrap_or_else(|| {
            format!(
                "if the rules should refuse it, write `expect illegal({}) ...`",
                rej.rule
            )
        });
        Diagnostic::new(
            Kind::Illegal,
            source,
            span,
            format!("illegal action: {}", rej.reason),
            format!("refused by {}", rej.rule),
        )
        .rule(rej.rule)
        .help(help)
    }
    pub fn rule(mut self, rule: RuleId) -> Diagnostic {
        self.rule = Some(rule);
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn opt_help(mut self, help: Option<String>) -> Diagnostic {
        self.help = help;
        self
    }
    /// `file:line:column`, the file's name on one line (`shown::line`).
    pub fn location(&self) -> String {
        let (l, c) = self.source.line_col(self.span.start);
        format!("{}:{l}:{c}", crate::shown::line(&self.source.name))
    }
    /// The code shown: the rule ID when a rule decided it.
    pub fn code_text(&self) -> String {
        match &self.rule {
            Some(r) => format!("rule {r}"),
            None => self.kind.name().to_string(),
        }
    }
}

/// Lines longer than this are not pictured (the diagnostic is brief).
pub const MAX_PICTURED_LINE: usize = 2_000;

impl Diagnostic {
    /// Whether the diagnostic is shown as one line, without the source.
    pub fn is_brief(&self) -> bool {
        let (start, end) = self.source.line_span(self.span.start);
        self.brief || end - start > MAX_PICTURED_LINE || self.span.len() > MAX_PICTURED_LINE
    }
}

impl fmt::Display for Diagnostic {
    /// The message (and a snapshot's diff) as text to show: what came from
    /// a file is made safe by `shown::block`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::shown::block(&self.message))?;
        if let Some(diff) = &self.diff {
            write!(f, "\n{}", crate::shown::block(diff))?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code_text()))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(crate::shown::block(h).into_owned()) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::new(self.span.start.into(), self.span.len());
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(crate::shown::line(&self.label).into_owned()),
            span,
        ))))
    }
}

impl miette::SourceCode for Diagnostic {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let text = self.source.quoted.as_str();
        let contents = if self.source.context || (before == 0 && after == 0) {
            text.read_span(span, before, after)?
        } else {
            // The snippet of a line-only source: the lines the span covers, whole,
            // and nothing around them.
            let start = span.offset().min(text.len());
            let end = (start + span.len()).min(text.len());
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
            let lines = SourceSpan::new(line_start.into(), line_end - line_start);
            text.read_span(&lines, 0, 0)?
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            crate::shown::line(&self.source.name).into_owned(),
            contents.data(),
            *contents.span(),
            contents.line(),
            contents.column(),
            contents.line_count(),
        )))
    }
}
