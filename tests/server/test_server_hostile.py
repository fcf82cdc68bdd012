"""Hostile pages and proxies (issue 23, section 2; docs/web-protocol.md, "Hosts", "Limits
per address"): a request for a Host the server does not serve (a DNS-rebinding page) is
refused with 400 before anything else, the WebSocket's handshake alike; every answer that
carries a seat token or a host key is never stored by a cache; and the client's address
is the socket's peer unless the operator names a proxy, so ``X-Forwarded-For`` buys no
fresh rate-limit bucket."""

from __future__ import annotations

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from web_client import LiveServer, create, fast_settings, hello, play_table, run_async


def _refused_socket(server: LiveServer, table: str, host: str) -> int:
    """The HTTP status of a WebSocket handshake for ``host`` (with that Origin, as a page
    on it sends), connected to the test server's loopback port as a rebound name would be."""

    async def run():
        try:
            async with connect(f"ws://{host}/ws/tables/{table}", origin=f"http://{host}",
                               host="127.0.0.1", port=server.port) as ws:
                return (await hello(ws))["t"]
        except InvalidStatus as exc:
            return exc.response.status_code

    return run_async(run())


def test_a_host_the_server_does_not_serve_is_refused_400_before_anything_else(sqlite_live):
    live = sqlite_live
    made = create(live.url, "nightmarium", ["human", "human"])
    table = made["id"]
    evil = f"evil.example:{live.port}"
    before = httpx.get(f"{live.url}/api/tables").json()
    for method, path in [("GET", "/"), ("GET", f"/t/{table}"), ("GET", "/api/tables"), ("GET", f"/api/tables/{table}"),
                         ("GET", "/healthz"), ("GET", "/static/js/table.js"), ("POST", "/api/tables")]:
        r = httpx.request(method, live.url + path, headers={"host": evil, "origin": f"http://{evil}"},
                          json={"game": "nightmarium", "seats": ["human", "human"]} if method == "POST" else None)
        assert r.status_code == 400, (path, r.status_code)
        assert "does not answer to the host 'evil.example" in r.text and "tokens" not in r.text
        assert r.headers["x-content-type-options"] == "nosniff"
    assert httpx.get(f"{live.url}/api/tables").json() == before                # the POST made nothing
    assert _refused_socket(live, table, evil) == 400                           # the WebSocket's handshake too
    assert _refused_socket(live, table, "evil.example") == 400
    # the loopback names, with any port, and the address itself are served
    for host in (f"localhost:{live.port}", "localhost", f"127.0.0.1:{live.port}", f"[::1]:{live.port}", "LOCALHOST."):
        assert httpx.get(live.url + "/healthz", headers={"host": host}).status_code == 200, host
    assert _refused_socket(live, table, f"localhost:{live.port}") == "welcome"
    assert _refused_socket(live, table, f"127.0.0.1:{live.port}") == "welcome"


def test_the_operators_names_and_the_origins_hosts_are_served(tmp_path):
    server = LiveServer(fast_settings(tmp_path, hosts=("games.example.org",),
                                      origins=("https://play.example.net",))).start()
    try:
        made = create(server.url, "nightmarium", ["human", "human"])
        for host, status in [("games.example.org", 200), ("play.example.net:443", 200), ("Games.Example.Org:8000", 200),
                             ("example.org", 400), ("evil.games.example.org", 400), ("192.168.1.5:8000", 200)]:
            assert httpx.get(server.url + "/healthz", headers={"host": host}).status_code == status, host
        assert _refused_socket(server, made["id"], "games.example.org") == "welcome"
        assert _refused_socket(server, made["id"], "evil.example") == 400
    finally:
        server.stop()


def _finished_table_with_people(live) -> tuple[str, dict[str, str]]:
    made = create(live.url, "nightmarium", ["human", "human"])
    run_async(play_table(live.ws_url, made["id"], made["tokens"], spectators=0))
    return made["id"], made["tokens"]


def test_every_answer_with_a_token_or_a_host_key_is_not_stored(sqlite_live):
    live = sqlite_live
    r = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "open"]})
    assert r.status_code == 201 and r.json()["tokens"] and r.json()["host"]
    assert r.headers["cache-control"] == "no-store"
    table = r.json()["id"]
    joined = httpx.post(f"{live.url}/api/tables/{table}/join", json={"seat": 1, "name": "Bob"})
    assert joined.status_code == 200 and joined.json()["token"] and joined.headers["cache-control"] == "no-store"
    started = httpx.post(f"{live.url}/api/tables/{table}/start", headers={"authorization": f"Bearer {r.json()['host']}"})
    assert started.status_code == 200 and started.headers["cache-control"] == "no-store"
    fork = httpx.post(f"{live.url}/api/tables/{table}/fork", json={"at": 0, "seats": ["human", "bot:random"], "as": 0},
                      headers={"authorization": f"Bearer {r.json()['tokens']['0']}"})
    assert fork.status_code == 201 and fork.json()["tokens"] and fork.headers["cache-control"] == "no-store"
    # a seat's own view of its past (its token in the request) is not stored either
    steps = httpx.get(f"{live.url}/api/tables/{table}/steps", headers={"authorization": f"Bearer {r.json()['tokens']['0']}"})
    assert steps.status_code == 200 and steps.headers["cache-control"] == "no-store"
    finished, tokens = _finished_table_with_people(live)
    rematch = httpx.post(f"{live.url}/api/tables/{finished}/rematch", headers={"authorization": f"Bearer {tokens['0']}"})
    assert rematch.status_code == 200 and rematch.json()["token"] and rematch.headers["cache-control"] == "no-store"
    refused = httpx.post(f"{live.url}/api/tables/{table}/join", json={"seat": 1})   # a refusal is not kept either
    assert refused.status_code == 409 and refused.headers["cache-control"] == "no-store"


def _posts_until_refused(server: LiveServer, forwarded: bool, most: int = 8) -> list[int]:
    statuses = []
    for n in range(most):
        headers = {"x-forwarded-for": f"203.0.113.{n + 1}"} if forwarded else {}
        r = httpx.post(f"{server.url}/api/tables", json={"game": "nightmarium", "seats": ["bot:random", "bot:random"]},
                       headers=headers, timeout=30)
        statuses.append(r.status_code)
    return statuses


@pytest.mark.parametrize("proxy, expected", [
    ("", [201, 201, 429, 429, 429, 429]),                 # no proxy named: the client is the socket's peer
    ("127.0.0.1", [201] * 6),                              # the operator's proxy on this host names each client
])
def test_x_forwarded_for_counts_only_from_a_proxy_the_operator_names(tmp_path, proxy, expected):
    """The loopback exemption is off here, so this test's own address counts."""
    server = LiveServer(fast_settings(tmp_path, post_burst=2, post_per_min=0.001, post_exempt=(),
                                      forwarded_allow=proxy)).start()
    try:
        assert _posts_until_refused(server, forwarded=True, most=6) == expected
        if proxy:                                          # without the header the proxy's own address counts
            assert _posts_until_refused(server, forwarded=False, most=3) == [201, 201, 429]
    finally:
        server.stop()
