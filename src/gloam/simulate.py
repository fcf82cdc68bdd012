"""Many bot-vs-bot games, in this process, on local worker processes or on a Ray cluster
(no terminal I/O).

Game ``i`` of a run with master seed ``seed`` is dealt from ``derive_seed(seed, i)`` and
the bot in seat ``p`` is made with ``derive_seed(seed, i, p + 1)``, so every game is fixed
by (setup, seats, seed, i) alone: the same seed gives exactly the same result with 1 or
with 8 workers, on local processes (``backend="local"``) or on Ray (``backend="ray"``).
Ray is an optional extra (``pip install 'gloam[ray]'``) imported only when it is chosen.

>>> result = simulate("nightmarium", {}, ["random", "random"], games=4, seed=7)
>>> result.games, sum(result.wins) + result.draws
(4, 4)
>>> result.wins == simulate("nightmarium", {}, ["random", "random"], games=4, seed=7).wins
True
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from gloam.bots import make_bot
from gloam.core.errors import GloamError, SetupError
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.workers import count_games, run_tasks

#: the turn limit a simulation uses unless its setup names one (0 there: no limit).
#: Random Nightmarium games last ~55 turns; a game reaching this limit is a draw.
DEFAULT_TURN_LIMIT = 1000
#: the most games one worker task plays, so a long run reports progress often
MAX_CHUNK = 200
#: tasks per worker to aim for, so workers finishing at different speeds stay busy
TASKS_PER_WORKER = 4
#: z for a two-sided 95% interval
Z95 = 1.959963984540054
#: where the games can run: this machine's processes, or a Ray cluster
BACKENDS = ("local", "ray")
#: object store of a local Ray instance started by :func:`simulate`; a chunk's result is
#: a few kilobytes, so Ray's default (30% of the memory) would only be reserved in vain
RAY_OBJECT_STORE_BYTES = 128 * 1024 * 1024
#: seconds to wait for a TCP answer from a ``HOST:PORT`` Ray address before giving up
#: (``ray.init`` itself retries an unreachable address for minutes)
RAY_CONNECT_TIMEOUT_S = 5.0


class BackendError(GloamError):
    """The chosen backend could not run the games: Ray could not start or connect, or a
    Ray task failed (e.g. gloam is not installed on a node of the cluster)."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a simulation keeps of one game: the winning seat (-1: none, or several
    winners), the turn the game ended on, the number of actions applied, and every
    winning seat (both teammates of a Nightfall team game)."""

    winner: int
    turns: int
    decisions: int
    winners: tuple[int, ...] = ()


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
    backend: str = "local"
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
            "backend": self.backend,
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
    winners = _winners(state.returns())
    return GameSummary(winners[0] if len(winners) == 1 else -1, int(getattr(state, "turn", 0)), match.decisions,
                       winners)


def _winners(returns: Sequence[float]) -> tuple[int, ...]:
    """The seats with the best payoff (one, or a winning team), or none when every seat
    has the same payoff (a draw).

    >>> _winners([1.0, -1.0]), _winners([1.0, -1.0, 1.0, -1.0]), _winners([0.0, 0.0])
    ((0,), (0, 2), ())
    """
    best = max(returns)
    if best == min(returns):
        return ()
    return tuple(p for p, r in enumerate(returns) if r == best)


def _check_run(seats: Sequence[str], games: int, workers: int | None, seed: int) -> None:
    for name, value in (("games", games), ("workers", workers)):
        if name == "workers" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SetupError(f"{name} must be an integer >= 1, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be an integer, not {seed!r}")
    if not seats or not all(isinstance(s, str) and s for s in seats):
        raise SetupError("seats must be a non-empty list of bot names")


def check_simulation(game_name: str, setup: dict[str, Any] | None, seats: Sequence[str], games: int,
                     workers: int | None = None, seed: int = 0, backend: str = "local",
                     address: str | None = None) -> dict[str, Any]:
    """Check a simulation's options without playing; returns the setup it would play
    (see :func:`simulation_setup`). Raises :class:`SetupError` with a one-line reason,
    also for an unknown backend, an ``address`` without ``backend="ray"``, or the ray
    backend without Ray installed (nothing is started or connected to here).

    >>> check_simulation("nightmarium", {}, ["random", "random"], games=10)["turn_limit"]
    1000
    >>> check_simulation("nightmarium", {}, ["random", "nobody"], games=10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gloam.core.errors.SetupError: no bot 'nobody' for nightmarium; choose from ...
    """
    _check_run(seats, games, workers, seed)
    _check_backend(backend, address)
    full_setup = simulation_setup(game_name, setup, seats)
    game = get_game(game_name, full_setup)
    for name in seats:
        make_bot(name, game, seed=0)  # an unknown bot name fails here, before any work
    return full_setup


def _check_backend(backend: str, address: str | None) -> None:
    if backend not in BACKENDS:
        raise SetupError(f"backend must be one of {', '.join(map(repr, BACKENDS))}, not {backend!r}")
    if address is not None:
        if backend != "ray":
            raise SetupError("an address is only for the ray backend (backend='ray')")
        if not isinstance(address, str) or not address.strip():
            raise SetupError(f"address must be a Ray cluster address such as 'HOST:6379', not {address!r}")
    if backend == "ray":
        import_ray(local=address is None)


def import_ray(local: bool = True) -> ModuleType:
    """The ``ray`` module, imported on first use; :class:`SetupError` saying how to
    install it when it is missing. For a private local instance (``local``) Ray is told
    to talk over loopback only: without it, Ray binds its services to the machine's
    network address."""
    if local:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback (ray_constants)
    try:
        import ray
    except ImportError as exc:
        raise SetupError("the ray backend needs Ray, which is not installed:"
                         " install gloam[ray] (pip install 'gloam[ray]')") from exc
    return ray


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Consecutive game ranges, a few per worker and at most :data:`MAX_CHUNK` long."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * TASKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def simulate(game_name: str, setup: dict[str, Any] | None, seats: list[str], games: int, seed: int,
             workers: int | None = None, progress: Callable[[int], None] | None = None,
             backend: str = "local", address: str | None = None) -> SimulationResult:
    """Play ``games`` games of ``game_name`` with the named bots in ``seats`` (one seat
    per player) and total the results.

    The result does not depend on ``workers`` or ``backend``, only ``wall_s`` does:
    game ``i`` is fixed by the seed and ``i``, and results are put back in game order.

    ``backend="local"``: ``workers`` (default 1: play in this process) > 1 spreads chunks
    of games over that many local processes, started with the ``spawn`` method so this
    works on every platform. As with any ``spawn`` pool, a script that calls this with
    ``workers`` > 1 must do so under ``if __name__ == "__main__":``.

    ``backend="ray"``: each chunk is a Ray task. With ``address=None`` a private local Ray
    instance with ``workers`` CPUs (default: this machine's count) is started and shut
    down at the end; with an ``address`` (``HOST:PORT`` of a cluster's head, or ``auto``)
    this process joins that cluster as a driver and disconnects at the end. On a cluster
    as many tasks are in flight as it has CPUs (at most ``workers``, if given). If Ray is
    already initialised in this process that runtime is used and left running. Every
    node needs the same gloam installed (see ``docs/simulation.md``).

    ``progress``, if given, is called with the number of games completed so far (after
    each chunk). Raises :class:`SetupError` for bad options (unknown game, bot or backend,
    wrong number of seats, ``games`` or ``workers`` < 1, Ray missing) and
    :class:`BackendError` when Ray cannot start, connect or run a task.
    """
    seats = list(seats)
    full_setup = check_simulation(game_name, setup, seats, games, workers, seed, backend, address)
    started = time.perf_counter()
    if backend == "ray":
        per_game, workers_used = _run_ray(game_name, full_setup, seats, seed, games, workers, address, progress)
    else:
        per_game, workers_used = _run_local(game_name, full_setup, seats, seed, games, workers or 1, progress)
    wall = time.perf_counter() - started
    return _total(game_name, full_setup, seats, seed, workers_used, per_game, wall, backend)


def _run_local(game_name: str, setup: dict[str, Any], seats: list[str], seed: int, games: int, workers: int,
               progress: Callable[[int], None] | None) -> tuple[list[GameSummary], int]:
    """Play in this process, or on a pool when there are workers and chunks to share."""
    chunks = _chunks(games, workers)
    if workers == 1 or len(chunks) == 1:
        return _run_here(get_game(game_name, setup), seats, seed, games, progress), 1
    workers_used = min(workers, len(chunks))
    return _run_pool(game_name, setup, seats, seed, chunks, workers_used, progress), workers_used


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
    """Run the chunks on local worker processes that exit with this one
    (:mod:`gloam.workers`); put the results back in game order."""
    tasks = [(play_games, (game_name, setup, seats, seed, start, stop)) for start, stop in chunks]
    return [summary for chunk in run_tasks(tasks, workers, count_games(progress)) for summary in chunk]


def _run_ray(game_name: str, setup: dict[str, Any], seats: list[str], seed: int, games: int,
             workers: int | None, address: str | None,
             progress: Callable[[int], None] | None) -> tuple[list[GameSummary], int]:
    """Run the chunks as Ray tasks, one in flight per CPU used; games back in order."""
    ray = import_ray(local=address is None)
    started_here = _connect_ray(ray, workers, address)
    try:
        cpus = _ray_cpus(ray)
        parallel = min(workers, cpus) if workers else cpus
        chunks = _chunks(games, parallel)
        in_flight = min(parallel, len(chunks))
        return _gather_ray(ray, (game_name, setup, seats, seed), chunks, in_flight, progress), in_flight
    finally:
        if started_here:
            ray.shutdown()


def _connect_ray(ray: ModuleType, workers: int | None, address: str | None) -> bool:
    """Start a local Ray instance or connect to ``address``; True when this call did
    (so the run must shut it down), False when Ray was already initialised here."""
    if ray.is_initialized():
        if address is not None:
            raise SetupError("Ray is already initialised in this process; leave the address out to use it")
        return False
    if address is None:
        cpus = workers or os.cpu_count() or 1
        what = f"start a local Ray instance with {cpus} CPUs"
        options = ray_local_options(cpus)
    else:
        _check_reachable(address)
        what = f"connect to the Ray cluster at {address}"
        options = {"address": address, "log_to_driver": False, "logging_level": logging.ERROR}
    try:
        ray.init(**options)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError, its own errors...
        ray.shutdown()  # undo a half-done init; harmless when nothing was started
        raise BackendError(f"could not {what}: {_one_line(exc)}{_auth_hint(exc)}") from exc
    return True


def _auth_hint(exc: BaseException) -> str:
    """A hint when Ray's token authentication refused this process (the reason is only
    in the text of an exception further down the chain)."""
    seen: BaseException | None = exc
    while seen is not None:
        if "InvalidAuthToken" in str(seen) or type(seen).__name__ == "AuthenticationError":
            return ("; the cluster refused this process's authentication token: set RAY_AUTH_TOKEN"
                    " (or the file ~/.ray/auth_token) to the token of the cluster's head")
        seen = seen.__cause__ or seen.__context__
    return ""


def ray_local_options(cpus: int) -> dict[str, Any]:
    """The ``ray.init`` options of the private local Ray instance a run starts: a new
    instance even if another runs on this machine, ``cpus`` CPUs, no dashboard, a small
    object store, and nothing from Ray or its workers on this process's terminal but
    errors (loopback networking: see :func:`import_ray`).

    >>> ray_local_options(2)["address"], ray_local_options(2)["num_cpus"]
    ('local', 2)
    """
    return {"address": "local", "num_cpus": cpus, "include_dashboard": False,
            "object_store_memory": RAY_OBJECT_STORE_BYTES, "log_to_driver": False,
            "logging_level": logging.ERROR}


def _check_reachable(address: str) -> None:
    """Fail within seconds, with the reason, when nothing answers at a ``HOST:PORT`` (or
    ``ray://HOST:PORT``) address; other forms (``auto``) are left to Ray."""
    target = _host_port(address)
    if target is None:
        return
    try:
        with socket.create_connection(target, timeout=RAY_CONNECT_TIMEOUT_S):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BackendError(f"no Ray cluster answers at {address} ({reason});"
                           " start one with `ray start --head` or check the address") from exc


def _host_port(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a ``[ray://]HOST:PORT`` address, else None.

    >>> _host_port("10.0.0.5:6379"), _host_port("ray://[::1]:10001"), _host_port("auto")
    (('10.0.0.5', 6379), ('::1', 10001), None)
    """
    rest = address.strip().removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def _ray_cpus(ray: ModuleType) -> int:
    cpus = int(ray.cluster_resources().get("CPU", 0))
    if cpus < 1:
        raise BackendError("the Ray cluster has no CPUs to play games on")
    return cpus


def _gather_ray(ray: ModuleType, run: tuple[str, dict[str, Any], list[str], int], chunks: list[tuple[int, int]],
                in_flight: int, progress: Callable[[int], None] | None) -> list[GameSummary]:
    """Keep ``in_flight`` chunk tasks running (a new one as each ends); results in game order."""
    task = ray.remote(play_games)
    results: list[list[GameSummary] | None] = [None] * len(chunks)
    queue: Iterator[tuple[int, tuple[int, int]]] = iter(enumerate(chunks))
    running: dict[Any, int] = {}

    def submit(count: int) -> None:
        for k, (start, stop) in itertools.islice(queue, count):
            running[task.remote(*run, start, stop)] = k

    completed = 0
    try:
        submit(in_flight)
        while running:
            done, _ = ray.wait(list(running), num_returns=1)
            for ref in done:
                chunk = ray.get(ref)
                results[running.pop(ref)] = chunk
                completed += len(chunk)
                submit(1)
            if progress is not None:
                progress(completed)
    except BaseException as exc:
        for ref in running:
            with contextlib.suppress(Exception):  # best effort: the run is failing anyway
                ray.cancel(ref)
        if isinstance(exc, ray.exceptions.RayError):
            raise BackendError(f"a Ray task failed: {_ray_cause(exc)}"
                               " (is the same gloam installed on every node?)") from exc
        raise
    return [summary for chunk in results for summary in chunk]  # type: ignore[union-attr]


def _ray_cause(exc: BaseException) -> str:
    """What went wrong in a Ray task, in one line (the task's own exception if any)."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, BaseException):
        return f"{type(cause).__name__}: {_one_line(cause)}"
    return _one_line(exc)


def _one_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def _total(game_name: str, setup: dict[str, Any], seats: list[str], seed: int, workers: int,
           per_game: list[GameSummary], wall: float, backend: str = "local") -> SimulationResult:
    wins = [0] * len(seats)
    draws = turns = decisions = 0
    for g in per_game:
        if not g.winners:
            draws += 1
        for seat in g.winners:
            wins[seat] += 1
        turns += g.turns
        decisions += g.decisions
    return SimulationResult(game=game_name, setup=setup, seats=seats, seed=seed, games=len(per_game),
                            workers=workers, wins=wins, draws=draws, total_turns=turns,
                            decisions=decisions, wall_s=wall, backend=backend, per_game=per_game)
