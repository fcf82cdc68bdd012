"""``gloam play nightfall``: the terminal game of Nightfall (issue 3), driven through
``gloam.cli.main.main`` with a scripted terminal, as a person would play it."""

from __future__ import annotations

import io
import re

import pytest

from cli_terminal import wire_terminal
from gloam.cli.main import main
from gloam.core.record import Record

CHOOSE = re.compile(r"[Cc]hoose 1-(\d+)")


class Script:
    """Answers every "Choose 1-N" with the first option; raises at a given prompt."""

    def __init__(self, interrupt_at: int | None = None) -> None:
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.interrupt_at = interrupt_at

    def read(self, prompt: str) -> str:
        self.prompts.append(str(prompt))
        if self.interrupt_at is not None and len(self.prompts) == self.interrupt_at:
            raise KeyboardInterrupt
        if "Pass to" in str(prompt):
            return ""
        assert CHOOSE.search(str(prompt)), f"unexpected prompt {prompt!r}"
        return "1"


@pytest.fixture
def script(monkeypatch, tmp_path):
    return wire_terminal(monkeypatch, tmp_path, Script(), 140)


def test_play_nightfall_with_no_seats_is_you_against_the_heuristic_bot(script):
    """README: `gloam play nightfall` (and with `--lang ja`) plays with no --seats: you
    against the heuristic bot (Nightmarium's greedy bot is no Nightfall seat)."""
    assert main(["play", "nightfall", "--seed", "4", "--replay-out", "r.json"]) == 0
    assert Record.load("r.json").seats == ["you", "heuristic"]
    assert "NIGHTFALL" in script.out.getvalue()


def test_a_whole_game_against_the_heuristic_bot_ends_and_replays(script):
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "3", "--replay-out", "r.json"]) == 0
    text = script.out.getvalue()
    record = Record.load("r.json")
    final = record.replay()
    assert final.is_terminal() and record.seats == ["you", "heuristic"]
    assert "with the fewest wounds" in text and "NIGHTFALL" in text
    assert "Hand (" in text and "commons   a" in text  # the compact screen: your hand, the archives


def test_ctrl_c_saves_and_resume_continues_the_same_game(script, monkeypatch):
    script.interrupt_at = 6
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "5", "--moons",
                 "--save", "s.json"]) == 130
    saved = Record.load("s.json")
    assert saved.setup["moons"] is True and saved.actions
    script.interrupt_at = None
    assert main(["play", "--resume", "s.json", "--replay-out", "done.json"]) == 0
    done = Record.load("done.json")
    assert done.actions[: len(saved.actions)] == saved.actions and done.replay().is_terminal()


def test_pass_and_play_shows_each_player_only_their_own_hand(script):
    """Two humans: the first screen after "Pass to Player 1" lists Player 1's hand, which
    differs from Player 2's (same seed, same deal)."""
    script.interrupt_at = 40
    main(["play", "nightfall", "--seats", "you,you", "--seed", "8", "--layout", "full", "--save", "s.json"])
    record = Record.load("s.json")
    state = record.new_game().new_initial_state(record.seed)
    hands = [sorted(state.card(c).printed_name for c in state.hands[p]) for p in (0, 1)]
    assert hands[0] != hands[1]
    screen = script.out.getvalue().split("press Enter")[1]
    shown = screen.split("Your hand")[1].split("What happened")[0]
    listed = sorted(name for name in {state.card(c).printed_name for c in state.hands[0] + state.hands[1]}
                    for _ in range(shown.count(name + "  links")))
    assert listed == hands[0]


def test_options_of_the_other_game_are_refused(script, capsys):
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--creatures", "6"]) == 2
    assert main(["play", "nightmarium", "--seats", "you,greedy", "--moons"]) == 2
    err = capsys.readouterr().err
    assert "Nightmarium options" in err and "Nightfall options" in err


def test_a_bots_only_game_shows_the_table_as_a_spectator_sees_it(script):
    """Nobody sits at the table, so the screen is the spectator's (``SPECTATOR``): the
    Secret Archives still face down at the end (rule 176) are never named, and no hand is
    listed."""
    assert main(["play", "nightfall", "--seats", "heuristic,heuristic,heuristic", "--seed", "4", "--draft",
                 "--secret-archives", "--replay-out", "r.json"]) == 0
    text = script.out.getvalue()
    final = Record.load("r.json").replay()
    open_names = {final.game.card(a["card"]).printed_name for a in final.archives if not a.get("secret")}
    secret = {final.game.card(a["card"]).printed_name for a in final.archives if a.get("secret")} - open_names
    assert secret, "every Secret Archive was claimed from: the check has nothing to look for"
    assert not [name for name in secret if name in text]
    assert "face down" in text and "Your hand" not in text and "with the fewest wounds" in text
