"""``gloam deck check FILE [FILE ...]``: check Nightfall constructed deck files (rules
166-173, docs/constructed.md). A valid deck prints a summary; every problem is printed as
``file:line: message`` on stderr and the command exits 1. A file that cannot be read as
a deck file at all (missing, not a regular file, over 1 MiB, not UTF-8, a TOML or JSON
syntax error) is one ``gloam deck: error: ...`` line, and the command exits 2.

    gloam deck check wolves.toml
    gloam deck check wolves.toml --sets CW,ML
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gloam.core.errors import GloamError

EXIT_INVALID = 1
EXIT_USAGE = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("deck", help="check Nightfall constructed deck files",
                                   description="Nightfall constructed decks (rules 166-173).")
    sub = parser.add_subparsers(dest="deck_command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="check deck files and print a summary of each",
                           description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("files", nargs="+", metavar="FILE", help="deck files (.toml or .json)")
    check.add_argument("--sets", metavar="CODE,CODE",
                       help="the sets the cards may come from (default: the deck's 'sets', else every set)")
    check.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """0 when every file is a valid deck, 1 when one is not, 2 on a bad option or a file
    that is not a deck file at all."""
    from gloam.nightfall.cards import SET_FILES
    from gloam.nightfall.constructed import CardIndex, DeckError, DeckFileError, available_sets, load_deck

    sets = None
    if args.sets:
        sets = [c.strip().upper() for c in args.sets.split(",") if c.strip()]
        unknown = [c for c in sets if c not in SET_FILES]
        if not sets or unknown:
            print(f"gloam deck: error: --sets takes set codes among {', '.join(SET_FILES)}, not {args.sets!r}",
                  file=sys.stderr)
            return EXIT_USAGE
    status = 0
    for file in args.files:
        try:
            deck = load_deck(file, sets=sets)
        except DeckFileError as exc:
            print(f"gloam deck: error: {' '.join(exc.problems)}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        except DeckError as exc:
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            count = len(exc.problems)
            print(f"{file}: not a valid deck ({count} problem{'s' if count != 1 else ''})", file=sys.stderr)
            status = max(status, EXIT_INVALID)
            continue
        except GloamError as exc:
            print(f"gloam deck: error: {exc}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        loaded, _ = available_sets(deck.sets())
        print(deck.summary(CardIndex(loaded).by_id))
    return status
