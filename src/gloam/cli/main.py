"""The ``gloam`` command: ``play``, ``replay``, ``simulate``, ``report``, ``ladder``, ``cards``,
``deck``, ``series``, ``position``, ``serve``."""

from __future__ import annotations

import argparse
import sys

from gloam import __version__


def build_parser() -> argparse.ArgumentParser:
    from gloam.cli import cards, deck, ladder, play, position, replay, report, series, serve, simulate

    parser = argparse.ArgumentParser(prog="gloam", description="Play and study Nightfall and Nightmarium.")
    parser.add_argument("--version", action="version", version=f"gloam {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (play, replay, simulate, report, ladder, cards, deck, series, position, serve):
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
