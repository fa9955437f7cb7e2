//! Race's snapshot body, ASCII board and SVG picture.

use std::fmt::Write;

use crate::engine::{PieceId, Place, Player, Race};
use crate::runner::render::{owned, piece_list, Render};

impl Render for Race {
    /// The snapshot body of a race position.
    fn state(&self) -> String {
        let pos = self;
        let mut out = String::new();
        let seats: Vec<String> = pos
            .players()
            .map(|p| format!("{p} seat {}", pos.seat(p)))
            .collect();
        writeln!(
            out,
            "rules: race \"{}\" ({})",
            pos.rules().params.name,
            seats.join(", ")
        )
        .ok();
        match pos.winner() {
            Some(w) => {
                let returns: Vec<String> = pos.returns().iter().map(ToString::to_string).collect();
                writeln!(out, "game over: winner {w}; returns {}", returns.join(" ")).ok();
            }
            None => {
                let die = pos
                    .die()
                    .map_or("not thrown".to_string(), |d| d.to_string());
                writeln!(out, "turn: {}; die: {die}", pos.turn()).ok();
            }
        }
        out.push_str("board:\n");
        for f in 0..pos.rules().ring() {
            let here = pos.pieces_at(Place::Ring(f));
            if !here.is_empty() {
                writeln!(out, "  field {f}: {}", piece_list(&here)).ok();
            }
        }
        out.push_str("players:\n");
        for p in pos.players() {
            writeln!(
                out,
                "  {p}: goal {}; base {}",
                pos.in_home(p),
                pos.in_base(p)
            )
            .ok();
            let mut base = Vec::new();
            for g in 1..=pos.rules().pieces() as u8 {
                let piece = pos.piece(p, PieceId::Numbered(g));
                match piece.place {
                    Place::Out => base.push(format!("G{g}")),
                    Place::HomePath(k) => {
                        writeln!(out, "    G{g} in goal {k}").ok();
                    }
                    place => {
                        writeln!(out, "    G{g} {place} (route {})", piece.steps).ok();
                    }
                }
            }
            if !base.is_empty() {
                writeln!(out, "    in base: {}", base.join(" ")).ok();
            }
        }
        out
    }

    /// The ring in rows of ten fields (S start of seat s), then each
    /// player's goal and base.
    fn picture(&self) -> String {
        let pos = self;
        let mut out = String::new();
        let starts = &pos.rules().params.board.starts;
        let code = |place: Place| -> String {
            pos.pieces_at(place)
                .iter()
                .map(|(p, id)| format!("{}{}", p.number(), id.to_string().trim_start_matches('G')))
                .collect::<Vec<_>>()
                .join(",")
        };
        let fields: Vec<u8> = (0..pos.rules().ring()).collect();
        for row in fields.chunks(10) {
            let (mut nums, mut marks, mut occ) = (String::new(), String::new(), String::new());
            for &f in row {
                write!(nums, "{f:>5}").ok();
                let mark = match starts.iter().position(|&s| s == f) {
                    Some(s) if pos.rules().is_safe(f) => format!("S{s}*"),
                    Some(s) => format!("S{s}"),
                    None if pos.rules().is_safe(f) => "*".into(),
                    None => ".".into(),
                };
                write!(marks, "{mark:>5}").ok();
                write!(occ, "{:>5}", code(Place::Ring(f))).ok();
            }
            writeln!(out, "{nums}\n{marks}\n{}", occ.trim_end()).ok();
        }
        for p in pos.players() {
            let mut line = format!("{p} (seat {}) goal:", pos.seat(p));
            for k in 1..=pos.rules().home_path() {
                let mine = owned(&pos.pieces_at(Place::HomePath(k)), p);
                write!(line, " {k}[{}]", mine.join(",")).ok();
            }
            let base = owned(&pos.pieces_at(Place::Out), p);
            writeln!(out, "{line}  base[{}]", base.join(" ")).ok();
        }
        out.push_str("(Ss start field of seat s; * safe field; 13 = P1 G3)\n");
        out
    }

