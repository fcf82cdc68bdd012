"""The structured event stream.

Each event is a plain dict with a ``"type"`` and data. An event that carries something
only some players may see lists those players in ``"to"`` and the secret keys in
``"secret"``; :func:`redact` removes the secret keys for everyone else. One stream,
redacted per viewer, feeds the log, replays, spectators and reconnects.

>>> e = {"type": "draw", "player": 1, "count": 1, "cards": [37], "to": [1], "secret": ["cards"]}
>>> redact(e, 0)
{'type': 'draw', 'player': 1, 'count': 1}
>>> redact(e, 1)["cards"]
[37]
"""

from __future__ import annotations

from typing import Any

_META = ("to", "secret")


def redact(event: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """``event`` as ``viewer`` may see it; ``viewer=None`` sees everything."""
    secret = event.get("secret")
    if secret is None:
        return event
    if viewer is None or viewer in event["to"]:
        return {k: v for k, v in event.items() if k not in _META}
    return {k: v for k, v in event.items() if k not in _META and k not in secret}


def private(event_type: str, to: list[int], secret: list[str], **data: Any) -> dict[str, Any]:
    """Build an event whose ``secret`` keys only the players in ``to`` may see."""
    return {"type": event_type, **data, "to": to, "secret": secret}
