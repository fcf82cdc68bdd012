"""Every worked example of The Coldest War rulebook, played step by step.

Sources: seed 000 (the English rulebook) and seed 002 (the Japanese v1.3 translation,
page numbers in its "(n)" markers). 002 tells the same examples with the same cards,
except the damaging-players example (checklist Differences D2.3: "Lone Hound" instead of
"Bone Cruncher"). Each test names its example and section. It sets up the position the
text describes, makes each decision the text narrates through the same decisions a front
end offers (``tests/nf_scenario.py``), and asserts every state the text states.

The examples' players are Scott, Brad and Janet. Their seats are fixed by the text:
"Scott (sitting to Janet's left)" in the example chain, and linking goes Scott -> Brad ->
Janet in the Dog Eat Dog chain. So clockwise (to the left) they sit Scott 0, Brad 1,
Janet 2 in every test. Anything the text leaves open (hands, decks, other minions, which
archive) is chosen here and says so in a comment.
"""

from __future__ import annotations

import pytest

from gloam.nightfall.actions import ARCHIVE0, CARD0, DONE, PASS, PLAY0
from nf_scenario import NfTable, add_wounds

SCOTT, BRAD, JANET = 0, 1, 2


# ---------------------------------------------------------------------- helpers
def pass_window(t: NfTable, s) -> None:
    """Every player passes one combat window (from the active player, clockwise): none of
    the examples plays combat text."""
    for p in s.clockwise_from(s.active):
        assert t.view(s)["pending"] == (p, "combat_window")
        t.choose(s, "pass", by=p)


def options(t: NfTable, s, base: int = CARD0) -> set[str]:
    """The names of the cards the pending decision offers (as targets, plays, …)."""
    return {t.names[i - base] for i in s.legal_action_indices() if base <= i < base + 512}


def resolved(t: NfTable, s) -> list[str]:
    """The cards resolved from the chain so far, in order."""
    return [t.names[e["card"]] for e in s.events if e["type"] == "resolve"]




def wound_types(s, player: int) -> dict[str, int]:
    counts = {"bite": 0, "burn": 0, "bleed": 0}
    for pile in (s.decks[player], s.hands[player], s.discards[player]):
        for cid in pile:
            if s.wtype[cid] is not None:
                counts[s.wtype[cid]] += 1
    return counts


# ---------------------------------------------------------------------- The Combat Phase
def test_combat_example_katya_sophia_bone_cruncher_000_combat_phase_002_p15():
    """000 "The Combat Phase" and "Damaging Players" (the same three examples in 002
    p.15-16, except for the attacker in the damaging example; see the Lone Hound test).

    Scott attacks with Katya Iliyevna and Sophia Otrava (strength 3 each) against Brad and
    with "Bone Cruncher" against Janet. Brad blocks Sophia with "Kaos 33" (health 2) and
    Kaspar Udunian (health 3), Kaos absorbing first, and blocks Katya with Gregor Dzanic,
    who has 2 health left. Chosen: the hands, decks and wound stack are left as the
    harness makes them. Scott sends the attackers in the order the text names them, and
    that is the order the engine resolves the combats in."""
    t = NfTable(players=3)
    s = t.position(phase="combat", active=SCOTT,
                   play={SCOTT: ["Katya Iliyevna", "Sophia Otrava", "Bone Cruncher"],
                         BRAD: ["Kaos 33", "Kaspar Udunian", "Gregor Dzanic"]},
                   damage={"Gregor Dzanic": 1})  # "damaged in a previous turn" (health 3, designed)
    katya, sophia, cruncher = (t.id(s, n) for n in ("Katya Iliyevna", "Sophia Otrava", "Bone Cruncher"))
    kaos, kaspar, gregor = (t.id(s, n) for n in ("Kaos 33", "Kaspar Udunian", "Gregor Dzanic"))
    # The stated values the example needs.
    assert [s.strength(m) for m in (katya, sophia, cruncher)] == [3, 3, 5]
    assert [s.health_left(m) for m in (kaos, kaspar, gregor)] == [2, 3, 2]

    pass_window(t, s)  # before attackers
    assert t.view(s)["pending"] == (SCOTT, "attack")
    t.choose(s, "attack", "Katya Iliyevna", by=SCOTT, target=BRAD)
    t.choose(s, "attack", "Sophia Otrava", by=SCOTT, target=BRAD)
    t.choose(s, "attack", "Bone Cruncher", by=SCOTT, target=JANET)
    assert [(a["minion"], a["target"]) for a in s.flags["attacks"]] == \
        [(katya, BRAD), (sophia, BRAD), (cruncher, JANET)]
    pass_window(t, s)  # after attackers

    # Brad blocks: Kaos 33 first, then Kaspar, on Sophia (attack 1); Gregor on Katya (attack 0).
    assert t.view(s)["pending"] == (BRAD, "block")
    t.choose(s, "block", "Kaos 33", by=BRAD, target=1)
    t.choose(s, "block", "Kaspar Udunian", by=BRAD, target=1)
    t.choose(s, "block", "Gregor Dzanic", by=BRAD, target=0)
    # "Janet has no minions in play, so the "Bone Cruncher" is not blocked": she is never asked.
    assert t.view(s)["pending"] == (SCOTT, "combat_window")
    assert [a["blockers"] for a in s.flags["attacks"]] == [[gregor], [kaos, kaspar], []]

    stack_before = list(s.wounds)
    pass_window(t, s)  # after blockers; then combat damage
    v = t.view(s)
    # Sophia's 3: "Kaos 33" absorbs 2 and is destroyed (to Brad's discard pile); Kaspar takes
    # the remaining 1, his health falls to 2.
    assert "Kaos 33" not in v["play"][BRAD] and kaos in s.discards[BRAD]
    assert s.health_left(kaspar) == 2 and v["damage"]["Kaspar Udunian"] == 1
    # Katya's 3: Gregor (2 health left) is destroyed, the remaining 1 damage goes to Brad.
    assert gregor in s.discards[BRAD] and gregor not in s.minions
    assert v["play"][BRAD] == ["Kaspar Udunian"]
    assert v["wounds"][BRAD] == 1
    # Attackers take no damage (the defenders only absorb).
    assert all(s.minions[m]["damage"] == 0 for m in (katya, sophia, cruncher))
    # Damaging Players: the unblocked "Bone Cruncher" inflicts all 5 on Janet, who takes 5
    # wound cards from the top of the wound stack onto her discard pile.
    assert v["wounds"][JANET] == 5
    assert s.discards[JANET] == list(reversed(stack_before[-6:-1]))  # Katya's wound came first
    assert stack_before[-1] in s.discards[BRAD]
    assert s.wounds == stack_before[:-6]
    assert v["wounds"][SCOTT] == 0

    pass_window(t, s)  # after damage; then the end of combat
    v = t.view(s)
    # Scott's minions are discarded (draft minions: not exiled); Brad keeps Kaspar, damaged.
    assert v["play"][SCOTT] == []
    assert set(v["discards"][SCOTT]) == {"Katya Iliyevna", "Sophia Otrava", "Bone Cruncher"}
    assert v["exiled"] == []
    assert v["damage"] == {"Kaspar Udunian": 1}
    assert v["phase"] == "chain" and v["pending"] == (SCOTT, "chain_start")


