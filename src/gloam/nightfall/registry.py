"""Cards are data plus small effect functions: this module joins them and answers the
engine's questions about card text (which cards have combat text now, does this minion
stay in play, what does a moon change…).

An effect function is registered under a card's ``effect`` key and returns the card's
:class:`Texts`: its text blocks as lists of verb frames (``verbs.py``) and a few static
properties. :class:`Effects` checks at load time that every card has its function, every
function has its card, and every text block printed on a card has frames (and no frames
exist for a block the card lacks): any mismatch raises :class:`CardDataError`.

A player's own card file (:mod:`gloam.nightfall.user_cards`) may give an order a text
block that another card prints (``Card.text_from``): that block's frames are then the
other card's (:func:`borrow`), and the same checks join them to the data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, NamedTuple

from gloam.core.errors import CardDataError
from gloam.nightfall.cards import Card, CardSet, packaged_card
from gloam.nightfall.state import MINION_EFFECTS, STAY_IN_PLAY

EFFECTS: dict[str, Callable[[Card], Texts]] = {}


def effect(key: str) -> Callable:
    """Register the effect function of the card(s) whose ``effect`` key is ``key``."""

    def register(function: Callable[[Card], Texts]) -> Callable[[Card], Texts]:
        if key in EFFECTS:
            raise CardDataError(f"effect {key!r} registered twice")
        EFFECTS[key] = function
        return function

    return register


@dataclass(frozen=True)
class Texts:
    """A card's text as frames. Empty lists mean the card has no such text."""

    chain: list[dict] = field(default_factory=list)
    your_chain: list[dict] = field(default_factory=list)
    kicker: list[dict] = field(default_factory=list)
    feed: list[dict] = field(default_factory=list)  # the feed price, as frames
    feed_on: str | None = None  # chain, kicker, in_play, wound_text
    combat: list[dict] = field(default_factory=list)  # "Combat:" (any player, from hand)
    your_combat: list[dict] = field(default_factory=list)  # "Your Combat:"
    combat_keeps_card: bool = False  # combat text that puts the card into play instead
    on_attack: list[dict] = field(default_factory=list)  # in-play "when this card attacks"
    wound: list[dict] = field(default_factory=list)  # a wound card's effect
    wound_phase: str | None = None  # cleanup, combat, chain
    attached_strength: int = 0  # an attached action's strength bonus to its minion
    keeps_minion: bool = False  # an attached action keeping its minion in play
    stays_in_play: bool = False
    blocks_player_damage: bool = False
    unblockable: bool = False  # in-play "This card cannot be blocked." (Alton Hickman)
    to_hand_when_destroyed: bool = False  # in-play "When this card is destroyed, place it into its owner's hand."
    claim_discount: int = 0  # in-play "Orders you claim cost N less." (Sir John Travail; copies stack)
    kicker_replaces_chain: bool = False  # a kicker that says "Do not resolve this card's chain text" (Death Grip)
    strength_per_opposing_destroyed: int = 0  # "Snowstorm"
    destroyed_end_of_turn: bool = False  # "At the end of each turn, destroy this card unless it came into
    # play this turn." (Wight Trash)
    on_friendly_destroyed: list[dict] = field(default_factory=list)  # in-play "When a friendly minion is destroyed, …"
    cleanup_draw: int = 0  # in-play "Draw N cards at the end of your Cleanup Phase." ("Brynna & Taylor")
    moon: dict[str, Any] = field(default_factory=dict)  # a moon's global effect


_BLOCKS = {  # card data field -> Texts fields that must be non-empty exactly when it is set
    "chain": ("chain",),
    "your_chain": ("your_chain",),
    "kicker": ("kicker",),
    "combat": ("combat",),
    "your_combat": ("your_combat",),
    "wound_text": ("wound",),
    "global_text": ("moon",),
}


