//! Board geometry computed once from the ruleset parameters: which tile is
//! Forward of which, distances from entries, forts, and each piece's path.

use crate::params::{Forward, RoyalParams};

use goti_engine::piece::{Direction, Piece, Place, Player};

/// The board of one ruleset, ready for fast look-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub ring: u8,
    pub lower: bool,
    pub entry: [u8; 4],
    pub midpoint: [u8; 4],
    pub junction: [u8; 4],
    pub home_path: u8,
    /// Bit set of fort tiles (rings up to 255 tiles).
    fort: [u64; 4],
}

impl Board {
    pub fn new(p: &RoyalParams) -> Board {
        let b = &p.board;
        let mut fort = [0u64; 4];
        for &f in &b.forts {
            fort[f as usize / 64] |= 1 << (f % 64);
        }
        Board {
            ring: b.ring,
            lower: b.forward == Forward::Lower,
            entry: b.entries.all(),
            midpoint: b.midpoints.all(),
            junction: b.junctions.all(),
            home_path: b.home_path,
            fort,
        }
    }

    /// `board.forts`
    pub fn is_fort(&self, tile: u8) -> bool {
        self.fort[tile as usize / 64] & (1 << (tile % 64)) != 0
    }

    pub fn entry(&self, p: Player) -> u8 {
        self.entry[p.index()]
    }

    /// The ring tile one step Forward of `t` (`board.direction`).
    pub fn forward(&self, t: u8) -> u8 {
        if self.lower {
            if t <= 1 {
                self.ring
            } else {
                t - 1
            }
        } else if t >= self.ring {
            1
        } else {
            t + 1
        }
    }

    /// The ring tile one step Backward of `t`.
    pub fn backward(&self, t: u8) -> u8 {
        if self.lower {
            if t >= self.ring {
                1
            } else {
                t + 1
            }
        } else if t <= 1 {
            self.ring
        } else {
            t - 1
        }
    }

    /// Forward steps from `p`'s entry tile to ring tile `t` (0 on the entry).
    pub fn distance(&self, p: Player, t: u8) -> i32 {
        let e = self.entry(p) as i32;
        let t = t as i32;
        let r = self.ring as i32;
        let d = if self.lower { e - t } else { t - e };
        // Both on the ring: one lap at most either way (no division).
        match d {
            d if (0..r).contains(&d) => d,
            d if (-r..0).contains(&d) => d + r,
            d => d.rem_euclid(r),
        }
    }

    /// Forward steps from the entry to the junction (51 on the default board).
    pub fn junction_distance(&self, p: Player) -> i32 {
        self.distance(p, self.junction[p.index()])
    }

    /// The progress count of a piece placed at `place` having walked Forward
    /// from its entry (scenario convention): ring d, Hk J+k, Home J+L+1.
    pub fn walked_steps(&self, p: Player, place: Place) -> i32 {
        match place {
            Place::Out | Place::Aside { .. } => 0,
            Place::Ring(t) => self.distance(p, t),
            Place::HomePath(k) => self.junction_distance(p) + k as i32,
            Place::Home => self.junction_distance(p) + self.home_path as i32 + 1,
        }
    }

    /// Whether a piece of `p` standing on `t` without having walked Backward
    /// has midpoint progress (d >= distance of the midpoint).
    pub fn past_midpoint_walking(&self, p: Player, t: u8) -> bool {
        self.distance(p, t) >= self.distance(p, self.midpoint[p.index()])
    }

    /// The next place of `piece` (owned by `p`) one step in `dir`, or `None`
    /// past Home (`move.home-path`, `move.exact-home`). Backward from the Home
    /// path is refused before this is asked.
    pub fn next(&self, p: Player, piece: &Piece, dir: Direction) -> Option<Place> {
        match (piece.place, dir) {
            (Place::Ring(t), Direction::Forward) => {
                if piece.midpoint && t == self.junction[p.index()] {
                    Some(Place::HomePath(1))
                } else {
                    Some(Place::Ring(self.forward(t)))
                }
            }
            (Place::Ring(t), Direction::Backward) => Some(Place::Ring(self.backward(t))),
            (Place::HomePath(k), Direction::Forward) => Some(if k >= self.home_path {
                Place::Home
            } else {
                Place::HomePath(k + 1)
            }),
            _ => None,
        }
    }

