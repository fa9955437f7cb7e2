//! Setting a game up (PORTAL.md §1 Table): a new game, or a scenario's
//! `Setup` validated into a position with every problem reported.

use super::*;
use goti_engine::event::{Event, What};
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::{Setup, SetupError, SetupFact, SetupPart};

impl Portal {
    /// Validates a setup (every problem at once) and builds the position.
    pub fn from_setup(
        rules: Arc<PortalRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Portal, Vec<SetupError>> {
        let mut errors = Vec::new();
        let board = &rules.board;
        // table.players
        let present = Table::of_setup(setup, &super::words::WORDS, &mut errors);
        // At most MAX_TOILETS toilets: the ruleset's validation guarantees it.
        assert!(
            board.toilets.len() <= MAX_TOILETS,
            "a validated portal ruleset has at most {MAX_TOILETS} toilets"
        );
        let pieces = placed_pieces(&rules, setup, &present, &mut errors);
        let falls = falls_of(&rules, setup, &mut errors);
        let turn = present.turn_of_setup(setup, R::TablePlayers.id(), &mut errors);
        let doubles_of = |p| {
            setup
                .fact(words::DOUBLES, Some(p))
                .map(|(i, f)| (i, f.numbers.first().copied().unwrap_or(-1)))
        };
        let mut doubles = 0;
        for p in Player::ALL {
            if let Some((i, d)) = doubles_of(p) {
                let part = SetupPart::Fact(i);
                if p != turn && d > 0 {
                    errors.push(err(R::DiceThirdDouble, part, format!("{p} is not to move; only the player to move has thrown doubles this turn"), None));
                } else if !(0..i64::from(rules.params.dice.doubles_burn_at)).contains(&d) {
                    errors.push(err(
                        R::DiceThirdDouble,
                        part,
                        format!(
                            "doubles in a row are at most {} before the turn burns",
                            rules.params.dice.doubles_burn_at - 1
                        ),
                        None,
                    ));
                } else if p == turn {
                    doubles = d as u8;
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let sit = rules.params.tokens.sit;
        let mut tokens = [0i64; 4];
        let ranked = setup.states(words::RANKED);
        if ranked {
            for p in present.players() {
                tokens[p.index()] = -sit;
            }
        }
        let pos = Portal {
            rules,
            present,
            pieces,
            falls,
            turn,
            roll: Roll::default(),
            doubles,
            roll_again: false,
            ranked,
            tokens,
            standings: None,
        };
        pos.record_set_up(ranked, events);
        Ok(pos)
    }

    /// A new game: every piece in base, P1 to roll.
    pub fn new_game(
        rules: Arc<PortalRules>,
        players: &[Player],
        ranked: bool,
    ) -> Result<Portal, SetupError> {
        Portal::new_game_home(rules, players, ranked, &[])
    }

    /// A new game in which the pieces `home` of every player start home
    /// (`goti lint`'s reduced variant: portal has no piece-count key).
    pub fn new_game_home(
        rules: Arc<PortalRules>,
        players: &[Player],
        ranked: bool,
        home: &[PieceId],
    ) -> Result<Portal, SetupError> {
        let mut setup = Setup {
            players: players.to_vec(),
            ..Setup::default()
        };
        if ranked {
            setup
                .facts
                .push(SetupFact::plain(words::RANKED, Vec::new()));
        }
        for &player in players {
            for &piece in home {
                setup.placements.push(goti_engine::setup::Placement {
                    player,
                    piece,
                    place: Place::Home,
                    midpoint: None,
                    steps: None,
                });
            }
        }
        Portal::from_setup(rules, &setup, &mut Vec::new()).map_err(|mut e| e.remove(0))
    }
}

/// A set-up error of portal.
fn err(rule: R, part: SetupPart, message: String, help: Option<&str>) -> SetupError {
    SetupError {
        rule: rule.id(),
        part,
        message,
        help: help.map(str::to_string),
    }
}

/// The placements the shared checks let through, checked for portal's
/// places (toilets) and one piece per place; pieces not placed are in base.
fn placed_pieces(
    rules: &PortalRules,
    setup: &Setup,
    present: &Table,
    errors: &mut Vec<SetupError>,
) -> [[Piece; 5]; 4] {
    let board = &rules.board;
    let mut pieces = [[Piece::OUT; 5]; 4];
    let mut placed = [[false; 5]; 4];
    for c in setup.checked_placements(present, &super::words::WORDS, rules.sizes(), errors) {
        let (part, pl, g) = (SetupPart::Placement(c.index), c.placement, c.slot);
        let p = pl.player;
        match pl.place {
            Place::Aside {
                field: trigger,
                spot,
            } if board.toilet(trigger).is_none() || spot > 3 => {
                errors.push(err(
                    R::BoardToilets,
                    part,
                    format!("tile {trigger} is not a toilet trigger"),
                    None,
                ));
                continue;
            }
            _ => {}
        }
        // One piece per place, except W1-W3 and home (move.one-per-tile, capture.land).
        let shared = !matches!(
            pl.place,
            Place::Out | Place::Home | Place::Aside { spot: 1..=3, .. }
        );
        if shared {
            let clash = Player::ALL.iter().find_map(|&q| {
                (0..5)
                    .find(|&h| {
                        placed[q.index()][h]
                            && pieces[q.index()][h].place == pl.place
                            && (q == p || !matches!(pl.place, Place::HomePath(_)))
                    })
                    .map(|h| (q, h))
            });
            if let Some((q, h)) = clash {
                let (rule, msg) = if q == p {
                    (
                        R::MoveOnePerTile,
                        format!(
                            "{p} G{} already stands {}; a player has one piece per tile",
                            h + 1,
                            pl.place
                        ),
                    )
                } else {
                    (
                        R::CaptureLand,
                        format!(
                            "{q} G{} already stands {}; two players share only toilet tiles W1-W3",
                            h + 1,
                            pl.place
                        ),
                    )
                };
                errors.push(err(rule, part, msg, None));
                continue;
            }
        }
        let steps = pl.steps.unwrap_or_else(|| board.step_of(p, pl.place));
        placed[p.index()][g] = true;
        pieces[p.index()][g] = Piece {
            place: pl.place,
            midpoint: false,
            steps,
        };
    }
    pieces
}

/// `P1 G1 falls 42 2`: falls into each toilet since the piece left base.
fn falls_of(
    rules: &PortalRules,
    setup: &Setup,
    errors: &mut Vec<SetupError>,
) -> [[[u8; MAX_TOILETS]; 5]; 4] {
    let board = &rules.board;
    let mut falls = [[[0u8; MAX_TOILETS]; 5]; 4];
    for (i, f) in setup.facts_in(words::FALLS) {
        let part = SetupPart::Fact(i);
        let (Some(player), Some(piece), &[trigger, count]) = (f.player, f.piece, &f.numbers[..])
        else {
            panic!("`falls` names a player, a piece, a trigger and a count: {f:?}");
        };
        let trigger = u8::try_from(trigger).ok();
        match trigger.and_then(|t| board.toilet(t)) {
            None => errors.push(err(
                R::BoardToilets,
                part,
                format!("tile {} is not a toilet trigger", f.numbers[0]),
                None,
            )),
            Some(_) if !(1..=5).contains(&piece) => errors.push(err(
                R::TablePieces,
                part,
                format!("portal has pieces G1-G5; there is no G{piece}"),
                None,
            )),
            Some(_) if !(0..=i64::from(rules.params.dice.mercy_falls)).contains(&count) => errors
                .push(err(
                    R::ToiletMercy,
                    part,
                    format!(
                        "a piece falls at most {} times into one toilet before mercy",
                        rules.params.dice.mercy_falls
                    ),
                    None,
                )),
            Some((t, _)) if t < MAX_TOILETS => {
                falls[player.index()][piece as usize - 1][t] = count as u8
            }
            Some(_) => {}
        }
    }
    falls
}

impl Portal {
    /// The table and board rules a set-up applies, as events.
    fn record_set_up(&self, ranked: bool, events: &mut Vec<Event>) {
        let (pos, present) = (self, self.present);
        pos.event(events, R::TablePlayers, || What::SetUp {
            players: present.len() as u8,
            mode: None,
        });
        pos.event(events, R::TablePieces, || {
            What::Note("five pieces G1-G5 each; unplaced pieces are in base")
        });
        pos.event(
            events,
            // table.goal: all five pieces round the lap to home.
            R::TableGoal,
            || What::Note("bring all five pieces home first"),
        );
        if ranked {
            pos.event(events, R::EndTokens, || {
                What::Note("a ranked game: every player pays to sit")
            });
        }
    }
}
