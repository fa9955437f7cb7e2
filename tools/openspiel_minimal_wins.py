#!/usr/bin/env python3
"""Writes scenarios/maedn/openspiel-minimal-wins.goti: OpenSpiel's
maedn_test.cc MinimalGameToWin games (11 tables x winners) as goti scenarios;
with --forbidden, scenarios/maedn/openspiel-forbidden-moves.goti instead:
every one of the test's 17 forbidden moves per game, in the position the
test reached (read from OpenSpiel), refused by enter.six.

OpenSpiel's test drives the state with ApplyAction, which does not check
legality; 17 of its moves per game are ones its own LegalActions() forbids
(a piece moved on a 6 while pieces wait in base, where only bringing one in
is legal). Each scenario follows the test's line up to its first forbidden
move, expects that move refused by enter.six there, then plays a legal line
to the same terminal position.

With pyspiel installed, the script also checks what it writes: the test's
own actions (unchecked, as the test applies them) and the legal line
(checked with apply_action_with_legality_check) end in the same terminal
state, with the same returns.
"""
import sys

TABLES = [(2, False, "2 players side by side"), (2, True, "2 players opposite"),
          (3, False, "3 players"), (4, False, "4 players")]


def test_actions(players, ply):
    """The test's action list (chance outcome k = die k+1)."""
    a = []
    for _ in range(ply):
        a += [0, 0]
    for i in range(4):
        a += [5, 1, 5, 2, 5, 8, 5, 14, 5, 20, 5, 26, 5, 32]
        if i in (0, 1):
            a += [5, 38]
        if i == 0:
            a += [0, 44] + [0, 0] * (players - 1)
        elif i == 2:
            a += [4, 38] + [0, 0] * (players - 1)
    return a + [3, 38]


class Line:
    """A legal line: goti statements and the OpenSpiel actions they are."""

    def __init__(self):
        self.lines, self.actions = [], []
        self.route = {}  # piece -> route position of the winner's pieces

    def roll(self, v, who=None):
        self.lines.append(f"{who}: roll {v}" if who else f"roll {v}")
        self.actions.append(v - 1)

    def pass_(self):
        self.lines.append("pass")
        self.actions.append(0)

    def enter(self, piece):
        self.lines.append("enter")
        self.actions.append(1)
        self.route[piece] = 0

    def move(self, piece, v):
        r = self.route[piece]
        self.lines.append(f"move {piece}")
        self.actions.append(2 + r)
        self.route[piece] = r + v

    def others_pass(self, players, winner):
        for k in range(1, players):
            p = (winner + k) % players
            self.roll(1, f"P{p + 1}")
            self.pass_()


def scenario(players, opposite, label, ply):
    w = Line()
    for p in range(ply):
        w.roll(1, f"P{p + 1}")
        w.pass_()
    w.roll(6, f"P{ply + 1}")
    w.enter("G1")
    w.roll(6)
    w.lines.append("# OpenSpiel's action 2: G1 leaves the start field (legal: start.clear).")
    w.move("G1", 6)
    w.roll(6)
    forbidden = [
        "# OpenSpiel's test now plays action 8 (G1 on to route 12), which its",
        "# own LegalActions() forbids: a 6 with pieces in base must bring one",
        "# in. The test goes on from there with 16 more such moves; goti refuses",
        "# the first and plays a legal line to the same terminal position.",
        "expect legal: enter",
        "expect illegal(enter.six) move G1",
    ]
    w.lines += forbidden
    w.enter("G2")
    for piece, what in [("G1", "move"), ("G2", "move"), (None, "enter G3"),
                        ("G1", "move"), ("G2", "move"), ("G3", "move"), (None, "enter G4")]:
        w.roll(6)
        if what.startswith("enter"):
            w.enter(what.split()[1])
        else:
            w.move(piece, 6)
    w.lines.append("# Every piece is out: G1 on route 18, G2 12, G3 6, G4 0; sixes move freely.")
    for _ in range(4):
        w.roll(6)
        w.move("G1", 6)
    w.roll(1)
    w.move("G1", 1)
    w.lines.append("expect P{} G1 in goal 4".format(ply + 1))
    w.others_pass(players, ply)
    w.roll(6, f"P{ply + 1}")
    w.move("G2", 6)
    for _ in range(4):
        w.roll(6)
        w.move("G2", 6)
    for _ in range(5):
        w.roll(6)
        w.move("G3", 6)
    w.roll(5)
    w.move("G3", 5)
    w.others_pass(players, ply)
    w.roll(6, f"P{ply + 1}")
    w.move("G4", 6)
    for _ in range(5):
        w.roll(6)
        w.move("G4", 6)
    w.lines.append("expect no winner")
    w.roll(4)
    w.move("G4", 4)
    me = f"P{ply + 1}"
    w.lines += [
        f"expect {me} G1 in goal 4, {me} G2 in goal 3, {me} G3 in goal 2, {me} G4 in goal 1",
    ]
    for p in range(players):
        if p != ply:
            w.lines.append(f"expect P{p + 1} G1 in base, P{p + 1} G2 in base, P{p + 1} G3 in base, P{p + 1} G4 in base")
    returns = " ".join(str(players - 1) if p == ply else "-1" for p in range(players))
    w.lines += [f"expect winner {me}", f"expect returns {returns}", f"expect turn {me}"]
    head = [f'scenario "openspiel minimal win: {label}, {me} wins"', "tags openspiel",
            f"players {players}"]
    if players == 2:
        head.append("seats opposite" if opposite else "seats side")
    return head + w.lines, w.actions, returns


