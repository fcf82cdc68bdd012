"""A live table: one :class:`Room` owns the game's state, its log position and the
connections watching it. Every change goes through :meth:`Room.act` under the room's
lock: check the version and the seat, apply to a clone with the engine, **commit the log
entry**, and only then swap in the new state and send each viewer its own frame.

A frame is built by :mod:`gloam.server.views` from the game's boundary for that viewer;
the room never sends the state, the seed or the record of a live game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from dataclasses import dataclass, field
from typing import Any

from gloam.core import SPECTATOR
from gloam.core.errors import GloamError
from gloam.core.record import Record
from gloam.games import get_game
from gloam.server import protocol as P
from gloam.server.bots import BotRunner, bot_seed
from gloam.server.store.repo import LogRow, SeatRow, TableRow, act_row, finish_table
from gloam.server.store.writer import Writer
from gloam.server.views import table_frame

log = logging.getLogger("gloam.server")

OUTBOX = 64          # frames a connection may have unsent before it is closed as too slow
ACKED_CIDS = 5       # a welcome tells a seat its last few committed client ids


@dataclass(eq=False)
class Connection:
    """One socket's viewer and its bounded outbox (the socket task sends from it)."""

    viewer: int                      # a seat, or SPECTATOR
    lang: str
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=OUTBOX))
    closing: int | None = None       # a close code once the room gives up on it

    def push(self, message: dict[str, Any]) -> None:
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close(P.CLOSE_SLOW)

    def close(self, code: int) -> None:
        """Give up on this socket: its sender sends ``bye`` and closes with ``code``."""
        if self.closing is None:
            self.closing = code
            try:
                self.outbox.put_nowait(None)
            except asyncio.QueueFull:          # too slow to read: drop what it left unread
                while not self.outbox.empty():
                    self.outbox.get_nowait()
                self.outbox.put_nowait(None)


@dataclass(frozen=True)
class Verdict:
    """What became of an act: ``ok`` with its seq, or a reject code and reason."""

    ok: bool
    seq: int
    code: str = ""
    msg: str = ""
    duplicate: bool = False          # the client id had landed already: nothing new happened


def result_of(state: Any) -> dict[str, Any]:
    outcome = state.outcome()
    return {"winners": list(outcome.winners), "reason": str(outcome.reason), "detail": outcome.detail,
            "returns": [float(r) for r in state.returns()]}


