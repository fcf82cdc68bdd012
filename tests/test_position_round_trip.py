"""Every state a Nightfall game reaches at a decision writes as a position and reads back
to the same table (issue 23 §6; docs/positions.md), unless it is one the position writer
documents that it refuses (``position.REFUSALS``: mid-effect states, effects until the end
of the turn, a deal still going on, …).

The same means: the state read back is the written one with its card instances numbered
otherwise (instances are numbered in the order a position lists them), so after renaming
them (:func:`renamed`) its ``to_json()`` is the original's (the event log and the
pending options aside), its view is the original's for every seat and the spectator in
English and Japanese, and writing it again gives the same position. Swept: fresh deals of
every set combination with every archive setup and variant, and seeded random games of
every set and variant played on to decisions all along the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from gloam.conformance.nightfall import SET_CHOICES, draw_game
from gloam.core import SPECTATOR, PositionError
from gloam.core.errors import SetupError
from gloam.core.rng import derive_seed
from gloam.nightfall import position as nf
from gloam.nightfall.game import VARIANTS, NightfallGame
from gloam.nightfall.state import NightfallState

ALL_SETS = [("CW",), *SET_CHOICES]          # every set alone (BC is never alone) and the mixes
MASTER_SEED = 20260524


def zones(state: NightfallState) -> list[int]:
    """Every card instance of a position, zone by zone in one fixed order."""
    out: list[int] = []
    for piles in (state.hands, state.decks, state.discards):
        for pile in piles:
            out += pile
    for pile in state.play:
        for m in pile:
            out += [m, *state.minions[m]["attached"]]
    for archive in state.archives:
        out += archive["cards"]
    out += state.wounds + state.moons + state.exiled + [e["card"] for e in state.chain]
    for stack in state.wound_stacks:
        out += stack
    return out


def renamed(state: NightfallState, again: NightfallState) -> dict[str, Any]:
    """``state.to_json()`` with each card instance renamed to the one ``again`` has in its
    place; its events and pending options are ``again``'s (the views compare the options)."""
    ours, theirs = zones(state), zones(again)
    assert len(ours) == len(theirs) == len(state.cards) == len(again.cards), "the cards are not all placed alike"
    name = dict(zip(ours, theirs))
    data = state.to_json()
    for key in ("cards", "wtype", "owner"):
        table = [None] * len(name)
        for cid, value in enumerate(data[key]):
            table[name[cid]] = value
        data[key] = table

    def each(ids: list[int]) -> list[int]:
        return [name[c] for c in ids]

    for key in ("decks", "hands", "discards", "play", "wound_stacks"):
        if key in data:
            data[key] = [each(pile) for pile in data[key]]
    data["minions"] = {str(name[int(m)]): dict(info, attached=each(info["attached"]))
                       for m, info in data["minions"].items()}
    data["archives"] = [dict(a, cards=each(a["cards"])) for a in data["archives"]]
    for key in ("wounds", "moons", "exiled"):
        data[key] = each(data[key])
    data["chain"] = [dict(e, card=name[e["card"]]) for e in data["chain"]]
    if "attacks" in data["flags"]:
        data["flags"]["attacks"] = [dict(a, minion=name[a["minion"]], blockers=each(a["blockers"]))
                                    for a in data["flags"]["attacks"]]
    data["known"] = [{"hand": each(k["hand"]), "top": each(k["top"])} for k in data["known"]]
    theirs_json = again.to_json()
    data["events"], data["ask"] = theirs_json["events"], theirs_json["ask"]
    return data


def documented(refusal: PositionError) -> bool:
    """Whether the writer's refusal gives only reasons docs/positions.md documents."""
    text = str(refusal)
    prefix = "this state cannot be written as a position: "
    return text.startswith(prefix) and all(reason.startswith(nf.REFUSALS)
                                           for reason in text[len(prefix):].split("; "))


def round_trip(state: NightfallState, where: str, every_view: bool = True) -> bool:
    """Write ``state``; a refusal must be a documented one (False), else the position reads
    back to the same state, views and position (True). The views compared: every seat's
    and the spectator's in both languages, or (``every_view`` false) the spectator's and
    the deciding seat's in English."""
    try:
        data = nf.to_position(state)
    except PositionError as refusal:
        assert documented(refusal), f"{where}: {refusal}"
        return False
    text = nf.to_toml(state)
    again = nf.parse(text)
    expected = again.to_json()
    got = renamed(state, again)
    differ = [key for key in expected if got.get(key) != expected[key]]
    assert not differ, f"{where}: read back with other {', '.join(differ)}"
    same = NightfallState.from_json(got)
    viewers = (SPECTATOR, *range(state.num_players)) if every_view else (SPECTATOR, state.current_player())
    for viewer in viewers:
        for lang in ("en", "ja") if every_view else ("en",):
            assert same.view(viewer, lang) == again.view(viewer, lang), f"{where}: seat {viewer}'s {lang} view differs"
    assert nf.to_position(again) == data and nf.to_toml(again) == text, f"{where}: written again differently"
    return True


