"""Nightmarium rules 186-210 and readings 28-32 (rules checklist PART B, seed 004).

Each test is named after the rule or reading it checks and asserts what a player at the
table would notice: cards in hands, on Creatures, in the deck and the discard pile, whose
decision it is, what the log shows to whom. Positions are plain data built with the
scenario harness (``tests/scenario.py``); every decision goes through ``state.apply``.
"""

from __future__ import annotations

import pytest

from gloam.core.decisions import SPECTATOR
from gloam.core.errors import CardDataError, PositionError, SetupError, WrongPlayerError
from gloam.nightmarium import position
from gloam.nightmarium.cards import (
    ABILITIES,
    LEGION_COLOURS,
    LEGIONS,
    NO_ABILITY,
    composition_from_json,
    standard_composition,
)
from gloam.nightmarium.describe import describe_event
from gloam.nightmarium.game import NightmariumGame
from scenario import (  # noqa: E402
    NEW,
    DiscardCard,
    Play,
    Target,
    choose,
    event_types,
    new_events,
    options,
    table,
    view,
)


def plain_creatures(prefix: str, count: int) -> tuple[dict[str, str], list[list[str]]]:
    """``count`` complete Creatures of mixed Legions and no abilities: their card specs
    and their bottom-up name lists."""
    specs: dict[str, str] = {}
    built = []
    for k in range(count):
        names = [f"{prefix}{k}l", f"{prefix}{k}b", f"{prefix}{k}h"]
        specs.update({names[0]: "NEC legs -", names[1]: "CON body -", names[2]: "MAN head -"})
        built.append(names)
    return specs, built


def plays(state) -> set[str]:
    """The described Play options of the pending decision."""
    return {o for o in options(state) if o.startswith("Play(")}


def last(state, kind: str, viewer: int | None = None) -> dict:
    """The last logged event of type ``kind`` as ``viewer`` sees it."""
    found = [e for e in state.events_for(viewer) if e["type"] == kind]
    assert found, f"no {kind!r} event in the log"
    return found[-1]


# ---------------------------------------------------------------------- 186-189 components
def test_rule_186_two_to_five_players_and_108_cards():
    """Rule 186: 2-5 players, 108 Night Fear cards."""
    for players in (2, 3, 4, 5):
        state = NightmariumGame(players=players).new_initial_state(seed=players)
        assert [len(h) for h in state.hands] == [5] * players
        assert len(state.deck) == 108 - 5 * players
    for players in (1, 6):
        with pytest.raises(SetupError):
            NightmariumGame(players=players)
    assert len(standard_composition().cards) == 108


def test_rule_187_cards_show_their_parts_and_three_parts_complete_a_creature():
    """Rule 187: a card fits the part(s) on its edge (most one, some two or three); a
    Creature is complete with legs, body and head."""
    cards = standard_composition().cards
    fits = [len(c.part_names) for c in cards]
    assert all(n >= 1 for n in fits)
    assert fits.count(1) > len(cards) / 2 and 2 in fits and 3 in fits
    t = table({"legs": "NEC legs -", "body": "CON body -", "head": "CON head -"})  # rule 199: same Legion
    s = t.position(hands={0: ["body", "head"]}, creatures={0: [["legs"]]})
    choose(s, Play("body", 0), by=0)
    assert s.complete_creatures(0) == 0
    choose(s, Play("head", 0), by=0)
    assert view(s)["creatures"][0] == [["legs", "body", "head"]]
    assert s.complete_creatures(0) == 1
    assert last(s, "complete")["complete"] == 1


def test_rule_188_four_legions_by_colour():
    """Rule 188: Necromunculus blue, Constrict brown, Chimerid green, Manster red."""
    assert dict(zip(LEGIONS, LEGION_COLOURS, strict=True)) == {
        "Necromunculus": "blue", "Constrict": "brown", "Chimerid": "green", "Manster": "red"}
    assert {c.legion_name for c in standard_composition().cards} == set(LEGIONS)


def test_rule_189_six_abilities_most_cards_show_one():
    """Rule 189: six abilities; most cards show one."""
    assert ABILITIES == ("Songbird", "Mourner", "Mockingbird", "Executioner", "Scavenger", "Devourer")
    cards = standard_composition().cards
    with_ability = [c for c in cards if c.ability != NO_ABILITY]
    assert len(with_ability) > len(cards) / 2
    assert {c.ability_name for c in with_ability} == set(ABILITIES)


# ---------------------------------------------------------------------- 190-191 setup
def test_rule_190_deal_five_hidden_cards_each():
    """Rule 190: shuffle, deal 5 cards to each player, hidden from the others; the rest
    is the face-down deck."""
    game = NightmariumGame(players=3)
    state = game.new_initial_state(seed=7)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert sorted(state.all_cards()) == list(range(108))
    assert len(state.deck) == 93 and state.discard == []
    other = game.new_initial_state(seed=8)
    assert other.hands != state.hands  # a different shuffle deals differently
    seen_by_1 = state.observation(1)
    assert seen_by_1["hand"] == state.hands[1]
    assert seen_by_1["hand_sizes"] == [5, 5, 5] and seen_by_1["known"] == [[], [], []]
    assert "deck" not in seen_by_1 and seen_by_1["deck_size"] == 93
    deals = [e for e in state.events_for(1) if e["type"] == "deal"]
    assert [("cards" in e) for e in deals] == [False, True, False]
    assert deals[1]["cards"] == state.hands[1]
    assert all(e["count"] == 5 for e in deals)


def test_004_rule_190_the_deck_is_replaced_the_moment_its_last_card_is_drawn():
    """004 rule 190 ("if the deck ever runs out of cards during the game, shuffle the
    discard pile and place it face down as the new deck"): drawing the deck's last card
    shuffles the discard pile into a new deck at once, so every player's observation and
    view show the new deck's size before anyone decides again."""
    t = table({"last": "NEC head -", "d1": "CON legs -", "d2": "MAN body -", "d3": "CHI head -"})
    s = t.position(hands={0: ["d1"]}, deck=["last"], discard=["d2", "d3"], rest=1, seed=11)
    choose(s, "draw", by=0)
    assert view(s)["hands"][0] == ["d1", "last"]
    assert sorted(view(s)["deck"]) == ["d2", "d3"] and view(s)["discard"] == []
    assert event_types(s.events)[-2:] == ["draw", "reshuffle"]  # the draw, then at once the pile
    assert last(s, "reshuffle")["count"] == 2
    for viewer in (0, 1, SPECTATOR):
        assert s.observation(viewer)["deck_size"] == 2 and s.observation(viewer)["discard"] == []
        assert s.view(viewer)["deck"]["size"] == 2 and s.view(viewer)["discard"]["cards"] == []
    assert "cards" not in last(s, "draw", viewer=1)  # the new deck is face down


