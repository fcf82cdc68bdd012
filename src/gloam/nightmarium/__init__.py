"""Nightmarium (seed 004): cards, actions, rules and the game object."""

from gloam.nightmarium.actions import NEW, Discard, DiscardCard, Draw, Play, StopDiscarding, Target
from gloam.nightmarium.cards import Composition, NightFear, load_composition, standard_composition
from gloam.nightmarium.decisions import NightmariumKind
from gloam.nightmarium.game import NightmariumGame
from gloam.nightmarium.state import NightmariumState

__all__ = [
    "NEW", "Composition", "Discard", "DiscardCard", "Draw", "NightFear", "NightmariumGame",
    "NightmariumKind", "NightmariumState", "Play", "StopDiscarding", "Target", "load_composition", "standard_composition",
]
