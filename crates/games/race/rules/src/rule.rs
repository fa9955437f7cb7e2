//! The rule catalogue of `race` (RACE.md).

use goti_engine::rule_catalogue;

rule_catalogue! {
    /// Every rule of RACE.md, in document order.
    RaceRule {
    TablePlayers => "table.players", "2 up to the seats' number of players P1-Pn in order, table.pieces pieces each; turns go P1->Pn";
    TableSeats => "table.seats", "Pn sits at seat n-1; two players opposite put P2 halfway round";
    BoardRing => "board.ring", "board.ring common fields from 0; seat s starts on board.starts[s]; pieces move up and wrap";
    BoardHome => "board.home", "board.home home fields per player, entered after the field before its start (or its board.entries field)";
    BoardEntry => "board.entry", "with board.entries, seat s's pieces go from its start to field board.entries[s], then into their home fields";
    BoardBase => "board.base", "pieces not on the board are in base; all start there";
    BoardExact => "board.exact", "with board.exact false, a move by more than the fields left to the last home field ends on it";
    DiceThrow => "dice.throw", "a turn is one throw of dice.count dice of dice.faces, read as their sum, then one action: bring in, move or pass";
    DiceTable => "dice.table", "with dice.table, a throw reads the table's entry for its sum (the first entry for the lowest sum), not the sum";
    DiceEach => "dice.each", "with dice.read each, each die is a value of its own: one action per die, in the order the player chooses; a pass spends the dice left; the turn's throw is judged once all are spent";
    ThrowAgain => "throw.again", "after an action on a value of again.values, a capture (again.on_capture) or a piece reaching its home fields (again.on_home) the same player throws again";
    ThrowDouble => "throw.double", "with again.on_double, after an action on a double (every die the same face) the same player throws again";
    ThrowLimit => "throw.limit", "the again.limit-th throw in a row that throws again (by value or as a double) is forfeit: pass, and the next player throws";
    ThrowPenalty => "throw.penalty", "with again.at_limit lead_back, a throw at the limit also sends the player's leading piece on the common fields back to base";
    StartClear => "start.clear", "obligation clear_start: with a piece in base, an own piece on the start field that can move must move";
    EnterValue => "enter.value", "a value of enter.values brings a piece onto a start field free of own pieces (obligation enter: must)";
    MoveFree => "move.free", "any own piece may move if its target is at most the last home field and holds no own piece";
    MoveJump => "move.jump", "with move.jump false, no piece passes a field holding a piece (an own piece, in the home fields)";
    MoveShare => "move.share", "with move.own_share, own pieces may share a ring field (never a home field)";
    CaptureMust => "capture.must", "obligation capture: when an action captures, the player must take one that captures";
    MovePass => "move.pass", "when no action is legal the player passes";
    CaptureLand => "capture.land", "with capture.on_land, landing or entering on opponents sends them back to base";
    CapturePass => "capture.pass", "with capture.on_pass, a move sends the opponents on every common field it passes back to base (not on safe fields, not a blockade)";
    CaptureSafe => "capture.safe", "on the fields of capture.safe nobody is captured: players share them";
    CaptureTo => "capture.to", "with capture.to start, a captured piece goes onto its own start field once the move is over, if no piece stands there; else to its base";
    BlockadeForm => "blockade.form", "blockade.size pieces of one player on one ring field make a blockade";
    BlockadeStop => "blockade.stop", "no opponent lands on or enters onto a blockade; with stops: passing none passes it";
    BlockadeFields => "blockade.fields", "with blockade.fields, blockades form only on the ring fields it lists; elsewhere the pieces only share the field";
    EndPlaces => "end.places", "with end.play_on, a player with every piece home takes the next place and leaves the turn order; the last player left takes the last place";
    EndWin => "end.win", "the game ends when a player has every piece home: the others returns.loser, the winner the rest";
}}
