"""Plain-English descriptions of Nightmarium cards, actions, events and decisions.

Pure string functions (no I/O) shared by the terminal front end, replays and logs.
Everything here reads only what it is given: a card id, a player's *observation*
(never the full state) or an event already redacted for its viewer, so a description
can never reveal a hidden card.

Creatures are numbered from 1 in every description, in the order they lie on the
table (the engine's creature index + 1).

>>> from gloam.nightmarium.game import NightmariumGame
>>> game = NightmariumGame(players=2)
>>> describe_card(game, 0)
'NEC-01 Necromunculus legs (Songbird)'
>>> describe_event(game, {"type": "draw", "player": 1, "count": 2, "reason": "draw"}, ["Ann", "Bob"])
'Bob draws 2 cards'
>>> describe_event(game, {"type": "draw", "player": 0, "count": 1, "cards": [0], "reason": "draw"}, ["Ann", "Bob"], you=0)
'You draw NEC-01'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gloam.nightmarium.actions import NEW, Discard, DiscardCard, Draw, Play, StopDiscarding, Target
from gloam.nightmarium.cards import ABILITIES, LEGIONS, NO_ABILITY

PART_BY_HEIGHT = ("legs", "body", "head")

#: one-line reminders of what each ability does (seed 004, rules 204-209)
ABILITY_TEXT = {
    "Songbird": "reveal 2 cards from the deck and play them if you can",
    "Mourner": "draw 2 cards",
    "Mockingbird": "play 1 card from your hand",
    "Executioner": "take the top card of an opponent's creature into your hand",
    "Scavenger": "discard an opponent's incomplete creature",
    "Devourer": "discard the top card of another of your creatures",
}

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … (enough for counts of creatures)."""
    return _ORDINAL.get(n, f"{n}th")


def default_names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]


# ---------------------------------------------------------------------- cards
def card_code(game: Any, card_id: int) -> str:
    return game.composition.cards[card_id].code


def describe_card(game: Any, card_id: int) -> str:
    """``"NEC-05 Necromunculus legs (Songbird)"``: code, Legion, the parts it can be,
    and its ability (``no ability`` when it has none)."""
    card = game.composition.cards[card_id]
    ability = card.ability_name or "no ability"
    return f"{card.code} {card.legion_name} {'/'.join(card.part_names)} ({ability})"


def codes(game: Any, cards: Sequence[int]) -> str:
    """Card codes joined with commas (``"nothing"`` for no cards)."""
    return ", ".join(card_code(game, c) for c in cards) if cards else "nothing"


def abilities_in_order(game: Any, creature: Sequence[int]) -> list[str]:
    """A complete creature's abilities in resolution order: head, body, legs (rule 200)."""
    return [ABILITIES[game.ability[c]] for c in reversed(creature) if game.ability[c] != NO_ABILITY]


# ---------------------------------------------------------------------- people
class _Voice:
    """Names players in an event: second person for ``you``, third person otherwise."""

    def __init__(self, names: Sequence[str] | None, n: int, you: int | None) -> None:
        self.names = list(names) if names is not None else default_names(n)
        self.you = you

    def subject(self, p: int) -> str:
        return "You" if p == self.you else self._name(p)

    def object(self, p: int) -> str:
        return "you" if p == self.you else self._name(p)

    def possessive(self, p: int) -> str:
        return "your" if p == self.you else f"{self._name(p)}'s"

    def verb(self, p: int, third: str, second: str) -> str:
        """``"Bob draws"`` / ``"You draw"``."""
        return f"{self.subject(p)} {second if p == self.you else third}"

    def _name(self, p: int) -> str:
        return self.names[p] if 0 <= p < len(self.names) else f"Player {p + 1}"


