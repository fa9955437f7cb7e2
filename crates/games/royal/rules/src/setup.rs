//! Setting a game up (ROYAL.md §1 Table): a new game, or a scenario's
//! `Setup` validated into a position with every problem reported.

use super::rule::RoyalRule as R;
use super::*;
use goti_engine::event::{Event, What};
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::{Setup, SetupError, SetupFact, SetupPart};
use goti_engine::vocabulary::Mode;

impl Royal {
    /// A new game: Kings on their entry tiles, guards in the Yard, 3 credits,
    /// every player on its first turn (`move.king-yard`, `exit.start`).
    pub fn new_game(
        rules: Arc<RoyalRules>,
        mode: Mode,
        players: &[Player],
    ) -> Result<Royal, SetupError> {
        Royal::new_game_home(rules, mode, players, &[])
    }

    /// A new game in which the pieces `home` of every player start Home
    /// (`goti lint`'s reduced variant: royal has no piece-count key).
    pub fn new_game_home(
        rules: Arc<RoyalRules>,
        mode: Mode,
        players: &[Player],
        home: &[PieceId],
    ) -> Result<Royal, SetupError> {
        let mut setup = Setup {
            players: players.to_vec(),
            mode,
            ..Setup::default()
        };
        for &p in players {
            for &piece in home {
                setup.placements.push(goti_engine::setup::Placement {
                    player: p,
                    piece,
                    place: Place::Home,
                    midpoint: None,
                    steps: None,
                });
            }
            if !home.contains(&PieceId::King) {
                setup.placements.push(goti_engine::setup::Placement {
                    player: p,
                    piece: PieceId::King,
                    place: Place::Ring(rules.board.entry(p)),
                    midpoint: None,
                    steps: None,
                });
            }
            setup
                .facts
                .push(SetupFact::of(words::FIRST_TURN, p, Vec::new()));
            setup.facts.push(SetupFact::of(words::STORE, p, Vec::new()));
        }
        Royal::from_setup(rules, &setup, &mut Vec::new()).map_err(|mut e| e.remove(0))
    }

