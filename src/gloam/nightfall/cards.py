"""Nightfall card data: the card model and the strict loader of a set's data file.

A set is one JSON file in ``gloam/nightfall/data`` (``coldest_war.json`` for The
Coldest War, set code ``CW``). Every card attribute in it carries its provenance:

* ``{"value": …, "kind": "seed", "source": "000 …"}`` — stated by a seed document
  (the source is copied from the card facts, ``data/card_facts.json``, the packaged copy
  of ``shared/card-facts.json``: :mod:`gloam.nightfall.facts`); ``"implied": true`` marks a
  value read off a worked example rather than printed card text;
* ``{"value": …, "kind": "designed", "note": "…"}`` — gloam's own value, with the
  reason; the seeds do not state most colours, costs, strengths, health or texts;
* ``{"value": …, "kind": "seed+designed", "seed_value": …, "source": …, "note": …}``
  — a value whose ``seed_value`` part is stated and the rest designed (e.g. one of
  two link colours).

A fourth kind, ``user``, never appears in a set file: it marks a value a player gave in
their own card file (``--cards FILE``, :mod:`gloam.nightfall.user_cards`).

Designed values are not official card data. The loader fails loudly
(:class:`~gloam.core.errors.CardDataError`, naming the file, the card and the field)
on anything malformed: unknown keys, a field without provenance, invalid colours,
keywords or types, a minion without strength or health, a starter that costs more
than 0 or has more than one link colour, duplicate ids or names, a kicker without a
colour, and so on. No engine logic lives here: each card only names (``effect``) the
effect function the engine registers for it.

>>> cw = load_set("CW")
>>> len(cw.starters), len(cw.draft_minions), len(cw.draft_actions), len(cw.moons)
(6, 12, 12, 6)
>>> nyilaszy = cw.card("Doktor Nyilaszy")
>>> nyilaszy.colour, nyilaszy.link_colours, nyilaszy.provenance["colour"].kind
('white', ('blue', 'gold'), 'seed')
>>> cw.card("cw-clever-ivan").printed_name, cw.card("Clever Ivan").cost
('"Clever Ivan"', 0)
>>> sum(w.copies for w in cw.wounds), len(cw.wound_cards())
(60, 60)
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field as dc_field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gloam.core.errors import CardDataError, FileError
from gloam.core.files import MiB, parse_json, read_text_file
from gloam.core.text import name_some

FORMAT = "gloam-nightfall-set"

#: The six card colours. Seed 000 calls white "aka silver"; data files write "white".
COLOURS = ("red", "blue", "gold", "green", "purple", "white")
COLOUR_SYNONYMS = MappingProxyType({"silver": "white"})
#: Minion keywords (species), seed 000 "More About Minions".
KEYWORDS = ("vampire", "lycanthrope", "ghoul", "hunter")
TYPES = ("starting-minion", "minion", "action", "moon", "wound")
ORDER_TYPES = ("starting-minion", "minion", "action")
MINION_TYPES = ("starting-minion", "minion")
#: The two starter exile wordings, seed 000 "Starting Minions".
EXILE_WORDINGS = ("Exile when destroyed or discarded.", "Exile when destroyed.")
#: Wound effect kinds, seed 000 Components (card-draw, strength, chain effects).
WOUND_KINDS = ("card-draw", "strength", "chain")
#: Wound types (the keyword top right of a wound), seed 000 "Unpacking the Game".
WOUND_TYPES = ("bite", "burn", "bleed")
TITLE_COLOURS = MappingProxyType({"starting-minion": "yellow", "minion": "red"})
PROVENANCE_KINDS = ("seed", "designed", "seed+designed")  # the kinds a set file may write
#: a value from a player's own card file (user_cards.py); never in a set file
USER = "user"

#: Order text blocks, in the order a card prints them, with their printed labels.
TEXT_BLOCKS = MappingProxyType({
    "combat": "Combat",
    "your_combat": "Your Combat",
    "in_play": "In Play",
    "chain": "Chain",
    "your_chain": "Your Chain",
    "kicker": "Kicker",
})
MOON_PHASE_RE = re.compile(r"^Global (Combat|Chain|Claim|Cleanup): \S")
WOUND_TIMING_RE = re.compile(r"^(Cleanup|Combat|Your Combat|Chain|Your Chain): \S")
_LABEL_RE = re.compile(r"^(Global |Your )?(Combat|Chain|In Play|Kicker|Claim|Cleanup|Feed)\s*:", re.IGNORECASE)
_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)+$")
_EFFECT_RE = re.compile(r"^[a-z0-9]+\.[a-z][a-z0-9_]*$")

# Which card types each attribute applies to, and which are required.
_ALL = frozenset(TYPES)
_ORDERS = frozenset(ORDER_TYPES)
_MINIONS = frozenset(MINION_TYPES)
_FIELD_TYPES: Mapping[str, frozenset[str]] = MappingProxyType({
    "name": _ALL,
    "name_ja": _ALL,
    "type": _ALL,
    "copies": _ALL,
    "title_colour": _MINIONS,
    "colour": _ORDERS,
    "link_colours": _ORDERS,
    "cost": _ORDERS,
    "strength": _MINIONS,
    "health": _MINIONS,
    "keyword": _MINIONS,
    "combat": _ORDERS,
    "your_combat": _ORDERS,
    "in_play": _ORDERS,
    "exile": frozenset({"starting-minion"}),
    "chain": _ORDERS,
    "your_chain": _ORDERS,
    "kicker_colour": _ORDERS,
    "kicker": _ORDERS,
    "feed": _ORDERS | {"wound"},
    "attaches": frozenset({"action"}),
    "quick_start_partner": frozenset({"minion", "action"}),
    "promo": frozenset({"minion", "action"}),
    "global_text": frozenset({"moon"}),
    "wound_kind": frozenset({"wound"}),
    "wound_text": frozenset({"wound"}),
    "copies_by_type": frozenset({"wound"}),
})
_REQUIRED: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "starting-minion": ("name", "name_ja", "type", "copies", "title_colour", "colour", "link_colours", "cost",
                        "strength", "health", "keyword", "exile"),
    "minion": ("name", "name_ja", "type", "copies", "title_colour", "colour", "link_colours", "cost", "strength",
               "health", "keyword"),
    "action": ("name", "name_ja", "type", "copies", "colour", "link_colours", "cost"),
    "moon": ("name", "name_ja", "type", "copies", "global_text"),
    "wound": ("name", "name_ja", "type", "copies", "wound_kind", "wound_text", "copies_by_type"),
})
_META_KEYS = ("id", "effect")
_LIST_KEYS = ("name_variants", "quotes", "faq_rulings")  # lists of {"text", "source"}: all seed by nature
_CARD_KEYS = frozenset(_META_KEYS) | frozenset(_FIELD_TYPES) | frozenset(_LIST_KEYS)
_FILE_KEYS = frozenset({"format", "set", "title", "about", "wound_types", "cards", "reprints"})
_WOUND_TYPE_KEYS = frozenset({"type", "title", "name_ja"})
_PROVENANCE_KEYS = frozenset({"value", "kind", "source", "note", "implied", "seed_value"})

#: the largest card data file gloam reads (the packaged ones are about 100 KiB)
MAX_FILE_BYTES = 8 * MiB
#: The data file of each set code.
SET_FILES = MappingProxyType({
    "CW": "coldest_war.json",  # The Coldest War, seed 000 / 002
    "ML": "martial_law.json",  # Martial Law, seed 001 (with its promos, seed 003)
    "NF": "nightfall.json",  # Nightfall, the base set (seed 003), with its promos
    "BC": "blood_country.json",  # Blood Country, not standalone (seed 003), with its promos
})


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a value comes from: a seed (``source``), gloam's design (``note``), both, or a
    player's own card file (kind ``user``, ``source``: the file)."""

    kind: str  # "seed", "designed", "seed+designed" or "user"
    source: str | None = None
    note: str | None = None
    implied: bool = False  # seed value read off an example or ruling, not printed card text
    seed_value: Any = None  # for "seed+designed": the part of the value that is stated

    @property
    def is_designed(self) -> bool:
        """Wholly or partly gloam's design (not a seed's, not a player's)."""
        return self.kind in ("designed", "seed+designed")

    @property
    def is_user(self) -> bool:
        """Given by a player's own card file."""
        return self.kind == USER


