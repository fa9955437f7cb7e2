//! Which games goti knows: the one list. Everything that differs between
//! games comes through the [`Game`] trait (and, in the runner, its `Played`
//! trait) of the types named here, so the compiler, not a reader, finds
//! what a new game must provide.
//!
//! Each game is a crate of its own (`crates/games/GAME/`) on the engine
//! core (`goti-engine`); this crate is the engine as the layers above see
//! it: the core's items, every game, and [`GameKind`].

use std::fmt;
use std::str::FromStr;

pub use goti_engine::*;

pub use goti_maedn as maedn;
pub use goti_maedn::{Maedn, MaednRule, MaednRules};
pub use goti_portal as portal;
pub use goti_portal::{Portal, PortalRule, PortalRules};
pub use goti_race as race;
pub use goti_race::{Race, RaceRule, RaceRules};
pub use goti_royal as royal;
pub use goti_royal::{Board, Phase, Royal, RoyalRule, RoyalRules, Seat, Store};
#[cfg(feature = "toy")]
pub use goti_toy as toy;

/// Planted faults in maedn's legal actions, for the tests of the checks
/// that must find them (tests only).
#[doc(hidden)]
pub use goti_maedn::planted;

/// The parameters of every game, beside what they share.
pub mod params {
    pub use goti_engine::params::*;
    pub use goti_maedn::params::*;
    pub use goti_portal::params::*;
    pub use goti_race::params::*;
    pub use goti_royal::params::*;
}

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
            /// RACE.md: a race game of the Ludo family whose rules are a description file.
            Race => $crate::race::Race,
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
            /// The toy race of the seam's test (`crates/games/toy/rules/src/`).
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

            /// The kinds of the events only the game records.
            pub const fn own_events(self) -> &'static [&'static goti_engine::OwnKind] {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$variant => <$ty as Game>::OWN_EVENTS,)*
                }
            }

            /// What balance measures of the game, in its order.
            pub const fn measures(self) -> &'static [&'static str] {
                match self {
                    $($(#[cfg($cfg)])? GameKind::$variant => <$ty as Game>::MEASURES,)*
                }
            }
        }
    };
}

for_each_game!(game_kind);

/// A game of the list: its entry. The layers above ask a position type
/// for its game through this trait, so a type in no entry does not
/// compile where they need one.
pub trait Listed: Game {
    /// The game's entry in [`GameKind`].
    const KIND: GameKind;
}

macro_rules! listed {
    ($($(#[doc = $doc:literal])* $(#[cfg($cfg:meta)])? $variant:ident => $ty:ty,)*) => {
        $($(#[cfg($cfg)])? impl Listed for $ty {
            const KIND: GameKind = GameKind::$variant;
        })*
    };
}

for_each_game!(listed);

/// The planted faults' wrapper is maedn with wrong legal actions.
impl Listed for planted::Planted {
    const KIND: GameKind = GameKind::Maedn;
}

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

    /// The games users can name (the test-only toy left out): "royal, portal, maedn, race".
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
    use goti_engine::{RuleInfo, Word};

    #[test]
    fn every_catalogue_is_its_rulebook_and_cited_in_its_folder() {
        for &game in GameKind::ALL {
            let (name, shipped) = game.rulebook();
            // The shipped copy is the shared one beside the checkout, when
            // there is one (hovers and go to definition read the shipped).
            let shared = rule_file(name, shipped);
            assert!(
                shared == shipped,
                "{game}: the shipped crates/games/{}/src/{name} differs from ../shared/rules/{name}: copy it over",
                game.name()
            );
            let ours: Vec<&str> = game.catalogue().iter().map(|r| r.id.0).collect();
            assert_eq!(ids_in_rule_file(shipped), ours, "{game}: {name}");
            for id in &ours {
                assert_eq!(game.rule(id).map(|r| r.0), Some(*id), "{game}");
            }
            let folder = format!("../{}/rules/src", game.name());
            assert_eq!(
                uncited(&folder, game.catalogue()),
                Vec::<&str>::new(),
                "{game}: every rule is cited where it is decided"
            );
        }
    }

    /// Every game's own event kinds read: their texts name only parts an
    /// event has.
    #[test]
    fn every_own_event_reads() {
        for &game in GameKind::ALL {
            for kind in game.own_events() {
                assert_eq!(kind.fault(), None, "{game}: `{}`", kind.text);
            }
        }
    }

    #[test]
    fn every_word_belongs_to_some_game() {
        for &w in Word::ALL {
            assert!(
                GameKind::ALL.iter().any(|g| g.vocabulary().allows(w)),
                "{w:?}"
            );
        }
    }

    /// Every game's own word has a phrase (so the language accepts it
    /// somewhere), and every phrase is of a word the game names, its
    /// example written in it.
    #[test]
    fn every_own_word_is_written_somewhere() {
        for g in GameKind::ALL {
            let v = g.vocabulary();
            for w in v.words.iter().filter(|w| matches!(w, Word::Named(_))) {
                assert!(v.phrases.iter().any(|p| p.word == *w), "{g}: {w:?}");
                assert_eq!(v.named(&w.text().to_uppercase()), Some(*w), "{g}: {w:?}");
            }
            for p in v.phrases {
                assert!(
                    matches!(p.word, Word::Named(_)) && v.allows(p.word),
                    "{g}: `{}` is of a word {g} does not name",
                    p.example
                );
                assert!(p.example.contains(p.word.text()), "{g}: `{}`", p.example);
            }
        }
    }

    #[test]
    fn vocabulary_rules_are_in_their_game() {
        for g in GameKind::ALL {
            let v = g.vocabulary();
            for id in [
                v.players_rule,
                v.pieces_rule,
                v.ring_rule,
                v.path_rule,
                v.named_twice_rule,
            ] {
                assert!(g.has_rule(id.0), "{g}: {id}");
            }
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
            "royal, portal, maedn, race, toy"
        } else {
            "royal, portal, maedn, race"
        };
        assert_eq!(
            e.to_string(),
            format!("goti has no ruleset `chess` (known: {known})")
        );
        assert_eq!(GameKind::default(), GameKind::Royal, "royal is the default");
    }

    /// The rule file's text: the shared copy beside the checkout when there is
    /// one (so a change to the rules shows here), else the shipped copy (the
    /// game's own, `crates/games/GAME/rules/src/GAME.md`).
    fn rule_file(name: &str, fallback: &'static str) -> String {
        let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../../shared/rules")
            .join(name);
        std::fs::read_to_string(shared).unwrap_or_else(|_| fallback.to_string())
    }

    /// The rule IDs a rule file (ROYAL.md, PORTAL.md) lists, in order: every
    /// bullet that starts with a backticked dotted ID.
    fn ids_in_rule_file(text: &str) -> Vec<&str> {
        text.lines()
            .filter_map(|l| l.strip_prefix("- `"))
            .filter_map(|l| l.split('`').next())
            .filter(|id| id.contains('.') && !id.contains(' '))
            .collect()
    }

    /// Every catalogue ID must be cited in its game's folder (outside the
    /// catalogue and the tests), so `grep capture.merge src` lands on the code
    /// that decides it. Returns the IDs no source file of `dir` names.
    fn uncited(dir: &str, catalogue: &[RuleInfo]) -> Vec<&'static str> {
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
}
