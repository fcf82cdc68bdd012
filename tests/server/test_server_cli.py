"""``gloam serve``: it prints the URL it serves; a bad ``--db`` or a port in use is one
line ``gloam serve: error: …`` and exit 2, not a failed start-up's traceback."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from gloam.cli.main import main


@pytest.mark.parametrize("url, says", [
    ("nonsense://x", "Can't load plugin"),
    ("sqlite:////no/such/folder/gloam.db", "unable to open database file"),
    ("postgresql://gloam:secret@127.0.0.1:1/x", "gloam:***@"),          # the password is not shown
])
def test_a_database_that_cannot_be_opened_is_one_line(url, says, capsys):
    assert main(["serve", "--port", "0", "--db", url]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("gloam serve: error: ") and says in err[0]
    assert "secret" not in err[0]


def test_a_port_in_use_is_one_line(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"cannot listen on 127.0.0.1:{port}" in err[0]


def _wait_healthy(url: str) -> None:
    for _ in range(100):
        try:
            assert httpx.get(url + "healthz", timeout=1).json() == {"ok": True}
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the printed URL does not answer")


def test_serve_prints_the_url_it_serves(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "serve", "--port", "0",
                             "--db", f"sqlite:///{tmp_path / 'g.db'}"], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("gloam serves the web table at http://127.0.0.1:")
        url = line.split(" at ", 1)[1].split()[0]
        _wait_healthy(url)
    finally:
        proc.kill()
        proc.wait(10)


def _serve(tmp_path, *flags: str, env: dict | None = None):
    """A real ``gloam serve`` on a free port; (process, its URL) once it answers."""
    import os

    proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "serve", "--port", "0",
                             "--db", f"sqlite:///{tmp_path / 'g.db'}", *flags], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    url = proc.stdout.readline().split(" at ", 1)[1].split()[0]
    for _ in range(100):
        try:
            httpx.get(url + "healthz", timeout=1)
            return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("gloam serve does not answer")


def test_serve_answers_its_own_names_only_and_trusts_no_forwarded_header_by_default(tmp_path):
    """Issue 23, section 2, on the real command: a Host it does not serve is 400, an
    ``--allowed-host`` is served; and with the loopback exemption off, a client naming
    itself in ``X-Forwarded-For`` is still counted as the socket's peer."""
    proc, url = _serve(tmp_path, "--allowed-host", "games.example.org",
                       env={"GLOAM_POST_EXEMPT": "", "GLOAM_POST_RATE": "2,0.001", "FORWARDED_ALLOW_IPS": ""})
    try:
        assert httpx.get(url + "healthz", headers={"host": "evil.example"}).status_code == 400
        assert httpx.get(url + "healthz", headers={"host": "games.example.org"}).status_code == 200
        body = {"game": "nightmarium", "seats": ["bot:random", "bot:random"]}
        statuses = [httpx.post(url + "api/tables", json=body, headers={"x-forwarded-for": f"203.0.113.{n}"},
                               timeout=30).status_code for n in range(1, 5)]
        assert statuses == [201, 201, 429, 429]
    finally:
        proc.kill()
        proc.wait(10)


def _session_processes(sid: int) -> dict[int, str]:
    """The live (not zombie) processes of session ``sid``: pid -> command line (from /proc)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()        # after "(comm)": state, ppid, pgrp, session, …
        if int(fields[3]) == sid and fields[0] != "Z":
            found[int(entry)] = command
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_server_leaves_no_bot_worker_behind(tmp_path):
    """``kill -9`` of ``gloam serve`` while a search bot plays: its bot pool (workers and
    whatever process started them) goes with it."""
    proc = subprocess.Popen([sys.executable, "-m", "gloam.cli.main", "serve", "--port", "0", "--bot-workers", "2",
                             "--db", f"sqlite:///{tmp_path / 'g.db'}"], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "GLOAM_BOT_THINK": "0,0"}, start_new_session=True)
    try:
        url = proc.stdout.readline().split(" at ", 1)[1].split()[0]
        _wait_healthy(url)
        made = httpx.post(url + "api/tables", json={"game": "nightmarium", "seats": ["bot:easy", "bot:easy"]},
                          timeout=30).json()
        deadline = time.monotonic() + 60
        while httpx.get(url + f"api/tables/{made['id']}", timeout=10).json()["ply"] < 3:   # the pool plays
            assert time.monotonic() < deadline, "the search bots did not move"
            time.sleep(0.1)
        pool = set(_session_processes(proc.pid)) - {proc.pid}
        assert pool, "no bot worker process was started"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 20
        while _session_processes(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _session_processes(proc.pid) == {}
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)      # whatever is left: not for the next test
        proc.wait(10)
