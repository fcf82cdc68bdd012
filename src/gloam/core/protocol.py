"""The game protocol: the one small interface every game implements and every front
end, bot and test drives.

A game is a :class:`Game` (rules + setup) that makes :class:`GameState` objects. A state
always knows its open decision (:meth:`GameState.pending`): who must act, what kind of
decision it is, a prompt, and the enumerated legal options. Options are small frozen
:class:`Action` dataclasses, each with a stable integer index in the game's
:class:`ActionSpace` (for masks in learning code). ``apply`` takes either form.

Pending work lives in the state as plain data, so a game paused mid-resolution can be
cloned, saved (``to_json``) and resumed (``from_json``). All randomness comes from the
state's own seeded :class:`~gloam.core.rng.Rng`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from gloam.core.decisions import Choice, Context, Decision, Outcome, Refs, viewer_seat
from gloam.core.errors import ActionIndexError, GameOverError, IllegalActionError, ViewerError, WrongPlayerError
from gloam.core.events import redact


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game action (a frozen dataclass, hashable, JSON-able)."""

    def to_json(self) -> dict[str, Any]:
        data = {"type": type(self).__name__}
        for name in self.__dataclass_fields__:
            data[name] = getattr(self, name)
        return data


class ActionSpace:
    """A fixed, ordered table of every action a game can ever offer.

    The position of an action in the table is its stable integer index.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Pick(Action):
    ...     n: int
    >>> space = ActionSpace([Pick(0), Pick(1)])
    >>> space.index(Pick(1)), space[0], len(space)
    (1, Pick(n=0), 2)
    """

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("duplicate actions in action space")

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, index: int) -> Action:
        return self.actions[index]

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not an action of this game") from None

    def to_index(self, action: Action | int) -> int:
        """Normalise an action object or an index to an index, checking its range."""
        if isinstance(action, bool) or not isinstance(action, (int, Action)):
            raise IllegalActionError(f"an action must be an Action or an int, not {type(action).__name__}")
        if isinstance(action, int):
            if not 0 <= action < len(self.actions):
                raise ActionIndexError(
                    f"action index {action} is outside the action space 0..{len(self.actions) - 1}"
                )
            return action
        return self.index(action)


#: the game a state belongs to (``GameState[NightfallGame]``: its ``game`` is a NightfallGame)
GameT = TypeVar("GameT", bound="Game")


