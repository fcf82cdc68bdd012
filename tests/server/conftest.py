"""Fixtures for the server tests: a real app on a real uvicorn, on a socket the test binds
to a free loopback port, with a fresh SQLite database in the test's folder."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")

from web_client import LiveServer, fast_settings  # noqa: E402


@pytest.fixture
def live(tmp_path):
    server = LiveServer(fast_settings(tmp_path)).start()
    yield server
    server.stop()
