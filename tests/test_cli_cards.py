"""``gloam cards``: every card with its fields and their provenance (issue 3)."""

from __future__ import annotations

import json

from gloam.cli.main import main


def test_nightfall_cards_json_lists_every_coldest_war_card_with_provenance(capsys):
    assert main(["cards", "nightfall", "--set", "CW", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    names = {c["name"] for c in data["cards"]}
    assert len(data["cards"]) == 39 and {'"Clever Ivan"', "Katya Iliyevna", "Blue Moon", "NF Wound"} <= names
    doktor = next(c for c in data["cards"] if c["name"] == "Doktor Nyilaszy")
    assert doktor["fields"]["colour"] == "white"
    assert doktor["provenance"]["colour"]["kind"] == "seed"  # stated in seed 000's linking example
    ivan = next(c for c in data["cards"] if c["name"] == '"Clever Ivan"')
    assert ivan["fields"]["cost"] == 0 and ivan["provenance"]["cost"]["kind"] == "seed"
    assert ivan["provenance"]["colour"]["kind"] == "designed" and ivan["provenance"]["colour"]["note"]
    assert ivan["faq_rulings"] and "never in play" in ivan["faq_rulings"][0]["text"]


def test_nightfall_cards_table_marks_designed_values(capsys):
    assert main(["cards", "nightfall"]) == 0
    out = capsys.readouterr().out
    assert "Nightfall: The Coldest War" in out and "JAREK" in out
    assert "colour: green †" in out  # JAREK's colour is gloam's design
    assert "cost: 0" in out and "cost: 0 †" not in out  # starters' cost 0 is stated (000)


def test_unknown_set_is_a_one_line_error(capsys):
    assert main(["cards", "nightfall", "--set", "XX", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gloam cards: error:") and "XX" in err


def test_nightmarium_cards_are_the_designed_composition(capsys):
    assert main(["cards", "nightmarium", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["cards"]) == 108
    assert data["provenance"]["total"]["kind"] == "seed"
    assert all(c["provenance"]["parts"]["kind"] == "designed" for c in data["cards"])
