"""Nightfall's engine speed beside a peer's: pyminion 0.4.0, a pure-Python Dominion engine,
timed alternately with gloam in one process, so the ratio holds on a busy machine.

    pip install pyminion==0.4.0        # or: pip install -e .[bench]
    .venv/bin/python benchmarks/peer_ratio.py [--rounds R] [--seconds T] [--seed S] [--json]

Each round times, one after the other, for about ``--seconds`` of CPU each:

* pyminion: BigMoney against BigMoneySmithy (the base set, Smithy in the kingdom; no log
  to stdout or to a file, and the root logger at WARNING, so no handler does I/O), games
  played with ``Game.play()``; game k of a round seeded ``random.seed(seed, round, k)``
  (pyminion draws from the module ``random``);
* gloam Nightfall: 2 players, Coldest War quick start (no moons), two ``RandomBot`` seats
  through :func:`gloam.match.play_match`, as benchmarks/nightfall_speed.py does.

What a decision is. gloam: one applied action (``play_match``'s ``decisions``: every
time a seat's bot is asked, forced moves included; one card played is one action).
pyminion, at the same grain: one move a player makes, i.e. every call the game makes to
a player's decider (``action_phase_decision``: play this action or none;
``buy_phase_decision``: buy this card or nothing; every card-text decision such as
``binary_decision``), except that ``treasure_phase_decision``, which hands back all the
treasures to play at once, counts one decision per treasure played (at least one: playing
none is a decision too). So a BigMoney turn of five treasures and one buy is six
decisions, as it would be six actions in gloam. The coarser count, one per decider call
(pyminion's own API grain, a turn there is 2-3 calls), is printed beside it with its
ratio; it makes pyminion about 2.4 times slower per decision. Deciders are not wrapped
while timed; each round's games are then replayed from their seeds with a counting
decider (untimed) and must end the same (same turns, same scores) for the count to stand.

Speed is decisions per CPU-second of this process (other work on the machine does not
count against either side); the medians over the rounds and their ratio gloam / pyminion
are printed, with the wall-clock medians. Then gloam's Nightmarium figure (2 players,
random bots, per CPU-second) and the ``clone()`` rate of a mid-game Nightfall state.
Without pyminion it says so and prints gloam's figures (exit 0). ``--json`` prints one
JSON object instead. ~5 rounds x 2 x 2 s + 5 s by default.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from state_ops import bench_state_ops

from gloam.bots import make_bot
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match

NIGHTFALL_SETUP = {"players": 2}
NIGHTMARIUM_SETUP = {"players": 2, "turn_limit": 1000}
DECIDER_METHODS = ("action_phase_decision", "treasure_phase_decision", "buy_phase_decision",
                   "binary_decision", "multiple_option_decision", "discard_decision", "trash_decision",
                   "gain_decision", "topdeck_decision", "deck_position_decision", "reveal_decision",
                   "pass_decision", "name_card_decision", "multi_play_decision")


# --------------------------------------------------------------------- pyminion
def pyminion_available() -> bool:
    try:
        import pyminion  # noqa: F401
    except ImportError:
        return False
    return True


class _Counting:
    """A decider that counts the calls the game makes to it and hands them on:
    ``counter[0]`` decisions (a treasure played is one), ``counter[1]`` decider calls."""

    def __init__(self, inner: Any, counter: list[int]) -> None:
        self._inner, self._counter = inner, counter

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._inner, name)
        if name not in DECIDER_METHODS:
            return method

        def counted(*args: Any, **kwargs: Any) -> Any:
            answer = method(*args, **kwargs)
            self._counter[0] += max(1, len(answer)) if name == "treasure_phase_decision" else 1
            self._counter[1] += 1
            return answer
        return counted


def pyminion_game(seed: int, counter: list[int] | None = None) -> tuple[Any, ...]:
    """Play one seeded BigMoney v BigMoneySmithy game; its (turns, scores) per player id."""
    from pyminion.bots.examples import BigMoney, BigMoneySmithy
    from pyminion.expansions.base import base_set, smithy
    from pyminion.game import Game

    random.seed(seed)
    players = [BigMoney(), BigMoneySmithy()]
    if counter is not None:
        for player in players:
            player.decider = _Counting(player.decider, counter)
    game = Game(players=players, expansions=[base_set], kingdom_cards=[smithy], log_stdout=False, log_file=False)
    game.play()
    return tuple(sorted((p.player_id, p.turns, p.get_victory_points()) for p in players))


def time_pyminion(round_seed: int, seconds: float, tally: list[int]) -> tuple[int, float, float]:
    """(decisions, CPU s, wall s) of pyminion games for about ``seconds`` of CPU; their
    decisions and decider calls are added to ``tally``."""
    ends, cpu0, wall0 = [], time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        ends.append(pyminion_game(derive_seed(round_seed, len(ends))))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    counter = [0, 0]
    for k, end in enumerate(ends):
        if pyminion_game(derive_seed(round_seed, k), counter) != end:
            raise SystemExit(f"pyminion game {k} of round seed {round_seed} did not replay the same when counted")
    tally[0] += counter[0]
    tally[1] += counter[1]
    return counter[0], cpu, wall


# --------------------------------------------------------------------- gloam
def time_gloam(game_name: str, setup: dict[str, Any], round_seed: int, seconds: float) -> tuple[int, float, float]:
    """(decisions, CPU s, wall s) of random-vs-random gloam games for about ``seconds`` of CPU."""
    game = get_game(game_name, setup)
    decisions, k, cpu0, wall0 = 0, 0, time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        game_seed = derive_seed(round_seed, k)
        bots = [make_bot("random", game, seed=derive_seed(game_seed, p)) for p in range(game.num_players)]
        result = play_match(game, bots, seed=game_seed)
        if not result.state.is_terminal():
            raise SystemExit(f"{game_name} game {k} did not end")
        decisions += result.decisions
        k += 1
    return decisions, time.process_time() - cpu0, time.perf_counter() - wall0


# --------------------------------------------------------------------- the run
def rounds(timers: dict[str, Callable[[int], tuple[int, float, float]]], count: int,
           seed: int) -> dict[str, dict[str, Any]]:
    """Every timer once per round, in turn; per timer the rounds' rates and their medians."""
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in timers}
    for r in range(count):
        for name, timer in timers.items():
            decisions, cpu, wall = timer(derive_seed(seed, r))
            runs[name].append((decisions / cpu, decisions / wall))
    return {name: {"per_cpu_s": [round(c) for c, _ in rates], "median_per_cpu_s": round(statistics.median(c for c, _ in rates)),
                   "median_per_wall_s": round(statistics.median(w for _, w in rates))}
            for name, rates in runs.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per side per round (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be >= 1 and --seconds > 0")
    logging.getLogger().setLevel(logging.WARNING)

    have_pyminion = pyminion_available()
    timers: dict[str, Callable[[int], tuple[int, float, float]]] = {}
    if have_pyminion:
        tally = [0, 0]
        timers["pyminion"] = lambda s: time_pyminion(s, args.seconds, tally)
    timers["nightfall"] = lambda s: time_gloam("nightfall", NIGHTFALL_SETUP, s, args.seconds)
    result: dict[str, Any] = {"rounds": args.rounds, "seconds": args.seconds, "seed": args.seed,
                              "pyminion": None, **rounds(timers, args.rounds, args.seed)}
    if have_pyminion:
        pm = result["pyminion"]
        pm["median_calls_per_cpu_s"] = round(pm["median_per_cpu_s"] * tally[1] / tally[0])
        result["ratio"] = round(result["nightfall"]["median_per_cpu_s"] / pm["median_per_cpu_s"], 2)
        result["ratio_per_call"] = round(result["nightfall"]["median_per_cpu_s"] / pm["median_calls_per_cpu_s"], 2)
    nm_decisions, nm_cpu, _ = time_gloam("nightmarium", NIGHTMARIUM_SETUP, args.seed, args.seconds)
    result["nightmarium_per_cpu_s"] = round(nm_decisions / nm_cpu)
    clones, _, _ = bench_state_ops("nightfall", NIGHTFALL_SETUP, args.seed, seconds=1.0)
    result["nightfall_clones_per_s"] = round(clones)

    if args.json:
        print(json.dumps(result))
        return 0
    print(f"Peer ratio: {args.rounds} alternating rounds of ~{args.seconds:g} CPU-s per side, seed {args.seed}")
    if have_pyminion:
        print(f"  pyminion 0.4.0, BigMoney v BigMoneySmithy, logging off: {result['pyminion']['median_per_cpu_s']:10,}"
              f" decisions/s (median per CPU-s; wall {result['pyminion']['median_per_wall_s']:,}; rounds"
              f" {result['pyminion']['per_cpu_s']})")
    else:
        print("  pyminion is not importable (pip install pyminion==0.4.0, or the bench extra): no peer figure")
    print(f"  gloam Nightfall, 2p CW quick start, random bots: {result['nightfall']['median_per_cpu_s']:10,}"
          f" decisions/s (median per CPU-s; wall {result['nightfall']['median_per_wall_s']:,}; rounds"
          f" {result['nightfall']['per_cpu_s']})")
    if have_pyminion:
        print(f"  ratio Nightfall / pyminion: {result['ratio']:.2f}   goal >= 2.5:"
              f" {'meets the goal' if result['ratio'] >= 2.5 else 'BELOW the goal'}")
        print(f"    (per decider call, the coarser count: pyminion {result['pyminion']['median_calls_per_cpu_s']:,}"
              f" calls/s, ratio {result['ratio_per_call']:.2f})")
    print(f"  gloam Nightmarium, 2p random bots: {result['nightmarium_per_cpu_s']:10,} decisions/s (per CPU-s)")
    print(f"  Nightfall mid-game state: {result['nightfall_clones_per_s']:10,} clone()/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
