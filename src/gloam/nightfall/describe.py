"""Labels for Nightfall's actions and events (strings only, no I/O), built from a
player's observation so they never say more than that player may know. English by
default; ``lang="ja"`` gives Japanese (card names from seed 002, see ``i18n.py``).

>>> from gloam.games import get_game
>>> game = get_game("nightfall", {"players": 2})
>>> state = game.new_initial_state(seed=3)
>>> obs = state.observation(0)
>>> describe_action(game, obs, state.legal_action_indices()[0])
'Pass (play no combat text)'
>>> describe_action(game, obs, state.legal_action_indices()[0], lang="ja")
'パス（戦闘テキストを使わない）'

A draft pick (rules 20-22, 30) names the card of the picker's own draft hand, with its
type, colour, cost, link colours and kicker colour; another player's view of the same
decision names nothing (``Option N``). Customised starting decks (rule 34) name the pair.

>>> from gloam.nightfall.game import NightfallGame
>>> draft = NightfallGame(players=2, archives="draft")
>>> s = draft.new_initial_state(3)
>>> describe_action(draft, s.observation(0), s.legal_action_indices()[0])
'Remove Dog Eat Dog from the game (action, red, cost 3, links green/gold, kicker white)'
>>> describe_action(draft, s.observation(1), s.legal_action_indices()[0])
'Option 1'
"""

from __future__ import annotations

from typing import Any

from gloam.core.protocol import Action
from gloam.nightfall import i18n
from gloam.nightfall.actions import (
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
    Player,
    action_space,
)

MOON_CHOICES = tuple(i18n.MOON_CHOICES[k]["en"] for k in ("keep", "next", "shuffle"))
_PASS = ("combat_window", "chain_start", "wound_effect", "feed")
_DONE = ("link", "block", "claim", "choose_wounds", "choose_discard")


def player_name(p: int, names: list[str] | None = None, lang: str = "en") -> str:
    return i18n.player_label(p, names, lang)


def card_label(game, obs: dict[str, Any], cid: int, lang: str = "en") -> str:
    """A card's name with its colour, or a wound with its type."""
    return face_label(game, obs["cards"][cid], obs["wtype"][cid], lang)


def face_label(game, card_id: str, wtype: str | None, lang: str = "en") -> str:
    """:func:`card_label` of a card named by its data id and, for a wound, its type."""
    card = game.card(card_id)
    if lang == "en":
        if wtype is not None:
            return f"{card.name} ({wtype})"
        colour = f", {card.colour}" if card.colour else ""
        return f"{card.printed_name}{colour}"
    if wtype is not None:
        return f"{i18n.card_name(card, lang)}（{i18n.text('wound_type', wtype, lang, default=wtype)}）"
    colour = f"（{i18n.colour_name(card.colour, lang)}）" if card.colour else ""
    return f"{i18n.card_name(card, lang)}{colour}"


def minion_label(game, obs: dict[str, Any], cid: int, lang: str = "en") -> str:
    card = game.card(obs["cards"][cid])
    info = obs["minions"].get(str(cid))
    health = (card.health or 0) - (info["damage"] if info else 0)
    return f"{i18n.card_name(card, lang)} ({card.strength or 0}/{health})"


def card_summary(card: Any, lang: str = "en") -> str:
    """A short summary of a card for a menu: its type (with strength/health), colour,
    cost, link colours and kicker colour, e.g. ``"minion 3/2, red, cost 4, links
    blue/gold, kicker purple"``."""
    parts = []
    if card.is_minion:
        parts.append(i18n.fill("ui", "minion_stats", lang, strength=card.strength, health=card.health))
    else:
        parts.append(i18n.text("card_type", card.type, lang, default=card.type))
    if card.colour:
        parts.append(i18n.colour_name(card.colour, lang))
    if card.cost is not None:
        parts.append(i18n.fill("action", "summary_cost", lang, cost=card.cost))
    if card.link_colours:
        links = "/".join(i18n.colour_name(c, lang) for c in card.link_colours)
        parts.append(i18n.fill("action", "summary_links", lang, links=links))
    if card.kicker is not None:
        parts.append(i18n.fill("action", "summary_kicker", lang, colour=i18n.colour_name(card.kicker.colour, lang)))
    return i18n.text("action", "summary_sep", lang).join(parts)


def draft_destination(draft: dict[str, Any]) -> tuple[str, int, int]:
    """Where the pick in progress goes (``"private"``, ``"commons"`` or ``"removed"``,
    rules 20-22, 26, 30) and, for a private pick, which of the player's private picks it
    is and how many there are."""
    schedule = draft["schedule"]
    r = draft["round"]
    dest = schedule[r]
    return dest, schedule[: r + 1].count("private"), schedule.count("private")


