"""The queries: open the database (and migrate it), make a table, read it back.

Writes during play go through :class:`~gloam.server.store.writer.Writer`; this module
builds their statements (:func:`act_row`, :func:`finish_table`) and does the reads.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import delete, event, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from gloam.server.settings import sync_url
from gloam.server.store import models

MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL, and a commit is on disk when it returns (``synchronous=FULL``)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(config, "head")


def open_engine(url: str) -> AsyncEngine:
    """The async engine; SQLite gets its pragmas on every connection; PostgreSQL sessions
    carry this process's tag (``application_name``, :mod:`.locks`)."""
    if url.startswith("postgresql"):
        from gloam.server.store.locks import PROCESS_TAG

        return create_async_engine(url, connect_args={"application_name": PROCESS_TAG})
    engine = create_async_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


# --- rows ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    kind: str                 # human | bot | open
    bot: str | None
    token_hash: bytes | None
    invite_hash: bytes | None = None


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    setup: dict[str, Any]
    seed: int
    bot_secret: int
    options: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    engine: str
    created_at: dt.datetime
    finished_at: dt.datetime | None
    start: dict[str, Any] | None = None       # a fork's start (docs/web-protocol.md, "Forks")
    started_at: dt.datetime | None = None
    host_hash: bytes | None = None            # sha256 of the creator's key
    rematch: str | None = None                # the rematch offered after this table
    rematch_of: str | None = None             # the table this one is the rematch of


@dataclass(frozen=True)
class LogRow:
    seq: int
    kind: str
    seat: int | None
    action: int | None
    by: str
    cid: str | None
    target_seq: int | None = None             # undo: the first seq it takes back


def new_table_statements(table: TableRow, seats: list[SeatRow]) -> list[Any]:
    rows = [insert(models.tables).values(
        id=table.id, game=table.game, setup=table.setup, seed=str(table.seed),
        bot_secret=str(table.bot_secret), options=table.options, status=table.status,
        result=None, engine=table.engine, created_at=table.created_at, finished_at=None,
        start=table.start, started_at=table.started_at, host_hash=table.host_hash,
        rematch=table.rematch, rematch_of=table.rematch_of)]
    rows += [insert(models.seats).values(table_id=table.id, seat=s.seat, name=s.name, kind=s.kind,
                                         bot=s.bot, token_hash=s.token_hash, invite_hash=s.invite_hash,
                                         joined_at=now() if s.token_hash else None) for s in seats]
    return rows


def act_row(table_id: str, entry: LogRow) -> Any:
    """The log row of any entry (act, undo, takeover, reclaim, timeout)."""
    return insert(models.log).values(table_id=table_id, seq=entry.seq, kind=entry.kind, seat=entry.seat,
                                     action=entry.action, by=entry.by, cid=entry.cid,
                                     target_seq=entry.target_seq, created_at=now())


def take_seat(table_id: str, seat: SeatRow) -> Any:
    """An invite turned into a seat: the token's hash stored, the invite spent."""
    return update(models.seats).where(models.seats.c.table_id == table_id, models.seats.c.seat == seat.seat).values(
        name=seat.name, kind=seat.kind, token_hash=seat.token_hash, invite_hash=None, joined_at=now())


def start_table(table_id: str) -> Any:
    return update(models.tables).where(models.tables.c.id == table_id).values(status="live", started_at=now())


def chat_row(table_id: str, seat: int | None, channel: str, name: str, text: str, at: dt.datetime) -> Any:
    return insert(models.chat).values(table_id=table_id, seat=seat, channel=channel, name=name, text=text,
                                      created_at=at)


def trim_chat(table_id: str, keep: int) -> Any:
    """Delete the table's chat lines but the newest ``keep`` (after the insert of the
    newest, in the same transaction)."""
    newest = (select(models.chat.c.id).where(models.chat.c.table_id == table_id)
              .order_by(models.chat.c.id.desc()).offset(max(keep, 1) - 1).limit(1).scalar_subquery())
    return delete(models.chat).where(models.chat.c.table_id == table_id, models.chat.c.id < newest)


