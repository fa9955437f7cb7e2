//! The `portal` game (PORTAL.md): five pieces, two dice, toilets, roads and
//! dice tiles. The turn flows from the dice: values are played larger first,
//! a value no piece can play burns, and the turn passes when the roll is done
//! unless an extra roll is due. The position and its queries are here; each
//! section of the rulebook has a room of its own:
//!
//! | file | PORTAL.md |
//! |---|---|
//! | `rule.rs` | every rule ID with its text |
//! | `setup.rs` | §1 Table: new games and validated set-ups |
//! | `board.rs` | §2 Board: routes by steps, roads, toilets, safe and dice tiles |
//! | `turn.rs` | applying an action in the order of refusals |
//! | `dice.rs` | §3 Rolls and turns: two dice, burns, doubles, extra rolls |
//! | `enter.rs` | §4 entering on a 6 |
//! | `plan.rs` | §4 what a value does to a piece: the way and the landing |
//! | `land.rs` | §4, §5 a planned move carried out, captures |
//! | `toilet.rs` | §6 toilets: falls, climbs, mercy |
//! | `road.rs` | §6 roads |
//! | `end.rs` | §7 End: the win, standings, tokens |
//! | `invariants.rs` | what holds in every position |

use goti_engine::*;

mod board;
mod dice;
mod end;
mod enter;
pub mod events;
mod invariants;
mod land;
mod legal;
pub mod params;
mod plan;
mod refusals;
mod road;
mod rule;

pub(crate) use refusals::PortalCheck;
mod setup;
mod toilet;
mod turn;
mod words;
pub use words::{BURNED, DOUBLES, ENTER, FALLS, ROLL_AGAIN, TOKENS};

use std::sync::Arc;

pub use board::PortalBoard;
pub use enter::enter_action;
pub use rule::PortalRule;

use crate::params::PortalParams;
use goti_engine::delegate_game;
use goti_engine::event::Rejection;
use goti_engine::piece::{Piece, PieceId, Place, Player};
use goti_engine::setup::Sizes;
use goti_engine::table::{transact, Table};
use goti_engine::tiles::Tiles;
use refusals::PortalCheck as C;
use PortalRule as R;

/// A refusal with its place in PORTAL.md's order of refusals.
type Refused = (C, Rejection);

/// A refusal whose text is built only when asked for: `quiet` where only
/// whether a value can be played matters (burns, the legal actions).
fn refused(quiet: bool, check: C, rejection: impl FnOnce() -> Rejection) -> Refused {
    (
        check,
        if quiet {
            Rejection::withheld()
        } else {
            rejection()
        },
    )
}

/// The parameters and the board computed from them.
#[derive(Debug, PartialEq, Eq)]
pub struct PortalRules {
    pub params: PortalParams,
    pub board: PortalBoard,
}

impl PortalRules {
    /// Five pieces, the ring's tiles and the lane's.
    pub fn sizes(&self) -> Sizes {
        Sizes::new(5, self.board.ring, self.board.lane)
    }
    /// What ring tile `tile` is: a start tile, a safe or dice tile, a
    /// road's end, a toilet's trigger (`board.*` of PORTAL.md §2).
    pub fn tile_words(&self, tile: u8) -> Vec<String> {
        let b = &self.board;
        let mut out = Vec::new();
        for p in Player::ALL {
            if b.start[p.index()] == tile {
                out.push(format!("{p}'s start"));
            }
        }
        if b.is_safe(tile) {
            out.push("safe tile".to_string());
        }
        if b.is_dice(tile) {
            out.push("dice tile".to_string());
        }
        if let Some(other) = b.fork(tile) {
            out.push(format!("road to {other}"));
        }
        for (i, t) in b.toilets.iter().enumerate() {
            if t.trigger == tile {
                out.push(format!("toilet {} trigger", i + 1));
            }
            if t.rejoin == tile {
                out.push(format!("toilet {} rejoin", i + 1));
            }
        }
        out
    }
    pub fn new(params: PortalParams) -> Arc<PortalRules> {
        let board = PortalBoard::new(&params);
        Arc::new(PortalRules { params, board })
    }
    /// The shipped rules, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn default_rules() -> Arc<PortalRules> {
        PortalRules::new(crate::params::shipped::<PortalParams>())
    }
}

/// The current roll: values still to play (larger first), what it earned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Roll {
    pub values: [u8; 2],
    /// How many of `values` are still to play (from the end of the array).
    pub left: u8,
    pub played: u8,
    pub double: bool,
    /// A capture or dice tile earned an extra roll.
    pub extra: bool,
    pub burned: [u8; 2],
    pub burned_count: u8,
}

impl Roll {
    /// The value due now.
    pub fn due(&self) -> Option<u8> {
        (self.left > 0).then(|| self.values[2 - self.left as usize])
    }
    /// The values still to play.
    pub fn pending(&self) -> &[u8] {
        &self.values[2 - self.left as usize..]
    }
    /// The values still to play, as written: `5 3`.
    pub fn pending_text(&self) -> String {
        let list: Vec<String> = self.pending().iter().map(|v| v.to_string()).collect();
        list.join(" ")
    }
    pub fn burned(&self) -> &[u8] {
        &self.burned[..self.burned_count as usize]
    }
}

const MAX_TOILETS: usize = 8;

