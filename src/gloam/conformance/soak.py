"""The soak (issue 16): many seeded random games of each game with every invariant
checked, for ``benchmarks/soak.py`` and its CI sample (tests/test_soak_sample.py).

Game ``i`` of game ``name`` under master seed ``S`` is a pure function of ``(name, S,
i)``: its setup (:func:`nightfall_setup`, :func:`nightmarium_setup`), its deal's seed and
the seed of the generator that picks its random legal actions. So a failure is
reproduced by ``benchmarks/soak.py --game NAME --seed S --start I --games 1``, whatever
the number of workers or chunks.

The checks of one game, by tier (docs/reliability.md says what they cost):

* before every action (cheap): every card once (conservation), distinct legal actions
  of the space for a seat, a sound position; Nightfall also every option fitting its
  decision;
* at sampled steps — every ``every``-th action from a random offset, ONE step drawn
  uniformly from the whole game after it ended (the position is rebuilt by replaying
  the game's actions up to it), and the final state: the protocol's pieces agreeing
  (``pending()``, its options and labels), ``clone()`` equal and independent
  (the action applied to the clone leaves the original's ``to_json`` unchanged; for
  Nightfall also no list or dict shared), the exact JSON round trip, ``legal_mask()``,
  ``observation(p)`` unchanged for every seat and the spectator when the cards p cannot
  see are permuted, the spectator's observation and events unchanged when everything
  hidden from every seat is re-dealt (Nightfall; Nightmarium's spectator permutation
  re-deals every hand and the deck), and ``determinize(observation(p))`` for every seat p
  a sound state p cannot tell from the real one;
* at the end: the game ended within its bound with the winner(s) its rules name, the
  events redacted for every viewer, and the record (setup, seed, actions) replaying
  through JSON text to the identical final state and events.

Every loop is bounded: each game by its action cap, a run by its game count and by
``deadline`` (no game starts after it)."""

from __future__ import annotations

import json
import random
import time
import traceback
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from gloam.conformance import core as cf, nightfall as nf, nightmarium as nm
from gloam.core import SPECTATOR
from gloam.core.errors import SetupError
from gloam.core.rng import Rng, derive_seed
from gloam.games import get_game
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.setup import ARCHIVE_SETUPS, draft_card_range
from gloam.nightmarium.game import NightmariumGame

GAMES = ("nightfall", "nightmarium")
GAME_CODES = {"nightfall": 1, "nightmarium": 2}  # derive_seed mixes integers only
MAX_ACTIONS = {"nightfall": 20_000, "nightmarium": 3_000}
#: the sampled tier's default spacing (actions): a Nightfall game is ~700-1,400 actions,
#: a Nightmarium game ~270
EVERY = {"nightfall": 400, "nightmarium": 100}
#: the sets a soak game mixes (The Coldest War alone too, unlike the mixed sweep's draw)
SOAK_SETS = [("CW",), *nf.SET_CHOICES]


