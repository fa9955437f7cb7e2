//! Random self-play for any game: complete games with seeded dice and random
//! legal choices, checking invariants after every part of a move the rules
//! settle on its own, and that a random illegal action is refused without a
//! trace. A violation is shrunk (whole rounds, then turns, removed while it
//! still reproduces) and written as a scenario that replays it. Pure: no I/O;
//! the CLI writes files.
//!
//! One loop, one replay, one shrink and one replay writer serve every game;
//! a game brings a [`Driver`] (in its folder, `crates/games/GAME/tool/driver.rs`): how to start a game,
//! how to play one turn, which illegal action to probe, and the replay's
//! set-up lines.

pub mod balance;
pub mod decisions;
pub mod sequential;
pub mod stats;

pub mod fast;

use std::fmt::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Action, Event, Game, PieceId, Player, Quiet, Sink, Violation as Broken, What};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub players: u8,
    /// A game not finished after this many turns is stopped (and counted).
    pub max_turns: u32,
}

/// Seeded games to play: game i plays seed `seed + i` at a table of
/// `players`, each stopped after `max_turns` turns (the one configuration
/// of self-play's jobs: the path comparisons, the benches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Games {
    pub players: u8,
    pub games: u64,
    pub seed: u64,
    pub max_turns: u32,
}

impl Games {
    /// The seeds, in order (never wrapping: the caller checked the count).
    pub fn seeds(&self) -> std::ops::Range<u64> {
        self.seed..self.seed.saturating_add(self.games)
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 4,
            max_turns: 4000,
        }
    }
}

/// A check run after every part of a move: `Err` names what broke.
pub type Check<G> = dyn Fn(&G) -> Result<(), Broken> + Sync;

/// The default checks: every invariant of positions reached by play.
pub fn standard_check<G: Game>(pos: &G) -> Result<(), Broken> {
    pos.check_reachable()
}

/// One game's actions, turn by turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub seed: u64,
    pub players: Vec<Player>,
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

/// What a game brings to self-play.
pub trait Driver: Sync {
    type Game: crate::engine::Listed;
    /// A new game at this table, or the engine's refusal (with its rule).
    fn new_game(&self, players: &[Player]) -> Result<Self::Game, crate::engine::SetupError>;
    /// Plays one whole turn of the player to move through `turn`.
    fn play_turn(
        &self,
        turn: &mut Turn<'_, Self::Game>,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation>;
    /// An action the rules must refuse in this position, if one is easy to
    /// name; `play_turn` probes with it (`Turn::probe`) where the game has
    /// something to refuse.
    /// Plays one whole turn on `pos` unchecked, its events handed to `sink`
    /// as they happen (balance): the same game from a seed as `play_turn`
    /// unchecked. By default through [`Turn::unchecked`]; royal and portal
    /// play it in place with no event kept.
    fn play_turn_into<S: Sink>(
        &self,
        pos: &mut Self::Game,
        sink: &mut S,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Violation> {
        let mut events = Vec::new();
        let mut turn = Turn::unchecked(pos.clone(), &mut events);
        self.play_turn(&mut turn, rng)?;
        *pos = turn.into_pos();
        for e in events {
            sink.put(e);
        }
        Ok(())
    }
    fn illegal_probe(&self, pos: &Self::Game, rng: &mut ChaCha8Rng) -> Option<Action>;
    /// The header and set-up lines of a scenario that replays `record` from a
    /// new game.
    fn replay_header(&self, record: &Record) -> String;
}

/// How self-play chooses among actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    /// Uniformly at random among the candidates.
    #[default]
    Random,
    /// The candidate that captures most, then makes most progress (steps of
    /// the mover's pieces); ties broken at random.
    Greedy,
    /// The candidate that raises the mover's points most (royal's
    /// `points.score`: progress and battle points), so a change to points
    /// changes play; among equal gains the candidate drawn first (the
    /// candidates come in random order). Only for a game that scores points.
    Points,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Points => "points",
        }
    }
}

