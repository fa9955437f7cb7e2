//! An unvalidated description of a mid-game position (what a scenario's
//! setup lines say), turned into a [`Royal`](super::Royal) by validation.

use super::piece::{PieceId, Place, Player};
use super::rule::RuleId;
use super::table::Table;
use super::vocabulary::{Mode, Vocabulary, Word};

/// One piece put somewhere by the setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub player: Player,
    pub piece: PieceId,
    pub place: Place,
    /// `past midpoint` (true) / `before midpoint` (false); `None` derives it.
    pub midpoint: Option<bool>,
    /// `steps N`; `None` derives it from the place.
    pub steps: Option<i32>,
}

/// A fact a setup states in a word of one game's own (`P1 store 3 5`,
/// `P1 credits 2`, `P2 doubles 1`, `P1 G2 falls 42 2`, `ranked`, `seats
/// opposite`): the word (from the vocabulary that allowed it), the player
/// and piece it names, and its numbers (`seats opposite` is 1, `seats side`
/// 0). The game whose vocabulary has the word reads it; no other layer does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupFact {
    pub word: Word,
    pub player: Option<Player>,
    /// A numbered piece (`G2` is 2).
    pub piece: Option<u8>,
    pub numbers: Vec<i64>,
}

impl SetupFact {
    /// A word with numbers of a player (`P1 store 3 5`, `P1 first turn`).
    pub fn of(word: Word, player: Player, numbers: Vec<i64>) -> SetupFact {
        SetupFact {
            word,
            player: Some(player),
            piece: None,
            numbers,
        }
    }
    /// A word of the whole table (`ranked`, `seats opposite`).
    pub fn plain(word: Word, numbers: Vec<i64>) -> SetupFact {
        SetupFact {
            word,
            player: None,
            piece: None,
            numbers,
        }
    }
}

/// Everything a setup may say; nothing here is checked yet. Every word of
/// one game's is a [`SetupFact`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    pub players: Vec<Player>,
    pub placements: Vec<Placement>,
    pub turn: Option<Player>,
    /// The mode the game is played in (`mode clash`; the first where none
    /// is said). Only a game that has modes reads it.
    pub mode: Mode,
    /// The facts in one game's words, in the order written.
    pub facts: Vec<SetupFact>,
}

/// The part of a setup an error is about, so a front end can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupPart {
    Players,
    Placement(usize),
    Turn,
    /// Its place in `Setup::facts`.
    Fact(usize),
}

/// A setup that no position matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub rule: RuleId,
    pub part: SetupPart,
    pub message: String,
    pub help: Option<String>,
}

impl std::fmt::Display for SetupError {
    /// Its message (the rule and the part are the caller's to show).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}

/// A placement that passed the checks every game makes of it.
#[derive(Clone, Copy, Debug)]
pub struct Checked<'a> {
    /// Its place in `Setup::placements` (the part an error points at).
    pub index: usize,
    pub placement: &'a Placement,
    /// The piece's slot: G1 is 0, ...; the King after the guards.
    pub slot: usize,
}

/// What a game's set-up checks need of its rules: pieces per player (the
/// King aside), the ring's length, and the Home path's (lane's, goal's);
/// and the most players a table seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizes {
    pub pieces: u8,
    pub ring: u8,
    pub path: u8,
    /// The most players a table of these rules seats (P1-P4, unless the
    /// board has fewer seats: race's `board.starts`).
    pub players: u8,
}

impl Sizes {
    pub const fn new(pieces: u8, ring: u8, path: u8) -> Sizes {
        Sizes {
            pieces,
            ring,
            path,
            players: Player::ALL.len() as u8,
        }
    }
    /// These sizes at a board of `players` seats.
    pub const fn seating(self, players: u8) -> Sizes {
        Sizes { players, ..self }
    }
}

impl Setup {
    /// The facts in `word`, each with its place in `facts`.
    pub fn facts_in(&self, word: Word) -> impl Iterator<Item = (usize, &SetupFact)> {
        self.facts
            .iter()
            .enumerate()
            .filter(move |(_, f)| f.word == word)
    }