def test_004_rule_190_the_reshuffle_is_a_real_shuffle():
    """004 rule 190: the discard pile is shuffled, not turned over; the order follows the
    position's seed (so a game replays exactly)."""
    t = table({"last": "NEC head -"})
    orders = set()
    for seed in range(6):
        s = t.position(hands={0: ["pad01"]}, deck=["last"], rest="discard", seed=seed)
        pile = list(s.discard)
        choose(s, "draw", by=0)
        assert sorted(s.deck) == sorted(pile) and s.discard == []
        orders.add(tuple(s.deck))
        again = t.position(hands={0: ["pad01"]}, deck=["last"], rest="discard", seed=seed)
        choose(again, "draw", by=0)
        assert again.deck == s.deck  # the same seed, the same new deck
    assert len(orders) > 1 and tuple(pile) not in orders


def test_004_rule_190_cards_discarded_after_the_deck_ran_out_stay_in_the_discard_pile():
    """004 rule 190: the deck is replaced when it runs out, not at the next draw: a card
    discarded after the reshuffle lies face up on the new discard pile and the next draw
    comes from the new deck."""
    t = table({"last": "NEC head -", "old1": "CON legs -", "old2": "CON body -", "x": "MAN body -",
               "y": "CHI body -"})
    s = t.position(hands={0: ["x", "y"]}, deck=["last"], discard=["old1", "old2"], rest=1)
    choose(s, "draw", by=0)  # the last card: old1 and old2 become the deck at once
    assert sorted(view(s)["deck"]) == ["old1", "old2"] and view(s)["discard"] == []
    choose(s, "discard", by=0)  # action B: discard x and y, draw one
    choose(s, DiscardCard("x"), by=0)
    choose(s, DiscardCard("y"), by=0)
    choose(s, "stop", by=0)
    (drawn,) = set(view(s)["hands"][0]) - {"last"}
    assert drawn in ("old1", "old2")  # drawn from the new deck ...
    assert view(s)["discard"] == ["x", "y"]  # ... not from a pile that would hold x and y
    assert view(s)["deck"] == [{"old1": "old2", "old2": "old1"}[drawn]]


def test_004_rule_190_a_deck_that_ran_out_beside_no_discard_pile_takes_the_next_discard():
    """004 rule 190 with the discard pile empty when the deck ran out: the first cards to
    reach the discard pile become the new deck at once (here a Scavenger's)."""
    t = table({"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Scavenger",
               "ol": "NEC legs -", "ob": "NEC body -"})
    s = t.position(hands={0: ["head", "pad01"]}, creatures={0: [["legs", "body"]], 1: [["ol", "ob"]]}, rest=1)
    assert view(s)["deck"] == [] and view(s)["discard"] == []
    assert "Draw()" not in options(s)  # nothing to draw (docs/rules-decisions.md)
    choose(s, Play("head", 0), by=0)
    choose(s, Target(1, 0), by=0)
    assert sorted(view(s)["deck"]) == ["ob", "ol"] and view(s)["discard"] == []
    assert last(s, "reshuffle")["count"] == 2
    assert s.observation(1)["deck_size"] == 2
    assert "Draw()" in options(s)  # the second action may draw again


def test_004_rule_190_action_b_from_an_empty_deck_draws_from_its_own_discards():
    """004 rules 190 and 195: discarding with the deck and the discard pile empty, the
    discards are one act; they become the new deck when the player stops, and the player
    draws half of them from it."""
    t = table({"a": "NEC legs -", "b": "CON legs -", "c": "MAN legs -", "d": "CHI legs -"})
    s = t.position(hands={0: ["a", "b", "c", "d"]}, rest=1)
    choose(s, "discard", by=0)
    for card in ("a", "b", "c", "d"):
        choose(s, DiscardCard(card), by=0)
    assert view(s)["deck"] == [] and view(s)["discard"] == ["a", "b", "c", "d"]  # one act: not yet
    choose(s, "stop", by=0)
    hand, deck = view(s)["hands"][0], view(s)["deck"]
    assert len(hand) == 2 and len(deck) == 2 and sorted(hand + deck) == ["a", "b", "c", "d"]
    assert view(s)["discard"] == [] and last(s, "draw")["count"] == 2


