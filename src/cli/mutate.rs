//! `goti mutate`: would the scenarios notice if a rule were wrong? Every
//! mutant of the project's rules (`mutate::mutants`: the defaults plus the
//! project's ruleset file with its whole `extends:` chain) is one key given
//! another value. It replaces that key, and nothing else, in every scenario
//! that does not give the key a value of its own (its `rules file`, a file
//! that extends, or `set`); such a scenario is "n/a" for it. A mutant is
//! killed by a scenario that passes under the real rules and fails under
//! it; a scenario whose rules the mutant makes invalid does not kill it.
//! The kill matrix names every killer.

use super::args::{MutateCli, MutateFormat};
use super::error::CliError;
use super::mutate_report::*;
use crate::mutate::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_yaml::Value;

use super::context;
use crate::engine::GameKind;
use crate::mutate::mutants::{mutants, rules_for, rules_of_keys};
use crate::runner::play::ruleset::{self, RuleLayers};
use crate::runner::position::Rules;

/// The dotted keys whose values differ between two ruleset trees (a list
/// is one key, compared whole).
fn changed_keys(a: &Value, b: &Value, prefix: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Mapping(x), Value::Mapping(y)) => {
            let keys: BTreeSet<String> = x
                .keys()
                .chain(y.keys())
                .filter_map(|k| k.as_str().map(str::to_string))
                .collect();
            for k in keys {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                match (x.get(k.as_str()), y.get(k.as_str())) {
                    (Some(v), Some(w)) => changed_keys(v, w, &path, out),
                    _ => out.push(path),
                }
            }
        }
        (x, y) if x != y => out.push(prefix.to_string()),
        _ => {}
    }
}

pub fn mutate(args: MutateCli) -> Result<i32, CliError> {
    Ok(run(args)?)
}

fn run(args: MutateCli) -> Result<i32, String> {
    let project = context::project()?;
    let base = context::layers(project.as_ref(), &context::RulesArgs::default())?;
    let root = context::root(project.as_ref());
    let paths = context::paths_or_default(args.paths.clone(), project.as_ref());
    let (paths, sel) =
        super::report::selection(paths, &super::report::SelectArgs::of(&args.select))?;
    let files = super::output::scenario_files(&paths).map_err(|e| e.0)?;
    let started = std::time::Instant::now();
    let picked = !sel.is_everything();
    let (pass, mut by_game) = passing(&files, &base, sel);
    if let Some(game) = args.game {
        by_game.retain(|g, _| *g == game);
        if by_game.is_empty() {
            return Err(format!(
                "--game {game}: no scenario of {game} passes under the real rules: a mutant could kill nothing"
            ));
        }
    }
    if pass.is_empty() && picked {
        return Err("the selection picks no passing scenario: a mutant could kill nothing".into());
    }
    if pass.is_empty() {
        return Err("no scenario passes under the real rules: a mutant could kill nothing".into());
    }
    let explain = args.explain.as_deref().map(explain_arg).transpose()?;
    let in_diff = match &args.in_diff {
        None => None,
        Some(rev) => match changed_since(rev, project.as_ref(), &root, &base, &by_game)? {
            Some(keys) => Some(keys),
            None => return Ok(0),
        },
    };
    let pick = Pick {
        only: args.only.as_deref(),
        in_diff: in_diff.as_ref(),
        explain: explain.as_ref(),
    };
    if let Some(dir) = &args.write {
        super::mutate_write::refuse_scenario_folder(dir, &paths, project.as_ref())?;
    }
    let (work, (invalid, invalid_list)) = valid_mutants(&by_game, &base, &root, &pick)?;
    if let Some((k, v)) = &explain {
        return explain_one(&work, &files, &by_game, &base, &pass, k, v);
    }
    if work.is_empty() {
        return Err(format!(
            "no valid mutant{}: nothing was checked",
            args.only
                .as_deref()
                .map_or(String::new(), |o| format!(" of a key starting `{o}`"))
        ));
    }
    // --shard K/N: this shard's mutants (by game, key and change).
    let shard = super::sharding::shard_of(args.shard)?;
    let numbered: Vec<usize> = (0..work.len())
        .filter(|&i| {
            let (g, m, _) = &work[i];
            shard.is_none_or(|s| s.takes(&format!("{g}\u{0}{}\u{0}{}", m.key, m.change)))
        })
        .collect();
    let plain: Vec<Work> = numbered.iter().map(|&i| work[i].clone()).collect();
    let work: Vec<(usize, Work)> = numbered
        .iter()
        .copied()
        .zip(plain.iter().cloned())
        .collect();
    let outcomes = play_all(&plain, &files, &by_game, &base, &pass);
    let mut fates = fates_of(&work, outcomes);
    let filtered = args.only.is_some() || args.in_diff.is_some() || args.shard.is_some();
    hold_equivalent(&mut fates, &work, project.as_ref(), &base, &root, filtered)?;
    let secs = started.elapsed().as_secs_f64();
    let all: Vec<&Fate> = fates.iter().collect();
    let (_, _, total) = score(&all);
    let games: Vec<String> = by_game.keys().map(|g| g.name().to_string()).collect();
    let invalid: BTreeMap<String, usize> = invalid
        .into_iter()
        .map(|(g, n)| (g.to_string(), n))
        .collect();
    let header = shard.map(|s| {
        let rules = super::sharding::fingerprint(&base);
        let h: serde_json::Value =
            serde_json::from_str(&super::sharding::shard_header("mutate", s, &rules))
                .unwrap_or_default();
        let mut h = h["goti_shard"].clone();
        // The gate travels with the shard: `goti merge` applies it to the whole.
        h["min_score"] = serde_json::json!(args.min_score);
        h
    });
    let done = Matrix {
        fates,
        games,
        invalid,
        invalid_list,
        seconds: secs,
        shard: header,
    };
    match args.format {
        MutateFormat::Json => outln!("{}", crate::shown::json(&done.json())),
        MutateFormat::Text => done.text(args.verbose),
    }
    if let Some(dir) = &args.write {
        let how = super::mutate_write::How {
            dir,
            base: &base,
            root: &root,
            budget: args.budget,
            seed: args.seed,
            files: &files,
            by_game: &by_game,
        };
        // With --format json the report stays one JSON document on stdout.
        for line in super::mutate_write::write_killers(&how, &work, &done.fates)? {
            match args.format {
                MutateFormat::Text => outln!("{line}"),
                MutateFormat::Json => errln!("{line}"),
            }
        }
    }
    match args.min_score {
        Some(min) if total + 1e-9 < min => {
            errln!("error: mutation score {total:.1}% is below --min-score {min}");
            Ok(1)
        }
        _ => Ok(0),
    }
}

