"""Nightfall's table view (docs/view.md, ``data/view.schema.json``): everything a person at
the table sees, as one JSON-able structure, so that no front end needs the engine's
internals.

It is built from ``state.observation(viewer)`` and the card data only, so it can never
show more than the observation does; the one thing it takes from the state beyond that
is the open decision (``state.pending()``), whose options only the deciding seat gets.
A minion's strength and health, with what modifies them, are the engine's figures
(``NightfallState.figures``, published in every observation), not computed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gloam.core.decisions import SPECTATOR
from gloam.nightfall import i18n
from gloam.nightfall.setup import starter_colours, starter_pairs

if TYPE_CHECKING:
    from gloam.nightfall.cards import Card

#: the text blocks of a face, in the order a card prints them
TEXT_BLOCKS = ("chain", "your_chain", "combat", "your_combat", "in_play", "exile")
WOUND_TYPES = ("bite", "burn", "bleed")


def table_view(state: Any, viewer: int, lang: str = "en") -> dict[str, Any]:
    """The table as ``viewer`` (a seat or ``SPECTATOR``) sees it, in ``lang`` ("en" or
    "ja"): card names, phase and labels in that language (card texts stay English)."""
    i18n.check_lang(lang)
    view = view_from_observation(state.game, state.observation(viewer), lang)
    view["decision"] = _decision(state, view["decision"], viewer, lang)
    return view


def view_from_observation(game: Any, obs: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The view of observation ``obs`` (of ``game``) without what only the state knows:
    the decision is ``{"player", "kind", "kind_name"}`` (no prompt, no options; ``None``
    when nobody is to act). :func:`table_view` adds the rest.

    A replay of a finished game may pass an observation that shows more than any seat
    sees: ``"hands"`` (every hand: each player's ``hand`` is then listed) and
    ``"drafts"`` (every player's draft view: the view gets ``"drafts"`` too)."""
    i18n.check_lang(lang)
    faces = _Faces(game, obs, lang)
    view: dict[str, Any] = {
        "game": "nightfall",
        "viewer": obs["viewer"],
        "lang": lang,
        "turn": obs["turn"],
        "phase": obs["phase"],
        "phase_name": i18n.text("phase", obs["phase"], lang, default=obs["phase"]),
        "active": obs["active"],
        "first_player": obs["first_player"],
        "influence": obs["influence"],
        "setup": _copy(obs["setup"]),
        "teams": _teams(game),
        "players": [_player(obs, faces, p) for p in range(len(obs["hand_sizes"]))],
        "archives": [_archive(obs, faces, k, a) for k, a in enumerate(obs["archives"])],
        "chain": [_link(obs, faces, k, e) for k, e in enumerate(obs["chain"])],
        "combat": _combat(obs),
        "wound_stack": _wound_stack(obs, faces),
        "moon": _moon(obs, faces),
        "effects": [_effect(e, lang) for e in obs["effects"]],
        "exiled": [faces.instance(c) for c in obs["exiled"]],
        "looking_at": _looking_at(obs, faces),
        "draft": _draft(obs["draft"], faces),
        "starters": _starters(game, obs, faces),
        "over": obs["over"],
        "winners": list(game.team(obs["winner"])) if obs["over"] and obs["winner"] >= 0 else [],
        "eliminations": list(obs.get("eliminated") or ()),
        "decision": _who_decides(obs, lang),
    }
    if obs.get("drafts"):
        view["drafts"] = [_draft(d, faces) for d in obs["drafts"]]
    view["cards"] = faces.table
    return view


