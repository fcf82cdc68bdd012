"""Nightmarium's actions and their stable integer indices.

Seed 004 gives three turn actions: A) draw, B) discard any number and draw half,
C) play a card. Action B is taken as a run of small decisions (start discarding, pick
cards one at a time, stop), so that every decision has a short enumerated list of
options. Ability targets are (player, creature) pairs; a card is played to a *slot*:
the index of one of the player's Creatures, or :data:`NEW` to lay legs as a new one.

>>> space = action_space(108)
>>> space[0], space[1], space[2]
(Draw(), Discard(), StopDiscarding())
>>> space.index(Play(card=5, slot=NEW)) == play_index(5, NEW)
True
>>> len(space)
1010
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gloam.core.protocol import Action, ActionSpace

MAX_PLAYERS = 5
MAX_CREATURES = 7  # seed 004: play to five Creatures, or six or seven as an option
NEW = MAX_CREATURES  # the slot meaning "lay these legs as a new Creature"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Action A: draw the top card of the deck."""


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Action B, first step: start discarding cards from your hand."""


@dataclass(frozen=True, slots=True)
class StopDiscarding(Action):
    """Action B, last step: stop discarding and draw one card per two discarded."""


@dataclass(frozen=True, slots=True)
class Target(Action):
    """An ability's target: Creature number ``creature`` of ``player``."""

    player: int
    creature: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Action C (and Songbird / Mockingbird): put ``card`` on Creature ``slot``
    (or start a new Creature with it as legs when ``slot == NEW``)."""

    card: int
    slot: int


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Discard ``card`` from your hand (during action B, or as the same-Legion penalty)."""

    card: int


DRAW, DISCARD, STOP = 0, 1, 2
TARGET0 = 3
PLAY0 = TARGET0 + MAX_PLAYERS * MAX_CREATURES  # 38
SLOTS = MAX_CREATURES + 1


def play_index(card: int, slot: int) -> int:
    return PLAY0 + card * SLOTS + slot


def discard_index0(n_cards: int) -> int:
    return PLAY0 + n_cards * SLOTS


@lru_cache(maxsize=8)
def action_space(n_cards: int) -> ActionSpace:
    """Every Nightmarium action for a deck of ``n_cards`` cards, in index order."""
    actions: list[Action] = [Draw(), Discard(), StopDiscarding()]
    actions += [Target(p, c) for p in range(MAX_PLAYERS) for c in range(MAX_CREATURES)]
    actions += [Play(card, slot) for card in range(n_cards) for slot in range(SLOTS)]
    actions += [DiscardCard(card) for card in range(n_cards)]
    return ActionSpace(actions)
