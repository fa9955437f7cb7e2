//! The generator-against-the-rules comparison (`legal::walk_and_compare`,
//! which `cargo xtask legal` runs) must find a generator that is wrong.
//! Each fault is planted in `goti_maedn::planted`'s wrapper around
//! maedn's position, which passes every call through except the listing
//! (and its count), so only the comparison stands between the fault and
//! a pass.

use goti_engine::legal;
use goti_engine::params::Params;
use goti_engine::{Game, Player};
use goti_maedn::params::MaednParams;
use goti_maedn::planted::{Fault, Planted};
use goti_maedn::Maedn;

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
        compared += legal::walk_and_compare(&start, 600, seed)
            .map_err(|v| v.0)?
            .nodes;
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
