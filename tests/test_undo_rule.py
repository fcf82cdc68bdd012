"""The undo rule (``gloam.server.undo``; web-design §5.8, BGA's undo rules).

Unit tests drive real games of both games with seeded random actions and look for
positions where each condition holds. The randomised test backs the rule itself: along
any span the rule lets a player undo, act by act, what every seat (the undoer and the
others) saw is unchanged when the cards hidden from that seat are re-dealt
(``Game.determinize`` from the seat's observation at the start of the span). A negative
control shows the same check does catch a span with a draw in it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

import pytest

from gloam.core.errors import GloamError
from gloam.core.rng import Rng
from gloam.games import get_game
from gloam.nightfall import actions as nf_actions
from gloam.nightfall.state import NightfallState
from gloam.server import undo
from gloam.server.undo import StepFacts, effective, step_facts, undo_refusal

SETUPS = [
    ("nightmarium", {"players": 2}),
    ("nightmarium", {"players": 3}),
    ("nightmarium", {"players": 4}),
    ("nightfall", {"players": 2}),
    ("nightfall", {"players": 3, "moons": True}),
    ("nightfall", {"players": 3, "sets": ["ML"]}),
    ("nightfall", {"players": 2, "archives": "draft", "secret_archives": True}),
    ("nightfall", {"players": 4, "sets": ["CW", "ML", "BC"]}),
    ("nightfall", {"players": 3, "sets": ["NF"], "archives": "ml-draft"}),
]


@dataclass
class Trace:
    """A seeded random game: the state before each act (and the last), the acts, facts."""

    game: Any
    states: list[Any] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    facts: list[StepFacts] = field(default_factory=list)


def play(name: str, setup: dict[str, Any], seed: int, limit: int = 300) -> Trace:
    game = get_game(name, setup)
    state = game.new_initial_state(seed)
    pick = random.Random(seed)
    trace = Trace(game, [state])
    while not state.is_terminal() and len(trace.actions) < limit:
        seat = state.current_player()
        action = pick.choice(state.legal_action_indices())
        nxt = state.clone()
        nxt.apply(action, player=seat)
        trace.facts.append(step_facts(state, nxt, len(trace.actions) + 1, seat, "human"))
        trace.actions.append(action)
        trace.seats.append(seat)
        trace.states.append(nxt)
        state = nxt
    return trace


def span_start(facts: list[StepFacts], seat: int) -> int:
    """How far back ``seat`` may undo one act at a time: the first act index it reaches."""
    j = len(facts)
    while undo_refusal(facts[:j], seat, seat, True) is None:
        j -= 1
    return j


def refusal_at(trace: Trace, t: int) -> str | None:
    """The rule's answer for the deciding seat after ``t`` acts."""
    return undo_refusal(trace.facts[:t], trace.states[t].current_player(), trace.states[t].current_player(), True)


# --------------------------------------------------------------------- the fold and facts
def _entry(seq, kind, seat=0, action=None, by="human", target_seq=None):
    return SimpleNamespace(seq=seq, kind=kind, seat=seat, action=action, by=by, target_seq=target_seq)


def test_effective_folds_undos_and_skips_seat_control_entries():
    log = [_entry(1, "act", action=3), _entry(2, "act", action=4), _entry(3, "act", action=5),
           _entry(4, "undo", target_seq=3), _entry(5, "undo", target_seq=2), _entry(6, "takeover", seat=1),
           _entry(7, "act", action=6), _entry(8, "timeout"), _entry(9, "reclaim", seat=1)]
    assert [(e.seq, e.action) for e in effective(log)] == [(1, 3), (7, 6)]
    assert effective([]) == []
    with pytest.raises(ValueError, match="undo entry 2 has no target_seq"):
        effective([_entry(1, "act", action=1), _entry(2, "undo")])


def test_an_undo_that_targets_a_later_act_than_the_last_removes_nothing():
    log = [_entry(1, "act", action=3), _entry(2, "undo", target_seq=5)]
    assert [e.seq for e in effective(log)] == [1]


def _fact(seat=0, by="human", rng=(1, 1), private=False, revealing=False, seq=1):
    return StepFacts(seq=seq, seat=seat, by=by, rng_before=rng[0], rng_after=rng[1], private=private,
                     revealing=revealing)


