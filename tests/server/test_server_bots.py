"""Bots on the server (docs/web-protocol.md, "Bots"): they act through the same path as
people, wait a minimum think time even with one option, their choice is reproducible from
the table's secret, and a search bot thinks in the process pool, not on the event loop."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
from websockets.asyncio.client import connect

from gloam.games import get_game
from gloam.server.bots import BotRunner, bot_seed, choose
from web_client import LiveServer, create, fast_settings, hello, next_frame, recv, run_async


def test_a_bot_choice_is_the_same_in_the_pool_and_inline():
    game = get_game("nightmarium", {"players": 2})
    state = game.new_initial_state(5)
    setup = json.dumps(game.setup_json(), sort_keys=True)
    obs, legal = state.observation(0), state.legal_action_indices()
    seed = bot_seed(123, 0, 7)
    inline = choose("nightmarium", setup, "easy", seed, obs, legal)
    runner = BotRunner(1)
    try:
        pooled = run_async(runner.choose("nightmarium", setup, "easy", seed, obs, legal))
    finally:
        runner.close()
    assert pooled == inline and pooled in legal


def test_a_bot_waits_its_minimum_think_time_even_with_one_option(tmp_path):
    server = LiveServer(fast_settings(tmp_path, think=(0.4, 0.4))).start()
    try:
        made = create(server.url, "nightfall", ["human", "bot:random"])

        async def run():
            gaps = []
            async with connect(f"{server.ws_url}/ws/tables/{made['id']}") as ws:
                await ws.send(json.dumps({"t": "hello", "token": made["tokens"]["0"]}))
                stamp = None
                while len(gaps) < 3:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 20))
                    if frame["t"] not in ("welcome", "update"):
                        continue
                    decision = frame["view"]["decision"]
                    if stamp is not None and frame.get("ack") is None:
                        gaps.append(time.monotonic() - stamp)        # a bot's act after ours
                        stamp = None
                    if "options" in decision:
                        await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": decision["options"][0]["index"],
                                                  "cid": f"c{frame['v']}"}))
                    if frame.get("ack") and decision["player"] == 1:
                        stamp = time.monotonic()
            return gaps

        gaps = run_async(run())
        assert len(gaps) == 3 and min(gaps) >= 0.38, gaps
    finally:
        server.stop()


def test_a_search_bot_does_not_freeze_other_tables(tmp_path):
    """Two ``hard`` bots play each other while a person acts at another table: the person's
    acts are answered in between the bots' moves, because the search runs in the pool. (A
    search on the server's own loop would hold each act until it ended, so the bots' table
    would move during every act; how fast acts are answered is benchmarks/server_load.py's.)"""
    server = LiveServer(fast_settings(tmp_path, think=(0.0, 0.0), bot_workers=1)).start()
    try:
        bots_table = create(server.url, "nightmarium", ["bot:hard", "bot:hard"])["id"]
        made = create(server.url, "nightmarium", ["human", "human"])

        def bots_v() -> int:
            return server.get(f"/api/tables/{bots_table}")["v"]

        async def run():
            moved_during = []                           # did the bots' table move while an act was answered?
            async with connect(f"{server.ws_url}/ws/tables/{made['id']}") as p0, \
                    connect(f"{server.ws_url}/ws/tables/{made['id']}") as p1:
                sockets = {0: p0, 1: p1}
                views = {0: await hello(p0, made["tokens"]["0"]), 1: await hello(p1, made["tokens"]["1"])}
                start = bots_v()
                while bots_v() == start:                 # the hard bots are under way
                    await asyncio.sleep(0.05)
                for _ in range(12):
                    seat = views[0]["view"]["decision"]["player"]
                    frame = views[seat]
                    option = frame["view"]["decision"]["options"][0]["index"]
                    before = bots_v()
                    await sockets[seat].send(json.dumps({"t": "act", "v": frame["v"], "a": option,
                                                         "cid": f"x{frame['v']}"}))
                    for s in (0, 1):
                        while (got := await recv(sockets[s], f"seat {s}'s update after the act"))["t"] != "update":
                            pass
                        views[s] = got
                    moved_during.append(bots_v() != before)
            return moved_during

        moved_during = run_async(run())
        assert sum(moved_during) <= len(moved_during) // 2, moved_during
    finally:
        server.stop()


# --- the bot pool's capacity is shared fairly (docs/reliability.md, "Bot capacity") ------

def _plies(base: str, tables: list[str]) -> int:
    return sum(httpx.get(f"{base}/api/tables/{t}", timeout=10).json()["ply"] for t in tables)


def _log_times(db_url: str) -> dict[str, list[tuple[int, object]]]:
    """Each table's log as the server decided it: (seat, when the entry was made), in seq
    order (``created_at`` is taken under the room's lock as the act is decided, so the
    order between tables is the server's own, not when a client happened to read it)."""
    from sqlalchemy import create_engine, select

    from gloam.server.store import models

    engine = create_engine(db_url)
    try:
        with engine.connect() as db:
            rows = db.execute(select(models.log.c.table_id, models.log.c.seat, models.log.c.created_at)
                              .order_by(models.log.c.table_id, models.log.c.seq)).all()
    finally:
        engine.dispose()
    out: dict[str, list[tuple[int, object]]] = {}
    for table, seat, at in rows:
        out.setdefault(table, []).append((seat, at))
    return out


