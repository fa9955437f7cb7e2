//! The words of the toy race's scenarios: only words every game has.

use goti_engine::vocabulary::Vocabulary;

use super::rule::ToyRule;

/// What the scenario language says of the toy race.
pub const WORDS: Vocabulary = Vocabulary {
    name: "toy",
    pieces: 1,
    piece_word: "pieces",
    piece_list: "G1",
    path_name: "home path",
    path_word: "home",
    words: &[],
    foreign_word_help: "the toy race has one piece G1 a player, in the yard, on a tile, or home",
    word_help: &[],
    turn_help: "the turn passes after every move",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in yard",
    path_phrase: "on home",
    path_help: "the toy race has no home path",
    six_sided: true,
    moves_need_rolls: true,
    bare_enter: false,
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