@pytest.mark.parametrize(("facts", "seat", "deciding", "enabled", "reason"), [
    ([_fact()], 0, 0, False, undo.OFF),
    ([_fact()], 0, None, True, undo.OVER),
    ([_fact()], 0, 1, True, undo.NOT_YOURS),
    ([], 0, 0, True, undo.NOTHING),
    ([_fact(seat=1)], 0, 0, True, undo.NOTHING),
    ([_fact(seat=0), _fact(seat=1)], 0, 0, True, undo.CROSSES),
    ([_fact(by="bot:normal")], 0, 0, True, undo.BOT),
    ([_fact(rng=(1, 2))], 0, 0, True, undo.RANDOM),
    ([_fact(private=True)], 0, 0, True, undo.PRIVATE),
    ([_fact(revealing=True)], 0, 0, True, undo.REVEALED),
    ([_fact(seat=1), _fact(seat=0)], 0, 0, True, None),
])
def test_each_refusal_and_the_allowed_case(facts, seat, deciding, enabled, reason):
    assert undo_refusal(facts, seat, deciding, enabled) == reason


def test_only_the_latest_act_is_judged_and_walking_back_stops_at_another_players_act():
    older_draw = _fact(private=True, seq=1)
    facts = [_fact(seat=1, seq=1), older_draw, _fact(seq=3), _fact(seq=4)]
    assert undo_refusal(facts, 0, 0, True) is None
    assert undo_refusal(facts[:3], 0, 0, True) is None
    assert undo_refusal(facts[:2], 0, 0, True) == undo.PRIVATE
    assert span_start([_fact(seat=1, seq=1), _fact(seq=2), _fact(seq=3)], 0) == 1


# --------------------------------------------------------------------- real positions
@pytest.fixture(scope="module")
def traces() -> dict[str, list[Trace]]:
    out: dict[str, list[Trace]] = {"nightfall": [], "nightmarium": []}
    for name, setup in SETUPS:
        for seed in range(2):
            out[name].append(play(name, setup, seed))
    return out


def _find(trace_list, test):
    for trace in trace_list:
        for t in range(1, len(trace.actions) + 1):
            if test(trace, t):
                return trace, t
    raise AssertionError("no such position in the seeded games")


@pytest.mark.parametrize("name", ["nightfall", "nightmarium"])
def test_real_positions_give_each_answer(traces, name):
    """A real draw is refused as private, a real shuffle as random, a real hand-off as
    crossing another player; a play that keeps the decision is allowed; a take-over bot's
    act and a table with undo off are refused."""
    found = Counter(refusal_at(trace, t) for trace in traces[name] for t in range(1, len(trace.actions) + 1))
    for reason in (None, undo.PRIVATE, undo.CROSSES, undo.RANDOM, undo.REVEALED):
        assert found[reason] > 0, (name, reason, found)

    trace, t = _find(traces[name], lambda tr, t: refusal_at(tr, t) is None)
    facts, seat = trace.facts[:t], trace.seats[t - 1]
    assert trace.states[t].current_player() == seat
    assert facts[-1].rng_before == facts[-1].rng_after and not facts[-1].private
    assert undo_refusal(facts, seat, seat, False) == undo.OFF
    assert undo_refusal(facts[:-1] + [replace(facts[-1], by="bot:normal")], seat, seat, True) == undo.BOT
    others = [q for q in range(trace.game.num_players) if q != seat]
    assert undo_refusal(facts, others[0], seat, True) == undo.NOT_YOURS

    trace, t = _find(traces[name], lambda tr, t: refusal_at(tr, t) == undo.PRIVATE)
    new = trace.states[t].events[trace.states[t - 1].event_count():]
    assert any("to" in e for e in new)

    trace, t = _find(traces[name], lambda tr, t: refusal_at(tr, t) == undo.RANDOM)
    assert trace.facts[t - 1].rng_before != trace.facts[t - 1].rng_after


def test_nightfall_playing_a_card_is_undoable_and_drawing_is_not(traces):
    """A Nightfall step that only plays a card from the hand vs one that draws."""
    def play_only(tr, t):
        return isinstance(tr.game.action_space[tr.actions[t - 1]], nf_actions.Play) and refusal_at(tr, t) is None

    def draws(tr, t):
        new = tr.states[t].events[tr.states[t - 1].event_count():]
        return tr.seats[t - 1] == tr.states[t].current_player() and any(e["type"] == "draw" for e in new)

    trace, t = _find(traces["nightfall"], play_only)
    assert trace.facts[t - 1].private is False
    trace, t = _find(traces["nightfall"], draws)
    assert refusal_at(trace, t) in (undo.PRIVATE, undo.RANDOM)


