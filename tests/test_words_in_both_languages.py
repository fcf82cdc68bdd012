"""Both games speak both languages (issue 24 §3): seeded games of Nightfall and
Nightmarium are played with random moves and read as a player and a spectator would read
them (every view's prompt, every option label and every log line, through the games'
declarations as the server reads them). In Japanese no English sentence may appear
outside card names and codes (a run of three or more English words is one); in English
no line may be a placeholder left unfilled or the fallback ``type: key=value`` of an
event without its words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gloam.core import SPECTATOR
from gloam.games import declaration, get_game

#: three or more English words in a row: a sentence a Japanese reader should not meet
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,:;()]+[A-Za-z][A-Za-z'’-]*){2,}")
#: what an unfilled template or a missing event line looks like
UNFILLED = re.compile(r"\{\w+\}|^\w+: (\w+=.*)?$")
BLOCKS = ("combat", "your_combat", "in_play", "chain", "your_chain", "kicker")
JA_NAMES = ["アン", "ボブ", "チカ", "ダイ", "エミ"]
EN_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]

GAMES = [
    ("nightfall", {"players": 2}, 11),
    ("nightfall", {"players": 3, "sets": ["CW", "ML"], "archives": "draft", "moons": True}, 12),
    ("nightfall", {"players": 4, "sets": ["CW", "ML", "NF", "BC"], "archives": "draft", "promos": True}, 13),
    ("nightfall", {"players": 3, "sets": ["CW", "NF"], "custom_starters": True}, 14),
    ("nightmarium", {"players": 2}, 21),
    ("nightmarium", {"players": 3, "creatures": 6}, 22),
    ("nightmarium", {"players": 5}, 23),
]


def card_words(state: Any) -> list[str]:
    """The card names, texts and codes a Japanese line may show in English, longest first
    (so a name containing another is removed whole): Nightfall's texts, and its names
    where the card has no Japanese one (seed 002); Nightmarium's codes."""
    game = state.game
    if game.name == "nightfall":   # the cards of the game's sets: names, and texts (English by design)
        names = set()
        for card in game._cards.values():
            if not card.name_ja:      # a card with a Japanese name must be read by it
                names.update((card.printed_name, card.name))
            names.update(card.text_lines())
            names.update(card.block(field) or "" for field in BLOCKS)
            names.update(n for n in (card.wound_text, card.global_text, card.exile) if isinstance(n, str) and n)
        names.discard("")
    else:
        names = {c.code for c in game.composition.cards}
    return sorted(names, key=len, reverse=True)


def texts_read(name: str, setup: dict[str, Any], seed: int, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a reader meets in one seeded game in ``lang``."""
    game = get_game(name, setup)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    names = (JA_NAMES if lang == "ja" else EN_NAMES)[:game.num_players]
    describe = declaration(name).describe_event
    steps = 0
    while True:
        player = state.current_player()
        viewers = [SPECTATOR] + ([player] if player >= 0 else [])
        for viewer in viewers:
            decision = state.view(viewer, lang)["decision"]
            if decision:
                yield f"prompt ({viewer})", decision["prompt"]
                for option in decision.get("options", []):
                    yield f"option ({viewer})", option["label"]
        if state.is_terminal() or steps >= 400:
            break
        state.apply(rng.choice(state.legal_action_indices()))
        steps += 1
    for viewer in range(-1, game.num_players):
        obs = state.observation(viewer)
        shown = [("You" if p == viewer and lang == "en" else n) for p, n in enumerate(names)]
        for event in state.events_for(viewer):
            yield f"log ({viewer}) {event['type']}", describe(game, obs, event, viewer, shown, lang)


def _strip(text: str, words: list[str]) -> str:
    for word in words:
        if word in text:
            text = text.replace(word, "·")
    return text


@pytest.mark.parametrize("name,setup,seed", GAMES, ids=lambda v: v if isinstance(v, str) else None)
def test_a_japanese_reader_meets_no_english_sentence(name, setup, seed):
    game = get_game(name, setup)
    words = card_words(game.new_initial_state(seed))
    english = {}
    for where, text in texts_read(name, setup, seed, "ja"):
        found = ENGLISH_RUN.search(_strip(text, words))
        if found:
            english.setdefault(where.split(" (")[0] + " " + where.rsplit(" ", 1)[-1], (text, found.group()))
    assert not english, "English in a Japanese game: " + "; ".join(f"{w}: {t!r}" for w, t in english.items())


@pytest.mark.parametrize("name,setup,seed", GAMES, ids=lambda v: v if isinstance(v, str) else None)
def test_an_english_reader_meets_no_unfilled_line(name, setup, seed):
    bad = {where: text for where, text in texts_read(name, setup, seed, "en") if UNFILLED.search(text)}
    assert not bad, f"unfilled or missing English lines: {bad}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_nightmarium_event_type_has_its_line(lang):
    """Each event type Nightmarium's engine writes (its ``events.append({"type": …})``
    calls, read from the source) has a line of its own, not the ``type: key=value``
    fallback, in both languages; a dead position (rule 31's stop) among them."""
    import inspect

    from gloam.nightmarium import state as engine

    source = inspect.getsource(engine)
    kinds = set(re.findall(r'"type": "(\w+)"', source)) | set(re.findall(r'private\("(\w+)"', source))
    assert {"dead_position", "deal", "draw", "win"} <= kinds
    game = get_game("nightmarium", {"players": 2})
    sample = {"player": 0, "target": 1, "creature": 0, "card": 0, "cards": [0, 1], "count": 2,
              "turn": 3, "turns": 40, "players": 2, "creatures": 5, "first_player": 0, "part": "legs",
              "complete": 1, "abilities": ["Mourner"], "legion": "Necromunculus", "ability": "Mourner",
              "skipped": [], "actions": 2, "reason": "draw"}
    describe = declaration("nightmarium").describe_event
    for kind in sorted(kinds):
        line = describe(game, {}, {"type": kind, **sample}, 0, ["Ann", "Bob"], lang)
        assert not UNFILLED.search(line) and "=" not in line, (kind, line)