def draft_option(game, obs: dict[str, Any], option: int, lang: str = "en") -> str | None:
    """The draft pick ``Option(option)``: the ``option``-th card of the picker's draft
    hand (setup.py), named with a summary and where it goes. None when ``obs`` is not
    the picker's own view (another player's draft hand is never shown)."""
    draft = obs.get("draft")
    if not draft or obs.get("viewer") is None or obs["viewer"] != obs.get("to_act"):
        return None
    hand = draft["hand"]
    if not 0 <= option < len(hand):
        return None
    card = game.card(hand[option])
    dest, _, _ = draft_destination(draft)
    return i18n.fill("action", f"draft_{dest}", lang, card=i18n.card_name(card, lang),
                     summary=card_summary(card, lang))


def starters_choice(game, obs: dict[str, Any]) -> tuple[str, list[tuple[str, ...]]] | None:
    """The colour and the pairs of starting minions of the ``starters`` decision the
    viewer of ``obs`` is making (rule 34; ``Option(k)`` chooses the k-th pair, setup.py),
    else None."""
    decision = obs.get("decision")
    if not decision or decision.get("type") != "StartersContext":
        return None
    return decision["colour"], [tuple(pair) for pair in decision["pairs"]]


def starters_option(game, obs: dict[str, Any], option: int, lang: str = "en") -> str | None:
    """The starting-deck choice ``Option(option)`` (rule 34): two starting minions of one
    colour, each named with its summary. None when no such choice is pending."""
    choice = starters_choice(game, obs)
    if choice is None or not 0 <= option < len(choice[1]):
        return None
    pair = choice[1][option]
    if len(set(pair)) == 1:
        card = game.card(pair[0])
        cards = i18n.fill("action", "starter_twice", lang, card=i18n.card_name(card, lang),
                          summary=card_summary(card, lang), count=len(pair))
    else:
        cards = i18n.text("action", "starter_and", lang).join(
            i18n.fill("action", "starter_card", lang, card=i18n.card_name(game.card(c), lang),
                      summary=card_summary(game.card(c), lang)) for c in pair)
    return i18n.fill("action", "starters", lang, cards=cards)


def describe_action(game, obs: dict[str, Any], index: "int | Action", names: list[str] | None = None,
                    lang: str = "en") -> str:
    """A clear label for the action ``index`` (an index or the typed action) in the
    decision ``obs`` shows."""
    i18n.check_lang(lang)
    action = action_space()[index] if isinstance(index, int) else index
    match action:
        case Pass() | Done() | Feed():
            return _pass_done_feed(game, obs, action, lang)
        case Play(card=cid):
            return _play(game, obs, cid, lang)
        case Card(card=cid):
            return _card(game, obs, cid, names, lang)
        case Discard(card=cid):
            return _say(lang, "discard_influence", card=card_label(game, obs, cid, lang))
        case Player(player=p):
            return _player(game, obs, p, names, lang)
        case Archive(archive=k):
            return _archive(game, obs, k, names, lang)
        case Option(option=option):
            return _option(game, obs, option, lang)
        case Attack(slot=slot, player=target):
            attacker = obs["play"][obs["viewer"]][slot]
            return _say(lang, "attack", minion=minion_label(game, obs, attacker, lang),
                        player=player_name(target, names, lang))
        case Block(slot=slot, attack=attack):
            blocker = obs["play"][obs["viewer"]][slot]
            attacker = obs["combat"][attack]["attacker"]
            return _say(lang, "block", attacker=minion_label(game, obs, attacker, lang),
                        blocker=minion_label(game, obs, blocker, lang))
    raise TypeError(f"not a Nightfall action: {action!r}")


def _say(lang: str, key: str, **values: Any) -> str:
    return i18n.fill("action", key, lang, **values)


def _pass_done_feed(game, obs: dict[str, Any], action: Action, lang: str) -> str:
    """Pass, Done and Feed, named by the decision they answer."""
    kind = obs["kind"]
    frame = _asking_frame(obs)
    if isinstance(action, Feed):
        return _say(lang, "feed")
    if isinstance(action, Done):
        return _say(lang, f"done_{kind}" if kind in _DONE else "done")
    if kind == "optional":
        return _say(lang, "decline_optional", text=_may_text(frame), card=_source_name(game, obs, frame, lang))
    if kind == "may_discard":
        return _say(lang, "decline_may_discard", source=_source_name(game, obs, frame, lang))
    return _say(lang, f"pass_{kind}" if kind in _PASS else "pass")


