"""The greedy Nightmarium bot (``gloam.bots.nightmarium_greedy``): always legal, seeded,
blind to hidden cards, sensible in constructed positions, and far stronger than random.

Constructed positions use a small named composition (:func:`_table`) so that each test
says exactly which cards are where; rule numbers are those of the rules checklist,
part B (186-211), and its readings 28-32.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from gloam.bots import make_bot
from gloam.bots.base import RandomBot
from gloam.bots.nightmarium_greedy import GreedyBot
from gloam.core.decisions import EndReason
from gloam.core.rng import derive_seed
from gloam.games import get_game
from gloam.match import play_match
from gloam.nightmarium.actions import Discard, DiscardCard, Draw as Draw_, Play, Target
from gloam.nightmarium.cards import LEGIONS, composition_from_json
from gloam.nightmarium.game import NightmariumGame
from gloam.nightmarium.state import NightmariumState
from gloam.simulate import simulation_setup
from scenario import table  # noqa: E402

# --------------------------------------------------------------------------- helpers
_SHORT = {name[:3].upper(): name for name in LEGIONS}
_PARTS = {"legs": ["legs"], "body": ["body"], "head": ["head"]}


class _Table:
    """A game over named cards (``"NEC head Executioner"``), padded with plain cards."""

    def __init__(self, specs: dict[str, str], players: int = 2) -> None:
        entries = []
        for name, spec in specs.items():
            legion, parts, *ability = spec.split()
            entries.append({"code": name, "legion": _SHORT[legion],
                            "parts": [p for word in parts.split("/") for p in _PARTS[word]],
                            "ability": ability[0] if ability and ability[0] != "-" else None})
        for k in range(40 - len(entries)):  # plain Chimerid padding: the deck
            entries.append({"code": f"pad{k:02d}", "legion": "Chimerid",
                            "parts": [("legs", "body", "head")[k % 3]], "ability": None})
        comp = composition_from_json({"name": "greedy-tests", "cards": entries})
        self.game = NightmariumGame(players=players, composition=comp)
        self.ids = {c.code: c.id for c in comp.cards}

    def position(self, *, hands: dict[int, list[str]], creatures: dict[int, list[list[str]]],
                 mode: str = "turn", active: int = 0, actions_left: int = 2,
                 resolving: str | None = None, abilities: tuple[int, ...] = (),
                 revealed: tuple[str, ...] = (), penalties: tuple[tuple[int, str], ...] = (),
                 pen_any: bool = False) -> NightmariumState:
        """A position with every card not named in a hand, Creature or reveal in the deck."""
        n = self.game.num_players
        ids = self.ids
        placed = {c for h in hands.values() for c in h} | set(revealed)
        placed |= {c for pl in creatures.values() for cr in pl for c in cr}
        state = NightmariumState(self.game)
        state.load_fields({
            "hands": [[ids[c] for c in hands.get(p, [])] for p in range(n)],
            "deck": [i for name, i in ids.items() if name not in placed],
            "discard": [],
            "creatures": [[[ids[c] for c in cr] for cr in creatures.get(p, [])] for p in range(n)],
            "revealed": [ids[c] for c in revealed],
            "known": [[] for _ in range(n)],
            "active": active, "actions_left": actions_left, "first_legion": -1, "turn": 5,
            "mode": mode, "resolving": ids[resolving] if resolving else -1,
            "abilities": list(abilities),
            "penalties": [[p, LEGIONS.index(_SHORT[legion])] for p, legion in penalties],
            "pen_need": (2 if pen_any else 1) if penalties else 0, "pen_any": pen_any,
            "discarded": 0, "winner": -1,
        })
        return state

    def play(self, card: str, slot: int) -> Play:
        return Play(self.ids[card], slot)


def _greedy_action(state: NightmariumState, seed: int = 0):
    """The action the greedy bot picks for the player to act, as an action object."""
    player = state.current_player()
    legal = state.legal_action_indices()
    index = GreedyBot(seed).choose(state.game, state.observation(player), legal)
    assert index in legal
    return state.action_space[index]


class _Checked(GreedyBot):
    """A greedy bot that checks every answer is legal and records the decision kinds."""

    kinds: Counter = Counter()

    def choose(self, game, observation, legal):
        before = copy.deepcopy(observation)
        choice = super().choose(game, observation, legal)
        assert choice in legal, f"illegal choice {choice} in {observation['mode']}: {legal}"
        assert observation == before, "the bot changed its observation"
        _Checked.kinds[observation["mode"]] += 1
        return choice


# --------------------------------------------------------------------------- legality
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_always_legal_in_seeded_games(players: int) -> None:
    """Over seeded 2-5 player games (rule 186), mixed with random bots and against
    itself, every greedy answer is one of the legal options and the games end."""
    game = get_game("nightmarium", {"players": players})
    for g in range(12):
        bots = [_Checked(g * 10 + p) if (g < 6 or p % 2 == 0) else RandomBot(p) for p in range(players)]
        result = play_match(game, bots, seed=1000 * players + g, max_decisions=20_000)
        assert result.state.is_terminal()


def test_meets_every_kind_of_decision() -> None:
    """The games above put the bot in every decision kind the engine has: turn,
    discard (action B), penalty (rule 203), Songbird, Mockingbird, Executioner,
    Scavenger and Devourer (rules 204-209)."""
    _Checked.kinds = Counter()
    for players in (2, 3, 4, 5):
        test_always_legal_in_seeded_games(players)
    assert set(_Checked.kinds) == {"turn", "discard", "penalty", "songbird", "mockingbird",
                                   "executioner", "scavenger", "devourer"}


def test_registered_as_greedy() -> None:
    game = get_game("nightmarium", {"players": 2})
    assert isinstance(make_bot("greedy", game, seed=4), GreedyBot)


# --------------------------------------------------------------------------- determinism
def test_same_seed_same_game() -> None:
    """Same seeds, same game: the bot's only randomness is its own seeded tie-break."""
    game = get_game("nightmarium", {"players": 3})
    runs = [play_match(game, [GreedyBot(7), RandomBot(8), GreedyBot(9)], seed=42).actions
            for _ in range(2)]
    assert runs[0] == runs[1]


