//! The words of `race`'s scenarios: its pieces, places and the words only
//! it has, and the rules that decide problems the language finds.

use goti_engine::vocabulary::{Phrase, Vocabulary, Word};

use super::rule::RaceRule;

/// `expect returns 3 -1 -1 -1`: what each player is paid at the end.
pub const RETURNS: Word = Word::Named("returns");

/// `enter`: a piece comes in from base (`enter G1` names which).
pub const ENTER: Word = Word::Named("enter");

/// `seats opposite`, `seats side`: where two players sit (`table.seats`).
pub const SEATS_OPPOSITE: Word = Word::Named("seats opposite");
pub const SEATS_SIDE: Word = Word::Named("seats side");

/// `pass`: the player ends the turn when no action is legal (the
/// language's `next turn`, written in race's word).
pub const PASS: Word = Word::Named("pass");

/// How race's own words are written.
const PHRASES: &[Phrase] = &[
    Phrase::action(ENTER, "enter").pieces(0, 1).numbers(0, 1),
    Phrase::action(PASS, "pass"),
    Phrase::fact(SEATS_OPPOSITE, "seats opposite").no_player(),
    Phrase::fact(SEATS_SIDE, "seats side").no_player(),
    Phrase::check(RETURNS, "expect returns 3 -1 -1 -1")
        .no_player()
        .numbers(1, 255)
        .signed(),
];

/// What the scenario language says of race.
pub const WORDS: Vocabulary = Vocabulary {
    name: "race",
    pieces: 4,
    piece_word: "pieces",
    piece_list: "G1-G4",
    path_name: "home",
    path_word: "goal",
    words: &[ENTER, SEATS_OPPOSITE, SEATS_SIDE, PASS, RETURNS],
    modes: &[],
    modes_rule: None,
    counts: &[],
    phrases: PHRASES,
    foreign_word_help:
        "race has pieces G1-G4 in base, on fields from 0, or `in goal N` (home field N)",
    word_help: &[
        (
            Word::Named("home"),
            "race's home fields are written `in goal N`",
        ),
        // Royal's `exit`.
        (
            Word::Named("exit"),
            "race pieces come in with `enter` on a value of `enter.values`",
        ),
        (
            Word::Named("lane"),
            "race's home fields are written `in goal N`",
        ),
    ],
    turn_help: "the turn passes after an action, unless the value throws again",
    first_field: 0,
    tile_word: "field",
    yard_phrase: "in base",
    path_phrase: "in goal",
    path_help: "race's home fields are numbered from 1 to `board.home`",
    aside: None,
    six_sided: false,
    moves_need_rolls: false,
    next_turn: Some(PASS),
    pieces_alike: &[ENTER],
    forward_only: Some(RaceRule::MoveFree.id()),
    end_rule: RaceRule::EndWin.id(),
    players_rule: RaceRule::TablePlayers.id(),
    pieces_rule: RaceRule::TablePlayers.id(),
    ring_rule: RaceRule::BoardRing.id(),
    path_rule: RaceRule::BoardHome.id(),
    named_twice_rule: RaceRule::DiceThrow.id(),
    roll_values_rule: RaceRule::DiceThrow.id(),
};
