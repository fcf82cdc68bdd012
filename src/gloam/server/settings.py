"""The server's settings: one frozen dataclass, from arguments or the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_db_url() -> str:
    """SQLite in the user's data directory (``platformdirs``), created if missing."""
    from platformdirs import user_data_dir

    folder = Path(os.environ.get("GLOAM_DATA_DIR") or user_data_dir("gloam", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'gloam.db'}"


def async_url(url: str) -> str:
    """The async driver's URL for a database URL a user gives (``sqlite:///x.db`` →
    ``sqlite+aiosqlite:///x.db``; ``postgresql://…`` → ``postgresql+psycopg://…``)."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:"):]
    if url.startswith(("postgresql:", "postgres:")):
        return "postgresql+psycopg:" + url.split(":", 1)[1]
    return url


def sync_url(url: str) -> str:
    """The same database through a synchronous driver (for Alembic's migrations)."""
    if url.startswith("sqlite+aiosqlite:"):
        return "sqlite:" + url[len("sqlite+aiosqlite:"):]
    if url.startswith("postgresql+asyncpg:"):
        return "postgresql+psycopg:" + url[len("postgresql+asyncpg:"):]
    return url


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told. ``think`` is the bots' minimum think time in
    seconds (a uniform draw between the two bounds, so neither speed nor an instant pass
    tells anyone what a bot holds); tests shorten it."""

    db_url: str = ""
    origins: tuple[str, ...] = ()           # extra allowed Origins (the server's own is always allowed)
    hosts: tuple[str, ...] = ()             # names served besides IP addresses, localhost and the origins' hosts
    forwarded_allow: str = ""               # proxies trusted for X-Forwarded-For ("": none, the socket's peer)
    think: tuple[float, float] = (0.6, 1.4)
    bot_workers: int = field(default_factory=lambda: os.cpu_count() or 1)   # processes for the search bots
    max_frame: int = 4096                   # bytes: a client frame over this is refused
    rate_burst: int = 10                    # acts per connection: burst, then rate_per_s
    rate_per_s: float = 2.0
    reads_burst: int = 5                    # sync, ping and mute per connection: burst, then reads_per_s
    reads_per_s: float = 1.0
    reads_address: tuple[int, float] = (10, 2.0)     # sync, ping and mute per client address: burst, a second
    chat_address: tuple[int, float] = (20, 30.0)     # chat lines per client address: burst, a minute
    chat_table: tuple[int, float] = (30, 60.0)       # chat lines per table and channel: burst, a minute
    sockets_address: tuple[int, float] = (20, 60.0)  # new sockets per client address: burst, a minute
    socket_exempt: tuple[str, ...] = ("127.0.0.1", "::1")   # not limited per address on the sockets
    chat_stored: int = 2000                 # chat lines a table stores; past it the oldest are deleted
    post_burst: int = 30                    # POST /api/… per client address: burst (0: no limit), then
    post_per_min: float = 12.0              # post_per_min a minute (new tables, joins, starts, forks, rematches)
    post_exempt: tuple[str, ...] = ("127.0.0.1", "::1")   # not limited: this machine (a local player, tests)
    history: int = 200                      # log lines a welcome carries
    absence: tuple[float, float, float] = (15.0, 60.0, 300.0)   # seconds: grace, gone, idle (web-design §5.7)
    adopt_every: float = 2.0                # seconds: PostgreSQL, take over the tables of a dead process

    def database(self) -> str:
        return async_url(self.db_url) if self.db_url else default_db_url()

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        values: dict = {}
        if os.environ.get("GLOAM_DB_URL"):
            values["db_url"] = os.environ["GLOAM_DB_URL"]
        if os.environ.get("GLOAM_ORIGINS"):
            values["origins"] = tuple(o.strip() for o in os.environ["GLOAM_ORIGINS"].split(",") if o.strip())
        if os.environ.get("GLOAM_HOSTS"):            # "NAME,NAME": more names this server answers to
            values["hosts"] = tuple(h.strip() for h in os.environ["GLOAM_HOSTS"].split(",") if h.strip())
        if os.environ.get("FORWARDED_ALLOW_IPS"):    # uvicorn's own variable: the proxies to trust
            values["forwarded_allow"] = os.environ["FORWARDED_ALLOW_IPS"].strip()
        if os.environ.get("GLOAM_BOT_THINK"):        # "MIN,MAX" seconds (tests shorten it)
            low, _, high = os.environ["GLOAM_BOT_THINK"].partition(",")
            values["think"] = (float(low), float(high or low))
        if os.environ.get("GLOAM_RATE"):             # "BURST,PER_SECOND": acts per connection
            burst, _, rate = os.environ["GLOAM_RATE"].partition(",")
            values["rate_burst"], values["rate_per_s"] = int(burst), float(rate or burst)
        if os.environ.get("GLOAM_POST_RATE"):        # "BURST,PER_MINUTE" per client address; "0": off
            burst, _, rate = os.environ["GLOAM_POST_RATE"].partition(",")
            values["post_burst"], values["post_per_min"] = int(burst), float(rate or burst)
        if "GLOAM_POST_EXEMPT" in os.environ:        # "ADDR,ADDR": addresses not limited ("": none)
            values["post_exempt"] = tuple(a.strip() for a in os.environ["GLOAM_POST_EXEMPT"].split(",") if a.strip())
        if "GLOAM_SOCKET_EXEMPT" in os.environ:      # "ADDR,ADDR": not limited per address on the sockets
            values["socket_exempt"] = tuple(a.strip() for a in os.environ["GLOAM_SOCKET_EXEMPT"].split(",")
                                            if a.strip())
        if os.environ.get("GLOAM_ABSENCE"):          # "GRACE,GONE,IDLE" seconds (tests shorten them)
            grace, gone, idle = (float(x) for x in os.environ["GLOAM_ABSENCE"].split(","))
            values["absence"] = (grace, gone, idle)
        if os.environ.get("GLOAM_ADOPT_EVERY"):      # seconds between take-over rounds (PostgreSQL)
            values["adopt_every"] = float(os.environ["GLOAM_ADOPT_EVERY"])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
