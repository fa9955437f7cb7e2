//! A toy race, test-only: it exists to prove that a game is its folder
//! (`crates/games/toy/`: these rules, and its tool part in `../tool/`) plus
//! its line in the list (`crates/games/list/`). Players race one piece G1 each round a ring of
//! `board.ring` tiles; the first home wins. Besides the words all games
//! share it has one of its own, `boost` (`toy.boost`): a word, an action,
//! a set-up fact, an expectation and an event no other game has.

use goti_engine::*;

pub mod events;
mod params;
mod rule;
mod words;

use std::sync::Arc;

pub use params::ToyParams;
pub use rule::ToyRule;
pub use words::BOOST;

use goti_engine::action::Action;
use goti_engine::delegate_game;
use goti_engine::event::{Event, Rejection, What};
use goti_engine::own::OwnEvent;
use goti_engine::piece::{ByPlayer, Direction, Piece, PieceId, Place, Player};
use goti_engine::precedence::game_and_turn;
use goti_engine::setup::{Setup, SetupError, SetupPart, Sizes};
use goti_engine::table::Table;

use words::WORDS;
use ToyRule as R;

/// The toy's parameters (its board is just the ring's length).
#[derive(Debug, PartialEq, Eq)]
pub struct ToyRules {
    pub params: ToyParams,
}

impl ToyRules {
    pub fn new(params: ToyParams) -> Arc<ToyRules> {
        Arc::new(ToyRules { params })
    }
    pub fn ring(&self) -> u8 {
        self.params.board.ring
    }
    /// One piece, the ring, no home path.
    pub fn sizes(&self) -> Sizes {
        Sizes::new(1, self.ring(), 0)
    }
    pub fn tile_words(&self, _tile: u8) -> Vec<String> {
        Vec::new()
    }
}

/// A toy position: each player's G1 in the yard, on a tile, or home.
#[derive(Clone, Debug)]
pub struct Toy {
    rules: Arc<ToyRules>,
    table: Table,
    turn: Player,
    at: ByPlayer<Place>,
    /// `toy.boost`: boosts each player still holds.
    boosts: ByPlayer<u8>,
    winner: Option<Vec<Player>>,
}

impl PartialEq for Toy {
    fn eq(&self, o: &Toy) -> bool {
        (self.table, self.turn, self.at, self.boosts, &self.winner)
            == (o.table, o.turn, o.at, o.boosts, &o.winner)
    }
}
impl Eq for Toy {}

impl Toy {
    pub fn from_setup(
        rules: Arc<ToyRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Toy, Vec<SetupError>> {
        let mut errors = Vec::new();
        // toy.table: 2-4 players, one piece each.
        let table = Table::of_setup(setup, &WORDS, &mut errors);
        let mut at = ByPlayer([Place::Out; 4]);
        for c in setup.checked_placements(&table, &WORDS, rules.sizes(), &mut errors) {
            let p = c.placement;
            match p.place {
                Place::Out | Place::Home => {}
                Place::Ring(t) if (1..=rules.ring()).contains(&t) => {}
                other => {
                    errors.push(SetupError {
                        rule: R::MoveValue.id(),
                        part: SetupPart::Placement(c.index),
                        message: format!("the toy race has no place `{other}`"),
                        help: Some(format!("use tiles 1-{}, `in yard` or `home`", rules.ring())),
                    });
                    continue;
                }
            }
            at[p.player] = p.place;
        }
        // toy.boost: `P1 boost N` sets what P1 holds; the rest hold the ruleset's.
        let mut boosts = ByPlayer([rules.params.boosts; 4]);
        for (i, fact) in setup.facts_in(words::BOOST) {
            match (fact.player, fact.numbers.as_slice()) {
                (Some(p), &[n]) if (0..=9).contains(&n) => boosts[p] = n as u8,
                _ => errors.push(SetupError {
                    rule: R::Boost.id(),
                    part: SetupPart::Fact(i),
                    message: "a player holds 0-9 boosts".into(),
                    help: Some("write `P1 boost 1`".into()),
                }),
            }
        }
        let turn = table.turn_of_setup(setup, R::TablePlayers.id(), &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        events.push(Event {
            rule: R::TablePlayers.id(),
            player: turn,
            what: What::SetUp {
                players: table.len() as u8,
                mode: None,
            },
        });
        let mut pos = Toy {
            rules,
            table,
            turn,
            at,
            boosts,
            winner: None,
        };
        pos.winner = pos.home_first(turn);
        Ok(pos)
    }

    /// toy.end: the standings once a piece is home, the one home first.
    fn home_first(&self, from: Player) -> Option<Vec<Player>> {
        let first = self.table.players().find(|&p| self.at[p] == Place::Home)?;
        let mut order = vec![first];
        let mut p = from;
        for _ in 0..self.table.len() {
            if p != first {
                order.push(p);
            }
            p = self.table.next_after(p);
        }
        Some(order)
    }

    pub fn rules(&self) -> &Arc<ToyRules> {
        &self.rules
    }

    /// Applies an action of the player to move through a copy.
    /// [`Self::play_in_place`] with its events handed to `sink` (this game
    /// records into a list and hands that over).
    pub fn play_with<S: crate::Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        let mut events = Vec::new();
        let applied = self.play_in_place(action, &mut events);
        for e in events {
            sink.put(e);
        }
        applied
    }

    pub fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool {
        match self.apply_observed(None, action, events, &mut |_| {}) {
            Ok(next) => {
                *self = next;
                true
            }
            Err(_) => false,
        }
    }

    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        _observe: &mut dyn FnMut(&Toy),
    ) -> Result<Toy, Rejection> {
        game_and_turn(&WORDS, self.winner.is_some(), (self.turn, by), (0, 1))?;
        if let Action::Own(own) = action {
            return self.boost(own, events);
        }
        // toy.move: one clause, G1, one value 1-6, forward.
        let Action::Move(order) = action else {
            return Err(
                Rejection::new(R::MoveValue, "the toy race only moves").help("write `move G1 N`")
            );
        };
        let [clause] = order.clauses.as_slice() else {
            return Err(Rejection::new(R::MoveValue, "move the one piece, G1"));
        };
        let v = match clause.rolls.as_slice() {
            [v] if (1..=6).contains(v) && clause.direction == Direction::Forward => *v,
            _ => {
                return Err(
                    Rejection::new(R::MoveValue, "a move is one value 1-6, forward")
                        .help("write `move G1 N`"),
                )
            }
        };
        self.advance(clause.piece, v, R::MoveValue, events)
    }

