"""Which process serves a table: one PostgreSQL advisory lock per table.

On PostgreSQL several ``gloam serve`` processes may share one database. A process serves a
table (holds its :class:`~gloam.server.room.Room`) only while it holds that table's
session-level advisory lock, taken with ``pg_try_advisory_lock`` on ONE connection of its
own that lives as long as the process. When the process dies its session ends and
PostgreSQL frees every lock it held, so the next process asked for the table takes the
lock and rebuilds the room from the log (the log is the truth). The log's primary key
``(table_id, seq)`` is the last line of defence: two writers can never both store seq N.

A killed process's lock session can end a moment before its writer's session has finished
a COMMIT it had already sent. So before serving a table whose lock it just took, a process
waits (up to :data:`SETTLE_SECONDS`) until no session of a dead server process is left:
every server process tags its sessions' ``application_name`` with :data:`PROCESS_TAG`, and
a tag seen without its ``…:locks`` session is a process that died.

SQLite has one supported setup, one process per database file, so its locks are a no-op
(:class:`SingleProcessLocks`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import time
from typing import Any

log = logging.getLogger("gloam.server")

#: this process's sessions' ``application_name`` (its lock session adds ``:locks``)
PROCESS_TAG = f"gloam-serve:{os.getpid()}:{secrets.token_hex(3)}"
SETTLE_SECONDS = 5.0


def lock_key(table_id: str) -> int:
    """A stable signed 64-bit key for ``table_id`` (``pg_try_advisory_lock(bigint)``).

    >>> lock_key("abc") == lock_key("abc"), lock_key("abc") == lock_key("abd")
    (True, False)
    """
    digest = hashlib.sha256(b"gloam-table:" + table_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class SingleProcessLocks:
    """SQLite: this process is the only one, so it owns every table."""

    async def open(self) -> None:
        return None

    async def acquire(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        return None

    def holds(self, table_id: str) -> bool:
        return True

    async def alive(self) -> bool:
        return True

    def forget(self) -> None:
        return None

    async def reopen(self) -> None:
        return None

    async def close(self) -> None:
        return None


class AdvisoryLocks:
    """PostgreSQL: ``pg_try_advisory_lock`` per table on one dedicated connection."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.held: set[str] = set()
        self._conn: Any = None           # a psycopg.AsyncConnection once open()
        self._fallen = False             # the session fell: no lock is taken until reopen()
        self._mutex = asyncio.Lock()

    async def open(self) -> None:
        import psycopg

        self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                           application_name=PROCESS_TAG + ":locks")

    async def acquire(self, table_id: str) -> bool:
        """True when this process holds (or now took) the table's lock; False when
        another process holds it. Never waits for it."""
        if table_id in self.held:
            return True
        async with self._mutex:
            if table_id in self.held:
                return True
            if self._fallen or self._conn is None or self._conn.closed:
                return False                 # the lock session fell: serve nothing until it is back
            try:
                cursor = await self._conn.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),))
                (taken,) = await cursor.fetchone()
                if taken:
                    await self._settle()
            except Exception as exc:  # noqa: BLE001 — no lock session, no lock (RoomRegistry.adopt reopens it)
                log.error("the table-lock session failed: %s", exc)
                return False
            if taken:
                self.held.add(table_id)
            return bool(taken)

    async def _settle(self) -> None:
        """Wait until the sessions of dead server processes are gone (their last commit
        is then in the log or never happened)."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            cursor = await self._conn.execute(
                "SELECT application_name FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name LIKE 'gloam-serve:%%'")
            names = [name for (name,) in await cursor.fetchall()]
            alive = {name[:-len(":locks")] for name in names if name.endswith(":locks")}
            dying = {name for name in names if not name.endswith(":locks")} - alive
            if not dying:
                return
            if time.monotonic() > deadline:
                log.warning("sessions of %s are still open; serving anyway (the log's key guards it)",
                            ", ".join(sorted(dying)))
                return
            await asyncio.sleep(0.05)

    async def release(self, table_id: str) -> None:
        async with self._mutex:
            if table_id in self.held:
                self.held.discard(table_id)
                await self._conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    async def alive(self) -> bool:
        """Whether the lock session still stands (if it fell, so did every lock)."""
        try:
            async with self._mutex:
                await self._conn.execute("SELECT 1")
            return True
        except Exception:  # noqa: BLE001 — any failure: the session and its locks are gone
            return False

    def forget(self) -> None:
        """The session fell (:meth:`alive` said so): every lock is gone with it. At once,
        with no await, so that no request served meanwhile can find a lock still "held"
        (a CI run caught two processes both serving a table through that window)."""
        self._fallen = True
        self.held.clear()

    async def reopen(self) -> None:
        """A new lock session holding nothing (after :meth:`forget`)."""
        async with self._mutex:
            self.forget()
            old, self._conn = self._conn, None
            if old is not None:
                try:
                    await old.close()
                except Exception:  # noqa: BLE001 — it is broken already
                    pass
            await self.open()
            self._fallen = False

    async def close(self) -> None:
        """End the session: PostgreSQL frees every lock it held."""
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
        self.held.clear()


def table_locks(url: str) -> SingleProcessLocks | AdvisoryLocks:
    """The locks for a database URL (SQLAlchemy form, e.g. ``postgresql+psycopg://…``)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return SingleProcessLocks()
    plain = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
    return AdvisoryLocks(plain)
