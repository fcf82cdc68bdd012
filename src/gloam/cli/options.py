"""The game-setup options shared by ``gloam play`` and ``gloam simulate``: one place
that turns command-line options into a game's setup."""

from __future__ import annotations

import argparse
from typing import Any

from gloam.core.errors import SetupError
from gloam.games import declaration, declarations


def add_setup_options(parser: argparse.ArgumentParser) -> None:
    """Nightmarium's --creatures and --composition; Nightfall's archive setup, --moons,
    --long, --sets, --wounds and the variant flags; --cards for both."""
    parser.add_argument("--creatures", type=int, choices=(5, 6, 7), default=5,
                        help="Nightmarium: complete Creatures needed to win (default 5)")
    parser.add_argument("--composition", metavar="FILE",
                        help="Nightmarium: your own card composition (.json or .toml) instead of the standard one")
    parser.add_argument("--cards", metavar="FILE",
                        help="your own card values (.toml or .json; docs/user-cards.md): Nightfall, the values"
                             " of the printed cards you own; Nightmarium, the same as --composition")
    archives = parser.add_mutually_exclusive_group()
    archives.add_argument("--quick-start", dest="archives", action="store_const", const="quick",
                          help="Nightfall: the quick-start archive pairs (the default)")
    archives.add_argument("--draft", dest="archives", action="store_const", const="draft",
                          help="Nightfall: draft the archives (The Coldest War procedure)")
    archives.add_argument("--ml-draft", dest="archives", action="store_const", const="ml-draft",
                          help="Nightfall: draft the archives (the Martial Law procedure)")
    parser.add_argument("--moons", action="store_true", help="Nightfall: play with the moon phases")
    parser.add_argument("--long", action="store_true", help="Nightfall: longer games (5 more wounds per player)")
    parser.add_argument("--sets", metavar="CODE,CODE", type=_codes,
                        help="Nightfall: the sets to mix, e.g. CW,ML (default CW)")
    parser.add_argument("--draft-cards", type=int, metavar="N",
                        help="Nightfall drafts: draft cards dealt to each player (rule 19: 4 with one set,"
                             " 5-6 with two, 7-10 with more; default the lowest)")
    parser.add_argument("--wounds", metavar="CODE,CODE", type=_codes,
                        help="Nightfall: the sets whose wound cards form the wound stack (default: every"
                             " chosen set's)")
    parser.add_argument("--deck", dest="decks", action="append", metavar="FILE",
                        help="Nightfall: a constructed game (rules 166-173): a deck file (.toml or .json,"
                             " see docs/constructed.md) for every player, or one --deck per player in seat order")
    variants = parser.add_argument_group("Nightfall variants (rules 34, 174-179)")
    variants.add_argument("--common-ground", action="store_true",
                          help="no private archives: every draft pick goes to the commons")
    variants.add_argument("--hidden-archives", action="store_true",
                          help="with --draft: fill the commons after drafting, not before")
    variants.add_argument("--secret-archives", action="store_true",
                          help="private archives stay face down until their owner first claims from one")
    variants.add_argument("--open-archives", action="store_true",
                          help="8 commons face up first, then 3 draft cards each (2 private picks)")
    variants.add_argument("--upstream", action="store_true", help="pass draft cards to the right")
    variants.add_argument("--custom-starters", action="store_true",
                          help="with --sets mixing starters: choose two starting minions of each colour")
    variants.add_argument("--teams", action="store_true",
                          help="Team Play for 4 or 6 players: seats opposite each other are teammates")


def _codes(text: str) -> list[str]:
    """A comma-separated list of set codes, e.g. ``CW,ML``."""
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if not codes:
        raise argparse.ArgumentTypeError(f"name at least one set code, not {text!r}")
    return codes


def setup_from_args(args: argparse.Namespace, players: int, **extra: Any) -> dict[str, Any]:
    """The setup of ``args.game`` for ``players`` seats plus ``extra`` entries, made by the
    game's declaration (``cli_setup``); an option of another game is refused with
    :class:`SetupError` (that game's ``cli_foreign``)."""
    options = vars(args)
    for other in declarations():
        refusal = other.name != args.game and other.cli_foreign(options)
        if refusal:
            raise SetupError(refusal)
    return declaration(args.game).cli_setup(options, {"players": players, **extra})


def composition_file(args: argparse.Namespace) -> str | None:
    """Nightmarium's composition file (``--composition FILE`` or ``--cards FILE``)."""
    from gloam.nightmarium.declaration import composition_file as from_options

    return from_options(vars(args))


def read_position(path: str):
    """The state a position file describes: :class:`FileError` naming the file if it
    cannot be read as TOML (at most ``MAX_POSITION_BYTES``), else :class:`PositionError`
    listing the position's faults."""
    from gloam.core.files import parse_toml, read_text_file
    from gloam.core.positions import MAX_POSITION_BYTES
    from gloam.games import parse_position

    return parse_position(parse_toml(read_text_file(path, MAX_POSITION_BYTES), path))
