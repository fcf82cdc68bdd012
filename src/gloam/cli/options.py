"""The game-setup options shared by ``gloam play``, ``simulate``, ``ladder`` and
``series``: the flags, made from each game's declared setup schema, and the one place
that turns them into a game's setup."""

from __future__ import annotations

import argparse
from typing import Any

from gloam.core.declaration import SetupOption
from gloam.core.errors import SetupError
from gloam.games import declaration, declarations


def add_setup_options(parser: argparse.ArgumentParser) -> None:
    """Every game's setup flags, made from its declaration's schema (``setup_options()``
    and ``cli_options()``, :class:`~gloam.core.declaration.SetupOption`): the names,
    defaults, choices and help are listed there once. A flag two games share
    (``--cards``) is one flag whose help gives each game's meaning."""
    shared: dict[str, list[tuple[str, SetupOption]]] = {}
    for game in declarations():
        for option in (*game.setup_options(), *game.cli_options()):
            if option.flag_name() is not None:
                shared.setdefault(option.key, []).append((game.title, option))
    for entries in shared.values():
        title, option = entries[0]
        help = "; ".join(f"{title}: {option.help}" for title, option in entries)
        _add_flag(parser, title, option, help)


def _add_flag(parser: argparse.ArgumentParser, title: str, option: SetupOption, help: str) -> None:
    """The flag (or flags) of one option; ``help`` its text, each game's named."""
    flag = option.flag_name()
    if flag is None:  # add_setup_options passes only options with a flag
        raise ValueError(f"{title}'s option {option.key!r} has no flag")
    if option.kind == "flag":
        parser.add_argument(flag, dest=option.key, action="store_true", help=help)
    elif option.kind == "flags":  # a flag each, in a group of their own
        group = parser.add_argument_group(f"{title} {option.help.removeprefix('the ')}")
        for choice, text in zip(option.choices or (), option.choice_help):
            group.add_argument("--" + choice.replace("_", "-"), action="store_true", help=text)
    elif option.choice_flags:  # one flag per value, at most one of them
        group = parser.add_mutually_exclusive_group()
        for value, choice_flag, text in zip(option.choices or (), option.choice_flags, option.choice_help):
            default = " (the default)" if value == option.default else ""
            group.add_argument(choice_flag, dest=option.key, action="store_const", const=value,
                               help=f"{title}: {text}{default}")
    elif option.kind == "choice":
        kind = type(option.default)
        parser.add_argument(flag, dest=option.key, type=kind, choices=option.choices, default=option.default,
                            help=f"{help} (default {option.default})")
    elif option.kind == "sets":
        default = f" (default {','.join(option.default)})" if option.default else ""
        parser.add_argument(flag, dest=option.key, metavar=option.metavar or "CODE,CODE", type=_codes,
                            help=help + default)
    elif option.kind == "int":
        parser.add_argument(flag, dest=option.key, type=int, metavar=option.metavar or "N", help=help)
    elif option.kind in ("file", "files"):
        parser.add_argument(flag, dest=option.key, metavar=option.metavar or "FILE", help=help,
                            action="append" if option.kind == "files" else "store")
    else:
        raise ValueError(f"{title}'s option {option.key!r}: no flag for kind {option.kind!r}")


def _codes(text: str) -> list[str]:
    """A comma-separated list of set codes, e.g. ``CW,ML``."""
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if not codes:
        raise argparse.ArgumentTypeError(f"name at least one set code, not {text!r}")
    return codes


def setup_from_args(args: argparse.Namespace, players: int, **extra: Any) -> dict[str, Any]:
    """The setup of ``args.game`` for ``players`` seats plus ``extra`` entries, made by the
    game's declaration (``command_line_setup``); an option of another game is refused
    with :class:`SetupError` (that game's ``command_line_refusal``)."""
    options = vars(args)
    for other in declarations():
        refusal = other.name != args.game and other.command_line_refusal(options)
        if refusal:
            raise SetupError(refusal)
    return declaration(args.game).command_line_setup(options, {"players": players, **extra})


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
