"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley &
Whitehouse 2012) over the game protocol only.

The bot gets what every bot gets: the game, its own observation and the legal option
indices. Each search iteration samples a full state that agrees with the observation
(``game.determinize(observation, rng)``: the cards the bot has not seen are re-dealt at
random), walks one tree shared by all samples, and backs up an estimate of every
player's return. It never reads the real state.

The tree's nodes are information sets keyed by the action history from the decision
being searched (every action index is public in the games gloam has: a play, a discard
or a target names its card openly, a draw does not name the card drawn). An edge's
statistics are kept for the player who took it, so each player maximises their own
return (multi-player). Because an action may exist in some samples and not in others
(a card the opponent might hold, a card that might be drawn), selection uses UCB1 with
*availability counts*: the exploration term of an edge counts only the visits of its
parent in which the edge was legal.

A new leaf is valued by the game's leaf evaluator (:func:`evaluator_for`). For
Nightmarium: four decisions played by the greedy bot in every seat (each from its own
observation of the sample), then a heuristic of complete Creatures, Creatures in
progress, useful hand cards and tempo (:class:`NightmariumValue`) turned into win
chances. For Nightfall: four decisions of the heuristic bot, then
:class:`gloam.bots.nightfall_eval.NightfallValue` (wounds, minions, claimed cards). For a
game without its own evaluator: uniformly random decisions to the end.

Budgets are per decision: ``iterations`` (deterministic: the same seed and the same
observation give the same choice) and an optional ``time_limit`` in seconds (the search
stops at whichever comes first; a time limit makes the choice depend on the machine).
The levels ``easy``, ``normal`` and ``hard`` (:data:`LEVELS`) are iteration budgets; a game
may have levels of its own (:data:`GAME_LEVELS`: Nightfall's are smaller and guided by the
heuristic bot through ``hint_bias``; Nightfall's ``hard`` plays whole games out at the
decisions listed in :data:`NIGHTFALL_PLAYOUT_KINDS`, see :meth:`ISMCTS.flat_search`); see
``docs/bots.md`` for their measured strength.

>>> from gloam.games import get_game
>>> game = get_game("nightmarium", {"players": 2})
>>> state = game.new_initial_state(seed=3)
>>> bot = ISMCTSBot(seed=1, config=SearchConfig(iterations=50))
>>> legal = state.legal_action_indices()
>>> bot.choose(game, state.observation(0), legal) in legal
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gloam.bots.base import Bot
from gloam.core.rng import Rng

#: a leaf's estimated return per player, in [0, 1]
Values = list[float]


# ---------------------------------------------------------------------- configuration
#: the progressive bias of Nightfall's levels towards the heuristic bot's choice
NIGHTFALL_HINT_BIAS = 0.5

@dataclass(frozen=True)
class SearchConfig:
    """How hard to search.

    ``iterations``: samples (determinizations) per decision. ``time_limit``: optional
    seconds per decision; the search stops at whichever budget runs out first.
    ``exploration``: UCB1's constant c in ``mean + c * sqrt(ln(available) / visits)``
    (returns are in [0, 1]). ``samples_per_determinization``: iterations that share
    one sampled state (each on its own copy); more is faster per iteration but sees
    fewer different deals. ``hint_bias``: when positive, every node asks the game's
    policy bot (:func:`policy_for`) which option it would take, from the observation of
    the player to act in the sample that first reaches the node with a choice; that
    option is expanded first and gets ``hint_bias / (visits + 1)`` added to its UCB1
    score (progressive bias, Chaslot et al. 2008). 0 (the default) asks nothing.

    ``playout_kinds``: decision kinds (the observation's ``kind``) searched instead by
    flat Monte Carlo with whole-game play-outs (Tesauro & Galperin 1996): in each of
    ``playout_samples`` sampled states every legal option is tried and the game played
    to its end by the policy bot in every seat; the option with the best mean return is
    taken. It is for decisions whose effect a short look-ahead cannot see (a Nightfall
    chain resolves only once every player has had the chance to link to it). Empty (the
    default): tree search only.
    """

    iterations: int = 1000
    time_limit: float | None = None
    exploration: float = 0.7
    samples_per_determinization: int = 1
    hint_bias: float = 0.0
    playout_kinds: tuple[str, ...] = ()
    playout_samples: int = 16

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 1:
            raise ValueError(f"iterations must be an integer >= 1, not {self.iterations!r}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise ValueError(f"time_limit must be positive seconds or None, not {self.time_limit!r}")
        spd = self.samples_per_determinization
        if isinstance(spd, bool) or not isinstance(spd, int) or spd < 1:
            raise ValueError("samples_per_determinization must be an integer >= 1")
        if not isinstance(self.hint_bias, (int, float)) or isinstance(self.hint_bias, bool) \
                or not 0 <= self.hint_bias < math.inf:
            raise ValueError(f"hint_bias must be a number >= 0, not {self.hint_bias!r}")
        if not isinstance(self.playout_kinds, tuple) or not all(isinstance(k, str) for k in self.playout_kinds):
            raise ValueError(f"playout_kinds must be a tuple of decision kinds, not {self.playout_kinds!r}")
        n = self.playout_samples
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"playout_samples must be an integer >= 1, not {n!r}")


