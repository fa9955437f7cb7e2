//! The rule catalogue of `portal` (PORTAL.md).

use goti_engine::rule_catalogue;

rule_catalogue! {
    /// Every rule of PORTAL.md, in document order.
    PortalRule {
    TablePlayers => "table.players", "2-4 players P1-P4; turns go P1->P4, skipping absent seats";
    TablePieces => "table.pieces", "each player has five pieces, all in base at the start";
    TableGoal => "table.goal", "bring all five pieces round the lap to home first";
    BoardRing => "board.ring", "52 ring tiles; Forward goes to the next lower number; pieces move Forward only";
    BoardStart => "board.start", "start tiles P1 52, P2 39, P3 26, P4 13; steps count from the start";
    BoardLane => "board.lane", "at its junction (step 51) a piece turns into its lane L1-L5, then home (57)";
    BoardSafe => "board.safe", "safe tiles: the start tiles and 44, 31, 18, 5";
    BoardRoads => "board.roads", "roads join 49-37, 36-24, 23-11, 10-50";
    BoardToilets => "board.toilets", "toilet triggers 42, 29, 16, 3 with pit W0 and W1-W3";
    BoardDiceTiles => "board.dice-tiles", "dice tiles 45, 32, 19, 6";
    DiceTwo => "dice.two", "every roll throws two dice";
    DiceLargerFirst => "dice.larger-first", "the larger value is played first; each value is one move";
    DiceMustPlay => "dice.must-play", "a value must be played when some piece can play it";
    DiceBurn => "dice.burn", "a value with no legal move burns; both burned: the turn passes";
    DiceDouble => "dice.double", "after a double has been played the player rolls again";
    DiceThirdDouble => "dice.third-double", "a third double in a row is not played: the turn passes";
    DiceExtraOnce => "dice.extra-once", "a roll earns at most one extra roll, taken after both values";
    EnterSix => "enter.six", "a 6 brings a piece from base onto its start tile";
    EnterStartFree => "enter.start-free", "no entry while any piece stands on the start tile";
    MoveNoJump => "move.no-jump", "a piece may not pass over an occupied tile";
    MoveOnePerTile => "move.one-per-tile", "a piece may not land on its own piece (W1-W3 and home excepted)";
    MoveExactHome => "move.exact-home", "home needs the exact count";
    CaptureLand => "capture.land", "landing on an opponent sends it back to base";
    CaptureExtra => "capture.extra", "a capture earns an extra roll";
    CaptureSafe => "capture.safe", "no capture on a safe tile; no landing on a safe tile an opponent holds";
    CaptureToilet => "capture.toilet", "no capture on W1-W3; the only capture in a toilet is in the pit";
    ToiletFall => "toilet.fall", "landing on a trigger drops the piece into the pit";
    ToiletClimb => "toilet.climb", "1, 2, 3 climb W0->W1->W2->W3; from W3 any value leaves via the rejoin tile";
    ToiletMercy => "toilet.mercy", "a last piece does not fall into the same toilet a third time";
    RoadJump => "road.jump", "landing on a fork carries the piece to the other end, capturing there";
    RoadOwnRoute => "road.own-route", "a road that would leave the piece's route does nothing";
    DiceTileExtra => "dice-tile.extra", "landing on a dice tile earns an extra roll, except in a double";
    EndWin => "end.win", "the first player with five pieces home wins at once";
    EndStandings => "end.standings", "the others rank by pieces home, then steps, then player number";
    EndTokens => "end.tokens", "ranked: each pays 1 to sit; the winner is paid 2, 1 or 0 by table size";
}}
