//! Rule IDs as every game cites them, and the macro that declares a game's
//! catalogue: every clause of its rule file as one enum variant with its
//! dotted ID and a one-line description.

use std::fmt;

/// A rule ID as cited by events and rejections: the dotted string of a
/// game's rule file (ROYAL.md, PORTAL.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(pub &'static str);

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// One entry of a ruleset's catalogue.
#[derive(Clone, Copy, Debug)]
pub struct RuleInfo {
    pub id: RuleId,
    pub text: &'static str,
}

/// Declares a ruleset's rule enum: variant => "dotted.id", "one line";
macro_rules! rule_catalogue {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $id:literal, $text:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),* }

        impl $name {
            /// All rules in document order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            /// The catalogue as plain data.
            pub const CATALOGUE: &'static [RuleInfo] = &[$(RuleInfo { id: RuleId($id), text: $text }),*];

            /// The dotted ID, e.g. `capture.merge`.
            pub const fn id(self) -> RuleId {
                match self { $($name::$variant => RuleId($id)),* }
            }

            /// One line saying what the rule decides.
            pub const fn text(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            /// Looks a rule up by its dotted ID.
            pub fn from_id(id: &str) -> Option<$name> {
                match id { $($id => Some($name::$variant),)* _ => None }
            }

            pub fn info(self) -> RuleInfo {
                RuleInfo { id: self.id(), text: self.text() }
            }
        }

        impl From<$name> for RuleId {
            fn from(rule: $name) -> RuleId {
                rule.id()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.id().0)
            }
        }
    };
}

pub(crate) use rule_catalogue;

/// The rule file's text: the shared copy beside the checkout when there is
/// one (so a change to the rules shows here), else the shipped copy (the
/// game's own, `crates/engine/src/GAME/GAME.md`).
#[cfg(test)]
pub(crate) fn rule_file(name: &str, fallback: &'static str) -> String {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/rules")
        .join(name);
    std::fs::read_to_string(shared).unwrap_or_else(|_| fallback.to_string())
}

/// The rule IDs a rule file (ROYAL.md, PORTAL.md) lists, in order: every
/// bullet that starts with a backticked dotted ID.
#[cfg(test)]
pub(crate) fn ids_in_rule_file(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| id.contains('.') && !id.contains(' '))
        .collect()
}

/// Every catalogue ID must be cited in its game's folder (outside the
/// catalogue and the tests), so `grep capture.merge src` lands on the code
/// that decides it. Returns the IDs no source file of `dir` names.
#[cfg(test)]
pub(crate) fn uncited(dir: &str, catalogue: &[RuleInfo]) -> Vec<&'static str> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut text = String::new();
    let mut stack = vec![folder];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("a folder entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                stack.push(path);
            } else if name.ends_with(".rs") && name != "rule.rs" && name != "tests.rs" {
                text.push_str(&std::fs::read_to_string(&path).expect("a source file"));
            }
        }
    }
    catalogue
        .iter()
        .map(|r| r.id.0)
        .filter(|id| !text.contains(id))
        .collect()
}
