"""The constructed deck format of Nightfall (checklist A26, rules 166-173; seeds 000 and
002 "Constructed Deck Format"): the deck model, its rules, and the deck-file parser.

A deck is two 12-card private archives with at most 3 copies of any card across both
(rule 166), a 15-card personal wound stack of any wound kinds and types (rule 167), and
optionally a 12-card starting deck of starting minions (rule 173 mentions "constructed
starter decks" without giving their rules; gloam's reading: any 12 starting minions of
the loaded sets; without one, the set's standard starting deck, rule 33).

A deck file is TOML or JSON with these keys (cards by name or id, ``"3 x Name"`` for
copies; a wound is ``"<kind> (<type>)"``)::

    name = "Wolves of the Steppe"
    archive_1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", ...]   # 12 orders
    archive_2 = [...]                                               # 12 orders
    wounds = ["5 x NF Wound (bite)", "5 x ML Wound (burn)", ...]    # 15 wounds
    starting_deck = ["2 x Kilo 13", ...]                            # optional, 12 starters
    sets = ["CW"]                                                   # optional

Every problem is reported with the file and line it is on (:class:`DeckError`); a deck
given as plain data (a game's setup) is checked by the same rules (:class:`SetupError`).
No I/O here except :func:`load_deck`, which reads the one file it is given.

>>> text = '''
... archive_1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meat"]
... archive_2 = ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]
... wounds = ["5 x NF Wound (bite)", "5 x NF Wound (burn)", "5 x NF Wound (bleed)"]
... '''
>>> deck = parse_deck(text, "deck.toml")
>>> len(deck.archives[0]), len(deck.archives[1]), len(deck.wounds), deck.starting
(12, 12, 15, None)
>>> try:
...     parse_deck(text.replace("3 x Kaos 33", "3 x Kilo 13"), "deck.toml")
... except DeckError as exc:
...     print(exc)
deck.toml:3: 'Kilo 13' is a starting minion, not an order for an archive (rule 166)
"""

from __future__ import annotations

import bisect
import difflib
import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gloam.core.decisions import EndReason, Outcome
from gloam.core.errors import CardDataError, FileError, GloamError, RecordError, SetupError
from gloam.core.files import MiB, parse_json, parse_toml, read_text_file
from gloam.core.text import clean_text
from gloam.nightfall import engine, setup
from gloam.nightfall.actions import DONE as DONE_ACTION, PASS
from gloam.nightfall.cards import SET_FILES, WOUND_TYPES, Card, load_set
from gloam.nightfall.engine import DONE, op
from gloam.nightfall.formats import StandardFormat, copy_public, deal_hands_and_decks, visible_cards
from gloam.nightfall.state import NightfallState

ARCHIVE_SIZE = 12  # rule 166
MAX_COPIES = 3  # rule 166: across both archives combined
ARCHIVES = 2  # rule 166
WOUND_STACK = 15  # rule 167
STARTING_DECK = 12  # rule 33: two of each of six starters; a constructed one has 12 too
ARCHIVE_TYPES = ("minion", "action")  # the orders archives hold (starters start in the deck)

KEYS = ("name", "sets", "archive_1", "archive_2", "wounds", "starting_deck")
#: the largest deck file gloam reads (a deck file is about 1 KiB)
MAX_FILE_BYTES = 1 * MiB
#: the most cards one deck list may name, counts included (a list needs 12 or 15)
MAX_LIST_CARDS = 100
#: the longest entry of a deck list ("3 x " and the longest card name take about 40)
MAX_ENTRY_CHARS = 200
#: unknown keys reported one by one; the rest are counted
MAX_UNKNOWN_KEYS = 10
_COUNT_RE = re.compile(r"^\s*(\d{1,9})\s*[x×*]\s*(.+?)\s*$", re.IGNORECASE)
# a quoted string as TOML or JSON writes it: "basic" (with escapes) or 'literal'
_QUOTED_RE = re.compile(r""""(?:[^"\\\n]|\\.)*"|'[^'\n]*'""")
_WOUND_RE = re.compile(r"^(?P<kind>.+?)\s*(?:\(\s*(?P<a>[a-z]+)\s*\)|[\s:/,-]+(?P<b>bite|burn|bleed))$",
                       re.IGNORECASE)


