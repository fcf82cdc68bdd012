"""Nightfall's setup (checklist part A2-A5, rules 13-37; readings 5, 11, 12): the wound
stack, the Coldest War draft, the Martial Law draft, the 2-player draft, quick start,
starting decks, opening hands, moons and the first player (``gloam/nightfall/setup.py``).

Drafts are player decisions (``kind == "draft"``, ``Option(k)`` = the k-th card of the
drafting player's hand sorted by card id). The tests drive them by card id through the
drafting player's own observation, and check that nobody's observation or event stream
shows another player's draft hand or face-down picks, and that the usual conformance
(cards conserved, clone and JSON round trip, determinize) holds at every draft decision.

Wall time: about 4 s.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from gloam.conformance import core as cf
from gloam.core.errors import SetupError
from gloam.core.rng import Rng
from gloam.nightfall import setup
from gloam.nightfall.actions import OPTION0
from gloam.nightfall.cards import load_set
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState

CW = load_set("CW")
DRAFTABLE = {c.id for c in CW.draftable}
PAIRS = [frozenset({c.id, CW.card(c.quick_start_partner).id}) for c in CW.draftable if c.quick_start_partner]
SEVEN_PAIRS = set(PAIRS)


# ---------------------------------------------------------------------- helpers
def drafting(state) -> bool:
    return state.pending() is not None and state.pending().kind == "draft"


def pick(state, card_id: str) -> None:
    """The player to act picks ``card_id`` from their draft hand, as a front end would."""
    player = state.current_player()
    hand = state.observation(player)["draft"]["hand"]
    state.apply(OPTION0 + hand.index(card_id), player=player)


def draft_randomly(state, chooser: random.Random, hook=None) -> list[int]:
    actions = []
    while drafting(state):
        action = chooser.choice(state.legal_action_indices())
        if hook:
            hook(state, action)
        state.apply(action)
        actions.append(action)
    return actions


def snapshot(state) -> dict:
    """The hidden draft data (the test may read the state)."""
    return json.loads(json.dumps(state.flags["draft"]))


def privates(state, p: int) -> list[str]:
    return [a["card"] for a in state.archives if a["owner"] == p]


def commons(state) -> list[str]:
    return [a["card"] for a in state.archives if a["owner"] == -1]


def cards_in_json(data) -> set[str]:
    """Every draft card id written anywhere in ``data``."""
    text = json.dumps(data)
    return {c for c in DRAFTABLE if f'"{c}"' in text}


# ---------------------------------------------------------------------- wound stack
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("archives", ["quick", "draft"])
def test_rule_13_ten_face_up_wounds_per_player_on_top_of_the_shuffled_stack(players, archives):
    state = NightfallGame(players=players, archives=archives).new_initial_state(seed=players)
    assert state.face_up == 10 * players
    assert len(state.wounds) == 60 and all(state.wtype[w] in ("bite", "burn", "bleed") for w in state.wounds)
    assert state.observation(0)["wound_top"] == state.wounds[-1]  # face up: the top is visible
    other = NightfallGame(players=players, archives=archives).new_initial_state(seed=players + 100)
    assert [state.cards[w] + state.wtype[w] for w in state.wounds] != \
           [other.cards[w] + other.wtype[w] for w in other.wounds]  # shuffled


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_14_a_longer_game_turns_five_more_wounds_per_player_face_up(players):
    state = NightfallGame(players=players, long=True).new_initial_state(seed=1)
    assert state.face_up == 15 * players


def test_reading_4_a_long_five_player_game_needs_more_wounds_than_one_set_has():
    with pytest.raises(SetupError, match="75 face-up wounds are needed but the wound stack has 60"):
        NightfallGame(players=5, long=True)


# ---------------------------------------------------------------------- the CW draft
@pytest.mark.parametrize("players", [3, 4, 5])
def test_rules_17_24_coldest_war_draft_gives_8_commons_and_2_private_archives_each(players):
    game = NightfallGame(players=players, archives="draft")
    state = game.new_initial_state(seed=11 * players)
    view = state.observation(0)["draft"]
    assert view["procedure"] == "draft" and view["schedule"] == ["private", "private", "commons"]
    dealt_commons = view["commons"]
    assert len(dealt_commons) == 8 - players  # rule 18: 8 - N face up first
    assert view["hand_sizes"] == [4] * players  # rule 19: 4 cards with one set
    assert state.archives == [] and all(h == [] for h in state.hands)
    start = snapshot(state)
    chooser = random.Random(players)
    draft_randomly(state, chooser)
    assert not drafting(state) and "draft" not in state.flags
    assert len(state.archives) == 8 + 2 * players
    assert all(len(a["cards"]) == 7 and {state.cards[c] for c in a["cards"]} == {a["card"]}
               for a in state.archives)  # rule 23: seven identical order cards each
    names = [a["card"] for a in state.archives]
    assert len(set(names)) == len(names)  # every draft card is one archive at most
    for p in range(players):
        assert len(privates(state, p)) == 2
    reveal = next(e for e in state.events if e["type"] == "draft_reveal")
    assert sorted(commons(state)) == sorted(dealt_commons + reveal["commons"])
    assert len(reveal["commons"]) == players and reveal["filled"] == []
    dealt = {c for hand in start["hands"] for c in hand}
    used = set(names)
    assert len(dealt - used) == players  # rule 22: the last card of each hand goes back to the box
    assert not (set(start["rest"]) & used)  # rule 19: the undealt cards stay in the box
    assert [len(h) for h in state.hands] == [5] * players and state.phase == "combat"
    state.check_cards()


def test_rules_20_22_each_pick_goes_where_the_rules_say_and_hands_pass_to_the_left():
    game = NightfallGame(players=4, archives="draft")
    state = game.new_initial_state(seed=5)
    first = snapshot(state)["hands"]
    chosen = {p: [] for p in range(4)}
    for rnd in range(3):
        before = snapshot(state)["hands"]
        for p in range(4):
            assert state.current_player() == p  # seat order within a pick
            card = before[p][-1]
            pick(state, card)
            chosen[p].append(card)
        if rnd < 2:
            after = snapshot(state)["hands"]
            for p in range(4):  # what p kept is now in the hand of the player to p's left
                left = (p + 1) % 4
                assert after[left] == sorted(c for c in before[p] if c != chosen[p][rnd])
                assert state.observation(left)["draft"]["hand"] == after[left]
    for p in range(4):
        assert privates(state, p) == chosen[p][:2]  # picks 1 and 2: the private archives
        assert chosen[p][2] in commons(state)  # pick 3: the commons
    assert {c for p in range(4) for c in first[p]} >= {c for p in range(4) for c in chosen[p]}


def test_rule_30_two_player_draft_removes_the_first_pick_and_sends_the_fourth_to_the_commons():
    game = NightfallGame(players=2, archives="draft")
    state = game.new_initial_state(seed=2)
    view = state.observation(1)["draft"]
    assert view["schedule"] == ["removed", "private", "private", "commons"]
    assert len(view["commons"]) == 6 and view["hand_sizes"] == [4, 4]
    chosen = {0: [], 1: []}
    decisions = 0
    while drafting(state):
        p = state.current_player()
        hand = state.observation(p)["draft"]["hand"]
        pick(state, hand[0])
        chosen[p].append(hand[0])
        decisions += 1
    assert decisions == 6  # the 4th pick is a hand of one card: made without asking
    reveal = next(e for e in state.events if e["type"] == "draft_reveal")
    for p in (0, 1):
        assert privates(state, p) == chosen[p][1:3]
        assert chosen[p][0] not in [a["card"] for a in state.archives]  # 1st pick removed
    fourth = [e["card"] for e in state.events if e["type"] == "draft_pick" and e["pick"] == 4]
    assert len(fourth) == 2 and set(fourth) <= set(commons(state))
    assert len(commons(state)) == 8 and reveal["commons"] == fourth
    for p in (0, 1):  # the removed card is never shown to the other player
        removed = chosen[p][0]
        assert removed not in json.dumps(state.events_for(1 - p))
        assert removed not in json.dumps(state.observation(1 - p))


# ---------------------------------------------------------------------- the ML draft
@pytest.mark.parametrize("players", [2, 3, 5])
def test_rules_25_29_martial_law_draft_fills_the_commons_to_8_after_the_picks(players):
    game = NightfallGame(players=players, archives="ml-draft")
    state = game.new_initial_state(seed=3 + players)
    view = state.observation(0)["draft"]
    assert view["procedure"] == "ml-draft" and view["commons"] == []  # no commons before drafting
    assert view["hand_sizes"] == [4] * players and view["rest_size"] == 24 - 4 * players
    rest = snapshot(state)["rest"]
    draft_randomly(state, random.Random(players))
    reveal = next(e for e in state.events if e["type"] == "draft_reveal")
    assert len(reveal["commons"]) == players  # one face-down pick each to the commons
    assert len(reveal["filled"]) == 8 - players and reveal["filled"] == rest[::-1][: 8 - players]
    assert sorted(commons(state)) == sorted(reveal["commons"] + reveal["filled"])
    assert len(commons(state)) == 8 and all(len(privates(state, p)) == 2 for p in range(players))
    state.check_cards()


# ---------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("archives,players", [("draft", 2), ("draft", 3), ("ml-draft", 4), ("draft", 5)])
def test_no_player_sees_another_players_draft_hand_or_picks(archives, players):
    """Observation and event stream of each viewer mention only draft cards the viewer
    has held or sees face up; other players' picks appear as counts until rule 23."""
    game = NightfallGame(players=players, archives=archives)
    state = game.new_initial_state(seed=40 + players)
    held = {p: set(snapshot(state)["hands"][p]) for p in range(players)}
    face_up = set(snapshot(state)["commons"])
    chooser = random.Random(players)
    while drafting(state):
        d = snapshot(state)
        for p in range(players):
            held[p] |= set(d["hands"][p])
        for viewer in range(players):
            obs = state.observation(viewer)
            assert cards_in_json(obs) <= held[viewer] | face_up, viewer
            assert cards_in_json(state.events_for(viewer)) <= held[viewer] | face_up, viewer
            assert obs["draft"]["hand"] == d["hands"][viewer]
            assert obs["draft"]["picks"] == d["picks"][viewer]
            assert obs["draft"]["pick_counts"] == [len(x) for x in d["picks"]]
            assert "draft" not in obs["in_flight"]["turn"]
            others = [c for q in range(players) if q != viewer for c in d["hands"][q] + d["picks"][q]]
            unseen = [c for c in others if c not in held[viewer]]
            if unseen and d["rest"]:  # swap one hidden card with one in the box: nothing shows
                other = state.clone()
                od = other.flags["draft"]
                a, b = unseen[0], od["rest"][0]
                for lists, keep_sorted in ((od["hands"], True), (od["picks"], False)):
                    for lst in lists:
                        if a in lst:
                            lst[lst.index(a)] = b
                            if keep_sorted:
                                lst.sort()
                od["rest"][0] = a
                assert other.observation(viewer) == obs
        state.apply(chooser.choice(state.legal_action_indices()))
    # rule 23: after the draft every private archive and the commons are public
    for viewer in range(players):
        assert [a["card"] for a in state.observation(viewer)["archives"]] == [a["card"] for a in state.archives]
    assert state.observation(0)["draft"] is None


