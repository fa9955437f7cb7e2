//! The pest parse tree of one statement turned into the typed AST, with
//! spans into the whole file. No pest type leaves this module's parent.

use pest::iterators::{Pair, Pairs};

use super::{Item, Rule};
use crate::dsl::ast::*;
use crate::dsl::problem::Problem;
use crate::engine::vocabulary::PhraseAt;
use crate::engine::{Direction, GameKind};

pub(super) struct Builder {
    pub(super) offset: usize,
}

type Result2<T> = Result<T, Problem>;

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
            _ => Err(Problem {
                rule: None,
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
            // Digits only (the grammar's `guard`): a number too large for
            // i64 is still a guard, one validation says the game lacks.
            Rule::guard => PieceName::Guard(inner.as_str()[1..].parse::<i64>().unwrap_or(i64::MAX)),
            Rule::king => PieceName::King,
            other => return Err(mismatch(span, "a piece", other)),
        };
        Ok(Spanned::new(name, span))
    }

    /// A mode's name as written (lower case), which the game's words read.
    fn mode(&self, p: Pair<Rule>) -> Spanned<String> {
        Spanned::new(p.as_str().to_ascii_lowercase(), self.span(&p))
    }

    pub(super) fn statement(&self, pair: Pair<Rule>) -> Result2<Vec<(Item, Span)>> {
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
            Rule::rules_stmt => one(self.rules_stmt(inner, span)?),
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
            // A game's own words (`own_statement`) chain with the language's.
            Rule::setup_chain | Rule::own_setup => {
                let mut out = Vec::new();
                for item in inner {
                    let span = self.span(&item);
                    let kind = match item.as_rule() {
                        Rule::own_fact => {
                            StmtKind::OwnFact(self.own_phrase(item.into_inner(), span)?)
                        }
                        _ => self.setup_item(item)?,
                    };
                    out.push((Item::Stmt(kind), span));
                }
                Ok(out)
            }
            Rule::action_stmt => one(StmtKind::Action(self.action_stmt(inner, span)?)),
            Rule::own_action => {
                let own = self.own_action(inner, span)?;
                // A word alone that a game states of its table (`ranked`,
                // `seats side`) is a set-up fact, not an action.
                match own.action {
                    ActionAst::Own(phrase) if own.player.is_none() && table_fact(&phrase) => {
                        one(StmtKind::OwnFact(phrase))
                    }
                    _ => one(StmtKind::Action(own)),
                }
            }
            Rule::expect_illegal | Rule::own_illegal => one(self.expect_illegal(inner, span)?),
            Rule::expect | Rule::own_expect => {
                let mut out = Vec::new();
                for p in inner.filter(|p| p.as_rule() != Rule::kw_expect) {
                    let span = self.span(&p);
                    let kind = match p.as_rule() {
                        Rule::expect_snapshot => StmtKind::Snapshot(
                            p.into_inner()
                                .find(|x| x.as_rule() == Rule::string)
                                .map(|s| self.string(s)),
                        ),
                        Rule::own_check => StmtKind::Expect(Expectation::Own(
                            self.own_phrase(p.into_inner(), span)?,
                        )),
                        _ => StmtKind::Expect(self.expectation(p)?),
                    };
                    out.push((Item::Stmt(kind), span));
                }
                Ok(out)
            }
            Rule::snapshot => {
                let label = inner
                    .find(|x| x.as_rule() == Rule::string)
                    .map(|s| self.string(s));
                one(StmtKind::Snapshot(label))
            }
            _ => Err(internal(span)),
        }
    }

    /// `expect illegal(RULE) P2: ACTION`, in the language's words or a
    /// game's own.
    fn expect_illegal(&self, inner: Pairs<Rule>, span: Span) -> Result2<StmtKind> {
        let mut rule_id = None;
        let mut player = None;
        let mut action = None;
        for p in inner {
            match p.as_rule() {
                Rule::rule_id => {
                    rule_id = Some(Spanned::new(p.as_str().to_ascii_lowercase(), self.span(&p)))
                }
                Rule::player => player = Some(self.player(p)?),
                Rule::kw_expect | Rule::kw_illegal => {}
                Rule::own_action => {
                    let aspan = self.span(&p);
                    let own = self.own_action(p.into_inner(), aspan)?;
                    player = own.player;
                    action = Some((own.action, aspan));
                }
                _ => {
                    let aspan = self.span(&p);
                    action = Some((self.action(p)?, aspan));
                }
            }
        }
        let (action, aspan) = action.ok_or_else(|| internal(span))?;
        let aspan = player.as_ref().map_or(aspan, |p| p.span.to(aspan));
        Ok(StmtKind::ExpectIllegal {
            rule: rule_id,
            action: ActionStmt {
                player,
                action,
                span: aspan,
            },
        })
    }

    /// `P2: boost G1`: the action names its pieces, the statement its player.
    fn own_action(&self, inner: Pairs<Rule>, span: Span) -> Result2<ActionStmt> {
        let mut phrase = self.own_phrase(inner, span)?;
        let player = phrase.player.take();
        Ok(ActionStmt {
            player,
            action: ActionAst::Own(phrase),
            span,
        })
    }

    fn own_phrase(&self, inner: Pairs<Rule>, span: Span) -> Result2<OwnPhrase> {
        let mut phrase = OwnPhrase {
            player: None,
            pieces: Vec::new(),
            word: Spanned::new(String::new(), span),
            numbers: Vec::new(),
            empty: None,
        };
        for p in inner {
            match p.as_rule() {
                Rule::player => phrase.player = Some(self.player(p)?),
                Rule::piece => phrase.pieces.push(self.piece(p)?),
                Rule::own_words => phrase.word = Spanned::new(own_text(&p), self.span(&p)),
                Rule::signed => phrase.numbers.push(self.int(p)?),
                Rule::kw_empty => phrase.empty = Some(self.span(&p)),
                _ => {}
            }
        }
        Ok(phrase)
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
            Rule::placement => {
                let player = self.player(inner.next().ok_or_else(|| internal(span))?)?;
                let what_pair = inner.next().ok_or_else(|| internal(span))?;
                let what_span = self.span(&what_pair);
                let what = match what_pair.as_rule() {
                    Rule::count => PieceSel::Count(what_pair.as_str().to_ascii_lowercase()),
                    Rule::piece => PieceSel::Piece(self.piece(what_pair)?.value),
                    other => return Err(mismatch(what_span, "a piece or a count", other)),
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
            _ => Err(internal(span)),
        }
    }

    /// A `place`: a field, home, or a `named_place` (a place in the game's
    /// words, which lowering resolves).
    fn place(&self, p: Pair<Rule>) -> Result2<Spanned<PlaceAst>> {
        let span = self.span(&p);
        let inner = p.into_inner().next().ok_or_else(|| internal(span))?;
        let rule = inner.as_rule();
        let parts: Vec<Pair<Rule>> = inner.into_inner().collect();
        let number = match parts.iter().find(|x| x.as_rule() == Rule::int) {
            Some(n) => Some(self.int(n.clone())?.value),
            None => None,
        };
        let place = match rule {
            Rule::on_tile => PlaceAst::Tile(number.ok_or_else(|| internal(span))?),
            Rule::at_home => PlaceAst::Home,
            Rule::named_place => {
                let word = parts
                    .iter()
                    .find(|x| x.as_rule() == Rule::place_word)
                    .ok_or_else(|| internal(span))?;
                let spot = parts
                    .iter()
                    .find(|x| x.as_rule() == Rule::place_spot)
                    .map(|s| Spanned::new(s.as_str().to_string(), self.span(s)));
                let by = parts
                    .iter()
                    .find(|x| matches!(x.as_rule(), Rule::kw_in | Rule::kw_on))
                    .ok_or_else(|| internal(span))?;
                PlaceAst::Named(NamedPlace {
                    by: by.as_str().to_ascii_lowercase(),
                    word: word.as_str().to_ascii_lowercase(),
                    number,
                    spot,
                })
            }
            other => return Err(mismatch(span, "a place", other)),
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
            Rule::next_turn => ActionAst::NextTurn,
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
                                    Some(Rule::kw_forward) => Direction::Forward,
                                    other => return Err(mismatch_opt(dspan, "a direction", other)),
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

    /// What the rules allow: `legal count N`, `legal: ...`, `perft D = N`.
    fn allowed(&self, rule: Rule, inner: Vec<Pair<Rule>>, span: Span) -> Result2<Expectation> {
        Ok(match rule {
            Rule::legal_count => {
                let n = inner
                    .iter()
                    .filter(|x| x.as_rule() == Rule::int)
                    .cloned()
                    .map(|x| self.int(x))
                    .next()
                    .ok_or_else(|| internal(span))??;
                Expectation::LegalCount(n)
            }
            Rule::perft => {
                let mut ints = inner
                    .iter()
                    .filter(|x| x.as_rule() == Rule::int)
                    .cloned()
                    .map(|x| self.int(x));
                let depth = ints.next().ok_or_else(|| internal(span))??;
                let nodes = ints.next().ok_or_else(|| internal(span))??;
                Expectation::Perft { depth, nodes }
            }
            Rule::legal | Rule::own_legal => {
                let list = inner
                    .iter()
                    .find(|x| matches!(x.as_rule(), Rule::legal_actions | Rule::own_legal_actions));
                if let Some(list) = list {
                    let mut actions = Vec::new();
                    for a in list.clone().into_inner() {
                        let aspan = self.span(&a);
                        let action = match a.as_rule() {
                            Rule::own_listed => {
                                ActionAst::Own(self.own_phrase(a.into_inner(), aspan)?)
                            }
                            _ => self.action(a)?,
                        };
                        actions.push(Spanned::new(action, aspan));
                    }
                    return Ok(Expectation::LegalActions(actions));
                }
                let mut items = Vec::new();
                // Maedn's list, with a game's own words (`own_items`) or not.
                let listed = inner.into_iter().flat_map(|x| match x.as_rule() {
                    Rule::own_items => x.into_inner().collect(),
                    _ => vec![x],
                });
                for item in
                    listed.filter(|x| matches!(x.as_rule(), Rule::legal_item | Rule::own_item))
                {
                    let ispan = self.span(&item);
                    let what = item.into_inner().next().ok_or_else(|| internal(ispan))?;
                    let value = match what.as_rule() {
                        Rule::own_word => LegalItem::Own(OwnPhrase {
                            player: None,
                            pieces: Vec::new(),
                            word: Spanned::new(what.as_str().to_ascii_lowercase(), ispan),
                            numbers: Vec::new(),
                            empty: None,
                        }),
                        Rule::piece => LegalItem::Piece(self.piece(what)?.value),
                        other => return Err(mismatch(ispan, "a legal action", other)),
                    };
                    items.push(Spanned::new(value, ispan));
                }
                Expectation::Legal(items)
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
                    Rule::steps => {
                        let n = c
                            .into_inner()
                            .find(|x| x.as_rule() == Rule::signed)
                            .ok_or_else(|| internal(span))?;
                        PieceCheck::Steps(self.int(n)?.value)
                    }
                    other => return Err(mismatch(cspan, "a piece check", other)),
                };
                Expectation::Piece {
                    player,
                    piece,
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
            Rule::no_winner | Rule::game_goes_on => Expectation::NoWinner,
            Rule::no_capture => Expectation::NoCapture,
            Rule::not_applied => {
                let r = inner
                    .find(|x| x.as_rule() == Rule::rule_id)
                    .ok_or_else(|| internal(span))?;
                Expectation::NotApplied(Spanned::new(
                    r.as_str().to_ascii_lowercase(),
                    self.span(&r),
                ))
            }
            Rule::standings => Expectation::Standings(
                inner
                    .filter(|x| x.as_rule() == Rule::player)
                    .map(|x| self.player(x))
                    .collect::<Result<_, _>>()?,
            ),
            Rule::legal | Rule::own_legal | Rule::legal_count | Rule::perft => {
                return self.allowed(rule, inner.collect(), span)
            }
            _ => return Err(internal(span)),
        })
    }

    /// `rules royal`, `rules royal clash`, `rules portal`.
    fn rules_stmt(&self, inner: pest::iterators::Pairs<Rule>, span: Span) -> Result2<StmtKind> {
        let mut game = None;
        let mut mode = None;
        for p in inner {
            match p.as_rule() {
                Rule::game_name => {
                    game = Some(Spanned::new(p.as_str().to_ascii_lowercase(), self.span(&p)))
                }
                Rule::mode_name => mode = Some(self.mode(p)),
                _ => {}
            }
        }
        Ok(StmtKind::Rules {
            game: game.ok_or_else(|| internal(span))?,
            mode,
        })
    }
}

/// The grammar gave `got` where the builder reads `what`: the grammar and
/// this file disagree (an internal error, never a silent default).
fn mismatch(span: Span, what: &str, got: Rule) -> Problem {
    mismatch_opt(span, what, Some(got))
}

fn mismatch_opt(span: Span, what: &str, got: Option<Rule>) -> Problem {
    Problem {
        message: format!(
            "goti could not read this statement: the grammar gave {} where it reads {what} (an internal grammar mismatch)",
            got.map_or("nothing".to_string(), |r| format!("{r:?}"))
        ),
        ..internal(span)
    }
}

fn internal(span: Span) -> Problem {
    Problem {
        rule: None,
        span,
        message: "goti could not read this statement (an internal grammar mismatch)".into(),
        label: "here".into(),
        help: Some("please report this with the line".into()),
    }
}

/// Whether `phrase` is a word alone that some game's vocabulary has as a
/// fact of the table, naming no player (`ranked`, `seats side`).
fn table_fact(phrase: &OwnPhrase) -> bool {
    phrase.pieces.is_empty()
        && phrase.numbers.is_empty()
        && GameKind::ALL.iter().any(|g| {
            let v = g.vocabulary();
            v.named(&phrase.word.value).is_some_and(|w| {
                v.phrases_of(w, PhraseAt::Fact)
                    .any(|f| f.fits(false, 0, &[]))
            })
        })
}

/// A game's own word as its vocabulary names it: lower case, its words
/// one space apart (`Roll  again` is `roll again`).
pub(super) fn own_text(words: &Pair<Rule>) -> String {
    let parts: Vec<String> = words
        .clone()
        .into_inner()
        .filter(|w| w.as_rule() == Rule::own_word)
        .map(|w| w.as_str().to_ascii_lowercase())
        .collect();
    match parts.is_empty() {
        true => words.as_str().to_ascii_lowercase(),
        false => parts.join(" "),
    }
}
