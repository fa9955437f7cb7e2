//! The words of the scenario language: those only some games have
//! ([`Word`]) and what the language says of one game ([`Vocabulary`]: its
//! words, how it writes its places and numbers its fields, the rules that
//! decide language problems).

use super::piece::Place;
use super::rule::RuleId;

/// A word of the scenario language that only some games have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    King,
    Midpoint,
    /// A word the grammar does not know, which only a game's vocabulary
    /// names (lower case): a set-up fact `P1 WORD N...`, an action `WORD
    /// G1...`, an expectation `expect P1 WORD N...`, each read by that game.
    Named(&'static str),
}

impl Word {
    /// Every word the grammar knows, in the order above (a game's
    /// [`Word::Named`] words are in its vocabulary alone).
    pub const ALL: &'static [Word] = &[Word::King, Word::Midpoint];

    /// How the word is written.
    pub const fn text(self) -> &'static str {
        match self {
            Word::King => "king",
            Word::Midpoint => "midpoint",
            Word::Named(text) => text,
        }
    }
}

/// Where a phrase in a game's own word stands in a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhraseAt {
    /// A set-up fact: `P1 credits 2`, `P1 G1 falls 42 2`.
    Fact,
    /// An action: `boost G1`.
    Action,
    /// An expectation: `expect P1 credits 2`, `expect returns 1 -1`.
    Check,
}

impl PhraseAt {
    /// What a phrase there is: "a set-up fact", "an action", "an expectation".
    pub const fn name(self) -> &'static str {
        match self {
            PhraseAt::Fact => "a set-up fact",
            PhraseAt::Action => "an action",
            PhraseAt::Check => "an expectation",
        }
    }
}

/// Whether `n` lies in `lo..=hi`.
fn within(n: usize, (lo, hi): (u8, u8)) -> bool {
    (lo as usize..=hi as usize).contains(&n)
}

/// How a game's own word ([`Word::Named`]) is written in one place of a
/// scenario, so that the language refuses any other form with a located
/// problem before the game reads it (the game may then rely on the form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phrase {
    pub word: Word,
    pub at: PhraseAt,
    /// Whether it names a player first (`P1 credits 2`); an action's player
    /// is the `P2:` every action may have, so this is `false` for actions.
    pub player: bool,
    /// How many pieces it names, least and most (`P1 G1 falls 42 2`: one).
    pub pieces: (u8, u8),
    /// How many numbers follow the word, least and most.
    pub numbers: (u8, u8),
    /// Whether a number may be below zero (`battle -5`).
    pub signed: bool,
    /// Whether it is written with `empty` in place of its numbers (`P1
    /// store empty`), and only so.
    pub empty: bool,
    /// The phrase as a user would write it, for help: `P1 credits 2`.
    pub example: &'static str,
}

impl Phrase {
    /// A set-up fact that names a player and nothing else yet:
    /// `Phrase::fact(CREDITS, "P1 credits 2").numbers(1, 1)`.
    pub const fn fact(word: Word, example: &'static str) -> Phrase {
        Phrase::new(word, PhraseAt::Fact, true, example)
    }
    /// An expectation that names a player and nothing else yet.
    pub const fn check(word: Word, example: &'static str) -> Phrase {
        Phrase::new(word, PhraseAt::Check, true, example)
    }
    /// An action that names no piece yet: `Phrase::action(EXIT, "exit G1").pieces(1, 255)`.
    pub const fn action(word: Word, example: &'static str) -> Phrase {
        Phrase::new(word, PhraseAt::Action, false, example)
    }
    const fn new(word: Word, at: PhraseAt, player: bool, example: &'static str) -> Phrase {
        Phrase {
            word,
            at,
            player,
            pieces: (0, 0),
            numbers: (0, 0),
            signed: false,
            empty: false,
            example,
        }
    }
    /// Names no player (`expect burned 5`).
    pub const fn no_player(self) -> Phrase {
        Phrase {
            player: false,
            ..self
        }
    }
    /// Names `lo` to `hi` pieces.
    pub const fn pieces(self, lo: u8, hi: u8) -> Phrase {
        Phrase {
            pieces: (lo, hi),
            ..self
        }
    }
    /// Is followed by `lo` to `hi` numbers.
    pub const fn numbers(self, lo: u8, hi: u8) -> Phrase {
        Phrase {
            numbers: (lo, hi),
            ..self
        }
    }
    /// Its numbers may be below zero.
    pub const fn signed(self) -> Phrase {
        Phrase {
            signed: true,
            ..self
        }
    }
    /// Written `empty`, for none of its numbers (`P1 store empty`).
    pub const fn empty(self) -> Phrase {
        Phrase {
            empty: true,
            numbers: (0, 0),
            ..self
        }
    }
    /// Whether it names `n` pieces.
    pub fn takes_pieces(&self, n: usize) -> bool {
        within(n, self.pieces)
    }
    /// Whether a phrase naming a player or not, `pieces` pieces and
    /// `numbers` numbers is written in this form.
    pub fn fits(&self, player: bool, pieces: usize, numbers: &[i64]) -> bool {
        self.fits_written(player, pieces, numbers, false)
    }
    /// [`Phrase::fits`], where `empty` says whether `empty` was written in
    /// place of the numbers.
    pub fn fits_written(&self, player: bool, pieces: usize, numbers: &[i64], empty: bool) -> bool {
        (self.player == player || self.at == PhraseAt::Action)
            && self.takes_pieces(pieces)
            && self.empty == empty
            && within(numbers.len(), self.numbers)
            && (self.signed || numbers.iter().all(|n| *n >= 0))
    }
}

