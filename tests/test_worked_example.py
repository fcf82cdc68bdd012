"""The worked example at the end of seed 004 ("Example of Resolving Abilities", rules
checklist rule 211), reproduced decision by decision.

The example fixes the shape of the position; where it leaves details open this file
chooses them (marked "chosen:"):

* chosen: three players. Player 0 is "you"; player 1 has the incomplete Creature the
  first Scavenger destroys and holds Necromunculus cards; player 2 has only a complete
  Creature (no Scavenger target) and holds no Necromunculus card, so both forms of the
  same-Legion penalty (rule 203) happen.
* chosen: the turn's first action is a draw (which brings the head for Creature #1),
  so the example's play is the second action and no Legion restriction applies
  (rule 199); "so your turn ends" then passes the turn (reading 29).
* chosen: Creature #1's body has no ability, so its head and legs Mockingbirds resolve
  "twice in a row". Creature #4 has only its legs down; its body (Mourner) and head
  (Devourer) are in hand and both Mockingbird plays go there.
* chosen: Creature #2's new head also carries Mockingbird (the example resolves
  "Mockingbird, Songbird, and Devourer" again).
* chosen: Creature #3 is Necromunculus legs (Scavenger) and body (Scavenger) and a
  Necromunculus head without an ability ("the two Scavenger abilities of Creature #3").
  Its body is one of the two cards the Mourner draws.
* chosen: each Songbird's other revealed card is a plain legs card, which could be played
  as a new Creature; the player plays the head first, the Creature completes and the
  legs are discarded (reading 28).
* Creatures #1-#4 are player 0's Creatures 0-3 (list indices).
"""

from __future__ import annotations

from typing import Any

from scenario import DiscardCard, Play, Table, Target, choose, options, table, view  # noqa: E402

C1, C2, C3, C4 = 0, 1, 2, 3  # Creatures #1-#4

CARDS = {
    # Creature #1: Mockingbird on head and legs, no ability on the body (mixed Legions)
    "legs1": "CON legs Mockingbird", "body1": "MAN body -", "head1": "CHI head Mockingbird",
    # Creature #2, complete: Mockingbird / Songbird / Devourer on head / body / legs
    "legs2": "MAN legs Devourer", "body2": "CON body Songbird", "head2": "CHI head Mockingbird",
    "head2b": "NEC head Mockingbird",  # the head a Songbird reveals for #2
    # Creature #3: pure Necromunculus with two Scavengers, only its legs down
    "legs3": "NEC legs Scavenger", "body3": "NEC body Scavenger", "head3": "NEC head -",
    # Creature #4: Devourer / Mourner / Songbird on head / body / legs, only its legs down
    "legs4": "CHI legs Songbird", "body4": "MAN body Mourner", "head4": "CON head Devourer",
    "spare": "CON legs -",   # a card player 0 keeps in hand throughout
    "drawn2": "CHI body -",  # the Mourner's second card
    "legsS": "MAN legs -",   # revealed with head2b by #4's Songbird
    "legsT": "CHI legs -",   # revealed with head3 by #2's Songbird
    # player 1: an incomplete Creature, two Necromunculus cards in hand
    "o1l": "CON legs -", "o1b": "CON body -",
    "o1nec": "NEC head -", "o1nec2": "NEC legs -", "o1man": "MAN legs -",
    # player 2: a complete Creature, no Necromunculus card in hand
    "o2l": "CHI legs -", "o2b": "MAN body -", "o2h": "CON head -",
    "o2a": "CON legs -", "o2m": "MAN head -", "o2c": "CHI body -",
}

# The deck, top last: the first action draws head1, the Mourner draws body3 and drawn2,
# #4's Songbird reveals legsS and head2b, #2's Songbird reveals head3 and legsT.
DECK_TOP = ["legsT", "head3", "head2b", "legsS", "drawn2", "body3", "head1"]


def start(head1_in_hand: bool = False) -> tuple[Table, Any]:
    """Player 0's turn begins: Creature #1 needs its head, #2 is complete, #3 and #4
    have only their legs. The head for #1 is the deck's top card, or already in hand."""
    t = table(CARDS, players=3)
    hand0 = ["body4", "head4", "spare"] + (["head1"] if head1_in_hand else [])
    state = t.position(
        hands={0: hand0, 1: ["o1nec", "o1nec2", "o1man"], 2: ["o2a", "o2m", "o2c"]},
        creatures={0: [["legs1", "body1"], ["legs2", "body2", "head2"], ["legs3"], ["legs4"]],
                   1: [["o1l", "o1b"]],
                   2: [["o2l", "o2b", "o2h"]]},
        deck=DECK_TOP[:-1] if head1_in_hand else DECK_TOP,
    )
    return t, state


