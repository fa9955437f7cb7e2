//! Benchmarks: `cargo bench --features goti-stages/bench` (divan comes
//! through goti-stages, so that `cargo test` never builds it). Figures are in
//! the README.
//!
//! - `random_turns`: random legal turns (deal, exits, a move, next turn) of a
//!   4-player Clash game through self-play's driver (events recorded, each
//!   position changed in place); throughput in turns per second.
//! - `royal_fast_turns`: the same turns on royal's fast path (nothing
//!   recorded, no allocation per action).
//! - `parse_and_run`: a generated corpus of ten-line scenarios parsed,
//!   validated and played; throughput in scenarios per second.
//! - `goti_run_10000_files`: `goti run -j 1` and `-j 2` over 10,000 files.
//! - `goti_trace_10000_files`: `goti trace -j 2` over the same files (the
//!   README compares it with `goti run -j 2`).
//! - `perft_*`: perft from each game's start, counted leaves per second.

use std::path::Path;

use divan::counter::ItemsCount;
use divan::Bencher;
use goti::engine::royal::{CLASH, JOURNEY};
use goti::games::royal::RoyalDriver;
use goti::runner::{self, RunOptions};
use goti::selfplay;
use goti_stages::divan;

fn main() {
    divan::main();
}

const TURNS: u32 = 10_000;

#[divan::bench(crate = goti_stages::divan, sample_count = 20)]
fn random_turns(bencher: Bencher) {
    let driver = RoyalDriver::new(goti::rules::shipped_rules::<goti::engine::Royal>(), CLASH);
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(TURNS as usize))
        .bench_local(|| {
            seed += 1;
            selfplay::play_turns(&driver, seed, 4, TURNS)
        });
}

/// Royal's fast path, 4-player Clash: the same random turns as
/// `random_turns`, applied in place with nothing recorded and no allocation
/// per action (`goti bench royal` prints it beside the general engine).
#[divan::bench(crate = goti_stages::divan, sample_count = 20)]
fn royal_fast_turns(bencher: Bencher) {
    fast_turns(
        bencher,
        RoyalDriver::new(goti::rules::shipped_rules::<goti::engine::Royal>(), CLASH),
    );
}

/// Portal's fast path, 4 players: the chooser of self-play, applied in
/// place with nothing recorded and no allocation per action (`goti bench
/// portal` prints it beside the general engine).
#[divan::bench(crate = goti_stages::divan, sample_count = 20)]
fn portal_fast_turns(bencher: Bencher) {
    fast_turns(
        bencher,
        goti::games::portal::PortalDriver::new(goti::rules::shipped_rules::<goti::engine::Portal>()),
    );
}

/// `TURNS` four-player turns of `driver` on the fast path, a new seed each
/// sample.
fn fast_turns<D: goti::selfplay::fast::FastDriver>(bencher: Bencher, driver: D) {
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(TURNS as usize))
        .bench_local(|| {
            seed += 1;
            goti::selfplay::fast::quiet_turns(&driver, seed, 4, TURNS)
        });
}

/// Maedn's speed path, 4 players: random legal actions, no checks, no
/// events, no allocation per action (the figure `goti bench maedn` and
/// `tools/openspiel_speed.py` compare with OpenSpiel's C++ core).
#[divan::bench(crate = goti_stages::divan, sample_count = 20)]
fn maedn_random_actions(bencher: Bencher) {
    let rules = goti::rules::shipped_rules::<goti::engine::Maedn>();
    let table = &goti::engine::Player::ALL[..4];
    // 200 games of about 440 player actions each.
    let actions = goti::games::maedn::random_actions(&rules, table, None, 200, 1).unwrap();
    let mut seed = 0;
    bencher
        .counter(ItemsCount::new(actions as usize))
        .bench_local(|| {
            seed += 1;
            goti::games::maedn::random_actions(&rules, table, None, 200, seed)
        });
}

