"""gloam — rules-exact digital implementations of Nightfall and Nightmarium.

The rules packages (``gloam.core``, ``gloam.nightmarium``) do no I/O; front ends
(``gloam.cli``), bots (``gloam.bots``) and tests all drive the same protocol
defined in :mod:`gloam.core.protocol`.
"""

__version__ = "0.1.0"
