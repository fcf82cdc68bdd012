"""Nightfall rules by checklist number (``../shared/rules-checklist.md`` PART A, and the
readings of its "Ambiguities" section), for the rules the engine implements.

Each test is named after the rule it checks and asserts what a player at the table would
notice: whose decision it is and what it offers, cards in hands, piles, play and the
chain, damage, wounds, influence, the winner, and what the log and the observation show
to whom. Positions are built by card name with ``tests/nf_scenario.py`` (``NfTable``) at
the start of a phase; every decision goes through ``state.apply``. Where the engine
departs from a rule the test is ``xfail(strict=True)`` with the departure as its reason.

Card stats used below (``docs/cards-coldest-war.md``; many are gloam's design):
starters "Clever Ivan" red>blue 2/1 lycanthrope, JAREK green>purple 1/2 ghoul (stays in
play; exile when destroyed), "Kilo 13" blue>gold 1/2 hunter (1 damage to target minion),
Patrol Zombie purple>white 1/3 ghoul (Your Chain: 1 influence), "Snowstorm" white>red 1/2
vampire, "Victor One" gold>green 1/2 hunter; Emil Balev gold>red/purple 4/2, kicker blue;
Sophia Otrava white>purple/green 3/2 vampire, kicker gold; Katya Iliyevna purple>red/gold
3/3 vampire, kicker red; Gregor Dzanic green>blue/purple 3/4, kicker white; Foul Revenant
purple>green/white 2/3 (stays in play), kicker green; Bone Cruncher red 5/3; "Banner 89"
blue 2/2; "Smiling Biter" green>red/white 2/2, kicker red.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gloam.core.errors import SetupError
from gloam.nightfall.actions import DONE, FEED, PASS, PLAY0, PLAYER0
from gloam.nightfall.game import NightfallGame
from nf_scenario import (
    NfTable,
    advance,
    events,
    names,
    options,
    pass_window,
    pass_windows,
    start_chain,
)

STARTERS = ["cw-clever-ivan", "cw-jarek", "cw-kilo-13", "cw-patrol-zombie", "cw-snowstorm", "cw-victor-one"]


# ---------------------------------------------------------------------- helpers














# ---------------------------------------------------------------------- A2 wound stack
@pytest.mark.parametrize("players, long, face_up", [(2, False, 20), (3, False, 30), (5, False, 50),
                                                     (2, True, 30), (4, True, 60)])
def test_rule_13_14_15_ten_face_up_wounds_per_player_five_more_in_long_games(players, long, face_up):
    s = NightfallGame(players=players, long=long).new_initial_state(seed=1)
    assert len(s.wounds) == 60  # every wound is in the stack, the face-up ones on top
    obs = s.observation(0)
    assert obs["face_up"] == face_up and obs["wound_count"] == 60
    assert obs["wound_top"] == s.wounds[-1]  # the top wound is face up: its type is public


def test_rule_13_15_each_wound_given_leaves_one_face_up_wound_fewer():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava"]}, wounds=5, face_up=2)
    top = s.wounds[-1]
    t.choose(s, "play", "Sophia Otrava", by=0)
    t.choose(s, "done", by=0)
    t.choose(s, "done", by=1)  # Sophia resolves: player 1 receives the top (face-up) wound
    assert s.discards[1] == [top]
    obs = s.observation(1)
    assert obs["face_up"] == 1 and obs["wound_top"] == s.wounds[-1]


def test_reading_4_a_long_five_player_game_needs_more_wounds_than_one_stack():
    with pytest.raises(SetupError, match="75 face-up wounds"):
        NightfallGame(players=5, long=True)


# ---------------------------------------------------------------------- A5 starting decks
def test_rule_33_35_two_of_each_starter_shuffled_and_five_dealt():
    hands = set()
    for seed in range(6):
        s = NightfallGame(players=3).new_initial_state(seed=seed)
        for p in range(3):
            mine = s.hands[p] + s.decks[p]
            assert Counter(s.cards[c] for c in mine) == {sid: 2 for sid in STARTERS}
            assert len(s.hands[p]) == 5 and len(s.decks[p]) == 7 and s.discards[p] == []
            assert all(s.owner[c] == p for c in mine)
        hands.add(tuple(sorted(s.cards[c] for c in s.hands[0])))
    assert len(hands) > 1  # the deck is shuffled before the deal


# ---------------------------------------------------------------------- A6 basics
def test_rule_39_draw_what_you_can_then_reshuffle_the_discard_pile():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK"]}, decks={0: ["Emil Balev"]},
                   discards={0: ["Clever Ivan", "Victor One", "Snowstorm", "Patrol Zombie"]},
                   phase="cleanup")
    hand = names(t, s.hands[0])
    assert hand[:3] == ["Kilo 13", "JAREK", "Emil Balev"]  # the deck's card first
    assert len(hand) == 5 and len(s.decks[0]) == 2 and s.discards[0] == []
    assert sorted(hand[3:] + names(t, s.decks[0])) == ["Clever Ivan", "Patrol Zombie", "Snowstorm", "Victor One"]
    assert events(s, "reshuffle", viewer=1)[-1] == {"type": "reshuffle", "player": 0, "count": 4}


def test_rule_39_an_empty_deck_is_not_refilled_until_a_draw_needs_it():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm", "Victor One", "Clever Ivan"]},
                   discards={0: ["Emil Balev", "Patrol Zombie"]}, phase="cleanup")
    advance(t, s, "combat_window")  # the whole cleanup: nothing to draw
    assert s.decks[0] == [] and names(t, s.discards[0]) == ["Emil Balev", "Patrol Zombie"]
    assert not events(s, "reshuffle")


def test_rule_39_with_deck_and_discard_pile_both_short_you_draw_what_there_is():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, decks={0: ["JAREK"]}, discards={0: ["Snowstorm"]},
                   phase="cleanup")
    assert sorted(names(t, s.hands[0])) == ["JAREK", "Kilo 13", "Snowstorm"]
    assert s.decks[0] == [] and s.discards[0] == []
    assert s.decision_kind() == "wound_effect"


def test_rule_40_62_discarded_cards_go_face_up_on_top_of_the_discard_pile():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Emil Balev"]}, discards={0: ["JAREK"]}, phase="claim")
    t.choose(s, "discard", "Emil Balev", by=0)
    assert names(t, s.discards[0]) == ["JAREK", "Emil Balev"]
    t.choose(s, "discard", "Kilo 13", by=0)
    assert names(t, s.discards[0])[-1] == "Kilo 13"
    assert s.observation(1)["discards"][0] == s.discards[0]  # face up: the opponent sees them


def test_rule_41_46_cards_are_claimed_from_the_top_of_the_archive():
    t = NfTable(players=2)
    s = t.position(archives={"Fresh Meat": (-1, 3)}, phase="claim", influence=4)
    archive = s.archives[0]["cards"]
    top, second = archive[-1], archive[-2]
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.discards[0] == [top] and s.owner[top] == 0
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.discards[0] == [top, second]


def test_rule_43_an_emptied_archive_can_no_longer_be_claimed():
    t = NfTable(players=2)
    s = t.position(archives={"Fresh Meat": (-1, 1), "R&D": (-1, 2)}, phase="claim", influence=9)
    fresh, rnd = t.archive(s, "Fresh Meat"), t.archive(s, "R&D")
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.archives[fresh]["cards"] == []
    legal = t.describe(s)
    assert f"Archive(archive={fresh})" not in legal and f"Archive(archive={rnd})" in legal


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_rule_43_an_emptied_archive_cannot_be_targeted():
    """Unholy Resurrection's kicker (linked from green Full Battle Rattle): "Place 2 cards
    from target archive on top of target player's deck" offers only archives with cards."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Full Battle Rattle", "Unholy Resurrection"]},
                   archives={"Fresh Meat": (-1, 0), "R&D": (-1, 3), "Dog Eat Dog": (1, 0)})
    start_chain(t, s, [(0, "Full Battle Rattle"), (0, "Unholy Resurrection")])
    assert s.decision_kind() == "target_archive"
    assert t.describe(s) == [f"Archive(archive={t.archive(s, 'R&D')})"]


def test_rule_45_reading_27_the_table_shows_no_archive_counts():
    """Reading 27: the table shows each archive's top card and whether it is empty, not how
    many cards are left. (A bot's observation carries the sizes that perfect memory of
    the public claims gives; docs/rules-decisions.md.)"""
    from rich.console import Console

    from gloam.cli.render_nightfall import archives_table

    t = NfTable(players=2)
    s = t.position(archives={"Fresh Meat": (-1, 3), "R&D": (-1, 6), "Dog Eat Dog": (-1, 0)})
    console = Console(width=140, record=True)
    console.print(archives_table(s.view(1), ["A", "B"]))
    rows = {line.split()[2] if "●" in line else "": line for line in console.export_text().splitlines()}
    fresh = next(line for line in rows.values() if "Fresh Meat" in line)
    rnd = next(line for line in rows.values() if "R&D" in line)
    gone = next(line for line in rows.values() if "Dog Eat Dog" in line)
    assert "3" not in fresh.replace("Fresh Meat", "")  # cost 2; 3 cards left are not shown
    assert "6" not in rnd  # cost 3; 6 cards left are not shown
    assert "gone" in gone


