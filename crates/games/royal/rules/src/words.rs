//! The words of `royal`'s scenarios: its pieces, places and the words only
//! it has, and the rules that decide problems the language finds.

use goti_engine::vocabulary::{Mode, Phrase, Vocabulary, Word};

use super::rule::RoyalRule;

/// `P1 battle 20`: battle points (`points.battle`).
pub const BATTLE: Word = Word::Named("battle");
/// `P1 credits 2`: exit credits (`exit.credit`).
pub const CREDITS: Word = Word::Named("credits");
/// `expect P1 progress 12`: progress points (`points.progress`).
pub const PROGRESS: Word = Word::Named("progress");
/// `expect P1 score 30`: battle and progress points together.
pub const SCORE: Word = Word::Named("score");

/// `P1 store 3 5`, `P1 store empty`: the rolls a player's roll store
/// holds (`roll.store`).
pub const STORE: Word = Word::Named("store");
/// `P1 first turn`: the player has not yet had a turn (`grace.first-turn`).
pub const FIRST_TURN: Word = Word::Named("first turn");

/// `table.modes`: royal's modes (`mode clash`, `rules royal clash`), in
/// the order [`Mode`] numbers them.
pub const MODES: &[&str] = &["journey", "clash"];
/// Journey mode: progress counts more (`table.modes`).
pub const JOURNEY: Mode = Mode::nth(0);
/// Clash mode: battle counts more (`table.modes`).
pub const CLASH: Mode = Mode::nth(1);

/// `exit G1 G2`: guards leave the Yard on exit credits (`exit.credit`).
pub const EXIT: Word = Word::Named("exit");

/// How royal's own words are written.
const PHRASES: &[Phrase] = &[
    Phrase::action(EXIT, "exit G1").pieces(1, 255),
    Phrase::fact(STORE, "P1 store 3 5").numbers(1, 255),
    Phrase::fact(STORE, "P1 store empty").empty(),
    Phrase::check(STORE, "expect P1 store 3 5").numbers(1, 255),
    Phrase::check(STORE, "expect P1 store empty").empty(),
    Phrase::fact(FIRST_TURN, "P1 first turn"),
    Phrase::fact(CREDITS, "P1 credits 2").numbers(1, 1),
    Phrase::check(CREDITS, "expect P1 credits 2").numbers(1, 1),
    Phrase::fact(BATTLE, "P1 battle 20").numbers(1, 1).signed(),
    Phrase::check(BATTLE, "expect P1 battle 20")
        .numbers(1, 1)
        .signed(),
    Phrase::check(PROGRESS, "expect P1 progress 12")
        .numbers(1, 1)
        .signed(),
    Phrase::check(SCORE, "expect P1 score 30")
        .numbers(1, 1)
        .signed(),
];

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
        Word::Midpoint,
        STORE,
        CREDITS,
        BATTLE,
        FIRST_TURN,
        EXIT,
        PROGRESS,
        SCORE,
    ],
    modes: MODES,
    modes_rule: Some(RoyalRule::TableModes.id()),
    counts: &["solo", "pair", "trio", "quad"],
    phrases: PHRASES,
    // Empty: the help names the game that has the word (`rules portal`).
    foreign_word_help: "",
    word_help: &[(
        // Portal's and maedn's `enter`.
        Word::Named("enter"),
        "royal guards leave the Yard with `exit G1`",
    )],
    turn_help: "write `next turn` to pass the turn on",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in yard",
    path_phrase: "on home",
    path_help: "`home` alone means the piece is home",
    aside: None,
    six_sided: true,
    moves_need_rolls: true,
    next_turn: None,
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
