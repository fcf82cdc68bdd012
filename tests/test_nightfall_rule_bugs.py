"""Nightfall rule bugs of issue 13 (part 2), each as a scenario a player would notice.

Every test builds a position by card name (``tests/nf_scenario.py``), makes each decision
through ``state.apply`` as a front end would, and asserts what the table shows. Seeds are
those of ``../shared/seeds`` (000 the Coldest War rulebook and FAQ, 003 the official card
and rule FAQ); rule and reading numbers are those of ``../shared/rules-checklist.md`` part A.

1. "Bone Cruncher" makes a minion *and its damage* unblockable: no direct-damage blocker
   ("Bad Smoke", Vulko) absorbs that damage (003), unlike a minion that only cannot be
   blocked (Alton Hickman, 000/003).
2. In-play text triggered by a minion destroyed at the end of a turn (Ahmad Hassan, Wight
   Trash; 003) resolves at the end of that turn, and no frame outlives a turn.
3. Wounds past the wound stack come from the previously exiled wounds before they become
   bare numbers (000 "The End of the Game"; reading 10), so they count in the tie-break.
4. A minion leaving play by any route loses every "until it leaves play" effect: its
   attachments (rule 80), its lasting strength (Vampiric Turning), the turn's effects on it.
"""

from __future__ import annotations

import pytest

from gloam.nightfall.actions import DONE, PASS
from nf_scenario import NfTable, names, pass_windows, settle, start_chain