def test_rule_44_an_exiled_starter_never_comes_back():
    """Kilo 13 attacks and is exiled at the end of combat ("Exile when destroyed or
    discarded"); a later reshuffle of the discard pile does not bring it back."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, discards={0: ["JAREK", "Snowstorm"]}, phase="combat")
    kilo = t.id(s, "Kilo 13")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    assert s.exiled == [kilo] and kilo not in s.discards[0]
    advance(t, s, "wound_effect")  # cleanup drew to 5: reshuffled the discard pile
    assert kilo not in s.hands[0] + s.decks[0] + s.discards[0] and s.exiled == [kilo]


# ---------------------------------------------------------------------- A7 friendly / opposing / you
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_rule_47_opposing_means_another_players_minion():
    """Katya Iliyevna linked from red Inhuman Wave: "Destroy target opposing hunter" offers
    the opponent's hunter, never your own hunter nor a non-hunter."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Inhuman Wave", "Katya Iliyevna"]},
                   play={0: ["Kilo 13"], 1: ["Victor One", "Snowstorm"]})
    start_chain(t, s, [(0, "Inhuman Wave"), (0, "Katya Iliyevna")])
    t.choose(s, "player", 1, by=0)  # Katya's chain text: 1 damage on target player
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Victor One"]


def test_rule_47_friendly_means_your_own_minion():
    """Gregor Dzanic linked from white Sophia Otrava: "Restore all health to each friendly
    lycanthrope" heals yours, not the opponent's."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava", "Gregor Dzanic"]},
                   play={0: ["Emil Balev"], 1: ["Bone Cruncher", "Patrol Zombie"]},
                   damage={"Emil Balev": 1, "Bone Cruncher": 2})
    start_chain(t, s, [(0, "Sophia Otrava"), (0, "Gregor Dzanic")])
    t.choose(s, "card", "Patrol Zombie", by=0)  # Gregor's chain text: 2 damage
    view = t.view(s)["damage"]
    assert view["Emil Balev"] == 0 and view["Bone Cruncher"] == 2


def test_rule_42_48_commons_and_your_own_archives_are_not_opposing():
    """"Victor One" (Your Chain): claim 1 order from target opposing private archive. Only
    the opponent's private archive is a target; you then claim it once, paying its cost
    (rule 150), beside your own archives and the commons."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Victor One", "Kilo 13", "JAREK", "Snowstorm"]},
                   archives={"Fresh Meat": (1, 3), "R&D": (0, 3), "Power and Glory": (-1, 3)})
    start_chain(t, s, [(0, "Victor One")])
    assert s.decision_kind() == "target_archive"
    assert t.describe(s) == [f"Archive(archive={t.archive(s, 'Fresh Meat')})"]
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.decision_kind() == "claim" and s.influence == 2
    offered = {t.archive(s, n) for n in ("Fresh Meat", "Power and Glory")}
    assert {a for a in range(3) if f"Archive(archive={a})" in t.describe(s)} == offered  # R&D costs 3
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert names(t, s.discards[0]) == ["Fresh Meat"] and s.influence == 0
    for card in ("Kilo 13", "JAREK", "Snowstorm"):
        t.choose(s, "discard", card, by=0)
    assert s.influence == 3
    legal = t.describe(s)  # once only
    assert f"Archive(archive={t.archive(s, 'Fresh Meat')})" not in legal
    assert f"Archive(archive={t.archive(s, 'Power and Glory')})" in legal


def test_rule_49_you_is_the_player_who_played_the_card():
    """Player 1 links Sophia Otrava ("Each opponent receives 1 wound") on player 0's turn:
    players 2 and 0 receive the wounds, not player 1."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Patrol Zombie"], 1: ["Sophia Otrava"]})
    start_chain(t, s, [(0, "Patrol Zombie"), (1, "Sophia Otrava")])
    assert s.decision_kind() == "order_events" and s.current_player() == 1  # rule 73: she orders them
    t.choose(s, "player", 0, by=1)
    assert t.view(s)["wounds"] == [1, 0, 1]
    assert names(t, s.play[1]) == ["Sophia Otrava"] and names(t, s.play[0]) == ["Patrol Zombie"]


# ---------------------------------------------------------------------- A8 text kinds
def test_rule_55_chain_text_resolves_on_any_players_turn():
    """Player 1 links "Kilo 13" to player 0's "Clever Ivan": Kilo's chain text resolves,
    and player 1 chooses its target."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Clever Ivan"], 1: ["Kilo 13"]}, play={0: ["JAREK"]},
                   decks={0: ["Snowstorm"]})
    start_chain(t, s, [(0, "Clever Ivan"), (1, "Kilo 13")])
    assert s.current_player() == 1 and s.decision_kind() == "target_minion"
    t.choose(s, "card", "JAREK", by=1)
    assert t.view(s)["damage"]["JAREK"] == 1
    assert names(t, s.hands[0]) == ["Snowstorm"]  # then Clever Ivan's "Draw 1 card"


@pytest.mark.parametrize("linker, influence", [(0, 3), (1, 2)])
def test_rule_56_reading_6_your_chain_text_only_on_your_own_turn(linker, influence):
    """Patrol Zombie ("Your Chain: Gain 1 influence") linked to player 0's JAREK: player 0
    gains it; linked by player 1 on player 0's turn, nobody does."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["JAREK"], linker: ["Patrol Zombie"]} if linker else
                   {0: ["JAREK", "Patrol Zombie"]})
    start_chain(t, s, [(0, "JAREK"), (linker, "Patrol Zombie")])
    assert s.decision_kind() == "claim" and s.influence == influence
    assert "Patrol Zombie" in names(t, s.play[linker])  # it still resolves into play
    assert len(events(s, "influence")) == (1 if linker == 0 else 0)


def test_rule_57_in_play_text_works_while_the_card_is_in_play():
    """"Snowstorm" has +1 strength for each opposing minion destroyed this turn."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gregor Dzanic"]}, play={0: ["Snowstorm", "Clever Ivan"], 1: ["Kilo 13"]})
    snow = t.id(s, "Snowstorm")
    assert s.strength(snow) == 1
    start_chain(t, s, [(0, "Gregor Dzanic")])
    t.choose(s, "card", "Clever Ivan", by=0)  # your own minion destroyed: no bonus
    assert s.strength(snow) == 1
    t2 = NfTable(players=2)
    s2 = t2.position(hands={0: ["Gregor Dzanic"]}, play={0: ["Snowstorm"], 1: ["Kilo 13"]})
    start_chain(t2, s2, [(0, "Gregor Dzanic")])
    t2.choose(s2, "card", "Kilo 13", by=0)
    assert s2.strength(t2.id(s2, "Snowstorm")) == 2


def test_rule_59_a_starter_that_attacked_is_exiled_or_stays_per_its_wording():
    """At the end of combat "Kilo 13" (exile when destroyed or discarded) is exiled; JAREK
    (do not discard at the end of combat; exile when destroyed) stays in play."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13", "JAREK"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "attack", "JAREK", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.exiled) == ["Kilo 13"] and names(t, s.play[0]) == ["JAREK"]
    assert s.discards[0] == []


@pytest.mark.parametrize("starter", ["Kilo 13", "JAREK"])
def test_rule_59_61_a_destroyed_starter_is_exiled(starter):
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gregor Dzanic"]}, play={1: [starter]})
    start_chain(t, s, [(0, "Gregor Dzanic")])
    t.choose(s, "card", starter, by=0)  # 2 damage: destroyed
    assert names(t, s.exiled) == [starter] and s.discards[1] == [] and s.play[1] == []
    assert events(s, "destroyed")[-1]["card"] == t.id(s, starter)


def test_rule_59_a_starter_that_only_exiles_when_destroyed_is_discarded_when_discarded():
    """JAREK's wording is "Exile when destroyed": leaving play any other way (no CW card
    discards a minion from play, so the shared helper is called) puts it in the discard pile."""
    t = NfTable(players=2)
    s = t.position(play={0: ["JAREK"]}, hands={1: ["Kilo 13"]})
    jarek = t.id(s, "JAREK")
    s.leave_play(jarek, "discarded")
    assert s.discards[0] == [jarek] and s.exiled == []


def test_rule_60_a_starter_discarded_from_hand_for_influence_is_not_exiled():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Clever Ivan"]}, phase="claim")
    t.choose(s, "discard", "Kilo 13", by=0)
    t.choose(s, "discard", "Clever Ivan", by=0)
    assert names(t, s.discards[0]) == ["Kilo 13", "Clever Ivan"] and s.exiled == []
    assert s.influence == 2


def test_rule_60_a_starter_discarded_from_hand_by_a_card_effect_is_not_exiled():
    """Kaspar Udunian: "Target player discards 1 card"."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaspar Udunian"], 1: ["Victor One"]})
    start_chain(t, s, [(0, "Kaspar Udunian")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Victor One", by=1)
    assert names(t, s.discards[1]) == ["Victor One"] and s.exiled == []


def test_rule_61_117_destroyed_and_discarded_minions_go_to_their_owners_discard_piles():
    """Emil Balev (3, designed) attacks; player 1 blocks with Sophia Otrava (2 health):
    Sophia is destroyed, into player 1's discard pile; at the end of combat Emil is
    discarded (not destroyed) into player 0's."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev"], 1: ["Sophia Otrava"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    pass_windows(t, s)
    t.choose(s, "block", "Sophia Otrava", by=1, target=0)
    pass_windows(t, s)
    pass_windows(t, s)
    assert names(t, s.discards[1][:1]) == ["Sophia Otrava"]
    assert names(t, s.discards[0]) == ["Emil Balev"]
    assert [(e["type"], t.names[e["card"]]) for e in s.events if e["type"] in ("destroyed", "discarded")] == \
        [("destroyed", "Sophia Otrava"), ("discarded", "Emil Balev")]
    assert t.view(s)["wounds"] == [0, 1]  # 3 damage, 2 absorbed


# ---------------------------------------------------------------------- A9 targeting
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_rule_66_67_68_70_targets_are_chosen_on_resolution_among_minions_in_play():
    """Chain "Kilo 13" -> Emil Balev. Emil resolves first: Kilo, still in the chain, is not
    a target, nor any card in a hand. Then Kilo resolves and may target Emil, who was not
    in play when Kilo was played, but never itself."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Emil Balev", "Victor One"], 1: ["Snowstorm"]},
                   play={1: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Kilo 13"), (0, "Emil Balev")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Patrol Zombie"]
    t.choose(s, "card", "Patrol Zombie", by=0)
    advance(t, s, "target_minion")  # no feed, Emil's kicker, Emil into play
    assert options(t, s) == ["Emil Balev", "Patrol Zombie"]