@pytest.mark.parametrize("first, survivor", [("Kaos 33", "Kaspar Udunian"), ("Kaspar Udunian", "Kaos 33")])
def test_combat_example_defender_orders_blockers_000_combat_phase(first, survivor):
    """000 "The Combat Phase": "Brad gets to decide the order in which his minions block
    the attacking Sophia Otrava … he chooses "Kaos 33" to absorb damage first." The
    other order would have cost him Kaspar instead: the first blocker absorbs as much as
    it can before the next takes any (rule 108). Chosen: only Sophia attacks."""
    t = NfTable(players=3)
    s = t.position(phase="combat", active=SCOTT, play={SCOTT: ["Sophia Otrava"],
                                                       BRAD: ["Kaos 33", "Kaspar Udunian"]})
    pass_window(t, s)
    t.choose(s, "attack", "Sophia Otrava", by=SCOTT, target=BRAD)
    pass_window(t, s)
    t.choose(s, "block", first, by=BRAD, target=0)
    t.choose(s, "block", survivor, by=BRAD, target=0)
    pass_window(t, s)
    v = t.view(s)
    assert v["play"][BRAD] == [survivor]
    assert t.id(s, first) in s.discards[BRAD]
    assert v["damage"][survivor] == (1 if survivor == "Kaspar Udunian" else 0)
    assert v["wounds"][BRAD] == 0  # 2 + 1 (or all 3 by Kaspar) absorbed


def test_damaging_players_example_jp_lone_hound_002_p16():
    """002 p.16 (プレイヤーへのダメージ): "Scott's "Lone Hound" attacked Janet and was not
    blocked … Janet takes 5 wound cards" (Differences D2.3; the EN rulebook uses "Bone
    Cruncher"). "Lone Hound" is Martial Law's gold strength-5 minion (checklist
    ambiguity 1), so this needs the ML set."""
    t = NfTable(players=3, sets=("CW", "ML"))
    s = t.position(phase="combat", active=SCOTT, play={SCOTT: ["Lone Hound"]})
    pass_window(t, s)
    t.choose(s, "attack", "Lone Hound", by=SCOTT, target=JANET)
    top5 = s.wounds[-5:]
    while s.phase == "combat":
        pass_window(t, s)
    assert t.view(s)["wounds"][JANET] == 5
    assert sorted(s.discards[JANET]) == sorted(top5)


