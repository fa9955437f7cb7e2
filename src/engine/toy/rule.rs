//! The rule catalogue of the toy race (the seam's test game).

use std::fmt;

use crate::engine::rule::{rule_catalogue, RuleId, RuleInfo};

rule_catalogue! {
    /// Every rule of the toy race.
    ToyRule {
    TablePlayers => "toy.table", "2-4 players, each with one piece G1 that starts in the yard";
    MoveValue => "toy.move", "a move of 1-6 takes G1 that many tiles forward; from the yard it lands on that tile";
    Home => "toy.home", "moving past the last tile brings the piece home";
    Turn => "toy.turn", "the turn passes after every move";
    End => "toy.end", "the first piece home wins; the game is over";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_toy_rule_is_cited_in_its_folder() {
        let uncited = crate::engine::rule::uncited("src/engine/toy", ToyRule::CATALOGUE);
        assert!(uncited.is_empty(), "uncited: {uncited:?}");
    }
}
