"""English labels for Nightfall's actions and events (strings only, no I/O), built from a
player's observation so they never say more than that player may know.

>>> from gloam.games import get_game
>>> game = get_game("nightfall", {"players": 2})
>>> state = game.new_initial_state(seed=3)
>>> obs = state.observation(0)
>>> describe_action(game, obs, state.legal_action_indices()[0])
'Pass (play no combat text)'
"""

from __future__ import annotations

from typing import Any

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

MOON_CHOICES = ("Keep the moon phase", "Move the moon to the bottom and reveal the next",
                "Shuffle the moon stack and reveal the top card")
_PASS = {
    "combat_window": "Pass (play no combat text)",
    "chain_start": "Pass (start no chain)",
    "wound_effect": "Pass (use no wound effect)",
    "feed": "Pass (do not feed)",
}
_DONE = {
    "link": "Stop linking",
    "block": "Stop blocking",
    "claim": "End your Claim Phase",
    "choose_wounds": "Stop discarding wounds and draw",
    "choose_discard": "Stop (nothing left to discard)",
}


def player_name(p: int, names: list[str] | None = None) -> str:
    return names[p] if names else f"Player {p + 1}"


def card_label(game, obs: dict[str, Any], cid: int) -> str:
    """A card's name with its colour, or a wound with its type."""
    wtype = obs["wtype"][cid]
    card = game.card(obs["cards"][cid])
    if wtype is not None:
        return f"{card.name} ({wtype})"
    colour = f", {card.colour}" if card.colour else ""
    return f"{card.printed_name}{colour}"


def minion_label(game, obs: dict[str, Any], cid: int) -> str:
    card = game.card(obs["cards"][cid])
    info = obs["minions"].get(str(cid))
    health = (card.health or 0) - (info["damage"] if info else 0)
    return f"{card.printed_name} ({card.strength or 0}/{health})"


def describe_action(game, obs: dict[str, Any], index: int, names: list[str] | None = None) -> str:
    """A clear label for action ``index`` in the decision ``obs`` shows."""
    kind = obs["kind"]
    if index == PASS:
        return _PASS.get(kind, "Pass")
    if index == DONE:
        return _DONE.get(kind, "Done")
    if index == FEED:
        return "Feed: pay the price and resolve the text again"
    if PLAY0 <= index < PLAY0 + MAX_INSTANCES:
        return _play(game, obs, index - PLAY0)
    if CARD0 <= index < CARD0 + MAX_INSTANCES:
        cid = index - CARD0
        if kind == "choose_discard":
            return f"Discard {card_label(game, obs, cid)}"
        if kind == "choose_wounds":
            return f"Discard {card_label(game, obs, cid)} too (draw 2 more)"
        if str(cid) in obs["minions"]:
            owner = obs["minions"][str(cid)]["controller"]
            return f"Target {minion_label(game, obs, cid)}, {player_name(owner, names)}'s"
        return f"Choose {card_label(game, obs, cid)}"
    if DISCARD0 <= index < DISCARD0 + MAX_INSTANCES:
        return f"Discard {card_label(game, obs, index - DISCARD0)} for 1 influence"
    if PLAYER0 <= index < PLAYER0 + MAX_PLAYERS:
        p = index - PLAYER0
        return "Target yourself" if p == obs["viewer"] else f"Target {player_name(p, names)}"
    if ARCHIVE0 <= index < OPTION0:
        k = index - ARCHIVE0
        archive = obs["archives"][k]
        card = game.card(archive["card"])
        whose = "commons" if archive["owner"] < 0 else f"{player_name(archive['owner'], names)}'s archive"
        if kind == "claim":
            return f"Claim {card.printed_name} (cost {card.cost}) from the {whose}" if archive["owner"] < 0 \
                else f"Claim {card.printed_name} (cost {card.cost}) from {whose}"
        return f"Choose the {card.printed_name} archive ({whose})"
    if OPTION0 <= index < ATTACK0:
        option = index - OPTION0
        return MOON_CHOICES[option] if kind == "moon" else f"Option {option + 1}"
    if ATTACK0 <= index < BLOCK0:
        slot, target = divmod(index - ATTACK0, MAX_PLAYERS)
        minion = obs["play"][obs["viewer"]][slot]
        return f"Send {minion_label(game, obs, minion)} to attack {player_name(target, names)}"
    slot, attack = divmod(index - BLOCK0, MAX_SLOTS)
    blocker = obs["play"][obs["viewer"]][slot]
    attacker = obs["flags"]["attacks"][attack]["minion"]
    return f"Block {minion_label(game, obs, attacker)} with {minion_label(game, obs, blocker)}"


