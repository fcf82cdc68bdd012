"""Nightmarium's typed boundary (issue 12): the spectator, the typed decisions (kind,
context, refs, en/ja labels), the outcome, the table view against its JSON Schema, and
that nothing the engine returns aliases its state. Rules cited are seed 004's
(checklist part B, 186-211).

Positions come from seeded games (random and greedy seats, 2-5 players, 5/6/7 Creatures),
sampled along the whole game so that every decision kind is met.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import jsonschema
import pytest

from gloam.bots import make_bot
from gloam.conformance import core as cf
from gloam.core import SPECTATOR, EndReason, IllegalActionError
from gloam.core.rng import derive_seed
from gloam.nightmarium import NightmariumGame, NightmariumState, Play, Target
from gloam.nightmarium.cards import ABILITIES, LEGIONS
from gloam.nightmarium.decisions import (
    AbilityContext,
    DiscardContext,
    NightmariumKind,
    PenaltyContext,
    SongbirdContext,
    TurnContext,
)
from gloam.nightmarium.describe import describe_action, describe_pending

SCHEMA = json.loads(resources.files("gloam.nightmarium").joinpath("data/view.schema.json").read_text("utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SETUPS = [(2, 5), (3, 6), (4, 7), (5, 5), (2, 7), (3, 5)]


def positions(games: int = 12, every: int = 7) -> Iterator[NightmariumState]:
    """Positions of seeded games: every ``every``-th decision and the final state."""
    for g in range(games):
        players, creatures = SETUPS[g % len(SETUPS)]
        game = NightmariumGame(players=players, creatures=creatures, first_player=g % players, turn_limit=300)
        seats = [make_bot("greedy" if (g + p) % 2 else "random", game, 100 * g + p) for p in range(players)]
        state = game.new_initial_state(500 + g)
        step = 0
        while not state.is_terminal():
            if step % every == g % every:
                yield state.clone()
            player = state.current_player()
            bot = seats[player]
            obs = state.observation(player) if bot.needs_observation else None
            state.apply(bot.choose(game, obs, state.legal_action_indices()), player)
            step += 1
        yield state


def first_of_kind() -> dict[str, NightmariumState]:
    """One position of every decision kind (and one finished game)."""
    found: dict[str, NightmariumState] = {}
    for state in positions(games=30, every=1):
        found.setdefault(str(state.decision_kind()), state)
        if len(found) == len(NightmariumKind):
            break
    return found


KIND_STATES = first_of_kind()


def test_every_decision_kind_is_met() -> None:
    """The sample reaches every decision kind, so the tests below see each context."""
    assert set(KIND_STATES) == {str(k) for k in NightmariumKind}


# ---------------------------------------------------------------------- spectators
def test_spectator_sees_no_hand_and_no_options() -> None:
    """A spectator sees hand sizes, the cards everyone saw taken (rule 207), every
    Creature and the discard pile, but no hand, no deck order and no legal options."""
    for state in positions(games=4):
        obs = state.observation(SPECTATOR)
        assert obs["viewer"] == SPECTATOR and obs["hand"] == [] and obs["legal"] is None
        assert obs["hand_sizes"] == [len(h) for h in state.hands]
        assert obs["known"] == state.known and obs["creatures"] == state.creatures
        assert obs["discard"] == state.discard and obs["deck_size"] == len(state.deck)
        assert "deck" not in obs


def _public_card_ids(state: NightmariumState) -> set[int]:
    """Cards the table has seen: in a public zone now, or named by a public event."""
    seen = set(state.discard) | set(state.revealed)
    for known in state.known:
        seen.update(known)
    for mine in state.creatures:
        for creature in mine:
            seen.update(creature)
    for event in state.events:
        if "secret" in event:
            continue
        if isinstance(event.get("card"), int):
            seen.add(event["card"])
        seen.update(event.get("cards", ()))
    return seen


def redeal_hidden(state: NightmariumState, rng: random.Random) -> NightmariumState:
    """A copy in which every card the table has never seen — in the deck, or in a hand
    but not among the cards everyone saw taken — is relabelled by a random permutation,
    in the zones and in the private deal/draw events alike."""
    hidden = set(state.deck)
    for p, hand in enumerate(state.hands):
        hidden.update(c for c in hand if c not in state.known[p])
    hidden -= _public_card_ids(state)
    old = sorted(hidden)
    new = old[:]
    rng.shuffle(new)
    sigma = dict(zip(old, new))

    def relabel(cards: list[int]) -> list[int]:
        return [sigma.get(c, c) for c in cards]

    other = state.clone()
    other.hands = [relabel(h) for h in state.hands]
    other.deck = relabel(state.deck)
    other.events = [dict(e, cards=relabel(e["cards"])) if "secret" in e and "cards" in e else e
                    for e in state.events]
    other._legal = None
    return other


def test_spectator_view_unchanged_when_hidden_cards_are_redealt() -> None:
    """Re-dealing everything hidden from every seat (the deck order, the hand cards the
    table has not seen, and the private deal/draw events that name them) changes
    nothing a spectator receives: observation, events or table view. The re-deal is
    real: the seats that hold relabelled cards see the difference."""
    rng = random.Random(12)
    changed = 0
    for state in positions(games=8, every=11):
        other = redeal_hidden(state, rng)
        assert other.observation(SPECTATOR) == state.observation(SPECTATOR)
        assert other.events_for(SPECTATOR) == state.events_for(SPECTATOR)
        assert other.view(SPECTATOR) == state.view(SPECTATOR)
        assert other.view(SPECTATOR, "ja") == state.view(SPECTATOR, "ja")
        if any(other.events_for(p) != state.events_for(p) for p in range(state.num_players)):
            changed += 1
    assert changed > 10, "the re-deal never changed what a seat sees: the test would be vacuous"


def test_spectator_events_carry_no_private_draw() -> None:
    """Deals, draws and Mourner's cards (rule 205) reach a spectator as counts only."""
    state = KIND_STATES["over"]
    private = [e for e in state.events_for(SPECTATOR) if e["type"] in ("deal", "draw")]
    assert private and all("cards" not in e and "count" in e for e in private)
    assert all("to" not in e and "secret" not in e for e in state.events_for(SPECTATOR))