class Room:
    """One live (or finished) table, rebuilt from its record."""

    def __init__(self, table: TableRow, seats: list[SeatRow], entries: list[LogRow], writer: Writer,
                 bots: BotRunner, think: tuple[float, float] = (0.6, 1.4), history: int = 200) -> None:
        self.table = table
        self.seats = seats
        self.writer = writer
        self.bots = bots
        self.think = think
        self.history = history
        self.game = get_game(table.game, table.setup)
        self.setup_text = json.dumps(self.game.setup_json(), sort_keys=True)
        self.names = [s.name for s in seats]
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.entries: list[LogRow] = []
        self.cids: dict[str, int] = {}
        self.state = self.game.new_initial_state(table.seed)
        self.marks = [self.state.event_count()]     # event count after each seq (index = seq)
        for entry in entries:
            self._replay(entry)
        self._bot_task: asyncio.Task | None = None

    # --- rebuilding ---------------------------------------------------------------
    def _replay(self, entry: LogRow) -> None:
        if entry.seq != len(self.entries) + 1:
            raise GloamError(f"table {self.table.id}: log entry {entry.seq} out of order")
        if entry.kind == "act":
            self.state.apply(entry.action, player=entry.seat)
        self._append(entry)

    def _append(self, entry: LogRow) -> None:
        self.entries.append(entry)
        self.marks.append(self.state.event_count())
        if entry.cid:
            self.cids[entry.cid] = entry.seq

    @property
    def seq(self) -> int:
        return len(self.entries)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def record(self) -> Record:
        return Record(self.table.game, self.game.setup_json(), self.table.seed,
                      [e.action for e in self.entries if e.kind == "act"], seats=list(self.names))

    # --- what viewers see ---------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """The table as anyone may know it: no seed, no token."""
        result = result_of(self.state) if self.over else None
        return {"id": self.table.id, "game": self.table.game, "setup": self.game.setup_json(),
                "status": "finished" if self.over else "live", "v": self.seq, "result": result,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot} for s in self.seats],
                "options": self.table.options}

    def welcome(self, conn: Connection) -> dict[str, Any]:
        frame = table_frame(self.game, self.state, conn.viewer, conn.lang, self.names, since=0)
        mine = [e.cid for e in self.entries if e.cid and e.seat == conn.viewer and not e.by.startswith("bot")]
        return {"t": "welcome", "proto": P.PROTOCOL_VERSION,
                "you": {"seat": None if conn.viewer == SPECTATOR else conn.viewer,
                        "role": "spectator" if conn.viewer == SPECTATOR else "player"},
                "table": self.info(), "v": self.seq, "view": frame["view"],
                "log": frame["events"][-self.history:], "acked_cids": mine[-ACKED_CIDS:]}

    def _broadcast(self, seq: int, cid: str | None, actor: int | None) -> None:
        since = self.marks[seq - 1]
        cache: dict[tuple[int, str], dict[str, Any]] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.lang)
            if key not in cache:
                cache[key] = table_frame(self.game, self.state, conn.viewer, conn.lang, self.names, since)
            message = {"t": "update", "v": seq, **cache[key]}
            if cid is not None and conn.viewer == actor:
                message["ack"] = cid
            if self.over:
                message["table"] = self.info()
            conn.push(message)

    def join(self, conn: Connection) -> None:
        self.connections.add(conn)
        conn.push(self.welcome(conn))

    def leave(self, conn: Connection) -> None:
        self.connections.discard(conn)

    # --- acting -------------------------------------------------------------------
    async def act(self, seat: int, v: int, action: int, cid: str, by: str = "human") -> Verdict:
        """The one way the game moves on. A rejected act changes nothing."""
        async with self.lock:
            if cid in self.cids:                       # already landed: acknowledge again
                return Verdict(True, self.cids[cid], duplicate=True)
            if self.over:
                return Verdict(False, self.seq, P.OVER, "the game is over")
            if v != self.seq:
                return Verdict(False, self.seq, P.STALE, f"the table is at version {self.seq}, not {v}")
            decision = self.state.pending()
            if seat == SPECTATOR or decision is None or decision.player != seat:
                return Verdict(False, self.seq, P.NOT_YOURS, "this decision is not yours")
            nxt = self.state.clone()
            try:
                nxt.apply(action, player=seat)
            except GloamError as exc:
                return Verdict(False, self.seq, P.ILLEGAL, str(exc))
            entry = LogRow(self.seq + 1, "act", seat, action, by, cid)
            statements = [act_row(self.table.id, entry)]
            if nxt.is_terminal():
                statements.append(finish_table(self.table.id, result_of(nxt)))
            try:
                await self.writer.write(statements)
            except Exception as exc:  # noqa: BLE001 — any database failure: nothing happened
                log.error("table %s: the write of seq %d failed: %s", self.table.id, entry.seq, exc)
                return Verdict(False, self.seq, P.SERVER, "the server could not store the action; try again")
            self.state = nxt
            self._append(entry)
            self._broadcast(entry.seq, cid, seat)
        self.schedule_bot()
        return Verdict(True, entry.seq)

    # --- bots ---------------------------------------------------------------------
    def bot_to_move(self) -> SeatRow | None:
        if self.over:
            return None
        decision = self.state.pending()
        if decision is None:
            return None
        seat = self.seats[decision.player]
        return seat if seat.kind == "bot" else None

    def schedule_bot(self) -> None:
        """Start the bot's turn if a bot holds the decision (one job per room)."""
        running = self._bot_task
        if self.bot_to_move() is None or (running is not None and not running.done()
                                          and running is not asyncio.current_task()):
            return
        self._bot_task = asyncio.create_task(self._bot_turn(self.seq), name=f"bot-{self.table.id}-{self.seq}")

    async def _bot_turn(self, seq: int) -> None:
        seat = self.bot_to_move()
        if seat is None or seq != self.seq:
            return
        loop = asyncio.get_running_loop()
        opened = loop.time()
        observation = self.state.observation(seat.seat)
        legal = self.state.legal_action_indices()
        try:
            choice = await self.bots.choose(self.table.game, self.setup_text, seat.bot,
                                            bot_seed(self.table.bot_secret, seat.seat, seq), observation, legal)
        except Exception:  # noqa: BLE001 — a crashed bot must not stop the table
            log.exception("table %s: bot %s failed at seq %d", self.table.id, seat.bot, seq)
            return
        wait = random.uniform(*self.think) - (loop.time() - opened)
        if wait > 0:
            await asyncio.sleep(wait)
        verdict = await self.act(seat.seat, seq, choice, cid=f"bot-{seq + 1}", by=f"bot:{seat.bot}")
        if not verdict.ok and verdict.code != P.STALE:
            log.error("table %s: bot %s's choice %d was refused: %s", self.table.id, seat.bot, choice, verdict.msg)

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            try:
                await self._bot_task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
