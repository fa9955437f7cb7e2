//! The TextMate grammar of `.goti` files (VS Code, and every editor that
//! reads TextMate grammars), built from the pest grammar's own keyword
//! list (`dsl::keywords`), so a new word of the language is coloured the
//! day it is added. `editors/vscode/syntaxes/goti.tmLanguage.json` is this
//! grammar written out (`goti grammar textmate`); a test fails when the
//! two differ.

use serde_json::{json, Value};

/// The grammar's scope name.
pub const SCOPE: &str = "source.goti";

/// The scopes it gives, by what they colour.
pub const COMMENT: &str = "comment.line.number-sign.goti";
pub const STRING: &str = "string.quoted.double.goti";
pub const KEYWORD: &str = "keyword.other.goti";
pub const PLAYER: &str = "variable.other.player.goti";
pub const PIECE: &str = "variable.other.piece.goti";
pub const NUMBER: &str = "constant.numeric.goti";
pub const DOTTED: &str = "entity.name.tag.goti";
pub const PUNCTUATION: &str = "punctuation.separator.goti";

/// The grammar as JSON.
pub fn grammar() -> Value {
    let mut words: Vec<&str> = crate::dsl::keywords()
        .iter()
        .copied()
        .filter(|w| *w != "king")
        .collect();
    // Longest first, so no word stops at a shorter one's end.
    words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    json!({
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "goti scenario",
        "scopeName": SCOPE,
        "fileTypes": ["goti"],
        "patterns": [
            { "name": COMMENT, "match": "#.*$" },
            { "name": STRING, "begin": "\"", "end": "\"" },
            { "name": DOTTED, "match": "\\b[A-Za-z_][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)+\\b" },
            { "name": PLAYER, "match": "(?i)\\bp[0-9]+\\b" },
            { "name": PIECE, "match": "(?i)\\b(?:g[0-9]+|king|k)\\b" },
            { "name": KEYWORD, "match": format!("(?i)\\b(?:{})\\b", words.join("|")) },
            { "name": NUMBER, "match": "[+-]?\\b[0-9]+\\b" },
            { "name": PUNCTUATION, "match": "[;,:()=+]" },
        ],
    })
}

/// The grammar as the file holds it.
pub fn grammar_text() -> String {
    let mut text = serde_json::to_string_pretty(&grammar()).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shipped_grammar_is_the_generated_one() {
        let shipped = include_str!("../../editors/vscode/syntaxes/goti.tmLanguage.json");
        // A build with the toy race (the `toy` feature) knows its name and
        // its own word, which the shipped binary does not colour.
        let generated = super::grammar_text()
            .replace("|toy|", "|")
            .replace("|boost|", "|");
        assert_eq!(
            generated != super::grammar_text(),
            cfg!(feature = "toy"),
            "the toy's words are coloured exactly when the toy is built"
        );
        assert_eq!(
            shipped, generated,
            "run `goti grammar textmate > editors/vscode/syntaxes/goti.tmLanguage.json`"
        );
    }

    #[test]
    fn every_keyword_of_the_grammar_is_coloured() {
        let g = super::grammar().to_string();
        for k in crate::dsl::keywords() {
            assert!(g.contains(k), "{k}");
        }
    }
}
