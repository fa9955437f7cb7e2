//! Scenario-text fuzzing: mutations of real scenario files, and the check
//! every input must pass (no panic; every diagnostic lies inside its file).

use crate::error::{Error, ErrorKind};
use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::runner::{self, RunOptions};

const WORDS: &[&str] = &[
    "scenario \"x\"",
    "move",
    "G1",
    "G9",
    "king",
    "P7",
    "roll",
    "exit",
    "expect",
    "illegal(",
    ")",
    "on",
    "home",
    "tile",
    "store",
    "99999999999999999999",
    "-1",
    "+",
    ",",
    ";",
    ":",
    "\"",
    "#",
    "set board.ring = 0",
    "rules file \"/\"",
    "rules portal",
    "players 9",
    "snapshot",
    "next turn",
    "expect applied",
    "P1 quad on 3",
    // The games' own words (`Word::Named`) and their forms.
    "credits",
    "battle -5",
    "P1 G1 falls 42",
    "expect burned",
    "returns",
    "enter",
    "expect legal:",
    "|",
    "boost",
    "\n",
    "\t",
    "é",
    "\u{202e}",
    // The forms of a CI runner's workflow commands, and what ends a line.
    "##[add-mask]FAIL",
    "##[set-output name=x]y",
    "::error::owned",
    "\r",
    "\r::warning::x",
    "\u{1b}[2J",
    "\u{fffe}",
    "\u{2028}",
];

/// One mutated input from the corpus (deterministic in `seed`).
pub fn mutate(corpus: &[Vec<u8>], seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut data: Vec<u8> = if corpus.is_empty() {
        Vec::new()
    } else {
        corpus[rng.gen_range(0..corpus.len())].clone()
    };
    let rounds = rng.gen_range(1..=8);
    for _ in 0..rounds {
        let len = data.len();
        let at = if len == 0 { 0 } else { rng.gen_range(0..=len) };
        match rng.gen_range(0..9) {
            0 => data.truncate(at),
            1 => {
                let n = rng.gen_range(1..16);
                let garbage: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                data.splice(at..at, garbage);
            }
            2 => {
                let w = WORDS[rng.gen_range(0..WORDS.len())];
                data.splice(at..at, w.bytes());
            }
            3 if len > 0 => {
                let end = (at + rng.gen_range(1..40)).min(len);
                data.drain(at.min(end)..end);
            }
            4 => {
                // Deep repetition of a line.
                let line: Vec<u8> = data[at..]
                    .iter()
                    .take_while(|&&b| b != b'\n')
                    .copied()
                    .chain([b'\n'])
                    .collect();
                let times = rng.gen_range(2..200);
                let rep: Vec<u8> = line
                    .iter()
                    .copied()
                    .cycle()
                    .take(line.len() * times)
                    .collect();
                data.splice(at..at, rep);
            }
            5 => {
                data.splice(at..at, [0xff, 0xfe, 0xc3]);
            }
            6 => {
                // A huge number where a number was.
                if let Some(pos) = data.iter().skip(at).position(|b| b.is_ascii_digit()) {
                    let pos = at + pos;
                    data.splice(pos..pos, b"184467440737095516150000".iter().copied());
                }
            }
            7 if len > 0 => {
                let i = rng.gen_range(0..len);
                data[i] = rng.gen_range(32..127);
            }
            _ => {
                let s = String::from_utf8_lossy(&data).to_uppercase();
                data = s.into_bytes();
            }
        }
    }
    data
}

/// Parses, validates and runs `input` (snapshots off): its report, or what
/// went wrong (a panic, goti's internal error, a diagnostic whose span is
/// outside the text).
pub fn check_input(input: &[u8]) -> Result<runner::FileReport, Error> {
    Error::of(ErrorKind::Check, || {
        let opts = RunOptions {
            skip_snapshots: true,
            ..RunOptions::default()
        };
        let result = std::panic::catch_unwind(|| {
            runner::run_bytes("fuzz.goti", input, Path::new("fuzz/fuzz.goti"), &opts, None)
        });
        let report = result.map_err(|e| {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            format!("panic: {}", msg.unwrap_or_default())
        })?;
        let all = report
            .file_problems
            .iter()
            .chain(report.scenarios.iter().flat_map(|s| s.problems.iter()));
        for d in all {
            if d.kind == runner::Kind::Internal {
                return Err(d.message.clone());
            }
            let len = d.source.text.len();
            if d.span.start > d.span.end || d.span.end > len {
                return Err(format!(
                    "diagnostic span {:?} outside a text of {len} bytes: {}",
                    d.span, d.message
                ));
            }
            if d.source.name == "fuzz.goti" && !d.source.text.is_char_boundary(d.span.start) {
                return Err("diagnostic span not on a character boundary".into());
            }
        }
        Ok(report)
    })
}
