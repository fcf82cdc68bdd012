"""The soak (issue 16): N seeded random games of each game, every invariant checked
(gloam.conformance.soak says which checks run where). Prints the games run, decisions,
sampled steps, every failure with the command that reproduces it, and the wall time;
exits 1 on any failure, 0 otherwise. Figures: docs/reliability.md.

    python benchmarks/soak.py --games 1000
    python benchmarks/soak.py --games 100000 --workers 2 --json
    python benchmarks/soak.py --game nightfall --seed 16 --start 4711 --games 1   # one game again

Every loop is bounded: each game by its action cap, the run by ``--games`` and by
``--seconds`` (no game starts after it; the run then says it stopped early)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from gloam.conformance.soak import EVERY, GAMES, Summary, chunks
from gloam.workers import run_tasks

DEFAULT_SECONDS = 12 * 3600
CHUNK = 25  # games per task


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games of each game (default 1000)")
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both")
    parser.add_argument("--seed", type=int, default=16, help="master seed (default 16)")
    parser.add_argument("--start", type=int, default=0, help="index of the first game (to rerun one game)")
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"start no game after this many seconds (default {DEFAULT_SECONDS})")
    parser.add_argument("--every", type=int, default=None,
                        help="spacing of the sampled checks in actions (default: nightfall "
                             f"{EVERY['nightfall']}, nightmarium {EVERY['nightmarium']})")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    if args.games < 0 or args.start < 0 or args.workers < 1 or args.seconds <= 0 or (args.every or 1) < 1:
        parser.error("--games and --start must be >= 0, --workers and --every >= 1, --seconds > 0")
    return args


def run(args: argparse.Namespace) -> tuple[Summary, float]:
    names = list(GAMES) if args.game == "both" else [args.game]
    every = {name: args.every or EVERY[name] for name in names}
    started = time.time()
    tasks = chunks(names, args.seed, args.start, args.games, every, started + args.seconds, CHUNK)
    summary = Summary()
    for part in run_tasks(tasks, args.workers):
        summary.add(part)
    return summary, time.time() - started


def report(args: argparse.Namespace, summary: Summary, wall: float) -> None:
    if args.json:
        print(json.dumps({**summary.to_json(), "wall_seconds": round(wall, 1), "seed": args.seed,
                          "start": args.start, "workers": args.workers}, indent=1))
        return
    for name in GAMES:
        games = summary.games[name]
        if not games:
            continue
        cpu = summary.cpu_seconds[name]
        print(f"{name:12s} {games:7d} games  {summary.decisions[name]:11,d} decisions  "
              f"{summary.sampled[name]:8,d} sampled steps  {cpu:8.1f} CPU-s  {1000 * cpu / games:6.1f} ms/game")
    for f in summary.failures:
        print(f"FAILED {f['game']} game {f['index']} step {f['step']}: {f['error']} ({f['at']})")
        print(f"  setup {json.dumps(f['setup'])} seed {f['seed']}")
        print(f"  again: python benchmarks/soak.py --game {f['game']} --seed {args.seed}"
              f" --start {f['index']} --games 1")
    if summary.stopped_early:
        print(f"stopped at the --seconds limit ({args.seconds:g} s) before every game was played")
    print(f"{len(summary.failures)} failures; wall {wall:.1f} s with {args.workers} worker(s)")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    summary, wall = run(args)
    report(args, summary, wall)
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
