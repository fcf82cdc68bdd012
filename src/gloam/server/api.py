"""The HTTP API (docs/web-protocol.md): health, making a table, a table's status, its
record once it is over, and the lobby's list."""

from __future__ import annotations

import logging
import secrets
from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from gloam.bots.registry import bot_names
from gloam.core.errors import GloamError
from gloam.core.record import engine_version
from gloam.games import declaration, game_names, get_game
from gloam.server.room import SeatRefused
from gloam.server.seats import clean_name, new_token, token_hash
from gloam.server.store import repo

router = APIRouter()
log = logging.getLogger("gloam.server")

MAX_SEATS = 6


class TableOptions(BaseModel):
    """A table's options (docs/web-protocol.md, "Table options"); the defaults are a casual
    public table."""

    model_config = ConfigDict(extra="forbid")
    visibility: Literal["public", "private"] = "public"   # public: listed in the lobby, open seats free to take
    spectators: bool = True                               # anyone with the link may watch
    undo: bool = True                                     # casual: a player may take back what BGA allows
    takeover_bot: Literal["normal", "hard"] = "normal"    # plays an idle or gone player's seat
    turn_seconds: Annotated[int, Field(ge=10, le=86_400)] | None = None   # the optional turn clock
    reveal_after_end: bool = True                         # the record (and every hand) once it is over


def _known_game(name: Any) -> str:
    """A registered game's name; anything else is refused as pydantic refuses a literal."""
    names = game_names()
    if not isinstance(name, str) or name not in names:
        quoted = [repr(n) for n in names]
        expected = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})
    return name


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Annotated[Any, AfterValidator(_known_game)]   # a registered game (gloam.games)
    seats: Annotated[list[Annotated[str, Field(max_length=40)]], Field(min_length=1, max_length=MAX_SEATS)]
    setup: dict[str, Any] = Field(default_factory=dict)
    names: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = None
    options: TableOptions = Field(default_factory=TableOptions)


def _registry(request: Request):
    return request.app.state.rooms


@router.get("/healthz")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


def seat_rows(game: str, kinds: list[str], names: list[str] | None) -> list[repo.SeatRow]:
    """Seat rows from ``["human", "open", "bot:normal", …]``; an unknown kind or bot is a 422."""
    bots = bot_names(game)
    names = names or []
    if names and len(names) != len(kinds):
        raise HTTPException(422, f"names: give one name per seat ({len(kinds)}), not {len(names)}")
    rows, people = [], 0
    for seat, kind in enumerate(kinds):
        if kind in ("human", "open"):
            people += 1
            default, bot = f"Player {people}", None
        elif kind.startswith("bot:") and kind[4:] in bots:
            bot = kind[4:]
            default = f"{bot.capitalize()} bot"
        else:
            raise HTTPException(422, f"seats[{seat}]: {kind!r} is neither \"human\", \"open\" nor a bot "
                                     f"({', '.join('bot:' + b for b in bots)})")
        name = clean_name(names[seat], default) if names else default
        rows.append(repo.SeatRow(seat, name, "bot" if bot else kind, bot, None))
    return rows


def invite_link(table_id: str, code: str) -> str:
    """An open seat's link: the invite in the fragment, which a browser never sends to a
    server (so it is in no access log) and the page takes out of the address bar at once.

    >>> invite_link("abc", "XYZ")
    '/t/abc#invite=XYZ'
    """
    return f"/t/{table_id}#invite={code}"


def client_address(request: Request) -> str:
    """The address a request came from (as the per-address limits read it). A table keeps
    its creator's, in memory only and never shown, for its share of the bot pool
    (docs/reliability.md, "Bot capacity")."""
    return request.client.host if request.client else ""


async def open_table(request: Request, game_name: str, setup: dict[str, Any], seats: list[repo.SeatRow],
                     options: dict[str, Any], start: dict[str, Any] | None = None,
                     rematch_of: str | None = None) -> dict[str, Any]:
    """Make a table and its room: a secret token for each ``human`` seat, a single-use
    invite for each ``open`` one (an open seat that comes with its invite's hash keeps it:
    a rematch's seat, kept for its player), and the creator's host key (which starts an
    open table; a rematch has none: it starts once its seats are taken). ``start`` is a
    fork's start (``{"state": …, "from": …}``). The room remembers the creator's address
    (:func:`client_address`). The answer of ``POST /api/tables`` (docs/web-protocol.md)."""
    setup = dict(setup)
    if setup.setdefault("players", len(seats)) != len(seats):
        raise HTTPException(422, f"setup.players is {setup['players']} but there are {len(seats)} seats")
    try:
        game = get_game(game_name, setup)
    except (GloamError, TypeError, ValueError) as exc:
        raise HTTPException(422, f"setup: {exc}") from None
    tokens: dict[str, str] = {}
    invites: dict[str, str] = {}
    rows = []
    for seat in seats:
        if seat.kind == "human":
            tokens[str(seat.seat)] = token = new_token()
            seat = replace(seat, token_hash=token_hash(token))
        elif seat.kind == "open" and seat.invite_hash is None:
            invites[str(seat.seat)] = code = new_token()
            seat = replace(seat, invite_hash=token_hash(code))
        rows.append(seat)
    from gloam.server.rooms import new_table_id

    host = None if rematch_of else new_token()
    waiting = any(seat.kind == "open" for seat in rows)
    table = repo.TableRow(id=new_table_id(), game=game_name, setup=game.setup_json(),
                          seed=secrets.randbits(64), bot_secret=secrets.randbits(64),
                          options=options, status="open" if waiting else "live", result=None,
                          engine=engine_version(), created_at=repo.now(), finished_at=None,
                          start=start, started_at=None if waiting else repo.now(),
                          host_hash=token_hash(host) if host else None, rematch_of=rematch_of)
    room = await make_room(request, table, rows)
    return {"id": table.id, "url": f"/t/{table.id}", "tokens": tokens, "host": host,
            "invites": {seat: invite_link(table.id, code) for seat, code in invites.items()},
            "table": room.info()}


