//! Events (every rule the engine applied) and rejections (the rule that
//! refused an action).

use std::fmt;

use super::own::OwnEvent;
use super::piece::{Direction, PieceId, Place, Player};
use super::rule::RuleId;
use super::short::Short;
use super::vocabulary::Vocabulary;

/// What happened, in structured form (rendered lazily, so play stays cheap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// Free text for rules whose event needs no structure.
    Note(&'static str),
    /// Free text with one number, written where `{}` stands (`King returns
    /// from the Yard to {}`, `the throw reads {}`): a game's event that
    /// needs no more structure, in no game's variant.
    Numbered {
        text: &'static str,
        number: i64,
    },
    SetUp {
        players: u8,
        /// Royal's Journey or Clash; games without modes have none.
        mode: Option<&'static str>,
    },
    Step {
        piece: PieceId,
        from: Place,
        to: Place,
        dir: Direction,
    },
    Moved {
        piece: PieceId,
        from: Place,
        to: Place,
        total: u8,
    },
    Blocked {
        pieces: Short<PieceId, 5>,
        at: Place,
        by: Player,
        standing: u8,
        moving: u8,
    },
    NotBlocked {
        at: Place,
        by: Player,
        standing: u8,
        moving: u8,
    },
    Captured {
        victim: Player,
        pieces: Short<PieceId, 5>,
        at: Place,
        size: u8,
    },
    KingPenalty {
        victim: Player,
        guards: Short<u8, 7>,
        /// Where each of those guards stood.
        stood: Short<Place, 5>,
    },
    TurnEnds {
        next: Player,
    },
    GameOver {
        standings: Vec<Player>,
    },
    Rolled {
        dice: Short<u8, 7>,
    },
    /// Portal: a piece plays one value.
    Advanced {
        piece: PieceId,
        from: Place,
        to: Place,
        value: u8,
    },
    Entered {
        piece: PieceId,
        tile: u8,
    },
    /// Maedn: a piece moves by the die, on the ring or into its goal.
    Reached {
        piece: PieceId,
        from: Place,
        to: Place,
        value: u8,
    },
    Tokens {
        tokens: Vec<(Player, i64)>,
    },
    /// A piece of the player's own sent back off the board by a rule that
    /// is no capture (a penalty): `G2 on 40 goes back off the board`.
    SentBack {
        piece: PieceId,
        from: Place,
    },
    /// An event of one game's own (royal's grace roll, portal's fall, the
    /// toy's boost), in the words and with the parts its kind gives.
    Own(OwnEvent),
}

impl What {
    /// Whether this owns memory on the heap: a list past its room in place,
    /// the standings, the tokens. Every variant is named, so a new one must
    /// say.
    #[inline(always)]
    fn owns_heap(&self) -> bool {
        match self {
            What::Rolled { dice } => dice.spilled(),
            What::Own(own) => own.list.spilled(),
            What::Blocked { pieces, .. } | What::Captured { pieces, .. } => pieces.spilled(),
            What::KingPenalty { guards, stood, .. } => guards.spilled() || stood.spilled(),
            What::GameOver { standings } => standings.capacity() != 0,
            What::Tokens { tokens } => tokens.capacity() != 0,
            What::Note(_)
            | What::Numbered { .. }
            | What::SetUp { .. }
            | What::Step { .. }
            | What::Moved { .. }
            | What::NotBlocked { .. }
            | What::TurnEnds { .. }
            | What::Advanced { .. }
            | What::Entered { .. }
            | What::Reached { .. }
            | What::SentBack { .. } => false,
        }
    }

    /// Lets go of an event a counting sink has read: what it owns on the
    /// heap is freed, the rest is simply forgotten (inlined where the event
    /// was built, this costs nothing; the general drop is a call that
    /// looks at every variant, 4% of balance's instructions).
    #[inline(always)]
    pub fn discard(self) {
        if self.owns_heap() {
            drop(self);
        } else {
            std::mem::forget(self);
        }
    }
}

/// One rule applied to the game, by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub rule: RuleId,
    pub player: Player,
    pub what: What,
}

