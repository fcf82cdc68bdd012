"""The rooms this process serves: made on creation, loaded from the log on demand, and
at start-up every live table with a bot to move (so a table of bots plays on after a
restart). A table whose record no longer replays is reported and left alone; it never
stops the server."""

from __future__ import annotations

import logging
import secrets
import time
from sqlalchemy.ext.asyncio import AsyncEngine

from gloam.core.errors import GloamError
from gloam.server.bots import BotRunner
from gloam.server.room import Room, Timing
from gloam.server.store import repo
from gloam.server.store.writer import Writer

log = logging.getLogger("gloam.server")

_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_table_id() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(10))


class RoomRegistry:
    def __init__(self, engine: AsyncEngine, writer: Writer, bots: BotRunner, think: tuple[float, float],
                 history: int = 200, timing: Timing = Timing(), now=time.monotonic) -> None:
        self.timing = timing
        self.now = now                   # the rooms' clock (tests give their own)
        self.engine = engine
        self.writer = writer
        self.bots = bots
        self.think = think
        self.history = history
        self.rooms: dict[str, Room] = {}
        self.broken: dict[str, str] = {}

    async def get(self, table_id: str) -> Room | None:
        """The room of ``table_id``, rebuilt from its log if this process has not got it."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if table_id in self.broken:
            return None
        loaded = await repo.load_table(self.engine, table_id)
        if loaded is None:
            return None
        table, seats, entries = loaded
        try:
            room = Room(table, seats, entries, self.writer, self.bots, self.think, self.history, self.timing, self.now)
        except GloamError as exc:
            log.error("table %s does not replay: %s", table_id, exc)
            self.broken[table_id] = str(exc)
            return None
        self.rooms.setdefault(table_id, room)
        room = self.rooms[table_id]
        room.chat = await repo.load_chat(self.engine, table_id)
        room.schedule_bot()
        return room

    async def resume_live(self) -> int:
        """Load every live table (bots move again). Returns how many."""
        ids = await repo.table_ids(self.engine, "live")
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def create(self, table: repo.TableRow, seats: list[repo.SeatRow]) -> Room:
        await self.writer.write(repo.new_table_statements(table, seats))
        room = Room(table, seats, [], self.writer, self.bots, self.think, self.history, self.timing, self.now)
        self.rooms[table.id] = room
        room.schedule_bot()
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
