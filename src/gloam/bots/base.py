"""The bot interface and the registry of bots by name.

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> bot = make_bot("random", game, seed=3)
>>> state = game.new_initial_state(seed=1)
>>> bot.choose(game, None, state.legal_action_indices()) in state.legal_action_indices()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from gloam.core.errors import SetupError


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


def _registry() -> dict[tuple[str, str], type[Bot]]:
    from gloam.bots.ismcts import LEVEL_BOTS
    from gloam.bots.nightfall_heuristic import HeuristicBot
    from gloam.bots.nightmarium_greedy import GreedyBot

    registry: dict[tuple[str, str], type[Bot]] = {
        ("*", "random"): RandomBot,
        ("nightmarium", "greedy"): GreedyBot,
        ("nightfall", "heuristic"): HeuristicBot,
    }
    # the search bots (easy, normal, hard) play every game: they need only determinize()
    registry.update({("*", level): cls for level, cls in LEVEL_BOTS.items()})
    return registry


def bot_names(game_name: str) -> list[str]:
    return sorted(name for (g, name) in _registry() if g in ("*", game_name))


def make_bot(name: str, game: Any, seed: int = 0) -> Bot:
    """A bot by name for ``game`` (raises :class:`SetupError` for an unknown name)."""
    reg = _registry()
    cls = reg.get((game.name, name)) or reg.get(("*", name))
    if cls is None:
        raise SetupError(f"no bot {name!r} for {game.name}; choose from {', '.join(bot_names(game.name))}")
    return cls(seed)
