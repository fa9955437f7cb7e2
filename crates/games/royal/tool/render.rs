//! Royal's snapshot body and ASCII board.

use std::fmt::Write;

use crate::engine::royal::WORDS;
use crate::engine::{PieceId, Place, Royal};
use crate::runner::render::{
    owned, push_num, push_piece, push_piece_list, push_place, push_player, Render,
};

impl Render for Royal {
    /// Every occupied place, every player's numbers.
    fn state(&self) -> String {
        let pos = self;
        let mut out = String::new();
        let board = pos.board();
        writeln!(out, "mode: {}", WORDS.mode_name(pos.mode())).ok();
        if let Some(st) = pos.final_standings() {
            let list: Vec<String> = st.iter().map(|p| p.to_string()).collect();
            writeln!(out, "game over; standings {}", list.join(" ")).ok();
        } else {
            writeln!(out, "turn: {}", pos.turn()).ok();
        }
        out.push_str("board:\n");
        // The places pieces stand on: only those tiles are looked at (a diff
        // renders every step of every scenario on both sides).
        let mut taken: Vec<Place> = Vec::with_capacity(20);
        for p in pos.players() {
            for id in (1..=4u8)
                .map(PieceId::Numbered)
                .chain(std::iter::once(PieceId::King))
            {
                taken.push(pos.piece(p, id).place);
            }
        }
        let mut t = board.entry[0];
        for _ in 0..board.ring {
            if !taken.contains(&Place::Ring(t)) {
                t = board.forward(t);
                continue;
            }
            let here = pos.pieces_at(Place::Ring(t));
            if !here.is_empty() {
                out.push_str("  tile ");
                push_num(&mut out, i64::from(t));
                if board.is_fort(t) {
                    out.push_str(" (fort)");
                }
                if let Some(i) = board.entry.iter().position(|&e| e == t) {
                    out.push_str(" (P");
                    push_num(&mut out, i as i64 + 1);
                    out.push_str(" entry)");
                }
                out.push_str(": ");
                push_piece_list(&mut out, &here);
                out.push('\n');
            }
            t = board.forward(t);
        }
        out.push_str("players:\n");
        for p in pos.players() {
            let s = pos.seat(p);
            out.push_str("  ");
            push_player(&mut out, p);
            out.push_str(": store ");
            if s.store.is_free() {
                // In words: a store never set accepts any rolls (scenario conventions).
                out.push_str("not set (any rolls)");
            } else if s.store.is_empty() {
                out.push_str("empty");
            } else {
                for (i, r) in s.store.rolls().into_iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    push_num(&mut out, i64::from(r));
                }
            }
            for (label, n) in [
                ("; credits ", i64::from(s.credits)),
                ("; battle ", s.battle),
                ("; progress ", pos.progress_points(p)),
                ("; score ", pos.score(p)),
            ] {
                out.push_str(label);
                push_num(&mut out, n);
            }
            if s.first_turn {
                out.push_str("; first turn");
            }
            out.push('\n');
            let mut yard: Vec<PieceId> = Vec::new();
            let pieces = (1..=4u8)
                .map(PieceId::Numbered)
                .chain(std::iter::once(PieceId::King));
            for id in pieces {
                let piece = s.piece(id);
                if piece.place == Place::Out {
                    yard.push(id);
                } else {
                    out.push_str("    ");
                    push_piece(&mut out, id);
                    out.push(' ');
                    push_place(&mut out, piece.place);
                    out.push_str(" (steps ");
                    push_num(&mut out, i64::from(piece.steps));
                    if piece.midpoint {
                        out.push_str(", past midpoint");
                    }
                    out.push_str(")\n");
                }
            }
            if !yard.is_empty() {
                out.push_str("    in yard:");
                for id in yard {
                    out.push(' ');
                    push_piece(&mut out, id);
                }
                out.push('\n');
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
                    PieceId::Numbered(n) => format!("{}{}", p.number(), n),
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
            let yard = owned(&pos.pieces_at(Place::Out), p);
            write!(line, "  home[{}]  yard[{}]", home.join(" "), yard.join(" ")).ok();
            writeln!(out, "{line}").ok();
        }
        out.push_str(
            "(F fort, En entry of Pn; 12 = P1 G2, 1K = P1 king; Forward runs left to right)\n",
        );
        out
    }

