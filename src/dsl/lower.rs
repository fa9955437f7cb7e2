//! Lowering: a scenario's AST -> the header (which ruleset), the engine
//! [`Setup`], and the steps to play, with spans kept for every child. Every
//! problem of a scenario is collected, not just the first.

use std::collections::BTreeSet;

use super::ast::*;
use crate::engine::{
    Action, Direction, Mode, MoveClause, MoveOrder, PieceId, Place, Placement, Player, RuleInfo,
    Setup,
};

/// A problem found while lowering, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub span: Span,
    pub message: String,
    pub label: String,
    /// The rule that decided it, if a rule did.
    pub rule: Option<&'static str>,
    pub help: Option<String>,
}

impl Problem {
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Problem {
        Problem {
            span,
            message: message.into(),
            label: label.into(),
            rule: None,
            help: None,
        }
    }
    pub fn rule(mut self, rule: &'static str) -> Problem {
        self.rule = Some(rule);
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// Which ruleset a scenario plays, and how it changes it.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub game: Option<Spanned<String>>,
    pub mode: Mode,
    pub rules_file: Option<Spanned<String>>,
    pub overrides: Vec<(Spanned<String>, Spanned<String>)>,
    pub tags: Vec<String>,
}

/// What lowering needs to know of the ruleset.
pub struct Limits<'a> {
    pub ring: u8,
    pub home_path: u8,
    pub catalogue: &'a [RuleInfo],
}

/// Spans of the setup's parts, so engine setup errors point at the text.
#[derive(Clone, Debug, Default)]
pub struct SetupSpans {
    pub players: Span,
    pub placements: Vec<Span>,
    pub store: [Option<Span>; 4],
    pub credits: [Option<Span>; 4],
    pub turn: Option<Span>,
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

/// A lowered expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    Place(Player, PieceId, Place),
    Midpoint(Player, PieceId, bool),
    Steps(Player, PieceId, i64),
    Battle(Player, i64),
    Progress(Player, i64),
    Score(Player, i64),
    Credits(Player, i64),
    Store(Player, Vec<i64>),
    TileEmpty(u8),
    TileExact(u8, Vec<(Player, PieceId)>),
    Applied(String),
    Turn(Player),
    Winner(Player),
    GameOver,
}

/// A scenario ready to play.
#[derive(Clone, Debug)]
pub struct Plan {
    pub setup: Setup,
    pub spans: SetupSpans,
    pub steps: Vec<Step>,
}

/// Reads the header statements (rules, mode, set, tags).
pub fn header(sc: &Scenario, problems: &mut Vec<Problem>) -> Header {
    let mut h = Header::default();
    let mut seen_action = false;
    for st in &sc.statements {
        let is_header = matches!(
            st.kind,
            StmtKind::Rules { .. }
                | StmtKind::RulesFile(_)
                | StmtKind::Mode(_)
                | StmtKind::Set { .. }
                | StmtKind::Tags(_)
                | StmtKind::Players(_)
        );
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
                if let Some(m) = mode {
                    h.mode = *m;
                }
            }
            StmtKind::RulesFile(path) => h.rules_file = Some(path.clone()),
            StmtKind::Mode(m) => h.mode = *m,
            StmtKind::Set { key, value } => h.overrides.push((key.clone(), value.clone())),
            StmtKind::Tags(t) => h.tags.extend(t.iter().cloned()),
            StmtKind::Action(_) | StmtKind::ExpectIllegal { .. } => seen_action = true,
            _ => {}
        }
    }
    h
}

fn player_of(n: &Spanned<i64>, problems: &mut Vec<Problem>) -> Option<Player> {
    let p = u8::try_from(n.value).ok().and_then(Player::new);
    if p.is_none() {
        problems.push(
            Problem::new(
                n.span,
                format!("there is no player P{}; seats are P1-P4", n.value),
                "unknown player",
            )
            .rule("table.players"),
        );
    }
    p
}

