"""Nightfall's typed decisions (issue 12 part 3): every decision's kind is a
:class:`NightfallKind`, its context says what is being decided and about what, every option
names the card instances and seats it is about and has an English and a Japanese label,
and ``outcome()`` says who won and why. Rule numbers: /work/shared/rules-checklist.md."""

from __future__ import annotations

import random

import pytest

from gloam.core.decisions import Context, EndReason, Outcome
from gloam.nightfall.actions import Archive, Attack, Block, Card, Discard, Option, Play
from gloam.nightfall.decisions import (
    CONTEXTS,
    ArchiveOffer,
    BlockContext,
    ClaimContext,
    CombatWindowContext,
    DraftContext,
    LinkContext,
    NightfallKind,
    OpenAttack,
    TargetMinionContext,
    decision_json,
)
from gloam.nightfall.game import NightfallGame
from nf_scenario import NfTable, pass_window, pass_windows, start_chain
from test_nightfall_constructed import constructed, play_alone, table as constructed_table

SETUPS = [
    dict(players=2),
    dict(players=3, sets=("CW", "ML", "NF", "BC"), moons=True),
    dict(players=4, teams=True, sets=("CW", "NF")),
    dict(players=2, archives="draft", custom_starters=True, sets=("CW", "ML")),
    dict(players=3, archives="draft", secret_archives=True, sets=("BC", "NF")),
]


def _check_refs(state, decision) -> None:
    """Attack and Block options name real minions in play (the attacker and, for a block,
    the blocker and the attacker it is for); an archive option names its archive."""
    attacks = state.observation(decision.player)["combat"] or []
    for choice in decision.choices:
        action, refs = choice.action, choice.refs
        if isinstance(action, Attack):
            assert refs.cards[0] in state.play[decision.player] and refs.players == (action.player,)
        elif isinstance(action, Block):
            blocker, attacker = refs.cards
            assert blocker in state.play[decision.player] and attacker in state.minions
            assert attacker == attacks[action.attack]["attacker"]
        elif isinstance(action, Archive):
            assert refs.archives == (action.archive,)
        elif isinstance(action, (Card, Play, Discard)):
            assert refs.cards == (action.card,)


def test_every_decision_of_seeded_random_games_has_its_kind_context_refs_and_labels():
    """Seeded random games over quick start, moons, Team Play (rule 178), drafts with
    customised starting decks (rules 20-30, 34) and Secret Archives (rule 176)."""
    seen: set[NightfallKind] = set()
    for setup in SETUPS:
        game = NightfallGame(**setup)
        for seed in range(2):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                decision = state.pending()
                assert isinstance(decision.kind, NightfallKind) and decision.kind == state.decision_kind()
                assert type(decision.context) is CONTEXTS[decision.kind]
                assert decision_json(state) == decision.context.to_json()
                for viewer in range(game.num_players):  # the context goes to the decider only
                    shown = state.observation(viewer)["decision"]
                    assert shown == (decision.context.to_json() if viewer == decision.player else None)
                for choice in decision.choices:
                    assert choice.label["en"].strip() and choice.label["ja"].strip(), choice
                _check_refs(state, decision)
                seen.add(decision.kind)
                state.apply(rng.choice(decision.indices))
            assert state.decision_kind() is NightfallKind.OVER and state.pending() is None
            assert type(state.decision_context()) is Context and state.outcome() is not None
    common = {"attack", "block", "chain_start", "link", "claim", "combat_window", "wound_effect", "target_minion",
              "target_player", "feed", "draft", "starters", "moon", "choose_wounds", "target_archive"}
    assert common <= seen, common - seen


def test_rule_106_a_block_decision_names_every_open_attack_and_the_free_blockers():
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev", "Kilo 13"], 1: ["Victor One"]}, phase="combat")
    emil, kilo, victor = t.id(s, "Emil Balev"), t.id(s, "Kilo 13"), t.id(s, "Victor One")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    t.choose(s, "attack", "Kilo 13", by=0, target=1)
    pass_windows(t, s)
    decision = s.pending()
    assert decision.kind is NightfallKind.BLOCK and decision.player == 1
    assert decision.context == BlockContext(
        defender=1, blockable=(0, 1), free_minions=(victor,),
        attacks=(OpenAttack(attack=0, attacker=emil, controller=0, target=1, blockers=(), unblockable=False),
                 OpenAttack(attack=1, attacker=kilo, controller=0, target=1, blockers=(), unblockable=False)))
    blocks = {c.action: c for c in decision.choices if isinstance(c.action, Block)}
    assert blocks[Block(0, 1)].refs.cards == (victor, kilo)  # this block is for Kilo 13
    assert blocks[Block(0, 1)].label["en"] == 'Block "Kilo 13" (1/2) with "Victor One" (1/2)'
    t.choose(s, "block", "Victor One", by=1, target=1)
    assert s.observation(0)["combat"][1]["blockers"] == [victor]  # public to every seat