def test_issue_23_a_fresh_coldest_war_and_nightfall_deal_writes_and_reads_back():
    """The issue's case: the wounds of both sets are "NF Wound"; the writer named them all
    so, the reader took them for The Coldest War's (30 copies, "but CW holds 10")."""
    state = NightfallGame(players=2, sets=("CW", "NF")).new_initial_state(3)
    assert round_trip(state, "CW+NF seed 3")
    stack = nf.to_position(state)["wound_stack"]["cards"]
    assert "NF Wound (bite)" in stack and "nf-nf-wound (bite)" in stack  # the Nightfall set's by its id


def test_a_combat_window_one_player_passed_writes_whose_turn_it_is_in_it():
    """Rules 81-86: the before-attackers window of a 3-player game after player 0 passed
    is player 1's to answer; its position says so (``window``) and reads back to player 1's
    decision, not player 0's again. So does the blockers step after the first defender."""
    from nf_scenario import NfTable

    t = NfTable(players=3)
    s = t.position(phase="combat", play={0: ["Emil Balev", "Kilo 13"], 1: ["Kaos 33"], 2: ["JAREK"]})
    assert (s.decision_kind(), s.current_player()) == ("combat_window", 0)
    t.choose(s, "pass", by=0)
    assert nf.to_position(s)["window"] == {"turns": 1, "passes": 1}
    assert round_trip(s, "a window player 0 passed") and nf.parse(nf.to_toml(s)).current_player() == 1
    t.choose(s, "pass", by=1)
    t.choose(s, "pass", by=2)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    t.choose(s, "attack", "Kilo 13", by=0, target=2)
    for p in (0, 1, 2):
        t.choose(s, "pass", by=p)
    assert (s.decision_kind(), s.current_player()) == ("block", 1)
    t.choose(s, "done", by=1)
    assert (s.decision_kind(), s.current_player()) == ("block", 2)
    assert nf.to_position(s)["combat"]["blocking"] == 2
    assert round_trip(s, "player 1 done blocking") and nf.parse(nf.to_toml(s)).current_player() == 2


def fresh_setups() -> list[dict[str, Any]]:
    """Every set combination with each archive setup, alone and with each variant and
    option (those the rules allow), and constructed games."""
    out = []
    for sets in ALL_SETS:
        for archives in ("quick", "draft", "ml-draft"):
            for extra in (None, *VARIANTS, "long", "moons", "promos"):
                options = {"players": 4 if extra == "teams" else 3, "sets": sets, "archives": archives}
                if extra:
                    options[extra] = True
                out.append(options)
        out.append({"players": 6, "sets": sets, "teams": True})
        out.append({"players": 2, "sets": sets, "first_player": "random"})
    return out


@pytest.mark.slow
def test_every_fresh_deal_of_every_set_and_variant_writes_or_is_a_documented_refusal():
    written = refused = 0
    for options in fresh_setups():
        try:
            game = NightfallGame(**options)
        except SetupError:
            continue
        for seed in range(2):
            if round_trip(game.new_initial_state(seed), f"fresh deal {options} seed {seed}"):
                written += 1
            else:
                refused += 1  # a draft or the starting minions to choose: the deal is not over
    rng = random.Random(MASTER_SEED)
    for sets in ALL_SETS:  # constructed games: random decks of the sets
        game, options = draw_game(rng, [sets])
        while "decks" not in options:
            game, options = draw_game(rng, [sets])
        written += round_trip(game.new_initial_state(1), f"fresh constructed deal of {sets}")
    assert written > 140 and refused > 350, (written, refused)


GAMES, CHUNKS, EVERY = 60, 3, 61   # about 1,000 tries, 600 written (tens of seconds on one core)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_mid_game_states_write_and_read_back_or_are_documented_refusals(chunk):
    """Seeded random games of every set and variant, tried every few decisions; every
    fourth position written is compared in every view."""
    written = 0
    for i in range(chunk, GAMES, CHUNKS):
        rng = random.Random(derive_seed(MASTER_SEED, i))
        game, options = draw_game(rng, ALL_SETS)
        state = game.new_initial_state(derive_seed(MASTER_SEED, i, 1))
        step = 0
        while not state.is_terminal():
            if step % EVERY == i % EVERY:
                shown = dict(options, decks="random") if "decks" in options else options
                written += round_trip(state, f"game {i} ({shown}) turn {state.turn} step {step}",
                                      every_view=written % 4 == 0)
            state.apply(rng.choice(state.legal_action_indices()))
            step += 1
    assert written > 100, written


def test_the_documented_refusals_are_in_docs_positions_md():
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[1] / "docs" / "positions.md").read_text(encoding="utf-8")
    assert [r for r in nf.REFUSALS if f"`{r}" not in docs] == []
