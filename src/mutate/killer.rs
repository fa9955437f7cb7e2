//! A scenario that kills a surviving mutant (`goti mutate --write`):
//! seeded self-play games under the real rules, replayed action by action
//! under the mutant from the same new game, stopped at the first action
//! whose outcome an expectation can tell apart (a piece's place or steps,
//! a number, whose turn, the winner, a rule applied, or the action refused);
//! the game then shrunk (whole rounds, then single turns, removed while
//! the rules still part there) and written as a scenario whose expectations
//! are what the real rules give. Pure: the CLI verifies and writes.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::Arc;
use std::time::Instant;

use crate::engine::{Action, Event, Game, Mode, PieceId, Player, What, Word};
use crate::runner::games::Played;
use crate::runner::position::{PairVisitor, Position};
use crate::selfplay::{self, action_text, Config, Driver, Policy, Record};

/// How long and how wide to search.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// The first game seed; game `i` plays seed `seed + i`.
    pub seed: u64,
    /// At most this many games.
    pub games: u64,
    /// Stop starting games after this instant.
    pub deadline: Instant,
    pub max_turns: u32,
}

/// An expectation of the real rules that the mutant breaks, and the rule
/// whose event decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub line: String,
    pub rule: Option<&'static str>,
    /// The rule the mutant's events cite instead, where one names the
    /// subject and the real rules' events do not cite it.
    pub instead: Option<&'static str>,
}

/// A position a passing scenario of the suite ends in, under the real
/// rules and under the mutant, with the scenario's text: the search plays
/// on from there before it tries new games.
#[derive(Clone, Debug)]
pub struct Start {
    pub base: Position,
    pub mutant: Position,
    /// The scenario as written (the file's header statements first).
    pub text: String,
    /// `FILE:LINE NAME`.
    pub name: String,
}

/// Where the real rules and the mutant part.
#[derive(Clone, Debug)]
pub struct Parting {
    /// The candidate's id (`Seek::skip` takes it to try another).
    pub id: u64,
    /// The scenario it plays on from (`Start::name`, `Start::text`), if any:
    /// `record` starts at its end.
    pub from: Option<(String, String)>,
    pub record: Record,
    /// Turns in the game before shrinking (up to the parting action).
    pub turns_before: usize,
    /// The mutant refuses the last action.
    pub refused: bool,
    pub expectations: Vec<Expectation>,
    /// The scenario's header and set-up lines (its game, mode, players).
    pub header: String,
    /// The set-up lines of the position before the parting turn, where the
    /// game can write them: a shorter scenario of that turn alone.
    pub tail: Option<String>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub enum Searched {
    /// A game that parts the two rulesets, shrunk.
    Parts(Box<Parting>),
    /// No difference in `games` games and `positions` positions.
    Same { games: u64, positions: u64 },
}

/// Searches games that part `base` from `mutant` (rules of one game).
pub struct Seek<'a> {
    pub search: &'a Search,
    /// Candidates already tried and refused by the caller's check (their ids).
    pub skip: &'a BTreeSet<u64>,
    /// Where the suite's passing scenarios end (any game; the search takes its own).
    pub starts: &'a [Start],
}

impl PairVisitor for Seek<'_> {
    type Out = Searched;
    fn visit<G: Played>(self, base: &Arc<G::Rules>, mutant: &Arc<G::Rules>) -> Searched {
        match from_starts::<G>(self.search, self.skip, self.starts) {
            (Some(found), _, _) => found,
            (None, games, positions) => match seek::<G>(base, mutant, self.search, self.skip) {
                Searched::Same {
                    games: g,
                    positions: p,
                } => Searched::Same {
                    games: g + games,
                    positions: p + positions,
                },
                found => found,
            },
        }
    }
}

/// The table and mode of game `i`: 2, 3 and 4 players in turn; royal's
/// Journey and Clash in turn (other games ignore the mode).
fn table_of(i: u64) -> (u8, Mode) {
    let players = 2 + (i % 3) as u8;
    let mode = if (i / 3) % 2 == 0 {
        Mode::Journey
    } else {
        Mode::Clash
    };
    (players, mode)
}

