"""The card facts travel inside the package (``gloam/nightfall/data/card_facts.json``), so the
card-data tests (tests/test_nightfall_cards.py, test_ml_cards.py, test_nf_cards.py,
test_bc_cards.py) run on a clean clone, which has no ``../shared``. The packaged copy is
the project's ``shared/card-facts.json`` (the facts of seeds 000-004), byte for byte."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from gloam.nightfall.cards import SET_FILES, load_set
from gloam.nightfall.facts import FACTS_FILE, card_facts, facts_of

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = ROOT / "src" / "gloam" / "nightfall" / "data" / FACTS_FILE
SHARED = ROOT.parent / "shared" / "card-facts.json"


def test_the_packaged_copy_is_the_shared_file():
    """Whoever updates shared/card-facts.json copies it into the package (cp
    ../shared/card-facts.json src/gloam/nightfall/data/card_facts.json)."""
    if not SHARED.is_file():
        pytest.skip(f"{SHARED} is not beside the repository (a clean clone has no ../shared): nothing to compare")
    assert PACKAGED.read_bytes() == SHARED.read_bytes(), "src/gloam/nightfall/data/card_facts.json is out of date"


def test_the_facts_are_package_data():
    """pyproject.toml's package data for gloam.nightfall takes the file, so ``pip install``
    ships it; the loader reads it through importlib.resources."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["gloam.nightfall"]
    assert any(fnmatch.fnmatch(f"data/{FACTS_FILE}", p) for p in patterns)
    assert card_facts()["cards"] and card_facts() is not card_facts()  # fresh data each time


def test_every_card_the_facts_name_is_found_by_name_and_set():
    """facts_of finds the facts of every card of gloam's sets that the seeds state anything
    about, by its name and set (a promo's ``promo-XX`` is set XX)."""
    stated = {(f["name"], code.removeprefix("promo-")) for f in card_facts()["cards"] for code in f["set"]}
    for code in SET_FILES:
        for card in load_set(code).own_cards:
            fact = facts_of(card.name, card.set)
            assert (fact is not None) == ((card.name, card.set) in stated), card.id
    assert facts_of("Kaos 33", "CW")["health"]["value"] == 2
    assert facts_of("Kaos 33", "ML") is None
