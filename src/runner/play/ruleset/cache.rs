//! The rules caches of a run: layers resolved and rules built, by
//! everything that made them, and emptied by the long-running commands
//! before each replay.

#[allow(unused_imports)]
use super::*;

/// Layers already resolved in this run, by source, version and game.
pub(super) type Cache = Mutex<HashMap<(LayerSource, Option<SystemTime>, u64, GameKind), Resolved>>;

pub(super) fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rules already built in this run, by everything that made them: the
/// rules, the `--set` keys taken, how the scenario met the mutant.
pub(super) type RulesCache = Mutex<HashMap<String, (Rules, Vec<String>, Option<Exposure>)>>;

pub(super) fn rules_cache() -> &'static RulesCache {
    static CACHE: OnceLock<RulesCache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// Empties both caches: the long-running commands (`goti watch`, `goti
/// lsp`) call it before each replay. A cache entry is keyed by its top
/// file's version only, while the rules also come from every file that
/// file `extends:`; within one replay the files stand still, across
/// replays any of them may have changed (an edit that keeps a file's length
/// and time too), so nothing cached survives a replay.
pub fn forget_cached_rules() {
    lock(cache()).clear();
    lock(rules_cache()).clear();
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
