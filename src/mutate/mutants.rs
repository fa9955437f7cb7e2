//! Mutants of a ruleset: every number moved to its neighbours (a board
//! position to the adjacent tile), every list entry dropped or duplicated,
//! every table row shifted, every yes/no flipped and every choice switched.
//! Pure: `goti mutate` plays the scenarios under each.

use serde_yaml::{Mapping, Value};

/// What a mutant changes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum MutationKind {
    /// A number one up or one down (a board position to the next tile).
    Neighbour,
    /// A list entry left out.
    Dropped,
    /// A list entry written twice.
    Duplicated,
    /// The boundary between two rows of a range table moved by one (one
    /// row's `to` and the next row's `from` together).
    RowShifted,
    /// A yes/no turned over.
    Flipped,
    /// A choice switched to the other.
    Switched,
}

/// One mutant: the field it changes, in words, and the ruleset tree with
/// the change made.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// Dotted path of the changed field (`journey.deal.1.to`).
    pub key: String,
    /// The change in words: `5 -> 6`, `drops 31`, ...
    pub change: String,
    pub kind: MutationKind,
    /// The top-level-to-leaf path a partial ruleset layer must write (lists
    /// are written whole): `journey.deal` for `journey.deal.1.to`.
    pub layer_key: String,
    /// The value written at `layer_key`.
    pub layer_value: Value,
}

/// The choices of string fields that have another value (`forward`), and
/// of lists of them, named by the list (`obligations`).
const CHOICES: &[(&str, &[&str])] = &[
    ("forward", &["lower", "higher"]),
    ("parted_groups", &["size", "named"]),
    ("parted_moves", &["whole_group", "after_groups"]),
    ("king_return", &["free", "exit"]),
    ("stops", &["passing", "landing"]),
    ("read", &["sum", "each"]),
    ("at_limit", &["forfeit", "lead_back"]),
    ("to", &["base", "start"]),
    // Each entry of a list of choices (race's `obligations: [clear_start]`).
    ("obligations", &["clear_start", "enter", "capture"]),
];

/// Every mutant of `tree` (the whole ruleset as merged for a run). `name`
/// is never mutated.
pub fn mutants(tree: &Value) -> Vec<Mutant> {
    let mut out = Vec::new();
    walk(tree, tree, &mut Vec::new(), &mut out);
    out
}

fn walk(root: &Value, node: &Value, path: &mut Vec<String>, out: &mut Vec<Mutant>) {
    let last = path.last().cloned().unwrap_or_default();
    match node {
        Value::Mapping(m) => {
            for (k, v) in m {
                let Some(k) = k.as_str() else { continue };
                if path.is_empty() && (k == "name" || k == "extends") {
                    continue;
                }
                path.push(k.to_string());
                walk(root, v, path, out);
                path.pop();
            }
        }
        Value::Sequence(items) => {
            // A table of ranges (`from`-`to` rows): move the boundary
            // between two rows by one, so the table stays whole.
            let ranges: Vec<Option<(i64, i64)>> = items
                .iter()
                .map(|v| match v {
                    Value::Mapping(m) => int(m, "from").zip(int(m, "to")),
                    _ => None,
                })
                .collect();
            if !items.is_empty() && ranges.iter().all(Option::is_some) {
                for i in 0..items.len() - 1 {
                    let (Some((_, to)), Some((from, _))) = (ranges[i], ranges[i + 1]) else {
                        continue;
                    };
                    for d in [-1i64, 1] {
                        let mut rows = items.clone();
                        if let Value::Mapping(a) = &mut rows[i] {
                            a.insert("to".into(), (to + d).into());
                        }
                        if let Value::Mapping(b) = &mut rows[i + 1] {
                            b.insert("from".into(), (from + d).into());
                        }
                        path.push(i.to_string());
                        out.push(make(
                            root,
                            path,
                            Value::Null,
                            MutationKind::RowShifted,
                            format!("boundary {to}|{from} -> {}|{}", to + d, from + d),
                        ));
                        path.pop();
                        if let Some(last) = out.last_mut() {
                            last.layer_value = Value::Sequence(rows);
                        }
                    }
                }
            }
            for (i, item) in items.iter().enumerate() {
                let mut dropped = items.clone();
                dropped.remove(i);
                out.push(make(
                    root,
                    path,
                    Value::Sequence(dropped),
                    MutationKind::Dropped,
                    format!("drops {}", short(item)),
                ));
                let mut twice = items.clone();
                twice.insert(i, item.clone());
                out.push(make(
                    root,
                    path,
                    Value::Sequence(twice),
                    MutationKind::Duplicated,
                    format!("{} twice", short(item)),
                ));
            }
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                walk(root, item, path, out);
                path.pop();
            }
        }
        Value::Number(n) => {
            if let Some(v) = n.as_i64() {
                for w in [v - 1, v + 1] {
                    out.push(make(
                        root,
                        path,
                        w.into(),
                        MutationKind::Neighbour,
                        format!("{v} -> {w}"),
                    ));
                }
            }
        }
        Value::Bool(b) => out.push(make(
            root,
            path,
            (!b).into(),
            MutationKind::Flipped,
            format!("{b} -> {}", !b),
        )),
        Value::String(s) => {
            // A list's entry is a choice of the list's own key.
            let key = match path.len() {
                2.. if last.parse::<usize>().is_ok() => path[path.len() - 2].as_str(),
                _ => last.as_str(),
            };
            if let Some((_, options)) = CHOICES.iter().find(|(k, _)| *k == key) {
                for o in options.iter().filter(|o| **o != s) {
                    out.push(make(
                        root,
                        path,
                        Value::String(o.to_string()),
                        MutationKind::Switched,
                        format!("{s} -> {o}"),
                    ));
                }
            }
        }
        _ => {}
    }
}

