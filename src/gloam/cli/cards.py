"""``gloam cards GAME [--set CODE] [--json] [--lang ja]``: every card with its fields and
where each field comes from (a seed, with its source, or gloam's design). With
``--lang ja`` the table shows each Nightfall card's Japanese name (seed 002) under its
English name."""

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
    parser.add_argument("game", choices=("nightfall", "nightmarium"))
    parser.add_argument("--set", dest="set_code", default="CW", metavar="CODE",
                        help="Nightfall set code (default CW, The Coldest War)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--lang", default="en", metavar="{en,ja}",
                        help="ja: show each Nightfall card's Japanese name (seed 002) under its English name")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        from gloam.nightfall.i18n import check_lang

        lang = check_lang(getattr(args, "lang", "en"))
        data = nightfall_cards(args.set_code) if args.game == "nightfall" else nightmarium_cards()
    except GloamError as exc:
        print_error(str(exc), "gloam cards")
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    console = safe_console()
    table = Table(title=data["title"], box=box.SIMPLE_HEAD, show_lines=True)
    table.add_column("card", no_wrap=True)
    table.add_column("fields (designed values in italics, †)")
    for card in data["cards"]:
        lines = Text()
        for field, value in card["fields"].items():
            lines.append(f"{field}: ", style="bold")
            if field == "kicker":  # colour and text have their own provenance: each part its own mark
                for k, (part, key) in enumerate(((value["colour"], "kicker_colour"), (value["text"], "kicker"))):
                    designed = _designed(card, key)
                    lines.append(" — " if k else "")
                    lines.append(f"{part}{' †' if designed else ''}", style="italic" if designed else "")
                lines.append("\n")
                continue
            designed = _designed(card, field)
            lines.append(f"{_plain(value)}{' †' if designed else ''}\n", style="italic" if designed else "")
        name_ja = card["fields"].get("name_ja") if lang == "ja" else None
        table.add_row(f"{card['name']}\n{name_ja}" if name_ja else card["name"], lines)
    console.print(table)
    console.print("† designed by gloam: not stated by any source document", style="dim")
    return 0


def _designed(card: dict[str, Any], field: str) -> bool:
    """Whether ``field`` of ``card`` is wholly or partly gloam's design (not only a seed)."""
    return card["provenance"].get(field, {}).get("kind", "seed") != "seed"


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(map(str, value))
    if isinstance(value, dict):
        return " — ".join(f"{v}" for v in value.values())
    return str(value)


def nightfall_cards(code: str) -> dict[str, Any]:
    from gloam.nightfall.cards import load_set

    card_set = load_set(code)
    cards = []
    for card in card_set.cards:
        fields = {}
        for field in FIELDS:
            value = getattr(card, field, None)
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
        cards.append({"id": card.id, "name": card.printed_name, "fields": fields, "provenance": provenance,
                      "faq_rulings": rulings})
    return {"game": "nightfall", "set": card_set.code, "title": card_set.title, "cards": cards}


def nightmarium_cards() -> dict[str, Any]:
    from gloam.nightmarium.cards import standard_composition

    comp = standard_composition()
    cards = [{"id": c.id, "name": c.code,
              "fields": {"legion": c.legion_name, "parts": list(c.part_names), "ability": c.ability_name},
              "provenance": {k: comp.provenance[k] for k in ("legion", "parts", "ability")}}
             for c in comp.cards]
    return {"game": "nightmarium", "title": comp.title, "provenance": comp.provenance, "cards": cards}