# ---------------------------------------------------------------------- 1. "Bone Cruncher"
@pytest.mark.parametrize("blocker", ["Vulko", "Bad Smoke"])
def test_bone_cruncher_makes_the_minions_damage_unblockable_by_direct_damage_blockers(blocker):
    """003 "Bone Cruncher": "Combat: Discard to make target minion and its damage
    unblockable." 003 "Bad Smoke" / Vulko: "This card blocks damage inflicted on you".
    Player 0 attacks player 1 with "Kilo 13" (1) and "Clever Ivan" (2) and discards "Bone
    Cruncher" on Ivan: player 1 may block only Kilo and does not; the blocker in play
    must absorb Kilo's 1 damage (003: blocking damage is mandatory) but not Ivan's,
    whose 2 damage all become wounds."""
    t = NfTable(players=2, sets=("CW", "NF"))
    s = t.position(hands={0: ["Bone Cruncher"]}, play={0: ["Kilo 13", "Clever Ivan"], 1: [blocker]},
                   phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    t.choose(s, "attack", "Clever Ivan", by=0, target=1)
    t.choose(s, "play", "Bone Cruncher", by=0)
    t.choose(s, "card", "Clever Ivan", by=0)
    effect, = s.view(1)["effects"]  # the table tells it from a minion that only cannot be blocked
    assert effect["target"] == t.id(s, "Clever Ivan") and effect["label"] == "unblockable, its damage too"
    shown = {a["attacker"]: a["unblockable"] for a in s.view(1)["combat"]["attacks"]}
    assert shown == {t.id(s, "Kilo 13"): False, t.id(s, "Clever Ivan"): True}  # the table says which
    settle(s, "block")
    assert {x.split("attack=")[1] for x in t.describe(s) if x.startswith("Block")} == {"0)"}  # Kilo only
    t.choose(s, "done", by=1)
    settle(s, "chain_start")
    view = t.view(s)
    assert view["wounds"] == [0, 2], "Clever Ivan's 2 damage is unblockable: 2 wounds"
    assert view["play"][1] == [blocker] and view["damage"][blocker] == 1, \
        "the blocker absorbs Kilo 13's damage and none of Ivan's"


def test_a_minion_that_only_cannot_be_blocked_still_meets_direct_damage_blockers():
    """000 FAQ Alton Hickman: "Players cannot assign minions to block Alton Hickman,
    however damage he does to you can still be intercepted by "Bad Smoke" and Vulko." The
    distinction stays: Alton's own text makes him unblockable, not his damage (3 into
    Vulko's 4 health: no wound)."""
    t = NfTable(players=2, sets=("CW", "NF"))
    s = t.position(play={0: ["Alton Hickman"], 1: ["Vulko"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Alton Hickman", by=0, target=1)
    settle(s, "chain_start")
    assert t.view(s)["wounds"] == [0, 0] and t.view(s)["damage"]["Vulko"] == 3


# ---------------------------------------------------------------------- 2. the end of a turn
def check_no_frame_outlives_a_turn(s) -> None:
    """The invariant of the frame stack: the turn's frame is its bottom, and the only one
    (so nothing pending lies buried beneath it, to be carried unresolved into every later
    turn, clone and save)."""
    ops = [f["op"] for f in s.stack]
    assert ops.count("turn") <= 1 and (not ops or ops[0] == "turn"), f"frames buried under the turn: {ops}"


@pytest.mark.parametrize("whose_turn", [0, 1])
def test_ahmad_hassan_triggers_for_a_minion_destroyed_at_the_end_of_a_turn(whose_turn):
    """003 Ahmad Hassan: "In Play: When a friendly minion is destroyed, inflict 1 damage on
    target player." 003 Wight Trash: "At the end of each turn, destroy this card unless it
    came into play this turn." Player 0's Wight Trash (in play since an earlier turn) is
    destroyed at the end of the turn, on his own turn or his opponent's: Ahmad's damage is
    asked and dealt at the end of that turn, before the next turn starts, and nothing of it
    stays pending into the next turn."""
    t = NfTable(players=2, sets=("ML", "BC"), promos=True)
    s = t.position(play={0: ["Wight Trash", "Ahmad Hassan"]}, active=whose_turn, phase="claim")
    settle(s, "target_player")
    assert s.turn == 1 and s.active == whose_turn and s.current_player() == 0, \
        "Ahmad's text is asked at the end of the turn the minion was destroyed in"
    assert names(t, s.play[0]) == ["Ahmad Hassan"] and "Wight Trash" in names(t, s.discards[0])
    check_no_frame_outlives_a_turn(s)
    t.choose(s, "player", 1, by=0)
    assert t.view(s)["wounds"] == [0, 1]
    assert s.turn == 2 and s.active == 1 - whose_turn and s.decision_kind() == "combat_window"
    assert [f["op"] for f in s.stack] == ["turn", "combat", "window"], "the new turn starts with nothing pending"
    check_no_frame_outlives_a_turn(s)
    saved = s.to_json()["stack"]
    assert not any(f["op"] == "damage" for f in saved), "no dead frame in the save"


# ---------------------------------------------------------------------- 3. wounds past the stack
def test_wounds_past_the_stack_come_from_the_exiled_wounds_before_bare_numbers():
    """000 "The End of the Game": "Keep track of any additional wounds received by using
    the face-down cards in the wound stack (and previously exiled wounds if necessary)";
    reading 10: only when the face-down wounds *and* the exiled wounds run out are wounds
    counted as bare numbers, and the keyword tie-break (rule 163) uses only real cards.
    The wound stack holds one face-up and one face-down burn; a burn was exiled earlier.
    "Bone Cruncher" (5) hits player 1 unblocked: the face-up burn (the game ends after
    this combat), the face-down burn, the exiled burn, then 2 bare wounds. Both players
    hold 5 wounds; player 1's 3 burns lose the tie-break to player 0's 2 bites, 2 bleeds
    and 1 burn (rule 163: fewer of the most common type wins)."""
    t = NfTable(players=2)
    data = t.mapping(play={0: ["Bone Cruncher"]}, phase="combat")
    data["wound_stack"] = {"cards": ["burn", "burn"], "face_up": 1}
    data["exiled"] = ["NF Wound (burn)"]
    data["players"][0]["wounds"] = {"discard": ["bite", "bite", "bleed", "bleed", "burn"]}
    s = t.load(data)
    exiled_burn, = s.exiled
    pass_windows(t, s)
    t.choose(s, "attack", "Bone Cruncher", by=0, target=1)
    settle(s, "over")
    assert s.is_terminal() and s.wounds == [] and s.exiled == []
    assert exiled_burn in s.discards[1] and s.owner[exiled_burn] == 1, "the exiled wound goes to player 1"
    assert s.observation(1)["bare_wounds"] == [0, 2]
    assert [s.wound_count(p) for p in (0, 1)] == [(5, [2, 2, 1]), (5, [3, 0, 0])]
    outcome = s.outcome()
    assert outcome.winners == (0,), "player 1's third burn decides the tie-break"
    assert "fewer of the most common wound type (2 to 3, rule 163)" in outcome.detail
    given = [e for e in s.events if e["type"] == "wounds" and e["player"] == 1]
    assert given[-1]["cards"][-1] == exiled_burn and given[-1]["count"] == 5


# ---------------------------------------------------------------------- 4. leaving play
SETS_4 = ("CW", "ML", "NF", "BC")


def play_until(s, kind: str, *, active: int | None = None, turn: int | None = None, holding=None) -> None:
    """Pass or stop every decision (else take the first option) until one of ``kind``
    comes on ``active``'s turn (number ``turn``), with card ``holding`` in the decider's hand."""
    for _ in range(2000):
        if s.decision_kind() == kind and (active is None or s.active == active) \
                and (turn is None or s.turn == turn) and (holding is None or holding in s.hands[s.current_player()]):
            return
        assert not s.is_terminal(), f"the game ended before a {kind!r} decision"
        legal = s.legal_action_indices()
        s.apply(PASS if PASS in legal else DONE if DONE in legal else legal[0], s.current_player())
    raise AssertionError(f"no {kind!r} decision")


def effects_on(s, minion: int) -> list[dict]:
    """The continuous effects that name ``minion`` as their target."""
    return [e for e in s.effects if e.get("target") == minion and e["kind"] in ("strength", "unblockable")]


def lasting_and_turn_effects(t, s, name: str) -> int:
    """Turn 1 (player 0): Vampiric Turning (BC: "Increase the strength of target friendly
    minion by 2. This effect lasts until that minion leaves play.") on player 0's minion;
    turn 2 (player 1): player 0 discards "Bone Cruncher" in the first combat window to make
    it unblockable this turn (a turn's effect on it). Returns the minion's id."""
    minion = t.id(s, name, "play")
    start_chain(t, s, [(0, "Vampiric Turning")])
    t.choose(s, "card", name, by=0)
    play_until(s, "combat_window", turn=2)
    t.choose(s, "pass", by=1)
    t.choose(s, "play", "Bone Cruncher", by=0)
    t.choose(s, "card", name, by=0)
    assert len(effects_on(s, minion)) == 2, "the lasting strength and the turn's unblockable effect"
    return minion


def check_left_play(t, s, minion: int) -> None:
    """Rules 79-80 and the text "until that minion leaves play": no effect names the minion
    any more (not in ``state.effects``, not in the table view), and the action that was
    attached to it lies in its owner's discard pile."""
    assert minion not in s.minions and not any(minion in pile for pile in s.play)
    assert effects_on(s, minion) == [], f"effects still on the minion that left play: {effects_on(s, minion)}"
    assert not [e for e in s.view(0)["effects"] if e.get("target") == minion]
    assert "Full Battle Rattle" in names(t, s.discards[0]) and not any(info["attached"] for info in s.minions.values())


def check_fresh(s, minion: int) -> None:
    """Back in play, the minion is a new object: printed strength, no damage, nothing
    attached, no effect from its earlier time in play."""
    assert minion in s.minions, "the minion is back in play"
    info = s.minions[minion]
    assert info["damage"] == 0 and info["attached"] == [] and info["turn"] == s.turn
    assert effects_on(s, minion) == [] and s.strength(minion) == s.card(minion).strength


def leave_play_table():
    return NfTable(players=2, sets=SETS_4)


def test_a_minion_put_on_top_of_its_deck_leaves_every_effect_behind():
    """The deck route: Ivan Radinsky (NF, 003: "Place target minion in play on top of its
    owner's deck"); Maggie Hawke, with Full Battle Rattle attached, under Vampiric Turning's
    lasting +2 and Bone Cruncher's turn effect. Drawn and chained again on a later turn, she
    has her printed strength."""
    t = leave_play_table()
    s = t.position(hands={0: ["Vampiric Turning", "Bone Cruncher"], 1: ["Ivan Radinsky"]},
                   play={0: ["Maggie Hawke"]}, attached={"Maggie Hawke": ["Full Battle Rattle"]},
                   decks={0: ["Kilo 13"] * 12, 1: ["JAREK"] * 12})
    maggie = lasting_and_turn_effects(t, s, "Maggie Hawke")
    assert s.strength(maggie) == 3 + 2 + 2
    play_until(s, "chain_start", active=1)
    start_chain(t, s, [(1, "Ivan Radinsky")])
    t.choose(s, "card", "Maggie Hawke", by=1)
    assert s.decks[0][-1] == maggie
    check_left_play(t, s, maggie)
    play_until(s, "chain_start", active=0, holding=maggie)
    start_chain(t, s, [(0, "Maggie Hawke")])
    check_fresh(s, maggie)


def test_a_minion_put_into_a_hand_leaves_every_effect_behind():
    """The hand route: Exit Strategy's kicker (BC: "Place target minion an opponent
    controls into your hand. You own it from now on."; Wight Trash, white, leads) takes
    Maggie Hawke into player 1's hand; chained by player 1 later, she is fresh."""
    t = leave_play_table()
    s = t.position(hands={0: ["Vampiric Turning", "Bone Cruncher"], 1: ["Wight Trash", "Exit Strategy"]},
                   play={0: ["Maggie Hawke"]}, attached={"Maggie Hawke": ["Full Battle Rattle"]},
                   decks={0: ["Kilo 13"] * 12, 1: ["JAREK"] * 12})
    maggie = lasting_and_turn_effects(t, s, "Maggie Hawke")
    play_until(s, "chain_start", active=1)
    start_chain(t, s, [(1, "Wight Trash"), (1, "Exit Strategy")])
    t.choose(s, "card", "Maggie Hawke", by=1)
    assert maggie in s.hands[1] and s.owner[maggie] == 1
    check_left_play(t, s, maggie)
    play_until(s, "chain_start", active=1, holding=maggie)
    start_chain(t, s, [(1, "Maggie Hawke")])
    check_fresh(s, maggie)


def test_a_destroyed_minion_leaves_every_effect_behind():
    """The destroyed route: Silver Stake (ML: "Destroy target vampire") on Maggie Hawke;
    Dark Awakening (NF: "Place target minion from your discard pile into play") brings her
    back on player 0's next turn, fresh."""
    t = leave_play_table()
    s = t.position(hands={0: ["Vampiric Turning", "Bone Cruncher", "Dark Awakening"], 1: ["Silver Stake"]},
                   play={0: ["Maggie Hawke"]}, attached={"Maggie Hawke": ["Full Battle Rattle"]},
                   decks={0: ["Kilo 13"] * 12, 1: ["JAREK"] * 12})
    maggie = lasting_and_turn_effects(t, s, "Maggie Hawke")
    play_until(s, "chain_start", active=1)
    start_chain(t, s, [(1, "Silver Stake")])
    t.choose(s, "card", "Maggie Hawke", by=1)
    assert maggie in s.discards[0]
    check_left_play(t, s, maggie)
    play_until(s, "chain_start", active=0, holding=t.id(s, "Dark Awakening"))
    start_chain(t, s, [(0, "Dark Awakening")])
    t.choose(s, "card", "Maggie Hawke", by=0)
    check_fresh(s, maggie)


def test_an_exiled_minion_leaves_every_effect_behind():
    """The exile route: "Snowstorm" (CW starter: "Exile when destroyed or discarded.")
    destroyed by Silver Stake is exiled (rule 59); nothing names it any more."""
    t = leave_play_table()
    s = t.position(hands={0: ["Vampiric Turning", "Bone Cruncher"], 1: ["Silver Stake"]},
                   play={0: ["Snowstorm"]}, attached={"Snowstorm": ["Full Battle Rattle"]},
                   decks={0: ["Kilo 13"] * 12, 1: ["JAREK"] * 12})
    snowstorm = lasting_and_turn_effects(t, s, "Snowstorm")
    play_until(s, "chain_start", active=1)
    start_chain(t, s, [(1, "Silver Stake")])
    t.choose(s, "card", "Snowstorm", by=1)
    assert s.exiled == [snowstorm]
    check_left_play(t, s, snowstorm)


def test_a_minion_discarded_at_the_end_of_combat_leaves_every_effect_behind():
    """The discard route (rules 117-118): Katya Iliyevna, under Vampiric Turning's lasting
    +2 since turn 1, is made unblockable by Bone Cruncher in player 0's next combat,
    attacks, and is discarded at its end; Dark Awakening brings her back in the same
    turn's chain, fresh (no longer unblockable, no +2)."""
    t = leave_play_table()
    s = t.position(hands={0: ["Vampiric Turning", "Bone Cruncher", "Dark Awakening"]},
                   play={0: ["Katya Iliyevna"]}, attached={"Katya Iliyevna": ["Full Battle Rattle"]},
                   decks={0: ["Kilo 13"] * 12, 1: ["JAREK"] * 12})
    katya = t.id(s, "Katya Iliyevna", "play")
    start_chain(t, s, [(0, "Vampiric Turning")])
    t.choose(s, "card", "Katya Iliyevna", by=0)
    play_until(s, "combat_window", active=0, turn=3)
    t.choose(s, "play", "Bone Cruncher", by=0)
    t.choose(s, "card", "Katya Iliyevna", by=0)
    assert len(effects_on(s, katya)) == 2
    play_until(s, "chain_start", active=0)
    assert katya in s.discards[0]
    check_left_play(t, s, katya)
    start_chain(t, s, [(0, "Dark Awakening")])
    t.choose(s, "card", "Katya Iliyevna", by=0)
    check_fresh(s, katya)


def test_a_card_text_starting_an_effect_that_would_outlive_its_minion_is_refused():
    """The leave-play step ends the kinds of effect listed in ``state.MINION_EFFECTS``; a
    card whose text would start another kind on a target minion (here a "no kickers"
    effect) fails loudly when the card data and effects are joined."""
    from gloam.core.errors import CardDataError
    from gloam.nightfall.registry import EFFECTS, Texts, check_texts
    from gloam.nightfall.verbs import continuous, may, minion

    card = NfTable().game.card_named("Bone Cruncher")
    texts = EFFECTS[card.effect](card)
    check_texts(card, texts)
    stray = Texts(kicker=texts.kicker, combat=[may([continuous("no_kickers", target=minion())], "you may")])
    with pytest.raises(CardDataError, match="'no_kickers' effect on a target minion"):
        check_texts(card, stray)