class DeckError(GloamError, ValueError):
    """A deck file or deck data breaking the constructed rules; ``problems`` lists each
    problem as ``"file:line: message"``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class DeckFileError(DeckError):
    """A file that cannot be read as a deck file at all: unreadable, not a regular file,
    too large, not UTF-8, or not valid TOML/JSON. Its one problem names the file."""


@dataclass(frozen=True)
class Deck:
    """A constructed deck as card data ids: two archives of 12, 15 wounds as (wound card
    id, type), and a 12-card starting deck or None (the standard one)."""

    name: str
    archives: tuple[tuple[str, ...], ...]
    wounds: tuple[tuple[str, str], ...]
    starting: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "archives": [list(a) for a in self.archives],
                                "wounds": [[w, t] for w, t in self.wounds]}
        if self.starting is not None:
            data["starting"] = list(self.starting)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Deck:
        """A deck from plain data (``to_json``); only its shape is checked here: the
        rules are checked against a game's cards by :func:`check_deck`."""
        if not isinstance(data, dict) or set(data) - {"name", "archives", "wounds", "starting"}:
            raise SetupError(f"a deck is an object with name, archives, wounds and starting, not {data!r}")
        name, archives, wounds, starting = (data.get(k) for k in ("name", "archives", "wounds", "starting"))
        if not isinstance(name, str):
            raise SetupError(f"a deck's name must be a string, not {name!r}")
        if not isinstance(archives, list) or not all(_strings(a) for a in archives):
            raise SetupError(f"deck {name!r}: archives must be lists of card ids")
        if not isinstance(wounds, list) or not all(isinstance(w, list) and len(w) == 2 and _strings(w)
                                                   for w in wounds):
            raise SetupError(f"deck {name!r}: wounds must be [wound card id, type] pairs")
        if starting is not None and not _strings(starting):
            raise SetupError(f"deck {name!r}: starting must be a list of card ids")
        return cls(name, tuple(tuple(a) for a in archives), tuple((w, t) for w, t in wounds),
                   None if starting is None else tuple(starting))

    def sets(self) -> tuple[str, ...]:
        """The set codes the deck's cards come from, in the order of ``SET_FILES``."""
        ids = [c for a in self.archives for c in a] + [w for w, _ in self.wounds] + list(self.starting or ())
        used = {code for code in SET_FILES for c in ids if c.startswith(code.lower() + "-")}
        return tuple(code for code in SET_FILES if code in used)

    def summary(self, cards: Mapping[str, Card]) -> str:
        """A few lines describing the deck (for ``gloam deck check``)."""
        out = [f"Deck {self.name!r}: valid (sets {', '.join(self.sets())})"]
        for k, archive in enumerate(self.archives):
            counts = Counter(archive)
            listed = ", ".join(f"{n} x {cards[c].printed_name}" for c, n in counts.items())
            out.append(f"  private archive {k + 1} ({len(archive)}): {listed}")
        wounds = Counter(self.wounds)
        out.append(f"  wound stack ({len(self.wounds)}): "
                   + ", ".join(f"{n} x {cards[w].printed_name} ({t})" for (w, t), n in wounds.items()))
        if self.starting is None:
            out.append("  starting deck: the standard one (two of each starting minion)")
        else:
            out.append("  starting deck (12): " + ", ".join(
                f"{n} x {cards[c].printed_name}" for c, n in Counter(self.starting).items()))
        return "\n".join(out)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


# ---------------------------------------------------------------------- the rules
def check_deck(deck: Deck, cards: Mapping[str, Card], where: str = "") -> None:
    """Rules 166-167 (and gloam's starting-deck reading) for a deck given as data ids;
    ``cards`` maps the ids a game knows to its cards. Raises :class:`SetupError`."""
    label = where or f"deck {deck.name!r}"
    problems = []
    for cid in [c for a in deck.archives for c in a] + [w for w, _ in deck.wounds] + list(deck.starting or ()):
        if cid not in cards:
            problems.append(f"{label}: no card {cid!r} in this game's sets")
    if problems:
        raise SetupError("; ".join(dict.fromkeys(problems)))
    entries = {
        "archive_1": [(cards[c], None, 0) for c in deck.archives[0]] if len(deck.archives) > 0 else [],
        "archive_2": [(cards[c], None, 0) for c in deck.archives[1]] if len(deck.archives) > 1 else [],
        "wounds": [(cards[w], t, 0) for w, t in deck.wounds],
    }
    if deck.starting is not None:
        entries["starting_deck"] = [(cards[c], None, 0) for c in deck.starting]
    errors = _rules(entries, len(deck.archives), {}, deck.starting is not None)
    if errors:
        raise SetupError(f"{label}: " + "; ".join(msg for _, msg in errors))


_NOT_WITH = {"archives": "a draft or any archive setup (rule 168: there is no draft)",
             "long": "long games (the game ends by elimination, not by face-up wounds)",
             "wounds": "the wounds option (each player brings a wound stack, rule 167)",
             "common_ground": "Common Ground", "hidden_archives": "Hidden Archives",
             "secret_archives": "Secret Archives", "open_archives": "Open Archives",
             "upstream": "Upstream Draft", "custom_starters": "custom starters (a deck names its own)",
             "teams": "Team Play"}


