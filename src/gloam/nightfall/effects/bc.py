"""Blood Country's card effects: one small function per card, over the shared verbs.
Each function's docstring is the card's text as the data file gives it
(``data/blood_country.json``; only Burning Meat's text is stated by a seed, 003 — every
other text is gloam's design, marked there, never here). Blood Country is not standalone
(003): its games mix it with a set that has starting minions and wounds."""

from __future__ import annotations

from gloam.nightfall.registry import Texts, effect
from gloam.nightfall.verbs import (
    damage,
    damage_each,
    damage_opponents,
    destroy,
    discard,
    draw,
    fetch,
    gain_influence,
    lasting_strength,
    may,
    may_discard,
    minion,
    minion_to_hand,
    player,
    receive_each_opponent,
    restore,
    simple,
    strength,
)

# ---------------------------------------------------------------------- draft minions


@effect("bc.damon_montez")
def damon_montez(card):
    """Chain: Inflict 1 damage on each opponent.
    Kicker (blue): Draw 1 card for each friendly vampire in play."""
    return Texts(chain=[damage_opponents(1)], kicker=[draw(0, per_friendly="vampire")])


@effect("bc.harley_doberman")
def harley_doberman(card):
    """In Play: When this card attacks, inflict 1 damage on target opposing minion.
    Kicker (purple): Draw 1 card."""
    return Texts(on_attack=[damage(minion("opposing"), 1)], kicker=[draw(1)])


@effect("bc.infected_ghoul")
def infected_ghoul(card):
    """Chain: Each opponent receives 1 wound. Place this card into your discard pile
    instead of into play. Kicker (red): Place this card into play."""
    return Texts(chain=[receive_each_opponent(1), simple("discard_self")], kicker=[simple("keep_self")])


@effect("bc.kc_bigelow")
def kc_bigelow(card):
    """Chain: Inflict 1 damage on target minion.
    Kicker (green): Destroy target opposing vampire."""
    return Texts(chain=[damage(minion(), 1)], kicker=[destroy(minion("opposing", keyword="vampire"))])


@effect("bc.leshawn_wallace")
def leshawn_wallace(card):
    """In Play: This card blocks damage inflicted on you.
    Kicker (green): Restore all health to target minion."""
    return Texts(blocks_player_damage=True, kicker=[restore(minion(), None)])


@effect("bc.mac_ten")
def mac_ten(card):
    """Chain: Inflict 1 damage on target minion, then inflict 1 damage on target minion.
    Kicker (purple): Inflict 1 damage on target player."""
    return Texts(chain=[damage(minion(), 1), damage(minion(), 1)], kicker=[damage(player(), 1)])


@effect("bc.maggie_hawke")
def maggie_hawke(card):
    """In Play: Do not discard this card at the end of the Combat Phase.
    Your Chain: Gain 1 influence. Kicker (white): Target player discards 1 card."""
    return Texts(stays_in_play=True, your_chain=[gain_influence(1)], kicker=[discard(player(), 1)])


@effect("bc.rabid_rex")
def rabid_rex(card):
    """Chain: Inflict 2 damage on target minion.
    Kicker (gold): Inflict 2 damage on each player that has a hunter in play."""
    return Texts(chain=[damage(minion(), 2)], kicker=[damage_each("players_with", 2, keyword="hunter")])


@effect("bc.shadow_hound")
def shadow_hound(card):
    """In Play: This card cannot be blocked.
    Kicker (white): Target player discards 1 card."""
    return Texts(unblockable=True, kicker=[discard(player(), 1)])


@effect("bc.sierra_two")
def sierra_two(card):
    """Chain: Draw 1 card. Kicker (gold): Destroy target opposing lycanthrope."""
    return Texts(chain=[draw(1)], kicker=[destroy(minion("opposing", keyword="lycanthrope"))])


@effect("bc.straight_eight")
def straight_eight(card):
    """Chain: Inflict 1 damage on target player. Feed: Discard 2 cards.
    Kicker (red): Restore all health to each friendly vampire."""
    return Texts(chain=[damage(player(), 1)], feed=[discard(player("self"), 2)], feed_on="chain",
                 kicker=[restore(None, None, each_friendly="vampire")])


@effect("bc.wight_trash")
def wight_trash(card):
    """In Play: At the end of each turn, destroy this card unless it came into play this turn.
    Kicker (blue): Inflict 1 damage on target minion."""
    return Texts(destroyed_end_of_turn=True, kicker=[damage(minion(), 1)])


# ---------------------------------------------------------------------- draft actions


@effect("bc.burning_meat")
def burning_meat(card):
    """Chain: Draw 2 cards. You may discard a burn wound to destroy target ghoul.
    Kicker (purple): Draw 1 card for each of your minions in the chain."""
    ghoul = minion(keyword="ghoul")
    return Texts(chain=[draw(2), may_discard([destroy(ghoul)], wound_type="burn", if_target=ghoul)],
                 kicker=[simple("draw_per_chain_minion")])


