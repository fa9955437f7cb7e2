//! Maedn's speed path allocates nothing per action (one allocation per
//! game, its final standings): a counting allocator
//! around whole games of `play_quiet` (the benchmark's and `goti bench`'s
//! path; the aim of matching OpenSpiel's C++ core needs it).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn maedn_play_quiet_allocates_nothing() {
    use goti::engine::{Maedn, MaednRules, Player};
    let rules = MaednRules::default_rules();
    let start = Maedn::new_game(rules, &Player::ALL[..4], None).unwrap();
    let mut seed = 12345u64;
    let mut actions = 0u64;
    let before = ALLOCATIONS.load(Ordering::Relaxed);
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
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(actions > 10_000, "{actions}");
    // Nothing per action; one per game: its final standings.
    assert_eq!(
        after - before,
        50,
        "allocations during {actions} actions of 50 games"
    );
}
