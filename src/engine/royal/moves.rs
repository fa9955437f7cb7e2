//! The turn's moves: validation (`move.*`) and resolution in the rules' order,
//! with blockades (`blockade.*`) checked before captures (`capture.*`) at every
//! tile entered.

use super::group::Later;
use super::rule::RoyalRule as R;
use super::Royal;
use super::RoyalCheck as C;
use crate::engine::action::MoveOrder;
use crate::engine::event::{Event, Rejection, What};
use crate::engine::piece::{Direction, PieceId, Place};
use crate::engine::precedence::Refusals;
use crate::rules::KingReturn;

/// A guard in motion: which, its total, and the steps it has left.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mover {
    pub(super) guard: u8,
    pub(super) total: u8,
    pub(super) remaining: u8,
    pub(super) from: Place,
    /// Where the move names it (0: first), for `order.parted_groups: named`.
    pub(super) named: u8,
}

/// A move the rules allow, as judging found it: what resolving carries out.
#[derive(Debug)]
struct Judged {
    dir: Direction,
    /// The King's value, if it moves.
    king: Option<u8>,
    /// The King moves first exactly when it is named first (`move.king-order`).
    king_first: bool,
    guards: Vec<Mover>,
    /// Every roll the guards are given, spent from the store.
    rolls: Vec<u8>,
}

