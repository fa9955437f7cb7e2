//! Ruleset YAML read for its shape and its places by saphyr-parser (a
//! maintained YAML 1.2 parser whose events carry spans; serde_yaml stays the
//! deserializer): a guard against text that would take long to read (anchors
//! and aliases, deep nesting), the place of every key and list item, so an
//! error found after parsing (a failed validation such as `board.forts.2`)
//! still points at its own line, and the comment written on each key's line
//! (where the shipped files cite the rules that read the key).

use saphyr_parser::{Event, Marker, Parser, ScalarStyle, ScanError, Span};

use super::RulesetError;

/// Flow collections (`[`, `{`) nested deeper than this are refused.
pub const MAX_FLOW_DEPTH: usize = 16;
/// Nodes indented further than this are refused (block nesting).
pub const MAX_INDENT: usize = 64;

fn refuse(offset: usize, message: impl Into<String>) -> RulesetError {
    RulesetError {
        field: String::new(),
        message: message.into(),
        offset: Some(offset),
        unknown_field: false,
    }
}

/// One key or list item of a ruleset document, by its dotted path.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    path: String,
    /// Byte range of the key (mapping entries) or of the item's first line.
    span: (usize, usize),
    /// The line the key or item starts on (0-based).
    line: usize,
}

/// The keys and list items of a YAML document, each with its place.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    entries: Vec<Entry>,
    /// Per line, the text after the last node on it that starts with `#`.
    comments: Vec<String>,
}

/// A collection open while walking the events.
enum Frame {
    /// A mapping; `key` is the key whose value comes next.
    Map {
        path: String,
        key: Option<(String, usize)>,
        flow: bool,
    },
    /// A sequence and the index of its next item.
    Seq {
        path: String,
        next: usize,
        flow: bool,
    },
}

/// Character offsets (as the parser counts) to byte offsets and lines.
struct Places<'a> {
    text: &'a str,
    bytes: Vec<usize>,
    line_starts: Vec<usize>,
}

impl<'a> Places<'a> {
    fn new(text: &'a str) -> Self {
        let bytes = text
            .char_indices()
            .map(|(b, _)| b)
            .chain(std::iter::once(text.len()))
            .collect();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Places {
            text,
            bytes,
            line_starts,
        }
    }

    fn byte(&self, chars: usize) -> usize {
        self.bytes.get(chars).copied().unwrap_or(self.text.len())
    }

    fn line_of(&self, byte: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= byte) - 1
    }

    fn line_end(&self, line: usize) -> usize {
        self.line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&s| s - 1)
    }

    /// The byte range of `span`, cut at the end of its first line.
    fn range(&self, span: Span) -> (usize, usize) {
        let start = self.byte(span.start.index());
        let end = self.byte(span.end.index()).max(start);
        let end = end.min(self.line_end(self.line_of(start)));
        (start, end.max(start))
    }
}

