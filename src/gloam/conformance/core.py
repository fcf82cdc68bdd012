"""Game-agnostic conformance checks over the :mod:`gloam.core.protocol` interface.

Every check takes a game or a state and raises ``AssertionError`` with a message that
says what broke. Nothing here knows Nightmarium: what is game-specific (which card ids
are where, how to shuffle the cards a viewer cannot see) comes in as a function, so a
later game (Nightfall) reuses the same checks with its own two small helpers:

* ``cards(state) -> list[int]``: every card id in every zone of the state (each card
  once in a sound state), checked by :func:`check_conservation`;
* ``permute_unseen(state, viewer, rng) -> state``: a copy of the state where the cards
  ``viewer`` cannot see are shuffled among their places, used by
  :func:`check_observation_hides_unseen`.

:func:`play_random_game` drives a seeded random game and calls a hook before every
action (and on the final state), so a test decides which checks run on which actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from gloam.core.decisions import SPECTATOR, Decision
from gloam.core.protocol import Game, GameState
from gloam.core.record import Record

_META = ("to", "secret")  # an event's bookkeeping keys, never shown to anyone
Cards = Callable[[GameState], list[int]]
Permute = Callable[[Any, int, random.Random], Any]  # a game's own state in, the same out
#: ``hook(state, step, action)`` runs before action number ``step`` is applied
#: (``action`` is the index about to be applied) and once more on the final state
#: with ``action=None``.
Hook = Callable[[GameState, int, int | None], None]


# --------------------------------------------------------------------- per position
def check_conservation(cards: Sequence[int], n_cards: int, where: str = "") -> None:
    """Every card id 0..n_cards-1 appears exactly once in ``cards``."""
    if len(cards) == n_cards and sorted(cards) == list(range(n_cards)):
        return
    seen: dict[int, int] = {}
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
    missing = sorted(set(range(n_cards)) - set(seen))
    doubled = sorted(c for c, k in seen.items() if k > 1)
    strange = sorted(c for c in seen if not 0 <= c < n_cards)
    raise AssertionError(f"{where}cards not conserved: {len(cards)} placed, missing {missing},"
                         f" more than once {doubled}, not a card {strange}")


def check_protocol(state: GameState) -> None:
    """The pieces of the protocol agree with each other: ``pending()``,
    ``current_player()``, ``legal_action_indices()``, ``legal_actions()``,
    ``is_terminal()`` and ``returns()`` (``legal_mask()``: :func:`check_legal_mask`)."""
    n = state.num_players
    space = state.action_space
    legal = state.legal_action_indices()
    returns = state.returns()
    assert len(returns) == n, f"returns() has {len(returns)} entries for {n} players"
    if state.is_terminal():
        assert legal == [], f"terminal state offers actions {legal}"
        assert state.pending() is None, "terminal state has a pending decision"
        assert state.current_player() == -1, "terminal state has a player to act"
        return
    assert all(r == 0.0 for r in returns), f"returns() {returns} before the game is over"
    assert legal, "a live state offers no legal action"
    assert len(set(legal)) == len(legal), f"duplicate legal indices {legal}"
    assert all(isinstance(i, int) and 0 <= i < len(space) for i in legal), f"indices out of range {legal}"
    player = state.current_player()
    assert 0 <= player < n, f"current_player() {player} is not a seat"
    pending = state.pending()
    assert isinstance(pending, Decision)
    assert pending.player == player and pending.indices == tuple(legal), "pending() disagrees"
    assert pending.kind == state.decision_kind() and pending.prompt, "pending() kind/prompt"
    assert list(pending.options) == [space[i] for i in legal] == state.legal_actions()


def check_legal_mask(state: GameState) -> None:
    """``legal_mask()`` (one bool per action of the space) marks exactly the legal indices."""
    legal = state.legal_action_indices()
    mask = state.legal_mask()
    assert len(mask) == len(state.action_space), "legal_mask() is not as long as the action space"
    assert mask.count(True) == len(legal) and all(mask[i] for i in legal), \
        "legal_mask() disagrees with legal_action_indices()"


def check_clone_and_apply(state: GameState, action: int, snapshot: dict[str, Any] | None = None) -> GameState:
    """``clone()`` equals ``state``; applying ``action`` to the clone leaves ``state``'s
    ``to_json()`` unchanged. ``snapshot`` is ``state.to_json()`` if the caller has it.
    Returns the advanced clone, which the caller can compare with ``state`` after
    applying the same action (determinism)."""
    before = state.to_json() if snapshot is None else snapshot
    copy = state.clone()
    assert copy is not state and type(copy) is type(state)
    assert copy.to_json() == before, "clone() differs from the original"
    assert copy.legal_action_indices() == state.legal_action_indices(), "clone() has other legal actions"
    copy.apply(action)
    assert state.to_json() == before, f"applying action {action} to a clone changed the original"
    return copy


def check_json_round_trip(state: GameState) -> None:
    """``from_json(json.loads(json.dumps(to_json())))`` equals the state exactly and
    offers the same legal actions."""
    text = json.dumps(state.to_json())
    back = type(state).from_json(json.loads(text))
    assert back == state, "the JSON round trip changed the state"
    assert back.legal_action_indices() == state.legal_action_indices(), "JSON round trip changed legal actions"
    assert back.is_terminal() == state.is_terminal() and back.returns() == state.returns()


def viewers(state: GameState) -> list[int]:
    """Every seat, then ``SPECTATOR`` (a person watching the table)."""
    return [*range(state.num_players), SPECTATOR]


def check_observation_hides_unseen(state: GameState, permute: Permute, rng: random.Random) -> bool:
    """For every viewer p — each seat and ``SPECTATOR`` — ``observation(p)`` is unchanged
    when the cards p cannot see are shuffled among themselves by ``permute`` (for the
    spectator: everything hidden from every seat is re-dealt). Returns True if some
    permutation actually moved a card (so a caller can tell that the check had
    something to test)."""
    moved = False
    for viewer in viewers(state):
        other = permute(state, viewer, rng)
        moved = moved or other != state
        mine, theirs = state.observation(viewer), other.observation(viewer)
        if mine != theirs:
            diff = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
            raise AssertionError(f"observation({viewer}) depends on cards it cannot see: {diff}")
    return moved


def check_determinize(game: Game, state: GameState, rng: Any, cards: Cards, n_cards: int) -> GameState:
    """``game.determinize(observation(p), rng)`` for the player p to act is a sound
    state (cards conserved) whose ``observation(p)`` equals the original's."""
    player = state.current_player()
    observation = state.observation(player)
    det = game.determinize(observation, rng)
    check_conservation(cards(det), n_cards, "determinized state: ")
    assert det.observation(player) == observation, f"determinize() changed what player {player} sees"
    assert det.legal_action_indices() == state.legal_action_indices(), "determinized legal actions differ"
    return det


