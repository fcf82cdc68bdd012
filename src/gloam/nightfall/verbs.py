"""The effect vocabulary: every verb card text is written in, as a frame op, plus small
builders that card effects use (``damage(minion(), 2)``).

Targets are chosen when the verb resolves (rule 67) by the verb's ``controller`` (or its
``chooser``), among legal targets only: minions in play (never in the chain, rule 70),
archives that still exist (rule 43). A verb with no legal target does nothing and
resolution goes on ("do as much as you can", rule 132). A mandatory "target minion" must
take one if any exists, even your own (rule 72).
"""

from __future__ import annotations

from typing import Any

from gloam.nightfall.actions import (
    DONE as DONE_ACTION,
    FEED,
    MAX_ARCHIVES,
    PASS,
    Card,
    Done,
    Feed,
    Option,
    Pass,
    Player,
    archive_index,
    card_index,
    option_index,
    player_index,
)
from gloam.nightfall.engine import CONTINUE, DONE, Ask, op


# ---------------------------------------------------------------------- frames and damage
def push(state, frames: list[dict[str, Any]], **context: Any) -> None:
    """Push effect frames so that the first one runs first, each with ``context``
    (``source``, ``controller``) filled in."""
    for frame in reversed(frames):
        state.stack.append({**frame, **context})


def damage_to_player(state, player: int, amount: int, source: int | None, from_chain: bool) -> dict[str, Any]:
    """The frame of ``amount`` damage inflicted on ``player`` by ``source`` (rules 112-116:
    it meets that player's direct-damage blockers, then becomes wounds). Damage from a
    minion whose damage was made unblockable ("Bone Cruncher", 003: "make target minion
    and its damage unblockable") is marked ``unblockable`` as it is inflicted: no
    direct-damage blocker absorbs it. A minion that only cannot be blocked (Alton
    Hickman, Dark of the Moon) still meets them (000 FAQ Alton Hickman)."""
    frame = {"op": "damage_player", "player": player, "amount": amount, "source": source, "from_chain": from_chain}
    if source is not None and state.game.effects.damage_unblockable(state, source):
        frame["unblockable"] = True
    return frame


def damage_minion(state, minion: int, amount: int, source: int | None) -> None:
    """Rule 110: damage lowers health; past its last point the minion is destroyed."""
    if amount <= 0 or minion not in state.minions:
        return
    state.minions[minion]["damage"] += amount
    state.events.append({"type": "damage", "card": minion, "amount": amount, "source": source})
    if state.health_left(minion) <= 0:
        state.leave_play(minion, "destroyed")


# ---------------------------------------------------------------------- selectors


def minion(side: str = "any", keyword: str | None = None) -> dict[str, Any]:
    """A minion in play: ``side`` is any, friendly, opposing or not_controller."""
    return {"minion": side, "keyword": keyword}


def player(side: str = "any") -> dict[str, Any]:
    """A player: any, opponent, or self (no choice)."""
    return {"player": side}


def minion_targets(state, frame, selector) -> list[int]:
    controller = frame["controller"]
    side, keyword = selector["minion"], selector.get("keyword")
    out = []
    mates = state.game.team(controller)  # Team Play: a teammate's minions are not opposing (reading 14)
    for q, mine in enumerate(state.play):
        if side == "friendly" and q != controller:
            continue
        if side in ("opposing", "not_controller") and q == controller:
            continue
        if side == "opposing" and q in mates:
            continue
        for m in mine:
            if m == frame.get("source") and side != "any":
                continue
            if keyword and state.card(m).keyword != keyword:
                continue
            if m in frame.get("exclude", ()):
                continue
            out.append(m)
    return out


def player_targets(state, frame, selector) -> list[int]:
    side = selector["player"]
    controller = frame["controller"]
    if side == "self":
        return [controller]
    if side == "opponent":
        return state.opponents(controller)
    return state.clockwise_from(controller)


def _choose(state, frame, choice, selector, prompt: str):
    """Return ``("chosen", target)``, ``("ask", Ask)`` or ``("none", None)``."""
    chooser = frame.get("chooser", frame["controller"])
    if "minion" in selector:
        targets = minion_targets(state, frame, selector)
        if isinstance(choice, Card):
            return "chosen", choice.card
        if not targets:
            return "none", None
        return "ask", Ask(chooser, "target_minion", [card_index(m) for m in targets], prompt)
    targets = player_targets(state, frame, selector)
    if isinstance(choice, Player):
        return "chosen", choice.player
    if len(targets) == 1 and selector["player"] == "self":
        return "chosen", targets[0]
    return "ask", Ask(chooser, "target_player", [player_index(p) for p in targets], prompt)


# ---------------------------------------------------------------------- builders
def damage(target: dict, amount: int, then_if_destroyed: list | None = None, **extra: Any) -> dict:
    return {"op": "damage", "target": target, "amount": amount, "then": then_if_destroyed or [], **extra}


def damage_each(who: str, amount: int, keyword: str | None = None) -> dict:
    """``who``: opposing_minions, or players_with (a keyword minion in play)."""
    return {"op": "damage_each", "who": who, "amount": amount, "keyword": keyword}


def receive_each_opponent(amount: int) -> dict:
    return {"op": "receive", "amount": amount}


def draw(amount: int, per_friendly: str | None = None) -> dict:
    return {"op": "draw", "amount": amount, "per_friendly": per_friendly}


def discard(target: dict, amount: int, wounds_only: bool = False) -> dict:
    return {"op": "discard", "target": target, "amount": amount, "wounds_only": wounds_only}


