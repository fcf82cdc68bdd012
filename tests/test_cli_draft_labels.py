"""``gloam play nightfall --draft`` / ``--ml-draft`` / ``--custom-starters``: a human
drafting reads every option by card name (with type, colour, cost, links and kicker
colour), and the board shows their draft hand, their picks and the face-up commons —
in English and in Japanese — while another player's hidden picks never appear (rules
17-23 the Coldest War draft, 25-28 the Martial Law draft, 30 the 2-player draft, 34
customised starting decks, 176 Secret Archives). Driven through ``gloam.cli.main.main``
with a scripted terminal, as a person would play it.

Also here: ``gloam cards`` marks a kicker designed when either its colour or its text is
gloam's design (the card data's ``kicker_colour`` and ``kicker`` provenance)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from cli_terminal import wire_terminal
from gloam.cli.main import main
from gloam.cli.render_nightfall import build_view
from gloam.core import SPECTATOR
from gloam.core.record import Record
from gloam.nightfall import i18n
from gloam.nightfall.describe import describe_action
from gloam.nightfall.game import NightfallGame

OPTION_LINE = re.compile(r"^ *(\d+)\. (.*)$", re.MULTILINE)


class Script:
    """Answers every menu with option ``answer`` (Enter at a hand-over); raises
    KeyboardInterrupt at prompt number ``interrupt_at`` (the game is saved)."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.interrupt_at: int | None = None
        self.answer = "1"

    def read(self, prompt: str) -> str:
        self.prompts.append(str(prompt))
        if self.interrupt_at is not None and len(self.prompts) == self.interrupt_at:
            raise KeyboardInterrupt
        if "Enter" in prompt:
            return ""
        return self.answer

    def screens(self) -> list[str]:
        """The output before each prompt (a screen and its menu)."""
        return self.out.getvalue().split("▸")


@pytest.fixture
def script(monkeypatch, tmp_path):
    return wire_terminal(monkeypatch, tmp_path, Script(), 160)


def human_draft_views(path: str, seat: int = 0):
    """Replay the saved record: each draft decision of ``seat`` as (its observation,
    every draft hand and pick at that moment) — and the full draft data just before
    the draft ended."""
    record = Record.load(path)
    game = record.new_game()
    state = game.new_initial_state(record.seed)
    views, last = [], None
    for action in record.actions:
        if state.pending().kind == "draft":
            last = {k: [list(x) for x in v] if k in ("hands", "picks") else v
                    for k, v in state.flags["draft"].items()}
            if state.current_player() == seat:
                views.append(state.observation(seat))
        state.apply(action)
    return game, state, views, last


def options_of(screen: str) -> dict[int, str]:
    menu = screen.split("What happened")[-1].split("出来事")[-1]
    return {int(n): text for n, text in OPTION_LINE.findall(menu)}


def seen_by(views: list[dict]) -> set[str]:
    """Every draft card the viewer saw: their hands, their picks, the face-up commons."""
    seen: set[str] = set()
    for obs in views:
        d = obs["draft"]
        seen |= set(d["hand"]) | set(d["picks"]) | set(d["commons"])
        for cards in d["passed"]:
            seen |= set(cards)
    return seen


def test_two_player_draft_options_and_board_name_the_cards_and_hide_the_removed_pick(script):
    """Rule 30 (2-player draft: pick 1 removed, 2-3 private, 4 commons): each of the
    human's three asked picks lists their draft hand by name with a summary, in draft-hand
    order, says where the pick goes; the board lists the hand, the picks so far and the 6
    face-up commons (rule 18). The heuristic's first pick, removed unseen, never appears —
    neither during the draft nor after it."""
    script.interrupt_at = 4  # picks 1-3 are asked; pick 4 (one card left) is automatic
    assert main(["play", "nightfall", "--layout", "full", "--no-auto-pass", "--seats", "you,heuristic", "--seed", "3", "--draft",
                 "--save", "s.json"]) == 130
    game, state, views, last = human_draft_views("s.json")
    screens = script.screens()
    assert len(views) == 3 and state.pending().kind != "draft"
    verbs = {"removed": "Remove {} from the game (", "private": "Take {} for a private archive (",
             "commons": "Add {} to the commons, face down ("}
    for k, obs in enumerate(views):
        screen, d = screens[k], obs["draft"]
        options = options_of(screen)
        assert len(options) == len(d["hand"]) and "Option 1" not in screen
        for n, card_id in enumerate(d["hand"], 1):
            card = game.card(card_id)
            dest = d["schedule"][d["round"]]
            assert options[n].startswith(verbs[dest].format(card.printed_name)), options[n]
            assert f"cost {card.cost}" in options[n] and card.colour in options[n]
            assert "/".join(card.link_colours) in options[n]
            assert f"kicker {card.kicker.colour}" in options[n]
        board = screen.split("What happened")[0]
        panel = board.split(f"Draft · pick {d['round'] + 1} of 4")[1]
        assert "Your turn" in board and "You's turn" not in board
        for card_id in d["hand"] + d["commons"]:
            assert game.card(card_id).printed_name in panel
        picks = panel.split("Your picks: ")[1].split("\n")[0]
        for card_id, dest in zip(d["picks"], d["schedule"]):
            assert game.card(card_id).printed_name in picks
            assert {"removed": "(removed)", "private": "(private archive)", "commons": "(commons)"}[dest] in picks
    assert views[0]["draft"]["schedule"][0] == "removed"
    hidden = last["picks"][1][0]  # the heuristic's removed pick (rule 30), never shown to anyone
    name = game.card(hidden).printed_name
    assert hidden not in seen_by(views)
    assert name not in script.out.getvalue()


