//! The set-up statements of a scenario: players, placements, seat facts,
//! the player to move, portal's falls and ranked games.

use std::collections::BTreeSet;

use super::place::place_of;
use super::words::{allowed, own_word, piece_of, player_of, MAX_STEPS};
use super::{Limits, Problem, SetupSpans};
use crate::dsl::ast::*;
use crate::engine::vocabulary::PhraseAt;
use crate::engine::{GameKind, Mode, PieceId, Placement, Player, Setup, SetupFact, Word};

/// The set-up as the statements build it.
pub(super) struct SetupState {
    setup: Setup,
    spans: SetupSpans,
    /// Guard numbers each player's statements have named so far.
    named: [BTreeSet<u8>; 4],
    /// Every player the scenario names anywhere (the default table).
    pub(super) mentioned: BTreeSet<Player>,
    explicit_players: Option<Vec<Player>>,
}

impl SetupState {
    /// `mode`: the header's, read in the game's words (none: the first).
    pub(super) fn new(sc: &Scenario, mode: Option<Mode>) -> SetupState {
        let setup = Setup {
            mode: mode.unwrap_or_default(),
            ..Setup::default()
        };
        let spans = SetupSpans {
            players: sc.span,
            ..SetupSpans::default()
        };
        SetupState {
            setup,
            spans,
            named: Default::default(),
            mentioned: BTreeSet::new(),
            explicit_players: None,
        }
    }

    /// The set-up, with the table the scenario names (or every player it mentions).
    pub(super) fn finish(self) -> (Setup, SetupSpans) {
        let mut setup = self.setup;
        setup.players = self
            .explicit_players
            .unwrap_or_else(|| self.mentioned.into_iter().collect());
        (setup, self.spans)
    }

    /// Lowers one set-up statement.
    pub(super) fn statement(&mut self, st: &Stmt, limits: &Limits, problems: &mut Vec<Problem>) {
        if let StmtKind::Place(pl) = &st.kind {
            return self.placement(st, pl, limits, problems);
        }
        let game = limits.game;
        let SetupState {
            setup,
            spans,
            mentioned,
            explicit_players,
            ..
        } = self;
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
                    *explicit_players = Some(Player::ALL[..n.value as usize].to_vec());
                }
            }
            StmtKind::Players(Players::List(list)) => {
                spans.players = st.span;
                let ps: Vec<Player> = list
                    .iter()
                    .filter_map(|n| player_of(n, limits.game, problems))
                    .collect();
                *explicit_players = Some(ps);
            }
            StmtKind::Turn(n) => {
                if let Some(p) = player_of(n, limits.game, problems) {
                    mentioned.insert(p);
                    setup.turn = Some(p);
                    spans.turn = Some(st.span);
                }
            }
            StmtKind::OwnFact(phrase) => {
                let Some(word) = own_word(phrase, PhraseAt::Fact, game, problems) else {
                    return;
                };
                let player = match &phrase.player {
                    Some(n) => match player_of(n, game, problems) {
                        Some(p) => {
                            mentioned.insert(p);
                            Some(p)
                        }
                        None => return,
                    },
                    None => None,
                };
                let piece = match phrase.pieces.first() {
                    Some(name) => match piece_of(name, limits, problems) {
                        Some(PieceId::Numbered(g)) => Some(g),
                        Some(PieceId::King) => {
                            problems.push(
                                Problem::new(
                                    name.span,
                                    "a fact in a game's own word names a numbered piece",
                                    "the King",
                                )
                                .help("name a piece G1, G2, ..."),
                            );
                            return;
                        }
                        None => return,
                    },
                    None => None,
                };
                setup.facts.push(SetupFact {
                    word,
                    player,
                    piece,
                    numbers: phrase.numbers.iter().map(|n| n.value).collect(),
                });
                spans.facts.push(st.span);
            }
            StmtKind::Place(_) => {
                unreachable!("placements are lowered before this match")
            }
            _ => unreachable!("not a set-up statement: {:?}", st.kind),
        }
    }

    /// Lowers a placement (`P1 G2 on 27`, `P2 solo on 23`).
    fn placement(
        &mut self,
        st: &Stmt,
        pl: &PlacementStmt,
        limits: &Limits,
        problems: &mut Vec<Problem>,
    ) {
        let game = limits.game;
        let SetupState {
            setup,
            spans,
            named,
            mentioned,
            ..
        } = self;
        let Some(p) = player_of(&pl.player, limits.game, problems) else {
            return;
        };
        mentioned.insert(p);
        if let Some(m) = &pl.midpoint {
            allowed(m.span, Word::Midpoint, game, problems);
        }
        let Some(place) = place_of(&pl.place, limits, problems) else {
            return;
        };
        let pieces: Vec<PieceId> = match &pl.what.value {
            PieceSel::Piece(name) => {
                match piece_of(&Spanned::new(*name, pl.what.span), limits, problems) {
                    Some(PieceId::Numbered(g)) => {
                        named[p.index()].insert(g);
                        vec![PieceId::Numbered(g)]
                    }
                    Some(k) => vec![k],
                    None => return,
                }
            }
            PieceSel::Count(word) => {
                let count = Spanned::new(word.as_str(), pl.what.span);
                match counted(p, count, &mut named[p.index()], game, problems) {
                    Some(pieces) => pieces,
                    None => return,
                }
            }
        };
        let steps = match &pl.steps {
            Some(s) if s.value.abs() > MAX_STEPS => {
                problems.push(
                    Problem::new(
                        s.span,
                        format!("steps {} is out of range", s.value),
                        "out of range",
                    )
                    .help(format!(
                        "a progress count is within -{MAX_STEPS} to {MAX_STEPS}"
                    )),
                );
                return;
            }
            Some(s) => Some(s.value as i32),
            None => None,
        };
        for piece in pieces {
            setup.placements.push(Placement {
                player: p,
                piece,
                place,
                midpoint: pl.midpoint.as_ref().map(|m| m.value),
                steps,
            });
            spans.placements.push(st.span);
        }
    }
}

