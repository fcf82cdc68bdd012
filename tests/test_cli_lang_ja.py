"""``gloam play nightfall --lang ja``: the terminal game in Japanese (card names from seed
002, the Japanese Coldest War rulebook; phases, prompts, menus, status and log in its
terminology), driven through ``gloam.cli.main.main`` with a scripted terminal as a person
would play it. English stays the default, unchanged."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from cli_terminal import wire_terminal
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.errors import SetupError
from gloam.core.record import Record
from gloam.games import get_game
from gloam.nightfall import i18n
from gloam.nightfall.cards import load_set
from gloam.nightfall.describe import describe_action, describe_event

SEED_002 = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "002_ecfb91be073da84b.txt"
CHOOSE_JA = re.compile(r"1-(\d+)から選ぶ")
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


class Script:
    """Answers every prompt with the first option (Enter at a hand-over); raises
    KeyboardInterrupt at prompt number ``interrupt_at``."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.prompts: list[str] = []
        self.interrupt_at: int | None = None

    def read(self, prompt: str) -> str:
        self.prompts.append(str(prompt))
        if self.interrupt_at is not None and len(self.prompts) == self.interrupt_at:
            raise KeyboardInterrupt
        if "Enter" in prompt:
            return ""
        return "1"

    def text(self) -> str:
        return self.out.getvalue()


@pytest.fixture
def script(monkeypatch, tmp_path):
    return wire_terminal(monkeypatch, tmp_path, Script(), 140)


def first_hand(seed: int) -> list:
    """The cards seat 0 holds at the start of the CLI's default two-player game."""
    state = get_game("nightfall", {"players": 2, "archives": "quick", "moons": False, "long": False,
                                   "first_player": 0}).new_initial_state(seed)
    return [state.card(c) for c in state.hands[0]]


def test_seed_002_card_names_phase_and_prompt_are_shown_in_japanese(script):
    """Seed 002 names the starting minions (クレバーイワン, ジャレク, キロ13, 巡回ゾンビ,
    スノーストーム, ヴィクターワン) and the phases (戦闘フェイズ …): the first screen of a
    --lang ja game lists the hand by those names, says which phase it is and asks in
    Japanese."""
    hand = first_hand(5)
    assert "Clever Ivan" in {c.name for c in hand}
    script.interrupt_at = 2
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "5", "--lang", "ja", "--layout", "full", "--no-auto-pass", 
                 "--save", "s.json"]) == 130
    first = script.text().split("▸")[0]
    hand_panel = first.split("あなたの手札")[1].split("出来事")[0]
    assert "クレバーイワン" in hand_panel
    for card in hand:
        assert card.name_ja and card.name_ja in hand_panel
        assert card.printed_name not in first  # no English card name on a Japanese screen
    assert "戦闘フェイズ" in first and "あなたのターン" in first
    assert "あなたの番: 戦闘テキストを使うか選ぶ" in first  # the status line: who acts, and what for
    assert "パス（戦闘テキストを使わない）" in first  # the menu
    assert CHOOSE_JA.search(script.prompts[0]) and "保存して終了" in script.prompts[0]
    assert script.text().count("カードのテキストは英語のまま") == 1  # said once, not per screen
    assert "· Combat Phase ·" not in first and "Your hand" not in first and "What happened" not in first
    assert "ゲームを保存しました" in script.text() and "--lang ja" in script.text()


def test_a_whole_japanese_game_plays_the_same_moves_as_in_english(script, tmp_path):
    """The language changes only what is printed: the same seed and answers give the same
    record (rule 1 determinism: setup, seed and actions reproduce a game)."""
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "3", "--lang", "ja",
                 "--replay-out", "ja.json"]) == 0
    text = script.text()
    assert "負傷が最も少ない" in text and "リプレイを保存しました" in text and "ナイトフォール" in text
    assert "獲得フェイズ" in text and "チェーンフェイズ" in text
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "3", "--replay-out", "en.json"]) == 0
    ja, en = Record.load("ja.json"), Record.load("en.json")
    assert ja.actions == en.actions and ja.setup == en.setup and ja.replay().is_terminal()


def test_english_stays_the_default_and_has_no_japanese(script):
    """No --lang and --lang en print the very same screens, in English only."""
    script.interrupt_at = 8
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "4", "--layout", "full", "--no-auto-pass",
                 "--save", "a.json"]) == 130
    default = script.text()
    script.out.seek(0)
    script.out.truncate()
    script.prompts.clear()
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "4", "--lang", "en", "--layout", "full", "--no-auto-pass", 
                 "--save", "b.json"]) == 130
    assert script.text().split("Game saved to")[0] == default.split("Game saved to")[0]
    assert not JAPANESE.search(default)
    assert "Combat Phase" in default and "Choose 1-" in default


