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
    /// The scenario folder is a link to a folder outside the project.
    LinkedFolder,
}

impl FileKind {
    pub const ALL: [FileKind; 5] = [
        FileKind::Regular,
        FileKind::Link,
        FileKind::Fifo,
        FileKind::Oversized,
        FileKind::LinkedFolder,
    ];
}

/// Serves `input` as a file of `kind` in a fresh folder and runs the
/// folder: nothing may panic or hang, a link or FIFO is skipped, an
/// oversized file is refused. `Err` says what went wrong.
pub fn check_file_kind(input: &[u8], kind: FileKind) -> Result<(), Error> {
    Error::of(ErrorKind::Check, || {
        let dir = tempfile::tempdir().map_err(|e| format!("no temporary folder: {e}"))?;
        // A project folder (a repository's top) beside an outside folder.
        let project = dir.path().join("project");
        std::fs::create_dir_all(project.join(".git")).map_err(|e| e.to_string())?;
        let folder = project.join("scenarios");
        if let FileKind::LinkedFolder = kind {
            let outside = dir.path().join("outside");
            std::fs::create_dir(&outside).map_err(|e| e.to_string())?;
            std::fs::write(outside.join("fuzz.goti"), input).map_err(|e| e.to_string())?;
            std::os::unix::fs::symlink(&outside, &folder).map_err(|e| e.to_string())?;
            return match runner::discover_files(std::slice::from_ref(&folder), Some(&project)) {
                Err(e) if e.message.contains("outside the project") => Ok(()),
                Err(e) => Err(format!(
                    "a linked folder was refused for another reason: {e}"
                )),
                Ok(_) => Err("a folder linked outside the project was scanned".into()),
            };
        }
        std::fs::create_dir(&folder).map_err(|e| e.to_string())?;
        let file = folder.join("fuzz.goti");
        let aside = dir.path().join("aside.goti");
        let made = match kind {
            FileKind::Regular => std::fs::write(&file, input),
            FileKind::Link => std::fs::write(&aside, input)
                .and_then(|()| std::os::unix::fs::symlink(&aside, &file)),
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
            FileKind::LinkedFolder => unreachable!("a linked folder was served above"),
        };
        made.map_err(|e| format!("cannot make a {kind:?} file: {e}"))?;
        let result = std::panic::catch_unwind(|| {
            let found = runner::discover_files(std::slice::from_ref(&folder), Some(&project))?;
            let opts = RunOptions {
                skip_snapshots: true,
                ..RunOptions::default()
            };
            let reports = runner::play_each(&found.files, Some(1), None, &opts);
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
            _ if reports
                .iter()
                .flat_map(|r| &r.file_problems)
                .any(|d| d.kind == runner::Kind::Internal) =>
            {
                Err(format!(
                    "goti failed on a {kind:?} file (an internal error)"
                ))
            }
            _ => Ok(()),
        }
    })
}

/// The workflow commands a GitHub Actions runner would read in `log`: a
/// line (ended by `\n`, `\r\n` or a lone `\r`) whose first non-blank
/// characters are `::name ...::`, or that holds `##[name` anywhere.
pub fn workflow_commands(log: &str) -> Vec<String> {
    let mut out = Vec::new();
    let name_of = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect()
    };
    for line in log.split('\n').flat_map(|l| l.split('\r')) {
        if let Some(rest) = line.trim_start().strip_prefix("::") {
            let name = name_of(rest);
            if !name.is_empty() && rest[name.len()..].contains("::") {
                out.push(name);
            }
        }
        let mut at = 0;
        while let Some(i) = line[at..].find("##[") {
            let name = name_of(&line[at + i + 3..]);
            if !name.is_empty() {
                out.push(format!("##[{name}"));
            }
            at += i + 3;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_runner_model_reads_both_command_forms_and_a_lone_cr() {
        use super::workflow_commands as wc;
        assert_eq!(wc("  ::error file=x::boom"), ["error"]);
        assert_eq!(wc("text ##[add-mask]FAIL"), ["##[add-mask"]);
        assert_eq!(wc("ok\r::set-output name=x::y"), ["set-output"]);
        assert!(wc("ok   a.goti:1 # #[add-mask] : :x::").is_empty());
    }
}
