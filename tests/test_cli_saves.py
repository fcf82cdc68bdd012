"""Nothing a player did is lost (issue 13, part 5): ``gloam play`` keeps the game in its
save file after every action (atomically: a write that fails half-way leaves the old
file), SIGTERM and SIGHUP save and stop like Ctrl-C, ``kill -9`` loses no move, bad
``--save`` / ``--replay-out`` paths are refused before the game starts, and a finished
game's record is never thrown away. Seeds are 64 secret bits, shown only once the game
is over.

The signal tests run ``gloam play`` in a real subprocess fed by a pipe."""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cli_terminal import wire_terminal
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.record import Record
from gloam.core.rng import Rng
from gloam.games import get_game

ROOT = Path(__file__).resolve().parents[1]
CHOOSE = re.compile(r"[Cc]hoose 1-(\d+)")
GAME = ["play", "nightfall", "--seats", "you,heuristic", "--seed", "5"]


class Script:
    """Answers "1" at every choice and Enter at every hand-over; ``at_prompt`` runs
    before each choice is answered; ``stop_at`` (a choice number, from 1) raises
    KeyboardInterrupt there."""

    def __init__(self, stop_at: int | None = None, at_prompt=None) -> None:
        self.out = io.StringIO()
        self.choices = 0
        self.stop_at = stop_at
        self.at_prompt = at_prompt

    def read(self, prompt: str) -> str:
        if not CHOOSE.search(prompt):
            return ""
        self.choices += 1
        if self.at_prompt is not None:
            self.at_prompt(self.choices)
        if self.stop_at is not None and self.choices == self.stop_at:
            raise KeyboardInterrupt
        return "1"

    @property
    def text(self) -> str:
        return self.out.getvalue()


@pytest.fixture
def script(monkeypatch, tmp_path):
    return wire_terminal(monkeypatch, tmp_path, Script(), 120)


# ---------------------------------------------------------------------- Record.save
def _record(actions: list[int]) -> Record:
    return Record.of(get_game("nightfall", {"players": 2}), 5, actions, ["you", "heuristic"])


def test_a_save_that_fails_half_way_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    """Record.save writes a temporary file in the same folder, fsyncs it and renames it
    over the old one: a failure before the rename changes nothing."""
    path = tmp_path / "s.json"
    _record([0]).save(path)
    before = path.read_bytes()

    def broken_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_disk)
    with pytest.raises(OSError):
        _record([0, 0]).save(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]
    assert Record.load(path).actions == [0]


def test_a_save_is_not_rewritten_when_nothing_changed(tmp_path):
    path = tmp_path / "s.json"
    assert _record([0]).save(path) is True
    first = path.stat()
    time.sleep(0.01)
    assert _record([0]).save(path) is False
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    assert _record([0, 0]).save(path) is True and Record.load(path).actions == [0, 0]


# ---------------------------------------------------------------------- kept after every action
def test_the_game_is_kept_in_the_save_file_after_every_action(monkeypatch, tmp_path):
    """At every one of the player's decisions the save file on disk already holds every
    action so far: it replays to the very decision on the screen."""
    seen: list[int] = []

    def check(choice: int) -> None:
        record = Record.load(tmp_path / "s.json")
        state = record.replay()
        assert state.current_player() == 0 and not state.is_terminal()
        seen.append(len(record.actions))

    wire_terminal(monkeypatch, tmp_path, Script(stop_at=12, at_prompt=check), 120)
    assert main([*GAME, "--save", "s.json"]) == 130
    assert len(seen) == 12 and seen == sorted(seen) and seen[-1] > seen[0]
    assert len(Record.load(tmp_path / "s.json").actions) == seen[-1]


