//! `goti fmt`: one layout for every scenario file. Keywords in lower case,
//! one space between words, `, ` between clauses, no space inside `3+4` or
//! before `:`; one blank line between scenarios (before the comments that
//! lead a scenario); statements, their order, lines joined with `;` and
//! comments kept as written; quoted names untouched. Formatting a formatted
//! file changes nothing, and never changes what a scenario means.

use super::parse::suggest::keywords;

/// A keyword: one of the grammar's (`keywords`), or `k` (the King).
fn is_keyword(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    keywords().contains(&lower.as_str()) || lower == "k"
}

/// A player or piece name (`p1`, `g2`, `w3`): written upper-case.
fn is_piece_or_player(word: &str) -> bool {
    let mut chars = word.chars();
    matches!(chars.next(), Some('p' | 'P' | 'g' | 'G' | 'w' | 'W'))
        && word.len() > 1
        && chars.all(|c| c.is_ascii_digit())
}

/// The grammar's white space between words (`WHITESPACE` in
/// `scenario.pest`; a lone `\r` ends a line).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t')
}

/// White space goti trims from a statement's ends as it reads it: white
/// space that `shown::display_safe` leaves as it is (`split_statements`
/// trims it). A control character (a vertical tab, a form feed) is read as
/// a visible character, part of a word: trimming it away would turn a
/// statement that does not parse into one that does.
fn is_trimmed(c: char) -> bool {
    c.is_whitespace() && !crate::shown::is_replaced(c)
}

/// A piece of a statement.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    Word(&'a str),
    /// A quoted string, as written (possibly unterminated).
    Quoted(&'a str),
    Punct(char),
}

/// The tokens of a statement, each with whether white space stood before it.
fn tokens(code: &str) -> Vec<(Token<'_>, bool)> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut spaced = false;
    while i < code.len() {
        let c = code[i..].chars().next().unwrap_or(' ');
        // The grammar's white space only; anything else is part of a word.
        if is_space(c) {
            i += 1;
            spaced = true;
            continue;
        }
        let before = std::mem::take(&mut spaced);
        if c == '"' {
            let end = code[i + 1..]
                .find('"')
                .map_or(code.len(), |n| i + 1 + n + 1);
            out.push((Token::Quoted(&code[i..end]), before));
            i = end;
        } else if ",:()=+".contains(c) {
            out.push((Token::Punct(c), before));
            i += 1;
        } else {
            let start = i;
            while i < code.len() {
                let d = code[i..].chars().next().unwrap_or(' ');
                if is_space(d) || ",:()=+\"".contains(d) {
                    break;
                }
                i += d.len_utf8();
            }
            out.push((Token::Word(&code[start..i]), before));
        }
    }
    out
}

/// One statement laid out.
fn statement(code: &str) -> String {
    let toks = tokens(code);
    let mut out = String::new();
    let mut prev: Option<&Token> = None;
    let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let mut in_move = false;
    for (t, spaced) in &toks {
        in_move |= matches!(t, Token::Word(w) if w.eq_ignore_ascii_case("move"));
        let glue = match (prev, t) {
            (None, _) => false,
            (_, Token::Punct(',' | ')')) => true,
            // `P2: move`, `tile 23: P1 G1`; anything else as written.
            (Some(Token::Word(w)), Token::Punct(':')) => {
                digits(w)
                    || (w.get(..1).is_some_and(|c| c.eq_ignore_ascii_case("p"))
                        && w.get(1..).is_some_and(digits))
                    || !spaced
            }
            (Some(Token::Punct('(')), _) => true,
            (Some(Token::Word(w)), Token::Punct('(')) => w.eq_ignore_ascii_case("illegal"),
            // `3+4`, not `steps +3`.
            (Some(Token::Word(w)), Token::Punct('+')) if digits(w) => true,
            // A move's rolls `3 + 4` read as `3+4`; elsewhere a `+` is a
            // number's sign (`store 1 +1`), and `+ 1` does not parse, so it
            // stays as written.
            (Some(Token::Punct('+')), Token::Word(w)) if digits(w) => in_move || !spaced,
            (Some(Token::Punct(',' | ':' | '=')), _) | (_, Token::Punct('=')) => false,
            // Anything else stays as close as it was written.
            _ => !spaced,
        };
        if !glue && prev.is_some() {
            out.push(' ');
        }
        match t {
            Token::Word(w) if is_keyword(w) => out.push_str(&w.to_ascii_lowercase()),
            Token::Word(w) if is_piece_or_player(w) => out.push_str(&w.to_ascii_uppercase()),
            Token::Word(w) => out.push_str(w),
            Token::Quoted(q) => out.push_str(q),
            Token::Punct(p) => out.push(*p),
        }
        prev = Some(t);
    }
    out
}