def gain_influence(amount: int) -> dict:
    return {"op": "influence", "amount": amount}


def destroy(target: dict) -> dict:
    return {"op": "destroy", "target": target}


def restore(target: dict | None, amount: int | None, each_friendly: str | None = None) -> dict:
    """Restore ``amount`` health (None: all) to a target, or to each friendly minion of
    keyword ``each_friendly``."""
    return {"op": "restore", "target": target, "amount": amount, "each_friendly": each_friendly}


def strength(target: dict | None, amount: int) -> dict:
    """+``amount`` strength until the end of the turn: a target, or (None) each friendly minion."""
    return {"op": "strength", "target": target, "amount": amount}


def continuous(kind: str, **data: Any) -> dict:
    """A continuous effect until the end of the turn (rule 95), for the controller."""
    return {"op": "continuous", "kind": kind, "data": data}


def fetch(to: str, keyword: str | None = None, wound: bool = False) -> dict:
    """Place a target card from your discard pile into ``to``: hand, play, deck_top, wound_stack."""
    return {"op": "fetch", "to": to, "keyword": keyword, "wound": wound}


def simple(op_name: str, **data: Any) -> dict:
    return {"op": op_name, **data}


# ---------------------------------------------------------------------- verbs
@op("damage")
def _damage(state, frame, choice):
    """Inflict damage on a target minion or player (rules 110-113, 134)."""
    status, target = _choose(state, frame, choice, frame["target"],
                             f"Inflict {frame['amount']} damage on a target")
    if status == "ask":
        return target
    if status == "none":
        return DONE
    amount = frame["amount"]
    if "minion" in frame["target"]:
        if state.game.effects.negates_chain_damage(state, target, frame):
            state.events.append({"type": "negated", "card": target, "source": frame["source"]})
            return DONE
        damage_minion(state, target, amount, frame["source"])
        if frame["then"] and target not in state.minions:
            chooser = {"chooser": frame["chooser"]} if "chooser" in frame else {}  # Leave Me!
            push(state, frame["then"], source=frame["source"], controller=frame["controller"],
                 text=frame.get("text"), **chooser)
        return DONE
    state.stack.append(damage_to_player(state, target, amount, frame["source"], from_chain=True))
    return DONE


@op("damage_each")
def _damage_each(state, frame, choice):
    """Damage with no choice (rule 69): each opposing minion, or each player with a
    minion of a keyword in play (in clockwise order, rule 73)."""
    controller = frame["controller"]
    if frame["who"] == "opposing_minions":
        for q in state.opponents(controller):
            for m in list(state.play[q]):
                if not state.game.effects.negates_chain_damage(state, m, frame):
                    damage_minion(state, m, frame["amount"], frame["source"])
        return DONE
    victims = [q for q in state.clockwise_from(controller)
               if any(state.card(m).keyword == frame["keyword"] for m in state.play[q])]
    status, value = _next_victim(state, frame, choice, victims)
    if status == "ask":
        return value
    if status == "done":
        return DONE
    state.stack.append(damage_to_player(state, value, frame["amount"], frame["source"], from_chain=True))
    return CONTINUE


def _next_victim(state, frame, choice, victims: list[int]):
    """Rule 73: events that happen "at once" to several players happen one at a time, in
    the order the controller of the card chooses. Returns ``("ask", Ask)``,
    ``("next", player)`` or ``("done", None)``."""
    left = frame.setdefault("left", victims)
    if isinstance(choice, Player):
        left.remove(choice.player)
        return "next", choice.player
    if not left:
        return "done", None
    if len(left) == 1:
        return "next", left.pop()
    return "ask", Ask(frame["controller"], "order_events", [player_index(q) for q in left],
                      "Which player is affected next?")


@op("receive")
def _receive(state, frame, choice):
    """Each opponent receives wounds, one player at a time in the order the card's
    controller chooses (rule 73); no blockers apply (rule 114)."""
    while True:
        status, value = _next_victim(state, frame, choice, state.opponents(frame["controller"]))
        choice = None
        if status == "ask":
            return value
        if status == "done":
            return DONE
        state.give_wounds(value, frame["amount"], reason="receive")


@op("draw")
def _draw(state, frame, choice):
    p = frame["controller"]
    amount = frame["amount"]
    if frame.get("per_friendly"):
        amount += sum(1 for m in state.play[p] if state.card(m).keyword == frame["per_friendly"])
    state.draw(p, amount, reason="effect")
    return DONE


@op("discard")
def _discard(state, frame, choice):
    """A player discards cards of his choice from his hand, one decision per card."""
    if "victim" not in frame:
        status, target = _choose(state, frame, choice, frame["target"], "Choose a player to discard")
        if status == "ask":
            return target
        frame["victim"], frame["left"] = target, frame["amount"]
        choice = None
    victim = frame["victim"]
    match choice:
        case Done():
            return DONE
        case Card(card=cid):
            state.discard_from_hand(victim, cid, "effect")
            frame["left"] -= 1
    if frame["left"] <= 0 or not state.hands[victim]:
        return DONE
    # Whether this is asked depends only on what the table sees (the hand's size); with
    # no card that qualifies (no wound for a wound price) the only option is to stop.
    hand = [c for c in state.hands[victim] if not frame["wounds_only"] or state.wtype[c] is not None]
    options = [card_index(c) for c in hand] if hand else [DONE_ACTION]
    return Ask(victim, "choose_discard", options, f"Discard {frame['left']} card(s)")