# ---------------------------------------------------------------------- card faces
class _Faces:
    """The faces of the card instances a view shows (``table``: instance id -> face)."""

    def __init__(self, game: Any, obs: dict[str, Any], lang: str) -> None:
        self.game = game
        self.obs = obs
        self.lang = lang
        self.table: dict[str, dict[str, Any]] = {}

    def instance(self, cid: int) -> int:
        """Put instance ``cid``'s face in the table (it must be one the observation
        names) and return its id."""
        key = str(cid)
        if key not in self.table:
            card_id = self.obs["cards"][cid]
            face = dict(self.face(card_id), id=cid, owner=self.obs["owner"][cid])
            wtype = self.obs["wtype"][cid]
            if wtype is not None:
                face["wound_type"] = wtype
                face["wound_type_name"] = i18n.text("wound_type", wtype, self.lang, default=wtype)
            self.table[key] = face
        return cid

    def card(self, card_id: str) -> dict[str, Any]:
        """The face of a card named by its data id (a draft card, an archive's card, a
        starting minion still to be chosen): no instance, no owner."""
        return dict(self.face(card_id), id=None, owner=None)

    def face(self, card_id: str) -> dict[str, Any]:
        """A fresh copy of card ``card_id``'s printed face: built once per game and language
        (a face depends on nothing else), copied so that no view shares it."""
        cache = self.game.__dict__.setdefault("_view_faces", {})     # lives as long as the game
        key = (card_id, self.lang)
        if key not in cache:
            cache[key] = card_face(self.game.card(card_id), self.lang)
        return _copy(cache[key])



def card_face(card: Card, lang: str = "en") -> dict[str, Any]:
    """A card's printed face as plain data: data id, name in ``lang``, set, type (and its
    name), colour, link colours, cost, keyword, printed strength and health, its texts
    (kicker and feed with their parts) and which of its values are gloam's design rather
    than a seed's (``provenance.designed``: field names) and, for a card a player's own card
    file changed, which values are theirs (``provenance.user``)."""
    texts: dict[str, Any] = {block: getattr(card, block) for block in TEXT_BLOCKS if getattr(card, block)}
    if card.kicker is not None:
        texts["kicker"] = {"colour": card.kicker.colour, "text": card.kicker.text}
    if card.feed is not None:
        texts["feed"] = {"on": card.feed.on, "cost": card.feed.cost}
    if card.global_text:
        texts["global"] = card.global_text
    if card.wound_text:
        texts["wound"] = card.wound_text
    designed = sorted(k for k, p in card.provenance.items() if p.is_designed)
    user = sorted(k for k, p in card.provenance.items() if p.is_user)
    return {
        "card": card.id,
        "name": i18n.card_name(card, lang),
        "set": card.set,
        "type": card.type,
        "type_name": i18n.text("card_type", card.type, lang, default=card.type),
        "colour": card.colour,
        "link_colours": list(card.link_colours),
        "cost": card.cost,
        "keyword": card.keyword,
        "strength": card.strength,
        "health": card.health,
        "attaches": card.attaches,
        "texts": texts,
        "provenance": {"designed": designed, **({"user": user} if user else {})},
    }


def _copy(value: Any) -> Any:
    """A deep copy of plain data (so a view shares nothing with the state)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


# ---------------------------------------------------------------------- players
def _teams(game: Any) -> list[list[int]] | None:
    """Team Play (rule 178): seat i and i + N/2 together; None without teams."""
    if not getattr(game, "teams", False):
        return None
    half = game.players // 2
    return [[a, a + half] for a in range(half)]


def _player(obs: dict[str, Any], faces: _Faces, p: int) -> dict[str, Any]:
    """Seat ``p``: hand (own cards, else a count plus the cards everyone saw go there),
    deck (size, the cards everyone saw put on top), discard pile (every card: public),
    minions in play, wounds by type (rule 162), and in a constructed game the size of
    the player's own wound stack and whether they are eliminated (rules 171, 173)."""
    known = obs["known"][p]
    hands = obs.get("hands")  # a replay's view of every hand
    shown = hands[p] if hands is not None else obs["hand"] if p == obs["viewer"] else None
    deck_top = [faces.instance(c) for c in known["top"]]
    discard = [faces.instance(c) for c in obs["discards"][p]]
    stacks = obs.get("wound_stacks")
    return {
        "seat": p,
        "hand_size": obs["hand_sizes"][p],
        "hand": None if shown is None else [faces.instance(c) for c in shown],
        "hand_known": [faces.instance(c) for c in known["hand"]],
        "deck": {"size": obs["deck_sizes"][p], "top": deck_top[-1] if deck_top else None, "known_top": deck_top},
        "discard": {"size": len(discard), "top": discard[-1] if discard else None, "cards": discard},
        "in_play": [_minion(obs, faces, m) for m in obs["play"][p]],
        "wounds": _wounds(obs, p),
        "wound_stack_size": len(stacks[p]) if stacks is not None else None,
        "eliminated": p in (obs.get("eliminated") or ()),
    }