def test_the_2_player_draft_lets_a_player_deduce_the_picks_that_come_back_and_determinize_agrees():
    """Two players: the hand that comes back is the one you passed, less the opponent's
    pick; determinize puts exactly that card among the opponent's picks, while the
    opponent's removed first pick (never seen) varies."""
    game = NightfallGame(players=2, archives="draft")
    state = game.new_initial_state(seed=9)
    for _ in range(4):  # picks 1 and 2 for both players
        pick(state, state.observation(state.current_player())["draft"]["hand"][0])
    assert state.current_player() == 0 and state.observation(0)["draft"]["round"] == 2
    truth = snapshot(state)
    passed = state.observation(0)["draft"]["passed"][0]
    deduced = set(passed) - set(state.observation(0)["draft"]["hand"])
    assert deduced == {truth["picks"][1][1]}
    removed = set()
    for k in range(12):
        det = game.determinize(state.observation(0), Rng(k))
        dd = det.flags["draft"]
        assert dd["picks"][1][1] == truth["picks"][1][1]
        assert dd["picks"][0] == truth["picks"][0] and dd["hands"][0] == truth["hands"][0]
        assert dd["hands"][1] == truth["hands"][1]  # the 2 cards the viewer passed at pick 2
        removed.add(dd["picks"][1][0])
    assert len(removed) > 1 and truth["picks"][1][0] not in passed