fn piece_of(n: &Spanned<PieceName>, problems: &mut Vec<Problem>) -> Option<PieceId> {
    match n.value {
        PieceName::King => Some(PieceId::King),
        PieceName::Guard(g @ 1..=4) => Some(PieceId::Guard(g as u8)),
        PieceName::Guard(g) => {
            problems.push(
                Problem::new(
                    n.span,
                    format!("royal has guards G1-G4; there is no G{g}"),
                    "unknown piece",
                )
                .rule("table.pieces")
                .help("use G1, G2, G3, G4 or king"),
            );
            None
        }
    }
}

fn place_of(p: &Spanned<PlaceAst>, limits: &Limits, problems: &mut Vec<Problem>) -> Option<Place> {
    match p.value {
        PlaceAst::Tile(t) if t >= 1 && t <= limits.ring as i64 => Some(Place::Ring(t as u8)),
        PlaceAst::Tile(t) => {
            problems.push(
                Problem::new(
                    p.span,
                    format!("tile {t} is off the ring (1-{})", limits.ring),
                    "no such tile",
                )
                .rule("board.ring"),
            );
            None
        }
        PlaceAst::HomePath(k) if k >= 1 && k <= limits.home_path as i64 => {
            Some(Place::HomePath(k as u8))
        }
        PlaceAst::HomePath(k) => {
            problems.push(
                Problem::new(
                    p.span,
                    format!(
                        "the Home path has tiles 1-{}; there is no home {k}",
                        limits.home_path
                    ),
                    "no such tile",
                )
                .rule("board.home-path")
                .help("`home` alone means the piece is Home"),
            );
            None
        }
        PlaceAst::Home => Some(Place::Home),
        PlaceAst::Yard => Some(Place::Yard),
    }
}

fn small(v: i64) -> u8 {
    v.clamp(0, 255) as u8
}

/// Suggests the closest rule ID of the catalogue.
pub fn closest_rule<'a>(id: &str, catalogue: &'a [RuleInfo]) -> Option<&'a str> {
    catalogue
        .iter()
        .map(|r| r.id.0)
        .min_by_key(|r| common_prefix_distance(id, r))
        .filter(|r| common_prefix_distance(id, r) < id.len().max(4))
}

fn common_prefix_distance(a: &str, b: &str) -> usize {
    let shared = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    a.len().max(b.len()) - shared
}

fn check_rule_id(id: &Spanned<String>, limits: &Limits, problems: &mut Vec<Problem>) -> bool {
    if limits.catalogue.iter().any(|r| r.id.0 == id.value) {
        return true;
    }
    let mut p = Problem::new(
        id.span,
        format!("`{}` is not a rule ID of this ruleset", id.value),
        "unknown rule",
    );
    if let Some(s) = closest_rule(&id.value, limits.catalogue) {
        p = p.help(format!("did you mean `{s}`? `goti rules` lists them all"));
    } else {
        p = p.help("`goti rules` lists the rule IDs");
    }
    problems.push(p);
    false
}

