"""The registry of bots by name: ``make_bot("hard", game)``, ``bot_names("nightfall")``.

It sits above every bot (``base.py`` is the interface they share; the concrete bots
import only it): adding a bot means writing its module and one line of ``_registry``.
The bot modules are imported when a bot is first asked for, so importing
``gloam.bots`` does not load the games' rules.

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> bot = make_bot("random", game, seed=3)
>>> state = game.new_initial_state(seed=1)
>>> bot.choose(game, None, state.legal_action_indices()) in state.legal_action_indices()
True
>>> bot_names("nightfall")
['easy', 'hard', 'heuristic', 'normal', 'random']
"""

from __future__ import annotations

from typing import Any

from gloam.bots.base import Bot, RandomBot
from gloam.core.errors import SetupError


def _registry() -> dict[tuple[str, str], type[Bot]]:
    """Every bot class by (game name or ``"*"`` for every game, bot name)."""
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
    """The names of the bots that play ``game_name``, sorted."""
    return sorted(name for (g, name) in _registry() if g in ("*", game_name))


def make_bot(name: str, game: Any, seed: int = 0) -> Bot:
    """A bot by name for ``game`` (raises :class:`SetupError` for an unknown name)."""
    reg = _registry()
    cls = reg.get((game.name, name)) or reg.get(("*", name))
    if cls is None:
        raise SetupError(f"no bot {name!r} for {game.name}; choose from {', '.join(bot_names(game.name))}")
    return cls(seed)
