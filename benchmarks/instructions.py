"""Nightfall's engine cost in machine instructions per decision: a figure that does not
move with the machine's load (wall and CPU times here vary by 1.5x from day to day).

    .venv/bin/python benchmarks/instructions.py [REV ...] [--games N]

Needs valgrind (Debian's ``valgrind``); without it the script says so and exits 2. Each
REV is checked out into a temporary git worktree (``HEAD`` or ``.``, the default, is this
tree as it is). For each, the same random-vs-random 2-player games as
benchmarks/ladder.py (Coldest War quick start, ``play_match`` with two ``RandomBot``
seats) run under ``valgrind --tool=cachegrind`` twice: once with ``--games`` games and
once with none; the difference in instructions executed, over the games' decisions, is
the engine's cost per decision with the start-up (imports, card data) taken out.

The count is made repeatable: bytecode compiled beforehand (``compileall``), string
hashing fixed (``PYTHONHASHSEED=0``) and address-space randomisation off (``setarch -R``),
so two runs of one tree agree to about 0.1%. Instructions are not time (a cache miss costs
more than an add), but a change that removes work shows here without noise; time it with
benchmarks/ladder.py or benchmarks/peer_ratio.py as well. About 15 s per REV at 40 games.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: run under valgrind in each REV's tree: plays the games, prints their decisions
GAMES = """
import sys
from gloam.bots import make_bot
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match

game = get_game("nightfall", {"players": 2})
decisions = 0
for k in range(int(sys.argv[1])):
    seed = derive_seed(1, k)
    bots = [make_bot("random", game, seed=derive_seed(seed, p)) for p in range(2)]
    decisions += play_match(game, bots, seed=seed).decisions
print("decisions", decisions)
"""


def instructions(src: Path, games: int) -> tuple[int, int]:
    """(instructions executed, decisions) of ``games`` games played with ``src``'s gloam."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    command = ["setarch", "-R", "valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, "-c", GAMES, str(games)]
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    played = re.search(r"decisions (\d+)", run.stdout)
    if run.returncode != 0 or refs is None or played is None:
        raise SystemExit(f"the measurement failed in {src}:\n{run.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(played.group(1))


def per_decision(src: Path, games: int) -> tuple[float, int]:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True, stdout=subprocess.DEVNULL)
    start_up, _ = instructions(src, 0)
    total, decisions = instructions(src, games)
    return (total - start_up) / decisions, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revs", nargs="*", default=["."], help="git revisions (default: this tree)")
    parser.add_argument("--games", type=int, default=40, help="games per measurement (default 40)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be >= 1")
    if shutil.which("valgrind") is None or shutil.which("setarch") is None:
        print("valgrind (and setarch) are needed: apt-get install valgrind")
        return 2
    print(f"Instructions per decision, {args.games} random 2-player Nightfall games (Coldest War quick start)")
    first = None
    with tempfile.TemporaryDirectory(prefix="gloam-instructions-") as tmp:
        for rev in args.revs:
            if rev in (".", "HEAD"):
                src = ROOT / "src"
            else:
                tree = Path(tmp) / rev.replace("/", "_")
                subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
                src = tree / "src"
            try:
                cost, decisions = per_decision(src, args.games)
            finally:
                if rev not in (".", "HEAD"):
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
            first = first or cost
            print(f"  {rev:>10}: {cost:9,.0f} instructions per decision ({decisions:,} decisions), x{cost / first:.3f} of the first")
    return 0


if __name__ == "__main__":
    sys.exit(main())
