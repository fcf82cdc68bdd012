"""Every Coldest War card's text, played: one test per printed text block (Chain, Your
Chain, Kicker, Feed, In Play, Combat, a moon's Global text, a wound's effect), and every
FAQ ruling of these cards as a test named after the card that quotes the ruling.

Texts are those of ``src/gloam/nightfall/data/coldest_war.json`` (readable in
``docs/cards-coldest-war.md``, where gloam's designed texts are marked); the FAQ rulings are
the data's ``faq_rulings`` (the same as ``shared/card-facts.json``), from seeds 000/002/003.
Each test builds a position by card name (``tests/nf_scenario.py``), makes every decision
through ``state.apply`` as a front end would, and asserts what a player at the table would
see: the targets offered, damage and health, wounds, cards drawn, discarded and claimed,
influence, strength, attachments, what stays in play, what is exiled. Rule numbers are
those of ``shared/rules-checklist.md`` part A. Where the engine departs from the text the
test is ``xfail(strict=True)`` and its reason says how.

Colours used to earn kickers (colour > link colours, kicker colour in brackets):
"Clever Ivan" red>blue, JAREK green>purple, "Kilo 13" blue>gold, Patrol Zombie
purple>white, "Snowstorm" white>red, "Victor One" gold>green; "Asset Seven" red>green,purple
[blue]; "Banner 89" blue>red,gold [red]; "Bone Cruncher" red>blue,white [purple]; Doktor
Nyilaszy white>blue,gold [purple]; Emil Balev gold>red,purple [blue]; Foul Revenant
purple>green,white [green]; Gregor Dzanic green>blue,purple [white]; "Kaos 33"
blue>gold,green [green]; Kaspar Udunian gold>blue,white [white]; Katya Iliyevna
purple>red,gold [red]; "Smiling Biter" green>red,white [red]; Sophia Otrava
white>purple,green [gold]; All Fears Revealed purple>blue,red [gold]; Blowtorch Triage
white>green,red [blue]; Dog Eat Dog red>green,gold [white]; Fresh Meat purple>gold,white
[white]; Full Battle Rattle green>gold,white [red]; Gathering Strength gold>green,blue
[purple]; Inhuman Wave red>purple,blue [green]; Power and Glory gold>red,purple [blue]; R&D
blue>purple,green [gold]; Routine Questioning blue>white,red [white]; Still Standing
green>blue,purple [gold]; Unholy Resurrection white>blue,gold [green].
Keywords: hunters "Kilo 13", "Victor One", "Asset Seven", "Banner 89", "Kaos 33"; ghouls
JAREK, Patrol Zombie, Doktor Nyilaszy, Foul Revenant; vampires "Snowstorm", Kaspar, Katya,
Sophia; the rest lycanthropes.
"""

from __future__ import annotations

import dataclasses

import pytest

from gloam.nightfall.actions import ARCHIVE0, DONE, FEED, PASS, PLAY0, PLAYER0
from nf_scenario import (
    NfTable,
    add_wounds,
    advance,
    archives_offered,
    events,
    names,
    options,
    pass_window,
    pass_windows,
    start_chain,
)

NEVER_IN_PLAY = ("If you discard this card from your hand for influence or due to a card effect, it is not "
                 "exiled because it was never in play.")


# ---------------------------------------------------------------------- helpers


















