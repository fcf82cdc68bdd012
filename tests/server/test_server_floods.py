"""Floods that cost the server (issue 23, section 3): chat lines, ``sync``, ``ping`` and
``mute`` are limited per connection **and** per client address, chat per table channel
too, so reconnecting (a socket is free) gets no fresh budget; a table stores a bounded
number of chat lines; a repeated ``sync`` is answered from the welcome already built for
that viewer and version, never from another viewer's.

Each flood comes from real sockets to a real server. Clients on other addresses are
sockets bound to other loopback addresses (``127.0.0.N``; ``127.0.0.1`` itself, this
machine, is exempt from the per-address limits by default). The limits are the documented
defaults (docs/web-protocol.md, "Limits on the table sockets"); every bound allows for what
the buckets refill while the test runs."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from web_client import LiveServer, create, fast_settings, hello, next_frame, run_async

# the documented defaults (docs/web-protocol.md): burst, then a rate
CHAT_ADDRESS = (20, 30 / 60)          # chat lines per client address: 20, then 30 a minute
CHAT_TABLE = (30, 60 / 60)            # per table and channel: 30, then 60 a minute
READS_CONNECTION = (5, 1.0)           # sync, ping, mute per connection: 5, then 1 a second
READS_ADDRESS = (10, 2.0)             # per client address: 10, then 2 a second
SOCKETS_ADDRESS = (20, 60 / 60)       # new sockets per client address: 20, then 60 a minute


def allowed(limit: tuple[int, float], seconds: float) -> int:
    """The most a bucket lets through in ``seconds``: its burst and what it refilled."""
    return int(limit[0] + limit[1] * seconds) + 1


async def _socket(server: LiveServer, table: str, address: str = "127.0.0.1", token: str | None = None,
                  lang: str = "en"):
    ws = await connect(f"{server.ws_url}/ws/tables/{table}", local_addr=(address, 0), max_size=2**24)
    welcome = await hello(ws, token, lang)
    assert welcome["t"] == "welcome", welcome
    return ws, welcome


async def _answer(ws) -> dict:
    """The answer to the frame just sent: a chat line echoed, a welcome, a pong, a reject."""
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["t"] in ("chat", "welcome", "pong", "reject", "bye"):
            return frame


async def _chat_flood(server: LiveServer, table: str, addresses: list[str], sockets_each: int,
                      lines_each: int) -> tuple[int, list[dict], float]:
    """Spectators reconnecting to chat: each address opens ``sockets_each`` sockets one
    after another, each sends ``lines_each`` lines. Returns the lines the server took, the
    rejects, and the seconds it took."""
    took, rejects = 0, []
    started = time.monotonic()
    for n in range(sockets_each):
        for address in addresses:
            ws, _ = await _socket(server, table, address)
            for k in range(lines_each):
                await ws.send(json.dumps({"t": "chat", "channel": "spectators", "text": f"{address} {n}.{k}"}))
                frame = await _answer(ws)
                if frame["t"] == "chat":
                    took += 1
                else:
                    rejects.append(frame)
            await ws.close()
    return took, rejects, time.monotonic() - started


def test_chat_from_reconnecting_sockets_is_limited_per_address_and_changes_nothing(live):
    """Issue 23: 400 connections stored 4,000 lines. Eighteen sockets from one address,
    five lines each (the per-connection bucket is wide open in these tests): only the
    address's burst is stored; the others are ``rate_limited`` and appear nowhere."""
    made = create(live.url, "nightmarium", ["human", "human"])
    table = made["id"]

    async def run():
        took, rejects, seconds = await _chat_flood(live, table, ["127.0.0.2"], 18, 5)
        assert took <= allowed(CHAT_ADDRESS, seconds), (took, seconds)
        assert took >= CHAT_ADDRESS[0]                                   # the burst passes
        assert rejects and {r["code"] for r in rejects} == {"rate_limited"}
        assert all("your address" in r["msg"] for r in rejects)
        _, welcome = await _socket(live, table, "127.0.0.9")            # another address: the stored story
        assert len(welcome["chat"]) == took

    run_async(run())
    # the database holds what the sockets were told was taken, and no more
    again = LiveServer(live.settings)
    live.stop()
    again.start()
    try:
        async def reread():
            _, welcome = await _socket(again, table, "127.0.0.9")
            return welcome["chat"]

        chat = run_async(reread())
        assert len(chat) <= allowed(CHAT_ADDRESS, 60) and len(chat) >= CHAT_ADDRESS[0]
    finally:
        again.stop()