def test_rule_69_an_effect_that_needs_no_choice_does_not_target():
    """"Smiling Biter" (green) -> Inhuman Wave (kicker green: 1 damage on each opposing
    minion): every opposing minion is hit with no decision; yours are not."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Smiling Biter", "Inhuman Wave"]},
                   play={0: ["Gregor Dzanic"], 1: ["Patrol Zombie", "Emil Balev"]})
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)  # Inhuman Wave's chain text targets a player
    assert s.decision_kind() == "claim"
    assert t.view(s)["damage"] == {"Gregor Dzanic": 0, "Patrol Zombie": 1, "Emil Balev": 1, "Smiling Biter": 0}


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_rule_71_an_attached_action_is_not_a_minion_target():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, play={0: ["JAREK"]}, attached={"JAREK": ["Full Battle Rattle"]})
    start_chain(t, s, [(0, "Kilo 13")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["JAREK"]


def test_rule_72_133_a_mandatory_target_minion_must_take_your_own_if_it_is_the_only_one():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, play={0: ["JAREK"]})
    start_chain(t, s, [(0, "Kilo 13")])
    assert s.current_player() == 0 and t.describe(s) == [f"Card(card={t.id(s, 'JAREK')}) (JAREK)"]
    t.choose(s, "card", "JAREK", by=0)
    assert t.view(s)["damage"]["JAREK"] == 1


# ---------------------------------------------------------------------- A10 simultaneous events
def test_rule_73_the_player_whose_card_triggered_simultaneous_events_orders_them():
    """Which face-up wound (bite/burn/bleed) each opponent gets, and who takes the last
    face-up wound, depend on the order, so player 0 chooses it. (The engine gives the top
    wound to player 1 and the next to player 2, clockwise, without asking.)"""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Sophia Otrava"]})
    top = s.wounds[-1]
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.current_player() == 0 and s.decision_kind() == "order_events"
    assert sorted(s.legal_action_indices()) == [PLAYER0 + 1, PLAYER0 + 2]
    t.choose(s, "player", 2, by=0)
    assert s.discards[2][0] == top


# ---------------------------------------------------------------------- A12 attached actions
def test_rule_79_full_battle_rattle_goes_into_play_under_a_friendly_minion():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Full Battle Rattle"]}, play={0: ["JAREK"], 1: ["Emil Balev"]})
    jarek = t.id(s, "JAREK")
    start_chain(t, s, [(0, "Full Battle Rattle")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["JAREK"]
    t.choose(s, "card", "JAREK", by=0)
    assert t.view(s)["attached"]["JAREK"] == ["Full Battle Rattle"] and s.discards[0] == []
    assert s.strength(jarek) == 3  # In Play: the attached minion has +2 strength
    assert s.observation(1)["minions"][str(jarek)]["attached"] == s.minions[jarek]["attached"]


def test_reading_19_an_attachment_with_no_friendly_minion_goes_to_the_discard_pile():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Full Battle Rattle"]}, play={1: ["Emil Balev"]})
    start_chain(t, s, [(0, "Full Battle Rattle")])
    assert s.decision_kind() == "claim" and names(t, s.discards[0]) == ["Full Battle Rattle"]
    assert t.view(s)["attached"]["Emil Balev"] == []


def test_rule_80_attached_actions_go_to_the_discard_pile_when_the_minion_is_discarded():
    """"Kilo 13" with Full Battle Rattle attacks for 1 + 2; at the end of combat Kilo is
    exiled and the Rattle goes to its owner's discard pile."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, attached={"Kilo 13": ["Full Battle Rattle"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 3]
    assert names(t, s.exiled) == ["Kilo 13"] and names(t, s.discards[0]) == ["Full Battle Rattle"]


def test_rule_80_attached_actions_go_to_the_discard_pile_when_the_minion_is_destroyed():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gregor Dzanic"]}, play={1: ["Emil Balev"]},
                   attached={"Emil Balev": ["Full Battle Rattle"]})
    start_chain(t, s, [(0, "Gregor Dzanic")])
    t.choose(s, "card", "Emil Balev", by=0)
    assert sorted(names(t, s.discards[1])) == ["Emil Balev", "Full Battle Rattle"]
    assert s.play[1] == []


# ---------------------------------------------------------------------- A13 combat text
def test_rule_81_combat_text_works_only_from_your_hand():
    t = NfTable(players=2)
    s = t.position(hands={1: ["Bone Cruncher"]}, play={0: ["Kilo 13"], 1: ["Bone Cruncher"]},
                   phase="combat")
    in_hand, in_play = s.hands[1][0], s.play[1][0]
    t.choose(s, "pass", by=0)
    assert s.current_player() == 1
    assert PLAY0 + in_hand in s.legal_action_indices() and PLAY0 + in_play not in s.legal_action_indices()


def test_rule_82_combat_text_is_offered_in_every_window_to_any_player():
    t = NfTable(players=2)
    s = t.position(hands={1: ["Bone Cruncher"]}, play={0: ["Kilo 13"], 1: ["Patrol Zombie"]}, phase="combat")
    bone = t.id(s, "Bone Cruncher")
    windows = []
    while s.phase == "combat":
        kind = s.decision_kind()
        if kind == "combat_window" and s.current_player() == 1:
            assert PLAY0 + bone in s.legal_action_indices()
            windows.append(s.prompt().split("(")[1].split(")")[0])
        if kind == "attack":
            t.choose(s, "attack", "Kilo 13", by=0, target=1)
        else:
            s.apply(DONE if kind == "block" else PASS, s.current_player())
    assert windows == ["before attackers", "after attackers", "after blockers", "after damage"]


def test_rule_82_84_combat_text_is_used_by_discarding_and_triggers_no_chain_or_kicker_text():
    """Bone Cruncher (red) is played in combat with no colour to match: discarded, its
    combat text makes "Kilo 13" unblockable; its kicker does nothing."""
    t = NfTable(players=2)
    s = t.position(hands={1: ["Bone Cruncher"]}, play={0: ["Kilo 13"], 1: ["Patrol Zombie"]},
                   phase="combat")
    t.choose(s, "pass", by=0)
    t.choose(s, "play", "Bone Cruncher", by=1)
    assert names(t, s.discards[1]) == ["Bone Cruncher"] and s.hands[1] == []
    assert s.decision_kind() == "target_minion"
    t.choose(s, "card", "Kilo 13", by=1)  # any target minion, even an opposing one
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)  # no block decision: Kilo is unblockable
    assert t.view(s)["wounds"] == [0, 1] and not events(s, "block")


def test_rule_82_banner_89_combat_text_puts_it_into_play_without_its_chain_text():
    t = NfTable(players=2)
    s = t.position(hands={1: ["Banner 89"]}, decks={1: ["Snowstorm"]}, phase="combat")
    t.choose(s, "pass", by=0)
    t.choose(s, "play", "Banner 89", by=1)
    banner = t.id(s, "Banner 89")
    assert s.play[1] == [banner] and s.health_left(banner) == 1
    assert names(t, s.decks[1]) == ["Snowstorm"] and s.hands[1] == []  # "Draw 1 card" not resolved


