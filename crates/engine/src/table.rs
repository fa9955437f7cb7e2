//! The table (`table.players` of every game): which seats are taken, whose
//! turn comes next, and the set-up checks every game makes of its players.

use super::event::{Event, Rejection};
use super::game::Vocabulary;
use super::piece::{ByPlayer, Player};
use super::rule::RuleId;
use super::setup::{Setup, SetupError, SetupPart};

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

    /// The table of a set-up: 2-4 players (the game's `players_rule`),
    /// every problem added to `errors`.
    pub fn of_setup(setup: &Setup, words: &Vocabulary, errors: &mut Vec<SetupError>) -> Table {
        let (game, rule) = (words.name, words.players_rule);
        let table = Table::new(&setup.players);
        let count = table.len();
        if count < 2 {
            // Name who is there and who is missing: the lowest-numbered
            // player not at the table (P1 when only P2 is named).
            let (message, help) = match table.players().next() {
                None => (
                    format!("{game} is played by 2-4 players; this setup names none"),
                    "write `players 2` (P1 and P2), or place a piece of each of two players"
                        .to_string(),
                ),
                Some(only) => {
                    let missing = Player::ALL.into_iter().find(|&p| p != only).unwrap_or(only);
                    (
                        format!("{game} is played by 2-4 players; this setup names only {only}"),
                        format!(
                            "add {missing}: place a piece of {missing}, or write `players 2` (P1 and P2)"
                        ),
                    )
                }
            };
            errors.push(SetupError {
                rule,
                part: SetupPart::Players,
                message,
                help: Some(help),
            });
        }
        table
    }

    /// The player to move of a set-up: the one it names, else the
    /// lowest-numbered player at the table.
    pub fn turn_of_setup(
        &self,
        setup: &Setup,
        rule: RuleId,
        errors: &mut Vec<SetupError>,
    ) -> Player {
        match setup.turn {
            Some(t) if !self.has(t) => {
                errors.push(SetupError {
                    rule,
                    part: SetupPart::Turn,
                    message: format!("{t} is not at the table"),
                    help: Some(format!("add {t} to the `players` line")),
                });
                Player::ALL[0]
            }
            Some(t) => t,
            None => self.players().next().unwrap_or(Player::ALL[0]),
        }
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
pub(crate) fn transact<G: Clone>(
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