/// Marks the mutants `goti.yaml` holds equivalent; an entry that names a
/// killed mutant, or (in an unfiltered run) no mutant at all, is an error.
fn hold_equivalent(
    fates: &mut [Fate],
    work: &[(usize, Work)],
    project: Option<&crate::runner::project::Project>,
    base: &RuleLayers,
    root: &Path,
    filtered: bool,
) -> Result<(), String> {
    let Some(project) = project else {
        return Ok(());
    };
    // Each game's tree once, however many entries name it.
    let mut trees: BTreeMap<GameKind, Value> = BTreeMap::new();
    for e in &project.equivalent {
        let (key, value) = explain_arg(&e.mutant)
            .map_err(|err| format!("goti.yaml: equivalent `{}`: {err}", e.mutant))?;
        let tree = match trees.entry(e.game) {
            std::collections::btree_map::Entry::Occupied(t) => t.into_mut(),
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(ruleset::project_tree(e.game, base, root)?.0)
            }
        };
        let tree = &*tree;
        let mut found = false;
        for (fate, (_, (game, m, _))) in fates.iter_mut().zip(work) {
            if *game != e.game || !names(m, tree, &key, &value) {
                continue;
            }
            found = true;
            if fate.status == Status::Killed {
                return Err(format!(
                    "goti.yaml holds {} {} {} equivalent, but {} kill(s) it (first: {}): a mutant a scenario kills is not equivalent; remove the entry",
                    e.game,
                    fate.key,
                    fate.change,
                    fate.killed_by.len(),
                    fate.killed_by.first().map(String::as_str).unwrap_or("")
                ));
            }
            fate.status = Status::Equivalent;
            fate.equivalent = Some(e.reason.clone());
        }
        if !found && !filtered {
            return Err(format!(
                "goti.yaml: equivalent `{}` ({}) matches no valid mutant of the rules played; `goti mutate --format json` lists each mutant's `set`",
                e.mutant, e.game
            ));
        }
    }
    Ok(())
}

/// `--explain KEY=VALUE`: the key and its YAML value.
fn explain_arg(s: &str) -> Result<(String, Value), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("--explain {s}: write KEY=VALUE, e.g. board.ring=53"))?;
    let v: Value = serde_yaml::from_str(v.trim())
        .map_err(|e| format!("--explain {s}: the value is not YAML: {e}"))?;
    Ok((k.trim().to_string(), v))
}

