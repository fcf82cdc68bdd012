"""A live table: one :class:`Room` owns the game's state, its log position and the
connections watching it. Every change goes through the room's lock: check the version
and the seat, apply to a clone with the engine, **commit the log entry**, and only then
swap in the new state and send each viewer its own frame.

The log holds more than actions (docs/web-protocol.md, "The log"): ``act``, ``undo`` (takes
back the latest act, checked by :mod:`gloam.server.undo`), ``takeover`` (a bot plays an
idle or gone player's seat) and ``reclaim`` (the player takes it back). The game is the
fold of the log: the *effective* acts replayed from the start.

A frame is built by :mod:`gloam.server.views` from the game's boundary for that viewer;
the room never sends the state, the seed or the record of a live game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from sqlalchemy.exc import IntegrityError

from gloam.core import SPECTATOR
from gloam.core.errors import GloamError
from gloam.core.record import Record
from gloam.games import get_game, state_from_json
from gloam.server import protocol as P, undo as undo_rule
from gloam.server.bots import BotRunner, bot_seed
from gloam.server.seats import clean_name, seat_of
from gloam.server.store import repo
from gloam.server.store.repo import LogRow, SeatRow, TableRow, act_row, finish_table
from gloam.server.store.writer import Writer
from gloam.server.views import table_frame

log = logging.getLogger("gloam.server")

OUTBOX = 64          # frames a connection may have unsent before it is closed as too slow
ACKED_CIDS = 5       # a welcome tells a seat its last few committed client ids
CHAT_KEPT = 100      # chat lines a welcome carries
CHAT_STORED = 2000   # chat lines a table stores (Settings.chat_stored); past it the oldest are deleted
NOTES_KEPT = 100     # lines besides the game's events (undo, takeover, notices) a welcome carries
BOT_RETRY_S = 1.0    # a bot's turn that did not move the table is tried again after this long
BOT_TRIES = 3        # failed turns at one decision before the fallback bot makes it
FALLBACK_BOT = "random"   # every game has it; it cannot fail where the engine offers options


@dataclass(frozen=True)
class Timing:
    """How long before the room acts on absence (web-design §5.7). Tests shorten them."""

    grace: float = 15.0          # a disconnect is announced after this long
    gone: float = 60.0           # the player to act disconnected this long: offer a bot
    idle: float = 300.0          # the player to act connected but idle this long: offer a bot
    clock_strikes: int = 3       # turn-clock expiries in a row before the seat is taken over


class SeatRefused(Exception):
    """Joining or starting refused; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, msg: str) -> None:
        super().__init__(msg)
        self.status = status


@dataclass(eq=False)
class Connection:
    """One socket's viewer and its bounded outbox (the socket task sends from it)."""

    viewer: int                      # a seat, or SPECTATOR
    lang: str
    outbox: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=OUTBOX))
    closing: int | None = None       # a close code once the room gives up on it
    mute_spectators: bool = False    # a player who does not want the spectators' chat

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
    """What became of a request: ``ok`` with its seq, or a reject code and reason."""

    ok: bool
    seq: int
    code: str = ""
    msg: str = ""
    duplicate: bool = False          # the client id had landed already: nothing new happened


@dataclass
class SeatPresence:
    """What the room knows of one seat's people right now (not stored)."""

    sockets: int = 0
    since: float = 0.0               # when it last went on- or offline
    announced_gone: bool = False
    strikes: int = 0                 # turn-clock expiries in a row
    votes: set[int] = field(default_factory=set)   # seats voting to hand this seat to a bot
    offered: bool = False


def result_of(state: Any, assisted: bool = False) -> dict[str, Any]:
    outcome = state.outcome()
    return {"winners": list(outcome.winners), "reason": str(outcome.reason), "detail": outcome.detail,
            "returns": [float(r) for r in state.returns()], "assisted": assisted}