/// A validated `portal` game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Portal {
    rules: Arc<PortalRules>,
    present: Table,
    pieces: [[Piece; 5]; 4],
    /// Falls per player, piece and toilet since the piece last left base.
    falls: [[[u8; MAX_TOILETS]; 5]; 4],
    turn: Player,
    roll: Roll,
    /// Doubles thrown in a row this turn.
    doubles: u8,
    /// The player must roll again (a double, a capture or a dice tile).
    roll_again: bool,
    ranked: bool,
    tokens: [i64; 4],
    standings: Option<Vec<Player>>,
}

/// A fall into a toilet: (toilet index, trigger tile, the piece of another
/// player waiting in its pit).
type Fall = (usize, u8, Option<(Player, usize)>);

/// A road ride: (far tile, steps gained or lost, the piece of another player
/// standing there).
type Road = (u8, i32, Option<(Player, usize)>);

/// What a value does to a piece, worked out before anything changes.
#[derive(Clone, Debug)]
struct Landing {
    path_end: Place,
    steps: i32,
    capture: Option<(Player, usize)>,
    fall: Option<Fall>,
    mercy: bool,
    road: Option<Road>,
    road_refused: Option<R>,
    dice_tile: bool,
    climb: Option<u8>,
}

impl Portal {
    // ---- queries -------------------------------------------------------

    pub fn rules(&self) -> &Arc<PortalRules> {
        &self.rules
    }
    pub fn board(&self) -> &PortalBoard {
        &self.rules.board
    }
    pub fn players(&self) -> impl Iterator<Item = Player> + '_ {
        self.present.players()
    }
    pub fn turn(&self) -> Player {
        self.turn
    }
    pub fn roll(&self) -> &Roll {
        &self.roll
    }
    pub fn doubles(&self) -> u8 {
        self.doubles
    }
    /// The player to move must roll again (an extra roll is due).
    pub fn must_roll_again(&self) -> bool {
        self.roll_again
    }
    pub fn is_ranked(&self) -> bool {
        self.ranked
    }
    pub fn tokens(&self, p: Player) -> i64 {
        self.tokens[p.index()]
    }
    pub fn piece(&self, p: Player, id: PieceId) -> Piece {
        match id {
            PieceId::Numbered(n @ 1..=5) => self.pieces[p.index()][n as usize - 1],
            other => unreachable!("portal has pieces G1-G5, not {other}"),
        }
    }
    /// Pieces at a place (lane tiles are `p`'s own: pass the lane's owner).
    pub fn pieces_at(&self, place: Place) -> Vec<(Player, PieceId)> {
        let mut out = Vec::new();
        for p in self.players() {
            for (i, x) in self.pieces[p.index()].iter().enumerate() {
                if x.place == place {
                    out.push((p, PieceId::Numbered(i as u8 + 1)));
                }
            }
        }
        out
    }
    /// The ring tiles where a piece stands, to ask [`Portal::occupant_in`]
    /// about several tiles for the price of one look at every piece.
    fn occupied(&self) -> Tiles {
        let mut occ = Tiles::default();
        for (q, pieces) in Player::ALL.iter().zip(&self.pieces) {
            if !self.present.has(*q) {
                continue;
            }
            for piece in pieces {
                if let Place::Ring(t) = piece.place {
                    occ.put(t);
                }
            }
        }
        occ
    }

    /// [`Portal::occupant`], asking `occ` first about a ring tile.
    fn occupant_in(&self, occ: &Tiles, p: Player, place: Place) -> Option<(Player, usize)> {
        match place {
            Place::Ring(t) if !occ.has_tile(t) => None,
            _ => self.occupant(p, place),
        }
    }

    /// The piece standing on a ring tile, pit, or `p`'s lane tile.
    fn occupant(&self, p: Player, place: Place) -> Option<(Player, usize)> {
        for q in self.players() {
            if matches!(place, Place::HomePath(_)) && q != p {
                continue;
            }
            if let Some(i) = self.pieces[q.index()].iter().position(|x| x.place == place) {
                return Some((q, i));
            }
        }
        None
    }

    // ---- moves ---------------------------------------------------------

    // ---- actions -------------------------------------------------------
}

/// G1-G5 as a number, or the rejection for any other piece.
fn piece_number(id: PieceId) -> Result<u8, Rejection> {
    match id {
        // table.pieces: five pieces G1-G5.
        PieceId::Numbered(n @ 1..=5) => Ok(n),
        other => Err(Rejection::new(
            R::TablePieces,
            format!("portal has pieces G1-G5; there is no {other}"),
        )),
    }
}

impl Portal {
    /// The position as `goti lint`'s visit keys it (`Game::state_key`):
    /// all of it, each fall count read only up to the mercy number
    /// (`toilet.mercy`: from there on, more falls change nothing).
    pub fn state_key(&self) -> String {
        let Portal {
            rules,
            present,
            pieces,
            falls,
            turn,
            roll,
            doubles,
            roll_again,
            ranked,
            tokens,
            standings,
        } = self;
        let mercy = rules.params.dice.mercy_falls;
        let falls = falls.map(|piece| piece.map(|toilet| toilet.map(|n| n.min(mercy))));
        format!(
            "{present:?} {pieces:?} {falls:?} {turn:?} {roll:?} {doubles} {roll_again} {ranked} {tokens:?} {standings:?}"
        )
    }
}

delegate_game!(
    Portal,
    PortalRules,
    PortalParams,
    PortalRule::CATALOGUE,
    &words::WORDS,
    "PORTAL.md",
    events: events::ALL,
    measures: events::MEASURES
);

#[cfg(test)]
mod tests;