# ---------------------------------------------------------------------- typed decisions
def test_decision_kind_is_the_enum() -> None:
    for kind, state in KIND_STATES.items():
        assert state.decision_kind() is NightmariumKind(kind)
        if kind != "over":
            assert state.pending().kind is NightmariumKind(kind)
    assert KIND_STATES["over"].pending() is None


def test_turn_context_says_which_action_and_the_second_play_legion() -> None:
    """Rule 193: two actions a turn; rule 199: after a first-action play a second play
    must be of the same Legion, and the context says which."""
    seen_restricted = False
    for state in positions(games=6, every=1):
        if state.decision_kind() != "turn":
            continue
        ctx = state.decision_context()
        assert isinstance(ctx, TurnContext) and ctx.action == 3 - state.actions_left
        if state.actions_left == 1 and state.first_legion >= 0:
            seen_restricted = True
            assert ctx.legion == LEGIONS[state.first_legion]
            for action in state.legal_actions():
                if isinstance(action, Play):
                    assert state.game.legion[action.card] == state.first_legion
        else:
            assert ctx.legion is None
    assert seen_restricted


def test_discard_context_lists_the_cards_discarded_and_the_draw() -> None:
    """Rule 195: action B discards any number of cards and draws half of them."""
    for state in positions(games=10, every=1):
        if state.decision_kind() == "discard" and state.discarded >= 3:
            ctx = state.decision_context()
            assert isinstance(ctx, DiscardContext)
            discards = [e["card"] for e in state.events if e["type"] == "discard"][-state.discarded:]
            assert list(ctx.discarded) == discards and ctx.draws == state.discarded // 2
            return
    pytest.fail("no action B with three discards in the sample")


