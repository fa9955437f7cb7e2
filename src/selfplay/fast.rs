//! The fast path of self-play, and the check that it plays as the general
//! engine does.
//!
//! A game's chooser (royal's, portal's) plays a turn through a [`Table`]:
//! checked self-play's [`Turn`], the fast path's [`Quick`] (the position
//! changed in place, nothing recorded, actions built in reused buffers, no
//! allocation), or [`Twin`], which applies every action both ways and
//! compares the two positions after each (`cargo xtask compare-paths`).
//! One chooser drives all three, so a seed plays the same game on each.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{table, Driver, Games, Record, Turn, Violation};
use crate::engine::{Action, Event, Game, Sink};
use crate::error::{Error, ErrorKind};

/// A game whose rules can apply an action in place recording nothing and
/// building no rejection (the engine's fast path).
pub trait QuietPlay: Game {
    /// Applies an action of the player to move in place; whether it was.
    fn play_quiet(&mut self, action: &Action) -> bool;
}

/// Where a turn's actions go.
pub trait Table<G: Game> {
    fn pos(&self) -> &G;
    /// Plays `action`: `Ok(true)` applied, `Ok(false)` refused by the rules.
    fn play(&mut self, action: &Action) -> Result<bool, Violation>;
    /// Plays an action the rules must allow; a refusal is a violation.
    fn must_play(&mut self, action: &Action, what: &str) -> Result<(), Violation> {
        if self.play(action)? {
            return Ok(());
        }
        Err(broken(format!(
            "a legal {what} was refused: {}",
            super::action_text(action)
        )))
    }
    /// Whether this table checks what it is given (checked self-play):
    /// a chooser then also checks what it asked the position.
    fn checks(&self) -> bool {
        false
    }
    /// Probes with the illegal action `bad` names here, if the table checks
    /// (the fast path builds none).
    fn probe(&mut self, _bad: impl FnOnce(&G) -> Option<Action>) -> Result<(), Violation> {
        Ok(())
    }
}

impl<G: Game> Table<G> for Turn<'_, G> {
    fn pos(&self) -> &G {
        Turn::pos(self)
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        Turn::play_ref(self, action)
    }
    fn must_play(&mut self, action: &Action, what: &str) -> Result<(), Violation> {
        Turn::must_play_ref(self, action, what)
    }
    fn checks(&self) -> bool {
        self.check.is_some()
    }
    fn probe(&mut self, bad: impl FnOnce(&G) -> Option<Action>) -> Result<(), Violation> {
        // Unchecked (balance, benchmarks), nothing is probed: the illegal
        // action is not even built (it was 7% of balance's work).
        if self.check.is_none() {
            return Ok(());
        }
        match bad(Turn::pos(self)) {
            Some(action) => Turn::probe(self, action),
            None => Ok(()),
        }
    }
}

/// The fast path: the position itself, changed in place.
pub struct Quick<'a, G> {
    pub pos: &'a mut G,
}

pub(crate) fn broken(message: String) -> Violation {
    Violation {
        message,
        record: Record {
            seed: 0,
            players: Vec::new(),
            turns: Vec::new(),
        },
    }
}

impl<G: QuietPlay> Table<G> for Quick<'_, G> {
    fn pos(&self) -> &G {
        self.pos
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        Ok(self.pos.play_quiet(action))
    }
}

/// The position changed in place, its events handed to a sink as they
/// happen (balance counts them there and keeps none).
pub struct Counted<'a, G, S> {
    pub pos: &'a mut G,
    pub sink: &'a mut S,
}

impl<G: Game, S: Sink> Table<G> for Counted<'_, G, S> {
    fn pos(&self) -> &G {
        self.pos
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        Ok(self.pos.play_with(action, self.sink))
    }
}

/// The general engine as scenarios use it: every action applied to a copy
/// of the position ([`Game::apply`]) with its events recorded.
pub struct General<G> {
    pub pos: G,
    events: Vec<Event>,
}

impl<G: Game> General<G> {
    pub fn new(pos: G) -> General<G> {
        General {
            pos,
            events: Vec::new(),
        }
    }
}

impl<G: Game> Table<G> for General<G> {
    fn pos(&self) -> &G {
        &self.pos
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        self.events.clear();
        match self.pos.apply(action, &mut self.events) {
            Ok(next) => {
                self.pos = next;
                Ok(true)
            }
            Err(_) => Ok(false),
        }
    }
}

/// Which engine path a run plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// In place, nothing recorded ([`Quick`]).
    Fast,
    /// A copy per action with its events ([`General`]).
    General,
}

/// Plays `games` seeded games (seeds `seed`, `seed + 1`, ...) to their end
/// or `max_turns` on `path`; returns the turns played. A refused legal
/// action is an error.
pub fn play_games<D: FastDriver>(driver: &D, games: &Games, path: Path) -> Result<u64, Error> {
    Error::of(ErrorKind::Check, || play_games_on(driver, games, path))
}

