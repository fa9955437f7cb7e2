//! Text -> [`ScenarioFile`]. The file is split into statements (newlines and
//! `;` outside strings; `#` comments dropped), each statement is parsed with
//! the pest grammar in `grammar/scenario.pest`, and the parse tree is turned
//! into the typed AST at once, so no pest type leaves this module.

use pest::iterators::Pair;
use pest::Parser;

use super::ast::*;
use crate::engine::{Direction, Mode};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/scenario.pest"]
struct ScenarioParser;

/// Files larger than this are refused with a diagnostic.
pub const MAX_FILE_BYTES: usize = 8 * 1024 * 1024;
/// Statements longer than this are refused (they are never meaningful).
pub const MAX_STATEMENT_BYTES: usize = 4096;
/// Scenarios in one file.
pub const MAX_SCENARIOS: usize = 20_000;
/// Statements in one scenario.
pub const MAX_STATEMENTS: usize = 10_000;

/// Parses a whole file, collecting every syntax error.
pub fn parse_file(text: &str) -> ScenarioFile {
    let mut file = ScenarioFile::default();
    if text.len() > MAX_FILE_BYTES {
        file.errors.push(SyntaxError {
            span: Span::new(0, 0),
            message: format!(
                "the file is {} bytes; goti reads scenario files of at most {} bytes",
                text.len(),
                MAX_FILE_BYTES
            ),
            label: "file starts here".into(),
            help: Some("split the scenarios over several files".into()),
        });
        return file;
    }
    let mut orphan_reported = false;
    for (start, chunk) in split_statements(text) {
        if chunk.len() > MAX_STATEMENT_BYTES {
            file.errors.push(SyntaxError {
                span: Span::new(start, start + chunk.len().min(80)),
                message: format!(
                    "this statement is {} bytes long; the limit is {MAX_STATEMENT_BYTES}",
                    chunk.len()
                ),
                label: "statement too long".into(),
                help: Some("break it into several statements".into()),
            });
            continue;
        }
        let stmts = match parse_statement(chunk, start) {
            Ok(s) => s,
            Err(e) => {
                file.errors.push(e);
                continue;
            }
        };
        for (kind, span) in stmts {
            match kind {
                Item::Scenario(name) => {
                    if file.scenarios.len() >= MAX_SCENARIOS {
                        file.errors.push(SyntaxError {
                            span,
                            message: format!("a file holds at most {MAX_SCENARIOS} scenarios"),
                            label: "one scenario too many".into(),
                            help: Some("split the file".into()),
                        });
                        return file;
                    }
                    file.scenarios.push(Scenario {
                        name,
                        span,
                        statements: Vec::new(),
                    });
                }
                Item::Stmt(kind) => match file.scenarios.last_mut() {
                    Some(sc) if sc.statements.len() >= MAX_STATEMENTS => {
                        if sc.statements.len() == MAX_STATEMENTS {
                            file.errors.push(SyntaxError {
                                span,
                                message: format!(
                                    "a scenario holds at most {MAX_STATEMENTS} statements"
                                ),
                                label: "statements from here on are not read".into(),
                                help: Some("split the scenario".into()),
                            });
                            sc.statements.push(Stmt {
                                kind: StmtKind::Tags(vec![]),
                                span,
                            });
                        }
                    }
                    Some(sc) => sc.statements.push(Stmt { kind, span }),
                    None if !orphan_reported => {
                        orphan_reported = true;
                        file.errors.push(SyntaxError {
                            span,
                            message: "statements must follow a `scenario \"NAME\"` line".into(),
                            label: "no scenario started yet".into(),
                            help: Some("start the file with `scenario \"what this shows\"`".into()),
                        });
                    }
                    None => {}
                },
            }
        }
    }
    file
}

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
        let b = bytes[i];
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

enum Item {
    Scenario(Spanned<String>),
    Stmt(StmtKind),
}

