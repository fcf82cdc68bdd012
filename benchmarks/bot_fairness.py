"""A person's bot under a bot attack: how long a person waits for their bot's reply while
tables of search bots made by someone else keep the bot pool busy.

    python benchmarks/bot_fairness.py [--tables 10] [--bot hard] [--person-bot normal]
                                      [--workers 1] [--quiet 8] [--seconds 25] [--person-think 0.5]
                                      [--think 0,0] [--json]

Starts ``gloam serve`` as a process of its own (its own session, a fresh SQLite database,
a free loopback port, ``--bot-workers WORKERS``, the bots' think time ``--think``, 0 by
default, so a reply time is the search and its wait for a worker, nothing else). A scripted
person plays Nightmarium against one ``--person-bot`` (a new table when a game ends),
taking ``--person-think`` seconds (0.5) for each act, which keeps it within the
per-connection rate limit (a reject is counted in ``errors`` and the act sent again). Each bot decision's reply time is timed from the
frame that handed the decision to the bot to the frame of the bot's act (one still awaited
when the run ends counts with its wait so far). The first reply, which waits for the pool's
workers to start, is not counted; the quiet phase starts after it.

For ``--quiet`` seconds nothing else runs; then the attack: ``--tables`` ``POST
/api/tables`` at once, each four ``--bot`` bots (Nightmarium, bots only: they play
themselves, as the attack in issue 23 did with 30 tables of ``hard`` bots), and
``--seconds`` more of play. Prints the reply times' p50, p99 and max (ms) and their count
in each phase, and the moves the attack tables made (so a run shows the attack did run);
the last line is JSON (``--json``: only that), keys ``quiet`` and ``attack`` (each
``replies``, ``p50_ms``, ``p99_ms``, ``max_ms``), ``attack_moves``, ``workers``,
``tables``, ``bot``, ``person_bot``, ``errors``. All traffic stays on the loopback
interface, and the run stops by itself (the server's whole session is killed at the end).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

_spec = importlib.util.spec_from_file_location("gloam_bench_server_load", Path(__file__).with_name("server_load.py"))
load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load)


def start_server(folder: Path, workers: int, think: str) -> tuple[subprocess.Popen, str]:
    return load.start_server(folder, "--bot-workers", str(workers), env={"GLOAM_BOT_THINK": think}, own_session=True)


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL to the server's whole session (whatever bot pool it has)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(10)


class Person:
    """The person's replies, each tagged with the phase it was timed in."""

    def __init__(self) -> None:
        self.phase = "warm-up"                # the first reply starts the pool's workers: not counted
        self.replies: dict[str, list[float]] = {"warm-up": [], "quiet": [], "attack": []}
        self.errors: list[str] = []
        self.deadline = float("inf")          # set once warm
        self.warm = asyncio.Event()

    def reply(self, seconds: float) -> None:
        self.replies[self.phase].append(seconds)
        if self.phase == "warm-up":
            self.phase = "quiet"
            self.warm.set()


async def play_person(base: str, bot: str, person: Person, think: float) -> None:
    """Games against ``bot`` until the person's deadline: act after ``think`` seconds, time every bot decision."""
    async with httpx.AsyncClient(timeout=30) as http:
        while time.monotonic() < person.deadline:
            r = await http.post(f"{base}/api/tables", json={"game": "nightmarium", "seats": ["human", f"bot:{bot}"]})
            r.raise_for_status()
            made = r.json()
            try:
                await play_game(base.replace("http", "ws"), made, person, think)
            except Exception as exc:  # noqa: BLE001 — a dropped socket is counted, and a new game starts
                person.errors.append(f"{type(exc).__name__}: {exc}")