@pytest.mark.leaves_decision("what is left (the rest of the action) is not what it checks")
def test_004_rule_190_songbird_revealing_the_last_cards_refills_the_deck_at_once():
    """004 rules 190 and 204: a Songbird that reveals the deck's last cards replaces the
    deck at once, so the player deciding the revealed cards sees the new deck's size."""
    t = table({"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Songbird",
               "r1": "NEC legs -", "r2": "NEC legs -", "old": "MAN head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["r1", "r2"],
                   discard=["old"], rest=1)
    choose(s, Play("head", 0), by=0)
    assert view(s)["mode"] == "songbird" and view(s)["revealed"] == ["r2", "r1"]
    assert view(s)["deck"] == ["old"] and s.observation(0)["deck_size"] == 1
    assert event_types(s.events)[-2:] == ["reveal", "reshuffle"]


def test_004_rule_190_a_position_with_an_empty_deck_beside_a_discard_pile_is_refused():
    """004 rule 190: between decisions the deck is never empty while the discard pile
    holds cards, so such a position is refused with a typed error (one in the middle of
    action B's discards is sound)."""
    t = table({"a": "NEC legs -"})
    with pytest.raises(PositionError, match="the deck is empty but the discard pile is not: rule 190"):
        t.position(hands={0: ["a"]}, rest="discard")
    data = t.mapping(hands={0: ["a"]}, discard=["pad01"], rest=1)
    data["pending"] = {"decision": "discard", "discarded": 1}
    s = position.parse(data, game=t.game)
    assert view(s)["mode"] == "discard" and view(s)["deck"] == []


def test_rule_190_reshuffle_in_the_middle_of_a_draw():
    """Rule 190: a Mourner drawing two from a one-card deck takes the last card, then
    one from the reshuffled discard pile."""
    t = table({"legs": "NEC legs -", "body": "CON body -", "head": "MAN head Mourner",
               "lastcard": "NEC head -", "old": "CON head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["lastcard"],
                   discard=["old"], rest=1)
    choose(s, Play("head", 0), by=0)
    assert view(s)["hands"][0] == ["lastcard", "old"]
    assert s.deck == [] and s.discard == []
    assert event_types(s.events)[-3:] == ["ability", "reshuffle", "draw"]


def test_rule_191_first_player_then_clockwise():
    """Rule 191: the chosen first player (most recent nightmare) starts; play goes
    clockwise (to the next seat)."""
    game = NightmariumGame(players=3, first_player=2)
    state = game.new_initial_state(seed=1)
    assert state.pending().player == 2
    choose(state, "draw", by=2)
    choose(state, "draw", by=2)
    assert state.pending().player == 0
    choose(state, "draw", by=0)
    choose(state, "draw", by=0)
    assert state.pending().player == 1
    assert [e["player"] for e in state.events if e["type"] == "turn"] == [2, 0, 1]


# ---------------------------------------------------------------------- 192 winning
def _goal_position(goal: int, complete: int):
    """Player 0 has ``complete`` complete Creatures and one more needing its head
    (a Mourner), with that head in hand, in a game to ``goal`` Creatures."""
    specs, built = plain_creatures("c", complete)
    specs.update({"legs": "CHI legs Mourner", "body": "NEC body -", "head": "CON head Mourner"})
    t = table(specs, creatures=goal, size=40)
    return t, t.position(hands={0: ["head"]}, creatures={0: built + [["legs", "body"]]})


@pytest.mark.parametrize("goal", [5, 6, 7])
def test_rule_192_completing_the_goal_creature_wins_at_once(goal):
    """Rule 192: completing the fifth Creature (or sixth/seventh by agreement) wins
    immediately: no ability resolves and no second action is taken."""
    t, s = _goal_position(goal, goal - 1)
    deck = list(s.deck)
    choose(s, Play("head", goal - 1), by=0)
    assert s.is_terminal() and s.pending() is None
    assert s.winner == 0 and s.returns() == [1.0, 0.0]
    assert view(s)["mode"] == "over"
    assert s.hands[0] == [] and s.deck == deck  # the two Mourners never drew
    assert last(s, "win") == {"type": "win", "player": 0, "creatures": goal}


@pytest.mark.parametrize("goal", [5, 6, 7])
def test_rule_192_one_short_of_the_goal_does_not_win(goal):
    """Rule 192: with the six- or seven-Creature option, five complete is not a win."""
    t, s = _goal_position(goal, goal - 2)
    choose(s, Play("head", goal - 2), by=0)
    assert not s.is_terminal() and s.winner == -1
    assert s.complete_creatures(0) == goal - 1
    assert len(s.hands[0]) == 4  # both Mourners resolved


def test_rule_192_win_in_the_middle_of_resolving_abilities():
    """Rule 192 / reading 30: a fifth Creature completed by a Mockingbird wins at once,
    while the first Creature still has an ability left."""
    specs, built = plain_creatures("c", 3)
    specs.update({"legsA": "CHI legs Mourner", "bodyA": "NEC body -", "headA": "CON head Mockingbird",
                  "legsB": "MAN legs -", "bodyB": "CHI body -", "headB": "NEC head -"})
    t = table(specs)
    s = t.position(hands={0: ["headA", "headB"]},
                   creatures={0: built + [["legsA", "bodyA"], ["legsB", "bodyB"]]})
    choose(s, Play("headA", 3), by=0)
    assert view(s)["mode"] == "mockingbird" and view(s)["abilities"] == ["Mourner"]
    choose(s, Play("headB", 4), by=0)
    assert s.is_terminal() and s.winner == 0
    assert s.hands[0] == []  # legsA's Mourner never resolved
    assert "Mourner" not in [e.get("ability") for e in s.events if e["type"] == "ability"]


def test_reading_30_beheaded_creatures_no_longer_count():
    """Reading 30: five complete Creatures at the same moment; an opponent's
    Executioner takes a head, and the next completion makes only four."""
    specs, built = plain_creatures("c", 4)
    specs.update({"legs": "CHI legs -", "body": "NEC body -", "head": "CON head -",
                  "xl": "NEC legs -", "xb": "CON body -", "xh": "MAN head Executioner"})
    t = table(specs)
    s = t.position(hands={0: ["xh"], 1: ["head"]}, creatures={0: [["xl", "xb"]], 1: built + [["legs", "body"]]})
    choose(s, Play("xh", 0), by=0)
    choose(s, Target(1, 0), by=0)  # behead player 1's first complete Creature
    assert view(s)["creatures"][1][0] == ["c0l", "c0b"]
    choose(s, "draw", by=0)
    choose(s, Play("head", 4), by=1)
    assert s.complete_creatures(1) == 4
    assert not s.is_terminal() and s.winner == -1


# ---------------------------------------------------------------------- 193-196 actions
def test_rule_193_two_actions_then_the_turn_passes_left():
    """Rule 193: two actions (the same one twice allowed), then the next player."""
    t = table({"legs": "NEC legs -"}, players=3)
    s = t.position(active=2, deck=["pad01", "pad02", "pad03"])
    choose(s, "draw", by=2)
    assert (s.active, s.actions_left, s.pending().kind) == (2, 1, "turn")
    choose(s, "draw", by=2)
    assert (s.active, s.actions_left, s.turn) == (0, 2, 2)
    assert last(s, "turn") == {"type": "turn", "player": 0, "turn": 2}
    with pytest.raises(WrongPlayerError):
        s.apply(s.legal_actions()[0], 2)  # player 2 has had both actions


def test_rule_193_any_two_different_actions():
    """Rule 193: e.g. a play then a draw."""
    t = table({"legs": "NEC legs -"})
    s = t.position(hands={0: ["legs"]})
    choose(s, Play("legs", NEW), by=0)
    assert s.active == 0 and s.actions_left == 1
    choose(s, "draw", by=0)
    assert s.active == 1


def test_rule_194_draw_the_top_card_hidden_and_no_hand_limit():
    """Rule 194: draw the top card into your hand, unseen by the others; no hand limit."""
    t = table({"top": "NEC head -"})
    big_hand = t.padding[:20]
    s = t.position(hands={0: big_hand}, deck=["top"])
    mark = len(s.events)
    choose(s, "draw", by=0)
    assert view(s)["hands"][0] == big_hand + ["top"]
    assert "Draw()" in options(s)  # 21 cards in hand and still free to draw
    mine, theirs = new_events(s, mark, 0)[0], new_events(s, mark, 1)[0]
    assert mine["cards"] == [t.id("top")] and mine["count"] == 1
    assert theirs == {"type": "draw", "player": 0, "count": 1, "reason": "draw"}


@pytest.mark.parametrize("discarded, drawn", [(1, 0), (2, 1), (5, 2), (6, 3)])
def test_rule_195_discard_any_number_draw_half(discarded, drawn):
    """Rule 195: discard any number, draw one per two discarded (5 -> 2, 6 -> 3);
    the discards go face up on the discard pile."""
    t = table({f"h{k}": "MAN head -" for k in range(7)} | {"d1": "NEC legs -", "d2": "NEC legs -",
                                                           "d3": "NEC legs -", "d4": "NEC legs -"})
    hand = [f"h{k}" for k in range(7)]
    s = t.position(hands={0: hand}, deck=["d4", "d3", "d2", "d1"])
    mark = len(s.events)
    choose(s, "discard", by=0)
    assert s.pending().kind == "discard"
    assert "StopDiscarding()" not in options(s)
    for name in hand[:discarded]:
        choose(s, DiscardCard(name), by=0)
    choose(s, "stop", by=0)
    v = view(s)
    assert v["hands"][0] == hand[discarded:] + ["d1", "d2", "d3"][:drawn]
    assert v["discard"] == hand[:discarded]  # top = last discarded
    assert (v["active"], v["actions_left"], v["mode"]) == (0, 1, "turn")
    seen_by_1 = new_events(s, mark, 1)
    assert [e["card"] for e in seen_by_1 if e["type"] == "discard"] == t.ids(hand[:discarded])
    draw = [e for e in seen_by_1 if e["type"] == "draw"]
    assert draw == [{"type": "draw", "player": 0, "count": drawn, "reason": "discard"}]


def test_rule_196_play_a_card_and_resolve_the_completed_creature():
    """Rule 196: playing a card is one action; if it completes a Creature, its
    abilities resolve within that action."""
    t = table({"legs": "NEC legs -", "body": "CON body -", "head": "CON head Mourner",
               "d1": "CHI head -", "d2": "CHI head -"})
    s = t.position(hands={0: ["body", "head"]}, creatures={0: [["legs"]]}, deck=["d2", "d1"])
    choose(s, Play("body", 0), by=0)
    assert view(s)["creatures"][0] == [["legs", "body"]] and s.actions_left == 1
    choose(s, Play("head", 0), by=0)
    assert view(s)["hands"][0] == ["d1", "d2"]
    assert s.active == 1 and s.turn == 2


# ---------------------------------------------------------------------- 197-199 placement
PLACEMENT_CARDS = {
    "x": "NEC legs -", "y": "NEC legs -", "z": "NEC body -",
    "legsA": "NEC legs -", "bodyA": "NEC body -", "headA": "NEC head -",
    "lb": "NEC legs/body -", "bh": "NEC body/head -", "anyc": "NEC any -",
}
PLACEMENT_HAND = ["legsA", "bodyA", "headA", "lb", "bh", "anyc"]


def test_rule_197_with_no_creature_only_legs_can_be_played():
    """Rule 197: legs start a Creature; a body or head cannot be laid first."""
    t = table(PLACEMENT_CARDS)
    s = t.position(hands={0: PLACEMENT_HAND})
    assert plays(s) == {"Play(legsA, slot=NEW)", "Play(lb, slot=NEW)", "Play(anyc, slot=NEW)"}


def test_rule_197_each_card_goes_only_where_its_edge_allows():
    """Rule 197: body on legs, head on legs + body; a two-part card as either part."""
    t = table(PLACEMENT_CARDS)
    s = t.position(hands={0: PLACEMENT_HAND}, creatures={0: [["x"], ["y", "z"]]})
    assert plays(s) == {
        "Play(legsA, slot=NEW)",
        "Play(bodyA, slot=0)",
        "Play(headA, slot=1)",
        "Play(lb, slot=NEW)", "Play(lb, slot=0)",
        "Play(bh, slot=0)", "Play(bh, slot=1)",
        "Play(anyc, slot=NEW)", "Play(anyc, slot=0)", "Play(anyc, slot=1)",
    }


@pytest.mark.parametrize("slot, shape", [(0, [["x", "bh"], ["y", "z"]]), (1, [["x"], ["y", "z", "bh"]])])
def test_rule_197_a_two_part_card_is_placed_as_either_part(slot, shape):
    """Rule 197: the body/head card becomes a body on legs, or a head on legs + body."""
    t = table(PLACEMENT_CARDS)
    s = t.position(hands={0: ["bh"]}, creatures={0: [["x"], ["y", "z"]]})
    choose(s, Play("bh", slot), by=0)
    assert view(s)["creatures"][0] == shape
    assert s.complete_creatures(0) == slot


def test_rule_197_built_bottom_up():
    """Rule 197: a head needs a body first; once the body is down, the head fits."""
    t = table(PLACEMENT_CARDS)
    s = t.position(hands={0: ["lb", "headA"]}, creatures={0: [["x"]]})
    assert "Play(headA, slot=0)" not in plays(s)
    choose(s, Play("lb", 0), by=0)
    assert "Play(headA, slot=0)" in plays(s)
    choose(s, Play("headA", 0), by=0)
    assert view(s)["creatures"][0] == [["x", "lb", "headA"]]


@pytest.mark.parametrize("goal, in_progress, may_start", [
    (5, 4, True), (5, 5, False), (6, 5, True), (6, 6, False), (7, 7, False)])
def test_rule_198_in_progress_cap_counts_complete_and_incomplete(goal, in_progress, may_start):
    """Rule 198 / reading 30: never more Creatures (complete plus incomplete) than the
    number needed to win: with five down, no sixth set of legs."""
    specs, built = plain_creatures("c", 2)
    specs |= {f"l{k}": "CON legs -" for k in range(in_progress - 2)} | {"newlegs": "MAN legs -"}
    t = table(specs, creatures=goal)
    mine = built + [[f"l{k}"] for k in range(in_progress - 2)]
    s = t.position(hands={0: ["newlegs"]}, creatures={0: mine})
    assert ("Play(newlegs, slot=NEW)" in plays(s)) is may_start
    assert {"Draw()", "Discard()"} <= set(options(s))


def test_rule_198_cap_applies_to_songbird_plays():
    """Rule 198 with rule 204: a Songbird's revealed legs cannot start a sixth Creature."""
    specs, built = plain_creatures("c", 3)
    specs |= {"l": "CHI legs -", "legs": "CON legs -", "body": "NEC body -", "head": "MAN head Songbird",
              "r1": "CHI legs -", "r2": "CHI legs -"}
    t = table(specs)
    s = t.position(hands={0: ["head"]}, creatures={0: built + [["l"], ["legs", "body"]]}, deck=["r2", "r1"])
    choose(s, Play("head", 4), by=0)
    assert view(s)["discard"] == ["r1", "r2"] and len(s.creatures[0]) == 5
    assert (s.pending().kind, s.actions_left) == ("turn", 1)


LEGION_CARDS = {
    "necA": "NEC legs -", "necB": "NEC legs -", "conA": "CON legs -", "chiA": "CHI legs -",
    "l1": "MAN legs -", "b1": "MAN body -", "mockhead": "NEC head Mockingbird",
    "songhead": "NEC head Songbird", "conbody": "CON body -", "conlegs": "CON legs -",
}


def test_rule_199_second_play_must_match_the_first_plays_legion():
    """Rule 199: after playing a Necromunculus card, the second action may only play a
    Necromunculus card, or draw, or discard."""
    t = table(LEGION_CARDS)
    s = t.position(hands={0: ["necA", "necB", "conA", "chiA"]})
    choose(s, Play("necA", NEW), by=0)
    assert plays(s) == {"Play(necB, slot=NEW)"}
    assert {"Draw()", "Discard()"} <= set(options(s))
    assert "Necromunculus" in s.pending().prompt
    choose(s, Play("necB", NEW), by=0)
    assert view(s)["creatures"][0] == [["necA"], ["necB"]] and s.active == 1


def test_rule_199_no_restriction_after_a_draw_or_on_the_next_turn():
    """Rule 199: the restriction follows only a first-action play, and only that turn."""
    t = table(LEGION_CARDS)
    s = t.position(hands={0: ["necA", "conA"], 1: ["necB", "chiA"]})
    choose(s, "draw", by=0)
    assert plays(s) == {"Play(necA, slot=NEW)", "Play(conA, slot=NEW)"}
    choose(s, Play("conA", NEW), by=0)
    assert plays(s) == {"Play(necB, slot=NEW)", "Play(chiA, slot=NEW)"}  # player 1's own turn
    choose(s, Play("necB", NEW), by=1)
    assert plays(s) == set() and "Chimerid" not in s.pending().prompt


def test_rule_199_restriction_does_not_apply_to_mockingbird():
    """Rule 199: a Mockingbird play ignores the Legion of the first action; the turn's
    second action is still restricted."""
    t = table(LEGION_CARDS)
    s = t.position(hands={0: ["mockhead", "conbody", "conlegs", "necA"]},
                   creatures={0: [["l1", "b1"], ["chiA"]]})
    choose(s, Play("mockhead", 0), by=0)
    assert s.pending().kind == "mockingbird"
    assert {"Play(conbody, slot=1)", "Play(conlegs, slot=NEW)"} <= plays(s)
    choose(s, Play("conbody", 1), by=0)
    assert view(s)["creatures"][0][1] == ["chiA", "conbody"]
    assert (s.pending().kind, s.actions_left) == ("turn", 1)
    assert plays(s) == {"Play(necA, slot=NEW)"}  # conlegs is Constrict: not this turn


def test_rule_199_restriction_does_not_apply_to_songbird():
    """Rule 199: a Songbird plays a revealed Constrict card after a Necromunculus play."""
    t = table(LEGION_CARDS)
    s = t.position(hands={0: ["songhead"]}, creatures={0: [["l1", "b1"]]}, deck=["conbody", "conlegs"])
    choose(s, Play("songhead", 0), by=0)
    assert plays(s) == {"Play(conlegs, slot=NEW)"}  # conbody has no bare legs to go on yet
    choose(s, Play("conlegs", NEW), by=0)
    choose(s, Play("conbody", 1), by=0)
    assert view(s)["creatures"][0] == [["l1", "b1", "songhead"], ["conlegs", "conbody"]]


# ---------------------------------------------------------------------- 200-203 resolution
def test_rule_200_head_then_body_then_legs_and_no_declining():
    """Rule 200: abilities resolve one at a time, head, body, legs; none may be
    declined (a Devourer's decision offers only targets)."""
    t = table({"legs": "CON legs Mourner", "body": "MAN body Devourer", "head": "CHI head Mourner",
               "other": "NEC legs -", "d1": "NEC head -", "d2": "NEC head -", "d3": "NEC head -",
               "d4": "NEC head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"], ["other"]]},
                   deck=["d4", "d3", "d2", "d1"])
    choose(s, Play("head", 0), by=0)
    assert last(s, "complete")["abilities"] == ["Mourner", "Devourer", "Mourner"]
    v = view(s)
    assert v["hands"][0] == ["d1", "d2"]  # the head's Mourner only
    assert (v["mode"], v["resolving"], v["abilities"]) == ("devourer", "legs", ["Mourner"])
    assert options(s) == ["Target(player=0, creature=1: other)"]
    choose(s, Target(0, 1), by=0)
    v = view(s)
    assert v["hands"][0] == ["d1", "d2", "d3", "d4"] and v["discard"][-1] == "other"
    assert [e["ability"] for e in s.events if e["type"] == "ability"] == ["Mourner", "Devourer", "Mourner"]
    assert (v["mode"], v["resolving"], v["abilities"], v["actions_left"]) == ("turn", None, [], 1)


