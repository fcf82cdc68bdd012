"""Night Fear cards and deck compositions (seed 004, Components; checklist 186-189, 32).

Seed 004 states 108 cards in four Legions and six abilities, but not each card's
Legion, body parts or ability. ``data/standard.json`` is gloam's designed composition
(every designed field says so in its ``provenance``); players may load their own file
with :func:`load_composition`, which validates it and names the first fault exactly.

>>> deck = standard_composition()
>>> len(deck.cards), deck.cards[0].code, deck.cards[0].legion_name
(108, 'NEC-01', 'Necromunculus')
>>> deck.provenance["total"]["kind"], deck.provenance["parts"]["kind"]
('seed', 'designed')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from gloam.core.errors import CardDataError, FileError
from gloam.core.files import MiB, parse_json, parse_toml, read_text_file
from gloam.core.text import clean_text, name_some

LEGIONS = ("Necromunculus", "Constrict", "Chimerid", "Manster")
LEGION_COLOURS = ("blue", "brown", "green", "red")  # seed 004: background colour per Legion
PARTS = ("legs", "body", "head")
LEGS, BODY, HEAD = 1, 2, 4  # bit flags of the parts a card may become
PART_BITS = {"legs": LEGS, "body": BODY, "head": HEAD}
ABILITIES = ("Songbird", "Mourner", "Mockingbird", "Executioner", "Scavenger", "Devourer")
SONGBIRD, MOURNER, MOCKINGBIRD, EXECUTIONER, SCAVENGER, DEVOURER = range(6)
NO_ABILITY = -1

FORMAT = "gloam-nightmarium-composition"
MIN_CARDS = 30  # enough to deal 5 players 5 cards and still have a deck
# At most 1,000 cards: over nine times the 108 of seed 004, room for any deck a table
# could shuffle. Every card has 9 actions (8 plays and a discard), so the action table,
# masks and research tensors stay near 9,000 entries and a game sets up in milliseconds;
# without a cap a file of a few hundred kilobytes (``count`` repeating cards) expanded to
# a million cards and 1.5 GB before anything failed.
MAX_CARDS = 1000
MAX_COUNT = 108  # one entry repeats a card at most as often as the standard deck has cards
MAX_FILE_BYTES = 4 * MiB  # the largest composition file gloam reads (the standard one is 30 KiB)


@dataclass(frozen=True, slots=True)
class NightFear:
    """One card instance. ``id`` is its index in the composition (its instance id)."""

    id: int
    code: str
    legion: int
    parts: int  # LEGS | BODY | HEAD bits
    ability: int  # index into ABILITIES, or NO_ABILITY

    @property
    def legion_name(self) -> str:
        return LEGIONS[self.legion]

    @property
    def ability_name(self) -> str | None:
        return None if self.ability == NO_ABILITY else ABILITIES[self.ability]

    @property
    def part_names(self) -> tuple[str, ...]:
        return tuple(p for p in PARTS if self.parts & PART_BITS[p])

    def fits(self, part: str) -> bool:
        return bool(self.parts & PART_BITS[part])

    def __str__(self) -> str:
        ability = self.ability_name or "no ability"
        return f"{self.code} {self.legion_name} {'/'.join(self.part_names)} ({ability})"


@dataclass(frozen=True)
class Composition:
    """A full deck of Night Fears: name, the cards (ids 0..n-1), and field provenance."""

    name: str
    title: str
    cards: tuple[NightFear, ...]
    provenance: dict[str, Any]
    source: dict[str, Any] | None  # the file's JSON, kept for non-standard decks (records embed it)

    def __len__(self) -> int:
        return len(self.cards)

    def to_setup(self) -> str | dict[str, Any]:
        """How a game setup refers to this composition: by name if standard, else inline."""
        return "standard" if self.source is None else self.source


def _fail(where: str, message: str) -> CardDataError:
    return CardDataError(f"{where}: {message}")


def _is_count(count: Any) -> bool:
    return not isinstance(count, bool) and isinstance(count, int) and 1 <= count <= MAX_COUNT


def _check_size(raw_cards: list, where: str) -> None:
    """Refuse a composition of more than :data:`MAX_CARDS` cards before building any card:
    one pass adding up the counts (an entry whose count is unsound counts as one card;
    the card-by-card checks report it)."""
    if len(raw_cards) > MAX_CARDS:
        raise _fail(where, f"'cards' has {len(raw_cards):,} entries; a composition holds at most"
                           f" {MAX_CARDS:,} cards")
    total = 0
    for n, raw in enumerate(raw_cards):
        count = raw.get("count", 1) if isinstance(raw, dict) else 1
        total += count if _is_count(count) else 1
        if total > MAX_CARDS:
            raise _fail(where, f"cards[0] to cards[{n}] already hold {total:,} cards (with their"
                               f" counts); a composition holds at most {MAX_CARDS:,}")


def composition_from_json(data: Any, where: str = "composition") -> Composition:
    """Validate composition data (the parsed file) and build the deck."""
    if not isinstance(data, dict):
        raise _fail(where, "the file must hold an object with a 'cards' list")
    if data.get("format", FORMAT) != FORMAT:
        raise _fail(where, f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    name = data.get("name", "custom")
    if isinstance(name, str):
        name = clean_text(name)  # shown at the table: no control or escape sequence (core/text.py)
    if not isinstance(name, str) or not name:
        raise _fail(where, "'name' must be a non-empty string")
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise _fail(where, "'cards' must be a non-empty list")
    _check_size(raw_cards, where)
    cards: list[NightFear] = []
    codes: set[str] = set()
    for n, raw in enumerate(raw_cards):
        here = f"{where}: cards[{n}]"
        if not isinstance(raw, dict):
            raise CardDataError(f"{here}: each card must be an object")
        unknown = set(raw) - {"code", "legion", "parts", "ability", "count"}
        if unknown:
            raise CardDataError(f"{here}: unknown field(s) {name_some(unknown)}")
        legion = raw.get("legion")
        if legion not in LEGIONS:
            raise CardDataError(f"{here}: legion must be one of {', '.join(LEGIONS)}, not {legion!r}")
        parts = raw.get("parts")
        if not isinstance(parts, list) or not parts or any(p not in PARTS for p in parts) or len(set(parts)) != len(parts):
            raise CardDataError(f"{here}: parts must be a non-empty list of distinct values from legs, body, head, not {parts!r}")
        ability = raw.get("ability")
        if ability is not None and ability not in ABILITIES:
            raise CardDataError(f"{here}: ability must be null or one of {', '.join(ABILITIES)}, not {ability!r}")
        count = raw.get("count", 1)
        if not _is_count(count):
            raise CardDataError(f"{here}: count must be an integer from 1 to {MAX_COUNT}, not {count!r}")
        code = raw.get("code")
        if isinstance(code, str):
            code = clean_text(code)
        if code is not None and (not isinstance(code, str) or not code):
            raise CardDataError(f"{here}: code must be a non-empty string")
        bits = sum(PART_BITS[p] for p in parts)
        for k in range(count):
            card_code = code or f"{legion[:3].upper()}-{len(cards) + 1:03d}"
            if count > 1:
                card_code = f"{card_code}#{k + 1}"
            if card_code in codes:
                raise CardDataError(f"{here}: duplicate code {card_code!r}")
            codes.add(card_code)
            cards.append(NightFear(len(cards), card_code, LEGIONS.index(legion), bits,
                                   NO_ABILITY if ability is None else ABILITIES.index(ability)))
    if len(cards) < MIN_CARDS:
        raise _fail(where, f"a deck needs at least {MIN_CARDS} cards, this one has {len(cards)}")
    for part, bit in PART_BITS.items():
        if not any(c.parts & bit for c in cards):
            raise _fail(where, f"no card can be a {part}: no Creature could ever be completed")
    provenance = data.get("provenance", {"cards": {"kind": "designed", "note": "user composition"}})
    if not isinstance(provenance, dict):
        raise _fail(where, "'provenance' must be an object")
    title = data.get("title", name)
    return Composition(name, clean_text(title) if isinstance(title, str) else title, tuple(cards), provenance, data)


def load_composition(path: str | Path) -> Composition:
    """Load and validate a composition file (``.json`` or ``.toml``)."""
    path = Path(path)
    try:
        text = read_text_file(path, MAX_FILE_BYTES)
        data = (parse_toml if path.suffix.lower() == ".toml" else parse_json)(text, str(path))
    except FileError as exc:
        raise CardDataError(str(exc)) from None
    return composition_from_json(data, where=str(path))


@lru_cache(maxsize=1)
def standard_composition() -> Composition:
    """gloam's designed 108-card composition (``data/standard.json``)."""
    text = resources.files("gloam.nightmarium").joinpath("data/standard.json").read_text(encoding="utf-8")
    comp = composition_from_json(json.loads(text), where="standard.json")
    if len(comp.cards) != 108:  # seed 004 Components: 108 Night Fear cards
        raise CardDataError(f"standard.json: must hold 108 cards, holds {len(comp.cards)}")
    return Composition(comp.name, comp.title, comp.cards, comp.provenance, None)


def composition_from_setup(spec: Any) -> Composition:
    """Resolve a setup's ``composition`` entry: ``"standard"`` or inline composition data."""
    if spec is None or spec == "standard":
        return standard_composition()
    if isinstance(spec, dict):
        return composition_from_json(spec)
    raise CardDataError(f"composition must be 'standard' or composition data, not {spec!r}")
