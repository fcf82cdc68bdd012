"""Whole games over the WebSocket, and what every viewer was sent.

Each test plays real games through a real server: the human seats by scripted clients
that take a random option of their own decision, with a spectator watching. Then the
record is fetched and replayed, and **every frame every socket received is checked
against the engine's own boundary for that viewer at that version**: the view equals
``state.view(viewer, lang)`` (so it holds exactly what that viewer may see; the views'
independence from unseen cards is the conformance suites' job), the events equal
``state.events_for(viewer, since)``, options only ever reach the deciding seat, and no frame
of a live game carries the seed.
"""

from __future__ import annotations

import json
import re

import httpx
import pytest

from gloam.core import SPECTATOR
from gloam.core.record import Record
from web_client import create, play_table, run_async

CASES = [
    ("nightmarium", ["human", "bot:greedy"], {}),
    ("nightmarium", ["human", "human", "bot:random", "human", "bot:greedy"], {"creatures": 5}),
    ("nightfall", ["human", "bot:heuristic"], {}),
    ("nightfall", ["human", "human", "bot:random"], {"archives": "draft", "secret_archives": True}),
    ("nightfall", ["human", "bot:random", "human", "bot:random"], {"moons": True, "teams": True}),
    ("nightfall", ["human", "human", "bot:random", "bot:random", "human"], {"archives": "draft", "upstream": True}),
]


def _plain(data):
    return json.loads(json.dumps(data))


def check_frames(record: Record, sockets, lang: str = "en") -> int:
    """Every frame against the replayed state at its version; returns how many."""
    states = [state.clone() for state, _ in record.states()]
    seed = str(record.seed)
    checked = 0
    for who in sockets:
        viewer = SPECTATOR if who.seat is None else who.seat
        last_v = None
        for frame in who.frames:
            if frame["t"] not in ("welcome", "update"):
                continue
            v = frame["v"]
            state = states[v]
            assert frame["view"] == _plain(state.view(viewer, lang)), f"seat {viewer} v{v}: the view differs"
            decision = frame["view"].get("decision") or {}
            deciding = state.pending() is not None and state.pending().player == viewer
            assert ("options" in decision) == deciding, f"seat {viewer} v{v}: options to a non-decider"
            if frame["t"] == "update":
                assert last_v is None or v == last_v + 1, f"seat {viewer}: a gap from v{last_v} to v{v}"
                since = states[v - 1].event_count()
                expected = state.events_for(viewer, since)
                assert [{k: e[k] for k in e if k != "line"} for e in frame["events"]] == _plain(expected)
                assert all(isinstance(e["line"], str) and e["line"] for e in frame["events"])
            if not state.is_terminal():
                assert seed not in json.dumps(frame), f"seat {viewer} v{v}: the seed was sent"
            last_v = v
            checked += 1
    return checked


@pytest.mark.parametrize("game, seats, setup", CASES, ids=[f"{g}-{len(s)}p-{'-'.join(map(str, u)) or 'std'}"
                                                          for g, s, u in CASES])
@pytest.mark.slow
def test_every_frame_is_exactly_what_its_viewer_may_see(sqlite_live, game, seats, setup):
    live = sqlite_live
    made = create(live.url, game, seats, setup)
    sockets = run_async(play_table(live.ws_url, made["id"], made["tokens"], spectators=1, seed=len(seats)))
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    assert record.replay().is_terminal()
    checked = check_frames(record, sockets)
    assert checked >= len(record.actions)                  # each socket saw the whole game
    # every acknowledged act is in the record, at its version, once
    for who in sockets:
        for _cid, v, action in who.acks:
            assert record.actions[v - 1] == action
    acked = sum(len(w.acks) for w in sockets)
    humans = {int(s) for s in made["tokens"]}
    assert acked == sum(1 for n, (state, a) in enumerate(record.states()) if a is not None
                        and state.pending().player in humans)


def test_a_japanese_table_sends_japanese_labels(sqlite_live):
    live = sqlite_live
    made = create(live.url, "nightfall", ["human", "bot:heuristic"])
    sockets = run_async(play_table(live.ws_url, made["id"], made["tokens"], spectators=0, seed=3, lang="ja"))
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    check_frames(record, sockets, lang="ja")
    welcome = sockets[0].frames[0]
    assert welcome["view"]["lang"] == "ja"
    assert any("\u3040" <= ch <= "\u30ff" for ch in welcome["view"]["phase_name"])   # kana


def test_a_japanese_nightmarium_table_sends_japanese_log_lines(sqlite_live):
    """Issue 24 §3: the lines of a Japanese Nightmarium table's log are Japanese (they
    were English): no run of three English words in any update's lines."""
    live = sqlite_live
    made = create(live.url, "nightmarium", ["human", "bot:greedy"])
    sockets = run_async(play_table(live.ws_url, made["id"], made["tokens"], spectators=1, seed=3, lang="ja"))
    record = Record.from_json(httpx.get(f"{live.url}/api/tables/{made['id']}/record").json())
    check_frames(record, sockets, lang="ja")
    lines = [e["line"] for who in sockets for f in who.frames if f["t"] == "update" for e in f["events"]]
    assert lines and all(re.search(r"[\u3040-\u30ff]", line) for line in lines), lines[:5]
    english = [line for line in lines if re.search(r"[A-Za-z]+(?:[ ,:;()]+[A-Za-z]+){2,}", line)]
    assert not english, english[:5]
