"""Issue 16, "Leaks" (a sample; ``benchmarks/leak_scan.py`` runs whole games of both games
with 2-5 players and every Nightfall variant): every message to every seat and
spectator checked against the engine's own view for that viewer (tests/leakscan.py)."""

from __future__ import annotations

from leakscan import SAMPLE, scan_games
from web_client import run_async


def test_no_message_to_any_viewer_holds_what_it_could_not_see(tmp_path):
    scan = run_async(scan_games(tmp_path, len(SAMPLE), seed=1, setups=SAMPLE))
    assert scan.leaks == []
    assert scan.games == len(SAMPLE) and scan.frames > 1_000


def test_the_scan_catches_a_frame_built_for_another_viewer(tmp_path, monkeypatch):
    """A control: a room that sent every viewer seat 0's view would be caught."""
    import gloam.server.room as room_module

    real = room_module.table_frame

    def wrong(game, state, viewer, lang, names, since):
        return real(game, state, 0, lang, names, since)

    monkeypatch.setattr(room_module, "table_frame", wrong)
    scan = run_async(scan_games(tmp_path, 2, seed=2, setups=[("nightmarium", {"players": 3})]))
    assert any("not the engine's view" in leak for leak in scan.leaks)


def test_the_scan_catches_a_welcome_whose_log_is_not_the_engines(tmp_path, monkeypatch):
    """A control: a reconnect's welcome that left out the last event (or showed one the
    viewer may not see) would be caught."""
    from gloam.server.room import Room

    real = Room._with_notes

    def short(self, lines, since, viewer, lang):
        return real(self, lines, since, viewer, lang)[:-1]

    monkeypatch.setattr(Room, "_with_notes", short)
    scan = run_async(scan_games(tmp_path, 2, seed=2, setups=[("nightmarium", {"players": 3})]))
    assert any("a welcome's log other than the engine's events" in leak for leak in scan.leaks)
