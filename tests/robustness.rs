//! No input breaks goti; self-play keeps every invariant (bounded runs; the
//! long ones are `goti fuzz`, see the guide's robustness chapter).

use std::path::Path;

use goti::check::fuzz::{check_input, mutate};
use goti::engine::royal::{CLASH, JOURNEY};
use goti::engine::{Game, Violation};
use goti::games::{portal::PortalDriver, royal::RoyalDriver};
use goti::runner::{self, RunOptions};
use goti::selfplay::{self, Config};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn corpus() -> Vec<Vec<u8>> {
    let files =
        runner::discover(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")]).unwrap();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

/// Runs scenario text and asserts every scenario in it passes.
fn assert_runs(name: &str, text: &str) {
    let report = runner::run_text(name, text, Path::new(name), &RunOptions::default(), None);
    let problems: Vec<&str> = report
        .scenarios
        .iter()
        .flat_map(|s| s.problems.iter())
        .map(|d| d.message.as_str())
        .collect();
    assert!(report.passed(), "{text}\n{problems:?}");
}

// Seeded cases rather than proptest: its `std` feature turns on
// regex-syntax's and getrandom's features that goti's build does not, so
// with it `cargo test` compiled goti a second time. Each failure names its
// seed and input; the long, unseeded runs are `goti fuzz`.

/// The generator of case `seed`.
fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[test]
fn mutated_scenarios_never_panic() {
    let corpus = corpus();
    for seed in 0..300u64 {
        let input = mutate(&corpus, seed);
        assert_eq!(check_input(&input).map(|_| ()), Ok(()), "seed {seed}");
    }
}

/// Up to 400 printable characters: mostly ASCII, the rest anywhere in
/// Unicode but the control characters.
fn printable_text(rng: &mut ChaCha8Rng) -> String {
    let len = rng.gen_range(0..=400);
    let mut text = String::with_capacity(len);
    while text.chars().count() < len {
        let c = if rng.gen_bool(0.7) {
            char::from(rng.gen_range(b' '..=b'~'))
        } else {
            match char::from_u32(rng.gen_range(0xA0..=0x10FFFF)) {
                Some(c) if !c.is_control() => c,
                _ => continue,
            }
        };
        text.push(c);
    }
    text
}

#[test]
fn arbitrary_text_never_panics() {
    for seed in 0..300u64 {
        let text = printable_text(&mut rng(seed));
        assert_eq!(
            check_input(text.as_bytes()).map(|_| ()),
            Ok(()),
            "seed {seed}: {text:?}"
        );
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    for seed in 0..300u64 {
        let mut rng = rng(seed);
        let bytes: Vec<u8> = (0..rng.gen_range(0..400)).map(|_| rng.gen()).collect();
        assert_eq!(
            check_input(&bytes).map(|_| ()),
            Ok(()),
            "seed {seed}: {bytes:?}"
        );
    }
}

#[test]
fn statement_soup_never_panics() {
    let words = [
        "scenario \"s\"",
        "P1",
        "P2",
        "G1",
        "G2",
        "king",
        "on",
        "home",
        "in yard",
        "27",
        "3+4",
        "move",
        "roll",
        "exit",
        "next turn",
        "expect",
        "illegal(move.rolls)",
        "tile",
        ":",
        ",",
        ";",
        "\n",
        "pair",
        "store",
        "credits",
        "battle",
        "-5",
        "past midpoint",
        "steps",
        "backward",
        "snapshot",
        "applied",
        "set",
        "=",
        "journey.blockade_penalty",
        "rules royal clash",
        "players 3",
        "turn",
    ];
    for seed in 0..300u64 {
        let mut rng = rng(seed);
        let text = (0..rng.gen_range(0..60))
            .map(|_| words[rng.gen_range(0..words.len())])
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            check_input(text.as_bytes()).map(|_| ()),
            Ok(()),
            "seed {seed}: {text:?}"
        );
    }
}

#[test]
fn every_file_kind_is_served_safely() {
    let corpus = corpus();
    for seed in 0..4u64 {
        let input = mutate(&corpus, seed);
        for kind in goti::check::file_kinds::FileKind::ALL {
            assert_eq!(
                goti::check::file_kinds::check_file_kind(&input, kind),
                Ok(()),
                "{kind:?}"
            );
        }
    }
}

#[test]
fn a_ten_megabyte_file_gets_a_diagnostic() {
    let big = "scenario \"x\"\n".repeat(800_000);
    assert!(big.len() > 10_000_000);
    let report = runner::run_bytes(
        "big.goti",
        big.as_bytes(),
        Path::new("big.goti"),
        &RunOptions::default(),
        None,
    );
    assert_eq!(report.file_problems.len(), 1);
    assert!(report.file_problems[0].message.contains("at most"));
}

#[test]
fn too_many_statements_get_a_diagnostic() {
    let text = format!(
        "scenario \"x\"\nplayers 2\n{}",
        "next turn\n".repeat(goti::dsl::MAX_STATEMENTS + 5)
    );
    let report = runner::run_bytes(
        "many.goti",
        text.as_bytes(),
        Path::new("many.goti"),
        &RunOptions::default(),
        None,
    );
    let msgs: Vec<&str> = report.scenarios[0]
        .problems
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert!(msgs.iter().any(|m| m.contains("at most")), "{msgs:?}");
}

#[test]
fn self_play_500_games_keep_every_invariant() {
    let rules = goti::rules::shipped_rules::<goti::engine::Royal>();
    for (players, mode) in [(4, CLASH), (2, JOURNEY), (3, JOURNEY), (4, JOURNEY)] {
        let cfg = Config {
            players,
            max_turns: 3000,
        };
        let driver = RoyalDriver::new(rules.clone(), mode);
        for seed in 0..125 {
            let s = selfplay::play_game(&driver, seed, &cfg, &selfplay::standard_check)
                .unwrap_or_else(|v| panic!("seed {seed}: {}", v.message));
            assert!(s.turns > 0);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let rules = goti::rules::shipped_rules::<goti::engine::Royal>();
    let cfg = Config::default();
    let driver = RoyalDriver::new(rules, CLASH);
    let a = selfplay::play_game(&driver, 42, &cfg, &selfplay::standard_check).unwrap();
    let b = selfplay::play_game(&driver, 42, &cfg, &selfplay::standard_check).unwrap();
    let c = selfplay::play_game(&driver, 43, &cfg, &selfplay::standard_check).unwrap();
    assert_eq!(a.fingerprint, b.fingerprint);
    assert_ne!(a.fingerprint, c.fingerprint);
}

/// A planted "invariant" that real play breaks shows the failure path works:
/// the violation is found, shrunk, and written as a scenario that replays.
#[test]
fn a_violation_is_shrunk_into_a_replayable_scenario() {
    let rules = goti::rules::shipped_rules::<goti::engine::Royal>();
    let cfg = Config {
        players: 2,
        max_turns: 3000,
    };
    let driver = RoyalDriver::new(rules, JOURNEY);
    let planted = |pos: &goti::engine::Royal| -> Result<(), Violation> {
        pos.check_reachable()?;
        if pos.players().any(|p| pos.seat(p).battle > 0) {
            Err(Violation("planted: a capture happened".into()))
        } else {
            Ok(())
        }
    };
    let v = (0..50)
        .find_map(|seed| selfplay::play_game(&driver, seed, &cfg, &planted).err())
        .expect("some game has a capture");
    let shrunk = selfplay::shrink(&driver, &v, &planted);
    assert!(shrunk.turns.len() <= v.record.turns.len());
    let text = selfplay::scenario_text(&driver, &shrunk, &v.message);
    // Every action of the replay is legal: goti runs it to the end.
    assert_runs("replay.goti", &text);
    // The shrunk game still reproduces exactly that violation, in fewer turns.
    assert_eq!(
        selfplay::replay(&driver, &shrunk, &planted),
        Err(Violation(v.message.clone()))
    );
    assert!(text.contains("planted: a capture happened"));
    eprintln!(
        "shrunk {} -> {} turns",
        v.record.turns.len(),
        shrunk.turns.len()
    );
}

#[test]
fn portal_self_play_300_games_keep_every_invariant() {
    let driver = PortalDriver::new(goti::rules::shipped_rules::<goti::engine::Portal>());
    for players in [2u8, 3, 4] {
        let cfg = Config {
            players,
            max_turns: 4000,
        };
        for seed in 0..100 {
            let s = selfplay::play_game(&driver, seed, &cfg, &selfplay::standard_check)
                .unwrap_or_else(|v| panic!("seed {seed}: {}", v.message));
            assert!(s.finished, "seed {seed}: a portal game ends");
        }
    }
    let cfg = Config::default();
    let a = selfplay::play_game(&driver, 9, &cfg, &selfplay::standard_check).unwrap();
    let b = selfplay::play_game(&driver, 9, &cfg, &selfplay::standard_check).unwrap();
    assert_eq!(a.fingerprint, b.fingerprint);
}

#[test]
fn a_portal_violation_is_shrunk_into_a_replayable_scenario() {
    let driver = PortalDriver::new(goti::rules::shipped_rules::<goti::engine::Portal>());
    let cfg = Config {
        players: 2,
        max_turns: 4000,
    };
    let planted = |pos: &goti::engine::Portal| -> Result<(), Violation> {
        pos.check_reachable()?;
        let toilet = pos.players().any(|p| {
            (1..=5).any(|g| {
                matches!(
                    pos.piece(p, goti::engine::PieceId::Numbered(g)).place,
                    goti::engine::Place::Aside { .. }
                )
            })
        });
        if toilet {
            Err(Violation("planted: a piece fell into a toilet".into()))
        } else {
            Ok(())
        }
    };
    let v = (0..50)
        .find_map(|seed| selfplay::play_game(&driver, seed, &cfg, &planted).err())
        .expect("some game has a fall");
    let shrunk = selfplay::shrink(&driver, &v, &planted);
    assert!(shrunk.turns.len() <= v.record.turns.len());
    assert_eq!(
        selfplay::replay(&driver, &shrunk, &planted),
        Err(Violation(v.message.clone()))
    );
    let text = selfplay::scenario_text(&driver, &shrunk, &v.message);
    assert_runs("replay.goti", &text);
}

#[test]
fn too_many_scenarios_get_a_diagnostic() {
    let text = "scenario \"s\"\nplayers 2\n".repeat(goti::dsl::MAX_SCENARIOS + 1);
    let text: String = text
        .split_inclusive("players 2\n")
        .enumerate()
        .map(|(i, s)| s.replace("\"s\"", &format!("\"s{i}\"")))
        .collect();
    let report = runner::run_bytes(
        "many.goti",
        text.as_bytes(),
        Path::new("many.goti"),
        &RunOptions {
            skip_snapshots: true,
            validate_only: true,
            ..RunOptions::default()
        },
        None,
    );
    let all: Vec<&str> = report
        .file_problems
        .iter()
        .chain(report.scenarios.iter().flat_map(|s| s.problems.iter()))
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        all.iter().any(|m| m.contains("at most")),
        "{:?}",
        &all[..all.len().min(3)]
    );
}

#[test]
fn words_are_case_insensitive() {
    let text = "SCENARIO \"Shouting\"\r\nRULES ROYAL CLASH\r\nP1 g2 ON 27, p1 G1 on 23, P2 SOLO ON 23; MOVE G2 4 FORWARD\r\n\
                EXPECT P2 G1 IN YARD\r\nExpect P1 Battle 50\r\nEXPECT APPLIED Capture.Merge\r\nexpect illegal(MOVE.CHOICE) move g1 1\r\n";
    assert_runs("shout.goti", text);
}