def check(players, opposite, ply, actions, returns):
    import pyspiel
    game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": opposite})
    theirs = game.new_initial_state()
    for a in test_actions(players, ply):
        theirs.apply_action(a)
    ours = game.new_initial_state()
    for a in actions:
        ours.apply_action_with_legality_check(a)
    assert theirs.is_terminal() and ours.is_terminal()
    assert str(theirs) == str(ours), (str(theirs), str(ours))
    assert " ".join(str(int(r)) for r in ours.returns()) == returns


def forbidden():
    """Every move of the test that OpenSpiel's LegalActions() forbids, as a
    set-up of the position the test reached, a 6, and the refusal."""
    import pyspiel
    out = ["# OpenSpiel's maedn_test.cc, MinimalGameToWin, applies its actions with",
           "# ApplyAction, which does not check legality: 17 moves per game are ones",
           "# OpenSpiel's own LegalActions() forbids. Each is here in the position the",
           "# test had reached (read from OpenSpiel by tools/openspiel_minimal_wins.py",
           "# --forbidden): a 6 thrown, pieces in base and the start field free, so",
           "# bringing a piece in is the only legal action (enter.six).",
           "rules maedn", ""]
    count = 0
    for players, opposite, label in TABLES:
        for ply in range(players):
            game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": opposite})
            state = game.new_initial_state()
            seen = 0
            for a in test_actions(players, ply):
                if not state.is_chance_node() and a not in state.legal_actions():
                    seen += 1
                    assert state.legal_actions() == [1], state.legal_actions()
                    me = state.current_player()
                    t = state.observation_tensor(0)
                    pieces = []  # (player, place words, route-or-None)
                    for f in range(40):
                        for k in range(4):
                            if t[4 * f + k]:
                                pieces.append((k, f"on {f}"))
                    for block in range(4):
                        for i in range(4):
                            for k in range(4):
                                if t[160 + 16 * block + 4 * i + k] and (k, f"in goal {i + 1}") not in pieces:
                                    pieces.append((k, f"in goal {i + 1}"))
                    seat = {0: 0, 1: 2 if (players == 2 and opposite) else 1, 2: 2, 3: 3}[me]
                    source = (10 * seat + (a - 2)) % 40
                    names, setup, moved = {}, [], None
                    for k, where in pieces:
                        names[k] = names.get(k, 0) + 1
                        g = f"G{names[k]}"
                        setup.append(f"P{k + 1} {g} {where}")
                        if k == me and where == f"on {source}":
                            moved = g
                    assert moved, (pieces, source)
                    count += 1
                    out += [f'scenario "openspiel forbidden move {seen}: {label}, P{ply + 1} wins"',
                            "tags openspiel", f"players {players}"]
                    if players == 2:
                        out.append("seats opposite" if opposite else "seats side")
                    out += [", ".join(setup + [f"P{me + 1} to move"]), "roll 6",
                            f"# the test moves the piece on field {source} (OpenSpiel action {a})",
                            "expect legal: enter", f"expect illegal(enter.six) move {moved}", ""]
                state.apply_action(a)
            assert seen == 17, seen
    sys.stdout.write("\n".join(out).rstrip() + "\n")
    sys.stderr.write(f"forbidden moves: {count}\n")


def main():
    if "--forbidden" in sys.argv:
        return forbidden()
    out = ["# OpenSpiel's maedn_test.cc, MinimalGameToWin: for each table (2 players",
           "# side by side and opposite, 3 and 4 players) each player wins in the",
           "# fewest moves while the others pass on a 1. Written by",
           "# tools/openspiel_minimal_wins.py, which checks each legal line with",
           "# OpenSpiel itself (apply_action_with_legality_check) and that it ends in",
           "# the test's terminal position and returns.",
           "rules maedn", ""]
    checked = 0
    for players, opposite, label in TABLES:
        for ply in range(players):
            lines, actions, returns = scenario(players, opposite, label, ply)
            try:
                check(players, opposite, ply, actions, returns)
                checked += 1
            except ImportError:
                pass
            out += lines + [""]
    sys.stdout.write("\n".join(out).rstrip() + "\n")
    sys.stderr.write(f"checked against OpenSpiel: {checked} of 11\n")


if __name__ == "__main__":
    main()
