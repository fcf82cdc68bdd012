"""The turn and its four phases as frame handlers (checklist A17-A25, rules 101-165).

Where each rule lives:

* the turn, phase order, end of game at phase boundaries (102, 161) ... ``turn``
* combat: windows (81-87), attacks (103-105), blocks (106-108), damage (108-110),
  end of combat and staying in play (117-118) ........................... ``combat`` and children
* chain: start (122-123), links (124-127), LIFO resolution (128-133), kickers (135-141),
  feed (88-92) ........................................................... ``chain``, ``resolve_card``
* claim: influence, discards, costs, archives (143-152) ................. ``claim``
* cleanup: draw to 5, one wound effect, effects end, moon (153-159) ...... ``cleanup``
"""

from __future__ import annotations

from gloam.nightfall.actions import (  # options are encoded as indices (PLAY0 + card on hot paths)
    ARCHIVE0,
    DISCARD0,
    DONE as DONE_ACTION,
    FEED,
    MAX_SLOTS,
    PASS,
    PLAY0,
    Archive,
    Attack,
    Block,
    Card,
    Discard,
    Done,
    Feed,
    Option,
    Pass,
    Play,
    attack_index,
    block_index,
    card_index,
    option_index,
)
from gloam.nightfall.engine import CONTINUE, DONE, Ask, descend, op
from gloam.nightfall.setup import reveal_archive
from gloam.nightfall.verbs import damage_minion, damage_to_player, feed_offer, push

HAND_SIZE = 5  # rule 153
BASE_INFLUENCE = 2  # rule 144
MOON_CHOICES = ("keep", "next", "shuffle")  # rule 157: Option(0), Option(1), Option(2)


# ---------------------------------------------------------------------- the turn
@op("turn")
def turn(state, frame, choice):
    step = frame["step"]
    if step > 0 and state.ending:  # rule 161: the phase in progress is finished; the game ends
        state.finish()
        return DONE
    frame["step"] = step + 1
    if step == 0:
        state.phase = "combat"
        state.events.append({"type": "turn", "player": state.active, "turn": state.turn})
        return descend(state, {"op": "combat", "step": 0})
    if step == 1:
        state.phase = "chain"
        return descend(state, {"op": "chain", "step": "start"})
    if step == 2:
        if state.flags.pop("second_combat", False):  # "Smiling Biter" kicker (rule 120)
            state.phase = "combat"
            return descend(state, {"op": "combat", "step": 0})
        step = 3  # nothing pushed (and ``ending`` unchanged): step 3 now, as the engine would call it
        frame["step"] = 4
    if step == 3:
        state.phase = "claim"
        effects = state.game.effects  # influence lost (Grim Siege) never goes below 0; "Indigo Six" doubles it
        state.influence = max(0, BASE_INFLUENCE + effects.extra_influence(state)) \
            * effects.influence_multiplier(state, state.active)
        state.events.append({"type": "phase", "phase": "claim", "influence": state.influence})
        return descend(state, {"op": "claim"})
    if step == 4:
        state.phase = "cleanup"
        return descend(state, {"op": "cleanup", "step": 0})
    if step == 5:  # also where an eliminated active player's turn jumps to (constructed)
        return descend(state, {"op": "end_of_turn"})
    # the turn is over: the player to the left starts the next (rules 101-102)
    limit = state.game.turn_limit
    if limit and state.turn >= limit:  # simulations only: the rules have no turn limit
        state.over = True
        state.ask = None
        state.phase = "over"
        state.events.append({"type": "turn_limit", "turns": state.turn})
        return DONE
    state.active = state.game.format.next_active(state)  # constructed: an eliminated player has no turns
    state.turn += 1
    state.influence = 0
    state.flags = {}
    state.stack.append({"op": "turn", "step": 0})
    return DONE


@op("end_of_turn")
def end_of_turn(state, frame, choice):
    """"At the end of each turn" In Play text (Wight Trash is destroyed), a step of its
    own so that what it triggers (Ahmad Hassan's "when a friendly minion is destroyed")
    goes beneath it and resolves before the next turn starts: no frame outlives its turn."""
    state.game.effects.end_of_turn(state)
    return DONE