@op("influence")
def _influence(state, frame, choice):
    flags = state.flags
    flags["bonus_influence"] = flags.get("bonus_influence", 0) + frame["amount"]
    if state.phase == "claim":
        state.influence += frame["amount"]
    state.events.append({"type": "influence", "player": frame["controller"], "amount": frame["amount"]})
    return DONE


@op("destroy")
def _destroy(state, frame, choice):
    status, target = _choose(state, frame, choice, frame["target"], "Destroy a target minion")
    if status == "ask":
        return target
    if status == "chosen":
        state.leave_play(target, "destroyed")
    return DONE


@op("restore")
def _restore(state, frame, choice):
    """Healing never raises health above the printed maximum (rule 111)."""
    if frame["each_friendly"]:
        targets = [m for m in state.play[frame["controller"]] if state.card(m).keyword == frame["each_friendly"]]
    else:
        status, target = _choose(state, frame, choice, frame["target"], "Restore health to a target minion")
        if status == "ask":
            return target
        targets = [target] if status == "chosen" else []
    for m in targets:
        info = state.minions[m]
        healed = info["damage"] if frame["amount"] is None else min(frame["amount"], info["damage"])
        info["damage"] -= healed
        state.events.append({"type": "restore", "card": m, "amount": healed})
    return DONE


@op("strength")
def _strength(state, frame, choice):
    if frame["target"] is None:  # each friendly minion in play now (not later arrivals)
        for m in state.play[frame["controller"]]:
            state.effects.append({"kind": "strength", "target": m, "amount": frame["amount"]})
            state.events.append({"type": "strength", "card": m, "amount": frame["amount"]})
        return DONE
    status, target = _choose(state, frame, choice, frame["target"], "Increase a target minion's strength")
    if status == "ask":
        return target
    if status == "chosen":
        state.effects.append({"kind": "strength", "target": target, "amount": frame["amount"]})
        state.events.append({"type": "strength", "card": target, "amount": frame["amount"]})
    return DONE


@op("continuous")
def _continuous(state, frame, choice):
    data = dict(frame["data"])
    if "target" in data:  # a targeted continuous effect (unblockable minion, opposing archive…)
        selector = data.pop("target")
        if "archive" in selector:
            mates = state.game.team(frame["controller"])  # reading 14; a secret archive: reading 13
            archives = [k for k, a in enumerate(state.archives)
                        if a["cards"] and a["owner"] != -1 and a["owner"] not in mates and not a.get("secret")]
            if frame["kind"] == "claim_opposing":  # constructed, rule 170: never from opposing archives
                archives = state.game.format.claimable(state, frame["controller"], archives)
            if choice is None:
                if not archives:
                    return DONE
                return Ask(frame["controller"], "target_archive", [archive_index(k) for k in archives],
                           "Choose a target opposing private archive")
            data["archive"] = choice.archive
        else:
            status, target = _choose(state, frame, choice, selector, "Choose a target")
            if status == "ask":
                return target
            if status == "none":
                return DONE
            data["target"] = target
    state.effects.append({"kind": frame["kind"], "player": frame["controller"], **data})
    state.events.append({"type": "effect", "kind": frame["kind"], "player": frame["controller"]})
    return DONE


@op("fetch")
def _fetch(state, frame, choice):
    """Place a target card from your discard pile into your hand, into play, on top of
    your deck, or (a wound) on top of the wound stack."""
    p = frame["controller"]
    pile = state.discards[p]
    if choice is None:
        options = [c for c in pile if c != frame["source"]
                   and (not frame["wound"] or state.wtype[c] is not None)
                   and (frame["keyword"] is None or state.card(c).keyword == frame["keyword"])
                   and (frame["to"] != "play" or state.card(c).is_minion)]
        if not options:
            return DONE
        return Ask(p, "target_card", [card_index(c) for c in options], "Choose a target card in your discard pile")
    cid = choice.card
    pile.remove(cid)
    to = frame["to"]
    if to == "hand":
        state.put_in_hand_openly(p, cid)
    elif to == "play":
        state.enter_play(cid, p)
    elif to == "deck_top":
        state.put_on_deck_openly(p, cid)
    else:  # the wound stack: on top, face up (constructed: your own stack, rules 171-172)
        state.game.format.wound_onto_stack(state, p, cid)
    state.events.append({"type": "fetch", "player": p, "card": cid, "dest": to})
    return DONE


@op("archive_to_deck")
def _archive_to_deck(state, frame, choice):
    """Place cards from a target archive on top of a target player's deck."""
    if "archive" not in frame:
        archives = [k for k, a in enumerate(state.archives) if a["cards"] and not a.get("secret")]  # reading 13
        if choice is None:
            if not archives:
                return DONE
            return Ask(frame["controller"], "target_archive", [archive_index(k) for k in archives],
                       "Choose a target archive")
        frame["archive"] = choice.archive
        choice = None
    if choice is None:
        return Ask(frame["controller"], "target_player",
                   [player_index(q) for q in state.clockwise_from(frame["controller"])],
                   "Choose the player whose deck gets the cards")
    q = choice.player
    cards = state.archives[frame["archive"]]["cards"]
    moved = [cards.pop() for _ in range(min(frame["count"], len(cards)))]
    for cid in moved:
        state.owner[cid] = q
        state.put_on_deck_openly(q, cid)
    state.events.append({"type": "archive_to_deck", "player": q, "cards": moved, "archive": frame["archive"]})
    return DONE


