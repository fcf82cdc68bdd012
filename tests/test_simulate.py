"""``gloam simulate`` and :func:`gloam.simulate.simulate`: reproducible totals whatever the
worker count, draws for games stopped by the turn limit, one JSON object on stdout, and a
one-line error with exit code 2 for bad options."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gloam.bots import make_bot
from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.simulate import DEFAULT_TURN_LIMIT, simulate, wilson_interval

SEATS = ["random", "random"]
JSON_FIELDS = {"game", "setup", "seats", "seed", "games", "backend", "workers", "wins", "win_rates", "win_ci95",
               "draws", "mean_turns", "decisions", "wall_s", "games_per_s", "decisions_per_s"}


def outcome(result) -> tuple:
    """Everything about a run that must not depend on timing or the worker count."""
    return (result.wins, result.draws, result.mean_turns, result.decisions, result.per_game)


def test_json_output_is_one_complete_object_alone_on_stdout(capsys):
    code = main(["simulate", "nightmarium", "--seats", "random,random,random", "--games", "30",
                 "--seed", "4", "--creatures", "6", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""  # stderr is not a terminal here, so no progress bar
    assert out.endswith("\n") and out.count("\n") == 1
    data = json.loads(out)
    assert JSON_FIELDS <= set(data)
    assert data["game"] == "nightmarium" and data["seats"] == ["random"] * 3 and data["seed"] == 4
    assert data["setup"]["players"] == 3 and data["setup"]["creatures"] == 6
    assert data["setup"]["turn_limit"] == DEFAULT_TURN_LIMIT
    assert data["games"] == 30 and len(data["wins"]) == 3
    assert (data["backend"], data["workers"]) == ("local", 1)  # default: this process only
    assert sum(data["wins"]) + data["draws"] == 30
    assert data["win_rates"] == [w / 30 for w in data["wins"]]
    for (lo, hi), rate in zip(data["win_ci95"], data["win_rates"]):
        assert 0.0 <= lo <= rate <= hi <= 1.0
    assert data["decisions"] > 30 and data["mean_turns"] > 1
    assert data["games_per_s"] > 0 and data["decisions_per_s"] > data["games_per_s"]


def test_one_and_two_workers_give_identical_results():
    seen: list[int] = []
    one = simulate("nightmarium", {}, SEATS, games=24, seed=11, workers=1)
    two = simulate("nightmarium", {}, SEATS, games=24, seed=11, workers=2, progress=seen.append)
    assert two.workers == 2
    assert outcome(one) == outcome(two)
    assert seen == sorted(seen) and seen[-1] == 24 and len(seen) > 1  # progress per finished chunk


def test_cli_with_workers_matches_the_library_run(capsys):
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "16", "--seed", "3",
                 "--workers", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    here = simulate("nightmarium", {}, SEATS, games=16, seed=3)
    assert data["workers"] == 2
    assert (data["wins"], data["draws"], data["decisions"]) == (here.wins, here.draws, here.decisions)


def test_the_local_backend_never_imports_ray():
    """Ray is an optional extra: a local run (pool included) must work without it."""
    code = ("import sys\n"
            "from gloam.cli.main import main\n"
            "if __name__ == '__main__':\n"
            "    assert main(['simulate', 'nightmarium', '--seats', 'random,random', '--games', '8',"
            " '--workers', '2', '--json']) == 0\n"
            "    assert 'ray' not in sys.modules, 'ray was imported'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["backend"] == "local"


def test_same_seed_twice_reproduces_the_run():
    first = simulate("nightmarium", {"players": 3}, ["random"] * 3, games=20, seed=99)
    again = simulate("nightmarium", {"players": 3}, ["random"] * 3, games=20, seed=99)
    assert outcome(first) == outcome(again)


def test_different_seeds_give_different_games():
    a = simulate("nightmarium", {}, SEATS, games=20, seed=1)
    b = simulate("nightmarium", {}, SEATS, games=20, seed=2)
    assert a.per_game != b.per_game
    assert (a.wins, a.decisions) != (b.wins, b.decisions)


def test_each_game_is_the_play_match_game_of_its_derived_seeds():
    """The documented seeding contract: game i is dealt from derive_seed(seed, i) with seat
    p's bot seeded derive_seed(seed, i, p + 1), so any game of a run can be replayed alone."""
    result = simulate("nightmarium", {}, SEATS, games=6, seed=5)
    game = get_game("nightmarium", result.setup)
    for i in (0, 5):
        bots = [make_bot(name, game, seed=derive_seed(5, i, p + 1)) for p, name in enumerate(SEATS)]
        match = play_match(game, bots, seed=derive_seed(5, i))
        summary = result.per_game[i]
        assert summary.decisions == match.decisions
        assert summary.turns == match.state.turn
        assert summary.winner == match.state.returns().index(1.0)


def test_wins_and_draws_add_up_to_the_games():
    result = simulate("nightmarium", {"creatures": 7}, ["random"] * 4, games=12, seed=8)
    assert sum(result.wins) + result.draws == result.games == 12
    assert result.decisions == sum(g.decisions for g in result.per_game)


def test_games_stopped_by_the_turn_limit_are_draws():
    """Nobody can build 5 Creatures in 3 turns (rule 192), so every game hits the limit."""
    result = simulate("nightmarium", {"turn_limit": 3}, SEATS, games=10, seed=2)
    assert result.wins == [0, 0] and result.draws == 10
    assert result.mean_turns == 3


def test_simulations_have_a_default_turn_limit_and_keep_a_given_one():
    assert simulate("nightmarium", {}, SEATS, games=1, seed=0).setup["turn_limit"] == DEFAULT_TURN_LIMIT
    assert simulate("nightmarium", {"turn_limit": 0}, SEATS, games=1, seed=0).setup["turn_limit"] == 0


