//! Applying an action: the game being over, whose turn it is, the die, a
//! forfeit throw and the obligations, then the piece and its target, in
//! RACE.md's order of refusals.

use super::legal::Bound;
use super::words::{ENTER, WORDS};
use super::RaceCheck as C;
use super::*;
use goti_engine::action::{Action, OwnAction};
use goti_engine::event::{Event, Rejection, What};
use goti_engine::precedence::{game_and_turn, Refusals};
use goti_engine::table::transact;

impl Race {
    /// Applies an action of `by` (`None`: the player to move) to a copy; a
    /// rejection leaves `self` and `events` untouched. A race action
    /// settles as a whole, so `observe` sees the new position once.
    #[inline]
    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Race),
    ) -> Result<Race, Rejection> {
        let next = transact(self, events, |next, ev| next.apply_in_place(by, action, ev)).map_err(
            |mut r| {
                // Cited under the description's own names (`names`).
                r.rule = self.rules.cited(r.rule);
                r
            },
        )?;
        observe(&next);
        Ok(next)
    }

    /// [`Self::play_in_place`] with its events handed to `sink`.
    pub fn play_with<S: crate::Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        if S::ON {
            let mut events = Vec::new();
            let applied = self.play_in_place(action, &mut events);
            for e in events {
                sink.put(e);
            }
            return applied;
        }
        // Nothing recorded: applied in place through the same checks.
        // `apply_in_place` refuses before its first change (every check
        // reads `&self`; `throw` checks, then sets the die), so a refusal
        // leaves `self` as it was.
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
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Race, Rejection> {
        self.apply_observed(None, action, events, &mut |_| {})
    }

    /// The choice an action names (`enter`, `move G1`, `pass`), or `None`
    /// with its refusal: the piece must be one of the table's, a move one
    /// piece by the die thrown (`dice.throw`).
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
                word,
                pieces,
                numbers,
            }) if *word == ENTER && pieces.is_empty() => {
                Some(Choice::Enter(self.enter_value(numbers, die, refusals)?))
            }
            Action::Own(OwnAction {
                word,
                pieces,
                numbers,
            }) if *word == ENTER && pieces.len() == 1 => {
                let v = self.enter_value(numbers, die, refusals);
                match self.piece_index(pieces[0]) {
                    Ok(g) if self.route[p.index()][g] == BASE => Some(Choice::Enter(v?)),
                    Ok(g) => {
                        refusals.add(
                            C::Piece,
                            Rejection::new(
                                R::EnterValue,
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
                }
            }
            Action::Own(OwnAction { word, .. }) if *word == ENTER => {
                refusals.add(
                    C::Piece,
                    Rejection::new(R::EnterValue, "one piece is brought in at a time")
                        .help("write `enter` or `enter G1`"),
                );
                None
            }
            Action::Own(other) => {
                refusals.add(
                    C::Piece,
                    Rejection::new(
                        R::EnterValue,
                        format!(
                            "race has no `{}`; pieces come in with `enter`",
                            other.word.text()
                        ),
                    ),
                );
                None
            }
            Action::Move(order) => {
                let each = self.rules.params.dice.each();
                let [clause] = order.clauses.as_slice() else {
                    let (rule, what, example) = if each {
                        (R::DiceEach, "one die moves one piece", "move G1 3")
                    } else {
                        (R::DiceThrow, "one throw moves one piece", "move G1")
                    };
                    refusals.add(
                        C::Piece,
                        Rejection::new(rule, what).help(format!("write `{example}`")),
                    );
                    return None;
                };
                // dice.each: the die the move plays; else the throw's one value.
                let v = if each {
                    self.die_named(clause.rolls.as_slice(), clause.piece, refusals)
                        .unwrap_or(0)
                } else {
                    self.check_value(die, clause, refusals);
                    0
                };
                match self.piece_index(clause.piece) {
                    Ok(g) => Some(Choice::Move(g as u8, v)),
                    Err(r) => {
                        refusals.add(C::Piece, r);
                        None
                    }
                }
            }
            Action::NextTurn => Some(Choice::Pass),
        }
    }

    /// The route position the choice reaches with die `d` (`enter.value`,
    /// `move.free`, `move.pass`), or `None` with its refusal (a pass has none).
    fn target_of(&self, choice: Choice, d: u8, refusals: &mut Refusals<C>) -> Option<i8> {
        let p = self.turn;
        match choice {
            Choice::Enter(_) if !self.rules.params.enter.values.contains(&d) => {
                let values: Vec<String> = self
                    .rules
                    .params
                    .enter
                    .values
                    .iter()
                    .map(u8::to_string)
                    .collect();
                refusals.add(
                    C::Piece,
                    Rejection::new(
                        R::EnterValue,
                        format!(
                            "only {} brings a piece in (`enter.values`), not a {d}",
                            values.join(" or ")
                        ),
                    ),
                );
                None
            }
            Choice::Enter(_) if self.in_base(p) == 0 => {
                refusals.add(
                    C::Piece,
                    Rejection::new(R::EnterValue, "no piece is in base"),
                );
                None
            }
            Choice::Enter(_) if !self.rules.own_share() && self.own_at(p, 0).is_some() => {
                refusals.add(
                    C::Piece,
                    Rejection::new(R::EnterValue, "an own piece stands on the start field"),
                );
                None
            }
            Choice::Enter(_) if self.blockade_on(p, self.field(p, 0)).is_some() => {
                let f = self.field(p, 0);
                let q = self
                    .blockade_on(p, f)
                    .map_or(String::new(), |q| q.to_string());
                refusals.add(
                    C::Piece,
                    Rejection::new(
                        R::BlockadeStop,
                        format!("{q}'s blockade stands on the start field {f}"),
                    ),
                );
                None
            }
            Choice::Enter(_) => Some(0),
            Choice::Move(g, _) => refusals.add_result(
                C::Piece,
                self.target(p, g as usize, d).map_err(|why| {
                    let rule = match why {
                        super::legal::Blocked::Blockade(..) => R::BlockadeStop,
                        super::legal::Blocked::Occupied(..) => R::MoveJump,
                        _ => R::MoveFree,
                    };
                    Rejection::new(rule, self.blocked_words(p, g as usize, why))
                }),
            ),
            Choice::Pass => {
                if !self.legal().contains(Choice::Pass) {
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

    /// (4): a forfeit throw, then the obligations, refuse every other choice.
    fn check_bound(&self, choice: Choice, d: u8, refusals: &mut Refusals<C>) {
        let p = self.turn;
        let refusal = match (self.bound(p, d, self.streak), choice) {
            (Some(Bound::Forfeit), c) if c != Choice::Pass => Rejection::new(
                R::ThrowLimit,
                format!(
                    "the {} throw in a row of a value that throws again is forfeit",
                    ordinal(self.streak)
                ),
            )
            .help("write `pass`"),
            (Some(Bound::ClearStart(g)), Choice::Move(h, _)) if h == g as u8 => return,
            (Some(Bound::ClearStart(g)), _) => Rejection::new(
                R::StartClear,
                format!(
                    "G{} must leave the start field while pieces wait in base",
                    g + 1
                ),
            )
            .help(format!("write `move G{}`", g + 1)),
            (Some(Bound::Enter), c) if !matches!(c, Choice::Enter(_)) => Rejection::new(
                R::EnterValue,
                format!("a {d} with a piece in base must bring one in"),
            )
            .help("write `enter`"),
            (Some(Bound::Capture), c) if !self.choice_captures(p, c, d) => Rejection::new(
                R::CaptureMust,
                format!("with a {d} a capture is there: it must be taken"),
            )
            .help(format!("legal now: {}", self.legal_words())),
            _ => return,
        };
        refusals.add(C::Obligation, refusal);
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
        // (3) dice.throw: the die is thrown first.
        let die = self.left.first();
        if die.is_none() {
            refusals.add(
                C::Die,
                Rejection::new(
                    R::DiceThrow,
                    format!("{} has not thrown the die", self.turn),
                )
                .help("throw first: `roll 6`"),
            );
        }
        let choice = self.choice_of(action, die, &mut refusals);
        let (Some(d), Some(choice)) = (die, choice) else {
            return refusals.finish();
        };
        // dice.each: the die this choice plays.
        let d = match choice {
            Choice::Move(_, v) if v > 0 => v,
            Choice::Enter(v) if v > 0 => v,
            Choice::Move(..) if self.rules.params.dice.each() => return refusals.finish(),
            _ => d,
        };
        // (4) throw.limit, then the obligations in the description's order.
        self.check_bound(choice, d, &mut refusals);
        // (5) the piece and its target.
        let target = self.target_of(choice, d, &mut refusals);
        refusals.finish()?;
        let t = match (choice, target) {
            (Choice::Pass, _) => BASE,
            (_, Some(t)) => t,
            (c, None) => unreachable!("{c:?} passed every check but has no target"),
        };
        let named = match action {
            Action::Own(OwnAction { pieces, .. }) => {
                pieces.first().and_then(|id| self.piece_index(*id).ok())
            }
            _ => None,
        };
        self.resolve(choice, named, t, d, ev);
        Ok(())
    }

    /// Carries out a checked choice with die `d` (`t` its target; a pass
    /// has none), then passes the turn or keeps it (`throw.again`).
    fn resolve<S: Sink>(&mut self, choice: Choice, named: Option<usize>, t: i8, d: u8, ev: &mut S) {
        let p = self.turn;
        let (mut captured, mut homed) = (false, false);
        // capture.to: where each piece stood before, to tell the captured
        // (kept only where captured pieces go to their start).
        let restart = self.rules.params.capture.to == params::CaptureTo::Start;
        let before = restart.then_some(self.route);
        match choice {
            Choice::Enter(_) => {
                let g = named.unwrap_or_else(|| {
                    (0..self.rules.pieces())
                        .find(|&g| self.route[p.index()][g] == BASE)
                        .unwrap_or_else(|| unreachable!("a piece is in base (checked before)"))
                });
                let tile = self.field(p, 0);
                self.event(ev, R::EnterValue, || What::Entered {
                    piece: PieceId::Numbered(g as u8 + 1),
                    tile,
                });
                captured = self.land(g, t, ev);
            }
            Choice::Move(g, _) => {
                let rule = match self.bound(p, d, self.streak) {
                    Some(Bound::ClearStart(_)) => R::StartClear,
                    Some(Bound::Capture) => R::CaptureMust,
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
                // board.home: past the field before its start, into the home.
                let ring = self.lap(p);
                let from = self.route[p.index()][g as usize];
                // board.exact: without it, a value past the last home field
                // ended the move there.
                if from + d as i8 > t {
                    self.event(ev, R::BoardExact, || {
                        What::Note("a value past the last home field ends on it")
                    });
                }
                if t >= ring && from < ring {
                    // board.entry: after its own entry field.
                    let rule = match self.rules.params.board.entries.is_empty() {
                        true => R::BoardHome,
                        false => R::BoardEntry,
                    };
                    self.event(ev, rule, || What::Note("turns into its home"));
                    homed = true;
                }
                captured = self.capture_passed(from, t, ev);
                captured |= self.land(g as usize, t, ev);
            }
            Choice::Pass if self.forfeit() => {
                self.event(ev, R::ThrowLimit, || What::Note("the forfeit throw: pass"))
            }
            Choice::Pass => self.event(ev, R::MovePass, || What::Note("no action is legal: pass")),
        }
        if let Some(before) = before.filter(|_| captured) {
            self.restart_captured(&before, ev);
        }
        // dice.each: a die played, the others still to play (a pass
        // spends them all; a player who has finished plays no more,
        // end.places).
        if self.rules.params.dice.each() && choice != Choice::Pass {
            self.left.spend(d);
            if self.left.len() > 0 && self.winner.is_none() && !self.has_finished(p) {
                self.got = (self.got.0 || captured, self.got.1 || homed);
                self.event(ev, R::DiceEach, || {
                    What::Note("a die played; the dice left are still to play")
                });
                return;
            }
        }
        self.end_action(d, choice == Choice::Pass, (captured, homed), ev);
    }

    /// `dice.throw`: a value a move names (`move G1 3`) is the one thrown,
    /// and a move names one at most.
    fn check_value(&self, die: Option<u8>, clause: &MoveClause, refusals: &mut Refusals<C>) {
        if let (Some(d), [v]) = (die, clause.rolls.as_slice()) {
            if *v != d {
                let what = if self.rules.params.dice.count == 1 {
                    format!("the die shows {d}, not {v}")
                } else {
                    format!("the dice read {d}, not {v}")
                };
                refusals.add(
                    C::Die,
                    Rejection::new(R::DiceThrow, what)
                        .help(format!("write `move {}` to move by the die", clause.piece)),
                );
            }
        } else if clause.rolls.len() > 1 {
            refusals.add(
                C::Die,
                Rejection::new(R::DiceThrow, "one die moves one piece once"),
            );
        }
    }

    /// `dice.each`: the die a move names (`move G1 3`), or the one value
    /// every die left shows when it names none; `None` with its refusal
    /// (none thrown yet: refused as such elsewhere).
    fn die_named(&self, rolls: &[u8], piece: PieceId, refusals: &mut Refusals<C>) -> Option<u8> {
        let left = &self.left;
        left.first()?;
        let why = match rolls {
            [v] if left.contains(*v) => return Some(*v),
            [] => match left.only() {
                Some(v) => return Some(v),
                None => format!("the dice {left} are left: name the die the move plays"),
            },
            [v] => format!("no die left shows {v}: the dice left are {left}"),
            _ => "one die moves one piece once".to_string(),
        };
        // The help names a die the piece can play, where one can.
        let playable = |v: &u8| {
            self.piece_index(piece)
                .is_ok_and(|g| self.target(self.turn, g, *v).is_ok())
        };
        let v = left.values().find(playable).or(left.first()).unwrap_or(1);
        let example = format!("move {piece} {v}");
        refusals.add(
            C::Die,
            Rejection::new(R::DiceEach, why).help(format!("write `{example}`")),
        );
        None
    }

    /// The die an `enter` plays: 0 (the throw's one value; `enter 6`
    /// must name it) or, with `dice.each`, the die it names, else the one
    /// value the dice left that bring a piece in show (the highest die
    /// left when none does: refused by `enter.value` then); `None` with
    /// its refusal (none thrown yet: refused as such elsewhere).
    fn enter_value(
        &self,
        numbers: &[u8],
        die: Option<u8>,
        refusals: &mut Refusals<C>,
    ) -> Option<u8> {
        let d = die?;
        let left = &self.left;
        let each = self.rules.params.dice.each();
        let why = match numbers {
            [] if !each => return Some(0),
            [v] if !each && *v == d => return Some(0),
            [v] if each && left.contains(*v) => return Some(*v),
            [] => {
                let values = &self.rules.params.enter.values;
                let mut entering = left.values().filter(|v| values.contains(v));
                match (entering.next(), entering.next()) {
                    (Some(v), None) => return Some(v),
                    (None, _) => return Some(d),
                    (Some(a), Some(b)) => format!(
                        "the dice {left} bring a piece in with {a} or {b}: name the die `enter` plays"
                    ),
                }
            }
            [v] if each => format!("no die left shows {v}: the dice left are {left}"),
            [v] => format!("{d} is thrown, not {v}"),
            _ => "`enter` plays one die".to_string(),
        };
        let (rule, help) = if each {
            let v = left
                .values()
                .find(|v| self.rules.params.enter.values.contains(v))
                .unwrap_or(d);
            (R::DiceEach, format!("write `enter {v}`"))
        } else {
            (R::DiceThrow, "write `enter`".to_string())
        };
        refusals.add(C::Die, Rejection::new(rule, why).help(help));
        None
    }

    /// G1-Gn as an index, or the rejection for any other piece.
    fn piece_index(&self, id: PieceId) -> Result<usize, Rejection> {
        match id {
            PieceId::Numbered(k) if self.has_piece(id) => Ok(k as usize - 1),
            other => Err(Rejection::new(
                R::TablePlayers,
                format!(
                    "race has pieces G1-G{}; there is no {other}",
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

/// 1st, 2nd, 3rd, 4th, ...
fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
