//! SVG pictures of a position, written directly: what both games share (the
//! canvas, the players' colours and shapes, tokens, tiles on a ring).
//!
//! Colours are the Okabe-Ito colour-blind-safe set, and every player also has
//! a shape of its own (circle, square, triangle, diamond) and its number, so
//! no picture depends on colour alone.

use std::fmt::Write;

use crate::engine::{PieceId, Player, Vocabulary};

/// Canvas size: the board on the left, the players' panel on the right.
pub const WIDTH: f64 = 960.0;
pub const HEIGHT: f64 = 700.0;
/// The ring's centre and radius.
pub const CX: f64 = 350.0;
pub const CY: f64 = 350.0;
pub const RING: f64 = 285.0;
/// Where the players' panel starts.
pub const PANEL_X: f64 = 710.0;

/// Each seat's colour (Okabe-Ito: orange, sky blue, bluish green, reddish purple).
pub fn colour(p: Player) -> &'static str {
    ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"][p.index()]
}

/// Each seat's shape, named for the legend.
pub fn shape_name(p: Player) -> &'static str {
    ["circle", "square", "triangle", "diamond"][p.index()]
}

/// Escapes text for SVG and HTML (`shown::xml`: markup, the forms of a
/// workflow command, characters outside XML 1.0).
pub fn esc(s: &str) -> String {
    crate::shown::xml(s)
}

/// An SVG document being written.
pub struct Svg {
    out: String,
    /// The boxes of what is drawn so far that a later piece must keep clear
    /// of (labels, tiles, pieces): where a ghost or a second player's stack
    /// goes.
    taken: Vec<Rect>,
    /// Whether a second player's stack was drawn beside a shared tile (the
    /// legend then says what its line means).
    shared: bool,
    /// The centre of every tile drawn: a stack beside a shared tile must be
    /// nearer its own tile than any other.
    tiles: Vec<(f64, f64)>,
    /// The game's words, which write its places (a route's, a ghost's).
    words: &'static Vocabulary,
}

/// An axis-aligned box: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect(pub f64, pub f64, pub f64, pub f64);

impl Rect {
    /// The box of half-width `w` and half-height `h` round (x, y).
    fn around(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect(x - w, y - h, x + w, y + h)
    }

    /// Whether the two boxes share more than a unit each way (the browser
    /// test's measure).
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.2.min(o.2) - self.0.max(o.0) > 1.0 && self.3.min(o.3) - self.1.max(o.1) > 1.0
    }

    fn union(&self, o: &Rect) -> Rect {
        Rect(
            self.0.min(o.0),
            self.1.min(o.1),
            self.2.max(o.2),
            self.3.max(o.3),
        )
    }
}