/// `--in-diff REV`: the keys of each game's rules changed since REV;
/// `None` (said) when none changed.
fn changed_since(
    rev: &str,
    project: Option<&crate::runner::project::Project>,
    root: &Path,
    base: &RuleLayers,
    by_game: &BTreeMap<GameKind, Vec<usize>>,
) -> Result<Option<BTreeMap<GameKind, Vec<String>>>, String> {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let at = crate::runner::base::read(project, Some(rev), &here)?;
    let mut keys = BTreeMap::new();
    for &game in by_game.keys() {
        let (then, _) = ruleset::project_tree(game, &at.layers, root)
            .map_err(|e| format!("--in-diff {rev}: {e}"))?;
        let (now, _) = ruleset::project_tree(game, base, root)?;
        let mut changed = Vec::new();
        changed_keys(&then, &now, "", &mut changed);
        changed.retain(|k| k != "name");
        keys.insert(game, changed);
    }
    if keys.values().all(Vec::is_empty) {
        outln!(
            "goti mutate --in-diff {rev}: no ruleset key changed since {} ({}): no mutant to play",
            rev,
            at.shown
        );
        return Ok(None);
    }
    Ok(Some(keys))
}

/// Which mutants to play: `--only`, `--in-diff`, `--explain`.
struct Pick<'a> {
    only: Option<&'a str>,
    in_diff: Option<&'a BTreeMap<GameKind, Vec<String>>>,
    explain: Option<&'a (String, Value)>,
}

/// Mutants the validation refuses: how many per game, and each one.
type Invalid = (BTreeMap<&'static str, usize>, Vec<serde_json::Value>);

/// Every valid mutant of every game the scenarios play that `pick` keeps,
/// with the rules that read its key; and the invalid ones.
fn valid_mutants(
    by_game: &BTreeMap<GameKind, Vec<usize>>,
    base: &RuleLayers,
    root: &Path,
    pick: &Pick,
) -> Result<(Vec<Work>, Invalid), String> {
    let mut work: Vec<Work> = Vec::new();
    let (mut invalid, mut invalid_list): Invalid = Default::default();
    for &game in by_game.keys() {
        let (tree, _) = ruleset::project_tree(game, base, root)?;
        let ids: Vec<&str> = game.catalogue().iter().map(|r| r.id.0).collect();
        let table = rules_of_keys(Rules::default_yaml(game), &ids);
        let own = own_ids(game, &tree);
        for m in mutants(&tree) {
            if pick.only.is_some_and(|o| !m.key.starts_with(o)) {
                continue;
            }
            if let Some(keys) = pick.in_diff {
                let touched = keys.get(&game).is_some_and(|ks| {
                    ks.iter().any(|k| {
                        m.key == *k
                            || m.key.starts_with(&format!("{k}."))
                            || k.starts_with(&format!("{}.", m.layer_key))
                            || *k == m.layer_key
                    })
                });
                if !touched {
                    continue;
                }
            }
            if let Some((k, v)) = pick.explain {
                if !names(&m, &tree, k, v) {
                    continue;
                }
            }
            if let Err(e) = Rules::from_tree(game, m.apply(&tree)) {
                *invalid.entry(game.name()).or_default() += 1;
                invalid_list.push(serde_json::json!({"game": game.name(), "key": m.key, "change": m.change, "refused": e.to_string()}));
                continue;
            }
            let rules = rules_for(&table, &m.key)
                .into_iter()
                .map(|id| match own.iter().find(|(family, _)| *family == id) {
                    Some((_, named)) => named.to_string(),
                    None => id,
                })
                .collect();
            work.push((game, m, rules));
        }
    }
    Ok((work, (invalid, invalid_list)))
}

/// The rules the project's ruleset cites by IDs of its own (a `race`
/// description's `names`), as (the game's ID, its own): a mutant's label
/// cites what the scenarios and coverage cite. None when the ruleset does
/// not read (its mutants are refused anyway).
fn own_ids(game: GameKind, tree: &serde_yaml::Value) -> Vec<(&'static str, &'static str)> {
    let Ok(rules) = Rules::from_tree(game, tree.clone()) else {
        return Vec::new();
    };
    let (family, named) = (game.catalogue(), rules.catalogue());
    assert_eq!(
        family.len(),
        named.len(),
        "{game}: a renamed catalogue lists the game's rules, one for one"
    );
    family
        .iter()
        .zip(named.iter())
        .filter(|(f, n)| f.id != n.id)
        .map(|(f, n)| (f.id.0, n.id.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every mutant of a shipped ruleset names the rules that read its key
    /// (from the comments of the shipped file), so no survivor lands in
    /// "(no rule)".
    #[test]
    fn every_shipped_key_cites_its_rules() {
        for &game in GameKind::ALL {
            let ids: Vec<&str> = game.catalogue().iter().map(|r| r.id.0).collect();
            let table = rules_of_keys(Rules::default_yaml(game), &ids);
            let tree = Rules::default_tree(game);
            let silent: Vec<String> = mutants(&tree)
                .iter()
                .filter(|m| m.key != "name" && rules_for(&table, &m.key).is_empty())
                .map(|m| m.key.clone())
                .collect();
            assert!(silent.is_empty(), "{game}: keys citing no rule: {silent:?}");
        }
    }
}