/// One generated ten-line scenario (a variation of the brief's).
pub fn generated_scenario(i: usize) -> String {
    let from = 27 + (i % 3) as u32;
    let roll = from - 23;
    format!(
        "scenario \"generated {i}\"\n\
         P1 G2 on {from}, P1 G1 on 23, P2 solo on 23\n\
         P1 store {roll} 2 5\n\
         move G2 {roll} forward\n\
         expect P2 G1 in yard\n\
         expect P1 battle 20\n\
         expect P1 store 2 5\n\
         expect tile 23: P1 G1 G2\n\
         next turn\n\
         expect turn P2\n"
    )
}

#[divan::bench(crate = goti_stages::divan, sample_count = 10)]
fn parse_and_run(bencher: Bencher) {
    let corpus: Vec<String> = (0..10_000).map(generated_scenario).collect();
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    bencher
        .counter(ItemsCount::new(corpus.len()))
        .bench_local(|| {
            let mut passed = 0;
            for text in &corpus {
                let r = runner::run_text("gen.goti", text, Path::new("gen.goti"), &opts, None);
                passed += r.passed() as usize;
            }
            assert_eq!(passed, corpus.len());
            passed
        });
}

/// Error-dense scenario text of about `bytes` bytes: every statement has a
/// syntax or lowering problem.
fn error_dense(bytes: usize) -> String {
    let mut out = String::new();
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&format!("scenario \"e{i}\"\n"));
        for _ in 0..8 {
            out.push_str("mvoe G1 3\nP1 G9 on 99, P7 G1 on 3\nexpect P1 battle x\n");
        }
        i += 1;
    }
    out
}

/// The time per byte of error-dense input stays flat from 20 KB to 8 MiB
/// (a line index built once, bounded diagnostics per line and per file).
#[divan::bench(crate = goti_stages::divan, sample_count = 3, args = [20_000, 1_000_000, 8_000_000])]
fn error_dense_run(bencher: Bencher, bytes: usize) {
    let text = error_dense(bytes);
    let opts = RunOptions {
        skip_snapshots: true,
        ..RunOptions::default()
    };
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench_local(|| {
            let r = runner::run_text("dense.goti", &text, Path::new("dense.goti"), &opts, None);
            assert!(!r.passed());
            r.scenarios.len()
        });
}

/// `goti run -j N` (the built binary, end to end) over 10,000 generated
/// scenario files; the README compares `-j 1` with `-j 2`.
#[divan::bench(crate = goti_stages::divan, sample_count = 5, args = [1, 2])]
fn goti_run_10000_files(bencher: Bencher, jobs: usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let scenarios = dir.path().join("scenarios");
    std::fs::create_dir_all(&scenarios).expect("a scenarios folder");
    for i in 0..10_000 {
        std::fs::write(scenarios.join(format!("s{i}.goti")), generated_scenario(i))
            .expect("a scenario file");
    }
    let jobs = jobs.to_string();
    bencher
        .counter(ItemsCount::new(10_000usize))
        .bench_local(|| {
            let o = std::process::Command::new(env!("CARGO_BIN_EXE_goti"))
                .args(["run", "--no-write", "-j", &jobs, "scenarios"])
                .current_dir(dir.path())
                .output()
                .expect("goti runs");
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            o.stdout.len()
        });
}

/// `goti trace -j 2` (the built binary) over 10,000 generated scenario
/// files, written to a file: to compare with `goti_run_10000_files`.
#[divan::bench(crate = goti_stages::divan, sample_count = 5)]
fn goti_trace_10000_files(bencher: Bencher) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let scenarios = dir.path().join("scenarios");
    std::fs::create_dir_all(&scenarios).expect("a scenarios folder");
    for i in 0..10_000 {
        std::fs::write(scenarios.join(format!("s{i}.goti")), generated_scenario(i))
            .expect("a scenario file");
    }
    bencher
        .counter(ItemsCount::new(10_000usize))
        .bench_local(|| {
            let o = std::process::Command::new(env!("CARGO_BIN_EXE_goti"))
                .args(["trace", "-j", "2", "-o", "t.trace", "scenarios"])
                .current_dir(dir.path())
                .output()
                .expect("goti runs");
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            o.stderr.len()
        });
}

