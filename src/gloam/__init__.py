"""gloam — rules-exact digital implementations of Nightfall and Nightmarium.

The rules packages (``gloam.nightfall``, ``gloam.nightmarium``, over ``gloam.core``) print
nothing and read only their packaged data and the files a caller names; each game is
declared once (``<game>/declaration.py``) and registered in :mod:`gloam.games`. Front ends
(``gloam.cli``, ``gloam.server``), bots (``gloam.bots``) and tests all drive the same
protocol defined in :mod:`gloam.core.protocol`.
"""

# the games' registry (one line per game, nothing of their rules loaded): every part of
# gloam, ``core`` too, finds a game by name through it
from gloam import games as _games  # noqa: E402,F401
from gloam.core.version import __version__

__all__ = ["__version__"]