    /// Validates a setup (every problem at once) and builds the position.
    /// Records the table and board rules it applied as events.
    pub fn from_setup(
        rules: Arc<RoyalRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Royal, Vec<SetupError>> {
        let mut errors = Vec::new();
        let board = &rules.board;
        let params = &rules.params;
        // table.players
        let present = Table::of_setup(setup, &super::words::WORDS, &mut errors);
        let mut seats: [Seat; 4] = std::array::from_fn(|_| Seat::new(params.exits.start));
        for c in
            setup.checked_placements(&present, &super::words::WORDS, rules.sizes(), &mut errors)
        {
            let (i, pl) = (c.index, c.placement);
            let err = |rule: R, message: String, help: Option<String>| SetupError {
                rule: rule.id(),
                part: SetupPart::Placement(i),
                message,
                help,
            };
            let p = pl.player;
            if let Place::Aside { .. } = pl.place {
                errors.push(err(R::BoardRing, "royal has no toilets".into(), None));
                continue;
            }
            let walked = board.walked_steps(p, pl.place);
            let midpoint = match (pl.place, pl.midpoint) {
                (Place::Out, Some(_)) => {
                    errors.push(err(
                        R::MoveMidpoint,
                        "a piece in the Yard has no midpoint progress".into(),
                        None,
                    ));
                    continue;
                }
                (Place::Out, None) => false,
                (Place::HomePath(_) | Place::Home, Some(false)) => {
                    errors.push(err(
                        R::MoveMidpoint,
                        "a piece in the Home path or Home always has midpoint progress".into(),
                        Some("remove `before midpoint`".into()),
                    ));
                    continue;
                }
                (Place::HomePath(_) | Place::Home, _) => true,
                (Place::Ring(t), Some(false)) if t == board.midpoint[p.index()] => {
                    errors.push(err(
                        R::MoveMidpoint,
                        format!(
                            "tile {t} is {p}'s midpoint: standing on it gives midpoint progress"
                        ),
                        Some("remove `before midpoint`".into()),
                    ));
                    continue;
                }
                (Place::Ring(t), flag) => flag.unwrap_or_else(|| board.past_midpoint_walking(p, t)),
                (Place::Aside { .. }, _) => false,
            };
            // A flag that disagrees with the walked distance means the piece walked Backward.
            let steps = pl.steps.unwrap_or(match pl.place {
                Place::Ring(t) if midpoint != board.past_midpoint_walking(p, t) => {
                    walked - board.ring as i32
                }
                _ => walked,
            });
            *seats[p.index()].piece_mut(pl.piece) = Piece {
                place: pl.place,
                midpoint,
                steps,
            };
        }
        seat_facts(&rules, setup, &mut seats, &mut errors);
        let turn = present.turn_of_setup(setup, R::TablePlayers.id(), &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        record_set_up(setup, present, turn, events);
        Ok(Royal {
            rules,
            mode: mode_of(setup),
            present,
            seats,
            turn,
            phase: Phase::default(),
            standings: None,
        })
    }
}

/// The seat facts of a set-up (`store`, `credits`, `battle`, `first turn`),
/// checked against the mode's store cap and the exit cap.
fn seat_facts(
    rules: &RoyalRules,
    setup: &Setup,
    seats: &mut [Seat; 4],
    errors: &mut Vec<SetupError>,
) {
    let params = &rules.params;
    let mode = mode_of(setup);
    let mode_params = params.of_mode(mode);
    for p in Player::ALL {
        let seat = &mut seats[p.index()];
        let fact = |word| setup.fact(word, Some(p));
        if let Some((i, store)) = fact(words::STORE) {
            let rolls = &store.numbers;
            if let Some(bad) = rolls.iter().find(|r| !(1..=6).contains(*r)) {
                errors.push(SetupError {
                    rule: R::RollValues.id(),
                    part: SetupPart::Fact(i),
                    message: format!("a roll is a value 1-6, not {bad}"),
                    help: None,
                });
            } else if rolls.len() > mode_params.store_cap as usize {
                errors.push(SetupError {
                    rule: R::RollStoreCap.id(),
                    part: SetupPart::Fact(i),
                    message: format!(
                        "the store holds at most {} rolls in {}; this one has {}",
                        mode_params.store_cap,
                        words::WORDS.mode_name(mode),
                        rolls.len()
                    ),
                    help: None,
                });
            } else {
                let rolls: Vec<u8> = rolls.iter().map(|&r| r as u8).collect();
                seat.store = Store::from_rolls(&rolls);
            }
        } else {
            seat.store = Store::free();
        }
        if let Some((i, credits)) = fact(words::CREDITS) {
            let c = single(credits);
            match u8::try_from(c) {
                Ok(c) if c <= params.exits.cap => seat.credits = c,
                _ => errors.push(SetupError {
                    rule: R::ExitCap.id(),
                    part: SetupPart::Fact(i),
                    message: format!(
                        "a player holds at most {} exit credits, not {c}",
                        params.exits.cap
                    ),
                    help: None,
                }),
            }
        }
        if let Some((_, battle)) = fact(words::BATTLE) {
            seat.battle = single(battle);
        }
        seat.first_turn = fact(words::FIRST_TURN).is_some();
    }
}

/// `table.modes`: the mode a set-up states (`mode clash`), Journey (the
/// first) where it states none.
pub(crate) fn mode_of(setup: &Setup) -> Mode {
    let mode = setup.mode;
    assert!(
        mode.index() < words::MODES.len(),
        "royal has no mode number {}",
        mode.index()
    );
    mode
}

/// The one number of a fact that has one (`credits 2`, `battle 20`).
fn single(fact: &SetupFact) -> i64 {
    assert!(
        fact.numbers.len() == 1,
        "`{}` states one number, not {:?}",
        fact.word.text(),
        fact.numbers
    );
    fact.numbers[0]
}

/// The table and board rules a set-up applies, as events.
fn record_set_up(setup: &Setup, present: Table, turn: Player, events: &mut Vec<Event>) {
    let who = turn;
    let note = |rule: R, what: What| Event {
        rule: rule.id(),
        player: who,
        what,
    };
    events.push(note(
        R::TablePlayers,
        What::SetUp {
            players: present.len() as u8,
            mode: Some(words::WORDS.mode_name(mode_of(setup))),
        },
    ));
    events.push(note(
        R::TablePieces,
        What::Note("four guards G1-G4 and one King each"),
    ));
    // table.modes: Journey or Clash, which picks the mode numbers.
    events.push(note(R::TableModes, What::Note(mode_note(mode_of(setup)))));
    events.push(note(
        R::BoardRing,
        What::Note("ring tiles, Yard, Home path and Home"),
    ));
    if setup
        .players
        .iter()
        .any(|&p| setup.fact(words::CREDITS, Some(p)).is_none())
    {
        events.push(note(
            R::ExitStart,
            What::Note("players not given credits start with the ruleset's number"),
        ));
    }
}