def test_penalty_context() -> None:
    """Rule 203: each opponent discards one card of the Legion, or two cards of their
    choice if they hold none; the context names the Legion, the count, whether any card
    will do, and who still owes it."""
    state = KIND_STATES["penalty"]
    ctx = state.decision_context()
    who, legion = state.penalties[0]
    assert isinstance(ctx, PenaltyContext)
    assert (ctx.legion, ctx.cards, ctx.any_card) == (LEGIONS[legion], state.pen_need, state.pen_any)
    assert ctx.owing == tuple(p for p, _ in state.penalties) and ctx.owing[0] == who
    assert ctx.player == state.active and len(ctx.creature) == 3
    assert {state.game.legion[c] for c in ctx.creature} == {legion}
    for action in state.legal_actions():
        assert (state.game.legion[action.card] == legion) != state.pen_any


def test_ability_contexts_name_the_creature_and_what_is_left() -> None:
    """Rules 200-209: a completed Creature's abilities resolve head, body, legs; the
    context names the Creature, the ability now deciding and those still to come, and
    Songbird's revealed cards (rule 204)."""
    for kind in ("songbird", "mockingbird", "executioner", "scavenger", "devourer"):
        state = KIND_STATES[kind]
        ctx = state.decision_context()
        assert isinstance(ctx, AbilityContext) and type(ctx).__name__ == kind.capitalize() + "Context"
        creature = state.creatures[state.active][ctx.creature]
        assert creature[0] == state.resolving and list(ctx.cards) == creature and len(creature) == 3
        assert ctx.ability == kind.capitalize()
        assert ctx.remaining == tuple(ABILITIES[a] for a in state.abilities)
        if kind == "songbird":
            assert isinstance(ctx, SongbirdContext) and list(ctx.revealed) == state.revealed
        assert ctx.to_json()["type"] == type(ctx).__name__


def test_option_refs_name_cards_and_seats() -> None:
    """A play names its card and the Creature it extends; a target names the seat and
    every card of the Creature it hits; a discard names its card."""
    for state in KIND_STATES.values():
        decision = state.pending()
        if decision is None:
            continue
        for choice in decision.choices:
            action = choice.action
            if isinstance(action, Play):
                mine = state.creatures[state.active]
                extra = () if action.slot == 7 else tuple(mine[action.slot])
                assert choice.refs.cards == (action.card, *extra)
            elif isinstance(action, Target):
                assert choice.refs.players == (action.player,)
                assert choice.refs.cards == tuple(state.creatures[action.player][action.creature])
            elif hasattr(action, "card"):
                assert choice.refs.cards == (action.card,)
            else:
                assert choice.refs.cards == () and choice.refs.players == ()


def test_option_labels_in_english_and_japanese() -> None:
    """Every option has an English label (the terminal's) and a Japanese one (gloam's
    own translation), distinct per option within a decision."""
    for state in KIND_STATES.values():
        decision = state.pending()
        if decision is None:
            continue
        obs = state.observation(decision.player)
        en = [c.label["en"] for c in decision.choices]
        ja = [c.label["ja"] for c in decision.choices]
        assert en == [describe_action(state.game, obs, i) for i in decision.indices]
        assert all(JAPANESE.search(label) for label in ja)
        assert len(set(ja)) == len(ja) and len(set(en)) == len(en)