@dataclass(frozen=True, slots=True)
class Sourced:
    """A text quoted from a seed (a FAQ ruling, a flavour quote, a name variant) and its source."""

    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Feed:
    """A ``Feed:`` clause: the text block it repeats and the price of each repeat."""

    on: str  # a text-block field name ("chain", "in_play", "kicker", …, or "wound_text")
    cost: str


@dataclass(frozen=True, slots=True)
class Kicker:
    colour: str
    text: str


@dataclass(frozen=True, slots=True)
class WoundType:
    """One of the three wound types (bite, burn, bleed) and its printed title."""

    type: str
    title: str
    name_ja: str
    provenance: Mapping[str, Provenance]


@dataclass(frozen=True, slots=True)
class WoundCard:
    """One physical wound card: its effect kind (a wound ``Card``) and its type."""

    card: Card
    wound_type: str


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a set (one archive / pile; ``copies`` says how many the box holds)."""

    id: str
    effect: str
    set: str
    type: str
    name: str  # without the quotation marks some names are printed with
    quoted_name: bool
    name_ja: str | None
    copies: int
    title_colour: str | None = None
    colour: str | None = None
    link_colours: tuple[str, ...] = ()
    cost: int | None = None
    strength: int | None = None
    health: int | None = None
    keyword: str = "none"
    combat: str | None = None
    your_combat: str | None = None
    in_play: str | None = None
    exile: str | None = None
    chain: str | None = None
    your_chain: str | None = None
    kicker: Kicker | None = None
    feed: Feed | None = None
    attaches: bool = False
    global_text: str | None = None
    wound_kind: str | None = None
    wound_text: str | None = None
    copies_by_type: Mapping[str, int] | None = None
    quick_start_partner: str | None = None
    promo: bool = False
    name_variants: tuple[Sourced, ...] = ()
    quotes: tuple[Sourced, ...] = ()
    faq_rulings: tuple[Sourced, ...] = ()
    provenance: Mapping[str, Provenance] = dc_field(default_factory=lambda: MappingProxyType({}))
    #: text blocks a player's card file gave this card (user_cards.py): block -> the id of
    #: the card whose effect function runs that text, or None (the card has no such text now)
    text_from: Mapping[str, str | None] = dc_field(default_factory=lambda: MappingProxyType({}))

    @property
    def printed_name(self) -> str:
        """The name as the seeds print it, e.g. ``"Clever Ivan"`` with its quotation marks."""
        return f'"{self.name}"' if self.quoted_name else self.name

    @property
    def is_order(self) -> bool:
        return self.type in ORDER_TYPES

    @property
    def is_minion(self) -> bool:
        return self.type in MINION_TYPES

    @property
    def moon_phase(self) -> str | None:
        """The phase a moon card acts in ("combat", "chain", "claim", "cleanup")."""
        if self.global_text is None:
            return None
        m = MOON_PHASE_RE.match(self.global_text)
        return m.group(1).lower() if m else None

    def block(self, field: str) -> str | None:
        """The text of one text block by field name (``kicker`` gives the kicker text)."""
        if field == "kicker":
            return self.kicker.text if self.kicker else None
        if field in TEXT_BLOCKS or field in ("wound_text", "global_text"):
            return getattr(self, field)
        raise KeyError(field)

    def text_lines(self) -> tuple[str, ...]:
        """The card's game text as printed, one labelled line per block."""
        if self.type == "moon":
            return (self.global_text,) if self.global_text else ()
        if self.type == "wound":
            return (self.wound_text,) if self.wound_text else ()
        lines = []
        for field, label in TEXT_BLOCKS.items():
            text = self.block(field)
            if field == "in_play" and self.exile:
                text = f"{text} {self.exile}" if text else self.exile
            if text:
                lines.append(f"{label}: {text}")
        return tuple(lines)

    def designed_fields(self) -> tuple[str, ...]:
        """Fields whose value is wholly or partly gloam's design (not stated by a seed)."""
        return tuple(f for f, p in self.provenance.items() if p.is_designed)

    def user_fields(self) -> tuple[str, ...]:
        """Fields whose value a player's own card file gave."""
        return tuple(f for f, p in self.provenance.items() if p.is_user)


