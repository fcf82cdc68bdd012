"""Many bot-vs-bot games, optionally spread over local worker processes (no terminal I/O).

Game ``i`` of a run with master seed ``seed`` is dealt from ``derive_seed(seed, i)`` and
the bot in seat ``p`` is made with ``derive_seed(seed, i, p + 1)``, so every game is fixed
by (setup, seats, seed, i) alone: the same seed gives exactly the same result with 1 or
with 8 workers.

>>> result = simulate("nightmarium", {}, ["random", "random"], games=4, seed=7)
>>> result.games, sum(result.wins) + result.draws
(4, 4)
>>> result.wins == simulate("nightmarium", {}, ["random", "random"], games=4, seed=7).wins
True
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from gloam.bots import make_bot
from gloam.core.errors import SetupError
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match

#: the turn limit a simulation uses unless its setup names one (0 there: no limit).
#: Random Nightmarium games last ~55 turns; a game reaching this limit is a draw.
DEFAULT_TURN_LIMIT = 1000
#: the most games one worker task plays, so a long run reports progress often
MAX_CHUNK = 200
#: tasks per worker to aim for, so workers finishing at different speeds stay busy
TASKS_PER_WORKER = 4
#: z for a two-sided 95% interval
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a simulation keeps of one game: the winning seat (-1: none), the turn the
    game ended on, and the number of actions applied."""

    winner: int
    turns: int
    decisions: int