def check_decks(game, decks: Any, other_options: Mapping[str, bool]) -> tuple[Deck, ...] | None:
    """The ``decks`` option of :class:`NightfallGame`: None, or one deck per player (a
    :class:`Deck` or its plain data), each checked against the game's cards (rules
    166-167). ``other_options`` says which other setup options are in use: a constructed
    game takes none of the drafts or variants (rule 168). Raises :class:`SetupError`."""
    if decks is None:
        return None
    if isinstance(decks, (str, dict)) or not isinstance(decks, (list, tuple)):
        raise SetupError(f"decks must be a list of decks, one per player, not {type(decks).__name__}")
    if len(decks) != game.players:
        raise SetupError(f"a constructed game needs one deck per player: {game.players} players, {len(decks)} decks")
    for key, used in other_options.items():
        if used:
            raise SetupError(f"the constructed format (decks) does not combine with {_NOT_WITH.get(key, key)}")
    out = []
    for p, deck in enumerate(decks):
        deck = deck if isinstance(deck, Deck) else Deck.from_json(deck)
        check_deck(deck, game._cards, f"deck {p + 1} ({deck.name!r})")
        out.append(deck)
    return tuple(out)


def _rules(entries: dict[str, list[tuple[Card, str | None, int]]], archives: int,
           key_lines: Mapping[str, int], has_starting: bool) -> list[tuple[int, str]]:
    """Every rule problem as (line, message); entries are (card, wound type, line)."""
    out: list[tuple[int, str]] = []
    if archives != ARCHIVES:
        out.append((0, f"a deck has {ARCHIVES} private archives (rule 166), not {archives}"))
    copies: Counter[str] = Counter()
    for key in ("archive_1", "archive_2"):
        for card, _, line in entries.get(key, []):
            if card.type == "starting-minion":
                out.append((line, f"'{card.name}' is a starting minion, not an order for an archive"
                                  " (rule 166)"))
            elif card.type not in ARCHIVE_TYPES:
                out.append((line, f"'{card.name}' is a {card.type}, not an order for an archive"
                                  " (rule 166)"))
            copies[card.id] += 1
            if copies[card.id] == MAX_COPIES + 1:
                out.append((line, f"'{card.name}': more than {MAX_COPIES} copies across both"
                                  " archives (rule 166)"))
    for k, key in enumerate(("archive_1", "archive_2")):
        if key in entries and len(entries[key]) != ARCHIVE_SIZE:
            out.append((key_lines.get(key, 0), f"private archive {k + 1} has {len(entries[key])} cards;"
                                               f" it needs exactly {ARCHIVE_SIZE} (rule 166)"))
    for card, wtype, line in entries.get("wounds", []):
        if card.type != "wound":
            out.append((line, f"'{card.name}' is not a wound kind (rule 167: the wound stack holds"
                              " wounds only)"))
        elif wtype not in WOUND_TYPES:
            out.append((line, f"wound type {wtype!r} is not one of {', '.join(WOUND_TYPES)}"))
    if "wounds" in entries and len(entries["wounds"]) != WOUND_STACK:
        out.append((key_lines.get("wounds", 0), f"the wound stack has {len(entries['wounds'])} wounds;"
                                                f" it needs exactly {WOUND_STACK} (rule 167)"))
    if has_starting:
        for card, _, line in entries.get("starting_deck", []):
            if card.type != "starting-minion":
                out.append((line, f"'{card.name}' is not a starting minion (a starting deck holds"
                                  " starting minions only)"))
        n = len(entries.get("starting_deck", []))
        if n != STARTING_DECK:
            out.append((key_lines.get("starting_deck", 0),
                        f"the starting deck has {n} cards; it needs exactly {STARTING_DECK}"))
    return out


# ---------------------------------------------------------------------- card lookup
def available_sets(codes: Sequence[str] | None = None) -> tuple[list[Any], list[str]]:
    """The card sets that load (all of ``SET_FILES``, or ``codes``) and the codes that do
    not, with why."""
    loaded, missing = [], []
    for code in codes if codes is not None else SET_FILES:
        try:
            loaded.append(load_set(code))
        except (CardDataError, OSError) as exc:
            missing.append(f"{code} ({exc})")
    return loaded, missing


class CardIndex:
    """Cards by id, name or printed name, across sets (the first set listed wins a name
    several sets print, e.g. a wound kind)."""

    def __init__(self, card_sets: Sequence[Any]) -> None:
        self.by_id: dict[str, Card] = {}
        self.by_name: dict[str, Card] = {}
        for card_set in card_sets:
            for card in card_set.cards:
                self.by_id.setdefault(card.id, card)
                for name in (card.name, card.printed_name):
                    self.by_name.setdefault(name.casefold(), card)

    def find(self, key: str) -> Card | None:
        key = key.strip()
        return self.by_id.get(key) or self.by_name.get(key.casefold())

    def suggest(self, key: str) -> str | None:
        names = {c.name.casefold(): c.name for c in self.by_id.values()}
        near = difflib.get_close_matches(key.strip().casefold(), list(names), n=1, cutoff=0.6)
        return names[near[0]] if near else None


