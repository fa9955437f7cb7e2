//! Text from a file made safe to show. Scenario names, comments, quoted
//! lines, file names, YAML values and git output come from pull requests;
//! what goti prints of them must not command a CI runner or a terminal.
//!
//! A GitHub Actions runner reads a log line as a workflow command when it
//! starts (after blanks) with `::name`, or when it holds the legacy form
//! `##[name` anywhere; it ends a line at `\n`, `\r\n` or a lone `\r`. A
//! terminal obeys escape sequences and other control characters; bidi
//! controls reorder what a reader sees. Every output format goes through
//! one of the forms here:
//!
//! - [`line`]: one line of a log (names, tags, file names, values): line
//!   breaks and control characters written as visible escapes;
//! - [`block`]: text of several lines: each line as [`line`] makes it;
//! - [`quote`]: the text a diagnostic quotes, the same length in bytes so
//!   spans still fit (control characters `?`, a lone `\r` a line break);
//! - [`html`], [`xml`], [`markdown`]: escaped for their formats, `#` and a
//!   line-leading `:` as character references, characters outside XML 1.0
//!   replaced;
//! - [`json`]: exact after parsing, with `#`, U+2028 and U+2029 as `\u`
//!   escapes.
//!
//! - [`display_safe`]: a scenario file's text before it is parsed, every
//!   control that could rewrite a line made visible at the same length;
//! - [`markup::Markup`]: XML and HTML written element by element.
//!
//! In every form `##[` and a line-leading `::` are broken up; goti's own
//! `::error` annotations are the only commands it writes. All of goti's text
//! safety is this module: no other layer escapes text its own way.

/// XML and HTML written element by element, every text escaped here.
pub mod markup;

use std::borrow::Cow;

/// Characters that rewrite what a terminal or reader shows: controls (not
/// `\n`), bidi controls, and the Unicode line and paragraph separators.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(
            c,
            '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{061c}'
        )
}

/// Whether `s` holds something that [`line`] or [`block`] would change.
fn needs_care(s: &str) -> bool {
    let b = s.as_bytes();
    // One pass over plain ASCII; text with any other character is checked
    // in full.
    for (i, &c) in b.iter().enumerate() {
        match c {
            0x80.. => return s.contains("##[") || s.contains("::") || s.chars().any(is_unsafe),
            b'\n' => {}
            0..0x20 | 0x7f => return true,
            b':' if b.get(i + 1) == Some(&b':') => return true,
            b'#' if b.get(i + 1) == Some(&b'#') && b.get(i + 2) == Some(&b'[') => return true,
            _ => {}
        }
    }
    false
}

/// `##[` broken up (`# #[`), however many `#` lead it.
fn break_legacy(s: String) -> String {
    let mut s = s;
    while s.contains("##[") {
        s = s.replace("##[", "# #[");
    }
    s
}

/// A line whose first non-blank characters are `::` gets a space between
/// them (`: :`), so it starts no workflow command.
fn break_leading(line: &str) -> Cow<'_, str> {
    let rest = line.trim_start();
    if rest.starts_with("::") {
        let at = line.len() - rest.len();
        Cow::Owned(format!("{}: {}", &line[..at], &line[at + 1..]))
    } else {
        Cow::Borrowed(line)
    }
}

/// One line of a log: `\n`, `\r`, `\t` as `\n`, `\r`, `\t`, any other
/// control or bidi character as `\u{..}`, `##[` and a leading `::` broken.
pub fn line(s: &str) -> Cow<'_, str> {
    if !needs_care(s) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    let out = break_legacy(out);
    Cow::Owned(break_leading(&out).into_owned())
}

/// Text of several lines: each line (split at `\n`, `\r\n` or a lone `\r`)
/// as [`line`] makes it, joined by `\n`. Tabs stay.
pub fn block(s: &str) -> Cow<'_, str> {
    if !needs_care(s) {
        return Cow::Borrowed(s);
    }
    let normal = s.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<String> = normal
        .split('\n')
        .map(|l| line(&l.replace('\t', "\u{0}")).replace("\\u{0}", "\t"))
        .collect();
    Cow::Owned(lines.join("\n"))
}