fn guards(list: &[u8]) -> String {
    list.iter()
        .map(|g| format!("G{g}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn pieces(list: &[PieceId]) -> String {
    list.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn rolls(list: &[u8]) -> String {
    list.iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl What {
    /// What happened in `words`, the game's: each place as the game writes
    /// it (`on lane 2`, `in goal 3`, `in toilet 42 pit`).
    pub fn told<'a>(&'a self, words: &'a Vocabulary) -> Told<'a, What> {
        Told { it: self, words }
    }
}

impl Event {
    /// The event in `words`, the game's: `[rule] P1: what happened`.
    pub fn told<'a>(&'a self, words: &'a Vocabulary) -> Told<'a, Event> {
        Told { it: self, words }
    }
}

/// An event or what happened, written in one game's words ([`What::told`],
/// [`Event::told`]): the core cannot write a place alone, for only the
/// game knows its words for it.
pub struct Told<'a, T> {
    it: &'a T,
    words: &'a Vocabulary,
}

impl fmt::Display for Told<'_, Event> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.it;
        write!(f, "[{}] {}: {}", e.rule, e.player, e.what.told(self.words))
    }
}

impl fmt::Display for Told<'_, What> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = |p: &Place| self.words.place_words(*p);
        match self.it {
            What::Note(s) => f.write_str(s),
            What::Numbered { text, number } => match text.split_once("{}") {
                Some((before, after)) => write!(f, "{before}{number}{after}"),
                None => write!(f, "{text} {number}"),
            },
            What::SetUp {
                players,
                mode: None,
            } => write!(f, "{players} players"),
            What::SetUp {
                players,
                mode: Some(mode),
            } => write!(f, "{players} players, {mode} mode"),
            What::Step {
                piece,
                from,
                to,
                dir,
            } => write!(f, "{piece} steps {dir} {} -> {}", place(from), place(to)),
            What::Moved {
                piece,
                from,
                to,
                total,
            } => write!(f, "{piece} moves {total}: {} -> {}", place(from), place(to)),
            What::Blocked { .. }
            | What::NotBlocked { .. }
            | What::Captured { .. }
            | What::KingPenalty { .. } => self.contact(f),
            What::TurnEnds { next } => write!(f, "turn ends; {next} to move"),
            What::SentBack { piece, from } => {
                write!(f, "{piece} {} goes back off the board", place(from))
            }
            What::Own(own) => own.write(f, self.words),
            What::Rolled { dice } => write!(f, "rolls {}", rolls(dice)),
            What::Advanced {
                piece,
                from,
                to,
                value,
            } => {
                write!(f, "{piece} plays {value}: {} -> {}", place(from), place(to))
            }
            What::Entered { piece, tile } => write!(f, "{piece} enters onto {tile}"),
            What::Reached {
                piece,
                from,
                to,
                value,
            } => write!(f, "{piece} moves {value}: {} -> {}", place(from), place(to)),
            What::Tokens { tokens } => {
                let list: Vec<String> = tokens.iter().map(|(p, t)| format!("{p} {t:+}")).collect();
                write!(f, "tokens: {}", list.join(", "))
            }
            What::GameOver { standings } => {
                write!(
                    f,
                    "game over; standings {}",
                    standings
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            }
        }
    }
}

impl Told<'_, What> {
    /// Pieces that meet: blockades and captures, in words.
    fn contact(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = |p: &Place| self.words.place_words(*p);
        match self.it {
            What::Blocked {
                pieces: p,
                at,
                by,
                standing,
                moving,
            } => {
                write!(
                    f,
                    "{} ({moving} moving) stopped {} by {by}'s {standing} guard(s)",
                    pieces(p),
                    place(at)
                )
            }
            What::NotBlocked {
                at,
                by,
                standing,
                moving,
            } => {
                write!(
                    f,
                    "{by}'s {standing} guard(s) {} do not block {moving} moving",
                    place(at)
                )
            }
            What::Captured {
                victim,
                pieces: p,
                at,
                size: 1,
            } => {
                write!(f, "captures {victim} {} {}", pieces(p), place(at))
            }
            What::Captured {
                victim,
                pieces: p,
                at,
                size,
            } => {
                write!(
                    f,
                    "group of {size} captures {victim} {} {}",
                    pieces(p),
                    place(at)
                )
            }
            What::KingPenalty {
                victim, guards: g, ..
            } => {
                write!(f, "{victim}'s King captured: ring guards [{}] to the Yard, store and credits lost", guards(g))
            }
            other => unreachable!("{other:?} is not a blockade or a capture"),
        }
    }
}

/// An invariant that does not hold in a position: an impossible state,
/// named for the message of the check that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why an action was refused; the state it was applied to is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub rule: RuleId,
    pub reason: String,
    /// What the player could do instead, when that is clear.
    pub help: Option<String>,
}

