//! Applying an action: the game being over, whose turn it is, then the
//! roll, entry or move in PORTAL.md's order of refusals.

use super::words::WORDS;
use super::PortalCheck as C;
use super::*;
use goti_engine::action::Action;
use goti_engine::event::{Event, Quiet, Rejection, Sink, Unexplained, What};
use goti_engine::piece::Player;
use goti_engine::precedence::{game_and_turn, Refusals};

impl Portal {
    /// Applies an action of the player to move in place (no copy of the
    /// position): every action is judged whole before anything changes, so
    /// a refused one leaves `self` and `events` as they were.
    pub fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool {
        self.play_with(action, &mut Unexplained(events))
    }

    /// The fast path: applies an action of the player to move in place,
    /// recording nothing and building no rejection. The same rules decide
    /// as in [`Portal::apply`]: every action is judged whole before
    /// anything changes, so a refused one leaves `self` as it was.
    pub fn play_quiet(&mut self, action: &Action) -> bool {
        self.play_with(action, &mut Quiet)
    }

    /// Applies an action of the player to move in place, its events handed
    /// to `sink` as they happen (balance counts them there, keeping none);
    /// a refused action leaves `self` as it was and gives `sink` nothing.
    pub fn play_with<S: Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        let mark = sink.recorded();
        let applied = self.apply_in_place(None, action, sink).is_ok();
        assert!(
            applied || sink.recorded() == mark,
            "portal: a refused action recorded events"
        );
        applied
    }

    /// Applies an action of the player to move to a copy; a rejection leaves
    /// `self` and `events` untouched.
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Portal, Rejection> {
        self.apply_by(None, action, events)
    }

    /// Like [`Portal::apply`] for an action that `by` names as its own
    /// (`P2: ACTION`; `None`: the player to move).
    pub fn apply_by(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<Portal, Rejection> {
        transact(self, events, |next, ev| next.apply_in_place(by, action, ev))
    }

    /// Like [`Portal::apply_by`]; a portal action settles as a whole, so
    /// `observe` sees the new position once.
    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Portal),
    ) -> Result<Portal, Rejection> {
        let next = self.apply_by(by, action, events)?;
        observe(&next);
        Ok(next)
    }

    pub(super) fn apply_in_place<S: Sink>(
        &mut self,
        by: Option<Player>,
        action: &Action,
        ev: &mut S,
    ) -> Result<(), Rejection> {
        // (1) the game being over (end.win), (2) whose turn it is (table.players).
        let over = self.standings.is_some();
        game_and_turn(&WORDS, over, (self.turn, by), (C::GameOver, C::Turn))?;
        // The earliest refusal in PORTAL.md's order wins.
        let mut refusals = Refusals::quiet_if(!S::REASONS);
        // (3) dice.two: a move or an entry needs a value due.
        let due = self.roll.due();
        let entry = enter::entering(action);
        if due.is_none() && (matches!(action, Action::Move(_)) || entry.is_some()) {
            refusals.refuse(C::Due, || {
                Rejection::new(R::DiceTwo, "no value to play: roll the dice first")
                    .help("roll the dice first (`roll 6 3`)")
            });
        }
        match action {
            Action::Roll(dice) => self.throw(dice, refusals, ev),
            Action::Move(order) => self.play_value(order, due, refusals, ev),
            Action::NextTurn => {
                let why = if self.roll.left > 0 {
                    format!("values still to play: {}", self.roll.pending_text())
                } else {
                    "the turn passes by itself when a roll is done".into()
                };
                Err(Rejection::new(R::DiceMustPlay, why)
                    .help("in portal, `roll` and the moves drive the turn"))
            }
            Action::Own(own) => match entry {
                Some(piece) => self.enter(piece, due, refusals, ev),
                None if own.word == super::words::ENTER => Err(Rejection::new(
                    R::EnterSix,
                    "name the piece that enters: `enter G1`",
                )),
                None => Err(Rejection::new(
                    R::EnterSix,
                    format!(
                        "portal has no `{}`; pieces leave base with `enter` on a 6",
                        own.word.text()
                    ),
                )),
            },
        }
    }

    /// Records that `rule` applied (`what` is built only when recorded).
    pub(super) fn event<S: Sink>(&self, ev: &mut S, rule: R, what: impl FnOnce() -> What) {
        goti_engine::event::record(ev, rule.id(), self.turn, what);
    }
}