def test_rule_83_your_combat_text_only_on_your_own_turn():
    """The ML wound ("Your Combat: … +1 strength") is offered to the active player only."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, wound_cards={0: ["ml:bite"], 1: ["ml:burn"]}, phase="combat")
    assert options(t, s) == ["ML Wound (bite)"]
    t.choose(s, "pass", by=0)
    assert s.current_player() == 1 and t.describe(s) == ["Pass()"]


@pytest.mark.parametrize("players", [2, 3])
def test_rule_85_players_take_turns_from_the_active_player_and_may_play_after_passing(players):
    """Everyone holds Bone Cruncher (Combat: target minion unblockable). Player 0 passes,
    player 1 plays; player 0, who passed, plays later; the window closes when everyone
    has passed in a row."""
    t = NfTable(players=players)
    s = t.position(hands={q: ["Bone Cruncher"] for q in range(players)}, play={0: ["Kilo 13"]},
                   phase="combat")
    asked = []
    while s.decision_kind() != "attack":
        if s.decision_kind() == "target_minion":
            t.choose(s, "card", "Kilo 13", by=s.current_player())
            continue
        p = s.current_player()
        asked.append(p)
        first_time = asked.count(p) == 1
        if (p == 1 and first_time) or (p == 0 and asked.count(0) == 2):
            t.choose(s, "play", s.hands[p][0], by=p)
        else:
            t.choose(s, "pass", by=p)
    later = [(1 + k) % players for k in range(players)]  # after player 0's play: 1, 2, …, 0
    assert asked == [0, 1] + list(range(2, players)) + [0] + later
    assert [e["player"] for e in events(s, "combat_text")] == [1, 0]


def test_rule_86_combat_text_windows_fall_between_the_steps_of_combat():
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"], 1: ["Patrol Zombie"]}, phase="combat")
    steps = []
    while s.phase == "combat":
        kind = s.decision_kind()
        steps.append(s.prompt().split("(")[1].split(")")[0] if kind == "combat_window" else kind)
        if kind == "attack":
            t.choose(s, "attack", "Kilo 13", by=0, target=1)
        elif kind == "block":
            t.choose(s, "block", "Patrol Zombie", by=1, target=0)
        else:
            s.apply(PASS, s.current_player())
    collapsed = [x for i, x in enumerate(steps) if i == 0 or steps[i - 1] != x]
    assert collapsed == ["before attackers", "attack", "after attackers", "block", "after blockers",
                         "after damage"]


def test_rule_87_a_minion_put_into_play_after_attackers_are_declared_does_not_attack():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Banner 89"]}, play={0: ["Kilo 13"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "play", "Banner 89", by=0)  # window after attackers
    assert names(t, s.play[0]) == ["Kilo 13", "Banner 89"]
    pass_windows(t, s)
    assert s.decision_kind() == "chain_start"
    assert t.view(s)["wounds"] == [0, 1]  # only Kilo's damage
    assert [t.names[e["card"]] for e in events(s, "attack")] == ["Kilo 13"]
    assert names(t, s.discards[0]) == ["Banner 89"]  # discarded at the end of combat (rule 117)


def test_rule_87_banner_89_put_into_play_before_blockers_may_block():
    t = NfTable(players=2)
    s = t.position(hands={1: ["Banner 89"]}, play={0: ["Emil Balev"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    t.choose(s, "pass", by=0)
    t.choose(s, "play", "Banner 89", by=1)  # window after attackers, before defenders
    pass_windows(t, s)
    assert s.decision_kind() == "block" and s.current_player() == 1
    t.choose(s, "block", "Banner 89", by=1, target=0)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 2]  # Banner (1 health left) absorbs 1 of Emil's 3


def test_rule_87_a_minion_put_into_play_after_blockers_cannot_block():
    t = NfTable(players=2)
    s = t.position(hands={1: ["Banner 89"]}, play={0: ["Emil Balev"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    pass_window(t, s)  # after attackers; player 1 has no minion to block with
    assert "after blockers" in s.prompt()
    t.choose(s, "pass", by=0)
    t.choose(s, "play", "Banner 89", by=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 3] and not events(s, "block")
    assert names(t, s.play[1]) == ["Banner 89"]  # a defender's minion stays in play


# ---------------------------------------------------------------------- A14 feed
def test_rule_88_89_feed_repeats_the_text_as_often_as_you_can_and_will_pay():
    """Emil Balev: "Chain: Inflict 1 damage on target minion. Feed: Discard 1 card." The
    first damage is free; each feed discards a card and repeats it; with nothing left to
    pay, only Pass is offered. The target, "Bone Cruncher" (health 4, designed), survives
    the three damage."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Emil Balev", "Kilo 13", "JAREK"]}, play={1: ["Bone Cruncher"]})
    start_chain(t, s, [(0, "Emil Balev")])
    assert PASS not in s.legal_action_indices()  # the first resolution is mandatory
    t.choose(s, "card", "Bone Cruncher", by=0)
    assert t.view(s)["damage"]["Bone Cruncher"] == 1 and len(s.hands[0]) == 2
    assert s.decision_kind() == "feed" and sorted(s.legal_action_indices()) == [PASS, FEED]
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Kilo 13", by=0)  # the price
    t.choose(s, "card", "Bone Cruncher", by=0)  # the text again
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "JAREK", by=0)
    t.choose(s, "card", "Bone Cruncher", by=0)
    assert t.view(s)["damage"]["Bone Cruncher"] == 3
    assert s.decision_kind() == "feed" and s.legal_action_indices() == [PASS]
    t.choose(s, "pass", by=0)
    assert names(t, s.discards[0]) == ["Kilo 13", "JAREK"] and names(t, s.play[0]) == ["Emil Balev"]


def test_rule_88_89_feed_is_optional():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Emil Balev", "Kilo 13"]}, play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "Emil Balev")])
    t.choose(s, "card", "Gregor Dzanic", by=0)
    t.choose(s, "pass", by=0)
    assert names(t, s.hands[0]) == ["Kilo 13"] and t.view(s)["damage"]["Gregor Dzanic"] == 1
    assert s.decision_kind() == "claim"


def test_rule_92_feed_on_in_play_text_smiling_biter_attacking():
    """"Smiling Biter": In Play: when this card attacks, inflict 1 damage on target player.
    Feed: Discard 2 cards."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm"]}, play={0: ["Smiling Biter"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Smiling Biter", by=0, target=1)
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "feed" and FEED in s.legal_action_indices()
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "JAREK", by=0)
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "feed" and s.legal_action_indices() == [PASS]  # 1 card left
    t.choose(s, "pass", by=0)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 4]  # 1 + 1 from the text, 2 in combat


# ---------------------------------------------------------------------- A15 ongoing effects
def test_rule_95_ongoing_effects_end_at_the_end_of_the_turn():
    """"Kilo 13" -> Power and Glory (kicker blue): +2 influence (Your Chain) and +2
    strength on JAREK, until the end of the turn."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Power and Glory"]}, play={0: ["JAREK"], 1: ["Victor One"]})
    jarek = t.id(s, "JAREK")
    start_chain(t, s, [(0, "Kilo 13"), (0, "Power and Glory")])
    t.choose(s, "card", "JAREK", by=0)  # the kicker's +2 strength
    assert s.strength(jarek) == 3
    t.choose(s, "card", "Victor One", by=0)  # Kilo's 1 damage
    assert s.decision_kind() == "claim" and s.influence == 4  # rule 144: 2 + 2 from the card
    advance(t, s, "wound_effect")
    assert s.strength(jarek) == 3  # still this turn (cleanup)
    t.choose(s, "pass", by=0)
    assert s.active == 1 and s.strength(jarek) == 1 and s.effects == []


# ---------------------------------------------------------------------- A16 moons
def test_rule_96_moons_are_shuffled_and_only_the_current_one_is_seen():
    current = set()
    for seed in range(8):
        s = NightfallGame(players=2, moons=True).new_initial_state(seed=seed)
        assert sorted(s.cards[m] for m in s.moons) == sorted(
            ["cw-blue-moon", "cw-butchers-moon", "cw-dark-of-the-moon", "cw-harvest-moon",
             "cw-hunters-moon", "cw-wolf-moon"])
        obs = s.observation(1)
        assert obs["moon"] == s.moons[-1] and obs["moon_count"] == 6 and "moons" not in obs
        current.add(s.cards[s.moons[-1]])
    assert len(current) > 1


def test_rule_97_100_every_moon_has_its_global_text():
    texts = {m.name: m.global_text for m in NightfallGame().card_sets[0].moons}
    assert texts["Blue Moon"] == "Global Chain: All actions receive their kickers."
    assert texts["Butcher's Moon"] == "Global Chain: Negate all damage from chain text inflicted on vampires."
    assert len(texts) == 6 and all(v.startswith("Global ") for v in texts.values())


@pytest.mark.parametrize("moon, drawn", [(None, 1), ("Blue Moon", 3), ("Butcher's Moon", 1)])
def test_rule_100_blue_moon_gives_every_action_its_kicker(moon, drawn):
    """Dog Eat Dog starts the chain (no kicker, rule 138) unless Blue Moon is up: its
    chain text ends "Draw 1 card", its kicker (white) is "Draw 2 cards" (both designed)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog"]}, decks={0: ["JAREK", "Snowstorm", "Victor One", "Kilo 13"]},
                   moon=moon)
    start_chain(t, s, [(0, "Dog Eat Dog")])
    assert s.decision_kind() == "claim" and len(s.hands[0]) == drawn


def test_rule_100_blue_moon_does_not_give_minions_their_kickers():
    """Sophia Otrava's kicker (gold): Draw 2 cards."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava"]}, decks={0: ["Kilo 13", "JAREK"]}, moon="Blue Moon")
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.hands[0] == [] and not events(s, "kicker")