# ---------------------------------------------------------------------- Chaining Cards
@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_linking_example_doktor_nyilaszy_banner_89_000_chaining_cards_002_p17():
    """000 "Chaining Cards" (002 p.17): Doktor Nyilaszy is white and links to blue or gold.
    Janet starts her chain with it for free, then links the blue "Banner 89". A card links
    only to the last card played ("You cannot jump"), and Doktor himself can only follow
    a card with a white link colour. Then each opponent gets one chance, starting with
    the player to her left (Scott).

    Chosen: Janet's hand holds one order of each colour besides the two named cards (the
    colours of Kaspar (gold) and Banner 89 (blue) are stated; "Kilo 13" blue, Katya purple,
    "Asset Seven" red, Gregor green follow the card data), and a second Doktor Nyilaszy."""
    t = NfTable(players=3)
    hand = ["Doktor Nyilaszy", "Banner 89", "Kaspar Udunian", "Kilo 13", "Katya Iliyevna",
            "Asset Seven", "Gregor Dzanic", "Doktor Nyilaszy"]
    s = t.position(phase="chain", active=JANET, hands={JANET: hand})
    # Starting a chain: any one card, "without restriction".
    assert t.view(s)["pending"] == (JANET, "chain_start")
    assert sorted(options(t, s, PLAY0)) == sorted(set(hand))
    t.choose(s, "play", "Doktor Nyilaszy", by=JANET)
    # "Only blue and gold cards can be linked to the Doktor Nyilaszy card."
    assert t.view(s)["pending"] == (JANET, "link")
    assert options(t, s, PLAY0) == {"Banner 89", "Kaspar Udunian", "Kilo 13"}
    t.choose(s, "play", "Banner 89", by=JANET)
    # Now the last card is "Banner 89" (links red/gold): the blue "Kilo 13" linked to
    # the Doktor but cannot jump back to him; the second Doktor (white) cannot link either.
    assert options(t, s, PLAY0) == {"Kaspar Udunian", "Asset Seven"}
    t.choose(s, "play", "Kaspar Udunian", by=JANET)
    # Kaspar links to blue and white: "This Doktor Nyilaszy … can only link to a card with a
    # white link color symbol."
    assert "Doktor Nyilaszy" in options(t, s, PLAY0)
    t.choose(s, "play", "Doktor Nyilaszy", by=JANET)
    t.choose(s, "done", by=JANET)
    assert t.view(s)["chain"] == [("Doktor Nyilaszy", JANET, False), ("Banner 89", JANET, False),
                                  ("Kaspar Udunian", JANET, False), ("Doktor Nyilaszy", JANET, False)]
    # The opponents' chances go to the left: Scott first, then Brad (empty hands: only "done").
    assert t.view(s)["pending"] == (SCOTT, "link")
    assert s.legal_action_indices() == [DONE]
    t.choose(s, "done", by=SCOTT)
    assert t.view(s)["pending"] == (BRAD, "link")
    t.choose(s, "done", by=BRAD)
    assert s.events[-1]["type"] != "chain" and any(e["type"] == "chain_complete" for e in s.events)


def dog_eat_dog_chain(t: NfTable):
    """000 "Chaining Cards" (002 p.17): Scott starts with Dog Eat Dog, his only card; Brad
    links Full Battle Rattle (green); Janet links Kaspar Udunian (gold) to it and "Banner
    89" to her Kaspar.

    Chosen: Brad also holds "Clever Ivan" and has "Kaos 33" in play (so Full Battle
    Rattle has a friendly minion to go under); Janet's deck holds "JAREK" and "Kilo 13"."""
    s = t.position(phase="chain", active=SCOTT,
                   hands={SCOTT: ["Dog Eat Dog"], BRAD: ["Full Battle Rattle", "Clever Ivan"],
                          JANET: ["Banner 89", "Kaspar Udunian"]},
                   decks={JANET: ["JAREK", "Kilo 13"]},
                   play={BRAD: ["Kaos 33"]})
    t.choose(s, "play", "Dog Eat Dog", by=SCOTT)
    # "Since that's his only card, he can add nothing else to his chain."
    assert t.view(s)["pending"] == (SCOTT, "link") and s.legal_action_indices() == [DONE]
    t.choose(s, "done", by=SCOTT)
    # Brad can link: Full Battle Rattle is green, a link colour of Dog Eat Dog.
    assert t.view(s)["pending"] == (BRAD, "link")
    assert options(t, s, PLAY0) == {"Full Battle Rattle"}
    t.choose(s, "play", "Full Battle Rattle", by=BRAD)
    t.choose(s, "done", by=BRAD)
    # Janet: Kaspar (gold) links to Full Battle Rattle; "Banner 89" (blue) does not, yet.
    assert t.view(s)["pending"] == (JANET, "link")
    assert options(t, s, PLAY0) == {"Kaspar Udunian"}
    t.choose(s, "play", "Kaspar Udunian", by=JANET)
    assert options(t, s, PLAY0) == {"Banner 89"}
    t.choose(s, "play", "Banner 89", by=JANET)
    return s  # Janet has yet to say she is done linking


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_linking_example_dog_eat_dog_full_battle_rattle_000_chaining_cards_002_p17():
    """The chain as built. The text says nothing of kickers here; by the card data only
    Full Battle Rattle earns one (its kicker colour red is stated, 000 Kickers; Dog Eat
    Dog's red is designed). Kaspar's white and Banner 89's red kickers are not met."""
    t = NfTable(players=3)
    s = dog_eat_dog_chain(t)
    assert t.view(s)["chain"] == [("Dog Eat Dog", SCOTT, False), ("Full Battle Rattle", BRAD, True),
                                  ("Kaspar Udunian", JANET, False), ("Banner 89", JANET, False)]
    assert s.legal_action_indices() == [DONE]  # nothing left in her hand
    t.choose(s, "done", by=JANET)
    # Each player had his one chance (Scott, Brad, Janet): the chain is complete and resolves.
    assert any(e["type"] == "chain_complete" and e["length"] == 4 for e in s.events)
    assert resolved(t, s)[0] == "Banner 89"