    fn svg(&self, marks: &crate::runner::render::svg::Marks) -> String {
        svg(self, marks)
    }
}

/// Royal as an SVG picture: the ring of tiles in Forward order from P1's
/// entry (clockwise from the top) with forts (F), entries (in the seat's
/// colour), midpoints (M) and junctions (J) marked, each seat's Home path as a
/// spoke from its junction towards the centre, and a panel with every
/// player's store, credits, battle and progress points, Yard and Home.
pub(super) fn svg(pos: &Royal, marks: &crate::runner::render::svg::Marks) -> String {
    use crate::runner::render::svg::{colour, on_ring, Svg, CX, CY, PANEL_X, RING};
    let board = pos.board();
    let mut svg = Svg::new("royal position", <Royal as crate::engine::Game>::VOCABULARY);
    let ring = f64::from(board.ring);
    let mut tiles = Vec::new();
    let mut t = board.entry[0];
    for _ in 0..board.ring {
        tiles.push(t);
        t = board.forward(t);
    }
    let at = |t: u8, r: f64| {
        let i = tiles.iter().position(|&x| x == t).unwrap_or(0) as f64;
        on_ring(i / ring, r)
    };
    svg.raw(&format!(
        "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{RING}\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\"/>"
    ));
    // Home paths first, under the ring's tiles.
    home_paths(&mut svg, pos, &at);
    let mut on_tiles = Vec::new();
    // board.entry: a seat with no player has no entry tile (a plain tile),
    // and so no midpoint or junction either; forts stay whoever plays.
    let seated: Vec<usize> = pos.players().map(|p| p.index()).collect();
    let of_seated = |tiles: &[u8], t: u8| {
        tiles
            .iter()
            .enumerate()
            .position(|(i, &x)| x == t && seated.contains(&i))
    };
    for &t in &tiles {
        let (x, y) = at(t, RING);
        let entry = of_seated(&board.entry, t);
        let fill = match entry {
            Some(i) => colour(crate::engine::Player::ALL[i]),
            None if board.is_fort(t) => "#d9d9d9",
            None => "#ffffff",
        };
        let mut class = Vec::new();
        let mut mark = String::new();
        if board.is_fort(t) {
            class.push("fort");
            mark.push('F');
        }
        if entry.is_some() {
            class.push("entry");
            mark.push('E');
        }
        if of_seated(&board.midpoint, t).is_some() {
            class.push("midpoint");
            mark.push('M');
        }
        if of_seated(&board.junction, t).is_some() {
            class.push("junction");
            mark.push('J');
        }
        svg.tile(x, y, 14.0, fill, "#555", &class.join(" "), &t.to_string());
        let (nx, ny) = at(t, RING + 26.0);
        svg.text(nx, ny, 10.0, "middle", &t.to_string());
        if !mark.is_empty() {
            let (mx, my) = at(t, RING + 46.0);
            svg.text(mx, my, 8.0, "middle", &mark);
        }
        let here = pos.pieces_at(Place::Ring(t));
        if !here.is_empty() {
            on_tiles.push((x, y, here, format!("tile {t}")));
        }
    }
    let point = |p: crate::engine::Player, place: Place| match place {
        Place::Ring(t) => Some(at(t, RING)),
        Place::HomePath(k) => Some(at(board.junction[p.index()], RING - 34.0 * f64::from(k))),
        _ => None,
    };
    svg.overlay(marks, &on_tiles, point, &|p, from, to, steps| {
        route(pos, p, from, to, steps)
    });
    // The centre: what the game is at.
    svg.status(pos.final_standings(), pos.turn());
    svg.text(
        CX,
        CY + 12.0,
        11.0,
        "middle",
        &format!("{} mode", WORDS.mode_name(pos.mode())),
    );
    // The players' panel.
    let mut y = 40.0;
    svg.text(
        PANEL_X,
        18.0,
        11.0,
        "start",
        "F fort · E entry · M midpoint · J junction",
    );
    for p in pos.players() {
        let s = pos.seat(p);
        svg.player_heading(PANEL_X, y, p, if pos.turn() == p { " ◀" } else { "" });
        // A store the scenario never set accepts any rolls (scenario
        // conventions): said in words, not as a store holding "any".
        let store = if s.store.is_free() {
            "not set (any rolls)".to_string()
        } else if s.store.is_empty() {
            "empty".to_string()
        } else {
            let rolls: Vec<String> = s.store.rolls().iter().map(ToString::to_string).collect();
            rolls.join(" ")
        };
        let lines = [
            format!("store {store}"),
            format!("credits {} · battle {}", s.credits, s.battle),
            format!(
                "progress {} · score {}",
                pos.progress_points(p),
                pos.score(p)
            ),
        ];
        for (i, line) in lines.iter().enumerate() {
            svg.text(
                PANEL_X + 8.0,
                y + 20.0 + 16.0 * i as f64,
                12.0,
                "start",
                line,
            );
        }
        // The yard row sits clear of the lines above: a King's crown rises
        // above its token.
        svg.piece_row(y + 82.0, "yard", p, &pos.pieces_at(Place::Out));
        svg.piece_row(y + 110.0, "home", p, &pos.pieces_at(Place::Home));
        y += 166.0;
    }
    svg.finish()
}

