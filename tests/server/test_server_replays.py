"""Replays and forks over HTTP (docs/web-protocol.md, "Steps" and "Forks"): each viewer
sees a step only as they saw it (a live seat never another seat's view nor every card;
a spectator no hand and no options), and a fork re-deals what its forker could not see,
so its start owes nothing to the parent's hidden cards; a fork's record replays (also
with ``gloam replay``) to the fork's own result."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect

from gloam.cli.main import main
from gloam.core import SPECTATOR
from gloam.core.fork import fork_state
from gloam.core.record import Record
from gloam.core.rng import Rng
from gloam.games import get_game, omniscient_table_view, state_from_json
from gloam.server import replays
from gloam.server.views import table_frame
from web_client import play_table, run_async, wait_finished


def make(base: str, game: str, seats: list[str], **options) -> dict:
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, "options": options}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def steps(base: str, table: str, token: str | None = None, **params) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{base}/api/tables/{table}/steps", params=params, headers=headers, timeout=30)


def fork(base: str, table: str, body: dict, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{base}/api/tables/{table}/fork", json=body, headers=headers, timeout=30)


async def _act(ws_base: str, table: str, token: str, acts: int) -> None:
    """Take the first option of this seat's decisions ``acts`` times (the bots answer)."""
    async with connect(f"{ws_base}/ws/tables/{table}") as ws:
        await ws.send(json.dumps({"t": "hello", "token": token, "lang": "en"}))
        done, sent = 0, None
        async with asyncio.timeout(60):
            while done < acts:
                frame = json.loads(await ws.recv())
                if frame.get("ack"):
                    done += 1
                if frame["t"] not in ("welcome", "update"):
                    continue
                options = (frame["view"].get("decision") or {}).get("options")
                if options and sent != frame["v"] and done < acts:
                    sent = frame["v"]
                    await ws.send(json.dumps({"t": "act", "v": sent, "a": options[0]["index"], "cid": f"c{sent}"}))


def live_table(live, acts: int = 3, **options) -> tuple[dict, object]:
    """A live Nightmarium table, a person at seat 0 against a bot, ``acts`` acts in; and its room."""
    made = make(live.url, "nightmarium", ["human", "bot:greedy"], **options)
    run_async(_act(live.ws_url, made["id"], made["tokens"]["0"], acts))
    room = live.app.state.rooms.rooms[made["id"]]
    return made, room


def expected(room, n: int, viewer: int) -> dict:
    """What step ``n`` should be for ``viewer``: the effective record replayed to there."""
    record = room.record()
    before = record.replay(n - 1) if n else None
    state = record.replay(n)
    since = before.event_count() if before is not None else 0
    return table_frame(room.game, state, viewer, "en", room.names, since)


def test_a_live_seat_sees_only_its_own_past(live):
    made, room = live_table(live)
    table, token = made["id"], made["tokens"]["0"]
    ply = len(room.acts)
    assert ply >= 3
    for n in (0, 1, ply):
        got = steps(live.url, table, token, at=n).json()
        want = expected(room, n, 0)
        assert (got["at"], got["ply"], got["as"]) == (n, ply, 0)
        assert got["view"] == want["view"] and got["events"] == want["events"]
        assert got["who"] == (room.acts[n - 1].seat if n else None)
    assert steps(live.url, table, token).json()["at"] == ply           # the latest by default
    for other in ("1", "all"):
        r = steps(live.url, table, token, at=1, **{"as": other})
        assert r.status_code == 403, r.text
    assert steps(live.url, table, None, **{"as": "0"}).status_code == 403
    assert steps(live.url, table, "not-a-token").status_code == 403
    assert steps(live.url, table, token, at=ply + 1).status_code == 422
    assert steps(live.url, table, token, **{"as": "7"}).status_code == 422
    assert steps(live.url, "nosuchtable", token).status_code == 404


def test_a_spectator_sees_no_hand_and_no_option(live):
    made, room = live_table(live)
    for n in range(len(room.acts) + 1):
        got = steps(live.url, made["id"], at=n).json()
        assert got["as"] == "spectator"
        assert got["view"] == expected(room, n, SPECTATOR)["view"]
        assert all(p["hand"] is None for p in got["view"]["players"])
        assert "options" not in (got["view"]["decision"] or {})
    closed = make(live.url, "nightmarium", ["human", "bot:greedy"], spectators=False)
    assert steps(live.url, closed["id"]).status_code == 403
    assert steps(live.url, closed["id"], closed["tokens"]["0"], **{"as": "spectator"}).status_code == 200


