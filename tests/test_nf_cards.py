"""Every Nightfall (base set, NF) card's text, played: one test per printed text block
(Chain, Your Chain, Kicker, In Play, a wound's effect), every FAQ ruling of these cards as a
test, the card-facts check of the set's data, the generated document, ``gloam cards``, and
200 seeded random games with the set.

Texts are those of ``src/gloam/nightfall/data/nightfall.json`` (readable in
``docs/cards-nightfall.md``, where gloam's designed texts are marked); FAQ rulings are from
seeds 000/001/002/003 as the card facts quote them (``gloam/nightfall/data/card_facts.json``,
the packaged copy of ``shared/card-facts.json``). Each test builds a position
by card name (``tests/nf_scenario.py``) in a game of the Nightfall set alone (its starters are
Martial Law's six, reprinted), makes every decision through ``state.apply`` as a front end
would, and asserts what a player at the table would see. Rule numbers are those of
``shared/rules-checklist.md`` part A.

Kickers are earned by linking (rule 135) to a card of the kicker colour whose link colours
include the card's colour; ``LEADS`` names the lead card used for each.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from gloam.cli.main import main
from gloam.nightfall.actions import ARCHIVE0, CARD0, DONE, PASS, PLAYER0
from gloam.nightfall.cards import COLOURS, load_set, markdown_table
from gloam.nightfall.facts import card_facts
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState
from nf_scenario import NfTable as _NfTable, add_wounds, names, options, settle, start_chain

ROOT = Path(__file__).resolve().parents[1]
DOC_PATH = ROOT / "docs" / "cards-nightfall.md"
SETS = ("NF",)

# card -> the lead card it links to for its kicker (colour = kicker colour, links include the card's)
LEADS = {
    "Alton Hickman": "Dark Awakening", "Big Ghost": "Ghoul Summoning", "Blaine Cordell": "Big Ghost",
    "Franz Orlok": "Alton Hickman", "Indigo Six": "Alton Hickman", "Ivan Radinsky": "Shock and Awe",
    "Lilith Lawrence": "Vulko", "Overwatch Two": "Zacharias Sands", "Sir John Travail": "Blood Rage",
    "Zacharias Sands": "Indigo Six", "Blood Rage": "Mesmeric Presence", "Dark Awakening": "Sir John Travail",
    "Death Grip": "Tag Team Takedown", "Flank Attack": "Blood Rage", "Furious Melee": "Vulko",
    "Ghoul Summoning": "Furious Melee", "Grim Siege": "Lilith Lawrence", "Leave Me!": "Mesmeric Presence",
    "Mesmeric Presence": "Ghoul Summoning", "Rend and Tear": "Grim Siege", "Shock and Awe": "Furious Melee",
    "Tag Team Takedown": "Franz Orlok", "Lisaveta Florescu": "Big Ghost", "Shadow Seven": "Mesmeric Presence",
    "Zombie Horde": "Blaine Cordell",
}


class NfTable(_NfTable):
    """The scenario table for a game of the NF set alone."""

    def __init__(self, players: int = 2, **setup):
        super().__init__(players=players, sets=SETS, **setup)


# ---------------------------------------------------------------------- helpers


def health(t, s, name: str) -> int:
    return s.health_left(t.id(s, name, "play"))


def card(name: str):
    return load_set("NF").card(name)


def rulings(name: str) -> list[str]:
    return [r.text for r in card(name).faq_rulings]


def test_every_lead_earns_the_kicker():
    """Rule 135: each lead's colour is the card's kicker colour and links to the card."""
    for name, lead in LEADS.items():
        c, led = card(name), card(lead)
        assert led.colour == c.kicker.colour and c.colour in led.link_colours, (name, lead)


# ---------------------------------------------------------------------- Alton Hickman
def test_alton_hickman_in_play_cannot_be_blocked():
    """In Play: This card cannot be blocked. Player 1's minions get no block decision: his
    3 damage reaches player 1 (rules 106-110)."""
    t = NfTable()
    s = t.position(play={0: ["Alton Hickman"], 1: ["Lilith Lawrence", "Enraged Wight"]}, phase="combat")
    settle(s, "attack")
    t.choose(s, "attack", "Alton Hickman", by=0, target=1)
    kinds = []
    while s.phase == "combat":
        kinds.append(s.decision_kind())
        s.apply(PASS if PASS in s.legal_action_indices() else DONE, s.current_player())
    assert "block" not in kinds and t.view(s)["wounds"] == [0, 3]
    assert health(t, s, "Lilith Lawrence") == 2


@pytest.mark.parametrize("blocker", ["Vulko", "Bad Smoke"])
def test_alton_hickman_faq_vulko_and_bad_smoke_cannot_block_him_but_must_block_his_damage(blocker):
    """FAQ Alton Hickman (000/003): "Players cannot assign minions to block Alton Hickman,
    however damage he does to you can still be intercepted by "Bad Smoke" and Vulko."
    (and "Bad Smoke" FAQ 003: it must block the damage Alton would inflict via combat)"""
    assert any("cannot be assigned to block Alton" in r for r in rulings("Alton Hickman"))
    t = NfTable()
    s = t.position(play={0: ["Alton Hickman"], 1: [blocker]}, phase="combat")
    settle(s, "attack")
    t.choose(s, "attack", "Alton Hickman", by=0, target=1)
    kinds = set()
    while s.decision_kind() != "chain_start":
        kinds.add(s.decision_kind())
        s.apply(PASS, s.current_player())
    absorbed = min(3, card(blocker).health)
    assert "block" not in kinds and t.view(s)["wounds"] == [0, 3 - absorbed]
    assert any(e["type"] == "damage" and e["card"] == t.id(s, blocker) and e["amount"] == absorbed
               for e in s.events)


def test_alton_hickman_kicker_places_a_card_from_discard_on_top_of_deck():
    """Kicker: Place target card from your discard pile on top of your deck (in plain view)."""
    t = NfTable()
    s = t.position(hands={0: ["Dark Awakening", "Alton Hickman"]}, discards={0: ["Blood Rage", "Grim Siege"]})
    start_chain(t, s, [(0, "Dark Awakening"), (0, "Alton Hickman")])
    assert s.chain[-1]["kicker"] and options(t, s) == ["Blood Rage", "Grim Siege"]
    t.choose(s, "card", "Grim Siege", by=0)
    assert names(t, s.decks[0])[-1] == "Grim Siege" and s.known[0]["top"] == [t.id(s, "Grim Siege")]
    settle(s)
    assert names(t, s.play[0]) == ["Alton Hickman"]


# ---------------------------------------------------------------------- "Big Ghost"
def test_big_ghost_kicker_one_damage_on_each_player_including_its_own():
    """Kicker: Inflict 1 damage on each player. FAQ (003): "literally every player,
    including the player who played it"; the controller orders the events (rule 73)."""
    assert any("literally every player" in r for r in rulings("Big Ghost"))
    t = NfTable(players=3)
    s = t.position(hands={0: ["Ghoul Summoning", "Big Ghost"]})
    start_chain(t, s, [(0, "Ghoul Summoning"), (0, "Big Ghost")])
    assert s.decision_kind() == "order_events" and s.current_player() == 0
    settle(s)
    assert t.view(s)["wounds"] == [1, 1, 1] and names(t, s.play[0]) == ["Big Ghost"]


def test_big_ghost_faq_its_kicker_damage_is_blocked_by_bad_smoke_and_vulko():
    """FAQ "Big Ghost" (003): "This damage can be blocked by "Bad Smoke" or Vulko."
    (reading 18: your own "Bad Smoke" blocks your own "Big Ghost")."""
    t = NfTable()
    s = t.position(hands={0: ["Ghoul Summoning", "Big Ghost"]}, play={0: ["Bad Smoke"], 1: ["Vulko"]})
    start_chain(t, s, [(0, "Ghoul Summoning"), (0, "Big Ghost")])
    settle(s)
    assert t.view(s)["wounds"] == [0, 0]
    assert health(t, s, "Vulko") == 3 and health(t, s, "Bad Smoke") == card("Bad Smoke").health - 1


def test_big_ghost_without_kicker_only_enters_play():
    """With no kicker "Big Ghost" has no text: it resolves into play and nobody is hurt."""
    t = NfTable()
    s = t.position(hands={0: ["Big Ghost"]})
    start_chain(t, s, [(0, "Big Ghost")])
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 0]
    assert names(t, s.play[0]) == ["Big Ghost"] and health(t, s, "Big Ghost") == 2


