//! Ruleset parameters as data: serde structs, the shipped defaults embedded in
//! the binary, validation that names the offending field, and dotted-path
//! overrides (`set KEY = VALUE`).

mod portal;
mod royal;

pub use portal::*;
pub use royal::*;
pub(crate) use royal::{strip_location, yaml_error};

use std::fmt;

/// A ruleset file or override that cannot be used, with the dotted field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError {
    /// Dotted path of the field at fault (`board.forts`), empty when the whole
    /// document is at fault.
    pub field: String,
    pub message: String,
    /// Byte offset in the YAML text, when the YAML parser could place it.
    pub offset: Option<usize>,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for RulesetError {}

fn err(field: impl Into<String>, message: impl Into<String>) -> RulesetError {
    RulesetError {
        field: field.into(),
        message: message.into(),
        offset: None,
    }
}

/// Replaces the value at `path` (dotted, list items by index) in a YAML tree.
pub fn set_path(
    root: &mut serde_yaml::Value,
    path: &str,
    value: serde_yaml::Value,
) -> Result<(), RulesetError> {
    let mut node = root;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        let here = parts[..=i].join(".");
        node = match node {
            serde_yaml::Value::Mapping(map) => {
                let key = serde_yaml::Value::String(part.to_string());
                if !map.contains_key(&key) {
                    let known: Vec<String> = map
                        .keys()
                        .filter_map(|k| k.as_str().map(str::to_string))
                        .collect();
                    return Err(err(
                        here,
                        format!("no such field; fields here: {}", known.join(", ")),
                    ));
                }
                map.get_mut(&key).expect("checked above")
            }
            serde_yaml::Value::Sequence(seq) => {
                let len = seq.len();
                match part.parse::<usize>().ok().and_then(|n| seq.get_mut(n)) {
                    Some(v) => v,
                    None => {
                        return Err(err(
                            here,
                            format!("a list index 0-{} is needed here", len.saturating_sub(1)),
                        ))
                    }
                }
            }
            _ => return Err(err(here, "this field has no sub-fields")),
        };
    }
    if node.is_mapping() && !value.is_mapping() {
        return Err(err(path, "this field is a section; name one of its fields"));
    }
    *node = value;
    Ok(())
}

/// Applies `set KEY = VALUE` overrides to any parameter struct in order,
/// reporting type errors against the override that caused them, then
/// `validate`s the result once.
pub(crate) fn apply_overrides<T>(
    params: &T,
    overrides: &[(&str, &str)],
    validate: impl Fn(&T) -> Result<(), RulesetError>,
) -> Result<T, RulesetError>
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut tree = serde_yaml::to_value(params).map_err(yaml_error)?;
    for (path, value) in overrides {
        let new: serde_yaml::Value = serde_yaml::from_str(value).map_err(|e| {
            err(
                *path,
                format!("value is not YAML: {}", strip_location(&e.to_string())),
            )
        })?;
        set_path(&mut tree, path, new)?;
        serde_yaml::from_value::<T>(tree.clone())
            .map_err(|e| err(*path, strip_location(&e.to_string()).to_string()))?;
    }
    let params: T = serde_yaml::from_value(tree).map_err(yaml_error)?;
    validate(&params)?;
    Ok(params)
}