def draft_cards_placed(d: dict) -> list[str]:
    """Every draft card of a draft's data: hands, picks, face-up commons and the box."""
    return sorted([c for lst in d["hands"] + d["picks"] for c in lst] + d["commons"] + d["rest"])


def check_draft_position(game, state, action: int, salt: int) -> None:
    n_cards = len(state.cards)
    state.check_cards()
    cf.check_conservation(state.all_cards(), n_cards)
    assert draft_cards_placed(state.flags["draft"]) == sorted(setup.draft_pool(game))
    cf.check_protocol(state)
    cf.check_legal_mask(state)
    cf.check_clone_and_apply(state, action)
    cf.check_json_round_trip(state)
    det = cf.check_determinize(game, state, Rng(salt), lambda x: x.all_cards(), n_cards)
    assert draft_cards_placed(det.flags["draft"]) == sorted(setup.draft_pool(game))
    draft_randomly(det, random.Random(salt))  # the determinized draft plays to its end
    det.check_cards()
    assert len(det.archives) == 8 + 2 * game.players


@pytest.mark.parametrize("archives,players", [("draft", 2), ("draft", 3), ("ml-draft", 2), ("ml-draft", 5),
                                              ("draft", 4)])
def test_random_drafts_conform_at_every_decision(archives, players):
    """Cards conserved (card instances and draft cards), the protocol, clone
    independence, the exact JSON round trip, determinize consistent for the drafting
    player (the determinized draft then plays to its end), the event redaction; the
    record replays."""
    game = NightfallGame(players=players, archives=archives, first_player="random", moons=players % 2 == 0)
    for seed in range(3):
        state = game.new_initial_state(seed)
        chooser = random.Random(seed)
        actions: list[int] = []
        while drafting(state):
            action = chooser.choice(state.legal_action_indices())
            check_draft_position(game, state, action, seed * 101 + len(actions))
            state.apply(action)
            actions.append(action)
        cf.check_event_redaction(state)
        state.check_cards()
        for _ in range(30):  # a few turns on
            action = chooser.choice(state.legal_action_indices())
            state.apply(action)
            actions.append(action)
        cf.check_replay(game, seed, actions, state)


