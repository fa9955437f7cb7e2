//! Random self-play: complete games with seeded dice and random legal
//! choices, checking invariants after every group's move. A violation is
//! shrunk (whole turns removed while it still reproduces) and written as a
//! scenario that replays it. Pure: no I/O; the CLI writes files.
//! Royal is here; portal in [`portal`].

pub mod portal;

use std::fmt::Write;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{
    Action, Direction, Event, Mode, MoveClause, MoveOrder, PieceId, Place, Player, Royal,
    RoyalRule, RoyalRules,
};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub players: u8,
    pub mode: Mode,
    /// A game not finished after this many turns is stopped (and counted).
    pub max_turns: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 4,
            mode: Mode::Clash,
            max_turns: 4000,
        }
    }
}

/// A check run after every group's move: `Err` names what broke.
pub type Check = dyn Fn(&Royal) -> Result<(), String> + Sync;

/// The default checks: every invariant of reachable positions.
pub fn standard_check(pos: &Royal) -> Result<(), String> {
    pos.check_reachable()
}

/// One game's actions, turn by turn (each turn ends with `NextTurn`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seed: u64,
    pub players: Vec<Player>,
    pub mode: Mode,
    pub turns: Vec<Vec<Action>>,
}

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct Summary {
    pub turns: u32,
    pub finished: bool,
    pub events: u64,
    /// A fingerprint of the final position and event count (same seed, same game).
    pub fingerprint: u64,
}

/// A broken invariant, with the game up to the failing turn.
#[derive(Clone, Debug)]
pub struct Violation {
    pub message: String,
    pub record: Record,
}

fn fingerprint(pos: &Royal, events: u64) -> u64 {
    fingerprint_of(
        pos.players()
            .map(|p| pos.seat(p).clone())
            .collect::<Vec<_>>(),
        pos.turn(),
        events,
    )
}

pub(crate) fn fingerprint_of(state: impl std::hash::Hash, turn: Player, events: u64) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    state.hash(&mut h);
    turn.hash(&mut h);
    events.hash(&mut h);
    h.finish()
}

fn check_events(events: &[Event]) -> Result<(), String> {
    match events
        .iter()
        .find(|e| RoyalRule::from_id(e.rule.0).is_none())
    {
        Some(e) => Err(format!("an event cites an unknown rule ID: {e}")),
        None => Ok(()),
    }
}

/// Applies an action with checks after every group; `Ok(None)` when refused.
fn step(
    pos: &Royal,
    action: &Action,
    events: &mut Vec<Event>,
    check: &Check,
) -> Result<Option<Royal>, String> {
    let mark = events.len();
    let mut broken: Option<String> = None;
    let result = pos.apply_observed(None, action, events, &mut |board| {
        if broken.is_none() {
            if let Err(e) = check(board) {
                broken = Some(format!("after a group's move: {e}"));
            }
        }
    });
    if let Some(b) = broken {
        return Err(b);
    }
    match result {
        Ok(next) => {
            check(&next)?;
            check_events(&events[mark..])?;
            Ok(Some(next))
        }
        Err(_) => {
            if events.len() != mark {
                return Err("a rejected action left events behind".into());
            }
            Ok(None)
        }
    }
}