def _hide_differently(state: NightmariumState, viewer: int, rng: random.Random) -> NightmariumState:
    """A copy where the cards ``viewer`` cannot see (the deck and the unknown cards of
    other hands) are shuffled among their places."""
    data = state.to_json()
    slots = [("deck", None, i) for i in range(len(data["deck"]))]
    for p, hand in enumerate(data["hands"]):
        if p != viewer:
            known = set(data["known"][p])
            slots += [("hands", p, i) for i, c in enumerate(hand) if c not in known]
    cards = [data[z][i] if p is None else data[z][p][i] for z, p, i in slots]
    rng.shuffle(cards)
    for (z, p, i), c in zip(slots, cards):
        if p is None:
            data[z][i] = c
        else:
            data[z][p][i] = c
    return NightmariumState.from_json(data)


def test_choice_depends_only_on_the_observation() -> None:
    """Two positions that look the same from the bot's seat but hide different cards
    (opponents' hands, the deck) get the same choice from equally seeded bots."""
    game = get_game("nightmarium", {"players": 3})
    rng = random.Random(5)
    checked = hidden = 0
    for g in range(6):
        state = game.new_initial_state(seed=g)
        walker = RandomBot(g)
        while not state.is_terminal() and state.turn < 40:
            player = state.current_player()
            legal = state.legal_action_indices()
            if len(legal) > 1:
                other = _hide_differently(state, player, rng)
                assert other.observation(player) == state.observation(player)
                hidden += (other.hands, other.deck) != (state.hands, state.deck)
                a = GreedyBot(g).choose(game, state.observation(player), legal)
                b = GreedyBot(g).choose(game, other.observation(player), other.legal_action_indices())
                assert a == b
                checked += 1
            state.apply(walker.choose(game, None, legal))
    assert checked > 300 and hidden > 0.9 * checked