@dataclass(frozen=True)
class CardSet:
    """All cards of one set, in file order, with lookups by id and name."""

    code: str
    title: str
    cards: tuple[Card, ...]
    wound_types: tuple[WoundType, ...]
    file: str  # the data file's name, for messages
    reprints: tuple[str, ...] = ()  # ids of cards this set's box also holds, printed by another set

    def __post_init__(self) -> None:
        index: dict[str, Card] = {}
        for c in self.cards:
            index[c.id] = c
            index[c.name.casefold()] = c
            index[c.printed_name.casefold()] = c
        object.__setattr__(self, "_index", index)

    def card(self, key: str) -> Card:
        """A card by id (``cw-jarek``) or name, with or without its quotation marks."""
        try:
            return self._index[key] if key in self._index else self._index[key.casefold()]
        except KeyError:
            raise KeyError(f"set {self.code} has no card {key!r}") from None

    def with_cards(self, replacements: Mapping[str, Card]) -> CardSet:
        """This set with some cards replaced (by id; ids it lacks are ignored): a player's
        own values (user_cards.py). The set itself is unchanged."""
        if not any(c.id in replacements for c in self.cards):
            return self
        return CardSet(self.code, self.title, tuple(replacements.get(c.id, c) for c in self.cards),
                       self.wound_types, self.file, self.reprints)

    def of_type(self, card_type: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.type == card_type)

    @property
    def starters(self) -> tuple[Card, ...]:
        return self.of_type("starting-minion")

    @property
    def draft_minions(self) -> tuple[Card, ...]:
        return tuple(c for c in self.of_type("minion") if not c.promo)

    @property
    def draft_actions(self) -> tuple[Card, ...]:
        return tuple(c for c in self.of_type("action") if not c.promo)

    @property
    def draftable(self) -> tuple[Card, ...]:
        """The orders that have draft cards: the draft minions and the draft actions
        (promotional cards not included: see :attr:`promos`)."""
        return self.draft_minions + self.draft_actions

    @property
    def promos(self) -> tuple[Card, ...]:
        """The set's promotional orders (seed 003), drafted only when a game asks for them."""
        return tuple(c for c in self.cards if c.promo)

    @property
    def own_cards(self) -> tuple[Card, ...]:
        """The cards this set prints (its reprints left out)."""
        return tuple(c for c in self.cards if c.set == self.code)

    @property
    def is_standalone(self) -> bool:
        """Whether a game can be played with this set alone: it has starters and wounds."""
        return bool(self.starters) and bool(self.wounds)

    @property
    def moons(self) -> tuple[Card, ...]:
        return self.of_type("moon")

    @property
    def wounds(self) -> tuple[Card, ...]:
        return self.of_type("wound")

    @property
    def effect_keys(self) -> tuple[str, ...]:
        return tuple(c.effect for c in self.cards)

    def wound_cards(self) -> tuple[WoundCard, ...]:
        """The physical wound stack, unshuffled: each kind × type, ``copies_by_type`` times."""
        return tuple(
            WoundCard(card, wtype)
            for card in self.wounds
            for wtype in WOUND_TYPES
            for _ in range((card.copies_by_type or {}).get(wtype, 0))
        )