@op("attach_self")
def _attach_self(state, frame, choice):
    """Rule 79: the action goes into play under a target friendly minion (reading 19);
    with no friendly minion it simply goes to the discard pile."""
    status, target = _choose(state, frame, choice, minion("friendly"), "Attach this card to a friendly minion")
    if status == "ask":
        return target
    if status == "chosen":  # it goes under the minion when it leaves the chain
        state.flags["resolving"]["attached"] = target
    return DONE


@op("exile_self")
def _exile_self(state, frame, choice):
    """Rule 91: a self-exiling card is exiled after its feeds, when it leaves the chain."""
    state.flags["resolving"]["exile"] = True
    return DONE


@op("second_combat")
def _second_combat(state, frame, choice):
    if frame["controller"] == state.active:
        state.flags["second_combat"] = True
    return DONE


@op("enter_play_self")
def _enter_play_self(state, frame, choice):
    state.enter_play(frame["source"], frame["controller"], health=frame["health"])
    return DONE


@op("inspect_discard")
def _inspect_discard(state, frame, choice):
    """Look at a target player's hand and choose a card in it; that player discards it."""
    if "victim" not in frame:
        status, target = _choose(state, frame, choice, player("any"), "Whose hand do you look at?")
        if status == "ask":
            return target
        frame["victim"] = target
        choice = None
    victim = frame["victim"]
    if isinstance(choice, Card):
        state.discard_from_hand(victim, choice.card, "effect")
        return DONE
    if not state.hands[victim]:
        return DONE
    state.events.append({"type": "look", "player": frame["controller"], "target": victim,
                         "cards": list(state.hands[victim]), "to": [frame["controller"], victim],
                         "secret": ["cards"]})
    return Ask(frame["controller"], "target_card", [card_index(c) for c in state.hands[victim]],
               "Choose the card that player discards")


@op("fight")
def _fight(state, frame, choice):
    """Target minion inflicts damage equal to its strength on another target minion."""
    if "first" not in frame:
        status, target = _choose(state, frame, choice, minion("any"), "Choose the minion that inflicts damage")
        if status == "ask":
            return target
        if status == "none":
            return DONE
        frame["first"] = target
        frame["exclude"] = [target]
        choice = None
    status, target = _choose(state, frame, choice, minion("any"), "Choose the minion that takes the damage")
    if status == "ask":
        return target
    if status == "chosen" and frame["first"] in state.minions:
        if state.game.effects.negates_chain_damage(state, target, frame):
            state.events.append({"type": "negated", "card": target, "source": frame["source"]})
        else:
            damage_minion(state, target, state.strength(frame["first"]), frame["first"])
    return DONE


@op("nf_wound")
def _nf_wound(state, frame, choice):
    """Discard any number of other wounds from your hand, then draw 2 per wound
    discarded (this one included)."""
    p = frame["controller"]
    frame.setdefault("count", 1)
    match choice:
        case Done():
            state.draw(p, 2 * frame["count"], reason="wound effect")
            return DONE
        case Card(card=cid):
            state.discard_from_hand(p, cid, "wound effect")
            frame["count"] += 1
    wounds = [c for c in state.hands[p] if state.wtype[c] is not None]
    return Ask(p, "choose_wounds", [card_index(c) for c in wounds] + [DONE_ACTION],
               f"Discard another wound (draw {2 * frame['count']} so far), or stop")


@op("each_opponent_damages")
def _each_opponent_damages(state, frame, choice):
    """Each opponent, in clockwise order, inflicts damage on a minion of his choice, never
    on the controller's minions."""
    for q in reversed(state.opponents(frame["controller"])):
        state.stack.append({"op": "damage", "target": minion("not_controller"), "amount": frame["amount"],
                            "then": [], "chooser": q, "source": frame["source"], "controller": frame["controller"],
                            "text": frame.get("text")})
    return DONE


@op("offer_feed")
def _offer_feed(state, frame, choice):
    """Feed on in-play or wound text (rules 88-92): pay again and repeat, as often as
    the controller can and will pay."""
    p = frame["controller"]
    match choice:
        case Feed():
            push(state, frame["cost"] + frame["text"] + [dict(frame)], source=frame["source"], controller=p)
            return DONE
        case Pass():
            return DONE
    options = [FEED, PASS] if state.game.effects.can_pay(state, p, frame["cost"]) else [PASS]
    return Ask(p, "feed", options, "Feed: pay again to repeat the text, or pass")


def feed_offer(cost: list[dict], text: list[dict]) -> dict:
    return {"op": "offer_feed", "cost": cost, "text": text}



# ---------------------------------------------------------------------- verbs added for Blood Country
# (general: any set's card may use them; each is one frame op over plain data)
def damage_opponents(amount: int) -> dict:
    """"Inflict N damage on each opponent": one player at a time, in the order the card's
    controller chooses (rule 73); blockable like any damage (rule 113)."""
    return {"op": "damage_opponents", "amount": amount}


def may(frames: list[dict], prompt: str) -> dict:
    """"You may …": the controller chooses to resolve ``frames`` (``Option(0)``) or not (``Pass``)."""
    return {"op": "may", "frames": frames, "prompt": prompt}


def may_discard(then: list[dict], wound_type: str | None = None, if_target: dict | None = None) -> dict:
    """"You may discard a <burn> wound to <then>": asked whenever ``if_target`` (a minion
    selector) has a legal target, whatever the hand holds (so the question tells the table
    nothing); the options are the qualifying cards in hand and ``Pass``."""
    return {"op": "may_discard", "then": then, "wound_type": wound_type, "if_target": if_target}


