//! Maedn as data, proven: the shipped description (`race.yaml`, RACE.md)
//! against the Rust maedn (MAEDN.md), seeded games played on both in
//! lockstep. At every node: the same ply (the same throws, or the same
//! legal actions in the same order); before each choice, every action a
//! player could name accepted by both or refused by both, by the same rule
//! under its other name; after every action, the same board, turn, die,
//! winner and returns. The two share no rules code (Cargo keeps it: the
//! race crate depends on the engine core alone).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::legal::Ply;
use crate::engine::{Action, Game, Maedn, PieceId, Player, Race};
use crate::error::{Error, ErrorKind};

/// A maedn rule ID under its race name (the rest are named alike).
fn race_name(maedn: &str) -> &str {
    match maedn {
        "dice.one" => "dice.throw",
        "dice.six-again" => "throw.again",
        "enter.six" => "enter.value",
        "board.goal" => "board.home",
        same => same,
    }
}

/// What the lockstep compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreed {
    pub games: u64,
    /// Actions played on both.
    pub actions: u64,
    /// Actions tried on both before a choice (accepted or refused alike).
    pub tried: u64,
}

/// `games` seeded games (seed `seed`) at a table of `players`, compared
/// as the module says; the first disagreement, placed by game and step.
pub fn compare(players: usize, games: u64, seed: u64) -> Result<Agreed, Error> {
    compare_with(crate::rules::shipped_rules::<Race>(), players, games, seed)
}

/// [`compare`] with a race description of the caller's (the tests plant a
/// difference to see it found).
pub fn compare_with(
    race: std::sync::Arc<crate::engine::RaceRules>,
    players: usize,
    games: u64,
    seed: u64,
) -> Result<Agreed, Error> {
    Error::of(ErrorKind::Check, || lockstep(race, players, games, seed))
}

fn lockstep(
    race: std::sync::Arc<crate::engine::RaceRules>,
    players: usize,
    games: u64,
    seed: u64,
) -> Result<Agreed, String> {
    let table = Player::ALL
        .get(..players)
        .ok_or_else(|| format!("a table of {players}: maedn seats 2-4"))?;
    let maedn = Maedn::new_game(crate::rules::shipped_rules::<Maedn>(), table, None)
        .map_err(|e| e.message)?;
    let race = Race::new_game(race, table, None).map_err(|e| e.message)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut agreed = Agreed::default();
    for game in 0..games {
        let (mut m, mut r) = (maedn.clone(), race.clone());
        for step in 0.. {
            let at = |e: String| format!("game {game} (seed {seed}), step {step}: {e}");
            same(&m, &r).map_err(at)?;
            let action = match (m.ply(), r.ply()) {
                (Ply::Over, Ply::Over) => break,
                (Ply::Chance(a), Ply::Chance(b)) if a == b => a[rng.gen_range(0..a.len())].clone(),
                (Ply::Choice, Ply::Choice) => {
                    agreed.tried += same_verdicts(&m, &r).map_err(at)?;
                    let list = m.legal_list(64).map_err(|e| at(format!("{e:?}")))?;
                    list[rng.gen_range(0..list.len())].clone()
                }
                (a, b) => return Err(at(format!("maedn's ply is {a:?}, race's {b:?}"))),
            };
            m = m
                .apply(&action, &mut Vec::new())
                .map_err(|e| at(format!("maedn refuses {action:?}: {e}")))?;
            r = r
                .apply(&action, &mut Vec::new())
                .map_err(|e| at(format!("race refuses {action:?}: {e}")))?;
            agreed.actions += 1;
            if step > 100_000 {
                return Err(at("the game does not end".into()));
            }
        }
        agreed.games += 1;
    }
    Ok(agreed)
}

/// The same legal actions in the same order, and every candidate accepted
/// by both or refused by both by the same rule. Returns the candidates tried.
fn same_verdicts(m: &Maedn, r: &Race) -> Result<u64, String> {
    let texts = |list: Vec<Action>, pos: &dyn Fn(&Action) -> String| -> Vec<String> {
        list.iter().map(pos).collect()
    };
    let lm = texts(m.legal_list(64).map_err(|e| format!("{e:?}"))?, &|a| {
        m.action_text(a)
    });
    let lr = texts(r.legal_list(64).map_err(|e| format!("{e:?}"))?, &|a| {
        r.action_text(a)
    });
    if lm != lr {
        return Err(format!("maedn lists {lm:?}, race {lr:?}"));
    }
    let candidates = m.legal_candidates().unwrap_or_default();
    for a in &candidates {
        let vm = m.apply(a, &mut Vec::new()).map(|_| ()).map_err(|e| e.rule);
        let vr = r.apply(a, &mut Vec::new()).map(|_| ()).map_err(|e| e.rule);
        match (vm, vr) {
            (Ok(()), Ok(())) => {}
            (Err(x), Err(y)) if race_name(x.0) == y.0 => {}
            (x, y) => return Err(format!("{a:?}: maedn {x:?}, race {y:?}")),
        }
    }
    Ok(candidates.len() as u64)
}

/// The same position, read through the trait both implement.
fn same(m: &Maedn, r: &Race) -> Result<(), String> {
    if (m.turn(), m.die(), m.winner()) != (r.turn(), r.die(), r.winner()) {
        return Err(format!(
            "turn, die, winner: maedn {:?}, race {:?}",
            (m.turn(), m.die(), m.winner()),
            (r.turn(), r.die(), r.winner())
        ));
    }
    if m.returns() != r.returns() || m.final_standings() != r.final_standings() {
        return Err(format!(
            "returns {:?} against {:?}, standings {:?} against {:?}",
            m.returns(),
            r.returns(),
            m.final_standings(),
            r.final_standings()
        ));
    }
    for p in Game::players(m) {
        for g in 1..=4 {
            let id = PieceId::Numbered(g);
            let (a, b) = (Game::piece(m, p, id).place, Game::piece(r, p, id).place);
            if a != b {
                return Err(format!("{p} {id}: maedn {a}, race {b}"));
            }
        }
    }
    Ok(())
}

