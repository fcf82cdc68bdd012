"""Rate limits: token buckets per WebSocket connection (acts, chat lines; ``sync``, ``ping``
and ``mute``), per client address for what a reconnect would otherwise get afresh (chat
lines; ``sync``, ``ping`` and ``mute``: :class:`SocketLimits`), per table channel for chat,
and per client address for the HTTP requests that make or change a table (``POST /api/…``:
a new table, a join, a start, a fork, a rematch). Over a limit, a request is refused and
changes nothing (docs/web-protocol.md, "Limits")."""

from __future__ import annotations

import math
import time


class TokenBucket:
    """``burst`` actions at once, then ``rate`` a second.

    >>> bucket = TokenBucket(2, 1.0, now=lambda: 0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    def __init__(self, burst: int, rate: float, now=time.monotonic) -> None:
        self.burst, self.rate, self.now = burst, rate, now
        self.tokens = float(burst)
        self.stamp = now()

    def _refill(self) -> None:
        t = self.now()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next action would be allowed (0 if it is now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate if self.rate > 0 else math.inf

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


class AddressLimits:
    """One :class:`TokenBucket` per client address: ``burst`` requests, then ``per_minute``.
    Addresses in ``exempt`` (by default the loopback ones: a player on this machine, the
    tests and benchmarks; behind a reverse proxy on this host uvicorn reads the client's
    address from ``X-Forwarded-For``) are not limited; ``burst`` 0 turns the limit off.
    At most ``most`` addresses are remembered: past that, the idle ones (full buckets) are
    forgotten.

    >>> t = [0.0]
    >>> limits = AddressLimits(2, 60.0, (), now=lambda: t[0])
    >>> [limits.refuse("10.0.0.1") for _ in range(3)], limits.refuse("10.0.0.2")
    ([None, None, 1], None)
    >>> t[0] = 1.0
    >>> limits.refuse("10.0.0.1")
    >>> frozen = AddressLimits(1, 0.0, ()); frozen.refuse("a"); frozen.refuse("a")
    86400
    """

    def __init__(self, burst: int, per_minute: float, exempt: tuple[str, ...], now=time.monotonic,
                 most: int = 10_000) -> None:
        self.burst, self.rate, self.exempt, self.now, self.most = burst, per_minute / 60.0, set(exempt), now, most
        self.buckets: dict[str, TokenBucket] = {}

    def refuse(self, address: str) -> int | None:
        """None if a request from ``address`` may go on now (and counts it), else the
        whole seconds to wait (for ``Retry-After``)."""
        if self.burst <= 0 or address in self.exempt:
            return None
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
                if len(self.buckets) >= self.most:          # still too many busy ones: the newest half stays
                    self.buckets = dict(list(self.buckets.items())[len(self.buckets) // 2:])
            bucket = self.buckets[address] = TokenBucket(self.burst, self.rate, self.now)
        if bucket.take():
            return None
        return max(1, math.ceil(min(bucket.wait(), 86_400.0)))   # a rate of 0: "a day", not infinity


#: the frames that only read (a fresh welcome, a pong, the mute setting): their own buckets
READS = ("sync", "ping", "mute")


class SocketLimits:
    """The table sockets' limits that outlive a connection, one set per server: a socket
    is free to open, so a per-connection bucket alone is dodged by reconnecting (issue 23:
    400 connections stored 4,000 chat lines at 458 a second; spectators reconnecting to
    ``sync`` held another table's game up). Chat lines count against the client's address
    and against the table's channel (every sender at that table together); ``sync``,
    ``ping`` and ``mute`` against the address; and so does each new socket (its handshake
    and its welcome). Addresses in ``socket_exempt`` (by default the loopback ones, as for
    ``POST``: a player on this machine, a proxy on this host that hides its clients) are not
    limited by address; the per-table limit holds for everyone.

    >>> from gloam.server.settings import Settings
    >>> limits = SocketLimits(Settings(chat_table=(2, 0.0)))
    >>> one, two = limits.connection("10.0.0.1"), limits.connection("10.0.0.2")
    >>> one.refuse("chat", "t1", "players"), two.refuse("chat", "t1", "players"), one.refuse("chat", "t1", "players")
    (None, None, 'too many chat lines at this table; try again in 86400 s')
    >>> one.refuse("chat", "t1", "spectators"), one.refuse("chat", "t2", "players")
    (None, None)
    """

    def __init__(self, settings) -> None:
        self.settings = settings
        exempt = settings.socket_exempt
        self.chat_by_address = AddressLimits(settings.chat_address[0], settings.chat_address[1], exempt)
        self.chat_by_table = AddressLimits(settings.chat_table[0], settings.chat_table[1], ())
        self.reads_by_address = AddressLimits(settings.reads_address[0], settings.reads_address[1] * 60, exempt)
        self.sockets_by_address = AddressLimits(settings.sockets_address[0], settings.sockets_address[1], exempt)

    def refuse_socket(self, address: str) -> int | None:
        """None if ``address`` may open a socket now (and counts it), else the seconds to wait."""
        return self.sockets_by_address.refuse(address)

    def connection(self, address: str) -> ConnectionLimits:
        return ConnectionLimits(self, address)


class ConnectionLimits:
    """One socket's limits: its own buckets (acts, undos, chat, takeovers and reclaims in
    one; ``sync``, ``ping`` and ``mute`` in another), then the shared ones of
    :class:`SocketLimits`."""

    def __init__(self, shared: SocketLimits, address: str) -> None:
        settings = shared.settings
        self.shared, self.address = shared, address
        self.actions = TokenBucket(settings.rate_burst, settings.rate_per_s)
        self.reads = TokenBucket(settings.reads_burst, settings.reads_per_s)

    def refuse(self, kind: str, table: str, channel: str | None = None) -> str | None:
        """None if a frame of type ``kind`` (at ``table``; a chat line on ``channel``) may
        go on now, and counts it; else the reason of its ``rate_limited`` reject."""
        if kind in READS:
            if not self.reads.take():
                return "too many sync, ping or mute messages; slow down"
            wait = self.shared.reads_by_address.refuse(self.address)
            return None if wait is None else f"too many sync, ping or mute messages from your address; " \
                                             f"try again in {wait} s"
        if not self.actions.take():
            return "too many messages; slow down"
        if kind != "chat":
            return None
        wait = self.shared.chat_by_address.refuse(self.address)
        if wait is not None:
            return f"too many chat lines from your address; try again in {wait} s"
        wait = self.shared.chat_by_table.refuse(f"{table}/{channel}")
        return None if wait is None else f"too many chat lines at this table; try again in {wait} s"
