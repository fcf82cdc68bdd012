"""The engine's behaviour pinned as data: 300 seeded random games of the mixed sweep's
setups hash to the values recorded in tests/nightfall_trajectories.json (legal actions,
events, the copies' play and the final ``to_json``; tests/nf_trajectories.py). A change
that alters any game's trajectory fails here with the first game that differs."""

from __future__ import annotations

import json

from nf_trajectories import GOLDEN, trajectory_hash


def test_seeded_random_games_replay_their_recorded_trajectories() -> None:
    golden = json.loads(GOLDEN.read_text())["hashes"]
    assert len(golden) == 300
    differ = [i for i, expected in enumerate(golden) if trajectory_hash(i) != expected]
    assert differ == [], f"games {differ[:10]} changed trajectory (first of {len(differ)})"
