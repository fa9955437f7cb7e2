//! `goti merge`: the JSON results of `--shard K/N` runs put together into
//! the result one machine gives (the same JSON as `--shard 1/1`, timing
//! aside), or printed as text or Markdown. Shards of different commands,
//! arguments or rules, a missing shard and a shard given twice are refused,
//! naming the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// What `goti merge` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MergeFormat {
    Json,
    Text,
    Markdown,
}

/// One shard's result: its header and its text.
struct Part {
    file: PathBuf,
    header: Value,
    text: String,
}

fn shown(p: &Path) -> String {
    crate::shown::path(p)
}

/// Reads a shard's result and finds its `goti_shard` header.
fn read(file: &Path) -> Result<Part, String> {
    let bytes = crate::runner::files::read_limited(file, 1 << 30)
        .map_err(|e| format!("{}: {e}", shown(file)))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", shown(file)))?;
    let first = text.lines().next().unwrap_or("");
    let v: Value = serde_json::from_str(first)
        .map_err(|e| format!("{}: not a goti JSON result: {e}", shown(file)))?;
    let header = if let Some(h) = v.get("goti_shard") {
        h.clone()
    } else if v.get("goti_trace").is_some() {
        // A trace: its header names the shard.
        match (v.get("shard"), v.get("args")) {
            (Some(s), Some(a)) => {
                serde_json::json!({"command": "trace", "shard": s, "args": a, "rules": v["rules"]})
            }
            _ => {
                return Err(format!(
                    "{}: a trace of no shard (made without --shard)",
                    shown(file)
                ))
            }
        }
    } else {
        return Err(format!(
            "{}: no shard header: make each part with --shard K/N (and --format json)",
            shown(file)
        ));
    };
    Ok(Part {
        file: file.to_path_buf(),
        header,
        text,
    })
}

/// Checks the parts are one run's shards 1..N, each once: in shard order.
fn check(mut parts: Vec<Part>) -> Result<Vec<Part>, String> {
    let Some(first) = parts.first() else {
        return Err("name the shards' result files".into());
    };
    let want = |k: &str| first.header[k].clone();
    let (command, args, rules) = (want("command"), want("args"), want("rules"));
    let total = first.header["shard"]["total"].as_u64().unwrap_or(0);
    let mut seen: BTreeMap<u64, PathBuf> = BTreeMap::new();
    for p in &parts {
        let h = &p.header;
        for (key, value, words) in [
            ("command", &command, "another command"),
            ("args", &args, "other arguments"),
            ("rules", &rules, "other rules"),
        ] {
            if h[key] != *value {
                return Err(format!(
                    "{} is a shard of {words} than {} ({key}: {} against {}); merge the shards of one run",
                    shown(&p.file),
                    shown(&first.file),
                    h[key],
                    value
                ));
            }
        }
        if h["shard"]["total"].as_u64() != Some(total) {
            return Err(format!(
                "{} is a shard of {} parts, {} of {total}",
                shown(&p.file),
                h["shard"]["total"],
                shown(&first.file)
            ));
        }
        let k = h["shard"]["index"].as_u64().unwrap_or(0);
        if let Some(other) = seen.insert(k, p.file.clone()) {
            return Err(format!(
                "shard {k}/{total} is given twice: {} and {}",
                shown(&other),
                shown(&p.file)
            ));
        }
    }
    let missing: Vec<String> = (1..=total)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{total}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!("shard {} is missing", missing.join(", ")));
    }
    parts.sort_by_key(|p| p.header["shard"]["index"].as_u64());
    Ok(parts)
}

/// The header of the whole: shard 1/1.
fn whole(header: &Value) -> Value {
    let mut h = header.clone();
    h["shard"] = serde_json::json!({"index": 1, "total": 1});
    h
}

pub fn merge(files: &[PathBuf], format: MergeFormat) -> i32 {
    match run(files, format) {
        Ok(code) => code,
        Err(e) => {
            errln!("error: {e}");
            2
        }
    }
}

