//! `cargo xtask oracle`: OpenSpiel's seeded random maedn games replayed in
//! goti action by action (`crate::oracle`). OpenSpiel runs as Python
//! processes (`tools/openspiel_maedn.py`, one per chunk of games, on every
//! core: `oracle::judge_chunks`); goti reads their games as they come.

use super::command_args::OracleCli;
use super::error::CliError;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use crate::check::oracle::{judge_chunks, AsMaedn, Chunk, Judged};
use crate::engine::{Game, Maedn, Race};

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

/// `cargo xtask oracle` on `jobs` OpenSpiel processes at once.
pub fn oracle(args: &OracleCli, jobs: usize) -> Result<i32, CliError> {
    super::error::checked_count(args.games, args.seed, "--games", super::error::MAX_GAMES)?;
    Ok(run(args, jobs)?)
}

fn run(args: &OracleCli, jobs: usize) -> Result<i32, String> {
    // The game replayed: maedn, or race's description of it.
    match args.game.as_str() {
        "race" => run_game::<Race>(args, jobs),
        _ => run_game::<Maedn>(args, jobs),
    }
}

fn run_game<G: AsMaedn>(args: &OracleCli, jobs: usize) -> Result<i32, String> {
    let (rules, py) = ready::<G>(args)?;
    let shard = super::sharding::shard_of(args.shard)?;
    let (work, expected) = chunks(args, shard, jobs);
    let started = std::time::Instant::now();
    let judged = judge_chunks::<G>((&py, &args.script), args.seed, &work, &rules, jobs.max(1));
    let secs = started.elapsed().as_secs_f64();
    let broken = !judged.failures.is_empty() || judged.games != expected;
    if args.format == super::command_args::TextOrJson::Json {
        print_json(args, &judged, shard, secs);
    } else {
        print_text(args, &judged, secs);
    }
    Ok(if broken {
        2
    } else {
        i32::from(!judged.found.is_empty())
    })
}

/// The arguments checked, goti's rules with `--set`, and a Python that
/// has OpenSpiel.
fn ready<G: Game>(args: &OracleCli) -> Result<(Arc<G::Rules>, PathBuf), String> {
    const TABLES: [&str; 4] = ["2o", "2s", "3", "4"];
    if args.games == 0 {
        return Err("--games 0 checks nothing".into());
    }
    if let Some(bad) = args.tables.iter().find(|t| !TABLES.contains(&t.as_str())) {
        return Err(format!("no table {bad:?} (tables: 2o 2s 3 4: two players opposite or side by side, three, four)"));
    }
    if !args.script.is_file() {
        return Err(format!(
            "{} not found (run from the project root or give --script)",
            crate::shown::path(&args.script)
        ));
    }
    let mut overrides = Vec::new();
    for s in &args.sets {
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| format!("--set {s}: write KEY=VALUE"))?;
        overrides.push((k.trim(), v.trim()));
    }
    let params = {
        use crate::rules::RulesetParams;
        G::Params::shipped()
            .with_overrides(&overrides)
            .map_err(|e| format!("--set: {e}"))?
    };
    let py = python(args.python.as_deref());
    match Command::new(&py).args(["-c", "import pyspiel"]).output() {
        Ok(o) if o.status.success() => Ok((G::new_rules(params), py)),
        Ok(o) => Err(format!(
            "{} has no OpenSpiel (pyspiel): {}\n  install it: python3 -m venv target/openspiel-venv && target/openspiel-venv/bin/pip install open_spiel",
            crate::shown::path(&py),
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .last()
                .unwrap_or("")
        )),
        Err(e) => Err(format!("cannot run {}: {e}", crate::shown::path(&py))),
    }
}

/// Chunks of games per table, one per core; a shard's share by table and
/// block of SHARD_BLOCK games. Also how many games the chunks hold.
fn chunks(
    args: &OracleCli,
    shard: Option<crate::runner::shard::Shard>,
    jobs: usize,
) -> (Vec<Chunk>, u64) {
    let chunk = args.games.div_ceil(jobs.max(1) as u64).max(1);
    let mut work: Vec<Chunk> = Vec::new();
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
    (work, expected)
}

fn print_json(
    args: &OracleCli,
    judged: &Judged,
    shard: Option<crate::runner::shard::Shard>,
    secs: f64,
) {
    let mut v = serde_json::json!({
        "games": judged.games,
        "actions": judged.actions,
        "perfts": judged.perfts,
        "tables": args.tables,
        "games_per_table": args.games,
        "seed": args.seed,
        "disagreements": judged.found.iter().map(|d| serde_json::json!({"table": d.table, "seed": d.seed, "step": d.step, "what": d.what})).collect::<Vec<_>>(),
        "failures": judged.failures,
        "seconds": secs,
    });
    if let Some(s) = shard {
        let hdr: serde_json::Value =
            serde_json::from_str(&super::sharding::shard_header("oracle", s, ""))
                .unwrap_or_default();
        v["goti_shard"] = hdr["goti_shard"].clone();
    }
    outln!("{}", crate::shown::json(&v));
}

/// The summary, the failures, and the first 20 disagreements, each also
/// written as a scenario that reproduces it.
fn print_text(args: &OracleCli, judged: &Judged, secs: f64) {
    outln!(
        "{} oracle: {} OpenSpiel games ({} tables x {} each, seed {}), {} player actions and {} perfts compared in {secs:.1} s: {} disagreement(s)",
        args.game,
        judged.games,
        args.tables.len(),
        args.games,
        args.seed,
        judged.actions,
        judged.perfts,
        judged.found.len()
    );
    for f in &judged.failures {
        errln!("error: {f}");
    }
    for d in judged.found.iter().take(20) {
        let path = args
            .output
            .join(format!("{}-{}-seed{}.goti", args.game, d.table, d.seed));
        outln!(
            "DISAGREE table {} seed {} step {}: {}",
            d.table,
            d.seed,
            d.step,
            d.what
        );
        match crate::runner::snapshot::write_atomic(&path, d.scenario.as_bytes()) {
            Ok(()) => outln!("  reproduced in {}", crate::shown::path(&path)),
            Err(e) => errln!("error: cannot write {}: {e}", crate::shown::path(&path)),
        }
    }
}
