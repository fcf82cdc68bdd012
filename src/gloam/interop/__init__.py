"""Bridges from gloam's games to research frameworks (the optional ``research`` extra:
``pip install gloam[research]``, which brings numpy, OpenSpiel, PettingZoo and Gymnasium).

The core package never imports this package. Everything here is game-agnostic and
works only through the game protocol (:mod:`gloam.core.protocol`) plus one
:class:`Binding` per game: its gloam name, its tensor :class:`Encoder` and a few bounds.
The wrappers in :mod:`gloam.interop.openspiel` and :mod:`gloam.interop.pettingzoo` are
built from the registered bindings, so a new game (Nightfall, once its engine exists)
plugs in with one :func:`register` call.

>>> b = binding("nightmarium")
>>> game = b.make_game({"players": 3})
>>> enc = b.encoder(game)
>>> tensor = Tensor(enc.observation_pieces())
>>> enc.encode_observation(game.new_initial_state(1).observation(0), tensor.dict)
>>> int(tensor.dict["zone"][:, 1].sum())  # five cards in the viewer's hand
5
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gloam.core.errors import SetupError
from gloam.games import get_game

Pieces = list[tuple[str, tuple[int, ...]]]


# ---------------------------------------------------------------------------- tensors
class Tensor:
    """One flat float32 tensor and named, reshaped views of its pieces (the layout
    OpenSpiel's Python observers use: ``tensor`` plus ``dict``)."""

    def __init__(self, pieces: Pieces) -> None:
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + n].reshape(shape)
            start += n