# ---------------------------------------------------------------------- Blaine Cordell
def test_blaine_cordell_chain_exiles_a_wound_and_enters_play_with_two_health():
    """Chain: Exile target wound from your discard pile. Place this card into play with 2
    health. FAQ (003): "choose a wound from your discard pile and remove it from the game"."""
    t = NfTable()
    s = t.position(hands={0: ["Blaine Cordell"]}, discards={0: ["Blood Rage"]})
    wounds = add_wounds(t, s, 0, "discards", ["bite", "burn"])
    start_chain(t, s, [(0, "Blaine Cordell")])
    assert set(s.legal_action_indices()) == {CARD0 + w for w in wounds}  # wounds only
    t.choose(s, "card", wounds[0], by=0)
    assert s.exiled == [wounds[0]] and t.view(s)["wounds"] == [1, 0]
    assert names(t, s.play[0]) == ["Blaine Cordell"] and health(t, s, "Blaine Cordell") == 2


def test_blaine_cordell_faq_no_wound_in_discard_still_enters_play():
    """FAQ (003): "If you do not have any wounds in your discard pile, you still resolve
    the remainder of the card normally." """
    t = NfTable()
    s = t.position(hands={0: ["Blaine Cordell"]}, discards={0: ["Blood Rage"]})
    start_chain(t, s, [(0, "Blaine Cordell")])
    assert s.decision_kind() == "claim" and health(t, s, "Blaine Cordell") == 2 and s.exiled == []


def test_blaine_cordell_kicker_enters_play_with_four_health():
    """Kicker: Place this card into play with 4 health. (FAQ 003: "To put him into play
    with 4 health you need to activate his kicker")."""
    assert card("Blaine Cordell").health == 4
    t = NfTable()
    s = t.position(hands={0: ["Big Ghost", "Blaine Cordell"]})
    start_chain(t, s, [(0, "Big Ghost"), (0, "Blaine Cordell")])
    settle(s)
    assert health(t, s, "Blaine Cordell") == 4


def test_blaine_cordell_faq_dark_awakening_brings_him_in_at_four_health():
    """FAQ (000/003): "If you can get him into play without resolving his chain text, he
    comes in at 4 health" — e.g. Dark Awakening."""
    t = NfTable()
    s = t.position(hands={0: ["Dark Awakening"]}, discards={0: ["Blaine Cordell"]})
    add_wounds(t, s, 0, "discards", ["bite"])
    start_chain(t, s, [(0, "Dark Awakening")])
    t.choose(s, "card", "Blaine Cordell", by=0)
    assert health(t, s, "Blaine Cordell") == 4 and s.exiled == []  # his chain text did not resolve


def test_blaine_cordell_faq_ghoul_summoning_kicker_resolves_him_from_hand_at_two_health():
    """FAQ (000): "If you resolve his text while he's in your hand (e.g., by Ghoul Summoning
    with kicker), he immediately enters play at 2 health." """
    assert any("Ghoul Summoning with kicker" in r for r in rulings("Blaine Cordell"))
    t = NfTable()
    s = t.position(hands={0: ["Furious Melee", "Ghoul Summoning", "Blaine Cordell"]})
    start_chain(t, s, [(0, "Furious Melee"), (0, "Ghoul Summoning")])
    assert options(t, s) == ["Blaine Cordell"]
    t.choose(s, "card", "Blaine Cordell", by=0)
    settle(s)  # Furious Melee (below) then deals 1 damage to each minion: 2 - 1
    assert names(t, s.play[0]) == ["Blaine Cordell"] and health(t, s, "Blaine Cordell") == 1
    assert s.hands[0] == [] and any(e["type"] == "enter_play" for e in s.events)


