"""The information-set MCTS bot (``gloam.bots.ismcts``) and ``gloam play --hints``:
always legal in 2-5 player games, deterministic for a seed, blind to the cards it
cannot see, finds a winning completion (rule 192), beats random play, works on any game
that implements the protocol (the toy game of tests/toy_game.py), and hints show three options with
win chances without changing a single action of the game.

Rule numbers are those of the rules checklist, part B (186-211), and its readings.
"""

from __future__ import annotations

import copy
import io
import random
import re
from collections import Counter

import pytest
from rich.console import Console

from gloam.bots import bot_names, make_bot
from gloam.bots.base import RandomBot
from gloam.bots.ismcts import (
    ISMCTS,
    LEVELS,
    ISMCTSBot,
    NightmariumValue,
    RolloutEvaluator,
    SearchConfig,
    evaluator_for,
    hint_search,
)
from gloam.cli import play
from gloam.cli.main import main
from gloam.core.record import Record
from gloam.core.rng import Rng
from gloam.games import get_game
from gloam.match import play_match
from gloam.nightmarium.actions import DRAW, play_index
from gloam.nightmarium.cards import BODY, HEAD, LEGS
from gloam.nightmarium.state import NightmariumState
from toy_game import BOAST, KEEP, SWAP, TOP, _HighCard

FAST = SearchConfig(iterations=30)


class _Checked(ISMCTSBot):
    """A search bot that checks each answer is legal and that it left its observation
    as it was given, and counts the kinds of decision it met."""

    kinds: Counter = Counter()

    def choose(self, game, observation, legal):
        before = copy.deepcopy(observation)
        choice = super().choose(game, observation, legal)
        assert choice in legal, f"illegal choice {choice} in {observation['mode']}: {legal}"
        assert observation == before, "the bot changed its observation"
        _Checked.kinds[observation["mode"]] += 1
        return choice


def _walk(game, seed: int, decisions: int) -> NightmariumState:
    """The state after ``decisions`` random decisions from deal ``seed``, moved on to a
    decision with at least two options."""
    state = game.new_initial_state(seed)
    walker = RandomBot(seed)
    for _ in range(decisions):
        state.apply(walker.choose(game, None, state.legal_action_indices()))
    while len(state.legal_action_indices()) < 2:
        state.apply(state.legal_action_indices()[0])
    return state


def _hide_differently(state: NightmariumState, viewer: int, rng: random.Random) -> NightmariumState:
    """A copy where the cards ``viewer`` cannot see (the deck and the cards of other
    hands nobody saw taken) are shuffled among their places."""
    data = state.to_json()
    slots: list[tuple[str, int | None, int]] = [("deck", None, i) for i in range(len(data["deck"]))]
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


# --------------------------------------------------------------------------- registry
def test_levels_are_registered_for_every_game_by_name() -> None:
    game = get_game("nightmarium", {"players": 2})
    assert {"easy", "normal", "hard"} <= set(bot_names("nightmarium"))
    budgets = []
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, game, seed=1)
        assert isinstance(bot, ISMCTSBot) and bot.name == level
        budgets.append(bot.config.iterations)
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


# --------------------------------------------------------------------------- legality
def test_always_legal_in_2_to_5_player_games_and_every_kind_of_decision() -> None:
    """Rule 186: 2-5 players. Search bots in two seats (random in the others) answer
    every decision of a whole game with a legal option, and between them meet every
    kind of decision: turn, action B, the rule-203 penalty and the abilities (204-209)."""
    _Checked.kinds = Counter()
    for players in (2, 3, 4, 5):
        game = get_game("nightmarium", {"players": players})
        bots = [_Checked(p, FAST) if p < 2 else RandomBot(p) for p in range(players)]
        assert play_match(game, bots, seed=31 + players).state.is_terminal()
    assert set(_Checked.kinds) == {"turn", "discard", "penalty", "songbird", "mockingbird",
                                   "executioner", "scavenger", "devourer"}


# --------------------------------------------------------------------------- determinism
@pytest.mark.parametrize("config", [FAST, SearchConfig(iterations=30, samples_per_determinization=3)])
def test_same_seed_same_choice_and_same_statistics(config: SearchConfig) -> None:
    game = get_game("nightmarium", {"players": 3})
    state = _walk(game, seed=4, decisions=30)
    player = state.current_player()
    legal = state.legal_action_indices()
    runs = [ISMCTSBot(9, config).analyse(game, state.observation(player), legal) for _ in range(2)]
    assert runs[0].options == runs[1].options
    assert sum(o.visits for o in runs[0].options) == config.iterations == runs[0].iterations
    assert {o.action for o in runs[0].options} == set(legal)
    other = ISMCTSBot(10, config).analyse(game, state.observation(player), legal)
    assert other.options != runs[0].options  # the seed does matter


