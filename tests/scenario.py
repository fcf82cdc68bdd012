"""A small harness for Nightmarium scenario tests: positions as plain data, decisions as
readable descriptions.

A scenario names its cards. :func:`table` builds a custom composition from short card
specs (``"NEC head Mockingbird"``: Legion, part(s), ability or ``-``), each card's code
being its name, pads it with plain cards up to the 30 a composition needs, and makes the
game. :meth:`Table.position` lays named cards into hands, Creatures (bottom-up), the deck
(top = end of the list) and the discard pile; every card not placed goes under the deck.
:func:`choose` applies the legal action matching a description such as
``Play("head1", 0)`` or ``Target(1, 0)`` through ``state.apply`` — the same path the UI
takes — and fails the test with the legal options when it is not legal.

>>> t = table({"legs1": "NEC legs -", "body1": "CON legs/body -", "head1": "MAN head Mourner"})
>>> len(t.game.composition.cards), t.game.card(t.id("body1")).part_names
(30, ('legs', 'body'))
>>> s = t.position(hands={0: ["head1"]}, creatures={0: [["legs1", "body1"]]}, deck=["pad01", "pad02"])
>>> options(s)
['Draw()', 'Discard()', 'Play(head1, slot=0)']
>>> describe(s, choose(s, Play("head1", 0), by=0))
'Play(head1, slot=0)'
>>> v = view(s)
>>> v["creatures"][0], v["hands"][0], v["mode"], v["actions_left"]
([['legs1', 'body1', 'head1']], ['pad02', 'pad01'], 'turn', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from gloam.core.protocol import Action
from gloam.nightmarium import position
from gloam.nightmarium.actions import NEW, Discard, DiscardCard, Draw, Play, StopDiscarding, Target
from gloam.nightmarium.cards import ABILITIES, LEGIONS, MIN_CARDS, composition_from_json
from gloam.nightmarium.game import NightmariumGame
from gloam.nightmarium.state import NightmariumState

__all__ = [
    "NEW", "Discard", "DiscardCard", "Draw", "Play", "StopDiscarding", "Target",
    "Table", "table", "card_spec", "choose", "options", "describe", "view", "names",
    "new_events", "event_types",
]

#: every position a test built, checked when the test ends (tests/conftest.py): a scenario
#: must not end half-way through an action or an ability (any decision but a turn action)
#: unless it is marked ``@pytest.mark.leaves_decision``
BUILT: list[NightmariumState] = []


def leftover(state: NightmariumState) -> str | None:
    """What is left undecided in ``state``: a pending decision other than a turn action,
    described, or None."""
    pending = state.pending()
    if pending is None or str(pending.kind) == "turn":
        return None
    return f"player {pending.player}'s {pending.kind} decision ({pending.prompt}); options: {options(state)}"


_LEGION_SHORT = {name[:3].upper(): name for name in LEGIONS}
_PART_WORDS = {"legs": ["legs"], "body": ["body"], "head": ["head"], "any": ["legs", "body", "head"]}
# the default padding: plain Chimerid legs, body and head in turn (no abilities), so that
# every composition can complete a Creature, as composition_from_json demands
PLAIN = ("CHI legs -", "CHI body -", "CHI head -")


def card_spec(text: str) -> dict[str, Any]:
    """A composition card entry from ``"<Legion> <parts> [<ability>|-]"``.

    The Legion is its full name or its first three letters; parts are joined with ``/``
    or ``+`` (``any`` = all three).

    >>> card_spec("NEC body/head Scavenger")
    {'legion': 'Necromunculus', 'parts': ['body', 'head'], 'ability': 'Scavenger'}
    >>> card_spec("Manster legs")["ability"] is None
    True
    """
    words = text.split()
    if len(words) not in (2, 3):
        raise ValueError(f"card spec {text!r} must be '<Legion> <parts> [<ability>|-]'")
    legion = _LEGION_SHORT.get(words[0].upper(), words[0])
    if legion not in LEGIONS:
        raise ValueError(f"card spec {text!r}: unknown Legion {words[0]!r}")
    parts: list[str] = []
    for word in words[1].replace("+", "/").split("/"):
        if word not in _PART_WORDS:
            raise ValueError(f"card spec {text!r}: unknown part {word!r}")
        parts += [p for p in _PART_WORDS[word] if p not in parts]
    ability = words[2] if len(words) == 3 and words[2] != "-" else None
    if ability is not None and ability not in ABILITIES:
        raise ValueError(f"card spec {text!r}: unknown ability {ability!r}")
    return {"legion": legion, "parts": parts, "ability": ability}


@dataclass
class Table:
    """A game over a named custom composition, and a builder of positions in it."""

    game: NightmariumGame
    ids_by_name: dict[str, int] = field(default_factory=dict)

    def id(self, name: str) -> int:
        """The instance id of the card called ``name``."""
        try:
            return self.ids_by_name[name]
        except KeyError:
            raise KeyError(f"no card named {name!r} at this table") from None

    def ids(self, cards: Iterable[str]) -> list[int]:
        return [self.id(c) for c in cards]

    def name(self, card: int) -> str:
        return self.game.composition.cards[card].code

    @property
    def padding(self) -> list[str]:
        """The names of the plain padding cards, in id order."""
        return [c.code for c in self.game.composition.cards if c.code.startswith("pad")]

    def position(self, *, hands: Mapping[int, Sequence[str]] | None = None,
                 creatures: Mapping[int, Sequence[Sequence[str]]] | None = None,
                 deck: Sequence[str] = (), discard: Sequence[str] = (), rest: str | int = "deck",
                 active: int = 0, actions_left: int = 2, first_legion: str | None = None,
                 turn: int = 1, known: Mapping[int, Sequence[str]] | None = None,
                 seed: int = 0) -> NightmariumState:
        """A position at the start of one of ``active``'s turn actions.

        ``deck`` and ``discard`` list their top card last. Every card not placed goes
        under the explicit deck cards (``rest="deck"``) or under the discard pile
        (``rest="discard"``) or into player ``rest``'s hand (an int), in id order.
        ``first_legion`` names the Legion played as
        this turn's first action (rule 199); ``seed`` seeds reshuffles.
        """
        state = position.parse(self.mapping(hands=hands, creatures=creatures, deck=deck, discard=discard,
                                            rest=rest, active=active, actions_left=actions_left,
                                            first_legion=first_legion, turn=turn, known=known, seed=seed),
                               game=self.game)
        BUILT.append(state)
        return state

    def mapping(self, *, hands: Mapping[int, Sequence[str]] | None = None,
                creatures: Mapping[int, Sequence[Sequence[str]]] | None = None,
                deck: Sequence[str] = (), discard: Sequence[str] = (), rest: str | int = "deck",
                active: int = 0, actions_left: int = 2, first_legion: str | None = None,
                turn: int = 1, known: Mapping[int, Sequence[str]] | None = None,
                seed: int = 0) -> dict[str, Any]:
        """The position format's data (docs/positions.md) for :meth:`position`'s arguments."""
        players = [{"hand": list((hands or {}).get(p, ())),
                    "creatures": [list(c) for c in (creatures or {}).get(p, ())],
                    "known": list((known or {}).get(p, ()))} for p in range(self.game.num_players)]
        data: dict[str, Any] = {"players": players, "deck": list(deck), "discard": list(discard),
                                "rest": rest, "active": active, "actions_left": actions_left,
                                "turn": turn, "seed": seed}
        if first_legion is not None:
            data["first_legion"] = first_legion
        return data

def table(cards: Mapping[str, str | dict[str, Any]], *, players: int = 2, creatures: int = 5,
          first_player: int = 0, pad: str | Sequence[str] = PLAIN, size: int = MIN_CARDS) -> Table:
    """A :class:`Table` whose composition holds ``cards`` (name -> spec) plus padding
    cards named ``pad01``, ``pad02``… up to ``size`` cards, their specs taken from
    ``pad`` (one spec, or several used in turn)."""
    pads = [pad] if isinstance(pad, str) else list(pad)
    entries = []
    for name, spec in cards.items():
        if name.startswith("pad"):
            raise ValueError(f"card name {name!r}: names starting with 'pad' are the padding's")
        entry = dict(card_spec(spec) if isinstance(spec, str) else spec)
        entries.append({"code": name, **entry})
    for k in range(max(0, size - len(entries))):
        entries.append({"code": f"pad{k + 1:02d}", **card_spec(pads[k % len(pads)])})
    composition = composition_from_json({"name": "scenario", "cards": entries})
    game = NightmariumGame(players=players, creatures=creatures, first_player=first_player,
                           composition=composition)
    return Table(game, {c.code: c.id for c in composition.cards})


# ---------------------------------------------------------------------- reading a state
def _code(state: NightmariumState, card: int) -> str:
    return state.game.composition.cards[card].code


def names(state: NightmariumState, cards: Iterable[int]) -> list[str]:
    """Card ids as their names (codes)."""
    return [_code(state, c) for c in cards]


def _card_id(state: NightmariumState, card: int | str) -> int:
    if isinstance(card, str):
        for c in state.game.composition.cards:
            if c.code == card:
                return c.id
        pytest.fail(f"no card named {card!r} in this game")
    return card


def _slot(slot: int | str) -> int:
    if isinstance(slot, str):
        if slot.lower() != "new":
            raise ValueError(f"slot must be a Creature index or 'new', not {slot!r}")
        return NEW
    return slot


def describe(state: NightmariumState, action: Action) -> str:
    """A readable form of ``action`` with card names (``Play(head1, slot=0)``)."""
    if isinstance(action, Play):
        slot = "NEW" if action.slot == NEW else str(action.slot)
        return f"Play({_code(state, action.card)}, slot={slot})"
    if isinstance(action, DiscardCard):
        return f"DiscardCard({_code(state, action.card)})"
    if isinstance(action, Target):
        where = f"Target(player={action.player}, creature={action.creature}"
        mine = state.creatures[action.player] if action.player < len(state.creatures) else []
        if action.creature >= len(mine):
            return where + ": no such Creature)"
        return f"{where}: {'/'.join(names(state, mine[action.creature]))})"
    return f"{type(action).__name__}()"


def options(state: NightmariumState) -> list[str]:
    """The pending decision's legal options, described."""
    return [describe(state, a) for a in state.legal_actions()]


