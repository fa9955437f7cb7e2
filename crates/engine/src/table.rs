//! The table (`table.players` of every game): which seats are taken and
//! whose turn comes next (the set-up checks of the players are in
//! `setup.rs`).

use super::event::{Event, Rejection};
use super::piece::{ByPlayer, Player};

/// The seats taken, P1-P4.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table(ByPlayer<bool>);

impl Table {
    pub fn new(players: &[Player]) -> Table {
        let mut seats = ByPlayer::default();
        for &p in players {
            seats[p] = true;
        }
        Table(seats)
    }

    pub fn has(&self, p: Player) -> bool {
        self.0[p]
    }

    pub fn len(&self) -> usize {
        self.0 .0.iter().filter(|&&b| b).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The players at the table, P1 first.
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        Player::ALL.into_iter().filter(|&p| self.has(p))
    }

    /// The player whose turn follows `p`'s: turns go P1->P4, skipping absent
    /// seats (`table.players`).
    pub fn next_after(&self, p: Player) -> Player {
        (1..=4)
            .map(|i| Player::ALL[(p.index() + i) % 4])
            .find(|&q| self.has(q))
            .unwrap_or_else(|| unreachable!("a table has at least two players"))
    }
}

/// Applies `change` to a copy of `pos`: the new position, or the rejection
/// with `pos` untouched and `events` as they were.
pub fn transact<G: Clone>(
    pos: &G,
    events: &mut Vec<Event>,
    change: impl FnOnce(&mut G, &mut Vec<Event>) -> Result<(), Rejection>,
) -> Result<G, Rejection> {
    let mut next = pos.clone();
    let mark = events.len();
    match change(&mut next, events) {
        Ok(()) => Ok(next),
        Err(r) => {
            events.truncate(mark);
            Err(r)
        }
    }
}