fn seek<G: Played>(
    base: &Arc<G::Rules>,
    mutant: &Arc<G::Rules>,
    search: &Search,
    skip: &BTreeSet<u64>,
) -> Searched {
    let mut positions = 0u64;
    let mut games = 0u64;
    for i in 0..search.games {
        if Instant::now() >= search.deadline {
            break;
        }
        let seed = search.seed + i;
        let (players, mode) = table_of(i);
        let b = G::driver(base.clone(), mode, Policy::Random);
        let m = G::driver(mutant.clone(), mode, Policy::Random);
        let cfg = Config {
            players,
            max_turns: search.max_turns,
        };
        let Some(record) = selfplay::record_game(&b, seed, &cfg) else {
            continue;
        };
        games += 1;
        if skip.contains(&seed) {
            continue;
        }
        let (found, compared) = lockstep(&b, &m, None, &record);
        positions += compared;
        let Lockstep::Parts(d) = found else {
            continue;
        };
        return Searched::Parts(Box::new(parting(&b, &m, None, seed, record, d)));
    }
    Searched::Same { games, positions }
}

/// Games played on from each start, at most this many per start.
const GAMES_PER_START: u64 = 3;
/// Candidate ids of starts: apart from new games' seeds.
const START_ID: u64 = 1 << 62;

/// Searches on from where the suite's scenarios end: first the end itself
/// (the two rulesets may already disagree on something no expectation
/// checks), then seeded self-play from the next turn. The parting found,
/// else how many games and positions were compared.
fn from_starts<G: Played>(
    search: &Search,
    skip: &BTreeSet<u64>,
    starts: &[Start],
) -> (Option<Searched>, u64, u64) {
    let (mut games, mut positions) = (0u64, 0u64);
    let typed: Vec<(u64, &Start, &G, &G)> = starts
        .iter()
        .enumerate()
        .filter_map(|(si, s)| {
            let id0 = START_ID + (si as u64) * (GAMES_PER_START + 1);
            Some((id0, s, s.base.as_game::<G>()?, s.mutant.as_game::<G>()?))
        })
        .collect();
    // Every end first (cheap), then games from each; new games keep half the budget.
    let now = Instant::now();
    let half = now + search.deadline.saturating_duration_since(now) / 2;
    for pass in [0, 1] {
        for &(id0, start, b0, m0) in &typed {
            if let Some(found) = from_start(
                search,
                skip,
                pass,
                half,
                (id0, start, b0, m0),
                &mut games,
                &mut positions,
            ) {
                return (Some(found), games, positions);
            }
        }
    }
    (None, games, positions)
}

/// One start of [`from_starts`]: its end (`pass` 0) or games on from it (1).
fn from_start<G: Played>(
    search: &Search,
    skip: &BTreeSet<u64>,
    pass: u8,
    deadline: Instant,
    (id0, start, b0, m0): (u64, &Start, &G, &G),
    games: &mut u64,
    positions: &mut u64,
) -> Option<Searched> {
    {
        let from = Some((start.name.clone(), start.text.clone()));
        if pass == 0 {
            *positions += 1;
        }
        let at_end = if pass == 0 {
            told_apart(b0, m0, &[], &[])
        } else {
            Vec::new()
        };
        if !at_end.is_empty() && !skip.contains(&id0) {
            let found = Parting {
                id: id0,
                from,
                record: Record {
                    seed: 0,
                    players: b0.players(),
                    turns: Vec::new(),
                },
                turns_before: 0,
                refused: false,
                expectations: at_end,
                header: String::new(),
                tail: None,
            };
            return Some(Searched::Parts(Box::new(found)));
        }
        if pass == 0 || Instant::now() >= deadline {
            return None;
        }
        let mut ev = Vec::new();
        let next = b0.apply(&Action::NextTurn, &mut ev).ok()?;
        let mode = b0.play_mode();
        let b = G::driver(b0.rules().clone(), mode, Policy::Random);
        let m = G::driver(m0.rules().clone(), mode, Policy::Random);
        let cfg = Config {
            players: b0.players().len() as u8,
            max_turns: search.max_turns,
        };
        for k in 0..GAMES_PER_START {
            if Instant::now() >= deadline {
                break;
            }
            let id = id0 + 1 + k;
            let seed = search.seed + k;
            let Some(mut record) = selfplay::record_from(&b, next.clone(), seed, &cfg) else {
                continue;
            };
            // The scenario's turn ends first.
            record.turns.insert(0, vec![Action::NextTurn]);
            *games += 1;
            if skip.contains(&id) {
                continue;
            }
            let (found, compared) = lockstep(&b, &m, Some((b0, m0)), &record);
            *positions += compared;
            let Lockstep::Parts(d) = found else {
                continue;
            };
            let mut found = parting(&b, &m, Some((b0, m0)), id, record, d);
            found.from = from;
            return Some(Searched::Parts(Box::new(found)));
        }
    }
    None
}