/// The text a diagnostic quotes, with the same length in bytes (so spans
/// and columns still fit): a lone `\r` becomes a line break (as goti counts
/// lines), other controls `?` (`\t` stays), a two-byte control `·`, a bidi
/// control or separator `\u{fffd}`; `##[` becomes `#?[`.
pub fn quote(s: &str) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !s.contains("##[")
        && !s.chars().any(|c| is_unsafe(c) && c != '\r' && c != '\t')
        && !(0..bytes.len()).any(lone_cr)
    {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        match c {
            '\r' if lone_cr(i) => out.push('\n'),
            '\r' | '\t' => out.push(c),
            c if is_unsafe(c) => match c.len_utf8() {
                1 => out.push('?'),
                2 => out.push('\u{b7}'),
                n => {
                    out.push('\u{fffd}');
                    out.push_str(&"?".repeat(n - 3));
                }
            },
            c => out.push(c),
        }
    }
    while out.contains("##[") {
        out = out.replace("##[", "#?[");
    }
    Cow::Owned(out)
}

/// A scenario file's text as goti reads it (before parsing, so every span
/// and column is of this text): every control character that could rewrite a terminal or
/// log line (escape sequences, backspace, bidirectional overrides) replaced
/// by a visible character of the same length, so spans still fit. Line
/// breaks and tabs stay.
pub fn display_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = is_replaced;
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let safe: String = text
        .chars()
        .map(|c| {
            if !unsafe_char(c) {
                return c.to_string();
            }
            // The same number of bytes: `?`, `·` or `�`.
            match c.len_utf8() {
                1 => "?".to_string(),
                2 => "\u{b7}".to_string(),
                _ => format!("{}{}", "\u{fffd}", "?".repeat(c.len_utf8() - 3)),
            }
        })
        .collect();
    std::borrow::Cow::Owned(safe)
}

/// Whether [`display_safe`] replaces `c`: a control character other than a
/// line break or a tab, or a bidirectional mark. goti reads such a
/// character as a visible one, part of a word, never as white space
/// (`goti fmt` keeps it where it stands).
pub fn is_replaced(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

/// A path on one line of a log (`line` of its display form).
pub fn path(p: &std::path::Path) -> String {
    line(&p.display().to_string()).into_owned()
}

/// Whether XML 1.0 allows `c` in a document.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Escaped for HTML and XML text and attribute values: markup characters,
/// `#` and a line-leading `:` as character references, `\r` as `&#13;`,
/// controls and characters outside XML 1.0 as U+FFFD.
pub fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 16);
    let mut line_start = true;
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '#' => out.push_str("&#35;"),
            ':' if line_start => out.push_str("&#58;"),
            '\r' => out.push_str("&#13;"),
            '\n' | '\t' => out.push(c),
            c if !xml_char(c) || is_unsafe(c) => out.push('\u{fffd}'),
            c => out.push(c),
        }
        line_start = match c {
            '\n' | '\r' => true,
            ' ' | '\t' => line_start,
            _ => false,
        };
    }
    out
}

/// HTML is escaped as XML is.
pub fn html(s: &str) -> String {
    xml(s)
}

/// Escaped for Markdown and the HTML GitHub renders in it (a pull-request
/// comment): on one line, every character Markdown or HTML gives a meaning
/// (`` \`*_{}[]()#+!|<>&"'~ ``) as a character reference, so a name cannot
/// close a `<details>` block, open a link or draw an image.
pub fn markdown(s: &str) -> String {
    references(s, "\\`*_{}[]()#+!|<>&\"'~:")
}

/// A table cell of goti's own words that may hold `code` spans (a rule
/// ID in backticks): one line, with `|`, `<`, `>` and `&` escaped so no cell
/// ends early and no HTML is formed.
pub fn markdown_cell(s: &str) -> String {
    references(s, "|<>&")
}