    /// How many steps in `dir` `piece` (owned by `p`) can take before
    /// [`Board::next`] finds no place (`move.exact-home`): to Home exactly,
    /// counted without walking; `u32::MAX` on the ring Backward.
    pub fn steps_left(&self, p: Player, piece: &Piece, dir: Direction) -> u32 {
        let ring = u32::from(self.ring);
        let home = u32::from(self.home_path) + 1;
        // Forward steps from ring tile a to ring tile b.
        let fwd = |a: u8, b: u8| {
            let d = if self.lower {
                i32::from(a) - i32::from(b)
            } else {
                i32::from(b) - i32::from(a)
            };
            d.rem_euclid(ring as i32) as u32
        };
        let (mid, junction) = (self.midpoint[p.index()], self.junction[p.index()]);
        match (piece.place, dir) {
            (Place::Ring(_), Direction::Backward) => u32::MAX,
            (Place::Ring(t), Direction::Forward) if piece.midpoint => fwd(t, junction) + home,
            // Round to the midpoint tile first (a whole lap from on it), then as above.
            (Place::Ring(t), Direction::Forward) => {
                let to_mid = match fwd(t, mid) {
                    0 => ring,
                    d => d,
                };
                to_mid + fwd(mid, junction) + home
            }
            (Place::HomePath(k), Direction::Forward) => {
                u32::from(self.home_path.saturating_sub(k)) + 1
            }
            _ => 0,
        }
    }

    /// Takes one step, updating midpoint progress and the progress count;
    /// returns the place entered, or `None` when the piece cannot go on.
    pub fn step(&self, p: Player, piece: &mut Piece, dir: Direction) -> Option<Place> {
        let to = self.next(p, piece, dir)?;
        piece.place = to;
        piece.steps += if dir == Direction::Forward { 1 } else { -1 };
        if to == Place::Ring(self.midpoint[p.index()]) {
            piece.midpoint = true;
        }
        Some(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::new(&crate::params::shipped::<RoyalParams>())
    }
    const P1: Player = Player::ALL[0];
    const P2: Player = Player::ALL[1];

    #[test]
    fn board_direction_forward_is_lower() {
        // board.direction: 27 -> 23 after 4 steps Forward; wraps 1 -> 52.
        let b = board();
        let mut t = 27;
        for _ in 0..4 {
            t = b.forward(t);
        }
        assert_eq!(t, 23);
        assert_eq!(b.forward(1), 52);
        assert_eq!(b.backward(52), 1);
    }

    #[test]
    fn board_entry_midpoint_junction_distances() {
        // board.entry, board.midpoint, board.junction
        let b = board();
        assert_eq!(b.distance(P1, 52), 0);
        assert_eq!(b.distance(P1, 26), 26);
        assert_eq!(b.distance(P2, 13), 26);
        assert_eq!(b.junction_distance(P1), 51);
        assert_eq!(b.junction_distance(P2), 51);
        assert_eq!(b.walked_steps(P1, Place::HomePath(2)), 53);
        assert_eq!(b.walked_steps(P1, Place::Home), 57);
    }

    #[test]
    fn board_home_path_from_junction() {
        // board.home-path, move.home-path
        let b = board();
        let mut g = Piece {
            place: Place::Ring(1),
            midpoint: true,
            steps: 51,
        };
        assert_eq!(
            b.step(P1, &mut g, Direction::Forward),
            Some(Place::HomePath(1))
        );
        let mut g = Piece {
            place: Place::Ring(1),
            midpoint: false,
            steps: -1,
        };
        assert_eq!(
            b.step(P1, &mut g, Direction::Forward),
            Some(Place::Ring(52))
        );
        let mut g = Piece {
            place: Place::HomePath(5),
            midpoint: true,
            steps: 56,
        };
        assert_eq!(b.step(P1, &mut g, Direction::Forward), Some(Place::Home));
        assert_eq!(b.step(P1, &mut g, Direction::Forward), None);
    }

    /// `steps_left` counts what stepping one by one finds, on both
    /// directions of the board, for every player, tile and midpoint flag.
    #[test]
    fn steps_left_is_the_walk_to_home() {
        let mut higher = crate::params::shipped::<RoyalParams>();
        higher.board.forward = Forward::Higher;
        for b in [board(), Board::new(&higher)] {
            let mut places: Vec<Place> = (1..=b.ring).map(Place::Ring).collect();
            places.extend((1..=b.home_path).map(Place::HomePath));
            places.extend([Place::Home, Place::Out]);
            for p in Player::ALL {
                for &place in &places {
                    for midpoint in [false, true] {
                        for dir in [Direction::Forward, Direction::Backward] {
                            let start = Piece {
                                place,
                                midpoint,
                                steps: 0,
                            };
                            let mut walk = start;
                            let mut n = 0;
                            while n < 1000 && b.step(p, &mut walk, dir).is_some() {
                                n += 1;
                            }
                            let want = if n == 1000 { u32::MAX } else { n };
                            assert_eq!(b.steps_left(p, &start, dir), want, "{p} {start:?} {dir}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn board_forts() {
        let b = board();
        for f in [44, 31, 18, 5] {
            assert!(b.is_fort(f));
        }
        assert!(!b.is_fort(52));
    }
}
