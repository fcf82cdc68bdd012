"""The Nightmarium table view: everything a person at the table sees, as one JSON-able
structure (``state.view(viewer, lang)``; documented in docs/view.md, schema in
``data/view.schema.json``).

The view is built only from the viewer's observation (``state.observation(viewer)``,
a seat or ``SPECTATOR``), so it can never show more than that viewer may see: its own
hand as card faces, the other hands as counts and the cards everyone saw taken into
them (Executioner, rule 207), the deck as a size, the discard pile (public), Songbird's
revealed cards, every Creature by part, the resolving Creature and its abilities still
to come, the penalty queue, and the open decision: who decides, its kind and prompt for
everyone, its typed context and options only for the deciding seat.

Names are in ``lang`` ("en", or "ja": gloam's own translation, there is no Japanese
rulebook). Identifiers (``kind``, ``parts``, the Legion and ability names inside a
decision's ``context``) stay English.

>>> from gloam.core import SPECTATOR
>>> from gloam.nightmarium.game import NightmariumGame
>>> state = NightmariumGame(players=2).new_initial_state(seed=3)
>>> view = state.view(SPECTATOR)
>>> view["players"][0]["hand"], view["players"][0]["hand_size"], view["deck"]["size"]
(None, 5, 98)
>>> sorted(view["decision"])
['kind', 'player', 'prompt']
>>> sorted(state.view(0)["decision"])
['context', 'kind', 'options', 'player', 'prompt']
"""

from __future__ import annotations

from typing import Any

from gloam.core.decisions import SPECTATOR, Choice
from gloam.nightmarium.cards import ABILITIES, LEGION_COLOURS, NO_ABILITY, PARTS
from gloam.nightmarium.decisions import context_of, labels_of, outcome_of, refs_of, resolving_creature
from gloam.nightmarium.i18n import ability_name, ability_text, legion_name, part_name, prompt_text

#: the view format's version (a front end can check it)
VIEW_VERSION = 1
_FACE_FIELDS = ("code", "legion", "parts", "ability")