def exiled_after_attacking(name: str) -> None:
    """A starter with "Exile when destroyed or discarded." attacks; discarded at the end
    of combat, it is exiled (rules 59, 117)."""
    t = NfTable(players=2)
    s = t.position(play={0: [name]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", name, by=0, target=1)
    pass_windows(t, s)
    assert s.decision_kind() == "chain_start"
    assert names(t, s.exiled) == [name] and s.play[0] == [] and s.discards[0] == []


def exiled_when_destroyed(name: str) -> None:
    """The starter, one health left, takes "Kilo 13"'s 1 damage: destroyed, it is exiled,
    not put in its owner's discard pile (rules 59, 61)."""
    t = NfTable(players=2)
    health = t.game.card_sets[0].card(name).health
    s = t.position(hands={0: ["Kilo 13"]}, play={1: [name]}, damage={name: health - 1})
    start_chain(t, s, [(0, "Kilo 13")])
    t.choose(s, "card", name, by=0)
    assert names(t, s.exiled) == [name] and s.play[1] == [] and s.discards[1] == []
    assert [t.names[e["card"]] for e in events(s, "destroyed")] == [name]


def bad_smoke_stand_in(t: NfTable) -> None:
    """"Bad Smoke" (base game, not in The Coldest War: 0 strength, "In Play: This card
    blocks damage inflicted on you. … Exile when destroyed.", seed 003) for the FAQ rulings
    that name it: this table's JAREK (which already stays in play and is exiled when
    destroyed) is given Bad Smoke's 0 strength and its damage-blocking In Play text."""
    jarek = t.game.card("cw-jarek")
    t.game._cards["cw-jarek"] = dataclasses.replace(jarek, strength=0)
    texts = t.game.effects._texts
    texts["cw-jarek"] = dataclasses.replace(texts["cw-jarek"], blocks_player_damage=True)


# ====================================================================== starting minions
# ---------------------------------------------------------------------- "Clever Ivan"
def test_clever_ivan_chain_draws_one_card_for_its_controller_on_any_turn():
    """Chain: Draw 1 card. Linked by player 1 on player 0's turn, it is player 1 who
    draws (chain text resolves on any turn, rule 55), then Ivan goes into play."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Snowstorm"], 1: ["Clever Ivan"]},
                   decks={0: ["Kilo 13"], 1: ["JAREK", "Victor One"]})
    start_chain(t, s, [(0, "Snowstorm"), (1, "Clever Ivan")])
    assert s.decision_kind() == "claim"
    assert names(t, s.hands[1]) == ["Victor One"] and names(t, s.decks[1]) == ["JAREK"]
    assert s.hands[0] == [] and names(t, s.decks[0]) == ["Kilo 13"]
    assert names(t, s.play[1]) == ["Clever Ivan"] and names(t, s.play[0]) == ["Snowstorm"]


def test_clever_ivan_in_play_exile_when_destroyed_or_discarded():
    """In Play: Exile when destroyed or discarded."""
    exiled_after_attacking("Clever Ivan")
    exiled_when_destroyed("Clever Ivan")


def test_clever_ivan_faq_discarded_from_hand_for_influence_is_not_exiled():
    """FAQ "Clever Ivan" (000/002): "If you discard this card from your hand for influence
    or due to a card effect, it is not exiled because it was never in play." """
    assert NEVER_IN_PLAY in [r.text for r in NfTable().game.card_sets[0].card("Clever Ivan").faq_rulings]
    t = NfTable(players=2)
    s = t.position(hands={0: ["Clever Ivan", "Clever Ivan"]}, phase="claim")
    t.choose(s, "discard", "Clever Ivan", by=0)
    t.choose(s, "discard", "Clever Ivan", by=0)
    assert s.influence == 2 and names(t, s.discards[0]) == ["Clever Ivan", "Clever Ivan"] and s.exiled == []


# ---------------------------------------------------------------------- JAREK
def test_jarek_in_play_stays_after_combat_attacks_again_and_is_exiled_when_destroyed():
    """In Play: Do not discard this card at the end of the Combat Phase. Exile when
    destroyed. JAREK attacks, stays in play, must attack again on his controller's next
    turn; destroyed, he is exiled."""
    t = NfTable(players=2)
    s = t.position(play={0: ["JAREK"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "JAREK", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["JAREK"] and s.exiled == [] and s.discards[0] == []
    advance(t, s, "attack")  # player 1's turn passes; player 0's next Combat Phase
    assert s.active == 0 and s.turn == 3 and t.describe(s) == ["Attack(slot=0, player=1)"]
    t.choose(s, "attack", "JAREK", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["JAREK"] and t.view(s)["wounds"] == [0, 2]
    t2 = NfTable(players=2)
    s2 = t2.position(hands={0: ["Gregor Dzanic"]}, play={1: ["JAREK"]})
    start_chain(t2, s2, [(0, "Gregor Dzanic")])
    t2.choose(s2, "card", "JAREK", by=0)
    assert names(t2, s2.exiled) == ["JAREK"] and s2.discards[1] == []


# ---------------------------------------------------------------------- "Kilo 13"
def test_kilo_13_chain_one_damage_on_any_minion_in_play_but_itself():
    """Chain: Inflict 1 damage on target minion. Any player's minion is a target (his
    own too); Kilo himself, still in the chain, is not (rule 68)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, play={0: ["JAREK"], 1: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Kilo 13")])
    assert s.current_player() == 0 and options(t, s) == ["JAREK", "Patrol Zombie"]
    t.choose(s, "card", "Patrol Zombie", by=0)
    assert t.view(s)["damage"] == {"JAREK": 0, "Patrol Zombie": 1, "Kilo 13": 0}
    assert t.view(s)["wounds"] == [0, 0] and names(t, s.play[0]) == ["JAREK", "Kilo 13"]


def test_kilo_13_in_play_exile_when_destroyed_or_discarded():
    """In Play: Exile when destroyed or discarded."""
    exiled_after_attacking("Kilo 13")
    exiled_when_destroyed("Kilo 13")


def test_kilo_13_faq_discarded_from_hand_by_a_card_effect_is_not_exiled():
    """FAQ "Kilo 13" (000/002): "If you discard this card from your hand for influence or
    due to a card effect, it is not exiled because it was never in play." Player 1
    discards it to Kaspar Udunian's "Target player discards 1 card"."""
    assert NEVER_IN_PLAY in [r.text for r in NfTable().game.card_sets[0].card("Kilo 13").faq_rulings]
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaspar Udunian"], 1: ["Kilo 13"]})
    start_chain(t, s, [(0, "Kaspar Udunian")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Kilo 13", by=1)
    assert names(t, s.discards[1]) == ["Kilo 13"] and s.exiled == []


# ---------------------------------------------------------------------- Patrol Zombie
def test_patrol_zombie_your_chain_each_copy_gains_one_influence():
    """Your Chain: Gain 1 influence. Two Patrol Zombies in the chain (Patrol Zombie >
    Sophia Otrava > Patrol Zombie) give 1 each on top of the 2 of the Claim Phase (rule 76:
    gains stack)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Patrol Zombie", "Sophia Otrava", "Patrol Zombie"]})
    start_chain(t, s, [(0, "Patrol Zombie"), (0, "Sophia Otrava"), (0, "Patrol Zombie")])
    assert s.decision_kind() == "claim" and s.influence == 4
    assert [e["amount"] for e in events(s, "influence")] == [1, 1]
    assert names(t, s.play[0]) == ["Patrol Zombie", "Sophia Otrava", "Patrol Zombie"]


def test_patrol_zombie_in_play_exile_when_destroyed_or_discarded():
    """In Play: Exile when destroyed or discarded."""
    exiled_after_attacking("Patrol Zombie")
    exiled_when_destroyed("Patrol Zombie")


def test_patrol_zombie_faq_discarded_from_hand_to_pay_a_feed_is_not_exiled():
    """FAQ Patrol Zombie (000/002): "If you discard this card from your hand for influence
    or due to a card effect, it is not exiled because it was never in play." It pays
    Emil Balev's "Feed: Discard 1 card"."""
    assert NEVER_IN_PLAY in [r.text for r in NfTable().game.card_sets[0].card("Patrol Zombie").faq_rulings]
    t = NfTable(players=2)
    s = t.position(hands={0: ["Emil Balev", "Patrol Zombie"]}, play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "Emil Balev")])
    t.choose(s, "card", "Gregor Dzanic", by=0)
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Patrol Zombie", by=0)
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert names(t, s.discards[0]) == ["Patrol Zombie"] and s.exiled == []
    assert t.view(s)["damage"]["Gregor Dzanic"] == 2


# ---------------------------------------------------------------------- "Snowstorm"
def test_snowstorm_in_play_strength_grows_with_opposing_minions_destroyed_this_turn():
    """In Play: This card has +1 strength for each opposing minion destroyed this turn.
    "Smiling Biter" > Inhuman Wave (kicker: 1 damage on each opposing minion) destroys
    player 1's two "Clever Ivan"s: Snowstorm has 3 strength; on the next turn, 1 again."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Smiling Biter", "Inhuman Wave"]},
                   play={0: ["Snowstorm"], 1: ["Clever Ivan", "Clever Ivan", "Patrol Zombie"]})
    snow = t.id(s, "Snowstorm")
    assert s.strength(snow) == 1
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert names(t, s.play[1]) == ["Patrol Zombie"] and s.strength(snow) == 3
    advance(t, s, "combat_window")  # player 1's turn: nothing destroyed yet
    assert s.active == 1 and s.strength(snow) == 1


def test_snowstorm_in_play_exile_when_destroyed_or_discarded():
    """In Play: … Exile when destroyed or discarded."""
    exiled_after_attacking("Snowstorm")
    exiled_when_destroyed("Snowstorm")


@pytest.mark.parametrize("first, wounds", [("Emil Balev", 3), ("Snowstorm", 2)])
def test_snowstorm_faq_strength_varies_as_opposing_minions_are_destroyed(first, wounds):
    """FAQ "Snowstorm" (000): "Yes, his strength will vary as opposing minions are
    destroyed. Timing is everything." Emil Balev (3, designed; 1 damage beyond the
    blocker's health goes through) and Snowstorm attack; "Kilo 13" blocks Emil and is
    destroyed. If Emil's combat comes first, Snowstorm then hits for 2; if Snowstorm's
    comes first, for 1."""
    assert "Timing is everything" in NfTable().game.card_sets[0].card("Snowstorm").faq_rulings[0].text
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev", "Snowstorm"], 1: ["Kilo 13"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", first, by=0, target=1)
    t.choose(s, "attack", ({"Emil Balev", "Snowstorm"} - {first}).pop(), by=0, target=1)
    pass_window(t, s)
    t.choose(s, "block", "Kilo 13", by=1, target=0 if first == "Emil Balev" else 1)
    pass_windows(t, s)
    pass_windows(t, s)
    assert names(t, s.exiled)[0] == "Kilo 13" and t.view(s)["wounds"] == [0, wounds]


def test_snowstorm_faq_discarded_from_hand_by_routine_questioning_is_not_exiled():
    """FAQ "Snowstorm" (000/002): "If you discard this card from your hand for influence
    or due to a card effect, it is not exiled because it was never in play." """
    assert NEVER_IN_PLAY in [r.text for r in NfTable().game.card_sets[0].card("Snowstorm").faq_rulings]
    t = NfTable(players=2)
    s = t.position(hands={0: ["Routine Questioning"], 1: ["Snowstorm", "JAREK"]})
    start_chain(t, s, [(0, "Routine Questioning")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Snowstorm", by=0)
    assert names(t, s.discards[1]) == ["Snowstorm"] and s.exiled == []


# ---------------------------------------------------------------------- "Victor One"
def test_victor_one_your_chain_claim_one_order_from_the_target_opposing_archive():
    """Your Chain: During your Claim Phase this turn, you may claim 1 order from target
    opposing private archive. The target is chosen as Victor resolves, among opposing
    private archives only; in the Claim Phase that archive (and no other opposing one) is
    open for one claim, at its cost, into your discard pile."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Victor One", "Kilo 13", "JAREK", "Snowstorm", "Clever Ivan"]},
                   archives={"Fresh Meat": (1, 7), "Power and Glory": (1, 7), "R&D": (0, 7),
                             "Routine Questioning": (-1, 7)})
    start_chain(t, s, [(0, "Victor One")])
    assert s.decision_kind() == "target_archive" and s.current_player() == 0
    assert archives_offered(t, s) == ["Fresh Meat", "Power and Glory"]
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.decision_kind() == "claim" and s.influence == 2
    assert archives_offered(t, s) == ["Fresh Meat", "Routine Questioning"]  # not P&G, nor R&D (3)
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert names(t, s.discards[0]) == ["Fresh Meat"] and s.influence == 0
    fresh = s.discards[0][0]
    assert s.owner[fresh] == 0 and len(s.archives[t.archive(s, "Fresh Meat")]["cards"]) == 6
    for card in ("Kilo 13", "JAREK", "Snowstorm", "Clever Ivan"):
        t.choose(s, "discard", card, by=0)
    assert s.influence == 4  # enough for Fresh Meat, but Victor allowed only 1 order
    assert archives_offered(t, s) == ["R&D", "Routine Questioning"]


def test_victor_one_your_chain_nothing_on_another_players_turn():
    """Your Chain text resolves only on your own turn (rule 56): linked by player 1 on
    player 0's turn, Victor asks no target and opens no archive."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"], 1: ["Victor One"]}, archives={"Fresh Meat": (0, 7)})
    start_chain(t, s, [(0, "Kilo 13"), (1, "Victor One")])
    assert s.decision_kind() == "target_minion" and names(t, s.play[1]) == ["Victor One"]  # Kilo's damage
    t.choose(s, "card", "Victor One", by=0)
    assert s.decision_kind() == "claim" and s.effects == [] and not events(s, "effect")


def test_victor_one_in_play_exile_when_destroyed_or_discarded():
    """In Play: Exile when destroyed or discarded."""
    exiled_after_attacking("Victor One")
    exiled_when_destroyed("Victor One")


def test_victor_one_faq_claim_as_normal_in_the_claim_phase_paying_the_cost():
    """FAQ "Victor One" (000/002): "You claim the card as normal during your Claim Phase.
    You must still pay the cost." Nothing is claimed while the chain resolves; in the
    Claim Phase, Dog Eat Dog (3) in the opposing archive needs 3 influence: with the base 2
    it is not offered until a card is discarded for 1 more."""
    faq = [r.text for r in NfTable().game.card_sets[0].card("Victor One").faq_rulings]
    assert "You claim the card as normal during your Claim Phase. You must still pay the cost." in faq
    t = NfTable(players=2)
    s = t.position(hands={0: ["Victor One", "Kilo 13"]}, archives={"Dog Eat Dog": (1, 7)})
    start_chain(t, s, [(0, "Victor One")])
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.phase == "claim" and s.discards[0] == [] and len(s.archives[0]["cards"]) == 7
    assert s.influence == 2 and archives_offered(t, s) == []
    t.choose(s, "discard", "Kilo 13", by=0)
    assert archives_offered(t, s) == ["Dog Eat Dog"]
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.influence == 0 and names(t, s.discards[0]) == ["Kilo 13", "Dog Eat Dog"]
    assert events(s, "claim")[-1]["cost"] == 3


def test_victor_one_faq_discarded_from_hand_by_gathering_strength_is_not_exiled():
    """FAQ "Victor One" (000/002): "If you discard this card from your hand for influence
    or due to a card effect, it is not exiled because it was never in play." Its owner
    discards it to his own Gathering Strength."""
    assert NEVER_IN_PLAY in [r.text for r in NfTable().game.card_sets[0].card("Victor One").faq_rulings]
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gathering Strength", "Victor One", "Victor One"]},
                   decks={0: ["JAREK", "JAREK", "JAREK"]})
    start_chain(t, s, [(0, "Gathering Strength")])
    t.choose(s, "card", "Victor One", by=0)
    t.choose(s, "card", "Victor One", by=0)
    assert names(t, s.discards[0]) == ["Victor One", "Victor One", "Gathering Strength"] and s.exiled == []


# ====================================================================== draft minions
# ---------------------------------------------------------------------- "Asset Seven"
@pytest.mark.parametrize("first, second", [("Kilo 13", True), ("Patrol Zombie", False)])
def test_asset_seven_chain_second_damage_only_if_the_first_target_was_destroyed(first, second):
    """Chain: Inflict 2 damage on target minion. If it was destroyed, inflict 2 damage on
    target minion. "Kilo 13" (2 health) is destroyed, so a second target takes 2; Patrol
    Zombie (3 health) survives, so there is no second damage."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Asset Seven"]}, play={0: ["JAREK"], 1: ["Kilo 13", "Patrol Zombie"]})
    start_chain(t, s, [(0, "Asset Seven")])
    assert options(t, s) == ["JAREK", "Kilo 13", "Patrol Zombie"]
    t.choose(s, "card", first, by=0)
    if second:
        assert s.decision_kind() == "target_minion" and options(t, s) == ["JAREK", "Patrol Zombie"]
        t.choose(s, "card", "Patrol Zombie", by=0)
        assert names(t, s.exiled) == ["Kilo 13"] and t.view(s)["damage"]["Patrol Zombie"] == 2
    else:
        assert t.view(s)["damage"]["Patrol Zombie"] == 2 and t.view(s)["damage"]["Kilo 13"] == 0
    assert s.decision_kind() == "claim" and t.view(s)["damage"]["JAREK"] == 0
    assert names(t, s.play[0]) == ["JAREK", "Asset Seven"]


def test_asset_seven_kicker_draw_for_each_minion_you_place_into_play_this_turn():
    """Kicker: Draw 1 card each time you place a minion into play. On player 1's turn,
    player 0 links "Banner 89" (blue) > "Asset Seven" to player 1's "Clever Ivan": Asset
    Seven and then Banner 89 entering play each draw player 0 a card (besides Banner's own
    "Draw 1 card"); player 1's Ivan entering play does not; the effect ends with the turn."""
    t = NfTable(players=2)
    s = t.position(active=1, hands={1: ["Clever Ivan"], 0: ["Banner 89", "Asset Seven"]},
                   decks={0: ["R&D"] * 5, 1: ["JAREK"] * 5})
    start_chain(t, s, [(1, "Clever Ivan"), (0, "Banner 89"), (0, "Asset Seven")])
    assert s.decision_kind() == "target_player"  # Banner 89's kicker (red, from Ivan)
    assert len(s.hands[0]) == 2  # Asset Seven entered play (no minion to damage), Banner drew
    t.choose(s, "player", 1, by=0)  # player 1 has no card to discard
    assert s.decision_kind() == "claim" and s.active == 1
    assert len(s.hands[0]) == 3 and len(s.hands[1]) == 1  # 1 + Banner's draw + Banner in play
    assert [e["reason"] for e in events(s, "draw") if e["player"] == 0] == ["effect"] * 3
    advance(t, s, "combat_window")
    assert s.active == 0 and s.effects == []


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_asset_seven_faq_the_kicker_counts_asset_seven_itself():
    """FAQ "Asset Seven" (003): "The kicker includes in this card." Routine Questioning
    (blue) > "Asset Seven": its kicker's draw happens when Asset Seven itself enters play."""
    faq = NfTable().game.card_sets[0].card("Asset Seven").faq_rulings[0].text
    assert faq.startswith("The kicker includes in this card.")
    t = NfTable(players=2)
    s = t.position(hands={0: ["Routine Questioning", "Asset Seven"]}, decks={0: ["Kilo 13", "JAREK"]})
    start_chain(t, s, [(0, "Routine Questioning"), (0, "Asset Seven")])
    asset = t.id(s, "Asset Seven")
    enter = next(i for i, e in enumerate(s.events) if e["type"] == "enter_play" and e["card"] == asset)
    assert s.events[enter + 1]["type"] == "draw" and s.events[enter + 1]["player"] == 0
    assert s.decision_kind() == "target_player" and names(t, s.hands[0]) == ["JAREK"]  # before RQ resolves


# ---------------------------------------------------------------------- "Banner 89"
def test_banner_89_chain_draw_and_kicker_target_player_discards_a_card_of_his_choice():
    """Chain: Draw 1 card. Kicker: Target player discards 1 card. "Clever Ivan" (red) >
    "Banner 89": Banner draws, then its controller picks the player (any player) and that
    player picks the card he discards."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Clever Ivan", "Banner 89"], 1: ["Kilo 13", "Snowstorm"]},
                   decks={0: ["JAREK", "Victor One"]})
    start_chain(t, s, [(0, "Clever Ivan"), (0, "Banner 89")])
    assert names(t, s.hands[0]) == ["Victor One"]  # Banner's draw first
    assert s.decision_kind() == "target_player" and s.current_player() == 0
    assert sorted(s.legal_action_indices()) == [PLAYER0, PLAYER0 + 1]
    t.choose(s, "player", 1, by=0)
    assert s.current_player() == 1 and options(t, s) == ["Kilo 13", "Snowstorm"]
    t.choose(s, "card", "Snowstorm", by=1)
    assert names(t, s.discards[1]) == ["Snowstorm"] and names(t, s.hands[1]) == ["Kilo 13"]
    assert s.decision_kind() == "claim" and names(t, s.hands[0]) == ["Victor One", "JAREK"]
    assert names(t, s.play[0]) == ["Banner 89", "Clever Ivan"]


def test_banner_89_combat_puts_it_into_play_from_hand_with_one_health():
    """Combat: Place this card from your hand into play with 1 health. Player 1 uses it on
    player 0's turn: Banner is in play (not in the discard pile) with 1 health left, blocks
    "Clever Ivan" (2), absorbs 1 and is destroyed."""
    t = NfTable(players=2)
    s = t.position(hands={1: ["Banner 89"]}, play={0: ["Clever Ivan"]}, phase="combat")
    t.choose(s, "pass", by=0)
    assert options(t, s) == ["Banner 89"]
    t.choose(s, "play", "Banner 89", by=1)
    banner = t.id(s, "Banner 89")
    assert s.play[1] == [banner] and s.hands[1] == [] and s.discards[1] == []
    assert s.health_left(banner) == 1 and s.minions[banner]["damage"] == 1
    pass_windows(t, s)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    pass_window(t, s)
    t.choose(s, "block", "Banner 89", by=1, target=0)
    pass_windows(t, s)
    assert names(t, s.discards[1])[0] == "Banner 89" and t.view(s)["wounds"] == [0, 1]


@pytest.mark.parametrize("who", [0, 1])
@pytest.mark.parametrize("window", ["before attackers", "after attackers", "after blockers", "after damage"])
def test_banner_89_faq_placed_any_time_in_combat_but_attacks_and_blocks_only_if_early(who, window):
    """FAQ "Banner 89" (003): "Yes, you can place this guy into play any time during the
    combat phase, but a minion placed after declaring attackers will not attack and a
    minion placed after declaring defenders cannot defend." Player 0 ("Kilo 13" attacking)
    or player 1 (defending) places Banner in each window."""
    faq = NfTable().game.card_sets[0].card("Banner 89").faq_rulings[0].text
    assert "placed after declaring attackers will not attack" in faq
    t = NfTable(players=2)
    s = t.position(hands={who: ["Banner 89"]}, play={0: ["Kilo 13"]}, phase="combat")
    banner = t.id(s, "Banner 89")
    could_block = False
    while s.phase == "combat":
        kind, p = s.decision_kind(), s.current_player()
        if kind == "combat_window" and p == who and window in s.prompt() and banner in s.hands[who]:
            assert PLAY0 + banner in s.legal_action_indices()
            t.choose(s, "play", "Banner 89", by=who)
        elif kind == "attack":
            s.apply(s.legal_action_indices()[0], 0)  # every minion must attack player 1
        elif kind == "block":
            could_block = any(x.startswith(f"Block(slot={s.play[1].index(banner)},") for x in t.describe(s)) \
                if banner in s.play[1] else False
            t.choose(s, "done", by=1)
        else:
            s.apply(PASS, p)
    attacked = [t.names[e["card"]] for e in events(s, "attack")]
    assert ("Banner 89" in attacked) == (who == 0 and window == "before attackers")
    assert could_block == (who == 1 and window in ("before attackers", "after attackers"))
    assert banner not in s.hands[who]


# ---------------------------------------------------------------------- "Bone Cruncher"
def test_bone_cruncher_combat_discard_to_make_target_minion_and_its_damage_unblockable():
    """Combat: Discard to make target minion and its damage unblockable. After attackers
    are declared, player 0 discards Bone Cruncher on his "Clever Ivan": player 1 may block
    "Kilo 13" but not Ivan, whose 2 damage all wound player 1."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Bone Cruncher"]}, play={0: ["Kilo 13", "Clever Ivan"],
                                                        1: ["Patrol Zombie", "Victor One"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    t.choose(s, "play", "Bone Cruncher", by=0)
    assert names(t, s.discards[0]) == ["Bone Cruncher"] and s.hands[0] == []
    assert options(t, s) == ["Clever Ivan", "Kilo 13", "Patrol Zombie", "Victor One"]
    t.choose(s, "card", "Clever Ivan", by=0)
    pass_windows(t, s)
    assert s.decision_kind() == "block"
    assert {x.split("attack=")[1] for x in t.describe(s) if x.startswith("Block")} == {"0)"}  # Kilo only
    t.choose(s, "block", "Patrol Zombie", by=1, target=0)
    t.choose(s, "block", "Victor One", by=1, target=0)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 2] and t.view(s)["damage"]["Patrol Zombie"] == 1


def test_bone_cruncher_kicker_two_damage_on_each_player_with_a_ghoul_in_play():
    """Kicker: Inflict 2 damage on each player that has a ghoul in play. Katya Iliyevna
    (purple) > "Bone Cruncher" in a 3-player game: player 0 (JAREK) and player 1 (Patrol
    Zombie) take 2 each, in the order player 0 chooses (rule 73); player 2 (no ghoul) none;
    the ghouls are not damaged."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Katya Iliyevna", "Bone Cruncher"]},
                   play={0: ["JAREK"], 1: ["Patrol Zombie"], 2: ["Kilo 13"]})
    top = s.wounds[-1]
    start_chain(t, s, [(0, "Katya Iliyevna"), (0, "Bone Cruncher")])
    assert s.decision_kind() == "order_events" and s.current_player() == 0
    t.choose(s, "player", 1, by=0)
    assert s.discards[1][0] == top and t.view(s)["wounds"] == [2, 2, 0]
    t.choose(s, "player", 2, by=0)  # Katya's 1 damage on target player
    assert t.view(s)["wounds"] == [2, 2, 1]
    assert t.view(s)["damage"]["JAREK"] == 0 and t.view(s)["damage"]["Patrol Zombie"] == 0
    assert names(t, s.play[0]) == ["JAREK", "Bone Cruncher", "Katya Iliyevna"]


def test_bone_cruncher_faq_combat_text_only_from_your_hand():
    """FAQ "Bone Cruncher" (003): ""Bone Cruncher" must be in your hand in order to
    activate the combat text." Player 1's copies in play and in his discard pile are not
    offered in any window; the one in his hand is."""
    assert NfTable().game.card_sets[0].card("Bone Cruncher").faq_rulings[0].text == \
        '"Bone Cruncher" must be in your hand in order to activate the combat text.'
    t = NfTable(players=2)
    s = t.position(hands={1: ["Bone Cruncher"]}, play={0: ["Kilo 13"], 1: ["Bone Cruncher"]},
                   discards={1: ["Bone Cruncher"]}, phase="combat")
    hand, = s.hands[1]
    offered = set()
    while s.phase == "combat":
        if s.decision_kind() == "combat_window" and s.current_player() == 1:
            offered |= {i - PLAY0 for i in s.legal_action_indices() if i != PASS}
        if s.decision_kind() == "attack":
            t.choose(s, "attack", "Kilo 13", by=0, target=1)
        else:
            s.apply(DONE if s.decision_kind() == "block" else PASS, s.current_player())
    assert offered == {hand}


# ---------------------------------------------------------------------- Doktor Nyilaszy
def test_doktor_nyilaszy_chain_a_ghoul_from_your_discard_pile_into_your_hand():
    """Chain: Place target ghoul from your discard pile into your hand. Only your own
    discard pile's ghouls (JAREK, Foul Revenant) are targets: not "Kilo 13", not player 1's
    Patrol Zombie."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Doktor Nyilaszy"]}, discards={0: ["JAREK", "Kilo 13", "Foul Revenant"],
                                                          1: ["Patrol Zombie"]})
    add_wounds(t, s, 0, "discards", ["bite"])
    start_chain(t, s, [(0, "Doktor Nyilaszy")])
    assert s.decision_kind() == "target_card" and options(t, s) == ["Foul Revenant", "JAREK"]
    t.choose(s, "card", "Foul Revenant", by=0)
    assert names(t, s.hands[0]) == ["Foul Revenant"]
    assert names(t, s.discards[0]) == ["JAREK", "Kilo 13", "NF Wound (bite)"]
    assert names(t, s.play[0]) == ["Doktor Nyilaszy"] and s.decision_kind() == "claim"


def test_doktor_nyilaszy_kicker_restores_two_health_to_each_friendly_ghoul():
    """Kicker: Restore 2 health to each friendly ghoul. Patrol Zombie (purple) > Doktor:
    JAREK (1 damage) and Foul Revenant (2) are healed, never above full; the damaged
    "Bone Cruncher" (not a ghoul) and player 1's Foul Revenant (not friendly) are not."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Patrol Zombie", "Doktor Nyilaszy"]},
                   play={0: ["JAREK", "Foul Revenant", "Bone Cruncher"], 1: ["Foul Revenant"]},
                   damage={"JAREK": 1, "Foul Revenant": 2, "Bone Cruncher": 2})
    start_chain(t, s, [(0, "Patrol Zombie"), (0, "Doktor Nyilaszy")])
    assert s.decision_kind() == "claim"
    mine, theirs = s.play[0][1], s.play[1][0]
    assert s.minions[t.id(s, "JAREK")]["damage"] == 0 and s.minions[mine]["damage"] == 0
    assert s.minions[t.id(s, "Bone Cruncher")]["damage"] == 2 and s.minions[theirs]["damage"] == 2
    assert [e["amount"] for e in events(s, "restore")] == [1, 2]


# ---------------------------------------------------------------------- Emil Balev
def test_emil_balev_chain_and_feed_each_repeat_picks_its_own_target():
    """Chain: Inflict 1 damage on target minion. Feed: Discard 1 card. The price may be
    any card, a wound too; each repeat chooses its target anew; Emil himself, still in the
    chain, is never a target."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Emil Balev"]}, play={1: ["Kilo 13", "Patrol Zombie"]}, wound_cards={0: ["bite"]})
    start_chain(t, s, [(0, "Emil Balev")])
    t.choose(s, "card", "Kilo 13", by=0)
    assert s.decision_kind() == "feed" and sorted(s.legal_action_indices()) == [PASS, FEED]
    t.choose(s, "feed", by=0)
    assert options(t, s) == ["NF Wound (bite)"]
    t.choose(s, "card", "NF Wound (bite)", by=0)
    assert options(t, s) == ["Kilo 13", "Patrol Zombie"]
    t.choose(s, "card", "Patrol Zombie", by=0)
    assert s.legal_action_indices() == [PASS]  # nothing left to pay with
    t.choose(s, "pass", by=0)
    assert t.view(s)["damage"] == {"Kilo 13": 1, "Patrol Zombie": 1, "Emil Balev": 0}
    assert names(t, s.discards[0]) == ["NF Wound (bite)"] and names(t, s.play[0]) == ["Emil Balev"]


