//! The roll store (`roll.persist`): a multiset of rolls 1-6, kept as counts
//! so a position copies without allocating.

/// Rolls waiting to be spent. A `free` store was never set or dealt by a
/// scenario and accepts any rolls 1-6 (scenario conventions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Store {
    counts: [u8; 7],
    len: u8,
    free: bool,
}

impl Store {
    pub fn free() -> Store {
        Store {
            free: true,
            ..Store::default()
        }
    }
    pub fn from_rolls(rolls: &[u8]) -> Store {
        let mut s = Store::default();
        for &r in rolls {
            s.add(r);
        }
        s
    }
    pub fn is_free(&self) -> bool {
        self.free
    }
    /// Once set or dealt, rolls given must be in the store.
    pub fn make_set(&mut self) {
        self.free = false;
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn add(&mut self, roll: u8) {
        if (1..=6).contains(&roll) {
            self.counts[roll as usize] += 1;
            self.len += 1;
        }
    }
    pub fn count(&self, roll: u8) -> u8 {
        self.counts.get(roll as usize).copied().unwrap_or(0)
    }
    /// Whether every roll of `rolls` (as a multiset) is here.
    pub fn contains_all(&self, rolls: &[u8]) -> bool {
        let mut need = [0u8; 7];
        for &r in rolls {
            if !(1..=6).contains(&r) {
                return false;
            }
            need[r as usize] += 1;
        }
        (1..=6).all(|v| need[v] <= self.counts[v])
    }
    /// Removes each roll once (callers check `contains_all` first).
    pub fn spend(&mut self, rolls: &[u8]) {
        for &r in rolls {
            if (1..=6).contains(&r) && self.counts[r as usize] > 0 {
                self.counts[r as usize] -= 1;
                self.len -= 1;
            }
        }
    }
    pub fn clear(&mut self) {
        *self = Store::default();
    }
    /// The `i`th of the rolls in ascending order, without listing them.
    pub fn nth(&self, mut i: usize) -> Option<u8> {
        for v in 1..=6u8 {
            let n = self.counts[v as usize] as usize;
            if i < n {
                return Some(v);
            }
            i -= n;
        }
        None
    }
    /// The rolls in ascending order.
    pub fn rolls(&self) -> Vec<u8> {
        (1..=6u8)
            .flat_map(|v| std::iter::repeat_n(v, self.counts[v as usize] as usize))
            .collect()
    }
}