/// OpenSpiel's maedn judges race's description of it as it judges maedn
/// (`cargo xtask oracle --game race`).
impl crate::check::oracle::AsMaedn for Race {
    fn new_table(
        rules: std::sync::Arc<crate::engine::RaceRules>,
        players: &[Player],
        opposite: Option<bool>,
    ) -> Result<Race, String> {
        Race::new_game(rules, players, opposite).map_err(|e| e.message)
    }
    fn picks(&self) -> Vec<crate::check::oracle::Pick> {
        use crate::check::oracle::Pick;
        use crate::engine::race::Choice;
        self.legal()
            .as_slice()
            .iter()
            .map(|c| match *c {
                Choice::Pass => Pick::Pass,
                Choice::Enter(_) => Pick::Enter,
                Choice::Move(g, _) => Pick::Move(g),
            })
            .collect()
    }
    fn action(pick: crate::check::oracle::Pick) -> Action {
        use crate::check::oracle::Pick;
        use crate::engine::race::Choice;
        match pick {
            Pick::Pass => Choice::Pass,
            Pick::Enter => Choice::Enter(0),
            Pick::Move(g) => Choice::Move(g, 0),
        }
        .action()
    }
    fn route_at(&self, p: Player, g: usize) -> i8 {
        self.route(p, g)
    }
    fn in_base_of(&self, p: Player) -> usize {
        self.in_base(p)
    }
    fn returns_now(&self) -> Vec<i64> {
        self.returns()
    }
}

/// What [`side_by_side`] measured: the games and actions replayed, and
/// each general engine's seconds for all of them.
#[derive(Clone, Copy, Debug)]
pub struct Speeds {
    pub games: u64,
    pub actions: u64,
    pub maedn: f64,
    pub race: f64,
}

/// The general engines on the same games: `games` seeded games of random
/// legal actions (and throws) recorded on maedn, then replayed whole on
/// maedn and on race's default description, each timed on one core with
/// its events recorded (as the runner plays); the final positions compared.
pub fn side_by_side(players: usize, games: u64, seed: u64) -> Result<Speeds, Error> {
    Error::of(ErrorKind::Check, || {
        let table = Player::ALL
            .get(..players)
            .ok_or_else(|| format!("a table of {players}: maedn seats 2-4"))?;
        let maedn = Maedn::new_game(crate::rules::shipped_rules::<Maedn>(), table, None)
            .map_err(|e| e.message)?;
        let race = Race::new_game(crate::rules::shipped_rules::<Race>(), table, None)
            .map_err(|e| e.message)?;
        let recorded = record(&maedn, games, seed)?;
        let actions: u64 = recorded.iter().map(|g| g.len() as u64).sum();
        let (m_end, maedn_secs) = replay(&maedn, &recorded)?;
        let (r_end, race_secs) = replay(&race, &recorded)?;
        for (m, r) in m_end.iter().zip(&r_end) {
            same(m, r)?;
        }
        Ok(Speeds {
            games,
            actions,
            maedn: maedn_secs,
            race: race_secs,
        })
    })
}

/// A race description's own games, recorded and replayed as
/// [`side_by_side`] does: the actions and the seconds.
pub fn replay_speed(
    rules: std::sync::Arc<crate::engine::RaceRules>,
    players: usize,
    games: u64,
    seed: u64,
) -> Result<(u64, f64), Error> {
    Error::of(ErrorKind::Check, || {
        let table = Player::ALL
            .get(..players)
            .ok_or_else(|| format!("a table of {players}"))?;
        let start = Race::new_game(rules, table, None).map_err(|e| e.message)?;
        let recorded = record(&start, games, seed)?;
        let actions = recorded.iter().map(|g| g.len() as u64).sum();
        let (_, secs) = replay(&start, &recorded)?;
        Ok((actions, secs))
    })
}

/// `games` seeded games from `start`: a random outcome at each throw, a
/// random legal action at each choice, until the end.
fn record<G: Game>(start: &G, games: u64, seed: u64) -> Result<Vec<Vec<Action>>, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut all = Vec::new();
    for game in 0..games {
        let mut pos = start.clone();
        let mut played = Vec::new();
        loop {
            let a = match pos.ply() {
                Ply::Over => break,
                Ply::Chance(o) => o[rng.gen_range(0..o.len())].clone(),
                Ply::Choice => {
                    let list = pos.legal_list(64).map_err(|e| format!("{e:?}"))?;
                    list[rng.gen_range(0..list.len())].clone()
                }
            };
            if !pos.play_in_place(&a, &mut Vec::new()) || played.len() > 100_000 {
                return Err(format!(
                    "game {game}: {a:?} is refused, or the game does not end"
                ));
            }
            played.push(a);
        }
        all.push(played);
    }
    Ok(all)
}

/// Replays every recorded game from `start` with events recorded: the
/// final positions and the seconds.
fn replay<G: Game>(start: &G, recorded: &[Vec<Action>]) -> Result<(Vec<G>, f64), String> {
    let mut events = Vec::new();
    let mut ends = Vec::with_capacity(recorded.len());
    let started = std::time::Instant::now();
    for game in recorded {
        let mut pos = start.clone();
        for a in game {
            if !pos.play_in_place(a, &mut events) {
                return Err(format!("{a:?} is refused on replay"));
            }
            events.clear();
        }
        ends.push(pos);
    }
    Ok((ends, started.elapsed().as_secs_f64().max(1e-9)))
}
