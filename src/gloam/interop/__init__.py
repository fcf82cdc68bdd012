"""Bridges from gloam's games to research frameworks (the optional ``research`` extra:
``pip install gloam[research]``, which brings numpy, OpenSpiel, PettingZoo and Gymnasium).

The core package never imports this package. Everything here is game-agnostic and
works only through the game protocol (:mod:`gloam.core.protocol`) plus one
:class:`Binding` per game: its gloam name, its tensor :class:`Encoder` and a few bounds.
The wrappers in :mod:`gloam.interop.openspiel` and :mod:`gloam.interop.pettingzoo` are
built from the registered bindings (Nightmarium and Nightfall), so a new game plugs
in with one :func:`register` call.

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

from gloam.core.decisions import EndReason
from gloam.core.errors import IllegalActionError, SetupError
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
def action_index(action: Any) -> int:
    """An adapter's action as a plain ``int``: a Python or numpy integer; anything else
    (a float, a string, a bool, ``None``) is an :class:`IllegalActionError` raised
    before anything changes. The range is checked by the game.

    >>> action_index(np.int64(3)), action_index(7)
    (3, 7)
    >>> action_index(0.9)
    Traceback (most recent call last):
    ...
    gloam.core.errors.IllegalActionError: an action is an integer index, not 0.9 (float)
    """
    if type(action) is int:
        return action
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(f"an action is an integer index, not {action!r} ({type(action).__name__})")
    return int(action)


def ended_by_turn_limit(state: Any) -> bool:
    """Default truncation test: the game ended on the simulation's turn limit (not an
    ending the rules define): ``state.outcome()``'s reason."""
    outcome = state.outcome()
    return outcome is not None and outcome.reason == EndReason.TURN_LIMIT


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
    ``truncated(state)`` tells, for a terminal state, whether it was a cap (the engine's
    turn limit) rather than an ending of the rules.
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

    def finished(self, state: Any) -> bool:
        """The game is over: ended by the rules or by the engine's turn limit."""
        return state.is_terminal()

    def was_truncated(self, state: Any) -> bool:
        """A finished game ended by a cap (turn limit), not by the rules."""
        return self.truncated(state)

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


# ---------------------------------------------------------------------------- Nightfall
#: Nightfall's decision kinds (``state.decision_kind()``), in the order of the tensor.
NIGHTFALL_KINDS = ("combat_window", "attack", "block", "order_blockers", "chain_start", "link",
                   "feed", "claim", "wound_effect", "moon", "draft", "target_minion", "target_player",
                   "target_archive", "target_card", "order_events", "choose_discard", "choose_wounds",
                   "over")
NIGHTFALL_PHASES = ("setup", "draft", "combat", "chain", "claim", "cleanup", "over")
NIGHTFALL_WINDOWS = ("before attackers", "after attackers", "after blockers", "after damage")
_PICKS = ("private", "commons", "removed")


def _clip(x: float) -> float:
    return 0.0 if x <= 0 else (1.0 if x >= 1 else float(x))


