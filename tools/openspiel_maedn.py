#!/usr/bin/env python3
"""Seeded random OpenSpiel `maedn` games, one JSON line per game, for
`cargo xtask oracle` to replay action by action.

    openspiel_maedn.py --table 2o|2s|3|4 --games N --seed S [--first K]

Game k of a seed is the same game however the games are split.

Each game: {"table", "players", "opposite", "seed", "steps": [...],
"returns"}. A step is a throw {"roll": v, "cur": player to act} or a
player action {"a": OpenSpiel action, "legal": [...] before it, "ring":
40 digits after it (0 empty, k = player k-1's piece), "goal": 16 digits
(player p's goal field i at 4p+i), "out": pieces in base per player}.
Actions: 0 pass, 1 bring in, 2+r move the piece on route position r.

Every PERFT_EVERY-th game (by its number) also carries, on its step
PERFT_STEP, "perft": [D, n]: the histories of D plies from the state after
that step (each chance outcome one ply, each legal action one ply), which
goti counts too (MAEDN.md §3).
"""
import argparse
import json
import random
import sys

import pyspiel

TABLES = {"2o": (2, True), "2s": (2, False), "3": (3, False), "4": (4, False)}
RING, GOALS, OUT, CUR = 0, 160, 224, 228
PERFT_EVERY, PERFT_STEP, PERFT_DEPTH = 20, 30, 5


def perft(state, depth):
    """Histories of exactly `depth` plies; a terminal state is one."""
    if depth == 0 or state.is_terminal():
        return 1
    if state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def observe(state, players):
    t = state.observation_tensor(0)
    ring = []
    for f in range(40):
        v = 0
        for k in range(4):
            if t[RING + 4 * f + k]:
                v = k + 1
        ring.append(str(v))
    goal = ["0"] * 16
    for block in range(4):
        for i in range(4):
            for k in range(4):
                if t[GOALS + 16 * block + 4 * i + k]:
                    goal[4 * k + i] = str(k + 1)
    out = [int(t[OUT + p]) for p in range(players)]
    return "".join(ring), "".join(goal), out


def play(table, seed, counted=False):
    players, opposite = TABLES[table]
    game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": opposite})
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal():
        if state.is_chance_node():
            k = rng.randrange(6)
            state.apply_action(k)
            steps.append({"roll": k + 1, "cur": state.current_player()})
        else:
            legal = state.legal_actions()
            a = rng.choice(legal)
            state.apply_action(a)
            ring, goal, out = observe(state, players)
            steps.append({"a": a, "legal": legal, "ring": ring, "goal": goal, "out": out})
        if counted and len(steps) == PERFT_STEP:
            steps[-1]["perft"] = [PERFT_DEPTH, perft(state, PERFT_DEPTH)]
    return {"table": table, "players": players, "opposite": opposite, "seed": seed,
            "steps": steps, "returns": [int(r) for r in state.returns()]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", choices=sorted(TABLES), required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    args = ap.parse_args()
    out = sys.stdout
    for g in range(args.first, args.first + args.games):
        game = play(args.table, args.seed * 1_000_003 + g, g % PERFT_EVERY == 0)
        out.write(json.dumps(game, separators=(",", ":")))
        out.write("\n")
    out.flush()


if __name__ == "__main__":
    main()
