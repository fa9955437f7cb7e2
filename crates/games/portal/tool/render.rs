//! Portal's snapshot body and ASCII board.

use std::fmt::Write;

use crate::engine::Game;
use crate::engine::{PieceId, Place, Player, Portal};

/// Portal's words, which write its places (`on lane 2`, `in toilet 42 pit`).
const WORDS: &crate::engine::Vocabulary = <Portal as Game>::VOCABULARY;
use crate::runner::render::{owned, piece_list, Render};

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
                    "turn: {}; to play: {}; burned: {}; doubles in a row: {}{}",
                    pos.turn(),
                    words_or_none(&pending),
                    words_or_none(&burned),
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
        // The places pieces stand on: only those are looked at (a diff
        // renders every step of every scenario on both sides).
        let taken: Vec<Place> = pos
            .players()
            .flat_map(|p| (1..=5u8).map(move |g| pos.piece(p, PieceId::Numbered(g)).place))
            .collect();
        let p1 = Player::ALL[0];
        for s in 0..board.ring as i32 {
            if let Some(Place::Ring(t)) = board.place_at(p1, s) {
                if taken.contains(&Place::Ring(t)) {
                    let here = pos.pieces_at(Place::Ring(t));
                    writeln!(out, "  tile {t}: {}", piece_list(&here)).ok();
                }
                if let Some((_, toilet)) = board.toilet(t) {
                    for spot in 0..=3 {
                        let place = Place::Aside {
                            field: toilet.trigger,
                            spot,
                        };
                        if !taken.contains(&place) {
                            continue;
                        }
                        let here = pos.pieces_at(place);
                        if !here.is_empty() {
                            let at = WORDS.place_words(place);
                            writeln!(out, "  {at}: {}", piece_list(&here)).ok();
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
                let piece = pos.piece(p, PieceId::Numbered(g));
                match piece.place {
                    Place::Out => base.push(format!("G{g}")),
                    place => {
                        let at = WORDS.place_words(place);
                        writeln!(out, "    G{g} {at} (steps {})", piece.steps).ok();
                    }
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
                        code(Place::Aside {
                            field: t.trigger,
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
            let base = owned(&pos.pieces_at(Place::Out), p);
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

    fn svg(&self, marks: &crate::runner::render::svg::Marks) -> String {
        svg(self, marks)
    }
}

/// Portal as an SVG picture: the ring from P1's start (clockwise from the
/// top) with start tiles (in the seat's colour), safe tiles (S), dice tiles
/// (D), roads as arcs across the board, toilets with their pit and W1-W3
/// inside the ring, each seat's lane as a spoke from its junction, and a
/// panel with the dice due and burned, and every player's home and base.
pub(super) fn svg(pos: &Portal, marks: &crate::runner::render::svg::Marks) -> String {
    use crate::runner::render::svg::{Svg, CX, CY, RING};
    let board = pos.board();
    let p1 = Player::ALL[0];
    let mut svg = Svg::new("portal position", WORDS);
    let tiles: Vec<u8> = (0..board.ring as i32)
        .filter_map(|s| match board.place_at(p1, s) {
            Some(Place::Ring(t)) => Some(t),
            _ => None,
        })
        .collect();
    let lay = Layout {
        ring: tiles.len().max(1) as f64,
        tiles,
    };
    let at = |t: u8, r: f64| lay.at(t, r);
    svg.raw(&format!(
        "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{RING}\" fill=\"none\" stroke=\"#bbb\" stroke-width=\"1\"/>"
    ));
    roads(&mut svg, board, &lay);
    lanes(&mut svg, pos, &lay);
    toilets(&mut svg, pos, &lay);
    let on_tiles = ring_tiles(&mut svg, pos, &lay);
    let point = |p: Player, place: Place| match place {
        Place::Ring(t) => Some(at(t, RING)),
        Place::HomePath(k) => match board.place_at(p, board.junction_step()) {
            Some(Place::Ring(j)) => Some(at(j, RING - 30.0 * f64::from(k))),
            _ => None,
        },
        Place::Aside {
            field: trigger,
            spot,
        } => Some(at(trigger, RING - 40.0 - 24.0 * f64::from(spot))),
        _ => None,
    };
    rides(&mut svg, marks, &lay);
    svg.overlay(marks, &on_tiles, point, &|p, from, to, _| {
        route(pos, p, from, to)
    });
    panel(&mut svg, pos);
    svg.finish()
}

/// Where portal's tiles stand: P1's route order round the circle.
struct Layout {
    tiles: Vec<u8>,
    ring: f64,
}

impl Layout {
    /// Tile `t` at radius `r`.
    fn at(&self, t: u8, r: f64) -> (f64, f64) {
        let i = self.tiles.iter().position(|&x| x == t).unwrap_or(0) as f64;
        crate::runner::render::svg::on_ring(i / self.ring, r)
    }
}

type Svg = crate::runner::render::svg::Svg;

/// Roads: each its own chord, from one fork straight in towards the
/// centre, across to the other fork's spoke and out along it; no two share
/// a line (a shared inner circle read as a hub joining every road).
fn roads(svg: &mut Svg, board: &crate::engine::portal::PortalBoard, lay: &Layout) {
    for &t in &lay.tiles {
        if let Some(o) = board.fork(t) {
            if t < o {
                svg.raw(&format!(
                    "<path class=\"road\" data-road=\"{t}-{o}\" d=\"M{}\" fill=\"none\" stroke=\"#8c6d1f\" stroke-width=\"3\" stroke-dasharray=\"8 4\"/>",
                    road_curve(lay, t, o)
                ));
            }
        }
    }
}

/// The road from fork `t` to fork `o` as a path's course (after its `M`):
/// in along `t`'s spoke (no lane or toilet stands on a fork's), a straight
/// chord to `o`'s spoke, out along it.
fn road_curve(lay: &Layout, t: u8, o: u8) -> String {
    use crate::runner::render::svg::RING;
    let (x1, y1) = lay.at(t, RING - 16.0);
    let (ax, ay) = lay.at(t, ROAD_DEPTH);
    let (bx, by) = lay.at(o, ROAD_DEPTH);
    let (x2, y2) = lay.at(o, RING - 16.0);
    format!("{x1:.1},{y1:.1} L{ax:.1},{ay:.1} L{bx:.1},{by:.1} L{x2:.1},{y2:.1}")
}

/// How far from the centre a road turns from its spoke onto its chord:
/// a chord between forks a quarter turn apart then passes inside the
/// lanes' and toilets' innermost spots, and outside the centre's lines.
const ROAD_DEPTH: f64 = 128.0;

/// The rides of this step (`road.jump`), in the mover's colour along the
/// road, from the fork tile it landed on to the far end.
fn rides(svg: &mut Svg, marks: &crate::runner::render::svg::Marks, lay: &Layout) {
    use crate::runner::render::svg::RING;
    for &(p, from, to) in &marks.rides {
        let (x1, y1) = lay.at(from, RING);
        let (x2, y2) = lay.at(to, RING);
        let d = format!(
            "M{x1:.1},{y1:.1} L{} L{x2:.1},{y2:.1}",
            road_curve(lay, from, to)
        );
        svg.route_path(p, &format!("on {from} > road > on {to}"), &d);
    }
}

/// Lanes: a spoke from each seat's junction towards the centre.
fn lanes(svg: &mut Svg, pos: &Portal, lay: &Layout) {
    use crate::runner::render::svg::{colour, RING};
    let board = pos.board();
    let at = |t: u8, r: f64| lay.at(t, r);
    for p in pos.players() {
        let Some(Place::Ring(j)) = board.place_at(p, board.junction_step()) else {
            continue;
        };
        for k in 1..=board.lane {
            let (x, y) = at(j, RING - 30.0 * f64::from(k));
            svg.tile(
                x,
                y,
                11.0,
                "#f4f4f4",
                colour(p),
                "lane",
                &format!("{p} L{k}"),
            );
            let here: Vec<_> = pos
                .pieces_at(Place::HomePath(k))
                .into_iter()
                .filter(|(o, _)| *o == p)
                .collect();
            if !here.is_empty() {
                svg.pieces_at(x, y, &here, &format!("{p} lane {k}"));
            }
        }
    }
}

/// A toilet's spot (0 the pit, then W1-W3): where it is drawn, in a row
/// inside the trigger tile, and its name.
fn toilet_spot(lay: &Layout, trigger: u8, spot: u8) -> ((f64, f64), String) {
    let at = lay.at(
        trigger,
        crate::runner::render::svg::RING - 40.0 - 24.0 * f64::from(spot),
    );
    let name = if spot == 0 {
        "pit".to_string()
    } else {
        format!("W{spot}")
    };
    (at, name)
}

/// Toilets: the pit and W1-W3 in a row inside the trigger tile.
fn toilets(svg: &mut Svg, pos: &Portal, lay: &Layout) {
    let board = pos.board();
    for toilet in &board.toilets {
        for spot in 0..=3u8 {
            let ((x, y), name) = toilet_spot(lay, toilet.trigger, spot);
            svg.tile(
                x,
                y,
                10.0,
                "#e8e0f0",
                "#6a4c93",
                "toilet",
                &format!("toilet {} {name}", toilet.trigger),
            );
            // Beside the spot, across the column (the spots run along it).
            let (lx, ly) = crate::runner::render::svg::across(x, y, -30.0);
            svg.text(lx, ly, 8.0, "middle", &name);
        }
    }
    // The pieces once every spot is drawn: a second player's stack is
    // placed nearest its own spot among all of them.
    for toilet in &board.toilets {
        for spot in 0..=3u8 {
            let ((x, y), name) = toilet_spot(lay, toilet.trigger, spot);
            let here = pos.pieces_at(Place::Aside {
                field: toilet.trigger,
                spot,
            });
            if !here.is_empty() {
                svg.pieces_at(x, y, &here, &format!("toilet {} {name}", toilet.trigger));
            }
        }
    }
}

/// The ring's tiles with their marks; the pieces on them, for the overlay.
fn ring_tiles(
    svg: &mut Svg,
    pos: &Portal,
    lay: &Layout,
) -> Vec<crate::runner::render::svg::OnTile> {
    use crate::runner::render::svg::{colour, RING};
    let board = pos.board();
    let at = |t: u8, r: f64| lay.at(t, r);
    let tiles = lay.tiles.as_slice();
    let mut on_tiles = Vec::new();
    for &t in tiles {
        let (x, y) = at(t, RING);
        let start = board.start.iter().position(|&s| s == t);
        let mut class = Vec::new();
        let mut mark = String::new();
        if start.is_some() {
            class.push("start");
        }
        if board.is_safe(t) {
            class.push("safe");
            mark.push('S');
        }
        if board.is_dice(t) {
            class.push("dice");
            mark.push('D');
        }
        if board.toilet(t).is_some() {
            class.push("toilet-trigger");
            mark.push('T');
        }
        if board.fork(t).is_some() {
            class.push("fork");
            mark.push('R');
        }
        // A start tile is safe whoever plays; only a seated player's is in its colour.
        let fill = match start.map(|i| Player::ALL[i]) {
            Some(p) if pos.players().any(|q| q == p) => colour(p),
            _ if board.is_safe(t) => "#d9d9d9",
            _ => "#ffffff",
        };
        svg.tile(x, y, 13.0, fill, "#555", &class.join(" "), &t.to_string());
        let (nx, ny) = at(t, RING + 25.0);
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
    on_tiles
}

/// Values in a row, or `none`.
fn words_or_none(values: &[String]) -> String {
    if values.is_empty() {
        "none".into()
    } else {
        values.join(" ")
    }
}

/// The status line, the dice due and burned, and each player's panel.
fn panel(svg: &mut Svg, pos: &Portal) {
    use crate::runner::render::svg::{CX, CY, PANEL_X};
    svg.status(pos.final_standings(), pos.turn());
    let roll = pos.roll();
    let pending: Vec<String> = roll.pending().iter().map(ToString::to_string).collect();
    let burned: Vec<String> = roll.burned().iter().map(ToString::to_string).collect();
    // In words, not a list's brackets, on two short lines the roads'
    // chords keep clear of: `dice to play: 6 1`, `burned: none`.
    svg.text(
        CX,
        CY + 12.0,
        12.0,
        "middle",
        &format!("dice to play: {}", words_or_none(&pending)),
    );
    svg.text(
        CX,
        CY + 28.0,
        12.0,
        "middle",
        &format!("burned: {}", words_or_none(&burned)),
    );
    svg.text(
        PANEL_X,
        18.0,
        11.0,
        "start",
        "S safe · D dice · T toilet · R road",
    );
    let mut y = 40.0;
    for p in pos.players() {
        svg.player_heading(PANEL_X, y, p, if pos.turn() == p { " ◀" } else { "" });
        let mut line = format!("home {}", pos.home_count(p));
        if pos.is_ranked() {
            write!(line, " · tokens {}", pos.tokens(p)).ok();
        }
        svg.text(PANEL_X + 8.0, y + 20.0, 12.0, "start", &line);
        svg.piece_row(y + 44.0, "base", p, &pos.pieces_at(Place::Out));
        svg.piece_row(y + 70.0, "home", p, &pos.pieces_at(Place::Home));
        y += 130.0;
    }
}

/// The places a portal move passed, along the player's route (ring, then
/// lane): a climb out of a toilet goes down its column and onto the rejoin
/// tile first (`toilet.climb`), then on along the route.
fn route(pos: &Portal, p: Player, from: Place, to: Place) -> Vec<Place> {
    let board = pos.board();
    let mut walk = vec![from];
    let mut at = from;
    if let Place::Aside {
        field: trigger,
        spot,
    } = from
    {
        if matches!(to, Place::Aside { .. }) {
            return vec![from, to];
        }
        let Some((_, toilet)) = board.toilet(trigger) else {
            return vec![from, to];
        };
        walk.extend((0..spot).rev().map(|spot| Place::Aside {
            field: trigger,
            spot,
        }));
        at = Place::Ring(toilet.rejoin);
        walk.push(at);
    }
    if from == Place::Out || to == Place::Out {
        walk.push(to);
        return walk;
    }
    // A fall ends on the trigger tile, then drops into the pit.
    let target = match to {
        Place::Aside { field: trigger, .. } => Place::Ring(trigger),
        other => other,
    };
    let (s0, s1) = (board.step_of(p, at), board.step_of(p, target));
    let dir = if s1 >= s0 { 1 } else { -1 };
    let mut s = s0;
    while s != s1 {
        s += dir;
        match board.place_at(p, s) {
            Some(place) => walk.push(place),
            None => break,
        }
    }
    if walk.last() != Some(&to) {
        walk.push(to);
    }
    walk
}
