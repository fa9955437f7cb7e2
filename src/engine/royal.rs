//! The `royal` position: the validated state of a game and the turn flow
//! (deal, grace rolls, exits, next turn, the end). Moves are in `moves.rs`.

use std::sync::Arc;

use crate::rules::{ModeParams, RoyalParams};

use super::action::Action;
use super::board::Board;
use super::event::{Event, Rejection, What};
use super::game::{Game, GameKind};
use super::piece::{Piece, PieceId, Place, Player};
use super::precedence::{Refusals, RoyalCheck as C};
use super::rule::RoyalRule as R;
use super::setup::{Mode, Setup, SetupError, SetupPart};
use super::store::Store;

/// The ruleset parameters and the board computed from them, shared by every
/// position of a game.
#[derive(Debug, PartialEq, Eq)]
pub struct RoyalRules {
    pub params: RoyalParams,
    pub board: Board,
}

impl RoyalRules {
    pub fn new(params: RoyalParams) -> Arc<RoyalRules> {
        let board = Board::new(&params);
        Arc::new(RoyalRules { params, board })
    }
    pub fn default_rules() -> Arc<RoyalRules> {
        RoyalRules::new(RoyalParams::default_rules())
    }
}

/// One player's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// G1-G4 at index 0-3.
    pub guards: [Piece; 4],
    pub king: Piece,
    pub store: Store,
    pub credits: u8,
    pub battle: i64,
    /// The player has not finished a turn yet (`grace.first-turn`).
    pub first_turn: bool,
}

impl Seat {
    fn new(credits: u8) -> Seat {
        Seat {
            guards: [Piece::IN_YARD; 4],
            king: Piece::IN_YARD,
            store: Store::default(),
            credits,
            battle: 0,
            first_turn: false,
        }
    }
    pub fn piece(&self, id: PieceId) -> &Piece {
        match id {
            PieceId::Guard(n) => &self.guards[(n as usize).saturating_sub(1).min(3)],
            PieceId::King => &self.king,
        }
    }
    pub fn piece_mut(&mut self, id: PieceId) -> &mut Piece {
        match id {
            PieceId::Guard(n) => &mut self.guards[(n as usize).saturating_sub(1).min(3)],
            PieceId::King => &mut self.king,
        }
    }
    /// Sum of all five pieces' progress counts.
    pub fn steps(&self) -> i64 {
        self.guards.iter().map(|g| g.steps as i64).sum::<i64>() + self.king.steps as i64
    }
    pub fn guards_home(&self) -> usize {
        self.guards
            .iter()
            .filter(|g| g.place == Place::Home)
            .count()
    }
}

/// What has happened so far in the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Phase {
    pub dealt: bool,
    pub exited: bool,
    pub moved: bool,
    pub graces: u8,
}

/// A validated `royal` game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Royal {
    pub(crate) rules: Arc<RoyalRules>,
    pub(crate) mode: Mode,
    pub(crate) present: [bool; 4],
    pub(crate) seats: [Seat; 4],
    pub(crate) turn: Player,
    pub(crate) phase: Phase,
    pub(crate) standings: Option<Vec<Player>>,
}

