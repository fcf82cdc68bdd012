"""The record of a game: (game, setup, seed, actions). It is the replay file, the save
file and the bug-report format; replaying it reproduces the game exactly. A game played
on from a position (``gloam play GAME --position FILE``, docs/positions.md) also carries
its ``start``: the starting state as ``state.to_json()`` gives it, which replaying loads
instead of dealing from the seed.

Version 2 (written since the web table's forks; version 1 is still read) adds
``engine``, the build that wrote the record (``"gloam 0.1.0"``), and ``fork``: for a game
forked from a step of another, ``{"table": the parent table's id or None, "at": the step,
"as": the seat whose view was re-dealt or None, "exact": whether nothing was re-dealt}``.
A fork's record carries its ``start`` (the forked state) and never its parent's record:
the parent's seed and hands stay with the parent.

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> state = game.new_initial_state(seed=7)
>>> for _ in range(3):
...     state.apply(state.legal_action_indices()[0])
>>> rec = Record.of(game, 7, [0, 0, 0])
>>> Record.from_json(rec.to_json()).replay() == state
True
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gloam.core.errors import GloamError, RecordError
from gloam.core.files import MiB, read_json_file
from gloam.core.text import clean_text

FORMAT = "gloam-record"
VERSION = 2
#: the record versions this gloam reads (1: before ``engine`` and ``fork``)
READS = (1, 2)
#: the largest record file gloam reads (a long game's record is under 100 KiB)
MAX_RECORD_BYTES = 64 * MiB
#: the most actions a record may hold (the longest random games take about 2,000)
MAX_RECORD_ACTIONS = 100_000


@dataclass
class Record:
    game: str
    setup: dict[str, Any]
    seed: int
    actions: list[int] = field(default_factory=list)
    seats: list[str] | None = None
    start: dict[str, Any] | None = None  # the starting state's to_json(); None: dealt from the seed
    engine: str | None = None            # the build that made the record ("gloam 0.1.0"); None: unknown (v1)
    fork: dict[str, Any] | None = None   # a fork's origin: {"table", "at", "as", "exact"}

    @classmethod
    def of(cls, game, seed: int, actions: list[int] | None = None, seats: list[str] | None = None,
           start: dict[str, Any] | None = None, fork: dict[str, Any] | None = None) -> Record:
        return cls(game.name, game.setup_json(), seed, list(actions or []), seats, start, engine_version(), fork)

    # --- serialisation --------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            **({"engine": self.engine} if self.engine is not None else {}),
            **({"fork": dict(self.fork)} if self.fork is not None else {}),
            "game": self.game,
            "setup": self.setup,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.seats is not None:
            data["seats"] = list(self.seats)
        if self.start is not None:
            data["start"] = self.start
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a gloam record (format is {data.get('format')!r}, expected {FORMAT!r})")
        version = data.get("version")
        if isinstance(version, bool) or version not in READS:
            raise RecordError(f"unsupported record version {version!r} (this gloam reads "
                              f"{' and '.join(map(str, READS))})")
        game, setup, seed, actions = (data.get(k) for k in ("game", "setup", "seed", "actions"))
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a string")
        if not isinstance(setup, dict):
            raise RecordError("record field 'setup' must be an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record field 'seed' must be an integer")
        if isinstance(actions, list) and len(actions) > MAX_RECORD_ACTIONS:
            raise RecordError(f"record field 'actions' holds {len(actions):,} actions; a record holds at most"
                              f" {MAX_RECORD_ACTIONS:,}")
        if not isinstance(actions, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
            raise RecordError("record field 'actions' must be a list of integers")
        seats = data.get("seats")
        if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
            raise RecordError("record field 'seats' must be a list of strings")
        if seats is not None:  # shown at the table: no control or escape sequence
            seats = [clean_text(s) for s in seats]
        start = data.get("start")
        if start is not None and (not isinstance(start, dict) or start.get("game") != game
                                  or start.get("setup") != setup):
            raise RecordError("record field 'start' must be a saved state of the record's game and setup")
        engine = data.get("engine")
        if engine is not None and (not isinstance(engine, str) or len(engine) > 100):
            raise RecordError("record field 'engine' must be a string (the gloam build that made it)")
        fork = _fork_field(data.get("fork"), start)
        return cls(game, setup, seed, list(actions), seats, start,
                   clean_text(engine) if engine is not None else None, fork)

    def save(self, path: str | Path) -> bool:
        """Write the record to ``path`` atomically (:func:`write_atomic`): a save that fails
        half-way leaves the old file as it was. Returns False, writing nothing, when the
        file already holds exactly this record."""
        return write_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in file ``path``, replayed to check it: :class:`RecordError` for a
        file that is unreadable, not a regular file, over :data:`MAX_RECORD_BYTES`, not
        UTF-8 JSON, or a record that is malformed or does not replay."""
        data = read_json_file(path, MAX_RECORD_BYTES, RecordError)
        record = cls.from_json(data)
        record.replay()  # a record that does not replay is corrupt: say so now
        return record

    # --- replaying --------------------------------------------------------------------
    def new_game(self):
        """The record's game, found in the registry of declared games (``gloam.games``
        fills it; ``core`` imports nothing above it)."""
        from gloam.core.declaration import declared

        try:
            return declared(self.game).game_class.from_setup_json(self.setup or {})
        except GloamError as exc:
            raise RecordError(f"record setup is invalid: {exc}") from None

    def initial_state(self):
        """The state before the first action: the ``start`` position, or the deal of the seed."""
        if self.start is None:
            return self.new_game().new_initial_state(self.seed)
        from gloam.core.declaration import declared

        return declared(self.game, RecordError).state_class.from_json(self.start)

    def states(self) -> Iterator[tuple[Any, int | None]]:
        """Yield ``(state, next_action)`` before each action, then ``(final, None)``.
        The state is the live one: clone it to keep it."""
        state = self.initial_state()
        for n, action in enumerate(self.actions):
            yield state, action
            try:
                state.apply(action)
            except GloamError as exc:
                raise RecordError(f"action #{n} ({action}) does not replay: {exc}") from None
        yield state, None

    def replay(self, upto: int | None = None):
        """The state after the first ``upto`` actions (all of them by default)."""
        state = None
        for n, (state, _) in enumerate(self.states()):  # noqa: B007 (the last state reached is the answer)
            if upto is not None and n == upto:
                break
        return state


