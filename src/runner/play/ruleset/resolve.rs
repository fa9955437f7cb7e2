//! A layer's file read and its `extends:` chain resolved: files inside the
//! project only, at a git revision when the base is one, each checked once
//! per run for each content it has.

use super::*;

/// A resolution's way along its `extends:` chain: the files seen on the
/// way (a file met twice is a circle), and the run's caches.
pub(super) struct Chain<'a> {
    pub(super) seen: HashSet<PathBuf>,
    pub(super) caches: &'a RulesCaches,
}

/// Reads, checks and resolves one ruleset layer (its `extends` chain
/// first) into a tree to merge; once per run per content of its files.
pub(super) fn resolve(
    src: &LayerSource,
    shown: &str,
    game: GameKind,
    trust: Trust,
    depth: usize,
    chain: &mut Chain,
) -> Resolved {
    let shown = shown.to_string();
    let fail = |error: RulesetError, text: Option<Arc<String>>| LayerError {
        error,
        also: Box::default(),
        text,
        shown: shown.clone(),
    };
    if depth > 8 {
        return Err(fail(
            plain("`extends` goes more than 8 files deep".into()),
            None,
        ));
    }
    let (key, text) = match src {
        LayerSource::File(path) | LayerSource::Git { path, .. } => {
            if !chain.seen.insert(path.clone()) {
                return Err(fail(
                    plain("`extends` comes back to this file (a cycle)".into()),
                    None,
                ));
            }
            // A file of the working tree is read every time and known by
            // its content; a file at a revision cannot change.
            let bytes = matches!(src, LayerSource::File(_))
                .then(|| read_file(path, trust).map_err(|e| fail(plain(e), None)));
            let hash = match &bytes {
                Some(Ok(b)) => content_hash(b),
                _ => 0,
            };
            let key = (src.clone(), hash, game);
            if let Some(hit) = lock(&chain.caches.layers).get(&key) {
                // This file was just read; the rest of its chain is read again.
                let fresh = [(path.clone(), hash)];
                if still_reads_the_same(src, hit, trust, &fresh) {
                    return hit.clone();
                }
            }
            let bytes = match (src, bytes) {
                (_, Some(read)) => read,
                (LayerSource::Git { rev, path }, None) => match rev.read(path) {
                    Ok(Some(text)) => Ok(text.into_bytes()),
                    Ok(None) => Err(files::ReadError::Missing),
                    Err(e) => Err(e),
                }
                .map_err(|e| fail(plain(format!("cannot use it at {}: {e}", rev.name)), None)),
                (_, None) => unreachable!("a layer of text is not read"),
            };
            let bytes = match bytes {
                Ok(b) => b,
                Err(e) => {
                    lock(&chain.caches.layers).insert(key, Err(e.clone()));
                    return Err(e);
                }
            };
            let text = String::from_utf8(bytes)
                .map_err(|_| fail(plain("it is not UTF-8 text".into()), None))?;
            (Some(key), Arc::new(text))
        }
        LayerSource::Text { text, .. } => (None, text.clone()),
    };
    let resolved = resolve_text(&text, src, &shown, game, trust, depth, chain).map_err(|error| {
        // A bad key: the file's other bad keys too.
        let keys = layers::read_layer(&text)
            .map(|l| Rules::key_errors(game, &l.tree))
            .unwrap_or_default();
        let also = match keys.split_first() {
            Some((first, rest)) if *first == error => rest.into(),
            _ => Box::default(),
        };
        LayerError {
            error,
            also,
            text: Some(text.clone()),
            shown: shown.clone(),
        }
    });
    let resolved = resolved.map(|mut t| {
        t.texts.push((shown.clone(), text.clone()));
        if let LayerSource::File(path) = src {
            let inside = matches!(trust, Trust::Inside(_));
            t.read
                .push((path.clone(), content_hash(text.as_bytes()), inside));
        }
        t
    });
    if let Some(key) = key {
        lock(&chain.caches.layers).insert(key, resolved.clone());
    }
    resolved
}

/// A working-tree layer file's bytes, read as `trust` allows: inside the
/// project for files named by scenarios and ruleset files.
pub(super) fn read_file(path: &Path, trust: Trust) -> Result<Vec<u8>, String> {
    match trust {
        Trust::Inside(root) => {
            let folder = path.parent().unwrap_or(Path::new("."));
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            files::read_inside(root, folder, &name, MAX_RULESET_BYTES).map(|(_, b)| b)
        }
        Trust::Own(_) => files::read_limited(path, MAX_RULESET_BYTES),
    }
    .map_err(|e| format!("cannot use it: {e}"))
}