#: the named levels: iteration budgets (see docs/bots.md for their measured strength)
LEVELS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=100),
    "normal": SearchConfig(iterations=500),
    "hard": SearchConfig(iterations=2000),
}

#: Nightfall decisions that ``hard`` searches by whole-game play-outs: starting and
#: linking a chain (what a chain does shows only once it resolves), feeding, and the
#: combat-text windows. ``benchmarks/nightfall_decisions.py`` found them by play-out
#: values on 1,549 positions: the heuristic loses most at links, chain starts and feeding,
#: and the tree search's own choices at combat-text windows lost value (docs/bots.md).
NIGHTFALL_PLAYOUT_KINDS = ("chain_start", "link", "feed", "combat_window")

#: levels of their own for a game (by game name); other games use :data:`LEVELS`.
#: Nightfall: a 2-player game asks each player ~80 decisions with a choice, so its
#: budgets are smaller, and its search is guided by the heuristic bot (``hint_bias``).
GAME_LEVELS: dict[str, dict[str, SearchConfig]] = {
    "nightfall": {
        "easy": SearchConfig(iterations=25, hint_bias=NIGHTFALL_HINT_BIAS),
        "normal": SearchConfig(iterations=100, hint_bias=NIGHTFALL_HINT_BIAS),
        "hard": SearchConfig(iterations=200, hint_bias=NIGHTFALL_HINT_BIAS,
                             playout_kinds=NIGHTFALL_PLAYOUT_KINDS, playout_samples=16),
    },
}


def level_config(level: str, game: Any) -> SearchConfig:
    """The search configuration of ``level`` for ``game``."""
    return GAME_LEVELS.get(getattr(game, "name", ""), LEVELS).get(level) or LEVELS[level]


# ---------------------------------------------------------------------- leaf evaluators
class Evaluator(Protocol):
    """Estimates every player's return from a (sampled) non-terminal state of
    ``game``. It may play on ``state``: the search gives it a copy of its own."""

    def __call__(self, game: Any, state: Any, rng: Rng) -> Values: ...


class RolloutEvaluator:
    """The game-agnostic evaluator: uniformly random decisions to the end (at most
    ``max_decisions``; a game cut short is valued as a draw, 1/n each)."""

    def __init__(self, max_decisions: int = 5000) -> None:
        self.max_decisions = max_decisions

    def __call__(self, game: Any, state: Any, rng: Rng) -> Values:
        for _ in range(self.max_decisions):
            if state.is_terminal():
                return list(state.returns())
            legal = state.legal_action_indices()
            state.apply(legal[rng.below(len(legal))])
        n = state.num_players
        return [1.0 / n] * n


class PolicyRolloutEvaluator:
    """Plays ``depth`` decisions with a policy bot in every seat (each deciding from
    its own observation of the sampled state, as in a real game), then values the
    position with ``value`` (or takes the returns if the game ended).

    ``policy`` is a bot; its ``rng`` is re-seeded from the search's generator at every
    call, so the search stays deterministic for a seed."""

    def __init__(self, policy: Bot, value: Callable[[Any, Any], Values], depth: int = 4) -> None:
        self.policy = policy
        self.value = value
        self.depth = depth

    def __call__(self, game: Any, state: Any, rng: Rng) -> Values:
        self.policy.rng.seed(rng.next_u64())
        play_policy(game, state, self.policy, self.depth)
        if state.is_terminal():
            return list(state.returns())
        return self.value(game, state)


def play_policy(game: Any, state: Any, policy: Bot, decisions: int) -> None:
    """Play up to ``decisions`` decisions of ``state`` (a decision with one option counts
    too) with ``policy`` in every seat, each deciding from its own observation of the
    state; stop early if the game ends."""
    for _ in range(decisions):
        if state.is_terminal():
            return
        legal = state.legal_action_indices()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        player = state.current_player()
        observation = state.observation(player) if policy.needs_observation else None
        state.apply(policy.choose(game, observation, legal))


