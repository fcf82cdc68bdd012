"""Load on the web table: N WebSocket clients playing real games against one server.

    python benchmarks/server_load.py --clients 200 --seconds 180 [--procs 2] [--json]

Starts ``gloam serve`` as a process of its own on a free loopback port with a fresh
SQLite database, then runs N clients in this process (one asyncio loop): half of them in
pairs at two-seat tables (person against person), half alone against a bot; Nightmarium
and Nightfall tables alternate. Each client thinks 0.5-2 s before each action (as a
person would), and starts a new table when its game ends. Prints acknowledged actions,
errors (rejects and dropped sockets), resyncs (gaps in ``v``), the latency from sending
an action to its acknowledgement (p50, p99, max; timed when the frame is read), the
server process's CPU time (which, unlike the latencies, other work on the machine does not
inflate) and the sizes of the update frames. ``--json`` prints them as one object: keys
``clients``, ``acks``, ``errors``, ``resyncs``, ``p50_ms``, ``p99_ms``, ``max_ms``,
``server_cpu_s``, ``server_cpu_ms_per_ack``, ``frame_bytes_p50``, ``frame_bytes_max`` …
All traffic stays on the loopback interface, and the run stops by itself.

``--procs P`` runs the clients in P processes (each its own loop), so that the clients'
own work (parsing 10-25 KB frames for 200 sockets) does not delay the moment a frame is
read and so inflate the latency they measure. ``GLOAM_LOAD_PROFILE=FILE`` runs the server
under cProfile and writes its profile to FILE when it stops (to find what holds up the
server's loop; the figures of such a run are not the server's own).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


class Stats:
    def __init__(self) -> None:
        self.acks = 0
        self.errors: list[str] = []
        self.resyncs = 0
        self.latencies: list[float] = []
        self.frame_bytes: list[int] = []
        self.games = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def play(ws_url: str, table: str, token: str, rng: random.Random, stats: Stats, deadline: float) -> bool:
    """One seat to the end of its game (True) or the deadline (False)."""
    async with connect(f"{ws_url}/ws/tables/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"t": "hello", "token": token}))
        sent: dict[str, float] = {}
        last_v = None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            try:
                text = await asyncio.wait_for(ws.recv(), remaining)
            except TimeoutError:
                return False
            arrived = time.monotonic()             # before this client's own parsing
            frame = json.loads(text)
            kind = frame["t"]
            if kind == "reject":
                stats.errors.append(f"reject {frame['code']}: {frame['msg']}")
                continue
            if kind not in ("welcome", "update"):
                continue
            if kind == "update":
                stats.frame_bytes.append(len(text.encode()))
                if last_v is not None and frame["v"] != last_v + 1:
                    stats.resyncs += 1
                    await ws.send(json.dumps({"t": "sync"}))
            last_v = frame["v"]
            if frame.get("ack") in sent:
                stats.latencies.append(arrived - sent.pop(frame["ack"]))
                stats.acks += 1
            view = frame["view"]
            if view.get("over") or view.get("outcome"):
                stats.games += 1
                return True
            options = (view.get("decision") or {}).get("options")
            if options:
                await asyncio.sleep(rng.uniform(0.5, 2.0))
                if time.monotonic() >= deadline:
                    return False
                cid = f"c{frame['v']}-{rng.randrange(1 << 30)}"
                sent[cid] = time.monotonic()
                await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": rng.choice(options)["index"], "cid": cid}))


async def new_table(http: httpx.AsyncClient, base: str, game: str, seats: list[str]) -> dict:
    r = await http.post(f"{base}/api/tables", json={"game": game, "seats": seats})
    r.raise_for_status()
    return r.json()


async def solo(base: str, n: int, stats: Stats, deadline: float) -> None:
    rng = random.Random(n)
    async with httpx.AsyncClient(timeout=30) as http:
        while time.monotonic() < deadline:
            game, bot = (("nightmarium", "bot:greedy"), ("nightfall", "bot:heuristic"))[n % 2]
            made = await new_table(http, base, game, ["human", bot])
            await guarded(play(base.replace("http", "ws"), made["id"], made["tokens"]["0"], rng, stats, deadline), stats)


async def pair(base: str, n: int, stats: Stats, deadline: float) -> None:
    rng = random.Random(10_000 + n)
    async with httpx.AsyncClient(timeout=30) as http:
        while time.monotonic() < deadline:
            game = ("nightmarium", "nightfall")[n % 2]
            made = await new_table(http, base, game, ["human", "human"])
            ws = base.replace("http", "ws")
            await asyncio.gather(*(guarded(play(ws, made["id"], made["tokens"][s], random.Random(rng.random()), stats,
                                                deadline), stats) for s in ("0", "1")))


async def guarded(coro, stats: Stats) -> None:
    try:
        await coro
    except Exception as exc:  # noqa: BLE001 — a dropped socket is an error to count, not a crash
        stats.errors.append(f"{type(exc).__name__}: {exc}")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(clients: int, seconds: float, base: str, part: int = 0, parts: int = 1) -> Stats:
    """The clients of share ``part`` of ``parts`` (every ``parts``-th solo and pair)."""
    stats = Stats()
    deadline = time.monotonic() + seconds
    pairs = clients // 4                                   # half the clients, two to a table
    solos = clients - 2 * pairs
    tasks = [solo(base, n, stats, deadline) for n in range(part, solos, parts)]
    tasks += [pair(base, n, stats, deadline) for n in range(part, pairs, parts)]
    await asyncio.gather(*(guarded(t, stats) for t in tasks))
    return stats


def run_share(clients: int, seconds: float, base: str, part: int, parts: int) -> Stats:
    return asyncio.run(run(clients, seconds, base, part, parts))


def run_clients(clients: int, seconds: float, base: str, procs: int) -> Stats:
    """All the clients: in this process, or in ``procs`` processes with their stats merged."""
    if procs <= 1:
        return asyncio.run(run(clients, seconds, base))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(procs) as pool:
        shares = list(pool.map(run_share, *zip(*[(clients, seconds, base, p, procs) for p in range(procs)])))
    merged = Stats()
    for share in shares:
        merged.acks += share.acks
        merged.errors += share.errors
        merged.resyncs += share.resyncs
        merged.latencies += share.latencies
        merged.frame_bytes += share.frame_bytes
        merged.games += share.games
    return merged


def start_server(folder: Path, *flags: str, env: dict[str, str] | None = None,
                 own_session: bool = False) -> tuple[subprocess.Popen, str]:
    """A real ``gloam serve`` on a free loopback port and a fresh SQLite file in ``folder``
    (``flags``: more of its options; ``own_session``: in a session of its own, so its bot
    pool can be killed with it); (the process, its URL) once it answers."""
    port = free_port()
    profile = os.environ.get("GLOAM_LOAD_PROFILE")
    runner = ["-m", "cProfile", "-o", profile] if profile else []
    cmd = [sys.executable, *runner, "-m", "gloam.cli.main", "serve", "--port", str(port),
           "--db", f"sqlite:///{folder / 'load.db'}", *flags]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, **(env or {})},
                            start_new_session=own_session)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not start: {proc.stderr.read().decode()[-500:]}")


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server :func:`start_server` started: SIGTERM (SIGINT while profiling:
    uvicorn re-raises a SIGTERM once it has stopped, which would lose the profile), then
    SIGKILL after 15 s."""
    proc.send_signal(signal.SIGINT if os.environ.get("GLOAM_LOAD_PROFILE") else signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system, all threads) process ``pid`` has used (Linux; else 0):
    the server's own cost, which other work on the machine does not inflate as it does the
    latencies."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--procs", type=int, default=1, help="client processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, base = start_server(Path(folder))
        try:
            cpu_before = cpu_seconds(proc.pid)
            stats = run_clients(args.clients, args.seconds, base, args.procs)
            server_cpu = cpu_seconds(proc.pid) - cpu_before
        finally:
            stop_server(proc)
    lat = [x * 1000 for x in stats.latencies]
    result = {"clients": args.clients, "seconds": args.seconds, "procs": args.procs, "acks": stats.acks, "errors": len(stats.errors),
              "resyncs": stats.resyncs, "games": stats.games,
              "p50_ms": round(percentile(lat, 0.5), 1), "p99_ms": round(percentile(lat, 0.99), 1),
              "max_ms": round(max(lat, default=0.0), 1),
              "server_cpu_s": round(server_cpu, 1),
              "server_cpu_ms_per_ack": round(server_cpu * 1000 / stats.acks, 2) if stats.acks else 0.0,
              "frame_bytes_p50": int(statistics.median(stats.frame_bytes)) if stats.frame_bytes else 0,
              "frame_bytes_max": max(stats.frame_bytes, default=0),
              "first_errors": stats.errors[:5]}
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:16} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
