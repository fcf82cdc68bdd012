"""Replays and forks (docs/web-protocol.md, "Steps" and "Forks"; web-design §5.9).

``GET /api/tables/{id}/steps?at=N&as=SEAT`` is the table as one viewer saw it after N
effective acts: that viewer's view and the step's events, from the same
:func:`~gloam.server.views.table_frame` as live play. While the game is live a seat
(``Authorization: Bearer TOKEN``) sees only its own past and a spectator only the
spectators'; once it is over (and the table reveals it) any seat's view, or every card
(``as=all``). No seed and no record leave the server before the end.

``POST /api/tables/{id}/fork`` makes a new private table from step N: the forker plays
seat ``as`` against bots (or people); what that seat could not see at step N is re-dealt
with a new seed (:func:`gloam.core.fork.fork_state`), so a fork gives no knowledge of the
original deck. An exact fork (nothing re-dealt) is only for finished tables.

``/t/{id}/replay`` is the replay page (``web/static/js/replay.js``).
"""

from __future__ import annotations

import secrets
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from gloam.core import SPECTATOR
from gloam.core.fork import fork_state
from gloam.games import declaration, omniscient_observation, omniscient_table_view
from gloam.server.api import MAX_SEATS, TableOptions, _readable, bearer, open_table, seat_rows
from gloam.server.seats import seat_of
from gloam.server.views import table_frame

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).with_name("web") / "templates")

#: a state is kept every this many effective acts
CHECKPOINT_EVERY = 50
#: the checkpoints one room keeps (least recently used dropped first)
CHECKPOINTS_KEPT = 40


class StepStates:
    """The states of one room's effective record at chosen steps: replayed from the
    nearest kept checkpoint (one every :data:`CHECKPOINT_EVERY` acts, an LRU of
    :data:`CHECKPOINTS_KEPT`). A checkpoint remembers the seq of its last act, so one an
    undo has since taken back is never used."""

    def __init__(self) -> None:
        self.kept: OrderedDict[int, tuple[int, Any]] = OrderedDict()   # step -> (last act's seq, state)

    def state_at(self, room: Any, n: int) -> Any:
        """A fresh state after the first ``n`` effective acts of ``room`` (yours to change)."""
        acts = list(room.acts)
        k, state = self._nearest(acts, n)
        state = state.clone() if state is not None else room.initial_state()
        for step in range(k, n):
            entry = acts[step]
            state.apply(entry.action, player=entry.seat)
            if (step + 1) % CHECKPOINT_EVERY == 0 and step + 1 < n:
                self._keep(step + 1, entry.seq, state.clone())
        if n and n % CHECKPOINT_EVERY == 0:
            self._keep(n, acts[n - 1].seq, state.clone())
        return state

    def _nearest(self, acts: list[Any], n: int) -> tuple[int, Any]:
        for k in range(n - n % CHECKPOINT_EVERY, 0, -CHECKPOINT_EVERY):
            kept = self.kept.get(k)
            if kept is not None and kept[0] == acts[k - 1].seq:
                self.kept.move_to_end(k)
                return k, kept[1]
        return 0, None

    def _keep(self, step: int, seq: int, state: Any) -> None:
        self.kept[step] = (seq, state)
        self.kept.move_to_end(step)
        while len(self.kept) > CHECKPOINTS_KEPT:
            self.kept.popitem(last=False)


_states: weakref.WeakKeyDictionary[Any, StepStates] = weakref.WeakKeyDictionary()


def step_states(room: Any) -> StepStates:
    """The room's step cache (made on first use, gone with the room)."""
    cache = _states.get(room)
    if cache is None:
        cache = _states[room] = StepStates()
    return cache


# --- who may see what ---------------------------------------------------------------------

def token_seat(request: Request, room: Any) -> int | None:
    """The seat of the request's Bearer token; a token that holds no seat here is a 403."""
    token = bearer(request)
    if token is None:
        return None
    seat = seat_of(token, [s.token_hash for s in room.seats])
    if seat is None:
        raise HTTPException(403, "this token holds no seat at this table")
    return seat


def revealed(room: Any) -> bool:
    """Whether every hand of the table may be shown: it is over and reveals after the end."""
    return room.over and bool(room.option("reveal_after_end", True))


def parse_viewer(text: str | None, default: int, players: int) -> int | None:
    """``as``: a seat number, ``spectator`` or ``all`` (None); omitted: ``default``."""
    if text is None:
        return default
    if text == "all":
        return None
    if text == "spectator":
        return SPECTATOR
    if text.isdigit() and int(text) < players:
        return int(text)
    raise HTTPException(422, f"as: a seat from 0 to {players - 1}, \"spectator\" or \"all\", not {text[:20]!r}")


def check_viewer(room: Any, viewer: int | None, mine: int | None) -> None:
    """403 unless the requester may see the table as ``viewer``: anyone, once it is over
    and revealed; otherwise only their own seat (its token), or the spectators' view
    where the table takes spectators."""
    if revealed(room):
        return
    if viewer is None:
        raise HTTPException(403, "every card is shown once the game is over (and only if the table reveals it)")
    if viewer == SPECTATOR:
        if mine is None and not room.option("spectators", True):
            raise HTTPException(403, "this table takes no spectators")
        return
    if viewer != mine:
        raise HTTPException(403, "while the game is live a seat's past is shown only with that seat's token")