def test_outcome_creatures_turn_limit_and_dead_position() -> None:
    """Rule 192: the first to complete the Creatures needed wins; a turn limit (not a
    rule) and a dead position (gloam's reading) end with no winner."""
    state = KIND_STATES["over"]
    assert KIND_STATES["turn"].outcome() is None
    won = next(s for s in positions(games=6) if s.is_terminal() and s.winner >= 0)
    outcome = won.outcome()
    assert outcome.reason is EndReason.CREATURES and outcome.winners == (won.winner,)
    assert f"completed {won.complete_creatures(won.winner)} Creatures" in outcome.detail
    assert state.outcome() is not None

    game = NightmariumGame(players=3, turn_limit=4)
    final, _ = cf.play_random_game(game, 9, 9, lambda *_: None, 1000)
    assert final.outcome().reason is EndReason.TURN_LIMIT and final.outcome().winners == ()

    game = NightmariumGame(players=5, creatures=7, first_player=4)  # see test_conformance_nightmarium
    seed = 20240531
    final, _ = cf.play_random_game(game, derive_seed(seed, 2859), derive_seed(seed, 2859, 1), lambda *_: None, 3000)
    assert final.outcome().reason is EndReason.DEAD_POSITION and final.outcome().winners == ()
    assert "dead position" in describe_pending(game, final.observation(SPECTATOR))


# ---------------------------------------------------------------------- the table view
def _viewers(state: NightmariumState) -> list[int]:
    return [SPECTATOR, *range(state.num_players)]


def test_views_match_the_schema() -> None:
    """Real views of positions of every decision kind, for every seat and a spectator,
    in both languages, validate against data/view.schema.json."""
    states = list(KIND_STATES.values()) + list(positions(games=6, every=31))
    for state in states:
        for viewer in _viewers(state):
            for lang in ("en", "ja"):
                view = state.view(viewer, lang)
                if not VALIDATOR.is_valid(view):
                    error = jsonschema.exceptions.best_match(VALIDATOR.iter_errors(view))
                    pytest.fail(f"viewer {viewer}, {lang}: {error.message} at {list(error.path)}")
                json.dumps(view)


def test_schema_rejects_a_wrong_view() -> None:
    """The schema is strict: an unknown field or a hand for another seat fails it."""
    view = KIND_STATES["turn"].view(0)
    assert VALIDATOR.is_valid(view)
    assert not VALIDATOR.is_valid(dict(view, deck={"size": 3, "top": 5}))
    bad = json.loads(json.dumps(view))
    bad["players"][1]["hand"] = 5
    assert not VALIDATOR.is_valid(bad)


def _ids(value: Any) -> set[int]:
    """Every card instance id in a view: faces' ``id``, and ``cards`` lists."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id" and "code" in value:
                found.add(item)
            elif key in ("cards", "discarded", "revealed", "creature") and isinstance(item, list):
                found.update(c for c in item if isinstance(c, int))
            elif key == "card" and isinstance(item, int):
                found.add(item)
            else:
                found |= _ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= _ids(item)
    return found


def _visible(state: NightmariumState, viewer: int) -> set[int]:
    obs = state.observation(viewer)
    seen = set(obs["hand"]) | set(obs["discard"]) | set(obs["revealed"])
    for known in obs["known"]:
        seen.update(known)
    for mine in obs["creatures"]:
        for creature in mine:
            seen.update(creature)
    return seen


def test_view_leaks_no_hidden_card() -> None:
    """No card id in a view that its viewer's observation hides: not the deck, not a
    card of another player's hand the table has not seen."""
    checked = 0
    for state in list(KIND_STATES.values()) + list(positions(games=6, every=9)):
        for viewer in _viewers(state):
            ids = _ids(state.view(viewer)) | _ids(state.view(viewer, "ja"))
            assert ids <= _visible(state, viewer), f"viewer {viewer} sees {ids - _visible(state, viewer)}"
            hidden = set(state.deck) | {c for p, h in enumerate(state.hands) if p != viewer
                                        for c in h if c not in state.known[p]}
            assert not ids & hidden
            checked += 1
    assert checked > 100


