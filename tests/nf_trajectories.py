"""Seeded random Nightfall games reduced to one hash each: the engine's behaviour as data.

A trajectory's hash covers, at every decision, the player to act and the legal actions,
the events the action added, and at the end the final ``to_json``. Half-way through a
game the state is swapped for its ``clone()`` and later for a JSON round trip
(``to_json`` -> ``json.dumps`` -> ``json.loads`` -> ``from_json``), so the copy paths
are covered too. The setups are those of the mixed conformance sweep (2-6 players, every
set combination, draft variants, Team Play, the constructed format, promos, long games,
moons). Speed work must leave every hash unchanged (tests/test_nightfall_trajectories.py
compares them with tests/nightfall_trajectories.json).

    PYTHONPATH=src python tests/nf_trajectories.py [--games N] [--write]

prints the sweep's combined hash; ``--write`` records every game's hash in the golden
file (only when the engine's behaviour is meant to change).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from gloam.nightfall.state import NightfallState
from test_conformance_nightfall_mixed import game_setup

GOLDEN = Path(__file__).with_name("nightfall_trajectories.json")
GAMES = 300
CLONE_AT, ROUND_TRIP_AT = 60, 120  # decisions after which the state is replaced by a copy


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def trajectory_hash(i: int) -> str:
    """The hash of sweep game ``i`` played by a seeded random chooser."""
    game, seed, _ = game_setup(i)
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    digest = hashlib.sha256()
    seen, decisions = 0, 0
    while not state.is_terminal():
        legal = state.legal_action_indices()
        digest.update(_dump([state.current_player(), legal]))
        state.apply(legal[chooser.randrange(len(legal))])
        digest.update(_dump(state.events[seen:]))
        seen = len(state.events)
        decisions += 1
        if decisions == CLONE_AT:
            state = state.clone()
        elif decisions == ROUND_TRIP_AT:
            state = NightfallState.from_json(json.loads(json.dumps(state.to_json())))
    digest.update(_dump(state.to_json()))
    return digest.hexdigest()


def sweep(games: int = GAMES) -> list[str]:
    """The hashes of sweep games ``0 .. games - 1``."""
    return [trajectory_hash(i) for i in range(games)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--write", action="store_true", help="record the hashes in the golden file")
    args = parser.parse_args(argv)
    hashes = sweep(args.games)
    if args.write:
        GOLDEN.write_text(json.dumps({"games": len(hashes), "hashes": hashes}, indent=0) + "\n")
    golden = json.loads(GOLDEN.read_text())["hashes"] if GOLDEN.exists() else []
    same = sum(a == b for a, b in zip(hashes, golden))
    print(f"{len(hashes)} games, combined {hashlib.sha256(''.join(hashes).encode()).hexdigest()[:16]},"
          f" {same} of {min(len(hashes), len(golden))} equal to the golden file")
    return 0 if same == len(hashes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