class NightfallEncoder(Encoder):
    """Nightfall from one player's seat, read from ``state.observation(p)`` only. Seats
    are relative: 0 is the viewer, 1 the next player to the left, and so on. Rows named
    "per card" are per card instance (``observation["cards"]``: every physical card of
    the game, wounds and moons included).

    * ``card`` (cards x (catalogue + 3)): which card it is (one-hot over the game's
      card data ids, in set order) and, for a wound, its type (bite, burn, bleed);
    * ``zone`` (cards x (4 x players + 5)): where it is as far as the viewer can tell —
      unseen (a deck, another hand, an archive, under the top of the wound or moon
      stack), in the hand of relative seat r (0: the viewer's own; others only while the
      viewer looks at that hand), in r's discard pile, in play under r's control,
      attached to a minion r controls, in the chain, exiled, the face-up top wound, the
      current moon;
    * ``detail`` (cards x (3 x players + 41)): its owner (relative seat; none for archive
      and wound-stack cards), for a chain card who played it, its place (1 for the top)
      and whether it got its kicker; for a minion in play its slot (what ``Attack`` and
      ``Block`` actions name), health left (of 4), entered this turn, strength modifiers
      of this turn and of attachments (up and down, of 5), made unblockable, the seat it
      attacks, its attack number (what ``Block`` names; for a blocker the attack it
      blocks), blocking; and whether it is the source of the pending effect;
    * ``archive`` (archives x (catalogue + players + 2)): per archive index (what
      ``Archive`` actions name) its card, its owner (relative seat, or the commons) and
      its size (of 7);
    * ``seat`` (12 x players): per relative seat: to act, active, first player, winner,
      hand, deck and discard sizes, wounds (of 20; rule 162's count), minions in play
      (of 16), looked at by the viewer, continuous effects, defending in this combat;
    * ``decision``: the decision kind, the phase, the pending frame (engine op), which
      combat window, and the relative seat controlling the pending effect;
    * ``table`` (8): influence (of 10), face-up wounds left, wound stack size, moon
      stack size, the last face-up wound given (rule 161), the turn (of the turn limit),
      chain length (of 8), attacks declared (of 16);
    * ``draft`` (catalogue x 5) and ``draft_table`` (6), zero outside a draft: per draft
      card, in the viewer's draft hand and its ``Option`` position, picked by the viewer,
      passed on by the viewer, a face-up common; the pick in progress and what it is for.

    The memory (information-state extra) is per card: the viewer has held it, which
    relative seat played it (chain or combat text), discarded it from hand, showed it in
    their hand to the viewer, had it destroyed in play.
    """

    def __init__(self, game: Any) -> None:
        from gloam.nightfall import engine, setup
        from gloam.nightfall.actions import MAX_OPTIONS, MAX_SLOTS

        super().__init__(game)
        n = self.n = game.num_players
        self.cards = setup.instance_count(game)
        self.catalogue = [c.id for s in game.card_sets for c in s.cards]
        self.kinds = len(self.catalogue)
        self.card_index = {card_id: i for i, card_id in enumerate(self.catalogue)}
        self.archives = setup.COMMONS + setup.PRIVATES * n
        self.slots = MAX_SLOTS
        self.options = MAX_OPTIONS
        self.ops = {name: i for i, name in enumerate(sorted(engine.OPS))}
        self.kind_index = {name: i for i, name in enumerate(NIGHTFALL_KINDS)}
        self.phase_index = {name: i for i, name in enumerate(NIGHTFALL_PHASES)}
        self.window_index = {name: i for i, name in enumerate(NIGHTFALL_WINDOWS)}
        self.wound_types = {"bite": 0, "burn": 1, "bleed": 2}
        self.wounds_total = max(1, sum(len(s.wound_cards()) for s in game.card_sets))
        self.moons_total = max(1, sum(len(s.moons) for s in game.card_sets))
        self.face_up = max(1, game.face_up)
        self.health = {c.id: c.health or 0 for s in game.card_sets for c in s.cards}
        # zone columns
        self.z_unseen, self.z_hand = 0, 1
        self.z_discard, self.z_play, self.z_attached = 1 + n, 1 + 2 * n, 1 + 3 * n
        self.z_chain, self.z_exiled, self.z_wound, self.z_moon = 1 + 4 * n, 2 + 4 * n, 3 + 4 * n, 4 + 4 * n
        # detail columns
        self.d_owner, self.d_chained = 0, n
        self.d_position, self.d_kicker, self.d_slot = 2 * n, 2 * n + 1, 2 * n + 2
        d = self.d_slot + self.slots
        self.d_health, self.d_new, self.d_up, self.d_down, self.d_unblockable = d, d + 1, d + 2, d + 3, d + 4
        self.d_attacks = d + 5
        self.d_attack_no = self.d_attacks + n
        self.d_blocking = self.d_attack_no + self.slots
        self.d_source = self.d_blocking + 1
        self.detail_width = self.d_source + 1

    def observation_pieces(self) -> Pieces:
        n, c, k = self.n, self.cards, self.kinds
        decision = (len(NIGHTFALL_KINDS) + 1) + (len(NIGHTFALL_PHASES) + 1) + (len(self.ops) + 1) \
            + len(NIGHTFALL_WINDOWS) + n
        return [
            ("card", (c, k + 3)),
            ("zone", (c, 4 * n + 5)),
            ("detail", (c, self.detail_width)),
            ("archive", (self.archives, k + n + 2)),
            ("seat", (12, n)),
            ("decision", (decision,)),
            ("table", (8,)),
            ("draft", (k, 5)),
            ("draft_table", (6,)),
        ]

    def memory_pieces(self) -> Pieces:
        return [("history", (self.cards, 1 + 4 * self.n))]

    def _rel(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.n

    # ------------------------------------------------------------------ observation
    def encode_observation(self, obs: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        v = obs["viewer"]
        card, zone, detail = out["card"], out["zone"], out["detail"]
        for cid, (card_id, wtype, owner) in enumerate(zip(obs["cards"], obs["wtype"], obs["owner"])):
            card[cid, self.card_index[card_id]] = 1.0
            if wtype is not None:
                card[cid, self.kinds + self.wound_types[wtype]] = 1.0
            if owner >= 0:
                detail[cid, self.d_owner + self._rel(owner, v)] = 1.0
        self._zones(obs, v, zone, detail)
        self._archives(obs, v, out["archive"])
        self._seats(obs, v, out["seat"])
        self._decision(obs, v, out["decision"], detail)
        table = out["table"]
        table[0] = _clip(obs["influence"] / 10)
        table[1] = _clip(obs["face_up"] / self.face_up)
        table[2] = _clip(obs["wound_count"] / self.wounds_total)
        table[3] = _clip(obs["moon_count"] / self.moons_total)
        table[4] = 1.0 if obs["ending"] else 0.0
        limit = self.game.turn_limit
        table[5] = _clip(obs["turn"] / limit) if limit else 0.0
        table[6] = _clip(len(obs["chain"]) / 8)
        table[7] = _clip(len(obs["combat"] or ()) / self.slots)
        if obs.get("draft") is not None:
            self._draft(obs["draft"], out["draft"], out["draft_table"])

    def _zones(self, obs: dict[str, Any], v: int, zone: np.ndarray, detail: np.ndarray) -> None:
        zone[:, self.z_unseen] = 1.0

        def put(cid: int, column: int) -> None:
            zone[cid, self.z_unseen] = 0.0
            zone[cid, column] = 1.0

        for cid in obs["hand"]:
            put(cid, self.z_hand)
        looking = obs.get("looking_at")
        if looking:
            for cid in looking["cards"]:
                put(cid, self.z_hand + self._rel(looking["player"], v))
        for p in range(self.n):
            r = self._rel(p, v)
            for cid in obs["discards"][p]:
                put(cid, self.z_discard + r)
        for cid in obs["exiled"]:
            put(cid, self.z_exiled)
        if obs["wound_top"] is not None:
            put(obs["wound_top"], self.z_wound)
        if obs["moon"] is not None:
            put(obs["moon"], self.z_moon)
        chain = obs["chain"]
        for i, link in enumerate(chain):
            cid = link["card"]
            put(cid, self.z_chain)
            detail[cid, self.d_chained + self._rel(link["player"], v)] = 1.0
            detail[cid, self.d_position] = (i + 1) / len(chain)
            detail[cid, self.d_kicker] = 1.0 if link.get("kicker") else 0.0
        modifiers: dict[int, int] = {}
        unblockable = set()
        for effect in obs["effects"]:
            kind = effect.get("kind")
            if kind == "strength":
                modifiers[effect["target"]] = modifiers.get(effect["target"], 0) + effect["amount"]
            elif kind == "strength_all":
                for cid in obs["play"][effect["player"]]:
                    modifiers[cid] = modifiers.get(cid, 0) + effect["amount"]
            elif kind == "unblockable" and "target" in effect:
                unblockable.add(effect["target"])
        attached_strength = self.game.effects.attached_strength
        for p in range(self.n):
            r = self._rel(p, v)
            for slot, cid in enumerate(obs["play"][p]):
                put(cid, self.z_play + r)
                info = obs["minions"][str(cid)]
                if slot < self.slots:
                    detail[cid, self.d_slot + slot] = 1.0
                detail[cid, self.d_health] = _clip((self.health[obs["cards"][cid]] - info["damage"]) / 4)
                detail[cid, self.d_new] = 1.0 if info.get("turn") == obs["turn"] else 0.0
                bonus = modifiers.get(cid, 0)
                for attached in info["attached"]:
                    put(attached, self.z_attached + r)
                    bonus += attached_strength(obs["cards"][attached])
                detail[cid, self.d_up] = _clip(bonus / 5)
                detail[cid, self.d_down] = _clip(-bonus / 5)
                detail[cid, self.d_unblockable] = 1.0 if cid in unblockable else 0.0
        for number, attack in enumerate(obs["combat"] or ()):
            if number >= self.slots:
                break
            attacker = attack["attacker"]
            detail[attacker, self.d_attacks + self._rel(attack["target"], v)] = 1.0
            detail[attacker, self.d_attack_no + number] = 1.0
            if attack.get("unblockable"):
                detail[attacker, self.d_unblockable] = 1.0
            for blocker in attack["blockers"]:
                detail[blocker, self.d_attack_no + number] = 1.0
                detail[blocker, self.d_blocking] = 1.0

    def _archives(self, obs: dict[str, Any], v: int, archive: np.ndarray) -> None:
        for k, a in enumerate(obs["archives"][: self.archives]):
            archive[k, self.card_index[a["card"]]] = 1.0
            if a["owner"] >= 0:
                archive[k, self.kinds + self._rel(a["owner"], v)] = 1.0
            else:
                archive[k, self.kinds + self.n] = 1.0
            archive[k, self.kinds + self.n + 1] = _clip(a["size"] / 7)

    def _seats(self, obs: dict[str, Any], v: int, seat: np.ndarray) -> None:
        n = self.n
        if obs["to_act"] >= 0:
            seat[0, self._rel(obs["to_act"], v)] = 1.0
        seat[1, self._rel(obs["active"], v)] = 1.0
        seat[2, self._rel(obs["first_player"], v)] = 1.0
        if obs["winner"] >= 0:
            seat[3, self._rel(obs["winner"], v)] = 1.0
        exiled = set(obs["exiled"])
        wounds = [0] * n
        for cid, (wtype, owner) in enumerate(zip(obs["wtype"], obs["owner"])):
            if wtype is not None and owner >= 0 and cid not in exiled:
                wounds[owner] += 1  # an owned wound is in that player's deck, hand or discard
        bare = obs["bare_wounds"]
        effects = [0] * n
        for effect in obs["effects"]:
            if isinstance(effect.get("player"), int) and 0 <= effect["player"] < n:
                effects[effect["player"]] += 1
        defending = {a["target"] for a in obs["combat"] or ()}
        looking = obs.get("looking_at")
        for p in range(n):
            r = self._rel(p, v)
            seat[4, r] = _clip(obs["hand_sizes"][p] / 10)
            seat[5, r] = _clip(obs["deck_sizes"][p] / 40)
            seat[6, r] = _clip(len(obs["discards"][p]) / 40)
            seat[7, r] = _clip((wounds[p] + bare[p]) / 20)
            seat[8, r] = _clip(len(obs["play"][p]) / self.slots)
            seat[9, r] = 1.0 if looking and looking["player"] == p else 0.0
            seat[10, r] = _clip(effects[p] / 4)
            seat[11, r] = 1.0 if p in defending else 0.0

    def _decision(self, obs: dict[str, Any], v: int, d: np.ndarray, detail: np.ndarray) -> None:
        i = 0
        d[i + self.kind_index.get(obs["kind"], len(NIGHTFALL_KINDS))] = 1.0
        i += len(NIGHTFALL_KINDS) + 1
        d[i + self.phase_index.get(obs["phase"], len(NIGHTFALL_PHASES))] = 1.0
        i += len(NIGHTFALL_PHASES) + 1
        step = obs["pending_effect"]  # the top frame's op, controller and source card
        if step is not None:
            d[i + self.ops.get(step["op"], len(self.ops))] = 1.0
        i += len(self.ops) + 1
        if obs["combat_window"] in self.window_index:
            d[i + self.window_index[obs["combat_window"]]] = 1.0
        i += len(NIGHTFALL_WINDOWS)
        if step is not None:
            controller = step["controller"]
            if controller is not None and 0 <= controller < self.n:
                d[i + self._rel(controller, v)] = 1.0
            source = step["source"]
            if source is not None and 0 <= source < self.cards:
                detail[source, self.d_source] = 1.0

    def _draft(self, draft: dict[str, Any], cards: np.ndarray, table: np.ndarray) -> None:
        index = self.card_index
        for k, card_id in enumerate(draft["hand"]):
            cards[index[card_id], 0] = 1.0
            cards[index[card_id], 1] = (k + 1) / self.options  # Option(k) picks it
        for card_id in draft["picks"]:
            if card_id is not None:
                cards[index[card_id], 2] = 1.0
        for passed in draft["passed"]:
            for card_id in passed:
                cards[index[card_id], 3] = 1.0
        for card_id in draft["commons"]:
            cards[index[card_id], 4] = 1.0
        schedule = draft["schedule"]
        table[0] = 1.0
        table[1] = _clip(draft["round"] / max(1, len(schedule)))
        if draft["round"] < len(schedule) and schedule[draft["round"]] in _PICKS:
            table[2 + _PICKS.index(schedule[draft["round"]])] = 1.0
        table[5] = _clip(draft["rest_size"] / max(1, self.kinds))

    # ------------------------------------------------------------------ memory
    def encode_memory(self, events: Sequence[dict[str, Any]], viewer: int,
                      out: dict[str, np.ndarray]) -> None:
        history = out["history"]
        n = self.n
        played, discarded, shown, destroyed = 1, 1 + n, 1 + 2 * n, 1 + 3 * n
        for e in events:
            kind = e["type"]
            if kind == "draw":
                if e["player"] == viewer:
                    for cid in e.get("cards", ()):
                        history[cid, 0] = 1.0
            elif kind in ("chain", "combat_text"):
                history[e["card"], played + self._rel(e["player"], viewer)] = 1.0
            elif kind == "discard":
                history[e["card"], discarded + self._rel(e["player"], viewer)] = 1.0
            elif kind == "look":
                for cid in e.get("cards", ()):  # only the looker and the victim see them
                    history[cid, shown + self._rel(e["target"], viewer)] = 1.0
            elif kind == "destroyed":
                history[e["card"], destroyed + self._rel(e["player"], viewer)] = 1.0
            elif kind in ("fetch", "claim") and e["player"] == viewer and e.get("to") == "hand":
                history[e["card"], 0] = 1.0  # from your discard pile or an archive to your hand


def nightfall_text(game: Any, state: Any) -> str:
    """The whole Nightfall table in a few lines (every hand shown: a debugging view)."""
    from gloam.nightfall.describe import card_label, minion_label

    obs = state.observation(0)

    def names(cards: Sequence[int]) -> str:
        return ", ".join(card_label(game, obs, c) for c in cards) or "none"

    if state.is_terminal():
        head = f"Turn {state.turn}: the game is over" + (f", player {state.winner + 1} wins" if state.winner >= 0 else "")
    else:
        head = (f"Turn {state.turn}, player {state.active + 1}'s {state.phase} phase;"
                f" {state.decision_kind()} decision of player {state.current_player() + 1}: {state.prompt()}")
    lines = [head]
    for p in range(game.num_players):
        wounds, _ = state.wound_count(p)
        minions = ", ".join(
            minion_label(game, obs, m) + (f" + {names(state.minions[m]['attached'])}" if state.minions[m]["attached"] else "")
            for m in state.play[p]) or "none"
        lines.append(f"Player {p + 1}: {wounds} wounds; hand {names(state.hands[p])}; deck {len(state.decks[p])};"
                     f" discard {len(state.discards[p])}; in play {minions}")
    if state.chain:
        lines.append("Chain (bottom first): " + ", ".join(
            f"{card_label(game, obs, e['card'])} (player {e['player'] + 1}{', kicker' if e.get('kicker') else ''})"
            for e in state.chain))
    archives = "; ".join(
        f"{game.card(a['card']).printed_name} x{len(a['cards'])}" + ("" if a["owner"] < 0 else f" (player {a['owner'] + 1})")
        for a in state.archives)
    lines.append(f"Archives: {archives}")
    moon = f"; moon {card_label(game, obs, state.moons[-1])}" if state.moons else ""
    lines.append(f"Wound stack {len(state.wounds)} ({state.face_up} face up){moon}; influence {state.influence}")
    return "\n".join(lines)


register(Binding(
    name="nightfall",
    encoder=NightfallEncoder,
    # A simulation cap (the rules have none). In 2,400 games of 2-5 players (quick
    # start; with and without long games and moons; random, heuristic and mixed seats)
    # the random seats' longest game took 85 turns and the heuristic seats' 510; three
    # all-heuristic games stalled for good (every starter exiled, nobody claims).
    setup_defaults={"turn_limit": 1000},
    # ... and the busiest turn took 108 decisions (combat windows ask every player).
    decisions_per_turn=250,
    utility=(0.0, 1.0),
    text=nightfall_text,
))
