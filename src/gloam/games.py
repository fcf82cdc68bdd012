"""The registry of games by name: ``get_game("nightmarium", {"players": 3})``."""

from __future__ import annotations

from typing import Any

from gloam.core.errors import SetupError


def _game_classes() -> dict[str, Any]:
    from gloam.nightfall.game import NightfallGame
    from gloam.nightmarium.game import NightmariumGame

    return {NightmariumGame.name: NightmariumGame, NightfallGame.name: NightfallGame}


def game_names() -> list[str]:
    return sorted(_game_classes())


def get_game(name: str, setup: dict[str, Any] | None = None):
    """Make a game by name from setup data (missing keys take their defaults)."""
    classes = _game_classes()
    if name not in classes:
        raise SetupError(f"unknown game {name!r}; gloam has {', '.join(sorted(classes))}")
    return classes[name].from_setup_json(setup or {})