fn parse_statement(chunk: &str, offset: usize) -> Result<Vec<(Item, Span)>, SyntaxError> {
    let mut pairs = ScenarioParser::parse(Rule::statement, chunk)
        .map_err(|e| syntax_error(e, chunk, offset))?;
    let stmt = pairs.next().and_then(|p| p.into_inner().next());
    let Some(pair) = stmt else {
        return Err(SyntaxError {
            span: Span::new(offset, offset + chunk.len()),
            message: "empty statement".into(),
            label: "here".into(),
            help: None,
        });
    };
    let b = Builder { offset };
    b.statement(pair)
}

struct Builder {
    offset: usize,
}

type Result2<T> = Result<T, SyntaxError>;

impl Builder {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.offset + s.start(), self.offset + s.end())
    }

    fn int(&self, p: Pair<Rule>) -> Result2<Spanned<i64>> {
        let span = self.span(&p);
        let text = p.as_str().trim_start_matches('+');
        match text.parse::<i64>() {
            Ok(v) if v.abs() <= 1_000_000_000 => Ok(Spanned::new(v, span)),
            _ => Err(SyntaxError {
                span,
                message: format!("the number {} is too large", p.as_str()),
                label: "too large".into(),
                help: Some("numbers in scenarios are at most 1000000000".into()),
            }),
        }
    }

    fn player(&self, p: Pair<Rule>) -> Result2<Spanned<i64>> {
        let span = self.span(&p);
        let digits = &p.as_str()[1..];
        let n = digits.parse::<i64>().unwrap_or(i64::MAX);
        Ok(Spanned::new(n, span))
    }

    fn string(&self, p: Pair<Rule>) -> Spanned<String> {
        let span = self.span(&p);
        let body = p
            .into_inner()
            .next()
            .map(|b| b.as_str().to_string())
            .unwrap_or_default();
        Spanned::new(body, span)
    }

    fn piece(&self, p: Pair<Rule>) -> Result2<Spanned<PieceName>> {
        let span = self.span(&p);
        let inner = p.into_inner().next().ok_or_else(|| internal(span))?;
        let name = match inner.as_rule() {
            Rule::guard => PieceName::Guard(inner.as_str()[1..].parse::<i64>().unwrap_or(i64::MAX)),
            _ => PieceName::King,
        };
        Ok(Spanned::new(name, span))
    }

    fn mode(&self, p: Pair<Rule>) -> Mode {
        match p.into_inner().next().map(|k| k.as_rule()) {
            Some(Rule::kw_clash) => Mode::Clash,
            _ => Mode::Journey,
        }
    }

    fn statement(&self, pair: Pair<Rule>) -> Result2<Vec<(Item, Span)>> {
        let span = self.span(&pair);
        let one = |kind: StmtKind| Ok(vec![(Item::Stmt(kind), span)]);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        match rule {
            Rule::scenario_stmt => {
                let s = inner
                    .find(|p| p.as_rule() == Rule::string)
                    .ok_or_else(|| internal(span))?;
                Ok(vec![(Item::Scenario(self.string(s)), span)])
            }
            Rule::rules_stmt => {
                let mut game = None;
                let mut mode = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::game_name => {
                            game =
                                Some(Spanned::new(p.as_str().to_ascii_lowercase(), self.span(&p)))
                        }
                        Rule::mode_name => mode = Some(self.mode(p)),
                        _ => {}
                    }
                }
                one(StmtKind::Rules {
                    game: game.ok_or_else(|| internal(span))?,
                    mode,
                })
            }
            Rule::rules_file => {
                let s = inner
                    .find(|p| p.as_rule() == Rule::string)
                    .ok_or_else(|| internal(span))?;
                one(StmtKind::RulesFile(self.string(s)))
            }
            Rule::mode_stmt => {
                let m = inner
                    .find(|p| p.as_rule() == Rule::mode_name)
                    .ok_or_else(|| internal(span))?;
                one(StmtKind::Mode(self.mode(m)))
            }
            Rule::set_stmt => {
                let mut key = None;
                let mut value = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::key_path => {
                            key = Some(Spanned::new(p.as_str().to_string(), self.span(&p)))
                        }
                        Rule::set_value => {
                            value = Some(Spanned::new(p.as_str().trim().to_string(), self.span(&p)))
                        }
                        _ => {}
                    }
                }
                one(StmtKind::Set {
                    key: key.ok_or_else(|| internal(span))?,
                    value: value.ok_or_else(|| internal(span))?,
                })
            }
            Rule::players_stmt => {
                let mut list = Vec::new();
                let mut count = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::player => list.push(self.player(p)?),
                        Rule::int => count = Some(self.int(p)?),
                        _ => {}
                    }
                }
                one(StmtKind::Players(match count {
                    Some(c) => Players::Count(c),
                    None => Players::List(list),
                }))
            }
            Rule::tags_stmt => one(StmtKind::Tags(
                inner
                    .filter(|p| p.as_rule() == Rule::word)
                    .map(|p| p.as_str().to_string())
                    .collect(),
            )),
            Rule::setup_chain => {
                let mut out = Vec::new();
                for item in inner {
                    let span = self.span(&item);
                    out.push((Item::Stmt(self.setup_item(item)?), span));
                }
                Ok(out)
            }
            Rule::action_stmt => one(StmtKind::Action(self.action_stmt(inner, span)?)),
            Rule::expect_illegal => {
                let mut rule_id = None;
                let mut player = None;
                let mut action = None;
                for p in inner {
                    match p.as_rule() {
                        Rule::rule_id => {
                            rule_id =
                                Some(Spanned::new(p.as_str().to_ascii_lowercase(), self.span(&p)))
                        }
                        Rule::player => player = Some(self.player(p)?),
                        Rule::kw_expect | Rule::kw_illegal => {}
                        _ => {
                            let aspan = self.span(&p);
                            action = Some((self.action(p)?, aspan));
                        }
                    }
                }
                let (action, aspan) = action.ok_or_else(|| internal(span))?;
                let aspan = player.as_ref().map_or(aspan, |p| p.span.to(aspan));
                one(StmtKind::ExpectIllegal {
                    rule: rule_id,
                    action: ActionStmt {
                        player,
                        action,
                        span: aspan,
                    },
                })
            }
            Rule::expect => {
                let mut out = Vec::new();
                for p in inner.filter(|p| p.as_rule() != Rule::kw_expect) {
                    let span = self.span(&p);
                    if p.as_rule() == Rule::expect_snapshot {
                        let label = p
                            .into_inner()
                            .find(|x| x.as_rule() == Rule::string)
                            .map(|s| self.string(s));
                        out.push((Item::Stmt(StmtKind::Snapshot(label)), span));
                    } else {
                        out.push((Item::Stmt(StmtKind::Expect(self.expectation(p)?)), span));
                    }
                }
                Ok(out)
            }
            Rule::snapshot => {
                let label = inner
                    .find(|x| x.as_rule() == Rule::string)
                    .map(|s| self.string(s));
                one(StmtKind::Snapshot(label))
            }
            Rule::ranked_stmt => one(StmtKind::Ranked),
            _ => Err(internal(span)),
        }
    }

    fn setup_item(&self, pair: Pair<Rule>) -> Result2<StmtKind> {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut inner = pair.into_inner();
        match rule {
            Rule::turn_stmt | Rule::to_move => {
                let p = inner
                    .find(|p| p.as_rule() == Rule::player)
                    .ok_or_else(|| internal(span))?;
                Ok(StmtKind::Turn(self.player(p)?))
            }
            Rule::falls_stmt => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let piece = self.piece(inner.next().ok_or_else(|| internal(span))?)?;
                let mut nums = inner.filter(|p| p.as_rule() == Rule::int);
                let trigger = self.int(nums.next().ok_or_else(|| internal(span))?)?;
                let count = self.int(nums.next().ok_or_else(|| internal(span))?)?;
                Ok(StmtKind::Falls {
                    player,
                    piece,
                    trigger,
                    count,
                })
            }
            Rule::placement => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let what_pair = inner.next().ok_or_else(|| internal(span))?;
                let what_span = self.span(&what_pair);
                let what = match what_pair.as_rule() {
                    Rule::count => {
                        let n = match what_pair.into_inner().next().map(|k| k.as_rule()) {
                            Some(Rule::kw_solo) => 1,
                            Some(Rule::kw_pair) => 2,
                            Some(Rule::kw_trio) => 3,
                            _ => 4,
                        };
                        PieceSel::Count(n)
                    }
                    _ => PieceSel::Piece(self.piece(what_pair)?.value),
                };
                let place_pair = inner.next().ok_or_else(|| internal(span))?;
                let place = self.place(place_pair)?;
                let mut midpoint = None;
                let mut steps = None;
                for m in inner {
                    let m = m.into_inner().next().ok_or_else(|| internal(span))?;
                    let mspan = self.span(&m);
                    match m.as_rule() {
                        Rule::past_midpoint => midpoint = Some(Spanned::new(true, mspan)),
                        Rule::before_midpoint => midpoint = Some(Spanned::new(false, mspan)),
                        _ => {
                            let n = m
                                .into_inner()
                                .find(|x| x.as_rule() == Rule::signed)
                                .ok_or_else(|| internal(span))?;
                            steps = Some(self.int(n)?);
                        }
                    }
                }
                Ok(StmtKind::Place(PlacementStmt {
                    player,
                    what: Spanned::new(what, what_span),
                    place,
                    midpoint,
                    steps,
                }))
            }
            Rule::player_fact => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let fact = inner.next().ok_or_else(|| internal(span))?;
                Ok(StmtKind::Fact {
                    player,
                    fact: self.fact(fact)?,
                })
            }
            _ => Err(internal(span)),
        }
    }

    fn fact(&self, fact: Pair<Rule>) -> Result2<Fact> {
        let span = self.span(&fact);
        let rule = fact.as_rule();
        let nums: Vec<Pair<Rule>> = fact
            .into_inner()
            .filter(|p| matches!(p.as_rule(), Rule::int | Rule::signed))
            .collect();
        Ok(match rule {
            Rule::store_fact => Fact::Store(
                nums.into_iter()
                    .map(|p| self.int(p))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::credits_fact => {
                Fact::Credits(self.int(nums.into_iter().next().ok_or_else(|| internal(span))?)?)
            }
            Rule::battle_fact => {
                Fact::Battle(self.int(nums.into_iter().next().ok_or_else(|| internal(span))?)?)
            }
            Rule::doubles_fact => {
                Fact::Doubles(self.int(nums.into_iter().next().ok_or_else(|| internal(span))?)?)
            }
            _ => Fact::FirstTurn,
        })
    }

    fn place(&self, p: Pair<Rule>) -> Result2<Spanned<PlaceAst>> {
        let span = self.span(&p);
        let inner = p.into_inner().next().ok_or_else(|| internal(span))?;
        let rule = inner.as_rule();
        let parts: Vec<Pair<Rule>> = inner.into_inner().collect();
        let num = parts.iter().find(|x| x.as_rule() == Rule::int).cloned();
        let number =
            || -> Result2<i64> { Ok(self.int(num.clone().ok_or_else(|| internal(span))?)?.value) };
        let place = match rule {
            Rule::on_tile => PlaceAst::Tile(number()?),
            Rule::on_home_path => PlaceAst::HomePath(number()?),
            Rule::on_lane => PlaceAst::Lane(number()?),
            Rule::at_home => PlaceAst::Home,
            Rule::in_base => PlaceAst::Base,
            Rule::in_toilet => {
                let trigger = number()?;
                let spot_pair = parts
                    .iter()
                    .find(|x| x.as_rule() == Rule::toilet_spot)
                    .ok_or_else(|| internal(span))?;
                let text = spot_pair.as_str().to_ascii_lowercase();
                let spot = if text == "pit" {
                    0
                } else {
                    text[1..].parse::<i64>().unwrap_or(i64::MAX)
                };
                if !(0..=3).contains(&spot) {
                    return Err(SyntaxError {
                        span: self.span(spot_pair),
                        message: format!(
                            "a toilet has the pit and W1-W3, not {}",
                            spot_pair.as_str()
                        ),
                        label: "no such toilet tile".into(),
                        help: Some("write `pit`, `W1`, `W2` or `W3`".into()),
                    });
                }
                PlaceAst::Toilet(trigger, spot)
            }
            _ => PlaceAst::Yard,
        };
        Ok(Spanned::new(place, span))
    }

    fn action_stmt(&self, inner: pest::iterators::Pairs<Rule>, span: Span) -> Result2<ActionStmt> {
        let mut player = None;
        let mut action = None;
        for p in inner {
            match p.as_rule() {
                Rule::player => player = Some(self.player(p)?),
                _ => action = Some(self.action(p)?),
            }
        }
        Ok(ActionStmt {
            player,
            action: action.ok_or_else(|| internal(span))?,
            span,
        })
    }

    fn action(&self, p: Pair<Rule>) -> Result2<ActionAst> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let inner = p.into_inner();
        Ok(match rule {
            Rule::roll => ActionAst::Roll(
                inner
                    .filter(|x| x.as_rule() == Rule::int)
                    .map(|x| self.int(x))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::exit => ActionAst::Exit(
                inner
                    .filter(|x| x.as_rule() == Rule::piece)
                    .map(|x| self.piece(x))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::next_turn => ActionAst::NextTurn,
            Rule::enter => {
                let piece = inner
                    .into_iter()
                    .find(|x| x.as_rule() == Rule::piece)
                    .ok_or_else(|| internal(span))?;
                ActionAst::Enter(self.piece(piece)?)
            }
            Rule::move_stmt => {
                let mut clauses = Vec::new();
                for c in inner.filter(|x| x.as_rule() == Rule::clause) {
                    let cspan = self.span(&c);
                    let mut piece = None;
                    let mut rolls = Vec::new();
                    let mut direction = None;
                    for part in c.into_inner() {
                        match part.as_rule() {
                            Rule::piece => piece = Some(self.piece(part)?),
                            Rule::rolls => {
                                rolls = part
                                    .into_inner()
                                    .map(|x| self.int(x))
                                    .collect::<Result<_, _>>()?;
                            }
                            Rule::direction => {
                                let dspan = self.span(&part);
                                let d = match part.into_inner().next().map(|k| k.as_rule()) {
                                    Some(Rule::kw_backward) => Direction::Backward,
                                    _ => Direction::Forward,
                                };
                                direction = Some(Spanned::new(d, dspan));
                            }
                            _ => {}
                        }
                    }
                    clauses.push(Clause {
                        piece: piece.ok_or_else(|| internal(cspan))?,
                        rolls,
                        direction,
                        span: cspan,
                    });
                }
                ActionAst::Move(clauses)
            }
            _ => return Err(internal(span)),
        })
    }

    fn expectation(&self, p: Pair<Rule>) -> Result2<Expectation> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut inner = p.into_inner();
        Ok(match rule {
            Rule::piece_check => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let piece = self.piece(inner.next().ok_or_else(|| internal(span))?)?;
                let c = inner.next().ok_or_else(|| internal(span))?;
                let cspan = self.span(&c);
                let check = match c.as_rule() {
                    Rule::place => PieceCheck::Place(self.place(c)?.value),
                    Rule::past_midpoint => PieceCheck::Midpoint(true),
                    Rule::before_midpoint => PieceCheck::Midpoint(false),
                    _ => {
                        let n = c
                            .into_inner()
                            .find(|x| x.as_rule() == Rule::signed)
                            .ok_or_else(|| internal(span))?;
                        PieceCheck::Steps(self.int(n)?.value)
                    }
                };
                Expectation::Piece {
                    player,
                    piece,
                    check: Spanned::new(check, cspan),
                }
            }
            Rule::number_check => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let c = inner.next().ok_or_else(|| internal(span))?;
                let cspan = self.span(&c);
                let crule = c.as_rule();
                let nums: Vec<i64> = c
                    .into_inner()
                    .filter(|x| matches!(x.as_rule(), Rule::int | Rule::signed))
                    .map(|x| self.int(x).map(|s| s.value))
                    .collect::<Result<_, _>>()?;
                let first = nums.first().copied().unwrap_or(0);
                let check = match crule {
                    Rule::battle_fact => NumberCheck::Battle(first),
                    Rule::progress_check => NumberCheck::Progress(first),
                    Rule::score_check => NumberCheck::Score(first),
                    Rule::credits_fact => NumberCheck::Credits(first),
                    Rule::tokens_check => NumberCheck::Tokens(first),
                    _ => NumberCheck::Store(nums),
                };
                Expectation::Number {
                    player,
                    check: Spanned::new(check, cspan),
                }
            }
            Rule::tile_empty => {
                let t = inner
                    .find(|x| x.as_rule() == Rule::int)
                    .ok_or_else(|| internal(span))?;
                Expectation::TileEmpty(self.int(t)?)
            }
            Rule::tile_exact => {
                let mut tile = None;
                let mut groups = Vec::new();
                for x in inner {
                    match x.as_rule() {
                        Rule::int => tile = Some(self.int(x)?),
                        Rule::tile_group => {
                            let mut g = x.into_inner();
                            let player = self.player(g.next().ok_or_else(|| internal(span))?)?;
                            let pieces = g.map(|y| self.piece(y)).collect::<Result<_, _>>()?;
                            groups.push((player, pieces));
                        }
                        _ => {}
                    }
                }
                Expectation::TileExact {
                    tile: tile.ok_or_else(|| internal(span))?,
                    groups,
                }
            }
            Rule::applied => {
                let r = inner
                    .find(|x| x.as_rule() == Rule::rule_id)
                    .ok_or_else(|| internal(span))?;
                Expectation::Applied(Spanned::new(r.as_str().to_ascii_lowercase(), self.span(&r)))
            }
            Rule::expect_turn => Expectation::Turn(
                self.player(
                    inner
                        .find(|x| x.as_rule() == Rule::player)
                        .ok_or_else(|| internal(span))?,
                )?,
            ),
            Rule::winner => Expectation::Winner(
                self.player(
                    inner
                        .find(|x| x.as_rule() == Rule::player)
                        .ok_or_else(|| internal(span))?,
                )?,
            ),
            Rule::game_over => Expectation::GameOver,
            Rule::roll_again => Expectation::RollAgain,
            Rule::burned => Expectation::Burned(
                self.int(
                    inner
                        .find(|x| x.as_rule() == Rule::int)
                        .ok_or_else(|| internal(span))?,
                )?,
            ),
            Rule::standings => Expectation::Standings(
                inner
                    .filter(|x| x.as_rule() == Rule::player)
                    .map(|x| self.player(x))
                    .collect::<Result<_, _>>()?,
            ),
            _ => return Err(internal(span)),
        })
    }
}