def test_the_last_pick_on_a_clone_leaves_the_original_untouched():
    """The archives' instances are created on the last pick; a clone made before it
    shares the instance table and must not see them."""
    game = NightfallGame(players=3, archives="draft")
    state = game.new_initial_state(seed=8)
    while True:
        d = state.flags["draft"]
        if d["round"] == 2 and d["seat"] == 2:
            break
        state.apply(state.legal_action_indices()[0])
    before = state.to_json()
    copy = state.clone()
    copy.apply(copy.legal_action_indices()[-1])
    assert len(copy.cards) == len(state.cards) + 7 * 14
    assert state.to_json() == before
    state.check_cards()
    copy.check_cards()


# ---------------------------------------------------------------------- options
def test_rule_19_draft_cards_depend_on_the_number_of_sets():
    assert setup.draft_card_range(1) == (4, 4)
    assert setup.draft_card_range(2) == (5, 6)
    assert setup.draft_card_range(3) == (7, 10)
    assert setup.check_draft(players=5, sets=2, pool=48, draft_cards=None) == 5
    assert setup.check_draft(players=5, sets=2, pool=48, draft_cards=6) == 6
    assert setup.check_draft(players=4, sets=3, pool=72, draft_cards=10) == 10
    with pytest.raises(SetupError, match="deal 5 to 6 draft cards"):
        setup.check_draft(players=3, sets=2, pool=48, draft_cards=7)
    with pytest.raises(SetupError, match="needs 53 draft cards but the sets have 48"):
        setup.check_draft(players=5, sets=3, pool=48, draft_cards=10)
    assert NightfallGame(players=3, archives="draft").draft_cards == 4
    assert NightfallGame(players=3, archives="draft", draft_cards=4).setup_json()["draft_cards"] == 4


