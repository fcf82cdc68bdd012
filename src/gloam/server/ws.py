"""``/ws/tables/{id}``: the live table (docs/web-protocol.md).

The handshake's Host was checked before it got here (:mod:`gloam.server.hosts`: a name
the server does not serve is 400), so comparing the Origin with the Host means something;
the Origin is checked before the socket is accepted. The first frame is ``hello``; a seat
token in it makes the socket that seat's, no token makes it a spectator's. Then every
frame is checked for size, shape and rate before the room sees it, and the room's own
frames for this viewer are sent from its outbox by a task of its own, so a slow client
never holds up the room.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from gloam.core import SPECTATOR
from gloam.server import protocol as P
from gloam.server.room import Connection, Room
from gloam.server.rooms import ServedElsewhere
from gloam.server.seats import seat_of

try:                                   # the web extra installs orjson: the same text, ~10x faster
    import orjson

    def encode(message: dict[str, Any]) -> str:
        """A frame as compact JSON text (UTF-8 kept, no spaces).

        >>> encode({"t": "update", "line": "Ann plays ★", "n": [1, 2.5, None]})
        '{"t":"update","line":"Ann plays ★","n":[1,2.5,null]}'
        """
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:                    # pragma: no cover — without the extra's encoder
    def encode(message: dict[str, Any]) -> str:
        """A frame as compact JSON text (UTF-8 kept, no spaces)."""
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))

router = APIRouter()
log = logging.getLogger("gloam.server")

HELLO_TIMEOUT = 10.0
BAD_MESSAGES_BEFORE_CLOSE = 3
LIMITED_BEFORE_CLOSE = 20     # frames refused for rate in a row, then the socket is closed


def origin_allowed(ws: WebSocket, extra: tuple[str, ...]) -> bool:
    """No Origin (not a browser), the server's own, or one on the allow-list."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}") or origin in extra


async def _too_many_sockets(ws: WebSocket) -> bool:
    """Too many new sockets from this address (a socket is free to open: each costs a
    handshake and a welcome): refused before it is accepted, with HTTP 429 and
    ``Retry-After`` (docs/web-protocol.md, "Limits on the table sockets")."""
    wait = ws.app.state.socket_limits.refuse_socket(ws.client.host if ws.client else "")
    if wait is None:
        return False
    from fastapi.responses import JSONResponse

    if "websocket.http.response" not in ws.scope.get("extensions", {}):   # a server without denial answers
        await ws.close(P.CLOSE_POLICY)
        return True
    await ws.send_denial_response(JSONResponse({"detail": f"too many connections from your address: try again in "
                                                          f"{wait} s"}, status_code=429,
                                               headers={"Retry-After": str(wait)}))
    return True


async def _close(ws: WebSocket, code: int, msg: str) -> None:
    try:
        await ws.send_json({"t": "bye", "code": code, "msg": msg})
        await ws.close(code)
    except (RuntimeError, WebSocketDisconnect):
        pass


async def _sender(ws: WebSocket, conn: Connection) -> None:
    while True:
        message = await conn.outbox.get()
        if message is None:
            reasons = {P.CLOSE_SLOW: "too many unread updates", P.CLOSE_POLICY: "too many bad or too many fast messages",
                       P.CLOSE_RESTART: "the server is restarting"}
            await _close(ws, conn.closing or 1000, reasons.get(conn.closing or 1000, ""))
            return
        await ws.send_text(encode(message))


BINARY = "frames are JSON text; a binary frame is not read"


