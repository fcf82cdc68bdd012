"""Nightfall's table view (issue 12 §2; docs/view.md, ``gloam/nightfall/data/view.schema.json``):
``state.view(viewer, lang)`` for every seat and the spectator.

Over seeded random games (2-5 players, the quick start and both drafts, moons, Secret
Archives, Team Play, constructed decks from examples/decks), stopped at many points:
every view validates against the schema; it names no card instance its viewer's
observation hides, and re-dealing what the viewer cannot see changes nothing in it; each
minion's current strength and health are the state's (``strength()`` with the moon while
it attacks, ``health_left()``), their modifiers add up; the open decision gives its
options to the deciding seat only; the view is plain JSON and shares nothing with the
state."""

from __future__ import annotations

import copy
import json
import random
import re
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest

from gloam.conformance.nightfall import permute_unseen, redeal_everything_hidden
from gloam.core import SPECTATOR
from gloam.core.errors import GloamError
from gloam.nightfall import i18n
from gloam.nightfall.formats import visible_cards
from gloam.nightfall.game import NightfallGame
from nf_positions import constructed_game, games, positions
from nf_scenario import NfTable, pass_windows, start_chain
from test_nightfall_spectator import secret_game

SCHEMA = json.loads(files("gloam.nightfall").joinpath("data/view.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
GAMES = games()
IDS = [name for name, _ in GAMES]


def viewers(state) -> list[int]:
    return list(range(state.num_players)) + [SPECTATOR]


def referenced(view: dict) -> set[int]:
    """Every card instance id a view names outside its ``cards`` table."""
    ids: set[int] = set()
    for p in view["players"]:
        ids.update(p["hand"] or ())
        ids.update(p["hand_known"])
        ids.update(p["deck"]["known_top"])
        ids.update(p["discard"]["cards"])
        for m in p["in_play"]:
            ids.add(m["card"])
            ids.update(m["attached"])
            ids.update(x["card"] for x in m["strength"]["modifiers"] if x["card"] is not None)
    for a in view["archives"]:
        ids.update(w["card"] for w in a["wounds"])
        if a["top"] is not None:
            ids.add(a["top"])
    ids.update(link["card"] for link in view["chain"])
    for attack in (view["combat"] or {}).get("attacks", ()):
        ids.add(attack["attacker"])
        ids.update(attack["blockers"])
    for key in ("top",):
        if view["wound_stack"][key] is not None:
            ids.add(view["wound_stack"][key])
    if view["moon"]:
        ids.add(view["moon"]["card"])
    ids.update(view["exiled"])
    if view["looking_at"]:
        ids.update(view["looking_at"]["cards"])
    return ids


def allowed(obs: dict) -> set[int]:
    """The instances ``obs`` lets its viewer place (``visible_cards``) and the constructed
    archives' tops and the cards under them (rule 169: public)."""
    ids = visible_cards(obs)
    for a in obs["archives"]:
        if a.get("top") is not None:
            ids.add(a["top"])
        ids.update(a.get("under", ()))
    return ids


def check_view(state, viewer: int, lang: str = "en", validate: bool = True) -> dict:
    """One view: valid (unless ``validate`` is false: validation costs ~35 ms a view),
    plain JSON, no hidden instance, every named instance has its face and each face is
    the instance's card as the observation names it."""
    view = state.view(viewer, lang)
    if validate:
        errors = sorted(VALIDATOR.iter_errors(view), key=lambda e: e.json_path)
        assert not errors, f"{errors[0].json_path}: {errors[0].message}"
    assert json.loads(json.dumps(view)) == view
    obs = state.observation(viewer)
    table = {int(k) for k in view["cards"]}
    assert referenced(view) <= table, "a card the view names has no face"
    leaked = table - allowed(obs)
    assert not leaked, f"view({viewer}) names instances its observation hides: {sorted(leaked)}"
    for key, face in view["cards"].items():
        assert face["card"] == obs["cards"][int(key)] and face["id"] == int(key)
    return view


# ---------------------------------------------------------------------- the schema
def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_schema_rejects_what_is_not_a_view():
    """The schema has teeth: a view missing a field, with an unknown field or with a
    wrong type fails it."""
    state = NightfallGame(players=2).new_initial_state(seed=1)
    view = state.view(0)
    for broken in ({k: v for k, v in view.items() if k != "players"}, dict(view, extra=1),
                   dict(view, turn="one"), dict(view, viewer=-2)):
        assert not VALIDATOR.is_valid(broken)
    minion_less = copy.deepcopy(view)
    minion_less["players"][0]["wounds"]["bite"] = -1
    assert not VALIDATOR.is_valid(minion_less)


@pytest.mark.parametrize("name,game", GAMES, ids=IDS)
def test_views_of_random_positions_validate_and_hide_what_the_observation_hides(name, game):
    """Every seat and the spectator, at many points of two seeded games (one in Japanese);
    one stop in three (and every draft decision) is validated against the schema."""
    validated = 0
    for seed in (1, 2):
        lang = ("en", "ja")[seed % 2]
        for k, state in enumerate(positions(game, seed, every=31)):
            validate = k % 3 == 0 or state.decision_kind() in ("draft", "starters") or state.is_terminal()
            validated += validate
            for viewer in viewers(state):
                check_view(state, viewer, lang, validate=validate)
    assert validated >= 4


# ---------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("name,game", GAMES, ids=IDS)
def test_redealing_what_a_viewer_cannot_see_changes_nothing_in_their_view(name, game):
    """A seat's view is the same when the cards it cannot see are shuffled among their
    places (the conformance suite's ``permute_unseen``); the spectator's is the same when
    everything hidden from every seat is re-dealt. Some re-deal changes a seat's view
    (its own hand), so the check can fail."""
    rng = random.Random(name)
    noticed = 0
    for state in positions(game, seed=3, every=29):
        for p in range(state.num_players):
            permuted = permute_unseen(state, p, rng)
            if state.wound_stacks:  # constructed: which instance tops an archive is public (rule 169)
                permuted.archives = [dict(a, cards=a["cards"][:]) for a in state.archives]
            assert permuted.observation(p) == state.observation(p)
            assert permuted.view(p) == state.view(p)
        other = redeal_everything_hidden(state, rng)
        assert other.view(SPECTATOR) == state.view(SPECTATOR)
        noticed += any(other.view(p) != state.view(p) for p in range(state.num_players) if p != state.current_player())
    assert noticed


def test_rule_176_no_face_down_archive_shows_in_the_spectators_view():
    """Secret Archives (rule 176, reading 13): the spectator's view names none of the
    private archives' cards and shows each as face down with no face and no cost; the
    owner's view shows their own, still face down to the others."""
    state = secret_game()
    private = {a["card"] for a in state.archives if a["owner"] >= 0}
    view = check_view(state, SPECTATOR)
    assert not [card for card in private if card in json.dumps(view)]
    for archive in view["archives"]:
        if archive["owner"] >= 0:
            assert archive["face_down_to_viewer"] and not archive["face_up"]
            assert archive["card"] is None and archive["cost"] is None and archive["size"] == 7
    own = [a for a in check_view(state, 0)["archives"] if a["owner"] == 0]
    assert [a["card"]["card"] for a in own] == [a["card"] for a in state.archives if a["owner"] == 0]
    assert all(not a["face_up"] and not a["face_down_to_viewer"] for a in own)


def test_hands_own_cards_as_faces_others_as_counts():
    """The viewer's hand is listed card by card; every other hand is a size (and the
    cards everyone saw go into it)."""
    state = NightfallGame(players=3).new_initial_state(seed=8)
    view = check_view(state, 1)
    assert view["players"][1]["hand"] == state.hands[1]
    assert [p["hand"] for k, p in enumerate(view["players"]) if k != 1] == [None, None]
    assert [p["hand_size"] for p in view["players"]] == [5, 5, 5]
    assert all(p["hand"] is None for p in check_view(state, SPECTATOR)["players"])
    faces = view["cards"]
    for cid in state.hands[1]:
        card = state.card(cid)
        assert faces[str(cid)]["name"] == card.printed_name and faces[str(cid)]["cost"] == card.cost
        assert faces[str(cid)]["owner"] == 1


def test_discard_piles_are_public_and_decks_show_only_their_size():
    """Discard piles (every card, top last) are public; a deck is a size unless a card was
    put on it in plain view."""
    game = NightfallGame(players=2)
    state = next(s for s in positions(game, seed=5, every=7) if all(s.discards) and s.turn > 2)
    for viewer in viewers(state):
        view = check_view(state, viewer)
        for p, seat in enumerate(view["players"]):
            assert seat["discard"]["cards"] == state.discards[p] and seat["discard"]["top"] == state.discards[p][-1]
            assert seat["deck"]["size"] == len(state.decks[p])
            assert seat["deck"]["known_top"] == state.known[p]["top"]


# ---------------------------------------------------------------------- minions
def _figures(state, cid) -> dict:
    """Minion ``cid``'s figures as every seat and the spectator see them (one and the
    same for all), checked to be the ones the view shows."""
    seen = []
    for viewer in viewers(state):
        obs = state.observation(viewer)
        assert "stack" not in obs and "flags" not in obs
        view = check_view(state, viewer)
        shown = next(m for seat in view["players"] for m in seat["in_play"] if m["card"] == cid)
        assert {k: shown[k] for k in ("attacking", "strength", "health")} == obs["figures"][str(cid)]
        seen.append(obs["figures"][str(cid)])
    assert all(f == seen[0] for f in seen)
    return seen[0]


def test_published_strength_counts_an_attachment_and_the_moon_while_attacking():
    """Rules 76-78, 103-110, per the card data: "Banner 89" (a hunter, strength 2) with
    Full Battle Rattle attached (+2 strength) has 4; attacking under Hunter's Moon (each
    attacking hunter +1), 5, each modifier named with its card."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Banner 89"], 1: ["Gregor Dzanic"]}, phase="combat", moon="Hunter's Moon",
                   attached={"Banner 89": ["Full Battle Rattle"]}, damage={"Gregor Dzanic": 1})
    banner, rattle = t.id(s, "Banner 89"), t.id(s, "Full Battle Rattle")
    before = _figures(s, banner)
    assert before["attacking"] is False
    assert before["strength"] == {"printed": 2, "current": 4,
                                  "modifiers": [{"source": "attachment", "card": rattle, "amount": 2}]}
    gregor = _figures(s, t.id(s, "Gregor Dzanic"))["health"]
    assert gregor["damage"] == 1 and gregor["current"] == gregor["printed"] - 1
    assert gregor["modifiers"] == [{"source": "damage", "card": None, "amount": -1}]
    pass_windows(t, s)
    t.choose(s, "attack", "Banner 89", by=0, target=1)
    during = _figures(s, banner)
    assert during["attacking"] is True
    assert during["strength"] == {"printed": 2, "current": 5, "modifiers": [
        {"source": "attachment", "card": rattle, "amount": 2},
        {"source": "moon", "card": s.moons[-1], "amount": 1}]}
    assert during["strength"]["current"] == s.strength(banner, attacking=True)


def test_published_strength_counts_in_play_text_and_turn_effects():
    """"Snowstorm" (strength 1; In Play: +1 for each opposing minion destroyed this turn)
    after Inhuman Wave's kicker destroys two opposing "Clever Ivan"s: 3, from its own text;
    Gathering Strength's kicker (each friendly minion +1 this turn) adds a turn effect."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Smiling Biter", "Inhuman Wave"]},
                   play={0: ["Snowstorm"], 1: ["Clever Ivan", "Clever Ivan", "Patrol Zombie"]})
    snow = t.id(s, "Snowstorm")
    assert _figures(s, snow)["strength"] == {"printed": 1, "current": 1, "modifiers": []}
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert _figures(s, snow)["strength"] == {"printed": 1, "current": 3, "modifiers": [
        {"source": "in_play", "card": snow, "amount": 2}]}
    s.effects.append({"kind": "strength_all", "player": 0, "amount": 1})  # as Gathering Strength's kicker leaves it
    assert _figures(s, snow)["strength"] == {"printed": 1, "current": 4, "modifiers": [
        {"source": "in_play", "card": snow, "amount": 2},
        {"source": "effect", "card": None, "amount": 1, "until": "turn"}]}


@pytest.mark.parametrize("name,game", GAMES, ids=IDS)
def test_no_observation_carries_the_engines_stack_or_flags(name, game):
    """The observation publishes the figures and the typed facts, not the engine's frames
    and flags: no ``stack`` or ``flags`` for any seat or the spectator, at any point; the
    view's strengths are the published figures."""
    minions = 0
    for state in positions(game, 0, every=9):
        for viewer in viewers(state):
            obs = state.observation(viewer)
            assert not {"stack", "flags"} & set(obs), viewer
            assert set(obs["in_flight"]) == {"frames", "turn"}
            assert set(obs["figures"]) == {str(m) for m in state.minions}
        for m, figures in state.observation(SPECTATOR)["figures"].items():
            minions += 1
            assert figures["strength"]["current"] == state.strength(int(m), attacking=figures["attacking"])
            assert figures["health"]["current"] == state.health_left(int(m))
    assert minions > 10


# ---------------------------------------------------------------------- the decision
@pytest.mark.parametrize("name,game", GAMES[:5], ids=IDS[:5])
def test_only_the_deciding_seat_gets_the_options(name, game):
    """Everyone sees who decides, what kind of decision and its prompt; only the deciding
    seat gets the context and the options (index, action, refs, label), which are exactly
    the legal actions; the spectator and the other seats get no option list or count."""
    for state in positions(game, seed=4, every=13):
        decider = state.current_player()
        for viewer in viewers(state):
            decision = state.view(viewer)["decision"]
            if state.is_terminal():
                assert decision is None
                continue
            assert decision["player"] == decider and decision["kind"] == state.decision_kind()
            assert decision["prompt"] == state.prompt()
            if viewer == decider:
                assert [o["index"] for o in decision["options"]] == state.legal_action_indices()
                assert decision["context"]["type"]
                pending = state.pending()
                assert [o["label"] for o in decision["options"]] == [c.label["en"] for c in pending.choices]
            else:
                assert "options" not in decision and "context" not in decision


def test_the_chain_is_a_stack_of_links_with_live_kickers():
    """Rules 135-141: each link in order (the bottom first), with its card, player,
    colour and whether its kicker is live."""
    game = NightfallGame(players=3, moons=True)
    state = next(s for s in positions(game, seed=6, every=1) if len(s.chain) >= 2)
    view = check_view(state, SPECTATOR)
    assert [(link["card"], link["player"], link["kicker"]) for link in view["chain"]] == \
        [(e["card"], e["player"], bool(e["kicker"])) for e in state.chain]
    assert [link["colour"] for link in view["chain"]] == [state.card(e["card"]).colour for e in state.chain]


def test_combat_names_attackers_targets_and_blockers():
    """Rules 103-108: the attacks in the order sent, each with its target and blockers."""
    game = NightfallGame(players=2)
    state = next(s for s in positions(game, seed=2, every=1)
                 if s.phase == "combat" and any(a["blockers"] for a in s.flags.get("attacks") or ()))
    combat = check_view(state, SPECTATOR)["combat"]
    assert [(a["attacker"], a["target"], a["blockers"]) for a in combat["attacks"]] == \
        [(a["minion"], a["target"], a["blockers"]) for a in state.flags["attacks"]]


@pytest.mark.parametrize("name,game", GAMES, ids=IDS)
def test_wounds_by_type_and_the_wound_stack(name, game):
    """Rules 161-163: each player's wounds by type (and bare wounds, reading 10) add up to
    ``wound_count``, constructed games too; the wound stack shows what remains, the
    face-up count and the top card while face up."""
    for state in positions(game, seed=9, every=23):
        view = check_view(state, SPECTATOR)
        for p, seat in enumerate(view["players"]):
            total, types = state.wound_count(p)
            assert seat["wounds"]["total"] == total
            assert sorted((seat["wounds"][t] for t in ("bite", "burn", "bleed")), reverse=True) == types
        stack = view["wound_stack"]
        assert stack["remaining"] == len(state.wounds) and stack["face_up"] == state.face_up
        assert stack["top"] == (state.wounds[-1] if state.face_up and state.wounds else None)


def test_constructed_wound_stacks_and_eliminations():
    """Constructed (rules 171, 173): each player's own wound stack as a size, and who is
    eliminated."""
    game = constructed_game(["vampire-court.toml", "lycan-rush.toml"])
    for state in positions(game, seed=1, every=9):
        view = check_view(state, 1)
        assert [p["wound_stack_size"] for p in view["players"]] == [len(s) for s in state.wound_stacks]
        assert [p["eliminated"] for p in view["players"]] == [p in state.eliminated for p in range(2)]
    assert state.is_terminal() and any(p["eliminated"] for p in view["players"])


def test_team_play_names_the_teams():
    """Team Play (rule 178): seats i and i + N/2 together; the winners are a team."""
    game = NightfallGame(players=4, teams=True)
    *_, final = positions(game, seed=1)
    view = check_view(final, SPECTATOR)
    assert view["teams"] == [[0, 2], [1, 3]] and view["over"] and view["winners"] in ([0, 2], [1, 3])
    assert check_view(NightfallGame(players=4).new_initial_state(1), 0)["teams"] is None


# ---------------------------------------------------------------------- language, copies
def test_japanese_names_and_labels():
    """``lang="ja"``: card names from seed 002's ``name_ja``, the phase in Japanese; the
    texts stay English; an unknown language is a typed error."""
    state = NightfallGame(players=2).new_initial_state(seed=3)
    view = check_view(state, 0, "ja")
    assert view["phase_name"] == i18n.text("phase", state.phase, "ja")
    named = [cid for cid in state.hands[0] if state.card(cid).name_ja]
    assert named
    for cid in named:
        assert view["cards"][str(cid)]["name"] == state.card(cid).name_ja
    with pytest.raises(GloamError):
        state.view(0, "fr")


def test_the_view_is_fresh_data_that_shares_nothing_with_the_state():
    """Changing everything in a returned view changes neither the state nor the next view."""
    game = constructed_game(["vampire-court.toml", "lycan-rush.toml"], moons=True)
    for state in positions(game, seed=2, every=37):
        before = state.to_json()
        for viewer in viewers(state):
            view = state.view(viewer)
            again = copy.deepcopy(view)
            _scribble(view)
            assert state.view(viewer) == again
        assert state.to_json() == before


def _scribble(value):
    """Change every list and dict of ``value`` in place."""
    if isinstance(value, dict):
        for v in value.values():
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


# ---------------------------------------------------------------------- the documentation
DOC = (Path(__file__).resolve().parent.parent / "docs" / "view.md").read_text(encoding="utf-8")


def _nightfall_section() -> str:
    start = DOC.index("## Nightfall")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:] if end < 0 else DOC[start:end]


def test_docs_view_md_documents_every_field_of_the_schema():
    """Every field the schema allows, at the top level and in each part (a face, a player,
    a minion, an archive, a link, the decision…), is named in docs/view.md's Nightfall
    section or its decision section."""
    section = _nightfall_section() + DOC[DOC.index("## The decision"):DOC.index("## Nightfall")]
    parts = [SCHEMA] + [d for d in SCHEMA["$defs"].values() if "properties" in d]
    named = set(re.findall(r"`([a-z_]+)`", section))  # `field`
    for group in re.findall(r"`\{([^`]*)\}`", section):  # `{field, field: …, …}`
        named.update(re.findall(r"\b([a-z_]+)\b", group))
    missing = sorted({name for part in parts for name in part["properties"]} - named)
    assert not missing, f"not documented in docs/view.md: {missing}"


def test_the_example_in_docs_view_md_is_a_valid_view():
    """The example (a real view, trimmed) validates against the schema."""
    block = _nightfall_section().split("```json\n", 1)[1].split("\n```", 1)[0]
    example = json.loads(block)
    errors = list(VALIDATOR.iter_errors(example))
    assert not errors, errors[0].message
    assert example["viewer"] == 0 and example["decision"]["options"]