impl Royal {
    /// A new game: Kings on their entry tiles, guards in the Yard, 3 credits,
    /// every player on its first turn (`move.king-yard`, `exit.start`).
    pub fn new_game(
        rules: Arc<RoyalRules>,
        mode: Mode,
        players: &[Player],
    ) -> Result<Royal, SetupError> {
        let mut setup = Setup {
            mode,
            players: players.to_vec(),
            ..Setup::default()
        };
        for &p in players {
            setup.placements.push(super::setup::Placement {
                player: p,
                piece: PieceId::King,
                place: Place::Ring(rules.board.entry(p)),
                midpoint: None,
                steps: None,
            });
            setup.seats[p.index()].first_turn = true;
            setup.seats[p.index()].store = Some(Vec::new());
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
        let mode_params = match setup.mode {
            Mode::Journey => &params.journey,
            Mode::Clash => &params.clash,
        };
        let mut present = [false; 4];
        for &p in &setup.players {
            present[p.index()] = true;
        }
        let count = present.iter().filter(|&&b| b).count();
        if count < 2 {
            errors.push(SetupError {
                rule: R::TablePlayers.id(),
                part: SetupPart::Players,
                message: format!("royal is played by 2-4 players; this setup has {count}"),
                help: Some("name a second player, e.g. `players 2` or place a piece of P2".into()),
            });
        }
        let mut seats: [Seat; 4] = std::array::from_fn(|_| Seat::new(params.exits.start));
        let mut placed = [[false; 5]; 4];
        for (i, pl) in setup.placements.iter().enumerate() {
            let err = |rule: R, message: String, help: Option<String>| SetupError {
                rule: rule.id(),
                part: SetupPart::Placement(i),
                message,
                help,
            };
            let p = pl.player;
            if !present[p.index()] {
                errors.push(err(
                    R::TablePlayers,
                    format!("{p} is not at the table"),
                    Some(format!("add {p} to the `players` line")),
                ));
                continue;
            }
            let slot = match pl.piece {
                PieceId::Guard(n @ 1..=4) => n as usize - 1,
                PieceId::Guard(n) => {
                    errors.push(err(
                        R::TablePieces,
                        format!("royal has guards G1-G4; there is no G{n}"),
                        Some("use G1, G2, G3, G4 or king".into()),
                    ));
                    continue;
                }
                PieceId::King => 4,
            };
            if placed[p.index()][slot] {
                errors.push(err(
                    R::TablePieces,
                    format!("{p} {} is placed twice", pl.piece),
                    Some(
                        "place each piece once; solo/pair/trio/quad take the next unnamed guards"
                            .into(),
                    ),
                ));
                continue;
            }
            match pl.place {
                Place::Ring(t) if t == 0 || t > board.ring => {
                    errors.push(err(
                        R::BoardRing,
                        format!("tile {t} is off the ring (1-{})", board.ring),
                        None,
                    ));
                    continue;
                }
                Place::Toilet { .. } => {
                    errors.push(err(R::BoardRing, "royal has no toilets".into(), None));
                    continue;
                }
                Place::HomePath(k) if k == 0 || k > board.home_path => {
                    errors.push(err(
                        R::BoardHomePath,
                        format!(
                            "the Home path has tiles 1-{}; there is no home {k}",
                            board.home_path
                        ),
                        None,
                    ));
                    continue;
                }
                _ => {}
            }
            let walked = board.walked_steps(p, pl.place);
            let midpoint = match (pl.place, pl.midpoint) {
                (Place::Yard, Some(_)) => {
                    errors.push(err(
                        R::MoveMidpoint,
                        "a piece in the Yard has no midpoint progress".into(),
                        None,
                    ));
                    continue;
                }
                (Place::Yard, None) => false,
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
                (Place::Toilet { .. }, _) => false,
            };
            // A flag that disagrees with the walked distance means the piece walked Backward.
            let steps = pl.steps.unwrap_or(match pl.place {
                Place::Ring(t) if midpoint != board.past_midpoint_walking(p, t) => {
                    walked - board.ring as i32
                }
                _ => walked,
            });
            placed[p.index()][slot] = true;
            *seats[p.index()].piece_mut(pl.piece) = Piece {
                place: pl.place,
                midpoint,
                steps,
            };
        }
        for p in Player::ALL {
            let s = &setup.seats[p.index()];
            let seat = &mut seats[p.index()];
            if let Some(rolls) = &s.store {
                if let Some(bad) = rolls.iter().find(|r| !(1..=6).contains(*r)) {
                    errors.push(SetupError {
                        rule: R::RollValues.id(),
                        part: SetupPart::Store(p),
                        message: format!("a roll is a value 1-6, not {bad}"),
                        help: None,
                    });
                } else if rolls.len() > mode_params.store_cap as usize {
                    errors.push(SetupError {
                        rule: R::RollStoreCap.id(),
                        part: SetupPart::Store(p),
                        message: format!(
                            "the store holds at most {} rolls in {}; this one has {}",
                            mode_params.store_cap,
                            setup.mode.name(),
                            rolls.len()
                        ),
                        help: None,
                    });
                } else {
                    seat.store = Store::from_rolls(rolls);
                }
            } else {
                seat.store = Store::free();
            }
            if let Some(c) = s.credits {
                if c > params.exits.cap {
                    errors.push(SetupError {
                        rule: R::ExitCap.id(),
                        part: SetupPart::Credits(p),
                        message: format!(
                            "a player holds at most {} exit credits, not {c}",
                            params.exits.cap
                        ),
                        help: None,
                    });
                } else {
                    seat.credits = c;
                }
            }
            if let Some(b) = s.battle {
                seat.battle = b;
            }
            seat.first_turn = s.first_turn;
        }
        let turn = match setup.turn {
            Some(t) if !present[t.index()] => {
                errors.push(SetupError {
                    rule: R::TablePlayers.id(),
                    part: SetupPart::Turn,
                    message: format!("{t} is not at the table"),
                    help: None,
                });
                Player::ALL[0]
            }
            Some(t) => t,
            None => Player::ALL
                .into_iter()
                .find(|p| present[p.index()])
                .unwrap_or(Player::ALL[0]),
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        let who = turn;
        let note = |rule: R, what: What| Event {
            rule: rule.id(),
            player: who,
            what,
        };
        events.push(note(
            R::TablePlayers,
            What::SetUp {
                players: count as u8,
                mode: setup.mode.name(),
            },
        ));
        events.push(note(
            R::TablePieces,
            What::Note("four guards G1-G4 and one King each"),
        ));
        events.push(note(R::TableModes, What::Note(mode_note(setup.mode))));
        events.push(note(
            R::BoardRing,
            What::Note("ring tiles, Yard, Home path and Home"),
        ));
        if setup
            .players
            .iter()
            .any(|p| setup.seats[p.index()].credits.is_none())
        {
            events.push(note(
                R::ExitStart,
                What::Note("players not given credits start with the ruleset's number"),
            ));
        }
        Ok(Royal {
            rules,
            mode: setup.mode,
            present,
            seats,
            turn,
            phase: Phase::default(),
            standings: None,
        })
    }

    // ---- queries -------------------------------------------------------

    pub fn rules(&self) -> &Arc<RoyalRules> {
        &self.rules
    }
    pub fn board(&self) -> &Board {
        &self.rules.board
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn mode_params(&self) -> &ModeParams {
        match self.mode {
            Mode::Journey => &self.rules.params.journey,
            Mode::Clash => &self.rules.params.clash,
        }
    }
    pub fn seat(&self, p: Player) -> &Seat {
        &self.seats[p.index()]
    }
    pub(crate) fn seat_mut(&mut self, p: Player) -> &mut Seat {
        &mut self.seats[p.index()]
    }
    pub fn is_present(&self, p: Player) -> bool {
        self.present[p.index()]
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        Player::ALL.into_iter().filter(|p| self.present[p.index()])
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn piece(&self, p: Player, id: PieceId) -> &Piece {
        self.seat(p).piece(id)
    }
    /// `points.progress`: per-step value x the sum of the pieces' counts.
    pub fn progress_points(&self, p: Player) -> i64 {
        self.mode_params().progress_value * self.seat(p).steps()
    }
    /// `points.score`: progress points + battle points.
    pub fn score(&self, p: Player) -> i64 {
        self.progress_points(p) + self.seat(p).battle
    }
    /// The standings once the game is over (`end.finish`).
    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    /// Standings now: score, then guards Home, then lower player number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        list.sort_by_key(|&p| {
            (
                std::cmp::Reverse(self.score(p)),
                std::cmp::Reverse(self.seat(p).guards_home()),
                p,
            )
        });
        list
    }
    /// Every piece on `place`, by player then piece.
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        let mut out = Vec::new();
        for p in self.players() {
            let s = self.seat(p);
            for (i, g) in s.guards.iter().enumerate() {
                if g.place == place {
                    out.push((p, PieceId::Guard(i as u8 + 1)));
                }
            }
            if s.king.place == place {
                out.push((p, PieceId::King));
            }
        }
        out
    }
    /// How many of `p`'s guards stand on `place`.
    pub(crate) fn guards_at(&self, p: Player, place: Place) -> u8 {
        self.seat(p)
            .guards
            .iter()
            .filter(|g| g.place == place)
            .count() as u8
    }
    pub(crate) fn opponents(&self, p: Player) -> impl Iterator<Item = Player> + '_ {
        self.players().filter(move |&q| q != p)
    }

    /// Checks what must hold in every reachable position; says what broke.
    /// Pure: used by self-play after every group's move and by the runner
    /// after every action.
    pub fn check_invariants(&self) -> Result<(), String> {
        let board = self.board();
        let m = self.mode_params();
        for p in self.players() {
            let s = self.seat(p);
            for (i, piece) in s.guards.iter().chain(std::iter::once(&s.king)).enumerate() {
                let name = if i < 4 {
                    format!("{p} G{}", i + 1)
                } else {
                    format!("{p} king")
                };
                match piece.place {
                    Place::Ring(t) if t == 0 || t > board.ring => {
                        return Err(format!("{name} stands on tile {t}, off the ring"))
                    }
                    Place::HomePath(k) if k == 0 || k > board.home_path => {
                        return Err(format!("{name} is past Home (H{k})"))
                    }
                    Place::HomePath(_) | Place::Home if !piece.midpoint => {
                        return Err(format!(
                            "{name} is {} without midpoint progress",
                            piece.place
                        ))
                    }
                    Place::Yard if piece.steps != 0 || piece.midpoint => {
                        return Err(format!(
                            "{name} is in the Yard with progress ({} steps)",
                            piece.steps
                        ))
                    }
                    _ => {}
                }
            }
            if s.store.len() > m.store_cap as usize {
                return Err(format!(
                    "{p}'s store holds {} rolls, over the cap {}",
                    s.store.len(),
                    m.store_cap
                ));
            }
            if s.credits > self.rules.params.exits.cap {
                return Err(format!(
                    "{p} holds {} exit credits, over the cap",
                    s.credits
                ));
            }
        }
        if !self.present[self.turn.index()] {
            return Err(format!(
                "the turn is with {}, who is not at the table",
                self.turn
            ));
        }
        Ok(())
    }

    /// What holds in positions reached by play from a new game (not from any
    /// setup a scenario may state): each piece's progress count agrees with
    /// its place modulo the ring, since every step changes both by one.
    pub fn check_reachable(&self) -> Result<(), String> {
        self.check_invariants()?;
        let board = self.board();
        for p in self.players() {
            let s = self.seat(p);
            for (i, piece) in s.guards.iter().chain(std::iter::once(&s.king)).enumerate() {
                if piece.place == Place::Yard {
                    continue;
                }
                let walked = board.walked_steps(p, piece.place);
                if (piece.steps - walked).rem_euclid(board.ring as i32) != 0 {
                    let name = if i < 4 {
                        format!("{p} G{}", i + 1)
                    } else {
                        format!("{p} king")
                    };
                    return Err(format!(
                        "{name} {} has {} steps, which no walk from its entry gives",
                        piece.place, piece.steps
                    ));
                }
            }
        }
        Ok(())
    }

    // ---- actions -------------------------------------------------------

    /// Applies an action of the player whose turn it is to a copy of this
    /// position. On success returns the new position and appends the rules
    /// applied to `events`; on rejection `events` is left as it was and `self`
    /// is untouched.
    pub fn apply(&self, action: &Action, events: &mut Vec<Event>) -> Result<Royal, Rejection> {
        self.apply_observed(None, action, events, &mut |_| {})
    }

    /// Like [`Royal::apply`] for an action that `by` names as its own (`P2:
    /// ACTION`; `None`: the player to move), calling `observe` with the board
    /// after each group (and the King) has moved (`move.sequential`), for
    /// invariant checks.
    pub fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<Royal, Rejection> {
        let mut next = self.clone();
        let mark = events.len();
        let result = next.apply_in_place(by, action, events, observe);
        match result {
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
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<(), Rejection> {
        // (1) the game being over, (2) whose turn it is: nothing can come before them.
        let mut first = Refusals::new();
        if self.standings.is_some() {
            first.add(
                C::GameOver,
                Rejection::new(R::EndFinish, "the game is over"),
            );
        } else if let Some(by) = by.filter(|&b| b != self.turn) {
            // table.players
            first.add(
                C::Turn,
                Rejection::new(
                    R::TablePlayers,
                    format!("it is {}'s turn, not {by}'s", self.turn),
                )
                .help("write `next turn` to pass the turn on"),
            );
        }
        first.finish()?;
        match action {
            Action::Roll(dice) => self.roll(dice, ev),
            Action::Exit(pieces) => self.exit(pieces, ev),
            Action::Move(order) => self.play_move(order, ev, observe),
            Action::Enter(_) => Err(Rejection::new(
                R::ExitCost,
                "royal has no `enter`; guards leave the Yard with `exit`",
            )),
            Action::NextTurn => {
                self.next_turn(ev);
                Ok(())
            }
        }
    }

    pub(crate) fn event(&self, ev: &mut Vec<Event>, rule: R, what: What) {
        ev.push(Event {
            rule: rule.id(),
            player: self.turn,
            what,
        });
    }

    /// `roll.when`, `roll.values`, `roll.deal`, `roll.store-cap`, grace rolls.
    fn roll(&mut self, dice: &[u8], ev: &mut Vec<Event>) -> Result<(), Rejection> {
        // The earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::new();
        if self.phase.dealt {
            // roll.when
            refusals.add(
                C::When,
                Rejection::new(
                    R::RollWhen,
                    "dice were already dealt this turn; they are dealt once per turn",
                )
                .help("write `next turn` first to deal the next player's dice"),
            );
        } else if self.phase.exited || self.phase.moved {
            refusals.add(
                C::When,
                Rejection::new(
                    R::RollWhen,
                    "dice are dealt only at the start of the turn, before exits and moves",
                )
                .help("put `roll` before the turn's exits and move"),
            );
        }
        if let Some(bad) = dice.iter().find(|d| !(1..=6).contains(*d)) {
            // roll.values
            refusals.add(
                C::RollValues,
                Rejection::new(R::RollValues, format!("a roll is a value 1-6, not {bad}")),
            );
        }
        let p = self.turn;
        let stored = self.seat(p).store.len();
        let m = self.mode_params();
        let expected = m.dice_for(stored) as usize;
        let cap = m.store_cap as usize;
        if dice.len() != expected {
            // roll.deal: the deal table fixes how many dice.
            refusals.add(
                C::RollDeal,
                Rejection::new(
                    R::RollDeal,
                    format!(
                        "with {stored} roll(s) stored, {} deals {expected} dice, not {}",
                        self.mode.name(),
                        dice.len()
                    ),
                )
                .help(format!("write `roll` with {expected} value(s)")),
            );
        }
        refusals.finish()?;
        self.event(
            ev,
            R::RollDeal,
            What::Dealt {
                dice: dice.to_vec(),
                stored_before: stored as u8,
            },
        );
        let seat = self.seat_mut(p);
        seat.store.make_set();
        let mut discarded = 0;
        for &d in dice {
            if seat.store.len() < cap {
                seat.store.add(d);
            } else {
                discarded += 1;
            }
        }
        if discarded > 0 {
            self.event(ev, R::RollStoreCap, What::Discarded { rolls: discarded });
        }
        self.phase.dealt = true;
        // grace.check: the first two dice only; one die counts only as a 6.
        let dealt_grace = match dice {
            [] => false,
            [d] => self.rules.params.exits.one_die_six && *d == 6,
            [a, b, ..] => *a == 6 || *b == 6 || a + b == 6,
        };
        // grace.forced: 0 credits and every guard in the Yard or Home.
        let seat = self.seat(p);
        let forced = seat.credits == 0
            && seat
                .guards
                .iter()
                .all(|g| matches!(g.place, Place::Yard | Place::Home));
        if dealt_grace || forced {
            let rule = if dealt_grace {
                R::GraceCheck
            } else {
                R::GraceForced
            };
            if seat.first_turn {
                self.event(ev, R::GraceFirstTurn, What::GraceSkipped);
            } else if self.phase.graces < self.rules.params.exits.grace_per_turn {
                self.phase.graces += 1;
                self.event(ev, rule, What::Grace);
                let amount = self.rules.params.exits.grace_credit;
                self.add_credits(amount, ev);
            }
        }
        Ok(())
    }

    /// `grace.credit` with `exit.cap`.
    fn add_credits(&mut self, amount: u8, ev: &mut Vec<Event>) {
        let cap = self.rules.params.exits.cap;
        for _ in 0..amount {
            let seat = self.seat_mut(self.turn);
            if seat.credits < cap {
                seat.credits += 1;
                let credits = seat.credits;
                self.event(ev, R::GraceCredit, What::Credit { credits });
            } else {
                self.event(ev, R::ExitCap, What::CreditLost);
            }
        }
    }

    /// `exit.cost`, `exit.order`, `exit.timing`.
    fn exit(&mut self, pieces: &[PieceId], ev: &mut Vec<Event>) -> Result<(), Rejection> {
        let p = self.turn;
        // The earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::new();
        if self.phase.moved {
            // exit.timing
            refusals.add(
                C::When,
                Rejection::new(
                    R::ExitTiming,
                    "exits happen before any piece moves; this turn has moved",
                )
                .help("put `exit` before the turn's `move`"),
            );
        }
        // An exit names a set of guards: `exit G2 G1` is `exit G1 G2`.
        let mut guards = Vec::with_capacity(pieces.len());
        for &piece in pieces {
            match piece {
                // exit.cost: only a guard in the Yard spends a credit.
                PieceId::King => refusals.add(
                    C::Pieces,
                    Rejection::new(R::ExitCost, "the King never spends exit credits").help(
                        "a King in the Yard returns to its entry tile when its owner's turn starts",
                    ),
                ),
                PieceId::Guard(n) if !(1..=4).contains(&n) => refusals.add(
                    C::Pieces,
                    Rejection::new(
                        R::TablePieces,
                        format!("royal has guards G1-G4; there is no G{n}"),
                    ),
                ),
                PieceId::Guard(n) if guards.contains(&n) => refusals.add(
                    // A scenario error in the language; the engine still refuses it.
                    C::Pieces,
                    Rejection::new(R::ExitCost, format!("G{n} is named twice")),
                ),
                PieceId::Guard(n) => {
                    let place = self.seat(p).guards[n as usize - 1].place;
                    if place != Place::Yard {
                        refusals.add(
                            C::Pieces,
                            Rejection::new(
                                R::ExitCost,
                                format!("{p} G{n} is not in the Yard ({place})"),
                            ),
                        );
                    }
                    guards.push(n);
                }
            }
        }
        let credits = self.seat(p).credits as usize;
        if guards.len() > credits {
            // exit.cost: one credit per guard.
            refusals.add(
                C::Credits,
                Rejection::new(
                    R::ExitCost,
                    format!(
                        "{} guard(s) cannot exit with {credits} exit credit(s)",
                        guards.len()
                    ),
                )
                .help(format!("exit at most {credits} guard(s)")),
            );
        }
        guards.sort_unstable();
        if refusals.open(C::Order) {
            let in_yard: Vec<u8> = (1..=4u8)
                .filter(|&n| self.seat(p).guards[n as usize - 1].place == Place::Yard)
                .collect();
            // Every named guard is in the Yard here, so there are at least as many.
            debug_assert!(
                in_yard.len() >= guards.len(),
                "exit.order: named guards not in the Yard"
            );
            let due = &in_yard[..guards.len().min(in_yard.len())];
            if guards[..] != *due {
                // exit.order: the lowest-numbered guards in the Yard exit first.
                let due: Vec<String> = due.iter().map(|n| format!("G{n}")).collect();
                refusals.add(
                    C::Order,
                    Rejection::new(
                        R::ExitOrder,
                        format!(
                            "the lowest-numbered guards in the Yard exit first: {}",
                            due.join(" ")
                        ),
                    )
                    .help(format!("write `exit {}`", due.join(" "))),
                );
            }
        }
        refusals.finish()?;
        let entry = self.board().entry(p);
        for &n in &guards {
            let seat = self.seat_mut(p);
            seat.credits -= 1;
            seat.guards[n as usize - 1] = Piece {
                place: Place::Ring(entry),
                midpoint: false,
                steps: 0,
            };
            self.event(
                ev,
                R::ExitCost,
                What::Exited {
                    guard: n,
                    tile: entry,
                },
            );
        }
        if !guards.is_empty() {
            self.event(
                ev,
                R::ExitOrder,
                What::Note("credits go to the lowest-numbered guards in the Yard"),
            );
            self.event(
                ev,
                R::BoardEntry,
                What::Note("exited guards stand on their entry tile"),
            );
            if self.opponents(p).any(|q| {
                self.pieces_at(Place::Ring(entry))
                    .iter()
                    .any(|(o, _)| *o == q)
            }) {
                self.event(
                    ev,
                    R::ExitTiming,
                    What::Note("exiting is not a move: it captures nothing"),
                );
            }
        }
        self.phase.exited = true;
        Ok(())
    }

    /// Ends the turn: `end.finish`, then the next present seat (`table.players`),
    /// its King back from the Yard (`move.king-yard`).
    fn next_turn(&mut self, ev: &mut Vec<Event>) {
        let p = self.turn;
        self.seat_mut(p).first_turn = false;
        if self.players().any(|q| self.seat(q).guards_home() == 4) {
            let standings = self.standings_now();
            self.event(
                ev,
                R::PointsScore,
                What::Note("standings rank by score = progress points + battle points"),
            );
            self.event(
                ev,
                R::EndFinish,
                What::GameOver {
                    standings: standings.clone(),
                },
            );
            self.standings = Some(standings);
            return;
        }
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
        self.phase = Phase::default();
        let entry = self.board().entry(next);
        if self.seat(next).king.place == Place::Yard {
            self.seat_mut(next).king = Piece {
                place: Place::Ring(entry),
                midpoint: false,
                steps: 0,
            };
            self.event(ev, R::MoveKingYard, What::KingReturns { tile: entry });
        }
    }
}

fn mode_note(mode: Mode) -> &'static str {
    match mode {
        Mode::Journey => "journey mode: progress counts more",
        Mode::Clash => "clash mode: battle counts more",
    }
}

impl Game for Royal {
    type Rules = RoyalRules;
    const KIND: GameKind = GameKind::Royal;

    fn from_setup(
        rules: Arc<RoyalRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Self, Vec<SetupError>> {
        Royal::from_setup(rules, setup, events)
    }
    fn rules(&self) -> &Arc<RoyalRules> {
        &self.rules
    }
    fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Self),
    ) -> Result<Self, Rejection> {
        Royal::apply_observed(self, by, action, events, observe)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Royal::check_invariants(self)
    }
    fn check_reachable(&self) -> Result<(), String> {
        Royal::check_reachable(self)
    }
    fn turn(&self) -> Player {
        self.turn
    }
    fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }
    fn standings_now(&self) -> Vec<Player> {
        Royal::standings_now(self)
    }
    fn players(&self) -> Vec<Player> {
        Royal::players(self).collect()
    }
    fn piece(&self, p: Player, id: PieceId) -> Piece {
        *Royal::piece(self, p, id)
    }
    fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        Royal::pieces_at(self, place)
    }
    fn ring(rules: &RoyalRules) -> u8 {
        rules.board.ring
    }
    fn home_path(rules: &RoyalRules) -> u8 {
        rules.board.home_path
    }
}
