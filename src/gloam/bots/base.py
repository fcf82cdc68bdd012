"""The bot interface: :class:`Bot`, and :class:`RandomBot`. The concrete bots build on
this module and the registry of bots by name (``bots/registry.py``) sits above them all,
so nothing here imports a concrete bot.

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> state = game.new_initial_state(seed=1)
>>> bot = RandomBot(seed=3)
>>> bot.choose(game, None, state.legal_action_indices()) in state.legal_action_indices()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any


class Bot(ABC):
    """A player program. ``choose`` gets the game (public rules and cards), the bot's
    own observation (``None`` if ``needs_observation`` is False) and the legal option
    indices, and returns one of those indices. A bot never sees the state itself."""

    name: str = "bot"
    needs_observation: bool = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, game: Any, observation: dict[str, Any] | None, legal: list[int]) -> int: ...


class RandomBot(Bot):
    """Picks uniformly among the legal options."""

    name = "random"
    needs_observation = False

    def choose(self, game, observation, legal):
        return legal[int(self.rng.random() * len(legal))]