/// A 200-line scenario file: twenty scenarios of ten lines each.
fn lsp_document() -> String {
    let mut text = String::new();
    for i in 0..20 {
        text.push_str(&format!(
            "scenario \"merge capture {i}\"\n\
             P1 G2 on 27, P1 G1 on 23, P2 solo on 23\n\
             move G2 4 forward\n\
             expect P2 G1 in yard\n\
             expect P1 battle 20\n\
             expect applied capture.merge\n\
             next turn\n\
             expect turn P2\n\
             expect P1 G2 on 23\n\
             # line ten\n"
        ));
    }
    text
}

/// `goti lsp` on a 200-line document, per request: the check run on every
/// change, the play after the idle, and a hover and the inlay hints (each
/// answered from the played document). The README's target: 50 ms.
#[divan::bench(crate = goti_stages::divan, sample_count = 20, args = ["check", "play", "hover", "inlay_hints"])]
fn lsp_200_lines(bencher: Bencher, what: &str) {
    use goti::lsp::{analysis, features};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.goti");
    let text = lsp_document();
    assert_eq!(text.lines().count(), 200);
    let context = analysis::Context::of(&path);
    let played = goti::lsp::Document {
        path: path.clone(),
        text: text.clone(),
        version: 1,
        context: context.clone(),
        analysis: analysis::analyse(&path, &text, &context, true),
        changed: None,
        published: true,
    };
    assert!(played.analysis.report.scenarios.iter().all(|s| s.passed()));
    let at = lsp_types::Position::new(192, 6);
    let all = lsp_types::Range::new(
        lsp_types::Position::new(0, 0),
        lsp_types::Position::new(200, 0),
    );
    bencher.bench_local(|| match what {
        "check" => analysis::analyse(&path, &text, &context, false)
            .report
            .scenarios
            .len(),
        "play" => analysis::analyse(&path, &text, &context, true)
            .report
            .scenarios
            .len(),
        "hover" => features::hover(&played, at).iter().count(),
        _ => features::inlay_hints(&played, all).len(),
    });
}

/// Perft from each game's start (ROYAL.md §10, PORTAL.md §8, MAEDN.md §3):
/// throughput in counted leaves per second on one core, the last ply
/// counted without applying it (royal counts its moves by combining what
/// each piece may do alone). The README's perft table comes from `goti
/// perft` on the shipped `scenarios/*/perft.goti`, the same positions.
fn perft_bench<G: goti::engine::Game>(bencher: Bencher, start: G, depth: u32) {
    use goti::engine::legal::{perft, Budget};
    let leaves = perft(&start, depth, &mut Budget::new(u64::MAX)).expect("a count");
    bencher
        .counter(ItemsCount::new(leaves as usize))
        .bench_local(|| perft(&start, depth, &mut Budget::new(u64::MAX)));
}

#[divan::bench(crate = goti_stages::divan, sample_count = 5)]
fn perft_royal_journey_4(bencher: Bencher) {
    let rules = goti::rules::shipped_rules::<goti::engine::Royal>();
    let start = goti::engine::Royal::new_game(rules, JOURNEY, &goti::engine::Player::ALL)
        .expect("a table of four");
    perft_bench(bencher, start, 4);
}

#[divan::bench(crate = goti_stages::divan, sample_count = 5)]
fn perft_royal_clash_3(bencher: Bencher) {
    let rules = goti::rules::shipped_rules::<goti::engine::Royal>();
    let start = goti::engine::Royal::new_game(rules, CLASH, &goti::engine::Player::ALL)
        .expect("a table of four");
    perft_bench(bencher, start, 3);
}

#[divan::bench(crate = goti_stages::divan, sample_count = 5)]
fn perft_portal_6(bencher: Bencher) {
    let rules = goti::rules::shipped_rules::<goti::engine::Portal>();
    let start = goti::engine::Portal::new_game(rules, &goti::engine::Player::ALL, false)
        .expect("a table of four");
    perft_bench(bencher, start, 6);
}

#[divan::bench(crate = goti_stages::divan, sample_count = 5)]
fn perft_maedn_2_16(bencher: Bencher) {
    let rules = goti::rules::shipped_rules::<goti::engine::Maedn>();
    let start = goti::engine::Maedn::new_game(rules, &goti::engine::Player::ALL[..2], None)
        .expect("a table of two");
    perft_bench(bencher, start, 16);
}