fn run(files: &[PathBuf], format: MergeFormat) -> Result<i32, String> {
    let parts = files
        .iter()
        .map(|f| read(f))
        .collect::<Result<Vec<_>, _>>()?;
    let parts = check(parts)?;
    let command = parts[0].header["command"]
        .as_str()
        .unwrap_or("")
        .to_string();
    match command.as_str() {
        "run" | "check" => scenarios(&parts, format),
        "trace" => traces(&parts),
        "mutate" => mutants(&parts, format),
        "balance" => balance(&parts, format),
        "fuzz" => fuzz(&parts, format),
        "oracle" => oracle(&parts, format),
        "fuzz-games" => fuzz_games(&parts, format),
        other => Err(format!("goti merge does not merge `{other}` results")),
    }
}

/// `run`/`check --format json` shards: every scenario line, in the order
/// of one run (by file, then line), and the summary counted again.
fn scenarios(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let mut lines: Vec<(String, u64, String)> = Vec::new();
    let mut word = "passed".to_string();
    for p in parts {
        for l in p.text.lines().skip(1) {
            let v: Value =
                serde_json::from_str(l).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
            if let Some(s) = v.get("summary").and_then(Value::as_object) {
                if let Some(k) = s.keys().find(|k| *k != "failed") {
                    word = k.clone();
                }
                continue;
            }
            let file = v["file"].as_str().unwrap_or("").to_string();
            lines.push((file, v["line"].as_u64().unwrap_or(0), l.to_string()));
        }
    }
    lines.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let status = |l: &str| {
        serde_json::from_str::<Value>(l)
            .map(|v| v["status"] == "pass")
            .unwrap_or(false)
    };
    let passed = lines.iter().filter(|(_, _, l)| status(l)).count();
    let failed = lines.len() - passed;
    match format {
        MergeFormat::Json => {
            outln!(
                "{}",
                crate::shown::json(&serde_json::json!({"goti_shard": whole(&parts[0].header)}))
            );
            for (_, _, l) in &lines {
                outln!("{l}");
            }
            outln!(
                "{}",
                crate::shown::json(
                    &serde_json::json!({"summary": {word.as_str(): passed, "failed": failed}})
                )
            );
        }
        MergeFormat::Text | MergeFormat::Markdown => {
            let md = format == MergeFormat::Markdown;
            if md {
                outln!("| status | scenario |\n|---|---|");
            }
            for (_, _, l) in &lines {
                let v: Value = serde_json::from_str(l).unwrap_or_default();
                let ok = v["status"] == "pass";
                let place = format!(
                    "{}:{} {}",
                    v["file"].as_str().unwrap_or(""),
                    v["line"],
                    v["scenario"].as_str().unwrap_or("(file)")
                );
                if md {
                    outln!(
                        "| {} | {} |",
                        if ok { "ok" } else { "FAIL" },
                        crate::shown::markdown(&place)
                    );
                } else {
                    outln!(
                        "{} {}",
                        if ok { "ok  " } else { "FAIL" },
                        crate::shown::line(&place)
                    );
                }
            }
            outln!("{passed} {word}, {failed} failed");
        }
    }
    Ok(i32::from(failed > 0))
}

/// Trace shards: one trace with every scenario, in the order of one run.
fn traces(parts: &[Part]) -> Result<i32, String> {
    let mut header: Value = serde_json::from_str(parts[0].text.lines().next().unwrap_or(""))
        .map_err(|e| e.to_string())?;
    let files: Vec<String> = header["files"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|f| f.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let rank = |f: &str| files.iter().position(|x| x == f).unwrap_or(usize::MAX);
    let mut blocks: Vec<((usize, u64), Vec<String>)> = Vec::new();
    for p in parts {
        for l in p.text.lines().skip(1) {
            let v: Value =
                serde_json::from_str(l).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
            if v["kind"] == "scenario" {
                let key = (
                    rank(v["file"].as_str().unwrap_or("")),
                    v["line"].as_u64().unwrap_or(0),
                );
                blocks.push((key, vec![l.to_string()]));
            } else if let Some(b) = blocks.last_mut() {
                b.1.push(l.to_string());
            }
        }
    }
    blocks.sort_by_key(|b| b.0);
    header["shard"] = serde_json::json!({"index": 1, "total": 1});
    outln!("{}", crate::shown::json(&header));
    for (_, lines) in blocks {
        for l in lines {
            outln!("{l}");
        }
    }
    Ok(0)
}

/// `mutate --format json` shards: the kill matrix of every mutant.
fn mutants(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let mut all: Option<super::mutate::Matrix> = None;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        let m =
            super::mutate::Matrix::from_json(&v).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        match &mut all {
            None => all = Some(m),
            Some(a) => {
                a.fates.extend(m.fates);
                a.seconds += m.seconds;
                for g in m.games {
                    if !a.games.contains(&g) {
                        a.games.push(g);
                    }
                }
            }
        }
    }
    let mut all = all.ok_or("no shard")?;
    all.fates.sort_by_key(|f| f.n());
    all.shard = Some(whole(&parts[0].header));
    match format {
        MergeFormat::Json => outln!("{}", crate::shown::json(&all.json())),
        MergeFormat::Text | MergeFormat::Markdown => all.text(false),
    }
    Ok(0)
}