def test_three_player_ml_draft_never_shows_another_players_unseen_picks(script):
    """Rules 25-27 (Martial Law draft, 3 players): until the picks are revealed (rule 28)
    the human's screens show none of the cards the bots picked from hands the human never
    saw — yet every card of the human's own hands is named."""
    script.interrupt_at = 4  # picks 1-3 (hands of 4, 3, 2) are asked; then the game
    assert main(["play", "nightfall", "--layout", "full", "--no-auto-pass", "--seats", "you,heuristic,heuristic", "--seed", "11", "--ml-draft",
                 "--save", "s.json"]) == 130
    game, _, views, last = human_draft_views("s.json")
    assert len(views) == 3 and [v["draft"]["round"] for v in views] == [0, 1, 2]
    draft_screens = "".join(script.screens()[:3])
    seen = seen_by(views)
    unseen = [c for p in (1, 2) for c in last["picks"][p] if c not in seen]
    assert unseen, "the bots' first picks come from hands the human never saw"
    names_seen = {game.card(c).printed_name for c in seen}
    checked = 0
    for card_id in unseen:
        name = game.card(card_id).printed_name
        if any(name in other for other in names_seen):
            continue  # a name inside another name cannot be told apart on screen
        assert name not in draft_screens, f"{name} (a bot's hidden pick) is on the human's draft screen"
        checked += 1
    assert checked
    for obs in views:
        for card_id in obs["draft"]["hand"]:
            assert game.card(card_id).printed_name in draft_screens


def test_japanese_draft_screen_names_the_cards_in_seed_002_terms(script):
    """The same 2-player draft with --lang ja: options name the cards by their seed 002
    names (ボーンクランチャー …) with 個人アーカイブ / 共有物 / ゲームから取り除く, the
    summary in Japanese (ミニオン, コスト, リンク色, キッカー), and the board shows
    あなたのドラフトカード and the commons (共有物（表向き）)."""
    script.interrupt_at = 4
    assert main(["play", "nightfall", "--layout", "full", "--no-auto-pass", "--seats", "you,heuristic", "--seed", "3", "--draft", "--lang", "ja",
                 "--save", "s.json"]) == 130
    game, _, views, last = human_draft_views("s.json")
    screens = script.screens()
    verbs = {"removed": "{}をゲームから取り除く（", "private": "{}を個人アーカイブにする（",
             "commons": "{}を裏向きで共有物に加える（"}
    for k, obs in enumerate(views):
        d = obs["draft"]
        options = options_of(screens[k])
        assert "選択肢1" not in screens[k]
        for n, card_id in enumerate(d["hand"], 1):
            card = game.card(card_id)
            name = i18n.card_name(card, "ja")
            assert options[n].startswith(verbs[d["schedule"][d["round"]]].format(name)), options[n]
            assert f"コスト{card.cost}" in options[n] and i18n.colour_name(card.colour, "ja") in options[n]
            assert f"キッカー{i18n.colour_name(card.kicker.colour, 'ja')}" in options[n]
        board = screens[k].split("出来事")[0]
        assert f"あなたのドラフトカード（{len(d['hand'])}枚）" in board and "共有物（表向き）" in board
        for card_id in d["hand"] + d["commons"]:
            assert i18n.card_name(game.card(card_id), "ja") in board
    hidden = game.card(last["picks"][1][0])
    assert i18n.card_name(hidden, "ja") not in script.out.getvalue()


