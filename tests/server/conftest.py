"""Fixtures for the server tests: a real app on a real uvicorn, on a socket the test binds
to a free loopback port, with a fresh database of its own: SQLite in the test's folder,
and, when ``GLOAM_TEST_POSTGRES`` names a PostgreSQL server (a role that may create
databases; ``.ci/run`` starts one), a fresh PostgreSQL database as well."""

from __future__ import annotations

import os
import secrets

import pytest

pytest.importorskip("fastapi", reason="the web table needs the web extra: pip install 'gloam[web]'")

from web_client import LiveServer, fast_settings  # noqa: E402

POSTGRES = os.environ.get("GLOAM_TEST_POSTGRES")


def _fresh_postgres() -> tuple[str, str]:
    import psycopg

    name = f"gloam_t_{secrets.token_hex(6)}"
    with psycopg.connect(POSTGRES.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.rpartition("/")
    return f"{base}/{name}", name


def _drop_postgres(name: str) -> None:
    import psycopg

    with psycopg.connect(POSTGRES.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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
