//! Royal's shipped ruleset file read, written back and refused where wrong.

use super::*;

#[test]
fn default_loads_and_round_trips() {
    let r = RoyalParams::shipped();
    assert_eq!(r.board.entries.all(), [52, 39, 26, 13]);
    assert_eq!(r.journey.dice_for(3), 3);
    assert_eq!(r.journey.dice_for(4), 2);
    assert_eq!(r.clash.dice_for(17), 0);
    assert_eq!(RoyalParams::from_yaml(&r.to_yaml()).unwrap(), r);
}

#[test]
fn fort_off_board_names_field() {
    let e = RoyalParams::shipped()
        .with_overrides(&[("board.forts.1", "60")])
        .unwrap_err();
    assert_eq!(e.field, "board.forts.1");
}

#[test]
fn entry_twice_names_field() {
    let e = RoyalParams::shipped()
        .with_overrides(&[("board.entries.P2", "52")])
        .unwrap_err();
    assert_eq!(e.field, "board.entries.P2");
}

#[test]
fn deal_gap_names_field() {
    let e = RoyalParams::shipped()
        .with_overrides(&[("journey.deal.1.from", "5")])
        .unwrap_err();
    assert_eq!(e.field, "journey.deal.1");
    let e = RoyalParams::shipped()
        .with_overrides(&[("journey.store_cap", "13")])
        .unwrap_err();
    assert_eq!(e.field, "journey.deal");
}

#[test]
fn unknown_field_and_bad_type() {
    let e = RoyalParams::shipped()
        .with_overrides(&[("journey.penalty", "3")])
        .unwrap_err();
    assert_eq!(e.field, "journey.penalty");
    let e = RoyalParams::shipped()
        .with_overrides(&[("journey.blockade_penalty", "lots")])
        .unwrap_err();
    assert_eq!(e.field, "journey.blockade_penalty");
    let e = RoyalParams::from_yaml("name: royal\nboard: 3\n").unwrap_err();
    assert!(!e.message.is_empty());
}