# ---------------------------------------------------------------------- combat
@op("combat")
def combat(state, frame, choice):
    step = frame["step"]
    frame["step"] = step + 1
    if step == 0:
        state.flags["attacks"] = []
        return _window(state, "before attackers")
    if step == 1:
        if state.play[state.active]:
            return descend(state, {"op": "declare_attacks"})
        return _no_attacks(state, frame)
    if step == 2:
        if not state.flags["attacks"]:
            return _no_attacks(state, frame)
        return _window(state, "after attackers")
    if step == 3:
        return descend(state, {"op": "declare_blocks", "d": 0})
    if step == 4:
        return _window(state, "after blockers")
    if step == 5:
        return descend(state, {"op": "combat_damage", "i": 0})
    if step == 6:
        if state.ending:  # rule 161 / reading 10: all declared combats are finished
            return CONTINUE
        return _window(state, "after damage")
    end_of_combat(state)
    return DONE


def _no_attacks(state, frame):
    """No attack this combat: on to its end (step 7) now, as the engine would call it."""
    frame["step"] = 8
    end_of_combat(state)
    return DONE


def _window(state, which: str):
    """Open a combat window (its first player is asked at once: :func:`descend`)."""
    return descend(state, {"op": "window", "which": which, "i": 0, "passes": 0})


@op("window")
def window(state, frame, choice):
    """Rules 81-86: between steps, players take turns from the active player, one combat
    effect each or a pass; the window closes once everyone has passed in a row."""
    order = state.game.format.seating(state, state.active)
    n = len(order)  # constructed: eliminated players are out of the window
    if choice is not None:  # Pass or Play(card): isinstance, not match, on the hottest paths
        player = order[frame["i"] % n]
        frame["i"] += 1
        if isinstance(choice, Play):
            frame["passes"] = 0
            play_combat_card(state, player, choice.card)
            return CONTINUE
        frame["passes"] += 1
    if frame["passes"] >= n:
        return DONE
    player = order[frame["i"] % n]
    playable = state.game.effects.combat_cards(state, player)
    options = [PASS, *[PLAY0 + c for c in playable]] if playable else [PASS]
    which = frame["which"]
    prompt = _WINDOW_PROMPTS.get(which) or f"Combat ({which}): play a card's combat text, or pass"
    return Ask(player, "combat_window", options, prompt)


#: the combat windows' prompts, made once
_WINDOW_PROMPTS = {which: f"Combat ({which}): play a card's combat text, or pass"
                   for which in ("before attackers", "after attackers", "after blockers", "after damage")}


def play_combat_card(state, player: int, cid: int) -> None:
    texts = state.game.effects.texts(state.cards[cid])
    if state.wtype[cid] is not None:  # a wound's "Your Combat" effect (rule 159)
        state.flags["wound_effect_used"] = True
    state.take_from_hand(player, cid)
    if not texts.combat_keeps_card:  # rule 84: combat text is used by discarding the card
        state.put_in_discard(cid)
    state.events.append({"type": "combat_text", "player": player, "card": cid})
    if state.wtype[cid] is not None:
        frames = list(texts.wound)
        if texts.feed_on == "wound_text":
            frames.append(feed_offer(texts.feed, texts.wound))
    else:
        frames = texts.combat if texts.combat else texts.your_combat
    push(state, frames, source=cid, controller=player)


@op("declare_attacks")
def declare_attacks(state, frame, choice):
    """Rules 103-105: every minion the active player controls attacks an opponent; the
    order they are sent in is the order their combats resolve."""
    p = state.active
    attacks = state.flags["attacks"]
    if isinstance(choice, Attack):
        minion, target = state.play[p][choice.slot], choice.player
        attacks.append({"minion": minion, "target": target, "blockers": [], "unblockable": False})
        state.events.append({"type": "attack", "player": p, "card": minion, "target": target})
        trigger = state.game.effects.on_attack(state, minion)
        if trigger:
            push(state, trigger, source=minion, controller=p)
            return CONTINUE
    sent = [a["minion"] for a in attacks]
    options, targets = [], None
    for slot, m in enumerate(state.play[p]):
        if m not in sent and slot < MAX_SLOTS:
            if targets is None:
                targets = state.opponents(p)
            for q in targets:
                options.append(attack_index(slot, q))
    if targets is None:  # every minion has been sent
        return DONE
    return Ask(p, "attack", options, "Send a minion to attack an opponent")


