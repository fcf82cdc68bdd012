"""Floods against other tables, and what they do to a game being played (issue 23, §3).

    python benchmarks/flood.py [--seconds 5] [--flooders 4] [--floods cpu,chat,sync,ping] [--json]

Starts ``gloam serve`` as a process of its own (``benchmarks/server_load.py``'s machinery:
free loopback port, fresh SQLite database, bots thinking 0-0.02 s, the per-connection act
limit raised so the quick canary is not refused; the floods meet every other limit), lets
two bots play a whole Nightfall game (the long finished table whose welcome is the
biggest), then plays a **canary**: a person seat driven by this script against the
``greedy`` bot at a Nightmarium table (a new one when a game ends), timing each act from
sending it to the update that acknowledges it. The canary plays ``--seconds`` quiet, then
``--seconds`` under each flood, each flood run by ``--flooders`` clients in a process of
their own (so the floods' client work does not delay the canary's reading), each client
from a loopback address of its own (``127.0.0.N``), against OTHER tables:

* ``cpu``: the control, no traffic at all: the flooding process only burns 40 % of a core,
  about what the flooding clients use, so that what the machine's load alone does to the
  canary (on a small machine shared with other work) is told from what the server does;
* ``chat``: spectator sockets on a table of their own, reconnecting after every five lines
  (the per-connection limit dodged, as in the issue's 400 connections);
* ``sync``: spectator sockets on the finished Nightfall table sending ``sync`` as fast as
  they can, reading nothing, reconnecting whenever the server closes them (1008, 1013);
  a refused handshake (429) is tried again after 20 ms (an attacker's CPU is its own; here
  it would be the server's and the canary's);
* ``ping``: the same with ``ping``.

A last quiet phase (``quiet_after``) shows how much the machine's own load moves the
figures. Prints, per phase, the canary's acks and ack latency p50/p99 (ms), the ratio of
each to the first quiet figure, what the flooders sent and got back (answers,
``rate_limited`` rejects, closes, refused handshakes; for chat the answers are the lines
the server stored), and the server's CPU seconds. The goal (issue 23): the canary's p99
under every flood within 2x of its quiet p99 (``within_2x``). The last line is one JSON
object (``--json``: only that line). docs/reliability.md, "Floods", has the figures.
All traffic stays on the loopback interface.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

_spec = importlib.util.spec_from_file_location("gloam_bench_server_load", Path(__file__).with_name("server_load.py"))
load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load)

FLOODS = ("cpu", "chat", "sync", "ping")


# --- the canary ----------------------------------------------------------------------
async def canary(base: str, seconds: float, rng: random.Random) -> list[float]:
    """A person against ``greedy`` at Nightmarium for ``seconds``: each act's latency (s)."""
    latencies: list[float] = []
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(timeout=30) as http:
        while time.monotonic() < deadline:
            made = await load.new_table(http, base, "nightmarium", ["human", "bot:greedy"])
            await _canary_game(base.replace("http", "ws"), made["id"], made["tokens"]["0"], rng, latencies, deadline)
    return latencies