def expect(state, **fields: Any) -> None:
    """Assert fields of the named view; ``deck`` is the arranged part of the deck (the
    padding under it is left out)."""
    v = view(state)
    v["deck"] = [c for c in v["deck"] if not c.startswith("pad")]
    for key, want in fields.items():
        assert v[key] == want, f"{key}: got {v[key]!r}, the example needs {want!r}"


def test_rule_211_worked_example_step_by_step():
    """Rule 211: the example of resolving abilities, every decision as narrated."""
    t, s = start()
    pads = [c for c in view(s)["deck"] if c.startswith("pad")]
    events0 = len(s.events)

    # First action (chosen): draw. The head for Creature #1 comes into the hand.
    choose(s, "draw", by=0)
    expect(s, mode="turn", active=0, actions_left=1, hands=[["body4", "head4", "spare", "head1"],
                                                          ["o1nec", "o1nec2", "o1man"], ["o2a", "o2m", "o2c"]])
    assert "Play(body4, slot=2)" in options(s)  # no Legion restriction after a draw

    # "By playing a card, you add a head to Creature #1, completing it. The head and legs
    # of this Creature both have the Mockingbird ability, so you must play one card from
    # your hand, twice in a row."
    choose(s, Play("head1", C1), by=0)
    expect(s, mode="mockingbird", to_act=0, resolving="legs1", abilities=["Mockingbird"],
           hands=[["body4", "head4", "spare"], ["o1nec", "o1nec2", "o1man"], ["o2a", "o2m", "o2c"]])
    assert s.events[-1]["type"] == "ability" and s.events[-2]["abilities"] == ["Mockingbird", "Mockingbird"]
    choose(s, Play("body4", C4), by=0)
    expect(s, mode="mockingbird", resolving="legs1", abilities=[], hands=[["head4", "spare"],
                                                                         ["o1nec", "o1nec2", "o1man"],
                                                                         ["o2a", "o2m", "o2c"]])
    assert view(s)["creatures"][0][C4] == ["legs4", "body4"]

    # "Playing those two cards completes Creature #4, so you must now resolve its
    # abilities in order: Devourer, Mourner, and Songbird."
    choose(s, Play("head4", C4), by=0)
    expect(s, mode="devourer", resolving="legs4", abilities=["Mourner", "Songbird"],
           hands=[["spare"], ["o1nec", "o1nec2", "o1man"], ["o2a", "o2m", "o2c"]])
    assert s.events[-2]["abilities"] == ["Devourer", "Mourner", "Songbird"]
    # rule 209: any own Creature except #4 itself
    assert options(s) == ["Target(player=0, creature=0: legs1/body1/head1)",
                          "Target(player=0, creature=1: legs2/body2/head2)",
                          "Target(player=0, creature=2: legs3)"]

    # "With the Devourer you discard the head from your own Creature #2. With the Mourner
    # you draw two cards from the deck. Then, with the Songbird, you reveal two more
    # cards from the deck."
    choose(s, Target(0, C2), by=0)
    expect(s, mode="songbird", resolving="legs4", abilities=[], discard=["head2"],
           hands=[["spare", "body3", "drawn2"], ["o1nec", "o1nec2", "o1man"], ["o2a", "o2m", "o2c"]],
           revealed=["legsS", "head2b"], deck=["legsT", "head3"])
    assert view(s)["creatures"][0][C2] == ["legs2", "body2"]

    # "One of those two revealed cards turns out to be a head, and using the Songbird
    # ability you immediately attach it to that same Creature #2."
    assert options(s) == ["Play(legsS, slot=NEW)", "Play(head2b, slot=1)"]
    choose(s, Play("head2b", C2), by=0)
    # "Creature #2 is complete once again, so you resolve its abilities: Mockingbird,
    # Songbird, and Devourer." The unplayed legsS is discarded (reading 28).
    expect(s, mode="mockingbird", resolving="legs2", abilities=["Songbird", "Devourer"],
           revealed=[], discard=["head2", "legsS"])

    # "With the Mockingbird you add a body to Creature #3. Then with the Songbird you
    # reveal two cards from the deck - and one of them is again a head."
    choose(s, Play("body3", C3), by=0)
    expect(s, mode="songbird", resolving="legs2", abilities=["Devourer"], revealed=["head3", "legsT"],
           deck=[], hands=[["spare", "drawn2"], ["o1nec", "o1nec2", "o1man"], ["o2a", "o2m", "o2c"]])
    assert view(s)["creatures"][0][C3] == ["legs3", "body3"]
    assert options(s) == ["Play(head3, slot=2)", "Play(legsT, slot=NEW)"]

    # "...which completes Creature #3. Creature #2 never gets to resolve its Devourer
    # ability ... First ... each of them must discard either one Necromunculus card or
    # two cards of their choice."
    choose(s, Play("head3", C3), by=0)
    expect(s, mode="penalty", to_act=1, active=0, resolving="legs3", abilities=["Scavenger", "Scavenger"],
           revealed=[], discard=["head2", "legsS", "legsT"])
    assert s.events[-1] == {"type": "same_legion", "player": 0, "legion": "Necromunculus"}
    assert options(s) == ["DiscardCard(o1nec)", "DiscardCard(o1nec2)"]  # one Necromunculus card
    choose(s, DiscardCard("o1nec2"), by=1)
    expect(s, mode="penalty", to_act=2, hands=[["spare", "drawn2"], ["o1nec", "o1man"], ["o2a", "o2m", "o2c"]])
    assert options(s) == ["DiscardCard(o2a)", "DiscardCard(o2m)", "DiscardCard(o2c)"]  # none: two of choice
    choose(s, DiscardCard("o2a"), by=2)
    expect(s, mode="penalty", to_act=2)
    choose(s, DiscardCard("o2c"), by=2)

    # "Then you resolve the two Scavenger abilities of Creature #3: you destroy an
    # opponent's incomplete Creature..."
    expect(s, mode="scavenger", to_act=0, resolving="legs3", abilities=["Scavenger"],
           hands=[["spare", "drawn2"], ["o1nec", "o1man"], ["o2m"]],
           discard=["head2", "legsS", "legsT", "o1nec2", "o2a", "o2c"])
    assert options(s) == ["Target(player=1, creature=0: o1l/o1b)"]  # player 2's is complete
    choose(s, Target(1, 0), by=0)

    # "...but you cannot find a second valid target, so your turn ends." The play was
    # the turn's second action (reading 29), so the turn passes to the left.
    assert s.events[-2] == {"type": "stop", "player": 0, "ability": "Scavenger", "skipped": []}
    assert s.events[-1] == {"type": "turn", "player": 1, "turn": 2}
    expect(s, mode="turn", to_act=1, active=1, turn=2, actions_left=2, resolving=None, abilities=[],
           revealed=[], deck=[], winner=-1,
           hands=[["spare", "drawn2"], ["o1nec", "o1man"], ["o2m"]],
           discard=["head2", "legsS", "legsT", "o1nec2", "o2a", "o2c", "o1l", "o1b"],
           creatures=[[["legs1", "body1", "head1"], ["legs2", "body2", "head2b"],
                       ["legs3", "body3", "head3"], ["legs4", "body4", "head4"]],
                      [],
                      [["o2l", "o2b", "o2h"]]])
    assert [c for c in view(s)["deck"] if c.startswith("pad")] == pads
    assert s.complete_creatures(0) == 4 and not s.is_terminal()

    # The log tells the story: four completions, the abilities in the order they
    # resolved, #2's Devourer never among them.
    log = s.events[events0:]
    assert [e["creature"] for e in log if e["type"] == "complete"] == [C1, C4, C2, C3]
    assert [e["ability"] for e in log if e["type"] == "ability"] == [
        "Mockingbird", "Mockingbird",                # Creature #1
        "Devourer", "Mourner", "Songbird",          # Creature #4
        "Mockingbird", "Songbird",                  # Creature #2, interrupted
        "Scavenger", "Scavenger"]                   # Creature #3
    assert [e["type"] for e in log].count("devour") == 1
    # what the opponents saw: the Mourner's cards stay hidden, the reveals do not
    seen_by_1 = s.events_for(1)[events0:]
    mourner = [e for e in seen_by_1 if e["type"] == "draw" and e["reason"] == "mourner"]
    assert mourner == [{"type": "draw", "player": 0, "count": 2, "reason": "mourner"}]
    reveals = [e["cards"] for e in seen_by_1 if e["type"] == "reveal"]
    assert reveals == [t.ids(["legsS", "head2b"]), t.ids(["head3", "legsT"])]