def test_pass_and_play_in_japanese_shows_each_player_only_their_own_hand(script):
    """Two humans: after "プレイヤー1に渡して Enter" the screen lists Player 1's hand by
    its Japanese names, and only that hand (hidden information is not leaked)."""
    script.interrupt_at = 4
    main(["play", "nightfall", "--seats", "you,you", "--seed", "8", "--lang", "ja", "--layout", "full", "--save",
          "s.json"])
    record = Record.load("s.json")
    state = record.new_game().new_initial_state(record.seed)
    hands = [sorted(state.card(c).name_ja for c in state.hands[p]) for p in (0, 1)]
    assert hands[0] != hands[1]
    assert "プレイヤー1に渡して" in script.prompts[0]
    screen = script.text().split("Enter を押してください")[1]
    shown = screen.split("あなたの手札")[1].split("出来事")[0]
    names = {state.card(c).name_ja for c in state.hands[0] + state.hands[1]}
    listed = sorted(name for name in names for _ in range(shown.count(name + "  リンク色")))
    assert listed == hands[0]


def test_resume_in_japanese_continues_the_game_in_japanese(script):
    script.interrupt_at = 3
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "6", "--save", "s.json"]) == 130
    saved = Record.load("s.json")
    script.interrupt_at = None
    script.out.seek(0)
    script.out.truncate()
    assert main(["play", "--resume", "s.json", "--lang", "ja", "--replay-out", "done.json"]) == 0
    assert script.text().startswith("再開: s.json")
    done = Record.load("done.json")
    assert done.actions[: len(saved.actions)] == saved.actions and done.replay().is_terminal()


def test_unknown_language_is_a_one_line_error_and_starts_nothing(script, capsys, tmp_path):
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "gloam play: error: unknown language 'fr': use one of en, ja"
    assert script.prompts == [] and script.text() == "" and list(tmp_path.iterdir()) == []
    with pytest.raises(SetupError, match="unknown language 'de'"):
        i18n.check_lang("de")


def test_nightmarium_stays_english_with_lang_ja(script):
    """--help says so: ja applies to Nightfall; Nightmarium has no Japanese source."""
    script.interrupt_at = 2
    assert main(["play", "nightmarium", "--seats", "you,greedy", "--seed", "1", "--lang", "ja",
                 "--save", "s.json"]) == 130
    assert "Choose 1-" in script.prompts[0] and not JAPANESE.search(script.text())


def test_help_says_ja_applies_to_nightfall(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--lang {en,ja}" in out and "ja applies to Nightfall; Nightmarium is always English" in out


def test_every_key_has_english_and_japanese():
    for name, table in i18n.TABLES.items():
        for key, entry in table.items():
            assert set(entry) == set(i18n.LANGS), (name, key)
            assert all(isinstance(v, str) and v.strip() for v in entry.values()), (name, key)
            assert JAPANESE.search(entry["ja"]), (name, key)  # no English left in a Japanese label
            if name != "ui":
                assert not JAPANESE.search(entry["en"]), (name, key)


def test_templates_fill_in_both_languages():
    """Every template formats with the values the code gives it (no unknown placeholder)."""
    values = {"card": "X", "minion": "X", "owner": "P", "player": "P", "who": "P", "whose": "P's", "does": "P does",
              "target": "Q", "attacker": "X", "blocker": "Y", "cost": 1, "count": 2, "s": "s", "text": "t",
              "links": "red", "kicker": "", "n": 1, "reason": "r", "players": 2, "face_up": 20, "turn": 1,
              "cards": "X", "wounds": "1, 2", "influence": 3, "amount": 1, "length": 2, "kind": "k", "dest": "hand",
              "moon": "M", "choice": "keep", "phase": "Combat Phase", "top": "", "wtype": "bite", "name": "M",
              "label": "Kicker", "colour": "red", "decision": "d", "answer": "a", "seed": 1, "moves": 3,
              "level": "normal", "samples": 10, "tally": "P 1", "strength": 2, "health": 3,
              "summary": "action, red", "pick": 1, "picks": 3, "where": "w", "total": 2, "k": 1, "last": 9,
              "source": "r.json", "game": "nightfall", "seats": "P (human)", "seat": "human", "hand": 2,
              # Team Play, constructed, drafts and the newer cards' events (test_cli_nightfall_ui.py)
              "team": "P & Q", "totals": "P & Q: 3", "a": "P", "b": "Q", "mate": "Q", "out": "P",
              "who_is": "P is", "from_who": "Q", "archive": "the X archive", "procedure": "Martial Law",
              "dealt": 5, "direction": "left", "privates": "P: X", "commons": "X", "size": 3, "decks": "D",
              "stacks": "15, 15", "turns": 9, "effect": "2 damage",
              # the terminal's saves and screens (test_cli_saves.py, test_cli_terminal_ux.py)
              "path": "s.json"}
    for name in ("action", "event", "ui"):
        for key in i18n.TABLES[name]:
            for lang in i18n.LANGS:
                assert i18n.fill(name, key, lang, **values)


def _seed_002_text() -> str:
    if not SEED_002.exists():
        pytest.skip(f"seed 002 is not beside the repository ({SEED_002})")
    raw = SEED_002.read_text(encoding="utf-8")
    return re.sub(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])", "", raw)  # the transcription spaces out kana


