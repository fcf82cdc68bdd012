"""gloam — rules-exact digital implementations of Nightfall and Nightmarium.

The rules packages (``gloam.core``, ``gloam.nightmarium``) do no I/O; front ends
(``gloam.cli``), bots (``gloam.bots``) and tests all drive the same protocol
defined in :mod:`gloam.core.protocol`.
"""

__version__ = "0.1.0"

# the games' registry (one line per game, nothing of their rules loaded): every part of
# gloam, ``core`` too, finds a game by name through it
from gloam import games as _games  # noqa: E402,F401
