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

from gloam.nightfall import i18n
from gloam.nightfall.actions import (
    ARCHIVE0,
    ATTACK0,
    BLOCK0,
    CARD0,
    DISCARD0,
    DONE,
    FEED,
    MAX_INSTANCES,
    MAX_PLAYERS,
    MAX_SLOTS,
    OPTION0,
    PASS,
    PLAY0,
    PLAYER0,
)

MOON_CHOICES = tuple(i18n.MOON_CHOICES[k]["en"] for k in ("keep", "next", "shuffle"))
_PASS = ("combat_window", "chain_start", "wound_effect", "feed")
_DONE = ("link", "block", "claim", "choose_wounds", "choose_discard")


def player_name(p: int, names: list[str] | None = None, lang: str = "en") -> str:
    return i18n.player_label(p, names, lang)


def card_label(game, obs: dict[str, Any], cid: int, lang: str = "en") -> str:
    """A card's name with its colour, or a wound with its type."""
    wtype = obs["wtype"][cid]
    card = game.card(obs["cards"][cid])
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


def _starters_frame(obs: dict[str, Any]) -> dict[str, Any] | None:
    for frame in reversed(obs.get("stack") or []):
        if frame.get("op") == "starters":
            return frame
    return None


def starters_choice(game, obs: dict[str, Any]) -> tuple[str, list[tuple[str, ...]]] | None:
    """The colour and the pairs of starting minions of the ``starters`` decision in
    progress (rule 34; ``Option(k)`` chooses the k-th pair, setup.py), else None."""
    from gloam.nightfall import setup

    frame = _starters_frame(obs)
    player = obs.get("to_act")
    if frame is None or player is None or player < 0:
        return None
    colours = setup.starter_colours(game)
    picks = frame.get("picks") or [[] for _ in range(game.players)]
    done = len(picks[player])
    if done >= len(colours):
        return None
    colour, ids = colours[done]
    return colour, setup.starter_pairs(ids)


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


def describe_action(game, obs: dict[str, Any], index: int, names: list[str] | None = None,
                    lang: str = "en") -> str:
    """A clear label for action ``index`` in the decision ``obs`` shows."""
    i18n.check_lang(lang)
    kind = obs["kind"]

    def say(key: str, **values: Any) -> str:
        return i18n.fill("action", key, lang, **values)

    def label(cid: int) -> str:
        return card_label(game, obs, cid, lang)

    def minion(cid: int) -> str:
        return minion_label(game, obs, cid, lang)

    def name(p: int) -> str:
        return player_name(p, names, lang)

    if index == PASS:
        return say(f"pass_{kind}" if kind in _PASS else "pass")
    if index == DONE:
        return say(f"done_{kind}" if kind in _DONE else "done")
    if index == FEED:
        return say("feed")
    if PLAY0 <= index < PLAY0 + MAX_INSTANCES:
        return _play(game, obs, index - PLAY0, lang)
    if CARD0 <= index < CARD0 + MAX_INSTANCES:
        cid = index - CARD0
        if kind == "choose_discard":
            return say("discard", card=label(cid))
        if kind == "choose_wounds":
            return say("discard_wound_too", card=label(cid))
        if str(cid) in obs["minions"]:
            owner = obs["minions"][str(cid)]["controller"]
            return say("target_minion", minion=minion(cid), owner=name(owner))
        return say("choose", card=label(cid))
    if DISCARD0 <= index < DISCARD0 + MAX_INSTANCES:
        return say("discard_influence", card=label(index - DISCARD0))
    if PLAYER0 <= index < PLAYER0 + MAX_PLAYERS:
        p = index - PLAYER0
        return say("target_self") if p == obs["viewer"] else say("target_player", player=name(p))
    if ARCHIVE0 <= index < OPTION0:
        k = index - ARCHIVE0
        archive = obs["archives"][k]
        whose = say("commons") if archive["owner"] < 0 else say("archive_of", player=name(archive["owner"]))
        if archive["card"] is None:  # another player's Secret Archive (rule 176): face down
            return say("choose_archive", card=i18n.text("ui", "face_down", lang), whose=whose)
        card = game.card(archive["card"])
        cname = i18n.card_name(card, lang)
        if kind == "claim":
            return say("claim_commons" if archive["owner"] < 0 else "claim_private",
                       card=cname, cost=card.cost, whose=whose)
        return say("choose_archive", card=cname, whose=whose)
    if OPTION0 <= index < ATTACK0:
        option = index - OPTION0
        if kind == "moon":
            return i18n.text("moon_choice", ("keep", "next", "shuffle")[option], lang)
        if kind == "draft":
            label = draft_option(game, obs, option, lang)
            if label is not None:
                return label
        if kind == "starters":
            label = starters_option(game, obs, option, lang)
            if label is not None:
                return label
        return say("option", n=option + 1)
    if ATTACK0 <= index < BLOCK0:
        slot, target = divmod(index - ATTACK0, MAX_PLAYERS)
        attacker = obs["play"][obs["viewer"]][slot]
        return say("attack", minion=minion(attacker), player=name(target))
    slot, attack = divmod(index - BLOCK0, MAX_SLOTS)
    blocker = obs["play"][obs["viewer"]][slot]
    attacker = obs["flags"]["attacks"][attack]["minion"]
    return say("block", attacker=minion(attacker), blocker=minion(blocker))


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


