"""CI's sample of the soak (issue 16; docs/reliability.md): 1,000 games of each game
(2,000 in all) under master seed 17, with every check of ``gloam.conformance.soak``, in
chunks so ``pytest -n 2`` spreads them. Marked ``slow`` (about 165 CPU-seconds in all;
``-m "not slow"`` skips it). The same games: ``python benchmarks/soak.py --games 1000
--seed 17``. The last tests show that a soak notices a broken engine and says how to
play the failing game again."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import pytest

from gloam.conformance import soak
from gloam.nightmarium.state import NightmariumState

SEED = 17
GAMES = 1000
CHUNKS = {"nightfall": 10, "nightmarium": 4}
SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


def _chunks() -> list[tuple[str, range]]:
    out = []
    for name, count in CHUNKS.items():
        size = GAMES // count
        out += [(name, range(k * size, (k + 1) * size)) for k in range(count)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name,indices", _chunks(), ids=[f"{n}-{r.start}" for n, r in _chunks()])
def test_soak_sample(name: str, indices: range) -> None:
    summary = soak.run_chunk(name, SEED, indices, soak.EVERY[name], time.time() + 3600)
    assert not summary.failures, json.dumps(summary.failures[:3], indent=1)
    assert summary.games[name] == len(indices) and not summary.stopped_early
    # every game: its periodic steps, the final state and one step drawn from the whole game
    assert summary.sampled[name] >= 2 * len(indices)
    assert summary.moved[name] > summary.sampled[name] // 2, "the permutations rarely moved a card"


def _script():
    spec = importlib.util.spec_from_file_location("soak_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak_script"] = module
    spec.loader.exec_module(module)
    return module


def test_the_script_reports_its_games_as_json(capsys) -> None:
    assert _script().main(["--games", "2", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == {"nightfall": 2, "nightmarium": 2} and out["failures"] == []
    assert out["decisions"]["nightfall"] > 100 and out["sampled_steps"]["nightmarium"] >= 4


def test_the_setups_cover_every_player_count_and_option() -> None:
    """Nightfall: 2-6 players (6 in Team Play), every archive setup, every set, every
    variant, the constructed format; Nightmarium: 2-5 players, 5-7 Creatures."""
    nf = [soak.SoakGame.make("nightfall", SEED, i).setup for i in range(200)]
    nm = [soak.SoakGame.make("nightmarium", SEED, i).setup for i in range(24)]
    assert {s["players"] for s in nf} == {2, 3, 4, 5, 6}
    assert {s.get("archives") for s in nf} >= {"quick", "draft", "ml-draft"}
    assert {code for s in nf for code in s["sets"]} == {"CW", "ML", "NF", "BC"}
    options = {k for s in nf for k, v in s.items() if v is True}
    assert options >= {"moons", "long", "promos", "teams", "custom_starters", "common_ground", "hidden_archives",
                       "secret_archives", "open_archives", "upstream"}
    assert any(s.get("decks") for s in nf) and any("draft_cards" in s for s in nf)
    assert {(s["players"], s["creatures"]) for s in nm} == {(p, c) for p in range(2, 6) for c in (5, 6, 7)}


def test_a_leaking_engine_fails_the_soak_with_a_way_to_replay_it(monkeypatch, capsys) -> None:
    """An observation that shows the top card of the deck fails the soak: the failure
    names the game, its setup, seed and step, and the script exits 1 with the command
    that plays that game again."""
    honest = NightmariumState.observation
    monkeypatch.setattr(NightmariumState, "observation",
                        lambda self, player: {**honest(self, player), "deck_top": self.deck[-1] if self.deck else None})
    summary = soak.run_chunk("nightmarium", SEED, range(2), 50, time.time() + 60)
    assert len(summary.failures) == 2
    failure = summary.failures[0]
    assert failure["game"] == "nightmarium" and failure["index"] == 0 and "deck_top" in failure["error"]
    assert failure["setup"] == soak.SoakGame.make("nightmarium", SEED, 0).setup
    assert _script().main(["--game", "nightmarium", "--games", "1", "--seed", str(SEED)]) == 1
    assert f"--seed {SEED} --start 0 --games 1" in capsys.readouterr().out


def test_no_game_starts_after_the_deadline() -> None:
    summary = soak.run_chunk("nightfall", SEED, range(5), 400, time.time() - 1)
    assert summary.games["nightfall"] == 0 and summary.stopped_early


def test_soak_game_77207_a_kicker_resolved_twice_shows_its_tutored_card_once() -> None:
    """The 100,000-game Nightfall soak's one failure (seed 16, game 77207: 4 players, CW +
    ML + NF, the draft, moons, promos): "Tactical Prep"'s kicker (ML: "Reveal the card you
    drew with this card") resolved twice (an order made to resolve its chain text and
    kicker twice), and the card it had drawn was put into the "known in hand" list twice;
    once played, it stayed "known in hand", and the saved state was refused ("known cards
    are not where everyone saw them go"). The whole game now passes every soak check, and
    the twice-revealed card is known once at every step."""
    import random

    from gloam.games import get_game

    game_soak = soak.SoakGame.make("nightfall", 16, 77207)
    result = soak.play_soak_game(game_soak, every=400)
    assert result.failure is None, result.failure
    game = get_game("nightfall", game_soak.setup)
    chooser = random.Random(game_soak.chooser_seed)
    state = game.new_initial_state(game_soak.seed)
    twice = False
    while not state.is_terminal():
        seen = len(state.events)
        state.apply(chooser.choice(state.legal_action_indices()), player=state.current_player())
        reveals = [e["card"] for e in state.events[seen:] if e["type"] == "reveal"]
        twice = twice or any(reveals.count(c) > 1 for c in reveals)
        for p, known in enumerate(state.known):
            assert len(known["hand"]) == len(set(known["hand"])) and set(known["hand"]) <= set(state.hands[p])
    assert twice, "the game no longer reveals a tutored card twice: this test lost its case"
