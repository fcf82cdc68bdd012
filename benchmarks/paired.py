"""Old commit against the working tree, in the same minute: is a change slower?

    .venv/bin/python benchmarks/paired.py --old REV [--rounds 3] [--bench nightfall_speed.py]
                                          [-- extra arguments for the benchmark]

Absolute speed on a shared machine varies by 1.5x from day to day, so a speed claim is a
ratio measured in one run. This script checks ``REV`` out into a temporary git worktree,
then runs the chosen benchmark script (each tree's own copy) alternately from the old
tree and from this one, ``--rounds`` times each, and prints every figure the benchmark
prints per second (decisions/s, games/s, clone()/s, ...) with the median of each side and
the ratio new / old. The worktree is removed at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: "   73,120 decisions/s" -> ("decisions/s", 73120.0); the first figure of each kind in a line
FIGURE = re.compile(r"([\d,]+(?:\.\d+)?)\s+([A-Za-z()_ ]*?/s)\b")


def figures(output: str) -> dict[str, float]:
    """Every ``<number> <what>/s`` of a benchmark's output, the first of each name.

    >>> figures("    1,234 games/s\\n   73,120 decisions/s   goal >= 100,000/s")
    {'games/s': 1234.0, 'decisions/s': 73120.0}
    """
    found: dict[str, float] = {}
    for line in output.splitlines():
        for number, name in FIGURE.findall(line):
            name = " ".join(name.split())
            if name and name[0].isalpha() and name not in found:
                found[name] = float(number.replace(",", ""))
    return found


def run(tree: Path, bench: str, extra: list[str]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run([sys.executable, str(tree / "benchmarks" / bench), *extra], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return figures(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, metavar="REV", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=3, metavar="R", help="runs of each side (default 3)")
    parser.add_argument("--bench", default="nightfall_speed.py", metavar="SCRIPT",
                        help="a script in benchmarks/ (default nightfall_speed.py)")
    parser.add_argument("extra", nargs="*", help="arguments passed to the benchmark (after --)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rev = subprocess.run(["git", "rev-parse", "--short", args.old], cwd=ROOT, capture_output=True, text=True)
    if rev.returncode:
        parser.error(f"no commit {args.old!r}: {rev.stderr.strip()}")
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old), args.old], cwd=ROOT, check=True)
        try:
            sides: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
            for r in range(args.rounds):
                for side, tree in (("old", old), ("new", ROOT)):
                    sides[side].append(run(tree, args.bench, args.extra))
                    print(f"round {r + 1} {side}: " + ", ".join(f"{v:,.0f} {k}" for k, v in sides[side][-1].items()),
                          flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    print(f"\n{args.bench}: medians of {args.rounds} alternating runs, old = {rev.stdout.strip()}, new = this tree")
    names = [n for n in sides["new"][0] if all(n in run_ for run_ in sides["old"] + sides["new"])]
    for name in names:
        o = statistics.median(x[name] for x in sides["old"])
        n = statistics.median(x[name] for x in sides["new"])
        print(f"  {name:28} old {o:12,.0f}   new {n:12,.0f}   new/old {n / o:5.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
