"""The bot ladder: a round robin of bots in 2-player games, rated with openskill.

Every pair of bots plays ``games`` games: half with the first bot in seat 0, half with
the seats swapped, on the same deals (game ``i`` of either seat order is dealt from
``derive_seed(seed, i)``, as in :mod:`gloam.simulate`, whose :func:`~gloam.simulate.play_games`
plays them). The results are then rated with openskill's Plackett-Luce model, one rated
match per game, in a fixed interleaved order (game 0 of every pairing, then game 1, …),
so the same seed gives exactly the same table whatever ``workers`` is. A game with no
winner (turn limit, dead position) is rated as a tie.

A rating is openskill's ``mu`` with its uncertainty ``sigma``; bots are ranked by the
conservative ``ordinal`` = mu - 3 sigma, openskill's own leaderboard order.

>>> result = run_ladder("nightmarium", ["random", "greedy"], games=4, seed=1)
>>> [r.bot for r in result.ratings]
['greedy', 'random']
>>> result.pair("greedy", "random").games
4
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from gloam.bots import bot_names, make_bot
from gloam.core.errors import SetupError
from gloam.games import get_game
from gloam.simulate import GameSummary, play_games, simulation_setup, wilson_interval
from gloam.workers import run_tasks

#: at most this many games per worker task, so progress is reported often
CHUNK = 10


@dataclass
class PairResult:
    """The games between bots ``a`` and ``b``: wins of each, and draws."""

    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0

    def score(self, bot: str) -> float:
        """``bot``'s share of the points (a win 1, a draw 1/2)."""
        wins = self.wins_a if bot == self.a else self.wins_b
        return (wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def win_rate(self, bot: str) -> float:
        wins = self.wins_a if bot == self.a else self.wins_b
        return wins / self.games if self.games else 0.0

    def win_interval(self, bot: str) -> tuple[float, float]:
        """The 95% Wilson interval of ``bot``'s win rate in this pairing."""
        return wilson_interval(self.wins_a if bot == self.a else self.wins_b, self.games)

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "games": self.games, "wins_a": self.wins_a,
                "wins_b": self.wins_b, "draws": self.draws,
                "win_rate_a": self.win_rate(self.a), "win_ci95_a": list(self.win_interval(self.a)),
                "win_rate_b": self.win_rate(self.b), "win_ci95_b": list(self.win_interval(self.b))}


@dataclass(frozen=True)
class Rating:
    """A bot's openskill rating: ``mu``, its uncertainty ``sigma``, and the
    conservative ``ordinal`` (mu - 3 sigma) used for the ranking."""

    bot: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass
class LadderResult:
    """A whole ladder run: the ratings (best first) and every pairing's results."""

    game: str
    setup: dict[str, Any]
    bots: list[str]
    games_per_pairing: int
    seed: int
    workers: int
    ratings: list[Rating]
    pairs: list[PairResult]
    wall_s: float
    per_game: dict[tuple[str, str], list[GameSummary]] = field(default_factory=dict, repr=False)

    def pair(self, a: str, b: str) -> PairResult:
        for p in self.pairs:
            if {p.a, p.b} == {a, b}:
                return p
        raise KeyError(f"no pairing {a} v {b}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "setup": self.setup, "bots": list(self.bots),
            "games_per_pairing": self.games_per_pairing, "seed": self.seed, "workers": self.workers,
            "ratings": [dict(r.to_json(), rank=k + 1) for k, r in enumerate(self.ratings)],
            "pairs": [p.to_json() for p in self.pairs], "wall_s": self.wall_s,
        }