    /// toy.boost: `boost G1` spends a boost and takes G1 two tiles forward.
    fn boost(
        &self,
        own: &goti_engine::action::OwnAction,
        events: &mut Vec<Event>,
    ) -> Result<Toy, Rejection> {
        if own.word != words::BOOST {
            return Err(Rejection::new(
                R::MoveValue,
                format!("the toy race has no `{}`", own.word.text()),
            ));
        }
        let [piece @ PieceId::Numbered(1)] = own.pieces[..] else {
            return Err(
                Rejection::new(R::Boost, "boost the one piece, G1").help("write `boost G1`")
            );
        };
        let p = self.turn;
        let left = self.boosts[p].checked_sub(1).ok_or_else(|| {
            Rejection::new(R::Boost, format!("{p} has no boost left")).help("write `move G1 N`")
        })?;
        let mut ev = vec![Event {
            rule: R::Boost.id(),
            player: p,
            what: What::Own(
                OwnEvent::new(&events::BOOSTED)
                    .piece(piece)
                    .numbers(&[i64::from(left)]),
            ),
        }];
        let mut next = self.advance(piece, 2, R::Boost, &mut ev)?;
        next.boosts[p] = left;
        events.extend(ev);
        Ok(next)
    }

    /// G1 of the player to move goes `v` tiles forward (`rule` moves it),
    /// then the turn passes or the game ends.
    fn advance(
        &self,
        piece: PieceId,
        v: u8,
        rule: R,
        events: &mut Vec<Event>,
    ) -> Result<Toy, Rejection> {
        let p = self.turn;
        let from = self.at[p];
        // toy.home: past the last tile, the piece is home.
        let to = match from {
            Place::Out => Place::Ring(v),
            Place::Ring(t) if t + v > self.rules.ring() => Place::Home,
            Place::Ring(t) => Place::Ring(t + v),
            other => {
                return Err(Rejection::new(
                    R::Home,
                    format!("G1 is {other}: it cannot move"),
                ))
            }
        };
        let mut next = self.clone();
        next.at[p] = to;
        let mut ev = vec![Event {
            rule: rule.id(),
            player: p,
            what: What::Moved {
                piece,
                from,
                to,
                total: v,
            },
        }];
        if to == Place::Home {
            ev.push(Event {
                rule: R::Home.id(),
                player: p,
                what: What::Note("G1 is home"),
            });
        }
        // toy.turn: the turn passes after every move; toy.end: the first home wins.
        next.turn = self.table.next_after(p);
        next.winner = next.home_first(p);
        match &next.winner {
            Some(standings) => ev.push(Event {
                rule: R::End.id(),
                player: p,
                what: What::GameOver {
                    standings: standings.clone(),
                },
            }),
            None => ev.push(Event {
                rule: R::Turn.id(),
                player: p,
                what: What::TurnEnds { next: next.turn },
            }),
        }
        events.extend(ev);
        Ok(next)
    }

    /// The toy has no dice: the mover picks a value 1-6 (`toy.move`).
    pub fn ply(&self) -> goti_engine::legal::Ply {
        if self.winner.is_some() {
            goti_engine::legal::Ply::Over
        } else {
            goti_engine::legal::Ply::Choice
        }
    }

