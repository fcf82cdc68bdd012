"""The terminal Nightfall a person enjoys (issue 13, part 3): a turn fits an 80x24
terminal; every card can be read in full during play; minions show their current
strength and health; the log says whose card each line is about; decisions with
nothing to decide are taken for you (and said), "all your minions attack" is one
keystroke; pass-and-play wipes the scrollback; no control or escape sequence from a
name or a file reaches the terminal.

Driven through ``gloam.cli.main.main`` with a scripted terminal. The save file is kept
after every action, so a script can read the game's state at every prompt from it."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from gloam.cli import play
from gloam.cli.console import safe_console
from gloam.cli.main import main
from gloam.cli.screen_nightfall import board_keys, card_sheet, seat_lines
from gloam.core.record import Record
from gloam.core.text import clean_text
from gloam.games import get_game
from gloam.nightfall.describe import describe_event

CHOOSE = re.compile(r"\b1-(\d+)(?: |から)")  # "Choose 1-6 (…", "1-6から選ぶ"
CLEAR = "\f<clear>\n"
WIPE = "\f<clear scrollback>\n"
ESCAPE = re.compile(r"\x1b")


class Screen(play.Terminal):
    """The scripted terminal, marking each clear in the transcript (so a test can cut it
    into screens) and whether the scrollback was wiped too."""

    def clear(self, scrollback: bool = False) -> None:
        self.console.file.write(WIPE if scrollback else CLEAR)


class Player:
    """Answers prompts: fixed ``answers`` first, then at a choice a seeded random option
    (or ``first`` to always take option 1), Enter at a hand-over or a page. ``states``
    gets the game at every choice, read from the save file (kept after every action)."""

    def __init__(self, seed: int = 0, answers: list[str] | None = None, first: bool = False,
                 save: str | None = None, stop_at: int | None = None) -> None:
        self.out = io.StringIO()
        self.rng = random.Random(seed)
        self.answers = list(answers or [])
        self.first = first
        self.save = save
        self.stop_at = stop_at
        self.prompts: list[str] = []
        self.states: list = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        choice = CHOOSE.search(prompt)
        if choice and self.save:
            self.states.append(Record.load(self.save).replay())
        if choice and self.stop_at is not None and len(self.states) >= self.stop_at:
            raise KeyboardInterrupt
        if self.answers:
            return self.answers.pop(0)
        if not choice:
            return ""
        return "1" if self.first else str(self.rng.randint(1, int(choice.group(1))))

    @property
    def text(self) -> str:
        return self.out.getvalue()

    def screens(self) -> list[str]:
        """Each screen: the output between two clears."""
        return [s for s in re.split(r"\f<clear(?: scrollback)?>\n", self.text) if s.strip()]


def wire(monkeypatch, tmp_path, player: Player, width: int = 80, height: int = 24) -> Player:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(play, "make_terminal",
                        lambda: Screen(Console(file=player.out, width=width, height=height), player.read))
    return player


def cells(line: str) -> int:
    return Console(width=400).measure(line).maximum if line else 0


# ---------------------------------------------------------------------- 80x24
@pytest.mark.parametrize(("seed", "lang"), [(5, "en"), (11, "en"), (3, "ja")])
def test_every_screen_of_a_whole_quick_start_game_fits_an_80x24_terminal(seed, lang, monkeypatch, tmp_path):
    """A whole 2-player quick-start game against the heuristic bot at 80x24 (seeded
    random answers, so boards fill up): every screen — each decision's and the last —
    is at most 24 lines (the prompt line included) of at most 80 cells."""
    player = wire(monkeypatch, tmp_path, Player(seed=seed))
    assert main(["play", "nightfall", "--seed", str(seed), "--lang", lang, "--replay-out", "r.json"]) == 0
    screens = player.screens()
    assert len(screens) > 15 and Record.load("r.json").replay().is_terminal()
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= 24, "\n".join(lines)
        assert max(cells(line) for line in lines) <= 80, screen
    decisions = [s for s in screens if CHOOSE.search(s)]
    assert len(decisions) == len([p for p in player.prompts if CHOOSE.search(p)])


def test_play_nightfall_with_no_seats_and_in_japanese_is_you_against_the_heuristic(monkeypatch, tmp_path):
    player = wire(monkeypatch, tmp_path, Player(answers=["q"]))
    assert main(["play", "nightfall", "--lang", "ja", "--save", "s.json"]) == 130
    assert Record.load("s.json").seats == ["you", "heuristic"]
    assert "ナイトフォール" in player.text and "から選ぶ" in player.prompts[0]


def test_b_shows_the_full_board_and_l_the_whole_log_then_the_game_goes_on(monkeypatch, tmp_path):
    player = wire(monkeypatch, tmp_path, Player(answers=["b", "", "l", "", "q"]))
    assert main(["play", "nightfall", "--seed", "5", "--save", "s.json"]) == 130
    screens = player.screens()
    board = next(s for s in screens if "Archives" in s)
    assert "Your hand" in board and "What happened" in board and "discard top" in board
    log = next(s for s in screens if s.startswith("The whole log ("))
    count = int(re.match(r"The whole log \((\d+) lines\)", log).group(1))
    assert count == len(re.findall(r"^• ", log, re.MULTILINE)) > 3
    assert "Game saved to s.json" in player.text


# ---------------------------------------------------------------------- reading cards
def _mid_game(seed: int = 2, want=lambda view: True, steps: int = 4000):
    """A seeded random 2-player quick-start game, stopped at seat 0's first decision
    whose view ``want`` accepts."""
    game = get_game("nightfall", {"players": 2})
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == 0 and want(state.view(0)):
            return state
        state.apply(rng.choice(state.legal_action_indices()))
    raise AssertionError("no such position")


def _sheet_text(face, minion, view) -> str:
    out = io.StringIO()
    Console(file=out, width=100).print(card_sheet(face, minion, view, ["You", "Heuristic"], "en"))
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", out.getvalue()).split())


def test_every_card_on_the_screen_has_a_key_that_reads_its_full_face():
    """Every card the compact screen names (hand, archives, minions, chain, moon) can
    be read: name, type, set, cost, link colours, every text block in full (kicker and
    feed too), printed strength/health, and a mark on the values that are gloam's
    design."""
    state = _mid_game(want=lambda v: v["chain"] and any(p["in_play"] for p in v["players"]))
    view = state.view(0)
    keys = board_keys(view)
    assert {k[0] for k in keys.faces} >= {"h", "a", "c"} and any(k[0] in "mo" for k in keys.faces)
    for key, face in keys.faces.items():
        text = _sheet_text(face, keys.minions.get(key), view)
        assert face["name"] in text and face["set"] in text, key
        for block, body in face["texts"].items():
            if isinstance(body, str):
                assert " ".join(body.split()) in text, (key, block)
            elif block == "kicker":
                assert " ".join(body["text"].split()) in text, (key, block)
            else:  # feed
                assert " ".join(body["cost"].split()) in text, (key, block)
        if face.get("cost") is not None:
            assert f"cost {face['cost']}" in text
        if face["link_colours"]:
            assert "links from " + "/".join(face["link_colours"]) in text
        if face["strength"] is not None:
            assert f"strength {face['strength']}" in text
        designed = face["provenance"]["designed"]
        if designed:
            assert "* gloam's design" in text
        if "cost" in designed:
            assert f"cost {face['cost']}*" in text
        if "chain" in designed:
            assert "Chain*: " in text
        if "strength" in designed:
            assert f"strength {face['strength']}*" in text


def test_a_minion_shows_its_current_strength_and_health_on_the_board_and_when_read():
    """A damaged or strengthened minion shows its current values (the view's, the same
    the engine uses) on its seat line, and reading it lists what changes them."""
    def changed(view):
        return any(m["health"]["current"] != m["health"]["printed"]
                   or m["strength"]["current"] != m["strength"]["printed"]
                   for p in view["players"] for m in p["in_play"])

    for seed in range(2, 40):
        try:
            state = _mid_game(seed, changed)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no position with a changed minion")
    view = state.view(0)
    keys = board_keys(view)
    board = "\n".join(line.plain for line in seat_lines(view, keys, ["You", "Heuristic"], 200, "en"))
    for key, minion in keys.minions.items():
        now = f"{minion['strength']['current']}/{minion['health']['current']}"
        assert re.search(rf"\b{key} ●.*? {re.escape(now)}", board), (key, now, board)
        if minion["health"]["modifiers"] or minion["strength"]["modifiers"]:
            text = _sheet_text(keys.faces[key], minion, view)
            assert f"In play now {now}" in text
            for mod in minion["strength"]["modifiers"] + minion["health"]["modifiers"]:
                assert f"{mod['amount']:+d}" in text


def test_question_mark_reads_a_card_by_key_by_name_or_by_option_number(monkeypatch, tmp_path):
    """``? h1`` (a key), ``? gregor`` (part of a name) and ``? 2`` (option 2's card)
    show the card in full; an unknown one says what to try; then the game goes on."""
    player = wire(monkeypatch, tmp_path, Player(answers=["? h1", "", "? gregor", "", "? 2", "", "? zzz", "",
                                                         "?", "", "q"]))
    assert main(["play", "nightfall", "--seed", "5", "--save", "s.json"]) == 130
    state = Record.load("s.json").replay()
    view = state.view(0)
    hand = [view["cards"][str(c)] for c in view["players"][0]["hand"]]
    screens = player.screens()
    pages = [s for s in screens if "Press Enter to go back" in s]
    assert len(pages) == 5
    flat = [" ".join(re.sub(r"[│╭╮╰╯─]", " ", p).split()) for p in pages]
    assert hand[0]["name"] in flat[0] and " ".join(next(iter(hand[0]["texts"].values())).split()) in flat[0]
    assert "Gregor Dzanic" in flat[1] and "Inflict 2 damage on target minion." in flat[1]
    option_two = state.pending()  # the decision is still open
    assert option_two is not None and "Start the chain with" in screens[0]
    assert "No card “zzz” on the table" in flat[3]
    assert "read a card in full" in flat[4]


def test_the_log_says_whose_card_each_line_is_about():
    """ "Heuristic's "Kilo 13", blue attacks You", "your JAREK, green takes 1 damage" —
    the controller of a minion in play, else the card's owner."""
    game = get_game("nightfall", {"players": 2})
    state = _mid_game(want=lambda v: v["players"][0]["in_play"] and v["players"][1]["in_play"])
    obs = state.observation(0)
    mine = state.view(0)["players"][0]["in_play"][0]["card"]
    theirs = state.view(0)["players"][1]["in_play"][0]["card"]
    names = ["You", "Heuristic"]
    attack = describe_event(game, obs, {"type": "attack", "card": theirs, "player": 1, "target": 0}, names)
    assert attack.startswith("Heuristic's ") and attack.endswith(" attacks You")
    hit = describe_event(game, obs, {"type": "damage", "card": mine, "amount": 1, "source": theirs}, names)
    assert hit.startswith("Heuristic's ") and " deals 1 damage to your " in hit
    hurt = describe_event(game, obs, {"type": "damage", "card": mine, "amount": 1, "source": None}, names)
    assert hurt.startswith("Your ") and hurt.endswith(" takes 1 damage")
    ja = describe_event(game, obs, {"type": "destroyed", "card": theirs}, ["あなた", "Heuristic"], "ja")
    assert ja.startswith("Heuristicの")


# ---------------------------------------------------------------------- nothing to decide
def test_decisions_with_nothing_to_decide_are_taken_and_the_next_screen_says_so(monkeypatch, tmp_path):
    """Every prompt offers a real choice (two options or more, not all passing); what
    was taken meanwhile is said on the next screen. With --no-auto-pass every decision
    is asked, "Choose 1-1" included."""
    player = wire(monkeypatch, tmp_path, Player(seed=1, save="s.json", stop_at=25))
    assert main(["play", "nightfall", "--seed", "5", "--save", "s.json"]) == 130
    for state in player.states:
        decision = state.pending()
        assert decision.player == 0
        labels = {c.label["en"] for c in decision.choices}
        kinds = {type(c.action).__name__ for c in decision.choices}
        assert len(labels) > 1 and not kinds <= {"Pass", "Done"}, labels
    assert "Taken for you: Pass (play no combat text)" in player.text
    asked = wire(monkeypatch, tmp_path, Player(seed=1, stop_at=25, save="t.json"))
    assert main(["play", "nightfall", "--seed", "5", "--save", "t.json", "--no-auto-pass"]) == 130
    assert any("Choose 1-1 " in p for p in asked.prompts) and "Taken for you" not in asked.text


def test_all_your_minions_attack_is_one_keystroke(monkeypatch, tmp_path):
    """Rules 103-105 in a 2-player game: with two minions or more to send, option 1 sends
    them all at the opponent, in play order: no other attack of that combat is asked."""
    player = wire(monkeypatch, tmp_path, Player(seed=10, save="s.json"))

    def read(prompt: str, base=player.read) -> str:
        answer = base(prompt)
        screen = player.text.rsplit("\f", 1)[-1]
        return "1" if "1. All your minions attack Heuristic (in play order)" in screen else answer

    monkeypatch.setattr(play, "make_terminal",
                        lambda: Screen(Console(file=player.out, width=80, height=24), read))
    assert main(["play", "nightfall", "--seed", "5", "--save", "s.json", "--replay-out", "r.json"]) == 0
    attacks = [s for s in player.states if str(s.pending().kind) == "attack"]
    grouped = [s for s in attacks if len({c.refs.cards[0] for c in s.pending().choices}) > 1]
    assert len(grouped) >= 2, "the game hardly had two minions to send"
    for state in attacks:  # asked only at the start of a combat, never for the rest of it
        assert state.pending().context.attacks == ()
    assert Record.load("r.json").replay().is_terminal()


# ---------------------------------------------------------------------- pass-and-play
def test_pass_and_play_wipes_the_scrollback_and_the_hand_over_shows_no_hand(monkeypatch, tmp_path):
    """Two people: before each hand-over the screen and its scrollback are wiped; the
    hand-over screen names nobody's card; a decision that depends on a hand is never
    taken at once for the player who is not at the screen (they are handed the keyboard
    even to pass), so the timing tells the other nothing."""
    player = wire(monkeypatch, tmp_path, Player(seed=2, save="s.json", stop_at=30))
    assert main(["play", "nightfall", "--seats", "you,you", "--seed", "8", "--save", "s.json"]) == 130
    text = player.text
    record = Record.load("s.json")
    game = record.new_game()
    dealt = record.replay()
    names = {game.card(card_id).printed_name for card_id in set(dealt.cards) if card_id}
    hand_overs = [m.start() for m in re.finditer(r"press Enter", text)]
    assert len(hand_overs) >= 3
    for at in hand_overs:
        before = text[:at]
        wiped = before.rindex(WIPE)
        assert before.rfind(CLEAR) < wiped  # the last clear before it wiped the scrollback
        page = before[wiped:]
        assert not [n for n in names if n in page], page
    passes_only = [s for s in player.states if {type(c.action).__name__ for c in s.pending().choices} <= {"Pass"}]
    assert passes_only, "no hand-dependent pass was handed over"
    assert all(str(s.pending().kind) not in play.frontend(game).public_kinds for s in passes_only)


# ---------------------------------------------------------------------- escapes
def test_control_and_escape_sequences_in_names_never_reach_the_terminal(monkeypatch, tmp_path, capsys):
    """``--names $'\\x1b[2J'evil`` and a record whose seats hold escapes: the names are
    cleaned where they come in, and nothing printed carries an escape (this console
    writes no styling, so any ESC would be a leak)."""
    player = wire(monkeypatch, tmp_path, Player(answers=["q"]))
    assert main(["play", "nightfall", "--seed", "5", "--names", "\x1b[2Jevil,\x1b]0;pwned\x07Bob\u202e",
                 "--save", "s.json"]) == 130
    assert not ESCAPE.search(player.text) and "evil" in player.text and "Bob" in player.text
    assert "[2J" not in player.text and "\u202e" not in player.text
    record = Record.load("s.json")
    data = record.to_json()
    data["seats"] = ["you\x1b[2J\x1b[H", "heuristic\x9b31m"]
    Path("evil.json").write_text(__import__("json").dumps(data), encoding="utf-8")
    resumed = wire(monkeypatch, tmp_path, Player(answers=["q"]))
    assert main(["play", "--resume", "evil.json", "--names", "A\x07,B\x1bc"]) == 130
    assert not ESCAPE.search(resumed.text) and "\x07" not in resumed.text and "\x9b" not in resumed.text
    assert Record.load("evil.json").seats == ["you", "heuristic"]
    err = capsys.readouterr().err
    assert not ESCAPE.search(err)


def test_an_escape_in_a_deck_name_or_an_error_message_is_stripped_when_printed(monkeypatch, tmp_path):
    deck = ('name = "\\u001b[2J\\u001b]0;pwned\\u0007Clean Deck"\n'
            'archive_1 = ["3 x Gregor Dzanic", "3 x Smiling Biter", "3 x Still Standing", "3 x Fresh Meat"]\n'
            'archive_2 = ["3 x Kaos 33", "3 x Banner 89", "3 x R&D", "3 x Dog Eat Dog"]\n'
            'wounds = ["5 x NF Wound (bite)", "5 x NF Wound (burn)", "5 x NF Wound (bleed)"]\n')
    (tmp_path / "deck.toml").write_text(deck, encoding="utf-8")
    player = wire(monkeypatch, tmp_path, Player(answers=["l", "", "q"]), width=120, height=40)
    assert main(["play", "nightfall", "--seats", "you,heuristic", "--deck", "deck.toml", "--seed", "2",
                 "--save", "s.json"]) == 130
    assert "Clean Deck" in player.text and not ESCAPE.search(player.text) and "pwned" not in player.text
    out = io.StringIO()
    safe_console(file=out, force_terminal=True, width=60).print("gloam: error: bad \x1b[2J\x1b[31mname\x9b2J\x1bc")
    printed = out.getvalue()
    assert "name" in printed and not re.sub(r"\x1b\[[0-9;]*m", "", printed).count("\x1b")


@pytest.mark.parametrize(("raw", "clean"), [
    ("\x1b[2J\x1b[Hevil", "evil"),  # CSI: clear the screen, home
    ("\x1b]0;title\x07name", "name"),  # OSC: the window title
    ("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),  # OSC 8 hyperlink, ST-ended
    ("a\x9b2Jb\x9d0;t\x9cc", "abc"),  # 8-bit CSI and OSC
    ("back\x08\x08space\rline\x7f", "backspaceline"),  # C0 and DEL
    ("right\u202eleft\u2066x\u2069", "rightleftx"),  # bidirectional overrides
    ("ナイトフォール · Kilo 13", "ナイトフォール · Kilo 13"),  # ordinary text is untouched
])
def test_clean_text_strips_every_kind_of_control_sequence(raw, clean):
    assert clean_text(raw) == clean
    assert clean_text("two\nlines", keep="\n") == "two\nlines"


# ---------------------------------------------------------------------- hints
def test_nightfall_hints_are_best_first_with_why_and_fit_the_screen(monkeypatch, tmp_path):
    player = wire(monkeypatch, tmp_path, Player(answers=["2", "q"]))
    assert main(["play", "nightfall", "--seed", "5", "--hints", "--save", "s.json"]) == 130
    screen = player.screens()[0]
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= 24
    hints = [re.search(r"(\d+)% win · \s*(\d+)% of the search\s+(\d+)\. ", line) for line in lines]
    hints = [h for h in hints if h]
    assert 1 <= len(hints) <= 3
    shares = [int(h.group(2)) for h in hints]
    assert shares == sorted(shares, reverse=True)
    assert "Hints: estimated win chance" in screen
