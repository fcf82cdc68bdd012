"""Every Blood Country card's text, played, its FAQ rulings, its data and its document.

Blood Country is not standalone (003 "This set is not standalone, so no starters or wounds
are included"; checklist rule 11): every game here mixes it with The Coldest War
(``sets=("CW", "BC")``), whose starters and wounds it uses. Texts are those of
``src/gloam/nightfall/data/blood_country.json`` (readable in ``docs/cards-blood-country.md``):
Burning Meat's text is verbatim from 003, the others are gloam's design (marked there).
The FAQ rulings (seeds 000/002/003) are the data's ``faq_rulings``. Each test builds a
position by card name (``tests/nf_scenario.py``), makes every decision through
``state.apply`` as a front end would, and asserts what a player at the table would see.
Rule numbers are those of ``shared/rules-checklist.md`` part A.

Colours used to earn kickers (colour > link colours [kicker colour]): Burning Meat
red>purple,white [purple]; Damon Montez red>blue,gold [blue]; Exit Strategy blue>white,red
[white]; Flesh Frenzy white>gold,green [gold]; Gather the Pack green>red,blue [red];
"Harley Doberman" green>purple,white [purple]; Healing Hurts gold>red,blue [red]; Infected
Ghoul white>red,blue [red]; K.C. Bigelow gold>green,purple [green]; LeShawn Wallace
blue>green,purple [green]; "Mac Ten" gold>purple,white [purple]; Maggie Hawke
purple>white,red [white]; Meat Puppet purple>gold,green [gold]; Pipe Bomb white>green,purple
[green]; Propane Improv red>green,purple [green]; "Rabid Rex" red>gold,green [gold];
"Shadow Hound" green>white,red [white]; Shotgun Party gold>white,red [white]; Shut Up and
Soldier blue>purple,white [purple]; "Sierra Two" blue>gold,green [gold]; "Straight Eight"
purple>red,blue [red]; Vampiric Turning purple>blue,gold [blue]; Vehicular Assault
green>blue,gold [blue]; Wight Trash white>blue,gold [blue]; promos Destiny Collins
gold>blue,purple [white], Flayed Ghoul white>red,purple [blue], Silas Bragg
purple>green,white [green]. Keywords: vampires Damon, Maggie, "Straight Eight", Silas;
hunters K.C., LeShawn, "Mac Ten", "Sierra Two", Destiny; lycanthropes "Harley Doberman",
"Rabid Rex", "Shadow Hound"; ghouls Infected Ghoul, Wight Trash, Flayed Ghoul.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from gloam.core.errors import SetupError
from gloam.nightfall.actions import ARCHIVE0, DONE, OPTION0, PASS
from gloam.nightfall.cards import COLOURS, KEYWORDS, load_set, markdown_table
from gloam.nightfall.facts import card_facts
from gloam.nightfall.game import NightfallGame
from gloam.nightfall.state import NightfallState
from nf_scenario import NfTable, add_wounds, advance, names, options, start_chain

ROOT = Path(__file__).resolve().parents[1]
DOC_PATH = ROOT / "docs" / "cards-blood-country.md"
SETS = ("CW", "BC")


# ---------------------------------------------------------------------- helpers
def table(players: int = 2) -> NfTable:
    return NfTable(players=players, sets=SETS)












def hand_size(s, p: int) -> int:
    return len(s.hands[p])


# ====================================================================== the set
def test_blood_country_alone_is_refused_it_is_not_standalone():
    """003: 'This set is not standalone, so no starters or wounds are included' (rule 11)."""
    with pytest.raises(SetupError, match="Blood Country is not standalone"):
        NightfallGame(players=2, sets=("BC",))
    bc = load_set("BC")
    assert not bc.is_standalone and bc.starters == () and bc.wounds == () and bc.wound_types == ()


def _facts() -> dict:
    """The card facts as the package ships them (a copy of shared/card-facts.json)."""
    return card_facts()


def test_the_set_has_the_listed_24_orders_and_3_promos_12_minions_12_actions():
    facts = _facts()
    lists = facts["set_lists"]["BC"]
    bc = load_set("BC")
    assert sorted(c.name for c in bc.draftable) == sorted(lists["draftable_orders"]["value"])
    assert [c.name for c in bc.promos] == lists["promos"]["value"]
    assert len(bc.draft_minions) == 12 and len(bc.draft_actions) == 12
    assert {c.name for c in bc.draft_minions} >= {"Infected Ghoul", "Wight Trash"}  # stated minions
    assert all(c.promo for c in bc.promos) and not any(c.promo for c in bc.draftable)


def test_promos_are_offered_only_when_asked_for():
    plain = NightfallGame(players=2, sets=SETS, archives="draft")
    promos = NightfallGame(players=2, sets=SETS, archives="draft", promos=True)
    from gloam.nightfall.setup import draft_pool

    assert "bc-silas-bragg" not in draft_pool(plain) and "bc-silas-bragg" in draft_pool(promos)


def test_designed_values_stay_in_the_coldest_war_ranges_and_colours_are_balanced():
    bc = load_set("BC")
    for card in bc.draftable + bc.promos:
        assert 2 <= card.cost <= 6, card.name
        assert len(card.link_colours) == 2 and card.colour not in card.link_colours, card.name
        assert card.kicker is not None and card.kicker.colour != card.colour, card.name
        if card.is_minion:
            assert 2 <= card.strength <= 5 and 2 <= card.health <= 4 and card.keyword in KEYWORDS, card.name
    assert Counter(c.colour for c in bc.draftable) == {colour: 4 for colour in COLOURS}
    assert Counter((c.colour, c.type) for c in bc.draftable) == {(col, t): 2 for col in COLOURS
                                                                   for t in ("minion", "action")}


def test_every_kicker_can_be_reached_within_the_set():
    """A kicker colour K on a card of colour C is reachable if a Blood Country card of colour K links to C."""
    bc = load_set("BC")
    for card in bc.cards:
        assert any(c.colour == card.kicker.colour and card.colour in c.link_colours for c in bc.cards), card.name


# ---------------------------------------------------------------------- card facts
def _bc_facts() -> list:
    facts = card_facts()
    return [c for c in facts["cards"] if set(c.get("set", ())) & {"BC", "promo-BC"}
            and c.get("type") != "starting-minion"]


@pytest.mark.parametrize("fact", _bc_facts(), ids=lambda f: f["name"])
def test_every_card_fact_is_matched_exactly(fact):
    """Every fact the card facts (the packaged copy of shared/card-facts.json) state about a
    Blood Country card is in the data,
    marked seed with the same source; hints and 'order' types constrain designed values."""
    card = load_set("BC").card(fact["name"])
    prov = card.provenance
    assert card.name == fact["name"] and card.quoted_name == fact["quoted_name"]
    assert prov["name"].kind == "seed" and prov["name"].source == fact["set_source"]
    assert card.promo == ("promo-BC" in fact["set"])
    if card.promo:
        assert prov["promo"].kind == "seed" and prov["promo"].source == fact["set_source"]
    if fact["type"] == "order":  # no seed says minion or action: designed
        assert card.type in ("minion", "action") and prov["type"].kind == "designed"
    else:
        assert card.type == fact["type"] and prov["type"].kind == "seed"
        assert prov["type"].source == fact["type_source"]
    for key, field in (("copies_in_box", "copies"), ("name_ja", "name_ja")):
        if key in fact:
            assert getattr(card, field) == fact[key]["value"], key
            assert prov[field].kind == "seed" and prov[field].source == fact[key]["source"], key
            assert prov[field].implied == bool(fact[key].get("implied")), key
        else:
            assert prov[field].kind == "designed", key
    for key, field in (("chain_text", "chain"), ("kicker_text", "kicker")):
        if key in fact:
            assert fact[key]["verbatim"] is True
            assert card.block(field) == fact[key]["value"]
            assert prov[field].kind == "seed" and prov[field].source == fact[key]["source"]
        else:
            assert all(prov[f].kind == "designed" for f in ("chain", "your_chain", "in_play", "kicker") if f in prov)
    rulings = [(r.text, r.source) for r in card.faq_rulings]
    assert rulings == [(r["text"], r["source"]) for r in fact.get("faq_rulings", [])]
    known = {"name", "quoted_name", "set", "set_source", "type", "type_source", "mentioned_in", "copies_in_box",
             "name_ja", "chain_text", "kicker_text", "faq_rulings", "text_hint"}
    assert set(fact) <= known, f"a card-facts key this test does not check: {set(fact) - known}"
    if "text_hint" in fact:  # implied hints: the designed text does what they say
        hint = {"Pipe Bomb": "from the bottom of the wound stack on top of target archive",
                "Wight Trash": "At the end of each turn, destroy this card unless it came into play this turn."}
        assert hint[card.name] in " ".join(card.text_lines())


def test_every_field_has_provenance_and_seed_marks_cite_a_seed():
    for card in load_set("BC").cards:
        for field, p in card.provenance.items():
            if p.kind == "designed":
                assert p.source is None and len(p.note) > 10, (card.id, field)
            else:
                assert p.source and any(s in p.source for s in ("000", "001", "002", "003")), (card.id, field)
        seeds = {f for f, p in card.provenance.items() if p.kind == "seed"}
        assert seeds <= {"name", "name_ja", "type", "copies", "promo", "chain", "kicker"}, card.id


def test_fact_checker_fails_on_a_wrong_value():
    """The data test can fail: a copy with Burning Meat's text changed no longer matches."""
    from gloam.nightfall.cards import card_set_from_json

    path = ROOT / "src" / "gloam" / "nightfall" / "data" / "blood_country.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    meat = next(c for c in data["cards"] if c["id"] == "bc-burning-meat")
    meat["chain"]["value"] = "Draw 3 cards."
    broken = card_set_from_json(data, "broken.json")
    fact = next(f for f in _facts()["cards"] if f["name"] == "Burning Meat")
    assert broken.card("Burning Meat").chain != fact["chain_text"]["value"]


