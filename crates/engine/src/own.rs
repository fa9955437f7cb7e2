//! A game's own events: the kinds a game declares in its folder (royal's
//! grace roll, portal's fall, the toy's boost), so that the core's event
//! list names no game's rule.

use std::fmt;

use super::piece::{PieceId, Place};
use super::short::Short;
use super::vocabulary::Vocabulary;

/// One kind of event of a game's own, declared once in the game's folder:
/// how it reads, and what the shared analyses make of it.
#[derive(Debug, PartialEq, Eq)]
pub struct OwnKind {
    /// How it reads: `{piece}`, `{at}`, `{0}`, `{1}`, `{2}` (its numbers),
    /// `{list}` (its list, spaced) and `{guards}` (its list as guards,
    /// `G1 G3`) stand for its parts; `{{` and `}}` for braces.
    pub text: &'static str,
    /// Whether it moves or takes its piece (the mutation killer's account
    /// of what an action did to a piece).
    pub moves: bool,
    /// The player's numbers it changes, as an expectation names them
    /// (`battle`, `credits`, `store`).
    pub changes: &'static [&'static str],
    /// Where self-play's balance counts it.
    pub measure: Measure,
    /// What the board picture draws for it.
    pub draws: Draw,
}

/// What the board picture draws for an event of a game's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Nothing (its piece's path, if it moved, is drawn from the move).
    Nothing,
    /// A ride from ring field `{0}` to ring field `{1}`, off the track
    /// (portal's roads).
    Ride,
}

/// Where self-play's balance counts an event of a game's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Nowhere.
    Nothing,
    /// One in the measure of that name (`grace rolls`).
    Count(&'static str),
    /// Its first number, added to the measure of that name (`battle points`).
    Sum(&'static str),
}

impl OwnKind {
    /// A kind that reads `text`, moves no piece, changes no number and is
    /// counted nowhere (a game's kinds start from it: `..OwnKind::reading(...)`).
    pub const fn reading(text: &'static str) -> OwnKind {
        OwnKind {
            text,
            moves: false,
            changes: &[],
            measure: Measure::Nothing,
            draws: Draw::Nothing,
        }
    }

    /// Why the text cannot be written: a part it names that is not one of
    /// the parts above, or a brace left open (the list of games' test asks
    /// of every game's kinds).
    pub fn fault(&self) -> Option<String> {
        for bit in Bits(self.text) {
            match bit {
                Bit::Text(_) => {}
                Bit::Lone => return Some(format!("`{}`: a brace stands alone", self.text)),
                Bit::Part(part) if PARTS.contains(&part) => {}
                Bit::Part(part) => {
                    return Some(format!(
                        "`{}`: `{{{part}}}` is no part of an event (one of {})",
                        self.text,
                        PARTS.join(", ")
                    ))
                }
            }
        }
        None
    }
}

/// The parts an [`OwnKind`]'s text may name.
const PARTS: &[&str] = &["piece", "at", "0", "1", "2", "list", "guards"];

/// A piece of a kind's text: words as written (a doubled brace as one),
/// a part in braces, or a brace standing alone.
enum Bit<'t> {
    Text(&'t str),
    Part(&'t str),
    Lone,
}

/// A kind's text cut into its [`Bit`]s, in order.
struct Bits<'t>(&'t str);

impl<'t> Iterator for Bits<'t> {
    type Item = Bit<'t>;

    fn next(&mut self) -> Option<Bit<'t>> {
        let rest = self.0;
        if rest.is_empty() {
            return None;
        }
        let i = rest.find(['{', '}']).unwrap_or(rest.len());
        if i > 0 {
            self.0 = &rest[i..];
            return Some(Bit::Text(&rest[..i]));
        }
        if rest.starts_with("{{") || rest.starts_with("}}") {
            self.0 = &rest[2..];
            return Some(Bit::Text(&rest[..1]));
        }
        match rest.find('}').filter(|_| rest.starts_with('{')) {
            Some(end) => {
                self.0 = &rest[end + 1..];
                Some(Bit::Part(&rest[1..end]))
            }
            None => {
                self.0 = &rest[1..];
                Some(Bit::Lone)
            }
        }
    }
}

