//! The turn's moves: validation (`move.*`) and resolution in the rules' order,
//! with blockades (`blockade.*`) checked before captures (`capture.*`) at every
//! tile entered.

use super::action::MoveOrder;
use super::event::{Event, Rejection, What};
use super::piece::{Direction, Piece, PieceId, Place, Player};
use super::precedence::{Refusals, RoyalCheck as C};
use super::royal::Royal;
use super::rule::RoyalRule as R;

/// A guard in motion: which, its total, and the steps it has left.
#[derive(Clone, Copy, Debug)]
struct Mover {
    guard: u8,
    total: u8,
    remaining: u8,
    from: Place,
}

impl Royal {
    /// Validates the whole move (nothing changes on a rejection), then
    /// resolves it: King first or last, guard groups by size then number.
    pub(crate) fn play_move(
        &mut self,
        order: &MoveOrder,
        ev: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Royal),
    ) -> Result<(), Rejection> {
        let p = self.turn;
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
        let mut named: Vec<PieceId> = Vec::with_capacity(order.clauses.len());
        let mut all_rolls: Vec<u8> = Vec::new();
        let mut king: Option<u8> = None;
        let mut guards: Vec<Mover> = Vec::new();
        for c in &order.clauses {
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
                PieceId::Guard(n) if !(1..=4).contains(&n) => {
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
                PieceId::Guard(n) => {
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
                    });
                }
            }
            match self.piece(p, c.piece).place {
                // move.not-in-play
                Place::Yard if c.piece == PieceId::King => refusals.add(
                    C::Pieces,
                    Rejection::new(R::MoveNotInPlay, format!("{p} king is in the Yard"))
                        .help("a King in the Yard returns at the start of its owner's turn"),
                ),
                Place::Yard => refusals.add(
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
        let store = &self.seat(p).store;
        if refusals.open(C::Rolls) && !store.is_free() && !store.contains_all(&all_rolls) {
            // move.rolls: every roll given must be in the store.
            let have = store
                .rolls()
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            refusals.add(
                C::Rolls,
                Rejection::new(
                    R::MoveRolls,
                    format!("rolls given must be in the store; {p}'s store holds [{have}]"),
                ),
            );
        }
        // move.exact-home: each path as if nothing blocked it, judged last.
        if !refusals.any() {
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
        refusals.finish()?;

        // Resolution.
        let seat = self.seat_mut(p);
        seat.store.spend(&all_rolls);
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
        let king_first = first.piece == PieceId::King;
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
        // Group guards by starting tile; larger groups first, then lowest number.
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
            self.move_group(group, dir, ev);
            observe(self);
            if several {
                self.event(
                    ev,
                    R::MoveSequential,
                    What::Note("board updated before the next group moves"),
                );
            }
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
        Ok(())
    }

    /// Moves one group of guards that start on one tile (`move.together`).
    fn move_group(&mut self, group: Vec<Mover>, dir: Direction, ev: &mut Vec<Event>) {
        let p = self.turn;
        let start_size = group.len();
        let mut movers = group;
        // Sub-groups still to move, in order; each holds indices into `movers`.
        let mut queue: std::collections::VecDeque<Vec<usize>> = std::collections::VecDeque::new();
        queue.push_back((0..movers.len()).collect());
        while let Some(mut sub) = queue.pop_front() {
            loop {
                let before = sub.len();
                sub.retain(|&i| movers[i].remaining > 0);
                if sub.is_empty() {
                    break;
                }
                if sub.len() < before {
                    let at = self.piece(p, PieceId::Guard(movers[sub[0]].guard)).place;
                    self.event(
                        ev,
                        R::MoveTogether,
                        What::Split {
                            guards: sub.iter().map(|&i| movers[i].guard).collect(),
                            at,
                        },
                    );
                }
                // Each guard's next place (at most four guards move together).
                let mut next_buf = [Place::Yard; 4];
                for (k, &i) in sub.iter().enumerate() {
                    let piece = self.piece(p, PieceId::Guard(movers[i].guard));
                    next_buf[k] = self.board().next(p, piece, dir).unwrap_or_else(|| {
                        unreachable!("move.exact-home let a guard move past Home: {piece:?}")
                    });
                }
                let nexts = &next_buf[..sub.len()];
                if nexts.iter().any(|n| *n != nexts[0]) {
                    // Paths part: separate groups, larger first, then lowest number.
                    let mut parts: Vec<Vec<usize>> = Vec::new();
                    for (k, &i) in sub.iter().enumerate() {
                        match parts.iter_mut().find(|part| {
                            nexts[sub.iter().position(|&j| j == part[0]).unwrap_or(0)] == nexts[k]
                        }) {
                            Some(part) => part.push(i),
                            None => parts.push(vec![i]),
                        }
                    }
                    parts
                        .sort_by_key(|part| (std::cmp::Reverse(part.len()), movers[part[0]].guard));
                    let at = self.piece(p, PieceId::Guard(movers[sub[0]].guard)).place;
                    for part in parts.into_iter().rev() {
                        self.event(
                            ev,
                            R::MoveTogether,
                            What::Split {
                                guards: part.iter().map(|&i| movers[i].guard).collect(),
                                at,
                            },
                        );
                        queue.push_front(part);
                    }
                    break;
                }
                let to = nexts[0];
                let k = sub.len() as u8;
                if let Some((q, m)) = self.guard_blockade(p, to, k, ev) {
                    let lost: u32 = sub.iter().map(|&i| movers[i].remaining as u32).sum();
                    let at = self.piece(p, PieceId::Guard(movers[sub[0]].guard)).place;
                    let pieces: Vec<PieceId> = sub
                        .iter()
                        .map(|&i| PieceId::Guard(movers[i].guard))
                        .collect();
                    self.event(
                        ev,
                        R::BlockadeSizes,
                        What::Blocked {
                            pieces,
                            at,
                            by: q,
                            standing: m,
                            moving: k,
                        },
                    );
                    self.event(
                        ev,
                        R::BlockadeAnyPoint,
                        What::Note("the move stops on the tile before the blockade"),
                    );
                    if (k as usize) < start_size {
                        self.event(
                            ev,
                            R::BlockadeMovingCount,
                            What::Note("only the guards still moving together count"),
                        );
                    }
                    if self.capturable_by(p, to, k) {
                        self.event(
                            ev,
                            R::BlockadeBeforeCapture,
                            What::Note("blocked before the capture check could run"),
                        );
                    }
                    self.penalty(lost, ev);
                    for &i in &sub {
                        movers[i].remaining = 0;
                    }
                    break;
                }
                for &i in &sub {
                    let g = movers[i].guard;
                    let mut piece = *self.piece(p, PieceId::Guard(g));
                    let had_mid = piece.midpoint;
                    self.board().step(p, &mut piece, dir);
                    *self.seat_mut(p).piece_mut(PieceId::Guard(g)) = piece;
                    movers[i].remaining -= 1;
                    self.note_step(PieceId::Guard(g), had_mid, &piece, to, dir, ev);
                }
                if to.is_ring() {
                    let passing = sub.iter().any(|&i| movers[i].remaining > 0);
                    let members: Vec<u8> = sub.iter().map(|&i| movers[i].guard).collect();
                    self.capture_at(p, to, &members, passing, ev);
                }
            }
        }
        for m in &movers {
            let piece = *self.piece(p, PieceId::Guard(m.guard));
            self.record_move(PieceId::Guard(m.guard), m.from, piece, m.total, ev);
        }
    }

    /// Events for what one step decided: midpoint progress, the junction, the
    /// Home path and Home.
    fn note_step(
        &self,
        piece: PieceId,
        had_mid: bool,
        now: &Piece,
        to: Place,
        dir: Direction,
        ev: &mut Vec<Event>,
    ) {
        let p = self.turn;
        match to {
            Place::Ring(t) => {
                if now.midpoint && !had_mid {
                    self.event(ev, R::MoveMidpoint, What::Midpoint { piece, tile: t });
                    self.event(
                        ev,
                        R::BoardMidpoint,
                        What::Note("the midpoint tile lies 26 steps Forward of the entry"),
                    );
                }
                let junction = self.board().junction[p.index()];
                if dir == Direction::Forward && self.board().forward(junction) == t && !now.midpoint
                {
                    self.event(
                        ev,
                        R::BoardJunction,
                        What::Note(
                            "passes its junction without midpoint progress: stays on the ring",
                        ),
                    );
                }
            }
            Place::HomePath(1) => {
                self.event(
                    ev,
                    R::BoardJunction,
                    What::Note("steps from its junction onto H1"),
                );
                self.event(ev, R::MoveHomePath, What::HomePath { piece });
            }
            Place::Home => self.event(
                ev,
                R::BoardHomePath,
                What::Note("reaches Home at the end of the Home path"),
            ),
            _ => {}
        }
    }

    fn record_move(
        &mut self,
        piece: PieceId,
        from: Place,
        now: Piece,
        total: u8,
        ev: &mut Vec<Event>,
    ) {
        self.event(
            ev,
            R::BoardDirection,
            What::Moved {
                piece,
                from,
                to: now.place,
                total,
            },
        );
        if now.place.is_ring()
            || now.place == Place::Home
            || matches!(now.place, Place::HomePath(_))
        {
            self.event(
                ev,
                R::PointsProgress,
                What::Note("each Forward step +1, each Backward step -1"),
            );
        }
    }

    /// `blockade.penalty`: battle points lost for steps an opponent's blockade cut.
    fn penalty(&mut self, lost: u32, ev: &mut Vec<Event>) {
        if lost == 0 {
            return;
        }
        let points = lost as i64 * self.mode_params().blockade_penalty;
        let p = self.turn;
        self.seat_mut(p).battle -= points;
        self.event(
            ev,
            R::BlockadePenalty,
            What::Penalty {
                steps: lost,
                points: -points,
            },
        );
        self.event(
            ev,
            R::PointsBattle,
            What::Note("battle points fall by blockade penalties"),
        );
    }

    /// The blockade check for `k` guards of `p` about to enter `to`
    /// (`blockade.sizes`, `blockade.fort`, `blockade.own-entry`).
    fn guard_blockade(
        &self,
        p: Player,
        to: Place,
        k: u8,
        ev: &mut Vec<Event>,
    ) -> Option<(Player, u8)> {
        let Place::Ring(t) = to else { return None };
        for q in self.opponents(p) {
            let m = self.guards_at(q, to);
            if m == 1 {
                self.event(
                    ev,
                    R::BlockadeGroup,
                    What::Note("a lone guard never blockades"),
                );
            }
            if m < 2 {
                continue;
            }
            if self.board().is_fort(t) {
                self.event(
                    ev,
                    R::BlockadeFort,
                    What::NotBlocked {
                        at: to,
                        by: q,
                        standing: m,
                        moving: k,
                    },
                );
                self.event(ev, R::BoardForts, What::Note("a fort tile"));
                continue;
            }
            if t == self.board().entry(p) {
                self.event(
                    ev,
                    R::BlockadeOwnEntry,
                    What::NotBlocked {
                        at: to,
                        by: q,
                        standing: m,
                        moving: k,
                    },
                );
                continue;
            }
            if k <= 3 && k <= m {
                return Some((q, m));
            }
            self.event(
                ev,
                R::BlockadeSizes,
                What::NotBlocked {
                    at: to,
                    by: q,
                    standing: m,
                    moving: k,
                },
            );
        }
        None
    }

    /// Whether a group of `k` of `p` could capture anything on `to` (for the
    /// `blockade.before-capture` note only).
    fn capturable_by(&self, p: Player, to: Place, k: u8) -> bool {
        let Place::Ring(t) = to else { return false };
        let size = k + self.guards_at(p, to);
        if size < 2 || self.board().is_fort(t) {
            return false;
        }
        self.opponents(p).any(|q| {
            let m = self.guards_at(q, to);
            t != self.board().entry(q)
                && ((m > 0 && (m < size || size == 4)) || self.seat(q).king.place == to)
        })
    }

    /// The King factor of `capture.points`: 2 while the capturer's King stands
    /// on a ring tile that is neither a fort nor its own entry.
    fn king_factor(&self, p: Player) -> i64 {
        match self.seat(p).king.place {
            Place::Ring(t) if !self.board().is_fort(t) && t != self.board().entry(p) => {
                self.rules.params.king.factor
            }
            _ => 1,
        }
    }

    /// The capture check on `to` for the moving guards `members` of `p`.
    fn capture_at(
        &mut self,
        p: Player,
        to: Place,
        members: &[u8],
        passing: bool,
        ev: &mut Vec<Event>,
    ) {
        let Place::Ring(t) = to else { return };
        let k = members.len() as u8;
        let all_here = self.guards_at(p, to);
        let standing = all_here - k.min(all_here);
        let size = k + standing;
        let opponents: Vec<Player> = self.opponents(p).collect();
        for q in opponents {
            let victims: Vec<u8> = (1..=4u8)
                .filter(|&n| self.seat(q).guards[n as usize - 1].place == to)
                .collect();
            let king_here = self.seat(q).king.place == to;
            if victims.is_empty() && !king_here {
                continue;
            }
            if size < 2 {
                continue; // a lone guard captures nothing (capture.sizes)
            }
            let m = victims.len();
            let take_guards = m > 0 && (m < size as usize || size == 4);
            if !take_guards && !king_here {
                continue;
            }
            if self.board().is_fort(t) {
                self.event(
                    ev,
                    R::CaptureFort,
                    What::CaptureBarred { victim: q, at: to },
                );
                self.event(ev, R::BoardForts, What::Note("a fort tile"));
                continue;
            }
            if t == self.board().entry(q) {
                self.event(
                    ev,
                    R::CaptureOwnEntry,
                    What::CaptureBarred { victim: q, at: to },
                );
                continue;
            }
            if standing > 0 {
                self.event(
                    ev,
                    R::CaptureMerge,
                    What::Note("standing own guards join the moving group for this capture check"),
                );
            }
            let where_ = if passing {
                "captures in passing"
            } else {
                "captures on landing"
            };
            self.event(ev, R::CaptureReach, What::Note(where_));
            let factor = self.king_factor(p);
            let mut count: i64 = 0;
            if take_guards {
                for &n in &victims {
                    self.seat_mut(q).guards[n as usize - 1] = Piece::IN_YARD;
                }
                count += m as i64;
                let pieces = victims.iter().map(|&n| PieceId::Guard(n)).collect();
                self.event(
                    ev,
                    R::CaptureSizes,
                    What::Captured {
                        victim: q,
                        pieces,
                        at: to,
                        size,
                    },
                );
            }
            if king_here {
                self.seat_mut(q).king = Piece::IN_YARD;
                count += self.rules.params.king.counts_as as i64;
                self.event(
                    ev,
                    R::CaptureKingTarget,
                    What::Captured {
                        victim: q,
                        pieces: vec![PieceId::King],
                        at: to,
                        size,
                    },
                );
                // capture.king-penalty: ring guards, store and credits.
                let ring_guards: Vec<u8> = (1..=4u8)
                    .filter(|&n| self.seat(q).guards[n as usize - 1].place.is_ring())
                    .collect();
                let after = self.rules.params.exits.after_king_capture;
                let seat = self.seat_mut(q);
                for &n in &ring_guards {
                    seat.guards[n as usize - 1] = Piece::IN_YARD;
                }
                seat.store.clear();
                seat.credits = after;
                count += ring_guards.len() as i64;
                self.event(
                    ev,
                    R::CaptureKingPenalty,
                    What::KingPenalty {
                        victim: q,
                        guards: ring_guards,
                    },
                );
            }
            self.event(
                ev,
                R::CaptureResult,
                What::Note("captured pieces go to the Yard and lose midpoint and progress"),
            );
            let points = self.mode_params().capture_value * count * factor;
            self.seat_mut(p).battle += points;
            self.event(
                ev,
                R::CapturePoints,
                What::Points {
                    points,
                    pieces: count as u8,
                    factor,
                },
            );
        }
    }

    /// Moves the King `v` tiles (`move.king-values`, `blockade.king-*`,
    /// `capture.king-cannot`, `roll.king-separate`).
    fn move_king(&mut self, v: u8, dir: Direction, ev: &mut Vec<Event>) {
        let p = self.turn;
        self.event(
            ev,
            R::RollKingSeparate,
            What::Note("the King's value does not come from the store"),
        );
        let from = self.seat(p).king.place;
        let mut remaining = v;
        while remaining > 0 {
            let king = self.seat(p).king;
            let Some(to) = self.board().next(p, &king, dir) else {
                break;
            };
            if let Place::Ring(t) = to {
                let fort = self.board().is_fort(t);
                let at = king.place;
                // An opponent group blocks a King as it blocks a lone guard.
                if let Some((q, m)) = self.guard_blockade(p, to, 1, ev) {
                    self.event(
                        ev,
                        R::BlockadeKingOpponent,
                        What::Blocked {
                            pieces: vec![PieceId::King],
                            at,
                            by: q,
                            standing: m,
                            moving: 1,
                        },
                    );
                    self.event(
                        ev,
                        R::BlockadeAnyPoint,
                        What::Note("the King stops on the tile before the blockade"),
                    );
                    self.penalty(remaining as u32, ev);
                    break;
                }
                let own = self.guards_at(p, to);
                if own > 0 {
                    if fort {
                        self.event(
                            ev,
                            R::BlockadeFort,
                            What::Note("own guards on a fort do not block the King"),
                        );
                    } else {
                        self.event(
                            ev,
                            R::BlockadeKingOwn,
                            What::Blocked {
                                pieces: vec![PieceId::King],
                                at,
                                by: p,
                                standing: own,
                                moving: 1,
                            },
                        );
                        self.event(
                            ev,
                            R::BlockadeOwnNoPenalty,
                            What::Note("no penalty when the King is blocked by its own guards"),
                        );
                        break;
                    }
                }
            } else if matches!(to, Place::HomePath(_)) && self.guards_at(p, to) > 0 {
                self.event(
                    ev,
                    R::BlockadeKingOwn,
                    What::Note("own guards in the Home path do not block the King"),
                );
            }
            let had_mid = king.midpoint;
            let board = self.rules.board;
            board.step(p, &mut self.seat_mut(p).king, dir);
            remaining -= 1;
            let now = self.seat(p).king;
            self.note_step(PieceId::King, had_mid, &now, to, dir, ev);
            if to.is_ring()
                && self
                    .opponents(p)
                    .any(|q| self.pieces_at(to).iter().any(|(o, _)| *o == q))
            {
                self.event(
                    ev,
                    R::CaptureKingCannot,
                    What::Note("the King captures nothing"),
                );
            }
        }
        let now = self.seat(p).king;
        self.record_move(PieceId::King, from, now, v, ev);
    }
}
