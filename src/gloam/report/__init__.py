"""Balance reports: many bot games turned into an HTML page of plots and a JSON file.

``gloam report GAME`` plays ``games`` games at each player count with the same seeding
as :mod:`gloam.simulate` (game ``i`` is dealt from ``derive_seed(seed, i)``, seat ``p``'s
bot is seeded ``derive_seed(seed, i, p + 1)``), so the n-player part of a report plays
exactly the games of ``gloam simulate`` with n seats and the same seed. The work is split
over local processes when asked, and the per-game records are put back in game order, so
``report.json`` does not depend on the number of workers.

Each game with a report has a module here (``gloam.report.nightmarium``) that offers:

* ``game_stats(game, match, index)`` — what the report keeps of one finished game (a small
  picklable record, read from the game's structured event stream);
* ``summarize(options, per_count)`` — the totals as plain JSON data (``report.json``);
* ``page(data)`` — headline findings, sections of plots and tables
  (:class:`gloam.report.html.Page`), drawn from that JSON data alone.

This package plays the games and writes the files; :mod:`gloam.report.html` holds the
page layout and the plot helpers every game shares.

>>> options = ReportOptions("nightmarium", players=(2,), seats=("random",), games=3, seed=1)
>>> per_count = run_games(options)
>>> [len(v) for v in per_count.values()]
[3]
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from gloam.bots import make_bot
from gloam.core.errors import SetupError
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.simulate import check_simulation
from gloam.workers import count_games, run_tasks

#: the most games one worker task plays
MAX_CHUNK = 100
#: tasks per worker to aim for, so workers finishing at different speeds stay busy
TASKS_PER_WORKER = 4
REPORT_FORMAT = "gloam-report"
REPORT_VERSION = 1


@dataclass(frozen=True)
class ReportOptions:
    """What a report plays: ``games`` games at each count in ``players``, seeded from
    ``seed``. ``seats`` is one bot name for every seat, or one name per seat of the
    largest player count (a smaller game takes the first names). ``setup`` holds the
    game's other setup options (e.g. Nightmarium's ``creatures``, ``turn_limit``,
    ``composition``)."""

    game: str
    players: tuple[int, ...]
    seats: tuple[str, ...]
    games: int
    seed: int
    setup: dict[str, Any] = field(default_factory=dict)

    def seats_for(self, players: int) -> list[str]:
        """The bot names of the seats of a ``players``-player game."""
        if len(self.seats) == 1:
            return [self.seats[0]] * players
        return list(self.seats[:players])

    def setup_for(self, players: int) -> dict[str, Any]:
        """The full setup of a ``players``-player game (validated, as :func:`check`)."""
        return check_simulation(self.game, {**self.setup, "players": players},
                                self.seats_for(players), self.games)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": list(self.players), "seats": list(self.seats),
                "games": self.games, "seed": self.seed, "setup": dict(self.setup)}


def reports() -> dict[str, ModuleType]:
    """Game name -> the module that knows that game's statistics: each module names its
    game (``GAME``); a game with a report adds its module here."""
    from gloam.report import nightfall, nightmarium

    return {module.GAME: module for module in (nightfall, nightmarium)}


def report_module(game: str) -> ModuleType:
    """The statistics module of ``game``; :class:`SetupError` if it has no report."""
    modules = reports()
    if game not in modules:
        known = ", ".join(sorted(modules))
        raise SetupError(f"no balance report for {game!r} yet; gloam reports on {known}")
    return modules[game]


def check(options: ReportOptions, workers: int = 1) -> dict[int, dict[str, Any]]:
    """Check every option before any game is played; return the full setup per player
    count. Raises :class:`SetupError` with a one-line reason."""
    get_game(options.game, {})  # an unknown game is named as such first
    module = report_module(options.game)
    for name, value in (("games", options.games), ("workers", workers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise SetupError(f"{name} must be an integer >= 1, not {value!r}")
    if not options.players:
        raise SetupError("name at least one player count")
    if len(set(options.players)) != len(options.players):
        raise SetupError(f"player counts repeat: {', '.join(map(str, options.players))}")
    if not options.seats or not all(isinstance(s, str) and s for s in options.seats):
        raise SetupError("seats must be one bot name, or one per seat")
    largest = max(options.players)
    if len(options.seats) > 1 and len(options.seats) < largest:
        raise SetupError(f"{len(options.seats)} seats named but {largest}-player games need {largest};"
                         " name one bot for every seat, or one per seat of the largest game")
    if hasattr(module, "check_options"):  # e.g. Nightfall's seat mirroring
        module.check_options(options)
    return {n: options.setup_for(n) for n in options.players}


def _chunks(options: ReportOptions, workers: int) -> list[tuple[int, int, int]]:
    """(players, start, stop) game ranges: a few tasks per worker, in report order."""
    total = options.games * len(options.players)
    size = max(1, min(MAX_CHUNK, math.ceil(total / (workers * TASKS_PER_WORKER))))
    return [(n, start, min(start + size, options.games))
            for n in options.players for start in range(0, options.games, size)]


def play_chunk(game_name: str, setup: dict[str, Any], seats: Sequence[str], seed: int,
               start: int, stop: int) -> list[Any]:
    """Play games ``start`` .. ``stop - 1`` of one player count and keep each game's
    statistics record (the unit of work of a worker process)."""
    module = report_module(game_name)
    arrange = getattr(module, "arrange", None)  # a module may play one deal several times
    games: dict[str, Any] = {}
    out = []
    for index in range(start, stop):
        game_setup, deal = arrange(setup, index) if arrange else (setup, index)
        key = json.dumps(game_setup, sort_keys=True)
        if key not in games:
            games[key] = get_game(game_name, game_setup)
        game = games[key]
        bots = [make_bot(name, game, seed=derive_seed(seed, index, p + 1)) for p, name in enumerate(seats)]
        match = play_match(game, bots, seed=derive_seed(seed, deal))
        out.append(module.game_stats(game, match, index))
    return out


def run_games(options: ReportOptions, workers: int = 1,
              progress: Callable[[int], None] | None = None) -> dict[int, list[Any]]:
    """Play the report's games; return each player count's records in game order.
    ``progress`` (if given) is called with the number of games finished so far."""
    setups = check(options, workers)
    chunks = _chunks(options, workers)
    tasks = [(options.game, setups[n], options.seats_for(n), options.seed, start, stop)
             for n, start, stop in chunks]
    if workers == 1 or len(tasks) == 1:
        results = []
        done = 0
        for task in tasks:
            results.append(play_chunk(*task))
            done += len(results[-1])
            if progress is not None:
                progress(done)
    else:
        results = _run_pool(tasks, min(workers, len(tasks)), progress)
    per_count: dict[int, list[Any]] = {n: [] for n in options.players}
    for (n, _, _), records in zip(chunks, results):
        per_count[n].extend(records)
    return per_count


def _run_pool(tasks: list[tuple], workers: int, progress: Callable[[int], None] | None) -> list[list[Any]]:
    """Run the tasks on local worker processes that exit with this one
    (:mod:`gloam.workers`); the results come back in task order."""
    return run_tasks([(play_chunk, task) for task in tasks], workers, count_games(progress))


@dataclass
class Report:
    """A written report: where its files are, its JSON data, and how long it took."""

    out_dir: Path
    data: dict[str, Any]
    wall_s: float
    workers: int

    @property
    def index_html(self) -> Path:
        return self.out_dir / "index.html"

    @property
    def report_json(self) -> Path:
        return self.out_dir / "report.json"


def build_data(options: ReportOptions, per_count: dict[int, list[Any]], command: str = "") -> dict[str, Any]:
    """The report's JSON data: the options, then the game module's totals."""
    module = report_module(options.game)
    data: dict[str, Any] = {"format": REPORT_FORMAT, "version": REPORT_VERSION,
                            "options": options.to_json(), "command": command}
    data.update(module.summarize(options, per_count))
    return data


def write_report(options: ReportOptions, out_dir: str | Path, workers: int = 1,
                 progress: Callable[[int], None] | None = None, command: str = "") -> Report:
    """Play the games and write ``index.html`` and ``report.json`` into ``out_dir``
    (created if missing). ``command`` is the command line that reproduces the report,
    shown on the page. ``report.json`` depends only on the options and the command, never
    on ``workers`` or timing."""
    from gloam.report import html

    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise SetupError(f"--out {out} is a file, not a folder")
    started = time.perf_counter()
    per_count = run_games(options, workers, progress)
    data = build_data(options, per_count, command)
    wall = time.perf_counter() - started
    page = report_module(options.game).page(data)
    page.footer.append(f"{sum(len(v) for v in per_count.values()):,} games played in {wall:.1f} s"
                       f" with {workers} worker{'s' if workers != 1 else ''}.")
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    (out / "index.html").write_text(html.render_page(page), encoding="utf-8")
    return Report(out, data, wall, workers)
