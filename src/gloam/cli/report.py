"""``gloam report``: play many bot games and write a balance report (HTML page + JSON).

    gloam report nightmarium --games 2000 --seed 1 --out report/ --workers 2
    gloam report nightmarium --players 2 --seats greedy,random --games 500 --out vs-random/
    gloam report nightfall --players 2 --games 2000 --archives draft --out nightfall/
"""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gloam.core.declaration import find
from gloam.core.errors import GloamError
from gloam.simulate import DEFAULT_TURN_LIMIT

if TYPE_CHECKING:
    from gloam.report import ReportOptions

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
DEFAULT_PLAYERS = "2,3,4,5"
DEFAULT_GAMES = 1000


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``gloam report`` on the ``gloam`` command's subparsers."""
    parser = subparsers.add_parser(
        "report", help="play many bot games and write an HTML balance report with plots",
        description="Play N games (--games) at each player count and write index.html (headline findings,"
                    " plots, tables) and report.json (every number) into --out. The same --seed gives"
                    " the same report.json whatever --workers is. Needs matplotlib (pip install"
                    " 'gloam[report]').")
    parser.add_argument("game", help="the game to report on, e.g. nightmarium")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder to write index.html and report.json into")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="N",
                        help=f"games at each player count (default {DEFAULT_GAMES})")
    parser.add_argument("--players", default=None, metavar="N[,N...]",
                        help=f"player counts to play (default {DEFAULT_PLAYERS}, or the number of --seats"
                             " when several are named)")
    parser.add_argument("--seats", default=None, metavar="BOT[,BOT...]",
                        help="one bot for every seat (default greedy for Nightmarium, heuristic for"
                             " Nightfall), or one per seat of the largest game; smaller games take the first ones")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, metavar="K",
                        help="local worker processes (default 1: run in this process)")
    parser.add_argument("--creatures", type=int, choices=(5, 6, 7), default=5,
                        help="Creatures needed to win (default 5; Nightmarium)")
    parser.add_argument("--sets", default="CW", metavar="SET[,SET...]",
                        help="Nightfall: the sets to mix (default CW)")
    parser.add_argument("--archives", default="draft", choices=("quick", "draft", "ml-draft"),
                        help="Nightfall: how the archives are set up (default draft, which also gives the"
                             " draft pick rates)")
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="T",
                        help=f"stop a game after T turns with no winner (default {DEFAULT_TURN_LIMIT}; 0: no limit)")
    parser.add_argument("--composition", metavar="FILE",
                        help="a Nightmarium card composition file (.json or .toml) instead of the standard one")
    parser.add_argument("--cards", metavar="FILE",
                        help="your own card values (.toml or .json; docs/user-cards.md): Nightfall, the values"
                             " of the printed cards you own; Nightmarium, the same as --composition")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``gloam report``; bad options print one line on stderr and return 2."""
    from gloam.report import check, write_report

    try:
        options = _options(args)
        problem = _check_args(args)
        if problem:
            return _fail(problem)
        check(options, args.workers)
    except GloamError as exc:
        return _fail(str(exc))
    if importlib.util.find_spec("matplotlib") is None:
        return _fail("the report draws its plots with matplotlib: pip install 'gloam[report]'")
    command = _command(args, options)
    try:
        report = _with_progress(options, lambda progress: write_report(
            options, args.out, args.workers, progress, command), sys.stderr.isatty())
    except GloamError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot write the report: {exc}")
    except KeyboardInterrupt:
        print("gloam report: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    for headline in report.data["headlines"]:
        print(f"- {headline['text']}")
    print(f"wrote {report.index_html} and {report.report_json} ({report.wall_s:.1f} s)")
    return 0


def _options(args: argparse.Namespace) -> ReportOptions:
    from gloam.report import ReportOptions, reports

    game = find(args.game)
    seats_text = args.seats if args.seats is not None else game.default_bot if game else "random"
    seats = tuple(s.strip() for s in seats_text.split(","))
    if not all(seats):
        raise GloamError(f"--seats needs bot names separated by commas, not {seats_text!r}")
    players_text = args.players or (str(len(seats)) if len(seats) > 1 else DEFAULT_PLAYERS)
    try:
        players = tuple(int(p) for p in players_text.split(","))
    except ValueError:
        raise GloamError(f"--players needs player counts separated by commas, e.g. 2,3,4,5, not {players_text!r}") from None
    module = reports().get(args.game)
    setup = module.cli_setup(vars(args)) if module else {"turn_limit": args.turn_limit}
    return ReportOptions(args.game, tuple(sorted(players)), seats, args.games, args.seed, setup)


def _check_args(args: argparse.Namespace) -> str | None:
    if args.games < 1:
        return f"--games must be at least 1, not {args.games}"
    if args.workers < 1:
        return f"--workers must be at least 1, not {args.workers}"
    if args.turn_limit < 0:
        return f"--turn-limit must be 0 (no limit) or positive, not {args.turn_limit}"
    return None


def _fail(message: str) -> int:
    print(f"gloam report: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _command(args: argparse.Namespace, options: Any) -> str:
    """The command line that reproduces this report's numbers (without --out/--workers)."""
    from gloam.report import reports

    parts = ["gloam", "report", options.game, "--games", str(options.games), "--seed", str(options.seed),
             "--players", ",".join(map(str, options.players)), "--seats", ",".join(options.seats)]
    parts += reports()[options.game].cli_command(vars(args), options.setup)
    if args.turn_limit != DEFAULT_TURN_LIMIT:
        parts += ["--turn-limit", str(args.turn_limit)]
    if args.composition:
        parts += ["--composition", args.composition]
    if args.cards:
        parts += ["--cards", args.cards]
    return " ".join(shlex.quote(p) for p in parts) + " --out DIR"


def _with_progress(options: Any, go: Callable[[Callable[[int], None] | None], Any], show: bool) -> Any:
    if not show:
        return go(None)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    total = options.games * len(options.players)
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{options.game} report", total=total)
        return go(lambda done: bar.update(task, completed=done))