@pytest.mark.parametrize("target, damage", [("Katya Iliyevna", 0), ("JAREK", 1)])
def test_rule_100_butchers_moon_negates_chain_damage_on_vampires(target, damage):
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, play={1: ["Katya Iliyevna", "JAREK"]}, moon="Butcher's Moon")
    start_chain(t, s, [(0, "Kilo 13")])
    t.choose(s, "card", target, by=0)
    assert t.view(s)["damage"][target] == damage


def test_rule_100_butchers_moon_does_not_negate_combat_damage():
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"], 1: ["Katya Iliyevna"]}, phase="combat", moon="Butcher's Moon")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    t.choose(s, "block", "Katya Iliyevna", by=1, target=0)
    pass_windows(t, s)
    assert t.view(s)["damage"]["Katya Iliyevna"] == 1


def test_rule_100_butchers_moon_negates_dog_eat_dog_damage_on_a_vampire():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog"]}, play={0: ["Emil Balev"], 1: ["Katya Iliyevna"]},
                   moon="Butcher's Moon")
    start_chain(t, s, [(0, "Dog Eat Dog")])
    t.choose(s, "card", "Emil Balev", by=0)  # Emil (4) inflicts his strength…
    t.choose(s, "card", "Katya Iliyevna", by=0)  # …on a vampire: negated
    assert names(t, s.play[1]) == ["Katya Iliyevna"] and t.view(s)["damage"]["Katya Iliyevna"] == 0


def test_rule_97_dark_of_the_moon_attacking_minions_cannot_be_blocked():
    t = NfTable(players=2)
    s = t.position(play={0: ["Clever Ivan"], 1: ["Patrol Zombie"]}, phase="combat", moon="Dark of the Moon")
    pass_windows(t, s)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    pass_windows(t, s)
    assert not events(s, "block") and t.view(s)["wounds"] == [0, 2]


@pytest.mark.parametrize("moon, influence", [(None, 2), ("Harvest Moon", 3)])
def test_rule_97_harvest_moon_gives_one_more_influence_in_the_claim_phase(moon, influence):
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, moon=moon)
    t.choose(s, "pass", by=0)
    assert s.decision_kind() == "claim" and s.influence == influence


@pytest.mark.parametrize("moon, attacker, wounds", [
    (None, "Kilo 13", 1), ("Hunter's Moon", "Kilo 13", 2), ("Hunter's Moon", "Clever Ivan", 2),
    ("Wolf Moon", "Clever Ivan", 3), ("Wolf Moon", "Kilo 13", 1)])
def test_rule_97_hunters_and_wolf_moon_strengthen_attacking_hunters_and_lycanthropes(moon, attacker, wounds):
    t = NfTable(players=2)
    s = t.position(play={0: [attacker]}, phase="combat", moon=moon)
    pass_windows(t, s)
    t.choose(s, "attack", attacker, by=0, target=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, wounds]


@pytest.mark.parametrize("option, current, order", [
    (0, "Blue Moon", ["Wolf Moon", "Harvest Moon", "Blue Moon"]),
    (1, "Harvest Moon", ["Blue Moon", "Wolf Moon", "Harvest Moon"]),
    (2, None, None)])
def test_rule_98_at_the_end_of_the_turn_the_player_keeps_advances_or_shuffles_the_moon(option, current, order):
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm", "Victor One", "Clever Ivan"]},
                   phase="cleanup", moon="Blue Moon")
    cw = t.game.card_sets[0]
    s.moons[:0] = [s.new_instance(cw.card("Wolf Moon").id), s.new_instance(cw.card("Harvest Moon").id)]
    for m in s.moons:
        t.names[m] = t.game.card(s.cards[m]).name
    s.effects.append({"kind": "strength_all", "player": 0, "amount": 1})
    assert s.decision_kind() == "wound_effect"  # after the draw, the wound effect…
    t.choose(s, "pass", by=0)
    assert s.decision_kind() == "moon" and s.current_player() == 0 and s.effects == []  # …effects end
    t.choose(s, "option", option, by=0)
    assert s.active == 1
    moon = events(s, "moon")[-1]
    assert moon["choice"] == ("keep", "next", "shuffle")[option] and moon["moon"] == s.moons[-1]
    if order:
        assert names(t, s.moons) == order
    else:
        assert sorted(names(t, s.moons)) == ["Blue Moon", "Harvest Moon", "Wolf Moon"]


# ---------------------------------------------------------------------- A17 turn structure
def test_rule_101_102_four_phases_in_order_then_the_player_to_the_left():
    t = NfTable(players=3)
    s = t.position(play={0: ["Kilo 13"]}, hands={0: ["Clever Ivan"]}, phase="combat")
    seen = []
    while s.active == 0:
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        if s.decision_kind() == "attack":
            t.choose(s, "attack", "Kilo 13", by=0, target=2)
        else:
            s.apply(PASS if PASS in s.legal_action_indices() else DONE, s.current_player())
    assert seen == ["combat", "chain", "claim", "cleanup"]
    assert s.active == 1 and s.phase == "combat" and s.decision_kind() == "combat_window"


# ---------------------------------------------------------------------- A18 combat
def test_rule_103_104_every_minion_must_attack_an_opponent_split_as_you_like():
    t = NfTable(players=3)
    s = t.position(play={0: ["Kilo 13", "JAREK", "Clever Ivan"]}, phase="combat")
    pass_windows(t, s)
    for name, target in (("JAREK", 2), ("Clever Ivan", 1), ("Kilo 13", 1)):
        assert s.decision_kind() == "attack"
        legal = t.describe(s)
        assert all(x.startswith("Attack(") for x in legal)  # no pass, no stop
        slots = {int(x.split("slot=")[1].split(",")[0]) for x in legal}
        assert {s.play[0][k] for k in slots} == {c for c in s.play[0] if not any(
            e["card"] == c for e in events(s, "attack"))}
        assert {int(x.split("player=")[1].rstrip(")")) for x in legal} == {1, 2}
        t.choose(s, "attack", name, by=0, target=target)
    assert s.decision_kind() == "combat_window"
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 3, 1]


@pytest.mark.parametrize("first", ["Kilo 13", "Clever Ivan"])
def test_rule_105_combats_resolve_in_the_order_the_attacker_chose(first):
    t = NfTable(players=3)
    s = t.position(play={0: ["Kilo 13", "Clever Ivan"]}, phase="combat")
    target = {"Kilo 13": 2, "Clever Ivan": 1}
    pass_windows(t, s)
    for name in (first, ({"Kilo 13", "Clever Ivan"} - {first}).pop()):
        t.choose(s, "attack", name, by=0, target=target[name])
    pass_windows(t, s)
    assert [e["player"] for e in events(s, "wounds")] == [target[first], 3 - target[first]]


def test_rule_106_blocking_is_optional():
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"], 1: ["Patrol Zombie"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_window(t, s)
    assert s.decision_kind() == "block" and DONE in s.legal_action_indices()
    t.choose(s, "done", by=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 1] and t.view(s)["damage"]["Patrol Zombie"] == 0


def test_rule_106_a_defender_blocks_only_the_attackers_sent_at_him():
    t = NfTable(players=3)
    s = t.position(play={0: ["Kilo 13", "Clever Ivan"], 1: ["Patrol Zombie"], 2: ["Victor One"]},
                   phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "attack", "Clever Ivan", by=0, target=2)
    pass_window(t, s)
    assert s.current_player() == 1 and sorted(t.describe(s)) == ["Block(slot=0, attack=0)", "Done()"]
    t.choose(s, "done", by=1)
    assert s.current_player() == 2 and sorted(t.describe(s)) == ["Block(slot=0, attack=1)", "Done()"]


def test_rule_103_87_a_minion_put_into_play_before_attackers_are_declared_must_attack():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Banner 89"]}, phase="combat")
    t.choose(s, "play", "Banner 89", by=0)
    pass_windows(t, s)
    assert s.decision_kind() == "attack" and t.describe(s) == ["Attack(slot=0, player=1)"]
    t.choose(s, "attack", "Banner 89", by=0, target=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 2] and names(t, s.discards[0]) == ["Banner 89"]


@pytest.mark.parametrize("order, damage, survivor", [
    (["Patrol Zombie", "Victor One"], 0, "Victor One"),
    (["Victor One", "Patrol Zombie"], 1, "Patrol Zombie")])