def check_step(room: Any, at: int | None) -> int:
    ply = len(room.acts)
    n = ply if at is None else at
    if n > ply:
        raise HTTPException(422, f"at: the table has {ply} steps; give 0 to {ply}")
    return n


# --- steps --------------------------------------------------------------------------------

def every_line(room: Any, state: Any, since: int, lang: str) -> list[dict[str, Any]]:
    """The events since ``since`` unredacted, with their lines (a finished, revealed game)."""
    events = state.events_for(None, since)
    describe = declaration(room.game.name).describe_event
    obs = omniscient_observation(state)
    return [{**e, "line": describe(room.game, obs, e, SPECTATOR, room.names, lang)} for e in events]


def step_frame(room: Any, n: int, viewer: int | None, lang: str) -> dict[str, Any]:
    """The table after ``n`` effective acts as ``viewer`` (None: every card) saw it, with
    the events of that step (for step 0, those of the deal)."""
    cache = step_states(room)
    if n == 0:
        state, since = cache.state_at(room, 0), 0
    else:
        state = cache.state_at(room, n - 1)
        since = state.event_count()
        entry = room.acts[n - 1]
        state.apply(entry.action, player=entry.seat)
    if viewer is None:
        frame = {"view": omniscient_table_view(state, lang), "events": every_line(room, state, since, lang)}
    else:
        frame = table_frame(room.game, state, viewer, lang, room.names, since)
    entry = room.acts[n - 1] if n else None
    return {"at": n, "ply": len(room.acts), "status": room.status,
            "as": "all" if viewer is None else "spectator" if viewer == SPECTATOR else viewer,
            "view": frame["view"], "events": frame["events"],
            "who": entry.seat if entry else None, "by": entry.by if entry else None}


@router.get("/api/tables/{table_id}/steps")
async def table_step(request: Request, table_id: str, at: Annotated[int | None, Query(ge=0, le=10**6)] = None,
                     as_: Annotated[str | None, Query(alias="as", max_length=20)] = None,
                     lang: Literal["en", "ja"] = "en") -> dict[str, Any]:
    """Step ``at`` (default: the latest) as seat ``as`` (default: the token's seat, or
    the spectators' view without a token), ``spectator``, or ``all`` once it is over."""
    room = await _readable(request, table_id)
    mine = token_seat(request, room)
    viewer = parse_viewer(as_, SPECTATOR if mine is None else mine, len(room.seats))
    check_viewer(room, viewer, mine)
    return step_frame(room, check_step(room, at), viewer, lang)


# --- forks --------------------------------------------------------------------------------

class Fork(BaseModel):
    """``POST /api/tables/{id}/fork``'s body."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    at: Annotated[int, Field(ge=0, le=10**6)]
    seats: Annotated[list[Annotated[str, Field(max_length=40)]], Field(min_length=1, max_length=MAX_SEATS)]
    as_: Annotated[int, Field(alias="as", ge=0, lt=MAX_SEATS)]
    exact: bool = False
    names: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = None


def fork_refusal(room: Any, body: Fork, mine: int | None) -> tuple[int, str] | None:
    """Why this fork may not be made (an HTTP status and a reason), or None."""
    players = len(room.seats)
    if len(body.seats) != players:
        return 422, f"seats: a fork keeps the table's {players} seats, not {len(body.seats)}"
    if body.as_ >= players or body.seats[body.as_] != "human":
        return 422, f"as: seat {body.as_} of the fork must be a \"human\" seat (the forker plays it)"
    if room.status == "open":
        return 409, "the game has not started"
    if not room.over:
        if mine != body.as_:
            return 403, "a live table is forked only by the seat it forks from (its token)"
        if not room.option("undo", False):
            return 409, "this table is not casual (undo is off): it cannot be forked while it is played"
        if body.exact:
            return 409, "an exact fork (nothing re-dealt) is only for a finished table"
        return None
    if not revealed(room):
        if mine != body.as_:
            return 403, "this table does not reveal its cards: only the seat's own token forks it"
        if body.exact:
            return 409, "an exact fork shows every card: this table does not reveal them"
    return None


@router.post("/api/tables/{table_id}/fork", status_code=201)
async def fork_table(table_id: str, body: Fork, request: Request) -> dict[str, Any]:
    """A new private, casual table from step ``at``: the answer of ``POST /api/tables``
    (the human seats' tokens, shown once)."""
    room = await _readable(request, table_id)
    mine = token_seat(request, room)
    refused = fork_refusal(room, body, mine)
    if refused is not None:
        raise HTTPException(*refused)
    n = check_step(room, body.at)
    parent = step_states(room).state_at(room, n)
    if parent.is_terminal():
        raise HTTPException(409, f"the game is over at step {n}: there is nothing left to play")
    start = fork_state(room.game, parent, None if body.exact else body.as_, secrets.randbits(64))
    rows = seat_rows(room.table.game, body.seats, body.names)
    options = TableOptions().model_dump() | {"visibility": "private", "undo": True}
    origin = {"table": room.table.id, "at": n, "as": body.as_, "exact": body.exact}
    return await open_table(request, room.table.game, room.game.setup_json(), rows, options,
                            start={"state": start.to_json(), "from": origin})


# --- the page -----------------------------------------------------------------------------

@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    return templates.TemplateResponse(request, "replay.html", {"table_id": table_id})
