//! `goti merge`: the JSON results of `--shard K/N` runs put together into
//! the result one machine gives (the same JSON as `--shard 1/1`, timing
//! aside), or printed as text or Markdown. Shards of different commands,
//! arguments or rules, a missing shard and a shard given twice are refused,
//! naming the file.

use super::error::CliError;
pub use super::merge_part::MergeFormat;
use super::merge_part::*;
use super::merge_play;
use std::path::PathBuf;

use serde_json::Value;

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
        "balance" => merge_play::balance(&parts, format),
        "fuzz" => merge_play::fuzz(&parts, format),
        "oracle" => merge_play::oracle(&parts, format),
        "fuzz-games" => merge_play::fuzz_games(&parts, format),
        other => Err(format!("goti merge does not merge `{other}` results")),
    }
}

/// `run`/`check --format json` shards: every scenario line, in the order
/// of one run (by file, then line), and the summary counted again. Each
/// shard must be whole — its summary last, agreeing with its lines — or the
/// merge is refused, naming the file; a file's own failure, which every
/// shard reports, is counted once, as one run counts it.
fn scenarios(parts: &[Part], format: MergeFormat) -> Result<i32, String> {
    // (file, line, the JSON line, passed), each line's status read once.
    let mut lines: Vec<(String, u64, String, bool)> = Vec::new();
    let mut word = "passed".to_string();
    let mut file_failures = std::collections::BTreeSet::new();
    let mut unreadable = false;
    for p in parts {
        let cut = |why: String| {
            format!(
                "{}: {why}: the shard's result is cut or altered; make it again (a merge never passes what it did not see)",
                shown(&p.file)
            )
        };
        let (mut passed, mut failed) = (0u64, 0u64);
        let mut summary: Option<(u64, u64)> = None;
        for l in p.text.lines().skip(1) {
            if summary.is_some() {
                return Err(cut("a line after its summary".into()));
            }
            let v: Value =
                serde_json::from_str(l).map_err(|e| format!("{}: {e}", shown(&p.file)))?;
            if let Some(s) = v.get("summary").and_then(Value::as_object) {
                if let Some(k) = s.keys().find(|k| *k != "failed") {
                    word = k.clone();
                }
                let count = |k: &str| s.get(k).and_then(Value::as_u64);
                match (count(&word), count("failed")) {
                    (Some(a), Some(b)) => summary = Some((a, b)),
                    _ => return Err(cut("a summary without its counts".into())),
                }
                continue;
            }
            let ok = match v["status"].as_str() {
                Some("pass") => true,
                Some("fail") => false,
                _ => return Err(cut(format!("a line with no status: {}", shown_line(l)))),
            };
            let file = v["file"].as_str().unwrap_or("").to_string();
            if v["scenario"].is_null() {
                // The file's own failure: every shard that scanned the file says it.
                for d in v["problems"].as_array().into_iter().flatten() {
                    unreadable |= matches!(d["kind"].as_str(), Some("unreadable" | "internal"));
                }
                failed += 1;
                if !file_failures.insert(l.to_string()) {
                    continue;
                }
            } else if ok {
                passed += 1;
            } else {
                failed += 1;
            }
            lines.push((file, v["line"].as_u64().unwrap_or(0), l.to_string(), ok));
        }
        match summary {
            None => return Err(cut("no summary line at its end".into())),
            Some(s) if s != (passed, failed) => {
                return Err(cut(format!(
                    "its summary says {} {word} and {} failed, its lines {passed} and {failed}",
                    s.0, s.1
                )))
            }
            Some(_) => {}
        }
    }
    lines.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    let passed = lines.iter().filter(|l| l.3).count();
    let failed = lines.len() - passed;
    match format {
        MergeFormat::Json => {
            outln!(
                "{}",
                crate::shown::json(&serde_json::json!({"goti_shard": whole(&parts[0].header)}))
            );
            for (_, _, l, _) in &lines {
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
            for (_, _, l, ok) in &lines {
                let ok = *ok;
                let v: Value = serde_json::from_str(l).unwrap_or_default();
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
    // The exit code one run gives: 2 for a file goti could not read.
    Ok(if unreadable { 2 } else { i32::from(failed > 0) })
}

/// A line of a shard, shortened for an error.
fn shown_line(l: &str) -> String {
    crate::shown::line(&l.chars().take(80).collect::<String>()).into_owned()
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
        // A shard holds the scenarios its header counts, or it was cut.
        let held = p
            .text
            .lines()
            .skip(1)
            .filter(|l| l.starts_with("{\"kind\":\"scenario\""))
            .count();
        if p.header["scenarios"].as_u64() != Some(held as u64) {
            return Err(format!(
                "{}: its header counts {} scenarios, it holds {held}: the shard's trace is cut or altered; make it again",
                shown(&p.file),
                p.header["scenarios"]
            ));
        }
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
    if let Some(h) = header.as_object_mut() {
        h.insert("scenarios".into(), blocks.len().into());
    }
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
    all.fates.sort_by_key(|f| f.n);
    all.shard = Some(whole(&parts[0].header));
    match format {
        MergeFormat::Json => outln!("{}", crate::shown::json(&all.json())),
        MergeFormat::Text => all.text(false),
        // The report as text in a fenced block: nothing in it is Markdown.
        MergeFormat::Markdown => {
            outln!("````text");
            all.text(false);
            outln!("````");
        }
    }
    // `--min-score` of the shards, judged on the whole as one run judges it.
    let fates: Vec<&crate::mutate::Fate> = all.fates.iter().collect();
    let (_, _, total) = super::mutate_report::score(&fates);
    match parts[0].header["min_score"].as_f64() {
        Some(min) if total + 1e-9 < min => {
            errln!("error: mutation score {total:.1}% is below --min-score {min}");
            Ok(1)
        }
        _ => Ok(0),
    }
}
