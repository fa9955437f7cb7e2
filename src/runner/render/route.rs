//! The pictures of a route game (maedn, and race's descriptions): a ring of
//! fields numbered from 0, each seat's start field, each player's goal
//! fields as a spoke from the field before its start, and the bases. A
//! game gives what these read ([`RouteBoard`]) and implements `Render`
//! with them.

use std::fmt::Write;

use super::{owned, piece_list};
use crate::engine::{Game, PieceId, Place, Player};

/// What the pictures of a route game read of a position.
pub trait RouteBoard: Game {
    /// The first line of the snapshot body, given the seats in words
    /// (`P1 seat 0, P2 seat 2`): `rules: maedn (P1 seat 0, P2 seat 2)`.
    fn header(&self, seats: &str) -> String;
    /// The SVG picture's title.
    const TITLE: &'static str;
    /// Whether the game has safe fields to mark (the legends say so).
    const SAFE_FIELDS: bool;
    /// Each seat's start field.
    fn starts(&self) -> Vec<u8>;
    fn seat_of(&self, p: Player) -> u8;
    /// `p`'s pieces in its goal fields, and in its base.
    fn goal_count(&self, p: Player) -> usize;
    fn base_count(&self, p: Player) -> usize;
    /// The die thrown and not yet acted on.
    fn die_now(&self) -> Option<u8>;
    /// The dice of a throw still to play one by one, where a game plays
    /// each die apart (empty otherwise).
    fn dice_left(&self) -> Vec<u8> {
        Vec::new()
    }
    fn winner_now(&self) -> Option<Player>;
    /// What each player is paid (all 0 while the game goes on).
    fn returns_now(&self) -> Vec<i64>;
    /// Whether nobody is captured on field `f`.
    fn safe(&self, _f: u8) -> bool {
        false
    }
    /// The last common field before `p`'s home fields: the field before
    /// its start, or a `race` description's `board.entries`.
    fn entry_of(&self, p: Player) -> u8 {
        let ring = Self::ring(self.rules());
        (self.starts()[self.seat_of(p) as usize] + ring - 1) % ring
    }
    /// What the game calls the base and the home fields (`base`, `goal`;
    /// a `race` description's own `words`).
    fn place_names(&self) -> (&str, &str) {
        ("base", "goal")
    }
}

/// The snapshot body of a route game's position.
pub fn state<G: RouteBoard>(pos: &G) -> String {
    let mut out = String::new();
    let seats: Vec<String> = pos
        .players()
        .into_iter()
        .map(|p| format!("{p} seat {}", pos.seat_of(p)))
        .collect();
    writeln!(out, "{}", pos.header(&seats.join(", "))).ok();
    match pos.winner_now() {
        Some(w) => {
            let returns: Vec<String> = pos.returns_now().iter().map(ToString::to_string).collect();
            writeln!(out, "game over: winner {w}; returns {}", returns.join(" ")).ok();
        }
        None => {
            if let Some(left) = dice_left_text(pos) {
                writeln!(out, "turn: {}; dice left: {left}", pos.turn()).ok();
            } else {
                let die = pos
                    .die_now()
                    .map_or("not thrown".to_string(), |d| d.to_string());
                writeln!(out, "turn: {}; die: {die}", pos.turn()).ok();
            }
        }
    }
    out.push_str("board:\n");
    for f in 0..G::ring(pos.rules()) {
        let here = pos.pieces_at(Place::Ring(f));
        if !here.is_empty() {
            writeln!(out, "  field {f}: {}", piece_list(&here)).ok();
        }
    }
    out.push_str("players:\n");
    let (base_word, goal_word) = pos.place_names();
    for p in pos.players() {
        writeln!(
            out,
            "  {p}: {goal_word} {}; {base_word} {}",
            pos.goal_count(p),
            pos.base_count(p)
        )
        .ok();
        let mut base = Vec::new();
        for g in 1..=G::sizes(pos.rules()).pieces {
            let piece = pos.piece(p, PieceId::Numbered(g));
            match piece.place {
                Place::Out => base.push(format!("G{g}")),
                Place::HomePath(k) => {
                    writeln!(out, "    G{g} in {goal_word} {k}").ok();
                }
                place => {
                    writeln!(out, "    G{g} {place} (route {})", piece.steps).ok();
                }
            }
        }
        if !base.is_empty() {
            writeln!(out, "    in {base_word}: {}", base.join(" ")).ok();
        }
    }
    out
}