pub(super) fn content_hash(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// Whether every file a cached layer read (down its `extends:` chain)
/// still reads the same. A working-tree file that failed is tried again
/// (what failed is not known by content); a revision's files stand still.
fn still_reads_the_same(
    src: &LayerSource,
    hit: &Resolved,
    trust: Trust,
    fresh: &[(PathBuf, u64)],
) -> bool {
    match hit {
        Ok(tree) => tree
            .read
            .iter()
            .all(|r| reads_the_same(r, trust.root(), fresh)),
        Err(_) => !matches!(src, LayerSource::File(_)),
    }
}

/// Whether a file read earlier (as a file inside the project `root` or
/// not) still reads the same; one in `fresh` (just read, with its hash)
/// is not read again.
pub(super) fn reads_the_same(
    (path, hash, inside): &(PathBuf, u64, bool),
    root: &Path,
    fresh: &[(PathBuf, u64)],
) -> bool {
    if fresh.iter().any(|(p, h)| p == path && h == hash) {
        return true;
    }
    let trust = match inside {
        true => Trust::Inside(root),
        false => Trust::Own(root),
    };
    read_file(path, trust).is_ok_and(|b| content_hash(&b) == *hash)
}

pub(super) fn plain(message: String) -> RulesetError {
    RulesetError {
        field: String::new(),
        message,
        offset: None,
        unknown_field: false,
    }
}

/// The file a layer extends, as a source of the same kind: at the same
/// revision for a file read at a revision, else in the working tree.
pub(super) fn extended(
    src: &LayerSource,
    name: &str,
    trust: Trust,
) -> Result<LayerSource, files::ReadError> {
    let base = match src {
        LayerSource::File(p) | LayerSource::Git { path: p, .. } => {
            p.parent().unwrap_or(Path::new(".")).to_path_buf()
        }
        LayerSource::Text { .. } => PathBuf::from("."),
    };
    match (src, trust) {
        (LayerSource::Git { rev, .. }, trust) => {
            let full = files::lexical(&base.join(name));
            let root = trust.root();
            let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
            if !full.starts_with(&root) {
                return Err(files::ReadError::Outside { root });
            }
            Ok(LayerSource::Git {
                rev: rev.clone(),
                path: full,
            })
        }
        (_, trust) => files::resolve_inside(trust.root(), &base, name).map(LayerSource::File),
    }
}

/// A layer's text checked (shape, syntax, game, keys) and its `extends`
/// resolved: the tree to merge. Which game a file is for comes from its
/// `extends:` (or its keys), never from its free-text `name:`.
pub(super) fn resolve_text(
    text: &str,
    src: &LayerSource,
    shown: &str,
    game: GameKind,
    trust: Trust,
    depth: usize,
    chain: &mut Chain,
) -> Result<Tree, RulesetError> {
    let layer = layers::read_layer(text)?;
    // The game the file is for first: a file of another game is said so,
    // before its keys are judged by this game's ruleset.
    if let Some(Ok(g)) = layer.extends.as_ref().map(|n| n.parse::<GameKind>()) {
        if g != game {
            return Err(RulesetError {
                field: "extends".into(),
                message: format!("this ruleset file extends {g}; the scenario plays {game}"),
                offset: None,
                unknown_field: false,
            });
        }
    }
    Rules::check_keys(game, &layer.tree)?;
    let mut texts = Vec::new();
    let mut read = Vec::new();
    let (mut tree, mut own) = match &layer.extends {
        None => (
            Value::Mapping(Default::default()),
            Value::Mapping(Default::default()),
        ),
        Some(name) => match name.parse::<GameKind>() {
            Ok(g) if g == game => (
                Rules::default_tree(game),
                Value::Mapping(Default::default()),
            ),
            Ok(g) => {
                return Err(RulesetError {
                    field: "extends".into(),
                    message: format!("this ruleset file extends {g}; the scenario plays {game}"),
                    offset: None,
                    unknown_field: false,
                })
            }
            Err(_) => {
                let target = extended(src, name, trust).map_err(|e| RulesetError {
                    field: "extends".into(),
                    message: format!("cannot extend `{name}`: {e}"),
                    offset: None,
                    unknown_field: false,
                })?;
                let target_shown = match &target {
                    LayerSource::Git { rev, path } => rev.shown(path),
                    _ => {
                        let shown_dir = Path::new(shown).parent().unwrap_or(Path::new(""));
                        shown_dir.join(name).display().to_string()
                    }
                };
                match resolve(&target, &target_shown, game, trust, depth + 1, chain) {
                    Ok(mut t) => {
                        texts.append(&mut t.texts);
                        read.append(&mut t.read);
                        (t.tree, t.own)
                    }
                    Err(e) => {
                        return Err(RulesetError {
                            field: "extends".into(),
                            message: format!(
                                "the file it extends, {}, is not usable: {}",
                                e.shown, e.error
                            ),
                            offset: None,
                            unknown_field: false,
                        })
                    }
                }
            }
        },
    };
    layers::merge(&mut own, layer.tree.clone());
    layers::merge(&mut tree, layer.tree);
    Ok(Tree {
        tree,
        texts,
        own,
        read,
    })
}

/// A scenario's `rules file` at the base revision. A file the revision
/// lacks is missing there: never read from the working tree, which would
/// give the base the head's rules (a changed copy under a new name would
/// then compare as unchanged). `None` only for a path outside the project,
/// which the working tree's reading refuses.
pub(super) fn at_revision(
    rev: &Arc<Revision>,
    root: &Path,
    folder: &Path,
    file: &str,
) -> Option<LayerSource> {
    let folder = folder.canonicalize().ok()?;
    let full = files::lexical(&folder.join(file));
    let root = root.canonicalize().ok()?;
    if !full.starts_with(&root) {
        return None;
    }
    Some(LayerSource::Git {
        rev: rev.clone(),
        path: full,
    })
}
