"""The terminal game of Nightfall for a demanding player, in English and Japanese: the
constructed format (rules 166-173, ambiguity 15 of the checklist: elimination, the last
player left wins), Team Play (rule 178), clear labels for every decision (optional texts,
"you may discard … to …", cards and archives chosen for a text), a proper log line for
every event the engine emits (drafts, rules 17-30; Secret Archives, rule 176; starting
decks, rule 34; the Martial Law, Nightfall and Blood Country cards), and the README.

Driven through ``gloam.cli.main.main`` with a scripted terminal, as a person plays it."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from cli_terminal import wire_terminal
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.record import Record
from gloam.nightfall import i18n
from gloam.nightfall.actions import ARCHIVE0, CARD0, OPTION0, PASS, PLAYER0
from gloam.nightfall.constructed import Deck
from gloam.nightfall.describe import card_label, describe_action, describe_event
from gloam.nightfall.game import NightfallGame

ROOT = Path(__file__).resolve().parents[1]
ALL = ("CW", "ML", "NF", "BC")
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")
DECK_TOML = """name = "Test deck"
archive_1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meat"]
archive_2 = ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]
wounds = ["5 x NF Wound (bite)", "5 x NF Wound (burn)", "5 x NF Wound (bleed)"]
"""


class Script:
    """Answers every choice with the first option and every hand-over with Enter."""

    def __init__(self) -> None:
        self.out = io.StringIO()

    def read(self, prompt: str) -> str:
        return "" if "Enter" in prompt else "1"

    def text(self) -> str:
        return self.out.getvalue()

    def flat(self) -> str:
        """The transcript without box borders, whitespace collapsed (wrapped lines join)."""
        return " ".join(re.sub(r"[│╭╮╰╯─]", " ", self.text()).split())

    def log_lines(self) -> list[str]:
        return [m.group(1).strip() for m in re.finditer(r"^│ • (.*?)\s*│$", self.text(), re.MULTILINE)]


@pytest.fixture
def script(monkeypatch, tmp_path):
    return wire_terminal(monkeypatch, tmp_path, Script(), 200)


def _screens(text: str, title: str) -> list[str]:
    """The header lines of every screen (they start with the title)."""
    return [line for line in text.splitlines() if line.lstrip().startswith(title.strip())]


# ---------------------------------------------------------------------- 1. constructed
def test_rules_167_171_constructed_header_shows_each_own_wound_stack_and_the_last_player_left_wins(script):
    """Constructed (rules 167, 171; ambiguity 15): the header counts each player's own
    wound stack (public) instead of face-up wounds; an elimination is announced in the
    log; the banner names the last player left, not "the fewest wounds"."""
    Path("deck.toml").write_text(DECK_TOML, encoding="utf-8")
    assert main(["play", "nightfall", "--seats", "you,heuristic,random", "--deck", "deck.toml", "--seed", "2",
                 "--replay-out", "r.json"]) == 0
    text = script.text()
    headers = _screens(text, "NIGHTFALL")
    assert headers and not any("face-up left" in h for h in headers)
    assert "own wound stacks: You 15 left, Heuristic 15 left, Random 15 left" in headers[0]
    final = Record.load("r.json").replay()
    names = ["You", "Heuristic", "Random"]
    assert final.eliminated and final.winner not in final.eliminated
    expected = ", ".join(f"{names[p]} eliminated" if p in final.eliminated
                         else f"{names[p]} {len(final.wound_stacks[p])} left" for p in range(3))
    assert expected in headers[-1]
    last_out = names[final.eliminated[-1]]
    verb = "are" if last_out == "You" else "is"
    assert f"{last_out} {verb} eliminated: the wound stack is empty" in script.flat()
    banner = [line for line in text.splitlines() if "the last player left!" in line]
    assert banner and f"{names[final.winner]} wins: the last player left!" in banner[0]
    assert "with the fewest wounds" not in banner[0]
    assert "eliminated: " + ", ".join(names[p] for p in final.eliminated) in banner[0]


def test_constructed_game_in_japanese_shows_own_stacks_elimination_and_last_player(script):
    Path("deck.toml").write_text(DECK_TOML, encoding="utf-8")
    assert main(["play", "nightfall", "--seats", "you,heuristic,random", "--deck", "deck.toml", "--seed", "2",
                 "--lang", "ja", "--replay-out", "r.json"]) == 0
    headers = _screens(script.text(), "ナイトフォール")
    assert "各自の負傷の山札: あなた 残り15枚、Heuristic 残り15枚、Random 残り15枚" in headers[0]
    assert not any("表向き残り" in h for h in headers)
    flat = script.flat()
    assert "は脱落した: 負傷の山札が尽きた" in flat and "最後に残ったプレイヤー！" in flat


# ---------------------------------------------------------------------- 2. Team Play
def test_rule_178_team_play_names_the_winning_team_with_team_totals_and_shows_teams(script):
    """Team Play (rule 178): the board shows each player's team and teammate; the log
    and the banner name both players of the winning team and the team totals."""
    assert main(["play", "nightfall", "--seats", "you,random,random,random", "--teams", "--seed", "4",
                 "--layout", "full", "--replay-out", "r.json"]) == 0
    final = Record.load("r.json").replay()
    names = ["You", "Random 2", "Random 3", "Random 4"]
    wounds = [final.wound_count(p)[0] for p in range(4)]
    a, b = final.game.team(final.winner)
    winners = f"{names[a]} & {names[b]}"
    totals = f"team totals: You & Random 3: {wounds[0] + wounds[2]}, Random 2 & Random 4: {wounds[1] + wounds[3]}"
    text, flat = script.text(), script.flat()
    banner = next(line for line in text.splitlines() if "with the fewest wounds!" in line)
    assert (f"Your team ({winners}) wins" if 0 in (a, b) else f"Team {winners} wins") in banner
    assert totals in banner
    assert f"Game over: {winners} win with the fewest wounds ({totals};" in flat
    assert "1 (with Random 3;" in text and "2 (with Random 4;" in text and "1 (with You;" in text


def test_team_play_in_japanese_names_the_team(script):
    assert main(["play", "nightfall", "--seats", "you,random,random,random", "--teams", "--seed", "4",
                 "--lang", "ja", "--layout", "full", "--replay-out", "r.json"]) == 0
    final = Record.load("r.json").replay()
    names = ["あなた", "Random 2", "Random 3", "Random 4"]
    a, b = final.game.team(final.winner)
    flat = script.flat()
    assert f"チーム{names[a]}・{names[b]}の勝利" in flat or f"あなたのチーム（{names[a]}・{names[b]}）の勝利" in flat
    assert "チーム合計: あなた・Random 3：" in flat and "1（Random 3と同じチーム" in script.text()


# ---------------------------------------------------------------------- 3. decision labels
def _record_until(kind: str, sets=ALL, seeds=range(300)) -> tuple[NightfallGame, int, list[int], int]:
    """A 2-player game (random moves) that reaches a ``kind`` decision: its game, seed,
    the actions so far and who decides."""
    game = NightfallGame(players=2, sets=sets, archives="draft", promos=True)
    for seed in seeds:
        state, rng, actions = game.new_initial_state(seed), random.Random(seed), []
        while not state.is_terminal() and state.pending().kind != kind:
            actions.append(rng.choice(state.legal_action_indices()))
            state.apply(actions[-1])
        if not state.is_terminal():
            return game, seed, actions, state.current_player()
    raise AssertionError(f"no {kind} decision in the random games searched")


def _resume_at(kind: str, lang: str = "en"):
    game, seed, actions, p = _record_until(kind)
    seats = ["random", "random"]
    seats[p] = "you"
    Record.of(game, seed, actions, seats).save("s.json")
    state = game.new_initial_state(seed)
    for a in actions:
        state.apply(a)
    assert main(["play", "--resume", "s.json", "--replay-out", "r.json", "--lang", lang]) == 0
    return game, state


def test_an_optional_text_offers_yes_and_no_naming_what_it_does(script):
    """A "You may …" text (verbs.py ``may``): the options say what accepting does and
    which card asks, never "Option 1" / a bare "Pass"."""
    game, state = _resume_at("optional")
    frame = state.stack[-1]
    text = frame["prompt"].removeprefix("You may ")
    card = game.card(state.cards[frame["source"]]).printed_name
    flat = script.flat()
    assert re.search(rf"\d\. Yes: {re.escape(text)} \({re.escape(card)}\)", flat)
    assert re.search(rf"\d\. No: do not {re.escape(text)} \({re.escape(card)}\)", flat)
    assert "Option 1" not in flat


def test_may_discard_names_the_discard_and_the_card_whose_text_resolves(script):
    game, state = _resume_at("may_discard")
    frame = state.stack[-1]
    source = game.card(state.cards[frame["source"]]).printed_name
    obs = state.observation(state.current_player())
    first = next(a for a in state.legal_action_indices() if a != PASS)
    flat = script.flat()
    assert f"Discard {card_label(game, obs, first - CARD0)} to resolve the rest of {source}'s text" in flat
    assert f"Pass: discard nothing (the rest of {source}'s text does not resolve)" in flat


def test_optional_labels_in_japanese(script):
    game, state = _resume_at("optional", lang="ja")
    frame = state.stack[-1]
    card = i18n.card_name(game.card(state.cards[frame["source"]]), "ja")
    flat = script.flat()
    assert f"実行する: {frame['prompt'].removeprefix('You may ')}（{card}）" in flat
    assert "実行しない: " in flat and "選択肢1" not in flat


# ---------------------------------------------------------------------- random games over all sets and variants
def _decks(seed: int) -> list[dict]:
    rng = random.Random(seed)
    base = NightfallGame(players=3, sets=ALL)
    orders = sorted({c.id for s in base.card_sets for c in s.cards if c.type in ("minion", "action")})
    wounds = sorted({c.id for s in base.card_sets for c in s.wounds})
    decks = []
    for k in range(3):
        pool = [c for c in orders for _ in range(3)]
        rng.shuffle(pool)
        decks.append(Deck(f"Deck {k + 1}", (tuple(pool[:12]), tuple(pool[12:24])),
                          tuple((rng.choice(wounds), rng.choice(("bite", "burn", "bleed"))) for _ in range(15)))
                     .to_json())
    return decks


GAMES = {
    "all sets, draft, promos": {"players": 3, "sets": ALL, "archives": "draft", "promos": True},
    "ML draft, moons": {"players": 4, "sets": ALL, "archives": "ml-draft", "moons": True, "promos": True},
    "Team Play": {"players": 4, "sets": ALL, "archives": "draft", "teams": True, "promos": True},
    "Team Play, 6": {"players": 6, "sets": ("CW", "ML", "NF"), "teams": True},
    "Secret Archives": {"players": 3, "sets": ALL, "archives": "draft", "secret_archives": True, "promos": True},
    "Common Ground": {"players": 3, "sets": ALL, "archives": "draft", "common_ground": True, "moons": True},
    "Open, Upstream, custom starters": {"players": 2, "sets": ALL, "archives": "ml-draft", "open_archives": True,
                                            "upstream": True, "custom_starters": True},
    "Hidden Archives, 5": {"players": 5, "sets": ALL, "archives": "draft", "hidden_archives": True},
    "random first, turn limit": {"players": 3, "sets": ALL, "first_player": "random", "turn_limit": 6},
    "constructed": {"players": 3, "sets": ALL, "decks": _decks(1)},
}
_RUNS: list = []


def _runs():
    """Random games of every setup above (3 seeds each): (game, final state)."""
    if not _RUNS:
        for setup in GAMES.values():
            game = NightfallGame(**setup)
            for seed in range(3):
                state, rng = game.new_initial_state(seed), random.Random(seed)
                options = []
                while not state.is_terminal():
                    obs = state.observation(state.current_player())
                    options.append((obs, list(state.legal_action_indices())))
                    state.apply(rng.choice(state.legal_action_indices()))
                _RUNS.append((game, state, options))
    return _RUNS


def _generic(game, obs, index: int, lang: str) -> set[str]:
    """The labels an option would get if nothing were known of its decision."""
    def say(key: str, **values) -> str:
        return i18n.fill("action", key, lang, **values)

    out = {say("pass"), say("done")}
    if OPTION0 <= index < OPTION0 + 64:
        out.add(say("option", n=index - OPTION0 + 1))
    if CARD0 <= index < CARD0 + 512 and obs["kind"] in ("target_card", "may_discard"):
        out.add(say("choose", card=card_label(game, obs, index - CARD0, lang)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_option_of_random_games_over_all_sets_and_variants_has_a_specific_label(lang):
    """No option anywhere is "Option N", a bare "Pass"/"Done" or a bare "Choose X": each
    says what taking it does (optional texts, may-discard, chosen cards and archives,
    the order of affected players, draft picks, starting decks, moons)."""
    kinds = set()
    for game, _, options in _runs():
        for obs, legal in options[::3] + options[-5:]:
            kinds.add(obs["kind"])
            for index in legal:
                label = describe_action(game, obs, index, None, lang=lang)
                assert label not in _generic(game, obs, index, lang), (obs["kind"], label)
                if obs["kind"] == "target_archive":
                    archive = obs["archives"][index - ARCHIVE0]
                    assert not label.startswith("Choose the "), label
                    assert archive is not None
                if obs["kind"] == "order_events":
                    assert index >= PLAYER0
                    assert label.endswith(" next") if lang == "en" else label.startswith("次は"), label
                if lang == "ja":
                    assert JAPANESE.search(label), label
    assert {"draft", "starters", "target_card", "target_minion", "target_player", "choose_discard"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_event_type_of_random_games_over_all_sets_and_variants_has_its_own_line(lang):
    """Every event type seen by any viewer (redacted for them) and by the public gets a
    line of its own, not the fallback event name, in both languages."""
    seen = set()
    for game, state, _ in _runs():
        for viewer in [*range(game.num_players), -1]:
            obs = state.observation(max(viewer, 0))
            for event in state.events_for(viewer):
                seen.add(event["type"])
                line = describe_event(game, obs, event, None, lang=lang)
                assert line != i18n.text("event_name", event["type"], lang), event
                assert line != event["type"].replace("_", " ")
                if lang == "ja":
                    assert JAPANESE.search(line), line
    assert {"draft", "draft_hand", "draft_pick", "draft_pass", "draft_reveal", "secret_archives",
            "archive_revealed", "starters", "constructed", "eliminated", "mark_order", "turn_limit"} <= seen


# ---------------------------------------------------------------------- 4. log lines of every engine event
def _engine_event_types() -> set[str]:
    """Every event type the engine source emits (``"type": "…"`` and ``private("…"``,
    plus ``leave_play``'s "destroyed" / "discarded")."""
    types = {"destroyed", "discarded"}
    for path in (ROOT / "src" / "gloam" / "nightfall").rglob("*.py"):
        if path.name in ("describe.py", "i18n.py"):
            continue
        source = path.read_text(encoding="utf-8")
        types |= set(re.findall(r'events\.append\(\{"type": "(\w+)"', source))
        types |= set(re.findall(r'private\("(\w+)"', source))
    return types


def _samples(state) -> dict[str, dict]:
    """One event of each type the engine emits, on real cards of ``state``."""
    minion = next(m for ms in state.play for m in ms) if any(state.play) else next(
        c for c, cid in enumerate(state.cards) if state.wtype[c] is None and state.card(c).is_minion)
    order = next(c for c, cid in enumerate(state.cards) if state.wtype[c] is None and state.card(c).is_order)
    wound = next(c for c in range(len(state.cards)) if state.wtype[c] is not None)
    draft_id = state.cards[order]
    return {
        "setup": {"players": 3, "archives": [], "owners": [], "face_up": 30},
        "archive_revealed": {"archive": 0, "player": 1, "card": draft_id},
        "first_player": {"player": 1},
        "draft": {"procedure": "draft", "commons": [draft_id], "dealt": 5, "schedule": ["private"]},
        "draft_hand": {"player": 1, "count": 5},
        "draft_pick": {"player": 1, "pick": 1, "dest": "private"},
        "draft_pass": {"pick": 1, "direction": "right", "counts": [4, 4, 4]},
        "draft_reveal": {"private": [2, 2, 2], "commons": [draft_id], "filled": [draft_id]},
        "secret_archives": {"player": 1, "archives": [0, 1]},
        "starters": {"player": 1, "colour": "red", "cards": [draft_id, draft_id]},
        "draw": {"player": 1, "count": 2},
        "reshuffle": {"player": 1, "count": 9},
        "discard": {"player": 1, "card": order, "reason": "effect"},
        "exile": {"card": order, "reason": "effect"},
        "enter_play": {"player": 1, "card": minion},
        "destroyed": {"card": minion, "player": 1},
        "discarded": {"card": minion, "player": 1},
        "damage": {"card": minion, "amount": 2, "source": None},
        "wounds": {"player": 1, "count": 1, "cards": [wound], "reason": "damage"},
        "last_wound": {"player": 1},
        "game_over": {"winner": 1, "wounds": [3, 2, 4]},
        "constructed": {"decks": ["A", "B", "C"], "wound_stacks": [15, 15, 15]},
        "wound_to_stack": {"player": 1, "card": wound, "reason": "effect", "where": "bottom"},
        "eliminated": {"player": 1, "wounds": 15},
        "unresolved": {"card": order, "player": 1},
        "turn": {"player": 1, "turn": 3},
        "phase": {"phase": "claim", "influence": 2},
        "turn_limit": {"turns": 40},
        "combat_text": {"player": 1, "card": minion},
        "attack": {"player": 1, "card": minion, "target": 2},
        "block": {"player": 2, "card": minion, "attacker": minion},
        "no_chain": {"player": 1},
        "chain_complete": {"length": 2},
        "chain": {"player": 1, "card": order, "kicker": True, "position": 2},
        "resolve": {"card": order, "player": 1},
        "kicker": {"card": order, "player": 1},
        "attach": {"card": order, "minion": minion},
        "feed": {"card": order, "player": 1},
        "moon": {"player": 1, "choice": "keep", "moon": minion},
        "prevented": {"player": 1, "amount": 3},
        "claim": {"player": 1, "card": order, "archive": 0, "cost": 3},
        "negated": {"card": minion, "source": order},
        "influence": {"player": 1, "amount": 2},
        "restore": {"card": minion, "amount": 1},
        "strength": {"card": minion, "amount": 1},
        "effect": {"kind": "no_kickers", "player": 1},
        "fetch": {"player": 1, "card": order, "dest": "hand"},
        "archive_to_deck": {"player": 1, "cards": [order], "archive": 0},
        "look": {"player": 1, "target": 2},
        "to_hand": {"card": minion, "player": 1, "from": 2, "capture": True},
        "lasting_strength": {"card": minion, "amount": 2},
        "wound_to_archive": {"player": 1, "card": wound, "archive": 0},
        "control": {"card": minion, "player": 1, "from": 2},
        "chain_kickers": {"player": 1, "source": order},
        "new_archive": {"player": 1, "archive": 0, "size": 3, "top": order},
        "reveal": {"player": 1, "card": minion},
        "lose_influence": {"player": 1, "amount": 2, "had": False},
        "to_deck": {"card": minion, "player": 1},
        "mark_order": {"card": order, "flag": "no_chain", "source": order},
    }


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_event_type_the_engine_emits_has_a_line_from_its_redacted_fields(lang):
    """Each event type in the engine's source has a line of its own built only from the
    fields a viewer outside ``to`` still has (the redacted event), in both languages."""
    game = NightfallGame(players=3, sets=ALL, promos=True)
    state = game.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_action_indices()))
    samples = _samples(state)
    missing = _engine_event_types() - set(samples)
    assert not missing, f"add a sample (and a log line) for {sorted(missing)}"
    obs = state.observation(0)
    for kind, fields in samples.items():
        line = describe_event(game, obs, {"type": kind, **fields}, ["You", "Bob", "Carol"], lang=lang)
        assert line and line != i18n.text("event_name", kind, lang), kind
        assert "{" not in line, line


