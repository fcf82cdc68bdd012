"""What both games' position formats share (docs/positions.md): reading a position's data
from TOML text or a mapping, with a typed error for anything else.

>>> load_data('active = 1')
{'active': 1}
>>> load_data('active = ')
Traceback (most recent call last):
...
gloam.core.errors.PositionError: not valid TOML: Invalid value (at end of document)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gloam.core.errors import FileError, GloamError, PositionError
from gloam.core.files import MAX_DEPTH, MiB, parse_toml

#: the largest position file gloam reads (a full table is about 4 KiB)
MAX_POSITION_BYTES = 1 * MiB
#: the most values (list entries and fields, at any depth) a position may hold; a table
#: with every card of every set named is about 1,500
MAX_POSITION_ENTRIES = 5_000


def load_data(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The position's data: TOML text parsed, or a mapping copied as it is; at most
    :data:`MAX_POSITION_ENTRIES` values nested at most ``MAX_DEPTH`` deep."""
    if isinstance(source, Mapping):
        data = dict(source)
    elif not isinstance(source, str):
        raise PositionError(f"a position is TOML text or a mapping, not {type(source).__name__}")
    else:
        try:
            data = parse_toml(source, "")
        except FileError as exc:
            raise PositionError(str(exc)) from None
    _check_size(data)
    return data


def _check_size(data: dict[str, Any]) -> None:
    """:class:`PositionError` for a position of more than :data:`MAX_POSITION_ENTRIES`
    values or nested deeper than ``MAX_DEPTH`` (walked without recursion)."""
    todo: list[tuple[Mapping[str, Any] | list[Any], int]] = [(data, 1)]
    seen = 0
    while todo:
        value, depth = todo.pop()
        children = list(value.values()) if isinstance(value, Mapping) else value
        seen += len(children)
        if seen > MAX_POSITION_ENTRIES:
            raise PositionError(f"a position holds at most {MAX_POSITION_ENTRIES:,} values (cards and fields);"
                                " this one holds more")
        for child in children:
            if isinstance(child, (Mapping, list)):
                if depth >= MAX_DEPTH:
                    raise PositionError(f"a position is nested at most {MAX_DEPTH} levels deep")
                todo.append((child, depth + 1))


class PositionReader:
    """The parts of reading a position that do not depend on the game: every fault is
    collected (``fail``) before anything is returned; the game comes from the caller or
    from the position's ``setup``; ``[[players]]`` is one table per seat.

    A game's reader sets ``game_class`` (its ``Game``, with ``from_setup_json``) and
    ``player_keys`` (the fields a player's table may have)."""

    game_class: Any = None
    player_keys: tuple[str, ...] = ()

    def __init__(self, data: dict[str, Any], game: Any = None) -> None:
        self.data = data
        self.game = game
        self.errors: list[str] = []

    def fail(self, where: str, message: str) -> None:
        """Note a fault at ``where`` (a field path such as ``players[1].hand[2]``)."""
        self.errors.append(f"{where}: {message}")

    def read_game(self) -> Any:
        """The game the position is played in: the caller's (the position then has no
        ``setup``), else one made from ``setup`` (:class:`PositionError` if it is bad)."""
        if self.game is not None:
            if "setup" in self.data:
                raise PositionError("setup: this position is played in a game given by the caller;"
                                    " leave out its setup")
            return self.game
        setup = self.data.get("setup", {})
        if not isinstance(setup, Mapping):
            raise PositionError(f"setup: must be a table of setup options, not {setup!r}")
        try:
            return self.game_class.from_setup_json(dict(setup))
        except GloamError as exc:
            raise PositionError(f"setup: {exc}") from None

    def read_players(self, n: int) -> list[dict[str, Any]]:
        """One table per seat (missing seats are empty); a fault for anything else, for
        extra seats and for unknown fields."""
        players = self.data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
            self.fail("players", "must be a list of tables, one per seat ([[players]] in TOML)")
            return [{} for _ in range(n)]
        if len(players) > n:
            self.fail("players", f"{len(players)} players given for a {n}-player game")
            players = players[:n]
        for p, spec in enumerate(players):
            for key in spec:
                if key not in self.player_keys:
                    self.fail(f"players[{p}].{key}", f"unknown field (a player has {', '.join(self.player_keys)})")
        return [dict(p) for p in players] + [{} for _ in range(n - len(players))]
