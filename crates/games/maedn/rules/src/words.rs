//! The words of `maedn`'s scenarios: its pieces, places and the words only
//! it has, and the rules that decide problems the language finds.

use goti_engine::vocabulary::{Phrase, Vocabulary, Word};

use super::rule::MaednRule;

/// `expect returns 3 -1 -1 -1`: what each player is paid at the end.
pub const RETURNS: Word = Word::Named("returns");

/// `enter`: a piece comes in from base on a 6 (`enter G1` names which).
pub const ENTER: Word = Word::Named("enter");

/// `seats opposite`, `seats side`: where two players sit (`table.seats`).
pub const SEATS_OPPOSITE: Word = Word::Named("seats opposite");
pub const SEATS_SIDE: Word = Word::Named("seats side");

/// `pass`: the player ends the turn when no action is legal (the
/// language's `next turn`, written in maedn's word).
pub const PASS: Word = Word::Named("pass");

/// How maedn's own words are written.
const PHRASES: &[Phrase] = &[
    Phrase::action(ENTER, "enter").pieces(0, 1),
    Phrase::action(PASS, "pass"),
    Phrase::fact(SEATS_OPPOSITE, "seats opposite").no_player(),
    Phrase::fact(SEATS_SIDE, "seats side").no_player(),
    Phrase::check(RETURNS, "expect returns 3 -1 -1 -1")
        .no_player()
        .numbers(1, 255)
        .signed(),
];

/// What the scenario language says of maedn.
pub const WORDS: Vocabulary = Vocabulary {
    name: "maedn",
    pieces: 4,
    piece_word: "pieces",
    piece_list: "G1-G4",
    path_name: "goal",
    path_word: "goal",
    words: &[ENTER, SEATS_OPPOSITE, SEATS_SIDE, PASS, RETURNS],
    modes: &[],
    modes_rule: None,
    counts: &[],
    phrases: PHRASES,
    foreign_word_help: "maedn has pieces G1-G4 in base, on fields 0-39, or `in goal N`",
    word_help: &[
        (
            Word::Named("home"),
            "maedn's goal fields are written `in goal N`",
        ),
        // Royal's `exit`.
        (
            Word::Named("exit"),
            "maedn pieces come in with `enter` on a 6",
        ),
        (
            Word::Named("lane"),
            "maedn's goal fields are written `in goal N`",
        ),
    ],
    turn_help: "the turn passes after an action, unless the die showed a 6",
    first_field: 0,
    tile_word: "field",
    yard_phrase: "in base",
    path_phrase: "in goal",
    path_help: "maedn's goal fields are 1-4",
    aside: None,
    six_sided: false,
    moves_need_rolls: false,
    next_turn: Some(PASS),
    pieces_alike: &[ENTER],
    forward_only: Some(MaednRule::MoveFree.id()),
    end_rule: MaednRule::EndWin.id(),
    players_rule: MaednRule::TablePlayers.id(),
    pieces_rule: MaednRule::TablePlayers.id(),
    ring_rule: MaednRule::BoardRing.id(),
    path_rule: MaednRule::BoardGoal.id(),
    named_twice_rule: MaednRule::DiceOne.id(),
    roll_values_rule: MaednRule::DiceOne.id(),
};
