"""``gloam play`` and ``gloam replay`` driven through ``gloam.cli.main.main`` with scripted
answers: a whole game against a bot, bad input, Ctrl-C and ``--resume``, pass-and-play
secrecy, and replays (``--all``, ``--as``, stepping, corrupt files). Also the English of
:mod:`gloam.nightmarium.describe` for every event type and action kind."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field

import pytest
from rich.console import Console

from cli_terminal import wire_terminal
from gloam.bots import make_bot
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.record import Record
from gloam.games import get_game
from gloam.match import play_match
from gloam.nightmarium.describe import describe_action, describe_event
from gloam.nightmarium.state import NightmariumState

CHOOSE = re.compile(r"[Cc]hoose 1-(\d+)")


@dataclass
class Script:
    """Scripted answers for the terminal: at each "Choose 1-N" prompt the last option
    (by default), Enter at "Pass to" prompts, fixed answers first if given, and an
    exception raised at a given read."""

    answers: list[str] = field(default_factory=list)
    interrupt_at: int | None = None
    prompts: list[str] = field(default_factory=list)
    marks: list[tuple[str, int]] = field(default_factory=list)  # (prompt, output length) per read
    out: io.StringIO = field(default_factory=io.StringIO)

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.marks.append((prompt, len(self.out.getvalue())))
        if self.interrupt_at is not None and len(self.prompts) == self.interrupt_at:
            raise KeyboardInterrupt
        if self.answers:
            return self.answers.pop(0)
        if "Pass to" in prompt:
            return ""
        match = CHOOSE.search(prompt)
        assert match, f"unexpected prompt {prompt!r}"
        return match.group(1)

    @property
    def text(self) -> str:
        return self.out.getvalue()


@pytest.fixture
def script(monkeypatch, tmp_path):
    """A Script wired into gloam.cli.play.make_terminal, run in an empty directory."""
    return wire_terminal(monkeypatch, tmp_path, Script(), 110)


def play_args(*extra: str) -> list[str]:
    return ["play", "nightmarium", "--seats", "you,random", "--seed", "2", *extra]


def final_state(path) -> NightmariumState:
    return Record.load(path).replay()


def codes_in(game, cards) -> set[str]:
    return {game.composition.cards[c].code for c in cards}


# ---------------------------------------------------------------------- gloam play
def test_full_game_against_random_ends_and_its_replay_reaches_the_same_end(script):
    assert main(play_args("--replay-out", "game.json")) == 0
    state = final_state("game.json")
    record = Record.load("game.json")
    assert record.seats == ["you", "random"] and record.seed == 2
    assert state.is_terminal() and state.winner in (0, 1)
    winner = "You win!" if state.winner == 0 else "Random wins!"
    assert f"{winner} (5 complete creatures, turn {state.turn})" in script.text
    assert "Replay saved to game.json" in script.text and "gloam replay game.json" in script.text
    # one prompt per human decision with something to decide (a decision with a single
    # option is taken for the player), each answered with that decision's last option
    human_moves = sum(1 for s, _ in record.states() if s.is_terminal() is False and s.current_player() == 0
                      and len({c.label["en"] for c in s.pending().choices}) > 1)
    assert len(script.prompts) == human_moves
    # the final board shows the winner's complete creatures
    for creature in state.creatures[state.winner]:
        assert codes_in(state.game, creature) <= set(re.findall(r"[A-Z]{3}-\d\d", script.text[-6000:]))


def test_default_seed_is_random_and_shown_only_when_the_game_is_over(script):
    """Seeds are 64 random bits (a player must not brute-force the deal from their own
    hand); a game in progress never shows its seed, the final screen does."""
    script.answers = ["q"]
    assert main(["play", "nightmarium", "--seats", "you,random", "--save", "s.json"]) == 130
    seed = Record.load("s.json").seed
    assert str(seed) not in script.text and "seed" not in script.text.lower()
    script.answers = ["q"]
    assert main(["play", "nightmarium", "--seats", "you,random", "--save", "t.json"]) == 130
    assert Record.load("t.json").seed != seed
    assert main(["play", "--resume", "s.json", "--replay-out", "r.json"]) == 0
    assert f"--seed {seed}" in script.text and Record.load("r.json").seed == seed


def test_bad_answers_reprompt_with_a_message_and_change_nothing(script):
    script.answers = ["abc", "0", "99", "", "-1", "2.5", "q"]
    assert main(play_args("--save", "s.json")) == 130
    assert script.text.count("is not an option: type a number from 1 to") == 6
    assert len([p for p in script.prompts if CHOOSE.search(p)]) == 7  # same decision asked again
    assert Record.load("s.json").actions == []  # nothing was applied
    assert "gloam play --resume s.json" in script.text


def test_ctrl_c_saves_and_resume_finishes_exactly_like_the_uninterrupted_game(script, monkeypatch):
    assert main(play_args("--replay-out", "straight.json")) == 0
    straight = Record.load("straight.json").actions

    script.prompts.clear()
    script.interrupt_at = 9
    assert main(play_args("--save", "saved.json")) == 130
    assert "Game saved to saved.json" in script.text
    assert "gloam play --resume saved.json" in script.text
    saved = Record.load("saved.json")
    assert saved.seats == ["you", "random"] and 0 < len(saved.actions) < len(straight)
    assert straight[:len(saved.actions)] == saved.actions

    script.interrupt_at = None
    assert main(["play", "--resume", "saved.json", "--replay-out", "resumed.json"]) == 0
    assert Record.load("resumed.json").actions == straight
    assert final_state("resumed.json") == final_state("straight.json")


def test_end_of_input_saves_like_ctrl_c(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def closed(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=io.StringIO()), closed))
    assert main(play_args()) == 130
    saves = list(tmp_path.glob("gloam-save-nightmarium-*.json"))
    assert len(saves) == 1 and Record.load(saves[0]).actions == []


def test_pass_and_play_never_shows_a_hand_to_the_other_player(script):
    """Two humans at one terminal: every screen shown while one of them decides holds
    none of the other's hidden cards, and does hold the decider's own hand."""
    assert main(["play", "nightmarium", "--seats", "you,you", "--seed", "3", "--no-auto-pass",
                 "--replay-out", "r.json"]) == 0
    record = Record.load("r.json")
    game = record.new_game()
    states = [s.clone() for s, _ in record.states()][:-1]
    decisions = [(prompt, end) for prompt, end in script.marks if CHOOSE.search(prompt)]
    assert len(decisions) == len(states) == len(record.actions)
    passes = [prompt for prompt, _ in script.marks if "Pass to" in prompt]
    assert passes[0] == "  Pass to Player 1, press Enter " and len(passes) > 10
    text = script.text
    all_public = record.replay().events_for(-1)
    public: set[str] = set()  # cards named in public events (they may come back after a reshuffle)
    seen_events = 0
    checked = 0
    for k, (state, (_prompt, end)) in enumerate(zip(states, decisions)):
        start = max(mark for _, mark in script.marks if mark < end) if k else 0
        screen = text[start:end]
        me = state.current_player()
        other = 1 - me
        for event in all_public[seen_events:len(state.events)]:
            public |= set(re.findall(r"[A-Z]{3}-\d\d", describe_event(game, event)))
        seen_events = len(state.events)
        hidden = codes_in(game, set(state.hands[other]) - set(state.known[other])) - public
        shown = set(re.findall(r"[A-Z]{3}-\d\d", screen))
        assert not hidden & shown, f"decision {k}: {sorted(hidden & shown)} of Player {other + 1} shown"
        assert codes_in(game, state.hands[me]) <= shown  # the decider sees their own hand
        checked += bool(hidden)
    assert checked > len(states) // 2
    # after the game, only public information is on the shared screen
    final = record.replay()
    tail = text[decisions[-1][1]:]
    for p in (0, 1):
        assert not codes_in(game, set(final.hands[p]) - set(final.known[p])) & set(re.findall(r"[A-Z]{3}-\d\d", tail))


def test_bad_options_give_a_one_line_error_and_exit_2(script, capsys):
    assert main(["play", "nightmarium", "--seats", "you,wizard"]) == 2
    assert main(["play", "nightmarium", "--seats", "you"]) == 2
    assert main(["play", "--resume", "missing.json"]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("gloam play: error: ") for line in lines)
    assert "unknown seat 'wizard'" in lines[0] and "random" in lines[0]
    assert "2 to 5 players" in lines[1]
    assert "missing.json" in lines[2] and "Traceback" not in err


def test_first_player_and_creatures_options_reach_the_setup(script):
    script.answers = ["q"]
    assert main(play_args("--first-player", "1", "--creatures", "6", "--save", "s.json")) == 130
    record = Record.load("s.json")
    assert record.setup["first_player"] == 1 and record.setup["creatures"] == 6
    assert record.actions  # the bot in seat 1 moved before the human was asked
    assert "first to 6 complete creatures wins" in script.text


def test_own_composition_file_is_dealt_and_saved_in_the_record(script, tmp_path):
    """Players may play with their own composition (reading 32): its cards are dealt and
    the save embeds it, so --resume and replays need no other file."""
    deck = tmp_path / "mine.json"
    deck.write_text(json.dumps({"name": "mine", "cards": [
        {"code": "LEG", "legion": "Constrict", "parts": ["legs"], "count": 20},
        {"code": "BOD", "legion": "Constrict", "parts": ["body"], "count": 10},
        {"code": "HED", "legion": "Constrict", "parts": ["head"], "count": 10}]}), encoding="utf-8")
    script.answers = ["q"]
    assert main(play_args("--composition", str(deck), "--save", "s.json")) == 130
    record = Record.load("s.json")
    assert record.setup["composition"]["name"] == "mine"
    assert len(record.replay().game.composition.cards) == 40
    assert re.search(r"(LEG|BOD|HED)#\d+", script.text)  # the custom cards are in the hand shown


def test_broken_composition_file_is_a_one_line_error(script, tmp_path, capsys):
    deck = tmp_path / "broken.json"
    deck.write_text('{"cards": [', encoding="utf-8")
    assert main(play_args("--composition", str(deck))) == 2
    err = capsys.readouterr().err
    assert err.startswith("gloam play: error: ") and "broken.json: line 1" in err


# ---------------------------------------------------------------------- gloam replay
@pytest.fixture
def bot_record(tmp_path):
    game = get_game("nightmarium", {"players": 2})
    bots = [make_bot("random", game, 1), make_bot("random", game, 2)]
    result = play_match(game, bots, seed=8, max_decisions=40)
    path = tmp_path / "bots.json"
    result.record(game, ["random", "random"]).save(path)
    return path, result


def test_replay_all_prints_every_step_without_waiting(bot_record, monkeypatch):
    path, _ = bot_record

    def no_input(prompt: str = "") -> str:
        raise AssertionError("--all must not wait for input")

    out = io.StringIO()
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=120), no_input))
    assert main(["replay", str(path), "--all"]) == 0
    text = out.getvalue()
    assert [int(s) for s in re.findall(r"Step (\d+)/40", text)] == list(range(41))
    # all cards face up by default: the line of seat 0's deal names its five cards
    start = Record.load(path).replay(0)
    dealt = next(line for line in text.splitlines() if "Random 1 is dealt" in line)
    assert codes_in(start.game, start.hands[0]) <= set(re.findall(r"[A-Z]{3}-\d\d", dealt))


def test_replay_as_a_seat_hides_the_other_hand(bot_record, monkeypatch):
    path, _ = bot_record
    out = io.StringIO()
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=out, width=120)))
    assert main(["replay", str(path), "--all", "--as", "1"]) == 0
    text = out.getvalue()
    assert "Random 1 is dealt 5 cards" in text and "You are dealt " in text
    first = text[:text.index("Step 1/40")]
    state0 = Record.load(path).replay(0)
    assert not codes_in(state0.game, state0.hands[0]) & set(re.findall(r"[A-Z]{3}-\d\d", first))
    assert codes_in(state0.game, state0.hands[1]) <= set(re.findall(r"[A-Z]{3}-\d\d", first))


def test_replay_steps_forward_back_and_quits(bot_record, script):
    path, _ = bot_record
    script.answers = ["", "", "b", "x", "", "q"]
    assert main(["replay", str(path)]) == 0
    shown = [int(s) for s in re.findall(r"Step (\d+)/40", script.text)]
    assert shown == [0, 1, 2, 1, 1, 2]
    assert "press Enter for the next step, b to go back, q to quit" in script.text


@pytest.mark.parametrize("content, message", [
    ("{not json", "is not valid JSON"),
    (json.dumps({"format": "gloam-record", "version": 1, "game": "nightmarium", "setup": {},
                 "seed": 1, "actions": [0, 0, 999]}), "does not replay"),
    (json.dumps({"format": "something-else"}), "not a gloam record"),
])
def test_replay_of_a_corrupt_file_is_a_one_line_error_with_exit_2(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path), "--all"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gloam replay: error: ") and message in err


def test_replay_rejects_a_seat_that_is_not_in_the_game(bot_record, capsys):
    path, _ = bot_record
    assert main(["replay", str(path), "--all", "--as", "2"]) == 2
    assert "seats are 0 to 1" in capsys.readouterr().err


# ---------------------------------------------------------------------- describe
def test_every_event_and_option_has_its_own_plain_english_line():
    """Across a few bot games: no event falls back to the raw form, a redacted draw
    names no card, and the options of every decision all have different labels."""
    game = get_game("nightmarium", {"players": 3})
    names = ["Ann", "Bob", "Cid"]
    types: set[str] = set()
    for seed in range(4):
        state = game.new_initial_state(seed)
        bot = make_bot("random", game, seed)
        while not state.is_terminal():
            legal = state.legal_action_indices()
            observation = state.observation(state.current_player())
            labels = [describe_action(game, observation, i, names) for i in legal]
            assert len(set(labels)) == len(labels), labels
            assert all("=" not in label for label in labels)
            state.apply(bot.choose(game, None, legal))
        for event in state.events_for(0):
            line = describe_event(game, event, names, you=0)
            assert "=" not in line and line[0].isupper(), line
            if event["type"] == "draw" and event["player"] != 0:
                assert "cards" not in event and not re.search(r"[A-Z]{3}-\d\d", line)
            types.add(event["type"])
    assert {"setup", "deal", "turn", "draw", "discard", "play", "complete", "ability", "win"} <= types


def test_labels_name_the_consequences_a_player_must_know():
    game = get_game("nightmarium", {"players": 2})
    cards = game.composition.cards
    code = {c.code: c.id for c in cards}
    state = NightmariumState(game)
    legs = code["MAN-01"]
    mine = [code["NEC-01"], code["NEC-10"]]  # legs + body: a head completes it
    theirs = [code["CHI-01"], code["CHI-10"], code["CHI-16"]]
    used = {legs, *mine, *theirs}
    rest = [c for c in range(len(cards)) if c not in used]
    heads = [c for c in rest if cards[c].parts == 4 and cards[c].legion == 0][:1]
    rest = [c for c in rest if c not in heads]
    state.load_fields({
        "hands": [heads + [legs], rest[:3]], "deck": rest[3:], "discard": [], "creatures": [[mine], [theirs]],
        "revealed": [], "known": [[], []], "active": 0, "actions_left": 2, "first_legion": -1, "turn": 1,
        "mode": "turn", "resolving": -1, "abilities": [], "penalties": [], "pen_need": 0, "pen_any": False,
        "discarded": 0, "winner": -1})
    observation = state.observation(0)
    labels = {describe_action(game, observation, i, ["Ann", "Bob"]) for i in state.legal_action_indices()}
    head_card = cards[heads[0]]
    expected_abilities = [a for a in (head_card.ability_name, "Scavenger", "Songbird") if a]
    assert f"Play {head_card.code} as the head of your creature 1 — completes it: " \
           f"{', '.join(expected_abilities)}; all Necromunculus: opponents must discard" in labels
    assert "Lay MAN-01 as the legs of a new creature (2)" in labels
    assert {"Draw a card", "Start discarding (then draw 1 card for every 2 discarded)"} <= labels
    # an Executioner decision names the card, its part and its owner
    executing = NightmariumState(game)
    executing.load_fields(dict(state.to_json(), mode="executioner", resolving=mine[0], abilities=[]))
    state = executing
    observation = state.observation(0)
    labels = [describe_action(game, observation, i, ["Ann", "Bob"]) for i in state.legal_action_indices()]
    assert labels == ["Executioner: take CHI-16 (head) from Bob's creature 1 — breaks a complete creature"]


@pytest.mark.parametrize("event, you, line", [
    ({"type": "reshuffle", "count": 40}, None,
     "The deck ran out: the discard pile (40 cards) is shuffled into a new deck"),
    ({"type": "penalty_empty_hand", "player": 1}, None, "Bob has no cards to discard for the penalty"),
    ({"type": "turn_limit", "turns": 200}, None, "The turn limit (200 turns) is reached: the game ends with no winner"),
    ({"type": "stop", "player": 0, "ability": "Scavenger", "skipped": ["Mourner"]}, 0,
     "Scavenger cannot resolve — no opponent has an incomplete creature: resolution stops (skipped: Mourner)"),
    ({"type": "scavenge", "player": 0, "target": 1, "creature": 1, "cards": [0, 9]}, 1,
     "Scavenger: Ann discards your creature 2 (NEC-01, NEC-10)"),
    ({"type": "execute", "player": 1, "target": 0, "creature": 0, "card": 9}, 1,
     "Executioner: You take NEC-10 from Ann's creature 1 into hand"),
    ({"type": "devour", "player": 0, "creature": 2, "card": 0}, None,
     "Devourer: Ann discards NEC-01 from their own creature 3"),
    ({"type": "reveal", "player": 0, "cards": [0, 9]}, None, "Songbird reveals NEC-01, NEC-10"),
    ({"type": "discard_revealed", "cards": [9]}, None,
     "Revealed card(s) not played go to the discard pile: NEC-10"),
    ({"type": "same_legion", "player": 0, "legion": "Manster"}, 1,
     "All Manster! Each opponent of Ann discards a Manster card (or two cards if they have none)"),
    ({"type": "draw", "player": 1, "count": 2, "reason": "mourner"}, 0, "Bob draws 2 cards (Mourner)"),
    ({"type": "discard", "player": 1, "card": 0, "reason": "penalty"}, 1,
     "You discard NEC-01 Necromunculus legs (Songbird) (same-Legion penalty)"),
])
def test_rare_events_read_as_plain_english(event, you, line):
    game = get_game("nightmarium", {"players": 2})
    assert describe_event(game, event, ["Ann", "Bob"], you=you) == line
