"""``gloam simulate nightfall`` (issue 3): the same options and JSON fields as for
Nightmarium, seed-stable whatever the worker count."""

from __future__ import annotations

import json

from gloam.cli.main import main

FIELDS = {"games", "wins", "draws", "mean_turns", "decisions", "games_per_s", "decisions_per_s"}


def run_json(capsys, *extra: str) -> dict:
    assert main(["simulate", "nightfall", "--seats", "heuristic,random", "--games", "12", "--seed", "7",
                 "--json", *extra]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object alone on stdout
    return json.loads(out)


def test_json_has_the_fields_and_adds_up(capsys):
    data = run_json(capsys, "--moons")
    assert FIELDS <= set(data) and data["games"] == 12
    assert sum(data["wins"]) + data["draws"] == 12 and data["setup"]["moons"] is True
    assert data["wins"][0] > data["wins"][1]  # the heuristic bot beats random


def test_one_and_two_workers_give_the_same_games(capsys):
    one, two = run_json(capsys), run_json(capsys, "--workers", "2")
    assert (one["wins"], one["draws"], one["decisions"]) == (two["wins"], two["draws"], two["decisions"])


def test_options_of_the_other_game_are_refused(capsys):
    assert main(["simulate", "nightfall", "--seats", "random,random", "--creatures", "6"]) == 2
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--draft"]) == 2
    err = capsys.readouterr().err
    assert "Nightmarium options" in err and "Nightfall options" in err


def test_team_play_credits_both_teammates_with_the_win(capsys):
    """Rule 178: teammates (seats i and i + 2 of 4) win together, so each game counts as a
    win for both seats of the winning team, never as a draw."""
    assert main(["simulate", "nightfall", "--seats", "random,random,random,random", "--teams", "--games", "6",
                 "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    wins = data["wins"]
    assert data["draws"] == 0 and sum(wins) == 2 * 6
    assert wins[0] == wins[2] and wins[1] == wins[3]  # teammates share every result
