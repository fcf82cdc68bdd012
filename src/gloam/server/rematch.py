"""Rematches (docs/web-protocol.md, "Rematch"): once a table is over, any of its people
offers a rematch with their seat's token, and each of the others takes it up with theirs.

The rematch is a new table with the same game, setup, seats and options (a fresh deal
with a seed of its own), except that the next seat goes first (both games' setups name
the first player), so a run of rematches takes turns. It is private, and each person's
seat is kept for that person: its single-use invite *is* the old seat's token (the
rematch stores that token's hash, nothing new is handed out), so only the one who played
the seat can take it. Bots keep their seats. The rematch has no creator's key: it starts by itself once its last seat is
taken. A table has at most one rematch; the old table's `rematch` names it, so everyone
still at the old table (players and spectators) is told at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from gloam.server.api import _room, bearer, open_table
from gloam.server.room import Room, SeatRefused
from gloam.server.seats import new_token, seat_of, token_hash
from gloam.server.store import repo

router = APIRouter()


def rematch_seats(room: Room) -> list[repo.SeatRow]:
    """The rematch's seats: each bot again, each person's seat open and kept for them."""
    return [repo.SeatRow(s.seat, s.name, "bot", s.bot, None) if s.kind == "bot"
            else repo.SeatRow(s.seat, s.name, "open", None, None, s.token_hash) for s in room.seats]


def rematch_setup(room: Room) -> dict[str, Any]:
    """The table's setup with the next seat going first."""
    setup = room.game.setup_json()
    if "first_player" in setup:
        setup["first_player"] = (int(setup["first_player"]) + 1) % len(room.seats)
    return setup


async def _rematch_of(request: Request, room: Room) -> Room:
    """The rematch of ``room``, made now if nobody offered one yet (under the finished
    table's lock: two people asking at once make one rematch)."""
    async with room.lock:
        if room.table.rematch is None:
            options = {**room.table.options, "visibility": "private"}
            made = await open_table(request, room.table.game, rematch_setup(room), rematch_seats(room),
                                    options, rematch_of=room.table.id)
            try:
                await room.writer.write([repo.set_rematch(room.table.id, made["id"])])
            except Exception:  # noqa: BLE001 — not linked: the new table is left open and unknown
                raise HTTPException(503, "the server could not store that; try again") from None
            room.table = replace(room.table, rematch=made["id"])
            room.announce_table()
    assert room.table.rematch is not None
    return await _room(request, room.table.rematch)


@router.post("/api/tables/{table_id}/rematch")
async def rematch(table_id: str, request: Request) -> dict[str, Any]:
    """Offer a rematch of a finished table, or take up the one offered
    (``Authorization: Bearer SEAT_TOKEN``): the answer is ``join``'s, the caller's seat
    in the rematch and its new token (shown once)."""
    room = await _room(request, table_id)
    token = bearer(request)
    seat = seat_of(token, [s.token_hash if s.kind == "human" else None for s in room.seats]) if token else None
    if seat is None:
        raise HTTPException(403, "a rematch is offered or taken up with your seat's token at this table")
    if not room.over:
        raise HTTPException(409, "a rematch is offered once the game is over")
    new = await _rematch_of(request, room)
    if new.seats[seat].kind != "open":
        raise HTTPException(409, f"you have joined this rematch already: /t/{new.table.id}")
    fresh = new_token()
    try:
        taken = await new.take_seat(invite=token, seat=None, name=None, token_hash=token_hash(fresh))
    except SeatRefused as exc:
        raise HTTPException(exc.status, str(exc)) from None
    return {"seat": taken, "token": fresh, "url": f"/t/{new.table.id}", "table": new.info()}
