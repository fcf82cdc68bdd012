"""THE ONLY module that turns a game into what a viewer is sent.

Everything comes from the game's public boundary for one viewer: ``state.view(viewer,
lang)`` (options only for the deciding seat, docs/view.md), ``state.events_for(viewer,
since)`` (redacted) and lines written from those redacted events. Never from the state's
internals, the seed or the record: a live game sends neither to anyone.

>>> from gloam.games import get_game
>>> from gloam.core import SPECTATOR
>>> game = get_game("nightmarium", {"players": 2})
>>> state = game.new_initial_state(seed=1)
>>> frame = table_frame(game, state, SPECTATOR, "en", ["Ann", "Bob"], since=0)
>>> sorted(frame)
['events', 'view']
>>> "options" in frame["view"]["decision"]
False
>>> "options" in table_frame(game, state, 0, "en", ["Ann", "Bob"], since=0)["view"]["decision"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gloam.games import declaration

LANGS = ("en", "ja")


def reader_names(names: Sequence[str], viewer: int, lang: str) -> list[str]:
    """Seat names as the viewer reads them: their own seat is "You" (English)."""
    out = list(names)
    if lang == "en" and 0 <= viewer < len(out):
        out[viewer] = "You"
    return out


def event_lines(game: Any, state: Any, viewer: int, events: list[dict[str, Any]], names: Sequence[str],
                lang: str) -> list[dict[str, Any]]:
    """Each redacted event with its plain-language line for this viewer."""
    shown = reader_names(names, viewer, lang)
    describe = declaration(game.name).describe_event
    obs = state.observation(viewer)
    return [{**event, "line": describe(game, obs, event, viewer, shown, lang)} for event in events]


def table_frame(game: Any, state: Any, viewer: int, lang: str, names: Sequence[str], since: int) -> dict[str, Any]:
    """The view of the table for ``viewer`` and the events since event ``since``."""
    events = state.events_for(viewer, since)
    return {"view": state.view(viewer, lang),
            "events": event_lines(game, state, viewer, events, names, lang)}