def test_rule_211_the_example_as_a_first_action_leaves_a_second_action():
    """Reading 29: had the example's play been the turn's first action, the stop after
    the second Scavenger would end only the resolution; player 0 acts again, and a play
    must be Chimerid (the Legion of head1, rule 199)."""
    t, s = start(head1_in_hand=True)
    decisions = [(Play("head1", C1), 0), (Play("body4", C4), 0), (Play("head4", C4), 0), (Target(0, C2), 0),
                 (Play("head2b", C2), 0), (Play("body3", C3), 0), (Play("head3", C3), 0),
                 (DiscardCard("o1nec2"), 1), (DiscardCard("o2a"), 2), (DiscardCard("o2c"), 2),
                 (Target(1, 0), 0)]
    for decision, player in decisions:
        choose(s, decision, by=player)
    expect(s, mode="turn", to_act=0, active=0, actions_left=1, resolving=None, abilities=[],
           hands=[["spare", "drawn2"], ["o1nec", "o1man"], ["o2m"]])
    assert s.events[-1]["type"] == "stop"
    # spare (Constrict legs) cannot be played; drawn2 (Chimerid body) has no bare legs
    assert [o for o in options(s) if o.startswith("Play")] == []
    choose(s, "draw", by=0)
    expect(s, active=1, turn=2)
