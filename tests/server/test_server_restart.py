"""The server killed with SIGKILL at random moments, during bot and human games, and
restarted on the same database (SQLite, and a fresh PostgreSQL database when
``GLOAM_TEST_POSTGRES`` is set): every acknowledged action is there, none twice, and
every table's game equals its replayed record (docs/web-protocol.md: an action is
committed before anyone is told of it)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
from websockets.asyncio.client import connect

from gloam.core.record import Record
from web_client import crash_restart_module, create, run_async

KILLS = 4


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, db: str, port: int) -> None:
        self.db, self.port = db, port
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "GLOAM_BOT_THINK": "0,0.03", "GLOAM_RATE": "1000,1000"}
        self.proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "serve", "--port", str(self.port),
                                      "--db", self.db], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.proc.stderr.read1().decode()}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


async def resilient_player(base_ws: str, table: str, token: str, rng: random.Random, acks: list, stop: asyncio.Event):
    """A person's client: reconnects, resends its one pending act if it has not landed."""
    pending = None                                   # (cid, v, action)
    while not stop.is_set():
        try:
            async with connect(f"{base_ws}/ws/tables/{table}", open_timeout=2) as ws:
                await ws.send(json.dumps({"t": "hello", "token": token}))
                while True:
                    frame = json.loads(await ws.recv())
                    if frame["t"] == "welcome" and pending is not None:
                        if pending[0] in frame["acked_cids"]:
                            acks.append(pending)
                            pending = None
                        elif frame["v"] == pending[1]:
                            await ws.send(json.dumps({"t": "act", "v": pending[1], "a": pending[2], "cid": pending[0]}))
                            continue
                        else:
                            pending = None
                    if frame.get("ack") and pending and frame["ack"] == pending[0] or \
                            frame["t"] == "ack" and pending and frame["cid"] == pending[0]:
                        acks.append(pending)
                        pending = None
                    if frame["t"] == "reject" and pending and frame["cid"] == pending[0]:
                        pending = None                   # refused (stale after a restart): resync, decide again
                        await ws.send(json.dumps({"t": "sync"}))
                    if frame["t"] == "update" and pending and frame["v"] > pending[1] and frame.get("ack") != pending[0]:
                        pending = None
                    if frame["t"] not in ("welcome", "update"):
                        continue
                    view = frame["view"]
                    if view.get("over") or view.get("outcome"):
                        return
                    options = (view.get("decision") or {}).get("options")
                    if options and pending is None:
                        action = rng.choice(options)["index"]
                        pending = (f"p-{frame['v']}-{rng.randrange(10**9)}", frame["v"], action)
                        await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": action, "cid": pending[0]}))
        except (TimeoutError, OSError, Exception) as exc:   # noqa: BLE001 — the server was killed: retry
            if isinstance(exc, AssertionError):
                raise
            await asyncio.sleep(0.1)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A fresh database URL: SQLite in the test's folder, or PostgreSQL when one is given."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'gloam.db'}"
        return
    server = os.environ.get("GLOAM_TEST_POSTGRES")
    if not server:
        pytest.skip("no PostgreSQL: set GLOAM_TEST_POSTGRES=postgresql://user:pw@host/db (.ci/run starts one)")
    crash = crash_restart_module()
    url, name = crash.fresh_postgres(server)
    try:
        yield url
    finally:
        crash.drop_postgres(server, name)


@pytest.mark.slow
def test_kill_9_loses_no_acknowledged_action(database):
    rng = random.Random(14)
    server = ServerProcess(database, _free_port())
    server.start()
    tables = [create(server.url, "nightmarium", ["bot:greedy", "bot:random"]),
              create(server.url, "nightfall", ["bot:heuristic", "bot:random"]),
              create(server.url, "nightmarium", ["human", "bot:greedy"]),
              create(server.url, "nightfall", ["human", "bot:heuristic"])]
    acks: dict[str, list] = {t["id"]: [] for t in tables}

    async def clients(stop):
        await asyncio.gather(*(resilient_player(server.url.replace("http", "ws"), t["id"], tok, random.Random(n), acks[t["id"]], stop)
                               for n, t in enumerate(tables) for tok in t["tokens"].values()))

    async def run():
        stop = asyncio.Event()
        task = asyncio.create_task(clients(stop))
        try:
            for _ in range(KILLS):
                await asyncio.sleep(rng.uniform(0.3, 1.5))
                server.kill()
                await asyncio.sleep(rng.uniform(0.0, 0.3))
                await asyncio.to_thread(server.start)
            await asyncio.wait_for(task, 240)
        finally:
            stop.set()

    try:
        run_async(run())
        for t in tables:
            deadline = time.monotonic() + 120
            while (info := httpx.get(f"{server.url}/api/tables/{t['id']}").json())["status"] != "finished":
                assert time.monotonic() < deadline, f"table {t['id']} did not finish"
                time.sleep(0.1)
            record = Record.from_json(httpx.get(f"{server.url}/api/tables/{t['id']}/record").json())
            final = record.replay()
            assert final.is_terminal() and info["v"] == len(record.actions)
            assert list(final.outcome().winners) == info["result"]["winners"]
            cids = [cid for cid, _, _ in acks[t["id"]]]
            assert len(cids) == len(set(cids))
            for cid, v, action in acks[t["id"]]:
                assert record.actions[v] == action, f"acked act {cid} at v{v} is not in the record"
        assert any(acks[t["id"]] for t in tables if t["tokens"])
    finally:
        server.kill()
