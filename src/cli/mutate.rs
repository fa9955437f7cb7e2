//! `goti mutate`: would the scenarios notice if a rule were wrong? Every
//! mutant of the rulesets the scenarios play (`rules::mutate`) is played
//! against the suite; a mutant is killed when a scenario that passed under
//! the real rules fails under it. Mutants run in parallel, each as a
//! partial ruleset layer standing where `--ruleset` stands (so a
//! scenario's own `set` lines still win).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;

use super::context;
use crate::engine::GameKind;
use crate::rules::mutate::{mutants, rules_for, rules_of_keys, Mutant};
use crate::runner::play::ruleset::{LayerSource, RuleLayers};
use crate::runner::position::Rules;
use crate::runner::{self, Found, RunOptions};

/// Output formats of `goti mutate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MutateFormat {
    Text,
    Json,
}

/// One mutant's fate.
#[derive(Clone, Debug, serde::Serialize)]
struct Fate {
    game: &'static str,
    key: String,
    change: String,
    kind: crate::rules::mutate::MutationKind,
    rules: Vec<String>,
    section: String,
    /// The first scenario that noticed, or none (a survivor).
    killed_by: Option<String>,
}

/// (file, line) of a scenario.
type Id = (String, usize);

/// The scenarios that pass under `layers`, and the games each file plays.
fn passing(files: &[Found], layers: &RuleLayers) -> (BTreeSet<Id>, BTreeMap<GameKind, Vec<usize>>) {
    let reports: Vec<_> = files
        .par_iter()
        .map(|f| runner::run_file(&f.path, &options(layers.clone(), f), None))
        .collect();
    let mut pass = BTreeSet::new();
    let mut by_game: BTreeMap<GameKind, Vec<usize>> = BTreeMap::new();
    for (i, r) in reports.iter().enumerate() {
        for s in &r.scenarios {
            if s.passed() {
                pass.insert((r.source.name.clone(), s.line));
            }
            let list = by_game.entry(s.game).or_default();
            if list.last() != Some(&i) {
                list.push(i);
            }
        }
    }
    (pass, by_game)
}

fn options(layers: RuleLayers, f: &Found) -> RunOptions {
    RunOptions {
        skip_snapshots: false,
        write_snapshots: false,
        root: Some(Arc::from(f.root.as_path())),
        layers: Arc::new(layers),
        ..RunOptions::default()
    }
}

/// The first scenario passing under the real rules that fails under `m`.
fn first_killer(
    m: &Mutant,
    game: GameKind,
    files: &[&Found],
    base: &RuleLayers,
    pass: &BTreeSet<Id>,
) -> Option<String> {
    let mut layers = base.clone();
    layers.command_line.push((
        game,
        LayerSource::Text {
            name: format!("mutant {} {}", m.key, m.change),
            text: Arc::new(m.layer_text(game.name())),
        },
    ));
    for f in files {
        let r = runner::run_file(&f.path, &options(layers.clone(), f), None);
        for s in &r.scenarios {
            let id = (r.source.name.clone(), s.line);
            if !s.passed() && pass.contains(&id) {
                return Some(format!("{}:{} {}", id.0, id.1, s.name));
            }
        }
    }
    None
}