@op("declare_blocks")
def declare_blocks(state, frame, choice):
    """Rules 106-108: each defender blocks with any of his minions, each blocking one
    attacker (several may gang up); the order chosen is the order they absorb damage."""
    attacks = state.flags["attacks"]
    targets = [a["target"] for a in attacks]
    defenders = [q for q in state.opponents(state.active) if q in targets]
    if isinstance(choice, Block):
        q = defenders[frame["d"]]
        blocker, attack = state.play[q][choice.slot], attacks[choice.attack]
        attack["blockers"].append(blocker)
        state.events.append({"type": "block", "player": q, "card": blocker, "attacker": attack["minion"]})
    elif isinstance(choice, Done):  # this defender stops blocking
        frame["d"] += 1
    while frame["d"] < len(defenders):
        q = defenders[frame["d"]]
        effects, blockable, busy = state.game.effects, [], []
        for i, a in enumerate(attacks):
            busy += a["blockers"]
            if a["target"] == q and not effects.unblockable(state, a):
                blockable.append(i)
        free = [slot for slot, m in enumerate(state.play[q]) if m not in busy and slot < MAX_SLOTS] \
            if blockable else None
        if free:
            options = []
            for s in free:
                for i in blockable:
                    options.append(block_index(s, i))
            options.append(DONE_ACTION)
            return Ask(q, "block", options, "Block an attacker with one of your minions, or stop blocking")
        frame["d"] += 1
    return DONE


@op("combat_damage")
def combat_damage(state, frame, choice):
    """Rules 107-110: each attacker's damage goes to its blockers in order, each
    absorbing what it can; the rest wounds the defender (through direct-damage blockers,
    rule 113)."""
    attacks = state.flags["attacks"]
    while frame["i"] < len(attacks):
        attack = attacks[frame["i"]]
        frame["i"] += 1
        minion = attack["minion"]
        if minion not in state.minions:
            continue
        damage = state.strength(minion, attacking=True)
        for blocker in attack["blockers"]:
            if damage <= 0 or blocker not in state.minions:
                continue
            absorbed = min(damage, state.health_left(blocker))
            damage -= absorbed
            damage_minion(state, blocker, absorbed, source=minion)
        if damage > 0:
            state.stack.append(damage_to_player(state, attack["target"], damage, minion, from_chain=False))
            return CONTINUE
    return DONE


def end_of_combat(state) -> None:
    """Rules 117-118: the active player's minions are discarded (not destroyed), except
    those told to stay in play; attached actions go with them (rule 80)."""
    p = state.active
    for minion in list(state.play[p]):
        if not state.game.effects.stays_in_play(state, minion):
            state.leave_play(minion, "discarded")
    state.flags["attacks"] = []


# ---------------------------------------------------------------------- chain
@op("chain")
def chain(state, frame, choice):
    """Rules 122-131: the active player may start a chain with any order, then links;
    each opponent in turn gets one chance to link; then it resolves last in, first out."""
    step = frame["step"]
    if step == "start":
        p = state.active
        if isinstance(choice, Pass):
            state.events.append({"type": "no_chain", "player": p})
            return DONE
        if isinstance(choice, Play):
            if _use_chain_wound(state, p, choice.card):
                return CONTINUE
            add_to_chain(state, p, choice.card)
            frame.update(step="link", seat=0)
            step, choice = "link", None  # nothing pushed: the links now, as the engine would call them
        else:
            cards, orders, options = state.cards, state.game.effects.order_ids, [PASS]
            for c in state.hands[p]:
                if cards[c] in orders:
                    options.append(PLAY0 + c)
            for w in state.game.effects.chain_wounds(state, p):
                options.append(PLAY0 + w)
            return Ask(p, "chain_start", options, "Start a chain with an order from your hand, or pass")
    if step == "link":
        order = state.game.format.seating(state, state.active)
        while frame["seat"] < len(order):
            p = order[frame["seat"]]
            if isinstance(choice, Done):
                frame["seat"] += 1
                choice = None
                continue
            if isinstance(choice, Play):
                if _use_chain_wound(state, p, choice.card):
                    return CONTINUE
                add_to_chain(state, p, choice.card)
                choice = None
            options = link_options(state, p)
            if p == state.active:
                for w in state.game.effects.chain_wounds(state, p):
                    options.append(PLAY0 + w)
            options.append(DONE_ACTION)
            return Ask(p, "link", options, "Link an order to the chain, or stop")
        frame["step"] = "resolve"
        state.events.append({"type": "chain_complete", "length": len(state.chain)})
    # resolve, last in first out (rule 128); straight on from the links (nothing was pushed)
    if not state.chain:
        return DONE
    entry = state.chain[-1]
    return descend(state, {"op": "resolve_card", "card": entry["card"], "player": entry["player"],
                           "kicker": entry["kicker"], "step": 0})