def test_resolving_example_dog_eat_dog_chain_000_resolving_the_chain_002_p19():
    """000 "Resolving the Chain" (002 p.19): "The last card played on the chain was
    Janet's "Banner 89" card, so it resolves first. Then her Kaspar Udunian, followed by
    Brad's Full Battle Rattle. Finally Scott resolves his Dog Eat Dog card."

    The text gives only the order; the targets are chosen here: Kaspar makes Brad discard
    ("Clever Ivan"), Full Battle Rattle goes under Brad's "Kaos 33" and its kicker hits
    Janet's "Banner 89", and Dog Eat Dog has the rattled "Kaos 33" hit Kaspar."""
    t = NfTable(players=3)
    s = dog_eat_dog_chain(t)
    t.choose(s, "done", by=JANET)
    banner, kaspar, kaos = (t.id(s, n) for n in ("Banner 89", "Kaspar Udunian", "Kaos 33"))
    # 1. "Banner 89": Janet draws 1 card (the top of her deck), then he enters play.
    assert resolved(t, s) == ["Banner 89", "Kaspar Udunian"]  # Banner done; Kaspar asks his target
    assert t.view(s)["hands"][JANET] == ["Kilo 13"]
    assert t.view(s)["play"][JANET] == ["Banner 89"]
    # 2. Kaspar Udunian: target player discards 1 card.
    assert t.view(s)["pending"] == (JANET, "target_player")
    t.choose(s, "player", BRAD, by=JANET)
    assert t.view(s)["pending"] == (BRAD, "choose_discard")
    t.choose(s, "card", "Clever Ivan", by=BRAD)
    assert t.view(s)["discards"][BRAD] == ["Clever Ivan"]  # from the hand: not exiled (rule 60)
    # 3. Brad's Full Battle Rattle: attach to a friendly minion (only "Kaos 33"), then its kicker.
    assert resolved(t, s) == ["Banner 89", "Kaspar Udunian", "Full Battle Rattle"]
    assert t.view(s)["play"][JANET] == ["Banner 89", "Kaspar Udunian"]
    assert t.view(s)["pending"] == (BRAD, "target_minion") and options(t, s) == {"Kaos 33"}
    t.choose(s, "card", "Kaos 33", by=BRAD)
    assert options(t, s) == {"Kaos 33", "Banner 89", "Kaspar Udunian"}  # the kicker: any minion
    t.choose(s, "card", "Banner 89", by=BRAD)
    assert s.health_left(banner) == 1
    assert t.view(s)["attached"]["Kaos 33"] == ["Full Battle Rattle"]
    assert s.strength(kaos) == 3 + 2
    # 4. Scott's Dog Eat Dog: target minion inflicts its strength on another target minion.
    assert resolved(t, s)[-1] == "Dog Eat Dog"
    assert t.view(s)["pending"] == (SCOTT, "target_minion")
    t.choose(s, "card", "Kaos 33", by=SCOTT)
    assert "Kaos 33" not in options(t, s)
    t.choose(s, "card", "Kaspar Udunian", by=SCOTT)
    assert kaspar not in s.minions and kaspar in s.discards[JANET]  # 5 damage on 3 health
    # The chain is finished, in exactly the stated order, and Scott's turn goes on.
    assert resolved(t, s) == ["Banner 89", "Kaspar Udunian", "Full Battle Rattle", "Dog Eat Dog"]
    v = t.view(s)
    assert v["chain"] == [] and v["discards"][SCOTT] == ["Dog Eat Dog"]
    assert v["phase"] == "claim" and v["pending"] == (SCOTT, "claim")


# ---------------------------------------------------------------------- Kickers
def full_battle_rattle_kicker(t: NfTable):
    """000 "Kickers" (002 p.19): Janet links Full Battle Rattle (kicker: red) to a red
    "Asset Seven", so she must use its kicker. The only minion in play is her own "Bone
    Cruncher", so she damages him, and Full Battle Rattle goes under him "right before her
    turn", i.e. on the turn of the player to her right, Brad.

    Chosen: Brad starts the chain with the "Asset Seven"; Scott has nothing to link."""
    s = t.position(phase="chain", active=BRAD, hands={BRAD: ["Asset Seven"], JANET: ["Full Battle Rattle"]},
                   play={JANET: ["Bone Cruncher"]})
    t.choose(s, "play", "Asset Seven", by=BRAD)
    t.choose(s, "done", by=BRAD)
    assert t.view(s)["pending"] == (JANET, "link")
    t.choose(s, "play", "Full Battle Rattle", by=JANET)
    t.choose(s, "done", by=JANET)
    t.choose(s, "done", by=SCOTT)
    return s


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_full_battle_rattle_kicker_example_000_kickers_002_p19():
    t = NfTable(players=3)
    s = full_battle_rattle_kicker(t)
    cruncher = t.id(s, "Bone Cruncher")
    # Linked to a red card: Full Battle Rattle gets its kicker.
    assert t.view(s)["chain"] == [("Asset Seven", BRAD, False), ("Full Battle Rattle", JANET, True)]
    # Chain text: attach to target friendly minion — her "Bone Cruncher".
    assert t.view(s)["pending"] == (JANET, "target_minion") and options(t, s) == {"Bone Cruncher"}
    t.choose(s, "card", "Bone Cruncher", by=JANET)
    # Kicker: damage on target minion. "The only minion currently in play is her own
    # "Bone Cruncher", so she damages "Bone Cruncher"" (a mandatory target, rule 72).
    assert t.view(s)["pending"] == (JANET, "target_minion") and options(t, s) == {"Bone Cruncher"}
    t.choose(s, "card", "Bone Cruncher", by=JANET)
    assert s.minions[cruncher]["damage"] == 1
    # Full Battle Rattle is now underneath "Bone Cruncher": +2 strength for her turn.
    assert t.view(s)["attached"]["Bone Cruncher"] == ["Full Battle Rattle"]
    assert s.strength(cruncher) == 5 + 2
    assert resolved(t, s) == ["Full Battle Rattle", "Asset Seven"]