/// Lowers a scenario to its setup and steps, collecting every problem.
pub fn lower(sc: &Scenario, limits: &Limits, mode: Mode, problems: &mut Vec<Problem>) -> Plan {
    let mut setup = Setup {
        mode,
        ..Setup::default()
    };
    let mut spans = SetupSpans {
        players: sc.span,
        ..SetupSpans::default()
    };
    let mut steps = Vec::new();
    let mut named: [BTreeSet<u8>; 4] = Default::default();
    let mut mentioned: BTreeSet<Player> = BTreeSet::new();
    let mut explicit_players: Option<Vec<Player>> = None;
    let mut seen_action = false;

    for st in &sc.statements {
        let setup_stmt = matches!(
            st.kind,
            StmtKind::Place(_) | StmtKind::Fact { .. } | StmtKind::Turn(_)
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
            StmtKind::Players(Players::Count(n)) => {
                spans.players = st.span;
                if !(2..=4).contains(&n.value) {
                    problems.push(
                        Problem::new(
                            n.span,
                            format!("royal is played by 2-4 players, not {}", n.value),
                            "player count",
                        )
                        .rule("table.players"),
                    );
                } else {
                    explicit_players = Some(Player::ALL[..n.value as usize].to_vec());
                }
            }
            StmtKind::Players(Players::List(list)) => {
                spans.players = st.span;
                let ps: Vec<Player> = list.iter().filter_map(|n| player_of(n, problems)).collect();
                explicit_players = Some(ps);
            }
            StmtKind::Turn(n) => {
                if let Some(p) = player_of(n, problems) {
                    mentioned.insert(p);
                    setup.turn = Some(p);
                    spans.turn = Some(st.span);
                }
            }
            StmtKind::Place(pl) => {
                let Some(p) = player_of(&pl.player, problems) else {
                    continue;
                };
                mentioned.insert(p);
                let Some(place) = place_of(&pl.place, limits, problems) else {
                    continue;
                };
                let pieces: Vec<PieceId> = match pl.what.value {
                    PieceSel::Piece(name) => {
                        match piece_of(&Spanned::new(name, pl.what.span), problems) {
                            Some(PieceId::Guard(g)) => {
                                named[p.index()].insert(g);
                                vec![PieceId::Guard(g)]
                            }
                            Some(k) => vec![k],
                            None => continue,
                        }
                    }
                    PieceSel::Count(n) => {
                        let free: Vec<u8> = (1..=4u8)
                            .filter(|g| !named[p.index()].contains(g))
                            .take(n as usize)
                            .collect();
                        if free.len() < n as usize {
                            let message = if free.is_empty() {
                                format!(
                                    "a fifth guard: {p}'s four guards G1-G4 are all named already"
                                )
                            } else {
                                format!("{p} has only {} guard(s) not yet named; a player has four guards", free.len())
                            };
                            problems.push(
                                Problem::new(pl.what.span, message, "too many guards")
                                    .rule("table.pieces")
                                    .help("name fewer guards, or place them explicitly with G1-G4"),
                            );
                            continue;
                        }
                        for g in &free {
                            named[p.index()].insert(*g);
                        }
                        free.into_iter().map(PieceId::Guard).collect()
                    }
                };
                for piece in pieces {
                    setup.placements.push(Placement {
                        player: p,
                        piece,
                        place,
                        midpoint: pl.midpoint.as_ref().map(|m| m.value),
                        steps: pl
                            .steps
                            .as_ref()
                            .map(|s| s.value.clamp(-10_000, 10_000) as i32),
                    });
                    spans.placements.push(st.span);
                }
            }
            StmtKind::Fact { player, fact } => {
                let Some(p) = player_of(player, problems) else {
                    continue;
                };
                mentioned.insert(p);
                let seat = &mut setup.seats[p.index()];
                match fact {
                    Fact::Store(rolls) => {
                        seat.store = Some(rolls.iter().map(|r| small(r.value)).collect());
                        spans.store[p.index()] = Some(st.span);
                    }
                    Fact::Credits(c) => {
                        seat.credits = Some(small(c.value));
                        spans.credits[p.index()] = Some(st.span);
                    }
                    Fact::Battle(b) => seat.battle = Some(b.value),
                    Fact::FirstTurn => seat.first_turn = true,
                }
            }
            StmtKind::Action(a) => {
                seen_action = true;
                if let Some((action, player)) = lower_action(a, problems, &mut mentioned) {
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
                    .map_or(true, |r| check_rule_id(r, limits, problems));
                if let Some((lowered, player)) = lower_action(action, problems, &mut mentioned) {
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
                if let Some(check) = lower_expectation(e, limits, problems, &mut mentioned) {
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
    setup.players = explicit_players.unwrap_or_else(|| mentioned.into_iter().collect());
    Plan {
        setup,
        spans,
        steps,
    }
}

fn lower_action(
    a: &ActionStmt,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<(Action, Option<Spanned<Player>>)> {
    let player = match &a.player {
        Some(n) => {
            let p = player_of(n, problems)?;
            mentioned.insert(p);
            Some(Spanned::new(p, n.span))
        }
        None => None,
    };
    let action = match &a.action {
        ActionAst::Roll(dice) => Action::Roll(dice.iter().map(|d| small(d.value)).collect()),
        ActionAst::Exit(pieces) => {
            let mut out = Vec::new();
            for p in pieces {
                out.push(piece_of(p, problems)?);
            }
            Action::Exit(out)
        }
        ActionAst::NextTurn => Action::NextTurn,
        ActionAst::Move(clauses) => {
            // A clause without a direction takes the last one written; none at all: Forward.
            let default = clauses
                .iter()
                .rev()
                .find_map(|c| c.direction.as_ref().map(|d| d.value))
                .unwrap_or(Direction::Forward);
            let mut order = MoveOrder::default();
            let mut ok = true;
            for c in clauses {
                let Some(piece) = piece_of(&c.piece, problems) else {
                    ok = false;
                    continue;
                };
                if order.clauses.iter().any(|o| o.piece == piece) {
                    problems.push(
                        Problem::new(
                            c.piece.span,
                            format!("{piece} is named twice in one move"),
                            "named again",
                        )
                        .rule("move.choice")
                        .help("give a piece all its rolls in one clause, e.g. `G1 3+4`"),
                    );
                    ok = false;
                    continue;
                }
                order.clauses.push(MoveClause {
                    piece,
                    rolls: c.rolls.iter().map(|r| small(r.value)).collect(),
                    direction: c.direction.as_ref().map_or(default, |d| d.value),
                });
            }
            if !ok {
                return None;
            }
            Action::Move(order)
        }
    };
    Some((action, player))
}

fn lower_expectation(
    e: &Expectation,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Check> {
    let mut player = |n: &Spanned<i64>, problems: &mut Vec<Problem>| {
        let p = player_of(n, problems);
        if let Some(p) = p {
            mentioned.insert(p);
        }
        p
    };
    let tile = |t: &Spanned<i64>, problems: &mut Vec<Problem>| {
        if t.value >= 1 && t.value <= limits.ring as i64 {
            Some(t.value as u8)
        } else {
            problems.push(
                Problem::new(
                    t.span,
                    format!("tile {} is off the ring (1-{})", t.value, limits.ring),
                    "no such tile",
                )
                .rule("board.ring"),
            );
            None
        }
    };
    Some(match e {
        Expectation::Piece {
            player: pn,
            piece,
            check,
        } => {
            let p = player(pn, problems);
            let pc = piece_of(piece, problems);
            let (p, pc) = (p?, pc?);
            match check.value {
                PieceCheck::Place(pl) => Check::Place(
                    p,
                    pc,
                    place_of(&Spanned::new(pl, check.span), limits, problems)?,
                ),
                PieceCheck::Midpoint(b) => Check::Midpoint(p, pc, b),
                PieceCheck::Steps(n) => Check::Steps(p, pc, n),
            }
        }
        Expectation::Number { player: pn, check } => {
            let p = player(pn, problems)?;
            match &check.value {
                NumberCheck::Battle(n) => Check::Battle(p, *n),
                NumberCheck::Progress(n) => Check::Progress(p, *n),
                NumberCheck::Score(n) => Check::Score(p, *n),
                NumberCheck::Credits(n) => Check::Credits(p, *n),
                NumberCheck::Store(v) => Check::Store(p, v.clone()),
            }
        }
        Expectation::TileEmpty(t) => Check::TileEmpty(tile(t, problems)?),
        Expectation::TileExact { tile: t, groups } => {
            let t = tile(t, problems);
            let mut list = Vec::new();
            for (pn, pieces) in groups {
                let p = player(pn, problems);
                for piece in pieces {
                    if let (Some(p), Some(pc)) = (p, piece_of(piece, problems)) {
                        list.push((p, pc));
                    }
                }
            }
            list.sort();
            Check::TileExact(t?, list)
        }
        Expectation::Applied(id) => {
            if !check_rule_id(id, limits, problems) {
                return None;
            }
            Check::Applied(id.value.clone())
        }
        Expectation::Turn(n) => Check::Turn(player(n, problems)?),
        Expectation::Winner(n) => Check::Winner(player(n, problems)?),
        Expectation::GameOver => Check::GameOver,
    })
}
