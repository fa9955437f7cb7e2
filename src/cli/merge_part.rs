//! The shards `goti merge` reads: each part's header and text, checked to
//! be one run's shards 1..N, and the header of the whole.

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
                serde_json::json!({"command": "trace", "shard": s, "args": a, "rules": v["rules"], "build": v["build"], "scenarios": v["scenarios"]})
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
    let (command, args, rules, build) =
        (want("command"), want("args"), want("rules"), want("build"));
    let total = first.header["shard"]["total"].as_u64().unwrap_or(0);
    let mut seen: BTreeMap<u64, PathBuf> = BTreeMap::new();
    for p in &parts {
        let h = &p.header;
        // A result without its build cannot be told from another build's.
        if !h["build"].is_string() {
            return Err(format!(
                "{}: its shard header names no goti build (made by a goti older than this one, or edited); make every shard again with this goti ({})",
                shown(&p.file),
                super::sharding::BUILD
            ));
        }
        let (index, of) = (h["shard"]["index"].as_u64(), h["shard"]["total"].as_u64());
        match (index, of) {
            (Some(k), Some(n)) if k >= 1 && k <= n && n <= 10_000 => {}
            _ => {
                return Err(format!(
                    "{}: shard {}/{} is not a shard (write K/N with 1 <= K <= N)",
                    shown(&p.file),
                    h["shard"]["index"],
                    h["shard"]["total"]
                ))
            }
        }
        for (key, value, words) in [
            ("command", &command, "another command"),
            ("args", &args, "other arguments"),
            ("rules", &rules, "other rules"),
            ("build", &build, "another goti build"),
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
