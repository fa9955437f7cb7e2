//! A document's text as the editor sees it: LSP positions are a line and a
//! column in UTF-16 code units; goti's spans are byte offsets. `LineIndex`
//! turns one into the other, and `apply_change` edits the text in place
//! (incremental sync).

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// Where each line of a text starts (a line ends at `\n`).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The 0-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The LSP position of a byte offset (clamped to the text, floored to a
    /// character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line];
        let col: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, col as u32)
    }

    /// The byte offset of an LSP position (a column past the line's end is
    /// the line's end; a line past the text is the text's end).
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| e.saturating_sub(1));
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if units >= pos.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }

    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// The byte range of 0-based line `line`, without its line break.
    pub fn line_span(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(text.len());
        let end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |&e| e.saturating_sub(1));
        let end = if text[start..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        (start, end.max(start))
    }

    pub fn lines(&self) -> usize {
        self.starts.len()
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Applies one change the editor sent: a range replaced, or (no range) the
/// whole text.
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text.clone(),
        Some(range) => {
            let index = LineIndex::new(text);
            let start = index.offset(text, range.start);
            let end = index.offset(text, range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

/// The word around byte `offset`: letters, digits, `.`, `-` and `_` (a rule
/// ID is one word), with its byte range.
pub fn word_at(text: &str, offset: usize) -> Option<(usize, usize, &str)> {
    let offset = floor_char(text, offset.min(text.len()));
    let is_word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = text[offset..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| offset + i);
    // A word does not end in `.` (the end of a sentence in a comment).
    let word = text[start..end].trim_end_matches('.');
    (!word.is_empty()).then(|| (start, start + word.len(), word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "ab\n\u{e9}x\u{1f600}y\nz";
        let ix = LineIndex::new(text);
        let y = text.find('y').unwrap();
        assert_eq!(ix.position(text, y), Position::new(1, 4));
        assert_eq!(ix.offset(text, Position::new(1, 4)), y);
        assert_eq!(
            ix.offset(text, Position::new(1, 99)),
            text.find("\nz").unwrap()
        );
        assert_eq!(ix.offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn incremental_changes_edit_the_range() {
        let mut text = "move G1 3\nexpect P1 G1 on 20\n".to_string();
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(1, 16), Position::new(1, 18))),
            range_length: None,
            text: "49".into(),
        };
        apply_change(&mut text, &change);
        assert_eq!(text, "move G1 3\nexpect P1 G1 on 49\n");
    }

    #[test]
    fn words_include_rule_ids() {
        let text = "expect applied capture.merge.";
        let at = text.find("merge").unwrap();
        assert_eq!(word_at(text, at).map(|w| w.2), Some("capture.merge"));
    }
}
