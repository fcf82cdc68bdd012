"""Rematches (docs/web-protocol.md, "Rematch"): once a table is over, one player offers a
rematch with their seat's token and each of the others takes it up with theirs; the
rematch keeps the game, the setup, the seats (each person's kept for that person, the
bots in theirs) and the options, is private, and starts by itself once its seats are
taken. Everyone still at the old table is told."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from web_client import create, hello, next_frame, play_table, run_async


def _rematch(live, table: str, token: str | None) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{live.url}/api/tables/{table}/rematch", headers=headers, timeout=30)


def test_one_player_offers_a_rematch_and_it_starts_when_the_other_takes_it_up(live):
    made = create(live.url, "nightmarium", ["human", "human"])
    table, tokens = made["id"], made["tokens"]
    early = _rematch(live, table, tokens["0"])
    assert early.status_code == 409 and "over" in early.json()["detail"]
    run_async(play_table(live.ws_url, table, tokens, spectators=0))
    old = live.get(f"/api/tables/{table}")
    assert old["status"] == "finished" and old["rematch"] is None
    assert _rematch(live, table, None).status_code == 403                    # a spectator
    assert _rematch(live, table, "A" * 43).status_code == 403                # a token of no seat here

    async def offer():
        async with connect(f"{live.ws_url}/ws/tables/{table}") as watcher:
            await hello(watcher)
            answer = await asyncio.to_thread(_rematch, live, table, tokens["0"])
            told = await next_frame(watcher, "table")                              # the old table hears of it
            return answer, told

    answer, told = run_async(offer())
    assert answer.status_code == 200, answer.text
    offered = answer.json()
    new = offered["url"].rsplit("/", 1)[1]
    assert told["table"]["rematch"] == new and live.get(f"/api/tables/{table}")["rematch"] == new
    assert offered["seat"] == 0 and offered["token"] not in tokens.values()
    info = live.get(f"/api/tables/{new}")
    assert info["status"] == "open" and info["rematch_of"] == table
    assert info["setup"] == {**old["setup"], "first_player": 1}                # the other goes first this time
    assert info["options"] == {**old["options"], "visibility": "private"}
    assert [(s["name"], s["kind"]) for s in info["seats"]] == [(old["seats"][0]["name"], "human"),
                                                              (old["seats"][1]["name"], "open")]
    again = _rematch(live, table, tokens["0"])
    assert again.status_code == 409 and new in again.json()["detail"]
    # the kept seat is only for the one who played it: not by number, not by another's token
    assert httpx.post(f"{live.url}/api/tables/{new}/join", json={"seat": 1}).status_code == 403
    assert httpx.post(f"{live.url}/api/tables/{new}/join", json={"invite": tokens["0"]}).status_code == 403
    assert live.get(f"/api/tables/{new}")["seats"][1]["kind"] == "open"

    taken = _rematch(live, table, tokens["1"])
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 1 and taken.json()["url"] == f"/t/{new}"
    assert live.get(f"/api/tables/{new}")["status"] == "live"                 # started by itself

    async def play_on():
        async with connect(f"{live.ws_url}/ws/tables/{new}") as ws:         # an old token holds no seat here
            await ws.send(json.dumps({"t": "hello", "lang": "en", "token": tokens["0"]}))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed:
                pass
            assert ws.close_code == 4401
        fresh = {"0": offered["token"], "1": taken.json()["token"]}
        await play_table(live.ws_url, new, fresh, spectators=0, seed=1)

    run_async(play_on())
    assert live.get(f"/api/tables/{new}")["status"] == "finished"


@pytest.mark.parametrize("game", ["nightmarium", "nightfall"])
def test_a_rematch_against_bots_starts_at_once_with_the_same_bots(live, game):
    made = create(live.url, game, ["bot:random", "human"])
    table, tokens = made["id"], made["tokens"]
    run_async(play_table(live.ws_url, table, tokens, spectators=0))
    answer = _rematch(live, table, tokens["1"])
    assert answer.status_code == 200, answer.text
    info = answer.json()["table"]
    assert info["status"] == "live" and info["rematch_of"] == table
    assert info["setup"]["first_player"] == 1
    again = _rematch(live, info["id"], None)
    assert again.status_code == 403                                         # (a spectator of the rematch)
    assert [(s["kind"], s["bot"]) for s in info["seats"]] == [("bot", "random"), ("human", None)]