def _card(game, obs: dict[str, Any], cid: int, names: list[str] | None, lang: str) -> str:
    """``Card(cid)``: a card to discard, a target card or minion, a blocker to order."""
    kind = obs["kind"]
    frame = _asking_frame(obs)
    label = card_label(game, obs, cid, lang)
    if kind == "choose_discard":
        return _say(lang, "discard", card=label)
    if kind == "choose_wounds":
        return _say(lang, "discard_wound_too", card=label)
    if kind == "may_discard":
        return _say(lang, "may_discard", card=label, source=_source_name(game, obs, frame, lang))
    if kind == "target_card":
        picked = _card_pick(game, obs, frame, label, lang, names)
        if picked is not None:
            return picked
    if kind == "order_blockers":
        return _say(lang, "order_blocker", minion=minion_label(game, obs, cid, lang))
    if str(cid) in obs["minions"]:
        owner = obs["minions"][str(cid)]["controller"]
        minion = minion_label(game, obs, cid, lang)
        if owner == obs["viewer"] and player_name(owner, names, lang) == i18n.text("ui", "you", lang):  # not "You's"
            target = _say(lang, "target_minion_yours", minion=minion)
        else:
            target = _say(lang, "target_minion", minion=minion, owner=player_name(owner, names, lang))
        effect = _effect(game, obs, frame, lang) if kind == "target_minion" else None
        return _say(lang, "with_effect", target=target, effect=effect) if effect else target
    return _say(lang, "choose", card=label)


def _player(game, obs: dict[str, Any], p: int, names: list[str] | None, lang: str) -> str:
    """``Player(p)``: the next player affected, or a target player."""
    kind = obs["kind"]
    if kind == "order_events":
        return _say(lang, "next_affected",
                    player=i18n.text("ui", "you", lang) if p == obs["viewer"] else player_name(p, names, lang))
    target = _say(lang, "target_self") if p == obs["viewer"] else _say(lang, "target_player",
                                                                        player=player_name(p, names, lang))
    effect = _effect(game, obs, _asking_frame(obs), lang) if kind == "target_player" else None
    return _say(lang, "with_effect", target=target, effect=effect) if effect else target


def _archive(game, obs: dict[str, Any], k: int, names: list[str] | None, lang: str) -> str:
    """``Archive(k)``: an archive to claim from, or a target archive."""
    kind = obs["kind"]
    archive = obs["archives"][k]
    if archive["owner"] < 0:
        whose = _say(lang, "commons")
    elif archive["owner"] == obs["viewer"] and player_name(archive["owner"], names, lang) == i18n.text("ui", "you", lang):
        whose = _say(lang, "archive_yours")
    else:
        whose = _say(lang, "archive_of", player=player_name(archive["owner"], names, lang))
    if kind == "claim":
        return _claim(game, obs, k, whose, lang)
    if archive["card"] is None:  # another player's Secret Archive (rule 176): face down
        return _say(lang, "choose_archive", card=i18n.text("ui", "face_down", lang), whose=whose)
    cname = i18n.card_name(game.card(archive["card"]), lang)
    frame = _asking_frame(obs) or {}
    op_name = frame.get("verb")
    if kind == "target_archive" and op_name in _ARCHIVE_PICKS:
        kind_text = i18n.text("effect", frame.get("effect") or "", lang) if op_name == "continuous" else ""
        return _say(lang, _ARCHIVE_PICKS[op_name], card=cname, whose=whose, kind=kind_text)
    return _say(lang, "choose_archive", card=cname, whose=whose)


def claim_offer(obs: dict[str, Any], k: int) -> dict[str, Any] | None:
    """What claiming from archive ``k`` takes and costs, as the claim decision's context
    says (``ArchiveOffer``: ``card``, ``cost``, ``wound_type``; made from the claim's own
    terms, ``Effects.claim_terms``); None unless ``obs`` is the view of the player
    deciding that claim. Else, from the archive as ``obs`` shows it: its top card (a wound
    placed on top is public, costing 0, rule 152) at its printed cost."""
    decision = obs.get("decision")
    if decision is not None and decision.get("type") == "ClaimContext":
        return next((offer for offer in decision["archives"] if offer["archive"] == k), None)
    return None


