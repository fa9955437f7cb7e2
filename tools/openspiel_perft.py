#!/usr/bin/env python3
"""OpenSpiel's `maedn` perft: the histories of exactly D plies from the
start (each chance outcome one ply, each legal action one ply; a terminal
state before D is one history), for `tests/openspiel.rs` to compare with
`goti perft`.

    openspiel_perft.py --players 2|3|4 [--opposite] --depth D
        [--histories N --length L --seed S]

Prints one JSON line {"players", "depth", "perft"}; with --histories, one
more line per history: {"seed", "actions": [...], "perft"}, the actions
(as OpenSpiel numbers them, chance outcomes included) of a seeded random
history of L plies, and the perft of depth D from where it ends.
"""
import argparse
import json
import random
import sys

import pyspiel

from openspiel_maedn import perft


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--opposite", action="store_true")
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--histories", type=int, default=0)
    ap.add_argument("--length", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--history-depth", type=int, default=5)
    a = ap.parse_args()
    game = pyspiel.load_game(
        "maedn", {"players": a.players, "twoPlayersOpposite": a.opposite}
    )
    start = game.new_initial_state()
    print(json.dumps({"players": a.players, "depth": a.depth, "perft": perft(start, a.depth)}))
    for h in range(a.histories):
        rng = random.Random(a.seed + h)
        state = game.new_initial_state()
        actions = []
        for _ in range(a.length):
            if state.is_terminal():
                break
            if state.is_chance_node():
                act = rng.choice([x for x, _ in state.chance_outcomes()])
            else:
                act = rng.choice(state.legal_actions())
            actions.append({"chance": state.is_chance_node(), "a": act})
            state.apply_action(act)
        print(json.dumps({
            "seed": a.seed + h,
            "actions": actions,
            "perft": perft(state, a.history_depth),
        }))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
