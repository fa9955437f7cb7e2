//! Portal geometry: each player's route by steps (0 on the start tile, 51 on
//! the junction, 52-56 the lane, 57 home), safe tiles, roads, toilets and
//! dice tiles, computed once from the parameters.

use crate::params::{Forward, PortalParams, Toilet};
use goti_engine::few::Few;
use goti_engine::piece::{Place, Player};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortalBoard {
    pub ring: u8,
    lower: bool,
    pub start: [u8; 4],
    pub lane: u8,
    safe: [u64; 4],
    dice: [u64; 4],
    /// Fork tile -> the other end of its road.
    fork: Vec<(u8, u8)>,
    pub toilets: Vec<Toilet>,
}

fn bit(set: &[u64; 4], t: u8) -> bool {
    set[t as usize / 64] & (1 << (t % 64)) != 0
}

impl PortalBoard {
    pub fn new(p: &PortalParams) -> PortalBoard {
        let b = &p.board;
        let mut safe = [0u64; 4];
        for &t in b.safe.iter().chain(b.starts.all().iter()) {
            safe[t as usize / 64] |= 1 << (t % 64);
        }
        let mut dice = [0u64; 4];
        for &t in &b.dice_tiles {
            dice[t as usize / 64] |= 1 << (t % 64);
        }
        let fork = b
            .roads
            .iter()
            .flat_map(|[a, c]| [(*a, *c), (*c, *a)])
            .collect();
        PortalBoard {
            ring: b.ring,
            lower: b.forward == Forward::Lower,
            start: b.starts.all(),
            lane: b.lane,
            safe,
            dice,
            fork,
            toilets: b.toilets.clone(),
        }
    }