def test_full_battle_rattle_kicker_example_pays_off_on_janets_turn_000_kickers():
    """The rest of the Kickers example: the trade pays off on Janet's turn, when the
    rattled "Bone Cruncher" attacks. After Full Battle Rattle, the "Asset Seven" it
    linked to resolves, and its stated chain text must target the only minion in play."""
    t = NfTable(players=3)
    s = full_battle_rattle_kicker(t)
    cruncher = t.id(s, "Bone Cruncher")
    t.choose(s, "card", "Bone Cruncher", by=JANET)
    t.choose(s, "card", "Bone Cruncher", by=JANET)
    assert t.view(s)["pending"] == (BRAD, "target_minion") and options(t, s) == {"Bone Cruncher"}
    t.choose(s, "card", "Bone Cruncher", by=BRAD)
    if s.decision_kind() == "target_minion":  # "If it was destroyed, inflict 2 damage …"
        t.choose(s, "card", s.legal_action_indices()[0] - CARD0, by=BRAD)
    t.choose(s, "done", by=BRAD)  # Brad claims nothing
    t.choose(s, "pass", by=BRAD)  # and uses no wound effect
    # Janet's turn begins: her "Bone Cruncher" is still in play with Full Battle Rattle.
    assert s.active == JANET and s.phase == "combat"
    assert cruncher in s.minions, "\"Bone Cruncher\" did not survive until Janet's turn"
    assert t.view(s)["attached"]["Bone Cruncher"] == ["Full Battle Rattle"]
    pass_window(t, s)
    t.choose(s, "attack", "Bone Cruncher", by=JANET, target=SCOTT)
    while s.phase == "combat":
        if s.decision_kind() == "block":
            t.choose(s, "done", by=s.current_player())
        else:
            pass_window(t, s)
    assert t.view(s)["wounds"][SCOTT] == 7


