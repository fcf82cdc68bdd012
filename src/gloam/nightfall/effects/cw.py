"""The Coldest War's card effects: one small function per card, over the shared verbs.
Each function's docstring is the card's text as the data file gives it
(``data/coldest_war.json``; designed texts are marked there, never here)."""

from __future__ import annotations

from gloam.nightfall.registry import Texts, effect
from gloam.nightfall.verbs import (
    continuous,
    damage,
    damage_each,
    destroy,
    discard,
    draw,
    fetch,
    gain_influence,
    minion,
    player,
    receive_each_opponent,
    restore,
    simple,
    strength,
)

# ---------------------------------------------------------------------- starting minions


@effect("cw.clever_ivan")
def clever_ivan(card):
    """Chain: Draw 1 card."""
    return Texts(chain=[draw(1)])


@effect("cw.jarek")
def jarek(card):
    """In Play: Do not discard this card at the end of the Combat Phase."""
    return Texts(stays_in_play=True)


@effect("cw.kilo_13")
def kilo_13(card):
    """Chain: Inflict 1 damage on target minion."""
    return Texts(chain=[damage(minion(), 1)])


@effect("cw.patrol_zombie")
def patrol_zombie(card):
    """Your Chain: Gain 1 influence."""
    return Texts(your_chain=[gain_influence(1)])


@effect("cw.snowstorm")
def snowstorm(card):
    """In Play: +1 strength for each opposing minion destroyed this turn."""
    return Texts(strength_per_opposing_destroyed=1)


@effect("cw.victor_one")
def victor_one(card):
    """Your Chain: During your Claim Phase this turn, you may claim 1 order from target
    opposing private archive (paying its cost, rule 150)."""
    return Texts(your_chain=[continuous("claim_opposing", target={"archive": "opposing"}, count=1)])


# ---------------------------------------------------------------------- draft minions


@effect("cw.asset_seven")
def asset_seven(card):
    """Chain: Inflict 2 damage on target minion. If it was destroyed, inflict 2 damage on
    target minion. Kicker (blue): Draw 1 card each time you place a minion into play."""
    return Texts(chain=[damage(minion(), 2, then_if_destroyed=[damage(minion(), 2)])],
                 kicker=[continuous("draw_on_minion", amount=1)])


@effect("cw.banner_89")
def banner_89(card):
    """Chain: Draw 1 card. Kicker (red): Target player discards 1 card.
    Combat: Place this card from your hand into play with 1 health."""
    return Texts(chain=[draw(1)], kicker=[discard(player(), 1)],
                 combat=[simple("enter_play_self", health=1)], combat_keeps_card=True)


@effect("cw.bone_cruncher")
def bone_cruncher(card):
    """Kicker (purple): Inflict 2 damage on each player that has a ghoul in play.
    Combat: Discard to make target minion and its damage unblockable."""
    return Texts(kicker=[damage_each("players_with", 2, keyword="ghoul")],
                 combat=[continuous("unblockable", target=minion(), damage=True)])


@effect("cw.doktor_nyilaszy")
def doktor_nyilaszy(card):
    """Chain: Place target ghoul from your discard pile into your hand.
    Kicker (purple): Restore 2 health to each friendly ghoul."""
    return Texts(chain=[fetch("hand", keyword="ghoul")], kicker=[restore(None, 2, each_friendly="ghoul")])


@effect("cw.emil_balev")
def emil_balev(card):
    """Chain: Inflict 1 damage on target minion. Feed: Discard 1 card.
    Kicker (blue): Draw 1 card."""
    return Texts(chain=[damage(minion(), 1)], feed=[discard(player("self"), 1)], feed_on="chain",
                 kicker=[draw(1)])


@effect("cw.foul_revenant")
def foul_revenant(card):
    """Kicker (green): Inflict 2 damage on target minion. In Play: Do not discard this
    card at the end of the Combat Phase."""
    return Texts(kicker=[damage(minion(), 2)], stays_in_play=True)


