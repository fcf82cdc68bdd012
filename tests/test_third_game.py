"""A third game touches one package and the registry (issue 24, docs/architecture.md
"Adding a game"): the toy game of tests/toy_game.py, registered with one line, is
played by ``gloam simulate`` (and its Python entry), replays from its record, and is
searched by the ISMCTS bots (random rollouts: it has no search kit) with no change to
gloam. The server's API plays it too (tests/server/test_server_third_game.py)."""

from __future__ import annotations

import json

import pytest

from gloam import games
from gloam.bots import make_bot
from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.core.record import Record
from gloam.match import play_match
from gloam.simulate import simulate
from toy_game import DECLARATION


@pytest.fixture
def registered():
    games.register(DECLARATION)            # the one registry line
    yield DECLARATION
    games.unregister(DECLARATION.name)


def test_an_unregistered_game_is_unknown():
    with pytest.raises(SetupError, match="unknown game 'highcard'"):
        games.get_game("highcard", {})


def test_the_registry_lists_a_registered_game(registered):
    assert "highcard" in games.game_names()
    assert games.declaration("highcard") is registered
    assert type(games.get_game("highcard", {"players": 3})).name == "highcard"


def test_gloam_simulate_plays_the_third_game(registered, capsys):
    code = main(["simulate", "highcard", "--seats", "random,hard", "--games", "12", "--seed", "4", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    result = json.loads(out.out)
    assert result["game"] == "highcard" and result["games"] == 12
    assert sum(result["wins"]) >= 12 - result["draws"]
    again = simulate("highcard", {}, ["random", "hard"], games=12, seed=4).to_json()
    assert again["wins"] == result["wins"]           # the Python entry plays the same games


def test_the_third_games_options_of_another_game_are_refused(registered, capsys):
    assert main(["simulate", "highcard", "--seats", "random,random", "--moons"]) == 2
    assert "Nightfall options" in capsys.readouterr().err


def test_its_record_replays_through_core(registered):
    game = games.get_game("highcard", {"players": 3})
    bots = [make_bot(name, game, seed=s) for s, name in enumerate(["random", "easy", "random"])]
    result = play_match(game, bots, seed=9)
    record = result.record(game, ["random", "easy", "random"])
    final = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert final.is_terminal() and final == result.state
