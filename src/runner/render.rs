//! Text pictures of a position: the snapshot body and the board picture of
//! `goti explain`, in the scenario language's own words.

use std::fmt::Write;

use crate::engine::{Event, PieceId, Place, Player, Royal};

pub fn piece_list(pieces: &[(Player, PieceId)]) -> String {
    let mut out = String::new();
    let mut last: Option<Player> = None;
    for (p, id) in pieces {
        if last != Some(*p) {
            if last.is_some() {
                out.push_str(", ");
            }
            write!(out, "{p}").ok();
            last = Some(*p);
        }
        write!(out, " {id}").ok();
    }
    out
}

/// The pieces of `p` in a list of pieces at one place, as names.
fn owned(list: &[(Player, PieceId)], p: Player) -> Vec<String> {
    list.iter()
        .filter(|(o, _)| *o == p)
        .map(|(_, id)| id.to_string())
        .collect()
}

/// `P1 G1 G2, P2 king` for a place.
pub fn pieces_at(pos: &Royal, place: Place) -> String {
    piece_list(&pos.pieces_at(place))
}

/// Every occupied place, every player's numbers.
pub fn state(pos: &Royal) -> String {
    let mut out = String::new();
    let board = pos.board();
    writeln!(out, "mode: {}", pos.mode().name()).ok();
    if let Some(st) = pos.final_standings() {
        let list: Vec<String> = st.iter().map(|p| p.to_string()).collect();
        writeln!(out, "game over; standings {}", list.join(" ")).ok();
    } else {
        writeln!(out, "turn: {}", pos.turn()).ok();
    }
    out.push_str("board:\n");
    let mut t = board.entry[0];
    for _ in 0..board.ring {
        let here = pos.pieces_at(Place::Ring(t));
        if !here.is_empty() {
            let mut tags = String::new();
            if board.is_fort(t) {
                tags.push_str(" (fort)");
            }
            if let Some(i) = board.entry.iter().position(|&e| e == t) {
                write!(tags, " (P{} entry)", i + 1).ok();
            }
            writeln!(out, "  tile {t}{tags}: {}", piece_list(&here)).ok();
        }
        t = board.forward(t);
    }
    out.push_str("players:\n");
    for p in pos.players() {
        let s = pos.seat(p);
        let store = if s.store.is_free() {
            "any (never set)".to_string()
        } else if s.store.is_empty() {
            "empty".to_string()
        } else {
            s.store
                .rolls()
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(
            out,
            "  {p}: store {store}; credits {}; battle {}; progress {}; score {}{}",
            s.credits,
            s.battle,
            pos.progress_points(p),
            pos.score(p),
            if s.first_turn { "; first turn" } else { "" }
        )
        .ok();
        let mut yard = Vec::new();
        let pieces = (1..=4u8)
            .map(PieceId::Guard)
            .chain(std::iter::once(PieceId::King));
        for id in pieces {
            let piece = s.piece(id);
            if piece.place == Place::Yard {
                yard.push(id.to_string());
            } else {
                let mid = if piece.midpoint {
                    ", past midpoint"
                } else {
                    ""
                };
                writeln!(out, "    {id} {} (steps {}{mid})", piece.place, piece.steps).ok();
            }
        }
        if !yard.is_empty() {
            writeln!(out, "    in yard: {}", yard.join(" ")).ok();
        }
    }
    out
}

/// The event log, one line an event.
pub fn events(events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        writeln!(out, "  {e}").ok();
    }
    out
}

/// An ASCII picture of the ring (four rows of 13 tiles in Forward order
/// from P1's entry) with occupied tiles marked, then Home paths and Yards.
pub fn picture(pos: &Royal) -> String {
    let board = pos.board();
    let mut out = String::new();
    let mut tiles = Vec::new();
    let mut t = board.entry[0];
    for _ in 0..board.ring {
        tiles.push(t);
        t = board.forward(t);
    }
    let code = |place: Place| -> String {
        let here = pos.pieces_at(place);
        let codes: Vec<String> = here
            .iter()
            .map(|(p, id)| match id {
                PieceId::King => format!("{}K", p.number()),
                PieceId::Guard(n) => format!("{}{}", p.number(), n),
            })
            .collect();
        codes.join(",")
    };
    for row in tiles.chunks(13) {
        let mut nums = String::new();
        let mut marks = String::new();
        let mut occ = String::new();
        for &t in row {
            write!(nums, "{t:>6}").ok();
            let mark = if board.is_fort(t) {
                "F".to_string()
            } else if let Some(i) = board.entry.iter().position(|&e| e == t) {
                format!("E{}", i + 1)
            } else {
                ".".to_string()
            };
            write!(marks, "{mark:>6}").ok();
            let c = code(Place::Ring(t));
            write!(occ, "{:>6}", if c.is_empty() { "" } else { &c }).ok();
        }
        writeln!(out, "{nums}\n{marks}\n{}", occ.trim_end()).ok();
    }
    for p in pos.players() {
        let mut line = format!("{p} home path:");
        for k in 1..=board.home_path {
            let c = code(Place::HomePath(k));
            let mine: String = c
                .split(',')
                .filter(|x| x.starts_with(&p.number().to_string()))
                .collect::<Vec<_>>()
                .join(",");
            write!(line, " H{k}[{mine}]").ok();
        }
        let home = owned(&pos.pieces_at(Place::Home), p);
        let yard = owned(&pos.pieces_at(Place::Yard), p);
        write!(line, "  home[{}]  yard[{}]", home.join(" "), yard.join(" ")).ok();
        writeln!(out, "{line}").ok();
    }
    out.push_str(
        "(F fort, En entry of Pn; 12 = P1 G2, 1K = P1 king; Forward runs left to right)\n",
    );
    out
}