fn internal(span: Span) -> SyntaxError {
    SyntaxError {
        span,
        message: "goti could not read this statement (an internal grammar mismatch)".into(),
        label: "here".into(),
        help: Some("please report this with the line".into()),
    }
}

/// The words of the language, for "did you mean" suggestions.
const KEYWORDS: &[&str] = &[
    "scenario",
    "rules",
    "file",
    "mode",
    "set",
    "players",
    "tags",
    "journey",
    "clash",
    "turn",
    "to",
    "move",
    "solo",
    "pair",
    "trio",
    "quad",
    "king",
    "on",
    "home",
    "in",
    "yard",
    "past",
    "before",
    "midpoint",
    "steps",
    "store",
    "empty",
    "credits",
    "battle",
    "first",
    "roll",
    "exit",
    "forward",
    "backward",
    "next",
    "expect",
    "illegal",
    "progress",
    "score",
    "tile",
    "applied",
    "winner",
    "game",
    "over",
    "snapshot",
    "royal",
    "portal",
    "ranked",
    "falls",
    "lane",
    "base",
    "toilet",
    "doubles",
    "enter",
    "burned",
    "again",
    "standings",
    "tokens",
];

/// Edit distance counting a swap of two neighbours as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=b.len() {
        d[0][j] = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

fn describe(rule: &Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::int | Rule::signed => "a number",
        Rule::player => "a player (P1-P4)",
        Rule::piece | Rule::guard | Rule::king | Rule::kw_king | Rule::kw_k => {
            "a piece (`G1`, `G2`, ... or `king`)"
        }
        Rule::count => "solo, pair, trio or quad",
        Rule::place => "a place (`on 23`, `on home 2`, `home`, `in yard`)",
        Rule::direction => "`forward` or `backward`",
        Rule::string => "a quoted name",
        Rule::rule_id => "a rule ID such as `capture.merge`",
        Rule::mode_name => "`journey` or `clash`",
        Rule::modifier => "`past midpoint`, `before midpoint` or `steps N`",
        Rule::rolls => "rolls such as `4` or `3+4`",
        Rule::clause => "a piece and its rolls (`G1 3+4`)",
        Rule::EOI => "the end of the statement",
        Rule::tile_group => "a player and pieces (`P1 G1 G2`)",
        Rule::kw_empty => "`empty`",
        Rule::kw_midpoint => "`midpoint`",
        Rule::kw_turn => "`turn`",
        Rule::kw_yard => "`yard`",
        Rule::kw_move => "`move`",
        Rule::kw_illegal => "`illegal`",
        Rule::kw_over => "`over`",
        Rule::toilet_spot => "`pit`, `W1`, `W2` or `W3`",
        Rule::kw_forward | Rule::kw_backward => "`forward` or `backward`",
        _ => return None,
    })
}

