"""A client id belongs to its seat, not to the table (issue 23, section 1; docs/web-protocol.md,
"Acting, resending, rejects"): a resend is recognised only from the seat that sent it, an id
another seat used is refused with ``cid_taken`` (nothing applied, nothing about that act told),
a spectator or another seat replaying a captured id learns nothing, a person cannot forge a
bot's entry, and a table is never left with a decision nobody will make: a bot whose turn
failed (its worker killed, a bot this version lacks) is tried again and, failing that, the
fallback bot decides. Each on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time

from sqlalchemy import create_engine, update
from websockets.asyncio.client import connect

from gloam.server.settings import sync_url
from gloam.server.store import models, repo
from web_client import LiveServer, create, hello, run_async


def _room(live, table):
    return live.app.state.rooms.rooms[table]


def _state(live, table):
    return json.dumps(_room(live, table).state.to_json(), sort_keys=True)


async def _act(ws, v: int, a: int, cid: str) -> None:
    await ws.send(json.dumps({"t": "act", "v": v, "a": a, "cid": cid}))


async def _answer(ws) -> dict:
    """The answer to this socket's own request: its acknowledged update, an ``ack`` or a
    ``reject`` (others' updates, presence and the like are read and dropped)."""
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["t"] in ("ack", "reject") or (frame["t"] == "update" and "ack" in frame):
            return frame


async def _frames_until_quiet(ws, quiet: float = 0.5) -> list[dict]:
    """Every frame this socket receives until none comes for ``quiet`` seconds."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), quiet)))
    except TimeoutError:
        return frames


def _sql(live, *statements) -> None:
    """Rows written straight into the database, behind any server's back."""
    engine = create_engine(sync_url(live.settings.db_url))
    try:
        with engine.begin() as conn:
            for statement in statements:
                conn.execute(statement)
    finally:
        engine.dispose()


def _wait_v(server, table: str, above: int, seconds: float = 15.0) -> int:
    """The table's version once it is past ``above`` (bots moving it), within ``seconds``."""
    deadline = time.monotonic() + seconds
    v = -1
    while time.monotonic() < deadline:
        v = server.get(f"/api/tables/{table}")["v"]
        if v > above:
            return v
        time.sleep(0.05)
    raise AssertionError(f"table {table} stayed at v{v}: nobody made its decision")


def _persons_turn(live, table: str, seat: int, seconds: float = 15.0):
    """The room once ``seat`` holds its decision (its bot moved first, perhaps)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        room = _room(live, table)
        if room.state.current_player() == seat and not (room._bot_task and not room._bot_task.done()):
            return room
        time.sleep(0.02)
    raise AssertionError("the person never got the decision")


def test_another_seats_client_id_is_refused_and_its_own_resend_still_acknowledged(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    room = _room(live, table)

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as p0, \
                connect(f"{live.ws_url}/ws/tables/{table}") as p1:
            socks = {0: p0, 1: p1}
            await hello(p0, tokens["0"])
            await hello(p1, tokens["1"])
            first = room.state.current_player()
            other = 1 - first
            await _act(socks[first], 0, room.state.legal_action_indices()[0], "c-1")
            assert (await _answer(socks[first]))["ack"] == "c-1"
            v = 1
            while room.state.current_player() != other:        # the first seat plays on with ids of its own
                await _act(socks[first], v, room.state.legal_action_indices()[0], f"own-{v}")
                assert (await _answer(socks[first]))["ack"] == f"own-{v}"
                v += 1
            before = _state(live, table)
            legal = room.state.legal_action_indices()
            await _act(socks[other], v, legal[0], "c-1")        # the same id, from the other seat
            refused = await _answer(socks[other])
            assert refused["t"] == "reject" and refused["code"] == "cid_taken", refused
            assert refused["cid"] == "c-1" and refused["v"] == v and "new" in refused["msg"]
            assert _state(live, table) == before and room.seq == v     # nothing happened, nothing swallowed
            await _act(socks[other], v, legal[0], "c-2")        # the same act under a new id lands
            landed = await _answer(socks[other])
            assert landed["t"] == "update" and landed["ack"] == "c-2" and landed["v"] == v + 1
            await _act(socks[first], 0, 0, "c-1")               # the first seat's resend: acknowledged, once
            assert await _answer(socks[first]) == {"t": "ack", "cid": "c-1", "v": 1}
            assert room.seq == v + 1
        async with connect(f"{live.ws_url}/ws/tables/{table}") as again:
            welcome = await hello(again, tokens[str(other)])
            assert "c-1" not in welcome["acked_cids"] and welcome["acked_cids"][-1] == "c-2"

    run_async(run())


def test_a_captured_client_id_replayed_by_a_spectator_or_another_seat_tells_nothing(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    room = _room(live, table)

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as p0, \
                connect(f"{live.ws_url}/ws/tables/{table}") as p1, \
                connect(f"{live.ws_url}/ws/tables/{table}") as watcher:
            socks = {0: p0, 1: p1}
            await hello(p0, tokens["0"])
            await hello(p1, tokens["1"])
            await hello(watcher)
            seat = room.state.current_player()
            other = 1 - seat
            await _act(socks[seat], 0, room.state.legal_action_indices()[0], "cap-1")
            assert (await _answer(socks[seat]))["ack"] == "cap-1"
            before = _state(live, table)
            legal = room.state.legal_action_indices()
            replays = [{"t": "act", "v": 1, "a": legal[0], "cid": "cap-1"},
                       {"t": "act", "v": 0, "a": legal[0], "cid": "cap-1"},
                       {"t": "undo", "v": 1, "cid": "cap-1"},
                       {"t": "reclaim", "cid": "cap-1"}]
            spectator_codes = []
            for message in replays:
                await watcher.send(json.dumps(message))
                answer = await _answer(watcher)
                assert answer["t"] == "reject" and answer["cid"] == "cap-1", answer
                spectator_codes.append(answer["code"])
            assert spectator_codes == ["not_your_decision", "not_your_decision", "undo_refused", "not_your_decision"]
            deciding = room.state.current_player() == other
            other_codes = []
            for message in replays:
                await socks[other].send(json.dumps(message))
                answer = await _answer(socks[other])
                assert answer["t"] == "reject" and answer["cid"] == "cap-1", answer
                other_codes.append(answer["code"])
            assert other_codes == ["cid_taken" if deciding else "not_your_decision", "stale",
                                   "undo_refused", "not_your_decision"]
            assert _state(live, table) == before and room.seq == 1
            for ws in (watcher, socks[other]):                  # nobody else's ack, ever
                assert not any(f.get("ack") == "cap-1" or f["t"] == "ack" for f in await _frames_until_quiet(ws))

    run_async(run())


def test_a_person_naming_the_bots_next_entries_cannot_freeze_it(live):
    """Issue 23: every act of the person's carries the client id the bot's next act would
    have had (``bot-(v+2)``); the bot plays on all the same."""
    made = create(live.url, "nightmarium", ["human", "bot:random"])
    table, token = made["id"], made["tokens"]["0"]

    async def run():
        bot_moves = 0
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            frame = await hello(ws, token)
            async with asyncio.timeout(30):
                while bot_moves < 4:
                    if frame["t"] in ("welcome", "update"):
                        if frame["t"] == "update" and "ack" not in frame:
                            bot_moves += 1
                        decision = frame["view"].get("decision") or {}
                        if decision.get("options"):
                            v = frame["v"]
                            await _act(ws, v, decision["options"][0]["index"], f"bot-{v + 2}")
                    frame = json.loads(await ws.recv())
        return bot_moves

    assert run_async(run()) >= 4
    entries = list(_room(live, table).entries)
    assert {e.cid for e in entries if e.by != "human"} == {None}          # a bot's entry has no client id
    assert {e.cid for e in entries if e.by == "human"} == {f"bot-{e.seq + 1}" for e in entries if e.by == "human"}


def test_a_forged_bot_client_id_already_in_the_log_does_not_freeze_the_table_after_a_restart(live):
    """A log written before this fix, in which the person's acts carry the ids the bot's next
    act would have had: after a restart the bot moves."""
    made = create(live.url, "nightmarium", ["human", "bot:random"])
    table = made["id"]
    room = _persons_turn(live, table, 0)
    state, seq = room.state.clone(), room.seq
    forged = []
    while state.current_player() == 0:                        # the person's whole turn, as the old server took it
        action = state.legal_action_indices()[0]
        state.apply(action, player=0)
        seq += 1
        forged.append(repo.act_row(table, repo.LogRow(seq, "act", 0, action, "human", f"bot-{seq + 1}")))
    live.stop()                                               # the rows go in while no server runs
    _sql(live, *forged)
    server = LiveServer(live.settings).start()
    try:
        assert _wait_v(server, table, seq) > seq              # the bot moved
    finally:
        server.stop()


def test_a_bot_whose_worker_was_killed_is_tried_again(live):
    """A search bot's pool worker dies (kill -9, the out-of-memory killer): the next bot
    turn fails, and the room tries again with a fresh pool instead of stalling."""
    made = create(live.url, "nightmarium", ["human", "bot:easy"])
    table, token = made["id"], made["tokens"]["0"]
    bots = live.app.state.rooms.bots

    async def play_until(ws, frame, bot_moves: int) -> dict:
        moved = 0
        async with asyncio.timeout(30):
            while True:
                if frame["t"] in ("welcome", "update"):
                    if frame["t"] == "update" and "ack" not in frame:
                        moved += 1
                    decision = frame["view"].get("decision") or {}
                    if moved >= bot_moves and frame["t"] == "update" and decision.get("options"):
                        return frame
                    if decision.get("options"):
                        v = frame["v"]
                        await _act(ws, v, decision["options"][0]["index"], f"p-{v}")
                frame = json.loads(await ws.recv())

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            frame = await play_until(ws, await hello(ws, token), 2)      # the bot has used its pool
            pool = bots._pool
            assert pool is not None and pool._processes
            for pid in list(pool._processes):
                os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while not pool._broken:
                assert time.monotonic() < deadline, "the pool whose processes were killed was never marked broken"
                await asyncio.sleep(0.05)
            await play_until(ws, frame, 3)                                 # and it moves again

    run_async(run())


def test_a_bot_this_version_lacks_is_replaced_by_the_fallback_bot(live):
    """A seat whose bot cannot decide at all (here a bot name this version does not know,
    as after an upgrade that retired it): after a few tries the fallback bot decides, so the
    table moves on."""
    made = create(live.url, "nightmarium", ["human", "bot:random"])
    table = made["id"]
    room = _persons_turn(live, table, 0)
    state, seq = room.state.clone(), room.seq
    rows = []
    while state.current_player() == 0:
        action = state.legal_action_indices()[0]
        state.apply(action, player=0)
        seq += 1
        rows.append(repo.act_row(table, repo.LogRow(seq, "act", 0, action, "human", f"p-{seq}")))
    live.stop()
    _sql(live, update(models.seats).where(models.seats.c.table_id == table, models.seats.c.seat == 1)
         .values(bot="retired-bot"), *rows)
    server = LiveServer(live.settings).start()
    try:
        assert _wait_v(server, table, seq, seconds=20) > seq
        served = server.app.state.rooms.rooms[table]
        assert served.entries[seq].by == "bot:random" and served.entries[seq].seat == 1
    finally:
        server.stop()
