//! The words of the toy race's scenarios: the words every game has, and
//! its own `boost`, which the grammar does not know.

use goti_engine::vocabulary::{Phrase, Vocabulary, Word};

use super::rule::ToyRule;

/// `boost G1` (an action), `P1 boost 1` (a set-up fact and an
/// expectation): the toy's own word (`toy.boost`).
pub const BOOST: Word = Word::Named("boost");

/// How the toy's own word is written.
const PHRASES: &[Phrase] = &[
    Phrase::fact(BOOST, "P1 boost 1").numbers(1, 1),
    Phrase::action(BOOST, "boost G1").pieces(0, 255),
    Phrase::check(BOOST, "expect P1 boost 1").numbers(1, 1),
];

/// What the scenario language says of the toy race.
pub const WORDS: Vocabulary = Vocabulary {
    name: "toy",
    pieces: 1,
    piece_word: "pieces",
    piece_list: "G1",
    path_name: "home path",
    path_word: "home",
    words: &[BOOST],
    modes: &[],
    modes_rule: None,
    counts: &[],
    phrases: PHRASES,
    foreign_word_help: "the toy race has one piece G1 a player, in the yard, on a tile, or home",
    word_help: &[],
    turn_help: "the turn passes after every move",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in yard",
    path_phrase: "on home",
    path_help: "the toy race has no home path",
    aside: None,
    six_sided: true,
    moves_need_rolls: true,
    next_turn: None,
    pieces_alike: &[],
    forward_only: Some(ToyRule::MoveValue.id()),
    end_rule: ToyRule::End.id(),
    players_rule: ToyRule::TablePlayers.id(),
    pieces_rule: ToyRule::TablePlayers.id(),
    ring_rule: ToyRule::MoveValue.id(),
    path_rule: ToyRule::Home.id(),
    named_twice_rule: ToyRule::MoveValue.id(),
    roll_values_rule: ToyRule::MoveValue.id(),
};