# --------------------------------------------------------------------------- completing
def test_completes_a_creature_when_it_can() -> None:
    """Rules 196-197/200: with a head for its legs+body pair in hand, the bot adds it
    rather than laying legs, adding a body elsewhere or drawing."""
    t = _Table({"L1": "NEC legs", "B1": "CON body", "H1": "MAN head",
                "L2": "CON legs", "B2": "CON body", "L3": "MAN legs"})
    state = t.position(hands={0: ["H1", "B2", "L3"]}, creatures={0: [["L1", "B1"], ["L2"]]})
    assert _greedy_action(state) == t.play("H1", 0)


def test_takes_the_winning_completion_whatever_its_abilities() -> None:
    """Rule 192: completing the fifth Creature wins at once, so a Devourer head that
    would otherwise eat one of its own heads (rule 209) is still played."""
    t = _Table({f"{p}{k}": f"NEC {part}" for k in range(4) for p, part in
                (("L", "legs"), ("B", "body"), ("H", "head"))}
               | {"L9": "CON legs", "B9": "CON body", "HD": "MAN head Devourer", "BX": "NEC body"})
    done = [[f"L{k}", f"B{k}", f"H{k}"] for k in range(4)]
    state = t.position(hands={0: ["HD", "BX"]}, creatures={0: done + [["L9", "B9"]]})
    action = _greedy_action(state)
    assert action == t.play("HD", 4)
    state.apply(action)
    assert state.winner == 0


def test_prefers_a_same_legion_creature() -> None:
    """Rule 203: a pure-Legion Creature makes every opponent discard, so of two plain
    heads the bot adds the one of its pair's Legion."""
    t = _Table({"L1": "CON legs", "B1": "CON body", "HC": "CON head", "HM": "MAN head"})
    state = t.position(hands={0: ["HM", "HC"], 1: ["pad00", "pad01"]}, creatures={0: [["L1", "B1"]]})
    assert _greedy_action(state) == t.play("HC", 0)


def test_first_play_sets_up_a_same_legion_second_play() -> None:
    """Rule 199: a second play must match the first play's Legion. With a Constrict
    body and head for Constrict legs, and a Manster body for Manster legs, the bot plays
    the Constrict body first and completes with the Constrict head second."""
    t = _Table({"LC": "CON legs", "BC": "CON body", "HC": "CON head",
                "LM": "MAN legs", "BM": "MAN body"})
    state = t.position(hands={0: ["BM", "BC", "HC"]}, creatures={0: [["LM"], ["LC"]]})
    first = _greedy_action(state)
    assert first == t.play("BC", 1)
    state.apply(first)
    assert _greedy_action(state) == t.play("HC", 1)
    state.apply(t.play("HC", 1))
    assert len(state.creatures[0][1]) == 3


def test_mockingbird_play_completes() -> None:
    """Rule 206: Mockingbird's play from hand is scored like a turn's play, so it
    completes a Creature when a head fits."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Mockingbird",
                "L1": "MAN legs", "B1": "CON body", "H1": "MAN head", "LX": "CON legs"})
    state = t.position(hands={0: ["LX", "H1"]}, creatures={0: [["L0", "B0", "H0"], ["L1", "B1"]]},
                       mode="mockingbird", resolving="L0")
    assert _greedy_action(state) == t.play("H1", 1)


def test_songbird_plays_the_non_completing_card_first() -> None:
    """Rule 204, reading 28: once a revealed card completes a Creature the other one is
    discarded, so with a body and a completing head revealed the body goes first."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Songbird",
                "L1": "MAN legs", "B1": "CON body", "L2": "CON legs",
                "RB": "CON body", "RH": "MAN head"})
    state = t.position(hands={0: []}, creatures={0: [["L0", "B0", "H0"], ["L1", "B1"], ["L2"]]},
                       mode="songbird", resolving="L0", revealed=("RH", "RB"))
    action = _greedy_action(state)
    assert action == t.play("RB", 2)
    state.apply(action)
    assert _greedy_action(state) == t.play("RH", 1)