async def make_room(request: Request, table: repo.TableRow, rows: list[repo.SeatRow]):
    """The new table's room, once stored; a database that refuses the write (a full disk,
    a read-only file, a lock held too long) is a 503 with one line, nothing is made, and
    the server serves on (docs/reliability.md, "The database refuses writes")."""
    from gloam.server.rooms import ServedElsewhere

    try:
        return await _registry(request).create(table, rows, owner=client_address(request))
    except ServedElsewhere:                   # a fresh random id another process holds: try again
        raise HTTPException(503, "the server could not make that table; try again") from None
    except Exception as exc:  # noqa: BLE001 — any database failure: nothing was stored
        log.error("table %s: storing the new table failed: %s", table.id, str(exc).splitlines()[0] if str(exc) else exc)
        raise HTTPException(503, "the server cannot store new tables now; try again later") from None


@router.post("/api/tables", status_code=201)
async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
    return await open_table(request, body.game, body.setup, seat_rows(body.game, body.seats, body.names),
                            body.options.model_dump())


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: Annotated[str, Field(min_length=1, max_length=128)] | None = None
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)] | None = None
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None


async def _room(request: Request, table_id: str):
    """The room this process serves; 409 when another server process serves the table
    (a change must go to that process: docs/web-protocol.md, "Storage")."""
    from gloam.server.rooms import ServedElsewhere

    try:
        room = await _registry(request).get(table_id) if len(table_id) <= 16 else None
    except ServedElsewhere as exc:
        raise HTTPException(409, str(exc)) from None
    if room is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return room


async def _readable(request: Request, table_id: str):
    """For a read: the served room, or the table replayed from the database when another
    process serves it (any process answers a table's status and record)."""
    room = await _registry(request).read(table_id) if len(table_id) <= 16 else None
    if room is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return room


@router.post("/api/tables/{table_id}/join")
async def join_table(table_id: str, body: Join, request: Request) -> dict[str, Any]:
    """Take an open seat: with its invite (any table), or by number at a public table.
    The invite is spent; the answer's token is the seat's, shown once."""
    room = await _room(request, table_id)
    token = new_token()
    try:
        seat = await room.take_seat(invite=body.invite, seat=body.seat, name=body.name, token_hash=token_hash(token))
    except SeatRefused as exc:
        raise HTTPException(exc.status, str(exc)) from None
    return {"seat": seat, "token": token, "url": f"/t/{table_id}", "table": room.info()}


def bearer(request: Request) -> str | None:
    """The key or token of an ``Authorization: Bearer …`` header (never in a URL)."""
    value = request.headers.get("authorization", "")
    return value[7:].strip() or None if value[:7].lower() == "bearer " else None


@router.post("/api/tables/{table_id}/start")
async def start_table(table_id: str, request: Request) -> dict[str, Any]:
    """The creator (``Authorization: Bearer HOST``) starts an open table once every seat is taken."""
    room = await _room(request, table_id)
    try:
        await room.start(bearer(request))
    except SeatRefused as exc:
        raise HTTPException(exc.status, str(exc)) from None
    return room.info()


@router.get("/api/tables")
async def lobby(request: Request) -> dict[str, Any]:
    """Public tables, newest first (a private one is reached by its link only)."""
    return {"tables": await repo.list_tables(request.app.state.engine)}


@router.get("/api/tables/{table_id}")
async def table_status(table_id: str, request: Request) -> dict[str, Any]:
    return (await _readable(request, table_id)).info()


@router.get("/api/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> dict[str, Any]:
    room = await _readable(request, table_id)
    if not room.option("reveal_after_end", True):
        raise HTTPException(403, "this table keeps its record (the seed that dealt every card) to itself")
    if not room.over:
        raise HTTPException(409, "the record (with the seed that dealt every card) is given once the game is over")
    return room.record().to_json()


@router.get("/api/games")
async def games() -> dict[str, Any]:
    return {"games": [{"name": name, "bots": bot_names(name)} for name in game_names()]}


def _setup_options(name: str) -> dict[str, Any]:
    """What the lobby's form offers for one game, from its declaration: the seat counts,
    the bots, the default bot, the form's fields (``fields``, each a setup option with
    its default, choices and help), the game's own entries (Nightfall's ``sets``…) and
    what else the form needs (``form``); nothing a live table could reveal."""
    game = declaration(name)
    options: dict[str, Any] = {"players": [game.game_class.min_players, game.game_class.max_players],
                               "bots": bot_names(name)}
    options.update(game.lobby_options())
    options.update(title=game.title, languages=list(game.languages), default_bot=game.default_bot,
                   fields=[option.to_json() for option in game.setup_options()], form=dict(game.form()))
    return options


@router.get("/api/options")
async def setup_options() -> dict[str, Any]:
    """The lobby form's choices for every game (read-only)."""
    return {"games": {name: _setup_options(name) for name in game_names()}}