fn play_games_on<D: FastDriver>(driver: &D, games: &Games, path: Path) -> Result<u64, String> {
    let (table, max_turns) = (table(games.players), games.max_turns);
    let start = driver.new_game(&table).map_err(|e| e.message)?;
    let mut bufs = D::Buffers::default();
    let mut turns = 0u64;
    let mut pos = start.clone();
    for s in games.seeds() {
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        pos.clone_from(&start);
        let mut general = General::new(start.clone());
        let mut t = 0;
        while t < max_turns {
            let over = match path {
                Path::Fast => pos.is_over(),
                Path::General => general.pos.is_over(),
            };
            if over {
                break;
            }
            t += 1;
            let played = match path {
                Path::Fast => driver.turn(&mut Quick { pos: &mut pos }, &mut rng, &mut bufs),
                Path::General => driver.turn(&mut general, &mut rng, &mut bufs),
            };
            played.map_err(|v| format!("seed {s}, turn {t}: {}", v.message))?;
        }
        turns += u64::from(t);
    }
    Ok(turns)
}

/// Records every action a table is given (the fast path underneath):
/// the actions of seeded games, to replay on either path.
struct Recorder<'a, G> {
    pos: &'a mut G,
    actions: &'a mut Vec<Action>,
}

impl<G: QuietPlay> Table<G> for Recorder<'_, G> {
    fn pos(&self) -> &G {
        self.pos
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        self.actions.push(action.clone());
        Ok(self.pos.play_quiet(action))
    }
}

/// The engine alone, without the chooser: the actions of `games` seeded
/// games (the refused tries among them) recorded first, then replayed from
/// a new game on the fast path and by the general engine. Returns the
/// actions replayed and each path's seconds.
pub fn engine_calls<D: FastDriver>(driver: &D, games: &Games) -> Result<(u64, [f64; 2]), Error> {
    Error::of(ErrorKind::Check, || {
        let start = driver
            .new_game(&table(games.players))
            .map_err(|e| e.message)?;
        let max_turns = games.max_turns;
        let mut bufs = D::Buffers::default();
        let mut recorded: Vec<Vec<Action>> = Vec::new();
        for s in games.seeds() {
            let mut rng = ChaCha8Rng::seed_from_u64(s);
            let mut pos = start.clone();
            let mut actions = Vec::new();
            let mut turn = 0;
            while turn < max_turns && !pos.is_over() {
                turn += 1;
                let mut rec = Recorder {
                    pos: &mut pos,
                    actions: &mut actions,
                };
                driver
                    .turn(&mut rec, &mut rng, &mut bufs)
                    .map_err(|v| format!("seed {s}, turn {turn}: {}", v.message))?;
            }
            recorded.push(actions);
        }
        let count: u64 = recorded.iter().map(|a| a.len() as u64).sum();
        let started = std::time::Instant::now();
        let mut applied = 0u64;
        for actions in &recorded {
            let mut pos = start.clone();
            for a in actions {
                applied += u64::from(pos.play_quiet(a));
            }
        }
        let fast = started.elapsed().as_secs_f64();
        let started = std::time::Instant::now();
        let mut events = Vec::new();
        let mut again = 0u64;
        for actions in &recorded {
            let mut pos = start.clone();
            for a in actions {
                events.clear();
                if let Ok(next) = pos.apply(a, &mut events) {
                    pos = next;
                    again += 1;
                }
            }
        }
        let general = started.elapsed().as_secs_f64();
        if again != applied {
            return Err(format!(
                "the paths applied {applied} and {again} of the same {count} actions"
            ));
        }
        Ok((count, [fast.max(1e-9), general.max(1e-9)]))
    })
}

/// Both paths in lockstep: every action applied by the general engine
/// ([`Game::apply`], a new position with its events) and by the fast path
/// ([`QuietPlay::play_quiet`], in place); they must agree on whether it is
/// legal and on the position after it, and a refusal must leave the fast
/// position as it was.
pub struct Twin<G> {
    pub general: G,
    pub fast: G,
    events: Vec<Event>,
    /// Actions compared so far.
    pub actions: u64,
}

impl<G: QuietPlay + PartialEq + std::fmt::Debug> Twin<G> {
    pub fn new(pos: G) -> Twin<G> {
        Twin {
            fast: pos.clone(),
            general: pos,
            events: Vec::new(),
            actions: 0,
        }
    }

    fn both(&mut self, action: &Action) -> Result<bool, Violation> {
        self.actions += 1;
        self.events.clear();
        let general = self.general.apply(action, &mut self.events);
        let before = self.fast.clone();
        let fast = self.fast.play_quiet(action);
        let text = super::action_text(action);
        match general {
            Ok(_) if !fast => Err(broken(format!(
                "the fast path refused `{text}`, which the general engine applied"
            ))),
            Err(r) if fast => Err(broken(format!(
                "the fast path applied `{text}`, which the general engine refused: {r}"
            ))),
            Err(_) if self.fast != before => Err(broken(format!(
                "the fast path changed the position while refusing `{text}`"
            ))),
            Err(_) => Ok(false),
            Ok(next) if next != self.fast => Err(broken(format!(
                "after `{text}` the paths' positions differ:\ngeneral: {next:?}\nfast:    {:?}",
                self.fast
            ))),
            Ok(next) => {
                self.general = next;
                Ok(true)
            }
        }
    }
}

