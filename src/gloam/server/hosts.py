"""The names this server answers to: a request (HTTP or the WebSocket's handshake) whose
``Host`` is none of them is refused with ``400`` before anything else sees it.

This is what stops DNS rebinding: a page on ``evil.example``, a name its owner points at
127.0.0.1 once the page is loaded, talks to the server as its own origin, with Host and
Origin both ``evil.example`` (the WebSocket's Origin check compares the two, so it alone
lets that through). A browser always sends the name it resolved as the Host, so such a
request is refused here. Served are: the loopback names (``localhost``, ``127.0.0.1``,
``[::1]``), any IP address given as such (no name was resolved, so nothing can be
rebound: players on a LAN reach a server bound to ``0.0.0.0`` by its address, as Vite's
and webpack's development servers allow), the hosts of the allowed ``origins``, and the
names the operator gives (``gloam serve --allowed-host``, which adds the ``--host`` it
binds when that is a name; ``*`` turns the check off). Any port (docs/web-protocol.md,
"Hosts").
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str | None:
    """The name of a ``Host`` header, lower case, without its port, brackets or a final
    dot; None when it is no host at all.

    >>> host_name("Example.org:8000"), host_name("[::1]:80"), host_name("localhost."), host_name("a b")
    ('example.org', '::1', 'localhost', None)
    """
    header = header.strip().lower()
    if header.startswith("["):
        inside, bracket, rest = header[1:].partition("]")
        if not bracket or (rest and not (rest.startswith(":") and rest[1:].isdigit())):
            return None
        return inside if _is_address(inside) else None
    name, colon, port = header.partition(":")
    if colon and not port.isdigit():
        return None
    name = name.rstrip(".") if name != "." else ""
    if not name or any(not (c.isalnum() or c in "-._") for c in name):
        return None
    return name


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def served_names(hosts: Iterable[str], origins: Iterable[str]) -> frozenset[str]:
    """The names served besides IP addresses: the loopback names, ``hosts`` and the
    hosts of ``origins`` (``"*"`` in ``hosts``: every name).

    >>> sorted(served_names(["Games.Example.org"], ["https://play.example.org:8443"]))
    ['games.example.org', 'localhost', 'play.example.org']
    """
    names = {name for name in (host_name(h) if h != "*" else "*" for h in hosts) if name}
    names |= {name for name in (urlsplit(o).hostname for o in origins) if name}
    return frozenset(names | {n for n in LOOPBACK_NAMES if not _is_address(n)})


def host_served(header: str | None, names: frozenset[str]) -> bool:
    """Whether a request with this ``Host`` header is answered.

    >>> names = served_names([], [])
    >>> [host_served(h, names) for h in ("127.0.0.1:8000", "[::1]:8000", "localhost", "192.168.1.5:8000")]
    [True, True, True, True]
    >>> [host_served(h, names) for h in ("evil.example", "evil.example:8000", None, "")]
    [False, False, False, False]
    """
    if "*" in names:
        return True
    name = host_name(header or "")
    return name is not None and (name in names or _is_address(name))


class HostCheck:
    """Pure ASGI middleware: an HTTP request or a WebSocket handshake whose Host is not
    served gets ``400`` and one line (the handshake is refused with that same answer)."""

    def __init__(self, app: Any, names: frozenset[str], headers: dict[str, str] | None = None) -> None:
        self.app, self.names, self.headers = app, names, headers or {}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            header = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
            if not host_served(header, self.names):
                shown = (header or "")[:60]
                response = PlainTextResponse(
                    f"this server does not answer to the host {shown!r}: open it by its own address "
                    "(its operator names other hosts with gloam serve --allowed-host)\n",
                    status_code=400, headers=self.headers)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
