//! A ruleset file's game, from its `extends:` chain or its keys.

use super::*;

/// The game a ruleset file is for: what it `extends` (a game, or the game
/// of the file it extends), else the one game whose keys it fits. A file
/// whose keys fit several games must say `extends:`. Its `name:` is free
/// text and decides nothing.
/// What the file `extends:` must lie inside `root` (the project folder),
/// as when its rules are read.
pub fn game_of_file(path: &Path, root: &Path) -> Result<GameKind, Error> {
    Error::of(ErrorKind::Input, || game_of_file_at(path, root, 0))
}

pub(super) fn game_of_file_at(path: &Path, root: &Path, depth: usize) -> Result<GameKind, String> {
    let shown = path.display();
    if depth > 8 {
        return Err(format!("{shown}: `extends` goes more than 8 files deep"));
    }
    let bytes =
        files::read_limited(path, MAX_RULESET_BYTES).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    let layer = layers::read_layer(&text).map_err(|e| format!("{shown}: {e}"))?;
    if let Some(name) = &layer.extends {
        if let Ok(game) = name.parse::<GameKind>() {
            return Ok(game);
        }
        let target = files::resolve_inside(root, path.parent().unwrap_or(Path::new(".")), name)
            .map_err(|e| format!("{shown}: extends `{name}`: {e}"))?;
        return game_of_file_at(&target, root, depth + 1)
            .map_err(|e| format!("{shown}: extends `{name}`: {e}"));
    }
    let fits: Vec<GameKind> = GameKind::ALL
        .iter()
        .copied()
        .filter(|g| Rules::check_keys(*g, &layer.tree).is_ok())
        .collect();
    match fits[..] {
        [game] => Ok(game),
        [] => {
            let first = GameKind::default();
            let others: Vec<&str> = GameKind::ALL
                .iter()
                .filter(|g| **g != first)
                .map(|g| g.name())
                .collect();
            Err(format!(
                "{shown}: its keys fit no game's ruleset; say which game it is for with `extends: {first}` (or {})",
                others.join(", ")
            ))
        }
        _ => {
            let names: Vec<&str> = fits.iter().map(|g| g.name()).collect();
            Err(format!(
                "{shown}: its keys fit the rulesets of {}; say which game it is for with `extends: {}`",
                names.join(" and "),
                names[0]
            ))
        }
    }
}