def minion_to_hand(target: dict, capture: bool = False) -> dict:
    """A target minion leaves play (neither destroyed nor discarded) into its owner's hand,
    or with ``capture`` into the controller's hand, the controller owning it from now on."""
    return {"op": "minion_to_hand", "target": target, "capture": capture}


def lasting_strength(target: dict, amount: int) -> dict:
    """+``amount`` strength to a target minion past the end of the turn, until it leaves play."""
    return {"op": "lasting_strength", "target": target, "amount": amount}


@op("damage_opponents")
def _damage_opponents(state, frame, choice):
    status, value = _next_victim(state, frame, choice, state.opponents(frame["controller"]))
    if status == "ask":
        return value
    if status == "done":
        return DONE
    state.stack.append(damage_to_player(state, value, frame["amount"], frame["source"], from_chain=True))
    return CONTINUE


@op("may")
def _may(state, frame, choice):
    match choice:
        case None:
            return Ask(frame["controller"], "optional", [option_index(0), PASS], frame["prompt"])
        case Option():  # accepted (Pass declines)
            push(state, frame["frames"], source=frame["source"], controller=frame["controller"],
                 text=frame.get("text"))
    return DONE


@op("may_discard")
def _may_discard(state, frame, choice):
    p = frame["controller"]
    if choice is None:
        if frame["if_target"] is not None and not minion_targets(state, frame, frame["if_target"]):
            return DONE
        cards = [c for c in state.hands[p]
                 if frame["wound_type"] is None or state.wtype[c] == frame["wound_type"]]
        what = f"a {frame['wound_type']} wound" if frame["wound_type"] else "a card"
        return Ask(p, "may_discard", [card_index(c) for c in cards] + [PASS],
                   f"You may discard {what} to resolve the rest of the text, or pass")
    if isinstance(choice, Card):
        state.discard_from_hand(p, choice.card, "effect")
        push(state, frame["then"], source=frame["source"], controller=p, text=frame.get("text"))
    return DONE


@op("draw_per_chain_minion")
def _draw_per_chain_minion(state, frame, choice):
    """"Draw 1 card for each of your minions in the chain": minions still in the chain,
    not those already resolved (003 Burning Meat ruling)."""
    p = frame["controller"]
    count = sum(1 for e in state.chain if e["player"] == p and e["card"] != frame["source"]
                and state.card(e["card"]).is_minion)
    state.draw(p, count * frame.get("amount", 1), reason="effect")
    return DONE


@op("minion_to_hand")
def _minion_to_hand(state, frame, choice):
    status, target = _choose(state, frame, choice, frame["target"], "Choose a minion to place into a hand")
    if status == "ask":
        return target
    if status == "chosen":  # neither destroyed nor discarded: no exile; attachments discarded (rule 80)
        state.leave_play(target, "to_hand", new_owner=frame["controller"] if frame["capture"] else None)
    return DONE


@op("lasting_strength")
def _lasting_strength(state, frame, choice):
    status, target = _choose(state, frame, choice, frame["target"], "Increase a target minion's strength")
    if status == "ask":
        return target
    if status == "chosen":
        state.effects.append({"kind": "strength", "target": target, "amount": frame["amount"], "until": "lasting"})
        state.events.append({"type": "lasting_strength", "card": target, "amount": frame["amount"]})
    return DONE


@op("discard_self")
def _discard_self(state, frame, choice):
    """"Place this card into your discard pile instead of into play": a minion resolving in
    the chain goes to the discard pile when it leaves the chain (Infected Ghoul)."""
    state.flags["resolving"]["discard"] = True
    return DONE


@op("keep_self")
def _keep_self(state, frame, choice):
    """"Place this card into play": undoes ``discard_self`` for the resolving minion."""
    state.flags["resolving"]["discard"] = False
    return DONE


@op("wound_to_archive")
def _wound_to_archive(state, frame, choice):
    """"Place 1 wound from the bottom of the wound stack on top of target archive" (Pipe
    Bomb, 000 FAQ): a face-down wound, so the game is not shortened; with none left (every
    wound still in the stack is face up) nothing happens. The wound is public on the
    archive; it must be claimed for 0 influence (rule 152). A separate op so a format that
    forbids moving wounds into archives (constructed, checklist ambiguity 15) can refuse it."""
    if not state.game.format.wounds_into_archives:  # constructed, rule 170: no wound goes into an archive
        return DONE
    if len(state.wounds) <= state.face_up:
        return DONE
    archives = [k for k, a in enumerate(state.archives) if a["cards"] and not a.get("secret")]  # rule 43; reading 13
    if choice is None:
        if not archives:
            return DONE
        return Ask(frame["controller"], "target_archive", [archive_index(k) for k in archives],
                   "Choose the archive the wound goes on top of")
    k = choice.archive
    wound = state.wounds.pop(0)
    state.archives[k]["cards"].append(wound)
    state.events.append({"type": "wound_to_archive", "player": frame["controller"], "card": wound, "archive": k})
    return DONE


# ---------------------------------------------------------------------- verbs added for Martial Law
# (general: any set's card may use them; each is one frame op over plain data)
def take_control(target: dict) -> dict:
    """"Take control of target minion": it moves to the controller's side of the table for
    good (not only this turn: 000 FAQ Nian Jiang); attachments go with it, its owner does not
    change, and minions it took control of stay where they are."""
    return {"op": "take_control", "target": target}


