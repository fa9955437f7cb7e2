//! Ruleset YAML text before and after serde: a guard against text that would
//! take long to read (anchors and aliases, deep nesting), and the place of a
//! dotted field in the text, so an error found after parsing (a failed
//! validation such as `board.forts.2`) still points at its own line.

use super::RulesetError;

/// Flow collections (`[`, `{`) nested deeper than this are refused.
pub const MAX_FLOW_DEPTH: usize = 16;
/// Lines indented further than this are refused (block nesting).
pub const MAX_INDENT: usize = 64;

fn refuse(offset: usize, message: impl Into<String>) -> RulesetError {
    RulesetError {
        field: String::new(),
        message: message.into(),
        offset: Some(offset),
        unknown_field: false,
    }
}

/// Refuses YAML that could take long to read: anchors and aliases (whose
/// expansion can grow without bound), flow nesting deeper than
/// [`MAX_FLOW_DEPTH`], and indentation past [`MAX_INDENT`].
pub fn check_shape(text: &str) -> Result<(), RulesetError> {
    let mut depth = 0usize;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > MAX_INDENT && !line.trim().is_empty() {
            return Err(refuse(
                offset + indent,
                format!("nested deeper than goti reads (lines indented over {MAX_INDENT} spaces)"),
            ));
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '"' | '\'' if prev.is_whitespace() || "[{,:".contains(prev) => quote = Some(c),
                    '#' if prev.is_whitespace() => break,
                    '[' | '{' => {
                        depth += 1;
                        if depth > MAX_FLOW_DEPTH {
                            return Err(refuse(
                                offset + i,
                                format!("lists and maps nested more than {MAX_FLOW_DEPTH} deep"),
                            ));
                        }
                    }
                    ']' | '}' => depth = depth.saturating_sub(1),
                    '&' | '*' if prev.is_whitespace() || "[{,:".contains(prev) => {
                        let next = chars.get(k + 1).map_or(' ', |&(_, n)| n);
                        if next.is_alphanumeric() || next == '_' || next == '-' {
                            return Err(refuse(
                                offset + i,
                                "YAML anchors and aliases (`&name`, `*name`) are not allowed in ruleset files",
                            ));
                        }
                    }
                    _ => {}
                },
            }
            prev = c;
        }
        offset += line.len();
    }
    Ok(())
}

/// One open mapping key or list item while walking block YAML.
struct Frame {
    indent: usize,
    segment: String,
}

fn path_of(stack: &[Frame]) -> String {
    stack
        .iter()
        .map(|f| f.segment.as_str())
        .collect::<Vec<_>>()
        .join(".")
}

/// `key: rest` at the start of `s` (a plain or quoted key).
fn split_key(s: &str) -> Option<(&str, &str)> {
    let colon = s
        .find(": ")
        .or_else(|| s.strip_suffix(':').map(|k| k.len()))?;
    let key = s[..colon].trim();
    if key.is_empty() || key.starts_with(['[', '{', '#']) {
        return None;
    }
    Some((key.trim_matches(['"', '\'']), s[colon + 1..].trim_start()))
}