@pytest.mark.leaves_decision("what is left (the rest of the chain) is not what it checks")
def test_rule_67_a_target_decision_names_the_source_card_and_its_damage():
    """nf_scenario's example: Kilo 13's chain text inflicts 1 damage on a target minion."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"]}, play={1: ["Emil Balev"]}, phase="chain")
    start_chain(t, s, [(0, "Kilo 13")])
    decision = s.pending()
    assert decision.kind is NightfallKind.TARGET_MINION
    assert decision.context == TargetMinionContext(source=t.id(s, "Kilo 13"), controller=0, chooser=0, verb="damage",
                                                   text="chain", hostile=True, effect=None, amount=1, first=None,
                                                   capture=False)
    assert [c.label["en"] for c in decision.choices] == ["Target Emil Balev (3/2), Player 2's (1 damage)"]
    assert decision.choices[0].label["ja"].endswith("（1ダメージ）")


@pytest.mark.leaves_decision("it checks the pending decision itself")
def test_a_fight_names_the_minion_that_inflicts_the_damage_and_how_much():
    """Dog Eat Dog: "Target minion inflicts damage equal to its strength on another target
    minion": once the first is chosen, the second decision names it and its strength."""
    t = NfTable(players=2)
    s = t.position(hands={0: ["Dog Eat Dog"]}, play={0: ["Emil Balev"], 1: ["Victor One"]})
    start_chain(t, s, [(0, "Dog Eat Dog")])
    first = s.pending().context
    assert (first.verb, first.first, first.amount, first.source) == ("fight", None, None, t.id(s, "Dog Eat Dog"))
    t.choose(s, "card", "Emil Balev", by=0)
    second = s.pending().context
    assert (second.first, second.amount) == (t.id(s, "Emil Balev"), 3)
    assert s.observation(0)["decision"]["first"] == t.id(s, "Emil Balev")


def test_rules_81_86_a_combat_window_names_the_window_open():
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev"]}, phase="combat")
    assert s.pending().context == CombatWindowContext(window="before attackers", active=0, passes=0)
    assert s.observation(1)["combat_window"] == "before attackers" and s.observation(1)["decision"] is None
    t.choose(s, "pass", by=0)
    assert s.pending().context.passes == 1 and s.pending().player == 1
    pass_window(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    assert s.pending().context.window == "after attackers"
    assert s.observation(1)["combat"][0]["attacker"] == t.id(s, "Emil Balev")


def test_rules_143_144_a_claim_names_the_influence_and_what_it_can_buy():
    """3 influence buys Dog Eat Dog (cost 3) from the commons, not "Kaos 33" (cost 4) nor
    an opposing private archive (rule 143); a discard for 1 influence (rule 144) makes
    "Kaos 33" claimable too."""
    t = NfTable(players=2)
    s = t.position(phase="claim", influence=3, hands={0: ["Kilo 13"]},
                   archives={"Dog Eat Dog": (-1, 2), "Kaos 33": (-1, 2), "R&D": (1, 2)})
    context = s.pending().context
    assert isinstance(context, ClaimContext) and context.influence == 3 and not context.forced
    assert context.archives == (ArchiveOffer(archive=0, card="cw-dog-eat-dog", owner=-1, printed_cost=3, cost=3),)
    labels = [c.label["en"] for c in s.pending().choices]
    assert "Claim Dog Eat Dog (cost 3) from the commons" in labels
    t.choose(s, "discard", "Kilo 13", by=0)
    context = s.pending().context
    assert context.influence == 4 and [a.card for a in context.archives] == ["cw-dog-eat-dog", "cw-kaos-33"]
    refs = [c.refs for c in s.pending().choices if isinstance(c.action, Archive)]
    # an archive option names the archive, not which copy lies on top (not public)
    assert [r.archives for r in refs] == [(0,), (1,)] and all(r.cards == () for r in refs)


def test_rules_124_138_a_link_decision_shows_the_chain_with_colours_and_kickers():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Kilo 13"], 1: ["Emil Balev"]})
    t.choose(s, "play", "Kilo 13", by=0)
    context = s.pending().context
    assert isinstance(context, LinkContext)
    kilo = s.card(t.id(s, "Kilo 13"))
    assert [(c.card, c.player, c.colour, c.kicker) for c in context.chain] == [(t.id(s, "Kilo 13"), 0, kilo.colour, False)]
    assert context.link_colours == tuple(kilo.link_colours) and context.last_colour == kilo.colour


def test_rules_20_30_a_draft_pick_names_the_picker_s_own_hand_to_the_picker_only():
    game = NightfallGame(players=2, archives="draft")
    s = game.new_initial_state(3)
    context = s.pending().context
    assert isinstance(context, DraftContext) and context.player == 0 and context.round == 0
    assert list(context.hand) == s.observation(0)["draft"]["hand"]
    assert s.observation(1)["decision"] is None
    label = s.pending().choices[0].label["en"]
    assert label.startswith(f"Remove {game.card(context.hand[0]).printed_name} from the game")
    assert all(isinstance(c.action, Option) and c.refs.cards == () for c in s.pending().choices)


def test_the_observation_s_documented_fields_are_fresh_copies():
    t = NfTable(players=2)
    s = t.position(play={0: ["Emil Balev"], 1: ["Victor One"]}, phase="combat")
    pass_windows(t, s)
    t.choose(s, "attack", "Emil Balev", by=0, target=1)
    obs = s.observation(1)
    obs["combat"][0]["blockers"].append(99)
    obs["bare_wounds"][0] = 7
    assert s.observation(1)["combat"][0]["blockers"] == [] and s.observation(1)["bare_wounds"] == [0, 0]
    assert s.observation(1)["pending_effect"]["op"] == "window"


# ---------------------------------------------------------------------- outcome
def test_rule_162_outcome_the_fewest_wounds_wins():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: ["bite", "burn"]}, wounds=3, face_up=1)
    assert s.outcome() is None
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.outcome() == Outcome(winners=(1,), reason=EndReason.FEWEST_WOUNDS, detail="player 2: fewest wounds (2, 1)")


