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

from collections.abc import Callable
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


def describe_action(game, obs: dict[str, Any], index: int | Action, names: list[str] | None = None,
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
    """Look the event up in ``_LINES`` (by its type and, where one type has several
    sentences, its variant) and fill its template(s) with what its builder gives."""
    i18n.check_lang(lang)
    t = event["type"]
    variant = _VARIANTS.get(t)
    entry = _LINES.get((t, variant(event, obs) if variant else ""))
    if entry is None:
        return i18n.text("event_name", t, lang)
    keys, build = entry
    values = build(_Reading(game, obs, event, names, lang))
    return "".join(i18n.fill("event", key, lang, **values) for key in ((keys,) if isinstance(keys, str) else keys))


class _Reading:
    """One event as one reader reads it: the event already redacted for the reader, the
    reader's observation, the names shown and the language; the words the builders of
    ``_LINES`` share (never more than ``obs`` and ``event`` say)."""

    def __init__(self, game, obs: dict[str, Any], event: dict[str, Any], names: list[str] | None, lang: str):
        self.game, self.obs, self.event, self.names, self.lang = game, obs, event, names, lang

    def __getitem__(self, key: str) -> Any:
        return self.event[key]

    def who(self, key: str = "player") -> str:
        return player_name(self.event[key], self.names, self.lang)

    def does(self, verb: str, key: str = "player") -> str:
        """"Bob draws", but "You draw" for the reader called "You" (English only)."""
        name = self.who(key)
        if name != _YOU:
            return f"{name} {verb}"
        return f"{name} {_IRREGULAR.get(verb, verb.removesuffix('s'))}"

    def whose(self, key: str = "player") -> str:
        name = self.who(key)
        return "your" if name == _YOU else f"{name}'s"

    def whose_cap(self, key: str = "player") -> str:
        """``whose`` starting a sentence: "Your", "Bob's"."""
        w = self.whose(key)
        return w[:1].upper() + w[1:]

    def is_(self, key: str = "player") -> str:
        """"Bob is", but "You are" (English only; Japanese templates take ``who``)."""
        name = self.who(key)
        return f"{name} {'are' if name == _YOU else 'is'}"

    def card(self, key: str = "card") -> str:
        return card_label(self.game, self.obs, self.event[key], self.lang)

    def owned(self, key: str = "card") -> str:
        """The card with whose it is: "Bob's "Kilo 13", blue", "your JAREK, green"."""
        return owned_label(self.game, self.obs, self.event[key], self.names, self.lang)

    def text(self, table: str, key: str, default: str | None = None) -> str:
        return i18n.text(table, key, self.lang, default=default)

    def say(self, key: str, **values: Any) -> str:
        return i18n.fill("event", key, self.lang, **values)

    def join(self, words: Any) -> str:
        return self.text("event", "list_sep").join(words)

    def cards(self, ids: list[int]) -> str:
        return self.join(card_label(self.game, self.obs, c, self.lang) for c in ids)

    def named(self, card_id: str) -> str:
        """A card named by its data id (draft cards, starters, archives)."""
        return i18n.card_name(self.game.card(card_id), self.lang)

    def named_list(self, ids: list[str]) -> str:
        return self.join(self.named(c) for c in ids) or self.text("event", "nothing")

    def reason(self) -> str:
        return self.text("reason", self.event["reason"], default=self.event["reason"])

    def source(self) -> str:
        if _source_shown(self.event, self.obs):
            return card_label(self.game, self.obs, self.event["source"], self.lang)
        return self.text("event", "this_card")

    def archive(self, k: int) -> str:
        shown = self.obs["archives"][k] if 0 <= k < len(self.obs["archives"]) else None
        if shown is None:
            return self.text("zone", "archives")
        whose_archive = (i18n.text("action", "commons", self.lang) if shown["owner"] < 0
                         else i18n.fill("action", "archive_of", self.lang,
                                        player=player_name(shown["owner"], self.names, self.lang)))
        cname = self.named(shown["card"]) if shown.get("card") else i18n.text("ui", "face_down", self.lang)
        return self.say("archive_named", card=cname, whose=whose_archive)

    def wounds_tally(self) -> str:
        return self.join(f"{player_name(p, self.names, self.lang)} {w}" for p, w in enumerate(self.event["wounds"]))


_YOU = i18n.text("ui", "you", "en")


def _source_shown(event: dict[str, Any], obs: dict[str, Any]) -> bool:
    """The event's ``source`` is a card the reader sees."""
    src = event.get("source")
    return isinstance(src, int) and 0 <= src < len(obs["cards"]) and obs["cards"][src] is not None


def _plural(count: int) -> str:
    return "s" if count != 1 else ""


#: what a template is filled with, built from the reading of one event
Builder = Callable[[_Reading], dict[str, Any]]
#: an event type's variant, from the redacted event and the reader's observation
Variant = Callable[[dict[str, Any], dict[str, Any]], str]


# The parameter builders: what each template of ``i18n.EVENTS`` is filled with. One per
# shape of event; several event types share the generic ones.

def _ev_nothing(r: _Reading) -> dict[str, Any]:
    return {}


def _ev_owned(r: _Reading) -> dict[str, Any]:
    """A card with whose it is (destroyed, resolve, kicker, negated, ...)."""
    return {"card": r.owned()}


def _ev_owned_amount(r: _Reading) -> dict[str, Any]:
    return {"card": r.owned(), "amount": r["amount"]}


def _ev_who_amount(r: _Reading) -> dict[str, Any]:
    return {"who": r.who(), "amount": r["amount"]}


def _ev_card_whose(r: _Reading) -> dict[str, Any]:
    """A card going to a player's hand or deck."""
    return {"card": r.card(), "whose": r.whose(), "who": r.who()}


def _ev_doer(verb: str) -> Builder:
    """The builder of an event that is a player doing ``verb`` ("Bob draws", "You draw")."""
    def build(r: _Reading) -> dict[str, Any]:
        return {"does": r.does(verb), "who": r.who()}
    build.__name__ = f"_ev_doer_{verb}"
    return build


def _ev_doer_card(verb: str) -> Builder:
    """A player doing ``verb`` with a card: "Bob feeds X"."""
    def build(r: _Reading) -> dict[str, Any]:
        return {"does": r.does(verb), "who": r.who(), "card": r.card()}
    build.__name__ = f"_ev_doer_card_{verb}"
    return build


def _ev_doer_amount(verb: str) -> Builder:
    def build(r: _Reading) -> dict[str, Any]:
        return {"does": r.does(verb), "who": r.who(), "amount": r["amount"]}
    build.__name__ = f"_ev_doer_amount_{verb}"
    return build


def _ev_setup(r: _Reading) -> dict[str, Any]:
    return {"players": r["players"], "face_up": r["face_up"]}


def _ev_setup_constructed(r: _Reading) -> dict[str, Any]:
    return {"players": r["players"]}


def _ev_turn(r: _Reading) -> dict[str, Any]:
    return {"turn": r["turn"], "whose": r.whose(), "who": r.who()}


def _ev_draw_cards(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("draws"), "who": r.who(), "cards": r.cards(r["cards"]) or r.text("event", "nothing")}


def _ev_doer_count(verb: str) -> Builder:
    """A player doing ``verb`` to a count of cards: "Bob draws 2 cards"."""
    def build(r: _Reading) -> dict[str, Any]:
        return {"does": r.does(verb), "who": r.who(), "count": r["count"], "s": _plural(r["count"])}
    build.__name__ = f"_ev_doer_count_{verb}"
    return build


def _ev_discard(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("discards"), "who": r.who(), "card": r.card(), "reason": r.reason()}


def _ev_exile(r: _Reading) -> dict[str, Any]:
    return {"card": r.owned(), "reason": r.reason()}


def _ev_enter_play(r: _Reading) -> dict[str, Any]:
    return {"card": r.card(), "who": r.who()}


def _ev_game_over_none(r: _Reading) -> dict[str, Any]:
    return {"wounds": r.wounds_tally()}


def _ev_game_over_last(r: _Reading) -> dict[str, Any]:
    """Constructed (reading 15): the last player left wins."""
    return {"who_is": r.is_("winner"), "who": r.who("winner"), "wounds": r.wounds_tally()}


def _ev_game_over_team(r: _Reading) -> dict[str, Any]:
    """Team Play (rule 178): the team with the fewest wounds in total wins."""
    wounds = r["wounds"]
    totals = r.join(i18n.fill("ui", "team_total", r.lang, team=team_name(team, r.names, r.lang),
                              total=sum(wounds[q] for q in team)) for team in team_list(len(wounds)))
    return {"team": team_name(r["winners"], r.names, r.lang), "totals": totals, "wounds": r.wounds_tally()}


def _ev_game_over(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("wins", "winner"), "who": r.who("winner"), "wounds": r.join(map(str, r["wounds"]))}


def _ev_phase(r: _Reading) -> dict[str, Any]:
    return {"influence": r["influence"]}


def _ev_attack(r: _Reading) -> dict[str, Any]:
    return {"card": r.owned(), "target": r.who("target")}


def _ev_block(r: _Reading) -> dict[str, Any]:
    return {"card": r.owned(), "attacker": r.owned("attacker")}


def _ev_damage_from(r: _Reading) -> dict[str, Any]:
    return {"source": r.owned("source"), "card": r.owned(), "amount": r["amount"]}


def _ev_chain(verb: str) -> Builder:
    """A chain started or linked to, with its kicker mark."""
    def build(r: _Reading) -> dict[str, Any]:
        kicker = r.text("event", "kicker_mark") if r["kicker"] else ""
        return {"does": r.does(verb), "who": r.who(), "card": r.card(), "kicker": kicker}
    build.__name__ = f"_ev_chain_{verb}"
    return build


def _ev_chain_complete(r: _Reading) -> dict[str, Any]:
    return {"length": r["length"]}


def _ev_claim(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("claims"), "who": r.who(), "card": r.card(), "cost": r["cost"]}


def _ev_effect(r: _Reading) -> dict[str, Any]:
    return {"who": r.who(), "kind": r.text("effect", r["kind"])}


def _ev_fetch(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("places"), "who": r.who(), "card": r.card(), "dest": r.text("zone", r["dest"])}


def _ev_archive_to_deck(r: _Reading) -> dict[str, Any]:
    return {"count": len(r["cards"]), "whose": r.whose(), "who": r.who()}


def _ev_attach(r: _Reading) -> dict[str, Any]:
    return {"card": r.card(), "minion": r.owned("minion")}


def _ev_look(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("looks"), "who": r.who(), "whose": r.whose("target"), "target": r.who("target")}


def _ev_look_cards(r: _Reading) -> dict[str, Any]:
    return {"cards": r.cards(r["cards"]), **_ev_look(r)}


def _ev_moon(r: _Reading) -> dict[str, Any]:
    choice = r["choice"] if r.lang == "en" else r.text("moon_done", r["choice"])
    return {"who": r.who(), "choice": choice, "moon": r.card("moon")}


def _ev_constructed(r: _Reading) -> dict[str, Any]:
    return {"decks": r.join(r["decks"]), "stacks": r.join(str(n) for n in r["wound_stacks"])}


def _ev_eliminated(r: _Reading) -> dict[str, Any]:
    return {"who_is": r.is_(), "who": r.who(), "wounds": r["wounds"]}


def _ev_wound_to_stack(r: _Reading) -> dict[str, Any]:
    return {"card": r.card(), "whose": r.whose(), "who": r.who(), "reason": r.reason()}


def _ev_turn_limit(r: _Reading) -> dict[str, Any]:
    return {"turns": r["turns"]}


def _ev_draft(r: _Reading) -> dict[str, Any]:
    procedure = r.text("event", f"procedure_{r['procedure']}", default=r["procedure"])
    return {"procedure": procedure, "dealt": r["dealt"], "commons": r.named_list(r["commons"])}


def _ev_draft_hand(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("gets"), "who": r.who(), "count": r["count"]}


def _ev_draft_hand_cards(r: _Reading) -> dict[str, Any]:
    return {**_ev_draft_hand(r), "cards": r.named_list(r["cards"])}


def _ev_draft_pick(r: _Reading) -> dict[str, Any]:
    dest = i18n.text("ui", f"dest_{r['dest']}", r.lang, default=r["dest"])
    return {"does": r.does("picks"), "who": r.who(), "pick": r["pick"], "dest": dest}


def _ev_draft_pick_card(r: _Reading) -> dict[str, Any]:
    return {**_ev_draft_pick(r), "card": r.named(r["card"])}


def _ev_draft_pass(r: _Reading) -> dict[str, Any]:
    return {"direction": r.text("event", f"direction_{r['direction']}", default=r["direction"])}


def _ev_draft_reveal(r: _Reading) -> dict[str, Any]:
    """Every private archive (face-down counts, or the cards where the reader may see
    them), the commons and, where the draft filled the commons, the cards it took."""
    privates = r.text("event", "group_sep").join(
        r.say("whose_cards", player=player_name(q, r.names, r.lang),
              cards=r.say("face_down_count", count=picks) if isinstance(picks, int) else r.named_list(picks))
        for q, picks in enumerate(r["private"]))
    values = {"privates": privates, "commons": r.named_list(r["commons"])}
    if r.event.get("filled"):
        values["cards"] = r.named_list(r["filled"])
    return values


def _ev_secret_archives_cards(r: _Reading) -> dict[str, Any]:
    return {"whose": r.whose_cap(), "who": r.who(), "cards": r.named_list(r["cards"])}


def _ev_secret_archives(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("keeps"), "who": r.who(), "count": len(r["archives"])}


def _ev_archive_revealed(r: _Reading) -> dict[str, Any]:
    return {"whose": r.whose_cap(), "who": r.who(), "card": r.named(r["card"])}


def _ev_starters(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("takes"), "who": r.who(), "cards": r.named_list(r["cards"]),
            "colour": i18n.colour_name(r["colour"], r.lang)}


def _ev_to_hand_capture(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("captures"), "who": r.who(), "card": r.card(), "whose": r.whose(),
            "from_who": r.who("from")}


def _ev_wound_to_archive(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("places"), "who": r.who(), "archive": r.archive(r["archive"])}


def _ev_control(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("takes"), "who": r.who(), "card": r.card(), "from_who": r.who("from")}


def _ev_chain_kickers(r: _Reading) -> dict[str, Any]:
    return {"whose": r.whose_cap(), "who": r.who(), "card": r.source()}


def _ev_new_archive(r: _Reading) -> dict[str, Any]:
    return {"does": r.does("makes"), "who": r.who(), "size": r["size"], "card": r.card("top")}


def _ev_mark_order(r: _Reading) -> dict[str, Any]:
    return {"card": r.card(), "source": r.source()}


def _game_over_variant(event: dict[str, Any], obs: dict[str, Any]) -> str:
    if event["winner"] < 0:
        return "none"
    if "eliminated" in event:  # constructed (reading 15)
        return "last"
    return "team" if "winners" in event else ""  # Team Play (rule 178)


def _look_variant(event: dict[str, Any], obs: dict[str, Any]) -> str:
    """Tactical Prep looks through one's own deck; a look may show the cards or not."""
    return ("deck" if event.get("zone") == "deck" else "") + ("_cards" if "cards" in event else "")


def _has(field: str, variant: str) -> Variant:
    """The variant ``variant`` of an event whose ``field`` is set (a capture, a filled draft)."""
    return lambda event, obs: variant if event.get(field) else ""


def _has_key(field: str) -> Variant:
    """The variant "cards" of an event that carries ``field`` only where the reader may see it."""
    return lambda event, obs: "cards" if field in event else ""


#: event type -> its variant, for the types with more than one sentence (the others: "")
_VARIANTS: dict[str, Variant] = {
    "setup": lambda event, obs: "constructed" if "wound_stacks" in obs else "",  # rule 168: own stacks
    "draw": _has_key("cards"),
    "game_over": _game_over_variant,
    "damage": lambda event, obs: "from" if _source_shown(event, obs) else "",
    "chain": lambda event, obs: "start" if event["position"] == 1 else "link",
    "restore": lambda event, obs: "" if event["amount"] else "none",
    "look": _look_variant,
    "draft_hand": _has_key("cards"),
    "draft_pick": lambda event, obs: "card" if "card" in event else "",
    "draft_reveal": _has("filled", "filled"),
    "secret_archives": _has_key("cards"),
    "to_hand": _has("capture", "capture"),
    "lose_influence": lambda event, obs: "" if event.get("had", True) else "none",
    "mark_order": lambda event, obs: event["flag"] if f"mark_{event['flag']}" in i18n.EVENTS else "other",
}

#: (event type, variant) -> (its template key(s) in ``i18n.EVENTS``, its parameter builder);
#: a type missing here reads as its name (``i18n.EVENT_NAMES``)
_LINES: dict[tuple[str, str], tuple[str | tuple[str, ...], Builder]] = {
    ("setup", ""): ("setup", _ev_setup),
    ("setup", "constructed"): ("setup_constructed", _ev_setup_constructed),
    ("turn", ""): ("turn", _ev_turn),
    ("draw", "cards"): ("draw_cards", _ev_draw_cards),
    ("draw", ""): ("draw_count", _ev_doer_count("draws")),
    ("reshuffle", ""): ("reshuffle", _ev_doer("shuffles")),
    ("discard", ""): ("discard", _ev_discard),
    ("exile", ""): ("exile", _ev_exile),
    ("enter_play", ""): ("enter_play", _ev_enter_play),
    ("destroyed", ""): ("destroyed", _ev_owned),
    ("discarded", ""): ("discarded", _ev_owned),
    ("wounds", ""): ("wounds", _ev_doer_count("takes")),
    ("last_wound", ""): ("last_wound", _ev_nothing),
    ("game_over", "none"): ("game_over_none", _ev_game_over_none),
    ("game_over", "last"): ("game_over_last", _ev_game_over_last),
    ("game_over", "team"): ("game_over_team", _ev_game_over_team),
    ("game_over", ""): ("game_over", _ev_game_over),
    ("phase", ""): ("phase", _ev_phase),
    ("combat_text", ""): ("combat_text", _ev_doer_card("uses")),
    ("attack", ""): ("attack", _ev_attack),
    ("block", ""): ("block", _ev_block),
    ("damage", "from"): ("damage_from", _ev_damage_from),
    ("damage", ""): ("damage", _ev_owned_amount),
    ("no_chain", ""): ("no_chain", _ev_doer("starts")),
    ("chain", "start"): ("chain_start", _ev_chain("starts")),
    ("chain", "link"): ("chain_link", _ev_chain("links")),
    ("chain_complete", ""): ("chain_complete", _ev_chain_complete),
    ("resolve", ""): ("resolve", _ev_owned),
    ("kicker", ""): ("kicker", _ev_owned),
    ("feed", ""): ("feed", _ev_doer_card("feeds")),
    ("claim", ""): ("claim", _ev_claim),
    ("influence", ""): ("influence", _ev_doer_amount("gains")),
    ("restore", ""): ("restore", _ev_owned_amount),
    ("restore", "none"): ("restore_none", _ev_owned_amount),
    ("strength", ""): ("strength", _ev_owned_amount),
    ("effect", ""): ("effect", _ev_effect),
    ("fetch", ""): ("fetch", _ev_fetch),
    ("archive_to_deck", ""): ("archive_to_deck", _ev_archive_to_deck),
    ("attach", ""): ("attach", _ev_attach),
    ("look", ""): ("look", _ev_look),
    ("look", "_cards"): ("look_cards", _ev_look_cards),
    ("look", "deck"): ("look_deck", _ev_look),
    ("look", "deck_cards"): ("look_deck_cards", _ev_look_cards),
    ("negated", ""): ("negated", _ev_owned),
    ("moon", ""): ("moon", _ev_moon),
    # the constructed format (rules 166-173, reading 15)
    ("constructed", ""): ("constructed", _ev_constructed),
    ("eliminated", ""): ("eliminated", _ev_eliminated),
    ("wound_to_stack", ""): ("wound_to_stack", _ev_wound_to_stack),
    ("unresolved", ""): ("unresolved", _ev_owned),
    ("turn_limit", ""): ("turn_limit", _ev_turn_limit),
    ("first_player", ""): ("first_player", _ev_doer("goes")),
    # the drafts (rules 17-30), Secret Archives (rule 176), starting decks (rule 34)
    ("draft", ""): ("draft", _ev_draft),
    ("draft_hand", "cards"): ("draft_hand_cards", _ev_draft_hand_cards),
    ("draft_hand", ""): ("draft_hand", _ev_draft_hand),
    ("draft_pick", "card"): ("draft_pick_card", _ev_draft_pick_card),
    ("draft_pick", ""): ("draft_pick", _ev_draft_pick),
    ("draft_pass", ""): ("draft_pass", _ev_draft_pass),
    ("draft_reveal", ""): ("draft_reveal", _ev_draft_reveal),
    ("draft_reveal", "filled"): (("draft_reveal", "draft_reveal_filled"), _ev_draft_reveal),
    ("secret_archives", "cards"): ("secret_archives_cards", _ev_secret_archives_cards),
    ("secret_archives", ""): ("secret_archives", _ev_secret_archives),
    ("archive_revealed", ""): ("archive_revealed", _ev_archive_revealed),
    ("starters", ""): ("starters", _ev_starters),
    # effects of the Martial Law, Nightfall and Blood Country cards
    ("prevented", ""): ("prevented", _ev_who_amount),
    ("to_hand", "capture"): ("to_hand_capture", _ev_to_hand_capture),
    ("to_hand", ""): ("to_hand", _ev_card_whose),
    ("lasting_strength", ""): ("lasting_strength", _ev_owned_amount),
    ("wound_to_archive", ""): ("wound_to_archive", _ev_wound_to_archive),
    ("control", ""): ("control", _ev_control),
    ("chain_kickers", ""): ("chain_kickers", _ev_chain_kickers),
    ("new_archive", ""): ("new_archive", _ev_new_archive),
    ("reveal", ""): ("reveal", _ev_doer_card("reveals")),
    ("lose_influence", "none"): ("lose_influence_none", _ev_who_amount),
    ("lose_influence", ""): ("lose_influence", _ev_doer_amount("loses")),
    ("to_deck", ""): ("to_deck", _ev_card_whose),
    **{("mark_order", key.removeprefix("mark_")): (key, _ev_mark_order)
       for key in i18n.EVENTS if key.startswith("mark_")},
}


def team_list(players: int) -> list[tuple[int, ...]]:
    """Team Play (rule 178): seats i and i + N/2 are teammates; the teams in seat order."""
    half = players // 2
    return [(p, p + half) for p in range(half)]


def team_name(team: Any, names: list[str] | None = None, lang: str = "en") -> str:
    """A team as its players' names, e.g. "You & Carol"."""
    a, b = (player_name(q, names, lang) for q in team)
    return i18n.fill("ui", "team_of", lang, a=a, b=b)
