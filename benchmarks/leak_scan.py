"""The leak scan at scale (issue 16, "Leaks"): whole games of both games with 2-5 players
and every Nightfall variant and archive setup, through a real room over a real SQLite
store, every message pushed to every seat and spectator checked against the engine's own
view for that viewer at that version (``tests/leakscan.py`` says exactly what is checked).

    python benchmarks/leak_scan.py --games 60 [--seed 0] [--json]

Prints games, frames and messages checked, and every leak found (there must be none:
exit 1 otherwise). Bounded by ``--games`` and ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from leakscan import SETUPS, Scan, scan_games  # noqa: E402


async def run(games: int, seed: int, seconds: float) -> tuple[Scan, float]:
    started = time.monotonic()
    scan = await scan_games(Path(tempfile.mkdtemp(prefix="gloam-leaks-")), games, seed, SETUPS, seconds)
    return scan, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=len(SETUPS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=3600.0, help="stop starting new games after this long")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    scan, wall = asyncio.run(run(args.games, args.seed, args.seconds))
    result = {"games": scan.games, "setups": len(SETUPS), "frames": scan.frames, "messages": scan.messages,
              "leaks": len(scan.leaks), "seconds": round(wall, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{scan.games} games ({len(SETUPS)} setups in rotation), {scan.frames:,} frames and "
              f"{scan.messages:,} messages checked in {wall:.0f} s: {len(scan.leaks)} leaks")
    for leak in scan.leaks[:20]:
        print("LEAK", leak, file=sys.stderr)
    return 1 if scan.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
