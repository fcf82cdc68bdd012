"""Measuring helpers the speed benchmarks share: a mid-game state of random play, calls per
second of a function, and the clone / JSON round-trip rates of a state."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from gloam.bots import make_bot
from gloam.games import get_game
from gloam.match import play_match


def mid_game_state(game_name: str, setup: dict[str, Any], seed: int) -> Any:
    """A state halfway (by number of decisions) through a random-vs-random game."""
    game = get_game(game_name, setup)
    bots = [make_bot("random", game, seed=seed + p + 1) for p in range(game.num_players)]
    full = play_match(game, bots, seed=seed)
    state = game.new_initial_state(seed)
    for action in full.actions[: full.decisions // 2]:
        state.apply(action)
    return state


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second, timed over doubling batches for about ``seconds``."""
    calls, batch = 0, 50
    started = time.perf_counter()
    while True:
        for _ in range(batch):
            fn()
        calls += batch
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return calls / elapsed
        batch = min(batch * 2, 20_000)


def bench_state_ops(game_name: str, setup: dict[str, Any], seed: int,
                    seconds: float) -> tuple[float, float, Any]:
    """(clone()/s, JSON round trips/s, the state) for a mid-game state. A round trip is
    ``to_json`` -> ``json.dumps`` -> ``json.loads`` -> ``from_json``: a real save and load."""
    state = mid_game_state(game_name, setup, seed)
    cls = type(state)
    restored = cls.from_json(json.loads(json.dumps(state.to_json())))
    if restored != state or state.clone() != state:
        raise SystemExit("clone() or the JSON round trip does not reproduce the state")
    clones = rate(state.clone, seconds)
    trips = rate(lambda: cls.from_json(json.loads(json.dumps(state.to_json()))), seconds)
    return clones, trips, state
