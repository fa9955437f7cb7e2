//! Players, pieces and places: the game's nouns.

use std::fmt;

/// A seat at the table, P1-P4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    pub const ALL: [Player; 4] = [Player(0), Player(1), Player(2), Player(3)];

    /// `n` is 1-4.
    pub fn new(n: u8) -> Option<Player> {
        (1..=4).contains(&n).then(|| Player(n - 1))
    }
    /// 0-based seat index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// 1-based number, as written (`P3` -> 3).
    pub fn number(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// Which piece of a player: a numbered piece, written G1, G2, ... (royal's
/// guards, portal's and maedn's pieces; numbered from 1), or royal's King.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceId {
    Numbered(u8),
    King,
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceId::Numbered(n) => write!(f, "G{n}"),
            PieceId::King => f.write_str("king"),
        }
    }
}

/// Where a piece is: out of play, on a ring tile, a Home path tile, or
/// Home; each game's words for them come from its `Vocabulary`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Not yet in play: royal's Yard, portal's and maedn's base.
    Out,
    Ring(u8),
    /// Royal's Home path tile Hk, or portal's lane tile Lk.
    HomePath(u8),
    Home,
    /// Off the track beside the ring field `field`, at its spot `spot`: a
    /// place a game keeps aside (portal's toilets, the pit spot 0 and
    /// W1-W3); the game's words say how it is written
    /// ([`Vocabulary::aside`](crate::Vocabulary)).
    Aside {
        field: u8,
        spot: u8,
    },
}

impl Place {
    pub fn is_ring(self) -> bool {
        matches!(self, Place::Ring(_))
    }
    /// On the board and able to move (ring or Home path).
    pub fn in_play(self) -> bool {
        matches!(self, Place::Ring(_) | Place::HomePath(_))
    }
}

impl fmt::Display for Place {
    /// In the scenario language's own words: `in yard`, `on 23`, `on home 2`, `home`
    /// (a place aside, which only a game's words name, as `aside 42 spot 2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Out => f.write_str("in yard"),
            Place::Ring(t) => write!(f, "on {t}"),
            Place::HomePath(k) => write!(f, "on home {k}"),
            Place::Home => f.write_str("home"),
            Place::Aside { field, spot } => write!(f, "aside {field} spot {spot}"),
        }
    }
}

/// Forward or Backward (`move.one-direction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Forward,
    Backward,
}

impl Direction {
    /// A step's change to a progress count: +1 Forward, -1 Backward.
    pub fn sign(self) -> i32 {
        match self {
            Direction::Forward => 1,
            Direction::Backward => -1,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Forward => "forward",
            Direction::Backward => "backward",
        })
    }
}

/// One piece's state: its place, midpoint progress and progress count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub place: Place,
    /// Has stood on or passed its midpoint tile since it last left the Yard.
    pub midpoint: bool,
    /// Progress count: +1 per Forward step, -1 per Backward step (`points.progress`).
    pub steps: i32,
}

impl Piece {
    pub const OUT: Piece = Piece {
        place: Place::Out,
        midpoint: false,
        steps: 0,
    };
}

/// One value per seat P1-P4, indexed by [`Player`] (no index arithmetic).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T>(pub [T; 4]);

impl<T> ByPlayer<T> {
    /// The value of each seat from a function of the player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer(std::array::from_fn(|i| f(Player::ALL[i])))
    }
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.iter().copied().zip(self.0.iter())
    }
}

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> std::ops::IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}
