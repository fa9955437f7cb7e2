//! Royal's own events: the roll store, grace rolls and exit credits, groups
//! and the Home path, battle points (each cited where its rule applies).

use goti_engine::own::{Measure, OwnKind};

const STORE: &[&str] = &["store"];
const CREDITS: &[&str] = &["credits"];
const BATTLE: &[&str] = &["battle", "score"];

/// `roll.deal`: the dice dealt (`{list}`), the store's count before.
pub static DEALT: OwnKind = OwnKind {
    changes: STORE,
    ..OwnKind::reading("dealt {list} ({0} stored before)")
};
/// `roll.store-cap`: dealt rolls the full store cannot hold.
pub static DISCARDED: OwnKind = OwnKind {
    changes: STORE,
    ..OwnKind::reading("{0} dealt roll(s) discarded: store full")
};
/// `grace.check`: a grace roll.
pub static GRACE: OwnKind = OwnKind {
    measure: Measure::Count("grace rolls"),
    ..OwnKind::reading("grace roll")
};
/// `grace.credit`: one exit credit more.
pub static CREDIT: OwnKind = OwnKind {
    changes: CREDITS,
    ..OwnKind::reading("+1 exit credit, now {0}")
};
/// `exit.cap`: a credit past the cap.
pub static CREDIT_LOST: OwnKind = OwnKind {
    changes: CREDITS,
    ..OwnKind::reading("exit credit lost: already at the cap")
};
/// `exit.cost`: a guard leaves the Yard onto its entry.
pub static EXITED: OwnKind = OwnKind {
    moves: true,
    measure: Measure::Count("exits"),
    ..OwnKind::reading("{piece} exits the Yard onto {0}")
};
/// `move.rolls`: the store's rolls a piece spends.
pub static ROLLS_SPENT: OwnKind = OwnKind {
    changes: STORE,
    ..OwnKind::reading("{piece} spends {list}")
};
/// `roll.persist`: rolls left in the store.
pub static ROLLS_KEPT: OwnKind = OwnKind {
    changes: STORE,
    ..OwnKind::reading("{0} roll(s) stay in the store")
};
/// `move.order-size`: the group that moves next.
pub static GROUP_ORDER: OwnKind = OwnKind::reading("group {guards} from {at} moves next");
/// `move.together`: guards parting from their group.
pub static SPLIT: OwnKind = OwnKind::reading("{guards} go on alone from {at}");
/// `move.midpoint`: midpoint progress.
pub static MIDPOINT: OwnKind = OwnKind {
    moves: true,
    ..OwnKind::reading("{piece} gains midpoint progress at {0}")
};
/// `move.home-path`: a piece turns onto the Home path.
pub static HOME_PATH: OwnKind = OwnKind {
    moves: true,
    ..OwnKind::reading("{piece} enters the Home path")
};
/// `blockade.penalty`: steps lost, battle points with them.
pub static PENALTY: OwnKind = OwnKind {
    changes: BATTLE,
    measure: Measure::Count("blockade penalties"),
    ..OwnKind::reading("{0} step(s) lost: {1} battle points")
};
/// `capture.points`: battle points for a capture.
pub static POINTS: OwnKind = OwnKind {
    changes: BATTLE,
    measure: Measure::Sum("battle points"),
    ..OwnKind::reading("{1} piece(s) x{2}: +{0} battle points")
};

/// `capture.fort`, `capture.own-entry`: pieces no capture takes there
/// (`{0}`: their player's number).
pub static BARRED: OwnKind = OwnKind::reading("P{0}'s pieces {at} cannot be captured");

/// Every kind above (each is checked to read).
pub const ALL: &[&OwnKind] = &[
    &DEALT,
    &DISCARDED,
    &GRACE,
    &CREDIT,
    &CREDIT_LOST,
    &EXITED,
    &ROLLS_SPENT,
    &ROLLS_KEPT,
    &GROUP_ORDER,
    &SPLIT,
    &MIDPOINT,
    &HOME_PATH,
    &PENALTY,
    &POINTS,
    &BARRED,
];

/// What balance measures of royal, in its order: its battle points, the
/// family's captures, its blockade penalties, grace rolls and exits (no
/// extra rolls: `roll.deal` deals a turn's dice at once).
pub const MEASURES: &[&str] = &[
    "battle points",
    goti_engine::CAPTURES_MEASURE,
    "blockade penalties",
    "grace rolls",
    "exits",
];
