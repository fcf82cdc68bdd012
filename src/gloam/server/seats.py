"""Seat tokens: ``secrets.token_urlsafe(32)``, given once to whoever takes the seat; the
database keeps only the SHA-256, compared in constant time. A token travels in the
WebSocket's first frame, never in a URL.

>>> token = new_token()
>>> seat_of(token, [None, token_hash(token)])
1
>>> seat_of("guess", [None, token_hash(token)]) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def seat_of(token: str, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash matches ``token`` (every seat compared, in constant
    time each), or None."""
    given = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(given, stored):
            found = seat
    return found


def clean_name(text: str, default: str) -> str:
    """A seat's name as shown at the table: printable characters only, trimmed, 40 at most.

    >>> clean_name("  Ann ", "Player 1"), clean_name(chr(7), "Player 1")
    ('Ann', 'Player 1')
    """
    return "".join(ch for ch in text if ch.isprintable()).strip()[:40] or default
