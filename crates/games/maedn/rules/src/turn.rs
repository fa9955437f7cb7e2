//! Applying an action: the game being over, whose turn it is, the die,
//! the obligations, then the piece and its target, in MAEDN.md's order of
//! refusals.

use super::legal::Obligation;
use super::words::WORDS;
use super::MaednCheck as C;
use super::*;
use super::{Quiet, Sink};
use goti_engine::action::{Action, OwnAction};
use goti_engine::event::{Event, Rejection, What};
use goti_engine::precedence::{game_and_turn, Refusals};
use goti_engine::table::transact;

impl Maedn {
    /// Applies an action of `by` (`None`: the player to move) to a copy; a
    /// rejection leaves `self` and `events` untouched. A maedn action
    /// settles as a whole, so `observe` sees the new position once.
    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Maedn),
    ) -> Result<Maedn, Rejection> {
        let next = transact(self, events, |next, ev| next.apply_in_place(by, action, ev))?;
        observe(&next);
        Ok(next)
    }

    /// Applies an action of the player to move to this position itself
    /// (through a copy: a refusal leaves `self` and `events` untouched).
    /// [`Self::play_in_place`] with its events handed to `sink` (this game
    /// records into a list and hands that over).
    pub fn play_with<S: crate::Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        if S::ON {
            let mut events = Vec::new();
            let applied = self.play_in_place(action, &mut events);
            for e in events {
                sink.put(e);
            }
            return applied;
        }
        // Nothing recorded: applied in place through the same checks, with
        // no event built and no copy. `apply_in_place` refuses before its
        // first change (every check reads `&self`; `throw` checks, then
        // sets the die), so a refusal leaves `self` as it was.
        self.apply_in_place(None, action, sink).is_ok()
    }

    pub fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool {
        match self.apply(action, events) {
            Ok(next) => {
                *self = next;
                true
            }
            Err(_) => false,
        }
    }

    /// Applies an action of the player to move.
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Maedn, Rejection> {
        self.apply_observed(None, action, events, &mut |_| {})
    }

    /// The choice an action names (`enter`, `move G1`, `pass`), or `None`
    /// with its refusal: the piece must be one of the table's, a move one
    /// piece by the die thrown (`dice.one`).
    fn choice_of(
        &self,
        action: &Action,
        die: Option<u8>,
        refusals: &mut Refusals<C>,
    ) -> Option<Choice> {
        let p = self.turn;
        match action {
            Action::Roll(_) => unreachable!("a throw was handled above"),
            Action::Own(OwnAction {
                word: super::words::ENTER,
                pieces,
                ..
            }) if pieces.is_empty() => Some(Choice::Enter),
            Action::Own(OwnAction {
                word: super::words::ENTER,
                pieces,
                ..
            }) if pieces.len() == 1 => match self.piece_index(pieces[0]) {
                Ok(g) if self.route[p.index()][g] == BASE => Some(Choice::Enter),
                Ok(g) => {
                    refusals.add(
                        C::Piece,
                        Rejection::new(
                            R::EnterSix,
                            format!(
                                "G{} is not in base: only a piece in base is brought in",
                                g + 1
                            ),
                        ),
                    );
                    None
                }
                Err(r) => {
                    refusals.add(C::Piece, r);
                    None
                }
            },
            Action::Move(order) => match order.clauses.as_slice() {
                [clause] => {
                    if let (Some(d), [v]) = (die, clause.rolls.as_slice()) {
                        if *v != d {
                            refusals.add(
                                C::Die,
                                Rejection::new(R::DiceOne, format!("the die shows {d}, not {v}"))
                                    .help(format!(
                                        "write `move {}` to move by the die",
                                        clause.piece
                                    )),
                            );
                        }
                    } else if clause.rolls.len() > 1 {
                        refusals.add(
                            C::Die,
                            Rejection::new(R::DiceOne, "one die moves one piece once"),
                        );
                    }
                    match self.piece_index(clause.piece) {
                        Ok(g) => Some(Choice::Move(g as u8)),
                        Err(r) => {
                            refusals.add(C::Piece, r);
                            None
                        }
                    }
                }
                _ => {
                    refusals.add(
                        C::Piece,
                        Rejection::new(R::DiceOne, "one throw moves one piece")
                            .help("write `move G1`"),
                    );
                    None
                }
            },
            Action::NextTurn => Some(Choice::Pass),
            Action::Own(OwnAction {
                word: super::words::ENTER,
                ..
            }) => {
                refusals.add(
                    C::Piece,
                    Rejection::new(R::EnterSix, "one piece is brought in at a time")
                        .help("write `enter` or `enter G1`"),
                );
                None
            }
            Action::Own(other) => {
                refusals.add(
                    C::Piece,
                    Rejection::new(
                        R::EnterSix,
                        format!(
                            "maedn has no `{}`; a 6 brings a piece in with `enter`",
                            other.word.text()
                        ),
                    ),
                );
                None
            }
        }
    }

    /// The route position the choice reaches with die `d` (`enter.six`,
    /// `move.free`, `move.pass`), or `None` with its refusal (a pass has none).
    fn target_of(&self, choice: Choice, d: u8, refusals: &mut Refusals<C>) -> Option<i8> {
        let p = self.turn;
        match choice {
            Choice::Enter if d != self.rules.params.dice.six => {
                refusals.add(
                    C::Piece,
                    Rejection::new(
                        R::EnterSix,
                        format!(
                            "only a {} brings a piece in, not a {d}",
                            self.rules.params.dice.six
                        ),
                    ),
                );
                None
            }
            Choice::Enter if self.in_base(p) == 0 => {
                refusals.add(C::Piece, Rejection::new(R::EnterSix, "no piece is in base"));
                None
            }
            Choice::Enter if self.own_at(p, 0).is_some() => {
                refusals.add(
                    C::Piece,
                    Rejection::new(R::EnterSix, "an own piece stands on the start field"),
                );
                None
            }
            Choice::Enter => Some(0),
            Choice::Move(g) => refusals.add_result(
                C::Piece,
                self.target(p, g as usize, d).map_err(|why| {
                    Rejection::new(R::MoveFree, self.blocked_words(p, g as usize, why))
                }),
            ),
            Choice::Pass => {
                let legal = self.legal();
                if !legal.contains(Choice::Pass) {
                    refusals.add(
                        C::Piece,
                        Rejection::new(R::MovePass, "a pass only when no action is legal")
                            .help(format!("legal now: {}", self.legal_words())),
                    );
                }
                None
            }
        }
    }

    fn apply_in_place<S: Sink>(
        &mut self,
        by: Option<Player>,
        action: &Action,
        ev: &mut S,
    ) -> Result<(), Rejection> {
        // (1) the game being over (end.win), (2) whose turn it is (table.players).
        let over = self.winner.is_some();
        game_and_turn(&WORDS, over, (self.turn, by), (C::GameOver, C::Turn))?;
        if let Action::Roll(values) = action {
            return self.throw(values, ev);
        }
        let mut refusals = Refusals::new();
        // (3) dice.one: the die is thrown first.
        let die = self.die;
        if die.is_none() {
            refusals.add(
                C::Die,
                Rejection::new(R::DiceOne, format!("{} has not thrown the die", self.turn))
                    .help("throw first: `roll 6`"),
            );
        }
        let p = self.turn;
        let choice = self.choice_of(action, die, &mut refusals);
        let (Some(d), Some(choice)) = (die, choice) else {
            return refusals.finish();
        };
        // (4) the obligations: start.clear, then enter.six.
        match (self.obligation(p, d), choice) {
            (Some(Obligation::ClearStart(g)), c) if c != Choice::Move(g as u8) => refusals.add(
                C::Obligation,
                Rejection::new(
                    R::StartClear,
                    format!(
                        "G{} must leave the start field while pieces wait in base",
                        g + 1
                    ),
                )
                .help(format!("write `move G{}`", g + 1)),
            ),
            (Some(Obligation::Enter), c) if c != Choice::Enter => refusals.add(
                C::Obligation,
                Rejection::new(
                    R::EnterSix,
                    format!("a {d} with a piece in base must bring one in"),
                )
                .help("write `enter`"),
            ),
            _ => {}
        }
        // (5) the piece and its target.
        let target = self.target_of(choice, d, &mut refusals);
        refusals.finish()?;
        let Some(t) = target.or(match choice {
            Choice::Pass => Some(BASE),
            _ => None,
        }) else {
            unreachable!("{choice:?} passed every check but has no target")
        };
        let named = match action {
            Action::Own(OwnAction {
                word: super::words::ENTER,
                pieces,
                ..
            }) => pieces.first().and_then(|id| self.piece_index(*id).ok()),
            _ => None,
        };
        self.resolve(choice, named, t, d, ev);
        Ok(())
    }

    /// Carries out a checked choice with die `d` (`t` its target; a pass
    /// has none), then passes the turn or keeps it (`dice.six-again`).
    fn resolve<S: Sink>(&mut self, choice: Choice, named: Option<usize>, t: i8, d: u8, ev: &mut S) {
        let p = self.turn;
        match choice {
            Choice::Enter => {
                let g = named.unwrap_or_else(|| {
                    (0..self.rules.pieces())
                        .find(|&g| self.route[p.index()][g] == BASE)
                        .unwrap_or_else(|| unreachable!("a piece is in base (checked before)"))
                });
                let tile = self.field(p, 0);
                self.event(ev, R::EnterSix, || What::Entered {
                    piece: PieceId::Numbered(g as u8 + 1),
                    tile,
                });
                self.land(g, t, ev);
            }
            Choice::Move(g) => {
                let rule = match self.obligation(p, d) {
                    Some(Obligation::ClearStart(_)) => R::StartClear,
                    _ => R::MoveFree,
                };
                if S::ON {
                    let (from, to) = (self.route[p.index()][g as usize], t);
                    let (from, to) = (self.place_of(p, from), self.place_of(p, to));
                    self.event(ev, rule, || What::Reached {
                        piece: PieceId::Numbered(g + 1),
                        from,
                        to,
                        value: d,
                    });
                }
                // board.goal: past the field before its start, into the goal.
                let ring = self.rules.ring() as i8;
                if t >= ring && self.route[p.index()][g as usize] < ring {
                    self.event(ev, R::BoardGoal, || What::Note("turns into its goal"));
                }
                self.land(g as usize, t, ev);
            }
            Choice::Pass => self.event(ev, R::MovePass, || What::Note("no action is legal: pass")),
        }
        self.end_action(d, ev);
    }

    /// The speed path: throws `die` and plays `choice`, one of
    /// [`Maedn::legal`]'s after that throw, recording nothing and
    /// allocating nothing. Returns whether the game goes on.
    pub fn play_quiet(&mut self, die: u8, choose: impl FnOnce(&Legal) -> Choice) -> bool {
        debug_assert!(self.winner.is_none() && self.die.is_none());
        self.die = Some(die);
        let legal = self.legal();
        let choice = choose(&legal);
        let p = self.turn;
        let t = match choice {
            Choice::Enter => 0,
            Choice::Pass => BASE,
            Choice::Move(g) => self.route[p.index()][g as usize] + die as i8,
        };
        self.resolve(choice, None, t, die, &mut Quiet);
        self.winner.is_none()
    }

    /// G1-G4 as an index, or the rejection for any other piece.
    fn piece_index(&self, id: PieceId) -> Result<usize, Rejection> {
        match id {
            PieceId::Numbered(k) if (1..=self.rules.pieces() as u8).contains(&k) => {
                Ok(k as usize - 1)
            }
            other => Err(Rejection::new(
                R::TablePlayers,
                format!(
                    "maedn has pieces G1-G{}; there is no {other}",
                    self.rules.pieces()
                ),
            )),
        }
    }

    /// The legal actions as written: `enter`, `G1 G3`, `pass`.
    pub fn legal_words(&self) -> String {
        let words: Vec<String> = self
            .legal()
            .as_slice()
            .iter()
            .map(Choice::to_string)
            .collect();
        words.join(" ")
    }
}
