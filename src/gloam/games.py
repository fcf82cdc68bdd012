"""The registry of games by name: ``get_game("nightmarium", {"players": 3})``.

Each game is declared once in its own package (``gloam/<game>/declaration.py``, a
:class:`~gloam.core.declaration.GameDeclaration`) and registered here with one line;
everything below only iterates the registry. A game's declaration module is imported
when the game is first asked for.
"""

from __future__ import annotations

from typing import Any

from gloam.core.declaration import GameDeclaration, declared, find, register, registered_names, unregister
from gloam.core.errors import PositionError, RecordError

# --- the registry: one line per game ------------------------------------------------------
register("gloam.nightfall.declaration", name="nightfall")
register("gloam.nightmarium.declaration", name="nightmarium")

__all__ = ["GameDeclaration", "declaration", "declarations", "game_names", "get_game", "omniscient_observation",
           "omniscient_table_view", "parse_position", "register", "state_from_json", "unregister"]


def game_names() -> list[str]:
    return registered_names()


def declaration(name: Any) -> GameDeclaration:
    """The declaration of game ``name`` (a :class:`SetupError` if there is none)."""
    return declared(name)


def declarations() -> list[GameDeclaration]:
    """Every registered game's declaration, by name."""
    return [declared(name) for name in registered_names()]


def get_game(name: str, setup: dict[str, Any] | None = None):
    """Make a game by name from setup data (missing keys take their defaults)."""
    return declared(name).game_class.from_setup_json(setup or {})


def state_from_json(name: str, data: dict[str, Any]):
    """A state saved with ``state.to_json()`` (a record's starting position);
    :class:`RecordError` if it is not one of game ``name``."""
    return declared(name, RecordError).state_class.from_json(data)


def parse_position(source: Any):
    """A playable state from a position (docs/positions.md): TOML text or its data,
    whose ``game`` field names the game. :class:`PositionError` lists every fault."""
    from gloam.core.positions import load_data

    data = load_data(source)
    name = data.get("game")
    found = find(name)
    if found is None or found.parse_position is None:
        games = [n for n in registered_names() if declared(n).parse_position is not None]
        raise PositionError(f"game: name the game the position is of ({' or '.join(games)}),"
                            f" not {name!r}" if name is not None else
                            "game: name the game the position is of: game = "
                            + " or ".join(f'"{n}"' for n in games))
    return found.parse_position(data)


def omniscient_observation(state: Any) -> dict[str, Any]:
    """The table with every hand face up (only for replays of finished games): a
    spectator's observation plus every hand (``hands``) and whatever else the game keeps
    face down (its declaration's ``omniscient_observation``)."""
    return declared(state.game.name).omniscient_observation(state)


def omniscient_table_view(state: Any, lang: str = "en") -> dict[str, Any]:
    """The table view (docs/view.md) of :func:`omniscient_observation`: every hand shown,
    the decision without options (nobody acts in a replay)."""
    return declared(state.game.name).omniscient_table_view(state, lang)
