"""``simulate(backend="ray")`` and ``gloam simulate --backend ray [--address ADDR]``: the same
seed gives the same games as the local backend (any worker count), a run that starts its
own Ray instance leaves no process behind, a running cluster is joined by address, and
bad or impossible choices fail with one line.

One local Ray instance (2 CPUs) is started per test process for the module; it gets its
own temporary directory and authentication token, so two xdist workers can each run one.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.simulate import BackendError, _gather_ray, check_simulation, ray_local_options, simulate

SEATS = ["random", "random"]
#: a subprocess's time limit: Ray start-up is a few seconds, more on a loaded machine
SUBPROCESS_TIMEOUT_S = 120


def outcome(result) -> tuple:
    """Everything about a run that must not depend on timing, workers or backend."""
    return (result.wins, result.draws, result.mean_turns, result.decisions, result.per_game)


def ray_env(**extra: str) -> dict[str, str]:
    """This process's environment (with the fixture's token, if any) plus ``extra``."""
    return {**os.environ, **extra}


def run_cli(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gloam.cli.main", "simulate", *args], env=env,
                          capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT_S, check=False)


# Ray on loopback only (as gloam.simulate.import_ray sets it for a local instance); set
# before anything in this process imports ray.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A local 2-CPU Ray instance in this test process; yields its address (HOST:PORT).

    Its own temp dir and token (in the environment, so no shared ``~/.ray/auth_token`` is
    written or read) keep two of these on one machine apart; shut down at module end."""
    ray = pytest.importorskip("ray")
    temp = tempfile.mkdtemp(prefix="gloam-ray-")  # short: Ray's socket paths live under it
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("RAY_AUTH_MODE", raising=False)  # Ray sets it to "token" (undone at the end)
        patch.setenv("RAY_AUTH_TOKEN", secrets.token_hex(32))
        try:
            ray.init(**ray_local_options(2), _temp_dir=temp)  # as simulate() starts its own
            yield ray.get_runtime_context().gcs_address
        finally:
            ray.shutdown()
            shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.parametrize("setup, seats", [
    ({}, SEATS),
    ({"players": 3, "creatures": 6}, ["greedy", "random", "random"]),
])
def test_ray_backend_plays_exactly_the_local_games(ray_cluster, setup, seats):
    """Issue 5: the same seed gives the same results whatever the backend and worker count."""
    seen: list[int] = []
    here = simulate("nightmarium", setup, seats, games=30, seed=13, workers=1)
    on_ray = simulate("nightmarium", setup, seats, games=30, seed=13, backend="ray", progress=seen.append)
    on_one_ray_cpu = simulate("nightmarium", setup, seats, games=30, seed=13, workers=1, backend="ray")
    assert (on_ray.backend, on_ray.workers) == ("ray", 2)  # all the cluster's CPUs
    assert (on_one_ray_cpu.backend, on_one_ray_cpu.workers) == ("ray", 1)
    assert outcome(on_ray) == outcome(here) == outcome(on_one_ray_cpu)
    assert seen == sorted(seen) and seen[-1] == 30 and len(seen) > 1  # progress per finished chunk


def test_ray_and_local_processes_agree(ray_cluster):
    pool = simulate("nightmarium", {}, SEATS, games=40, seed=21, workers=2)
    on_ray = simulate("nightmarium", {}, SEATS, games=40, seed=21, backend="ray")
    assert outcome(pool) == outcome(on_ray)


def test_cli_json_with_backend_ray(ray_cluster, capsys):
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "24", "--seed", "5",
                 "--backend", "ray", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object alone on stdout
    data = json.loads(out)
    here = simulate("nightmarium", {}, SEATS, games=24, seed=5)
    assert (data["backend"], data["workers"], data["games"]) == ("ray", 2, 24)
    assert (data["wins"], data["draws"], data["decisions"]) == (here.wins, here.draws, here.decisions)


def test_cli_summary_says_where_the_games_ran(ray_cluster, capsys):
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "8",
                 "--backend", "ray"]) == 0
    assert "ray, 2 CPUs" in capsys.readouterr().out


