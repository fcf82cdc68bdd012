"""Nightfall engine speed: random-vs-random 2-player games on one core.

    .venv/bin/python benchmarks/nightfall_speed.py [--games N] [--seed S] [--profile]

Prints games/s and decisions/s (decisions = applied actions) of 2-player Coldest War games
(quick start, no moons) played in this process through :func:`gloam.match.play_match`
with two ``RandomBot`` seats (``make_bot("random", game)``: the real path, nothing
special-cased), beside the goal of 100,000 decisions/s per core
(docs/nightfall-engine.md). Then ``clone()``/s of a mid-game state beside its goal of
20,000/s, and JSON save/load round trips per second. ~10-20 s by default.
``--profile`` runs the games again under cProfile and prints the top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import time

from state_ops import bench_state_ops

from gloam.bots import make_bot
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match

GOAL_DECISIONS_PER_S = 100_000
GOAL_CLONES_PER_S = 20_000
SETUP = {"players": 2}


def play_games(games: int, seed: int) -> tuple[int, float, float, list[int]]:
    """(decisions, wall seconds, CPU seconds, wound totals of the winners) of ``games``
    random-vs-random games; game i is seeded ``derive_seed(seed, i)``."""
    game = get_game("nightfall", SETUP)
    decisions = 0
    lengths = []
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game_seed = derive_seed(seed, i)
        bots = [make_bot("random", game, seed=derive_seed(game_seed, p)) for p in range(2)]
        result = play_match(game, bots, seed=game_seed)
        if not result.state.is_terminal():
            raise SystemExit(f"game {i} did not end")
        decisions += result.decisions
        lengths.append(result.state.turn)
    return decisions, time.perf_counter() - wall, time.process_time() - cpu, lengths








def profile(games: int, seed: int, top: int = 25) -> str:
    """The games under cProfile: the ``top`` functions by own time, then by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    play_games(games, seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3_000, metavar="N", help="games per run (default 3000)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default 1)")
    parser.add_argument("--profile", action="store_true", help="also profile the games (cProfile) and print"
                        " the hotspots")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    print(f"Nightfall speed: 2 players (Coldest War, quick start), random vs random, {args.games} games,"
          f" seed {args.seed}, {os.cpu_count()} cores seen")
    decisions, wall, cpu, turns = play_games(args.games, args.seed)
    per_s = decisions / wall
    verdict = "meets the goal" if per_s >= GOAL_DECISIONS_PER_S else "BELOW the goal"
    print(f"  one core (play_match + RandomBot): {decisions:,} decisions in {wall:.2f} s,"
          f" mean {decisions / args.games:.0f} decisions and {sum(turns) / len(turns):.1f} turns a game")
    print(f"    {args.games / wall:12,.0f} games/s")
    print(f"    {per_s:12,.0f} decisions/s   goal >= {GOAL_DECISIONS_PER_S:,}/s per core: {verdict}")
    print(f"    {decisions / cpu:12,.0f} decisions per CPU-second"
          f" (CPU {cpu:.2f} s of {wall:.2f} s wall; they differ when other work shares the core)")

    clones, trips, state = bench_state_ops("nightfall", SETUP, args.seed, seconds=1.0)
    verdict = "meets the goal" if clones >= GOAL_CLONES_PER_S else "BELOW the goal"
    print(f"  mid-game state (turn {state.turn}, {state.phase} phase, {len(state.events)} events,"
          f" {len(state.stack)} frames):")
    print(f"    {clones:12,.0f} clone()/s      goal >= {GOAL_CLONES_PER_S:,}/s: {verdict}")
    print(f"    {trips:12,.0f} JSON round trips/s (to_json, dumps, loads, from_json)")

    if args.profile:
        print(f"\ncProfile of {max(1, args.games // 10)} of the games:")
        print(profile(max(1, args.games // 10), args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