/// The word of a place's phrase: `yard` of `in yard`.
pub fn place_word(phrase: &str) -> &str {
    phrase.rsplit(' ').next().unwrap_or(phrase)
}

/// A description's own names for where its pieces wait and for its home
/// fields, each written after `in` (`in yard`, `in home 3`; a `race`
/// description's `words`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaceNames<'a> {
    pub base: &'a str,
    pub home: &'a str,
}

/// How a game writes its places aside: the phrase before the ring field
/// they lie beside, and the name of each spot (`in toilet` 42 `pit`).
#[derive(Clone, Copy, Debug)]
pub struct Aside {
    pub phrase: &'static str,
    /// Spot 0's name first; a spot past the list is none of the game's.
    pub spots: &'static [&'static str],
}

impl Aside {
    /// `in toilet 42 W2`.
    pub fn write(&self, field: u8, spot: u8) -> String {
        match self.spots.get(spot as usize) {
            Some(name) => format!("{} {field} {name}", self.phrase),
            None => format!("{} {field} spot {spot}", self.phrase),
        }
    }
    /// The spot written `text` (any case).
    pub fn spot(&self, text: &str) -> Option<u8> {
        let i = self
            .spots
            .iter()
            .position(|s| s.eq_ignore_ascii_case(text))?;
        u8::try_from(i).ok()
    }
}

/// A game's mode (royal's Journey or Clash, `table.modes`): its place in
/// the game's [`Vocabulary::modes`], which name it. A game without modes
/// plays its first, [`Mode::FIRST`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mode(u8);

impl Mode {
    /// The first mode a game names (and the one a game without modes plays).
    pub const FIRST: Mode = Mode(0);

    /// The `i`-th mode of a game's [`Vocabulary::modes`] (from 0).
    pub const fn nth(i: u8) -> Mode {
        Mode(i)
    }

    /// Its place in the game's [`Vocabulary::modes`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What the scenario language says of one game: its words, its pieces, and
/// the rules that decide language-level problems.
#[derive(Debug)]
pub struct Vocabulary {
    pub name: &'static str,
    /// Guards (royal) or pieces (portal) per player, numbered G1..Gn.
    pub pieces: u8,
    /// "guards" or "pieces".
    pub piece_word: &'static str,
    /// The pieces as a user would write them: "G1, G2, G3, G4 or king".
    pub piece_list: &'static str,
    /// "Home path" or "lane", and the word written before its tile number.
    pub path_name: &'static str,
    pub path_word: &'static str,
    /// Words only this game has.
    pub words: &'static [Word],
    /// The names of its modes (`mode clash`), in the order [`Mode`]
    /// numbers them; none for a game played one way.
    pub modes: &'static [&'static str],
    /// The rule that names the modes (royal's `table.modes`).
    pub modes_rule: Option<RuleId>,
    /// Its words for the next unnamed pieces of a player, one piece more
    /// each (royal's `solo`, `pair`, `trio`, `quad`: `P2 pair on 11` is
    /// the lowest two numbers not yet named); none for a game without.
    pub counts: &'static [&'static str],
    /// How each of its [`Word::Named`] words is written, wherever it may
    /// stand (a set-up fact, an action, an expectation).
    pub phrases: &'static [Phrase],
    /// Help for a word of another game used here (empty: name the game
    /// that has it).
    pub foreign_word_help: &'static str,
    /// Extra help for particular words of another game used here.
    pub word_help: &'static [(Word, &'static str)],
    /// Help for an action named for the player whose turn it is not.
    pub turn_help: &'static str,
    /// The first ring field's number (1; maedn counts its fields from 0).
    pub first_field: u8,
    /// What a ring place is called in messages: "tile" or "field".
    pub tile_word: &'static str,
    /// How an expectation writes a piece in the yard: "in yard", "in base".
    pub yard_phrase: &'static str,
    /// How it writes a Home path tile before its number: "on home", "on lane".
    pub path_phrase: &'static str,
    /// Help for a Home path tile past the last one.
    pub path_help: &'static str,
    /// How it writes a place aside ([`Place::Aside`]), where the game has
    /// such places: portal's `in toilet 42 pit`, `in toilet 42 W2`.
    /// These three phrases are the game's place words, which the grammar
    /// does not know ([`Vocabulary::place_phrases`]).
    pub aside: Option<Aside>,
    /// Whether the language checks dice against 1-6 before playing (false:
    /// the ruleset decides the die's faces and the engine judges them).
    pub six_sided: bool,
    /// Whether a move names its rolls (false: it moves by the die thrown,
    /// and `expect legal: G1 G3` lists the pieces that may move by it).
    pub moves_need_rolls: bool,
    /// The game's own word for the language's `next turn`, which is read
    /// and written in its place (maedn's `pass`).
    pub next_turn: Option<Word>,
    /// Action words whose pieces are alike, so that the normal form of a
    /// legal action names none (`enter`: pieces in base are interchangeable,
    /// PORTAL.md §8, MAEDN.md §3).
    pub pieces_alike: &'static [Word],
    /// The rule a move's direction breaks, for a game that moves forward only.
    pub forward_only: Option<RuleId>,
    /// The rule that ends the game (refuses every action after it).
    pub end_rule: RuleId,
    /// Rules that decide problems the language finds.
    pub players_rule: RuleId,
    pub pieces_rule: RuleId,
    pub ring_rule: RuleId,
    pub path_rule: RuleId,
    /// The rule a piece named twice in one move breaks.
    pub named_twice_rule: RuleId,
    /// The rule a die value outside 1-6 breaks.
    pub roll_values_rule: RuleId,
}