def engine_version() -> str:
    """The build that makes a record (a record's and a web table's ``engine``)."""
    from gloam.core.version import __version__

    return f"gloam {__version__}"


def _fork_field(fork: Any, start: Any) -> dict[str, Any] | None:
    """A record's ``fork`` field, checked: None, or where the game was forked from."""
    if fork is None:
        return None
    bad = RecordError('record field \'fork\' must be {"table": id or null, "at": step, "as": seat or null,'
                      ' "exact": true or false} and come with a \'start\'')
    if not isinstance(fork, dict) or start is None or set(fork) - {"table", "at", "as", "exact"}:
        raise bad
    table, at, seat, exact = fork.get("table"), fork.get("at"), fork.get("as"), fork.get("exact", False)
    if not (table is None or isinstance(table, str) and len(table) <= 64):
        raise bad
    if not isinstance(at, int) or isinstance(at, bool) or at < 0:
        raise bad
    if not (seat is None or isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0):
        raise bad
    if not isinstance(exact, bool):
        raise bad
    return {"table": clean_text(table) if table is not None else None, "at": at, "as": seat, "exact": exact}


def write_atomic(path: str | Path, text: str) -> bool:
    """Replace ``path``'s contents with ``text`` (UTF-8) so that a reader, a crash or a
    full disk never sees half a file: the text goes to a temporary file in the same
    folder, is flushed and fsynced, then ``os.replace`` puts it in place (and the folder
    is fsynced where the system allows). A file that already holds ``text`` is left alone
    (returns False); otherwise returns True. An ``OSError`` leaves ``path`` untouched and
    no temporary file behind."""
    path = Path(path)
    data = text.encode("utf-8")
    with contextlib.suppress(OSError):
        if path.read_bytes() == data:
            return False
    folder = path.parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _mode_for(path))
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_folder(folder)
    return True


def _mode_for(path: Path) -> int:
    """The permissions a rewritten file keeps (a new one: what ``open`` would give it)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
