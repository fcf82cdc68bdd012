"""A CI sample of ``benchmarks/crash_restart.py``: a few SIGKILLs (one at a random moment,
one while a bot thinks, one while a write is open) during real games on SQLite, and on
PostgreSQL when ``GLOAM_TEST_POSTGRES`` is set; nothing acknowledged is lost or doubled
and every table equals its replayed log. The audit's own negative controls show that it
does count a lost act, a doubled one and a table that differs from its log."""

from __future__ import annotations

import asyncio
import os
import random
from types import SimpleNamespace

import pytest

from web_client import crash_restart_module, run_async

crash = crash_restart_module()

POSTGRES = os.environ.get("GLOAM_TEST_POSTGRES")


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_few_kills_lose_nothing(database, tmp_path):
    if database == "postgres" and not POSTGRES:
        pytest.skip("no PostgreSQL: set GLOAM_TEST_POSTGRES=postgresql://user:pw@host/db (.ci/run starts one)")
    # on a thread with no event loop (after a browser test, Playwright's runs on this one)
    figures = run_async(asyncio.to_thread(crash.crash_restart, 3, POSTGRES if database == "postgres" else None,
                                          slots=3, seed=3, seconds=150, workdir=tmp_path))
    assert figures["kills"] == 3 and figures["acked"] > 0, figures
    assert (figures["lost"], figures["duplicated"], figures["mismatched"]) == (0, 0, 0), figures["problems"]
    assert figures["database"] == ("postgresql" if database == "postgres" else "sqlite")


def _row(seq, action, cid, kind="act"):
    return SimpleNamespace(seq=seq, action=action, cid=cid, kind=kind)


def test_the_audit_counts_lost_and_doubled_acts():
    logs = {"t1": [_row(1, 5, "a"), _row(2, 7, "bot-2"), _row(3, 9, "b")]}
    ok = [crash.Ack("t1", "a", 1, 5), crash.Ack("t1", "b", 3, 9)]
    assert crash.count_acks(logs, ok) == (0, 0)
    assert crash.count_acks(logs, ok + [crash.Ack("t1", "c", 4, 1)]) == (1, 0)          # not in the log
    assert crash.count_acks(logs, [crash.Ack("t1", "b", 3, 8)]) == (1, 0)               # another action
    assert crash.count_acks(logs, [crash.Ack("t1", "a", 2, 5)]) == (1, 0)               # another seq
    assert crash.count_acks(logs, ok + [crash.Ack("t1", "a", 4, 5)]) == (0, 1)          # acked twice
    doubled = {"t1": logs["t1"] + [_row(4, 5, "a")]}
    assert crash.count_acks(doubled, ok) == (0, 1)                                       # stored twice


def test_the_audit_finds_a_table_that_differs_from_its_log():
    from gloam.core.record import Record
    from gloam.games import get_game

    game = get_game("nightmarium", {"players": 2})
    state, actions, rng = game.new_initial_state(11), [], random.Random(2)
    while not state.is_terminal():
        action = rng.choice(state.legal_action_indices())
        state.apply(action)
        actions.append(action)
    row = SimpleNamespace(id="t1", game="nightmarium", setup=game.setup_json(), seed=11, start=None,
                          status="finished", result={"winners": list(state.outcome().winners)})
    rows = [_row(n + 1, a, f"c{n}") for n, a in enumerate(actions)]
    record = Record("nightmarium", game.setup_json(), 11, actions).to_json()
    info = {"v": len(rows), "status": "finished", "result": row.result}

    def server(info, record):
        return lambda path: record if path.endswith("/record") else info

    assert crash.table_problems(row, rows, server(info, record)) == []
    assert crash.table_problems(row, rows, server({**info, "v": len(rows) - 1}, record))
    assert crash.table_problems(row, rows, server({**info, "status": "live"}, record))
    assert crash.table_problems(row, rows, server(info, {**record, "actions": actions[:-1]}))
    assert crash.table_problems(row, rows[:-1], server(info, record))                  # a lost log row