def test_same_seeds_same_game() -> None:
    game = get_game("nightmarium", {"players": 2})
    runs = [play_match(game, [ISMCTSBot(1, FAST), RandomBot(2)], seed=8, max_decisions=40).actions
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_time_budget_stops_the_search_early() -> None:
    """An optional time limit per decision: the search stops when it runs out, even
    with iterations left (here a fake clock ticks one second per reading)."""
    game = get_game("nightmarium", {"players": 2})
    state = _walk(game, seed=2, decisions=20)
    ticks = iter(range(10_000))
    search = ISMCTS(SearchConfig(iterations=1000, time_limit=5.0), clock=lambda: float(next(ticks)))
    result = search.search(game, state.observation(state.current_player()), state.legal_action_indices(), Rng(1))
    assert result.iterations == 5 and sum(o.visits for o in result.options) == 5
    assert result.best in state.legal_action_indices()


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"iterations": 2.5}, {"time_limit": 0},
                                 {"samples_per_determinization": 0}, {"samples_per_determinization": 1.5}])
def test_bad_budgets_are_refused(bad) -> None:
    with pytest.raises(ValueError):
        SearchConfig(**bad)


# --------------------------------------------------------------------------- fairness
@pytest.mark.parametrize("players", [2, 3])
def test_choice_unchanged_when_the_cards_it_cannot_see_are_permuted(players: int) -> None:
    """The bot searches from its observation only: shuffle the deck and the unseen
    cards of the other hands (seed 004: hands are hidden; reading 31's Executioner
    cards stay known) and the same seed gives the same choice and statistics."""
    game = get_game("nightmarium", {"players": players})
    rng = random.Random(players)
    checked = 0
    for seed in range(4):
        state = _walk(game, seed=100 + seed, decisions=25 + 10 * seed)
        player = state.current_player()
        other = _hide_differently(state, player, rng)
        assert (other.hands, other.deck) != (state.hands, state.deck)
        assert other.observation(player) == state.observation(player)
        a = ISMCTSBot(seed, FAST)
        b = ISMCTSBot(seed, FAST)
        choice_a = a.choose(game, state.observation(player), state.legal_action_indices())
        choice_b = b.choose(game, other.observation(player), other.legal_action_indices())
        assert choice_a == choice_b
        assert a.last.options == b.last.options
        checked += 1
    assert checked == 4


# --------------------------------------------------------------------------- strength
def _position(complete: int, pairs: int, heads: int) -> tuple[NightmariumState, list[int], list[int]]:
    """Player 0 to start a turn with ``complete`` complete Creatures and ``pairs``
    legs + body pairs, holding ``heads`` plain heads of one Legion and one plain legs
    card; every card is without an ability and no Creature is of one Legion (so no
    rule-203 penalty and no ability interferes). Returns the state, the heads and the
    pairs' legs cards."""
    game = get_game("nightmarium", {"players": 2})
    cards = game.composition.cards
    free = [c.id for c in cards if c.ability < 0]
    rest = [c.id for c in cards if c.ability >= 0]

    def take(bits: int, not_legion: int = -1, legion: int = -1) -> int:
        """A plain card that can be ``bits`` (exactly that part when ``legion`` is given)."""
        if legion >= 0:
            card = next(c for c in free if cards[c].parts == bits and cards[c].legion == legion)
        else:
            card = next(c for c in free if cards[c].parts & bits and cards[c].legion != not_legion)
        free.remove(card)
        return card

    def creature(height: int) -> list[int]:
        legs = take(LEGS)
        body = take(BODY, not_legion=cards[legs].legion)  # never one Legion: no rule-203 penalty
        return [legs, body, take(HEAD)] if height == 3 else [legs, body]

    head = [take(HEAD, legion=3) for _ in range(heads)]
    hand = head + [take(LEGS, legion=0)]
    opponent = [take(HEAD, legion=0), take(BODY, legion=1), take(LEGS, legion=2)]
    done = [creature(3) for _ in range(complete)]
    pair = [creature(2) for _ in range(pairs)]
    state = NightmariumState(game)
    state.load_fields({
        "hands": [hand, opponent[:2]], "deck": free + rest, "discard": [],
        "creatures": [done + pair, [opponent[2:]]], "revealed": [], "known": [[], []],
        "active": 0, "actions_left": 2, "first_legion": -1, "turn": 30, "mode": "turn",
        "resolving": -1, "abilities": [], "penalties": [], "pen_need": 0, "pen_any": False,
        "discarded": 0, "winner": -1})
    return state, head, [c[0] for c in pair]


