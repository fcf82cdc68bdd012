"""Seed 001's (Martial Law rulebook) worked examples, replayed step by step with the
Martial Law cards (``data/martial_law.json``): the combat example (Koi Jiang, "Legion
Ten", "Lone Hound"), the linking examples, the Sweep and Clear / Maya Westermann chain,
the Jerome Carceri kicker and feed, the example chain (Jerome Carceri, Nian Jiang,
Tactical Prep, Hysteria), the Roland LeFontaine claim, and the end-of-game example with
Death Grip (a Nightfall base-set card, from ``data/nightfall.json``).

Players as in the rulebook: Scott, Brad and Janet sit clockwise. Where the rulebook does
not say what else is on the table, the test says what it chose. Rule numbers are those of
``shared/rules-checklist.md`` part A.
"""

from __future__ import annotations

from gloam.nightfall.actions import ARCHIVE0, CARD0, PLAY0
from gloam.nightfall.cards import load_set
from nf_scenario import NfTable

SCOTT, BRAD, JANET = 0, 1, 2


def table(*sets: str) -> NfTable:
    return NfTable(players=3, sets=("ML", *sets, "CW"))


def pass_window(t: NfTable, s) -> None:
    """Every player passes one combat window (from the active player, clockwise)."""
    for p in s.clockwise_from(s.active):
        assert t.view(s)["pending"] == (p, "combat_window")
        t.choose(s, "pass", by=p)


def offered(t: NfTable, s, base: int = CARD0) -> set[str]:
    return {t.names[i - base] for i in s.legal_action_indices() if base <= i < base + 512}


def resolved(t: NfTable, s) -> list[str]:
    return [t.names[e["card"]] for e in s.events if e["type"] == "resolve"]


def done_until(t: NfTable, s, player: int) -> None:
    """Players stop linking until it is ``player``'s turn to link."""
    while s.current_player() != player:
        t.choose(s, "done", by=s.current_player())


# ---------------------------------------------------------------------- The Combat Phase
def test_combat_example_koi_jiang_legion_ten_lone_hound_001_combat_phase():
    """001 "The Combat Phase" and "Damaging Players": Scott sends Koi Jiang and "Legion
    Ten" against Brad and "Lone Hound" against Janet (001 prints "Big Ghost" there; its
    Damaging Players example has "Lone Hound" attack Janet). Brad blocks "Legion Ten" (4)
    with "Queen's Bishop" then Roland LeFontaine, and Koi Jiang (3) with his Grotesque
    Revenant, which has 2 health left. The Bishop (2 health) absorbs 2 and is destroyed;
    Roland takes 2 (rotated 180°, 1 health left); the Revenant is destroyed and 1 damage
    reaches Brad; Janet, unblocked, takes 5 wounds."""
    t = table()
    s = t.position(phase="combat", active=SCOTT, play={SCOTT: ["Koi Jiang", "Legion Ten", "Lone Hound"],
                                                       BRAD: ["Queen's Bishop", "Roland LeFontaine",
                                                              "Grotesque Revenant"]},
                   damage={"Grotesque Revenant": 2})
    pass_window(t, s)
    t.choose(s, "attack", "Koi Jiang", by=SCOTT, target=BRAD)
    t.choose(s, "attack", "Legion Ten", by=SCOTT, target=BRAD)
    t.choose(s, "attack", "Lone Hound", by=SCOTT, target=JANET)
    pass_window(t, s)
    t.choose(s, "block", "Queen's Bishop", by=BRAD, target=1)  # absorbs first
    t.choose(s, "block", "Roland LeFontaine", by=BRAD, target=1)
    t.choose(s, "block", "Grotesque Revenant", by=BRAD, target=0)  # all his minions block: no more asked
    assert t.view(s)["pending"] == (SCOTT, "combat_window")  # Janet has no minions: no block decision
    pass_window(t, s)
    view = t.view(s)
    assert view["wounds"] == [0, 1, 5]
    roland = t.id(s, "Roland LeFontaine")
    assert view["damage"]["Roland LeFontaine"] == 2 and s.health_left(roland) == 1
    assert sorted(x for x in view["discards"][BRAD] if x in t.names.values()) == \
        ["Grotesque Revenant", "Queen's Bishop"]  # the rest of his discard pile: his wound


