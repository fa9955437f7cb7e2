//! Scenario-text fuzzing: mutations of real scenario files, and the check
//! every input must pass (no panic; every diagnostic lies inside its file).

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
    "\n",
    "\t",
    "é",
    "\u{202e}",
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

/// Parses, validates and runs `input` (snapshots off). `Err` says what went
/// wrong: a panic, or a diagnostic whose span is outside the text.
pub fn check_input(input: &[u8]) -> Result<(), String> {
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
    Ok(())
}

/// What kind of file an input is served as.
#[derive(Clone, Copy, Debug)]
pub enum FileKind {
    Regular,
    /// A symbolic link to a regular file, found by a folder walk.
    Link,
    /// A FIFO with no writer: reading it would hang.
    Fifo,
    /// The input padded past the scenario file limit.
    Oversized,
}

impl FileKind {
    pub const ALL: [FileKind; 4] = [
        FileKind::Regular,
        FileKind::Link,
        FileKind::Fifo,
        FileKind::Oversized,
    ];
}

/// Serves `input` as a file of `kind` in a fresh folder and runs the
/// folder: nothing may panic or hang, a link or FIFO is skipped, an
/// oversized file is refused. `Err` says what went wrong.
pub fn check_file_kind(input: &[u8], kind: FileKind) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| format!("no temporary folder: {e}"))?;
    let folder = dir.path().join("scenarios");
    std::fs::create_dir(&folder).map_err(|e| e.to_string())?;
    let file = folder.join("fuzz.goti");
    let aside = dir.path().join("aside.goti");
    let made = match kind {
        FileKind::Regular => std::fs::write(&file, input),
        FileKind::Link => {
            std::fs::write(&aside, input).and_then(|()| std::os::unix::fs::symlink(&aside, &file))
        }
        FileKind::Fifo => std::process::Command::new("mkfifo")
            .arg(&file)
            .status()
            .and_then(|s| {
                s.success()
                    .then_some(())
                    .ok_or_else(|| std::io::Error::other("mkfifo failed"))
            }),
        FileKind::Oversized => {
            let mut big = input.to_vec();
            big.resize(runner::files::MAX_SCENARIO_BYTES as usize + 1, b'\n');
            std::fs::write(&file, big)
        }
    };
    made.map_err(|e| format!("cannot make a {kind:?} file: {e}"))?;
    let result = std::panic::catch_unwind(|| {
        let found = runner::discover_files(std::slice::from_ref(&folder), None)?;
        let opts = RunOptions {
            skip_snapshots: true,
            ..RunOptions::default()
        };
        let reports: Vec<_> = found
            .files
            .iter()
            .map(|f| runner::run_file(&f.path, &opts, None))
            .collect();
        Ok::<_, String>((found, reports))
    });
    let (found, reports) = result
        .map_err(|_| format!("panic on a {kind:?} file"))?
        .map_err(|e| format!("{kind:?}: {e}"))?;
    match kind {
        FileKind::Link | FileKind::Fifo if !found.files.is_empty() => {
            Err(format!("a {kind:?} was read in a folder walk"))
        }
        FileKind::Oversized
            if !reports.iter().any(|r| {
                r.file_problems
                    .iter()
                    .any(|d| d.message.contains("at most"))
            }) =>
        {
            Err("an oversized file was not refused".into())
        }
        _ => Ok(()),
    }
}
