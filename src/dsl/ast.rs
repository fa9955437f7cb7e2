//! The typed syntax tree of a scenario file. Every node carries its own byte
//! span into the file; no parser types appear here.

use super::problem::Problem;
pub use super::span::{Span, Spanned};
use crate::engine::Direction;

/// A parsed file: its scenarios and the syntax errors found on the way.
#[derive(Clone, Debug, Default)]
pub struct ScenarioFile {
    /// Header statements before the first `scenario` (rules, mode, set,
    /// rules file, players, tags, ranked): they apply to every scenario of
    /// the file, which may still override them.
    pub header: Vec<Stmt>,
    pub scenarios: Vec<Scenario>,
    pub errors: Vec<Problem>,
}

impl StmtKind {
    /// Whether the statement belongs to a header (and so may stand before
    /// the first scenario of a file).
    pub fn is_header(&self) -> bool {
        matches!(
            self,
            StmtKind::Rules { .. }
                | StmtKind::RulesFile(_)
                | StmtKind::Mode(_)
                | StmtKind::Set { .. }
                | StmtKind::Tags(_)
                | StmtKind::Players(_)
        ) || matches!(self, StmtKind::OwnFact(p) if p.player.is_none() && p.pieces.is_empty())
    }
}

/// `scenario "NAME"` and its statements.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: Spanned<String>,
    /// The `scenario` line itself.
    pub span: Span,
    pub statements: Vec<Stmt>,
}

/// One statement (a chained line gives one per item).
#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Rules {
        game: Spanned<String>,
        /// The name of a mode of the game's, which lowering reads.
        mode: Option<Spanned<String>>,
    },
    RulesFile(Spanned<String>),
    /// `mode clash`: the name of a mode of the game's.
    Mode(Spanned<String>),
    Set {
        key: Spanned<String>,
        value: Spanned<String>,
    },
    Players(Players),
    Tags(Vec<String>),
    Turn(Spanned<i64>),
    Place(PlacementStmt),
    Action(ActionStmt),
    ExpectIllegal {
        rule: Option<Spanned<String>>,
        action: ActionStmt,
    },
    Expect(Expectation),
    Snapshot(Option<Spanned<String>>),
    /// A set-up fact in a game's own word (`P1 credits 2`, `P1 G1 falls 42
    /// 2`); one of the table's (`ranked`, `seats side`) may stand in a
    /// file's header.
    OwnFact(OwnPhrase),
}

/// `players 3` or `players P1 P2 P4`.
#[derive(Clone, Debug)]
pub enum Players {
    Count(Spanned<i64>),
    List(Vec<Spanned<i64>>),
}

/// A guard by number, or the King.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceName {
    Guard(i64),
    King,
}

/// A named piece, or a word for a count of the next unnamed pieces, as
/// written (lower case), which the game's words read (royal's `solo` ...
/// `quad`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceSel {
    Piece(PieceName),
    Count(String),
}

/// A place as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceAst {
    /// `on 23`.
    Tile(i64),
    /// `home`.
    Home,
    /// A place in the game's words, which they resolve: its word, its
    /// number, its spot (`in yard`, `on lane 2`, `in toilet 42 pit`).
    Named(NamedPlace),
}

/// A place in words the grammar does not know (`in yard`, `on home 3`, `in
/// toilet 42 W2`, a description's `in nest`): `in` or `on` and the word,
/// lower-cased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPlace {
    pub by: String,
    pub word: String,
    pub number: Option<i64>,
    pub spot: Option<Spanned<String>>,
}

#[derive(Clone, Debug)]
pub struct PlacementStmt {
    pub player: Spanned<i64>,
    pub what: Spanned<PieceSel>,
    pub place: Spanned<PlaceAst>,
    pub midpoint: Option<Spanned<bool>>,
    pub steps: Option<Spanned<i64>>,
}

/// An action, with the player it names (`P2: ...`) if any.
#[derive(Clone, Debug)]
pub struct ActionStmt {
    pub player: Option<Spanned<i64>>,
    pub action: ActionAst,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ActionAst {
    Roll(Vec<Spanned<i64>>),
    Move(Vec<Clause>),
    NextTurn,
    /// An action in a game's own word (`boost G1`).
    Own(OwnPhrase),
}

/// A phrase in a word of one game's own that the grammar does not know
/// (`P1 boost 2`, `boost G1`, `expect P1 G1 boost 1`): its player, pieces,
/// word and numbers as written, resolved by the vocabulary of the game in
/// play (`Word::Named`).
#[derive(Clone, Debug)]
pub struct OwnPhrase {
    pub player: Option<Spanned<i64>>,
    pub pieces: Vec<Spanned<PieceName>>,
    /// Lower case.
    pub word: Spanned<String>,
    pub numbers: Vec<Spanned<i64>>,
    /// `empty` written in place of the numbers (`P1 store empty`).
    pub empty: Option<Span>,
}

/// `G1 3+4 backward`.
#[derive(Clone, Debug)]
pub struct Clause {
    pub piece: Spanned<PieceName>,
    pub rolls: Vec<Spanned<i64>>,
    pub direction: Option<Spanned<Direction>>,
    pub span: Span,
}

/// What an `expect` line checks.
#[derive(Clone, Debug)]
pub enum Expectation {
    Piece {
        player: Spanned<i64>,
        piece: Spanned<PieceName>,
        check: Spanned<PieceCheck>,
    },
    TileEmpty(Spanned<i64>),
    TileExact {
        tile: Spanned<i64>,
        groups: Vec<(Spanned<i64>, Vec<Spanned<PieceName>>)>,
    },
    Applied(Spanned<String>),
    /// `not applied RULE`.
    NotApplied(Spanned<String>),
    /// `no winner` / `game goes on`.
    NoWinner,
    /// `no capture`.
    NoCapture,
    Turn(Spanned<i64>),
    Winner(Spanned<i64>),
    GameOver,
    /// Portal: `standings P1 P3 P2`.
    Standings(Vec<Spanned<i64>>),
    /// Maedn's list: `legal: G1 G3`, `legal: enter`, `legal: pass`.
    Legal(Vec<Spanned<LegalItem>>),
    /// `legal: next turn | exit G1 | move G1 3+4 forward` (every game).
    LegalActions(Vec<Spanned<ActionAst>>),
    /// `legal count 12`.
    LegalCount(Spanned<i64>),
    /// `perft 3 = 1234`.
    Perft {
        depth: Spanned<i64>,
        nodes: Spanned<i64>,
    },
    /// An expectation in a game's own word (`expect P1 battle 20`,
    /// `expect returns 3 -1 -1 -1`).
    Own(OwnPhrase),
}

/// One action named after `expect legal:`.
#[derive(Clone, Debug)]
pub enum LegalItem {
    Piece(PieceName),
    /// A game's own action with no piece (maedn's `enter` and `pass`).
    Own(OwnPhrase),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceCheck {
    Place(PlaceAst),
    Midpoint(bool),
    Steps(i64),
}