@pytest.mark.parametrize("options,message", [
    ({"archives": "sealed"}, "archives must be one of quick, draft, ml-draft"),
    ({"archives": "draft", "draft_cards": 5}, r"with 1 set\(s\), deal 4 draft cards"),
    ({"archives": "ml-draft", "draft_cards": 3}, r"deal 4 draft cards to each player \(rule 19\), not 3"),
    ({"archives": "draft", "draft_cards": "4"}, "draft_cards must be an integer"),
    ({"archives": "quick", "draft_cards": 4}, "draft_cards is an option of the drafts"),
    ({"first_player": "left"}, 'first_player must be an integer or "random"'),
    ({"first_player": 2}, "first_player must be a seat from 0 to 1, not 2"),
    ({"first_player": True}, "first_player must be an integer"),
    ({"players": 6}, "Nightfall is for 2 to 5 players, not 6"),  # reading 5
    ({"players": 1}, "Nightfall is for 2 to 5 players, not 1"),
    ({"long": "yes"}, "long must be true or false"),
    ({"moons": 1}, "moons must be true or false"),
    ({"sets": ["CW", "XX"]}, "unknown set 'XX'"),
    ({"sets": ["CW", "CW"]}, "each set once"),
    ({"sets": []}, "sets must be a non-empty list of set codes"),
    ({"sets": "CW"}, "sets must be a non-empty list of set codes"),
    ({"promos": "yes"}, "promos must be true or false"),
])
def test_bad_setup_options_raise_setup_error(options, message):
    with pytest.raises(SetupError, match=message):
        NightfallGame.from_setup_json(options)


def test_unknown_setup_options_raise_setup_error():
    with pytest.raises(SetupError, match="unknown setup option"):
        NightfallGame.from_setup_json({"archive": "draft"})


@pytest.mark.parametrize("options", [
    {}, {"archives": "draft", "players": 3}, {"archives": "ml-draft", "players": 4, "moons": True},
    {"first_player": "random", "long": True}, {"archives": "draft", "draft_cards": 4, "first_player": 1},
])
def test_setup_json_round_trips(options):
    game = NightfallGame.from_setup_json(options)
    again = NightfallGame.from_setup_json(json.loads(json.dumps(game.setup_json())))
    assert again.setup_json() == game.setup_json()
    assert again.new_initial_state(4).to_json() == game.new_initial_state(4).to_json()


# ---------------------------------------------------------------------- quick start
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rule_31_quick_start_gives_each_player_one_of_the_seven_pairs(players):
    assert len(SEVEN_PAIRS) == 7
    seen_pairs = set()
    for seed in range(12):
        state = NightfallGame(players=players).new_initial_state(seed)
        pairs = [frozenset(privates(state, p)) for p in range(players)]
        assert all(pair in SEVEN_PAIRS for pair in pairs)
        assert len(set(pairs)) == players  # distinct pairs
        common = commons(state)
        assert len(common) == 8 and len(set(common)) == 8 and not (set(common) & set().union(*pairs))
        seen_pairs |= set(pairs)
        assert not drafting(state) and state.pending().kind == "combat_window"
    assert len(seen_pairs) == 7  # the pairs are dealt at random


