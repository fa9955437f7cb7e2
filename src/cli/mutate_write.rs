//! `goti mutate --write DIR`: for each survivor, a scenario that kills it,
//! found by `crate::mutate::killer` (self-play under both rulesets, shrunk), checked
//! here before it is written: it must pass under the real rules and fail
//! under its mutant. The files are proposals, copied from the engine: a
//! folder the project runs by default is refused, and no file is
//! overwritten.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::context;
use crate::mutate::killer::{scenario_text, Search, Searched, Seek, Start};
use crate::mutate::{mutated, options, Fate, Status, Work};
use crate::runner::play::ruleset::{self, RuleLayers};
use crate::runner::position::Rules;
use crate::runner::project::Project;

/// Where and how long to search.
pub struct How<'a> {
    pub dir: &'a Path,
    pub base: &'a RuleLayers,
    pub root: &'a Path,
    pub budget: f64,
    pub seed: u64,
    /// The run's scenario files, and which of them each game plays.
    pub files: &'a [crate::runner::Found],
    pub by_game: &'a std::collections::BTreeMap<crate::engine::GameKind, Vec<usize>>,
}

/// Where the game's scenarios end that pass under both the real rules and
/// the mutant (the search plays on from there first); and the scenarios
/// that pass under the real rules only without their snapshots and fail
/// under the mutant (name, text).
fn starts_of(
    how: &How,
    game: crate::engine::GameKind,
    m: &crate::mutate::mutants::Mutant,
) -> (Vec<Start>, Vec<(String, String)>) {
    let files: Vec<crate::runner::Found> = how
        .by_game
        .get(&game)
        .map(|l| l.iter().map(|&i| how.files[i].clone()).collect())
        .unwrap_or_default();
    let ends = |layers| {
        let mut opts = options(layers, false);
        opts.keep_end = true;
        opts.skip_snapshots = true;
        crate::runner::play_each(&files, None, None, &opts)
    };
    let (real, under) = (ends(how.base.clone()), ends(mutated(how.base, game, m)));
    let (mut out, mut direct) = (Vec::new(), Vec::new());
    for (a, b) in real.iter().zip(&under) {
        for (sa, sb) in a.scenarios.iter().zip(&b.scenarios) {
            let name = format!("{}:{} \"{}\"", a.source.name, sa.line, sa.name);
            match (&sa.end, &sb.end, sa.game == game) {
                (Some(ea), Some(eb), true) => out.push(Start {
                    base: ea.position.clone(),
                    mutant: eb.position.clone(),
                    text: ea.text.clone(),
                    name,
                }),
                // A survivor: no passing scenario fails under it, so this one fails by its snapshots.
                (Some(ea), None, true) if !sb.passed() => direct.push((name, ea.text.clone())),
                _ => {}
            }
        }
    }
    (out, direct)
}

/// A path made absolute against the working folder, `.` and `..` resolved
/// by its words (the folder need not exist yet).
fn absolute(p: &Path) -> PathBuf {
    let here = std::env::current_dir().unwrap_or_default();
    let here = here.canonicalize().unwrap_or(here);
    let out = crate::runner::files::lexical(&here.join(p));
    // The part that exists, through its links.
    let mut exists = out.clone();
    let mut rest = Vec::new();
    while !exists.exists() {
        match (
            exists.file_name().map(|n| n.to_os_string()),
            exists.parent(),
        ) {
            (Some(n), Some(parent)) => {
                rest.push(n);
                exists = parent.to_path_buf();
            }
            _ => break,
        }
    }
    let mut real = exists.canonicalize().unwrap_or(exists);
    for n in rest.into_iter().rev() {
        real.push(n);
    }
    real
}

/// `--write DIR` must not be (or lie inside) a folder the project runs by
/// default, nor one this run plays, and must lie inside the working tree.
pub fn refuse_scenario_folder(
    dir: &Path,
    paths: &[PathBuf],
    project: Option<&Project>,
) -> Result<(), String> {
    let target = absolute(dir);
    let here = absolute(Path::new("."));
    if !target.starts_with(&here) {
        return Err(format!(
            "--write {}: the folder is outside the working folder; write the proposals inside it (`--write gen/`)",
            crate::shown::path(dir)
        ));
    }
    let defaults = context::paths_or_default(Vec::new(), project);
    for p in defaults.iter().chain(paths) {
        let run = absolute(p);
        if target.starts_with(&run) || (run.starts_with(&target) && run.is_dir()) {
            return Err(format!(
                "--write {}: {} is a folder goti runs; the written scenarios are proposals copied from the engine, so write them apart (`--write gen/`) and move each one after checking it against the rulebook",
                crate::shown::path(dir),
                crate::shown::path(p)
            ));
        }
    }
    Ok(())
}

