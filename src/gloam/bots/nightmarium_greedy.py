"""A one-ply greedy Nightmarium bot: score every legal option by features of the
position it leads to, computed from the bot's own observation only, and take the best.

The scores are in "points" of a simple position value (:class:`Weights`): a Creature
is worth ``legs`` / ``pair`` / ``complete`` by its height, a card in hand is worth what
it can still become (:meth:`GreedyBot._keep`), and completing a Creature adds the
estimated effect of its same-Legion penalty (rule 203) and of the abilities that will
actually resolve, head, then body, then legs, stopping at the first without a valid
target (rules 200-201, reading 31). On a turn's first action the bot also looks one
action ahead within the turn, because a first play fixes the Legion of a second play
(rule 199). No search and no hidden information: it never sees a state.

A blockade: late in a long game every card can end up in the hands and Creatures, each
player holding cards only others can use. Action A is then not offered (nothing to
draw); the bot discards the cards it can never place (action B), which rule 190 turns
into the new deck at once. While the discard pile is empty and the deck holds only the
few cards just shuffled in (``Weights.stale_deck``), those are most likely cards a
player could not use, often the bot's own. No useful card is coming, so a card is dead
unless it fits now or after other cards of the bot's own hand (a head with no pair and
no body in hand is dead: :meth:`GreedyBot._blocked`); the bot dumps its dead cards
instead of drawing them back, so the cards reach the players who need them and the
game goes on to a winner.

>>> from gloam.games import get_game
>>> from gloam.match import play_match
>>> game = get_game("nightmarium", {"players": 2})
>>> result = play_match(game, [GreedyBot(1), GreedyBot(2)], seed=7)
>>> result.state.is_terminal()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gloam.bots.base import Bot
from gloam.nightmarium.actions import NEW, Discard, DiscardCard, Draw, Play, StopDiscarding, Target
from gloam.nightmarium.cards import (
    BODY,
    DEVOURER,
    EXECUTIONER,
    HEAD,
    LEGS,
    MOCKINGBIRD,
    MOURNER,
    NO_ABILITY,
    SCAVENGER,
    SONGBIRD,
)

WIN = 1e9  # completing the winning Creature (rule 192) beats everything
_EPS = 1e-9


@dataclass(frozen=True)
class Weights:
    """The greedy bot's scoring constants (points of position value)."""

    legs: float = 200.0  # a Creature that is legs only
    pair: float = 450.0  # legs and body
    same_pair: float = 40.0  # ... of one Legion (on the way to a rule-203 penalty)
    complete: float = 1000.0  # a complete Creature
    draw: float = 240.0  # action A: one unknown card
    draw_first: float = 5.0  # drawing before a play keeps the second play unrestricted (rule 199)
    complete_now: float = 20.0  # completing first: its abilities resolve before the second action
    follow_body: float = 40.0  # new legs with a body for them in hand
    follow_head: float = 80.0  # a body with a head for the pair in hand
    follow_same: float = 20.0  # ... of the same Legion
    flex: float = 10.0  # per other part a played card could have become
    crowd: float = 60.0  # new legs while other legs already wait for a body
    penalty: float = 240.0  # one opponent discarding (rule 203)
    songbird: float = 350.0  # two revealed cards, played if they fit (rule 204)
    mourner: float = 480.0  # two cards drawn (rule 205)
    mock_factor: float = 0.8  # share of the best hand play a Mockingbird is worth (rule 206)
    card: float = 240.0  # a card taken into hand by Executioner (rule 207)
    leader: float = 1.0  # weight of harm done to the leading opponent
    other: float = 0.5  # ... to any other opponent (more than two players)
    b_min: int = 4  # action B only when at least this many cards are worth discarding
    weak: float = 60.0  # a card this weak may be discarded to make an even count (rule 195)
    stale_deck: int = 2  # a deck this small with no discard pile holds just-discarded cards
    dump: float = 1.0  # discarding dead cards in a blockade (beats drawing stale cards back)


# Small preferences for the ability a card brings (in hand, or placed on a Creature).
_ABILITY_BONUS = {NO_ABILITY: 0.0, SONGBIRD: 15.0, MOURNER: 15.0, MOCKINGBIRD: 10.0,
                  EXECUTIONER: 15.0, SCAVENGER: 10.0, DEVOURER: -15.0}
_POPCOUNT = (0, 1, 1, 2, 1, 2, 2, 3)