def test_rule_201_first_ability_without_a_target_stops_the_rest():
    """Rule 201: the head's Mourner draws; the body's Scavenger has no incomplete
    opponent Creature, so it and the legs' Mourner are skipped."""
    specs, built = plain_creatures("o", 1)
    specs |= {"legs": "CON legs Mourner", "body": "MAN body Scavenger", "head": "CHI head Mourner",
              "d1": "NEC head -", "d2": "NEC head -", "d3": "NEC head -", "d4": "NEC head -"}
    t = table(specs)
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]], 1: built},
                   deck=["d4", "d3", "d2", "d1"])
    choose(s, Play("head", 0), by=0)
    v = view(s)
    assert v["hands"][0] == ["d1", "d2"] and v["deck"][-2:] == ["d4", "d3"]
    assert v["creatures"][1] == built
    stop = last(s, "stop")
    assert stop["ability"] == "Scavenger" and stop["skipped"] == ["Mourner"]
    assert (v["mode"], v["active"], v["actions_left"]) == ("turn", 0, 1)


def test_rule_202_interrupted_creature_never_resumes():
    """Rule 202: a Mockingbird completes another Creature, which resolves at once,
    including its same-Legion discard; the first Creature's legs ability never does."""
    t = table({"legsA": "CON legs Mourner", "bodyA": "MAN body -", "headA": "CHI head Mockingbird",
               "legsB": "NEC legs -", "bodyB": "NEC body -", "headB": "NEC head -",
               "opNec": "NEC legs -", "opCon": "CON legs -"})
    s = t.position(hands={0: ["headA", "headB"], 1: ["opNec", "opCon"]},
                   creatures={0: [["legsA", "bodyA"], ["legsB", "bodyB"]]})
    deck = list(s.deck)
    choose(s, Play("headA", 0), by=0)
    assert view(s)["abilities"] == ["Mourner"]
    choose(s, Play("headB", 1), by=0)
    v = view(s)
    assert (v["mode"], v["to_act"], v["resolving"], v["abilities"]) == ("penalty", 1, "legsB", [])
    choose(s, DiscardCard("opNec"), by=1)
    v = view(s)
    assert v["hands"] == [[], ["opCon"]] and s.deck == deck  # legsA's Mourner never drew
    assert (v["mode"], v["active"], v["actions_left"], v["resolving"]) == ("turn", 0, 1, None)
    assert "Mourner" not in [e["ability"] for e in s.events if e["type"] == "ability"]


