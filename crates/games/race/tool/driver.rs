//! Race self-play: a throw, a probe of an illegal action, then a legal
//! action by the policy (one for each die, with `dice.each`); a value that
//! throws again (or a capture, as the description says) throws again
//! within the same turn.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::engine::race::Choice;
use crate::engine::{Action, Player, Race, RaceRules};
use crate::selfplay::{choose, Driver, Policy, Record, Turn, Violation};

/// Plays a race game (two players opposite, as the description says).
pub struct RaceDriver {
    pub rules: Arc<RaceRules>,
    pub policy: Policy,
}

impl RaceDriver {
    pub fn new(rules: Arc<RaceRules>) -> RaceDriver {
        RaceDriver {
            rules,
            policy: Policy::Random,
        }
    }
    pub fn with_policy(self, policy: Policy) -> RaceDriver {
        RaceDriver { policy, ..self }
    }
}

impl Driver for RaceDriver {
    type Game = Race;

    fn new_game(&self, players: &[Player]) -> Result<Race, crate::engine::SetupError> {
        Race::new_game(self.rules.clone(), players, None)
    }

    fn play_turn(&self, turn: &mut Turn<'_, Race>, rng: &mut ChaCha8Rng) -> Result<(), Violation> {
        let dice = &self.rules.params.dice;
        let player = turn.pos().turn();
        loop {
            // A new throw, unless dice of the last are still to play
            // (dice.each: one action per die).
            if turn.pos().die().is_none() {
                let throw = (0..dice.count)
                    .map(|_| rng.gen_range(1..=dice.faces))
                    .collect();
                turn.must_play(Action::Roll(throw), "throw")?;
            }
            if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
                turn.probe(bad)?;
            }
            let legal = turn.pos().legal();
            let choice = choose(
                self.policy,
                turn.pos(),
                legal.as_slice(),
                Choice::action,
                rng,
            );
            let Some(choice) = choice else {
                return Err(turn.fail("a die is thrown but no action is legal, not even a pass"));
            };
            turn.must_play(choice.action(), "action")?;
            // throw.again keeps the turn; anything else ends it.
            if turn.pos().turn() != player || turn.pos().winner().is_some() {
                return Ok(());
            }
        }
    }

    fn illegal_probe(&self, pos: &Race, rng: &mut ChaCha8Rng) -> Option<Action> {
        pos.die()?;
        let legal = pos.legal();
        let mut bad: Vec<Action> =
            vec![Action::Roll(vec![1; self.rules.params.dice.count as usize])];
        if !legal.contains(Choice::Pass) {
            bad.push(Action::NextTurn);
        }
        let each = self.rules.params.dice.each();
        for v in pos.dice_left().iter().map(|&v| if each { v } else { 0 }) {
            if !legal.contains(Choice::Enter(v)) {
                bad.push(Choice::Enter(v).action());
            }
        }
        for g in 0..self.rules.pieces() as u8 {
            for v in pos.dice_left().iter().map(|&v| if each { v } else { 0 }) {
                if !legal.contains(Choice::Move(g, v)) {
                    bad.push(Choice::Move(g, v).action());
                }
            }
        }
        bad.choose(rng).cloned()
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules race").ok();
        writeln!(out, "players {}", record.players.len()).ok();
        out
    }
}
