//! Royal's snapshot body and ASCII board.

use std::fmt::Write;

use super::{owned, piece_list, Render};
use crate::engine::{PieceId, Place, Royal};

impl Render for Royal {
    /// Every occupied place, every player's numbers.
    fn state(&self) -> String {
        let pos = self;
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

    /// An ASCII picture of the ring (four rows of 13 tiles in Forward order
    /// from P1's entry) with occupied tiles marked, then Home paths and Yards.
    fn picture(&self) -> String {
        let pos = self;
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
}
