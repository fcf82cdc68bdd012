"""A room whose log moved on without it (docs/reliability.md, "PostgreSQL"): a process that
served a table before this one can land a late write after this one loaded the log. The
log's key refuses this room's next entry at that seq; the room then takes no act, tells
its sockets to reconnect (1012), and is rebuilt from the log at the next request, so the
players play on from what the log holds instead of meeting ``server`` until a restart."""

from __future__ import annotations

import asyncio
import json

from sqlalchemy import create_engine
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from gloam.core.record import Record
from gloam.server.settings import sync_url
from gloam.server.store import repo
from gloam.server.store.repo import LogRow
from web_client import create, hello, next_frame, run_async


def _late_write(live, table: str, entry: LogRow) -> None:
    """The other process's write, straight into the database behind the room's back."""
    engine = create_engine(sync_url(live.settings.db_url))
    try:
        with engine.begin() as conn:
            conn.execute(repo.act_row(table, entry))
    finally:
        engine.dispose()


def test_a_room_behind_its_log_is_rebuilt_from_it_and_play_goes_on(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    room = live.app.state.rooms.rooms[table]
    seat = room.state.current_player()
    legal = room.state.legal_action_indices()
    late, mine = legal[0], legal[-1]

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            welcome = await hello(ws, tokens[str(seat)])
            assert welcome["v"] == 0
            _late_write(live, table, LogRow(1, "act", seat, late, "human", "late-1"))
            await ws.send(json.dumps({"t": "act", "v": 0, "a": mine, "cid": "mine-1"}))
            reject = await next_frame(ws, "reject")
            assert reject["code"] == "server" and reject["v"] == 0          # not stored: nothing happened
            bye = await next_frame(ws, "bye")
            assert bye["code"] == 1012                                       # reconnect
            try:
                await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed:
                pass
            assert ws.close_code == 1012
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            welcome = await hello(ws, tokens[str(seat)])
            assert welcome["v"] == 1 and "mine-1" not in welcome["acked_cids"]   # the log's act, not the refused one
            decision = welcome["view"]["decision"]
            if decision and decision["player"] == seat:
                a = decision["options"][0]["index"]
                await ws.send(json.dumps({"t": "act", "v": 1, "a": a, "cid": "mine-2"}))
                update = await next_frame(ws, "update")
                assert update["v"] == 2 and update["ack"] == "mine-2"
                return 2
            return 1

    seq = run_async(run())
    rebuilt = live.app.state.rooms.rooms[table]
    assert rebuilt is not room and not rebuilt.stale and rebuilt.seq == seq
    record = rebuilt.record()
    assert record.actions[0] == late
    expected = Record(record.game, record.setup, record.seed, record.actions).replay()
    assert rebuilt.state.to_json() == expected.to_json()
    assert live.get(f"/api/tables/{table}")["v"] == seq


def test_the_adoption_round_rebuilds_a_room_behind_its_log(live):
    """With nobody reconnecting (a table of bots, say), the process's adoption round
    (every 2 s on PostgreSQL) rebuilds the room, so its bots move again."""
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    room = live.app.state.rooms.rooms[table]
    seat = room.state.current_player()
    legal = room.state.legal_action_indices()
    loop = live.app.state.writer._task.get_loop()

    async def refused():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            await hello(ws, tokens[str(seat)])
            _late_write(live, table, LogRow(1, "act", seat, legal[0], "human", "late-1"))
            await ws.send(json.dumps({"t": "act", "v": 0, "a": legal[-1], "cid": "mine-1"}))
            assert (await next_frame(ws, "reject"))["code"] == "server"

    run_async(refused())
    assert room.stale and live.app.state.rooms.rooms[table] is room
    asyncio.run_coroutine_threadsafe(live.app.state.rooms.adopt(), loop).result(30)
    rebuilt = live.app.state.rooms.rooms[table]
    assert rebuilt is not room and rebuilt.seq == 1 and rebuilt.record().actions == [legal[0]]