# ---------------------------------------------------------------------- actions
def describe_action(game: Any, observation: dict[str, Any], index: int,
                    names: Sequence[str] | None = None, second_person: bool = True) -> str:
    """A clear label for legal option ``index`` of the decision in ``observation``
    (the observation of the player to act).

    With ``second_person`` the acting player's own creatures are "your creature 2";
    otherwise they are named ("Ann's creature 2"), as a replay shows them.
    """
    n = game.num_players
    actor = observation["to_act"] if observation["to_act"] >= 0 else observation["active"]
    voice = _Voice(names, n, actor if second_person else None)
    mode = observation["mode"]
    match game.action_space[index]:
        case Draw():
            return "Draw a card"
        case Discard():
            return "Start discarding (then draw 1 card for every 2 discarded)"
        case StopDiscarding():
            k = observation["discarded"]
            draw = k // 2
            return f"Stop discarding and draw {draw} card{'s' if draw != 1 else ''} ({k} discarded)"
        case DiscardCard(card=card):
            return f"Discard {describe_card(game, card)}"
        case Play(card=card, slot=slot):
            return _describe_play(game, observation, actor, card, slot, voice)
        case Target(player=who, creature=idx):
            return _describe_target(game, observation, actor, mode, who, idx, voice)
    raise ValueError(f"option {index} is not a Nightmarium action")


def _describe_play(game: Any, obs: dict[str, Any], actor: int, card: int, slot: int, voice: _Voice) -> str:
    mode = obs["mode"]
    prefix = {"songbird": "Songbird: play revealed ", "mockingbird": "Mockingbird: play "}.get(mode, "Play ")
    code = card_code(game, card)
    mine = obs["creatures"][actor]
    if slot == NEW:
        verb = "Songbird: lay revealed " if mode == "songbird" else (
            "Mockingbird: lay " if mode == "mockingbird" else "Lay ")
        return f"{verb}{code} as the legs of a new creature ({len(mine) + 1})"
    creature = mine[slot]
    part = PART_BY_HEIGHT[len(creature)]
    text = f"{prefix}{code} as the {part} of {voice.possessive(actor)} creature {slot + 1}"
    if len(creature) == 2:
        text += " — " + _completion(game, obs, actor, creature + [card])
    return text


def _completion(game: Any, obs: dict[str, Any], actor: int, creature: list[int]) -> str:
    """What completing ``creature`` will do: win, or resolve which abilities."""
    done = 1 + sum(1 for c in obs["creatures"][actor] if len(c) == 3)
    goal = obs["setup"]["creatures"]
    if done >= goal:
        return f"completes it: {ordinal(done)} complete creature, WINS the game"
    abilities = abilities_in_order(game, creature)
    text = "completes it: " + (", ".join(abilities) if abilities else "no abilities")
    legions = {game.legion[c] for c in creature}
    if len(legions) == 1:
        text += f"; all {LEGIONS[legions.pop()]}: opponents must discard"
    return text


def _describe_target(game: Any, obs: dict[str, Any], actor: int, mode: str, who: int, idx: int,
                     voice: _Voice) -> str:
    creatures = obs["creatures"][who]
    if idx >= len(creatures):
        return f"Target {voice.possessive(who)} creature {idx + 1}"
    creature = creatures[idx]
    top = creature[-1]
    part = PART_BY_HEIGHT[len(creature) - 1]
    where = f"{voice.possessive(who)} creature {idx + 1}"
    if mode == "scavenger":
        return f"Scavenger: discard {where} ({codes(game, creature)})"
    if mode == "devourer":
        return f"Devourer: discard {card_code(game, top)} ({part}) from {where}"
    note = " — breaks a complete creature" if len(creature) == 3 else ""
    return f"Executioner: take {card_code(game, top)} ({part}) from {where}{note}"


def option_sort_key(game: Any, index: int) -> tuple:
    """A reading order for a decision's options: draw / discard / stop first, then plays
    grouped by card (by Legion, then code) and creature, then targets, then discards."""
    match game.action_space[index]:
        case DiscardCard(card=card):
            return (3, game.legion[card], card_code(game, card))
        case Play(card=card, slot=slot):
            return (1, game.legion[card], card_code(game, card), slot)
        case Target():
            return (2, index)
    return (0, index)  # draw, start discarding, stop


