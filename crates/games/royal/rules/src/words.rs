//! The words of `royal`'s scenarios: its pieces, places and the words only
//! it has, and the rules that decide problems the language finds.

use goti_engine::vocabulary::{Vocabulary, Word};

use super::rule::RoyalRule;

/// What the scenario language says of royal.
pub const WORDS: Vocabulary = Vocabulary {
    name: "royal",
    pieces: 4,
    piece_word: "guards",
    piece_list: "G1, G2, G3, G4 or king",
    path_name: "Home path",
    path_word: "home",
    words: &[
        Word::King,
        Word::GroupCount,
        Word::Midpoint,
        Word::Store,
        Word::Credits,
        Word::Battle,
        Word::FirstTurn,
        Word::Mode,
        Word::Exit,
        Word::HomePathTile,
        Word::Progress,
        Word::Score,
        // end.finish: the standings once the game is over.
        Word::Standings,
    ],
    // Empty: the help names the game that has the word (`rules portal`).
    foreign_word_help: "",
    word_help: &[(Word::Enter, "royal guards leave the Yard with `exit G1`")],
    turn_help: "write `next turn` to pass the turn on",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in yard",
    path_phrase: "on home",
    path_help: "`home` alone means the piece is home",
    six_sided: true,
    moves_need_rolls: true,
    bare_enter: false,
    pieces_alike: &[],
    forward_only: None,
    end_rule: RoyalRule::EndFinish.id(),
    players_rule: RoyalRule::TablePlayers.id(),
    pieces_rule: RoyalRule::TablePieces.id(),
    ring_rule: RoyalRule::BoardRing.id(),
    path_rule: RoyalRule::BoardHomePath.id(),
    named_twice_rule: RoyalRule::MoveChoice.id(),
    roll_values_rule: RoyalRule::RollValues.id(),
};