def _wounds(obs: dict[str, Any], p: int) -> dict[str, int]:
    """Seat ``p``'s wounds (rule 162): every wound card they own that is not exiled, by
    type, and the wounds counted as bare numbers past the wound stack (reading 10)."""
    counts = dict.fromkeys(WOUND_TYPES, 0)
    exiled = set(obs["exiled"])
    for cid, owner in enumerate(obs["owner"]):
        wtype = obs["wtype"][cid]
        if owner == p and wtype is not None and cid not in exiled:
            counts[wtype] += 1
    bare = obs["bare_wounds"][p]
    return {**counts, "bare": bare, "total": sum(counts.values()) + bare}


# ---------------------------------------------------------------------- minions
def _minion(obs: dict[str, Any], faces: _Faces, m: int) -> dict[str, Any]:
    """A minion in play: its face, controller, attached cards, and printed and current
    strength and health with what modifies them (the engine's figures, published in the
    observation: ``NightfallState.figures``)."""
    faces.instance(m)
    info = obs["minions"][str(m)]
    figures = obs["figures"][str(m)]
    return {
        "card": m,
        "controller": info["controller"],
        "attached": [faces.instance(a) for a in info["attached"]],
        "entered_turn": info["turn"],
        "attacking": figures["attacking"],
        "strength": _copy(figures["strength"]),
        "health": _copy(figures["health"]),
    }


# ---------------------------------------------------------------------- the table
def _archive(obs: dict[str, Any], faces: _Faces, k: int, a: dict[str, Any]) -> dict[str, Any]:
    """Archive ``k``: its owner (-1: the commons), size, whether it is face down (a Secret
    Archive, rule 176: then no card), the card on top and its cost, the cards under a
    mixed top (Bait and Switch; constructed, rule 169) and wounds placed on it."""
    face_down = a["card"] is None
    top = a.get("top")
    card = None
    if not face_down:
        card = faces.card(a["card"]) if top is None else faces.table[str(faces.instance(top))]
    under = [faces.card(c) for c in a.get("mixed") or ()]
    if "under" in a:
        under = [faces.card(obs["cards"][c]) for c in a["under"] if obs["cards"][c] is not None]
    return {
        "index": k,
        "owner": a["owner"],
        "commons": a["owner"] < 0,
        "size": a["size"],
        "face_up": not a.get("secret", False),
        "face_down_to_viewer": face_down,
        "top": top,
        "card": card,
        "cost": None if card is None else card["cost"],
        "under": under,
        "wounds": [{"position": pos, "card": faces.instance(c)} for pos, c in a.get("wounds", ())],
    }


def _link(obs: dict[str, Any], faces: _Faces, k: int, entry: dict[str, Any]) -> dict[str, Any]:
    """Link ``k`` of the chain (0 = the bottom, the last = the top, resolving first)."""
    cid = faces.instance(entry["card"])
    card = faces.game.card(obs["cards"][cid])
    return {"position": k, "card": cid, "player": entry["player"], "colour": card.colour,
            "link_colours": list(card.link_colours), "kicker": bool(entry["kicker"])}


