//! Planted faults (for tests only, hidden from the docs): a wrapper around
//! maedn's position that passes every call through except the legal
//! actions, which it gets wrong in a chosen way. goti's checks of the
//! generator (`legal::walk_and_compare`, `cargo xtask legal`) and `goti
//! lint` must each find every fault; the unplanted wrapper must pass.

use std::sync::Arc;

use crate::params::MaednParams;
use crate::{
    Action, Event, Game, Maedn, MaednRules, Piece, PieceId, Place, Player, Rejection, RuleInfo,
    Setup, SetupError, Sink, Sizes, Violation, Vocabulary,
};
use goti_engine::legal::{Ply, Unlisted};

/// Which fault to plant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// None: the wrapper is maedn itself (the comparison must pass).
    None,
    /// The listing leaves out its last action, and counts what it lists.
    DropsOne,
    /// The listing adds an action the rules refuse, and counts it.
    AddsRefused,
    /// The count is one more than the listing.
    Miscounts,
    /// With a 3 thrown, the player to move has no legal action (the
    /// listing empty, the count 0) while the game goes on.
    Stuck,
}

/// Maedn with a fault in its legal actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planted {
    pub inner: Maedn,
    pub fault: Fault,
}

impl Planted {
    fn wrap(&self, inner: Maedn) -> Planted {
        Planted {
            inner,
            fault: self.fault,
        }
    }
}

impl Game for Planted {
    type Rules = MaednRules;
    type Params = MaednParams;
    const CATALOGUE: &'static [RuleInfo] = Maedn::CATALOGUE;
    const VOCABULARY: &'static Vocabulary = Maedn::VOCABULARY;
    const RULEBOOK: (&'static str, &'static str) = Maedn::RULEBOOK;

    fn new_rules(params: MaednParams) -> Arc<MaednRules> {
        Maedn::new_rules(params)
    }
    fn params(rules: &MaednRules) -> &MaednParams {
        Maedn::params(rules)
    }
    fn from_setup(
        rules: Arc<MaednRules>,
        setup: &Setup,
        events: &mut Vec<Event>,
    ) -> Result<Self, Vec<SetupError>> {
        Maedn::from_setup(rules, setup, events).map(|inner| Planted {
            inner,
            fault: Fault::None,
        })
    }
    fn rules(&self) -> &Arc<MaednRules> {
        self.inner.rules()
    }
    fn apply_observed(
        &self,
        by: Option<Player>,
        action: &Action,
        events: &mut Vec<Event>,
        observe: &mut dyn FnMut(&Self),
    ) -> Result<Self, Rejection> {
        let me = self.clone();
        self.inner
            .apply_observed(by, action, events, &mut |p| observe(&me.wrap(p.clone())))
            .map(|p| self.wrap(p))
    }
    fn play_in_place(&mut self, action: &Action, events: &mut Vec<Event>) -> bool {
        self.inner.play_in_place(action, events)
    }
    fn play_with<S: Sink>(&mut self, action: &Action, sink: &mut S) -> bool {
        self.inner.play_with(action, sink)
    }
    fn ply(&self) -> Ply {
        self.inner.ply()
    }
    fn legal_list(&self, limit: usize) -> Result<Vec<Action>, Unlisted> {
        let mut list = self.inner.legal_list(limit)?;
        match self.fault {
            Fault::Stuck if self.inner.die() == Some(3) => list.clear(),
            Fault::DropsOne if list.len() > 1 => {
                list.pop();
            }
            // Passing while a piece may move: MAEDN.md §3 lists `pass` only
            // where nothing else is legal, and the rules refuse it.
            Fault::AddsRefused if !list.contains(&Action::NextTurn) && !list.is_empty() => {
                list.push(Action::NextTurn)
            }
            _ => {}
        }
        Ok(list)
    }
    fn legal_candidates(&self) -> Option<Vec<Action>> {
        self.inner.legal_candidates()
    }
    fn legal_sample(&self, seed: u64, n: usize) -> Vec<Action> {
        self.inner.legal_sample(seed, n)
    }
    fn action_text(&self, a: &Action) -> String {
        self.inner.action_text(a)
    }
    fn legal_count(&self, limit: usize) -> Result<u64, Unlisted> {
        let listed = self.legal_list(limit)?.len() as u64;
        Ok(match self.fault {
            Fault::Miscounts if listed > 0 => listed + 1,
            _ => listed,
        })
    }
    fn check_invariants(&self) -> Result<(), Violation> {
        self.inner.check_invariants()
    }
    fn state_key(&self) -> String {
        self.inner.state_key()
    }
    fn check_reachable(&self) -> Result<(), Violation> {
        self.inner.check_reachable()
    }
    fn turn(&self) -> Player {
        self.inner.turn()
    }
    fn final_standings(&self) -> Option<&[Player]> {
        self.inner.final_standings()
    }
    fn standings_now(&self) -> Vec<Player> {
        self.inner.standings_now()
    }
    fn lead_key(&self, p: Player) -> [i64; 2] {
        self.inner.lead_key(p)
    }
    fn points(&self, p: Player) -> Option<i64> {
        self.inner.points(p)
    }
    fn players(&self) -> Vec<Player> {
        Game::players(&self.inner)
    }
    fn piece(&self, p: Player, id: PieceId) -> Piece {
        self.inner.piece(p, id)
    }
    fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        self.inner.pieces_at(place)
    }
    fn sizes(rules: &MaednRules) -> Sizes {
        Maedn::sizes(rules)
    }
    fn tile_words(rules: &MaednRules, tile: u8) -> Vec<String> {
        Maedn::tile_words(rules, tile)
    }
}