    /// Every `move G1 v` for v 0-7, `boost G1`, `boost king` and `next
    /// turn` (the brute force of the listing).
    pub fn legal_candidates(&self) -> Option<Vec<Action>> {
        let mut out = vec![
            Action::NextTurn,
            Action::own(words::BOOST, vec![PieceId::Numbered(1)]),
            Action::own(words::BOOST, vec![PieceId::King]),
        ];
        for v in 0..=7u8 {
            out.push(Action::Move(crate::MoveOrder {
                clauses: vec![crate::MoveClause {
                    piece: PieceId::Numbered(1),
                    rolls: vec![v],
                    direction: Direction::Forward,
                }],
            }));
        }
        Some(out)
    }

    /// Perft applies each throw.
    pub fn leaves_after_throw(&self) -> Option<u64> {
        None
    }

    /// An action in the rulebook's normal form, as scenario syntax.
    pub fn action_text(&self, a: &Action) -> String {
        goti_engine::legal::normal_text(a, <Self as crate::Game>::VOCABULARY)
    }

    /// The candidates are few and all tried ([`Self::legal_candidates`]):
    /// the first `n` of them, whatever the seed.
    pub fn legal_sample(&self, _seed: u64, n: usize) -> Vec<Action> {
        goti_engine::legal::first_candidates(self, n)
    }

    /// The legal actions' number (the listing's length).
    pub fn legal_count(&self, limit: usize) -> Result<u64, goti_engine::legal::Unlisted> {
        goti_engine::legal::count_of_listing(self, limit)
    }

    /// Every `move G1 N` and `boost G1` the rules accept now.
    pub fn legal_list(&self, limit: usize) -> Result<Vec<Action>, goti_engine::legal::Unlisted> {
        let boost = Action::own(words::BOOST, vec![PieceId::Numbered(1)]);
        let out: Vec<Action> = (1..=6u8)
            .map(|v| {
                Action::Move(crate::MoveOrder {
                    clauses: vec![crate::MoveClause {
                        piece: PieceId::Numbered(1),
                        rolls: vec![v],
                        direction: Direction::Forward,
                    }],
                })
            })
            .chain([boost])
            .filter(|a| {
                self.apply_observed(None, a, &mut Vec::new(), &mut |_| {})
                    .is_ok()
            })
            .collect();
        if out.len() > limit {
            return Err(goti_engine::legal::Unlisted::TooMany { limit });
        }
        Ok(out)
    }

    pub(crate) fn invariants(&self) -> Result<(), String> {
        for p in self.table.players() {
            if let Place::Ring(t) = self.at[p] {
                if !(1..=self.rules.ring()).contains(&t) {
                    return Err(format!("{p} G1 on tile {t}, off the ring"));
                }
            }
        }
        if !self.table.has(self.turn) {
            return Err(format!("{} to move is not at the table", self.turn));
        }
        Ok(())
    }
    pub(crate) fn reachable(&self) -> Result<(), String> {
        self.invariants()
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    /// `toy.boost`: the boosts `p` still holds.
    pub fn boosts(&self, p: Player) -> u8 {
        self.boosts[p]
    }
    /// The toy race scores no points.
    pub fn points(&self, _: Player) -> Option<i64> {
        None
    }

    pub fn final_standings(&self) -> Option<&[Player]> {
        self.winner.as_deref()
    }
    pub fn standings_now(&self) -> Vec<Player> {
        let mut order: Vec<Player> = self.players().collect();
        order.sort_by_key(|&p| std::cmp::Reverse(self.progress(p)));
        order
    }
    /// What ranks `p`: how far its piece has come.
    pub fn lead_key(&self, p: Player) -> [i64; 2] {
        [self.progress(p) as i64, 0]
    }
    fn progress(&self, p: Player) -> u8 {
        match self.at[p] {
            Place::Ring(t) => t,
            Place::Home => u8::MAX,
            _ => 0,
        }
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        self.table.players()
    }
    pub fn piece(&self, p: Player, _id: PieceId) -> Piece {
        Piece {
            place: self.at[p],
            midpoint: false,
            steps: self.progress(p) as i32,
        }
    }
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        self.players()
            .filter(|&p| self.at[p] == place)
            .map(|p| (p, PieceId::Numbered(1)))
            .collect()
    }
}

impl Toy {
    /// The position as `goti lint`'s visit keys it (`Game::state_key`):
    /// all of it.
    pub fn state_key(&self) -> String {
        let Toy {
            rules: _,
            table,
            turn,
            at,
            boosts,
            winner,
        } = self;
        format!("{table:?} {turn:?} {at:?} {boosts:?} {winner:?}")
    }
}

delegate_game!(
    Toy,
    ToyRules,
    ToyParams,
    ToyRule::CATALOGUE,
    &words::WORDS,
    "TOY.md",
    events: &[&events::BOOSTED]
);
