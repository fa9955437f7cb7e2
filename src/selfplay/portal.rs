//! Portal self-play: a roll, then a random legal action for every value due
//! (with a probe of an illegal one each time), extra rolls as earned.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{greedy_pick, Driver, Policy, Record, Turn, Violation};
use crate::engine::{
    Action, Direction, MoveClause, MoveOrder, PieceId, Player, Portal, PortalRules,
};

/// Plays portal (unranked).
pub struct PortalDriver {
    pub rules: Arc<PortalRules>,
    pub policy: Policy,
}

impl PortalDriver {
    pub fn new(rules: Arc<PortalRules>) -> PortalDriver {
        PortalDriver {
            rules,
            policy: Policy::Random,
        }
    }
    pub fn with_policy(self, policy: Policy) -> PortalDriver {
        PortalDriver { policy, ..self }
    }
}

fn two_dice(rng: &mut ChaCha8Rng) -> Action {
    Action::Roll(vec![rng.gen_range(1..=6), rng.gen_range(1..=6)])
}

impl Driver for PortalDriver {
    type Game = Portal;

    fn new_game(&self, players: &[Player]) -> Result<Portal, String> {
        Portal::new_game(self.rules.clone(), players, false).map_err(|e| e.message)
    }

    fn play_turn(
        &self,
        turn: &mut Turn<'_, Portal>,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation> {
        let mut next = Some((two_dice(rng), "roll"));
        while let Some((action, what)) = next.take() {
            turn.must_play(action, what)?;
            if turn.pos().roll().due().is_some() {
                if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
                    turn.probe(bad)?;
                }
                let mut legal = turn.pos().legal_actions();
                let pick = match self.policy {
                    Policy::Random => legal.choose(rng).cloned(),
                    Policy::Greedy => {
                        legal.shuffle(rng);
                        greedy_pick(turn.pos(), &legal).map(|i| legal[i].clone())
                    }
                };
                match pick {
                    Some(a) => next = Some((a, "action")),
                    None => return Err(turn.fail("a value is due but no piece can play it")),
                }
            } else if turn.pos().must_roll_again() {
                next = Some((two_dice(rng), "extra roll"));
            }
        }
        Ok(())
    }

    fn illegal_probe(&self, pos: &Portal, rng: &mut ChaCha8Rng) -> Option<Action> {
        let due = pos.roll().due()?;
        Some(match rng.gen_range(0..3) {
            0 => Action::Roll(vec![1, 2]),
            1 => Action::NextTurn,
            _ => {
                let wrong = if due == 6 { 1 } else { due + 1 };
                Action::Move(MoveOrder {
                    clauses: vec![MoveClause {
                        piece: PieceId::Numbered(1),
                        rolls: vec![wrong],
                        direction: Direction::Forward,
                    }],
                })
            }
        })
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules portal").ok();
        let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
        writeln!(out, "players {}", names.join(" ")).ok();
        out
    }
}
