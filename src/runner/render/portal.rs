//! Portal's snapshot body and ASCII board.

use std::fmt::Write;

use super::{owned, piece_list, Render};
use crate::engine::{PieceId, Place, Player, Portal};

impl Render for Portal {
    /// The snapshot body of a portal position.
    fn state(&self) -> String {
        let pos = self;
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
                    Place::HomePath(k) => {
                        writeln!(out, "    G{g} on lane {k} (steps {})", piece.steps)
                            .map(|_| ())
                            .unwrap_or(())
                    }
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
    fn picture(&self) -> String {
        let pos = self;
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
}