def test_emil_balev_kicker_draws_one_card_for_whoever_linked_him():
    """Kicker: Draw 1 card (designed; 2 before the balance tuning, docs/balance.md).
    Player 1 links Emil to player 0's "Kilo 13" (blue): player 1 draws 1 (rule 137); the
    feed is his too."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"], 1: ["Emil Balev"]}, decks={1: ["JAREK", "Snowstorm", "Victor One"]},
                   play={0: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "Kilo 13"), (1, "Emil Balev")])
    assert t.view(s)["chain"][-1] == ("Emil Balev", 1, True)
    t.choose(s, "card", "Gregor Dzanic", by=1)
    assert s.decision_kind() == "feed" and s.current_player() == 1
    t.choose(s, "pass", by=1)
    assert names(t, s.hands[1]) == ["Victor One"] and names(t, s.decks[1]) == ["JAREK", "Snowstorm"]
    t.choose(s, "card", "Gregor Dzanic", by=0)  # Kilo 13
    assert t.view(s)["damage"]["Gregor Dzanic"] == 2 and names(t, s.play[1]) == ["Emil Balev"]


def test_emil_balev_feed_belongs_to_the_chain_text_so_it_comes_before_the_kicker():
    """"Kilo 13" (blue) > Emil Balev with an otherwise empty hand: the chain text and its
    feed come first (nothing to pay with: only Pass), then the kicker draws 1."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "Emil Balev"]}, decks={0: ["JAREK", "Snowstorm"]},
                   play={1: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "Kilo 13"), (0, "Emil Balev")])
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert s.decision_kind() == "feed" and s.hands[0] == [] and s.legal_action_indices() == [PASS]