def describe_event(game, obs: dict[str, Any], event: dict[str, Any], names: list[str] | None = None,
                   lang: str = "en") -> str:
    """One line for an event already redacted for the reader (``events_for(viewer)``)."""
    i18n.check_lang(lang)
    t = event["type"]
    you = i18n.text("ui", "you", "en")

    def who(key: str = "player") -> str:
        return player_name(event[key], names, lang)

    def does(verb: str, key: str = "player") -> str:
        """"Bob draws", but "You draw" for the reader called "You" (English only)."""
        name = who(key)
        return f"{name} {verb[:-1] if name == you and verb.endswith('s') else verb}"

    def whose(key: str = "player") -> str:
        name = who(key)
        return "your" if name == you else f"{name}'s"

    def card(key: str = "card") -> str:
        return card_label(game, obs, event[key], lang)

    def cards(ids: list[int]) -> str:
        return i18n.text("event", "list_sep", lang).join(card_label(game, obs, c, lang) for c in ids)

    def say(key: str, **values: Any) -> str:
        return i18n.fill("event", key, lang, **values)

    def plural(count: int) -> str:
        return "s" if count != 1 else ""

    def reason() -> str:
        return i18n.text("reason", event["reason"], lang, default=event["reason"])

    if t == "setup":
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
        return say("exile", card=card(), reason=reason())
    if t == "enter_play":
        return say("enter_play", card=card(), who=who())
    if t in ("destroyed", "discarded"):
        return say(t, card=card())
    if t == "wounds":
        return say("wounds", does=does("takes"), who=who(), count=event["count"], s=plural(event["count"]))
    if t == "last_wound":
        return say("last_wound")
    if t == "game_over":
        return say("game_over", does=does("wins", "winner"), who=who("winner"),
                   wounds=i18n.text("event", "list_sep", lang).join(map(str, event["wounds"])))
    if t == "phase":
        return say("phase", influence=event["influence"])
    if t == "combat_text":
        return say("combat_text", does=does("uses"), who=who(), card=card())
    if t == "attack":
        return say("attack", card=card(), target=who("target"))
    if t == "block":
        return say("block", card=card(), attacker=card_label(game, obs, event["attacker"], lang))
    if t == "damage":
        return say("damage", card=card(), amount=event["amount"])
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
        return say("resolve", card=card())
    if t == "kicker":
        return say("kicker", card=card())
    if t == "feed":
        return say("feed", does=does("feeds"), who=who(), card=card())
    if t == "claim":
        return say("claim", does=does("claims"), who=who(), card=card(), cost=event["cost"])
    if t == "influence":
        return say("influence", does=does("gains"), who=who(), amount=event["amount"])
    if t == "restore":
        return say("restore", card=card(), amount=event["amount"])
    if t == "strength":
        return say("strength", card=card(), amount=event["amount"])
    if t == "effect":
        return say("effect", who=who(), kind=i18n.text("effect", event["kind"], lang))
    if t == "fetch":
        return say("fetch", does=does("places"), who=who(), card=card(),
                   dest=i18n.text("zone", event["dest"], lang))
    if t == "archive_to_deck":
        return say("archive_to_deck", count=len(event["cards"]), whose=whose(), who=who())
    if t == "attach":
        return say("attach", card=card(), minion=card_label(game, obs, event["minion"], lang))
    if t == "look":
        values = {"does": does("looks"), "who": who(), "whose": whose("target"), "target": who("target")}
        if "cards" in event:
            return say("look_cards", cards=cards(event["cards"]), **values)
        return say("look", **values)
    if t == "negated":
        return say("negated", card=card())
    if t == "moon":
        choice = event["choice"] if lang == "en" else i18n.text("moon_done", event["choice"], lang)
        return say("moon", who=who(), choice=choice, moon=card("moon"))
    return i18n.text("event_name", t, lang)
