"""The leak scan (issue 16, "Leaks"): whole games through a real room over a real store,
every message the room pushes to every seat and spectator kept and checked against the
engine's own boundary for that viewer at that version.

A seat of a person is played by a scripted client that takes a random option of the
decision its own frame offered; the other seats are bots. Every frame must hold exactly
``state.view(viewer, lang)`` and ``state.events_for(viewer, since)`` (so nothing the
viewer could not see: the conformance suites check that the engine's observations are
independent of unseen cards), and no message to a seat that is not deciding (nor to a
spectator) may carry an option list or count; no message of a live game carries the seed.
Once in each game, at a random act, every viewer connects again: that welcome's log must
be the engine's events for it, plus only lines that are not game events (a note's type,
seat and line).

Used by ``tests/server/test_server_leaks.py`` (a sample) and ``benchmarks/leak_scan.py``
(many games).
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gloam.core import SPECTATOR
from gloam.games import get_game
from gloam.server.bots import BotRunner
from gloam.server.notes import NOTE_TYPES
from gloam.server.room import Connection, Room
from gloam.server.rooms import RoomRegistry, new_table_id
from gloam.server.seats import new_token, token_hash
from gloam.server.store import repo
from gloam.server.store.writer import Writer

#: a quick sample for every test run (the benchmark rotates through all of SETUPS)
SAMPLE = [("nightmarium", {"players": 2}), ("nightfall", {"players": 2}), ("nightmarium", {"players": 4}),
          ("nightfall", {"players": 3, "archives": "draft", "secret_archives": True})]

#: setups that cover both games, 2-5 players and every Nightfall variant and archive setup
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("nightfall", {"players": 2}),
    ("nightmarium", {"players": 2}),
    ("nightfall", {"players": 3, "moons": True}),
    ("nightmarium", {"players": 3, "creatures": 6}),
    ("nightfall", {"players": 4, "teams": True}),
    ("nightmarium", {"players": 4}),
    ("nightfall", {"players": 5, "archives": "draft", "upstream": True}),
    ("nightmarium", {"players": 5, "creatures": 5}),
    ("nightfall", {"players": 3, "archives": "draft", "secret_archives": True}),
    ("nightfall", {"players": 4, "archives": "draft", "hidden_archives": True}),
    ("nightfall", {"players": 2, "archives": "draft", "open_archives": True}),
    ("nightfall", {"players": 5, "archives": "draft", "common_ground": True}),
    ("nightfall", {"players": 3, "custom_starters": True, "sets": ["CW", "ML"]}),
    ("nightfall", {"players": 2, "archives": "ml-draft", "sets": ["ML"]}),
    ("nightfall", {"players": 4, "sets": ["CW", "ML"], "long": True}),
]
BOTS = {"nightfall": ["random", "heuristic"], "nightmarium": ["random", "greedy"]}


@dataclass
class Scan:
    games: int = 0
    frames: int = 0
    messages: int = 0
    leaks: list[str] = field(default_factory=list)


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _has_options(value: Any) -> bool:
    """An option list or count anywhere in ``value`` (a table's own ``options``, its
    settings, are not a decision's)."""
    if isinstance(value, dict):
        return any(k in ("options", "legal", "option_count") or _has_options(v)
                   for k, v in value.items() if k != "table")
    if isinstance(value, list):
        return any(_has_options(v) for v in value)
    return False


async def _settle(room: Room) -> None:
    for _ in range(10_000):
        task = room._bot_task
        if task is None or task.done():
            return
        await asyncio.wait_for(asyncio.shield(task), 60)


async def play_and_scan(registry: RoomRegistry, game_name: str, setup: dict[str, Any], seed: int,
                        scan: Scan, max_acts: int = 5_000) -> None:
    """One whole game (people and bots), every pushed message checked."""
    rng = random.Random(seed)
    players = setup["players"]
    people = sorted(rng.sample(range(players), k=max(1, rng.randint(1, players))))
    rows = []
    for seat in range(players):
        if seat in people:
            rows.append(repo.SeatRow(seat, f"P{seat}", "human", None, token_hash(new_token())))
        else:
            bot = rng.choice(BOTS[game_name])
            rows.append(repo.SeatRow(seat, f"{bot} {seat}", "bot", bot, None))
    game = get_game(game_name, setup)
    table = repo.TableRow(id=new_table_id(), game=game_name, setup=game.setup_json(), seed=seed,
                          bot_secret=secrets.randbits(64), options={"undo": False}, status="live", result=None,
                          engine="gloam leakscan", created_at=repo.now(), finished_at=None)
    room = await registry.create(table, rows)
    viewers = [(seat, "en" if seat % 2 else "ja") for seat in people] + [(SPECTATOR, "en"), (SPECTATOR, "ja")]
    conns = [Connection(viewer, lang) for viewer, lang in viewers]
    for conn in conns:
        room.join(conn)
    inbox: dict[int, list[dict[str, Any]]] = {id(c): [] for c in conns}

    def collect() -> None:
        for conn in conns:
            while not conn.outbox.empty():
                message = conn.outbox.get_nowait()
                if message is not None:
                    inbox[id(conn)].append(message)

    rejoin_at = rng.randrange(3, 40)            # newcomers mid-game: their welcome's log is scanned too
    for _ in range(max_acts):
        await _settle(room)
        collect()
        if room.over:
            break
        if room.seq >= rejoin_at:
            rejoin_at = max_acts * 10
            for viewer, lang in viewers:
                conn = Connection(viewer, lang)
                conns.append(conn)
                inbox[id(conn)] = []
                room.join(conn)
        seat = room.state.current_player()
        if room.seats[seat].kind == "bot":
            continue
        conn = next(c for c in conns if c.viewer == seat)
        frames = [m for m in inbox[id(conn)] if m["t"] in ("welcome", "update") and m["v"] == room.seq]
        offered = (frames[-1]["view"].get("decision") or {}).get("options") if frames else None
        if not offered:                      # the seat's frame did not offer its decision: the check says so
            offered = [{"index": a} for a in room.state.legal_action_indices()]
        choice = rng.choice(offered)["index"]
        verdict = await room.act(seat, room.seq, choice, f"c{room.seq}")
        assert verdict.ok, verdict
    await _settle(room)
    collect()
    await room.close()
    for conn in conns:
        room.leave(conn)
    _check(room, conns, inbox, scan)
    scan.games += 1
    registry.rooms.pop(table.id, None)


def _check(room: Room, conns: list[Connection], inbox: dict[int, list[dict[str, Any]]], scan: Scan) -> None:
    record = room.record()
    states = [state.clone() for state, _ in record.states()]
    seed = str(room.table.seed)
    where = f"{room.table.game} {room.game.setup_json()} seed {room.table.seed}"
    for conn in conns:
        viewer, lang = conn.viewer, conn.lang
        for message in inbox[id(conn)]:
            scan.messages += 1
            v = message.get("v", 0)
            state = states[min(v, len(states) - 1)]
            deciding = viewer != SPECTATOR and not state.is_terminal() and state.current_player() == viewer
            if not state.is_terminal() and seed in json.dumps(message):
                scan.leaks.append(f"{where}: viewer {viewer} v{v} {message['t']}: the seed")
            if message["t"] not in ("welcome", "update"):
                if _has_options(message):
                    scan.leaks.append(f"{where}: viewer {viewer} v{v} {message['t']}: options outside a view")
                continue
            scan.frames += 1
            if message["view"] != _plain(state.view(viewer, lang)):
                scan.leaks.append(f"{where}: viewer {viewer} v{v}: the view is not the engine's view for it")
            if _has_options(message["view"]) != deciding:
                scan.leaks.append(f"{where}: viewer {viewer} v{v}: options to a viewer not deciding")
            if message["t"] == "update":
                since = states[v - 1].event_count()
                sent = [{k: e[k] for k in e if k != "line"} for e in message["events"]]
                if sent != _plain(state.events_for(viewer, since)):
                    scan.leaks.append(f"{where}: viewer {viewer} v{v}: events other than the engine's for it")
            else:                                  # a welcome: its log's events, and lines besides them
                since = max(0, state.event_count() - room.history)
                log = message["log"]
                sent = [{k: e[k] for k in e if k != "line"} for e in log if e.get("type") not in NOTE_TYPES]
                if sent != _plain(state.events_for(viewer, since)):
                    scan.leaks.append(f"{where}: viewer {viewer} v{v}: a welcome's log other than the engine's events")
                extra = [e for e in log if e.get("type") in NOTE_TYPES]
                if any(set(e) - {"type", "seat", "line", "bot", "reason", "target"} for e in extra):
                    scan.leaks.append(f"{where}: viewer {viewer} v{v}: a welcome's note carries more than its line")


async def scan_games(folder: Path, count: int, seed: int = 0, setups=SETUPS, seconds: float = float("inf")) -> Scan:
    """``count`` games rotating through ``setups`` on a fresh SQLite store in ``folder``
    (no new game is started after ``seconds``)."""
    url = f"sqlite+aiosqlite:///{folder / 'leaks.db'}"
    await asyncio.to_thread(repo.migrate, url)
    engine = repo.open_engine(url)
    writer = Writer(engine)
    writer.start()
    bots = BotRunner(1)
    registry = RoomRegistry(engine, writer, bots, (0.0, 0.0))
    scan = Scan()
    started = time.monotonic()
    try:
        for n in range(count):
            if time.monotonic() - started > seconds:
                break
            game_name, setup = setups[n % len(setups)]
            game_seed = random.Random(seed * 1_000_003 + n).getrandbits(63)   # large: a leaked seed is findable
            await play_and_scan(registry, game_name, setup, game_seed, scan)
    finally:
        await registry.close()
        await writer.stop()
        bots.close()
        await engine.dispose()
    return scan
