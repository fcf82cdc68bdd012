"""Nightfall's log lines are pinned (issue 24 §3): ``describe._event_line`` reads them
from a table of template keys and parameter builders. A few seeded games, read by every
seat and by the spectator in English and Japanese (the names shown as the server shows
them, the reader called "You" in English), give lines whose SHA-256 is pinned here: a
changed word in any line fails the test. After changing a sentence on purpose, print the
new digest with ``python tests/test_nightfall_log_lines.py`` and pin it.
"""

from __future__ import annotations

import hashlib
import random
import sys

from gloam.games import declaration, get_game

JA_NAMES = ["アン", "ボブ", "チカ", "ダイ", "エミ"]
EN_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
GAMES = [
    ({"players": 2}, 5),
    ({"players": 3, "sets": ["CW", "ML"], "archives": "draft", "moons": True}, 6),
    ({"players": 4, "sets": ["CW", "ML", "NF", "BC"], "archives": "draft", "promos": True, "teams": True}, 7),
    ({"players": 3, "sets": ["CW", "NF"], "custom_starters": True}, 8),
    ({"players": 3, "sets": ["CW", "ML"], "archives": "draft", "secret_archives": True}, 9),
]
PINNED = "e791ea4ea1c590b5dda779116da2e7ec0c4f1ea381b0cfaa33c363f762485c2c"


def log_lines() -> list[str]:
    """Every log line of the seeded random games, per reader and language."""
    describe = declaration("nightfall").describe_event
    lines = []
    for setup, seed in GAMES:
        game = get_game("nightfall", setup)
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_action_indices()))
        for viewer in range(-1, game.num_players):
            obs = state.observation(viewer)
            for lang, names in (("en", EN_NAMES), ("ja", JA_NAMES)):
                shown = [("You" if p == viewer and lang == "en" else n) for p, n in enumerate(names[:game.num_players])]
                lines += (describe(game, obs, event, viewer, shown, lang) for event in state.events_for(viewer))
    return lines


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def test_every_log_line_of_the_seeded_games_is_as_pinned():
    lines = log_lines()
    assert len(lines) > 1000 and any("You" in line for line in lines) and any("アン" in line for line in lines)
    assert digest(lines) == PINNED, "a Nightfall log line changed (see the module's docstring)"


if __name__ == "__main__":
    sys.stdout.write(digest(log_lines()) + "\n")