/// Items of a one-line flow collection `[a, b]` or `{k: v, ...}`: each
/// item's start (relative to `s`) and text.
fn flow_items(s: &str) -> Vec<(usize, &str)> {
    let inner_start = 1;
    let Some(end) = s.rfind([']', '}']) else {
        return Vec::new();
    };
    let mut items = Vec::new();
    let mut depth = 0;
    let mut start = inner_start;
    for (i, c) in s[inner_start..end].char_indices() {
        let i = i + inner_start;
        match c {
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push((start, &s[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push((start, &s[start..end]));
    items
        .into_iter()
        .map(|(st, t)| (st + (t.len() - t.trim_start().len()), t.trim()))
        .filter(|(_, t)| !t.is_empty())
        .collect()
}

/// Looks into a one-line flow value (`[a, b]`, `{k: v}`) at `value_at` for
/// the items under `path`; `consider` says whether one is the field.
fn flow(
    path: &str,
    value: &str,
    value_at: usize,
    consider: &mut impl FnMut(&str, (usize, usize)) -> bool,
) -> Option<(usize, usize)> {
    if !value.starts_with(['[', '{']) {
        return None;
    }
    for (i, (start, item)) in flow_items(value).into_iter().enumerate() {
        let (name, len) = match split_key(item) {
            Some((k, _)) if value.starts_with('{') => (k.to_string(), k.len()),
            _ => (i.to_string(), item.len()),
        };
        let span = (value_at + start, value_at + start + len);
        if consider(&format!("{path}.{name}"), span) {
            return Some(span);
        }
    }
    None
}

/// The byte range in `text` of the key or list item at the dotted `field`
/// (list items by index), in the block and one-line flow YAML that ruleset
/// files use; the deepest ancestor found when the field itself is not there.
pub fn locate(text: &str, field: &str) -> Option<(usize, usize)> {
    find(text, field).map(|(span, _)| span)
}

/// Like [`locate`], only when the field itself is written in `text`.
pub fn locate_exact(text: &str, field: &str) -> Option<(usize, usize)> {
    find(text, field)
        .filter(|(_, exact)| *exact)
        .map(|(span, _)| span)
}

/// The span of `field` or its deepest ancestor, and whether it is the field.
fn find(text: &str, field: &str) -> Option<((usize, usize), bool)> {
    if field.is_empty() {
        return None;
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut counters: std::collections::HashMap<(String, usize), usize> = Default::default();
    let mut best: Option<(usize, (usize, usize))> = None;
    let mut consider = |path: &str, span: (usize, usize)| -> bool {
        if path == field {
            return true;
        }
        if field.starts_with(path) && field[path.len()..].starts_with('.') {
            let len = path.len();
            if best.is_none_or(|(l, _)| len > l) {
                best = Some((len, span));
            }
        }
        false
    };
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let indent = body.len() - body.trim_start_matches(' ').len();
        let mut rest = &body[indent..];
        if rest.is_empty() || rest.starts_with('#') || rest.starts_with("---") {
            continue;
        }
        let mut col = indent;
        loop {
            while stack.last().is_some_and(|f| f.indent >= col) {
                stack.pop();
            }
            if rest == "-" || rest.starts_with("- ") {
                let parent = path_of(&stack);
                let n = counters.entry((parent, col)).or_insert(0);
                stack.push(Frame {
                    indent: col,
                    segment: n.to_string(),
                });
                *n += 1;
                let span = (here + col, here + body.len());
                if consider(&path_of(&stack), span) {
                    return Some((span, true));
                }
                let after = rest[1..].trim_start();
                col += rest.len() - after.len();
                rest = after;
                if rest.is_empty() {
                    break;
                }
                let path = path_of(&stack);
                if let Some(span) = flow(&path, rest, here + col, &mut consider) {
                    return Some((span, true));
                }
                continue;
            }
            let Some((key, value)) = split_key(rest) else {
                break;
            };
            stack.push(Frame {
                indent: col,
                segment: key.to_string(),
            });
            let key_span = (here + col, here + col + key.len());
            let path = path_of(&stack);
            if consider(&path, key_span) {
                return Some((key_span, true));
            }
            if let Some(span) = flow(&path, value, here + body.len() - value.len(), &mut consider) {
                return Some((span, true));
            }
            break;
        }
    }
    best.map(|(_, span)| (span, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    const YAML: &str = "name: royal\nboard:\n  ring: 52\n  entries: { P1: 52, P2: 39 }\n  forts: [44, 31, 18, 5]\njourney:\n  deal:\n    - { from: 0, to: 3, dice: 3 }\n    - { from: 4, to: 7, dice: 2 }\n  capture_value: 20\n";

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
        assert_eq!(at("journey.deal.1"), "- { from: 4, to: 7, dice: 2 }");
        assert_eq!(at("journey.capture_value"), "capture_value");
        // An unknown leaf: its deepest ancestor.
        assert_eq!(at("journey.nothing"), "journey");
    }

    #[test]
    fn shape_guard() {
        assert!(check_shape(YAML).is_ok());
        assert!(check_shape("a: &x [1]\nb: *x\n").is_err());
        assert!(check_shape("a: \"&x and *y\" # &z\n").is_ok());
        let deep = format!("a: {}{}\n", "[".repeat(40), "]".repeat(40));
        assert!(check_shape(&deep).is_err());
        let indented = format!("a:\n{}b: 1\n", " ".repeat(100));
        assert!(check_shape(&indented).is_err());
    }
}
