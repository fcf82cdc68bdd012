"""What both games' position formats share (docs/positions.md): reading a position's data
from TOML text or a mapping, with a typed error for anything else.

>>> load_data('active = 1')
{'active': 1}
>>> load_data('active = ')
Traceback (most recent call last):
...
gloam.core.errors.PositionError: not valid TOML: Invalid value (at end of document)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from gloam.core.errors import PositionError


def load_data(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The position's data: TOML text parsed, or a mapping copied as it is."""
    if isinstance(source, Mapping):
        return dict(source)
    if not isinstance(source, str):
        raise PositionError(f"a position is TOML text or a mapping, not {type(source).__name__}")
    try:
        return tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(f"not valid TOML: {exc}") from None