# ---------------------------------------------------------------------- checks
def check_ladder(game_name: str, bots: Sequence[str] | None, games: int, workers: int = 1,
                 seed: int = 0, setup: dict[str, Any] | None = None) -> tuple[list[str], dict[str, Any]]:
    """The bots (default: every bot registered for the game) and the 2-player setup a
    ladder would play. Raises :class:`SetupError` with a one-line reason.

    >>> check_ladder("nightmarium", ["random", "random"], games=2)
    Traceback (most recent call last):
    ...
    gloam.core.errors.SetupError: a ladder needs at least two different bots, not random, random
    """
    for name, value, least in (("games", games, 1), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise SetupError(f"{name} must be an integer >= {least}, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be an integer, not {seed!r}")
    get_game(game_name, {})  # an unknown game fails here with the list of games
    names = list(bots) if bots is not None else bot_names(game_name)
    if len(names) < 2 or len(set(names)) != len(names):
        raise SetupError(f"a ladder needs at least two different bots, not {', '.join(names) or 'none'}")
    full = simulation_setup(game_name, dict(setup or {}, players=2), names[:2])
    game = get_game(game_name, full)
    for name in names:
        make_bot(name, game, seed=0)  # an unknown bot fails here, before any game is played
    return names, full


# ---------------------------------------------------------------------- running
def _tasks(pairings: list[tuple[str, str]], games: int) -> list[tuple[int, int, int, int]]:
    """(pairing, swapped, start, stop) work units: game ``i`` of a pairing is seat
    order (a, b) for the first ceil(games / 2) games' deals and (b, a) for the rest."""
    first = math.ceil(games / 2)
    out = []
    for k in range(len(pairings)):
        for swapped, count in ((0, first), (1, games - first)):
            for start in range(0, count, CHUNK):
                out.append((k, swapped, start, min(start + CHUNK, count)))
    return out


def _seats(pairing: tuple[str, str], swapped: int) -> list[str]:
    return [pairing[1], pairing[0]] if swapped else [pairing[0], pairing[1]]


def run_ladder(game_name: str, bots: Sequence[str] | None = None, games: int = 100, seed: int = 0,
               workers: int = 1, setup: dict[str, Any] | None = None,
               progress: Callable[[int, int], None] | None = None) -> LadderResult:
    """Play the round robin and rate it. ``progress(done, total)`` is called with the
    number of games played so far. ``workers`` > 1 uses that many local processes
    (``spawn``; call under ``if __name__ == "__main__":`` in a script); the results do
    not depend on it."""
    names, full = check_ladder(game_name, bots, games, workers, seed, setup)
    pairings = list(combinations(names, 2))
    tasks = _tasks(pairings, games)
    total = games * len(pairings)
    started = time.perf_counter()
    if workers == 1:
        chunks = []
        done = 0
        for k, swapped, start, stop in tasks:
            chunks.append(play_games(game_name, full, _seats(pairings[k], swapped), seed, start, stop))
            done += stop - start
            if progress is not None:
                progress(done, total)
    else:
        chunks = _run_pool(game_name, full, pairings, tasks, seed, workers, progress, total)
    per_game = _collect(pairings, tasks, chunks)
    pairs = [_pair_result(p, per_game[p]) for p in pairings]
    ratings = rate(names, pairings, per_game)
    return LadderResult(game_name, full, names, games, seed, workers, ratings, pairs,
                        time.perf_counter() - started, per_game)


def _run_pool(game_name: str, setup: dict[str, Any], pairings: list[tuple[str, str]],
              tasks: list[tuple[int, int, int, int]], seed: int, workers: int,
              progress: Callable[[int, int], None] | None, total: int) -> list[list[GameSummary]]:
    """The tasks' games on local worker processes that exit with this one
    (:mod:`gloam.workers`), in task order."""
    done = 0

    def finished(_: int, chunk: list[GameSummary]) -> None:
        nonlocal done
        done += len(chunk)
        if progress is not None:
            progress(done, total)

    calls = [(play_games, (game_name, setup, _seats(pairings[k], swapped), seed, start, stop))
             for k, swapped, start, stop in tasks]
    return run_tasks(calls, workers, finished)


def _collect(pairings: list[tuple[str, str]], tasks: list[tuple[int, int, int, int]],
             chunks: list[list[GameSummary]]) -> dict[tuple[str, str], list[GameSummary]]:
    """Each pairing's games in order, with ``winner`` rewritten as seen from the
    pairing: 0 = its first bot won, 1 = its second, -1 = no winner."""
    out: dict[tuple[str, str], list[GameSummary]] = {p: [] for p in pairings}
    for (k, swapped, _, _), chunk in sorted(zip(tasks, chunks), key=lambda tc: tc[0]):
        for g in chunk:
            winner = g.winner if g.winner < 0 or not swapped else 1 - g.winner
            out[pairings[k]].append(GameSummary(winner, g.turns, g.decisions, () if winner < 0 else (winner,)))
    return out


def _pair_result(pairing: tuple[str, str], games: list[GameSummary]) -> PairResult:
    result = PairResult(pairing[0], pairing[1], games=len(games))
    for g in games:
        if g.winner == 0:
            result.wins_a += 1
        elif g.winner == 1:
            result.wins_b += 1
        else:
            result.draws += 1
    return result


def rate(names: Sequence[str], pairings: Sequence[tuple[str, str]],
         per_game: dict[tuple[str, str], list[GameSummary]]) -> list[Rating]:
    """openskill Plackett-Luce ratings from the games, rated in a fixed interleaved
    order, best (highest ordinal) first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in names}
    longest = max((len(g) for g in per_game.values()), default=0)
    for i in range(longest):
        for pairing in pairings:
            games = per_game[pairing]
            if i >= len(games):
                continue
            a, b = pairing
            winner = games[i].winner
            ranks: list[float] = [1, 1] if winner < 0 else ([1, 2] if winner == 0 else [2, 1])
            [[current[a]], [current[b]]] = model.rate([[current[a]], [current[b]]], ranks=ranks)
    ratings = [Rating(name, current[name].mu, current[name].sigma) for name in names]
    order = {name: k for k, name in enumerate(names)}
    ratings.sort(key=lambda r: (-r.ordinal, order[r.bot]))
    return ratings
