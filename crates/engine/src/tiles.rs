//! `Tiles`: a set of ring tiles as bits (rings up to 255 tiles), for the
//! look-ups a move makes at every tile (royal's opponents ahead, portal's
//! occupied tiles) without scanning every piece each time.

use super::piece::Place;

/// Ring tiles, as a bit set.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiles([u64; 4]);

impl Tiles {
    /// Whether `to` is a ring tile of the set (no other place is).
    pub fn has(&self, to: Place) -> bool {
        match to {
            Place::Ring(t) => self.has_tile(t),
            _ => false,
        }
    }
    pub fn has_tile(&self, t: u8) -> bool {
        self.0[t as usize / 64] & (1 << (t % 64)) != 0
    }
    pub fn put(&mut self, t: u8) {
        self.0[t as usize / 64] |= 1 << (t % 64);
    }
    /// Adds every tile of `other`.
    pub fn add_all(&mut self, other: Tiles) {
        for (all, here) in self.0.iter_mut().zip(other.0) {
            *all |= here;
        }
    }
}
