"""Rate limits: a token bucket per WebSocket connection (acts, chat lines) and one per
client address for the HTTP requests that make or change a table (``POST /api/…``: a new
table, a join, a start, a fork, a rematch). Over a limit, a request is refused and changes nothing
(docs/web-protocol.md, "Limits")."""

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
