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
#[macro_export]
macro_rules! rule_catalogue {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $id:literal, $text:literal;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),* }

        impl $name {
            /// All rules in document order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            /// The catalogue as plain data.
            pub const CATALOGUE: &'static [$crate::RuleInfo] = &[$($crate::RuleInfo { id: $crate::RuleId($id), text: $text }),*];

            /// The dotted ID, e.g. `capture.merge`.
            pub const fn id(self) -> $crate::RuleId {
                match self { $($name::$variant => $crate::RuleId($id)),* }
            }

            /// One line saying what the rule decides.
            pub const fn text(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            /// Looks a rule up by its dotted ID.
            pub fn from_id(id: &str) -> Option<$name> {
                match id { $($id => Some($name::$variant),)* _ => None }
            }

            pub fn info(self) -> $crate::RuleInfo {
                $crate::RuleInfo { id: self.id(), text: self.text() }
            }
        }

        impl From<$name> for $crate::RuleId {
            fn from(rule: $name) -> $crate::RuleId {
                rule.id()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id().0)
            }
        }
    };
}

/// A rule ID a description names at run time (a `race` description's
/// `names`), made `'static` once: every distinct name is kept for the life
/// of the process, so what is kept is at most the text of the descriptions
/// read, each name once however often it is loaded.
pub fn intern(name: &str) -> RuleId {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&kept) = names.get(name) {
        return RuleId(kept);
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(kept);
    RuleId(kept)
}
