"""``gloam deck check`` and ``--deck`` for ``play`` and ``simulate`` (constructed format,
rules 166-173)."""

from __future__ import annotations

import json
from pathlib import Path

from gloam.cli.main import main
from gloam.nightfall.declaration import deck_setup
from gloam.nightfall.game import NightfallGame

GOOD = """# a Coldest War deck
name = "Lycan rush"
archive_1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meat"]
archive_2 = ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]
wounds = ["5 x NF Wound (bite)", "5 x CW Wound (burn)", "5 x ML Wound (bleed)"]
"""


def test_deck_check_prints_a_summary_of_a_valid_deck(tmp_path, capsys):
    path = tmp_path / "lycans.toml"
    path.write_text(GOOD)
    assert main(["deck", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Deck 'Lycan rush': valid (sets CW)" in out
    assert 'private archive 1 (12): 3 x Gregor Dzanic, 3 x "Smiling Biter"' in out
    assert "wound stack (15): 5 x NF Wound (bite), 5 x CW Wound (burn), 5 x ML Wound (bleed)" in out
    assert "starting deck: the standard one" in out


def test_deck_check_prints_each_problem_with_its_line_and_exits_1(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace('"3 x Kaos 33"', '"3 x Kilo 13"').replace('"3 x R&D"', '"3 x R+D"'))
    assert main(["deck", "check", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert "bad.toml:4: 'Kilo 13' is a starting minion, not an order for an archive (rule 166)" in err
    assert any(e.startswith("bad.toml:4: unknown card 'R+D'") and e.endswith("did you mean 'R&D'?")
               for e in err)
    assert err[-1] == f"{path}: not a valid deck (3 problems)"  # and so archive 2 is 3 short


def test_deck_check_reports_syntax_errors_and_unreadable_files(tmp_path, capsys):
    """A file that is no deck file at all (a syntax error, a missing file) is one
    ``gloam deck: error:`` line each, and the command exits 2 (a deck breaking the rules: 1)."""
    path = tmp_path / "broken.json"
    path.write_text('{\n  "name": "x",\n  "archive_1": [\n    "Kaos 33",,\n  ]\n}\n')
    assert main(["deck", "check", str(path), str(tmp_path / "missing.toml")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "gloam deck: error: broken.json:4: JSON syntax error: Expecting value (column 15)",
        "gloam deck: error: missing.toml: cannot read (No such file or directory)"]


def test_deck_check_sets_option_limits_the_cards(tmp_path, capsys):
    path = tmp_path / "d.toml"
    path.write_text(GOOD.replace('"3 x Kaos 33"', '"3 x Indigo Six"'))
    assert main(["deck", "check", str(path)]) == 0
    assert "valid (sets CW, NF)" in capsys.readouterr().out
    assert main(["deck", "check", str(path), "--sets", "CW"]) == 1
    assert "unknown card 'Indigo Six' in sets CW" in capsys.readouterr().err
    assert main(["deck", "check", str(path), "--sets", "XX"]) == 2


def test_deck_option_one_file_for_all_or_one_per_player(tmp_path):
    a, b = tmp_path / "a.toml", tmp_path / "b.json"
    a.write_text(GOOD)
    b.write_text(json.dumps({"name": "B", "archive_1": ["3 x Indigo Six", "3 x Smiling Biter", "3 x Still Standing",
                                                        "3 x Fresh Meat"],
                             "archive_2": ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"],
                             "wounds": ["15 x NF Wound (burn)"]}))
    one = deck_setup([str(a)], 3)
    assert len(one["decks"]) == 3 and one["sets"] == ["CW"]
    both = deck_setup([str(a), str(b)], 2)
    assert both["sets"] == ["CW", "NF"] and [d["name"] for d in both["decks"]] == ["Lycan rush", "B"]
    game = NightfallGame(players=2, **both)
    assert game.new_initial_state(1).wound_stacks[1] != []


def test_simulate_plays_constructed_games_with_deck(tmp_path, capsys):
    path = tmp_path / "a.toml"
    path.write_text(GOOD)
    assert main(["simulate", "nightfall", "--seats", "random,random", "--games", "4", "--seed", "2",
                 "--deck", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4


def test_deck_option_errors_are_one_line(tmp_path, capsys):
    path = tmp_path / "a.toml"
    path.write_text(GOOD)
    assert main(["simulate", "nightfall", "--seats", "random,random,random", "--games", "1",
                 "--deck", str(path), "--deck", str(path)]) == 2
    assert "2 decks for 3 players" in capsys.readouterr().err
    assert main(["simulate", "nightmarium", "--seats", "random,random", "--games", "1", "--deck", str(path)]) == 2
    assert "--deck is a Nightfall option" in capsys.readouterr().err


def test_play_a_constructed_game_at_the_terminal_with_deck(tmp_path, monkeypatch):
    import io
    import re

    from rich.console import Console

    from gloam.cli import play
    from gloam.core.record import Record

    path = tmp_path / "a.toml"
    path.write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()

    def answer(prompt) -> str:
        assert re.search(r"[Cc]hoose 1-(\d+)", str(prompt)) or "Pass to" in str(prompt), prompt
        return "" if "Pass to" in str(prompt) else "1"

    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=140), answer))
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "4", "--deck", str(path),
                 "--replay-out", "r.json"]) == 0
    final = Record.load("r.json").replay()
    assert final.is_terminal() and final.eliminated == [1 - final.winner]  # the last player left wins
    assert final.game.setup_json()["decks"][0]["name"] == "Lycan rush"


EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples" / "decks").iterdir())


def test_every_example_deck_is_valid(capsys):
    """The decks shipped in examples/decks/ (TOML and JSON, several sets) pass
    ``gloam deck check`` (rules 166-167)."""
    assert len(EXAMPLES) >= 3 and {p.suffix for p in EXAMPLES} == {".toml", ".json"}
    assert main(["deck", "check", *map(str, EXAMPLES)]) == 0
    out = capsys.readouterr().out
    assert out.count(": valid (sets ") == len(EXAMPLES)


def test_example_decks_meet_in_constructed_games(capsys):
    """Two different example decks play whole constructed games against each other: every
    game ends with one player left (rule 171: no draws)."""
    lycans, vampires = (str(p) for p in EXAMPLES if p.stem in ("lycan-rush", "vampire-court"))
    assert main(["simulate", "nightfall", "--seats", "heuristic,heuristic", "--deck", lycans, "--deck", vampires,
                 "--games", "6", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["draws"] == 0 and sum(data["wins"]) == 6
    assert data["setup"]["sets"] == ["CW", "ML"]
