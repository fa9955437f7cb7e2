//! The rule catalogue of the toy race (the seam's test game).

use goti_engine::rule_catalogue;

rule_catalogue! {
    /// Every rule of the toy race.
    ToyRule {
    TablePlayers => "toy.table", "2-4 players, each with one piece G1 that starts in the yard";
    MoveValue => "toy.move", "a move of 1-6 takes G1 that many tiles forward; from the yard it lands on that tile";
    Home => "toy.home", "moving past the last tile brings the piece home";
    Turn => "toy.turn", "the turn passes after every move";
    Boost => "toy.boost", "each player holds `boosts` boosts; `boost G1` spends one and takes G1 two tiles forward, as a move of 2";
    End => "toy.end", "the first piece home wins; the game is over";
    }
}