def test_finds_the_winning_completion() -> None:
    """Rule 192: completing the fifth Creature wins at once. With four complete and a
    pair, the head in hand is played (not a draw, not action B), and every sample of
    it was a win."""
    state, (head,), _ = _position(complete=4, pairs=1, heads=1)
    winning = play_index(head, 4)
    legal = state.legal_action_indices()
    assert winning in legal and len(legal) == 3
    bot = ISMCTSBot(3, SearchConfig(iterations=200))
    assert bot.choose(state.game, state.observation(0), legal) == winning
    assert bot.last.options[0].value == 1.0
    state.apply(winning)
    assert state.winner == 0


def test_plans_a_win_over_the_turns_two_actions() -> None:
    """Rules 193 and 199: three complete Creatures, two pairs and two heads of one
    Legion win this turn by playing a head now and the other second (same Legion);
    drawing first would leave one play and no win. The search plays a head."""
    state, heads, _ = _position(complete=3, pairs=2, heads=2)
    legal = state.legal_action_indices()
    plays = {play_index(h, slot) for h in heads for slot in (3, 4)}
    assert plays < set(legal) and DRAW in legal
    bot = ISMCTSBot(4, SearchConfig(iterations=300))
    first = bot.choose(state.game, state.observation(0), legal)
    assert first in plays and bot.last.options[0].value > 0.9
    state.apply(first)
    second = bot.choose(state.game, state.observation(0), state.legal_action_indices())
    state.apply(second)
    assert state.winner == 0


