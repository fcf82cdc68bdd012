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


def check_events(events: Any, players: int) -> list[dict[str, Any]]:
    """A saved event stream as a list, or :class:`~gloam.core.errors.RecordError`: every
    event an object with a ``"type"``, and a secret one with its audience (``"to"``, seats)
    and its secret keys (``"secret"``), so that :func:`redact` can read it."""
    from gloam.core.errors import RecordError

    if not isinstance(events, list):
        raise RecordError(f"events must be a list, not {type(events).__name__}")
    for k, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(f"events[{k}] must be an object with a 'type'")
        if "secret" in event or "to" in event:
            to, secret = event.get("to"), event.get("secret")
            if not isinstance(to, list) or not all(type(p) is int and 0 <= p < players for p in to):
                raise RecordError(f"events[{k}].to must list seats, not {to!r}")
            if not isinstance(secret, list) or not all(isinstance(key, str) for key in secret):
                raise RecordError(f"events[{k}].secret must list field names, not {secret!r}")
    return list(events)


def private(event_type: str, to: list[int], secret: list[str], **data: Any) -> dict[str, Any]:
    """Build an event whose ``secret`` keys only the players in ``to`` may see."""
    return {"type": event_type, **data, "to": to, "secret": secret}
