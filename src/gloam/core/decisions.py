"""The typed boundary between a game's rules and every front end: who is watching, what
is being decided, what each option names, and how a game ended.

* :data:`SPECTATOR` — the viewer of a person watching the table (every game): passed to
  ``observation``, ``events_for`` and ``view`` it sees only what is public.
* :class:`Decision` — the open decision (``state.pending()``): the deciding seat, a
  :class:`~enum.StrEnum` ``kind`` (each game defines its own), a one-line prompt, a typed
  ``context`` (what is being decided, about what) and the legal options, each as a
  :class:`Choice` with its stable index, its typed action, the card instances and seats
  it names (:class:`Refs`) and a label in English and Japanese.
* :class:`Outcome` — ``state.outcome()``: who won and why (:class:`EndReason`).

Everything here is frozen: nothing a caller receives can change a state.

>>> refs = Refs(cards=(17,), players=(1,))
>>> refs.to_json()
{'cards': [17], 'players': [1]}
>>> Outcome(winners=(1,), reason=EndReason.FEWEST_WOUNDS).to_json()
{'winners': [1], 'reason': 'fewest_wounds', 'detail': ''}
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gloam.core.errors import ViewerError

#: the viewer of a spectator: sees the table, never a hand, a face-down card or a deck order
SPECTATOR = -1


def viewer_seat(viewer: Any, players: int) -> int:
    """``viewer`` as a plain ``int``: a seat (0 to ``players`` - 1) or ``SPECTATOR``. An
    integer of any kind counts (a numpy integer is a seat); a bool, a float, a string or
    ``None`` is refused, as is a number out of range, with :class:`ViewerError`.

    >>> viewer_seat(1, 2), viewer_seat(SPECTATOR, 2)
    (1, -1)
    >>> viewer_seat(True, 2)
    Traceback (most recent call last):
    ...
    gloam.core.errors.ViewerError: no player True in a 2-player game (seats 0 to 1, or SPECTATOR = -1)
    """
    if type(viewer) is not int:
        if isinstance(viewer, bool) or not isinstance(viewer, numbers.Integral):
            raise _nobody(viewer, players)
        viewer = int(viewer)
    if not SPECTATOR <= viewer < players:
        raise _nobody(viewer, players)
    return viewer


def _nobody(viewer: Any, players: int) -> ViewerError:
    return ViewerError(f"no player {viewer!r} in a {players}-player game (seats 0 to {players - 1},"
                       f" or SPECTATOR = -1)")

#: the languages every option label is given in
LANGS = ("en", "ja")


def _plain(value: Any) -> Any:
    """A frozen value (dataclass, tuple, enum, mapping) as JSON-able plain data."""
    if isinstance(value, StrEnum):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_json"):
            return value.to_json()
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Refs:
    """The card instance ids, seats and archives an option names (for tap-to-target)."""

    cards: tuple[int, ...] = ()
    players: tuple[int, ...] = ()
    archives: tuple[int, ...] = ()

    def to_json(self) -> dict[str, list[int]]:
        data = {"cards": list(self.cards), "players": list(self.players)}
        if self.archives:
            data["archives"] = list(self.archives)
        return data


@dataclass(frozen=True)
class Context:
    """Base of every typed decision context: a frozen dataclass of what is being decided
    and about what. ``to_json()`` gives ``{"type": <class name>, <field>: <value>, …}``."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _plain(getattr(self, f.name))
        return data


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal option: its stable index, the typed action, what it names, and its label
    in each of :data:`LANGS` (``label["en"]``, ``label["ja"]``)."""

    index: int
    action: Any  # a gloam.core.protocol.Action
    refs: Refs
    label: Mapping[str, str]

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """Plain data; with ``lang`` only that language's label (as ``"label"``)."""
        data = {"index": self.index, "action": self.action.to_json(), "refs": self.refs.to_json()}
        data["label"] = self.label[lang] if lang else dict(self.label)
        return data


@dataclass(frozen=True)
class Decision:
    """The open decision: who acts, its kind (a game's :class:`~enum.StrEnum`), a one-line
    English prompt, its typed :class:`Context`, and the legal options.

    ``options`` and ``indices`` are the legal actions and their indices, in the same order
    as ``choices``."""

    player: int
    kind: StrEnum
    prompt: str
    context: Context
    choices: tuple[Choice, ...]

    @property
    def options(self) -> tuple[Any, ...]:
        return tuple(c.action for c in self.choices)

    @property
    def indices(self) -> tuple[int, ...]:
        return tuple(c.index for c in self.choices)

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": str(self.kind),
            "prompt": self.prompt,
            "context": self.context.to_json(),
            "options": [c.to_json(lang) for c in self.choices],
        }


class EndReason(StrEnum):
    """Why a game ended."""

    #: Nightmarium: a player completed the Creatures needed (seed 004 rule 192)
    CREATURES = "creatures"
    #: Nightfall: the last face-up wound was given; fewest wounds wins (rules 161-164)
    FEWEST_WOUNDS = "fewest_wounds"
    #: the cards ran out: Nightfall's wound stack given out entirely, Nightmarium's deck
    #: and discard pile both empty
    STACK_EXHAUSTED = "stack_exhausted"
    #: Nightfall constructed: every other player was eliminated (rule 173)
    ELIMINATION = "elimination"
    #: no player can ever win from here (docs/rules-decisions.md)
    DEAD_POSITION = "dead_position"
    #: a simulation's turn limit (not a rule of either game): no winner
    TURN_LIMIT = "turn_limit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning seats (empty for no winner), the reason (an
    :class:`EndReason`, or a game's own ``StrEnum`` for an ending these do not name), and a
    short English detail (e.g. the tie-break that decided it)."""

    winners: tuple[int, ...]
    reason: StrEnum
    detail: str = field(default="")

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": str(self.reason), "detail": self.detail}
