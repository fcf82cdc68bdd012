"""Running a game between bots, with no I/O: the loop simulations and tests share.

>>> from gloam.games import get_game
>>> from gloam.bots import make_bot
>>> game = get_game("nightmarium", {"players": 2})
>>> result = play_match(game, [make_bot("random", game, 1), make_bot("random", game, 2)], seed=5)
>>> result.state.is_terminal(), len(result.actions) == result.decisions
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from gloam.core.record import Record


@dataclass
class MatchResult:
    state: Any
    actions: list[int]
    decisions: int
    seed: int

    def record(self, game, seats: list[str] | None = None) -> Record:
        return Record.of(game, self.seed, self.actions, seats)


def play_match(game, bots: Sequence[Any], seed: int, max_decisions: int | None = None) -> MatchResult:
    """Play one game from ``seed`` with ``bots[p]`` in seat p until it ends (or after
    ``max_decisions``). Each bot gets only its own observation."""
    state = game.new_initial_state(seed)
    actions: list[int] = []
    while not state.is_terminal():
        if max_decisions is not None and len(actions) >= max_decisions:
            break
        player = state.current_player()
        bot = bots[player]
        legal = state.legal_action_indices()
        observation = state.observation(player) if bot.needs_observation else None
        action = bot.choose(game, observation, legal)
        state.apply(action, player)
        actions.append(action)
    return MatchResult(state, actions, len(actions), seed)