# ---------------------------------------------------------------------- Franz Orlok
def test_franz_orlok_chain_target_player_discards_one():
    """Chain: Target player discards 1 card (the victim chooses)."""
    t = NfTable()
    s = t.position(hands={0: ["Franz Orlok"], 1: ["Vulko", "Death Grip"]})
    start_chain(t, s, [(0, "Franz Orlok")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Death Grip", by=1)
    assert names(t, s.discards[1]) == ["Death Grip"] and names(t, s.play[0]) == ["Franz Orlok"]


def test_franz_orlok_kicker_two_damage_on_an_opposing_minion_only():
    """Kicker: Inflict 2 damage on target opposing minion: his own minions are no targets."""
    t = NfTable()
    s = t.position(hands={0: ["Alton Hickman", "Franz Orlok"], 1: ["Blood Rage"]},
                   play={0: ["Enraged Wight"], 1: ["Vulko"]})
    start_chain(t, s, [(0, "Alton Hickman"), (0, "Franz Orlok")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Blood Rage", by=1)
    assert options(t, s) == ["Vulko"]
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 2


# ---------------------------------------------------------------------- "Indigo Six"
def _claim_influence(hand, plays, players=2, **kw):
    t = NfTable(players=players)
    s = t.position(hands=hand, **kw)
    start_chain(t, s, plays)
    settle(s)
    return t, s


def test_indigo_six_chain_influence_worth_double_in_the_claim_phase():
    """Chain: During your Claim Phase this turn, your influence is worth double (000 FAQ;
    reading 22: double purchasing power): 2 base becomes 4, and each card discarded for
    influence gives 2. He claims a 5-cost order with it."""
    t, s = _claim_influence({0: ["Indigo Six", "Enraged Wight"]}, [(0, "Indigo Six")],
                            archives={"Sir John Travail": (-1, 2)})
    assert s.influence == 4
    t.choose(s, "discard", "Enraged Wight", by=0)
    assert s.influence == 6
    t.choose(s, "archive", "Sir John Travail", by=0)
    assert s.influence == 0 and names(t, s.discards[0])[-1] == "Sir John Travail"


def test_indigo_six_faq_copies_do_not_stack_and_it_sets_a_value():
    """FAQ (000): "It does not double your influence, nor do multiple copies stack"; 003:
    effects that set a value do not stack. Two copies: still 4, not 8."""
    assert any("nor do multiple copies stack" in r for r in rulings("Indigo Six"))
    t, s = _claim_influence({0: ["Indigo Six", "Shock and Awe", "Indigo Six"]},
                            [(0, "Indigo Six"), (0, "Shock and Awe"), (0, "Indigo Six")])
    assert names(t, s.play[0]) == ["Indigo Six", "Indigo Six"] and s.influence == 4
    _, s2 = _claim_influence({0: ["Alton Hickman", "Indigo Six"]}, [(0, "Alton Hickman")])
    assert s2.influence == 2  # without him: the base 2


def test_indigo_six_kicker_claim_from_opposing_private_archives_in_claim_phase_paying_cost():
    """Kicker: During your Claim Phase this turn, you may claim orders from opposing private
    archives. FAQ (000/001): "You don't claim them immediately, nor are they free of cost."
    With the kicker his chain text still doubles the influence."""
    t = NfTable()
    s = t.position(hands={0: ["Alton Hickman", "Indigo Six"]},
                   archives={"Death Grip": (1, 3), "Grim Siege": (1, 3), "Vulko": (-1, 3)})
    start_chain(t, s, [(0, "Alton Hickman"), (0, "Indigo Six")])
    assert any(e["type"] == "kicker" for e in s.events)
    settle(s)
    assert s.influence == 4 and all(len(a["cards"]) == 3 for a in s.archives)  # nothing claimed yet
    offered = {s.archives[i - ARCHIVE0]["card"] for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24}
    assert offered == {"nf-death-grip", "nf-grim-siege", "nf-vulko"}
    t.choose(s, "archive", "Death Grip", by=0)
    assert s.influence == 0 and names(t, s.discards[0])[-1] == "Death Grip"


def test_indigo_six_without_kicker_opposing_archives_stay_closed():
    """Rule 150: without the kicker an opposing private archive cannot be claimed from."""
    _, s = _claim_influence({0: ["Indigo Six"]}, [(0, "Indigo Six")], archives={"Death Grip": (1, 3)})
    assert s.influence == 4 and not any(ARCHIVE0 <= i < ARCHIVE0 + 24 for i in s.legal_action_indices())


def test_indigo_six_faq_jp_swapped_halves_follow_en():
    """FAQ (002, JP v1.3) swaps the halves; gloam follows EN 000 and 001 (reading 22):
    chain = influence worth double, kicker = claim from opposing archives."""
    c = card("Indigo Six")
    assert any("JP v1.3 swaps the halves" in r for r in rulings("Indigo Six"))
    assert "worth double" in c.chain and "opposing private archives" in c.kicker.text


# ---------------------------------------------------------------------- Ivan Radinsky
def test_ivan_radinsky_chain_puts_a_minion_in_play_on_top_of_its_owners_deck():
    """Chain: Place target minion in play on top of its owner's deck. FAQ (003): "Bad Smoke"
    can be returned to the top of a player's deck via Ivan Radinsky (not exiled: it was
    neither destroyed nor discarded)."""
    assert any("returned to the top of a player's deck via Ivan Radinsky" in r for r in rulings("Ivan Radinsky"))
    t = NfTable()
    s = t.position(hands={0: ["Ivan Radinsky"]}, play={1: ["Bad Smoke", "Vulko"]}, decks={1: ["Death Grip"]})
    start_chain(t, s, [(0, "Ivan Radinsky")])
    assert options(t, s) == ["Bad Smoke", "Vulko"]
    t.choose(s, "card", "Bad Smoke", by=0)
    assert names(t, s.decks[1]) == ["Death Grip", "Bad Smoke"] and s.exiled == []
    assert s.known[1]["top"] == [t.id(s, "Bad Smoke")] and names(t, s.play[1]) == ["Vulko"]


def test_ivan_radinsky_faq_he_targets_a_minion_in_play():
    """FAQ (000): "He targets a minion in play." — not one in a hand or discard pile; with
    none in play the text does nothing."""
    t = NfTable()
    s = t.position(hands={0: ["Ivan Radinsky"], 1: ["Vulko"]}, discards={1: ["Lilith Lawrence"]})
    start_chain(t, s, [(0, "Ivan Radinsky")])
    assert s.decision_kind() == "claim" and names(t, s.hands[1]) == ["Vulko"]


def test_ivan_radinsky_kicker_draws_a_card():
    """Kicker: Draw 1 card."""
    t = NfTable()
    s = t.position(hands={0: ["Shock and Awe", "Ivan Radinsky"]}, decks={0: ["Vulko"]})
    start_chain(t, s, [(0, "Shock and Awe"), (0, "Ivan Radinsky")])
    settle(s)
    assert names(t, s.hands[0]) == ["Vulko"]


# ---------------------------------------------------------------------- Lilith Lawrence
def test_lilith_lawrence_chain_restores_two_health():
    """Chain: Restore 2 health to target minion (never above its printed health, rule 111)."""
    t = NfTable()
    s = t.position(hands={0: ["Lilith Lawrence"]}, play={1: ["Vulko"]}, damage={"Vulko": 3})
    start_chain(t, s, [(0, "Lilith Lawrence")])
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 3


def test_lilith_lawrence_kicker_draws_two():
    """Kicker: Draw 2 cards."""
    t = NfTable()
    s = t.position(hands={0: ["Vulko", "Lilith Lawrence"]}, decks={0: ["Blood Rage", "Grim Siege"]})
    start_chain(t, s, [(0, "Vulko"), (0, "Lilith Lawrence")])
    settle(s)
    assert sorted(names(t, s.hands[0])) == ["Blood Rage", "Grim Siege"]


# ---------------------------------------------------------------------- Marcus Toth
def test_marcus_toth_in_play_goes_to_owners_hand_when_destroyed():
    """In Play: When this card is destroyed, place it into its owner's hand (in plain view)."""
    t = NfTable()
    s = t.position(hands={0: ["Rend and Tear"]}, play={1: ["Marcus Toth"]})
    start_chain(t, s, [(0, "Rend and Tear")])
    t.choose(s, "card", "Marcus Toth", by=0)
    assert names(t, s.hands[1]) == ["Marcus Toth"] and s.discards[1] == []
    assert t.id(s, "Marcus Toth") in s.known[1]["hand"]


def test_marcus_toth_faq_discarded_at_end_of_combat_does_not_go_to_hand():
    """FAQ (000): "He does not go to your hand at the end of the attack phase, because at
    the end of your attack phase your minions are discarded, not destroyed." (rule 117)"""
    t = NfTable()
    s = t.position(play={0: ["Marcus Toth"]}, phase="combat")
    settle(s, "attack")
    t.choose(s, "attack", "Marcus Toth", by=0, target=1)
    settle(s, "chain_start")
    assert names(t, s.discards[0]) == ["Marcus Toth"] and s.hands[0] == []


def test_marcus_toth_chain_one_damage_on_target_minion():
    """Chain: Inflict 1 damage on target minion."""
    t = NfTable()
    s = t.position(hands={0: ["Marcus Toth"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Marcus Toth")])
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 3 and names(t, s.play[0]) == ["Marcus Toth"]


# ---------------------------------------------------------------------- "Overwatch Two"
def test_overwatch_two_chain_two_damage_on_target_minion():
    """Chain: Inflict 2 damage on target minion."""
    t = NfTable()
    s = t.position(hands={0: ["Overwatch Two"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Overwatch Two")])
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 2


def test_overwatch_two_kicker_damages_opposing_minions_entering_play_this_turn():
    """Kicker: Inflict 1 damage on each opposing minion that enters play this turn. Linked
    by player 1 to player 0's "Zacharias Sands", it hits him as he resolves into play; player
    1's own Overwatch is not hit."""
    t = NfTable()
    s = t.position(hands={0: ["Zacharias Sands"], 1: ["Overwatch Two"]}, play={0: ["Vulko"]})
    start_chain(t, s, [(0, "Zacharias Sands"), (1, "Overwatch Two")])
    t.choose(s, "card", "Vulko", by=1)
    settle(s)
    assert health(t, s, "Zacharias Sands") == 2 and health(t, s, "Overwatch Two") == 3


def test_overwatch_two_faq_all_card_effects_end_at_the_end_of_each_turn():
    """FAQ (000): "Remember, all card effects end at the end of each turn." (rule 95): on
    player 1's next turn the kicker's effect is gone."""
    assert rulings("Overwatch Two") == ["Remember, all card effects end at the end of each turn."]
    t = NfTable()
    s = t.position(hands={0: ["Zacharias Sands"], 1: ["Overwatch Two"]})
    start_chain(t, s, [(0, "Zacharias Sands"), (1, "Overwatch Two")])
    assert any(e["kind"] == "damage_on_enter" for e in s.effects)
    while s.active == 0:
        legal = s.legal_action_indices()
        s.apply(PASS if PASS in legal else DONE if DONE in legal else legal[0], s.current_player())
    assert not any(e["kind"] == "damage_on_enter" for e in s.effects)


# ---------------------------------------------------------------------- Sir John Travail
def test_sir_john_travail_in_play_orders_cost_one_less_each_copy():
    """In Play: Orders you claim cost 1 less. FAQ (000): "Each copy reduces your costs by 1."
    Death Grip (cost 4) for 3 with one Sir John, for 2 with two; not for player 1's claims."""
    assert any("Each copy reduces your costs by 1" in r for r in rulings("Sir John Travail"))
    t = NfTable()
    s = t.position(play={0: ["Sir John Travail"]}, phase="claim", influence=3, archives={"Death Grip": (-1, 3)})
    t.choose(s, "archive", "Death Grip", by=0)
    assert s.influence == 0
    s = t.position(play={0: ["Sir John Travail", "Sir John Travail"]}, phase="claim", influence=2,
                   archives={"Death Grip": (-1, 3)})
    t.choose(s, "archive", "Death Grip", by=0)
    assert s.influence == 0
    s = t.position(play={1: ["Sir John Travail"]}, phase="claim", influence=3, archives={"Death Grip": (-1, 3)})
    assert not any(ARCHIVE0 <= i < ARCHIVE0 + 24 for i in s.legal_action_indices())


def test_sir_john_travail_kicker_next_order_resolves_chain_text_twice():
    """Kicker: The next order in the chain resolves its chain text and its kicker (if it
    receives it) twice. Blood Rage (no kicker: it started the chain) deals its 1 damage to
    each opponent twice."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Blood Rage", "Sir John Travail"]})
    start_chain(t, s, [(0, "Blood Rage"), (0, "Sir John Travail")])
    settle(s)
    assert t.view(s)["wounds"] == [0, 2, 2] and names(t, s.play[0]) == ["Sir John Travail"]
    assert names(t, s.discards[0]) == ["Blood Rage"]


def test_sir_john_travail_faq_with_leave_me_the_card_still_resolves_only_twice():
    """FAQ (000): "If Sir John affects a card already targeted by Leave Me!, the card still
    only resolves twice"; 003: his kicker sets a value and does not stack. Blood Rage,
    doubled by both, hits player 1 twice, not three or four times."""
    t = NfTable()
    s = t.position(hands={0: ["Blood Rage", "Sir John Travail", "Lilith Lawrence", "Flank Attack", "Leave Me!"]})
    start_chain(t, s, [(0, "Blood Rage"), (0, "Sir John Travail"), (0, "Lilith Lawrence"), (0, "Flank Attack"),
                       (0, "Leave Me!")])
    assert [e["kicker"] for e in s.chain] == [False, True, False, False, True]
    t.choose(s, "card", "Blood Rage", by=0)  # Leave Me! targets Blood Rage (and doubles it)
    t.choose(s, "card", "Lilith Lawrence", by=0)  # Flank Attack: Lilith's chain text does not resolve
    settle(s)
    assert t.view(s)["wounds"] == [0, 2]


# ---------------------------------------------------------------------- Vulko
def test_vulko_in_play_blocks_damage_inflicted_on_you():
    """In Play: This card blocks damage inflicted on you. Death Grip's 3 damage: Vulko
    absorbs it (rules 112-113)."""
    t = NfTable()
    s = t.position(hands={0: ["Death Grip"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 0] and health(t, s, "Vulko") == 1


def test_vulko_faq_he_still_gets_damaged_as_in_combat():
    """FAQ (000): "Yes, he can block damage inflicted on you, but he still gets damaged as in
    combat." Unblocked "Big Ghost" (5): Vulko absorbs 4 and is destroyed, 1 wound remains."""
    assert any("he still gets damaged as in combat" in r for r in rulings("Vulko"))
    t = NfTable()
    s = t.position(play={0: ["Big Ghost"], 1: ["Vulko"]}, phase="combat")
    settle(s, "attack")
    t.choose(s, "attack", "Big Ghost", by=0, target=1)
    settle(s, "block")
    t.choose(s, "done", by=1)  # he does not assign Vulko to block the attacker
    settle(s, "chain_start")
    assert t.view(s)["wounds"] == [0, 1] and "Vulko" in names(t, s.discards[1]) and s.play[1] == []


def test_vulko_faq_blocking_damage_is_mandatory():
    """FAQ (003 Combat Phase): "if you have a "Bad Smoke" or Vulko in play, you must use
    their ability to block damage when possible": the only choice is which blocks first."""
    t = NfTable()
    s = t.position(hands={0: ["Death Grip"]}, play={1: ["Vulko", "Bad Smoke"]})
    start_chain(t, s, [(0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "order_blockers" and options(t, s) == ["Bad Smoke", "Vulko"]
    assert PASS not in s.legal_action_indices() and DONE not in s.legal_action_indices()
    t.choose(s, "card", "Vulko", by=1)
    assert t.view(s)["wounds"] == [0, 0] and health(t, s, "Vulko") == 1


# ---------------------------------------------------------------------- Zacharias Sands
def test_zacharias_sands_your_chain_gains_two_influence_on_your_turn():
    """Your Chain: Gain 2 influence."""
    _, s = _claim_influence({0: ["Zacharias Sands"]}, [(0, "Zacharias Sands")])
    assert s.influence == 4


def test_zacharias_sands_your_chain_not_on_another_players_turn():
    """Reading 6 (003 Chain Phase FAQ): Your Chain text played on another player's turn is
    not resolved at all; the active player gains nothing from it."""
    t, s = _claim_influence({0: ["Tag Team Takedown"], 1: ["Zacharias Sands"]},
                            [(0, "Tag Team Takedown"), (1, "Zacharias Sands")])
    assert s.influence == 2 and names(t, s.play[1]) == ["Zacharias Sands"]


def test_zacharias_sands_kicker_draws_a_card():
    """Kicker: Draw 1 card."""
    t = NfTable()
    s = t.position(hands={0: ["Indigo Six", "Zacharias Sands"]}, decks={0: ["Vulko"]})
    start_chain(t, s, [(0, "Indigo Six"), (0, "Zacharias Sands")])
    settle(s)
    assert names(t, s.hands[0]) == ["Vulko"] and s.influence == 8  # (2 + 2) worth double


# ---------------------------------------------------------------------- Blood Rage
def test_blood_rage_chain_one_damage_on_each_opponent():
    """Chain: Inflict 1 damage on each opponent; the controller orders them (rule 73)."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Blood Rage"]})
    start_chain(t, s, [(0, "Blood Rage")])
    assert s.decision_kind() == "order_events" and sorted(s.legal_action_indices()) == [PLAYER0 + 1, PLAYER0 + 2]
    t.choose(s, "player", 2, by=0)
    assert t.view(s)["wounds"] == [0, 1, 1]


def test_blood_rage_faq_damage_blocked_by_bad_smoke_and_vulko():
    """FAQ (003): "This damage can be blocked by "Bad Smoke" and Vulko." """
    t = NfTable()
    s = t.position(hands={0: ["Blood Rage"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Blood Rage")])
    assert t.view(s)["wounds"] == [0, 0] and health(t, s, "Vulko") == 3


def test_blood_rage_faq_team_play_teammates_are_not_damaged():
    """FAQ (003): "If you are playing a team game variant, this will not damage your
    teammates." (reading 14)"""
    t = NfTable(players=4, teams=True)
    s = t.position(hands={0: ["Blood Rage"]})
    mates = t.game.team(0)
    start_chain(t, s, [(0, "Blood Rage")])
    settle(s)
    assert [w for p, w in enumerate(t.view(s)["wounds"]) if p in mates] == [0, 0]
    assert sum(t.view(s)["wounds"]) == 2


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_blood_rage_kicker_must_target_own_minion_if_only_one_and_excess_is_lost():
    """Kicker: Inflict 2 damage on target minion. FAQ (003): it "must target a minion if
    there is a minion in play, even if that means targeting one of your own minions. Any
    excess damage is lost" (rules 72, 134)."""
    t = NfTable()
    s = t.position(hands={0: ["Mesmeric Presence", "Blood Rage"], 1: ["Vulko"]}, play={0: ["Lilith Lawrence"]},
                   damage={"Lilith Lawrence": 1})
    start_chain(t, s, [(0, "Mesmeric Presence"), (0, "Blood Rage")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Lilith Lawrence"]
    assert PASS not in s.legal_action_indices()
    t.choose(s, "card", "Lilith Lawrence", by=0)
    assert s.play[0] == [] and t.view(s)["wounds"] == [0, 1]  # 1 from the chain text, none from excess


# ---------------------------------------------------------------------- Dark Awakening
def test_dark_awakening_chain_places_a_minion_and_resolves_its_your_chain_text():
    """Chain: Place target minion from your discard pile into play. Resolve its Your Chain
    text. "Zacharias Sands" comes back and his Your Chain gives 2 influence."""
    t, s = _claim_influence({0: ["Dark Awakening"]}, [(0, "Dark Awakening")],
                            discards={0: ["Zacharias Sands", "Blood Rage"]})
    assert names(t, s.play[0]) == ["Zacharias Sands"] and s.influence == 4


def test_dark_awakening_faq_no_kicker_and_no_your_chain_on_other_turns():
    """FAQ (000): "This does not resolve kicker text, since the target card was never in
    the chain. It does not allow you to resolve Your Chain text on other people's turns." """
    assert any("does not resolve kicker text" in r for r in rulings("Dark Awakening"))
    t = NfTable()
    s = t.position(hands={0: ["Big Ghost"], 1: ["Dark Awakening"]},
                   discards={1: ["Zacharias Sands"]}, decks={1: ["Vulko"]})
    start_chain(t, s, [(0, "Big Ghost"), (1, "Dark Awakening")])
    t.choose(s, "card", "Zacharias Sands", by=1)
    settle(s)
    assert names(t, s.play[1]) == ["Zacharias Sands"] and s.influence == 2  # nobody gained influence
    assert s.hands[1] == []  # Zacharias's kicker (Draw 1 card) did not resolve


def test_dark_awakening_kicker_restores_all_health_to_friendly_minion():
    """Kicker: Restore all health to target friendly minion (only friendly minions offered)."""
    t = NfTable()
    s = t.position(hands={0: ["Sir John Travail", "Dark Awakening"]}, play={0: ["Vulko"], 1: ["Lilith Lawrence"]},
                   damage={"Vulko": 3, "Lilith Lawrence": 1})
    start_chain(t, s, [(0, "Sir John Travail"), (0, "Dark Awakening")])
    assert options(t, s) == ["Vulko"]
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 4


# ---------------------------------------------------------------------- Death Grip
def test_death_grip_chain_three_damage_on_target_player():
    """Chain: Inflict 3 damage on target player (001 End of Game example)."""
    t = NfTable()
    s = t.position(hands={0: ["Death Grip"]})
    start_chain(t, s, [(0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 3]


def test_death_grip_faq_minions_block_its_damage_only_with_specific_text():
    """FAQ (003 Chain Phase): "Effects that damage a player such as Death Grip cannot be
    blocked by minions unless they have specific text to do so such as "Bad Smoke" and
    Vulko." """
    t = NfTable()
    s = t.position(hands={0: ["Death Grip"]}, play={1: ["Lilith Lawrence", "Enraged Wight"]})
    start_chain(t, s, [(0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 3] and health(t, s, "Lilith Lawrence") == 2


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_death_grip_kicker_receives_two_unblockable_wounds_instead_of_chain_damage():
    """Kicker: Do not resolve this card's chain text. Instead, target player receives 2
    wounds. FAQ (000): "the kicker can deal less pain, but wounds received cannot be blocked
    by the likes of "Bad Smoke"" (rule 114; 003: the kicker modifies the chain text)."""
    assert any("cannot be blocked by the likes of" in r for r in rulings("Death Grip"))
    t = NfTable()
    s = t.position(hands={0: ["Tag Team Takedown", "Death Grip"]}, play={1: ["Bad Smoke", "Vulko"]})
    start_chain(t, s, [(0, "Tag Team Takedown"), (0, "Death Grip")])
    assert s.decision_kind() == "target_player"  # straight to the kicker: no 3 damage first
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 2]
    assert health(t, s, "Bad Smoke") == card("Bad Smoke").health and health(t, s, "Vulko") == 4


def test_death_grip_faq_immediate_actions_stack():
    """FAQ (003 Effect Stacking): Death Grip is an immediate action, and such effects stack:
    two copies deal 3 + 3."""
    t = NfTable()
    s = t.position(hands={0: ["Death Grip", "Death Grip"]})
    start_chain(t, s, [(0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    settle(s, "chain_start")
    assert t.view(s)["wounds"] == [0, 3]
    s = t.position(hands={0: ["Death Grip", "Blood Rage", "Death Grip"]})
    start_chain(t, s, [(0, "Death Grip"), (0, "Blood Rage"), (0, "Death Grip")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "player", 1, by=0)  # after Blood Rage's 1
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 7]


def test_death_grip_end_of_game_example_001():
    """Seed 001 End of Game: Brad links Death Grip to Scott's chain and inflicts 3 damage on
    Janet; she receives the last 2 face-up wounds (the game will end after the chain) and a
    third, face down; the players then continue to resolve Scott's chain (rule 161,
    reading 10)."""
    t = NfTable(players=3)
    scott, brad, janet = 0, 1, 2
    s = t.position(hands={scott: ["Blood Rage"], brad: ["Death Grip"]}, wounds=10, face_up=2)
    start_chain(t, s, [(scott, "Blood Rage"), (brad, "Death Grip")])
    t.choose(s, "player", janet, by=brad)
    assert t.view(s)["wounds"] == [0, 0, 3] and s.ending and s.face_up == 0 and not s.over
    assert s.chain and s.decision_kind() == "order_events"  # Scott's Blood Rage still resolves
    t.choose(s, "player", brad, by=scott)
    assert s.over and t.view(s)["wounds"] == [0, 1, 4] and s.winner == scott


# ---------------------------------------------------------------------- Flank Attack
def test_flank_attack_chain_target_order_does_not_resolve_its_chain_text_never_itself():
    """Chain: Target other order in the chain does not resolve its chain text. 003: cards
    such as Flank Attack cannot target themselves. Blood Rage stays in the chain and goes
    to the discard pile, but player 1 takes no damage."""
    assert any("cannot target themselves" in r for r in rulings("Flank Attack"))
    t = NfTable()
    s = t.position(hands={0: ["Blood Rage", "Flank Attack"]})
    start_chain(t, s, [(0, "Blood Rage"), (0, "Flank Attack")])
    assert s.decision_kind() == "target_card" and options(t, s) == ["Blood Rage"]
    t.choose(s, "card", "Blood Rage", by=0)
    assert s.decision_kind() == "claim" and t.view(s)["wounds"] == [0, 0]
    assert sorted(names(t, s.discards[0])) == ["Blood Rage", "Flank Attack"]


def test_flank_attack_faq_target_stays_in_chain_so_a_card_linked_to_it_keeps_its_kicker():
    """FAQ (000): "The chain text does not remove the target card from the chain, thus it
    will not prevent a linked card from getting a kicker from the target." Mesmeric Presence
    loses its chain text; Blood Rage, linked to it, still resolves its kicker."""
    t = NfTable()
    s = t.position(hands={0: ["Mesmeric Presence", "Blood Rage", "Flank Attack"], 1: ["Vulko"]},
                   play={1: ["Lilith Lawrence"]})
    start_chain(t, s, [(0, "Mesmeric Presence"), (0, "Blood Rage"), (0, "Flank Attack")])
    t.choose(s, "card", "Mesmeric Presence", by=0)
    assert s.decision_kind() == "target_minion" and t.view(s)["wounds"] == [0, 1]  # Blood Rage's chain text
    t.choose(s, "card", "Lilith Lawrence", by=0)  # Blood Rage's kicker
    settle(s)
    assert names(t, s.hands[1]) == ["Vulko"]  # Mesmeric Presence's "each opponent discards" never resolved
    assert "Lilith Lawrence" in names(t, s.discards[1]) and t.view(s)["wounds"] == [0, 1]


def test_flank_attack_kicker_free_claim_on_another_turn_but_not_from_opposing_archives():
    """Kicker: Claim target order that costs 3 or less from your private archives or the
    commons for 0 influence. FAQ (000): it "allows you to grab an order for free during
    someone else's turn, but it does not give you the privilege of targeting an opposing
    archive"."""
    t = NfTable()
    s = t.position(hands={0: ["Blood Rage"], 1: ["Flank Attack"]},
                   archives={"Grim Siege": (1, 3), "Tag Team Takedown": (0, 3), "Furious Melee": (-1, 3),
                             "Death Grip": (-1, 3)})
    start_chain(t, s, [(0, "Blood Rage"), (1, "Flank Attack")])
    t.choose(s, "card", "Blood Rage", by=1)
    assert s.decision_kind() == "target_archive" and s.current_player() == 1
    offered = sorted(t.game.card(s.archives[i - ARCHIVE0]["card"]).name for i in s.legal_action_indices())
    assert offered == ["Furious Melee", "Grim Siege"]
    t.choose(s, "archive", "Grim Siege", by=1)
    assert "Grim Siege" in names(t, s.discards[1])
    assert [e["cost"] for e in s.events if e["type"] == "claim"] == [0]
    settle(s)
    assert s.influence == 2  # player 0's claim is untouched


# ---------------------------------------------------------------------- Furious Melee
def test_furious_melee_chain_one_damage_on_every_minion_excess_lost():
    """Chain: Inflict 1 damage on each minion in play — both sides'. 003 hint: excess damage
    on minions is lost (rule 134): a 1-health minion dies, its controller takes nothing."""
    t = NfTable()
    s = t.position(hands={0: ["Furious Melee"]}, play={0: ["Vulko"], 1: ["Lilith Lawrence", "Enraged Wight"]},
                   damage={"Lilith Lawrence": 1})
    start_chain(t, s, [(0, "Furious Melee")])
    assert health(t, s, "Vulko") == 3 and health(t, s, "Enraged Wight") == 1
    assert names(t, s.play[1]) == ["Enraged Wight"] and t.view(s)["wounds"] == [0, 0]


def test_furious_melee_kicker_two_damage_on_target_minion():
    """Kicker: Inflict 2 damage on target minion."""
    t = NfTable()
    s = t.position(hands={0: ["Vulko", "Furious Melee"]}, play={1: ["Sir John Travail"]})
    start_chain(t, s, [(0, "Vulko"), (0, "Furious Melee")])
    t.choose(s, "card", "Sir John Travail", by=0)
    assert s.play[1] == []  # 1 + 2 damage on 3 health


# ---------------------------------------------------------------------- Ghoul Summoning
def test_ghoul_summoning_chain_places_a_ghoul_from_discard_into_play():
    """Chain: Place target ghoul from your discard pile into play (ghouls only)."""
    t = NfTable()
    s = t.position(hands={0: ["Ghoul Summoning"]}, discards={0: ["Big Ghost", "Lilith Lawrence"]})
    start_chain(t, s, [(0, "Ghoul Summoning")])
    assert options(t, s) == ["Big Ghost"]
    t.choose(s, "card", "Big Ghost", by=0)
    assert names(t, s.play[0]) == ["Big Ghost"] and names(t, s.discards[0])[0] == "Lilith Lawrence"


def test_ghoul_summoning_kicker_resolves_chain_text_of_a_minion_in_hand_never_its_kicker():
    """Kicker: Resolve the chain text of target minion in your hand. FAQ (000): "This does
    not resolve kicker text, since the target card was never in the chain." Ivan Radinsky's
    chain text sends player 1's Vulko to his deck; Ivan stays in hand and his kicker (Draw
    1 card) does not resolve."""
    assert any("never in the chain" in r for r in rulings("Ghoul Summoning"))
    t = NfTable()
    s = t.position(hands={0: ["Furious Melee", "Ghoul Summoning", "Ivan Radinsky", "Blood Rage"]},
                   play={1: ["Vulko"]}, decks={0: ["Grim Siege"]})
    start_chain(t, s, [(0, "Furious Melee"), (0, "Ghoul Summoning")])
    assert options(t, s) == ["Ivan Radinsky"]  # minions only
    t.choose(s, "card", "Ivan Radinsky", by=0)
    assert t.id(s, "Ivan Radinsky") in s.known[0]["hand"]  # shown to the table
    t.choose(s, "card", "Vulko", by=0)
    assert names(t, s.decks[1]) == ["Vulko"]
    settle(s)
    assert sorted(names(t, s.hands[0])) == ["Blood Rage", "Ivan Radinsky"]


# ---------------------------------------------------------------------- Grim Siege
def test_grim_siege_chain_active_player_loses_two_influence():
    """Chain: Target player loses 2 influence. Player 1 links it and targets player 0, the
    active player: his Claim Phase starts with 0 (never below 0)."""
    t, s = _claim_influence({0: ["Big Ghost"], 1: ["Grim Siege"]}, [(0, "Big Ghost")])
    assert s.influence == 2
    t = NfTable()
    s = t.position(hands={0: ["Lilith Lawrence"], 1: ["Grim Siege"]})
    start_chain(t, s, [(0, "Lilith Lawrence"), (1, "Grim Siege")])
    t.choose(s, "player", 0, by=1)
    settle(s)
    assert s.influence == 0


def test_grim_siege_faq_any_player_is_a_target_but_only_the_active_player_has_influence():
    """FAQ (000): "You can target any player, but only the active player has influence to
    lose." """
    assert rulings("Grim Siege") == ["You can target any player, but only the active player has influence to lose."]
    t = NfTable(players=3)
    s = t.position(hands={0: ["Grim Siege"]})
    start_chain(t, s, [(0, "Grim Siege")])
    assert sorted(s.legal_action_indices()) == [PLAYER0, PLAYER0 + 1, PLAYER0 + 2]
    t.choose(s, "player", 2, by=0)
    assert s.decision_kind() == "claim" and s.influence == 2


def test_grim_siege_kicker_target_player_discards_one():
    """Kicker: Target player discards 1 card."""
    t = NfTable()
    s = t.position(hands={0: ["Lilith Lawrence", "Grim Siege"], 1: ["Vulko"]})
    start_chain(t, s, [(0, "Lilith Lawrence"), (0, "Grim Siege")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Vulko", by=1)
    assert names(t, s.discards[1]) == ["Vulko"]


# ---------------------------------------------------------------------- Leave Me!
def test_leave_me_chain_you_choose_the_targets_of_the_target_order():
    """Chain: Choose target other order in the chain: you choose all its targets when it
    resolves. FAQ (000): "You choose the targets for the chain text and the kicker text."
    Player 1's Leave Me! on player 0's Marcus Toth: player 1 picks Marcus's target."""
    assert any("You choose the targets" in r for r in rulings("Leave Me!"))
    t = NfTable()
    s = t.position(hands={0: ["Marcus Toth"], 1: ["Leave Me!"]}, play={0: ["Vulko"], 1: ["Lilith Lawrence"]})
    start_chain(t, s, [(0, "Marcus Toth"), (1, "Leave Me!")])
    assert options(t, s) == ["Marcus Toth"]
    t.choose(s, "card", "Marcus Toth", by=1)
    assert s.decision_kind() == "target_minion" and s.current_player() == 1
    t.choose(s, "card", "Vulko", by=1)
    assert health(t, s, "Vulko") == 3 and health(t, s, "Lilith Lawrence") == 2


def test_leave_me_kicker_target_resolves_twice_with_new_targets():
    """Kicker: That order resolves its chain text and its kicker (if it receives it) twice;
    FAQ (000): "you can choose different targets for each resolution"."""
    t = NfTable()
    s = t.position(hands={0: ["Marcus Toth", "Blood Rage", "Mesmeric Presence", "Leave Me!"], 1: ["Vulko", "Vulko"]},
                   play={1: ["Lilith Lawrence", "Enraged Wight"]})
    start_chain(t, s, [(0, "Marcus Toth"), (0, "Blood Rage"), (0, "Mesmeric Presence"), (0, "Leave Me!")])
    assert s.chain[-1]["kicker"]
    t.choose(s, "card", "Marcus Toth", by=0)
    settle(s, "target_minion")  # Mesmeric Presence and Blood Rage resolve; then Marcus, twice
    t.choose(s, "card", "Lilith Lawrence", by=0)
    assert s.decision_kind() == "target_minion"
    t.choose(s, "card", "Enraged Wight", by=0)
    assert health(t, s, "Lilith Lawrence") == 1 and health(t, s, "Enraged Wight") == 1
    assert names(t, s.play[0]) == ["Marcus Toth"]  # he enters play once


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_leave_me_faq_several_copies_on_one_card_the_last_to_resolve_wins():
    """FAQ (000): "If multiple copies of this card target the same card, the last one to
    resolve wins out"; 003: it sets a value and does not stack."""
    assert "Sets a value; does not stack." in rulings("Leave Me!")
    t = NfTable()
    s = t.position(hands={0: ["Marcus Toth", "Leave Me!"], 1: ["Grim Siege", "Leave Me!"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Marcus Toth"), (0, "Leave Me!"), (1, "Grim Siege"), (1, "Leave Me!")])
    t.choose(s, "card", "Marcus Toth", by=1)  # player 1's Leave Me! resolves first
    t.choose(s, "player", 1, by=1)  # Grim Siege: player 1 has no influence to lose
    t.choose(s, "card", "Marcus Toth", by=0)  # player 0's Leave Me! resolves last
    assert s.decision_kind() == "target_minion" and s.current_player() == 0


# ---------------------------------------------------------------------- Mesmeric Presence
def test_mesmeric_presence_chain_each_opponent_discards_one():
    """Chain: Each opponent discards 1 card (each chooses his own)."""
    t = NfTable(players=3)
    s = t.position(hands={0: ["Mesmeric Presence", "Vulko"], 1: ["Blood Rage"], 2: ["Death Grip", "Vulko"]})
    start_chain(t, s, [(0, "Mesmeric Presence")])
    t.choose(s, "card", "Blood Rage", by=1)
    t.choose(s, "card", "Death Grip", by=2)
    assert names(t, s.discards[1]) == ["Blood Rage"] and names(t, s.discards[2]) == ["Death Grip"]
    assert names(t, s.hands[0]) == ["Vulko"]


def test_mesmeric_presence_kicker_draws_one_per_friendly_vampire():
    """Kicker: Draw 1 card for each friendly vampire in play (player 1's vampire not counted)."""
    t = NfTable()
    s = t.position(hands={0: ["Ghoul Summoning", "Mesmeric Presence"]},
                   play={0: ["Franz Orlok", "Sir John Travail", "Vulko"], 1: ["Lilith Lawrence"]},
                   decks={0: ["Blood Rage", "Grim Siege", "Death Grip"]})
    start_chain(t, s, [(0, "Ghoul Summoning"), (0, "Mesmeric Presence")])
    settle(s)
    assert len(s.hands[0]) == 2


# ---------------------------------------------------------------------- Rend and Tear
def test_rend_and_tear_chain_two_damage_and_draw_if_destroyed():
    """Chain: Inflict 2 damage on target minion. If it was destroyed, draw 1 card."""
    t = NfTable()
    s = t.position(hands={0: ["Rend and Tear"]}, play={1: ["Lilith Lawrence"]}, decks={0: ["Vulko"]})
    start_chain(t, s, [(0, "Rend and Tear")])
    t.choose(s, "card", "Lilith Lawrence", by=0)
    assert s.play[1] == [] and names(t, s.hands[0]) == ["Vulko"]
    s = t.position(hands={0: ["Rend and Tear"]}, play={1: ["Vulko"]}, decks={0: ["Vulko"]})
    start_chain(t, s, [(0, "Rend and Tear")])
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 2 and s.hands[0] == []


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_rend_and_tear_kicker_two_more_damage():
    """Kicker: Inflict 2 damage on target minion."""
    t = NfTable()
    s = t.position(hands={0: ["Grim Siege", "Rend and Tear"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Grim Siege"), (0, "Rend and Tear")])
    t.choose(s, "card", "Vulko", by=0)
    t.choose(s, "card", "Vulko", by=0)
    assert s.play[1] == []


# ---------------------------------------------------------------------- Shock and Awe
def test_shock_and_awe_chain_one_damage_each_opposing_minion_excess_lost():
    """Chain: Inflict 1 damage on each opposing minion (not his own); 003: excess damage on
    minions is lost."""
    t = NfTable()
    s = t.position(hands={0: ["Shock and Awe"]}, play={0: ["Vulko"], 1: ["Lilith Lawrence", "Vulko"]},
                   damage={"Lilith Lawrence": 1})
    start_chain(t, s, [(0, "Shock and Awe")])
    assert health(t, s, "Vulko") == 4  # his own Vulko (found first)
    assert names(t, s.play[1]) == ["Vulko"] and s.health_left(s.play[1][0]) == 3
    assert t.view(s)["wounds"] == [0, 0]


def test_shock_and_awe_kicker_two_damage_on_target_player():
    """Kicker: Inflict 2 damage on target player."""
    t = NfTable()
    s = t.position(hands={0: ["Furious Melee", "Shock and Awe"]})
    start_chain(t, s, [(0, "Furious Melee"), (0, "Shock and Awe")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 2]


# ---------------------------------------------------------------------- Tag Team Takedown
def test_tag_team_takedown_chain_damage_equals_friendly_minions():
    """Chain: Inflict damage on target opposing minion equal to the number of friendly
    minions in play (3 here)."""
    t = NfTable()
    s = t.position(hands={0: ["Tag Team Takedown"]}, play={0: ["Enraged Wight", "Bad Smoke", "Franz Orlok"],
                                                          1: ["Vulko"]})
    start_chain(t, s, [(0, "Tag Team Takedown")])
    assert options(t, s) == ["Vulko"]
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 1


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_tag_team_takedown_kicker_draws_a_card():
    """Kicker: Draw 1 card."""
    t = NfTable()
    s = t.position(hands={0: ["Franz Orlok", "Tag Team Takedown"]}, decks={0: ["Vulko"]})
    start_chain(t, s, [(0, "Franz Orlok"), (0, "Tag Team Takedown")])
    assert s.decision_kind() == "target_player"  # Franz Orlok, the lead, resolves next
    assert names(t, s.hands[0]) == ["Vulko"]


# ---------------------------------------------------------------------- promos
def test_promos_are_drafted_only_when_a_game_asks_for_them():
    """003 'Promos: Lisaveta Florescu, "Shadow Seven" and Zombie Horde': not draftable by
    default; in the draft pool with promos=True."""
    nf = load_set("NF")
    assert sorted(c.name for c in nf.promos) == ["Lisaveta Florescu", "Shadow Seven", "Zombie Horde"]
    assert not {c.id for c in nf.promos} & {c.id for c in nf.draftable}
    from gloam.nightfall.setup import draft_pool
    assert "nf-zombie-horde" not in draft_pool(NightfallGame(sets=SETS, archives="draft"))
    assert "nf-zombie-horde" in draft_pool(NightfallGame(sets=SETS, archives="draft", promos=True))


def test_lisaveta_florescu_chain_discard_and_kicker_restores_friendly_vampires():
    """Chain: Target player discards 1 card. Kicker: Restore all health to each friendly
    vampire."""
    t = NfTable()
    s = t.position(hands={0: ["Big Ghost", "Lisaveta Florescu"], 1: ["Vulko"]},
                   play={0: ["Franz Orlok", "Vulko"], 1: ["Lilith Lawrence"]},
                   damage={"Franz Orlok": 2, "Vulko": 2, "Lilith Lawrence": 1})
    start_chain(t, s, [(0, "Big Ghost"), (0, "Lisaveta Florescu")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Vulko", by=1)
    assert names(t, s.discards[1]) == ["Vulko"]
    assert health(t, s, "Franz Orlok") == 3 and health(t, s, "Lilith Lawrence") == 1
    assert s.health_left(s.play[0][1]) == 2  # his lycanthrope Vulko is not restored


def test_shadow_seven_chain_prevents_damage_to_you_this_turn():
    """Chain: Prevent all damage that would be inflicted on you this turn. Player 1 links it
    to player 0's chain; Death Grip's 3 damage on him is prevented."""
    t = NfTable()
    s = t.position(hands={0: ["Death Grip", "Mesmeric Presence"], 1: ["Shadow Seven", "Vulko"]},
                   decks={1: ["Blood Rage"]})
    start_chain(t, s, [(0, "Death Grip"), (0, "Mesmeric Presence"), (1, "Shadow Seven")])
    assert [e["card"] for e in s.events if e["type"] == "kicker"] == [t.id(s, "Shadow Seven")]  # Draw 1 card
    settle(s, "choose_discard")
    t.choose(s, "card", "Vulko", by=1)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 0] and names(t, s.hands[1]) == ["Blood Rage"]


def test_shadow_seven_faq_only_protects_you_not_your_minions():
    """FAQ (000/001/002): "Only protects you, not your minions." Marcus Toth's damage still
    hits player 1's minion."""
    assert rulings("Shadow Seven") == ["Only protects you, not your minions."]
    t = NfTable()
    s = t.position(hands={0: ["Marcus Toth"], 1: ["Shadow Seven"]}, play={1: ["Vulko"]})
    start_chain(t, s, [(0, "Marcus Toth"), (1, "Shadow Seven")])
    t.choose(s, "card", "Vulko", by=0)
    assert health(t, s, "Vulko") == 3


def test_zombie_horde_chain_two_ghouls_and_kicker_draws_per_ghoul():
    """Chain: Place 2 target ghouls from your discard pile into play. Kicker: Draw 1 card for
    each friendly ghoul in play."""
    t = NfTable()
    s = t.position(hands={0: ["Blaine Cordell", "Zombie Horde"]},
                   discards={0: ["Big Ghost", "Zacharias Sands", "Vulko"]}, decks={0: ["Vulko", "Vulko", "Vulko"]})
    start_chain(t, s, [(0, "Blaine Cordell"), (0, "Zombie Horde")])
    assert options(t, s) == ["Big Ghost", "Zacharias Sands"]
    t.choose(s, "card", "Big Ghost", by=0)
    t.choose(s, "card", "Zacharias Sands", by=0)
    # 2 ghouls in play when the kicker resolves: 2 cards; then Blaine Cordell, the lead, enters play
    assert len(s.hands[0]) == 2 and names(t, s.play[0]) == ["Big Ghost", "Zacharias Sands", "Blaine Cordell"]


# ---------------------------------------------------------------------- NF Wound
def test_nf_wound_cleanup_discard_wounds_draw_two_each():
    """Cleanup: Discard this card and any number of other wounds from your hand. Draw 2
    cards for each wound discarded this way. Limit 1 wound effect per turn. (000 Cleanup
    example: 2 wounds discarded, 4 cards drawn.)"""
    t = NfTable()
    s = t.position(wound_cards={0: ["bite", "burn"]}, decks={0: ["Vulko"] * 6}, hands={0: ["Blood Rage"]},
                   phase="cleanup")
    assert s.decision_kind() == "wound_effect"
    t.choose(s, "play", "NF Wound (bite)", by=0)
    t.choose(s, "card", "NF Wound (burn)", by=0)
    t.choose(s, "done", by=0)
    assert s.active == 1 and len(s.hands[0]) == 5 + 4 - 2


# ---------------------------------------------------------------------- the data
FIELD_OF = {"copies_in_box": "copies", "name_ja": "name_ja", "chain_text": "chain", "kicker_text": "kicker",
            "in_play_text": "in_play", "health": "health"}
# paraphrases and hints: each checked by a predicate on our (designed) data
CONSTRAINTS = {
    ("Vulko", "in_play_text"): lambda c: c.in_play == "This card blocks damage inflicted on you.",
    ("Death Grip", "chain_text"): lambda c: re.fullmatch(r"Inflict 3 damage on target player\.", c.chain),
    ("Death Grip", "kicker_text"): lambda c: "receives" in c.kicker.text and "chain text" in c.kicker.text,
    ("Flank Attack", "text_hint"): lambda c: "order in the chain" in c.chain and "0 influence" in c.kicker.text,
    ("Furious Melee", "text_hint"): lambda c: "damage on each minion" in c.chain,
    ("Shock and Awe", "text_hint"): lambda c: "damage on each opposing minion" in c.chain,
    ("Grim Siege", "text_hint"): lambda c: "loses" in c.chain and "influence" in c.chain,
    ("Ivan Radinsky", "text_hint"): lambda c: "target minion in play on top of" in c.chain,
    ("Marcus Toth", "text_hint"): lambda c: "destroyed, place it into its owner's hand" in c.in_play,
}


def _nf_facts() -> list:
    facts = card_facts()
    return [pytest.param(f, id=f["name"]) for f in facts["cards"]
            if set(f["set"]) & {"NF", "promo-NF"} and f["type"] != "starting-minion"]


@pytest.mark.parametrize("fact", _nf_facts())
def test_every_card_fact_is_matched_and_marked_seed(fact):
    """Every fact card-facts.json states about an NF card (seed 000-003) is in the data
    exactly, marked seed with the same source; paraphrases and hints are obeyed by the
    designed values, which are marked designed."""
    nf = load_set("NF")
    c = nf.card(fact["name"])
    assert c.set == "NF" and c.name == fact["name"] and c.quoted_name == fact["quoted_name"]
    assert c.provenance["name"].source == fact["set_source"]
    if fact["type"] == "order":
        assert c.type in ("minion", "action") and c.provenance["type"].kind == "designed"
    else:
        assert c.type == fact["type"] and c.provenance["type"].source == fact["type_source"]
    assert c.promo == ("promo-NF" in fact["set"])
    for key, fd in fact.items():
        if key in ("name", "quoted_name", "set", "set_source", "type", "type_source", "mentioned_in", "notes"):
            continue
        if key == "faq_rulings":
            assert [(r.text, r.source) for r in c.faq_rulings] == [(r["text"], r["source"]) for r in fd]
        elif key == "rulebook_quotes":
            assert [(q.text, q.source) for q in c.quotes] == [(q["value"], q["source"]) for q in fd]
        elif key == "text_hint":
            assert CONSTRAINTS[(c.name, key)](c), key
        elif key == "counts":  # the CW box's NF wounds; the NF box's count is not stated
            assert c.provenance["copies"].kind == "designed"
        elif key == "wound_effect":
            assert c.wound_text.startswith("Cleanup: ") and "Draw 2 cards for each wound discarded" in c.wound_text
        elif key in FIELD_OF:
            field = FIELD_OF[key]
            prov = c.provenance[field]
            if fd.get("verbatim") is False:
                assert CONSTRAINTS[(c.name, key)](c) and prov.kind == "designed", key
                continue
            ours = c.kicker.text if field == "kicker" else getattr(c, field)
            want = " ".join(fd["value"]) if isinstance(fd["value"], list) else fd["value"]
            assert ours == want and prov.kind == "seed" and prov.source == fd["source"], key
            assert prov.implied == bool(fd.get("implied")), key
        else:
            raise AssertionError(f"a card-facts key this test does not check: {key}")


def test_the_set_holds_its_cards_and_reprints_the_martial_law_starters():
    """003 'Nightfall Cards': six starters (Martial Law's, reprinted), 24 draftable orders
    (12 minions, 12 actions here), NF Wound, 3 promos."""
    nf = load_set("NF")
    facts = card_facts()["set_lists"]["NF"]
    assert nf.reprints == ("ml-bad-smoke", "ml-charlotte-reyes", "ml-enraged-wight", "ml-genesis-one",
                           "ml-jj-mcteague", "ml-yuri-koroviev")
    assert len(nf.starters) == 6 and all(c.set == "ML" for c in nf.starters)
    assert len(nf.draft_minions) == 12 and len(nf.draft_actions) == 12 and len(nf.promos) == 3
    assert sorted(c.name for c in nf.starters) == sorted(facts["starting"]["value"])
    assert sorted(c.name for c in nf.draftable) == sorted(facts["draftable_orders"]["value"])
    assert sorted(c.name for c in nf.promos) == sorted(facts["promos"]["value"])
    assert [w.id for w in nf.wounds] == ["nf-nf-wound"] and len(nf.wound_cards()) == 60
    assert nf.is_standalone


def test_design_sanity_colours_links_kickers_and_ranges():
    """4 draft orders per colour; two link colours never the card's own; every kicker
    reachable by some set card; costs 2-6, strength 2-5, health 2-4 (as CW)."""
    nf = load_set("NF")
    assert {col: sum(c.colour == col for c in nf.draftable) for col in COLOURS} == {col: 4 for col in COLOURS}
    orders = [c for c in nf.own_cards if c.is_order]
    for c in orders:
        assert len(c.link_colours) == 2 and c.colour not in c.link_colours, c.name
        assert 2 <= c.cost <= 6, c.name
        if c.is_minion:
            assert 2 <= c.strength <= 5 and 2 <= c.health <= 4, c.name
        if c.kicker:
            assert any(o.colour == c.kicker.colour and c.colour in o.link_colours for o in orders), c.name
        assert c.provenance["colour"].kind == "designed" and c.provenance["cost"].kind == "designed"


def test_quick_start_with_the_set_alone_deals_designed_pairs():
    """Rule 31 with no stated Nightfall pairs: five designed pairs (a minion and an action,
    one earning the other's kicker), marked designed; each of 5 players gets one pair as his
    private archives and 8 commons come from the rest."""
    nf = load_set("NF")
    paired = [c for c in nf.draftable if c.quick_start_partner]
    assert len(paired) == 10 and all(c.provenance["quick_start_partner"].kind == "designed" for c in paired)
    for c in paired:
        other = nf.card(c.quick_start_partner)
        assert {c.type, other.type} == {"minion", "action"}
        assert (c.colour in other.link_colours and c.kicker and c.kicker.colour == other.colour) or \
            (other.colour in c.link_colours and other.kicker and other.kicker.colour == c.colour)
    s = NightfallGame(players=5, sets=SETS).new_initial_state(3)
    owners = sorted(a["owner"] for a in s.archives)
    assert owners == [-1] * 8 + [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    for p in range(5):
        pair = [nf.card(a["card"]) for a in s.archives if a["owner"] == p]
        assert pair[0].quick_start_partner == pair[1].name


def test_docs_cards_nightfall_is_up_to_date():
    """docs/cards-nightfall.md is generated from the data (regenerate with the command it
    names)."""
    assert DOC_PATH.read_text(encoding="utf-8") == markdown_table(load_set("NF"))


def test_gloam_cards_lists_the_nightfall_set(capsys):
    """``gloam cards nightfall --set NF`` lists every card, reprints and promos included."""
    assert main(["cards", "nightfall", "--set", "NF", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    names_ = {c["name"] for c in data["cards"]}
    assert data["set"] == "NF" and len(data["cards"]) == 34
    assert {'"Big Ghost"', "Vulko", "Zombie Horde", '"Bad Smoke"', "NF Wound"} <= names_
    alton = next(c for c in data["cards"] if c["name"] == "Alton Hickman")
    assert alton["provenance"]["in_play"]["kind"] == "seed" and alton["provenance"]["colour"]["kind"] == "designed"


# ---------------------------------------------------------------------- random games
@pytest.mark.slow
def test_two_hundred_random_draft_games_with_the_set_finish():
    """200 seeded random 2-4-player games of the NF set (draft, promos in half of them) end
    without error; cards are conserved and the JSON round trip is exact along the way."""
    for seed in range(200):
        game = NightfallGame(players=2 + seed % 3, sets=SETS, archives="draft", promos=seed % 2 == 0)
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_action_indices()), s.current_player())
            steps += 1
            if steps % 151 == 0:
                s.check_cards()
                assert NightfallState.from_json(s.to_json()).to_json() == s.to_json()
        assert s.winner >= 0 and steps < 20000