/// The pieces a count names (`P2 pair on 11`: the lowest two numbers of
/// `p`'s not yet `named`, which it names), or the problem: a word that is
/// not the game's count, or more pieces than are left.
fn counted(
    p: Player,
    count: Spanned<&str>,
    named: &mut BTreeSet<u8>,
    game: GameKind,
    problems: &mut Vec<Problem>,
) -> Option<Vec<PieceId>> {
    let words = game.vocabulary();
    let Some(n) = words.count_named(count.value) else {
        problems.push(foreign_count(count, game));
        return None;
    };
    let free: Vec<u8> = (1..=words.pieces)
        .filter(|g| !named.contains(g))
        .take(n as usize)
        .collect();
    if free.len() < n as usize {
        let (all, one) = (words.piece_word, words.piece_word.trim_end_matches('s'));
        let message = if free.is_empty() {
            format!(
                "a {} {one}: {p}'s {} {all} G1-G{} are all named already",
                ordinal(words.pieces + 1),
                cardinal(words.pieces),
                words.pieces
            )
        } else {
            format!(
                "{p} has only {} {one}(s) not yet named; a player has {} {all}",
                free.len(),
                cardinal(words.pieces)
            )
        };
        problems.push(
            Problem::new(count.span, message, format!("too many {all}"))
                .rule(words.pieces_rule)
                .help(format!(
                    "name fewer {all}, or place them explicitly with G1-G{}",
                    words.pieces
                )),
        );
        return None;
    }
    named.extend(free.iter().copied());
    Some(free.into_iter().map(PieceId::Numbered).collect())
}

/// A count word of another game's (parsing refuses a word no game counts
/// with): `` `pair` is a royal word ``.
fn foreign_count(count: Spanned<&str>, game: GameKind) -> Problem {
    let owners = super::words::games_where(|v| v.count_named(count.value).is_some());
    assert!(
        !owners.is_empty(),
        "`{}` is no game's count, which parsing refuses",
        count.value
    );
    let help = game.vocabulary().help_for_named(count.value);
    super::words::another_games(count.span, count.value, &owners, game, help)
}

/// Up to nine in words ("four guards").
fn cardinal(n: u8) -> String {
    const WORDS: [&str; 10] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// First to tenth in words ("a fifth guard").
fn ordinal(n: u8) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match n.checked_sub(1).and_then(|i| WORDS.get(i as usize)) {
        Some(w) => w.to_string(),
        None => format!("{n}th"),
    }
}
