//! The `portal` position: five pieces, two dice, toilets, roads and dice
//! tiles (PORTAL.md). The turn flows from the dice: values are played larger
//! first, a value no piece can play burns, and the turn passes when the roll
//! is done unless an extra roll is due.

mod board;
mod rule;

use std::sync::Arc;

pub use board::PortalBoard;
pub use rule::PortalRule;

use super::action::{Action, MoveOrder};
use super::event::{Event, Rejection, What};
use super::game::{Game, GameKind};
use super::piece::{Direction, Piece, PieceId, Place, Player};
use super::precedence::{PortalCheck as C, Refusals};
use super::setup::{Setup, SetupError, SetupPart};
use crate::rules::PortalParams;
use PortalRule as R;

/// A refusal with its place in PORTAL.md's order of refusals.
type Refused = (C, Rejection);

/// The parameters and the board computed from them.
#[derive(Debug, PartialEq, Eq)]
pub struct PortalRules {
    pub params: PortalParams,
    pub board: PortalBoard,
}

impl PortalRules {
    pub fn new(params: PortalParams) -> Arc<PortalRules> {
        let board = PortalBoard::new(&params);
        Arc::new(PortalRules { params, board })
    }
    pub fn default_rules() -> Arc<PortalRules> {
        PortalRules::new(PortalParams::default_rules())
    }
}

/// The current roll: values still to play (larger first), what it earned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roll {
    pub values: [u8; 2],
    /// How many of `values` are still to play (from the end of the array).
    pub left: u8,
    pub played: u8,
    pub double: bool,
    /// A capture or dice tile earned an extra roll.
    pub extra: bool,
    pub burned: [u8; 2],
    pub burned_count: u8,
}

impl Roll {
    /// The value due now.
    pub fn due(&self) -> Option<u8> {
        (self.left > 0).then(|| self.values[2 - self.left as usize])
    }
    /// The values still to play.
    pub fn pending(&self) -> &[u8] {
        &self.values[2 - self.left as usize..]
    }
    pub fn burned(&self) -> &[u8] {
        &self.burned[..self.burned_count as usize]
    }
}

const MAX_TOILETS: usize = 8;

/// A validated `portal` game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Portal {
    rules: Arc<PortalRules>,
    present: [bool; 4],
    pieces: [[Piece; 5]; 4],
    /// Falls per player, piece and toilet since the piece last left base.
    falls: [[[u8; MAX_TOILETS]; 5]; 4],
    turn: Player,
    roll: Roll,
    /// Doubles thrown in a row this turn.
    doubles: u8,
    /// The player must roll again (a double, a capture or a dice tile).
    roll_again: bool,
    ranked: bool,
    tokens: [i64; 4],
    standings: Option<Vec<Player>>,
}

/// What a value does to a piece, worked out before anything changes.
#[derive(Clone, Debug)]
struct Landing {
    path_end: Place,
    steps: i32,
    capture: Option<(Player, usize)>,
    /// Falls into toilet (index, trigger), capturing a piece in its pit.
    fall: Option<(usize, u8, Option<(Player, usize)>)>,
    mercy: bool,
    /// A road ride: (far tile, steps gained or lost, a capture there).
    road: Option<(u8, i32, Option<(Player, usize)>)>,
    road_refused: Option<R>,
    dice_tile: bool,
    climb: Option<u8>,
}

