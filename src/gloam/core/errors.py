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


class ViewerError(GloamError, ValueError):
    """A viewer that is neither a seat of the game nor ``SPECTATOR`` (an observation or
    a view asked for nobody at the table), or events asked for from a point that is no
    event number (``events_for(viewer, since)``)."""


class SetupError(GloamError, ValueError):
    """Setup options that describe no legal game (e.g. 6 players of Nightmarium)."""


class CardDataError(GloamError, ValueError):
    """A card-data or composition file that is malformed or contradicts the rules."""


class RecordError(GloamError, ValueError):
    """A replay/save record that is malformed or does not replay (corrupt file)."""


class FileError(GloamError, ValueError):
    """A file that cannot be read as the data it should hold: missing, not a regular file
    (a directory, a pipe, a device), larger than its loader's cap, not UTF-8 text, or not
    valid JSON/TOML (a syntax error, nesting too deep, a number too long). A syntax error
    keeps tomllib's or json's ``reason`` and its ``line`` and ``column`` (None when not
    known). Loaders (``core/files.py``) raise it inside their own typed error."""

    def __init__(self, message: str, reason: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message
        self.line = line
        self.column = column


class PositionError(GloamError, ValueError):
    """A position file (docs/positions.md) that describes no playable position: an unknown
    card, a card in two places, more copies than the sets hold, a bad phase or step, a seat
    out of range. ``errors`` lists every fault found, each naming its zone and entry."""

    def __init__(self, errors: "list[str] | str") -> None:
        self.errors = [errors] if isinstance(errors, str) else list(errors)
        super().__init__("\n".join(self.errors))