# ---------------------------------------------------------------------- An Example Chain
def test_example_chain_full_battle_rattle_unholy_resurrection_r_and_d_katya_000_002_p20():
    """000 "An Example Chain" (002 p.20), Janet's turn.

    Building: Janet plays Full Battle Rattle (links gold, silver) and links Unholy
    Resurrection (silver; links blue, gold) and stops; Scott links R&D (blue) and stops;
    Brad plays Katya Iliyevna, his only card. Resolving, last in first out: Katya (1
    damage on Scott; no kicker, so Scott's hunter stays), R&D (Scott draws 2; no kicker),
    Unholy Resurrection (Janet's Doktor Nyilaszy from her discard pile into play; kicker,
    linked to a green order: 2 cards of an archive on top of Brad's deck), then Full Battle
    Rattle under Doktor Nyilaszy.

    Chosen: Scott's hunter is "Kilo 13"; Janet could have linked "Kilo 13" (blue) and Scott
    "JAREK" (green) but both stop as narrated; Janet's discard pile also holds Kaspar (not a
    ghoul); decks as listed; the "unwanted archive" is the commons' Still Standing."""
    t = NfTable(players=3)
    s = t.position(phase="chain", active=JANET,
                   hands={JANET: ["Full Battle Rattle", "Unholy Resurrection", "Kilo 13"],
                          SCOTT: ["R&D", "JAREK"], BRAD: ["Katya Iliyevna"]},
                   discards={JANET: ["Kaspar Udunian", "Doktor Nyilaszy"]},
                   decks={SCOTT: ["Patrol Zombie", "Fresh Meat", "Power and Glory"], BRAD: ["Clever Ivan"]},
                   play={SCOTT: ["Kilo 13"]},
                   archives={"Still Standing": (-1, 7)})
    scott_hunter = next(m for m in s.play[SCOTT])
    # 1. Full Battle Rattle starts the chain; 2. Unholy Resurrection (silver) links to it.
    t.choose(s, "play", "Full Battle Rattle", by=JANET)
    assert "Unholy Resurrection" in options(t, s, PLAY0)
    t.choose(s, "play", "Unholy Resurrection", by=JANET)
    # 3. Janet adds no more cards (the blue "Kilo 13" could link: blue is a link colour).
    assert options(t, s, PLAY0) == {"Kilo 13"}
    t.choose(s, "done", by=JANET)
    # 4. Scott, to Janet's left, links R&D (blue) and then stops ("JAREK" could link).
    assert t.view(s)["pending"] == (SCOTT, "link") and options(t, s, PLAY0) == {"R&D"}
    t.choose(s, "play", "R&D", by=SCOTT)
    assert options(t, s, PLAY0) == {"JAREK"}
    t.choose(s, "done", by=SCOTT)
    # 5. Brad plays Katya Iliyevna, his only card; the chain ends.
    assert t.view(s)["pending"] == (BRAD, "link") and options(t, s, PLAY0) == {"Katya Iliyevna"}
    t.choose(s, "play", "Katya Iliyevna", by=BRAD)
    assert s.legal_action_indices() == [DONE]
    t.choose(s, "done", by=BRAD)
    # Kickers: only Unholy Resurrection's ("linked to a green order"); R&D and Katya get none.
    assert t.view(s)["chain"] == [("Full Battle Rattle", JANET, False), ("Unholy Resurrection", JANET, True),
                                  ("R&D", SCOTT, False), ("Katya Iliyevna", BRAD, False)]

    # Resolving. 1. Katya Iliyevna: 1 damage on a player — Brad picks on Scott.
    assert resolved(t, s) == ["Katya Iliyevna"]
    assert t.view(s)["pending"] == (BRAD, "target_player")
    t.choose(s, "player", SCOTT, by=BRAD)
    v = t.view(s)
    assert v["wounds"] == [1, 0, 0]
    # No kicker, so Scott's hunter survives; Katya is in play in front of Brad.
    assert scott_hunter in s.minions and v["play"][SCOTT] == ["Kilo 13"]
    assert v["play"][BRAD] == ["Katya Iliyevna"]
    # 2. R&D: Scott draws two cards (his deck's top two), then discards R&D. No kicker.
    assert resolved(t, s)[:3] == ["Katya Iliyevna", "R&D", "Unholy Resurrection"]
    v = t.view(s)
    assert sorted(v["hands"][SCOTT]) == sorted(["JAREK", "Power and Glory", "Fresh Meat"])
    assert v["decks"][SCOTT] == ["Patrol Zombie"]
    assert "R&D" in v["discards"][SCOTT] and "R&D" not in v["hands"][SCOTT]
    # 3. Unholy Resurrection: the only ghoul in her discard pile is Doktor Nyilaszy.
    assert v["pending"] == (JANET, "target_card") and options(t, s) == {"Doktor Nyilaszy"}
    t.choose(s, "card", "Doktor Nyilaszy", by=JANET)
    assert t.view(s)["play"][JANET] == ["Doktor Nyilaszy"]
    # 4. Its kicker: two cards from an unwanted archive clog up Brad's deck.
    assert t.view(s)["pending"] == (JANET, "target_archive")
    t.choose(s, "archive", "Still Standing", by=JANET)
    assert t.view(s)["pending"] == (JANET, "target_player")
    t.choose(s, "player", BRAD, by=JANET)
    v = t.view(s)
    assert v["decks"][BRAD] == ["Clever Ivan", "Still Standing", "Still Standing"]
    assert len(s.archives[t.archive(s, "Still Standing")]["cards"]) == 5
    assert v["discards"][JANET] == ["Kaspar Udunian", "Unholy Resurrection"]  # she discards it
    # 5. Full Battle Rattle goes underneath her Doktor Nyilaszy (her only friendly minion).
    assert v["pending"] == (JANET, "target_minion") and options(t, s) == {"Doktor Nyilaszy"}
    t.choose(s, "card", "Doktor Nyilaszy", by=JANET)
    v = t.view(s)
    assert resolved(t, s) == ["Katya Iliyevna", "R&D", "Unholy Resurrection", "Full Battle Rattle"]
    assert v["attached"]["Doktor Nyilaszy"] == ["Full Battle Rattle"]
    assert s.strength(t.id(s, "Doktor Nyilaszy")) == 2 + 2
    assert v["chain"] == [] and v["phase"] == "claim" and v["pending"] == (JANET, "claim")
    assert "Full Battle Rattle" not in v["discards"][JANET]


# ---------------------------------------------------------------------- The Claim Phase
def test_claim_example_dog_eat_dog_000_claim_phase_002_p21():
    """000 "The Claim Phase" (002 p.21): Dog Eat Dog costs 3. Brad starts his turn with 2
    influence, so he discards 1 card from his hand to claim it, which uses all his
    influence; to claim anything else he must discard more cards.

    Chosen: Brad's hand is four starting minions; Dog Eat Dog is in the commons; his
    private archive is Gregor Dzanic (cost 5); he makes no chain. He then discards three
    more cards and claims a second copy ("including multiple copies of the same card")."""
    t = NfTable(players=3)
    s = t.position(phase="chain", active=BRAD,
                   hands={BRAD: ["Kilo 13", "Patrol Zombie", "Clever Ivan", "Victor One"]},
                   archives={"Dog Eat Dog": (-1, 7), "Gregor Dzanic": (BRAD, 7)})
    dog = t.archive(s, "Dog Eat Dog")
    assert s.game.card("cw-dog-eat-dog").cost == 3  # "This Dog Eat Dog has an influence cost of 3"
    t.choose(s, "pass", by=BRAD)  # no chain
    assert t.view(s)["pending"] == (BRAD, "claim")
    assert s.influence == 2  # "he starts his turn with 2 influence"
    assert not [i for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24]  # 2 < 3 (and < 5)
    t.choose(s, "discard", "Kilo 13", by=BRAD)
    assert s.influence == 3
    assert t.view(s)["discards"][BRAD] == ["Kilo 13"] and t.view(s)["exiled"] == []  # rule 60
    t.choose(s, "archive", "Dog Eat Dog", by=BRAD)
    v = t.view(s)
    assert s.influence == 0  # "this uses all of his influence"
    assert v["discards"][BRAD] == ["Kilo 13", "Dog Eat Dog"]  # claimed: on top of his discard pile
    assert len(s.archives[dog]["cards"]) == 6
    assert ARCHIVE0 + dog not in s.legal_action_indices()  # "he will have to discard more cards"
    for card in ("Patrol Zombie", "Clever Ivan", "Victor One"):
        t.choose(s, "discard", card, by=BRAD)
    assert s.influence == 3
    t.choose(s, "archive", "Dog Eat Dog", by=BRAD)
    assert t.view(s)["discards"][BRAD][-1] == "Dog Eat Dog" and s.influence == 0
    assert len(s.archives[dog]["cards"]) == 5
    t.choose(s, "done", by=BRAD)
    assert t.view(s)["phase"] == "cleanup"


