//! OpenSpiel as an outside oracle for `maedn`: a game OpenSpiel played
//! (seeded random, `tools/openspiel_maedn.py`) is replayed in goti action
//! by action; after every throw the player to act, before every action the
//! set of legal actions, after every action the ring, the goals and the
//! bases, and at the end the returns must agree. A disagreement comes back
//! as a goti scenario that reproduces it. The game replayed is maedn, or
//! any game that plays as it ([`AsMaedn`]: race's description of it).

use std::sync::Arc;

use serde::Deserialize;

use crate::engine::{Action, Game, Maedn, Place, Player};

/// A player's action as OpenSpiel's maedn numbers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Pass,
    /// Bring a piece in from base.
    Enter,
    /// Move piece G(k+1) by the die.
    Move(u8),
}

/// As written after `expect legal:`: `pass`, `enter`, `G1`.
impl std::fmt::Display for Pick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pick::Pass => f.write_str("pass"),
            Pick::Enter => f.write_str("enter"),
            Pick::Move(g) => write!(f, "G{}", g + 1),
        }
    }
}

/// A game OpenSpiel's maedn judges: its positions read as OpenSpiel's
/// (route positions, -1 in base), its legal actions as [`Pick`]s.
pub trait AsMaedn: Game {
    /// A new game at a table of `players` (two: opposite or not).
    fn new_table(
        rules: Arc<Self::Rules>,
        players: &[Player],
        opposite: Option<bool>,
    ) -> Result<Self, String>;
    /// The legal actions of the player to move.
    fn picks(&self) -> Vec<Pick>;
    /// The action a scenario writes for a pick.
    fn action(pick: Pick) -> Action;
    /// The route position of `p`'s piece `g` (0-based; -1 in base).
    fn route_at(&self, p: Player, g: usize) -> i8;
    /// `p`'s pieces in base.
    fn in_base_of(&self, p: Player) -> usize;
    /// OpenSpiel's returns (all 0 while the game goes on).
    fn returns_now(&self) -> Vec<i64>;
}