/// `balance --format json` shards: every game of both sides, by seed, and
/// the comparison computed again from them (never averaged).
fn balance(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let mut games: Vec<(u64, Value, Value)> = Vec::new();
    let mut first: Option<Value> = None;
    let mut seconds = 0.0;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        let seeds = v["seeds"].as_array().cloned().unwrap_or_default();
        let (b, h) = (
            v["stats"]["base"].as_array().cloned().unwrap_or_default(),
            v["stats"]["head"].as_array().cloned().unwrap_or_default(),
        );
        if seeds.len() != b.len() || b.len() != h.len() {
            return Err(format!("{}: seeds and games do not match", shown(&p.file)));
        }
        for ((s, b), h) in seeds.iter().zip(b).zip(h) {
            games.push((s.as_u64().unwrap_or(0), b, h));
        }
        seconds += v["seconds"].as_f64().unwrap_or(0.0);
        first.get_or_insert(v);
    }
    let first = first.ok_or("no shard")?;
    games.sort_by_key(|g| g.0);
    let game: crate::engine::GameKind = first["game"]
        .as_str()
        .unwrap_or("")
        .parse()
        .map_err(|e| format!("{}: {e}", shown(&parts[0].file)))?;
    let read = |v: &Value| {
        crate::balance::stats_from_json(v, game).ok_or("a game's stats do not read back")
    };
    let b = games
        .iter()
        .map(|g| read(&g.1))
        .collect::<Result<Vec<_>, _>>()?;
    let h = games
        .iter()
        .map(|g| read(&g.2))
        .collect::<Result<Vec<_>, _>>()?;
    let players = first["players"].as_u64().unwrap_or(4) as usize;
    let report = crate::balance::compare(&b, &h, players);
    let title = first["title"].as_str().unwrap_or("").to_string();
    let (base, head) = (
        first["base"].as_str().unwrap_or(""),
        first["head"].as_str().unwrap_or(""),
    );
    match format {
        MergeFormat::Json => {
            let mut v = serde_json::json!({"title": title, "base": base, "head": head, "seconds": seconds, "report": report});
            v["goti_shard"] = whole(&parts[0].header);
            v["game"] = game.name().into();
            v["players"] = players.into();
            v["seeds"] = serde_json::json!(games.iter().map(|g| g.0).collect::<Vec<_>>());
            v["stats"] = serde_json::json!({"base": b, "head": h});
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => super::balance::print_table(
            &report,
            &format!("{title}, {seconds:.1} s in all"),
            base,
            head,
            format == MergeFormat::Markdown,
        ),
    }
    Ok(0)
}

