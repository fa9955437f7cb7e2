//! Lowering: a scenario's AST -> the header (which ruleset), the engine
//! [`Setup`], and the steps to play, with spans kept for every child. Every
//! problem of a scenario is collected, not just the first.

mod action;
mod allowed;
mod expect;
mod header;
mod place;
mod setup;
mod words;

pub use header::{header, Header};

use action::lower_action;
use expect::lower_expectation;
use setup::SetupState;
use words::{check_rule_id, mode_named};

use super::ast::*;
use crate::engine::{Action, GameKind, PieceId, Place, Player, Setup, Word};

pub use crate::dsl::problem::Problem;

/// What lowering needs to know of the ruleset (the rest comes from the
/// game's [`Vocabulary`](crate::engine::Vocabulary)).
pub struct Limits {
    pub game: GameKind,
    pub ring: u8,
    /// Royal's Home path, or portal's lane.
    pub home_path: u8,
    /// The rule IDs the scenario's rules cite (the game's catalogue, under
    /// a `race` description's own names).
    pub rule_ids: Vec<&'static str>,
    /// The rules' own words for the base and the home fields (a `race`
    /// description's `words`); `None`: the game's vocabulary says.
    pub place_names: Option<(String, String)>,
}

impl Limits {
    /// The ring's field numbers: 1-ring, or 0-(ring-1) in maedn.
    pub fn fields(&self) -> std::ops::RangeInclusive<i64> {
        self.game.vocabulary().fields(self.ring)
    }
}

/// Spans of the setup's parts, so engine setup errors point at the text.
#[derive(Clone, Debug, Default)]
pub struct SetupSpans {
    pub players: Span,
    pub placements: Vec<Span>,
    pub turn: Option<Span>,
    /// One span per `Setup::facts` entry.
    pub facts: Vec<Span>,
}

/// One step of a scenario, in file order.
#[derive(Clone, Debug)]
pub enum Step {
    Act {
        action: Action,
        player: Option<Spanned<Player>>,
        span: Span,
    },
    ExpectIllegal {
        rule: Option<Spanned<String>>,
        action: Action,
        player: Option<Spanned<Player>>,
        span: Span,
    },
    Expect {
        check: Check,
        span: Span,
    },
    Snapshot {
        label: Option<String>,
        span: Span,
    },
}

impl Step {
    /// Where the step stands in the file.
    pub fn span(&self) -> Span {
        match self {
            Step::Act { span, .. }
            | Step::ExpectIllegal { span, .. }
            | Step::Expect { span, .. }
            | Step::Snapshot { span, .. } => *span,
        }
    }
}

/// A lowered expectation. Those in words only some games have are
/// `Check::Own`, judged by the game whose words they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Place(Player, PieceId, Place),
    Steps(Player, PieceId, i64),
    TileEmpty(u8),
    TileExact(u8, Vec<(Player, PieceId)>),
    Applied(String),
    NotApplied(String),
    NoWinner,
    NoCapture,
    Turn(Player),
    Winner(Player),
    GameOver,
    Standings(Vec<Player>),
    /// `legal: next turn | exit G1 | move G1 3+4 forward` (and maedn's
    /// `legal: G1 G3`): exactly these actions are legal now.
    Legal(Vec<crate::engine::Action>),
    /// `legal count 12`.
    LegalCount(u64),
    /// `perft 3 = 1234`: histories of `depth` plies from here.
    Perft {
        depth: u32,
        nodes: u64,
    },
    /// An expectation in a word of one game's (`Played::expect_own`).
    Own(OwnCheck),
}

/// An expectation in a word only some games have: `expect P1 battle 20`
/// (royal), `expect P1 G2 past midpoint` (royal), `expect burned 5` and
/// `expect roll again` (portal), `expect returns 3 -1 -1 -1` (maedn). The
/// word, the player and piece it names, and its numbers; lowering keeps it
/// to the games whose vocabulary has the word, and the game judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnCheck {
    pub word: Word,
    pub player: Option<Player>,
    pub piece: Option<PieceId>,
    /// The numbers written (`past midpoint` is 1, `before midpoint` 0).
    pub numbers: Vec<i64>,
}

