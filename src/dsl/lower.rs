//! Lowering: a scenario's AST -> the header (which ruleset), the engine
//! [`Setup`], and the steps to play, with spans kept for every child. Every
//! problem of a scenario is collected, not just the first.

use std::collections::BTreeSet;

use super::ast::*;
use crate::engine::{
    Action, Direction, Falls, GameKind, Mode, MoveClause, MoveOrder, PieceId, Place, Placement,
    Player, RuleId, Setup, Word,
};

/// A problem found while lowering, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub span: Span,
    pub message: String,
    pub label: String,
    /// The rule that decided it, if a rule did.
    pub rule: Option<RuleId>,
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
    pub fn rule(mut self, rule: RuleId) -> Problem {
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
    /// The ruleset `game` names (royal when none; an unknown name is a problem).
    pub kind: GameKind,
    /// The span of a `mode` word, for portal's "royal-only" diagnostic.
    pub mode_span: Option<Span>,
    pub mode: Mode,
    pub rules_file: Option<Spanned<String>>,
    pub overrides: Vec<(Spanned<String>, Spanned<String>)>,
    pub tags: Vec<String>,
}

/// What lowering needs to know of the ruleset (the rest comes from the
/// game's [`Vocabulary`](crate::engine::Vocabulary)).
pub struct Limits {
    pub game: GameKind,
    pub ring: u8,
    /// Royal's Home path, or portal's lane.
    pub home_path: u8,
}

/// Spans of the setup's parts, so engine setup errors point at the text.
#[derive(Clone, Debug, Default)]
pub struct SetupSpans {
    pub players: Span,
    pub placements: Vec<Span>,
    pub store: [Option<Span>; 4],
    pub credits: [Option<Span>; 4],
    pub turn: Option<Span>,
    pub doubles: [Option<Span>; 4],
    pub falls: Vec<Span>,
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
    Burned(u8),
    RollAgain,
    Standings(Vec<Player>),
    Tokens(Player, i64),
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
                | StmtKind::Ranked
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
                match game.value.parse::<GameKind>() {
                    Ok(kind) => h.kind = kind,
                    Err(e) => problems.push(
                        Problem::new(game.span, e.to_string(), "unknown ruleset")
                            .help(format!("known rulesets: {}", GameKind::names())),
                    ),
                }
                if let Some(m) = mode {
                    h.mode = *m;
                    h.mode_span = Some(st.span);
                }
            }
            StmtKind::RulesFile(path) => h.rules_file = Some(path.clone()),
            StmtKind::Mode(m) => {
                h.mode = *m;
                h.mode_span = Some(st.span);
            }
            StmtKind::Set { key, value } => h.overrides.push((key.clone(), value.clone())),
            StmtKind::Tags(t) => h.tags.extend(t.iter().cloned()),
            StmtKind::Action(_) | StmtKind::ExpectIllegal { .. } => seen_action = true,
            _ => {}
        }
    }
    h
}

/// A word of another game used in this one; `None` when `game` has it.
fn foreign(span: Span, word: Word, game: GameKind) -> Option<Problem> {
    let here = game.vocabulary();
    if here.allows(word) {
        return None;
    }
    let owners: Vec<&str> = GameKind::ALL
        .iter()
        .filter(|g| g.vocabulary().allows(word))
        .map(|g| g.name())
        .collect();
    debug_assert!(!owners.is_empty(), "{word:?} is a word of no game");
    let other = owners.join("/");
    Some(
        Problem::new(
            span,
            format!(
                "`{}` is a {other} word; this scenario plays {game}",
                word.text()
            ),
            format!("{other} only"),
        )
        .help(here.help_for(word)),
    )
}

/// Whether `word` is one of `game`'s; records the problem when it is not.
fn allowed(span: Span, word: Word, game: GameKind, problems: &mut Vec<Problem>) -> bool {
    match foreign(span, word, game) {
        Some(p) => {
            problems.push(p);
            false
        }
        None => true,
    }
}

fn player_of(n: &Spanned<i64>, game: GameKind, problems: &mut Vec<Problem>) -> Option<Player> {
    let p = u8::try_from(n.value).ok().and_then(Player::new);
    if p.is_none() {
        problems.push(
            Problem::new(
                n.span,
                format!("there is no player P{}; seats are P1-P4", n.value),
                "unknown player",
            )
            .rule(game.vocabulary().players_rule),
        );
    }
    p
}