pub fn mutate(
    paths: Vec<PathBuf>,
    only: Option<&str>,
    format: MutateFormat,
    min_score: Option<f64>,
) -> i32 {
    let project = match context::project() {
        Ok(p) => p,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let base = match context::layers(project.as_ref(), &context::RulesArgs::default()) {
        Ok(l) => l,
        Err(e) => {
            errln!("error: {e}");
            return 2;
        }
    };
    let paths = context::paths_or_default(paths, project.as_ref());
    let files = match super::output::scenario_files(&paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let started = std::time::Instant::now();
    let (pass, by_game) = passing(&files, &base);
    if pass.is_empty() {
        errln!("error: no scenario passes under the real rules: a mutant could kill nothing");
        return 2;
    }
    // Every valid mutant of every game the scenarios play.
    let mut work: Vec<(GameKind, Mutant, Vec<String>)> = Vec::new();
    let mut invalid: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut invalid_list: Vec<serde_json::Value> = Vec::new();
    for &game in by_game.keys() {
        let tree = match context::working_tree(game, project.as_ref()) {
            Ok((t, _)) => t,
            Err(e) => {
                errln!("error: {e}");
                return 2;
            }
        };
        let ids: Vec<&str> = game.catalogue().iter().map(|r| r.id.0).collect();
        let table = rules_of_keys(super::default_yaml(game), &ids);
        for m in mutants(&tree) {
            if only.is_some_and(|o| !m.key.starts_with(o)) {
                continue;
            }
            if let Err(e) = Rules::from_tree(game, m.apply(&tree)) {
                *invalid.entry(game.name()).or_default() += 1;
                invalid_list.push(serde_json::json!({"game": game.name(), "key": m.key, "change": m.change, "refused": e.to_string()}));
                continue;
            }
            let rules = rules_for(&table, &m.key);
            work.push((game, m, rules));
        }
    }
    if work.is_empty() {
        errln!(
            "error: no valid mutant{}: nothing was checked",
            only.map_or(String::new(), |o| format!(" of a key starting `{o}`"))
        );
        return 2;
    }
    let fates: Vec<Fate> = work
        .par_iter()
        .map(|(game, m, rules)| {
            let mine: Vec<&Found> = by_game[game].iter().map(|&i| &files[i]).collect();
            Fate {
                game: game.name(),
                key: m.key.clone(),
                change: m.change.clone(),
                kind: m.kind,
                section: rules
                    .first()
                    .and_then(|r| r.split('.').next())
                    .unwrap_or("(no rule)")
                    .to_string(),
                rules: rules.clone(),
                killed_by: first_killer(m, *game, &mine, &base, &pass),
            }
        })
        .collect();
    let secs = started.elapsed().as_secs_f64();
    let score = |list: &[&Fate]| {
        let killed = list.iter().filter(|f| f.killed_by.is_some()).count();
        (
            killed,
            list.len(),
            100.0 * killed as f64 / list.len().max(1) as f64,
        )
    };
    let all: Vec<&Fate> = fates.iter().collect();
    let (killed, valid, total) = score(&all);
    match format {
        MutateFormat::Json => {
            let mut games = serde_json::Map::new();
            for game in by_game.keys() {
                let mine: Vec<&Fate> = fates.iter().filter(|f| f.game == game.name()).collect();
                let (k, v, s) = score(&mine);
                let mut sections = serde_json::Map::new();
                let names: BTreeSet<&str> = mine.iter().map(|f| f.section.as_str()).collect();
                for sec in names {
                    let list: Vec<&Fate> =
                        mine.iter().copied().filter(|f| f.section == sec).collect();
                    let (k, v, s) = score(&list);
                    sections.insert(
                        sec.to_string(),
                        serde_json::json!({"killed": k, "valid": v, "score": s}),
                    );
                }
                let survivors: Vec<&&Fate> =
                    mine.iter().filter(|f| f.killed_by.is_none()).collect();
                games.insert(
                    game.name().to_string(),
                    serde_json::json!({
                        "killed": k, "valid": v, "score": s,
                        "invalid": invalid.get(game.name()).copied().unwrap_or(0),
                        "sections": sections, "survivors": survivors,
                    }),
                );
            }
            outln!(
                "{}",
                serde_json::json!({"killed": killed, "valid": valid, "score": total, "seconds": secs, "games": games, "invalid": invalid_list})
            );
        }
        MutateFormat::Text => {
            outln!(
                "goti mutate: {valid} valid mutants, {killed} killed: score {total:.1}% ({} invalid, refused by validation; {secs:.1} s)",
                invalid.values().sum::<usize>()
            );
            for game in by_game.keys() {
                let mine: Vec<&Fate> = fates.iter().filter(|f| f.game == game.name()).collect();
                if mine.is_empty() {
                    continue;
                }
                let (k, v, s) = score(&mine);
                outln!(
                    "\n{}: {k} of {v} killed ({s:.1}%), {} invalid",
                    game.name(),
                    invalid.get(game.name()).copied().unwrap_or(0)
                );
                let names: BTreeSet<&str> = mine.iter().map(|f| f.section.as_str()).collect();
                for sec in names {
                    let list: Vec<&Fate> =
                        mine.iter().copied().filter(|f| f.section == sec).collect();
                    let (k, v, s) = score(&list);
                    outln!("  {sec:<12} {k:>4} of {v:<4} {s:5.1}%");
                }
                for f in mine.iter().filter(|f| f.killed_by.is_none()) {
                    outln!(
                        "  survives: {} {} (reads {}): no passing scenario's outcome changed",
                        f.key,
                        f.change,
                        if f.rules.is_empty() {
                            "no cited rule".to_string()
                        } else {
                            f.rules.join(", ")
                        }
                    );
                }
            }
        }
    }
    match min_score {
        Some(min) if total + 1e-9 < min => {
            errln!("error: mutation score {total:.1}% is below --min-score {min}");
            1
        }
        _ => 0,
    }
}
