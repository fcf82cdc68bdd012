"""Where the Nightfall bots lose ground, decision kind by decision kind, measured by
whole-game play-outs (the study behind ``hard``'s ``playout_kinds``, docs/bots.md).

    .venv/bin/python benchmarks/nightfall_decisions.py [--games N] [--samples S] [--workers K] [--seed X]

Positions: ``--games`` 2-player games of the ``heuristic`` bot against itself (Coldest War
quick start), dealt from seeds ``X, X+1, ...``; every decision with two or more options is
kept with chance 1/10. Each position's options are valued by play-outs: ``--samples``
states sampled from the observation of the player to act (``determinize``, so the values
use only what that player knows), every option tried in each of them and the game played
to its end by the heuristic bot in every seat (the same seeds for every option). An
option's value Q is the player's mean return: its win chance if the heuristic plays on.

Per decision kind it prints:

* ``positions`` and the mean number of options;
* ``play-out gain``: what choosing the option with the best play-out value gains over
  the heuristic's choice, in win chance per decision, debiased by choosing on one half of
  the samples and scoring on the other; ``per game`` multiplies by the decisions of that
  kind one player meets in a game (an over-estimate of what a bot would gain, since a
  bot's later decisions change too, but it ranks the kinds);
* ``tree search``: how often ``hard``'s tree search alone (without play-outs) leaves the
  heuristic's choice there, and what that does to Q (with its standard error).

The default 80 games with 32 samples take about 12 minutes on two workers; ``--games 8``
gives a quick look.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

from gloam.bots.ismcts import ISMCTS, level_config, play_out
from gloam.bots.nightfall_heuristic import HeuristicBot, _View
from gloam.core.rng import Rng, derive_seed
from gloam.games import get_game

SETUP = {"players": 2}
KEEP = 0.1  # the share of decisions with a choice kept as positions


def positions_of_game(args: tuple[int, int]) -> list[dict[str, Any]]:
    """The kept positions of one heuristic game with every option's play-out returns."""
    deal, samples = args
    game = get_game("nightfall", SETUP)
    pick = random.Random(deal)
    bots = [HeuristicBot(derive_seed(deal, 1)), HeuristicBot(derive_seed(deal, 2))]
    state = game.new_initial_state(deal)
    kept = []
    while not state.is_terminal():
        player, legal = state.current_player(), state.legal_action_indices()
        if len(legal) > 1 and pick.random() < KEEP:
            kept.append(_valued(game, state, derive_seed(deal, len(kept)), samples))
        action = legal[0] if len(legal) == 1 else bots[player].choose(game, state.observation(player), legal)
        state.apply(action)
    return kept


def _valued(game: Any, state: Any, seed: int, samples: int) -> dict[str, Any]:
    player, legal = state.current_player(), state.legal_action_indices()
    obs = state.observation(player)
    view = _View(game, obs)
    scores = [HeuristicBot()._score(view, a) for a in legal]
    rng, policy, rows = Rng(seed), HeuristicBot(0), []
    for _ in range(samples):
        sample, policy_seed = game.determinize(obs, rng), rng.next_u64()
        row = []
        for action in legal:
            copy = sample.clone()
            copy.apply(action)
            policy.rng.seed(policy_seed)
            row.append(play_out(game, copy, policy)[player])
        rows.append(row)
    best = max(scores)
    tree = ISMCTS(replace(level_config("hard", game), playout_kinds=()))
    choice = tree.search(game, obs, legal, Rng(derive_seed(seed, 9))).best
    return {"kind": obs["kind"], "options": len(legal), "rows": rows,
            "heuristic": [k for k, s in enumerate(scores) if s == best], "tree": legal.index(choice)}


def _against_heuristic(rows: list[list[float]], k: int, ties: list[int]) -> list[float]:
    return [row[k] - sum(row[t] for t in ties) / len(ties) for row in rows]


def split_gain(position: dict[str, Any]) -> float:
    """The play-out-best option's gain over the heuristic's choice: chosen on one half of
    the samples, scored on the other (both ways round, averaged)."""
    rows, ties = position["rows"], position["heuristic"]
    gains = []
    for choose, score in ((rows[0::2], rows[1::2]), (rows[1::2], rows[0::2])):
        means = [sum(r[k] for r in choose) for k in range(position["options"])]
        best = max(range(len(means)), key=lambda k: means[k])
        gains.append(statistics.mean(_against_heuristic(score, best, ties)))
    return sum(gains) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80, help="heuristic games to take positions from (80)")
    parser.add_argument("--samples", type=int, default=32, help="sampled states per position (32, even)")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    parser.add_argument("--seed", type=int, default=1002, help="seed of the first deal (1002)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.samples < 2 or args.samples % 2 or args.workers < 1:
        parser.error("--games and --workers must be >= 1 and --samples an even number >= 2")
    started = time.perf_counter()
    jobs = [(args.seed + g, args.samples) for g in range(args.games)]
    with Pool(args.workers) as pool:
        found = [p for game in pool.imap(positions_of_game, jobs) for p in game]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for position in found:
        by_kind[position["kind"]].append(position)
    per_game = len(found) / KEEP / (2 * args.games)  # decisions with a choice per player per game
    print(f"Nightfall decisions: {len(found)} positions from {args.games} heuristic games, {args.samples} "
          f"play-out samples per option ({time.perf_counter() - started:.0f} s on {args.workers} worker{'s' * (args.workers != 1)})")
    print(f"{'kind':<15} {'positions':>9} {'options':>7} {'play-out gain':>13} {'per game':>8}"
          f" {'tree search: leaves heuristic':>30} {'Q effect':>9} {'± se':>6}")
    for kind, group in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        gain = statistics.mean(split_gain(p) for p in group)
        share = len(group) / len(found) * per_game
        moved = [p for p in group if p["tree"] not in p["heuristic"]]
        effect = variance = 0.0
        for p in moved:
            d = _against_heuristic(p["rows"], p["tree"], p["heuristic"])
            effect += statistics.mean(d)
            variance += statistics.pvariance(d) / len(d)
        options = statistics.mean(p["options"] for p in group)
        print(f"{kind:<15} {len(group):>9} {options:>7.1f} {gain:>+13.4f} {gain * share:>+8.3f}"
              f" {len(moved):>21} of {len(group):<5} {effect / len(group):>+9.4f} {math.sqrt(variance) / len(group):>6.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
