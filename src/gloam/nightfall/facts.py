"""The card facts the rulebooks state, as gloam ships them.

``data/card_facts.json`` is a copy of the project's ``shared/card-facts.json``: every
card attribute the seed documents (000 The Coldest War rulebook, 001 Martial Law, 002
the Japanese Coldest War rulebook, 003 the official card & rule FAQ, 004 Nightmarium)
state, each with its source. It travels inside the package, so the tests that hold the
card data to the facts run on a clean clone, and a player's own card file
(:mod:`gloam.nightfall.user_cards`) is checked against it.

>>> facts = card_facts()
>>> fact = facts_of("Kaos 33", "CW")
>>> fact["health"]["value"], fact["health"]["source"][:18]
(2, '000 combat example')
>>> facts_of("No Such Card", "CW") is None
True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

#: the packaged copy's file name in ``gloam/nightfall/data``
FACTS_FILE = "card_facts.json"


@cache
def _text() -> str:
    return resources.files("gloam.nightfall").joinpath("data", FACTS_FILE).read_text(encoding="utf-8")


@cache
def _parsed() -> dict[str, Any]:
    return json.loads(_text())


def card_facts() -> dict[str, Any]:
    """The whole facts file as fresh plain data (changing it changes nothing here)."""
    return json.loads(_text())


@cache
def _index() -> dict[tuple[str, str], dict[str, Any]]:
    """(casefolded name, set code) -> the card's facts; a promo's ``promo-XX`` counts as XX."""
    index: dict[tuple[str, str], dict[str, Any]] = {}
    for fact in _parsed()["cards"]:
        for code in fact["set"]:
            index.setdefault((fact["name"].casefold(), code.removeprefix("promo-")), fact)
    return index


def facts_of(name: str, set_code: str) -> dict[str, Any] | None:
    """What the seeds state about the card ``name`` (without quotation marks) of set
    ``set_code``, or None if they state nothing. Read it; do not change it (it is shared)."""
    return _index().get((name.casefold(), set_code))