@effect("bc.exit_strategy")
def exit_strategy(card):
    """Chain: Return target friendly minion to its owner's hand. Kicker (white): Place
    target minion an opponent controls into your hand. You own it from now on."""
    return Texts(chain=[minion_to_hand(minion("friendly"))],
                 kicker=[minion_to_hand(minion("opposing"), capture=True)])


@effect("bc.flesh_frenzy")
def flesh_frenzy(card):
    """Chain: Increase the strength of each friendly minion by 1. Feed: Discard 2 cards.
    Kicker (gold): Draw 1 card for each friendly ghoul in play."""
    return Texts(chain=[strength(None, 1)], feed=[discard(player("self"), 2)], feed_on="chain",
                 kicker=[draw(0, per_friendly="ghoul")])


@effect("bc.gather_the_pack")
def gather_the_pack(card):
    """Chain: Place target lycanthrope from your discard pile into play. Kicker (red): Draw
    1 card for each friendly lycanthrope in play. You may restore all health to each
    friendly lycanthrope."""
    heal = [restore(None, None, each_friendly="lycanthrope")]
    return Texts(chain=[fetch("play", keyword="lycanthrope")],
                 kicker=[draw(0, per_friendly="lycanthrope"),
                         may(heal, "You may restore all health to each friendly lycanthrope")])


@effect("bc.healing_hurts")
def healing_hurts(card):
    """Chain: Restore all health to target minion. Inflict 1 damage on target player.
    Kicker (red): Draw 1 card."""
    return Texts(chain=[restore(minion(), None), damage(player(), 1)], kicker=[draw(1)])


@effect("bc.meat_puppet")
def meat_puppet(card):
    """Chain: Target minion inflicts damage equal to its strength on another target minion.
    Kicker (gold): Place target card from your discard pile into your hand."""
    return Texts(chain=[simple("fight")], kicker=[fetch("hand")])


@effect("bc.pipe_bomb")
def pipe_bomb(card):
    """Chain: Inflict 1 damage on target minion. Place 1 wound from the bottom of the wound
    stack on top of target archive. Kicker (green): Place 1 wound from the bottom of the
    wound stack on top of target archive."""
    return Texts(chain=[damage(minion(), 1), simple("wound_to_archive")], kicker=[simple("wound_to_archive")])


@effect("bc.propane_improv")
def propane_improv(card):
    """Chain: Inflict 1 damage on each opposing minion.
    Kicker (green): Inflict 1 damage on target player."""
    return Texts(chain=[damage_each("opposing_minions", 1)], kicker=[damage(player(), 1)])


@effect("bc.shotgun_party")
def shotgun_party(card):
    """Chain: Inflict 2 damage on target minion. If it was destroyed, draw 1 card.
    Kicker (white): Inflict 1 damage on target minion."""
    return Texts(chain=[damage(minion(), 2, then_if_destroyed=[draw(1)])], kicker=[damage(minion(), 1)])


@effect("bc.shut_up_and_soldier")
def shut_up_and_soldier(card):
    """Chain: Attach this card to target friendly minion. In Play: The attached minion has
    +1 strength. Do not discard the attached minion at the end of the Combat Phase.
    Kicker (purple): Draw 1 card."""
    return Texts(chain=[simple("attach_self")], attached_strength=1, keeps_minion=True, kicker=[draw(1)])


@effect("bc.vampiric_turning")
def vampiric_turning(card):
    """Chain: Increase the strength of target friendly minion by 2. This effect lasts until
    that minion leaves play. Kicker (blue): Restore all health to target friendly minion."""
    return Texts(chain=[lasting_strength(minion("friendly"), 2)], kicker=[restore(minion("friendly"), None)])


@effect("bc.vehicular_assault")
def vehicular_assault(card):
    """Chain: Inflict 3 damage on target minion. Kicker (blue): Inflict 1 damage on target player."""
    return Texts(chain=[damage(minion(), 3)], kicker=[damage(player(), 1)])


# ---------------------------------------------------------------------- promos (003)


@effect("bc.destiny_collins")
def destiny_collins(card):
    """Chain: Draw 2 cards. Kicker (white): Destroy target opposing ghoul."""
    return Texts(chain=[draw(2)], kicker=[destroy(minion("opposing", keyword="ghoul"))])


@effect("bc.flayed_ghoul")
def flayed_ghoul(card):
    """In Play: Do not discard this card at the end of the Combat Phase.
    Kicker (blue): Inflict 1 damage on each opposing minion."""
    return Texts(stays_in_play=True, kicker=[damage_each("opposing_minions", 1)])


@effect("bc.silas_bragg")
def silas_bragg(card):
    """Your Chain: Gain 2 influence. Kicker (green): Target player discards 1 card."""
    return Texts(your_chain=[gain_influence(2)], kicker=[discard(player(), 1)])
