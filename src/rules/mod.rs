//! Ruleset parameters as data: serde structs, the shipped defaults embedded in
//! the binary, validation that names the offending field, and dotted-path
//! overrides (`set KEY = VALUE`).

pub mod layers;
#[cfg(test)]
mod tests;
pub mod yaml;

pub use crate::engine::params::*;

/// What every game's parameters can do besides being data (the engine's
/// [`Params`]): come from the shipped file, from a ruleset file's text, take
/// `set KEY = VALUE` overrides, be written back as YAML. Every game's
/// parameters have these (a blanket impl), so a game implements only [`Params`].
pub trait RulesetParams: Params {
    /// The shipped default.
    fn shipped() -> Self {
        Self::from_yaml(Self::DEFAULT_YAML)
            .unwrap_or_else(|e| panic!("the shipped ruleset is valid: {e}"))
    }

    /// Parses and validates a ruleset file.
    fn from_yaml(text: &str) -> Result<Self, RulesetError> {
        // Nothing that would take long to read, then YAML syntax, so a
        // broken file is reported as such.
        yaml::check_shape(text)?;
        serde_yaml::from_str::<serde_yaml::Value>(text).map_err(|e| RulesetError {
            field: String::new(),
            message: strip_location(&e.to_string()).to_string(),
            offset: e.location().map(|l| l.index()),
            unknown_field: false,
        })?;
        let params: Self = deserialize(serde_yaml::Deserializer::from_str(text))?;
        params.validate()?;
        Ok(params)
    }

    /// This ruleset as YAML (what `goti rules --dump` prints).
    fn to_yaml(&self) -> String {
        serde_yaml::to_string(self)
            .unwrap_or_else(|e| unreachable!("parameters always serialise: {e}"))
    }

    /// Applies `set KEY = VALUE` overrides in order, then validates once (so
    /// a deal table and its cap can change together). An error names the field.
    fn with_overrides(&self, overrides: &[(&str, &str)]) -> Result<Self, RulesetError> {
        apply_overrides(self, overrides, Self::validate)
    }
}

impl<P: Params> RulesetParams for P {}

/// The rules of game `G` under its shipped parameters.
pub fn shipped_rules<G: crate::engine::Game>() -> std::sync::Arc<G::Rules> {
    G::new_rules(G::Params::shipped())
}

/// Deserialises parameters from YAML (text or a tree): a failure names the
/// field by serde's own path (`board.forts.1`, list items by index) and,
/// from text, the place in the file.
pub(crate) fn deserialize<'de, T, D>(de: D) -> Result<T, RulesetError>
where
    T: serde::de::DeserializeOwned,
    D: serde::Deserializer<'de, Error = serde_yaml::Error>,
{
    serde_path_to_error::deserialize(de).map_err(|e| {
        let field = e
            .path()
            .iter()
            .filter_map(|seg| match seg {
                serde_path_to_error::Segment::Seq { index } => Some(index.to_string()),
                serde_path_to_error::Segment::Map { key } => Some(key.clone()),
                serde_path_to_error::Segment::Enum { variant } => Some(variant.clone()),
                serde_path_to_error::Segment::Unknown => None,
            })
            .collect::<Vec<_>>()
            .join(".");
        let inner = e.into_inner();
        let offset = inner.location().map(|l| l.index());
        let text = inner.to_string();
        let text = strip_location(&text);
        // serde_yaml names the field itself ("board.forts[1]: ..."); goti says it once.
        let message = match text.split_once(": ") {
            Some((path, rest)) if !path.contains(' ') => rest,
            _ => text,
        };
        // serde's own words for a misspelt key: "unknown field `x`, expected one of `a`, `b`".
        let unknown_field = message.starts_with("unknown field `");
        let message = match unknown_field.then(|| did_you_mean(message)).flatten() {
            Some(hint) => format!("{message}; {hint}"),
            None => in_words(message),
        };
        RulesetError {
            field,
            message,
            offset,
            unknown_field,
        }
    })
}

/// serde's type names in a designer's words: `expected i64` is "a whole
/// number", `expected a boolean` "yes or no (true or false)".
fn in_words(message: &str) -> String {
    let mut out = message.to_string();
    for (rust, words) in [
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u16", "expected a whole number, 0 or more"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected f64", "expected a number"),
        ("expected a boolean", "expected true or false"),
    ] {
        if let Some(at) = out.find(rust) {
            let end = at + rust.len();
            // Only the whole word (`u8`, not the start of `u16`).
            if !out[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                out.replace_range(at..end, words);
            }
        }
    }
    out
}

/// "did you mean `b`?" for serde's "unknown field `x`, expected one of ...".
fn did_you_mean(message: &str) -> Option<String> {
    let mut names = message.split('`').skip(1).step_by(2);
    let unknown = names.next()?;
    let known: Vec<&str> = names.collect();
    crate::closest::closest(unknown, known.iter().copied()).map(|g| format!("did you mean `{g}`?"))
}

/// A serde_yaml message without its " at line L column C" (goti shows the place).
pub(crate) fn strip_location(s: &str) -> &str {
    s.split(" at line ").next().unwrap_or(s)
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
                    let guess = crate::closest::closest(part, known.iter().map(String::as_str));
                    let hint = guess.map_or(String::new(), |g| format!("did you mean `{g}`? "));
                    return Err(RulesetError {
                        unknown_field: true,
                        ..err(
                            here,
                            format!("no such field; {hint}fields here: {}", known.join(", ")),
                        )
                    });
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
    let mut tree = serde_yaml::to_value(params)
        .unwrap_or_else(|e| unreachable!("parameters always serialise: {e}"));
    for (path, value) in overrides {
        yaml::check_shape(value).map_err(|e| RulesetError {
            field: (*path).to_string(),
            offset: None,
            ..e
        })?;
        let new: serde_yaml::Value = serde_yaml::from_str(value).map_err(|e| {
            err(
                *path,
                format!("value is not YAML: {}", strip_location(&e.to_string())),
            )
        })?;
        set_path(&mut tree, path, new)?;
        deserialize::<T, _>(tree.clone()).map_err(|e| RulesetError {
            field: (*path).to_string(),
            ..e
        })?;
    }
    let params: T = deserialize(tree)?;
    validate(&params)?;
    Ok(params)
}

/// Every leaf of a ruleset tree as `dotted.key` and its value in YAML
/// (one line), appended to `out`.
pub fn leaves(v: &serde_yaml::Value, prefix: String, out: &mut Vec<(String, String)>) {
    match v {
        serde_yaml::Value::Mapping(m) => {
            for (k, v) in m {
                let Some(k) = k.as_str() else { continue };
                let key = if prefix.is_empty() {
                    k.to_string()
                } else {
                    format!("{prefix}.{k}")
                };
                leaves(v, key, out);
            }
        }
        other => {
            let text = serde_yaml::to_string(other).unwrap_or_default();
            let text = text.trim().replace('\n', " ");
            out.push((prefix, text));
        }
    }
}