def test_reveals_marks_the_event_types_and_places():
    nf = get_game("nightfall", {"players": 2}).new_initial_state(1)
    assert nf.reveals({"type": "look"}) and nf.reveals({"type": "wounds", "cards": []})
    assert not nf.reveals({"type": "claim", "archive": 0}) and not nf.reveals({"type": "chain"})
    assert nf.reveals({"type": "moon", "choice": "next"}) and not nf.reveals({"type": "moon", "choice": "keep"})
    mixed = nf.clone()
    mixed.archives[0]["mixed"] = True
    assert mixed.reveals({"type": "claim", "archive": 0}) and mixed.reveals({"type": "archive_to_deck", "archive": 0})
    nm = get_game("nightmarium", {"players": 2}).new_initial_state(1)
    assert nm.reveals({"type": "reveal"}) and not nm.reveals({"type": "play"})
    assert type(nm).REVEALS and NightfallState.REVEALS


def test_a_claim_from_a_mixed_archive_reveals_the_card_under_it():
    """Bait and Switch's mixed archive (ML): a claim from it turns the next, unknown card
    face up. The event is a plain ``claim`` (no ``to``, no Rng step), so only
    ``NightfallState.reveals`` keeps it from being undone, and the re-deal check shows why."""
    for seed in (14, 17, 27, 34):  # seeded random 2-player ML games where Bait and Switch is played
        trace = play("nightfall", {"players": 2, "sets": ["ML"]}, seed, limit=3000)
        for t in range(1, len(trace.actions) + 1):
            new = trace.states[t].events[trace.states[t - 1].event_count():]
            claims = [e for e in new if e["type"] == "claim" and trace.states[t].archives[e["archive"]].get("mixed")]
            if claims and trace.states[t].current_player() == trace.seats[t - 1]:
                f = trace.facts[t - 1]
                assert f.rng_before == f.rng_after and not f.private and f.revealing
                assert refusal_at(trace, t) == undo.REVEALED
                assert check_span(trace, t - 1, t, redeals=6, seed=seed, tally=Tally())
                return
    raise AssertionError("no claim from a mixed archive in the seeded games")


# --------------------------------------------------------------------- the randomised test
def _nightfall_zones(data: dict[str, Any]):
    """The places of a saved Nightfall state where hidden cards lie: (list, ordered)."""
    zones = [(d, True) for d in data["decks"]] + [(h, False) for h in data["hands"]]
    zones += [(a["cards"], True) for a in data["archives"]]
    zones += [(data["wounds"], True), (data["moons"], True)]
    zones += [(w, True) for w in data.get("wound_stacks", [])]
    return zones


def aligned(real: Any, redealt: Any) -> Any:
    """``redealt`` with the labels of interchangeable Nightfall instances (same card, owner
    and wound type) matched to ``real`` where they lie in the same place: another state of
    the same information set (what is hidden stays re-dealt; only which copy of a card
    carries which instance id is aligned), so an observation compares cards, not labels."""
    if not isinstance(redealt, NightfallState):
        return redealt
    r, d = real.to_json(), redealt.to_json()
    key = [(c, o, w) for c, o, w in zip(d["cards"], d["owner"], d["wtype"])]
    pi: dict[int, int] = {}
    used: set[int] = set()

    def match(y: int, x: int) -> None:
        if y not in pi and x not in used and key[y] == key[x]:
            pi[y] = x
            used.add(x)

    zones = list(zip(_nightfall_zones(d), _nightfall_zones(r)))
    for (dz, ordered), (rz, _) in zones:
        if ordered:
            for y, x in zip(dz, rz):
                match(y, x)
    for (dz, ordered), (rz, _) in zones:
        if not ordered:
            for y in dz:
                if y in rz:
                    match(y, y)
            for y in dz:
                for x in rz:
                    match(y, x)
    rest_d = [y for (dz, _), _ in zones for y in dz if y not in pi]
    rest_r = sorted(x for _, (rz, _) in zones for x in rz if x not in used)
    for y in rest_d:
        for x in rest_r:
            match(y, x)
    assert all(y in pi for y in rest_d), "the same cards lie in the hidden places of both states"
    for y in range(len(key)):
        pi.setdefault(y, y)
    assert sorted(pi.values()) == list(range(len(key))), "the relabelling must be a permutation"
    for zone, _ in _nightfall_zones(d):
        zone[:] = [pi[y] for y in zone]
    if d["ask"] is not None:
        d["ask"][2] = [_relabel_option(i, pi) for i in d["ask"][2]]
    return NightfallState.from_json(d)


def _relabel_option(index: int, pi: dict[int, int]) -> int:
    for base in (nf_actions.CARD0, nf_actions.PLAY0, nf_actions.DISCARD0):
        if base <= index < base + nf_actions.MAX_INSTANCES:
            return base + pi[index - base]
    return index


@dataclass
class Tally:
    spans: Counter = field(default_factory=Counter)
    replays: int = 0
    skipped: int = 0
    steps_checked: int = 0


