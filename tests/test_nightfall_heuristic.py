"""The heuristic Nightfall bot (issue 3: "links chains, claims cards that fit its colours,
blocks to save wounds, targets the leader"), given only its observation."""

from __future__ import annotations

import random

import pytest

from gloam.bots.base import RandomBot
from gloam.bots.nightfall_heuristic import HeuristicBot
from gloam.games import get_game
from gloam.match import play_match
from gloam.nightfall.actions import CARD0, DISCARD0, PLAY0, PLAYER0
from nf_scenario import NfTable, start_chain


def test_always_legal_in_two_to_five_player_games():
    for players in (2, 3, 4, 5):
        game = get_game("nightfall", {"players": players})
        bots = [HeuristicBot(k) for k in range(players)]
        result = play_match(game, bots, seed=players)
        assert result.state.is_terminal()  # play_match applies each choice with apply(): all legal


def test_beats_random_in_two_player_games_with_seats_swapped():
    game = get_game("nightfall", {"players": 2})
    wins = 0
    for i in range(60):
        seat = i % 2
        bots = [RandomBot(1000 + i), RandomBot(2000 + i)]
        bots[seat] = HeuristicBot(i)
        wins += play_match(game, bots, seed=i).state.winner == seat
    assert wins >= 54, f"heuristic won only {wins} of 60 against random"  # the goal: >= 90%


def test_links_a_card_that_gets_its_kicker():
    """Rule 135: linking from the kicker colour earns the kicker; the bot prefers that link.
    Sophia Otrava (white) links to purple; Fresh Meat (purple, white kicker) earns its
    kicker there, Katya Iliyevna (purple, red kicker) would not."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava", "Katya Iliyevna", "Fresh Meat"]}, phase="chain")
    t.choose(s, "play", "Sophia Otrava", by=0)
    assert len(s.legal_action_indices()) == 3  # Katya, Fresh Meat, or stop
    choice = HeuristicBot(0).choose(s.game, s.observation(0), s.legal_action_indices())
    assert choice == PLAY0 + t.id(s, "Fresh Meat")


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_aims_damage_at_the_leader():
    """Issue 3: "targets the leader" — the opponent with the fewest wounds."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Inhuman Wave"]}, phase="chain",
                   wound_cards={1: ["bite", "burn", "bleed"], 2: []})
    t.choose(s, "play", "Inhuman Wave", by=0)
    for p in (0, 1, 2):
        t.choose(s, "done", by=p)
    assert s.pending().kind == "target_player"
    choice = HeuristicBot(0).choose(s.game, s.observation(0), s.legal_action_indices())
    assert choice == PLAYER0 + 2


def test_choice_depends_only_on_the_observation():
    """Two states that look the same to the bot give the same choice."""
    game = get_game("nightfall", {"players": 2})
    state = game.new_initial_state(5)
    rng = random.Random(0)
    for _ in range(40):
        state.apply(rng.choice(state.legal_action_indices()))
    p = state.current_player()
    twin = game.determinize(state.observation(p), random.Random(9))
    assert twin.observation(p) == state.observation(p)
    a = HeuristicBot(3).choose(game, state.observation(p), state.legal_action_indices())
    b = HeuristicBot(3).choose(game, twin.observation(p), twin.legal_action_indices())
    assert a == b


def test_discards_its_whole_hand_for_influence_before_claiming():
    """Rule 144: each card discarded in your Claim Phase is 1 influence; rule 153: the
    cleanup draws back up to 5, so a card kept only costs a fresh draw. The bot turns its
    whole hand, wounds first, into influence before it claims."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Clever Ivan", "Sophia Otrava"]}, wound_cards={0: ["bite"]}, phase="claim")
    wound = s.hands[0][-1]
    bot = HeuristicBot(0)
    choices = []
    while s.hands[0]:
        choice = bot.choose(s.game, s.observation(0), s.legal_action_indices())
        assert DISCARD0 <= choice < DISCARD0 + 512, "it claimed or stopped with cards in hand"
        choices.append(choice - DISCARD0)
        s.apply(choice, 0)
    assert choices[0] == wound and s.influence == 3 and s.decision_kind() == "claim"


def test_keeps_bone_cruncher_until_its_own_attack_is_declared():
    """Rules 81-84: "Bone Cruncher"'s combat text (discard it to make a minion and its damage
    unblockable) helps only an attack. Before any attacker is declared the bot passes and
    keeps the card; once its own attacker is declared it spends it."""
    from gloam.nightfall.actions import PASS
    from nf_scenario import pass_window

    t = NfTable(players=2)
    s = t.position(hands={0: ["Bone Cruncher"]}, play={0: ["Gregor Dzanic"], 1: ["Emil Balev"]}, phase="combat")
    bot = HeuristicBot(0)
    assert s.pending().kind == "combat_window" and s.current_player() == 0
    assert bot.choose(s.game, s.observation(0), s.legal_action_indices()) == PASS
    pass_window(t, s)
    t.choose(s, "attack", "Gregor Dzanic", by=0, target=1)
    while s.current_player() != 0 or s.pending().kind != "combat_window":
        t.choose(s, "pass", by=s.current_player())
    assert bot.choose(s.game, s.observation(0), s.legal_action_indices()) == PLAY0 + t.id(s, "Bone Cruncher")


def _heuristic(s, player: int = 0) -> int:
    return HeuristicBot(0).choose(s.game, s.observation(player), s.legal_action_indices())


def test_dog_eat_dog_fights_with_its_own_strongest_minion_against_an_opponent_s():
    """Dog Eat Dog: "Target minion inflicts damage equal to its strength on another
    target minion." The bot makes its own strongest minion (Emil Balev, strength 3)
    inflict the damage, on the dearest opposing minion the 3 damage destroys (Gregor
    Dzanic, cost 5, health 3, before Foul Revenant, cost 4), never on its own Patrol
    Zombie."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Snowstorm", "Dog Eat Dog"]},
                   play={0: ["Patrol Zombie", "Emil Balev"], 1: ["Foul Revenant", "Gregor Dzanic"]})
    start_chain(t, s, [(0, "Snowstorm"), (0, "Dog Eat Dog")])
    assert s.decision_kind() == "target_minion"
    assert _heuristic(s) == CARD0 + t.id(s, "Emil Balev")
    s.apply(CARD0 + t.id(s, "Emil Balev"), 0)
    assert _heuristic(s) == CARD0 + t.id(s, "Gregor Dzanic")
    s.apply(CARD0 + t.id(s, "Gregor Dzanic"), 0)
    assert t.id(s, "Gregor Dzanic") not in s.play[1]  # destroyed
    assert {t.id(s, "Emil Balev"), t.id(s, "Patrol Zombie")} <= set(s.play[0])


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_unholy_resurrection_kicker_puts_the_archive_cards_on_its_own_deck():
    """Unholy Resurrection's kicker: "Place 2 cards from target archive on top of target
    player's deck": the bot takes the two cards itself, not an opponent."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Smiling Biter", "Unholy Resurrection"]},
                   archives={"R&D": (1, 3), "Fresh Meat": (-1, 7)})
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Unholy Resurrection")])
    t.choose(s, "archive", "R&D", by=0)
    assert s.decision_kind() == "target_player"
    assert _heuristic(s) == PLAYER0 + 0
