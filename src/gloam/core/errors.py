"""Typed errors. Every error a player or a file can cause is one of these, raised
before anything changes: a rejected action, setup or file leaves all state as it was."""


class GloamError(Exception):
    """Base class of every error gloam raises on purpose."""


class IllegalActionError(GloamError, ValueError):
    """The action is not among the legal options of the pending decision."""


class ActionIndexError(IllegalActionError):
    """An integer action index outside the game's action space."""


class WrongPlayerError(IllegalActionError):
    """A player tried to act while another player's decision is pending."""


class GameOverError(IllegalActionError):
    """An action was sent to a game that has already ended."""


class SetupError(GloamError, ValueError):
    """Setup options that describe no legal game (e.g. 6 players of Nightmarium)."""


class CardDataError(GloamError, ValueError):
    """A card-data or composition file that is malformed or contradicts the rules."""


class RecordError(GloamError, ValueError):
    """A replay/save record that is malformed or does not replay (corrupt file)."""