# ---------------------------------------------------------------------- The Cleanup Phase
def test_cleanup_wound_example_000_cleanup_phase_002_p22():
    """000 "The Cleanup Phase" (002 p.22): Brad draws 2 wound cards during his cleanup
    phase. He discards both of them and draws 4 more cards. One of these is another wound
    card, but since he already replaced wound cards once, he can do nothing more.

    Chosen: Brad holds 3 orders, so he draws 2 to reach 5; his deck's top two cards are
    NF (card-draw) wounds and the four below them include a third wound. The wound text
    (designed, checklist ambiguity 3): discard this and any other wounds, draw 2 each."""
    t = NfTable(players=3)
    s = t.position(phase="claim", active=BRAD, influence=2,
                   hands={BRAD: ["Kilo 13", "Patrol Zombie", "Clever Ivan"]},
                   decks={BRAD: ["Victor One", "Snowstorm", "JAREK"]})
    third = add_wounds(t, s, BRAD, "decks", ["burn"], at=1)
    drawn_first = add_wounds(t, s, BRAD, "decks", ["bite", "bleed"])
    assert [t.names[c] for c in s.decks[BRAD]] == ["Victor One", "NF Wound (burn)", "Snowstorm", "JAREK",
                                                   "NF Wound (bite)", "NF Wound (bleed)"]
    t.choose(s, "done", by=BRAD)  # claims nothing; cleanup: draw up to 5
    v = t.view(s)
    assert len(v["hands"][BRAD]) == 5 and set(drawn_first) <= set(s.hands[BRAD])
    # He may use one wound effect: either of the two wounds drawn.
    assert v["pending"] == (BRAD, "wound_effect")
    assert set(s.legal_action_indices()) == {PASS} | {PLAY0 + w for w in drawn_first}
    t.choose(s, "play", drawn_first[1], by=BRAD)
    assert t.view(s)["pending"] == (BRAD, "choose_wounds")
    t.choose(s, "card", drawn_first[0], by=BRAD)  # discards the other one too
    assert s.legal_action_indices() == [DONE]
    t.choose(s, "done", by=BRAD)
    # Both wounds discarded; 4 cards drawn — the whole rest of his deck, third wound included.
    assert set(drawn_first) <= set(s.discards[BRAD])
    assert s.decks[BRAD] == []
    assert sorted(t.view(s)["hands"][BRAD]) == sorted(
        ["Kilo 13", "Patrol Zombie", "Clever Ivan", "Victor One", "NF Wound (burn)", "Snowstorm", "JAREK"])
    assert third[0] in s.hands[BRAD]
    # "He can do nothing more this turn": no second wound effect; the turn passes to Janet.
    assert s.active == JANET and t.view(s)["pending"] == (JANET, "combat_window")
    assert t.view(s)["wounds"][BRAD] == 3


