//! `goti merge`: the JSON results of `--shard K/N` runs put together into
//! the result one machine gives (the same JSON as `--shard 1/1`, timing
//! aside), or printed as text or Markdown. Shards of different commands,
//! arguments or rules, a missing shard and a shard given twice are refused,
//! naming the file.

use super::commands::CliError;
use super::merge_play::*;
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
pub(super) struct Part {
    pub(super) file: PathBuf,
    pub(super) header: Value,
    pub(super) text: String,
}

pub(super) fn shown(p: &Path) -> String {
    crate::shown::path(p)
}

/// Reads a shard's result and finds its `goti_shard` header.
pub(super) fn read(file: &Path) -> Result<Part, String> {
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
pub(super) fn check(mut parts: Vec<Part>) -> Result<Vec<Part>, String> {
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
pub(super) fn whole(header: &Value) -> Value {
    let mut h = header.clone();
    h["shard"] = serde_json::json!({"index": 1, "total": 1});
    h
}

pub fn merge(files: &[PathBuf], format: MergeFormat) -> Result<i32, CliError> {
    Ok(run(files, format)?)
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
    let mut all: Option<super::mutate_report::Matrix> = None;
    for p in parts {
        let v: Value =
            serde_json::from_str(&p.text).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
        let m = super::mutate_report::Matrix::from_json(&v)
            .map_err(|e| format!("{}: {e}", shown(&p.file)))?;
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