def test_view_decision_only_for_the_decider() -> None:
    """Everyone sees who decides, the kind and the prompt; only the deciding seat gets
    the context and the options — the same as ``pending()``, labels in the view's
    language."""
    for kind, state in KIND_STATES.items():
        if kind == "over":
            assert state.view(SPECTATOR)["decision"] is None
            assert state.view(0)["outcome"] == state.outcome().to_json()
            continue
        decision = state.pending()
        for viewer in _viewers(state):
            seen = state.view(viewer, "ja")["decision"]
            assert (seen["player"], seen["kind"]) == (decision.player, kind)
            assert ("options" in seen) == (viewer == decision.player)
        mine = state.view(decision.player)["decision"]
        assert mine["prompt"] == state.prompt() == decision.prompt
        assert mine["context"] == decision.context.to_json()
        assert mine["options"] == [c.to_json("en") for c in decision.choices]
        ja = state.view(decision.player, "ja")["decision"]
        assert ja["options"] == [c.to_json("ja") for c in decision.choices]
        assert JAPANESE.search(ja["prompt"])


def test_view_shows_creatures_by_part_and_the_resolving_creature() -> None:
    """Creatures by part, bottom-up (rule 197); the resolving Creature and the abilities
    still to come (rule 200); the penalty queue (rule 203); Songbird's cards (rule 204)."""
    state = KIND_STATES["songbird"]
    view = state.view(SPECTATOR)
    for p, mine in enumerate(state.creatures):
        for i, creature in enumerate(mine):
            shown = view["players"][p]["creatures"][i]
            parts = [shown[part]["id"] for part in ("legs", "body", "head") if shown[part]]
            assert parts == creature and shown["complete"] == (len(creature) == 3)
    assert [c["id"] for c in view["revealed"]] == state.revealed
    resolving = view["resolving"]
    assert resolving["cards"][0] == state.resolving and resolving["ability"]["key"] == "Songbird"
    assert [a["key"] for a in resolving["remaining"]] == [ABILITIES[a] for a in state.abilities]
    penalty = KIND_STATES["penalty"].view(SPECTATOR)["penalty"]
    assert penalty["owing"] == [p for p, _ in KIND_STATES["penalty"].penalties]


# ---------------------------------------------------------------------- no aliasing
def test_legal_list_is_a_copy() -> None:
    """Appending an index to the list ``legal_action_indices()`` returned does not make
    that index legal."""
    state = KIND_STATES["turn"].clone()
    legal = state.legal_action_indices()
    illegal = next(i for i in range(len(state.action_space)) if i not in legal)
    legal.append(illegal)
    assert illegal not in state.legal_action_indices()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(illegal)
    assert state.to_json() == before
    obs = state.observation(state.current_player())
    obs["legal"].append(illegal)
    with pytest.raises(IllegalActionError):
        state.apply(illegal)


def test_mutating_observations_and_events_changes_nothing() -> None:
    """Every list in an observation (hand, creatures and each Creature, known, discard,
    penalties…) and every event is a fresh copy: mutating them changes neither the state
    nor a clone."""
    for state in (KIND_STATES["penalty"], KIND_STATES["songbird"], KIND_STATES["executioner"]):
        state = state.clone()
        copy = state.clone()
        before = state.to_json()
        for viewer in _viewers(state):
            obs = state.observation(viewer)
            obs["hand"].append(999)
            obs["hand_sizes"][0] = 99
            for known in obs["known"]:
                known.append(998)
            for mine in obs["creatures"]:
                for creature in mine:
                    creature.append(997)
                mine.append([996])
            obs["discard"].clear()
            obs["revealed"].append(995)
            obs["abilities"].append(0)
            for entry in obs["penalties"]:
                entry[0] = 4
            obs["setup"]["creatures"] = 99
            if obs["legal"] is not None:
                obs["legal"].clear()
            for event in state.events_for(viewer):
                event["type"] = "tampered"
                for value in event.values():
                    if isinstance(value, list):
                        value.append(994)
            view = state.view(viewer)
            view["players"][0]["creatures"].clear()
        assert state.to_json() == before and copy.to_json() == before
        assert state.observation(0)["setup"]["creatures"] == state.game.creatures
        assert state.legal_action_indices() == copy.legal_action_indices()