fn piece_of(
    n: &Spanned<PieceName>,
    limits: &Limits,
    problems: &mut Vec<Problem>,
) -> Option<PieceId> {
    let words = limits.game.vocabulary();
    let max = words.pieces as i64;
    match n.value {
        PieceName::King if !allowed(n.span, Word::King, limits.game, problems) => None,
        PieceName::King => Some(PieceId::King),
        PieceName::Guard(g) if (1..=max).contains(&g) => Some(PieceId::Guard(g as u8)),
        PieceName::Guard(g) => {
            problems.push(
                Problem::new(
                    n.span,
                    format!(
                        "{} has {} G1-G{max}; there is no G{g}",
                        limits.game, words.piece_word
                    ),
                    "unknown piece",
                )
                .rule(words.pieces_rule)
                .help(format!("use {}", words.piece_list)),
            );
            None
        }
    }
}

fn place_of(p: &Spanned<PlaceAst>, limits: &Limits, problems: &mut Vec<Problem>) -> Option<Place> {
    let words = limits.game.vocabulary();
    let (path_name, path_word, path_rule) = (words.path_name, words.path_word, words.path_rule);
    let word = match p.value {
        PlaceAst::HomePath(_) => Some(Word::HomePathTile),
        PlaceAst::Lane(_) => Some(Word::Lane),
        PlaceAst::Base => Some(Word::Base),
        PlaceAst::Toilet(..) => Some(Word::Toilet),
        _ => None,
    };
    if let Some(w) = word {
        if !allowed(p.span, w, limits.game, problems) {
            return None;
        }
    }
    match p.value {
        PlaceAst::Tile(t) if t >= 1 && t <= limits.ring as i64 => Some(Place::Ring(t as u8)),
        PlaceAst::Tile(t) => {
            problems.push(off_ring(p.span, t, limits));
            None
        }
        PlaceAst::HomePath(k) | PlaceAst::Lane(k) if k >= 1 && k <= limits.home_path as i64 => {
            Some(Place::HomePath(k as u8))
        }
        PlaceAst::HomePath(k) | PlaceAst::Lane(k) => {
            problems.push(
                Problem::new(
                    p.span,
                    format!(
                        "the {path_name} has tiles 1-{}; there is no {path_word} {k}",
                        limits.home_path
                    ),
                    "no such tile",
                )
                .rule(path_rule)
                .help("`home` alone means the piece is home"),
            );
            None
        }
        PlaceAst::Toilet(t, spot) if t >= 1 && t <= limits.ring as i64 => Some(Place::Toilet {
            trigger: t as u8,
            spot: spot as u8,
        }),
        PlaceAst::Toilet(t, _) => {
            problems.push(off_ring(p.span, t, limits));
            None
        }
        PlaceAst::Home => Some(Place::Home),
        PlaceAst::Yard | PlaceAst::Base => Some(Place::Yard),
    }
}

/// `tile 53 is off the ring (1-52)`, cited as board.ring.
fn off_ring(span: Span, t: i64, limits: &Limits) -> Problem {
    Problem::new(
        span,
        format!("tile {t} is off the ring (1-{})", limits.ring),
        "no such tile",
    )
    .rule(limits.game.vocabulary().ring_rule)
}

/// The word of a seat fact that only royal has.
fn fact_word(fact: &Fact) -> Word {
    match fact {
        Fact::Store(_) => Word::Store,
        Fact::Credits(_) => Word::Credits,
        Fact::Battle(_) => Word::Battle,
        Fact::FirstTurn => Word::FirstTurn,
        Fact::Doubles(_) => Word::Doubles,
    }
}

fn small(v: i64) -> u8 {
    v.clamp(0, 255) as u8
}

fn check_rule_id(id: &Spanned<String>, limits: &Limits, problems: &mut Vec<Problem>) -> bool {
    if limits.game.has_rule(&id.value) {
        return true;
    }
    let mut p = Problem::new(
        id.span,
        format!("`{}` is not a rule ID of {}", id.value, limits.game.name()),
        "unknown rule",
    );
    p = match super::closest::closest(&id.value, limits.game.catalogue().iter().map(|r| r.id.0)) {
        Some(s) => p.help(format!(
            "did you mean `{s}`? `goti rules {}` lists them all",
            limits.game.name()
        )),
        None => p.help(format!(
            "`goti rules {}` lists the rule IDs",
            limits.game.name()
        )),
    };
    problems.push(p);
    false
}

