"""Crashes: the web table killed with SIGKILL at random moments and restarted, while games go on.

    python benchmarks/crash_restart.py --kills 20 [--db postgresql://user:pw@host/db] [--json]

Starts ``gloam serve`` as a process of its own (its own process group, so its bot workers
die with it) on a free loopback port with a fresh database: SQLite in a temporary folder
by default; with ``--db postgresql://…`` a fresh database this script creates on that
server (the URL's role must be allowed to CREATE DATABASE) and drops at the end. Table
slots play games one after another: a person against a bot (``greedy``, ``heuristic``, and
the search bot ``normal``), two people, and two bots; each person is a scripted client that
thinks briefly, records every acknowledgement it gets (cid, seq, action), and after a
dropped socket reconnects and resends its one pending act with the same cid.

Each kill is one of: ``random`` (any moment), ``bot`` (right after a person's acknowledged
act handed the decision to a bot, so a bot is thinking) and ``write`` (within 4 ms of a
client sending an act, so a batch of writes is open). The server is restarted on the same
port and database after each kill. When the kills are done (or the time is up) the slots
finish their games and stop; then the database is read directly and checked:

* lost: an acknowledged cid that is not in the log at the acknowledged seq with the
  acknowledged action;
* duplicated: an acknowledged cid in the log more than once, or acknowledged at two seqs;
* mismatched: a table whose state rebuilt from its log (a Record replayed from the stored
  setup, seed and acts) differs from what the live server reports: ``v``, status, the
  stored and the reported result, and for a finished table the record the server gives
  (its actions and the hash of its replayed final state).

All of lost, duplicated and mismatched must be 0 (the exit code is 1 otherwise). Every
loop is bounded in count and in time. All traffic stays on the loopback interface.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

#: the table slots, in order; a run with S slots takes the first S
SLOTS = [
    ("nightmarium", ["human", "bot:greedy"]),
    ("nightmarium", ["human", "human"]),
    ("nightmarium", ["human", "bot:normal"]),
    ("nightfall", ["human", "bot:heuristic"]),
    ("nightmarium", ["bot:greedy", "bot:random"]),
    ("nightmarium", ["human", "bot:random"]),
]
MODES = ("random", "bot", "write")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the server process and its database -----------------------------------------------

class ServerProcess:
    """``gloam serve`` in a process group of its own; :meth:`kill` is SIGKILL to the group."""

    def __init__(self, db: str, port: int | None = None, think: str = "0,0.03", log: Path | None = None) -> None:
        self.db, self.port, self.think = db, port or free_port(), think
        self.log = log
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        src = str(Path(__file__).resolve().parents[1] / "src")
        env = {**os.environ, "GLOAM_BOT_THINK": self.think, "GLOAM_RATE": "1000,1000", "GLOAM_ADOPT_EVERY": "0.5",
               "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "serve", "--port", str(self.port),
                                      "--db", self.db], env=env, stdout=out, stderr=out, start_new_session=True)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode} (log: {self.log})")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start in {timeout:.0f} s (log: {self.log})")

    def kill(self) -> None:
        """SIGKILL to the server and its bot workers at once, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)


