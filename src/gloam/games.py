"""The registry of games by name: ``get_game("nightmarium", {"players": 3})``."""

from __future__ import annotations

from typing import Any

from gloam.core.errors import PositionError, RecordError, SetupError


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


def _state_classes() -> dict[str, Any]:
    from gloam.nightfall.state import NightfallState
    from gloam.nightmarium.state import NightmariumState

    return {"nightfall": NightfallState, "nightmarium": NightmariumState}


def state_from_json(name: str, data: dict[str, Any]):
    """A state saved with ``state.to_json()`` (a record's starting position);
    :class:`RecordError` if it is not one of game ``name``."""
    classes = _state_classes()
    if name not in classes:
        raise RecordError(f"unknown game {name!r}; gloam has {', '.join(sorted(classes))}")
    return classes[name].from_json(data)


def parse_position(source: Any):
    """A playable state from a position (docs/positions.md): TOML text or its data,
    whose ``game`` field names the game. :class:`PositionError` lists every fault."""
    from gloam.nightfall import position as nightfall_position
    from gloam.nightmarium import position as nightmarium_position

    parsers = {"nightfall": nightfall_position, "nightmarium": nightmarium_position}
    data = nightfall_position.load(source)
    name = data.get("game")
    if name not in parsers:
        raise PositionError(f"game: name the game the position is of ({' or '.join(parsers)}),"
                            f" not {name!r}" if name is not None else
                            f"game: name the game the position is of: game = \"nightfall\" or \"nightmarium\"")
    return parsers[name].parse(data)


def omniscient_observation(state: Any) -> dict[str, Any]:
    """The table with every hand face up (only for replays of finished games): a
    spectator's observation plus every hand (``hands``); in Nightfall also every player's
    draft view (``drafts``), every card of the instance table and every Secret Archive's
    card (still marked face down to the table)."""
    from gloam.core import SPECTATOR

    if getattr(state.game, "name", None) != "nightfall":
        return dict(state.observation(SPECTATOR), hands=[list(h) for h in state.hands])
    from gloam.nightfall.setup import draft_view

    view = state.observation(SPECTATOR)
    view["hands"] = [list(h) for h in state.hands]
    if view.get("draft"):
        view["drafts"] = [draft_view(state, p) for p in range(state.game.num_players)]
    view["cards"] = list(state.cards)
    view["archives"] = [dict(a, card=state.archives[k]["card"]) if a.get("card") is None else a
                        for k, a in enumerate(view["archives"])]
    return view


def omniscient_table_view(state: Any, lang: str = "en") -> dict[str, Any]:
    """The table view (docs/view.md) of :func:`omniscient_observation`: every hand shown,
    the decision without options (nobody acts in a replay)."""
    observation = omniscient_observation(state)
    if state.game.name == "nightfall":
        from gloam.core import SPECTATOR
        from gloam.nightfall.view import view_from_observation

        view = view_from_observation(state.game, observation, lang)
        view["decision"] = state.view(SPECTATOR, lang)["decision"]   # who decides and the prompt, no options
        return view
    from gloam.nightmarium.view import table_view

    return table_view(state.game, observation, lang)