async def receive_text(ws: WebSocket) -> str | None:
    """The next frame's text, or None for a binary frame (:class:`WebSocketDisconnect`
    once the client has gone, as Starlette's ``receive_text`` raises)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    return message.get("text")


async def _hello(ws: WebSocket, settings: Any) -> P.Hello | None:
    try:
        text = await asyncio.wait_for(receive_text(ws), HELLO_TIMEOUT)
    except TimeoutError:
        await _close(ws, P.CLOSE_BAD_HELLO, "send hello first")
        return None
    if text is None:
        await _close(ws, P.CLOSE_BAD_HELLO, f"bad hello: {BINARY}")
        return None
    if len(text.encode("utf-8", "surrogatepass")) > settings.max_frame:
        await _close(ws, P.CLOSE_BAD_HELLO, "the hello frame is too big")
        return None
    try:
        message = P.parse_client(text)
    except P.BadMessage as exc:
        await _close(ws, P.CLOSE_BAD_HELLO, f"bad hello: {exc}")
        return None
    if not isinstance(message, P.Hello) or message.proto != P.PROTOCOL_VERSION:
        await _close(ws, P.CLOSE_BAD_HELLO, f"the first frame must be hello with proto {P.PROTOCOL_VERSION}")
        return None
    return message


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    app = ws.app
    settings = app.state.settings
    if not origin_allowed(ws, settings.origins):
        await ws.close(P.CLOSE_FORBIDDEN_ORIGIN)
        return
    if await _too_many_sockets(ws):
        return
    await ws.accept()
    hello = await _hello(ws, settings)
    if hello is None:
        return
    try:
        room: Room | None = await app.state.rooms.get(table_id) if len(table_id) <= 16 else None
    except ServedElsewhere as exc:
        await _close(ws, P.CLOSE_ELSEWHERE, str(exc))
        return
    if room is None:
        await _close(ws, P.CLOSE_NO_TABLE, f"no table {table_id!r}")
        return
    viewer = SPECTATOR
    if hello.token is not None:
        seat = seat_of(hello.token, [s.token_hash for s in room.seats])
        if seat is None:
            await _close(ws, P.CLOSE_BAD_TOKEN, "this token holds no seat at this table")
            return
        viewer = seat
    elif not room.option("spectators", True):
        await _close(ws, P.CLOSE_NO_SPECTATORS, "this table takes no spectators")
        return
    conn = Connection(viewer, hello.lang)
    room.join(conn)
    sender = asyncio.create_task(_sender(ws, conn))
    try:
        await _receive(ws, room, conn, settings)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.leave(conn)
        if conn.closing is not None:          # the room gave up on it: let the sender say bye
            try:
                await asyncio.wait_for(sender, 5)
            except (TimeoutError, Exception):  # noqa: BLE001
                pass
        sender.cancel()


async def _receive(ws: WebSocket, room: Room, conn: Connection, settings: Any) -> None:
    limits = ws.app.state.socket_limits.connection(ws.client.host if ws.client else "")
    bad = limited = 0
    while conn.closing is None:
        text = await receive_text(ws)
        if text is None:
            message: Any = None
            reason = BINARY
        elif len(text.encode("utf-8", "surrogatepass")) > settings.max_frame:
            message = None
            reason = f"a frame is at most {settings.max_frame} bytes"
        else:
            try:
                message, reason = P.parse_client(text), ""
            except P.BadMessage as exc:
                message, reason = None, str(exc)
        if message is None or isinstance(message, P.Hello):
            bad += 1
            conn.push({"t": "reject", "code": P.BAD_MESSAGE, "v": room.seq, "cid": None,
                       "msg": reason or "hello was already sent"})
            if bad >= BAD_MESSAGES_BEFORE_CLOSE:
                conn.close(P.CLOSE_POLICY)
            continue
        bad = 0
        refused = limits.refuse(message.t, room.table.id, getattr(message, "channel", None))
        if refused is not None:
            limited += 1
            conn.push({"t": "reject", "code": P.RATE_LIMITED, "v": room.seq, "cid": getattr(message, "cid", None),
                       "msg": refused})
            if limited >= LIMITED_BEFORE_CLOSE:
                conn.close(P.CLOSE_POLICY)
            continue
        limited = 0
        if isinstance(message, P.Ping):
            conn.push({"t": "pong", "v": room.seq})
        elif isinstance(message, P.Sync):
            conn.push(room.welcome(conn))
        elif isinstance(message, P.Mute):
            conn.mute_spectators = message.spectators and conn.viewer != SPECTATOR
            conn.push({"t": "muted", "spectators": conn.mute_spectators})
        else:
            cid = getattr(message, "cid", None)
            verdict = await _dispatch(room, conn, message)
            if not verdict.ok:
                conn.push({"t": "reject", "code": verdict.code, "v": verdict.seq, "cid": cid, "msg": verdict.msg})
            elif verdict.duplicate:
                conn.push({"t": "ack", "cid": cid, "v": verdict.seq})


async def _dispatch(room: Room, conn: Connection, message: Any):
    """The room's answer to one rate-limited request (an act, an undo, a chat line …)."""
    if isinstance(message, P.Act):
        return await room.act(conn.viewer, message.v, message.a, message.cid)
    if isinstance(message, P.Undo):
        return await room.undo(conn.viewer, message.v, message.cid)
    if isinstance(message, P.Chat):
        return await room.say(conn, message.channel, message.text)
    if isinstance(message, P.Takeover):
        return await room.vote_takeover(conn.viewer, message.seat)
    return await room.reclaim(conn.viewer, message.cid)