# ---------------------------------------------------------------------- Foul Revenant
def test_foul_revenant_kicker_two_damage_on_target_minion():
    """Kicker: Inflict 2 damage on target minion. Still Standing (green) > Foul Revenant:
    2 damage on player 1's Gregor Dzanic; then Still Standing attaches to the Revenant."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Still Standing", "Foul Revenant"]}, play={1: ["Gregor Dzanic", "Kilo 13"]})
    start_chain(t, s, [(0, "Still Standing"), (0, "Foul Revenant")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Gregor Dzanic", "Kilo 13"]
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert t.view(s)["damage"]["Gregor Dzanic"] == 2
    t.choose(s, "card", "Foul Revenant", by=0)  # Still Standing: the only friendly minion
    assert t.view(s)["attached"]["Foul Revenant"] == ["Still Standing"]


def test_foul_revenant_in_play_stays_after_combat_and_attacks_again():
    """In Play: Do not discard this card at the end of the Combat Phase."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Foul Revenant", "Kilo 13"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Foul Revenant", by=0, target=1)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["Foul Revenant"] and names(t, s.exiled) == ["Kilo 13"]
    advance(t, s, "attack")
    assert s.active == 0 and s.turn == 3
    t.choose(s, "attack", "Foul Revenant", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["Foul Revenant"] and t.view(s)["wounds"] == [0, 5]


# ---------------------------------------------------------------------- Gregor Dzanic
def test_gregor_dzanic_chain_two_damage_and_kicker_restores_friendly_lycanthropes():
    """Chain: Inflict 2 damage on target minion. Kicker: Restore all health to each
    friendly lycanthrope. Sophia Otrava (white) > Gregor: 2 damage on player 1's Patrol
    Zombie; then "Bone Cruncher" (3 damage) and Emil Balev (1) are fully healed, not the
    hunter "Kilo 13" nor player 1's lycanthrope."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava", "Gregor Dzanic"]},
                   play={0: ["Bone Cruncher", "Emil Balev", "Kilo 13"], 1: ["Patrol Zombie", "Smiling Biter"]},
                   damage={"Bone Cruncher": 3, "Emil Balev": 1, "Kilo 13": 1, "Smiling Biter": 1})
    start_chain(t, s, [(0, "Sophia Otrava"), (0, "Gregor Dzanic")])
    t.choose(s, "card", "Patrol Zombie", by=0)
    damage = t.view(s)["damage"]
    assert damage["Patrol Zombie"] == 2
    assert damage["Bone Cruncher"] == 0 and damage["Emil Balev"] == 0
    assert damage["Kilo 13"] == 1 and damage["Smiling Biter"] == 1
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 1]  # Sophia


# ---------------------------------------------------------------------- "Kaos 33"
def test_kaos_33_your_chain_one_free_claim_of_cost_three_or_less():
    """Your Chain: During your Claim Phase this turn, you may claim 1 order that costs 3
    or less for 0 influence. Dog Eat Dog (3) is claimed for 0; after that it costs 3 again
    and Fresh Meat costs its 2; "Asset Seven" (5) is never free; the opposing archive stays
    closed (rule 149)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaos 33"]},
                   archives={"Dog Eat Dog": (-1, 7), "Fresh Meat": (-1, 7), "Asset Seven": (0, 7), "R&D": (1, 7)})
    start_chain(t, s, [(0, "Kaos 33")])
    assert s.decision_kind() == "claim" and s.influence == 2
    assert archives_offered(t, s) == ["Dog Eat Dog", "Fresh Meat"]
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.influence == 2 and events(s, "claim")[-1]["cost"] == 0
    assert archives_offered(t, s) == ["Fresh Meat"]  # Dog Eat Dog costs 3 again
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert s.influence == 0 and events(s, "claim")[-1]["cost"] == 2
    assert names(t, s.discards[0]) == ["Dog Eat Dog", "Fresh Meat"]


def test_kaos_33_your_chain_combines_with_victor_ones_opposing_archive_rule_149():
    """"Kaos 33" > "Victor One" (gold): Victor opens player 1's Dog Eat Dog archive (cost
    3), Kaos makes one order of cost 3 or less free: Dog Eat Dog is claimed from it for 0,
    with the base 2 influence."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaos 33", "Victor One"]}, archives={"Dog Eat Dog": (1, 7)})
    start_chain(t, s, [(0, "Kaos 33"), (0, "Victor One")])
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.decision_kind() == "claim" and s.influence == 2
    assert archives_offered(t, s) == ["Dog Eat Dog"]
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.influence == 2 and names(t, s.discards[0]) == ["Dog Eat Dog"]


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_kaos_33_kicker_one_damage_on_target_player():
    """Kicker: Inflict 1 damage on target player. Still Standing (green) > "Kaos 33": any
    player, his own controller too, may be the target."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Still Standing", "Kaos 33"]})
    start_chain(t, s, [(0, "Still Standing"), (0, "Kaos 33")])
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 2
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1]


def test_kaos_33_faq_no_claim_outside_the_claim_phase():
    """FAQ "Kaos 33" (000/002): "She does not allow you to claim cards outside of your
    Claim Phase." After she resolves, the chain goes on (Still Standing's target) with no
    claim offered and the archive untouched; the free claim comes in the Claim Phase."""
    assert NfTable().game.card_sets[0].card("Kaos 33").faq_rulings[0].text == \
        "She does not allow you to claim cards outside of your Claim Phase."
    t = NfTable(players=2)
    s = t.position(hands={0: ["Still Standing", "Kaos 33"]}, archives={"Dog Eat Dog": (-1, 7)})
    start_chain(t, s, [(0, "Still Standing"), (0, "Kaos 33")])
    t.choose(s, "player", 1, by=0)  # her kicker
    assert s.decision_kind() == "target_minion" and s.phase == "chain"  # Still Standing attaches
    assert not [i for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24]
    assert len(s.archives[0]["cards"]) == 7 and not events(s, "claim")
    t.choose(s, "card", "Kaos 33", by=0)
    assert s.decision_kind() == "claim" and archives_offered(t, s) == ["Dog Eat Dog"]
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert s.influence == 2


# ---------------------------------------------------------------------- Kaspar Udunian
def test_kaspar_udunian_chain_discard_and_kicker_two_damage_on_target_player():
    """Chain: Target player discards 1 card. Kicker: Inflict 2 damage on target player.
    Doktor Nyilaszy (white) > Kaspar: player 0 picks the player, who picks his card; then 2
    damage on a target player."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Doktor Nyilaszy", "Kaspar Udunian"], 1: ["JAREK", "Emil Balev"]})
    start_chain(t, s, [(0, "Doktor Nyilaszy"), (0, "Kaspar Udunian")])
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 2
    t.choose(s, "player", 1, by=0)
    assert s.current_player() == 1 and options(t, s) == ["Emil Balev", "JAREK"]
    t.choose(s, "card", "Emil Balev", by=1)
    t.choose(s, "player", 1, by=0)
    assert names(t, s.hands[1]) == ["JAREK"] and names(t, s.discards[1])[0] == "Emil Balev"
    assert t.view(s)["wounds"] == [0, 2] and s.decision_kind() == "claim"


# ---------------------------------------------------------------------- Katya Iliyevna
def test_katya_iliyevna_chain_one_damage_and_kicker_destroys_an_opposing_hunter():
    """Chain: Inflict 1 damage on target player. Kicker: Destroy target opposing hunter.
    Inhuman Wave (red) > Katya: 1 damage on player 1; then only player 1's hunters ("Kilo
    13", "Banner 89") are targets, not his ghoul nor player 0's own hunter."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Inhuman Wave", "Katya Iliyevna"]},
                   play={0: ["Victor One"], 1: ["Kilo 13", "Banner 89", "Patrol Zombie"]})
    start_chain(t, s, [(0, "Inhuman Wave"), (0, "Katya Iliyevna")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1]
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Banner 89", "Kilo 13"]
    t.choose(s, "card", "Banner 89", by=0)  # full health: destroyed all the same
    assert names(t, s.play[1]) == ["Kilo 13", "Patrol Zombie"] and names(t, s.discards[1])[-1] == "Banner 89"
    t.choose(s, "player", 1, by=0)  # Inhuman Wave
    assert t.view(s)["wounds"] == [0, 3]


# ---------------------------------------------------------------------- "Smiling Biter"
def test_smiling_biter_kicker_second_combat_on_your_turn():
    """Kicker: If it is your turn, you have a second Combat Phase after this Chain Phase.
    Dog Eat Dog (red) > "Smiling Biter" on player 0's turn: a second Combat Phase follows
    the chain, in which JAREK and the Biter, now in play, must attack."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog", "Smiling Biter"]}, play={0: ["JAREK"]})
    start_chain(t, s, [(0, "Dog Eat Dog"), (0, "Smiling Biter")])
    t.choose(s, "card", "JAREK", by=0)  # Dog Eat Dog: JAREK (1) hits…
    t.choose(s, "card", "Smiling Biter", by=0)  # …the Biter
    assert s.phase == "combat" and s.decision_kind() == "combat_window"
    pass_windows(t, s)
    assert sorted(t.describe(s)) == ["Attack(slot=0, player=1)", "Attack(slot=1, player=1)"]
    t.choose(s, "attack", "JAREK", by=0, target=1)
    t.choose(s, "attack", "Smiling Biter", by=0, target=1)
    t.choose(s, "player", 1, by=0)  # the Biter's In Play text
    t.choose(s, "pass", by=0)
    pass_windows(t, s)
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 4]
    assert names(t, s.play[0]) == ["JAREK"]


def test_smiling_biter_kicker_no_second_combat_on_another_players_turn():
    """"If it is your turn": player 1 links the Biter to player 0's Dog Eat Dog and gets
    the kicker, but it is not his turn: no second Combat Phase for anyone."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog"], 1: ["Smiling Biter"]})
    start_chain(t, s, [(0, "Dog Eat Dog"), (1, "Smiling Biter")])
    assert [(t.names[e["card"]], e["player"], e["kicker"]) for e in events(s, "chain")][-1] == \
        ("Smiling Biter", 1, True)
    t.choose(s, "card", "Smiling Biter", by=0)  # Dog Eat Dog's first target; no second
    assert s.decision_kind() == "claim" and s.active == 0 and events(s, "kicker")
    assert names(t, s.play[1]) == ["Smiling Biter"]


