//! The rules caches of a run: layers resolved and rules built, by
//! everything that made them. They belong to the run that fills them (its
//! `RunOptions`), never to the process: a long-running command (`goti
//! watch`, `goti lsp`) makes new options, so new caches, for each replay.

use super::*;

/// Layers already resolved in this run, by source, version and game.
pub(super) type Cache = Mutex<HashMap<(LayerSource, Option<SystemTime>, u64, GameKind), Resolved>>;

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rules already built in this run, by everything that made them: the
/// rules, the `--set` keys taken, how the scenario met the mutant.
pub(super) type RulesCache = Mutex<HashMap<String, (Rules, Vec<String>, Option<Exposure>)>>;

/// The caches of one run, shared by the files it plays (in parallel). An
/// entry is keyed by its top file's version only, while the rules also come
/// from every file that file `extends:`: within one run the files stand
/// still, across runs any of them may change (an edit that keeps a file's
/// length and time too), so nothing cached outlives its run.
#[derive(Default)]
pub struct RulesCaches {
    pub(super) layers: Cache,
    pub(super) rules: RulesCache,
}

impl std::fmt::Debug for RulesCaches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "RulesCaches {{ layers: {}, rules: {} }}",
            lock(&self.layers).len(),
            lock(&self.rules).len()
        )
    }
}

/// What decides a scenario's rules, as a key: the game, every layer with
/// its file's version, the overrides. `None` when a file cannot be stated
/// (it is then read and reported as usual).
pub(super) fn rules_key(
    game: GameKind,
    header: &lower::Header,
    folder: &Path,
    root: &Path,
    opts: &RunOptions,
) -> Option<String> {
    use std::fmt::Write;
    let version = |p: &Path| {
        let m = std::fs::metadata(p).ok()?;
        Some(format!(
            "{}:{:?}:{}",
            p.display(),
            m.modified().ok()?,
            m.len()
        ))
    };
    let source = |src: &LayerSource| match src {
        LayerSource::File(p) => version(p),
        LayerSource::Text { name, text } => Some(format!("{name}:{}", text.len()) + text),
        LayerSource::Git { rev, path } => Some(format!("{}:{}", rev.commit, path.display())),
    };
    let mut key = format!("{game}|{}|", root.display());
    for (g, src) in opts
        .layers
        .project
        .iter()
        .chain(&opts.layers.instead_of_project)
        .chain(&opts.layers.command_line)
    {
        write!(key, "{g}={}|", source(src)?).ok();
    }
    if let Some(f) = &header.rules_file {
        // Files it extends are part of its resolved tree, cached by version too.
        write!(key, "file={}|", version(&folder.join(&f.value))?).ok();
    }
    for (k, v) in &header.overrides {
        write!(key, "set {}={}|", k.value, v.value).ok();
    }
    for (k, v) in &opts.layers.sets {
        write!(key, "cli {k}={v}|").ok();
    }
    if let Some(rev) = &opts.layers.revision {
        write!(key, "rev {}|", rev.commit).ok();
    }
    if let Some(m) = &opts.layers.mutant {
        write!(key, "mutant {} {} {:?}|", m.game, m.key, m.value).ok();
    }
    Some(key)
}