/// The parting `d` of `record` (from `start`, else a new game), shrunk,
/// with the set-up before its last turn where the game can write one.
fn parting<D: Driver>(
    b: &D,
    m: &D,
    start: Option<(&D::Game, &D::Game)>,
    id: u64,
    record: Record,
    d: Difference,
) -> Parting
where
    D::Game: Played,
{
    let turns_before = d.turn + 1;
    let (record, d) = shrink(b, m, start, cut(&record, &d), d);
    let tail = before_last_turn(b, start.map(|s| s.0), &record).and_then(|pos| pos.setup_lines());
    Parting {
        id,
        from: None,
        tail,
        header: b.replay_header(&record),
        record,
        turns_before,
        refused: d.refused,
        expectations: d.expectations,
    }
}

/// The position before the record's last turn, under the real rules.
fn before_last_turn<D: Driver>(
    base: &D,
    start: Option<&D::Game>,
    record: &Record,
) -> Option<D::Game> {
    let mut pos = match start {
        Some(pos) => pos.clone(),
        None => base.new_game(&record.players).ok()?,
    };
    let mut events = Vec::new();
    let n = record.turns.len().saturating_sub(1);
    for action in record.turns[..n].iter().flatten() {
        pos = pos.apply(action, &mut events).ok()?;
    }
    Some(pos)
}

/// Where a replay parts: the turn and action, and what tells it.
#[derive(Clone, Debug)]
struct Difference {
    turn: usize,
    action: usize,
    refused: bool,
    expectations: Vec<Expectation>,
}

enum Lockstep {
    /// An action of the record is refused by the real rules (a bad shrink).
    Invalid,
    Same,
    Parts(Difference),
}

/// Replays `record` under both drivers from `start` (else a new game);
/// the first action whose outcome differs visibly, and how many positions
/// were compared.
fn lockstep<D: Driver>(
    base: &D,
    mutant: &D,
    start: Option<(&D::Game, &D::Game)>,
    record: &Record,
) -> (Lockstep, u64)
where
    D::Game: Played,
{
    let started = match start {
        Some((b, m)) => (Ok(b.clone()), Ok(m.clone())),
        None => (
            base.new_game(&record.players),
            mutant.new_game(&record.players),
        ),
    };
    let (Ok(mut b), Ok(mut m)) = started else {
        return (Lockstep::Invalid, 0);
    };
    let (mut eb, mut em) = (Vec::new(), Vec::new());
    let mut n = 0;
    for (t, turn) in record.turns.iter().enumerate() {
        for (k, action) in turn.iter().enumerate() {
            n += 1;
            eb.clear();
            em.clear();
            let Ok(next_b) = b.apply(action, &mut eb) else {
                return (Lockstep::Invalid, n);
            };
            match m.apply(action, &mut em) {
                Err(_) => {
                    let expectations = told_apart(&next_b, &m, &eb, &[]);
                    return (
                        Lockstep::Parts(Difference {
                            turn: t,
                            action: k,
                            refused: true,
                            expectations,
                        }),
                        n,
                    );
                }
                Ok(next_m) => {
                    let expectations = told_apart(&next_b, &next_m, &eb, &em);
                    if !expectations.is_empty() {
                        return (
                            Lockstep::Parts(Difference {
                                turn: t,
                                action: k,
                                refused: false,
                                expectations,
                            }),
                            n,
                        );
                    }
                    m = next_m;
                }
            }
            b = next_b;
        }
    }
    (Lockstep::Same, n)
}