def _normalise(state: NightmariumState, description: Action | str) -> Action:
    if isinstance(description, str):
        simple = {"draw": Draw(), "discard": Discard(), "stop": StopDiscarding(),
                  "stopdiscarding": StopDiscarding()}
        key = description.strip().lower().replace("()", "")
        if key not in simple:
            raise ValueError(f"unknown action description {description!r}")
        return simple[key]
    if isinstance(description, Play):
        return Play(_card_id(state, description.card), _slot(description.slot))
    if isinstance(description, DiscardCard):
        return DiscardCard(_card_id(state, description.card))
    return description


def choose(state: NightmariumState, description: Action | str, by: int | None = None) -> Action:
    """Apply the legal action matching ``description`` (a typed action whose cards may
    be names and whose slot may be ``"new"``, or ``"draw"``/``"discard"``/``"stop"``),
    as player ``by`` if given. Fails the test, listing the legal options, if it is not
    legal now or not ``by``'s decision. Returns the typed action applied."""
    action = _normalise(state, description)
    pending = state.pending()
    if pending is None:
        pytest.fail(f"cannot choose {description!r}: the game is over (winner {state.winner})")
    if by is not None and by != pending.player:
        pytest.fail(f"player {by} cannot choose {description!r}: it is player {pending.player}'s"
                    f" {pending.kind} decision ({pending.prompt})")
    if action not in pending.options:
        listed = "\n  ".join(options(state)) or "(none)"
        pytest.fail(f"{describe(state, action)} is not legal"
                    f" in player {pending.player}'s {pending.kind} decision ({pending.prompt})."
                    f" Legal options:\n  {listed}")
    state.apply(action, pending.player)
    return action


def view(state: NightmariumState) -> dict[str, Any]:
    """The whole position with card names: what the assertions of a scenario read."""
    resolving = None
    if state.resolving >= 0:
        resolving = _code(state, state.resolving)
    return {
        "mode": str(state.decision_kind()),
        "to_act": state.current_player(),
        "active": state.active,
        "turn": state.turn,
        "actions_left": state.actions_left,
        "hands": [names(state, h) for h in state.hands],
        "creatures": [[names(state, c) for c in pl] for pl in state.creatures],
        "deck": names(state, state.deck),
        "discard": names(state, state.discard),
        "revealed": names(state, state.revealed),
        "resolving": resolving,
        "abilities": [ABILITIES[a] for a in state.abilities],
        "winner": state.winner,
    }


def new_events(state: NightmariumState, mark: int, viewer: int | None = None) -> list[dict[str, Any]]:
    """The events logged since ``mark`` (an earlier ``len(state.events)``), as ``viewer``
    sees them."""
    return state.events_for(viewer)[mark:]


def event_types(events: Iterable[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
