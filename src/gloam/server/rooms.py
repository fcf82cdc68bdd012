"""The rooms this process serves: made on creation, loaded from the log on demand, and
at start-up every live table with a bot to move (so a table of bots plays on after a
restart). A table whose record no longer replays is reported and left alone; it never
stops the server.

A process serves a table only while it holds the table's lock (:mod:`.store.locks`: a
PostgreSQL advisory lock, a no-op on SQLite). A table another process serves raises
:class:`ServedElsewhere` from :meth:`RoomRegistry.get`; :meth:`RoomRegistry.read` answers
reads of it from the database. When that process dies its locks are freed, and the next
``get`` here (or :meth:`RoomRegistry.adopt`, which a PostgreSQL server runs every few
seconds) takes the lock and rebuilds the room from the log."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time

from sqlalchemy.ext.asyncio import AsyncEngine

from gloam.core.errors import GloamError
from gloam.server.bots import BotRunner
from gloam.server.room import CHAT_STORED, Room, Timing
from gloam.server.store import repo
from gloam.server.store.locks import SingleProcessLocks
from gloam.server.store.writer import Writer

log = logging.getLogger("gloam.server")

_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_table_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(10))


class ServedElsewhere(Exception):
    """Another server process holds this table's lock (and its room)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id!r} is served by another server process; reconnect")
        self.table_id = table_id


class RoomRegistry:
    def __init__(self, engine: AsyncEngine, writer: Writer, bots: BotRunner, think: tuple[float, float],
                 history: int = 200, timing: Timing = Timing(), now=time.monotonic, locks=None,
                 chat_stored: int = CHAT_STORED) -> None:
        self.locks = locks if locks is not None else SingleProcessLocks()
        self.timing = timing
        self.now = now                   # the rooms' clock (tests give their own)
        self.engine = engine
        self.writer = writer
        self.bots = bots
        self.think = think
        self.history = history
        self.chat_stored = chat_stored
        self.rooms: dict[str, Room] = {}
        self.broken: dict[str, str] = {}

    async def get(self, table_id: str) -> Room | None:
        """The room of ``table_id``, rebuilt from its log if this process has not got it
        (taking the table's lock first); :class:`ServedElsewhere` if another process has."""
        room = self.rooms.get(table_id)
        if room is not None and not room.stale:
            return room
        if room is not None:               # the log moved on without it: rebuilt, under the lock it holds
            del self.rooms[table_id]
            await room.close()
        elif table_id in self.broken:
            return None
        elif not await self.locks.acquire(table_id):
            raise ServedElsewhere(table_id)
        room = await self._load(table_id)
        if room is None:
            await self.locks.release(table_id)
            return None
        self.rooms.setdefault(table_id, room)
        room = self.rooms[table_id]
        room.chat = await repo.load_chat(self.engine, table_id)
        room.chat_stored = await repo.count_chat(self.engine, table_id)
        room.schedule_bot()
        return room

    async def _load(self, table_id: str) -> Room | None:
        """A room replayed from the log (not served), or None: no such table, or broken."""
        loaded = await repo.load_table(self.engine, table_id)
        if loaded is None:
            return None
        table, seats, entries = loaded
        try:
            return Room(table, seats, entries, self.writer, self.bots, self.think, self.history, self.timing, self.now,
                    self.chat_stored)
        except GloamError as exc:
            log.error("table %s does not replay: %s", table_id, exc)
            self.broken[table_id] = str(exc)
            return None

    async def read(self, table_id: str) -> Room | None:
        """For reads only (status, record): the served room, or, when another process
        serves the table, a copy replayed from the database (no bot, no socket)."""
        try:
            return await self.get(table_id)
        except ServedElsewhere:
            return await self._load(table_id)

    async def resume_live(self) -> int:
        """Serve every live table no other process serves (bots move again). Returns how
        many this process serves."""
        ids = await repo.table_ids(self.engine, "live")
        served = 0
        for table_id in ids:
            try:
                served += await self.get(table_id) is not None
            except ServedElsewhere:
                continue
        return served

    async def adopt(self) -> int:
        """Take over the live tables whose process died (their locks are free). Returns
        how many were taken over. First, if this process's own lock session fell (the
        database restarted, the connection was cut), it stops serving every table: another
        process may have taken them."""
        if not await self.locks.alive():
            await self.drop_all()
            await self.locks.reopen()
        before = len(self.rooms)
        ids = await repo.table_ids(self.engine, "live")
        for table_id in ids:
            if (table_id in self.rooms and not self.rooms[table_id].stale) or table_id in self.broken:
                continue
            try:
                if await self.get(table_id) is not None:
                    log.info("took over table %s from the log", table_id)
            except ServedElsewhere:
                continue
        return len(self.rooms) - before

    async def adopt_forever(self, every: float) -> None:
        """:meth:`adopt` every ``every`` seconds (a PostgreSQL server sharing its database)."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.adopt()
            except Exception:  # noqa: BLE001 — a failed round is retried next time
                log.exception("adopting orphaned tables failed")

    async def drop_all(self) -> None:
        """Stop serving every table (sockets told to reconnect), once the writes already
        queued have landed."""
        from gloam.server.protocol import CLOSE_RESTART

        log.error("the table-lock session fell: this process stops serving its %d tables", len(self.rooms))
        self.locks.forget()                 # before any await: no table is served from a stale lock
        rooms, self.rooms = list(self.rooms.values()), {}
        for room in rooms:
            room.close_sockets(CLOSE_RESTART)
            await room.close()
        try:
            await self.writer.write([])      # an empty batch: after every write queued before it
        except Exception:  # noqa: BLE001 — the database is away: those writes failed, nothing was told
            pass

    async def create(self, table: repo.TableRow, seats: list[repo.SeatRow], owner: str = "") -> Room:
        """A new table's room; ``owner`` is the address that made it (kept in memory only:
        a room rebuilt from the log has none, and its bot-only searches share one turn
        with every other such room: docs/reliability.md, "Bot capacity")."""
        if not await self.locks.acquire(table.id):     # a fresh random id: only a collision is held
            raise ServedElsewhere(table.id)
        try:
            await self.writer.write(repo.new_table_statements(table, seats))
        except Exception:
            await self.locks.release(table.id)          # nothing stored: no lock held for it
            raise
        room = Room(table, seats, [], self.writer, self.bots, self.think, self.history, self.timing, self.now,
                    self.chat_stored)
        room.owner = owner
        self.rooms[table.id] = room
        room.schedule_bot()
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
