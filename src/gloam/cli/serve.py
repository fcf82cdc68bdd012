"""``gloam serve [--host 127.0.0.1] [--port 8000] [--db URL]``: the web table (FastAPI on
uvicorn, one process). It prints the URL it serves. The database is SQLite in the user's
data directory unless ``--db`` names another (``sqlite:///file.db``, or
``postgresql://user@host/db`` with ``pip install 'gloam[postgres]'``). One process per
SQLite file; several processes may share one PostgreSQL database, each serving the tables
whose advisory lock it holds (docs/web-protocol.md, "Storage")."""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("serve", help="serve the web table (both games in the browser)",
                                   description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    parser.add_argument("--db", metavar="URL", help="the database URL (default: SQLite in the user's data folder)")
    parser.add_argument("--bot-workers", type=int, default=1, metavar="N",
                        help="processes for the search bots (default 1)")
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help="another Origin allowed to open the table's WebSocket (e.g. behind a proxy)")
    parser.set_defaults(run=run)
    return parser


def _check_database(url: str) -> str | None:
    """Open and migrate the database now, so a bad ``--db`` is one clear line and not a
    failed start-up; None when it is ready."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from gloam.server.store import repo

    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except SQLAlchemyError:
        return f"--db: {url!r} is not a database URL (e.g. sqlite:///gloam.db or postgresql://user@host/db)"
    try:
        repo.migrate(url)
    except (SQLAlchemyError, OSError, ImportError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return f"cannot open the database {shown}: {reason}"
    return None


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from gloam.server.app import create_app
        from gloam.server.settings import Settings
    except ImportError as exc:
        print(f"gloam serve: error: the web table needs the web extra: pip install 'gloam[web]' ({exc.name} is missing)",
              file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"gloam serve: error: --port must be 0-65535, not {args.port}", file=sys.stderr)
        return 2
    settings = Settings.from_env(db_url=args.db, bot_workers=args.bot_workers,
                                 origins=tuple(args.origin) or None)
    problem = _check_database(settings.database())
    if problem:
        print(f"gloam serve: error: {problem}", file=sys.stderr)
        return 2
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        print(f"gloam serve: error: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"gloam serves the web table at http://{shown}:{port}/  (Ctrl-C stops it)", flush=True)
    from gloam.server.transport import BoundedWebSockets   # uvicorn's, parsing only what the table reads

    config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=65536, lifespan="on",
                            ws=BoundedWebSockets)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