/// A survivor's words, its `--set`, and what became of it.
type Outcome = (String, String, Written);

/// What became of one survivor.
enum Written {
    File(String, String),
    Same { games: u64, positions: u64 },
    Refused(String),
}

/// Searches a killing scenario for every survivor (in parallel), writes
/// those that check out, and says what became of each.
pub fn write_killers(
    how: &How,
    work: &[(usize, Work)],
    fates: &[Fate],
) -> Result<Vec<String>, String> {
    let mut said = Vec::new();
    let survivors: Vec<&(usize, Work)> = work
        .iter()
        .zip(fates)
        .filter(|(_, f)| f.status == Status::Survived)
        .map(|(w, _)| w)
        .collect();
    if survivors.is_empty() {
        said.push("goti mutate --write: no survivor, nothing to write".to_string());
        return Ok(said);
    }
    std::fs::create_dir_all(how.dir)
        .map_err(|e| format!("cannot make folder {}: {e}", crate::shown::path(how.dir)))?;
    let started = Instant::now();
    let found: Vec<Result<Outcome, String>> = survivors
        .par_iter()
        .map(|(_, (game, m, _))| {
            let what = format!("{game} {} {}", m.key, m.change);
            let text = search_one(how, *game, m)?;
            Ok((what, crate::mutate::set_words(m), text))
        })
        .collect();
    let mut taken = BTreeSet::new();
    let (mut files, mut same) = (0, 0);
    said.push(format!(
        "goti mutate --write {}:",
        crate::shown::path(how.dir)
    ));
    for f in found {
        let (what, set, written) = f?;
        match written {
            Written::File(name, text) => {
                let path = free_name(how.dir, &name, &mut taken);
                crate::runner::snapshot::write_atomic(&path, text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", crate::shown::path(&path)))?;
                files += 1;
                said.push(format!(
                    "  wrote {} (kills {what}; `goti run --set {}` fails on it)",
                    crate::shown::path(&path),
                    set
                ));
            }
            Written::Same { games, positions } => {
                same += 1;
                said.push(format!(
                    "  no difference in {games} games and {positions} positions: {what} (equivalent, or beyond the search)"
                ));
            }
            Written::Refused(why) => said.push(format!("  not written: {what}: {why}")),
        }
    }
    said.push(format!(
        "{files} of {} survivors have a killing scenario in {} ({same} showed no difference; {:.1} s). They are proposals: check each against the rulebook before moving it into the scenarios.",
        survivors.len(),
        crate::shown::path(how.dir),
        started.elapsed().as_secs_f64()
    ));
    Ok(said)
}

/// A file name in `dir` that no file has and this run has not taken.
fn free_name(dir: &Path, name: &str, taken: &mut BTreeSet<PathBuf>) -> PathBuf {
    let mut path = dir.join(format!("{name}.goti"));
    let mut n = 2;
    while path.exists() || !taken.insert(path.clone()) {
        path = dir.join(format!("{name}-{n}.goti"));
        n += 1;
    }
    path
}

/// The set-up lines with their `i`-th part (counted over the lines, the
/// `turn` line aside) left out; `None` past the last part.
fn without_part(tail: &str, i: usize) -> Option<String> {
    let mut seen = 0;
    let mut hit = false;
    let mut out = String::new();
    for line in tail.lines() {
        if line.starts_with("turn ") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let parts: Vec<&str> = line.split(", ").collect();
        let kept: Vec<&str> = parts
            .iter()
            .enumerate()
            .filter(|(k, _)| {
                let me = seen + k == i;
                hit |= me;
                !me
            })
            .map(|(_, p)| *p)
            .collect();
        seen += parts.len();
        if !kept.is_empty() {
            out.push_str(&kept.join(", "));
            out.push('\n');
        }
    }
    hit.then_some(out)
}

/// `parting` made smaller while `still` holds, until no single step
/// applies: each part of the set-up left out (a piece then stays in the
/// Yard), each action of the parting turn but the last left out, and
/// smaller numbers (derived steps, fewer rolls, numbers towards 0); the
/// passes repeat, since a smaller number can let a part go.
fn shrunk(
    mut best: crate::mutate::killer::Parting,
    still: &dyn Fn(&crate::mutate::killer::Parting) -> bool,
) -> crate::mutate::killer::Parting {
    loop {
        let before = (best.tail.clone(), best.record.turns.clone());
        let mut i = 0;
        while let Some(shorter) = best.tail.as_deref().and_then(|t| without_part(t, i)) {
            let mut candidate = best.clone();
            candidate.tail = Some(shorter);
            if still(&candidate) {
                best = candidate;
            } else {
                i += 1;
            }
        }
        best = without_actions(best, still);
        'smaller: while let Some(tail) = best.tail.clone() {
            for shorter in crate::mutate::killer::simpler(&tail) {
                let mut candidate = best.clone();
                candidate.tail = Some(shorter);
                if still(&candidate) {
                    best = candidate;
                    continue 'smaller;
                }
            }
            break;
        }
        if (best.tail.clone(), best.record.turns.clone()) == before {
            return best;
        }
    }
}

