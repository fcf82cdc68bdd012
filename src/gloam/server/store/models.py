"""The schema (SQLAlchemy Core; the same DDL on SQLite and PostgreSQL).

The durable truth is ``log``: one row per entry, primary key ``(table_id, seq)``, never
updated or deleted. A table's game is rebuilt by replaying its record: the setup, the seed
and the ``act`` entries in order. ``seed`` and ``bot_secret`` are text because gloam's
seeds are 64-bit unsigned (SQLite and PostgreSQL integers are signed).
"""

from __future__ import annotations

from sqlalchemy import (
                        JSON,
                        Column,
                        DateTime,
                        ForeignKey,
                        Index,
                        Integer,
                        LargeBinary,
                        MetaData,
                        String,
                        Table,
                        UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("setup", JSON, nullable=False),
    Column("seed", String(24), nullable=False),          # secret until the game is over
    Column("bot_secret", String(24), nullable=False),    # bots' seeds derive from it
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False),        # open (seats to fill) | live | finished
    Column("result", JSON, nullable=True),
    Column("engine", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("start", JSON, nullable=True),                # a fork's start: {"state", "from"} (docs/web-protocol.md)
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("host_hash", LargeBinary(32), nullable=True),  # the creator's key (starts an open table)
    Column("rematch", String(16), nullable=True),         # the rematch of this finished table, once offered
    Column("rematch_of", String(16), nullable=True),      # the table this one is the rematch of
    Index("tables_status", "status"),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("kind", String(16), nullable=False),          # human | bot | open (an invite not yet taken)
    Column("bot", String(32), nullable=True),
    Column("token_hash", LargeBinary(32), nullable=True),
    Column("invite_hash", LargeBinary(32), nullable=True),   # single use: cleared when the seat is taken
    Column("joined_at", DateTime(timezone=True), nullable=True),
)

log = Table(
    "log", metadata,
    Column("table_id", String(16), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),          # act | undo | takeover | reclaim | timeout
    Column("seat", Integer, nullable=True),
    Column("action", Integer, nullable=True),            # the action's stable index
    Column("target_seq", Integer, nullable=True),        # undo: the first seq taken back
    Column("by", String(40), nullable=False),            # human | bot:NAME
    Column("cid", String(64), nullable=True),            # a person's client id; null on bots' entries
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "cid", name="log_cid"),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=True),              # None: a spectator
    Column("channel", String(16), nullable=False),       # players | spectators
    Column("name", String(64), nullable=False),
    Column("text", String(300), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("chat_table", "table_id", "id"),
)

__all__ = ["metadata", "tables", "seats", "log", "chat"]
