//! The header of a scenario: which game, mode, ruleset file, overrides, tags.

use super::Problem;
use crate::dsl::ast::*;
use crate::engine::GameKind;

/// Which ruleset a scenario plays, and how it changes it.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub game: Option<Spanned<String>>,
    /// The ruleset `game` names (royal when none; an unknown name is a problem).
    pub kind: GameKind,
    /// The mode a header names (`mode clash`, `rules royal clash`): the
    /// line, and the name as written, which lowering reads in the game's words.
    pub mode: Option<(Span, Spanned<String>)>,
    pub rules_file: Option<Spanned<String>>,
    pub overrides: Vec<(Spanned<String>, Spanned<String>)>,
    pub tags: Vec<String>,
}

/// Reads the header statements (rules, mode, set, rules file, tags). The
/// first `from_file` statements are the file's header, which the
/// scenario's own header overrides (`set`s and tags add up); two `rules
/// file` lines in one header are an error, not a silent replacement.
pub fn header(sc: &Scenario, from_file: usize, problems: &mut Vec<Problem>) -> Header {
    let mut h = Header::default();
    let mut seen_action = false;
    // The `rules file` line of the header being read (the file's, then the scenario's).
    let mut file_line: [Option<Span>; 2] = [None, None];
    for (i, st) in sc.statements.iter().enumerate() {
        let is_header = st.kind.is_header();
        if is_header && seen_action {
            problems.push(
                Problem::new(
                    st.span,
                    "header statements come before the first action",
                    "after an action",
                )
                .help("move this line above the first roll, exit, move or expect illegal"),
            );
            continue;
        }
        match &st.kind {
            StmtKind::Rules { game, mode } => {
                h.game = Some(game.clone());
                match game.value.parse::<GameKind>() {
                    Ok(kind) => h.kind = kind,
                    Err(e) => problems.push(
                        Problem::new(game.span, e.to_string(), "unknown ruleset")
                            .help(format!("known rulesets: {}", GameKind::names())),
                    ),
                }
                if let Some(m) = mode {
                    h.mode = Some((st.span, m.clone()));
                }
            }
            StmtKind::RulesFile(path) => {
                let origin = usize::from(i >= from_file);
                if file_line[origin].is_some() {
                    problems.push(
                        Problem::new(
                            st.span,
                            "a second `rules file` in one header",
                            "second ruleset file",
                        )
                        .help("one header names one ruleset file; to combine two, write one that `extends` the other"),
                    );
                    continue;
                }
                file_line[origin] = Some(st.span);
                h.rules_file = Some(path.clone());
            }
            StmtKind::Mode(m) => h.mode = Some((st.span, m.clone())),
            StmtKind::Set { key, value } => h.overrides.push((key.clone(), value.clone())),
            StmtKind::Tags(t) => h.tags.extend(t.iter().cloned()),
            StmtKind::Action(_) | StmtKind::ExpectIllegal { .. } => seen_action = true,
            _ => {}
        }
    }
    h
}
