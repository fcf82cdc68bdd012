"""Seeded random Nightfall positions for the spectator and table-view tests: every player
count (2-5), the quick start and both drafts, moons, Secret Archives (rule 176), Team Play
(rule 178) and constructed games from the decks in examples/decks (rules 166-173)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from gloam.nightfall.constructed import parse_deck
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

DECKS = Path(__file__).resolve().parent.parent / "examples" / "decks"


def deck(name: str):
    """A deck file of examples/decks, parsed."""
    path = DECKS / name
    return parse_deck(path.read_text(encoding="utf-8"), str(path))


def constructed_game(names: list[str], **options) -> NightfallGame:
    """A constructed game of the example decks ``names`` (one per seat)."""
    decks = [deck(n) for n in names]
    sets = tuple(sorted({s for d in decks for s in d.sets()}))
    return NightfallGame(players=len(decks), sets=sets, decks=decks, **options)


def games() -> list[tuple[str, NightfallGame]]:
    """One game of each setup the tests walk through, with a name for test ids."""
    return [
        ("2p-quick", NightfallGame(players=2)),
        ("3p-draft-moons", NightfallGame(players=3, archives="draft", moons=True)),
        ("4p-ml-draft", NightfallGame(players=4, archives="ml-draft", first_player="random")),
        ("5p-quick-moons", NightfallGame(players=5, moons=True)),
        ("3p-secret-archives", NightfallGame(players=3, archives="draft", secret_archives=True)),
        ("2p-ml-draft-secret-upstream", NightfallGame(players=2, archives="ml-draft", secret_archives=True,
                                                      upstream=True)),
        ("4p-teams", NightfallGame(players=4, teams=True, moons=True)),
        ("2p-constructed", constructed_game(["vampire-court.toml", "lycan-rush.toml"])),
        ("3p-constructed-moons", constructed_game(["blood-country-hunters.json", "vampire-court.toml",
                                                   "lycan-rush.toml"], moons=True)),
    ]


def positions(game: NightfallGame, seed: int, every: int = 23, limit: int = 4000) -> Iterator[NightfallState]:
    """The states of one seeded random game (random legal actions), every ``every``-th
    action from a varying offset, every draft decision, and the final state."""
    chooser = random.Random(seed)
    state = game.new_initial_state(seed)
    offset = chooser.randrange(every)
    for step in range(limit):
        if state.is_terminal():
            break
        if step % every == offset or state.decision_kind() == "draft":
            yield state
        state.apply(chooser.choice(state.legal_action_indices()))
    yield state