def test_rule_106_108_blockers_gang_up_in_the_order_the_defender_chose(order, damage, survivor):
    """Emil Balev (3, designed) is blocked by Patrol Zombie (3 health) and "Victor One"
    (2): the first blocker absorbs until destroyed, the next takes the rest (none when
    the Zombie absorbs all 3, 1 after "Victor One" absorbs 2); a blocker blocks only one
    attacker."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev", "Kilo 13"], 1: ["Patrol Zombie", "Victor One"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_window(t, s)
    t.choose(s, "block", order[0], by=1, target=0)
    slot = s.play[1].index(t.id(s, order[0]))
    assert not any(f"slot={slot}," in x for x in t.describe(s) if x.startswith("Block"))
    t.choose(s, "block", order[1], by=1, target=0)
    pass_windows(t, s)
    assert names(t, s.play[1]) == [survivor] and t.view(s)["damage"][survivor] == damage
    assert t.view(s)["wounds"] == [0, 1]  # Kilo was not blocked


def test_rule_107_109_unabsorbed_damage_wounds_the_defender_and_attackers_take_none():
    """Bone Cruncher (5) blocked by "Kilo 13" (2 health): 3 wounds; Bone Cruncher is not
    damaged."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Bone Cruncher"], 1: ["Kilo 13"]}, phase="combat")
    bone = t.id(s, "Bone Cruncher")
    pass_windows(t, s)
    t.choose(s, "attack", "Bone Cruncher", by=0, target=1)
    pass_window(t, s)
    t.choose(s, "block", "Kilo 13", by=1, target=0)
    pass_window(t, s)
    assert "after damage" in s.prompt()
    assert s.minions[bone]["damage"] == 0 and t.view(s)["wounds"] == [0, 3]
    assert names(t, s.exiled) == ["Kilo 13"]  # a destroyed starter (rule 59)
    assert not [e for e in events(s, "damage") if e["card"] == bone]


@pytest.mark.parametrize("stayer, attached", [("JAREK", None), ("Foul Revenant", None),
                                              ("Emil Balev", "Still Standing")])
def test_rule_117_118_minions_are_discarded_after_combat_unless_told_to_stay(stayer, attached):
    t = NfTable(players=2)
    s = t.position(play={0: [stayer, "Clever Ivan"], 1: ["Patrol Zombie"]}, phase="combat",
                   attached={stayer: [attached]} if attached else None)
    pass_windows(t, s)
    t.choose(s, "attack", stayer, by=0, target=1)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    pass_windows(t, s)
    t.choose(s, "done", by=1)  # no block
    pass_windows(t, s)
    assert s.decision_kind() == "chain_start"
    assert names(t, s.play[0]) == [stayer] and names(t, s.exiled) == ["Clever Ivan"]
    assert names(t, s.play[1]) == ["Patrol Zombie"]  # the defender's minions are not discarded
    if attached:
        assert t.view(s)["attached"][stayer] == [attached]


def test_rule_120_smiling_biter_kicker_gives_a_second_combat_then_claim():
    """Dog Eat Dog (red) -> "Smiling Biter" (kicker red): a second Combat Phase after the
    chain, with the minions now in play; then straight to Claim."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog", "Smiling Biter"]})
    start_chain(t, s, [(0, "Dog Eat Dog"), (0, "Smiling Biter")])
    t.choose(s, "card", "Smiling Biter", by=0)  # Dog Eat Dog: no other minion to hurt
    assert s.phase == "combat" and s.decision_kind() == "combat_window"
    pass_windows(t, s)
    t.choose(s, "attack", "Smiling Biter", by=0, target=1)
    t.choose(s, "player", 1, by=0)  # its In Play text when it attacks
    t.choose(s, "pass", by=0)  # no feed (nothing to discard)
    pass_windows(t, s)
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 3]
    assert names(t, s.discards[0]) == ["Dog Eat Dog", "Smiling Biter"]  # discarded after it (reading 26)


# ---------------------------------------------------------------------- A19 chain: building
def test_rule_122_if_the_active_player_starts_no_chain_nobody_plays_orders():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"], 1: ["Victor One", "Emil Balev"]})
    t.choose(s, "pass", by=0)
    assert s.decision_kind() == "claim" and s.current_player() == 0
    assert len(s.hands[1]) == 2 and events(s, "no_chain")


def test_rule_123_any_order_may_start_the_chain_but_no_wound():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Inhuman Wave", "Sophia Otrava", "Full Battle Rattle"]},
                   wound_cards={0: ["bite"]})
    assert s.decision_kind() == "chain_start" and s.current_player() == 0
    assert options(t, s) == ["Full Battle Rattle", "Inhuman Wave", "Kilo 13", "Sophia Otrava"]
    assert PASS in s.legal_action_indices()


def test_rule_124_a_card_links_only_to_the_last_card_by_its_link_colours():
    """"Kilo 13" (blue, links gold) -> "Victor One" (gold, links green): now only green
    links, not Emil Balev (gold), who could have linked to Kilo."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Victor One", "Emil Balev", "JAREK", "Patrol Zombie"]})
    t.choose(s, "play", "Kilo 13", by=0)
    assert options(t, s) == ["Emil Balev", "Victor One"]
    t.choose(s, "play", "Victor One", by=0)
    assert options(t, s) == ["JAREK"]
    t.choose(s, "play", "JAREK", by=0)
    assert options(t, s) == ["Patrol Zombie"]


def test_rule_125_127_128_131_each_opponent_in_turn_links_once_then_last_in_first_out():
    """Player 0 starts "Clever Ivan" (red>blue); player 1 links "Kilo 13" (blue>gold) and
    "Victor One" (gold>green); player 2 links JAREK (green>purple). Player 1 still holds
    Patrol Zombie (purple) but has had his chance. The chain resolves from the top."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Clever Ivan"], 1: ["Kilo 13", "Victor One", "Patrol Zombie"], 2: ["JAREK"]})
    asked = []
    plays = {1: ["Kilo 13", "Victor One"], 2: ["JAREK"], 0: ["Clever Ivan"]}
    while s.decision_kind() in ("chain_start", "link"):
        p = s.current_player()
        asked.append(p)
        if plays[p]:
            t.choose(s, "play", plays[p].pop(0), by=p)
        else:
            t.choose(s, "done", by=p)
    assert asked == [0, 0, 1, 1, 1, 2, 2]
    assert [(t.names[e["card"]], e["player"]) for e in events(s, "chain")] == [
        ("Clever Ivan", 0), ("Kilo 13", 1), ("Victor One", 1), ("JAREK", 2)]
    assert s.decision_kind() == "target_minion" and s.current_player() == 1  # Kilo, after JAREK and Victor
    t.choose(s, "card", "JAREK", by=1)
    assert [t.names[e["card"]] for e in events(s, "resolve")] == ["JAREK", "Victor One", "Kilo 13", "Clever Ivan"]
    assert names(t, s.hands[1]) == ["Patrol Zombie"]


def test_rule_126_a_player_may_link_after_the_player_before_him_passed():
    t = NfTable(players=3)
    s = t.position(hands={0: ["Clever Ivan"], 1: ["Kilo 13"], 2: ["Kilo 13"]}, decks={0: ["JAREK"]})
    t.choose(s, "play", "Clever Ivan", by=0)
    t.choose(s, "done", by=0)
    t.choose(s, "done", by=1)
    assert s.current_player() == 2 and PLAY0 + s.hands[2][0] in s.legal_action_indices()
    t.choose(s, "play", s.hands[2][0], by=2)
    assert [p for _, p, _ in t.view(s)["chain"]] == [0, 2]


def test_rule_130_a_resolved_action_goes_to_its_owners_discard_pile_a_minion_into_play():
    """Player 0's JAREK (green>purple), player 1's Fresh Meat (purple action: draw 1 card
    plus 1 per friendly ghoul)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["JAREK"], 1: ["Fresh Meat"]}, decks={1: ["Kilo 13", "Snowstorm"]})
    start_chain(t, s, [(0, "JAREK"), (1, "Fresh Meat")])
    assert names(t, s.discards[1]) == ["Fresh Meat"] and names(t, s.play[0]) == ["JAREK"]
    assert names(t, s.hands[1]) == ["Snowstorm"] and s.chain == []