def link_options(state, player: int) -> list[int]:
    """Rule 124: a card links if its colour is one of the last card's link colours (the
    indices of ``Play(card)``)."""
    effects, cards = state.game.effects, state.cards
    colours = effects.link_colours_of[cards[state.chain[-1]["card"]]]
    orders, colour, options = effects.order_ids, effects.colour_of, []
    for c in state.hands[player]:
        card_id = cards[c]
        if card_id in orders and colour[card_id] in colours:
            options.append(PLAY0 + c)
    return options


def add_to_chain(state, player: int, cid: int) -> None:
    """Rules 123-124, 135, 138: the first card never gets a kicker; a linked card gets
    its kicker when the card it links to has its kicker colour."""
    card = state.card(cid)
    kicker = False
    if state.chain and card.kicker is not None:
        kicker = state.card(state.chain[-1]["card"]).colour == card.kicker.colour
    state.take_from_hand(player, cid)
    state.chain.append({"card": cid, "player": player, "kicker": kicker})
    state.events.append({"type": "chain", "player": player, "card": cid, "kicker": kicker,
                         "position": len(state.chain)})


def _use_chain_wound(state, player: int, cid: int) -> bool:
    if state.wtype[cid] is None:
        return False
    texts = state.game.effects.texts(state.cards[cid])
    state.flags["chain_wound_used"] = True
    state.flags["wound_effect_used"] = True  # rule 159: no other wound effect after it
    state.discard_from_hand(player, cid, "wound effect")
    push(state, texts.wound, source=cid, controller=player)
    return True


@op("resolve_card")
def resolve_card(state, frame, choice):
    """Rules 129-141 and 88-92, top-down (rule 136): chain text (Your Chain only on the
    active player's cards, reading 6) and its feed, then the kicker if it was earned and
    its feed, then the card goes into play (a minion) or to its owner's discard pile (an
    action). Frames carry which text they come from (Butcher's Moon negates chain text)."""
    cid, player = frame["card"], frame["player"]
    texts = state.game.effects.texts(state.cards[cid])
    step = frame["step"]
    # NF orders that change another order in the chain mark its entry (plain data): "no_chain"
    # (Flank Attack: its chain text is not resolved), "chooser" (Leave Me!: who chooses its
    # targets), "twice" (Leave Me!'s and Sir John Travail's kickers: chain and kicker twice)
    entry = _chain_entry(state.chain, cid)
    context = {"chooser": entry["chooser"]} if entry.get("chooser") is not None else {}
    if 0 < step < 3 and not state.game.format.in_game(state, player):  # constructed: its player is out
        frame["step"] = step = 3
    if step == 0:
        if not frame.get("again"):
            state.flags["resolving"] = {"card": cid, "exile": False, "attached": False,
                                        "previous": state.flags.get("last_resolved")}  # Bleak Resurrection
            state.events.append({"type": "resolve", "card": cid, "player": player})
        frame["step"] = 1
        frames = list(texts.chain)
        if player == state.active:
            frames += texts.your_chain
        replaced = texts.kicker_replaces_chain and state.game.effects.gets_kicker(state, cid, player, frame["kicker"])
        if entry.get("no_chain") or replaced:  # Flank Attack; Death Grip's kicker (003: read the whole card)
            frames = []
            frame["no_chain"] = True
        push(state, frames, source=cid, controller=player, text="chain", **context)
        return CONTINUE
    if step == 1:
        if texts.feed_on == "chain" and not frame.get("no_chain"):
            asked = _feed(state, frame, choice, texts, texts.chain, "chain")
            if asked is not None:
                return asked
        frame["step"] = 2
        if state.game.effects.gets_kicker(state, cid, player, frame["kicker"]) and texts.kicker:
            frame["kicked"] = True
            state.events.append({"type": "kicker", "card": cid, "player": player})
            push(state, texts.kicker, source=cid, controller=player, text="kicker", **context)
            return CONTINUE
        step, choice = 2, None  # nothing pushed: step 2 now, as the engine would call it next
    if step == 2:
        if texts.feed_on == "kicker" and frame.get("kicked"):
            asked = _feed(state, frame, choice, texts, texts.kicker, "kicker")
            if asked is not None:
                return asked
        frame["step"] = 3
        if entry.get("twice") and not frame.get("again"):  # resolve chain and kicker text once more
            frame.update(step=0, again=True, no_chain=False)
            return CONTINUE
    # step 3: the card leaves the chain (straight on from step 2: nothing was pushed)
    resolving = state.flags.pop("resolving")
    state.flags["last_resolved"] = cid  # "the previous order in the chain" for the next one (003)
    state.chain.pop()
    card = state.card(cid)
    if resolving["exile"]:
        state.exile(cid, "its own text")
    elif resolving["attached"] is not False and resolving["attached"] in state.minions:
        state.minions[resolving["attached"]]["attached"].append(cid)  # rule 79
        state.events.append({"type": "attach", "card": cid, "minion": resolving["attached"]})
    elif resolving.get("discard"):  # its own text sends it to the discard pile (Infected Ghoul)
        state.put_in_discard(cid)
        state.events.append({"type": "discard", "player": player, "card": cid, "reason": "its own text"})
    elif not state.game.format.in_game(state, player):  # constructed: an eliminated player's minion stays out
        state.put_in_discard(cid)
    elif card.is_minion:  # with the health its own text set (Blaine Cordell), else full
        state.enter_play(cid, player, health=resolving.get("health"))
    else:
        state.put_in_discard(cid)
    return DONE


