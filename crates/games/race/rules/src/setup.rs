//! Setting a game up (RACE.md §1 Table and board): seats, routes, and a
//! scenario's `Setup` validated into a position with every problem reported.

use super::*;
use crate::words::{SEATS_OPPOSITE, SEATS_SIDE};
use goti_engine::event::{Event, What};
use goti_engine::setup::{Setup, SetupError, SetupFact, SetupPart};

fn error(rule: R, part: SetupPart, message: String, help: Option<&str>) -> SetupError {
    SetupError {
        rule: rule.id(),
        part,
        message,
        help: help.map(str::to_string),
    }
}

impl Race {
    /// Validates a setup (every problem at once) and builds the position.
    pub fn from_setup(
        rules: Arc<RaceRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Race, Vec<SetupError>> {
        Race::set_up(rules.clone(), setup, events).map_err(|mut errors| {
            // Cited under the description's own names (`names`).
            for e in &mut errors {
                e.rule = rules.cited(e.rule);
            }
            errors
        })
    }

    fn set_up(
        rules: Arc<RaceRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Race, Vec<SetupError>> {
        let mut errors = Vec::new();
        // table.players: 2 up to the seats' number, always P1..Pn in order.
        let present = Table::of_setup(setup, &super::words::WORDS, &mut errors);
        let n = present.len() as u8;
        let (seats, opposite) = seating(&rules, setup, present, &mut errors);
        let ring = rules.ring();
        let home = rules.home_path();
        let pieces = rules.pieces();
        let mut route = [[BASE; 4]; 4];
        // The route position of a place for `p` (board.ring, board.home).
        let route_of = |p: Player, place: Place| -> Result<i8, (R, String)> {
            let seat = seats[p.index()];
            let start = rules.params.board.starts[seat as usize];
            let lap = rules.lap(seat);
            match place {
                Place::Out => Ok(BASE),
                Place::Ring(f) if f < ring => {
                    let r = ((f as u16 + ring as u16 - start as u16) % ring as u16) as i8;
                    if r < lap {
                        return Ok(r);
                    }
                    // board.entry: past its entry field, a piece has
                    // turned into its home fields.
                    let entry = rules.params.board.entries[seat as usize];
                    Err((
                        R::BoardEntry,
                        format!(
                            "{p}'s pieces go from field {start} to field {entry}, then home: field {f} is not on their way"
                        ),
                    ))
                }
                Place::Ring(f) => Err((
                    R::BoardRing,
                    format!("field {f} is off the ring (0-{})", ring - 1),
                )),
                Place::HomePath(k) if (1..=home).contains(&k) => Ok(lap + k as i8 - 1),
                Place::HomePath(k) => Err((
                    R::BoardHome,
                    format!(
                        "the home has fields 1-{home}; there is no {} {k}",
                        rules.params.words.home
                    ),
                )),
                other => Err((R::BoardRing, format!("race has no place `{other}`"))),
            }
        };
        let mut placed: Vec<(Player, usize, i8)> = Vec::new();
        for c in
            setup.checked_placements(&present, &super::words::WORDS, rules.sizes(), &mut errors)
        {
            let (part, pl, g) = (SetupPart::Placement(c.index), c.placement, c.slot);
            let p = pl.player;
            let r = match route_of(p, pl.place) {
                Ok(r) => r,
                Err((rule, message)) => {
                    errors.push(error(rule, part, message, None));
                    continue;
                }
            };
            if r != BASE {
                if let Some(message) = clash(&rules, &seats, &placed, p, r, pl.place) {
                    errors.push(error(message.0, part, message.1, None));
                    continue;
                }
            }
            placed.push((p, g, r));
            route[p.index()][g] = r;
        }
        let turn = present.turn_of_setup(setup, R::TablePlayers.id(), &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut pos = Race {
            rules,
            present,
            n,
            seats,
            route,
            turn,
            left: super::dice::Left::EMPTY,
            got: (false, false),
            double: false,
            streak: 0,
            winner: None,
            finished: Places::default(),
            standings: None,
        };
        pos.record_set_up(opposite, events);
        let full: Vec<Player> = pos
            .players()
            .filter(|&p| pos.in_home(p) == pieces)
            .collect();
        if pos.rules.params.end.play_on {
            // end.places: players set up with every piece home have
            // finished, in player order; the player to move is one still
            // playing.
            for &p in &full {
                if pos.winner.is_none() {
                    pos.take_place(p, events);
                }
            }
            if pos.winner.is_none() && pos.has_finished(pos.turn) {
                if setup.turn.is_some() {
                    return Err(vec![error(
                        R::EndPlaces,
                        SetupPart::Turn,
                        format!(
                            "{} has every piece home and has finished: it has no turn",
                            pos.turn
                        ),
                        Some("give the turn to a player still playing"),
                    )]);
                }
                pos.turn = pos.next_playing(pos.turn);
                let now = pos.turn;
                pos.event(events, R::EndPlaces, || What::TurnEnds { next: now });
            }
        } else if let Some(&w) = full.first() {
            // end.win: a set-up with every piece of a player home is a game won.
            pos.turn = w;
            pos.finish(w, events);
        }
        Ok(pos)
    }

    /// The table and board rules a set-up applies, as events.
    fn record_set_up(&self, opposite: bool, events: &mut Vec<Event>) {
        self.event(events, R::TablePlayers, || What::SetUp {
            players: self.n,
            mode: None,
        });
        self.event(events, R::TableSeats, || {
            What::Note(if self.n == 2 && opposite {
                "P2 sits halfway round"
            } else {
                "Pn sits at seat n-1"
            })
        });
        self.event(events, R::BoardRing, || {
            What::Note("each seat starts on its own field")
        });
        self.event(events, R::BoardBase, || {
            What::Note("unplaced pieces are in base")
        });
    }

    /// A new game: every piece in base, P1 to throw.
    pub fn new_game(
        rules: Arc<RaceRules>,
        players: &[Player],
        opposite: Option<bool>,
    ) -> Result<Race, SetupError> {
        let setup = Setup {
            players: players.to_vec(),
            facts: opposite
                .map(|o| SetupFact::plain(if o { SEATS_OPPOSITE } else { SEATS_SIDE }, Vec::new()))
                .into_iter()
                .collect(),
            ..Setup::default()
        };
        Race::from_setup(rules, &setup, &mut Vec::new()).map_err(|mut e| e.remove(0))
    }

    /// Records that `rule` applied (`what` is only built when recorded).
    pub(super) fn event<S: Sink>(&self, ev: &mut S, rule: R, what: impl FnOnce() -> What) {
        if S::ON {
            goti_engine::event::record(ev, self.rules.id(rule), self.turn, what);
        }
    }
}

/// Why a piece of `p` cannot be placed at route position `r` beside those
/// placed already: an own piece there (`move.free`), or an opponent on a
/// field where landing captures (`capture.land`).
fn clash(
    rules: &RaceRules,
    seats: &[u8; 4],
    placed: &[(Player, usize, i8)],
    p: Player,
    r: i8,
    place: Place,
) -> Option<(R, String)> {
    // board.entry: the common fields of each one's seat.
    let lap = |q: Player| rules.lap(seats[q.index()]);
    let ring = lap(p);
    for &(q, h, s) in placed {
        // move.share: own pieces share ring fields where the rules say so.
        if q == p && s == r && !(rules.own_share() && r < ring) {
            return Some((
                R::MoveFree,
                format!(
                    "{p} G{} already stands {place}; own pieces never share a field",
                    h + 1
                ),
            ));
        }
        if q != p && r < ring && s != BASE && s < lap(q) {
            let f = field_of(rules, seats[p.index()], r);
            if f == field_of(rules, seats[q.index()], s) && rules.captures_on(f) {
                return Some((
                    R::CaptureLand,
                    format!(
                        "{q} G{} already stands {place}, where a piece landing captures",
                        h + 1
                    ),
                ));
            }
        }
    }
    None
}

/// table.players and table.seats: P1-Pn with no gap and no more than the
/// board's seats, Pn at seat n-1, and two players opposite (P2 halfway
/// round) unless `seats side` says otherwise. The seats and whether two
/// players sit opposite.
fn seating(
    rules: &RaceRules,
    setup: &Setup,
    present: Table,
    errors: &mut Vec<SetupError>,
) -> ([u8; 4], bool) {
    let n = present.len() as u8;
    if let Some(gap) = (1..=n).find(|&k| Player::new(k).is_some_and(|p| !present.has(p))) {
        let named: Vec<String> = present.players().map(|p| p.to_string()).collect();
        errors.push(error(
            R::TablePlayers,
            SetupPart::Players,
            format!(
                "race seats P1-P{n} in order; {} leaves P{gap} out",
                named.join(" ")
            ),
            Some("write `players N`"),
        ));
    }
    let seat_count = rules.seats() as u8;
    if n > seat_count {
        errors.push(error(
            R::TablePlayers,
            SetupPart::Players,
            format!("this board has {seat_count} seats (`board.starts`); {n} players cannot sit"),
            Some("write fewer players, or give the board more starts"),
        ));
    }
    // table.seats: Pn at seat n-1; two players opposite put P2 halfway round.
    let stated = setup.last_of(&[SEATS_OPPOSITE, SEATS_SIDE]);
    let opposite = stated.map_or(rules.params.table.two_players_opposite, |(_, f)| {
        f.word == SEATS_OPPOSITE
    });
    if let (Some((i, _)), false) = (stated, n == 2) {
        errors.push(error(
            R::TableSeats,
            SetupPart::Fact(i),
            format!("`seats` is for two players; this table has {n}"),
            Some("leave `seats` out: more players sit P1-Pn at seats 0 up"),
        ));
    }
    let mut seats = [0, 1, 2, 3];
    if n == 2 && opposite {
        seats[1] = (seat_count / 2).max(1);
    }
    for s in seats.iter_mut() {
        *s = (*s).min(seat_count - 1);
    }
    (seats, opposite)
}