#: the :class:`Texts` fields each printed text block of an order runs (a block's Feed
#: clause, ``feed``/``feed_on``, goes with the block it is printed in)
BLOCK_FIELDS: dict[str, tuple[str, ...]] = {
    "chain": ("chain",),
    "your_chain": ("your_chain",),
    "kicker": ("kicker", "kicker_replaces_chain"),
    "combat": ("combat", "combat_keeps_card"),
    "your_combat": ("your_combat",),
    "in_play": ("on_attack", "attached_strength", "keeps_minion", "stays_in_play", "blocks_player_damage",
                "unblockable", "to_hand_when_destroyed", "claim_discount", "strength_per_opposing_destroyed",
                "destroyed_end_of_turn", "on_friendly_destroyed", "cleanup_draw"),
}
#: the fields of moons and wounds, and the feed (which follows its block)
OTHER_FIELDS = ("feed", "feed_on", "wound", "wound_phase", "moon")
#: frame ops that act on the card running them (place it into play, exile it, attach it,
#: …): a text with one runs only on a card of the same kind (a minion's on a minion)
SELF_OPS = frozenset({"attach_self", "discard_self", "enter_play_self", "exile_self", "keep_self", "place_self"})
#: frame ops that read what the same card's chain text did, with the op that chain needs
_NEEDS_CHAIN_OP = {"reveal_tutored": "tutor", "damage_exiled_cost": "exile_order_from_discard"}


def frame_ops(frames: list) -> set[str]:
    """Every op in ``frames``, nested ones included (``then_if_destroyed``, ``may``, …)."""
    return {frame["op"] for frame in _walk(frames)}


def block_frames(texts: Texts, block: str) -> list[dict]:
    """The frames of one printed text block (with its feed price if the Feed is on it)."""
    frames: list[dict] = []
    for name in BLOCK_FIELDS[block]:
        value = getattr(texts, name)
        if isinstance(value, list):
            frames += value
    return frames + (list(texts.feed) if texts.feed_on == block else [])


def chain_needs(texts: Texts, block: str) -> str | None:
    """The op this block needs in its own card's chain text (Tactical Prep's kicker reveals
    the card its chain drew; Leave Me!'s kicker doubles the order its chain chose), or None."""
    for frame in _walk(block_frames(texts, block)):
        op = frame.get("op")
        if op in _NEEDS_CHAIN_OP:
            return _NEEDS_CHAIN_OP[op]
        if op == "resolve_twice" and frame.get("which") == "that":
            return "mark_order"
    return None


def _walk(frames: list) -> list[dict]:
    """Every frame in ``frames`` and nested in them."""
    out, stack = [], list(frames)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("op"), str):
                out.append(item)
            stack.extend(v for v in item.values() if isinstance(v, (list, dict)))
        elif isinstance(item, list):
            stack.extend(item)
    return out


def card_texts(card: Card) -> Texts:
    """The :class:`Texts` of one card: its effect function's, with the blocks its
    ``text_from`` names taken from those cards' functions (:func:`borrow`)."""
    import gloam.nightfall.effects  # noqa: F401  (registers every effect module)

    function = EFFECTS.get(card.effect)
    if function is None:
        raise CardDataError(f"card {card.id!r} has no effect function {card.effect!r}")
    texts = function(card)
    return borrow(card, texts) if card.text_from else texts


def borrow(card: Card, texts: Texts) -> Texts:
    """``texts`` with each block of ``card.text_from`` replaced by the frames the named
    card runs for that block (None: the block cleared); a Feed goes with its block. Fails
    loudly if the named card does not print the same text."""
    changes: dict[str, Any] = {}
    for block, donor_id in card.text_from.items():
        if block not in BLOCK_FIELDS:
            raise CardDataError(f"card {card.id!r}: {block!r} is no text block a card can take from another")
        if texts.feed_on == block:
            changes.update(feed=[], feed_on=None)
        if donor_id is None:
            empty = Texts()
            changes.update({name: getattr(empty, name) for name in BLOCK_FIELDS[block]})
            continue
        try:
            donor = packaged_card(donor_id)
        except KeyError:
            raise CardDataError(f"card {card.id!r}: its {block} text is run by {donor_id!r}, which no set prints") \
                from None
        if donor.block(block) != card.block(block):
            raise CardDataError(f"card {card.id!r}: its {block} text is not the one {donor_id!r} prints")
        donor_texts = EFFECTS[donor.effect](donor)
        changes.update({name: getattr(donor_texts, name) for name in BLOCK_FIELDS[block]})
        if donor_texts.feed_on == block:
            changes.update(feed=donor_texts.feed, feed_on=block)
    return replace(texts, **changes)


_NO_MOON: Mapping[str, Any] = MappingProxyType({})  # no moon, or not its phase


class ClaimTerms(NamedTuple):
    """A claim's terms (:meth:`Effects.claim_terms`): the card instance taken, the
    influence paid, the live effects it uses up (an opposing-archive permission, a free
    claim)."""

    card: int
    cost: int
    permissions: list[dict]