PENALTY_CARDS = {
    "legs": "MAN legs -", "body": "MAN body -", "head": "MAN head Mourner",
    "manX": "MAN legs -", "manY": "MAN head -", "conZ": "CON body -",
    "conA": "CON legs -", "chiB": "CHI head -", "necC": "NEC body -",
    "d1": "NEC legs -", "d2": "NEC legs -",
}


def test_rule_203_each_opponent_discards_one_of_the_legion_or_two_of_choice():
    """Rule 203: a pure Manster Creature: the opponent holding Manster cards discards
    one of them (his choice); the one holding none discards two of his choice; only
    then does the Creature's Mourner resolve."""
    t = table(PENALTY_CARDS, players=3)
    s = t.position(hands={0: ["head"], 1: ["manX", "manY", "conZ"], 2: ["conA", "chiB", "necC"]},
                   creatures={0: [["legs", "body"]]}, deck=["d2", "d1"])
    choose(s, Play("head", 0), by=0)
    assert last(s, "same_legion")["legion"] == "Manster"
    assert (s.pending().kind, s.pending().player) == ("penalty", 1)
    assert options(s) == ["DiscardCard(manX)", "DiscardCard(manY)"]
    with pytest.raises(WrongPlayerError):
        s.apply(DiscardCard(t.id("manX")), 0)
    choose(s, DiscardCard("manY"), by=1)
    assert (s.pending().kind, s.pending().player) == ("penalty", 2)
    assert options(s) == ["DiscardCard(conA)", "DiscardCard(chiB)", "DiscardCard(necC)"]
    assert view(s)["hands"][0] == []  # the Mourner waits for the penalty
    choose(s, DiscardCard("necC"), by=2)
    assert s.pending().player == 2
    choose(s, DiscardCard("conA"), by=2)
    v = view(s)
    assert v["hands"] == [["d1", "d2"], ["manX", "conZ"], ["chiB"]]
    assert v["discard"] == ["manY", "necC", "conA"]
    assert (v["mode"], v["active"], v["actions_left"]) == ("turn", 0, 1)
    seen_by_0 = [e for e in s.events_for(0) if e["type"] == "discard"]
    assert [(e["player"], e["card"], e["reason"]) for e in seen_by_0] == [
        (1, t.id("manY"), "penalty"), (2, t.id("necC"), "penalty"), (2, t.id("conA"), "penalty")]