# ---------------------------------------------------------------------- The End of the Game
def test_inhuman_wave_end_of_game_example_000_end_of_game_002_p22():
    """000 "The End of the Game" (002 p.22): Brad links Inhuman Wave to Scott's chain; it
    inflicts 2 damage on Janet. She receives the last face-up wound (so the game ends after
    the chain) and then a face-down one. The players finish Scott's chain; then the game
    ends and the fewest wounds in deck, hand and discard pile wins.

    Chosen: Scott's chain is one "Banner 89" (blue; links red, so the red Inhuman Wave can
    link to it); the wound stack has 1 face-up wound left on 4 face-down ones; before the
    chain Scott has 2 wounds, Brad 3 and Janet 2, spread over decks, hands and discards."""
    t = NfTable(players=3)
    s = t.position(phase="chain", active=SCOTT, hands={SCOTT: ["Banner 89"], BRAD: ["Inhuman Wave"]},
                   decks={SCOTT: ["Clever Ivan"]}, wounds=5, face_up=1)
    add_wounds(t, s, SCOTT, "decks", ["bite"], at=0)  # under his "Clever Ivan"
    add_wounds(t, s, SCOTT, "discards", ["burn"])
    add_wounds(t, s, BRAD, "decks", ["bite"])
    add_wounds(t, s, BRAD, "hands", ["burn"])
    add_wounds(t, s, BRAD, "discards", ["bleed"])
    add_wounds(t, s, JANET, "hands", ["bite", "burn"])
    assert t.view(s)["wounds"] == [2, 3, 2]
    t.choose(s, "play", "Banner 89", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    t.choose(s, "play", "Inhuman Wave", by=BRAD)
    t.choose(s, "done", by=BRAD)
    t.choose(s, "done", by=JANET)
    # Inhuman Wave resolves: 2 damage on a player of Brad's choice — Janet.
    assert t.view(s)["pending"] == (BRAD, "target_player")
    face_up_wound, face_down_wound = s.wounds[-1], s.wounds[-2]
    t.choose(s, "player", JANET, by=BRAD)
    # She receives the last face-up wound and still the second, a face-down one.
    assert s.discards[JANET][-2:] == [face_up_wound, face_down_wound]
    assert s.face_up == 0 and len(s.wounds) == 3
    assert any(e["type"] == "last_wound" and e["player"] == JANET for e in s.events)
    assert [e["cards"] for e in s.events if e["type"] == "wounds"] == [[face_up_wound, face_down_wound]]
    # The game is not over yet: Scott's chain is finished first.
    assert resolved(t, s) == ["Inhuman Wave", "Banner 89"]
    assert s.over is True  # Banner 89 had nothing to ask: the chain finished, then the game ended
    v = t.view(s)
    assert v["play"][SCOTT] == ["Banner 89"]  # Scott's chain did resolve: in play…
    assert "Clever Ivan" in v["hands"][SCOTT]  # …after drawing its 1 card
    # No Claim Phase followed.
    assert not any(e["type"] == "phase" and e.get("phase") == "claim" for e in s.events)
    assert v["wounds"] == [2, 3, 4]
    assert s.is_terminal() and s.winner == SCOTT and s.returns() == [1.0, 0.0, 0.0]


def test_inhuman_wave_end_of_game_example_chain_goes_on_000_end_of_game():
    """The same example with a card left to resolve that needs a decision: after the
    last face-up wound, "the players then continue to resolve Scott's chain", and its
    damage is still taken as face-down wounds. Chosen: Scott starts with Katya
    Iliyevna (purple, links red) and targets Brad with her 1 damage."""
    t = NfTable(players=3)
    s = t.position(phase="chain", active=SCOTT, hands={SCOTT: ["Katya Iliyevna"], BRAD: ["Inhuman Wave"]},
                   wounds=5, face_up=1)
    t.choose(s, "play", "Katya Iliyevna", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    t.choose(s, "play", "Inhuman Wave", by=BRAD)
    t.choose(s, "done", by=BRAD)
    t.choose(s, "done", by=JANET)
    t.choose(s, "player", JANET, by=BRAD)
    assert s.ending and not s.over and s.face_up == 0
    assert t.view(s)["pending"] == (SCOTT, "target_player")  # Katya still resolves
    t.choose(s, "player", BRAD, by=SCOTT)
    assert s.over and t.view(s)["wounds"] == [0, 1, 2]
    assert len(s.wounds) == 2 and t.view(s)["play"][SCOTT] == ["Katya Iliyevna"]
    assert s.winner == SCOTT


def test_tie_breaker_example_000_end_of_game_002_p22():
    """000 "The End of the Game" (002 p.22): "Brad and Janet are tied at 7 wounds each.
    Brad has 3 bites, 3 burns, and 1 bleed. Janet has 1 bite, 4 burns, and 2 bleeds. Since
    Janet has 4 of her most frequent wound and Brad has only 3, Brad wins the tiebreaker."

    Chosen: a 3-player game whose first player is Scott, so the last tie-breaker (closest
    to the right of the first player) would pick Janet: only the keyword counts can make
    Brad win. The game ends when Scott's Katya Iliyevna gives Janet the last face-up wound,
    a bleed, which makes her 1/4/2. Scott has 9 wounds."""
    t = NfTable(players=3)
    s = t.position(phase="chain", active=SCOTT, hands={SCOTT: ["Katya Iliyevna"]}, wounds=3, face_up=1)
    assert s.wtype[s.wounds[-1]] == "bleed"
    add_wounds(t, s, SCOTT, "discards", ["bite"] * 3 + ["burn"] * 3 + ["bleed"] * 3)
    add_wounds(t, s, BRAD, "decks", ["bite", "bite", "burn"])
    add_wounds(t, s, BRAD, "discards", ["bite", "burn", "burn", "bleed"])
    add_wounds(t, s, JANET, "hands", ["bite", "burn", "burn"])
    add_wounds(t, s, JANET, "discards", ["burn", "burn", "bleed"])
    assert t.view(s)["wounds"] == [9, 7, 6]
    t.choose(s, "play", "Katya Iliyevna", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    t.choose(s, "done", by=BRAD)
    t.choose(s, "done", by=JANET)
    t.choose(s, "player", JANET, by=SCOTT)
    assert s.over
    assert t.view(s)["wounds"] == [9, 7, 7]
    assert wound_types(s, BRAD) == {"bite": 3, "burn": 3, "bleed": 1}
    assert wound_types(s, JANET) == {"bite": 1, "burn": 4, "bleed": 2}
    assert s.winner == BRAD and s.returns() == [0.0, 1.0, 0.0]