def test_smiling_biter_in_play_when_it_attacks_one_damage_on_target_player_with_feed():
    """In Play: When this card attacks, inflict 1 damage on target player. Feed: Discard 2
    cards. In a 3-player game the Biter attacks player 1 but its text may hit anyone:
    player 2, twice (one feed paid with 2 cards); with 1 card left the feed is not offered."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm"]}, play={0: ["Smiling Biter"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Smiling Biter", by=0, target=1)
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 3
    t.choose(s, "player", 2, by=0)
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "Snowstorm", by=0)
    t.choose(s, "player", 2, by=0)
    assert s.decision_kind() == "feed" and s.legal_action_indices() == [PASS]
    t.choose(s, "pass", by=0)
    pass_windows(t, s)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 2, 2] and names(t, s.hands[0]) == ["JAREK"]


def test_smiling_biter_faq_after_the_second_combat_straight_to_claim():
    """FAQ "Smiling Biter" (000/002): "His kicker only creates a second Combat Phase. After
    it ends, you do not get a second Chain Phase; move straight to your Claim Phase." Player
    0 still holds an order ("Kilo 13"), but no chain may be started."""
    assert NfTable().game.card_sets[0].card("Smiling Biter").faq_rulings[0].text.startswith(
        "His kicker only creates a second Combat Phase.")
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog", "Smiling Biter", "Kilo 13"]})
    start_chain(t, s, [(0, "Dog Eat Dog"), (0, "Smiling Biter")])
    t.choose(s, "card", "Smiling Biter", by=0)
    kinds = []
    while s.decision_kind() != "claim":
        kinds.append(s.decision_kind())
        if s.decision_kind() == "attack":
            t.choose(s, "attack", "Smiling Biter", by=0, target=1)
        elif s.decision_kind() == "target_player":
            t.choose(s, "player", 1, by=0)
        else:
            s.apply(PASS, s.current_player())
    assert "chain_start" not in kinds and "attack" in kinds
    assert names(t, s.hands[0]) == ["Kilo 13"] and s.phase == "claim"


# ---------------------------------------------------------------------- Sophia Otrava
@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_sophia_otrava_chain_each_opponent_receives_a_wound_and_kicker_draws_two():
    """Chain: Each opponent receives 1 wound. Kicker: Draw 2 cards. Kaspar Udunian (gold)
    > Sophia in a 3-player game: players 1 and 2 each receive 1 wound, in the order player 0
    chooses (rule 73); player 0 receives none and then draws 2."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Kaspar Udunian", "Sophia Otrava"]}, decks={0: ["JAREK", "Kilo 13", "Snowstorm"]})
    top = s.wounds[-1]
    start_chain(t, s, [(0, "Kaspar Udunian"), (0, "Sophia Otrava")])
    assert s.decision_kind() == "order_events" and s.current_player() == 0
    t.choose(s, "player", 2, by=0)
    assert s.discards[2] == [top] and t.view(s)["wounds"] == [0, 1, 1]
    assert sorted(names(t, s.hands[0])) == ["Kilo 13", "Snowstorm"]
    assert not events(s, "damage")  # received, not inflicted


# ====================================================================== draft actions
# ---------------------------------------------------------------------- All Fears Revealed
def test_all_fears_revealed_chain_each_opponent_in_turn_damages_a_minion_not_yours():
    """Chain: Each opponent, in clockwise order, inflicts 2 damage on a minion of his
    choice. Players may not target your minions with this effect. Player 1 chooses first,
    then player 2; player 0's JAREK is never offered; a player may hit his own minion."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["All Fears Revealed"]},
                   play={0: ["JAREK"], 1: ["Patrol Zombie"], 2: ["Gregor Dzanic"]})
    start_chain(t, s, [(0, "All Fears Revealed")])
    assert s.current_player() == 1 and options(t, s) == ["Gregor Dzanic", "Patrol Zombie"]
    t.choose(s, "card", "Gregor Dzanic", by=1)
    assert s.current_player() == 2 and options(t, s) == ["Gregor Dzanic", "Patrol Zombie"]
    t.choose(s, "card", "Gregor Dzanic", by=2)
    assert names(t, s.discards[2]) == ["Gregor Dzanic"] and t.view(s)["damage"]["JAREK"] == 0
    assert s.decision_kind() == "claim" and names(t, s.discards[0]) == ["All Fears Revealed"]


def test_all_fears_revealed_kicker_orders_you_claim_go_on_top_of_your_deck():
    """Kicker: Place orders you claim on top of your deck. Power and Glory (gold) > All
    Fears Revealed; in the Claim Phase (2 + 2 influence) Dog Eat Dog goes on top of the
    deck, not into the discard pile."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Power and Glory", "All Fears Revealed"]}, decks={0: ["JAREK"]},
                   archives={"Dog Eat Dog": (-1, 7)})
    start_chain(t, s, [(0, "Power and Glory"), (0, "All Fears Revealed")])
    assert s.decision_kind() == "claim" and s.influence == 4
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert names(t, s.decks[0]) == ["JAREK", "Dog Eat Dog"]
    assert names(t, s.discards[0]) == ["All Fears Revealed", "Power and Glory"]


def test_all_fears_revealed_faq_kicker_claims_nothing_outside_the_claim_phase():
    """FAQ All Fears Revealed (000/002): "The kicker does not allow you to claim cards
    outside of your Claim Phase." Nothing is claimed during the chain; the next decision
    after it is the Claim Phase's, with the base influence."""
    assert NfTable().game.card_sets[0].card("All Fears Revealed").faq_rulings[0].text == \
        "The kicker does not allow you to claim cards outside of your Claim Phase."
    t = NfTable(players=2)
    s = t.position(hands={0: ["Emil Balev", "All Fears Revealed"]}, play={1: ["Kilo 13"]},
                   archives={"Fresh Meat": (-1, 7)})
    start_chain(t, s, [(0, "Emil Balev"), (0, "All Fears Revealed")])
    assert s.current_player() == 1  # All Fears: player 1 picks a minion
    assert not [i for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24]
    t.choose(s, "card", "Kilo 13", by=1)  # destroyed: Emil's damage then has no target
    advance(t, s, "claim")
    assert not events(s, "claim") and len(s.archives[0]["cards"]) == 7 and s.influence == 2
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert names(t, s.decks[0])[-1] == "Fresh Meat"


