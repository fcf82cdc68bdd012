"""``gloam cards GAME [--set CODE] [--cards FILE] [--json] [--lang ja]``: every card with
its fields and where each field comes from (a seed, with its source, gloam's design, or
your own card file: ``--cards FILE`` shows its values with provenance ``user``; for
Nightmarium it is a composition file, as ``--composition``). With ``--lang ja`` the table
shows each Nightfall card's Japanese name (seed 002) under its English name."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from gloam.cli.console import print_error, safe_console
from gloam.core.errors import GloamError

FIELDS = ("type", "colour", "link_colours", "cost", "strength", "health", "keyword", "chain", "your_chain",
          "kicker", "feed", "combat", "your_combat", "in_play", "exile", "global_text", "wound_kind",
          "wound_text", "name_ja")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("cards", help="list every card with its fields and their provenance",
                                   description=__doc__)
    parser.add_argument("game", choices=sorted(CARD_LISTS))
    parser.add_argument("--set", dest="set_code", default="CW", metavar="CODE",
                        help="Nightfall set code (default CW, The Coldest War)")
    parser.add_argument("--cards", metavar="FILE",
                        help="your own card values (docs/user-cards.md): shown with provenance 'user'"
                             " (Nightmarium: a composition file)")
    parser.add_argument("--composition", metavar="FILE", help="Nightmarium: a composition file (as --cards)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="ja: show each Nightfall card's Japanese name (seed 002) under its English name")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        from gloam.nightfall.i18n import check_lang

        lang = check_lang(getattr(args, "lang", "en"))
        data = _cards(args)
    except GloamError as exc:
        print_error(str(exc), "gloam cards")
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    console = safe_console()
    table = Table(title=data["title"], box=box.SIMPLE_HEAD, show_lines=True)
    table.add_column("card", no_wrap=True)
    table.add_column("fields (designed values in italics, †; yours marked ✎)")
    for card in data["cards"]:
        lines = Text()
        for field, value in card["fields"].items():
            lines.append(f"{field}: ", style="bold")
            if field == "kicker":  # colour and text have their own provenance: each part its own mark
                for k, (part, key) in enumerate(((value["colour"], "kicker_colour"), (value["text"], "kicker"))):
                    lines.append(" — " if k else "")
                    lines.append(f"{part}{_mark(card, key)}", style=_style(card, key))
                lines.append("\n")
                continue
            lines.append(f"{_plain(value)}{_mark(card, field)}\n", style=_style(card, field))
        for field in card.get("cleared", ()):
            lines.append(f"{field}: ", style="bold")
            lines.append(f"none{_mark(card, field)}\n", style=_style(card, field))
        name_ja = card["fields"].get("name_ja") if lang == "ja" else None
        table.add_row(f"{card['name']}\n{name_ja}" if name_ja else card["name"], lines)
    console.print(table)
    console.print("† designed by gloam: not stated by any source document", style="dim")
    if data.get("user"):
        console.print(f"✎ yours: from {data['user']}", style="dim")
    return 0


def _cards(args: argparse.Namespace) -> dict[str, Any]:
    """The cards to list: a Nightfall set (with ``--cards FILE``'s values) or Nightmarium's
    composition (standard, or ``--cards`` / ``--composition FILE``), by the game's lister."""
    return CARD_LISTS[args.game](args)


def _nightfall_list(args: argparse.Namespace) -> dict[str, Any]:
    if getattr(args, "composition", None):
        raise GloamError("--composition is a Nightmarium option; for your own Nightfall values use --cards FILE")
    return nightfall_cards(args.set_code, getattr(args, "cards", None))


def _nightmarium_list(args: argparse.Namespace) -> dict[str, Any]:
    from gloam.cli.options import composition_file

    return nightmarium_cards(composition_file(args))


def _kind(card: dict[str, Any], field: str) -> str:
    return card["provenance"].get(field, {}).get("kind", "seed")


def _designed(card: dict[str, Any], field: str) -> bool:
    """Whether ``field`` of ``card`` is wholly or partly gloam's design (not a seed's or yours)."""
    return _kind(card, field) in ("designed", "seed+designed")


def _mark(card: dict[str, Any], field: str) -> str:
    return " †" if _designed(card, field) else " ✎" if _kind(card, field) == "user" else ""


def _style(card: dict[str, Any], field: str) -> str:
    return "italic" if _designed(card, field) else "bold" if _kind(card, field) == "user" else ""


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(map(str, value))
    if isinstance(value, dict):
        return " — ".join(f"{v}" for v in value.values())
    return str(value)


def nightfall_cards(code: str, user_file: str | None = None) -> dict[str, Any]:
    """Every card of set ``code`` with its fields and their provenance; with
    ``user_file``, that card file's values in place, provenance ``user``."""
    from gloam.nightfall.cards import load_set

    card_set = load_set(code)
    user = None
    if user_file is not None:
        from gloam.nightfall.user_cards import load_user_cards

        user = load_user_cards(user_file)
        card_set = user.apply(card_set)
    cards = []
    for card in card_set.cards:
        fields = {}
        for field in FIELDS:
            value: Any = getattr(card, field, None)
            if value in (None, (), "none") and field != "keyword":
                continue
            if field == "kicker":
                value = {"colour": value.colour, "text": value.text}
            elif field == "feed":
                value = {"on": value.on, "cost": value.cost}
            elif isinstance(value, tuple):
                value = list(value)
            fields[field] = value
        provenance = {k: {"kind": p.kind, **({"source": p.source} if p.source else {}),
                          **({"note": p.note} if p.note else {})} for k, p in card.provenance.items()}
        rulings = [{"text": r.text, "source": r.source} for r in card.faq_rulings]
        entry = {"id": card.id, "name": card.printed_name, "fields": fields, "provenance": provenance,
                 "faq_rulings": rulings}
        cleared = [f for f in card.user_fields() if _cleared(card, f)]  # "": your card has no such text
        if cleared:
            entry["cleared"] = cleared
        cards.append(entry)
    out = {"game": "nightfall", "set": card_set.code, "title": card_set.title, "cards": cards}
    if user is not None:
        out["user"] = user.source
    return out


def _cleared(card: Any, field: str) -> bool:
    """Whether the card has no value for ``field`` (a card file's ``""``)."""
    if field in ("kicker", "kicker_colour"):
        return card.kicker is None
    return getattr(card, field, None) is None


def nightmarium_cards(user_file: str | None = None) -> dict[str, Any]:
    """The Night Fears of the standard composition, or of the composition file
    ``user_file`` (``--cards`` / ``--composition``), whose every field is the player's:
    provenance ``user``."""
    from pathlib import Path

    from gloam.nightmarium.cards import load_composition, standard_composition

    if user_file is None:
        comp = standard_composition()
        field_provenance = {k: comp.provenance[k] for k in ("legion", "parts", "ability")}
    else:
        comp = load_composition(user_file)
        field_provenance = {k: {"kind": "user", "source": Path(user_file).name} for k in ("legion", "parts", "ability")}
    cards = [{"id": c.id, "name": c.code,
              "fields": {"legion": c.legion_name, "parts": list(c.part_names), "ability": c.ability_name},
              "provenance": dict(field_provenance)}
             for c in comp.cards]
    out = {"game": "nightmarium", "title": comp.title, "provenance": comp.provenance, "cards": cards}
    if user_file is not None:
        out["user"] = Path(user_file).name
    return out


#: each game's card list (``gloam cards GAME``)
CARD_LISTS = {"nightfall": _nightfall_list, "nightmarium": _nightmarium_list}
