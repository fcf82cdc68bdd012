"""A small TOML writer for gloam's own data files (positions, docs/positions.md): plain
values, tables, arrays of tables; no I/O. ``tomllib.loads(dumps(data)) == data`` for
the data it accepts (strings, integers, booleans, lists, string-keyed mappings).

>>> text = dumps({"phase": "chain", "players": [{"hand": ["Kilo 13"]}, {}], "chain": {"next": 1}})
>>> print(text)
phase = "chain"
<BLANKLINE>
[[players]]
hand = ["Kilo 13"]
[[players]]
<BLANKLINE>
[chain]
next = 1
<BLANKLINE>
>>> import tomllib; tomllib.loads(text) == {"phase": "chain", "players": [{"hand": ["Kilo 13"]}, {}], "chain": {"next": 1}}
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def dumps(data: Mapping[str, Any], comments: Mapping[str, str] | None = None) -> str:
    """``data`` as TOML: its plain values first, then its tables and arrays of tables
    (``[name]``, ``[[name]]``), nested mappings inside them as inline tables.
    ``comments`` maps a top-level key to a comment written above it."""
    comments = comments or {}
    plain, tables = [], []
    for key, value in data.items():
        if isinstance(value, Mapping) or (isinstance(value, list) and value
                                          and all(isinstance(v, Mapping) for v in value)):
            tables.append((key, value))
        else:
            plain.append((key, value))
    lines = []
    for key, value in plain:
        if key in comments:
            lines.append(f"# {comments[key]}")
        lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in tables:
        lines.append("")
        if key in comments:
            lines.append(f"# {comments[key]}")
        for table in [value] if isinstance(value, Mapping) else value:
            lines.append(f"[{_key(key)}]" if isinstance(value, Mapping) else f"[[{_key(key)}]]")
            lines += [f"{_key(k)} = {_value(v)}" for k, v in table.items()]
    return "\n".join(lines).lstrip("\n") + "\n"


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"cannot write {value!r} as TOML")