# ---------------------------------------------------------------------- Chaining Cards
def test_linking_example_lone_hound_jerome_carceri_001_chaining_cards():
    """001 "Chaining Cards": "Lone Hound" is gold and links to white or green. Janet starts
    her chain with it for free, then adds Jerome Carceri, a white card. Chosen: her hand
    also holds one order of each other colour; only the white and green ones may link."""
    t = table()
    hand = ["Lone Hound", "Jerome Carceri", "Headshot", "Koi Jiang", "Maya Westermann", "Bleak Resurrection",
            "Chan Jiang"]
    s = t.position(phase="chain", active=JANET, hands={JANET: hand})
    assert offered(t, s, PLAY0) == set(hand)  # starting a chain: any order
    t.choose(s, "play", "Lone Hound", by=JANET)
    assert offered(t, s, PLAY0) == {"Jerome Carceri", "Maya Westermann", "Chan Jiang"}
    assert {load_set("ML").card(n).colour for n in offered(t, s, PLAY0)} == {"white", "green"}
    t.choose(s, "play", "Jerome Carceri", by=JANET)
    assert [c for c, _, _ in t.view(s)["chain"]] == ["Lone Hound", "Jerome Carceri"]


def test_linking_example_sweep_and_clear_maya_westermann_001_chaining_and_resolving():
    """001 "Chaining Cards" and "Resolving the Chain": Scott begins his chain with Sweep
    and Clear and can add nothing else. Brad links Maya Westermann (green, one of Sweep and
    Clear's link colours). Janet links her gold "Lone Hound" to Brad's Maya and a Chan
    Jiang to her own "Lone Hound". Resolution: Chan Jiang, "Lone Hound", Maya Westermann,
    Sweep and Clear."""
    t = table()
    s = t.position(phase="chain", active=SCOTT,
                   hands={SCOTT: ["Sweep and Clear"], BRAD: ["Maya Westermann"], JANET: ["Lone Hound", "Chan Jiang"]})
    t.choose(s, "play", "Sweep and Clear", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    assert offered(t, s, PLAY0) == {"Maya Westermann"}
    t.choose(s, "play", "Maya Westermann", by=BRAD)
    t.choose(s, "done", by=BRAD)
    t.choose(s, "play", "Lone Hound", by=JANET)
    t.choose(s, "play", "Chan Jiang", by=JANET)
    t.choose(s, "done", by=JANET)
    # Chan Jiang: no archive to claim from; Lone Hound: no chain text; Maya's 2 damage
    # must take a target: Janet's minions are in play now
    assert resolved(t, s) == ["Chan Jiang", "Lone Hound", "Maya Westermann"]
    assert offered(t, s) == {"Chan Jiang", "Lone Hound"}
    t.choose(s, "card", "Lone Hound", by=BRAD)
    t.choose(s, "card", "Maya Westermann", by=SCOTT)  # Sweep and Clear: 2 damage
    assert resolved(t, s) == ["Chan Jiang", "Lone Hound", "Maya Westermann", "Sweep and Clear"]
    assert s.phase == "claim"


# ---------------------------------------------------------------------- Kickers and Feed
def test_kicker_and_feed_example_jerome_carceri_001_kickers_feed():
    """001 "Kickers": Jerome Carceri has a gold kicker; linked to Janet's gold "Lone
    Hound", she must use it: the only minion in play is Brad's Maya Westermann, healed
    from 3 health to 4 (her full health). 001 "Feed": she may then discard 1 card to
    resolve the kicker again; without the kicker there is no feed."""
    t = table()
    s = t.position(phase="chain", active=JANET, hands={JANET: ["Lone Hound", "Jerome Carceri", "Headshot"]},
                   play={BRAD: ["Maya Westermann"]}, damage={"Maya Westermann": 1})
    maya = t.id(s, "Maya Westermann")
    t.choose(s, "play", "Lone Hound", by=JANET)
    t.choose(s, "play", "Jerome Carceri", by=JANET)
    for p in (JANET, SCOTT, BRAD):
        t.choose(s, "done", by=p)
    assert offered(t, s) == {"Maya Westermann"}  # a mandatory target: the only minion (rule 72)
    t.choose(s, "card", "Maya Westermann", by=JANET)
    assert s.health_left(maya) == 4 == load_set("ML").card("Maya Westermann").health
    assert t.view(s)["pending"] == (JANET, "feed")
    t.choose(s, "feed", by=JANET)
    t.choose(s, "card", "Headshot", by=JANET)
    t.choose(s, "card", "Maya Westermann", by=JANET)  # nothing to heal: stays at 4 (rule 111)
    assert s.health_left(maya) == 4 and t.view(s)["discards"][JANET] == ["Headshot"]


# ---------------------------------------------------------------------- An Example Chain
def test_example_chain_jerome_nian_tactical_prep_hysteria_001():
    """001 "An Example Chain". Janet starts with Jerome Carceri (links red, purple), links
    Nian Jiang (red; links blue, gold). Scott links Tactical Prep (blue); Brad links
    Hysteria. Resolution: Brad's Hysteria can't target Janet's Jerome (not in play yet):
    he targets his own Charlotte Reyes (she and he take 1 damage: his "Bad Smoke" must
    block the damage to him). Scott's Tactical Prep: he inspects his deck and draws a card.
    Janet's Nian Jiang: no chain text; linked to a white order, its kicker takes control of
    Brad's "Bad Smoke"; Nian comes into play. Jerome: no chain text, no kicker (it started
    the chain); it comes into play. Chosen: Scott's deck."""
    t = table()
    s = t.position(phase="chain", active=JANET,
                   hands={JANET: ["Jerome Carceri", "Nian Jiang"], SCOTT: ["Tactical Prep"], BRAD: ["Hysteria"]},
                   decks={SCOTT: ["Headshot", "Koi Jiang", "Silver Stake"]},
                   play={BRAD: ["Charlotte Reyes", "Bad Smoke"]})
    t.choose(s, "play", "Jerome Carceri", by=JANET)
    assert "Nian Jiang" in offered(t, s, PLAY0)
    t.choose(s, "play", "Nian Jiang", by=JANET)
    t.choose(s, "done", by=JANET)
    assert t.view(s)["pending"] == (SCOTT, "link")
    t.choose(s, "play", "Tactical Prep", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    t.choose(s, "play", "Hysteria", by=BRAD)
    t.choose(s, "done", by=BRAD)
    assert [(c, k) for c, _, k in t.view(s)["chain"]] == [("Jerome Carceri", False), ("Nian Jiang", True),
                                                            ("Tactical Prep", False), ("Hysteria", False)]
    # Hysteria: the minions in play only (Jerome is still in the chain, rule 70)
    assert offered(t, s) == {"Charlotte Reyes", "Bad Smoke"}
    t.choose(s, "card", "Charlotte Reyes", by=BRAD)
    assert t.view(s)["damage"] == {"Charlotte Reyes": 1, "Bad Smoke": 1} and t.view(s)["wounds"] == [0, 0, 0]
    # Tactical Prep: Scott looks through his deck and draws the card he likes
    assert t.view(s)["pending"] == (SCOTT, "target_card") and offered(t, s) == {"Headshot", "Koi Jiang",
                                                                                  "Silver Stake"}
    t.choose(s, "card", "Koi Jiang", by=SCOTT)
    assert t.view(s)["hands"][SCOTT] == ["Koi Jiang"] and len(s.decks[SCOTT]) == 2
    # Nian Jiang's kicker: Janet takes control of Brad's "Bad Smoke"
    assert offered(t, s) == {"Charlotte Reyes", "Bad Smoke"}
    t.choose(s, "card", "Bad Smoke", by=JANET)
    assert resolved(t, s) == ["Hysteria", "Tactical Prep", "Nian Jiang", "Jerome Carceri"]
    assert t.view(s)["play"][JANET] == ["Bad Smoke", "Nian Jiang", "Jerome Carceri"]
    assert t.view(s)["play"][BRAD] == ["Charlotte Reyes"] and s.phase == "claim"
    kicked = [t.names[e["card"]] for e in s.events if e["type"] == "kicker"]
    assert kicked == ["Nian Jiang"]


# ---------------------------------------------------------------------- The Claim Phase
def test_claim_example_roland_lefontaine_001_claim_phase():
    """001 "The Claim Phase": Roland LeFontaine costs 3. Brad starts his turn with 2
    influence, discards 1 card for the third and claims Roland, which uses all his
    influence; to claim anything else he would have to discard more. Chosen: his hand of
    3 cards and a commons archive of Headshot (3)."""
    t = table()
    s = t.position(phase="claim", active=BRAD, influence=2, hands={BRAD: ["Charlotte Reyes", "Koi Jiang", "Hysteria"]},
                   archives={"Roland LeFontaine": (BRAD, 7), "Headshot": (-1, 7)})
    assert load_set("ML").card("Roland LeFontaine").cost == 3
    t.choose(s, "discard", "Charlotte Reyes", by=BRAD)  # not exiled: never in play (rule 60)
    assert s.influence == 3
    t.choose(s, "archive", "Roland LeFontaine", by=BRAD)
    assert s.influence == 0 and t.view(s)["discards"][BRAD] == ["Charlotte Reyes", "Roland LeFontaine"]
    assert s.exiled == [] and len(s.archives[0]["cards"]) == 6
    assert not [i for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24]  # Headshot (3): no
    t.choose(s, "discard", "Koi Jiang", by=BRAD)
    t.choose(s, "discard", "Hysteria", by=BRAD)
    assert s.influence == 2 and [i for i in s.legal_action_indices() if ARCHIVE0 <= i < ARCHIVE0 + 24] == []


# ---------------------------------------------------------------------- The End of the Game
def test_end_of_game_example_death_grip_001_end_of_the_game():
    """001 "The End of the Game": Brad links a Death Grip to Scott's chain; it inflicts 3
    damage on a player of his choice: Janet. She receives the last 2 face-up wounds (so the
    game ends after the chain) and still receives the third, a face-down wound. The players
    then continue to resolve Scott's chain. Death Grip is a Nightfall base-set card (NF
    data); Scott's chain is a Tactical Prep (blue, links gold: Death Grip is gold, and its
    green kicker is not earned), which still resolves; then the game ends (rule 161)."""
    t = table("NF")
    s = t.position(phase="chain", active=SCOTT, wounds=6, face_up=2,
                   hands={SCOTT: ["Tactical Prep"], BRAD: ["Death Grip"]}, decks={SCOTT: ["Headshot"]})
    t.choose(s, "play", "Tactical Prep", by=SCOTT)
    t.choose(s, "done", by=SCOTT)
    t.choose(s, "play", "Death Grip", by=BRAD)
    t.choose(s, "done", by=BRAD)
    t.choose(s, "done", by=JANET)
    t.choose(s, "player", JANET, by=BRAD)
    assert t.view(s)["wounds"] == [0, 0, 3] and s.face_up == 0 and s.ending and not s.is_terminal()
    assert t.view(s)["pending"] == (SCOTT, "target_card")  # the chain goes on: Tactical Prep
    t.choose(s, "card", "Headshot", by=SCOTT)
    assert s.is_terminal() and s.winner in (SCOTT, BRAD)