def test_quitting_after_the_last_keep_does_not_rewrite_the_save(monkeypatch, tmp_path):
    stamps: list[tuple[int, int]] = []

    def note(choice: int) -> None:
        if choice == 4:
            info = (tmp_path / "s.json").stat()
            stamps.append((info.st_ino, info.st_mtime_ns))

    wire_terminal(monkeypatch, tmp_path, Script(stop_at=4, at_prompt=note), 120)
    assert main([*GAME, "--save", "s.json"]) == 130
    info = (tmp_path / "s.json").stat()
    assert stamps == [(info.st_ino, info.st_mtime_ns)]


# ---------------------------------------------------------------------- a real process, killed
def _reference_actions(monkeypatch, tmp_path: Path, answered: int) -> list[int]:
    """The actions of the same game played in this process, stopped where the
    subprocess was: at the choice after ``answered`` answers."""
    folder = tmp_path / "reference"
    folder.mkdir()
    wire_terminal(monkeypatch, folder, Script(stop_at=answered + 1), 120)
    assert main([*GAME, "--save", "ref.json"]) == 130
    return Record.load(folder / "ref.json").actions


class _Player:
    """``gloam play`` in a subprocess, its standard input a pipe, its output read by a
    thread so that the test can wait for the n-th prompt."""

    def __init__(self, folder: Path, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), COLUMNS="100", LINES="40", PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", *args], cwd=folder, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8")
        self.out = ""
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for chunk in iter(lambda: self.proc.stdout.read(1), ""):
            with self.lock:
                self.out += chunk

    def prompts(self) -> int:
        with self.lock:
            return len(CHOOSE.findall(self.out))

    def wait_for_prompt(self, n: int, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while self.prompts() < n:
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError(f"no prompt {n}: {self.out[-2000:]}\n{self.proc.stderr.read()}")
            time.sleep(0.02)

    def answer(self, text: str) -> None:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM", "SIGHUP"])
def test_a_killed_game_resumes_with_every_action(how, monkeypatch, tmp_path):
    """Start ``gloam play``, answer three decisions, then ``kill -9`` it (or send SIGTERM,
    or SIGHUP as a closing terminal does): the save file holds every action played, as
    the same game stopped at the same decision in this process does, and ``--resume``
    goes on from there. SIGTERM and SIGHUP exit cleanly (128 + the signal), saying
    where the game is."""
    sig = getattr(signal, how, None)
    if sig is None:
        pytest.skip(f"this system has no {how}")
    game = _Player(tmp_path, *GAME, "--save", "s.json")
    try:
        for n in (1, 2, 3):
            game.wait_for_prompt(n)
            game.answer("1")
        game.wait_for_prompt(4)
        game.proc.send_signal(sig)
        code = game.proc.wait(timeout=30)
    finally:
        if game.proc.poll() is None:
            game.proc.kill()
    assert code == -signal.SIGKILL if how == "SIGKILL" else code == 128 + sig
    err = game.proc.stderr.read()
    assert "Traceback" not in err, err
    if how != "SIGKILL":
        assert "Game saved to s.json" in game.out and "gloam play --resume s.json" in game.out
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    kept = Record.load(tmp_path / "s.json").actions
    assert kept == _reference_actions(monkeypatch, tmp_path, answered=3)

    resumed = Script(stop_at=1)
    wire_terminal(monkeypatch, tmp_path, resumed, 120)
    assert main(["play", "--resume", "s.json"]) == 130
    assert Record.load(tmp_path / "s.json").actions == kept
    assert f"{len(kept)} moves so far" in resumed.text


# ---------------------------------------------------------------------- paths
def test_a_save_path_that_is_a_folder_is_refused_before_the_game_starts(script, capsys):
    Path("games").mkdir()
    assert main([*GAME, "--save", "games"]) == 2
    assert "--save games is a folder" in capsys.readouterr().err
    assert script.choices == 0 and sorted(p.name for p in Path(".").iterdir()) == ["games"]


def test_a_replay_path_in_a_missing_folder_is_refused_before_the_game_starts(script, capsys):
    assert main([*GAME, "--replay-out", "nowhere/r.json"]) == 2
    assert "there is no folder nowhere" in capsys.readouterr().err
    assert script.choices == 0 and not list(Path(".").iterdir())


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write in any folder")
def test_a_save_path_in_a_read_only_folder_is_refused(script, capsys):
    folder = Path("locked")
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert main([*GAME, "--save", "locked/s.json"]) == 2
        assert "cannot write in the folder locked" in capsys.readouterr().err
    finally:
        folder.chmod(0o700)


def test_a_finished_game_whose_replay_folder_went_away_is_saved_here_and_says_where(monkeypatch, tmp_path):
    """The --replay-out folder was fine at the start and is gone at the end: the record
    goes to a stamped file in the current folder, and the screen says so."""
    (tmp_path / "out").mkdir()

    def remove_folder(choice: int) -> None:
        if choice == 1:
            shutil.rmtree(tmp_path / "out")

    script = wire_terminal(monkeypatch, tmp_path, Script(at_prompt=remove_folder), 120)
    assert main([*GAME, "--replay-out", "out/r.json"]) == 0
    saved = sorted(tmp_path.glob("gloam-replay-nightfall-*.json"))
    assert len(saved) == 1 and Record.load(saved[0]).replay().is_terminal()
    assert f"Replay saved to {saved[0].name}" in script.text


def test_the_default_save_is_removed_once_the_finished_games_replay_is_saved(script, tmp_path):
    assert main(GAME) == 0
    assert not list(tmp_path.glob("gloam-save-*"))
    replays = list(tmp_path.glob("gloam-replay-nightfall-*.json"))
    assert len(replays) == 1 and Record.load(replays[0]).replay().is_terminal()


def test_records_go_to_the_data_folder_when_the_current_folder_takes_none(monkeypatch, tmp_path):
    """No --save, and the current folder cannot be written to: the game is kept in
    gloam's data folder ($XDG_DATA_HOME/gloam), and quitting says where."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    script = wire_terminal(monkeypatch, tmp_path, Script(stop_at=2), 120)
    real = play._writable
    monkeypatch.setattr(play, "_writable", lambda folder: False if folder == Path(".") else real(folder))
    assert main(GAME) == 130
    saves = list((data / "gloam").glob("gloam-save-nightfall-*.json"))
    assert len(saves) == 1 and Record.load(saves[0]).actions
    assert f"Game saved to {saves[0]}" in script.text


# ---------------------------------------------------------------------- seeds
def test_seeds_are_64_random_bits_and_the_rng_takes_them():
    seeds = {play.new_seed() for _ in range(6)}
    assert len(seeds) == 6 and all(0 <= s < 2**64 for s in seeds) and max(seeds) >= 2**32
    big = (1 << 63) + 5
    assert Rng(big).next_u64() != Rng(5).next_u64()
    game = get_game("nightfall", {"players": 2})
    assert game.new_initial_state(big) == game.new_initial_state(big)
    assert game.new_initial_state(big).to_json() != game.new_initial_state(5).to_json()
    assert Record.from_json(Record.of(game, 2**64 - 1).to_json()).seed == 2**64 - 1


def test_a_game_never_shows_its_seed_until_it_is_over(script):
    script.stop_at = 3
    assert main(["play", "nightfall", "--save", "s.json"]) == 130
    seed = Record.load("s.json").seed
    assert str(seed) not in script.text
    script.stop_at = None
    assert main(["play", "--resume", "s.json", "--replay-out", "r.json"]) == 0
    before_end, end = script.text.rsplit("Replay saved to", 1)
    assert f"Seed {seed} (deal this game again with --seed {seed})" in before_end[-400:]


def test_pass_and_play_says_once_that_the_save_holds_every_hand(script):
    script.stop_at = 6
    assert main(["play", "nightfall", "--seats", "you,you", "--seed", "8", "--save", "s.json"]) == 130
    assert script.text.count("the save file (s.json) holds every player's hand") == 1
    first_pass = script.text.index("press Enter")
    assert script.text.index("holds every player's hand") < first_pass