# --------------------------------------------------------------------------- targets
def test_executioner_beheads_a_complete_creature() -> None:
    """Rule 207, reading 31: Executioner may take from a complete Creature; taking its
    head un-completes it, which hurts more than taking a body or legs."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Executioner",
                "A1": "MAN legs", "A2": "MAN body", "A3": "MAN head",
                "C1": "CON legs", "C2": "CON body", "D1": "CON legs"})
    state = t.position(hands={0: [], 1: ["pad00"]},
                       creatures={0: [["L0", "B0", "H0"]], 1: [["C1", "C2"], ["A1", "A2", "A3"], ["D1"]]},
                       mode="executioner", resolving="L0")
    assert _greedy_action(state) == Target(1, 1)


def test_executioner_picks_the_leader() -> None:
    """Rule 207 with three players: of two complete Creatures the bot beheads one of
    the opponent closest to winning (rule 192)."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Executioner"}
               | {f"{p}{k}": f"MAN {part}" for k in range(1, 3) for p, part in
                  (("L", "legs"), ("B", "body"), ("H", "head"))}, players=3)
    # player 2 leads with two complete Creatures against player 1's one
    state = t.position(hands={0: [], 1: ["pad06"], 2: ["pad07"]},
                       creatures={0: [["L0", "B0", "H0"]], 1: [["L1", "B1", "H1"]],
                                  2: [["L2", "B2", "H2"], ["pad00", "pad01", "pad02"]]},
                       mode="executioner", resolving="L0")
    assert _greedy_action(state) in (Target(2, 0), Target(2, 1))


def test_scavenger_discards_the_biggest_incomplete_creature() -> None:
    """Rule 208: Scavenger discards an incomplete Creature; the bot takes the legs+body
    pair rather than bare legs (the complete one is not a valid target)."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Scavenger",
                "A1": "MAN legs", "A2": "MAN body", "A3": "MAN head",
                "C1": "CON legs", "C2": "CON body", "D1": "CON legs"})
    state = t.position(hands={0: [], 1: ["pad00"]},
                       creatures={0: [["L0", "B0", "H0"]], 1: [["D1"], ["A1", "A2", "A3"], ["C1", "C2"]]},
                       mode="scavenger", resolving="L0")
    assert state.legal_actions() == [Target(1, 0), Target(1, 2)]
    assert _greedy_action(state) == Target(1, 2)


def test_scavenger_picks_the_leader() -> None:
    """Rule 208 with three players: of two equal pairs, the leader's is discarded."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Scavenger",
                "A1": "MAN legs", "A2": "MAN body", "C1": "MAN legs", "C2": "MAN body"}, players=3)
    state = t.position(hands={0: [], 1: ["pad06"], 2: ["pad07"]},
                       creatures={0: [["L0", "B0", "H0"]], 1: [["A1", "A2"]],
                                  2: [["pad00", "pad01", "pad02"], ["C1", "C2"]]},
                       mode="scavenger", resolving="L0")
    assert _greedy_action(state) == Target(2, 1)


