"""Nightmarium's typed decisions: the decision kinds, a typed context per kind, what each
option names (refs), its English and Japanese labels, and how a game ended.

Everything here is computed from an *observation* (``state.observation(viewer)``), so
the table view (:mod:`gloam.nightmarium.view`) and ``state.pending()`` give the same
answers and neither can show more than its viewer sees. Nothing here is on the hot path
(``apply``, ``legal_action_indices``): it is built only when a front end asks.

>>> from gloam.nightmarium.game import NightmariumGame
>>> state = NightmariumGame(players=2).new_initial_state(seed=3)
>>> decision = state.pending()
>>> decision.kind is NightmariumKind.TURN, decision.context.to_json()
(True, {'type': 'TurnContext', 'action': 1, 'actions_left': 2, 'legion': None})
>>> decision.choices[0].label
{'en': 'Draw a card', 'ja': 'カードを1枚引く'}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gloam.core.decisions import LANGS, Context, EndReason, Outcome, Refs
from gloam.nightmarium.actions import NEW, Play, Target
from gloam.nightmarium.cards import ABILITIES, LEGIONS
from gloam.nightmarium.describe import describe_action
from gloam.nightmarium.i18n import action_label_ja


class NightmariumKind(StrEnum):
    """The kind of the pending decision (the values are the observation's ``mode``)."""

    #: one of the turn's two actions: draw, discard, or play (rules 193-199)
    TURN = "turn"
    #: action B under way: discard another card or stop (rule 195)
    DISCARD = "discard"
    #: an opponent discards for a same-Legion Creature (rule 203)
    PENALTY = "penalty"
    #: play one of the cards Songbird revealed (rule 204)
    SONGBIRD = "songbird"
    #: play a card from hand (rule 206)
    MOCKINGBIRD = "mockingbird"
    #: take the top card of an opponent's Creature (rule 207)
    EXECUTIONER = "executioner"
    #: discard an opponent's incomplete Creature (rule 208)
    SCAVENGER = "scavenger"
    #: discard the top card of another of your Creatures (rule 209)
    DEVOURER = "devourer"
    #: the game is over: nobody decides
    OVER = "over"


#: the kinds in the engine's mode order (``NightmariumState.mode`` indexes this)
KINDS = tuple(NightmariumKind)


@dataclass(frozen=True)
class TurnContext(Context):
    """A turn action (rule 193): which of the two it is, and the Legion a play must be
    when the first action played a card (rule 199; ``None``: any Legion)."""

    action: int
    actions_left: int
    legion: str | None


@dataclass(frozen=True)
class DiscardContext(Context):
    """Action B (rule 195): the cards discarded so far (oldest first) and how many cards
    stopping now draws (one per two discarded)."""

    discarded: tuple[int, ...]
    draws: int


@dataclass(frozen=True)
class PenaltyContext(Context):
    """The same-Legion penalty (rule 203): ``player`` completed a Creature of one Legion;
    ``owing`` (first: the player deciding) discard ``cards`` more cards of that Legion,
    or any cards when ``any_card`` (they hold none of it)."""

    player: int
    creature: tuple[int, ...]
    legion: str
    cards: int
    any_card: bool
    owing: tuple[int, ...]


@dataclass(frozen=True)
class AbilityContext(Context):
    """An ability of a completed Creature is resolving (rules 200-202): whose Creature,
    its number among theirs (0-based) and cards (legs, body, head), the ability, and the
    abilities still to come after it (head, then body, then legs)."""

    player: int
    creature: int
    cards: tuple[int, ...]
    ability: str
    remaining: tuple[str, ...]


@dataclass(frozen=True)
class SongbirdContext(AbilityContext):
    """Songbird (rule 204): also the revealed cards not yet played."""

    revealed: tuple[int, ...]


@dataclass(frozen=True)
class MockingbirdContext(AbilityContext):
    """Mockingbird (rule 206): play one card from hand."""


@dataclass(frozen=True)
class ExecutionerContext(AbilityContext):
    """Executioner (rule 207): take the top card of an opponent's Creature."""


@dataclass(frozen=True)
class ScavengerContext(AbilityContext):
    """Scavenger (rule 208): discard an opponent's incomplete Creature."""


@dataclass(frozen=True)
class DevourerContext(AbilityContext):
    """Devourer (rule 209): discard the top card of another of your Creatures."""


_ABILITY_CONTEXTS = {"mockingbird": MockingbirdContext, "executioner": ExecutionerContext,
                     "scavenger": ScavengerContext, "devourer": DevourerContext}


def resolving_creature(obs: dict[str, Any]) -> tuple[int, tuple[int, ...]]:
    """The resolving Creature's number among the active player's and its cards
    (``(-1, ())`` when none is resolving)."""
    legs = obs["resolving"]
    if legs >= 0:
        for i, creature in enumerate(obs["creatures"][obs["active"]]):
            if creature[0] == legs:
                return i, tuple(creature)
    return -1, ()


def context_of(obs: dict[str, Any]) -> Context:
    """The typed context of the decision pending in ``obs`` (any viewer's observation:
    a context holds only what the table sees)."""
    kind = obs["mode"]
    if kind == "turn":
        legion = obs["first_legion"]
        return TurnContext(action=3 - obs["actions_left"], actions_left=obs["actions_left"],
                           legion=LEGIONS[legion] if obs["actions_left"] == 1 and legion >= 0 else None)
    if kind == "discard":
        k = obs["discarded"]
        return DiscardContext(discarded=tuple(obs["discard"][-k:]) if k else (), draws=k // 2)
    if kind == "penalty":
        _, cards = resolving_creature(obs)
        return PenaltyContext(player=obs["active"], creature=cards, legion=LEGIONS[obs["penalties"][0][1]],
                              cards=obs["pen_need"], any_card=obs["pen_any"],
                              owing=tuple(p for p, _ in obs["penalties"]))
    if kind in ("songbird", "mockingbird", "executioner", "scavenger", "devourer"):
        index, cards = resolving_creature(obs)
        common = dict(player=obs["active"], creature=index, cards=cards, ability=kind.capitalize(),
                      remaining=tuple(ABILITIES[a] for a in obs["abilities"]))
        if kind == "songbird":
            return SongbirdContext(**common, revealed=tuple(obs["revealed"]))
        return _ABILITY_CONTEXTS[kind](**common)
    return Context()


def refs_of(obs: dict[str, Any], action: Any) -> Refs:
    """The card instances and seats an option names: a play names its card and, when it
    extends a Creature, that Creature's cards; a target names the player and the cards
    of the Creature; a discard names its card."""
    match action:
        case Play(card=card, slot=slot):
            if slot == NEW:
                return Refs(cards=(card,))
            actor = obs["active"]
            return Refs(cards=(card, *obs["creatures"][actor][slot]), players=(actor,))
        case Target(player=who, creature=idx):
            creatures = obs["creatures"][who]
            return Refs(cards=tuple(creatures[idx]) if idx < len(creatures) else (), players=(who,))
    named = getattr(action, "card", None)
    return Refs(cards=(named,)) if named is not None else Refs()


def labels_of(game: Any, obs: dict[str, Any], index: int) -> dict[str, str]:
    """Option ``index``'s label in English (:func:`describe_action`) and Japanese
    (gloam's translation, :func:`~gloam.nightmarium.i18n.action_label_ja`)."""
    return {"en": describe_action(game, obs, index),
            "ja": action_label_ja(game, obs, game.action_space[index])}


class Labels(Mapping):
    """An option's label per language (``{"en": …, "ja": …}``), worked out when first
    read, from the observation captured when the decision was built (so reading it
    later still describes that decision, and ``pending()`` stays cheap)."""

    __slots__ = ("_game", "_obs", "_index", "_made")

    def __init__(self, game: Any, obs: dict[str, Any], index: int) -> None:
        self._game = game
        self._obs = obs  # a private copy: nobody else holds it
        self._index = index
        self._made: dict[str, str] | None = None

    def __getitem__(self, lang: str) -> str:
        made = self._made
        if made is None:
            made = self._made = labels_of(self._game, self._obs, self._index)
        return made[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(LANGS)

    def __len__(self) -> int:
        return len(LANGS)

    def __repr__(self) -> str:
        return repr(dict(self))


def outcome_of(winner: int, turn: int, turn_limit: int, complete: list[int]) -> Outcome:
    """How a finished game ended: a player completed the Creatures needed (rule 192), the
    simulation's turn limit, or a dead position (docs/rules-decisions.md)."""
    if winner >= 0:
        others = ", ".join(f"player {p + 1} {n}" for p, n in enumerate(complete) if p != winner)
        return Outcome(winners=(winner,), reason=EndReason.CREATURES,
                       detail=f"player {winner + 1} completed {complete[winner]} Creatures"
                              f" (the others: {others})")
    if turn_limit and turn >= turn_limit:
        return Outcome(winners=(), reason=EndReason.TURN_LIMIT,
                       detail=f"the turn limit of {turn_limit} turns was reached")
    return Outcome(winners=(), reason=EndReason.DEAD_POSITION,
                   detail=f"no card can ever be played again (turn {turn}): nobody can win")
