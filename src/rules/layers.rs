//! Rulesets in layers: a ruleset file may be partial (`extends: royal`, or
//! another file, plus only the keys that differ), and the layers a scenario
//! plays under are merged key by key, later wins: built-in defaults, the
//! project's ruleset file, the scenario's `rules file`, the command line's
//! `--ruleset`, then `set` overrides. Pure: the runner reads the files.

use serde_yaml::{Mapping, Value};

use super::{deserialize, set_path, strip_location, yaml, RulesetError, RulesetParams};

/// A ruleset file's text, checked: its own keys, and what it extends.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// `extends: NAME` — a game's built-in ruleset or another file.
    pub extends: Option<String>,
    /// The game the file says it is for (`name:`), if it says.
    pub name: Option<String>,
    /// Every key but `extends`.
    pub tree: Value,
}

fn syntax(e: &serde_yaml::Error) -> RulesetError {
    RulesetError {
        field: String::new(),
        message: strip_location(&e.to_string()).to_string(),
        offset: e.location().map(|l| l.index()),
        unknown_field: false,
    }
}

/// Reads a ruleset file's text: nothing that would take long to read, YAML
/// syntax, a mapping at the top; `extends` split off.
pub fn read_layer(text: &str) -> Result<Layer, RulesetError> {
    yaml::check_shape(text)?;
    let tree: Value = serde_yaml::from_str(text).map_err(|e| syntax(&e))?;
    let mut map = match tree {
        Value::Mapping(m) => m,
        Value::Null => Mapping::new(),
        _ => {
            return Err(RulesetError {
                field: String::new(),
                message: "a ruleset file is a mapping of fields (`board:`, ...)".into(),
                offset: Some(0),
                unknown_field: false,
            })
        }
    };
    let text_field = |map: &Mapping, key: &str| -> Result<Option<String>, RulesetError> {
        match map.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(RulesetError {
                field: key.into(),
                message: format!("`{key}` names a game or a file"),
                offset: None,
                unknown_field: false,
            }),
        }
    };
    let extends = text_field(&map, "extends")?;
    let name = text_field(&map, "name")?;
    map.remove("extends");
    Ok(Layer {
        extends,
        name,
        tree: Value::Mapping(map),
    })
}