# --------------------------------------------------------------------- setups
def nightfall_setup(rng: random.Random, i: int) -> dict[str, Any]:
    """Setup data of Nightfall game ``i``: even games cycle the Coldest War setups (2-5
    players, every archive setup, moons, long games, every first seat and a random one);
    odd games draw every set, variant, Team Play, the constructed format, promos,
    chosen wound stacks and a chosen number of draft cards (:func:`nf.draw_game`)."""
    if i % 2 == 0:
        k = i // 2
        players = 2 + k % 4
        first: int | str = (k // 4) % (players + 1)
        options: dict[str, Any] = {
            "players": players, "archives": ARCHIVE_SETUPS[(k // 2) % len(ARCHIVE_SETUPS)],
            "moons": (k // 3) % 2 == 1, "long": players < 5 and (k // 5) % 2 == 1,
            "first_player": "random" if first == players else first}
        return NightfallGame(**options).setup_json()
    game, options = nf.draw_game(rng, SOAK_SETS)
    if options.get("archives") in ("draft", "ml-draft") and rng.random() < 0.3:
        low, high = draft_card_range(len(options["sets"]), options["archives"])
        try:
            game = NightfallGame(**{**options, "draft_cards": rng.randint(low, high)})
        except SetupError:  # a count the variant refuses: keep the default
            pass
    return game.setup_json()


def nightmarium_setup(rng: random.Random, i: int) -> dict[str, Any]:
    """Setup data of Nightmarium game ``i``: 2-5 players, 5-7 Creatures to win, every
    first player."""
    players = 2 + i % 4
    return NightmariumGame(players=players, creatures=5 + (i // 4) % 3,
                           first_player=rng.randrange(players)).setup_json()


SETUPS = {"nightfall": nightfall_setup, "nightmarium": nightmarium_setup}


@dataclass(frozen=True)
class SoakGame:
    """Game ``index`` of one soak: its name, setup data, deal seed and chooser seed."""

    name: str
    index: int
    setup: dict[str, Any]
    seed: int
    chooser_seed: int
    check_seed: int

    @classmethod
    def make(cls, name: str, master: int, index: int) -> SoakGame:
        code = GAME_CODES[name]
        rng = random.Random(derive_seed(master, code, index, 0))
        setup = SETUPS[name](rng, index)
        return cls(name, index, setup, derive_seed(master, code, index, 1), derive_seed(master, code, index, 2),
                   derive_seed(master, code, index, 3))


# --------------------------------------------------------------------- the checks
class Checks(ABC):
    """The checks of one game (cheap before every action, sampled at some steps, final
    at the end), with counts of what ran. Each game's own checks are a subclass's
    :meth:`cheap`, :meth:`check_hidden` and :meth:`check_end` (``CHECKS``)."""

    def __init__(self, soak: SoakGame, game: Any) -> None:
        self.soak = soak
        self.game = game
        self.rng = random.Random(soak.check_seed)
        # determinize accepts both generators: alternate them between games
        self.det_rng = Rng(soak.check_seed ^ 1) if soak.index % 2 else random.Random(soak.check_seed)
        self.sampled = 0
        self.moved = 0

    @abstractmethod
    def cheap(self, state: Any) -> None:
        """The game's checks before every action (card conservation, the position)."""

    def sampled_step(self, state: Any, action: int | None) -> None:
        """Everything that needs a copy of the state: clone, JSON, observations, the
        spectator, determinization."""
        self.sampled += 1
        cf.check_protocol(state)
        if action is not None:
            cf.check_clone_and_apply(state, action)
            self.check_clone(state, action)
        cf.check_legal_mask(state)
        cf.check_json_round_trip(state)
        self.check_hidden(state)

    def check_clone(self, state: Any, action: int) -> None:  # noqa: B027 — optional: not every game has one
        """The game's own clone check (none by default)."""

    @abstractmethod
    def check_hidden(self, state: Any) -> None:
        """Observations independent of unseen cards, determinization sound."""

    def check_determinize(self, state: Any, sound: Any) -> None:
        for p in range(state.num_players):
            cf.check_determinize_for(self.game, state, p, self.det_rng, sound)

    def final(self, state: Any, actions: list[int]) -> None:
        name = self.soak.name
        if not state.is_terminal():
            raise AssertionError(f"not over after {len(actions)} actions (bound {MAX_ACTIONS[name]})")
        cf.check_protocol(state)
        views = cf.event_views(state)
        self.check_end(state, actions, views)
        cf.check_event_redaction(state, views)
        cf.check_replay(self.game, self.soak.seed, actions, state, views[None])

    @abstractmethod
    def check_end(self, state: Any, actions: list[int], views: Any) -> None:
        """The game's own checks of the end: the winners its rules name, private events."""


class NightfallChecks(Checks):
    def cheap(self, state: Any) -> None:
        nf.check_cards(state)
        check_legal(state)
        nf.check_position(state)
        nf.check_options(state)

    def check_clone(self, state: Any, action: int) -> None:
        nf.check_clone(state, action)

    def check_hidden(self, state: Any) -> None:
        self.moved += cf.check_observation_hides_unseen(state, nf.permute_any_format, self.rng)
        self.check_spectator(state)
        self.check_determinize(state, nf.sound)

    def check_spectator(self, state: Any) -> None:
        """Re-dealing everything hidden from every seat changes neither the spectator's
        observation nor its events."""
        other = nf.redeal_everything_hidden(state, self.rng)
        if other.observation(SPECTATOR) != state.observation(SPECTATOR):
            raise AssertionError("observation(SPECTATOR) depends on a hidden card")
        if other.events_for(SPECTATOR) != state.events_for(SPECTATOR):
            raise AssertionError("events_for(SPECTATOR) depends on a hidden card")

    def check_end(self, state: Any, actions: list[int], views: Any) -> None:
        nf.check_winners(state, {"decks": state.game.decks, "teams": state.game.teams})
        nf.check_private_events(state, views)


class NightmariumChecks(Checks):
    def cheap(self, state: Any) -> None:
        cf.check_conservation(nm.nightmarium_cards(state), nm.N_CARDS)
        check_legal(state)
        nm.check_position(state)

    def check_hidden(self, state: Any) -> None:
        self.moved += cf.check_observation_hides_unseen(state, nm.permute_unseen, self.rng)
        self.check_determinize(state, self.nightmarium_sound)

    @staticmethod
    def nightmarium_sound(det: Any, where: str) -> None:
        cf.check_conservation(nm.nightmarium_cards(det), nm.N_CARDS, where)
        nm.check_position(det)

    def check_end(self, state: Any, actions: list[int], views: Any) -> None:
        name = self.soak.name
        if state.events[-1]["type"] == "dead_position":  # a dead position ends without a winner
            cf.check_game_over(state, MAX_ACTIONS[name], len(actions), no_winner=True)
        else:
            winner = cf.check_game_over(state, MAX_ACTIONS[name], len(actions))
            assert winner == state.winner and state.complete_creatures(winner) >= state.game.creatures
            nm.check_private_draws(state, views)


#: each game's checks
CHECKS: dict[str, type[Checks]] = {"nightfall": NightfallChecks, "nightmarium": NightmariumChecks}


def check_legal(state: Any) -> None:
    """The cheap part of ``check_protocol`` (which builds ``pending()``'s labels and
    runs at the sampled steps): a live state offers distinct legal indices of its action
    space to a seat, a terminal one none."""
    legal = state.legal_action_indices()
    if state.is_terminal():
        assert legal == [] and state.current_player() == -1, f"terminal state offers {legal}"
        return
    size = len(state.action_space)
    assert legal and len(set(legal)) == len(legal) and all(0 <= i < size for i in legal), f"legal {legal}"
    assert 0 <= state.current_player() < state.num_players, f"current_player() {state.current_player()}"


# --------------------------------------------------------------------- one game
@dataclass
class GameResult:
    decisions: int
    sampled: int
    moved: int
    failure: dict[str, Any] | None = None


def play_soak_game(soak: SoakGame, every: int) -> GameResult:
    """Play one soak game with every check; a check that fails (or any exception) is a
    failure naming the game, its setup, seeds and step."""
    step = -1
    checks = None
    try:
        game = get_game(soak.name, soak.setup)
        checks = CHECKS[soak.name](soak, game)
        chooser = random.Random(soak.chooser_seed)
        offset = checks.rng.randrange(every)
        state = game.new_initial_state(soak.seed)
        actions: list[int] = []
        bound = MAX_ACTIONS[soak.name]
        while not state.is_terminal() and len(actions) < bound:
            step = len(actions)
            checks.cheap(state)
            action = chooser.choice(state.legal_action_indices())
            if step % every == offset:
                checks.sampled_step(state, action)
            state.apply(action, player=state.current_player())
            actions.append(action)
        step = len(actions)
        checks.cheap(state)
        checks.sampled_step(state, None)
        checks.final(state, actions)
        step = checks.rng.randrange(len(actions))  # one step drawn from the whole game
        checks.sampled_step(replay_to(game, soak.seed, actions, step), actions[step])
        return GameResult(len(actions), checks.sampled, checks.moved)
    except Exception as exc:  # noqa: BLE001 - a soak reports every failure and goes on
        return GameResult(max(step, 0), checks.sampled if checks else 0, checks.moved if checks else 0,
                          failure=describe_failure(soak, step, exc))


def replay_to(game: Any, seed: int, actions: list[int], step: int) -> Any:
    """The state before action number ``step`` (a fresh replay, no clones)."""
    state = game.new_initial_state(seed)
    for action in actions[:step]:
        state.apply(action)
    return state


def describe_failure(soak: SoakGame, step: int, exc: BaseException) -> dict[str, Any]:
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return {"game": soak.name, "index": soak.index, "setup": json.loads(json.dumps(soak.setup, default=str)),
            "seed": soak.seed, "step": step, "error": f"{type(exc).__name__}: {exc}"[:2000],
            "at": f"{where.filename}:{where.lineno}"}


# --------------------------------------------------------------------- many games
@dataclass
class Summary:
    """What a soak run (or one chunk of it) did."""

    games: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAMES, 0))
    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAMES, 0))
    sampled: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAMES, 0))
    moved: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAMES, 0))
    cpu_seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(GAMES, 0.0))
    failures: list[dict[str, Any]] = field(default_factory=list)
    stopped_early: bool = False

    def add(self, other: Summary) -> None:
        for name in GAMES:
            self.games[name] += other.games[name]
            self.decisions[name] += other.decisions[name]
            self.sampled[name] += other.sampled[name]
            self.moved[name] += other.moved[name]
            self.cpu_seconds[name] += other.cpu_seconds[name]
        self.failures += other.failures
        self.stopped_early = self.stopped_early or other.stopped_early

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "decisions": self.decisions, "sampled_steps": self.sampled,
                "moved": self.moved, "cpu_seconds": {k: round(v, 2) for k, v in self.cpu_seconds.items()},
                "failures": self.failures, "stopped_early": self.stopped_early}


def run_chunk(name: str, master: int, indices: range, every: int, deadline: float) -> Summary:
    """Soak games ``indices`` of game ``name``; no game starts after ``deadline``
    (``time.time()``)."""
    summary = Summary()
    for i in indices:
        if time.time() >= deadline:
            summary.stopped_early = True
            break
        started = time.process_time()
        result = play_soak_game(SoakGame.make(name, master, i), every)
        summary.cpu_seconds[name] += time.process_time() - started
        summary.games[name] += 1
        summary.decisions[name] += result.decisions
        summary.sampled[name] += result.sampled
        summary.moved[name] += result.moved
        if result.failure is not None:
            summary.failures.append(result.failure)
    return summary


def chunks(names: list[str], master: int, start: int, games: int, every: dict[str, int], deadline: float,
           size: int) -> list[tuple[Any, tuple[Any, ...]]]:
    """The run as tasks of ``size`` games each (interleaving the games, so a run that
    stops at its deadline has played some of each)."""
    tasks = []
    for lo in range(start, start + games, size):
        for name in names:
            tasks.append((run_chunk, (name, master, range(lo, min(lo + size, start + games)), every[name], deadline)))
    return tasks