def test_a_running_cluster_is_joined_by_address(ray_cluster):
    """Another process (as on another machine) joins the running cluster with --address,
    uses all its CPUs, and leaves it running when done."""
    done = run_cli(["nightmarium", "--seats", "greedy,random", "--games", "20", "--seed", "9",
                    "--backend", "ray", "--address", ray_cluster, "--json"], ray_env())
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    here = simulate("nightmarium", {}, ["greedy", "random"], games=20, seed=9)
    assert (data["backend"], data["workers"]) == ("ray", 2)
    assert (data["wins"], data["draws"], data["decisions"]) == (here.wins, here.draws, here.decisions)
    after = simulate("nightmarium", {}, SEATS, games=4, seed=1, backend="ray")  # still up
    assert after.games == 4


def processes_with(marker: str) -> list[int]:
    """Ids of the live processes whose environment holds ``marker`` (inherited by every
    process a run starts, whatever it renames itself to)."""
    found = []
    needle = marker.encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if needle in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc to list processes")
def test_a_run_without_address_starts_its_own_ray_and_leaves_nothing_running():
    pytest.importorskip("ray")
    marker = f"GLOAM_TEST_RUN={uuid.uuid4().hex}"
    temp = Path(tempfile.mkdtemp(prefix="gloam-ray-"))
    env = ray_env(RAY_TMPDIR=str(temp), RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32),
                  GLOAM_TEST_RUN=marker.split("=", 1)[1])
    env.pop("RAY_ADDRESS", None)
    try:
        done = run_cli(["nightmarium", "--seats", "random,random", "--games", "20", "--seed", "2",
                        "--backend", "ray", "--workers", "2", "--json"], env)
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        here = simulate("nightmarium", {}, SEATS, games=20, seed=2)
        assert (data["backend"], data["workers"]) == ("ray", 2)
        assert (data["wins"], data["draws"], data["decisions"]) == (here.wins, here.draws, here.decisions)
        assert list((temp / "ray").glob("session_*")), "the run did not start its own Ray instance"
        deadline = time.monotonic() + 15
        while processes_with(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert processes_with(marker) == []
    finally:
        for pid in processes_with(marker):  # only what this test's run started
            os.kill(pid, 9)
        shutil.rmtree(temp, ignore_errors=True)


def test_address_given_while_ray_already_runs_here_is_refused(ray_cluster):
    with pytest.raises(SetupError, match="already initialised"):
        simulate("nightmarium", {}, SEATS, games=2, seed=0, backend="ray", address=ray_cluster)


def test_a_failing_ray_task_is_reported_in_one_line(ray_cluster):
    """What a node without gloam's games would give: the task's own error, not a Ray trace."""
    run = ("no-such-game", {"players": 2}, SEATS, 0)
    with pytest.raises(BackendError, match=r"^a Ray task failed: SetupError: unknown game 'no-such-game'"):
        _gather_ray(sys.modules["ray"], run, [(0, 1), (1, 2)], 2, None)


def test_unreachable_address_fails_fast_with_one_line():
    pytest.importorskip("ray")
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = run_cli(["nightmarium", "--seats", "random,random", "--games", "4", "--backend", "ray",
                    "--address", f"127.0.0.1:{port}"], ray_env())
    # the message is the probe's (gloam.simulate._check_reachable, before Ray is started):
    # Ray alone would retry for minutes and say something else
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"gloam simulate: error: no Ray cluster answers at 127.0.0.1:{port}")


@pytest.mark.parametrize("options, message", [
    (["--address", "head:6379"], "--address is only for a Ray cluster: add --backend ray"),
    (["--backend", "local", "--address", "head:6379"], "--address is only for a Ray cluster"),
])
def test_address_without_backend_ray_exits_2(capsys, options, message):
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--json", *options]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


def test_missing_ray_exits_2_with_the_install_hint(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if not installed
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--backend", "ray"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("gloam simulate: error:") and "install gloam[ray]" in err
    with pytest.raises(SetupError, match=r"install gloam\[ray\]"):
        simulate("nightmarium", {}, SEATS, games=2, seed=0, backend="ray")


@pytest.mark.parametrize("kwargs, message", [
    ({"backend": "dask"}, "backend must be one of 'local', 'ray', not 'dask'"),
    ({"address": "head:6379"}, "an address is only for the ray backend"),
    ({"backend": "ray", "address": "  "}, "address must be a Ray cluster address"),
])
def test_library_rejects_bad_backend_choices(kwargs, message):
    with pytest.raises(SetupError, match=message):
        check_simulation("nightmarium", {}, SEATS, games=2, **kwargs)
