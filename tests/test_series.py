"""The End-of-the-World Series (rule 180; seeds 000, 001, 002 "Other Variants"): wound
totals across games, the end at the target, the lowest total wins, determinism from the
seed, save and resume, and the ``gloam series`` command."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from cli_terminal import wire_terminal
from gloam.cli.main import main
from gloam.core.errors import RecordError, SetupError
from gloam.core.rng import derive_seed
from gloam.series import HUMAN, Series

SETUP = {"players": 3, "sets": ["CW"], "turn_limit": 80}
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def _cli_setup(players: int = 2) -> dict:
    """The setup ``gloam series nightfall`` builds from its defaults."""
    from gloam.cli.main import build_parser
    from gloam.cli.options import setup_from_args

    args = build_parser().parse_args(["series", "nightfall"])
    return setup_from_args(args, players, turn_limit=args.turn_limit)


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


# ---------------------------------------------------------------------- human seats
def _front_end_plays(series: Series, stand_in: str = "random"):
    """What a front end does for a series with a person: deal the next game, play it
    (here a bot stands in for the person), give the result back."""
    from gloam.bots import make_bot
    from gloam.match import play_match

    k, game, seed = series.next_game()
    bots = [make_bot(stand_in if name == HUMAN else name, game, derive_seed(77, k, p))
            for p, name in enumerate(series.seats)]
    result = play_match(game, bots, seed=seed)
    return series.add_result(result.record(game, series.seats), result.state)


def test_a_human_seat_plays_at_a_front_end_and_its_series_saves_and_resumes():
    """Rule 180 with a person: ``play_next`` (bots only) refuses to play the person's
    seat; a front end plays each game from ``next_game`` and adds it with ``add_result``;
    the saved series keeps the seat ``you`` and resumes where it stopped."""
    setup = {"players": 2, "sets": ["CW"], "turn_limit": 60}
    series = Series(setup, [HUMAN, "random"], seed=3, target=25)
    assert series.humans == [0]
    with pytest.raises(SetupError, match=r"seat 1 is a person.*front end.*next_game\(\) and add_result\(\)"):
        series.play_next()
    assert series.games == []  # nothing was played
    k, game, seed = series.next_game()
    assert k == 0 and game.num_players == 2 and game.setup_json()["first_player"] == 0
    assert seed == derive_seed(3, 0)  # game k is dealt from derive_seed(seed, k)
    first = _front_end_plays(series)
    assert first.index == 0 and series.totals == list(first.wounds)
    assert series.next_game().game.setup_json()["first_player"] == 1  # the first player moves on

    saved = json.loads(json.dumps(series.to_json()))
    assert saved["seats"] == ["you", "random"]
    resumed = Series.from_json(saved)
    assert resumed.seats == ["you", "random"] and resumed.totals == series.totals
    assert resumed.games[0].record.seats == ["you", "random"]
    while not series.over:
        _front_end_plays(series)
    while not resumed.over:
        _front_end_plays(resumed)
    assert [g.totals for g in resumed.games] == [g.totals for g in series.games]
    assert max(series.totals) >= 25 and series.winners()
    with pytest.raises(SetupError, match="the series is over"):
        series.next_game()


def test_add_result_refuses_a_game_that_is_not_the_series_next_game():
    setup = {"players": 2, "sets": ["CW"], "turn_limit": 60}
    series = Series(setup, [HUMAN, "random"], seed=3, target=25)
    other = Series(setup, [HUMAN, "random"], seed=4, target=25)  # other seed, other deal
    _front_end_plays(other)
    with pytest.raises(RecordError, match="not the series' game 1"):
        series.add_result(other.games[0].record, other.games[0].record.replay())
    assert series.games == []


def test_an_unknown_seat_is_refused_naming_the_choices(capsys):
    with pytest.raises(SetupError, match=r"unknown bot 'nobody'.*'you'.*heuristic.*random"):
        Series(SETUP, [HUMAN, "nobody", "random"], seed=1)
    assert main(["series", "nightfall", "--seats", "you,nobody", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'nobody'" in err and "'you'" in err and "heuristic" in err


def test_a_series_of_bots_keeps_its_english_tables(capsys):
    assert main(["series", "nightfall", "--bots", "heuristic,random", "--seed", "1", "--target", "10"]) == 0
    out = capsys.readouterr().out
    series = Series(_cli_setup(), ["heuristic", "random"], seed=1, target=10)
    series.play()
    expected = ["End-of-the-World Series: 2 players (heuristic, random), seed 1, to 10 wounds"]
    for g in series.games:
        won = "no winner (turn limit)" if g.winner < 0 else f"won by P{g.winner + 1} {series.seats[g.winner]}"
        expected += [f"Game {g.index + 1} (first player P{g.index % 2 + 1}, {g.turns} turns, {won})",
                     "  player        wounds  total",
                     f"  P1 heuristic  {g.wounds[0]:>6}  {g.totals[0]:>5}",
                     f"  P2 random     {g.wounds[1]:>6}  {g.totals[1]:>5}"]
    expected += [f"Final standings after {len(series.games)} games", "  place  player        total  games won"]
    assert out.splitlines()[:len(expected)] == expected
    assert "wins the End-of-the-World Series with" in out or "Shared win: " in out
    assert not JAPANESE.search(out)


def test_a_series_of_bots_prints_its_tables_in_japanese_with_lang_ja(capsys):
    """``--lang ja``: the series' own lines in Japanese, with seed 002's words
    (世界の終わりシリーズ, 負傷, 累計); the numbers are the English series' numbers."""
    args = ["series", "nightfall", "--bots", "heuristic,random", "--seed", "1", "--target", "10"]
    assert main(args) == 0
    english = capsys.readouterr().out
    assert main(args + ["--lang", "ja"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "世界の終わりシリーズ: 2人（heuristic、random）、シード 1、累計負傷10枚で終了"
    assert lines[1].startswith("ゲーム1（最初のプレイヤー: プレイヤー1、")
    assert lines[2].split() == ["プレイヤー", "負傷", "累計"]
    assert lines[3].startswith("  プレイヤー1（heuristic）") and lines[4].startswith("  プレイヤー2（random）")
    assert "最終順位（" in out and ("世界の終わりシリーズの勝者: " in out or "同点で勝利を分け合う: " in out)
    assert "  順位  プレイヤー" in out and "勝利数" in out
    for word in ("Game ", "Final standings", "wounds", "End-of-the-World"):
        assert word not in out
    assert re.findall(r"\d+", english.split("\n", 1)[1]) == re.findall(r"\d+", out.split("\n", 1)[1])


def test_series_templates_fill_in_both_languages():
    from gloam.nightfall import i18n

    values = {"players": 2, "seats": "a, b", "seed": 1, "target": 100, "n": 1, "player": "P", "seat": "random",
              "first": 1, "turns": 9, "result": "r", "who": "P1 random", "games": 3, "total": 12, "file": "s.json",
              "totals": "P 1"}
    for key in i18n.SERIES:
        for lang in i18n.LANGS:
            assert i18n.fill("series", key, lang, **values)
    assert i18n.TABLES["series"] is i18n.SERIES  # so the both-languages check covers it


class _Person:
    """A scripted person at the terminal: the first option at every choice, Enter at
    every hand-over; ``stop_at`` (a prompt's text) is answered ``q`` once."""

    def __init__(self, stop_at: str | None = None) -> None:
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.stop_at = stop_at

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.stop_at and self.stop_at in prompt:
            self.stop_at = None
            return "q"
        return "" if "Enter" in prompt else "1"

    def flat(self) -> str:
        return " ".join(re.sub(r"[│╭╮╰╯─]", " ", self.out.getvalue()).split())


def test_a_human_series_in_japanese_shows_japanese_series_prompts(monkeypatch, tmp_path):
    """``--seats you,random --lang ja``: the series' header, the notice above each game,
    the game tables, the next-game prompt, the stop message and the standings are
    Japanese; stopped at the next-game prompt, it resumes in Japanese to its end."""
    person = wire_terminal(monkeypatch, tmp_path, _Person(stop_at="次のゲーム"), 200)
    assert main(["series", "nightfall", "--seats", "you,random", "--seed", "1", "--target", "25",
                 "--save", "s.json", "--lang", "ja"]) == 130
    flat = person.flat()
    assert flat.startswith("世界の終わりシリーズ: 2人（あなた、random）、シード 1、累計負傷25枚で終了")
    assert "世界の終わりシリーズ · ゲーム1 · ここまでの累計負傷: あなた 0枚、Random 0枚（累計25枚でシリーズ終了）" in flat
    assert "ゲーム1（最初のプレイヤー: プレイヤー1、" in flat and "プレイヤー1（あなた）" in flat
    assert "Enter を押すと次のゲームへ（q = シリーズを中断）: " in person.prompts
    assert "gloam series: シリーズを中断しました。再開するには: gloam series --resume s.json" in flat
    assert "Press Enter" not in flat and "End-of-the-World" not in flat and "Game 1" not in flat
    assert len(json.loads(Path("s.json").read_text())["games"]) == 1

    person.out.truncate(0)
    person.out.seek(0)
    assert main(["series", "--resume", "s.json", "--lang", "ja"]) == 0
    flat = person.flat()
    assert "世界の終わりシリーズ · ゲーム2 · ここまでの累計負傷: あなた " in flat
    assert "最終順位（" in flat and "End-of-the-World" not in flat


def test_a_human_series_with_names_shows_the_names_in_its_tables(monkeypatch, tmp_path):
    """``--names Alice,Bob``: the series' header and tables name the players as they
    asked, not by seat (``you``) or bot."""
    person = wire_terminal(monkeypatch, tmp_path, _Person(stop_at="next game"), 200)
    assert main(["series", "nightfall", "--seats", "you,random", "--names", "Alice,Bob", "--seed", "1",
                 "--target", "25"]) == 130
    flat = person.flat()
    assert flat.startswith("End-of-the-World Series: 2 players (Alice, Bob), seed 1, to 25 wounds")
    assert "player wounds total P1 Alice" in flat and "P2 Bob" in flat
    assert "P1 you" not in flat and "P2 random" not in flat