# ---------------------------------------------------------------------- decks, hands, moons, first player
@pytest.mark.parametrize("archives", ["quick", "draft", "ml-draft"])
def test_rules_33_35_two_of_each_starter_shuffled_and_five_in_hand(archives):
    players = 3
    game = NightfallGame(players=players, archives=archives)
    state = game.new_initial_state(seed=6)
    draft_randomly(state, random.Random(6))
    starters = {c.id for c in CW.starters}
    orders = []
    for p in range(players):
        cards = state.decks[p] + state.hands[p]
        assert len(state.hands[p]) == 5 and len(cards) == 12
        assert Counter(state.cards[c] for c in cards) == Counter({s: 2 for s in starters})
        assert all(state.owner[c] == p for c in cards)
        orders.append([state.cards[c] for c in state.hands[p]])
    assert len({tuple(o) for o in orders}) > 1 or players == 1  # each deck shuffled on its own


@pytest.mark.parametrize("archives", ["quick", "draft"])
def test_rule_36_moon_phases_shuffled_face_up_the_top_is_current(archives):
    game = NightfallGame(players=2, archives=archives, moons=True)
    tops = set()
    for seed in range(6):
        state = game.new_initial_state(seed)
        if archives == "draft":  # the moons come out after the draft (rule 36 follows 17-24)
            assert state.moons == [] and state.observation(0)["moon"] is None
            draft_randomly(state, random.Random(seed))
        assert sorted(state.cards[m] for m in state.moons) == sorted(m.id for m in CW.moons)
        assert state.observation(1)["moon"] == state.moons[-1]
        tops.add(state.cards[state.moons[-1]])
    assert len(tops) > 1
    plain = NightfallGame(players=2, archives=archives).new_initial_state(0)
    draft_randomly(plain, random.Random(0))
    assert plain.moons == []


@pytest.mark.parametrize("archives", ["quick", "draft"])
def test_rule_37_first_player_is_a_seat_or_drawn_at_random(archives):
    state = NightfallGame(players=3, archives=archives, first_player=2).new_initial_state(1)
    draft_randomly(state, random.Random(1))
    assert state.first_player == state.active == 2
    assert next(e for e in state.events if e["type"] == "turn")["player"] == 2
    default = NightfallGame(players=3, archives=archives).new_initial_state(1)
    draft_randomly(default, random.Random(1))
    assert default.first_player == default.active == 0
    game = NightfallGame(players=4, archives=archives, first_player="random")
    assert game.setup_json()["first_player"] == "random"
    firsts = []
    for seed in range(16):
        state = game.new_initial_state(seed)
        draft_randomly(state, random.Random(seed))
        event = next(e for e in state.events if e["type"] == "first_player")
        assert state.first_player == state.active == event["player"]
        assert state.current_player() == state.first_player  # the first combat window is theirs
        back = NightfallState.from_json(json.loads(json.dumps(state.to_json())))
        assert back.first_player == state.first_player
        firsts.append(state.first_player)
    assert len(set(firsts)) > 1
    again = game.new_initial_state(3)
    draft_randomly(again, random.Random(3))
    assert again.first_player == firsts[3]  # from the game's generator: the seed decides


@pytest.mark.parametrize("first", [0, 2, "random"])
def test_the_first_player_setting_lives_in_one_field(first):
    """The setup's first player (rule 37) is one field holding what the setup says, a seat
    or "random", the same as the setup record's: not a seat 0 standing in for "random"
    beside a separate flag."""
    game = NightfallGame(players=3, first_player=first)
    assert game.first_player == first == game.setup_json()["first_player"]
    assert game.random_first == (first == "random")
    assert game.start_seat == (0 if first == "random" else first)
    assert NightfallGame.from_setup_json(game.setup_json()).first_player == first
