"""Nightfall (the base set)'s card effects: one small function per card, over the shared
verbs. Each function's docstring is the card's text as the data file gives it
(``data/nightfall.json``; designed texts are marked there, never here). The six starting
minions are Martial Law's (``effects/ml.py``), reprinted by this set.
"""

from __future__ import annotations

from gloam.nightfall.registry import Texts, effect
from gloam.nightfall.verbs import (
    continuous,
    damage,
    damage_each,
    damage_minions,
    damage_players,
    discard,
    draw,
    fetch,
    gain_influence,
    minion,
    player,
    receive,
    restore,
    simple,
)

# ---------------------------------------------------------------------- draft minions


@effect("nf.alton_hickman")
def alton_hickman(card):
    """In Play: This card cannot be blocked. Kicker: Place target card from your discard
    pile on top of your deck."""
    return Texts(unblockable=True, kicker=[fetch("deck_top")])


@effect("nf.big_ghost")
def big_ghost(card):
    """Kicker: Inflict 1 damage on each player."""
    return Texts(kicker=[damage_players("each", 1)])


@effect("nf.blaine_cordell")
def blaine_cordell(card):
    """Chain: Exile target wound from your discard pile. Place this card into play with 2
    health. Kicker: Place this card into play with 4 health."""
    return Texts(chain=[simple("exile_own_discard", wound=True), simple("place_self", health=2)],
                 kicker=[simple("place_self", health=4)])


@effect("nf.franz_orlok")
def franz_orlok(card):
    """Chain: Target player discards 1 card. Kicker: Inflict 2 damage on target opposing minion."""
    return Texts(chain=[discard(player(), 1)], kicker=[damage(minion("opposing"), 2)])


@effect("nf.indigo_six")
def indigo_six(card):
    """Chain: During your Claim Phase this turn, your influence is worth double.
    Kicker: During your Claim Phase this turn, you may claim orders from opposing private archives."""
    return Texts(chain=[continuous("influence_double")], kicker=[continuous("claim_opposing_any")])


@effect("nf.ivan_radinsky")
def ivan_radinsky(card):
    """Chain: Place target minion in play on top of its owner's deck. Kicker: Draw 1 card."""
    return Texts(chain=[simple("minion_to_deck")], kicker=[draw(1)])


@effect("nf.lilith_lawrence")
def lilith_lawrence(card):
    """Chain: Restore 2 health to target minion. Kicker: Draw 2 cards."""
    return Texts(chain=[restore(minion(), 2)], kicker=[draw(2)])


@effect("nf.marcus_toth")
def marcus_toth(card):
    """In Play: When this card is destroyed, place it into its owner's hand.
    Chain: Inflict 1 damage on target minion."""
    return Texts(to_hand_when_destroyed=True, chain=[damage(minion(), 1)])


@effect("nf.overwatch_two")
def overwatch_two(card):
    """Chain: Inflict 2 damage on target minion. Kicker: Inflict 1 damage on each opposing
    minion that enters play this turn."""
    return Texts(chain=[damage(minion(), 2)], kicker=[continuous("damage_on_enter", amount=1)])


@effect("nf.sir_john_travail")
def sir_john_travail(card):
    """In Play: Orders you claim cost 1 less. Kicker: The next order in the chain resolves
    its chain text and its kicker (if it receives it) twice."""
    return Texts(claim_discount=1, kicker=[simple("resolve_twice", which="next")])


@effect("nf.vulko")
def vulko(card):
    """In Play: This card blocks damage inflicted on you."""
    return Texts(blocks_player_damage=True)


@effect("nf.zacharias_sands")
def zacharias_sands(card):
    """Your Chain: Gain 2 influence. Kicker: Draw 1 card."""
    return Texts(your_chain=[gain_influence(2)], kicker=[draw(1)])


# ---------------------------------------------------------------------- draft actions


@effect("nf.blood_rage")
def blood_rage(card):
    """Chain: Inflict 1 damage on each opponent. Kicker: Inflict 2 damage on target minion."""
    return Texts(chain=[damage_players("opponents", 1)], kicker=[damage(minion(), 2)])


@effect("nf.dark_awakening")
def dark_awakening(card):
    """Chain: Place target minion from your discard pile into play. Resolve its Your Chain
    text. Kicker: Restore all health to target friendly minion."""
    return Texts(chain=[simple("place_from_discard", then="your_chain")], kicker=[restore(minion("friendly"), None)])


