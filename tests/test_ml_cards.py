"""Every Martial Law card's text, played: one test per printed text block (Chain, Your
Chain, Kicker, Feed, In Play, Combat, a wound's effect), every FAQ ruling of these cards
as a test named after the card, and the card data checked against the card facts
(``gloam/nightfall/data/card_facts.json``, the packaged copy of ``shared/card-facts.json``:
every stated fact matched exactly and marked seed).

Texts are those of ``src/gloam/nightfall/data/martial_law.json`` (readable in
``docs/cards-martial-law.md``, where gloam's designed texts are marked); FAQ rulings come
from seeds 000/001/002/003. Each test builds a position by card name
(``tests/nf_scenario.py``) in a game of Martial Law mixed with The Coldest War (whose wound
stack the harness deals), makes every decision through ``state.apply`` as a front end
would, and asserts what a player at the table would see. Rule numbers are those of
``shared/rules-checklist.md`` part A.

Colours used to earn kickers (colour > link colours, kicker colour in brackets):
"Bad Smoke" purple>white, Charlotte Reyes white>red, Enraged Wight red>blue, "Genesis One"
blue>gold, J.J. McTeague gold>green, Yuri Koroviev green>purple; "Brynna & Taylor"
purple>red,gold [blue]; Chan Jiang white>gold,purple [purple]; Grotesque Revenant
purple>green,white [gold]; Jerome Carceri white>red,purple [gold]; Koi Jiang blue>red,white
[red]; "Legion Ten" red>green,white [green]; "Lone Hound" gold>white,green [blue]; "Mad
Jake" green>purple,white [gold]; Maya Westermann green>gold,red [blue]; Nian Jiang
red>blue,gold [white]; "Queen's Bishop" blue>purple,green [purple]; Roland LeFontaine
gold>red,blue [red]; All-Out Lunge green>red,purple [red]; Bait and Switch white>blue,gold
[green]; Bleak Resurrection purple>red,blue [green]; Forlorn Hope purple>gold,white [white];
Headshot red>blue,purple [white]; Hysteria gold>green,purple [purple]; Irresistible Call
gold>blue,white [green]; Relentless Grinder red>gold,green [purple]; Shining Cross
green>white,blue [white]; Silver Stake blue>red,purple [gold]; Sweep and Clear
white>green,purple [red]; Tactical Prep blue>gold,white [gold]; promos Ahmad Hassan
purple>white,red [white]; Desperate Measures red>gold,white [purple]; "Pale Fury"
gold>purple,red [blue].
Keywords: vampires Yuri, Chan, Koi, Nian, "Queen's Bishop", Roland; ghouls Enraged Wight,
"Genesis One", Grotesque Revenant, "Pale Fury"; lycanthropes "Lone Hound", "Mad Jake"; the
rest hunters.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import test_nightfall_cards
from gloam.nightfall.actions import FEED, PASS
from gloam.nightfall.cards import load_set, markdown_table
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState
from nf_scenario import (
    NfTable,
    add_wounds,
    advance,
    archives_offered,
    events,
    names,
    options,
    pass_windows,
    start_chain,
)
from test_nightfall_cards import CONSTRAINTS, FACTS, NO_SEEDS, SEEDS, card_fact_problems

ROOT = Path(__file__).resolve().parents[1]
NEVER_IN_PLAY = ("If you discard this card from your hand for influence or due to a card effect, it is not "
                 "exiled because it was never in play.")


def table(players: int = 2) -> NfTable:
    """A Martial Law game (with The Coldest War's wound stack for the harness), promos on."""
    return NfTable(players=players, sets=("ML", "CW"), promos=True)


def ruling(name: str, fragment: str) -> str:
    """The FAQ ruling of an ML card containing ``fragment`` (it must be in the data)."""
    texts = [r.text for r in load_set("ML").card(name).faq_rulings if fragment in r.text]
    assert texts, f"{name} has no FAQ ruling with {fragment!r}"
    return texts[0]


def finish_chain(s) -> None:
    """Resolve the rest of the chain: Pass where it may (feeds), else the first option."""
    while s.phase == "chain":
        legal = s.legal_action_indices()
        s.apply(PASS if PASS in legal else legal[0], s.current_player())


def resolve_two(t, s, first: str, second: str, by: int = 0) -> None:
    """``by`` starts a chain with ``first`` and links ``second``; everyone else stops."""
    start_chain(t, s, [(by, first), (by, second)])


# ====================================================================== starting minions
# ---------------------------------------------------------------------- "Bad Smoke"
def test_bad_smoke_in_play_blocks_chain_damage_inflicted_on_you_rule_113():
    """In Play: This card blocks damage inflicted on you. "Legion Ten"'s 1 damage on
    player 1 is absorbed by his "Bad Smoke" (it loses 1 health); he receives no wound."""
    t = table()
    s = t.position(hands={0: ["Legion Ten"]}, play={1: ["Bad Smoke"]})
    start_chain(t, s, [(0, "Legion Ten")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 0] and t.view(s)["damage"]["Bad Smoke"] == 1


def test_bad_smoke_in_play_stays_in_play_until_destroyed_then_exiled_rules_59_118():
    """In Play: This card stays in play until destroyed. Exile when destroyed. It attacks
    (0 damage), stays in play after combat; destroyed by Headshot it is exiled."""
    t = table()
    s = t.position(play={0: ["Bad Smoke"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Bad Smoke", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["Bad Smoke"] and t.view(s)["wounds"] == [0, 0] and s.exiled == []
    t2 = table()
    s2 = t2.position(hands={1: ["Headshot"]}, play={0: ["Bad Smoke"]}, active=1)
    start_chain(t2, s2, [(1, "Headshot")])
    t2.choose(s2, "card", "Bad Smoke", by=1)
    assert names(t2, s2.exiled) == ["Bad Smoke"] and s2.discards[0] == []


def test_bad_smoke_faq_blocks_combat_damage_past_blockers_and_is_damaged_003():
    """FAQ (000/003): it blocks damage inflicted on you but is damaged as in combat, and
    must block the damage an unblocked attacker inflicts on its controller: "Legion Ten"
    (4) attacks player 1, who does not block: "Bad Smoke" (3 health) absorbs 3 and is
    destroyed (exiled), the last point wounds player 1."""
    assert ruling("Bad Smoke", "must be used to block damage")
    t = table()
    s = t.position(play={0: ["Legion Ten"], 1: ["Bad Smoke"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Legion Ten", by=0, target=1)
    pass_windows(t, s)
    t.choose(s, "done", by=1)  # no blocker assigned
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 1] and names(t, s.exiled) == ["Bad Smoke"]


def test_bad_smoke_faq_cannot_block_receiving_wounds_003():
    """FAQ (003): it cannot block effects that make a player receive wounds (Death Grip's
    kicker there; Sophia Otrava's "Each opponent receives 1 wound" here, rule 114)."""
    assert ruling("Bad Smoke", "cannot block effects that cause a player to receive wounds")
    t = table()
    s = t.position(hands={0: ["Sophia Otrava"]}, play={1: ["Bad Smoke"]})
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert t.view(s)["wounds"] == [0, 1] and t.view(s)["damage"]["Bad Smoke"] == 0


def test_bad_smoke_faq_several_block_one_at_a_time_until_destroyed_003():
    """FAQ (003): with several "Bad Smoke"s only one need block; one absorbs until all the
    damage is blocked or it is destroyed, then another continues. Roland's kicker (2
    damage) on a player with a damaged (1 health left) and a fresh "Bad Smoke": he picks the
    damaged one first, it absorbs 1 and is exiled, the fresh one absorbs the other."""
    assert ruling("Bad Smoke", "Damage must only be blocked once")
    t = table()
    s = t.position(hands={0: ["Nian Jiang", "Roland LeFontaine"]}, play={1: ["Bad Smoke", "Bad Smoke"]})
    first, second = s.play[1]
    s.minions[first]["damage"] = 2
    resolve_two(t, s, "Nian Jiang", "Roland LeFontaine")
    t.choose(s, "player", 1, by=0)  # chain: player 1 discards (empty hand)
    t.choose(s, "player", 1, by=0)  # kicker: 2 damage on player 1
    assert s.decision_kind() == "order_blockers" and s.current_player() == 1
    t.choose(s, "card", first, by=1)
    assert s.exiled == [first] and s.minions[second]["damage"] == 1 and t.view(s)["wounds"] == [0, 0]


def test_bad_smoke_faq_returned_to_hand_despite_staying_in_play_000():
    """FAQ (000): its text does not prevent it from being taken from play and placed back
    into your hand; it only prevents the discard at the end of combat. "Brynna & Taylor"'s
    kicker puts it into its owner's hand."""
    assert ruling("Bad Smoke", "does not prevent him from being taken from play")
    t = table()
    s = t.position(hands={0: ["Queen's Bishop", "Brynna & Taylor"]}, play={1: ["Bad Smoke"]})
    resolve_two(t, s, "Queen's Bishop", "Brynna & Taylor")
    t.choose(s, "card", "Bad Smoke", by=0)
    assert names(t, s.hands[1]) == ["Bad Smoke"] and s.exiled == []


def test_bad_smoke_faq_attacks_with_zero_but_koi_jiang_or_the_ml_wound_lets_it_inflict_damage_003():
    """FAQ (003): it attacks each turn though it normally inflicts 0 damage; mixing in the
    ML Wound or Koi Jiang lets it inflict damage. With neither it wounds nobody; with Koi
    Jiang's Your Combat text (+1) it inflicts 1, with the ML wound (+1) too."""
    assert ruling("Bad Smoke", "does attack each turn")
    assert load_set("ML").card("Bad Smoke").strength == 0
    for hand, wounds in (({}, 0), ({0: ["Koi Jiang"]}, 1), ("ml", 1)):
        t = table()
        s = t.position(hands=hand if isinstance(hand, dict) else {}, play={0: ["Bad Smoke"]},
                       wound_cards={0: ["ml:bite"]} if hand == "ml" else None, phase="combat")
        if hand == "ml":
            t.choose(s, "play", "ML Wound (bite)", by=0)
            t.choose(s, "card", "Bad Smoke", by=0)
            t.choose(s, "pass", by=0)
        elif hand:
            t.choose(s, "play", "Koi Jiang", by=0)
        pass_windows(t, s)
        t.choose(s, "attack", "Bad Smoke", by=0, target=1)
        pass_windows(t, s)
        assert t.view(s)["wounds"][1] == wounds, hand


def test_bad_smoke_faq_ivan_radinsky_can_return_it_to_the_deck_003():
    """FAQ (003): "Bad Smoke" can be returned to the top of a player's deck via Ivan
    Radinsky (a Nightfall base-set card): its
    stay-in-play text does not stop it leaving play that way."""
    assert ruling("Bad Smoke", "Ivan Radinsky")
    t = NfTable(players=2, sets=("ML", "NF", "CW"))
    s = t.position(hands={0: ["Ivan Radinsky"]}, play={1: ["Bad Smoke"]})
    start_chain(t, s, [(0, "Ivan Radinsky")])
    t.choose(s, "card", "Bad Smoke", by=0)
    assert names(t, s.decks[1]) == ["Bad Smoke"] and s.play[1] == [] and s.exiled == []


# ---------------------------------------------------------------------- the other starters
@pytest.mark.parametrize("name", ["Charlotte Reyes", "Enraged Wight", "Genesis One", "J.J. McTeague",
                                  "Yuri Koroviev"])
def test_starter_faq_discarded_from_hand_for_influence_is_not_exiled_rule_60(name):
    """FAQ (000/001): "If you discard this card from your hand for influence … it is not
    exiled because it was never in play." In the Claim Phase it goes to the discard pile."""
    assert NEVER_IN_PLAY in [r.text for r in load_set("ML").card(name).faq_rulings]
    t = table()
    s = t.position(hands={0: [name]}, phase="claim", influence=2)
    t.choose(s, "discard", name, by=0)
    assert names(t, s.discards[0]) == [name.strip('"')] and s.exiled == [] and s.influence == 3


@pytest.mark.parametrize("name", ["Charlotte Reyes", "Enraged Wight", "Genesis One", "J.J. McTeague",
                                  "Yuri Koroviev"])
def test_starter_exile_when_destroyed_or_discarded_after_attacking_rule_59(name):
    """Exile when destroyed or discarded: discarded at the end of its controller's combat
    it is exiled (rules 59, 117)."""
    t = table()
    s = t.position(play={0: [name]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", name, by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.exiled) == [name.strip('"')] and s.discards[0] == []
    assert t.view(s)["wounds"][1] == load_set("ML").card(name).strength


def test_charlotte_reyes_chain_draws_one_card():
    """Chain: Draw 1 card."""
    t = table()
    s = t.position(hands={0: ["Charlotte Reyes"]}, decks={0: ["Headshot"]})
    start_chain(t, s, [(0, "Charlotte Reyes")])
    assert names(t, s.hands[0]) == ["Headshot"] and names(t, s.play[0]) == ["Charlotte Reyes"]


def test_enraged_wight_has_no_text_but_its_two_strength():
    """No text but its exile wording: it attacks for 2 (rule 108)."""
    card = load_set("ML").card("Enraged Wight")
    assert card.text_lines() == ("In Play: Exile when destroyed or discarded.",) and card.strength == 2


def test_genesis_one_chain_restores_two_health_to_target_minion_rule_111():
    """Chain: Restore 2 health to target minion. Maya Westermann (4), 3 damage, gets 2
    back; healing never passes full health (rule 111): a second Genesis heals only 1."""
    t = table()
    s = t.position(hands={0: ["Genesis One"], 1: ["Genesis One"]}, play={1: ["Maya Westermann"]},
                   damage={"Maya Westermann": 3})
    start_chain(t, s, [(0, "Genesis One")])
    t.choose(s, "card", "Maya Westermann", by=0)
    assert t.view(s)["damage"]["Maya Westermann"] == 1


def test_jj_mcteague_chain_damages_a_minion_and_excess_is_lost_003():
    """Chain: Inflict 1 damage on target minion. 003 Chain Phase FAQ names J.J. McTeague
    among effects that damage minions: excess damage does not carry over to the player."""
    t = table()
    s = t.position(hands={0: ["J.J. McTeague"]}, play={1: ["Queen's Bishop"]}, damage={"Queen's Bishop": 1})
    start_chain(t, s, [(0, "J.J. McTeague")])
    t.choose(s, "card", "Queen's Bishop", by=0)
    assert names(t, s.discards[1]) == ["Queen's Bishop"] and t.view(s)["wounds"] == [0, 0]


def test_yuri_koroviev_your_chain_gains_influence_and_copies_stack_003():
    """Your Chain: Gain 1 influence. 003 Effect Stacking: modifying effects such as Yuri
    Koroviev's stack: two Yuris in player 0's chain (Yuri, "Brynna & Taylor", J.J.
    McTeague, Yuri) give 2 + 2 influence in his Claim Phase; one Yuri 2 + 1; linked by
    player 1 on player 0's turn, Yuri gives nobody anything (Your Chain, reading 6)."""
    for plays, influence in (([(0, "Yuri Koroviev")], 3),
                             ([(0, "Yuri Koroviev"), (0, "Brynna & Taylor"), (0, "J.J. McTeague"),
                               (0, "Yuri Koroviev")], 4),
                             ([(0, "J.J. McTeague"), (1, "Yuri Koroviev")], 2)):
        t = table()
        s = t.position(hands={0: [c for p, c in plays if p == 0], 1: [c for p, c in plays if p == 1]})
        start_chain(t, s, plays)
        while s.phase == "chain":  # J.J.'s 1 damage goes on the Yuri already in play
            t.choose(s, "card", "Yuri Koroviev", by=0)
        assert s.phase == "claim" and s.influence == influence, plays


# ====================================================================== draft minions
# ---------------------------------------------------------------------- "Brynna & Taylor"
def test_brynna_and_taylor_in_play_draws_one_at_the_end_of_your_cleanup_after_the_wound_effect_003():
    """In Play: Draw 1 card at the end of your Cleanup Phase. FAQ (003): first draw up to 5,
    then a wound effect if you wish, then the additional card. Player 0 holds 3 cards and
    an NF wound: he draws 2 (to 5), uses the wound (discards it, draws 2), then draws 1
    more: 7 cards, the deck one card shorter than without Brynna & Taylor."""
    assert ruling("Brynna & Taylor", "first draw until you have 5 cards")
    t = table()
    s = t.position(hands={0: ["Headshot", "Headshot"]}, wound_cards={0: ["bite"]},
                   decks={0: ["Hysteria"] * 8}, play={0: ["Brynna & Taylor"]}, phase="cleanup")
    assert len(s.hands[0]) == 5 and s.decision_kind() == "wound_effect"
    t.choose(s, "play", "NF Wound (bite)", by=0)
    t.choose(s, "done", by=0)
    assert len(s.hands[0]) == 7 and len(s.decks[0]) == 8 - 2 - 2 - 1 and s.active == 1


def test_brynna_and_taylor_in_play_only_your_cleanup_and_copies_do_not_stack_003():
    """"your Cleanup Phase": not in an opponent's. FAQ (003) Effect Stacking: the In Play
    text does not stack: two in play still draw 1 card."""
    assert ruling("Brynna & Taylor", "does not stack")
    t = table()
    s = t.position(hands={0: ["Headshot"] * 5, 1: ["Headshot"] * 5}, decks={0: ["Hysteria"] * 4, 1: ["Hysteria"] * 4},
                   play={0: ["Brynna & Taylor", "Brynna & Taylor"], 1: ["Brynna & Taylor"]}, phase="cleanup")
    t.choose(s, "pass", by=0)  # no wound effect
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 5 and s.active == 1


def test_brynna_and_taylor_in_play_stays_in_play_after_combat():
    """In Play: This card stays in play until destroyed. FAQ (003): do not discard this card
    after combat; "this card" is Brynna & Taylor, not the card drawn."""
    assert ruling("Brynna & Taylor", "referring to \"Brynna & Taylor\"")
    t = table()
    s = t.position(play={0: ["Brynna & Taylor"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Brynna & Taylor", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["Brynna & Taylor"] and t.view(s)["wounds"] == [0, 2]


def test_brynna_and_taylor_kicker_returns_a_minion_to_its_owner_not_its_controller_003():
    """Kicker: Place target minion into its owner's hand. FAQ (003): minions return to the
    player who owns the card, not necessarily the one controlling it. Player 0 controls
    player 1's Maya Westermann (taken by Nian Jiang); the kicker puts it into player 1's
    hand. Linked from the blue "Queen's Bishop"."""
    assert ruling("Brynna & Taylor", "return to the player who owns the card")
    t = table()
    s = t.position(hands={0: ["Queen's Bishop", "Brynna & Taylor"]}, play={0: ["Maya Westermann"]})
    maya = t.id(s, "Maya Westermann")
    s.owner[maya] = 1
    resolve_two(t, s, "Queen's Bishop", "Brynna & Taylor")
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Maya Westermann"]
    t.choose(s, "card", "Maya Westermann", by=0)
    assert s.hands[1] == [maya] and s.play[0] == [t.id(s, "Brynna & Taylor"), t.id(s, "Queen's Bishop")]


def test_brynna_and_taylor_faq_can_be_affected_by_ivan_radinsky_003():
    """FAQ (003): "This card can be affected by effects such as Ivan Radinsky": staying in
    play does not stop Ivan placing it on top of its owner's deck (an NF card)."""
    assert ruling("Brynna & Taylor", "Ivan Radinsky")
    t = NfTable(players=2, sets=("ML", "NF", "CW"))
    s = t.position(hands={0: ["Ivan Radinsky"]}, play={1: ["Brynna & Taylor"]})
    start_chain(t, s, [(0, "Ivan Radinsky")])
    t.choose(s, "card", "Brynna & Taylor", by=0)
    assert names(t, s.decks[1]) == ["Brynna & Taylor"] and s.play[1] == []


# ---------------------------------------------------------------------- Chan Jiang
def test_chan_jiang_chain_claims_an_order_of_cost_three_or_less_for_free_outside_the_claim_phase_000():
    """Chain: Claim 1 order that costs 3 or less from the commons or your private archives
    for 0 influence. FAQ (000/001): "this lets you grab a card outside of your Claim
    Phase": player 1 links Chan Jiang on player 0's turn and claims Headshot (3) into his
    discard pile; "Lone Hound" (5) and player 0's private archive are not offered."""
    assert ruling("Chan Jiang", "outside of your Claim Phase")
    t = table()
    s = t.position(hands={0: ["Lone Hound"], 1: ["Chan Jiang"]},
                   archives={"Headshot": (-1, 7), "Irresistible Call": (1, 7), "Lone Hound": (-1, 7),
                             "Hysteria": (0, 7)})
    start_chain(t, s, [(0, "Lone Hound"), (1, "Chan Jiang")])
    assert s.current_player() == 1 and archives_offered(t, s) == ["Headshot", "Irresistible Call"]
    t.choose(s, "archive", "Headshot", by=1)
    assert names(t, s.discards[1]) == ["Headshot"] and events(s, "claim")[-1]["cost"] == 0
    assert len(s.archives[0]["cards"]) == 6


def test_chan_jiang_kicker_draws_one_card():
    """Kicker (purple): Draw 1 card. Linked from "Bad Smoke" (purple, links white)."""
    t = table()
    s = t.position(hands={0: ["Bad Smoke", "Chan Jiang"]}, decks={0: ["Headshot"]})
    resolve_two(t, s, "Bad Smoke", "Chan Jiang")
    assert names(t, s.hands[0]) == ["Headshot"] and sorted(names(t, s.play[0])) == ["Bad Smoke", "Chan Jiang"]


# ---------------------------------------------------------------------- Grotesque Revenant
def test_grotesque_revenant_in_play_stays_in_play_until_destroyed_001():
    """In Play: This card stays in play until destroyed (001 'Discarding Minions'). It
    attacks, stays; on player 1's turn it blocks; destroyed, it goes to the discard pile."""
    t = table()
    s = t.position(play={0: ["Grotesque Revenant"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Grotesque Revenant", by=0, target=1)
    pass_windows(t, s)
    assert names(t, s.play[0]) == ["Grotesque Revenant"] and t.view(s)["wounds"] == [0, 3]
    t2 = table()
    s2 = t2.position(hands={1: ["Headshot"]}, play={0: ["Grotesque Revenant"]}, damage={"Grotesque Revenant": 1},
                     active=1)
    start_chain(t2, s2, [(1, "Headshot")])
    t2.choose(s2, "card", "Grotesque Revenant", by=1)
    assert names(t2, s2.discards[0]) == ["Grotesque Revenant"]


def test_grotesque_revenant_faq_can_still_be_returned_to_hand_000():
    """FAQ (000): its text only prevents the discard at the end of combat: "Brynna &
    Taylor"'s kicker can place it into its owner's hand."""
    assert ruling("Grotesque Revenant", "only prevents him from being discarded")
    t = table()
    s = t.position(hands={0: ["Queen's Bishop", "Brynna & Taylor"]}, play={1: ["Grotesque Revenant"]})
    resolve_two(t, s, "Queen's Bishop", "Brynna & Taylor")
    t.choose(s, "card", "Grotesque Revenant", by=0)
    assert names(t, s.hands[1]) == ["Grotesque Revenant"]


def test_grotesque_revenant_kicker_two_damage_on_target_minion():
    """Kicker (gold): Inflict 2 damage on target minion. Linked from "Pale Fury" (gold,
    links purple)."""
    t = table()
    s = t.position(hands={0: ["Pale Fury", "Grotesque Revenant"]}, play={1: ["Roland LeFontaine"]})
    resolve_two(t, s, "Pale Fury", "Grotesque Revenant")
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert t.view(s)["damage"]["Roland LeFontaine"] == 2


# ---------------------------------------------------------------------- Jerome Carceri
def test_jerome_carceri_kicker_heals_and_feed_heals_again_001():
    """Kicker (gold): Restore 1 health to target minion. Feed: Discard 1 card. 001 Kickers
    example: linked to the gold "Lone Hound", Jerome's kicker heals Maya Westermann from 3
    health to 4 (her full health); 001 Feed example: she may discard 1 card to resolve it
    again (here on a second damaged minion)."""
    t = table()
    s = t.position(hands={0: ["Lone Hound", "Jerome Carceri", "Headshot"]},
                   play={1: ["Maya Westermann", "Roland LeFontaine"]},
                   damage={"Maya Westermann": 1, "Roland LeFontaine": 2})
    resolve_two(t, s, "Lone Hound", "Jerome Carceri")
    t.choose(s, "card", "Maya Westermann", by=0)
    assert t.view(s)["damage"]["Maya Westermann"] == 0 and s.decision_kind() == "feed"
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Headshot", by=0)
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert t.view(s)["damage"]["Roland LeFontaine"] == 1 and names(t, s.discards[0]) == ["Headshot"]
    assert s.legal_action_indices() == [PASS]  # nothing left to pay with
    t.choose(s, "pass", by=0)
    assert sorted(names(t, s.play[0])) == ["Jerome Carceri", "Lone Hound"]


def test_jerome_carceri_no_chain_text_and_no_kicker_when_it_starts_the_chain_001():
    """001 example chain: "Jerome Carceri finally resolves. It has no chain text, so it
    comes into play. Since this card started the chain, it cannot get a kicker." Without
    the kicker there is no feed either (001 Feed example)."""
    assert ruling("Jerome Carceri", "started the chain")
    t = table()
    s = t.position(hands={0: ["Jerome Carceri", "Headshot"]}, play={1: ["Maya Westermann"]},
                   damage={"Maya Westermann": 1})
    start_chain(t, s, [(0, "Jerome Carceri")])
    assert s.phase == "claim" and names(t, s.play[0]) == ["Jerome Carceri"]
    assert t.view(s)["damage"]["Maya Westermann"] == 1 and events(s, "kicker") == []


# ---------------------------------------------------------------------- Koi Jiang
def test_koi_jiang_your_combat_each_friendly_minion_plus_one_and_copies_stack_000():
    """Your Combat: Discard this card. Increase the strength of each friendly minion by 1.
    FAQ (000/001): "Yes, this stacks. It can get quite nasty." Two Kois from the hand give
    "Legion Ten" (4) +2: 6 wounds; player 1's Koi is not offered on player 0's turn."""
    assert ruling("Koi Jiang", "this stacks")
    t = table()
    s = t.position(hands={0: ["Koi Jiang", "Koi Jiang"], 1: ["Koi Jiang"]}, play={0: ["Legion Ten"]},
                   phase="combat")
    legion = t.id(s, "Legion Ten")
    assert options(t, s) == ["Koi Jiang", "Koi Jiang"]
    t.choose(s, "play", "Koi Jiang", by=0)
    assert s.current_player() == 1 and options(t, s) == []  # player 1's Koi: Your Combat only
    t.choose(s, "pass", by=1)
    t.choose(s, "play", "Koi Jiang", by=0)
    assert s.strength(legion) == 6 and names(t, s.discards[0]) == ["Koi Jiang", "Koi Jiang"]
    pass_windows(t, s)
    t.choose(s, "attack", "Legion Ten", by=0, target=1)
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 6]


def test_koi_jiang_kicker_draws_one_card():
    """Kicker (red): Draw 1 card. Linked from Enraged Wight (red, links blue)."""
    t = table()
    s = t.position(hands={0: ["Enraged Wight", "Koi Jiang"]}, decks={0: ["Headshot"]})
    resolve_two(t, s, "Enraged Wight", "Koi Jiang")
    assert names(t, s.hands[0]) == ["Headshot"] and sorted(names(t, s.play[0])) == ["Enraged Wight", "Koi Jiang"]


# ---------------------------------------------------------------------- "Legion Ten"
def test_legion_ten_chain_one_damage_on_target_player_and_kicker_one_on_each_opposing_minion():
    """Chain: Inflict 1 damage on target player. Kicker (green): Inflict 1 damage on each
    opposing minion (no target: rule 69). Linked from Maya Westermann (green, links red)."""
    t = table()
    s = t.position(hands={0: ["Maya Westermann", "Legion Ten"]},
                   play={0: ["Queen's Bishop"], 1: ["Roland LeFontaine", "Koi Jiang"]})
    resolve_two(t, s, "Maya Westermann", "Legion Ten")
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1]
    assert t.view(s)["damage"] == {"Queen's Bishop": 0, "Roland LeFontaine": 1, "Koi Jiang": 1, "Legion Ten": 0}
    t.choose(s, "card", "Koi Jiang", by=0)  # then Maya's own chain text: 2 damage
    assert "Koi Jiang" in names(t, s.discards[1]) and "Koi Jiang" not in names(t, s.play[1])


# ---------------------------------------------------------------------- "Lone Hound"
def test_lone_hound_kicker_two_damage_on_target_minion():
    """Kicker (blue): Inflict 2 damage on target minion. Linked from "Genesis One" (blue,
    links gold); 5 strength (001 Damaging Players example, tests/test_nightfall_examples.py)."""
    t = table()
    s = t.position(hands={0: ["Genesis One", "Lone Hound"]}, play={1: ["Roland LeFontaine"]})
    resolve_two(t, s, "Genesis One", "Lone Hound")
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Lone Hound's kicker
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Genesis One heals 2
    assert t.view(s)["damage"]["Roland LeFontaine"] == 0 and events(s, "damage")[0]["amount"] == 2


# ---------------------------------------------------------------------- "Mad Jake"
def test_mad_jake_chain_two_damage_and_kicker_plus_two_strength():
    """Chain: Inflict 2 damage on target minion. Kicker (gold): Increase the strength of
    target minion by 2. Linked from "Lone Hound" (gold, links green)."""
    t = table()
    s = t.position(hands={0: ["Lone Hound", "Mad Jake"]}, play={0: ["Legion Ten"], 1: ["Roland LeFontaine"]})
    resolve_two(t, s, "Lone Hound", "Mad Jake")
    t.choose(s, "card", "Roland LeFontaine", by=0)
    t.choose(s, "card", "Legion Ten", by=0)
    assert t.view(s)["damage"]["Roland LeFontaine"] == 2 and s.strength(t.id(s, "Legion Ten")) == 6


# ---------------------------------------------------------------------- Maya Westermann
def test_maya_westermann_chain_two_damage_and_kicker_draws_one():
    """Chain: Inflict 2 damage on target minion. Kicker (blue): Draw 1 card. Linked from
    "Queen's Bishop" (blue, links green); 4 health (001 Kickers example)."""
    t = table()
    s = t.position(hands={0: ["Queen's Bishop", "Maya Westermann"]}, decks={0: ["Headshot"]},
                   play={1: ["Roland LeFontaine"]})
    resolve_two(t, s, "Queen's Bishop", "Maya Westermann")
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert t.view(s)["damage"]["Roland LeFontaine"] == 2 and names(t, s.hands[0]) == ["Headshot"]
    assert load_set("ML").card("Maya Westermann").health == 4


# ---------------------------------------------------------------------- Nian Jiang
def test_nian_jiang_kicker_takes_control_of_an_opposing_minion_past_the_end_of_turn_001():
    """Kicker (white): Take control of target opposing minion. 001 example chain: linked
    to the white Jerome Carceri, Janet takes control of Brad's "Bad Smoke". FAQ (000): the
    effect lasts past the end of the turn: on her next turn it attacks for her, and its
    damage-blocking now protects her."""
    assert ruling("Nian Jiang", "last past the end of the turn")
    t = table()
    s = t.position(hands={0: ["Jerome Carceri", "Nian Jiang"]}, play={1: ["Bad Smoke", "Roland LeFontaine"]})
    resolve_two(t, s, "Jerome Carceri", "Nian Jiang")
    assert options(t, s) == ["Bad Smoke", "Roland LeFontaine"]
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert sorted(names(t, s.play[0])) == ["Jerome Carceri", "Nian Jiang", "Roland LeFontaine"]
    assert s.owner[t.id(s, "Roland LeFontaine")] == 1
    advance(t, s, "attack")  # player 1's turn: his "Bad Smoke" attacks (0 damage)
    t.choose(s, "attack", "Bad Smoke", by=1, target=0)
    advance(t, s, "attack")  # player 0's next combat: Roland is still his
    assert s.active == 0 and s.turn == 3
    assert sorted(names(t, s.play[0])) == ["Jerome Carceri", "Nian Jiang", "Roland LeFontaine"]


def test_nian_jiang_faq_grabbing_a_nian_does_not_bring_what_it_took_000():
    """FAQ (000/001): "If someone uses their Nian to grab your Nian, they do not get any
    creatures your Nian took control of." Player 0 controls player 1's Roland (taken by
    his Nian); player 1's Nian takes player 0's Nian: Roland stays with player 0."""
    assert ruling("Nian Jiang", "do not get any creatures")
    t = table()
    s = t.position(hands={1: ["Jerome Carceri", "Nian Jiang"]}, play={0: ["Nian Jiang", "Roland LeFontaine"]},
                   active=1)
    roland = t.id(s, "Roland LeFontaine")
    s.owner[roland] = 1
    resolve_two(t, s, "Jerome Carceri", "Nian Jiang", by=1)
    t.choose(s, "card", t.id(s, "Nian Jiang", "play"), by=1)
    assert names(t, s.play[0]) == ["Roland LeFontaine"] and names(t, s.play[1]).count("Nian Jiang") == 2


# ---------------------------------------------------------------------- "Queen's Bishop"
def test_queens_bishop_in_play_damage_when_attacking_happens_before_blockers_000():
    """In Play: When this card attacks, inflict 1 damage on target minion. FAQ (000/001):
    "This damage happens before blockers are chosen." It destroys player 1's 1-health
    Koi Jiang before he can block with it: the Bishop's 2 damage wounds him."""
    assert ruling("Queen's Bishop", "before blockers are chosen")
    t = table()
    s = t.position(play={0: ["Queen's Bishop"], 1: ["Koi Jiang"]}, damage={"Koi Jiang": 2}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Queen's Bishop", by=0, target=1)
    assert s.decision_kind() == "target_minion"
    t.choose(s, "card", "Koi Jiang", by=0)
    assert names(t, s.discards[1]) == ["Koi Jiang"]
    pass_windows(t, s)
    assert s.decision_kind() != "block"
    pass_windows(t, s)
    assert t.view(s)["wounds"] == [0, 2]


def test_queens_bishop_kicker_target_player_discards_one():
    """Kicker (purple): Target player discards 1 card. Linked from Bleak Resurrection
    (purple, links blue)."""
    t = table()
    s = t.position(hands={0: ["Bleak Resurrection", "Queen's Bishop"], 1: ["Headshot", "Hysteria"]})
    resolve_two(t, s, "Bleak Resurrection", "Queen's Bishop")
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Hysteria", by=1)
    assert names(t, s.discards[1]) == ["Hysteria"] and names(t, s.hands[1]) == ["Headshot"]


# ---------------------------------------------------------------------- Roland LeFontaine
def test_roland_lefontaine_chain_discard_and_kicker_two_damage_on_a_player():
    """Chain: Target player discards 1 card. Kicker (red): Inflict 2 damage on target
    player. Linked from Nian Jiang (red, links gold)."""
    t = table()
    s = t.position(hands={0: ["Nian Jiang", "Roland LeFontaine"], 1: ["Headshot"]})
    resolve_two(t, s, "Nian Jiang", "Roland LeFontaine")
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Headshot", by=1)
    t.choose(s, "player", 1, by=0)
    assert names(t, s.discards[1])[0] == "Headshot" and t.view(s)["wounds"] == [0, 2]


def test_roland_lefontaine_costs_three_001_claim_example():
    """001 Claim example: Roland LeFontaine costs 3: with his 2 automatic influence Brad
    discards 1 card to claim him, which uses all his influence."""
    t = table()
    s = t.position(hands={0: ["Headshot", "Hysteria"]}, archives={"Roland LeFontaine": (0, 7)}, phase="claim",
                   influence=2)
    assert archives_offered(t, s) == []
    t.choose(s, "discard", "Headshot", by=0)
    assert archives_offered(t, s) == ["Roland LeFontaine"]
    t.choose(s, "archive", "Roland LeFontaine", by=0)
    assert s.influence == 0 and names(t, s.discards[0]) == ["Headshot", "Roland LeFontaine"]


# ====================================================================== draft actions
# ---------------------------------------------------------------------- All-Out Lunge
def test_all_out_lunge_chain_one_damage_and_feed_two_cards_a_time():
    """Chain: Inflict 1 damage on target player. Feed: Discard 2 cards. With 3 cards in
    hand it feeds once (1 more damage); then only Pass is offered."""
    t = table()
    s = t.position(hands={0: ["All-Out Lunge", "Headshot", "Hysteria", "Silver Stake"]})
    start_chain(t, s, [(0, "All-Out Lunge")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1] and sorted(s.legal_action_indices()) == [PASS, FEED]
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Headshot", by=0)
    t.choose(s, "card", "Hysteria", by=0)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 2] and s.legal_action_indices() == [PASS]


def test_all_out_lunge_kicker_target_order_in_the_chain_resolves_its_kicker():
    """Kicker (red): Target order in the chain will resolve its kicker. Chain: Maya
    Westermann (started it: no kicker of her own, rule 138), "Legion Ten" (red, links green,
    kicker green: Maya is green, so it has its kicker anyway), All-Out Lunge (linked to the
    red Legion: kicker). The Lunge targets Maya, still in the chain: she resolves her kicker
    (draw 1) although she started the chain; the Lunge itself is no target."""
    t = table()
    s = t.position(hands={0: ["Maya Westermann", "Legion Ten", "All-Out Lunge"]}, decks={0: ["Headshot"]})
    start_chain(t, s, [(0, "Maya Westermann"), (0, "Legion Ten"), (0, "All-Out Lunge")])
    t.choose(s, "player", 1, by=0)  # Lunge's chain text
    t.choose(s, "pass", by=0)  # no feed
    assert options(t, s) == ["Legion Ten", "Maya Westermann"]
    t.choose(s, "card", "Maya Westermann", by=0)
    t.choose(s, "player", 1, by=0)  # Legion Ten: 1 damage on a player (its kicker hits no minion)
    assert names(t, s.hands[0]) == [] and len(events(s, "kicker")) == 2
    while s.phase == "chain":
        t.choose(s, "card", "Legion Ten", by=0)  # Maya's 2 damage: the only minion in play
    assert names(t, s.hands[0]) == ["Headshot"] and len(events(s, "kicker")) == 3


# ---------------------------------------------------------------------- Bait and Switch
def test_bait_and_switch_chain_silences_an_order_which_still_comes_into_play_and_gets_its_kicker_003():
    """Chain: Target order in the chain does not resolve its chain text. FAQ (003): the
    first resolution is free and mandatory; the card stays in the chain, can still resolve
    its kicker, and a minion still comes into play. Player 0 links "Mad Jake" (green) to
    "Lone Hound" (gold: Jake's kicker); player 1 links Bait and Switch (white) to Jake:
    Jake's chain text (2 damage) is skipped, his kicker (+2 strength) is not, and he enters
    play."""
    assert ruling("Bait and Switch", "Cards affected by this text remain in the chain")
    t = table()
    s = t.position(hands={0: ["Lone Hound", "Mad Jake"], 1: ["Bait and Switch"]}, play={1: ["Roland LeFontaine"]})
    start_chain(t, s, [(0, "Lone Hound"), (0, "Mad Jake"), (1, "Bait and Switch")])
    assert s.current_player() == 1 and options(t, s) == ["Lone Hound", "Mad Jake"]
    t.choose(s, "card", "Mad Jake", by=1)
    assert s.legal_action_indices() == [PASS]  # the feed needs 2 cards
    t.choose(s, "pass", by=1)
    assert s.decision_kind() == "target_minion"  # Jake's kicker, not his chain text
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert s.phase == "claim" and t.view(s)["damage"]["Roland LeFontaine"] == 0
    assert s.strength(t.id(s, "Roland LeFontaine")) == 5
    assert sorted(names(t, s.play[0])) == ["Lone Hound", "Mad Jake"]


def test_bait_and_switch_feed_repeats_the_chain_text_for_two_cards_each_003():
    """Feed: Discard 2 cards. FAQ (003): it may be repeated as many times as the player
    wishes by discarding 2 cards each time: "Mad Jake" and then Charlotte Reyes (who started
    the chain) both lose their chain text: no damage, no card drawn."""
    assert ruling("Bait and Switch", "repeated as many times")
    t = table()
    s = t.position(hands={0: ["Maya Westermann", "Lone Hound", "Mad Jake"],
                          1: ["Bait and Switch", "Headshot", "Hysteria"]},
                   play={1: ["Roland LeFontaine"]})
    start_chain(t, s, [(0, "Maya Westermann"), (0, "Lone Hound"), (0, "Mad Jake"), (1, "Bait and Switch")])
    t.choose(s, "card", "Mad Jake", by=1)
    t.choose(s, "feed", by=1)
    t.choose(s, "card", "Headshot", by=1)
    t.choose(s, "card", "Hysteria", by=1)
    t.choose(s, "card", "Maya Westermann", by=1)
    assert s.legal_action_indices() == [PASS]
    t.choose(s, "pass", by=1)
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Jake's kicker (+2 strength) still resolves
    assert s.phase == "claim" and t.view(s)["damage"]["Roland LeFontaine"] == 0
    assert sorted(names(t, s.play[0])) == ["Lone Hound", "Mad Jake", "Maya Westermann"]


def test_bait_and_switch_kicker_new_common_archive_claimed_from_the_top_000_003():
    """Kicker (green): Shuffle 1 card from each private archive into a new common archive.
    FAQ (000/001): cards are drafted (claimed) from the top of this new archive; (003) it is
    shuffled face down, claimed in order; nobody may look through or rearrange it. Each
    player sees the top card and which cards are in it, never the order below the top.
    Linked from "Mad Jake" (green, links white)."""
    assert ruling("Bait and Switch", "drafted from the top")
    assert ruling("Bait and Switch", "shuffle the cards face down")
    t = table()
    s = t.position(hands={0: ["Mad Jake", "Bait and Switch", "Charlotte Reyes", "Charlotte Reyes", "Charlotte Reyes"]},
                   archives={"Headshot": (0, 7), "Hysteria": (0, 7), "Silver Stake": (1, 7), "Forlorn Hope": (1, 7),
                             "Lone Hound": (-1, 7)})
    resolve_two(t, s, "Mad Jake", "Bait and Switch")
    t.choose(s, "card", "Mad Jake", by=0)  # its chain text: Jake's chain text is skipped
    t.choose(s, "pass", by=0)  # no feed (it could pay: it passes); then the kicker
    new = s.archives[-1]
    assert len(s.archives) == 6 and new["owner"] == -1 and len(new["cards"]) == 4
    assert [len(a["cards"]) for a in s.archives[:5]] == [6, 6, 6, 6, 7]
    view = s.observation(1)["archives"][-1]
    top = new["cards"][-1]
    assert view["card"] == s.cards[top] and view["size"] == 4
    assert sorted(view["mixed"] + [view["card"]]) == sorted(s.cards[c] for c in new["cards"])
    assert "cards" not in view  # the order below the top is hidden
    assert s.phase == "claim"
    for _ in range(3):
        t.choose(s, "discard", "Charlotte Reyes", by=0)  # 5 influence: any top card is claimable
    t.choose(s, "archive", 5, by=0)
    assert s.discards[0][-1] == top and s.observation(1)["archives"][-1]["card"] == s.cards[new["cards"][-1]]


# ---------------------------------------------------------------------- Bleak Resurrection
def test_bleak_resurrection_chain_places_a_minion_from_your_discard_into_play_and_feeds_003():
    """Chain: Place target minion from your discard pile into play. Feed: Discard 1 card.
    FAQ (003): you must choose a minion if possible; you may repeat by discarding 1 card;
    you may discard a minion to pay the feed and immediately target it."""
    assert ruling("Bleak Resurrection", "You may discard a minion to pay the Feed cost")
    t = table()
    s = t.position(hands={0: ["Bleak Resurrection", "Lone Hound"]}, discards={0: ["Headshot", "Roland LeFontaine"]})
    start_chain(t, s, [(0, "Bleak Resurrection")])
    assert options(t, s) == ["Roland LeFontaine"]
    t.choose(s, "card", "Roland LeFontaine", by=0)
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Lone Hound", by=0)
    assert options(t, s) == ["Lone Hound"]
    t.choose(s, "card", "Lone Hound", by=0)
    assert s.legal_action_indices() == [PASS]
    t.choose(s, "pass", by=0)
    assert sorted(names(t, s.play[0])) == ["Lone Hound", "Roland LeFontaine"]
    assert names(t, s.discards[0]) == ["Headshot", "Bleak Resurrection"]


def test_bleak_resurrection_kicker_exiles_minions_destroyed_by_the_previous_order_003():
    """Kicker (green): Exile all minions destroyed by the previous order in the chain. FAQ
    (003): the previous order is the red or blue one linked to it; be careful not to exile
    your own minions. Chain: Yuri Koroviev (green), Bleak Resurrection (purple: kicker),
    Relentless Grinder (red, linked to it), which destroys player 1's 1-health Koi Jiang; a
    minion destroyed earlier (by Headshot, not the previous order) stays in the discard."""
    assert ruling("Bleak Resurrection", "red or blue order linked to Bleak Resurrection")
    t = table()
    s = t.position(hands={0: ["Yuri Koroviev", "Bleak Resurrection", "Relentless Grinder"]},
                   play={1: ["Koi Jiang", "Maya Westermann"]}, damage={"Koi Jiang": 2},
                   discards={1: ["Roland LeFontaine"]})
    start_chain(t, s, [(0, "Yuri Koroviev"), (0, "Bleak Resurrection"), (0, "Relentless Grinder")])
    assert names(t, s.discards[1]) == ["Roland LeFontaine", "Koi Jiang"]  # destroyed by the Grinder
    t.choose(s, "pass", by=0)  # no feed for the Grinder
    t.choose(s, "player", 1, by=0)  # its kicker (purple, linked to Bleak): 1 damage
    t.choose(s, "pass", by=0)  # Bleak: no minion in player 0's discard pile; no feed
    assert names(t, s.exiled) == ["Koi Jiang"] and names(t, s.discards[1])[:1] == ["Roland LeFontaine"]
    assert "Koi Jiang" not in names(t, s.discards[1]) and s.phase == "claim"


# ---------------------------------------------------------------------- Forlorn Hope
def test_forlorn_hope_chain_exiles_an_order_from_your_discard_pile():
    """Chain: Exile target order from your discard pile (only orders: not wounds)."""
    t = table()
    s = t.position(hands={0: ["Forlorn Hope"]}, discards={0: ["Charlotte Reyes"]})
    add_wounds(t, s, 0, "discards", ["bite"])
    start_chain(t, s, [(0, "Forlorn Hope")])
    assert options(t, s) == ["Charlotte Reyes"]
    t.choose(s, "card", "Charlotte Reyes", by=0)
    assert names(t, s.exiled) == ["Charlotte Reyes"] and t.view(s)["wounds"] == [1, 0]


def test_forlorn_hope_kicker_refers_to_the_order_it_exiled_000():
    """Kicker (white): Inflict damage on target player equal to the cost of the order
    exiled by this card. FAQ (000/001): "The kicker refers to the order you exiled." Linked
    from Jerome Carceri (white, links purple): exiling "Lone Hound" (5) inflicts 5."""
    assert ruling("Forlorn Hope", "refers to the order you exiled")
    t = table()
    s = t.position(hands={0: ["Jerome Carceri", "Forlorn Hope"]}, discards={0: ["Headshot", "Lone Hound"]})
    resolve_two(t, s, "Jerome Carceri", "Forlorn Hope")
    t.choose(s, "card", "Lone Hound", by=0)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 5] and names(t, s.exiled) == ["Lone Hound"]


# ---------------------------------------------------------------------- Headshot
def test_headshot_chain_three_damage_and_kicker_draws_one():
    """Chain: Inflict 3 damage on target minion. Kicker (white): Draw 1 card. Linked from
    Charlotte Reyes (white, links red)."""
    t = table()
    s = t.position(hands={0: ["Charlotte Reyes", "Headshot"]}, decks={0: ["Hysteria", "Silver Stake"]},
                   play={1: ["Maya Westermann"]})
    resolve_two(t, s, "Charlotte Reyes", "Headshot")
    t.choose(s, "card", "Maya Westermann", by=0)
    assert t.view(s)["damage"]["Maya Westermann"] == 3 and len(s.hands[0]) == 2  # kicker + Charlotte


# ---------------------------------------------------------------------- Hysteria
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_hysteria_chain_minion_damages_itself_and_its_controller_not_one_in_the_chain_001():
    """Chain: Target minion inflicts damage equal to its strength on itself and on its
    controller. 001 example chain: Brad would love to target Janet's Jerome Carceri, but
    it hasn't entered play yet; he targets his own Charlotte Reyes (strength 1): she takes
    1, and so does Brad."""
    assert ruling("Hysteria", "cannot target a minion still in the chain")
    t = table(players=3)
    s = t.position(hands={0: ["Jerome Carceri", "Nian Jiang"], 1: ["Tactical Prep"], 2: ["Hysteria"]},
                   decks={1: ["Headshot"]}, play={2: ["Charlotte Reyes"]})
    start_chain(t, s, [(0, "Jerome Carceri"), (0, "Nian Jiang"), (1, "Tactical Prep"), (2, "Hysteria")])
    assert options(t, s) == ["Charlotte Reyes"]
    t.choose(s, "card", "Charlotte Reyes", by=2)
    assert t.view(s)["damage"]["Charlotte Reyes"] == 1 and t.view(s)["wounds"] == [0, 0, 1]


def test_hysteria_kicker_draws_one_card():
    """Kicker (purple): Draw 1 card. Linked from "Brynna & Taylor" (purple, links gold);
    here a "Legion Ten" (4) destroys itself and wounds its controller 4 times."""
    t = table()
    s = t.position(hands={0: ["Brynna & Taylor", "Hysteria"]}, decks={0: ["Headshot"]}, play={1: ["Legion Ten"]})
    resolve_two(t, s, "Brynna & Taylor", "Hysteria")
    t.choose(s, "card", "Legion Ten", by=0)
    assert "Legion Ten" in names(t, s.discards[1]) and t.view(s)["wounds"] == [0, 4]
    assert names(t, s.hands[0]) == ["Headshot"]


# ---------------------------------------------------------------------- Irresistible Call
def test_irresistible_call_chain_two_discards_and_kicker_draws_one():
    """Chain: Target player discards 2 cards. Kicker (green): Draw 1 card. Linked from
    Maya Westermann (green, links gold)."""
    t = table()
    s = t.position(hands={0: ["Maya Westermann", "Irresistible Call"], 1: ["Headshot", "Hysteria", "Silver Stake"]},
                   decks={0: ["Forlorn Hope"]})
    resolve_two(t, s, "Maya Westermann", "Irresistible Call")
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Headshot", by=1)
    t.choose(s, "card", "Silver Stake", by=1)
    assert names(t, s.hands[1]) == ["Hysteria"] and names(t, s.hands[0]) == ["Forlorn Hope"]


# ---------------------------------------------------------------------- Relentless Grinder
def test_relentless_grinder_chain_each_opposing_minion_feed_and_kicker():
    """Chain: Inflict 1 damage on each opposing minion. Feed: Discard 2 cards. Kicker
    (purple): Inflict 1 damage on target player. Linked from "Brynna & Taylor" (purple,
    links red); fed once; player 0's own minion is untouched."""
    t = table()
    s = t.position(hands={0: ["Brynna & Taylor", "Relentless Grinder", "Headshot", "Hysteria"]},
                   play={0: ["Lone Hound"], 1: ["Maya Westermann", "Roland LeFontaine"]})
    resolve_two(t, s, "Brynna & Taylor", "Relentless Grinder")
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Headshot", by=0)
    t.choose(s, "card", "Hysteria", by=0)
    t.choose(s, "pass", by=0)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["damage"] == {"Lone Hound": 0, "Maya Westermann": 2, "Roland LeFontaine": 2,
                                   "Brynna & Taylor": 0}
    assert t.view(s)["wounds"] == [0, 1]


# ---------------------------------------------------------------------- Shining Cross
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_shining_cross_chain_heals_and_draws_and_kicker_damages_only_a_vampire():
    """Chain: Restore 2 health to target minion. Draw 1 card. Kicker (white): Inflict 2
    damage on target vampire. Linked from Sweep and Clear (white, links green)."""
    t = table()
    s = t.position(hands={0: ["Sweep and Clear", "Shining Cross"]}, decks={0: ["Headshot"]},
                   play={0: ["Maya Westermann"], 1: ["Roland LeFontaine", "Lone Hound"]},
                   damage={"Maya Westermann": 3})
    resolve_two(t, s, "Sweep and Clear", "Shining Cross")
    t.choose(s, "card", "Maya Westermann", by=0)
    assert t.view(s)["damage"]["Maya Westermann"] == 1 and names(t, s.hands[0]) == ["Headshot"]
    assert options(t, s) == ["Roland LeFontaine"]  # the only vampire
    t.choose(s, "card", "Roland LeFontaine", by=0)
    assert t.view(s)["damage"]["Roland LeFontaine"] == 2


# ---------------------------------------------------------------------- Silver Stake
@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_silver_stake_chain_destroys_a_vampire_and_kicker_draws_one():
    """Chain: Destroy target vampire. Kicker (gold): Draw 1 card. Linked from Roland
    LeFontaine (gold, links blue), whose own chain text then makes a player discard."""
    t = table()
    s = t.position(hands={0: ["Roland LeFontaine", "Silver Stake"]}, decks={0: ["Headshot"]},
                   play={1: ["Nian Jiang", "Lone Hound"]})
    resolve_two(t, s, "Roland LeFontaine", "Silver Stake")
    assert options(t, s) == ["Nian Jiang"]
    t.choose(s, "card", "Nian Jiang", by=0)
    assert names(t, s.discards[1]) == ["Nian Jiang"] and names(t, s.hands[0]) == ["Headshot"]


# ---------------------------------------------------------------------- Sweep and Clear
@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_sweep_and_clear_chain_two_damage_draw_if_destroyed_and_kicker_one_on_a_player():
    """Chain: Inflict 2 damage on target minion. If it was destroyed, draw 1 card. Kicker
    (red): Inflict 1 damage on target player. Linked from "Legion Ten" (red, links white)."""
    t = table()
    s = t.position(hands={0: ["Legion Ten", "Sweep and Clear"]}, decks={0: ["Headshot"]},
                   play={1: ["Queen's Bishop"]})
    resolve_two(t, s, "Legion Ten", "Sweep and Clear")
    t.choose(s, "card", "Queen's Bishop", by=0)
    assert names(t, s.discards[1]) == ["Queen's Bishop"] and names(t, s.hands[0]) == ["Headshot"]
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1]


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_sweep_and_clear_001_linking_example_maya_lone_hound_chan_jiang():
    """001 Chaining example: Scott begins with Sweep and Clear; Brad links the green Maya
    Westermann (a Sweep and Clear link colour); Janet links her gold "Lone Hound" to Maya
    and a Chan Jiang to her own "Lone Hound". Resolution: Chan, Hound, Maya, Sweep."""
    scott, brad, janet = 0, 1, 2
    t = table(players=3)
    s = t.position(hands={scott: ["Sweep and Clear"], brad: ["Maya Westermann"],
                          janet: ["Lone Hound", "Chan Jiang"]})
    start_chain(t, s, [(scott, "Sweep and Clear"), (brad, "Maya Westermann"), (janet, "Lone Hound"),
                       (janet, "Chan Jiang")])
    assert [(e["player"], t.names[e["card"]]) for e in events(s, "chain")] == [
        (scott, "Sweep and Clear"), (brad, "Maya Westermann"), (janet, "Lone Hound"), (janet, "Chan Jiang")]
    assert [t.names[e["card"]] for e in events(s, "resolve")][:2] == ["Chan Jiang", "Lone Hound"]


# ---------------------------------------------------------------------- Tactical Prep
def test_tactical_prep_chain_search_the_deck_for_a_card_then_shuffle_001():
    """Chain: Look through your deck and draw 1 card of your choice, then shuffle your
    deck. 001 example chain: "He inspects his deck and draws a card." Only he sees the
    deck (the choice is his private decision); without the kicker nothing is revealed."""
    t = table()
    s = t.position(hands={0: ["Tactical Prep"]}, decks={0: ["Headshot", "Lone Hound", "Hysteria"]})
    start_chain(t, s, [(0, "Tactical Prep")])
    assert options(t, s) == ["Headshot", "Hysteria", "Lone Hound"] and s.observation(1)["legal"] is None
    t.choose(s, "card", "Lone Hound", by=0)
    assert names(t, s.hands[0]) == ["Lone Hound"] and len(s.decks[0]) == 2
    assert events(s, "reveal") == [] and t.id(s, "Lone Hound") not in s.observation(1)["known"][0]["hand"]
    assert "tutored" not in s.observation(1)["in_flight"]["turn"] and "tutored" in s.observation(0)["in_flight"]["turn"]
    assert events(s, "draw", viewer=1)[-1].get("cards") is None  # the others see a draw, not the card


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_tactical_prep_faq_kicker_reveals_the_card_drawn_000():
    """Kicker (gold): Reveal the card you drew with this card. If it is a minion, draw 1
    card. FAQ (000/001): "If you get the kicker, you must of course reveal the card you
    drew." Linked from Roland LeFontaine (gold, links blue), whose chain text then makes
    player 1 (empty hand) discard."""
    assert ruling("Tactical Prep", "reveal the card you drew")
    t = table()
    s = t.position(hands={0: ["Roland LeFontaine", "Tactical Prep"]},
                   decks={0: ["Headshot", "Lone Hound", "Hysteria"]})
    resolve_two(t, s, "Roland LeFontaine", "Tactical Prep")
    t.choose(s, "card", "Lone Hound", by=0)
    revealed = events(s, "reveal", viewer=1)
    assert [t.names[e["card"]] for e in revealed] == ["Lone Hound"] and len(s.hands[0]) == 2
    assert t.id(s, "Lone Hound") in s.observation(1)["known"][0]["hand"]
    t2 = table()  # an action drawn: revealed, no extra card
    s2 = t2.position(hands={0: ["Roland LeFontaine", "Tactical Prep"]}, decks={0: ["Headshot", "Lone Hound"]})
    resolve_two(t2, s2, "Roland LeFontaine", "Tactical Prep")
    t2.choose(s2, "card", "Headshot", by=0)
    assert [t2.names[e["card"]] for e in events(s2, "reveal")] == ["Headshot"] and len(s2.hands[0]) == 1


# ====================================================================== promos (003)
def test_promos_are_offered_only_when_the_game_asks_for_them_003():
    """003: Ahmad Hassan, Desperate Measures and "Pale Fury" are Martial Law promos: not
    among the 24 draftable orders; a game includes them only with ``promos=True``."""
    ml = load_set("ML")
    assert sorted(c.name for c in ml.promos) == ["Ahmad Hassan", "Desperate Measures", "Pale Fury"]
    assert len(ml.draftable) == 24 and not {c.id for c in ml.promos} & {c.id for c in ml.draftable}
    from gloam.nightfall import setup
    assert not {"ml-ahmad-hassan", "ml-desperate-measures", "ml-pale-fury"} & set(
        setup.draft_pool(NightfallGame(sets=("ML",), archives="draft")))
    assert {"ml-ahmad-hassan", "ml-desperate-measures", "ml-pale-fury"} <= set(
        setup.draft_pool(NightfallGame(sets=("ML",), archives="draft", promos=True)))


# ---------------------------------------------------------------------- Ahmad Hassan
def test_ahmad_hassan_in_play_friendly_minion_destroyed_one_damage_on_target_player_003():
    """In Play: When a friendly minion is destroyed, inflict 1 damage on target player.
    Headshot destroys player 1's Koi Jiang: player 1 (Ahmad's controller) inflicts 1 damage
    on player 0. FAQ (003) Effect Stacking: the In Play text does not stack: with two
    Ahmads it is still 1 damage."""
    assert ruling("Ahmad Hassan", "does not stack")
    for ahmads in (1, 2):
        t = table()
        s = t.position(hands={0: ["Headshot"]}, play={1: ["Koi Jiang"] + ["Ahmad Hassan"] * ahmads},
                       damage={"Koi Jiang": 0})
        start_chain(t, s, [(0, "Headshot")])
        t.choose(s, "card", "Koi Jiang", by=0)
        assert s.decision_kind() == "target_player" and s.current_player() == 1
        t.choose(s, "player", 0, by=1)
        assert t.view(s)["wounds"] == [1, 0] and s.phase == "claim"


def test_ahmad_hassan_faq_timing_of_attack_and_defense_matters_in_combat_003():
    """FAQ (003) Combat Phase: the timing of attack/defense can matter with Ahmad Hassan in
    play: player 1's blocker "Queen's Bishop" (2 health) is destroyed by "Legion Ten" (4):
    Ahmad's text inflicts 1 damage once that combat's damage is dealt."""
    assert ruling("Ahmad Hassan", "timing of attack/defense")
    t = table()
    s = t.position(play={0: ["Legion Ten"], 1: ["Queen's Bishop", "Ahmad Hassan"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Legion Ten", by=0, target=1)
    pass_windows(t, s)
    t.choose(s, "block", "Queen's Bishop", by=1, target=0)
    t.choose(s, "done", by=1)
    pass_windows(t, s)
    assert s.decision_kind() == "target_player" and s.current_player() == 1
    t.choose(s, "player", 0, by=1)
    assert t.view(s)["wounds"] == [1, 2] and names(t, s.discards[1])[0] == "Queen's Bishop"


def test_ahmad_hassan_kicker_your_remaining_cards_resolve_their_kickers_as_they_resolve_003():
    """Kicker (white): All of your cards in the chain resolve their kickers. FAQ (003): your
    remaining cards receive their kickers as they resolve, even if not linked to their
    kicker colour; not those that already resolved. Chain: player 0's Maya Westermann
    (started it), "Lone Hound" (gold), Jerome Carceri (white, kicker gold: earned), Ahmad
    (purple, kicker white: earned); player 1's Koi Jiang is not player 0's. Maya (kicker:
    draw 1) and "Lone Hound" (kicker: 2 damage) resolve their kickers too."""
    assert ruling("Ahmad Hassan", "resolve them as their cards resolve")
    t = table()
    s = t.position(hands={0: ["Maya Westermann", "Lone Hound", "Jerome Carceri", "Ahmad Hassan"]},
                   decks={0: ["Headshot"]}, play={1: ["Roland LeFontaine"]})
    start_chain(t, s, [(0, "Maya Westermann"), (0, "Lone Hound"), (0, "Jerome Carceri"), (0, "Ahmad Hassan")])
    assert [e["kicker"] for e in events(s, "chain")] == [False, False, True, True]
    # Ahmad resolved (his kicker); the three left all resolve theirs
    assert [kicked for _, _, kicked in t.view(s)["chain"]] == [True, True, True]
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Jerome heals (nothing to heal)
    t.choose(s, "pass", by=0)  # no feed
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Lone Hound's kicker: 2 damage
    t.choose(s, "card", "Roland LeFontaine", by=0)  # Maya's chain text: 2 damage
    assert names(t, s.discards[1]) == ["Roland LeFontaine"] and names(t, s.hands[0]) == ["Headshot"]


def test_ahmad_hassan_faq_kickers_are_not_doubled_nor_given_backwards_003():
    """FAQ (003): receiving the kicker on 2 Ahmad Hassans does not make your other kickers
    resolve twice; the kicker does not go back to cards that already resolved. (a) Chain
    Maya, "Lone Hound", Jerome, Ahmad, Chan Jiang, Ahmad (both Ahmads kicked): Maya's
    kicker draws 1 card, not 2. (b) Chain Jerome, Ahmad (kicked), "Legion Ten" (red, kicker
    green: not earned): Legion resolves before Ahmad and gets no kicker."""
    assert ruling("Ahmad Hassan", "does not cause your other kickers to resolve twice")
    assert ruling("Ahmad Hassan", "does not let you go back")
    t = table()
    chain = ["Maya Westermann", "Lone Hound", "Jerome Carceri", "Ahmad Hassan", "Chan Jiang", "Ahmad Hassan"]
    s = t.position(hands={0: chain}, decks={0: ["Headshot", "Silver Stake", "Hysteria"]})
    start_chain(t, s, [(0, c) for c in chain])
    finish_chain(s)  # targets: the first offered; feeds passed
    kicked = [t.names[e["card"]] for e in events(s, "kicker")]
    assert sorted(kicked) == sorted(chain) and len(s.hands[0]) == 2  # Chan 1 + Maya 1
    t2 = table()
    s2 = t2.position(hands={0: ["Jerome Carceri", "Ahmad Hassan", "Legion Ten"]}, play={1: ["Roland LeFontaine"]})
    start_chain(t2, s2, [(0, "Jerome Carceri"), (0, "Ahmad Hassan"), (0, "Legion Ten")])
    t2.choose(s2, "player", 1, by=0)  # Legion Ten's chain text; no kicker follows
    finish_chain(s2)
    assert t2.view(s2)["damage"]["Roland LeFontaine"] == 0
    assert [t2.names[e["card"]] for e in events(s2, "kicker")] == ["Ahmad Hassan", "Jerome Carceri"]


# ---------------------------------------------------------------------- Desperate Measures
def test_desperate_measures_chain_damages_yourself_and_draws_three_and_kicker_draws_one():
    """Chain: Inflict 2 damage on yourself. Draw 3 cards. Kicker (purple): Draw 1 card.
    Linked from "Brynna & Taylor" (purple, links red); the self-damage is damage, so a
    "Bad Smoke" blocks it (rule 113)."""
    t = table()
    s = t.position(hands={0: ["Brynna & Taylor", "Desperate Measures"]}, decks={0: ["Headshot"] * 5})
    resolve_two(t, s, "Brynna & Taylor", "Desperate Measures")
    assert t.view(s)["wounds"] == [2, 0] and len(s.hands[0]) == 4
    t2 = table()
    s2 = t2.position(hands={0: ["Desperate Measures"]}, decks={0: ["Headshot"] * 5}, play={0: ["Bad Smoke"]})
    start_chain(t2, s2, [(0, "Desperate Measures")])
    assert t2.view(s2)["wounds"] == [0, 0] and t2.view(s2)["damage"]["Bad Smoke"] == 2 and len(s2.hands[0]) == 3


# ---------------------------------------------------------------------- "Pale Fury"
def test_pale_fury_in_play_attack_damage_can_destroy_itself_000():
    """In Play: When this card attacks, inflict 2 damage on target minion. FAQ (000/001):
    "Can destroy itself." With 2 health it may target itself and is destroyed before the
    combat damage: no wound for player 1."""
    assert ruling("Pale Fury", "Can destroy itself")
    t = table()
    s = t.position(play={0: ["Pale Fury"], 1: ["Roland LeFontaine"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Pale Fury", by=0, target=1)
    assert options(t, s) == ["Pale Fury", "Roland LeFontaine"]
    t.choose(s, "card", "Pale Fury", by=0)
    assert names(t, s.discards[0]) == ["Pale Fury"]
    advance(t, s, "chain_start")
    assert t.view(s)["wounds"] == [0, 0]


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_pale_fury_kicker_draws_one_card():
    """Kicker (blue): Draw 1 card. Linked from "Genesis One" (blue, links gold)."""
    t = table()
    s = t.position(hands={0: ["Genesis One", "Pale Fury"]}, decks={0: ["Headshot"]})
    resolve_two(t, s, "Genesis One", "Pale Fury")
    assert names(t, s.hands[0]) == ["Headshot"]


# ====================================================================== wounds
def test_ml_box_ml_wound_your_combat_plus_one_strength_feed_a_wound_001():
    """ML Wound (001, verbatim): "Your Combat: discard this card. Increase the strength of
    target minion by 1. Feed: Discard 1 wound. Limit 1 wound effect per turn." The ML box's
    own wound card (ml-ml-wound): fed once with a second wound, "Legion Ten" gets +2."""
    t = table()
    s = t.position(play={0: ["Legion Ten"]}, wound_cards={0: ["ml:bite", "ml:burn"]}, phase="combat")
    assert t.game.card(s.cards[t.id(s, "ML Wound (bite)")]).id == "ml-ml-wound"
    t.choose(s, "play", "ML Wound (bite)", by=0)
    t.choose(s, "card", "Legion Ten", by=0)
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "ML Wound (burn)", by=0)
    t.choose(s, "card", "Legion Ten", by=0)
    assert s.strength(t.id(s, "Legion Ten")) == 6 and s.legal_action_indices() == [PASS]


def test_ml_box_nf_wound_cleanup_discard_wounds_draw_two_each_001():
    """NF Wound (ml-nf-wound, the text as CW's): 001 Cleanup example: Brad discards 2
    wounds and draws 4 cards."""
    t = table()
    s = t.position(hands={0: ["Headshot", "Headshot", "Headshot"]}, wound_cards={0: ["nf:bite", "nf:bleed"]},
                   decks={0: ["Hysteria"] * 6}, phase="cleanup")
    assert t.game.card(s.cards[t.id(s, "NF Wound (bite)")]).id == "ml-nf-wound"
    t.choose(s, "play", "NF Wound (bite)", by=0)
    t.choose(s, "card", "NF Wound (bleed)", by=0)
    t.choose(s, "done", by=0)
    assert len(s.hands[0]) == 7 and s.active == 1


# ====================================================================== the card data
ML_CODES = ("ML", "promo-ML")
ML_CONSTRAINTS = {
    ("Bad Smoke", "notes"): (
        lambda c, s: s.card("Nian Jiang").kicker.text == "Take control of target opposing minion.",
        "001 example chain: Nian Jiang's kicker takes control of Brad's \"Bad Smoke\""),
    ("Charlotte Reyes", "notes"): (
        lambda c, s: c.is_minion and "Target minion" in s.card("Hysteria").chain,
        "001 example chain: Brad's Hysteria targets his Charlotte Reyes in play"),
    ("J.J. McTeague", "text_hint"): (
        lambda c, s: re.fullmatch(r"Inflict \d damage on target minion\.", c.chain or "") is not None,
        "003 Chain Phase FAQ: J.J. McTeague has an effect that damages minions"),
    ("Yuri Koroviev", "text_hint"): (
        lambda c, s: (c.your_chain or "").startswith("Gain "),
        "003 Effect Stacking: Yuri Koroviev's effect modifies ('gain') and stacks"),
    ("Chan Jiang", "color"): (
        lambda c, s: c.colour in ("white", "green") and c.colour in s.card("Lone Hound").link_colours,
        "001 chain example: Chan Jiang links to \"Lone Hound\" (white or green)"),
    ("Chan Jiang", "notes"): (
        lambda c, s: c.keyword == "vampire", "001 story: Chan Jiang is a tattooed vampire (flavour)"),
    ("Grotesque Revenant", "health"): (
        lambda c, s: c.health >= 3, "001 combat example: damaged earlier, 'only has 2 health left'"),
    ("Jerome Carceri", "kicker_text"): (
        lambda c, s: c.kicker.text.startswith("Restore ") and "target minion" in c.kicker.text
        and c.kicker.text.endswith(" Feed: Discard 1 card.") and c.feed.on == "kicker",
        "001 Kickers and Feed examples: the kicker heals a minion and is fed by discarding 1 card"),
    ("Mad Jake", "notes"): (
        lambda c, s: c.keyword == "lycanthrope", "001 story: 'Mad Jake' is a werewolf (flavour)"),
    ("Nian Jiang", "kicker_text"): (
        lambda c, s: c.kicker.text == "Take control of target opposing minion.",
        "001 example chain: 'Janet immediately takes control of Brad's \"Bad Smoke\" minion'"),
    ("Queen's Bishop", "text_hint"): (
        lambda c, s: c.in_play.startswith("When this card attacks, inflict "),
        "000/001 FAQ: its damage happens before blockers are chosen (when it attacks)"),
    ("Bleak Resurrection", "notes"): (
        lambda c, s: sorted(c.link_colours) == ["blue", "red"],
        "003: 'the red or blue order linked to Bleak Resurrection'"),
    ("Forlorn Hope", "text_hint"): (
        lambda c, s: c.chain.startswith("Exile target order") and "exiled by this card" in c.kicker.text,
        "000/001 FAQ: its text exiles an order and the kicker refers to that order"),
    ("Hysteria", "chain_text"): (
        lambda c, s: c.chain.startswith("Target minion inflicts damage") and "itself and on its controller" in c.chain,
        "001 example chain: 'choose a minion to damage itself and its controller'"),
    ("Hysteria", "link_colors"): (
        lambda c, s: c.colour in s.card("Tactical Prep").link_colours,
        "001 example chain: Hysteria links to Tactical Prep"),
    ("Tactical Prep", "chain_text"): (
        lambda c, s: c.chain.startswith("Look through your deck and draw 1 card"),
        "001 example chain: 'He inspects his deck and draws a card.'"),
}
IGNORED = {"set_conflict"}  # which box a card is in (NF/ML/BC), not a card attribute


def ml_fact_names() -> list:
    return [c["name"] for c in FACTS["cards"] if any(code in ML_CODES for code in c["set"])]


def ml_fact_problems(fact, ml) -> list[str]:
    """card-facts' checker (tests/test_nightfall_cards.py) with the ML constraints, plus the
    fact shapes only ML cards have: In Play texts given as printed lines, "no chain text",
    a type no seed states ("order"), and the CW-only wound counts."""
    fact = dict(fact)
    problems: list[str] = []
    name = fact["name"]
    card = ml.card(name) if not name.startswith("Wound: ") else None
    for key in IGNORED:
        fact.pop(key, None)
    fd = fact.get("in_play_text")
    if fd is not None and isinstance(fd.get("value"), list):
        fact.pop("in_play_text")
        printed = " ".join(x for x in (card.in_play, card.exile) if x)
        if printed != " ".join(fd["value"]):
            problems.append(f"in_play_text: data prints {printed!r}, card-facts {fd['value']!r}")
        for field in ("in_play",) + (("exile",) if card.exile else ()):
            prov = card.provenance[field]
            if prov.kind != "seed" or prov.source != fd["source"]:
                problems.append(f"{field}: must be seed with card-facts' source")
    fd = fact.get("chain_text")
    if fd is not None and fd.get("none"):
        fact.pop("chain_text")
        if card.chain is not None:
            problems.append("chain_text: the seed says it has no chain text")
    if fact.get("type") == "order":
        if card.type not in ("minion", "action") or card.provenance["type"].kind != "designed":
            problems.append("type: no seed says minion or action: choose one, marked designed")
        fact["type"] = card.type
    if "counts" in fact:  # 000's counts are of the CW box's wound stack (checked below for ML)
        fact.pop("counts")
    return problems + card_fact_problems(fact, ml)


@pytest.fixture()
def ml_checker(monkeypatch):
    monkeypatch.setattr(test_nightfall_cards, "CONSTRAINTS", {**CONSTRAINTS, **ML_CONSTRAINTS})
    return ml_fact_problems


@pytest.mark.parametrize("name", ml_fact_names())
def test_every_ml_card_fact_is_matched_and_marked_seed(name, ml_checker):
    """Every fact card-facts.json states about an ML card (and ML promo, and the ML box's
    wounds) is matched exactly and marked seed with its source; paraphrases and hints are
    checked by the predicates above and the fields they constrain are marked designed."""
    fact = next(c for c in FACTS["cards"] if c["name"] == name)
    assert ml_checker(fact, load_set("ML")) == []


def test_every_ml_constraint_is_used_by_a_fact():
    used = {(c["name"], k) for c in FACTS["cards"] for k in c}
    assert set(ML_CONSTRAINTS) - used == set()


def test_ml_fact_checker_catches_a_contradiction(ml_checker):
    """The checker fails on a wrong stated value, a seed mark on a designed value, and a
    broken paraphrase."""
    from gloam.nightfall.cards import card_set_from_json

    data = json.loads((ROOT / "src/gloam/nightfall/data/martial_law.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in data["cards"]}
    by_id["ml-lone-hound"]["strength"]["value"] = 4
    by_id["ml-nian-jiang"]["kicker"]["value"] = "Draw 1 card."
    by_id["ml-hysteria"]["chain"] = {"value": by_id["ml-hysteria"]["chain"]["value"], "kind": "seed", "source": "001"}
    broken = card_set_from_json(data, "broken.json")
    fact = {c["name"]: c for c in FACTS["cards"]}
    assert any("strength" in p for p in ml_checker(fact["Lone Hound"], broken))
    assert any("kicker_text" in p for p in ml_checker(fact["Nian Jiang"], broken))
    assert any("marked seed" in p for p in ml_checker(fact["Hysteria"], broken))


def test_the_set_has_exactly_the_cards_of_seed_001_and_its_promos():
    """001 'Cards in this Set' (6 starters, 12 draft minions, 12 draft actions), the three
    ML promos (003), the two wound kinds (003 'Wounds: ML Wound, NF Wound'); no moons."""
    ml = load_set("ML")
    names = {c["name"] for c in FACTS["cards"] if any(code in ML_CODES for code in c["set"])
             and not c["name"].startswith("Wound: ")}
    assert {c.name for c in ml.cards} == names
    assert (len(ml.starters), len(ml.draft_minions), len(ml.draft_actions), len(ml.promos), len(ml.moons)) == \
        (6, 12, 12, 3, 0)


def test_the_draftable_names_are_printed_as_seed_001_lists_them():
    """001 'Cards in this Set': each draftable order's name as the rulebook prints it."""
    if not SEEDS.is_dir():
        pytest.skip(NO_SEEDS)
    text = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8")
    block = text[text.index("Draft Minions\n"):]
    for card in load_set("ML").draftable:
        assert f"- {card.printed_name}\n" in block, card.name


def test_the_nf_reprint_ids_exist():
    """nightfall.json reprints ML's six starters by these ids (the NF helper's contract)."""
    ml = load_set("ML")
    assert [c.id for c in ml.starters] == ["ml-bad-smoke", "ml-charlotte-reyes", "ml-enraged-wight", "ml-genesis-one",
                                          "ml-jj-mcteague", "ml-yuri-koroviev"]


def test_wound_stack_is_60_of_two_kinds_001():
    """001 Components '60 Wound Cards'; two wound kinds (the split, 45 NF + 15 ML, is
    designed and marked so); the 10-per-player face-up count fits 5 players (rule 14)."""
    ml = load_set("ML")
    assert len(ml.wound_cards()) == 60 and sorted(c.id for c in ml.wounds) == ["ml-ml-wound", "ml-nf-wound"]
    assert {c.name: c.copies for c in ml.wounds} == {"NF Wound": 45, "ML Wound": 15}
    for card in ml.wounds:
        assert card.provenance["copies"].kind == "designed"
    assert ml.card("NF Wound").wound_text == load_set("CW").card("NF Wound").wound_text
    NightfallGame(players=5, sets=("ML",))


def test_quick_start_pairs_match_seed_001_rule_32():
    ml = load_set("ML")
    pairs = {frozenset((c.name, c.quick_start_partner)) for c in ml.draftable if c.quick_start_partner}
    assert pairs == {frozenset(p) for p in (("Koi Jiang", "Brynna & Taylor"), ("Irresistible Call", "Roland LeFontaine"),
                                            ("Chan Jiang", "Queen's Bishop"), ("Relentless Grinder", "Forlorn Hope"),
                                            ("Hysteria", "All-Out Lunge"))}
    game = NightfallGame(players=5, sets=("ML",), archives="quick")
    s = game.new_initial_state(3)
    privates = sorted(frozenset(game.card(a["card"]).name for a in s.archives if a["owner"] == p) for p in range(5))
    assert set(privates) == pairs


def test_design_ranges_colours_and_kickers():
    """Starters one per colour with one link colour (checklist ambiguity 2); draft orders
    cost 2-6, minions strength 2-5 and health 2-4; 4 draft orders per colour; two link
    colours, never the card's own; every kicker reachable from some card of the set."""
    ml = load_set("ML")
    assert sorted(c.colour for c in ml.starters) == sorted(["red", "blue", "gold", "green", "purple", "white"])
    for card in ml.draftable + ml.promos:
        assert 2 <= card.cost <= 6 and card.kicker is not None and card.text_lines(), card.name
        assert len(card.link_colours) == 2 and card.colour not in card.link_colours, card.name
        if card.is_minion:
            assert 2 <= card.strength <= 5 and 2 <= card.health <= 4, card.name
        sources = [c.name for c in ml.cards if c.colour == card.kicker.colour and card.colour in c.link_colours]
        assert sources, f"{card.name}: no {card.kicker.colour} card links to {card.colour}"
    colours = {}
    for card in ml.draftable:
        colours[card.colour] = colours.get(card.colour, 0) + 1
    assert set(colours.values()) == {4}
    assert {c.effect for c in ml.cards} == {c.id.replace("ml-", "ml.", 1).replace("-", "_") for c in ml.cards}


def test_doc_is_up_to_date():
    text = markdown_table(load_set("ML"))
    assert (ROOT / "docs" / "cards-martial-law.md").read_text(encoding="utf-8") == text, (
        "docs/cards-martial-law.md is stale: regenerate it with the command at its top")
    for card in load_set("ML").cards:
        assert f'<a id="{card.id}"></a>' in text


def test_gloam_cards_lists_the_martial_law_set():
    """`gloam cards nightfall --set ML --json` lists every card of the set with provenance."""
    out = subprocess.run([sys.executable, "-m", "gloam.cli.main", "cards", "nightfall", "--set", "ML", "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    data = json.loads(out)
    assert len(data["cards"]) == len(load_set("ML").cards) and "Martial Law" in data["title"]
    lone = next(c for c in data["cards"] if c["name"] == '"Lone Hound"')
    assert lone["fields"]["strength"] == 5 and lone["provenance"]["strength"]["kind"] == "seed"


# ====================================================================== random games
@pytest.mark.slow
def test_200_random_martial_law_games_finish_and_round_trip():
    """200 seeded games (2-4 players; ML alone or mixed with CW; promos in half of them;
    the draft) driven by random legal actions to the end: none fails, and at points along
    the way the state's JSON round trip is exact and a determinized copy offers the same
    legal actions (no hidden information needed to act)."""
    from gloam.core.rng import Rng

    for seed in range(200):
        players = 2 + seed % 3
        game = NightfallGame(players=players, sets=("ML",) if seed % 4 else ("ML", "CW"), archives="draft",
                             promos=seed % 2 == 1)
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_action_indices()
            s.apply(rng.choice(legal), s.current_player())
            steps += 1
            if steps % 211 == 0 and not s.is_terminal():
                data = s.to_json()
                assert NightfallState.from_json(json.loads(json.dumps(data))).to_json() == data
                p = s.current_player()
                det = game.determinize(s.observation(p), Rng(seed))
                assert sorted(det.legal_action_indices()) == sorted(legal_now := s.legal_action_indices()), legal_now
            assert steps < 50000
        assert s.winner >= 0
