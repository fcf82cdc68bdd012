"""A third game, declared and registered as a game package would be (docs/architecture.md,
"Adding a game"): a toy hidden-card game gloam's front ends, server, bots and search know
nothing about. Each player holds one card of 0..5 nobody else sees; in turn each keeps it
or swaps it for the top of the deck (or, holding the 5, boasts: keeps it and says so); the
highest card wins.

Its whole declaration is :data:`DECLARATION`; ``gloam.games.register(DECLARATION)`` is
the one registry line (a game of gloam's own adds it to ``gloam/games.py``). The ISMCTS
tests play it too (tests/test_ismcts.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gloam.core.decisions import SPECTATOR, Context, Outcome
from gloam.core.declaration import GameDeclaration
from gloam.core.protocol import Action, ActionSpace, Game, GameState
from gloam.core.rng import Rng


@dataclass(frozen=True)
class Keep(Action):
    """Keep the card in hand."""


@dataclass(frozen=True)
class Swap(Action):
    """Swap the card in hand for the top card of the deck."""


@dataclass(frozen=True)
class Boast(Action):
    """Keep the top card (5) and say so: legal only to a player holding it."""


class HighCardEnd(StrEnum):
    """How the toy game ends: the highest card wins."""

    HIGHEST = "highest_card"


KEEP, SWAP, BOAST = 0, 1, 2
TOP = 5
WORDS = {KEEP: ("keep", "残す"), SWAP: ("swap", "交換"), BOAST: ("boast", "宣言")}


class _HighCardState(GameState["_HighCard"]):
    """A position of the toy game (see the module's docstring)."""

    game_name = "highcard"

    def __init__(self, game: _HighCard, hands: list[int], deck: list[int], turn: int = 0,
                 moves: list[int] | None = None) -> None:
        self.game = game
        self.hands = hands
        self.deck = deck
        self.turn = turn
        self.moves = moves or []
        self.events: list[dict[str, Any]] = []
        self.rng = Rng(0)   # the state's one generator (the deal drew from it)

    action_space = ActionSpace([])  # replaced per game below

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def legal_action_indices(self) -> list[int]:
        if self.is_terminal():
            return []
        return [KEEP, SWAP, BOAST] if self.hands[self.turn] == TOP else [KEEP, SWAP]

    def decision_kind(self) -> str:
        return "pick"

    def prompt(self) -> str:
        return "keep or swap"

    def _apply_index(self, index: int) -> None:
        player = self.turn
        if index == SWAP:
            self.hands[player] = self.deck.pop()
            self.events.append({"type": "swap", "player": player, "card": self.hands[player], "to": [player],
                                "secret": ["card"]})
        else:
            self.events.append({"type": WORDS[index][0], "player": player})
        self.moves.append(index)
        self.turn += 1
        if self.is_terminal():
            self.events.append({"type": "end", "hands": self.hands[:], "winners": list(self.outcome().winners)})

    def is_terminal(self) -> bool:
        return self.turn >= len(self.hands)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.hands)
        best = max(self.hands)
        return [1.0 if h == best else 0.0 for h in self.hands]

    def observation(self, player: int) -> dict[str, Any]:
        hand = None if player == SPECTATOR else self.hands[player]
        return {"viewer": player, "hand": hand, "turn": self.turn, "moves": list(self.moves)}

    def decision_context(self) -> Context:
        return Context()

    def option_labels(self, indices, player):
        return [{"en": WORDS[i][0], "ja": WORDS[i][1]} for i in indices]

    def view(self, viewer: int, lang: str = "en") -> dict[str, Any]:
        """The observation, the decision (its options to the deciding seat only) and the end."""
        view = self.observation(viewer)
        decision = self.pending()
        view["decision"] = None if decision is None else {"player": decision.player, "prompt": decision.prompt}
        if decision is not None and viewer == decision.player:
            view["decision"]["options"] = [{"index": c.index, "label": c.label[lang]} for c in decision.choices]
        outcome = self.outcome()
        view["outcome"] = None if outcome is None else {"winners": list(outcome.winners)}
        return view

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        winners = tuple(p for p, won in enumerate(self.returns()) if won)
        return Outcome(winners=winners, reason=HighCardEnd.HIGHEST, detail=f"the highest card, {max(self.hands)}")

    def clone(self) -> _HighCardState:
        state = _HighCardState(self.game, self.hands[:], self.deck[:], self.turn, self.moves[:])
        state.action_space = self.action_space
        state.events = [dict(e) for e in self.events]
        state.rng = self.rng.copy()
        return state

    def to_json(self) -> dict[str, Any]:
        return {"players": len(self.hands), "hands": self.hands[:], "deck": self.deck[:],
                "turn": self.turn, "moves": self.moves[:], "events": [dict(e) for e in self.events],
                "rng": self.rng.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> _HighCardState:
        state = _HighCard(data["players"])._state(data["hands"][:], data["deck"][:], data["turn"])
        state.moves = data["moves"][:]
        state.events = [dict(e) for e in data.get("events", [])]
        state.rng = Rng.from_json(data.get("rng", 0))
        return state


class _HighCard(Game):
    name = "highcard"
    min_players = 2
    max_players = 3

    def __init__(self, players: int = 2) -> None:
        self.players = players
        self._space = ActionSpace([Keep(), Swap(), Boast()])

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def new_initial_state(self, seed: int) -> _HighCardState:
        deck = list(range(6))
        rng = Rng(seed)
        rng.shuffle(deck)
        state = self._state([deck.pop() for _ in range(self.players)], deck)
        state.rng = rng
        return state

    def _state(self, hands: list[int], deck: list[int], turn: int = 0) -> _HighCardState:
        state = _HighCardState(self, hands, deck, turn)
        state.action_space = self._space
        return state

    def setup_json(self) -> dict[str, Any]:
        return {"players": self.players}

    @classmethod
    def from_setup_json(cls, data: dict[str, Any]) -> _HighCard:
        """Made from ``players`` (a simulation's ``turn_limit`` means nothing here)."""
        from gloam.core.errors import SetupError

        players = data.get("players", 2)
        if type(players) is not int or not cls.min_players <= players <= cls.max_players:
            raise SetupError(f"players: the toy game takes 2 or 3, not {players!r}")
        return cls(players)

    def determinize(self, observation: dict[str, Any], rng: Any) -> _HighCardState:
        unseen = [c for c in range(6) if c != observation["hand"]]
        rng.shuffle(unseen)
        hands = [observation["hand"] if p == observation["viewer"] else unseen.pop()
                 for p in range(self.players)]
        state = self._state(hands, unseen, observation["turn"])
        state.moves = list(observation["moves"])
        return state


# --- the declaration: everything a front end learns about the game -------------------------
def describe_event(game: Any, observation: Mapping[str, Any], event: Mapping[str, Any], viewer: int,
                   names: Sequence[str], lang: str) -> str:
    if event["type"] == "end":
        return f"the highest card wins: {', '.join(names[p] for p in event['winners'])}"
    card = f" (a {event['card']})" if "card" in event else ""
    return f"{names[event['player']]}: {event['type']}{card}"


def omniscient_observation(state: _HighCardState) -> dict[str, Any]:
    return dict(state.observation(SPECTATOR), hands=state.hands[:])


DECLARATION = GameDeclaration(
    name="highcard", title="High Card", languages=("en",), default_bot="random",
    game_class=_HighCard, state_class=_HighCardState, describe_event=describe_event,
    omniscient_observation=omniscient_observation,
    omniscient_table_view=lambda state, lang: dict(state.view(SPECTATOR, lang), hands=state.hands[:]))
