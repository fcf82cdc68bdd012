"""Fixtures for the server tests: a real app on a real uvicorn, on a socket the test binds
to a free loopback port, with a fresh SQLite database in the test's folder."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")

import uvicorn  # noqa: E402

from gloam.server.app import create_app  # noqa: E402
from gloam.server.settings import Settings  # noqa: E402


class LiveServer:
    """uvicorn serving ``create_app(settings)`` in a thread; ``url`` / ``ws_url``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.app = create_app(settings)
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=65536, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> "LiveServer":
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


def fast_settings(folder: Path, **extra) -> Settings:
    values = {"db_url": f"sqlite:///{folder / 'gloam.db'}", "think": (0.0, 0.0),
              "rate_burst": 10_000, "rate_per_s": 10_000.0}
    values.update(extra)
    return Settings(**values)


@pytest.fixture
def live(tmp_path):
    server = LiveServer(fast_settings(tmp_path)).start()
    yield server
    server.stop()
