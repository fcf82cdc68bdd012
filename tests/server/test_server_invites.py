"""Invites, open seats and the start over HTTP, and a table without spectators
(docs/web-protocol.md, "Tables with open seats"; issue 15)."""

from __future__ import annotations

import json

import httpx
from websockets.asyncio.client import connect

from web_client import run_async


def _make(live, seats, **options):
    r = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": seats, "options": options}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


async def _hello(live, table, token=None):
    async with connect(f"{live.ws_url}/ws/tables/{table}") as ws:
        await ws.send(json.dumps({"t": "hello", **({"token": token} if token else {})}))
        first = json.loads(await ws.recv())
        if first["t"] == "bye":
            return first, ws.close_code if ws.close_code else None
        return first, None


def test_an_invite_link_becomes_a_seat_token_once_and_the_creator_starts(live):
    made = _make(live, ["human", "open"], visibility="private")
    table = made["id"]
    assert made["table"]["status"] == "open" and set(made["invites"]) == {"1"} and set(made["tokens"]) == {"0"}
    code = made["invites"]["1"].split("invite=")[1]
    assert made["invites"]["1"] == f"/t/{table}#invite={code}"                # in the fragment: never sent to a server
    assert "?" not in made["invites"]["1"]
    lobby = httpx.get(f"{live.url}/api/tables").json()["tables"]
    assert table not in [t["id"] for t in lobby]                          # private: not listed
    assert httpx.post(f"{live.url}/api/tables/{table}/join", json={"seat": 1}).status_code == 403
    joined = httpx.post(f"{live.url}/api/tables/{table}/join", json={"invite": code, "name": "Bob"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    token = joined.json()["token"]
    again = httpx.post(f"{live.url}/api/tables/{table}/join", json={"invite": code, "name": "Eve"})
    assert again.status_code == 403 and "invite" in again.json()["detail"]
    assert httpx.post(f"{live.url}/api/tables/{table}/start").status_code == 403      # no key
    assert httpx.post(f"{live.url}/api/tables/{table}/start",
                      headers={"authorization": f"Bearer {token}"}).status_code == 403
    started = httpx.post(f"{live.url}/api/tables/{table}/start", headers={"authorization": f"Bearer {made['host']}"})
    assert started.status_code == 200 and started.json()["status"] == "live"
    assert httpx.post(f"{live.url}/api/tables/{table}/start",
                      headers={"authorization": f"Bearer {made['host']}"}).status_code == 409

    async def seats():
        welcome, _ = await _hello(live, table, token)
        assert welcome["you"]["seat"] == 1 and welcome["table"]["seats"][1]["name"] == "Bob"
        refused, _ = await _hello(live, table, code)                     # an invite is not a token
        assert refused["t"] == "bye" and refused["code"] == 4401
    run_async(seats())


def test_a_public_table_is_listed_with_its_open_seats_and_joined_by_number(live):
    made = _make(live, ["human", "open", "bot:random"])
    lobby = {t["id"]: t for t in httpx.get(f"{live.url}/api/tables").json()["tables"]}
    row = lobby[made["id"]]
    assert row["status"] == "open" and [s["kind"] for s in row["seats"]] == ["human", "open", "bot"]
    assert "invite" not in json.dumps(row) and "token" not in json.dumps(row)
    assert httpx.post(f"{live.url}/api/tables/{made['id']}/join", json={"seat": 0}).status_code == 409
    assert httpx.post(f"{live.url}/api/tables/{made['id']}/join", json={"seat": 1, "name": "Walk-in"}).status_code == 200
    assert httpx.post(f"{live.url}/api/tables/{made['id']}/join", json={"seat": 1}).status_code == 409
    assert httpx.post(f"{live.url}/api/tables/nosuchtable/join", json={"seat": 1}).status_code == 404
    assert httpx.post(f"{live.url}/api/tables/{made['id']}/join", json={"seat": 1, "x": 2}).status_code == 422


def test_a_table_without_spectators_closes_a_spectators_socket(live):
    made = _make(live, ["human", "human"], spectators=False)

    async def run():
        bye, _ = await _hello(live, made["id"])
        assert bye["t"] == "bye" and bye["code"] == 4405
        welcome, _ = await _hello(live, made["id"], made["tokens"]["0"])
        assert welcome["t"] == "welcome"
    run_async(run())


def test_table_options_are_checked(live):
    for bad in ({"turn_seconds": 3}, {"visibility": "secret"}, {"takeover_bot": "random"}, {"colour": "red"}):
        r = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"],
                                                       "options": bad})
        assert r.status_code == 422, bad
