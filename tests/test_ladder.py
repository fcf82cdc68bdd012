"""The bot ladder (``gloam.ladder``, ``gloam ladder``): a seeded round robin with seats
swapped on the same deals, openskill ratings with their uncertainty, a table and JSON,
the same results with any number of workers, and one-line errors for bad options."""

from __future__ import annotations

import json

import pytest

from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.ladder import _tasks, check_ladder, run_ladder

BOTS = ["random", "greedy", "easy"]


@pytest.fixture(scope="module")
def small() -> object:
    """A tiny ladder: three bots, 2 games per pair (one each way)."""
    return run_ladder("nightmarium", BOTS, games=2, seed=3)


def test_every_pair_plays_both_seat_orders_on_the_same_deals(small) -> None:
    assert {(p.a, p.b) for p in small.pairs} == {("random", "greedy"), ("random", "easy"), ("greedy", "easy")}
    for pair in small.pairs:
        assert pair.games == 2 and pair.wins_a + pair.wins_b + pair.draws == 2
    # 5 games per pair: deals 0-2 with the first bot in seat 0, deals 0-1 again swapped
    assert _tasks([("a", "b")], 5) == [(0, 0, 0, 3), (0, 1, 0, 2)]
    assert run_ladder("nightmarium", ["greedy", "random"], games=3, seed=1).pair("greedy", "random").games == 3


def test_ratings_rank_random_last_with_uncertainty(small) -> None:
    names = [r.bot for r in small.ratings]
    assert names[-1] == "random" and set(names) == set(BOTS)
    ordinals = [r.ordinal for r in small.ratings]
    assert ordinals == sorted(ordinals, reverse=True)
    for r in small.ratings:
        assert 0 < r.sigma < 25 / 3  # openskill's prior sigma, narrowed by the games
        assert r.ordinal == pytest.approx(r.mu - 3 * r.sigma)
    assert small.pair("greedy", "random").win_rate("greedy") >= 0.5
    assert small.pair("easy", "random").win_rate("easy") >= 0.5


def test_same_seed_same_ladder_and_workers_do_not_matter(small) -> None:
    again = run_ladder("nightmarium", ["random", "greedy"], games=2, seed=3, workers=2)
    pair = small.pair("random", "greedy")
    assert again.pair("random", "greedy") == pair  # same deals, same bot seeds: same games
    once = run_ladder("nightmarium", ["random", "greedy"], games=2, seed=3)
    assert [r.to_json() for r in once.ratings] == [r.to_json() for r in again.ratings]


def test_cli_table_lists_rank_rating_uncertainty_and_win_rates(capsys) -> None:
    assert main(["ladder", "nightmarium", "--games", "6", "--bots", "random,greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for heading in ("Rank", "Bot", "Rating (mu)", "± (sigma)", "Ordinal", "vs random", "vs greedy"):
        assert heading in out
    rows = [line for line in out.splitlines() if "greedy" in line and "%" in line]
    assert rows and rows[0].split("│")[1].strip() == "1"  # greedy ranks first


def test_cli_json_is_one_object_with_ratings_and_pairs(capsys) -> None:
    assert main(["ladder", "nightmarium", "--games", "2", "--bots", "random,greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["random", "greedy"] and data["games_per_pairing"] == 2
    assert [r["rank"] for r in data["ratings"]] == [1, 2]
    assert {"bot", "mu", "sigma", "ordinal"} <= set(data["ratings"][0])
    (pair,) = data["pairs"]
    assert pair["games"] == 2 and pair["wins_a"] + pair["wins_b"] + pair["draws"] == 2
    assert 0.0 <= pair["win_ci95_b"][0] <= pair["win_rate_b"] <= pair["win_ci95_b"][1] <= 1.0


def test_default_bots_are_every_bot_of_the_game() -> None:
    bots, setup = check_ladder("nightmarium", None, games=1)
    assert {"random", "greedy", "easy", "normal", "hard"} <= set(bots)
    assert setup["players"] == 2


@pytest.mark.parametrize("argv, message", [
    (["--bots", "random,wizard"], "no bot 'wizard'"),
    (["--bots", "random"], "at least two different bots"),
    (["--bots", "random,random"], "at least two different bots"),
    (["--games", "0"], "games must be an integer >= 1"),
    (["--workers", "0"], "workers must be an integer >= 1"),
])
def test_bad_options_are_one_line_errors(capsys, argv, message) -> None:
    assert main(["ladder", "nightmarium", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("gloam ladder: error: ") and message in err


def test_unknown_game_is_rejected() -> None:
    with pytest.raises(SetupError, match="unknown game"):
        check_ladder("chess", ["random", "greedy"], games=1)


def test_cli_ladder_rates_nightfall_bots_with_nightfall_setup_options(capsys) -> None:
    """`gloam ladder nightfall` takes the game's own setup options (here two sets mixed)
    and rates its bots: the heuristic bot above random."""
    argv = ["ladder", "nightfall", "--games", "2", "--bots", "random,heuristic", "--sets", "CW,ML", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["bot"] for r in data["ratings"]] == ["heuristic", "random"]
    (pair,) = data["pairs"]
    assert pair["games"] == 2 and pair["wins_b"] == 2


@pytest.mark.parametrize("argv, message", [
    (["nightfall", "--creatures", "6"], "Nightmarium options"),
    (["nightmarium", "--moons"], "Nightfall options"),
])
def test_an_option_of_the_other_game_is_a_one_line_error(capsys, argv, message) -> None:
    assert main(["ladder", *argv, "--bots", "random,easy"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err