def own_chain_kickers() -> dict:
    """"All of your cards in the chain resolve their kickers" (Ahmad Hassan): the
    controller's orders still in the chain get their kickers as they resolve, not at once;
    orders that already resolved are not affected, and two such effects do not make a
    kicker resolve twice (003)."""
    return {"op": "own_chain_kickers"}


@op("take_control")
def _take_control(state, frame, choice):
    status, target = _choose(state, frame, choice, frame["target"], "Take control of a target minion")
    if status == "ask":
        return target
    if status == "chosen":
        p = frame["controller"]
        old = state.minions[target]["controller"]
        if old != p:
            state.play[old].remove(target)
            state.play[p].append(target)
            state.minions[target]["controller"] = p
            state.events.append({"type": "control", "card": target, "player": p, "from": old})
    return DONE


@op("own_chain_kickers")
def _own_chain_kickers(state, frame, choice):
    for entry in state.chain:
        if entry["player"] == frame["controller"] and entry["card"] != frame["source"]:
            entry["kicker"] = True
    state.events.append({"type": "chain_kickers", "player": frame["controller"], "source": frame["source"]})
    return DONE


@op("new_common_archive")
def _new_common_archive(state, frame, choice):
    """"Shuffle 1 card from each private archive into a new common archive" (Bait and
    Switch): the top card of every non-empty private archive, shuffled face down into a new
    archive of the commons; its cards are claimed from the top, in order (003). The archive
    is ``"mixed"``: its ``card`` is always its current top card. With every archive slot of
    the action space in use (24), nothing happens."""
    sources = [a for a in state.archives if a["owner"] != -1 and a["cards"] and not a.get("secret")]
    if not state.game.format.common_archives:  # constructed (rule 168, reading 15): no commons
        return DONE
    if not sources or len(state.archives) >= MAX_ARCHIVES:
        return DONE
    cards = [a["cards"].pop() for a in sources]
    state.rng.shuffle(cards)
    state.archives.append({"card": state.cards[cards[-1]], "owner": -1, "cards": cards, "mixed": True})
    state.events.append({"type": "new_archive", "player": frame["controller"], "archive": len(state.archives) - 1,
                         "size": len(cards), "top": cards[-1]})
    return DONE


@op("exile_destroyed_by_previous")
def _exile_destroyed_by_previous(state, frame, choice):
    """"Exile all minions destroyed by the previous order in the chain" (Bleak
    Resurrection): the order that resolved just before this one, i.e. the one linked to it
    (003); its victims are exiled from their owners' discard piles (no choice, no target)."""
    previous = state.flags.get("resolving", {}).get("previous")
    for order, minion_id in state.flags.get("destroyed_by", []):
        if order == previous and minion_id in state.discards[state.owner[minion_id]]:
            state.discards[state.owner[minion_id]].remove(minion_id)
            state.exile(minion_id, "effect")
    return DONE


@op("self_and_controller_damage")
def _self_and_controller_damage(state, frame, choice):
    """"Target minion inflicts damage equal to its strength on itself and on its
    controller" (Hysteria)."""
    status, target = _choose(state, frame, choice, minion("any"), "Choose a minion to damage itself and its controller")
    if status == "ask":
        return target
    if status == "none":
        return DONE
    amount = state.strength(target)
    controller = state.minions[target]["controller"]
    if amount > 0:
        state.stack.append(damage_to_player(state, controller, amount, target, from_chain=True))
        damage_minion(state, target, amount, target)
    return DONE


@op("tutor")
def _tutor(state, frame, choice):
    """"Look through your deck and draw 1 card of your choice, then shuffle your deck"
    (Tactical Prep): only the controller sees the deck; the card goes into the hand unseen
    by the others; the resolving card remembers it for its kicker."""
    p = frame["controller"]
    deck = state.decks[p]
    if choice is None:
        if not deck:
            return DONE
        state.events.append({"type": "look", "player": p, "target": p, "cards": list(deck), "to": [p],
                             "secret": ["cards"], "zone": "deck"})
        return Ask(p, "target_card", [card_index(c) for c in sorted(set(deck))], "Choose the card you draw")
    from gloam.core.events import private

    cid = choice.card
    deck.remove(cid)
    state.hands[p].append(cid)
    state.rng.shuffle(deck)
    state.known[p]["top"] = []
    state.flags["tutored"] = {"player": p, "card": cid, "by": frame["source"]}  # hidden from the others
    state.events.append(private("draw", [p], ["cards"], player=p, count=1, cards=[cid], reason="search"))
    state.events.append({"type": "reshuffle", "player": p, "count": len(deck)})
    return DONE


@op("reveal_tutored")
def _reveal_tutored(state, frame, choice):
    """Reveal the card drawn by this card's chain text; if it is a minion, draw 1 card."""
    tutored = state.flags.get("tutored") or {}
    cid = tutored.get("card")
    p = frame["controller"]
    if tutored.get("by") != frame["source"] or cid not in state.hands[p]:
        return DONE
    if cid not in state.known[p]["hand"]:  # a kicker resolved twice shows the same card again (soak game 77207)
        state.known[p]["hand"].append(cid)
    state.events.append({"type": "reveal", "player": p, "card": cid})
    if state.card(cid).is_minion:
        state.draw(p, frame.get("amount", 1), reason="effect")
    return DONE