impl Royal {
    /// Judges the whole move (nothing changes on a rejection), then
    /// resolves it: King first or last, guard groups by size then number.
    pub(crate) fn play_move(
        &mut self,
        order: &MoveOrder,
        ev: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<(), Rejection> {
        let judged = self.judge_move(order)?;
        self.resolve_move(order, judged, ev, observe);
        Ok(())
    }

    /// Every rule the move breaks, in ROYAL.md's order of refusals; the
    /// first is the rejection.
    fn judge_move(&self, order: &MoveOrder) -> Result<Judged, Rejection> {
        // The whole move is judged at once; the earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::new();
        if self.phase.moved {
            // move.choice: one set of moves a turn.
            refusals.add(
                C::When,
                Rejection::new(
                    R::MoveChoice,
                    "this turn has already moved; a turn has one set of moves",
                )
                .help("put every piece of the turn in one `move` statement, or write `next turn`"),
            );
        }
        let Some(first) = order.clauses.first() else {
            return Err(Rejection::new(
                R::MoveChoice,
                "a move names at least one piece",
            ));
        };
        let dir = first.direction;
        let (all_rolls, king, guards) = self.judge_clauses(order, dir, &mut refusals);
        self.judge_store(&all_rolls, &mut refusals);
        // move.exact-home: each path as if nothing blocked it, judged last.
        if !refusals.any() {
            self.judge_exact_home(order, dir, &mut refusals);
        }
        refusals.finish()?;
        Ok(Judged {
            dir,
            king,
            king_first: first.piece == PieceId::King,
            guards,
            rolls: all_rolls,
        })
    }

    /// Each clause judged on its own: one direction (`move.one-direction`),
    /// no piece twice, pieces the game has and in play, the King's value,
    /// the guards' rolls. Returns every roll given, the King's value and
    /// the guards in motion.
    fn judge_clauses(
        &self,
        order: &MoveOrder,
        dir: Direction,
        refusals: &mut Refusals<C>,
    ) -> (Vec<u8>, Option<u8>, Vec<Mover>) {
        let p = self.turn;
        let mut named: Vec<PieceId> = Vec::with_capacity(order.clauses.len());
        let mut all_rolls: Vec<u8> = Vec::new();
        let mut king: Option<u8> = None;
        let mut guards: Vec<Mover> = Vec::new();
        for (at, c) in order.clauses.iter().enumerate() {
            if c.direction != dir && refusals.open(C::Direction) {
                // move.one-direction
                refusals.add(
                    C::Direction,
                    Rejection::new(
                        R::MoveOneDirection,
                        "every piece moved in a turn moves in one direction",
                    )
                    .help("give every clause the same direction"),
                );
            }
            if named.contains(&c.piece) {
                // A scenario error in the language; the engine still refuses it.
                refusals.add(
                    C::Pieces,
                    Rejection::new(
                        R::MoveChoice,
                        format!("{} is named twice in one move", c.piece),
                    ),
                );
                continue;
            }
            named.push(c.piece);
            match c.piece {
                PieceId::Numbered(n) if !(1..=4).contains(&n) => {
                    refusals.add(
                        C::Pieces,
                        Rejection::new(
                            R::TablePieces,
                            format!("royal has guards G1-G4; there is no G{n}"),
                        ),
                    );
                    continue;
                }
                PieceId::King => {
                    // move.king-values
                    if c.rolls.len() != 1 {
                        refusals.add(
                            C::KingValues,
                            Rejection::new(
                                R::MoveKingValues,
                                "the King moves one value a turn; King values are never combined",
                            ),
                        );
                    } else {
                        let v = c.rolls[0];
                        let max = self.rules.params.king.max_value;
                        if v == 0 || v > max {
                            refusals.add(
                                C::KingValues,
                                Rejection::new(
                                    R::MoveKingValues,
                                    format!("the King moves 1-{max} tiles, not {v}"),
                                ),
                            );
                        } else {
                            king = Some(v);
                        }
                    }
                }
                PieceId::Numbered(n) => {
                    if c.rolls.is_empty() {
                        // move.rolls
                        refusals.add(
                            C::Rolls,
                            Rejection::new(R::MoveRolls, format!("G{n} is given no rolls")),
                        );
                    }
                    if let Some(bad) = c.rolls.iter().find(|r| !(1..=6).contains(*r)) {
                        // roll.values
                        refusals.add(
                            C::RollValues,
                            Rejection::new(
                                R::RollValues,
                                format!("a roll is a value 1-6, not {bad}"),
                            )
                            .help("split a larger distance into rolls, e.g. `3+4`"),
                        );
                    }
                    all_rolls.extend_from_slice(&c.rolls);
                    let total: u32 = c.rolls.iter().map(|&r| r as u32).sum();
                    let total = u8::try_from(total).unwrap_or(u8::MAX);
                    guards.push(Mover {
                        guard: n,
                        total,
                        remaining: total,
                        from: self.piece(p, c.piece).place,
                        named: u8::try_from(at).unwrap_or(u8::MAX),
                    });
                }
            }
            match self.piece(p, c.piece).place {
                // move.not-in-play
                Place::Out if c.piece == PieceId::King => refusals.add(
                    C::Pieces,
                    Rejection::new(R::MoveNotInPlay, format!("{p} king is in the Yard")).help(
                        match self.rules.params.order.king_return {
                            KingReturn::Free => {
                                "a King in the Yard returns at the start of its owner's turn"
                            }
                            KingReturn::Exit => "write `exit king` before the move",
                        },
                    ),
                ),
                Place::Out => refusals.add(
                    C::Pieces,
                    Rejection::new(
                        R::MoveNotInPlay,
                        format!("{p} {} is in the Yard; it must exit first", c.piece),
                    )
                    .help(format!("write `exit {}` before the move", c.piece)),
                ),
                Place::Home => refusals.add(
                    C::Pieces,
                    Rejection::new(
                        R::MoveNotInPlay,
                        format!("{p} {} is Home and cannot move", c.piece),
                    ),
                ),
                // move.home-path: the Home path is Forward only.
                Place::HomePath(_) if c.direction == Direction::Backward => refusals.add(
                    C::HomePath,
                    Rejection::new(
                        R::MoveHomePath,
                        format!("{p} {} is in the Home path, which is Forward only", c.piece),
                    ),
                ),
                _ => {}
            }
        }
        (all_rolls, king, guards)
    }

    /// move.rolls: every roll given must be in the store.
    fn judge_store(&self, all_rolls: &[u8], refusals: &mut Refusals<C>) {
        let p = self.turn;
        let store = &self.seat(p).store;
        if refusals.open(C::Rolls) && !store.is_free() && !store.contains_all(all_rolls) {
            // move.rolls: every roll given must be in the store.
            let have = store
                .rolls()
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            let mut rej = Rejection::new(
                R::MoveRolls,
                format!("rolls given must be in the store; {p}'s store holds [{have}]"),
            );
            if store.is_empty() && !self.phase.dealt {
                rej = rej
                    .help("roll the dice first: `roll` deals this turn's dice (e.g. `roll 6 3 2`)");
            }
            refusals.add(C::Rolls, rej);
        }
    }

    /// move.exact-home: each path as if nothing blocked it.
    fn judge_exact_home(&self, order: &MoveOrder, dir: Direction, refusals: &mut Refusals<C>) {
        let p = self.turn;
        for c in &order.clauses {
            let mut piece = *self.piece(p, c.piece);
            let total: u32 = c.rolls.iter().map(|&r| r as u32).sum();
            for _ in 0..total {
                if self.board().step(p, &mut piece, dir).is_none() {
                    refusals.add(
                        C::Landing,
                        Rejection::new(
                            R::MoveExactHome,
                            format!("{p} {} would move past Home", c.piece),
                        )
                        .help("Home needs the exact count"),
                    );
                    break;
                }
            }
        }
    }

    /// Carries out a judged move in the rules' order, calling `observe`
    /// after each part the rules settle before the next (`move.sequential`).
    fn resolve_move(
        &mut self,
        order: &MoveOrder,
        judged: Judged,
        ev: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Royal),
    ) {
        let p = self.turn;
        let Judged {
            dir,
            king,
            king_first,
            guards,
            rolls,
        } = judged;
        self.seat_mut(p).store.spend(&rolls);
        for c in order.clauses.iter().filter(|c| c.piece != PieceId::King) {
            self.event(
                ev,
                R::MoveRolls,
                What::RollsSpent {
                    piece: c.piece,
                    rolls: c.rolls.clone(),
                },
            );
        }
        // move.king-order: the King moves first exactly when it is named first.
        if let (Some(_), true) = (king, !guards.is_empty()) {
            let note = if king_first {
                "the King moves before the guards"
            } else {
                "the King moves after the guards"
            };
            self.event(ev, R::MoveKingOrder, What::Note(note));
        }
        if king_first {
            if let Some(v) = king {
                self.move_king(v, dir, ev);
                observe(self);
            }
        }
        let groups = in_groups(guards);
        let mut later: Vec<Later> = Vec::new();
        let several = groups.len() > 1;
        let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        for (i, group) in groups.into_iter().enumerate() {
            if several {
                // Equal sizes are ordered by number (move.order-number), else by size.
                let tie = sizes
                    .iter()
                    .enumerate()
                    .any(|(j, &n)| j != i && n == group.len());
                let rule = if tie {
                    R::MoveOrderNumber
                } else {
                    R::MoveOrderSize
                };
                let guards = group.iter().map(|m| m.guard).collect();
                self.event(
                    ev,
                    rule,
                    What::GroupOrder {
                        guards,
                        tile: group[0].from,
                    },
                );
            }
            let size = group.len();
            self.move_group(group, size, dir, ev, &mut later);
            observe(self);
            if several {
                self.event(
                    ev,
                    R::MoveSequential,
                    What::Note("board updated before the next group moves"),
                );
            }
        }
        // move.together [house, `order.parted_moves: after_groups`]: guards
        // that went on alone or split off move after the other groups.
        while !later.is_empty() {
            let Later { movers, start_size } = later.remove(0);
            self.event(
                ev,
                R::MoveTogether,
                What::Note("goes on after the move's other groups"),
            );
            self.move_group(movers, start_size, dir, ev, &mut later);
            observe(self);
        }
        if !king_first {
            if let Some(v) = king {
                self.move_king(v, dir, ev);
                observe(self);
            }
        }
        let kept = self.seat(p).store.len();
        if kept > 0 && !self.seat(p).store.is_free() {
            self.event(ev, R::RollPersist, What::RollsKept { count: kept as u8 });
        }
        self.phase.moved = true;
    }
}

/// move.order-size: guards moved from one tile form a group; larger groups
/// move before smaller ones, and move.order-number breaks ties (lowest
/// number first), each group's guards by number.
fn in_groups(guards: Vec<Mover>) -> Vec<Vec<Mover>> {
    let mut groups: Vec<Vec<Mover>> = Vec::new();
    for m in guards {
        match groups.iter_mut().find(|g| g[0].from == m.from) {
            Some(g) => g.push(m),
            None => groups.push(vec![m]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|m| m.guard);
    }
    groups.sort_by_key(|g| (std::cmp::Reverse(g.len()), g[0].guard));
    groups
}