@pytest.mark.parametrize("table,keys", [
    ("phase", ("combat", "chain", "claim", "cleanup")),
    ("keyword", ("vampire", "lycanthrope", "ghoul", "hunter")),
    ("colour", ("red", "blue", "gold", "green", "white")),
    ("wound_type", ("bite", "burn", "bleed")),
    ("wound_kind", ("card-draw", "strength", "chain")),
    ("block", ("chain", "your_chain", "combat", "your_combat", "in_play", "kicker", "feed")),
    ("zone", ("hand", "deck", "discard", "play", "commons", "private", "wound_stack", "exile")),
    ("moon_choice", ("keep", "next", "shuffle")),
])
def test_the_vocabulary_credited_to_seed_002_is_in_seed_002(table, keys):
    """i18n.py says these words come from the Japanese rulebook (seed 002): they do."""
    text = _seed_002_text()
    for key in keys:
        word = i18n.text(table, key, "ja")
        assert word in text, (table, key, word)


def test_card_names_come_from_name_ja_and_fall_back_to_english():
    """Seed 002 gives every Coldest War order card a Japanese name; moons and wounds have
    none and keep their English names."""
    for card in load_set("CW").cards:
        shown = i18n.card_name(card, "ja")
        assert shown == (card.name_ja or card.printed_name)
        assert i18n.card_name(card, "en") == card.printed_name
    cw = {c.name: c for c in load_set("CW").cards}
    assert i18n.card_name(cw["Clever Ivan"], "ja") == "クレバーイワン"
    assert i18n.card_name(cw["Blue Moon"], "ja") == "Blue Moon"


def test_labels_in_japanese_never_fail_over_a_random_game():
    """Every option and every log line of random three-player games with moons has a
    Japanese label (unknown language is refused)."""
    import random

    game = get_game("nightfall", {"players": 3, "moons": True})
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(state.current_player())
            for a in state.legal_action_indices():
                assert JAPANESE.search(describe_action(game, obs, a, None, lang="ja"))
            state.apply(rng.choice(state.legal_action_indices()))
        obs = state.observation(0)
        lines = [describe_event(game, obs, e, None, lang="ja") for e in state.events_for(0)]
        assert all(JAPANESE.search(line) for line in lines)
    with pytest.raises(SetupError):
        describe_action(game, obs, 0, lang="xx")


def test_cards_command_shows_japanese_names_next_to_english(capsys):
    assert main(["cards", "nightfall", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    ivan = next(k for k, line in enumerate(lines) if '"Clever Ivan"' in line)
    assert "クレバーイワン" in lines[ivan + 1]
    assert main(["cards", "nightfall", "--lang", "ja", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert next(c for c in data["cards"] if c["id"] == "cw-clever-ivan")["fields"]["name_ja"] == "クレバーイワン"
    assert main(["cards", "nightfall", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_a_wrong_answer_is_explained_in_japanese_and_q_saves(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    answers = iter(["x", "q"])
    monkeypatch.setattr(play, "make_terminal",
                        lambda: play.Terminal(Console(file=out, width=140), lambda prompt: next(answers)))
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--seed", "2", "--lang", "ja", "--no-auto-pass",
                 "--save", "s.json"]) == 130
    text = out.getvalue()
    assert "「x」は選べません: 1から1までの数字を入力して Enter を押してください（q で保存して終了）。" in text
    assert "ゲームを保存しました: s.json" in text and "gloam play --resume s.json --lang ja" in text


def test_every_draft_and_starting_deck_option_names_its_cards_in_japanese():
    """Rules 25-27 (Martial Law draft, 3 players) and 34 (customised starting decks):
    every pick and every starting-deck choice of random setups is labelled in Japanese
    with the card names seed 002 gives (English names for cards it does not name), never
    as a bare 選択肢N."""
    import random

    from gloam.nightfall.game import NightfallGame

    game = NightfallGame(players=3, sets=("CW", "ML"), archives="ml-draft", custom_starters=True)
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        kinds = set()
        while state.pending().kind in ("draft", "starters"):
            p = state.current_player()
            obs = state.observation(p)
            kinds.add(obs["kind"])
            for k, a in enumerate(state.legal_action_indices()):
                label = describe_action(game, obs, a, None, lang="ja")
                assert JAPANESE.search(label) and not label.startswith("選択肢"), label
                if obs["kind"] == "draft":
                    assert label.startswith(i18n.card_name(game.card(obs["draft"]["hand"][k]), "ja"))
            state.apply(rng.choice(state.legal_action_indices()))
        assert kinds == {"draft", "starters"}