def test_beats_random_clearly() -> None:
    """Eight 2-player games, seats swapped (rule 191: seat 0 starts): a small search
    budget wins them all against uniformly random play."""
    game = get_game("nightmarium", {"players": 2})
    wins = 0
    for g in range(8):
        seat = g % 2
        bots = [ISMCTSBot(g, SearchConfig(iterations=15)) if p == seat else RandomBot(50 + g) for p in range(2)]
        wins += play_match(game, bots, seed=200 + g // 2).state.winner == seat
    assert wins == 8


def test_value_prefers_the_player_closer_to_five_creatures() -> None:
    """The leaf heuristic: more complete Creatures (rule 192) is a higher win chance,
    and the chances of all players add up to 1."""
    state, _, _ = _position(complete=4, pairs=1, heads=1)
    values = NightmariumValue()(state.game, state)
    assert values[0] > 0.9 and abs(sum(values) - 1.0) < 1e-9


# --------------------------------------------------------------------------- the tree
def test_availability_counts_options_that_exist_only_in_some_samples() -> None:
    """After the bot's own draw (rule 194), which card it holds differs between
    samples: a play of a card it might draw is available in only some iterations, so
    its availability count is below its parent's visits, and no option counts more."""
    game = get_game("nightmarium", {"players": 2})
    state = _walk(game, seed=7, decisions=10)
    while state.decision_kind() != "turn" or state.actions_left != 2 or DRAW not in state.legal_action_indices():
        state.apply(state.legal_action_indices()[-1])
    search = ISMCTS(SearchConfig(iterations=300))
    player = state.current_player()
    search.search(game, state.observation(player), state.legal_action_indices(), Rng(1))
    after_draw = search.root.children[0]
    assert after_draw.visits >= 20
    avail = [edge.avail for edge in after_draw.children.values()]
    assert max(avail) <= after_draw.visits
    assert min(avail) < after_draw.visits  # some options exist only in some samples


# --------------------------------------------------------------------------- any game
# the toy hidden-card game (tests/toy_game.py), which gloam knows nothing about


@pytest.mark.parametrize("players", [2, 3])
def test_plays_any_game_of_the_protocol_and_each_player_maximises_its_own_return(players: int) -> None:
    """On a game gloam knows nothing about (random rollouts to the end, no
    heuristic), the player to act keeps its highest card and swaps its lowest, with
    two and three players: each node maximises its own player's return."""
    game = _HighCard(players)
    config = SearchConfig(iterations=300)
    for turn in range(players):
        for card, expected in ((TOP, {KEEP, BOAST}), (0, {SWAP})):
            others = [c for c in range(6) if c != card]
            hands = others[:players]
            hands[turn] = card
            state = game._state(hands, [c for c in others if c not in hands], turn)
            state.moves = [KEEP] * turn
            result = ISMCTS(config).search(game, state.observation(turn), state.legal_action_indices(),
                                           Rng(turn))
            assert result.best in expected, (players, turn, card, result.options)
    assert isinstance(evaluator_for(game), RolloutEvaluator)


# --------------------------------------------------------------------------- hints
class _Answers:
    """Scripted terminal input: fixed answers, then ``q`` (save and quit)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.out = io.StringIO()

    def read(self, prompt: str) -> str:
        return self.answers.pop(0) if self.answers else "q"


def _play(monkeypatch, answers: list[str], *extra: str) -> tuple[str, Record]:
    script = _Answers(answers)
    monkeypatch.setattr(play, "make_terminal", lambda: play.Terminal(Console(file=script.out, width=140), script.read))
    code = main(["play", "nightmarium", "--seats", "you,greedy", "--seed", "5", "--save", "s.json", *extra])
    assert code == 130
    return script.out.getvalue(), Record.load("s.json")


def test_hints_show_three_options_with_win_chances_and_change_nothing(monkeypatch, tmp_path) -> None:
    """``gloam play --hints``: before each human decision, three of the options shown,
    best first, with why (an estimated win chance, a share of the search); the game (the human's answers and every greedy bot
    move) is exactly the game played without hints."""
    monkeypatch.chdir(tmp_path)
    answers = ["1", "2", "1", "1", "3", "1"]
    with_hints, record = _play(monkeypatch, answers, "--hints")
    without, plain = _play(monkeypatch, answers)
    assert record.actions == plain.actions and len(record.actions) > len(answers)
    assert "Hints" not in without
    screens = with_hints.split("Hints: ")
    assert len(screens) >= 4  # one per human decision with a choice to make
    three = 0
    for screen, block in zip(screens, screens[1:]):
        lines = block.splitlines()
        assert lines[0] == f"estimated win chance (normal search, {LEVELS['normal'].iterations} samples" \
                           " of the unseen cards)"
        count = int(re.search(r"Choose 1-(\d+)", block).group(1))  # options on this screen
        shown = min(3, count)
        three += shown == 3
        # best first, each with why: its estimated win chance and its share of the search
        hinted = [re.fullmatch(r"\s*(\d+)% win · \s*(\d+)% of the search\s+(\d+)\. (.*)", line)
                  for line in lines[1:1 + shown]]
        assert all(hinted), lines[:4]
        assert not re.match(r"\s*\d+%", lines[1 + shown])
        assert len({int(m.group(3)) for m in hinted}) == shown
        assert all(0 <= int(m.group(1)) <= 100 and 0 <= int(m.group(2)) <= 100 for m in hinted)
        shares = [int(m.group(2)) for m in hinted]
        assert shares == sorted(shares, reverse=True) and sum(shares) <= 100 + shown
        for m in hinted:  # each hint is one of the numbered options on the screen above it
            assert re.search(rf"\b{m.group(3)}\. {re.escape(m.group(4))}", screen), m.group(0)
    assert three >= 2


def test_hint_search_reads_only_the_players_observation() -> None:
    game = get_game("nightmarium", {"players": 2})
    state = _walk(game, seed=3, decisions=40)
    player = state.current_player()
    other = _hide_differently(state, player, random.Random(1))
    a = hint_search(game, state.observation(player), state.legal_action_indices(), seed=11)
    b = hint_search(game, other.observation(player), other.legal_action_indices(), seed=11)
    assert a.options == b.options and 0.0 <= a.options[0].value <= 1.0


def test_availability_counts_only_the_samples_where_an_action_is_legal() -> None:
    """The opponent may boast only when the samples give it the 5: with the searching
    player holding the 0, that is one sample in five, and the boast edge's availability
    count says so, while keep and swap were available at every visit. Where it may, the
    opponent mostly boasts (a sure win for it, a loss for the searcher): its node
    maximises its own return, not the searcher's."""
    game = _HighCard(2)
    state = game._state([0, 3], [1, 2, 4, TOP], 0)
    search = ISMCTS(SearchConfig(iterations=2000))
    search.search(game, state.observation(0), state.legal_action_indices(), Rng(5))
    for node in search.root.children.values():  # after the searcher's keep, and after its swap
        edges = node.children
        assert edges[KEEP].avail >= node.visits - 2 and edges[SWAP].avail >= node.visits - 3
        share = edges[BOAST].avail / node.visits
        assert 0.12 < share < 0.28, share
        assert edges[BOAST].visits > 0.6 * edges[BOAST].avail
        assert edges[BOAST].total / edges[BOAST].visits == 1.0  # the opponent's return
