//! The end (PORTAL.md §7): the win, standings and tokens.

use super::*;
use goti_engine::event::{Sink, What};
use goti_engine::piece::{Place, Player};

impl Portal {
    pub(super) fn check_win<S: Sink>(&mut self, ev: &mut S) {
        let p = self.turn;
        // end.win: the first with all five pieces home wins at once.
        if self.home_count(p) < 5 {
            return;
        }
        let mut standings = self.standings_now();
        standings.retain(|&q| q != p);
        standings.insert(0, p);
        self.roll.left = 0;
        self.roll_again = false;
        self.event(ev, R::EndWin, || What::GameOver {
            standings: standings.clone(),
        });
        self.event(ev, R::EndStandings, || {
            What::Note("the others rank by pieces home, then steps, then player number")
        });
        // end.tokens: the winner is paid by table size.
        if self.ranked {
            let w = &self.rules.params.tokens.winner_paid;
            let paid = match self.players().count() {
                2 => w.duel,
                3 => w.three,
                _ => w.four,
            };
            self.tokens[p.index()] += paid;
            let list = self
                .players()
                .map(|q| (q, self.tokens[q.index()]))
                .collect();
            self.event(ev, R::EndTokens, || What::Tokens { tokens: list });
        }
        self.standings = Some(standings);
    }

    /// `end.standings`: pieces home, then steps of pieces not home, then number.
    pub fn standings_now(&self) -> Vec<Player> {
        let mut list: Vec<Player> = self.players().collect();
        list.sort_by_key(|&p| (std::cmp::Reverse(self.lead_key(p)), p));
        list
    }

    /// What ranks `p` (`end.standings`): pieces home, then steps of the
    /// pieces not home.
    pub fn lead_key(&self, p: Player) -> [i64; 2] {
        // One pass over the five pieces (read after every turn of self-play).
        let mut key = [0, 0];
        for x in &self.pieces[p.index()] {
            if x.place == Place::Home {
                key[0] += 1;
            } else {
                key[1] += x.steps as i64;
            }
        }
        key
    }

    /// Portal scores no points: pieces home and steps rank the players.
    pub fn points(&self, _: Player) -> Option<i64> {
        None
    }

    pub fn final_standings(&self) -> Option<&[Player]> {
        self.standings.as_deref()
    }

    pub fn home_count(&self, p: Player) -> usize {
        self.pieces[p.index()]
            .iter()
            .filter(|x| x.place == Place::Home)
            .count()
    }
}