/// What an expectation can say of a position, by subject (`P1 G2`,
/// `P1 G2 steps`, `turn`, `winner`, `P1 battle`, ...).
fn said<G: Played>(pos: &G) -> BTreeMap<String, String> {
    let words = G::VOCABULARY;
    let mut out = BTreeMap::new();
    let mut ids: Vec<PieceId> = (1..=words.pieces).map(PieceId::Numbered).collect();
    if words.allows(Word::King) {
        ids.push(PieceId::King);
    }
    for p in pos.players() {
        for &id in ids.iter().filter(|&&id| pos.has_piece(id)) {
            let piece = pos.piece(p, id);
            out.insert(
                format!("{p} {id}"),
                format!("{p} {id} {}", words.place_words(piece.place)),
            );
            out.insert(
                format!("{p} {id} steps"),
                format!("{p} {id} steps {}", piece.steps),
            );
            if words.allows(Word::Midpoint) && piece.place.in_play() {
                let side = if piece.midpoint { "past" } else { "before" };
                out.insert(
                    format!("{p} {id} midpoint"),
                    format!("{p} {id} {side} midpoint"),
                );
            }
        }
    }
    out.insert("turn".into(), format!("turn {}", pos.turn()));
    if let Some(first) = pos.final_standings().and_then(|s| s.first()) {
        out.insert("winner".into(), format!("winner {first}"));
    }
    if pos.is_over() {
        out.insert("game over".into(), "game over".into());
    }
    out.extend(pos.told());
    out
}

/// The real rules' expectations after an action that the mutant's
/// position `m` (after the same action, or before it where refused) breaks;
/// a piece's steps only where its place agrees.
fn told_apart<G: Played>(b: &G, m: &G, eb: &[Event], em: &[Event]) -> Vec<Expectation> {
    let (sb, sm) = (said(b), said(m));
    let mut out = Vec::new();
    for (subject, line) in &sb {
        if sm.get(subject) == Some(line) {
            continue;
        }
        let piece = subject
            .strip_suffix(" steps")
            .or_else(|| subject.strip_suffix(" midpoint"));
        if piece.is_some_and(|piece| sb.get(piece) != sm.get(piece)) {
            continue;
        }
        out.push(Expectation {
            line: line.clone(),
            rule: decided_by(subject, eb, em),
            instead: only_in(subject, em, eb),
        });
    }
    let theirs: BTreeSet<&str> = em.iter().map(|e| e.rule.0).collect();
    let mut mine: Vec<&'static str> = Vec::new();
    for e in eb {
        if !theirs.contains(e.rule.0) && !mine.contains(&e.rule.0) {
            mine.push(e.rule.0);
        }
    }
    for rule in mine {
        out.push(Expectation {
            line: format!("applied {rule}"),
            rule: Some(rule),
            instead: None,
        });
    }
    out
}

/// The piece an event moves or takes, if any.
fn moves(e: &Event, p: Player, id: PieceId) -> bool {
    match &e.what {
        What::Step { piece, .. }
        | What::Moved { piece, .. }
        | What::Advanced { piece, .. }
        | What::Entered { piece, .. }
        | What::Reached { piece, .. }
        | What::Fell { piece, .. }
        | What::Climbed { piece, .. }
        | What::Jumped { piece, .. }
        | What::Midpoint { piece, .. }
        | What::HomePath { piece } => e.player == p && *piece == id,
        What::Exited { guard, .. } => e.player == p && id == PieceId::Numbered(*guard),
        What::Captured { victim, pieces, .. } => *victim == p && pieces.contains(&id),
        What::KingPenalty { victim, guards, .. } => {
            *victim == p && guards.iter().any(|g| id == PieceId::Numbered(*g))
        }
        _ => false,
    }
}

/// The rule that decided `subject` under the real rules: of the events of
/// the action that name it (that move, stop or take the piece, or for a
/// player's number that player's), the last whose rule the mutant's
/// events (`mutant`) do not cite — the rule the two rulesets part on (a
/// fort, a blockade) —; else the first such rule of the action; else the
/// last event naming it; `None` where none does.
fn decided_by(subject: &str, events: &[Event], mutant: &[Event]) -> Option<&'static str> {
    only_in(subject, events, mutant)
        .or_else(|| naming_events(subject, events).last().map(|e| e.rule.0))
}