impl Rejection {
    pub fn new(rule: impl Into<RuleId>, reason: impl Into<String>) -> Rejection {
        Rejection {
            rule: rule.into(),
            reason: reason.into(),
            help: None,
        }
    }
    /// A refusal on the fast path, which decides that an action is refused
    /// but builds no reason (the general engine gives the whole rejection).
    pub fn withheld() -> Rejection {
        Rejection {
            rule: RuleId("withheld"),
            reason: String::new(),
            help: None,
        }
    }
    pub fn help(mut self, help: impl Into<String>) -> Rejection {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (rule {})", self.reason, self.rule)
    }
}

impl std::error::Error for Rejection {}

/// Where a game's events go: the event log, or nowhere (the fast path,
/// which must not allocate). An event's `What` is built only when `ON`.
pub trait Sink {
    const ON: bool;
    /// Whether a refusal's reason (its message and help) is worked out; a
    /// caller that asks only whether an action applied says no.
    const REASONS: bool = Self::ON;
    /// Whether the engine does the work only its notes need: rules checked
    /// that changed nothing (no blockade here, the King captures nothing,
    /// an exit captures nothing). A sink that reads only events that change
    /// play (the greedy policy's captures) says no; the position and every
    /// other event are the same either way.
    const NOTES: bool = Self::ON;
    fn put(&mut self, e: Event);
    /// How many events this sink has been given (a refused action must
    /// give none: the engines assert it).
    fn recorded(&self) -> usize;
}

/// Events recorded, a refusal's reason not worked out: for a caller that
/// asks only whether an action applied (`play_in_place`: self-play,
/// balance), where a refused try is common and its text never read.
pub struct Unexplained<'a>(pub &'a mut Vec<Event>);

impl Sink for Unexplained<'_> {
    const ON: bool = true;
    const REASONS: bool = false;
    fn put(&mut self, e: Event) {
        self.0.push(e);
    }
    fn recorded(&self) -> usize {
        self.0.len()
    }
}

impl Sink for Vec<Event> {
    const ON: bool = true;
    fn put(&mut self, e: Event) {
        self.push(e);
    }
    fn recorded(&self) -> usize {
        self.len()
    }
}

/// Records that `rule` applied for `player`; `what` is built only when the
/// sink records (every game's `event` is this); inlined so that a sink
/// that reads only some of an event (balance's) builds only that.
#[inline(always)]
pub fn record<S: Sink>(ev: &mut S, rule: RuleId, player: Player, what: impl FnOnce() -> What) {
    if S::ON {
        ev.put(Event {
            rule,
            player,
            what: what(),
        });
    }
}

/// No events: self-play's fast path and the benchmarks.
pub struct Quiet;

impl Sink for Quiet {
    const ON: bool = false;
    fn put(&mut self, _: Event) {}
    fn recorded(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::{Player, Short, What};

    /// A variant that holds a list past its room, or standings, owns heap
    /// memory (`discard` frees it); one that holds none does not.
    #[test]
    fn an_event_owns_heap_memory_exactly_when_a_list_spilled() {
        let long: Vec<u8> = (1..=9).collect();
        let own = |list: &[u8]| {
            static KIND: crate::OwnKind = crate::OwnKind::reading("{list}");
            What::Own(crate::OwnEvent::new(&KIND).list(list))
        };
        let owns = [
            own(&long),
            What::Rolled {
                dice: Short::of(&long),
            },
            What::KingPenalty {
                victim: Player::ALL[1],
                guards: Short::of(&[1]),
                stood: Short::of(&[crate::Place::Out; 6]),
            },
            What::GameOver {
                standings: vec![Player::ALL[0]],
            },
            What::Tokens {
                tokens: vec![(Player::ALL[0], 1)],
            },
        ];
        for w in owns {
            assert!(w.owns_heap(), "{w:?}");
            w.discard();
        }
        let none = [
            own(&long[..7]),
            own(&[]),
            What::Rolled {
                dice: Short::of(&long[..7]),
            },
            What::GameOver {
                standings: Vec::new(),
            },
        ];
        for w in none {
            assert!(!w.owns_heap(), "{w:?}");
            w.discard();
        }
    }

    /// A numbered text writes its number where `{}` stands, or after it.
    #[test]
    fn a_numbered_text_writes_its_number_in_place() {
        let at = |text, number| {
            What::Numbered { text, number }
                .told(&crate::vocabulary::TEST_WORDS)
                .to_string()
        };
        assert_eq!(
            at("the {} burns: no piece can play it", 5),
            "the 5 burns: no piece can play it"
        );
        assert_eq!(at("the throw reads {}", 12), "the throw reads 12");
        assert_eq!(at("steps", -3), "steps -3");
    }
}
