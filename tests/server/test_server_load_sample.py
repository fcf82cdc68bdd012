"""A bounded sample of ``benchmarks/server_load.py``: its own clients (20: person against
person and against bots, both games, thinking 0.5-2 s) play for 15 s against a live
server. Every action must be acknowledged or still in flight, never refused, and no
socket may drop. Latency is the benchmark's to print (docs/reliability.md, "Load"), not
this test's to assert."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from web_client import run_async

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def load_benchmark():
    spec = importlib.util.spec_from_file_location("server_load", BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_twenty_clients_play_without_an_error(sqlite_live):
    bench = load_benchmark()
    stats = run_async(bench.run(20, 15.0, sqlite_live.url))
    assert stats.errors == []
    assert stats.resyncs == 0
    assert stats.acks > 0
    assert len(stats.latencies) == stats.acks