fn int(m: &Mapping, k: &str) -> Option<i64> {
    m.get(k).and_then(Value::as_i64)
}

/// A value in a few characters, for the change's words.
fn short(v: &Value) -> String {
    match v {
        Value::Mapping(m) => {
            let parts: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", k.as_str().unwrap_or("?"), short(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Sequence(s) => format!("[{}]", s.iter().map(short).collect::<Vec<_>>().join(", ")),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => "~".into(),
    }
}

/// A mutant that puts `value` at `path`: the layer writes the outermost
/// list holding it whole (a layer cannot write one list item).
fn make(root: &Value, path: &[String], value: Value, kind: MutationKind, change: String) -> Mutant {
    let cut = (0..path.len())
        .find(|&i| is_list(root, &path[..=i]))
        .map_or(path.len(), |i| i + 1);
    let layer_path = &path[..cut];
    let mut layer_value = get(root, layer_path).cloned().unwrap_or(Value::Null);
    if cut == path.len() {
        layer_value = value;
    } else if let Some(slot) = get_mut(&mut layer_value, &path[cut..]) {
        *slot = value;
    }
    Mutant {
        key: path.join("."),
        change,
        kind,
        layer_key: layer_path.join("."),
        layer_value,
    }
}

fn is_list(root: &Value, path: &[String]) -> bool {
    matches!(get(root, path), Some(Value::Sequence(_)))
}

fn get<'a>(v: &'a Value, path: &[String]) -> Option<&'a Value> {
    let mut node = v;
    for p in path {
        node = match node {
            Value::Mapping(m) => m.get(p.as_str())?,
            Value::Sequence(s) => s.get(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

fn get_mut<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    let mut node = v;
    for p in path {
        node = match node {
            Value::Mapping(m) => m.get_mut(p.as_str())?,
            Value::Sequence(s) => s.get_mut(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(node)
}

impl Mutant {
    /// The mutant as a partial ruleset file of `game` (`extends: GAME` and
    /// the one key it writes).
    pub fn layer_text(&self, game: &str) -> String {
        let mut value = self.layer_value.clone();
        for part in self.layer_key.split('.').rev() {
            let mut m = Mapping::new();
            m.insert(Value::String(part.to_string()), value);
            value = Value::Mapping(m);
        }
        if let Value::Mapping(m) = &mut value {
            m.insert("extends".into(), Value::String(game.to_string()));
        }
        serde_yaml::to_string(&value)
            .unwrap_or_else(|e| unreachable!("a tree of YAML values always serialises: {e}"))
    }

    /// The whole tree with this mutant's change made.
    pub fn apply(&self, tree: &Value) -> Value {
        let mut t = tree.clone();
        let path: Vec<String> = self.layer_key.split('.').map(str::to_string).collect();
        if let Some(slot) = get_mut(&mut t, &path) {
            *slot = self.layer_value.clone();
        }
        t
    }
}

/// The rule IDs the shipped ruleset file's comments cite for each key
/// (`ring: 52  # board.ring`), by dotted path; a key without a comment
/// takes its parent's.
pub fn rules_of_keys(yaml: &str, ids: &[&str]) -> Vec<(String, Vec<String>)> {
    let outline = crate::rules::yaml::outline(yaml)
        .unwrap_or_else(|e| panic!("a shipped ruleset file does not read: {e:?}"));
    outline
        .commented()
        .map(|(path, comment)| {
            let words: Vec<&str> = comment
                .split(|c: char| c.is_whitespace() || ",:()".contains(c))
                .collect();
            let cited = ids
                .iter()
                .filter(|id| words.contains(id))
                .map(|id| id.to_string())
                .collect();
            (path.to_string(), cited)
        })
        .collect()
}

/// The rule IDs that read `key`, from [`rules_of_keys`]'s table.
pub fn rules_for(table: &[(String, Vec<String>)], key: &str) -> Vec<String> {
    let parts: Vec<&str> = key.split('.').collect();
    for cut in (1..=parts.len()).rev() {
        let k = parts[..cut].join(".");
        if let Some((_, ids)) = table.iter().find(|(p, ids)| *p == k && !ids.is_empty()) {
            return ids.clone();
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Value {
        serde_yaml::from_str(text).unwrap()
    }

    #[test]
    fn every_kind_of_mutation_is_made() {
        let t = tree(
            "name: x\nobligations: [clear_start, enter]\nboard:\n  ring: 52\n  forward: lower\n  forts: [44, 31]\nj:\n  deal:\n    - { from: 0, to: 3, dice: 3 }\n    - { from: 4, to: 9, dice: 1 }\n  flag: true\n",
        );
        let ms = mutants(&t);
        let find = |key: &str, change: &str| {
            ms.iter()
                .find(|m| m.key == key && m.change == change)
                .unwrap_or_else(|| {
                    panic!(
                        "no {key} {change} in {:?}",
                        ms.iter().map(|m| (&m.key, &m.change)).collect::<Vec<_>>()
                    )
                })
        };
        let m = find("board.ring", "52 -> 53");
        assert_eq!(
            (m.kind, m.layer_key.as_str()),
            (MutationKind::Neighbour, "board.ring")
        );
        assert_eq!(find("board.ring", "52 -> 51").layer_value, Value::from(51));
        assert_eq!(
            find("board.forward", "lower -> higher").kind,
            MutationKind::Switched
        );
        // A list of choices: each entry switched, the list written whole.
        let m = find("obligations.1", "enter -> capture");
        assert_eq!(
            (m.kind, m.layer_key.as_str()),
            (MutationKind::Switched, "obligations")
        );
        assert_eq!(m.layer_value, tree("[clear_start, capture]"));
        find("obligations.0", "clear_start -> enter");
        // A list item's change writes the list whole.
        let m = find("board.forts.1", "31 -> 30");
        assert_eq!(m.layer_key, "board.forts");
        assert_eq!(m.layer_value, tree("[44, 30]"));
        assert_eq!(find("board.forts", "drops 44").layer_value, tree("[31]"));
        assert_eq!(
            find("board.forts", "31 twice").layer_value,
            tree("[44, 31, 31]")
        );
        let m = find("j.deal.0", "boundary 3|4 -> 4|5");
        assert_eq!(m.kind, MutationKind::RowShifted);
        assert_eq!(m.layer_key, "j.deal");
        assert_eq!(
            m.layer_value,
            tree("[{from: 0, to: 4, dice: 3}, {from: 5, to: 9, dice: 1}]")
        );
        assert_eq!(find("j.flag", "true -> false").kind, MutationKind::Flipped);
        assert!(ms.iter().all(|m| m.key != "name"));
        // The layer a run reads: extends the game, writes one key.
        let text = find("board.forts.1", "31 -> 30").layer_text("royal");
        assert_eq!(
            tree(&text),
            tree("extends: royal\nboard:\n  forts: [44, 30]\n")
        );
        // Applied to the whole tree, only that key changes.
        let applied = find("board.ring", "52 -> 53").apply(&t);
        assert_eq!(applied["board"]["ring"], Value::from(53));
        assert_eq!(applied["board"]["forts"], t["board"]["forts"]);
    }

    #[test]
    fn keys_take_the_rule_ids_of_their_comments() {
        let yaml = "board:\n  ring: 52   # board.ring\njourney:\n  deal:   # roll.deal: dealt\n    - { from: 0 }\n  penalty: 5  # blockade.penalty, per step\nclash:\n  penalty: 15  # blockade.penalty\n  cap: 17\n";
        let table = rules_of_keys(yaml, &["board.ring", "roll.deal", "blockade.penalty"]);
        assert_eq!(rules_for(&table, "board.ring"), vec!["board.ring"]);
        assert_eq!(rules_for(&table, "journey.deal.0.from"), vec!["roll.deal"]);
        assert_eq!(rules_for(&table, "clash.penalty"), vec!["blockade.penalty"]);
        assert!(rules_for(&table, "nothing.here").is_empty());
        // No twin by name: a key says its rules in its own comment.
        assert!(rules_for(&table, "clash.cap").is_empty());
    }
}