def test_rule_163_outcome_names_the_wound_type_tie_break():
    """Both players end on 7 wounds; 3/2/2 beats 3/3/1 on the second-highest count."""
    t = NfTable(players=2)
    mine, theirs = ["bite"] * 3 + ["burn"] * 2 + ["bleed"] * 2, ["bite"] * 3 + ["burn"] * 3
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: mine, 1: theirs}, wounds=3, face_up=1)
    start_chain(t, s, [(0, "Sophia Otrava")])
    outcome = s.outcome()
    assert outcome.winners == (0,) and outcome.reason is EndReason.FEWEST_WOUNDS
    assert outcome.detail == ("player 1: tied on 7 wounds and the most common type, fewer of the second"
                              " (2 to 3, rule 163)")


def test_rule_164_outcome_names_the_seat_tie_break():
    t = NfTable(players=3, first_player=1)
    s = t.position(hands={0: ["Sophia Otrava"]}, wound_cards={0: ["bleed"]}, wounds=20, face_up=2)
    start_chain(t, s, [(0, "Sophia Otrava")])
    t.choose(s, "player", 1, by=0)
    assert s.outcome().winners == (0,) == (s.winner,)
    assert s.outcome().detail.endswith("closest to the right of the first player (rule 164)")


def test_rule_178_outcome_in_team_play_names_both_partners():
    """Seats 0 and 2 play seats 1 and 3; player 0's Sophia Otrava ("Each opponent
    receives 1 wound.") gives the last face-up wound and one more: the team of seats 1
    and 3 has 2 wounds in total, seats 0 and 2 none, and both partners win."""
    t = NfTable(players=4, teams=True)
    s = t.position(hands={0: ["Sophia Otrava"]}, wounds=3, face_up=1)
    start_chain(t, s, [(0, "Sophia Otrava")])
    assert s.decision_kind() is NightfallKind.ORDER_EVENTS  # rule 73: player 0 orders the wounds
    assert s.pending().context.players == (1, 3)
    t.choose(s, "player", 1, by=0)
    assert s.is_terminal()
    outcome = s.outcome()
    assert outcome.winners == (0, 2) and s.returns() == [1.0, 0.0, 1.0, 0.0]
    assert outcome.reason is EndReason.FEWEST_WOUNDS and outcome.detail == "player 1 & player 3: fewest wounds (0, 2)"


def test_rule_161_reading_10_outcome_when_the_wound_stack_ran_out():
    t = NfTable(players=2)
    s = t.position(hands={0: ["Inhuman Wave"]}, wounds=1, face_up=1)
    start_chain(t, s, [(0, "Inhuman Wave")])
    t.choose(s, "player", 1, by=0)
    assert s.outcome() == Outcome(winners=(0,), reason=EndReason.STACK_EXHAUSTED,
                                  detail="player 1: fewest wounds (0, 2)")


def test_rule_171_reading_15_outcome_of_a_constructed_game_is_elimination():
    t = constructed_table()
    s = constructed(t, [["nf:bite"] * 5, ["nf:bite"]], hands={0: ["Inhuman Wave"]})
    play_alone(t, s, "Inhuman Wave")
    t.choose(s, "player", 1, by=0)
    assert s.outcome() == Outcome(winners=(0,), reason=EndReason.ELIMINATION,
                                  detail="player 1 is the last player left (eliminated: player 2)")


def test_a_simulation_s_turn_limit_has_no_winner():
    game = NightfallGame(players=2, turn_limit=2)
    s = game.new_initial_state(1)
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_indices()))
    assert s.outcome() == Outcome(winners=(), reason=EndReason.TURN_LIMIT,
                                  detail="the turn limit of 2 turns was reached")
    assert s.returns() == [0.0, 0.0]

