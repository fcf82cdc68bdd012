"""The HTTP API (docs/web-protocol.md): health, making a table, a table's status, its
record once it is over, and the lobby's list."""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field

from gloam import __version__
from gloam.bots.registry import bot_names
from gloam.core.errors import GloamError
from gloam.games import game_names, get_game
from gloam.server.seats import new_token, token_hash
from gloam.server.store import repo

router = APIRouter()

MAX_SEATS = 6


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["nightfall", "nightmarium"]
    seats: Annotated[list[Annotated[str, Field(max_length=40)]], Field(min_length=1, max_length=MAX_SEATS)]
    setup: dict[str, Any] = Field(default_factory=dict)
    names: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = None


def _registry(request: Request):
    return request.app.state.rooms


@router.get("/healthz")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


def _seats(body: NewTable) -> list[repo.SeatRow]:
    """Seat rows from ``["human", "bot:normal", …]``; an unknown kind or bot is a 422."""
    bots = bot_names(body.game)
    names = body.names or []
    if names and len(names) != len(body.seats):
        raise HTTPException(422, f"names: give one name per seat ({len(body.seats)}), not {len(names)}")
    rows, people = [], 0
    for seat, kind in enumerate(body.seats):
        if kind == "human":
            people += 1
            default, bot = f"Player {people}", None
        elif kind.startswith("bot:") and kind[4:] in bots:
            bot = kind[4:]
            default = f"{bot.capitalize()} bot"
        else:
            raise HTTPException(422, f"seats[{seat}]: {kind!r} is neither \"human\" nor a bot "
                                     f"({', '.join('bot:' + b for b in bots)})")
        name = "".join(ch for ch in (names[seat] if names else default) if ch.isprintable()).strip() or default
        rows.append(repo.SeatRow(seat, name, "human" if bot is None else "bot", bot, None))
    return rows


@router.post("/api/tables", status_code=201)
async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
    seats = _seats(body)
    setup = dict(body.setup)
    if setup.setdefault("players", len(seats)) != len(seats):
        raise HTTPException(422, f"setup.players is {setup['players']} but there are {len(seats)} seats")
    try:
        game = get_game(body.game, setup)
    except GloamError as exc:
        raise HTTPException(422, f"setup: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise HTTPException(422, f"setup: {exc}") from None
    tokens: dict[int, str] = {}
    rows = []
    for seat in seats:
        if seat.kind == "human":
            tokens[seat.seat] = new_token()
            seat = repo.SeatRow(seat.seat, seat.name, seat.kind, None, token_hash(tokens[seat.seat]))
        rows.append(seat)
    from gloam.server.rooms import new_table_id

    table = repo.TableRow(id=new_table_id(), game=body.game, setup=game.setup_json(),
                          seed=secrets.randbits(64), bot_secret=secrets.randbits(64),
                          options={}, status="live", result=None, engine=f"gloam {__version__}",
                          created_at=repo.now(), finished_at=None)
    room = await _registry(request).create(table, rows)
    return {"id": table.id, "url": f"/t/{table.id}", "tokens": {str(k): v for k, v in tokens.items()},
            "table": room.info()}


@router.get("/api/tables")
async def lobby(request: Request) -> dict[str, Any]:
    return {"tables": await repo.list_tables(request.app.state.engine)}


@router.get("/api/tables/{table_id}")
async def table_status(table_id: str, request: Request) -> dict[str, Any]:
    room = await _registry(request).get(table_id)
    if room is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return room.info()


@router.get("/api/tables/{table_id}/record")
async def table_record(table_id: str, request: Request) -> dict[str, Any]:
    room = await _registry(request).get(table_id)
    if room is None:
        raise HTTPException(404, f"no table {table_id!r}")
    if not room.over:
        raise HTTPException(409, "the record (with the seed that dealt every card) is given once the game is over")
    return room.record().to_json()


@router.get("/api/games")
async def games() -> dict[str, Any]:
    return {"games": [{"name": name, "bots": bot_names(name)} for name in game_names()]}


def _setup_options(name: str) -> dict[str, Any]:
    """What the lobby's form offers for one game: the seat counts, the bots, and the
    game's own setup choices (nothing a live table could reveal)."""
    game_class = type(get_game(name, {}))
    options: dict[str, Any] = {"players": [game_class.min_players, game_class.max_players], "bots": bot_names(name)}
    if name == "nightfall":
        from gloam.nightfall.cards import SET_FILES, load_set
        from gloam.nightfall.game import VARIANTS
        from gloam.nightfall.setup import ARCHIVE_SETUPS, DRAFTS

        options.update(
            sets=[{"code": code, "title": load_set(code).title, "standalone": load_set(code).is_standalone}
                  for code in SET_FILES],
            archives=list(ARCHIVE_SETUPS), drafts=list(DRAFTS), variants=list(VARIANTS),
            team_players=[4, 6])
    elif name == "nightmarium":
        options.update(creatures=[5, 6, 7])
    return options


@router.get("/api/options")
async def setup_options() -> dict[str, Any]:
    """The lobby form's choices for every game (read-only)."""
    return {"games": {name: _setup_options(name) for name in game_names()}}