impl Vocabulary {
    pub fn allows(&self, word: Word) -> bool {
        self.words.contains(&word)
    }
    /// The mode written `name` (any case), if this game has it.
    pub fn mode_named(&self, name: &str) -> Option<Mode> {
        let i = self
            .modes
            .iter()
            .position(|m| m.eq_ignore_ascii_case(name))?;
        Some(Mode::nth(u8::try_from(i).ok()?))
    }
    /// The name of `mode`, which must be one of this game's.
    pub fn mode_name(&self, mode: Mode) -> &'static str {
        self.modes
            .get(mode.index())
            .copied()
            .unwrap_or_else(|| panic!("{} has no mode number {}", self.name, mode.index()))
    }
    /// How many pieces the count `word` names (any case), if it is one of
    /// this game's counts.
    pub fn count_named(&self, word: &str) -> Option<u8> {
        let i = self
            .counts
            .iter()
            .position(|c| c.eq_ignore_ascii_case(word))?;
        u8::try_from(i + 1).ok()
    }
    /// Every mode of this game, in order (none for a game played one way).
    pub fn all_modes(&self) -> impl Iterator<Item = Mode> + '_ {
        (0..self.modes.len()).map(|i| Mode::nth(i as u8))
    }
    /// The [`Word::Named`] word of this game written `text` (any case).
    pub fn named(&self, text: &str) -> Option<Word> {
        self.words
            .iter()
            .copied()
            .find(|w| matches!(w, Word::Named(n) if n.eq_ignore_ascii_case(text)))
    }
    /// The forms of its own `word` at `at`.
    pub fn phrases_of(&self, word: Word, at: PhraseAt) -> impl Iterator<Item = &Phrase> {
        self.phrases
            .iter()
            .filter(move |p| p.word == word && p.at == at)
    }
    /// A place in this game's words: `in base`, `on lane 2`, `in goal 3`.
    pub fn place_words(&self, place: Place) -> String {
        match place {
            Place::Out => self.yard_phrase.to_string(),
            Place::HomePath(k) => format!("{} {k}", self.path_phrase),
            Place::Aside { field, spot } => match &self.aside {
                Some(aside) => aside.write(field, spot),
                None => place.to_string(),
            },
            place => place.to_string(),
        }
    }
    /// A place in this game's words, or in a description's own names for
    /// its base and home fields where it gives them (`in yard`, `in home 3`).
    pub fn place_words_named(&self, place: Place, names: Option<PlaceNames<'_>>) -> String {
        match (place, names) {
            (Place::Out, Some(n)) => format!("in {}", n.base),
            (Place::HomePath(k), Some(n)) => format!("in {} {k}", n.home),
            _ => self.place_words(place),
        }
    }
    /// How a scenario writes its places by word, the base's first and the
    /// home fields' second (`in yard`, `on home`), then its places aside
    /// where the game has them (`in toilet`); a place's word is the phrase's last
    /// ([`place_word`]).
    pub fn place_phrases(&self) -> Vec<&'static str> {
        let mut out = vec![self.yard_phrase, self.path_phrase];
        if let Some(aside) = &self.aside {
            out.push(aside.phrase);
        }
        out
    }
    /// The ring's field numbers: 1-ring, or 0-(ring-1) in maedn.
    pub fn fields(&self, ring: u8) -> std::ops::RangeInclusive<i64> {
        let first = self.first_field as i64;
        first..=first + ring as i64 - 1
    }
    /// The help for another game's place word (`lane`) used in this game:
    /// its help under [`Word::Named`] with that text, else the general one.
    pub fn help_for_named(&self, text: &str) -> &'static str {
        self.help_where(|w| matches!(w, Word::Named(t) if t == text))
    }
    /// The help for `word` used in this game although it is another's.
    pub fn help_for(&self, word: Word) -> &'static str {
        self.help_where(|w| w == word)
    }
    /// The help of the first of `word_help`'s words that `is`, else the
    /// general one.
    fn help_where(&self, is: impl Fn(Word) -> bool) -> &'static str {
        self.word_help
            .iter()
            .find(|(w, _)| is(*w))
            .map_or(self.foreign_word_help, |(_, h)| h)
    }
}