/// `best` with each action of its last turn but the last (the parting
/// action, which the mutant judges otherwise) left out, one at a time, while
/// `kills` still holds.
fn without_actions(
    mut best: crate::mutate::killer::Parting,
    kills: &dyn Fn(&crate::mutate::killer::Parting) -> bool,
) -> crate::mutate::killer::Parting {
    let Some(last) = best.record.turns.len().checked_sub(1) else {
        return best;
    };
    let mut k = 0;
    while k + 1 < best.record.turns[last].len() {
        let mut candidate = best.clone();
        candidate.record.turns[last].remove(k);
        if kills(&candidate) {
            best = candidate;
        } else {
            k += 1;
        }
    }
    best
}

/// At most this many candidates per survivor are checked by the runner.
const CANDIDATES: usize = 3;

fn search_one(
    how: &How,
    game: crate::engine::GameKind,
    m: &crate::mutate::mutants::Mutant,
) -> Result<Written, String> {
    let (tree, _) = ruleset::project_tree(game, how.base, how.root)?;
    let base = Rules::from_tree(game, tree.clone()).map_err(|e| e.to_string())?;
    let mutant = Rules::from_tree(game, m.apply(&tree)).map_err(|e| e.to_string())?;
    let search = Search {
        seed: how.seed,
        games: 100_000,
        deadline: Instant::now() + Duration::from_secs_f64(how.budget.max(0.0)),
        max_turns: 4000,
    };
    let mutant_words = format!("{} {}", m.key, m.change);
    let set = crate::mutate::set_words(m);
    let real = options(how.base.clone(), false);
    let under = options(mutated(how.base, game, m), false);
    let mut skip = BTreeSet::new();
    let mut last_refusal = String::new();
    let (starts, direct) = starts_of(how, game, m);
    let name = format!(
        "{game}-{}",
        crate::runner::snapshot::slug(&format!("{}-{}", m.key, m.change))
    );
    let path = how.dir.join(format!("{name}.goti"));
    let shown = path.display().to_string();
    // (passes under the real rules, fails under the mutant)
    let kills = |text: &str| {
        let passes = crate::runner::run_text(&shown, text, &path, &real, None).passed();
        (
            passes,
            passes && !crate::runner::run_text(&shown, text, &path, &under, None).passed(),
        )
    };
    for (from, text) in direct.iter().take(CANDIDATES) {
        let text = crate::dsl::format::format(&crate::mutate::killer::unsnapshotted_text(
            &mutant_words,
            &set,
            game.name(),
            from,
            text,
        ));
        if kills(&text).1 {
            return Ok(Written::File(name, text));
        }
    }
    for _ in 0..CANDIDATES {
        let seek = Seek {
            search: &search,
            skip: &skip,
            starts: &starts,
        };
        let parting = match base.visit_pair(&mutant, seek).map_err(String::from)? {
            Searched::Same { games, positions } => {
                if last_refusal.is_empty() {
                    return Ok(Written::Same { games, positions });
                }
                break;
            }
            Searched::Parts(p) => p,
        };
        let mut passes = false;
        // The shorter form first (set up before the parting turn), then the
        // whole game replayed: whichever checks out.
        let text_of = |p: &crate::mutate::killer::Parting, tail: bool| {
            crate::dsl::format::format(&scenario_text(game.name(), &mutant_words, &set, p, tail))
        };
        if parting.tail.is_some() {
            let (p, k) = kills(&text_of(&parting, true));
            passes = p;
            if k {
                let still = |c: &crate::mutate::killer::Parting| kills(&text_of(c, true)).1;
                let best = shrunk((*parting).clone(), &still);
                return Ok(Written::File(name, text_of(&best, true)));
            }
        }
        let text = text_of(&parting, false);
        let (p, k) = kills(&text);
        passes = passes || p;
        if k {
            return Ok(Written::File(name, text));
        }
        last_refusal = if passes {
            "the scenario found passes under the mutant too".into()
        } else {
            "the scenario found does not pass under the real rules".into()
        };
        skip.insert(parting.id);
    }
    Ok(Written::Refused(last_refusal))
}