/// The ring in rows of ten fields (S start of seat s, * a safe field),
/// then each player's goal and base.
pub fn picture<G: RouteBoard>(pos: &G) -> String {
    let mut out = String::new();
    let starts = pos.starts();
    let code = |place: Place| -> String {
        pos.pieces_at(place)
            .iter()
            .map(|(p, id)| format!("{}{}", p.number(), id.to_string().trim_start_matches('G')))
            .collect::<Vec<_>>()
            .join(",")
    };
    let fields: Vec<u8> = (0..G::ring(pos.rules())).collect();
    for row in fields.chunks(10) {
        let (mut nums, mut marks, mut occ) = (String::new(), String::new(), String::new());
        for &f in row {
            write!(nums, "{f:>5}").ok();
            let mark = match (starts.iter().position(|&s| s == f), pos.safe(f)) {
                (Some(s), true) => format!("S{s}*"),
                (Some(s), false) => format!("S{s}"),
                (None, true) => "*".into(),
                (None, false) => ".".into(),
            };
            write!(marks, "{mark:>5}").ok();
            write!(occ, "{:>5}", code(Place::Ring(f))).ok();
        }
        writeln!(out, "{nums}\n{marks}\n{}", occ.trim_end()).ok();
    }
    let (base_word, goal_word) = pos.place_names();
    for p in pos.players() {
        let mut line = format!("{p} (seat {}) {goal_word}:", pos.seat_of(p));
        for k in 1..=G::home_path(pos.rules()) {
            let mine = owned(&pos.pieces_at(Place::HomePath(k)), p);
            write!(line, " {k}[{}]", mine.join(",")).ok();
        }
        let base = owned(&pos.pieces_at(Place::Out), p);
        writeln!(out, "{line}  {base_word}[{}]", base.join(" ")).ok();
    }
    out.push_str(if G::SAFE_FIELDS {
        "(Ss start field of seat s; * safe field; 13 = P1 G3)\n"
    } else {
        "(Ss start field of seat s; 13 = P1 G3)\n"
    });
    out
}

/// A route game as an SVG picture: the ring's fields clockwise from field
/// 0 at the top, each seat's start field in its player's colour (a safe
/// field green), each player's goal fields as a spoke from the field
/// before its start, and a panel with the die, each player's goal count
/// and base.
pub fn svg<G: RouteBoard>(pos: &G, marks: &super::svg::Marks) -> String {
    use super::svg::{colour, on_ring, Svg, CX, CY, PANEL_X, RING};
    let ring = G::ring(pos.rules());
    let starts = pos.starts();
    let goal = G::home_path(pos.rules());
    let (base_word, goal_word) = pos.place_names();
    let mut svg = Svg::new(G::TITLE, G::VOCABULARY);
    let at = |f: u8, r: f64| on_ring(f64::from(f) / f64::from(ring), r);
    svg.raw(&format!(
        "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{RING}\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\"/>"
    ));
    let owner = |f: u8| {
        pos.players()
            .into_iter()
            .find(|&p| starts[pos.seat_of(p) as usize] == f)
    };
    // The field a player's goal spoke leaves from: its entry field.
    let entry = |p: Player| pos.entry_of(p);
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
                &format!("{p} {goal_word} {k}"),
            );
            let here: Vec<_> = pos
                .pieces_at(Place::HomePath(k))
                .into_iter()
                .filter(|(o, _)| *o == p)
                .collect();
            if !here.is_empty() {
                svg.pieces_at(x, y, &here, &format!("{p} {goal_word} {k}"));
            }
        }
    }
    let mut on_tiles = Vec::new();
    for f in 0..ring {
        let (x, y) = at(f, RING);
        let (fill, class) = match owner(f) {
            Some(p) => (colour(p), "start"),
            None if starts.contains(&f) => ("#d9d9d9", "start"),
            None if pos.safe(f) => ("#e8f4e8", "safe"),
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
    svg.overlay(marks, &on_tiles, point, &super::svg::straight);
    let standings = pos.winner_now().map(|w| vec![w]);
    svg.status(standings.as_deref(), pos.turn());
    let left = dice_left_text(pos);
    let die = match pos.die_now() {
        Some(_) if left.is_some() => format!("dice: {}", left.unwrap_or_default()),
        Some(d) => format!("die: {d}"),
        None if pos.winner_now().is_some() => {
            "returns: ".to_string()
                + &pos
                    .returns_now()
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
        if G::SAFE_FIELDS {
            "coloured field: a seat's start; green: safe"
        } else {
            "coloured field: a seat's start"
        },
    );
    let mut y = 40.0;
    for p in pos.players() {
        svg.player_heading(PANEL_X, y, p, if pos.turn() == p { " ◀" } else { "" });
        svg.text(
            PANEL_X + 8.0,
            y + 20.0,
            12.0,
            "start",
            &format!(
                "seat {} · {goal_word} {}",
                pos.seat_of(p),
                pos.goal_count(p)
            ),
        );
        svg.piece_row(y + 44.0, base_word, p, &pos.pieces_at(Place::Out));
        y += 100.0;
    }
    svg.finish()
}

/// `5 2`: the dice still to play, where more than one is (a game that
/// plays each die apart); `None` otherwise.
fn dice_left_text<G: RouteBoard>(pos: &G) -> Option<String> {
    let left = pos.dice_left();
    (left.len() > 1).then(|| left.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
}