# ---------------------------------------------------------------------- the decision
def describe_pending(game: Any, observation: dict[str, Any], names: Sequence[str] | None = None,
                     you: int | None = None) -> str:
    """The open decision in words, for whoever looks at ``observation``."""
    obs = observation
    voice = _Voice(names, game.num_players, you)
    mode = obs["mode"]
    actor = obs["to_act"]
    if mode == "over":
        if obs["winner"] >= 0:
            return f"Game over: {voice.verb(obs['winner'], 'wins', 'win')}!"
        limit = obs["setup"]["turn_limit"]
        if limit and obs["turn"] >= limit:
            return "Game over: the turn limit was reached with no winner"
        return "Game over: no card can ever be played again, so nobody can win (a dead position)"
    who = voice.subject(actor)
    if mode == "turn":
        which = "first" if obs["actions_left"] == 2 else "second"
        whose = "Your" if actor == you else f"{who}'s"
        text = f"{whose} {which} action of the turn: draw, discard, or play a card"
        if obs["actions_left"] == 1 and obs["first_legion"] >= 0:
            text += f" (a play must be {LEGIONS[obs['first_legion']]})"
        return text
    if mode == "discard":
        k = obs["discarded"]
        return f"{who}: discard another card, or stop ({k} discarded so far: draw {k // 2})"
    if mode == "penalty":
        legion = LEGIONS[obs["penalties"][0][1]]
        if obs["pen_any"]:
            return (f"Same-Legion penalty — {who}: no {legion} card in hand, discard any card"
                    f" ({obs['pen_need']} still to discard)")
        return f"Same-Legion penalty — {who}: discard a {legion} card"
    texts = {
        "songbird": "Songbird — {who}: play one of the revealed cards",
        "mockingbird": "Mockingbird — {who}: play a card from hand",
        "executioner": "Executioner — {who}: take the top card of an opponent's creature",
        "scavenger": "Scavenger — {who}: discard an opponent's incomplete creature",
        "devourer": "Devourer — {who}: discard the top card of another of your creatures",
    }
    return texts.get(mode, "{who}: decide").format(who=who)


# ---------------------------------------------------------------------- events
def describe_event(game: Any, event: dict[str, Any], names: Sequence[str] | None = None,
                   you: int | None = None) -> str:
    """One line of English for an event of :attr:`NightmariumState.events` (already
    redacted with ``events_for(viewer)``; ``you`` is that viewer, spoken to as "you").
    The Japanese line is ``i18n.event_line_ja``; the declaration picks by language."""
    voice = _Voice(names, game.num_players, you)
    handler = _EVENTS.get(event.get("type", ""))
    if handler is None:
        data = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type', 'event')}: {data}"
    return handler(game, event, voice)


def _ev_setup(game, e, v: _Voice) -> str:
    return (f"New game: {e['players']} players, the first to complete {e['creatures']} creatures wins;"
            f" {v.verb(e['first_player'], 'goes', 'go')} first")


def _ev_deal(game, e, v: _Voice) -> str:
    if "cards" in e:
        return f"{v.verb(e['player'], 'is', 'are')} dealt {codes(game, e['cards'])}"
    return f"{v.verb(e['player'], 'is', 'are')} dealt {e['count']} cards"


def _ev_turn(game, e, v: _Voice) -> str:
    return f"Turn {e['turn']}: {v.possessive(e['player'])} turn"


def _ev_draw(game, e, v: _Voice) -> str:
    p, count, reason = e["player"], e["count"], e.get("reason", "")
    drawer = v.verb(p, "draws", "draw")
    if reason == "discard":
        what = codes(game, e["cards"]) if "cards" in e and count else _cards(count)
        return f"{drawer} {what} for the discarded cards"
    why = " (Mourner)" if reason == "mourner" else ""
    what = codes(game, e["cards"]) if "cards" in e and count else _cards(count)
    return f"{drawer} {what}{why}"


def _cards(count: int) -> str:
    return "nothing" if count == 0 else f"{count} card{'s' if count != 1 else ''}"


def _ev_discard(game, e, v: _Voice) -> str:
    tail = " (same-Legion penalty)" if e.get("reason") == "penalty" else ""
    return f"{v.verb(e['player'], 'discards', 'discard')} {describe_card(game, e['card'])}{tail}"


def _ev_play(game, e, v: _Voice) -> str:
    p, card, part = e["player"], e["card"], e["part"]
    source = {"songbird": " (by Songbird)", "mockingbird": " (by Mockingbird)"}.get(e.get("source", ""), "")
    where = f"a new creature {e['creature'] + 1}" if part == "legs" else f"creature {e['creature'] + 1}"
    return f"{v.verb(p, 'plays', 'play')} {_code_ability(game, card)} as the {part} of {where}{source}"


def _code_ability(game: Any, card: int) -> str:
    """``"NEC-05 (Songbird)"``, or just the code for a card without an ability."""
    c = game.composition.cards[card]
    return f"{c.code} ({c.ability_name})" if c.ability_name else c.code