def test_summary_table_shows_win_rates_intervals_and_speed(capsys):
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "20", "--seed", "6"]) == 0
    out = capsys.readouterr().out
    result = simulate("nightmarium", {}, SEATS, games=20, seed=6)
    lo, hi = result.win_interval(0)
    for text in ("Win rate", "95% CI", f"{result.win_rate(0):.1%}", f"{lo:.1%} – {hi:.1%}",
                 "draws", "mean turns", "games/s", "decisions/s"):
        assert text in out


@pytest.mark.parametrize("options, message", [
    (["--seats", "random,nobody"], "no bot 'nobody'"),
    (["--seats", ",".join(["random"] * 6)], "2 to 5 players, not 6"),
    (["--seats", "random"], "2 to 5 players, not 1"),
    (["--seats", "random,random", "--games", "0"], "--games must be at least 1"),
    (["--seats", "random,random", "--workers", "0"], "--workers must be at least 1"),
    (["--seats", "random,random", "--workers", "-3"], "--workers must be at least 1"),
])
def test_bad_options_exit_2_with_one_line(capsys, options, message):
    assert main(["simulate", "nightmarium", "--json", *options]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gloam simulate: error:") and message in err


def test_unknown_game_exits_2(capsys):
    assert main(["simulate", "chess", "--seats", "random,random"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("kwargs", [
    {"games": 0}, {"workers": 0}, {"seats": ["random"] * 6}, {"seats": ["random", "nobody"]},
    {"setup": {"players": 3}},
])
def test_library_rejects_bad_options_before_playing(kwargs):
    args = {"game_name": "nightmarium", "setup": {}, "seats": SEATS, "games": 5, "seed": 0, "workers": 1}
    args.update(kwargs)
    with pytest.raises(SetupError):
        simulate(**args)


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(20, 20)[1] == 1.0
    assert wilson_interval(0, 20)[1] > 0.1  # no wins in 20 games does not mean a 0% win rate


TINY_DECK = """\
name = "tiny"
[[cards]]
legion = "Manster"
parts = ["legs"]
count = 20
[[cards]]
legion = "Manster"
parts = ["body"]
count = 15
[[cards]]
legion = "Chimerid"
parts = ["head"]
ability = "Mourner"
count = 15
"""


def test_a_users_own_composition_file_is_played(tmp_path, capsys):
    """Issue 2 / reading 32: players may use their own composition file; the run's setup
    embeds it so every game can be replayed, and only its 50 cards are dealt."""
    deck = tmp_path / "tiny.toml"
    deck.write_text(TINY_DECK, encoding="utf-8")
    assert main(["simulate", "nightmarium", "--seats", "greedy,random", "--games", "20",
                 "--seed", "4", "--composition", str(deck), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["setup"]["composition"]["name"] == "tiny"
    assert sum(data["wins"]) + data["draws"] == 20
    game = get_game("nightmarium", data["setup"])
    assert len(game.composition.cards) == 50
    assert {game.card(c).legion_name for c in range(50)} == {"Manster", "Chimerid"}


def test_a_broken_composition_file_is_refused_with_the_faulty_entry(tmp_path, capsys):
    deck = tmp_path / "bad.json"
    deck.write_text('{"cards": [{"legion": "Blue", "parts": ["legs"]}]}', encoding="utf-8")
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "2",
                 "--composition", str(deck)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "bad.json: cards[0]: legion must be one of Necromunculus" in err


# ---------------------------------------------------------------------- workers die with their parent
def _children(pid: int) -> dict[int, str]:
    """The live (not zombie) child processes of ``pid`` and their command lines, from /proc."""
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat, open(f"/proc/{entry}/cmdline", "rb") as cmd:
                fields, command = stat.read().rsplit(")", 1)[1].split(), cmd.read().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out[int(entry)] = command
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table from /proc (Linux)")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_workers_exit_when_the_simulation_is_killed(how):
    """``gloam simulate --workers 2`` killed with SIGKILL (nothing in it can react) or
    SIGTERM leaves no worker running: each worker dies with its parent within seconds
    (PR_SET_PDEATHSIG; SIGTERM also ends the pool before the parent exits, with 143)."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    run = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "simulate", "nightfall", "--seats",
                            "random,random", "--games", "1000000", "--workers", "2", "--json"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and run.poll() is None:
            workers = [pid for pid, command in _children(run.pid).items() if "multiprocessing.spawn" in command]
            time.sleep(0.1)
        assert len(workers) == 2, f"the two workers never started: {_children(run.pid)}"
        time.sleep(1.0)  # the workers are playing
        os.kill(run.pid, getattr(signal, how))
        code = run.wait(timeout=30)
        assert code == (-signal.SIGKILL if how == "SIGKILL" else 128 + signal.SIGTERM)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _alive(pid)], "workers outlived the simulation they belonged to"
    finally:
        if run.poll() is None:
            run.kill()
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_pool_worker_is_bound_to_its_parent():
    """The initializer every pool worker runs: on Linux the kernel is asked to kill the
    worker with its parent (the parent-death signal reads back as SIGKILL)."""
    code = ("import ctypes, os, signal, sys\n"
            "from gloam.workers import bind_to_parent\n"
            "bind_to_parent(os.getppid())\n"
            "sig = ctypes.c_int()\n"
            "ctypes.CDLL(None).prctl(2, ctypes.byref(sig), 0, 0, 0)\n"  # PR_GET_PDEATHSIG
            "print(sig.value)\n")
    if not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux's")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert done.stdout.strip() == str(int(signal.SIGKILL)), done.stderr
