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
from dataclasses import replace
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("serve", help="serve the web table (both games in the browser)",
                                   description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    parser.add_argument("--db", metavar="URL", help="the database URL (default: SQLite in the user's data folder)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="processes for the search bots (default: one per core)")
    parser.add_argument("--origin", action="append", default=[], metavar="URL",
                        help="another Origin allowed to open the table's WebSocket (e.g. behind a proxy); "
                             "its host is served too")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="another name this server answers to (besides IP addresses, localhost, the --host "
                             "it binds and the --origin hosts; '*': any). A request for any other Host is "
                             "refused with 400 (it stops DNS rebinding)")
    parser.add_argument("--forwarded-allow-ips", metavar="ADDRS",
                        help="the reverse proxies (comma-separated addresses, or '*') whose X-Forwarded-For "
                             "names the client (default: none, or $FORWARDED_ALLOW_IPS; without one the client "
                             "is the socket's peer)")
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

        from gloam.server.app import create_app, uvicorn_config
        from gloam.server.settings import Settings
    except ImportError as exc:
        print(f"gloam serve: error: the web table needs the web extra: pip install 'gloam[web]' ({exc.name} is missing)",
              file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"gloam serve: error: --port must be 0-65535, not {args.port}", file=sys.stderr)
        return 2
    settings = Settings.from_env(db_url=args.db, bot_workers=args.bot_workers,
                                 origins=tuple(args.origin) or None, hosts=tuple(args.allowed_host) or None,
                                 forwarded_allow=args.forwarded_allow_ips)
    if args.host not in ("0.0.0.0", "::", ""):    # a name it binds is a name it serves (an address always is)
        settings = replace(settings, hosts=(*settings.hosts, args.host))
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
    uvicorn.Server(uvicorn_config(create_app(settings), settings)).run(sockets=[sock])
    return 0