def test_a_finished_table_shows_any_seat_and_every_card(live):
    made = make(live.url, "nightfall", ["bot:heuristic", "bot:random"])
    wait_finished(live.url, made["id"])
    room = live.app.state.rooms.rooms[made["id"]]
    ply = len(room.acts)
    record = room.record()
    assert ply > 2 * replays.CHECKPOINT_EVERY
    # out of order, so that the checkpoints are both made and used
    for n in (ply, 2 * replays.CHECKPOINT_EVERY + 3, replays.CHECKPOINT_EVERY, 51, 0, ply - 1):
        for viewer in (0, 1):
            got = steps(live.url, made["id"], at=n, **{"as": str(viewer)}).json()
            assert got["view"] == expected(room, n, viewer)["view"], (n, viewer)
            assert got["events"] == expected(room, n, viewer)["events"]
        every = steps(live.url, made["id"], at=n, **{"as": "all"}).json()
        assert every["view"] == omniscient_table_view(record.replay(n), "en")
        assert all(p["hand"] is not None for p in every["view"]["players"])
    hidden = make(live.url, "nightfall", ["bot:heuristic", "bot:random"], reveal_after_end=False)
    wait_finished(live.url, hidden["id"])
    assert steps(live.url, hidden["id"], **{"as": "all"}).status_code == 403
    assert steps(live.url, hidden["id"], **{"as": "1"}).status_code == 403
    assert steps(live.url, hidden["id"]).status_code == 200               # the spectators' view


def test_a_fair_fork_owes_nothing_to_the_parents_hidden_cards(live, monkeypatch):
    made = make(live.url, "nightfall", ["bot:heuristic", "bot:random"])
    wait_finished(live.url, made["id"])
    parent_room = live.app.state.rooms.rooms[made["id"]]
    game = parent_room.game
    at = 20
    parent = parent_room.record().replay(at)
    monkeypatch.setattr(replays.secrets, "randbits", lambda bits: 424242)
    r = fork(live.url, made["id"], {"at": at, "seats": ["human", "bot:random"], "as": 0})
    assert r.status_code == 201, r.text
    child = r.json()
    assert set(child["tokens"]) == {"0"} and child["table"]["options"]["visibility"] == "private"
    assert child["table"]["fork"] == {"table": made["id"], "at": at, "as": 0, "exact": False}
    start = live.app.state.rooms.rooms[child["id"]].table.start["state"]
    assert state_from_json("nightfall", start).observation(0) == parent.observation(0)
    # another game that seat 0 could not tell from this one forks to the same start
    twin = game.determinize(parent.observation(0), Rng(7))
    assert twin.hands[1] != parent.hands[1] or twin.decks[1] != parent.decks[1]
    assert fork_state(game, twin, 0, 424242).to_json() == start
    assert start != parent.to_json()


def test_an_exact_fork_only_from_a_finished_table(live):
    made = make(live.url, "nightmarium", ["bot:greedy", "bot:greedy"])
    wait_finished(live.url, made["id"])
    room = live.app.state.rooms.rooms[made["id"]]
    r = fork(live.url, made["id"], {"at": 4, "seats": ["bot:random", "human"], "as": 1, "exact": True})
    assert r.status_code == 201, r.text
    start = live.app.state.rooms.rooms[r.json()["id"]].table.start["state"]
    assert start == room.record().replay(4).to_json()
    ply = len(room.acts)
    assert fork(live.url, made["id"], {"at": ply, "seats": ["human", "bot:random"], "as": 0}).status_code == 409
    playing, room = live_table(live)
    body = {"at": 1, "seats": ["human", "bot:random"], "as": 0}
    assert fork(live.url, playing["id"], {**body, "exact": True}, playing["tokens"]["0"]).status_code == 409