/// The tiles a royal move passed, from `from` to `to` in at most `steps`
/// steps, walked on the board (`board.direction`, `move.home-path`): the
/// full count first (a move no blockade cut short), Forward first, with
/// midpoint progress or without (the event does not say which it had).
fn route(
    pos: &Royal,
    p: crate::engine::Player,
    from: Place,
    to: Place,
    steps: Option<u8>,
) -> Vec<Place> {
    use crate::engine::{Direction, Piece};
    let Some(total) = steps else {
        return vec![from, to];
    };
    let board = pos.board();
    let mut best: Option<Vec<Place>> = None;
    for dir in [Direction::Forward, Direction::Backward] {
        for midpoint in [true, false] {
            let mut piece = Piece {
                place: from,
                midpoint,
                steps: 0,
            };
            let mut walk = vec![from];
            while walk.len() <= usize::from(total) && piece.place != to {
                if board.step(p, &mut piece, dir).is_none() {
                    break;
                }
                walk.push(piece.place);
            }
            if piece.place != to {
                continue;
            }
            let whole = walk.len() == usize::from(total) + 1;
            let better = match &best {
                None => true,
                Some(b) => whole && b.len() != usize::from(total) + 1,
            };
            if better {
                best = Some(walk);
            }
        }
    }
    best.unwrap_or_else(|| vec![from, to])
}

/// Each seated player's Home path as a spoke from its junction towards the
/// centre, with the pieces on it.
fn home_paths(
    svg: &mut crate::runner::render::svg::Svg,
    pos: &Royal,
    at: &dyn Fn(u8, f64) -> (f64, f64),
) {
    use crate::runner::render::svg::{colour, RING};
    let board = pos.board();
    for p in pos.players() {
        let j = board.junction[p.index()];
        for k in 1..=board.home_path {
            let (x, y) = at(j, RING - 34.0 * f64::from(k));
            svg.tile(
                x,
                y,
                12.0,
                "#f4f4f4",
                colour(p),
                "home-path",
                &format!("{p} H{k}"),
            );
            // Beside the tile, across the spoke (the tiles run along it).
            let (lx, ly) = crate::runner::render::svg::across(x, y, -22.0);
            svg.text(lx, ly, 8.0, "middle", &format!("H{k}"));
            let here: Vec<_> = pos
                .pieces_at(Place::HomePath(k))
                .into_iter()
                .filter(|(o, _)| *o == p)
                .collect();
            if !here.is_empty() {
                svg.pieces_at(x, y, &here, &format!("{p} H{k}"));
            }
        }
    }
}
