"""Bots on the server: a bot seat acts through the same path as a person.

A bot gets only the setup, its seat's observation and its legal options (what
``gloam.match`` gives every bot); its seed derives from the table's secret, the seat and
the log position, so after a restart it makes the same choice. The cheap bots (random,
greedy, heuristic: microseconds) run on the loop; the search bots (easy, normal, hard:
up to about half a second) run in a process pool, never on the loop, so one ``hard`` bot
does not freeze the other tables.

The pool is shared by every table, so its work is scheduled here, not in the pool's own
first-come queue (docs/reliability.md, "Bot capacity"). A search waits in this process
until a worker is free, and a free worker takes, in this order:

1. a table where a person waits (a person's seat, played by them and connected): these
   come first;
2. only when none waits, a table no person waits at (bots only, or its people gone), and
   only while such tables hold fewer than ``spare`` workers (all but one, when there are
   two or more: one is kept for the people) and that table's creator fewer than
   ``per_owner``.

Within each class the turn goes round the creators' addresses, and within one creator
round its tables (a table has one search at a time, so none gets a second turn before
every other waiting table had one). A 30-table bot attack from one address so gets one
share, not 30, and never the worker a person's bot needs next.

Every worker dies with the server, even one killed with SIGKILL: the pool is
:func:`gloam.workers.worker_pool`'s (each worker bound to its parent), not a forkserver
that would outlive it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

log = logging.getLogger("gloam.server")

INLINE_BOTS = frozenset({"random", "greedy", "heuristic"})
#: searches a worker runs before it is replaced by a fresh process (bounds its caches)
TASKS_PER_WORKER = 500


def bot_seed(secret: int, seat: int, seq: int) -> int:
    """A 64-bit seed for the bot at ``seat`` deciding after log entry ``seq``.

    >>> bot_seed(7, 1, 12) == bot_seed(7, 1, 12) != bot_seed(7, 1, 13)
    True
    """
    digest = hashlib.blake2b(f"{secret}:{seat}:{seq}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@lru_cache(maxsize=64)
def _game(name: str, setup: str) -> Any:
    from gloam.games import get_game

    return get_game(name, json.loads(setup))


def choose(game_name: str, setup: str, bot: str, seed: int, observation: dict[str, Any], legal: list[int]) -> int:
    """The bot's choice (runs in this process or a pool worker)."""
    from gloam.bots.registry import make_bot

    game = _game(game_name, setup)
    return make_bot(bot, game, seed=seed).choose(game, observation, list(legal))


def default_workers() -> int:
    """One search worker per core."""
    return os.cpu_count() or 1


@dataclass(eq=False)
class _Job:
    """One search waiting for (or holding) a worker."""

    args: tuple[Any, ...]
    table: str
    owner: str                       # the creator's address ("" when not known)
    person: bool                     # a person waits for this move
    future: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class _RoundRobin:
    """Waiting jobs by owner; :meth:`take` serves the owners in turn, each owner's jobs
    in the order they came."""

    def __init__(self) -> None:
        self.owners: dict[str, deque[_Job]] = {}      # insertion order: whose turn is next

    def add(self, job: _Job) -> None:
        self.owners.setdefault(job.owner, deque()).append(job)

    def take(self, allowed=lambda owner: True) -> _Job | None:
        """The next job of the first owner in turn that ``allowed`` lets run (that owner
        goes to the back of the turn), or None."""
        for owner in list(self.owners):
            queue = self.owners[owner]
            while queue and queue[0].future.done():          # its table gave up waiting
                queue.popleft()
            if not queue:
                del self.owners[owner]
                continue
            if not allowed(owner):
                continue
            job = queue.popleft()
            del self.owners[owner]
            if queue:
                self.owners[owner] = queue
            return job
        return None

    def drain(self) -> list[_Job]:
        jobs = [job for queue in self.owners.values() for job in queue]
        self.owners = {}
        return jobs

    def __len__(self) -> int:
        return sum(len(queue) for queue in self.owners.values())


class BotRunner:
    """Runs bot decisions: inline for the cheap bots, in a process pool for search, which
    takes the waiting searches in the order above. ``workers`` defaults to one per core;
    ``per_owner`` (how many workers one creator's bot-only tables may hold at once) to
    half the spare workers, at least one."""

    def __init__(self, workers: int | None = None, per_owner: int | None = None) -> None:
        self.workers = max(1, workers or default_workers())
        self.spare = max(1, self.workers - 1)
        self.per_owner = max(1, per_owner or self.spare // 2)
        self._pool: ProcessPoolExecutor | None = None
        self._people = _RoundRobin()
        self._others = _RoundRobin()
        self._busy = 0                               # searches in the pool now
        self._spare_busy: Counter[str] = Counter()   # of them for tables no person waits at, by owner
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from gloam.workers import worker_pool

            self._pool = worker_pool(self.workers, max_tasks_per_child=TASKS_PER_WORKER)
        return self._pool

    async def choose(self, game_name: str, setup: str, bot: str, seed: int, observation: dict[str, Any],
                     legal: list[int], *, table: str = "", owner: str = "", person: bool = True) -> int:
        """The bot's choice. A search waits its turn for a worker: ``person`` says a person
        waits at ``table``, ``owner`` is the address that made it."""
        if bot in INLINE_BOTS or len(legal) == 1:
            return choose(game_name, setup, bot, seed, observation, legal)
        if self._closed:
            raise RuntimeError("the bot runner is closed")
        job = _Job((game_name, setup, bot, seed, observation, legal), table, owner, person)
        (self._people if person else self._others).add(job)
        self._dispatch()
        return await job.future

    def waiting(self) -> tuple[int, int]:
        """How many searches wait: (for people, for bot-only tables)."""
        return len(self._people), len(self._others)

    def _next(self) -> _Job | None:
        job = self._people.take()
        if job is not None or sum(self._spare_busy.values()) >= self.spare:
            return job
        return self._others.take(lambda owner: self._spare_busy[owner] < self.per_owner)

    def _dispatch(self) -> None:
        """Give each free worker the next job."""
        while self._busy < self.workers and not self._closed:
            job = self._next()
            if job is None:
                return
            self._start(job)

    def _start(self, job: _Job) -> None:
        self._busy += 1
        if not job.person:
            self._spare_busy[job.owner] += 1
        try:
            running = asyncio.wrap_future(self._executor().submit(choose, *job.args))
        except Exception as exc:  # noqa: BLE001 — shut down, a worker died, no process: a new pool next time
            self._pool = None
            running = asyncio.get_running_loop().create_future()
            running.set_exception(exc)
        running.add_done_callback(lambda done: self._finished(job, done))

    def _finished(self, job: _Job, done: asyncio.Future) -> None:
        self._busy -= 1
        if not job.person:
            self._spare_busy[job.owner] -= 1
            if self._spare_busy[job.owner] <= 0:
                del self._spare_busy[job.owner]
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool) and not self._closed:   # a worker was killed: a new pool next
            log.error("the bot pool broke (%s): starting a new one", error)
            self._pool = None
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(done.result())
        self._dispatch()

    def close(self) -> None:
        self._closed = True
        for job in self._people.drain() + self._others.drain():
            if not job.future.done():
                job.future.cancel()
        if self._pool is not None:
            from gloam.workers import stop_pool

            stop_pool(self._pool)
            self._pool = None
