"""Nightfall's engine speed along a series of commits, measured in one run: what each
change bought.

    .venv/bin/python benchmarks/ladder.py REV [REV ...] [--rounds R] [--games N]

Each REV is checked out into a temporary git worktree (``HEAD`` and ``.`` mean this
tree as it is). Every round runs, for each REV in turn and in a fresh process, the same
measurement against that REV's ``src``: ``--games`` random-vs-random 2-player games
(Coldest War quick start, ``play_match`` with two ``RandomBot`` seats, as
benchmarks/nightfall_speed.py plays them), decisions per CPU-second of that process. It
prints each REV's rounds, their median and the median's ratio to the first REV's. The
alternation and CPU time keep the ratios fair on a busy machine; the worktrees are removed
at the end.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: run in each REV's process: its gloam plays the games; prints decisions per CPU-second
MEASURE = """
import sys, time
from gloam.bots import make_bot
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
games = int(sys.argv[1])
game = get_game("nightfall", {"players": 2})
def play(seed, count):
    decisions = 0
    for i in range(count):
        s = derive_seed(seed, i)
        bots = [make_bot("random", game, seed=derive_seed(s, p)) for p in range(2)]
        decisions += play_match(game, bots, seed=s).decisions
    return decisions
play(99, 20)  # warm up
cpu = time.process_time()
decisions = play(1, games)
print(decisions / (time.process_time() - cpu))
"""


def measure(tree: Path, games: int) -> float:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(games)], env={"PYTHONPATH": str(tree / "src")},
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revs", nargs="+", metavar="REV", help="commits to measure (HEAD or . : this tree)")
    parser.add_argument("--rounds", type=int, default=5, metavar="R", help="rounds (default 5)")
    parser.add_argument("--games", type=int, default=300, metavar="N", help="games per measurement (default 300)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        parser.error("--rounds and --games must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        trees: list[Path] = []
        try:
            for k, rev in enumerate(args.revs):
                if rev in ("HEAD", "."):
                    trees.append(ROOT)
                    continue
                tree = Path(tmp) / f"rev{k}"
                subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), rev], cwd=ROOT, check=True)
                trees.append(tree)
            rates: list[list[float]] = [[] for _ in trees]
            for r in range(args.rounds):
                for k, tree in enumerate(trees):
                    rates[k].append(measure(tree, args.games))
                print(f"round {r + 1}: " + ", ".join(f"{rates[k][-1]:,.0f}" for k in range(len(trees))), flush=True)
        finally:
            for tree in trees:
                if tree != ROOT:
                    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
    first = statistics.median(rates[0])
    print(f"Nightfall decisions per CPU-second, median of {args.rounds} alternating rounds of {args.games} games:")
    for rev, runs in zip(args.revs, rates):
        median = statistics.median(runs)
        print(f"  {rev:<12} {median:10,.0f}   x{median / first:.2f} of {args.revs[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