@op("exile_order_from_discard")
def _exile_order_from_discard(state, frame, choice):
    """"Exile target order from your discard pile" (Forlorn Hope); its cost is remembered
    for the kicker ("the order you exiled", 000 FAQ)."""
    p = frame["controller"]
    options = [c for c in state.discards[p] if state.wtype[c] is None and state.card(c).is_order]
    if choice is None:
        if not options:
            return DONE
        return Ask(p, "target_card", [card_index(c) for c in options], "Choose an order in your discard pile to exile")
    cid = choice.card
    state.discards[p].remove(cid)
    state.exile(cid, "effect")
    state.flags.setdefault("resolving", {})["exiled_cost"] = state.card(cid).cost or 0
    return DONE


@op("damage_exiled_cost")
def _damage_exiled_cost(state, frame, choice):
    """Inflict damage on target player equal to the cost of the order this card exiled."""
    amount = state.flags.get("resolving", {}).get("exiled_cost", 0)
    if amount > 0:
        push(state, [damage(frame["target"], amount)], source=frame["source"], controller=frame["controller"],
             text=frame.get("text"))
    return DONE


# ---------------------------------------------------------------------- Nightfall (NF) verbs
# General verbs first written for the Nightfall base set (effects/nf.py); each is plain data.


def damage_players(who: str, amount: int) -> dict:
    """Inflict damage on each player (``who="each"``, the controller too) or each opponent
    (``"opponents"``), one at a time in the order the controller chooses (rule 73); it is
    damage, so direct-damage blockers block it (reading 18)."""
    return {"op": "damage_players", "who": who, "amount": amount}


def damage_minions(who: str, amount: int) -> dict:
    """Inflict damage on every minion in play (``who="all"``), no choice (rule 69)."""
    return {"op": "damage_minions", "who": who, "amount": amount}


def receive(target: dict, amount: int) -> dict:
    """Target player receives wounds: no blocker can stop it (rule 114)."""
    return {"op": "receive_target", "target": target, "amount": amount}


@op("damage_players")
def _damage_players(state, frame, choice):
    controller = frame["controller"]
    victims = state.clockwise_from(controller) if frame["who"] == "each" else state.opponents(controller)
    status, value = _next_victim(state, frame, choice, victims)
    if status == "ask":
        return value
    if status == "done":
        return DONE
    state.stack.append(damage_to_player(state, value, frame["amount"], frame["source"], from_chain=True))
    return CONTINUE


@op("damage_minions")
def _damage_minions(state, frame, choice):
    for q in state.clockwise_from(frame["controller"]):
        for m in list(state.play[q]):
            if not state.game.effects.negates_chain_damage(state, m, frame):
                damage_minion(state, m, frame["amount"], frame["source"])
    return DONE


@op("damage_per_friendly")
def _damage_per_friendly(state, frame, choice):
    """Inflict damage on a target equal to the number of friendly minions in play (counted
    as it resolves)."""
    count = len(state.play[frame["controller"]])
    extra = {k: frame[k] for k in ("chooser", "text") if k in frame}
    state.stack.append({"op": "damage", "target": frame["target"], "amount": count, "then": [],
                        "source": frame["source"], "controller": frame["controller"], **extra})
    return DONE


@op("receive_target")
def _receive_target(state, frame, choice):
    status, target = _choose(state, frame, choice, frame["target"], f"Who receives {frame['amount']} wound(s)?")
    if status == "ask":
        return target
    if status == "chosen":
        state.give_wounds(target, frame["amount"], reason="receive")
    return DONE


@op("lose_influence")
def _lose_influence(state, frame, choice):
    """Target player loses influence: only the active player has influence to lose (000
    FAQ Grim Siege); it never goes below 0."""
    status, target = _choose(state, frame, choice, frame["target"], f"Who loses {frame['amount']} influence?")
    if status == "ask":
        return target
    if status == "chosen" and target == state.active:
        state.flags["bonus_influence"] = state.flags.get("bonus_influence", 0) - frame["amount"]
        if state.phase == "claim":
            state.influence = max(0, state.influence - frame["amount"])
    if status == "chosen":
        state.events.append({"type": "lose_influence", "player": target, "amount": frame["amount"],
                             "had": target == state.active})
    return DONE


@op("each_opponent_discards")
def _each_opponent_discards(state, frame, choice):
    """Each opponent discards cards of his choice, in clockwise order."""
    for q in reversed(state.opponents(frame["controller"])):
        state.stack.append({"op": "discard", "target": player("any"), "amount": frame["amount"],
                            "wounds_only": False, "victim": q, "left": frame["amount"],
                            "source": frame["source"], "controller": frame["controller"]})
    return DONE


@op("minion_to_deck")
def _minion_to_deck(state, frame, choice):
    """Place target minion in play on top of its owner's deck (in plain view); it is
    neither destroyed nor discarded, so no exile; its attached actions are discarded."""
    status, target = _choose(state, frame, choice, minion("any"), "Which minion goes on top of its owner's deck?")
    if status != "chosen":
        return target if status == "ask" else DONE
    state.leave_play(target, "to_deck")
    return DONE


@op("exile_own_discard")
def _exile_own_discard(state, frame, choice):
    """Exile target wound (``wound``) or card from your discard pile."""
    p = frame["controller"]
    if choice is None:
        options = [c for c in state.discards[p] if not frame.get("wound") or state.wtype[c] is not None]
        if not options:
            return DONE
        return Ask(frame.get("chooser", p), "target_card", [card_index(c) for c in options],
                   "Choose a target card in your discard pile to exile")
    cid = choice.card
    state.discards[p].remove(cid)
    state.exile(cid, "effect")
    return DONE