async def count_chat(engine: AsyncEngine, table_id: str) -> int:
    """How many chat lines the table stores."""
    async with engine.connect() as conn:
        return (await conn.execute(select(func.count()).select_from(models.chat)
                                   .where(models.chat.c.table_id == table_id))).scalar_one()


async def load_chat(engine: AsyncEngine, table_id: str, limit: int = 100) -> list[dict[str, Any]]:
    """The table's last ``limit`` chat lines, oldest first."""
    async with engine.connect() as conn:
        rows = (await conn.execute(select(models.chat).where(models.chat.c.table_id == table_id)
                                   .order_by(models.chat.c.id.desc()).limit(limit))).all()
    return [{"seat": r.seat, "channel": r.channel, "name": r.name, "text": r.text,
             "at": r.created_at.isoformat() if r.created_at else None} for r in reversed(rows)]


def set_rematch(table_id: str, rematch: str) -> Any:
    """A finished table's rematch, once offered (one per table)."""
    return update(models.tables).where(models.tables.c.id == table_id).values(rematch=rematch)


def finish_table(table_id: str, result: dict[str, Any]) -> Any:
    return update(models.tables).where(models.tables.c.id == table_id).values(
        status="finished", result=result, finished_at=now())


def _table(row: Any) -> TableRow:
    return TableRow(id=row.id, game=row.game, setup=row.setup, seed=int(row.seed),
                    bot_secret=int(row.bot_secret), options=row.options, status=row.status,
                    result=row.result, engine=row.engine, created_at=row.created_at,
                    finished_at=row.finished_at, start=row.start, started_at=row.started_at,
                    host_hash=row.host_hash, rematch=row.rematch, rematch_of=row.rematch_of)


async def load_table(engine: AsyncEngine, table_id: str) -> tuple[TableRow, list[SeatRow], list[LogRow]] | None:
    """A table, its seats and its whole log in order, or None."""
    async with engine.connect() as conn:
        row = (await conn.execute(select(models.tables).where(models.tables.c.id == table_id))).first()
        if row is None:
            return None
        seat_rows = (await conn.execute(select(models.seats).where(models.seats.c.table_id == table_id)
                                        .order_by(models.seats.c.seat))).all()
        log_rows = (await conn.execute(select(models.log).where(models.log.c.table_id == table_id)
                                       .order_by(models.log.c.seq))).all()
    seats = [SeatRow(r.seat, r.name, r.kind, r.bot, r.token_hash, r.invite_hash) for r in seat_rows]
    entries = [LogRow(r.seq, r.kind, r.seat, r.action, r.by, r.cid, r.target_seq) for r in log_rows]
    return _table(row), seats, entries


async def table_ids(engine: AsyncEngine, status: str) -> list[str]:
    async with engine.connect() as conn:
        rows = (await conn.execute(select(models.tables.c.id).where(models.tables.c.status == status)
                                   .order_by(models.tables.c.created_at))).all()
    return [r.id for r in rows]


async def list_tables(engine: AsyncEngine, limit: int = 50) -> list[dict[str, Any]]:
    """The newest public tables with their seats, for the lobby (no seed, no token, no
    invite); a private table is reached by its link only."""
    async with engine.connect() as conn:
        rows = (await conn.execute(select(models.tables).order_by(models.tables.c.created_at.desc())
                                   .limit(limit * 4))).all()
        rows = [r for r in rows if (r.options or {}).get("visibility", "public") == "public"][:limit]
        ids = [r.id for r in rows]
        seat_rows = (await conn.execute(select(models.seats).where(models.seats.c.table_id.in_(ids))
                                        .order_by(models.seats.c.seat))).all() if ids else []
    by_table: dict[str, list[dict[str, Any]]] = {}
    for s in seat_rows:
        by_table.setdefault(s.table_id, []).append({"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot})
    return [{"id": r.id, "game": r.game, "status": r.status, "result": r.result,
             "spectators": (r.options or {}).get("spectators", True),
             "created_at": r.created_at.isoformat() if r.created_at else None,
             "seats": by_table.get(r.id, [])} for r in rows]