# ---------------------------------------------------------------------- Blowtorch Triage
def test_blowtorch_triage_chain_a_wound_back_on_the_wound_stack_then_exiled():
    """Chain: Place 1 target wound from your discard pile on top of the wound stack.
    Exile this card. Only wounds in your own discard pile are targets; the wound becomes
    the top of the stack (the next one given, face up); Blowtorch is exiled, not
    discarded."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Blowtorch Triage"]}, discards={0: ["Kilo 13"]}, face_up=5)
    bite, = add_wounds(t, s, 0, "discards", ["bite"])
    add_wounds(t, s, 1, "discards", ["burn"])
    assert t.view(s)["wounds"] == [1, 1]
    start_chain(t, s, [(0, "Blowtorch Triage")])
    assert s.decision_kind() == "target_card" and options(t, s) == ["NF Wound (bite)"]
    t.choose(s, "card", "NF Wound (bite)", by=0)
    assert s.decision_kind() == "claim"
    assert s.wounds[-1] == bite and s.observation(1)["wound_top"] == bite and s.face_up == 6
    assert t.view(s)["wounds"] == [0, 1] and names(t, s.discards[0]) == ["Kilo 13"]
    assert names(t, s.exiled) == ["Blowtorch Triage"]


def test_blowtorch_triage_chain_exiled_even_with_no_wound_to_return():
    """"Do as much as you can" (rule 132): no wound in the discard pile, no target; the
    card still exiles itself."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Blowtorch Triage"]}, discards={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Blowtorch Triage")])
    assert s.decision_kind() == "claim" and names(t, s.exiled) == ["Blowtorch Triage"]
    assert names(t, s.discards[0]) == ["Kilo 13"]


@pytest.mark.parametrize("target, wounds", [(1, 0), (0, 2)])
def test_blowtorch_triage_kicker_target_players_orders_lose_their_kickers(target, wounds):
    """Kicker: Target player's orders in the chain do not receive their kickers. On player
    1's turn: Doktor Nyilaszy (white) > Kaspar Udunian (kicker white: 2 damage on target
    player) by player 1, then Routine Questioning (blue) > Blowtorch Triage by player 0.
    Blowtorch names player 1: Kaspar's kicker does not resolve; naming player 0 leaves it."""
    t = NfTable(players=2)
    s = t.position(active=1, hands={1: ["Doktor Nyilaszy", "Kaspar Udunian"],
                                    0: ["Routine Questioning", "Blowtorch Triage"]})
    start_chain(t, s, [(1, "Doktor Nyilaszy"), (1, "Kaspar Udunian"), (0, "Routine Questioning"),
                       (0, "Blowtorch Triage")])
    assert t.view(s)["chain"] == [("Doktor Nyilaszy", 1, False), ("Kaspar Udunian", 1, True),
                                  ("Routine Questioning", 0, False), ("Blowtorch Triage", 0, True)]
    assert s.decision_kind() == "target_player" and s.current_player() == 0  # the kicker's target
    t.choose(s, "player", target, by=0)
    t.choose(s, "player", 1, by=0)  # Routine Questioning: player 1's hand is empty
    t.choose(s, "player", 0, by=1)  # Kaspar: player 0 discards (nothing left in hand)
    if wounds:
        t.choose(s, "player", 0, by=1)  # Kaspar's kicker: 2 damage on player 0
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [wounds, 0]
    kicked = [t.names[e["card"]] for e in events(s, "kicker")]
    assert kicked == (["Blowtorch Triage", "Kaspar Udunian"] if wounds else ["Blowtorch Triage"])
    assert names(t, s.exiled) == ["Blowtorch Triage"]


# ---------------------------------------------------------------------- Dog Eat Dog
def test_dog_eat_dog_chain_a_minion_inflicts_its_strength_on_another_and_kicker_draws():
    """Chain: Target minion inflicts damage equal to its strength on another target
    minion. Draw 1 card. Kicker: Draw 2 cards (designed; the balance tuning added the
    chain's draw and the kicker's second card, docs/balance.md). "Snowstorm" (white) > Dog
    Eat Dog: JAREK with Full Battle Rattle (1 + 2) hits player 1's Gregor Dzanic for 3;
    JAREK cannot be his own second target; then the chain text draws one card and the
    kicker two, the top three of four."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Snowstorm", "Dog Eat Dog"]},
                   decks={0: ["Victor One", "JAREK", "Clever Ivan", "Kilo 13"]},
                   play={0: ["JAREK"], 1: ["Gregor Dzanic"]}, attached={"JAREK": ["Full Battle Rattle"]})
    start_chain(t, s, [(0, "Snowstorm"), (0, "Dog Eat Dog")])
    assert options(t, s) == ["Gregor Dzanic", "JAREK"]
    t.choose(s, "card", "JAREK", by=0)
    assert options(t, s) == ["Gregor Dzanic"]
    t.choose(s, "card", "Gregor Dzanic", by=0)
    # Gregor (health 3, designed) is destroyed by the 3 damage
    assert names(t, s.discards[1]) == ["Gregor Dzanic"] and t.view(s)["damage"] == {"JAREK": 0, "Snowstorm": 0}
    kinds = [e["type"] for e in s.events]
    assert kinds.index("destroyed") < kinds.index("kicker")  # the chain text first (rule 136)
    assert sorted(names(t, s.hands[0])) == ["Clever Ivan", "JAREK", "Kilo 13"] and s.decision_kind() == "claim"
    assert names(t, s.decks[0]) == ["Victor One"]


# ---------------------------------------------------------------------- Fresh Meat
def test_fresh_meat_chain_draws_one_plus_friendly_ghouls_and_kicker_heals_them():
    """Chain: Draw 1 card, plus 1 card for each friendly ghoul in play. Kicker: Restore
    all health to each friendly ghoul. Sophia Otrava (white) > Fresh Meat with JAREK and
    Patrol Zombie (damaged) and "Clever Ivan" in play, and player 1's Foul Revenant: draw 3;
    the two friendly ghouls are healed, not player 1's."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava", "Fresh Meat"]}, decks={0: ["R&D"] * 5},
                   play={0: ["JAREK", "Patrol Zombie", "Clever Ivan"], 1: ["Foul Revenant"]},
                   damage={"JAREK": 1, "Patrol Zombie": 2, "Foul Revenant": 1})
    start_chain(t, s, [(0, "Sophia Otrava"), (0, "Fresh Meat")])
    assert s.decision_kind() == "claim" and len(s.hands[0]) == 3 and len(s.decks[0]) == 2
    damage = t.view(s)["damage"]
    assert damage["JAREK"] == 0 and damage["Patrol Zombie"] == 0 and damage["Foul Revenant"] == 1


# ---------------------------------------------------------------------- Full Battle Rattle
def test_full_battle_rattle_chain_attach_in_play_plus_two_and_kicker_one_damage():
    """Chain: Attach this card to target friendly minion. In Play: The attached minion has
    +2 strength. Kicker: Inflict 1 damage on target minion. "Asset Seven" (red) > Full
    Battle Rattle: the kicker hits player 1's "Kilo 13"; only friendly minions take the
    Rattle, which goes under JAREK (not to the discard pile) and gives him 3 strength."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Asset Seven", "Full Battle Rattle"]},
                   play={0: ["JAREK"], 1: ["Kilo 13", "Gregor Dzanic"]})
    jarek = t.id(s, "JAREK")
    start_chain(t, s, [(0, "Asset Seven"), (0, "Full Battle Rattle")])
    assert options(t, s) == ["JAREK"]  # attach: friendly minions only
    t.choose(s, "card", "JAREK", by=0)
    assert options(t, s) == ["Gregor Dzanic", "JAREK", "Kilo 13"]  # kicker: any minion
    t.choose(s, "card", "Kilo 13", by=0)
    assert t.view(s)["damage"]["Kilo 13"] == 1
    t.choose(s, "card", "Gregor Dzanic", by=0)  # Asset Seven's 2 damage
    assert t.view(s)["attached"]["JAREK"] == ["Full Battle Rattle"] and s.strength(jarek) == 3
    assert s.strength(t.id(s, "Asset Seven")) == 2 and s.decision_kind() == "claim"
    assert s.discards[0] == [] and s.observation(1)["minions"][str(jarek)]["attached"] == s.minions[jarek]["attached"]


# ---------------------------------------------------------------------- Gathering Strength
def test_gathering_strength_chain_draw_three_then_discard_two():
    """Chain: Draw 3 cards, then discard 2 cards. The player draws 3, then chooses 2 cards
    of his hand, one at a time."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gathering Strength", "Kilo 13"]}, decks={0: ["R&D", "JAREK", "Snowstorm"]})
    start_chain(t, s, [(0, "Gathering Strength")])
    assert s.decision_kind() == "choose_discard" and s.current_player() == 0
    assert options(t, s) == ["JAREK", "Kilo 13", "R&D", "Snowstorm"]
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "R&D", by=0)
    assert s.decision_kind() == "claim" and sorted(names(t, s.hands[0])) == ["JAREK", "Snowstorm"]
    assert names(t, s.discards[0]) == ["Kilo 13", "R&D", "Gathering Strength"]


def test_gathering_strength_kicker_each_friendly_minion_gets_plus_one_this_turn():
    """Kicker: Increase the strength of each friendly minion by 1. Katya Iliyevna (purple)
    > Gathering Strength: JAREK and "Clever Ivan" +1, player 1's "Kilo 13" not; until the
    end of the turn."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Katya Iliyevna", "Gathering Strength"]}, decks={0: ["R&D"] * 3},
                   play={0: ["JAREK", "Clever Ivan"], 1: ["Kilo 13"]})
    jarek, ivan, kilo = (t.id(s, n) for n in ("JAREK", "Clever Ivan", "Kilo 13"))
    start_chain(t, s, [(0, "Katya Iliyevna"), (0, "Gathering Strength")])
    t.choose(s, "card", s.hands[0][0], by=0)
    t.choose(s, "card", s.hands[0][0], by=0)
    assert (s.strength(jarek), s.strength(ivan), s.strength(kilo)) == (2, 3, 1)
    t.choose(s, "player", 1, by=0)  # Katya
    advance(t, s, "combat_window")
    assert s.active == 1 and (s.strength(jarek), s.strength(ivan)) == (1, 2)


def test_gathering_strength_kicker_only_minions_in_play_when_it_resolves():
    """Katya Iliyevna resolves (enters play) after Gathering Strength's kicker: she was not
    a friendly minion when the strength was raised, so she keeps her 3."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Katya Iliyevna", "Gathering Strength"]}, decks={0: ["R&D"] * 3},
                   play={0: ["JAREK"]})
    start_chain(t, s, [(0, "Katya Iliyevna"), (0, "Gathering Strength")])
    t.choose(s, "card", s.hands[0][0], by=0)
    t.choose(s, "card", s.hands[0][0], by=0)
    t.choose(s, "player", 1, by=0)
    assert s.strength(t.id(s, "JAREK")) == 2 and s.strength(t.id(s, "Katya Iliyevna")) == 3


def test_gathering_strength_faq_you_may_discard_the_cards_you_just_drew():
    """FAQ Gathering Strength (000/002): "You may discard cards you just drew." """
    assert NfTable().game.card_sets[0].card("Gathering Strength").faq_rulings[0].text == \
        "You may discard cards you just drew."
    t = NfTable(players=2)
    s = t.position(hands={0: ["Gathering Strength", "Kilo 13"]}, decks={0: ["R&D", "JAREK", "Snowstorm"]})
    drawn = s.decks[0][:]
    start_chain(t, s, [(0, "Gathering Strength")])
    t.choose(s, "card", "JAREK", by=0)
    t.choose(s, "card", "Snowstorm", by=0)
    assert names(t, s.hands[0]) == ["Kilo 13", "R&D"] and set(s.discards[0][:2]) <= set(drawn)


