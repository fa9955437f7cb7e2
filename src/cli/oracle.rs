//! `goti oracle maedn`: OpenSpiel's seeded random maedn games replayed in
//! goti action by action (`crate::oracle`). OpenSpiel runs as Python
//! processes (`tools/openspiel_maedn.py`, one per chunk of games, on every
//! core); goti reads their games as they come.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::oracle::{replay, Disagreement, GameRecord};

/// What to run: games per table, the seed, the tables, the Python with
/// OpenSpiel, the script, the folder for disagreements.
pub struct OracleArgs {
    pub games: u64,
    pub seed: u64,
    pub tables: Vec<String>,
    pub python: Option<PathBuf>,
    pub script: PathBuf,
    pub out: PathBuf,
    pub jobs: usize,
    /// `KEY=VALUE` changes to goti's maedn rules (to see the oracle catch one).
    pub sets: Vec<String>,
    /// Only shard K of N of the games.
    pub shard: Option<crate::shard::Shard>,
    /// Print the result as JSON.
    pub json: bool,
}

/// Games are sharded in blocks of this many per table.
pub const SHARD_BLOCK: u64 = 50;

/// The Python to use: the one named, else `target/openspiel-venv` (what
/// `.ci/run` installs), else `python3`.
fn python(named: Option<&Path>) -> PathBuf {
    if let Some(p) = named {
        return p.to_path_buf();
    }
    let venv = Path::new("target/openspiel-venv/bin/python");
    if venv.exists() {
        venv.to_path_buf()
    } else {
        PathBuf::from("python3")
    }
}