@dataclass
class SimulationResult:
    """The totals of a simulation run, aggregated in game order."""

    game: str
    setup: dict[str, Any]
    seats: list[str]
    seed: int
    games: int
    workers: int
    wins: list[int]
    draws: int
    total_turns: int
    decisions: int
    wall_s: float
    per_game: list[GameSummary] = field(default_factory=list, repr=False)

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.games if self.games else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.wall_s if self.wall_s > 0 else math.inf

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.wall_s if self.wall_s > 0 else math.inf

    def win_rate(self, seat: int) -> float:
        return self.wins[seat] / self.games if self.games else 0.0

    def win_interval(self, seat: int) -> tuple[float, float]:
        """The 95% Wilson score interval of seat ``seat``'s win rate."""
        return wilson_interval(self.wins[seat], self.games)

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON-able data (the per-game list is left out)."""
        return {
            "game": self.game,
            "setup": self.setup,
            "seats": list(self.seats),
            "seed": self.seed,
            "games": self.games,
            "workers": self.workers,
            "wins": list(self.wins),
            "win_rates": [self.win_rate(p) for p in range(len(self.seats))],
            "win_ci95": [list(self.win_interval(p)) for p in range(len(self.seats))],
            "draws": self.draws,
            "mean_turns": self.mean_turns,
            "decisions": self.decisions,
            "wall_s": self.wall_s,
            "games_per_s": self.games_per_s,
            "decisions_per_s": self.decisions_per_s,
        }


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 10)[0], wilson_interval(0, 0)
    (0.0, (0.0, 1.0))
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def simulation_setup(game_name: str, setup: dict[str, Any] | None, seats: Sequence[str]) -> dict[str, Any]:
    """The setup a simulation really plays: ``players`` is the number of seats and
    ``turn_limit`` defaults to :data:`DEFAULT_TURN_LIMIT`. Raises :class:`SetupError`
    for a setup the game rejects or a ``players`` that disagrees with the seats."""
    full = dict(setup or {})
    if "players" in full and full["players"] != len(seats):
        raise SetupError(f"setup has players={full['players']!r} but {len(seats)} seats were given")
    full["players"] = len(seats)
    full.setdefault("turn_limit", DEFAULT_TURN_LIMIT)
    get_game(game_name, full)  # validates
    return full


def play_games(game_name: str, setup: dict[str, Any], seats: Sequence[str], seed: int,
               start: int, stop: int) -> list[GameSummary]:
    """Play games ``start`` .. ``stop - 1`` of a run (the unit of work of a worker)."""
    game = get_game(game_name, setup)
    return [_play_one(game, seats, seed, i) for i in range(start, stop)]


def _play_one(game: Any, seats: Sequence[str], seed: int, index: int) -> GameSummary:
    bots = [make_bot(name, game, seed=derive_seed(seed, index, p + 1)) for p, name in enumerate(seats)]
    match = play_match(game, bots, seed=derive_seed(seed, index))
    state = match.state
    return GameSummary(_winner(state.returns()), int(getattr(state, "turn", 0)), match.decisions)


def _winner(returns: Sequence[float]) -> int:
    """The seat with the unique best payoff, or -1 when no seat stands out (a draw)."""
    best = max(returns)
    if best == min(returns) or list(returns).count(best) != 1:
        return -1
    return list(returns).index(best)


def _check_run(seats: Sequence[str], games: int, workers: int, seed: int) -> None:
    for name, value, least in (("games", games, 1), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise SetupError(f"{name} must be an integer >= {least}, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be an integer, not {seed!r}")
    if not seats or not all(isinstance(s, str) and s for s in seats):
        raise SetupError("seats must be a non-empty list of bot names")


def check_simulation(game_name: str, setup: dict[str, Any] | None, seats: Sequence[str], games: int,
                     workers: int = 1, seed: int = 0) -> dict[str, Any]:
    """Check a simulation's options without playing; returns the setup it would play
    (see :func:`simulation_setup`). Raises :class:`SetupError` with a one-line reason.

    >>> check_simulation("nightmarium", {}, ["random", "random"], games=10)["turn_limit"]
    1000
    >>> check_simulation("nightmarium", {}, ["random", "nobody"], games=10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gloam.core.errors.SetupError: no bot 'nobody' for nightmarium; choose from ...
    """
    _check_run(seats, games, workers, seed)
    full_setup = simulation_setup(game_name, setup, seats)
    game = get_game(game_name, full_setup)
    for name in seats:
        make_bot(name, game, seed=0)  # an unknown bot name fails here, before any work
    return full_setup


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Consecutive game ranges, a few per worker and at most :data:`MAX_CHUNK` long."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * TASKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def simulate(game_name: str, setup: dict[str, Any] | None, seats: list[str], games: int, seed: int,
             workers: int = 1, progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Play ``games`` games of ``game_name`` with the named bots in ``seats`` (one seat
    per player) and total the results.

    ``workers`` > 1 spreads chunks of games over that many local processes (started
    with the ``spawn`` method, so this works on every platform); the result does not
    depend on it, only ``wall_s`` does. As with any ``spawn`` pool, a script that
    calls this with ``workers`` > 1 must do so under ``if __name__ == "__main__":``.
    ``progress``, if given, is called with the
    number of games completed so far. Raises :class:`SetupError` for bad options
    (unknown game or bot, wrong number of seats, ``games`` or ``workers`` < 1).
    """
    seats = list(seats)
    full_setup = check_simulation(game_name, setup, seats, games, workers, seed)
    game = get_game(game_name, full_setup)
    started = time.perf_counter()
    chunks = _chunks(games, workers)
    if workers == 1 or len(chunks) == 1:
        per_game = _run_here(game, seats, seed, games, progress)
        workers_used = 1
    else:
        workers_used = min(workers, len(chunks))
        per_game = _run_pool(game_name, full_setup, seats, seed, chunks, workers_used, progress)
    wall = time.perf_counter() - started
    return _total(game_name, full_setup, seats, seed, workers_used, per_game, wall)


def _run_here(game: Any, seats: list[str], seed: int, games: int,
              progress: Callable[[int], None] | None) -> list[GameSummary]:
    per_game = []
    for i in range(games):
        per_game.append(_play_one(game, seats, seed, i))
        if progress is not None:
            progress(i + 1)
    return per_game


def _run_pool(game_name: str, setup: dict[str, Any], seats: list[str], seed: int,
              chunks: list[tuple[int, int]], workers: int,
              progress: Callable[[int], None] | None) -> list[GameSummary]:
    """Run the chunks on a process pool; put the results back in game order."""
    results: list[list[GameSummary] | None] = [None] * len(chunks)
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        pending: dict[Future, int] = {
            pool.submit(play_games, game_name, setup, seats, seed, start, stop): k
            for k, (start, stop) in enumerate(chunks)
        }
        completed = 0
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                chunk = future.result()
                results[pending.pop(future)] = chunk
                completed += len(chunk)
            if progress is not None:
                progress(completed)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return [summary for chunk in results for summary in chunk]  # type: ignore[union-attr]


def _total(game_name: str, setup: dict[str, Any], seats: list[str], seed: int, workers: int,
           per_game: list[GameSummary], wall: float) -> SimulationResult:
    wins = [0] * len(seats)
    draws = turns = decisions = 0
    for g in per_game:
        if g.winner < 0:
            draws += 1
        else:
            wins[g.winner] += 1
        turns += g.turns
        decisions += g.decisions
    return SimulationResult(game=game_name, setup=setup, seats=seats, seed=seed, games=len(per_game),
                            workers=workers, wins=wins, draws=draws, total_turns=turns,
                            decisions=decisions, wall_s=wall, per_game=per_game)
