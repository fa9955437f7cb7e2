//! `goti mutate`'s results: each mutant's fate, the score, the kill matrix
//! as text or JSON (what `goti merge` reads back).

use std::collections::{BTreeMap, BTreeSet};

use crate::mutate::*;
use serde_yaml::Value;

use crate::engine::GameKind;
use crate::mutate::mutants::Mutant;
use crate::runner::play::ruleset::RuleLayers;
use crate::runner::{self, diff, Found};

/// Killed, valid less those held equivalent, and the score (percent).
pub(super) fn score(list: &[&Fate]) -> (usize, usize, f64) {
    let killed = list.iter().filter(|f| f.status == Status::Killed).count();
    let valid = list
        .iter()
        .filter(|f| f.status != Status::Equivalent)
        .count();
    (killed, valid, 100.0 * killed as f64 / valid.max(1) as f64)
}

/// Scenarios that kill every valid mutant of their game (more than two):
/// such a scenario fails whatever changes, so its kills say nothing.
pub(super) fn kills_everything(fates: &[Fate]) -> Vec<String> {
    let mut out = Vec::new();
    let games: BTreeSet<&str> = fates.iter().map(|f| f.game.as_str()).collect();
    for game in games {
        let mine: Vec<&Fate> = fates.iter().filter(|f| f.game == game).collect();
        if mine.len() < 3 {
            continue;
        }
        let mut common: BTreeSet<&String> = mine[0].killed_by.iter().collect();
        for f in &mine[1..] {
            let these: BTreeSet<&String> = f.killed_by.iter().collect();
            common = common.intersection(&these).copied().collect();
        }
        out.extend(common.into_iter().cloned());
    }
    out
}

/// A whole mutation run (or a shard of one): what `--format json` writes
/// and `goti merge` reads back.
pub(super) struct Matrix {
    pub fates: Vec<Fate>,
    /// The games the scenarios play.
    pub games: Vec<String>,
    /// Mutants every scenario's validation refuses, per game.
    pub invalid: BTreeMap<String, usize>,
    pub invalid_list: Vec<serde_json::Value>,
    pub seconds: f64,
    /// The shard header (`goti_shard`), for a shard or a merge.
    pub shard: Option<serde_json::Value>,
}

impl Matrix {
    /// A shard's matrix from its JSON.
    pub fn from_json(v: &serde_json::Value) -> Result<Matrix, String> {
        let fates: Vec<Fate> = serde_json::from_value(v["mutants"].clone())
            .map_err(|e| format!("its mutants: {e}"))?;
        let games_map = v["games"].as_object().ok_or("no `games`")?;
        Ok(Matrix {
            fates,
            games: games_map.keys().cloned().collect(),
            invalid: games_map
                .iter()
                .map(|(g, x)| (g.clone(), x["invalid"].as_u64().unwrap_or(0) as usize))
                .collect(),
            invalid_list: v["invalid"].as_array().cloned().unwrap_or_default(),
            seconds: v["seconds"].as_f64().unwrap_or(0.0),
            shard: v.get("goti_shard").cloned(),
        })
    }

    pub fn json(&self) -> serde_json::Value {
        let fates = &self.fates;
        let all: Vec<&Fate> = fates.iter().collect();
        let (killed, valid, total) = score(&all);
        let mut games = serde_json::Map::new();
        for game in &self.games {
            let mine: Vec<&Fate> = fates.iter().filter(|f| f.game == *game).collect();
            let (k, v, s) = score(&mine);
            let mut sections = serde_json::Map::new();
            let names: BTreeSet<&str> = mine.iter().map(|f| f.section.as_str()).collect();
            for sec in names {
                let list: Vec<&Fate> = mine.iter().copied().filter(|f| f.section == sec).collect();
                let (k, v, s) = score(&list);
                sections.insert(
                    sec.to_string(),
                    serde_json::json!({"killed": k, "valid": v, "score": s}),
                );
            }
            let survivors: Vec<&&Fate> = mine
                .iter()
                .filter(|f| f.status == Status::Survived)
                .collect();
            let equivalent: Vec<&&Fate> = mine
                .iter()
                .filter(|f| f.status == Status::Equivalent)
                .collect();
            games.insert(
                game.clone(),
                serde_json::json!({
                    "killed": k, "valid": v, "score": s, "equivalent": equivalent,
                    "invalid": self.invalid.get(game).copied().unwrap_or(0),
                    "sections": sections, "survivors": survivors,
                }),
            );
        }
        let mut v = serde_json::json!({"killed": killed, "valid": valid, "score": total, "seconds": self.seconds,
            "games": games, "mutants": fates, "kills_every_mutant": kills_everything(fates), "invalid": self.invalid_list});
        if let Some(h) = &self.shard {
            v["goti_shard"] = h.clone();
        }
        v
    }

