"""``gloam simulate``: many bot-vs-bot games, a progress bar and a summary (or JSON).

    gloam simulate nightmarium --seats greedy,random --games 1000 --seed 1 --workers 2
    gloam simulate nightmarium --seats random,random,random --games 500 --json
    gloam simulate nightmarium --seats greedy,random --games 100000 --backend ray --address HEAD:6379
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from gloam.cli.options import add_setup_options, setup_from_args
from gloam.core.errors import GloamError
from gloam.simulate import BACKENDS, DEFAULT_TURN_LIMIT, BackendError, SimulationResult, check_simulation, simulate

EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``gloam simulate`` on the ``gloam`` command's subparsers."""
    parser = subparsers.add_parser(
        "simulate", help="play many bot-vs-bot games and report win rates and speed",
        description="Play many bot-vs-bot games and report win rates (with 95% Wilson intervals),"
                    " draws, mean game length and speed. The same --seed gives the same results"
                    " whatever --workers and --backend are.")
    parser.add_argument("game", help="the game to simulate, e.g. nightmarium")
    parser.add_argument("--seats", required=True, metavar="BOT,BOT[,...]",
                        help="comma-separated bot names, one per player in seat order (2-5 for Nightmarium)")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="number of games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    parser.add_argument("--workers", type=int, default=None, metavar="K",
                        help="games played at once: local worker processes (default 1: run in this"
                             " process); with --backend ray, the CPUs of the local Ray instance (default:"
                             " all of this machine's), or with --address at most K of the cluster's CPUs"
                             " (default: all)")
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the games run: local processes (default) or Ray (needs gloam[ray])")
    parser.add_argument("--address", metavar="ADDR",
                        help="with --backend ray: the Ray cluster to join, e.g. HEAD:6379 (as printed by"
                             " `ray start --head`) or auto; default: start a local Ray instance for this"
                             " run (see docs/simulation.md)")
    add_setup_options(parser)
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="T",
                        help=f"stop a game after T turns and count it as a draw (default {DEFAULT_TURN_LIMIT};"
                             " 0: no limit)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object on stdout instead of the table")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run ``gloam simulate``; bad options print one line on stderr and return 2."""
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    problem = _check_options(args, seats)
    if problem:
        return _fail(problem)
    try:
        setup = setup_from_args(args, len(seats), turn_limit=args.turn_limit)
        check_simulation(args.game, setup, seats, args.games, args.workers, args.seed, args.backend,
                         args.address)
    except GloamError as exc:
        return _fail(str(exc))
    show_progress = sys.stderr.isatty()  # a bar in a log file or pipe is only noise
    try:
        result = _run_with_progress(args, setup, seats, show_progress)
    except BackendError as exc:
        return _fail(str(exc), EXIT_FAILURE)
    except GloamError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        print("gloam simulate: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        _print_summary(result)
    return 0


def _check_options(args: argparse.Namespace, seats: list[str]) -> str | None:
    if not seats:
        return "--seats needs at least one bot name, e.g. --seats greedy,random"
    if args.games < 1:
        return f"--games must be at least 1, not {args.games}"
    if args.workers is not None and args.workers < 1:
        return f"--workers must be at least 1, not {args.workers}"
    if args.address is not None and args.backend != "ray":
        return "--address is only for a Ray cluster: add --backend ray"
    if args.turn_limit < 0:
        return f"--turn-limit must be 0 (no limit) or positive, not {args.turn_limit}"
    return None


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"gloam simulate: error: {message}", file=sys.stderr)
    return code


def _run_with_progress(args: argparse.Namespace, setup: dict[str, Any], seats: list[str],
                       show: bool) -> SimulationResult:
    def go(progress: Callable[[int], None] | None) -> SimulationResult:
        return simulate(args.game, setup, seats, games=args.games, seed=args.seed, workers=args.workers,
                        progress=progress, backend=args.backend, address=args.address)

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

    console = Console(stderr=True)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"{args.game} {' v '.join(seats)}", total=args.games)
        return go(lambda completed: bar.update(task, completed=completed))


def _print_summary(result: SimulationResult) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{result.game}: {result.games} games, seed {result.seed}")
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI (Wilson)", justify="right")
    for p, name in enumerate(result.seats):
        lo, hi = result.win_interval(p)
        table.add_row(str(p), name, str(result.wins[p]), f"{result.win_rate(p):.1%}", f"{lo:.1%} – {hi:.1%}")
    draws = f"{result.draws} ({result.draws / result.games:.1%})"
    console = Console()
    console.print(table)
    limit = result.setup.get("turn_limit")
    lines = [
        f"draws (no winner, e.g. turn limit {limit or 'none'}): {draws}",
        f"mean turns: {result.mean_turns:.1f}",
        f"decisions: {result.decisions:,}",
        (f"speed: {result.games_per_s:,.1f} games/s, {result.decisions_per_s:,.0f} decisions/s"
         f" ({result.wall_s:.2f} s, {_where(result)})"),
    ]
    for line in lines:
        console.print(line, highlight=False)


def _where(result: SimulationResult) -> str:
    """Where the games ran, e.g. "2 workers" or "ray, 8 CPUs"."""
    if result.backend == "ray":
        return f"ray, {result.workers} CPU{'s' if result.workers != 1 else ''}"
    return f"{result.workers} worker{'s' if result.workers != 1 else ''}"