# ----------------------------------------------------------------------- loading
class _Reader:
    """Validates one file's JSON and builds the set; every fault names file, card and field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, message: str, card: str | None = None, field: str | None = None) -> CardDataError:
        where = self.file
        if card is not None:
            where += f": card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        return CardDataError(f"{where}: {message}")

    # -------------------------------------------------------------- provenance
    def provenance(self, raw: Any, cid: str, field: str) -> tuple[Any, Provenance]:
        if not isinstance(raw, dict) or "kind" not in raw or "value" not in raw:
            raise self.fail('needs provenance: write {"value": …, "kind": "seed", "source": …} or '
                            '{"value": …, "kind": "designed", "note": …}', cid, field)
        unknown = set(raw) - _PROVENANCE_KEYS
        if unknown:
            raise self.fail(f"unknown provenance key(s) {name_some(unknown)}", cid, field)
        kind = raw["kind"]
        if kind not in PROVENANCE_KINDS:
            raise self.fail(f"provenance kind must be one of {', '.join(PROVENANCE_KINDS)}, not {kind!r}", cid, field)
        source, note = raw.get("source"), raw.get("note")
        if kind in ("seed", "seed+designed") and not _text(source):
            raise self.fail(f"a {kind} value needs a non-empty 'source' citing the seed", cid, field)
        if kind in ("designed", "seed+designed") and not _text(note):
            raise self.fail(f"a {kind} value needs a non-empty 'note' saying why", cid, field)
        if kind == "designed" and "source" in raw:
            raise self.fail("a designed value has a 'note', not a 'source' (mark stated parts seed+designed)",
                            cid, field)
        if note is not None and not _text(note):
            raise self.fail("'note' must be a non-empty string", cid, field)
        implied = raw.get("implied", False)
        if not isinstance(implied, bool) or (implied and kind == "designed"):
            raise self.fail("'implied' must be true or false, and only on seed values", cid, field)
        if ("seed_value" in raw) != (kind == "seed+designed"):
            raise self.fail("'seed_value' is required on, and only on, seed+designed values", cid, field)
        seed_value = raw.get("seed_value")
        if kind == "seed+designed":
            value = raw["value"]
            part_of = (isinstance(value, list) and isinstance(seed_value, list) and seed_value
                       and all(v in value for v in seed_value) and len(seed_value) < len(value))
            if not part_of:
                raise self.fail(f"seed_value {seed_value!r} must be a proper part of the value {value!r}", cid, field)
        return raw["value"], Provenance(kind, source, note, implied, seed_value)

    # ----------------------------------------------------------------- values
    def colour(self, value: Any, cid: str, field: str) -> str:
        if isinstance(value, str) and value in COLOUR_SYNONYMS:
            raise self.fail(f"write {COLOUR_SYNONYMS[value]!r}, not its synonym {value!r}", cid, field)
        if value not in COLOURS:
            raise self.fail(f"colour must be one of {', '.join(COLOURS)}, not {value!r}", cid, field)
        return value

    def integer(self, value: Any, cid: str, field: str, low: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise self.fail(f"must be an integer ≥ {low}, not {value!r}", cid, field)
        return value

    def text(self, value: Any, cid: str, field: str, labelled: bool = False) -> str:
        if not _text(value):
            raise self.fail(f"must be a non-empty string, not {value!r}", cid, field)
        if value != value.strip() or "  " in value:
            raise self.fail("has stray whitespace", cid, field)
        if not labelled and _LABEL_RE.match(value):
            raise self.fail("write the text without its label (the field names the block)", cid, field)
        return value

    def sourced_list(self, raw: Any, cid: str, field: str) -> tuple[Sourced, ...]:
        if not isinstance(raw, list) or not raw:
            raise self.fail('must be a non-empty list of {"text", "source"} objects', cid, field)
        items = []
        for item in raw:
            if not isinstance(item, dict) or set(item) != {"text", "source"}:
                raise self.fail(f'each entry must be {{"text": …, "source": …}}, not {item!r}', cid, field)
            if not _text(item["text"]) or not _text(item["source"]):
                raise self.fail("each entry needs a non-empty text and source", cid, field)
            items.append(Sourced(item["text"], item["source"]))
        return tuple(items)

    # ------------------------------------------------------------------ cards
    def card(self, raw: Any, position: int, set_code: str) -> Card:
        if not isinstance(raw, dict):
            raise self.fail(f"cards[{position}] must be an object")
        cid = raw.get("id")
        if not isinstance(cid, str) or not _ID_RE.match(cid) or not cid.startswith(set_code.lower() + "-"):
            raise self.fail(f"cards[{position}] needs an 'id' like '{set_code.lower()}-some-name', not {cid!r}")
        unknown = sorted(set(raw) - _CARD_KEYS)
        if unknown:
            raise self.fail(f"unknown key {unknown[0]!r}", cid, unknown[0])
        effect = raw.get("effect")
        if not isinstance(effect, str) or not _EFFECT_RE.match(effect) or not effect.startswith(set_code.lower() + "."):
            raise self.fail(f"needs an effect key like '{set_code.lower()}.some_name', not {effect!r}", cid, "effect")

        values: dict[str, Any] = {}
        prov: dict[str, Provenance] = {}
        for field in _FIELD_TYPES:
            if field in raw:
                values[field], prov[field] = self.provenance(raw[field], cid, field)
        if "type" not in values:
            raise self.fail("is missing", cid, "type")
        ctype = values["type"]
        if ctype not in TYPES:
            raise self.fail(f"type must be one of {', '.join(TYPES)}, not {ctype!r}", cid, "type")
        for field in values:
            if ctype not in _FIELD_TYPES[field]:
                raise self.fail(f"does not apply to {_a(ctype)} card", cid, field)
        for field in _REQUIRED[ctype]:
            if field not in values:
                raise self.fail(f"is missing ({_a(ctype)} card needs it)", cid, field)

        card: dict[str, Any] = {"id": cid, "effect": effect, "set": set_code, "type": ctype}
        card.update(self.name(values["name"], cid))
        name_ja = values["name_ja"]
        if name_ja is None:
            if prov["name_ja"].kind != "designed":
                raise self.fail("an empty Japanese name cannot be seed", cid, "name_ja")
        else:
            self.text(name_ja, cid, "name_ja")
        card["name_ja"] = name_ja
        card["copies"] = self.integer(values["copies"], cid, "copies", 1)

        if ctype in ORDER_TYPES:
            self.order(values, prov, cid, ctype, card)
        if ctype in MINION_TYPES:
            self.minion(values, cid, ctype, card)
        if ctype == "moon":
            text = self.text(values["global_text"], cid, "global_text", labelled=True)
            if not MOON_PHASE_RE.match(text):
                raise self.fail("a moon's text starts 'Global Combat:', 'Global Chain:', 'Global Claim:' or "
                                "'Global Cleanup:'", cid, "global_text")
            card["global_text"] = text
        if ctype == "wound":
            self.wound(values, cid, card)
        if "feed" in values:
            card["feed"] = self.feed(values["feed"], cid, card)
        if "promo" in values:
            if not isinstance(values["promo"], bool):
                raise self.fail(f"must be true or false, not {values['promo']!r}", cid, "promo")
            card["promo"] = values["promo"]
        for field in _LIST_KEYS:
            if field in raw:
                card[field] = self.sourced_list(raw[field], cid, field)
        card["provenance"] = MappingProxyType(prov)
        return Card(**card)

    def name(self, value: Any, cid: str) -> dict[str, Any]:
        if not _text(value):
            raise self.fail(f"must be a non-empty string, not {value!r}", cid, "name")
        quoted = value.startswith('"')
        bare = value[1:-1] if quoted and value.endswith('"') and len(value) > 2 else value
        if '"' in bare or not _text(bare) or bare != bare.strip():
            raise self.fail(f"write the name as printed, either bare or wholly in quotation marks, not {value!r}",
                            cid, "name")
        return {"name": bare, "quoted_name": quoted}

    def order(self, values: dict, prov: dict, cid: str, ctype: str, card: dict) -> None:
        card["colour"] = self.colour(values["colour"], cid, "colour")
        links = values["link_colours"]
        if not isinstance(links, list) or not 1 <= len(links) <= 2 or len(set(map(str, links))) != len(links):
            raise self.fail(f"must list one or two distinct colours, not {links!r}", cid, "link_colours")
        card["link_colours"] = tuple(self.colour(c, cid, "link_colours") for c in links)
        card["cost"] = self.integer(values["cost"], cid, "cost", 0)
        for field in ("combat", "your_combat", "in_play", "chain", "your_chain"):
            if field in values:
                card[field] = self.text(values[field], cid, field)
        if ("kicker" in values) != ("kicker_colour" in values):
            missing = "kicker_colour" if "kicker" in values else "kicker"
            raise self.fail("a kicker needs both its colour ('kicker_colour') and its text ('kicker')", cid, missing)
        if "kicker" in values:
            card["kicker"] = Kicker(self.colour(values["kicker_colour"], cid, "kicker_colour"),
                                    self.text(values["kicker"], cid, "kicker"))
        if "attaches" in values:
            if values["attaches"] is not True:
                raise self.fail("is either true or left out", cid, "attaches")
            if "in_play" not in values:
                raise self.fail("an action attached to a minion needs In Play text saying what it does", cid,
                                "in_play")
            card["attaches"] = True
        if "quick_start_partner" in values:
            partner = values["quick_start_partner"]
            card["quick_start_partner"] = self.text(partner, cid, "quick_start_partner")
        if ctype == "starting-minion":
            if card["cost"] != 0:
                raise self.fail(f"a starting minion costs 0 (000 'they have a cost of 0'), not {card['cost']}",
                                cid, "cost")
            if len(card["link_colours"]) != 1:
                raise self.fail("a starting minion has exactly one link colour (000 Lexicon 'All starting minions "
                                f"have only one link color'), not {len(card['link_colours'])}", cid, "link_colours")
            if values["exile"] not in EXILE_WORDINGS:
                raise self.fail(f"must be one of {' / '.join(map(repr, EXILE_WORDINGS))}, not {values['exile']!r}",
                                cid, "exile")
            card["exile"] = values["exile"]
        blocks = [f for f in TEXT_BLOCKS if f in values]
        if not blocks and ctype != "starting-minion":
            raise self.fail("an order needs game text: at least one of " + ", ".join(TEXT_BLOCKS), cid, "chain")

    def minion(self, values: dict, cid: str, ctype: str, card: dict) -> None:
        card["strength"] = self.integer(values["strength"], cid, "strength", 0)
        card["health"] = self.integer(values["health"], cid, "health", 1)
        keyword = values["keyword"]
        if keyword not in KEYWORDS:
            raise self.fail(f"keyword must be one of {', '.join(KEYWORDS)}, not {keyword!r}", cid, "keyword")
        card["keyword"] = keyword
        if values["title_colour"] != TITLE_COLOURS[ctype]:
            raise self.fail(f"a {ctype}'s title is printed {TITLE_COLOURS[ctype]}, not {values['title_colour']!r}",
                            cid, "title_colour")
        card["title_colour"] = values["title_colour"]

    def wound(self, values: dict, cid: str, card: dict) -> None:
        if values["wound_kind"] not in WOUND_KINDS:
            raise self.fail(f"must be one of {', '.join(WOUND_KINDS)}, not {values['wound_kind']!r}", cid,
                            "wound_kind")
        card["wound_kind"] = values["wound_kind"]
        text = self.text(values["wound_text"], cid, "wound_text", labelled=True)
        if not WOUND_TIMING_RE.match(text):
            raise self.fail("a wound's text starts with when it can be used ('Cleanup:', 'Your Combat:', "
                            "'Your Chain:', …)", cid, "wound_text")
        card["wound_text"] = text
        split = values["copies_by_type"]
        if not isinstance(split, dict) or set(split) != set(WOUND_TYPES):
            raise self.fail(f"must give a count for each of {', '.join(WOUND_TYPES)}, not {split!r}", cid,
                            "copies_by_type")
        for wtype in WOUND_TYPES:
            self.integer(split[wtype], cid, "copies_by_type", 0)
        if sum(split.values()) != card["copies"]:
            raise self.fail(f"counts add up to {sum(split.values())}, but the card has {card['copies']} copies",
                            cid, "copies_by_type")
        card["copies_by_type"] = MappingProxyType({t: split[t] for t in WOUND_TYPES})

    def feed(self, value: Any, cid: str, card: dict) -> Feed:
        if not isinstance(value, dict) or set(value) != {"on", "cost"}:
            raise self.fail(f'must be {{"on": <text block>, "cost": <price>}}, not {value!r}', cid, "feed")
        on, cost = value["on"], self.text(value["cost"], cid, "feed")
        text = card["kicker"].text if on == "kicker" and card.get("kicker") else card.get(on)
        if not isinstance(text, str):
            raise self.fail(f"feeds {on!r}, but the card has no such text block", cid, "feed")
        if f"Feed: {cost}" not in text:
            raise self.fail(f"the {on} text does not contain 'Feed: {cost}'", cid, "feed")
        return Feed(on, cost)

    # ------------------------------------------------------------------- file
    def wound_type(self, raw: Any, position: int) -> WoundType:
        label = f"wound_types[{position}]"
        if not isinstance(raw, dict) or set(raw) != _WOUND_TYPE_KEYS:
            raise self.fail(f"{label} must have exactly the keys {', '.join(sorted(_WOUND_TYPE_KEYS))}")
        values, prov = {}, {}
        for key in sorted(_WOUND_TYPE_KEYS):
            values[key], prov[key] = self.provenance(raw[key], label, key)
            self.text(values[key], label, key, labelled=True)
        if values["type"] not in WOUND_TYPES:
            raise self.fail(f"must be one of {', '.join(WOUND_TYPES)}, not {values['type']!r}", label, "type")
        return WoundType(values["type"], values["title"], values["name_ja"], MappingProxyType(prov))

    def card_set(self, data: Any) -> CardSet:
        if not isinstance(data, dict):
            raise self.fail("the file must hold a JSON object")
        unknown = sorted(set(data) - _FILE_KEYS)
        if unknown:
            raise self.fail(f"unknown top-level key {unknown[0]!r}")
        if data.get("format") != FORMAT:
            raise self.fail(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
        code = data.get("set")
        if not isinstance(code, str) or code not in SET_FILES:
            raise self.fail(f"'set' must be one of {', '.join(SET_FILES)}, not {code!r}")
        title = data.get("title")
        if not _text(title):
            raise self.fail("'title' must be a non-empty string")
        raw_cards = data.get("cards")
        if not isinstance(raw_cards, list) or not raw_cards:
            raise self.fail("'cards' must be a non-empty list")
        cards = [self.card(raw, i, code) for i, raw in enumerate(raw_cards)]

        seen: dict[str, str] = {}
        for card in cards:
            for key, what in ((card.id, "id"), (card.effect, "effect"), (card.name.casefold(), "name")):
                other = seen.get(f"{what}:{key}")
                if other is not None:
                    raise self.fail(f"duplicate {what} {key!r} (also on card {other!r})", card.id, what)
                seen[f"{what}:{key}"] = card.id
        by_name = {c.name: c for c in cards}
        for card in cards:
            partner = card.quick_start_partner
            if partner is None:
                continue
            other = by_name.get(partner)
            if other is None or other is card:
                raise self.fail(f"names {partner!r}, which is no other card of this set", card.id,
                                "quick_start_partner")
            if other.quick_start_partner != card.name:
                raise self.fail(f"{partner!r} does not name this card back as its partner", card.id,
                                "quick_start_partner")

        raw_types = data.get("wound_types", [])
        if not isinstance(raw_types, list):
            raise self.fail("'wound_types' must be a list")
        wound_types = tuple(self.wound_type(raw, i) for i, raw in enumerate(raw_types))
        if any(c.type == "wound" for c in cards) and sorted(w.type for w in wound_types) != sorted(WOUND_TYPES):
            raise self.fail(f"'wound_types' must describe each of {', '.join(WOUND_TYPES)} exactly once")
        reprints = self.reprints(data.get("reprints", []), code, {c.id for c in cards})
        return CardSet(code, title, tuple(cards) + reprints, wound_types, self.file,
                       tuple(c.id for c in reprints))

    def reprints(self, raw: Any, code: str, own: set[str]) -> tuple[Card, ...]:
        """Cards another set prints that this set's box also holds (e.g. the Nightfall
        starters, which Martial Law prints): a list of their ids."""
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.fail("'reprints' must be a list of card ids")
        out = []
        for cid in raw:
            other = next((c for c in SET_FILES if cid.startswith(c.lower() + "-")), None)
            if other is None or other == code:
                raise self.fail(f"'reprints' names {cid!r}, which is no card id of another set")
            if cid in own or raw.count(cid) > 1:
                raise self.fail(f"'reprints' names {cid!r} twice")
            try:
                out.append(load_set(other).card(cid))
            except KeyError:
                raise self.fail(f"'reprints' names {cid!r}, which set {other} does not have") from None
        return tuple(out)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def card_set_from_json(data: Any, file: str = "<data>") -> CardSet:
    """Validate parsed set data and build the :class:`CardSet` (``file`` names it in errors)."""
    return _Reader(file).card_set(data)


def _parse(text: str, file: str) -> CardSet:
    try:
        data = parse_json(text, file)
    except FileError as exc:
        raise CardDataError(str(exc)) from None
    return card_set_from_json(data, file)


def read_card_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a card file (a set's data, or a player's own values), or a
    :class:`CardDataError` naming the file."""
    try:
        return read_text_file(path, limit, name=Path(path).name)
    except FileError as exc:
        raise CardDataError(str(exc)) from None


