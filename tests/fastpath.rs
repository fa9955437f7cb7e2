//! The fast path is the general engine's rules: the lockstep comparison
//! finds a difference when there is one, and agrees over seeded games.

use goti::engine::royal::{CLASH, JOURNEY};
use goti::engine::{Action, Player, Royal};
use goti::games::royal::RoyalDriver;
use goti::selfplay::fast::{compare_paths, play_games, Path, Table, Twin};

fn new_game() -> Royal {
    Royal::new_game(
        goti::rules::shipped_rules::<goti::engine::Royal>(),
        CLASH,
        &Player::ALL,
    )
    .unwrap()
}

/// The first deal of a new game: as many dice as the deal table gives.
fn deal(value: u8) -> Action {
    let n = new_game().mode_params().dice_for(0) as usize;
    Action::Roll(vec![value; n])
}

#[test]
fn twin_reports_a_fast_position_that_went_its_own_way() {
    let mut twin = Twin::new(new_game());
    // The fast side alone deals: the next deal is legal only on the general side.
    assert!(twin.fast.play_quiet(&deal(3)));
    let err = twin.play(&deal(3)).unwrap_err();
    assert!(
        err.message.contains("the fast path refused `roll 3"),
        "{}",
        err.message
    );
    // Both sides dealt alike, then a different store on the fast side only.
    let mut twin = Twin::new(new_game());
    let mut fast = new_game();
    assert!(fast.play_quiet(&deal(6)));
    twin.fast = fast;
    let err = twin.play(&deal(2)).unwrap_err();
    assert!(
        err.message.contains("which the general engine applied"),
        "{}",
        err.message
    );
}

#[test]
fn a_refused_action_leaves_the_fast_position_as_it_was() {
    let mut pos = new_game();
    let before = pos.clone();
    // Nothing dealt: no move, no exit beyond the credits, no next deal twice.
    let mut events = Vec::new();
    for bad in ["move G1 3", "exit G2"] {
        let action = match bad {
            "move G1 3" => Action::Move(goti::engine::MoveOrder {
                clauses: vec![goti::engine::MoveClause {
                    piece: goti::engine::PieceId::Numbered(1),
                    rolls: vec![3],
                    direction: goti::engine::Direction::Forward,
                }],
            }),
            _ => goti::engine::royal::exit_action(vec![goti::engine::PieceId::Numbered(2)]),
        };
        assert!(pos.apply(&action, &mut events).is_err(), "{bad}");
        assert!(!pos.play_quiet(&action), "{bad}");
        assert_eq!(pos, before, "{bad} changed the position");
        assert!(!pos.play_in_place(&action, &mut events), "{bad}");
        assert!(events.is_empty(), "{bad} left events");
    }
}

/// `n` seeded games from seed 1 at a table of `players`.
fn games(players: u8, n: u64) -> goti::selfplay::Games {
    goti::selfplay::Games {
        players,
        games: n,
        seed: 1,
        max_turns: 4000,
    }
}

#[test]
fn both_paths_agree_on_seeded_games_of_every_table() {
    for mode in [CLASH, JOURNEY] {
        let driver = RoyalDriver::new(goti::rules::shipped_rules::<goti::engine::Royal>(), mode);
        for players in 2..=4 {
            let g = games(players, 60);
            let c = compare_paths(&driver, &g)
                .unwrap_or_else(|e| panic!("{mode:?}, {players} players: {e}"));
            assert_eq!(c.games, 60);
            assert!(c.actions > c.turns * 3, "{c:?}");
            // The same games on each path, turn for turn.
            let fast = play_games(&driver, &g, Path::Fast).unwrap();
            let general = play_games(&driver, &g, Path::General).unwrap();
            assert_eq!((fast, general), (c.turns, c.turns), "{mode:?} {players}");
        }
    }
}

#[test]
fn portal_paths_agree_on_seeded_games() {
    let driver = goti::games::portal::PortalDriver::new(goti::rules::shipped_rules::<
        goti::engine::Portal,
    >());
    for players in 2..=4 {
        let g = games(players, 40);
        let c = compare_paths(&driver, &g).unwrap_or_else(|e| panic!("{players} players: {e}"));
        assert_eq!(c.games, 40);
        let fast = play_games(&driver, &g, Path::Fast).unwrap();
        assert_eq!(fast, c.turns, "{players} players");
    }
}