def test_devourer_spares_complete_creatures() -> None:
    """Rule 209: Devourer must discard the top card of another of the bot's own
    Creatures; it eats bare legs rather than behead a complete Creature."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body", "H0": "NEC head Devourer",
                "A1": "MAN legs", "A2": "MAN body", "A3": "MAN head", "D1": "CON legs"})
    state = t.position(hands={0: ["pad00"]},
                       creatures={0: [["A1", "A2", "A3"], ["L0", "B0", "H0"], ["D1"]]},
                       mode="devourer", resolving="L0")
    assert state.legal_actions() == [Target(0, 0), Target(0, 2)]
    assert _greedy_action(state) == Target(0, 2)


def test_devourer_then_mockingbird_re_completes() -> None:
    """Rule 210: with a Mockingbird still to resolve and a head in hand, Devourer may
    behead a complete Creature, because Mockingbird puts a head straight back."""
    t = _Table({"L0": "NEC legs", "B0": "NEC body Devourer", "H0": "NEC head",
                "M0": "NEC legs Mockingbird", "A1": "MAN legs", "A2": "MAN body",
                "A3": "MAN head", "HX": "CON head Mourner", "D1": "CON legs"})
    from gloam.nightmarium.cards import MOCKINGBIRD
    state = t.position(hands={0: ["HX"]},
                       creatures={0: [["A1", "A2", "A3"], ["M0", "B0", "H0"], ["D1"]]},
                       mode="devourer", resolving="M0", abilities=(MOCKINGBIRD,))
    action = _greedy_action(state)
    assert action == Target(0, 0)
    state.apply(action)
    assert state.decision_kind() == "mockingbird"
    assert _greedy_action(state) == t.play("HX", 0)


# --------------------------------------------------------------------------- discarding
def test_penalty_discards_the_least_useful_card() -> None:
    """Rule 203: owing one Constrict card, the bot keeps the Constrict head that
    completes its pair and discards the Constrict legs."""
    t = _Table({"L1": "MAN legs", "B1": "MAN body", "HC": "CON head", "LC": "CON legs",
                "L0": "NEC legs", "B0": "NEC body", "H0": "NEC head", "BM": "MAN body"})
    state = t.position(hands={0: ["pad00"], 1: ["HC", "BM", "LC"]},
                       creatures={0: [["L0", "B0", "H0"]], 1: [["L1", "B1"]]},
                       mode="penalty", resolving="L0", penalties=((1, "CON"),))
    assert state.current_player() == 1
    assert _greedy_action(state) == DiscardCard(t.ids["LC"])


def test_action_b_clears_a_clogged_hand() -> None:
    """Rules 195, 198: with five Creatures down (the cap) and none bare legs, legs and
    bodies can never be placed again; holding five of them, the bot takes action B,
    discards exactly those, and stops."""
    specs = {f"{p}{k}": f"NEC {part}" for k in range(5) for p, part in
             (("L", "legs"), ("B", "body"), ("H", "head"))}
    specs |= {f"X{k}": f"MAN {'legs' if k < 3 else 'body'}" for k in range(5)}
    t = _Table(specs)
    mine = [[f"L{k}", f"B{k}", f"H{k}"] for k in range(2)] + [[f"L{k}", f"B{k}"] for k in range(2, 5)]
    dead = [f"X{k}" for k in range(5)]
    state = t.position(hands={0: dead, 1: ["pad00"]}, creatures={0: mine})
    assert state.legal_actions()[:2] == [Draw_(), Discard()]
    assert _greedy_action(state) == Discard()
    state.apply(Discard())
    while True:
        action = _greedy_action(state)
        state.apply(action)
        if state.decision_kind() != "discard":
            break
    assert not set(t.ids[c] for c in dead) & set(state.hands[0])
    assert len(state.hands[0]) == 2  # five discarded, two drawn


def test_no_action_b_when_the_cards_are_only_waiting() -> None:
    """Rule 195: heads with no pair to go on yet are still worth keeping: the bot
    draws rather than discarding them."""
    t = _Table({"H1": "NEC head", "H2": "MAN head", "H3": "CON head", "H4": "NEC head",
                "H5": "MAN head", "L1": "CON legs"})
    state = t.position(hands={0: ["H1", "H2", "H3", "H4", "H5"]}, creatures={0: [["L1"]]})
    assert _greedy_action(state) == Draw_()


# --------------------------------------------------------------------------- a blockade
# Late in a long game every card can be in the hands and Creatures: the deck and the
# discard pile are empty, so nothing can be drawn (rule 194) until someone discards
# (rules 190, 195). The greedy bot then dumps what it can never place.
BLOCKADE = {"l1": "NEC legs -", "h1": "MAN head -", "d1": "MAN legs -"}
# three complete Creatures (the padding is legs, body, head in turn) and bare legs d1
BLOCKADE_MINE = [["pad01", "pad02", "pad03"], ["pad04", "pad05", "pad06"], ["pad07", "pad08", "pad09"], ["d1"]]


@pytest.mark.leaves_decision("what is left (the rest of the action) is not what it checks")
def test_blockade_the_bot_dumps_the_head_it_cannot_place_and_keeps_its_legs() -> None:
    """Rules 190, 194-195, 197: with nothing to draw, a head is only worth keeping if
    the bot's own cards can ever carry it. Discarding with the deck and the discard
    pile empty, the bot gives up the head (no pair, no body in hand) and keeps the legs
    it can still lay as a new Creature (4 of 5), then stops: one card into the new deck."""
    t = table(BLOCKADE)
    state = t.position(hands={0: ["h1", "l1"]}, creatures={0: BLOCKADE_MINE}, rest=1)
    assert state.observation(0)["deck_size"] == 0 and state.observation(0)["discard"] == []
    assert _greedy_action(state) == Discard()  # no draw is offered; B rather than new legs
    state.apply(Discard())
    assert _greedy_action(state) == DiscardCard(t.id("h1"))
    state.apply(DiscardCard(t.id("h1")))
    assert type(_greedy_action(state)).__name__ == "StopDiscarding"


@pytest.mark.parametrize("deck, expected", [(["pad10"], "discard"), (["pad10", "pad11", "pad12"], "draw")])
def test_blockade_the_bot_does_not_draw_back_a_stale_deck(deck: list[str], expected: str) -> None:
    """Rules 190, 194-195: on the second action, with the discard pile empty and a deck of
    one card just shuffled in (most likely the card a player could not use), the bot
    holding a card it can never place discards it rather than drawing the stale card
    back; with a real deck (three cards) it draws as usual."""
    t = table(BLOCKADE)
    state = t.position(hands={0: ["h1"]}, creatures={0: BLOCKADE_MINE}, deck=deck, rest=1, actions_left=1)
    assert {type(a).__name__ for a in state.legal_actions()} == {"Draw", "Discard"}
    assert _greedy_action(state) == (Discard() if expected == "discard" else Draw_())


def test_five_greedy_bots_to_seven_creatures_end_by_the_rules() -> None:
    """Rules 190, 192-195 and docs/rules-decisions.md: the first 100 games of
    ``gloam simulate nightmarium --seats greedy,greedy,greedy,greedy,greedy --creatures 7
    --seed 0`` (same deals and bot seeds) all end by the rules: a winner with seven
    Creatures, or a dead position; none runs to the simulation's 1,000-turn limit.
    Before issue 13 games 46, 61 and 94 of them (38 of the first 2,000) did: the bots
    drew nothing from an empty deck forever, every card stuck in hands and Creatures."""
    setup = simulation_setup("nightmarium", {"players": 5, "creatures": 7}, ["greedy"] * 5)
    game = get_game("nightmarium", setup)
    ends: Counter = Counter()
    for i in range(100):
        bots = [make_bot("greedy", game, seed=derive_seed(0, i, p + 1)) for p in range(5)]
        state = play_match(game, bots, seed=derive_seed(0, i)).state
        ends[state.outcome().reason] += 1
        assert state.turn < setup["turn_limit"], f"game {i} ran to the turn limit"
    assert set(ends) <= {EndReason.CREATURES, EndReason.DEAD_POSITION} and ends[EndReason.CREATURES] >= 95


# --------------------------------------------------------------------------- strength
def test_beats_random_play() -> None:
    """Over 200 two-player games, seats swapped half each way (rule 191 gives seat 0
    the first turn), greedy wins at least 90% against a uniformly random player."""
    game = get_game("nightmarium", {"players": 2})
    wins = 0
    n = 200
    for g in range(n):
        seat = g % 2
        bots = [GreedyBot(g) if p == seat else RandomBot(10_000 + g) for p in range(2)]
        result = play_match(game, bots, seed=g)
        wins += result.state.winner == seat
    assert wins / n >= 0.9, f"greedy won {wins} of {n}"