    pub fn text(&self, verbose: bool) {
        let fates = &self.fates;
        let all: Vec<&Fate> = fates.iter().collect();
        let (killed, valid, total) = score(&all);
        outln!(
            "goti mutate: {valid} valid mutants, {killed} killed: score {total:.1}% ({} invalid, refused by validation; {:.1} s)",
            self.invalid.values().sum::<usize>(),
            self.seconds
        );
        for game in &self.games {
            let mine: Vec<&Fate> = fates.iter().filter(|f| f.game == *game).collect();
            if mine.is_empty() {
                continue;
            }
            let (k, v, s) = score(&mine);
            let held = mine
                .iter()
                .filter(|f| f.status == Status::Equivalent)
                .count();
            let held = if held > 0 {
                format!(", {held} held equivalent")
            } else {
                String::new()
            };
            outln!(
                "\n{game}: {k} of {v} killed ({s:.1}%), {} invalid{held}",
                self.invalid.get(game).copied().unwrap_or(0)
            );
            let names: BTreeSet<&str> = mine.iter().map(|f| f.section.as_str()).collect();
            for sec in names {
                let list: Vec<&Fate> = mine.iter().copied().filter(|f| f.section == sec).collect();
                let (k, v, s) = score(&list);
                outln!("  {sec:<12} {k:>4} of {v:<4} {s:5.1}%");
            }
            for f in &mine {
                let reads = if f.rules.is_empty() {
                    "no cited rule".to_string()
                } else {
                    f.rules.join(", ")
                };
                match f.status {
                    Status::Survived => {
                        outln!(
                            "  survives: {} {} (reads {reads}): no passing scenario's outcome changed ({} n/a: their own ruleset sets the key)",
                            f.key, f.change, f.not_exposed
                        );
                    }
                    Status::Killed if verbose => {
                        outln!(
                            "  killed: {} {} (reads {reads}) by {} scenario(s):",
                            f.key,
                            f.change,
                            f.killed_by.len()
                        );
                        for k in &f.killed_by {
                            outln!("    {}", crate::shown::line(k));
                        }
                    }
                    Status::Killed => {}
                    Status::Equivalent => {
                        outln!(
                            "  equivalent (goti.yaml): {} {} (reads {reads}): {}",
                            f.key,
                            f.change,
                            f.equivalent.as_deref().unwrap_or("")
                        );
                    }
                }
            }
        }
        for s in kills_everything(fates) {
            outln!("\nwarning: {} kills every mutant of its game: it fails whatever changes, so its kills say nothing", crate::shown::line(&s));
        }
        if !verbose {
            outln!("\n(--verbose names the scenarios that killed each mutant; --explain KEY=VALUE shows the first one's diff)");
        }
    }
}

/// `--explain KEY=VALUE`: the first killing scenario played under the real
/// rules and the mutant, compared step by step as `goti diff` shows it.
pub(super) fn explain_one(
    work: &[(GameKind, Mutant, Vec<String>)],
    files: &[Found],
    by_game: &BTreeMap<GameKind, Vec<usize>>,
    base: &RuleLayers,
    pass: &BTreeSet<Id>,
    key: &str,
    value: &Value,
) -> Result<i32, String> {
    let shown = serde_json::to_string(value).unwrap_or_default();
    let [one] = work else {
        return Err(if work.is_empty() {
            format!("--explain {key}={shown}: no valid mutant gives {key} that value (`goti mutate --format json` lists every mutant and its `set`)")
        } else {
            format!("--explain {key}={shown}: {} mutants give {key} that value; name a list entry (`{key}.0`)", work.len())
        });
    };
    let outcome = play_all(std::slice::from_ref(one), files, by_game, base, pass)
        .pop()
        .unwrap_or_default();
    let (game, m, _) = one;
    let Some(first) = outcome.killed_by.first() else {
        outln!(
            "{} {} survives: no passing scenario's outcome changed ({} n/a)",
            m.key,
            m.change,
            outcome.not_exposed
        );
        return Ok(1);
    };
    let (place, _) = first.split_once(' ').unwrap_or((first, ""));
    let (file, line) = place.rsplit_once(':').unwrap_or((place, "0"));
    let line: usize = line.parse().unwrap_or(0);
    let found = files
        .iter()
        .find(|f| f.path.display().to_string() == file)
        .ok_or_else(|| format!("{file}: not among the scenario files"))?;
    let (base_opts, head_opts) = (
        options(base.clone(), true),
        options(mutated(base, *game, m), true),
    );
    let mut both = runner::play_files(std::slice::from_ref(found), None, None, |_| {
        vec![base_opts.clone(), head_opts.clone()]
    })
    .pop()
    .unwrap_or_default();
    let (Some(h), Some(b)) = (both.pop(), both.pop()) else {
        return Err("the scenario file gave no reports".into());
    };
    let diffs: Vec<diff::ScenarioDiff> = b
        .scenarios
        .iter()
        .zip(&h.scenarios)
        .filter(|(sb, _)| sb.line == line)
        .map(|(sb, sh)| diff::compare(&h.source.name, sb, sh))
        .collect();
    outln!(
        "mutant {} {} ({}; `goti run {place} --set {}` fails it): killed by {} scenario(s), the first:",
        m.key,
        m.change,
        game,
        set_words(m),
        outcome.killed_by.len()
    );
    super::diff_report::print_text(
        &diff::Report::new(diffs),
        "the project's rules",
        &format!("the mutant {}", set_words(m)),
    );
    Ok(0)
}
