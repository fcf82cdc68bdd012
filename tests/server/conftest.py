"""Fixtures for the server tests: a real app on a real uvicorn, on a socket the test binds
to a free loopback port, with a fresh database of its own: SQLite in the test's folder,
and, when ``GLOAM_TEST_POSTGRES`` names a PostgreSQL server (a role that may create
databases; ``.ci/run`` starts one), a fresh PostgreSQL database as well."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")

from web_client import LiveServer, crash_restart_module, fast_settings  # noqa: E402

POSTGRES = os.environ.get("GLOAM_TEST_POSTGRES")


def _fresh_postgres() -> tuple[str, str]:
    return crash_restart_module().fresh_postgres(POSTGRES, prefix="gloam_t_")


def _drop_postgres(name: str) -> None:
    crash_restart_module().drop_postgres(POSTGRES, name)


@pytest.fixture(params=["sqlite", "postgres"])
def live(request, tmp_path):
    """The server on SQLite, and again on PostgreSQL when one is given."""
    if request.param == "sqlite":
        server = LiveServer(fast_settings(tmp_path)).start()
        yield server
        server.stop()
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL: set GLOAM_TEST_POSTGRES=postgresql://user:pw@host/db (.ci/run starts one)")
    url, name = _fresh_postgres()
    server = LiveServer(fast_settings(tmp_path, db_url=url)).start()
    try:
        yield server
    finally:
        server.stop()
        _drop_postgres(name)


@pytest.fixture
def sqlite_live(tmp_path):
    """The server on SQLite only (for the long whole-game tests)."""
    server = LiveServer(fast_settings(tmp_path)).start()
    yield server
    server.stop()