def test_rule_203_a_mixed_creature_costs_the_opponents_nothing():
    """Rule 203: two Manster parts and a Constrict head: no discard."""
    t = table(PENALTY_CARDS | {"conhead": "CON head Mourner"})
    s = t.position(hands={0: ["conhead"], 1: ["manX", "conZ"]}, creatures={0: [["legs", "body"]]},
                   deck=["d2", "d1"])
    choose(s, Play("conhead", 0), by=0)
    assert view(s)["hands"] == [["d1", "d2"], ["manX", "conZ"]]
    assert "same_legion" not in event_types(s.events)


def test_reading_31_penalty_as_much_as_they_can():
    """Rule 203 / reading 31: an opponent with one card (not of the Legion) discards
    just that one; an opponent with no cards discards nothing."""
    t = table(PENALTY_CARDS, players=3)
    s = t.position(hands={0: ["head"], 1: ["conZ"], 2: []}, creatures={0: [["legs", "body"]]},
                   deck=["d2", "d1"])
    choose(s, Play("head", 0), by=0)
    assert s.pending().player == 1 and options(s) == ["DiscardCard(conZ)"]
    choose(s, DiscardCard("conZ"), by=1)
    v = view(s)
    assert v["hands"] == [["d1", "d2"], [], []] and v["discard"] == ["conZ"]
    assert last(s, "penalty_empty_hand")["player"] == 2
    assert (v["mode"], v["active"]) == ("turn", 0)


# ---------------------------------------------------------------------- 204-209 abilities
SONG_CARDS = {"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Songbird"}