/// Splits a line into its code and its comment (`#` outside a string).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return (&line[..i], Some(&line[i..])),
            _ => {}
        }
    }
    (line, None)
}

/// Splits code at `;` outside strings.
fn split_statements(code: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut in_string = false;
    let mut start = 0;
    for (i, c) in code.char_indices() {
        match c {
            '"' => in_string = !in_string,
            ';' if !in_string => {
                parts.push(&code[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&code[start..]);
    parts
}

fn starts_scenario(line: &str) -> bool {
    let t = line.trim_start_matches(is_trimmed);
    t.get(..8)
        .is_some_and(|w| w.eq_ignore_ascii_case("scenario"))
        && t.get(8..).is_some_and(|rest| rest.starts_with([' ', '"']))
}

/// The file laid out.
pub fn format(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for raw in text.lines() {
        let (code, comment) = split_comment(raw);
        let code = code.trim_matches(is_trimmed);
        let laid: Vec<String> = if code.is_empty() {
            Vec::new()
        } else {
            split_statements(code)
                .into_iter()
                .map(|s| statement(s.trim_matches(is_trimmed)))
                .collect()
        };
        let mut line = laid.join("; ");
        if let Some(c) = comment {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(c.trim_end_matches(is_trimmed));
        }
        if line.is_empty() {
            // At most one blank line in a row, none at the start.
            if out.last().is_some_and(|l| !l.is_empty()) {
                out.push(String::new());
            }
            continue;
        }
        if starts_scenario(&line) && !out.is_empty() {
            // One blank line before the scenario and the comments leading it.
            let mut at = out.len();
            while at > 0 && out[at - 1].starts_with('#') {
                at -= 1;
            }
            if at > 0 && !out[at - 1].is_empty() {
                out.insert(at, String::new());
            }
        }
        out.push(line);
    }
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn lays_out_words_clauses_and_scenarios() {
        let messy = "SCENARIO   \"Merge\"  # the brief\nP1 G2 ON 27 ,P1 G1 on 23,P2 solo on 23 ;  MOVE G2 4 forward\n\n\n\nexpect illegal( move.rolls )  P2 : move G1 3 + 4\nset journey.capture_value=30\nscenario \"next\"\nP1 G1 on 30\n";
        let want = "scenario \"Merge\" # the brief\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\n\nexpect illegal(move.rolls) P2: move G1 3+4\nset journey.capture_value = 30\n\nscenario \"next\"\nP1 G1 on 30\n";
        assert_eq!(format(messy), want);
        assert_eq!(format(want), want);
    }

    #[test]
    fn comments_lead_their_scenario() {
        let text = "scenario \"a\"\nP1 G1 on 30\n# about b\n# more\nscenario \"b\"\n";
        assert_eq!(
            format(text),
            "scenario \"a\"\nP1 G1 on 30\n\n# about b\n# more\nscenario \"b\"\n"
        );
    }
}

#[cfg(test)]
mod keyword_tests {
    use super::*;

    #[test]
    fn every_keyword_of_every_game_is_lower_cased() {
        let words = keywords();
        for must in [
            "legal", "returns", "seats", "opposite", "maedn", "royal", "portal", "goal",
        ] {
            assert!(words.contains(&must), "{must} is a keyword of the grammar");
        }
        for w in words {
            let text = format!("scenario \"x\"\nexpect {} 2\n", w.to_ascii_uppercase());
            let out = format(&text);
            assert!(out.contains(&format!("expect {w} 2")), "{w}: {out}");
        }
        assert_eq!(
            format("scenario \"x\"\nRULES MAEDN\nEXPECT LEGAL: PASS\n"),
            "scenario \"x\"\nrules maedn\nexpect legal: pass\n"
        );
        // Players and pieces upper-case; names in quotes as written.
        assert_eq!(
            format("scenario \"p1 g1\"\np1 g2 on 27, p2 solo on 23; move g2 4 forward\n"),
            "scenario \"p1 g1\"\nP1 G2 on 27, P2 solo on 23; move G2 4 forward\n"
        );
    }
}
