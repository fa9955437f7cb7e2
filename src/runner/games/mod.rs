//! What the runner needs of a game beyond the engine's [`Game`]: its
//! pictures ([`Render`]), its self-play driver, its own expectations, its
//! rulebook and the examples `goti init` writes. Each game implements it in
//! its own folder (`crates/games/GAME/tool/played.rs`, a module of this
//! crate through `src/games.rs`); the runner's `Rules` and `Position` enums
//! require [`Played`] of every game in the list (`crates/games/list/`), so
//! a game that lacks a part does not build.

use std::sync::Arc;

use crate::dsl::lower::Check;
use crate::engine::{Game, Mode, PieceId};
use crate::selfplay::{Driver, Policy};

use super::render::Render;

/// A game's reduced variant of a ruleset (`Played::reduced`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The ruleset keys it sets, as `set KEY = VALUE` (YAML values).
    pub sets: Vec<(String, String)>,
    /// Which pieces start Home, where the game has no piece-count key (and
    /// in which mode, where the game has modes).
    pub home: Option<&'static str>,
}

impl Reduction {
    /// The variant in words: its keys, then its pieces Home.
    pub fn words(&self) -> String {
        let mut words: Vec<String> = self
            .sets
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        words.extend(self.home.map(str::to_string));
        words.join(", ")
    }
}

/// A game as the runner plays, pictures and drives it.
pub trait Played: Game + crate::engine::Listed + Render {
    /// The self-play driver of `goti fuzz`, `balance` and `bench`.
    type Driver: Driver<Game = Self>;
    /// Two scenarios that pass, written by `goti init` (expectations
    /// derived from the rulebook, each comment naming its clause).
    const EXAMPLES: &'static str;

    /// `goti lint`'s exhaustive check: the reduced variant of `rules` (in
    /// `mode`, for a game with modes), small enough to visit every
    /// reachable position (a ring of at most 16, two players, one or two
    /// pieces each in play, a store of at most 3), or why the game has none.
    fn reduced(_rules: &Self::Rules, _mode: Mode) -> Result<Reduction, &'static str> {
        Err("no reduced variant is built for this game yet")
    }
    /// The driver that plays the reduced variant from its start (a game
    /// with no piece-count key starts its other pieces Home), in `mode`.
    fn reduced_driver(rules: Arc<Self::Rules>, mode: Mode) -> Self::Driver {
        Self::driver(rules, mode, Policy::Random)
    }
    /// Why no play from this position ends the game, in the rulebook's
    /// terms, where the game can tell (`goti lint`'s dead ends); `None`
    /// where it cannot.
    fn dead_end_why(&self) -> Option<String> {
        None
    }
    /// A driver of these rules (`mode`: royal's Journey or Clash; the
    /// other games have none).
    fn driver(rules: Arc<Self::Rules>, mode: Mode, policy: Policy) -> Self::Driver;
    /// `cargo xtask compare-paths`: the seeded games played on the fast
    /// path and by the general engine in lockstep, every position compared; `None` for a game
    /// whose fast path is not built on the general engine's rules.
    fn compare_paths(
        _rules: Arc<Self::Rules>,
        _mode: Mode,
        _games: &crate::selfplay::Games,
    ) -> Option<Result<crate::selfplay::fast::Compared, crate::error::Error>> {
        None
    }
    /// `cargo xtask bench`: the engine alone (see
    /// [`crate::selfplay::fast::engine_calls`]): the actions replayed and
    /// the fast path's and the general engine's seconds; `None` as for
    /// `compare_paths`.
    fn engine_calls(
        _rules: Arc<Self::Rules>,
        _mode: Mode,
        _games: &crate::selfplay::Games,
    ) -> Option<Result<(u64, [f64; 2]), crate::error::Error>> {
        None
    }
    /// `cargo xtask bench`: the seeded games played on `path` (see
    /// [`crate::selfplay::fast::play_games`]), the turns played; `None` as
    /// for `compare_paths`.
    fn play_paths(
        _rules: Arc<Self::Rules>,
        _mode: Mode,
        _games: &crate::selfplay::Games,
        _path: crate::selfplay::fast::Path,
    ) -> Option<Result<u64, crate::error::Error>> {
        None
    }
    /// `cargo xtask bench`: the game's own speed path measured on one
    /// core (as maedn's allocation-free one); `None` for a game whose fast
    /// path and general engine are measured side by side instead.
    fn speed_path(
        _rules: Arc<Self::Rules>,
        _bench: &crate::selfplay::fast::SpeedBench,
    ) -> Option<Result<crate::selfplay::fast::SpeedPath, crate::error::Error>> {
        None
    }
    /// The game's own expectations (`battle`, `tokens`, `legal:`, ...);
    /// `None` for an expectation every game shares.
    fn expect_own(&self, _check: &Check) -> Option<Result<(), String>> {
        None
    }
    /// Whether the rules give the table piece `id` (maedn's `table.pieces`
    /// may be fewer than the words allow; the other games' words are exact).
    fn has_piece(&self, _id: PieceId) -> bool {
        true
    }
    /// The game's own numbers of each player as expectations, each with
    /// what it is about (`("P1 battle", "P1 battle 20")`): what `goti
    /// mutate --write` compares and writes.
    fn told(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The position as set-up lines (pieces, numbers, whose turn), where the
    /// language can say all of it; `goti mutate --write` tries a scenario
    /// that starts here (and checks it) before one that replays a game.
    fn setup_lines(&self) -> Option<String> {
        None
    }
    /// The mode the position is played in (a game without modes: its first).
    fn play_mode(&self) -> crate::engine::Mode {
        crate::engine::Mode::FIRST
    }
}

/// `expected P1 battle 20, found P1 battle 0`.
pub(crate) fn number(
    p: crate::engine::Player,
    what: &str,
    want: i64,
    now: i64,
) -> Result<(), String> {
    if want == now {
        Ok(())
    } else {
        Err(format!(
            "expected {p} {what} {want}, found {p} {what} {now}"
        ))
    }
}

/// `Err("expected {want}, found {found}")`.
pub(crate) fn fail(want: String, found: String) -> Result<(), String> {
    Err(format!("expected {want}, found {found}"))
}

/// `expect returns 3 -1 -1 -1` (maedn's and race's `end.win`): what each
/// player is paid now against what the scenario wants.
pub(crate) fn returns_are(want: &[i64], now: &[i64]) -> Result<(), String> {
    if now == want {
        Ok(())
    } else {
        fail(
            format!("returns {}", numbers(want)),
            format!("returns {}", numbers(now)),
        )
    }
}

/// Numbers as a scenario writes them: `3 -1 -1`.
pub(crate) fn numbers<T: ToString>(list: &[T]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