    /// The last fact in `word` of `player` (a later statement overrides an
    /// earlier one), with its place in `facts`.
    pub fn fact(&self, word: Word, player: Option<Player>) -> Option<(usize, &SetupFact)> {
        self.facts_in(word)
            .filter(|(_, f)| f.player == player)
            .last()
    }

    /// The last fact in any of `words` (a later statement overrides an
    /// earlier one: `seats side` after `seats opposite`), with its place.
    pub fn last_of(&self, words: &[Word]) -> Option<(usize, &SetupFact)> {
        self.facts
            .iter()
            .enumerate()
            .rfind(|(_, f)| words.contains(&f.word))
    }

    /// Whether the setup states `word` at all (`ranked`).
    pub fn states(&self, word: Word) -> bool {
        self.facts_in(word).next().is_some()
    }

    /// The set-up checks every game makes of a placement, in this order: the
    /// player is at the table (`players_rule`), the piece is one the game has
    /// and is placed once (`pieces_rule`), a ring place is on the ring
    /// (`ring_rule`), a Home path place on the path (`path_rule`). Every
    /// problem goes to `errors`; the placements that pass are returned for
    /// the game's own checks.
    pub fn checked_placements(
        &self,
        table: &Table,
        words: &Vocabulary,
        size: Sizes,
        errors: &mut Vec<SetupError>,
    ) -> Vec<Checked<'_>> {
        let mut seen = [[false; 8]; 4];
        let mut out = Vec::new();
        let fields = words.fields(size.ring);
        for (index, pl) in self.placements.iter().enumerate() {
            let mut err = |rule: RuleId, message: String, help: Option<String>| {
                errors.push(SetupError {
                    rule,
                    part: SetupPart::Placement(index),
                    message,
                    help,
                })
            };
            let p = pl.player;
            if !table.has(p) {
                err(
                    words.players_rule,
                    format!("{p} is not at the table"),
                    Some(format!("add {p} to the `players` line")),
                );
                continue;
            }
            let slot = match pl.piece {
                PieceId::Numbered(n) if (1..=size.pieces).contains(&n) => n as usize - 1,
                PieceId::King if words.allows(Word::King) => size.pieces as usize,
                other => {
                    let list = if size.pieces == words.pieces {
                        words.piece_list.to_string()
                    } else {
                        format!("G1-G{}", size.pieces)
                    };
                    err(
                        words.pieces_rule,
                        format!(
                            "{} has {} G1-G{}; there is no {other}",
                            words.name, words.piece_word, size.pieces
                        ),
                        Some(format!("use {list}")),
                    );
                    continue;
                }
            };
            if std::mem::replace(&mut seen[p.index()][slot], true) {
                let help = match words.counts {
                    [] => "place each piece once".to_string(),
                    counts => format!(
                        "place each piece once; {} take the next unnamed {}",
                        counts.join("/"),
                        words.piece_word
                    ),
                };
                err(
                    words.pieces_rule,
                    format!("{p} {} is placed twice", pl.piece),
                    Some(help),
                );
                continue;
            }
            match pl.place {
                Place::Ring(t) if !fields.contains(&(t as i64)) => {
                    err(
                        words.ring_rule,
                        format!(
                            "{} {t} is off the ring ({}-{})",
                            words.tile_word,
                            fields.start(),
                            fields.end()
                        ),
                        None,
                    );
                    continue;
                }
                Place::HomePath(k) if k == 0 || k > size.path => {
                    err(
                        words.path_rule,
                        format!(
                            "the {} has {}s 1-{}; there is no {} {k}",
                            words.path_name, words.tile_word, size.path, words.path_word
                        ),
                        None,
                    );
                    continue;
                }
                _ => {}
            }
            out.push(Checked {
                index,
                placement: pl,
                slot,
            });
        }
        out
    }
}

/// The set-up checks every game makes of its players.
impl Table {
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
}
