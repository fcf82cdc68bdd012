"""The WebSocket messages a client may send (an allow-list, validated by one pydantic
adapter), the reject codes and the close codes. docs/web-protocol.md is the prose.

>>> parse_client('{"t": "act", "v": 3, "a": 17, "cid": "c-1"}')
Act(t='act', v=3, a=17, cid='c-1')
>>> parse_client('{"t": "act", "v": "3", "a": 17, "cid": "c-1"}')
Traceback (most recent call last):
...
gloam.server.protocol.BadMessage: v: Input should be a valid integer
>>> parse_client('{"t": "mute", "spectators": "yes"}')
Traceback (most recent call last):
...
gloam.server.protocol.BadMessage: spectators: Input should be a valid boolean
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1

# reject codes (the state is unchanged after every one)
STALE = "stale"                       # the action was for another version than the current one
ILLEGAL = "illegal"                   # the engine refused it
NOT_YOURS = "not_your_decision"       # the sender's seat does not hold the decision (or is a spectator)
BAD_MESSAGE = "bad_message"           # malformed JSON, an unknown type, bad fields, too big
RATE_LIMITED = "rate_limited"
OVER = "game_over"
SERVER = "server"                     # the write failed; nothing happened
NOT_STARTED = "not_started"           # seats are still open: the creator has not started the game
UNDO_REFUSED = "undo_refused"         # the undo rule (web-design §5.8) says no; msg says which part
NO_OFFER = "no_offer"                 # a takeover vote with no open offer for that seat
CID_TAKEN = "cid_taken"               # another seat's entry has this client id: send again under a new one

# close codes
CLOSE_POLICY = 1008                   # rate limit kept up, or bad messages kept up
CLOSE_RESTART = 1012                  # the server is restarting: reconnect
CLOSE_SLOW = 1013                     # the client does not read its updates
CLOSE_BAD_HELLO = 4400
CLOSE_BAD_TOKEN = 4401
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_NO_SPECTATORS = 4405            # the table does not take spectators
CLOSE_ELSEWHERE = 4409                # another server process serves this table: reconnect (maybe elsewhere)

_Cid = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
_Count = Annotated[StrictInt, Field(ge=0, le=10_000_000)]


class _Message(BaseModel):
    # strict: a field takes its own JSON type only ("yes" or 1 is no bool, "3" no integer)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Hello(_Message):
    t: Literal["hello"]
    proto: StrictInt = PROTOCOL_VERSION
    token: Annotated[str, Field(min_length=1, max_length=128)] | None = None
    lang: Literal["en", "ja"] = "en"


class Act(_Message):
    t: Literal["act"]
    v: _Count
    a: _Count
    cid: _Cid


class Undo(_Message):
    t: Literal["undo"]
    v: _Count
    cid: _Cid


class Chat(_Message):
    t: Literal["chat"]
    channel: Literal["players", "spectators"]
    text: Annotated[str, Field(min_length=1, max_length=300)]


class Mute(_Message):
    t: Literal["mute"]
    spectators: StrictBool


class Takeover(_Message):
    """Accept the offer to let a bot play ``seat`` (an idle or gone player's)."""
    t: Literal["takeover"]
    seat: Annotated[StrictInt, Field(ge=0, le=5)]


class Reclaim(_Message):
    t: Literal["reclaim"]
    cid: _Cid


class Sync(_Message):
    t: Literal["sync"]


class Ping(_Message):
    t: Literal["ping"]


ClientMessage = Annotated[Hello | Act | Undo | Chat | Mute | Takeover | Reclaim | Sync | Ping,
                          Field(discriminator="t")]
_adapter: TypeAdapter = TypeAdapter(ClientMessage)


_TYPES = ("hello", "act", "undo", "chat", "mute", "takeover", "reclaim", "sync", "ping")


class BadMessage(ValueError):
    """A frame that is not one of the client messages; the text says what is wrong."""


def parse_client(text: str | bytes) -> Hello | Act | Undo | Chat | Mute | Takeover | Reclaim | Sync | Ping:
    """One client frame, or :class:`BadMessage` with a one-line reason."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadMessage(f"not JSON: {exc.__class__.__name__}") from None
    try:
        return _adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in _TYPES)
        raise BadMessage(f"{where + ': ' if where else ''}{first['msg']}") from None