def test_chat_from_many_addresses_is_limited_per_table_channel(live):
    """Forty addresses, two sockets each, two lines a socket: the table's spectators'
    channel takes its burst and refuses the rest; the players' channel is a channel of its
    own, so the players can still talk."""
    made = create(live.url, "nightmarium", ["human", "human"])
    table = made["id"]

    async def run():
        addresses = [f"127.0.0.{n}" for n in range(2, 42)]
        took, rejects, seconds = await _chat_flood(live, table, addresses, 2, 2)
        assert CHAT_TABLE[0] <= took <= allowed(CHAT_TABLE, seconds), (took, seconds)
        assert any("at this table" in r["msg"] for r in rejects)
        assert {r["code"] for r in rejects} == {"rate_limited"}
        player, _ = await _socket(live, table, "127.0.0.50", made["tokens"]["0"])
        await player.send(json.dumps({"t": "chat", "channel": "players", "text": "still here"}))
        assert (await _answer(player))["text"] == "still here"

    run_async(run())


def test_a_table_stores_at_most_its_chat_cap_and_drops_the_oldest(live, tmp_path):
    """``chat_stored`` lines a table (2,000 by default; 15 here, with the rate limits out of
    the way): past it the oldest lines are deleted as new ones come, so the database holds
    the newest 15, read back the same after a restart."""
    settings = replace(live.settings, chat_stored=15, chat_address=(10_000, 10_000.0),
                       chat_table=(10_000, 10_000.0))
    live.stop()
    server = LiveServer(settings).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])
        table = made["id"]

        async def run():
            took, rejects, _ = await _chat_flood(server, table, ["127.0.0.1"], 8, 5)
            assert (took, rejects) == (40, [])

        run_async(run())
        assert server.app.state.rooms.rooms[table].chat_stored == 15
    finally:
        server.stop()
    again = LiveServer(settings).start()
    try:
        async def reread():
            _, welcome = await _socket(again, table)
            return [c["text"] for c in welcome["chat"]]

        assert run_async(reread()) == [f"127.0.0.1 {n}.{k}" for n in range(8) for k in range(5)][-15:]
    finally:
        again.stop()


def test_new_sockets_are_limited_per_address(tmp_path):
    """A socket is free to open and each costs a handshake and a welcome: past an
    address's burst (20, then 1 a second) the handshake is answered 429 with Retry-After
    and no socket is made; another address, and this machine's own, are served."""
    from websockets.exceptions import InvalidStatus

    server = LiveServer(fast_settings(tmp_path)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])

        async def run():
            welcomed, refused = 0, []
            started = time.monotonic()
            for _ in range(45):
                try:
                    ws, _ = await _socket(server, made["id"], "127.0.0.60")
                    welcomed += 1
                    await ws.close()
                except InvalidStatus as exc:
                    refused.append(exc.response)
            seconds = time.monotonic() - started
            assert SOCKETS_ADDRESS[0] <= welcomed <= allowed(SOCKETS_ADDRESS, seconds), (welcomed, seconds)
            assert refused and {r.status_code for r in refused} == {429}
            assert int(refused[0].headers["Retry-After"]) >= 1 and b"too many connections" in refused[0].body
            for address in ("127.0.0.61", "127.0.0.1"):
                ws, _ = await _socket(server, made["id"], address)
                await ws.close()

        run_async(run())
    finally:
        server.stop()


def test_sync_and_ping_floods_are_refused_then_the_socket_is_closed(tmp_path):
    """``sync`` built a full welcome each time, unlimited: now a connection's burst is
    answered, then ``rate_limited``, and twenty refusals in a row close it with 1008."""
    server = LiveServer(fast_settings(tmp_path)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])

        async def run():
            for kind in ("sync", "ping"):
                ws, _ = await _socket(server, made["id"], "127.0.0.2" if kind == "sync" else "127.0.0.3")
                answers, closed_with = [], None
                started = time.monotonic()
                try:
                    for _ in range(60):
                        await ws.send(json.dumps({"t": kind}))
                        answers.append(await _answer(ws))
                except ConnectionClosed as closed:
                    closed_with = closed.rcvd.code
                seconds = time.monotonic() - started
                kinds = [a["t"] for a in answers]
                answered = kinds.count("welcome" if kind == "sync" else "pong")
                assert READS_CONNECTION[0] <= answered <= allowed(READS_CONNECTION, seconds), (kind, kinds)
                refused = [a for a in answers if a["t"] == "reject"]
                assert refused and {a["code"] for a in refused} == {"rate_limited"}
                assert closed_with == 1008 and len(answers) < 60

        run_async(run())
    finally:
        server.stop()