# ---------------------------------------------------------------------- Inhuman Wave
def test_inhuman_wave_chain_two_damage_on_a_player_and_kicker_one_on_each_opposing_minion():
    """Chain: Inflict 2 damage on target player. Kicker: Inflict 1 damage on each opposing
    minion. "Smiling Biter" (green) > Inhuman Wave in a 3-player game: 2 damage on player
    2; every minion of players 1 and 2 takes 1 (player 1's "Clever Ivan" is destroyed and
    exiled), none of player 0's."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Smiling Biter", "Inhuman Wave"]},
                   play={0: ["JAREK"], 1: ["Clever Ivan", "Gregor Dzanic"], 2: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Inhuman Wave")])
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 3
    t.choose(s, "player", 2, by=0)
    assert t.view(s)["wounds"] == [0, 0, 2]
    damage = t.view(s)["damage"]
    assert damage["Gregor Dzanic"] == 1 and damage["Patrol Zombie"] == 1 and damage["JAREK"] == 0
    assert names(t, s.exiled) == ["Clever Ivan"] and s.decision_kind() == "claim"


def test_inhuman_wave_faq_its_damage_to_a_player_can_be_blocked_like_by_bad_smoke():
    """FAQ Inhuman Wave (000/002): "Damage inflicted on players can be blocked by cards
    such as "Bad Smoke" from the base game." With a Bad Smoke stand-in (2 health) in play,
    player 1 takes no wound from the 2 damage: it is absorbed and destroyed (exiled). A
    "receive a wound" effect (Sophia Otrava) is not blocked (rule 114)."""
    assert NfTable().game.card_sets[0].card("Inhuman Wave").faq_rulings[0].text.startswith(
        "Damage inflicted on players can be blocked")
    t = NfTable(players=2)
    bad_smoke_stand_in(t)
    s = t.position(hands={0: ["Inhuman Wave"]}, play={1: ["JAREK"]})
    start_chain(t, s, [(0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 0] and names(t, s.exiled) == ["JAREK"]
    t2 = NfTable(players=2)
    bad_smoke_stand_in(t2)
    s2 = t2.position(hands={0: ["Sophia Otrava"]}, play={1: ["JAREK"]})
    start_chain(t2, s2, [(0, "Sophia Otrava")])
    assert t2.view(s2)["wounds"] == [0, 1] and t2.view(s2)["damage"]["JAREK"] == 0


# ---------------------------------------------------------------------- Power and Glory
@pytest.mark.parametrize("linker, influence", [(0, 4), (1, 2)])
def test_power_and_glory_your_chain_two_influence_and_kicker_plus_two_strength(linker, influence):
    """Your Chain: Gain 2 influence. Kicker: Increase the strength of target minion by 2.
    Linked to "Kilo 13" (blue) by player 0 on his turn: +2 influence; by player 1: no
    influence for anyone, but player 1 still gets the kicker and picks its target."""
    t = NfTable(players=2)
    hands = {0: ["Kilo 13", "Power and Glory"]} if linker == 0 else {0: ["Kilo 13"], 1: ["Power and Glory"]}
    s = t.position(hands=hands, play={0: ["JAREK"], 1: ["Victor One"]})
    victor = t.id(s, "Victor One")
    start_chain(t, s, [(0, "Kilo 13"), (linker, "Power and Glory")])
    assert s.decision_kind() == "target_minion" and s.current_player() == linker
    assert options(t, s) == ["JAREK", "Victor One"]
    t.choose(s, "card", "Victor One", by=linker)
    assert s.strength(victor) == 3
    t.choose(s, "card", "JAREK", by=0)  # Kilo 13's damage
    assert s.decision_kind() == "claim" and s.influence == influence


# ---------------------------------------------------------------------- R&D
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_r_and_d_chain_draw_two_and_kicker_a_card_from_the_discard_pile_on_top_of_the_deck():
    """Chain: Draw 2 cards. Kicker: Place target card from your discard pile on top of
    your deck. Kaspar Udunian (gold) > R&D: player 0 draws 2, then puts "Kilo 13" from his
    discard pile on top of his deck (player 1's discard pile is not a target)."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaspar Udunian", "R&D"]}, decks={0: ["Snowstorm", "JAREK", "Victor One"]},
                   discards={0: ["Clever Ivan", "Kilo 13"], 1: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Kaspar Udunian"), (0, "R&D")])
    assert sorted(names(t, s.hands[0])) == ["JAREK", "Victor One"]
    assert s.decision_kind() == "target_card" and options(t, s) == ["Clever Ivan", "Kilo 13"]
    t.choose(s, "card", "Kilo 13", by=0)
    assert names(t, s.decks[0]) == ["Snowstorm", "Kilo 13"] and names(t, s.discards[0]) == ["Clever Ivan", "R&D"]


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_r_and_d_kicker_a_wound_is_a_card_in_your_discard_pile_too():
    """With only a wound in the discard pile, the kicker must put it on top of the deck."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kaspar Udunian", "R&D"]}, decks={0: ["Snowstorm", "JAREK", "Victor One"]})
    wound, = add_wounds(t, s, 0, "discards", ["bleed"])
    start_chain(t, s, [(0, "Kaspar Udunian"), (0, "R&D")])
    assert s.decision_kind() == "target_card" and options(t, s) == ["NF Wound (bleed)"]
    t.choose(s, "card", wound, by=0)
    assert s.decks[0][-1] == wound


# ---------------------------------------------------------------------- Routine Questioning
def test_routine_questioning_chain_the_looker_alone_sees_the_hand_and_picks_the_discard():
    """Chain: Look at target player's hand and choose 1 card in it. That player discards
    the chosen card. In a 3-player game player 0 looks at player 1's hand: his observation
    and log show it, player 2's do not; player 0 (not player 1) picks the card."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Routine Questioning"], 1: ["Emil Balev", "JAREK"]})
    start_chain(t, s, [(0, "Routine Questioning")])
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 3
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "target_card" and s.current_player() == 0
    assert options(t, s) == ["Emil Balev", "JAREK"]
    assert sorted(names(t, s.observation(0)["looking_at"]["cards"])) == ["Emil Balev", "JAREK"]
    assert s.observation(2)["looking_at"] is None and "cards" not in events(s, "look", viewer=2)[0]
    assert sorted(names(t, events(s, "look", viewer=0)[0]["cards"])) == ["Emil Balev", "JAREK"]
    t.choose(s, "card", "Emil Balev", by=0)
    assert names(t, s.hands[1]) == ["JAREK"] and names(t, s.discards[1]) == ["Emil Balev"]
    assert s.observation(0)["looking_at"] is None


def test_routine_questioning_kicker_draws_one_card():
    """Kicker: Draw 1 card. Doktor Nyilaszy (white) > Routine Questioning: after player 1
    discards the chosen card, player 0 draws 1."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Doktor Nyilaszy", "Routine Questioning"], 1: ["Kilo 13"]}, decks={0: ["JAREK"]})
    start_chain(t, s, [(0, "Doktor Nyilaszy"), (0, "Routine Questioning")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    assert names(t, s.discards[1]) == ["Kilo 13"] and names(t, s.hands[0]) == ["JAREK"]
    assert s.decision_kind() == "claim"


# ---------------------------------------------------------------------- Still Standing
def test_still_standing_chain_attach_and_in_play_the_minion_is_not_discarded_after_combat():
    """Chain: Attach this card to target friendly minion. In Play: Do not discard the
    attached minion at the end of the Combat Phase. "Clever Ivan" (exile when discarded)
    with Still Standing attacks on the next turns and stays in play, the card with him."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Still Standing"]}, play={0: ["Clever Ivan"], 1: ["Kilo 13"]})
    start_chain(t, s, [(0, "Still Standing")])
    assert options(t, s) == ["Clever Ivan"]
    t.choose(s, "card", "Clever Ivan", by=0)
    assert t.view(s)["attached"]["Clever Ivan"] == ["Still Standing"] and s.discards[0] == []
    for turn in (3, 5):
        for _ in range(50):
            if s.decision_kind() == "attack" and s.active == 0:
                break
            if s.decision_kind() == "attack":  # player 1's "Kilo 13" attacks player 0
                t.choose(s, "attack", "Kilo 13", by=1, target=0)
                continue
            if s.decision_kind() == "block":
                t.choose(s, "done", by=0)
                continue
            s.apply(PASS if PASS in s.legal_action_indices() else DONE, s.current_player())
        assert s.turn == turn
        t.choose(s, "attack", "Clever Ivan", by=0, target=1)
        pass_windows(t, s)  # player 1's "Kilo 13" was exiled after his own attack: no blocker
        assert names(t, s.play[0]) == ["Clever Ivan"] and names(t, s.exiled) == ["Kilo 13"]
        assert t.view(s)["attached"]["Clever Ivan"] == ["Still Standing"]
    assert t.view(s)["wounds"][1] == 4


def test_still_standing_kicker_restores_all_health_to_target_minion():
    """Kicker: Restore all health to target minion. "Victor One" (gold) > Still Standing:
    any minion is a target, player 1's too; Patrol Zombie's 2 damage is all healed."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Victor One", "Still Standing"]}, play={0: ["Patrol Zombie"], 1: ["Gregor Dzanic"]},
                   damage={"Patrol Zombie": 2, "Gregor Dzanic": 3})
    start_chain(t, s, [(0, "Victor One"), (0, "Still Standing")])
    t.choose(s, "card", "Patrol Zombie", by=0)  # attach
    assert options(t, s) == ["Gregor Dzanic", "Patrol Zombie"]
    t.choose(s, "card", "Patrol Zombie", by=0)
    assert t.view(s)["damage"]["Patrol Zombie"] == 0 and t.view(s)["damage"]["Gregor Dzanic"] == 3
    assert t.view(s)["attached"]["Patrol Zombie"] == ["Still Standing"]


# ---------------------------------------------------------------------- Unholy Resurrection
def test_unholy_resurrection_chain_only_a_ghoul_from_your_discard_pile_into_play():
    """Chain: Place target ghoul from your discard pile into play. JAREK and Foul Revenant
    are targets; "Kilo 13" (a hunter) and player 1's Patrol Zombie are not. Foul Revenant
    enters play at full health (2, designed); Unholy Resurrection goes to the discard pile."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Unholy Resurrection"]},
                   discards={0: ["JAREK", "Kilo 13", "Foul Revenant"], 1: ["Patrol Zombie"]})
    start_chain(t, s, [(0, "Unholy Resurrection")])
    assert s.decision_kind() == "target_card" and options(t, s) == ["Foul Revenant", "JAREK"]
    t.choose(s, "card", "Foul Revenant", by=0)
    revenant = t.id(s, "Foul Revenant")
    assert s.play[0] == [revenant] and s.health_left(revenant) == 2
    assert names(t, s.discards[0]) == ["JAREK", "Kilo 13", "Unholy Resurrection"]


def test_unholy_resurrection_chain_nothing_without_a_ghoul():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Unholy Resurrection"]}, discards={0: ["Kilo 13", "Emil Balev"]})
    start_chain(t, s, [(0, "Unholy Resurrection")])
    assert s.decision_kind() == "claim" and s.play[0] == []


def test_unholy_resurrection_kicker_two_cards_from_target_archive_on_top_of_target_players_deck():
    """Kicker: Place 2 cards from target archive on top of target player's deck. "Smiling
    Biter" (green) > Unholy Resurrection: any archive with cards (commons, own or
    opposing; not an emptied one), then any player; 2 cards from its top go on top of that
    player's deck and are his."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Smiling Biter", "Unholy Resurrection"]}, decks={1: ["Kilo 13"]},
                   archives={"R&D": (1, 3), "Fresh Meat": (-1, 7), "Dog Eat Dog": (0, 0), "Inhuman Wave": (0, 7)})
    start_chain(t, s, [(0, "Smiling Biter"), (0, "Unholy Resurrection")])
    assert s.decision_kind() == "target_archive" and archives_offered(t, s) == ["Fresh Meat", "Inhuman Wave", "R&D"]
    rd = t.archive(s, "R&D")
    top2 = s.archives[rd]["cards"][-2:]
    t.choose(s, "archive", "R&D", by=0)
    assert s.decision_kind() == "target_player" and len(t.describe(s)) == 2
    t.choose(s, "player", 1, by=0)
    assert names(t, s.decks[1]) == ["Kilo 13", "R&D", "R&D"] and sorted(s.decks[1][1:]) == sorted(top2)
    assert len(s.archives[rd]["cards"]) == 1 and all(s.owner[c] == 1 for c in top2)


# ====================================================================== moon phases
def test_blue_moon_global_chain_every_action_gets_its_kicker_whoever_plays_it():
    """Global Chain: All actions receive their kickers. Player 1 links R&D (blue) to player
    0's "Clever Ivan" (red, not R&D's kicker colour gold): R&D gets its kicker anyway."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Clever Ivan"], 1: ["R&D"]}, decks={1: ["JAREK", "Snowstorm"]},
                   discards={1: ["Kilo 13"]}, moon="Blue Moon")
    start_chain(t, s, [(0, "Clever Ivan"), (1, "R&D")])
    assert t.view(s)["chain"][-1] == ("R&D", 1, False)  # not earned by linking
    assert s.decision_kind() == "target_card" and s.current_player() == 1
    t.choose(s, "card", "Kilo 13", by=1)
    assert names(t, s.decks[1]) == ["Kilo 13"] and sorted(names(t, s.hands[1])) == ["JAREK", "Snowstorm"]


