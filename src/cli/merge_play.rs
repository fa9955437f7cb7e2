//! `goti merge` of the self-play commands' shards: balance, fuzz (text and
//! self-play) and oracle.

use super::merge_part::*;
use serde_json::Value;

/// `balance --format json` shards: every game of both sides, by seed, and
/// the comparison computed again from them (never averaged).
pub(super) fn balance(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
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
        crate::selfplay::balance::stats_from_json(v, game).ok_or("a game's stats do not read back")
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
    let notes: Vec<String> = first["notes"]
        .as_array()
        .map(|n| {
            n.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    let report = crate::selfplay::balance::compare(&b, &h, players);
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
            v["notes"] = serde_json::json!(notes);
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => super::balance_table::print_table(
            &report,
            &format!("{title}, {seconds:.1} s in all"),
            base,
            head,
            format == MergeFormat::Markdown,
            &notes,
        ),
    }
    Ok(0)
}

/// `cargo xtask fuzz-text --format json` shards: every input checked, the first failure.
pub(super) fn fuzz(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
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
            Some(f) => outln!("FAILURE on input {} ({})", f["input"], said(format, f["why"].as_str().unwrap_or(""))),
            None => outln!("{inputs} inputs in {} shards: no panic, every diagnostic inside its file, no workflow command in any reporter's output", parts.len()),
        },
    }
    Ok(i32::from(failure.is_some()))
}

/// `oracle --format json` shards: every game replayed, every disagreement.
pub(super) fn oracle(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    let (mut games, mut actions, mut perfts, mut seconds) = (0, 0, 0, 0.0);
    let (mut found, mut failures): (Vec<Value>, Vec<Value>) = (Vec::new(), Vec::new());
    let mut first: Option<Value> = None;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        games += v["games"].as_u64().unwrap_or(0);
        actions += v["actions"].as_u64().unwrap_or(0);
        perfts += v["perfts"].as_u64().unwrap_or(0);
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
                "games": games, "actions": actions, "perfts": perfts, "tables": first["tables"],
                "games_per_table": first["games_per_table"], "seed": first["seed"],
                "disagreements": found, "failures": failures, "seconds": seconds,
            });
            v["goti_shard"] = whole(&parts[0].header);
            outln!("{}", crate::shown::json(&v));
        }
        MergeFormat::Text | MergeFormat::Markdown => {
            outln!("maedn oracle: {games} OpenSpiel games in {} shards, {actions} player actions and {perfts} perfts compared: {} disagreement(s)", parts.len(), found.len());
            for d in &found {
                outln!(
                    "DISAGREE table {} seed {} step {}: {}",
                    said(format, d["table"].as_str().unwrap_or("")),
                    d["seed"],
                    d["step"],
                    said(format, d["what"].as_str().unwrap_or(""))
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

/// Self-play `fuzz --format json` shards: every game's totals, the first violation.
pub(super) fn fuzz_games(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
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
            "{}: {} games ({} finished), {} turns, {} events in {} shards: {}",
            said(format, &game),
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

/// Text read from a shard, as the format shows it: one line, and in
/// Markdown escaped (no HTML, no new block in a pull request's comment).
fn said(format: MergeFormat, s: &str) -> String {
    match format {
        MergeFormat::Markdown => crate::shown::markdown(s),
        _ => crate::shown::line(s).into_owned(),
    }
}
