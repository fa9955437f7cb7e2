//! Which games goti knows: the one list. Everything that differs between
//! games comes through the [`Game`] trait (and, in the runner, its `Played`
//! trait) of the types named here, so the compiler, not a reader, finds
//! what a new game must provide.

use std::fmt;
use std::str::FromStr;

use super::game::{Game, Vocabulary};
use super::rule::{RuleId, RuleInfo};

/// `for_each_game!(callback)` calls `callback! { Variant => Type, ... }`
/// with every game: the list the `GameKind` enum, the runner's `Rules` and
/// `Position` enums and their dispatch are generated from. Adding a game is
/// one line here (plus its folder).
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_game {
    ($callback:ident) => {
        $crate::__and_the_toy! { $callback
            /// ROYAL.md: guards and a King, roll store, exit credits, blockades.
            Royal => $crate::royal::Royal,
            /// PORTAL.md: five pieces, two dice, toilets, roads.
            Portal => $crate::portal::Portal,
            /// MAEDN.md: Mensch ärgere dich nicht as OpenSpiel plays it.
            Maedn => $crate::maedn::Maedn,
        }
    };
}

/// Adds the toy race to the list when the engine is built with it (the
/// `toy` feature); the list is otherwise passed on as it is.
#[cfg(feature = "toy")]
#[macro_export]
#[doc(hidden)]
macro_rules! __and_the_toy {
    ($callback:ident $($list:tt)*) => {
        $callback! {
            $($list)*
            /// The toy race of the seam's test (`crates/engine/src/toy/`).
            Toy => $crate::toy::Toy,
        }
    };
}

#[cfg(not(feature = "toy"))]
#[macro_export]
#[doc(hidden)]
macro_rules! __and_the_toy {
    ($callback:ident $($list:tt)*) => {
        $callback! { $($list)* }
    };
}

macro_rules! game_kind {
    ($($(#[doc = $doc:literal])* $(#[cfg($cfg:meta)])? $variant:ident => $ty:ty,)*) => {
        /// The games goti knows (the first is the default).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $($(#[doc = $doc])* $(#[cfg($cfg)])? $variant,)*
        }

        impl GameKind {
            /// Every game, in the order goti lists them.
            pub const ALL: &'static [GameKind] = &[$($(#[cfg($cfg)])? GameKind::$variant,)*];

            /// The words and numbers of the game's language.
            pub const fn vocabulary(self) -> &'static Vocabulary {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$variant => <$ty as Game>::VOCABULARY,)*
                }
            }

            /// The rulebook: its file name and text.
            pub const fn rulebook(self) -> (&'static str, &'static str) {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$variant => <$ty as Game>::RULEBOOK,)*
                }
            }

            /// Every rule ID of the game with its one-line text.
            pub const fn catalogue(self) -> &'static [RuleInfo] {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$variant => <$ty as Game>::CATALOGUE,)*
                }
            }
        }
    };
}

for_each_game!(game_kind);

impl Default for GameKind {
    /// The first game of the list (royal, the main game).
    fn default() -> GameKind {
        GameKind::ALL[0]
    }
}

impl GameKind {
    /// The name written after `rules` in a scenario.
    pub const fn name(self) -> &'static str {
        self.vocabulary().name
    }

    /// Whether `id` is a rule ID of this game.
    pub fn has_rule(self, id: &str) -> bool {
        self.catalogue().iter().any(|r| r.id.0 == id)
    }

    /// The rule ID `id` of this game, as the catalogue holds it.
    pub fn rule(self, id: &str) -> Option<RuleId> {
        self.catalogue()
            .iter()
            .find(|r| r.id.0.eq_ignore_ascii_case(id))
            .map(|r| r.id)
    }

    /// The games users can name (the test-only toy left out): "royal, portal, maedn".
    pub fn names() -> String {
        GameKind::ALL
            .iter()
            .map(|g| g.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Its place in [`GameKind::ALL`] (both follow the list's order).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name goti does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "goti has no ruleset `{}` (known: {})",
            self.0,
            GameKind::names()
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    /// Case-insensitive, like every word of the language.
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::{ids_in_rule_file, rule_file, uncited};

    #[test]
    fn every_catalogue_is_its_rulebook_and_cited_in_its_folder() {
        for &game in GameKind::ALL {
            let (name, shipped) = game.rulebook();
            // The shipped copy is the shared one beside the checkout, when
            // there is one (hovers and go to definition read the shipped).
            let shared = rule_file(name, shipped);
            assert!(
                shared == shipped,
                "{game}: the shipped crates/engine/src/{}/{name} differs from ../shared/rules/{name}: copy it over",
                game.name()
            );
            let ours: Vec<&str> = game.catalogue().iter().map(|r| r.id.0).collect();
            assert_eq!(ids_in_rule_file(shipped), ours, "{game}: {name}");
            for id in &ours {
                assert_eq!(game.rule(id).map(|r| r.0), Some(*id), "{game}");
            }
            let folder = format!("src/{}", game.name());
            assert_eq!(
                uncited(&folder, game.catalogue()),
                Vec::<&str>::new(),
                "{game}: every rule is cited where it is decided"
            );
        }
    }

    #[test]
    fn names_parse_back_case_insensitively() {
        for g in GameKind::ALL {
            assert_eq!(g.name().parse::<GameKind>(), Ok(*g));
            assert_eq!(g.name().to_uppercase().parse::<GameKind>(), Ok(*g));
            assert_eq!(g.vocabulary().name, g.name());
            assert_eq!(GameKind::ALL[g.index()], *g);
        }
        let e = "chess".parse::<GameKind>().unwrap_err();
        let known = if cfg!(feature = "toy") {
            "royal, portal, maedn, toy"
        } else {
            "royal, portal, maedn"
        };
        assert_eq!(
            e.to_string(),
            format!("goti has no ruleset `chess` (known: {known})")
        );
        assert_eq!(GameKind::default(), GameKind::Royal, "royal is the default");
    }
}
