"""The one writer: every write of the server goes through it, with group commit.

A caller hands :meth:`Writer.write` a list of statements that must land together (an
``act`` row, and the table's end when the act ends the game) and awaits it; the writer
drains whatever else is queued, runs it all in ONE transaction, and only then resolves
each caller's future. So an action is on disk (SQLite: WAL with ``synchronous=FULL``)
before the room swaps in the new state and tells anyone. One writer, not a session per
action: several pooled connections contending for SQLite's write lock measured a p99 of
968 ms at 200 clients, the single writer 58 ms (the design, ``../shared/web-design.md``
§3.3). On PostgreSQL the same writer serves; its batches are equally one transaction.

A batch runs in ONE hop to a thread of the writer's own, through a synchronous engine on
the same database (:func:`~gloam.server.settings.sync_url`): the async driver for SQLite
(aiosqlite) crosses between its thread and the event loop for every cursor, execute and
commit, and each crossing waits for a turn of a busy loop and for the GIL; under load
(200 clients) that made a batch take tens of milliseconds of waiting. Only the writer's
thread uses the synchronous engine, and nothing else writes to the database.

If a batch fails, each of its writes is retried in a transaction of its own, so one bad
write (a duplicate client id) fails alone and the others land.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

from gloam.server.settings import sync_url

log = logging.getLogger("gloam.server")

_STOP = object()


class Writer:
    """Group commit over one async engine. ``max_batch`` bounds one transaction."""

    def __init__(self, engine: AsyncEngine, max_batch: int = 256) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self._sync: Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._queue: asyncio.Queue = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self.batches = 0
        self.writes = 0

    def start(self) -> None:
        if self._task is None:
            self._sync = sync_engine(self.engine)
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gloam-writer")
            self._task = asyncio.create_task(self._run(), name="gloam-writer")

    async def stop(self) -> None:
        """Finish what is queued, then stop."""
        if self._task is not None:
            await self._queue.put(_STOP)
            await self._task
            self._task = None
            assert self._sync is not None and self._thread is not None  # made by start() with the task
            await asyncio.get_running_loop().run_in_executor(self._thread, self._sync.dispose)
            self._thread.shutdown()
            self._sync = self._thread = None

    async def write(self, statements: Sequence[Any]) -> None:
        """Run ``statements`` in one transaction (with whatever else is queued); return
        once committed; raise what the database raised if they could not be."""
        if self._task is None:
            raise RuntimeError("the writer is not running")
        future = asyncio.get_running_loop().create_future()
        await self._queue.put((list(statements), future))
        await future

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is _STOP:
                return
            batch = [item]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    more = self._queue.get_nowait()
                except asyncio.QueueEmpty:
                    break
                if more is _STOP:
                    stop = True
                    break
                batch.append(more)
            await self._commit(batch)
            if stop:
                return

    async def _commit(self, batch: list) -> None:
        loop = asyncio.get_running_loop()
        transactions, failures = await loop.run_in_executor(self._thread, self._commit_in_thread,
                                                            [statements for statements, _ in batch])
        self.batches += transactions
        self.writes += failures.count(None)
        for (_, future), exc in zip(batch, failures):
            self._settle(future, exc)

    def _commit_in_thread(self, batch: list[list[Any]]) -> tuple[int, list[BaseException | None]]:
        """The batch in one transaction, or if that fails each write alone: the transactions
        committed, and each write's failure (None: it landed)."""
        try:
            self._transaction(batch)
            return 1, [None] * len(batch)
        except Exception as exc:  # noqa: BLE001 — isolate the failing write below
            if len(batch) == 1:
                return 0, [exc]
        failures: list[BaseException | None] = []
        for statements in batch:
            try:
                self._transaction([statements])
                failures.append(None)
            except Exception as exc:  # noqa: BLE001
                failures.append(exc)
        return failures.count(None), failures

    def _transaction(self, batch: list[list[Any]]) -> None:
        assert self._sync is not None, "the writer is not started"
        with self._sync.begin() as conn:
            for statements in batch:
                for statement in statements:
                    conn.execute(statement)

    @staticmethod
    def _settle(future: asyncio.Future, exc: BaseException | None) -> None:
        if future.done():
            return
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)


def sync_engine(engine: AsyncEngine) -> Engine:
    """A synchronous engine on ``engine``'s database, with the same SQLite pragmas; its
    PostgreSQL sessions carry this process's tag (``application_name``, :mod:`.locks`)."""
    from gloam.server.store.locks import PROCESS_TAG
    from gloam.server.store.repo import _sqlite_pragmas

    url = sync_url(engine.url.render_as_string(hide_password=False))
    sync = create_engine(url, **({"connect_args": {"application_name": PROCESS_TAG}}
                                 if url.startswith("postgresql") else {}))
    if sync.dialect.name == "sqlite":
        event.listen(sync, "connect", _sqlite_pragmas)
    return sync