def _play(game, obs: dict[str, Any], cid: int) -> str:
    kind = obs["kind"]
    card = game.card(obs["cards"][cid])
    label = card_label(game, obs, cid)
    if obs["wtype"][cid] is not None:
        return f"Use {label}: {card.wound_text}"
    if kind == "combat_window":
        text = card.combat or card.your_combat
        return f"Use {card.printed_name}'s combat text: {text}"
    links = "/".join(card.link_colours)
    if kind == "chain_start":
        return f"Start the chain with {label} (links to {links})"
    kicker = ""
    if obs["chain"] and card.kicker is not None:
        last = game.card(obs["cards"][obs["chain"][-1]["card"]])
        if last.colour == card.kicker.colour:
            kicker = " — gets its kicker"
    return f"Link {label}{kicker}"


def describe_event(game, obs: dict[str, Any], event: dict[str, Any], names: list[str] | None = None) -> str:
    """One line for an event already redacted for the reader (``events_for(viewer)``)."""
    t = event["type"]

    def who(key: str = "player") -> str:
        return player_name(event[key], names)

    def does(verb: str, key: str = "player") -> str:
        """"Bob draws", but "You draw" for the reader called "You"."""
        name = who(key)
        return f"{name} {verb[:-1] if name == 'You' and verb.endswith('s') else verb}"

    def whose(key: str = "player") -> str:
        name = who(key)
        return "your" if name == "You" else f"{name}'s"

    def card(key: str = "card") -> str:
        return card_label(game, obs, event[key])

    if t == "setup":
        return f"New game: {event['players']} players, {event['face_up']} face-up wounds"
    if t == "turn":
        return f"Turn {event['turn']}: {whose()} turn"
    if t == "draw":
        if "cards" in event:
            return f"{does('draws')} " + (", ".join(card_label(game, obs, c) for c in event["cards"]) or "nothing")
        return f"{does('draws')} {event['count']} card{'s' if event['count'] != 1 else ''}"
    if t == "reshuffle":
        return f"{does('shuffles')} the discard pile into a new deck"
    if t == "discard":
        return f"{does('discards')} {card()} ({event['reason']})"
    if t == "exile":
        return f"{card()} is exiled ({event['reason']})"
    if t == "enter_play":
        return f"{card()} comes into play for {who()}"
    if t in ("destroyed", "discarded"):
        return f"{card()} is {t}"
    if t == "wounds":
        return f"{does('takes')} {event['count']} wound{'s' if event['count'] != 1 else ''}"
    if t == "last_wound":
        return "The last face-up wound is given: the game ends after this phase"
    if t == "game_over":
        return f"Game over: {does('wins', 'winner')} with the fewest wounds ({', '.join(map(str, event['wounds']))})"
    if t == "phase":
        return f"Claim Phase: {event['influence']} influence"
    if t == "combat_text":
        return f"{does('uses')} {card()}'s combat text"
    if t == "attack":
        return f"{card()} attacks {who('target')}"
    if t == "block":
        return f"{card()} blocks {card_label(game, obs, event['attacker'])}"
    if t == "damage":
        return f"{card()} takes {event['amount']} damage"
    if t == "no_chain":
        return f"{does('starts')} no chain"
    if t == "chain":
        kicker = " (kicker)" if event["kicker"] else ""
        return f"{does('starts') + ' the chain with' if event['position'] == 1 else does('links')} {card()}{kicker}"
    if t == "chain_complete":
        return f"The chain is complete ({event['length']} cards); it resolves last in, first out"
    if t == "resolve":
        return f"{card()} resolves"
    if t == "kicker":
        return f"{card()}'s kicker resolves"
    if t == "feed":
        return f"{does('feeds')} {card()}"
    if t == "claim":
        return f"{does('claims')} {card()} for {event['cost']} influence"
    if t == "influence":
        return f"{does('gains')} {event['amount']} influence"
    if t == "restore":
        return f"{card()} regains {event['amount']} health"
    if t == "strength":
        return f"{card()} gets +{event['amount']} strength this turn"
    if t == "effect":
        return f"{who()}: {event['kind'].replace('_', ' ')} this turn"
    if t == "fetch":
        return f"{does('places')} {card()} into {event['dest'].replace('_', ' ')}"
    if t == "archive_to_deck":
        return f"{len(event['cards'])} archive cards go on top of {whose()} deck"
    if t == "attach":
        return f"{card()} is attached to {card_label(game, obs, event['minion'])}"
    if t == "look":
        if "cards" in event:
            return f"{does('looks')} at {whose('target')} hand: " + ", ".join(card_label(game, obs, c) for c in event["cards"])
        return f"{does('looks')} at {whose('target')} hand"
    if t == "negated":
        return f"The moon negates the damage to {card()}"
    if t == "moon":
        return f"{who()}: {event['choice']} the moon; now {card('moon')}"
    return t.replace("_", " ")