/// `s` on one line, each character of `special` as a character reference.
fn references(s: &str, special: &str) -> String {
    let one = line(s);
    let mut out = String::with_capacity(one.len() + 16);
    for c in one.chars() {
        if special.contains(c) {
            out.push_str(&format!("&#{};", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// A JSON value as one line: exact after parsing, with `#` (which could
/// form `##[`) and U+2028/U+2029 written as `\u` escapes. `#` and those
/// characters only ever stand inside strings in JSON text.
pub fn json(v: &serde_json::Value) -> String {
    json_text(&v.to_string())
}

/// [`json`] for JSON text already written.
pub fn json_text(text: &str) -> String {
    if !text.contains(['#', '\u{2028}', '\u{2029}']) {
        return text.to_string();
    }
    text.replace('#', "\\u0023")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// The last net under everything goti prints as text: `##[` and a
/// line-leading `::` broken up, a lone `\r` written `\r`. Escape sequences
/// stay (goti colours a terminal itself); the fragments it prints were
/// made safe where they were put in.
pub fn output(s: &str) -> Cow<'_, str> {
    let has_cr = s
        .as_bytes()
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'\r' && s.as_bytes().get(i + 1) != Some(&b'\n'));
    let leading = s.starts_with("::")
        || s.trim_start().starts_with("::")
        || s.split('\n').any(|l| l.trim_start().starts_with("::"));
    if !s.contains("##[") && !has_cr && !leading {
        return Cow::Borrowed(s);
    }
    let mut text = s.to_string();
    if has_cr {
        let b = text.as_bytes();
        let mut fixed = String::with_capacity(text.len() + 4);
        for (i, c) in text.char_indices() {
            if c == '\r' && b.get(i + 1) != Some(&b'\n') {
                fixed.push_str("\\r");
            } else {
                fixed.push(c);
            }
        }
        text = fixed;
    }
    let text = break_legacy(text);
    let lines: Vec<Cow<str>> = text.split('\n').map(break_leading).collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass check says what the three whole-text checks say: every
    /// pair and triple of a set of telling characters, and longer texts.
    #[test]
    fn needs_care_is_the_three_checks_in_one_pass() {
        let full = |s: &str| s.contains("##[") || s.contains("::") || s.chars().any(is_unsafe);
        let chars = [
            'a', ' ', '#', '[', ':', '\n', '\r', '\t', '\u{0}', '\u{1b}', '\u{7f}', '\u{85}',
            '\u{202e}', '\u{2028}', 'é', '→',
        ];
        let mut texts = vec![String::new()];
        for &x in &chars {
            for &y in &chars {
                texts.push(format!("{x}{y}"));
                for &z in &chars {
                    texts.push(format!("{x}{y}{z}"));
                    texts.push(format!("tile 23: {x}{y}{z} G1"));
                }
            }
        }
        for t in &texts {
            assert_eq!(needs_care(t), full(t), "{t:?}");
        }
    }

    #[test]
    fn each_form_breaks_both_command_forms() {
        for s in [
            "##[add-mask]FAIL",
            "###[set-output name=x]y",
            "  ::error::boom",
            "a\r::warning::b",
        ] {
            for shown in [
                line(s).into_owned(),
                block(s).into_owned(),
                output(s).into_owned(),
            ] {
                assert!(!shown.contains("##["), "{shown:?}");
                for l in shown.split(['\n', '\r']) {
                    assert!(!l.trim_start().starts_with("::"), "{shown:?}");
                }
            }
            assert!(!quote(s).contains("##["));
            assert!(!xml(s).contains("##[") && !xml(s).contains('\r'));
            assert!(!markdown(s).contains("##[") && !markdown(s).contains("::"));
        }
        assert_eq!(line("a\nb\u{1b}[2J"), "a\\nb\\u{1b}[2J");
        assert_eq!(line("plain"), "plain");
    }

    #[test]
    fn quote_keeps_the_length_and_json_stays_exact() {
        for s in [
            "a\rb",
            "x\u{1b}y",
            "##[x",
            "bidi \u{202e} here",
            "c1 \u{85}",
            "ok\r\n",
        ] {
            assert_eq!(quote(s).len(), s.len(), "{s:?}");
        }
        assert_eq!(quote("a\rb"), "a\nb");
        let v = serde_json::json!({"name": "##[add-mask]FAIL \u{2028}"});
        let text = json(&v);
        assert!(!text.contains('#') && !text.contains('\u{2028}'), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, v);
        assert_eq!(xml("a\u{fffe}b"), "a\u{fffd}b");
    }
}
