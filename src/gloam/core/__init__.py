"""Game-agnostic machinery: the protocol every game implements (:mod:`.protocol`) and
the decisions and outcomes it hands a front end (:mod:`.decisions`), the games'
declarations and their registry (:mod:`.declaration`), typed errors, the seeded RNG,
the event stream's redaction, the file reader every loader uses, positions, forks and
the replay record."""

from gloam.core.decisions import (
    LANGS,
    SPECTATOR,
    Choice,
    Context,
    Decision,
    EndReason,
    Outcome,
    Refs,
)
from gloam.core.errors import (
    ActionIndexError,
    CardDataError,
    FileError,
    GameOverError,
    GloamError,
    IllegalActionError,
    PositionError,
    RecordError,
    SetupError,
    ViewerError,
    WrongPlayerError,
)
from gloam.core.protocol import Action, ActionSpace, Game, GameState
from gloam.core.rng import Rng

__all__ = [
    "Action",
    "ActionIndexError",
    "ActionSpace",
    "CardDataError",
    "Choice",
    "Context",
    "Decision",
    "EndReason",
    "FileError",
    "Game",
    "GameOverError",
    "GameState",
    "GloamError",
    "IllegalActionError",
    "LANGS",
    "Outcome",
    "PositionError",
    "RecordError",
    "Refs",
    "SPECTATOR",
    "Rng",
    "SetupError",
    "ViewerError",
    "WrongPlayerError",
]
