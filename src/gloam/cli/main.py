"""The ``gloam`` command: ``play``, ``replay``, ``simulate``, ``report``, ``ladder``, ``cards``,
``deck``, ``series``, ``position``, ``serve``."""

from __future__ import annotations

import argparse
import sys

from gloam import __version__
from gloam.core.errors import GloamError


def build_parser() -> argparse.ArgumentParser:
    from gloam.cli import cards, deck, ladder, play, position, replay, report, series, serve, simulate

    parser = argparse.ArgumentParser(prog="gloam", description="Play and study Nightfall and Nightmarium.")
    parser.add_argument("--version", action="version", version=f"gloam {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (play, replay, simulate, report, ladder, cards, deck, series, position, serve):
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one ``gloam`` command. A typed error (``gloam.core.errors``) that reaches here
    — a bad file or option the command did not report itself — is one line
    ``gloam COMMAND: error: ...`` on stderr and exit 2, as argparse reports a bad option;
    any other exception is a bug and keeps its traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except GloamError as exc:
        print(error_line(args.command, exc), file=sys.stderr)
        return 2


def error_line(command: str, exc: BaseException) -> str:
    """``gloam COMMAND: error: message``, the message's lines joined into one."""
    message = "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    return f"gloam {command}: error: {message or type(exc).__name__}"


if __name__ == "__main__":
    sys.exit(main())
