//! The mutation loop of `goti mutate`: the scenarios that pass under the
//! real rules, every file played once per mutant of its game (files in
//! parallel, through `runner::play_files`), and each mutant's fate: killed
//! by the scenarios that passed and now fail, n/a where a scenario gives
//! the key its own value, not a kill where the mutant makes a scenario's
//! rules invalid. The mutants themselves are `mutants.rs`'s; a scenario that
//! kills a survivor is `killer.rs`'s. Mutation testing is this folder and
//! the CLI's `mutate*.rs` (arguments, report, writing the killers).

pub mod killer;
pub mod mutants;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde_yaml::Value;

use crate::engine::GameKind;
use crate::runner::play::ruleset::{Exposure, MutantLayer, RuleLayers};
use crate::runner::{self, Found, RunOptions};
use mutants::{Mutant, MutationKind};

/// A mutant's status in the matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Killed,
    Survived,
    /// Survived, and held equivalent by the project (`goti.yaml`).
    Equivalent,
}

/// One mutant's row of the kill matrix.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Fate {
    /// Its place among all the mutants (shards merge in this order).
    pub n: usize,
    pub game: String,
    pub key: String,
    pub change: String,
    pub kind: MutationKind,
    /// The same change as a command-line override (`goti run --set`).
    pub set: String,
    pub rules: Vec<String>,
    pub section: String,
    pub status: Status,
    /// Every scenario (`file:line name`) that passed under the real rules
    /// and failed under this mutant.
    pub killed_by: Vec<String>,
    /// Scenarios whose own ruleset gives the key a value (n/a).
    pub not_exposed: usize,
    /// Scenarios whose rules the mutant makes invalid (not kills).
    pub invalid_for: Vec<String>,
    /// Why the project holds it equivalent (`goti.yaml`), if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equivalent: Option<String>,
}

/// (file, line) of a scenario.
pub type Id = (String, usize);

/// A mutant to play: its game, the mutant, the rule IDs that read its key.
pub type Work = (GameKind, Mutant, Vec<String>);

pub fn options(layers: RuleLayers, record: bool) -> RunOptions {
    RunOptions {
        skip_snapshots: false,
        write_snapshots: false,
        record,
        layers: Arc::new(layers),
        ..RunOptions::default()
    }
}

/// The scenarios `select` picks that pass under `layers` (only these can
/// kill a mutant), and the files each game plays.
pub fn passing(
    files: &[Found],
    layers: &RuleLayers,
    select: crate::runner::select::Selection,
) -> (BTreeSet<Id>, BTreeMap<GameKind, Vec<usize>>) {
    let opts = RunOptions {
        select: Arc::new(select),
        ..options(layers.clone(), false)
    };
    let reports = runner::play_each(files, None, None, &opts);
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

/// The layers of a run under mutant `m` of `game`.
pub fn mutated(base: &RuleLayers, game: GameKind, m: &Mutant) -> RuleLayers {
    let mut layers = base.clone();
    layers.mutant = Some(MutantLayer {
        game,
        key: m.layer_key.clone(),
        value: m.layer_value.clone(),
    });
    layers
}

/// The mutant as `KEY=VALUE` (JSON is YAML, on one line).
pub fn set_words(m: &Mutant) -> String {
    let json = serde_json::to_string(&m.layer_value).unwrap_or_else(|_| "~".into());
    format!("{}={json}", m.layer_key)
}

/// A scenario's outcomes under one mutant, in the matrix's words.
#[derive(Default)]
pub struct Outcome {
    pub killed_by: Vec<String>,
    pub not_exposed: usize,
    pub invalid_for: Vec<String>,
}

/// Plays every file of `game` under each mutant of `work` (files in
/// parallel, each parsed once): the outcome per mutant.
pub fn play_all(
    work: &[(GameKind, Mutant, Vec<String>)],
    files: &[Found],
    by_game: &BTreeMap<GameKind, Vec<usize>>,
    base: &RuleLayers,
    pass: &BTreeSet<Id>,
) -> Vec<Outcome> {
    let mut jobs: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let _ = f;
        let mine: Vec<usize> = work
            .iter()
            .enumerate()
            .filter(|(_, (g, _, _))| by_game.get(g).is_some_and(|l| l.contains(&i)))
            .map(|(k, _)| k)
            .collect();
        if !mine.is_empty() {
            jobs.push((i, mine));
        }
    }
    let played: Vec<Found> = jobs.iter().map(|(i, _)| files[*i].clone()).collect();
    let mutants_of: std::collections::HashMap<&Path, &Vec<usize>> = jobs
        .iter()
        .map(|(i, mine)| (files[*i].path.as_path(), mine))
        .collect();
    let reports = runner::play_files(&played, None, None, |f| {
        mutants_of[f.path.as_path()]
            .iter()
            .map(|&k| {
                let (g, m, _) = &work[k];
                options(mutated(base, *g, m), false)
            })
            .collect()
    });
    let per_file: Vec<Vec<(usize, Outcome)>> = jobs
        .iter()
        .zip(reports)
        .map(|((_, mine), reports)| {
            mine.iter()
                .zip(reports)
                .map(|(&k, r)| {
                    let game = work[k].0;
                    let mut o = Outcome::default();
                    for s in r.scenarios.iter().filter(|s| s.game == game) {
                        let id = (r.source.name.clone(), s.line);
                        let named = || format!("{}:{} {}", id.0, id.1, s.name);
                        match s.mutant {
                            Some(Exposure::NotExposed) => o.not_exposed += 1,
                            Some(Exposure::Invalid) => o.invalid_for.push(named()),
                            Some(Exposure::Exposed) if !s.passed() && pass.contains(&id) => {
                                o.killed_by.push(named())
                            }
                            _ => {}
                        }
                    }
                    (k, o)
                })
                .collect()
        })
        .collect();
    let mut out: Vec<Outcome> = work.iter().map(|_| Outcome::default()).collect();
    for (k, o) in per_file.into_iter().flatten() {
        let slot = &mut out[k];
        slot.killed_by.extend(o.killed_by);
        slot.not_exposed += o.not_exposed;
        slot.invalid_for.extend(o.invalid_for);
    }
    out
}

/// Whether mutant `m` is the one `KEY=VALUE` names: its key, and the value
/// the key holds under it.
pub fn names(m: &Mutant, tree: &Value, key: &str, value: &Value) -> bool {
    if m.key != key && m.layer_key != key {
        return false;
    }
    crate::rules::layers::field(&m.apply(tree), key) == Some(value)
}

/// Each mutant's row from its outcome.
pub fn fates_of(work: &[(usize, Work)], outcomes: Vec<Outcome>) -> Vec<Fate> {
    work.iter()
        .zip(outcomes)
        .map(|((n, (game, m, rules)), o)| Fate {
            n: *n,
            game: game.name().to_string(),
            key: m.key.clone(),
            change: m.change.clone(),
            kind: m.kind,
            set: set_words(m),
            section: rules
                .first()
                .and_then(|r| r.split('.').next())
                .unwrap_or("(no rule)")
                .to_string(),
            rules: rules.clone(),
            status: if o.killed_by.is_empty() {
                Status::Survived
            } else {
                Status::Killed
            },
            killed_by: o.killed_by,
            not_exposed: o.not_exposed,
            invalid_for: o.invalid_for,
            equivalent: None,
        })
        .collect()
}
