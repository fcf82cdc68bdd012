"""The WebSocket transport: uvicorn's own (``websockets``' sans-I/O protocol), with the
reading bounded so that one client cannot make the server parse more than the table
socket reads.

uvicorn's protocol parses **every** frame of each chunk the socket hands it (up to 256 KB,
some 8,000 small frames) in one go, before the application reads any of them, and keeps
parsing what a client sends after the server has closed the connection, until the client
answers the close. A client sending ``sync`` or ``ping`` as fast as it can therefore cost
the server more than everything else it did (issue 23: under 4 such sockets a game on
another table got no acknowledgement for 8 s, and 484,000 frames were parsed of which the
application read 231). Here:

* at most :data:`CHUNK` bytes are parsed at a time, and parsing stops while
  :data:`QUEUED` messages wait for the application; the rest stays unread in the socket,
  so a flooding client fills its own TCP window, not the server's loop (the application
  drains its queue at its own pace, limits and closes it: :mod:`gloam.server.limits`);
* a refusal before the handshake (HTTP 429) is not logged as an error;
* once the server has sent its close frame, whatever the client still sends is not
  parsed: the connection is closed at the next data (its close reply included).

Used by ``gloam serve`` and the test server (``uvicorn.Config(..., ws=BoundedWebSockets)``).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

CHUNK = 1024        # bytes parsed at a time (a text frame from a client is at most 4 KiB anyway)
QUEUED = 8          # messages waiting for the application before parsing stops


class BoundedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, parsing only as far as the application reads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._unparsed = bytearray()

    def data_received(self, data: bytes) -> None:
        if self.close_sent:                  # closed by the server: nothing more is read
            self.transport.close()
            return
        self._unparsed += data
        self._parse()

    def _parse(self) -> None:
        while self._unparsed and self.queue.qsize() < QUEUED and not self.close_sent:
            chunk = bytes(self._unparsed[:CHUNK])
            del self._unparsed[:CHUNK]
            self.conn.receive_data(chunk)
            if self.conn.parser_exc is not None:  # pragma: no cover — as uvicorn's own
                self.handle_parser_exception()
                return
            self.handle_events()
        if self._unparsed and not self.read_paused and not self.transport.is_closing():
            self.read_paused = True
            self.transport.pause_reading()

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            # a refusal before the handshake (429: too many sockets) is an answer: uvicorn
            # 0.54 would log "returned without completing handshake" for each one
            self.handshake_complete = True

    async def receive(self) -> Any:
        message = await self.queue.get()
        if self._unparsed and self.queue.qsize() < QUEUED and not self.close_sent:
            self._parse()
        if self.read_paused and self.queue.empty() and not self._unparsed:
            self.read_paused = False
            self.transport.resume_reading()
        return message