/// The snapshot body of a portal position.
pub fn portal_state(pos: &crate::engine::Portal) -> String {
    let mut out = String::new();
    let board = pos.board();
    writeln!(
        out,
        "rules: portal{}",
        if pos.is_ranked() { " (ranked)" } else { "" }
    )
    .ok();
    match pos.final_standings() {
        Some(st) => {
            let list: Vec<String> = st.iter().map(|p| p.to_string()).collect();
            writeln!(out, "game over; standings {}", list.join(" ")).ok();
        }
        None => {
            let roll = pos.roll();
            let pending: Vec<String> = roll.pending().iter().map(|v| v.to_string()).collect();
            let burned: Vec<String> = roll.burned().iter().map(|v| v.to_string()).collect();
            writeln!(
                out,
                "turn: {}; to play: [{}]; burned: [{}]; doubles in a row: {}{}",
                pos.turn(),
                pending.join(" "),
                burned.join(" "),
                pos.doubles(),
                if pos.must_roll_again() {
                    "; roll again"
                } else {
                    ""
                }
            )
            .ok();
        }
    }
    out.push_str("board:\n");
    let p1 = Player::ALL[0];
    for s in 0..board.ring as i32 {
        if let Some(Place::Ring(t)) = board.place_at(p1, s) {
            let here = pos.pieces_at(Place::Ring(t));
            if !here.is_empty() {
                writeln!(out, "  tile {t}: {}", piece_list(&here)).ok();
            }
            if let Some((_, toilet)) = board.toilet(t) {
                for spot in 0..=3 {
                    let place = Place::Toilet {
                        trigger: toilet.trigger,
                        spot,
                    };
                    let here = pos.pieces_at(place);
                    if !here.is_empty() {
                        writeln!(out, "  {place}: {}", piece_list(&here)).ok();
                    }
                }
            }
        }
    }
    out.push_str("players:\n");
    for p in pos.players() {
        let mut line = format!("  {p}:");
        if pos.is_ranked() {
            write!(line, " tokens {};", pos.tokens(p)).ok();
        }
        writeln!(out, "{line} home {}", pos.home_count(p)).ok();
        let mut base = Vec::new();
        for g in 1..=5u8 {
            let piece = pos.piece(p, PieceId::Guard(g));
            match piece.place {
                Place::Yard => base.push(format!("G{g}")),
                Place::HomePath(k) => writeln!(out, "    G{g} on lane {k} (steps {})", piece.steps)
                    .map(|_| ())
                    .unwrap_or(()),
                place => writeln!(out, "    G{g} {place} (steps {})", piece.steps)
                    .map(|_| ())
                    .unwrap_or(()),
            }
        }
        if !base.is_empty() {
            writeln!(out, "    in base: {}", base.join(" ")).ok();
        }
    }
    out
}

/// An ASCII picture of a portal board: the ring from P1's start, with safe
/// tiles (S), roads (R), toilets (T) and dice tiles (D), then lanes and bases.
pub fn portal_picture(pos: &crate::engine::Portal) -> String {
    let board = pos.board();
    let p1 = Player::ALL[0];
    let mut out = String::new();
    let tiles: Vec<u8> = (0..board.ring as i32)
        .filter_map(|s| match board.place_at(p1, s) {
            Some(Place::Ring(t)) => Some(t),
            _ => None,
        })
        .collect();
    let code = |place: Place| -> String {
        pos.pieces_at(place)
            .iter()
            .map(|(p, id)| format!("{}{}", p.number(), id.to_string().trim_start_matches('G')))
            .collect::<Vec<_>>()
            .join(",")
    };
    for row in tiles.chunks(13) {
        let (mut nums, mut marks, mut occ) = (String::new(), String::new(), String::new());
        for &t in row {
            write!(nums, "{t:>6}").ok();
            let mark = if board.is_start(t) {
                format!(
                    "E{}",
                    board
                        .start
                        .iter()
                        .position(|&s| s == t)
                        .map_or(0, |i| i + 1)
                )
            } else if board.is_safe(t) {
                "S".into()
            } else if board.fork(t).is_some() {
                format!("R{}", board.fork(t).unwrap_or(0))
            } else if board.toilet(t).is_some() {
                "T".into()
            } else if board.is_dice(t) {
                "D".into()
            } else {
                ".".into()
            };
            write!(marks, "{mark:>6}").ok();
            write!(occ, "{:>6}", code(Place::Ring(t))).ok();
        }
        writeln!(out, "{nums}\n{marks}\n{}", occ.trim_end()).ok();
    }
    for t in &board.toilets {
        let spots: Vec<String> = (0..=3)
            .map(|s| {
                format!(
                    "{}[{}]",
                    if s == 0 {
                        "pit".to_string()
                    } else {
                        format!("W{s}")
                    },
                    code(Place::Toilet {
                        trigger: t.trigger,
                        spot: s
                    })
                )
            })
            .collect();
        writeln!(out, "toilet {}: {}", t.trigger, spots.join(" ")).ok();
    }
    for p in pos.players() {
        let mut line = format!("{p} lane:");
        for k in 1..=board.lane {
            let mine = owned(&pos.pieces_at(Place::HomePath(k)), p);
            write!(line, " L{k}[{}]", mine.join(",")).ok();
        }
        let home = owned(&pos.pieces_at(Place::Home), p);
        let base = owned(&pos.pieces_at(Place::Yard), p);
        writeln!(
            out,
            "{line}  home[{}]  base[{}]",
            home.join(" "),
            base.join(" ")
        )
        .ok();
    }
    out.push_str("(En start of Pn, S safe, Rn road to n, T toilet, D dice tile; 13 = P1 G3)\n");
    out
}
