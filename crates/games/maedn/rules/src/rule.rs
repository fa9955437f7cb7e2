//! The rule catalogue of `maedn` (MAEDN.md).

use goti_engine::rule_catalogue;

rule_catalogue! {
    /// Every rule of MAEDN.md, in document order.
    MaednRule {
    TablePlayers => "table.players", "2-4 players P1-Pn in order, four pieces each; turns go P1->Pn";
    TableSeats => "table.seats", "Pn sits at seat n-1; two players opposite put P2 at seat 2";
    BoardRing => "board.ring", "40 common fields 0-39; seat s starts on field 10s; pieces move up, 39 wraps to 0";
    BoardGoal => "board.goal", "four goal fields per player, entered after the field before its start";
    BoardBase => "board.base", "pieces not on the board are in base; all start there";
    DiceOne => "dice.one", "a turn is one throw of one die, then one action: bring in, move or pass";
    DiceSixAgain => "dice.six-again", "after an action on a 6 (a pass included) the same player throws again";
    StartClear => "start.clear", "with a piece in base, an own piece on the start field that can move must move";
    EnterSix => "enter.six", "otherwise a 6 with a piece in base and the start field free of own pieces must bring one in";
    MoveFree => "move.free", "otherwise any own piece may move if its target is at most goal 4 and holds no own piece";
    MovePass => "move.pass", "when no action is legal the player passes";
    CaptureLand => "capture.land", "landing or entering on an opponent's piece sends it back to base";
    EndWin => "end.win", "the game ends when a player fills all four goal fields: the winner n-1, the others -1";
}}