def test_redacted_draft_and_secret_archive_lines_name_no_hidden_card():
    """Rules 20-23 and 176: another player's draft pick and secret archives are named in
    the log without the cards (the redacted event has none); their owner sees them."""
    game = NightfallGame(players=3, sets=ALL, archives="draft", secret_archives=True)
    state = game.new_initial_state(0)
    rng = random.Random(0)
    while state.pending().kind == "draft":
        state.apply(rng.choice(state.legal_action_indices()))
    for viewer in range(3):
        obs = state.observation(viewer)
        for full, mine in zip(state.events_for(None), state.events_for(viewer)):
            if full["type"] not in ("draft_pick", "secret_archives", "draft_hand"):
                continue
            line = describe_event(game, obs, mine, None)
            ids = full.get("cards") or [full.get("card")]
            hidden = [game.card(c).printed_name for c in ids if c]
            if full["player"] == viewer:
                assert all(name in line for name in hidden), line
            else:
                assert not any(name in line for name in hidden), line


def test_a_drafted_game_with_every_set_shows_no_fallback_event_name_in_the_log(script):
    """The log of a whole game (CW draft of all four sets with promos, Secret Archives)
    at the terminal: no line is a bare event name such as "draft pick" or "mark order"."""
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--sets", "CW,ML,NF,BC", "--draft",
                 "--secret-archives", "--seed", "5", "--layout", "full", "--replay-out", "r.json"]) == 0
    lines = script.log_lines()
    fallbacks = {entry["en"] for entry in i18n.EVENT_NAMES.values()} | set(i18n.EVENT_NAMES)
    assert lines and not [line for line in lines if line in fallbacks]
    # rule 30 (two players): the first pick is removed from the game, the next two are private
    assert any(line.startswith("You pick ") and line.endswith("(pick 2: private archive)") for line in lines)
    assert "Heuristic picks a card, face down (pick 1: removed)" in lines
    assert "The draft is over. Private archives: You: 2 face down; Heuristic: 2 face down." in script.flat()
    assert any(line.startswith("Your secret archives (face down to the others): ") for line in lines)
    assert "Heuristic keeps 2 secret archives, face down" in lines


