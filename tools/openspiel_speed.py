#!/usr/bin/env python3
"""goti's maedn beside OpenSpiel's C++ core, on the same tables, one core.

    target/openspiel-venv/bin/python tools/openspiel_speed.py [--seconds 5] [--pairs 5] [--xtask target/release/xtask]

OpenSpiel: `pyspiel.evaluate_bots` plays whole games in C++ with uniform
random bots; its player actions per second are its games per second times
the mean game length in player actions (throws are chance nodes and are not
counted), the length measured over a sample of OpenSpiel games played here
with uniformly random legal actions. goti: `cargo xtask bench --game maedn` (random legal
actions, no checks, one core), which counts its player actions exactly on
its speed path, times up to 2,000 games of self-play's driver through
the general engine (events recorded) beside it, and replays the player
actions of up to 1,000 of its games on the general engine alone (each
throw and its choice applied whole, with their events; no chooser).

The two sides alternate in `--pairs` pairs (OpenSpiel, then goti, then
OpenSpiel again ...), so a busy spell of a shared machine falls on both, and
each figure is the median of its side's runs; the ratio is the median of
the pairs' ratios.
"""
import argparse
import json
import random
import statistics
import subprocess
import time

import pyspiel

TABLES = [(2, True, "2 opposite"), (2, False, "2 side"), (3, False, "3"), (4, False, "4")]


def mean_length(game, games, seed):
    rng = random.Random(seed)
    total = 0
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(6))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                total += 1
    return total / games


def openspiel_rate(game, players, seconds):
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(players)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, n)
        n += 1
    return n / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--sample", type=int, default=300, help="OpenSpiel games to measure the mean length")
    ap.add_argument("--xtask", default="target/release/xtask")
    ap.add_argument("--pairs", type=int, default=5, help="alternating runs of each side")
    args = ap.parse_args()
    print("| table | mean length (player actions) | OpenSpiel games/s | goti speed path games/s | goti self-play driver games/s | OpenSpiel actions/s | goti speed path actions/s | goti general engine alone actions/s | speed path / OpenSpiel | general engine / OpenSpiel | driver / OpenSpiel |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for players, opposite, label in TABLES:
        game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": opposite})
        length = mean_length(game, args.sample, 7)
        # goti: enough games to run about as long.
        games = max(1000, int(args.seconds * 6e6 / length))
        cmd = [args.xtask, "bench", "--game", "maedn", "--players", str(players), "--games", str(games), "--format", "json"]
        if players == 2 and not opposite:
            cmd.append("--side")
        theirs, ours, ours_games, drivers, ratios, driver_ratios = [], [], [], [], [], []
        generals, general_ratios = [], []
        for k in range(args.pairs):
            cmd_seed = cmd + ["--seed", str(k + 1)]
            games_s = openspiel_rate(game, players, args.seconds)
            out = json.loads(subprocess.run(cmd_seed, check=True, capture_output=True, text=True).stdout)
            rate = out["actions_per_second"]
            theirs.append(games_s)
            ours.append(rate)
            ours_games.append(out["games_per_second"])
            drivers.append(out["driver"]["games_per_second"])
            ratios.append(rate / (games_s * length))
            driver_ratios.append(out["driver"]["games_per_second"] / games_s)
            general = out["engine_calls"]["general"]["actions_per_second"]
            generals.append(general)
            general_ratios.append(general / (games_s * length))
        med = statistics.median
        games_s = med(theirs)
        print(
            f"| {label} | {length:.0f} | {games_s:,.0f} | {med(ours_games):,.0f} | {med(drivers):,.0f} "
            f"| {games_s * length:,.0f} | {med(ours):,.0f} | {med(generals):,.0f} "
            f"| {med(ratios):.2f}x | {med(general_ratios):.2f}x | {med(driver_ratios):.2f}x |"
        )


if __name__ == "__main__":
    main()