def test_doc_is_up_to_date():
    text = markdown_table(load_set("BC"))
    assert DOC_PATH.read_text(encoding="utf-8") == text, (
        "docs/cards-blood-country.md is stale: regenerate it with the command at its top")
    for card in load_set("BC").cards:
        assert f'<a id="{card.id}"></a>' in text
    assert "Draw 2 cards. You may discard a burn wound to destroy target ghoul." in text


def test_gloam_cards_lists_the_set(capsys):
    from gloam.cli.main import main

    assert main(["cards", "nightfall", "--set", "BC", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["set"] == "BC" and len(data["cards"]) == 27
    meat = next(c for c in data["cards"] if c["name"] == "Burning Meat")
    assert meat["provenance"]["chain"]["kind"] == "seed" and meat["provenance"]["cost"]["kind"] == "designed"
    assert main(["cards", "nightfall", "--set", "BC"]) == 0
    assert "Wight Trash" in capsys.readouterr().out


# ====================================================================== draft minions
def test_damon_montez_chain_one_damage_on_each_opponent_in_the_order_chosen():
    """Chain: Inflict 1 damage on each opponent (rule 73: the controller orders them)."""
    t = table(3)
    s = t.position(hands={0: ["Damon Montez"]})
    start_chain(t, s, [(0, "Damon Montez")])
    assert s.decision_kind() == "order_events"
    t.choose(s, "player", 2, by=0)
    assert t.view(s)["wounds"] == [0, 1, 1] and names(t, s.play[0]) == ["Damon Montez"]


def test_damon_montez_chain_damage_is_blocked_by_a_direct_damage_blocker():
    """Damage, not 'receive': LeShawn Wallace blocks it (rule 113)."""
    t = table()
    s = t.position(hands={0: ["Damon Montez"]}, play={1: ["LeShawn Wallace"]})
    start_chain(t, s, [(0, "Damon Montez")])
    assert t.view(s)["wounds"] == [0, 0] and t.view(s)["damage"]["LeShawn Wallace"] == 1


def test_damon_montez_kicker_draws_one_per_friendly_vampire():
    """Kicker (blue): "Banner 89" (blue) > Damon: one card per friendly vampire in play."""
    t = table()
    s = t.position(hands={0: ["Banner 89", "Damon Montez"]}, play={0: ["Maggie Hawke", "Sierra Two"]},
                   decks={0: ["Kilo 13"] * 6})
    start_chain(t, s, [(0, "Banner 89"), (0, "Damon Montez")])
    assert hand_size(s, 0) == 1 + 1  # kicker: Maggie (vampire) only; then Banner 89 draws 1


def test_harley_doberman_in_play_when_it_attacks_one_damage_on_an_opposing_minion():
    t = table()
    s = t.position(play={0: ["Harley Doberman", "Kilo 13"], 1: ["Sierra Two"]}, phase="combat")
    advance(t, s, "attack")
    t.choose(s, "attack", "Harley Doberman", by=0, target=1)
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Sierra Two"]
    t.choose(s, "card", "Sierra Two", by=0)
    assert t.view(s)["damage"]["Sierra Two"] == 1


def test_harley_doberman_kicker_draws_a_card():
    """Kicker (purple): Foul Revenant (purple) > "Harley Doberman"."""
    t = table()
    s = t.position(hands={0: ["Foul Revenant", "Harley Doberman"]}, decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Foul Revenant"), (0, "Harley Doberman")])
    assert names(t, s.hands[0]) == ["Kilo 13"] and names(t, s.play[0]) == ["Harley Doberman", "Foul Revenant"]


def test_infected_ghoul_chain_wounds_each_opponent_and_goes_to_the_discard_pile():
    """Chain: Each opponent receives 1 wound. Place this card into your discard pile
    instead of into play. Receiving wounds is not damage: no blocker (rule 114)."""
    t = table(3)
    s = t.position(hands={0: ["Infected Ghoul"]}, play={1: ["LeShawn Wallace"]})
    start_chain(t, s, [(0, "Infected Ghoul")])
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1, 1] and t.view(s)["damage"]["LeShawn Wallace"] == 0
    assert s.play[0] == [] and names(t, s.discards[0]) == ["Infected Ghoul"]


def test_infected_ghoul_kicker_places_it_into_play():
    """Kicker (red): "Bone Cruncher" (red) > Infected Ghoul: it enters play."""
    t = table()
    s = t.position(hands={0: ["Bone Cruncher", "Infected Ghoul"]})
    start_chain(t, s, [(0, "Bone Cruncher"), (0, "Infected Ghoul")])
    assert names(t, s.play[0]) == ["Infected Ghoul", "Bone Cruncher"] and t.view(s)["wounds"] == [0, 1]


def test_infected_ghoul_faq_kicker_or_another_card_effect_to_get_it_into_play():
    """000 FAQ: 'You must use its kicker or another card effect to get it into play.'
    Without its kicker it lands in the discard pile; Unholy Resurrection then places it into play."""
    card = load_set("BC").card("Infected Ghoul")
    assert [r.text for r in card.faq_rulings] == ["You must use its kicker or another card effect to get it into play."]
    t = table()
    s = t.position(hands={0: ["Infected Ghoul", "Unholy Resurrection"]}, decks={0: ["Kilo 13"] * 8})
    start_chain(t, s, [(0, "Infected Ghoul")])
    assert s.play[0] == []
    advance(t, s, "chain_start")  # player 1's turn passes; back to player 0
    t.choose(s, "pass", by=1)
    advance(t, s, "chain_start")
    assert s.active == 0
    start_chain(t, s, [(0, "Unholy Resurrection")])
    t.choose(s, "card", "Infected Ghoul", by=0)
    assert names(t, s.play[0]) == ["Infected Ghoul"]


def test_kc_bigelow_chain_damage_and_kicker_destroys_an_opposing_vampire():
    """Chain: 1 damage on target minion. Kicker (green): Full Battle Rattle (green) > K.C.
    Bigelow: destroy target opposing vampire (not a friendly one)."""
    t = table()
    s = t.position(hands={0: ["Full Battle Rattle", "K.C. Bigelow"]},
                   play={0: ["Maggie Hawke"], 1: ["Straight Eight", "Sierra Two"]})
    start_chain(t, s, [(0, "Full Battle Rattle"), (0, "K.C. Bigelow")])
    t.choose(s, "card", "Sierra Two", by=0)  # the chain's 1 damage
    assert options(t, s) == ["Straight Eight"]  # kicker: opposing vampires only
    t.choose(s, "card", "Straight Eight", by=0)
    assert names(t, s.play[1]) == ["Sierra Two"] and t.view(s)["damage"]["Sierra Two"] == 1
    t.choose(s, "card", "Maggie Hawke", by=0)  # Full Battle Rattle attaches
    assert t.view(s)["attached"]["Maggie Hawke"] == ["Full Battle Rattle"]


def test_leshawn_wallace_in_play_blocks_damage_inflicted_on_you_not_wounds_received():
    t = table()
    s = t.position(hands={1: ["Inhuman Wave"]}, play={0: ["LeShawn Wallace"]}, active=1)
    start_chain(t, s, [(1, "Inhuman Wave")])
    t.choose(s, "player", 0, by=1)
    assert t.view(s)["wounds"] == [0, 0] and t.view(s)["damage"]["LeShawn Wallace"] == 2
    t2 = table()
    s2 = t2.position(hands={1: ["Sophia Otrava"]}, play={0: ["LeShawn Wallace"]}, active=1)
    start_chain(t2, s2, [(1, "Sophia Otrava")])
    assert t2.view(s2)["wounds"] == [1, 0] and t2.view(s2)["damage"]["LeShawn Wallace"] == 0


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_leshawn_wallace_kicker_restores_all_health_to_target_minion():
    """Kicker (green): Still Standing (green) > LeShawn Wallace."""
    t = table()
    s = t.position(hands={0: ["Still Standing", "LeShawn Wallace"]}, play={1: ["Straight Eight"]},
                   damage={"Straight Eight": 2})
    start_chain(t, s, [(0, "Still Standing"), (0, "LeShawn Wallace")])
    t.choose(s, "card", "Straight Eight", by=0)
    assert t.view(s)["damage"]["Straight Eight"] == 0


def test_mac_ten_chain_two_separate_one_damage_shots_and_kicker_damage_on_a_player():
    """Chain: 1 damage on target minion, then 1 on target minion. Kicker (purple): Fresh
    Meat (purple) > "Mac Ten": 1 damage on target player."""
    t = table()
    s = t.position(hands={0: ["Fresh Meat", "Mac Ten"]}, play={1: ["Sierra Two", "Clever Ivan"]},
                   decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Fresh Meat"), (0, "Mac Ten")])
    t.choose(s, "card", "Sierra Two", by=0)
    t.choose(s, "card", "Clever Ivan", by=0)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["damage"]["Sierra Two"] == 1 and "Clever Ivan" not in t.view(s)["play"][1]
    assert t.view(s)["wounds"] == [0, 1]


def test_maggie_hawke_your_chain_influence_and_in_play_stays_after_combat():
    """Your Chain: Gain 1 influence (only on your own turn); In Play: not discarded at the
    end of the Combat Phase."""
    t = table()
    s = t.position(hands={0: ["Maggie Hawke"]})
    start_chain(t, s, [(0, "Maggie Hawke")])
    assert s.decision_kind() == "claim" and s.influence == 3
    t2 = table()
    s2 = t2.position(hands={0: ["Power and Glory"], 1: ["Maggie Hawke"]})
    start_chain(t2, s2, [(0, "Power and Glory"), (1, "Maggie Hawke")])
    assert s2.influence == 4  # Power and Glory's 2 only: Maggie's Your Chain is player 1's, off turn
    t3 = table()
    s3 = t3.position(play={0: ["Maggie Hawke", "Sierra Two"]}, phase="combat")
    advance(t3, s3, "attack")
    t3.choose(s3, "attack", "Maggie Hawke", by=0, target=1)
    t3.choose(s3, "attack", "Sierra Two", by=0, target=1)
    advance(t3, s3, "chain_start")
    assert names(t3, s3.play[0]) == ["Maggie Hawke"] and t3.view(s3)["wounds"] == [0, 5]


def test_maggie_hawke_kicker_target_player_discards():
    """Kicker (white): Sophia Otrava (white) > Maggie Hawke."""
    t = table()
    s = t.position(hands={0: ["Sophia Otrava", "Maggie Hawke"], 1: ["Kilo 13", "JAREK"]})
    start_chain(t, s, [(0, "Sophia Otrava"), (0, "Maggie Hawke")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "JAREK", by=1)
    assert names(t, s.hands[1]) == ["Kilo 13"] and "JAREK" in names(t, s.discards[1])


def test_rabid_rex_chain_two_damage_and_kicker_hurts_players_with_hunters():
    """Chain: 2 damage on target minion. Kicker (gold): Power and Glory (gold) > "Rabid
    Rex": 2 damage on each player with a hunter in play (its controller too)."""
    t = table(3)
    s = t.position(hands={0: ["Power and Glory", "Rabid Rex"]},
                   play={0: ["Kilo 13"], 1: ["Sierra Two"], 2: ["Maggie Hawke"]})
    start_chain(t, s, [(0, "Power and Glory"), (0, "Rabid Rex")])
    t.choose(s, "card", "Maggie Hawke", by=0)
    assert t.view(s)["damage"]["Maggie Hawke"] == 2
    t.choose(s, "player", 1, by=0)  # order of the two players hit
    assert t.view(s)["wounds"] == [2, 2, 0]


def test_shadow_hound_in_play_cannot_be_blocked():
    t = table()
    s = t.position(play={0: ["Shadow Hound"], 1: ["Sierra Two"]}, phase="combat")
    advance(t, s, "attack")
    t.choose(s, "attack", "Shadow Hound", by=0, target=1)
    advance(t, s, "chain_start")
    assert t.view(s)["wounds"] == [0, 3] and t.view(s)["damage"]["Sierra Two"] == 0
    t2 = table()  # another lycanthrope can be blocked
    s2 = t2.position(play={0: ["Rabid Rex"], 1: ["Sierra Two"]}, phase="combat")
    advance(t2, s2, "attack")
    t2.choose(s2, "attack", "Rabid Rex", by=0, target=1)
    advance(t2, s2, "block")


def test_shadow_hound_kicker_target_player_discards():
    """Kicker (white): Sophia Otrava (white) > "Shadow Hound"."""
    t = table()
    s = t.position(hands={0: ["Sophia Otrava", "Shadow Hound"], 1: ["Kilo 13"]})
    start_chain(t, s, [(0, "Sophia Otrava"), (0, "Shadow Hound")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Kilo 13", by=1)
    assert s.hands[1] == []


def test_sierra_two_chain_draw_and_kicker_destroys_an_opposing_lycanthrope():
    """Chain: Draw 1 card. Kicker (gold): Destiny Collins (gold) > "Sierra Two"."""
    t = table()
    s = t.position(hands={0: ["Destiny Collins", "Sierra Two"]}, decks={0: ["Kilo 13"] * 3},
                   play={0: ["Shadow Hound"], 1: ["Rabid Rex", "Kilo 13"]})
    start_chain(t, s, [(0, "Destiny Collins"), (0, "Sierra Two")])
    assert options(t, s) == ["Rabid Rex"]
    t.choose(s, "card", "Rabid Rex", by=0)
    assert hand_size(s, 0) == 3 and names(t, s.play[1]) == ["Kilo 13"]


def test_straight_eight_chain_damage_with_feed_and_kicker_heals_vampires():
    """Chain: 1 damage on target player. Feed: Discard 2 cards. Kicker (red): Propane
    Improv (red) > "Straight Eight": restore all health to each friendly vampire."""
    t = table()
    s = t.position(hands={0: ["Propane Improv", "Straight Eight", "Kilo 13", "JAREK", "Kilo 13"]},
                   play={0: ["Maggie Hawke"]}, damage={"Maggie Hawke": 2})
    start_chain(t, s, [(0, "Propane Improv"), (0, "Straight Eight")])
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "feed"
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "JAREK", by=0)
    t.choose(s, "player", 1, by=0)
    assert s.decision_kind() == "feed" and s.legal_action_indices() == [PASS]  # one card left: cannot pay
    t.choose(s, "pass", by=0)
    assert t.view(s)["wounds"] == [0, 2] and t.view(s)["damage"]["Maggie Hawke"] == 0


def test_wight_trash_in_play_destroyed_at_the_end_of_a_later_turn():
    """In Play: At the end of each turn, destroy this card unless it came into play this
    turn. Already in play: destroyed at the end of this turn."""
    t = table()
    s = t.position(play={0: ["Wight Trash"]}, phase="claim")
    advance(t, s, "combat_window")
    assert s.active == 1 and s.play[0] == [] and names(t, s.discards[0]) == ["Wight Trash"]


def test_wight_trash_chained_on_your_turn_dies_before_your_next_combat():
    t = table()
    s = t.position(hands={0: ["Wight Trash"]})
    start_chain(t, s, [(0, "Wight Trash")])
    advance(t, s, "combat_window")
    assert s.active == 1 and names(t, s.play[0]) == ["Wight Trash"]  # survives the turn he came in
    advance(t, s, "chain_start")
    advance(t, s, "combat_window")
    assert s.active == 0 and s.play[0] == []


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_wight_trash_kicker_one_damage_on_target_minion():
    """Kicker (blue): Shut Up and Soldier (blue) > Wight Trash."""
    t = table()
    s = t.position(hands={0: ["Shut Up and Soldier", "Wight Trash"]}, play={1: ["Sierra Two"]})
    start_chain(t, s, [(0, "Shut Up and Soldier"), (0, "Wight Trash")])
    t.choose(s, "card", "Sierra Two", by=0)
    assert t.view(s)["damage"]["Sierra Two"] == 1


@pytest.mark.parametrize("linked_on,attacks", [(2, True), (1, False)])
def test_wight_trash_faq_attacks_only_if_chained_on_the_turn_of_the_player_to_your_right(linked_on, attacks):
    """000 FAQ: 'you will only get to attack with him if you chain him during the turn of
    the player to your right. Otherwise he'll be destroyed before your Combat Phase.' With
    3 players seat 2 plays just before seat 0 (rule 101: play passes to the left)."""
    assert "the player to your right" in load_set("BC").card("Wight Trash").faq_rulings[0].text
    t = table(3)
    s = t.position(hands={linked_on: ["Patrol Zombie"], 0: ["Wight Trash"]}, active=linked_on)
    start_chain(t, s, [(linked_on, "Patrol Zombie"), (0, "Wight Trash")])
    assert names(t, s.play[0]) == ["Wight Trash"]
    while s.active != 0:
        legal = s.legal_action_indices()
        s.apply(PASS if PASS in legal else DONE, s.current_player())
    while s.decision_kind() == "combat_window":
        t.choose(s, "pass", by=s.current_player())
    assert (s.decision_kind() == "attack") == attacks
    assert (names(t, s.play[0]) == ["Wight Trash"]) == attacks


# ====================================================================== draft actions
def _burning_meat_position(t: NfTable, ghouls=("Patrol Zombie",), burn_on_deck=True):
    s = t.position(hands={0: ["Burning Meat"]}, decks={0: ["Kilo 13", "Kilo 13"]}, play={1: list(ghouls)})
    if burn_on_deck:
        add_wounds(t, s, 0, "decks", ["burn"])
    return s


def test_burning_meat_chain_draws_two_then_may_discard_a_burn_wound_to_destroy_a_ghoul():
    """Chain: Draw 2 cards. You may discard a burn wound to destroy target ghoul (003)."""
    t = table()
    s = t.position(hands={0: ["Burning Meat"]}, decks={0: ["Kilo 13", "Kilo 13", "Kilo 13"]},
                   play={1: ["Infected Ghoul", "Sierra Two"]}, wound_cards={0: ["burn", "bite"]})
    start_chain(t, s, [(0, "Burning Meat")])
    assert s.decision_kind() == "may_discard" and options(t, s) == ["NF Wound (burn)"]  # not the bite
    t.choose(s, "card", "NF Wound (burn)", by=0)
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Infected Ghoul"]
    t.choose(s, "card", "Infected Ghoul", by=0)
    assert names(t, s.play[1]) == ["Sierra Two"] and hand_size(s, 0) == 3  # 2 drawn + the bite
    assert "NF Wound (burn)" in names(t, s.discards[0])


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_burning_meat_chain_may_pass_and_is_not_asked_without_a_ghoul():
    t = table()
    s = t.position(hands={0: ["Burning Meat"]}, decks={0: ["Kilo 13"] * 3}, play={1: ["Patrol Zombie"]},
                   wound_cards={0: ["burn"]})
    start_chain(t, s, [(0, "Burning Meat")])
    t.choose(s, "pass", by=0)
    assert names(t, s.play[1]) == ["Patrol Zombie"] and hand_size(s, 0) == 3
    t2 = table()
    s2 = t2.position(hands={0: ["Burning Meat"]}, decks={0: ["Kilo 13"] * 3}, play={1: ["Sierra Two"]},
                     wound_cards={0: ["burn"]})
    start_chain(t2, s2, [(0, "Burning Meat")])
    assert s2.decision_kind() == "claim"
    t3 = table()  # a ghoul but no burn wound: asked all the same (hidden hand), only Pass
    s3 = t3.position(hands={0: ["Burning Meat"]}, decks={0: ["Kilo 13"] * 3}, play={1: ["Patrol Zombie"]})
    start_chain(t3, s3, [(0, "Burning Meat")])
    assert s3.decision_kind() == "may_discard" and s3.legal_action_indices() == [PASS]


def test_burning_meat_faq_you_may_use_a_burn_wound_that_was_just_drawn():
    """003: 'You may use a burn wound that was just drawn.'"""
    t = table()
    s = _burning_meat_position(t)
    start_chain(t, s, [(0, "Burning Meat")])
    assert options(t, s) == ["NF Wound (burn)"]  # drawn by the chain text a moment ago
    t.choose(s, "card", "NF Wound (burn)", by=0)
    t.choose(s, "card", "Patrol Zombie", by=0)
    assert s.play[1] == []


def test_burning_meat_kicker_draws_one_per_minion_of_yours_in_the_chain():
    """Kicker (purple): Maggie Hawke (purple) > Burning Meat: Maggie, still in the chain
    below it, gives one card; an opponent's minion in the chain gives none."""
    t = table()
    s = t.position(hands={0: ["Maggie Hawke", "Burning Meat"]}, decks={0: ["Kilo 13"] * 6})
    start_chain(t, s, [(0, "Maggie Hawke"), (0, "Burning Meat")])
    assert hand_size(s, 0) == 2 + 1


def test_burning_meat_faq_kicker_counts_minions_still_in_the_chain_not_resolved_ones():
    """003: 'The kicker references minions still in the chain, not ones that have already
    resolved.' Maggie Hawke > Burning Meat > Wight Trash: Wight Trash resolves first, so
    only Maggie counts."""
    t = table()
    s = t.position(hands={0: ["Maggie Hawke", "Burning Meat", "Wight Trash"]}, decks={0: ["Kilo 13"] * 6})
    start_chain(t, s, [(0, "Maggie Hawke"), (0, "Burning Meat"), (0, "Wight Trash")])
    t.choose(s, "pass", by=0)  # Wight Trash, a ghoul, is in play now: no burn wound to discard
    assert hand_size(s, 0) == 3 and names(t, s.play[0]) == ["Wight Trash", "Maggie Hawke"]


def test_exit_strategy_chain_returns_a_friendly_minion_to_its_owners_hand():
    t = table()
    s = t.position(hands={0: ["Exit Strategy"]}, play={0: ["Straight Eight", "Kilo 13"], 1: ["Sierra Two"]},
                   damage={"Straight Eight": 2}, attached={"Straight Eight": ["Full Battle Rattle"]})
    start_chain(t, s, [(0, "Exit Strategy")])
    assert options(t, s) == ["Kilo 13", "Straight Eight"]
    t.choose(s, "card", "Straight Eight", by=0)
    assert names(t, s.play[0]) == ["Kilo 13"] and names(t, s.hands[0]) == ["Straight Eight"]
    assert names(t, s.discards[0]) == ["Full Battle Rattle", "Exit Strategy"] and s.exiled == []
    assert t.id(s, "Straight Eight") in s.observation(1)["known"][0]["hand"]  # it was seen going back


def test_exit_strategy_kicker_captures_an_opposing_minion():
    """Kicker (white): Wight Trash (white) > Exit Strategy: a minion an opponent controls
    goes into your hand, and you own it."""
    t = table()
    s = t.position(hands={0: ["Wight Trash", "Exit Strategy"]}, play={1: ["Sierra Two"]})
    start_chain(t, s, [(0, "Wight Trash"), (0, "Exit Strategy")])
    assert s.decision_kind() == "target_minion" and options(t, s) == ["Sierra Two"]  # chain: no friendly minion
    t.choose(s, "card", "Sierra Two", by=0)
    sierra = t.id(s, "Sierra Two")
    assert s.hands[0] == [sierra] and s.owner[sierra] == 0 and s.play[1] == []


def test_exit_strategy_faq_the_capture_is_permanent():
    """000 FAQ: 'Yes, this captures an opponent's card permanently. Hope you can chain it.'
    The captured card is its new owner's: discarded, it goes to his discard pile."""
    assert "permanently" in load_set("BC").card("Exit Strategy").faq_rulings[0].text
    t = table()
    s = t.position(hands={0: ["Wight Trash", "Exit Strategy"]}, play={1: ["Sierra Two"]})
    start_chain(t, s, [(0, "Wight Trash"), (0, "Exit Strategy")])
    t.choose(s, "card", "Sierra Two", by=0)
    t.choose(s, "discard", "Sierra Two", by=0)  # for influence in the Claim Phase
    assert "Sierra Two" in names(t, s.discards[0]) and s.discards[1] == []
    t2 = table()  # without the kicker nothing is captured
    s2 = t2.position(hands={0: ["Exit Strategy"]}, play={1: ["Sierra Two"]})
    start_chain(t2, s2, [(0, "Exit Strategy")])
    assert s2.decision_kind() == "claim" and names(t2, s2.play[1]) == ["Sierra Two"]


def test_flesh_frenzy_chain_strength_to_each_friendly_minion_with_feed():
    """Chain: +1 strength to each friendly minion. Feed: Discard 2 cards (each feed +1 more)."""
    t = table()
    s = t.position(hands={0: ["Flesh Frenzy", "Kilo 13", "JAREK"]}, play={0: ["Sierra Two"], 1: ["Kilo 13"]})
    start_chain(t, s, [(0, "Flesh Frenzy")])
    t.choose(s, "feed", by=0)
    t.choose(s, "card", "Kilo 13", by=0)
    t.choose(s, "card", "JAREK", by=0)
    t.choose(s, "pass", by=0)
    sierra, kilo = t.id(s, "Sierra Two", "play"), s.play[1][0]
    assert s.strength(sierra) == 2 + 2 and s.strength(kilo) == t.game.card_named("Kilo 13").strength


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_flesh_frenzy_kicker_draws_one_per_friendly_ghoul():
    """Kicker (gold): "Mac Ten" (gold) > Flesh Frenzy."""
    t = table()
    s = t.position(hands={0: ["Mac Ten", "Flesh Frenzy"]}, play={0: ["Wight Trash", "Patrol Zombie", "Sierra Two"]},
                   decks={0: ["Kilo 13"] * 4})
    start_chain(t, s, [(0, "Mac Ten"), (0, "Flesh Frenzy")])
    t.choose(s, "pass", by=0)  # no feed
    assert hand_size(s, 0) == 2


def test_gather_the_pack_chain_a_lycanthrope_from_your_discard_pile_into_play():
    t = table()
    s = t.position(hands={0: ["Gather the Pack"]}, discards={0: ["Rabid Rex", "Sierra Two"], 1: ["Shadow Hound"]})
    start_chain(t, s, [(0, "Gather the Pack")])
    assert options(t, s) == ["Rabid Rex"]
    t.choose(s, "card", "Rabid Rex", by=0)
    assert names(t, s.play[0]) == ["Rabid Rex"]


def test_gather_the_pack_kicker_draws_per_lycanthrope_and_may_heal_them():
    """Kicker (red): Propane Improv (red) > Gather the Pack: one card per friendly
    lycanthrope, then you may restore all their health."""
    t = table()
    s = t.position(hands={0: ["Propane Improv", "Gather the Pack"]}, decks={0: ["Kilo 13"] * 4},
                   play={0: ["Rabid Rex", "Shadow Hound", "Sierra Two"]},
                   damage={"Rabid Rex": 1, "Shadow Hound": 2, "Sierra Two": 1})
    start_chain(t, s, [(0, "Propane Improv"), (0, "Gather the Pack")])
    assert hand_size(s, 0) == 2 and s.decision_kind() == "optional"
    t.choose(s, "option", 0, by=0)
    assert t.view(s)["damage"] == {"Rabid Rex": 0, "Shadow Hound": 0, "Sierra Two": 1}


def test_gather_the_pack_faq_the_healing_is_optional():
    """000 FAQ: 'The healing part of the kicker is optional, as written.'"""
    assert load_set("BC").card("Gather the Pack").faq_rulings[0].text.startswith("The healing part")
    t = table()
    s = t.position(hands={0: ["Propane Improv", "Gather the Pack"]}, decks={0: ["Kilo 13"] * 4},
                   play={0: ["Rabid Rex"]}, damage={"Rabid Rex": 1})
    start_chain(t, s, [(0, "Propane Improv"), (0, "Gather the Pack")])
    assert sorted(s.legal_action_indices()) == sorted([OPTION0, PASS])
    t.choose(s, "pass", by=0)
    assert t.view(s)["damage"]["Rabid Rex"] == 1 and hand_size(s, 0) == 1


def test_healing_hurts_chain_heals_a_minion_then_one_damage_and_kicker_draws():
    """Chain: Restore all health to target minion. Inflict 1 damage on target player.
    Kicker (red): Damon Montez (red) > Healing Hurts: draw 1 card."""
    t = table()
    s = t.position(hands={0: ["Damon Montez", "Healing Hurts"]}, play={0: ["Sierra Two"]},
                   damage={"Sierra Two": 2}, decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Damon Montez"), (0, "Healing Hurts")])
    t.choose(s, "card", "Sierra Two", by=0)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["damage"]["Sierra Two"] == 0 and names(t, s.hands[0]) == ["Kilo 13"]
    assert t.view(s)["wounds"] == [0, 2]  # Healing Hurts 1 + Damon Montez 1


def test_meat_puppet_chain_a_minion_mauls_another_and_kicker_returns_a_card_to_hand():
    """Chain: Target minion inflicts damage equal to its strength on another target minion.
    Kicker (gold): Power and Glory (gold) > Meat Puppet."""
    t = table()
    s = t.position(hands={0: ["Power and Glory", "Meat Puppet"]}, play={1: ["Rabid Rex", "K.C. Bigelow"]},
                   discards={0: ["Vehicular Assault"]})
    start_chain(t, s, [(0, "Power and Glory"), (0, "Meat Puppet")])
    t.choose(s, "card", "Rabid Rex", by=0)
    t.choose(s, "card", "K.C. Bigelow", by=0)
    assert names(t, s.play[1]) == ["Rabid Rex"]  # 4 damage on a 3-health minion
    t.choose(s, "card", "Vehicular Assault", by=0)
    assert names(t, s.hands[0]) == ["Vehicular Assault"]


def test_pipe_bomb_chain_damage_and_a_bottom_wound_on_top_of_target_archive():
    """Chain: 1 damage on target minion; the bottom (face-down) wound of the wound stack
    goes on top of target archive; the face-up count is unchanged (000 FAQ: not shortening
    the game)."""
    t = table()
    s = t.position(hands={0: ["Pipe Bomb"]}, play={1: ["Sierra Two"]}, wounds=20, face_up=15,
                   archives={"R&D": (1, 3), "Fresh Meat": (-1, 0)})
    bottom = s.wounds[0]
    start_chain(t, s, [(0, "Pipe Bomb")])
    t.choose(s, "card", "Sierra Two", by=0)
    assert s.decision_kind() == "target_archive" and [i - ARCHIVE0 for i in s.legal_action_indices()] == [0]
    t.choose(s, "archive", "R&D", by=0)
    assert s.archives[0]["cards"][-1] == bottom and len(s.wounds) == 19 and s.face_up == 15
    assert s.observation(1)["archives"][0]["wounds"] == [[3, bottom]]  # public on the archive


def test_pipe_bomb_kicker_another_wound_and_none_when_only_face_up_wounds_remain():
    """Kicker (green): "Harley Doberman" (green) > Pipe Bomb: a second wound. With every
    wound in the stack face up, nothing moves."""
    t = table()
    s = t.position(hands={0: ["Harley Doberman", "Pipe Bomb"]}, wounds=20, face_up=18,
                   archives={"R&D": (1, 3), "Fresh Meat": (-1, 2)})
    start_chain(t, s, [(0, "Harley Doberman"), (0, "Pipe Bomb")])
    t.choose(s, "archive", "R&D", by=0)
    t.choose(s, "archive", "Fresh Meat", by=0)
    assert len(s.wounds) == 18 and s.face_up == 18 and s.decision_kind() == "claim"
    t2 = table()
    s2 = t2.position(hands={0: ["Pipe Bomb"]}, wounds=10, face_up=10, archives={"R&D": (1, 3)})
    start_chain(t2, s2, [(0, "Pipe Bomb")])
    assert s2.decision_kind() == "claim" and len(s2.archives[0]["cards"]) == 3


def test_pipe_bomb_faq_a_wound_on_top_of_an_archive_must_be_claimed_for_0():
    """000 FAQ / rule 152: 'When a wound is on top of an archive during your Claim Phase, you
    must claim that card for 0 influence.' The Claim Phase cannot end before; the wound goes
    to the discard pile and counts at the end of the game."""
    assert "must claim that card for 0 influence" in load_set("BC").card("Pipe Bomb").faq_rulings[0].text
    t = table()
    s = t.position(hands={1: ["Pipe Bomb"]}, active=1, wounds=20, face_up=10, archives={"R&D": (0, 3)})
    start_chain(t, s, [(1, "Pipe Bomb")])
    t.choose(s, "archive", "R&D", by=1)
    advance(t, s, "claim")
    assert DONE in s.legal_action_indices()  # the wound is on player 0's private archive, not one 1 may claim
    t.choose(s, "done", by=1)
    advance(t, s, "claim")
    assert s.active == 0 and s.influence == 2 and DONE not in s.legal_action_indices()
    t.choose(s, "archive", "R&D", by=0)
    assert s.influence == 2 and t.view(s)["wounds"] == [1, 0] and DONE in s.legal_action_indices()


def test_a_wound_on_an_archive_survives_determinize_and_json():
    """Hidden information: the wound on top of an archive is public; a determinized state
    keeps it there and a JSON round trip is exact."""
    t = table()
    s = t.position(hands={0: ["Pipe Bomb"]}, wounds=20, face_up=10, archives={"R&D": (1, 3)})
    start_chain(t, s, [(0, "Pipe Bomb")])
    t.choose(s, "archive", "R&D", by=0)
    wound = s.archives[0]["cards"][-1]
    d = t.game.determinize(s.observation(1), random.Random(4))
    assert d.archives[0]["cards"][-1] == wound and len(d.archives[0]["cards"]) == 4
    assert NightfallState.from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()


def test_propane_improv_chain_one_damage_on_each_opposing_minion_and_kicker_on_a_player():
    """Chain: 1 damage on each opposing minion. Kicker (green): "Shadow Hound" (green) > Propane Improv."""
    t = table()
    s = t.position(hands={0: ["Shadow Hound", "Propane Improv"]}, play={0: ["Sierra Two"], 1: ["Rabid Rex", "Kilo 13"]})
    start_chain(t, s, [(0, "Shadow Hound"), (0, "Propane Improv")])
    t.choose(s, "player", 1, by=0)
    v = t.view(s)
    assert v["damage"]["Rabid Rex"] == 1 and v["damage"]["Sierra Two"] == 0 and v["wounds"] == [0, 1]


def test_shotgun_party_chain_draw_only_if_destroyed_and_kicker_damage():
    """Chain: 2 damage on target minion; if it was destroyed, draw 1 card. Kicker (white):
    Wight Trash (white) > Shotgun Party: 1 damage on target minion."""
    t = table()
    s = t.position(hands={0: ["Wight Trash", "Shotgun Party"]}, play={1: ["Rabid Rex", "Sierra Two"]},
                   decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Wight Trash"), (0, "Shotgun Party")])
    t.choose(s, "card", "Sierra Two", by=0)
    assert s.hands[0] == [] and t.view(s)["damage"]["Sierra Two"] == 2  # not destroyed: no card
    t.choose(s, "card", "Sierra Two", by=0)  # the kicker's 1 damage destroys it, but draws nothing
    assert names(t, s.play[1]) == ["Rabid Rex"] and s.hands[0] == []


def test_shotgun_party_chain_draws_when_the_target_is_destroyed():
    t = table()
    s = t.position(hands={0: ["Shotgun Party"]}, play={1: ["Rabid Rex"]}, decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Shotgun Party")])
    t.choose(s, "card", "Rabid Rex", by=0)
    assert s.play[1] == [] and names(t, s.hands[0]) == ["Kilo 13"]


def test_shut_up_and_soldier_attaches_plus_one_strength_and_keeps_the_minion_after_combat():
    t = table()
    s = t.position(hands={0: ["Shut Up and Soldier"]}, play={0: ["Sierra Two"]})
    start_chain(t, s, [(0, "Shut Up and Soldier")])
    t.choose(s, "card", "Sierra Two", by=0)
    sierra = t.id(s, "Sierra Two")
    assert t.view(s)["attached"]["Sierra Two"] == ["Shut Up and Soldier"] and s.strength(sierra) == 3
    advance(t, s, "chain_start")  # player 1's turn
    advance(t, s, "attack")  # player 0's next turn: Sierra Two is still there and attacks
    t.choose(s, "attack", "Sierra Two", by=0, target=1)
    advance(t, s, "chain_start")
    assert names(t, s.play[0]) == ["Sierra Two"] and t.view(s)["wounds"] == [0, 3]


def test_shut_up_and_soldier_kicker_draws_a_card():
    """Kicker (purple): Vampiric Turning (purple) > Shut Up and Soldier; with no friendly
    minion it just goes to the discard pile (reading 19)."""
    t = table()
    s = t.position(hands={0: ["Vampiric Turning", "Shut Up and Soldier"]}, decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Vampiric Turning"), (0, "Shut Up and Soldier")])
    assert names(t, s.hands[0]) == ["Kilo 13"] and "Shut Up and Soldier" in names(t, s.discards[0])


def test_vampiric_turning_chain_strength_until_the_minion_leaves_play():
    t = table()
    s = t.position(hands={0: ["Vampiric Turning"]}, play={0: ["Maggie Hawke"]})
    start_chain(t, s, [(0, "Vampiric Turning")])
    assert options(t, s) == ["Maggie Hawke"]
    t.choose(s, "card", "Maggie Hawke", by=0)
    maggie = t.id(s, "Maggie Hawke")
    assert s.strength(maggie) == 5
    advance(t, s, "chain_start")  # the next turn: still +2
    assert s.active == 1 and s.strength(maggie) == 5
    s.leave_play(maggie, "destroyed")
    assert not [e for e in s.effects if e.get("target") == maggie]


def test_vampiric_turning_faq_the_effect_lasts_past_the_end_of_the_turn():
    """000 FAQ: 'As implied by the text, this effect does last past the end of the turn.'
    Kicker (blue): R&D (blue) > Vampiric Turning restores all health to a friendly minion."""
    assert "last past the end of the turn" in load_set("BC").card("Vampiric Turning").faq_rulings[0].text
    t = table()
    s = t.position(hands={0: ["R&D", "Vampiric Turning"]}, play={0: ["Maggie Hawke"]},
                   damage={"Maggie Hawke": 2}, decks={0: ["Kilo 13"] * 2})
    start_chain(t, s, [(0, "R&D"), (0, "Vampiric Turning")])
    t.choose(s, "card", "Maggie Hawke", by=0)
    t.choose(s, "card", "Maggie Hawke", by=0)
    maggie = t.id(s, "Maggie Hawke")
    assert t.view(s)["damage"]["Maggie Hawke"] == 0
    advance(t, s, "chain_start")
    assert s.turn == 2 and s.active == 1 and s.strength(maggie) == 5


def test_vehicular_assault_chain_three_damage_and_kicker_one_on_a_player():
    """Kicker (blue): "Sierra Two" (blue) > Vehicular Assault."""
    t = table()
    s = t.position(hands={0: ["Sierra Two", "Vehicular Assault"]}, play={1: ["LeShawn Wallace"]},
                   decks={0: ["Kilo 13"]})
    start_chain(t, s, [(0, "Sierra Two"), (0, "Vehicular Assault")])
    t.choose(s, "card", "LeShawn Wallace", by=0)
    assert t.view(s)["damage"]["LeShawn Wallace"] == 3
    t.choose(s, "player", 1, by=0)
    assert "LeShawn Wallace" not in t.view(s)["play"][1] and t.view(s)["wounds"] == [0, 0]  # he blocked it


# ====================================================================== promos
def test_destiny_collins_chain_draws_two_and_kicker_destroys_an_opposing_ghoul():
    """Kicker (white): Wight Trash (white) > Destiny Collins."""
    t = table()
    s = t.position(hands={0: ["Wight Trash", "Destiny Collins"]}, decks={0: ["Kilo 13"] * 2},
                   play={1: ["Infected Ghoul", "Sierra Two"]})
    start_chain(t, s, [(0, "Wight Trash"), (0, "Destiny Collins")])
    assert options(t, s) == ["Infected Ghoul"]
    t.choose(s, "card", "Infected Ghoul", by=0)
    assert hand_size(s, 0) == 2 and names(t, s.play[1]) == ["Sierra Two"]


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_flayed_ghoul_stays_in_play_and_kicker_hits_each_opposing_minion():
    """In Play: not discarded after combat. Kicker (blue): Shut Up and Soldier (blue) > Flayed Ghoul."""
    t = table()
    s = t.position(hands={0: ["Shut Up and Soldier", "Flayed Ghoul"]}, play={1: ["Sierra Two", "Clever Ivan"]})
    start_chain(t, s, [(0, "Shut Up and Soldier"), (0, "Flayed Ghoul")])
    assert t.view(s)["damage"]["Sierra Two"] == 1 and names(t, s.play[1]) == ["Sierra Two"]
    t2 = table()
    s2 = t2.position(play={0: ["Flayed Ghoul"]}, phase="combat")
    advance(t2, s2, "attack")
    t2.choose(s2, "attack", "Flayed Ghoul", by=0, target=1)
    advance(t2, s2, "chain_start")
    assert names(t2, s2.play[0]) == ["Flayed Ghoul"]


def test_silas_bragg_your_chain_two_influence_and_kicker_discard():
    """Your Chain: Gain 2 influence. Kicker (green): JAREK (green) > Silas Bragg."""
    t = table()
    s = t.position(hands={0: ["JAREK", "Silas Bragg"], 1: ["Kilo 13"]})
    start_chain(t, s, [(0, "JAREK"), (0, "Silas Bragg")])
    t.choose(s, "player", 1, by=0)
    t.choose(s, "card", "Kilo 13", by=1)
    assert s.decision_kind() == "claim" and s.influence == 4 and s.hands[1] == []


# ====================================================================== random games
@pytest.mark.slow
def test_200_random_games_with_blood_country_finish_and_round_trip():
    """200 seeded random games (2-4 players, CW + BC, the draft, promos in half) run to the
    end with random legal actions; JSON round trips are exact at several points."""
    finished = 0
    resolved: set[str] = set()
    moved_wounds = 0
    for seed in range(200):
        rng = random.Random(seed)
        players = 2 + seed % 3
        game = NightfallGame(players=players, sets=SETS, archives="draft", promos=bool(seed % 2), turn_limit=40)
        s = game.new_initial_state(seed)
        steps = 0
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_action_indices()))
            steps += 1
            if steps % 150 == 0:
                data = json.loads(json.dumps(s.to_json()))
                assert NightfallState.from_json(data).to_json() == s.to_json()
            assert steps < 20000
        s.check_cards()
        finished += 1
        resolved |= {s.cards[e["card"]] for e in s.events if e["type"] == "resolve" and s.cards[e["card"]][:3] == "bc-"}
        moved_wounds += sum(1 for e in s.events if e["type"] == "wound_to_archive")
    assert finished == 200
    assert len(resolved) >= 20 and moved_wounds > 0  # the set's cards were really played


def test_pipe_bomb_wound_on_a_bait_and_switch_archive_is_kept_when_a_bot_samples_hidden_cards():
    """A wound Pipe Bomb puts on a mixed archive (Martial Law's Bait and Switch: its top and
    its cards are public, their order below the top is not) is public where it lies: every
    state a search samples from either player's view keeps it on top, keeps the archive's
    cards, and looks the same to that player (``determinize``)."""
    from gloam.conformance.core import check_determinize_for
    from gloam.core.rng import Rng

    t = table()
    s = t.position(hands={0: ["Pipe Bomb"]}, wounds=20, face_up=15, archives={"R&D": (1, 3)})
    mixed = []
    for name in ("Fresh Meat", "R&D", "Fresh Meat"):
        cid = s.new_instance(t.game.card_named(name).id)
        t.names[cid] = name
        mixed.append(cid)
    s.archives.append({"card": s.cards[mixed[-1]], "owner": -1, "cards": mixed, "mixed": True})
    s.check_cards()
    bottom = s.wounds[0]
    start_chain(t, s, [(0, "Pipe Bomb")])
    t.choose(s, "archive", 1, by=0)  # the mixed archive
    assert s.archives[1]["cards"][-1] == bottom
    assert s.observation(1)["archives"][1]["card"] == s.cards[bottom]
    for viewer in (0, 1):
        for seed in range(5):
            det = check_determinize_for(t.game, s, viewer, Rng(seed))
            cards = det.archives[1]["cards"]
            assert cards[-1] == bottom and det.archives[1].get("mixed")
            assert sorted(det.cards[c] for c in cards) == sorted(s.cards[c] for c in s.archives[1]["cards"])