async def _canary_game(ws_base: str, table: str, token: str, rng: random.Random, latencies: list[float],
                       deadline: float) -> None:
    async with connect(f"{ws_base}/ws/tables/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"t": "hello", "token": token}))
        sent: dict[str, float] = {}
        while time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                return
            arrived = time.monotonic()
            frame = json.loads(text)
            if frame["t"] == "reject":
                raise RuntimeError(f"the canary's act was refused: {frame}")
            if frame["t"] not in ("welcome", "update"):
                continue
            if frame.get("ack") in sent:
                latencies.append(arrived - sent.pop(frame["ack"]))
            view = frame["view"]
            if view.get("over") or view.get("outcome"):
                return
            options = (view.get("decision") or {}).get("options")
            if options:
                await asyncio.sleep(rng.uniform(0.05, 0.15))      # a quick person
                cid = f"k{frame['v']}-{rng.randrange(1 << 30)}"
                sent[cid] = time.monotonic()
                await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": rng.choice(options)["index"], "cid": cid}))


# --- the floods (each in a process of its own) -----------------------------------------
async def _flood(kind: str, ws_base: str, table: str, address: str, seconds: float) -> dict[str, int]:
    counts = {"sent": 0, "answers": 0, "rejects": 0, "closes": 0, "sockets": 0, "refused_sockets": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            async with connect(f"{ws_base}/ws/tables/{table}", local_addr=(address, 0), max_size=2**24,
                               open_timeout=5) as ws:
                counts["sockets"] += 1
                await ws.send(json.dumps({"t": "hello"}))
                if kind == "chat":
                    await _chat_socket(ws, counts, deadline)
                else:
                    await _blast(ws, kind, counts, deadline)
        except InvalidStatus:                   # 429: too many sockets from this address; again soon
            counts["refused_sockets"] += 1
            await asyncio.sleep(0.02)           # (a real attacker's CPU is not this machine's)
        except (TimeoutError, ConnectionClosed, OSError):
            counts["closes"] += 1
    return counts


async def _chat_socket(ws, counts: dict[str, int], deadline: float) -> None:
    """Five chat lines, each answered (echoed or refused), then the socket is dropped."""
    for _ in range(5):
        if time.monotonic() >= deadline:
            return
        await ws.send(json.dumps({"t": "chat", "channel": "spectators", "text": f"flood {counts['sent']}"}))
        counts["sent"] += 1
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if frame["t"] == "chat":
                counts["answers"] += 1
                break
            if frame["t"] == "reject":
                counts["rejects"] += 1
                break


async def _blast(ws, kind: str, counts: dict[str, int], deadline: float) -> None:
    """``kind`` frames as fast as the socket takes them, reading nothing (a reader counts
    what comes, without parsing the big ones), until the server closes the socket."""
    async def read() -> None:
        async for text in ws:
            if len(text) < 512 and '"t":"reject"' in text:
                counts["rejects"] += 1
            else:
                counts["answers"] += 1

    reader = asyncio.create_task(read())
    frame = json.dumps({"t": kind})
    try:
        while time.monotonic() < deadline and not reader.done():
            await ws.send(frame)
            counts["sent"] += 1
            if counts["sent"] % 20 == 0:
                await asyncio.sleep(0)
    finally:
        reader.cancel()


async def _burn(seconds: float, duty: float = 0.4) -> dict[str, int]:
    """The control: no traffic, only this process's CPU (``duty`` of a core, about what
    the flooding clients use), to tell the machine's share from the server's."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        busy = time.monotonic() + 0.01 * duty
        while time.monotonic() < busy:
            pass
        await asyncio.sleep(0.01 * (1 - duty))
    return {"sent": 0}


async def _floods(kind: str, ws_base: str, table: str, flooders: int, seconds: float) -> dict[str, int]:
    """``flooders`` flooding clients, each from a loopback address of its own."""
    if kind == "cpu":
        return await _burn(seconds)
    counts = await asyncio.gather(*(_flood(kind, ws_base, table, f"127.0.0.{10 + n}", seconds)
                                    for n in range(flooders)))
    return {key: sum(c[key] for c in counts) for key in counts[0]}


def flood_process(kind: str, ws_base: str, table: str, flooders: int, seconds: float, out) -> None:
    try:
        counts = asyncio.run(_floods(kind, ws_base, table, flooders, seconds))
        out.put({**counts, "client_cpu_s": round(time.process_time(), 2)})
    except BaseException as exc:  # noqa: BLE001 — told to the parent, not lost in this process
        out.put({"error": f"{type(exc).__name__}: {exc}"})
        raise


def run_flood(kind: str, ws_base: str, table: str, flooders: int, seconds: float) -> tuple[list, Any]:
    """Start the flooding process (one: on a small machine more would take the CPU from
    the server and the canary, and measure the machine), return it and its answer queue."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=flood_process, args=(kind, ws_base, table, flooders, seconds, out))]
    for p in procs:
        p.start()
    return procs, out


def gather_flood(procs: list, out) -> dict[str, int]:
    counts = out.get(timeout=60)
    for p in procs:
        p.join(10)
    return counts


# --- the run -----------------------------------------------------------------------------
def finished_long_table(base: str) -> str:
    """A Nightfall game two bots play to the end (seconds, with the short think time)."""
    made = httpx.post(f"{base}/api/tables", json={"game": "nightfall", "seats": ["bot:heuristic", "bot:heuristic"]},
                      timeout=30).json()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info = httpx.get(f"{base}/api/tables/{made['id']}", timeout=10).json()
        if info["status"] == "finished":
            return made["id"]
        time.sleep(0.2)
    raise SystemExit("the bots' Nightfall game did not finish in 120 s")


def phase(base: str, seconds: float, seed: int, flood: tuple | None) -> dict:
    print(f"phase: {flood[0] if flood else 'quiet'}", file=sys.stderr, flush=True)
    procs = out = None
    if flood is not None:
        procs, out = run_flood(*flood)
        time.sleep(1.0)                                    # the flooders are up and flooding
    cpu = time.process_time()
    latencies = asyncio.run(canary(base, seconds, random.Random(seed)))
    canary_cpu = time.process_time() - cpu
    counts = gather_flood(procs, out) if procs else None
    ms = [x * 1000 for x in latencies]
    return {"acks": len(ms), "p50_ms": round(load.percentile(ms, 0.5), 1), "p99_ms": round(load.percentile(ms, 0.99), 1),
            "max_ms": round(max(ms, default=0.0), 1), "canary_cpu_s": round(canary_cpu, 2),
            **({"flood": counts} if counts else {})}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="the canary's seconds per phase (default 5)")
    parser.add_argument("--flooders", type=int, default=4, help="flooding clients per flood (default 4)")
    parser.add_argument("--floods", default=",".join(FLOODS), help="which floods (default cpu,chat,sync,ping)")
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    args = parser.parse_args()
    os.environ.setdefault("GLOAM_BOT_THINK", "0,0.02")     # the bots: no think time to wait for
    os.environ.setdefault("GLOAM_RATE", "1000,100")     # the canary acts faster than a person's 2 a second
    with tempfile.TemporaryDirectory() as folder:
        proc, base = load.start_server(Path(folder))
        try:
            ws_base = base.replace("http", "ws")
            long_table = finished_long_table(base)
            welcome_bytes = len(asyncio.run(_welcome_text(ws_base, long_table)))
            chat_table = httpx.post(f"{base}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"]},
                                    timeout=30).json()["id"]
            phases: dict[str, dict] = {}
            cpu = load.cpu_seconds(proc.pid)
            phases["quiet"] = phase(base, args.seconds, 1, None)
            phases["quiet"]["server_cpu_s"] = round(load.cpu_seconds(proc.pid) - cpu, 2)
            for n, kind in enumerate(k for k in args.floods.split(",") if k):
                table = chat_table if kind == "chat" else long_table
                cpu = load.cpu_seconds(proc.pid)
                phases[kind] = phase(base, args.seconds, 2 + n, (kind, ws_base, table, args.flooders,
                                                                  args.seconds + 1.5))
                phases[kind]["server_cpu_s"] = round(load.cpu_seconds(proc.pid) - cpu, 2)
            cpu = load.cpu_seconds(proc.pid)
            phases["quiet_after"] = phase(base, args.seconds, 9, None)      # the machine's own noise
            phases["quiet_after"]["server_cpu_s"] = round(load.cpu_seconds(proc.pid) - cpu, 2)
        finally:
            load.stop_server(proc)
    quiet = phases["quiet"]
    for name, figures in phases.items():
        if name not in ("quiet", "quiet_after"):
            figures["p50_ratio"] = round(figures["p50_ms"] / quiet["p50_ms"], 2) if quiet["p50_ms"] else None
            figures["p99_ratio"] = round(figures["p99_ms"] / quiet["p99_ms"], 2) if quiet["p99_ms"] else None
            if not figures["acks"]:                       # no act acknowledged at all: no ratio to speak of
                figures["p50_ratio"] = figures["p99_ratio"] = None
    result = {"seconds": args.seconds, "flooders": args.flooders, "welcome_bytes": welcome_bytes,
              "phases": phases,
              "within_2x": all(f.get("p99_ratio") is not None and f["p99_ratio"] <= 2.0
                               for n, f in phases.items() if n not in ("quiet", "quiet_after", "cpu"))}
    if not args.json:
        print(f"the long table's welcome: {welcome_bytes} bytes")
        for name, f in phases.items():
            ratio = f" (x{f['p50_ratio']} / x{f['p99_ratio']})" if "p99_ratio" in f else ""
            print(f"{name:11} canary acks {f['acks']:4}  p50 {f['p50_ms']:7.1f} ms  p99 {f['p99_ms']:7.1f} ms{ratio}"
                  f"  server cpu {f['server_cpu_s']} s  {f.get('flood', '')}")
    print(json.dumps(result))
    return 0


async def _welcome_text(ws_base: str, table: str) -> str:
    async with connect(f"{ws_base}/ws/tables/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"t": "hello"}))
        return await asyncio.wait_for(ws.recv(), 10)


if __name__ == "__main__":
    sys.exit(main())
