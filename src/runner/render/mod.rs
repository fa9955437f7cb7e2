//! Text pictures of a position: the snapshot body and the board picture of
//! `goti explain`, in the scenario language's own words. Each game
//! implements [`Render`] in its own folder (`crates/games/GAME/tool/render.rs`);
//! what all games share is here.

use std::fmt::Write;

pub mod png;
pub mod route;
pub mod svg;

use crate::engine::{Event, PieceId, Player, Vocabulary};

pub fn piece_list(pieces: &[(Player, PieceId)]) -> String {
    let mut out = String::new();
    push_piece_list(&mut out, pieces);
    out
}

/// [`piece_list`], written onto `out`.
pub(crate) fn push_piece_list(out: &mut String, pieces: &[(Player, PieceId)]) {
    let mut last: Option<Player> = None;
    for &(p, id) in pieces {
        if last != Some(p) {
            if last.is_some() {
                out.push_str(", ");
            }
            push_player(out, p);
            last = Some(p);
        }
        out.push(' ');
        push_piece(out, id);
    }
}

// Writers of the words `Display` gives, without the formatting machinery:
// a diff renders every step of every scenario on both sides.

/// `n` in decimal, as `Display` writes it.
pub(crate) fn push_num(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut m = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// `P1`-`P4`, as [`Player`]'s `Display`.
pub(crate) fn push_player(out: &mut String, p: Player) {
    out.push('P');
    push_num(out, i64::from(p.number()));
}

/// `G1` or `king`, as [`PieceId`]'s `Display`.
pub(crate) fn push_piece(out: &mut String, id: PieceId) {
    match id {
        PieceId::Numbered(n) => {
            out.push('G');
            push_num(out, i64::from(n));
        }
        PieceId::King => out.push_str("king"),
    }
}

/// A place in the scenario language's words, as [`Place`]'s `Display`.
pub(crate) fn push_place(out: &mut String, place: crate::engine::Place) {
    use crate::engine::Place;
    match place {
        Place::Ring(t) => {
            out.push_str("on ");
            push_num(out, i64::from(t));
        }
        Place::HomePath(k) => {
            out.push_str("on home ");
            push_num(out, i64::from(k));
        }
        other => {
            write!(out, "{other}").ok();
        }
    }
}

/// The pieces of `p` in a list of pieces at one place, as names.
pub(crate) fn owned(list: &[(Player, PieceId)], p: Player) -> Vec<String> {
    list.iter()
        .filter(|(o, _)| *o == p)
        .map(|(_, id)| id.to_string())
        .collect()
}

/// The pictures of a game's positions.
pub trait Render {
    /// The snapshot body's state part: every occupied place, every player's numbers.
    fn state(&self) -> String;
    /// The board picture of `goti explain`.
    fn picture(&self) -> String;
    /// The position as an SVG picture (`goti render`), with what the last
    /// step did marked on it.
    fn svg(&self, marks: &svg::Marks) -> String;
}

/// The event log, one line an event, in the game's `words`.
pub fn events(events: &[Event], words: &Vocabulary) -> String {
    let mut out = String::new();
    for e in events {
        writeln!(out, "  {}", e.told(words)).ok();
    }
    out
}

/// What changed between two snapshot states, one line per changed piece
/// and per player whose numbers changed (compact `goti explain`). With no
/// state before, every piece and every player's numbers.
///
/// Keys come from the state's own shape: `turn:`/`mode:`/`rules:` lines,
/// `  P1: ...` number lines, and the piece lines under each player.
pub fn changes(before: Option<&str>, after: &str) -> Vec<String> {
    let old = keyed(before.unwrap_or(""));
    let new = keyed(after);
    let mut out = Vec::new();
    for (key, line) in &new {
        match old.iter().find(|(k, _)| k == key) {
            Some((_, was)) if was == line => {}
            Some((_, was)) => out.push(format!("{key}: {}", moved(was, line))),
            None => out.push(format!("{key}: {line}")),
        }
    }
    for (key, was) in &old {
        if !new.iter().any(|(k, _)| k == key) {
            out.push(format!("{key}: {was} -> gone"));
        }
    }
    out
}

/// `was -> now`, field by field when both are `; `-separated lists of
/// the same fields (`battle 0 -> 20; score 540 -> 600`).
fn moved(was: &str, now: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (was.split("; ").collect(), now.split("; ").collect());
    if a.len() > 1 && a.len() == b.len() {
        let parts: Vec<String> = a
            .iter()
            .zip(&b)
            .filter(|(x, y)| x != y)
            .map(|(x, y)| match (x.split_once(' '), y.split_once(' ')) {
                (Some((n, v)), Some((m, w))) if n == m => format!("{n} {v} -> {w}"),
                _ => format!("{x} -> {y}"),
            })
            .collect();
        return parts.join("; ");
    }
    format!("{was} -> {now}")
}

/// The state's lines as (key, rest): `turn`, `P1`, `P1 G2`, `P1 in yard`.
pub fn keyed(state: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut player = String::new();
    let mut in_players = false;
    for line in state.lines() {
        if line == "players:" {
            in_players = true;
            continue;
        }
        if !line.starts_with(' ') {
            in_players = false;
            if let Some((k, v)) = line.split_once(": ") {
                out.push((k.to_string(), v.to_string()));
            }
            continue;
        }
        if !in_players {
            continue;
        }
        let trimmed = line.trim_start();
        let depth = line.len() - trimmed.len();
        if depth == 2 {
            if let Some((p, v)) = trimmed.split_once(": ") {
                player = p.to_string();
                out.push((player.clone(), v.to_string()));
            }
        } else if let Some(rest) = trimmed.strip_prefix("in ") {
            let (place, list) = rest.split_once(": ").unwrap_or((rest, ""));
            out.push((format!("{player} in {place}"), list.to_string()));
        } else {
            let (piece, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
            out.push((format!("{player} {piece}"), rest.to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::changes;

    #[test]
    fn changes_name_each_moved_piece_and_changed_number_once() {
        let before = "turn: P1\nboard:\n  tile 27: P1 G2\nplayers:\n  P1: credits 3; battle 0\n    G2 on 27 (steps 26)\n    in yard: G1 G3\n  P2: battle 0\n    G1 on 23 (steps 3)\n";
        let after = "turn: P2\nboard:\n  tile 23: P1 G2\nplayers:\n  P1: credits 3; battle 20\n    G2 on 23 (steps 30)\n    in yard: G1 G3\n  P2: battle 0\n    in yard: G1\n";
        assert_eq!(
            changes(Some(before), after),
            vec![
                "turn: P1 -> P2",
                "P1: battle 0 -> 20",
                "P1 G2: on 27 (steps 26) -> on 23 (steps 30)",
                "P2 in yard: G1",
                "P2 G1: on 23 (steps 3) -> gone",
            ]
        );
        assert_eq!(changes(Some(after), after), Vec::<String>::new());
        assert_eq!(changes(None, after).len(), 6);
    }
}

#[cfg(test)]
mod writer_tests {
    use super::*;
    use crate::engine::Place;

    /// The writers write what `Display` does, for every value a state shows.
    #[test]
    fn writers_match_display() {
        let text = |f: &dyn Fn(&mut String)| {
            let mut s = String::new();
            f(&mut s);
            s
        };
        for n in [i64::MIN, -1000, -57, -1, 0, 1, 9, 10, 57, 1000, i64::MAX] {
            assert_eq!(text(&|s| push_num(s, n)), n.to_string());
        }
        for p in Player::ALL {
            assert_eq!(text(&|s| push_player(s, p)), p.to_string());
        }
        for id in [PieceId::King, PieceId::Numbered(1), PieceId::Numbered(12)] {
            assert_eq!(text(&|s| push_piece(s, id)), id.to_string());
        }
        let places = [
            Place::Out,
            Place::Ring(1),
            Place::Ring(255),
            Place::HomePath(3),
            Place::Home,
            Place::Aside { field: 42, spot: 0 },
            Place::Aside { field: 42, spot: 2 },
        ];
        for place in places {
            assert_eq!(text(&|s| push_place(s, place)), place.to_string());
        }
    }
}
