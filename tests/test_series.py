"""The End-of-the-World Series (rule 180; seeds 000, 001, 002 "Other Variants"): wound
totals across games, the end at the target, the lowest total wins, determinism from the
seed, save and resume, and the ``gloam series`` command."""

from __future__ import annotations

import json

import pytest

from gloam.cli.main import main
from gloam.core.errors import RecordError, SetupError
from gloam.series import Series

SETUP = {"players": 3, "sets": ["CW"], "turn_limit": 80}


def test_rule_180_totals_add_up_each_game_and_the_series_ends_at_the_target():
    series = Series(SETUP, ["random", "heuristic", "random"], seed=11, target=40)
    games = series.play()
    assert series.over and len(games) >= 2
    running = [0, 0, 0]
    for game in games:
        assert game.wounds == tuple(game.record.replay().wound_count(p)[0] for p in range(3))
        running = [r + w for r, w in zip(running, game.wounds)]
        assert list(game.totals) == running
    assert max(games[-1].totals) >= 40 and max(games[-2].totals) < 40  # ends after the first game to reach it


def test_rule_180_the_lowest_total_wins():
    series = Series(SETUP, ["random"] * 3, seed=4, target=30)
    series.play()
    lowest = min(series.totals)
    (winner,) = series.winners()
    assert series.totals[winner] == lowest
    rows = series.standings()
    assert [r["total"] for r in rows] == sorted(series.totals) and rows[0]["place"] == 1


def test_a_tie_for_the_lowest_total_goes_to_more_games_won_then_is_shared():
    from dataclasses import replace

    series = Series({"players": 2, "sets": ["CW"], "turn_limit": 80}, ["random", "random"], seed=1, target=5)
    series.play()
    g = series.games[0]
    series.games[:] = [replace(g, index=0, winner=1, totals=(50, 50)), replace(g, index=1, winner=0, totals=(80, 80)),
                       replace(g, index=2, winner=1, totals=(110, 110))]
    assert series.winners() == [1]  # tied totals: player 2 won two games, player 1 one
    series.games[:] = [replace(g, index=0, winner=-1, totals=(110, 110))]
    assert series.winners() == [0, 1]  # still tied: a shared win
    assert [r["place"] for r in series.standings()] == [1, 1]


def test_a_series_is_reproduced_from_its_seed_and_first_players_rotate():
    a = Series(SETUP, ["random"] * 3, seed=9, target=35)
    b = Series(SETUP, ["random"] * 3, seed=9, target=35)
    a.play()
    b.play()
    assert [g.wounds for g in a.games] == [g.wounds for g in b.games]
    assert [g.record.setup["first_player"] for g in a.games] == [k % 3 for k in range(len(a.games))]
    c = Series(SETUP, ["random"] * 3, seed=10, target=35)
    c.play()
    assert [g.record.actions for g in c.games] != [g.record.actions for g in a.games]


def test_a_saved_series_resumes_exactly():
    whole = Series(SETUP, ["random"] * 3, seed=5, target=40)
    whole.play()
    part = Series(SETUP, ["random"] * 3, seed=5, target=40)
    part.play_next()
    resumed = Series.from_json(json.loads(json.dumps(part.to_json())))
    assert resumed.totals == part.totals
    resumed.play()
    assert [g.wounds for g in resumed.games] == [g.wounds for g in whole.games]
    data = part.to_json()
    data["games"][0]["seed"] += 1
    with pytest.raises(RecordError, match="not the series' game 1"):
        Series.from_json(data)


def test_bad_series_options_are_refused():
    with pytest.raises(SetupError, match="one bot per player"):
        Series(SETUP, ["random"], seed=1)
    with pytest.raises(SetupError, match="unknown bot"):
        Series(SETUP, ["random", "nobody", "random"], seed=1)
    with pytest.raises(SetupError, match="at least 1"):
        Series(SETUP, ["random"] * 3, seed=1, target=0)


def test_gloam_series_prints_a_table_per_game_and_the_standings(capsys, tmp_path):
    save = tmp_path / "series.json"
    assert main(["series", "nightfall", "--players", "2", "--bots", "random", "--seed", "3", "--target", "30",
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Game 1 (first player P1" in out and "Final standings after" in out
    assert "wins the End-of-the-World Series" in out or "Shared win" in out
    saved = Series.from_json(json.loads(save.read_text()))
    assert saved.over and f"{saved.totals[0]:>5}" in out
    assert main(["series", "--resume", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["totals"] for g in data["games"]] == [list(g.totals) for g in saved.games]


def test_gloam_series_bad_options_are_one_line_errors(capsys):
    assert main(["series", "nightfall", "--players", "3", "--bots", "random,random"]) == 2
    assert "2 bots for 3 players" in capsys.readouterr().err
    assert main(["series", "nightfall", "--players", "2"]) == 2
    assert "--bots" in capsys.readouterr().err
