"""A player's own card values: the card file of ``--cards FILE`` (docs/user-cards.md).

Most values of gloam's cards are designed (the rulebooks state few). A player who owns
the printed cards writes the real ones in a card file, JSON or TOML, keyed by card id or
name, with the field names of the set files (``data/*.json``), and plays with them:

.. code-block:: toml

    ["Clever Ivan"]
    colour = "blue"
    link_colours = ["red"]
    chain = "Inflict 1 damage on target minion."

Only the fields a file gives change. It may change an order's (a minion's or an
action's) ``colour``, ``link_colours``, ``cost``, ``strength``, ``health``, ``keyword``,
``kicker_colour``, a starter's ``exile`` wording, and its text blocks (``chain``,
``your_chain``, ``kicker``, ``combat``, ``your_combat``, ``in_play``; ``""``: the card has
no such text). A text must be one the engine already runs: a text some card of gloam's
sets prints in the same block; that card's effect then runs it (``Card.text_from``).
Never code.

The file is validated like a set file (the strict loader of :mod:`gloam.nightfall.cards`,
the same :class:`~gloam.core.errors.CardDataError`, naming the file, the card and the
field), and a value that contradicts a fact the rulebooks state (a ``seed`` value of the
data, or the card facts of :mod:`gloam.nightfall.facts`) is refused with the fact's
source quoted. The values a file gives have provenance ``user``.

The validated overrides are part of a game's setup (``NightfallGame(cards=…)``, plain
data keyed by card id): saves, replays and records embed them and replay without the file.

>>> mine = user_cards_from_json({"Kilo 13": {"strength": 2}, "cw-jarek": {"cost": 0}}, "mine.toml")
>>> mine.to_setup()
{'cw-kilo-13': {'strength': 2}, 'cw-jarek': {'cost': 0}}
>>> kilo = mine.cards["cw-kilo-13"]
>>> kilo.strength, kilo.provenance["strength"].kind, kilo.provenance["strength"].source
(2, 'user', 'mine.toml')
>>> user_cards_from_json({"Kaos 33": {"health": 3}}, "mine.toml")
Traceback (most recent call last):
...
gloam.core.errors.CardDataError: mine.toml: card 'Kaos 33' (cw-kaos-33), field 'health': the rulebooks state 2 (000 combat example '"Kaos 33" has 2 health, so she absorbs 2 damage and gets destroyed'; 002 'ケイオス33の体力は2'); your file says 3
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gloam.core.errors import CardDataError, FileError
from gloam.core.files import MiB, parse_json, parse_toml
from gloam.nightfall import cards as data
from gloam.nightfall.cards import SET_FILES, TEXT_BLOCKS, USER, Card, CardSet, Provenance, load_set, raw_card
from gloam.nightfall.facts import card_facts, facts_of
from gloam.nightfall.registry import SELF_OPS, block_frames, card_texts, chain_needs, check_texts, frame_ops

FORMAT = "gloam-nightfall-cards"
#: the largest card file gloam reads (docs/files.md)
MAX_FILE_BYTES = 4 * MiB
#: the values a card file may change (the set files' field names)
VALUE_FIELDS = ("colour", "link_colours", "cost", "strength", "health", "keyword", "kicker_colour", "exile")
#: the text blocks a card file may change, each to a text some card prints in that block
TEXT_FIELDS = tuple(TEXT_BLOCKS)
FIELDS = VALUE_FIELDS + TEXT_FIELDS
#: the fields a file may clear with "" (the card has no such text)
CLEARABLE = TEXT_FIELDS + ("kicker_colour",)
#: the set files' other fields, and why a card file does not change them
_FIXED = MappingProxyType({
    "id": "is how gloam names the card", "effect": "is gloam's code, which a card file never names",
    "name": "names the card: key the entry by it instead", "name_ja": "is a name, not a value of play",
    "type": "is what the card is: minion, action, …", "copies": "is how many the box holds",
    "title_colour": "is printed by type (000)", "quick_start_partner": "is the rulebook's quick-start pairing",
    "promo": "is the card's release", "name_variants": "quotes the seeds", "quotes": "quotes the seeds",
    "faq_rulings": "quotes the seeds",
    "feed": "follows the text it is printed in: give that text block with its 'Feed: …' clause",
    "attaches": "follows the chain text: an action attaches when its chain text says 'Attach this card…'",
})
_FILE_KEYS = ("format", "about")
#: card-facts keys that state a value of a field a card file may change
_FACT_FIELDS = MappingProxyType({
    "cost": "cost", "color": "colour", "link_colors": "link_colours", "strength": "strength", "health": "health",
    "keyword": "keyword", "kicker_color": "kicker_colour", "chain_text": "chain", "kicker_text": "kicker",
    "combat_text": "combat", "in_play_text": "in_play", "in_play_text_extra": "in_play",
})


# ---------------------------------------------------------------------- the result
@dataclass(frozen=True)
class UserCards:
    """A validated card file: each named card with the file's values (``cards``, by id)
    and the values themselves as plain data (``overrides``, what a setup holds)."""

    source: str  # the file, as errors and provenance name it
    overrides: Mapping[str, Mapping[str, Any]]
    cards: Mapping[str, Card]

    def __len__(self) -> int:
        return len(self.overrides)

    def to_setup(self) -> dict[str, dict[str, Any]]:
        """The overrides as fresh plain data keyed by card id (a setup's ``cards``)."""
        return {cid: {f: list(v) if isinstance(v, list) else v for f, v in fields.items()}
                for cid, fields in self.overrides.items()}

    def only(self, card_ids: Iterable[str]) -> UserCards:
        """The overrides of the cards among ``card_ids`` (a game's sets), the rest left out."""
        keep = set(card_ids)
        return UserCards(self.source, MappingProxyType({c: v for c, v in self.overrides.items() if c in keep}),
                         MappingProxyType({c: v for c, v in self.cards.items() if c in keep}))

    def apply(self, card_set: CardSet) -> CardSet:
        """``card_set`` with this file's cards in it (the set itself is unchanged)."""
        return card_set.with_cards(self.cards)


# ---------------------------------------------------------------------- loading
def load_user_cards(path: str | Path) -> UserCards:
    """Read and validate a card file (``.toml``, or JSON: ``.json`` or text starting ``{``)."""
    return parse_user_cards(data.read_card_file(path, MAX_FILE_BYTES), Path(path).name)


def parse_user_cards(text: str, file: str = "cards.toml") -> UserCards:
    """Parse card-file ``text`` (JSON if ``file`` ends in .json or the text starts with
    ``{``, else TOML) and validate it."""
    is_json = file.lower().endswith(".json") or text.lstrip().startswith("{")
    try:
        parsed = (parse_json if is_json else parse_toml)(text, file)
    except FileError as exc:
        raise CardDataError(str(exc)) from None
    return user_cards_from_json(parsed, file)


def user_cards_from_json(raw: Any, file: str = "cards") -> UserCards:
    """Validate parsed card-file data (a mapping of card id or name to fields; optional
    ``format`` and ``about``) and build the cards. ``file`` names it in errors and in the
    values' provenance."""
    if not isinstance(raw, dict):
        raise CardDataError(f"{file}: a card file holds a table (TOML) or an object (JSON) of cards")
    if "format" in raw and raw["format"] != FORMAT:
        raise CardDataError(f"{file}: 'format' must be {FORMAT!r}, not {raw['format']!r}"
                            " (a composition or deck file is not a card file)")
    if "about" in raw and not isinstance(raw["about"], str):
        raise CardDataError(f"{file}: 'about' must be a string, not {raw['about']!r}")
    entries = {key: value for key, value in raw.items() if key not in _FILE_KEYS}
    if not entries:
        raise CardDataError(f"{file}: names no card (write a table per card, e.g. [\"Clever Ivan\"] cost = 0)")
    reader = _Entries(file)
    overrides: dict[str, Mapping[str, Any]] = {}
    built: dict[str, Card] = {}
    named: dict[str, str] = {}
    for key, fields in entries.items():
        card = reader.find(key)
        if card.id in named:
            raise CardDataError(f"{file}: card {key!r} is named twice (also as {named[card.id]!r}): one entry"
                                " per card")
        named[card.id] = key
        built[card.id], overrides[card.id] = reader.entry(key, card, fields)
    _check_starter_colours(file, built)
    return UserCards(file, MappingProxyType(overrides), MappingProxyType(built))


def _check_starter_colours(file: str, built: Mapping[str, Card]) -> None:
    """Each set's starting minions stay one of each colour (000 Starting Decks: two cards
    of each of the six colours make a starting deck)."""
    for code in SET_FILES:
        starters = [built.get(c.id, c) for c in load_set(code).starters]
        if not starters or not any(c.id in built for c in starters):
            continue
        colours = [c.colour for c in starters]
        twice = next((c for c in starters if colours.count(c.colour) > 1 and c.id in built), None)
        if twice is not None:
            others = [c.name for c in starters if c.colour == twice.colour and c is not twice]
            source = card_facts()["colors"]["count"]["source"]
            raise CardDataError(f"{file}: card {twice.name!r} ({twice.id}), field 'colour': the starting minions"
                                f" of set {code} are one of each colour ({source}); your file makes"
                                f" {twice.name} {twice.colour}, like {', '.join(others)}")


# ---------------------------------------------------------------------- one entry
@cache
def _catalogue() -> tuple[dict[str, Card], dict[str, list[Card]]]:
    """Every packaged card by id, and the cards each name (casefolded, with or without
    quotation marks) may mean."""
    by_id: dict[str, Card] = {}
    by_name: dict[str, list[Card]] = {}
    for code in SET_FILES:
        for card in load_set(code).own_cards:
            by_id[card.id] = card
            for name in {card.name.casefold(), card.printed_name.casefold()}:
                by_name.setdefault(name, []).append(card)
    return by_id, by_name


@cache
def _texts_printed() -> dict[str, dict[str, list[Card]]]:
    """block -> text -> the packaged cards printing that text in that block, in set order."""
    out: dict[str, dict[str, list[Card]]] = {block: {} for block in TEXT_FIELDS}
    for card in _catalogue()[0].values():
        for block in TEXT_FIELDS:
            if card.is_order and card.block(block):
                out[block].setdefault(card.block(block), []).append(card)
    return out


class _Reader(data._Reader):
    """The set files' strict loader, reading one entry of a card file: values of kind
    ``user``, and every fault naming the card as the file names it."""

    def __init__(self, file: str, key: str, card: Card) -> None:
        super().__init__(file)
        self.key, self.card_id = key, card.id

    def fail(self, message: str, card: str | None = None, field: str | None = None) -> CardDataError:
        where = f"{self.file}: card {self.key!r} ({self.card_id})"
        if field is not None:
            where += f", field {field!r}"
        return CardDataError(f"{where}: {message}")

    def provenance(self, raw: Any, cid: str, field: str) -> tuple[Any, Provenance]:
        if isinstance(raw, dict) and raw.get("kind") == USER:
            return raw["value"], Provenance(USER, source=self.file)
        return super().provenance(raw, cid, field)


class _Entries:
    """Validates a card file's entries one by one."""

    def __init__(self, file: str) -> None:
        self.file = file

    def find(self, key: Any) -> Card:
        """The packaged card an entry's key names (id, or name with or without quotation marks)."""
        by_id, by_name = _catalogue()
        if not isinstance(key, str):
            raise CardDataError(f"{self.file}: {key!r} is no card id or name")
        if key in by_id:
            return by_id[key]
        cards = by_name.get(key.casefold(), [])
        if len(cards) > 1:
            raise CardDataError(f"{self.file}: {key!r} names several cards ({', '.join(c.id for c in cards)}):"
                                " key the entry by the card's id")
        if not cards:
            close = difflib.get_close_matches(key, [c.printed_name for c in by_id.values()], n=3)
            hint = f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""
            raise CardDataError(f"{self.file}: unknown card {key!r}: no set of gloam's ({', '.join(SET_FILES)})"
                                f" has a card with this id or name{hint}")
        return cards[0]

    def entry(self, key: str, card: Card, fields: Any) -> tuple[Card, Mapping[str, Any]]:
        """The card with the entry's values, and the values (validated, plain)."""
        reader = _Reader(self.file, key, card)
        if not isinstance(fields, dict) or not fields:
            raise reader.fail(f"give the fields to change as a table (TOML) or an object (JSON), not {fields!r}")
        if not card.is_order:
            raise reader.fail(f"is {data._a(card.type)}: a card file changes orders (minions and actions) only")
        for field, value in fields.items():
            self._check_field(reader, card, field, value)
        for field, value in fields.items():
            problem = _contradiction(card, field, value)
            if problem:
                raise reader.fail(f"{problem}; your file says {_said(value)}", field=field)
        raw = raw_card(card.id)
        for field in VALUE_FIELDS:
            if field in fields:
                _set(raw, field, fields[field])
        text_from = _Texts(reader, card, fields, raw).resolve()
        built = reader.card(raw, 0, card.set)
        provenance = dict(built.provenance)
        provenance.update({f: Provenance(USER, source=self.file) for f in fields if f not in provenance})
        built = replace(built, provenance=MappingProxyType(provenance), text_from=MappingProxyType(text_from))
        problem = _fact_problem(card, built, fields) or _derived_problem(card, built, text_from)
        if problem:
            raise reader.fail(problem[1], field=problem[0])
        try:
            check_texts(built, card_texts(built))
        except CardDataError as exc:
            raise reader.fail(f"the engine cannot run these texts together ({exc})") from None
        return built, MappingProxyType({f: list(v) if isinstance(v, list) else v for f, v in fields.items()})

    def _check_field(self, reader: _Reader, card: Card, field: Any, value: Any) -> None:
        if field in _FIXED:
            raise reader.fail(f"{_FIXED[field]}; a card file changes {', '.join(FIELDS)}", field=field)
        if field not in FIELDS:
            hint = difflib.get_close_matches(str(field), FIELDS, n=1)
            raise reader.fail(f"unknown field{f' (did you mean {hint[0]!r}?)' if hint else ''}; a card file changes"
                              f" {', '.join(FIELDS)}", field=str(field))
        if card.type not in data._FIELD_TYPES[field]:
            raise reader.fail(f"does not apply to {data._a(card.type)} card", field=field)
        if field in TEXT_FIELDS + ("kicker_colour",) and not isinstance(value, str):
            clear = ' ("" for no such text)' if field in CLEARABLE else ""
            raise reader.fail(f"must be a string{clear}, not {value!r}", field=field)


def _set(raw: dict, field: str, value: Any) -> None:
    """Put a file's value into a card's set-file entry (``""`` clears a clearable field)."""
    if value == "" and field in CLEARABLE:
        raw.pop(field, None)
    else:
        raw[field] = {"value": value, "kind": USER}


def _said(value: Any) -> str:
    if value == "":
        return "it has none"
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------- texts
class _Texts:
    """Which card runs each text block an entry gives (``text_from``), and the feed and
    ``attaches`` that follow the texts; writes them into the entry's raw data."""

    def __init__(self, reader: _Reader, card: Card, fields: Mapping[str, Any], raw: dict) -> None:
        self.reader, self.card, self.fields, self.raw = reader, card, fields, raw

    def resolve(self) -> dict[str, str | None]:
        card, text_from = self.card, {}
        # the chain first: whether an action attaches follows it, and the In Play text that
        given = [b for b in TEXT_FIELDS if b in self.fields]
        for block in sorted(given, key=lambda b: b != "chain"):
            text = self.fields[block]
            if text != (card.block(block) or ""):  # the card's own text needs no other card
                text_from[block] = None if text == "" else self.source(block, text, text_from)
            _set(self.raw, block, text)
        for block in TEXT_FIELDS:
            own = card.block(block)
            if own and block not in text_from and "chain" in text_from and chain_needs(card_texts(card), block):
                raise self.reader.fail(f"its {block} text ({own!r}) reads what its own chain text did: it cannot"
                                       " stay beside another chain text", field="chain")
        self.feed(text_from)
        if card.type == "action" and not self.attaches(text_from) and self._in_play(text_from):
            field = "chain" if "chain" in text_from and "in_play" not in text_from else "in_play"
            raise self.reader.fail("an action whose chain text does not say 'Attach this card…' stays out of"
                                   " play, so it has no In Play text the engine can run", field=field)
        return text_from

    def source(self, block: str, text: str, text_from: Mapping[str, str | None]) -> str:
        """The id of a card printing ``text`` in ``block`` whose effect may run it on this card."""
        donors = _texts_printed()[block].get(text)
        if not donors:
            close = difflib.get_close_matches(text, list(_texts_printed()[block]), n=2, cutoff=0.6)
            hint = f"; the closest: {' / '.join(map(repr, close))}" if close else ""
            raise self.reader.fail(f"the engine runs no {TEXT_BLOCKS[block]} text {text!r}: a card file gives a"
                                   f" text some card prints in that block (gloam cards nightfall lists them){hint}",
                                   field=block)
        reasons = []
        for donor in donors:
            reason = self.unfit(block, donor, text_from)
            if reason is None:
                return donor.id
            reasons.append(reason)
        raise self.reader.fail(f"{text!r} is printed on {reasons[0]}", field=block)

    def unfit(self, block: str, donor: Card, text_from: Mapping[str, str | None]) -> str | None:
        """Why ``donor``'s text of ``block`` cannot run on this card, or None."""
        card, texts = self.card, card_texts(donor)
        kind = "a minion" if donor.is_minion else "an action"
        if chain_needs(texts, block) and donor.id != card.id:
            return f"{donor.name}, where it reads what that card's chain text did: only {donor.name} runs it"
        if block == "in_play":
            if donor.is_minion != card.is_minion:
                return f"{donor.name} ({kind}): In Play text runs on cards of the same kind"
            if card.type == "action" and not self.attaches(text_from):
                return f"{donor.name}, an action attached to a minion; this card does not attach"
        elif frame_ops(block_frames(texts, block)) & SELF_OPS and donor.is_minion != card.is_minion:
            return f"{donor.name} ({kind}), and acts on the card itself: it runs on cards of the same kind"
        return None

    def attaches(self, text_from: Mapping[str, str | None]) -> bool:
        """Whether the card attaches to a minion with its (new) chain text."""
        if "chain" not in text_from:
            return self.card.attaches
        donor = text_from["chain"]
        return donor is not None and "attach_self" in frame_ops(card_texts(data.packaged_card(donor)).chain)

    def _in_play(self, text_from: Mapping[str, str | None]) -> bool:
        return text_from["in_play"] is not None if "in_play" in text_from else self.card.in_play is not None

    def feed(self, text_from: Mapping[str, str | None]) -> None:
        """The Feed clause follows the text it is printed in (rule 88); a card prints one."""
        feed = self.card.feed
        if feed is not None and feed.on in text_from:
            feed = None
        for block, donor_id in text_from.items():
            donor = None if donor_id is None else data.packaged_card(donor_id)
            if donor is not None and donor.feed is not None and donor.feed.on == block:
                if feed is not None:
                    raise self.reader.fail(f"a card prints one Feed clause: its {feed.on} text has one, and so does"
                                           f" the {block} text your file gives", field=block)
                feed = donor.feed
        if feed != self.card.feed:
            if feed is None:
                self.raw.pop("feed", None)
            else:
                self.raw["feed"] = {"value": {"on": feed.on, "cost": feed.cost}, "kind": USER}
        if "chain" in text_from:
            if self.attaches(text_from):
                self.raw["attaches"] = {"value": True, "kind": USER}
            else:
                self.raw.pop("attaches", None)


# ---------------------------------------------------------------------- facts
def _contradiction(card: Card, field: str, value: Any) -> str | None:
    """What the data states as seed about ``field`` of ``card`` that ``value`` (a card
    file's, before building) contradicts, with its source; None if nothing."""
    prov = card.provenance.get(field)
    if prov is None or prov.kind not in ("seed", "seed+designed"):
        return None
    ours = data._raw_value(card, field)
    ours = list(ours) if isinstance(ours, tuple) else ours
    if value != "" and type(value) is not type(ours):
        return None  # the strict loader names the wrong type
    if prov.kind == "seed" and value != ours:
        return f"the rulebooks state {_said(ours)} ({prov.source})"
    if prov.kind == "seed+designed" and not (isinstance(value, list) and all(v in value for v in prov.seed_value)):
        return f"the rulebooks state {_said(prov.seed_value)} among them ({prov.source})"
    return None


def _fact_problem(card: Card, built: Card, fields: Mapping[str, Any]) -> tuple[str, str] | None:
    """(field, message) for the first card fact (facts.py) the built card contradicts in a
    field the file gives; None if none."""
    facts = facts_of(card.name, card.set) or {}
    for key, fd in facts.items():
        field = _FACT_FIELDS.get(key)
        if field is None or not isinstance(fd, dict) or fd.get("verbatim") is False:
            continue
        given = [f for f in (("in_play", "exile") if key == "in_play_text" else (field,)) if f in fields]
        if not given:
            continue
        ours = _value(built, field)
        problem = _against(fd, ours, built, key)
        if problem:
            return given[0], f"{problem} ({fd['source']}); your file says {_said(fields[given[0]])}"
    return None


def _derived_problem(card: Card, built: Card, text_from: Mapping[str, str | None]) -> tuple[str, str] | None:
    """(field, message) if the texts a file gives change a stated Feed clause or a stated
    attachment (they follow the texts); None otherwise."""
    for derived in ("feed", "attaches"):
        prov = card.provenance.get(derived)
        if prov is None or prov.kind != "seed" or getattr(built, derived) == getattr(card, derived):
            continue
        block = next(b for b in TEXT_FIELDS if b in text_from)
        stated = (f"its {card.feed.on} text has 'Feed: {card.feed.cost}'" if derived == "feed"
                  else "it attaches to a minion")
        return block, f"the rulebooks state {stated} ({prov.source}); the {block} text your file gives changes that"
    return None


def _value(card: Card, field: str) -> Any:
    value = data._raw_value(card, field)
    return list(value) if isinstance(value, tuple) else value


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return [_norm(v) for v in value]
    return data.COLOUR_SYNONYMS.get(value, value) if isinstance(value, str) else value


def _against(fd: dict, ours: Any, built: Card, key: str) -> str | None:
    """What fact ``fd`` says that the value ``ours`` breaks, or None."""
    if fd.get("none") and ours is not None:
        return "the rulebooks state the card has no such text"
    if "value_one_of" in fd:
        return None if ours is None or ours in fd["value_one_of"] else \
            f"the rulebooks state one of {' / '.join(map(repr, fd['value_one_of']))}"
    stated = fd.get("value")
    if key == "in_play_text" and isinstance(stated, list):  # the printed lines, exile wording last
        printed = " ".join(x for x in (built.in_play, built.exile) if x)
        return None if printed == " ".join(stated) else f"the rulebooks state the In Play lines {stated!r}"
    if key == "link_colors":
        if "count" in fd and len(ours or []) != fd["count"]:
            return f"the rulebooks state {fd['count']} link colour{'s' if fd['count'] != 1 else ''}"
        if stated:
            want = _norm(stated)
            if fd.get("complete") is False and not all(c in (ours or []) for c in want):
                return f"the rulebooks state {_said(want)} among them"
            if fd.get("complete") is not False and sorted(ours or []) != sorted(want):
                return f"the rulebooks state {_said(want)}"
        return None
    if stated is not None and _norm(stated) != ours:
        return f"the rulebooks state {_said(_norm(stated))}"
    if "min" in fd and (ours is None or ours < fd["min"]):
        return f"the rulebooks state at least {fd['min']}"
    if "not" in fd and ours in _norm(fd["not"]):
        return f"the rulebooks state it is not {' or '.join(_norm(fd['not']))}"
    return None
