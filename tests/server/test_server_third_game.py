"""The server plays a game it was never told about (issue 24): the toy game of
tests/toy_game.py, registered with one line, is offered by ``GET /api/options``, made
into a table by ``POST /api/tables``, played to the end by bots and by people over the
socket, with its event lines, and its record replays; the hidden card of a swap reaches
only its seat."""

from __future__ import annotations

import httpx
import pytest

from gloam import games
from gloam.core.record import Record
from toy_game import DECLARATION
from web_client import create, play_table, run_async, wait_finished


@pytest.fixture
def registered():
    games.register(DECLARATION)
    yield DECLARATION
    games.unregister(DECLARATION.name)


def test_the_options_offer_a_registered_game(live, registered):
    options = httpx.get(f"{live.url}/api/options").json()["games"]["highcard"]
    assert options["title"] == "High Card" and options["default_bot"] == "random"
    assert options["players"] == [2, 3] and "random" in options["bots"] and options["fields"] == []


def test_a_table_of_the_third_game_plays_itself_and_its_record_replays(live, registered):
    made = create(live.url, "highcard", ["bot:random", "bot:random", "bot:random"])
    info = wait_finished(live.url, made["id"])
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    final = record.replay()
    assert final.is_terminal() and list(final.outcome().winners) == info["result"]["winners"]


def test_people_play_the_third_game_over_the_socket_and_see_only_their_cards(live, registered):
    made = create(live.url, "highcard", ["human", "human"])
    seats = run_async(play_table(live.ws_url, made["id"], made["tokens"], spectators=1, seed=3))
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    final = record.replay()
    assert final.is_terminal()
    swaps = {e["player"]: e["card"] for e in final.events if e["type"] == "swap"}
    for who in seats:
        events = [e for f in who.frames if f["t"] in ("welcome", "update") for e in f.get("events", [])]
        assert events and all(e["line"] for e in events)
        for e in events:
            if e["type"] == "swap":
                assert ("card" in e) == (e["player"] == who.seat), (who.seat, e)   # only its own seat
        assert {e["player"] for e in events if e["type"] == "swap"} == set(swaps)