/// The rule of `events` that `other` does not cite: the last of those
/// naming `subject`, else the first of the action's (where the two
/// rulesets part).
fn only_in(subject: &str, events: &[Event], other: &[Event]) -> Option<&'static str> {
    let theirs: BTreeSet<&str> = other.iter().map(|e| e.rule.0).collect();
    naming_events(subject, events)
        .iter()
        .rev()
        .find(|e| !theirs.contains(e.rule.0))
        .copied()
        .or_else(|| events.iter().find(|e| !theirs.contains(e.rule.0)))
        .map(|e| e.rule.0)
}

/// The events of an action that name `subject`: a piece's moves, stops and
/// captures, or a player's events behind one of its numbers.
fn naming_events<'e>(subject: &str, events: &'e [Event]) -> Vec<&'e Event> {
    let mut words = subject.split(' ');
    let player = words
        .next()
        .and_then(|w| Player::ALL.iter().copied().find(|p| p.to_string() == w));
    let piece = words.next().and_then(|w| {
        (1..=9)
            .map(PieceId::Numbered)
            .chain([PieceId::King])
            .find(|id| id.to_string() == w)
    });
    match (player, piece) {
        (Some(p), Some(id)) => events
            .iter()
            .filter(|e| moves(e, p, id) || stops(e, p, id))
            .collect(),
        (Some(p), None) => {
            let what = subject.rsplit(' ').next().unwrap_or("");
            let of = |e: &&Event| match &e.what {
                What::Points { .. } | What::Penalty { .. } => {
                    e.player == p && matches!(what, "battle" | "score")
                }
                What::Captured { victim, .. } | What::KingPenalty { victim, .. } => {
                    (e.player == p || *victim == p) && matches!(what, "battle" | "score")
                }
                What::Credit { .. } | What::CreditLost => e.player == p && what == "credits",
                What::Dealt { .. }
                | What::RollsKept { .. }
                | What::Discarded { .. }
                | What::RollsSpent { .. } => e.player == p && what == "store",
                What::Tokens { .. } => what == "tokens",
                What::Moved { .. } | What::Step { .. } | What::Advanced { .. } => {
                    e.player == p && what == "score"
                }
                _ => false,
            };
            events.iter().filter(of).collect()
        }
        // The turn, the winner, the game's end: every event of the action.
        _ => events.iter().collect(),
    }
}

/// Whether `e` stops `p`'s piece `id` (a blockade) or lets it pass one.
fn stops(e: &Event, p: Player, id: PieceId) -> bool {
    match &e.what {
        What::Blocked { pieces, .. } => e.player == p && pieces.contains(&id),
        What::NotBlocked { .. } => e.player == p,
        _ => false,
    }
}

/// The record up to and including the parting action.
fn cut(record: &Record, d: &Difference) -> Record {
    let mut r = record.clone();
    r.turns.truncate(d.turn + 1);
    if let Some(last) = r.turns.last_mut() {
        last.truncate(d.action + 1);
    }
    r
}

/// Removes whole rounds, then single turns (never the parting turn), while
/// every action stays legal under the real rules and the rules still part.
fn shrink<D: Driver>(
    base: &D,
    mutant: &D,
    start: Option<(&D::Game, &D::Game)>,
    record: Record,
    d: Difference,
) -> (Record, Difference)
where
    D::Game: Played,
{
    let mut best = (record, d);
    for chunk in [best.0.players.len(), 1] {
        let mut i = 0;
        while i + chunk < best.0.turns.len() {
            let mut candidate = best.0.clone();
            candidate.turns.drain(i..i + chunk);
            match lockstep(base, mutant, start, &candidate).0 {
                Lockstep::Parts(d) => best = (cut(&candidate, &d), d),
                _ => i += chunk,
            }
        }
    }
    best
}