def play_out(game: Any, state: Any, policy: Bot, max_decisions: int = 5000) -> Values:
    """Play ``state`` to its end with ``policy`` in every seat (:func:`play_policy`) and
    return the returns; a game not over after ``max_decisions`` counts as a draw (1/n
    each)."""
    play_policy(game, state, policy, max_decisions)
    if state.is_terminal():
        return list(state.returns())
    n = state.num_players
    return [1.0 / n] * n


class NightmariumValue:
    """A Nightmarium position value, from each player's own observation of the state.

    A player's score counts their Creatures by height (``legs``, ``pair``, ``complete``;
    a Creature that wins ends the game, so it is never scored here) and the hand cards
    that fit one of their open places now (``fit`` each, at most ``hand_cap`` of them;
    rules 197-198); the player to act gets ``tempo`` per action left (rule 193). The
    scores become win chances with a softmax at ``temperature`` (for two players: a
    logistic curve of the score difference).
    """

    def __init__(self, legs: float = 1.0, pair: float = 2.4, complete: float = 4.5,
                 fit: float = 0.45, hand_cap: int = 4, tempo: float = 0.4,
                 temperature: float = 1.6) -> None:
        self.heights = (0.0, legs, pair, complete)
        self.fit = fit
        self.hand_cap = hand_cap
        self.tempo = tempo
        self.temperature = temperature

    def __call__(self, game: Any, state: Any) -> Values:
        parts = game.parts
        scores = [self.score(parts, state.observation(p), p) for p in range(state.num_players)]
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]

    def score(self, parts: Sequence[int], obs: dict[str, Any], p: int) -> float:
        """Player ``p``'s score from their observation ``obs`` (``parts``: the part bits
        of every card)."""
        heights = self.heights
        mine = obs["creatures"][p]
        score = 0.0
        ones = twos = 0
        for creature in mine:
            h = len(creature)
            score += heights[h]
            if h == 1:
                ones += 1
            elif h == 2:
                twos += 1
        need = (1 if len(mine) < obs["setup"]["creatures"] else 0) | (2 if ones else 0) | (4 if twos else 0)
        fits = sum(1 for card in obs["hand"] if parts[card] & need)
        score += self.fit * min(fits, self.hand_cap)
        if obs["to_act"] == p and obs["active"] == p:
            score += self.tempo * obs["actions_left"]
        return score


#: decisions the heuristic bot plays in every seat before a Nightfall leaf is valued
NIGHTFALL_DEPTH = 4


@dataclass(frozen=True)
class SearchKit:
    """A game's search kit: its fast ``policy`` bot (the hints of a search with a
    ``hint_bias``) and its leaf ``evaluator``, each made afresh when asked for."""

    policy: Callable[[], Bot]
    evaluator: Callable[[], Evaluator]


def _nightmarium_kit() -> SearchKit:
    from gloam.bots.nightmarium_greedy import GreedyBot

    return SearchKit(policy=lambda: GreedyBot(0),
                     evaluator=lambda: PolicyRolloutEvaluator(GreedyBot(0), NightmariumValue(), depth=4))


def _nightfall_kit() -> SearchKit:
    from gloam.bots.nightfall_eval import NightfallValue
    from gloam.bots.nightfall_heuristic import HeuristicBot

    return SearchKit(policy=lambda: HeuristicBot(0),
                     evaluator=lambda: PolicyRolloutEvaluator(HeuristicBot(0), NightfallValue(),
                                                              depth=NIGHTFALL_DEPTH))


#: each game's search kit by the game's name (the rules never know bots: the bots
#: package fills this itself); a game without one is searched with random rollouts
SEARCH_KITS: dict[str, Callable[[], SearchKit]] = {"nightmarium": _nightmarium_kit, "nightfall": _nightfall_kit}


def _kit(game: Any) -> SearchKit | None:
    made = SEARCH_KITS.get(getattr(game, "name", None))  # type: ignore[arg-type]
    return made() if made else None


def evaluator_for(game: Any) -> Evaluator:
    """The leaf evaluator for ``game`` (its :data:`SEARCH_KITS` entry). Nightmarium: 4
    decisions of the greedy bot for every seat, then :class:`NightmariumValue`;
    Nightfall: 4 decisions of the heuristic bot, then
    :class:`~gloam.bots.nightfall_eval.NightfallValue`; any other game: random
    rollouts to the end (:class:`RolloutEvaluator`)."""
    kit = _kit(game)
    return kit.evaluator() if kit else RolloutEvaluator()


def policy_for(game: Any) -> Bot:
    """The fast policy bot of ``game`` whose choices guide a search with a
    ``hint_bias``: Nightfall's heuristic bot, Nightmarium's greedy bot, else random."""
    kit = _kit(game)
    if kit:
        return kit.policy()
    from gloam.bots.base import RandomBot

    return RandomBot(0)


