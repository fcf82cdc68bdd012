"""Nightmarium declared once (:class:`~gloam.core.declaration.GameDeclaration`): what
the front ends, the server, the bots' search and the soak learn about Nightmarium
without asking its name. Registered in ``gloam/games.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gloam.core.decisions import SPECTATOR
from gloam.core.declaration import GameDeclaration, SetupOption
from gloam.core.errors import SetupError
from gloam.nightmarium.game import NightmariumGame
from gloam.nightmarium.state import NightmariumState

#: the refusal when a Nightmarium option is given for another game
NIGHTMARIUM_ONLY = "--composition and --creatures are Nightmarium options"
CREATURES = (5, 6, 7)


def describe_event(game: Any, observation: Mapping[str, Any], event: Mapping[str, Any], viewer: int,
                   names: Sequence[str], lang: str) -> str:
    """The event's line in ``lang`` (English: ``nightmarium.describe``; Japanese:
    ``nightmarium.i18n.event_line_ja``): the viewer is spoken to as "you" / "あなた"."""
    from gloam.nightmarium.describe import describe_event as line
    from gloam.nightmarium.i18n import event_line_ja

    you = viewer if viewer != SPECTATOR else None
    return event_line_ja(game, dict(event), names, you) if lang == "ja" else line(game, dict(event), names, you)


def omniscient_observation(state: NightmariumState) -> dict[str, Any]:
    """A spectator's observation plus every hand (``hands``)."""
    return dict(state.observation(SPECTATOR), hands=[list(h) for h in state.hands])


def omniscient_table_view(state: NightmariumState, lang: str = "en") -> dict[str, Any]:
    """The table view of :func:`omniscient_observation`."""
    from gloam.nightmarium.view import table_view

    return table_view(state.game, omniscient_observation(state), lang)


def parse_position(data: Any) -> NightmariumState:
    from gloam.nightmarium.position import parse

    return parse(data)


def write_position(state: NightmariumState) -> str:
    from gloam.nightmarium.position import to_toml

    return to_toml(state)


def setup_options() -> tuple[SetupOption, ...]:
    """The choices of the lobby's form, and the command line's flags of them."""
    return (SetupOption("creatures", 5, "complete Creatures needed to win", choices=CREATURES,
                        label="creatures_to_win"),)


def cli_options() -> tuple[SetupOption, ...]:
    """The command line's Nightmarium options beside the form's: a composition file."""
    return (SetupOption("composition", None, "your own card composition (.json or .toml) instead of the"
                        " standard one", kind="file"),
            SetupOption("cards", None, "the same as --composition", kind="file"))


def composition_file(options: Mapping[str, Any]) -> str | None:
    """Nightmarium's composition file: ``--composition FILE``, or ``--cards FILE``, which
    means the same for Nightmarium (a Night Fear's only values are its Legion, parts and
    ability: a player's own values are a composition); both at once are refused."""
    cards, composition = options.get("cards"), options.get("composition")
    if cards and composition:
        raise SetupError("for Nightmarium --cards FILE is --composition FILE: give one of them")
    return cards or composition


def cli_foreign(options: Mapping[str, Any]) -> str | None:
    """The refusal when a Nightmarium option is given for another game."""
    return NIGHTMARIUM_ONLY if options.get("composition") or options.get("creatures", 5) != 5 else None


def cli_setup(options: Mapping[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """The setup of the command line's Nightmarium options added to ``setup``."""
    from gloam.nightmarium.cards import load_composition

    setup["creatures"] = options.get("creatures", 5)
    composition = composition_file(options)
    if composition:
        setup["composition"] = load_composition(composition).to_setup()
    return setup


DECLARATION = GameDeclaration(
    name=NightmariumGame.name, title="Nightmarium", languages=("en",), default_bot="greedy",
    game_class=NightmariumGame, state_class=NightmariumState, describe_event=describe_event,
    omniscient_observation=omniscient_observation, omniscient_table_view=omniscient_table_view,
    parse_position=parse_position, write_position=write_position, setup_options=setup_options,
    cli_options=cli_options, lobby_options=lambda: {"creatures": list(CREATURES)}, cli_setup=cli_setup,
    cli_foreign=cli_foreign)