# ---------------------------------------------------------------------- the file
def load_deck(path: str | Path, sets: Sequence[str] | None = None) -> Deck:
    """Read and check a deck file (``.toml`` or ``.json``, at most :data:`MAX_FILE_BYTES`);
    :class:`DeckError` if it cannot be read or breaks a rule."""
    path = Path(path)
    try:
        text = read_text_file(path, MAX_FILE_BYTES, name=path.name)
    except FileError as exc:
        raise DeckFileError([str(exc)]) from None
    return parse_deck(text, path.name, sets=sets, default_name=path.stem)


def _read_data(text: str, file: str) -> Any:
    """The data of a deck file's text (JSON if ``file`` ends in .json or the text starts
    with ``{``, else TOML); a :class:`DeckFileError` naming the line of a syntax error."""
    is_json = file.lower().endswith(".json") or text.lstrip().startswith("{")
    try:
        return parse_json(text, file) if is_json else parse_toml(text, file)
    except FileError as exc:
        if exc.line is None:
            raise DeckFileError([str(exc)]) from None
        if is_json:
            raise DeckFileError([f"{file}:{exc.line}: JSON syntax error: {exc.reason} (column {exc.column})"]) from None
        raise DeckFileError([f"{file}:{exc.line}: TOML syntax error: {exc.reason}"]) from None


