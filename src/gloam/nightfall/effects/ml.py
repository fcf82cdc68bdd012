"""Martial Law's card effects: one small function per card, over the shared verbs.
Each function's docstring is the card's text as the data file gives it
(``data/martial_law.json``; designed texts are marked there, never here). The six
starters are reprinted by Nightfall (``nightfall.json`` lists their ids under
``reprints``), so these functions also serve NF games."""

from __future__ import annotations

from gloam.nightfall.registry import Texts, effect
from gloam.nightfall.verbs import (
    damage,
    damage_each,
    destroy,
    discard,
    draw,
    fetch,
    gain_influence,
    minion,
    minion_to_hand,
    own_chain_kickers,
    player,
    restore,
    simple,
    strength,
    take_control,
)

# ---------------------------------------------------------------------- starting minions


@effect("ml.bad_smoke")
def bad_smoke(card):
    """In Play: This card blocks damage inflicted on you. This card stays in play until
    destroyed. Exile when destroyed."""
    return Texts(blocks_player_damage=True, stays_in_play=True)


@effect("ml.charlotte_reyes")
def charlotte_reyes(card):
    """Chain: Draw 1 card."""
    return Texts(chain=[draw(1)])


@effect("ml.enraged_wight")
def enraged_wight(card):
    """(No text but its exile wording: a plain 2-strength attacker.)"""
    return Texts()


@effect("ml.genesis_one")
def genesis_one(card):
    """Chain: Restore 2 health to target minion."""
    return Texts(chain=[restore(minion(), 2)])


@effect("ml.jj_mcteague")
def jj_mcteague(card):
    """Chain: Inflict 1 damage on target minion."""
    return Texts(chain=[damage(minion(), 1)])


@effect("ml.yuri_koroviev")
def yuri_koroviev(card):
    """Your Chain: Gain 1 influence."""
    return Texts(your_chain=[gain_influence(1)])


# ---------------------------------------------------------------------- draft minions


@effect("ml.brynna_and_taylor")
def brynna_and_taylor(card):
    """In Play: Draw 1 card at the end of your Cleanup Phase. This card stays in play until
    destroyed. Kicker (blue): Place target minion into its owner's hand."""
    return Texts(cleanup_draw=1, stays_in_play=True, kicker=[minion_to_hand(minion())])


@effect("ml.chan_jiang")
def chan_jiang(card):
    """Chain: Claim 1 order that costs 3 or less from the commons or your private archives
    for 0 influence. Kicker (purple): Draw 1 card."""
    return Texts(chain=[simple("claim_free_now", max_cost=3)], kicker=[draw(1)])


@effect("ml.grotesque_revenant")
def grotesque_revenant(card):
    """In Play: This card stays in play until destroyed.
    Kicker (gold): Inflict 2 damage on target minion."""
    return Texts(stays_in_play=True, kicker=[damage(minion(), 2)])


@effect("ml.jerome_carceri")
def jerome_carceri(card):
    """Kicker (gold): Restore 1 health to target minion. Feed: Discard 1 card."""
    return Texts(kicker=[restore(minion(), 1)], feed=[discard(player("self"), 1)], feed_on="kicker")


@effect("ml.koi_jiang")
def koi_jiang(card):
    """Your Combat: Discard this card. Increase the strength of each friendly minion by 1.
    Kicker (red): Draw 1 card."""
    return Texts(your_combat=[strength(None, 1)], kicker=[draw(1)])


@effect("ml.legion_ten")
def legion_ten(card):
    """Chain: Inflict 1 damage on target player. Kicker (green): Inflict 1 damage on each
    opposing minion."""
    return Texts(chain=[damage(player(), 1)], kicker=[damage_each("opposing_minions", 1)])


@effect("ml.lone_hound")
def lone_hound(card):
    """Kicker (blue): Inflict 2 damage on target minion."""
    return Texts(kicker=[damage(minion(), 2)])


@effect("ml.mad_jake")
def mad_jake(card):
    """Chain: Inflict 2 damage on target minion. Kicker (gold): Increase the strength of
    target minion by 2."""
    return Texts(chain=[damage(minion(), 2)], kicker=[strength(minion(), 2)])


@effect("ml.maya_westermann")
def maya_westermann(card):
    """Chain: Inflict 2 damage on target minion. Kicker (blue): Draw 1 card."""
    return Texts(chain=[damage(minion(), 2)], kicker=[draw(1)])


@effect("ml.nian_jiang")
def nian_jiang(card):
    """Kicker (white): Take control of target opposing minion."""
    return Texts(kicker=[take_control(minion("opposing"))])


@effect("ml.queens_bishop")
def queens_bishop(card):
    """In Play: When this card attacks, inflict 1 damage on target minion (before blockers
    are chosen). Kicker (purple): Target player discards 1 card."""
    return Texts(on_attack=[damage(minion(), 1)], kicker=[discard(player(), 1)])


@effect("ml.roland_lefontaine")
def roland_lefontaine(card):
    """Chain: Target player discards 1 card. Kicker (red): Inflict 2 damage on target player."""
    return Texts(chain=[discard(player(), 1)], kicker=[damage(player(), 2)])


# ---------------------------------------------------------------------- draft actions


