//! The words of `portal`'s scenarios: its pieces, places and the words only
//! it has, and the rules that decide problems the language finds.

use goti_engine::vocabulary::{Aside, Phrase, Vocabulary, Word};

use super::rule::PortalRule;

/// `P1 doubles 1`: doubles thrown in a row (`dice.doubles`).
pub const DOUBLES: Word = Word::Named("doubles");
/// `P1 G1 falls 42 2`: how often a piece fell into a toilet.
pub const FALLS: Word = Word::Named("falls");
/// `expect P1 tokens 1`: a player's tokens.
pub const TOKENS: Word = Word::Named("tokens");
/// `expect burned 5`: the die values burned this turn.
pub const BURNED: Word = Word::Named("burned");

/// `expect roll again`: the player to move has an extra roll due
/// (`dice.doubles`, `move.home-bonus`, `capture.bonus`).
pub const ROLL_AGAIN: Word = Word::Named("roll again");

/// `ranked`: a ranked game, played for tokens (`end.tokens`).
pub const RANKED: Word = Word::Named("ranked");

/// `enter G1`: a piece leaves base on a 6 (`enter.six`).
pub const ENTER: Word = Word::Named("enter");

/// How portal's own words are written.
const PHRASES: &[Phrase] = &[
    Phrase::action(ENTER, "enter G1").pieces(1, 1),
    Phrase::fact(DOUBLES, "P1 doubles 1").numbers(1, 1),
    Phrase::fact(FALLS, "P1 G1 falls 42 2")
        .pieces(1, 1)
        .numbers(2, 2),
    Phrase::check(TOKENS, "expect P1 tokens 1")
        .numbers(1, 1)
        .signed(),
    Phrase::check(BURNED, "expect burned 5")
        .no_player()
        .numbers(1, 2),
    Phrase::check(ROLL_AGAIN, "expect roll again").no_player(),
    Phrase::fact(RANKED, "ranked").no_player(),
];

/// What the scenario language says of portal.
pub const WORDS: Vocabulary = Vocabulary {
    name: "portal",
    pieces: 5,
    piece_word: "pieces",
    piece_list: "G1-G5",
    path_name: "lane",
    path_word: "lane",
    words: &[ENTER, RANKED, DOUBLES, FALLS, TOKENS, BURNED, ROLL_AGAIN],
    modes: &[],
    modes_rule: None,
    counts: &[],
    phrases: PHRASES,
    foreign_word_help:
        "portal has pieces G1-G5 in base, on the ring, on lane N, in toilets, or home",
    word_help: &[
        (
            Word::Named("home"),
            "portal's home stretch is its lane: `on lane N`",
        ),
        (
            // Royal's `exit`.
            Word::Named("exit"),
            "portal pieces leave base with `enter G1` on a 6",
        ),
    ],
    turn_help: "the turn passes when a roll's values are played or burned",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in base",
    path_phrase: "on lane",
    path_help: "`home` alone means the piece is home",
    aside: Some(Aside {
        phrase: "in toilet",
        spots: &["pit", "W1", "W2", "W3"],
    }),
    six_sided: true,
    moves_need_rolls: true,
    next_turn: None,
    pieces_alike: &[ENTER],
    forward_only: None,
    end_rule: PortalRule::EndWin.id(),
    players_rule: PortalRule::TablePlayers.id(),
    pieces_rule: PortalRule::TablePieces.id(),
    ring_rule: PortalRule::BoardRing.id(),
    path_rule: PortalRule::BoardLane.id(),
    named_twice_rule: PortalRule::DiceLargerFirst.id(),
    roll_values_rule: PortalRule::DiceTwo.id(),
};