    fn svg(&self, marks: &crate::runner::render::svg::Marks) -> String {
        svg(self, marks)
    }
}

/// Race as an SVG picture: the ring's fields clockwise from field 0 at the
/// top, each seat's start field in its player's colour, each player's goal
/// fields as a spoke from the field before its start, and a panel with the
/// die, each player's goal count and base.
fn svg(pos: &Race, marks: &crate::runner::render::svg::Marks) -> String {
    use crate::runner::render::svg::{colour, on_ring, Svg, CX, CY, PANEL_X, RING};
    let ring = pos.rules().ring();
    let starts = &pos.rules().params.board.starts;
    let goal = pos.rules().home_path();
    let mut svg = Svg::new("race position");
    let at = |f: u8, r: f64| on_ring(f64::from(f) / f64::from(ring), r);
    svg.raw(&format!(
        "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{RING}\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\"/>"
    ));
    let owner = |f: u8| pos.players().find(|&p| starts[pos.seat(p) as usize] == f);
    // The field a player's goal spoke leaves from: the one before its start.
    let entry = |p: Player| (starts[pos.seat(p) as usize] + ring - 1) % ring;
    let goal_point = |p: Player, k: u8| at(entry(p), RING - 30.0 * f64::from(k));
    for p in pos.players() {
        for k in 1..=goal {
            let (x, y) = goal_point(p, k);
            svg.tile(
                x,
                y,
                11.0,
                "#f4f4f4",
                colour(p),
                "goal",
                &format!("{p} goal {k}"),
            );
            let here: Vec<_> = pos
                .pieces_at(Place::HomePath(k))
                .into_iter()
                .filter(|(o, _)| *o == p)
                .collect();
            if !here.is_empty() {
                svg.pieces_at(x, y, &here, &format!("{p} goal {k}"));
            }
        }
    }
    let mut on_tiles = Vec::new();
    for f in 0..ring {
        let (x, y) = at(f, RING);
        let (fill, class) = match owner(f) {
            Some(p) => (colour(p), "start"),
            None if starts.contains(&f) => ("#d9d9d9", "start"),
            None if pos.rules().is_safe(f) => ("#e8f4e8", "safe"),
            None => ("#ffffff", ""),
        };
        svg.tile(x, y, 13.0, fill, "#555", class, &f.to_string());
        let (nx, ny) = at(f, RING + 25.0);
        svg.text(nx, ny, 10.0, "middle", &f.to_string());
        let here = pos.pieces_at(Place::Ring(f));
        if !here.is_empty() {
            on_tiles.push((x, y, here, format!("field {f}")));
        }
    }
    let point = |p: Player, place: Place| match place {
        Place::Ring(f) => Some(at(f, RING)),
        Place::HomePath(k) => Some(goal_point(p, k)),
        _ => None,
    };
    svg.overlay(
        marks,
        &on_tiles,
        point,
        &crate::runner::render::svg::straight,
    );
    let standings = pos.winner().map(|w| vec![w]);
    svg.status(standings.as_deref(), pos.turn());
    let die = match pos.die() {
        Some(d) => format!("die: {d}"),
        None if pos.winner().is_some() => {
            "returns: ".to_string()
                + &pos
                    .returns()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
        }
        None => "die: not thrown".to_string(),
    };
    svg.text(CX, CY + 12.0, 12.0, "middle", &die);
    svg.text(
        PANEL_X,
        18.0,
        11.0,
        "start",
        "coloured field: a seat's start; green: safe",
    );
    let mut y = 40.0;
    for p in pos.players() {
        svg.player_heading(PANEL_X, y, p, if pos.turn() == p { " ◀" } else { "" });
        svg.text(
            PANEL_X + 8.0,
            y + 20.0,
            12.0,
            "start",
            &format!("seat {} · goal {}", pos.seat(p), pos.in_home(p)),
        );
        svg.piece_row(y + 44.0, "base", p, &pos.pieces_at(Place::Out));
        y += 100.0;
    }
    svg.finish()
}