fn syntax_error(e: pest::error::Error<Rule>, chunk: &str, offset: usize) -> SyntaxError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(chunk.len());
    let rest = &chunk[pos..];
    let word_len = rest
        .find(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .unwrap_or(rest.len());
    let word = &rest[..word_len];
    let span = Span::new(
        offset + pos,
        offset + pos + word_len.max(if rest.is_empty() { 0 } else { 1 }),
    );
    let mut expected: Vec<&str> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(describe).collect()
        }
        _ => vec![],
    };
    expected.sort_unstable();
    expected.dedup();
    let lower = word.to_ascii_lowercase();
    let suggestion = KEYWORDS
        .iter()
        .filter(|k| {
            !lower.is_empty()
                && **k != lower
                && lower.len() < 40
                && edit_distance(&lower, k) <= if lower.len() > 4 { 2 } else { 1 }
        })
        .min_by_key(|k| edit_distance(&lower, k));
    let message = if word.is_empty() {
        if expected.is_empty() {
            "the statement ends too early".to_string()
        } else {
            format!(
                "the statement ends too early: expected {}",
                join_or(&expected)
            )
        }
    } else if pos == 0 {
        format!("`{word}` does not start any statement goti knows")
    } else if expected.is_empty() {
        format!("unexpected `{word}`")
    } else {
        format!("unexpected `{word}`: expected {}", join_or(&expected))
    };
    let help = match suggestion {
        Some(s) => Some(format!("did you mean `{s}`?")),
        None if pos == 0 => Some("statements start with scenario, rules, mode, set, players, tags, a player (P1 ...), turn, roll, exit, move, next turn, expect or snapshot".into()),
        None => None,
    };
    let label = if word.is_empty() {
        "more expected here".to_string()
    } else {
        "not understood".to_string()
    };
    SyntaxError {
        span,
        message,
        label,
        help,
    }
}

fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brief_line_parses() {
        let f = parse_file("scenario \"merge\"\nP1 G2 on 27, P1 G1 on 23, P2 solo on 23; move G2 4 forward\nexpect P2 G1 in yard\nexpect P1 battle 20\n");
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let s = &f.scenarios[0];
        assert_eq!(s.statements.len(), 6);
        assert!(matches!(s.statements[3].kind, StmtKind::Action(_)));
    }

    #[test]
    fn every_error_is_reported() {
        let f = parse_file("scenario \"x\"\nmvoe G1 3\nP1 G1 on\nexpect P1 G1 on 3, P1 battle x\n");
        assert_eq!(f.errors.len(), 3, "{:?}", f.errors);
        assert_eq!(f.errors[0].help.as_deref(), Some("did you mean `move`?"));
    }

    #[test]
    fn splitter_keeps_strings_and_drops_comments() {
        let parts = split_statements("scenario \"a;b\" # note; here\nroll 1 2 3;next turn");
        let texts: Vec<&str> = parts.iter().map(|p| p.1).collect();
        assert_eq!(texts, vec!["scenario \"a;b\"", "roll 1 2 3", "next turn"]);
    }
}