def test_sync_from_reconnecting_sockets_is_limited_per_address(tmp_path):
    """Spectators reconnecting to dodge the per-connection limit (issue 23: two of them
    held another table's game up): twelve sockets from one address, four syncs each; the
    address's bucket answers its burst and refuses the rest, and another address is served."""
    server = LiveServer(fast_settings(tmp_path)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])

        async def run():
            answered = refused = 0
            started = time.monotonic()
            for _ in range(12):
                ws, _ = await _socket(server, made["id"], "127.0.0.4")
                for _ in range(4):
                    await ws.send(json.dumps({"t": "sync"}))
                    frame = await _answer(ws)
                    answered += frame["t"] == "welcome"
                    refused += frame["t"] == "reject" and "your address" in frame["msg"]
                await ws.close()
            seconds = time.monotonic() - started
            assert READS_ADDRESS[0] <= answered <= allowed(READS_ADDRESS, seconds), (answered, seconds)
            assert refused == 48 - answered
            other, _ = await _socket(server, made["id"], "127.0.0.5")
            await other.send(json.dumps({"t": "sync"}))
            assert (await _answer(other))["t"] == "welcome"

        run_async(run())
    finally:
        server.stop()


def test_a_repeated_sync_is_each_viewers_own_welcome_and_follows_every_change(tmp_path):
    """The welcome's view and log are kept per (viewer, language, version): a seat's sync
    after the other seat's and a spectator's is still its own (its own hand, never the
    other's), and the next sync after an act, a chat line, a join's new name or a notice
    shows it."""
    server = LiveServer(fast_settings(tmp_path)).start()
    try:
        made = create(server.url, "nightmarium", ["human", "open"])
        table = made["id"]

        async def sync(ws) -> dict:
            await ws.send(json.dumps({"t": "sync"}))
            return await next_frame(ws, "welcome")

        async def run():
            import httpx

            zero, first = await _socket(server, table, "127.0.0.6", made["tokens"]["0"])
            watcher, seen = await _socket(server, table, "127.0.0.7")
            for lang in ("ja", "en"):                                   # other viewers' welcomes built
                other, other_seen = await _socket(server, table, "127.0.0.8", lang=lang)
                await sync(other)
                await other.close()
            assert other_seen["log"] == seen["log"]
            assert (await sync(watcher))["view"] == seen["view"]
            again = await sync(zero)
            assert again["view"] == first["view"] and again["view"] != seen["view"]
            join = httpx.post(f"{server.url}/api/tables/{table}/join", json={"seat": 1, "name": "Zed"}, timeout=10)
            assert join.status_code == 200
            one, one_first = await _socket(server, table, "127.0.0.9", join.json()["token"])
            later = await sync(zero)
            assert "Zed" in json.dumps(later["table"]) and "Zed" in json.dumps(later["log"])
            assert later["log"] != first["log"]                             # the "joined" notice
            assert (await sync(one))["view"] == one_first["view"] != later["view"]
            await one.send(json.dumps({"t": "chat", "channel": "players", "text": "hello Ann"}))
            await next_frame(zero, "chat")
            after_chat = await sync(zero)
            assert after_chat["chat"][-1]["text"] == "hello Ann"
            start = httpx.post(f"{server.url}/api/tables/{table}/start",
                               headers={"Authorization": f"Bearer {made['host']}"}, timeout=10)
            assert start.status_code == 200, start.text
            live_now = await sync(zero)
            options = (live_now["view"].get("decision") or {}).get("options")
            mover = zero if options else one
            if not options:
                options = (await sync(one))["view"]["decision"]["options"]
            await mover.send(json.dumps({"t": "act", "v": live_now["v"], "a": options[0]["index"], "cid": "x-1"}))
            update = await next_frame(zero, "update")
            moved = await sync(zero)
            assert moved["v"] == update["v"] == live_now["v"] + 1 and moved["view"] == update["view"]
            assert (await sync(watcher))["view"] != moved["view"]          # the spectator's, not the seat's

        run_async(run())
    finally:
        server.stop()