impl OwnCheck {
    /// A word with numbers of a player (`P1 battle 20`, `P1 store 3 5`).
    pub fn of(word: Word, player: Player, numbers: Vec<i64>) -> Check {
        Check::Own(OwnCheck {
            word,
            player: Some(player),
            piece: None,
            numbers,
        })
    }
    /// A word with numbers of nobody in particular (`burned 5`).
    pub fn plain(word: Word, numbers: Vec<i64>) -> Check {
        Check::Own(OwnCheck {
            word,
            player: None,
            piece: None,
            numbers,
        })
    }
}

/// A scenario ready to play.
#[derive(Clone, Debug)]
pub struct Plan {
    pub setup: Setup,
    pub spans: SetupSpans,
    pub steps: Vec<Step>,
}

/// Lowers a scenario to its setup and steps, collecting every problem.
pub fn lower(sc: &Scenario, limits: &Limits, header: &Header, problems: &mut Vec<Problem>) -> Plan {
    let game = limits.game;
    let mode = header
        .mode
        .as_ref()
        .and_then(|(line, name)| mode_named(*line, name, game, problems));
    let mut state = SetupState::new(sc, mode);
    let mut steps = Vec::new();
    let mut seen_action = false;

    for st in &sc.statements {
        let setup_stmt = matches!(
            st.kind,
            StmtKind::Place(_) | StmtKind::Turn(_) | StmtKind::OwnFact(_)
        );
        if setup_stmt && seen_action {
            problems.push(
                Problem::new(
                    st.span,
                    "setup comes before the first action",
                    "after an action",
                )
                .help("place pieces and set stores above the first roll, exit or move"),
            );
            continue;
        }
        match &st.kind {
            StmtKind::Players(_)
            | StmtKind::Turn(_)
            | StmtKind::OwnFact(_)
            | StmtKind::Place(_) => state.statement(st, limits, problems),
            StmtKind::Action(a) => {
                seen_action = true;
                // What can be known without playing (an action under `expect
                // illegal` is never flagged here): every die shows 1-6.
                // (a game whose die has the ruleset's faces leaves it to the engine)
                if let (ActionAst::Roll(dice), true) = (&a.action, game.vocabulary().six_sided) {
                    for d in dice
                        .iter()
                        .filter(|d| (0..=255).contains(&d.value) && !(1..=6).contains(&d.value))
                    {
                        problems.push(
                            Problem::new(
                                d.span,
                                format!("a die shows 1-6, not {}", d.value),
                                "no such roll",
                            )
                            .rule(limits.game.vocabulary().roll_values_rule),
                        );
                    }
                }
                if let Some((action, player)) =
                    lower_action(a, limits, problems, &mut state.mentioned)
                {
                    steps.push(Step::Act {
                        action,
                        player,
                        span: a.span,
                    });
                }
            }
            StmtKind::ExpectIllegal { rule, action } => {
                seen_action = true;
                let rule_ok = rule
                    .as_ref()
                    .is_none_or(|r| check_rule_id(r, limits, problems));
                if let Some((lowered, player)) =
                    lower_action(action, limits, problems, &mut state.mentioned)
                {
                    if rule_ok {
                        steps.push(Step::ExpectIllegal {
                            rule: rule.clone(),
                            action: lowered,
                            player,
                            span: st.span,
                        });
                    }
                }
            }
            StmtKind::Expect(e) => {
                if let Some(check) =
                    lower_expectation(e, st.span, limits, problems, &mut state.mentioned)
                {
                    steps.push(Step::Expect {
                        check,
                        span: st.span,
                    });
                }
            }
            StmtKind::Snapshot(label) => steps.push(Step::Snapshot {
                label: label.as_ref().map(|l| l.value.clone()),
                span: st.span,
            }),
            StmtKind::Rules { .. }
            | StmtKind::RulesFile(_)
            | StmtKind::Mode(_)
            | StmtKind::Set { .. }
            | StmtKind::Tags(_) => {}
        }
    }
    let (setup, spans) = state.finish();
    Plan {
        setup,
        spans,
        steps,
    }
}