def load_card_file(path: str | Path) -> CardSet:
    """Load and validate a set data file from ``path`` (at most :data:`MAX_FILE_BYTES`)."""
    return _parse(read_card_file(path), Path(path).name)


@cache
def _set_text(code: str) -> str:
    return resources.files("gloam.nightfall").joinpath("data", SET_FILES[code]).read_text(encoding="utf-8")


def set_of_id(card_id: str) -> str | None:
    """The code of the set that prints the card with this id (``cw-jarek``: ``CW``), or None."""
    return next((code for code in SET_FILES if card_id.startswith(code.lower() + "-")), None)


def packaged_card(card_id: str) -> Card:
    """The card with this id as gloam's data gives it (KeyError if no set prints it)."""
    code = set_of_id(card_id)
    if code is None:
        raise KeyError(f"no set prints a card with id {card_id!r}")
    return load_set(code).card(card_id)


@cache
def _raw_cards(code: str) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in json.loads(_set_text(code))["cards"]}


def raw_card(card_id: str) -> dict[str, Any]:
    """A packaged card's entry in its set file, as fresh plain data (KeyError if none)."""
    code = set_of_id(card_id)
    raw = None if code is None else _raw_cards(code).get(card_id)
    if raw is None:
        raise KeyError(f"no set prints a card with id {card_id!r}")
    return copy.deepcopy(raw)


