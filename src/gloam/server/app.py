"""``create_app(settings)``: the FastAPI application with its lifespan — migrate the
database, open the table locks (PostgreSQL: one advisory-lock session for the process),
start the writer and the bot runner, and resume every live table no other process serves;
on PostgreSQL, take over every few seconds the live tables whose process died."""

from __future__ import annotations

import asyncio
import gc
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from gloam.server import api, pages, rematch, replays, ws
from gloam.server.bots import BotRunner
from gloam.server.hosts import HostCheck, served_names
from gloam.server.limits import AddressLimits, SocketLimits
from gloam.server.protocol import CLOSE_RESTART
from gloam.server.room import Timing
from gloam.server.rooms import RoomRegistry
from gloam.server.settings import Settings
from gloam.server.store import repo
from gloam.server.store.locks import AdvisoryLocks, table_locks
from gloam.server.store.writer import Writer

log = logging.getLogger("gloam.server")

WEB = Path(__file__).with_name("web")

#: no inline script or style, no framing, no referrer: what the pages need and no more
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


#: the collector's thresholds while serving (Python's default is 700, 10, 10)
GC_THRESHOLDS = (10_000, 50, 100)


def calm_collector() -> None:
    """Keep the cyclic garbage collector from stalling the loop. Its full collections walk
    every object of every live game, and at 200 clients one took about 200 ms every 13 s:
    that was the load benchmark's p99 (docs/reliability.md, "Load"). What exists once the
    server is up (card data, code, resumed rooms) is frozen out of the collector's walks,
    and collections run less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def uvicorn_config(app: FastAPI, settings: Settings, **extra):
    """How ``gloam serve`` (and the tests' server) run the app on uvicorn. The client's
    address (the per-address limits count it) is the socket's peer: uvicorn's
    ``X-Forwarded-For`` is read only from the proxies the operator names
    (``settings.forwarded_allow``: ``FORWARDED_ALLOW_IPS`` or ``gloam serve
    --forwarded-allow-ips``), never by default — uvicorn alone trusts 127.0.0.1, so any
    client of a server behind no proxy at all could name itself (docs/web-protocol.md,
    "Limits per address"). Its WebSocket protocol is
    :class:`gloam.server.transport.BoundedWebSockets`."""
    import uvicorn

    from gloam.server.transport import BoundedWebSockets  # uvicorn's, parsing only what the table reads

    trusted = settings.forwarded_allow
    return uvicorn.Config(app, log_level="warning", ws_max_size=65536, lifespan="on", ws=BoundedWebSockets,
                          proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None, **extra)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    url = settings.database()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await asyncio.to_thread(repo.migrate, url)
        engine = repo.open_engine(url)
        locks = table_locks(url)
        await locks.open()
        writer = Writer(engine)
        writer.start()
        bots = BotRunner(settings.bot_workers)
        rooms = RoomRegistry(engine, writer, bots, settings.think, settings.history,
                             Timing(*settings.absence), locks=locks, chat_stored=settings.chat_stored)
        app.state.engine, app.state.writer, app.state.rooms = engine, writer, rooms
        resumed = await rooms.resume_live()
        calm_collector()
        if resumed:
            log.info("resumed %d live tables", resumed)
        adopting = (asyncio.create_task(rooms.adopt_forever(settings.adopt_every), name="gloam-adopt")
                    if isinstance(locks, AdvisoryLocks) else None)
        try:
            yield
        finally:
            if adopting is not None:
                adopting.cancel()
            for room in rooms.rooms.values():
                for conn in list(room.connections):
                    conn.close(CLOSE_RESTART)
            await rooms.close()
            await writer.stop()
            await locks.close()        # after the last write: only then may another process take over
            bots.close()
            await engine.dispose()

    app = FastAPI(title="gloam", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings

    limits = AddressLimits(settings.post_burst, settings.post_per_min, settings.post_exempt)
    app.state.socket_limits = SocketLimits(settings)      # the table sockets' per-address and per-table limits

    @app.middleware("http")
    async def post_limit(request: Request, call_next):
        """Too many tables made, joins, starts, forks or rematches from one address: 429, nothing done."""
        if request.method == "POST" and request.url.path.startswith("/api/"):
            wait = limits.refuse(request.client.host if request.client else "")
            if wait is not None:
                return JSONResponse({"detail": f"too many requests from your address: try again in {wait} s"},
                                    status_code=429, headers={"Retry-After": str(wait)})
        return await call_next(request)

    @app.middleware("http")      # added last of these, so outer: the 429 gets these headers too
    async def security_headers(request: Request, call_next):
        """The security headers on every answer; and ``Cache-Control: no-store`` on every
        answer to a ``POST`` (a new table's, a join's, a fork's and a rematch's carry seat
        tokens and the host key) or to a request with a token (a seat's own past), so
        neither a browser's cache nor a proxy's keeps one."""
        response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        if request.method == "POST" or "authorization" in request.headers:
            response.headers["cache-control"] = "no-store"
        return response

    # added after the others, so outermost: a Host this server does not serve is refused
    # before anything else (docs/web-protocol.md, "Hosts"; gloam.server.hosts)
    app.add_middleware(HostCheck, names=served_names(settings.hosts, settings.origins), headers=SECURITY_HEADERS)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc) -> JSONResponse:  # a malformed body: one clear line
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "bad request"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse({"detail": f"{where + ': ' if where else ''}{first['msg']}"}, status_code=422)

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(replays.router)
    app.include_router(rematch.router)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")
    return app