def _chain_entry(chain: list[dict], cid: int) -> dict:
    """The chain's last entry for card ``cid`` (``{}`` if none)."""
    for e in reversed(chain):
        if e["card"] == cid:
            return e
    return {}


def _feed(state, frame, choice, texts, fed_text, text: str):
    """Rules 88-90: after the first, mandatory resolution, pay the feed price to resolve
    the text again, as often as the controller can and will. Returns an Ask, CONTINUE
    after a feed, or None when the controller is done."""
    cid, player = frame["card"], frame["player"]
    if isinstance(choice, Feed):
        state.events.append({"type": "feed", "card": cid, "player": player})
        push(state, list(texts.feed) + list(fed_text), source=cid, controller=player, text=text)
        return CONTINUE
    if choice is None:  # asked whenever the text can be fed; Feed offered if payable
        options = [FEED, PASS] if state.game.effects.can_pay(state, player, texts.feed) else [PASS]
        return Ask(player, "feed", options, "Feed: pay again to repeat the text, or pass")
    return None


# ---------------------------------------------------------------------- claim
@op("claim")
def claim(state, frame, choice):
    """Rules 143-152: claim the top card of your private archives or the commons for its
    cost; discard cards from your hand for 1 influence each; any number of times."""
    p = state.active
    effects = state.game.effects
    if isinstance(choice, Archive):
        reveal_archive(state, choice.archive)  # Secret Archives: face up on the first claim (rule 176)
        effects.claim(state, p, choice.archive)
    elif isinstance(choice, Discard):
        state.discard_from_hand(p, choice.card, "influence")
        state.influence += effects.influence_multiplier(state, p)  # 1, worth double with "Indigo Six"
    elif isinstance(choice, Done):
        return DONE
    claimable = effects.claimable(state, p)
    game = state.game
    if game.format.filters_claims:
        claimable = game.format.claimable(state, p, claimable)  # constructed, rule 170: your own only
    mates = game.team(p) if game.teams else (p,)  # Team Play (reading 14): a teammate's archive is not opposing
    archives, wtype = state.archives, state.wtype
    options, forced = [], False
    for k in claimable:
        archive = archives[k]
        owner = archive["owner"]  # Secret Archives (rule 176): only the owner
        if owner == p or (owner not in mates and not archive.get("secret")):
            options.append(ARCHIVE0 + k)
            # rule 152 (Pipe Bomb): a wound on top of an archive you may claim from must be claimed
            forced = forced or wtype[archive["cards"][-1]] is not None
    for c in state.hands[p]:  # loops, not comprehensions, on these short hot lists (docs/performance.md)
        options.append(DISCARD0 + c)
    if not forced:
        options.append(DONE_ACTION)
    influence = state.influence
    prompt = _CLAIM_PROMPTS[influence] if influence < len(_CLAIM_PROMPTS) else _claim_prompt(influence)
    return Ask(p, "claim", options, prompt)