/// Reads `text` for its keys, items and comments, refusing what could take
/// long to read: anchors and aliases (whose expansion can grow without
/// bound), flow nesting deeper than [`MAX_FLOW_DEPTH`], nodes indented past
/// [`MAX_INDENT`], keys that are not plain values. Only the first document
/// is read. A text the parser cannot read is refused with its message, but
/// where serde_yaml cannot read it either its own message is kept, so
/// [`check_shape`] lets it through for the caller's parse to report.
pub fn outline(text: &str) -> Result<Outline, Result<RulesetError, ScanError>> {
    let places = Places::new(text);
    let mut out = Outline::default();
    // Per line, the byte where its last node ends.
    let mut content_end: Vec<usize> = places.line_starts.clone();
    let mut frames: Vec<Frame> = Vec::new();
    // Open sequence items whose span ends with their collection.
    let mut open: Vec<Option<usize>> = Vec::new();
    for event in Parser::new_from_str(text) {
        let (event, mut span) = event.map_err(Err)?;
        if let Event::Scalar(
            _,
            style @ (ScalarStyle::DoubleQuoted | ScalarStyle::SingleQuoted),
            ..,
        ) = &event
        {
            // The parser's span of a quoted scalar runs on over a comment
            // after it: end it at its closing quote.
            span.end = closing_quote(&places, span.start, *style).unwrap_or(span.end);
        }
        let start = places.byte(span.start.index());
        let mut end = places.byte(span.end.index());
        if matches!(event, Event::SequenceEnd | Event::MappingEnd)
            && matches!(text.as_bytes().get(start), Some(b']' | b'}'))
        {
            // Likewise a flow collection's closing bracket.
            end = start + 1;
        }
        if end > start {
            let line = places.line_of(end.saturating_sub(1));
            content_end[line] = content_end[line].max(end);
        }
        let (anchor, container) = match &event {
            Event::DocumentEnd => break,
            Event::Alias(_) => (1, None),
            Event::Scalar(_, _, anchor, _) => (*anchor, None),
            Event::SequenceStart(anchor, _) => (*anchor, Some(false)),
            Event::MappingStart(anchor, _) => (*anchor, Some(true)),
            Event::SequenceEnd | Event::MappingEnd => {
                frames.pop();
                if let Some(Some(i)) = open.pop() {
                    let first = out.entries[i].span.0;
                    let line_end = content_end[places.line_of(first)];
                    out.entries[i].span.1 = end.min(line_end).max(first);
                }
                finish_value(&mut frames);
                continue;
            }
            _ => continue,
        };
        if anchor != 0 {
            return Err(Ok(refuse(
                start,
                "YAML anchors and aliases (`&name`, `*name`) are not allowed in ruleset files",
            )));
        }
        let line_start = places.line_starts[places.line_of(start)];
        let indent =
            text[line_start..start].len() - text[line_start..start].trim_start_matches(' ').len();
        if indent > MAX_INDENT {
            return Err(Ok(refuse(
                start,
                format!("nested deeper than goti reads (lines indented over {MAX_INDENT} spaces)"),
            )));
        }
        let flow = matches!(text.as_bytes().get(start), Some(b'[' | b'{'));
        if container.is_some() && flow {
            let depth = 1 + frames.iter().filter(|f| f.is_flow()).count();
            if depth > MAX_FLOW_DEPTH {
                return Err(Ok(refuse(
                    start,
                    format!("lists and maps nested more than {MAX_FLOW_DEPTH} deep"),
                )));
            }
        }
        let (path, entry) = match frames.last_mut() {
            None => (String::new(), None),
            Some(Frame::Map { path, key, .. }) => match key.take() {
                None => {
                    let Event::Scalar(name, ..) = &event else {
                        return Err(Ok(refuse(start, "ruleset keys are plain names")));
                    };
                    *key = Some((name.to_string(), out.entries.len()));
                    let path = join(path, name);
                    out.entries.push(Entry {
                        path,
                        span: (start, end.max(start)),
                        line: places.line_of(start),
                    });
                    continue;
                }
                Some((name, _)) => {
                    *key = None;
                    (join(path, &name), None)
                }
            },
            Some(Frame::Seq { path, next, .. }) => {
                let path = join(path, &next.to_string());
                *next += 1;
                let range = places.range(span);
                out.entries.push(Entry {
                    path: path.clone(),
                    span: range,
                    line: places.line_of(range.0),
                });
                (path, Some(out.entries.len() - 1))
            }
        };
        match container {
            Some(true) => {
                frames.push(Frame::Map {
                    path,
                    key: None,
                    flow,
                });
                open.push(entry);
            }
            Some(false) => {
                frames.push(Frame::Seq {
                    path,
                    next: 0,
                    flow,
                });
                open.push(entry);
            }
            None => {}
        }
    }
    out.comments = content_end
        .iter()
        .enumerate()
        .map(|(line, &from)| {
            // Past the line's last node only indicators (`:`, `-`, `[`)
            // and the comment remain.
            let rest = &text[from.min(places.line_end(line))..places.line_end(line)];
            let hash = rest
                .char_indices()
                .find(|&(i, c)| c == '#' && (i == 0 || rest[..i].ends_with(char::is_whitespace)));
            hash.map_or(String::new(), |(i, _)| rest[i + 1..].trim().to_string())
        })
        .collect();
    Ok(out)
}

/// The marker just after the closing quote of the quoted scalar at `start`.
fn closing_quote(places: &Places, start: Marker, style: ScalarStyle) -> Option<Marker> {
    let from = places.byte(start.index());
    let quote = if style == ScalarStyle::DoubleQuoted {
        '"'
    } else {
        '\''
    };
    let mut chars = places.text[from..].char_indices().skip(1).peekable();
    let mut count = 1;
    while let Some((_, c)) = chars.next() {
        count += 1;
        match c {
            '\\' if quote == '"' => {
                chars.next();
                count += 1;
            }
            '\'' if quote == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') => {
                chars.next();
                count += 1;
            }
            c if c == quote => {
                return Some(Marker::new(
                    start.index() + count,
                    start.line(),
                    start.col() + count,
                ));
            }
            _ => {}
        }
    }
    None
}

/// A mapping whose value just ended waits for its next key.
fn finish_value(frames: &mut [Frame]) {
    if let Some(Frame::Map { key, .. }) = frames.last_mut() {
        *key = None;
    }
}

impl Frame {
    fn is_flow(&self) -> bool {
        match self {
            Frame::Map { flow, .. } | Frame::Seq { flow, .. } => *flow,
        }
    }
}

fn join(path: &str, segment: &str) -> String {
    if path.is_empty() {
        segment.to_string()
    } else {
        format!("{path}.{segment}")
    }
}

/// Refuses YAML that could take long to read (see [`outline`]); text that
/// neither parser reads passes, for serde_yaml's own message.
pub fn check_shape(text: &str) -> Result<(), RulesetError> {
    match outline(text) {
        Ok(_) => Ok(()),
        Err(Ok(refused)) => Err(refused),
        Err(Err(_)) if serde_yaml::from_str::<serde_yaml::Value>(text).is_err() => Ok(()),
        Err(Err(e)) => Err(refuse(
            places_of(text, e.marker().index()),
            format!("YAML goti cannot read: {}", e.info()),
        )),
    }
}