    /// Forward steps from `p`'s start to ring tile `t`.
    pub fn distance(&self, p: Player, t: u8) -> i32 {
        let (s, t, r) = (self.start[p.index()] as i32, t as i32, self.ring as i32);
        if self.lower {
            (s - t).rem_euclid(r)
        } else {
            (t - s).rem_euclid(r)
        }
    }
    /// The ring tile one step Forward of `t` (`board.ring`).
    pub fn forward(&self, t: u8) -> u8 {
        match (self.lower, t) {
            (true, t) if t <= 1 => self.ring,
            (true, t) => t - 1,
            (false, t) if t >= self.ring => 1,
            (false, t) => t + 1,
        }
    }
    /// The places (and steps) of `p`'s route after step `s`, `v` of them,
    /// where `place` is step `s`: Forward tile by tile on the ring, then
    /// the lane and home, `None` past home.
    pub(crate) fn way(
        &self,
        p: Player,
        place: Place,
        s: i32,
        v: u8,
    ) -> Few<(Option<Place>, i32), 6> {
        let j = self.junction_step();
        let mut tile = match place {
            Place::Ring(t) => t,
            _ => 0,
        };
        let mut way = Few::new();
        for k in 1..=i32::from(v) {
            let at = s + k;
            if at <= j && tile != 0 {
                tile = self.forward(tile);
                way.push((Some(Place::Ring(tile)), at));
            } else {
                way.push((self.place_at(p, at), at));
            }
        }
        way
    }
    /// The junction's step (51 on the default board).
    pub fn junction_step(&self) -> i32 {
        self.ring as i32 - 1
    }
    /// Home's step (57 on the default board).
    pub fn home_step(&self) -> i32 {
        self.ring as i32 + self.lane as i32
    }
    /// Where step `s` of `p`'s route is.
    pub fn place_at(&self, p: Player, s: i32) -> Option<Place> {
        let j = self.junction_step();
        if (0..=j).contains(&s) {
            let start = self.start[p.index()] as i32;
            let r = self.ring as i32;
            let t = if self.lower {
                (start - 1 - s).rem_euclid(r) + 1
            } else {
                (start - 1 + s).rem_euclid(r) + 1
            };
            Some(Place::Ring(t as u8))
        } else if s > j && s < self.home_step() {
            Some(Place::HomePath((s - j) as u8))
        } else if s == self.home_step() {
            Some(Place::Home)
        } else {
            None
        }
    }
    /// The step of a place on `p`'s route (a toilet keeps its trigger's step).
    pub fn step_of(&self, p: Player, place: Place) -> i32 {
        match place {
            Place::Out => 0,
            Place::Ring(t) | Place::Aside { field: t, .. } => self.distance(p, t),
            Place::HomePath(k) => self.junction_step() + k as i32,
            Place::Home => self.home_step(),
        }
    }
    pub fn is_safe(&self, t: u8) -> bool {
        bit(&self.safe, t)
    }
    pub fn is_dice(&self, t: u8) -> bool {
        bit(&self.dice, t)
    }
    pub fn is_start(&self, t: u8) -> bool {
        self.start.contains(&t)
    }
    /// The other end of the road at fork tile `t`.
    pub fn fork(&self, t: u8) -> Option<u8> {
        self.fork.iter().find(|(a, _)| *a == t).map(|(_, c)| *c)
    }
    /// The toilet triggered at `t`, with its index.
    pub fn toilet(&self, t: u8) -> Option<(usize, Toilet)> {
        self.toilets
            .iter()
            .position(|x| x.trigger == t)
            .map(|i| (i, self.toilets[i]))
    }
    /// The step a road from the fork at step `s` (tile `t`) leads to, if any:
    /// the shorter way round, Forward or Backward.
    pub fn road_target(&self, s: i32, t: u8, other: u8) -> i32 {
        let r = self.ring as i32;
        let fwd = if self.lower {
            (t as i32 - other as i32).rem_euclid(r)
        } else {
            (other as i32 - t as i32).rem_euclid(r)
        };
        if fwd <= r / 2 {
            s + fwd
        } else {
            s - (r - fwd)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `way` walks tile by tile to what `place_at` computes for each step,
    /// on both directions of the board, from every place of every route.
    #[test]
    fn way_is_place_at_step_by_step() {
        let shipped = crate::params::shipped::<PortalParams>();
        let mut higher = shipped.clone();
        higher.board.forward = Forward::Higher;
        for b in [PortalBoard::new(&shipped), PortalBoard::new(&higher)] {
            for p in Player::ALL {
                for s in 0..=b.home_step() {
                    let place = b.place_at(p, s).expect("a step of the route");
                    for v in 1..=6u8 {
                        let want: Vec<_> = (1..=i32::from(v))
                            .map(|k| (b.place_at(p, s + k), s + k))
                            .collect();
                        assert_eq!(b.way(p, place, s, v).to_vec(), want, "{p} from {s} by {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn p1_route_matches_portal_md() {
        // PORTAL.md §2: for P1 dice tiles at steps 7, 20, 33, 46; toilets 10, 23, 36, 49.
        let b = PortalBoard::new(&crate::params::shipped::<PortalParams>());
        let p1 = Player::ALL[0];
        let steps = |ts: &[u8]| ts.iter().map(|&t| b.distance(p1, t)).collect::<Vec<_>>();
        assert_eq!(steps(&[45, 32, 19, 6]), vec![7, 20, 33, 46]);
        assert_eq!(steps(&[42, 29, 16, 3]), vec![10, 23, 36, 49]);
        assert_eq!(
            steps(&[44, 39, 31, 26, 18, 13, 5]),
            vec![8, 13, 21, 26, 34, 39, 47]
        );
        assert_eq!(b.place_at(p1, 0), Some(Place::Ring(52)));
        assert_eq!(b.place_at(p1, 51), Some(Place::Ring(1)));
        assert_eq!(b.place_at(p1, 52), Some(Place::HomePath(1)));
        assert_eq!(b.place_at(p1, 57), Some(Place::Home));
        assert_eq!(b.place_at(p1, 58), None);
        // Roads: 49 -> 37 is 12 Forward; 37 -> 49 is 12 Backward.
        assert_eq!(b.road_target(3, 49, 37), 15);
        assert_eq!(b.road_target(15, 37, 49), 3);
        assert_eq!(b.road_target(42, 10, 50), 54);
    }
}