# ---------------------------------------------------------------------- 6. README
def test_readme_shows_replay_takes_lang_ja():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line for line in readme.splitlines() if line.startswith("gloam replay "))
    assert "[--lang ja]" in line


# ---------------------------------------------------------------------- 5. a series with humans
def test_rule_180_a_human_plays_a_series_at_the_terminal_and_its_totals_are_kept(script):
    """The End-of-the-World Series (rule 180) with a seat ``you``: each game is played on
    the terminal table of ``gloam play``; after each game its table shows the wounds and
    the running totals; at the end the standings. The saved series holds each game's
    record with the human seat."""
    from gloam.cli.series import HumanSeries

    assert main(["series", "nightfall", "--seats", "you,random", "--seed", "1", "--target", "25",
                 "--save", "s.json"]) == 0
    text, flat = script.text(), script.flat()
    saved = HumanSeries.from_json(json.loads(Path("s.json").read_text()))
    assert saved.over and saved.seats == ["you", "random"] and len(saved.games) >= 2
    assert "Hand (" in text and "End-of-the-World Series · game 2" in flat  # the compact table
    for game in saved.games:
        assert game.record.seats == ["you", "random"]
        assert f"Game {game.index + 1} (first player P{game.index % 2 + 1}" in text
        table = text[text.index(f"Game {game.index + 1} ("):]
        assert re.search(rf"P1 you\s+{game.wounds[0]}\s+{game.totals[0]}\n", table)
        assert re.search(rf"P2 random\s+{game.wounds[1]}\s+{game.totals[1]}\n", table)
    assert "Final standings after" in text
    replayed = Record.load("s-game1.json").replay()
    assert replayed.wound_count(0)[0] == saved.games[0].wounds[0]