class _View:
    """Per-decision facts read from the observation (never from a state)."""

    __slots__ = ("me", "mine", "hand", "creatures", "hand_sizes", "can_draw", "stale", "done",
                 "weights", "n")

    def __init__(self, obs: dict[str, Any], n: int, leader_w: float, other_w: float,
                 stale_deck: int) -> None:
        self.me = me = obs["viewer"]
        self.creatures = creatures = obs["creatures"]
        self.mine = creatures[me]
        self.hand = obs["hand"]
        self.hand_sizes = obs["hand_sizes"]
        self.can_draw = obs["deck_size"] > 0 or len(obs["discard"]) > 0
        # a blockade (module docstring): the discard pile holds at most this action's
        # discards, and the deck at most the few cards last shuffled in
        self.stale = len(obs["discard"]) <= obs["discarded"] and obs["deck_size"] <= stale_deck
        self.done = sum(1 for c in self.mine if len(c) == 3)
        self.n = n
        self.weights = _harm_weights(creatures, me, n, leader_w, other_w)


def _harm_weights(creatures, me: int, n: int, leader_w: float, other_w: float) -> list[float]:
    """How much harming each opponent is worth: all of it against the only opponent,
    most of it against the leader(s) when there are several."""
    if n == 2:
        return [0.0 if p == me else leader_w for p in range(2)]
    threat = [0.0] * n
    for p in range(n):
        if p != me:
            threat[p] = sum((3.0, 0.4, 1.0, 3.0)[len(c)] for c in creatures[p])
    top = max(threat[p] for p in range(n) if p != me)
    return [0.0 if p == me else (leader_w if threat[p] >= top else other_w) for p in range(n)]