def parse_deck(text: str, file: str = "deck.toml", sets: Sequence[str] | None = None,
               default_name: str | None = None) -> Deck:
    """Parse deck-file ``text`` (JSON if ``file`` ends in .json or the text starts with
    ``{``, else TOML) and check it against the cards of ``sets`` (default: the deck's
    own ``sets`` key, else every set that loads). Linear in the text's length: each
    list holds at most :data:`MAX_LIST_CARDS` cards and each entry at most
    :data:`MAX_ENTRY_CHARS` characters."""
    data = _read_data(text, file)
    lines = _Lines(text)
    problems: list[tuple[int, str]] = []
    if not isinstance(data, dict):
        raise DeckError([f"{file}:1: a deck file holds a table (TOML) or an object (JSON)"])
    unknown = [key for key in data if key not in KEYS]
    for key in unknown[:MAX_UNKNOWN_KEYS]:
        near = difflib.get_close_matches(key, KEYS, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else f" (the keys are {', '.join(KEYS)})"
        problems.append((lines.key(key), f"unknown key {key!r}{hint}"))
    if len(unknown) > MAX_UNKNOWN_KEYS:
        problems.append((1, f"and {len(unknown) - MAX_UNKNOWN_KEYS} more unknown keys"))
    name = data.get("name", default_name or Path(file).stem)
    if isinstance(name, str):
        name = clean_text(name)  # shown at the table: no control or escape sequence (core/text.py)
    if not isinstance(name, str) or not name.strip():
        problems.append((lines.key("name"), "'name' must be a non-empty string"))
        name = default_name or "deck"
    codes = sets if sets is not None else data.get("sets")
    if codes is not None and (not isinstance(codes, (list, tuple)) or not _strings(list(codes))
                              or any(c not in SET_FILES for c in codes)):
        problems.append((lines.key("sets"), f"'sets' lists set codes among {', '.join(SET_FILES)},"
                                            f" not {_short(codes)}"))
        codes = None
    card_sets, missing = available_sets(codes)
    if codes is not None and missing:
        problems.append((lines.key("sets"), "set(s) that cannot be loaded: " + "; ".join(missing)))
    index = CardIndex(card_sets)

    entries: dict[str, list[tuple[Card, str | None, int]]] = {}
    key_lines = {key: lines.key(key) for key in KEYS}
    for key in ("archive_1", "archive_2", "wounds", "starting_deck"):
        if key not in data:
            if key != "starting_deck":
                problems.append((1, f"missing {key!r}"))
            continue
        raw = data[key]
        if not _strings(raw):
            problems.append((key_lines[key], f"{key!r} must be a list of strings"))
            continue
        parsed = _list_entries(key, raw, index, card_sets, lines, problems)
        if parsed is not None:
            entries[key] = parsed
    problems += _rules(entries, ARCHIVES, key_lines, "starting_deck" in data)
    if problems:
        ordered = sorted(dict.fromkeys(problems), key=lambda p: p[0])
        raise DeckError([f"{file}:{line or 1}: {msg}" for line, msg in ordered])
    return Deck(name.strip(),
                (tuple(c.id for c, _, _ in entries["archive_1"]), tuple(c.id for c, _, _ in entries["archive_2"])),
                tuple((c.id, t) for c, t, _ in entries["wounds"]),
                tuple(c.id for c, _, _ in entries["starting_deck"]) if "starting_deck" in entries else None)


def _list_entries(key: str, raw: list[str], index: CardIndex, card_sets: Sequence[Any], lines: _Lines,
                  problems: list[tuple[int, str]]) -> list[tuple[Card, str | None, int]] | None:
    """The cards of one deck list as (card, wound type, line), each problem noted; None
    when the list is longer than any deck list can be (:data:`MAX_LIST_CARDS`)."""
    parsed: list[tuple[Card, str | None, int]] = []
    if len(raw) > MAX_LIST_CARDS:
        problems.append((lines.key(key), f"{key!r} lists {len(raw):,} entries; a deck list holds at most"
                                         f" {MAX_LIST_CARDS} cards"))
        return None
    for item in raw:
        line = lines.entry(key, item)
        if len(item) > MAX_ENTRY_CHARS:
            problems.append((line, f"{_short(item)}: longer than {MAX_ENTRY_CHARS} characters, not a card"))
            continue
        count, rest = 1, item.strip()
        m = _COUNT_RE.match(rest)
        if m:
            count, rest = int(m.group(1)), m.group(2)
            if count < 1:
                problems.append((line, f"{item!r}: a count must be at least 1"))
                continue
            if len(parsed) + count > MAX_LIST_CARDS:
                problems.append((line, f"{item!r}: {key!r} would hold more than {MAX_LIST_CARDS} cards,"
                                       f" the most a deck list holds"))
                return None
        wtype = None
        if key == "wounds":
            card = index.find(rest)
            w = _WOUND_RE.match(rest) if card is None or card.type != "wound" else None
            if w is not None and index.find(w.group("kind")) is not None:
                rest = w.group("kind")
                card, wtype = index.find(rest), (w.group("a") or w.group("b")).lower()
            if card is not None and card.type == "wound" and wtype is None:
                problems.append((line, f"wound {rest!r} needs a type: write '{card.printed_name} (bite)',"
                                       " '(burn)' or '(bleed)'"))
                continue
        else:
            card = index.find(rest)
        if card is None:
            hint = index.suggest(rest)
            sets_note = f" in sets {', '.join(s.code for s in card_sets)}" if card_sets else ""
            problems.append((line, f"unknown card {rest!r}{sets_note}"
                                   + (f"; did you mean {hint!r}?" if hint else "")))
            continue
        parsed += [(card, wtype, line)] * count
    return parsed


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to about ``limit`` characters for a message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class _Lines:
    """Line numbers of keys and list entries found by scanning the text (tomllib gives
    line numbers only for syntax errors). An entry is looked for after the previous
    entry of the same key, so repeated entries get their own lines. The text's quoted
    strings and line starts are indexed once: each look-up is a binary search, so a
    whole file is placed in time linear in its length (times a log)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.cursor: dict[str, int] = {}
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.quoted: dict[str, list[int]] = {}  # a quoted string, as written -> where it starts
        for m in _QUOTED_RE.finditer(text):
            self.quoted.setdefault(m.group(0), []).append(m.start())

    def _line(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)

    def key(self, key: str) -> int:
        m = re.search(rf'(?m)^\s*"?{re.escape(key)}"?\s*[=:]', self.text)
        if m is None:
            m = re.search(rf'"{re.escape(key)}"\s*:', self.text)
        return self._line(m.start() + len(m.group(0)) - len(m.group(0).lstrip())) if m else 0

    def entry(self, key: str, item: str) -> int:
        if key not in self.cursor:
            m = re.search(rf'(?m)^\s*"?{re.escape(key)}"?\s*[=:]|"{re.escape(key)}"\s*:', self.text)
            self.cursor[key] = m.end() if m else 0
        start = self.cursor[key]
        best = -1
        for quoted in (json.dumps(item), f"'{item}'", f'"{item}"'):
            at = self._next(quoted, start)
            if at >= 0 and (best < 0 or at < best):
                best = at
        if best < 0:
            return self._line(start)
        self.cursor[key] = best + 1
        return self._line(best)

    def _next(self, quoted: str, start: int) -> int:
        """Where ``quoted`` is first written at or after ``start`` (-1: nowhere)."""
        places = self.quoted.get(quoted)
        if not places:
            return -1
        k = bisect.bisect_left(places, start)
        return places[k] if k < len(places) else -1


# ---------------------------------------------------------------------- in play
# The rules of a constructed game: setup (rules 168-169), wounds from your own stack and
# elimination (171, reading 15), exile to the bottom of the stack (172), no claim from
# opposing archives (170), the end of the game. :class:`ConstructedFormat` (the game's
# ``format``) hands them to the shared engine, which never asks which format it plays.

_STRUCTURAL = frozenset({"turn", "combat", "window", "declare_attacks", "declare_blocks", "combat_damage",
                         "chain", "resolve_card", "claim", "cleanup", "eliminate", "draft", "deal_hands",
                         "starters"})


def setup_game(state) -> None:
    """Rules 168-169 and 173: no draft and no commons; each player's starting deck (the
    deck's own, or two of each standard starter); each private archive's 12 cards
    shuffled, face up; each player's 15 wounds shuffled into their own face-down stack
    (reading 15); the moons, the opening hands and the first player as usual."""
    game = state.game
    standard = [s.id for s in setup.starters(game) for _ in range(setup.STARTER_COPIES)]
    for p, deck in enumerate(game.decks):
        for card_id in deck.starting or standard:
            state.decks[p].append(state.new_instance(card_id, owner=p))
    state.wound_stacks = [[] for _ in game.decks]
    for p, deck in enumerate(game.decks):
        for archive in deck.archives:
            cards = [state.new_instance(card_id) for card_id in archive]
            state.rng.shuffle(cards)
            state.archives.append({"card": state.cards[cards[-1]], "owner": p, "cards": cards, "mixed": True})
        stack = [state.new_instance(card_id, wound_type=wtype) for card_id, wtype in deck.wounds]
        state.rng.shuffle(stack)
        state.wound_stacks[p] = stack
    state.face_up = 0  # no face-up wounds: the game ends by elimination (reading 15)
    setup.moon_stack(state)
    setup.setup_event(state)
    state.events.append({"type": "constructed", "decks": [d.name for d in game.decks],
                         "wound_stacks": [len(s) for s in state.wound_stacks]})
    setup.deal_hands(state)
    state.stack.append({"op": "turn", "step": 0})


def alive(state) -> list[int]:
    """The players not eliminated, in seat order."""
    return [p for p in range(state.game.num_players) if p not in state.eliminated]


def take_wounds(state, player: int, count: int, reason: str) -> None:
    """Rule 171: each wound comes from the top of the player's own wound stack onto their
    discard pile. The moment the stack runs out the player is eliminated (reading 15); an
    eliminated player takes no more wounds."""
    if player in state.eliminated:
        return
    stack = state.wound_stacks[player]
    given = []
    for _ in range(count):
        if not stack:
            break
        cid = stack.pop()
        state.owner[cid] = player
        state.discards[player].append(cid)
        given.append(cid)
    state.events.append({"type": "wounds", "player": player, "count": len(given), "cards": given,
                         "reason": reason})
    if not stack:
        eliminate(state, player)


def wound_to_bottom(state, cid: int, reason: str) -> None:
    """Rule 172: a wound that would be exiled goes to the bottom of that player's wound
    stack instead (the player who holds it; every wound a player holds came from their
    own stack, rule 171)."""
    p = state.owner[cid]
    if not 0 <= p < len(state.wound_stacks):  # no holder (never happens in play): the exile stands
        state.exiled.append(cid)
        state.events.append({"type": "exile", "card": cid, "reason": reason})
        return
    state.owner[cid] = -1
    state.wound_stacks[p].insert(0, cid)
    state.events.append({"type": "wound_to_stack", "player": p, "card": cid, "reason": reason,
                         "where": "bottom"})


def eliminate(state, player: int) -> None:
    """Reading 15: the player is out at once. When one player is left the game ends with
    them the winner (so there is no tie), the eliminated player's minions leaving play for
    the discard piles. Otherwise an ``eliminate`` frame runs right
    after the effect in progress: the player's cards leave play and the rest of their
    turn, if it is theirs, is lost."""
    state.eliminated.append(player)
    state.events.append({"type": "eliminated", "player": player, "wounds": state.wound_count(player)[0]})
    if len(alive(state)) == 1:
        for m in list(state.play[player]):  # their minions leave play, as for any elimination
            state.leave_play(m, "discarded")
        finish(state)
        return
    frame = {"op": "eliminate", "player": player}
    if state.stack:
        state.stack.insert(len(state.stack) - 1, frame)  # under the frame now running
    else:
        state.stack.append(frame)


@op("eliminate")
def _eliminate_op(state, frame, choice):
    """An eliminated player's minions (and the actions attached to them) leave play for
    their owners' discard piles, as at the end of combat (not destroyed); their orders
    waiting in the chain go to their discard pile unresolved (one resolving now finishes,
    with nothing more asked of them); effects they control or choose for stop. If it was
    their turn, the turn ends at once: an order of another player resolving at that
    moment leaves the chain as usual (a minion enters play, an action is discarded), the
    rest of the chain is discarded unresolved, the turn's effects end, and the next player
    still in the game takes a turn. Their hand, deck,
    discard pile and archives stay where they are, out of the game."""
    p = frame["player"]
    for m in list(state.play[p]):
        state.leave_play(m, "discarded")
    resolving = (state.flags.get("resolving") or {}).get("card")
    turn_over = p == state.active
    kept = []
    for entry in state.chain:
        if turn_over and entry["card"] == resolving and entry["player"] != p:
            # the order whose effect eliminated the active player leaves the chain as usual
            if state.card(resolving).is_minion:
                state.enter_play(resolving, entry["player"])
            else:
                state.put_in_discard(resolving)
        elif turn_over or (entry["player"] == p and entry["card"] != resolving):
            state.put_in_discard(entry["card"])
            state.events.append({"type": "unresolved", "card": entry["card"], "player": entry["player"]})
        else:
            kept.append(entry)
    state.chain[:] = kept
    if turn_over:
        bottom = max(i for i, f in enumerate(state.stack) if f["op"] == "turn")
        state.stack[bottom + 1:] = [frame]
        state.stack[bottom]["step"] = 5  # straight to the end of the turn
        state.flags.pop("resolving", None)
        state.flags["attacks"] = []
        state.effects = [e for e in state.effects if e.get("until") == "lasting"]
    else:
        state.stack[:] = [f for f in state.stack if f is frame or f["op"] in _STRUCTURAL
                          or p not in (f.get("controller"), f.get("chooser"), f.get("victim"))]
    return DONE


def settle(state) -> None:
    """A decision that falls to an eliminated player (a frame left over from before the
    elimination) is answered for them: Pass or Done when offered, else the first option.
    Called after every action; a finished game asks nothing."""
    while state.ask is not None and not state.over and state.ask.player in state.eliminated:
        options = state.ask.options
        pick = PASS if PASS in options else DONE_ACTION if DONE_ACTION in options else options[0]
        state.ask = None
        engine.run(state, pick)
    if state.over:
        state.ask = None


def finish(state) -> None:
    """Reading 15: the last player left wins; ``game_over`` lists everyone's wounds and
    the order players were eliminated in."""
    left = alive(state)
    n = state.game.num_players
    state.winner = left[0] if len(left) == 1 else -1
    state.over = True
    state.ask = None
    state.phase = "over"
    state.events.append({"type": "game_over", "winner": state.winner,
                         "wounds": [state.wound_count(p)[0] for p in range(n)],
                         "eliminated": list(state.eliminated)})


def view(state, player: int, obs: dict[str, Any]) -> None:
    """The constructed parts of ``observation(player)``: each archive's top card (its
    ``card`` is the top card's, rule 169) and, as a sorted list that says nothing of
    their order, the cards under it; each player's wound stack the same way (face down,
    reading 15); who is eliminated. Deck lists are public (they are in the setup)."""
    for k, archive in enumerate(state.archives):
        shown = obs["archives"][k]
        cards = archive["cards"]
        shown["top"] = cards[-1] if cards else None
        if cards:
            shown["card"] = state.cards[cards[-1]]
        shown["under"] = sorted(cards[:-1])
    obs["wound_stacks"] = [sorted(s) for s in state.wound_stacks]
    obs["eliminated"] = list(state.eliminated)


def determinize(game, obs: dict[str, Any], rng: Any):
    """:meth:`NightfallGame.determinize` for a constructed game: the cards the viewer
    cannot see (other hands, every deck's unknown order, archive cards under the top,
    every wound stack's order) are re-dealt at random among their places."""
    state = NightfallState(game)
    state.cards, state.wtype, state.owner = list(obs["cards"]), list(obs["wtype"]), list(obs["owner"])
    placed = visible_cards(obs)
    archives = []
    for a in obs["archives"]:
        under = list(a["under"])
        rng.shuffle(under)
        cards = under + ([a["top"]] if a["top"] is not None else [])
        placed.update(cards)
        archives.append({"card": a["card"], "owner": a["owner"], "cards": cards, "mixed": True})
    stacks = []
    for s in obs["wound_stacks"]:
        s = list(s)
        rng.shuffle(s)
        placed.update(s)
        stacks.append(s)
    hidden: dict[Any, list[int]] = {}
    for cid, owner in enumerate(state.owner):
        if cid not in placed:
            hidden.setdefault(owner if owner >= 0 else "moon", []).append(cid)
    for cards in hidden.values():
        rng.shuffle(cards)
    deal_hands_and_decks(state, obs, hidden)
    state.moons = hidden.pop("moon", []) + ([obs["moon"]] if obs["moon"] is not None else [])
    if any(hidden.values()) or len(state.moons) != obs["moon_count"]:
        raise ValueError("observation is inconsistent with the cards of this game")
    state.archives, state.wound_stacks = archives, stacks
    state.eliminated = list(obs["eliminated"])
    state.wounds = []
    copy_public(state, obs, rng)
    state.check_cards()
    if not state.over:
        engine.run(state)
        settle(state)
    return state


class ConstructedFormat(StandardFormat):
    """The constructed format (rules 166-173, reading 15) as the game's ``format``: each
    player's own decks, archives and wound stack; elimination; the last player left wins.
    Its state is two fields of :class:`NightfallState`: ``wound_stacks`` (one per player,
    top = end) and ``eliminated`` (in the order they went out)."""

    name = "constructed"
    common_archives = False  # rule 168, reading 15: there are no common archives
    wounds_into_archives = False  # rule 170 (checklist ambiguity 15): no wound goes into an archive

    def __init__(self, game: Any) -> None:
        """The format of ``game``, whose ``decks`` it plays."""
        super().__init__(game)
        self.decks = game.decks

    def setup(self, state) -> None:
        """Rules 168-169 and 173: :func:`setup_game`."""
        setup_game(state)

    def determinize(self, game, observation: dict[str, Any], rng: Any):
        """Archive orders and wound stacks re-dealt too: :func:`determinize`."""
        return determinize(game, observation, rng)

    def after_action(self, state) -> None:
        """Nothing is asked of an eliminated player: :func:`settle`."""
        settle(state)

    def in_game(self, state, player: int) -> bool:
        """Reading 15: an eliminated player is out of the game."""
        return player not in state.eliminated

    def opponents(self, state, player: int) -> list[int]:
        """The other players still in the game, clockwise from ``player`` (rule 101)."""
        n = state.game.num_players
        return [(player + k) % n for k in range(1, n) if (player + k) % n not in state.eliminated]

    def clockwise_from(self, state, player: int) -> list[int]:
        """``player``, then the others still in the game, clockwise."""
        n = state.game.num_players
        return [player] + [(player + k) % n for k in range(1, n) if (player + k) % n not in state.eliminated]

    def seating(self, state, player: int) -> tuple[int, ...]:
        """:meth:`clockwise_from` as a tuple: the players still in the game change."""
        return tuple(self.clockwise_from(state, player))

    def next_active(self, state) -> int:
        """The next player to the left who is still in the game: an eliminated player has no turns."""
        n = state.game.num_players
        player = (state.active + 1) % n
        while player in state.eliminated:
            player = (player + 1) % n
        return player

    def give_wounds(self, state, player: int, count: int, reason: str) -> None:
        """Rule 171: from the player's own wound stack: :func:`take_wounds`."""
        take_wounds(state, player, count, reason)

    def exile(self, state, cid: int, reason: str) -> None:
        """Rule 172: a wound goes to the bottom of its player's wound stack instead
        (:func:`wound_to_bottom`); any other card is exiled (rule 44)."""
        if state.wtype[cid] is not None:
            wound_to_bottom(state, cid, reason)
        else:
            super().exile(state, cid, reason)

    def wound_onto_stack(self, state, player: int, cid: int) -> None:
        """Rules 171-172: on top of ``player``'s own wound stack."""
        state.owner[cid] = -1
        state.wound_stacks[player].append(cid)

    def claimable(self, state, player: int, archives: list[int]) -> list[int]:
        """Rule 170: only your own archives, whatever card text says."""
        return [k for k in archives if state.archives[k]["owner"] == player]

    def finish(self, state) -> None:
        """Reading 15: the last player left wins (:func:`finish`)."""
        finish(state)

    def outcome(self, state) -> Outcome:
        """Reading 15: the last player left wins, by elimination (or nobody, when every
        player went out at once)."""
        order = ", ".join(f"player {p + 1}" for p in state.eliminated)
        if state.winner < 0:
            return Outcome(winners=(), reason=EndReason.ELIMINATION,
                           detail=f"every player was eliminated (in order: {order})")
        return Outcome(winners=(state.winner,), reason=EndReason.ELIMINATION,
                       detail=f"player {state.winner + 1} is the last player left (eliminated: {order})")

    def observe(self, state, player: int, obs: dict[str, Any]) -> None:
        """Archive tops, hidden orders, wound stacks, eliminations: :func:`view`."""
        view(state, player, obs)

    def save(self, state, data: dict[str, Any]) -> None:
        """Each player's wound stack and the eliminated players (rules 171-172, reading 15)."""
        data["wound_stacks"] = engine.deep_copy(state.wound_stacks)
        data["eliminated"] = list(state.eliminated)

    def load(self, state, data: dict[str, Any]) -> None:
        """The fields :meth:`save` wrote; a constructed game has one wound stack per player."""
        state.wound_stacks = [list(w) for w in data["wound_stacks"]]
        state.eliminated = [int(p) for p in data["eliminated"]]
        if len(state.wound_stacks) != state.game.num_players:
            raise RecordError("a constructed game has one wound stack per player")