/// The index of the candidate that raises the mover's points most under
/// the points policy (the first among equal gains); candidates the rules
/// refuse are skipped; `None` when all are, or when the game scores no
/// points.
pub fn points_pick<G: Game>(pos: &G, candidates: &[Action]) -> Option<usize> {
    let me = pos.turn();
    let now = pos.points(me)?;
    let mut best: Option<(usize, i64)> = None;
    let mut next = pos.clone();
    for (i, a) in candidates.iter().enumerate() {
        // Points are read from the position: no event is needed.
        if !tried(pos, a, &mut Quiet, &mut next) {
            continue;
        }
        let gain = next.points(me)? - now;
        if best.is_none_or(|(_, g)| gain > g) {
            best = Some((i, gain));
        }
    }
    best.map(|(i, _)| i)
}

/// Plays candidate `a` on `next`, a copy of `pos` (kept between candidates,
/// so nothing is allocated anew), its events into `sink`; whether the
/// rules allowed it. A refused candidate's reason is not worked out.
fn tried<G: Game, S: Sink>(pos: &G, a: &Action, sink: &mut S, next: &mut G) -> bool {
    next.clone_from(pos);
    next.play_with(a, sink)
}

/// A move's captures counted as they happen (the greedy policy), no event
/// kept.
#[derive(Default)]
pub(crate) struct Captures {
    pub(crate) captured: usize,
    given: usize,
}

impl Sink for Captures {
    const ON: bool = true;
    const REASONS: bool = false;
    // Captures change play: they come the same without the notes' work.
    const NOTES: bool = false;
    #[inline(always)]
    fn put(&mut self, e: Event) {
        self.given += 1;
        if matches!(e.what, What::Captured { .. }) {
            self.captured += 1;
        }
        e.what.discard();
    }
    fn recorded(&self) -> usize {
        self.given
    }
}

/// The pick of `policy` among `candidates` (greedy or points).
/// The choice a driver plays from a position's legal `list`: any one at
/// random, or (shuffled first, so ties fall at random) the policy's pick;
/// `None` when the list is empty. The throw-and-choose loop of the route
/// games' drivers (maedn, race) shares it.
pub fn choose<G: Game, C: Copy>(
    policy: Policy,
    pos: &G,
    list: &[C],
    action: impl Fn(C) -> Action,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<C> {
    use rand::seq::SliceRandom;
    match policy {
        Policy::Random => list.choose(rng).copied(),
        policy => {
            let mut list = list.to_vec();
            list.shuffle(rng);
            let actions: Vec<Action> = list.iter().map(|&c| action(c)).collect();
            policy_pick(policy, pos, &actions).map(|i| list[i])
        }
    }
}

pub fn policy_pick<G: Game>(policy: Policy, pos: &G, candidates: &[Action]) -> Option<usize> {
    match policy {
        Policy::Points => points_pick(pos, candidates),
        _ => greedy_pick(pos, candidates),
    }
}

/// The index of the best of `candidates` for the player to move under the
/// greedy policy: most captures, then most progress. Candidates the rules
/// refuse are skipped; `None` when all are.
pub fn greedy_pick<G: Game>(pos: &G, candidates: &[Action]) -> Option<usize> {
    let me = pos.turn();
    let words = G::VOCABULARY;
    let mut best: Option<(usize, (usize, i64))> = None;
    let mut next = pos.clone();
    for (i, a) in candidates.iter().enumerate() {
        let mut sink = Captures::default();
        if !tried(pos, a, &mut sink, &mut next) {
            continue;
        }
        let captures = sink.captured;
        // The table's pieces (maedn's and race's `table.pieces` may be
        // fewer than the words name).
        let mut progress: i64 = (1..=G::sizes(pos.rules()).pieces)
            .map(|g| i64::from(next.piece(me, PieceId::Numbered(g)).steps))
            .sum();
        if words.allows(crate::engine::Word::King) {
            progress += i64::from(next.piece(me, PieceId::King).steps);
        }
        let score = (captures, progress);
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((i, score));
        }
    }
    best.map(|(i, _)| i)
}

/// The turn being played: the position, and how an action is applied
/// (checked and recorded in self-play; neither in the benchmark's speed path).
pub struct Turn<'a, G: Game> {
    pos: G,
    events: &'a mut Vec<Event>,
    record: Option<&'a mut Record>,
    check: Option<&'a Check<G>>,
}