def table_view(game: Any, obs: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The table of ``obs`` (one viewer's observation) as plain data in ``lang``."""
    faces = _Faces(game, lang)
    viewer = obs["viewer"]
    over = obs["mode"] == "over"
    return {
        "game": "nightmarium",
        "version": VIEW_VERSION,
        "viewer": viewer,
        "lang": lang,
        "setup": {"players": obs["setup"]["players"], "creatures": obs["setup"]["creatures"],
                  "turn_limit": obs["setup"]["turn_limit"], "composition": game.composition.name},
        "turn": _turn(obs, lang),
        "players": [_player(obs, p, faces) for p in range(len(obs["hand_sizes"]))],
        "deck": {"size": obs["deck_size"]},
        "discard": {"size": len(obs["discard"]),
                    "top": faces(obs["discard"][-1]) if obs["discard"] else None,
                    "cards": [faces(c) for c in obs["discard"]]},
        "revealed": [faces(c) for c in obs["revealed"]],
        "resolving": None if over else _resolving(obs, lang),
        "penalty": None if over else _penalty(obs, lang),
        "decision": None if over else _decision(game, obs, lang),
        "outcome": _outcome(obs) if over else None,
    }


class _Faces:
    """Card faces in one language (each call a fresh dict: nothing in a view is shared)."""

    def __init__(self, game: Any, lang: str) -> None:
        self.cards = game.composition.cards
        self.lang = lang
        provenance = game.composition.provenance
        fallback = provenance.get("cards", {}).get("kind", "designed")
        #: per face field, "seed" (stated by seed 004) or "designed" (gloam's choice)
        self.provenance = {f: provenance.get(f, {}).get("kind", fallback) for f in _FACE_FIELDS}

    def __call__(self, card: int) -> dict[str, Any]:
        c = self.cards[card]
        lang = self.lang
        parts = [part_name(p, lang) for p in c.part_names]
        legion = legion_name(c.legion, lang)
        return {
            "id": card,
            "code": c.code,
            "name": f"{legion} {'/'.join(parts)}" if lang == "en" else f"{legion}の{'/'.join(parts)}",
            "legion": _legion(c.legion, lang),
            "parts": list(c.part_names),
            "part_names": parts,
            "ability": None if c.ability == NO_ABILITY else _ability(c.ability, lang),
            "provenance": dict(self.provenance),
        }


def _legion(legion: int, lang: str) -> dict[str, Any]:
    return {"id": legion, "name": legion_name(legion, lang), "colour": LEGION_COLOURS[legion]}


def _ability(ability: int, lang: str) -> dict[str, Any]:
    return {"id": ability, "key": ABILITIES[ability], "name": ability_name(ability, lang),
            "text": ability_text(ability, lang)}


def _turn(obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """Whose turn, which of its two actions (rule 193), the Legion a second play must be
    (rule 199)."""
    legion = obs["first_legion"]
    restricted = obs["actions_left"] == 1 and legion >= 0
    return {"number": obs["turn"], "player": obs["active"], "action": 3 - obs["actions_left"],
            "actions_left": obs["actions_left"], "legion": _legion(legion, lang) if restricted else None}


def _player(obs: dict[str, Any], p: int, faces: _Faces) -> dict[str, Any]:
    creatures = obs["creatures"][p]
    resolving = obs["resolving"] if p == obs["active"] and obs["mode"] != "over" else -1
    return {
        "seat": p,
        "you": p == obs["viewer"],
        "hand_size": obs["hand_sizes"][p],
        "hand": _hand(obs, p, faces),
        "known": [faces(c) for c in obs["known"][p]],
        "creatures": [_creature(i, c, c[0] == resolving, faces) for i, c in enumerate(creatures)],
        "complete": sum(1 for c in creatures if len(c) == 3),
        "winner": obs["winner"] == p,
    }


def _hand(obs: dict[str, Any], p: int, faces: _Faces) -> list[dict[str, Any]] | None:
    """Seat ``p``'s hand as the viewer sees it: their own, or every hand in a replay's
    view of a finished game (an observation with ``hands``)."""
    hands = obs.get("hands")
    if hands is not None:
        return [faces(c) for c in hands[p]]
    return [faces(c) for c in obs["hand"]] if p == obs["viewer"] else None


def _creature(index: int, cards: list[int], resolving: bool, faces: _Faces) -> dict[str, Any]:
    """A Creature by part, bottom-up (rule 197), with its Legion when all its cards share
    one (a complete one of a single Legion triggers the penalty, rule 203)."""
    legions = {faces.cards[c].legion for c in cards}
    data: dict[str, Any] = {"index": index, "cards": list(cards)}
    for height, part in enumerate(PARTS):
        data[part] = faces(cards[height]) if height < len(cards) else None
    data["complete"] = len(cards) == 3
    data["legion"] = _legion(legions.pop(), faces.lang) if len(legions) == 1 else None
    data["resolving"] = resolving
    return data


def _resolving(obs: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The completed Creature whose abilities resolve (rules 200-202): the ability now
    deciding, and those still to come (head, then body, then legs)."""
    index, cards = resolving_creature(obs)
    if index < 0:
        return None
    mode = obs["mode"]
    now = ABILITIES.index(mode.capitalize()) if mode.capitalize() in ABILITIES else None
    return {"player": obs["active"], "creature": index, "cards": list(cards),
            "ability": None if now is None else _ability(now, lang),
            "remaining": [_ability(a, lang) for a in obs["abilities"]]}


def _penalty(obs: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The same-Legion penalty still owed (rule 203), first in the queue deciding."""
    if not obs["penalties"]:
        return None
    deciding = obs["mode"] == "penalty"
    return {"legion": _legion(obs["penalties"][0][1], lang),
            "owing": [p for p, _ in obs["penalties"]],
            "player": obs["penalties"][0][0],
            "cards": obs["pen_need"] if deciding else None,
            "any_card": obs["pen_any"] if deciding else None}


def _decision(game: Any, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    """Who decides, the kind and prompt (everyone); the typed context and the options
    (index, action, refs, label in ``lang``) only for the deciding seat."""
    penalty = obs["penalties"][0][1] if obs["penalties"] else -1
    data: dict[str, Any] = {
        "player": obs["to_act"],
        "kind": obs["mode"],
        "prompt": prompt_text(obs["mode"], lang, actions_left=obs["actions_left"],
                              first_legion=obs["first_legion"], discarded=obs["discarded"],
                              legion=penalty, pen_any=obs["pen_any"], pen_need=obs["pen_need"]),
    }
    if obs["viewer"] != SPECTATOR and obs["viewer"] == obs["to_act"]:
        table = game.action_space
        data["context"] = context_of(obs).to_json()
        data["options"] = [Choice(index=i, action=table[i], refs=refs_of(obs, table[i]),
                                  label=labels_of(game, obs, i)).to_json(lang)
                           for i in obs["legal"]]
    return data


def _outcome(obs: dict[str, Any]) -> dict[str, Any]:
    complete = [sum(1 for c in mine if len(c) == 3) for mine in obs["creatures"]]
    return outcome_of(obs["winner"], obs["turn"], obs["setup"]["turn_limit"], complete).to_json()