@effect("ml.all_out_lunge")
def all_out_lunge(card):
    """Chain: Inflict 1 damage on target player. Feed: Discard 2 cards.
    Kicker (red): Target order in the chain will resolve its kicker."""
    return Texts(chain=[damage(player(), 1)], feed=[discard(player("self"), 2)], feed_on="chain",
                 kicker=[simple("mark_order", flag="kicker")])


@effect("ml.bait_and_switch")
def bait_and_switch(card):
    """Chain: Target order in the chain does not resolve its chain text. Feed: Discard 2
    cards. Kicker (green): Shuffle 1 card from each private archive into a new common archive."""
    return Texts(chain=[simple("mark_order", flag="no_chain")], feed=[discard(player("self"), 2)],
                 feed_on="chain", kicker=[simple("new_common_archive")])


@effect("ml.bleak_resurrection")
def bleak_resurrection(card):
    """Chain: Place target minion from your discard pile into play. Feed: Discard 1 card.
    Kicker (green): Exile all minions destroyed by the previous order in the chain."""
    return Texts(chain=[fetch("play")], feed=[discard(player("self"), 1)], feed_on="chain",
                 kicker=[simple("exile_destroyed_by_previous")])


@effect("ml.forlorn_hope")
def forlorn_hope(card):
    """Chain: Exile target order from your discard pile. Kicker (white): Inflict damage on
    target player equal to the cost of the order exiled by this card."""
    return Texts(chain=[simple("exile_order_from_discard")], kicker=[simple("damage_exiled_cost", target=player())])


@effect("ml.headshot")
def headshot(card):
    """Chain: Inflict 3 damage on target minion. Kicker (white): Draw 1 card."""
    return Texts(chain=[damage(minion(), 3)], kicker=[draw(1)])


@effect("ml.hysteria")
def hysteria(card):
    """Chain: Target minion inflicts damage equal to its strength on itself and on its
    controller. Kicker (purple): Draw 1 card."""
    return Texts(chain=[simple("self_and_controller_damage")], kicker=[draw(1)])


@effect("ml.irresistible_call")
def irresistible_call(card):
    """Chain: Target player discards 2 cards. Kicker (green): Draw 1 card."""
    return Texts(chain=[discard(player(), 2)], kicker=[draw(1)])


@effect("ml.relentless_grinder")
def relentless_grinder(card):
    """Chain: Inflict 1 damage on each opposing minion. Feed: Discard 2 cards.
    Kicker (purple): Inflict 1 damage on target player."""
    return Texts(chain=[damage_each("opposing_minions", 1)], feed=[discard(player("self"), 2)], feed_on="chain",
                 kicker=[damage(player(), 1)])


@effect("ml.shining_cross")
def shining_cross(card):
    """Chain: Restore 2 health to target minion. Draw 1 card. Kicker (white): Inflict 2
    damage on target vampire."""
    return Texts(chain=[restore(minion(), 2), draw(1)], kicker=[damage(minion(keyword="vampire"), 2)])


@effect("ml.silver_stake")
def silver_stake(card):
    """Chain: Destroy target vampire. Kicker (gold): Draw 1 card."""
    return Texts(chain=[destroy(minion(keyword="vampire"))], kicker=[draw(1)])


@effect("ml.sweep_and_clear")
def sweep_and_clear(card):
    """Chain: Inflict 2 damage on target minion. If it was destroyed, draw 1 card.
    Kicker (red): Inflict 1 damage on target player."""
    return Texts(chain=[damage(minion(), 2, then_if_destroyed=[draw(1)])], kicker=[damage(player(), 1)])


@effect("ml.tactical_prep")
def tactical_prep(card):
    """Chain: Look through your deck and draw 1 card of your choice, then shuffle your deck.
    Kicker (gold): Reveal the card you drew with this card. If it is a minion, draw 1 card."""
    return Texts(chain=[simple("tutor")], kicker=[simple("reveal_tutored", amount=1)])


# ---------------------------------------------------------------------- promos (003)


@effect("ml.ahmad_hassan")
def ahmad_hassan(card):
    """In Play: When a friendly minion is destroyed, inflict 1 damage on target player.
    Kicker (white): All of your cards in the chain resolve their kickers."""
    return Texts(on_friendly_destroyed=[damage(player(), 1)], kicker=[own_chain_kickers()])


@effect("ml.desperate_measures")
def desperate_measures(card):
    """Chain: Inflict 2 damage on yourself. Draw 3 cards. Kicker (purple): Draw 1 card."""
    return Texts(chain=[damage(player("self"), 2), draw(3)], kicker=[draw(1)])


@effect("ml.pale_fury")
def pale_fury(card):
    """In Play: When this card attacks, inflict 2 damage on target minion (itself included).
    Kicker (blue): Draw 1 card."""
    return Texts(on_attack=[damage(minion(), 2)], kicker=[draw(1)])


# ---------------------------------------------------------------------- wounds


@effect("ml.nf_wound")
def nf_wound(card):
    """Cleanup: Discard this card and any number of other wounds from your hand. Draw 2
    cards for each wound discarded this way. Limit 1 wound effect per turn."""
    return Texts(wound=[simple("nf_wound")], wound_phase="cleanup")


@effect("ml.ml_wound")
def ml_wound(card):
    """Your Combat: discard this card. Increase the strength of target minion by 1.
    Feed: Discard 1 wound. Limit 1 wound effect per turn."""
    return Texts(wound=[strength(minion(), 1)], wound_phase="combat",
                 feed=[discard(player("self"), 1, wounds_only=True)], feed_on="wound_text")