impl Portal {
    /// Validates a setup (every problem at once) and builds the position.
    pub fn from_setup(
        rules: Arc<PortalRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Portal, Vec<SetupError>> {
        let mut errors = Vec::new();
        let board = &rules.board;
        let err = |rule: R, part: SetupPart, message: String, help: Option<&str>| SetupError {
            rule: rule.id(),
            part,
            message,
            help: help.map(str::to_string),
        };
        let mut present = [false; 4];
        for &p in &setup.players {
            present[p.index()] = true;
        }
        let count = present.iter().filter(|&&b| b).count();
        if count < 2 {
            errors.push(err(
                R::TablePlayers,
                SetupPart::Players,
                format!("portal is played by 2-4 players; this setup has {count}"),
                Some("name a second player, e.g. `players 2`"),
            ));
        }
        if board.toilets.len() > MAX_TOILETS {
            errors.push(err(
                R::BoardToilets,
                SetupPart::Players,
                format!("at most {MAX_TOILETS} toilets"),
                None,
            ));
        }
        let mut pieces = [[Piece::IN_YARD; 5]; 4];
        let mut placed = [[false; 5]; 4];
        for (i, pl) in setup.placements.iter().enumerate() {
            let part = SetupPart::Placement(i);
            let p = pl.player;
            if !present[p.index()] {
                errors.push(err(
                    R::TablePlayers,
                    part,
                    format!("{p} is not at the table"),
                    None,
                ));
                continue;
            }
            let g = match pl.piece {
                PieceId::Guard(n @ 1..=5) => n as usize - 1,
                other => {
                    errors.push(err(
                        R::TablePieces,
                        part,
                        format!("portal has pieces G1-G5; there is no {other}"),
                        Some("use G1-G5"),
                    ));
                    continue;
                }
            };
            if placed[p.index()][g] {
                errors.push(err(
                    R::TablePieces,
                    part,
                    format!("{p} {} is placed twice", pl.piece),
                    None,
                ));
                continue;
            }
            match pl.place {
                Place::Ring(t) if t == 0 || t > board.ring => {
                    errors.push(err(
                        R::BoardRing,
                        part,
                        format!("tile {t} is off the ring (1-{})", board.ring),
                        None,
                    ));
                    continue;
                }
                Place::HomePath(k) if k == 0 || k > board.lane => {
                    errors.push(err(
                        R::BoardLane,
                        part,
                        format!("the lane has tiles 1-{}; there is no lane {k}", board.lane),
                        None,
                    ));
                    continue;
                }
                Place::Toilet { trigger, spot } if board.toilet(trigger).is_none() || spot > 3 => {
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
                Place::Yard | Place::Home | Place::Toilet { spot: 1..=3, .. }
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
                        (R::CaptureLand, format!("{q} G{} already stands {}; two players share only toilet tiles W1-W3", h + 1, pl.place))
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
        let mut falls = [[[0u8; MAX_TOILETS]; 5]; 4];
        for (i, f) in setup.falls.iter().enumerate() {
            let part = SetupPart::Falls(i);
            match board.toilet(f.trigger) {
                None => errors.push(err(
                    R::BoardToilets,
                    part,
                    format!("tile {} is not a toilet trigger", f.trigger),
                    None,
                )),
                Some(_) if !(1..=5).contains(&f.piece) => errors.push(err(
                    R::TablePieces,
                    part,
                    format!("portal has pieces G1-G5; there is no G{}", f.piece),
                    None,
                )),
                Some(_) if f.count > rules.params.dice.mercy_falls => errors.push(err(
                    R::ToiletMercy,
                    part,
                    format!(
                        "a piece falls at most {} times into one toilet before mercy",
                        rules.params.dice.mercy_falls
                    ),
                    None,
                )),
                Some((t, _)) if t < MAX_TOILETS => {
                    falls[f.player.index()][f.piece as usize - 1][t] = f.count
                }
                Some(_) => {}
            }
        }
        let turn = match setup.turn {
            Some(t) if !present[t.index()] => {
                errors.push(err(
                    R::TablePlayers,
                    SetupPart::Turn,
                    format!("{t} is not at the table"),
                    None,
                ));
                Player::ALL[0]
            }
            Some(t) => t,
            None => Player::ALL
                .into_iter()
                .find(|p| present[p.index()])
                .unwrap_or(Player::ALL[0]),
        };
        let doubles = setup.doubles[turn.index()].unwrap_or(0);
        for p in Player::ALL {
            if let Some(d) = setup.doubles[p.index()] {
                if p != turn && d > 0 {
                    errors.push(err(R::DiceThirdDouble, SetupPart::Doubles(p), format!("{p} is not to move; only the player to move has thrown doubles this turn"), None));
                } else if d >= rules.params.dice.doubles_burn_at {
                    errors.push(err(
                        R::DiceThirdDouble,
                        SetupPart::Doubles(p),
                        format!(
                            "doubles in a row are at most {} before the turn burns",
                            rules.params.dice.doubles_burn_at - 1
                        ),
                        None,
                    ));
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let sit = rules.params.tokens.sit;
        let mut tokens = [0i64; 4];
        if setup.ranked {
            for p in Player::ALL.into_iter().filter(|p| present[p.index()]) {
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
            ranked: setup.ranked,
            tokens,
            standings: None,
        };
        pos.event(
            events,
            R::TablePlayers,
            What::SetUp {
                players: count as u8,
                mode: "portal",
            },
        );
        pos.event(
            events,
            R::TablePieces,
            What::Note("five pieces G1-G5 each; unplaced pieces are in base"),
        );
        pos.event(
            events,
            R::TableGoal,
            What::Note("bring all five pieces home first"),
        );
        if setup.ranked {
            pos.event(
                events,
                R::EndTokens,
                What::Note("a ranked game: every player pays to sit"),
            );
        }
        Ok(pos)
    }

    /// A new game: every piece in base, P1 to roll.
    pub fn new_game(
        rules: Arc<PortalRules>,
        players: &[Player],
        ranked: bool,
    ) -> Result<Portal, SetupError> {
        let setup = Setup {
            players: players.to_vec(),
            ranked,
            ..Setup::default()
        };
        Portal::from_setup(rules, &setup, &mut Vec::new()).map_err(|mut e| e.remove(0))
    }

    fn event(&self, ev: &mut Vec<Event>, rule: R, what: What) {
        ev.push(Event {
            rule: rule.id(),
            player: self.turn,
            what,
        });
    }

    // ---- queries -------------------------------------------------------

    pub fn rules(&self) -> &Arc<PortalRules> {
        &self.rules
    }
    pub fn board(&self) -> &PortalBoard {
        &self.rules.board
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        Player::ALL.into_iter().filter(|p| self.present[p.index()])
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    pub fn roll(&self) -> &Roll {
        &self.roll
    }
    pub fn doubles(&self) -> u8 {
        self.doubles
    }
    /// The player to move must roll again (an extra roll is due).
    pub fn must_roll_again(&self) -> bool {
        self.roll_again
    }
    pub fn is_ranked(&self) -> bool {
        self.ranked
    }
    pub fn tokens(&self, p: Player) -> i64 {
        self.tokens[p.index()]
    }
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        match id {
            PieceId::Guard(n @ 1..=5) => self.pieces[p.index()][n as usize - 1],
            _ => Piece::IN_YARD,
        }
    }
    pub fn falls(&self, p: Player, g: u8, trigger: u8) -> u8 {
        match self.board().toilet(trigger) {
            Some((t, _)) if (1..=5).contains(&g) && t < MAX_TOILETS => {
                self.falls[p.index()][g as usize - 1][t]
            }
            _ => 0,
        }
    }
    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    pub fn home_count(&self, p: Player) -> usize {
        self.pieces[p.index()]
            .iter()
            .filter(|x| x.place == Place::Home)
            .count()
    }
    /// `end.standings`: pieces home, then steps of pieces not home, then number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        let steps = |p: Player| -> i64 {
            self.pieces[p.index()]
                .iter()
                .filter(|x| x.place != Place::Home)
                .map(|x| x.steps as i64)
                .sum()
        };
        list.sort_by_key(|&p| {
            (
                std::cmp::Reverse(self.home_count(p)),
                std::cmp::Reverse(steps(p)),
                p,
            )
        });
        list
    }
    /// Pieces at a place (lane tiles are `p`'s own: pass the lane's owner).
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        let mut out = Vec::new();
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                if x.place == place {
                    out.push((p, PieceId::Guard(i as u8 + 1)));
                }
            }
        }
        out
    }
    /// The piece standing on a ring tile, pit, or `p`'s lane tile.
    fn occupant(&self, p: Player, place: Place) -> Option<(Player, usize)> {
        for q in self.players() {
            if matches!(place, Place::HomePath(_)) && q != p {
                continue;
            }
            if let Some(i) = self.pieces[q.index()].iter().position(|x| x.place == place) {
                return Some((q, i));
            }
        }
        None
    }

    /// What holds in every position; says what broke.
    pub fn check_invariants(&self) -> Result<(), String> {
        let board = self.board();
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                let name = format!("{p} G{}", i + 1);
                match x.place {
                    Place::Ring(t) if t == 0 || t > board.ring => {
                        return Err(format!("{name} is off the ring"))
                    }
                    Place::HomePath(k) if k == 0 || k > board.lane => {
                        return Err(format!("{name} is past home"))
                    }
                    Place::Yard if x.steps != 0 => {
                        return Err(format!("{name} is in base with {} steps", x.steps))
                    }
                    Place::Ring(_) | Place::HomePath(_) | Place::Toilet { spot: 0, .. } => {
                        let same = self.pieces[p.index()]
                            .iter()
                            .enumerate()
                            .any(|(j, y)| j != i && y.place == x.place);
                        if same {
                            return Err(format!("two of {p}'s pieces stand {}", x.place));
                        }
                        if !matches!(x.place, Place::HomePath(_)) {
                            for q in self.players().filter(|&q| q != p) {
                                if self.pieces[q.index()].iter().any(|y| y.place == x.place) {
                                    return Err(format!("{p} and {q} share {}", x.place));
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if !self.present[self.turn.index()] {
            return Err("the turn is with a player not at the table".into());
        }
        Ok(())
    }

    /// In play from a new game, each piece's steps agree with its place.
    pub fn check_reachable(&self) -> Result<(), String> {
        self.check_invariants()?;
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                if x.place != Place::Yard && x.steps != self.board().step_of(p, x.place) {
                    return Err(format!(
                        "{p} G{} {} has {} steps; its place says {}",
                        i + 1,
                        x.place,
                        x.steps,
                        self.board().step_of(p, x.place)
                    ));
                }
            }
        }
        Ok(())
    }

    // ---- moves ---------------------------------------------------------

    /// Whether some piece can play `v` now (`dice.must-play`).
    fn can_play(&self, v: u8) -> bool {
        let p = self.turn;
        (1..=5u8).any(|g| {
            let piece = self.pieces[p.index()][g as usize - 1];
            if piece.place == Place::Yard {
                self.plan_enter(g, v).is_ok()
            } else {
                self.plan_move(g, v).is_ok()
            }
        })
    }

    /// The legal actions for the value due now (for self-play).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(v) = self.roll.due() else {
            return Vec::new();
        };
        let p = self.turn;
        (1..=5u8)
            .filter_map(|g| {
                let piece = self.pieces[p.index()][g as usize - 1];
                if piece.place == Place::Yard {
                    self.plan_enter(g, v)
                        .ok()
                        .map(|_| Action::Enter(PieceId::Guard(g)))
                } else {
                    self.plan_move(g, v).ok().map(|_| {
                        Action::Move(MoveOrder {
                            clauses: vec![super::action::MoveClause {
                                piece: PieceId::Guard(g),
                                rolls: vec![v],
                                direction: Direction::Forward,
                            }],
                        })
                    })
                }
            })
            .collect()
    }

    /// `enter.six`, `enter.start-free`, each with its place in PORTAL.md's order.
    fn plan_enter(&self, g: u8, v: u8) -> Result<u8, Refused> {
        let p = self.turn;
        let enter = self.rules.params.dice.enter_value;
        if self.pieces[p.index()][g as usize - 1].place != Place::Yard {
            // enter.six: only a piece in base enters.
            return Err((
                C::Piece,
                Rejection::new(R::EnterSix, format!("{p} G{g} is not in base")),
            ));
        }
        if v != enter {
            // enter.six: only on a 6.
            return Err((
                C::Piece,
                Rejection::new(
                    R::EnterSix,
                    format!("a piece enters only on a {enter}; the value due is {v}"),
                ),
            ));
        }
        let start = self.board().start[p.index()];
        if let Some((q, i)) = self.occupant(p, Place::Ring(start)) {
            // enter.start-free
            let whose = if q == p { "its own" } else { "an opponent's" };
            return Err((
                C::Landing,
                Rejection::new(
                    R::EnterStartFree,
                    format!(
                        "{p}'s start tile {start} holds {whose} piece ({q} G{})",
                        i + 1
                    ),
                ),
            ));
        }
        Ok(start)
    }

    /// Works out what value `v` does to piece `g` without changing anything.
    fn plan_move(&self, g: u8, v: u8) -> Result<Landing, Refused> {
        let p = self.turn;
        let board = self.board();
        let piece = self.pieces[p.index()][g as usize - 1];
        let mut landing = Landing {
            path_end: piece.place,
            steps: piece.steps,
            capture: None,
            fall: None,
            mercy: false,
            road: None,
            road_refused: None,
            dice_tile: false,
            climb: None,
        };
        // The route positions the value walks over.
        let path: Vec<(Place, i32)> = match piece.place {
            // enter.six: a piece in base only enters.
            Place::Yard => {
                return Err((
                    C::Piece,
                    Rejection::new(
                        R::EnterSix,
                        format!("{p} G{g} is in base; it leaves with `enter` on a 6"),
                    ),
                ))
            }
            // move.exact-home: a piece that is home moves no more.
            Place::Home => {
                return Err((
                    C::Piece,
                    Rejection::new(
                        R::MoveExactHome,
                        format!("{p} G{g} is home and moves no more"),
                    ),
                ))
            }
            Place::Toilet { trigger, spot } if spot < 3 => {
                let need = self.rules.params.dice.climb[spot as usize];
                if v != need {
                    // toilet.climb
                    return Err((
                        C::Way,
                        Rejection::new(
                            R::ToiletClimb,
                            format!("from {} only a {need} climbs on", piece.place),
                        ),
                    ));
                }
                landing.path_end = Place::Toilet {
                    trigger,
                    spot: spot + 1,
                };
                landing.climb = Some(spot + 1);
                return Ok(landing);
            }
            Place::Toilet { trigger, .. } => {
                // Leaving W3: the first step lands on the rejoin tile, then v - 1 more.
                let (_, toilet) = board.toilet(trigger).unwrap_or_else(|| {
                    unreachable!("{p} G{g} sits in toilet {trigger}, which the board does not have")
                });
                let r = board.distance(p, toilet.rejoin);
                (0..v as i32)
                    .map(|k| (board.place_at(p, r + k), r + k))
                    .map(|(pl, s)| (pl.unwrap_or(Place::Yard), s))
                    .collect()
            }
            Place::Ring(_) | Place::HomePath(_) => {
                let s = board.step_of(p, piece.place);
                (1..=v as i32)
                    .map(|k| (board.place_at(p, s + k).unwrap_or(Place::Yard), s + k))
                    .collect()
            }
        };
        let start_pos = board.step_of(p, piece.place);
        // Past home: route positions beyond home (no place on the route).
        let past_home = |(pl, s): &(Place, i32)| *pl == Place::Yard || *s > board.home_step();
        // move.no-jump (the way) before move.exact-home (where it lands).
        for step in &path[..path.len() - 1] {
            if past_home(step) {
                break;
            }
            if let Some((q, i)) = self.occupant(p, step.0) {
                return Err((
                    C::Way,
                    Rejection::new(
                        R::MoveNoJump,
                        format!("{p} G{g} would pass over {q} G{} {}", i + 1, step.0),
                    ),
                ));
            }
        }
        if path.iter().any(past_home) {
            // move.exact-home
            return Err((
                C::Landing,
                Rejection::new(
                    R::MoveExactHome,
                    format!("{p} G{g} would go past home with {v}"),
                )
                .help("home needs the exact count"),
            ));
        }
        let (end, end_pos) = *path
            .last()
            .unwrap_or_else(|| unreachable!("a value of {v} walks at least one step"));
        landing.path_end = end;
        // The count moves as the route position does (a `steps N` override stays an offset).
        landing.steps = piece.steps + (end_pos - start_pos);
        let Place::Ring(t) = end else {
            if let Some((_, i)) = self.occupant(p, end).filter(|_| end != Place::Home) {
                return Err((
                    C::Landing,
                    Rejection::new(
                        R::MoveOnePerTile,
                        format!("{p} G{} already stands {end}", i + 1),
                    ),
                ));
            }
            return Ok(landing);
        };
        match self.occupant(p, end) {
            Some((q, i)) if q == p => {
                return Err((
                    C::Landing,
                    Rejection::new(
                        R::MoveOnePerTile,
                        format!("{p} G{} already stands on {t}", i + 1),
                    ),
                ));
            }
            Some((q, i)) if board.is_safe(t) => {
                return Err((
                    C::Landing,
                    Rejection::new(
                        R::CaptureSafe,
                        format!("{q} G{} holds safe tile {t}", i + 1),
                    ),
                ));
            }
            Some(victim) => landing.capture = Some(victim),
            None => {}
        }
        if let Some((ti, toilet)) = board.toilet(t) {
            let last_piece = self.pieces[p.index()]
                .iter()
                .enumerate()
                .all(|(j, x)| j == g as usize - 1 || x.place == Place::Home);
            let fallen = if ti < MAX_TOILETS {
                self.falls[p.index()][g as usize - 1][ti]
            } else {
                0
            };
            if last_piece && fallen >= self.rules.params.dice.mercy_falls {
                landing.mercy = true;
            } else {
                let pit = Place::Toilet {
                    trigger: toilet.trigger,
                    spot: 0,
                };
                let victim = match self.occupant(p, pit) {
                    Some((q, i)) if q == p => {
                        return Err((
                            C::Landing,
                            Rejection::new(
                                R::MoveOnePerTile,
                                format!("{p} G{} already sits in toilet {t}'s pit", i + 1),
                            ),
                        ));
                    }
                    other => other,
                };
                landing.fall = Some((ti, toilet.trigger, victim));
            }
        } else if let Some(other) = board.fork(t) {
            let target = board.road_target(end_pos, t, other);
            if target < 0 || target > board.junction_step() {
                landing.road_refused = Some(R::RoadOwnRoute);
            } else {
                match self.occupant(p, Place::Ring(other)) {
                    Some((q, _)) if q == p => landing.road_refused = Some(R::RoadJump),
                    Some(_) if board.is_safe(other) => landing.road_refused = Some(R::CaptureSafe),
                    victim => landing.road = Some((other, target - end_pos, victim)),
                }
            }
        }
        landing.dice_tile = board.is_dice(t);
        Ok(landing)
    }

    fn send_to_base(&mut self, q: Player, i: usize) {
        self.pieces[q.index()][i] = Piece::IN_YARD;
        self.falls[q.index()][i] = [0; MAX_TOILETS];
    }

    fn apply_landing(&mut self, g: u8, v: u8, l: Landing, ev: &mut Vec<Event>) {
        let p = self.turn;
        let id = PieceId::Guard(g);
        let i = g as usize - 1;
        let from = self.pieces[p.index()][i].place;
        if let Some(spot) = l.climb {
            self.pieces[p.index()][i].place = l.path_end;
            self.event(ev, R::ToiletClimb, What::Climbed { piece: id, spot });
            return;
        }
        self.pieces[p.index()][i] = Piece {
            place: l.path_end,
            midpoint: false,
            steps: l.steps,
        };
        self.event(
            ev,
            R::DiceLargerFirst,
            What::Advanced {
                piece: id,
                from,
                to: l.path_end,
                value: v,
            },
        );
        if let Some((q, j)) = l.capture {
            self.send_to_base(q, j);
            self.event(
                ev,
                R::CaptureLand,
                What::Captured {
                    victim: q,
                    pieces: vec![PieceId::Guard(j as u8 + 1)],
                    at: l.path_end,
                    size: 1,
                },
            );
            self.earn_extra(R::CaptureExtra, ev);
        }
        if matches!(from, Place::Toilet { .. }) {
            self.event(
                ev,
                R::ToiletClimb,
                What::Note("leaves W3 by the rejoin tile"),
            );
        }
        if l.path_end == Place::HomePath(1)
            || (matches!(l.path_end, Place::HomePath(_)) && !matches!(from, Place::HomePath(_)))
        {
            self.event(
                ev,
                R::BoardLane,
                What::Note("turns at its junction into its lane"),
            );
        }
        if l.path_end == Place::Home {
            self.event(
                ev,
                R::MoveExactHome,
                What::Note("reaches home with the exact count"),
            );
        }
        if l.mercy {
            self.event(
                ev,
                R::ToiletMercy,
                What::Note("the last piece does not fall into this toilet a third time"),
            );
        }
        if let Some((ti, trigger, victim)) = l.fall {
            self.pieces[p.index()][i].place = Place::Toilet { trigger, spot: 0 };
            if ti < MAX_TOILETS {
                self.falls[p.index()][i][ti] = self.falls[p.index()][i][ti].saturating_add(1);
            }
            self.event(ev, R::ToiletFall, What::Fell { piece: id, trigger });
            self.event(ev, R::BoardToilets, What::Note("a toilet trigger tile"));
            if let Some((q, j)) = victim {
                self.send_to_base(q, j);
                self.event(
                    ev,
                    R::CaptureToilet,
                    What::Captured {
                        victim: q,
                        pieces: vec![PieceId::Guard(j as u8 + 1)],
                        at: Place::Toilet { trigger, spot: 0 },
                        size: 1,
                    },
                );
                self.earn_extra(R::CaptureExtra, ev);
            }
        }
        if let Some(rule) = l.road_refused {
            let note = match rule {
                R::RoadOwnRoute => "the road would leave its route: it does nothing",
                R::CaptureSafe => "an opponent holds the safe far end: the road does nothing",
                _ => "its own piece stands at the far end: the road does nothing",
            };
            self.event(ev, rule, What::Note(note));
        }
        if let (Some((far, delta, victim)), Place::Ring(t)) = (l.road, l.path_end) {
            if let Some((q, j)) = victim {
                self.send_to_base(q, j);
                self.event(
                    ev,
                    R::CaptureLand,
                    What::Captured {
                        victim: q,
                        pieces: vec![PieceId::Guard(j as u8 + 1)],
                        at: Place::Ring(far),
                        size: 1,
                    },
                );
                self.earn_extra(R::CaptureExtra, ev);
            }
            self.pieces[p.index()][i] = Piece {
                place: Place::Ring(far),
                midpoint: false,
                steps: l.steps + delta,
            };
            self.event(
                ev,
                R::RoadJump,
                What::Jumped {
                    piece: id,
                    from: t,
                    to: far,
                },
            );
            self.event(ev, R::BoardRoads, What::Note("a fork tile"));
        }
        if l.dice_tile {
            if self.roll.double {
                self.event(
                    ev,
                    R::DiceTileExtra,
                    What::Note("a dice tile in a double earns no extra roll"),
                );
            } else {
                self.event(ev, R::BoardDiceTiles, What::Note("a dice tile"));
                self.earn_extra(R::DiceTileExtra, ev);
            }
        }
        if let Place::Ring(t) = self.pieces[p.index()][i].place {
            if self.board().is_safe(t) && self.board().start[p.index()] != t {
                self.event(ev, R::BoardSafe, What::Note("a safe tile"));
            }
        }
    }

    fn earn_extra(&mut self, rule: R, ev: &mut Vec<Event>) {
        if self.roll.extra || self.roll.double {
            self.event(
                ev,
                R::DiceExtraOnce,
                What::Note("this roll has already earned its one extra roll"),
            );
        } else {
            self.event(
                ev,
                rule,
                What::Note("earns an extra roll, taken after both values"),
            );
        }
        self.roll.extra = true;
    }

    fn pass_turn(&mut self, ev: &mut Vec<Event>) {
        let p = self.turn;
        let mut next = p;
        for i in 1..=4 {
            let q = Player::ALL[(p.index() + i) % 4];
            if self.present[q.index()] {
                next = q;
                break;
            }
        }
        self.event(ev, R::TablePlayers, What::TurnEnds { next });
        self.turn = next;
        self.doubles = 0;
        self.roll_again = false;
    }

    /// Burns what cannot be played; when the roll is done, passes the turn or
    /// asks for the extra roll.
    fn settle(&mut self, ev: &mut Vec<Event>) {
        if self.standings.is_some() {
            return;
        }
        while let Some(v) = self.roll.due() {
            if self.can_play(v) {
                return;
            }
            self.roll.left -= 1;
            let n = self.roll.burned_count as usize;
            self.roll.burned[n] = v;
            self.roll.burned_count += 1;
            self.event(ev, R::DiceBurn, What::Burned { value: v });
        }
        if self.roll.played == 0 {
            self.event(
                ev,
                R::DiceBurn,
                What::Note("both values burned: the turn passes"),
            );
            self.pass_turn(ev);
        } else if self.roll.double {
            self.event(
                ev,
                R::DiceDouble,
                What::Note("a double was played: roll again"),
            );
            self.roll_again = true;
        } else if self.roll.extra {
            self.event(
                ev,
                R::DiceExtraOnce,
                What::Note("one extra roll, after both values"),
            );
            self.roll_again = true;
        } else {
            self.pass_turn(ev);
        }
    }

    fn check_win(&mut self, ev: &mut Vec<Event>) {
        let p = self.turn;
        if self.home_count(p) < 5 {
            return;
        }
        let mut standings = self.standings_now();
        standings.retain(|&q| q != p);
        standings.insert(0, p);
        self.roll.left = 0;
        self.roll_again = false;
        self.event(
            ev,
            R::EndWin,
            What::GameOver {
                standings: standings.clone(),
            },
        );
        self.event(
            ev,
            R::EndStandings,
            What::Note("the others rank by pieces home, then steps, then player number"),
        );
        if self.ranked {
            let w = &self.rules.params.tokens.winner_paid;
            let paid = match self.players().count() {
                2 => w.duel,
                3 => w.three,
                _ => w.four,
            };
            self.tokens[p.index()] += paid;
            let list = self
                .players()
                .map(|q| (q, self.tokens[q.index()]))
                .collect();
            self.event(ev, R::EndTokens, What::Tokens { tokens: list });
        }
        self.standings = Some(standings);
    }

    // ---- actions -------------------------------------------------------

    /// Applies an action of the player to move to a copy; a rejection leaves
    /// `self` and `events` untouched.
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Portal, Rejection> {
        self.apply_by(None, action, events)
    }

    /// Like [`Portal::apply`] for an action that `by` names as its own
    /// (`P2: ACTION`; `None`: the player to move).
    pub fn apply_by(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<Portal, Rejection> {
        let mut next = self.clone();
        let mark = events.len();
        match next.apply_in_place(by, action, events) {
            Ok(()) => Ok(next),
            Err(r) => {
                events.truncate(mark);
                Err(r)
            }
        }
    }

    fn apply_in_place(
        &mut self,
        by: Option<Player>,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        // (1) the game being over, (2) whose turn it is: nothing can come before them.
        let mut first = Refusals::new();
        if self.standings.is_some() {
            first.add(C::GameOver, Rejection::new(R::EndWin, "the game is over"));
        } else if let Some(by) = by.filter(|&b| b != self.turn) {
            // table.players
            first.add(
                C::Turn,
                Rejection::new(
                    R::TablePlayers,
                    format!("it is {}'s turn, not {by}'s", self.turn),
                )
                .help("the turn passes when a roll's values are played or burned"),
            );
        }
        first.finish()?;
        let pending = |r: &Roll| {
            r.pending()
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        // The earliest refusal in PORTAL.md's order wins.
        let mut refusals = Refusals::new();
        // (3) dice.two: a move or an entry needs a value due.
        let due = self.roll.due();
        if due.is_none() && matches!(action, Action::Move(_) | Action::Enter(_)) {
            refusals.add(
                C::Due,
                Rejection::new(R::DiceTwo, "no value to play: roll the dice first")
                    .help("write `roll` with two dice, e.g. `roll 6 3`"),
            );
        }
        match action {
            Action::Roll(dice) => {
                if self.roll.left > 0 {
                    // dice.must-play
                    refusals.add(
                        C::Due,
                        Rejection::new(
                            R::DiceMustPlay,
                            format!("values still to play: {}", pending(&self.roll)),
                        )
                        .help("play each value with `move` or `enter`"),
                    );
                }
                if dice.len() != 2 {
                    // dice.two
                    refusals.add(
                        C::Value,
                        Rejection::new(
                            R::DiceTwo,
                            format!("a roll throws two dice, not {}", dice.len()),
                        )
                        .help("write `roll 5 3`"),
                    );
                } else if dice.iter().any(|d| !(1..=6).contains(d)) {
                    refusals.add(C::Value, Rejection::new(R::DiceTwo, "a die shows 1-6"));
                }
                refusals.finish()?;
                let (a, b) = (dice[0], dice[1]);
                self.roll_again = false;
                self.roll = Roll {
                    values: [a.max(b), a.min(b)],
                    left: 2,
                    double: a == b,
                    ..Roll::default()
                };
                self.event(ev, R::DiceTwo, What::Rolled { dice: vec![a, b] });
                if a == b {
                    self.doubles += 1;
                    if self.doubles >= self.rules.params.dice.doubles_burn_at {
                        self.roll.left = 0;
                        self.roll.burned = [a, b];
                        self.roll.burned_count = 2;
                        self.event(
                            ev,
                            R::DiceThirdDouble,
                            What::Note("a third double in a row is not played: the turn passes"),
                        );
                        self.pass_turn(ev);
                        return Ok(());
                    }
                } else {
                    self.doubles = 0;
                    self.event(
                        ev,
                        R::DiceLargerFirst,
                        What::Note("the larger value is played first"),
                    );
                }
                self.settle(ev);
                Ok(())
            }
            Action::Enter(piece) => {
                let g = refusals.add_result(C::Piece, piece_number(*piece));
                let start = match (due, g) {
                    (Some(v), Some(g)) if refusals.open(C::Piece) => {
                        refusals.add_refused(self.plan_enter(g, v))
                    }
                    _ => None,
                };
                refusals.finish()?;
                let (Some(g), Some(start)) = (g, start) else {
                    unreachable!("an entry with no refusal has a piece and a start tile")
                };
                let p = self.turn;
                self.pieces[p.index()][g as usize - 1] = Piece {
                    place: Place::Ring(start),
                    midpoint: false,
                    steps: 0,
                };
                self.falls[p.index()][g as usize - 1] = [0; MAX_TOILETS];
                self.roll.left -= 1;
                self.roll.played += 1;
                self.event(
                    ev,
                    R::EnterSix,
                    What::Entered {
                        piece: *piece,
                        tile: start,
                    },
                );
                self.event(
                    ev,
                    R::BoardStart,
                    What::Note("a piece enters on its start tile, step 0"),
                );
                self.settle(ev);
                Ok(())
            }
            Action::Move(order) => {
                let [clause] = &order.clauses[..] else {
                    return Err(refusals.finish().err().unwrap_or_else(|| {
                        Rejection::new(R::DiceLargerFirst, "each value is one move of one piece")
                            .help("write one `move G1 5` per value")
                    }));
                };
                // (4) dice.larger-first: the value due, one value per move.
                let value = match clause.rolls[..] {
                    [value] => Some(value),
                    _ => {
                        refusals.add(
                            C::Value,
                            Rejection::new(R::DiceLargerFirst, "each value is one move")
                                .help("write one `move` per value"),
                        );
                        None
                    }
                };
                if let (Some(v), Some(value)) = (due, value) {
                    if value != v {
                        let msg = if self.roll.pending().contains(&value) {
                            format!("the {v} is played first, then the {value}")
                        } else {
                            format!("the value due is {v}, not {value}")
                        };
                        refusals.add(C::Value, Rejection::new(R::DiceLargerFirst, msg));
                    }
                }
                // (5) the piece.
                let g = refusals.add_result(C::Piece, piece_number(clause.piece));
                if clause.direction == Direction::Backward {
                    // board.ring: the way is Forward only.
                    refusals.add(
                        C::Way,
                        Rejection::new(R::BoardRing, "pieces only move Forward in portal"),
                    );
                }
                let landing = match (due, g) {
                    (Some(v), Some(g)) if refusals.open(C::Piece) => {
                        refusals.add_refused(self.plan_move(g, v))
                    }
                    _ => None,
                };
                refusals.finish()?;
                let (Some(g), Some(v), Some(landing)) = (g, due, landing) else {
                    unreachable!("a move with no refusal has a piece, a value and a landing")
                };
                self.roll.left -= 1;
                self.roll.played += 1;
                self.apply_landing(g, v, landing, ev);
                self.check_win(ev);
                self.settle(ev);
                Ok(())
            }
            Action::NextTurn => {
                let why = if self.roll.left > 0 {
                    format!("values still to play: {}", pending(&self.roll))
                } else {
                    "the turn passes by itself when a roll is done".into()
                };
                Err(Rejection::new(R::DiceMustPlay, why)
                    .help("in portal, `roll` and the moves drive the turn"))
            }
            Action::Exit(_) => Err(Rejection::new(
                R::EnterSix,
                "portal has no `exit`; pieces leave base with `enter` on a 6",
            )),
        }
    }
}

/// G1-G5 as a number, or the rejection for any other piece.
fn piece_number(id: PieceId) -> Result<u8, Rejection> {
    match id {
        PieceId::Guard(n @ 1..=5) => Ok(n),
        other => Err(Rejection::new(
            R::TablePieces,
            format!("portal has pieces G1-G5; there is no {other}"),
        )),
    }
}

impl Game for Portal {
    type Rules = PortalRules;
    const KIND: GameKind = GameKind::Portal;

    fn from_setup(
        rules: Arc<PortalRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Self, Vec<SetupError>> {
        Portal::from_setup(rules, setup, events)
    }
    fn rules(&self) -> &Arc<PortalRules> {
        &self.rules
    }
    /// A portal action settles as a whole: `observe` sees the new position.
    fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Self),
    ) -> Result<Self, Rejection> {
        let next = self.apply_by(by, action, events)?;
        observe(&next);
        Ok(next)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Portal::check_invariants(self)
    }
    fn check_reachable(&self) -> Result<(), String> {
        Portal::check_reachable(self)
    }
    fn turn(&self) -> Player {
        self.turn
    }
    fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    fn standings_now(&self) -> Vec<Player> {
        Portal::standings_now(self)
    }
    fn players(&self) -> Vec<Player> {
        Portal::players(self).collect()
    }
    fn piece(&self, p: Player, id: PieceId) -> Piece {
        Portal::piece(self, p, id)
    }
    fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        Portal::pieces_at(self, place)
    }
    fn ring(rules: &PortalRules) -> u8 {
        rules.board.ring
    }
    fn home_path(rules: &PortalRules) -> u8 {
        rules.board.lane
    }
}

#[cfg(test)]
mod tests;
