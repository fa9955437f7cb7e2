//! The turn: applying an action (whose turn, the game being over), the
//! event log, and the end of a turn.

use super::rule::RoyalRule as R;
use super::words::WORDS;
use super::RoyalCheck as C;
use super::*;
use crate::params::KingReturn;
use goti_engine::action::{Action, OwnAction};
use goti_engine::event::{Event, Quiet, Rejection, Sink, Unexplained, What};
use goti_engine::piece::{Piece, Place, Player};
use goti_engine::precedence::game_and_turn;

impl Royal {
    /// Applies an action of the player whose turn it is to a copy of this
    /// position. On success returns the new position and appends the rules
    /// applied to `events`; on rejection `events` is left as it was and `self`
    /// is untouched.
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Royal, Rejection> {
        self.apply_observed(None, action, events, &mut |_| {})
    }

    /// Like [`Royal::apply`] for an action that `by` names as its own (`P2:
    /// ACTION`; `None`: the player to move), calling `observe` with the board
    /// after each group (and the King) has moved (`move.sequential`), for
    /// invariant checks.
    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<Royal, Rejection> {
        transact(self, events, |next, ev| {
            next.apply_in_place(by, action, ev, observe)
        })
    }

    pub(super) fn apply_in_place<S: Sink>(
        &mut self,
        by: Option<Player>,
        action: &Action,
        ev: &mut S,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<(), Rejection> {
        // (1) the game being over (end.finish), (2) whose turn it is (table.players).
        let over = self.standings.is_some();
        game_and_turn(&WORDS, over, (self.turn, by), (C::GameOver, C::Turn))?;
        match action {
            Action::Roll(dice) => self.roll(dice, ev),
            Action::Own(OwnAction {
                word: super::words::EXIT,
                pieces,
                ..
            }) => self.exit(pieces, ev),
            Action::Move(order) => self.play_move(order, ev, observe),
            Action::Own(other) => Err(Rejection::new(
                R::ExitCost,
                format!(
                    "royal has no `{}`; guards leave the Yard with `exit`",
                    other.word.text()
                ),
            )),
            Action::NextTurn => {
                self.next_turn(ev);
                Ok(())
            }
        }
    }

    /// Records that `rule` applied (`what` is built only when recorded).
    pub(crate) fn event<S: Sink>(&self, ev: &mut S, rule: R, what: impl FnOnce() -> What) {
        goti_engine::event::record(ev, rule.id(), self.turn, what);
    }

    /// Applies an action of the player to move in place (no copy of the
    /// position): every action is judged whole before anything changes, so
    /// a refused one leaves `self` and `events` as they were.
    pub fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool {
        self.play_with(action, &mut Unexplained(events))
    }

    /// The fast path: applies an action of the player to move in place,
    /// recording nothing and building no rejection. The same rules decide
    /// as in [`Royal::apply`]: every action is judged whole before
    /// anything changes, so a refused one leaves `self` as it was.
    pub fn play_quiet(&mut self, action: &Action) -> bool {
        self.play_with(action, &mut Quiet)
    }

    /// Applies an action of the player to move in place, its events handed
    /// to `sink` as they happen (balance counts them there, keeping none);
    /// a refused action leaves `self` as it was and gives `sink` nothing.
    pub fn play_with<S: Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        let mark = sink.recorded();
        let applied = self.apply_in_place(None, action, sink, &mut |_| {}).is_ok();
        assert!(
            applied || sink.recorded() == mark,
            "royal: a refused action recorded events"
        );
        applied
    }

    /// Ends the turn: `end.finish`, then the next present seat (`table.players`),
    /// its King back from the Yard (`move.king-yard`).
    pub(super) fn next_turn<S: Sink>(&mut self, ev: &mut S) {
        let p = self.turn;
        self.seat_mut(p).first_turn = false;
        if self.players().any(|q| self.seat(q).guards_home() == 4) {
            let standings = self.standings_now();
            self.event(ev, R::PointsScore, || {
                What::Note("standings rank by score = progress points + battle points")
            });
            self.event(ev, R::EndFinish, || What::GameOver {
                standings: standings.clone(),
            });
            self.standings = Some(standings);
            return;
        }
        let next = self.present.next_after(p);
        self.event(ev, R::TablePlayers, || What::TurnEnds { next });
        self.turn = next;
        self.phase = Phase::default();
        let entry = self.board().entry(next);
        // move.king-yard [house, `order.king_return`]: free at the turn's start, or by an exit.
        if self.seat(next).king.place == Place::Out
            && self.rules.params.order.king_return == KingReturn::Free
        {
            self.seat_mut(next).king = Piece {
                place: Place::Ring(entry),
                midpoint: false,
                steps: 0,
            };
            self.event(ev, R::MoveKingYard, || What::Numbered {
                text: "King returns from the Yard to {}",
                number: entry.into(),
            });
        }
    }
}
