//! The end (ROYAL.md §9): standings and the winner.

use super::*;
use goti_engine::piece::Player;

impl Royal {
    /// The standings once the game is over (`end.finish`).
    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }

    /// Standings now: score, then guards Home, then lower player number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        list.sort_by_key(|&p| (std::cmp::Reverse(self.lead_key(p)), p));
        list
    }

    /// What ranks `p` (`end.finish`): score, then guards Home.
    pub fn lead_key(&self, p: Player) -> [i64; 2] {
        [self.score(p), self.seat(p).guards_home() as i64]
    }
}