/// The scenario text of a parting, headed by what it kills: from the
/// set-up of the position before the parting turn (`tail`) or replaying
/// the whole game from a new one.
pub fn scenario_text(game: &str, mutant: &str, set: &str, p: &Parting, tail: bool) -> String {
    let mut out = String::new();
    let turns = p.record.turns.len();
    let setup = p.tail.as_deref().filter(|_| tail);
    kill_header(&mut out, game, mutant, set);
    let shrunk = if setup.is_some() {
        format!("set up at its turn {turns}, the turn where the rules part")
    } else {
        format!("shrunk from {} to {turns} turns", p.turns_before)
    };
    match (&p.from, setup) {
        (Some((name, _)), None) if turns == 0 => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write`: the suite's scenario {name}, with what its end says under the real rules."
            );
        }
        (Some((name, _)), None) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write`: the suite's scenario {name}, played on by self-play (game seed {}), {shrunk}.",
                p.record.seed
            );
        }
        (Some((name, _)), Some(_)) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write` from self-play (game seed {}) on from the end of the suite's scenario {name}, {shrunk}.",
                p.record.seed
            );
        }
        (None, _) => {
            let _ = writeln!(
                out,
                "# Written by `goti mutate --write` from self-play (game seed {}, {} players), {shrunk}.",
                p.record.seed,
                p.record.players.len(),
            );
        }
    }
    let _ = writeln!(
        out,
        "# The expectations are what this build's engine gives under the real rules:"
    );
    let _ = writeln!(
        out,
        "# check each against the rulebook before moving the file into the scenarios."
    );
    let _ = writeln!(out, "scenario \"kills {mutant}\"");
    let skip = match setup {
        Some(lines) => {
            // The header's rules and players lines, then the position.
            for line in p.header.lines().take_while(|l| !l.contains(',')).take(2) {
                let _ = writeln!(out, "{line}");
            }
            out.push_str(lines);
            turns.saturating_sub(1)
        }
        None => match &p.from {
            Some((_, text)) => {
                out.push_str(&scenario_body(text));
                0
            }
            None => {
                out.push_str(&p.header);
                0
            }
        },
    };
    for (i, turn) in p.record.turns.iter().enumerate().skip(skip) {
        if turn.is_empty() {
            continue;
        }
        let _ = writeln!(out, "# turn {}", i + 1);
        for a in turn {
            let _ = writeln!(out, "{}", action_text(a));
        }
    }
    if p.refused {
        let _ = writeln!(out, "# (the mutant refuses the action above)");
    }
    let at_end = p.from.is_some() && turns == 0;
    for e in &p.expectations {
        let why = match e.rule {
            _ if at_end => {
                "what the scenario's end gives under the real rules (none of its expectations says it)"
                    .into()
            }
            Some(r) if e.line.starts_with("applied ") => {
                format!("{r} applies here under the real rules, not under the mutant")
            }
            Some(r) => match e.instead {
                Some(m) if m != r => format!(
                    "decided by {r} under the real rules; under the mutant, {m} decides instead"
                ),
                _ => format!("decided by {r} (the last event of the action above to name it)"),
            },
            None => "no event of the action above names it: the state before it".into(),
        };
        let _ = writeln!(out, "# {why}");
        let _ = writeln!(out, "expect {}", e.line);
    }
    out
}

/// Every set-up one step simpler than `tail` (the lines `setup_lines`
/// writes): a piece's `steps N` or midpoint side left for the set-up to
/// derive, one roll fewer in a store, a number (credits, battle, tokens)
/// halved towards 0. The `turn` line is kept.
pub fn simpler(tail: &str) -> Vec<String> {
    let lines: Vec<Vec<String>> = tail
        .lines()
        .map(|l| l.split(", ").map(str::to_string).collect())
        .collect();
    let mut out = Vec::new();
    for (li, parts) in lines.iter().enumerate() {
        if parts.len() == 1 && parts[0].starts_with("turn ") {
            continue;
        }
        for (pi, part) in parts.iter().enumerate() {
            for variant in simpler_part(part) {
                let mut next = lines.clone();
                next[li][pi] = variant;
                let text: String = next.iter().map(|l| l.join(", ") + "\n").collect();
                out.push(text);
            }
        }
    }
    out
}

/// One set-up part made simpler, every way (see [`simpler`]).
fn simpler_part(part: &str) -> Vec<String> {
    let words: Vec<&str> = part.split(' ').collect();
    let mut out = Vec::new();
    let joined = |w: &[&str]| w.join(" ");
    // `steps N` (and the midpoint side) left out: the set-up derives them.
    if let Some(i) = words.iter().position(|w| *w == "steps") {
        if i + 1 < words.len() {
            let mut w = words.clone();
            w.drain(i..i + 2);
            out.push(joined(&w));
        }
    }
    if let Some(i) = words.iter().position(|w| *w == "midpoint") {
        if i > 0 && matches!(words[i - 1], "past" | "before") {
            let mut w = words.clone();
            w.drain(i - 1..=i);
            out.push(joined(&w));
        }
    }
    if let Some(i) = words.iter().position(|w| *w == "store") {
        let rolls = &words[i + 1..];
        if rolls.len() > 1 {
            let mut seen = BTreeSet::new();
            for (j, roll) in rolls.iter().enumerate() {
                if seen.insert(*roll) {
                    let mut w = words.clone();
                    w.remove(i + 1 + j);
                    out.push(joined(&w));
                }
            }
        }
    }
    if let [.., key, n] = words[..] {
        if matches!(key, "credits" | "battle" | "tokens") {
            if let Ok(v) = n.parse::<i64>() {
                let mut values = vec![0, v / 2];
                values.retain(|&x| x != v);
                values.dedup();
                for x in values {
                    let mut w = words.clone();
                    let last = w.len() - 1;
                    let x = x.to_string();
                    w[last] = &x;
                    out.push(joined(&w));
                }
            }
        }
    }
    out
}

/// A proposal's first lines: the mutant it kills and the `--set` that fails on it.
fn kill_header(out: &mut String, game: &str, mutant: &str, set: &str) {
    let _ = writeln!(out, "# Kills the {game} mutant `{mutant}`:");
    let _ = writeln!(
        out,
        "# `goti run --set {set}` fails on this file; `goti run` passes."
    );
}

/// A suite scenario that passes under the real rules but for its snapshots
/// and fails under the mutant, as a scenario of its own without them: it
/// kills once its snapshots no longer stand in the way.
pub fn unsnapshotted_text(mutant: &str, set: &str, game: &str, name: &str, text: &str) -> String {
    let mut out = String::new();
    kill_header(&mut out, game, mutant, set);
    let _ = writeln!(
        out,
        "# Written by `goti mutate --write`: the suite's scenario {name}, without its snapshots,"
    );
    let _ = writeln!(
        out,
        "# which fail under the real rules (review them with `goti accept`): its expectations kill the mutant."
    );
    let _ = writeln!(out, "scenario \"kills {mutant}\"");
    out.push_str(&scenario_body(text));
    out
}

/// A suite scenario's text without its `scenario` line and its `snapshot`
/// statements (the written file is a new scenario, with no snapshot).
fn scenario_body(text: &str) -> String {
    let mut out = String::new();
    let mut named = false;
    for line in text.lines() {
        if !named && line.trim_start().starts_with("scenario ") {
            named = true;
            continue;
        }
        let kept: Vec<&str> = line
            .split(';')
            .filter(|part| part.trim() != "snapshot" && !part.trim().starts_with("snapshot "))
            .collect();
        if kept.iter().any(|k| !k.trim().is_empty()) || line.trim().is_empty() {
            out.push_str(kept.join(";").trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{scenario_body, simpler};

    #[test]
    fn a_suite_scenario_is_copied_without_its_name_and_snapshots() {
        let text = "rules portal\nscenario \"x\"\n# why\nP1 G1 on 3; move G1 2\nsnapshot\nexpect P1 G1 on 1; snapshot\n";
        assert_eq!(
            scenario_body(text),
            "rules portal\n# why\nP1 G1 on 3; move G1 2\nexpect P1 G1 on 1\n"
        );
    }

    #[test]
    fn a_set_up_is_made_simpler_one_step_at_a_time() {
        let tail = "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n";
        let got = simpler(tail);
        let want = [
            "P1 G1 on 22 before midpoint, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 6, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4, P1 credits 3, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 0, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 1, P1 battle -40\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle 0\nturn P1\n",
            "P1 G1 on 22 before midpoint steps 17, P1 store 4 4 6, P1 credits 3, P1 battle -20\nturn P1\n",
        ];
        assert_eq!(got, want);
        // Nothing simpler than a bare place and the turn.
        assert!(simpler("P1 G1 on 22\nturn P1\n").is_empty());
    }
}
