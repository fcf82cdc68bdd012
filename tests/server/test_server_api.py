"""The HTTP API (docs/web-protocol.md): health, making tables, status, the record only
after the end, and clear 4xx answers to bad requests."""

from __future__ import annotations

import httpx
import pytest

from gloam.core.record import Record
from web_client import wait_finished


def test_health(live):
    r = httpx.get(f"{live.url}/healthz")
    assert r.status_code == 200 and r.json() == {"ok": True}


@pytest.mark.parametrize("game, seats", [("nightmarium", ["bot:greedy", "bot:random", "bot:greedy"]),
                                         ("nightfall", ["bot:heuristic", "bot:random"])])
def test_a_table_of_bots_plays_itself_and_its_record_replays(live, game, seats):
    made = httpx.post(f"{live.url}/api/tables", json={"game": game, "seats": seats}).json()
    assert made["tokens"] == {}                                      # no human seat, no token
    info = wait_finished(live.url, made["id"])
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    final = record.replay()
    assert final.is_terminal()
    assert list(final.outcome().winners) == info["result"]["winners"]
    assert info["v"] == len(record.actions)


def test_the_record_is_refused_while_the_game_goes_on(live):
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightfall", "seats": ["human", "bot:random"]}).json()
    r = httpx.get(f"{live.url}/api/tables/{made['id']}/record")
    assert r.status_code == 409 and "seed" in r.json()["detail"]
    info = httpx.get(f"{live.url}/api/tables/{made['id']}").json()
    assert info["status"] == "live" and "seed" not in info and "token" not in str(info)
    assert [s["kind"] for s in info["seats"]] == ["human", "bot"]


def test_tokens_are_secret_and_only_their_hash_is_stored(live):
    made = httpx.post(f"{live.url}/api/tables", json={"game": "nightmarium", "seats": ["human", "human"]}).json()
    tokens = made["tokens"]
    assert set(tokens) == {"0", "1"} and tokens["0"] != tokens["1"] and len(tokens["0"]) >= 40
    from sqlalchemy import create_engine, text

    from gloam.server.settings import sync_url

    engine = create_engine(sync_url(live.settings.db_url))
    with engine.connect() as conn:
        rows = conn.execute(text("select token_hash from seats where table_id = :t"), {"t": made["id"]}).all()
        dump = "\n".join(str(row) for table in ("tables", "seats", "log")
                         for row in conn.execute(text(f"select * from {table}")))
    engine.dispose()
    assert all(len(h) == 32 for (h,) in rows)
    assert tokens["0"] not in dump and tokens["1"] not in dump


@pytest.mark.parametrize("body, expected", [
    ({"game": "chess", "seats": ["human"]}, "game"),
    ({"game": "nightfall", "seats": []}, "seats"),
    ({"game": "nightfall", "seats": ["human", "bot:greedy"]}, "seats[1]"),        # greedy plays Nightmarium only
    ({"game": "nightfall", "seats": ["human", "robot"]}, "seats[1]"),
    ({"game": "nightfall", "seats": ["human", "human"], "setup": {"players": 3}}, "players"),
    ({"game": "nightfall", "seats": ["human", "human"], "setup": {"sets": ["XX"]}}, "unknown set"),
    ({"game": "nightmarium", "seats": ["human", "human"], "setup": {"creatures": 99}}, "setup"),
    ({"game": "nightfall", "seats": ["human", "human"], "names": ["Ann"]}, "names"),
    ({"game": "nightfall", "seats": ["human"] * 7}, "seats"),
    ({"game": "nightfall", "seats": ["human", "human"], "colour": "red"}, "colour"),
])
def test_a_bad_table_request_is_a_clear_422_and_makes_nothing(live, body, expected):
    before = httpx.get(f"{live.url}/api/tables").json()["tables"]
    r = httpx.post(f"{live.url}/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert expected in r.json()["detail"]
    assert httpx.get(f"{live.url}/api/tables").json()["tables"] == before


@pytest.mark.parametrize("game", ["nightfall", "nightmarium"])
def test_thousands_of_unknown_setup_keys_are_named_in_one_short_line(sqlite_live, game):
    """Issue 23, section 4: the first five and the count, not 3,000 names in one line
    (the games' own setup check, so ``gloam`` on the command line says the same)."""
    setup = {f"key{n:05}": n for n in range(3000)} | {"x" * 5000: 1}
    r = httpx.post(f"{sqlite_live.url}/api/tables", json={"game": game, "seats": ["human", "human"], "setup": setup})
    assert r.status_code == 422
    assert r.json()["detail"] == "setup: unknown setup option(s): key00000, key00001, key00002, key00003, key00004 " \
                                 "and 2,996 more"


def test_malformed_json_is_a_422(live):
    r = httpx.post(f"{live.url}/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_an_unknown_table_is_a_404(live):
    for path in ("/api/tables/nosuchtable", "/api/tables/nosuchtable/record"):
        r = httpx.get(live.url + path)
        assert r.status_code == 404 and "no table" in r.json()["detail"]


def test_pages_allow_no_inline_script(live):
    for path in ("/", "/t/abc"):
        r = httpx.get(live.url + path)
        assert r.status_code == 200
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "<script>" not in r.text                              # only <script type=module src=…>
    assert httpx.get(live.url + "/healthz").headers["referrer-policy"] == "no-referrer"


def test_the_lobby_form_is_made_from_each_games_declaration(live):
    """``GET /api/options`` says everything the lobby draws (lobby.js names no game): each
    game's title, its default bot (one of its bots), the setup fields in order with their
    first values, and what else the form needs; a form built from those first values makes
    a table."""
    games = httpx.get(f"{live.url}/api/options").json()["games"]
    assert list(games) == ["nightfall", "nightmarium"]
    nf, nm = games["nightfall"], games["nightmarium"]
    assert (nf["title"], nf["default_bot"], nm["title"], nm["default_bot"]) == ("Nightfall", "heuristic",
                                                                               "Nightmarium", "greedy")
    assert nf["languages"] == ["en", "ja"] and nm["languages"] == ["en"]
    assert [f["key"] for f in nf["fields"]] == ["sets", "archives", "moons", "long", "promos", "variants"]
    assert {f["key"]: f["start"] for f in nf["fields"]} == {"sets": ["CW"], "archives": "quick", "moons": True,
                                                           "long": False, "promos": False, "variants": []}
    assert nf["form"]["max_players_if"] == {"teams": 6} and nf["form"]["first_random"] is True
    assert [(f["key"], f["choices"], f["start"]) for f in nm["fields"]] == [("creatures", [5, 6, 7], 5)]
    assert "first_random" not in nm["form"]
    for name, game in games.items():
        assert game["default_bot"] in game["bots"]
        setup = {f["key"]: f["start"] for f in game["fields"] if f["kind"] != "flags"}
        seats = ["human", f"bot:{game['default_bot']}"]
        r = httpx.post(f"{live.url}/api/tables", json={"game": name, "seats": seats, "setup": setup})
        assert r.status_code == 201, r.text
