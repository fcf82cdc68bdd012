"""``gloam position show`` (issue 12 §5): the table view of a position, for a seat or a
spectator. These tests need ``state.view(viewer, lang)`` (issue 12 §2) and
``observation(SPECTATOR)`` (§1), which other parts of the issue add: they fail until those
are merged (the lead enables this file then)."""

from __future__ import annotations

import json
from pathlib import Path

from gloam.cli.main import main
from gloam.core import SPECTATOR
from gloam.nightfall import position as nf
from gloam.nightmarium import position as nm

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "positions"
COMBAT = EXAMPLES / "nightfall-combat.toml"
NIGHTMARIUM = EXAMPLES / "nightmarium.toml"


def shown(capsys, *args: str) -> str:
    assert main(["position", "show", *args]) == 0
    return capsys.readouterr().out


def test_show_json_prints_the_view_of_the_seat_or_the_spectator(capsys):
    state = nf.parse(COMBAT.read_text(encoding="utf-8"))
    assert json.loads(shown(capsys, str(COMBAT), "--json")) == json.loads(json.dumps(state.view(SPECTATOR, "en")))
    assert json.loads(shown(capsys, str(COMBAT), "--json", "--as", "1")) == json.loads(json.dumps(state.view(1, "en")))
    state = nm.parse(NIGHTMARIUM.read_text(encoding="utf-8"))
    assert json.loads(shown(capsys, str(NIGHTMARIUM), "--json")) == json.loads(json.dumps(state.view(SPECTATOR)))


def test_a_spectator_sees_no_hand_and_a_seat_only_its_own():
    """Hidden information: Still Standing is only in player 1's hand, Dog Eat Dog only in
    player 2's (examples/positions/nightfall-combat.toml)."""
    state = nf.parse(COMBAT.read_text(encoding="utf-8"))
    spectator = json.dumps(state.view(SPECTATOR, "en"), ensure_ascii=False)
    seat_1 = json.dumps(state.view(1, "en"), ensure_ascii=False)
    assert "Bone Cruncher" in spectator and "Still Standing" not in spectator and "Dog Eat Dog" not in spectator
    assert "Still Standing" in seat_1 and "Dog Eat Dog" not in seat_1


def test_show_json_in_japanese_names_the_cards_in_japanese(capsys):
    state = nf.parse(COMBAT.read_text(encoding="utf-8"))
    name_ja = state.game.card_named("Still Standing").name_ja
    assert name_ja and name_ja in shown(capsys, str(COMBAT), "--json", "--as", "1", "--lang", "ja")


def test_show_without_a_seat_draws_the_spectator_s_board(capsys):
    out = shown(capsys, str(COMBAT))
    assert "Bone Cruncher" in out and "Still Standing" not in out and "Dog Eat Dog" not in out