impl<G: QuietPlay + PartialEq + std::fmt::Debug> Table<G> for Twin<G> {
    fn pos(&self) -> &G {
        &self.general
    }
    fn play(&mut self, action: &Action) -> Result<bool, Violation> {
        self.both(action)
    }
    fn probe(&mut self, bad: impl FnOnce(&G) -> Option<Action>) -> Result<(), Violation> {
        match bad(&self.general) {
            Some(action) if self.both(&action)? => Err(broken(format!(
                "an illegal action was applied: {}",
                super::action_text(&action)
            ))),
            _ => Ok(()),
        }
    }
}

/// A game's fast chooser: one turn of the player to move through any
/// [`Table`], with action buffers kept between turns.
pub trait FastDriver: Driver<Game: QuietPlay + PartialEq + std::fmt::Debug> {
    type Buffers: Default;
    fn turn<T: Table<Self::Game>>(
        &self,
        table: &mut T,
        rng: &mut ChaCha8Rng,
        bufs: &mut Self::Buffers,
    ) -> Result<(), Violation>;
}

/// Plays `turns` turns on the fast path from `seed` (new games as games
/// end) and returns how many games ended. Nothing is checked or recorded,
/// and once the buffers have grown nothing is allocated but each new
/// game's final standings.
pub fn quiet_turns<D: FastDriver>(driver: &D, seed: u64, players: u8, turns: u32) -> u64 {
    let players = table(players);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = driver
        .new_game(&players)
        .unwrap_or_else(|e| panic!("a new game is valid: {e}"));
    let mut pos = start.clone();
    let mut bufs = D::Buffers::default();
    let mut ended = 0;
    for _ in 0..turns {
        if pos.is_over() {
            pos.clone_from(&start);
            ended += 1;
        }
        let mut quick = Quick { pos: &mut pos };
        if let Err(v) = driver.turn(&mut quick, &mut rng, &mut bufs) {
            panic!("{}", v.message);
        }
    }
    ended
}

/// What comparing the two paths found.
#[derive(Clone, Debug, Default)]
pub struct Compared {
    pub games: u64,
    pub turns: u64,
    pub actions: u64,
}

/// Plays `games` seeded games (seeds `seed`, `seed + 1`, ...) on both paths
/// in lockstep, comparing after every action (a game stops at `max_turns`).
/// The first disagreement is the error, with its seed and turn.
pub fn compare_paths<D: FastDriver>(driver: &D, games: &Games) -> Result<Compared, Error> {
    Error::of(ErrorKind::Check, || compare_on(driver, games))
}

fn compare_on<D: FastDriver>(driver: &D, games: &Games) -> Result<Compared, String> {
    let (table, max_turns) = (table(games.players), games.max_turns);
    let start = driver.new_game(&table).map_err(|e| e.message)?;
    let mut bufs = D::Buffers::default();
    let mut out = Compared::default();
    for s in games.seeds() {
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        let mut twin = Twin::new(start.clone());
        let mut turn = 0;
        while turn < max_turns && !twin.general.is_over() {
            turn += 1;
            driver
                .turn(&mut twin, &mut rng, &mut bufs)
                .map_err(|v| format!("seed {s}, turn {turn}: {}", v.message))?;
        }
        out.games += 1;
        out.turns += u64::from(turn);
        out.actions += twin.actions;
    }
    Ok(out)
}

/// What `cargo xtask bench` asks of a game's own speed path.
#[derive(Clone, Copy, Debug)]
pub struct SpeedBench {
    pub games: u64,
    pub players: u8,
    /// Two players: side by side, else opposite.
    pub side: bool,
    pub seed: u64,
}

/// A game's own speed path measured (`Played::speed_path`): its games,
/// self-play's driver through the general engine beside it, and the
/// engine alone replaying the games' actions on both.
#[derive(Clone, Copy, Debug)]
pub struct SpeedPath {
    /// Two players: `Some(true)` opposite, `Some(false)` side by side.
    pub opposite: Option<bool>,
    /// The player actions of the speed path's games, and their seconds.
    pub actions: u64,
    pub seconds: f64,
    /// Self-play's driver through the general engine: games and seconds.
    pub driver_games: u64,
    pub driver_seconds: f64,
    /// The engine alone: the games replayed, their player actions, and the
    /// speed path's and the general engine's seconds.
    pub replayed: u64,
    pub calls: u64,
    pub call_seconds: [f64; 2],
}