impl<'a, G: Game> Turn<'a, G> {
    /// A turn on the speed path: no checks, no record (balance, benchmarks).
    pub fn unchecked(pos: G, events: &'a mut Vec<Event>) -> Turn<'a, G> {
        Turn {
            pos,
            events,
            record: None,
            check: None,
        }
    }

    /// The position after the turn.
    pub fn into_pos(self) -> G {
        self.pos
    }

    pub fn pos(&self) -> &G {
        &self.pos
    }

    /// The violation `message`, with the game so far.
    pub fn fail(&self, message: impl Into<String>) -> Violation {
        Violation {
            message: message.into(),
            record: self.record.as_deref().cloned().unwrap_or(Record {
                seed: 0,
                players: Vec::new(),
                turns: Vec::new(),
            }),
        }
    }

    fn push(&mut self, action: Action) {
        if let Some(t) = self.record.as_mut().and_then(|r| r.turns.last_mut()) {
            t.push(action);
        }
    }

    /// Plays `action`: `Ok(true)` applied, `Ok(false)` refused by the rules.
    pub fn play(&mut self, action: Action) -> Result<bool, Violation> {
        self.play_ref(&action)
    }

    /// [`Turn::play`] of a borrowed action: the speed path copies nothing
    /// (an action can hold a list: balance copied one per try); the checked
    /// path copies it into the record.
    pub fn play_ref(&mut self, action: &Action) -> Result<bool, Violation> {
        let Some(check) = self.check else {
            // The speed path: no checks, no record, no copy of the position.
            return Ok(self.pos.play_in_place(action, self.events));
        };
        match step(&self.pos, action, self.events, check) {
            Ok(Some(next)) => {
                self.pos = next;
                self.push(action.clone());
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(Broken(message)) => {
                self.push(action.clone());
                Err(self.fail(message))
            }
        }
    }

    /// Plays an action the rules must allow; a refusal is a violation.
    pub fn must_play(&mut self, action: Action, what: &str) -> Result<(), Violation> {
        self.must_play_ref(&action, what)
    }

    /// [`Turn::must_play`] of a borrowed action.
    pub fn must_play_ref(&mut self, action: &Action, what: &str) -> Result<(), Violation> {
        if self.play_ref(action)? {
            return Ok(());
        }
        self.push(action.clone());
        Err(self.fail(format!(
            "a legal {what} was refused: {}",
            action_text(action)
        )))
    }

    /// `bad` must be refused, leaving the position and the events as they were.
    pub fn probe(&mut self, bad: Action) -> Result<(), Violation> {
        if self.check.is_none() {
            return Ok(());
        }
        let mark = self.events.len();
        match self.pos.apply(&bad, self.events) {
            Ok(_) => Err(self.fail(format!(
                "an illegal action was applied: {}",
                action_text(&bad)
            ))),
            Err(_) if self.events.len() != mark => {
                Err(self.fail("a rejected action left events behind"))
            }
            Err(_) => Ok(()),
        }
    }
}

/// Applies an action with checks after every part of the move; `Ok(None)`
/// when refused.
fn step<G: Game>(
    pos: &G,
    action: &Action,
    events: &mut Vec<Event>,
    check: &Check<G>,
) -> Result<Option<G>, Broken> {
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
        return Err(Broken(b));
    }
    match result {
        Ok(next) => {
            check(&next)?;
            // A rule ID of the catalogue under the rules' own names (a
            // `race` description's `names`: the catalogue itself where it
            // renames nothing, so a renamed rule cited by its old ID breaks).
            use crate::engine::params::Params;
            let params = G::params(next.rules());
            if let Some(e) = events[mark..]
                .iter()
                .find(|e| !params.cites(G::CATALOGUE, e.rule))
            {
                return Err(Broken(format!(
                    "an event cites an unknown rule ID: {}",
                    e.told(G::VOCABULARY)
                )));
            }
            Ok(Some(next))
        }
        Err(_) if events.len() != mark => {
            Err(Broken("a rejected action left events behind".into()))
        }
        Err(_) => Ok(None),
    }
}

pub(crate) fn table(players: u8) -> Vec<Player> {
    Player::ALL[..players.clamp(2, 4) as usize].to_vec()
}

/// Plays one game from `seed`, checking every action.
pub fn play_game<D: Driver>(
    driver: &D,
    seed: u64,
    cfg: &Config,
    check: &Check<D::Game>,
) -> Result<Summary, Violation> {
    play_recorded(driver, None, seed, cfg, check).0
}

/// Plays one game from `seed` with no checks and records its actions, turn
/// by turn (`goti mutate --write` replays them under a mutant); `None` when
/// the table cannot be set up.
pub fn record_game<D: Driver>(driver: &D, seed: u64, cfg: &Config) -> Option<Record> {
    match play_recorded(driver, None, seed, cfg, &|_| Ok(())) {
        (Err(v), _) if v.record.turns.is_empty() => None,
        (_, record) => Some(record),
    }
}

/// As [`record_game`], from `start` (a position at the start of a turn)
/// instead of a new game: its players are the record's.
pub fn record_from<D: Driver>(
    driver: &D,
    start: D::Game,
    seed: u64,
    cfg: &Config,
) -> Option<Record> {
    match play_recorded(driver, Some(start), seed, cfg, &|_| Ok(())) {
        (Err(v), _) if v.record.turns.is_empty() => None,
        (_, record) => Some(record),
    }
}

/// The one game loop of [`play_game`] and [`record_game`]: the game's
/// summary or violation, and its record up to where it stopped.
fn play_recorded<D: Driver>(
    driver: &D,
    start: Option<D::Game>,
    seed: u64,
    cfg: &Config,
    check: &Check<D::Game>,
) -> (Result<Summary, Violation>, Record) {
    let players = match &start {
        Some(pos) => pos.players(),
        None => table(cfg.players),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut record = Record {
        seed,
        players: players.clone(),
        turns: Vec::new(),
    };
    let started = match start {
        Some(pos) => Ok(pos),
        None => driver.new_game(&players).map_err(|e| e.message),
    };
    let mut pos = match started {
        Ok(pos) => pos,
        Err(message) => {
            let v = Violation {
                message,
                record: record.clone(),
            };
            return (Err(v), record);
        }
    };
    let mut events: Vec<Event> = Vec::with_capacity(256);
    let mut total_events = 0u64;
    let mut turns = 0;
    while turns < cfg.max_turns && !pos.is_over() {
        turns += 1;
        record.turns.push(Vec::new());
        events.clear();
        let mut turn = Turn {
            pos,
            events: &mut events,
            record: Some(&mut record),
            check: Some(check),
        };
        let played = driver.play_turn(&mut turn, &mut rng);
        pos = turn.pos;
        if let Err(v) = played {
            return (Err(v), record);
        }
        total_events += events.len() as u64;
    }
    let summary = Summary {
        turns,
        finished: pos.is_over(),
        events: total_events,
        fingerprint: fingerprint(&pos, total_events),
    };
    (Ok(summary), record)
}

/// Plays `turns` random legal turns from `seed`, starting new games as games
/// end, with no checks and no record: the engine's speed as the benchmark
/// measures it. Returns the number of events.
pub fn play_turns<D: Driver>(driver: &D, seed: u64, players: u8, turns: u32) -> u64 {
    let players = table(players);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let new_game = || {
        driver
            .new_game(&players)
            .unwrap_or_else(|e| panic!("a new game is valid: {e}"))
    };
    let mut pos = new_game();
    let mut events: Vec<Event> = Vec::with_capacity(256);
    let mut total = 0u64;
    for _ in 0..turns {
        if pos.is_over() {
            pos = new_game();
        }
        events.clear();
        let mut turn = Turn {
            pos,
            events: &mut events,
            record: None,
            check: None,
        };
        // Without checks nothing can fail.
        let _ = driver.play_turn(&mut turn, &mut rng);
        pos = turn.pos;
        total += events.len() as u64;
    }
    total
}

/// A fingerprint of a position: every piece of every player, whose turn,
/// the standings, and the event count.
fn fingerprint<G: Game>(pos: &G, events: u64) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let words = G::VOCABULARY;
    for p in pos.players() {
        for g in 1..=G::sizes(pos.rules()).pieces {
            pos.piece(p, PieceId::Numbered(g)).hash(&mut h);
        }
        if words.allows(crate::engine::Word::King) {
            pos.piece(p, PieceId::King).hash(&mut h);
        }
    }
    pos.turn().hash(&mut h);
    pos.standings_now().hash(&mut h);
    events.hash(&mut h);
    h.finish()
}

/// Replays a record from a new game; `Err` with the violation message when
/// a check breaks, `Ok(false)` when an action of the record is refused (a bad
/// shrink).
pub fn replay<D: Driver>(
    driver: &D,
    record: &Record,
    check: &Check<D::Game>,
) -> Result<bool, Broken> {
    replay_at(driver, record, check).map_err(|(broken, _)| broken)
}

/// [`replay`], saying where a check broke: the turn and the action in it.
fn replay_at<D: Driver>(
    driver: &D,
    record: &Record,
    check: &Check<D::Game>,
) -> Result<bool, (Broken, (usize, usize))> {
    let Ok(mut pos) = driver.new_game(&record.players) else {
        return Ok(false);
    };
    let mut events = Vec::new();
    for (t, turn) in record.turns.iter().enumerate() {
        for (a, action) in turn.iter().enumerate() {
            match step(&pos, action, &mut events, check) {
                Ok(Some(next)) => pos = next,
                Ok(None) => return Ok(false),
                Err(broken) => return Err((broken, (t, a))),
            }
        }
    }
    Ok(true)
}

/// Removes whole rounds, then single turns, while the same violation still
/// reproduces. Returns the shrunk record. A shorter game can break the same
/// check earlier than the game it came from: the record then ends at the
/// action that broke it, so every action a replay of it plays was allowed
/// (what followed was played in another game and may not be).
pub fn shrink<D: Driver>(driver: &D, v: &Violation, check: &Check<D::Game>) -> Record {
    // The record cut after the action that breaks the check with the same
    // message, if it does.
    let cut = |r: &Record| match replay_at(driver, r, check) {
        Err((m, (t, a))) if m.0 == v.message => {
            let mut r = r.clone();
            r.turns.truncate(t + 1);
            r.turns[t].truncate(a + 1);
            Some(r)
        }
        _ => None,
    };
    let Some(mut best) = cut(&v.record) else {
        return v.record.clone();
    };
    for chunk in [best.players.len(), 1] {
        let mut i = 0;
        while i + chunk < best.turns.len() {
            let mut candidate = best.clone();
            candidate.turns.drain(i..i + chunk);
            match cut(&candidate) {
                Some(shorter) => best = shorter,
                None => i += chunk,
            }
        }
    }
    best
}

/// An action as a line of the scenario language. Forward is the default, so
/// only Backward is written (on every clause).
pub fn action_text(a: &Action) -> String {
    let list = |xs: &[u8], sep: &str| {
        xs.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    match a {
        Action::Roll(d) if d.is_empty() => "roll".into(),
        Action::Roll(d) => format!("roll {}", list(d, " ")),
        Action::NextTurn => "next turn".into(),
        Action::Own(own) => {
            let mut text = own.word.text().to_string();
            for p in &own.pieces {
                text.push(' ');
                text.push_str(&p.to_string());
            }
            text
        }
        Action::Move(m) => {
            let parts: Vec<String> = m
                .clauses
                .iter()
                .map(|c| match c.direction {
                    crate::engine::Direction::Forward if c.rolls.is_empty() => c.piece.to_string(),
                    crate::engine::Direction::Forward => {
                        format!("{} {}", c.piece, list(&c.rolls, "+"))
                    }
                    crate::engine::Direction::Backward => {
                        format!("{} {} backward", c.piece, list(&c.rolls, "+"))
                    }
                })
                .collect();
            format!("move {}", parts.join(", "))
        }
    }
}

/// A scenario file that replays `record` from a new game.
pub fn scenario_text<D: Driver>(driver: &D, record: &Record, message: &str) -> String {
    let game = <D::Game as crate::engine::Listed>::KIND;
    let found = format!(
        "A self-play violation found by `goti fuzz --game {game}` (game seed {})",
        record.seed
    );
    let name = format!("{game} self-play game {}", record.seed);
    replay_text(driver, record, (&found, message), &name)
}

/// A scenario named `name` that replays `record` from a new game, under a
/// comment saying who found what (`found`: the finder; `what`: its
/// message, one comment line per line).
pub fn replay_text<D: Driver>(
    driver: &D,
    record: &Record,
    (found, what): (&str, &str),
    name: &str,
) -> String {
    let mut out = String::new();
    writeln!(out, "# {found}:").ok();
    for line in what.lines() {
        writeln!(out, "#   {line}").ok();
    }
    writeln!(out, "# `goti run` on this file replays the game up to it.").ok();
    writeln!(out, "scenario \"{name}\"").ok();
    out.push_str(&driver.replay_header(record));
    for (i, turn) in record
        .turns
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
    {
        writeln!(out, "# turn {}", i + 1).ok();
        for a in turn {
            writeln!(out, "{}", action_text(a)).ok();
        }
    }
    out
}