#: the live effects that change what may be claimed (:meth:`Effects.claim_terms`)
CLAIM_EFFECTS = frozenset({"claim_opposing", "claim_opposing_any", "claim_free"})


class Effects:
    """The effect functions of every card of the given sets, checked against the data."""

    def __init__(self, sets: list[CardSet]) -> None:
        import gloam.nightfall.effects  # noqa: F401  (registers every effect module)

        self._texts: dict[str, Texts] = {}
        self._cost: dict[str, int] = {}  # card id -> printed cost (0 for none): claims read it often
        used = set()
        for card_set in sets:
            for card in card_set.cards:
                texts = card_texts(card)
                check_texts(card, texts)
                self._texts[card.id] = texts
                self._cost[card.id] = card.cost or 0
                used.add(card.effect)
        # what the chain asks of a card id on every link (the card data never changes)
        self.order_ids = frozenset(c.id for s in sets for c in s.cards if c.is_order)
        self.colour_of = {c.id: c.colour for s in sets for c in s.cards}
        self.link_colours_of = {c.id: frozenset(c.link_colours) for s in sets for c in s.cards}
        # the card ids whose text a hand card offers in a combat window (combat_cards)
        self._combat_ids = frozenset(k for k, t in self._texts.items() if t.combat)
        self._your_combat_ids = frozenset(k for k, t in self._texts.items() if t.your_combat)
        self._wound_combat_ids = frozenset(k for k, t in self._texts.items() if t.wound_phase == "combat")
        # one set per (whose window, wound effect still usable): a wound's card id is never a
        # non-wound card's, so one membership test per hand card says it all (combat_cards)
        wound_ids = frozenset(c.id for s in sets for c in s.cards if c.type == "wound")
        if wound_ids & (self._combat_ids | self._your_combat_ids) or self._wound_combat_ids - wound_ids:
            raise CardDataError("a wound card with combat text, or a non-wound card with a wound's combat effect")
        self._window_ids = (self._combat_ids, self._combat_ids | self._your_combat_ids,
                            self._combat_ids | self._your_combat_ids | self._wound_combat_ids)
        orphans = sorted(k for k in EFFECTS if k.split(".")[0] in {s.code.lower() for s in sets} and k not in used)
        if orphans:
            raise CardDataError(f"effect functions with no card: {', '.join(orphans)}")

    def texts(self, card_id: str) -> Texts:
        return self._texts[card_id]

    # ------------------------------------------------------------------ combat
    def combat_cards(self, state, player: int) -> list[int]:
        """Hand cards whose combat text ``player`` may use now (rules 81-84, 159)."""
        if player != state.active:
            ids = self._window_ids[0]                      # Combat text only
        elif state.flags.get("wound_effect_used"):
            ids = self._window_ids[1]                      # and Your Combat text
        else:
            ids = self._window_ids[2]                      # and a wound's combat effect (rule 159)
        cards, out = state.cards, []
        for cid in state.hands[player]:
            if cards[cid] in ids:
                out.append(cid)
        return out

    def on_attack(self, state, minion: int) -> list[dict]:
        t = self._texts[state.cards[minion]]
        if not t.on_attack:
            return []
        if t.feed and t.feed_on == "in_play":
            from gloam.nightfall.verbs import feed_offer

            return t.on_attack + [feed_offer(t.feed, t.on_attack)]
        return list(t.on_attack)

    def unblockable(self, state, attack: dict) -> bool:
        """Whether no minion may be assigned to block this attack (rule 106): the moon
        (Dark of the Moon), the attacker's own In Play text (Alton Hickman) or an effect on
        it ("Bone Cruncher"). Its damage still meets direct-damage blockers unless
        :meth:`damage_unblockable` says otherwise (000 FAQ Alton Hickman)."""
        if attack["unblockable"] or self._moon(state).get("unblockable"):
            return True
        if self._texts[state.cards[attack["minion"]]].unblockable:
            return True
        return bool(state.effects) and any(e["kind"] == "unblockable" and e.get("target") == attack["minion"]
                                           for e in state.effects)

    def damage_unblockable(self, state, minion: int) -> bool:
        """Whether the damage ``minion`` inflicts is unblockable too: no direct-damage
        blocker absorbs it ("Bone Cruncher", 003: "make target minion and its damage
        unblockable"; the effect's ``damage`` flag)."""
        return bool(state.effects) and any(e["kind"] == "unblockable" and e.get("damage") and e.get("target") == minion
                                           for e in state.effects)

    def stays_in_play(self, state, minion: int) -> bool:
        """Rule 118, and attached actions like Still Standing."""
        if state.card(minion).in_play == STAY_IN_PLAY or self._texts[state.cards[minion]].stays_in_play:
            return True
        return any(self._texts[state.cards[a]].keeps_minion for a in state.minions[minion]["attached"])

    def to_hand_when_destroyed(self, state, minion: int) -> bool:
        return self._texts[state.cards[minion]].to_hand_when_destroyed

    def end_of_turn(self, state) -> None:
        """At the end of each turn: minions whose text destroys them then (Wight Trash) are
        destroyed unless they came into play this turn."""
        for minion in [m for pile in state.play for m in pile]:
            if self._texts[state.cards[minion]].destroyed_end_of_turn \
                    and state.minions[minion]["turn"] != state.turn:
                state.leave_play(minion, "destroyed")

    def friendly_destroyed(self, state, controller: int) -> None:
        """In-play text of ``controller``'s minions still in play that triggers when a
        friendly minion is destroyed (Ahmad Hassan): its frames go just beneath the running
        frame, so they resolve once the effect or combat step that destroyed it is done.
        In-play text sets a value and does not stack (003 Ahmad Hassan): one copy triggers."""
        for m in list(state.play[controller]):
            frames = self._texts[state.cards[m]].on_friendly_destroyed
            if frames:
                at = max(0, len(state.stack) - 1)
                for frame in reversed(frames):
                    state.stack.insert(at, {**frame, "source": m, "controller": controller})
                return

    def cleanup_draw(self, state, player: int) -> int:
        """Cards ``player`` draws at the end of his Cleanup Phase from his minions' in-play
        text ("Brynna & Taylor"; in-play text sets a value and does not stack, 003)."""
        return max((self._texts[state.cards[m]].cleanup_draw for m in state.play[player]), default=0)

    def blocks_player_damage(self, state, minion: int) -> bool:
        return self._texts[state.cards[minion]].blocks_player_damage

    # ------------------------------------------------------------------ strength
    def attached_strength(self, card_id: str) -> int:
        return self._texts[card_id].attached_strength

    def own_strength(self, state, minion: int) -> int:
        per = self._texts[state.cards[minion]].strength_per_opposing_destroyed
        if not per:
            return 0
        controller = state.minions[minion]["controller"]
        destroyed = state.flags.get("destroyed", [0] * state.game.num_players)
        return per * sum(n for q, n in enumerate(destroyed) if q != controller)

    def moon_attack_bonus(self, state, minion: int) -> int:
        moon = self._moon(state)
        keyword = moon.get("attack_bonus_keyword")
        return moon.get("attack_bonus", 0) if keyword and state.card(minion).keyword == keyword else 0

    # ------------------------------------------------------------------ chain
    def chain_wounds(self, state, player: int) -> list[int]:
        """Wounds whose "Your Chain" effect the active player may use (once per turn,
        even after another wound effect)."""
        if player != state.active or state.flags.get("chain_wound_used"):
            return []
        return self._wounds_for(state, player, "chain")

    def _wounds_for(self, state, player: int, phase: str) -> list[int]:
        """The wounds in ``player``'s hand whose effect is used in ``phase`` (a plain loop:
        hands are short, and a comprehension's own call costs more than it saves)."""
        wtype, cards, texts, out = state.wtype, state.cards, self._texts, []
        for c in state.hands[player]:
            if wtype[c] is not None and texts[cards[c]].wound_phase == phase:
                out.append(c)
        return out

    def gets_kicker(self, state, cid: int, player: int, linked_kicker: bool) -> bool:
        """Rules 135-141: the kicker earned by linking, or given by Blue Moon to every
        action; none for a player whose orders were denied their kickers."""
        if state.effects and any(e["kind"] == "no_kickers" and e.get("target") == player for e in state.effects):
            return False
        if linked_kicker:
            return True
        return bool(self._moon(state).get("actions_kicker")) and state.card(cid).type == "action" \
            and state.card(cid).kicker is not None

    def negates_chain_damage(self, state, minion: int, frame: dict) -> bool:
        """Butcher's Moon: damage from chain text (not kicker text) on its keyword."""
        moon = self._moon(state)
        keyword = moon.get("negate_chain_damage_keyword")
        return (bool(keyword) and frame.get("text") == "chain"
                and state.card(minion).keyword == keyword)

    def can_pay(self, state, player: int, cost: list[dict]) -> bool:
        need = sum(f["amount"] for f in cost if f["op"] == "discard" and not f["wounds_only"])
        wounds = sum(f["amount"] for f in cost if f["op"] == "discard" and f["wounds_only"])
        hand = state.hands[player]
        return len(hand) >= need + wounds and sum(1 for c in hand if state.wtype[c] is not None) >= wounds

    # ------------------------------------------------------------------ claim
    def influence_multiplier(self, state, player: int) -> int:
        """2 while the player's influence is worth double ("Indigo Six"; it sets a value,
        so copies do not stack, 003), else 1."""
        if not state.effects:
            return 1
        return 2 if any(e["kind"] == "influence_double" and e.get("player") == player for e in state.effects) else 1

    def claim_discount(self, state, player: int) -> int:
        """Influence off each order ``player`` claims, from friendly in-play text (Sir John
        Travail: each copy 1 less, 000 FAQ)."""
        texts, cards, discount = self._texts, state.cards, 0
        for m in state.play[player]:
            discount += texts[cards[m]].claim_discount
        return discount

    def extra_influence(self, state) -> int:
        return self._moon(state).get("influence", 0) + state.flags.get("bonus_influence", 0)

    def claimable(self, state, player: int) -> list[int]:
        """Rules 143-152: archives whose top card ``player`` may claim now."""
        texts, cards, discount = self._texts, state.cards, 0   # _claim_context, inlined
        for m in state.play[player]:
            discount += texts[cards[m]].claim_discount
        mine = [e for e in state.effects if e.get("player") == player and e.get("count", 1) > 0] \
            if state.effects else None
        # :meth:`claim_terms` inlined (it is not None exactly for the archives kept here)
        openings: set[Any] = set()  # archives an opposing-archive permission opens (Victor One)
        any_opposing, free_up_to = False, []  # "Indigo Six"'s kicker; free claims' max costs (Kaos 33)
        if mine and any(e["kind"] in CLAIM_EFFECTS for e in mine):
            openings = {e.get("archive") for e in mine if e["kind"] == "claim_opposing"}
            any_opposing = any(e["kind"] == "claim_opposing_any" for e in mine)
            free_up_to = [e["max_cost"] for e in mine if e["kind"] == "claim_free"]
        wtype, cost_of, influence = state.wtype, self._cost, state.influence
        if not (openings or any_opposing or free_up_to) and influence >= 0:
            # the usual case, in one pass: the commons and your own archives, a top that is a
            # wound (cost 0) or whose printed cost less the discount is within your influence
            most, out = influence + discount, []
            for k, archive in enumerate(state.archives):
                pile = archive["cards"]
                if pile and (archive["owner"] == -1 or archive["owner"] == player):
                    top = pile[-1]
                    if wtype[top] is not None or cost_of[cards[top]] <= most:
                        out.append(k)
            return out
        out = []
        for k, archive in enumerate(state.archives):
            pile = archive["cards"]
            if not pile:
                continue
            owner = archive["owner"]
            if owner != -1 and owner != player and not any_opposing and k not in openings:
                continue
            top = pile[-1]
            cost = 0 if wtype[top] is not None else cost_of[cards[top]] - discount  # rule 152
            if cost < 0:
                cost = 0
            if cost <= influence or (free_up_to and any(cost <= most for most in free_up_to)):
                out.append(k)
        return out

    def _claim_context(self, state, player: int) -> tuple[int, list[dict]]:
        """What every claim of ``player`` now shares: the discount and the player's live
        claim effects (permissions, free claims)."""
        mine = [e for e in state.effects if e.get("player") == player and e.get("count", 1) > 0] \
            if state.effects else []
        return self.claim_discount(state, player), mine

    def claim_terms(self, state, player: int, k: int, discount: int | None = None,
                    mine: list[dict] | None = None) -> ClaimTerms | None:
        """What claiming from archive ``k`` now does, or None when ``player`` may not: the
        card taken (the archive's top card: a wound placed there by Pipe Bomb is claimed
        for 0, rule 152), the influence it costs and the permissions it uses up. The one
        answer the claim itself (:meth:`claim`) and the claim decision's offers (and so its
        labels, ``describe.py``) read. An opposing private archive needs a permission
        (Victor One); a free claim (Kaos 33) combines with it (rule 149). ``discount`` and
        ``mine``: :meth:`_claim_context`."""
        if discount is None or mine is None:
            discount, mine = self._claim_context(state, player)
        archive = state.archives[k]
        top = archive["cards"][-1]
        if state.wtype[top] is not None:  # a wound on top of an archive costs 0 (rule 152)
            cost = 0
        else:
            cost = max(0, (state.card(top).cost or 0) - discount)
        used: list[dict] = []
        if archive["owner"] not in (-1, player):
            opening = next((e for e in mine if e["kind"] == "claim_opposing" and e.get("archive") == k), None)
            if opening is not None:
                used.append(opening)
            elif not any(e["kind"] == "claim_opposing_any" for e in mine):  # "Indigo Six"'s kicker
                return None
        wound = state.wtype[top] is not None
        # a free claim is of an order ("Kaos 33": "claim 1 order that costs 3 or less"): a
        # wound on top, claimed for 0 anyway, leaves the permission for a later claim
        free = None if wound else next((e for e in mine if e["kind"] == "claim_free" and cost <= e["max_cost"]), None)
        if free is not None:
            return ClaimTerms(top, 0, used + [free])
        return ClaimTerms(top, cost, used) if cost <= state.influence else None

    def claim(self, state, player: int, k: int) -> None:
        """``player`` claims the top card of archive ``k`` on :meth:`claim_terms`' terms."""
        cid, cost, permissions = self.claim_terms(state, player, k)
        for permission in permissions:
            permission["count"] = permission.get("count", 1) - 1
        state.influence -= cost
        pile = state.archives[k]["cards"]
        del pile[-1]  # the top card, ``cid``
        if state.archives[k].get("mixed") and pile:  # Bait and Switch: the next card shows
            state.archives[k]["card"] = state.cards[pile[-1]]
        state.owner[cid] = player
        to_deck = bool(state.effects) and any(e["kind"] == "claim_to_deck" and e["player"] == player
                                              for e in state.effects)
        if to_deck:
            state.put_on_deck_openly(player, cid)
        else:
            state.discards[player].append(cid)
        state.events.append({"type": "claim", "player": player, "card": cid, "archive": k, "cost": cost,
                             "dest": "deck" if to_deck else "discard"})

    # ------------------------------------------------------------------ cleanup
    def cleanup_wounds(self, state, player: int) -> list[int]:
        if state.flags.get("wound_effect_used"):
            return []
        return self._wounds_for(state, player, "cleanup")

    # ------------------------------------------------------------------ moons
    def _moon(self, state) -> Mapping[str, Any]:
        """The current moon's global text, when it acts in this phase (read only)."""
        if not state.moons:
            return _NO_MOON
        moon = self._texts[state.cards[state.moons[-1]]].moon
        phase = moon.get("phase")
        return moon if phase is None or phase == state.phase else _NO_MOON


