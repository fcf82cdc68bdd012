"""Bots on the server (docs/web-protocol.md, "Bots"): they act through the same path as
people, wait a minimum think time even with one option, their choice is reproducible from
the table's secret, and a search bot thinks in the process pool, not on the event loop."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import connect

from gloam.core import SPECTATOR
from gloam.games import get_game
from gloam.server.bots import BotRunner, bot_seed, choose
from web_client import LiveServer, create, fast_settings, run_async


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
    acts are answered quickly, because the search runs in the pool."""
    server = LiveServer(fast_settings(tmp_path, think=(0.0, 0.0), bot_workers=1)).start()
    try:
        create(server.url, "nightmarium", ["bot:hard", "bot:hard"])
        made = create(server.url, "nightmarium", ["human", "human"])

        async def run():
            latencies = []
            async with connect(f"{server.ws_url}/ws/tables/{made['id']}") as p0, \
                    connect(f"{server.ws_url}/ws/tables/{made['id']}") as p1:
                sockets = {0: p0, 1: p1}
                for ws, seat in ((p0, "0"), (p1, "1")):
                    await ws.send(json.dumps({"t": "hello", "token": made["tokens"][seat]}))
                views = {0: json.loads(await p0.recv()), 1: json.loads(await p1.recv())}
                await asyncio.sleep(0.5)                     # the hard bots are thinking by now
                for _ in range(12):
                    seat = views[0]["view"]["decision"]["player"]
                    frame = views[seat]
                    option = frame["view"]["decision"]["options"][0]["index"]
                    t0 = time.monotonic()
                    await sockets[seat].send(json.dumps({"t": "act", "v": frame["v"], "a": option,
                                                         "cid": f"x{frame['v']}"}))
                    for s in (0, 1):
                        while True:
                            got = json.loads(await asyncio.wait_for(sockets[s].recv(), 20))
                            if got["t"] == "update":
                                views[s] = got
                                break
                    latencies.append(time.monotonic() - t0)
            return latencies

        latencies = run_async(run())
        assert sorted(latencies)[len(latencies) // 2] < 0.2, latencies     # a hard decision takes ~0.4 s CPU
    finally:
        server.stop()