def test_a_person_s_bot_moves_before_bot_only_tables_take_more_turns(tmp_path):
    """One search worker, five tables of four search bots each busy on it: at a table where
    a person plays a search bot, each bot reply comes after at most the one search already
    running, not after every bot-only table's turn (they used to be served first come).
    The bot-only tables' moves between the person's act and their bot's reply are counted
    from the log's own times afterwards."""
    settings = fast_settings(tmp_path, bot_workers=1)
    server = LiveServer(settings).start()
    try:
        busy = [create(server.url, "nightmarium", ["bot:easy"] * 4)["id"] for _ in range(5)]
        made = create(server.url, "nightmarium", ["human", "bot:easy"])

        async def play() -> int:
            replies = 0
            async with connect(f"{server.ws_url}/ws/tables/{made['id']}") as ws:
                frame = await hello(ws, made["tokens"]["0"])
                while replies < 8 and not frame["view"].get("over"):
                    decision = frame["view"]["decision"]
                    if decision.get("player") != 0 or "options" not in decision:
                        frame = await next_frame(ws, "update")
                        continue
                    cid = f"c{frame['v']}"
                    await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": decision["options"][0]["index"],
                                              "cid": cid}))
                    while (frame := await next_frame(ws, "update")).get("ack") != cid:
                        pass
                    if frame["view"]["decision"].get("player") == 1:
                        frame = await next_frame(ws, "update")  # the bot's act
                        replies += 1
            return replies

        time.sleep(1.0)                                 # the bot-only tables get going
        assert run_async(play()) == 8
    finally:
        server.stop()
    log = _log_times(settings.db_url)
    others = sorted(at for table in busy for _, at in log.get(table, []))
    assert len(others) >= 2 * len(busy), "the bot-only tables were not busy"
    between = []                # bot-only moves made while the person's bot held the decision
    mine = log[made["id"]]
    for (seat, asked), (next_seat, answered) in zip(mine, mine[1:]):
        if seat == 0 and next_seat == 1:
            between.append(sum(1 for at in others if asked < at < answered))
    assert len(between) >= 8
    assert max(between) <= 2 and sum(between) <= 1.25 * len(between), between


def test_bot_only_tables_share_the_pool_by_their_creator_s_address(tmp_path):
    """One search worker; one address makes eight bot-only tables, another makes one: the
    one table of the second address moves about as often as the other eight together
    (served first come, it moved once for their eight; it is not always waiting, as each
    of its moves is stored before it asks again, so a turn goes by now and then)."""
    server = LiveServer(fast_settings(tmp_path, bot_workers=1)).start()

    def maker(address: str) -> httpx.Client:
        return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address=address))

    try:
        with maker("127.0.0.2") as many, maker("127.0.0.3") as one:
            seats = {"game": "nightmarium", "seats": ["bot:easy"] * 4}
            crowd = [many.post("/api/tables", json=seats).json()["id"] for _ in range(8)]
            alone = one.post("/api/tables", json=seats).json()["id"]
        start = _plies(server.url, crowd)
        deadline = time.monotonic() + 120
        while (moved := _plies(server.url, [alone])) < 16:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.05)
        crowd_moved = _plies(server.url, crowd) - start
        assert crowd_moved <= 3 * moved + 4, (crowd_moved, moved)
    finally:
        server.stop()


def test_one_creator_s_bot_only_tables_hold_at_most_their_share_of_the_workers():
    """Three workers: two are spare (one is kept for tables where a person waits), and one
    address's bot-only tables hold one of them at a time; the choices are the same as
    inline ones (each search is the bot's own, whatever waited)."""
    game = get_game("nightmarium", {"players": 2})
    setup = json.dumps(game.setup_json(), sort_keys=True)
    state = game.new_initial_state(5)
    obs, legal = state.observation(0), state.legal_action_indices()
    runner = BotRunner(3)

    async def run():
        asks = [runner.choose("nightmarium", setup, "easy", seed, obs, legal, table=f"t{seed}", owner=owner,
                              person=False) for seed, owner in ((1, "a"), (2, "a"), (3, "a"), (4, "b"))]
        tasks = [asyncio.ensure_future(ask) for ask in asks]
        await asyncio.sleep(0)
        waiting = runner.waiting()
        person = asyncio.ensure_future(runner.choose("nightmarium", setup, "easy", 5, obs, legal, table="p",
                                                     owner="a", person=True))
        await asyncio.sleep(0)
        waiting_then = runner.waiting()
        return waiting, waiting_then, await asyncio.gather(*tasks, person)

    try:
        waiting, waiting_then, choices = run_async(run())
    finally:
        runner.close()
    assert runner.spare == 2 and runner.per_owner == 1
    assert waiting == (0, 2)          # "a" holds one worker, "b" the other spare one; a's others wait
    assert waiting_then == (0, 2)     # the person's search took the worker kept for people at once
    assert choices == [choose("nightmarium", setup, "easy", seed, obs, legal) for seed in (1, 2, 3, 4, 5)]
