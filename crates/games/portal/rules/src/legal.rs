//! Legal actions (PORTAL.md §8): while a value is due, one action per piece
//! on the board that can play it and one `enter` on a 6 whichever piece in
//! base would be named; where the dice are thrown next, nothing to choose.

use super::*;
use crate::Action;
use goti_engine::legal::{Ply, Unlisted};

impl Portal {
    /// PORTAL.md §8: a throw (21 unordered pairs, a double once), the
    /// player's choice while a value is due, or the game over.
    pub fn ply(&self) -> Ply {
        if self.standings.is_some() {
            Ply::Over
        } else if self.roll.due().is_none() {
            let mut throws = Vec::with_capacity(21);
            for a in 1..=6u8 {
                for b in 1..=a {
                    throws.push(Action::Roll(vec![a, b]));
                }
            }
            Ply::Chance(throws.into())
        } else {
            Ply::Choice
        }
    }

    /// Every action a player could name: `enter Gk` and `move Gk v` for
    /// every piece and every value 1-6 (not only the due one), `next turn`
    /// (the brute force of the listing).
    pub fn legal_candidates(&self) -> Option<Vec<Action>> {
        let bare_enter = Action::own(super::words::ENTER, Vec::new());
        let mut out = vec![Action::NextTurn, bare_enter];
        for g in 1..=5u8 {
            out.push(enter::enter_action(PieceId::Numbered(g)));
            for v in 1..=6u8 {
                out.push(Action::Move(crate::MoveOrder {
                    clauses: vec![crate::MoveClause {
                        piece: PieceId::Numbered(g),
                        rolls: vec![v],
                        direction: crate::Direction::Forward,
                    }],
                }));
            }
        }
        Some(out)
    }

    /// Perft applies each throw (no count of the moves after it without one).
    pub fn leaves_after_throw(&self) -> Option<u64> {
        None
    }

    /// An action in the rulebook's normal form, as scenario syntax.
    pub fn action_text(&self, a: &Action) -> String {
        goti_engine::legal::normal_text(a, <Self as crate::Game>::VOCABULARY)
    }

    /// The candidates are few and all tried ([`Self::legal_candidates`]):
    /// the first `n` of them, whatever the seed.
    pub fn legal_sample(&self, _seed: u64, n: usize) -> Vec<Action> {
        goti_engine::legal::first_candidates(self, n)
    }

    /// The legal actions' number (the listing's length).
    pub fn legal_count(&self, limit: usize) -> Result<u64, goti_engine::legal::Unlisted> {
        goti_engine::legal::count_of_listing(self, limit)
    }

    /// PORTAL.md §8, in normal form: `enter` counted once (pieces in base
    /// are interchangeable; the lowest-numbered is the one named), then a
    /// move of each piece that can play the due value.
    pub fn legal_list(&self, limit: usize) -> Result<Vec<Action>, Unlisted> {
        let mut out = Vec::new();
        let mut entered = false;
        for a in self.legal_actions() {
            if enter::entering(&a).is_some() {
                if entered {
                    continue;
                }
                entered = true;
            }
            out.push(a);
        }
        // `enter` first, as the rulebook lists it.
        out.sort_by_key(|a| enter::entering(a).is_none());
        if out.len() > limit {
            return Err(Unlisted::TooMany { limit });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listing_is_what_the_rules_accept_on_random_walks() {
        let rules = PortalRules::new(crate::params::shipped::<crate::params::PortalParams>());
        let mut compared = goti_engine::legal::Compared::default();
        for players in [2, 4] {
            let start = Portal::new_game(rules.clone(), &Player::ALL[..players], false).unwrap();
            for seed in 0..30 {
                compared += goti_engine::legal::walk_and_compare(&start, 600, seed)
                    .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            }
        }
        assert!(compared.nodes > 5000, "{compared:?}");
    }
}