class Room:
    """One open, live or finished table, rebuilt from its log."""

    def __init__(self, table: TableRow, seats: list[SeatRow], entries: list[LogRow], writer: Writer,
                 bots: BotRunner, think: tuple[float, float] = (0.6, 1.4), history: int = 200,
                 timing: Timing = Timing(), now: Callable[[], float] = time.monotonic,
                 chat_stored: int = CHAT_STORED) -> None:
        self.table = table
        self.seats = list(seats)
        self.writer = writer
        self.bots = bots
        self.think = think
        self.history = history
        self.timing = timing
        self.now = now
        self.game = get_game(table.game, table.setup)
        self.setup_text = json.dumps(self.game.setup_json(), sort_keys=True)
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.entries: list[LogRow] = []          # every log entry, in seq order
        self.acts: list[LogRow] = []             # the effective acts (undone ones folded out)
        self.facts: list[undo_rule.StepFacts] = []   # one per effective act
        self.cids: dict[str, LogRow] = {}        # a client id -> its entry (bots' entries have none)
        self.controller: dict[int, str] = {}     # seat -> the bot playing it for its person
        self.assisted = False
        self.stale = False                       # the log moved on without this room: rebuild it
        self.chat: list[dict[str, Any]] = []
        self.chat_stored = 0                     # chat rows the table holds (the registry counts them on load)
        self.chat_cap = chat_stored
        self.presence = {s.seat: SeatPresence(since=now()) for s in self.seats}
        self.decision_since = now()
        self._presence_sent: Any = None
        self.notes: list[tuple[int, dict[str, Any]]] = []   # (event count then, note): the welcome's extra lines
        self.notes_made = 0                      # notes ever kept: a new one changes the welcome's log
        self._frames: dict[tuple[int, str], tuple[tuple, dict[str, Any]]] = {}   # the welcome's view and log
        self.state = self.initial_state()
        self.marks = [self.state.event_count()]     # event count after each seq (index = seq)
        for entry in entries:
            self._replay(entry)
        self.owner = ""                          # the creator's address (never sent; see RoomRegistry.create)
        self._bot_task: asyncio.Task | None = None
        self._bot_failed: tuple[int, int] = (-1, 0)   # (seq, bot turns that failed at it)
        self._bot_retry: asyncio.TimerHandle | None = None
        self._ticker: asyncio.Task | None = None
        self._closed = False

    # --- rebuilding ---------------------------------------------------------------
    def initial_state(self) -> Any:
        """The state before the first act: a fork's start, or the deal of the seed."""
        if self.table.start is not None:
            return state_from_json(self.table.game, self.table.start["state"])
        return self.game.new_initial_state(self.table.seed)

    def _replay(self, entry: LogRow) -> None:
        if entry.seq != len(self.entries) + 1:
            raise GloamError(f"table {self.table.id}: log entry {entry.seq} out of order")
        self._fold(entry)
        self._append(entry)

    def _fold(self, entry: LogRow, note: dict[str, Any] | None = None) -> None:
        """Apply one entry to the game and the seats (the log's meaning, in one place); a
        seat-control entry's line is kept for the welcome (``note``: the one just sent)."""
        if entry.kind == "act":
            before = self.state.clone()
            self.state.apply(entry.action, player=entry.seat)
            self._acted(before, entry)
            return
        if entry.kind == "undo":
            assert entry.seat is not None and entry.target_seq is not None  # as act() and undo() log it
            self._rebuild([a for a in self.acts if a.seq < entry.target_seq])
            note = note or {"type": "undo", "seat": entry.seat, "target": entry.target_seq}
        elif entry.kind == "takeover":
            assert entry.seat is not None
            self.controller[entry.seat] = entry.by.partition(":")[2]
            note = note or {"type": "takeover", "seat": entry.seat, "bot": self.controller[entry.seat]}
        elif entry.kind == "reclaim":
            assert entry.seat is not None
            self.controller.pop(entry.seat, None)
            note = note or {"type": "reclaim", "seat": entry.seat}
        else:
            raise GloamError(f"table {self.table.id}: unknown log entry kind {entry.kind!r}")
        self._keep_note(note)

    def _keep_note(self, note: dict[str, Any]) -> None:
        """Keep a line that is not a game event, where it happened among the events, for
        the welcome: a reconnecting client reads the same story as one that stayed."""
        self.notes.append((self.state.event_count(), note))
        del self.notes[:-NOTES_KEPT]
        self.notes_made += 1

    def _acted(self, before: Any, entry: LogRow) -> None:
        assert entry.seat is not None
        self.acts.append(entry)
        self.facts.append(undo_rule.step_facts(before, self.state, entry.seq, entry.seat, entry.by))
        if entry.by != "human" and self.seats[entry.seat].kind != "bot":
            self.assisted = True

    def _rebuild(self, acts: list[LogRow]) -> None:
        """The state after ``acts`` from the start (an undo's fold)."""
        self.state = self.initial_state()
        self.acts, self.facts = [], []
        for entry in acts:
            before = self.state.clone()
            self.state.apply(entry.action, player=entry.seat)
            self._acted(before, entry)

    def _append(self, entry: LogRow) -> None:
        self.entries.append(entry)
        self.marks.append(self.state.event_count())
        if entry.cid:
            self.cids[entry.cid] = entry

    @property
    def seq(self) -> int:
        return len(self.entries)

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def status(self) -> str:
        if self.over:
            return "finished"
        return "open" if any(s.kind == "open" for s in self.seats) or self.table.status == "open" else "live"

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def record(self) -> Record:
        """The effective record: (setup, seed, the acts not undone); a fork's start too."""
        start = self.table.start["state"] if self.table.start else None
        return Record(self.table.game, self.game.setup_json(), self.table.seed, [cast(int, e.action) for e in self.acts],
                      seats=list(self.names), start=start, engine=self.table.engine,
                      fork=self.table.start.get("from") if self.table.start else None)

    # --- what viewers see ---------------------------------------------------------
    def option(self, name: str, default: Any = None) -> Any:
        return (self.table.options or {}).get(name, default)

    def info(self) -> dict[str, Any]:
        """The table as anyone may know it: no seed, no token, no invite."""
        result = result_of(self.state, self.assisted) if self.over else None
        return {"id": self.table.id, "game": self.table.game, "setup": self.game.setup_json(),
                "status": self.status, "v": self.seq, "ply": len(self.acts), "result": result,
                "assisted": self.assisted, "engine": self.table.engine,
                "fork": self.table.start.get("from") if self.table.start else None,
                "rematch": self.table.rematch, "rematch_of": self.table.rematch_of,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
                           "played_by": self.controller.get(s.seat),
                           "online": self.presence[s.seat].sockets > 0 or s.kind == "bot"} for s in self.seats],
                "options": self.table.options}

    def presence_message(self) -> dict[str, Any]:
        """Who is online and who is thinking (for how long): ``presence`` (§5.7)."""
        player = self.state.current_player() if self.status == "live" else -1
        t = self.now()
        seats = []
        for s in self.seats:
            p = self.presence[s.seat]
            deciding = player == s.seat
            seats.append({"seat": s.seat, "online": p.sockets > 0 or s.kind == "bot",
                          "gone": p.announced_gone, "played_by": self.controller.get(s.seat),
                          "thinking_s": round(t - self.decision_since, 1) if deciding else None})
        spectators = sum(1 for c in self.connections if c.viewer == SPECTATOR)
        return {"t": "presence", "v": self.seq, "seats": seats, "spectators": spectators}

    def offers_for(self, viewer: int) -> list[dict[str, Any]]:
        """The takeover offers open to ``viewer`` (a person at another seat)."""
        if viewer == SPECTATOR or self.status != "live":
            return []
        out = []
        for seat, p in self.presence.items():
            if p.offered and seat != viewer and seat not in self.controller:
                out.append({"seat": seat, "bot": self.takeover_bot, "voted": viewer in p.votes,
                            "needed": self._votes_needed(seat)})
        return out

    def welcome_frame(self, viewer: int, lang: str) -> dict[str, Any]:
        """The welcome's ``view`` and ``log`` for ``viewer`` in ``lang``: the costly part of
        a welcome (63 KB on a long Nightfall table), built once per version and kept per
        (viewer, lang), so a repeated ``sync`` or a reconnect costs next to nothing. It is
        rebuilt when anything it shows changes: a log entry (the version), a note, a name.
        One viewer's frame is never another's: the key is the seat (or the spectator)."""
        key = (self.seq, self.state.event_count(), self.notes_made, tuple(self.names))
        kept = self._frames.get((viewer, lang))
        if kept is not None and kept[0] == key:
            return kept[1]
        # the log carries the last ``history`` events, one line per event: describe only those
        since = max(0, self.state.event_count() - self.history)
        frame = table_frame(self.game, self.state, viewer, lang, self.names, since=since)
        frame["events"] = self._with_notes(frame["events"], since, viewer, lang)
        self._frames[(viewer, lang)] = (key, frame)
        return frame

    def welcome(self, conn: Connection) -> dict[str, Any]:
        frame = self.welcome_frame(conn.viewer, conn.lang)
        player = conn.viewer != SPECTATOR
        mine = self._acked_cids(conn.viewer) if player else []
        chat = [c for c in self.chat if c["channel"] == "spectators" or player]
        return {"t": "welcome", "proto": P.PROTOCOL_VERSION,
                "you": {"seat": conn.viewer if player else None, "role": "player" if player else "spectator",
                        "undo": self.undo_refusal(conn.viewer) is None if player else False,
                        "played_by": self.controller.get(conn.viewer)},
                "table": self.info(), "v": self.seq, "view": frame["view"],
                "log": frame["events"], "acked_cids": mine,
                "chat": chat[-CHAT_KEPT:], "presence": self.presence_message(),
                "offers": self.offers_for(conn.viewer)}

    def _acked_cids(self, seat: int) -> list[str]:
        """The seat's last few client ids in the log, oldest first (read from the end)."""
        mine: list[str] = []
        for e in reversed(self.entries):
            if e.cid and e.seat == seat and e.by == "human":
                mine.append(e.cid)
                if len(mine) == ACKED_CIDS:
                    break
        return mine[::-1]

    def _with_notes(self, lines: list[dict[str, Any]], since: int, viewer: int, lang: str) -> list[dict[str, Any]]:
        """The event lines from event ``since`` on, with the kept notes of that stretch in
        their places (a note kept before an undo took events back goes after what is left)."""
        count = self.state.event_count()
        out: list[dict[str, Any]] = []
        shown = 0
        for at, note in self.notes:
            at = min(at, count)
            if at < since:
                continue
            while shown < len(lines) and since + shown < at:
                out.append(lines[shown])
                shown += 1
            out.append(self._note_line(note, viewer, lang))
        out.extend(lines[shown:])
        return out

    def _broadcast(self, seq: int, cid: str | None, actor: int | None, note: dict[str, Any] | None = None,
                   table: bool = False) -> None:
        """Every viewer's update for entry ``seq`` (``note``: a line for a non-act entry)."""
        since = min(self.marks[seq - 1], self.state.event_count())
        cache: dict[tuple[int, str], dict[str, Any]] = {}
        for conn in list(self.connections):
            key = (conn.viewer, conn.lang)
            if key not in cache:
                cache[key] = table_frame(self.game, self.state, conn.viewer, conn.lang, self.names, since)
                if note is not None:
                    cache[key]["events"] = [*cache[key]["events"], self._note_line(note, conn.viewer, conn.lang)]
            message = {"t": "update", "v": seq, **cache[key]}
            if cid is not None and conn.viewer == actor:
                message["ack"] = cid
            if conn.viewer != SPECTATOR:
                message["undo"] = self.undo_refusal(conn.viewer) is None
            if self.over or table:
                message["table"] = self.info()
            conn.push(message)
        self.send_presence()

    def _note_line(self, note: dict[str, Any], viewer: int, lang: str) -> dict[str, Any]:
        from gloam.server.notes import note_line

        return {**note, "line": note_line(note, self.names, viewer, lang)}

    def send_presence(self, force: bool = False) -> None:
        message = self.presence_message()
        # who thinks and for how long is not a change: each update restarts the clients' count
        key = json.dumps([[{**x, "thinking_s": None} for x in message["seats"]], message["spectators"]])
        if not force and key == self._presence_sent:
            return
        self._presence_sent = key
        for conn in list(self.connections):
            conn.push(message)

    def join(self, conn: Connection) -> None:
        back = False
        if conn.viewer != SPECTATOR:
            p = self.presence[conn.viewer]
            p.sockets += 1
            if p.sockets == 1:
                p.since = self.now()
                back, p.announced_gone = p.announced_gone, False
                p.offered, p.votes = False, set()
        conn.push(self.welcome(conn))
        if back:
            self._notice({"type": "back", "seat": conn.viewer})
        self.connections.add(conn)
        self.send_presence()
        self.ensure_ticker()

    def leave(self, conn: Connection) -> None:
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        if conn.viewer != SPECTATOR:
            p = self.presence[conn.viewer]
            p.sockets -= 1
            if p.sockets == 0:
                p.since = self.now()
        self.send_presence()

    def _notice(self, note: dict[str, Any]) -> None:
        """A line for everyone that is not a log entry (a disconnect, a return, an offer);
        kept for the welcome while the room lives (not stored: a restart forgets it)."""
        self._keep_note(note)
        for conn in list(self.connections):
            conn.push({"t": "notice", "v": self.seq, **self._note_line(note, conn.viewer, conn.lang)})

    # --- seats: invites and the start --------------------------------------------
    async def take_seat(self, invite: str | None, seat: int | None, name: str | None, token_hash: bytes) -> int:
        """An open seat taken: by its invite (any table) or by number (a public table)."""
        async with self.lock:
            if invite is not None:
                found = seat_of(invite, [s.invite_hash if s.kind == "open" else None for s in self.seats])
                if found is None:
                    raise SeatRefused(403, "this invite is not valid here (used already, or not this table's)")
            elif seat is not None:
                if self.option("visibility", "public") != "public":
                    raise SeatRefused(403, "this table is private: joining needs an invite")
                if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "open":
                    raise SeatRefused(409, f"seat {seat} is not open")
                found = seat
            else:
                raise SeatRefused(422, "give an invite, or a seat at a public table")
            taken = replace(self.seats[found], kind="human", invite_hash=None, token_hash=token_hash,
                            name=clean_name(name or "", self.seats[found].name))
            try:
                await self.writer.write([repo.take_seat(self.table.id, taken)])
            except Exception as exc:  # noqa: BLE001
                log.error("table %s: taking seat %d failed: %s", self.table.id, found, exc)
                raise SeatRefused(503, "the server could not store that; try again") from None
            self.seats[found] = taken
            started = self.table.rematch_of is not None and self._all_seated() and await self._begin()
        self._notice({"type": "joined", "seat": found})
        if started:                                    # a rematch starts once its players are back
            self._notice({"type": "started"})
            self.schedule_bot()
        self.announce_table()
        return found

    def _all_seated(self) -> bool:
        return self.status == "open" and not any(s.kind == "open" for s in self.seats)

    async def _begin(self) -> bool:
        """The open table goes live (under the lock); False if that could not be stored."""
        try:
            await self.writer.write([repo.start_table(self.table.id)])
        except Exception as exc:  # noqa: BLE001 — not started; a later join or start tries again
            log.error("table %s: starting failed: %s", self.table.id, exc)
            return False
        self.table = replace(self.table, status="live", started_at=repo.now())
        self.decision_since = self.now()
        return True

    async def start(self, host_key: str | None) -> None:
        """The creator starts an open table once every seat is taken."""
        async with self.lock:
            if host_key is None or self.table.host_hash is None or seat_of(host_key, [self.table.host_hash]) is None:
                raise SeatRefused(403, "only the table's creator can start it")
            if self.status != "open":
                raise SeatRefused(409, f"the table is {self.status}, not waiting to start")
            waiting = [s.seat for s in self.seats if s.kind == "open"]
            if waiting:
                raise SeatRefused(409, f"seat{'s' if len(waiting) > 1 else ''} {', '.join(map(str, waiting))}"
                                       " still open: share the invite, or wait")
            if not await self._begin():
                raise SeatRefused(503, "the server could not store that; try again")
        self._notice({"type": "started"})
        self.announce_table()
        self.schedule_bot()

    def announce_table(self) -> None:
        """Seats or status changed without a log entry: everyone gets the table and presence."""
        for conn in list(self.connections):
            conn.push({"t": "table", "v": self.seq, "table": self.info(), "offers": self.offers_for(conn.viewer)})
        self.send_presence(force=True)

    # --- acting -------------------------------------------------------------------
    async def act(self, seat: int, v: int, action: int, cid: str | None, by: str = "human") -> Verdict:
        """The one way the game moves on. A rejected act changes nothing. A person's act
        carries its client's id (``cid``); a bot's carries none (``None``): its turn is
        known by the version it answers, and no client can name it."""
        async with self.lock:
            if seat == SPECTATOR:                      # before any look at the client id
                return Verdict(False, self.seq, P.NOT_YOURS, "this decision is not yours")
            resent = self._resent(seat, cid)
            if resent is not None:
                return resent
            refused = self._closed_to_acts(v)
            if refused is not None:
                return refused
            if by == "human" and seat in self.controller:
                return Verdict(False, self.seq, P.NOT_YOURS,
                               "a bot is playing your seat; take it back first (reclaim)")
            if self.state.current_player() != seat:
                return Verdict(False, self.seq, P.NOT_YOURS, "this decision is not yours")
            taken = self._cid_taken(cid)
            if taken is not None:
                return taken
            nxt = self.state.clone()
            try:
                nxt.apply(action, player=seat)
            except GloamError as exc:
                return Verdict(False, self.seq, P.ILLEGAL, str(exc))
            entry = LogRow(self.seq + 1, "act", seat, action, by, cid)
            statements = [act_row(self.table.id, entry)]
            if nxt.is_terminal():
                statements.append(finish_table(self.table.id, result_of(nxt, self.assisted or (
                    by != "human" and self.seats[seat].kind != "bot"))))
            if not await self._commit(statements, entry.seq):
                return Verdict(False, self.seq, P.SERVER, "the server could not store the action; try again")
            before, self.state = self.state, nxt
            self._acted(before, entry)
            self._append(entry)
            self.decision_since = self.now()
            if by == "human":
                self.presence[seat].strikes = 0
            for p in self.presence.values():
                p.offered, p.votes = False, set()
            self._broadcast(entry.seq, cid, seat)
        self.schedule_bot()
        return Verdict(True, entry.seq)

    def _resent(self, seat: int, cid: str | None) -> Verdict | None:
        """A resend: ``cid`` is on this seat's own landed entry (a person's), so it is
        acknowledged again and nothing happens twice; None for any other id."""
        entry = self.cids.get(cid) if cid else None
        if entry is None or entry.seat != seat or entry.by != "human":
            return None
        return Verdict(True, entry.seq, duplicate=True)

    def _cid_taken(self, cid: str | None) -> Verdict | None:
        """A client id already on another seat's entry (or a bot's, in a log written before
        bots' entries had none) is refused, saying nothing of that entry: the client sends
        its request again under a new id."""
        if not cid or cid not in self.cids:
            return None
        return Verdict(False, self.seq, P.CID_TAKEN,
                       "this client id is taken at this table; send the request again with a new one")

    def _closed_to_acts(self, v: int) -> Verdict | None:
        if self.stale:
            return Verdict(False, self.seq, P.SERVER, "the table is being reloaded from its log; reconnect")
        if self.over:
            return Verdict(False, self.seq, P.OVER, "the game is over")
        if self.status == "open":
            return Verdict(False, self.seq, P.NOT_STARTED, "the game has not started: seats are still open")
        if v != self.seq:
            return Verdict(False, self.seq, P.STALE, f"the table is at version {self.seq}, not {v}")
        return None

    async def _commit(self, statements: list[Any], seq: int, log_entry: bool = True) -> bool:
        try:
            await self.writer.write(statements)
        except Exception as exc:  # noqa: BLE001 — any database failure: nothing happened
            log.error("table %s: the write of seq %d failed: %s", self.table.id, seq, exc)
            if log_entry and isinstance(exc, IntegrityError):
                self._went_stale(seq)
            return False
        return True

    def _went_stale(self, seq: int) -> None:
        """The log already holds ``seq`` (or this client id): another process wrote it, a
        late write of a process that served the table before this one (docs/reliability.md,
        "PostgreSQL"). This room's state is behind the log, so it takes no more acts; its
        sockets are told to reconnect, and the registry rebuilds the room from the log at
        the next request (or the next adoption round)."""
        log.error("table %s: seq %d is in the log already, written by another process: "
                  "the room is rebuilt from the log", self.table.id, seq)
        self.stale = True
        # after the refused request's own reject is queued (its handler pushes it on return)
        asyncio.get_running_loop().call_soon(self.close_sockets, P.CLOSE_RESTART)

    def close_sockets(self, code: int) -> None:
        """Close every socket of this room with ``code`` (each sender says ``bye`` first)."""
        for conn in list(self.connections):
            conn.close(code)

    async def _entry(self, entry: LogRow, note: dict[str, Any]) -> bool:
        """Commit a non-act entry (undo, takeover, reclaim), fold it in, tell everyone."""
        if self.stale or not await self._commit([act_row(self.table.id, entry)], entry.seq):
            return False
        self._fold(entry, note)
        self._append(entry)
        self.decision_since = self.now()
        self._broadcast(entry.seq, entry.cid, entry.seat, note=note, table=True)
        return True

    # --- undo (web-design §5.8, checked by gloam.server.undo) ---------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its latest act now, or None if it may."""
        if not self.option("undo", False):
            return "undo is off at this table"
        if self.status != "live":
            return "the game is not being played"
        if seat in self.controller:
            return "a bot is playing your seat"
        return undo_rule.undo_refusal(self.facts, seat, self.state.current_player(), True)

    async def undo(self, seat: int, v: int, cid: str) -> Verdict:
        async with self.lock:
            if seat == SPECTATOR:
                return Verdict(False, self.seq, P.UNDO_REFUSED, "spectators cannot undo")
            resent = self._resent(seat, cid)
            if resent is not None:
                return resent
            refused = self._closed_to_acts(v)
            if refused is not None:
                return refused
            why = self.undo_refusal(seat)
            if why is not None:
                return Verdict(False, self.seq, P.UNDO_REFUSED, why)
            taken = self._cid_taken(cid)
            if taken is not None:
                return taken
            target = self.acts[-1].seq
            entry = LogRow(self.seq + 1, "undo", seat, None, "human", cid, target_seq=target)
            if not await self._entry(entry, {"type": "undo", "seat": seat, "target": target}):  # target: the v taken back
                return Verdict(False, self.seq, P.SERVER, "the server could not store the undo; try again")
        return Verdict(True, entry.seq)

    # --- idle seats: takeover and reclaim (web-design §5.7) -----------------------
    @property
    def takeover_bot(self) -> str:
        return str(self.option("takeover_bot", "normal"))

    def _humans_connected(self, besides: int) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human" and s.seat != besides
                and s.seat not in self.controller and self.presence[s.seat].sockets > 0]

    def _votes_needed(self, seat: int) -> int:
        return len(self._humans_connected(seat)) // 2 + 1

    def _others_all_bots(self, seat: int) -> bool:
        return all(s.kind == "bot" or s.seat in self.controller for s in self.seats if s.seat != seat)

    async def vote_takeover(self, voter: int, seat: int) -> Verdict:
        """A person at another seat accepts the offer to let a bot play ``seat``."""
        async with self.lock:
            p = self.presence.get(seat)
            if voter == SPECTATOR or p is None or not p.offered or voter == seat or seat in self.controller:
                return Verdict(False, self.seq, P.NO_OFFER, "there is no open offer to replace that seat")
            p.votes.add(voter)
            if len(p.votes & set(self._humans_connected(seat))) < self._votes_needed(seat):
                self.announce_table()
                return Verdict(True, self.seq)
            ok = await self._take_over(seat, reason="vote")
        self.schedule_bot()
        return Verdict(ok, self.seq, "" if ok else P.SERVER, "" if ok else "could not store that; try again")

    async def _take_over(self, seat: int, reason: str) -> bool:
        entry = LogRow(self.seq + 1, "takeover", seat, None, f"server:{self.takeover_bot}", None)
        p = self.presence[seat]
        p.offered, p.votes = False, set()
        return await self._entry(entry, {"type": "takeover", "seat": seat, "bot": self.takeover_bot,
                                         "reason": reason})

    async def reclaim(self, seat: int, cid: str) -> Verdict:
        """The player takes their seat back from the bot (from their next decision on)."""
        async with self.lock:
            resent = self._resent(seat, cid) if seat != SPECTATOR else None
            if resent is not None:
                return resent
            if seat == SPECTATOR or seat not in self.controller:
                return Verdict(False, self.seq, P.NOT_YOURS, "no bot is playing your seat")
            taken = self._cid_taken(cid)
            if taken is not None:
                return taken
            entry = LogRow(self.seq + 1, "reclaim", seat, None, "human", cid)
            if not await self._entry(entry, {"type": "reclaim", "seat": seat}):
                return Verdict(False, self.seq, P.SERVER, "could not store that; try again")
            self.presence[seat].strikes = 0
        self.schedule_bot()
        return Verdict(True, entry.seq)

    async def tick(self) -> None:
        """Look at absence and the clock once (the ticker calls this every second; tests
        call it with their own clock): announce disconnects after the grace, offer or make
        takeovers, let the turn clock's bot decide."""
        if self.status != "live" or self.over or self.stale:
            return
        self.schedule_bot()          # a bot holds the decision and no bot job runs: start one
        t = self.now()
        for seat in self.seats:
            p = self.presence[seat.seat]
            if seat.kind == "human" and p.sockets == 0 and not p.announced_gone and t - p.since >= self.timing.grace:
                p.announced_gone = True
                self._notice({"type": "gone", "seat": seat.seat})
                self.send_presence(force=True)
        decision = self.state.pending()
        if decision is None:
            return
        seat = decision.player
        p = self.presence[seat]
        if self.seats[seat].kind != "human" or seat in self.controller:
            return
        away = p.sockets == 0 and t - max(p.since, self.decision_since) >= self.timing.gone
        idle = p.sockets > 0 and t - self.decision_since >= self.timing.idle
        # No other person waits (every other seat is a bot): the table pauses on the
        # person's decision and goes on when they come back; no bot finishes their game.
        if (away or idle) and not p.offered and not self._others_all_bots(seat):
            async with self.lock:
                p.offered, p.votes = True, set()
            self._notice({"type": "offer", "seat": seat, "bot": self.takeover_bot})
            self.announce_table()
        clock = self.option("turn_seconds")
        if clock and t - self.decision_since >= clock:
            await self._clock_runs_out(seat)

    async def _clock_runs_out(self, seat: int) -> None:
        """The turn clock ran out: the takeover bot makes this one decision; after
        ``clock_strikes`` in a row the seat is taken over (web-design §5.7)."""
        p = self.presence[seat]
        p.strikes += 1
        if p.strikes >= self.timing.clock_strikes:
            async with self.lock:
                await self._take_over(seat, reason="clock")
            self.schedule_bot()
            return
        self._notice({"type": "clock", "seat": seat, "bot": self.takeover_bot})
        self.decision_since = self.now()
        self.schedule_bot(clock_seat=seat)

    def ensure_ticker(self) -> None:
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.create_task(self._tick_forever(), name=f"tick-{self.table.id}")

    async def _tick_forever(self) -> None:
        while not self.over:
            await asyncio.sleep(1.0)
            try:
                await self.tick()
            except Exception:  # noqa: BLE001 — a failed tick must not stop the table
                log.exception("table %s: tick failed", self.table.id)

    # --- chat ---------------------------------------------------------------------
    async def say(self, conn: Connection, channel: str, text: str) -> Verdict:
        """A chat line: players talk on ``players`` (spectators never read it), spectators
        on ``spectators`` (players read it unless they muted it)."""
        player = conn.viewer != SPECTATOR
        if (channel == "players") != player:
            return Verdict(False, self.seq, P.BAD_MESSAGE,
                           "players talk on the players' channel, spectators on the spectators'")
        from gloam.core.text import clean_text

        text = clean_text(text).strip()
        if not text:
            return Verdict(False, self.seq, P.BAD_MESSAGE, "an empty chat line")
        name = self.seats[conn.viewer].name if player else "Spectator"
        at = repo.now()
        statements = [repo.chat_row(self.table.id, conn.viewer if player else None, channel, name, text, at)]
        if self.chat_stored + 1 > self.chat_cap:        # full: the oldest lines make room
            statements.append(repo.trim_chat(self.table.id, self.chat_cap))
        if not await self._commit(statements, self.seq, log_entry=False):
            return Verdict(False, self.seq, P.SERVER, "the chat line could not be stored")
        self.chat_stored = min(self.chat_stored + 1, self.chat_cap)
        line = {"seat": conn.viewer if player else None, "channel": channel, "name": name, "text": text,
                "at": at.isoformat()}
        self.chat = [*self.chat[-CHAT_KEPT + 1:], line]
        for other in list(self.connections):
            reader_is_player = other.viewer != SPECTATOR
            if channel == "players" and not reader_is_player:
                continue
            if channel == "spectators" and reader_is_player and other.mute_spectators and other is not conn:
                continue
            other.push({"t": "chat", **line})
        return Verdict(True, self.seq)

    # --- bots ---------------------------------------------------------------------
    def bot_to_move(self, clock_seat: int | None = None) -> tuple[int, str] | None:
        """The seat and bot that hold the decision: a bot seat, a taken-over seat, or the
        seat whose turn clock just ran out."""
        if self.over or self.status != "live" or self.stale:
            return None
        decision = self.state.pending()
        if decision is None:
            return None
        seat = self.seats[decision.player]
        if seat.kind == "bot":
            return seat.seat, seat.bot
        if seat.seat in self.controller:
            return seat.seat, self.controller[seat.seat]
        if clock_seat == seat.seat:
            return seat.seat, self.takeover_bot
        return None

    def person_waits(self) -> bool:
        """A person is at the table: a person's seat that they play (no bot took it over)
        with a socket open. Such a table's bot searches come first (:mod:`.bots`)."""
        return bool(self._humans_connected(besides=SPECTATOR))

    def schedule_bot(self, clock_seat: int | None = None) -> None:
        """Start the bot's turn if a bot holds the decision (one job per room)."""
        running = self._bot_task
        if self._closed or self.bot_to_move(clock_seat) is None or (
                running is not None and not running.done() and running is not asyncio.current_task()):
            return
        seq = self.seq
        task = asyncio.create_task(self._bot_turn(seq, clock_seat), name=f"bot-{self.table.id}-{seq}")
        task.add_done_callback(lambda done: self._bot_done(done, seq, clock_seat))
        self._bot_task = task

    def _bot_done(self, task: asyncio.Task, seq: int, clock_seat: int | None) -> None:
        """A bot's turn ended. If the table is still at ``seq`` with a bot to move, the turn
        failed (the bot raised, its worker died, its act was refused): it is tried again in
        ``BOT_RETRY_S``, and after ``BOT_TRIES`` failures at one decision the fallback bot
        makes it, so a table is never left with a decision nobody will make."""
        if task.cancelled() or self._closed:
            return
        if task.exception() is not None:
            log.error("table %s: the bot's turn at seq %d died: %r", self.table.id, seq, task.exception())
        if self.seq != seq or self.bot_to_move(clock_seat) is None:
            return                                     # it moved the table, or no bot holds it now
        failed = self._bot_failed[1] + 1 if self._bot_failed[0] == seq else 1
        self._bot_failed = (seq, failed)
        if self._bot_retry is not None:
            self._bot_retry.cancel()
        self._bot_retry = asyncio.get_running_loop().call_later(BOT_RETRY_S, self.schedule_bot, clock_seat)

    async def _bot_turn(self, seq: int, clock_seat: int | None = None) -> None:
        mover = self.bot_to_move(clock_seat)
        if mover is None or seq != self.seq:
            return
        seat, bot = mover
        if self._bot_failed[0] == seq and self._bot_failed[1] >= BOT_TRIES:
            log.error("table %s: bot %s failed %d times at seq %d: the %s bot decides", self.table.id, bot,
                      self._bot_failed[1], seq, FALLBACK_BOT)
            bot = FALLBACK_BOT
        loop = asyncio.get_running_loop()
        opened = loop.time()
        observation = self.state.observation(seat)
        legal = self.state.legal_action_indices()
        try:
            choice = await self.bots.choose(self.table.game, self.setup_text, bot,
                                            bot_seed(self.table.bot_secret, seat, seq), observation, legal,
                                            table=self.table.id, owner=self.owner, person=self.person_waits())
        except Exception:  # noqa: BLE001 — a crashed bot must not stop the table
            log.exception("table %s: bot %s failed at seq %d", self.table.id, bot, seq)
            return
        wait = random.uniform(*self.think) - (loop.time() - opened)
        if wait > 0:
            await asyncio.sleep(wait)
        if self.bot_to_move(clock_seat) != mover or seq != self.seq:
            return                                     # reclaimed, undone or moved on meanwhile
        verdict = await self.act(seat, seq, choice, cid=None, by=f"bot:{bot}")
        if not verdict.ok and verdict.code != P.STALE:
            log.error("table %s: bot %s's choice %d was refused: %s", self.table.id, bot, choice, verdict.msg)

    async def close(self) -> None:
        self._closed = True
        if self._bot_retry is not None:
            self._bot_retry.cancel()
        for task in (self._bot_task, self._ticker):
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):  # noqa: BLE001
                    pass