def check_span(trace: Trace, k: int, t: int, redeals: int, seed: int, tally: Tally) -> list[str]:
    """Re-deal what each seat cannot see at act ``k`` and replay acts k..t-1: return the
    differences from the real game in what that seat saw (observation, redacted events)."""
    differences = []
    game, start = trace.game, trace.states[k]
    for q in range(game.num_players):
        obs = start.observation(q)
        for r in range(redeals):
            dealt = aligned(start, game.determinize(obs, Rng(seed * 1000 + q * 37 + r)))
            assert dealt.observation(q) == obs, "a re-deal must agree with what the seat saw"
            base, real_base = dealt.event_count(), start.event_count()
            tally.replays += 1
            for i in range(k, t):
                try:
                    dealt.apply(trace.actions[i], player=trace.seats[i])
                except GloamError:
                    tally.skipped += 1
                    break
                real = trace.states[i + 1]
                tally.steps_checked += 1
                if dealt.observation(q) != real.observation(q):
                    differences.append(f"seat {q} observation after act {i + 1}")
                    break
                if dealt.events_for(q, base) != real.events_for(q, real_base):
                    differences.append(f"seat {q} events after act {i + 1}")
                    break
    return differences


def test_undoable_spans_change_nothing_any_seat_saw_when_hidden_cards_are_redealt():
    """web-design §5.8's fuzz test: for seeded random games of both games (2-4 players,
    several Nightfall setups), at random points, the longest span the deciding seat may
    undo act by act; for every seat, re-deal what it cannot see at the span's start and
    replay the span: each act must leave that seat's observation and events as in the real
    game. Re-deals on which an act is illegal are skipped (counted)."""
    tally = Tally()
    failures = []
    for g, (name, setup) in enumerate(SETUPS):
        for seed in range(3):
            trace = play(name, setup, 100 + seed, limit=250)
            points = random.Random(seed * 7 + g)
            ends = [t for t in range(1, len(trace.actions) + 1)
                    if span_start(trace.facts[:t], trace.states[t].current_player()) < t]
            for t in points.sample(ends, min(12, len(ends))):
                k = span_start(trace.facts[:t], trace.states[t].current_player())
                tally.spans[(name, t - k)] += 1
                for diff in check_span(trace, k, t, redeals=3, seed=t, tally=tally):
                    failures.append(f"{name} {setup} seed {100 + seed} span {k}..{t}: {diff}")
    assert not failures, failures[:10]
    for name in ("nightfall", "nightmarium"):
        found = sum(n for (game, length), n in tally.spans.items() if game == name)
        longer = sum(n for (game, length), n in tally.spans.items() if game == name and length >= 2)
        assert found >= 50 and longer >= 10, (name, tally.spans)
    assert tally.steps_checked >= 1000 and tally.skipped < tally.replays, tally


def test_the_check_catches_a_span_with_a_draw():
    """The negative control: a span of one seat's own acts that the rule refuses only for
    its draw (same seat before and after, no shuffle, a private event) does change what a
    seat sees under re-deal, in both games; so a rule that let it through would fail."""
    caught = Counter()
    for name, setup in SETUPS:
        for seed in range(4):
            trace = play(name, setup, 200 + seed, limit=250)
            for t in range(1, len(trace.actions) + 1):
                f = trace.facts[t - 1]
                if f.rng_before != f.rng_after or not f.private:
                    continue
                if trace.states[t].current_player() != f.seat:
                    continue
                tally = Tally()
                if check_span(trace, t - 1, t, redeals=4, seed=t, tally=tally):
                    caught[name] += 1
                if caught[name] >= 3:
                    break
    assert caught["nightfall"] >= 3 and caught["nightmarium"] >= 3, caught


def test_the_check_catches_a_rule_blind_to_reveals():
    """The second control: a rule that ignored ``REVEALS`` (a Songbird reveal, a secret
    archive turned face up, a moon moved to the bottom, a wound given…) lets through spans
    that do change what some seat sees under re-deal; the real rule refuses each of them."""
    caught = Counter()
    for name, setup in SETUPS:
        for seed in range(3):
            trace = play(name, setup, 100 + seed, limit=250)
            blind = [replace(f, revealing=False) for f in trace.facts]
            for t in range(1, len(trace.actions) + 1):
                seat = trace.states[t].current_player()
                k = span_start(blind[:t], seat)
                if not any(f.revealing for f in trace.facts[k:t]):
                    continue
                if check_span(trace, k, t, redeals=3, seed=t, tally=Tally()):
                    caught[name] += 1
                    assert span_start(trace.facts[:t], seat) > k
    assert caught["nightfall"] >= 2 and caught["nightmarium"] >= 2, caught
