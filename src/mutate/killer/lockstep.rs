//! Where the real rules and the mutant part: a game replayed under both
//! from the same new game, stopped at the first action an expectation
//! tells apart, and the game shrunk while they still part there.

use super::*;

/// Where a replay parts: the turn and action, and what tells it.
#[derive(Clone, Debug)]
pub(super) struct Difference {
    pub(super) turn: usize,
    pub(super) action: usize,
    pub(super) refused: bool,
    pub(super) expectations: Vec<Expectation>,
}

pub(super) enum Lockstep {
    /// An action of the record is refused by the real rules (a bad shrink).
    Invalid,
    Same,
    Parts(Difference),
}

/// Replays `record` under both drivers from `start` (else a new game);
/// the first action whose outcome differs visibly, and how many positions
/// were compared.
pub(super) fn lockstep<D: Driver>(
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
pub(super) fn said<G: Played>(pos: &G) -> BTreeMap<String, String> {
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
pub(super) fn told_apart<G: Played>(b: &G, m: &G, eb: &[Event], em: &[Event]) -> Vec<Expectation> {
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
pub(super) fn moves(e: &Event, p: Player, id: PieceId) -> bool {
    match &e.what {
        What::Step { piece, .. }
        | What::Moved { piece, .. }
        | What::Advanced { piece, .. }
        | What::Entered { piece, .. }
        | What::Reached { piece, .. } => e.player == p && *piece == id,
        What::Own(own) => own.kind.moves && e.player == p && own.piece == Some(id),
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
pub(super) fn decided_by(
    subject: &str,
    events: &[Event],
    mutant: &[Event],
) -> Option<&'static str> {
    only_in(subject, events, mutant)
        .or_else(|| naming_events(subject, events).last().map(|e| e.rule.0))
}

/// The rule of `events` that `other` does not cite: the last of those
/// naming `subject`, else the first of the action's (where the two
/// rulesets part).
pub(super) fn only_in(subject: &str, events: &[Event], other: &[Event]) -> Option<&'static str> {
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
pub(super) fn naming_events<'e>(subject: &str, events: &'e [Event]) -> Vec<&'e Event> {
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
                What::Own(own) => e.player == p && own.kind.changes.contains(&what),
                What::Captured { victim, .. } | What::KingPenalty { victim, .. } => {
                    (e.player == p || *victim == p) && matches!(what, "battle" | "score")
                }
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
pub(super) fn stops(e: &Event, p: Player, id: PieceId) -> bool {
    match &e.what {
        What::Blocked { pieces, .. } => e.player == p && pieces.contains(&id),
        What::NotBlocked { .. } => e.player == p,
        _ => false,
    }
}

/// The record up to and including the parting action.
pub(super) fn cut(record: &Record, d: &Difference) -> Record {
    let mut r = record.clone();
    r.turns.truncate(d.turn + 1);
    if let Some(last) = r.turns.last_mut() {
        last.truncate(d.action + 1);
    }
    r
}

/// Removes whole rounds, then single turns (never the parting turn), while
/// every action stays legal under the real rules and the rules still part.
pub(super) fn shrink<D: Driver>(
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