def _archive_top(game, obs: dict[str, Any], k: int) -> tuple[str | None, str | None, int]:
    """(card data id, wound type, cost) of archive ``k``'s top card as ``obs`` shows it,
    for a view that is not the claimer's: a wound on top (public) costs 0 (rule 152);
    an order its printed cost (a discount or a free claim is the claimer's to know)."""
    archive = obs["archives"][k]
    wounds = archive.get("wounds") or ()
    if wounds and wounds[-1][0] == archive["size"] - 1:
        wound = wounds[-1][1]
        return obs["cards"][wound], obs["wtype"][wound], 0
    if archive["card"] is None:
        return None, None, 0
    return archive["card"], None, game.card(archive["card"]).cost or 0


def _claim(game, obs: dict[str, Any], k: int, whose: str, lang: str) -> str:
    """``Archive(k)`` in the Claim Phase: the card the claim takes and what it costs now,
    both from :func:`claim_offer` (the claim's own terms), so the label is what happens:
    a wound Pipe Bomb put on top is named, for 0 influence (000 FAQ Pipe Bomb, rule 152),
    with the archive it lies on."""
    archive = obs["archives"][k]
    offer = claim_offer(obs, k)
    if offer is not None:
        card_id, wtype, cost = offer["card"], offer.get("wound_type"), offer["cost"]
    else:
        card_id, wtype, cost = _archive_top(game, obs, k)
    if card_id is None:  # another player's Secret Archive (rule 176): face down
        return _say(lang, "choose_archive", card=i18n.text("ui", "face_down", lang), whose=whose)
    cname = face_label(game, card_id, wtype, lang) if wtype is not None else i18n.card_name(game.card(card_id), lang)
    shown = archive["card"]  # the archive's card (a mixed archive, Bait and Switch: its top card)
    if shown is not None and shown != card_id:  # a wound on top of an order's archive
        return _say(lang, "claim_wound", card=cname, cost=cost, whose=whose,
                    archive=i18n.card_name(game.card(shown), lang))
    return _say(lang, "claim_commons" if archive["owner"] < 0 else "claim_private", card=cname, cost=cost, whose=whose)


def _option(game, obs: dict[str, Any], option: int, lang: str) -> str:
    """``Option(k)``: a moon choice, accepting an optional text, a draft pick, a pair
    of starting minions."""
    kind = obs["kind"]
    if kind == "moon":
        return i18n.text("moon_choice", ("keep", "next", "shuffle")[option], lang)
    if kind == "optional" and option == 0:
        frame = _asking_frame(obs)
        return _say(lang, "accept_optional", text=_may_text(frame), card=_source_name(game, obs, frame, lang))
    if kind == "draft":
        label = draft_option(game, obs, option, lang)
        if label is not None:
            return label
    if kind == "starters":
        label = starters_option(game, obs, option, lang)
        if label is not None:
            return label
    return _say(lang, "option", n=option + 1)


_ARCHIVE_PICKS = {"archive_to_deck": "pick_archive_to_deck", "claim_free_now": "pick_claim_free",
                  "wound_to_archive": "pick_wound_to_archive", "continuous": "pick_archive_effect"}
_CARD_PICKS = {"tutor": "pick_tutor", "exile_own_discard": "pick_exile_discard",
               "exile_order_from_discard": "pick_exile_order", "place_from_discard": "pick_place_from_discard",
               "resolve_from_hand": "pick_resolve_from_hand"}


def _effect(game, obs: dict[str, Any], frame: dict[str, Any] | None, lang: str) -> str | None:
    """What happens to the target minion or player chosen now, from the decision's
    context ``frame`` (its verb and amount), e.g. "2 damage"; None when it says nothing
    more."""
    if not frame:
        return None
    op_name, amount = frame.get("verb"), frame.get("amount")

    def fx(key: str, **values: Any) -> str:
        return i18n.fill("action", key, lang, **values)

    if op_name in ("damage", "damage_player") and isinstance(amount, int):
        return fx("fx_damage", amount=amount)
    if op_name == "restore":
        return fx("fx_restore_all") if amount is None else fx("fx_restore", amount=amount)
    if op_name in ("strength", "lasting_strength") and isinstance(amount, int):
        return fx(f"fx_{op_name}", amount=amount)
    if op_name == "minion_to_hand":
        return fx("fx_capture" if frame.get("capture") else "fx_minion_to_hand")
    if op_name == "attach_self":
        return fx("fx_attach_self", source=_source_name(game, obs, frame, lang))
    if op_name == "fight":
        return fx("fx_fight_second" if frame.get("first") is not None else "fx_fight_first")
    if op_name == "discard" and isinstance(amount, int):
        return fx("fx_discard", amount=amount)
    if op_name == "receive_target" and isinstance(amount, int):
        return fx("fx_receive", amount=amount)
    if op_name == "lose_influence" and isinstance(amount, int):
        return fx("fx_lose_influence", amount=amount)
    if op_name == "continuous" and frame.get("effect") in ("unblockable", "no_kickers"):
        return fx(f"fx_{frame['effect']}")
    simple = {"destroy": "fx_destroy", "minion_to_deck": "fx_minion_to_deck", "take_control": "fx_take_control",
              "self_and_controller_damage": "fx_self_and_controller", "inspect_discard": "fx_inspect_discard",
              "archive_to_deck": "fx_archive_to_deck"}
    return fx(simple[op_name]) if op_name in simple else None