impl AsMaedn for Maedn {
    fn new_table(
        rules: Arc<Self::Rules>,
        players: &[Player],
        opposite: Option<bool>,
    ) -> Result<Maedn, String> {
        Maedn::new_game(rules, players, opposite).map_err(|e| e.message)
    }
    fn picks(&self) -> Vec<Pick> {
        use crate::engine::maedn::Choice;
        self.legal()
            .as_slice()
            .iter()
            .map(|c| match *c {
                Choice::Pass => Pick::Pass,
                Choice::Enter => Pick::Enter,
                Choice::Move(g) => Pick::Move(g),
            })
            .collect()
    }
    fn action(pick: Pick) -> Action {
        use crate::engine::maedn::Choice;
        crate::games::maedn::action_of(match pick {
            Pick::Pass => Choice::Pass,
            Pick::Enter => Choice::Enter,
            Pick::Move(g) => Choice::Move(g),
        })
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

/// One game as OpenSpiel played it.
#[derive(Clone, Debug, Deserialize)]
pub struct GameRecord {
    pub table: String,
    pub players: u8,
    pub opposite: bool,
    pub seed: u64,
    pub steps: Vec<StepRecord>,
    pub returns: Vec<i64>,
}

/// A throw (`roll`, `cur`) or a player's action (`a`, `legal`, and the
/// board after it).
#[derive(Clone, Debug, Deserialize)]
pub struct StepRecord {
    #[serde(default)]
    pub roll: Option<u8>,
    #[serde(default)]
    pub cur: Option<i64>,
    #[serde(default)]
    pub a: Option<u16>,
    #[serde(default)]
    pub legal: Vec<u16>,
    #[serde(default)]
    pub ring: String,
    #[serde(default)]
    pub goal: String,
    #[serde(default)]
    pub out: Vec<u8>,
    /// OpenSpiel's perft from the state after this step: `[depth, histories]`.
    #[serde(default)]
    pub perft: Option<(u32, u64)>,
}

/// Where goti and OpenSpiel disagree, with a scenario that shows it.
#[derive(Clone, Debug)]
pub struct Disagreement {
    pub table: String,
    pub seed: u64,
    pub step: usize,
    pub what: String,
    pub scenario: String,
}

/// The ruleset keys `rules` changes from the game's shipped ones, as `set` lines.
fn changed_keys<G: Game>(rules: &G::Rules) -> Vec<(String, String)> {
    use crate::rules::RulesetParams;
    let (Ok(a), Ok(b)) = (
        serde_yaml::to_value(G::Params::shipped()),
        serde_yaml::to_value(G::params(rules)),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    diff_values("", &a, &b, &mut out);
    out
}

fn diff_values(
    path: &str,
    a: &serde_yaml::Value,
    b: &serde_yaml::Value,
    out: &mut Vec<(String, String)>,
) {
    match (a, b) {
        (serde_yaml::Value::Mapping(x), serde_yaml::Value::Mapping(y)) => {
            for (k, v) in y {
                let key = k.as_str().unwrap_or("");
                let sub = if path.is_empty() {
                    key.to_string()
                } else {
                    format!("{path}.{key}")
                };
                match x.get(k) {
                    Some(w) => diff_values(&sub, w, v, out),
                    None => out.push((
                        sub,
                        serde_yaml::to_string(v)
                            .unwrap_or_default()
                            .trim()
                            .to_string(),
                    )),
                }
            }
        }
        (x, y) if x != y => out.push((
            path.to_string(),
            serde_json::to_string(y).unwrap_or_default(),
        )),
        _ => {}
    }
}

/// OpenSpiel's id of a goti choice for the player to move.
fn action_id<G: AsMaedn>(pos: &G, c: Pick) -> u16 {
    match c {
        Pick::Pass => 0,
        Pick::Enter => 1,
        Pick::Move(g) => 2 + pos.route_at(pos.turn(), g as usize) as u16,
    }
}

/// The goti choice of an OpenSpiel action (a move names the piece of the
/// player to move on that route position).
fn choice_of<G: AsMaedn>(pos: &G, a: u16) -> Option<Pick> {
    let pieces = G::sizes(pos.rules()).pieces as usize;
    match a {
        0 => Some(Pick::Pass),
        1 => Some(Pick::Enter),
        a => {
            let r = (a - 2) as i8;
            (0..pieces)
                .find(|&g| pos.route_at(pos.turn(), g) == r)
                .map(|g| Pick::Move(g as u8))
        }
    }
}

/// The board as OpenSpiel's record writes it: ring owners, goal owners.
fn board<G: AsMaedn>(pos: &G) -> (String, String) {
    let mut ring = vec![b'0'; G::ring(pos.rules()) as usize];
    let mut goal = vec![b'0'; 16];
    let pieces = G::sizes(pos.rules()).pieces;
    for p in pos.players() {
        for g in 1..=pieces {
            match pos.piece(p, crate::engine::PieceId::Numbered(g)).place {
                Place::Ring(f) => ring[f as usize] = b'1' + p.index() as u8,
                // OpenSpiel has four goal fields a player; a longer goal
                // (`--set`) is written as far as theirs goes.
                Place::HomePath(k) => {
                    if let Some(c) = goal.get_mut(4 * p.index() + k as usize - 1) {
                        *c = b'1' + p.index() as u8;
                    }
                }
                _ => {}
            }
        }
    }
    (
        String::from_utf8_lossy(&ring).into_owned(),
        String::from_utf8_lossy(&goal).into_owned(),
    )
}

/// The replay scenario's first lines: where it comes from, the table, the
/// seats and every rule changed from the shipped ones.
fn header_lines<G: Game>(
    game: &GameRecord,
    rules: &G::Rules,
    opposite: Option<bool>,
) -> Vec<String> {
    let mut lines: Vec<String> = vec![
        format!(
            "# OpenSpiel maedn, table {}, seed {}: replayed by `cargo xtask oracle`",
            game.table, game.seed
        ),
        format!("scenario \"openspiel {} seed {}\"", game.table, game.seed),
        format!("rules {}", G::VOCABULARY.name),
        format!("players {}", game.players),
    ];
    if let Some(o) = opposite {
        lines.push(if o { "seats opposite" } else { "seats side" }.into());
    }
    for (key, value) in changed_keys::<G>(rules) {
        lines.push(format!("set {key} = {value}"));
    }
    lines
}

/// The ring as OpenSpiel has it, as expectations, where goti's differs
/// (`0`: an empty field, else the owner's number).
fn ring_expectations(theirs: &str, ours: &str) -> Vec<String> {
    let mut expect = Vec::new();
    for (f, (x, y)) in theirs.bytes().zip(ours.bytes()).enumerate() {
        if x != y {
            expect.push(match x {
                b'0' => format!("expect tile {f} empty"),
                o => format!(
                    "expect tile {f}: P{} G1  # OpenSpiel: a piece of P{}",
                    o - b'0',
                    o - b'0'
                ),
            });
        }
    }
    expect
}

/// Replays `game` in goti; the number of player actions, or the first
/// disagreement.
/// Replays `game`: the player actions compared and the perfts compared.
pub fn replay<G: AsMaedn>(
    game: &GameRecord,
    rules: &Arc<G::Rules>,
) -> Result<(u64, u64), Box<Disagreement>> {
    let players: Vec<Player> = Player::ALL[..game.players.clamp(2, 4) as usize].to_vec();
    let rules = rules.clone();
    let opposite = (game.players == 2).then_some(game.opposite);
    let mut lines = header_lines::<G>(game, &rules, opposite);
    let mut pos = G::new_table(rules, &players, opposite).map_err(|e| {
        Box::new(Disagreement {
            table: game.table.clone(),
            seed: game.seed,
            step: 0,
            what: format!("goti cannot set the table up: {e}"),
            scenario: String::new(),
        })
    })?;
    let disagree = |step: usize, what: String, lines: &[String], expect: Vec<String>| {
        let mut text = lines.join("\n");
        text.push_str(&format!("\n# OpenSpiel and goti disagree here: {what}\n"));
        for e in expect {
            text.push_str(&e);
            text.push('\n');
        }
        Box::new(Disagreement {
            table: game.table.clone(),
            seed: game.seed,
            step,
            what,
            scenario: text,
        })
    };
    let mut actions = 0u64;
    let mut perfts = 0u64;
    let mut events = Vec::new();
    for (i, step) in game.steps.iter().enumerate() {
        if let Some(what) = i
            .checked_sub(1)
            .and_then(|k| perft_differs(&pos, &game.steps[k]))
        {
            return Err(disagree(i, what.0, &lines, vec![what.1]));
        }
        perfts += u64::from(i > 0 && game.steps[i - 1].perft.is_some());
        events.clear();
        if let Some(v) = step.roll {
            if let Some((what, expect)) = wrong_thrower(&pos, step.cur) {
                return Err(disagree(i, what, &lines, expect));
            }
            lines.push(format!("{}: roll {v}", pos.turn()));
            pos = pos
                .apply(&Action::Roll(vec![v]), &mut events)
                .map_err(|r| disagree(i, format!("goti refuses the throw: {r}"), &lines, vec![]))?;
            continue;
        }
        let Some(a) = step.a else {
            return Err(disagree(
                i,
                "a step with neither throw nor action".into(),
                &lines,
                vec![],
            ));
        };
        actions += 1;
        let mut ours: Vec<u16> = pos.picks().iter().map(|&c| action_id(&pos, c)).collect();
        ours.sort_unstable();
        let mut theirs = step.legal.clone();
        theirs.sort_unstable();
        if ours != theirs {
            let words: Vec<String> = theirs
                .iter()
                .map(|&x| choice_of(&pos, x).map_or(format!("<action {x}>"), |c| c.to_string()))
                .collect();
            return Err(disagree(
                i,
                format!("legal actions: OpenSpiel {theirs:?}, goti {ours:?}"),
                &lines,
                vec![format!("expect legal: {}", words.join(" "))],
            ));
        }
        let Some(choice) = choice_of(&pos, a) else {
            return Err(disagree(
                i,
                format!("OpenSpiel's action {a} names no goti piece"),
                &lines,
                vec![],
            ));
        };
        let action = G::action(choice);
        lines.push(crate::selfplay::action_text(&action).replace("next turn", "pass"));
        pos = match pos.apply(&action, &mut events) {
            Ok(p) => p,
            Err(r) => {
                return Err(disagree(
                    i,
                    format!("goti refuses OpenSpiel's action {a}: {r}"),
                    &lines,
                    vec![],
                ))
            }
        };
        if let Err(e) = pos.check_invariants() {
            return Err(disagree(
                i,
                format!("goti invariant broken: {e}"),
                &lines,
                vec![],
            ));
        }
        let (ring, goal) = board(&pos);
        let out: Vec<u8> = pos
            .players()
            .into_iter()
            .map(|p| pos.in_base_of(p) as u8)
            .collect();
        if ring != step.ring || goal != step.goal || out != step.out {
            let expect = ring_expectations(&step.ring, &ring);
            return Err(disagree(
                i,
                format!(
                    "after action {a}: OpenSpiel ring {} goal {} base {:?}; goti ring {ring} goal {goal} base {out:?}",
                    step.ring, step.goal, step.out
                ),
                &lines,
                expect,
            ));
        }
    }
    if let Some(last) = game.steps.last() {
        if let Some(what) = perft_differs(&pos, last) {
            return Err(disagree(game.steps.len(), what.0, &lines, vec![what.1]));
        }
        perfts += u64::from(last.perft.is_some());
    }
    let ours = pos.returns_now();
    if ours != game.returns || !pos.is_over() {
        let words: Vec<String> = game.returns.iter().map(ToString::to_string).collect();
        return Err(disagree(
            game.steps.len(),
            format!("returns: OpenSpiel {:?}, goti {ours:?}", game.returns),
            &lines,
            vec![format!("expect returns {}", words.join(" "))],
        ));
    }
    Ok((actions, perfts))
}

/// Where OpenSpiel's player to throw (`cur`, 0-based) is not goti's: what
/// differs and the expectation that shows it.
fn wrong_thrower<G: Game>(pos: &G, cur: Option<i64>) -> Option<(String, Vec<String>)> {
    let cur = cur.unwrap_or(-1);
    (cur != pos.turn().index() as i64).then(|| {
        (
            format!(
                "OpenSpiel's player to throw is P{}, goti's {}",
                cur + 1,
                pos.turn()
            ),
            vec![format!("expect turn P{}", cur + 1)],
        )
    })
}

/// Where OpenSpiel's perft after `step` (if it gave one) differs from
/// goti's from `pos`: what differs and the expectation that shows it.
fn perft_differs<G: Game>(pos: &G, step: &StepRecord) -> Option<(String, String)> {
    let (depth, theirs) = step.perft?;
    let mut budget = crate::engine::legal::Budget::new(50_000_000);
    match crate::engine::legal::perft(pos, depth, &mut budget) {
        Ok(ours) if ours == theirs => None,
        ours => Some((
            format!("perft {depth}: OpenSpiel {theirs}, goti {ours:?}"),
            format!("expect perft {depth} = {theirs}"),
        )),
    }
}

/// One chunk of OpenSpiel games: a table (`2o`, `2s`, `3`, `4`), the first
/// game's number and how many.
pub type Chunk = (String, u64, u64);

/// What the chunks gave: games read, player actions compared, the
/// disagreements (sorted by table and seed) and the failures of OpenSpiel.
#[derive(Debug, Default)]
pub struct Judged {
    pub games: u64,
    pub actions: u64,
    /// Perfts from mid-game positions compared.
    pub perfts: u64,
    pub found: Vec<Disagreement>,
    pub failures: Vec<String>,
}

/// Runs OpenSpiel (`py script`) for every chunk, one process per chunk on
/// `jobs` threads (rayon), and replays each game it prints in goti.
pub fn judge_chunks<G: AsMaedn>(
    (py, script): (&std::path::Path, &std::path::Path),
    seed: u64,
    work: &[Chunk],
    rules: &Arc<G::Rules>,
    jobs: usize,
) -> Judged {
    use rayon::prelude::*;
    let run = || {
        work.par_iter()
            .map(|chunk| judge_chunk::<G>((py, script), seed, chunk, rules))
            .collect::<Vec<Judged>>()
    };
    let parts = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    let mut all = Judged::default();
    for p in parts {
        all.games += p.games;
        all.actions += p.actions;
        all.perfts += p.perfts;
        all.found.extend(p.found);
        all.failures.extend(p.failures);
    }
    all.found
        .sort_by(|a, b| (a.table.as_str(), a.seed).cmp(&(b.table.as_str(), b.seed)));
    all
}

/// One OpenSpiel process: its games read as they come, each replayed.
fn judge_chunk<G: AsMaedn>(
    (py, script): (&std::path::Path, &std::path::Path),
    seed: u64,
    (table, first, n): &Chunk,
    rules: &Arc<G::Rules>,
) -> Judged {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut out = Judged::default();
    let child = Command::new(py)
        .arg(script)
        .args(["--table", table, "--games", &n.to_string()])
        .args(["--seed", &seed.to_string(), "--first", &first.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            out.failures.push(format!("cannot start OpenSpiel: {e}"));
            return out;
        }
    };
    let Some(stdout) = child.stdout.take() else {
        return out;
    };
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        let game: GameRecord = match serde_json::from_str(&line) {
            Ok(g) => g,
            Err(e) => {
                out.failures
                    .push(format!("unreadable game from OpenSpiel: {e}"));
                break;
            }
        };
        out.games += 1;
        match replay::<G>(&game, rules) {
            Ok((a, p)) => {
                out.actions += a;
                out.perfts += p;
            }
            Err(d) => out.found.push(*d),
        }
    }
    match child.wait_with_output() {
        Ok(o) if o.status.success() && out.games == *n => {}
        Ok(o) => out.failures.push(format!(
            "OpenSpiel (table {table}, games {first}..{}) gave {} of {n} games: {}",
            first + n,
            out.games,
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .last()
                .unwrap_or("")
        )),
        Err(e) => out.failures.push(format!("OpenSpiel failed: {e}")),
    }
    out
}
