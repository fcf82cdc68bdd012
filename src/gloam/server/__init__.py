"""The web table (``pip install 'gloam[web]'``): ``gloam serve`` runs it.

FastAPI on uvicorn, one process, one asyncio loop. Each live table is a
:class:`~gloam.server.room.Room` that owns its state; every action is committed to the
append-only log (:mod:`gloam.server.store`) before anyone hears of it; bots act through
the same path as people, search bots in a process pool. The protocol is in
``docs/web-protocol.md``; the design in ``docs/architecture.md`` (server section).

The package depends on ``gloam.core``, ``gloam.games``, ``gloam.bots`` and the games'
public boundary (``view``, ``pending``, ``events_for``) only.
"""
