"""Forks: a new game that starts from a step of another one (docs/web-protocol.md, "Forks").

A **fair** fork starts from what one seat saw: ``game.determinize`` re-deals every card
that seat could not see with the fork's own seed, and the new state's generator is
seeded from that seed as well, so the fork's future draws follow neither the parent's
hidden order nor its seed. Two parents that differ only in what the forker could not see
give the same fork for the same fork seed. An **exact** fork is the state itself (for a
finished game, whose every card may be shown).

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> a, b = game.new_initial_state(seed=1), game.new_initial_state(seed=2)
>>> a.observation(0) == b.observation(0)
False
>>> fork_state(game, a, 0, seed=9).to_json() == fork_state(game, a, 0, seed=9).to_json()
True
"""

from __future__ import annotations

from typing import Any

from gloam.core.rng import Rng

#: the salt of the fork's own generator (derived from the fork seed, never the parent's)
_FORK_SALT = 0x666F726B


def fork_state(game: Any, state_at: Any, viewer: int | None, seed: int) -> Any:
    """The start of a fork of ``state_at``: re-dealt from ``viewer``'s observation with
    ``Rng(seed)`` (a fair fork), or, for ``viewer`` None, a copy of the state (an exact
    fork; only for a game whose cards may all be shown). ``state_at`` is not changed."""
    if viewer is None:
        return state_at.clone()
    state = game.determinize(state_at.observation(viewer), Rng(seed))
    state.rng = Rng(seed).spawn(_FORK_SALT)
    return state