/// An event of a game's own: its kind and the parts the kind's text names
/// (those it does not name are left empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnEvent {
    pub kind: &'static OwnKind,
    pub piece: Option<PieceId>,
    pub at: Option<Place>,
    pub numbers: [i64; 3],
    pub list: Short<u8, 7>,
}

impl OwnEvent {
    /// An event of `kind`, its parts empty.
    #[inline(always)]
    pub fn new(kind: &'static OwnKind) -> OwnEvent {
        OwnEvent {
            kind,
            piece: None,
            at: None,
            numbers: [0; 3],
            list: Short::of(&[]),
        }
    }

    #[inline(always)]
    pub fn piece(mut self, piece: PieceId) -> OwnEvent {
        self.piece = Some(piece);
        self
    }

    #[inline(always)]
    pub fn at(mut self, at: Place) -> OwnEvent {
        self.at = Some(at);
        self
    }

    /// Its numbers, `{0}` first (at most three).
    #[inline(always)]
    pub fn numbers(mut self, numbers: &[i64]) -> OwnEvent {
        self.numbers[..numbers.len()].copy_from_slice(numbers);
        self
    }

    #[inline(always)]
    pub fn list(mut self, list: &[u8]) -> OwnEvent {
        self.list = Short::of(list);
        self
    }
}

impl OwnEvent {
    /// The kind's text with its parts written in, a place in `words` (the
    /// game's); a part the event lacks is a game's mistake, and says so in
    /// place.
    pub fn write(&self, f: &mut fmt::Formatter<'_>, words: &Vocabulary) -> fmt::Result {
        let spaced = |f: &mut fmt::Formatter<'_>, prefix: &str| {
            for (k, v) in self.list.iter().enumerate() {
                let gap = if k == 0 { "" } else { " " };
                write!(f, "{gap}{prefix}{v}")?;
            }
            Ok(())
        };
        for bit in Bits(self.kind.text) {
            match bit {
                Bit::Text(text) => f.write_str(text)?,
                Bit::Part("piece") => match self.piece {
                    Some(p) => write!(f, "{p}")?,
                    None => f.write_str("{no piece}")?,
                },
                Bit::Part("at") => match self.at {
                    Some(at) => f.write_str(&words.place_words(at))?,
                    None => f.write_str("{no place}")?,
                },
                Bit::Part("0") => write!(f, "{}", self.numbers[0])?,
                Bit::Part("1") => write!(f, "{}", self.numbers[1])?,
                Bit::Part("2") => write!(f, "{}", self.numbers[2])?,
                Bit::Part("list") => spaced(f, "")?,
                Bit::Part("guards") => spaced(f, "G")?,
                Bit::Part(other) => write!(f, "{{no part {{{other}}}}}")?,
                Bit::Lone => f.write_str("{no part}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::TEST_WORDS;
    use crate::What;

    const SPENDS: OwnKind = OwnKind {
        text: "{piece} spends {list} at {at}: {0}, {{{1}}}, {guards}",
        moves: false,
        changes: &[],
        measure: Measure::Nothing,
        draws: Draw::Nothing,
    };

    /// Every part is written where the text names it, braces doubled stay
    /// single.
    #[test]
    fn an_own_event_writes_its_parts_where_its_text_names_them() {
        static KIND: OwnKind = SPENDS;
        let e = OwnEvent::new(&KIND)
            .piece(PieceId::Numbered(2))
            .at(Place::Ring(7))
            .numbers(&[5, -1])
            .list(&[1, 3]);
        let told = What::Own(e).told(&TEST_WORDS).to_string();
        assert_eq!(told, "G2 spends 1 3 at on 7: 5, {-1}, G1 G3");
        assert_eq!(KIND.fault(), None);
    }

    /// A part the text names that events have not, or a brace alone, is
    /// found before any event of the kind is written.
    #[test]
    fn a_kind_naming_no_part_or_leaving_a_brace_open_is_at_fault() {
        let kind = |text| OwnKind { text, ..SPENDS };
        let fault = kind("{piece} rides {road}").fault().expect("a fault");
        assert!(fault.contains("`{road}` is no part"), "{fault}");
        assert!(kind("{piece} rides {").fault().is_some());
        assert!(kind("{piece} rides }").fault().is_some());
        assert_eq!(kind("plain").fault(), None);
    }
}
