"""``gloam position``: positions as data (docs/positions.md).

    gloam position check FILE                  # "ok: ..." or every fault, exit 0 / 2
    gloam position show FILE [--as SEAT] [--json] [--lang ja]

``check`` validates a position file and says what it is; each fault is printed on its own
line with the zone and entry it is in (an unknown card with the closest names, a card in
two places with both places, more copies than the sets hold). ``show`` prints what a
person at that table sees: a seat (``--as 0``) or, by default, a spectator. ``--json``
prints the table view (``state.view(viewer, lang)``, docs/view.md); without it, the
terminal board. Play on from a position with ``gloam play GAME --position FILE``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console

from gloam.cli.options import read_position
from gloam.core.decisions import SPECTATOR
from gloam.core.errors import FileError, GloamError, PositionError


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("position", help="check or show a position file (docs/positions.md)",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = sub.add_parser("check", help="validate a position file: 'ok: ...' or every fault (exit 2)")
    check.add_argument("file", metavar="FILE")
    check.set_defaults(run=run_check)
    show = sub.add_parser("show", help="print the table a seat or a spectator sees in a position")
    show.add_argument("file", metavar="FILE")
    show.add_argument("--as", dest="seat", type=int, metavar="SEAT",
                      help="the seat (from 0) whose view to print (default: a spectator's)")
    show.add_argument("--json", action="store_true", help="print the table view as JSON (docs/view.md)")
    show.add_argument("--lang", default="en", metavar="{en,ja}", help="language of the view: en (default) or ja")
    show.set_defaults(run=run_show)
    return parser


def summary(state: Any) -> str:
    """One line saying what a position is: game, players, turn, phase, who decides what."""
    game = state.game
    where = f"turn {state.turn}"
    phase = getattr(state, "phase", None)
    if phase is not None:
        where += f", {phase} phase"
    if state.is_terminal():
        return f"{game.name}, {game.num_players} players, {where}: the game is over"
    return (f"{game.name}, {game.num_players} players, {where}: player {state.current_player()}"
            f" to decide ({state.decision_kind()}: {state.prompt()}), {len(state.legal_action_indices())} options")


def _errors(command: str, path: str, exc: GloamError) -> int:
    """Every fault of a position on its own line, prefixed with the file; a file that
    cannot be read as TOML at all in one ``error:`` line. Returns 2."""
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    if isinstance(exc, FileError):
        console.print(f"gloam position {command}: error: {exc}", markup=False)
        return 2
    lines = exc.errors if isinstance(exc, PositionError) else [str(exc)]
    for line in lines:
        console.print(f"gloam position {command}: {path}: {line}", markup=False)
    return 2


def run_check(args: argparse.Namespace) -> int:
    """``gloam position check FILE``: 0 and "ok: ..." for a playable position, else 2."""
    try:
        state = read_position(args.file)
    except GloamError as exc:
        return _errors("check", args.file, exc)
    print(f"ok: {args.file}: {summary(state)}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """``gloam position show FILE``: the view of a seat (``--as``) or a spectator."""
    from gloam.nightfall.i18n import check_lang

    try:
        lang = check_lang(args.lang)
        state = read_position(args.file)
        n = state.game.num_players
        if args.seat is not None and not 0 <= args.seat < n:
            raise PositionError(f"--as {args.seat}: this is a {n}-player game, seats are 0 to {n - 1}")
        viewer = SPECTATOR if args.seat is None else args.seat
        if args.json:
            print(json.dumps(state.view(viewer, lang), ensure_ascii=False, indent=1))
            return 0
        board = _board(state, viewer, lang)
    except GloamError as exc:
        return _errors("show", args.file, exc)
    Console(soft_wrap=False).print(board)
    return 0


def _board(state: Any, viewer: int, lang: str) -> Any:
    """The terminal board of ``viewer``'s observation, as ``gloam play`` draws it."""
    from gloam.cli.frontends import frontend
    from gloam.cli.play import HUMAN, seat_names
    from gloam.games import declaration

    game = state.game
    lang = declaration(game.name).lang(lang)
    ui = frontend(game, lang)
    names = seat_names([HUMAN] * game.num_players, lone_you=False, lang=lang)
    seat = None if viewer == SPECTATOR else viewer
    return ui.view(state.observation(viewer), state.events_for(viewer), names, seat, 0, 100)
