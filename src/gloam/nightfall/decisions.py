"""Nightfall's typed decisions: the kind of every decision the engine asks
(:class:`NightfallKind`) and, per kind, a frozen :class:`~gloam.core.decisions.Context`
saying what is being decided and about what, read from the state by
:func:`decision_context` (the frame that asks is always the top of the frame stack).

A context goes to the deciding seat only (``state.pending()``, the ``"decision"`` field
of that seat's observation), so it may name what that seat alone sees (its draft hand,
the hand it is looking at); it never names anything the decider could not see.

>>> from gloam.nightfall.game import NightfallGame
>>> s = NightfallGame(players=2).new_initial_state(3)
>>> s.decision_kind() is NightfallKind.COMBAT_WINDOW, s.decision_context().window
(True, 'before attackers')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gloam.core.decisions import Context
from gloam.nightfall.actions import Archive, Card, Done, Feed, Play, Player, action_space

#: the state these functions read: a ``NightfallState`` (``state.py`` imports this module,
#: so it is not imported back, not even for type checking: no import circle)
NightfallState = Any


class NightfallKind(StrEnum):
    """Every kind of decision Nightfall asks (``Ask`` kinds in phases.py, verbs.py and
    setup.py), and ``over`` once the game has ended."""

    #: send a minion to attack an opponent (rules 103-105)
    ATTACK = "attack"
    #: block an attacker with a minion, or stop blocking (rules 106-108)
    BLOCK = "block"
    #: start a chain with an order, or pass (rules 122-123)
    CHAIN_START = "chain_start"
    #: discard a card from your hand because an effect says so
    CHOOSE_DISCARD = "choose_discard"
    #: discard another wound from your hand (NF wound effect), or stop
    CHOOSE_WOUNDS = "choose_wounds"
    #: claim an archive's top card, discard a card for influence, or stop (rules 143-152)
    CLAIM = "claim"
    #: play a card's combat text in a combat window, or pass (rules 81-86)
    COMBAT_WINDOW = "combat_window"
    #: pick a card of your draft hand (rules 20-22, 26, 30)
    DRAFT = "draft"
    #: pay the feed price to resolve a text again, or pass (rules 88-92)
    FEED = "feed"
    #: link an order to the chain, or stop (rules 124-127)
    LINK = "link"
    #: "you may discard a card to …": a card to discard, or pass
    MAY_DISCARD = "may_discard"
    #: keep the moon, move it to the bottom, or shuffle the moon stack (rules 98, 157)
    MOON = "moon"
    #: "you may …": resolve the optional text, or not
    OPTIONAL = "optional"
    #: which minion that must block damage to you absorbs it first (rules 113-116)
    ORDER_BLOCKERS = "order_blockers"
    #: which player an effect "at once" affects next (rule 73)
    ORDER_EVENTS = "order_events"
    #: the two starting minions of one colour (rule 34)
    STARTERS = "starters"
    #: a target archive
    TARGET_ARCHIVE = "target_archive"
    #: a target card outside play (a hand, a discard pile, a deck)
    TARGET_CARD = "target_card"
    #: a target minion in play (rules 67-72)
    TARGET_MINION = "target_minion"
    #: a target player
    TARGET_PLAYER = "target_player"
    #: use one wound effect in the Cleanup Phase, or pass (rules 155, 159)
    WOUND_EFFECT = "wound_effect"
    #: the game is over: nothing is asked
    OVER = "over"


#: each kind by its name (``KINDS["claim"]``), faster than ``NightfallKind("claim")``
KINDS: dict[str, NightfallKind] = {str(k): k for k in NightfallKind}

#: verbs whose target suffers (the chooser's opponent's minions or players are the aim)
HOSTILE_VERBS = frozenset({
    "damage", "destroy", "discard", "inspect_discard", "fight", "minion_to_deck", "take_control",
    "self_and_controller_damage", "receive_target", "lose_influence", "damage_player",
    "damage_opponents", "damage_each", "receive", "each_opponent_discards",
})


# ---------------------------------------------------------------------- shared parts
@dataclass(frozen=True, slots=True)
class OpenAttack:
    """One declared attack of this combat: its number (what ``Block(slot, attack)``
    names), the attacking minion, its controller, the player it attacks, the minions
    blocking it in the order they absorb damage (rule 107), and whether it may not be
    blocked."""

    attack: int
    attacker: int
    controller: int
    target: int
    blockers: tuple[int, ...]
    unblockable: bool

    def to_json(self) -> dict[str, Any]:
        return {"attack": self.attack, "attacker": self.attacker, "controller": self.controller,
                "target": self.target, "blockers": list(self.blockers), "unblockable": self.unblockable}


@dataclass(frozen=True, slots=True)
class ChainLink:
    """One card of the chain, bottom first: the card, who played it, its colour, and
    whether its kicker is live (rules 135, 138)."""

    card: int
    player: int
    colour: str | None
    kicker: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "player": self.player, "colour": self.colour, "kicker": self.kicker}


@dataclass(frozen=True, slots=True)
class ArchiveOffer:
    """An archive the player may claim from now: its index (``Archive(k)``), the card
    claiming takes (its top card, a card data id; a wound Pipe Bomb put on top is the
    wound, rule 152), whose it is (-1: the commons), the printed cost, what claiming it
    costs now (after discounts and free claims; 0 for a wound) and, for a wound, its
    type (else None). Read from :meth:`Effects.claim_terms`, as the claim itself is."""

    archive: int
    card: str
    owner: int
    printed_cost: int
    cost: int
    wound_type: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"archive": self.archive, "card": self.card, "owner": self.owner,
                "printed_cost": self.printed_cost, "cost": self.cost, "wound_type": self.wound_type}


# ---------------------------------------------------------------------- contexts
@dataclass(frozen=True)
class AttackContext(Context):
    """Rules 103-105: ``player`` sends ``free_minions`` one at a time, each at one of
    ``opponents``; ``attacks`` are those already declared (in resolution order)."""

    player: int
    free_minions: tuple[int, ...]
    opponents: tuple[int, ...]
    attacks: tuple[OpenAttack, ...]


@dataclass(frozen=True)
class BlockContext(Context):
    """Rules 106-108: ``defender`` blocks with one of ``free_minions``; ``attacks`` are
    every open attack of this combat (with their current blockers); ``blockable`` the
    attack numbers aimed at the defender that may be blocked."""

    defender: int
    attacks: tuple[OpenAttack, ...]
    blockable: tuple[int, ...]
    free_minions: tuple[int, ...]


@dataclass(frozen=True)
class CombatWindowContext(Context):
    """Rules 81-86: the combat window ``window`` ("before attackers", "after attackers",
    "after blockers", "after damage") of ``active``'s combat; ``passes`` in a row so far
    (it closes when every player has passed in a row; the open attacks are the
    observation's ``combat``)."""

    window: str
    active: int
    passes: int


@dataclass(frozen=True)
class ChainStartContext(Context):
    """Rules 122-123: the active player may start a chain (it is empty)."""

    player: int


@dataclass(frozen=True)
class LinkContext(Context):
    """Rules 124-127: the chain so far (bottom first); a card links if its colour is one
    of ``link_colours`` (the last card's); it gets its kicker if its kicker colour is
    ``last_colour`` (rule 138)."""

    player: int
    chain: tuple[ChainLink, ...]
    link_colours: tuple[str, ...]
    last_colour: str | None


@dataclass(frozen=True)
class FeedContext(Context):
    """Rules 88-92: feed ``source``'s ``text`` block (chain, kicker, wound text, in-play)
    again for the printed ``price``; ``can_pay`` says whether ``Feed`` is offered."""

    source: int
    player: int
    text: str
    price: str
    can_pay: bool


@dataclass(frozen=True)
class ClaimContext(Context):
    """Rules 143-152: ``influence`` left to spend; the archives the player may claim
    from now (those it can afford), each with its cost after ``discount`` (off each
    order, in-play text) and free claims; ``forced``: a wound on top of a claimable
    archive must be claimed before stopping (rule 152)."""

    player: int
    influence: int
    discount: int
    archives: tuple[ArchiveOffer, ...]
    forced: bool


@dataclass(frozen=True)
class WoundEffectContext(Context):
    """Rules 155, 159: in the Cleanup Phase ``player`` may use one wound effect;
    ``wounds`` are the usable wound cards in hand (empty: the question is asked anyway,
    so whether it is asked says nothing of the hand)."""

    player: int
    wounds: tuple[int, ...]


@dataclass(frozen=True)
class MoonContext(Context):
    """Rules 98, 157: ``moon`` (the current moon card) may stay, go to the bottom of the
    moon stack (``moons`` cards) or the stack may be shuffled."""

    moon: int
    moons: int


@dataclass(frozen=True)
class OrderBlockersContext(Context):
    """Rules 113-116: ``amount`` damage from ``source`` is inflicted on ``player``; which
    of ``blockers`` (minions that must block it) absorbs it first."""

    player: int
    amount: int
    source: int | None
    blockers: tuple[int, ...]


@dataclass(frozen=True)
class _TextContext(Context):
    """What every card-text decision shares: the card whose text asks (``source``, an
    instance id, or None), the player controlling the text, the seat choosing (``chooser``,
    rule 67), the verb (the frame op: damage, destroy, fight, …), the text block it comes
    from (chain, kicker, …), whether the verb is hostile, and for the ``continuous`` verb
    the effect it sets up (``unblockable``, ``claim_opposing``…), else None."""

    source: int | None
    controller: int
    chooser: int
    verb: str
    text: str | None
    hostile: bool
    effect: str | None


@dataclass(frozen=True)
class TargetMinionContext(_TextContext):
    """Rules 67-72: a target minion for ``verb``; ``amount`` its damage or other amount
    (a fight: the first minion's strength, once chosen) or None; ``first``: the minion
    already chosen to inflict a fight's damage; ``capture``: a minion sent to a hand goes
    to the controller's (who then owns it)."""

    amount: int | None
    first: int | None
    capture: bool


@dataclass(frozen=True)
class TargetPlayerContext(_TextContext):
    """A target player for ``verb``; ``amount`` its damage, wounds, cards… or None."""

    amount: int | None


@dataclass(frozen=True)
class TargetCardContext(_TextContext):
    """A target card outside play for ``verb`` (fetch, tutor, inspect_discard, …);
    ``victim``: whose hand is being looked at, else None; ``to``: where it goes (fetch);
    ``flag``: what marking an order does (mark_order), else None."""

    victim: int | None
    to: str | None
    flag: str | None


@dataclass(frozen=True)
class TargetArchiveContext(_TextContext):
    """A target archive for ``verb`` (``effect``: the continuous effect it gets, e.g.
    ``claim_opposing``)."""


@dataclass(frozen=True)
class OrderEventsContext(_TextContext):
    """Rule 73: ``verb`` affects ``players`` one at a time; which one next; ``amount``
    what each gets (damage, wounds) or None."""

    amount: int | None
    players: tuple[int, ...]


@dataclass(frozen=True)
class ChooseDiscardContext(_TextContext):
    """``victim`` discards ``left`` more card(s) of their choice (``wounds_only``: only
    wounds count, as for a wound price)."""

    victim: int
    left: int
    wounds_only: bool


@dataclass(frozen=True)
class ChooseWoundsContext(_TextContext):
    """The NF wound effect: discard other wounds, then draw 2 per wound; ``draws`` how
    many cards stopping now draws."""

    draws: int


@dataclass(frozen=True)
class OptionalContext(_TextContext):
    """"You may …": ``prompt`` is the optional text."""

    prompt: str


@dataclass(frozen=True)
class MayDiscardContext(_TextContext):
    """"You may discard a card (``wound_type``: a wound of that type) to resolve the rest
    of the text"."""

    wound_type: str | None


@dataclass(frozen=True)
class DraftContext(Context):
    """Rules 20-22, 26, 30: pick ``round`` (0-based) of ``rounds``; the pick goes to
    ``destination`` (private, commons, removed; ``private_pick`` of ``private_picks`` for
    a private one); ``hand``: the card data ids of the picker's draft hand, in ``Option``
    order (private to the picker)."""

    player: int
    round: int
    rounds: int
    destination: str
    private_pick: int
    private_picks: int
    hand: tuple[str, ...]


@dataclass(frozen=True)
class StartersContext(Context):
    """Rule 34: ``player`` chooses two starting minions of ``colour``; ``pairs`` (card data
    ids) in ``Option`` order; ``picks``: every player's starting minions chosen so far
    (public, setup.py ``choose_starters``)."""

    player: int
    colour: str
    pairs: tuple[tuple[str, ...], ...]
    picks: tuple[tuple[str, ...], ...]


#: the context class of each kind (``over`` has the empty base Context)
CONTEXTS: dict[NightfallKind, type[Context]] = {
    NightfallKind.ATTACK: AttackContext,
    NightfallKind.BLOCK: BlockContext,
    NightfallKind.CHAIN_START: ChainStartContext,
    NightfallKind.CHOOSE_DISCARD: ChooseDiscardContext,
    NightfallKind.CHOOSE_WOUNDS: ChooseWoundsContext,
    NightfallKind.CLAIM: ClaimContext,
    NightfallKind.COMBAT_WINDOW: CombatWindowContext,
    NightfallKind.DRAFT: DraftContext,
    NightfallKind.FEED: FeedContext,
    NightfallKind.LINK: LinkContext,
    NightfallKind.MAY_DISCARD: MayDiscardContext,
    NightfallKind.MOON: MoonContext,
    NightfallKind.OPTIONAL: OptionalContext,
    NightfallKind.ORDER_BLOCKERS: OrderBlockersContext,
    NightfallKind.ORDER_EVENTS: OrderEventsContext,
    NightfallKind.STARTERS: StartersContext,
    NightfallKind.TARGET_ARCHIVE: TargetArchiveContext,
    NightfallKind.TARGET_CARD: TargetCardContext,
    NightfallKind.TARGET_MINION: TargetMinionContext,
    NightfallKind.TARGET_PLAYER: TargetPlayerContext,
    NightfallKind.WOUND_EFFECT: WoundEffectContext,
    NightfallKind.OVER: Context,
}


# ---------------------------------------------------------------------- public facts
def combat(state: NightfallState) -> list[dict[str, Any]]:
    """Every attack declared in the combat in progress (empty outside combat), as plain
    :class:`OpenAttack` data."""
    active = state.active
    unblockable = state.game.effects.unblockable
    return [{"attack": i, "attacker": a["minion"], "controller": active, "target": a["target"],
             "blockers": list(a["blockers"]), "unblockable": unblockable(state, a)}
            for i, a in enumerate(state.flags.get("attacks") or ())]


def open_window(state: NightfallState) -> str | None:
    """The combat window open now (also while an effect played in it resolves), else None."""
    for frame in reversed(state.stack):
        if frame["op"] == "window":
            return frame["which"]
    return None


def pending_effect(state: NightfallState) -> dict[str, Any] | None:
    """The step the game is at (public): the top frame's op, and the controller and the
    source card of the effect it belongs to when it has them."""
    if not state.stack:
        return None
    top = state.stack[-1]
    controller, source = top.get("controller"), top.get("source")
    return {"op": top["op"],
            "controller": controller if isinstance(controller, int) else None,
            "source": source if isinstance(source, int) else None}


def starter_picks(state: NightfallState) -> list[list[list[str]]] | None:
    """While starting decks are customised (rule 34, setup.py ``choose_starters``): each
    player's chosen pairs of starting minions so far (card data ids; public), else None."""
    frame = next((f for f in reversed(state.stack) if f["op"] == "starters"), None)
    if frame is None:
        return None
    picks = frame.get("picks") or [[] for _ in range(state.game.num_players)]
    return [[list(pair) for pair in player] for player in picks]


# ---------------------------------------------------------------------- the context
def decision_json(state: NightfallState) -> dict[str, Any] | None:
    """The pending decision's context as plain data, equal to
    ``decision_context(state).to_json()`` but made without the dataclass (it is part of
    every observation of the deciding seat); None when the game is over."""
    ask = state.ask
    if ask is None or not state.stack:
        return None
    cls, data = _BUILDERS[ask.kind](state, state.stack[-1], ask)  # a StrEnum key is found by its str
    return {"type": cls.__name__, **data}


def decision_context(state: NightfallState) -> Context:
    """The typed context of ``state``'s pending decision (the base :class:`Context`
    when the game is over)."""
    ask = state.ask
    if ask is None or not state.stack:
        return Context()
    cls, data = _BUILDERS[ask.kind](state, state.stack[-1], ask)
    parts = _PART_FIELDS.get(cls, {})
    fields = {}
    for name, value in data.items():
        if name in parts:
            value = tuple(parts[name](**{k: tuple(v) if type(v) is list else v for k, v in d.items()})
                          for d in value)
        elif type(value) is list:
            value = tuple(tuple(v) if type(v) is list else v for v in value)
        fields[name] = value
    return cls(**fields)


_DONE = action_space().index(Done())
_FEED = action_space().index(Feed())


def _options(ask) -> list[Any]:
    """The asked options as typed actions."""
    table = action_space().actions
    return [table[i] for i in ask.options]


def _attack(state, frame, ask):
    attacks = combat(state)
    sent = {a["attacker"] for a in attacks}
    return AttackContext, {"player": ask.player, "free_minions": [m for m in state.play[ask.player] if m not in sent],
                           "opponents": state.opponents(ask.player), "attacks": attacks}


def _block(state, frame, ask):
    attacks = combat(state)
    q = ask.player
    busy = {b for a in attacks for b in a["blockers"]}
    raw = state.flags["attacks"]
    blockable = [i for i, a in enumerate(raw) if a["target"] == q and not state.game.effects.unblockable(state, a)]
    return BlockContext, {"defender": q, "attacks": attacks, "blockable": blockable,
                          "free_minions": [m for m in state.play[q] if m not in busy]}


def _window(state, frame, ask):
    return CombatWindowContext, {"window": frame["which"], "active": state.active, "passes": frame["passes"]}


def _chain_start(state, frame, ask):
    return ChainStartContext, {"player": ask.player}


def _link(state, frame, ask):
    last = state.card(state.chain[-1]["card"])
    chain = [{"card": e["card"], "player": e["player"], "colour": state.card(e["card"]).colour,
              "kicker": bool(e["kicker"])} for e in state.chain]
    return LinkContext, {"player": ask.player, "chain": chain, "link_colours": list(last.link_colours),
                         "last_colour": last.colour}


def _feed(state, frame, ask):
    source = frame["card"] if frame["op"] == "resolve_card" else frame["source"]  # else offer_feed
    card = state.card(source)
    return FeedContext, {"source": source, "player": ask.player,
                         "text": state.game.effects.texts(state.cards[source]).feed_on,
                         "price": card.feed.cost if card.feed is not None else "",
                         "can_pay": _FEED in ask.options}


def _claim(state, frame, ask):
    p = ask.player
    effects = state.game.effects
    discount, mine = effects._claim_context(state, p)
    options = _options(ask)
    offers = []
    for a in options:
        if isinstance(a, Archive):  # the claim's own terms: the card it takes, what it costs
            top, cost, _ = effects.claim_terms(state, p, a.archive, discount, mine)
            offers.append({"archive": a.archive, "card": state.cards[top], "owner": state.archives[a.archive]["owner"],
                           "printed_cost": state.card(top).cost or 0, "cost": cost,
                           "wound_type": state.wtype[top]})
    return ClaimContext, {"player": p, "influence": state.influence, "discount": discount, "archives": offers,
                          "forced": _DONE not in ask.options}


def _wound_effect(state, frame, ask):
    return WoundEffectContext, {"player": ask.player, "wounds": [a.card for a in _options(ask) if isinstance(a, Play)]}


def _moon(state, frame, ask):
    return MoonContext, {"moon": state.moons[-1], "moons": len(state.moons)}


def _order_blockers(state, frame, ask):
    source = frame.get("source")
    return OrderBlockersContext, {"player": frame["player"], "amount": frame["amount"],
                                  "source": source if isinstance(source, int) else None,
                                  "blockers": [a.card for a in _options(ask) if isinstance(a, Card)]}


def _text(state, frame, ask) -> dict[str, Any]:
    """The fields of :class:`_TextContext` from the asking frame."""
    source = frame.get("source")
    verb = frame["op"]
    return {"source": source if isinstance(source, int) else None, "controller": frame.get("controller", ask.player),
            "chooser": ask.player, "verb": verb, "text": frame.get("text"), "hostile": verb in HOSTILE_VERBS,
            "effect": frame.get("kind") if verb == "continuous" else None}


def _amount(frame) -> int | None:
    amount = frame.get("amount")
    return amount if isinstance(amount, int) and not isinstance(amount, bool) else None


def _target_minion(state, frame, ask):
    first = frame.get("first") if frame["op"] == "fight" else None
    amount = _amount(frame)
    if first is not None and amount is None and first in state.minions:
        amount = state.strength(first)  # a fight: the first minion inflicts its strength
    return TargetMinionContext, {**_text(state, frame, ask), "amount": amount, "first": first,
                                 "capture": bool(frame.get("capture"))}


def _target_player(state, frame, ask):
    return TargetPlayerContext, {**_text(state, frame, ask), "amount": _amount(frame)}


def _target_card(state, frame, ask):
    return TargetCardContext, {**_text(state, frame, ask),
                               "victim": frame.get("victim") if frame["op"] == "inspect_discard" else None,
                               "to": frame.get("to") if frame["op"] == "fetch" else None,
                               "flag": frame.get("flag") if frame["op"] == "mark_order" else None}


def _target_archive(state, frame, ask):
    return TargetArchiveContext, _text(state, frame, ask)


def _order_events(state, frame, ask):
    return OrderEventsContext, {**_text(state, frame, ask), "amount": _amount(frame),
                                "players": [a.player for a in _options(ask) if isinstance(a, Player)]}


def _choose_discard(state, frame, ask):
    return ChooseDiscardContext, {**_text(state, frame, ask), "victim": frame["victim"], "left": frame["left"],
                                  "wounds_only": bool(frame.get("wounds_only"))}


def _choose_wounds(state, frame, ask):
    return ChooseWoundsContext, {**_text(state, frame, ask), "draws": 2 * frame.get("count", 1)}


def _optional(state, frame, ask):
    return OptionalContext, {**_text(state, frame, ask), "prompt": str(frame.get("prompt") or "")}


def _may_discard(state, frame, ask):
    return MayDiscardContext, {**_text(state, frame, ask), "wound_type": frame.get("wound_type")}


def _draft(state, frame, ask):
    d = state.flags["draft"]
    schedule, r = d["schedule"], d["round"]
    return DraftContext, {"player": ask.player, "round": r, "rounds": len(schedule), "destination": schedule[r],
                          "private_pick": schedule[: r + 1].count("private"),
                          "private_picks": schedule.count("private"), "hand": list(d["hands"][ask.player])}


def _starters(state, frame, ask):
    from gloam.nightfall import setup

    colour, ids = setup.starter_colours(state.game)[len(frame["picks"][ask.player])]
    return StartersContext, {"player": ask.player, "colour": colour,
                             "pairs": [list(pair) for pair in setup.starter_pairs(ids)],
                             "picks": [[c for pair in picks for c in pair] for picks in frame["picks"]]}


#: fields holding parts (lists of plain dicts in the JSON, tuples of dataclasses typed)
_PART_FIELDS: dict[type, dict[str, type]] = {
    AttackContext: {"attacks": OpenAttack},
    BlockContext: {"attacks": OpenAttack},
    LinkContext: {"chain": ChainLink},
    ClaimContext: {"archives": ArchiveOffer},
}

_BUILDERS = {
    NightfallKind.ATTACK: _attack,
    NightfallKind.BLOCK: _block,
    NightfallKind.CHAIN_START: _chain_start,
    NightfallKind.CHOOSE_DISCARD: _choose_discard,
    NightfallKind.CHOOSE_WOUNDS: _choose_wounds,
    NightfallKind.CLAIM: _claim,
    NightfallKind.COMBAT_WINDOW: _window,
    NightfallKind.DRAFT: _draft,
    NightfallKind.FEED: _feed,
    NightfallKind.LINK: _link,
    NightfallKind.MAY_DISCARD: _may_discard,
    NightfallKind.MOON: _moon,
    NightfallKind.OPTIONAL: _optional,
    NightfallKind.ORDER_BLOCKERS: _order_blockers,
    NightfallKind.ORDER_EVENTS: _order_events,
    NightfallKind.STARTERS: _starters,
    NightfallKind.TARGET_ARCHIVE: _target_archive,
    NightfallKind.TARGET_CARD: _target_card,
    NightfallKind.TARGET_MINION: _target_minion,
    NightfallKind.TARGET_PLAYER: _target_player,
    NightfallKind.WOUND_EFFECT: _wound_effect,
}
