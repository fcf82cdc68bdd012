"""Two ``gloam serve`` processes on one PostgreSQL database (docs/web-protocol.md,
"Storage"): a table is served by the process that holds its advisory lock; the other
refuses its socket with 4409 and answers its status from the database. When the owner is
killed with SIGKILL, the survivor takes the table over from the log: a player reconnecting
to it with the same token plays on to the end, a table of bots is adopted and finishes,
and nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time

import httpx
import pytest
from websockets.asyncio.client import connect

from web_client import crash_restart_module, run_async

crash = crash_restart_module()

POSTGRES = os.environ.get("GLOAM_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL: set GLOAM_TEST_POSTGRES=postgresql://user:pw@host/db")


@pytest.fixture
def cluster(tmp_path):
    url, name = crash.fresh_postgres(POSTGRES)
    a = crash.ServerProcess(url, log=tmp_path / "a.log")
    b = crash.ServerProcess(url, log=tmp_path / "b.log")
    try:
        a.start()
        b.start()
        yield url, a, b
    finally:
        a.kill()
        b.kill()
        crash.drop_postgres(POSTGRES, name)


async def _close_code(ws_base: str, table: str, token: str | None) -> tuple[int | None, dict]:
    async with connect(f"{ws_base}/ws/tables/{table}", open_timeout=5) as ws:
        await ws.send(json.dumps({"t": "hello", **({"token": token} if token else {})}))
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        try:
            await asyncio.wait_for(ws.recv(), 10)
        except Exception:  # noqa: BLE001 — the close itself
            pass
        return ws.close_code, frame


def _create(base: str, game: str, seats: list[str]) -> dict:
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def test_the_survivor_takes_over_a_killed_process_tables(cluster):
    url, a, b = cluster
    played = _create(a.url, "nightmarium", ["human", "bot:greedy"])
    bots = _create(a.url, "nightmarium", ["bot:greedy", "bot:random"])
    token = played["tokens"]["0"]

    async def scenario():
        code, bye = await _close_code(b.ws_url, played["id"], token)
        assert code == 4409 and bye["t"] == "bye" and "another server process" in bye["msg"]
        assert (await _close_code(b.ws_url, bots["id"], None))[0] == 4409
        status = httpx.get(f"{b.url}/api/tables/{played['id']}", timeout=10)   # B reads it from the database
        assert status.status_code == 200 and status.json()["status"] == "live"
        joined = httpx.post(f"{b.url}/api/tables/{played['id']}/start", timeout=10)
        assert joined.status_code == 409 and "another server process" in joined.json()["detail"]

        server = {"ws": a.ws_url}
        run = crash.Run()
        player = asyncio.create_task(crash.person(lambda: server["ws"], played["id"], token, random.Random(5), run,
                                                  True, (0.0, 0.02), time.monotonic() + 120))
        while len(run.acks) < 6 and not player.done():
            await asyncio.sleep(0.02)
        on_a = len(run.acks)
        await asyncio.sleep(random.Random(7).uniform(0, 0.05))
        a.kill()
        server["ws"] = b.ws_url
        assert await player, "the player did not reach the end on the survivor"
        return run, on_a

    run, on_a = run_async(scenario())
    assert on_a >= 6 and len(run.acks) > on_a          # acts acknowledged by A, then by B
    deadline = time.monotonic() + 60
    while httpx.get(f"{b.url}/api/tables/{bots['id']}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the survivor did not finish the bots' table"
        time.sleep(0.2)
    tables, logs = crash.read_database(url)
    assert crash.count_acks(logs, run.acks) == (0, 0)

    def fetch(path: str):
        return httpx.get(b.url + path, timeout=30).json()

    for table_id in (played["id"], bots["id"]):
        assert tables[table_id].status == "finished"
        assert crash.table_problems(tables[table_id], logs[table_id], fetch) == []


def test_a_process_whose_lock_session_falls_stops_serving_its_tables(cluster):
    """The lock sessions cut (as a database restart would): the owner closes the table's
    sockets with 1012, and then exactly one process serves it again."""
    import psycopg

    url, a, b = cluster
    table = _create(a.url, "nightmarium", ["human", "bot:greedy"])

    async def scenario():
        async with connect(f"{a.ws_url}/ws/tables/{table['id']}", open_timeout=5) as ws:
            await ws.send(json.dumps({"t": "hello", "token": table["tokens"]["0"]}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["t"] == "welcome"
            with psycopg.connect(url, autocommit=True) as conn:     # cut A's lock session, as a database restart would
                killed = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                      "WHERE datname = current_database() AND application_name LIKE 'gloam-serve:%:locks'").fetchall()
            assert killed == [(True,), (True,)]                     # A's and B's
            frames = []
            try:
                while True:
                    frames.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except Exception:  # noqa: BLE001 — the close
                pass
            assert ws.close_code == 1012 and frames[-1]["t"] == "bye", (ws.close_code, frames[-1:])
        async def hello(server) -> dict:
            async with connect(f"{server.ws_url}/ws/tables/{table['id']}", open_timeout=5) as ws:
                await ws.send(json.dumps({"t": "hello", "token": table["tokens"]["0"]}))
                return json.loads(await asyncio.wait_for(ws.recv(), 10))

        for attempt in range(60):      # as a client behind a balancer: retry on 4409 (A, B, A, …)
            frame = await hello((a, b)[attempt % 2])
            if frame["t"] == "welcome":  # one of them took the lock again and serves the table from the log
                other = await hello((a, b)[(attempt + 1) % 2])
                assert other["t"] == "bye" and other["code"] == 4409, other
                return
            assert frame["code"] == 4409, frame
            await asyncio.sleep(0.1)
        raise AssertionError("neither process serves the table again")

    run_async(scenario())



def test_no_table_is_served_from_a_fallen_lock_while_the_rooms_close():
    """The window a CI run fell into: the lock session is cut; while this process closes
    its rooms (sockets told 1012, the queued writes flushed), a hello for one of them came
    in and was served from the lock the process still believed it held, so after the
    session was reopened the other process served the table too. Now nothing is served
    between the fall and the new session, and afterwards this process holds the lock of
    every table it serves (another session cannot take it)."""
    import psycopg

    from gloam.core.record import engine_version
    from gloam.server.api import seat_rows
    from gloam.server.bots import BotRunner
    from gloam.server.rooms import RoomRegistry, ServedElsewhere, new_table_id
    from gloam.server.store import repo
    from gloam.server.store.locks import PROCESS_TAG, AdvisoryLocks, table_locks
    from gloam.server.store.writer import Writer

    url, name = crash.fresh_postgres(POSTGRES)

    async def scenario():
        await asyncio.to_thread(repo.migrate, url)
        engine = repo.open_engine(url)
        locks, other = table_locks(url), table_locks(url)
        assert isinstance(locks, AdvisoryLocks)
        await locks.open()
        writer = Writer(engine)
        writer.start()
        bots = BotRunner(1)
        rooms = RoomRegistry(engine, writer, bots, (0.0, 0.0), locks=locks)
        try:
            table = repo.TableRow(id=new_table_id(), game="nightmarium", setup={"players": 2}, seed=7, bot_secret=8,
                                  options={}, status="live", result=None, engine=engine_version(),
                                  created_at=repo.now(), finished_at=None, started_at=repo.now())
            await rooms.create(table, seat_rows("nightmarium", ["human", "human"], None))
            with psycopg.connect(crash._plain(url), autocommit=True) as conn:      # the session is cut
                cut = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                   "WHERE application_name = %s", (PROCESS_TAG + ":locks",)).fetchall()
            assert cut == [(True,)]
            adopting = asyncio.create_task(rooms.adopt())
            deadline = time.monotonic() + 10
            while rooms.rooms:                      # until the rooms are dropped …
                assert not adopting.done(), "adopt() returned before the cut session's rooms were dropped"
                assert time.monotonic() < deadline, "the rooms of the cut session were never dropped"
                await asyncio.sleep(0)
            assert not adopting.done()              # … and are still closing
            with pytest.raises(ServedElsewhere):
                await rooms.get(table.id)
            await adopting
            assert table.id in rooms.rooms          # served again, from the new session …
            await other.open()
            assert not await other.acquire(table.id)  # … which really holds the lock
        finally:
            await rooms.close()
            await writer.stop()
            await locks.close()
            await other.close()
            bots.close()
            await engine.dispose()

    try:
        run_async(scenario())
    finally:
        crash.drop_postgres(POSTGRES, name)