def fresh_postgres(server_url: str, prefix: str = "gloam_crash_") -> tuple[str, str]:
    """A new, empty database on the server of ``server_url``: (its URL, its name)."""
    import psycopg

    name = f"{prefix}{secrets.token_hex(5)}"
    with psycopg.connect(_plain(server_url), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = server_url.rsplit("/", 1)[0]
    return f"{base}/{name}", name


def drop_postgres(server_url: str, name: str, tries: int = 20) -> None:
    """Drop the database, its sessions ended. A role that is not a superuser may not end
    an autovacuum worker's session ("must be a member of the role whose process is being
    terminated"), so while one is at work there the drop is tried again a moment later."""
    import psycopg

    for attempt in range(tries):
        try:
            with psycopg.connect(_plain(server_url), autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except psycopg.errors.InsufficientPrivilege:
            if attempt == tries - 1:
                raise
            time.sleep(0.25)


def _plain(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://")


# --- the clients ------------------------------------------------------------------------

@dataclass
class Ack:
    table: str
    cid: str
    seq: int
    action: int


@dataclass
class Run:
    """What the clients saw, and the signals the killer waits for."""

    acks: list[Ack] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    finished: int = 0
    bot_thinking: asyncio.Event = field(default_factory=asyncio.Event)
    sent: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    kill_modes: list[str] = field(default_factory=list)


async def person(ws_base: str | Callable[[], str], table: str, token: str, rng: random.Random, run: Run, has_bot: bool,
                 think: tuple[float, float], deadline: float) -> bool:
    """A person's client until the game is over (True) or the deadline (False): a random
    option after a short think; after a dropped socket, reconnect and resend the pending
    act with the same cid (the server acknowledges a landed one again, applies it once).
    ``ws_base`` may be a function: the server to (re)connect to each time."""
    pending: tuple[str, int, int] | None = None        # (cid, v sent at, action)

    def acked(seq: int) -> None:
        nonlocal pending
        run.acks.append(Ack(table, pending[0], seq, pending[2]))
        pending = None

    while time.monotonic() < deadline:
        try:
            base = ws_base() if callable(ws_base) else ws_base
            async with connect(f"{base}/ws/tables/{table}", open_timeout=2, max_size=2**24) as ws:
                await ws.send(json.dumps({"t": "hello", "token": token}))
                while time.monotonic() < deadline:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    kind = frame["t"]
                    if kind == "welcome" and pending is not None:
                        if pending[0] in frame["acked_cids"]:
                            acked(pending[1] + 1)
                        elif frame["v"] == pending[1]:
                            await ws.send(json.dumps({"t": "act", "v": pending[1], "a": pending[2], "cid": pending[0]}))
                            run.sent.set()
                            continue
                        else:
                            pending = None                 # the table moved on without it: never acknowledged
                    if pending is not None and (kind == "ack" and frame["cid"] == pending[0]
                                                or kind == "update" and frame.get("ack") == pending[0]):
                        acked(frame["v"])
                        if kind == "update" and has_bot and not (frame["view"].get("decision") or {}).get("options"):
                            run.bot_thinking.set()
                    if kind == "reject" and pending is not None and frame["cid"] == pending[0]:
                        pending = None                     # refused: nothing happened; decide again
                        await ws.send(json.dumps({"t": "sync"}))
                    if kind not in ("welcome", "update"):
                        continue
                    view = frame["view"]
                    if view.get("over") or view.get("outcome"):
                        return True
                    options = (view.get("decision") or {}).get("options")
                    if options and pending is None:
                        await asyncio.sleep(rng.uniform(*think))
                        action = rng.choice(options)["index"]
                        pending = (f"p{frame['v']}-{rng.randrange(10**9)}", frame["v"], action)
                        await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": action, "cid": pending[0]}))
                        run.sent.set()
        except (TimeoutError, OSError, Exception) as exc:   # noqa: BLE001 — killed: reconnect
            if isinstance(exc, (AssertionError, KeyError)):
                raise
            await asyncio.sleep(0.1)
    return False


async def _create(http: httpx.AsyncClient, game: str, seats: list[str], deadline: float) -> dict | None:
    """POST a table, retrying while the server is down (a lost answer leaves an orphan
    table: it is audited like the others)."""
    while time.monotonic() < deadline:
        try:
            r = await http.post("/api/tables", json={"game": game, "seats": seats, "setup": {}}, timeout=10)
            if r.status_code == 201:
                return r.json()
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.1)
    return None


async def slot(server: ServerProcess, game: str, seats: list[str], rng: random.Random, run: Run,
               think: tuple[float, float], deadline: float, max_games: int) -> None:
    """Games at one kind of table, one after another, until told to stop."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        for _ in range(max_games):
            if run.stop.is_set() or time.monotonic() > deadline:
                return
            made = await _create(http, game, seats, deadline)
            if made is None:
                return
            run.tables.append(made["id"])
            has_bot = any(s.startswith("bot:") for s in seats)
            players = [person(server.ws_url, made["id"], tok, random.Random(rng.random()), run, has_bot, think, deadline)
                       for tok in made["tokens"].values()]
            if players:
                done = await asyncio.gather(*players)
                run.finished += all(done)
            else:
                await _wait_finished(http, made["id"], deadline)


async def _wait_finished(http: httpx.AsyncClient, table: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            if (await http.get(f"/api/tables/{table}", timeout=5)).json().get("status") == "finished":
                return
        except (httpx.HTTPError, ValueError):
            pass
        await asyncio.sleep(0.2)


async def killer(server: ServerProcess, run: Run, kills: int, rng: random.Random, deadline: float,
                 gap: tuple[float, float]) -> list[str]:
    """``kills`` SIGKILLs at random moments, a third of them while a bot thinks and a third
    while a write is open; each followed by a restart on the same port and database."""
    modes = [MODES[n % len(MODES)] for n in range(kills)]
    rng.shuffle(modes)
    done: list[str] = []
    for mode in modes:
        await asyncio.sleep(rng.uniform(*gap))
        if time.monotonic() > deadline:
            break
        if mode != "random":
            signal_ = run.bot_thinking if mode == "bot" else run.sent
            signal_.clear()
            try:
                await asyncio.wait_for(signal_.wait(), 10)
            except TimeoutError:
                mode = "random"
            await asyncio.sleep(rng.uniform(0, 0.05) if mode == "bot" else rng.uniform(0, 0.004))
        server.kill()
        done.append(mode)
        await asyncio.sleep(rng.uniform(0, 0.2))
        await asyncio.to_thread(server.start)
    return done


# --- the audit --------------------------------------------------------------------------

def _state_hash(state: Any) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def read_database(db: str) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """Every table row and every table's log rows (in seq order), read directly."""
    from sqlalchemy import create_engine, select

    from gloam.server.settings import sync_url
    from gloam.server.store import models

    url = sync_url(db) if not db.startswith("postgresql://") else db.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            tables = {r.id: r for r in conn.execute(select(models.tables))}
            logs: dict[str, list[Any]] = {t: [] for t in tables}
            for r in conn.execute(select(models.log).order_by(models.log.c.table_id, models.log.c.seq)):
                logs[r.table_id].append(r)
    finally:
        engine.dispose()
    return tables, logs


def audit(db: str, server_url: str, acks: list[Ack]) -> dict[str, Any]:
    """lost / duplicated (the acknowledgements against the log) and mismatched (each
    table's replayed log against what the live server reports)."""
    tables, logs = read_database(db)
    lost, duplicated = count_acks(logs, acks)

    def fetch(path: str) -> Any:
        return httpx.get(server_url + path, timeout=30).json()

    problems = [p for t in tables for p in table_problems(tables[t], logs[t], fetch)]
    return {"tables": len(tables), "tables_finished": sum(row.status == "finished" for row in tables.values()),
            "lost": lost, "duplicated": duplicated, "mismatched": len({p[0] for p in problems}),
            "problems": [f"{t}: {why}" for t, why in problems[:20]]}


def count_acks(logs: dict[str, list[Any]], acks: list[Ack]) -> tuple[int, int]:
    """(lost, duplicated): acknowledged acts missing from the log at their seq with their
    action; acknowledged cids stored more than once or acknowledged at two seqs."""
    by_cid: dict[tuple[str, str], list[Any]] = {}
    for table, rows in logs.items():
        for r in rows:
            if r.cid:
                by_cid.setdefault((table, r.cid), []).append(r)
    lost = duplicated = 0
    seen: dict[tuple[str, str], int] = {}
    for ack in acks:
        key = (ack.table, ack.cid)
        if key in seen:
            duplicated += seen[key] != ack.seq
            continue
        seen[key] = ack.seq
        rows = by_cid.get(key, [])
        duplicated += max(0, len(rows) - 1)
        if not any(r.seq == ack.seq and r.action == ack.action and r.kind == "act" for r in rows):
            lost += 1
    return lost, duplicated


def table_problems(row: Any, rows: list[Any], fetch) -> list[tuple[str, str]]:
    """What differs between a table's log replayed and what the server reports
    (``fetch(path)`` is the server's JSON answer to a GET of ``path``)."""
    from gloam.core.record import Record

    out: list[tuple[str, str]] = []
    if [r.seq for r in rows] != list(range(1, len(rows) + 1)):
        out.append((row.id, "the log's seqs are not 1..n"))
    if any(r.kind != "act" for r in rows):
        out.append((row.id, "a log entry other than an act (the clients never undo)"))
    actions = [r.action for r in rows if r.kind == "act"]
    start = row.start["state"] if row.start else None
    try:
        state = Record(row.game, row.setup, int(row.seed), actions, start=start).replay()
    except Exception as exc:  # noqa: BLE001 — a log that does not replay is a mismatch
        return [(row.id, f"the log does not replay: {exc}")]
    info = fetch(f"/api/tables/{row.id}")
    if info.get("v") != len(rows):
        out.append((row.id, f"the server reports v{info.get('v')}, the log has {len(rows)} entries"))
    terminal = state.is_terminal()
    if (row.status == "finished") != terminal or (info.get("status") == "finished") != terminal:
        out.append((row.id, f"status: stored {row.status}, reported {info.get('status')}, replay terminal {terminal}"))
    if terminal:
        winners = list(state.outcome().winners)
        if (row.result or {}).get("winners") != winners or (info.get("result") or {}).get("winners") != winners:
            out.append((row.id, f"winners: replay {winners}, stored {(row.result or {}).get('winners')}, "
                                f"reported {(info.get('result') or {}).get('winners')}"))
        record = Record.from_json(fetch(f"/api/tables/{row.id}/record"))
        if record.actions != actions or _state_hash(record.replay()) != _state_hash(state):
            out.append((row.id, "the server's record differs from the log"))
    return out


# --- the run ----------------------------------------------------------------------------


def crash_restart(kills: int, db: str | None = None, slots: int = len(SLOTS), seed: int = 16,
                  seconds: float = 600.0, gap: tuple[float, float] = (0.3, 1.5),
                  think: tuple[float, float] = (0.0, 0.05), games_per_slot: int = 50,
                  workdir: Path | None = None) -> dict[str, Any]:
    """Run the whole experiment; the figures as a dict (``kills``, ``acked``, ``lost``,
    ``duplicated``, ``mismatched`` …). ``db``: None for a fresh SQLite file, or a
    PostgreSQL server URL on which a fresh database is made (and dropped)."""
    rng = random.Random(seed)
    folder = Path(workdir or tempfile.mkdtemp(prefix="gloam-crash-"))
    pg_name = None
    if db is None:
        url = f"sqlite:///{folder / 'gloam.db'}"
    else:
        url, pg_name = fresh_postgres(db)
    server = ServerProcess(url, log=folder / "server.log")
    started = time.monotonic()
    try:
        server.start()
        run = asyncio.run(_play(server, kills, slots, rng, seconds, gap, think, games_per_slot))
        figures = audit(url, server.url, run.acks)
    finally:
        server.kill()
        if pg_name:
            drop_postgres(db, pg_name)
    if workdir is None and figures["lost"] == figures["duplicated"] == figures["mismatched"] == 0:
        shutil.rmtree(folder, ignore_errors=True)      # kept (with server.log) when something is wrong
    return {"database": "postgresql" if pg_name else "sqlite", "kills": len(run.kill_modes),
            "kill_modes": {m: run.kill_modes.count(m) for m in MODES},
            "people_games_finished": run.finished, "acked": len(run.acks), **figures,
            "seconds": round(time.monotonic() - started, 1)}


async def _play(server: ServerProcess, kills: int, slots: int, rng: random.Random, seconds: float,
                gap: tuple[float, float], think: tuple[float, float], games_per_slot: int) -> Run:
    run = Run()
    deadline = time.monotonic() + seconds
    games = [asyncio.create_task(slot(server, game, seats, random.Random(rng.random()), run, think, deadline,
                                      games_per_slot))
             for game, seats in SLOTS[:slots]]
    run.kill_modes = await killer(server, run, kills, rng, deadline - 30, gap)
    run.stop.set()
    await asyncio.gather(*games)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs to send (default 20)")
    parser.add_argument("--db", metavar="URL", help="a PostgreSQL server URL (a fresh database is made there); "
                                                    "default: a fresh SQLite file")
    parser.add_argument("--slots", type=int, default=len(SLOTS), help=f"table slots (1-{len(SLOTS)})")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=600.0, help="the time limit of the whole run")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if not 1 <= args.slots <= len(SLOTS) or args.kills < 0:
        parser.error(f"--slots must be 1-{len(SLOTS)} and --kills at least 0")
    figures = crash_restart(args.kills, args.db, args.slots, args.seed, args.seconds)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>15}: {value}")
    return 0 if figures["lost"] == figures["duplicated"] == figures["mismatched"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
