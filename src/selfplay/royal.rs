//! Royal self-play: a deal, some exits, a random move (a few tries; the
//! engine refuses overshoots and the like), a probe, the next turn.

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{greedy_pick, Driver, Policy, Record, Turn, Violation};
use crate::engine::{
    Action, Direction, Mode, MoveClause, MoveOrder, PieceId, Place, Player, Royal, RoyalRules,
};
use crate::rules::KingReturn;

/// Plays royal in one mode.
pub struct RoyalDriver {
    pub rules: Arc<RoyalRules>,
    pub mode: Mode,
    pub policy: Policy,
}

impl RoyalDriver {
    pub fn new(rules: Arc<RoyalRules>, mode: Mode) -> RoyalDriver {
        RoyalDriver {
            rules,
            mode,
            policy: Policy::Random,
        }
    }
    pub fn with_policy(self, policy: Policy) -> RoyalDriver {
        RoyalDriver { policy, ..self }
    }
}

impl Driver for RoyalDriver {
    type Game = Royal;

    fn new_game(&self, players: &[Player]) -> Result<Royal, String> {
        Royal::new_game(self.rules.clone(), self.mode, players).map_err(|e| e.message)
    }

    fn play_turn(&self, turn: &mut Turn<'_, Royal>, rng: &mut ChaCha8Rng) -> Result<(), Violation> {
        // The deal.
        let pos = turn.pos();
        let n = pos.mode_params().dice_for(pos.seat(pos.turn()).store.len());
        let dice: Vec<u8> = (0..n).map(|_| rng.gen_range(1..=6)).collect();
        turn.must_play(Action::Roll(dice), "deal")?;
        // Exits: half the time, the lowest guard in the Yard when a credit allows.
        let seat = turn.pos().seat(turn.pos().turn());
        let yard = (1..=4u8).find(|&g| seat.guards[g as usize - 1].place == Place::Out);
        if let Some(g) = yard.filter(|_| seat.credits > 0) {
            if rng.gen_bool(0.5) {
                turn.must_play(Action::Exit(vec![PieceId::Numbered(g)]), "exit")?;
            }
        }
        // move.king-yard with `order.king_return: exit`: half the time, the King's exit.
        let seat = turn.pos().seat(turn.pos().turn());
        if self.rules.params.order.king_return == KingReturn::Exit
            && seat.king.place == Place::Out
            && seat.credits > 0
            && rng.gen_bool(0.5)
        {
            turn.must_play(Action::Exit(vec![PieceId::King]), "king exit")?;
        }
        // Greedy: the best of a few random moves the rules allow.
        if self.policy == Policy::Greedy {
            let candidates: Vec<Action> = (0..8)
                .filter_map(|_| random_move(turn.pos(), rng))
                .collect();
            if let Some(i) = greedy_pick(turn.pos(), &candidates) {
                turn.must_play(candidates[i].clone(), "greedy move")?;
                if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
                    turn.probe(bad)?;
                }
                return turn.must_play(Action::NextTurn, "next turn");
            }
        }
        // The move: a few random tries; the engine refuses overshoots and the like.
        for _ in 0..6 {
            let Some(mv) = random_move(turn.pos(), rng) else {
                break;
            };
            if turn.play(mv)? {
                break;
            }
        }
        // A random illegal action must be refused and change nothing.
        if let Some(bad) = self.illegal_probe(turn.pos(), rng) {
            turn.probe(bad)?;
        }
        turn.must_play(Action::NextTurn, "next turn")
    }

    fn illegal_probe(&self, pos: &Royal, rng: &mut ChaCha8Rng) -> Option<Action> {
        probe(pos, rng)
    }

    fn replay_header(&self, record: &Record) -> String {
        let mut out = String::new();
        writeln!(out, "rules royal {}", self.mode.name()).ok();
        let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
        writeln!(out, "players {}", names.join(" ")).ok();
        for p in &record.players {
            writeln!(
                out,
                "{p} first turn, {p} store empty, {p} king on {}",
                self.rules.board.entry(*p)
            )
            .ok();
        }
        out
    }
}

/// An action the rules must refuse in this position, if one is easy to name.
fn probe(pos: &Royal, rng: &mut ChaCha8Rng) -> Option<Action> {
    let p = pos.turn();
    let seat = pos.seat(p);
    let yard: Vec<u8> = (1..=4)
        .filter(|&n| seat.guards[n as usize - 1].place == Place::Out)
        .collect();
    let on_board: Vec<u8> = (1..=4)
        .filter(|&n| seat.guards[n as usize - 1].place.is_ring())
        .collect();
    let choices = [0, 1, 2, 3, 4, 5];
    match *choices.choose(rng)? {
        0 if pos.phase().dealt => Some(Action::Roll(vec![1])),
        1 => yard.first().map(|&g| {
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g),
                    rolls: vec![1],
                    direction: Direction::Forward,
                }],
            })
        }),
        2 => on_board.first().map(|&g| {
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g),
                    rolls: vec![7],
                    direction: Direction::Forward,
                }],
            })
        }),
        3 => Some(Action::Move(MoveOrder {
            clauses: vec![MoveClause {
                piece: PieceId::King,
                rolls: vec![9],
                direction: Direction::Forward,
            }],
        })),
        4 => on_board
            .first()
            .map(|&g| Action::Exit(vec![PieceId::Numbered(g)])),
        _ if pos.phase().moved && !yard.is_empty() => {
            Some(Action::Exit(vec![PieceId::Numbered(yard[0])]))
        }
        _ => None,
    }
}

/// Chooses a random move for the player to move (the engine may refuse it).
fn random_move(pos: &Royal, rng: &mut ChaCha8Rng) -> Option<Action> {
    let p = pos.turn();
    let seat = pos.seat(p);
    let board = pos.board();
    let dir = if rng.gen_bool(0.9) {
        Direction::Forward
    } else {
        Direction::Backward
    };
    let mut store = seat.store.rolls();
    store.shuffle(rng);
    let mut clauses = Vec::new();
    for n in 1..=4u8 {
        let g = seat.guards[n as usize - 1];
        if !g.place.in_play() || store.is_empty() || !rng.gen_bool(0.7) {
            continue;
        }
        // Close to Home: look for the exact roll.
        let to_home = match g.place {
            Place::HomePath(k) => Some(board.home_path - k + 1),
            _ => None,
        };
        let rolls = match to_home.and_then(|need| store.iter().position(|&r| r == need)) {
            Some(i) => vec![store.remove(i)],
            None => {
                let k = rng.gen_range(1..=2.min(store.len()));
                store.drain(..k).collect()
            }
        };
        clauses.push(MoveClause {
            piece: PieceId::Numbered(n),
            rolls,
            direction: dir,
        });
    }
    if seat.king.place.in_play() && rng.gen_bool(0.5) {
        let v = match seat.king.place {
            Place::HomePath(k) => board.home_path - k + 1,
            _ => rng.gen_range(1..=pos.rules().params.king.max_value),
        };
        let clause = MoveClause {
            piece: PieceId::King,
            rolls: vec![v],
            direction: dir,
        };
        if rng.gen_bool(0.5) {
            clauses.insert(0, clause);
        } else {
            clauses.push(clause);
        }
    }
    (!clauses.is_empty()).then_some(Action::Move(MoveOrder { clauses }))
}