pub fn oracle(args: &OracleArgs) -> i32 {
    const TABLES: [&str; 4] = ["2o", "2s", "3", "4"];
    if args.games == 0 {
        errln!("error: --games 0 checks nothing");
        return 2;
    }
    if let Some(bad) = args.tables.iter().find(|t| !TABLES.contains(&t.as_str())) {
        errln!("error: no table {bad:?} (tables: 2o 2s 3 4: two players opposite or side by side, three, four)");
        return 2;
    }
    if !args.script.is_file() {
        errln!(
            "error: {} not found (run from the project root or give --script)",
            crate::shown::path(&args.script)
        );
        return 2;
    }
    let mut overrides = Vec::new();
    for s in &args.sets {
        let Some((k, v)) = s.split_once('=') else {
            errln!("error: --set {s}: write KEY=VALUE");
            return 2;
        };
        overrides.push((k.trim(), v.trim()));
    }
    let rules = {
        use crate::rules::RulesetParams;
        match crate::rules::MaednParams::shipped().with_overrides(&overrides) {
            Ok(p) => crate::engine::MaednRules::new(p),
            Err(e) => {
                errln!("error: --set: {e}");
                return 2;
            }
        }
    };
    let py = python(args.python.as_deref());
    let probe = Command::new(&py).args(["-c", "import pyspiel"]).output();
    match probe {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            errln!(
                "error: {} has no OpenSpiel (pyspiel): {}",
                crate::shown::path(&py),
                String::from_utf8_lossy(&o.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            );
            errln!("  install it: python3 -m venv target/openspiel-venv && target/openspiel-venv/bin/pip install open_spiel");
            return 2;
        }
        Err(e) => {
            errln!("error: cannot run {}: {e}", crate::shown::path(&py));
            return 2;
        }
    }
    let shard = match super::report::shard_of(args.shard) {
        Ok(s) => s,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    // Chunks of games per table, run on every core; a shard's share by
    // table and block of SHARD_BLOCK games.
    let jobs = args.jobs.max(1);
    let chunk = args.games.div_ceil(jobs as u64).max(1);
    let mut work: Vec<(String, u64, u64)> = Vec::new();
    let mut expected = 0;
    for t in &args.tables {
        let mut block = 0;
        while block * SHARD_BLOCK < args.games {
            let (lo, hi) = (
                block * SHARD_BLOCK,
                ((block + 1) * SHARD_BLOCK).min(args.games),
            );
            if shard.is_none_or(|s| s.takes(&format!("{t}\u{0}{block}"))) {
                let mut first = lo;
                while first < hi {
                    let n = chunk.min(hi - first);
                    work.push((t.clone(), first, n));
                    first += n;
                }
                expected += hi - lo;
            }
            block += 1;
        }
    }
    let work = Mutex::new(work);
    let games = AtomicU64::new(0);
    let actions = AtomicU64::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let found: Mutex<Vec<Disagreement>> = Mutex::new(Vec::new());
    let started = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let Some((table, first, n)) = work.lock().map(|mut w| w.pop()).unwrap_or(None) else {
                    return;
                };
                let child = Command::new(&py)
                    .arg(&args.script)
                    .args(["--table", &table, "--games", &n.to_string()])
                    .args(["--seed", &args.seed.to_string(), "--first", &first.to_string()])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn();
                let mut child = match child {
                    Ok(c) => c,
                    Err(e) => {
                        failures.lock().map(|mut f| f.push(format!("cannot start OpenSpiel: {e}"))).ok();
                        return;
                    }
                };
                let Some(stdout) = child.stdout.take() else {
                    return;
                };
                let mut read = 0u64;
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let game: GameRecord = match serde_json::from_str(&line) {
                        Ok(g) => g,
                        Err(e) => {
                            failures.lock().map(|mut f| f.push(format!("unreadable game from OpenSpiel: {e}"))).ok();
                            break;
                        }
                    };
                    read += 1;
                    match replay(&game, &rules) {
                        Ok(a) => {
                            actions.fetch_add(a, Ordering::Relaxed);
                        }
                        Err(d) => {
                            found.lock().map(|mut f| f.push(*d)).ok();
                        }
                    }
                    games.fetch_add(1, Ordering::Relaxed);
                }
                let status = child.wait_with_output();
                match status {
                    Ok(o) if o.status.success() && read == n => {}
                    Ok(o) => {
                        failures
                            .lock()
                            .map(|mut f| {
                                f.push(format!(
                                    "OpenSpiel (table {table}, games {first}..{}) gave {read} of {n} games: {}",
                                    first + n,
                                    String::from_utf8_lossy(&o.stderr).lines().last().unwrap_or("")
                                ))
                            })
                            .ok();
                    }
                    Err(e) => {
                        failures.lock().map(|mut f| f.push(format!("OpenSpiel failed: {e}"))).ok();
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_by(|a, b| (a.table.as_str(), a.seed).cmp(&(b.table.as_str(), b.seed)));
    let games = games.into_inner();
    if args.json {
        let mut v = serde_json::json!({
            "games": games,
            "actions": actions.load(Ordering::Relaxed),
            "tables": args.tables,
            "games_per_table": args.games,
            "seed": args.seed,
            "disagreements": found.iter().map(|d| serde_json::json!({"table": d.table, "seed": d.seed, "step": d.step, "what": d.what})).collect::<Vec<_>>(),
            "failures": failures,
            "seconds": started.elapsed().as_secs_f64(),
        });
        if let Some(s) = shard {
            let hdr: serde_json::Value =
                serde_json::from_str(&super::report::shard_header("oracle", s, ""))
                    .unwrap_or_default();
            v["goti_shard"] = hdr["goti_shard"].clone();
        }
        outln!("{}", crate::shown::json(&v));
        if !failures.is_empty() || games != expected {
            return 2;
        }
        return i32::from(!found.is_empty());
    }
    outln!(
        "maedn oracle: {games} OpenSpiel games ({} tables x {} each, seed {}), {} player actions compared in {:.1} s: {} disagreement(s)",
        args.tables.len(),
        args.games,
        args.seed,
        actions.into_inner(),
        started.elapsed().as_secs_f64(),
        found.len()
    );
    for f in &failures {
        errln!("error: {f}");
    }
    for (k, d) in found.iter().enumerate().take(20) {
        let path = args
            .out
            .join(format!("maedn-{}-seed{}.goti", d.table, d.seed));
        outln!(
            "DISAGREE table {} seed {} step {}: {}",
            d.table,
            d.seed,
            d.step,
            d.what
        );
        if k < 20 {
            match crate::runner::snapshot::write_atomic(&path, d.scenario.as_bytes()) {
                Ok(()) => outln!("  reproduced in {}", crate::shown::path(&path)),
                Err(e) => errln!("error: cannot write {}: {e}", crate::shown::path(&path)),
            }
        }
    }
    if !failures.is_empty() || games != expected {
        return 2;
    }
    i32::from(!found.is_empty())
}