@effect("nf.death_grip")
def death_grip(card):
    """Chain: Inflict 3 damage on target player. Kicker: Do not resolve this card's chain
    text. Instead, target player receives 2 wounds."""
    return Texts(chain=[damage(player(), 3)], kicker=[receive(player(), 2)], kicker_replaces_chain=True)


@effect("nf.flank_attack")
def flank_attack(card):
    """Chain: Target other order in the chain does not resolve its chain text.
    Kicker: Claim target order that costs 3 or less from your private archives or the
    commons for 0 influence."""
    return Texts(chain=[simple("mark_order", flag="no_chain")], kicker=[simple("claim_free_now", max_cost=3)])


@effect("nf.furious_melee")
def furious_melee(card):
    """Chain: Inflict 1 damage on each minion in play. Kicker: Inflict 2 damage on target minion."""
    return Texts(chain=[damage_minions("all", 1)], kicker=[damage(minion(), 2)])


@effect("nf.ghoul_summoning")
def ghoul_summoning(card):
    """Chain: Place target ghoul from your discard pile into play.
    Kicker: Resolve the chain text of target minion in your hand."""
    return Texts(chain=[fetch("play", keyword="ghoul")], kicker=[simple("resolve_from_hand")])


@effect("nf.grim_siege")
def grim_siege(card):
    """Chain: Target player loses 2 influence. Kicker: Target player discards 1 card."""
    return Texts(chain=[simple("lose_influence", target=player(), amount=2)], kicker=[discard(player(), 1)])


@effect("nf.leave_me")
def leave_me(card):
    """Chain: Choose target other order in the chain: you choose all its targets when it
    resolves. Kicker: That order resolves its chain text and its kicker (if it receives it) twice."""
    return Texts(chain=[simple("mark_order", flag="chooser")], kicker=[simple("resolve_twice", which="that")])


@effect("nf.mesmeric_presence")
def mesmeric_presence(card):
    """Chain: Each opponent discards 1 card. Kicker: Draw 1 card for each friendly vampire in play."""
    return Texts(chain=[simple("each_opponent_discards", amount=1)], kicker=[draw(0, per_friendly="vampire")])


@effect("nf.rend_and_tear")
def rend_and_tear(card):
    """Chain: Inflict 2 damage on target minion. If it was destroyed, draw 1 card.
    Kicker: Inflict 2 damage on target minion."""
    return Texts(chain=[damage(minion(), 2, then_if_destroyed=[draw(1)])], kicker=[damage(minion(), 2)])


@effect("nf.shock_and_awe")
def shock_and_awe(card):
    """Chain: Inflict 1 damage on each opposing minion. Kicker: Inflict 2 damage on target player."""
    return Texts(chain=[damage_each("opposing_minions", 1)], kicker=[damage(player(), 2)])


@effect("nf.tag_team_takedown")
def tag_team_takedown(card):
    """Chain: Inflict damage on target opposing minion equal to the number of friendly
    minions in play. Kicker: Draw 1 card."""
    return Texts(chain=[simple("damage_per_friendly", target=minion("opposing"))], kicker=[draw(1)])


# ---------------------------------------------------------------------- promos


@effect("nf.lisaveta_florescu")
def lisaveta_florescu(card):
    """Chain: Target player discards 1 card. Kicker: Restore all health to each friendly vampire."""
    return Texts(chain=[discard(player(), 1)], kicker=[restore(None, None, each_friendly="vampire")])


@effect("nf.shadow_seven")
def shadow_seven(card):
    """Chain: Prevent all damage that would be inflicted on you this turn. Kicker: Draw 1 card."""
    return Texts(chain=[continuous("prevent_damage")], kicker=[draw(1)])


@effect("nf.zombie_horde")
def zombie_horde(card):
    """Chain: Place 2 target ghouls from your discard pile into play.
    Kicker: Draw 1 card for each friendly ghoul in play."""
    return Texts(chain=[fetch("play", keyword="ghoul"), fetch("play", keyword="ghoul")],
                 kicker=[draw(0, per_friendly="ghoul")])


# ---------------------------------------------------------------------- wounds


@effect("nf.nf_wound")
def nf_wound(card):
    """Cleanup: Discard this card and any number of other wounds from your hand. Draw 2
    cards for each wound discarded this way. Limit 1 wound effect per turn."""
    return Texts(wound=[simple("nf_wound")], wound_phase="cleanup")