def event_views(state: GameState) -> dict[int | None, list[dict[str, Any]]]:
    """``events_for(v)`` for every viewer v (each seat, ``SPECTATOR`` and None), to
    hand to several checks of the same state."""
    return {v: state.events_for(v) for v in [*viewers(state), None]}


def check_event_redaction(state: GameState, views: dict[int | None, list] | None = None) -> None:
    """Every event carrying secrets shows them exactly to the players in its ``to``;
    ``events_for(p)`` never shows another player's secret, nor the ``to``/``secret``
    bookkeeping; an event without secrets is the same for every viewer; ``events_for(None)``
    shows everything. ``views``: :func:`event_views` of the state, if the caller has it."""
    views = event_views(state) if views is None else views
    raw = state.events
    everything = views[None]
    assert len(everything) == len(raw)
    seats = viewers(state)
    by_seat = [views[p] for p in seats]
    for i, event in enumerate(raw):
        assert isinstance(event, dict) and isinstance(event.get("type"), str), f"event {i} {event!r}"
        json.dumps(event)  # every event is plain JSON data
        full = {k: v for k, v in event.items() if k not in _META}
        assert everything[i] == full, f"events_for(None) does not show all of event {i}"
        secret = event.get("secret")
        for p, view in zip(seats, by_seat):
            seen = view[i]
            if secret is None:
                assert seen == event, f"public event {i} differs for player {p}"
            elif p in event["to"]:
                assert seen == full, f"player {p} does not see all of their own event {i}"
            else:
                shown = [k for k in secret if k in seen]
                assert not shown, f"event {i} ({event['type']}) shows {shown} to player {p}: {seen}"
                public = {k: v for k, v in full.items() if k not in secret}
                assert seen == public, f"event {i} is not its public part for player {p}"


