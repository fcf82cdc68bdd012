"""Nightmarium engine speed: random-vs-random 2-player games on one core.

    .venv/bin/python benchmarks/nightmarium_speed.py [--games N] [--seed S]

Prints games/s and decisions/s (decisions = applied actions) of
:func:`gloam.simulate.simulate` with ``workers=1``: games played in this process through
:func:`gloam.match.play_match` with two ``RandomBot`` seats (the real path, nothing
special-cased), beside the project's goal of 150,000 decisions/s per core. Then clone()/s
of a mid-game state, JSON save/load round trips per second, and the speed-up of the same
games on 2 worker processes (checked to give the same results). ~10-20 s by default.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from typing import Any

from gloam.bots import make_bot
from gloam.games import get_game
from gloam.match import play_match
from gloam.simulate import DEFAULT_TURN_LIMIT, simulate

GOAL_DECISIONS_PER_S = 150_000
SETUP = {"players": 2, "turn_limit": DEFAULT_TURN_LIMIT}
SEATS = ["random", "random"]


def mid_game_state(seed: int) -> Any:
    """A state halfway through a random-vs-random game (by number of decisions)."""
    game = get_game("nightmarium", SETUP)
    bots = [make_bot("random", game, seed=seed + p + 1) for p in range(2)]
    full = play_match(game, bots, seed=seed)
    state = game.new_initial_state(seed)
    for action in full.actions[: full.decisions // 2]:
        state.apply(action)
    return state


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second, timed over batches for about ``seconds``."""
    calls, batch = 0, 100
    started = time.perf_counter()
    while True:
        for _ in range(batch):
            fn()
        calls += batch
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return calls / elapsed
        batch = min(batch * 2, 20_000)


def bench_state_ops(seed: int, seconds: float) -> tuple[float, float, Any]:
    """(clone()/s, JSON round trips/s, the state) for a mid-game state. A round trip is
    ``to_json`` -> ``json.dumps`` -> ``json.loads`` -> ``from_json``: a real save and load."""
    state = mid_game_state(seed)
    cls = type(state)
    restored = cls.from_json(json.loads(json.dumps(state.to_json())))
    if restored != state or state.clone() != state:
        raise SystemExit("clone() or the JSON round trip does not reproduce the state")
    clones = rate(state.clone, seconds)
    trips = rate(lambda: cls.from_json(json.loads(json.dumps(state.to_json()))), seconds)
    return clones, trips, state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=15_000, metavar="N",
                        help="games per run (default 15000)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="master seed (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    print(f"Nightmarium speed: 2 players, random vs random, {args.games} games, seed {args.seed},"
          f" {os.cpu_count()} cores seen")
    cpu_started = time.process_time()
    one = simulate("nightmarium", SETUP, SEATS, games=args.games, seed=args.seed, workers=1)
    cpu = time.process_time() - cpu_started
    verdict = "meets the goal" if one.decisions_per_s >= GOAL_DECISIONS_PER_S else "BELOW the goal"
    print(f"  one core (simulate, workers=1 -> play_match + RandomBot): {one.decisions:,} decisions"
          f" in {one.wall_s:.2f} s, mean {one.mean_turns:.1f} turns")
    print(f"    {one.games_per_s:12,.0f} games/s")
    print(f"    {one.decisions_per_s:12,.0f} decisions/s   goal >= {GOAL_DECISIONS_PER_S:,}/s per core: {verdict}")
    print(f"    {one.decisions / cpu:12,.0f} decisions per CPU-second"
          f" (CPU {cpu:.2f} s of {one.wall_s:.2f} s wall; they differ when other work shares the core)")

    clones, trips, state = bench_state_ops(args.seed, seconds=1.0)
    print(f"  mid-game state (turn {state.turn}, {len(state.events)} events):")
    print(f"    {clones:12,.0f} clone()/s")
    print(f"    {trips:12,.0f} JSON round trips/s (to_json, dumps, loads, from_json)")

    two = simulate("nightmarium", SETUP, SEATS, games=args.games, seed=args.seed, workers=2)
    if (two.wins, two.draws, two.decisions) != (one.wins, one.draws, one.decisions):
        raise SystemExit("the 2-worker run disagrees with the 1-worker run: results depend on workers")
    print(f"  simulate, same {args.games} games on 2 workers (wall time includes starting them):")
    print(f"    {two.games_per_s:12,.0f} games/s, {two.decisions_per_s:,.0f} decisions/s"
          f"   speed-up x{two.games_per_s / one.games_per_s:.2f} over 1 worker (same results)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