def test_a_live_fork_needs_the_seat_and_a_casual_table(live):
    made, room = live_table(live)
    token = made["tokens"]["0"]
    body = {"at": 2, "seats": ["human", "bot:greedy"], "as": 0}
    assert fork(live.url, made["id"], body).status_code == 403                       # no token
    assert fork(live.url, made["id"], body, "wrong").status_code == 403
    assert fork(live.url, made["id"], {**body, "as": 1, "seats": ["bot:greedy", "human"]}, token).status_code == 403
    assert fork(live.url, made["id"], {**body, "at": len(room.acts) + 1}, token).status_code == 422
    assert fork(live.url, made["id"], {**body, "seats": ["bot:greedy", "human"]}, token).status_code == 422
    assert fork(live.url, made["id"], {**body, "seats": ["human"]}, token).status_code == 422
    assert fork(live.url, made["id"], {**body, "seed": 1}, token).status_code == 422
    r = fork(live.url, made["id"], body, token)
    assert r.status_code == 201, r.text
    start = state_from_json("nightmarium", live.app.state.rooms.rooms[r.json()["id"]].table.start["state"])
    assert start.observation(0) == room.record().replay(2).observation(0)
    rated, _ = live_table(live, undo=False)
    r = fork(live.url, rated["id"], body, rated["tokens"]["0"])
    assert r.status_code == 409 and "casual" in r.json()["detail"]


@pytest.mark.parametrize("game, seats", [("nightmarium", ["bot:greedy", "bot:greedy", "bot:random"]),
                                         ("nightfall", ["bot:heuristic", "bot:random"])])
def test_a_fork_played_to_the_end_replays_from_its_record(live, game, seats, tmp_path, capsys):
    made = make(live.url, game, seats)
    wait_finished(live.url, made["id"])
    parent_seed = live.app.state.rooms.rooms[made["id"]].table.seed
    kinds = ["human"] + [f"bot:{s.split(':')[1]}" for s in seats[1:]]
    child = fork(live.url, made["id"], {"at": 10, "seats": kinds, "as": 0}).json()
    run_async(play_table(live.ws_url, child["id"], child["tokens"], spectators=0))
    info = wait_finished(live.url, child["id"])
    data = httpx.get(f"{live.url}/api/tables/{child['id']}/record").json()
    assert data["version"] == 2 and data["engine"].startswith("gloam ")
    assert data["fork"] == {"table": made["id"], "at": 10, "as": 0, "exact": False} and "start" in data
    assert str(parent_seed) not in json.dumps(data)                    # no parent record inside
    record = Record.from_json(data)
    final = record.replay()
    assert final.is_terminal() and list(final.outcome().winners) == info["result"]["winners"]
    assert record.new_game().setup_json() == get_game(game, made["table"]["setup"]).setup_json()
    path = tmp_path / "fork.json"
    record.save(path)
    capsys.readouterr()
    assert main(["replay", str(path), "--all"]) == 0
    assert str(len(record.actions)) in capsys.readouterr().out


def test_the_replay_page_is_served_without_inline_script(live):
    r = httpx.get(f"{live.url}/t/abc/replay")
    assert r.status_code == 200 and 'data-table="abc"' in r.text
    assert '<script type="module" src="/static/js/replay.js"></script>' in r.text
    assert "<script>" not in r.text


class _Acts:
    """A stand-in for a room: its effective acts and its initial state."""

    def __init__(self, game, seed: int) -> None:
        self.game, self.seed, self.acts = game, seed, []

    def initial_state(self):
        return self.game.new_initial_state(self.seed)


def _random_acts(room: _Acts, state, count: int, first_seq: int, pick) -> None:
    from gloam.server.store.repo import LogRow

    for k in range(count):
        if state.is_terminal():
            return
        seat = state.current_player()
        action = pick.choice(state.legal_action_indices())
        state.apply(action)
        room.acts.append(LogRow(first_seq + k, "act", seat, action, "human", None))


def test_a_checkpoint_an_undo_took_back_is_not_used():
    import random

    game = get_game("nightfall", {"players": 2})
    room = _Acts(game, 4)
    pick = random.Random(1)
    _random_acts(room, room.initial_state(), 130, 1, pick)
    assert len(room.acts) == 130
    cache = replays.StepStates()
    assert cache.state_at(room, 120).to_json() == Record.of(game, 4, [a.action for a in room.acts[:120]]).replay().to_json()
    assert set(cache.kept) == {50, 100}
    # an undo back to step 70, then other acts: the checkpoint at 100 is stale
    room.acts = room.acts[:70]
    state = cache.state_at(room, 70)
    _random_acts(room, state, 50, 1000, random.Random(2))
    want = Record.of(game, 4, [a.action for a in room.acts[:110]]).replay()
    assert cache.state_at(room, 110).to_json() == want.to_json()
    assert cache.kept[100][0] == room.acts[99].seq