fn places_of(text: &str, chars: usize) -> usize {
    Places::new(text).byte(chars)
}

impl Outline {
    /// The byte range of the key or list item at the dotted `field` (list
    /// items by index); the deepest ancestor written when the field itself
    /// is not.
    pub fn locate(&self, field: &str) -> Option<(usize, usize)> {
        if field.is_empty() {
            return None;
        }
        self.locate_exact(field).or_else(|| {
            self.entries
                .iter()
                .filter(|e| field.starts_with(&e.path) && field[e.path.len()..].starts_with('.'))
                .max_by_key(|e| e.path.len())
                .map(|e| e.span)
        })
    }

    /// Like [`Outline::locate`], only when the field itself is written.
    pub fn locate_exact(&self, field: &str) -> Option<(usize, usize)> {
        self.entries
            .iter()
            .find(|e| e.path == field)
            .map(|e| e.span)
    }

    /// Every key and list item in document order, with the comment on the
    /// line it starts on (empty when there is none).
    pub fn commented(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|e| {
            (
                e.path.as_str(),
                self.comments.get(e.line).map_or("", String::as_str),
            )
        })
    }
}

/// [`Outline::locate`] in `text`; `None` when `text` cannot be read.
pub fn locate(text: &str, field: &str) -> Option<(usize, usize)> {
    outline(text).ok()?.locate(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    const YAML: &str = "name: royal\nboard:\n  ring: 52   # board.ring\n  entries: { P1: 52, P2: 39 }   # board.entry\n  forts: [44, 31, 18, 5]\njourney:\n  deal:\n    - { from: 0, to: 3, dice: 3 }\n    - { from: 4, to: 7, dice: 2 }\n    - from: 8 # roll.deal\n      to: 9\n  capture_value: \"20\" # the # inside: capture.value\nnamé: \"ü\"\nlast: 1\n";

    fn at(field: &str) -> &'static str {
        let (a, b) = locate(YAML, field).unwrap_or_else(|| panic!("{field} not found"));
        &YAML[a..b]
    }

    #[test]
    fn fields_are_found_where_they_are_written() {
        assert_eq!(at("board.ring"), "ring");
        assert_eq!(at("board.forts.2"), "18");
        assert_eq!(at("board.entries.P2"), "P2");
        assert_eq!(at("journey.deal.1.from"), "from");
        assert_eq!(at("journey.deal.1"), "{ from: 4, to: 7, dice: 2 }");
        assert_eq!(at("journey.deal.2"), "from: 8");
        assert_eq!(at("journey.deal.2.to"), "to");
        assert_eq!(at("journey.capture_value"), "capture_value");
        // Byte offsets after a character of two bytes.
        assert_eq!(at("last"), "last");
        // An unknown leaf: its deepest ancestor; an exact search refuses it.
        assert_eq!(at("journey.nothing"), "journey");
        assert_eq!(outline(YAML).unwrap().locate_exact("journey.nothing"), None);
    }

    #[test]
    fn comments_belong_to_the_line_of_their_key() {
        let outline = outline(YAML).unwrap();
        let comment = |path: &str| {
            outline
                .commented()
                .find(|(p, _)| *p == path)
                .map(|(_, c)| c.to_string())
                .unwrap_or_else(|| panic!("{path} not found"))
        };
        assert_eq!(comment("board.ring"), "board.ring");
        assert_eq!(comment("board.entries"), "board.entry");
        assert_eq!(comment("board.entries.P2"), "board.entry");
        assert_eq!(comment("board"), "");
        assert_eq!(comment("journey.deal.2.from"), "roll.deal");
        assert_eq!(
            comment("journey.capture_value"),
            "the # inside: capture.value"
        );
    }

    #[test]
    fn shape_guard() {
        assert!(check_shape(YAML).is_ok());
        let refused = |text: &str| check_shape(text).expect_err(text);
        let e = refused("a: &x [1]\nb: *x\n");
        assert_eq!(e.offset, Some(3), "{e:?}");
        assert!(e.message.contains("anchors"));
        assert!(check_shape("a: \"&x and *y\" # &z\n").is_ok());
        let deep = format!("a: {}{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(refused(&deep).offset, Some(3 + MAX_FLOW_DEPTH));
        let indented = format!("a:\n{}b: 1\n", " ".repeat(100));
        assert!(refused(&indented).message.contains("indented"));
        // A long one-line flow list is not nesting.
        let long = format!("a: [{}]\n", vec!["{ from: 0, to: 3 }"; 20].join(", "));
        assert!(check_shape(&long).is_ok());
        // Text that neither parser reads is left for serde_yaml's message.
        assert!(check_shape("a: [1\n").is_ok());
    }
}