/// Merges `patch` into `base` key by key: mappings merge, anything else
/// (numbers, lists) is replaced.
pub fn merge(base: &mut Value, patch: Value) {
    match (base, patch) {
        (Value::Mapping(b), Value::Mapping(p)) => {
            for (k, v) in p {
                match b.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// The shipped defaults of `P` as a tree.
pub fn default_tree<P: RulesetParams>() -> Value {
    serde_yaml::from_str(P::DEFAULT_YAML)
        .unwrap_or_else(|e| unreachable!("the shipped ruleset is YAML: {e}"))
}

/// Checks that a layer's keys exist and hold values of the right type, by
/// merging it onto the defaults: the error names the field.
pub fn check_keys<P: RulesetParams>(layer: &Value) -> Result<(), RulesetError> {
    let mut tree = default_tree::<P>();
    merge(&mut tree, layer.clone());
    deserialize::<P, _>(tree).map(|_| ())
}

/// Applies `set KEY = VALUE` overrides to a tree, in order.
pub fn set_all(tree: &mut Value, overrides: &[(&str, &str)]) -> Result<(), RulesetError> {
    for (path, value) in overrides {
        yaml::check_shape(value).map_err(|e| RulesetError {
            field: (*path).to_string(),
            offset: None,
            ..e
        })?;
        let new: Value = serde_yaml::from_str(value).map_err(|e| RulesetError {
            field: (*path).to_string(),
            message: format!("value is not YAML: {}", strip_location(&e.to_string())),
            offset: None,
            unknown_field: false,
        })?;
        set_path(tree, path, new)?;
    }
    Ok(())
}

/// The value at the dotted `path` of the tree (list items by number).
pub fn field<'a>(tree: &'a Value, path: &str) -> Option<&'a Value> {
    let mut node = tree;
    for part in path.split('.') {
        node = match node {
            Value::Mapping(m) => m.get(part)?,
            Value::Sequence(s) => s.get(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Whether the dotted `path` names a field of the tree.
pub fn has_field(tree: &Value, path: &str) -> bool {
    field(tree, path).is_some()
}

/// The parameters of a merged tree, validated.
pub fn params_from_tree<P: RulesetParams>(tree: Value) -> Result<P, RulesetError> {
    let params: P = deserialize(tree)?;
    params.validate()?;
    Ok(params)
}

/// Every value of a merged tree that does not read, not only the first:
/// each bad value is put back to its default and the tree read again (at
/// most [`MAX_ERRORS`] times), then the whole is validated; so a file with
/// two bad values hears of both. Empty when the tree reads and validates.
pub fn errors_of_tree<P: RulesetParams>(tree: Value) -> Vec<RulesetError> {
    errors_of::<P>(tree, true)
}

/// Every key of a partial ruleset file (`layer`) that does not read over
/// the defaults, as [`check_keys`] finds the first (no validation: the
/// file is one layer of several).
pub fn key_errors<P: RulesetParams>(layer: &Value) -> Vec<RulesetError> {
    let mut tree = default_tree::<P>();
    merge(&mut tree, layer.clone());
    errors_of::<P>(tree, false)
}

fn errors_of<P: RulesetParams>(mut tree: Value, validate: bool) -> Vec<RulesetError> {
    let defaults = default_tree::<P>();
    let mut out: Vec<RulesetError> = Vec::new();
    while out.len() < MAX_ERRORS {
        match deserialize::<P, _>(tree.clone()) {
            Ok(params) => {
                if validate {
                    out.extend(params.validate().err());
                }
                break;
            }
            Err(e) => {
                let again = out.iter().any(|o| o.field == e.field);
                let default = field(&defaults, &e.field).cloned();
                let put_back = default
                    .filter(|_| !again)
                    .is_some_and(|d| super::set_path(&mut tree, &e.field, d).is_ok());
                if !again {
                    out.push(e);
                }
                if !put_back {
                    break;
                }
            }
        }
    }
    out
}

/// At most this many errors are reported for one ruleset.
pub const MAX_ERRORS: usize = 32;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RoyalParams;

    #[test]
    fn a_partial_file_extends_the_defaults() {
        let layer = read_layer("extends: royal\njourney: {capture_value: 40}\n").unwrap();
        assert_eq!(layer.extends.as_deref(), Some("royal"));
        check_keys::<RoyalParams>(&layer.tree).unwrap();
        let mut tree = default_tree::<RoyalParams>();
        merge(&mut tree, layer.tree);
        let p: RoyalParams = params_from_tree(tree).unwrap();
        assert_eq!(p.journey.capture_value, 40);
        assert_eq!(p.journey.store_cap, 12, "the other keys are the defaults");
    }

    #[test]
    fn unknown_keys_and_bad_types_name_the_field() {
        let layer = read_layer("journey: {capture_valu: 40}\n").unwrap();
        let e = check_keys::<RoyalParams>(&layer.tree).unwrap_err();
        assert!(e.unknown_field, "{e}");
        assert!(e.message.contains("did you mean `capture_value`?"), "{e}");
        let layer = read_layer("journey:\n  capture_value: forty\n").unwrap();
        let e = check_keys::<RoyalParams>(&layer.tree).unwrap_err();
        assert_eq!(e.field, "journey.capture_value");
        assert!(read_layer("- a list").is_err());
    }

    #[test]
    fn overrides_and_fields() {
        let mut tree = default_tree::<RoyalParams>();
        assert!(has_field(&tree, "board.forts.2"));
        assert!(!has_field(&tree, "dice.enter_value"));
        set_all(&mut tree, &[("journey.capture_value", "30")]).unwrap();
        let p: RoyalParams = params_from_tree(tree).unwrap();
        assert_eq!(p.journey.capture_value, 30);
    }
}
