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

from gloam.nightfall.actions import ARCHIVE0, CARD0, DONE as DONE_ACTION, FEED, PASS, PLAYER0
from gloam.nightfall.engine import CONTINUE, DONE, Ask, op
from gloam.nightfall.phases import damage_minion, push

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
    for q, mine in enumerate(state.play):
        if side == "friendly" and q != controller:
            continue
        if side in ("opposing", "not_controller") and q == controller:
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
        if choice is not None:
            return "chosen", choice - CARD0
        if not targets:
            return "none", None
        return "ask", Ask(chooser, "target_minion", [CARD0 + m for m in targets], prompt)
    targets = player_targets(state, frame, selector)
    if choice is not None:
        return "chosen", choice - PLAYER0
    if len(targets) == 1 and selector["player"] == "self":
        return "chosen", targets[0]
    return "ask", Ask(chooser, "target_player", [PLAYER0 + p for p in targets], prompt)


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
            push(state, frame["then"], source=frame["source"], controller=frame["controller"],
                 text=frame.get("text"))
        return DONE
    state.stack.append({"op": "damage_player", "player": target, "amount": amount,
                        "source": frame["source"], "from_chain": True})
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
    state.stack.append({"op": "damage_player", "player": value, "amount": frame["amount"],
                        "source": frame["source"], "from_chain": True})
    return CONTINUE


def _next_victim(state, frame, choice, victims: list[int]):
    """Rule 73: events that happen "at once" to several players happen one at a time, in
    the order the controller of the card chooses. Returns ``("ask", Ask)``,
    ``("next", player)`` or ``("done", None)``."""
    left = frame.setdefault("left", victims)
    if choice is not None:
        left.remove(choice - PLAYER0)
        return "next", choice - PLAYER0
    if not left:
        return "done", None
    if len(left) == 1:
        return "next", left.pop()
    return "ask", Ask(frame["controller"], "order_events", [PLAYER0 + q for q in left],
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
    if choice == DONE_ACTION:
        return DONE
    if choice is not None:
        state.discard_from_hand(victim, choice - CARD0, "effect")
        frame["left"] -= 1
    if frame["left"] <= 0 or not state.hands[victim]:
        return DONE
    # Whether this is asked depends only on what the table sees (the hand's size); with
    # no card that qualifies (no wound for a wound price) the only option is to stop.
    hand = [c for c in state.hands[victim] if not frame["wounds_only"] or state.wtype[c] is not None]
    options = [CARD0 + c for c in hand] if hand else [DONE_ACTION]
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
            archives = [k for k, a in enumerate(state.archives)
                        if a["cards"] and a["owner"] not in (-1, frame["controller"])]
            if choice is None:
                if not archives:
                    return DONE
                return Ask(frame["controller"], "target_archive", [ARCHIVE0 + k for k in archives],
                           "Choose a target opposing private archive")
            data["archive"] = choice - ARCHIVE0
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
        return Ask(p, "target_card", [CARD0 + c for c in options], "Choose a target card in your discard pile")
    cid = choice - CARD0
    pile.remove(cid)
    to = frame["to"]
    if to == "hand":
        state.put_in_hand_openly(p, cid)
    elif to == "play":
        state.enter_play(cid, p)
    elif to == "deck_top":
        state.put_on_deck_openly(p, cid)
    else:  # the wound stack: it goes on top, face up (it becomes the next wound given)
        state.owner[cid] = -1
        state.wounds.append(cid)
        state.face_up += 1
    state.events.append({"type": "fetch", "player": p, "card": cid, "dest": to})
    return DONE


@op("archive_to_deck")
def _archive_to_deck(state, frame, choice):
    """Place cards from a target archive on top of a target player's deck."""
    if "archive" not in frame:
        archives = [k for k, a in enumerate(state.archives) if a["cards"]]
        if choice is None:
            if not archives:
                return DONE
            return Ask(frame["controller"], "target_archive", [ARCHIVE0 + k for k in archives],
                       "Choose a target archive")
        frame["archive"] = choice - ARCHIVE0
        choice = None
    if choice is None:
        return Ask(frame["controller"], "target_player",
                   [PLAYER0 + q for q in state.clockwise_from(frame["controller"])],
                   "Choose the player whose deck gets the cards")
    q = choice - PLAYER0
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
    if choice is not None:
        state.discard_from_hand(victim, choice - CARD0, "effect")
        return DONE
    if not state.hands[victim]:
        return DONE
    state.events.append({"type": "look", "player": frame["controller"], "target": victim,
                         "cards": list(state.hands[victim]), "to": [frame["controller"], victim],
                         "secret": ["cards"]})
    return Ask(frame["controller"], "target_card", [CARD0 + c for c in state.hands[victim]],
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
    if choice is not None:
        if choice == DONE_ACTION:
            state.draw(p, 2 * frame["count"], reason="wound effect")
            return DONE
        state.discard_from_hand(p, choice - CARD0, "wound effect")
        frame["count"] += 1
    wounds = [c for c in state.hands[p] if state.wtype[c] is not None]
    return Ask(p, "choose_wounds", [CARD0 + c for c in wounds] + [DONE_ACTION],
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
    if choice == FEED:
        push(state, frame["cost"] + frame["text"] + [dict(frame)], source=frame["source"], controller=p)
        return DONE
    if choice == PASS:
        return DONE
    options = [FEED, PASS] if state.game.effects.can_pay(state, p, frame["cost"]) else [PASS]
    return Ask(p, "feed", options, "Feed: pay again to repeat the text, or pass")


def feed_offer(cost: list[dict], text: list[dict]) -> dict:
    return {"op": "offer_feed", "cost": cost, "text": text}

