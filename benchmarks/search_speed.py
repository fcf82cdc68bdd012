"""ISMCTS search speed: iterations per second on one core, per level, on Nightmarium and
on Nightfall.

    .venv/bin/python benchmarks/search_speed.py [--game nightmarium|nightfall|both] [--positions N] [--seed S]

Positions are 2-player mid-game decisions: a game between the game's policy bots
(Nightmarium: ``greedy``; Nightfall: ``heuristic``, Coldest War quick start) is played
from a seeded deal, replayed to half its length and moved on to the next decision with
at least two options. Each level (``easy``, ``normal``, ``hard``: the game's
configuration, ``gloam.bots.ismcts.level_config``) searches every position from the
observation of the player to act, in this process (one core). An iteration is one sample
of the hidden cards (``determinize``), one walk down the tree and one leaf evaluation
(Nightmarium: 4 greedy decisions and the heuristic value; Nightfall: 4 decisions of the
heuristic bot and ``NightfallValue``, plus the heuristic bot's hint at each new node with
a choice); the levels' flat play-outs (``playout_kinds``: Nightfall ``hard`` at chain,
feed and combat-text decisions) are left out of it and timed on their own, as whole-game
play-outs per CPU-second on positions of those kinds. Speed is iterations per CPU-second
of this process (so other work on the machine does not count against it) and per
wall-second. The project's goals are >= 3,000
iterations/s on Nightmarium and >= 1,500/s on Nightfall; OpenSpiel's Python ISMCTS does
about 1,600/s on hearts on the same hardware. About 20 s of CPU for both games with the
default 12 positions.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import Any

from gloam.bots import make_bot
from gloam.bots.ismcts import ISMCTS, LEVELS, level_config
from gloam.core.rng import Rng, derive_seed
from gloam.games import get_game
from gloam.match import play_match

GOALS = {"nightmarium": 3_000, "nightfall": 1_500}
OPENSPIEL_HEARTS = 1_600
SETUPS = {"nightmarium": {"players": 2, "turn_limit": 1000}, "nightfall": {"players": 2}}
POLICY = {"nightmarium": "greedy", "nightfall": "heuristic"}
TITLES = {"nightmarium": "Nightmarium", "nightfall": "Nightfall (Coldest War, quick start)"}


def positions(count: int, seed: int, game_name: str = "nightmarium") -> list[Any]:
    """``count`` mid-game 2-player states, each at a decision with two or more options."""
    game = get_game(game_name, SETUPS[game_name])
    out = []
    for k in range(count):
        deal = derive_seed(seed, k)
        bots = [make_bot(POLICY[game_name], game, seed=derive_seed(seed, k, p)) for p in range(2)]
        full = play_match(game, bots, seed=deal)
        state = game.new_initial_state(deal)
        for action in full.actions[: full.decisions // 2]:
            state.apply(action)
        while not state.is_terminal() and len(state.legal_action_indices()) < 2:
            state.apply(state.legal_action_indices()[0])
        if not state.is_terminal():
            out.append(state)
    return out


def playout_positions(count: int, seed: int, game_name: str, kinds: tuple[str, ...]) -> list[Any]:
    """Like :func:`positions`, each moved on by the policy bots to the next decision of
    one of ``kinds`` with two or more options (a game without one is skipped)."""
    out = []
    for k, state in enumerate(positions(count, seed, game_name)):
        bots = [make_bot(POLICY[game_name], state.game, seed=derive_seed(seed, k, p, 7)) for p in range(2)]
        while not state.is_terminal():
            player, legal = state.current_player(), state.legal_action_indices()
            if len(legal) > 1 and state.observation(player)["kind"] in kinds:
                out.append(state)
                break
            state.apply(bots[player].choose(state.game, state.observation(player), legal))
    return out


def measure(level: str, states: list[Any], seed: int, tree_only: bool = True) -> tuple[int, float, float]:
    """(iterations, CPU seconds, wall seconds) of one search per state at ``level`` (its
    tree search alone if ``tree_only``, else as the level plays)."""
    config = level_config(level, states[0].game)
    search = ISMCTS(replace(config, playout_kinds=()) if tree_only else config)
    iterations = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for k, state in enumerate(states):
        player = state.current_player()
        result = search.search(state.game, state.observation(player), state.legal_action_indices(),
                               Rng(derive_seed(seed, k, 99)))
        iterations += result.iterations
    return iterations, time.process_time() - cpu0, time.perf_counter() - wall0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=12, metavar="N",
                        help="mid-game positions to search (default 12)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the positions (default 1)")
    parser.add_argument("--game", choices=("nightmarium", "nightfall", "both"), default="both",
                        help="the game to search (default both)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    for name in ("nightmarium", "nightfall") if args.game == "both" else (args.game,):
        report(name, args.positions, args.seed)
    return 0


def report(name: str, count: int, seed: int) -> None:
    """Print the speed of every level on ``count`` positions of game ``name``."""
    states = positions(count, seed, name)
    game = states[0].game
    goal = GOALS[name]
    print(f"ISMCTS speed on {TITLES[name]}: {len(states)} mid-game 2-player positions (turns"
          f" {min(s.turn for s in states)}-{max(s.turn for s in states)}), seed {seed}, one core")
    obs = states[0].observation(states[0].current_player())
    rng = Rng(0)
    started = time.process_time()
    for _ in range(2000):
        game.determinize(obs, rng)
    per = (time.process_time() - started) / 2000
    print(f"  determinize(): {1 / per:,.0f}/s ({per * 1e6:.0f} µs each, part of every iteration)")
    for level in LEVELS:
        config = level_config(level, game)
        iterations, cpu, wall = measure(level, states, seed)
        rate = iterations / cpu
        verdict = "meets" if rate >= goal else "BELOW"
        print(f"  {level:<7} {config.iterations:>5} iterations/decision: {rate:8,.0f} iterations per CPU-second"
              f" ({iterations / wall:,.0f}/s wall), {cpu / len(states) * 1000:6.0f} ms CPU per decision;"
              f" {verdict} the goal of {goal:,}/s (OpenSpiel ISMCTS on hearts: ~{OPENSPIEL_HEARTS:,}/s)")
    for level in LEVELS:
        config = level_config(level, game)
        if not config.playout_kinds:
            continue
        flat = playout_positions(count, seed, name, config.playout_kinds)
        playouts, cpu, wall = measure(level, flat, seed, tree_only=False)
        print(f"  {level:<7} whole-game play-outs at {', '.join(config.playout_kinds)} ({len(flat)} positions,"
              f" {config.playout_samples} samples x every option): {playouts / cpu:,.0f} play-outs per"
              f" CPU-second, {cpu / len(flat) * 1000:.0f} ms CPU per decision")


if __name__ == "__main__":
    raise SystemExit(main())
