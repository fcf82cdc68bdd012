"""A scripted WebSocket client for the server tests: it plays the human seats it holds
with a seeded random choice among the options its view offers, watches as a spectator,
and keeps every frame it received."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import connect

from gloam.server.app import create_app, uvicorn_config
from gloam.server.settings import Settings


def run_async(coro):
    """``asyncio.run(coro)`` on a thread of its own: the browser tests' Playwright keeps an
    event loop running on the main thread of a test worker for the whole session."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # noqa: BLE001 — re-raised on the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


class LiveServer:
    """uvicorn serving ``create_app(settings)`` in a thread; ``url`` / ``ws_url``."""

    def __init__(self, settings: Settings, port: int = 0) -> None:
        self.settings = settings
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # a restart binds the same port
        self.sock.bind(("127.0.0.1", port))
        self.port = self.sock.getsockname()[1]
        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn_config(self.app, settings))   # as gloam serve runs it
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    def get(self, path: str) -> dict:
        return httpx.get(self.url + path, timeout=10).json()


def fast_settings(folder: Path, **extra) -> Settings:
    values = {"db_url": f"sqlite:///{folder / 'gloam.db'}", "think": (0.0, 0.0),
              "rate_burst": 10_000, "rate_per_s": 10_000.0}
    values.update(extra)
    return Settings(**values)


@dataclass
class Seat:
    """One socket: a seat (with its token) or a spectator (token None)."""

    seat: int | None
    token: str | None
    frames: list[dict[str, Any]] = field(default_factory=list)
    acks: list[tuple[str, int, int]] = field(default_factory=list)   # (cid, v, action)
    sent: dict[str, tuple[int, int]] = field(default_factory=dict)


async def recv(ws, awaited: str, seconds: float = 10) -> dict[str, Any]:
    """The next frame, which must come: a server that sends nothing within ``seconds`` (a hang
    guard, not a speed check) fails the test saying what was ``awaited``."""
    try:
        return json.loads(await asyncio.wait_for(ws.recv(), seconds))
    except TimeoutError:
        raise AssertionError(f"no frame came within {seconds} s: {awaited}") from None


async def hello(ws, token: str | None = None, lang: str = "en") -> dict[str, Any]:
    """Send the first frame (a seat's token, or none: a spectator) and read the welcome."""
    await ws.send(json.dumps({"t": "hello", "lang": lang, **({"token": token} if token else {})}))
    return await recv(ws, "the answer to hello (a welcome or an error)")


async def next_frame(ws, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (those before it are read and dropped)."""
    while True:
        frame = await recv(ws, f"a {kind!r} frame")
        if frame["t"] == kind:
            return frame


def create(base: str, game: str, seats: list[str], setup: dict[str, Any] | None = None) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, "setup": setup or {}}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


async def play_socket(ws_base: str, table: str, who: Seat, rng: random.Random, lang: str = "en",
                      timeout: float = 120.0) -> None:
    """Until the game is over: read frames; when this seat's view offers options, take one."""
    async with connect(f"{ws_base}/ws/tables/{table}", max_size=2**24) as ws:
        hello = {"t": "hello", "lang": lang}
        if who.token:
            hello["token"] = who.token
        await ws.send(json.dumps(hello))
        acted_at = None
        frame: dict[str, Any] = {}
        try:
            async with asyncio.timeout(timeout):
                while True:
                    frame = json.loads(await ws.recv())
                    who.frames.append(frame)
                    if frame.get("ack"):
                        cid = frame["ack"]
                        who.acks.append((cid, frame["v"], who.sent[cid][1]))
                    if frame["t"] not in ("welcome", "update"):
                        continue
                    view = frame["view"]
                    if _over(view):
                        return
                    decision = view.get("decision") or {}
                    if "options" in decision and acted_at != frame["v"]:
                        acted_at = frame["v"]
                        option = rng.choice(decision["options"])["index"]
                        cid = f"s{who.seat}-{frame['v']}"
                        who.sent[cid] = (frame["v"], option)
                        await ws.send(json.dumps({"t": "act", "v": frame["v"], "a": option, "cid": cid}))
        except TimeoutError:
            # a hang guard: the game must end (every seat is played), so say where it stuck
            raise AssertionError(f"seat {who.seat}: the game at table {table} did not end within {timeout} s;"
                                 f" last frame: {frame.get('t')} v{frame.get('v')}, decision"
                                 f" {(frame.get('view') or {}).get('decision')}") from None


def _over(view: dict[str, Any]) -> bool:
    return bool(view.get("over")) if "over" in view else view.get("outcome") is not None


async def play_table(ws_base: str, table: str, tokens: dict[str, str], spectators: int = 1, seed: int = 0,
                     lang: str = "en") -> list[Seat]:
    """Every human seat played by a random client, plus spectators, to the end."""
    rng = random.Random(seed)
    sockets = [Seat(int(s), t) for s, t in sorted(tokens.items())] + [Seat(None, None) for _ in range(spectators)]
    await asyncio.gather(*(play_socket(ws_base, table, s, random.Random(rng.random()), lang) for s in sockets))
    return sockets


def crash_restart_module():
    """``benchmarks/crash_restart.py`` as a module (its server process, fresh PostgreSQL
    databases, resilient client and audit), for the tests that sample it."""
    import importlib.util
    import sys

    name = "gloam_bench_crash_restart"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[1] / "benchmarks"
                                                      / "crash_restart.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def wait_finished(base: str, table: str, seconds: float = 90) -> dict:
    """The table's info once its game is over (bots playing it out), within ``seconds``."""
    deadline = time.monotonic() + seconds
    info: dict = {}
    while time.monotonic() < deadline:
        info = httpx.get(f"{base}/api/tables/{table}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not finish: {info}")