def _asking_frame(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The card text asking the viewer's decision: the observation's ``decision`` (the
    typed context, gloam.nightfall.decisions) when it names a verb, else None."""
    decision = obs.get("decision")
    return decision if decision and "verb" in decision else None


def _source_name(game, obs: dict[str, Any], frame: dict[str, Any] | None, lang: str) -> str:
    """The name of the card whose text asks (the context's ``source``), or "this card"."""
    source = (frame or {}).get("source")
    if isinstance(source, int) and 0 <= source < len(obs["cards"]) and obs["cards"][source] is not None:
        return i18n.card_name(game.card(obs["cards"][source]), lang)
    return i18n.text("event", "this_card", lang)


def _may_text(frame: dict[str, Any] | None) -> str:
    """What an optional text ("You may …", verbs.py ``may``) does, from its prompt: the
    card's English words, without "You may"."""
    prompt = str((frame or {}).get("prompt") or "").removeprefix("You may ").removeprefix("you may ")
    return prompt.rstrip(".") or "resolve the optional text"


def _card_pick(game, obs: dict[str, Any], frame: dict[str, Any] | None, card: str, lang: str,
               names: list[str] | None) -> str | None:
    """A ``target_card`` option named by what choosing it does (the context's verb)."""
    if not frame:
        return None
    op_name = frame.get("verb")
    if op_name in _CARD_PICKS:
        return i18n.fill("action", _CARD_PICKS[op_name], lang, card=card)
    if op_name == "fetch":
        return i18n.fill("action", "pick_fetch", lang, card=card,
                         dest=i18n.text("zone", str(frame.get("to")), lang))
    if op_name == "inspect_discard" and frame.get("victim") is not None:
        return i18n.fill("action", "pick_inspect_discard", lang, card=card,
                         player=player_name(frame["victim"], names, lang))
    if op_name == "mark_order":
        key = f"pick_mark_{frame.get('flag')}"
        return i18n.fill("action", key if key in i18n.ACTIONS else "pick_mark", lang, card=card)
    return None


def _play(game, obs: dict[str, Any], cid: int, lang: str = "en") -> str:
    kind = obs["kind"]
    card = game.card(obs["cards"][cid])
    label = card_label(game, obs, cid, lang)
    if obs["wtype"][cid] is not None:
        return i18n.fill("action", "use_wound", lang, card=label, text=card.wound_text)
    if kind == "combat_window":
        text = card.combat or card.your_combat
        return i18n.fill("action", "use_combat", lang, card=i18n.card_name(card, lang), text=text)
    links = "/".join(card.link_colours if lang == "en" else (i18n.colour_name(c, lang) for c in card.link_colours))
    if kind == "chain_start":
        return i18n.fill("action", "start_chain", lang, card=label, links=links)
    kicker = ""
    if obs["chain"] and card.kicker is not None:
        last = game.card(obs["cards"][obs["chain"][-1]["card"]])
        if last.colour == card.kicker.colour:
            kicker = i18n.text("action", "gets_kicker", lang)
    return i18n.fill("action", "link", lang, card=label, kicker=kicker)


_IRREGULAR = {"goes": "go", "has": "have", "is": "are"}  # "You go first", not "You goe first"


def owned_label(game, obs: dict[str, Any], cid: int, names: list[str] | None = None, lang: str = "en") -> str:
    """Card ``cid`` with whose it is: its controller's while it is in play, else its
    owner's ("Bob's "Kilo 13", blue", "your JAREK, green"); a card nobody owns (an
    archive's, a wound in the stack) without."""
    label = card_label(game, obs, cid, lang)
    minion = obs["minions"].get(str(cid))
    holder = minion["controller"] if minion is not None else obs["owner"][cid] if 0 <= cid < len(obs["owner"]) else -1
    if holder is None or holder < 0:
        return label
    name = player_name(holder, names, lang)
    if name == i18n.text("ui", "you", lang):
        return i18n.fill("event", "owned_yours", lang, card=label)
    return i18n.fill("event", "owned_by", lang, player=name, card=label)


def describe_event(game, obs: dict[str, Any], event: dict[str, Any], names: list[str] | None = None,
                   lang: str = "en") -> str:
    """One line for an event already redacted for the reader (``events_for(viewer)``);
    a line about a card in play or in a player's hands says whose it is."""
    line = _event_line(game, obs, event, names, lang)
    return line[:1].upper() + line[1:] if lang == "en" and line.startswith("your ") else line


def _event_line(game, obs: dict[str, Any], event: dict[str, Any], names: list[str] | None, lang: str) -> str:
    i18n.check_lang(lang)
    t = event["type"]
    you = i18n.text("ui", "you", "en")

    def who(key: str = "player") -> str:
        return player_name(event[key], names, lang)

    def does(verb: str, key: str = "player") -> str:
        """"Bob draws", but "You draw" for the reader called "You" (English only)."""
        name = who(key)
        if name != you:
            return f"{name} {verb}"
        return f"{name} {_IRREGULAR.get(verb, verb.removesuffix('s'))}"

    def whose(key: str = "player") -> str:
        name = who(key)
        return "your" if name == you else f"{name}'s"

    def card(key: str = "card") -> str:
        return card_label(game, obs, event[key], lang)

    def owned(key: str = "card") -> str:
        """The card with whose it is: "Bob's "Kilo 13", blue", "your JAREK, green"."""
        return owned_label(game, obs, event[key], names, lang)

    def cards(ids: list[int]) -> str:
        return i18n.text("event", "list_sep", lang).join(card_label(game, obs, c, lang) for c in ids)

    def say(key: str, **values: Any) -> str:
        return i18n.fill("event", key, lang, **values)

    def plural(count: int) -> str:
        return "s" if count != 1 else ""

    def reason() -> str:
        return i18n.text("reason", event["reason"], lang, default=event["reason"])

    def is_(key: str = "player") -> str:
        """"Bob is", but "You are" (English only; Japanese templates take ``who``)."""
        name = who(key)
        return f"{name} {'are' if name == you else 'is'}"

    def named(card_id: str) -> str:
        """A card named by its data id (draft cards, starters, archives)."""
        return i18n.card_name(game.card(card_id), lang)

    def named_list(ids: list[str]) -> str:
        return i18n.text("event", "list_sep", lang).join(named(c) for c in ids) or i18n.text("event", "nothing", lang)

    def source() -> str:
        src = event.get("source")
        if isinstance(src, int) and 0 <= src < len(obs["cards"]) and obs["cards"][src] is not None:
            return card_label(game, obs, src, lang)
        return i18n.text("event", "this_card", lang)

    def archive(k: int) -> str:
        shown = obs["archives"][k] if 0 <= k < len(obs["archives"]) else None
        if shown is None:
            return i18n.text("zone", "archives", lang)
        whose_archive = (i18n.text("action", "commons", lang) if shown["owner"] < 0
                         else i18n.fill("action", "archive_of", lang, player=player_name(shown["owner"], names, lang)))
        cname = named(shown["card"]) if shown.get("card") else i18n.text("ui", "face_down", lang)
        return say("archive_named", card=cname, whose=whose_archive)

    def wounds_tally() -> str:
        return i18n.text("event", "list_sep", lang).join(
            f"{player_name(p, names, lang)} {w}" for p, w in enumerate(event["wounds"]))

    if t == "setup":
        if "wound_stacks" in obs:  # constructed (rule 168): no face-up wounds, own stacks
            return say("setup_constructed", players=event["players"])
        return say("setup", players=event["players"], face_up=event["face_up"])
    if t == "turn":
        return say("turn", turn=event["turn"], whose=whose(), who=who())
    if t == "draw":
        if "cards" in event:
            return say("draw_cards", does=does("draws"), who=who(),
                       cards=cards(event["cards"]) or i18n.text("event", "nothing", lang))
        return say("draw_count", does=does("draws"), who=who(), count=event["count"], s=plural(event["count"]))
    if t == "reshuffle":
        return say("reshuffle", does=does("shuffles"), who=who())
    if t == "discard":
        return say("discard", does=does("discards"), who=who(), card=card(), reason=reason())
    if t == "exile":
        return say("exile", card=owned(), reason=reason())
    if t == "enter_play":
        return say("enter_play", card=card(), who=who())
    if t in ("destroyed", "discarded"):
        return say(t, card=owned())
    if t == "wounds":
        return say("wounds", does=does("takes"), who=who(), count=event["count"], s=plural(event["count"]))
    if t == "last_wound":
        return say("last_wound")
    if t == "game_over":
        if event["winner"] < 0:
            return say("game_over_none", wounds=wounds_tally())
        if "eliminated" in event:  # constructed (reading 15): the last player left wins
            return say("game_over_last", who_is=is_("winner"), who=who("winner"), wounds=wounds_tally())
        if "winners" in event:  # Team Play (rule 178): the team with the fewest wounds in total
            mates = event["winners"]
            teams = team_list(len(event["wounds"]))
            totals = i18n.text("event", "list_sep", lang).join(
                i18n.fill("ui", "team_total", lang, team=team_name(team, names, lang),
                          total=sum(event["wounds"][q] for q in team)) for team in teams)
            return say("game_over_team", team=team_name(mates, names, lang), totals=totals, wounds=wounds_tally())
        return say("game_over", does=does("wins", "winner"), who=who("winner"),
                   wounds=i18n.text("event", "list_sep", lang).join(map(str, event["wounds"])))
    if t == "phase":
        return say("phase", influence=event["influence"])
    if t == "combat_text":
        return say("combat_text", does=does("uses"), who=who(), card=card())
    if t == "attack":
        return say("attack", card=owned(), target=who("target"))
    if t == "block":
        return say("block", card=owned(), attacker=owned("attacker"))
    if t == "damage":
        src = event.get("source")
        if isinstance(src, int) and 0 <= src < len(obs["cards"]) and obs["cards"][src] is not None:
            return say("damage_from", source=owned("source"), card=owned(), amount=event["amount"])
        return say("damage", card=owned(), amount=event["amount"])
    if t == "no_chain":
        return say("no_chain", does=does("starts"), who=who())
    if t == "chain":
        kicker = i18n.text("event", "kicker_mark", lang) if event["kicker"] else ""
        if event["position"] == 1:
            return say("chain_start", does=does("starts"), who=who(), card=card(), kicker=kicker)
        return say("chain_link", does=does("links"), who=who(), card=card(), kicker=kicker)
    if t == "chain_complete":
        return say("chain_complete", length=event["length"])
    if t == "resolve":
        return say("resolve", card=owned())
    if t == "kicker":
        return say("kicker", card=owned())
    if t == "feed":
        return say("feed", does=does("feeds"), who=who(), card=card())
    if t == "claim":
        return say("claim", does=does("claims"), who=who(), card=card(), cost=event["cost"])
    if t == "influence":
        return say("influence", does=does("gains"), who=who(), amount=event["amount"])
    if t == "restore":
        return say("restore" if event["amount"] else "restore_none", card=owned(), amount=event["amount"])
    if t == "strength":
        return say("strength", card=owned(), amount=event["amount"])
    if t == "effect":
        return say("effect", who=who(), kind=i18n.text("effect", event["kind"], lang))
    if t == "fetch":
        return say("fetch", does=does("places"), who=who(), card=card(),
                   dest=i18n.text("zone", event["dest"], lang))
    if t == "archive_to_deck":
        return say("archive_to_deck", count=len(event["cards"]), whose=whose(), who=who())
    if t == "attach":
        return say("attach", card=card(), minion=owned("minion"))
    if t == "look":
        values = {"does": does("looks"), "who": who(), "whose": whose("target"), "target": who("target")}
        if event.get("zone") == "deck":  # Tactical Prep: looking through one's own deck
            if "cards" in event:
                return say("look_deck_cards", cards=cards(event["cards"]), **values)
            return say("look_deck", **values)
        if "cards" in event:
            return say("look_cards", cards=cards(event["cards"]), **values)
        return say("look", **values)
    if t == "negated":
        return say("negated", card=owned())
    if t == "moon":
        choice = event["choice"] if lang == "en" else i18n.text("moon_done", event["choice"], lang)
        return say("moon", who=who(), choice=choice, moon=card("moon"))
    # the constructed format (rules 166-173, reading 15)
    if t == "constructed":
        stacks = i18n.text("event", "list_sep", lang).join(str(n) for n in event["wound_stacks"])
        return say("constructed", decks=i18n.text("event", "list_sep", lang).join(event["decks"]), stacks=stacks)
    if t == "eliminated":
        return say("eliminated", who_is=is_(), who=who(), wounds=event["wounds"])
    if t == "wound_to_stack":
        return say("wound_to_stack", card=card(), whose=whose(), who=who(), reason=reason())
    if t == "unresolved":
        return say("unresolved", card=owned())
    if t == "turn_limit":
        return say("turn_limit", turns=event["turns"])
    if t == "first_player":
        return say("first_player", does=does("goes"), who=who())
    # the drafts (rules 17-30), Secret Archives (rule 176), starting decks (rule 34)
    if t == "draft":
        procedure = i18n.text("event", f"procedure_{event['procedure']}", lang, default=event["procedure"])
        return say("draft", procedure=procedure, dealt=event["dealt"], commons=named_list(event["commons"]))
    if t == "draft_hand":
        if "cards" in event:
            return say("draft_hand_cards", does=does("gets"), who=who(), count=event["count"],
                       cards=named_list(event["cards"]))
        return say("draft_hand", does=does("gets"), who=who(), count=event["count"])
    if t == "draft_pick":
        dest = i18n.text("ui", f"dest_{event['dest']}", lang, default=event["dest"])
        if "card" in event:
            return say("draft_pick_card", does=does("picks"), who=who(), card=named(event["card"]),
                       pick=event["pick"], dest=dest)
        return say("draft_pick", does=does("picks"), who=who(), pick=event["pick"], dest=dest)
    if t == "draft_pass":
        return say("draft_pass", direction=i18n.text("event", f"direction_{event['direction']}", lang,
                                                      default=event["direction"]))
    if t == "draft_reveal":
        privates = i18n.text("event", "group_sep", lang).join(
            say("whose_cards", player=player_name(q, names, lang),
                cards=say("face_down_count", count=picks) if isinstance(picks, int) else named_list(picks))
            for q, picks in enumerate(event["private"]))
        line = say("draft_reveal", privates=privates, commons=named_list(event["commons"]))
        if event.get("filled"):
            line += say("draft_reveal_filled", cards=named_list(event["filled"]))
        return line
    if t == "secret_archives":
        if "cards" in event:
            return say("secret_archives_cards", whose=whose()[:1].upper() + whose()[1:], who=who(),
                       cards=named_list(event["cards"]))
        return say("secret_archives", does=does("keeps"), who=who(), count=len(event["archives"]))
    if t == "archive_revealed":
        return say("archive_revealed", whose=whose()[:1].upper() + whose()[1:], who=who(), card=named(event["card"]))
    if t == "starters":
        return say("starters", does=does("takes"), who=who(), cards=named_list(event["cards"]),
                   colour=i18n.colour_name(event["colour"], lang))
    # effects of the Martial Law, Nightfall and Blood Country cards
    if t == "prevented":
        return say("prevented", who=who(), amount=event["amount"])
    if t == "to_hand":
        if event.get("capture"):
            return say("to_hand_capture", does=does("captures"), who=who(), card=card(), whose=whose(),
                       from_who=who("from"))
        return say("to_hand", card=card(), whose=whose(), who=who())
    if t == "lasting_strength":
        return say("lasting_strength", card=owned(), amount=event["amount"])
    if t == "wound_to_archive":
        return say("wound_to_archive", does=does("places"), who=who(), archive=archive(event["archive"]))
    if t == "control":
        return say("control", does=does("takes"), who=who(), card=card(), from_who=who("from"))
    if t == "chain_kickers":
        return say("chain_kickers", whose=whose()[:1].upper() + whose()[1:], who=who(),
                   card=source())
    if t == "new_archive":
        return say("new_archive", does=does("makes"), who=who(), size=event["size"], card=card("top"))
    if t == "reveal":
        return say("reveal", does=does("reveals"), who=who(), card=card())
    if t == "lose_influence":
        if not event.get("had", True):
            return say("lose_influence_none", who=who(), amount=event["amount"])
        return say("lose_influence", does=does("loses"), who=who(), amount=event["amount"])
    if t == "to_deck":
        return say("to_deck", card=card(), whose=whose(), who=who())
    if t == "mark_order":
        key = f"mark_{event['flag']}"
        return say(key if key in i18n.EVENTS else "mark_other", card=card(), source=source())
    return i18n.text("event_name", t, lang)


def team_list(players: int) -> list[tuple[int, ...]]:
    """Team Play (rule 178): seats i and i + N/2 are teammates; the teams in seat order."""
    half = players // 2
    return [(p, p + half) for p in range(half)]


def team_name(team: Any, names: list[str] | None = None, lang: str = "en") -> str:
    """A team as its players' names, e.g. "You & Carol"."""
    a, b = (player_name(q, names, lang) for q in team)
    return i18n.fill("ui", "team_of", lang, a=a, b=b)