/// An action the rules must refuse in this position, if one is easy to name.
fn illegal_probe(pos: &Royal, rng: &mut ChaCha8Rng) -> Option<Action> {
    let p = pos.turn();
    let seat = pos.seat(p);
    let yard: Vec<u8> = (1..=4)
        .filter(|&n| seat.guards[n as usize - 1].place == Place::Yard)
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
                    piece: PieceId::Guard(g),
                    rolls: vec![1],
                    direction: Direction::Forward,
                }],
            })
        }),
        2 => on_board.first().map(|&g| {
            Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Guard(g),
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
            .map(|&g| Action::Exit(vec![PieceId::Guard(g)])),
        _ if pos.phase().moved && !yard.is_empty() => {
            Some(Action::Exit(vec![PieceId::Guard(yard[0])]))
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
            Place::HomePath(k) => Some((board.home_path - k + 1) as u8),
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
            piece: PieceId::Guard(n),
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

/// Plays one game from `seed`.
pub fn play_game(
    rules: &Arc<RoyalRules>,
    seed: u64,
    cfg: &Config,
    check: &Check,
) -> Result<Summary, Violation> {
    let players: Vec<Player> = Player::ALL[..cfg.players.clamp(2, 4) as usize].to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record {
        seed,
        players: players.clone(),
        mode: cfg.mode,
        turns: Vec::new(),
    };
    let fail = |message: String, record: &Record| Violation {
        message,
        record: record.clone(),
    };
    let mut pos =
        Royal::new_game(rules.clone(), cfg.mode, &players).map_err(|e| fail(e.message, &record))?;
    let mut events: Vec<Event> = Vec::with_capacity(256);
    let mut total_events = 0u64;
    let mut turns = 0;
    while turns < cfg.max_turns && pos.final_standings().is_none() {
        turns += 1;
        record.turns.push(Vec::new());
        events.clear();
        let play = |pos: &mut Royal,
                    action: Action,
                    record: &mut Record,
                    events: &mut Vec<Event>|
         -> Result<bool, Violation> {
            match step(pos, &action, events, check) {
                Ok(Some(next)) => {
                    *pos = next;
                    if let Some(t) = record.turns.last_mut() {
                        t.push(action);
                    }
                    Ok(true)
                }
                Ok(None) => Ok(false),
                Err(message) => {
                    if let Some(t) = record.turns.last_mut() {
                        t.push(action);
                    }
                    Err(fail(message, record))
                }
            }
        };
        // The deal.
        let n = pos.mode_params().dice_for(pos.seat(pos.turn()).store.len());
        let dice: Vec<u8> = (0..n).map(|_| rng.gen_range(1..=6)).collect();
        if !play(&mut pos, Action::Roll(dice), &mut record, &mut events)? {
            return Err(fail("a legal deal was refused".into(), &record));
        }
        // Exits: some of what the credits allow, lowest guards first.
        let seat = pos.seat(pos.turn());
        let yard: Vec<u8> = (1..=4)
            .filter(|&g| seat.guards[g as usize - 1].place == Place::Yard)
            .collect();
        let can = yard.len().min(seat.credits as usize);
        if can > 0 {
            let k = rng.gen_range(0..=can);
            if k > 0 {
                let exit = Action::Exit(yard[..k].iter().map(|&g| PieceId::Guard(g)).collect());
                if !play(&mut pos, exit, &mut record, &mut events)? {
                    return Err(fail("a legal exit was refused".into(), &record));
                }
            }
        }
        // The move: a few random tries; the engine refuses overshoots and the like.
        for _ in 0..6 {
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            if play(&mut pos, mv, &mut record, &mut events)? {
                break;
            }
        }
        // A random illegal action must be refused and change nothing.
        if let Some(bad) = illegal_probe(&pos, &mut rng) {
            let before = pos.clone();
            let mark = events.len();
            if pos.apply(&bad, &mut events).is_ok() {
                return Err(fail(
                    format!("an illegal action was applied: {bad:?}"),
                    &record,
                ));
            }
            if pos != before || events.len() != mark {
                return Err(fail(
                    "a rejected action changed the position".into(),
                    &record,
                ));
            }
        }
        total_events += events.len() as u64;
        play(&mut pos, Action::NextTurn, &mut record, &mut events)?;
        total_events += 1;
    }
    Ok(Summary {
        turns,
        finished: pos.final_standings().is_some(),
        events: total_events,
        fingerprint: fingerprint(&pos, total_events),
    })
}

/// Plays `turns` random legal turns (deal, exits, a move, next turn) from
/// `seed`, starting new games as games end, with no checks: the engine's
/// speed as the benchmark measures it. Returns the number of events.
pub fn play_turns(rules: &Arc<RoyalRules>, seed: u64, cfg: &Config, turns: u32) -> u64 {
    let players: Vec<Player> = Player::ALL[..cfg.players.clamp(2, 4) as usize].to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let new_game =
        || Royal::new_game(rules.clone(), cfg.mode, &players).expect("a new game is valid");
    let mut pos = new_game();
    let mut events: Vec<Event> = Vec::with_capacity(256);
    let mut total = 0u64;
    for _ in 0..turns {
        if pos.final_standings().is_some() {
            pos = new_game();
        }
        events.clear();
        let n = pos.mode_params().dice_for(pos.seat(pos.turn()).store.len());
        let dice: Vec<u8> = (0..n).map(|_| rng.gen_range(1..=6)).collect();
        if let Ok(next) = pos.apply(&Action::Roll(dice), &mut events) {
            pos = next;
        }
        let seat = pos.seat(pos.turn());
        if let Some(g) = (1..=4u8).find(|&g| seat.guards[g as usize - 1].place == Place::Yard) {
            if seat.credits > 0 && rng.gen_bool(0.5) {
                if let Ok(next) = pos.apply(&Action::Exit(vec![PieceId::Guard(g)]), &mut events) {
                    pos = next;
                }
            }
        }
        for _ in 0..3 {
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            if let Ok(next) = pos.apply(&mv, &mut events) {
                pos = next;
                break;
            }
        }
        if let Ok(next) = pos.apply(&Action::NextTurn, &mut events) {
            pos = next;
        }
        total += events.len() as u64;
    }
    total
}

/// Replays a record; `Err` with the violation message when a check breaks,
/// `Ok(false)` when an action of the record is refused (a bad shrink).
pub fn replay(rules: &Arc<RoyalRules>, record: &Record, check: &Check) -> Result<bool, String> {
    let Ok(mut pos) = Royal::new_game(rules.clone(), record.mode, &record.players) else {
        return Ok(false);
    };
    let mut events = Vec::new();
    for turn in &record.turns {
        for action in turn {
            match step(&pos, action, &mut events, check)? {
                Some(next) => pos = next,
                None => return Ok(false),
            }
        }
    }
    Ok(true)
}

/// Removes whole rounds, then single turns, while the same violation still
/// reproduces. Returns the shrunk record.
pub fn shrink(rules: &Arc<RoyalRules>, v: &Violation, check: &Check) -> Record {
    shrink_with(
        v,
        |r| matches!(replay(rules, r, check), Err(m) if m == v.message),
    )
}

/// The shrinking loop, for any game: `reproduces` replays a candidate.
pub fn shrink_with(v: &Violation, reproduces: impl Fn(&Record) -> bool) -> Record {
    let mut best = v.record.clone();
    if !reproduces(&best) {
        return best;
    }
    for chunk in [best.players.len(), 1] {
        let mut i = 0;
        while i + chunk < best.turns.len() {
            let mut candidate = best.clone();
            candidate.turns.drain(i..i + chunk);
            if reproduces(&candidate) {
                best = candidate;
            } else {
                i += chunk;
            }
        }
    }
    best
}

pub(crate) fn action_text(a: &Action) -> String {
    match a {
        Action::Roll(d) => format!(
            "roll {}",
            d.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
        .trim_end()
        .to_string(),
        Action::Exit(p) => format!(
            "exit {}",
            p.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Action::NextTurn => "next turn".into(),
        Action::Enter(p) => format!("enter {p}"),
        Action::Move(m) => {
            let parts: Vec<String> = m
                .clauses
                .iter()
                .map(|c| {
                    format!(
                        "{} {} {}",
                        c.piece,
                        c.rolls
                            .iter()
                            .map(|r| r.to_string())
                            .collect::<Vec<_>>()
                            .join("+"),
                        c.direction
                    )
                })
                .collect();
            format!("move {}", parts.join(", "))
        }
    }
}

/// A scenario file that replays `record` from a new game.
pub fn scenario_text(rules: &Arc<RoyalRules>, record: &Record, message: &str) -> String {
    let mut out = String::new();
    writeln!(
        out,
        "# A self-play violation found by `goti fuzz` (game seed {}):",
        record.seed
    )
    .ok();
    writeln!(out, "#   {message}").ok();
    writeln!(out, "# `goti run` on this file replays the game up to it.").ok();
    writeln!(out, "scenario \"self-play game {}\"", record.seed).ok();
    writeln!(out, "rules royal {}", record.mode.name()).ok();
    let names: Vec<String> = record.players.iter().map(|p| p.to_string()).collect();
    writeln!(out, "players {}", names.join(" ")).ok();
    for p in &record.players {
        writeln!(
            out,
            "{p} first turn, {p} store empty, {p} king on {}",
            rules.board.entry(*p)
        )
        .ok();
    }
    for (i, turn) in record.turns.iter().enumerate() {
        writeln!(out, "# turn {}", i + 1).ok();
        for a in turn {
            writeln!(out, "{}", action_text(a)).ok();
        }
    }
    out
}
