"""The pages: the lobby and the table shell (Jinja2). The table itself is drawn by the
ES-module client in ``web/static/js`` from what the WebSocket sends; no page has inline
script (the Content-Security-Policy forbids it)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

router = APIRouter()
templates = Jinja2Templates(directory=Path(__file__).with_name("web") / "templates")


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "lobby.html", {})


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table(request: Request, table_id: str) -> HTMLResponse:
    return templates.TemplateResponse(request, "table.html", {"table_id": table_id})