class Encoder(ABC):
    """Turns what one player sees into fixed-size tensors with values in [0, 1].

    It reads only a player's observation (``state.observation(p)``) and that player's
    redacted event stream (``state.events_for(p)``), never the state, so an encoding
    cannot leak hidden information.
    """

    def __init__(self, game: Any) -> None:
        self.game = game

    @abstractmethod
    def observation_pieces(self) -> Pieces:
        """Named shapes of the observation tensor."""

    @abstractmethod
    def memory_pieces(self) -> Pieces:
        """Named shapes of what the information-state tensor adds: a fixed-size summary
        of what the player has seen happen so far."""

    @abstractmethod
    def encode_observation(self, observation: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Fill the (zeroed) views ``out`` from ``observation``."""

    @abstractmethod
    def encode_memory(self, events: Sequence[dict[str, Any]], viewer: int,
                      out: dict[str, np.ndarray]) -> None:
        """Fill the (zeroed) memory views from the viewer's redacted events."""

    def observation_size(self) -> int:
        return sum(int(np.prod(shape)) for _, shape in self.observation_pieces())


# ---------------------------------------------------------------------------- bindings
def ended_by_turn_limit(state: Any) -> bool:
    """Default truncation test: the game ended with a ``turn_limit`` event (the
    simulation cap, not an ending the rules define)."""
    return state.is_terminal() and bool(state.events) and state.events[-1].get("type") == "turn_limit"


def json_text(game: Any, state: Any) -> str:
    """Default full-state text: the state's JSON without its event log."""
    data = {k: v for k, v in state.to_json().items() if k not in ("events", "setup")}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Binding:
    """What the research wrappers need to know about one gloam game.

    ``setup_defaults`` override the game's own defaults in the wrappers; they must give
    a positive ``turn_limit`` so every game ends. ``decisions_per_turn`` bounds the
    decisions of one turn: the OpenSpiel wrapper declares ``turn_limit *
    decisions_per_turn`` as the maximum game length and ends a game there.
    """

    name: str
    encoder: Callable[[Any], Encoder]
    setup_defaults: Mapping[str, Any] = field(default_factory=dict)
    decisions_per_turn: int = 100
    utility: tuple[float, float] = (0.0, 1.0)
    text: Callable[[Any, Any], str] = json_text
    truncated: Callable[[Any], bool] = ended_by_turn_limit

    def setup(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The wrapper's setup: the game's defaults, then ours, then ``overrides``."""
        return {**self.setup_defaults, **(overrides or {})}

    def make_game(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The gloam game for a wrapper setup (raises ``SetupError`` for a bad one)."""
        game = get_game(self.name, self.setup(overrides))
        if not getattr(game, "turn_limit", 0):
            raise SetupError(f"the research wrappers need a positive turn_limit for {self.name}")
        return game


_BINDINGS: dict[str, Binding] = {}


def register(b: Binding) -> Binding:
    """Make a game available to the research wrappers."""
    _BINDINGS[b.name] = b
    return b


def binding(name: str) -> Binding:
    try:
        return _BINDINGS[name]
    except KeyError:
        raise ValueError(f"no research binding for {name!r}; have {', '.join(sorted(_BINDINGS))}") from None


def bound_games() -> list[str]:
    return sorted(_BINDINGS)


# ---------------------------------------------------------------------------- Nightmarium
class NightmariumEncoder(Encoder):
    """Nightmarium from one player's seat. Seats are relative: 0 is the viewer, 1 the
    next player to the left, and so on.

    * ``zone`` (cards x zones): where each card is as far as the viewer can tell —
      unseen (deck or a hidden hand card), in the viewer's hand, discard pile, revealed
      by Songbird, a known card in the hand of relative seat 1..n-1 (taken by
      Executioner), in a Creature of relative seat 0..n-1;
    * ``place`` (cards x 10): for a card in a Creature, its height (legs, body, head)
      and the Creature's index;
    * ``seat`` (7 x players): per relative seat, to act, active, hand size, complete
      Creatures (of the number to win), Creatures on the table (of 7), winner, owing
      the same-Legion penalty;
    * ``decision``: the decision kind, which action of the turn, the Legion a second
      play must match, the penalty's Legion / cards still owed / "any card", cards
      discarded so far in action B, the abilities still to resolve, and which Creature
      is resolving;
    * ``table``: deck size, discard size, revealed cards, the turn (of the turn limit).

    The memory (information-state extra) is per card: the viewer has held it, and which
    relative seat has played it or discarded it from hand.
    """

    def __init__(self, game: Any) -> None:
        from gloam.nightmarium.actions import MAX_CREATURES
        from gloam.nightmarium.cards import ABILITIES, LEGIONS
        from gloam.nightmarium.state import MODE_NAMES

        super().__init__(game)
        self.n = game.num_players
        self.cards = len(game.composition.cards)
        self.max_creatures = MAX_CREATURES
        self.legions = len(LEGIONS)
        self.abilities = len(ABILITIES)
        self.modes = {name: i for i, name in enumerate(MODE_NAMES)}
        # zone columns
        self.z_unseen, self.z_hand, self.z_discard, self.z_revealed = 0, 1, 2, 3
        self.z_known = 4 - 1  # + relative seat 1..n-1
        self.z_creature = 4 + self.n - 1  # + relative seat 0..n-1

    def observation_pieces(self) -> Pieces:
        n, c = self.n, self.cards
        decision = len(self.modes) + 2 + self.legions * 2 + 3 + self.abilities + self.max_creatures
        return [
            ("zone", (c, 2 * n + 3)),
            ("place", (c, 3 + self.max_creatures)),
            ("seat", (7, n)),
            ("decision", (decision,)),
            ("table", (4,)),
        ]

    def memory_pieces(self) -> Pieces:
        return [("history", (self.cards, 1 + 2 * self.n))]

    def _rel(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.n

    def encode_observation(self, obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        v = obs["viewer"]
        self._cards(obs, v, out["zone"], out["place"])
        self._seats(obs, v, out["seat"])
        self._decision(obs, out["decision"])
        g = self.game
        table = out["table"]
        table[0] = obs["deck_size"] / self.cards
        table[1] = len(obs["discard"]) / self.cards
        table[2] = min(len(obs["revealed"]), 2) / 2
        table[3] = min(obs["turn"] / g.turn_limit, 1.0) if g.turn_limit else 0.0

    def _cards(self, obs: dict[str, Any], v: int, zone: np.ndarray, place: np.ndarray) -> None:
        zone[:, self.z_unseen] = 1.0

        def put(card: int, column: int) -> None:
            zone[card, self.z_unseen] = 0.0
            zone[card, column] = 1.0

        for card in obs["hand"]:
            put(card, self.z_hand)
        for card in obs["discard"]:
            put(card, self.z_discard)
        for card in obs["revealed"]:
            put(card, self.z_revealed)
        for p, known in enumerate(obs["known"]):
            if p != v:
                for card in known:
                    put(card, self.z_known + self._rel(p, v))
        for p, creatures in enumerate(obs["creatures"]):
            column = self.z_creature + self._rel(p, v)
            for index, creature in enumerate(creatures):
                for height, card in enumerate(creature):
                    put(card, column)
                    place[card, height] = 1.0
                    place[card, 3 + index] = 1.0

    def _seats(self, obs: dict[str, Any], v: int, seat: np.ndarray) -> None:
        g = self.game
        if obs["to_act"] >= 0:
            seat[0, self._rel(obs["to_act"], v)] = 1.0
        seat[1, self._rel(obs["active"], v)] = 1.0
        for p in range(self.n):
            r = self._rel(p, v)
            creatures = obs["creatures"][p]
            seat[2, r] = min(obs["hand_sizes"][p] / self.cards, 1.0)
            seat[3, r] = min(sum(1 for c in creatures if len(c) == 3) / g.creatures, 1.0)
            seat[4, r] = len(creatures) / self.max_creatures
        if obs["winner"] >= 0:
            seat[5, self._rel(obs["winner"], v)] = 1.0
        if obs["penalties"]:
            seat[6, self._rel(obs["penalties"][0][0], v)] = 1.0

    def _decision(self, obs: dict[str, Any], d: np.ndarray) -> None:
        i = 0
        d[i + self.modes[obs["mode"]]] = 1.0
        i += len(self.modes)
        d[i + (0 if obs["actions_left"] == 2 else 1)] = 1.0
        i += 2
        if obs["first_legion"] >= 0:
            d[i + obs["first_legion"]] = 1.0
        i += self.legions
        if obs["penalties"]:
            d[i + obs["penalties"][0][1]] = 1.0
        i += self.legions
        d[i] = obs["pen_need"] / 2
        d[i + 1] = 1.0 if obs["pen_any"] else 0.0
        d[i + 2] = min(obs["discarded"] / self.cards, 1.0)
        i += 3
        for ability in obs["abilities"]:
            d[i + ability] += 1 / 3  # at most three abilities per Creature (rule 200)
        i += self.abilities
        if obs["resolving"] >= 0:
            for index, creature in enumerate(obs["creatures"][obs["active"]]):
                if creature and creature[0] == obs["resolving"]:
                    d[i + index] = 1.0

    def encode_memory(self, events: Sequence[dict[str, Any]], viewer: int,
                      out: dict[str, np.ndarray]) -> None:
        history = out["history"]
        played, discarded = 1, 1 + self.n
        for e in events:
            kind = e["type"]
            if kind in ("deal", "draw") and e["player"] == viewer:
                for card in e.get("cards", ()):
                    history[card, 0] = 1.0
            elif kind == "execute" and e["player"] == viewer:
                history[e["card"], 0] = 1.0
            elif kind == "play":
                history[e["card"], played + self._rel(e["player"], viewer)] = 1.0
            elif kind == "discard":
                history[e["card"], discarded + self._rel(e["player"], viewer)] = 1.0


def nightmarium_text(game: Any, state: Any) -> str:
    """The whole Nightmarium table in a few lines (every hand shown: a debugging view)."""
    from gloam.nightmarium.describe import codes, describe_pending

    pending = describe_pending(game, state.observation(0))
    if state.is_terminal():
        lines = [f"Turn {state.turn}: {pending}"]
    else:
        who = state.current_player() + 1
        lines = [f"Turn {state.turn}, {state.decision_kind()} decision of player {who}: {pending}"]
    for p in range(game.num_players):
        creatures = " | ".join(codes(game, c) for c in state.creatures[p]) or "none"
        known = f" (seen by all: {codes(game, state.known[p])})" if state.known[p] else ""
        lines.append(f"Player {p + 1}: hand {codes(game, state.hands[p])}{known};"
                     f" creatures (legs, body, head) {creatures}")
    lines.append(f"Deck ({len(state.deck)}, top first): {codes(game, state.deck[::-1])}")
    lines.append(f"Discard ({len(state.discard)}, top first): {codes(game, state.discard[::-1])}")
    if state.revealed:
        lines.append(f"Revealed: {codes(game, state.revealed)}")
    return "\n".join(lines)


register(Binding(
    name="nightmarium",
    encoder=NightmariumEncoder,
    # A simulation cap (the rules have none): in 2,000 games of 2-5 players with
    # random and greedy seats the longest took 158 turns.
    setup_defaults={"turn_limit": 500},
    # ... and the busiest turn took 26 decisions.
    decisions_per_turn=100,
    utility=(0.0, 1.0),
    text=nightmarium_text,
))