/// Words for the core's own tests: royal's way of writing places.
#[cfg(test)]
pub(crate) const TEST_WORDS: Vocabulary = Vocabulary {
    name: "test",
    pieces: 4,
    piece_word: "guards",
    piece_list: "G1, G2, G3 or G4",
    path_name: "Home path",
    path_word: "home",
    words: &[],
    modes: &[],
    modes_rule: None,
    counts: &[],
    phrases: &[],
    foreign_word_help: "",
    word_help: &[],
    turn_help: "",
    first_field: 1,
    tile_word: "tile",
    yard_phrase: "in yard",
    path_phrase: "on home",
    path_help: "",
    aside: None,
    six_sided: true,
    moves_need_rolls: true,
    next_turn: None,
    pieces_alike: &[],
    forward_only: None,
    end_rule: RuleId("test.end"),
    players_rule: RuleId("test.players"),
    pieces_rule: RuleId("test.pieces"),
    ring_rule: RuleId("test.ring"),
    path_rule: RuleId("test.path"),
    named_twice_rule: RuleId("test.twice"),
    roll_values_rule: RuleId("test.rolls"),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_all_lists_every_word_once() {
        let all = Word::ALL;
        for (i, w) in all.iter().enumerate() {
            assert!(!all[..i].contains(w), "{w:?} twice");
            // The match in `text` is exhaustive; a word missing here would
            // leave its text out of every game's word list.
            assert!(!w.text().is_empty());
        }
        assert_eq!(all.len(), 2, "a new Word goes into Word::ALL");
    }

    /// A place aside is written in the game's words, spot by name; the
    /// spot's name reads back, any case; a game without places aside has
    /// no phrase for them.
    #[test]
    fn a_place_aside_is_written_and_read_in_the_games_words() {
        let words = Vocabulary {
            aside: Some(Aside {
                phrase: "in toilet",
                spots: &["pit", "W1", "W2", "W3"],
            }),
            ..TEST_WORDS
        };
        let at = |spot| words.place_words(Place::Aside { field: 42, spot });
        assert_eq!(at(0), "in toilet 42 pit");
        assert_eq!(at(2), "in toilet 42 W2");
        assert_eq!(at(7), "in toilet 42 spot 7");
        let aside = words.aside.unwrap();
        assert_eq!((aside.spot("w3"), aside.spot("W4")), (Some(3), None));
        assert_eq!(words.place_phrases(), ["in yard", "on home", "in toilet"]);
        assert_eq!(TEST_WORDS.place_phrases(), ["in yard", "on home"]);
    }

    #[test]
    fn a_phrase_fits_its_own_form_only() {
        let w = Word::Named("credits");
        let fact = Phrase::fact(w, "P1 credits 2").numbers(1, 1);
        assert!(fact.fits(true, 0, &[2]));
        assert!(!fact.fits(false, 0, &[2]), "names a player");
        assert!(!fact.fits(true, 1, &[2]), "names no piece");
        assert!(!fact.fits(true, 0, &[]), "one number");
        assert!(!fact.fits(true, 0, &[-1]), "from 0");
        assert!(fact.signed().fits(true, 0, &[-1]));
        // An action's player is the `P2:` every action may have.
        let exit = Phrase::action(Word::Named("exit"), "exit G1").pieces(1, 255);
        assert!(exit.fits(true, 2, &[]) && exit.fits(false, 1, &[]));
        assert!(!exit.fits(false, 0, &[]));
    }
}
