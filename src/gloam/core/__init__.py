"""Game-agnostic machinery: the protocol every game implements, errors, the seeded
RNG, the event stream and the replay record."""

from gloam.core.errors import (
    ActionIndexError,
    CardDataError,
    GameOverError,
    GloamError,
    IllegalActionError,
    RecordError,
    SetupError,
    WrongPlayerError,
)
from gloam.core.protocol import Action, ActionSpace, Decision, Game, GameState
from gloam.core.rng import Rng

__all__ = [
    "Action",
    "ActionIndexError",
    "ActionSpace",
    "CardDataError",
    "Decision",
    "Game",
    "GameOverError",
    "GameState",
    "GloamError",
    "IllegalActionError",
    "RecordError",
    "Rng",
    "SetupError",
    "WrongPlayerError",
]
