"""``gloam replay FILE --lang {en,ja}``: a Nightfall record replayed in Japanese, as
``gloam play --lang ja`` shows a game (card names from seed 002, the Japanese Coldest War
rulebook; phases, labels, log and the replay's own lines in its terms). English stays the
default, unchanged; Nightmarium stays English. A replay ``--as`` a seat never names
another seat's draft pick (rules 20-23, 30: picks are face down until revealed; a
2-player first pick is removed unseen)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from gloam.cli import play
from gloam.cli.main import main
from gloam.core.record import Record
from gloam.games import get_game
from gloam.nightfall import i18n

JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def draft_record(tmp_path, extra: int = 6):
    """A 2-player Coldest War draft (rule 30) played with the first option each time,
    and ``extra`` decisions of the game after it."""
    game = get_game("nightfall", {"players": 2, "archives": "draft", "first_player": 0})
    state = game.new_initial_state(3)
    actions, removed = [], None
    while state.pending().kind == "draft" or extra > 0:
        if state.pending().kind == "draft":
            if state.current_player() == 1 and state.flags["draft"]["round"] == 0:
                removed = state.flags["draft"]["hands"][1][0]  # the pick Option(0) removes
        else:
            extra -= 1
        action = state.legal_action_indices()[0]
        actions.append(action)
        state.apply(action)
    path = tmp_path / "draft.json"
    Record.of(game, 3, actions, ["you", "heuristic"]).save(path)
    return path, game, removed


def run_replay(monkeypatch, *args: str) -> str:
    out = io.StringIO()

    def no_input(prompt: str = "") -> str:
        raise AssertionError("--all must not wait for input")

    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=160), no_input))
    assert main(["replay", *args]) == 0
    return out.getvalue()


def test_replay_in_japanese_shows_steps_table_and_draft_in_seed_002_terms(tmp_path, monkeypatch):
    path, game, removed = draft_record(tmp_path)
    text = run_replay(monkeypatch, str(path), "--all", "--lang", "ja")
    last = len(Record.load(path).actions)
    assert text.startswith("リプレイ") and "（すべてのカードを表向きで表示）" in text
    assert [int(k) for k in re.findall(r"ステップ (\d+)/", text)] == list(range(last + 1))
    assert "ナイトフォール" in text and "ドラフト" in text and "戦闘フェイズ" in text
    assert "Step " not in text and "Option 1" not in text and "NIGHTFALL" not in text
    # every card is face up in a full replay: both draft hands, and player 1's removed pick
    # named in its step's label by its seed 002 name
    name = i18n.card_name(game.card(removed), "ja")
    assert f"{name}をゲームから取り除く（" in text
    assert "Heuristicのドラフトカード: " in text and "プレイヤー1のドラフトカード: " in text


def test_replay_stays_english_by_default(tmp_path, monkeypatch):
    path, game, removed = draft_record(tmp_path)
    text = run_replay(monkeypatch, str(path), "--all")
    assert text.startswith("Replay of ") and "(all cards face up)" in text and "Step 0/" in text
    assert not JAPANESE.search(text.replace("…", ""))
    assert f"Remove {game.card(removed).printed_name} from the game (" in text
    assert "Player 1's draft hand: " in text and "Heuristic's draft hand: " in text


@pytest.mark.parametrize("lang, hidden", [("en", "a draft pick (hidden)"), ("ja", "ドラフトカードの選択（非公開）")])
def test_replay_as_a_seat_never_names_the_other_seats_draft_picks(tmp_path, monkeypatch, lang, hidden):
    """Seen by seat 0, seat 1's picks are "a draft pick (hidden)"; the card seat 1
    removed (rule 30) appears nowhere; seat 0's own picks are named."""
    path, game, removed = draft_record(tmp_path)
    text = run_replay(monkeypatch, str(path), "--all", "--as", "0", "--lang", lang)
    steps = re.split(r"(?:Step|ステップ) \d+/\d+", text)
    picks_of_1 = [s for s in steps if s.startswith(" · Heuristic: ")]
    assert picks_of_1 and all(s.startswith(f" · Heuristic: {hidden}") for s in picks_of_1[:3])
    assert i18n.card_name(game.card(removed), lang) not in text
    own = "Remove " if lang == "en" else "をゲームから取り除く（"
    assert own in text  # seat 0's own first pick is named


def test_replay_refuses_an_unknown_language(tmp_path, capsys):
    path, _, _ = draft_record(tmp_path, extra=0)
    assert main(["replay", str(path), "--all", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gloam replay: error: ") and "unknown language 'xx'" in err


def test_nightmarium_replay_stays_english_with_lang_ja(tmp_path, monkeypatch):
    """As ``gloam play`` does: Nightmarium has no Japanese terms, its replay stays English."""
    game = get_game("nightmarium", {"players": 2})
    path = tmp_path / "nm.json"
    Record.of(game, 5, [], ["random", "random"]).save(path)
    text = run_replay(monkeypatch, str(path), "--all", "--lang", "ja")
    assert text.startswith("Replay of ") and "Step 0/0" in text and not JAPANESE.search(text)


def hidden_choice_record():
    """A 2-player Martial Law game of random play in which seat 1 chooses a card seat 0
    cannot see (a card searched for in its own deck, Tactical Prep), and that step."""
    from gloam.core.rng import Rng
    from gloam.nightfall.actions import CARD0, PLAYER0
    from gloam.nightfall.formats import visible_cards

    game = get_game("nightfall", {"players": 2, "sets": ["ML"], "archives": "quick"})
    for seed in range(60):
        state, rng, actions = game.new_initial_state(seed), Rng(seed), []
        while not state.is_terminal() and len(actions) < 3000:
            action = rng.choice(state.legal_action_indices())
            before = state.clone()
            state.apply(action)
            actions.append(action)
            card = action - CARD0
            if (before.current_player() == 1 and CARD0 <= action < PLAYER0 and before.decision_kind() == "target_card"
                    and card not in visible_cards(before.observation(0)) | visible_cards(state.observation(0))):
                return Record.of(game, seed, actions, ["random", "random"]), len(actions), game.card(state.cards[card])
    raise AssertionError("no hidden choice in 60 games")


def test_replay_as_a_seat_never_names_a_card_another_seat_chose_out_of_sight():
    """Hidden information: replayed ``--as 0``, seat 1's choice of a card from its own deck
    reads "a card you cannot see (hidden)"; replayed as seat 1 (or for everyone) it names
    the card."""
    from gloam.cli.replay import Replay

    record, step, card = hidden_choice_record()
    terminal = play.Terminal(Console(file=io.StringIO(), width=160), lambda prompt="": "")
    as_0 = Replay(record, 0, terminal).step_label(step).plain
    assert "a card you cannot see (hidden)" in as_0 and card.name not in as_0
    assert card.name in Replay(record, 1, terminal).step_label(step).plain
    assert card.name in Replay(record, None, terminal).step_label(step).plain
