"""A rejected act changes nothing and says why (docs/web-protocol.md, "Acting, resending,
rejects"): stale, illegal, another seat's, a spectator's, a resent client id; bad frames;
bad tokens, unknown tables and foreign Origins are closed with their codes."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from web_client import LiveServer, create, fast_settings, hello, next_frame, run_async


def _state(live, table):
    return json.dumps(live.app.state.rooms.rooms[table].state.to_json(), sort_keys=True)


@pytest.fixture
def two_humans(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    return live, made["id"], made["tokens"]


def test_rejected_acts_change_nothing(two_humans):
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as p0, \
                connect(f"{live.ws_url}/ws/tables/{table}") as p1, \
                connect(f"{live.ws_url}/ws/tables/{table}") as watcher:
            w0 = await hello(p0, tokens["0"])
            w1 = await hello(p1, tokens["1"])
            await hello(watcher)
            assert {k: w0["you"][k] for k in ("seat", "role")} == {"seat": 0, "role": "player"} and "options" in w0["view"]["decision"]
            assert "options" not in w1["view"]["decision"]
            legal = [o["index"] for o in w0["view"]["decision"]["options"]]
            illegal = next(i for i in range(2000) if i not in legal)
            before = _state(live, table)
            cases = [
                (p0, {"v": 5, "a": legal[0], "cid": "a1"}, "stale"),
                (p0, {"v": 0, "a": illegal, "cid": "a2"}, "illegal"),
                (p1, {"v": 0, "a": legal[0], "cid": "a3"}, "not_your_decision"),
                (watcher, {"v": 0, "a": legal[0], "cid": "a4"}, "not_your_decision"),
            ]
            for ws, act, code in cases:
                await ws.send(json.dumps({"t": "act", **act}))
                reject = await next_frame(ws, "reject")
                assert reject["code"] == code and reject["cid"] == act["cid"] and reject["msg"]
                assert reject["v"] == 0
                assert _state(live, table) == before
            # a good act lands once; resending its client id is acknowledged, not applied again
            await p0.send(json.dumps({"t": "act", "v": 0, "a": legal[0], "cid": "good-1"}))
            update = await next_frame(p0, "update")
            assert update["v"] == 1 and update["ack"] == "good-1"
            after = _state(live, table)
            await p0.send(json.dumps({"t": "act", "v": 0, "a": legal[0], "cid": "good-1"}))
            again = await next_frame(p0, "ack")
            assert again == {"t": "ack", "cid": "good-1", "v": 1}
            assert _state(live, table) == after
            other = await next_frame(p1, "update")
            assert other["v"] == 1 and "ack" not in other
            # a reconnect learns which of its acts landed
            async with connect(f"{live.ws_url}/ws/tables/{table}") as again0:
                welcome = await hello(again0, tokens["0"])
                assert welcome["v"] == 1 and welcome["acked_cids"] == ["good-1"]

    run_async(run())


@pytest.mark.parametrize("frame, reason", [
    ("{not json", "not JSON"),
    ('{"t": "fly"}', ""),
    ('{"t": "act", "v": "0", "a": 1, "cid": "x"}', "v"),
    ('{"t": "act", "v": 0, "a": 1.0, "cid": "x"}', "a"),
    ('{"t": "act", "v": 0, "a": 1, "cid": "x", "extra": 1}', "extra"),
    ('{"t": "act", "v": 0, "a": 1, "cid": "bad cid!"}', "cid"),
    ('{"t": "act", "v": -1, "a": 1, "cid": "x"}', "v"),
    ('{"t": "hello"}', "hello"),
    (json.dumps({"t": "act", "v": 0, "a": 1, "cid": "x" * 5000}), "4096"),
    ("[" * 1900 + "]" * 1900, ""),                    # deep nesting under the size limit
    (b'{"t": "ping"}', "binary"),                       # a binary frame: JSON text only
    ('{"t": "mute", "spectators": "yes"}', "spectators"),   # a bool is a JSON true or false
    ('{"t": "mute", "spectators": 1}', "spectators"),
])
def test_bad_frames_are_rejected_and_change_nothing(two_humans, frame, reason):
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}", max_size=2**22) as ws:
            await hello(ws, tokens["0"])
            before = _state(live, table)
            await ws.send(frame)
            reject = await next_frame(ws, "reject")
            assert reject["code"] == "bad_message" and reason in reject["msg"]
            assert _state(live, table) == before

    run_async(run())


def test_a_binary_frame_is_refused_and_the_socket_plays_on(two_humans, caplog):
    """Issue 23: a binary frame after hello was a traceback and a dropped socket (1006)."""
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            await hello(ws, tokens["0"])
            await ws.send(bytes([0x80, 0xff, 0x00]))
            reject = await next_frame(ws, "reject")
            assert reject["code"] == "bad_message" and "binary" in reject["msg"]
            await ws.send(json.dumps({"t": "ping"}))
            assert (await next_frame(ws, "pong"))["v"] == 0
            for _ in range(3):                                  # counted like other bad frames
                await ws.send(b"{}")
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert closed.value.rcvd.code == 1008

    with caplog.at_level(logging.ERROR):
        run_async(run())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []   # no traceback


def test_a_binary_hello_is_closed_with_a_reason(two_humans):
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            await ws.send(json.dumps({"t": "hello", "token": tokens["0"]}).encode())
            bye = json.loads(await ws.recv())
            assert bye["t"] == "bye" and bye["code"] == 4400 and "binary" in bye["msg"]
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 4400

    run_async(run())


def test_a_frame_over_the_transport_limit_closes_the_socket(two_humans):
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}", max_size=2**22) as ws:
            await hello(ws, tokens["0"])
            before = _state(live, table)
            await ws.send("[" * 100_000)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert closed.value.rcvd.code == 1009                     # message too big (uvicorn's ws_max_size)
            assert _state(live, table) == before

    run_async(run())


def test_three_bad_frames_in_a_row_close_the_socket(two_humans):
    live, table, tokens = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            await hello(ws, tokens["0"])
            for _ in range(3):
                await ws.send("nope")
            frames = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    frames.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            assert closed.value.rcvd.code == 1008
            assert frames[-1]["t"] == "bye"

    run_async(run())


@pytest.mark.parametrize("hello, code", [
    ({"t": "hello", "token": "not-a-seat-token"}, 4401),
    ({"t": "act", "v": 0, "a": 0, "cid": "x"}, 4400),
    ({"t": "hello", "proto": 99}, 4400),
])
def test_a_bad_hello_is_closed_with_its_code(two_humans, hello, code):
    live, table, _ = two_humans

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
            await ws.send(json.dumps(hello))
            bye = json.loads(await ws.recv())
            assert bye["t"] == "bye" and bye["code"] == code
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == code

    run_async(run())


def test_another_tables_token_holds_no_seat(live):
    a = create(live.url, "nightmarium", ["human", "human"])
    b = create(live.url, "nightmarium", ["human", "human"])

    async def run():
        async with connect(f"{live.ws_url}/ws/tables/{b['id']}") as ws:
            bye = await hello(ws, a["tokens"]["0"])
            assert bye["t"] == "bye" and bye["code"] == 4401

    run_async(run())


def test_an_unknown_table_is_closed_4404(live):
    async def run():
        async with connect(f"{live.ws_url}/ws/tables/nosuchtable") as ws:
            bye = await hello(ws)
            assert bye["code"] == 4404

    run_async(run())


def test_a_foreign_origin_is_refused_before_the_socket_opens(two_humans):
    live, table, _ = two_humans

    async def run():
        with pytest.raises(InvalidStatus) as refused:
            async with connect(f"{live.ws_url}/ws/tables/{table}", origin="https://evil.example"):
                pass
        assert refused.value.response.status_code == 403
        async with connect(f"{live.ws_url}/ws/tables/{table}", origin=live.url) as ws:   # its own origin is fine
            assert (await hello(ws))["t"] == "welcome"

    run_async(run())


def test_acting_too_fast_is_rate_limited(tmp_path):
    server = LiveServer(fast_settings(tmp_path, rate_burst=3, rate_per_s=0.001)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])

        async def run():
            async with connect(f"{server.ws_url}/ws/tables/{made['id']}") as ws:
                await hello(ws, made["tokens"]["1"])
                codes = []
                for n in range(5):
                    await ws.send(json.dumps({"t": "act", "v": 0, "a": 0, "cid": f"r{n}"}))
                    codes.append((await next_frame(ws, "reject"))["code"])
                assert codes == ["not_your_decision"] * 3 + ["rate_limited"] * 2

        run_async(run())
    finally:
        server.stop()


def test_too_many_messages_too_fast_are_refused_then_the_socket_is_closed(tmp_path):
    """Issue 16, "Bad input": a per-connection rate limit (acts and chat alike), then 1008."""
    server = LiveServer(fast_settings(tmp_path, rate_burst=2, rate_per_s=0.001)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])
        table = made["id"]

        async def run():
            before = _state(server, table)
            async with connect(f"{server.ws_url}/ws/tables/{table}") as ws:
                await hello(ws, made["tokens"]["0"])
                for n in range(2):                                  # the burst: chat lines pass
                    await ws.send(json.dumps({"t": "chat", "channel": "players", "text": f"hi {n}"}))
                codes = []
                with pytest.raises(ConnectionClosed) as closed:
                    for n in range(40):
                        await ws.send(json.dumps({"t": "act", "v": 0, "a": 0, "cid": f"f{n}"}))
                        while True:
                            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
                            if frame["t"] == "reject":
                                codes.append(frame["code"])
                                break
                            if frame["t"] == "bye":
                                codes.append(f"bye {frame['code']}")
                assert closed.value.rcvd.code == 1008
                assert codes[:20] == ["rate_limited"] * 20
            assert _state(server, table) == before and server.app.state.rooms.rooms[table].seq == 0

        run_async(run())
    finally:
        server.stop()


def test_too_many_tables_joins_or_forks_from_one_address_get_429_and_change_nothing(tmp_path):
    """POST /api/… per client address (docs/web-protocol.md, "Limits per address"): the
    burst passes, the next is refused with 429 and Retry-After, and nothing is made; the
    loopback exemption is turned off here so the test's own address counts."""
    import httpx

    server = LiveServer(fast_settings(tmp_path, post_burst=3, post_per_min=1.0, post_exempt=())).start()
    try:
        made = [create(server.url, "nightmarium", ["human", "open"]) for _ in range(2)]
        join = httpx.post(f"{server.url}/api/tables/{made[0]['id']}/join", json={"seat": 1}, timeout=10)
        assert join.status_code == 200                                   # the third request of the burst
        listed = httpx.get(f"{server.url}/api/tables", timeout=10).json()["tables"]
        refused = httpx.post(f"{server.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"]},
                             timeout=10)
        assert refused.status_code == 429 and "too many requests" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.headers["content-security-policy"]                # the security headers still come
        second = httpx.post(f"{server.url}/api/tables/{made[1]['id']}/join", json={"seat": 1}, timeout=10)
        assert second.status_code == 429                                # a join too: the seat stays open
        assert httpx.get(f"{server.url}/api/tables", timeout=10).json()["tables"] == listed
        assert [s["kind"] for s in httpx.get(f"{server.url}/api/tables/{made[1]['id']}", timeout=10)
                .json()["seats"]] == ["human", "open"]
    finally:
        server.stop()
