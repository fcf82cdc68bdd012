"""Bots on the server: a bot seat acts through the same path as a person.

A bot gets only the setup, its seat's observation and its legal options (what
``gloam.match`` gives every bot); its seed derives from the table's secret, the seat and
the log position, so after a restart it makes the same choice. The cheap bots (random,
greedy, heuristic: microseconds) run on the loop; the search bots (easy, normal, hard:
up to about half a second) run in a process pool, never on the loop, so one ``hard`` bot
does not freeze the other tables.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any

INLINE_BOTS = frozenset({"random", "greedy", "heuristic"})


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


class BotRunner:
    """Runs bot decisions: inline for the cheap bots, in a process pool for search."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("forkserver"),
                                             max_tasks_per_child=500)
        return self._pool

    async def choose(self, game_name: str, setup: str, bot: str, seed: int,
                     observation: dict[str, Any], legal: list[int]) -> int:
        if bot in INLINE_BOTS or len(legal) == 1:
            return choose(game_name, setup, bot, seed, observation, legal)
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, choose, game_name, setup, bot, seed, observation, legal)
        except BrokenProcessPool:              # a worker died (killed, out of memory): the next call starts a new pool
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