class GameState(ABC, Generic[GameT]):
    """A position of a game. Subclasses keep only plain data (ints, lists, dicts).

    Generic over its game: ``class NightfallState(GameState[NightfallGame])`` says what
    ``state.game`` is (the rules and setup the state was made by).

    Implementations provide the underscore methods; the public methods here do the
    validation that makes a rejected action change nothing.
    """

    #: the rules and setup this state was made by
    game: GameT

    #: the game's action table (a class or instance attribute of each implementation)
    action_space: ActionSpace
    #: the game's registered name, e.g. ``"nightmarium"``
    game_name: ClassVar[str]

    # --- to implement --------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The player to act, or -1 when the game is over."""

    @abstractmethod
    def legal_action_indices(self) -> list[int]:
        """Indices of the legal options of the pending decision (empty when terminal)."""

    @abstractmethod
    def decision_kind(self) -> StrEnum:
        """The kind of the pending decision: a member of the game's own
        :class:`~enum.StrEnum` (so it also equals its short name, ``"turn"``…)."""

    @abstractmethod
    def prompt(self) -> str:
        """A one-line English prompt for the pending decision."""

    @abstractmethod
    def _apply_index(self, index: int) -> None:
        """Apply an already validated legal action index."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Payoff per player (all zeros until the game ends)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """Exactly what ``player`` can see, as JSON-able plain data (``SPECTATOR``: what a
        person watching the table sees). A fresh structure: changing it changes nothing."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, equal to this state."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    #: the structured event stream (list of plain dicts), see :mod:`gloam.core.events`
    events: list[dict[str, Any]]

    #: the state's one seeded generator (:class:`~gloam.core.rng.Rng`): every shuffle and
    #: draw comes from it, so comparing it before and after an act says whether the act
    #: drew a hidden card (the server's undo rule, ``gloam.server.undo``, reads it)
    rng: Any

    #: the event types after which some seat knows more about a card that was hidden
    #: (a public reveal, a look, a reshuffle…), even when the event itself carries no
    #: ``to``/``secret``: the undo rule (``gloam.server.undo``, web-design §5.8 point 4)
    #: never takes such a step back. Each game lists its own; none by default.
    REVEALS: ClassVar[frozenset[str]] = frozenset()

    # --- provided --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal options as typed action objects."""
        table = self.action_space.actions
        return [table[i] for i in self.legal_action_indices()]

    def legal_mask(self) -> list[bool]:
        mask = [False] * len(self.action_space)
        for i in self.legal_action_indices():
            mask[i] = True
        return mask

    def pending(self) -> Decision | None:
        """The open decision, or ``None`` when the game is over: the deciding seat, the
        kind, the prompt, the typed context and every legal option as a :class:`Choice`
        (index, action, refs, English and Japanese labels)."""
        if self.is_terminal():
            return None
        indices = self.legal_action_indices()
        table = self.action_space.actions
        player = self.current_player()
        labels = self.option_labels(indices, player)
        choices = tuple(
            Choice(index=i, action=table[i], refs=self.option_refs(table[i]), label=label)
            for i, label in zip(indices, labels)
        )
        return Decision(player=player, kind=self.decision_kind(), prompt=self.prompt(),
                        context=self.decision_context(), choices=choices)

    # --- the typed boundary ------------------------------------------------------------
    @abstractmethod
    def decision_context(self) -> Context:
        """What the pending decision is about, as the game's typed :class:`Context`."""

    def option_refs(self, action: Action) -> Refs:
        """The card instances, seats and archives ``action`` names. Read from the
        dataclass fields ``card``, ``player`` and ``archive``; a game overrides it where a
        field is not an instance id (Nightfall's ``Attack(slot, player)``)."""
        return Refs(
            cards=(action.card,) if hasattr(action, "card") else (),
            players=(action.player,) if hasattr(action, "player") else (),
            archives=(action.archive,) if hasattr(action, "archive") else (),
        )

    @abstractmethod
    def option_labels(self, indices: Sequence[int], player: int) -> Sequence[Mapping[str, str]]:
        """A label per option, ``{"en": …, "ja": …}``, as ``player`` (the decider) reads it."""

    @abstractmethod
    def view(self, viewer: int, lang: str = "en") -> dict[str, Any]:
        """The table as ``viewer`` (a seat or ``SPECTATOR``) sees it: one JSON-able
        structure, documented in docs/view.md."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Who won and why, or ``None`` while the game goes on."""

    def reveals(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` (one of this state's own, in its stream) showed some seat a
        card that was hidden: its type is in :attr:`REVEALS`. A game overrides it where
        whether an event reveals depends on where it happened (Nightfall's claim from a
        mixed archive); this state is the one right after the event's action."""
        return event.get("type") in self.REVEALS

    def event_count(self) -> int:
        """How many events the stream holds (``events_for(v)[n:]`` is what came after)."""
        return len(self.events)

    def apply(self, action: Action | int, player: int | None = None) -> None:
        """Apply a legal action (object or index). ``player``, when given, must be the
        player to act. Raises a subclass of :class:`IllegalActionError` and changes
        nothing if the action is not legal now."""
        index = self.action_space.to_index(action)
        if self.is_terminal():
            raise GameOverError("the game is over; no action can be applied")
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
            raise WrongPlayerError(f"a player is a seat number, not {player!r}")
        if player is not None and player != self.current_player():
            raise WrongPlayerError(
                f"player {player} cannot act: it is player {self.current_player()}'s decision"
            )
        if index not in self.legal_action_indices():
            raise IllegalActionError(
                f"{self.action_space[index]!r} is not legal now ({self.decision_kind()} decision"
                f" of player {self.current_player()})"
            )
        self._apply_index(index)

    def events_for(self, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event stream from event ``since`` on, as ``viewer`` (a seat or
        ``SPECTATOR``) may see it (``None``: everything, for replays after the game and
        for tests). The events are fresh copies: changing them changes nothing. Any
        other viewer (a bool, a string, a seat out of range) is a :class:`ViewerError`, as
        is a ``since`` that is not an event number (a negative number, a bool, a string)."""
        if type(since) is not int or since < 0:
            raise ViewerError(f"events since {since!r}: since is an event number, 0 or more")
        if viewer is not None:
            viewer = viewer_seat(viewer, self.num_players)
        return [_copy_plain(redact(e, viewer)) for e in self.events[since:]]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """A game's rules and setup: makes initial states and rebuilds states from views."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new_initial_state(self, seed: int) -> GameState[Any]:
        """The dealt start of a game with this setup and seed."""

    @abstractmethod
    def setup_json(self) -> dict[str, Any]:
        """The setup as plain data (the ``setup`` of a record)."""

    @classmethod
    @abstractmethod
    def from_setup_json(cls, data: dict[str, Any]) -> Game: ...

    @abstractmethod
    def determinize(self, observation: dict[str, Any], rng: Any) -> GameState[Any]:
        """A full state consistent with ``observation``: what the viewer cannot see is
        re-dealt at random (with ``rng``) from the cards the viewer has not seen."""

    @property
    @abstractmethod
    def action_space(self) -> ActionSpace: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...


def _copy_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_plain(v) for v in value]
    return value