async def play_game(ws_base: str, made: dict, person: Person, think: float) -> None:
    async with connect(f"{ws_base}/ws/tables/{made['id']}", max_size=2**24) as ws:
        await ws.send(json.dumps({"t": "hello", "token": made["tokens"]["0"]}))
        bot_since: float | None = None          # when the decision passed to the bot
        last_act: str | None = None
        while (remaining := person.deadline - time.monotonic()) > 0:
            try:
                text = await asyncio.wait_for(ws.recv(), min(remaining, 60.0))
            except TimeoutError:
                if bot_since is not None:          # still waiting at the end: counted as its wait so far
                    person.reply(min(time.monotonic(), person.deadline) - bot_since)
                return
            arrived = time.monotonic()
            frame = json.loads(text)
            if frame["t"] == "reject":             # not expected: counted, and the act sent again
                person.errors.append(f"reject {frame['code']}: {frame['msg']}")
                await asyncio.sleep(1.0)
                if last_act is not None:
                    await ws.send(last_act)
                continue
            if frame["t"] not in ("welcome", "update"):
                continue
            if bot_since is not None and frame["t"] == "update" and not frame.get("ack"):
                person.reply(arrived - bot_since)
            view = frame["view"]
            if view.get("over") or view.get("outcome"):
                return
            decision = view.get("decision") or {}
            bot_since = arrived if decision.get("player") == 1 else None
            if decision.get("player") == 0 and decision.get("options"):
                await asyncio.sleep(think)
                last_act = json.dumps({"t": "act", "v": frame["v"], "a": decision["options"][0]["index"],
                                       "cid": f"p{made['id']}-{frame['v']}"})
                await ws.send(last_act)


async def attack(base: str, tables: int, bot: str) -> list[str]:
    """``tables`` bot-only tables made at once; their ids."""
    async with httpx.AsyncClient(timeout=60) as http:
        answers = await asyncio.gather(*(http.post(f"{base}/api/tables",
                                                   json={"game": "nightmarium", "seats": [f"bot:{bot}"] * 4})
                                         for _ in range(tables)))
    for r in answers:
        r.raise_for_status()
    return [r.json()["id"] for r in answers]


async def moves(base: str, ids: list[str]) -> int:
    async with httpx.AsyncClient(timeout=30) as http:
        answers = await asyncio.gather(*(http.get(f"{base}/api/tables/{t}") for t in ids))
    return sum(r.json()["ply"] for r in answers)


async def run(base: str, args: argparse.Namespace) -> tuple[Person, int]:
    person = Person()
    playing = asyncio.ensure_future(play_person(base, args.person_bot, person, args.person_think))
    await asyncio.wait_for(person.warm.wait(), 120)
    person.deadline = time.monotonic() + args.quiet + args.seconds
    await asyncio.sleep(args.quiet)
    ids = await attack(base, args.tables, args.bot)
    person.phase = "attack"
    await playing
    return person, await moves(base, ids)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(replies: list[float]) -> dict:
    ms = [x * 1000 for x in replies]
    return {"replies": len(ms), "p50_ms": round(percentile(ms, 0.5), 1), "p99_ms": round(percentile(ms, 0.99), 1),
            "max_ms": round(max(ms, default=0.0), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10, help="bot-only tables the attack makes (default 10)")
    parser.add_argument("--bot", default="hard", help="the attack tables' bot (default hard)")
    parser.add_argument("--person-bot", default="normal", help="the person's opponent (default normal)")
    parser.add_argument("--workers", type=int, default=1, help="the server's --bot-workers (default 1)")
    parser.add_argument("--person-think", type=float, default=0.5,
                        help="seconds the person takes for each act (default 0.5: within the per-connection limit)")
    parser.add_argument("--think", default="0,0", help="the bots' think time MIN,MAX in seconds (default 0,0)")
    parser.add_argument("--quiet", type=float, default=8.0, help="seconds before the attack (default 8)")
    parser.add_argument("--seconds", type=float, default=25.0, help="seconds of the attack (default 25)")
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, base = start_server(Path(folder), args.workers, args.think)
        try:
            person, attack_moves = asyncio.run(run(base, args))
        finally:
            stop_server(proc)
    result = {"workers": args.workers, "tables": args.tables, "bot": args.bot, "person_bot": args.person_bot,
              "quiet": summary(person.replies["quiet"]), "attack": summary(person.replies["attack"]),
              "attack_moves": attack_moves, "errors": len(person.errors), "first_errors": person.errors[:3]}
    if not args.json:
        for phase in ("quiet", "attack"):
            s = result[phase]
            print(f"{phase:7} {s['replies']:4} bot replies  p50 {s['p50_ms']:8.1f} ms  p99 {s['p99_ms']:8.1f} ms  "
                  f"max {s['max_ms']:8.1f} ms")
        print(f"attack: {args.tables} tables of four {args.bot} bots made {attack_moves} moves; "
              f"{args.workers} bot worker(s); errors {len(person.errors)}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