@cache
def load_set(code: str) -> CardSet:
    """The packaged data of a set by code (``"CW"``), validated; cached."""
    if code not in SET_FILES:
        raise CardDataError(f"no card data for set {code!r}; gloam has {', '.join(SET_FILES)}")
    name = SET_FILES[code]
    card_set = _parse(_set_text(code), name)
    if card_set.code != code:
        raise CardDataError(f"{name}: holds set {card_set.code!r}, expected {code!r}")
    return card_set


# ---------------------------------------------------------------------- document
DESIGNED_MARK = "†"
PARTLY_MARK = "‡"

_TYPE_TITLES = (
    ("starting-minion", "Starting minions"),
    ("minion", "Draft minions"),
    ("action", "Draft actions"),
    ("moon", "Moon phases"),
    ("wound", "Wounds"),
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _mark(card_or_prov: Any, field: str | None, shown: str) -> str:
    prov = card_or_prov.provenance.get(field) if field else card_or_prov
    if prov is None or shown == "":
        return shown
    if prov.kind == "designed":
        return f"*{shown}*{DESIGNED_MARK}"
    if prov.kind == "seed+designed":
        return f"*{shown}*{PARTLY_MARK}"
    return shown


def _show(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    if isinstance(value, Mapping):
        if set(value) == {"on", "cost"}:
            return f"{value['on']}: {value['cost']}"
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _raw_value(card: Card, field: str) -> Any:
    if field == "name":
        return card.printed_name
    if field == "kicker_colour":
        return card.kicker.colour if card.kicker else None
    if field == "kicker":
        return card.kicker.text if card.kicker else None
    if field == "feed":
        return {"on": card.feed.on, "cost": card.feed.cost} if card.feed else None
    return getattr(card, field)


def markdown_table(card_set: CardSet) -> str:
    """The set as a Markdown document (``docs/cards-<set>.md``): summary tables, then every
    card's fields with their provenance. Designed values are italic with †, partly stated
    ones italic with ‡."""
    out = [
        f"# {card_set.title} — card data",
        "",
        (f"Generated from `src/gloam/nightfall/data/{card_set.file}` by `gloam.nightfall.cards.markdown_table`; "
        "do not edit by hand (a test checks that this file is up to date). Regenerate with:"),
        "",
        "```",
        (".venv/bin/python -c \"from gloam.nightfall.cards import load_set, markdown_table; "
        f"print(markdown_table(load_set('{card_set.code}')), end='')\" > docs/cards-{_slug(card_set.title)}.md"),
        "```",
        "",
        (f"**Legend.** Plain values are stated by the seed documents (the source of each is in the card "
        f"sections below). *Italic*{DESIGNED_MARK} values are **designed** by gloam: no seed states them, and "
        f"they are not official card data. *Italic*{PARTLY_MARK} values are partly stated, partly designed. "
        "Seed prefixes: 000 The Coldest War rulebook (EN), 001 Martial Law rulebook, 002 The Coldest War "
        "rulebook (JP v1.3), 003 Official Nightfall Card & Rule FAQ. “implied” marks a seed value read off a "
        "worked example or ruling rather than printed card text."),
        "",
    ]
    counts = {t: len(card_set.of_type(t)) for t, _ in _TYPE_TITLES}
    wound_total = sum(c.copies for c in card_set.wounds)
    out += [
        (f"The set: {counts['starting-minion']} starting minions"
        f"{f' (reprinted from another set: {len(card_set.reprints)})' if card_set.reprints else ''}, "
        f"{len(card_set.draft_minions)} draft minions, {len(card_set.draft_actions)} draft actions, "
        f"{f'{len(card_set.promos)} promotional orders, ' if card_set.promos else ''}"
        f"{counts['moon']} moon phases, and {counts['wound']} wound kinds "
        f"making a {wound_total}-card wound stack. "
        f"{sum(len(c.designed_fields()) for c in card_set.cards)} of "
        f"{sum(len(c.provenance) for c in card_set.cards)} card fields are wholly or partly designed."),
        "",
        "## Summary",
        "",
    ]
    for ctype, title in _TYPE_TITLES:
        cards = card_set.of_type(ctype)
        if not cards:
            continue
        out += [f"### {title}", ""]
        if ctype in ORDER_TYPES:
            minion = ctype in MINION_TYPES
            head = ["Card", "Japanese", "Colour", "Links", "Cost"]
            head += ["Str", "HP", "Keyword"] if minion else []
            head += ["Kicker colour", "Copies"]
            out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            for c in cards:
                row = [f"[{_cell(c.printed_name)}](#{c.id})", _mark(c, "name_ja", _show(c.name_ja)),
                       _mark(c, "colour", c.colour), _mark(c, "link_colours", _show(c.link_colours)),
                       _mark(c, "cost", str(c.cost))]
                if minion:
                    row += [_mark(c, "strength", str(c.strength)), _mark(c, "health", str(c.health)),
                            _mark(c, "keyword", c.keyword)]
                row += [_mark(c, "kicker_colour", _show(_raw_value(c, "kicker_colour"))), _mark(c, "copies",
                                                                                                str(c.copies))]
                out.append("| " + " | ".join(_cell(x) for x in row) + " |")
        elif ctype == "moon":
            out += ["| Card | Text | Copies |", "|---|---|---|"]
            for c in cards:
                out.append(f"| [{_cell(c.printed_name)}](#{c.id}) | {_cell(_mark(c, 'global_text', c.global_text))} "
                           f"| {_mark(c, 'copies', str(c.copies))} |")
        else:
            out += ["| Card | Kind | Copies | bite / burn / bleed | Text |", "|---|---|---|---|---|"]
            for c in cards:
                split = " / ".join(str(c.copies_by_type[t]) for t in WOUND_TYPES)
                out.append(f"| [{_cell(c.printed_name)}](#{c.id}) | {_mark(c, 'wound_kind', c.wound_kind)} "
                           f"| {_mark(c, 'copies', str(c.copies))} | {_mark(c, 'copies_by_type', split)} "
                           f"| {_cell(_mark(c, 'wound_text', c.wound_text))} |")
            if card_set.wound_types:
                out += ["", "Wound types (each wound card shows one, top right):", "",
                        "| Type | Printed title | Japanese | Source |", "|---|---|---|---|"]
                for w in card_set.wound_types:
                    out.append(f"| {w.type} | {_cell(w.title)} | {w.name_ja} | {_cell(w.provenance['title'].source)} |")
        out.append("")

    out += ["## Cards", ""]
    for ctype, title in _TYPE_TITLES:
        cards = card_set.of_type(ctype)
        if not cards:
            continue
        out += [f"### {title}", ""]
        for c in cards:
            out += [f'<a id="{c.id}"></a>', f"#### {_cell(c.printed_name)}", "",
                    f"Id `{c.id}`, effect function `{c.effect}`.", ""]
            if c.text_lines():
                out += ["> " + line for line in _join_quote(c.text_lines())] + [""]
            out += ["| Field | Value | Provenance |", "|---|---|---|"]
            for field, prov in c.provenance.items():
                value = _mark(c, field, _show(_raw_value(c, field)))
                out.append(f"| {field} | {_cell(value)} | {_cell(_describe(prov))} |")
            for field, label in (("name_variants", "Name variant"), ("quotes", "Quote"),
                                 ("faq_rulings", "FAQ ruling")):
                items = getattr(c, field)
                if items:
                    out.append("")
                    out += [f"- {label}: {_cell(item.text)} — *{_cell(item.source)}*" for item in items]
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _join_quote(lines: tuple[str, ...]) -> list[str]:
    joined: list[str] = []
    for i, line in enumerate(lines):
        joined.append(line if i == len(lines) - 1 else line + "  ")
    return joined


def _describe(prov: Provenance) -> str:
    if prov.kind == "seed":
        text = f"seed{' (implied)' if prov.implied else ''}: {prov.source}"
        return f"{text}; {prov.note}" if prov.note else text
    if prov.kind == "designed":
        return f"designed{DESIGNED_MARK}: {prov.note}"
    return (f"seed{' (implied)' if prov.implied else ''} for {_show(prov.seed_value)}: {prov.source}; "
            f"designed{PARTLY_MARK}: {prov.note}")


def _slug(title: str) -> str:
    tail = title.split(":")[-1].strip().lower()
    return re.sub(r"[^a-z0-9]+", "-", tail.removeprefix("the ")).strip("-")
