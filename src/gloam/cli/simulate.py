"""``gloam simulate``: many bot-vs-bot games, a progress bar and a summary (or JSON).

    gloam simulate nightmarium --seats greedy,random --games 1000 --seed 1 --workers 2
    gloam simulate nightmarium --seats random,random,random --games 500 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from gloam.core.errors import GloamError
from gloam.nightmarium.cards import load_composition
from gloam.simulate import DEFAULT_TURN_LIMIT, SimulationResult, check_simulation, simulate

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``gloam simulate`` on the ``gloam`` command's subparsers."""
    parser = subparsers.add_parser(
        "simulate", help="play many bot-vs-bot games and report win rates and speed",
        description="Play many bot-vs-bot games and report win rates (with 95% Wilson intervals),"
                    " draws, mean game length and speed. The same --seed gives the same results"
                    " whatever --workers is.")
    parser.add_argument("game", help="the game to simulate, e.g. nightmarium")
    parser.add_argument("--seats", required=True, metavar="BOT,BOT[,...]",
                        help="comma-separated bot names, one per player in seat order (2-5 for Nightmarium)")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="number of games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, metavar="K",
                        help="local worker processes (default 1: run in this process)")
    parser.add_argument("--creatures", type=int, choices=(5, 6, 7), default=5,
                        help="Creatures needed to win (default 5)")
    parser.add_argument("--turn-limit", type=int, default=DEFAULT_TURN_LIMIT, metavar="T",
                        help=f"stop a game after T turns and count it as a draw (default {DEFAULT_TURN_LIMIT};"
                             " 0: no limit)")
    parser.add_argument("--composition", metavar="FILE",
                        help="a Nightmarium card composition file (.json or .toml) instead of the standard one")
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
    setup = {"players": len(seats), "creatures": args.creatures, "turn_limit": args.turn_limit}
    try:
        if args.composition:
            setup["composition"] = load_composition(args.composition).to_setup()
        check_simulation(args.game, setup, seats, args.games, args.workers, args.seed)
    except GloamError as exc:
        return _fail(str(exc))
    show_progress = sys.stderr.isatty()  # a bar in a log file or pipe is only noise
    try:
        result = _run_with_progress(args, setup, seats, show_progress)
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
    if args.workers < 1:
        return f"--workers must be at least 1, not {args.workers}"
    if args.turn_limit < 0:
        return f"--turn-limit must be 0 (no limit) or positive, not {args.turn_limit}"
    return None


def _fail(message: str) -> int:
    print(f"gloam simulate: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _run_with_progress(args: argparse.Namespace, setup: dict[str, Any], seats: list[str],
                       show: bool) -> SimulationResult:
    def go(progress: Callable[[int], None] | None) -> SimulationResult:
        return simulate(args.game, setup, seats, games=args.games, seed=args.seed,
                        workers=args.workers, progress=progress)

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
         f" ({result.wall_s:.2f} s, {result.workers} worker{'s' if result.workers != 1 else ''})"),
    ]
    for line in lines:
        console.print(line, highlight=False)