/// Lowers a scenario to its setup and steps, collecting every problem.
pub fn lower(sc: &Scenario, limits: &Limits, header: &Header, problems: &mut Vec<Problem>) -> Plan {
    let game = limits.game;
    let mut setup = Setup {
        mode: header.mode,
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
    if let Some(span) = header.mode_span {
        allowed(span, Word::Mode, game, problems);
    }

    for st in &sc.statements {
        let setup_stmt = matches!(
            st.kind,
            StmtKind::Place(_) | StmtKind::Fact { .. } | StmtKind::Turn(_) | StmtKind::Falls { .. }
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
                            format!(
                                "{} is played by 2-4 players, not {}",
                                limits.game.name(),
                                n.value
                            ),
                            "player count",
                        )
                        .rule(game.vocabulary().players_rule),
                    );
                } else {
                    explicit_players = Some(Player::ALL[..n.value as usize].to_vec());
                }
            }
            StmtKind::Players(Players::List(list)) => {
                spans.players = st.span;
                let ps: Vec<Player> = list
                    .iter()
                    .filter_map(|n| player_of(n, limits.game, problems))
                    .collect();
                explicit_players = Some(ps);
            }
            StmtKind::Ranked if !allowed(st.span, Word::Ranked, game, problems) => {}
            StmtKind::Ranked => setup.ranked = true,
            StmtKind::Turn(n) => {
                if let Some(p) = player_of(n, limits.game, problems) {
                    mentioned.insert(p);
                    setup.turn = Some(p);
                    spans.turn = Some(st.span);
                }
            }
            StmtKind::Falls {
                player,
                piece,
                trigger,
                count,
            } => {
                if !allowed(st.span, Word::Falls, game, problems) {
                    continue;
                }
                let p = player_of(player, limits.game, problems);
                let g = piece_of(piece, limits, problems);
                if let (Some(p), Some(PieceId::Guard(g))) = (p, g) {
                    mentioned.insert(p);
                    setup.falls.push(Falls {
                        player: p,
                        piece: g,
                        trigger: small(trigger.value),
                        count: small(count.value),
                    });
                    spans.falls.push(st.span);
                }
            }
            StmtKind::Place(pl) => {
                let Some(p) = player_of(&pl.player, limits.game, problems) else {
                    continue;
                };
                mentioned.insert(p);
                if let Some(m) = &pl.midpoint {
                    allowed(m.span, Word::Midpoint, game, problems);
                }
                let Some(place) = place_of(&pl.place, limits, problems) else {
                    continue;
                };
                let pieces: Vec<PieceId> = match pl.what.value {
                    PieceSel::Count(_)
                        if !allowed(pl.what.span, Word::GroupCount, game, problems) =>
                    {
                        continue;
                    }
                    PieceSel::Piece(name) => {
                        match piece_of(&Spanned::new(name, pl.what.span), limits, problems) {
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
                                    .rule(game.vocabulary().pieces_rule)
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
                let Some(p) = player_of(player, limits.game, problems) else {
                    continue;
                };
                mentioned.insert(p);
                let seat = &mut setup.seats[p.index()];
                match fact {
                    Fact::Doubles(_) if !allowed(st.span, Word::Doubles, game, problems) => {}
                    Fact::Doubles(d) => {
                        setup.doubles[p.index()] = Some(small(d.value));
                        spans.doubles[p.index()] = Some(st.span);
                    }
                    Fact::Store(_) | Fact::Credits(_) | Fact::Battle(_) | Fact::FirstTurn
                        if !allowed(st.span, fact_word(fact), game, problems) => {}
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
                if let Some((action, player)) = lower_action(a, limits, problems, &mut mentioned) {
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
                    lower_action(action, limits, problems, &mut mentioned)
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
                if let Some(check) = lower_expectation(e, st.span, limits, problems, &mut mentioned)
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
    setup.players = explicit_players.unwrap_or_else(|| mentioned.into_iter().collect());
    Plan {
        setup,
        spans,
        steps,
    }
}

fn lower_action(
    a: &ActionStmt,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<(Action, Option<Spanned<Player>>)> {
    let player = match &a.player {
        Some(n) => {
            let p = player_of(n, limits.game, problems)?;
            mentioned.insert(p);
            Some(Spanned::new(p, n.span))
        }
        None => None,
    };
    let action = match &a.action {
        ActionAst::Roll(dice) => Action::Roll(dice.iter().map(|d| small(d.value)).collect()),
        ActionAst::Exit(_) if !allowed(a.span, Word::Exit, limits.game, problems) => return None,
        ActionAst::Enter(_) if !allowed(a.span, Word::Enter, limits.game, problems) => return None,
        ActionAst::Enter(p) => Action::Enter(piece_of(p, limits, problems)?),
        ActionAst::Exit(pieces) => {
            // An exit names a set of guards; naming one twice is a scenario error (ROYAL.md).
            let mut out = Vec::new();
            for p in pieces {
                let piece = piece_of(p, limits, problems)?;
                if out.contains(&piece) {
                    problems.push(
                        Problem::new(
                            p.span,
                            format!("{piece} is named twice in one exit"),
                            "named again",
                        )
                        .help("an exit names each guard once, e.g. `exit G1 G2`"),
                    );
                    return None;
                }
                out.push(piece);
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
                let Some(piece) = piece_of(&c.piece, limits, problems) else {
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
                        .rule(limits.game.vocabulary().named_twice_rule)
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
    span: Span,
    limits: &Limits,
    problems: &mut Vec<Problem>,
    mentioned: &mut BTreeSet<Player>,
) -> Option<Check> {
    let mut player = |n: &Spanned<i64>, problems: &mut Vec<Problem>| {
        let p = player_of(n, limits.game, problems);
        if let Some(p) = p {
            mentioned.insert(p);
        }
        p
    };
    let tile = |t: &Spanned<i64>, problems: &mut Vec<Problem>| {
        if t.value >= 1 && t.value <= limits.ring as i64 {
            Some(t.value as u8)
        } else {
            problems.push(off_ring(t.span, t.value, limits));
            None
        }
    };
    let only = |word: Word, problems: &mut Vec<Problem>| allowed(span, word, limits.game, problems);
    Some(match e {
        Expectation::Piece {
            player: pn,
            piece,
            check,
        } => {
            let p = player(pn, problems);
            let pc = piece_of(piece, limits, problems);
            let (p, pc) = (p?, pc?);
            match check.value {
                PieceCheck::Place(pl) => Check::Place(
                    p,
                    pc,
                    place_of(&Spanned::new(pl, check.span), limits, problems)?,
                ),
                PieceCheck::Midpoint(_) if !only(Word::Midpoint, problems) => return None,
                PieceCheck::Midpoint(b) => Check::Midpoint(p, pc, b),
                PieceCheck::Steps(n) => Check::Steps(p, pc, n),
            }
        }
        Expectation::Number { player: pn, check } => {
            let p = player(pn, problems)?;
            match &check.value {
                NumberCheck::Tokens(n) => {
                    only(Word::Tokens, problems).then_some(())?;
                    Check::Tokens(p, *n)
                }
                other => {
                    let word = match other {
                        NumberCheck::Battle(_) => Word::Battle,
                        NumberCheck::Progress(_) => Word::Progress,
                        NumberCheck::Score(_) => Word::Score,
                        NumberCheck::Credits(_) => Word::Credits,
                        _ => Word::Store,
                    };
                    only(word, problems).then_some(())?;
                    match other {
                        NumberCheck::Battle(n) => Check::Battle(p, *n),
                        NumberCheck::Progress(n) => Check::Progress(p, *n),
                        NumberCheck::Score(n) => Check::Score(p, *n),
                        NumberCheck::Credits(n) => Check::Credits(p, *n),
                        NumberCheck::Store(v) => Check::Store(p, v.clone()),
                        NumberCheck::Tokens(_) => return None,
                    }
                }
            }
        }
        Expectation::TileEmpty(t) => Check::TileEmpty(tile(t, problems)?),
        Expectation::TileExact { tile: t, groups } => {
            let t = tile(t, problems);
            let mut list = Vec::new();
            for (pn, pieces) in groups {
                let p = player(pn, problems);
                for piece in pieces {
                    if let (Some(p), Some(pc)) = (p, piece_of(piece, limits, problems)) {
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
        Expectation::Burned(v) => {
            only(Word::Burned, problems).then_some(())?;
            Check::Burned(small(v.value))
        }
        Expectation::RollAgain => {
            only(Word::RollAgain, problems).then_some(())?;
            Check::RollAgain
        }
        Expectation::Standings(list) => {
            only(Word::Standings, problems).then_some(())?;
            let ps: Vec<Player> = list.iter().filter_map(|n| player(n, problems)).collect();
            (ps.len() == list.len()).then_some(())?;
            Check::Standings(ps)
        }
    })
}
