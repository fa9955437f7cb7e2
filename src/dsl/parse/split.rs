//! Splitting a file into statements: line breaks (`\n`, `\r\n`, a lone
//! `\r`) and `;` outside strings; `#` comments dropped.

/// Splits at newlines and `;` outside strings, dropping `#` comments.
/// Yields (byte offset, trimmed text) of each non-empty statement.
pub fn split_statements<'a>(text: &'a str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    let mut in_string = false;
    let mut comment_at: Option<usize> = None;
    let push = |from: usize, to: usize, out: &mut Vec<(usize, &'a str)>| {
        let raw = &text[from..to];
        let trimmed_start = raw.len() - raw.trim_start().len();
        let t = raw.trim();
        if !t.is_empty() {
            out.push((from + trimmed_start, t));
        }
    };
    while i < bytes.len() {
        // A lone CR ends a line as `\n` does (one line model for statements,
        // line numbers and pictures).
        let b = match bytes[i] {
            b'\r' if bytes.get(i + 1) != Some(&b'\n') => b'\n',
            b => b,
        };
        if comment_at.is_some() {
            if b == b'\n' {
                push(start, comment_at.take().unwrap_or(i), &mut out);
                start = i + 1;
            }
        } else if in_string {
            if b == b'"' {
                in_string = false;
            } else if b == b'\n' {
                in_string = false; // an unclosed string ends at the line; the parser reports it
                push(start, i, &mut out);
                start = i + 1;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'#' => comment_at = Some(i),
                b'\n' | b';' => {
                    push(start, i, &mut out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    push(start, comment_at.unwrap_or(bytes.len()), &mut out);
    out
}
