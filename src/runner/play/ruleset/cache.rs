//! The rules caches of a run: layers resolved and rules built, by
//! everything that made them. They belong to the run that fills them (its
//! `RunOptions`), never to the process: a long-running command (`goti
//! watch`, `goti lsp`) makes new options, so new caches, for each replay.

use super::*;

/// Layers already resolved in this run, by source, a hash of the file's
/// content (0 for a layer that is not a working-tree file) and game. An
/// entry is used again only while every file it read reads the same.
pub(super) type Cache = Mutex<HashMap<(LayerSource, u64, GameKind), Resolved>>;

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Rules already built in this run, by everything that made them.
pub(super) type RulesCache = Mutex<HashMap<String, Built>>;

/// Rules built: the rules, the `--set` keys taken, how the scenario met
/// the mutant, and every file read to make them (used again only while
/// each reads the same).
pub(super) struct Built {
    pub(super) rules: Rules,
    pub(super) applied: Vec<String>,
    pub(super) exposure: Option<Exposure>,
    pub(super) read: Read,
}

/// The caches of one run, shared by the files it plays (in parallel).
/// Entries are known by content: a layer by its file's content and used
/// again only while every file down its `extends:` chain reads the same;
/// built rules by the layers' merged keys. Nothing cached outlives its
/// run: a long-running command (`goti watch`, `goti lsp`) makes new
/// options, so new caches, for each replay.
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
/// its file's content, the overrides, the revision and the mutant; and the
/// files read to make it, with their hashes. `None` when a file cannot be
/// read (it is then read and reported as usual). The files a layer
/// `extends:` are not in the key: an entry keeps every file read and is
/// used again only while each reads the same.
pub(super) fn rules_key(
    game: GameKind,
    header: &lower::Header,
    folder: &Path,
    root: &Path,
    opts: &RunOptions,
) -> Option<(String, Vec<(PathBuf, u64)>)> {
    use std::fmt::Write;
    let fresh = std::cell::RefCell::new(Vec::new());
    let content = |p: &Path, trust: Trust| {
        let hash = content_hash(&read_file(p, trust).ok()?);
        fresh.borrow_mut().push((p.to_path_buf(), hash));
        Some(format!("{}:{hash}", p.display()))
    };
    let source = |src: &LayerSource, trust: Trust| match src {
        LayerSource::File(p) => content(p, trust),
        LayerSource::Text { name, text } => Some(format!("{name}:{}", text.len()) + text),
        LayerSource::Git { rev, path } => Some(format!("{}:{}", rev.commit, path.display())),
    };
    let mut key = format!("{game}|{}|", root.display());
    let layers = &opts.layers;
    for (g, src) in &layers.project {
        write!(key, "{g}={}|", source(src, Trust::Inside(root))?).ok();
    }
    for (g, src) in layers.instead_of_project.iter().chain(&layers.command_line) {
        write!(key, "{g}={}|", source(src, Trust::Own(root))?).ok();
    }
    if let Some(f) = &header.rules_file {
        let file = content(&folder.join(&f.value), Trust::Inside(root))?;
        write!(key, "file={file}|").ok();
    }
    for (k, v) in &header.overrides {
        write!(key, "set {}={}|", k.value, v.value).ok();
    }
    for (k, v) in &layers.sets {
        write!(key, "cli {k}={v}|").ok();
    }
    if let Some(rev) = &layers.revision {
        write!(key, "rev {}|", rev.commit).ok();
    }
    if let Some(m) = &layers.mutant {
        write!(key, "mutant {} {} {:?}|", m.game, m.key, m.value).ok();
    }
    Some((key, fresh.into_inner()))
}