def test_rule_132_do_as_much_as_you_can_and_the_chain_goes_on():
    """"Snowstorm" -> "Asset Seven": 2 damage destroys the only minion in play; the second
    "inflict 2 damage on target minion" has no target and does nothing; Snowstorm still
    resolves."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Snowstorm", "Asset Seven"]}, play={1: ["Kilo 13"]})
    start_chain(t, s, [(0, "Snowstorm"), (0, "Asset Seven")])
    t.choose(s, "card", "Kilo 13", by=0)
    assert s.decision_kind() == "claim"
    assert names(t, s.play[0]) == ["Asset Seven", "Snowstorm"] and names(t, s.exiled) == ["Kilo 13"]


def test_rule_134_excess_chain_damage_on_a_minion_does_not_spill_over():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gregor Dzanic"]}, play={1: ["Clever Ivan"]})
    start_chain(t, s, [(0, "Gregor Dzanic")])
    t.choose(s, "card", "Clever Ivan", by=0)  # 2 damage on 1 health
    assert names(t, s.exiled) == ["Clever Ivan"] and t.view(s)["wounds"] == [0, 0]


def test_rule_134_chain_damage_on_a_player_is_wounds():
    """Inhuman Wave: "Inflict 2 damage on target player"."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Inhuman Wave"]})
    top = s.wounds[-2:]
    start_chain(t, s, [(0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 2] and sorted(s.discards[1]) == sorted(top)


# ---------------------------------------------------------------------- A21 kickers
def test_rule_135_linked_from_its_kicker_colour_a_card_resolves_its_kicker():
    """JAREK (green) -> Foul Revenant (purple, kicker green: 2 damage on target minion)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["JAREK", "Foul Revenant"]}, play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "JAREK"), (0, "Foul Revenant")])
    assert t.view(s)["chain"][-1] == ("Foul Revenant", 0, True)
    assert s.decision_kind() == "target_minion"
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert t.view(s)["damage"]["Gregor Dzanic"] == 2


@pytest.mark.parametrize("first", ["Sophia Otrava", None])
def test_rule_135_138_no_kicker_from_another_colour_nor_for_the_first_card(first):
    """Foul Revenant linked from white Sophia Otrava, or starting the chain: no kicker."""
    t = NfTable(players=2)
    hand = ["Foul Revenant"] + ([first] if first else [])
    s = t.position(hands={0: hand}, play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, first)] * bool(first) + [(0, "Foul Revenant")])
    assert s.decision_kind() == "claim" and t.view(s)["damage"]["Gregor Dzanic"] == 0
    assert not events(s, "kicker")


def test_rule_137_the_kicker_comes_from_the_previous_card_whoever_owns_it():
    t = NfTable(players=2)
    s = t.position(hands={0: ["JAREK"], 1: ["Foul Revenant"]}, play={0: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "JAREK"), (1, "Foul Revenant")])
    assert s.decision_kind() == "target_minion" and s.current_player() == 1
    t.choose(s, "card", "Gregor Dzanic", by=1)
    assert t.view(s)["damage"]["Gregor Dzanic"] == 2


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_rule_136_the_kicker_resolves_after_the_chain_text():
    """"Kilo 13" (blue) -> Emil Balev (kicker blue: draw 1, designed): the chain text's
    damage comes first, then the kicker's draw."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Emil Balev"]}, decks={0: ["JAREK", "Snowstorm"]},
                   play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "Kilo 13"), (0, "Emil Balev")])
    assert s.hands[0] == []
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert s.decision_kind() == "feed"  # the chain text's Feed comes before the kicker (rule 136)
    t.choose(s, "pass", by=0)
    kinds = [e["type"] for e in s.events]
    assert kinds.index("damage") < kinds.index("kicker") < len(kinds) - kinds[::-1].index("draw")
    assert names(t, s.hands[0]) == ["Snowstorm"] and names(t, s.decks[0]) == ["JAREK"]


# ---------------------------------------------------------------------- A22 claim
def test_rule_144_two_influence_plus_one_per_card_discarded_wounds_included():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, wound_cards={0: ["bite"]}, archives={"Fresh Meat": (-1, 7)})
    t.choose(s, "pass", by=0)  # no chain
    assert s.decision_kind() == "claim" and s.influence == 2
    t.choose(s, "discard", "Kilo 13", by=0)
    t.choose(s, "discard", "NF Wound (bite)", by=0)  # a wound is worth 1 influence too
    assert s.influence == 4 and s.hands[0] == [] and len(s.discards[0]) == 2
    t.choose(s, "done", by=0)  # you may discard without spending
    assert s.phase == "cleanup" and len(s.archives[0]["cards"]) == 7


def test_rule_145_claim_several_copies_while_you_can_pay():
    t = NfTable(players=2)
    s = t.position(archives={"Fresh Meat": (-1, 7), "Dog Eat Dog": (-1, 7)}, phase="claim", influence=5)
    dog = f"Archive(archive={t.archive(s, 'Dog Eat Dog')})"
    t.choose(s, "archive", "Fresh Meat", by=0)
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.influence == 1 and dog not in t.describe(s)  # it costs 3
    assert not any(x.startswith("Archive") for x in t.describe(s))
    assert names(t, s.discards[0]) == ["Fresh Meat", "Fresh Meat"]


def test_rule_143_146_only_your_private_archives_and_the_commons_claimed_to_your_discard_pile():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, discards={0: ["JAREK"]}, phase="claim", influence=9,
                   archives={"Fresh Meat": (0, 7), "R&D": (1, 7), "Dog Eat Dog": (-1, 7)})
    offered = {x for x in t.describe(s) if x.startswith("Archive")}
    assert offered == {f"Archive(archive={t.archive(s, n)})" for n in ("Fresh Meat", "Dog Eat Dog")}
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert names(t, s.discards[0]) == ["JAREK", "Dog Eat Dog"] and names(t, s.hands[0]) == ["Kilo 13"]


def test_rule_148_unused_influence_is_lost_at_the_end_of_the_turn():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK"], 1: ["Snowstorm"]}, phase="claim", influence=2)
    t.choose(s, "discard", "Kilo 13", by=0)
    t.choose(s, "done", by=0)  # 3 influence unused
    advance(t, s, "chain_start")
    assert s.active == 1 and s.influence == 0
    t.choose(s, "pass", by=1)
    assert s.decision_kind() == "claim" and s.current_player() == 1 and s.influence == 2


# ---------------------------------------------------------------------- A23 cleanup
@pytest.mark.parametrize("hand, after", [(2, 5), (5, 5), (7, 7)])
def test_rule_153_reading_25_draw_up_to_five_and_never_discard_down(hand, after):
    t = NfTable(players=2)
    cards = ["Kilo 13", "JAREK", "Snowstorm", "Victor One", "Clever Ivan", "Patrol Zombie", "Emil Balev"]
    s = t.position(hands={0: cards[:hand]}, decks={0: ["Sophia Otrava"] * 6}, phase="cleanup")
    assert s.decision_kind() == "wound_effect" and len(s.hands[0]) == after
    assert len(s.decks[0]) == 6 - (after - hand) and s.discards[0] == []


def test_rule_154_nf_wound_discard_it_and_other_wounds_draw_two_for_each():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm"]}, wound_cards={0: ["bite", "burn"]},
                   decks={0: ["Sophia Otrava"] * 5}, phase="cleanup")
    assert options(t, s) == ["NF Wound (bite)", "NF Wound (burn)"] and PASS in s.legal_action_indices()
    t.choose(s, "play", "NF Wound (bite)", by=0)
    assert s.decision_kind() == "choose_wounds" and options(t, s) == ["NF Wound (burn)"]
    t.choose(s, "card", "NF Wound (burn)", by=0)
    t.choose(s, "done", by=0)
    assert len(s.hands[0]) == 7 and len(s.decks[0]) == 1
    assert sorted(names(t, s.discards[0])) == ["NF Wound (bite)", "NF Wound (burn)"]
    assert s.active == 1  # no second wound effect; the turn is over


def test_rule_154_155_158_draw_to_five_comes_before_the_one_wound_effect():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, wound_cards={0: ["bite"]}, decks={0: ["JAREK"] * 4},
                   phase="cleanup")
    assert s.decision_kind() == "wound_effect" and len(s.hands[0]) == 5
    assert [e["reason"] for e in events(s, "draw")] == ["cleanup"]


# ---------------------------------------------------------------------- A24 wound effects
def test_rule_159_160_ml_wound_your_combat_plus_one_strength_with_feed():
    """"Kilo 13" (1) gets +1 from the ML wound, +1 more by feeding it a wound: 3 damage."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, wound_cards={0: ["ml:bite", "burn"]}, phase="combat")
    kilo = t.id(s, "Kilo 13")
    t.choose(s, "play", "ML Wound (bite)", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    assert s.strength(kilo) == 2 and s.decision_kind() == "feed"
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "NF Wound (burn)", by=0)  # the price: discard 1 wound
    t.choose(s, "card", "Kilo 13", by=0)
    assert s.strength(kilo) == 3 and s.legal_action_indices() == [PASS]  # no wound left to pay
    t.choose(s, "pass", by=0)
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [2, 3]
    assert sorted(names(t, s.discards[0])) == ["ML Wound (bite)", "NF Wound (burn)"]


def test_rule_159_one_wound_effect_per_turn():
    """After the ML wound in combat, neither a second ML wound nor an NF wound in
    cleanup is offered."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, wound_cards={0: ["ml:bite", "ml:burn", "bleed"]}, phase="combat")
    t.choose(s, "play", "ML Wound (bite)", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "pass", by=0)  # no feed
    pass_window(t, s)
    assert t.describe(s) == ["Attack(slot=0, player=1)"]
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    assert s.decision_kind() == "combat_window" and s.legal_action_indices() == [PASS]
    advance(t, s, "wound_effect")
    assert s.legal_action_indices() == [PASS]


def test_rule_159_the_cw_wound_may_be_used_after_another_wound_effect_but_once_per_turn():
    t = NfTable(players=2)
    s = t.position(play={0: ["Kilo 13"]}, decks={0: ["JAREK", "Snowstorm"]},
                   wound_cards={0: ["ml:bite", "cw:burn", "cw:bleed"]}, phase="combat")
    t.choose(s, "play", "ML Wound (bite)", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "pass", by=0)
    advance(t, s, "attack")
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    advance(t, s, "chain_start")
    assert options(t, s) == ["CW Wound (bleed)", "CW Wound (burn)"]
    t.choose(s, "play", "CW Wound (burn)", by=0)  # draw 1; the chain is not started
    assert s.decision_kind() == "chain_start" and names(t, s.hands[0])[-1] == "Snowstorm"
    assert options(t, s) == ["Snowstorm"]  # the other CW wound is not offered again
    assert names(t, s.discards[0])[-1] == "CW Wound (burn)"