def check_texts(card: Card, texts: Texts) -> None:
    """Fail loudly unless ``texts`` has frames for exactly the blocks ``card`` prints, and
    its feed where the card prints it."""
    for data_field, text_fields in _BLOCKS.items():
        printed = getattr(card, data_field) is not None
        has = any(bool(getattr(texts, f)) for f in text_fields)
        if printed != has:
            what = "has no frames for its" if printed else "has frames but the card has no"
            raise CardDataError(f"card {card.id!r}: effect {card.effect!r} {what} {data_field} text")
    if (card.feed is not None) != bool(texts.feed):
        raise CardDataError(f"card {card.id!r}: feed text and effect feed frames disagree")
    if card.feed is not None and texts.feed_on != card.feed.on:
        raise CardDataError(f"card {card.id!r}: feed is on {card.feed.on!r} text, the effect says {texts.feed_on!r}")
    for frame in _frames(texts):
        target = frame.get("data", {}).get("target") if frame.get("op") == "continuous" else None
        if isinstance(target, dict) and "minion" in target and frame["kind"] not in MINION_EFFECTS:
            raise CardDataError(f"card {card.id!r}: a {frame['kind']!r} effect on a target minion would outlive"
                                f" the minion's time in play (state.MINION_EFFECTS lists the kinds that end with it)")


def _frames(texts: Texts):
    """Every frame of a card's texts, nested ones too (a "may", a "then", a feed's text)."""
    pending = [v for v in vars(texts).values() if isinstance(v, list)]
    while pending:
        for frame in pending.pop():
            if isinstance(frame, dict):
                yield frame
                pending.extend(v for v in frame.values() if isinstance(v, list))
