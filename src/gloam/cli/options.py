"""The game-setup options shared by ``gloam play`` and ``gloam simulate``: one place
that turns command-line options into a game's setup."""

from __future__ import annotations

import argparse
from typing import Any

from gloam.core.errors import SetupError
from gloam.nightmarium.cards import load_composition

NIGHTFALL_ONLY = "--quick-start, --draft, --ml-draft, --moons and --long are Nightfall options"
NIGHTMARIUM_ONLY = "--composition and --creatures are Nightmarium options"


def add_setup_options(parser: argparse.ArgumentParser) -> None:
    """Nightmarium's --creatures and --composition; Nightfall's archive setup, --moons
    and --long."""
    parser.add_argument("--creatures", type=int, choices=(5, 6, 7), default=5,
                        help="Nightmarium: complete Creatures needed to win (default 5)")
    parser.add_argument("--composition", metavar="FILE",
                        help="Nightmarium: your own card composition (.json or .toml) instead of the standard one")
    archives = parser.add_mutually_exclusive_group()
    archives.add_argument("--quick-start", dest="archives", action="store_const", const="quick",
                          help="Nightfall: the quick-start archive pairs (the default)")
    archives.add_argument("--draft", dest="archives", action="store_const", const="draft",
                          help="Nightfall: draft the archives (The Coldest War procedure)")
    archives.add_argument("--ml-draft", dest="archives", action="store_const", const="ml-draft",
                          help="Nightfall: draft the archives (the Martial Law procedure)")
    parser.add_argument("--moons", action="store_true", help="Nightfall: play with the moon phases")
    parser.add_argument("--long", action="store_true", help="Nightfall: longer games (5 more wounds per player)")


def setup_from_args(args: argparse.Namespace, players: int, **extra: Any) -> dict[str, Any]:
    """The setup of ``args.game`` for ``players`` seats plus ``extra`` entries; an option
    of the other game is refused with :class:`SetupError`."""
    setup: dict[str, Any] = {"players": players, **extra}
    if args.game == "nightfall":
        if args.composition or args.creatures != 5:
            raise SetupError(NIGHTMARIUM_ONLY)
        return dict(setup, archives=args.archives or "quick", moons=args.moons, long=args.long)
    if args.archives or args.moons or args.long:
        raise SetupError(NIGHTFALL_ONLY)
    setup["creatures"] = args.creatures
    if args.composition:
        setup["composition"] = load_composition(args.composition).to_setup()
    return setup