def test_rule_159_the_cw_wound_is_your_chain_only_for_the_active_player():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, wound_cards={1: ["cw:burn"]})
    t.choose(s, "play", "Kilo 13", by=0)
    t.choose(s, "done", by=0)
    assert s.current_player() == 1 and s.legal_action_indices() == [DONE]


# ---------------------------------------------------------------------- A25 end of game
def test_rule_161_the_last_face_up_wound_ends_the_game_after_the_chain():
    """Patrol Zombie -> Sophia Otrava with one face-up wound left: Sophia's wound ends the
    game, but Patrol Zombie still resolves (Your Chain influence, into play); no Claim."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Patrol Zombie", "Sophia Otrava"]}, wounds=4, face_up=1)
    start_chain(t, s, [(0, "Patrol Zombie"), (0, "Sophia Otrava")])
    assert s.is_terminal() and s.pending() is None and s.phase == "over"
    assert names(t, s.play[0]) == ["Sophia Otrava", "Patrol Zombie"] and events(s, "influence")
    assert not [e for e in s.events if e["type"] == "phase" and e.get("phase") == "claim"]
    assert s.winner == 0 and s.returns() == [1.0, 0.0]
    assert events(s, "game_over")[-1]["wounds"] == [0, 1]
    assert s.observation(1)["wound_top"] is None  # the rest of the stack is face down


def test_rule_161_reading_10_the_last_wound_in_combat_ends_the_game_after_all_combats():
    """Emil Balev's 3 damage (designed strength) takes the last face-up wound; "Kilo 13"'s
    combat is still resolved, with a face-down wound; then the game ends, with no Chain
    Phase."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev", "Kilo 13"]}, hands={0: ["Sophia Otrava"]},
                   wounds=6, face_up=3, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    assert s.is_terminal() and s.face_up == 0 and t.view(s)["wounds"] == [0, 4]
    assert not events(s, "chain") and names(t, s.hands[0]) == ["Sophia Otrava"]
    assert s.winner == 0


def test_rule_161_reading_10_wounds_past_the_stack_are_still_counted():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Inhuman Wave"]}, wounds=1, face_up=1)
    start_chain(t, s, [(0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert s.is_terminal() and events(s, "game_over")[-1]["wounds"] == [0, 2]


def test_rule_162_wounds_count_in_deck_hand_and_discard_pile():
    """Player 0 holds two wounds, one in hand and one in his deck; player 1 gets the last
    face-up wound: player 1 has fewer and wins."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: ["bite", "burn"]}, wounds=3, face_up=1)
    s.decks[0].append(s.hands[0].pop())
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.is_terminal() and events(s, "game_over")[-1]["wounds"] == [2, 1]
    assert s.winner == 1 and s.returns() == [0.0, 1.0]


def _tie(t, mine: list[str], theirs: list[str], first_player: int = 0):
    """Player 0 holds ``mine``; player 1 holds ``theirs`` and receives the last face-up
    wound (a bleed) from player 0's Sophia Otrava."""
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: mine, 1: theirs}, wounds=3, face_up=1)
    assert s.wtype[s.wounds[-1]] == "bleed"
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.is_terminal()
    return s


@pytest.mark.parametrize("mine, theirs, winner", [
    # rule 165: Brad 3/3/1 (bite/burn/bleed) beats Janet 1/4/2, in either seat
    (["bite"] * 3 + ["burn"] * 3 + ["bleed"], ["bite"] + ["burn"] * 4 + ["bleed"], 0),
    (["bite"] + ["burn"] * 4 + ["bleed"] * 2, ["bite"] * 3 + ["burn"] * 3, 1),
    # equal highest counts: the lower second-highest wins (3/2/2 beats 3/3/1)
    (["bite"] * 3 + ["burn"] * 2 + ["bleed"] * 2, ["bite"] * 3 + ["burn"] * 3, 0),
])
def test_rule_163_165_ties_go_to_the_lowest_highest_wound_type_count(mine, theirs, winner):
    s = _tie(NfTable(players=2), mine, theirs)
    assert events(s, "game_over")[-1]["wounds"] == [7, 7] and s.winner == winner


@pytest.mark.parametrize("first_player, winner", [(0, 2), (1, 0), (2, 1)])
def test_rule_164_reading_9_then_the_player_closest_to_the_right_of_the_first_player(first_player, winner):
    """Three players with one wound each of a different type: tied in every count; the
    first player's right-hand neighbour (the last in turn order) wins."""
    t = NfTable(players=3, first_player=first_player)
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: ["bleed"]}, wounds=20, face_up=2)
    start_chain(t, s, [(0, "Sophia Otrava")])
    t.choose(s, "player", 1, by=0)  # rule 73: player 0 orders the wounds (player 1 first)
    assert s.is_terminal() and events(s, "game_over")[-1]["wounds"] == [1, 1, 1]
    assert sorted(s.wtype[c] for p in range(3) for c in s.hands[p] + s.discards[p]) == ["bite", "bleed", "burn"]
    assert s.winner == winner


# ---------------------------------------------------------------------- what each player sees
def test_rule_38_an_opponents_draw_shows_how_many_cards_but_not_which():
    t = NfTable(players=3)
    s = t.position(hands={0: ["Kilo 13", "JAREK"]}, decks={0: ["Snowstorm", "Victor One", "Clever Ivan"]},
                   phase="cleanup")
    drawn = s.hands[0][2:]
    for viewer in (1, 2):
        assert events(s, "draw", viewer)[-1] == {"type": "draw", "player": 0, "count": 3, "reason": "cleanup"}
    mine = events(s, "draw", 0)[-1]
    assert mine["cards"] == drawn and events(s, "draw", None)[-1]["cards"] == drawn


def test_rule_38_a_look_at_a_hand_is_shown_to_the_looker_and_the_owner_only():
    """Routine Questioning: "Look at target player's hand and choose 1 card in it. That
    player discards the chosen card.\""""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Routine Questioning"], 1: ["Kilo 13", "Emil Balev"]})
    hand = list(s.hands[1])
    start_chain(t, s, [(0, "Routine Questioning")])
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "target_card" and s.current_player() == 0
    assert s.observation(0)["looking_at"] == {"player": 1, "cards": hand}
    assert s.observation(2)["looking_at"] is None and s.observation(2)["legal"] is None
    assert events(s, "look", 1)[-1]["cards"] == hand and "cards" not in events(s, "look", 2)[-1]
    t.choose(s, "card", "Emil Balev", by=0)
    assert names(t, s.discards[1]) == ["Emil Balev"] and names(t, s.hands[1]) == ["Kilo 13"]


def _hide(s, viewer: int, rng: random.Random):
    """A copy of ``s`` with everything ``viewer`` cannot see re-dealt: each opponent's
    hand and deck mixed together and re-split, and the viewer's own deck reordered."""
    other = s.clone()
    for q in range(s.num_players):
        if q == viewer:
            rng.shuffle(other.decks[q])
            continue
        pool = other.hands[q] + other.decks[q]
        rng.shuffle(pool)
        other.hands[q], other.decks[q] = pool[:len(s.hands[q])], pool[len(s.hands[q]):]
    return other


def test_rule_38_observation_hides_opponents_hands_and_every_deck():
    """At every decision of a random 3-player game, re-dealing what a player cannot see
    (other hands, all decks, his own deck's order) leaves his observation unchanged,
    while the opponent whose hand changed would notice."""
    rng = random.Random(7)
    s = NightfallGame(players=3).new_initial_state(seed=11)
    noticed = 0
    for step in range(600):
        if s.is_terminal():
            break
        if step % 3 == 0 and s.observation(0)["looking_at"] is None:
            viewer = step % s.num_players
            obs = s.observation(viewer)
            assert "decks" not in obs and "hands" not in obs and obs["hand"] == s.hands[viewer]
            hidden = _hide(s, viewer, rng)
            assert hidden.observation(viewer) == obs
            q = (viewer + 1) % s.num_players
            noticed += hidden.observation(q)["hand"] != s.hands[q]
        s.apply(rng.choice(s.legal_action_indices()))
    assert noticed > 20


def test_rule_38_draws_in_a_random_game_are_private_to_the_drawer():
    rng = random.Random(3)
    s = NightfallGame(players=3).new_initial_state(seed=4)
    for _ in range(500):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_action_indices()))
    draws = [e for e in s.events if e["type"] == "draw"]
    assert len(draws) > 10
    for viewer in range(3):
        seen = [e for e in s.events_for(viewer) if e["type"] == "draw"]
        assert len(seen) == len(draws)
        for raw, e in zip(draws, seen):
            assert ("cards" in e) == (raw["player"] == viewer) and e["count"] == len(raw["cards"])
