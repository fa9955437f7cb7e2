//! Every game's fast path allocates nothing per action (one allocation per
//! game, its final standings): a counting allocator around whole games
//! (maedn's `play_quiet`; royal's and portal's fast self-play, the path of
//! `cargo xtask bench` and the benchmarks). Each thread counts its own
//! allocations, so the tests may run side by side.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

/// The allocations this thread has made so far.
fn allocations() -> usize {
    COUNT.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // A thread being torn down has no counter left: not counted.
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn maedn_play_quiet_allocates_nothing() {
    use goti::engine::{Maedn, Player};
    let rules = goti::rules::shipped_rules::<goti::engine::Maedn>();
    let start = Maedn::new_game(rules, &Player::ALL[..4], None).unwrap();
    let mut seed = 12345u64;
    let mut actions = 0u64;
    let before = allocations();
    for _ in 0..50 {
        let mut pos = start.clone();
        loop {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let die = (seed >> 33) as u8 % 6 + 1;
            let pick = (seed >> 45) as usize;
            actions += 1;
            if !pos.play_quiet(die, |l| l.as_slice()[pick % l.as_slice().len()]) {
                break;
            }
        }
    }
    let after = allocations();
    assert!(actions > 10_000, "{actions}");
    // Nothing per action; one per game: its final standings.
    assert_eq!(
        after - before,
        50,
        "allocations during {actions} actions of 50 games"
    );
}

/// Plays `turns` turns of fast self-play from `pos` with warm buffers and
/// returns (allocations, games ended, actions are counted by the caller).
fn fast_turns<D: goti::selfplay::fast::FastDriver>(
    driver: &D,
    players: u8,
    turns: u32,
) -> (usize, u64) {
    use goti::selfplay::fast::Quick;
    use rand::SeedableRng;
    let table = &goti::engine::Player::ALL[..players as usize];
    let start = driver.new_game(table).unwrap();
    let mut pos = start.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut bufs = D::Buffers::default();
    let mut ended = 0;
    let mut play = |n: u32, pos: &mut D::Game, ended: &mut u64| {
        for _ in 0..n {
            if goti::engine::Game::is_over(pos) {
                pos.clone_from(&start);
                *ended += 1;
            }
            driver
                .turn(&mut Quick { pos }, &mut rng, &mut bufs)
                .unwrap_or_else(|v| panic!("{}", v.message));
        }
    };
    // The buffers grow to their size first.
    play(2_000, &mut pos, &mut ended);
    let before = allocations();
    let games_before = ended;
    play(turns, &mut pos, &mut ended);
    (allocations() - before, ended - games_before)
}

#[test]
fn royal_fast_path_allocates_nothing() {
    use goti::engine::royal::{CLASH, JOURNEY};
    for mode in [CLASH, JOURNEY] {
        let driver = goti::games::royal::RoyalDriver::new(
            goti::rules::shipped_rules::<goti::engine::Royal>(),
            mode,
        );
        let (allocs, games) = fast_turns(&driver, 4, 20_000);
        assert!(games > 50, "{mode:?}: {games} games in 20,000 turns");
        // Nothing per action; one per game: its final standings.
        assert_eq!(
            allocs as u64, games,
            "{mode:?}: allocations in 20,000 turns"
        );
    }
}

#[test]
fn portal_fast_path_allocates_nothing() {
    let driver = goti::games::portal::PortalDriver::new(goti::rules::shipped_rules::<
        goti::engine::Portal,
    >());
    let (allocs, games) = fast_turns(&driver, 4, 20_000);
    assert!(games > 20, "{games} games in 20,000 turns");
    // Nothing per action; one per game: its final standings.
    assert_eq!(allocs as u64, games, "allocations in 20,000 turns");
}