@effect("cw.gregor_dzanic")
def gregor_dzanic(card):
    """Chain: Inflict 2 damage on target minion. Kicker (white): Restore all health to
    each friendly lycanthrope."""
    return Texts(chain=[damage(minion(), 2)], kicker=[restore(None, None, each_friendly="lycanthrope")])


@effect("cw.kaos_33")
def kaos_33(card):
    """Your Chain: During your Claim Phase this turn, you may claim 1 order that costs 3
    or less for 0 influence. Kicker (green): Inflict 1 damage on target player."""
    return Texts(your_chain=[continuous("claim_free", max_cost=3, count=1)], kicker=[damage(player(), 1)])


@effect("cw.kaspar_udunian")
def kaspar_udunian(card):
    """Chain: Target player discards 1 card. Kicker (white): Inflict 2 damage on target player."""
    return Texts(chain=[discard(player(), 1)], kicker=[damage(player(), 2)])


@effect("cw.katya_iliyevna")
def katya_iliyevna(card):
    """Chain: Inflict 1 damage on target player. Kicker (red): Destroy target opposing hunter."""
    return Texts(chain=[damage(player(), 1)], kicker=[destroy(minion("opposing", keyword="hunter"))])


@effect("cw.smiling_biter")
def smiling_biter(card):
    """Kicker (red): If it is your turn, you have a second Combat Phase after this Chain
    Phase. In Play: When this card attacks, inflict 1 damage on target player.
    Feed: Discard 2 cards."""
    return Texts(kicker=[simple("second_combat")], on_attack=[damage(player(), 1)],
                 feed=[discard(player("self"), 2)], feed_on="in_play")


@effect("cw.sophia_otrava")
def sophia_otrava(card):
    """Chain: Each opponent receives 1 wound. Kicker (gold): Draw 2 cards."""
    return Texts(chain=[receive_each_opponent(1)], kicker=[draw(2)])


# ---------------------------------------------------------------------- draft actions


@effect("cw.all_fears_revealed")
def all_fears_revealed(card):
    """Chain: Each opponent, in clockwise order, inflicts 2 damage on a minion of his
    choice; not on your minions. Kicker (gold): Place orders you claim on top of your deck."""
    return Texts(chain=[simple("each_opponent_damages", amount=2)], kicker=[continuous("claim_to_deck")])


@effect("cw.blowtorch_triage")
def blowtorch_triage(card):
    """Chain: Place 1 target wound from your discard pile on top of the wound stack. Exile
    this card. Kicker (blue): Target player's orders in the chain do not receive their kickers."""
    return Texts(chain=[fetch("wound_stack", wound=True), simple("exile_self")],
                 kicker=[continuous("no_kickers", target=player())])


@effect("cw.dog_eat_dog")
def dog_eat_dog(card):
    """Chain: Target minion inflicts damage equal to its strength on another target minion.
    Draw 1 card. Kicker (white): Draw 2 cards."""
    return Texts(chain=[simple("fight"), draw(1)], kicker=[draw(2)])


@effect("cw.fresh_meat")
def fresh_meat(card):
    """Chain: Draw 1 card, plus 1 card for each friendly ghoul in play.
    Kicker (white): Restore all health to each friendly ghoul."""
    return Texts(chain=[draw(1, per_friendly="ghoul")], kicker=[restore(None, None, each_friendly="ghoul")])


@effect("cw.full_battle_rattle")
def full_battle_rattle(card):
    """Chain: Attach this card to target friendly minion. In Play: The attached minion has
    +2 strength. Kicker (red): Inflict 1 damage on target minion."""
    return Texts(chain=[simple("attach_self")], attached_strength=2, kicker=[damage(minion(), 1)])


@effect("cw.gathering_strength")
def gathering_strength(card):
    """Chain: Draw 3 cards, then discard 2 cards. Kicker (purple): Increase the strength of
    each friendly minion by 1."""
    return Texts(chain=[draw(3), discard(player("self"), 2)], kicker=[strength(None, 1)])