def test_rule_204_songbird_reveals_two_plays_what_it_can_discards_the_rest():
    """Rule 204: two revealed cards, seen by all; the playable legs must be played
    (no other option), the head with nowhere to go is discarded."""
    t = table(SONG_CARDS | {"r1": "NEC legs -", "r2": "NEC head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["r2", "r1"])
    choose(s, Play("head", 0), by=0)
    v = view(s)
    assert (v["mode"], v["revealed"]) == ("songbird", ["r1", "r2"])
    assert last(s, "reveal", viewer=1)["cards"] == t.ids(["r1", "r2"])
    assert options(s) == ["Play(r1, slot=NEW)"]
    choose(s, Play("r1", NEW), by=0)
    v = view(s)
    assert v["creatures"][0] == [["legs", "body", "head"], ["r1"]]
    assert v["discard"] == ["r2"] and v["revealed"] == []
    assert (v["mode"], v["actions_left"]) == ("turn", 1)


def test_rule_204_songbird_plays_both_when_it_can():
    """Rule 204: legs then body: the body goes on the legs just played."""
    t = table(SONG_CARDS | {"r1": "NEC legs -", "r2": "NEC body -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["r2", "r1"])
    choose(s, Play("head", 0), by=0)
    assert options(s) == ["Play(r1, slot=NEW)"]
    choose(s, Play("r1", NEW), by=0)
    assert options(s) == ["Play(r2, slot=1)"]
    choose(s, Play("r2", 1), by=0)
    assert view(s)["creatures"][0][1] == ["r1", "r2"] and view(s)["discard"] == []


def test_rule_204_songbird_with_nothing_playable_discards_both_and_goes_on():
    """Rule 204: two heads with no legs-and-body to go on are discarded; the next
    ability (the body's Mourner) still resolves."""
    t = table(SONG_CARDS | {"body": "MAN body Mourner", "r1": "NEC head -", "r2": "NEC head -",
                            "d1": "CON head -", "d2": "CON head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["d2", "d1", "r2", "r1"])
    choose(s, Play("head", 0), by=0)
    v = view(s)
    assert v["discard"] == ["r1", "r2"] and v["hands"][0] == ["d1", "d2"]
    assert last(s, "discard_revealed")["cards"] == t.ids(["r1", "r2"])


def test_rule_205_mourner_draws_two_hidden_from_the_others():
    """Rule 205: the two cards go to the hand; opponents see only that two were drawn."""
    t = table({"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Mourner",
               "d1": "NEC head -", "d2": "NEC legs -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["d2", "d1"])
    choose(s, Play("head", 0), by=0)
    assert view(s)["hands"][0] == ["d1", "d2"]
    assert last(s, "draw", viewer=1) == {"type": "draw", "player": 0, "count": 2, "reason": "mourner"}
    assert last(s, "draw", viewer=0)["cards"] == t.ids(["d1", "d2"])
    assert s.observation(1)["hand_sizes"][0] == 2 and s.observation(1)["known"][0] == []


def test_rule_206_mockingbird_plays_one_card_from_hand_by_the_normal_rules():
    """Rule 206: the options are the hand's legal placements (the head has no legs and
    body to go on); exactly one card is played, then the next ability resolves."""
    t = table({"legs": "CON legs -", "body": "MAN body Mourner", "head": "CHI head Mockingbird",
               "bare": "NEC legs -", "h": "NEC head -", "b": "CON body -", "l": "MAN legs -",
               "d1": "NEC head -", "d2": "NEC head -"})
    s = t.position(hands={0: ["head", "h", "b", "l"]}, creatures={0: [["legs", "body"], ["bare"]]},
                   deck=["d2", "d1"])
    choose(s, Play("head", 0), by=0)
    assert s.pending().kind == "mockingbird"
    assert options(s) == ["Play(b, slot=1)", "Play(l, slot=NEW)"]
    choose(s, Play("b", 1), by=0)
    v = view(s)
    assert v["creatures"][0] == [["legs", "body", "head"], ["bare", "b"]]
    assert v["hands"][0] == ["h", "l", "d1", "d2"]
    assert (v["mode"], v["actions_left"]) == ("turn", 1)


EXEC_CARDS = {
    "legs": "CON legs -", "body": "MAN body -", "head": "CHI head Executioner",
    "a": "NEC legs -", "b": "NEC body -", "c": "NEC head -", "d": "CON legs -", "e": "CON body -",
    "f": "MAN legs -", "mine": "CHI legs -",
}


def test_rule_207_executioner_takes_a_top_card_of_any_opponent_into_hand():
    """Rule 207 / reading 31: any opponent's Creature, complete or incomplete, never
    your own; the card goes to your hand in full view."""
    t = table(EXEC_CARDS, players=3)
    s = t.position(hands={0: ["head"]},
                   creatures={0: [["legs", "body"], ["mine"]], 1: [["a", "b", "c"], ["d", "e"]], 2: [["f"]]})
    choose(s, Play("head", 0), by=0)
    assert options(s) == ["Target(player=1, creature=0: a/b/c)", "Target(player=1, creature=1: d/e)",
                          "Target(player=2, creature=0: f)"]
    choose(s, Target(1, 0), by=0)
    v = view(s)
    assert v["hands"][0] == ["c"] and v["creatures"][1] == [["a", "b"], ["d", "e"]]
    assert s.complete_creatures(1) == 0
    for viewer in (1, 2):
        assert last(s, "execute", viewer)["card"] == t.id("c")
        assert s.observation(viewer)["known"][0] == [t.id("c")]


def test_rule_207_executioner_on_bare_legs_removes_the_creature():
    """Rule 207: taking the only card of a Creature leaves no Creature there."""
    t = table(EXEC_CARDS, players=3)
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]], 2: [["f"]]})
    choose(s, Play("head", 0), by=0)
    choose(s, Target(2, 0), by=0)
    assert view(s)["creatures"][2] == [] and view(s)["hands"][0] == ["f"]


def test_rule_208_scavenger_discards_an_incomplete_opponent_creature():
    """Rule 208 / reading 31: only incomplete Creatures of opponents; the whole
    Creature goes to the discard pile."""
    t = table(EXEC_CARDS | {"head": "CHI head Scavenger"}, players=3)
    s = t.position(hands={0: ["head"]},
                   creatures={0: [["legs", "body"], ["mine"]], 1: [["a", "b", "c"], ["d", "e"]], 2: [["f"]]})
    choose(s, Play("head", 0), by=0)
    assert options(s) == ["Target(player=1, creature=1: d/e)", "Target(player=2, creature=0: f)"]
    choose(s, Target(1, 1), by=0)
    v = view(s)
    assert v["creatures"][1] == [["a", "b", "c"]] and v["discard"] == ["d", "e"]
    assert v["creatures"][0][1] == ["mine"]


@pytest.mark.parametrize("target, left, discarded", [
    (1, [["legs", "body", "head"], ["c0l", "c0b"], ["bare"]], "c0h"),
    (2, [["legs", "body", "head"], ["c0l", "c0b", "c0h"]], "bare"),
])
def test_rule_209_devourer_discards_a_top_card_of_another_own_creature(target, left, discarded):
    """Rule 209: any of your own Creatures (complete or not) except this one; an
    emptied Creature is gone."""
    specs, built = plain_creatures("c", 1)
    t = table(specs | {"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Devourer",
                       "bare": "NEC legs -", "opp": "NEC legs -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]] + built + [["bare"]], 1: [["opp"]]})
    choose(s, Play("head", 0), by=0)
    assert options(s) == ["Target(player=0, creature=1: c0l/c0b/c0h)", "Target(player=0, creature=2: bare)"]
    choose(s, Target(0, target), by=0)
    assert view(s)["creatures"][0] == left and view(s)["discard"] == [discarded]


# ---------------------------------------------------------------------- 210 combos
def test_rule_210_executioner_then_scavenger_destroys_a_complete_creature():
    """Rule 210: behead an opponent's complete Creature, then discard the rest."""
    t = table({"legs": "CON legs -", "body": "MAN body Scavenger", "head": "CHI head Executioner",
               "a": "NEC legs -", "b": "NEC body -", "c": "CON head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]], 1: [["a", "b", "c"]]})
    choose(s, Play("head", 0), by=0)
    choose(s, Target(1, 0), by=0)
    assert options(s) == ["Target(player=1, creature=0: a/b)"]
    choose(s, Target(1, 0), by=0)
    v = view(s)
    assert v["creatures"][1] == [] and v["hands"][0] == ["c"] and v["discard"] == ["a", "b"]


def test_rule_210_devourer_then_mockingbird_re_resolves_a_creature():
    """Rule 210: remove your own head, attach a new one, and that Creature's
    abilities resolve again."""
    t = table({"legs": "CON legs -", "body": "MAN body Mockingbird", "head": "CHI head Devourer",
               "yl": "NEC legs -", "yb": "CON body -", "yh": "MAN head Mourner", "newhead": "CHI head Mourner",
               "d1": "NEC head -", "d2": "NEC head -"})
    s = t.position(hands={0: ["head", "newhead"]}, creatures={0: [["legs", "body"], ["yl", "yb", "yh"]]},
                   deck=["d2", "d1"])
    choose(s, Play("head", 0), by=0)
    choose(s, Target(0, 1), by=0)
    assert view(s)["discard"] == ["yh"] and s.pending().kind == "mockingbird"
    choose(s, Play("newhead", 1), by=0)
    v = view(s)
    assert v["creatures"][0][1] == ["yl", "yb", "newhead"]
    assert v["hands"][0] == ["d1", "d2"]  # the re-completed Creature's Mourner
    assert [e["creature"] for e in s.events if e["type"] == "complete"] == [0, 1]


# ---------------------------------------------------------------------- readings 28-32
READING28 = {"legs": "CON legs -", "body": "MAN body -", "head": "CHI head Songbird",
             "zl": "NEC legs -", "zb": "CON body -", "zh": "MAN head Mourner", "q": "NEC legs -",
             "d1": "NEC head -", "d2": "NEC head -"}


def test_reading_28_songbird_interrupted_discards_the_unplayed_card():
    """Reading 28: the revealed head completes another Creature; its abilities resolve
    at once and the other revealed card (playable legs) is discarded."""
    t = table(READING28)
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"], ["zl", "zb"]]},
                   deck=["d2", "d1", "q", "zh"])
    choose(s, Play("head", 0), by=0)
    assert options(s) == ["Play(zh, slot=1)", "Play(q, slot=NEW)"]
    choose(s, Play("zh", 1), by=0)
    v = view(s)
    assert v["discard"] == ["q"] and v["revealed"] == []
    assert v["hands"][0] == ["d1", "d2"]  # zh's Mourner
    assert len(v["creatures"][0]) == 2 and (v["mode"], v["actions_left"]) == ("turn", 1)


def test_reading_28_songbird_cards_are_played_in_the_players_order():
    """Reading 28: playing the legs first, then the completing head, keeps both."""
    t = table(READING28)
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"], ["zl", "zb"]]},
                   deck=["d2", "d1", "q", "zh"])
    choose(s, Play("head", 0), by=0)
    choose(s, Play("q", NEW), by=0)
    choose(s, Play("zh", 1), by=0)
    v = view(s)
    assert v["creatures"][0][1:] == [["zl", "zb", "zh"], ["q"]] and v["discard"] == []


def test_reading_29_a_stop_on_the_first_action_leaves_the_second():
    """Reading 29: a Devourer with no other Creature stops the resolution; the player
    still takes a second action, under the Legion restriction."""
    t = table({"legs": "CON legs -", "body": "MAN body Mourner", "head": "CHI head Devourer",
               "chi": "CHI legs -", "nec": "NEC legs -"})
    s = t.position(hands={0: ["head", "chi", "nec"]}, creatures={0: [["legs", "body"]]})
    choose(s, Play("head", 0), by=0)
    assert last(s, "stop") == {"type": "stop", "player": 0, "ability": "Devourer", "skipped": ["Mourner"]}
    v = view(s)
    assert (v["mode"], v["active"], v["actions_left"], v["hands"][0]) == ("turn", 0, 1, ["chi", "nec"])
    assert plays(s) == {"Play(chi, slot=NEW)"}
    choose(s, Play("chi", NEW), by=0)
    assert s.active == 1


NO_TARGET = {"legs": "CON legs -", "body": "MAN body Mourner", "other": "NEC legs -",
             "oa": "NEC legs -", "ob": "CON body -", "oc": "MAN head -", "h2": "NEC head -"}


@pytest.mark.parametrize("ability, where", [
    ("Executioner", "opponent without Creatures"),
    ("Scavenger", "opponent with only complete Creatures"),
    ("Devourer", "no other own Creature"),
    ("Mockingbird", "hand holds only an unplayable head"),
    ("Mockingbird", "empty hand"),
    ("Mourner", "deck and discard empty"),
    ("Songbird", "deck and discard empty"),
])
def test_reading_31_no_valid_target_stops(ability, where):
    """Reading 31: each "no valid target" case stops the resolution at once; the
    body's Mourner is skipped too."""
    t = table(NO_TARGET | {"head": f"CHI head {ability}"})
    hands: dict[int, list[str]] = {0: ["head"]}
    creatures: dict[int, list[list[str]]] = {0: [["legs", "body"]]}
    rest: str | int = "deck"
    if where == "opponent with only complete Creatures":
        creatures[1] = [["oa", "ob", "oc"]]
    if where == "hand holds only an unplayable head":
        hands[0].append("h2")
    if where == "deck and discard empty":
        rest = 1
        hands[0].append("h2")  # a card for the second action (a player with none loses it)
    s = t.position(hands=hands, creatures=creatures, rest=rest)
    choose(s, Play("head", 0), by=0)
    stop = last(s, "stop")
    assert (stop["ability"], stop["skipped"]) == (ability, ["Mourner"])
    v = view(s)
    assert (v["mode"], v["active"], v["actions_left"], v["resolving"]) == ("turn", 0, 1, None)
    assert v["hands"][0] == hands[0][1:]
    assert v["creatures"][0] == [["legs", "body", "head"]]


def test_reading_31_one_card_left_is_still_a_target():
    """Reading 31: only an empty deck and discard make Mourner fail; with one card
    left it draws that card and the next ability still resolves."""
    t = table({"legs": "CON legs Mourner", "body": "MAN body -", "head": "CHI head Mourner", "lastcard": "NEC head -"})
    s = t.position(hands={0: ["head"]}, creatures={0: [["legs", "body"]]}, deck=["lastcard"], rest=1)
    choose(s, Play("head", 0), by=0)
    assert view(s)["hands"][0] == ["lastcard"]
    assert [e["ability"] for e in s.events if e["type"] == "ability"] == ["Mourner", "Mourner"]
    assert last(s, "stop")["ability"] == "Mourner" and last(s, "stop")["skipped"] == []


def test_reading_32_a_custom_composition_is_the_deck():
    """Reading 32: the card distribution is configurable data; a game deals from it
    and names it in its setup; a deck too small to play is refused."""
    t = table({"only": "NEC head Songbird"}, players=2)
    state = t.game.new_initial_state(seed=3)
    assert sorted(state.all_cards()) == list(range(30))
    assert t.game.setup_json()["composition"]["cards"][0] == {
        "code": "only", "legion": "Necromunculus", "parts": ["head"], "ability": "Songbird"}
    with pytest.raises(CardDataError, match="at least 30"):
        composition_from_json({"cards": [{"legion": "Manster", "parts": ["legs", "body", "head"], "count": 29}]})


def test_rule_194_no_draw_is_offered_with_nothing_to_draw():
    """004 rule 194 ("take the top card of the deck into your hand") with the deck and the
    discard pile both empty (rule 190 cannot refill it): there is no card to take, so
    action A is not offered (docs/rules-decisions.md); discarding and playing still are."""
    t = table({"x": "NEC head -", "legs": "CON legs -"})
    s = t.position(hands={0: ["x", "legs"]}, rest=1)
    assert view(s)["deck"] == [] and view(s)["discard"] == []
    assert options(s) == ["Discard()", "Play(legs, slot=NEW)"]
    assert "Draw()" in options(t.position(hands={0: ["x", "legs"]}, deck=["pad01"], rest=1))


def test_rule_193_a_player_who_can_take_no_action_loses_the_rest_of_the_turn():
    """004 rule 193 (two actions a turn) when no action is possible: a player with no
    card in hand and nothing to draw (rule 194) loses the rest of the turn, which passes
    to the left (docs/rules-decisions.md); the log says so to everyone."""
    t = table({"legs": "CON legs -", "o": "NEC head -"}, players=3)
    s = t.position(hands={0: ["legs"], 2: ["o"]}, rest=1)
    choose(s, Play("legs", NEW), by=0)  # player 0's last card: no second action is possible
    skipped = last(s, "no_action", viewer=2)
    assert skipped == {"type": "no_action", "player": 0, "actions": 1}
    assert describe_event(t.game, skipped, ["Ann", "Bob", "Cid"]) == \
        "Ann has no card in hand and none to draw: Ann's last action of the turn is lost"
    assert (view(s)["active"], view(s)["actions_left"], view(s)["turn"]) == (1, 2, 2)
    assert view(s)["creatures"][0] == [["legs"]] and view(s)["hands"][0] == []
