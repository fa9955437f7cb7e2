//! The turn's moves: validation (`move.*`) and resolution in the rules' order,
//! with blockades (`blockade.*`) checked before captures (`capture.*`) at every
//! tile entered.

use super::events;
use super::group::{Later, Mover, Movers};
use super::rule::RoyalRule as R;
use super::Royal;
use super::RoyalCheck as C;
use crate::params::KingReturn;
use crate::Short;
use goti_engine::action::MoveOrder;
use goti_engine::event::{Rejection, Sink, What};
use goti_engine::few::Few;
use goti_engine::own::OwnEvent;
use goti_engine::piece::{Direction, PieceId, Place};
use goti_engine::precedence::Refusals;

/// The rolls a move gives, as counts by value (`move.rolls`): a multiset
/// as the store keeps it, however long the move's text.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Given {
    counts: [u32; 7],
    /// A value outside 1-6 was given (`roll.values`).
    bad: bool,
}

/// A move the rules allow, as judging found it: what resolving carries out.
#[derive(Debug)]
struct Judged {
    dir: Direction,
    /// The King's value, if it moves.
    king: Option<u8>,
    /// The King moves first exactly when it is named first (`move.king-order`).
    king_first: bool,
    guards: Movers,
}

impl Royal {
    /// Judges the whole move (nothing changes on a rejection), then
    /// resolves it: King first or last, guard groups by size then number.
    pub(crate) fn play_move<S: Sink>(
        &mut self,
        order: &MoveOrder,
        ev: &mut S,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<(), Rejection> {
        let judged = self.judge_move(order, !S::REASONS)?;
        self.resolve_move(order, judged, ev, observe);
        Ok(())
    }

    /// Every rule the move breaks, in ROYAL.md's order of refusals; the
    /// first is the rejection.
    fn judge_move(&self, order: &MoveOrder, quiet: bool) -> Result<Judged, Rejection> {
        // The whole move is judged at once; the earliest refusal in ROYAL.md's order wins.
        let mut refusals = Refusals::quiet_if(quiet);
        if self.phase.moved {
            // move.choice: one set of moves a turn.
            refusals.refuse(C::When, || {
                Rejection::new(
                    R::MoveChoice,
                    "this turn has already moved; a turn has one set of moves",
                )
                .help("put every piece of the turn in one `move` statement, or write `next turn`")
            });
        }
        let Some(first) = order.clauses.first() else {
            return Err(if quiet {
                Rejection::withheld()
            } else {
                Rejection::new(R::MoveChoice, "a move names at least one piece")
            });
        };
        let dir = first.direction;
        let (given, king, guards) = self.judge_clauses(order, dir, &mut refusals);
        self.judge_store(&given, &mut refusals);
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
    ) -> (Given, Option<u8>, Movers) {
        let p = self.turn;
        // The pieces named so far: bit 0 the King, bit n guard Gn. A piece
        // royal has not (G5, G0) is refused by table.pieces wherever named.
        let mut named: u8 = 0;
        let mut given = Given::default();
        let mut king: Option<u8> = None;
        let mut guards = Movers::new();
        for (at, c) in order.clauses.iter().enumerate() {
            if c.direction != dir && refusals.open(C::Direction) {
                // move.one-direction
                refusals.refuse(C::Direction, || {
                    Rejection::new(
                        R::MoveOneDirection,
                        "every piece moved in a turn moves in one direction",
                    )
                    .help("give every clause the same direction")
                });
            }
            let bit = match c.piece {
                PieceId::King => 1,
                PieceId::Numbered(n @ 1..=4) => 1 << n,
                PieceId::Numbered(_) => 0,
            };
            if named & bit != 0 {
                // A scenario error in the language; the engine still refuses it.
                refusals.refuse(C::Pieces, || {
                    Rejection::new(
                        R::MoveChoice,
                        format!("{} is named twice in one move", c.piece),
                    )
                });
                continue;
            }
            named |= bit;
            match c.piece {
                PieceId::Numbered(n) if !(1..=4).contains(&n) => {
                    refusals.refuse(C::Pieces, || {
                        Rejection::new(
                            R::TablePieces,
                            format!("royal has guards G1-G4; there is no G{n}"),
                        )
                    });
                    continue;
                }
                PieceId::King => {
                    // move.king-values
                    if c.rolls.len() != 1 {
                        refusals.refuse(C::KingValues, || {
                            Rejection::new(
                                R::MoveKingValues,
                                "the King moves one value a turn; King values are never combined",
                            )
                        });
                    } else {
                        let v = c.rolls[0];
                        let max = self.rules.params.king.max_value;
                        if v == 0 || v > max {
                            refusals.refuse(C::KingValues, || {
                                Rejection::new(
                                    R::MoveKingValues,
                                    format!("the King moves 1-{max} tiles, not {v}"),
                                )
                            });
                        } else {
                            king = Some(v);
                        }
                    }
                }
                PieceId::Numbered(n) => {
                    if c.rolls.is_empty() {
                        // move.rolls
                        refusals.refuse(C::Rolls, || {
                            Rejection::new(R::MoveRolls, format!("G{n} is given no rolls"))
                        });
                    }
                    if let Some(bad) = c.rolls.iter().find(|r| !(1..=6).contains(*r)) {
                        // roll.values
                        refusals.refuse(C::RollValues, || {
                            Rejection::new(
                                R::RollValues,
                                format!("a roll is a value 1-6, not {bad}"),
                            )
                            .help("split a larger distance into rolls, e.g. `3+4`")
                        });
                    }
                    for &r in &c.rolls {
                        match given.counts.get_mut(r as usize) {
                            Some(n) if r > 0 => *n = n.saturating_add(1),
                            _ => given.bad = true,
                        }
                    }
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
                Place::Out if c.piece == PieceId::King => refusals.refuse(C::Pieces, || {
                    Rejection::new(R::MoveNotInPlay, format!("{p} king is in the Yard")).help(
                        match self.rules.params.order.king_return {
                            KingReturn::Free => {
                                "a King in the Yard returns at the start of its owner's turn"
                            }
                            KingReturn::Exit => "write `exit king` before the move",
                        },
                    )
                }),
                Place::Out => refusals.refuse(C::Pieces, || {
                    Rejection::new(
                        R::MoveNotInPlay,
                        format!("{p} {} is in the Yard; it must exit first", c.piece),
                    )
                    .help(format!("write `exit {}` before the move", c.piece))
                }),
                Place::Home => refusals.refuse(C::Pieces, || {
                    Rejection::new(
                        R::MoveNotInPlay,
                        format!("{p} {} is Home and cannot move", c.piece),
                    )
                }),
                // move.home-path: the Home path is Forward only.
                Place::HomePath(_) if c.direction == Direction::Backward => {
                    refusals.refuse(C::HomePath, || {
                        Rejection::new(
                            R::MoveHomePath,
                            format!("{p} {} is in the Home path, which is Forward only", c.piece),
                        )
                    })
                }
                _ => {}
            }
        }
        (given, king, guards)
    }

    /// move.rolls: every roll given must be in the store.
    fn judge_store(&self, given: &Given, refusals: &mut Refusals<C>) {
        let p = self.turn;
        let store = &self.seat(p).store;
        let held =
            !given.bad && (1..=6u8).all(|v| given.counts[v as usize] <= store.count(v) as u32);
        if refusals.open(C::Rolls) && !store.is_free() && !held {
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
            refusals.refuse(C::Rolls, || rej);
        }
    }

    /// move.exact-home: each path as if nothing blocked it.
    fn judge_exact_home(&self, order: &MoveOrder, dir: Direction, refusals: &mut Refusals<C>) {
        let p = self.turn;
        for c in &order.clauses {
            let piece = *self.piece(p, c.piece);
            let total: u32 = c.rolls.iter().map(|&r| r as u32).sum();
            if total > self.board().steps_left(p, &piece, dir) {
                refusals.refuse(C::Landing, || {
                    Rejection::new(
                        R::MoveExactHome,
                        format!("{p} {} would move past Home", c.piece),
                    )
                    .help("Home needs the exact count")
                });
            }
        }
    }

    /// Carries out a judged move in the rules' order, calling `observe`
    /// after each part the rules settle before the next (`move.sequential`).
    fn resolve_move<S: Sink>(
        &mut self,
        order: &MoveOrder,
        judged: Judged,
        ev: &mut S,
        observe: &mut dyn FnMut(&Royal),
    ) {
        let p = self.turn;
        let Judged {
            dir,
            king,
            king_first,
            guards,
        } = judged;
        for c in order.clauses.iter().filter(|c| c.piece != PieceId::King) {
            self.seat_mut(p).store.spend(&c.rolls);
            self.event(ev, R::MoveRolls, || {
                What::Own(
                    OwnEvent::new(&events::ROLLS_SPENT)
                        .piece(c.piece)
                        .list(&c.rolls),
                )
            });
        }
        // move.king-order: the King moves first exactly when it is named first.
        if let (Some(_), true) = (king, !guards.is_empty()) {
            let note = if king_first {
                "the King moves before the guards"
            } else {
                "the King moves after the guards"
            };
            self.event(ev, R::MoveKingOrder, || What::Note(note));
        }
        // Worked out once: the move's own steps never add an opponent's piece.
        let ahead = self.ahead(p, dir);
        if king_first {
            if let Some(v) = king {
                self.move_king(v, dir, &ahead, ev);
                observe(self);
            }
        }
        let groups = in_groups(guards);
        let mut later: Few<Later, 4> = Few::new();
        let several = groups.len() > 1;
        let sizes: Few<usize, 4> = Few::of(groups.iter().map(|g| g.len()));
        for (i, &group) in groups.iter().enumerate() {
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
                self.event(ev, rule, || {
                    let guards: Short<u8, 7> = group.iter().map(|m| m.guard).collect();
                    What::Own(
                        OwnEvent::new(&events::GROUP_ORDER)
                            .list(&guards)
                            .at(group[0].from),
                    )
                });
            }
            let size = group.len();
            self.move_group(group, size, dir, &ahead, ev, &mut later);
            observe(self);
            if several {
                self.event(ev, R::MoveSequential, || {
                    What::Note("board updated before the next group moves")
                });
            }
        }
        // move.together [house, `order.parted_moves: after_groups`]: guards
        // that went on alone or split off move after the other groups.
        while let Some(Later { movers, start_size }) = later.pop_front() {
            self.event(ev, R::MoveTogether, || {
                What::Note("goes on after the move's other groups")
            });
            self.move_group(movers, start_size, dir, &ahead, ev, &mut later);
            observe(self);
        }
        if !king_first {
            if let Some(v) = king {
                self.move_king(v, dir, &ahead, ev);
                observe(self);
            }
        }
        let kept = self.seat(p).store.len();
        if kept > 0 && !self.seat(p).store.is_free() {
            self.event(ev, R::RollPersist, || {
                What::Own(OwnEvent::new(&events::ROLLS_KEPT).numbers(&[kept as i64]))
            });
        }
        self.phase.moved = true;
    }
}

/// move.order-size: guards moved from one tile form a group; larger groups
/// move before smaller ones, and move.order-number breaks ties (lowest
/// number first), each group's guards by number.
fn in_groups(guards: Movers) -> Few<Movers, 4> {
    let mut groups: Few<Movers, 4> = Few::new();
    for &m in guards.iter() {
        match groups.iter_mut().find(|g| g[0].from == m.from) {
            Some(g) => g.push(m),
            None => groups.push(Movers::of([m])),
        }
    }
    // Guards are distinct, so no two keys tie and an unstable sort is exact.
    for g in groups.iter_mut() {
        g.sort_unstable_by_key(|m| m.guard);
    }
    groups.sort_unstable_by_key(|g| (std::cmp::Reverse(g.len()), g[0].guard));
    groups
}