def check_game_over(state: GameState, max_actions: int, actions: int, *, no_winner: bool = False) -> int:
    """The game ended within ``max_actions`` with exactly one winner: ``returns()`` is
    one 1.0 and zeros. Returns the winner's seat. With ``no_winner`` the game must have
    ended without one (all zeros) and -1 is returned."""
    assert state.is_terminal(), f"game not over after {actions} actions (bound {max_actions})"
    check_protocol(state)
    returns = state.returns()
    if no_winner:
        assert returns == [0.0] * len(returns), f"returns() {returns} names a winner"
        return -1
    winners = [p for p, r in enumerate(returns) if r == 1.0]
    assert len(winners) == 1 and sorted(returns) == [0.0] * (len(returns) - 1) + [1.0], \
        f"returns() {returns} is not one winner"
    return winners[0]


def check_replay(game: Game, seed: int, actions: list[int], final: GameState,
                 final_events: list[dict[str, Any]] | None = None) -> None:
    """The record (setup, seed, actions), through JSON text, replays to ``final``
    exactly, with the same events (``final_events``: ``final.events_for(None)``, if the
    caller has it)."""
    record = Record.of(game, seed, actions)
    text = json.dumps(record.to_json())
    replayed = Record.from_json(json.loads(text)).replay()
    assert replayed == final, "replaying the record does not reproduce the final state"
    everything = final.events_for(None) if final_events is None else final_events
    assert replayed.events_for(None) == everything, "replay emitted other events"


# --------------------------------------------------------------------- driving a game
def play_random_game(game: Game, seed: int, chooser_seed: int, hook: Hook,
                     max_actions: int) -> tuple[GameState, list[int]]:
    """Play ``game`` from ``seed``, each action chosen uniformly among the legal ones by
    ``random.Random(chooser_seed)``, calling ``hook`` before every action and on the
    final state. Stops after ``max_actions`` (the caller checks it ended)."""
    chooser = random.Random(chooser_seed)
    state = game.new_initial_state(seed)
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < max_actions:
        action = chooser.choice(state.legal_action_indices())
        hook(state, len(actions), action)
        state.apply(action, player=state.current_player())
        actions.append(action)
    hook(state, len(actions), None)
    return state, actions


def check_determinize_for(game: Game, state: GameState, viewer: int, rng: Any,
                          sound: Callable[[Any, str], None] | None = None) -> GameState:
    """``game.determinize(observation(viewer), rng)`` for any seat ``viewer`` (not only
    the player to act) is a state ``viewer`` cannot tell from ``state``: its
    ``observation(viewer)`` is the original's, and when ``viewer`` is to act its legal
    actions are the same. ``sound(det, where)``, if given, checks the determinized state
    (e.g. card conservation). Returns it."""
    observation = state.observation(viewer)
    det = game.determinize(observation, rng)
    if sound is not None:
        sound(det, f"state determinized for player {viewer}: ")
    seen = det.observation(viewer)
    if seen != observation:
        diff = sorted(k for k in set(seen) | set(observation) if seen.get(k) != observation.get(k))
        raise AssertionError(f"determinize() changed what player {viewer} sees: {diff}")
    if viewer == state.current_player():
        assert det.legal_action_indices() == state.legal_action_indices(), \
            f"determinized legal actions differ for player {viewer}"
    assert det.is_terminal() == state.is_terminal() and det.current_player() == state.current_player(), \
        "determinize() changed who acts or whether the game is over"
    return det