def _claim_prompt(influence: int) -> str:
    return f"Claim a card ({influence} influence), discard a card for 1 influence, or stop"


#: the claim step's prompts for the usual amounts of influence, made once
_CLAIM_PROMPTS = tuple(_claim_prompt(i) for i in range(32))


# ---------------------------------------------------------------------- cleanup
@op("cleanup")
def cleanup(state, frame, choice):
    """Rules 153-157: draw up to 5; you may use one wound effect; all effects end; the
    moon may change."""
    p = state.active
    step = frame["step"]
    if step == 0:
        missing = HAND_SIZE - len(state.hands[p])
        if missing > 0:
            state.draw(p, missing, reason="cleanup")
        frame["step"] = 1
        if state.over:
            return CONTINUE
        step = 1  # nothing pushed: step 1 now, as the engine would call it next
    if step == 1:
        if choice is not None:
            frame["step"] = 2
            if isinstance(choice, Play):
                cid = choice.card
                state.flags["wound_effect_used"] = True
                texts = state.game.effects.texts(state.cards[cid])
                state.discard_from_hand(p, cid, "wound effect")
                push(state, texts.wound, source=cid, controller=p)
                return CONTINUE
            if state.over:
                return CONTINUE
            step, choice = 2, None  # a pass: step 2 now
        else:
            # asked even with nothing to use: whether it is asked must not tell the table
            # what is in the hand (hidden information)
            options = [PASS]
            for w in state.game.effects.cleanup_wounds(state, p):
                options.append(PLAY0 + w)
            return Ask(p, "wound_effect", options, "Use one wound effect, or pass")
    if step == 2:
        extra = state.game.effects.cleanup_draw(state, p)  # "Brynna & Taylor": after the wound effect (003)
        if extra:
            state.draw(p, extra, reason="effect")
        state.effects = [e for e in state.effects if e.get("until") == "lasting"]  # rule 156
        frame["step"] = 3
        if state.over:
            return CONTINUE
        choice = None  # step 3 now, as the engine would call it next
    if state.moons:  # rule 157 / 98
        match choice:
            case None:
                return Ask(p, "moon", [option_index(k) for k in range(len(MOON_CHOICES))],
                           "Moon phase: keep it, move it to the bottom, or shuffle the stack")
            case Option(option=k):
                if MOON_CHOICES[k] == "next":
                    state.moons.insert(0, state.moons.pop())
                elif MOON_CHOICES[k] == "shuffle":
                    state.rng.shuffle(state.moons)
                state.events.append({"type": "moon", "player": p, "choice": MOON_CHOICES[k],
                                     "moon": state.moons[-1]})
    return DONE


# ---------------------------------------------------------------------- damage to players
@op("damage_player")
def damage_player(state, frame, choice):
    """Rules 112-116: damage inflicted on a player first meets the minions that must
    block it (in the order their controller chooses), then becomes wounds."""
    q = frame["player"]
    amount = frame["amount"]
    if choice is None and any(e["kind"] == "prevent_damage" and e.get("player") == q for e in state.effects):
        state.events.append({"type": "prevented", "player": q, "amount": amount})  # "Shadow Seven"
        return DONE
    blockers = _damage_blockers(state, q, frame)
    if isinstance(choice, Card):
        blocker = choice.card
        absorbed = min(amount, state.health_left(blocker))
        damage_minion(state, blocker, absorbed, frame.get("source"))
        frame["amount"] = amount = amount - absorbed
        blockers = _damage_blockers(state, q, frame)
    if amount > 0 and blockers:
        if len(blockers) == 1:
            return damage_player(state, frame, Card(blockers[0]))
        return Ask(q, "order_blockers", [card_index(m) for m in blockers], "Which minion blocks this damage first?")
    if amount > 0:
        state.give_wounds(q, amount, reason="damage")
    return DONE


def _damage_blockers(state, player: int, frame) -> list[int]:
    """The minions of ``player`` that must block this damage (rules 112-113: "Bad Smoke",
    Vulko), none for damage made unblockable ("Bone Cruncher", 003)."""
    if frame.get("unblockable"):
        return []
    return [m for m in state.play[player] if state.game.effects.blocks_player_damage(state, m)]