class GreedyBot(Bot):
    """Greedy one-ply Nightmarium player (see the module docstring)."""

    name = "greedy"
    needs_observation = True

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.w = weights or Weights()
        self._game: Any = None  # the game whose card tables are cached below
        self.L: list[int] = []  # Legion of each card
        self.P: list[int] = []  # part bits of each card
        self.A: list[int] = []  # ability of each card
        self.cap = self.n = 0
        self.table: tuple[Any, ...] = ()  # the game's action table: index -> typed action

    # ------------------------------------------------------------------ entry point
    def choose(self, game: Any, observation: dict[str, Any] | None, legal: list[int]) -> int:
        """Score each legal option for the pending decision kind and return the best
        (ties broken with ``self.rng``)."""
        if len(legal) == 1:
            return legal[0]
        if observation is None:
            raise ValueError("the greedy bot needs its observation")
        if game is not self._game:
            self._bind(game)
        view = _View(observation, self.n, self.w.leader, self.w.other, self.w.stale_deck)
        mode = observation["mode"]
        table = self.table
        options = [table[a] for a in legal]
        if mode == "turn":
            scores = self._score_turn(view, observation, options)
        elif mode == "discard":
            scores = self._score_discarding(view, observation, options)
        elif mode == "penalty":
            scores = [-self._keep(view, a.card) for a in options]
        elif mode == "songbird":
            scores = self._score_songbird(view, observation, options)
        elif mode == "mockingbird":
            scores = [self._play_delta(view, a.card, a.slot, view.hand) for a in options]
        elif mode == "executioner":
            scores = [self._execute_value(view, a) for a in options]
        elif mode == "scavenger":
            scores = [self._scavenge_value(view, a) for a in options]
        elif mode == "devourer":
            scores = [self._devour_value(view, observation, a) for a in options]
        else:
            raise ValueError(f"no decision to take in mode {mode!r}")
        return self._best(legal, scores)

    def _bind(self, game: Any) -> None:
        """Cache the game's public card tables."""
        self._game = game
        self.L = game.legion
        self.P = game.parts
        self.A = game.ability
        self.cap = game.creatures
        self.n = game.num_players
        self.table = game.action_space.actions

    def _best(self, legal: list[int], scores: list[float]) -> int:
        """The best-scoring legal index (ties broken with ``self.rng``)."""
        top = max(scores)
        best = [a for a, s in zip(legal, scores) if s >= top - _EPS]
        return best[0] if len(best) == 1 else best[int(self.rng.random() * len(best))]

    # ------------------------------------------------------------------ values
    def _cv(self, creature: list[int]) -> float:
        """The value of a Creature (mine or an opponent's) by its height."""
        h = len(creature)
        w = self.w
        if h == 3:
            return w.complete
        if h == 2:
            L = self.L
            return w.pair + (w.same_pair if L[creature[0]] == L[creature[1]] else 0.0)
        return w.legs if h == 1 else 0.0

    def _keep(self, view: _View, card: int) -> float:
        """What a card in my hand is worth keeping: what it can become now or later
        (0 for a card that can never be placed again, e.g. legs at the cap, rule 198)."""
        bits = self.P[card]
        mine = view.mine
        can_new = len(mine) < self.cap
        ones = twos = False
        legion = self.L[card]
        same_one = same_two = False
        L = self.L
        for c in mine:
            h = len(c)
            if h == 1:
                ones = True
                same_one = same_one or L[c[0]] == legion
            elif h == 2:
                twos = True
                same_two = same_two or (L[c[0]] == legion and L[c[1]] == legion)
        best = 0.0
        if bits & HEAD:
            best = 150.0 + 20.0 * same_two if twos else (70.0 if ones or can_new else 0.0)
        if bits & BODY:
            best = max(best, 100.0 + 20.0 * same_one if ones else (50.0 if can_new else 0.0))
        if bits & LEGS and can_new:
            best = max(best, 60.0)
        if best == 0.0:
            return 0.0
        return best + _ABILITY_BONUS[self.A[card]]

    def _blocked(self, view: _View, card: int) -> bool:
        """In a blockade (module docstring): ``card`` fits none of my open places, now or
        after other cards of my hand are played (rules 197-198)."""
        bits = self.P[card]
        mine = view.mine
        can_new = len(mine) < self.cap
        ones = any(len(c) == 1 for c in mine)
        twos = any(len(c) == 2 for c in mine)
        others = [self.P[c] for c in view.hand if c != card]
        legs = [i for i, b in enumerate(others) if b & LEGS] if can_new else []
        bodies = [i for i, b in enumerate(others) if b & BODY]
        if bits & LEGS and can_new:
            return False
        if bits & BODY and (ones or legs):
            return False
        if bits & HEAD and (twos or (ones and bodies) or any(i != j for i in legs for j in bodies)):
            return False
        return True

    # ------------------------------------------------------------------ plays
    def _play_delta(self, view: _View, card: int, slot: int, hand: list[int]) -> float:
        """The gain of putting ``card`` on Creature ``slot`` (or new legs), with ``hand``
        the cards still held besides it."""
        w = self.w
        mine = view.mine
        L, P = self.L, self.P
        legion = L[card]
        flex = w.flex * (_POPCOUNT[P[card]] - 1)
        bonus = 0.5 * _ABILITY_BONUS[self.A[card]]
        if slot == NEW:
            waiting = sum(1 for c in mine if len(c) == 1)
            follow = 0.0
            for c in hand:
                if c != card and P[c] & BODY:
                    follow = max(follow, w.follow_body + (w.follow_same if L[c] == legion else 0.0))
            bodies = sum(1 for c in hand if c != card and P[c] & BODY)
            crowd = w.crowd * max(0, waiting - bodies + 1) if waiting else 0.0
            return w.legs + follow - crowd - flex + bonus
        creature = mine[slot]
        if len(creature) == 1:
            same = L[creature[0]] == legion
            gain = w.pair - w.legs + (w.same_pair if same else 0.0)
            follow = 0.0
            for c in hand:
                if c != card and P[c] & HEAD:
                    triple = same and L[c] == legion
                    follow = max(follow, w.follow_head + (w.follow_same if triple else 0.0))
            return gain + follow - flex + bonus
        return self._completion(view, mine, slot, card, hand) - flex

    def _completion(self, view: _View, mine: list[list[int]], slot: int, card: int,
                    hand: list[int]) -> float:
        """The gain of completing Creature ``slot`` of ``mine`` with head ``card``: the
        Creature, the same-Legion penalty (rule 203) and the abilities that will resolve
        (rules 200-201)."""
        if view.done + 1 >= self.cap:
            return WIN
        w = self.w
        L, A = self.L, self.A
        legs, body = mine[slot]
        value = w.complete - self._cv(mine[slot])
        me = view.me
        if L[legs] == L[body] == L[card]:
            value += w.penalty * sum(view.weights[o] for o in range(view.n)
                                     if o != me and view.hand_sizes[o] > 0)
        chain = [a for a in (A[card], A[body], A[legs]) if a != NO_ABILITY]
        if chain:
            value += self._chain_value(view, mine, chain, slot, [legs, body, card],
                                       [c for c in hand if c != card])
        return value

    def _chain_value(self, view: _View, before: list[list[int]], chain: list[int], slot: int,
                     done: list[int], hand: list[int]) -> float:
        """Estimate the abilities of a just-completed Creature, stopping at the first
        without a valid target (rule 201, reading 31). Works on copies."""
        w = self.w
        mine = [list(c) for c in before]
        mine[slot] = done
        opp: dict[int, list[list[int]]] = {}
        value = 0.0
        for ability in chain:
            if ability == SONGBIRD or ability == MOURNER:
                if not view.can_draw:
                    break
                value += w.songbird if ability == SONGBIRD else w.mourner
            elif ability == MOCKINGBIRD:
                best = self._best_simple_play(hand, mine)
                if best is None:
                    break
                value += w.mock_factor * best
            elif ability == DEVOURER:
                loss = None
                pick = -1
                for i, c in enumerate(mine):
                    if i != slot and c:
                        here = self._cv(c) - self._cv(c[:-1])
                        if loss is None or here < loss:
                            loss, pick = here, i
                if loss is None:
                    break
                value -= loss
                mine[pick] = mine[pick][:-1]
            else:
                gain, who, idx = self._best_harm(view, opp, ability == SCAVENGER)
                if who < 0:
                    break
                value += gain
                piles = opp.setdefault(who, [list(c) for c in view.creatures[who]])
                piles[idx] = [] if ability == SCAVENGER else piles[idx][:-1]
        return value

    def _best_harm(self, view: _View, opp: dict[int, list[list[int]]],
                   scavenge: bool) -> tuple[float, int, int]:
        """The best Executioner (or Scavenger) target among opponents' Creatures."""
        best, who, idx = 0.0, -1, -1
        for o in range(view.n):
            if o == view.me:
                continue
            wo = view.weights[o]
            for i, c in enumerate(opp.get(o) or view.creatures[o]):
                if not c or (scavenge and len(c) == 3):
                    continue
                if scavenge:
                    gain = wo * self._cv(c)
                else:
                    gain = wo * (self._cv(c) - self._cv(c[:-1])) + self.w.card
                if who < 0 or gain > best:
                    best, who, idx = gain, o, i
        return best, who, idx

    def _best_simple_play(self, hand: list[int], mine: list[list[int]]) -> float | None:
        """The best immediate gain of one hand card on ``mine`` (no look-ahead), or
        ``None`` when no card can be placed (Mockingbird then stops, reading 31)."""
        w = self.w
        P, L = self.P, self.L
        exists = sum(1 for c in mine if c)
        best: float | None = None
        for card in hand:
            bits = P[card]
            if bits & LEGS and exists < self.cap:
                best = w.legs if best is None else max(best, w.legs)
            for c in mine:
                h = len(c)
                if h == 1 and bits & BODY:
                    g = w.pair - w.legs + (w.same_pair if L[c[0]] == L[card] else 0.0)
                elif h == 2 and bits & HEAD:
                    g = w.complete - self._cv(c)
                else:
                    continue
                best = g if best is None else max(best, g)
        return best

    # ------------------------------------------------------------------ turn actions
    def _score_turn(self, view: _View, obs: dict[str, Any], options: list[Any]) -> list[float]:
        """Draw (A), discard (B) or play (C); on the first action, plus the best second
        action that the choice leaves (rule 199: a second play matches the first's Legion)."""
        w = self.w
        hand = view.hand
        draw = w.draw if view.can_draw else 0.0
        dump = view.stale and any(self._blocked(view, c) for c in hand)
        if dump:  # a blockade: dump dead cards rather than draw stale ones back
            draw = 0.0
        plays: list[tuple[Play, int, int, float]] = []
        for a in options:
            if isinstance(a, Play):
                plays.append((a, a.card, a.slot, self._play_delta(view, a.card, a.slot, hand)))
        first = obs["actions_left"] == 2
        # the best play after a first Draw; a winning play is never put off
        best_play = max((p[3] for p in plays if p[3] < WIN), default=None)
        scores: dict[Play, float] = {}
        b_gain = self._b_plan(view, 0)[0] if len(hand) >= w.b_min else 0.0
        for a, card, slot, delta in plays:
            if delta >= WIN:
                scores[a] = delta
            elif first:
                now = w.complete_now if slot != NEW and len(view.mine[slot]) == 2 else 0.0
                scores[a] = delta + now + max(draw, self._follow_up(view, plays, card, slot))
            else:
                scores[a] = delta
        second = max(draw, best_play) if (first and best_play is not None) else draw
        out = []
        for a in options:
            match a:
                case Draw():
                    out.append(draw + ((second + w.draw_first) if first else 0.0))
                case Discard() if dump:
                    out.append(w.dump + (second if first else 0.0))
                case Discard():
                    out.append(b_gain + (second if first else 0.0) if b_gain > 0 else -1.0)
                case _:
                    out.append(scores[a])
        return out

    def _follow_up(self, view: _View, plays: list[tuple[Play, int, int, float]],
                   card: int, slot: int) -> float:
        """The best same-Legion second play after playing ``card`` on ``slot`` first."""
        L, P = self.L, self.P
        legion = L[card]
        best = 0.0
        mine = view.mine
        rest = [c for c in view.hand if c != card]
        new_ok = len(mine) + (1 if slot == NEW else 0) < self.cap
        for _, c2, s2, d2 in plays:
            if c2 == card or L[c2] != legion or (s2 == slot and slot != NEW):
                continue
            if s2 == NEW and not new_ok:
                continue
            if d2 > best:
                best = d2
        # the same Creature grown again: a body on the new legs, a head on the new pair
        if slot == NEW:
            for c2 in rest:
                if L[c2] == legion and P[c2] & BODY:
                    g = self.w.pair - self.w.legs + self.w.same_pair
                    best = max(best, g)
        elif len(mine[slot]) == 1:
            for c2 in rest:
                if L[c2] == legion and P[c2] & HEAD:
                    grown = list(mine)
                    grown[slot] = mine[slot] + [card]
                    g = self._completion(view, grown, slot, c2, [c for c in rest if c != c2])
                    best = max(best, g)
        return best

    def _b_plan(self, view: _View, discarded: int) -> tuple[float, list[int]]:
        """Action B (rule 195): the cards worth discarding (dead ones, then one weak card
        to make the count even) and the gain of discarding them and drawing half. In a
        blockade (module docstring): the dead cards only, whatever their number."""
        if view.stale:
            return 0.0, [c for c in view.hand if self._blocked(view, c)]
        if not view.can_draw:
            return 0.0, []
        keep = sorted((self._keep(view, c), c) for c in view.hand)
        plan = [c for k, c in keep if k <= 0.0]
        if (discarded + len(plan)) % 2 == 1 and len(plan) < len(keep):
            k, c = keep[len(plan)]
            if k <= self.w.weak:
                plan.append(c)
        total = discarded + len(plan)
        if total < self.w.b_min:
            return 0.0, plan
        lost = sum(self._keep(view, c) for c in plan)
        return (total // 2) * self.w.draw - lost, plan

    def _score_discarding(self, view: _View, obs: dict[str, Any], options: list[Any]) -> list[float]:
        """During action B: discard the planned cards, then stop."""
        _, plan = self._b_plan(view, obs["discarded"])
        first = plan[0] if plan else -1
        out = []
        for a in options:
            match a:
                case StopDiscarding():
                    out.append(0.0)
                case DiscardCard(card=card):
                    out.append(1.0 if card == first else -1.0 - self._keep(view, card))
        return out

    # ------------------------------------------------------------------ abilities
    def _score_songbird(self, view: _View, obs: dict[str, Any], options: list[Play]) -> list[float]:
        """Songbird (rule 204): play revealed cards; play the one that does not complete
        a Creature first, since completing discards the other (reading 28)."""
        revealed = obs["revealed"]
        out = []
        for a in options:
            card, slot = a.card, a.slot
            delta = self._play_delta(view, card, slot, view.hand)
            others = [c for c in revealed if c != card]
            completes = slot != NEW and len(view.mine[slot]) == 2
            if others and not completes and delta < WIN:
                mine = [list(c) for c in view.mine]
                if slot == NEW:
                    mine.append([card])
                else:
                    mine[slot].append(card)
                more = self._best_simple_play(others, mine)
                delta += max(0.0, more or 0.0)
            out.append(delta)
        return out

    def _execute_value(self, view: _View, a: Target) -> float:
        """Executioner (rule 207): harm to the opponent plus the card gained."""
        who, idx = a.player, a.creature
        creature = view.creatures[who][idx]
        harm = view.weights[who] * (self._cv(creature) - self._cv(creature[:-1]))
        return harm + self._keep(view, creature[-1])

    def _scavenge_value(self, view: _View, a: Target) -> float:
        """Scavenger (rule 208): the value of the incomplete Creature discarded."""
        return view.weights[a.player] * self._cv(view.creatures[a.player][a.creature])

    def _devour_value(self, view: _View, obs: dict[str, Any], a: Target) -> float:
        """Devourer (rule 209): lose as little as possible. Removing a complete
        Creature's head costs little when a Mockingbird still to resolve can put a head
        from hand straight back (rule 210: re-completing resolves it again)."""
        creature = view.mine[a.creature]
        loss = self._cv(creature) - self._cv(creature[:-1])
        if len(creature) == 3 and MOCKINGBIRD in obs["abilities"]:
            if any(self.P[c] & HEAD for c in view.hand):
                loss = 0.0
        return -loss