def _ev_complete(game, e, v: _Voice) -> str:
    abilities = ", ".join(e["abilities"]) if e["abilities"] else "none"
    return (f"{v.verb(e['player'], 'completes', 'complete')} creature {e['creature'] + 1}"
            f" ({ordinal(e['complete'])} complete) — abilities: {abilities}")


def _ev_same_legion(game, e, v: _Voice) -> str:
    return (f"All {e['legion']}! Each opponent of {v.object(e['player'])} discards a {e['legion']} card"
            f" (or two cards if they have none)")


def _ev_ability(game, e, v: _Voice) -> str:
    return f"{v.possessive(e['player']).capitalize()} {e['ability']} resolves"


def _ev_reveal(game, e, v: _Voice) -> str:
    return f"Songbird reveals {codes(game, e['cards'])}"


def _ev_discard_revealed(game, e, v: _Voice) -> str:
    return f"Revealed card(s) not played go to the discard pile: {codes(game, e['cards'])}"


def _ev_execute(game, e, v: _Voice) -> str:
    return (f"Executioner: {v.verb(e['player'], 'takes', 'take')} {card_code(game, e['card'])}"
            f" from {v.possessive(e['target'])} creature {e['creature'] + 1} into hand")


def _ev_scavenge(game, e, v: _Voice) -> str:
    return (f"Scavenger: {v.verb(e['player'], 'discards', 'discard')} {v.possessive(e['target'])}"
            f" creature {e['creature'] + 1} ({codes(game, e['cards'])})")


def _ev_devour(game, e, v: _Voice) -> str:
    return (f"Devourer: {v.verb(e['player'], 'discards', 'discard')} {card_code(game, e['card'])}"
            f" from {'your' if e['player'] == v.you else 'their'} own creature {e['creature'] + 1}")


_NO_TARGET = {
    "Songbird": "the deck and the discard pile are empty",
    "Mourner": "the deck and the discard pile are empty",
    "Mockingbird": "no card in hand can be played",
    "Executioner": "no opponent has a creature",
    "Scavenger": "no opponent has an incomplete creature",
    "Devourer": "no other creature to devour",
}


def _ev_stop(game, e, v: _Voice) -> str:
    why = _NO_TARGET.get(e["ability"], "no valid target")
    skipped = f" (skipped: {', '.join(e['skipped'])})" if e.get("skipped") else ""
    return f"{e['ability']} cannot resolve — {why}: resolution stops{skipped}"


def _ev_win(game, e, v: _Voice) -> str:
    return f"{v.verb(e['player'], 'wins', 'win')} with {e['creatures']} complete creatures!"


def _ev_turn_limit(game, e, v: _Voice) -> str:
    return f"The turn limit ({e['turns']} turns) is reached: the game ends with no winner"


def _ev_dead_position(game, e, v: _Voice) -> str:
    return f"No card can ever be played again (turn {e['turns']}): the game ends with no winner"


def _ev_reshuffle(game, e, v: _Voice) -> str:
    return f"The deck ran out: the discard pile ({_cards(e['count'])}) is shuffled into a new deck"


def _ev_no_action(game, e, v: _Voice) -> str:
    lost = "two actions are" if e["actions"] == 2 else "last action of the turn is"
    return (f"{v.verb(e['player'], 'has', 'have')} no card in hand and none to draw:"
            f" {v.possessive(e['player'])} {lost} lost")


def _ev_penalty_empty_hand(game, e, v: _Voice) -> str:
    return f"{v.verb(e['player'], 'has', 'have')} no cards to discard for the penalty"


_EVENTS = {
    "setup": _ev_setup, "deal": _ev_deal, "turn": _ev_turn, "draw": _ev_draw,
    "discard": _ev_discard, "play": _ev_play, "complete": _ev_complete,
    "same_legion": _ev_same_legion, "ability": _ev_ability, "reveal": _ev_reveal,
    "discard_revealed": _ev_discard_revealed, "execute": _ev_execute, "scavenge": _ev_scavenge,
    "devour": _ev_devour, "stop": _ev_stop, "win": _ev_win, "turn_limit": _ev_turn_limit,
    "dead_position": _ev_dead_position,
    "reshuffle": _ev_reshuffle, "penalty_empty_hand": _ev_penalty_empty_hand,
    "no_action": _ev_no_action,
}