def _combat(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The attacks of the Combat Phase in progress (rules 103-110): each attacker, the
    player it attacks and its blockers in the order they absorb damage."""
    if obs["phase"] != "combat" or obs["combat"] is None:
        return None
    return {"attacks": [{"attacker": a["attacker"], "target": a["target"], "blockers": list(a["blockers"]),
                         "unblockable": a["unblockable"]} for a in obs["combat"] or ()]}


def _wound_stack(obs: dict[str, Any], faces: _Faces) -> dict[str, Any]:
    """The shared wound stack (rules 13, 112, 161): cards left, how many are still face
    up, the top card while it is face up, and whether the last face-up wound was given."""
    top = obs["wound_top"]
    return {"remaining": obs["wound_count"], "face_up": obs["face_up"],
            "top": None if top is None else faces.instance(top), "ending": obs["ending"]}


def _moon(obs: dict[str, Any], faces: _Faces) -> dict[str, Any] | None:
    """The moon phase in play (rule 36) and the size of the moon stack."""
    if obs["moon"] is None:
        return None
    return {"card": faces.instance(obs["moon"]), "stack_size": obs["moon_count"]}


def _effect(effect: dict[str, Any], lang: str) -> dict[str, Any]:
    """A continuous effect lasting until the end of the turn (or while its minion stays)."""
    data = {k: v for k, v in effect.items() if k in ("kind", "player", "target", "amount", "archive", "until")}
    data.setdefault("until", "turn")
    damage_too = effect["kind"] == "unblockable" and effect.get("damage")  # "Bone Cruncher"
    data["label"] = i18n.text("effect", "unblockable_damage" if damage_too else effect["kind"], lang)
    return data


def _looking_at(obs: dict[str, Any], faces: _Faces) -> dict[str, Any] | None:
    looking = obs["looking_at"]
    if not looking:
        return None
    return {"player": looking["player"], "cards": [faces.instance(c) for c in looking["cards"]]}


def _draft(d: dict[str, Any] | None, faces: _Faces) -> dict[str, Any] | None:
    """A draft in progress (rules 17-30) as the viewer sees it (``d``: the observation's
    ``draft``): the schedule, the pick in progress, where it goes, the viewer's own draft
    hand, picks and passed cards (none for a spectator), the face-up commons and every
    player's counts."""
    if not d:
        return None
    r = d["round"]
    dest = d["schedule"][r] if r < len(d["schedule"]) else None
    return {
        "procedure": d["procedure"],
        "schedule": list(d["schedule"]),
        "round": r,
        "destination": dest,
        "private_pick": d["schedule"][: r + 1].count("private") if dest == "private" else None,
        "private_picks": d["schedule"].count("private"),
        "direction": d["direction"],
        "hand": [faces.card(c) for c in d["hand"]],
        "picks": [dict(faces.card(c), destination=d["schedule"][k]) for k, c in enumerate(d["picks"])],
        "passed": [[faces.card(c) for c in cards] for cards in d["passed"]],
        "commons": [faces.card(c) for c in d["commons"]],
        "pick_counts": list(d["pick_counts"]),
        "hand_sizes": list(d["hand_sizes"]),
        "undealt": d["rest_size"],
    }


def _starters(game: Any, obs: dict[str, Any], faces: _Faces) -> dict[str, Any] | None:
    """Customised starting decks (rule 34) while they are chosen: whose choice it is, the
    colour and its pairs, and every player's choices so far (public)."""
    picks = obs["starter_picks"]
    player = obs["to_act"]
    if picks is None or obs["kind"] != "starters" or player < 0:
        return None
    colours = starter_colours(game)
    done = len(picks[player])
    if done >= len(colours):
        return None
    colour, ids = colours[done]
    return {"player": player, "colour": colour, "colour_name": i18n.colour_name(colour, faces.lang),
            "pairs": [[faces.card(c) for c in pair] for pair in starter_pairs(ids)],
            "picks": [[faces.card(c) for pair in pairs for c in pair] for pairs in picks]}


# ---------------------------------------------------------------------- the decision
def _who_decides(obs: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """Who decides and what kind of decision, as everyone sees it."""
    player = obs["to_act"]
    if obs["over"] or player is None or player < 0:
        return None
    kind = str(obs["kind"])
    return {"player": player, "kind": kind, "kind_name": i18n.text("decision", kind, lang)}


def _card_namer(state: Any, lang: str) -> Any:
    """An English card name -> its name in ``lang`` (a prompt's ``{names}``)."""
    return lambda name: i18n.card_name(state.game.card_named(name), lang)


def _decision(state: Any, who: dict[str, Any] | None, viewer: int, lang: str) -> dict[str, Any] | None:
    """The open decision: who decides, its kind and prompt for everyone; its context and
    options (index, action, refs, label in ``lang``) only for the deciding seat."""
    if who is None:
        return None
    english = state.prompt()
    decision = dict(who, prompt=i18n.prompt_text(english, lang, card_name=_card_namer(state, lang)) or english)
    if viewer == who["player"] and viewer != SPECTATOR:
        pending = state.pending()
        decision["context"] = pending.context.to_json()
        decision["options"] = [c.to_json(lang) for c in pending.choices]
    return decision