# ---------------------------------------------------------------------- the tree
class Node:
    """An information set reached by an action history; its edges are its children.

    ``visits`` and ``total`` are the statistics of the edge into this node (for the
    player who took it); ``avail`` counts the parent's visits in which it was legal;
    ``won`` counts the visits in which the edge ended the game at once with its player
    the winner; ``hint`` is the option the policy bot takes at this node (searches with a
    ``hint_bias`` only)."""

    __slots__ = ("avail", "children", "hint", "total", "visits", "won")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.won = 0
        self.hint: int | None = None  # the policy's choice here (hint_bias > 0)


@dataclass(frozen=True)
class OptionStat:
    """One root option after a search: how often it was tried and its mean return
    (the searching player's estimated win chance when returns are win/lose)."""

    action: int
    visits: int
    value: float


@dataclass(frozen=True)
class SearchResult:
    """The root options, most visited first, and what the search cost."""

    options: tuple[OptionStat, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> int:
        return self.options[0].action


class ISMCTS:
    """The search itself, reusable by bots and by hint mode."""

    def __init__(self, config: SearchConfig, evaluator: Evaluator | None = None,
                 clock: Callable[[], float] = time.perf_counter, policy: Bot | None = None) -> None:
        self.config = config
        self.evaluator = evaluator
        self.policy = policy  # the hint policy (hint_bias > 0); default: policy_for(game)
        self.clock = clock
        self.root: Node | None = None  # the last search's tree (for inspection)

    def search(self, game: Any, observation: dict[str, Any], legal: Sequence[int], rng: Rng) -> SearchResult:
        """Search the decision whose observation (by the player to act) is given."""
        cfg = self.config
        if cfg.playout_kinds and observation.get("kind") in cfg.playout_kinds:
            return self.flat_search(game, observation, legal, rng)
        evaluator = self.evaluator or evaluator_for(game)
        self._hinter = (self.policy or policy_for(game)) if cfg.hint_bias > 0 else None
        started = self.clock()
        deadline = None if cfg.time_limit is None else started + cfg.time_limit
        root = self.root = Node()
        done = 0
        sample: Any = None
        while done < cfg.iterations:
            if done % cfg.samples_per_determinization == 0:
                sample = game.determinize(observation, rng)
                state = sample.clone() if cfg.samples_per_determinization > 1 else sample
            else:
                state = sample.clone()
            self._iterate(game, root, state, evaluator, rng)
            done += 1
            if deadline is not None and self.clock() >= deadline:
                break
        return SearchResult(self._ranked(root, legal), done, self.clock() - started)

    def flat_search(self, game: Any, observation: dict[str, Any], legal: Sequence[int], rng: Rng) -> SearchResult:
        """Flat Monte Carlo over the options (the ``playout_kinds`` decisions): in each
        sampled state every option is played out to the end by the policy bot, with the
        same sample and the same policy seed for every option (common random numbers), so
        the options differ only by the option. Each option's value is its mean return for
        the player to act; the best value comes first. ``iterations`` counts play-outs."""
        cfg = self.config
        policy = self.policy or policy_for(game)
        started = self.clock()
        deadline = None if cfg.time_limit is None else started + cfg.time_limit
        totals = [0.0] * len(legal)
        samples = 0
        while samples < cfg.playout_samples:
            sample = game.determinize(observation, rng)
            me = sample.current_player()
            seed = rng.next_u64()
            for k, action in enumerate(legal):
                state = sample.clone()
                state.apply(action)
                policy.rng.seed(seed)
                totals[k] += play_out(game, state, policy)[me]
            samples += 1
            if deadline is not None and self.clock() >= deadline:
                break
        order = {a: k for k, a in enumerate(legal)}
        stats = sorted((OptionStat(a, samples, totals[k] / samples) for k, a in enumerate(legal)),
                       key=lambda s: (-s.value, order[s.action]))
        self.root = None
        return SearchResult(tuple(stats), samples * len(legal), self.clock() - started)

    def _iterate(self, game: Any, root: Node, state: Any, evaluator: Evaluator, rng: Rng) -> None:
        """One iteration: select and expand down the tree on ``state``, value the leaf,
        back the values up."""
        c = self.config.exploration
        bias = self.config.hint_bias
        hinter = self._hinter
        node = root
        path: list[tuple[Node, int]] = []
        child: Node | None
        while not state.is_terminal():
            legal = state.legal_action_indices()
            player = state.current_player()
            children = node.children
            hint = node.hint
            if hinter is not None and hint is None and len(legal) > 1:
                hinter.rng.seed(rng.next_u64())
                hint = node.hint = hinter.choose(game, state.observation(player), list(legal))
            fresh = [a for a in legal if a not in children]
            if fresh:
                if hint is not None and hint in fresh:
                    action = hint
                else:
                    action = fresh[rng.below(len(fresh))] if len(fresh) > 1 else fresh[0]
                children[action] = Node()
                for a in legal:
                    edge = children.get(a)
                    if edge is not None:
                        edge.avail += 1
                child = children[action]
                state.apply(action)
                path.append((child, player))
                break
            child = None
            action = legal[0]
            best = -1.0
            for a in legal:
                edge = children[a]
                edge.avail += 1
                score = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
                if a == hint:
                    score += bias / (edge.visits + 1)
                if score > best:
                    best, action, child = score, a, edge
            assert child is not None  # as before: a None child would fail at node.children
            state.apply(action)
            path.append((child, player))
            node = child
        ended = state.is_terminal()
        values = self._value(game, state, evaluator, rng)
        for edge, player in path:
            edge.visits += 1
            edge.total += values[player]
        if ended and path:
            edge, player = path[-1]
            if values[player] >= max(values) and values[player] > min(values):
                edge.won += 1

    @staticmethod
    def _value(game: Any, state: Any, evaluator: Evaluator, rng: Rng) -> Values:
        if state.is_terminal():
            return list(state.returns())
        return evaluator(game, state, rng)

    @staticmethod
    def _ranked(root: Node, legal: Sequence[int]) -> tuple[OptionStat, ...]:
        """The root options, best first: an option that won the game at once in every
        sample that tried it (a sure win now is never put off for a later one), then by
        visits, then by mean value."""
        stats = []
        sure = set()
        for a in legal:
            edge = root.children.get(a)
            visits = edge.visits if edge else 0
            value = edge.total / visits if edge and visits else 0.0
            stats.append(OptionStat(a, visits, value))
            if edge and visits and edge.won == visits:
                sure.add(a)
        order = {a: k for k, a in enumerate(legal)}
        stats.sort(key=lambda s: (s.action not in sure, -s.visits, -s.value, order[s.action]))
        return tuple(stats)


# ---------------------------------------------------------------------- the bots
class ISMCTSBot(Bot):
    """An ISMCTS player. Each decision draws a fresh search seed from the bot's seeded
    generator, so a bot made with the same seed makes the same choices."""

    name = "ismcts"
    needs_observation = True
    level: str | None = None

    def __init__(self, seed: int = 0, config: SearchConfig | None = None,
                 evaluator: Evaluator | None = None) -> None:
        super().__init__(seed)
        self.fixed = config is not None  # else the level's configuration for each game
        self.config = config or LEVELS[self.level or "normal"]
        self.evaluator = evaluator
        self.search = ISMCTS(self.config, evaluator)
        self.last: SearchResult | None = None

    def choose(self, game: Any, observation: dict[str, Any] | None, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if observation is None:
            raise ValueError("the search bot needs its observation")
        self.last = self.analyse(game, observation, legal)
        return self.last.best

    def analyse(self, game: Any, observation: dict[str, Any], legal: Sequence[int]) -> SearchResult:
        """Search the decision and return every option's statistics (hint mode)."""
        if not self.fixed:
            config = level_config(self.level or "normal", game)
            if config != self.config:
                self.config = config
                self.search = ISMCTS(config, self.evaluator)
        rng = Rng(self.rng.getrandbits(64))
        return self.search.search(game, observation, legal, rng)


def _level_bot(level: str) -> type[ISMCTSBot]:
    cls = type(f"ISMCTS{level.capitalize()}Bot", (ISMCTSBot,),
               {"name": level, "level": level,
                "__doc__": f"ISMCTS at level {level!r}: {LEVELS[level].iterations} iterations per decision"
                           " (Nightfall: see GAME_LEVELS)."})
    cls.__module__ = __name__
    return cls


EasyBot = _level_bot("easy")
NormalBot = _level_bot("normal")
HardBot = _level_bot("hard")
LEVEL_BOTS: dict[str, type[ISMCTSBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


#: the level whose search gives the hints of ``gloam play --hints``
HINT_LEVEL = "normal"


def hint_search(game: Any, observation: dict[str, Any], legal: Sequence[int], seed: int) -> SearchResult:
    """Search a decision for a human player from their own observation (hint mode):
    every option with its visits and estimated win chance, most visited first."""
    return ISMCTS(level_config(HINT_LEVEL, game)).search(game, observation, legal, Rng(seed))
