//! The rule catalogue of `royal` (ROYAL.md).

use goti_engine::rule_catalogue;

rule_catalogue! {
    /// Every rule of ROYAL.md, in document order.
    RoyalRule {
    TablePlayers => "table.players", "2-4 players, P1-P4; turns go P1->P4, skipping absent seats";
    TablePieces => "table.pieces", "each player has four guards G1-G4 and one King";
    TableModes => "table.modes", "a game is played in Journey or Clash mode";
    BoardRing => "board.ring", "the ring has 52 tiles numbered 1-52";
    BoardDirection => "board.direction", "Forward goes to the next lower number, Backward to the next higher";
    BoardEntry => "board.entry", "entry tiles: P1 52, P2 39, P3 26, P4 13";
    BoardMidpoint => "board.midpoint", "a player's midpoint tile is 26 steps Forward of its entry";
    BoardJunction => "board.junction", "the junction is the ring tile just behind the entry (51 steps Forward)";
    BoardHomePath => "board.home-path", "each player has a Home path H1-H5, then Home";
    BoardForts => "board.forts", "forts are tiles 44, 31, 18, 5";
    RollValues => "roll.values", "a roll is a value 1-6";
    RollDeal => "roll.deal", "the number of dice dealt depends on the store size and the mode";
    RollStoreCap => "roll.store-cap", "the store holds at most 12 rolls (Journey) or 17 (Clash); extra dealt rolls are discarded";
    RollWhen => "roll.when", "dice are dealt once per turn, at its start, and only then";
    RollPersist => "roll.persist", "rolls not spent stay in the store; each roll is spent once";
    RollKingSeparate => "roll.king-separate", "the King never uses the store";
    GraceCheck => "grace.check", "a 6 among the first two dice, or a first-two sum of 6, is a grace roll";
    GraceCredit => "grace.credit", "a grace roll gives +1 exit credit";
    GraceFirstTurn => "grace.first-turn", "no grace roll on a player's first turn";
    GraceForced => "grace.forced", "0 credits and all guards in Yard or Home: a grace roll even without dice";
    ExitStart => "exit.start", "players start with 3 exit credits";
    ExitCap => "exit.cap", "a player holds at most 4 exit credits; extra credits are lost";
    ExitCost => "exit.cost", "a guard leaves the Yard for 1 exit credit onto its entry tile; the King never spends credits";
    ExitOrder => "exit.order", "the lowest-numbered guard in the Yard exits first";
    ExitTiming => "exit.timing", "exits are chosen, happen before any move, and capture nothing";
    MoveChoice => "move.choice", "a turn moves guards, the King, both, or nothing, in one set of moves";
    MoveOneDirection => "move.one-direction", "every piece moved in a turn moves in one direction";
    MoveRolls => "move.rolls", "each moving guard is given rolls from the store and moves their total";
    MoveKingValues => "move.king-values", "the King moves 1-8 tiles, one value a turn, never combined";
    MoveKingOrder => "move.king-order", "the King moves before or after the guards, as the player chooses";
    MoveOrderSize => "move.order-size", "guards moved from one tile form a group; larger groups move first";
    MoveOrderNumber => "move.order-number", "among equal groups, the one holding the lowest guard number moves first";
    MoveTogether => "move.together", "a group moves together until totals or paths part";
    MoveSequential => "move.sequential", "the board is updated after each group (and the King) moves";
    MoveNotInPlay => "move.not-in-play", "a guard in the Yard or a piece at Home cannot move";
    MoveHomePath => "move.home-path", "Forward from the junction with midpoint progress enters H1; Home path is Forward only";
    MoveExactHome => "move.exact-home", "a move that would overshoot Home is illegal as a whole";
    MoveMidpoint => "move.midpoint", "a piece gains midpoint progress on or passing its midpoint tile";
    MoveKingYard => "move.king-yard", "a King in the Yard returns to its entry tile when its owner's turn starts";
    BlockadeGroup => "blockade.group", "two or more guards of one player on a tile form a group; a lone guard never blockades";
    BlockadeSizes => "blockade.sizes", "a group of m blocks a moving group of k when k <= 3 and k <= m";
    BlockadeAnyPoint => "blockade.any-point", "a blockade stops a piece anywhere along its move, on the tile before it";
    BlockadeMovingCount => "blockade.moving-count", "once a moving group has split, only the guards still together count";
    BlockadeFort => "blockade.fort", "guards on a fort do not blockade";
    BlockadeOwnEntry => "blockade.own-entry", "opponents cannot blockade your pieces on your own entry tile";
    BlockadeKingOpponent => "blockade.king-opponent", "any opponent group of two or more guards blocks a King";
    BlockadeKingOwn => "blockade.king-own", "a King is blocked by its own guards, except on a fort or in its Home path";
    BlockadePenalty => "blockade.penalty", "a move shortened by an opponent's blockade loses battle points per lost step";
    BlockadeOwnNoPenalty => "blockade.own-no-penalty", "no penalty when a King is blocked by its own guards";
    BlockadeBeforeCapture => "blockade.before-capture", "at every tile entered the blockade check comes before the capture check";
    CaptureReach => "capture.reach", "a moving group captures on every tile it lands on or passes";
    CaptureSizes => "capture.sizes", "k moving guards capture m standing when k >= 2 and (m < k or k = 4)";
    CaptureFort => "capture.fort", "there are no captures on forts";
    CaptureOwnEntry => "capture.own-entry", "a piece on its owner's entry tile cannot be captured";
    CaptureKingCannot => "capture.king-cannot", "the King captures nothing";
    CaptureKingTarget => "capture.king-target", "any opponent group of two or more guards captures a King";
    CaptureMerge => "capture.merge", "standing own guards join a moving group for the capture check on their tile";
    CaptureResult => "capture.result", "captured pieces go to the Yard and lose midpoint and progress";
    CaptureKingPenalty => "capture.king-penalty", "a captured King takes its owner's ring guards, store and credits (then 2 credits)";
    CapturePoints => "capture.points", "battle points = value x pieces (King = 3) x King factor (2 when the King is out on the ring)";
    PointsProgress => "points.progress", "each Forward step +1, each Backward step -1; points = per-step value x sum";
    PointsBattle => "points.battle", "battle points start at 0, rise by captures, fall by penalties";
    PointsScore => "points.score", "score = progress points + battle points";
    EndFinish => "end.finish", "a player finishes with four guards Home; the game ends at the end of that turn";
}}