@pytest.mark.leaves_decision("it checks the pending decision itself")
@pytest.mark.parametrize("moon", [None, "Butcher's Moon"])
def test_butchers_moon_global_chain_chain_damage_on_a_vampire_is_negated(moon):
    """Global Chain: Negate all damage from chain text inflicted on vampires. "Asset
    Seven"'s 2 damage on "Snowstorm" (a vampire, 2 health) is negated: Snowstorm is not
    destroyed, so there is no second 2 damage either."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Asset Seven"]}, play={1: ["Snowstorm", "Kilo 13"]}, moon=moon)
    start_chain(t, s, [(0, "Asset Seven")])
    t.choose(s, "card", "Snowstorm", by=0)
    if moon:
        assert names(t, s.play[1]) == ["Snowstorm", "Kilo 13"] and t.view(s)["damage"]["Snowstorm"] == 0
        assert s.decision_kind() == "claim" and events(s, "negated")
    else:
        assert names(t, s.exiled) == ["Snowstorm"] and s.decision_kind() == "target_minion"


def test_dark_of_the_moon_global_combat_no_attacker_can_be_blocked():
    """Global Combat: Attacking minions cannot be blocked. Three players, two attackers,
    both defenders with minions: no block decision at all; every point wounds."""
    t = NfTable(players=3)
    s = t.position(play={0: ["Kilo 13", "Clever Ivan"], 1: ["Patrol Zombie"], 2: ["Gregor Dzanic"]},
                   phase="combat", moon="Dark of the Moon")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "attack", "Clever Ivan", by=0, target=2)
    kinds = []
    while s.phase == "combat":
        kinds.append(s.decision_kind())
        s.apply(PASS, s.current_player())
    assert "block" not in kinds and t.view(s)["wounds"] == [0, 1, 2]


@pytest.mark.parametrize("active, patrol, influence", [(0, False, 3), (1, False, 3), (0, True, 4)])
def test_harvest_moon_global_claim_each_player_one_more_influence(active, patrol, influence):
    """Global Claim: Each player gains 1 additional influence during his Claim Phase: on
    player 0's turn and on player 1's, on top of what cards give (Patrol Zombie's 1)."""
    t = NfTable(players=2)
    s = t.position(active=active, hands={active: ["Patrol Zombie"]}, moon="Harvest Moon")
    if patrol:
        start_chain(t, s, [(active, "Patrol Zombie")])
    else:
        t.choose(s, "pass", by=active)
    assert s.decision_kind() == "claim" and s.current_player() == active and s.influence == influence


def test_hunters_moon_global_combat_attacking_hunters_plus_one_only_while_attacking():
    """Global Combat: Each attacking hunter has +1 strength. "Banner 89" (hunter, 2)
    attacks for 3; in the Chain Phase, Dog Eat Dog makes player 1's "Kilo 13" (hunter, not
    attacking) hit Gregor Dzanic for its plain 1."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog"]}, play={0: ["Banner 89"], 1: ["Kilo 13", "Gregor Dzanic"]},
                   phase="combat", moon="Hunter's Moon")
    pass_windows(t, s)
    t.choose(s, "attack", "Banner 89", by=0, target=1)
    pass_window(t, s)
    t.choose(s, "done", by=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 3]
    start_chain(t, s, [(0, "Dog Eat Dog")])
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "Gregor Dzanic", by=0)
    assert t.view(s)["damage"]["Gregor Dzanic"] == 1


@pytest.mark.parametrize("moon, survives", [(None, True), ("Wolf Moon", False)])
def test_wolf_moon_global_combat_attacking_lycanthropes_plus_one(moon, survives):
    """Global Combat: Each attacking lycanthrope has +1 strength. "Clever Ivan" (2) is
    blocked by Patrol Zombie (3 health): under Wolf Moon he hits for 3 and destroys it."""
    t = NfTable(players=2)
    s = t.position(play={0: ["Clever Ivan"], 1: ["Patrol Zombie"]}, phase="combat", moon=moon)
    pass_windows(t, s)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    pass_window(t, s)
    t.choose(s, "block", "Patrol Zombie", by=1, target=0)
    pass_windows(t, s)
    assert (names(t, s.play[1]) == ["Patrol Zombie"]) == survives
    assert t.view(s)["wounds"] == [0, 0]


# ====================================================================== wounds
def test_nf_wound_cleanup_discard_it_and_any_other_wounds_draw_two_each():
    """Cleanup: Discard this card and any number of other wounds from your hand. Draw 2
    cards for each wound discarded this way. Limit 1 wound effect per turn. Only the NF
    wound is usable in Cleanup; ML and CW wounds may go with it; 3 wounds, 6 cards; a wound
    drawn is not usable (no second wound effect): the turn ends."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK"]}, wound_cards={0: ["bite", "ml:burn", "cw:bleed"]},
                   decks={0: ["R&D"] * 5}, phase="cleanup")
    add_wounds(t, s, 0, "decks", ["bite"])
    assert s.decision_kind() == "wound_effect" and options(t, s) == ["NF Wound (bite)"]
    t.choose(s, "play", "NF Wound (bite)", by=0)
    assert s.decision_kind() == "choose_wounds" and options(t, s) == ["CW Wound (bleed)", "ML Wound (burn)"]
    t.choose(s, "card", "ML Wound (burn)", by=0)
    t.choose(s, "card", "CW Wound (bleed)", by=0)
    assert s.legal_action_indices() == [DONE]
    t.choose(s, "done", by=0)
    assert s.active == 1 and len(s.hands[0]) == 8 and s.decks[0] == []
    assert sorted(names(t, s.discards[0])) == ["CW Wound (bleed)", "ML Wound (burn)", "NF Wound (bite)"]
    assert "NF Wound (bite)" in names(t, s.hands[0])  # the drawn wound stays in hand


def test_nf_wound_cleanup_only_in_your_own_cleanup():
    """"Cleanup:": through a whole turn of player 0's, his NF wound is offered only in his
    Cleanup, and player 1's never."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, wound_cards={0: ["bite"], 1: ["burn"]}, play={0: ["JAREK"]},
                   phase="combat")
    mine, theirs = t.id(s, "NF Wound (bite)"), t.id(s, "NF Wound (burn)")
    offered = []
    while s.active == 0:
        legal = s.legal_action_indices()
        assert PLAY0 + theirs not in legal
        if PLAY0 + mine in legal:
            offered.append((s.phase, s.decision_kind()))
        if s.decision_kind() == "attack":
            t.choose(s, "attack", "JAREK", by=0, target=1)
        else:
            s.apply(PASS if PASS in legal else DONE, s.current_player())
    assert offered == [("cleanup", "wound_effect")]


def test_ml_wound_your_combat_plus_one_strength_and_feed_costs_a_wound():
    """Your Combat: discard this card. Increase the strength of target minion by 1. Feed:
    Discard 1 wound. Limit 1 wound effect per turn. Played after attackers are declared on
    "Kilo 13": +1 for this combat; with only non-wound cards left the feed is not offered."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["JAREK", "Snowstorm"]}, play={0: ["Kilo 13"], 1: ["Patrol Zombie"]},
                   wound_cards={0: ["ml:bite"]}, phase="combat")
    kilo = t.id(s, "Kilo 13")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    assert options(t, s) == ["ML Wound (bite)"]
    t.choose(s, "play", "ML Wound (bite)", by=0)
    assert names(t, s.discards[0]) == ["ML Wound (bite)"]
    assert options(t, s) == ["Kilo 13", "Patrol Zombie"]  # any minion
    t.choose(s, "card", "Kilo 13", by=0)
    assert s.strength(kilo) == 2 and s.decision_kind() == "feed" and s.legal_action_indices() == [PASS]
    t.choose(s, "pass", by=0)
    pass_windows(t, s)
    t.choose(s, "done", by=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [1, 2]


def test_ml_wound_faq_lets_a_zero_strength_bad_smoke_inflict_damage():
    """FAQ "Bad Smoke" (003), listed on the ML wound: "Mixing cards from Martial Law such
    as the ML Wound … does allow "Bad Smoke" to inflict damage." A 0-strength Bad Smoke
    stand-in attacks: with the ML wound's +1 it wounds player 1 once; without, not at all."""
    assert "does allow \"Bad Smoke\" to inflict damage" in \
        NfTable().game.card_sets[0].card("ML Wound").faq_rulings[0].text
    for use, wounds in ((True, 1), (False, 0)):
        t = NfTable(players=2)
        bad_smoke_stand_in(t)
        s = t.position(play={0: ["JAREK"]}, wound_cards={0: ["ml:bite"]}, phase="combat")
        assert s.strength(t.id(s, "JAREK")) == 0
        if use:
            t.choose(s, "play", "ML Wound (bite)", by=0)
            t.choose(s, "card", "JAREK", by=0)
            t.choose(s, "pass", by=0)  # no feed
        pass_windows(t, s)
        t.choose(s, "attack", "JAREK", by=0, target=1)
        pass_windows(t, s)
        assert t.view(s)["wounds"][1] == wounds and names(t, s.play[0]) == ["JAREK"]


def test_cw_wound_your_chain_draw_one_while_linking_then_link_the_card_drawn():
    """Your Chain: Discard this card. Draw 1 card. Used while linking (after starting with
    "Kilo 13", blue > gold): player 0 draws "Victor One" (gold) and links it."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, wound_cards={0: ["cw:bite"]}, decks={0: ["Victor One"]},
                   play={1: ["Gregor Dzanic"]})
    t.choose(s, "play", "Kilo 13", by=0)
    assert s.decision_kind() == "link" and options(t, s) == ["CW Wound (bite)"]
    t.choose(s, "play", "CW Wound (bite)", by=0)
    assert s.decision_kind() == "link" and options(t, s) == ["Victor One"]
    assert names(t, s.discards[0]) == ["CW Wound (bite)"] and t.view(s)["chain"] == [("Kilo 13", 0, False)]
    t.choose(s, "play", "Victor One", by=0)
    assert [c for c, _, _ in t.view(s)["chain"]] == ["Kilo 13", "Victor One"]


def test_cw_wound_used_in_the_chain_counts_as_the_turns_wound_effect():
    """After the CW wound in the Chain Phase, the NF wound in hand is not usable in
    Cleanup."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13", "JAREK", "Snowstorm"]}, wound_cards={0: ["cw:bite", "burn"]},
                   decks={0: ["Victor One"] * 3})
    t.choose(s, "play", "CW Wound (bite)", by=0)
    t.choose(s, "pass", by=0)  # no chain
    advance(t, s, "wound_effect")
    assert s.legal_action_indices() == [PASS]


def test_kaos_33_a_wound_claimed_for_0_leaves_the_free_claim_for_an_order():
    """Your Chain: "claim 1 order that costs 3 or less for 0 influence". A wound Pipe Bomb
    left on top of the Dog Eat Dog archive must be claimed for 0 (000 FAQ Pipe Bomb, rule
    152), but a wound is not an order: the free claim is still there for Dog Eat Dog (3)
    under it, claimed for 0 with the base 2 influence kept."""
    t = NfTable(players=2)
    data = t.mapping(hands={0: ["Kaos 33"]}, archives={"Fresh Meat": (-1, 7)})
    data["archives"].insert(0, {"card": "Dog Eat Dog", "owner": "common",
                                "cards": ["Dog Eat Dog"] * 6 + ["CW Wound (bite)"]})
    s = t.load(data)
    start_chain(t, s, [(0, "Kaos 33")])
    assert s.decision_kind() == "claim" and s.influence == 2
    s.apply(ARCHIVE0 + 0, 0)                          # the wound, for 0
    assert events(s, "claim")[-1]["cost"] == 0 and s.influence == 2
    assert archives_offered(t, s) == ["Dog Eat Dog", "Fresh Meat"]
    t.choose(s, "archive", "Dog Eat Dog", by=0)
    assert events(s, "claim")[-1]["cost"] == 0 and s.influence == 2
    assert names(t, s.discards[0])[-1] == "Dog Eat Dog"