impl Svg {
    /// A picture of a position of the game whose words are `words`.
    pub fn new(title: &str, words: &'static Vocabulary) -> Svg {
        let mut out = String::new();
        write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" role=\"img\">\n<title>{}</title>\n<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n",
            esc(title)
        )
        .ok();
        Svg {
            out,
            taken: Vec::new(),
            shared: false,
            tiles: Vec::new(),
            words,
        }
    }

    /// Whether `own` is the nearest drawn tile to `c`.
    fn nearest_tile_is(&self, c: (f64, f64), own: (f64, f64)) -> bool {
        let d = |t: &(f64, f64)| (t.0 - c.0).hypot(t.1 - c.1);
        let mine = d(&own);
        self.tiles.iter().all(|t| d(t) >= mine - 0.01)
    }

    /// Whether `r` is clear of everything drawn so far that counts.
    fn is_free(&self, r: &Rect) -> bool {
        !self.taken.iter().any(|t| t.overlaps(r))
    }

    pub fn raw(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// A label; never smaller than [`MIN_TEXT`] (pages show pictures at
    /// their own size or larger, so that is the smallest a reader sees).
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, s: &str) {
        let size = size.max(MIN_TEXT);
        // DejaVu Sans: at most about 0.7 em a character (capitals), a line
        // 1.2 em high.
        let w = 0.7 * size * s.chars().count() as f64;
        let left = match anchor {
            "middle" => x - w / 2.0,
            "end" => x - w,
            _ => x,
        };
        self.taken
            .push(Rect(left, y - 0.6 * size, left + w, y + 0.6 * size));
        writeln!(
            self.out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" text-anchor=\"{anchor}\" dominant-baseline=\"middle\">{}</text>",
            esc(s)
        )
        .ok();
    }

    /// A tile: a circle with its number outside, `fill` and an optional
    /// mark written inside (F, S, D, ...); `class` names what it is.
    #[allow(clippy::too_many_arguments)]
    pub fn tile(
        &mut self,
        x: f64,
        y: f64,
        r: f64,
        fill: &str,
        stroke: &str,
        class: &str,
        id: &str,
    ) {
        self.taken.push(Rect::around(x, y, r, r));
        self.tiles.push((x, y));
        writeln!(
            self.out,
            "<circle class=\"tile {class}\" data-tile=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
            esc(id)
        )
        .ok();
    }

    /// A stack of pieces of one player at one place: the first drawn fully,
    /// the rest as offset outlines behind it, and the group size beside it,
    /// both towards `lean` (up and right in the panel; on the board, inside
    /// the ring, clear of the tile's number outside it).
    pub fn stack(
        &mut self,
        (x, y): (f64, f64),
        p: Player,
        pieces: &[PieceId],
        place: &str,
        (lx, ly): (f64, f64),
    ) {
        let n = pieces.len();
        for (i, _) in pieces.iter().enumerate().skip(1).rev() {
            let d = 3.0 * i as f64;
            self.token_shape(x + d * lx, y + d * ly, p, "stack-shadow", "");
        }
        self.taken.push(stack_box((x, y), n, (lx, ly)));
        let label: Vec<String> = pieces.iter().map(ToString::to_string).collect();
        let names = format!("{p} {}", label.join(" "));
        let mark = match pieces.first() {
            Some(PieceId::King) => "K".to_string(),
            Some(PieceId::Numbered(g)) => g.to_string(),
            None => String::new(),
        };
        writeln!(
            self.out,
            "<g class=\"piece\" data-player=\"{p}\" data-pieces=\"{}\" data-place=\"{}\"><title>{} {}</title>",
            esc(&label.join(" ")),
            esc(place),
            esc(&names),
            esc(place)
        )
        .ok();
        let king = pieces.contains(&PieceId::King);
        self.token_shape(x, y, p, if king { "king" } else { "guard" }, &mark);
        if n > 1 {
            let (bx, by) = (x + BADGE * lx, y + BADGE * ly);
            writeln!(
                self.out,
                "<circle cx=\"{bx:.1}\" cy=\"{by:.1}\" r=\"8\" fill=\"#000\"/><text x=\"{bx:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#fff\" text-anchor=\"middle\" dominant-baseline=\"middle\">{n}</text>",
                by + 0.5
            )
            .ok();
        }
        self.out.push_str("</g>\n");
    }

    /// One token: the player's shape in its colour with `mark` inside; a King
    /// has a thick black outline and a crown line above.
    fn token_shape(&mut self, x: f64, y: f64, p: Player, class: &str, mark: &str) {
        let c = colour(p);
        let (stroke, width) = if class == "king" {
            ("#000", 3.0)
        } else {
            ("#222", 1.2)
        };
        let r = 9.5;
        let shape = match p.index() {
            0 => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\""),
            1 => format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\"",
                x - r,
                y - r,
                2.0 * r,
                2.0 * r
            ),
            2 => format!(
                "<polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"",
                x,
                y - r - 2.0,
                x + r + 1.5,
                y + r,
                x - r - 1.5,
                y + r
            ),
            _ => format!(
                "<polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"",
                x,
                y - r - 2.0,
                x + r + 2.0,
                y,
                x,
                y + r + 2.0,
                x - r - 2.0,
                y
            ),
        };
        writeln!(
            self.out,
            "{shape} class=\"{class}\" fill=\"{c}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>"
        )
        .ok();
        if class == "king" {
            writeln!(
                self.out,
                "<polyline points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>",
                x - 7.0, y - 13.0, x - 4.0, y - 18.0, x, y - 14.0, x + 4.0, y - 18.0, x + 7.0, y - 13.0
            )
            .ok();
        }
        if !mark.is_empty() {
            writeln!(
                self.out,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"middle\">{}</text>",
                y + 1.0,
                esc(mark)
            )
            .ok();
        }
    }

    /// The players' pieces at one place, a stack per player.
    pub fn pieces_at(&mut self, x: f64, y: f64, pieces: &[(Player, PieceId)], place: &str) {
        let mut players: Vec<Player> = pieces.iter().map(|(p, _)| *p).collect();
        players.dedup();
        let (ux, uy) = inward(x, y);
        // Inside the ring and to the side away from a spoke's labels
        // (`across` with a negative distance).
        let lean = if x < PANEL_X {
            (ux + uy, uy - ux)
        } else {
            (1.0, -1.0)
        };
        for (i, p) in players.iter().enumerate() {
            let mine: Vec<PieceId> = pieces
                .iter()
                .filter(|(o, _)| o == p)
                .map(|(_, id)| *id)
                .collect();
            // Several players on one place: the first on it, the others
            // inside the ring from it, one behind the other, each at the
            // first spot clear of what is drawn.
            let (sx, sy) = if i == 0 {
                (x, y)
            } else {
                // Straight in from its own tile, just clear of it, joined to
                // it by a short line: never between two tiles.
                let at = |k: f64| (x + k * ux, y + k * uy);
                // Straight in first; then turned a little either way, so a
                // home path's tiles inside the ring are never nearer.
                let turned = |deg: f64, k: f64| {
                    let (s, c) = deg.to_radians().sin_cos();
                    (x + k * (ux * c - uy * s), y + k * (ux * s + uy * c))
                };
                let spot = (0..30)
                    .flat_map(|j| {
                        [
                            0.0, 20.0, -20.0, 30.0, -30.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0,
                            180.0,
                        ]
                        .map(|deg| turned(deg, 24.0 + 2.0 * f64::from(j)))
                    })
                    .chain((0..20).flat_map(|j| {
                        [180.0, 160.0, -160.0, 145.0, -145.0]
                            .map(|deg| turned(deg, 40.0 + 2.0 * f64::from(j)))
                    }))
                    .find(|&c| {
                        let b = stack_box(c, mine.len(), lean);
                        let inside =
                            b.0 > 4.0 && b.1 > 4.0 && b.2 < PANEL_X - 8.0 && b.3 < HEIGHT - 4.0;
                        inside && self.is_free(&b) && self.nearest_tile_is(c, (x, y))
                    })
                    // A tile boxed in on every side (a junction with its
                    // home path inside): outside the ring, past its label.
                    .unwrap_or_else(|| at(-50.0));
                let (ux, uy) = {
                    let len = (spot.0 - x).hypot(spot.1 - y).max(1.0);
                    ((spot.0 - x) / len, (spot.1 - y) / len)
                };
                let at = |k: f64| (x + k * ux, y + k * uy);
                let (from, to) = (at(12.0), (spot.0 - 8.0 * ux, spot.1 - 8.0 * uy));
                writeln!(
                    self.out,
                    "<path class=\"leader\" data-place=\"{}\" d=\"M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#333\" stroke-width=\"3\"/>",
                    esc(place),
                    from.0,
                    from.1,
                    to.0,
                    to.1
                )
                .ok();
                self.shared = true;
                spot
            };
            self.stack((sx, sy), *p, &mine, place, lean);
        }
    }

    /// The legend line of a player in the panel: its shape, colour and seat.
    pub fn player_heading(&mut self, x: f64, y: f64, p: Player, extra: &str) {
        self.stack((x + 10.0, y), p, &[], "legend", (1.0, -1.0));
        self.text(
            x + 28.0,
            y,
            15.0,
            "start",
            &format!("{p} ({}){extra}", shape_name(p)),
        );
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The smallest text size of a picture, in its own units (issue 30: at
/// least 11 px where a page shows it).
pub const MIN_TEXT: f64 = 11.0;

/// How far a stack's count badge stands from its first piece, along the
/// stack's lean (a vector of about √2).
const BADGE: f64 = 11.0;

/// The distances inside the ring a ghost may stand from where its piece was
/// taken, in the order tried.
const GHOST_AT: [f64; 8] = [36.0, 48.0, 60.0, 72.0, 84.0, 96.0, 108.0, 120.0];

/// The box of a stack of `n` pieces at `c` leaning `lean`: its shapes (a
/// King's crown too), its shadows and its count badge.
fn stack_box(c: (f64, f64), n: usize, lean: (f64, f64)) -> Rect {
    let token = |k: f64| Rect::around(c.0 + k * lean.0, c.1 + k * lean.1, 12.0, 12.0);
    let mut r = token(0.0).union(&Rect::around(c.0, c.1 - 7.0, 8.0, 12.0));
    if n > 1 {
        r = r.union(&token(3.0 * (n - 1) as f64)).union(&Rect::around(
            c.0 + BADGE * lean.0,
            c.1 + BADGE * lean.1,
            8.0,
            8.0,
        ));
    }
    r
}

/// The sweep flag of an arc round the centre from `a` to `b` the shorter way.
pub fn sweep(a: (f64, f64), b: (f64, f64)) -> i32 {
    i32::from((a.0 - CX) * (b.1 - CY) - (a.1 - CY) * (b.0 - CX) > 0.0)
}

/// The point `d` from (x, y) across the radius through it (along the
/// ring's turn): beside a spoke's tile, or beside a tile on the ring.
pub fn across(x: f64, y: f64, d: f64) -> (f64, f64) {
    let (ux, uy) = inward(x, y);
    (x + d * uy, y - d * ux)
}

/// The unit vector from (x, y) towards the centre.
fn inward(x: f64, y: f64) -> (f64, f64) {
    let len = ((CX - x).powi(2) + (CY - y).powi(2)).sqrt().max(1.0);
    ((CX - x) / len, (CY - y) / len)
}

/// The point at `fraction` of a turn round the ring (0 at the top,
/// clockwise), at `radius` from the centre.
pub fn on_ring(fraction: f64, radius: f64) -> (f64, f64) {
    let a = fraction * std::f64::consts::TAU - std::f64::consts::FRAC_PI_2;
    (CX + radius * a.cos(), CY + radius * a.sin())
}

/// The pieces on one ring tile, drawn after the marks: x, y, the pieces,
/// the place's name.
pub type OnTile = (f64, f64, Vec<(Player, PieceId)>, String);

/// What the step just did, drawn over the position: the path each moving
/// piece took, the pieces it captured (ghosted where they stood) and where a
/// blockade stopped it.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// (mover, from, to, steps where the event says) of every single step
    /// and every whole move.
    pub path: Vec<(
        Player,
        crate::engine::Place,
        crate::engine::Place,
        Option<u8>,
    )>,
    pub captured: Vec<(Player, PieceId, crate::engine::Place)>,
    /// (mover, the blockade's place) of every move a blockade stopped.
    pub blocked: Vec<(Player, crate::engine::Place)>,
    /// (rider, fork tile, far end) of every ride a game's own event draws
    /// ([`Draw::Ride`](crate::engine::Draw): portal's `road.jump`).
    pub rides: Vec<(Player, u8, u8)>,
}

impl Marks {
    pub fn from_events(events: &[crate::engine::Event]) -> Marks {
        use crate::engine::What;
        let mut marks = Marks::default();
        for e in events {
            match &e.what {
                What::Moved {
                    from, to, total, ..
                } => marks.path.push((e.player, *from, *to, Some(*total))),
                What::Advanced {
                    from, to, value, ..
                }
                | What::Reached {
                    from, to, value, ..
                } => marks.path.push((e.player, *from, *to, Some(*value))),
                What::Step { from, to, .. } => marks.path.push((e.player, *from, *to, Some(1))),
                What::Captured {
                    victim, pieces, at, ..
                } => marks
                    .captured
                    .extend(pieces.iter().map(|id| (*victim, *id, *at))),
                // A piece sent back by a penalty, ghosted where it stood.
                What::SentBack { piece, from } => marks.captured.push((e.player, *piece, *from)),
                // capture.king-penalty: the owner's ring guards go too, each ghosted where it stood.
                What::KingPenalty {
                    victim,
                    guards,
                    stood,
                } => marks.captured.extend(
                    guards
                        .iter()
                        .zip(stood)
                        .map(|(g, at)| (*victim, PieceId::Numbered(*g), *at)),
                ),
                What::Blocked { at, .. } => marks.blocked.push((e.player, *at)),
                What::Own(own) if own.kind.draws == crate::engine::Draw::Ride => {
                    let field = |n: i64| {
                        u8::try_from(n).unwrap_or_else(|_| {
                            panic!("{}: a ride's field {n} is no ring field", own.kind.text)
                        })
                    };
                    marks
                        .rides
                        .push((e.player, field(own.numbers[0]), field(own.numbers[1])))
                }
                _ => {}
            }
        }
        marks
    }
}

/// The places a move passed, tile by tile, from its first to its last: a
/// game's renderer walks its own board (`Svg::overlay`'s `route`).
pub type Route<'a> = &'a dyn Fn(
    Player,
    crate::engine::Place,
    crate::engine::Place,
    Option<u8>,
) -> Vec<crate::engine::Place>;

/// The straight route: from and to alone.
pub fn straight(
    _: Player,
    from: crate::engine::Place,
    to: crate::engine::Place,
    _: Option<u8>,
) -> Vec<crate::engine::Place> {
    vec![from, to]
}

impl Svg {
    /// Draws `marks`, placing each place with `point` (None: not drawn) and
    /// each move along its `route`.
    pub fn marks(
        &mut self,
        marks: &Marks,
        point: impl Fn(Player, crate::engine::Place) -> Option<(f64, f64)>,
        route: Route<'_>,
    ) {
        for (p, from, to, steps) in &marks.path {
            let places = route(*p, *from, *to, *steps);
            let words: Vec<String> = places
                .iter()
                .map(|at| self.words.place_words(*at))
                .collect();
            let mut d = String::new();
            let mut last: Option<(crate::engine::Place, f64, f64)> = None;
            for place in places {
                let Some((x2, y2)) = point(*p, place) else {
                    continue;
                };
                match last {
                    None => {
                        let _ = write!(d, "M{x2:.1},{y2:.1}");
                    }
                    // Along the ring the shorter way; elsewhere straight.
                    Some((prev, x1, y1)) if prev.is_ring() && place.is_ring() => {
                        let sweep = sweep((x1, y1), (x2, y2));
                        let _ = write!(d, " A{RING},{RING} 0 0 {sweep} {x2:.1},{y2:.1}");
                    }
                    Some(_) => {
                        let _ = write!(d, " L{x2:.1},{y2:.1}");
                    }
                }
                last = Some((place, x2, y2));
            }
            if d.contains(' ') {
                self.route_path(*p, &words.join(" > "), &d);
            }
        }
        for (mover, at) in &marks.blocked {
            // The mover stopped on `at`; the blockade stands one tile on
            // along its way. The tile it came from, along its route, gives
            // that way.
            let Some(stop) = point(*mover, *at) else {
                continue;
            };
            let came_from = marks
                .path
                .iter()
                .rev()
                .find(|(p, _, to, _)| p == mover && to == at)
                .and_then(|(p, from, to, steps)| {
                    let places = route(*p, *from, *to, *steps);
                    places.len().checked_sub(2).map(|k| places[k])
                })
                .and_then(|prev| point(*mover, prev));
            self.stop_bar(stop, came_from);
        }
    }

    /// blockade.*: where a blockade stopped a move, a bar across the way
    /// just past the tile the mover stopped on, towards the blockade (a
    /// cross over the stopped piece read as a capture); with no way known
    /// (stopped before its first step), a bar inside the ring from it.
    fn stop_bar(&mut self, (x, y): (f64, f64), came_from: Option<(f64, f64)>) {
        let (ux, uy) = inward(x, y);
        let ((cx, cy), (ax, ay), h) = match came_from {
            Some((px, py)) if (px - x).hypot(py - y) > 1.0 => {
                // Half a tile on, in the gap before the blockade's tile,
                // on the ring's outer side: a stack's shadows and count
                // lean inwards, so the bar stays clear of both groups.
                let (gx, gy) = (x + (x - px) / 2.0, y + (y - py) / 2.0);
                ((gx - 6.0 * ux, gy - 6.0 * uy), (ux, uy), 8.0)
            }
            _ => ((x + 26.0 * ux, y + 26.0 * uy), (-uy, ux), 15.0),
        };
        writeln!(
            self.out,
            "<path class=\"blockade-stop\" d=\"M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#D55E00\" stroke-width=\"5\" stroke-linecap=\"round\"><title>stopped by a blockade</title></path>",
            cx - h * ax,
            cy - h * ay,
            cx + h * ax,
            cy + h * ay
        )
        .ok();
    }

    /// The key to what the step's marks mean, bottom left, clear of the
    /// ring: an entry for each kind drawn (the move's path, a blockade's
    /// stop, a captured piece's ghost, a stack beside a shared tile).
    fn marks_legend(&mut self, marks: &Marks) {
        let mut entries: Vec<(&str, &str)> = Vec::new();
        if !marks.path.is_empty() || !marks.rides.is_empty() {
            entries.push(("path", "the step's move"));
        }
        if !marks.blocked.is_empty() {
            entries.push(("stop", "stopped by a blockade"));
        }
        if !marks.captured.is_empty() {
            entries.push(("ghost", "captured (where it stood)"));
        }
        if self.shared {
            entries.push(("leader", "on the same tile"));
        }
        let mut y = HEIGHT - 12.0 - 18.0 * (entries.len() as f64 - 1.0);
        for (kind, words) in entries {
            let (x, grey) = (12.0, "#555");
            match kind {
                "path" => writeln!(
                    self.out,
                    "<path class=\"key\" d=\"M{x:.1},{y:.1} L{:.1},{y:.1}\" stroke=\"{grey}\" stroke-width=\"7\" stroke-opacity=\"0.6\" stroke-linecap=\"round\"/>",
                    x + 22.0
                ),
                "stop" => writeln!(
                    self.out,
                    "<path class=\"key\" d=\"M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"#D55E00\" stroke-width=\"5\" stroke-linecap=\"round\"/>",
                    x + 11.0,
                    y - 7.0,
                    x + 11.0,
                    y + 7.0
                ),
                "ghost" => writeln!(
                    self.out,
                    "<circle class=\"key\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"{grey}\" opacity=\"0.4\" stroke=\"#222\"/>",
                    x + 11.0
                ),
                _ => writeln!(
                    self.out,
                    "<path class=\"key\" d=\"M{x:.1},{y:.1} L{:.1},{y:.1}\" stroke=\"{grey}\" stroke-width=\"2\"/>",
                    x + 22.0
                ),
            }
            .ok();
            self.text(x + 30.0, y, 11.0, "start", words);
            y += 18.0;
        }
    }

    /// The way a piece of `p` went: the path `d` in its colour, its places
    /// in `data-route`.
    pub fn route_path(&mut self, p: Player, route: &str, d: &str) {
        writeln!(
            self.out,
            "<path class=\"path\" data-route=\"{}\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"7\" stroke-opacity=\"0.6\" stroke-linecap=\"round\"/>",
            esc(route),
            colour(p)
        )
        .ok();
    }

    /// Over the drawn board: the step's marks, then the pieces on the ring
    /// tiles (above the path), then the captured pieces' ghosts.
    pub fn overlay(
        &mut self,
        marks: &Marks,
        on_tiles: &[OnTile],
        point: impl Fn(Player, crate::engine::Place) -> Option<(f64, f64)>,
        route: Route<'_>,
    ) {
        self.marks(marks, &point, route);
        for (x, y, here, label) in on_tiles {
            self.pieces_at(*x, *y, here, label);
        }
        self.ghosts(marks, &point);
        self.marks_legend(marks);
    }

    /// A panel row: `label`, then each of `p`'s pieces in `pieces` (the
    /// pieces at one place, any player's) side by side.
    pub fn piece_row(&mut self, y: f64, label: &str, p: Player, pieces: &[(Player, PieceId)]) {
        self.text(PANEL_X + 8.0, y, 12.0, "start", label);
        let place = format!("{p} {label}");
        let mine = pieces.iter().filter(|(o, _)| *o == p);
        for (i, piece) in mine.enumerate() {
            self.pieces_at(PANEL_X + 60.0 + 24.0 * i as f64, y, &[*piece], &place);
        }
    }

    /// The centre's first line: who is to move, or the final standings.
    pub fn status(&mut self, standings: Option<&[Player]>, turn: Player) {
        let status = match standings {
            Some(st) => {
                let list: Vec<String> = st.iter().map(ToString::to_string).collect();
                format!("game over: {}", list.join(" "))
            }
            None => format!("{turn} to move"),
        };
        self.text(CX, CY - 8.0, 16.0, "middle", &status);
    }

    /// Captured pieces, ghosted where they were taken.
    pub fn ghosts(
        &mut self,
        marks: &Marks,
        point: impl Fn(Player, crate::engine::Place) -> Option<(f64, f64)>,
    ) {
        for (k, (p, id, at)) in marks.captured.iter().enumerate() {
            if let Some((x, y)) = point(*p, *at) {
                // Inside the ring from where it stood, side by side with the
                // others taken there, clear of the tile's own label.
                let here: Vec<usize> = (0..marks.captured.len())
                    .filter(|&j| marks.captured[j].2 == *at)
                    .collect();
                let i = here.iter().position(|&j| j == k).unwrap_or(0) as f64;
                let spread = i - (here.len() as f64 - 1.0) / 2.0;
                let (ux, uy) = inward(x, y);
                // Inside the ring from where it stood, side by side along the
                // ring's turn, at the first distance clear of every label,
                // tile and piece drawn.
                let spot = |(d, side): (f64, f64)| {
                    let across = 24.0 * (spread + side);
                    (x + d * ux - across * uy, y + d * uy + across * ux)
                };
                // The nearest free spot to where it stood.
                let mut spots: Vec<(f64, f64)> = GHOST_AT
                    .iter()
                    .flat_map(|&d| [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0].map(|side| (d, side)))
                    .map(spot)
                    .collect();
                spots.sort_by(|a, b| {
                    let far = |(gx, gy): &(f64, f64)| (gx - x).hypot(gy - y);
                    far(a).total_cmp(&far(b))
                });
                let (gx, gy) = spots
                    .into_iter()
                    .find(|&(gx, gy)| self.is_free(&Rect::around(gx, gy, 12.0, 12.0)))
                    .unwrap_or_else(|| spot((GHOST_AT[0], 0.0)));
                self.taken.push(Rect::around(gx, gy, 12.0, 12.0));
                let mark = match id {
                    PieceId::King => "K".to_string(),
                    PieceId::Numbered(g) => g.to_string(),
                };
                writeln!(
                    self.out,
                    "<g class=\"ghost\" data-player=\"{p}\" data-pieces=\"{id}\" data-place=\"{}\" opacity=\"0.4\"><title>{p} {id} captured here</title>",
                    esc(&self.words.place_words(*at))
                )
                .ok();
                self.token_shape(gx, gy, *p, "guard", &mark);
                self.out.push_str("</g>\n");
            }
        }
    }
}

/// Two pictures of one step (base and head rules) with what differs marked
/// on both (`goti diff --format html`): each piece group (player, pieces,
/// place) the other picture has not, and each text (a panel's numbers) that
/// reads otherwise there, get the class `differs`.
pub fn mark_differences(a: &str, b: &str) -> (String, String) {
    let (ga, gb) = (piece_groups(a), piece_groups(b));
    let (ta, tb) = (texts(a), texts(b));
    (mark(a, &ga, &gb, &ta, &tb), mark(b, &gb, &ga, &tb, &ta))
}

/// Each piece group's opening tag in `svg`, in order.
fn piece_groups(svg: &str) -> Vec<&str> {
    svg.match_indices("<g class=\"piece\" ")
        .filter_map(|(i, _)| svg[i..].find('>').map(|end| &svg[i..=i + end]))
        .collect()
}

/// Each `<text>` element's content in `svg`, in order.
fn texts(svg: &str) -> Vec<&str> {
    svg.match_indices("<text ")
        .filter_map(|(i, _)| {
            let open = i + svg[i..].find('>')? + 1;
            let close = open + svg[open..].find("</text>")?;
            Some(&svg[open..close])
        })
        .collect()
}

fn mark(svg: &str, groups: &[&str], theirs: &[&str], mine: &[&str], other: &[&str]) -> String {
    let mut out = String::with_capacity(svg.len() + 256);
    let (mut g, mut t) = (0, 0);
    let mut rest = svg;
    loop {
        let next_g = rest.find("<g class=\"piece\" ");
        let next_t = rest.find("<text ");
        let (at, is_group) = match (next_g, next_t) {
            (Some(x), Some(y)) if x < y => (x, true),
            (Some(x), None) => (x, true),
            (_, Some(y)) => (y, false),
            (None, None) => break,
        };
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if is_group {
            let differs = groups.get(g).is_some_and(|tag| !theirs.contains(tag));
            g += 1;
            let head = "<g class=\"piece\" ";
            out.push_str(if differs {
                "<g class=\"piece differs\" "
            } else {
                head
            });
            rest = &rest[head.len()..];
        } else {
            // Texts pair by position when both pictures have as many; else by content.
            let differs = match (mine.get(t), other.len() == mine.len()) {
                (Some(text), true) => other.get(t) != Some(text),
                (Some(text), false) => !other.contains(text),
                (None, _) => false,
            };
            t += 1;
            let head = "<text ";
            out.push_str(if differs {
                "<text class=\"differs\" "
            } else {
                head
            });
            rest = &rest[head.len()..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod differences {
    use super::mark_differences;

    #[test]
    fn what_differs_is_marked_on_both_pictures() {
        let a = "<svg><g class=\"piece\" data-player=\"P1\" data-pieces=\"G1\" data-place=\"tile 23\"></g><text x=\"1\">battle 20</text><text x=\"2\">P1</text></svg>";
        let b = "<svg><g class=\"piece\" data-player=\"P1\" data-pieces=\"G1\" data-place=\"tile 25\"></g><text x=\"1\">battle 30</text><text x=\"2\">P1</text></svg>";
        let (ma, mb) = mark_differences(a, b);
        for m in [&ma, &mb] {
            assert_eq!(m.matches("class=\"piece differs\"").count(), 1, "{m}");
            assert_eq!(m.matches("<text class=\"differs\"").count(), 1, "{m}");
            assert!(m.contains("<text x=\"2\">P1</text>"), "{m}");
        }
        let (same, _) = mark_differences(a, a);
        assert_eq!(same, a);
    }
}
