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
