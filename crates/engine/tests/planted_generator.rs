//! The generator-against-the-rules comparison (`legal::walk_and_compare`,
//! which `goti fuzz --legal` runs) must find a generator that is wrong.
//! Each fault is planted in a wrapper around maedn's position that passes
//! every call through except the listing (and its count), so only the
//! comparison stands between the fault and a pass.

use std::sync::Arc;

use goti_engine::legal::{self, Ply, Unlisted};
use goti_engine::params::{MaednParams, Params};
use goti_engine::{
    Action, Event, Game, GameKind, Maedn, MaednRules, Piece, PieceId, Place, Player, Rejection,
    RuleInfo, Setup, SetupError, Sink, Sizes, Violation, Vocabulary,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// None: the wrapper is maedn itself (the comparison must pass).
    None,
    /// The listing leaves out its last action, and counts what it lists.
    DropsOne,
    /// The listing adds an action the rules refuse, and counts it.
    AddsRefused,
    /// The count is one more than the listing.
    Miscounts,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Planted {
    inner: Maedn,
    fault: Fault,
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
    const KIND: GameKind = GameKind::Maedn;
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

fn start(fault: Fault) -> Planted {
    let params: MaednParams = serde_yaml::from_str(MaednParams::DEFAULT_YAML).unwrap();
    params.validate().unwrap();
    let rules = Maedn::new_rules(params);
    let inner = Maedn::new_game(rules, &Player::ALL[..2], None).unwrap();
    Planted { inner, fault }
}

/// The walks of `fault`'s generator: the first disagreement found, or the
/// nodes compared when none is.
fn walks(fault: Fault) -> Result<u64, String> {
    let start = start(fault);
    let mut compared = 0;
    for seed in 0..20 {
        compared += legal::walk_and_compare(&start, 600, seed).map_err(|v| v.0)?;
    }
    Ok(compared)
}

#[test]
fn the_unplanted_wrapper_passes() {
    let compared = walks(Fault::None).expect("maedn's own generator agrees");
    assert!(compared > 1000, "{compared} nodes compared");
}

#[test]
fn a_listing_that_drops_an_action_is_found() {
    let why = walks(Fault::DropsOne).expect_err("the dropped action is found");
    assert!(why.contains("the listing misses"), "{why}");
}

#[test]
fn a_listing_with_an_action_the_rules_refuse_is_found() {
    let why = walks(Fault::AddsRefused).expect_err("the refused action is found");
    assert!(why.contains("the listing has what they refuse"), "{why}");
}

#[test]
fn a_count_that_differs_from_the_listing_is_found() {
    let why = walks(Fault::Miscounts).expect_err("the miscount is found");
    assert!(why.contains("counted"), "{why}");
}
