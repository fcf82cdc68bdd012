"""Running a game between bots, with no I/O: the loop simulations and tests share.

>>> from gloam.games import get_game
>>> from gloam.bots import make_bot
>>> game = get_game("nightmarium", {"players": 2})
>>> result = play_match(game, [make_bot("random", game, 1), make_bot("random", game, 2)], seed=5)
>>> result.state.is_terminal(), len(result.actions) == result.decisions
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    # the loop of every simulation: its lookups made once (bound methods, per-seat facts)
    record, is_terminal, current_player = actions.append, state.is_terminal, state.current_player
    legal_action_indices, observation, apply = state.legal_action_indices, state.observation, state.apply
    choosers = [bot.choose for bot in bots]
    observes = [bool(bot.needs_observation) for bot in bots]
    left = -1 if max_decisions is None else max(0, max_decisions)
    while not is_terminal() and left != 0:
        left -= 1
        player = current_player()
        action = choosers[player](game, observation(player) if observes[player] else None, legal_action_indices())
        apply(action, player)
        record(action)
    return MatchResult(state, actions, len(actions), seed)