@effect("cw.inhuman_wave")
def inhuman_wave(card):
    """Chain: Inflict 2 damage on target player. Kicker (green): Inflict 1 damage on each
    opposing minion."""
    return Texts(chain=[damage(player(), 2)], kicker=[damage_each("opposing_minions", 1)])


@effect("cw.power_and_glory")
def power_and_glory(card):
    """Your Chain: Gain 2 influence. Kicker (blue): Increase the strength of target minion by 2."""
    return Texts(your_chain=[gain_influence(2)], kicker=[strength(minion(), 2)])


@effect("cw.r_and_d")
def r_and_d(card):
    """Chain: Draw 2 cards. Kicker (gold): Place target card from your discard pile on top
    of your deck."""
    return Texts(chain=[draw(2)], kicker=[fetch("deck_top")])


@effect("cw.routine_questioning")
def routine_questioning(card):
    """Chain: Look at target player's hand and choose 1 card in it. That player discards
    the chosen card. Kicker (white): Draw 1 card."""
    return Texts(chain=[simple("inspect_discard")], kicker=[draw(1)])


@effect("cw.still_standing")
def still_standing(card):
    """Chain: Attach this card to target friendly minion. In Play: Do not discard the
    attached minion at the end of the Combat Phase. Kicker (gold): Restore all health to
    target minion."""
    return Texts(chain=[simple("attach_self")], keeps_minion=True, kicker=[restore(minion(), None)])


@effect("cw.unholy_resurrection")
def unholy_resurrection(card):
    """Chain: Place target ghoul from your discard pile into play. Kicker (green): Place 2
    cards from target archive on top of target player's deck."""
    return Texts(chain=[fetch("play", keyword="ghoul")], kicker=[simple("archive_to_deck", count=2)])


# ---------------------------------------------------------------------- moon phases


@effect("cw.blue_moon")
def blue_moon(card):
    """Global Chain: All actions receive their kickers."""
    return Texts(moon={"phase": "chain", "actions_kicker": True})


@effect("cw.butchers_moon")
def butchers_moon(card):
    """Global Chain: Negate all damage from chain text inflicted on vampires."""
    return Texts(moon={"phase": "chain", "negate_chain_damage_keyword": "vampire"})


@effect("cw.dark_of_the_moon")
def dark_of_the_moon(card):
    """Global Combat: Attacking minions cannot be blocked."""
    return Texts(moon={"phase": "combat", "unblockable": True})


@effect("cw.harvest_moon")
def harvest_moon(card):
    """Global Claim: Each player gains 1 additional influence during his Claim Phase."""
    return Texts(moon={"phase": None, "influence": 1})


@effect("cw.hunters_moon")
def hunters_moon(card):
    """Global Combat: Each attacking hunter has +1 strength."""
    return Texts(moon={"phase": "combat", "attack_bonus": 1, "attack_bonus_keyword": "hunter"})


@effect("cw.wolf_moon")
def wolf_moon(card):
    """Global Combat: Each attacking lycanthrope has +1 strength."""
    return Texts(moon={"phase": "combat", "attack_bonus": 1, "attack_bonus_keyword": "lycanthrope"})


# ---------------------------------------------------------------------- wounds


@effect("cw.nf_wound")
def nf_wound(card):
    """Cleanup: Discard this card and any number of other wounds from your hand. Draw 2
    cards for each wound discarded this way. Limit 1 wound effect per turn."""
    return Texts(wound=[simple("nf_wound")], wound_phase="cleanup")


@effect("cw.ml_wound")
def ml_wound(card):
    """Your Combat: discard this card. Increase the strength of target minion by 1.
    Feed: Discard 1 wound. Limit 1 wound effect per turn."""
    return Texts(wound=[strength(minion(), 1)], wound_phase="combat",
                 feed=[discard(player("self"), 1, wounds_only=True)], feed_on="wound_text")


@effect("cw.cw_wound")
def cw_wound(card):
    """Your Chain: Discard this card. Draw 1 card. You may use this effect even if you have
    used another wound effect this turn, but only once per turn."""
    return Texts(wound=[draw(1)], wound_phase="chain")
