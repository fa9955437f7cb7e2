//! Setting a game up (MAEDN.md §1 Table and board): seats, routes, and a
//! scenario's `Setup` validated into a position with every problem reported.

use super::*;
use crate::words::{SEATS_OPPOSITE, SEATS_SIDE};
use goti_engine::event::{Event, What};
use goti_engine::setup::{Setup, SetupError, SetupFact, SetupPart};

impl Maedn {
    /// Validates a setup (every problem at once) and builds the position.
    pub fn from_setup(
        rules: Arc<MaednRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Maedn, Vec<SetupError>> {
        let mut errors = Vec::new();
        let err = |rule: R, part: SetupPart, message: String, help: Option<&str>| SetupError {
            rule: rule.id(),
            part,
            message,
            help: help.map(str::to_string),
        };
        // table.players: 2-4 players, always P1..Pn in order.
        let present = Table::of_setup(setup, &super::words::WORDS, &mut errors);
        let n = present.len() as u8;
        let (seats, opposite) = seating(&rules, setup, present, &mut errors);
        let ring = rules.ring();
        let goal = rules.home_path();
        let pieces = rules.pieces();
        let mut route = [[BASE; 4]; 4];
        let mut placed = [[false; 4]; 4];
        let starts = rules.params.board.starts;
        // The route position of a place for `p` (board.ring, board.goal).
        let route_of = |p: Player, place: Place| -> Result<i8, (R, String)> {
            let start = starts[seats[p.index()] as usize];
            match place {
                Place::Out => Ok(BASE),
                Place::Ring(f) if f < ring => {
                    Ok(((f as u16 + ring as u16 - start as u16) % ring as u16) as i8)
                }
                Place::Ring(f) => Err((
                    R::BoardRing,
                    format!("field {f} is off the ring (0-{})", ring - 1),
                )),
                Place::HomePath(k) if (1..=goal).contains(&k) => Ok((ring + k - 1) as i8),
                Place::HomePath(k) => Err((
                    R::BoardGoal,
                    format!("the goal has fields 1-{goal}; there is no goal {k}"),
                )),
                other => Err((R::BoardRing, format!("maedn has no place `{other}`"))),
            }
        };
        for c in
            setup.checked_placements(&present, &super::words::WORDS, rules.sizes(), &mut errors)
        {
            let (part, pl, g) = (SetupPart::Placement(c.index), c.placement, c.slot);
            let p = pl.player;
            let r = match route_of(p, pl.place) {
                Ok(r) => r,
                Err((rule, message)) => {
                    errors.push(err(rule, part, message, None));
                    continue;
                }
            };
            // One piece per field: on the ring any player's, in a goal one's own.
            if r != BASE {
                let clash = Player::ALL.iter().find_map(|&q| {
                    (0..pieces)
                        .find(|&h| {
                            placed[q.index()][h]
                                && route[q.index()][h] != BASE
                                && if r >= ring as i8 {
                                    q == p && route[q.index()][h] == r
                                } else {
                                    route[q.index()][h] < ring as i8
                                        && field_of(
                                            starts,
                                            ring,
                                            seats[q.index()],
                                            route[q.index()][h],
                                        ) == field_of(starts, ring, seats[p.index()], r)
                                }
                        })
                        .map(|h| (q, h))
                });
                if let Some((q, h)) = clash {
                    let (rule, message) = if q == p {
                        (
                            R::MoveFree,
                            format!(
                                "{p} G{} already stands {}; one piece per field",
                                h + 1,
                                pl.place
                            ),
                        )
                    } else {
                        (
                            R::CaptureLand,
                            format!(
                                "{q} G{} already stands {}; one piece per field",
                                h + 1,
                                pl.place
                            ),
                        )
                    };
                    errors.push(err(rule, part, message, None));
                    continue;
                }
            }
            placed[p.index()][g] = true;
            route[p.index()][g] = r;
        }
        let turn = present.turn_of_setup(setup, R::TablePlayers.id(), &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut pos = Maedn {
            rules,
            present,
            n,
            seats,
            route,
            turn,
            die: None,
            winner: None,
            standings: None,
        };
        pos.record_set_up(opposite, events);
        // end.win: a set-up with a full goal is a game already won.
        let full = pos.players().find(|&p| pos.in_goal(p) == pieces);
        if let Some(w) = full {
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
                "P2 sits opposite P1 (seat 2)"
            } else {
                "Pn sits at seat n-1"
            })
        });
        self.event(events, R::BoardRing, || {
            What::Note("40 common fields; each seat starts on its own field")
        });
        self.event(events, R::BoardBase, || {
            What::Note("unplaced pieces are in base")
        });
    }

    /// A new game: every piece in base, P1 to throw.
    pub fn new_game(
        rules: Arc<MaednRules>,
        players: &[Player],
        opposite: Option<bool>,
    ) -> Result<Maedn, SetupError> {
        let setup = Setup {
            players: players.to_vec(),
            facts: opposite
                .map(|o| SetupFact::plain(if o { SEATS_OPPOSITE } else { SEATS_SIDE }, Vec::new()))
                .into_iter()
                .collect(),
            ..Setup::default()
        };
        Maedn::from_setup(rules, &setup, &mut Vec::new()).map_err(|mut e| e.remove(0))
    }

    /// Records that `rule` applied (`what` is only built when recorded).
    pub(super) fn event<S: Sink>(&self, ev: &mut S, rule: R, what: impl FnOnce() -> What) {
        goti_engine::event::record(ev, rule.id(), self.turn, what);
    }
}

/// The ring field of route position `r` from seat `seat`.
fn field_of(starts: [u8; 4], ring: u8, seat: u8, r: i8) -> u8 {
    ((starts[seat as usize] as u16 + r as u16) % ring as u16) as u8
}

/// table.players and table.seats: P1-Pn with no gap, Pn at seat n-1, and
/// two players opposite (P2 at seat 2) unless `seats side` says otherwise.
/// The seats and whether two players sit opposite.
fn seating(
    rules: &MaednRules,
    setup: &Setup,
    present: Table,
    errors: &mut Vec<SetupError>,
) -> ([u8; 4], bool) {
    let err = |rule: R, part: SetupPart, message: String, help: Option<&str>| SetupError {
        rule: rule.id(),
        part,
        message,
        help: help.map(str::to_string),
    };
    let n = present.len() as u8;
    if let Some(gap) = (1..=n).find(|&k| Player::new(k).is_some_and(|p| !present.has(p))) {
        let named: Vec<String> = present.players().map(|p| p.to_string()).collect();
        errors.push(err(
            R::TablePlayers,
            SetupPart::Players,
            format!(
                "maedn seats P1-P{n} in order; {} leaves P{gap} out",
                named.join(" ")
            ),
            Some("write `players N` (OpenSpiel has no empty seats)"),
        ));
    }
    // table.seats: Pn at seat n-1; two players opposite put P2 at seat 2.
    let stated = setup.last_of(&[SEATS_OPPOSITE, SEATS_SIDE]);
    let opposite = stated.map_or(rules.params.table.two_players_opposite, |(_, f)| {
        f.word == SEATS_OPPOSITE
    });
    if let (Some((i, _)), false) = (stated, n == 2) {
        errors.push(err(
            R::TableSeats,
            SetupPart::Fact(i),
            format!("`seats` is for two players; this table has {n}"),
            Some("leave `seats` out: 3 and 4 players sit P1-Pn at seats 0-3"),
        ));
    }
    let mut seats = [0, 1, 2, 3];
    if n == 2 && opposite {
        seats[1] = 2;
    }
    (seats, opposite)
}
