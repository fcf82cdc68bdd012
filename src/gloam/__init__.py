"""gloam — rules-exact digital implementations of Nightfall and Nightmarium.

The rules packages (``gloam.nightfall``, ``gloam.nightmarium``, over ``gloam.core``) print
nothing and read only their packaged data and the files a caller names; each game is
declared once (``<game>/declaration.py``, a :class:`~gloam.core.declaration.GameDeclaration`)
and registered in :mod:`gloam.games`. Everything above them (the terminal ``gloam.cli``,
the web table ``gloam.server``, the bots ``gloam.bots``, ``gloam.simulate``,
``gloam.ladder``, ``gloam.report``, ``gloam.interop``'s OpenSpiel and PettingZoo
bindings, the tests) drives the same protocol (:mod:`gloam.core.protocol`) and learns
what a game offers from its declaration, never by its name. docs/architecture.md says
where everything lives.
"""

# the games' registry (one line per game, nothing of their rules loaded): every part of
# gloam, ``core`` too, finds a game by name through it
from gloam import games as _games  # noqa: E402,F401
from gloam.core.version import __version__

__all__ = ["__version__"]