def test_a_human_series_stopped_in_a_game_resumes_by_dealing_that_game_again(script, monkeypatch):
    """``q`` during game 2 stops the series (game 1 is kept in the save); ``--resume``
    deals game 2 again from its start; with the same choices the series ends as the
    uninterrupted one does (the bots are re-seeded from the game's seed)."""
    from gloam.cli.series import HumanSeries

    assert main(["series", "nightfall", "--seats", "you,random", "--seed", "1", "--target", "25",
                 "--save", "whole.json"]) == 0
    whole = HumanSeries.from_json(json.loads(Path("whole.json").read_text()))
    answers = script.read

    def stop_in_game_2(prompt: str) -> str:
        if "game 2" in script.flat() and "Choose" in prompt:
            return "q"
        return answers(prompt)

    script.out.truncate(0)
    script.out.seek(0)
    monkeypatch.setattr(script, "read", stop_in_game_2)
    monkeypatch.setattr(play, "make_terminal",
                        lambda: play.Terminal(Console(file=script.out, width=200), stop_in_game_2))
    assert main(["series", "nightfall", "--seats", "you,random", "--seed", "1", "--target", "25",
                 "--save", "part.json"]) == 130
    assert "resume with: gloam series --resume part.json" in script.flat()
    part = json.loads(Path("part.json").read_text())
    assert len(part["games"]) == 1
    monkeypatch.setattr(play, "make_terminal",
                        lambda: play.Terminal(Console(file=script.out, width=200), answers))
    assert main(["series", "--resume", "part.json"]) == 0  # keeps saving to the file it resumed
    resumed = HumanSeries.from_json(json.loads(Path("part.json").read_text()))
    assert [g.totals for g in resumed.games] == [g.totals for g in whole.games]


@pytest.mark.parametrize("lang, line", [("en", "JAREK, green is unhurt: nothing to restore"),
                                        ("ja", "無傷のため回復しない")])
def test_healing_an_unhurt_minion_says_nothing_was_restored(lang, line):
    """Rule 111: healing never raises health above the printed maximum, so healing an
    unhurt minion restores nothing; the log says so rather than "regains 0 health"."""
    from nf_scenario import NfTable

    t = NfTable(players=2)
    s = t.position(play={1: ["JAREK"]})
    event = {"type": "restore", "card": t.id(s, "JAREK"), "amount": 0}
    text = describe_event(t.game, s.observation(0), event, ["You", "Bob"], lang=lang)
    assert line in text and "0" not in text
