"""The database schema: Alembic's migrations build exactly the tables the code declares
(``store/models.py``), on SQLite and PostgreSQL, and a database made by an older gloam
keeps every table, seat and log entry when it is brought up to date."""

from __future__ import annotations

import os

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, insert, select

from gloam.server.settings import sync_url
from gloam.server.store import models, repo
from web_client import crash_restart_module

POSTGRES = os.environ.get("GLOAM_TEST_POSTGRES")


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'gloam.db'}"
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL: set GLOAM_TEST_POSTGRES=postgresql://user:pw@host/db (.ci/run starts one)")
    crash = crash_restart_module()
    url, name = crash.fresh_postgres(POSTGRES, prefix="gloam_schema_")
    try:
        yield url
    finally:
        crash.drop_postgres(POSTGRES, name)


def _config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(repo.MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    return config


def test_the_migrations_build_the_schema_the_code_declares(database):
    repo.migrate(database)
    engine = create_engine(sync_url(database))
    try:
        with engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), models.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_an_older_database_keeps_its_tables_when_brought_up_to_date(database):
    command.upgrade(_config(database), "0002")            # as the gloam before rematches left it
    engine = create_engine(sync_url(database))
    try:
        with engine.begin() as conn:
            conn.execute(insert(models.tables).values(
                id="old1", game="nightmarium", setup={"players": 2}, seed="7", bot_secret="8", options={},
                status="live", result=None, engine="gloam 0.1.0", created_at=repo.now()))
            conn.execute(insert(models.seats).values(table_id="old1", seat=0, name="Ann", kind="human"))
            conn.execute(insert(models.log).values(table_id="old1", seq=1, kind="act", seat=0, action=3,
                                                   by="human", cid="c1", created_at=repo.now()))
        repo.migrate(database)
        with engine.connect() as conn:
            table = conn.execute(select(models.tables)).one()
            seat = conn.execute(select(models.seats)).one()
            entry = conn.execute(select(models.log)).one()
    finally:
        engine.dispose()
    assert (table.id, table.status, table.rematch, table.rematch_of) == ("old1", "live", None, None)
    assert (seat.name, seat.kind) == ("Ann", "human")
    assert (entry.seq, entry.action, entry.cid) == (1, 3, "c1")
