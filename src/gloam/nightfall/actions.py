"""Nightfall's actions and their stable integer indices (docs/nightfall-engine.md).

Every decision offers a few of these; what an action means comes from the decision it
answers (``Card(7)`` is a target in a ``target_minion`` decision). Attacks and blocks name
minions by their *slot* in the controller's play area, so the table stays small.

>>> space = action_space()
>>> space[0], space[3], space.index(Attack(slot=1, player=2)) == attack_index(1, 2)
(Pass(), Card(card=0), True)
>>> space[play_index(17)], space[block_index(0, 1)]
(Play(card=17), Block(slot=0, attack=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gloam.core.protocol import Action, ActionSpace

MAX_INSTANCES = 512  # card instances in one game (orders, wounds, moons)
MAX_PLAYERS = 6
MAX_ARCHIVES = 24
MAX_OPTIONS = 16
MAX_SLOTS = 16  # minions one player has in play / attackers in one combat


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline: start no chain, link nothing, play no combat text, use no wound effect."""


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish a repeated choice (blocking, claiming, choosing cards)."""


@dataclass(frozen=True, slots=True)
class Feed(Action):
    """Pay the feed price and resolve the text again (rules 88-92)."""


@dataclass(frozen=True, slots=True)
class Card(Action):
    """Choose a card instance (a target, a card to discard by an effect, …)."""

    card: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from your hand: start or link a chain, use combat text or a wound."""

    card: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card from your hand for 1 influence in your Claim Phase (rule 144)."""

    card: int


@dataclass(frozen=True, slots=True)
class Player(Action):
    """Choose a player."""

    player: int


@dataclass(frozen=True, slots=True)
class Archive(Action):
    """Choose an archive (to claim from, or as a target)."""

    archive: int


@dataclass(frozen=True, slots=True)
class Option(Action):
    """Choose the k-th of a short list (draft picks, moon choices)."""

    option: int


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Send the minion in play slot ``slot`` to attack ``player`` (rules 103-105)."""

    slot: int
    player: int


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Block attack number ``attack`` with the minion in play slot ``slot`` (rule 106)."""

    slot: int
    attack: int


PASS, DONE, FEED = 0, 1, 2
CARD0 = 3
PLAY0 = CARD0 + MAX_INSTANCES
DISCARD0 = PLAY0 + MAX_INSTANCES
PLAYER0 = DISCARD0 + MAX_INSTANCES
ARCHIVE0 = PLAYER0 + MAX_PLAYERS
OPTION0 = ARCHIVE0 + MAX_ARCHIVES
ATTACK0 = OPTION0 + MAX_OPTIONS
BLOCK0 = ATTACK0 + MAX_SLOTS * MAX_PLAYERS
SIZE = BLOCK0 + MAX_SLOTS * MAX_SLOTS


# Encoders: the index of an action, for the options of an ``Ask`` (saves store indices).
# Handlers receive the decoded action (``engine.run``) and never decode an index.
def card_index(card: int) -> int:
    """The index of ``Card(card)``."""
    return CARD0 + card


def play_index(card: int) -> int:
    """The index of ``Play(card)``."""
    return PLAY0 + card


def player_index(player: int) -> int:
    """The index of ``Player(player)``."""
    return PLAYER0 + player


def archive_index(archive: int) -> int:
    """The index of ``Archive(archive)``."""
    return ARCHIVE0 + archive


def option_index(option: int) -> int:
    """The index of ``Option(option)`` (``option`` < :data:`MAX_OPTIONS`)."""
    return OPTION0 + option


def attack_index(slot: int, player: int) -> int:
    """The index of ``Attack(slot, player)``."""
    return ATTACK0 + slot * MAX_PLAYERS + player


def block_index(slot: int, attack: int) -> int:
    """The index of ``Block(slot, attack)``."""
    return BLOCK0 + slot * MAX_SLOTS + attack


@lru_cache(maxsize=1)
def action_space() -> ActionSpace:
    """The table of every Nightfall action; an action's position is its index."""
    actions: list[Action] = [Pass(), Done(), Feed()]
    actions += [Card(i) for i in range(MAX_INSTANCES)]
    actions += [Play(i) for i in range(MAX_INSTANCES)]
    actions += [Discard(i) for i in range(MAX_INSTANCES)]
    actions += [Player(p) for p in range(MAX_PLAYERS)]
    actions += [Archive(k) for k in range(MAX_ARCHIVES)]
    actions += [Option(k) for k in range(MAX_OPTIONS)]
    actions += [Attack(s, p) for s in range(MAX_SLOTS) for p in range(MAX_PLAYERS)]
    actions += [Block(s, a) for s in range(MAX_SLOTS) for a in range(MAX_SLOTS)]
    assert len(actions) == SIZE
    return ActionSpace(actions)