@op("place_self")
def _place_self(state, frame, choice):
    """"Place this card into play with N health": resolving from the chain, it enters play
    with N health when it leaves the chain (a later text of the card may change N); its
    text resolved from the hand (Ghoul Summoning), it enters play now."""
    cid, p = frame["source"], frame["controller"]
    resolving = state.flags.get("resolving")
    if resolving and resolving["card"] == cid and any(e["card"] == cid for e in state.chain):
        resolving["health"] = frame["health"]
    elif cid in state.hands[p]:
        state.take_from_hand(p, cid)
        state.enter_play(cid, p, health=frame["health"])
    return DONE


@op("place_from_discard")
def _place_from_discard(state, frame, choice):
    """Place target minion from your discard pile into play; with ``then="your_chain"``
    resolve its Your Chain text (on your turn only, reading 6; never its kicker: it was
    never in the chain)."""
    p = frame["controller"]
    if choice is None:
        options = [c for c in state.discards[p] if state.wtype[c] is None and state.card(c).is_minion]
        if not options:
            return DONE
        return Ask(frame.get("chooser", p), "target_card", [card_index(c) for c in options],
                   "Choose a target minion in your discard pile")
    cid = choice.card
    state.discards[p].remove(cid)
    state.enter_play(cid, p)
    state.events.append({"type": "fetch", "player": p, "card": cid, "dest": "play"})
    if frame.get("then") == "your_chain" and p == state.active and cid in state.minions:
        push(state, state.game.effects.texts(state.cards[cid]).your_chain, source=cid, controller=p, text="chain")
    return DONE


@op("resolve_from_hand")
def _resolve_from_hand(state, frame, choice):
    """Resolve the chain text of target minion in your hand (shown to all); the card stays
    where its text leaves it, and its kicker never resolves (it was never in the chain)."""
    p = frame["controller"]
    if choice is None:
        options = [c for c in state.hands[p] if state.wtype[c] is None and state.card(c).is_minion]
        if not options:
            return DONE
        return Ask(p, "target_card", [card_index(c) for c in options], "Choose a target minion in your hand")
    cid = choice.card
    if cid not in state.known[p]["hand"]:
        state.known[p]["hand"].append(cid)
    state.events.append({"type": "reveal", "player": p, "card": cid})
    push(state, state.game.effects.texts(state.cards[cid]).chain, source=cid, controller=p, text="chain")
    return DONE


def _chain_targets(state, frame) -> list[int]:
    """Orders in the chain that a card may target: never itself (003 Chain Phase FAQ)."""
    return [e["card"] for e in state.chain if e["card"] != frame["source"]]


@op("mark_order")
def _mark_order(state, frame, choice):
    """Mark target other order in the chain: ``flag`` "no_chain" (it does not resolve its
    chain text) or "chooser" (the controller of this card chooses its targets; the last
    such card to resolve wins, it sets a value, 003). The target is remembered for the
    rest of this card's text ("that order")."""
    if choice is None:
        options = _chain_targets(state, frame)
        if not options:
            return DONE
        return Ask(frame.get("chooser", frame["controller"]), "target_card", [card_index(c) for c in options],
                   "Choose a target order in the chain")
    cid = choice.card
    entry = next(e for e in state.chain if e["card"] == cid)
    entry[frame["flag"]] = frame["controller"] if frame["flag"] == "chooser" else True
    if state.flags.get("resolving") is not None:
        state.flags["resolving"]["order"] = cid
    state.events.append({"type": "mark_order", "card": cid, "flag": frame["flag"], "source": frame["source"]})
    return DONE


@op("resolve_twice")
def _resolve_twice(state, frame, choice):
    """An order in the chain resolves its chain and kicker text twice: ``which`` "that" (the
    order this card's chain text targeted) or "next" (the next order to resolve). It sets
    a value: several such effects still make it resolve only twice (000 FAQ, 003)."""
    resolving = state.flags.get("resolving") or {}
    if frame["which"] == "that":
        cid = resolving.get("order")
    else:
        below = [e["card"] for e in state.chain if e["card"] != frame["source"]]
        cid = below[-1] if below else None
    entry = next((e for e in state.chain if e["card"] == cid), None)
    if entry is not None:
        entry["twice"] = True
        state.events.append({"type": "mark_order", "card": cid, "flag": "twice", "source": frame["source"]})
    return DONE


@op("claim_free_now")
def _claim_free_now(state, frame, choice):
    """Claim target order costing ``max_cost`` or less from your private archives or the
    commons, now, for 0 influence, on any player's turn; never from an opposing archive
    (000 FAQ Flank Attack)."""
    p = frame["controller"]
    if choice is None:
        options = [k for k, a in enumerate(state.archives)
                   if a["cards"] and a["owner"] in (-1, p) and not a.get("secret")
                   and state.wtype[a["cards"][-1]] is None and (state.card(a["cards"][-1]).cost or 0) <= frame["max_cost"]]
        if not options:
            return DONE
        return Ask(p, "target_archive", [archive_index(k) for k in options],
                   f"Claim an order costing {frame['max_cost']} or less for 0 influence")
    k = choice.archive
    cid = state.archives[k]["cards"].pop()
    state.owner[cid] = p
    state.discards[p].append(cid)
    state.events.append({"type": "claim", "player": p, "card": cid, "archive": k, "cost": 0, "dest": "discard"})
    return DONE
