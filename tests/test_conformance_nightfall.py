"""Conformance of Nightfall over 2,000 seeded random games (2-5 players; quick start,
the Coldest War draft and the Martial Law draft; moons on and off; long games where the
wound stack allows; every first player and a random one), using the game-agnostic
checks of ``gloam.conformance.core`` plus Nightfall's own (``gloam.conformance.nightfall``).

What runs where. Measured: a random game is ~890 actions (2 players ~350-500, 5 players
~1,350; 1.79 million in all, the longest 2,335). ``to_json()`` costs ~30-40 us and a JSON
round trip ~1 ms (``from_json`` rebuilds the game's effect registry), so the checks that
need ``to_json`` cannot run on every action. The sweep costs ~145 CPU-seconds: ~75 s of
wall time with ``pytest -n 2`` on two idle cores (20 chunks of 100 games; measured 160
CPU-s / 243 s wall while other test runs shared the two cores). It is marked ``slow``
(``-m "not slow"`` skips it); the other tests of the file take ~1 s.

* on EVERY action of EVERY game (cheap tier): every card instance exactly once
  (``state.check_cards()``: orders, wounds, moons, exiled cards, attachments, the chain;
  rules 6, 13, 33, 44), the protocol's pieces agreeing, the Nightfall position being
  sound (``check_position``: minion records and play areas agree, no minion in play at 0
  health, rule 110; the face-up count; the chain holds orders; the turn's frame is the
  bottom of the frame stack, so nothing pending outlives its turn), every option
  fitting its decision (``check_options``), and ``clone()`` equal and independent:
  the clone equals the state field by field (everything ``to_json`` holds) and shares no
  list or dict with it; the action is applied to the clone and the game goes on from
  it, so the whole game is played on clones and the final replay (from scratch, no
  clones) checks that clones behave exactly like the original.
* expensive tier, on every action of one 2-player game per chunk, on every
  ``EXPENSIVE_EVERY``-th action of the others (the offset varies per game) and on every
  final state: every zone holding what it may (``check_zones``: piles hold their
  owner's cards, archives their card, the wound stack wounds), the exact JSON round trip
  (same state, same legal actions), ``legal_mask()``, the ``to_json``-based clone check of ``gloam.conformance.core``,
  ``observation(p)`` unchanged for every p when the cards p cannot see are permuted
  (:func:`permute_unseen`), and ``game.determinize(observation(p))`` for every p: a
  sound state whose ``observation(p)`` is the original's (for the player to act: the
  same legal actions), which then plays on.
* at the end of every game: it ended within ``MAX_ACTIONS`` after the last face-up
  wound was given (rule 161), ``returns()`` names the one winner and the winner has the
  fewest wounds (rules 162-165), the card texts are unchanged, the event redaction for
  every viewer (private draws, looks and draft picks show no card ids to others), and
  the record (game, setup, seed, actions) replays to the identical final state and
  events.

The last tests show that the checks can fail (leaking observations, shared clones,
unredacted draws, a determinize that changes what its viewer sees, a lost card).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gloam.conformance import core as cf
from gloam.conformance.nightfall import (  # noqa: F401 (permute_unseen: other tests import it from here)
    check_card_texts_unchanged,
    check_cards,
    check_clone,
    check_determinize_every_viewer,
    check_end,
    check_options,
    check_position,
    check_private_events,
    check_zones,
    fields,
    permute_unseen,
)
from gloam.core.errors import SetupError
from gloam.core.rng import Rng, derive_seed
from gloam.nightfall import engine
from gloam.nightfall.actions import DISCARD0, PLAY0
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.setup import ARCHIVE_SETUPS
from gloam.nightfall.state import NightfallState

N_GAMES = 2000
N_CHUNKS = 20
EXPENSIVE_EVERY = 400  # the expensive tier runs on every 400th action (offset varies per game),
#                        on every action of one 2-player game per chunk, and on every final state
MAX_ACTIONS = 20_000  # the longest of these 2,000 random games is far shorter (see the test)
MASTER_SEED = 20240617

#: the decision kinds every chunk of 100 games reaches (measured: each at least 36 times in
#: every chunk). Not here: "order_blockers" (which of several minions that must block
#: damage dealt to their player absorbs it first, rule 113): no Coldest War card has such
#: text, so it cannot come up yet.
COMMON_KINDS = {"draft", "combat_window", "attack", "block", "chain_start", "link", "target_minion",
                "target_player", "target_card", "target_archive", "feed", "claim", "wound_effect", "moon",
                "choose_wounds", "choose_discard", "order_events"}
#: the events every chunk reaches
COMMON_EVENTS = {"draft_pick", "draft_reveal", "first_player", "reshuffle", "combat_text", "attack", "block",
                 "damage", "destroyed", "discarded", "exile", "chain", "kicker", "feed", "resolve", "enter_play",
                 "attach", "fetch", "look", "restore", "strength", "influence", "claim", "wounds", "moon",
                 "last_wound", "game_over"}
# --------------------------------------------------------------------- setups
def game_setup(i: int) -> tuple[NightfallGame, int]:
    """Game number ``i`` and its seed. Each chunk (``i % N_CHUNKS``) gets every player
    count in turn (so chunks cost about the same); over all games every player count
    plays every archive setup (quick start, the CW draft, the ML draft; rules 17-31),
    with and without moons (rule 36), long (2-4 players; 5-player long games are refused,
    see :func:`test_five_player_long_game_is_refused`) and normal, from every seat and
    with a random first player (rule 37)."""
    chunk, k = i % N_CHUNKS, i // N_CHUNKS
    players = 2 + k % 4
    archives = ARCHIVE_SETUPS[(k + chunk) % len(ARCHIVE_SETUPS)]
    moons = (k // 4) % 2 == 1
    long = players < 5 and (k // 8 + chunk) % 2 == 1
    first: int | str = (k // 16 + chunk) % (players + 1)
    if first == players:
        first = "random"
    game = NightfallGame(players=players, archives=archives, moons=moons, long=long, first_player=first)
    return game, derive_seed(MASTER_SEED, i)



# --------------------------------------------------------------------- one game
class GameChecker:
    """Plays one game on clones and runs the tiers; keeps coverage counts."""

    def __init__(self, game: NightfallGame, i: int) -> None:
        self.game = game
        chunk, k = i % N_CHUNKS, i // N_CHUNKS
        # one 2-player game (not long) per chunk: without moons in even chunks, with in odd ones
        self.full = k == (0 if chunk % 2 == 0 else 12)
        self.offset = i % EXPENSIVE_EVERY
        self.rng = random.Random(derive_seed(MASTER_SEED, i, 2))
        # determinize accepts both generators: alternate them between games
        self.det_rng = Rng(derive_seed(MASTER_SEED, i, 3)) if i % 2 else random.Random(i)
        self.kinds: Counter[str] = Counter()
        self.expensive = 0
        self.moved = 0

    def cheap(self, state: NightfallState, step: int) -> None:
        check_cards(state, f"step {step}: ")
        cf.check_protocol(state)
        check_position(state)
        check_options(state)

    def expensive_tier(self, state: NightfallState, action: int | None) -> None:
        self.expensive += 1
        check_zones(state)
        cf.check_legal_mask(state)
        cf.check_json_round_trip(state)
        self.moved += cf.check_observation_hides_unseen(state, permute_unseen, self.rng)
        check_determinize_every_viewer(self.game, state, self.det_rng, self.rng)
        if action is not None:
            cf.check_clone_and_apply(state, action)

    def check_start(self, state: NightfallState) -> None:
        """After the setup (and the draft): rules 23-24, 31 two private archives each and
        8 commons; rules 33, 35 twelve starters, five in hand; rule 36 the moons; rule 37
        the first player."""
        n = self.game.num_players
        assert [len(h) for h in state.hands] == [5] * n and [len(d) for d in state.decks] == [7] * n
        owners = Counter(a["owner"] for a in state.archives)
        assert owners == Counter({-1: 8, **{p: 2 for p in range(n)}}), f"archives by owner: {owners}"
        assert all(len(a["cards"]) == 7 for a in state.archives), "an archive does not hold 7 cards (rule 6)"
        assert state.turn == 1 and state.active == state.first_player and state.phase == "combat"
        assert len(state.moons) == (6 if self.game.use_moons else 0)  # rule 36
        if not self.game.random_first:
            assert state.first_player == self.game.start_seat

    def play(self, seed: int, chooser_seed: int) -> tuple[NightfallState, list[int]]:
        chooser = random.Random(chooser_seed)
        state = self.game.new_initial_state(seed)
        game = self.game
        assert state.face_up == game.num_players * (15 if game.long else 10)  # rules 13-14
        drafting = game.archive_setup != "quick"
        if drafting:
            assert state.pending().kind == "draft" and not state.archives, "a draft starts with the picks"
        else:
            self.check_start(state)
        actions: list[int] = []
        while not state.is_terminal() and len(actions) < MAX_ACTIONS:
            step = len(actions)
            if drafting and state.decision_kind() != "draft":
                drafting = False
                self.check_start(state)
            self.cheap(state, step)
            action = chooser.choice(state.legal_action_indices())
            self.kinds[state.decision_kind()] += 1
            if self.full or step % EXPENSIVE_EVERY == self.offset:
                self.expensive_tier(state, action)
            state = check_clone(state, action)
            actions.append(action)
        self.cheap(state, len(actions))
        self.expensive_tier(state, None)
        return state, actions


def run_game(i: int) -> tuple[GameChecker, NightfallState, int]:
    game, seed = game_setup(i)
    checker = GameChecker(game, i)
    final, actions = checker.play(seed, derive_seed(MASTER_SEED, i, 1))
    winner = cf.check_game_over(final, MAX_ACTIONS, len(actions))
    assert winner == final.winner
    check_end(final)
    check_card_texts_unchanged(game)
    cf.check_event_redaction(final)
    check_private_events(final)
    cf.check_replay(game, seed, actions, final)
    return checker, final, len(actions)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(N_CHUNKS))
def test_random_games_conform(chunk: int) -> None:
    """Games ``chunk``, ``chunk + 20``, ... (100 games of 2-5 players) pass every check;
    together they reach every decision kind but one (see ``COMMON_KINDS``) and the
    events of ``COMMON_EVENTS``: draft picks (rules 19-23), a reshuffle of the discard
    pile (rule 39), kickers (rule 135), feed (rule 88), attachments (rule 79), claims
    (rule 143), destroyed and discarded minions (rules 110, 117), exiled starters (rule 59),
    moon changes (rule 98) and the end of the game (rule 161)."""
    kinds: Counter[str] = Counter()
    event_types: Counter[str] = Counter()
    expensive = moved = longest = 0
    for i in range(chunk, N_GAMES, N_CHUNKS):
        checker, final, length = run_game(i)
        kinds += checker.kinds
        expensive += checker.expensive
        moved += checker.moved
        longest = max(longest, length)
        event_types.update(e["type"] for e in final.events)
    assert COMMON_KINDS <= set(kinds), f"decision kinds not reached: {COMMON_KINDS - set(kinds)}"
    assert COMMON_EVENTS <= set(event_types), f"events not reached: {sorted(COMMON_EVENTS - set(event_types))}"
    assert moved > expensive * 0.9, "the permutation of unseen cards rarely moved a card: the check is weak"
    assert longest < MAX_ACTIONS // 4, f"a game took {longest} actions: the bound is too close"


def test_public_events_do_not_use_the_audience_key() -> None:
    """gloam.core.events reserves ``"to"`` (with ``"secret"``) for the players who may see
    a private event's secrets; ``events_for`` strips it for viewers. A public event that
    uses ``"to"`` for something else (a claim's ``"to": "discard"``, a fetch's
    ``"to": "hand"``, an attach's ``"to": <minion>``) breaks that contract: the generic
    redaction check fails, and a client reading the audience gets a string or an int."""
    game, seed = game_setup(0)
    state = game.new_initial_state(seed)
    chooser = random.Random(1)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_action_indices()))
    assert any(e["type"] == "claim" for e in state.events)
    cf.check_event_redaction(state)


# --------------------------------------------------------------------- setups and the end
def test_five_player_long_game_is_refused() -> None:
    """Rule 14: a long game needs 5 more face-up wounds per player; 5 x 15 = 75 is more
    than The Coldest War's 60-card wound stack, so the setup is refused with the reason."""
    with pytest.raises(SetupError, match=r"75 face-up wounds .* wound stack has 60"):
        NightfallGame(players=5, long=True)
    for players in (2, 3, 4):
        assert NightfallGame(players=players, long=True).new_initial_state(1).face_up == players * 15


def test_every_setup_of_the_sweep_occurs() -> None:
    """The 2,000 games cover every (players, moons, long, first player) the setup allows,
    and every archive setup with every player count."""
    setups = [g.setup_json() for g, _ in map(game_setup, range(N_GAMES))]
    seen = {(s["players"], s["moons"], s["long"], s["first_player"]) for s in setups}
    wanted = {(n, m, lg, f) for n in range(2, 6) for m in (False, True) for lg in (False, True)
              for f in [*range(n), "random"] if not (n == 5 and lg)}
    assert seen == wanted
    assert {(s["players"], s["archives"]) for s in setups} == {(n, a) for n in range(2, 6) for a in ARCHIVE_SETUPS}


def test_turn_limit_ends_a_game_without_a_winner() -> None:
    """``turn_limit`` (simulations only; the rules have none) ends a game at the end of
    that turn, with no winner, and such a game replays like any other."""
    game = NightfallGame(players=3, turn_limit=3)
    final, actions = cf.play_random_game(game, 4, 4, lambda *_: None, MAX_ACTIONS)
    cf.check_game_over(final, MAX_ACTIONS, len(actions), no_winner=True)
    assert final.turn == 3 and sum(e["type"] == "turn" for e in final.events) == 3, \
        f"ended in turn {final.turn}, not at the end of turn 3"
    assert not final.ending, "the turn limit, not the last face-up wound, ended this game"
    cf.check_replay(game, 4, actions, final)


def test_a_card_taken_into_a_hand_in_plain_view_stays_known() -> None:
    """docs/architecture.md: an observation holds "the cards in other hands that everyone
    saw arrive". Doktor Nyilaszy's chain text takes a ghoul from the discard pile (a
    public zone) into its player's hand, with a public "fetch" event naming the card; so
    the opponent knows that card is in that hand, and every state determinized from the
    opponent's observation must keep it there. Today the observation forgets it and
    determinize() deals it into the deck most of the time. (The same holds for a card
    put on top of a deck in plain view: R&D's kicker, All Fears Revealed's claims to the deck,
    Unholy Resurrection's archive cards.)"""
    from nf_scenario import NfTable

    table = NfTable(players=2)
    ghoul = next(c.name for c in table.game.card_sets[0].starters if c.keyword == "ghoul")
    state = table.position(hands={0: ["Doktor Nyilaszy"]}, discards={0: [ghoul]}, phase="chain",
                           decks={0: ["Kilo 13", "Clever Ivan", "Snowstorm", "Victor One"] * 3})
    table.choose(state, "play", "Doktor Nyilaszy", by=0)
    table.choose(state, "done", by=0)
    table.choose(state, "done", by=1)
    table.choose(state, "card", ghoul, by=0)
    fetched = table.id(state, ghoul)
    assert state.hands[0] == [fetched]
    assert any(e["type"] == "fetch" and e["card"] == fetched for e in state.events_for(1))  # player 1 saw it
    kept = [fetched in table.game.determinize(state.observation(1), random.Random(k)).hands[0] for k in range(20)]
    assert all(kept), f"the fetched card left player 0's hand in {kept.count(False)} of 20 determinizations"


# --------------------------------------------------------------------- the checks can fail
def _state(i: int = 1, actions: int = 120, until=None) -> tuple[NightfallGame, NightfallState]:
    """Game ``i`` of the sweep after ``actions`` random actions (or fewer, at its end, or
    as soon as ``until(state)`` holds)."""
    game, seed = game_setup(i)
    state = game.new_initial_state(seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal() or (until is not None and until(state)):
            break
        state.apply(chooser.choice(state.legal_action_indices()))
    return game, state


def test_checks_catch_a_leaking_observation() -> None:
    """The permutation check is not vacuous: an observation that shows the face-down
    wound under the visible top, or another player's deck top, fails it."""

    class Leaky(NightfallState):
        __slots__ = ()

        def observation(self, player):
            return dict(super().observation(player), under_top=self.wounds[-2],
                        deck_tops=[d[-1] if d else None for d in self.decks])

    _, plain = _state()
    state = Leaky.from_json(plain.to_json())

    def leaky_permute(s, viewer, rng):
        permuted = permute_unseen(s, viewer, rng)
        permuted.__class__ = Leaky
        return permuted

    with pytest.raises(AssertionError, match="depends on cards it cannot see"):
        cf.check_observation_hides_unseen(state, leaky_permute, random.Random(0))
    assert cf.check_observation_hides_unseen(plain, permute_unseen, random.Random(0))  # moved cards, no leak


def test_checks_catch_a_shared_clone() -> None:
    """The clone check is not vacuous: a clone that shares one player's hand, or a
    minion's attachment list deep inside, or forgets the per-turn flags, fails it; and
    the to_json-based check of gloam.conformance.core catches the shared hand once an
    action changes it."""

    def variant(name, change):
        def clone(self):
            new = NightfallState.clone(self)
            new.__class__ = type(self)
            change(self, new)
            return new
        return type(name, (NightfallState,), {"__slots__": (), "clone": clone})

    Shallow = variant("Shallow", lambda old, new: new.hands.__setitem__(1, old.hands[1]))
    Attached = variant("Attached", lambda old, new: [new.minions[m].__setitem__("attached", old.minions[m]["attached"])
                                                     for m in old.minions])
    Forgetful = variant("Forgetful", lambda old, new: setattr(new, "flags", {}))

    _, state = _state(2, 0)
    shallow = Shallow.from_json(state.to_json())
    with pytest.raises(AssertionError, match=r"clone\(\) shares hands\[1\] with the original"):
        check_clone(shallow, shallow.legal_action_indices()[0])
    _, mid = _state(2, 1000, until=lambda st: len(st.minions) >= 2)
    assert mid.minions, "a position with minions in play"
    attached = Attached.from_json(mid.to_json())
    with pytest.raises(AssertionError, match=r"clone\(\) shares minions\[\d+\]\['attached'\]"):
        check_clone(attached, attached.legal_action_indices()[0])
    forgetful = Forgetful.from_json(state.to_json())
    assert forgetful.flags, "the first combat sets flags"
    with pytest.raises(AssertionError, match=r"clone\(\) differs from the original in \['flags'\]"):
        check_clone(forgetful, forgetful.legal_action_indices()[0])
    # the dynamic check: applying a card play to the shallow clone changes the original
    while not any(PLAY0 <= i < DISCARD0 and i - PLAY0 in shallow.hands[shallow.current_player()]
                  for i in shallow.legal_action_indices()) or shallow.current_player() != 1:
        shallow.apply(shallow.legal_action_indices()[0])
    play = next(i for i in shallow.legal_action_indices() if PLAY0 <= i < DISCARD0)
    with pytest.raises(AssertionError, match="changed the original"):
        cf.check_clone_and_apply(shallow, play)


def test_checks_catch_an_unredacted_draw() -> None:
    """The redaction checks are not vacuous: showing every player the dealt hands fails."""

    class Open(NightfallState):
        __slots__ = ()

        def events_for(self, viewer):
            return super().events_for(None)

    _, plain = _state(3, 10)
    state = Open.from_json(plain.to_json())
    with pytest.raises(AssertionError, match=r"\(draw\) shows \['cards'\] to player 1"):
        cf.check_event_redaction(state)
    with pytest.raises(AssertionError, match="sees player 0's draw"):
        check_private_events(state)


def test_checks_catch_a_determinize_that_changes_the_view() -> None:
    """The determinize check is not vacuous: a determinize that re-deals the viewer's own
    hand too (so the viewer would see other cards) fails it."""

    class Careless(NightfallGame):
        def determinize(self, observation, rng):
            det = super().determinize(observation, rng)
            viewer = observation["viewer"]
            pool = det.hands[viewer] + det.decks[viewer]
            rng.shuffle(pool)
            det.hands[viewer], det.decks[viewer] = pool[:len(det.hands[viewer])], pool[len(det.hands[viewer]):]
            return det

    game, state = _state(4, 30)
    careless = Careless.from_setup_json(game.setup_json())
    with pytest.raises(AssertionError, match="changed what player"):
        check_determinize_every_viewer(careless, state, random.Random(1), random.Random(2))


def test_checks_catch_a_lost_or_misplaced_card() -> None:
    """The card and position checks name what is wrong: a card in two places, a minion
    in play with no health left (rule 110)."""
    _, state = _state(5, 200)
    broken = state.clone()
    victim = broken.hands[0][0] if broken.hands[0] else broken.decks[0][0]
    broken.discards[1].append(victim)
    with pytest.raises(AssertionError, match=rf"more than once \[{victim}\]"):
        check_cards(broken)
    game, state = _state(6, 0)
    minion = next(c for c in state.decks[0] + state.hands[0] if game.card(state.cards[c]).is_minion)
    pile = state.decks[0] if minion in state.decks[0] else state.hands[0]
    pile.remove(minion)
    state.play[0].append(minion)
    state.minions[minion] = {"controller": 0, "damage": game.card(state.cards[minion]).health, "attached": [],
                             "turn": 1}
    with pytest.raises(AssertionError, match="rule 110"):
        check_position(state)


def test_checks_catch_a_frame_buried_under_the_turn() -> None:
    """The stack check is not vacuous: a pending step left beneath the turn's frame (as
    Ahmad Hassan's trigger for a minion destroyed at the end of a turn once was) fails it."""
    _, state = _state(8, 50)
    check_position(state)
    state.stack.insert(0, {"op": "damage", "target": {"player": "any"}, "amount": 1, "then": [],
                           "source": 0, "controller": 0})
    with pytest.raises(AssertionError, match="frames outlive their turn"):
        check_position(state)


def test_fast_clone_comparison_matches_to_json() -> None:
    """``fields`` (the fast comparison used on every action) sees every key of
    ``to_json``: changing any state field makes both comparisons differ."""
    _, state = _state(7, 60)
    keys = set(state.to_json()) - {"game"}
    assert len(fields(state)) == len(keys) + 1, "fields() and to_json() hold different things"  # events: 2
    for attr in ("owner", "decks", "hands", "discards", "play", "wounds", "exiled", "chain", "effects",
                 "stack", "events"):
        other = state.clone()
        value = getattr(other, attr)
        setattr(other, attr, engine.deep_copy(value) + ([[]] if attr in ("decks", "hands") else [{"x": 1}]))
        assert fields(other) != fields(state) and other != state, attr
    for attr, value in (("face_up", 99), ("turn", 99), ("phase", "x"), ("influence", 9), ("winner", 1)):
        other = state.clone()
        setattr(other, attr, value)
        assert fields(other) != fields(state) and other != state, attr