/// `fuzz --text --json` shards: every input checked, the first failure.
fn fuzz(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let (mut inputs, mut seconds) = (0, 0.0);
    let mut failure: Option<Value> = None;
    let mut first: Option<Value> = None;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        inputs += v["inputs"].as_u64().unwrap_or(0);
        seconds += v["seconds"].as_f64().unwrap_or(0.0);
        if let Some(f) = v.get("failure").filter(|f| !f.is_null()) {
            let n = f["input"].as_u64();
            if failure.as_ref().is_none_or(|g| n < g["input"].as_u64()) {
                failure = Some(f.clone());
            }
        }
        first.get_or_insert(v);
    }
    let first = first.ok_or("no shard")?;
    match format {
        MergeFormat::Json => {
            let mut v = serde_json::json!({"inputs": inputs, "cases": first["cases"], "seed": first["seed"], "failure": failure, "seconds": seconds});
            v["goti_shard"] = whole(&parts[0].header);
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => match &failure {
            Some(f) => outln!("FAILURE on input {} ({})", f["input"], crate::shown::line(f["why"].as_str().unwrap_or(""))),
            None => outln!("{inputs} inputs in {} shards: no panic, every diagnostic inside its file, no workflow command in any reporter's output", parts.len()),
        },
    }
    Ok(i32::from(failure.is_some()))
}

/// `oracle --json` shards: every game replayed, every disagreement.
fn oracle(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let (mut games, mut actions, mut seconds) = (0, 0, 0.0);
    let (mut found, mut failures): (Vec<Value>, Vec<Value>) = (Vec::new(), Vec::new());
    let mut first: Option<Value> = None;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        games += v["games"].as_u64().unwrap_or(0);
        actions += v["actions"].as_u64().unwrap_or(0);
        seconds += v["seconds"].as_f64().unwrap_or(0.0);
        found.extend(v["disagreements"].as_array().cloned().unwrap_or_default());
        failures.extend(v["failures"].as_array().cloned().unwrap_or_default());
        first.get_or_insert(v);
    }
    let first = first.ok_or("no shard")?;
    found.sort_by(|a, b| {
        (a["table"].as_str(), a["seed"].as_u64()).cmp(&(b["table"].as_str(), b["seed"].as_u64()))
    });
    match format {
        MergeFormat::Json => {
            let mut v = serde_json::json!({
                "games": games, "actions": actions, "tables": first["tables"],
                "games_per_table": first["games_per_table"], "seed": first["seed"],
                "disagreements": found, "failures": failures, "seconds": seconds,
            });
            v["goti_shard"] = whole(&parts[0].header);
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => {
            outln!("maedn oracle: {games} OpenSpiel games in {} shards, {actions} player actions compared: {} disagreement(s)", parts.len(), found.len());
            for d in &found {
                outln!(
                    "DISAGREE table {} seed {} step {}: {}",
                    d["table"].as_str().unwrap_or(""),
                    d["seed"],
                    d["step"],
                    crate::shown::line(d["what"].as_str().unwrap_or(""))
                );
            }
        }
    }
    Ok(if !failures.is_empty() {
        2
    } else {
        i32::from(!found.is_empty())
    })
}

/// Self-play `fuzz --json` shards: every game's totals, the first violation.
fn fuzz_games(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let mut sums = [0u64; 4];
    let mut seconds = 0.0;
    let mut violation: Option<Value> = None;
    let mut game = String::new();
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        for (k, key) in ["games", "finished", "turns", "events"].iter().enumerate() {
            sums[k] += v[*key].as_u64().unwrap_or(0);
        }
        seconds += v["seconds"].as_f64().unwrap_or(0.0);
        if let Some(x) = v.get("violation").filter(|x| !x.is_null()) {
            if violation
                .as_ref()
                .is_none_or(|y| x["seed"].as_u64() < y["seed"].as_u64())
            {
                violation = Some(x.clone());
            }
        }
        game = v["game"].as_str().unwrap_or("").to_string();
    }
    match format {
        MergeFormat::Json => {
            let mut v = serde_json::json!({
                "game": game, "games": sums[0], "finished": sums[1], "turns": sums[2],
                "events": sums[3], "seconds": seconds, "violation": violation,
            });
            v["goti_shard"] = whole(&parts[0].header);
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => outln!(
            "{game}: {} games ({} finished), {} turns, {} events in {} shards: {}",
            sums[0],
            sums[1],
            sums[2],
            sums[3],
            parts.len(),
            violation
                .as_ref()
                .map_or("no violation".to_string(), |v| format!(
                    "VIOLATION in game seed {}",
                    v["seed"]
                ))
        ),
    }
    Ok(i32::from(violation.is_some()))
}