def test_customised_starting_decks_are_chosen_by_name(script):
    """Rule 34 (mixing ML starters into CW): each starting-deck choice names its two
    starting minions ("2 × "Clever Ivan"", ""Clever Ivan" + Enraged Wight" …) in English
    and Japanese, and the board says which colour is being chosen."""
    script.interrupt_at = 2
    assert main(["play", "nightfall", "--layout", "full", "--no-auto-pass", "--seats", "you,heuristic", "--seed", "4", "--sets", "CW,ML",
                 "--custom-starters", "--save", "s.json"]) == 130
    screen = script.screens()[0]
    options = options_of(screen)
    assert options[1].startswith('Start with 2 × "Clever Ivan" (minion 2/1, red, cost 0, links blue)')
    assert options[2].startswith('Start with "Clever Ivan" (') and " + Enraged Wight (minion" in options[2]
    assert options[3].startswith("Start with 2 × Enraged Wight (")
    assert "Starting decks: choose two red starting minions" in screen
    game = NightfallGame(players=2, sets=("CW", "ML"), custom_starters=True)
    state = game.new_initial_state(4)
    obs = state.observation(0)
    ja = [describe_action(game, obs, a, lang="ja") for a in state.legal_action_indices()]
    assert ja[0].startswith("初期ミニオンはクレバーイワン×2（ミニオン 2/1、赤、コスト0、リンク色青）")


def test_draft_hand_is_never_labelled_or_shown_outside_the_pickers_own_view():
    """Hidden information: the option labels name cards only from the picker's own
    observation; another player's observation of the same decision, and the spectator's
    board (``SPECTATOR``: no draft hand, pick or passed card), show no draft hand."""
    game = NightfallGame(players=3, archives="draft")
    state = game.new_initial_state(2)
    picker = state.current_player()
    mine = state.observation(picker)
    other = state.observation((picker + 1) % 3)
    option = state.legal_action_indices()[0]
    assert game.card(mine["draft"]["hand"][0]).printed_name in describe_action(game, mine, option)
    assert describe_action(game, other, option) == "Option 1"
    out = io.StringIO()
    console = Console(file=out, width=200)
    console.print(build_view(game, state.observation(SPECTATOR), [], ["A", "B", "C"]))
    text = out.getvalue()
    assert "Commons (face up)" in text
    for card_id in mine["draft"]["hand"]:
        assert game.card(card_id).printed_name not in text


def test_secret_archives_show_face_down_to_the_other_player(script):
    """Rule 176 (Secret Archives): after the draft the human sees their own private
    archives (marked face down) and the heuristic's as "face down" — the terminal no
    longer fails on an archive whose card it may not know."""
    script.interrupt_at = 5
    assert main(["play", "nightfall", "--layout", "full", "--no-auto-pass", "--seats", "you,heuristic", "--seed", "3", "--draft",
                 "--secret-archives", "--save", "s.json"]) == 130
    game, state, _, _ = human_draft_views("s.json")
    screen = script.screens()[3]
    archives = screen.split("Archives")[1].split("What happened")[0]
    theirs = [line for line in archives.splitlines() if "Heuristic's" in line]
    assert len(theirs) == 2 and all("face down" in line for line in theirs)
    mine = [game.card(a["card"]).printed_name for a in state.archives if a["owner"] == 0]
    for name in mine:
        assert f"{name} (face down)" in archives
    for a in state.archives:
        if a["owner"] == 1:
            assert game.card(a["card"]).printed_name not in archives


def test_cards_command_marks_a_kicker_designed_when_its_colour_is(capsys, monkeypatch):
    """NF's Alton Hickman: the kicker text is seed, its colour gloam's design
    (``kicker_colour`` provenance "designed"): the colour carries the † mark, the text
    does not. A CW card whose kicker text is designed too marks both."""
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["cards", "nightfall", "--set", "NF"]) == 0
    out = capsys.readouterr().out
    block = out.split("Alton Hickman")[1].split("─")[0]
    line = next(x for x in block.splitlines() if "kicker:" in x)
    assert "kicker: purple † — Place target card from your discard pile on top of your deck." in line
    assert not line.rstrip().endswith("†")
    from gloam.nightfall.cards import load_set

    cw = load_set("CW")
    both = next(c for c in cw.cards if c.kicker and c.provenance["kicker"].is_designed
                and c.provenance["kicker_colour"].is_designed)
    assert main(["cards", "nightfall", "--set", "CW"]) == 0
    out = capsys.readouterr().out
    assert f"kicker: {both.kicker.colour} † — {both.kicker.text} †" in out
