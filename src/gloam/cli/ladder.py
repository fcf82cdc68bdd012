"""``gloam ladder``: a round robin of bots with openskill ratings (or JSON).

    gloam ladder nightmarium --games 100 --seed 1 --workers 2
    gloam ladder nightmarium --games 40 --bots random,greedy,easy --json
    gloam ladder nightfall --games 40 --seed 2026 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from gloam.cli.options import add_setup_options, setup_from_args
from gloam.core.errors import GloamError
from gloam.ladder import LadderResult, check_ladder, run_ladder
from gloam.simulate import DEFAULT_TURN_LIMIT

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``gloam ladder`` on the ``gloam`` command's subparsers."""
    parser = subparsers.add_parser(
        "ladder", help="rate bots in a round robin of 2-player games (openskill)",
        description="Play every pair of bots against each other (2 players, half the games with the"
                    " seats swapped, on the same deals) and print openskill ratings with their"
                    " uncertainty and each bot's win rate against each other bot. The same --seed"
                    " gives the same table whatever --workers is.")
    parser.add_argument("game", help="the game: nightmarium or nightfall")
    parser.add_argument("--games", type=int, default=100, metavar="N",
                        help="games per pair of bots (default 100)")
    parser.add_argument("--bots", metavar="BOT,BOT[,...]",
                        help="comma-separated bot names (default: every bot for the game)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, metavar="K",
                        help="local worker processes (default 1: run in this process)")
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="T",
                        help=f"stop a game after T turns and rate it as a tie (default {DEFAULT_TURN_LIMIT})")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout instead of the table")
    add_setup_options(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``gloam ladder``; bad options print one line on stderr and return 2."""
    bots = [s.strip() for s in args.bots.split(",") if s.strip()] if args.bots is not None else None
    try:
        setup = setup_from_args(args, 2, turn_limit=args.turn_limit)
        if args.turn_limit < 0:
            raise GloamError(f"--turn-limit must be 0 (no limit) or positive, not {args.turn_limit}")
        bots, _ = check_ladder(args.game, bots, args.games, args.workers, args.seed, setup)
        result = _run_with_progress(args, bots, setup, sys.stderr.isatty())
    except GloamError as exc:
        print(f"gloam ladder: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("gloam ladder: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print_table(result)
    return 0


def _run_with_progress(args: argparse.Namespace, bots: list[str], setup: dict[str, Any],
                       show: bool) -> LadderResult:
    def go(progress: Callable[[int, int], None] | None) -> LadderResult:
        return run_ladder(args.game, bots, games=args.games, seed=args.seed, workers=args.workers,
                          setup=setup, progress=progress)

    if not show:
        return go(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{args.game} ladder", total=None)
        return go(lambda done, total: bar.update(task, completed=done, total=total))


def print_table(result: LadderResult) -> None:
    """The ladder as a rich table: rank, bot, rating (mu), uncertainty (sigma), ordinal
    (mu - 3 sigma, the ranking key) and the win rate against each other bot."""
    from rich.console import Console
    from rich.table import Table

    names = [r.bot for r in result.ratings]
    table = Table(title=f"{result.game} ladder: {result.games_per_pairing} games per pair, seed {result.seed}")
    table.add_column("Rank", justify="right")
    table.add_column("Bot")
    table.add_column("Rating (mu)", justify="right")
    table.add_column("± (sigma)", justify="right")
    table.add_column("Ordinal", justify="right")
    for other in names:
        table.add_column(f"vs {other}", justify="right")
    for k, rating in enumerate(result.ratings, 1):
        cells = []
        for other in names:
            cells.append("—" if other == rating.bot else f"{result.pair(rating.bot, other).win_rate(rating.bot):.0%}")
        table.add_row(str(k), rating.bot, f"{rating.mu:.2f}", f"{rating.sigma:.2f}", f"{rating.ordinal:.2f}", *cells)
    console = Console()
    if not console.is_terminal:  # a pipe or a file: no terminal width to squeeze the table into
        console = Console(width=max(console.width, 200))
    console.print(table)
    draws = sum(p.draws for p in result.pairs)
    games = sum(p.games for p in result.pairs)
    console.print(f"win rate = share of that pairing's games won (draws count as not won: {draws} of {games});"
                  f" ordinal = mu - 3 sigma (openskill Plackett-Luce); {result.wall_s:.1f} s,"
                  f" {result.workers} worker{'s' if result.workers != 1 else ''}", highlight=False)
